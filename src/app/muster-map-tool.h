/* muster-map-tool.h: what the map view tells the active tool of the pointer
 *
 * The map view owns the board's pointer controllers (muster-map-view-input.c)
 * and reports each press, drag, release and motion of the primary button to
 * the tool set on it, with the position already picked: the hex on a hex
 * board, the table point on a table, and the piece under the pointer.
 * Enter on the keyboard's hex cursor comes the same way, as a press and a
 * release at the cursor's hex. The editor's tools (muster-editor-tool.h)
 * and the match's move and fire input are such tools, so hexes and table
 * points, pointer and keyboard, go through the same path.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-pos.h"
#include "muster-picking.h"

G_BEGIN_DECLS

/* One pointer event on the board. */
typedef struct {
  double x, y;                  /* widget point */
  gboolean picked;              /* the view has a scenario and picked the point */
  MusterPick pick;              /* the hex (hex boards) or table point (tables) */
  MuPos pos;                    /* the same as a position; unset off the board */
  int piece;                    /* the topmost scene piece there, or -1 */
  const char *piece_id;         /* its counter's id, or NULL */
  GdkModifierType state;        /* the modifier keys */
  double dx, dy;                /* a drag's offset from its press, widget pixels */
} MusterMapPointer;

/* What a tool makes of a press. */
typedef enum {
  MUSTER_MAP_PRESS_IGNORE,      /* not the tool's: the view forgets the press */
  MUSTER_MAP_PRESS_FOLLOW,      /* follow it, claiming it only if a drag returns TRUE */
  MUSTER_MAP_PRESS_CLAIM,       /* the tool's from the start */
} MusterMapPress;

#define MUSTER_TYPE_MAP_TOOL (muster_map_tool_get_type ())
G_DECLARE_INTERFACE (MusterMapTool, muster_map_tool, MUSTER, MAP_TOOL, GObject)

struct _MusterMapToolInterface
{
  GTypeInterface parent_iface;

  MusterMapPress (*press)   (MusterMapTool *tool, const MusterMapPointer *pointer);
  /* TRUE claims the press for the tool (a press followed became a drag). */
  gboolean       (*drag)    (MusterMapTool *tool, const MusterMapPointer *pointer);
  void           (*release) (MusterMapTool *tool, const MusterMapPointer *pointer);
  /* The pointer moved over the board, pressed or not. */
  void           (*motion)  (MusterMapTool *tool, const MusterMapPointer *pointer);
};

MusterMapPress muster_map_tool_press   (MusterMapTool *tool, const MusterMapPointer *pointer);
gboolean       muster_map_tool_drag    (MusterMapTool *tool, const MusterMapPointer *pointer);
void           muster_map_tool_release (MusterMapTool *tool, const MusterMapPointer *pointer);
void           muster_map_tool_motion  (MusterMapTool *tool, const MusterMapPointer *pointer);

G_END_DECLS
