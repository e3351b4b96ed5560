/* muster-editor-select.c: the Select tool
 *
 * A press picks the item under the pointer (a counter, a label, an
 * objective, a line or an area) or the selected stand's facing handle; a
 * drag moves or turns it, one undoable step. The tool owns what the drag
 * needs between press and release; the selection itself is the editor's,
 * since its panel shows it.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-table-geom.h"

struct _MusterSelectTool
{
  gboolean moving;              /* a press picked an item: the drag moves it */
  gboolean rotate_drag;         /* the drag turns the stand instead */
  MuPoint last;                 /* the table point the drag was at */
  MuPoint start;                /* the table point pressed */
  MuPoint origin;               /* where the label, objective or stand was then */
  double facing;                /* the stand's facing then */
  MuHex last_hex;
};

MusterSelectTool *
muster_select_tool_new (void)
{
  return g_new0 (MusterSelectTool, 1);
}

void
muster_select_tool_free (MusterSelectTool *self)
{
  g_free (self);
}

gboolean
muster_select_tool_is_moving (MusterSelectTool *self)
{
  return self->moving;
}

void
muster_select_tool_set_rotate (MusterSelectTool *self,
                               gboolean          rotate)
{
  self->rotate_drag = rotate;
}

/* The drag is over (the release was handled, or the tool changed). */
void
muster_select_tool_end (MusterSelectTool *self)
{
  self->moving = FALSE;
}

/* The label anchor in board pixels. */
static void
label_board_point (MusterEditor  *self,
                   const MuLabel *l,
                   double        *bx,
                   double        *by)
{
  MuScenario *s = muster_editor_scenario (self);

  if (muster_editor_is_table (self))
    {
      *bx = l->dx / muster_editor_table_units_per_pixel (self) / muster_map_view_get_zoom (self->view);
      *by = l->dy / muster_editor_table_units_per_pixel (self) / muster_map_view_get_zoom (self->view);
    }
  else
    {
      mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, l->hex, bx, by);
      *bx += l->dx * MUSTER_MAP_VIEW_HEX_SIZE;
      *by += l->dy * MUSTER_MAP_VIEW_HEX_SIZE;
    }
}

/* What the Select tool finds under widget point (x, y): counters first, then
 * labels, objectives, lines and areas. */
static MusterSelectionKind
item_at (MusterEditor *self,
         double        x,
         double        y,
         int          *index,
         const char  **id)
{
  MuScenario *s = muster_editor_scenario (self);
  GPtrArray *labels = muster_editor_is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  double zoom = muster_map_view_get_zoom (self->view);
  double bx, by;
  MusterPick pick;
  int piece;

  *index = -1;
  *id = NULL;
  if (labels == NULL || !muster_map_view_pick (self->view, x, y, &pick, &piece))
    return MUSTER_SELECTION_NONE;
  /* counters lie on top of everything */
  if (piece >= 0)
    {
      guint n;
      const MuPiece *pieces = muster_scene_get_pieces (muster_map_view_get_scene (self->view), &n);

      if ((guint) piece < n && pieces[piece].counter != NULL)
        {
          *id = pieces[piece].counter->id;
          return MUSTER_SELECTION_COUNTER;
        }
    }
  muster_editor_board_point (self, x, y, &bx, &by);
  for (guint i = labels->len; i > 0; i--)
    {
      const MuLabel *l = g_ptr_array_index (labels, i - 1);
      double lx, ly;

      label_board_point (self, l, &lx, &ly);
      /* labels are written centred on their anchor: half a line high, some letters wide */
      if (fabs (lx - bx) * zoom <= 2 * MUSTER_EDITOR_PICK_TOLERANCE + 3.0 * l->scale * strlen (l->text) &&
          fabs (ly - by) * zoom <= MUSTER_EDITOR_PICK_TOLERANCE * 1.5 * MAX (l->scale, 1.0))
        {
          *index = (int) i - 1;
          return MUSTER_SELECTION_LABEL;
        }
    }
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      gboolean hit;

      if (muster_editor_is_table (self))
        hit = hypot (o->pos.x - pick.table.x, o->pos.y - pick.table.y) <=
              MAX (o->radius, 2 * MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_table_units_per_pixel (self));
      else
        {
          double ox, oy;

          mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, o->hex, &ox, &oy);
          hit = hypot (ox - bx, oy - by) <= MUSTER_MAP_VIEW_HEX_SIZE / 2;
        }
      if (hit)
        {
          *index = (int) i;
          *id = o->id;
          return MUSTER_SELECTION_OBJECTIVE;
        }
    }
  if (!muster_editor_is_table (self))
    return MUSTER_SELECTION_NONE;
  if ((*index = mu_table_line_at (s->table, pick.table,
                                  MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_table_units_per_pixel (self))) >= 0)
    return MUSTER_SELECTION_LINE;
  if ((*index = mu_table_area_at (s->table, pick.table)) >= 0)
    return MUSTER_SELECTION_AREA;
  return MUSTER_SELECTION_NONE;
}

