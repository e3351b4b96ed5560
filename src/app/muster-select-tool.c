/* muster-select-tool.c: the Select tool
 *
 * A press picks the item under the pointer (a counter, a label, an
 * objective, a line or an area) or the selected stand's facing handle; a
 * drag moves or turns it, one undoable step. A counter let go off a hex
 * board leaves the board. The tool owns what the drag needs between press
 * and release; the selection is the editor's, since its panel shows it:
 * the tool asks for a new one with "select" (kind, index, id).
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-select-tool.h"

#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-table-geom.h"

struct _MusterSelectTool
{
  MusterEditorTool parent_instance;

  gboolean moving;              /* a press picked an item: the drag moves it */
  gboolean rotate_drag;         /* the drag turns the stand instead */
  gboolean rotate_next;         /* the next drags turn, Shift or not */
  gboolean outlined;            /* the board's outline is the selected area or line */
  MuPoint last;                 /* the table point the drag was at */
  MuPoint start;                /* the table point pressed */
  MuPoint origin;               /* where the label, objective or stand was then */
  double facing;                /* the stand's facing then */
  MuHex last_hex;
};

enum {
  SIGNAL_SELECT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void muster_select_tool_map_tool_init (MusterMapToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterSelectTool, muster_select_tool, MUSTER_TYPE_EDITOR_TOOL,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_select_tool_map_tool_init))

MusterEditorTool *
muster_select_tool_new (void)
{
  return g_object_new (MUSTER_TYPE_SELECT_TOOL, NULL);
}

gboolean
muster_select_tool_is_moving (MusterSelectTool *self)
{
  g_return_val_if_fail (MUSTER_IS_SELECT_TOOL (self), FALSE);
  return self->moving;
}

void
muster_select_tool_set_rotate (MusterSelectTool *self,
                               gboolean          rotate)
{
  g_return_if_fail (MUSTER_IS_SELECT_TOOL (self));
  self->rotate_next = rotate;
}

static MusterEditorTool *
base (MusterSelectTool *self)
{
  return MUSTER_EDITOR_TOOL (self);
}

static const MusterSelection *
sel_of (MusterSelectTool *self)
{
  return muster_editor_tool_get_selection (base (self));
}

static void
select_item (MusterSelectTool    *self,
             MusterSelectionKind  kind,
             int                  index,
             const char          *id)
{
  g_signal_emit (self, signals[SIGNAL_SELECT], 0, (int) kind, index, id);
}

static void
report (MusterSelectTool *self,
        gboolean          ok,
        GError          **error)
{
  muster_editor_tool_report (base (self), ok, error);
}

/* The label anchor in board pixels. */
static void
label_board_point (MusterSelectTool *self,
                   const MuLabel    *l,
                   double           *bx,
                   double           *by)
{
  MuScenario *s = muster_editor_tool_get_scenario (base (self));
  double zoom = muster_map_view_get_zoom (muster_editor_tool_get_view (base (self)));

  if (muster_editor_tool_is_table (base (self)))
    {
      *bx = l->dx / muster_editor_tool_units_per_pixel (base (self)) / zoom;
      *by = l->dy / muster_editor_tool_units_per_pixel (base (self)) / zoom;
    }
  else
    {
      mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, l->hex, bx, by);
      *bx += l->dx * MUSTER_MAP_VIEW_HEX_SIZE;
      *by += l->dy * MUSTER_MAP_VIEW_HEX_SIZE;
    }
}

/* The label under board point (bx, by), or -1. */
static int
label_at (MusterSelectTool *self,
          GPtrArray        *labels,
          double            bx,
          double            by)
{
  double zoom = muster_map_view_get_zoom (muster_editor_tool_get_view (base (self)));

  for (guint i = labels->len; i > 0; i--)
    {
      const MuLabel *l = g_ptr_array_index (labels, i - 1);
      double lx, ly;

      label_board_point (self, l, &lx, &ly);
      /* labels are written centred on their anchor: half a line high, some letters wide */
      if (fabs (lx - bx) * zoom <= 2 * MUSTER_EDITOR_PICK_TOLERANCE + 3.0 * l->scale * strlen (l->text) &&
          fabs (ly - by) * zoom <= MUSTER_EDITOR_PICK_TOLERANCE * 1.5 * MAX (l->scale, 1.0))
        return (int) i - 1;
    }
  return -1;
}

