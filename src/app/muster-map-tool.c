/* muster-map-tool.c: the interface of the board's pointer tools */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-tool.h"

G_DEFINE_INTERFACE (MusterMapTool, muster_map_tool, G_TYPE_OBJECT)

static void
muster_map_tool_default_init (MusterMapToolInterface *iface)
{
}

/* Every method is optional: a tool without press ignores presses. */
MusterMapPress
muster_map_tool_press (MusterMapTool          *tool,
                       const MusterMapPointer *pointer)
{
  MusterMapToolInterface *iface;

  g_return_val_if_fail (MUSTER_IS_MAP_TOOL (tool), MUSTER_MAP_PRESS_IGNORE);

  iface = MUSTER_MAP_TOOL_GET_IFACE (tool);
  return iface->press ? iface->press (tool, pointer) : MUSTER_MAP_PRESS_IGNORE;
}

gboolean
muster_map_tool_drag (MusterMapTool          *tool,
                      const MusterMapPointer *pointer)
{
  MusterMapToolInterface *iface;

  g_return_val_if_fail (MUSTER_IS_MAP_TOOL (tool), FALSE);

  iface = MUSTER_MAP_TOOL_GET_IFACE (tool);
  return iface->drag ? iface->drag (tool, pointer) : FALSE;
}

void
muster_map_tool_release (MusterMapTool          *tool,
                         const MusterMapPointer *pointer)
{
  MusterMapToolInterface *iface;

  g_return_if_fail (MUSTER_IS_MAP_TOOL (tool));

  iface = MUSTER_MAP_TOOL_GET_IFACE (tool);
  if (iface->release)
    iface->release (tool, pointer);
}

void
muster_map_tool_motion (MusterMapTool          *tool,
                        const MusterMapPointer *pointer)
{
  MusterMapToolInterface *iface;

  g_return_if_fail (MUSTER_IS_MAP_TOOL (tool));

  iface = MUSTER_MAP_TOOL_GET_IFACE (tool);
  if (iface->motion)
    iface->motion (tool, pointer);
}