/* Select tool: picks the item under the pointer and starts moving it.
 * Returns FALSE when there is nothing (the map view then selects the hex). */
/* The facing handle of the stand selected on a table, in board pixels:
 * ahead of its front, beyond its footprint; FALSE when there is none. */
static gboolean
facing_handle (MusterEditor *self,
               MuPoint      *centre,
               MuPoint      *knob)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  const MuCounter *c;
  const MuPiece *pieces;
  MuRenderOptions options;
  guint n;
  double zoom = muster_map_view_get_zoom (self->view);
  double radius = 0, rad;

  if (scene == NULL || !muster_editor_is_table (self) || self->tool != MUSTER_TOOL_SELECT ||
      self->sel.kind != MUSTER_SELECTION_COUNTER || self->sel.id == NULL)
    return FALSE;
  c = mu_scenario_find_counter (muster_editor_scenario (self), self->sel.id);
  if (c == NULL || c->place.kind != MU_PLACE_TABLE)
    return FALSE;
  muster_map_view_get_render_options (self->view, &options);
  pieces = muster_scene_get_pieces (scene, &n);
  for (guint i = 0; i < n; i++)
    if (pieces[i].counter == c)
      {
        double x, y, w, h;

        mu_render_piece_bounds (muster_editor_scenario (self), &options, pieces, n, i, &x, &y, &w, &h);
        radius = hypot (w, h) / 2;
        break;
      }
  centre->x = c->place.pos.x * options.table_scale;
  centre->y = c->place.pos.y * options.table_scale;
  /* facing 0 is up the table, clockwise (TAB-4) */
  rad = c->place.facing * G_PI / 180.0;
  radius += 3 * MUSTER_MAP_VIEW_HANDLE_RADIUS / MAX (zoom, 1e-6);
  knob->x = centre->x + sin (rad) * radius;
  knob->y = centre->y - cos (rad) * radius;
  return TRUE;
}

void
muster_editor_update_handle (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuPoint centre, knob;

  if (scene == NULL)
    return;
  if (facing_handle (self, &centre, &knob))
    muster_scene_set_handle (scene, &centre, &knob);
  else
    muster_scene_set_handle (scene, NULL, NULL);
  /* the selected area or line is outlined on the board; the other tools'
   * shapes being drawn use the same outline */
  if (self->tool == MUSTER_TOOL_SELECT && muster_editor_is_table (self) &&
      (self->sel.kind == MUSTER_SELECTION_AREA || self->sel.kind == MUSTER_SELECTION_LINE))
    {
      MuScenario *s = muster_editor_scenario (self);
      gboolean area = self->sel.kind == MUSTER_SELECTION_AREA;
      const GArray *points = area ? ((MuArea *) g_ptr_array_index (s->table->areas, self->sel.index))->points
                                  : ((MuPolyline *) g_ptr_array_index (s->table->lines, self->sel.index))->points;

      muster_editor_set_table_outline (self, points, MUSTER_OUTLINE_CORNERS | (area ? MUSTER_OUTLINE_CLOSED : 0));
    }
  else if (muster_editor_get_n_draft_points (self) == 0 && !muster_stroke_tool_has_outline (self->stroke))
    muster_scene_set_outline (scene, NULL, 0, 0);
}

