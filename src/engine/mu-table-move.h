/* mu-table-move.h: the move evaluator (TAB-12) and the reachable region
 *
 * A move is a list of steps applied to a unit's pose (anchor and facing,
 * TAB-5): straight moves of the anchor, wheels about a front corner, and turns
 * in place. The evaluator measures the anchor's path (a wheel along the arc
 * of the outer front corner), charges difficult terrain in proportion to the
 * length of the path inside it (TAB-13), takes a road's allowance when the
 * whole path stays on roads, and checks the whole swept path, not only the
 * end pose: a move may not pass through enemy stands, impassable terrain,
 * water away from fords and bridges, or over the table's edge.
 *
 * Parameters are the ruleset's (movement rates, what is difficult); plain
 * structs so that a ruleset can fill them from its data.
 */
#pragma once

#include <glib.h>

#include "mu-table-stand.h"
#include "mu-table-terrain.h"

G_BEGIN_DECLS

typedef enum {
  MU_STEP_MOVE,          /* the anchor goes straight to `to`, facing kept */
  MU_STEP_WHEEL,         /* wheel by `angle` degrees (positive: clockwise) about
                          * the front corner on the inside of the turn */
  MU_STEP_TURN,          /* turn in place to face `angle` degrees */
} MuStepKind;

typedef struct {
  MuStepKind kind;
  MuPoint to;
  double angle;
  /* MU_STEP_TURN: about the anchor, which stays where it is (a pose's
   * facing, TAB-5: baa-table's `@X,Y/F`; every turn in place of
   * regimental's, QRS-AMB-57), rather than about the centre of
   * the footprint */
  gboolean about_anchor;
} MuMoveStep;

/* The unit that moves: its layout and starting pose. */
typedef struct {
  const MuFormationShape *shape;
  guint n_stands;
  double width, depth;   /* one stand */
  MuPoint anchor;
  double facing;
} MuMoveUnit;

/* How a ruleset rounds an allowance that a crossing has changed. */
typedef enum {
  MU_ROUND_EXACT,        /* as computed (regimental: "half a move is exact") */
  MU_ROUND_UP,           /* up to a multiple of round_to (mn-acw: halving rounds up) */
  MU_ROUND_DOWN,
} MuRounding;

typedef struct {
  double allowance;                     /* table units, open ground */
  /* Allowance when the whole path stays on lines of a kind (roads,
   * turnpikes); 0 = no bonus for that kind. */
  double line_allowance[MU_LINE_N];
  /* Cost of a unit of length inside an area of the kind: 1 open, 2 half
   * speed; where areas overlap the dearest counts. */
  double area_cost[MU_AREA_N];
  gboolean area_impassable[MU_AREA_N];
  /* A crossing of a line of the kind multiplies the allowance (0.5: a fence
   * halves the move, MN-EX-18); 1 = no effect. Applied once, however many
   * lines and kinds the move crosses: the smallest factor of the kinds
   * crossed (MN-AMB-53: "halved ... only once"), the product then rounded
   * as factor_rounding says to a multiple of round_to (0: exact). */
  double crossing_factor[MU_LINE_N];
  MuRounding factor_rounding;
  double round_to;
  /* Whose paths cross lines, for crossing_factor, line_cost and
   * result->crossed, and for water away from a crossing: FALSE the
   * anchor's (TAB-12), TRUE the centre of every stand, each along its own
   * path (MN-AMB-53, MN-AMB-77, TS-AMB-47). */
  gboolean crossings_by_stands;
  /* A mask of 1 << MuLineKind (fords, bridges): a crossing within the drawn
   * width of a line of these kinds counts as none for crossing_factor,
   * line_cost and result->crossed (TS-AMB-47: "the path within a
   * crossing's drawn width crosses nothing"). */
  guint free_crossings;
  /* A mask of 1 << MuLineKind: the kinds whose crossings result->crossed
   * reports (TS-AMB-47's fences and walls give disorder), besides those
   * with a crossing_factor. */
  guint crossing_kinds;
  /* A line's drawn width charged as terrain (QRS-AMB-55: a stream is Rough
   * across its width): the length of the anchor's path within half the
   * line's width costs this much a unit, the dearer of it and the areas
   * there counting; 1 = nothing. */
  double line_cost[MU_LINE_N];
  gboolean line_impassable[MU_LINE_N];  /* may not be crossed at all */
  gboolean water_needs_crossing;        /* rivers and streams only at fords and bridges */
  gboolean streams_crossable;           /* with water_needs_crossing: streams anywhere (the
                                         * ruleset charges for them), rivers at crossings */
  const char *area_rule;                /* rule id reported for an area the ruleset closes
                                         * (area_impassable of a kind other than impassable
                                         * and water; NULL: TAB-12) */
  const char *water_rule;               /* rule id reported for water away from a crossing
                                         * (NULL: TAB-12) */
  double turn_cost;                     /* per turn in place of up to 90 degrees (twice
                                         * that for more; none for no turn) */
  const char *allowance_rule;           /* rule id reported for "too far" */

  /* The directions a move may take (MN-AMB-47, MN-AMB-48, TS-AMB-48): the
   * angle between a straight step and the unit's facing at that step lies
   * in [step_angle_min, step_angle_max] degrees (0 straight ahead, 180
   * straight back; TAB-4); the wheels total at most wheel_max degrees
   * (their absolute values; < 0 no limit); at most max_moves straight
   * steps (0 any number); no turn in place with turns_refused. A step
   * outside them makes the move illegal at that step's start, with
   * direction_rule. */
  double step_angle_min, step_angle_max;
  double wheel_max;
  guint max_moves;
  gboolean turns_refused;
  const char *direction_rule;

  /* The caller wants only whether the move is legal (a search among
   * candidate moves). An illegal move's result then says only that: its
   * step and rule are the first obstacle's the sweep met (the allowance
   * is not measured after one), its stop is that step's start, the
   * reason is there only when at hand, and length, cost and friend are
   * not worked out. */
  gboolean legal_only;
} MuMoveParams;

