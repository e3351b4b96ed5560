/* mu-cli-bench-engine.c: muster-cli bench engine
 *
 * Plays whole matches with both sides choosing uniformly at random among the
 * legal commands (seeded, so the same matches every time), and times the
 * engine's legal-command generation, which such a match asks for before
 * every command, and the match as a whole (without the simulator's invariant
 * checks):
 *
 *   manassas   the shipped First Manassas scenario
 *   generated  a generated 100 x 100 board with 400 counters and two
 *              objectives (--cols, --rows, --counters change it)
 *
 * Prints per input: the median time of a match, the commands per match, and
 * the time spent in legal-command generation per match, with the median and
 * maximum of one call. Then what the match window asks when a counter is
 * clicked (its legal moves, its legal actions and its targets): the median
 * and maximum over every counter on the board of the side whose input is
 * awaited, at every SAMPLE_EVERY-th command of the first match (left out of
 * the match's time). The dry run (mu_match_check) of the command about to be
 * played, at every CHECK_EVERY-th command of the first match: the median, and
 * the last one, latest in the match. Last, a digest of every command played,
 * so two builds can be seen to play the same matches.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mu-cli-bench.h"
#include "mu-match.h"
#include "mu-scenario-xml.h"

#define MAX_COMMANDS 20000
#define SAMPLE_EVERY 25
#define CHECK_EVERY 100



/* The thread's CPU time in nanoseconds, for the legal-command calls: one
 * call of the generated board takes about ten microseconds, and whole
 * microseconds would round its median by a tenth, too coarse to tell how
 * it grows with the board. */
static gint64
clock_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static char *
shipped_scenario (const char *name)
{
  const char *env = g_getenv ("MUSTER_DATADIR");
  g_autofree char *source_root = g_path_get_dirname (MUSTER_SOURCE_DATADIR);
  g_autofree char *a = env ? g_build_filename (env, "scenarios", name, NULL) : NULL;
  g_autofree char *b = g_build_filename (source_root, "scenarios", name, NULL);
  g_autofree char *c = g_build_filename (PKGDATADIR, "scenarios", name, NULL);

  if (a && g_file_test (a, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&a);
  if (g_file_test (b, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&b);
  return g_steal_pointer (&c);
}

/* A generated battle a match can be played on: the synthetic board with a
 * timeline and an objective in each half. */
static MuScenario *
generated_battle (int cols, int rows, int n_counters)
{
  MuScenario *s = mu_cli_bench_synthetic (cols, rows, n_counters, 0.05, 0.03, 1864);

  for (int i = 0; i < 2; i++)
    {
      MuObjective *o = mu_objective_new (i ? "north" : "south");

      o->name = g_strdup (i ? "North Crossroads" : "South Crossroads");
      o->hex = (MuHex) { cols / 2, i ? rows / 4 : rows - rows / 4 };
      o->owner = g_strdup (i ? "usa" : "csa");
      g_ptr_array_add (s->objectives, o);
    }
  s->objectives_required = 1;
  return s;
}

/* Times the per-counter questions for every counter of the awaited side on
 * the board, appending one figure (ms) per counter to unit_ms. */
static void
sample_counters (const MuMatch *m, GArray *unit_ms)
{
  const char *side = mu_match_get_awaited (m);
  GArray *views;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  if (side == NULL)
    return;
  views = mu_match_get_counters (m);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (mu_status_has (v->status, MU_STATUS_IN_PLAY) && g_strcmp0 (v->side, side) == 0)
        g_ptr_array_add (ids, g_strdup (v->id));
    }
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      gint64 t0 = mu_cli_bench_clock_us (TRUE);
      g_autoptr(GArray) moves = mu_match_legal_moves (m, id);
      g_autoptr(GPtrArray) actions = mu_match_legal_actions (m, id);
      g_autoptr(GPtrArray) targets = mu_match_legal_targets (m, id);
      double t = (mu_cli_bench_clock_us (TRUE) - t0) / 1000.0;

      g_array_append_val (unit_ms, t);
    }
}

