/* muster-map-view.h: the board canvas
 *
 * Draws a MusterScene with the renderer. The terrain and the pieces are kept
 * as cached tiles at the current zoom, so that panning only blits; tiles are
 * drawn again when the zoom or the scene changes.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-pos.h"
#include "muster-map-tool.h"
#include "muster-picking.h"
#include "muster-scene.h"

G_BEGIN_DECLS

/* Board pixels at zoom 1: the hex size (centre to corner) and the table scale
 * (per inch; per centimetre it is this divided by 2.54). */
#define MUSTER_MAP_VIEW_HEX_SIZE      32.0
/* The radius of a drag handle's knob on screen, in widget pixels. */
#define MUSTER_MAP_VIEW_HANDLE_RADIUS 6.0
#define MUSTER_MAP_VIEW_PX_PER_INCH   24.0
#define MUSTER_MAP_VIEW_MIN_ZOOM      0.05
#define MUSTER_MAP_VIEW_MAX_ZOOM      8.0

#define MUSTER_TYPE_MAP_VIEW (muster_map_view_get_type ())
G_DECLARE_FINAL_TYPE (MusterMapView, muster_map_view, MUSTER, MAP_VIEW, GtkWidget)

GtkWidget   *muster_map_view_new              (void);

void         muster_map_view_set_scene        (MusterMapView *self, MusterScene *scene);
MusterScene *muster_map_view_get_scene        (MusterMapView *self);

double       muster_map_view_get_zoom         (MusterMapView *self);
/* Zooms around widget point (x, y); clamped to the zoom limits. */
void         muster_map_view_zoom_at          (MusterMapView *self, double zoom, double x, double y);
/* Zoom steps of a gesture or of scrolling: the board shows the last drawn
 * tiles scaled until the zoom has not changed for a moment. */
void         muster_map_view_zoom_continuous  (MusterMapView *self, double factor, double x, double y);
gboolean     muster_map_view_get_settling     (MusterMapView *self);
void         muster_map_view_zoom_in          (MusterMapView *self);
void         muster_map_view_zoom_out         (MusterMapView *self);
void         muster_map_view_zoom_to_fit      (MusterMapView *self);
/* Zooms in to min_zoom at least and centres board point `at` (board
 * pixels), once the view is laid out when it is not yet. */
void         muster_map_view_focus_point      (MusterMapView *self, MuPoint at, double min_zoom);
/* The view as a saved match keeps it: the zoom and the board point in the
 * middle of the view in board units (hex sizes, centre to corner, on a hex
 * board; table units on a table). Setting it shows that point in the
 * middle at that zoom (clamped to the limits; a board smaller than the view
 * sits in its middle), once the view is laid out. Getting it is FALSE
 * before the view has a size and a scene. */
void         muster_map_view_set_view         (MusterMapView *self, double zoom, MuPoint centre);
gboolean     muster_map_view_get_view         (MusterMapView *self, double *zoom, MuPoint *centre);
/* No tooltip near widget point (x, y) (where a drag ended) until the
 * pointer moves away from it. */
void         muster_map_view_quiet_tooltip    (MusterMapView *self, double x, double y);
/* Moves the board by (dx, dy) widget pixels. */
void         muster_map_view_pan              (MusterMapView *self, double dx, double dy);
void         muster_map_view_get_transform    (MusterMapView *self, MusterViewTransform *transform);

/* The renderer options for the current scene (board pixels at zoom 1). */
void         muster_map_view_get_render_options (MusterMapView *self, MuRenderOptions *options);

/* What lies under a widget point; returns FALSE without a scenario.
 * *piece receives the index of the topmost piece there or -1. */
gboolean     muster_map_view_pick             (MusterMapView *self, double x, double y,
                                               MusterPick *pick, int *piece);

/* The status line for the pointer position ("Hex 0412 · Woodland"), or "". */
const char  *muster_map_view_get_position_text (MusterMapView *self);
/* The tooltip text for a widget point, newly allocated, or NULL. */
char        *muster_map_view_describe_at      (MusterMapView *self, double x, double y);
/* The keyboard's hex cursor on a hex board: the arrow keys show and move
 * it (Shift+arrows pan); Enter is a click at its middle, a press and a
 * release that the active tool is told of as of a pointer's. FALSE while
 * it is hidden. */
gboolean     muster_map_view_get_cursor       (MusterMapView *self, MuHex *hex);
/* Shows the cursor at hex (the view pans to keep it in sight), or hides it
 * (NULL or off the board); "cursor-moved" (x, y) tells where it went. */
void         muster_map_view_set_cursor       (MusterMapView *self, const MuHex *hex);
/* The tool told of the primary button's presses, drags and releases, of
 * Enter on the cursor and of the pointer's motion (muster-map-tool.h), or
 * NULL; the view holds it. */
void           muster_map_view_set_tool       (MusterMapView *self, MusterMapTool *tool);
MusterMapTool *muster_map_view_get_tool       (MusterMapView *self);
/* What the tool is told of widget point (x, y): the hex or table point
 * there and the topmost piece, with the modifier keys `state`. */
void           muster_map_view_get_pointer    (MusterMapView *self, double x, double y,
                                               GdkModifierType state, MusterMapPointer *pointer);
/* A hex's centre or a table point in board pixels (the scene's trace). */
void         muster_map_view_pos_to_board     (MusterMapView *self, const MuPos *pos, MuPoint *board);

G_END_DECLS
