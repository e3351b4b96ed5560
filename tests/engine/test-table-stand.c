#define G_LOG_DOMAIN "test-table-stand"

#include "config.h"

#include <math.h>

#include "mu-table-geom.h"
#include "mu-table-stand.h"

#define EPS 1e-9

static MuStand
stand_at (double x, double y, double w, double d, double facing)
{
  return (MuStand) { { x, y }, w, d, facing, 0 };
}

/* TAB-5, TAB-6: the anchor is the midpoint of the front edge; stands fill
 * ranks from the front, left to right, and the facing turns them. */
static void
test_layout (void)
{
  static const struct {
    const char *what;
    MuFormation formation;
    guint n;
    double facing;
    /* expected footprint across x down, centre of stand 0 */
    double width, depth, x0, y0;
  } cases[] = {
    { "TAB-6 line of 4 facing up", MU_FORMATION_LINE, 4, 0, 16, 1, -6, 10.5 },
    { "TAB-6 column of 4 (two files)", MU_FORMATION_COLUMN, 4, 0, 8, 2, -2, 10.5 },
    { "TAB-6 column of 3 keeps the short rank left", MU_FORMATION_COLUMN, 3, 0, 8, 2, -2, 10.5 },
    { "TAB-6 limbered: one file", MU_FORMATION_LIMBERED, 3, 0, 4, 3, 0, 10.5 },
    { "TAB-6 skirmish: half a frontage apart", MU_FORMATION_SKIRMISH, 3, 0, 16, 1, -6, 10.5 },
    /* facing 90 (towards the right edge): stand 0 is the front rank's left,
     * which is at the top (-y), half a depth behind (left of) the anchor */
    { "TAB-5 line of 2 facing 90", MU_FORMATION_LINE, 2, 90, 8, 1, -0.5, 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MuStand s[MU_STANDS_MAX], f;
      MuPoint anchor = { 0, 10 }, a;
      guint n = mu_stands_layout (mu_formation_shape_default (cases[i].formation), cases[i].n,
                                  4, 1, anchor, cases[i].facing, s, MU_STANDS_MAX);

      g_test_message ("%s", cases[i].what);
      g_assert_cmpuint (n, ==, cases[i].n);
      f = mu_stands_footprint (s, n);
      g_assert_cmpfloat_with_epsilon (f.width, cases[i].width, EPS);
      g_assert_cmpfloat_with_epsilon (f.depth, cases[i].depth, EPS);
      g_assert_cmpfloat_with_epsilon (s[0].centre.x, cases[i].x0, EPS);
      g_assert_cmpfloat_with_epsilon (s[0].centre.y, cases[i].y0, EPS);
      a = mu_stands_anchor (s, n);
      if (cases[i].formation != MU_FORMATION_COLUMN || cases[i].n % 2 == 0)
        {
          /* the footprint's front edge midpoint is the anchor */
          g_assert_cmpfloat_with_epsilon (a.x, anchor.x, EPS);
          g_assert_cmpfloat_with_epsilon (a.y, anchor.y, EPS);
        }
      /* stands of a unit never overlap each other (TAB-11) */
      for (guint k = 1; k < n; k++)
        g_assert_false (mu_stands_overlap (&s[k - 1], 1, &s[k], 1));
    }
}

/* TAB-7: base sizes per arm and figure scale; TAB-8: a lost stand closes up
 * about the same anchor and facing. */
static void
test_base_size_and_loss (void)
{
  MuTableMap *t = mu_table_map_new (72, 48, MU_UNIT_CM, "15mm");
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u", "usa");
  MuStand s[MU_STANDS_MAX], s3[MU_STANDS_MAX];
  double w, d;
  MuPoint a4, a3;
  guint n;

  mu_table_base_size (t, MU_ARM_INFANTRY, &w, &d);
  g_assert_cmpfloat_with_epsilon (w, 4.0, EPS);
  g_assert_cmpfloat_with_epsilon (d, 2.0, EPS);
  mu_table_base_size (t, MU_ARM_CAVALRY, &w, &d);
  g_assert_cmpfloat_with_epsilon (d, 4.0, EPS);
  t->base_width = 5;
  t->base_depth = 2.5;
  mu_table_base_size (t, MU_ARM_ARTILLERY, &w, &d);
  g_assert_cmpfloat_with_epsilon (w, 5.0, EPS);
  g_assert_cmpfloat_with_epsilon (d, 5.0, EPS);
  t->base_width = t->base_depth = 0;
  g_free (t->figure_scale);
  t->figure_scale = g_strdup ("6mm");
  t->unit = MU_UNIT_INCH;
  mu_table_base_size (t, MU_ARM_INFANTRY, &w, &d);
  g_assert_cmpfloat_with_epsilon (w, 30 / 25.4, EPS);

  /* BAT-EX-3: a strength 4 unit has 4 stands; TAB-8: with one lost it is laid
   * out again with 3 about the same anchor */
  c->strength = 4;
  c->arm = MU_ARM_INFANTRY;
  n = mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 4, 1, 0.5,
                        (MuPoint) { 20, 20 }, 30, s, MU_STANDS_MAX);
  g_assert_cmpuint (n, ==, 4);
  a4 = mu_stands_anchor (s, n);
  n = mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 1, 0.5,
                        (MuPoint) { 20, 20 }, 30, s3, MU_STANDS_MAX);
  a3 = mu_stands_anchor (s3, n);
  g_assert_cmpfloat_with_epsilon (a3.x, a4.x, EPS);
  g_assert_cmpfloat_with_epsilon (a3.y, a4.y, EPS);
  g_assert_cmpfloat_with_epsilon (mu_stands_footprint (s3, 3).width, 3, EPS);
  /* a counter: the placement is the footprint's centre; strength from the piece */
  n = mu_table_counter_stands (t, c, NULL, MU_FORMATION_LINE, 2, (MuPoint) { 10, 10 }, 0, s,
                               MU_STANDS_MAX);
  g_assert_cmpuint (n, ==, 2);
  {
    MuStand f = mu_stands_footprint (s, n);
    g_assert_cmpfloat_with_epsilon (f.centre.x, 10, EPS);
    g_assert_cmpfloat_with_epsilon (f.centre.y, 10, EPS);
  }
  /* commanders are one square stand */
  {
    MuCounter *k = mu_counter_new (MU_COUNTER_COMMAND, "k", "usa");
    n = mu_table_counter_stands (t, k, NULL, MU_FORMATION_COLUMN, 0, (MuPoint) { 5, 5 }, 0, s,
                                 MU_STANDS_MAX);
    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpfloat_with_epsilon (s[0].width, s[0].depth, EPS);
    mu_counter_free (k);
  }
  mu_counter_free (c);
  mu_table_map_free (t);
}

