/* mu-region.h: a region of a table, "where a counter can go now"
 *
 * On a hex board the places a counter can reach are a set of hexes; on a
 * table they are a region of the plane. A region is a union of polygons,
 * each an outer ring that may have holes (rings it does not cover), in
 * table units, y down. Curved shapes (a disc of the move allowance) are
 * approximated by polygons: mu_region_add_disc().
 *
 * The region owns its rings; accessors return borrowed arrays valid while
 * the region lives unchanged.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct _MuRegion MuRegion;

MuRegion      *mu_region_new           (void);
void           mu_region_free          (MuRegion *region);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuRegion, mu_region_free)

/* Adds a polygon (its outer ring, at least 3 points, copied); returns its
 * index. */
guint          mu_region_add_polygon   (MuRegion *region, const MuPoint *points, guint n_points);
/* Adds a hole (a ring, at least 3 points, copied) to polygon `polygon`. */
void           mu_region_add_hole      (MuRegion *region, guint polygon, const MuPoint *points,
                                        guint n_points);
/* Adds a disc as a regular polygon of n_sides (at least 8) inscribed in
 * the circle; returns its index. */
guint          mu_region_add_disc      (MuRegion *region, MuPoint centre, double radius,
                                        guint n_sides);

gboolean       mu_region_is_empty      (const MuRegion *region);
/* Whether p lies in one of the polygons and in none of that polygon's holes
 * (each ring by the even-odd rule). */
gboolean       mu_region_contains      (const MuRegion *region, MuPoint p);
/* The area covered: each polygon's outer area less its holes' (polygons are
 * not expected to overlap). */
double         mu_region_area          (const MuRegion *region);
/* The bounding box of the outer rings; FALSE when the region is empty. */
gboolean       mu_region_get_bounds    (const MuRegion *region, MuPoint *min, MuPoint *max);

guint          mu_region_n_polygons    (const MuRegion *region);
/* The outer ring of polygon i (of MuPoint). */
const GArray  *mu_region_get_outer     (const MuRegion *region, guint i);
guint          mu_region_n_holes       (const MuRegion *region, guint i);
/* Hole h of polygon i (of MuPoint). */
const GArray  *mu_region_get_hole      (const MuRegion *region, guint i, guint h);

G_END_DECLS
