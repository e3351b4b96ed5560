/* muster-scene-match.c: a match's board, computed by the scene
 *
 * The scene listens to the game ("changed") and computes from the engine
 * what the board shows: the pieces from the counters' views as the side
 * looking sees them (mu_match_get_counters_for), the selected counter's
 * legal moves and targets (mu_match_legal_moves, mu_match_legal_targets)
 * as highlights and table marks, the region it may move into, its command
 * radius and front arc, the positions a pending decision asks for, and the
 * table's discs. The match page tells it only what is selected, grouped,
 * marked and who is looking. Everything is computed once per change, and
 * a change is reported only when what is shown differs.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-scene-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mu-table-state.h"

#define DESTINATION_RGBA 0x3cb44b70u
#define TARGET_RGBA      0xe6194b80u
#define ANSWER_RGBA      0xffa50090u
#define GROUP_RGBA       0x4363d870u
#define LAST_RGBA        0x911eb460u

void
muster_scene_match_free (SceneMatch *match)
{
  if (match == NULL)
    return;
  if (match->game != NULL)
    g_clear_signal_handler (&match->changed_id, match->game);
  g_clear_object (&match->game);
  g_free (match->viewer);
  g_free (match->selected);
  g_clear_pointer (&match->group, g_ptr_array_unref);
  g_clear_pointer (&match->last_hexes, g_array_unref);
  g_clear_pointer (&match->moves, g_array_unref);
  g_clear_pointer (&match->targets, g_ptr_array_unref);
  g_clear_pointer (&match->highlights, g_array_unref);
  g_free (match);
}

static MuMatch *
shown_match (SceneMatch *m)
{
  return m->shown != NULL ? m->shown : muster_game_get_match (m->game);
}

/* Shown on the board, a hex or a table position. */
static gboolean
view_shown (const MuCounterView *view)
{
  return mu_status_has (view->status, MU_STATUS_SHOWN) && mu_pos_is_set (&view->pos);
}

/* Standing on a hex. */
static gboolean
view_on_hex (const MuCounterView *view)
{
  return view_shown (view) && !view->pos.is_point;
}

static const MuCounterView *
find_view (GArray     *views,
           const char *id)
{
  for (guint i = 0; id != NULL && i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, id) == 0)
      return &g_array_index (views, MuCounterView, i);
  return NULL;
}

static gboolean
is_target (SceneMatch *m,
           const char *id)
{
  for (guint i = 0; m->targets != NULL && i + 1 < m->targets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (m->targets, i), id) == 0)
      return TRUE;
  return FALSE;
}

static const char *
counter_name (MusterScene *self,
              const char  *id)
{
  const MuCounter *c = id ? mu_scenario_find_counter (self->scenario, id) : NULL;

  return c && c->name && *c->name ? c->name : id;
}

/* Lists ---------------------------------------------------------------------------- */

/* The engine's lists for the selected counter: where it may go and whom it
 * may attack. */
static void
read_lists (MusterScene *self)
{
  SceneMatch *m = self->match;
  MuMatch *match = muster_game_get_match (m->game);
  g_autoptr(GPtrArray) targets = NULL;

  g_clear_pointer (&m->moves, g_array_unref);
  g_ptr_array_set_size (m->targets, 0);
  if (m->selected != NULL && !mu_match_is_over (match))
    {
      m->moves = mu_match_legal_moves (match, m->selected);
      targets = mu_match_legal_targets (match, m->selected);
      for (guint i = 0; targets != NULL && i < targets->len; i++)
        g_ptr_array_add (m->targets, g_strdup (g_ptr_array_index (targets, i)));
    }
  g_ptr_array_add (m->targets, NULL);
}

/* Highlights ----------------------------------------------------------------------- */

static void
add_highlight (GArray  *highlights,
               MuHex    hex,
               guint32  rgba)
{
  MuHexHighlight h = { hex, rgba };

  g_array_append_val (highlights, h);
}