/* TAB-9, TAB-10, TAB-11: edge-to-edge distances, contact within the tolerance,
 * overlap. */
static void
test_distance_contact (void)
{
  static const struct {
    const char *what;
    MuStand a, b;
    double distance;
    gboolean contact, overlap;
  } cases[] = {
    { "TAB-9 side by side, 2 apart", { { 0, 0 }, 4, 1, 0, 0 }, { { 6, 0 }, 4, 1, 0, 0 }, 2, FALSE, FALSE },
    { "TAB-11 touching front to front", { { 0, 0 }, 4, 1, 0, 0 }, { { 0, -1 }, 4, 1, 180, 0 }, 0, TRUE, FALSE },
    { "TAB-11 0.05 apart is contact (TAB-4)", { { 0, 0 }, 4, 1, 0, 0 }, { { 0, -1.05 }, 4, 1, 180, 0 }, 0.05, TRUE, FALSE },
    { "TAB-11 0.06 apart is not", { { 0, 0 }, 4, 1, 0, 0 }, { { 0, -1.06 }, 4, 1, 180, 0 }, 0.06, FALSE, FALSE },
    { "TAB-11 overlapping", { { 0, 0 }, 4, 1, 0, 0 }, { { 1, 0.5 }, 4, 1, 0, 0 }, 0, TRUE, TRUE },
    /* a stand turned 45 degrees: its corner is sqrt(2)/2*... from the other's edge */
    { "TAB-9 corner to edge", { { 0, 0 }, 2, 2, 0, 0 }, { { 0, -1 - M_SQRT2 - 1 }, 2, 2, 45, 0 }, 1, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].what);
      g_assert_cmpfloat_with_epsilon (mu_stand_distance (&cases[i].a, &cases[i].b),
                                      cases[i].distance, 1e-6);
      g_assert_cmpint (mu_stands_in_contact (&cases[i].a, 1, &cases[i].b, 1,
                                             mu_table_contact_tolerance (MU_UNIT_INCH) + 1e-9),
                       ==, cases[i].contact);
      g_assert_cmpint (mu_stands_overlap (&cases[i].a, 1, &cases[i].b, 1), ==, cases[i].overlap);
    }
  g_assert_cmpfloat (mu_table_contact_tolerance (MU_UNIT_CM), ==, 0.13);
  /* TAB-2: an inch ruleset on a cm table converts at 2.54 cm to the inch */
  g_assert_cmpfloat_with_epsilon (mu_table_length_convert (8, MU_UNIT_INCH, MU_UNIT_CM), 20.32, 1e-12);
  g_assert_cmpfloat_with_epsilon (mu_table_length_convert (20.32, MU_UNIT_CM, MU_UNIT_INCH), 8, 1e-12);
  g_assert_cmpfloat (mu_table_length_convert (5, MU_UNIT_CM, MU_UNIT_CM), ==, 5);
}

