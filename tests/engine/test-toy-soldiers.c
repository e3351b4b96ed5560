/* test-toy-soldiers.c: toy-soldiers' play table in progress
 * (toy-soldiers.h) plays whole matches: computer sides play the learning
 * scenario from start to end, the invariants holding after every event,
 * every listed command accepted, and a match replayed from its commands
 * reaching the identical state. TS_GAMES sets the number of matches per
 * policy (the 200 run by hand; the test suite plays a few),
 * TS_SEED the first seed (100). TS_BENCH=1 measures instead of testing:
 * the matches are played without the per-event invariants and the
 * replay, and the time per match and per command is printed (never
 * asserted). */
#define G_LOG_DOMAIN "test-toy-soldiers"

#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "mu-match.h"
#include "mu-policy.h"
#include "mu-problem.h"
#include "mu-scenario-xml.h"

#include "toy-soldiers.h"
#include "toy-soldiers-private.h"

#define MAX_COMMANDS 20000

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

static void
play (const char *path, MuPolicy policy, int fallback)
{
  g_autoptr(MuScenario) scenario = load (path);
  const char *env = g_getenv ("TS_GAMES");
  int games = env ? atoi (env) : fallback;
  gboolean bench = g_strcmp0 (g_getenv ("TS_BENCH"), "1") == 0;
  gint64 t0 = g_get_monotonic_time ();
  guint64 commands = 0;
  const char *first = g_getenv ("TS_SEED");
  guint64 seed0 = first ? g_ascii_strtoull (first, NULL, 10) : 100;

  for (int g = 0; g < games; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&toy_soldiers_in_progress, scenario, seed0 + g, NULL,
                                                        0, &error);
      g_autoptr(MuMatch) replay = NULL;
      g_autoptr(MuDice) rng = mu_policy_rng_new (seed0 + g);
      g_autofree char *state = NULL, *again = NULL;
      guint n = 0;

      g_assert_no_error (error);
      mu_match_check_each_event (m, !bench);
      while (!mu_match_is_over (m) && n < MAX_COMMANDS)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          const MuCommand *c;

          if (legal->len == 0)
            {
              g_autofree char *now = mu_match_format_state (m);

              g_error ("%s game %d: no legal command in\n%s", path, g, now);
            }
          c = mu_policy_choose (m, legal, rng, policy);
          if (!mu_match_apply (m, c, NULL, &error))
            {
              g_autofree char *line = mu_command_to_string (c);

              g_error ("%s game %d: the listed “%s” was refused: %s", path, g, line, error->message);
            }
          if (!bench && !mu_match_check_invariants (m, &error))
            {
              g_autofree char *line = mu_command_to_string (c);
              const GPtrArray *ev = mu_match_get_events (m);
              GString *tail = g_string_new (NULL);

              for (guint i = ev->len > 30 ? ev->len - 30 : 0; i < ev->len; i++)
                {
                  g_autofree char *e = mu_event_to_string (g_ptr_array_index (ev, i), NULL);

                  g_string_append_printf (tail, "  %s\n", e);
                }
              g_error ("%s game %d, after “%s”: %s; the last events:\n%s", path, g, line, error->message,
                       tail->str);
            }
          n++;
        }
      g_assert_true (mu_match_is_over (m));
      commands += n;
      if (bench)
        continue;
      /* a match is its scenario, seed and commands (ARCHITECTURE.md) */
      replay = mu_match_new_with_ruleset (&toy_soldiers_in_progress, scenario, seed0 + g, NULL, 0, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < mu_match_get_commands (m)->len; i++)
        {
          g_autofree char *line = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (m), i));
          g_autoptr(MuCommand) c = mu_command_parse (&toy_soldiers_in_progress, line, &error);

          g_assert_no_error (error);
          g_assert_true (mu_match_apply (replay, c, NULL, &error));
          g_assert_no_error (error);
        }
      state = mu_match_format_state (m);
      again = mu_match_format_state (replay);
      g_assert_cmpstr (state, ==, again);
    }
  if (bench)
    {
      double ms = (g_get_monotonic_time () - t0) / 1000.0;
      g_autofree char *base = g_path_get_basename (path);

      g_printerr ("%s %s: %d matches, %.1f ms per match, %.3f ms per command (%" G_GUINT64_FORMAT
                  " commands)\n", base, policy == MU_POLICY_GREEDY ? "greedy" : "random", games, ms / games,
                  commands ? ms / commands : 0.0, commands);
    }
}

static void
test_learning (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "learning-ts-hokes-run.muster", NULL);

  play (path, MU_POLICY_GREEDY, 4);
  play (path, MU_POLICY_RANDOM, 4);
}

/* TS-GEN-7, TS-AMB-53, TS-ELAN-3, TS-CDR-12: a rout, which part 1 has no
 * procedure to start, called as part 2's contact resolution will: u1
 * (with its colonel attached) turns to face its home edge, goes 18"
 * straight through u2 to a clear place, disorder 6, the procedure's
 * stress; u2 (near its start) and u3 (near its end) +1 stress, u4 (far)
 * none; the side -1 élan; the colonel's die of 6: chaos 6, and friends
 * within 4" of his stand +1 stress. */
static void
test_rout (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "e-rout.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  static const int dice[] = { 6 };
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m;
  TsUnit *u1, *u2, *u3, *u4, *blue;

  mu_dice_force (d, dice, G_N_ELEMENTS (dice));
  m = ts_match_new (&toy_soldiers_in_progress, scenario, d, events, &error);
  g_assert_no_error (error);
  u1 = ts_find (m, "u1");
  u2 = ts_find (m, "u2");
  u3 = ts_find (m, "u3");
  u4 = ts_find (m, "u4");
  blue = ts_find (m, "blue");
  blue->attached = ts_unit_index (m, u1);
  ts_rout (m, u1, 2, events);
  g_assert_true (ts_check_invariants (m, &error));
  g_assert_no_error (error);
  /* facing the south edge, 18" on from the footprint's rear (TS-AMB-53) */
  g_assert_cmpfloat_with_epsilon (u1->facing, 180.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (u1->anchor.x, 20.0, 0.011);
  g_assert_cmpfloat_with_epsilon (u1->anchor.y, 30.39 + 18.0, 0.011);
  g_assert_cmpint (u1->disorder, ==, 6);
  g_assert_cmpint (u1->stress, ==, 2);
  g_assert_cmpint (u2->stress, ==, 2);   /* near its start, and 4" from the colonel */
  g_assert_cmpint (u3->stress, ==, 1);   /* near its end */
  g_assert_cmpint (u4->stress, ==, 0);
  g_assert_cmpint (m->elan[0], ==, 2);
  g_assert_cmpint (blue->chaos, ==, 6);
  g_assert_cmpint (blue->attached, ==, ts_unit_index (m, u1));
  ts_match_free (m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/toy-soldiers/simulate/learning", test_learning);
  g_test_add_func ("/engine/toy-soldiers/rout/TS-GEN-7/TS-AMB-53/TS-ELAN-3/TS-CDR-12", test_rout);
  return g_test_run ();
}
