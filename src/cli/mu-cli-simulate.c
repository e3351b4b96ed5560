#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "mu-match.h"
#include "mu-scenario-xml.h"

int mu_cli_simulate (int argc, char **argv);
MuMatch *mu_cli_open_match (const char *file, gint64 seed, const char *dice, gboolean *was_game);

#define MAX_COMMANDS 200000

/* Where a side moves toward: objectives it does not own, else enemy units
 * (hexes, or points on a table). */
static GArray *
goals_for (const MuMatch *m, const char *side)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  GArray *objs = mu_match_get_objectives (m);
  GArray *ctrs;

  for (guint i = 0; i < objs->len; i++)
    {
      const MuObjectiveView *o = &g_array_index (objs, MuObjectiveView, i);
      if (g_strcmp0 (o->owner, side) != 0)
        g_array_append_val (out, o->pos);
    }
  if (out->len)
    return out;
  ctrs = mu_match_get_counters (m);
  for (guint i = 0; i < ctrs->len; i++)
    {
      const MuCounterView *v = &g_array_index (ctrs, MuCounterView, i);
      if (v->status == MU_COUNTER_STATUS_ACTIVE && g_strcmp0 (v->side, side) != 0 &&
          v->counter->kind == MU_COUNTER_UNIT)
        g_array_append_val (out, v->pos);
    }
  return out;
}

/* Hexes for a hex board, table units (times 100, rounded) on a table. */
static int
goal_distance (const MuScenario *s, const GArray *goals, const MuPos *to)
{
  int best = G_MAXINT;

  for (guint i = 0; i < goals->len; i++)
    {
      const MuPos *g = &g_array_index (goals, MuPos, i);
      int d;

      if (to->is_point != g->is_point)
        continue;
      if (to->is_point)
        d = (int) (hypot (to->point.x - g->point.x, to->point.y - g->point.y) * 100);
      else if (s->hex_map)
        d = mu_hex_distance (&s->hex_map->grid, to->hex, g->hex);
      else
        continue;
      best = MIN (best, d);
    }
  return best == G_MAXINT ? 0 : best;
}

/* Picks one legal command: attacks first, moves toward the nearest objective
 * not yet owned (greedy) or at random, and ends the phase when nothing else
 * is left or now and then. */
static const MuCommand *
choose (const MuMatch *m, GPtrArray *legal, MuDice *rng, gboolean greedy)
{
  g_autoptr(GPtrArray) attacks = g_ptr_array_new ();
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  const MuCommand *end = NULL;
  const MuDecision *pending = mu_match_get_pending (m);

  /* BAA-DAY-2: readdressing lines withdraw the first unsafe unit in order of
   * battle to the hex farthest from the enemy, the engine's first answer */
  if (pending && g_strcmp0 (pending->id, "day-withdraw") == 0 && legal->len)
    return g_ptr_array_index (legal, 0);

  /* the ruleset says which of its verbs attack and which end a step */
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (mu_match_get_ruleset (m), mu_command_get_verb (c));
      guint flags = verb ? verb->flags : 0;

      if (flags & MU_VERB_END_STEP)
        end = c;
      else if (flags & MU_VERB_ATTACK)
        g_ptr_array_add (attacks, (gpointer) c);
      else
        g_ptr_array_add (others, (gpointer) c);
    }
  if (attacks->len)
    return g_ptr_array_index (attacks, mu_dice_uniform (rng, attacks->len));
  if (others->len == 0 || (end && mu_dice_uniform (rng, 10) == 0))
    return end;
  if (greedy)
    {
      /* the move that gets closest to a goal; the unit to move is random */
      const MuCommand *pick = g_ptr_array_index (others, mu_dice_uniform (rng, others->len));
      const MuCommand *best = pick;
      const MuScenario *s = mu_match_get_scenario (m);
      const MuVerbInfo *verb = mu_ruleset_find_verb (mu_match_get_ruleset (m), mu_command_get_verb (pick));
      const char *unit = mu_command_word (pick, 0);
      const MuCounter *who = unit ? mu_scenario_find_counter (s, unit) : NULL;
      g_autoptr(GArray) goals = NULL;
      int best_d = G_MAXINT;

      if (verb == NULL || !(verb->flags & MU_VERB_MOVE) || who == NULL)
        return pick;
      goals = goals_for (m, who->side);
      for (guint i = 0; i < others->len; i++)
        {
          const MuCommand *c = g_ptr_array_index (others, i);
          guint n = mu_command_n_args (c);
          const MuArg *last = n ? mu_command_arg (c, n - 1) : NULL;
          int d;

          /* the last position of the path: a hex, a table point or pose */
          if (g_strcmp0 (mu_command_get_verb (c), mu_command_get_verb (pick)) != 0 ||
              g_strcmp0 (mu_command_word (c, 0), unit) != 0 || last == NULL ||
              !(last->kind == MU_ARG_POS || (last->kind == MU_ARG_STEP && last->move == MU_MOVE_TO)))
            continue;
          d = goal_distance (s, goals, &last->pos);
          if (d < best_d)
            {
              best_d = d;
              best = c;
            }
        }
      return best;
    }
  return g_ptr_array_index (others, mu_dice_uniform (rng, others->len));
}

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
      rng = mu_dice_new ((guint64) (seed + g) ^ G_GUINT64_CONSTANT (0x5eed5eed5eed5eed));
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
          c = choose (m, legal, rng, greedy);
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