/* The boxes around two units' stands, the first test of the loops that
 * measure a unit against every other, may only part stands that
 * mu_stands_within () and mu_stands_overlap () part too: checked on
 * random units, many of them near each other or touching. */
static void
test_boxes_near (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (33);
  static const double limits[] = { 0, 0.05, 0.5, 3 };
  guint parted = 0, kept = 0;

  for (guint i = 0; i < 20000; i++)
    {
      MuStand a[4], b[4];
      guint n_a = g_rand_int_range (rng, 1, 5), n_b = g_rand_int_range (rng, 1, 5);
      double limit = limits[i % G_N_ELEMENTS (limits)];
      MuStandsBox ba, bb;

      for (guint k = 0; k < n_a; k++)
        a[k] = stand_at (k * 1.5, 0, 1.5, 0.5, 0);
      for (guint k = 0; k < n_b; k++)
        b[k] = stand_at (g_rand_double_range (rng, -1, 12), g_rand_double_range (rng, -6, 6),
                         g_rand_double_range (rng, 0.2, 2), g_rand_double_range (rng, 0.2, 2),
                         g_rand_int_range (rng, 0, 8) * 45.0);
      /* now and then b exactly beside a, touching or `limit` apart */
      if (i % 3 == 0)
        b[0] = stand_at (n_a * 1.5 - 0.75 + 0.5 + limit, 0, 1, 1, 0);
      mu_stands_box (a, n_a, &ba);
      mu_stands_box (b, n_b, &bb);
      if (mu_stands_boxes_near (&ba, &bb, limit))
        {
          kept++;
          continue;
        }
      parted++;
      g_assert_false (mu_stands_within (a, n_a, b, n_b, limit));
      g_assert_false (mu_table_within (mu_stands_distance (a, n_a, b, n_b), limit));
      if (limit == 0)
        g_assert_false (mu_stands_overlap (a, n_a, b, n_b));
    }
  g_assert_cmpuint (parted, >, 1000);
  g_assert_cmpuint (kept, >, 1000);
  /* thin stands side by side, where the loose boxes are nearly tight: at
   * the limit and just beyond it */
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    for (int k = 0; k < 4; k++)
      {
        double gap = limits[i] + (double[]) { 0, 1e-7, 1e-6, 1e-5 }[k];
        MuStand a = stand_at (0, 0, 2, 1e-6, 0), b = stand_at (2 + gap, 0, 2, 1e-6, 0);
        MuStandsBox ba, bb;

        mu_stands_box (&a, 1, &ba);
        mu_stands_box (&b, 1, &bb);
        if (mu_stands_within (&a, 1, &b, 1, limits[i]))
          g_assert_true (mu_stands_boxes_near (&ba, &bb, limits[i]));
      }
  /* no stands: parted from everything */
  {
    MuStand one = stand_at (0, 0, 1, 1, 0);
    MuStandsBox none, box;

    mu_stands_box (NULL, 0, &none);
    mu_stands_box (&one, 1, &box);
    g_assert_false (mu_stands_boxes_near (&none, &box, 100));
  }
}

/* The near pairs of many boxes, found by a sweep, are exactly the pairs
 * that mu_stands_boxes_near () finds near when every pair is tried, in
 * order, both ways round. */
static void
test_boxes_near_pairs (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (34);

  for (guint round = 0; round < 20; round++)
    {
      guint n = 1 + round * 7;
      g_autofree MuStandsBox *boxes = g_new (MuStandsBox, n);
      g_autoptr(GArray) pairs = NULL;
      guint next = 0, found = 0;

      for (guint i = 0; i < n; i++)
        {
          MuStand st[3];
          guint k = g_rand_int_range (rng, 0, 4);   /* 0: a unit with no stands */

          for (guint j = 0; j < k; j++)
            st[j] = stand_at (g_rand_double_range (rng, 0, 30) + j, g_rand_double_range (rng, 0, 20), 1, 0.5,
                              g_rand_int_range (rng, 0, 4) * 90.0);
          /* now and then exactly beside the one before: boxes touching */
          if (k > 0 && i > 0 && i % 5 == 0 && boxes[i - 1].x0 <= boxes[i - 1].x1)
            st[0].centre.x = boxes[i - 1].x1 + 0.75;
          mu_stands_box (st, k, &boxes[i]);
        }
      pairs = mu_stands_boxes_near_pairs (boxes, n);
      for (guint a = 0; a < n; a++)
        for (guint b = 0; b < n; b++)
          if (a != b && mu_stands_boxes_near (&boxes[a], &boxes[b], 0))
            {
              g_assert_cmpuint (next, <, pairs->len);
              g_assert_cmpuint (g_array_index (pairs, MuStandsPair, next).a, ==, a);
              g_assert_cmpuint (g_array_index (pairs, MuStandsPair, next).b, ==, b);
              next++;
              found++;
            }
      g_assert_cmpuint (next, ==, pairs->len);
      if (n > 100)
        g_assert_cmpuint (found, >, 0);
    }
}

