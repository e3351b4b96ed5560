/* test-table-los.c: the terrain index, line of sight (TAB-16) and the move
 * evaluator (TAB-12, TAB-13) on small tables built in memory. */
#define G_LOG_DOMAIN "test-table-los"

#include "config.h"

#include <math.h>
#include <string.h>

#include "mu-table-geom.h"
#include "mu-table-los.h"
#include "mu-table-move.h"

static MuArea *
add_area (MuTableMap *t, MuAreaKind kind, int level, const MuPoint *pts, guint n)
{
  MuArea *a = mu_area_new (kind);

  a->level = level;
  a->id = g_strdup_printf ("a%u", t->areas->len);
  g_array_append_vals (a->points, pts, n);
  g_ptr_array_add (t->areas, a);
  return a;
}

static MuPolyline *
add_line (MuTableMap *t, MuLineKind kind, double width, const MuPoint *pts, guint n)
{
  MuPolyline *l = mu_polyline_new (kind);

  l->width = width;
  l->id = g_strdup_printf ("l%u", t->lines->len);
  g_array_append_vals (l->points, pts, n);
  g_ptr_array_add (t->lines, l);
  return l;
}

static MuArea *
add_box (MuTableMap *t, MuAreaKind kind, int level, double x0, double y0, double x1, double y1)
{
  MuPoint p[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

  return add_area (t, kind, level, p, 4);
}

/* A line of n stands 4 x 1 with its anchor at (x, y), facing `facing`. */
static guint
unit_at (MuStand *out, guint n, double x, double y, double facing)
{
  return mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), n, 4, 1,
                           (MuPoint) { x, y }, facing, out, MU_STANDS_MAX);
}

/* Terrain index ------------------------------------------------------------------------ */

static double
rnd (guint32 *s)
{
  *s = *s * 1664525u + 1013904223u;
  return (*s >> 8) / 16777216.0;
}

