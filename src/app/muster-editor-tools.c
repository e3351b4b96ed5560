/* muster-editor-tools.c: the editor's tool objects, made the map view's
 * active tool as the palette chooses, and what the palette's tool shows
 * on the board (the Entry tool's hexes) */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "muster-editor-oob.h"

/* With the entry tool, the chosen reserve's entry hexes are marked on the board. */
void
muster_editor_update_entry_marks (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuReserve *r;
  g_autoptr(GArray) marks = NULL;

  if (scene == NULL || muster_stroke_tool_is_active (self->stroke))
    return;
  if (self->tool != MUSTER_TOOL_ENTRY || !(r = muster_editor_entry_reserve (self)))
    {
      if (self->tool != MUSTER_TOOL_RECTANGLE)
        muster_scene_clear_highlights (scene);
      return;
    }
  marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHexHighlight h = { g_array_index (r->entry, MuHex, i), 0x2e7d3280 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

/* The reserve the entry tool works on. */
MuReserve *
muster_editor_entry_reserve (MusterEditor *self)
{
  return muster_tool_options_entry_reserve (&self->options, muster_editor_scenario (self));
}

void
muster_editor_set_reserve (MusterEditor *self,
                           const char   *reserve)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_free (self->options.reserve);
  self->options.reserve = g_strdup (reserve);
  muster_editor_update_reserves (self);
  muster_editor_update_entry_marks (self);
}

/* The tool objects ----------------------------------------------------------------- */

/* The object that works as palette tool `tool`. */
static MusterEditorTool *
tool_object (MusterEditor *self,
             MusterTool    tool)
{
  switch (tool)
    {
    case MUSTER_TOOL_SELECT:
      return MUSTER_EDITOR_TOOL (self->select);
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
    case MUSTER_TOOL_ENTRY:
      return MUSTER_EDITOR_TOOL (self->place);
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
      return MUSTER_EDITOR_TOOL (self->shape);
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_RECTANGLE:
    case MUSTER_TOOL_LASSO:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
    case MUSTER_TOOL_N:
    default:
      return MUSTER_EDITOR_TOOL (self->stroke);
    }
}

static void
on_tool_message (MusterEditorTool *tool,
                 const char       *text,
                 gboolean          hint,
                 MusterEditor     *self)
{
  if (hint)
    muster_editor_show_hint (self, text);
  else
    muster_editor_show_message (self, text);
}

static void
on_tool_select (MusterSelectTool *tool,
                int               kind,
                int               index,
                const char       *id,
                MusterEditor     *self)
{
  muster_editor_select_item (self, (MusterSelectionKind) kind, index, id);
}

void
muster_editor_tools_init (MusterEditor *self)
{
  MusterEditorTool *tools[] = { muster_select_tool_new (), muster_stroke_tool_new (), muster_place_tool_new (),
                                muster_shape_tool_new () };

  self->select = MUSTER_SELECT_TOOL (tools[0]);
  self->stroke = MUSTER_STROKE_TOOL (tools[1]);
  self->place = MUSTER_PLACE_TOOL (tools[2]);
  self->shape = MUSTER_SHAPE_TOOL (tools[3]);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      muster_editor_tool_attach (tools[i], self->history, self->view, &self->options, &self->sel);
      g_signal_connect (tools[i], "message", G_CALLBACK (on_tool_message), self);
    }
  g_signal_connect (self->select, "select", G_CALLBACK (on_tool_select), self);
  muster_editor_activate_tool (self, self->tool);
}

/* The palette's tool becomes the map view's: the one before ends what a
 * press began (a stroke, a drag, a shape being drawn). */
void
muster_editor_activate_tool (MusterEditor *self,
                             MusterTool    tool)
{
  MusterEditorTool *object = tool_object (self, tool);

  muster_editor_tool_finish (tool_object (self, self->tool));
  self->tool = tool;
  muster_editor_tool_set_kind (object, tool);
  muster_map_view_set_tool (self->view, MUSTER_MAP_TOOL (object));
}

void
muster_editor_tools_dispose (MusterEditor *self)
{
  MusterEditorTool *tools[] = { MUSTER_EDITOR_TOOL (self->select), MUSTER_EDITOR_TOOL (self->stroke),
                                MUSTER_EDITOR_TOOL (self->place), MUSTER_EDITOR_TOOL (self->shape) };

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      if (tools[i] == NULL)
        continue;
      g_signal_handlers_disconnect_by_data (tools[i], self);
      /* a press under way may still reach the tool: it goes nowhere now */
      muster_editor_tool_detach (tools[i]);
      if (self->view != NULL && muster_map_view_get_tool (self->view) == MUSTER_MAP_TOOL (tools[i]))
        muster_map_view_set_tool (self->view, NULL);
    }
  g_clear_object (&self->select);
  g_clear_object (&self->stroke);
  g_clear_object (&self->place);
  g_clear_object (&self->shape);
}

/* What the map view would tell the tool of widget point (x, y). */
static MusterMapTool *
active_tool (MusterEditor     *self,
             double            x,
             double            y,
             MusterMapPointer *pointer)
{
  muster_map_view_get_pointer (self->view, x, y, 0, pointer);
  return MUSTER_MAP_TOOL (tool_object (self, self->tool));
}

void
muster_editor_pointer_down (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterMapPointer pointer;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_map_tool_press (active_tool (self, x, y, &pointer), &pointer);
}

void
muster_editor_pointer_move (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterMapPointer pointer;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_map_tool_drag (active_tool (self, x, y, &pointer), &pointer);
}

void
muster_editor_pointer_up (MusterEditor *self,
                          double        x,
                          double        y)
{
  MusterMapPointer pointer;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_map_tool_release (active_tool (self, x, y, &pointer), &pointer);
}

gboolean
muster_editor_drop_counter (MusterEditor *self,
                            const char   *id,
                            double        x,
                            double        y)
{
  MusterPick pick;
  int piece;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece) || !pick.on_board)
    {
      muster_editor_show_message (self, _("Drop the counter on the board"));
      return FALSE;
    }
  if (muster_editor_scenario (self)->board == MU_BOARD_HEX)
    ok = mu_edit_place_counter_hex (self->history, id, pick.hex, &error);
  else
    {
      const MuCounter *c = mu_scenario_find_counter (muster_editor_scenario (self), id);

      ok = mu_edit_place_counter_table (self->history, id, pick.table,
                                        c && c->place.kind == MU_PLACE_TABLE ? c->place.facing : 0,
                                        &error);
    }
  muster_editor_report (self, ok, &error);
  return ok;
}
