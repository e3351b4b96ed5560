/* muster-stroke-tool.c: the hex tools' strokes
 *
 * Brush, fill, rectangle, lasso, raise, lower, hexside and path work on a
 * hex map by a press, a drag and a release, which the map view reports
 * with the hex under the pointer. The tool owns what a stroke needs
 * between them (its first and last hex, the hexes it changed, the outline
 * drawn); a stroke that changes the map step by step is one undo step.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-stroke-tool.h"

#include <glib/gi18n.h>

#include "mu-render.h"

struct _MusterStrokeTool
{
  MusterEditorTool parent_instance;

  gboolean stroking;
  MuHex start_hex;
  MuHex last_hex;
  gboolean side_on;             /* hexside tool: adding (TRUE) or removing */
  GHashTable *stroke_hexes;     /* elevation: hexes already raised/lowered, "col,row" */
  GArray *lasso;                /* MuPoint in board pixels while a lasso is drawn */
};

static void muster_stroke_tool_map_tool_init (MusterMapToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterStrokeTool, muster_stroke_tool, MUSTER_TYPE_EDITOR_TOOL,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_stroke_tool_map_tool_init))

MusterEditorTool *
muster_stroke_tool_new (void)
{
  return g_object_new (MUSTER_TYPE_STROKE_TOOL, NULL);
}

gboolean
muster_stroke_tool_is_active (MusterStrokeTool *self)
{
  g_return_val_if_fail (MUSTER_IS_STROKE_TOOL (self), FALSE);
  return self->stroking;
}

gboolean
muster_stroke_tool_has_outline (MusterStrokeTool *self)
{
  g_return_val_if_fail (MUSTER_IS_STROKE_TOOL (self), FALSE);
  return self->lasso->len > 0;
}

static MusterEditorTool *
base (MusterStrokeTool *self)
{
  return MUSTER_EDITOR_TOOL (self);
}

static MusterScene *
scene_of (MusterStrokeTool *self)
{
  return muster_map_view_get_scene (muster_editor_tool_get_view (base (self)));
}

static const MuHexGrid *
grid_of (MusterStrokeTool *self)
{
  return &muster_editor_tool_get_scenario (base (self))->hex_map->grid;
}

static void
report (MusterStrokeTool *self,
        gboolean          ok,
        GError          **error)
{
  muster_editor_tool_report (base (self), ok, error);
}

/* The lasso's hexes for the outline drawn so far (widget points kept in board pixels). */
static GArray *
lasso_hexes (MusterStrokeTool *self)
{
  MuRenderOptions options;

  muster_map_view_get_render_options (muster_editor_tool_get_view (base (self)), &options);
  return mu_edit_lasso_hexes (grid_of (self), options.hex_size, (const MuPoint *) self->lasso->data,
                              self->lasso->len);
}

static void
lasso_add (MusterStrokeTool *self,
           double            x,
           double            y)
{
  MuPoint p;

  muster_editor_tool_board_point (base (self), x, y, &p.x, &p.y);
  g_array_append_val (self->lasso, p);
  /* the line drawn so far, closed as the lasso will close it */
  muster_scene_set_outline (scene_of (self), (const MuPoint *) self->lasso->data, self->lasso->len,
                            MUSTER_OUTLINE_CLOSED);
}

static void
highlight_hexes (MusterStrokeTool *self,
                 GArray           *hexes)
{
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_marks (scene_of (self), (MuHexHighlight *) marks->data, marks->len);
}

static void
set_lasso_preview (MusterStrokeTool *self)
{
  g_autoptr(GArray) hexes = lasso_hexes (self);

  highlight_hexes (self, hexes);
}

static void
set_rectangle_preview (MusterStrokeTool *self,
                       MuHex             a,
                       MuHex             b)
{
  g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (grid_of (self), a, b);

  highlight_hexes (self, hexes);
}

static void
elevate (MusterStrokeTool *self,
         MuHex             centre)
{
  MusterEditorTool *tool = base (self);
  MuEditHistory *history = muster_editor_tool_get_history (tool);
  g_autoptr(GArray) brush = mu_edit_brush_hexes (grid_of (self), centre,
                                                 muster_editor_tool_get_options (tool)->brush);
  g_autoptr(GArray) fresh = g_array_new (FALSE, FALSE, sizeof (MuHex));
  g_autoptr(GError) error = NULL;

  /* a hex changes once per stroke however long the pointer stays on it */
  for (guint i = 0; i < brush->len; i++)
    {
      MuHex h = g_array_index (brush, MuHex, i);
      char *key = g_strdup_printf ("%d,%d", h.col, h.row);

      if (g_hash_table_add (self->stroke_hexes, key))
        g_array_append_val (fresh, h);
    }
  report (self, mu_edit_change_elevation (history, (MuHex *) fresh->data, fresh->len,
                                          muster_editor_tool_get_kind (tool) == MUSTER_TOOL_RAISE ? 1 : -1,
                                          &error), &error);
}

