/* muster-shape-tool.h: the Area and Line tools of tabletop boards */
#pragma once

#include "muster-editor-tool.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_SHAPE_TOOL (muster_shape_tool_get_type ())
G_DECLARE_FINAL_TYPE (MusterShapeTool, muster_shape_tool, MUSTER, SHAPE_TOOL, MusterEditorTool)

MusterEditorTool *muster_shape_tool_new          (void);
/* Adds the polygon or polyline drawn so far; FALSE when there was none or
 * it was refused. */
gboolean          muster_shape_tool_finish_shape (MusterShapeTool *self);
/* Drops the points drawn so far. */
void              muster_shape_tool_cancel       (MusterShapeTool *self);
guint             muster_shape_tool_get_n_points (MusterShapeTool *self);

G_END_DECLS