/* BAT-EX-4: a commander with command value 3 in 15mm on a cm table has a
 * radius of 30 cm; a unit with one base 29 cm away and the others 35 cm away
 * is in command (TAB-10: to the nearest point of any stand; TAB-4: within
 * includes exactly the distance). */
static void
test_bat_ex_4 (void)
{
  MuStand commander = stand_at (0, 0, 4, 4, 0);
  MuStand unit[4];
  double radius = 3 * 10.0;

  /* a line bent back: the first base 29 cm from the commander's edge, the others 35 */
  unit[0] = stand_at (0, -2 - 29 - 1, 4, 2, 0);
  unit[1] = stand_at (-4, -2 - 35 - 1, 4, 2, 0);
  unit[2] = stand_at (0, -2 - 35 - 1, 4, 2, 0);
  unit[3] = stand_at (4, -2 - 35 - 1, 4, 2, 0);
  g_assert_cmpfloat_with_epsilon (mu_stands_distance (&commander, 1, unit, 4), 29, 1e-9);
  g_assert_true (mu_stands_distance (&commander, 1, unit, 4) <= radius);
  g_assert_cmpfloat_with_epsilon (mu_stands_distance (&commander, 1, &unit[1], 3), 35, 1e-9);
  g_assert_false (mu_stands_distance (&commander, 1, &unit[1], 3) <= radius);
  /* exactly 30 is within */
  unit[0].centre.y = -2 - 30 - 1;
  g_assert_true (mu_stands_distance (&commander, 1, unit, 1) <= radius);
}

/* TAB-10: range from the firer's front edge: a target behind the firer is
 * measured from the front edge, not the rear. */
static void
test_range (void)
{
  MuStand firer = stand_at (0, 0, 4, 2, 0);
  MuStand ahead = stand_at (0, -11, 4, 2, 180);
  MuStand behind = stand_at (0, 11, 4, 2, 0);

  g_assert_cmpfloat_with_epsilon (mu_stand_range (&firer, &ahead, 1), 9, EPS);
  g_assert_cmpfloat_with_epsilon (mu_stand_distance (&firer, &behind), 9, EPS);
  g_assert_cmpfloat_with_epsilon (mu_stand_range (&firer, &behind, 1), 11, EPS);
}

/* TAB-14 arcs at 45 degrees (any part) and toy-soldiers' 22 degrees with a
 * whole stand (TS-GEN-4). */