static void
compute_highlights (MusterScene *self,
                    GArray      *views)
{
  SceneMatch *m = self->match;
  const MuDecision *pending = mu_match_get_pending (shown_match (m));
  GArray *out = m->highlights;

  g_array_set_size (out, 0);
  for (guint i = 0; i < m->last_hexes->len; i++)
    add_highlight (out, g_array_index (m->last_hexes, MuHex, i), LAST_RGBA);
  for (guint i = 0; m->moves != NULL && i < m->moves->len; i++)
    if (!g_array_index (m->moves, MuPos, i).is_point)
      add_highlight (out, g_array_index (m->moves, MuPos, i).hex, DESTINATION_RGBA);
  for (guint i = 0; i + 1 < m->targets->len; i++)
    {
      const MuCounterView *v = find_view (views, g_ptr_array_index (m->targets, i));

      if (v != NULL && view_on_hex (v))
        add_highlight (out, v->pos.hex, TARGET_RGBA);
    }
  for (guint i = 0; i < m->group->len; i++)
    {
      const MuCounterView *v = find_view (views, g_ptr_array_index (m->group, i));

      if (v != NULL && view_on_hex (v))
        add_highlight (out, v->pos.hex, GROUP_RGBA);
    }
  /* answers that are positions (a flinch hex, an evasion hex), whatever
   * kind the decision declares, are shown and clicked on the board */
  if (pending != NULL && pending->answers != NULL &&
      pending->kind != MU_ANSWER_SUBSET && pending->kind != MU_ANSWER_NUMBER)
    for (guint i = 0; pending->answers[i] != NULL; i++)
      {
        MuPos pos;

        if (mu_pos_parse (pending->answers[i], &pos) && !pos.is_point)
          add_highlight (out, pos.hex, ANSWER_RGBA);
      }
}

/* Table marks ------------------------------------------------------------------------ */

/* The region the selected unit may move into (the engine's, in table units)
 * in board pixels, or NULL. */
static MuRegion *
board_area (MusterScene *self)
{
  SceneMatch *m = self->match;
  g_autoptr(MuRegion) area = NULL;
  MuRegion *out;

  if (m->selected == NULL || m->moves == NULL ||
      (area = mu_match_legal_region (muster_game_get_match (m->game), m->selected)) == NULL)
    return NULL;
  out = mu_region_new ();
  for (guint i = 0; i < mu_region_n_polygons (area); i++)
    for (guint h = 0; h <= mu_region_n_holes (area, i); h++)
      {
        const GArray *ring = h == 0 ? mu_region_get_outer (area, i) : mu_region_get_hole (area, i, h - 1);
        g_autoptr(GArray) px = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), ring->len);

        for (guint k = 0; k < ring->len; k++)
          {
            MuPos pos = mu_pos_from_point (g_array_index (ring, MuPoint, k).x,
                                           g_array_index (ring, MuPoint, k).y, -1);
            MuPoint b;

            muster_scene_pos_to_board (self, &pos, &b);
            g_array_append_val (px, b);
          }
        if (h == 0)
          mu_region_add_polygon (out, (const MuPoint *) px->data, px->len);
        else
          mu_region_add_hole (out, mu_region_n_polygons (out) - 1, (const MuPoint *) px->data, px->len);
      }
  return out;
}

/* The selected counter's listed table destinations, marked; the region it
 * may move into. */
static void
table_marks (MusterScene *self,
             gboolean     lists)
{
  SceneMatch *m = self->match;
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (MuPoint));

  for (guint i = 0; m->moves != NULL && i < m->moves->len; i++)
    {
      const MuPos *pos = &g_array_index (m->moves, MuPos, i);
      MuPoint p;

      if (!pos->is_point)
        continue;
      muster_scene_pos_to_board (self, pos, &p);
      g_array_append_val (spots, p);
    }
  muster_scene_set_spots (self, (const MuPoint *) spots->data, spots->len);
  /* the region is the engine's answer for the selection: asked again only
   * when the lists are */
  if (lists)
    muster_scene_set_area (self, board_area (self));
}

/* The part of the segment a-b on the table (0..w, 0..h), as Liang and
 * Barsky clip it; FALSE when none of it is. */
static gboolean
clip_to_table (MuPoint *a,
               MuPoint *b,
               double   w,
               double   h)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { a->x, w - a->x, a->y, h - a->y };
  double t0 = 0, t1 = 1;
  MuPoint start = *a;

  for (int i = 0; i < 4; i++)
    {
      double t;

      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      t = q[i] / p[i];
      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
    }
  if (t0 > t1)
    return FALSE;
  *a = (MuPoint) { start.x + t0 * dx, start.y + t0 * dy };
  *b = (MuPoint) { start.x + t1 * dx, start.y + t1 * dy };
  return TRUE;
}

