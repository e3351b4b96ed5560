/* play-matches.c: whole matches of a table ruleset played by the
 * simulator's policies (see play-matches.h). */
#define G_LOG_DOMAIN "play-matches"

#include "config.h"

#include "play-matches.h"

#include <stdlib.h>

#include "mu-problem.h"
#include "mu-scenario-xml.h"

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

void
play_matches (const MuRuleset *ruleset,
              const char      *env_prefix,
              gboolean         saved,
              const char      *path,
              MuPolicy         policy,
              int              fallback)
{
  g_autoptr(MuScenario) scenario = load (path);
  g_autofree char *games_var = g_strconcat (env_prefix, "_GAMES", NULL);
  g_autofree char *bench_var = g_strconcat (env_prefix, "_BENCH", NULL);
  g_autofree char *seed_var = g_strconcat (env_prefix, "_SEED", NULL);
  const char *env = g_getenv (games_var);
  int games = env ? atoi (env) : fallback;
  gboolean bench = g_strcmp0 (g_getenv (bench_var), "1") == 0;
  gint64 t0 = g_get_monotonic_time ();
  guint64 commands = 0;
  const char *first = g_getenv (seed_var);
  guint64 seed0 = first ? g_ascii_strtoull (first, NULL, 10) : 100;

  for (int g = 0; g < games; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new_with_ruleset (ruleset, scenario, seed0 + g, NULL,
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
      replay = mu_match_new_with_ruleset (ruleset, scenario, seed0 + g, NULL, 0, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < mu_match_get_commands (m)->len; i++)
        {
          g_autofree char *line = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (m), i));
          g_autoptr(MuCommand) c = mu_match_parse (replay, line, &error);

          g_assert_no_error (error);
          g_assert_true (mu_match_apply (replay, c, NULL, &error));
          g_assert_no_error (error);
        }
      state = mu_match_format_state (m);
      again = mu_match_format_state (replay);
      g_assert_cmpstr (state, ==, again);
      /* and the saved game, loaded, reaches it too (as baa-table's) */
      if (saved)
        {
          gsize len;
          g_autofree char *data = mu_match_save_to_data (m, &len);
          g_autoptr(MuMatch) loaded = mu_match_load_data (data, len, path, &error);
          g_autofree char *from_file = NULL;

          g_assert_no_error (error);
          from_file = mu_match_format_state (loaded);
          g_assert_cmpstr (state, ==, from_file);
        }
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