static void
test_arcs (void)
{
  MuStand unit = stand_at (0, 0, 4, 2, 0);
  static const struct {
    const char *what;
    MuStand target;
    double half_angle;
    MuArcTest test;
    gboolean in;
  } cases[] = {
    { "TAB-14 straight ahead", { { 0, -10 }, 4, 2, 180, 0 }, 45, MU_ARC_ANY_PART, TRUE },
    { "TAB-14 behind", { { 0, 10 }, 4, 2, 0, 0 }, 45, MU_ARC_ANY_PART, FALSE },
    /* 10 ahead of the front edge the 45-degree arc reaches x = 2 + 10 = 12 */
    { "TAB-14 corner just inside at 45", { { 13.9, -12 }, 4, 2, 0, 0 }, 45, MU_ARC_ANY_PART, TRUE },
    { "TAB-14 wholly outside at 45", { { 16.1, -12 }, 4, 2, 0, 0 }, 45, MU_ARC_ANY_PART, FALSE },
    /* at 22 degrees the arc 10 ahead reaches x = 2 + 10 tan 22 = 6.04 */
    { "TS-GEN-4 22 degrees, only a part inside", { { 6, -12 }, 4, 2, 0, 0 }, 22, MU_ARC_WHOLE_STAND, FALSE },
    { "TS-GEN-4 22 degrees, a whole stand inside", { { 3, -14 }, 2, 1, 0, 0 }, 22, MU_ARC_WHOLE_STAND, TRUE },
    { "TAB-14 22 degrees, any part", { { 6, -12 }, 4, 2, 0, 0 }, 22, MU_ARC_ANY_PART, TRUE },
    { "TAB-14 level with the front edge beside", { { 6, 0 }, 4, 2, 0, 0 }, 45, MU_ARC_ANY_PART, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].what);
      g_assert_cmpint (mu_stands_in_arc (&unit, 1, cases[i].half_angle, &cases[i].target, 1,
                                         cases[i].test), ==, cases[i].in);
    }
  /* a turned unit: facing 90, the arc is to the right */
  unit.facing = 90;
  g_assert_true (mu_stand_arc_contains (&unit, 45, (MuPoint) { 10, 0 }));
  g_assert_false (mu_stand_arc_contains (&unit, 45, (MuPoint) { 0, -10 }));
  /* only the front rank's arcs count: a stand beside the front stand of a
   * column is not in the arc of the rank behind */
  {
    MuStand col[2];
    MuStand beside = stand_at (3.2, -0.5, 1, 1, 0);

    mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LIMBERED), 2, 2, 2,
                      (MuPoint) { 0, 0 }, 0, col, 2);
    g_assert_false (mu_stands_in_arc (col, 2, 45, &beside, 1, MU_ARC_ANY_PART));
  }
}

/* TS-AMB-40, TS-AMB-85: a square and a village block have all-round arcs:
 * everything is in them and nothing is on their flank or rear. */
static void
test_all_round (void)
{
  MuFormationShape square = { "square", 2, 0, 0, TRUE };
  MuStand sq[4], behind = stand_at (0, 20, 4, 2, 0), beside = stand_at (30, 1, 4, 2, 0);
  const MuPoint block[] = { { 10, 10 }, { 14, 10 }, { 14, 14 }, { 10, 14 } };
  guint n = mu_stands_layout (&square, 4, 4, 2, (MuPoint) { 0, 0 }, 0, sq, 4);
  double arc = mu_formation_shape_arc (&square, 22);

  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpfloat (arc, ==, MU_ARC_ALL_ROUND);
  g_assert_cmpfloat (mu_formation_shape_arc (mu_formation_shape_default (MU_FORMATION_LINE), 22), ==, 22);
  /* at 22 degrees the square's front rank sees neither; all round it sees both */
  g_assert_false (mu_stands_in_arc (sq, n, 22, &behind, 1, MU_ARC_ANY_PART));
  g_assert_true (mu_stands_in_arc (sq, n, arc, &behind, 1, MU_ARC_ANY_PART));
  g_assert_true (mu_stands_in_arc (sq, n, arc, &beside, 1, MU_ARC_WHOLE_STAND));
  g_assert_true (mu_stands_arc_contains (sq, n, arc, (MuPoint) { 0, 30 }));
  g_assert_true (mu_stand_arc_contains (&sq[3], arc, (MuPoint) { -20, 0 }));
  /* TAB-15 overridden: attacked from behind or the side, still the front */
  g_assert_cmpint (mu_stands_sector (sq, n, 45, (MuPoint) { 0, 30 }), ==, MU_SECTOR_REAR);
  g_assert_cmpint (mu_stands_sector (sq, n, arc, (MuPoint) { 0, 30 }), ==, MU_SECTOR_FRONT);
  g_assert_cmpint (mu_stands_sector (sq, n, arc, (MuPoint) { 30, 2 }), ==, MU_SECTOR_FRONT);
  /* a block: all round, every point; by its faces at 22 degrees, what lies
   * beyond a face, not what lies off a corner on the diagonal */
  g_assert_true (mu_polygon_arc_contains (block, 4, MU_ARC_ALL_ROUND, (MuPoint) { 30, 30 }));
  g_assert_true (mu_polygon_arc_contains (block, 4, 22, (MuPoint) { 12, 4 }));
  g_assert_true (mu_polygon_arc_contains (block, 4, 22, (MuPoint) { 20, 12 }));
  g_assert_true (mu_polygon_arc_contains (block, 4, 22, (MuPoint) { 12, 24 }));
  g_assert_false (mu_polygon_arc_contains (block, 4, 22, (MuPoint) { 30, 30 }));
  g_assert_false (mu_polygon_arc_contains (block, 4, 22, (MuPoint) { 12, 12 }));
  /* the faces are outward whichever way the vertices run */
  {
    const MuPoint back[] = { block[3], block[2], block[1], block[0] };

    g_assert_true (mu_polygon_arc_contains (back, 4, 22, (MuPoint) { 12, 4 }));
    g_assert_false (mu_polygon_arc_contains (back, 4, 22, (MuPoint) { 12, 12 }));
  }
}

