/* test-mn-acw.c: mn-acw plays whole matches: computer sides play the scenarios from start to end, the
 * invariants holding after every event, every listed command accepted,
 * and a match replayed from its commands, and from its saved game,
 * reaching the identical state.
 * MN_ACW_GAMES sets the number of matches per scenario and policy (the
 * issue's 200 run by hand; the test suite plays a few), MN_ACW_SEED the
 * first seed (100). MN_ACW_BENCH=1 measures instead of testing: the
 * matches are played without the per-event invariants and the replay, and
 * the time per match and per command is printed (never asserted). */
#define G_LOG_DOMAIN "test-mn-acw"

#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "mu-match.h"
#include "mu-policy.h"
#include "mu-problem.h"
#include "mu-region.h"
#include "mu-scenario-xml.h"

#include "play-matches.h"

#include "mn-acw-private.h"
#include "rules/mu-rulesets.h"

static MuScenario *
load (const char *path)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

/* play_matches() with this ruleset and its environment variables */
static void
play (const char *path, MuPolicy policy, int fallback)
{
  play_matches (&mu_ruleset_mn_acw, "MN_ACW", TRUE, path, policy, fallback);
}

static void
test_learning (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "learning-mn-brawners-farm.muster", NULL);

  play (path, MU_POLICY_GREEDY, 4);
  play (path, MU_POLICY_RANDOM, 4);
}

/* The larger scenario, for play and benchmarks. */
static void
test_cedar_mountain (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios", "mn-cedar-mountain.muster",
                                                 NULL);

  /* a match of it takes some 0.2 s: two of each keep the suite quick */
  play (path, MU_POLICY_GREEDY, 2);
  play (path, MU_POLICY_RANDOM, 2);
}

static void
test_probes (void)
{
  static const char *const names[] = { "open.muster", "melee.muster", "cavalry.muster", "building.muster",
                                       "cover.muster", "tasks.muster" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw", names[i], NULL);

      play (path, MU_POLICY_GREEDY, 4);
    }
}

/* The ruleset's checks (MN-AMB-85, MN-AMB-82, MN-AMB-79): errors and
 * warnings naming the file's line. */
static void
test_checks (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw", "checks.muster",
                                                 NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  static const char *const want[] = {
    ":13: error: unit “h”: type cav disagrees with its arm (MN-AMB-85)",
    ":15: error: task “exit”: condition “exit csa e 1” is not understood",
    ":9: warning: area “scrub”: the terrain chart gives marsh, rough and broken ground no effect",
  };
  GString *all = g_string_new (NULL);

  g_assert_null (s);
  g_assert_nonnull (error);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_string_append_printf (all, "%s\n", line);
    }
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    if (strstr (all->str, want[i]) == NULL)
      g_error ("no problem “%s” among\n%s", want[i], all->str);
  g_string_free (all, TRUE);
}

/* MN-AMB-37: the movement table's "infantry in square" names a formation
 * that does not exist, so a scenario that gives one is refused at its
 * line, and so is a command that forms one. */
static void
test_square (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw", "ex01-ahead.muster",
                                                 NULL);
  g_autofree char *text = NULL;
  g_autofree char *square = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) bad = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(MuCommand) c = NULL;
  static const int dice[] = { 1, 6, 3, 3, 2, 5 };
  const char *at;
  gsize len;
  gboolean found = FALSE;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  at = strstr (text, "<value field=\"formation\">line</value>");
  g_assert_nonnull (at);
  square = g_strdup_printf ("%.*s<value field=\"formation\">square</value>%s", (int) (at - text), text,
                            at + strlen ("<value field=\"formation\">line</value>"));
  bad = mu_scenario_load_data (square, strlen (square), "square.muster", problems, &error);
  g_assert_null (bad);
  g_assert_nonnull (error);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      found |= strstr (line, "square.muster:15: error:") != NULL && strstr (line, "“square”") != NULL;
    }
  g_assert_true (found);
  g_clear_error (&error);

  scenario = load (path);
  m = mu_match_new_with_ruleset (&mu_ruleset_mn_acw, scenario, 1, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  c = mu_command_parse (&mu_ruleset_mn_acw, "activate cs1 ahead form square", &error);
  g_assert_no_error (error);
  g_assert_false (mu_match_apply (m, c, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "square"));
}

/* What the step still wants (MN-AMB-50, MN-MEL-1): a rolled move is owed
 * and keeps the step from ending; unused activations lapse with it. */
static void
test_outstanding (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw", "open.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  static const int dice[] = { 6, 1, 6, 6, 2, 5 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&mu_ruleset_mn_acw, scenario, 1, dice,
                                                    G_N_ELEMENTS (dice), &error);
  g_autoptr(MuCommand) c = mu_command_parse (&mu_ruleset_mn_acw, "activate i1 ahead", &error);
  g_autoptr(GArray) todo = NULL;
  gboolean owed = FALSE, lapse = FALSE;

  g_assert_no_error (error);
  g_assert_true (mu_match_apply (m, c, NULL, &error));
  g_assert_no_error (error);
  todo = mu_match_get_outstanding (m);
  for (guint i = 0; i < todo->len; i++)
    {
      const MuTodo *t = &g_array_index (todo, MuTodo, i);

      owed |= t->compulsory && g_strcmp0 (t->rule, "MN-AMB-50") == 0 && strstr (t->text, "i1") != NULL;
      lapse |= t->lost_on_end && t->count == 11;
    }
  g_assert_true (owed);
  g_assert_true (lapse);
}