static void
hexside_at (MusterStrokeTool *self,
            const MusterPick *pick,
            gboolean          first)
{
  MusterEditorTool *tool = base (self);
  guint feature = muster_editor_tool_get_options (tool)->side_feature;
  g_autoptr(GError) error = NULL;

  if (first)
    {
      guint have = mu_hex_map_side (muster_editor_tool_get_scenario (tool)->hex_map, pick->hex, pick->side_dir);

      self->side_on = (have & feature) == 0;
    }
  report (self, mu_edit_set_side_features (muster_editor_tool_get_history (tool), pick->hex, pick->side_dir,
                                           feature, self->side_on, &error), &error);
}

/* The path from the last hex to `hex`: a fast pointer may skip hexes, so
 * it follows the hex line. */
static void
path_to (MusterStrokeTool *self,
         MuHex             hex)
{
  MusterEditorTool *tool = base (self);
  MuEditHistory *history = muster_editor_tool_get_history (tool);
  const MusterToolOptions *options = muster_editor_tool_get_options (tool);
  const MuHexGrid *grid = grid_of (self);
  g_autoptr(GArray) line = mu_hex_line (grid, self->last_hex, hex);

  for (guint i = 1; i < line->len; i++)
    {
      MuHex a = g_array_index (line, MuHexLineStep, i - 1).hex;
      MuHex b = g_array_index (line, MuHexLineStep, i).hex;
      g_autoptr(GError) error = NULL;
      gboolean ok;

      if (options->path_erase)
        ok = !mu_hex_map_has_link (muster_editor_tool_get_scenario (tool)->hex_map, a,
                                   mu_hex_direction_to (grid, a, b), options->path_kind) ||
             mu_edit_remove_path_segment (history, options->path_kind, a, b, &error);
      else
        ok = mu_edit_add_path_segment (history, options->path_kind, a, b, &error);
      report (self, ok, &error);
    }
}

/* Brush, Raise and Lower from the last hex to `hex`: a fast pointer may
 * skip hexes between two motion events, so the stroke follows the hex
 * line and leaves no gap. */
static void
brush_to (MusterStrokeTool *self,
          MuHex             hex)
{
  MusterEditorTool *tool = base (self);
  const MusterToolOptions *options = muster_editor_tool_get_options (tool);
  g_autoptr(GArray) line = mu_hex_line (grid_of (self), self->last_hex, hex);

  for (guint i = 1; i < line->len; i++)
    {
      MuHex h = g_array_index (line, MuHexLineStep, i).hex;
      g_autoptr(GError) error = NULL;

      if (muster_editor_tool_get_kind (tool) == MUSTER_TOOL_BRUSH)
        report (self, mu_edit_paint_brush (muster_editor_tool_get_history (tool), h, options->brush,
                                           options->terrain, &error), &error);
      else
        elevate (self, h);
    }
}

