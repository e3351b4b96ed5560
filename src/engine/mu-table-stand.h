/* mu-table-stand.h: the stands of units on a table
 *
 * The engine lays out each unit's stands (TAB-6) as oriented rectangles from a
 * formation shape, the number of stands and the base size (TAB-7, TAB-8), and
 * measures between them: distance (TAB-9, TAB-10), contact and overlap
 * (TAB-11), front arcs (TAB-14) and front, flank and rear (TAB-15).
 *
 * Frames: table units, y down; a facing is in degrees, 0 = towards the top edge
 * of the table, clockwise. A stand's own frame has x across its front (to its
 * right) and y backwards, so its front edge is at y = -depth / 2.
 *
 * Nothing here allocates: callers pass arrays of MuStand, MU_STANDS_MAX is
 * enough for any unit.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

#define MU_STANDS_MAX 64

typedef struct {
  MuPoint centre;
  double width;          /* frontage */
  double depth;
  double facing;         /* degrees */
  guint rank;            /* 0 = the front rank */
} MuStand;

/* How a formation arranges its stands: a plain description a ruleset declares
 * (TAB-6). Stands fill ranks of `files` from the front, left to right; a
 * short last rank keeps to the left, as the table has always been drawn. */
typedef struct {
  const char *id;        /* stable formation id ("line", "column", ...) */
  guint files;           /* stands per rank; 0 = as `ranks` says */
  double gap;            /* space between neighbours in a rank, in frontages */
  guint ranks;           /* with files 0: this many ranks, the front ones
                          * full (a double line: 2); 0 or 1 = one rank */
  gboolean all_round;    /* every direction is its front (a square, TS-AMB-40):
                          * its arc is MU_ARC_ALL_ROUND whatever the ruleset's angle */
  const char *name;      /* N_() for people ("Square"); NULL: the id */
} MuFormationShape;

/* The shapes of the format-1 formations (MuFormation): line (one rank),
 * column (two files), skirmish (one rank, half a frontage apart) and limbered
 * (one file). Owned by the engine. */
const MuFormationShape *mu_formation_shape_default (MuFormation formation);
/* How many files a shape gives n stands (at least 1). */
guint     mu_formation_shape_files  (const MuFormationShape *shape, guint n);

/* TAB-7: one base's frontage and depth for an arm on this table: the table's
 * base-width/base-depth when given (mounted arms and guns twice the given
 * depth), else the common basing of the table's figure scale. */
void      mu_table_base_size        (const MuTableMap *table, MuArm arm,
                                     double *width, double *depth);
/* TAB-2: a length in one table unit converted to another (2.54 cm to the inch). */
double    mu_table_length_convert   (double value, MuLengthUnit from, MuLengthUnit to);
/* TAB-11: the contact tolerance of the table's unit (0.05 in, 0.13 cm). */
double    mu_table_contact_tolerance (MuLengthUnit unit);

/* Lays out n stands of width x depth in `shape` so that the midpoint of the
 * front rank's front edge is `anchor` (TAB-5) and the unit faces `facing`.
 * Writes at most max stands; returns how many were written. */
guint     mu_stands_layout          (const MuFormationShape *shape, guint n,
                                     double width, double depth,
                                     MuPoint anchor, double facing,
                                     MuStand *out, guint max);
/* The stands of a counter on a table. Commanders are one square stand of the
 * infantry frontage; a unit has `strength` stands (the counter's own when 0),
 * TAB-8. Format-1 scenarios record the centre of the unit's footprint (as the
 * table has always been drawn), so `centre` is that point; the anchor is
 * derived from it. shape NULL = mu_formation_shape_default (formation). */
guint     mu_table_counter_stands   (const MuTableMap *table, const MuCounter *counter,
                                     const MuFormationShape *shape, MuFormation formation,
                                     int strength, MuPoint centre, double facing,
                                     MuStand *out, guint max);