/* Where a unit that owes its move may go (MN-AMB-47): a strip on its ray
 * ahead, a fan sideways, as far as the roll allows. */
static void
test_region (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw", "open.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  static const int dice[] = { 6, 1, 6, 6, 2, 5, 2, 6 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&mu_ruleset_mn_acw, scenario, 1, dice,
                                                    G_N_ELEMENTS (dice), &error);
  static const char *const lines[] = { "activate i1 ahead", "move i1 0", "activate i2 oblique" };
  g_autoptr(MuRegion) ahead = NULL;
  g_autoptr(MuRegion) oblique = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(MuCommand) c = mu_command_parse (&mu_ruleset_mn_acw, lines[i], &error);

      g_assert_no_error (error);
      if (i == 1)
        {
          /* i1 rolled 5: its anchor at 10,11.75 may go 5 in north */
          ahead = mu_match_legal_region (m, "i1");
          g_assert_nonnull (ahead);
          g_assert_true (mu_region_contains (ahead, (MuPoint) { 10, 7.0 }));
          g_assert_false (mu_region_contains (ahead, (MuPoint) { 10, 6.6 }));
          g_assert_false (mu_region_contains (ahead, (MuPoint) { 11, 9 }));
        }
      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
    }
  /* i2, a column, rolled 2 and 6 sideways: the lower die and 6, 8 in */
  oblique = mu_match_legal_region (m, "i2");
  g_assert_nonnull (oblique);
  g_assert_true (mu_region_contains (oblique, (MuPoint) { 24, 7.25 }));
  g_assert_false (mu_region_contains (oblique, (MuPoint) { 16, 13 }));
  g_assert_null (mu_match_legal_region (m, "i1"));
}

/* Lays u out about a footprint centre, in its formation. */
static void
place (MnMatch *m, MnUnit *u, double x, double y, double facing)
{
  u->facing = facing;
  u->n_stands = mn_layout_about (m, u, (MuPoint) { x, y }, facing, u->form, u->bases, u->stands);
}

/* TAB-4: every comparison of a distance, angle or allowance allows 1e-6 of
 * the unit (MU_TABLE_EPSILON), so that a printed value decides the same
 * way wherever on the table it stands. cs1's front 0.05 in + 0.0000005
 * from us1's touches it (TAB-11, the edge a charge meets, MN-AMB-62);
 * 0.000002 further it does not. A facing 0.1 degree (TAB-3's step) less
 * 0.0000005 from the one an activation names is a change of facing
 * (MN-UNIT-2); 0.000002 short of it, none. A length 0.0000005 short of a
 * hundredth is that hundredth; 0.000002 short, the one below. (Scenario
 * positions are read to 0.0001 and commands print 0.01, so the units are
 * placed here.) */
static void
test_tolerance (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "mn-acw",
                                                 "ex03-facing.muster", NULL);
  g_autoptr(MuScenario) s = load (path);
  g_autoptr(MuDice) dice = mu_dice_new (1);
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuCommand) turn = mu_command_parse (&mu_ruleset_mn_acw, "activate cs1 stay face 90.1", &error);
  MnMatch *m = mn_match_new (&mu_ruleset_mn_acw, s, dice, events, &error);
  MnUnit *a, *b;
  static const struct { double beyond; gboolean within; } cases[] = { { 5e-7, TRUE }, { 2e-6, FALSE } };

  g_assert_no_error (error);
  g_assert_nonnull (m);
  g_assert_nonnull (turn);
  a = mn_find_unit (m, "cs1");
  b = mn_find_unit (m, "us1");
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      MnChanges ch;
      double front;

      /* us1 faces up the table, cs1 down it, their fronts 0.05 + beyond apart */
      place (m, b, 18, 20, 0);
      place (m, a, 18, 10, 180);
      front = mn_anchor (a).y;
      place (m, a, 18, 10 + (mn_anchor (b).y - 0.05 - cases[k].beyond) - front, 180);
      g_assert_cmpfloat_with_epsilon (mn_anchor (b).y - mn_anchor (a).y, 0.05 + cases[k].beyond, 1e-9);
      g_assert_cmpint (mn_stand_touches_edge (m, &a->stands[0], b), ==, cases[k].within);

      /* facing 90.1 from 90.0 + beyond */
      a->facing = 90 + cases[k].beyond;
      g_assert_true (mn_parse_changes (m, a, turn, 2, &ch, NULL));
      g_assert_cmpint (ch.turn, ==, cases[k].within);

      g_assert_cmpfloat (mn_hundredths_down (3 - cases[k].beyond), ==, cases[k].within ? 3.00 : 2.99);
    }
  mn_match_free (m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/mn-acw/simulate/learning", test_learning);
  g_test_add_func ("/engine/mn-acw/simulate/cedar-mountain", test_cedar_mountain);
  g_test_add_func ("/engine/mn-acw/simulate/probes", test_probes);
  g_test_add_func ("/engine/mn-acw/checks/MN-AMB-85/MN-AMB-79", test_checks);
  g_test_add_func ("/engine/mn-acw/square/MN-AMB-37", test_square);
  g_test_add_func ("/engine/mn-acw/outstanding/MN-AMB-50", test_outstanding);
  g_test_add_func ("/engine/mn-acw/region/MN-AMB-47", test_region);
  g_test_add_func ("/engine/mn-acw/tolerance/TAB-4/TAB-11/MN-UNIT-2", test_tolerance);
  return g_test_run ();
}