/* The selected unit's front arc as the engine answers it
 * (mu_match_front_arc), in board pixels, labelled with its rule. The
 * reach of a gun runs far past the table's edge, where there is nothing
 * to fire at: the arc is drawn on the table only. */
static void
front_arc (MusterScene *self)
{
  SceneMatch *m = self->match;
  const MuScenario *scenario = muster_game_get_scenario (m->game);
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autofree char *label = NULL;
  const char *rule = NULL;

  if (m->selected == NULL || !mu_match_front_arc (muster_game_get_match (m->game), m->selected, table, &rule))
    {
      muster_scene_set_arc (self, NULL, 0, NULL);
      return;
    }
  for (guint i = 0; i + 1 < table->len; i += 2)
    {
      MuPoint ends[2] = { g_array_index (table, MuPoint, i), g_array_index (table, MuPoint, i + 1) };

      if (scenario->table != NULL &&
          !clip_to_table (&ends[0], &ends[1], scenario->table->width, scenario->table->height))
        continue;
      for (guint k = 0; k < 2; k++)
        {
          MuPos pos = mu_pos_from_point (ends[k].x, ends[k].y, -1);
          MuPoint p;

          muster_scene_pos_to_board (self, &pos, &p);
          g_array_append_val (segments, p);
        }
    }
  /* Translators: a unit's name and the rule that draws its arc */
  label = g_strdup_printf (_("Front arc of %s, to its fire's reach (%s)"),
                           counter_name (self, m->selected), rule ? rule : "");
  muster_scene_set_arc (self, (const MuPoint *) segments->data, segments->len, label);
}

/* The command radius ------------------------------------------------------------- */

/* On a hex board, the edges between the hexes within r of centre and
 * those beyond, in pairs of board points. */
static void
hex_range_edges (const MuHexGrid *grid,
                 MuHex            centre,
                 int              r,
                 GArray          *segments)
{
  double size = MUSTER_SCENE_HEX_SIZE;

  for (int col = 1; col <= grid->cols; col++)
    for (int row = 1; row <= grid->rows; row++)
      {
        MuHex h = { col, row };
        double cx, cy;

        if (mu_hex_distance (grid, h, centre) > r)
          continue;
        mu_hex_center (grid, size, h, &cx, &cy);
        for (int k = 0; k < 6; k++)
          {
            MuPoint a, b;
            MuHex other;

            mu_hex_corner (grid, size, h, k, &a.x, &a.y);
            mu_hex_corner (grid, size, h, (k + 1) % 6, &b.x, &b.y);
            /* the hex across this edge: this centre mirrored in the edge */
            other = mu_hex_at_pixel (grid, size, a.x + b.x - cx, a.y + b.y - cy);
            if (other.col >= 1 && other.col <= grid->cols && other.row >= 1 && other.row <= grid->rows &&
                mu_hex_distance (grid, other, centre) <= r)
              continue;
            g_array_append_val (segments, a);
            g_array_append_val (segments, b);
          }
      }
}

/* The selected counter's command radius as the engine answers it
 * (mu_match_command_radius): on a hex board, the edges between the hexes
 * within reach of its commander and those beyond; on a table, a circle. */
static void
command_range (MusterScene *self)
{
  SceneMatch *m = self->match;
  const MuScenario *s = self->scenario;
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autofree char *label = NULL;
  MuCommandRadius r;

  if (m->selected == NULL || !mu_match_command_radius (muster_game_get_match (m->game), m->selected, &r))
    {
      muster_scene_set_range (self, NULL, 0, NULL);
      return;
    }
  if (!r.centre.is_point && s->hex_map != NULL)
    {
      hex_range_edges (&s->hex_map->grid, r.centre.hex, (int) r.radius, segments);
      /* Translators: a commander's name, its range in hexes and the rule */
      label = g_strdup_printf (ngettext ("Command range of %s: %d hex (%s)", "Command range of %s: %d hexes (%s)",
                                         (int) r.radius),
                               counter_name (self, r.commander), (int) r.radius, r.rule);
    }
  else if (r.centre.is_point)
    {
      /* measured from the base: the circle holds only points in range */
      MuPos edge = mu_pos_from_point (r.centre.point.x + r.radius + r.from_edge, r.centre.point.y, -1);
      MuPoint c, e;
      double radius;

      muster_scene_pos_to_board (self, &r.centre, &c);
      muster_scene_pos_to_board (self, &edge, &e);
      radius = hypot (e.x - c.x, e.y - c.y);
      for (int k = 0; k < 72; k++)
        {
          MuPoint a = { c.x + radius * cos (k * G_PI / 36), c.y + radius * sin (k * G_PI / 36) };
          MuPoint b = { c.x + radius * cos ((k + 1) * G_PI / 36), c.y + radius * sin ((k + 1) * G_PI / 36) };

          g_array_append_val (segments, a);
          g_array_append_val (segments, b);
        }
      /* Translators: a commander's name, its range, "in" or "cm" (the
       * abbreviation after a number) and the rule */
      label = g_strdup_printf (_("Command range of %s: %g %s from its base (%s)"),
                               counter_name (self, r.commander), r.radius,
                               s->table != NULL && s->table->unit == MU_UNIT_CM ? _("cm") : _("in"), r.rule);
    }
  muster_scene_set_range (self, (const MuPoint *) segments->data, segments->len, label);
}

