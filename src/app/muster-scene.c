#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-scene-private.h"

/* Selected hexes are drawn as a highlight of this colour over the others. */
#define SELECTED_HEX_RGBA 0xffd70070u

G_DEFINE_FINAL_TYPE (MusterScene, muster_scene, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
muster_scene_finalize (GObject *object)
{
  MusterScene *self = MUSTER_SCENE (object);

  muster_scene_editor_detach (self);
  g_clear_pointer (&self->match, muster_scene_match_free);
  g_clear_pointer (&self->pieces, g_array_unref);
  g_clear_pointer (&self->views, g_array_unref);
  g_clear_pointer (&self->highlights, g_array_unref);
  g_clear_pointer (&self->marks, g_array_unref);
  g_clear_pointer (&self->outline, g_array_unref);
  g_clear_pointer (&self->trace_points, g_array_unref);
  g_clear_pointer (&self->trace_label, g_free);
  g_clear_pointer (&self->spots, g_array_unref);
  g_clear_pointer (&self->area, mu_region_free);
  g_clear_pointer (&self->range, g_array_unref);
  g_clear_pointer (&self->range_label, g_free);
  g_clear_pointer (&self->discs, g_array_unref);
  g_clear_pointer (&self->disc_kinds, g_ptr_array_unref);
  g_clear_pointer (&self->arc, g_array_unref);
  g_clear_pointer (&self->arc_label, g_free);

  G_OBJECT_CLASS (muster_scene_parent_class)->finalize (object);
}

static void
muster_scene_class_init (MusterSceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_scene_finalize;

  /**
   * MusterScene::changed:
   * @what: MusterSceneChange flags
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
muster_scene_init (MusterScene *self)
{
  self->pieces = g_array_new (FALSE, TRUE, sizeof (MuPiece));
  self->highlights = g_array_new (FALSE, TRUE, sizeof (MuHexHighlight));
  self->marks = g_array_new (FALSE, TRUE, sizeof (MuHexHighlight));
  self->outline = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  self->trace_points = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  self->trace.mark_hex = MU_HEX_NONE;
  self->spots = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  self->selected_piece = -1;
  self->selected_hex = MU_HEX_NONE;
}

MusterScene *
muster_scene_new (void)
{
  return g_object_new (MUSTER_TYPE_SCENE, NULL);
}

void
muster_scene_emit (MusterScene *self,
                   guint        what)
{
  if (self->frozen > 0)
    {
      self->pending |= what;
      return;
    }
  g_signal_emit (self, signals[CHANGED], 0, what);
}

static void
emit_changed (MusterScene *self,
              guint        what)
{
  muster_scene_emit (self, what);
}

void
muster_scene_freeze (MusterScene *self)
{
  self->frozen++;
}

void
muster_scene_thaw (MusterScene *self)
{
  guint what;

  g_assert (self->frozen > 0);
  if (--self->frozen > 0 || self->pending == 0)
    return;
  what = self->pending;
  self->pending = 0;
  g_signal_emit (self, signals[CHANGED], 0, what);
}

static gboolean
stand_arrays_equal (const MuStand *a,
                    const MuStand *b,
                    guint          n)
{
  for (guint i = 0; i < n; i++)
    {
      const MuStand *s = &a[i], *t = &b[i];

      if (s->centre.x != t->centre.x || s->centre.y != t->centre.y || s->width != t->width ||
          s->depth != t->depth || s->facing != t->facing || s->rank != t->rank)
        return FALSE;
    }
  return TRUE;
}

static gboolean
stands_equal (const MuPiece *a,
              const MuPiece *b)
{
  return a->n_stands == b->n_stands && stand_arrays_equal (a->stands, b->stands, a->n_stands);
}

static gboolean
plans_equal (const MuPiece *a,
             const MuPiece *b)
{
  if (a->n_plan != b->n_plan || a->n_plan_stands != b->n_plan_stands)
    return FALSE;
  for (guint i = 0; i < a->n_plan; i++)
    if (!mu_pos_equal (&a->plan[i], &b->plan[i]))
      return FALSE;
  return stand_arrays_equal (a->plan_stands, b->plan_stands, a->n_plan_stands);
}

/* Whether two pieces draw the same (the selection aside). */
static gboolean
piece_equal (const MuPiece *a,
             const MuPiece *b)
{
  return a->counter == b->counter && mu_hex_equal (a->hex, b->hex) &&
         a->pos.x == b->pos.x && a->pos.y == b->pos.y && a->facing == b->facing &&
         a->strength == b->strength && g_strcmp0 (a->markers, b->markers) == 0 &&
         a->status == b->status && a->highlighted == b->highlighted && a->placed == b->placed &&
         stands_equal (a, b) && plans_equal (a, b);
}

static gboolean
highlights_equal (GArray *a,
                  GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const MuHexHighlight *h = &g_array_index (a, MuHexHighlight, i), *k = &g_array_index (b, MuHexHighlight, i);

      if (!mu_hex_equal (h->hex, k->hex) || h->rgba != k->rgba)
        return FALSE;
    }
  return TRUE;
}

/* The selected piece's flag and the selected hex's highlight follow the
 * selection; a change is reported when what is drawn differs. */
static void
sync_selection (MusterScene *self)
{
  gboolean changed = FALSE;

  for (guint i = 0; i < self->pieces->len; i++)
    {
      MuPiece *p = &g_array_index (self->pieces, MuPiece, i);
      gboolean selected = (int) i == self->selected_piece;

      changed |= !p->selected != !selected;
      p->selected = selected;
    }
  if (changed)
    emit_changed (self, MUSTER_SCENE_PIECES);
  muster_scene_sync_highlights (self);
}

void
muster_scene_sync_highlights (MusterScene *self)
{
  g_autoptr(GArray) now = g_array_new (FALSE, TRUE, sizeof (MuHexHighlight));

  if (self->match != NULL)
    g_array_append_vals (now, self->match->highlights->data, self->match->highlights->len);
  g_array_append_vals (now, self->marks->data, self->marks->len);
  if (self->selected_hex.col != 0)
    {
      MuHexHighlight h = { self->selected_hex, SELECTED_HEX_RGBA };

      g_array_append_val (now, h);
    }
  if (highlights_equal (now, self->highlights))
    return;
  g_array_set_size (self->highlights, 0);
  g_array_append_vals (self->highlights, now->data, now->len);
  emit_changed (self, MUSTER_SCENE_PIECES);
}

void
muster_scene_take_pieces (MusterScene *self,
                          GArray      *pieces,
                          GArray      *views)
{
  gboolean same = pieces->len == self->pieces->len;

  for (guint i = 0; same && i < pieces->len; i++)
    same = piece_equal (&g_array_index (pieces, MuPiece, i), &g_array_index (self->pieces, MuPiece, i));
  if (same)
    {
      /* what is shown stays, with the views it points into */
      g_array_unref (pieces);
      g_clear_pointer (&views, g_array_unref);
      return;
    }
  g_array_unref (self->pieces);
  self->pieces = pieces;
  g_clear_pointer (&self->views, g_array_unref);
  self->views = views;
  for (guint i = 0; i < pieces->len; i++)
    g_array_index (pieces, MuPiece, i).selected = FALSE;
  if (self->selected_piece >= (int) pieces->len)
    self->selected_piece = -1;
  emit_changed (self, MUSTER_SCENE_PIECES);
  sync_selection (self);
}

void
muster_scene_clear (MusterScene *self)
{
  muster_scene_editor_detach (self);
  g_clear_pointer (&self->match, muster_scene_match_free);
  self->scenario = NULL;
  g_array_set_size (self->pieces, 0);
  g_clear_pointer (&self->views, g_array_unref);
  g_array_set_size (self->highlights, 0);
  g_array_set_size (self->marks, 0);
  self->selected_piece = -1;
  self->selected_hex = MU_HEX_NONE;
}

/* The board's geometry: a hex's centre, a table's point (table units) in
 * board pixels, at the view's unscaled size. */
void
muster_scene_pos_to_board (MusterScene *self,
                           const MuPos *pos,
                           MuPoint     *board)
{
  const MuScenario *scenario;

  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (pos != NULL && board != NULL);

  scenario = self->scenario;
  *board = (MuPoint) { 0, 0 };
  if (scenario == NULL)
    return;
  if (pos->is_point)
    {
      double scale = muster_scene_board_scale (scenario);

      *board = (MuPoint) { pos->point.x * scale, pos->point.y * scale };
    }
  else if (scenario->hex_map != NULL)
    mu_hex_center (&scenario->hex_map->grid, MUSTER_SCENE_HEX_SIZE, pos->hex, &board->x, &board->y);
}

double
muster_scene_board_scale (const MuScenario *scenario)
{
  if (scenario != NULL && scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
    return scenario->table->unit == MU_UNIT_CM ? MUSTER_SCENE_PX_PER_INCH / 2.54 : MUSTER_SCENE_PX_PER_INCH;
  return MUSTER_SCENE_HEX_SIZE;
}

const MuScenario *
muster_scene_get_scenario (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  return self->scenario;
}

void
muster_scene_scenario_changed (MusterScene *self)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  emit_changed (self, MUSTER_SCENE_TERRAIN | MUSTER_SCENE_PIECES);
}

void
muster_scene_set_pieces (MusterScene   *self,
                         const MuPiece *pieces,
                         guint          n,
                         GArray        *views)
{
  GArray *copy;

  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (n == 0 || pieces != NULL);

  copy = g_array_sized_new (FALSE, TRUE, sizeof (MuPiece), n);
  g_array_append_vals (copy, pieces, n);
  muster_scene_take_pieces (self, copy, views ? g_array_ref (views) : NULL);
}

const MuPiece *
muster_scene_get_pieces (MusterScene *self,
                         guint       *n)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  *n = self->pieces->len;
  return (const MuPiece *) self->pieces->data;
}