/* Corners of a stand: front-left, front-right, rear-right, rear-left. */
void      mu_stand_corners          (const MuStand *stand, MuPoint corners[4]);
/* The unit vector a facing points to. */
MuPoint   mu_facing_vector          (double facing);
/* Mean of the stands' centres. */
MuPoint   mu_stands_centre          (const MuStand *stands, guint n);
/* The smallest rectangle in the first stand's frame holding every stand (the
 * unit's footprint), as a stand; rank 0. */
MuStand   mu_stands_footprint       (const MuStand *stands, guint n);
/* The anchor of a unit: the midpoint of its footprint's front edge (TAB-5). */
MuPoint   mu_stands_anchor          (const MuStand *stands, guint n);

/* TAB-9, TAB-10: edge-to-edge distance; 0 when they touch or overlap. */
double    mu_stand_distance         (const MuStand *a, const MuStand *b);
double    mu_stands_distance        (const MuStand *a, guint n_a, const MuStand *b, guint n_b);
/* Distance from a point (a commander's position, a stand's front edge
 * midpoint) to the nearest point of any of the stands. */
double    mu_stands_point_distance  (const MuStand *stands, guint n, MuPoint p);
/* TAB-10: range, from the front edge of `firer` to the nearest point of the
 * target's stands. */
double    mu_stand_range            (const MuStand *firer, const MuStand *target, guint n_target);
/* TAB-4: whether the stands are within `limit` of each other, the same as
 * mu_table_within (mu_stands_distance (...), limit) but stopping at the
 * first pair within it and skipping pairs whose boxes are farther apart. */
gboolean  mu_stands_within          (const MuStand *a, guint n_a, const MuStand *b, guint n_b,
                                     double limit);
/* TAB-11: in contact when at most `tolerance` apart (and not overlapping). */
gboolean  mu_stands_in_contact      (const MuStand *a, guint n_a, const MuStand *b, guint n_b,
                                     double tolerance);
/* TAB-11: whether any stand of a overlaps any of b (more than 1e-6 units deep). */
gboolean  mu_stands_overlap         (const MuStand *a, guint n_a, const MuStand *b, guint n_b);

/* A box that holds a unit's stands, from their centres and sizes alone (no
 * corners worked out): a first test, cheaper than the pairs of stands, for
 * the loops that measure a unit against every other. */
typedef struct {
  double x0, y0, x1, y1;   /* x0 > x1 when there are no stands */
} MuStandsBox;

/* How much a stand's loose box is widened, and how much farther apart
 * than a limit two boxes must be before the stands' exact test is
 * skipped: far above the rounding of any table's coordinates. */
#define MU_STANDS_BOX_SLACK 1e-6

void      mu_stands_box             (const MuStand *stands, guint n, MuStandsBox *box);
/* FALSE only when the stands boxed in a and those boxed in b are surely
 * more than `limit` apart: then mu_stands_within (..., limit) and, with a
 * limit of 0, mu_stands_overlap () are FALSE too. */
gboolean  mu_stands_boxes_near      (const MuStandsBox *a, const MuStandsBox *b, double limit);

typedef struct {
  guint a, b;
} MuStandsPair;

/* The pairs of the n boxes that mu_stands_boxes_near () finds near with a
 * limit of 0, each both ways round, ordered by a then by b: the only pairs
 * of units whose stands may overlap, found in about n log n. The caller
 * frees the array. */
GArray   *mu_stands_boxes_near_pairs (const MuStandsBox *boxes, guint n);

typedef enum {
  MU_ARC_ANY_PART,       /* TAB-14: a target is in the arc if any part of it is */
  MU_ARC_WHOLE_STAND,    /* toy-soldiers TS-GEN-4: at least one complete stand */
} MuArcTest;

/* A half angle of this many degrees or more is an arc of 360 degrees: every
 * point of the table is in it and every attacker is in front (a square,
 * TS-AMB-40; a village block, TS-AMB-85). */
#define MU_ARC_ALL_ROUND 180.0

/* The half angle of a formation's arc: MU_ARC_ALL_ROUND for an all-round
 * shape, else the ruleset's `half_angle`. */