/* The objective under the pointer, or -1. */
static int
objective_at (MusterSelectTool       *self,
              const MusterMapPointer *pointer,
              double                  bx,
              double                  by)
{
  MuScenario *s = muster_editor_tool_get_scenario (base (self));
  gboolean table = muster_editor_tool_is_table (base (self));

  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      gboolean hit;

      if (table)
        hit = hypot (o->pos.x - pointer->pick.table.x, o->pos.y - pointer->pick.table.y) <=
              MAX (o->radius, 2 * MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_tool_units_per_pixel (base (self)));
      else
        {
          double ox, oy;

          mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, o->hex, &ox, &oy);
          hit = hypot (ox - bx, oy - by) <= MUSTER_MAP_VIEW_HEX_SIZE / 2;
        }
      if (hit)
        return (int) i;
    }
  return -1;
}

/* What the Select tool finds under the pointer: counters first, then
 * labels, objectives, lines and areas. */
static MusterSelectionKind
item_at (MusterSelectTool       *self,
         const MusterMapPointer *pointer,
         int                    *index,
         const char            **id)
{
  MusterEditorTool *tool = base (self);
  MuScenario *s = muster_editor_tool_get_scenario (tool);
  gboolean table = muster_editor_tool_is_table (tool);
  GPtrArray *labels = table ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  double tolerance = MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_tool_units_per_pixel (tool);
  double bx, by;

  *index = -1;
  *id = NULL;
  if (labels == NULL || !pointer->picked)
    return MUSTER_SELECTION_NONE;
  /* counters lie on top of everything */
  if (pointer->piece_id != NULL)
    {
      *id = pointer->piece_id;
      return MUSTER_SELECTION_COUNTER;
    }
  muster_editor_tool_board_point (tool, pointer->x, pointer->y, &bx, &by);
  if ((*index = label_at (self, labels, bx, by)) >= 0)
    return MUSTER_SELECTION_LABEL;
  if ((*index = objective_at (self, pointer, bx, by)) >= 0)
    {
      *id = ((MuObjective *) g_ptr_array_index (s->objectives, *index))->id;
      return MUSTER_SELECTION_OBJECTIVE;
    }
  if (!table)
    return MUSTER_SELECTION_NONE;
  if ((*index = mu_table_line_at (s->table, pointer->pick.table, tolerance)) >= 0)
    return MUSTER_SELECTION_LINE;
  if ((*index = mu_table_area_at (s->table, pointer->pick.table)) >= 0)
    return MUSTER_SELECTION_AREA;
  return MUSTER_SELECTION_NONE;
}

/* The facing handle of the stand selected on a table, in board pixels:
 * ahead of its front, beyond its footprint; FALSE when there is none. */
