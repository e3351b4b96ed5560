/* muster-place-tool.h: the Label, Objective and Entry tools, which place
 * what they make where the board is clicked */
#pragma once

#include "muster-editor-tool.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PLACE_TOOL (muster_place_tool_get_type ())
G_DECLARE_FINAL_TYPE (MusterPlaceTool, muster_place_tool, MUSTER, PLACE_TOOL, MusterEditorTool)

MusterEditorTool *muster_place_tool_new (void);

G_END_DECLS
