/* test-match-ask.c: where a counter can go on a table (a region), where a
 * charge would go, and the command a ruleset prescribes to a computer
 * player */
#define G_LOG_DOMAIN "test-match-ask"

#include "config.h"

#include <math.h>

#include "mu-match.h"
#include "mu-policy.h"
#include "mu-region.h"

/* Regions ------------------------------------------------------------------------ */

static void
test_region_shapes (void)
{
  g_autoptr(MuRegion) r = mu_region_new ();
  const MuPoint square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  const MuPoint hole[] = { { 4, 4 }, { 6, 4 }, { 6, 6 }, { 4, 6 } };
  const MuPoint lake[] = { { 28, 28 }, { 32, 28 }, { 32, 32 }, { 28, 32 } };
  MuPoint lo, hi;
  guint disc;

  g_assert_true (mu_region_is_empty (r));
  g_assert_false (mu_region_get_bounds (r, &lo, &hi));
  g_assert_false (mu_region_contains (r, (MuPoint) { 1, 1 }));
  g_assert_cmpuint (mu_region_add_polygon (r, square, G_N_ELEMENTS (square)), ==, 0);
  mu_region_add_hole (r, 0, hole, G_N_ELEMENTS (hole));
  g_assert_true (mu_region_contains (r, (MuPoint) { 1, 1 }));
  g_assert_false (mu_region_contains (r, (MuPoint) { 5, 5 }));
  g_assert_false (mu_region_contains (r, (MuPoint) { 11, 5 }));
  g_assert_cmpfloat_with_epsilon (mu_region_area (r), 96, 1e-9);
  /* a disc with a hole: a move allowance around ground it may not enter */
  disc = mu_region_add_disc (r, (MuPoint) { 30, 30 }, 8, 64);
  g_assert_cmpuint (disc, ==, 1);
  mu_region_add_hole (r, disc, lake, G_N_ELEMENTS (lake));
  g_assert_cmpuint (mu_region_n_polygons (r), ==, 2);
  g_assert_cmpuint (mu_region_n_holes (r, 1), ==, 1);
  g_assert_cmpuint (mu_region_get_outer (r, 1)->len, ==, 64);
  g_assert_cmpuint (mu_region_get_hole (r, 1, 0)->len, ==, 4);
  g_assert_true (mu_region_contains (r, (MuPoint) { 30, 37.5 }));
  g_assert_false (mu_region_contains (r, (MuPoint) { 30, 38.1 }));
  g_assert_false (mu_region_contains (r, (MuPoint) { 30, 30 }));
  /* the 64-gon is within 0.2 % of the circle's area */
  g_assert_cmpfloat (fabs (mu_region_area (r) - 96 - (G_PI * 64 - 16)) / (G_PI * 64), <, 0.002);
  g_assert_true (mu_region_get_bounds (r, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (lo.x, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hi.y, 38, 1e-9);
}

static MuMatch *
open_fixture (const char *name, const int *dice, guint n_dice)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures",
                                            "rules", name, NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *m = mu_match_open_file (path, 1, dice, n_dice, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static gboolean
move_legal (MuMatch *m, const char *id, MuPoint to, double facing)
{
  g_autofree char *line = g_strdup_printf ("move %s @%.3f,%.3f/%.1f", id, to.x, to.y, facing);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuCommand) c = mu_match_parse (m, line, &error);
  MuCheck check;
  gboolean legal;

  g_assert_no_error (error);
  g_assert_true (mu_match_check (m, c, &check));
  legal = check.legal;
  mu_check_clear (&check);
  return legal;
}

/* baa-table draws the region from the move allowance (BAT-MOV-1): a disc of
 * 8 in for infantry in the open; the lake (BAT-MOV-4) cut out of the
 * cavalry's 16 in; the points on its rim are legal destinations. */
static void
test_table_region (void)
{
  static const int dice[] = { 4, 2, 6, 6, 6, 2, 3 };
  g_autoptr(MuMatch) m = open_fixture ("baa-table/movement.muster", dice, G_N_ELEMENTS (dice));
  g_autoptr(MuRegion) f1 = mu_match_legal_region (m, "f1");
  g_autoptr(MuRegion) k1 = mu_match_legal_region (m, "k1");
  g_autoptr(MuRegion) enemy = mu_match_legal_region (m, "e1");
  const GArray *rim;
  guint checked = 0;

  g_assert_nonnull (f1);
  g_assert_null (enemy);   /* not its side's move */
  g_assert_true (mu_region_contains (f1, (MuPoint) { 10, 20 }));
  g_assert_true (mu_region_contains (f1, (MuPoint) { 10, 12.5 }));
  g_assert_false (mu_region_contains (f1, (MuPoint) { 10, 11.5 }));
  g_assert_cmpfloat (mu_region_area (f1), >, 0.8 * G_PI * 64);
  g_assert_cmpfloat (mu_region_area (f1), <=, G_PI * 64);

  g_assert_nonnull (k1);
  g_assert_true (mu_region_contains (k1, (MuPoint) { 44, 30 }));
  g_assert_false (mu_region_contains (k1, (MuPoint) { 39, 18 }));   /* the lake */
  g_assert_false (mu_region_contains (k1, (MuPoint) { 27, 26 }));   /* beyond 16 in */
  g_assert_false (mu_region_contains (k1, (MuPoint) { 44, 41 }));   /* off the table */
  rim = mu_region_get_outer (k1, 0);
  for (guint i = 0; i < rim->len; i++)
    {
      MuPoint p = g_array_index (rim, MuPoint, i);
      double dx = p.x - 44, dy = p.y - 26, d = hypot (dx, dy);
      double facing = fmod (atan2 (dx, -dy) * 180.0 / G_PI + 360.0, 360.0);

      if (d < 0.5)
        continue;
      /* a little short of the rim, facing the way it went */
      g_assert_true (move_legal (m, "k1", (MuPoint) { 44 + dx * 0.98, 26 + dy * 0.98 }, facing));
      checked++;
    }
  g_assert_cmpuint (checked, >, 24);
}

/* The destinations the engine lists for a unit lie in its region, which the
 * window shades round the rings it draws on them: on the shipped Henry House
 * Hill table, every unit that may move in the first movement phase. */
static void
test_table_region_holds_destinations (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "henry-house-hill-table.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 1, NULL, 0, NULL, &error);
  GArray *views;
  guint units = 0, spots = 0, crossed = 0;

  g_assert_no_error (error);
  /* on to the first side's movement: end the order phases */
  for (guint n = 0; n < 12 && !mu_match_is_over (m); n++)
    {
      const MuCounterView *first = NULL;

      views = mu_match_get_counters (m);
      for (guint i = 0; i < views->len && first == NULL; i++)
        {
          const MuCounterView *v = &g_array_index (views, MuCounterView, i);
          g_autoptr(GArray) here = mu_match_legal_moves (m, v->id);

          if (here != NULL && here->len > 0)
            first = v;
        }
      if (first != NULL)
        break;
      {
        g_autoptr(GError) e = NULL;
        g_autoptr(MuCommand) end = mu_match_parse (m, "end-phase", &e);
        g_assert_no_error (e);
        g_assert_true (mu_match_apply (m, end, NULL, &e));
        g_assert_no_error (e);
      }
    }
  views = mu_match_get_counters (m);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      g_autoptr(GArray) moves = mu_match_legal_moves (m, v->id);
      g_autoptr(MuRegion) region = NULL;

      if (moves == NULL || moves->len == 0)
        continue;
      region = mu_match_legal_region (m, v->id);
      g_assert_nonnull (region);
      units++;
      for (guint k = 0; k < moves->len; k++)
        {
          const MuPos *p = &g_array_index (moves, MuPos, k);
          /* a destination is a corner of the region: look just inside it */
          MuPoint in = { v->pos.point.x + (p->point.x - v->pos.point.x) * 0.99,
                         v->pos.point.y + (p->point.y - v->pos.point.y) * 0.99 };

          if (!mu_region_contains (region, in))
            g_test_message ("%s: %.2f,%.2f is listed but outside its region", v->id, p->point.x, p->point.y);
          g_assert_true (mu_region_contains (region, in));
          spots++;
        }
      /* and no ground another unit stands on: the shading follows the
       * bases that end its rays (BAT-MOV-6) instead of cutting across
       * them from one ray's end to the next */
      for (guint j = 0; j < views->len; j++)
        {
          const MuCounterView *o = &g_array_index (views, MuCounterView, j);

          for (guint k = 0; j != i && k < o->n_stands; k++)
            {
              if (mu_region_contains (region, o->stands[k].centre))
                g_test_message ("%s: the region holds the centre of a stand of %s", v->id, o->id);
              crossed += mu_region_contains (region, o->stands[k].centre);
            }
        }
    }
  g_assert_cmpuint (units, >, 5);
  g_assert_cmpuint (spots, >, units);
  g_assert_cmpuint (crossed, ==, 0);
}

/* A hex board lists hexes (mu_match_legal_moves), not a region. */
static void
test_hex_no_region (void)
{
  g_autoptr(MuMatch) m = open_fixture ("baa-hex/zoc.muster", NULL, 0);
  GArray *views = mu_match_get_counters (m);

  for (guint i = 0; i < views->len; i++)
    g_assert_null (mu_match_legal_region (m, g_array_index (views, MuCounterView, i).id));
}

/* mn-acw's destinations (the board's marks): none before an activation,
 * then the listed ends of the move the unit owes, each inside its region
 * and each a legal move; the window asks for them whenever a unit is
 * selected. */
static void
test_mn_destinations (void)
{
  static const int dice[] = { 6, 1, 6, 6, 3, 4 };
  g_autoptr(MuMatch) m = open_fixture ("mn-acw/cavalry.muster", dice, G_N_ELEMENTS (dice));
  g_autoptr(GArray) before = mu_match_legal_moves (m, "k1");
  g_autoptr(GArray) after = NULL;
  g_autoptr(MuRegion) region = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (before);
  g_assert_cmpuint (before->len, ==, 0);
  g_assert_true (mu_match_apply_line (m, "activate k1 ahead", NULL, &error));
  g_assert_no_error (error);
  after = mu_match_legal_moves (m, "k1");
  region = mu_match_legal_region (m, "k1");
  g_assert_nonnull (region);
  g_assert_cmpuint (after->len, >, 0);
  for (guint i = 0; i < after->len; i++)
    {
      const MuPos *p = &g_array_index (after, MuPos, i);

      g_assert_true (p->is_point);
      /* ahead: on the ray, within the roll of 4 */
      g_assert_cmpfloat_with_epsilon (p->point.x, 10, 1e-6);
      g_assert_cmpfloat (p->point.y, >=, 15.5 - 4 - 1e-6);
      g_assert_true (move_legal (m, "k1", p->point, 0));
    }
}

/* Attack paths ------------------------------------------------------------------- */

static GArray *
attack_path (MuMatch *m, const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuCommand) c = mu_match_parse (m, line, &error);

  g_assert_no_error (error);
  return mu_match_attack_path (m, c);
}

