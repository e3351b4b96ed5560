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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/toy-soldiers/simulate/learning", test_learning);
  return g_test_run ();
}