void
muster_scene_set_marks (MusterScene          *self,
                        const MuHexHighlight *marks,
                        guint                 n)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (n == 0 || marks != NULL);

  g_array_set_size (self->marks, 0);
  g_array_append_vals (self->marks, marks, n);
  muster_scene_sync_highlights (self);
}

const MuHexHighlight *
muster_scene_get_highlights (MusterScene *self,
                             guint       *n)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  *n = self->highlights->len;
  return (const MuHexHighlight *) self->highlights->data;
}

void
muster_scene_clear_marks (MusterScene *self)
{
  muster_scene_set_marks (self, NULL, 0);
}

void
muster_scene_select_piece (MusterScene *self,
                           int          index)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (index >= -1 && index < (int) self->pieces->len);

  if (self->selected_piece == index)
    return;
  self->selected_piece = index;
  sync_selection (self);
}

int
muster_scene_get_selected_piece (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), -1);

  return self->selected_piece;
}

void
muster_scene_select_hex (MusterScene *self,
                         MuHex        hex)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (mu_hex_equal (self->selected_hex, hex))
    return;
  self->selected_hex = hex;
  muster_scene_sync_highlights (self);
}

MuHex
muster_scene_get_selected_hex (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), MU_HEX_NONE);

  return self->selected_hex;
}

