/* mu-table-geom.h: plane geometry of tabletop boards
 *
 * What lies under a point of a table: the terrain polygon that contains it,
 * the polyline nearest to it. Points are in table units (MuPoint), y down.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

/* TAB-4: every comparison of a distance, angle or allowance on a table
 * allows this much of the table's unit. Positions are printed to 0.01
 * (TAB-3), and their differences in binary floating point fall a few ulps
 * either side of the printed value depending on where on the table they
 * are (13.05 - 13.00 is 0.05000000000000071, 5.05 - 5.00 is
 * 0.04999999999999982): a test without this slack decides the same
 * printed geometry differently at different places. Far below 0.01, it
 * never joins two values that print differently. */
#define MU_TABLE_EPSILON 1e-6

/* TAB-4: "within X" includes exactly X. */
static inline gboolean
mu_table_within (double value, double limit)
{
  return value <= limit + MU_TABLE_EPSILON;
}

/* TAB-4: "more than X" excludes exactly X (the negation of within). */
static inline gboolean
mu_table_beyond (double value, double limit)
{
  return value > limit + MU_TABLE_EPSILON;
}

/* Whether p lies inside the polygon (closed implicitly; even-odd rule).
 * Fewer than 3 points contain nothing. */
gboolean  mu_polygon_contains        (const MuPoint *points, guint n_points, MuPoint p);
/* Distance from p to the nearest segment of the polyline (to the single point
 * when n_points is 1); G_MAXDOUBLE for no points. */
double    mu_polyline_distance       (const MuPoint *points, guint n_points, MuPoint p);
/* Orders doubles ascending (qsort, g_array_sort); for arrays of pairs, by
 * the first. */
int       mu_compare_doubles         (gconstpointer a, gconstpointer b);
/* The centroid (mean of the vertices) of a point list; (0, 0) for none. */
MuPoint   mu_points_centre           (const MuPoint *points, guint n_points);

/* Segments and polylines ------------------------------------------------------ */

/* Distance from p to the segment a-b. */
double    mu_segment_point_distance  (MuPoint a, MuPoint b, MuPoint p);
/* Shortest distance between segments a-b and c-d (0 when they cross or touch). */
double    mu_segment_distance        (MuPoint a, MuPoint b, MuPoint c, MuPoint d);
/* Whether segments a-b and c-d share a point. When they cross properly (one
 * point), *t (may be NULL) is the parameter of that point along a-b (0..1);
 * for collinear overlap, the first shared point. */
gboolean  mu_segment_intersect       (MuPoint a, MuPoint b, MuPoint c, MuPoint d, double *t);
/* Length of a polyline. */
double    mu_polyline_length         (const MuPoint *points, guint n_points);
/* Length of the part of the polyline `path` inside the polygon (even-odd rule).
 * Exact: the path is cut at every polygon edge it crosses. */
double    mu_path_length_inside      (const MuPoint *path, guint n_path,
                                      const MuPoint *polygon, guint n_polygon);
/* Where the polyline `path` crosses the polyline `line`: the number of
 * crossings; the first one's distance along the path in *first_at (may be
 * NULL; G_MAXDOUBLE when none). A path that touches the line counts. */
guint     mu_path_crossings          (const MuPoint *path, guint n_path,
                                      const MuPoint *line, guint n_line,
                                      double *first_at);
/* The point at distance `along` from the start of a polyline (clamped). */
MuPoint   mu_polyline_point_at       (const MuPoint *points, guint n_points, double along);
/* Whether the segment a-b lies within `half_width` of the polyline over its
 * whole length (the union of the corridors of the polyline's segments). */
gboolean  mu_segment_within_corridor (MuPoint a, MuPoint b,
                                      const MuPoint *line, guint n_line, double half_width);

/* The interval [*lo, *hi] of t in [0, 1] where a + t (b - a) lies within r
 * of segment c-d; FALSE when it never does. */
gboolean  mu_segment_corridor_interval (MuPoint a, MuPoint b, MuPoint c, MuPoint d, double r,
                                        double *lo, double *hi);

/* Convex polygons (vertices in order, either orientation) ------------------- */

/* Whether two convex polygons overlap by more than `slack` (separating axis
 * test; touching edges with slack > 0 do not overlap). */
gboolean  mu_convex_overlap          (const MuPoint *a, guint n_a,
                                      const MuPoint *b, guint n_b, double slack);
/* Shortest distance between two convex polygons; 0 when they overlap. */
double    mu_convex_distance         (const MuPoint *a, guint n_a,
                                      const MuPoint *b, guint n_b);
/* Whether the segment p-q meets the convex polygon (crosses it or has an end in it). */
gboolean  mu_convex_meets_segment    (const MuPoint *poly, guint n, MuPoint p, MuPoint q);
/* Convex hull of up to 64 points (counter-clockwise in y-down coordinates
 * does not matter); writes it to out and returns its size. */
guint     mu_convex_hull             (const MuPoint *points, guint n_points, MuPoint *out);

/* Simple polygons --------------------------------------------------------------- */

/* Whether two edges of the polygon that are not neighbours meet. */
gboolean  mu_polygon_self_crossing   (const MuPoint *points, guint n_points);
/* Whether two simple polygons overlap: edges that cross, or one holding a
 * vertex of the other. Polygons that only share a border do not. */
gboolean  mu_polygons_overlap        (const MuPoint *a, guint n_a, const MuPoint *b, guint n_b);
/* Absolute area (shoelace). */
double    mu_polygon_area            (const MuPoint *points, guint n_points);
/* The part of a polygon inside a convex polygon `clip` (either way round),
 * by Sutherland-Hodgman: a new array of MuPoint, empty when they do not
 * meet. Where the part falls in several pieces they come joined by edges
 * along clip's border, which enclose no area (a hole drawn or tested
 * even-odd is still right). */
GArray   *mu_polygon_clip_convex     (const MuPoint *points, guint n_points, const MuPoint *clip,
                                      guint n_clip);

/* Index of the topmost (last drawn) area containing p, or -1. */
int       mu_table_area_at           (const MuTableMap *table, MuPoint p);
/* Index of the polyline nearest to p within tolerance (table units), or -1. */
int       mu_table_line_at           (const MuTableMap *table, MuPoint p, double tolerance);

G_END_DECLS
