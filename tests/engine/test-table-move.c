/* test-table-move.c: what the move evaluator reports and refuses for the
 * table rulesets to come (issue 23 part 8): the first friendly unit met,
 * crossings by every stand's path, a crossing halving once with the
 * ruleset's rounding, a line's drawn width charged as terrain, and limits on
 * a move's directions and wheels. Small tables built in memory. */
#define G_LOG_DOMAIN "test-table-move"

#include "config.h"

#include <math.h>

#include "mu-table-geom.h"
#include "mu-table-move.h"

static MuPolyline *
add_line (MuTableMap *t, MuLineKind kind, double width, double x0, double y0, double x1, double y1)
{
  MuPolyline *l = mu_polyline_new (kind);
  MuPoint p[2] = { { x0, y0 }, { x1, y1 } };

  l->width = width;
  l->id = g_strdup_printf ("l%u", t->lines->len);
  g_array_append_vals (l->points, p, 2);
  g_ptr_array_add (t->lines, l);
  return l;
}

/* A line of n stands 4 x 2, its anchor (front edge midpoint) at (x, y). */
static MuMoveUnit
move_unit (double x, double y, double facing, guint n)
{
  return (MuMoveUnit) { mu_formation_shape_default (MU_FORMATION_LINE), n, 4, 2, { x, y }, facing };
}

static guint
stands_at (MuStand *out, guint n, double x, double y, double facing)
{
  return mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), n, 4, 2,
                           (MuPoint) { x, y }, facing, out, MU_STANDS_MAX);
}

/* MN-AMB-52, TS-AMB-51: the evaluator reports the first friendly unit whose
 * stands the swept path meets, and where the mover's stands first touch
 * it; every stand's path counts, not only the anchor's. */
