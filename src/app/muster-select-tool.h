/* muster-select-tool.h: the Select tool, which picks the item under the
 * pointer and moves or turns it */
#pragma once

#include "muster-editor-tool.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_SELECT_TOOL (muster_select_tool_get_type ())
G_DECLARE_FINAL_TYPE (MusterSelectTool, muster_select_tool, MUSTER, SELECT_TOOL, MusterEditorTool)

MusterEditorTool *muster_select_tool_new         (void);
/* A press picked an item that the drag moves or turns. */
gboolean          muster_select_tool_is_moving   (MusterSelectTool *self);
/* Drags turn the selected area, line or stand instead of moving it, as
 * with Shift held, until this is set back to FALSE. */
void              muster_select_tool_set_rotate  (MusterSelectTool *self, gboolean rotate);
/* Shows the facing handle of a stand selected on a table and outlines a
 * selected area or line while the tool is active; hides them when not. */
void              muster_select_tool_update_handle (MusterSelectTool *self, gboolean active);

G_END_DECLS
