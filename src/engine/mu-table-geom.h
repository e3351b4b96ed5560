/* mu-table-geom.h: plane geometry of tabletop boards
 *
 * What lies under a point of a table: the terrain polygon that contains it,
 * the polyline nearest to it. Points are in table units (MuPoint), y down.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

/* Whether p lies inside the polygon (closed implicitly; even-odd rule).
 * Fewer than 3 points contain nothing. */
gboolean  mu_polygon_contains        (const MuPoint *points, guint n_points, MuPoint p);
/* Distance from p to the nearest segment of the polyline (to the single point
 * when n_points is 1); G_MAXDOUBLE for no points. */
double    mu_polyline_distance       (const MuPoint *points, guint n_points, MuPoint p);
/* The centroid (mean of the vertices) of a point list; (0, 0) for none. */
MuPoint   mu_points_centre           (const MuPoint *points, guint n_points);

/* Index of the topmost (last drawn) area containing p, or -1. */
int       mu_table_area_at           (const MuTableMap *table, MuPoint p);
/* Index of the polyline nearest to p within tolerance (table units), or -1. */
int       mu_table_line_at           (const MuTableMap *table, MuPoint p, double tolerance);

G_END_DECLS
