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
} MuMoveStep;

/* The unit that moves: its layout and starting pose. */
typedef struct {
  const MuFormationShape *shape;
  guint n_stands;
  double width, depth;   /* one stand */
  MuPoint anchor;
  double facing;
} MuMoveUnit;

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
   * halves the move, MN-EX-18); 1 = no effect. Applied once per kind. */
  double crossing_factor[MU_LINE_N];
  gboolean line_impassable[MU_LINE_N];  /* may not be crossed at all */
  gboolean water_needs_crossing;        /* rivers and streams only at fords and bridges */
  gboolean streams_crossable;           /* with water_needs_crossing: streams anywhere (the
                                         * ruleset charges for them), rivers at crossings */
  double turn_cost;                     /* per turn in place */
  const char *allowance_rule;           /* rule id reported for "too far" */
} MuMoveParams;

/* Open ground everywhere, impassable areas and lines and water away from
 * crossings refused, nothing charged for turning; allowance 0. */
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
  guint step;
  const char *rule;
  char *reason;          /* owned; g_free */
} MuMoveResult;

/* Evaluates the steps. `enemies` are the stands the move may not pass through
 * (contact is allowed, TAB-11). result->reason must be freed. */
gboolean  mu_table_move_check       (MuTerrainIndex *index, const MuMoveParams *params,
                                     const MuMoveUnit *unit,
                                     const MuMoveStep *steps, guint n_steps,
                                     const MuStand *enemies, guint n_enemies,
                                     MuMoveResult *result);
void      mu_move_result_clear      (MuMoveResult *result);

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