static void
test_first_friend (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = mu_terrain_index_new (t);
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (10, 40, 0, 1);
  MuMoveStep st = { MU_STEP_MOVE, { 10, 10 }, 0 };
  MuStand friends[4], enemy[1];
  guint unit_of[4] = { 7, 7, 3, 5 };
  MuMoveOthers others = { NULL, 0, friends, 4, unit_of };

  mu_move_params_init (&p);
  p.allowance = 40;
  /* unit 7: two stands whose rear edge is at y = 32 (anchor 30);
   * unit 3: one stand farther on, rear edge at y = 22;
   * unit 5: beside the path, never met */
  stands_at (friends, 2, 12, 30, 0);
  stands_at (friends + 2, 1, 10, 20, 0);
  stands_at (friends + 3, 1, 30, 30, 0);

  /* the order of the friendly stands does not matter: the nearer along
   * the path is met first, though listed first is unit 7 anyway; swap the
   * lists to be sure */
  {
    MuStand swapped[4] = { friends[2], friends[3], friends[0], friends[1] };
    guint swapped_of[4] = { 3, 5, 7, 7 };
    MuMoveOthers o2 = { NULL, 0, swapped, 4, swapped_of };

    g_assert_true (mu_table_move_check_among (ix, &p, &u, &st, 1, &o2, &r));
    g_assert_true (r.friend_met);
    g_assert_cmpuint (r.friend, ==, 7);
    mu_move_result_clear (&r);
  }
  g_assert_true (mu_table_move_check_among (ix, &p, &u, &st, 1, &others, &r));
  g_assert_true (r.friend_met);
  g_assert_cmpuint (r.friend, ==, 7);
  g_assert_cmpuint (r.friend_step, ==, 0);
  /* the mover's front edge (its anchor) touches unit 7's rear edge at 32 */
  g_assert_cmpfloat_with_epsilon (r.friend_at.x, 10, 1e-6);
  g_assert_cmpfloat_with_epsilon (r.friend_at.y, 32, 1e-6);
  g_assert_cmpfloat_with_epsilon (r.friend_along, 8, 1e-6);
  mu_move_result_clear (&r);

  /* ending in contact without passing into it meets nothing (TAB-11) */
  st.to = (MuPoint) { 10, 32 };
  g_assert_true (mu_table_move_check_among (ix, &p, &u, &st, 1, &others, &r));
  g_assert_false (r.friend_met);
  mu_move_result_clear (&r);

  /* a friend in front of the mover's right stand only: the anchor's path
   * passes beside it, the right stand's path meets it */
  u = move_unit (30, 46, 0, 3);      /* stands at x 24..28, 28..32, 32..36 */
  st.to = (MuPoint) { 30, 36 };
  others.n_friends = 1;
  stands_at (friends, 1, 35, 40, 0); /* x 33..37, y 40..42: ahead of the right stand only */
  unit_of[0] = 9;
  g_assert_true (mu_table_move_check_among (ix, &p, &u, &st, 1, &others, &r));
  g_assert_true (r.friend_met);
  g_assert_cmpuint (r.friend, ==, 9);
  g_assert_cmpfloat_with_epsilon (r.friend_at.y, 42, 1e-6);
  mu_move_result_clear (&r);

  /* a move refused at an enemy reports no friend beyond the place it stops */
  u = move_unit (10, 40, 0, 1);
  st.to = (MuPoint) { 10, 10 };
  stands_at (friends, 2, 12, 30, 0);
  unit_of[0] = 7;
  others.n_friends = 4;
  stands_at (enemy, 1, 10, 35, 180);  /* facing down: it lies y 33..35 */
  others.enemies = enemy;
  others.n_enemies = 1;
  g_assert_false (mu_table_move_check_among (ix, &p, &u, &st, 1, &others, &r));
  g_assert_false (r.friend_met);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* MN-AMB-53, MN-AMB-77, TS-AMB-47: with crossings_by_stands a line is
 * crossed when any stand's centre crosses it, water too; by default only
 * the anchor's path counts (TAB-12, baa-table). */
static void
test_stand_crossings (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (20, 30, 0, 3);   /* stand centres at x 16, 20, 24 */
  MuMoveStep st = { MU_STEP_MOVE, { 20, 26 }, 0 };

  /* a fence under the right stand's path only, a stream under the left's */
  add_line (t, MU_LINE_FENCE, 0, 23, 27, 40, 27);
  add_line (t, MU_LINE_STREAM, 0.4, 0, 18, 17, 18);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 8;
  p.crossing_factor[MU_LINE_FENCE] = 0.5;

  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpuint (r.crossed, ==, 0);
  g_assert_cmpfloat (r.allowance, ==, 8);
  mu_move_result_clear (&r);
  p.crossings_by_stands = TRUE;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpuint (r.crossed, ==, 1u << MU_LINE_FENCE);
  g_assert_cmpfloat (r.factor, ==, 0.5);
  g_assert_cmpfloat (r.allowance, ==, 4);
  mu_move_result_clear (&r);

  /* the stream: the left stand's centre crosses it away from a crossing */
  st.to = (MuPoint) { 20, 15 };
  p.allowance = 30;
  p.crossings_by_stands = FALSE;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  p.crossings_by_stands = TRUE;
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpstr (r.rule, ==, "TAB-12");
  /* stopped where the left stand's centre (1 behind the anchor) reaches it */
  g_assert_cmpfloat_with_epsilon (r.stop.y, 17, 1e-6);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* MN-AMB-53, MN-AMB-83, MN-EX-18: a move is halved only once, however many
 * halving lines it crosses, and rounded as the ruleset says; a crossing
 * within a bridge's width counts as none where the ruleset says so
 * (TS-AMB-47, MN-AMB-77). */
static void
test_halving_once (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "2mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (10, 30, 0, 1);
  MuMoveStep st = { MU_STEP_MOVE, { 10, 27.5 }, 0 };

  add_line (t, MU_LINE_FENCE, 0, 0, 29, 48, 29);
  add_line (t, MU_LINE_STREAM, 0.4, 0, 28, 48, 28);
  add_line (t, MU_LINE_BRIDGE, 2, 10, 27, 10, 29);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 5;
  p.streams_crossable = TRUE;
  p.crossing_factor[MU_LINE_FENCE] = 0.5;
  p.crossing_factor[MU_LINE_STREAM] = 0.5;

  /* both crossed: halved once, 2.5, not 1.25 */
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpuint (r.crossed, ==, (1u << MU_LINE_FENCE) | (1u << MU_LINE_STREAM));
  g_assert_cmpfloat (r.factor, ==, 0.5);
  g_assert_cmpfloat_with_epsilon (r.allowance, 2.5, 1e-12);
  mu_move_result_clear (&r);
  /* mn-acw rounds up to whole inches: 3 */
  p.factor_rounding = MU_ROUND_UP;
  p.round_to = 1;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.allowance, 3, 1e-12);
  mu_move_result_clear (&r);
  /* a whole number stays: 4 halved is 2 (the 2.5 of this move is too far) */
  p.allowance = 4;
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.allowance, 2, 1e-12);
  mu_move_result_clear (&r);
  p.factor_rounding = MU_ROUND_DOWN;
  p.allowance = 5;
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.allowance, 2, 1e-12);
  mu_move_result_clear (&r);

  /* at the bridge the stream is no crossing; the fence still is */
  p.factor_rounding = MU_ROUND_EXACT;
  p.crossing_factor[MU_LINE_FENCE] = 1;
  p.free_crossings = 1u << MU_LINE_BRIDGE;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpuint (r.crossed, ==, 0);
  g_assert_cmpfloat (r.allowance, ==, 5);
  mu_move_result_clear (&r);
  /* away from the bridge it is */
  u.anchor.x = 20;
  st.to.x = 20;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpuint (r.crossed, ==, 1u << MU_LINE_STREAM);
  g_assert_cmpfloat (r.allowance, ==, 2.5);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* QRS-AMB-55: a stream is Rough across its drawn width: the length of the
 * anchor's path inside the width costs the line's rate, except within a
 * ford's or bridge's width when the ruleset makes those free. */