/* Open ground everywhere, impassable areas and lines and water away from
 * crossings refused, nothing charged for turning; allowance 0; crossings
 * judged on the anchor's path, exact; any direction, wheel and turn. */
void      mu_move_params_init       (MuMoveParams *params);

typedef struct {
  gboolean legal;
  double length;         /* along the anchor's path (wheels: the outer corner's arc) */
  double cost;           /* the length with terrain charged */
  double allowance;      /* after roads and crossings */
  MuPoint anchor;        /* the end pose */
  double facing;
  /* When not legal: the first illegal point (the anchor there), which step,
   * why (translated) and the rule that forbids it. */
  MuPoint stop;
  double stop_along;     /* the length along the path up to stop */
  guint step;
  const char *rule;
  char *reason;          /* owned; g_free */
  /* The kinds of line the move crosses (1 << MuLineKind, of the kinds
   * params->crossing_kinds names or that have a crossing_factor; by whose
   * paths params->crossings_by_stands says, free crossings left out), and
   * the factor the allowance took from them (1: none). */
  guint crossed;
  double factor;
  /* The first friendly unit whose stands the swept path meets, up to the
   * end or to `stop` (mu_table_move_check_among): its index, the step, the
   * anchor where the mover's stands first touch it and the length of the
   * path up to there (MN-AMB-52, TS-AMB-51). */
  gboolean friend_met;
  guint friend;
  guint friend_step;
  MuPoint friend_at;
  double friend_along;
} MuMoveResult;

/* The other units on the table, as a move sees them. */
typedef struct {
  const MuStand *enemies;       /* may not be passed through (contact is allowed, TAB-11) */
  guint n_enemies;
  const MuStand *friends;       /* may be passed through; the first met is reported */
  guint n_friends;
  const guint *friend_unit;     /* the unit of each friendly stand; NULL: its index */
} MuMoveOthers;

/* Evaluates the steps. `enemies` are the stands the move may not pass through
 * (contact is allowed, TAB-11). result->reason must be freed. */
gboolean  mu_table_move_check       (MuTerrainIndex *index, const MuMoveParams *params,
                                     const MuMoveUnit *unit,
                                     const MuMoveStep *steps, guint n_steps,
                                     const MuStand *enemies, guint n_enemies,
                                     MuMoveResult *result);
/* The same among enemies and friends (others may be NULL). */
gboolean  mu_table_move_check_among (MuTerrainIndex *index, const MuMoveParams *params,
                                     const MuMoveUnit *unit,
                                     const MuMoveStep *steps, guint n_steps,
                                     const MuMoveOthers *others, MuMoveResult *result);
void      mu_move_result_clear      (MuMoveResult *result);
/* The straight paths of n points (stand centres, TS-AMB-47) from from[i]
 * to to[i], judged as a move with params judges its stands' paths: the
 * kinds of line in `kinds` they cross (1 << MuLineKind), crossings within
 * the drawn width of params->free_crossings left out; and in *water
 * (when not NULL) a reason, to be freed, when one crosses water away from
 * a ford or bridge (params->water_needs_crossing), else NULL. For moves
 * that the sweep does not evaluate, such as a charge's slide. */
guint     mu_table_paths_crossed    (MuTerrainIndex *index, const MuMoveParams *params,
                                     const MuPoint *from, const MuPoint *to, guint n,
                                     guint kinds, char **water);
/* The anchor and facing of u `along` its path of steps, lengths measured
 * as mu_table_move_check measures them (a wheel along its outer front
 * corner's arc; a turn in place has none and is made once its point is
 * reached); beyond the end, the end pose. No obstacle is looked at. */
void      mu_table_move_pose_along  (const MuMoveUnit *u, const MuMoveStep *steps, guint n_steps,
                                     double along, MuPoint *anchor, double *facing);

/* The places the unit's anchor can reach in one straight move, facing kept,
 * sampled on a grid of `cell` table units around it: cells[row * cols + col]
 * is 1 where a move there is legal and within the allowance. */
typedef struct {
  MuPoint origin;        /* the centre of cell (0, 0) */
  double cell;
  guint cols, rows;
  guint8 *cells;         /* owned */
} MuReachable;

void      mu_table_reachable        (MuTerrainIndex *index, const MuMoveParams *params,
                                     const MuMoveUnit *unit,
                                     const MuStand *enemies, guint n_enemies,
                                     double cell, MuReachable *out);
void      mu_reachable_clear        (MuReachable *reachable);

G_END_DECLS
