/* muster-place-tool.c: the Label, Objective and Entry tools
 *
 * A click places a label or an objective at the hex or table point the
 * map view picked, or toggles the hex among the chosen reserve's entry
 * hexes: one edit a click, on hex boards and tables alike.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-place-tool.h"

#include <glib/gi18n.h>

struct _MusterPlaceTool
{
  MusterEditorTool parent_instance;
};

static void muster_place_tool_map_tool_init (MusterMapToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterPlaceTool, muster_place_tool, MUSTER_TYPE_EDITOR_TOOL,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_place_tool_map_tool_init))

MusterEditorTool *
muster_place_tool_new (void)
{
  return g_object_new (MUSTER_TYPE_PLACE_TOOL, NULL);
}

/* The hex joins the reserve's entry hexes, or leaves them. */
static void
toggle_entry (MusterEditorTool *tool,
              MuHex             hex)
{
  MuReserve *r = muster_tool_options_entry_reserve (muster_editor_tool_get_options (tool),
                                                    muster_editor_tool_get_scenario (tool));
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  if (r == NULL)
    {
      muster_editor_tool_message (tool, _("The scenario has no reserves; add one with the reserve button on the Forces page"),
                                  FALSE);
      return;
    }
  hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHex h = g_array_index (r->entry, MuHex, i);

      if (mu_hex_equal (h, hex))
        found = TRUE;
      else
        g_array_append_val (hexes, h);
    }
  if (!found)
    g_array_append_val (hexes, hex);
  muster_editor_tool_report (tool, mu_edit_set_reserve_entry (muster_editor_tool_get_history (tool), r->id,
                                                              (MuHex *) hexes->data, hexes->len, &error),
                             &error);
}

static MusterMapPress
place_press (MusterMapTool          *map_tool,
             const MusterMapPointer *pointer)
{
  MusterEditorTool *tool = MUSTER_EDITOR_TOOL (map_tool);
  MuEditHistory *history;
  const char *text;
  gboolean table;
  MuHex hex;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (!muster_editor_tool_is_attached (tool))
    return MUSTER_MAP_PRESS_IGNORE;
  table = muster_editor_tool_is_table (tool);
  if (!pointer->picked || (!table && muster_editor_tool_get_scenario (tool)->hex_map == NULL))
    return MUSTER_MAP_PRESS_CLAIM;
  if (!pointer->pick.on_board)
    {
      muster_editor_tool_message (tool, table ? _("That point is off the table") : _("That point is off the board"),
                                  FALSE);
      return MUSTER_MAP_PRESS_CLAIM;
    }
  history = muster_editor_tool_get_history (tool);
  text = muster_editor_tool_text (tool);
  /* a table's label and objective stand at the point, a hex map's on the hex */
  hex = table ? MU_HEX_NONE : pointer->pick.hex;
  switch (muster_editor_tool_get_kind (tool))
    {
    case MUSTER_TOOL_LABEL:
      muster_editor_tool_report (tool, mu_edit_add_label (history, text ? text : _("Label"), hex,
                                                          table ? pointer->pick.table.x : 0,
                                                          table ? pointer->pick.table.y : 0, &error) >= 0,
                                 &error);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (history, text ? text : _("Objective"), hex, pointer->pick.table, &error);
      muster_editor_tool_report (tool, id != NULL, &error);
      break;
    case MUSTER_TOOL_ENTRY:
      if (table)
        muster_editor_tool_message (tool, _("On a tabletop board, use the Area, Line, Label and Objective tools"),
                                    FALSE);
      else
        toggle_entry (tool, hex);
      break;
    default:
      break;
    }
  return MUSTER_MAP_PRESS_CLAIM;
}

static void
muster_place_tool_map_tool_init (MusterMapToolInterface *iface)
{
  iface->press = place_press;
}

static void
muster_place_tool_class_init (MusterPlaceToolClass *klass)
{
}

static void
muster_place_tool_init (MusterPlaceTool *self)
{
}