static void
assert_pos (const MuPos *pos, double x, double y, double facing)
{
  g_assert_true (pos->is_point);
  g_assert_cmpfloat_with_epsilon (pos->point.x, x, 0.005);
  g_assert_cmpfloat_with_epsilon (pos->point.y, y, 0.005);
  g_assert_true (pos->has_facing);
  g_assert_cmpfloat_with_epsilon (pos->facing, facing, 1e-6);
}

/* A charge's path to contact before its roll, for the board to draw
 * (MN-AMB-60): the fixture's distances to the point where the fronts
 * first touch (MN-AMB-52): k1 touches k2 after 6.00 in, i touches j
 * after 7.50 in. */
static void
test_attack_path (void)
{
  static const int dice[] = { 6, 1, 6, 6 };
  g_autoptr(MuMatch) m = open_fixture ("mn-acw/cavalry.muster", dice, G_N_ELEMENTS (dice));
  g_autoptr(MuMatch) hex = open_fixture ("baa-hex/zoc.muster", NULL, 0);
  g_autoptr(GArray) k1 = attack_path (m, "charge k1 k2");
  g_autoptr(GArray) i = attack_path (m, "charge i j");
  g_autoptr(GArray) column = attack_path (m, "charge i j form column");
  g_autoptr(GArray) theirs = attack_path (m, "charge k2 k1");
  g_autoptr(GArray) battery = attack_path (m, "charge u k2");
  g_autoptr(GArray) move = attack_path (m, "activate k1 ahead");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (k1);
  g_assert_cmpuint (k1->len, ==, 2);
  assert_pos (&g_array_index (k1, MuPos, 0), 10, 15.5, 0);
  assert_pos (&g_array_index (k1, MuPos, 1), 10, 9.50, 0);
  g_assert_nonnull (i);
  g_assert_cmpuint (i->len, ==, 2);
  assert_pos (&g_array_index (i, MuPos, 0), 24, 15.75, 0);
  assert_pos (&g_array_index (i, MuPos, 1), 24, 8.25, 0);
  /* a formation change first: where it puts the unit, then the contact
   * straight ahead of that */
  g_assert_nonnull (column);
  g_assert_cmpuint (column->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (g_array_index (column, MuPos, 1).point.x, 24, 0.005);
  g_assert_cmpfloat_with_epsilon (g_array_index (column, MuPos, 2).point.x, 24, 0.005);
  g_assert_cmpfloat_with_epsilon (g_array_index (column, MuPos, 2).point.y, 8.25, 0.005);
  /* refused now (not the active side's, a battery, no charge): no path */
  g_assert_null (theirs);
  g_assert_null (battery);
  g_assert_null (move);
  /* a ruleset that tells none */
  {
    g_autoptr(MuCommand) c = mu_match_parse (hex, "end-phase", &error);

    g_assert_no_error (error);
    g_assert_null (mu_match_attack_path (hex, c));
  }
  /* asking changes nothing: the charge is played as listed */
  g_assert_true (mu_match_apply_line (m, "charge i j", NULL, &error));
  g_assert_no_error (error);
}

/* Policy hints ------------------------------------------------------------------- */

/* At complete darkness the rules order the withdrawal (BAA-DAY-2): the
 * ruleset names the command, the policy takes it; elsewhere it names none
 * and the policy chooses. */
static void
test_policy_hint (void)
{
  g_autoptr(MuMatch) m = open_fixture ("baa-hex/days.muster", NULL, 0);
  g_autoptr(MuDice) rng = mu_policy_rng_new (1);
  gboolean hinted = FALSE;

  for (guint n = 0; n < 400 && !hinted && !mu_match_is_over (m); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuDecision *d = mu_match_get_pending (m);
      const MuCommand *hint = mu_match_policy_hint (m, legal);
      g_autoptr(GError) error = NULL;

      if (d && g_strcmp0 (d->id, "day-withdraw") == 0)
        {
          g_autofree char *text = NULL;
          g_autofree char *first = g_strconcat ("choose ", d->answers[0], NULL);

          /* the first answer: the first unsafe unit, to the hex farthest
           * from the enemy */
          g_assert_true (hint == g_ptr_array_index (legal, 0));
          text = mu_command_to_string (hint);
          g_assert_cmpstr (text, ==, first);
          g_assert_true (mu_policy_choose (m, legal, rng, MU_POLICY_RANDOM) == hint);
          hinted = TRUE;
          continue;
        }
      g_assert_null (hint);
      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (hinted);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/region/shapes", test_region_shapes);
  g_test_add_func ("/engine/match-ask/table-region/BAT-MOV-1/BAT-MOV-4", test_table_region);
  g_test_add_func ("/engine/match-ask/table-region/destinations", test_table_region_holds_destinations);
  g_test_add_func ("/engine/match-ask/hex-no-region", test_hex_no_region);
  g_test_add_func ("/engine/match-ask/policy-hint/BAA-DAY-2", test_policy_hint);
  g_test_add_func ("/engine/match-ask/attack-path/MN-AMB-60", test_attack_path);
  g_test_add_func ("/engine/match-ask/mn-destinations/MN-AMB-47", test_mn_destinations);
  return g_test_run ();
}