/* TS-AMB-42: a unit's arc is the union of its front-rank stands' arcs, so a
 * stand straddling two of them close in front is wholly in it though no
 * single stand's arc holds it; a block is to the front when any part of it
 * is in that arc. */
static void
test_front_rank_arc (void)
{
  MuStand line[3], col[4];
  /* the line's stands are x -6..-2, -2..2, 2..6, front edge at y = 0; a
   * target 4 wide centred on x = 2, 0.5 ahead: corners at x 0 and 4 */
  MuStand ahead = stand_at (2, -1.5, 4, 2, 0);
  const MuPoint block[] = { { 20, -20 }, { 24, -20 }, { 24, -16 }, { 20, -16 } };
  const MuPoint behind[] = { { -2, 10 }, { 2, 10 }, { 2, 14 }, { -2, 14 } };

  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 4, 2, (MuPoint) { 0, 0 }, 0, line, 3);
  g_assert_false (mu_stands_in_arc (&line[1], 1, 22, &ahead, 1, MU_ARC_WHOLE_STAND));
  g_assert_false (mu_stands_in_arc (&line[2], 1, 22, &ahead, 1, MU_ARC_WHOLE_STAND));
  g_assert_true (mu_stands_in_arc (line, 3, 22, &ahead, 1, MU_ARC_WHOLE_STAND));
  /* the union's edge runs from the outer front corners: no apex */
  {
    double edge = 6 + 10 * tan (22 * G_PI / 180);

    g_assert_true (mu_stands_arc_contains (line, 3, 22, (MuPoint) { edge - 0.01, -10 }));
    g_assert_false (mu_stands_arc_contains (line, 3, 22, (MuPoint) { edge + 0.01, -10 }));
  }
  /* only the front rank: a column's second rank adds nothing */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_COLUMN), 4, 4, 2, (MuPoint) { 0, 0 }, 0, col, 4);
  g_assert_false (mu_stands_arc_contains (col, 4, 22, (MuPoint) { 4.5, -1 }));
  g_assert_true (mu_stands_arc_contains (col, 4, 22, (MuPoint) { 4.5, -10 }));
  /* a village block ahead and to the right: part of it is in the 45 degree arc */
  g_assert_true (mu_polygon_in_arc (line, 3, 45, block, 4));
  g_assert_false (mu_polygon_in_arc (line, 3, 22, block, 4));
  g_assert_false (mu_polygon_in_arc (line, 3, 45, behind, 4));
  g_assert_true (mu_polygon_in_arc (line, 3, MU_ARC_ALL_ROUND, behind, 4));
}

/* TAB-15: front, flank and rear of a target seen from the attacker's centre. */
static void
test_sectors (void)
{
  MuStand target[3];
  static const struct {
    const char *what;
    MuPoint attacker;
    MuSector sector;
  } cases[] = {
    { "TAB-15 ahead", { 0, -10 }, MU_SECTOR_FRONT },
    { "TAB-15 ahead and wide (inside 45)", { 14, -10 }, MU_SECTOR_FRONT },
    { "TAB-15 beside", { 20, 0.5 }, MU_SECTOR_FLANK },
    { "TAB-15 wide ahead, outside 45", { 20, -5 }, MU_SECTOR_FLANK },
    { "TAB-15 behind", { 0, 10 }, MU_SECTOR_REAR },
    { "TAB-15 behind and wide", { 9, 7 }, MU_SECTOR_REAR },
  };

  /* a line of three 4 x 1 stands, anchor at the origin, facing up */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 4, 1, (MuPoint) { 0, 0 },
                    0, target, 3);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].what);
      g_assert_cmpstr (mu_sector_to_string (mu_stands_sector (target, 3, 45, cases[i].attacker)), ==,
                       mu_sector_to_string (cases[i].sector));
    }
}

/* TAB-13 and BAT-EX-8: a unit with 3 of its 4 stands' centres in a wood is in
 * the wood; with 1 of 4 it is not; 2 of 4 (half) is. */