/* A stroke begins at the hex pressed. */
static void
stroke_begin (MusterStrokeTool       *self,
              const MusterMapPointer *pointer)
{
  MusterEditorTool *tool = base (self);
  MuEditHistory *history = muster_editor_tool_get_history (tool);
  const MusterToolOptions *options = muster_editor_tool_get_options (tool);
  MuHex hex = pointer->pick.hex;
  g_autoptr(GError) error = NULL;

  self->stroking = TRUE;
  self->start_hex = self->last_hex = hex;
  g_hash_table_remove_all (self->stroke_hexes);
  switch (muster_editor_tool_get_kind (tool))
    {
    case MUSTER_TOOL_BRUSH:
      mu_edit_history_begin_group (history, NULL);
      report (self, mu_edit_paint_brush (history, hex, options->brush, options->terrain, &error), &error);
      break;
    case MUSTER_TOOL_FILL:
      report (self, mu_edit_flood_fill (history, hex, options->terrain, &error), &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_RECTANGLE:
      set_rectangle_preview (self, hex, hex);
      break;
    case MUSTER_TOOL_LASSO:
      g_array_set_size (self->lasso, 0);
      lasso_add (self, pointer->x, pointer->y);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      mu_edit_history_begin_group (history, NULL);
      elevate (self, hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      mu_edit_history_begin_group (history, NULL);
      hexside_at (self, &pointer->pick, TRUE);
      break;
    case MUSTER_TOOL_PATH:
      mu_edit_history_begin_group (history, NULL);
      break;
    default:
      self->stroking = FALSE;
      break;
    }
}

static MusterMapPress
stroke_press (MusterMapTool          *map_tool,
              const MusterMapPointer *pointer)
{
  MusterStrokeTool *self = MUSTER_STROKE_TOOL (map_tool);
  MusterEditorTool *tool = base (self);
  MuScenario *s;

  if (!muster_editor_tool_is_attached (tool))
    return MUSTER_MAP_PRESS_IGNORE;
  s = muster_editor_tool_get_scenario (tool);
  if (!pointer->picked)
    return MUSTER_MAP_PRESS_CLAIM;
  if (muster_editor_tool_is_table (tool))
    muster_editor_tool_message (tool, !pointer->pick.on_board ? _("That point is off the table")
                                : _("On a tabletop board, use the Area, Line, Label and Objective tools"), FALSE);
  else if (s->hex_map == NULL)
    ;
  else if (!pointer->pick.on_board)
    muster_editor_tool_message (tool, _("That point is off the board"), FALSE);
  else
    stroke_begin (self, pointer);
  return MUSTER_MAP_PRESS_CLAIM;
}

static gboolean
stroke_drag (MusterMapTool          *map_tool,
             const MusterMapPointer *pointer)
{
  MusterStrokeTool *self = MUSTER_STROKE_TOOL (map_tool);
  MusterEditorTool *tool = base (self);
  const MusterPick *pick = &pointer->pick;

  if (!self->stroking || !muster_editor_tool_is_attached (tool))
    return FALSE;
  if (muster_editor_tool_get_kind (tool) == MUSTER_TOOL_LASSO)
    {
      lasso_add (self, pointer->x, pointer->y);
      set_lasso_preview (self);
      return FALSE;
    }
  if (!pointer->picked)
    return FALSE;
  switch (muster_editor_tool_get_kind (tool))
    {
    case MUSTER_TOOL_BRUSH:
      if (!mu_hex_equal (pick->hex, self->last_hex))
        brush_to (self, pick->hex);
      break;
    case MUSTER_TOOL_RECTANGLE:
      if (!mu_hex_equal (pick->hex, self->last_hex))
        set_rectangle_preview (self, self->start_hex, pick->hex);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      if (!mu_hex_equal (pick->hex, self->last_hex))
        brush_to (self, pick->hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      if (pick->on_board)
        hexside_at (self, pick, FALSE);
      break;
    case MUSTER_TOOL_PATH:
      if (pick->on_board && !mu_hex_equal (pick->hex, self->last_hex))
        path_to (self, pick->hex);
      break;
    default:
      break;
    }
  self->last_hex = pick->hex;
  return FALSE;
}

/* The end of a stroke: the rectangle and the lasso paint their hexes; the
 * strokes that changed the map step by step close their undo step. */
static void
stroke_end (MusterStrokeTool *self)
{
  MusterEditorTool *tool = base (self);
  MuEditHistory *history = muster_editor_tool_get_history (tool);
  MuTerrain terrain = muster_editor_tool_get_options (tool)->terrain;
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;

  self->stroking = FALSE;
  switch (muster_editor_tool_get_kind (tool))
    {
    case MUSTER_TOOL_RECTANGLE:
      hexes = mu_edit_rectangle_hexes (grid_of (self), self->start_hex, self->last_hex);
      muster_scene_clear_marks (scene_of (self));
      report (self, mu_edit_paint_terrain (history, (MuHex *) hexes->data, hexes->len, terrain, &error), &error);
      break;
    case MUSTER_TOOL_LASSO:
      hexes = lasso_hexes (self);
      muster_scene_clear_marks (scene_of (self));
      muster_scene_set_outline (scene_of (self), NULL, 0, 0);
      g_array_set_size (self->lasso, 0);
      if (hexes->len == 0)
        muster_editor_tool_message (tool, _("The outline encloses no hex centre"), FALSE);
      else
        report (self, mu_edit_paint_terrain (history, (MuHex *) hexes->data, hexes->len, terrain, &error),
                &error);
      break;
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
      mu_edit_history_end_group (history);
      break;
    default:
      break;
    }
}

static void
stroke_release (MusterMapTool          *map_tool,
                const MusterMapPointer *pointer)
{
  MusterStrokeTool *self = MUSTER_STROKE_TOOL (map_tool);

  if (!self->stroking || !muster_editor_tool_is_attached (base (self)))
    return;
  stroke_drag (map_tool, pointer);
  stroke_end (self);
}

static void
stroke_finish (MusterEditorTool *tool)
{
  MusterStrokeTool *self = MUSTER_STROKE_TOOL (tool);

  if (self->stroking)
    stroke_end (self);
}

static void
muster_stroke_tool_map_tool_init (MusterMapToolInterface *iface)
{
  iface->press = stroke_press;
  iface->drag = stroke_drag;
  iface->release = stroke_release;
}

static void
muster_stroke_tool_finalize (GObject *object)
{
  MusterStrokeTool *self = MUSTER_STROKE_TOOL (object);

  g_hash_table_unref (self->stroke_hexes);
  g_array_unref (self->lasso);
  G_OBJECT_CLASS (muster_stroke_tool_parent_class)->finalize (object);
}

static void
muster_stroke_tool_class_init (MusterStrokeToolClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_stroke_tool_finalize;
  MUSTER_EDITOR_TOOL_CLASS (klass)->finish = stroke_finish;
}

static void
muster_stroke_tool_init (MusterStrokeTool *self)
{
  self->stroke_hexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->lasso = g_array_new (FALSE, FALSE, sizeof (MuPoint));
}
