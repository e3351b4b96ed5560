#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mu-match.h"
#include "mu-policy.h"
#include "mu-scenario-xml.h"

int mu_cli_simulate (int argc, char **argv);
MuMatch *mu_cli_open_match (const char *file, gint64 seed, const char *dice, gboolean *was_game);

#define MAX_COMMANDS 200000

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* muster-cli simulate SCENARIO [--seed N] [--games K] [--save GAME] [--state] [--policy P] */
int
mu_cli_simulate (int    argc,
                 char **argv)
{
  g_auto(GStrv) files = NULL;
  gint64 seed = 1;
  int games = 1;
  g_autofree char *save = NULL;
  g_autofree char *policy = NULL;
  gboolean state = FALSE, quiet = FALSE;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first match (match i uses seed + i)"), N_("N") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of matches (default 1)"), N_("K") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the match played (with --games 1)"), N_("GAME") },
    { "state", 0, 0, G_OPTION_ARG_NONE, &state, N_("Print the final state of the last match"), NULL },
    { "policy", 0, 0, G_OPTION_ARG_STRING, &policy, N_("greedy (default) or random"), N_("POLICY") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the summary, not a line per match"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("SCENARIO") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— play whole matches automatically"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) keys = NULL;
  g_autoptr(MuMatch) last = NULL;
  gboolean greedy = TRUE;
  guint64 total_events = 0, total_commands = 0, total_bounds = 0;
  gint64 t0, t1;
  clock_t c0, c1;
  double secs, cpu;
  int broken = 0, stalled = 0;
  gboolean each_event = FALSE;
  FILE *out;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Plays K matches of SCENARIO with both sides choosing among the legal commands,\n"
      "checks the engine's invariants after every command and event, and prints a summary."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      mu_cli_error ("%s", _("simulate: give exactly one SCENARIO; see “muster-cli simulate --help”"));
      return 2;
    }
  if (games < 1 || (save && games != 1))
    {
      mu_cli_error ("%s", _("simulate: --games must be at least 1, and --save needs --games 1"));
      return 2;
    }
  if (seed < 0 || seed > G_MAXINT64 - games)
    {
      mu_cli_error ("%s", _("simulate: --seed must be 0 or more, and --seed plus --games must fit in 64 bits"));
      return 2;
    }
  if (policy && g_strcmp0 (policy, "greedy") != 0 && g_strcmp0 (policy, "random") != 0)
    {
      mu_cli_error (_("simulate: unknown policy “%s”"), policy);
      return 2;
    }
  greedy = policy == NULL || g_strcmp0 (policy, "greedy") == 0;
  /* with --state, stdout carries only the state (the same text as
   * `muster-cli play GAME --state`); the per-match lines and the summary go
   * to stderr. --quiet drops the per-match lines, never the summary. */
  out = state ? stderr : stdout;

  t0 = g_get_monotonic_time ();
  c0 = clock ();
  for (int g = 0; g < games; g++)
    {
      gboolean was_game;
      g_autoptr(MuMatch) m = mu_cli_open_match (files[0], seed + g, NULL, &was_game);
      g_autoptr(MuDice) rng = NULL;
      MuResult r;
      MuPosition p;
      g_autofree char *key = NULL;
      guint n = 0;

      if (m == NULL)
        return 1;
      if (was_game)
        {
          mu_cli_error ("%s", _("simulate: give a scenario, not a saved match"));
          return 2;
        }
      rng = mu_policy_rng_new ((guint64) (seed + g));
      /* the invariants are checked after every command, and also as each
       * event is appended where the ruleset can (check_each_event) */
      each_event = mu_match_check_each_event (m, TRUE);
      while (!mu_match_is_over (m) && n < MAX_COMMANDS)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          const MuCommand *c;
          g_autoptr(GError) local = NULL;

          if (legal->len == 0)
            {
              mu_cli_error ("match %d (seed %" G_GINT64_FORMAT "): no legal command", g, seed + g);
              broken++;
              break;
            }
          c = mu_policy_choose (m, legal, rng, greedy ? MU_POLICY_GREEDY : MU_POLICY_RANDOM);
          if (!mu_match_apply (m, c, NULL, &local))
            {
              g_autofree char *line = mu_command_to_string (c);
              mu_cli_error ("match %d (seed %" G_GINT64_FORMAT "): a listed legal command was refused: %s: %s",
                            g, seed + g, line, local->message);
              broken++;
              break;
            }
          n++;
          if (!mu_match_check_invariants (m, &local))
            {
              g_autofree char *line = mu_command_to_string (c);
              mu_cli_error ("match %d (seed %" G_GINT64_FORMAT "), after “%s”: %s", g, seed + g, line,
                            local->message);
              broken++;
              break;
            }
        }
      if (n >= MAX_COMMANDS)
        stalled++;
      mu_match_get_position (m, &p);
      mu_match_get_result (m, &r);
      key = r.over ? g_strdup_printf ("%s %s", r.winner ? r.winner : "-", r.level ? r.level : "-")
                   : g_strdup ("unfinished");
      g_hash_table_insert (results, g_strdup (key),
                           GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (results, key)) + 1));
      mu_result_clear (&r);
      total_events += mu_match_get_events (m)->len;
      total_commands += n;
      {
        const MuTimeline *tl = &mu_match_get_scenario (m)->timeline;
        int first = tl->first_bound > 0 ? tl->first_bound : 1;
        int final = first + MAX (tl->bounds, 1) - 1;
        /* bounds begun: a match that ran its course stops after the last */
        int bounds = MIN (p.bound, final) - first + 1;
        total_bounds += bounds;
        if (!quiet)
          fprintf (out, "match %d seed %" G_GINT64_FORMAT ": result %s, bounds %d, commands %u, events %u\n",
                   g, seed + g, key, bounds, n, mu_match_get_events (m)->len);
      }
      if (g == games - 1)
        last = g_steal_pointer (&m);
    }
  t1 = g_get_monotonic_time ();
  c1 = clock ();
  secs = MAX ((t1 - t0) / 1e6, 1e-9);
  cpu = MAX ((double) (c1 - c0) / CLOCKS_PER_SEC, 1e-9);

  if (state && last)
    {
      g_autofree char *s = mu_match_format_state (last);
      fputs (s, stdout);
    }
  if (save && last && !mu_match_save_file (last, save, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  fprintf (out, "games %d\n", games);
  fprintf (out, "bounds %" G_GUINT64_FORMAT " (%.1f per game)\n", total_bounds, (double) total_bounds / games);
  {
    GHashTableIter it;
    gpointer k;
    keys = g_ptr_array_new ();
    g_hash_table_iter_init (&it, results);
    while (g_hash_table_iter_next (&it, &k, NULL))
      g_ptr_array_add (keys, k);
  }
  g_ptr_array_sort (keys, compare_strings);
  for (guint i = 0; i < keys->len; i++)
    fprintf (out, "result %s: %d\n", (const char *) g_ptr_array_index (keys, i),
            GPOINTER_TO_INT (g_hash_table_lookup (results, g_ptr_array_index (keys, i))));
  fprintf (out, "commands %" G_GUINT64_FORMAT "\n", total_commands);
  fprintf (out, "events %" G_GUINT64_FORMAT " (%.0f per second)\n", total_events, total_events / secs);
  fprintf (out, "time %.3f s, %.1f matches per second, %.2f ms per match\n", secs, games / secs,
          secs * 1000.0 / games);
  fprintf (out, "cpu %.3f s, %.1f matches per second, %.2f ms per match\n", cpu, games / cpu,
          cpu * 1000.0 / games);
  fprintf (out, "invariants %s (checked after every %s)\n", broken ? "BROKEN" : "held",
           each_event ? "event" : "command");
  if (stalled)
    fprintf (out, "stalled %d\n", stalled);
  return broken ? 1 : 0;
}