/* The index gives the same answers as looking at every area. */
static void
test_index_agrees (void)
{
  MuTableMap *t = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  g_autoptr(GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
  guint32 seed = 7;

  for (int i = 0; i < 300; i++)
    {
      MuPoint c = { rnd (&seed) * 80 - 4, rnd (&seed) * 56 - 4 }, p[7];
      double r = 0.5 + rnd (&seed) * 5;

      for (int k = 0; k < 7; k++)
        {
          double a = k * 2 * G_PI / 7, rr = r * (0.6 + 0.4 * rnd (&seed));
          p[k] = (MuPoint) { c.x + rr * cos (a), c.y + rr * sin (a) };
        }
      add_area (t, (MuAreaKind) (i % MU_AREA_N), i % 3, p, 7);
    }
  ix = mu_terrain_index_new (t);
  for (int i = 0; i < 2000; i++)
    {
      MuPoint p = { rnd (&seed) * 76 - 2, rnd (&seed) * 52 - 2 };
      guint got[400], want = 0, n = mu_terrain_areas_at (ix, p, got, 400), j = 0;

      for (guint a = 0; a < t->areas->len; a++)
        {
          const MuArea *ar = g_ptr_array_index (t->areas, a);

          if (mu_polygon_contains ((const MuPoint *) ar->points->data, ar->points->len, p))
            {
              g_assert_cmpuint (j, <, n);
              g_assert_cmpuint (got[j++], ==, a);
              want++;
            }
        }
      g_assert_cmpuint (n, ==, want);
    }
  for (int i = 0; i < 500; i++)
    {
      MuPoint seg[2] = { { rnd (&seed) * 72, rnd (&seed) * 48 }, { rnd (&seed) * 72, rnd (&seed) * 48 } };

      mu_terrain_candidates (ix, seg[0], seg[1], 0, cand, NULL);
      for (guint a = 0; a < t->areas->len; a++)
        {
          const MuArea *ar = g_ptr_array_index (t->areas, a);
          gboolean found = FALSE;

          if (mu_path_length_inside (seg, 2, (const MuPoint *) ar->points->data, ar->points->len) <= 0)
            continue;
          for (guint k = 0; k < cand->len && !found; k++)
            found = g_array_index (cand, guint, k) == a;
          g_assert_true (found);
        }
    }
  mu_table_map_free (t);
}

/* The memo of line of sight gives what a fresh computation gives, while
 * units move about (in front of the lines, away and back again), with the
 * blocker named the same. */
static void
test_los_memo (void)
{
  enum { N_UNITS = 24 };
  MuTableMap *t = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  g_autoptr(MuLosMemo) memo = mu_los_memo_new ();
  MuStand stands[N_UNITS][4];
  MuLosUnit units[N_UNITS];
  char ids[N_UNITS][8];
  MuLosParams p;
  guint32 seed = 33;
  guint hits = 0, misses = 0, blocked_by_unit = 0;

  for (int i = 0; i < 12; i++)
    {
      double x = rnd (&seed) * 64, y = rnd (&seed) * 40;

      add_box (t, i % 3 == 0 ? MU_AREA_HILL : i % 3 == 1 ? MU_AREA_WOODS : MU_AREA_FIELD, 1, x, y,
               x + 2 + rnd (&seed) * 6, y + 2 + rnd (&seed) * 6);
    }
  add_line (t, MU_LINE_CREST, 0, (const MuPoint[]) { { 5, 20 }, { 25, 22 } }, 2);
  ix = mu_terrain_index_new (t);
  mu_los_params_init (&p, MU_UNIT_INCH);
  p.hill_outline_crests = TRUE;
  for (int u = 0; u < N_UNITS; u++)
    {
      guint n = 1 + u % 4;

      unit_at (stands[u], n, 6 + rnd (&seed) * 60, 4 + rnd (&seed) * 40, (int) (rnd (&seed) * 8) * 45.0);
      g_snprintf (ids[u], sizeof ids[u], "u%d", u);
      units[u] = (MuLosUnit) { ids[u], stands[u], n, u % 11 == 0 };
    }
  for (int q = 0; q < 4000; q++)
    {
      /* sights among the first eight, asked again and again */
      int f = (int) (rnd (&seed) * 8), g = (int) (rnd (&seed) * 8);
      MuLosResult fresh, memoed;
      gboolean a, b;

      if (f == g)
        continue;
      /* now and then a unit steps to a new place, or back to where it was */
      if (q % 7 == 0)
        {
          int u = (int) (rnd (&seed) * N_UNITS);
          double dx = q % 14 == 0 ? 3 : -3;

          for (guint k = 0; k < units[u].n_stands; k++)
            stands[u][k].centre.x += dx;
        }
      a = mu_table_los (ix, &p, stands[f], units[f].n_stands, stands[g], units[g].n_stands, units, N_UNITS,
                        &fresh);
      b = mu_table_los_memo (memo, ix, &p, stands[f], units[f].n_stands, stands[g], units[g].n_stands, units,
                             N_UNITS, &memoed);
      g_assert_cmpint (a, ==, b);
      g_assert_cmpint (fresh.clear, ==, memoed.clear);
      g_assert_cmpuint (fresh.n_clear, ==, memoed.n_clear);
      g_assert_cmpint (fresh.block, ==, memoed.block);
      g_assert_cmpint (fresh.area, ==, memoed.area);
      g_assert_cmpint (fresh.line, ==, memoed.line);
      g_assert_true (fresh.unit == memoed.unit);
      g_assert_true (memcmp (&fresh.from, &memoed.from, sizeof fresh.from) == 0);
      g_assert_true (memcmp (&fresh.to, &memoed.to, sizeof fresh.to) == 0);
      blocked_by_unit += fresh.block == MU_LOS_UNIT && !fresh.clear;
    }
  mu_los_memo_counts (memo, &hits, &misses);
  /* the memo was used, and the units did block */
  g_assert_cmpuint (hits, >, 500);
  g_assert_cmpuint (misses, >, 500);
  g_assert_cmpuint (blocked_by_unit, >, 20);
  mu_table_map_free (t);
}

/* TAB-16: a hill's level applies inside its polygon; nested contours. */
static void
test_level_and_roads (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;

  add_box (t, MU_AREA_HILL, 1, 10, 10, 30, 30);
  add_box (t, MU_AREA_HILL, 2, 15, 15, 25, 25);
  add_box (t, MU_AREA_WOODS, 0, 12, 12, 14, 14);
  add_line (t, MU_LINE_ROAD, 0.5, (const MuPoint[]) { { 0, 5 }, { 40, 5 }, { 40, 30 } }, 3);
  add_line (t, MU_LINE_TURNPIKE, 0, (const MuPoint[]) { { 40, 30 }, { 40, 36 } }, 2);
  ix = mu_terrain_index_new (t);
  g_assert_cmpint (mu_terrain_level_at (ix, (MuPoint) { 5, 5 }), ==, 0);
  g_assert_cmpint (mu_terrain_level_at (ix, (MuPoint) { 13, 13 }), ==, 1);
  g_assert_cmpint (mu_terrain_level_at (ix, (MuPoint) { 20, 20 }), ==, 2);
  /* along the road round its bend; cutting the corner leaves it */
  g_assert_true (mu_terrain_path_on_lines (ix, (const MuPoint[]) { { 2, 5 }, { 40, 5 }, { 40, 20 } }, 3,
                                           1u << MU_LINE_ROAD));
  g_assert_false (mu_terrain_path_on_lines (ix, (const MuPoint[]) { { 2, 5 }, { 38, 5 }, { 40, 20 } }, 3,
                                            1u << MU_LINE_ROAD));
  /* from the road onto the turnpike: on roads of either kind, not on roads alone */
  g_assert_true (mu_terrain_path_on_lines (ix, (const MuPoint[]) { { 40, 20 }, { 40, 35 } }, 2,
                                           (1u << MU_LINE_ROAD) | (1u << MU_LINE_TURNPIKE)));
  g_assert_false (mu_terrain_path_on_lines (ix, (const MuPoint[]) { { 40, 20 }, { 40, 35 } }, 2,
                                            1u << MU_LINE_ROAD));
  mu_table_map_free (t);
}

/* Line of sight ------------------------------------------------------------------------ */

static void
test_los (void)
{
  MuTableMap *t = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuStand firer[2], target[2], blocker[1], small[1], leader[1];
  MuLosParams p;
  MuLosResult r;
  MuLosUnit others[2];

  add_box (t, MU_AREA_WOODS, 0, 30, 4, 34, 20);            /* a0 */
  add_box (t, MU_AREA_HILL, 1, 50, 30, 60, 40);            /* a1 */
  add_box (t, MU_AREA_HILL, 1, 50, 2, 60, 8);              /* a2 */
  add_box (t, MU_AREA_FIELD, 0, 0, 40, 20, 48);            /* a3 */
  add_line (t, MU_LINE_CREST, 0, (const MuPoint[]) { { 5, 20 }, { 25, 20 } }, 2);
  ix = mu_terrain_index_new (t);
  mu_los_params_init (&p, MU_UNIT_INCH);

  /* TAB-16 in the open: clear, all nine lines */
  unit_at (firer, 2, 10, 30, 90);   /* facing east at x = 10 */
  unit_at (target, 2, 25, 30, 270); /* facing west at x = 25 */
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, NULL, 0, &r));
  g_assert_cmpuint (r.n_clear, ==, 9);

  /* TAB-16 a stand of a third unit in the middle blocks some lines, not all */
  small[0] = (MuStand) { { 17.5, 30 }, 1, 1, 0, 0 };
  others[0] = (MuLosUnit) { "small", small, 1, FALSE };
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, others, 1, &r));
  g_assert_cmpuint (r.n_clear, <, 9);
  /* a wide one blocks every line, and is named */
  blocker[0] = (MuStand) { { 17.5, 30 }, 12, 1, 90, 0 };
  others[0] = (MuLosUnit) { "wall-of-men", blocker, 1, FALSE };
  g_assert_false (mu_table_los (ix, &p, firer, 2, target, 2, others, 1, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_UNIT);
  g_assert_cmpstr (r.unit, ==, "wall-of-men");
  /* TAB-16 a unit of two stands side by side blocks the line that runs
   * exactly along the seam between them (it touches both, enters neither);
   * a line along its outer side only grazes it */
  {
    MuStand one[1], pair[2], two[2];
    MuLosUnit seam = { "seam", pair, 2, FALSE };

    unit_at (one, 1, 10, 20, 90);   /* one stand, front edge x = 10, y 18..22 */
    unit_at (pair, 2, 15, 20, 90);  /* stands y 16..20 and 20..24, x 14..15 */
    unit_at (two, 2, 25, 20, 270);  /* front edge x = 25, y 16..24 */
    g_assert_cmpint (mu_table_los_line (ix, &p, (MuPoint) { 10, 20 }, (MuPoint) { 25, 20 }, &seam, 1, NULL, NULL,
                                        &r), ==, MU_LOS_UNIT);
    g_assert_cmpint (mu_table_los_line (ix, &p, (MuPoint) { 10, 16 }, (MuPoint) { 25, 16 }, &seam, 1, NULL, NULL,
                                        &r), ==, MU_LOS_CLEAR);
    g_assert_false (mu_table_los (ix, &p, one, 1, two, 2, &seam, 1, &r));
  }
  /* TAB-16 commanders never block */
  leader[0] = blocker[0];
  others[0] = (MuLosUnit) { "general", leader, 1, TRUE };
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, others, 1, &r));
  /* ... and the ruleset may say units do not block */
  others[0] = (MuLosUnit) { "wall-of-men", blocker, 1, FALSE };
  p.units_block = FALSE;
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, others, 1, &r));
  p.units_block = TRUE;

  /* TAB-16 through the woods (depth 0): blocked, and the wood is named */
  unit_at (firer, 2, 26, 12, 90);
  unit_at (target, 2, 38, 12, 270);
  g_assert_false (mu_table_los (ix, &p, firer, 2, target, 2, NULL, 0, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_TERRAIN);
  g_assert_cmpint (r.area, ==, 0);
  /* with a visible depth of 4 (the wood is 4 deep) the line sees through */
  p.visible_depth[MU_AREA_WOODS] = 4;
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, NULL, 0, &r));
  mu_los_params_init (&p, MU_UNIT_INCH);

  /* a field does not block */
  unit_at (firer, 2, 2, 44, 90);
  unit_at (target, 2, 19, 44, 270);
  g_assert_true (mu_table_los (ix, &p, firer, 2, target, 2, NULL, 0, &r));

  /* TAB-16 ground higher than both ends: across the level-1 hill from level 0 */
  unit_at (firer, 1, 45, 35, 90);
  unit_at (target, 1, 65, 35, 270);
  g_assert_false (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_HIGHER_GROUND);
  g_assert_cmpint (r.area, ==, 1);
  /* from on the hill the ground is not higher than the firer's end */
  unit_at (firer, 1, 52, 35, 90);
  g_assert_true (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  p.levels = FALSE;
  unit_at (firer, 1, 45, 35, 90);
  g_assert_true (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  p.levels = TRUE;

  /* crests: a line over the crest is blocked unless an end is within an inch of it */
  unit_at (firer, 1, 15, 15, 180);
  unit_at (target, 1, 15, 26, 0);
  g_assert_false (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_CREST);
  g_assert_cmpint (r.line, ==, 0);
  unit_at (firer, 1, 15, 19.5, 180);
  g_assert_true (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  p.crest_clearance = -1;
  unit_at (firer, 1, 15, 15, 180);
  g_assert_true (mu_table_los (ix, &p, firer, 1, target, 1, NULL, 0, &r));
  g_assert_cmpstr (mu_los_block_to_string (MU_LOS_CREST), ==, "crest");
  mu_table_map_free (t);
}

/* BAT-EX-15: opposing units inside the same wood may fire at each other only
 * within 5 cm (15mm figures): the visible depth in woods is 5 cm. */
static void
test_bat_ex_15 (void)
{
  MuTableMap *t = mu_table_map_new (180, 120, MU_UNIT_CM, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuStand a[1], b[1];
  MuLosParams p;
  MuLosResult r;

  add_box (t, MU_AREA_WOODS, 0, 20, 20, 80, 80);
  ix = mu_terrain_index_new (t);
  mu_los_params_init (&p, MU_UNIT_CM);
  p.visible_depth[MU_AREA_WOODS] = 5;
  /* fronts 5 cm apart inside the wood: every line is at most 5 long... the
   * corner-to-corner diagonals are longer, the straight ones exactly 5 */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 1, 4, 2, (MuPoint) { 50, 50 }, 0, a, 1);
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 1, 4, 2, (MuPoint) { 50, 45 }, 180, b, 1);
  g_assert_true (mu_table_los (ix, &p, a, 1, b, 1, NULL, 0, &r));
  /* 6 cm apart: no line is within 5 cm */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 1, 4, 2, (MuPoint) { 50, 44 }, 180, b, 1);
  g_assert_false (mu_table_los (ix, &p, a, 1, b, 1, NULL, 0, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_TERRAIN);
  mu_table_map_free (t);

  /* the visible depth counts the woods along the line, however many areas
   * draw them: two pieces of 3 cm side by side are 6 cm of woods; with 1 cm
   * of open ground between them, each is seen through */
  t = mu_table_map_new (180, 120, MU_UNIT_CM, "15mm");
  add_box (t, MU_AREA_WOODS, 0, 20, 0, 23, 10);
  add_box (t, MU_AREA_WOODS, 0, 23, 0, 26, 10);
  add_box (t, MU_AREA_WOODS, 0, 20, 20, 23, 30);
  add_box (t, MU_AREA_WOODS, 0, 24, 20, 27, 30);
  g_clear_pointer (&ix, mu_terrain_index_free);
  ix = mu_terrain_index_new (t);
  g_assert_cmpint (mu_table_los_line (ix, &p, (MuPoint) { 10, 5 }, (MuPoint) { 40, 5 }, NULL, 0, NULL, NULL, &r), ==,
                   MU_LOS_TERRAIN);
  g_assert_cmpint (r.area, ==, 0);
  g_assert_cmpint (mu_table_los_line (ix, &p, (MuPoint) { 10, 25 }, (MuPoint) { 40, 25 }, NULL, 0, NULL, NULL, &r), ==,
                   MU_LOS_CLEAR);
  mu_table_map_free (t);
}

/* Moves --------------------------------------------------------------------------------- */

static MuMoveUnit
move_unit (double x, double y, double facing, guint n)
{
  return (MuMoveUnit) { mu_formation_shape_default (MU_FORMATION_LINE), n, 4, 2, { x, y }, facing };
}

/* BAT-EX-5 (15mm, cm): infantry moves 20; whole move on a local road 30, on a
 * turnpike 40; 10 in the open then woods (half speed) leaves 10 that buy 5
 * inside the woods. */
static void
test_bat_ex_5 (void)
{
  MuTableMap *t = mu_table_map_new (180, 120, MU_UNIT_CM, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u;
  MuMoveStep st = { MU_STEP_MOVE, { 0, 0 }, 0 };

  add_box (t, MU_AREA_WOODS, 0, 0, 40, 180, 80);
  add_line (t, MU_LINE_ROAD, 2, (const MuPoint[]) { { 150, 120 }, { 150, 0 } }, 2);
  add_line (t, MU_LINE_TURNPIKE, 2, (const MuPoint[]) { { 170, 120 }, { 170, 0 } }, 2);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 20;
  p.line_allowance[MU_LINE_ROAD] = 30;
  p.line_allowance[MU_LINE_TURNPIKE] = 40;
  p.area_cost[MU_AREA_WOODS] = 2;
  p.allowance_rule = "BAT-MOV-1";

  /* the woods' edge is at y = 80; facing up (north), 10 in the open then in */
  u = move_unit (40, 90, 0, 3);
  st.to = (MuPoint) { 40, 75 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.length, 15, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.cost, 20, 1e-9);
  mu_move_result_clear (&r);
  st.to = (MuPoint) { 40, 74 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpstr (r.rule, ==, "BAT-MOV-1");
  g_assert_cmpfloat_with_epsilon (r.stop.y, 75, 1e-6);
  g_assert_nonnull (r.reason);
  mu_move_result_clear (&r);

  /* in the open: 20 */
  u = move_unit (100, 110, 0, 3);
  st.to = (MuPoint) { 100, 90 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  st.to = (MuPoint) { 100, 89 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);

  /* a column on the road: 30 (the road's allowance, though it runs through the
   * woods: the road rate applies, TAB-13's cost is the ruleset's to drop) */
  p.area_cost[MU_AREA_WOODS] = 1;
  u = move_unit (150, 118, 0, 1);
  st.to = (MuPoint) { 150, 88 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.allowance, ==, 30);
  mu_move_result_clear (&r);
  st.to = (MuPoint) { 150, 87 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  /* on the turnpike: 40 */
  u = move_unit (170, 118, 0, 1);
  st.to = (MuPoint) { 170, 78 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.allowance, ==, 40);
  mu_move_result_clear (&r);
  /* leaving the road: the open allowance */
  u = move_unit (150, 118, 0, 1);
  st.to = (MuPoint) { 140, 100 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.allowance, ==, 20);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* MN-EX-18: a move that crosses a fence is halved: the allowance read as 5"
 * becomes 2.5 (the ruleset rounds it up to 3). */
static void
test_mn_ex_18 (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "2mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (10, 20, 0, 2);
  MuMoveStep st = { MU_STEP_MOVE, { 10, 17.5 }, 0 };

  add_line (t, MU_LINE_FENCE, 0, (const MuPoint[]) { { 0, 18 }, { 48, 18 } }, 2);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 5;
  p.crossing_factor[MU_LINE_FENCE] = 0.5;
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.allowance, ==, 2.5);
  mu_move_result_clear (&r);
  st.to = (MuPoint) { 10, 17.4 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  /* not crossing: the whole 5 */
  st.to = (MuPoint) { 14, 20 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.allowance, ==, 5);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* TAB-12: the whole swept path is checked, not only the end pose. */
static void
test_swept_path (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u;
  MuMoveStep st = { MU_STEP_MOVE, { 0, 0 }, 0 };
  MuStand enemy[1];

  add_box (t, MU_AREA_IMPASSABLE, 0, 20, 10, 24, 14);
  add_line (t, MU_LINE_IMPASSABLE, 0, (const MuPoint[]) { { 30, 0 }, { 30, 20 } }, 2);
  add_line (t, MU_LINE_STREAM, 0.4, (const MuPoint[]) { { 0, 26 }, { 48, 26 } }, 2);
  add_line (t, MU_LINE_FORD, 1, (const MuPoint[]) { { 10, 25 }, { 10, 27 } }, 2);
  add_line (t, MU_LINE_BRIDGE, 1, (const MuPoint[]) { { 40, 25 }, { 40, 27 } }, 2);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 30;

  /* through the impassable box to open ground beyond it: refused at its edge */
  u = move_unit (22, 18, 0, 1);
  st.to = (MuPoint) { 22, 6 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpstr (r.rule, ==, "TAB-12");
  g_assert_cmpfloat_with_epsilon (r.stop.y, 14, 1e-6);
  g_test_message ("%s", r.reason);
  mu_move_result_clear (&r);
  /* over the impassable line */
  u = move_unit (26, 10, 90, 1);
  st.to = (MuPoint) { 36, 10 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  /* the front edge reaches the line when the anchor does */
  g_assert_cmpfloat_with_epsilon (r.stop.x, 30, 1e-6);
  mu_move_result_clear (&r);

  /* through an enemy stand: refused before it; into contact: allowed (TAB-11) */
  unit_at (enemy, 1, 10, 10, 180);   /* front edge at y = 10, body y 9..10... facing down */
  u = move_unit (10, 20, 0, 1);
  st.to = (MuPoint) { 10, 5 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, enemy, 1, &r));
  g_assert_cmpfloat_with_epsilon (r.stop.y, 10, 1e-6);
  mu_move_result_clear (&r);
  st.to = (MuPoint) { 10, 10 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, enemy, 1, &r));
  mu_move_result_clear (&r);

  /* over the stream: only at the ford or the bridge */
  u = move_unit (20, 30, 0, 1);
  st.to = (MuPoint) { 20, 22 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.stop.y, 26, 1e-6);
  mu_move_result_clear (&r);
  u = move_unit (10, 30, 0, 1);
  st.to = (MuPoint) { 10, 22 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  u = move_unit (40, 30, 0, 1);
  st.to = (MuPoint) { 40, 22 };
  g_assert_true (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  mu_move_result_clear (&r);

  /* over the table's edge */
  u = move_unit (5, 30, 270, 1);
  st.to = (MuPoint) { -1, 30 };
  g_assert_false (mu_table_move_check (ix, &p, &u, &st, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.stop.x, 0, 1e-6);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

/* TAB-12: a wheel is measured along the arc of the outer front corner; a turn
 * in place costs what the ruleset says. */
static void
test_wheel_and_turn (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveResult r;
  MuMoveUnit u = move_unit (20, 20, 0, 2);   /* frontage 8 */
  MuMoveStep wheel = { MU_STEP_WHEEL, { 0, 0 }, 90 };
  MuMoveStep turn = { MU_STEP_TURN, { 0, 0 }, 180 };
  MuMoveStep steps[2] = { wheel, { MU_STEP_MOVE, { 0, 0 }, 0 } };

  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 20;
  g_assert_true (mu_table_move_check (ix, &p, &u, &wheel, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.length, 8 * G_PI / 2, 1e-9);
  /* clockwise about the right front corner (24, 20): the anchor ends 4 below it */
  g_assert_cmpfloat_with_epsilon (r.anchor.x, 24, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.anchor.y, 16, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.facing, 90, 1e-9);
  mu_move_result_clear (&r);
  /* wheel then move on: the allowance runs out in the second step */
  steps[1].to = (MuPoint) { 40, 16 };
  g_assert_false (mu_table_move_check (ix, &p, &u, steps, 2, NULL, 0, &r));
  g_assert_cmpuint (r.step, ==, 1);
  g_assert_cmpfloat_with_epsilon (r.stop.x, 24 + 20 - 8 * G_PI / 2, 1e-6);
  /* in the open the length up to the stop is the allowance */
  g_assert_cmpfloat_with_epsilon (r.stop_along, 20, 1e-6);
  mu_move_result_clear (&r);
  /* the pose along the path: halfway round the wheel, then on the move */
  {
    MuPoint a;
    double f;

    mu_table_move_pose_along (&u, steps, 2, 8 * G_PI / 4, &a, &f);
    g_assert_cmpfloat_with_epsilon (f, 45, 1e-9);
    mu_table_move_pose_along (&u, steps, 2, 8 * G_PI / 2 + 3, &a, &f);
    g_assert_cmpfloat_with_epsilon (a.x, 27, 1e-9);
    g_assert_cmpfloat_with_epsilon (a.y, 16, 1e-9);
    g_assert_cmpfloat_with_epsilon (f, 90, 1e-9);
  }
  /* a turn in place costs nothing unless the ruleset says */
  g_assert_true (mu_table_move_check (ix, &p, &u, &turn, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.cost, ==, 0);
  g_assert_cmpfloat_with_epsilon (r.facing, 180, 1e-9);
  mu_move_result_clear (&r);
  p.turn_cost = 21;
  g_assert_false (mu_table_move_check (ix, &p, &u, &turn, 1, NULL, 0, &r));
  mu_move_result_clear (&r);
  /* QRS-AMB-57: a turn to the facing kept is no change of front, a
   * quarter turn is one, an about-face two */
  p.turn_cost = 2;
  turn.angle = 0;
  g_assert_true (mu_table_move_check (ix, &p, &u, &turn, 1, NULL, 0, &r));
  g_assert_cmpfloat (r.cost, ==, 0);
  mu_move_result_clear (&r);
  turn.angle = 270;
  g_assert_true (mu_table_move_check (ix, &p, &u, &turn, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 2, 1e-9);
  mu_move_result_clear (&r);
  turn.angle = 180;
  g_assert_true (mu_table_move_check (ix, &p, &u, &turn, 1, NULL, 0, &r));
  g_assert_cmpfloat_with_epsilon (r.cost, 4, 1e-9);
  mu_move_result_clear (&r);
  mu_table_map_free (t);
}

static void
test_reachable (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuMoveParams p;
  MuMoveUnit u = move_unit (20, 20, 0, 1);
  MuReachable reach;
  guint r_open, c_open, r_box, c_box;

  add_box (t, MU_AREA_IMPASSABLE, 0, 14, 10, 18, 14);
  ix = mu_terrain_index_new (t);
  mu_move_params_init (&p);
  p.allowance = 8;
  mu_table_reachable (ix, &p, &u, NULL, 0, 1.0, &reach);
  g_assert_cmpuint (reach.cols, ==, 17);
  /* straight ahead 6: reachable; inside the impassable box: not; 9 away: not */
  c_open = 8, r_open = 2;
  g_assert_cmpint (reach.cells[r_open * reach.cols + c_open], ==, 1);
  c_box = (guint) (16 - reach.origin.x), r_box = (guint) (12 - reach.origin.y);
  g_assert_cmpint (reach.cells[r_box * reach.cols + c_box], ==, 0);
  g_assert_cmpint (reach.cells[8 * reach.cols + 16], ==, 1);   /* 8 to the right: exactly 8 */
  g_assert_cmpint (reach.cells[0 * reach.cols + 16], ==, 0);   /* the corner: 11.3 away */
  mu_reachable_clear (&reach);
  mu_table_map_free (t);
}

/* TAB-1: every geometric fact a rule asks of a table is computed from the
 * model, none is left to the players: distance and contact, the front arc,
 * front, flank and rear, line of sight, the ground under a stand and its
 * level (uphill), what a path crosses, and how much of a unit is inside an
 * area (cover). One small table, each fact checked against geometry worked
 * by hand. */
static void
test_tab1_computed_facts (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuTerrainIndex) ix = NULL;
  MuPoint stream[] = { { 4, 18 }, { 44, 18 } };
  MuStand a[MU_STANDS_MAX], b[MU_STANDS_MAX], c[MU_STANDS_MAX];
  MuLosParams p;
  MuLosResult r;
  MuPoint path[2], box[4], ca, cb;
  double d, first;
  guint na, nb, nc;

  add_box (t, MU_AREA_WOODS, 0, 20, 0, 24, 10);     /* area 0 */
  add_box (t, MU_AREA_HILL, 1, 30, 22, 40, 32);     /* area 1 */
  add_line (t, MU_LINE_STREAM, 0, stream, 2);       /* line 0 */
  ix = mu_terrain_index_new (t);
  mu_los_params_init (&p, MU_UNIT_INCH);

  /* A faces east, B faces west towards it across the open */
  na = unit_at (a, 2, 6, 14, 90);
  nb = unit_at (b, 2, 16, 14, 270);
  ca = mu_stands_centre (a, na);
  cb = mu_stands_centre (b, nb);

  /* distance: moving B 2 in further away adds exactly 2 in */
  d = mu_stands_distance (a, na, b, nb);
  g_assert_cmpfloat (d, >, 0);
  nc = unit_at (c, 2, 18, 14, 270);
  g_assert_cmpfloat_with_epsilon (mu_stands_distance (a, na, c, nc), d + 2, 1e-9);
  /* contact (TAB-11): brought to within the tolerance it touches; closer still it overlaps */
  nc = unit_at (c, 2, 16 - d + 0.04, 14, 270);
  g_assert_true (mu_stands_in_contact (a, na, c, nc, mu_table_contact_tolerance (MU_UNIT_INCH)));
  g_assert_false (mu_stands_overlap (a, na, c, nc));
  nc = unit_at (c, 2, 16 - d - 0.5, 14, 270);
  g_assert_true (mu_stands_overlap (a, na, c, nc));

  /* the front arc (TAB-14): B is in A's, a unit far to A's south is not */
  g_assert_true (mu_stands_in_arc (a, na, 45, b, nb, MU_ARC_ANY_PART));
  nc = unit_at (c, 2, 6, 34, 90);
  g_assert_false (mu_stands_in_arc (a, na, 45, c, nc, MU_ARC_ANY_PART));

  /* front, flank, rear (TAB-15) of B: A before it, a point behind it, one beside it */
  g_assert_cmpint (mu_stands_sector (b, nb, 45, ca), ==, MU_SECTOR_FRONT);
  g_assert_cmpint (mu_stands_sector (b, nb, 45, (MuPoint) { cb.x + 12, cb.y }), ==, MU_SECTOR_REAR);
  g_assert_cmpint (mu_stands_sector (b, nb, 45, (MuPoint) { cb.x, cb.y + 12 }), ==, MU_SECTOR_FLANK);

  /* line of sight (TAB-16): clear across the open, blocked by the wood, named */
  g_assert_true (mu_table_los (ix, &p, a, na, b, nb, NULL, 0, &r));
  na = unit_at (a, 2, 10, 5, 90);
  nc = unit_at (c, 2, 34, 5, 270);
  g_assert_false (mu_table_los (ix, &p, a, na, c, nc, NULL, 0, &r));
  g_assert_cmpint (r.block, ==, MU_LOS_TERRAIN);
  g_assert_cmpint (r.area, ==, 0);

  /* the ground under a point and its level: going onto the hill is uphill */
  {
    guint under[4];

    g_assert_cmpuint (mu_terrain_areas_at (ix, (MuPoint) { 35, 27 }, under, 4), ==, 1);
    g_assert_cmpuint (under[0], ==, 1);
    g_assert_cmpuint (mu_terrain_areas_at (ix, (MuPoint) { 26, 27 }, under, 4), ==, 0);
  }
  g_assert_cmpint (mu_terrain_level_at (ix, (MuPoint) { 26, 27 }), ==, 0);
  g_assert_cmpint (mu_terrain_level_at (ix, (MuPoint) { 35, 27 }), ==, 1);

  /* what a path crosses: the stream, once, 6 in along it */
  path[0] = (MuPoint) { 12, 12 };
  path[1] = (MuPoint) { 12, 24 };
  g_assert_cmpuint (mu_path_crossings (path, 2, stream, 2, &first), ==, 1);
  g_assert_cmpfloat_with_epsilon (first, 6, 1e-9);

  /* cover (TAB-13): a unit is in an area when at least half its stands'
   * centres are; here an area round one of two */
  box[0] = (MuPoint) { b[0].centre.x - 0.5, b[0].centre.y - 0.5 };
  box[1] = (MuPoint) { b[0].centre.x + 0.5, b[0].centre.y - 0.5 };
  box[2] = (MuPoint) { b[0].centre.x + 0.5, b[0].centre.y + 0.5 };
  box[3] = (MuPoint) { b[0].centre.x - 0.5, b[0].centre.y + 0.5 };
  g_assert_cmpuint (mu_stands_count_in_polygon (b, nb, box, 4), ==, 1);
  g_assert_true (mu_stands_in_polygon (b, nb, box, 4));
  for (guint k = 0; k < 4; k++)
    box[k].x += 40;
  g_assert_false (mu_stands_in_polygon (b, nb, box, 4));

  mu_table_map_free (t);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-los/index-agrees", test_index_agrees);
  g_test_add_func ("/engine/table-los/level-and-roads", test_level_and_roads);
  g_test_add_func ("/engine/table-los/los", test_los);
  g_test_add_func ("/engine/table-los/los-memo", test_los_memo);
  g_test_add_func ("/engine/table-los/visible-depth", test_bat_ex_15);
  g_test_add_func ("/engine/table-los/move-rates", test_bat_ex_5);
  g_test_add_func ("/engine/table-los/fence", test_mn_ex_18);
  g_test_add_func ("/engine/table-los/swept-path", test_swept_path);
  g_test_add_func ("/engine/table-los/wheel-and-turn", test_wheel_and_turn);
  g_test_add_func ("/engine/table-los/reachable", test_reachable);
  g_test_add_func ("/engine/table-los/TAB-1/computed-facts", test_tab1_computed_facts);
  return g_test_run ();
}