static void
test_line_width_cost (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (10, 30, 0, 1);
  MuMoveStep st = { MU_STEP_MOVE, { 10, 26 }, 0 };

  add_line (t, MU_LINE_STREAM, 0.4, 0, 28, 48, 28);
  add_line (t, MU_LINE_FORD, 2, 30, 27, 30, 29);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 10;
  p.streams_crossable = TRUE;

  /* by default a line costs nothing to cross */
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 4, 1e-9);
  mu_move_result_clear (&r);
  /* charged at 3 (Rough at a third of the open rate): 0.4 inside costs 1.2
   * (the width's edges carry TAB-4's 1e-6 of slack each, so 1e-5 here) */
  p.line_cost[MU_LINE_STREAM] = 3;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.length, 4, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.cost, 3.6 + 1.2, 1e-5);
  mu_move_result_clear (&r);
  /* along the stream for 2 inside its width: 6 */
  u = move_unit (20, 28, 90, 1);
  st.to = (MuPoint) { 22, 28 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 6, 1e-5);
  mu_move_result_clear (&r);
  /* over the ford: free where the ruleset says so */
  u = move_unit (30, 30, 0, 1);
  st.to = (MuPoint) { 30, 26 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 4.8, 1e-5);
  mu_move_result_clear (&r);
  p.free_crossings = (1u << MU_LINE_FORD) | (1u << MU_LINE_BRIDGE);
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 4, 1e-6);
  mu_move_result_clear (&r);
  /* and the allowance still bounds it: 9 of length costs 9.8 here */
  u = move_unit (10, 36, 0, 1);
  st.to = (MuPoint) { 10, 27 };
  p.allowance = 9;
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 9.8, 1e-5);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

static MuPoint
ahead_at (MuPoint from, double facing, double angle, double len)
{
  MuPoint f = mu_facing_vector (facing + angle);

  return (MuPoint) { from.x + len * f.x, from.y + len * f.y };
}

/* MN-AMB-47, MN-AMB-48, TS-AMB-48: the directions a ruleset allows, the
 * total of its wheels, the number of straight steps and turns in place. */