/* Whether widget point (x, y) is on the facing handle's knob. */
static gboolean
on_facing_handle (MusterEditor *self,
                  double        x,
                  double        y)
{
  MuPoint centre, knob;
  double bx, by;

  if (!facing_handle (self, &centre, &knob))
    return FALSE;
  muster_editor_board_point (self, x, y, &bx, &by);
  return hypot (bx - knob.x, by - knob.y) * muster_map_view_get_zoom (self->view) <=
         MUSTER_MAP_VIEW_HANDLE_RADIUS + 3;
}

gboolean
muster_editor_select_down (MusterEditor *self,
                           double        x,
                           double        y)
{
  const char *id;
  int index;
  MusterSelectionKind kind;
  MusterPick pick;
  int piece;

  /* the selected stand's facing handle turns it */
  if (on_facing_handle (self, x, y))
    {
      const MuCounter *c = mu_scenario_find_counter (muster_editor_scenario (self), self->sel.id);

      muster_map_view_pick (self->view, x, y, &pick, &piece);
      self->select->rotate_drag = TRUE;
      self->select->moving = TRUE;
      self->select->start = self->select->last = pick.table;
      self->select->origin = c->place.pos;
      self->select->facing = c->place.facing;
      self->select->last_hex = pick.hex;
      mu_edit_history_begin_group (self->history, NULL);
      return TRUE;
    }
  kind = item_at (self, x, y, &index, &id);
  if (kind == MUSTER_SELECTION_NONE)
    {
      if (self->sel.kind != MUSTER_SELECTION_NONE)
        muster_editor_select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
      return FALSE;
    }
  muster_editor_select_item (self, kind, index, id);
  muster_map_view_pick (self->view, x, y, &pick, &piece);
  self->select->moving = TRUE;
  self->select->start = self->select->last = pick.table;
  if (kind == MUSTER_SELECTION_LABEL)
    {
      MuScenario *s = muster_editor_scenario (self);
      const MuLabel *l = g_ptr_array_index (muster_editor_is_table (self) ? s->table->labels : s->hex_map->labels, index);

      self->select->origin = (MuPoint) { l->dx, l->dy };
    }
  else if (kind == MUSTER_SELECTION_OBJECTIVE)
    self->select->origin = mu_scenario_find_objective (muster_editor_scenario (self), id)->pos;
  else if (kind == MUSTER_SELECTION_COUNTER)
    {
      const MuCounter *c = mu_scenario_find_counter (muster_editor_scenario (self), id);

      self->select->origin = c->place.pos;
      self->select->facing = c->place.facing;
    }
  self->select->last_hex = pick.hex;
  mu_edit_history_begin_group (self->history, NULL);
  return TRUE;
}

static double
angle_of (MuPoint c,
          MuPoint p)
{
  return atan2 (p.y - c.y, p.x - c.x) * 180.0 / G_PI;
}