static int
bench_matches (const char       *name,
               const MuScenario *scenario,
               int               games)
{
  g_autoptr(GArray) match_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) legal_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) unit_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) check_ms = g_array_new (FALSE, FALSE, sizeof (double));
  double last_check = 0;
  guint last_check_at = 0;
  g_autoptr(GChecksum) digest = g_checksum_new (G_CHECKSUM_SHA256);
  guint64 calls = 0, commands = 0;
  double legal_total = 0;

  for (int g = 0; g < games; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GRand) rand = g_rand_new_with_seed (1000 + g);
      MuMatch *m = mu_match_new (scenario, 1 + g, NULL, 0, &error);
      gint64 t0, sampled = 0;
      double t;
      guint n = 0;

      if (m == NULL)
        {
          mu_cli_error ("%s: %s", name, error->message);
          return 1;
        }
      t0 = mu_cli_bench_clock_us (TRUE);
      while (!mu_match_is_over (m) && n < MAX_COMMANDS)
        {
          gint64 l0 = clock_ns ();
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          double lt = (clock_ns () - l0) / 1e6;
          const MuCommand *c;
          g_autoptr(GError) local = NULL;
          g_autofree char *text = NULL;

          g_array_append_val (legal_ms, lt);
          legal_total += lt;
          calls++;
          if (legal->len == 0)
            break;
          if (g == 0 && n % SAMPLE_EVERY == 0)
            {
              gint64 s0 = mu_cli_bench_clock_us (TRUE);

              sample_counters (m, unit_ms);
              sampled += mu_cli_bench_clock_us (TRUE) - s0;
            }
          c = g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len));
          if (g == 0 && n % CHECK_EVERY == 0)
            {
              gint64 s0 = mu_cli_bench_clock_us (TRUE);
              MuCheck check;

              mu_match_check (m, c, &check);
              last_check = (mu_cli_bench_clock_us (TRUE) - s0) / 1000.0;
              last_check_at = n;
              g_array_append_val (check_ms, last_check);
              sampled += mu_cli_bench_clock_us (TRUE) - s0;
              if (!check.legal)
                {
                  mu_cli_error ("%s: the dry run refused a legal command: %s", name, check.reason);
                  mu_check_clear (&check);
                  mu_match_free (m);
                  return 1;
                }
              mu_check_clear (&check);
            }
          text = mu_command_to_string (c);
          g_checksum_update (digest, (const guchar *) text, strlen (text) + 1);
          if (!mu_match_apply (m, c, NULL, &local))
            {
              mu_cli_error ("%s: a legal command was refused: %s", name, local->message);
              mu_match_free (m);
              return 1;
            }
          n++;
        }
      t = (mu_cli_bench_clock_us (TRUE) - t0 - sampled) / 1000.0;
      g_array_append_val (match_ms, t);
      commands += n;
      mu_match_free (m);
    }
  {
    double med = mu_cli_bench_sort_median (match_ms), lmed = mu_cli_bench_sort_median (legal_ms);
    double lmax = legal_ms->len ? g_array_index (legal_ms, double, legal_ms->len - 1) : 0;

    double umed = mu_cli_bench_sort_median (unit_ms);
    double umax = unit_ms->len ? g_array_index (unit_ms, double, unit_ms->len - 1) : 0;

    printf ("engine %s: %.1f ms per match (%d matches, %.0f commands per match); "
            "legal commands %.1f ms per match, %.4f ms median per call, %.3f ms max\n",
            name, med, games, (double) commands / games, legal_total / games, lmed, lmax);
    printf ("engine %s: one counter's moves, actions and targets %.3f ms median, %.3f ms max "
            "(%u counters at every %dth command of the first match)\n",
            name, umed, umax, unit_ms->len, SAMPLE_EVERY);
    printf ("engine %s: dry run of the next command %.3f ms median (%u, every %dth command), "
            "%.3f ms at command %u\n", name, mu_cli_bench_sort_median (check_ms), check_ms->len,
            CHECK_EVERY, last_check, last_check_at);
    printf ("engine %s: commands played, sha256 %.16s\n", name, g_checksum_get_string (digest));
    fflush (stdout);
  }
  return 0;
}

int
mu_cli_bench_engine (int argc, char **argv)
{
  int games = 5, cols = 100, rows = 100, counters = 400;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *manassas = shipped_scenario ("first-manassas.muster");
  g_autoptr(MuScenario) fm = NULL;
  g_autoptr(MuScenario) generated = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, N_("Matches per input (default 5)"), "N" },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, N_("Generated board columns (default 100)"), "N" },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Generated board rows (default 100)"), "N" },
    { "counters", 0, 0, G_OPTION_ARG_INT, &counters, N_("Generated counters (default 400)"), "N" },
    { NULL },
  };

  context = g_option_context_new (_("engine — time legal-command generation in whole matches"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 1)
    {
      mu_cli_error (_("usage: muster-cli bench engine [--games N] [--cols N] [--rows N] [--counters N]"));
      return 2;
    }
  games = CLAMP (games, 1, 1000);
  fm = mu_scenario_load_file (manassas, NULL, &error);
  if (fm == NULL)
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  if (bench_matches ("first-manassas", fm, games) != 0)
    return 1;
  generated = generated_battle (CLAMP (cols, 20, 999), CLAMP (rows, 20, 999), CLAMP (counters, 50, 100000));
  mu_scenario_check (generated, problems);
  if (mu_problem_list_n_errors (problems) > 0)
    {
      g_autofree char *first = mu_problem_to_string (g_ptr_array_index (problems, 0));

      mu_cli_error ("%s", first);
      return 1;
    }
  {
    g_autofree char *label = g_strdup_printf ("generated %d×%d, %u counters", generated->hex_map->grid.cols,
                                              generated->hex_map->grid.rows, generated->counters->len);

    return bench_matches (label, generated, games);
  }
}