static void
test_direction_limits (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = mu_terrain_index_new (t);
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (24, 30, 0, 2);
  MuMoveStep st = { MU_STEP_MOVE, { 24, 25 }, 0 };
  MuMoveStep steps[3];
  MuStand enemy[1];

  mu_move_params_init (&p);
  p.allowance = 20;
  p.direction_rule = "MN-AMB-47";

  /* by default any direction */
  st.to = ahead_at (u.anchor, 0, 135, 5);
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);

  /* straight ahead: within 1 degree */
  p.step_angle_max = 1;
  st.to = ahead_at (u.anchor, 0, 1, 5);
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  st.to = ahead_at (u.anchor, 0, -1.2, 5);
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpstr (r.rule, ==, "MN-AMB-47");
  g_assert_cmpuint (r.step, ==, 0);
  g_assert_cmpfloat_with_epsilon (r.stop.x, 24, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.stop.y, 30, 1e-9);
  g_test_message ("%s", r.reason);
  mu_move_result_clear (&r);
  /* backwards: 179 or more */
  p.step_angle_min = 179;
  p.step_angle_max = 180;
  st.to = ahead_at (u.anchor, 0, 180, 5);
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  st.to = ahead_at (u.anchor, 0, 90, 5);
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  /* TS-AMB-48 Forward: steps within 22 degrees of the facing at that step
   * (exactly 22 is within, TAB-4), wheels totalling at most 22 */
  p.step_angle_min = 0;
  p.step_angle_max = 22;
  p.wheel_max = 22;
  p.direction_rule = "TS-AMB-48";
  st.to = ahead_at (u.anchor, 0, 22, 5);
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  steps[0] = (MuMoveStep) { MU_STEP_WHEEL, { 0, 0 }, 15 };
  steps[1] = (MuMoveStep) { MU_STEP_WHEEL, { 0, 0 }, -7 };
  g_assert_true (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  mu_move_result_clear (&r);
  steps[1].angle = -8;
  g_assert_false (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  g_assert_cmpstr (r.rule, ==, "TS-AMB-48");
  g_assert_cmpuint (r.step, ==, 1);
  mu_move_result_clear (&r);
  /* after a wheel of 15 the facing is 15: a step at 30 from the start is
   * 15 off the new facing, within 22 */
  steps[1] = (MuMoveStep) { MU_STEP_MOVE, { 0, 0 }, 0 };
  {
    MuMoveResult w;

    g_assert_true (mu_table_move_check (ix, &p, &u, steps, 1, NULL, 0, &w));
    steps[1].to = ahead_at (w.anchor, 0, 30, 3);
    mu_move_result_clear (&w);
  }
  g_assert_true (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  mu_move_result_clear (&r);
  /* MN-AMB-48: one straight leg, no turn */
  mu_move_params_init (&p);
  p.allowance = 20;
  p.max_moves = 1;
  p.turns_refused = TRUE;
  steps[0] = (MuMoveStep) { MU_STEP_MOVE, { 24, 27 }, 0 };
  steps[1] = (MuMoveStep) { MU_STEP_MOVE, { 24, 25 }, 0 };
  g_assert_true (mu_table_move_check (ix, &p, &u, steps, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  g_assert_false (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  g_assert_cmpuint (r.step, ==, 1);
  g_assert_cmpfloat_with_epsilon (r.stop.y, 27, 1e-9);
  mu_move_result_clear (&r);
  steps[1] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, 90 };
  g_assert_false (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  g_assert_cmpuint (r.step, ==, 1);
  mu_move_result_clear (&r);
  /* an earlier step through an enemy is the first illegal point, before a
   * later step's direction */
  stands_at (enemy, 1, 24, 26, 180);
  steps[0].to = (MuPoint) { 24, 20 };
  steps[1] = (MuMoveStep) { MU_STEP_MOVE, { 24, 18 }, 0 };
  g_assert_false (mu_table_move_check (ix, &p, &u, steps, 2, enemy, 1, &r));
  g_assert_cmpuint (r.step, ==, 0);
  g_assert_cmpfloat_with_epsilon (r.stop.y, 26, 1e-6);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* A search among candidate moves asks only whether each is legal: the
 * same answer as the full check, through enemies, over the edge, beyond
 * the allowance or a ruleset's direction, without the search for where it
 * stops. */
static void
test_legal_only (void)
{
  MuTableMap *t = mu_table_map_new (48, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveUnit u = move_unit (20, 30, 0, 2);
  MuStand enemy[1];
  guint32 seed = 5;
  guint n_legal = 0;

  add_line (t, MU_LINE_STREAM, 0.4, 0, 20, 30, 20);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 9;
  stands_at (enemy, 1, 30, 24, 180);
  for (int i = 0; i < 300; i++)
    {
      MuMoveStep steps[2];
      MuMoveResult full, quick;
      gboolean legal;

      seed = seed * 1664525u + 1013904223u;
      steps[0] = (MuMoveStep) { MU_STEP_MOVE,
                                { 5 + (seed >> 8) % 3000 / 100.0, 30 - (seed >> 12) % 1400 / 100.0 }, 0 };
      steps[1] = (MuMoveStep) { i % 3 ? MU_STEP_WHEEL : MU_STEP_TURN, { 0, 0 },
                                (double) ((seed >> 4) % 90) - 45 };
      p.step_angle_max = i % 4 == 0 ? 30 : 180;
      p.legal_only = FALSE;
      legal = mu_table_move_check (ix, &p, &u, steps, 2, enemy, 1, &full);
      p.legal_only = TRUE;
      g_assert_cmpint (mu_table_move_check (ix, &p, &u, steps, 2, enemy, 1, &quick), ==, legal);
      g_assert_cmpint (quick.legal, ==, full.legal);
      n_legal += legal;
      mu_move_result_clear (&full);
      mu_move_result_clear (&quick);
    }
  /* both answers were tried often */
  g_assert_cmpuint (n_legal, >, 30);
  g_assert_cmpuint (n_legal, <, 270);
  mu_table_map_free (t);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-move/first-friend/MN-AMB-52/TS-AMB-51", test_first_friend);
  g_test_add_func ("/engine/table-move/stand-crossings/MN-AMB-53/MN-AMB-77", test_stand_crossings);
  g_test_add_func ("/engine/table-move/halving-once/MN-AMB-53/MN-AMB-83", test_halving_once);
  g_test_add_func ("/engine/table-move/line-width-cost/QRS-AMB-55", test_line_width_cost);
  g_test_add_func ("/engine/table-move/direction-limits/MN-AMB-47/MN-AMB-48/TS-AMB-48",
                   test_direction_limits);
  g_test_add_func ("/engine/table-move/legal-only", test_legal_only);
  return g_test_run ();
}
