/* mu-table-terrain.h: what lies under and along things on a table
 *
 * A MuTerrainIndex is built once per table (and again after the table is
 * edited) and answers "which areas hold this point", "which areas and lines
 * does this segment meet", the hill level at a point and whether a path stays
 * on a road, fast on a table with hundreds of areas: a uniform grid of
 * buckets of area and line indices, filled from their bounding boxes.
 *
 * The index borrows the table: it must outlive neither the table nor an edit
 * of it. Queries keep a scratch stamp in the index, so one index serves one
 * thread at a time.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct _MuTerrainIndex MuTerrainIndex;

MuTerrainIndex *mu_terrain_index_new     (const MuTableMap *table);
void            mu_terrain_index_free    (MuTerrainIndex *index);
const MuTableMap *mu_terrain_index_table (const MuTerrainIndex *index);

/* Indices of the areas whose polygon holds p, in file order; writes at most
 * max, returns how many hold it (which may be more than max). */
guint     mu_terrain_areas_at        (MuTerrainIndex *index, MuPoint p, guint *out, guint max);
/* Areas and lines whose bounding boxes the segment a-b (widened by `margin`)
 * may meet: a superset of those it meets, each once, in file order. The
 * arrays (of guint) are cleared first; either may be NULL. */
void      mu_terrain_candidates      (MuTerrainIndex *index, MuPoint a, MuPoint b, double margin,
                                      GArray *areas, GArray *lines);
/* The hill level at p: the highest level of the hill areas holding it (a
 * hill's level applies inside its polygon, TAB-16); 0 off the hills. */
int       mu_terrain_level_at        (MuTerrainIndex *index, MuPoint p);
/* Whether every segment of the path lies within half the width of a line of
 * one of the kinds in `kinds` (a mask of 1 << MuLineKind); the corridors of
 * several lines join. */
gboolean  mu_terrain_path_on_lines   (MuTerrainIndex *index, const MuPoint *path, guint n_path,
                                      guint kinds);
/* The drawn or default width of a line, in table units. */
double    mu_terrain_line_width      (const MuTableMap *table, const MuPolyline *line);

/* Where segment a-b crosses the edges of the areas (indices into
 * table->areas, as mu_terrain_candidates gives them) that `keep` accepts:
 * their parameters (0 to 1) with 0 and 1, sorted, into ts (cleared first).
 * Between two of them each such area holds all of the piece or none. */
void      mu_terrain_segment_cuts    (const MuTableMap *table, const GArray *areas, MuPoint a, MuPoint b,
                                      gboolean (*keep) (const MuArea *area, gconstpointer data),
                                      gconstpointer data, GArray *ts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuTerrainIndex, mu_terrain_index_free)

G_END_DECLS