/* The table's discs the engine keeps (mu_match_get_table_state's point
 * markers: smoke with its radius) on the board of the match shown. */
static void
table_discs (MusterScene *self)
{
  const MuTableState *state = mu_match_get_table_state (shown_match (self->match));
  const GArray *markers = state != NULL ? mu_table_state_markers (state) : NULL;
  g_autoptr(GArray) discs = g_array_new (FALSE, FALSE, sizeof (MusterDisc));

  for (guint i = 0; markers != NULL && i < markers->len; i++)
    {
      const MuPointMarker *mk = &g_array_index (markers, MuPointMarker, i);
      MuPos centre = mu_pos_from_point (mk->at.x, mk->at.y, -1);
      MuPos edge = mu_pos_from_point (mk->at.x + mk->radius, mk->at.y, -1);
      MuPoint c, e;
      MusterDisc d;

      muster_scene_pos_to_board (self, &centre, &c);
      muster_scene_pos_to_board (self, &edge, &e);
      d.centre = c;
      d.radius = hypot (e.x - c.x, e.y - c.y);
      d.kind = mk->kind;
      g_array_append_val (discs, d);
    }
  muster_scene_set_discs (self, (const MusterDisc *) discs->data, discs->len);
}

/* Computing -------------------------------------------------------------------------- */

static void
clear_selection (SceneMatch *m)
{
  g_clear_pointer (&m->selected, g_free);
  g_ptr_array_set_size (m->group, 0);
}

/* Everything the board shows of the match, in one change; with lists, the
 * selected counter's lists are asked of the engine again. */
static void
compute (MusterScene *self,
         gboolean     lists,
         gboolean     after_command)
{
  SceneMatch *m = self->match;
  /* a copy, for the pieces to point into: the match fills its own again
   * at the next call */
  GArray *views = mu_counter_view_array_copy (mu_match_get_counters_for (shown_match (m), m->viewer));
  GArray *pieces = g_array_new (FALSE, TRUE, sizeof (MuPiece));
  const MuCounterView *me = find_view (views, m->selected);

  muster_scene_freeze (self);
  /* a counter that left the board is no longer selected (one chosen off
   * the board, a reserve to enter, stays until a command) */
  if (after_command && m->selected != NULL && (me == NULL || !view_shown (me)))
    {
      clear_selection (m);
      lists = TRUE;
    }
  if (lists)
    read_lists (self);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      MuPiece piece;

      if (!view_shown (v))
        continue;
      mu_render_piece_from_view (v, &piece);
      piece.highlighted = is_target (m, v->id);
      g_array_append_val (pieces, piece);
    }
  compute_highlights (self, views);
  /* the pieces point into the views: the scene keeps both */
  muster_scene_take_pieces (self, pieces, views);
  muster_scene_select_piece (self, muster_scene_match_selected_index (self));
  /* a hex the pointer picked is not the match's selection */
  muster_scene_select_hex (self, MU_HEX_NONE);
  muster_scene_sync_highlights (self);
  table_marks (self, lists);
  if (lists)
    {
      front_arc (self);
      command_range (self);
    }
  table_discs (self);
  muster_scene_thaw (self);
}

