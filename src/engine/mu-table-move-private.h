/* mu-table-move-private.h: what the parts of the move evaluator share
 *
 * mu-table-move.c sweeps and measures a move; mu-table-move-limits.c holds
 * what the table rulesets declare on top (directions and wheels, crossings,
 * the first friend met). Internal to the engine.
 */
#pragma once

#include <glib.h>

#include "mu-table-move.h"

G_BEGIN_DECLS

/* The helpers below are hidden in the library, so that the compiler may
 * still inline them into the sweep's inner loops. */

/* Rotations are followed in steps of at most this many degrees; between two
 * of them each stand sweeps the hull of its two poses. */
#define ROTATION_STEP 5.0

typedef struct {
  MuPoint anchor;
  double facing;
} MuMovePose;

typedef struct {
  MuTerrainIndex *ix;
  const MuMoveParams *p;
  const MuMoveUnit *u;
  const MuStand *enemies;
  guint n_enemies;
  const MuStand *friends;
  guint n_friends;
  GArray *areas, *lines;
  GArray *near;               /* scratch: the enemy stands near one sweep */
  const char *rule;
  char *reason;
  gboolean impassable;        /* the table has an impassable area or line */
  gboolean line_costs;        /* a line of the table has a line_cost */
  gboolean water;             /* a line of the table needs a ford or bridge */
  double line_margin;         /* half the widest such line's width */
} MuMoveCtx;

/* The corners of a unit's stands in a pose. */
typedef struct {
  MuPoint corners[MU_STANDS_MAX][4];
  MuPoint centres[MU_STANDS_MAX];
  guint n;
} MuPoseCorners;

G_GNUC_INTERNAL
gboolean    mu_move_fail            (MuMoveCtx *c, const char *rule, char *reason);
/* The pose a fraction t through a step, turning about `pivot` (mu_move_step_pivot). */
G_GNUC_INTERNAL
MuMovePose  mu_move_pose_about      (const MuMoveStep *st, MuMovePose start, MuPoint pivot, double t);
G_GNUC_INTERNAL
MuMovePose  mu_move_pose_at         (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start,
                                     double t);
G_GNUC_INTERNAL
MuPoint     mu_move_step_pivot      (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start);
G_GNUC_INTERNAL
double      mu_move_step_rotation   (const MuMoveStep *st, MuMovePose start);
G_GNUC_INTERNAL
void        mu_move_pose_corners    (const MuMoveUnit *u, MuMovePose pose, MuPoseCorners *out);
/* Length and cost of a step from 0 to t. */
G_GNUC_INTERNAL
void        mu_move_step_measure    (MuMoveCtx *c, const MuMoveStep *st, MuMovePose start, double t,
                                     double *length, double *cost);
G_GNUC_INTERNAL
gboolean    mu_move_within_lines    (MuMoveCtx *c, MuPoint at, guint mask);

/* mu-table-move-limits.c */
/* Whether the segment a-b crosses water (rivers; streams unless
 * streams_crossable) only at fords and bridges; else FALSE, the reason in c. */
G_GNUC_INTERNAL
gboolean    mu_move_water_free      (MuMoveCtx *c, MuPoint a, MuPoint b);
G_GNUC_INTERNAL
guint       mu_move_crossed_kinds   (MuMoveCtx *c, const GArray *path, const GArray *centres,
                                     guint n_stands, guint kinds);
G_GNUC_INTERNAL
double      mu_move_round_allowance (const MuMoveParams *p, double v);
G_GNUC_INTERNAL
guint       mu_move_direction_check (MuMoveCtx *c, const MuMoveStep *steps, guint n_steps);
G_GNUC_INTERNAL
void        mu_move_first_friend    (MuMoveCtx *c, const MuMoveStep *steps, const MuMovePose *starts,
                                     guint last, double last_t, const guint *friend_unit,
                                     MuMoveResult *r);

G_END_DECLS