void
muster_scene_set_outline (MusterScene   *self,
                          const MuPoint *points,
                          guint          n,
                          guint          flags)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (n == 0 || points != NULL);

  if (n == 0 && self->outline->len == 0)
    return;
  g_array_set_size (self->outline, 0);
  if (n > 0)
    g_array_append_vals (self->outline, points, n);
  self->outline_flags = flags;
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MuPoint *
muster_scene_get_outline (MusterScene *self,
                          guint       *n,
                          guint       *flags)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  if (n != NULL)
    *n = self->outline->len;
  if (flags != NULL)
    *flags = self->outline_flags;
  return (const MuPoint *) self->outline->data;
}

void
muster_scene_set_handle (MusterScene   *self,
                         const MuPoint *from,
                         const MuPoint *knob)
{
  gboolean on = from != NULL && knob != NULL;

  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (!on && !self->handle_on)
    return;
  if (on && self->handle_on && self->handle_from.x == from->x && self->handle_from.y == from->y &&
      self->handle_knob.x == knob->x && self->handle_knob.y == knob->y)
    return;
  self->handle_on = on;
  if (on)
    {
      self->handle_from = *from;
      self->handle_knob = *knob;
    }
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

gboolean
muster_scene_get_handle (MusterScene *self,
                         MuPoint     *from,
                         MuPoint     *knob)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), FALSE);

  if (!self->handle_on)
    return FALSE;
  if (from != NULL)
    *from = self->handle_from;
  if (knob != NULL)
    *knob = self->handle_knob;
  return TRUE;
}

void
muster_scene_set_trace (MusterScene       *self,
                        const MusterTrace *trace)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if ((trace == NULL || trace->kind == MUSTER_TRACE_NONE) && self->trace.kind == MUSTER_TRACE_NONE)
    return;
  g_array_set_size (self->trace_points, 0);
  g_clear_pointer (&self->trace_label, g_free);
  if (trace == NULL || trace->kind == MUSTER_TRACE_NONE)
    self->trace = (MusterTrace) { MUSTER_TRACE_NONE, .mark_hex = MU_HEX_NONE };
  else
    {
      self->trace = *trace;
      g_array_append_vals (self->trace_points, trace->points, trace->n_points);
      self->trace_label = g_strdup (trace->label);
    }
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

void
muster_scene_get_trace (MusterScene *self,
                        MusterTrace *trace)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (trace != NULL);

  *trace = self->trace;
  trace->points = (const MuPoint *) self->trace_points->data;
  trace->n_points = self->trace_points->len;
  trace->label = self->trace_label;
}