static void
test_in_area (void)
{
  static const MuPoint wood[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  MuStand s[4];

  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 4, 4, 1, (MuPoint) { 4, 5 },
                    0, s, 4);
  /* centres at x = -2, 2, 6, 10.0 (on the edge: outside by even-odd) */
  g_assert_cmpuint (mu_stands_count_in_polygon (s, 4, wood, 4), ==, 2);
  g_assert_true (mu_stands_in_polygon (s, 4, wood, 4));
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 4, 4, 1, (MuPoint) { 7, 5 },
                    0, s, 4);
  g_assert_cmpuint (mu_stands_count_in_polygon (s, 4, wood, 4), ==, 3);
  g_assert_true (mu_stands_in_polygon (s, 4, wood, 4));
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 4, 4, 1, (MuPoint) { -3, 5 },
                    0, s, 4);
  g_assert_cmpuint (mu_stands_count_in_polygon (s, 4, wood, 4), ==, 1);
  g_assert_false (mu_stands_in_polygon (s, 4, wood, 4));
}

/* TAB-17: directly away runs from the centre of the nearest enemy stand
 * through the centre of the moving unit. */
static void
test_away (void)
{
  MuStand unit[2], enemy[3];
  MuPoint v;

  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 2, 4, 1, (MuPoint) { 10, 10 }, 0,
                    unit, 2);   /* centre (10, 10.5) */
  /* an enemy line to the south-east: its nearest stand is the left one at (16, 14.5) */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 4, 1, (MuPoint) { 20, 14 }, 0,
                    enemy, 3);
  v = mu_stands_away_vector (unit, 2, enemy, 3);
  g_assert_cmpfloat_with_epsilon (v.x, -6 / hypot (6, 4), 1e-9);
  g_assert_cmpfloat_with_epsilon (v.y, -4 / hypot (6, 4), 1e-9);
}

/* TAB-17: nearest between stand centres; when two enemy stands are equally
 * near, the line starts at the centre of the enemy's footprint. Edge to
 * edge, every stand of a line that meets a unit head on touches it, and
 * taking the first sent the unit off at an angle. */
static void
test_away_tie (void)
{
  MuStand unit[3], enemy[3];
  MuPoint v;

  /* a three-stand line (4 x 2) facing down meets a three-stand line head on */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 4, 2, (MuPoint) { 20, 10 }, 180,
                    enemy, 3);
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 3, 4, 2, (MuPoint) { 20, 10.01 }, 0,
                    unit, 3);
  g_assert_cmpfloat (mu_stands_distance (&enemy[0], 1, unit, 3), <=, 0.05);
  g_assert_cmpfloat (mu_stands_distance (&enemy[2], 1, unit, 3), <=, 0.05);
  v = mu_stands_away_vector (unit, 3, enemy, 3);
  g_assert_cmpfloat_with_epsilon (v.x, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (v.y, 1, 1e-9);
  /* two enemy stands, one stand between them: equally near, straight back
   * (not at 45 degrees, towards the first) */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 2, 4, 2, (MuPoint) { 20, 10 }, 180,
                    enemy, 2);
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 1, 4, 2, (MuPoint) { 20, 10.01 }, 0,
                    unit, 1);
  v = mu_stands_away_vector (unit, 1, enemy, 2);
  g_assert_cmpfloat_with_epsilon (v.x, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (v.y, 1, 1e-9);
  /* one nearer by centres, though both touch: from it */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 1, 4, 2, (MuPoint) { 19, 10.01 }, 0,
                    unit, 1);
  v = mu_stands_away_vector (unit, 1, enemy, 2);
  g_assert_cmpfloat_with_epsilon (v.x, 1 / hypot (1, 2.01), 1e-9);
  g_assert_cmpfloat_with_epsilon (v.y, 2.01 / hypot (1, 2.01), 1e-9);
}

/* TS-EX-9, TS-SMK-1: a smoke marker affects the area within 2" of it. Two
 * opposing units 4" apart with smoke on the front of one: fire either way
 * passes through the smoke's area, so both are obscured; a unit 4" to the
 * side of the smoke, firing past it, is not. */
static void
test_ts_ex_9 (void)
{
  MuStand a[2], b[2], c[2];
  MuPoint smoke, af, bf, cf;

  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 2, 1.5, 0.75, (MuPoint) { 10, 10 }, 0,
                    a, 2);
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 2, 1.5, 0.75, (MuPoint) { 10, 6 }, 180,
                    b, 2);
  g_assert_cmpfloat_with_epsilon (mu_stands_distance (a, 2, b, 2), 4, 1e-9);
  smoke = mu_stands_anchor (a, 2);          /* smoke in front of a */
  af = mu_stands_anchor (a, 2);
  bf = mu_stands_anchor (b, 2);
  g_assert_true (mu_segment_point_distance (af, bf, smoke) <= 2);   /* a fires at b */
  g_assert_true (mu_segment_point_distance (bf, af, smoke) <= 2);   /* b fires at a */
  g_assert_false (mu_stands_point_distance (b, 2, smoke) <= 2);     /* b itself is 4 from it */
  /* a third unit 4 to the side fires at b past the smoke */
  mu_stands_layout (mu_formation_shape_default (MU_FORMATION_LINE), 2, 1.5, 0.75, (MuPoint) { 14.5, 10 }, 0,
                    c, 2);
  cf = mu_stands_anchor (c, 2);
  g_assert_false (mu_segment_point_distance (cf, (MuPoint) { 14.5, 6 }, smoke) <= 2);
}