double    mu_formation_shape_arc    (const MuFormationShape *shape, double half_angle);

/* TAB-14: whether the target stands are in the front arc of the unit whose
 * stands are `unit`, lines at `half_angle` degrees (45 unless the ruleset
 * says otherwise; below 90, or MU_ARC_ALL_ROUND) outward from the front
 * corners. The unit's arc is the union of its front-rank stands' arcs
 * (TS-AMB-42): MU_ARC_WHOLE_STAND asks that the four corners of one target
 * stand lie in that union, each in the arc of any front-rank stand. */
gboolean  mu_stands_in_arc          (const MuStand *unit, guint n_unit, double half_angle,
                                     const MuStand *target, guint n_target, MuArcTest test);
/* Whether a point lies in the arc of a single stand (TAB-14; the front edge itself is in it). */
gboolean  mu_stand_arc_contains     (const MuStand *stand, double half_angle, MuPoint p);
/* Whether a point lies in the arc of a whole front rank: the union of the
 * arcs of the unit's rank-0 stands (TS-AMB-42, boundary included). */
gboolean  mu_stands_arc_contains    (const MuStand *unit, guint n_unit, double half_angle, MuPoint p);
/* Whether some part of the polygon (a village block) lies in the unit's
 * arc (TS-AMB-42: "a village block is to a unit's front when any part of
 * its polygon is in the unit's arc"). */
gboolean  mu_polygon_in_arc         (const MuStand *unit, guint n_unit, double half_angle,
                                     const MuPoint *polygon, guint n_polygon);
/* The arc of an area that is a unit's footprint (a garrison's block): with
 * MU_ARC_ALL_ROUND every point; otherwise the union of its faces' arcs, each
 * edge of the polygon a face whose arc is TAB-14's construction outward from
 * the polygon at `half_angle` from the edge's ends (TS-AMB-85). */
gboolean  mu_polygon_arc_contains   (const MuPoint *polygon, guint n_polygon, double half_angle,
                                     MuPoint p);

typedef enum {
  MU_SECTOR_FRONT,
  MU_SECTOR_FLANK,
  MU_SECTOR_REAR,
} MuSector;

/* TAB-15: where `attacker_centre` lies seen from the target unit: inside the
 * front arc of its footprint, inside the same construction behind its rear
 * edge, or else on a flank. An all-round target (half_angle
 * MU_ARC_ALL_ROUND) has no flank or rear: always the front. */
MuSector  mu_stands_sector          (const MuStand *target, guint n_target, double half_angle,
                                     MuPoint attacker_centre);
const char *mu_sector_to_string     (MuSector sector);

/* TAB-17: "directly away": the unit vector along the line from the centre of
 * the enemy's stand nearest the unit through the centre of the unit (the
 * mean of its stands' centres); (0, 0) when the two coincide. Nearest is
 * measured between stand centres; when two enemy stands are equally near
 * (TAB-4), the line starts at the centre of the enemy's footprint. */
MuPoint   mu_stands_away_vector     (const MuStand *unit, guint n_unit,
                                     const MuStand *enemy, guint n_enemy);

/* The area of the stand's footprint that lies inside the union of the
 * polygons (each by the even-odd rule), exact: the footprint is cut into
 * strips across its frontage at every vertex and crossing, inside which the
 * covered depth varies linearly. For "most of a base is in it" (BAT-AMB-16). */
double    mu_stand_area_in_polygons (const MuStand *stand, const MuPoint *const *polygons,
                                     const guint *n_points, guint n_polygons);

/* TAB-13: how many stands have their centre inside the polygon; a unit is in
 * an area when at least half of its stands are (mu_stands_in_polygon). */
guint     mu_stands_count_in_polygon (const MuStand *stands, guint n,
                                      const MuPoint *polygon, guint n_polygon);
gboolean  mu_stands_in_polygon      (const MuStand *stands, guint n,
                                     const MuPoint *polygon, guint n_polygon);

G_END_DECLS