void
muster_editor_select_move (MusterEditor *self,
                           double        x,
                           double        y)
{
  MuScenario *s = muster_editor_scenario (self);
  g_autoptr(GError) error = NULL;
  MusterPick pick;
  int piece;
  double dx, dy;
  gboolean ok = TRUE;

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece))
    return;
  dx = pick.table.x - self->select->last.x;
  dy = pick.table.y - self->select->last.y;
  switch (self->sel.kind)
    {
    case MUSTER_SELECTION_AREA:
    case MUSTER_SELECTION_LINE:
      if (dx == 0 && dy == 0)
        return;
      if (self->select->rotate_drag)
        {
          GArray *pts = self->sel.kind == MUSTER_SELECTION_AREA
                        ? ((MuArea *) g_ptr_array_index (s->table->areas, self->sel.index))->points
                        : ((MuPolyline *) g_ptr_array_index (s->table->lines, self->sel.index))->points;
          MuPoint c = mu_points_centre ((MuPoint *) pts->data, pts->len);
          double degrees = angle_of (c, pick.table) - angle_of (c, self->select->last);

          if (self->sel.kind == MUSTER_SELECTION_AREA)
            ok = mu_edit_rotate_area (self->history, self->sel.index, degrees, &error);
          else
            ok = mu_edit_rotate_line (self->history, self->sel.index, degrees, &error);
        }
      else if (self->sel.kind == MUSTER_SELECTION_AREA)
        ok = mu_edit_move_area (self->history, self->sel.index, dx, dy, &error);
      else
        ok = mu_edit_move_line (self->history, self->sel.index, dx, dy, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      /* a table label keeps its offset from the pointer: a click moves nothing */
      if (muster_editor_is_table (self))
        ok = mu_edit_move_label (self->history, self->sel.index, MU_HEX_NONE,
                                 self->select->origin.x + (pick.table.x - self->select->start.x),
                                 self->select->origin.y + (pick.table.y - self->select->start.y), &error);
      else if (pick.on_board && !mu_hex_equal (pick.hex, self->select->last_hex))
        ok = mu_edit_move_label (self->history, self->sel.index, pick.hex, 0, 0, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      if (muster_editor_is_table (self))
        ok = mu_edit_move_objective (self->history, self->sel.id, MU_HEX_NONE,
                                     (MuPoint) { self->select->origin.x + (pick.table.x - self->select->start.x),
                                                 self->select->origin.y + (pick.table.y - self->select->start.y) },
                                     &error);
      else if (pick.on_board && !mu_hex_equal (pick.hex, self->select->last_hex))
        ok = mu_edit_move_objective (self->history, self->sel.id, pick.hex, pick.table, &error);
      break;
    case MUSTER_SELECTION_COUNTER:
      if (muster_editor_is_table (self) && self->select->rotate_drag)
        {
          /* the stand turns about its centre, following the pointer */
          double degrees = self->select->facing + angle_of (self->select->origin, pick.table)
                           - angle_of (self->select->origin, self->select->start);

          degrees = fmod (fmod (degrees, 360.0) + 360.0, 360.0);
          ok = mu_edit_place_counter_table (self->history, self->sel.id, self->select->origin, degrees, &error);
        }
      else if (muster_editor_is_table (self))
        ok = mu_edit_place_counter_table (self->history, self->sel.id,
                                          (MuPoint) { self->select->origin.x + (pick.table.x - self->select->start.x),
                                                      self->select->origin.y + (pick.table.y - self->select->start.y) },
                                          self->select->facing, &error);
      else if (pick.on_board && !mu_hex_equal (pick.hex, self->select->last_hex))
        ok = mu_edit_place_counter_hex (self->history, self->sel.id, pick.hex, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  muster_editor_report (self, ok, &error);
  if (ok)
    {
      self->select->last = pick.table;
      if (pick.on_board)
        self->select->last_hex = pick.hex;
    }
}

/* The end of a Select drag: a counter let go off a hex board leaves it. */
void
muster_editor_select_up (MusterEditor *self,
                         double        x,
                         double        y)
{
  g_autoptr(GError) error = NULL;
  MusterPick pick;
  int piece;

  muster_editor_select_move (self, x, y);
  if (self->sel.kind == MUSTER_SELECTION_COUNTER && !muster_editor_is_table (self) &&
      muster_map_view_pick (self->view, x, y, &pick, &piece) && !pick.on_board)
    muster_editor_report (self, mu_edit_unplace_counter (self->history, self->sel.id, &error), &error);
}

const char *
muster_editor_get_selection_text (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  return muster_item_panel_get_title (self->item);
}

MusterSelectionKind
muster_editor_get_selection (MusterEditor *self,
                             int          *index,
                             const char  **id)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), MUSTER_SELECTION_NONE);
  if (index)
    *index = self->sel.index;
  if (id)
    *id = self->sel.id;
  return self->sel.kind;
}

void
muster_editor_set_rotate_drag (MusterEditor *self,
                               gboolean      rotate)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  self->select->rotate_drag = rotate;
}
