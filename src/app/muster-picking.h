/* muster-picking.h: widget space <-> board space, and what lies under a point
 *
 * Pure geometry without GTK so that it can be tested exhaustively. The map view
 * shows the board scaled by `zoom` with the board origin at widget point
 * (x, y):
 *
 *   widget = board * zoom + origin        board = (widget - origin) / zoom
 *
 * Board pixels are those of the renderer (mu-render.h): hex boards use
 * mu_hex_center() with size = hex_size, tables are table units times
 * table_scale.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct {
  double zoom;           /* widget pixels per board pixel, > 0 */
  double x, y;           /* where the board origin is in the widget */
} MusterViewTransform;

void     muster_view_transform_init      (MusterViewTransform *transform);
void     muster_view_to_board            (const MusterViewTransform *transform,
                                          double wx, double wy, double *bx, double *by);
void     muster_view_to_widget           (const MusterViewTransform *transform,
                                          double bx, double by, double *wx, double *wy);
/* Changes the zoom keeping the board point under widget point (wx, wy) there. */
void     muster_view_zoom_around         (MusterViewTransform *transform, double zoom,
                                          double wx, double wy);
/* The zoom and origin that show a board of width x height board pixels whole
 * and centred in a widget of the given size, leaving `margin` widget pixels. */
void     muster_view_fit                 (MusterViewTransform *transform,
                                          double board_width, double board_height,
                                          double widget_width, double widget_height,
                                          double margin);

/* What lies under a board point. */
typedef struct {
  gboolean on_board;     /* inside the hex grid / the table */
  /* hex boards */
  MuHex hex;             /* the hex under the point (may be off the board) */
  int side_dir;          /* nearest hexside of `hex`, 0..5 */
  double side_distance;  /* board pixels from the point to that hexside */
  MuHexside side;        /* the same hexside in canonical form */
  /* tables */
  MuPoint table;         /* the point in table units */
} MusterPick;

/* board_scale is the hex size (centre to corner) for hex boards and the board
 * pixels per table unit for tables. */
void     muster_pick_board               (const MuScenario *scenario, double board_scale,
                                          double bx, double by, MusterPick *pick);

G_END_DECLS