int
muster_scene_match_selected_index (MusterScene *self)
{
  SceneMatch *m = self->match;

  for (guint i = 0; m != NULL && m->selected != NULL && i < self->pieces->len; i++)
    {
      const MuPiece *p = &g_array_index (self->pieces, MuPiece, i);

      if (p->counter != NULL && g_strcmp0 (p->counter->id, m->selected) == 0)
        return (int) i;
    }
  return -1;
}

/* After a command, an undo or a reset: the board as the engine has it now,
 * and no trace of a move made or refused. */
static void
on_game_changed (MusterGame  *game,
                 MusterScene *self)
{
  muster_scene_freeze (self);
  muster_scene_set_trace (self, NULL);
  compute (self, TRUE, TRUE);
  muster_scene_thaw (self);
}

/* API ------------------------------------------------------------------------------ */

void
muster_scene_set_game (MusterScene *self,
                       MusterGame  *game)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (game == NULL || MUSTER_IS_GAME (game));

  muster_scene_freeze (self);
  muster_scene_clear (self);
  if (game != NULL)
    {
      SceneMatch *m = g_new0 (SceneMatch, 1);

      m->game = g_object_ref (game);
      m->group = g_ptr_array_new_with_free_func (g_free);
      m->last_hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
      m->targets = g_ptr_array_new_with_free_func (g_free);
      m->highlights = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));
      m->changed_id = g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
      self->match = m;
      self->scenario = muster_game_get_scenario (game);
      compute (self, TRUE, FALSE);
    }
  muster_scene_emit (self, MUSTER_SCENE_TERRAIN | MUSTER_SCENE_PIECES);
  muster_scene_thaw (self);
}

MusterGame *
muster_scene_get_game (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->match ? self->match->game : NULL;
}

void
muster_scene_show_match (MusterScene *self,
                         MuMatch     *match)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (self->match != NULL);

  self->match->shown = match;
  compute (self, FALSE, FALSE);
}

void
muster_scene_set_viewer (MusterScene *self,
                         const char  *side)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (self->match != NULL);

  if (g_strcmp0 (self->match->viewer, side) == 0)
    return;
  g_free (self->match->viewer);
  self->match->viewer = g_strdup (side);
  compute (self, FALSE, FALSE);
}

void
muster_scene_select_counter (MusterScene *self,
                             const char  *id)
{
  SceneMatch *m;

  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (self->match != NULL);

  m = self->match;
  if (g_strcmp0 (m->selected, id) == 0)
    {
      /* a hex the pointer picked is not the match's selection */
      muster_scene_select_hex (self, MU_HEX_NONE);
      return;
    }
  clear_selection (m);
  m->selected = g_strdup (id);
  compute (self, TRUE, FALSE);
}

const char *
muster_scene_get_selected_counter (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->match ? self->match->selected : NULL;
}

void
muster_scene_set_group (MusterScene       *self,
                        const char *const *ids)
{
  SceneMatch *m;
  guint n = 0;
  gboolean same;

  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (self->match != NULL);

  m = self->match;
  while (ids != NULL && ids[n] != NULL)
    n++;
  same = n == m->group->len;
  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (ids[i], g_ptr_array_index (m->group, i)) == 0;
  if (same)
    return;
  g_ptr_array_set_size (m->group, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (m->group, g_strdup (ids[i]));
  compute (self, FALSE, FALSE);
}

void
muster_scene_mark_command (MusterScene     *self,
                           const MuCommand *command)
{
  SceneMatch *m;
  GArray *views;

  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (self->match != NULL);

  m = self->match;
  views = mu_match_get_counters_for (shown_match (m), m->viewer);
  g_array_set_size (m->last_hexes, 0);
  for (guint i = 0; command != NULL && i < mu_command_n_args (command); i++)
    {
      const MuArg *arg = mu_command_arg (command, i);
      const MuCounterView *v;

      if (arg->kind == MU_ARG_POS && !arg->pos.is_point)
        g_array_append_val (m->last_hexes, arg->pos.hex);
      else if (arg->kind == MU_ARG_WORD && (v = find_view (views, arg->word)) != NULL && view_on_hex (v))
        g_array_append_val (m->last_hexes, v->pos.hex);
    }
  compute (self, FALSE, FALSE);
}

const GArray *
muster_scene_get_moves (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->match ? self->match->moves : NULL;
}

const char *const *
muster_scene_get_targets (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->match ? (const char *const *) self->match->targets->pdata : NULL;
}