static gboolean
points_equal (GArray        *kept,
              const MuPoint *points,
              guint          n)
{
  if (kept == NULL)
    return n == 0;
  if (kept->len != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_array_index (kept, MuPoint, i).x != points[i].x || g_array_index (kept, MuPoint, i).y != points[i].y)
      return FALSE;
  return TRUE;
}

void
muster_scene_set_spots (MusterScene   *self,
                        const MuPoint *points,
                        guint          n)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (n == 0 || points != NULL);

  /* the board computes them again after every command: a change only when they differ */
  if (points_equal (self->spots, points, n))
    return;
  g_array_set_size (self->spots, 0);
  if (n > 0)
    g_array_append_vals (self->spots, points, n);
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MuPoint *
muster_scene_get_spots (MusterScene *self,
                        guint       *n)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  if (n != NULL)
    *n = self->spots->len;
  return (const MuPoint *) self->spots->data;
}

void
muster_scene_set_area (MusterScene *self,
                       MuRegion    *area)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (area == NULL && self->area == NULL)
    return;
  g_clear_pointer (&self->area, mu_region_free);
  self->area = area;
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MuRegion *
muster_scene_get_area (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->area;
}

void
muster_scene_set_range (MusterScene   *self,
                        const MuPoint *segments,
                        guint          n_points,
                        const char    *label)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (points_equal (self->range, segments, n_points & ~1u) &&
      g_strcmp0 (self->range_label, n_points ? label : NULL) == 0)
    return;
  if (self->range == NULL)
    self->range = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_array_set_size (self->range, 0);
  g_array_append_vals (self->range, segments, n_points & ~1u);
  g_free (self->range_label);
  self->range_label = n_points ? g_strdup (label) : NULL;
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MuPoint *
muster_scene_get_range (MusterScene *self,
                        guint       *n_points)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  if (n_points != NULL)
    *n_points = self->range ? self->range->len : 0;
  return self->range ? (const MuPoint *) self->range->data : NULL;
}

const char *
muster_scene_get_range_label (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->range_label;
}

void
muster_scene_set_discs (MusterScene      *self,
                        const MusterDisc *discs,
                        guint             n)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (n == 0 && (self->discs == NULL || self->discs->len == 0))
    return;
  if (self->discs == NULL)
    {
      self->discs = g_array_new (FALSE, FALSE, sizeof (MusterDisc));
      self->disc_kinds = g_ptr_array_new_with_free_func (g_free);
    }
  /* the board computes them again after every command: a change only when they differ */
  if (n == self->discs->len)
    {
      guint same = 0;

      for (guint i = 0; i < n; i++)
        {
          const MusterDisc *d = &g_array_index (self->discs, MusterDisc, i);

          same += d->centre.x == discs[i].centre.x && d->centre.y == discs[i].centre.y &&
                  d->radius == discs[i].radius && g_strcmp0 (d->kind, discs[i].kind) == 0;
        }
      if (same == n)
        return;
    }
  g_array_set_size (self->discs, 0);
  g_ptr_array_set_size (self->disc_kinds, 0);
  for (guint i = 0; i < n; i++)
    {
      MusterDisc d = discs[i];

      d.kind = g_strdup (discs[i].kind);
      g_ptr_array_add (self->disc_kinds, (char *) d.kind);
      g_array_append_val (self->discs, d);
    }
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MusterDisc *
muster_scene_get_discs (MusterScene *self,
                        guint       *n)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  if (n != NULL)
    *n = self->discs ? self->discs->len : 0;
  return self->discs ? (const MusterDisc *) self->discs->data : NULL;
}

void
muster_scene_set_arc (MusterScene   *self,
                      const MuPoint *segments,
                      guint          n_points,
                      const char    *label)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  if (points_equal (self->arc, segments, n_points & ~1u) &&
      g_strcmp0 (self->arc_label, n_points ? label : NULL) == 0)
    return;
  if (self->arc == NULL)
    self->arc = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_array_set_size (self->arc, 0);
  g_array_append_vals (self->arc, segments, n_points & ~1u);
  g_free (self->arc_label);
  self->arc_label = n_points ? g_strdup (label) : NULL;
  emit_changed (self, MUSTER_SCENE_OVERLAY);
}

const MuPoint *
muster_scene_get_arc (MusterScene *self,
                      guint       *n_points)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);

  if (n_points != NULL)
    *n_points = self->arc ? self->arc->len : 0;
  return self->arc ? (const MuPoint *) self->arc->data : NULL;
}

const char *
muster_scene_get_arc_label (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->arc_label;
}