/* BAT-AMB-16: the part of a base's footprint inside areas, exact for
 * corners, notches, a turned base and areas that overlap or touch. */
static void
test_area_in_polygons (void)
{
  static const MuPoint square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  static const MuPoint left[] = { { 0, 0 }, { 5, 0 }, { 5, 10 }, { 0, 10 } };
  static const MuPoint right[] = { { 5, 0 }, { 10, 0 }, { 10, 10 }, { 5, 10 } };
  static const MuPoint notched[] = { { 0, 0 }, { 4.5, 0 }, { 4.5, 1 }, { 5.5, 1 }, { 5.5, 0 }, { 10, 0 },
                                     { 10, 10 }, { 0, 10 } };
  static const MuPoint diamond[] = { { 5, 3 }, { 7, 5 }, { 5, 7 }, { 3, 5 } };
  const MuPoint *polys[2];
  guint lens[2];
  MuStand s;

  /* wholly inside, wholly outside */
  s = stand_at (5, 5, 2, 1, 0);
  polys[0] = square, lens[0] = 4;
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 2, EPS);
  s = stand_at (15, 5, 2, 1, 0);
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 0, EPS);
  /* on a corner: a quarter */
  s = stand_at (10, 10, 2, 1, 0);
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 0.5, EPS);
  /* turned 90 degrees on the top edge, centre 0.25 inside: depth runs along x */
  s = stand_at (5, 0.25, 2, 1, 90);
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 1.25, EPS);
  /* a 2 x 2 base over a notch of 1 x 1 cut into the edge: 3 of its 4 */
  s = stand_at (5, 1, 2, 2, 0);
  polys[0] = notched, lens[0] = 8;
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 3, EPS);
  /* two halves that touch cover as much as the whole */
  s = stand_at (5, 5, 2, 1, 30);
  polys[0] = left, lens[0] = 4;
  polys[1] = right, lens[1] = 4;
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 2), 2, EPS);
  /* overlapping areas count once: a diamond inside the square */
  s = stand_at (5, 5, 4, 4, 0);
  polys[0] = square, lens[0] = 4;
  polys[1] = diamond, lens[1] = 4;
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 2), 16, EPS);
  /* the diamond alone: 8, all of it inside the base */
  polys[0] = diamond;
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 8, EPS);
  /* turned 45 degrees, the diamond is the base's own square of side 2.83 */
  s = stand_at (5, 5, 2 * G_SQRT2, 2 * G_SQRT2, 45);
  g_assert_cmpfloat_with_epsilon (mu_stand_area_in_polygons (&s, polys, lens, 1), 8, 1e-6);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-stand/layout", test_layout);
  g_test_add_func ("/engine/table-stand/base-size-and-loss/TAB-7/TAB-8/BAT-EX-3", test_base_size_and_loss);
  g_test_add_func ("/engine/table-stand/distance-contact/TAB-2/TAB-9/TAB-10/TAB-11", test_distance_contact);
  g_test_add_func ("/engine/table-stand/command-radius", test_bat_ex_4);
  g_test_add_func ("/engine/table-stand/boxes-near", test_boxes_near);
  g_test_add_func ("/engine/table-stand/boxes-near-pairs", test_boxes_near_pairs);
  g_test_add_func ("/engine/table-stand/range/TAB-10", test_range);
  g_test_add_func ("/engine/table-stand/arcs", test_arcs);
  g_test_add_func ("/engine/table-stand/sectors", test_sectors);
  g_test_add_func ("/engine/table-stand/all-round/TS-AMB-40/TS-AMB-85", test_all_round);
  g_test_add_func ("/engine/table-stand/front-rank-arc/TS-AMB-42", test_front_rank_arc);
  g_test_add_func ("/engine/table-stand/in-area", test_in_area);
  g_test_add_func ("/engine/table-stand/area-in-polygons", test_area_in_polygons);
  g_test_add_func ("/engine/table-stand/away/TAB-17", test_away);
  g_test_add_func ("/engine/table-stand/away-tie", test_away_tie);
  g_test_add_func ("/engine/table-stand/smoke", test_ts_ex_9);
  return g_test_run ();
}