static gboolean
facing_handle (MusterSelectTool *self,
               MuPoint          *centre,
               MuPoint          *knob)
{
  MusterEditorTool *tool = base (self);
  MusterMapView *view = muster_editor_tool_get_view (tool);
  MusterScene *scene = muster_map_view_get_scene (view);
  const MusterSelection *sel = sel_of (self);
  MuScenario *s = muster_editor_tool_get_scenario (tool);
  const MuCounter *c;
  const MuPiece *pieces;
  MuRenderOptions options;
  guint n;
  double zoom = muster_map_view_get_zoom (view);
  double radius = 0, rad;

  if (scene == NULL || !muster_editor_tool_is_table (tool) || sel->kind != MUSTER_SELECTION_COUNTER ||
      sel->id == NULL)
    return FALSE;
  c = mu_scenario_find_counter (s, sel->id);
  if (c == NULL || c->place.kind != MU_PLACE_TABLE)
    return FALSE;
  muster_map_view_get_render_options (view, &options);
  pieces = muster_scene_get_pieces (scene, &n);
  for (guint i = 0; i < n; i++)
    if (pieces[i].counter == c)
      {
        double x, y, w, h;

        mu_render_piece_bounds (s, &options, pieces, n, i, &x, &y, &w, &h);
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
muster_select_tool_update_handle (MusterSelectTool *self,
                                  gboolean          active)
{
  MusterEditorTool *tool = base (self);
  MusterScene *scene;
  const MusterSelection *sel;
  MuPoint centre, knob;

  g_return_if_fail (MUSTER_IS_SELECT_TOOL (self));

  if (!muster_editor_tool_is_attached (tool) || !(scene = muster_map_view_get_scene (muster_editor_tool_get_view (tool))))
    return;
  sel = sel_of (self);
  if (active && facing_handle (self, &centre, &knob))
    muster_scene_set_handle (scene, &centre, &knob);
  else
    muster_scene_set_handle (scene, NULL, NULL);
  /* the selected area or line is outlined on the board; the other tools'
   * shapes being drawn use the same outline, which this leaves alone */
  if (active && muster_editor_tool_is_table (tool) &&
      (sel->kind == MUSTER_SELECTION_AREA || sel->kind == MUSTER_SELECTION_LINE))
    {
      MuScenario *s = muster_editor_tool_get_scenario (tool);
      gboolean area = sel->kind == MUSTER_SELECTION_AREA;
      const GArray *points = area ? ((MuArea *) g_ptr_array_index (s->table->areas, sel->index))->points
                                  : ((MuPolyline *) g_ptr_array_index (s->table->lines, sel->index))->points;

      muster_editor_tool_table_outline (tool, points, MUSTER_OUTLINE_CORNERS | (area ? MUSTER_OUTLINE_CLOSED : 0));
      self->outlined = TRUE;
    }
  else if (active || self->outlined)
    {
      muster_scene_set_outline (scene, NULL, 0, 0);
      self->outlined = FALSE;
    }
}

/* Whether the pointer is on the facing handle's knob. */
static gboolean
on_facing_handle (MusterSelectTool       *self,
                  const MusterMapPointer *pointer)
{
  MuPoint centre, knob;
  double bx, by;

  if (!facing_handle (self, &centre, &knob))
    return FALSE;
  muster_editor_tool_board_point (base (self), pointer->x, pointer->y, &bx, &by);
  return hypot (bx - knob.x, by - knob.y) * muster_map_view_get_zoom (muster_editor_tool_get_view (base (self))) <=
         MUSTER_MAP_VIEW_HANDLE_RADIUS + 3;
}

/* Where the picked item stood when the drag began. */
static void
drag_origin (MusterSelectTool    *self,
             MusterSelectionKind  kind,
             int                  index,
             const char          *id)
{
  MuScenario *s = muster_editor_tool_get_scenario (base (self));

  if (kind == MUSTER_SELECTION_LABEL)
    {
      const MuLabel *l = g_ptr_array_index (muster_editor_tool_is_table (base (self)) ? s->table->labels
                                                                                      : s->hex_map->labels, index);

      self->origin = (MuPoint) { l->dx, l->dy };
    }
  else if (kind == MUSTER_SELECTION_OBJECTIVE)
    self->origin = mu_scenario_find_objective (s, id)->pos;
  else if (kind == MUSTER_SELECTION_COUNTER)
    {
      const MuCounter *c = mu_scenario_find_counter (s, id);

      self->origin = c->place.pos;
      self->facing = c->place.facing;
    }
}

/* A press picks the item under the pointer and starts moving it; with
 * nothing there the press is not the tool's (the map view has selected
 * the hex). Shift turns instead of moving. */
static MusterMapPress
select_press (MusterMapTool          *map_tool,
              const MusterMapPointer *pointer)
{
  MusterSelectTool *self = MUSTER_SELECT_TOOL (map_tool);
  MusterEditorTool *tool = base (self);
  g_autofree char *id = NULL;
  const char *found;
  int index;
  MusterSelectionKind kind;

  if (!muster_editor_tool_is_attached (tool))
    return MUSTER_MAP_PRESS_IGNORE;
  self->rotate_drag = self->rotate_next || (pointer->state & GDK_SHIFT_MASK) != 0;
  /* the selected stand's facing handle turns it */
  if (on_facing_handle (self, pointer))
    {
      const MuCounter *c = mu_scenario_find_counter (muster_editor_tool_get_scenario (tool), sel_of (self)->id);

      self->rotate_drag = TRUE;
      kind = MUSTER_SELECTION_COUNTER;
      self->origin = c->place.pos;
      self->facing = c->place.facing;
    }
  else
    {
      kind = item_at (self, pointer, &index, &found);
      if (kind == MUSTER_SELECTION_NONE)
        {
          if (sel_of (self)->kind != MUSTER_SELECTION_NONE)
            select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
          return MUSTER_MAP_PRESS_IGNORE;
        }
      id = g_strdup (found);
      select_item (self, kind, index, id);
      drag_origin (self, kind, index, id);
    }
  self->moving = TRUE;
  self->start = self->last = pointer->pick.table;
  self->last_hex = pointer->pick.hex;
  mu_edit_history_begin_group (muster_editor_tool_get_history (tool), NULL);
  return MUSTER_MAP_PRESS_CLAIM;
}

static double
angle_of (MuPoint c,
          MuPoint p)
{
  return atan2 (p.y - c.y, p.x - c.x) * 180.0 / G_PI;
}

/* A drag of the selected area or line: moved, or turned about its centre. */
static gboolean
drag_shape (MusterSelectTool *self,
            const MuPoint    *at,
            GError          **error)
{
  MuScenario *s = muster_editor_tool_get_scenario (base (self));
  MuEditHistory *history = muster_editor_tool_get_history (base (self));
  const MusterSelection *sel = sel_of (self);
  gboolean area = sel->kind == MUSTER_SELECTION_AREA;
  double dx = at->x - self->last.x, dy = at->y - self->last.y;

  if (self->rotate_drag)
    {
      GArray *pts = area ? ((MuArea *) g_ptr_array_index (s->table->areas, sel->index))->points
                         : ((MuPolyline *) g_ptr_array_index (s->table->lines, sel->index))->points;
      MuPoint c = mu_points_centre ((MuPoint *) pts->data, pts->len);
      double degrees = angle_of (c, *at) - angle_of (c, self->last);

      return area ? mu_edit_rotate_area (history, sel->index, degrees, error)
                  : mu_edit_rotate_line (history, sel->index, degrees, error);
    }
  return area ? mu_edit_move_area (history, sel->index, dx, dy, error)
              : mu_edit_move_line (history, sel->index, dx, dy, error);
}

/* A drag of the selected counter: on a table the stand moves (keeping its
 * offset from the pointer) or turns about its centre; on a hex board it
 * goes to the hex under the pointer. */
static gboolean
drag_counter (MusterSelectTool *self,
              const MusterPick *pick,
              GError          **error)
{
  MuEditHistory *history = muster_editor_tool_get_history (base (self));
  const char *id = sel_of (self)->id;

  if (muster_editor_tool_is_table (base (self)) && self->rotate_drag)
    {
      double degrees = self->facing + angle_of (self->origin, pick->table) - angle_of (self->origin, self->start);

      degrees = fmod (fmod (degrees, 360.0) + 360.0, 360.0);
      return mu_edit_place_counter_table (history, id, self->origin, degrees, error);
    }
  if (muster_editor_tool_is_table (base (self)))
    return mu_edit_place_counter_table (history, id,
                                        (MuPoint) { self->origin.x + (pick->table.x - self->start.x),
                                                    self->origin.y + (pick->table.y - self->start.y) },
                                        self->facing, error);
  if (pick->on_board && !mu_hex_equal (pick->hex, self->last_hex))
    return mu_edit_place_counter_hex (history, id, pick->hex, error);
  return TRUE;
}

static void
drag_to (MusterSelectTool       *self,
         const MusterMapPointer *pointer)
{
  MuEditHistory *history = muster_editor_tool_get_history (base (self));
  const MusterSelection *sel = sel_of (self);
  const MusterPick *pick = &pointer->pick;
  gboolean table = muster_editor_tool_is_table (base (self));
  MuPoint moved = { self->origin.x + (pick->table.x - self->start.x),
                    self->origin.y + (pick->table.y - self->start.y) };
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (!pointer->picked)
    return;
  switch (sel->kind)
    {
    case MUSTER_SELECTION_AREA:
    case MUSTER_SELECTION_LINE:
      if (pick->table.x == self->last.x && pick->table.y == self->last.y)
        return;
      ok = drag_shape (self, &pick->table, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      /* a table label keeps its offset from the pointer: a click moves nothing */
      if (table)
        ok = mu_edit_move_label (history, sel->index, MU_HEX_NONE, moved.x, moved.y, &error);
      else if (pick->on_board && !mu_hex_equal (pick->hex, self->last_hex))
        ok = mu_edit_move_label (history, sel->index, pick->hex, 0, 0, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      if (table)
        ok = mu_edit_move_objective (history, sel->id, MU_HEX_NONE, moved, &error);
      else if (pick->on_board && !mu_hex_equal (pick->hex, self->last_hex))
        ok = mu_edit_move_objective (history, sel->id, pick->hex, pick->table, &error);
      break;
    case MUSTER_SELECTION_COUNTER:
      ok = drag_counter (self, pick, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (ok)
    {
      self->last = pick->table;
      if (pick->on_board)
        self->last_hex = pick->hex;
    }
}

static gboolean
select_drag (MusterMapTool          *map_tool,
             const MusterMapPointer *pointer)
{
  MusterSelectTool *self = MUSTER_SELECT_TOOL (map_tool);

  if (self->moving && muster_editor_tool_is_attached (base (self)))
    drag_to (self, pointer);
  return FALSE;
}

/* The end of a drag: a counter let go off a hex board leaves it. */
static void
select_release (MusterMapTool          *map_tool,
                const MusterMapPointer *pointer)
{
  MusterSelectTool *self = MUSTER_SELECT_TOOL (map_tool);
  MusterEditorTool *tool = base (self);
  const MusterSelection *sel;
  g_autoptr(GError) error = NULL;

  if (!self->moving || !muster_editor_tool_is_attached (tool))
    return;
  drag_to (self, pointer);
  sel = sel_of (self);
  if (sel->kind == MUSTER_SELECTION_COUNTER && !muster_editor_tool_is_table (tool) &&
      pointer->picked && !pointer->pick.on_board)
    report (self, mu_edit_unplace_counter (muster_editor_tool_get_history (tool), sel->id, &error), &error);
  self->moving = FALSE;
  mu_edit_history_end_group (muster_editor_tool_get_history (tool));
}

static void
select_finish (MusterEditorTool *tool)
{
  MusterSelectTool *self = MUSTER_SELECT_TOOL (tool);

  if (!self->moving)
    return;
  self->moving = FALSE;
  mu_edit_history_end_group (muster_editor_tool_get_history (tool));
}

static void
muster_select_tool_map_tool_init (MusterMapToolInterface *iface)
{
  iface->press = select_press;
  iface->drag = select_drag;
  iface->release = select_release;
}

static void
muster_select_tool_class_init (MusterSelectToolClass *klass)
{
  MUSTER_EDITOR_TOOL_CLASS (klass)->finish = select_finish;

  /* The tool picked an item (MusterSelectionKind, index, id) or none. */
  signals[SIGNAL_SELECT] =
    g_signal_new ("select", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_STRING);
}

static void
muster_select_tool_init (MusterSelectTool *self)
{
}
