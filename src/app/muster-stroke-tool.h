/* muster-stroke-tool.h: the hex tools' strokes (brush, fill, rectangle,
 * lasso, raise, lower, hexside and path) */
#pragma once

#include "muster-editor-tool.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_STROKE_TOOL (muster_stroke_tool_get_type ())
G_DECLARE_FINAL_TYPE (MusterStrokeTool, muster_stroke_tool, MUSTER, STROKE_TOOL, MusterEditorTool)

MusterEditorTool *muster_stroke_tool_new         (void);
/* A press began a stroke that no release has ended. */
gboolean          muster_stroke_tool_is_active   (MusterStrokeTool *self);
/* A lasso's outline is being drawn. */
gboolean          muster_stroke_tool_has_outline (MusterStrokeTool *self);

G_END_DECLS
