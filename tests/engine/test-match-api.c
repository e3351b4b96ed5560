/* test-match-api.c: what a front end asks the match: the dry run, the
 * undo policy, dice entered by the players, the side awaited, the legal
 * actions of a counter, opening a file. On the learning scenario
 * (baa-hex); the test-only table ruleset covers the rest (test-ruleset). */
#define G_LOG_DOMAIN "test-match-api"

#include "config.h"

#include "mu-error.h"
#include "mu-match.h"
#include "mu-scenario-xml.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *
scenario_path (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                           "learning-blackburns-ford.muster", NULL);
}

static MuMatch *
open_match (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GError) error = NULL;
  MuMatch *m = mu_match_open_file (path, 7, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static MuCommand *
parse (MuMatch *m, const char *line)
{
  g_autoptr(GError) error = NULL;
  MuCommand *c = mu_match_parse (m, line, &error);

  g_assert_no_error (error);
  return c;
}

/* A check changes nothing and rolls nothing, and says why not with the rule. */
static void
test_check (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(MuCommand) end = parse (m, "end-phase");
  g_autoptr(MuCommand) bad = parse (m, "fire nobody nothing");
  g_autofree char *before = mu_match_format_state (m);
  g_autofree char *after = NULL;
  guint events = mu_match_get_events (m)->len;
  guint rolled = mu_dice_count (mu_match_get_dice (m));
  MuCheck check;

  g_assert_true (mu_match_check (m, end, &check));
  g_assert_true (check.legal);
  g_assert_null (check.reason);
  for (guint i = 0; i < check.rolls->len; i++)
    {
      const MuEvent *roll = g_ptr_array_index (check.rolls, i);
      g_assert_cmpint (roll->kind, ==, MU_EVENT_ROLL);
      g_assert_cmpint (roll->value, ==, 0);   /* no face is told */
    }
  mu_check_clear (&check);
  g_assert_false (mu_match_check (m, bad, &check));
  g_assert_false (check.legal);
  g_assert_nonnull (check.reason);
  mu_check_clear (&check);

  after = mu_match_format_state (m);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (mu_match_get_events (m)->len, ==, events);
  g_assert_cmpuint (mu_dice_count (mu_match_get_dice (m)), ==, rolled);
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, 0);
}

/* TAB-19: undo never goes back over a roll or over another side's command. */
static void
test_undo_policy (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(GError) error = NULL;
  gboolean rolled = FALSE;

  g_assert_false (mu_match_can_undo (m, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_FAILED);
  g_clear_error (&error);
  /* end phases until one rolls a die */
  for (guint i = 0; i < 40 && !rolled; i++)
    {
      guint before = mu_match_get_events (m)->len;
      const GPtrArray *ev;
      const char *side = mu_match_get_awaited (m);

      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
      g_assert_no_error (error);
      ev = mu_match_get_events (m);
      for (guint k = before; k < ev->len; k++)
        rolled = rolled || ((const MuEvent *) g_ptr_array_index (ev, k))->kind == MU_EVENT_ROLL;
      if (rolled)
        {
          g_assert_false (mu_match_can_undo (m, &error));
          g_assert_nonnull (strstr (error->message, "roll"));
          g_clear_error (&error);
          g_assert_false (mu_match_undo (m, &error));
          g_clear_error (&error);
        }
      else if (g_strcmp0 (side, mu_match_get_awaited (m)) != 0)
        {
          g_assert_false (mu_match_can_undo (m, &error));
          g_assert_nonnull (strstr (error->message, "another side"));
          g_clear_error (&error);
        }
      else
        g_assert_true (mu_match_can_undo (m, NULL));
    }
  g_assert_true (rolled);
}

/* Dice entered at the table are used next and replay from the saved match. */
static void
test_entered_dice (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) again = NULL;
  g_autofree char *data = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *last = NULL;
  gsize len = 0;
  const int faces[] = { 6, 6, 6, 6, 6, 6, 6, 6 };
  guint before;
  gboolean seen = FALSE;

  g_assert_true (mu_match_enter_dice (m, faces, G_N_ELEMENTS (faces), &error));
  g_assert_no_error (error);
  last = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (m), 0));
  g_assert_cmpstr (last, ==, "dice 6 6 6 6 6 6 6 6");
  g_assert_false (mu_match_apply_line (m, "dice 7", NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
  g_clear_error (&error);
  before = mu_match_get_events (m)->len;
  for (guint i = 0; i < 40 && !seen; i++)
    {
      const GPtrArray *ev;

      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
      ev = mu_match_get_events (m);
      for (guint k = before; k < ev->len && !seen; k++)
        {
          const MuEvent *e = g_ptr_array_index (ev, k);
          if (e->kind == MU_EVENT_ROLL)
            {
              g_assert_cmpint (e->value, ==, 6);
              seen = TRUE;
            }
        }
      before = ev->len;
    }
  g_assert_true (seen);
  data = mu_match_save_to_data (m, &len);
  g_assert_nonnull (strstr (data, "<command>dice 6 6 6 6 6 6 6 6</command>"));
  again = mu_match_load_data (data, len, "entered.mustermatch", &error);
  g_assert_no_error (error);
  a = mu_match_format_state (m);
  b = mu_match_format_state (again);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpuint (mu_match_get_events (m)->len, ==, mu_match_get_events (again)->len);
}

/* mu_match_open_file: a scenario starts a match, a saved match reopens to
 * the same state and refuses forced dice; the awaited side and the legal
 * actions of a counter. */
static void
test_open_file (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "m.mustermatch", NULL);
  g_autoptr(MuMatch) back = NULL;
  g_autoptr(MuMatch) refused = NULL;
  g_autoptr(GPtrArray) legal = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  const int six = 6;

  g_assert_nonnull (mu_match_get_awaited (m));
  legal = mu_match_legal_commands (m);
  for (guint i = 0; i < legal->len; i++)
    {
      const char *who = mu_command_word (g_ptr_array_index (legal, i), 0);
      if (who)
        {
          g_autoptr(GPtrArray) mine = mu_match_legal_actions (m, who);
          g_assert_cmpuint (mine->len, >, 0);
          break;
        }
    }
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_true (mu_match_save_file (m, saved, &error));
  g_assert_no_error (error);
  back = mu_match_open_file (saved, 1, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  a = mu_match_format_state (m);
  b = mu_match_format_state (back);
  g_assert_cmpstr (a, ==, b);
  refused = mu_match_open_file (saved, 1, &six, 1, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_unlink (saved);
  g_rmdir (dir);
}

/* The per-counter questions of the match window (legal moves, legal
 * actions, targets) answer exactly what the full legal-command list says,
 * however the ruleset finds them: checked for every counter at every third
 * command of random matches of the shipped hex scenarios and of rules
 * fixtures with reserves, readdressing lines, rails and breaches; on the
 * table scenarios, the targets, and actions that hold every counter's
 * moves (not only the one counter the legal list samples). */
/* Whether `lines` (each ending with '\n') holds `line`. */
static gboolean
strv_has_line (const char *lines, const char *line)
{
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *hay = g_strdup_printf ("\n%s", lines);

  return strstr (hay, needle) != NULL;
}

static void
check_counter_questions (MuMatch *m, const char *where, gboolean every_move_listed)
{
  g_autoptr(GPtrArray) all = mu_match_legal_commands (m);
  const GPtrArray *counters = mu_match_get_scenario (m)->counters;

  for (guint i = 0; i < counters->len; i++)
    {
      const char *id = ((const MuCounter *) g_ptr_array_index (counters, i))->id;
      g_autoptr(GArray) moves = mu_match_legal_moves (m, id);
      g_autoptr(GPtrArray) actions = mu_match_legal_actions (m, id);
      g_autoptr(GPtrArray) targets = mu_match_legal_targets (m, id);
      g_autoptr(GString) want_moves = g_string_new (NULL);
      g_autoptr(GString) got_moves = g_string_new (NULL);
      g_autoptr(GString) want_actions = g_string_new (NULL);
      g_autoptr(GString) got_actions = g_string_new (NULL);
      g_autoptr(GString) want_targets = g_string_new (NULL);
      g_autoptr(GString) got_targets = g_string_new (NULL);

      for (guint k = 0; k < all->len; k++)
        {
          const MuCommand *c = g_ptr_array_index (all, k);
          const char *verb = mu_command_get_verb (c);
          g_autofree char *text = mu_command_to_string (c);
          gboolean names = FALSE;

          for (guint a = 0; a < mu_command_n_args (c); a++)
            names = names || g_strcmp0 (mu_command_word (c, a), id) == 0;
          if (names)
            g_string_append_printf (want_actions, "%s\n", text);
          if ((g_str_equal (verb, "move") || g_str_equal (verb, "withdraw")) &&
              g_strcmp0 (mu_command_word (c, 0), id) == 0)
            {
              g_autofree char *pos = mu_pos_to_string (&mu_command_arg (c, mu_command_n_args (c) - 1)->pos);
              g_string_append_printf (want_moves, "%s\n", pos);
            }
          if ((g_str_equal (verb, "fire") || g_str_equal (verb, "melee") ||
               g_str_equal (verb, "fire-commander")) && g_strcmp0 (mu_command_word (c, 0), id) == 0)
            g_string_append_printf (want_targets, "%s\n", mu_command_word (c, 1));
        }
      for (guint k = 0; k < moves->len; k++)
        {
          g_autofree char *pos = mu_pos_to_string (&g_array_index (moves, MuPos, k));
          g_string_append_printf (got_moves, "%s\n", pos);
        }
      for (guint k = 0; k < actions->len; k++)
        {
          g_autofree char *text = mu_command_to_string (g_ptr_array_index (actions, k));
          g_string_append_printf (got_actions, "%s\n", text);
        }
      for (guint k = 0; k < targets->len; k++)
        g_string_append_printf (got_targets, "%s\n", (const char *) g_ptr_array_index (targets, k));
      /* a table lists one counter's sample moves at a time: each counter's
       * actions hold what the list names it in and a move to each of its
       * destinations, whichever counter the list samples */
      if (!every_move_listed)
        {
          g_auto(GStrv) wanted = g_strsplit (want_actions->str, "\n", -1);
          g_auto(GStrv) moved = g_strsplit (got_moves->str, "\n", -1);

          for (guint k = 0; wanted[k] != NULL; k++)
            if (*wanted[k] && !strv_has_line (got_actions->str, wanted[k]))
              g_error ("%s, counter %s: %s is legal but not among its actions", where, id, wanted[k]);
          for (guint k = 0; moved[k] != NULL; k++)
            {
              g_autofree char *line = g_strdup_printf ("move %s %s", id, moved[k]);

              if (*moved[k] && !strv_has_line (got_actions->str, line))
                g_error ("%s, counter %s: may go to %s but has no such action", where, id, moved[k]);
            }
          g_string_truncate (want_moves, 0);
          g_string_truncate (got_moves, 0);
          g_string_truncate (want_actions, 0);
          g_string_truncate (got_actions, 0);
        }
      if (!g_str_equal (want_moves->str, got_moves->str) ||
          !g_str_equal (want_actions->str, got_actions->str) ||
          !g_str_equal (want_targets->str, got_targets->str))
        g_error ("%s, counter %s:\nmoves want\n%sgot\n%sactions want\n%sgot\n%stargets want\n%sgot\n%s",
                 where, id, want_moves->str, got_moves->str, want_actions->str, got_actions->str,
                 want_targets->str, got_targets->str);
    }
}

static const char *const played_files[] = {
  "scenarios/learning-blackburns-ford.muster", "scenarios/first-manassas.muster",
  "tests/fixtures/rules/baa-hex/days.muster", "tests/fixtures/rules/baa-hex/reserve.muster",
  "tests/fixtures/rules/baa-hex/rail.muster", "tests/fixtures/rules/baa-hex/breach.muster",
  "tests/fixtures/rules/baa-hex/melee.muster", "tests/fixtures/rules/baa-hex/capture.muster",
};

static const char *const table_files[] = {
  "scenarios/learning-table-blackburns-ford.muster", "scenarios/henry-house-hill-table.muster",
};

static void
test_counter_questions (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (played_files) + G_N_ELEMENTS (table_files); f++)
    for (guint seed = 1; seed <= 2; seed++)
      {
        gboolean hex = f < G_N_ELEMENTS (played_files);
        const char *file = hex ? played_files[f] : table_files[f - G_N_ELEMENTS (played_files)];
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), file, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) m = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        guint n = 0;

        g_assert_no_error (error);
        /* A table's sample of moves is slow to list (a second a check on
         * Henry House Hill): fewer commands and a check every 15th, three
         * states a match; a hex match is checked every 6th command (60
         * states of First Manassas a seed), so that the test stays well
         * inside its timeout under the sanitizers on a busy machine. */
        while (!mu_match_is_over (m) && n < (hex ? 600 : 45))
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);

            if (n % (hex ? 6 : 15) == 0)
              {
                g_autofree char *where = g_strdup_printf ("%s seed %u after %u commands", file, seed, n);
                check_counter_questions (m, where, hex);
              }
            g_assert_cmpuint (legal->len, >, 0);
            g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len)),
                                           NULL, &error));
            g_assert_no_error (error);
            n++;
          }
      }
}

static char *
events_text (const MuMatch *m, const GPtrArray *events)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *line = mu_match_format_event (m, g_ptr_array_index (events, i));
      g_string_append_printf (out, "%s\n", line);
    }
  return g_string_free (out, FALSE);
}

static char *
check_text (const MuCheck *check, const MuMatch *m)
{
  g_autofree char *rolls = events_text (m, check->rolls);

  return g_strdup_printf ("legal=%d reason=%s rule=%s cost=%.2f allowance=%.2f\n%s", check->legal,
                          check->reason, check->rule, check->cost, check->allowance, rolls);
}

/* The dry run plays on a copy of the state (MuRuleset.state_copy): a
 * command played on the copy gives the events and the state the match
 * itself then gives, and leaves the match as it was; and mu_match_check
 * answers what the old dry run (replaying the match from its start) did,
 * for the command played, end-phase and a command of the wrong side. */
static void
test_state_copy (void)
{
  const MuRuleset *rs = mu_ruleset_find ("baa-hex");
  MuRuleset replaying = *rs;

  g_assert_nonnull (rs->state_copy);
  replaying.state_copy = NULL;
  for (guint f = 0; f < G_N_ELEMENTS (played_files); f++)
    for (guint seed = 1; seed <= 2; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), played_files[f], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) m = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(MuMatch) old = NULL;
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        guint n = 0;

        g_assert_no_error (error);
        old = mu_match_new_with_ruleset (&replaying, mu_match_get_scenario (m), seed, NULL, 0, &error);
        g_assert_no_error (error);
        while (!mu_match_is_over (m) && n < 400)
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
            const MuCommand *c = g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len));
            g_autoptr(GPtrArray) copy_events = mu_event_array_new ();
            g_autoptr(GPtrArray) real_events = mu_event_array_new ();
            g_autofree char *before = mu_match_format_state (m);
            g_autofree char *copy_state = NULL;
            g_autofree char *untouched = NULL;
            g_autofree char *real_state = NULL;
            g_autofree char *a = NULL;
            g_autofree char *b = NULL;

            if (n % 4 == 0)
              {
                g_autoptr(MuDice) dice = mu_dice_copy (mu_match_get_dice (m));
                gpointer copy = rs->state_copy (mu_match_get_state (m), dice);
                g_autoptr(MuCommand) end = mu_command_new ("end-phase");
                g_autoptr(MuCommand) wrong = NULL;
                const MuCommand *probes[3] = { c, end, NULL };
                const GPtrArray *counters = mu_match_get_scenario (m)->counters;
                const char *awaited = mu_match_get_awaited (m);

                g_assert_true (rs->apply (copy, c, copy_events, &error));
                g_assert_no_error (error);
                copy_state = mu_ruleset_format_state (rs, copy, mu_match_get_scenario (m));
                rs->state_free (copy);
                untouched = mu_match_format_state (m);
                g_assert_cmpstr (before, ==, untouched);

                /* a move of a counter of the side not awaited */
                for (guint i = 0; i < counters->len && wrong == NULL; i++)
                  {
                    const MuCounter *k = g_ptr_array_index (counters, i);
                    if (awaited && g_strcmp0 (k->side, awaited) != 0)
                      {
                        wrong = mu_command_new ("move");
                        mu_command_add_word (wrong, k->id);
                        mu_command_add_hex (wrong, (MuHex) { 2, 2 });
                      }
                  }
                probes[2] = wrong;
                /* the replaying dry run costs the match's length: now and then */
                for (guint p = 0; n % 20 == 0 && p < G_N_ELEMENTS (probes) && probes[p]; p++)
                  {
                    MuCheck now, then;
                    g_autofree char *x = NULL;
                    g_autofree char *y = NULL;

                    mu_match_check (m, probes[p], &now);
                    mu_match_check (old, probes[p], &then);
                    x = check_text (&now, m);
                    y = check_text (&then, old);
                    g_assert_cmpstr (x, ==, y);
                    mu_check_clear (&now);
                    mu_check_clear (&then);
                  }
              }
            g_assert_true (mu_match_apply (m, c, real_events, &error));
            g_assert_no_error (error);
            g_assert_true (mu_match_apply (old, c, NULL, &error));
            g_assert_no_error (error);
            if (copy_state)
              {
                real_state = mu_match_format_state (m);
                g_assert_cmpstr (copy_state, ==, real_state);
                a = events_text (m, copy_events);
                b = events_text (m, real_events);
                g_assert_cmpstr (a, ==, b);
              }
            n++;
          }
      }
}

static MuMatch *
open_fixture (const char *name, const int *forced, guint n_forced)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures",
                                            "rules", name, NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *m = mu_match_open_file (path, 7, forced, n_forced, NULL, &error);

  g_assert_no_error (error);
  return m;
}

/* Ends phases until one of `m`'s end-phase commands would roll dice. */
static void
advance_to_a_roll (MuMatch *m, MuCommand *end)
{
  for (guint i = 0; i < 60; i++)
    {
      MuCheck check;
      gboolean rolls;

      g_assert_true (mu_match_check (m, end, &check));
      rolls = check.rolls->len > 0;
      mu_check_clear (&check);
      if (rolls)
        return;
      g_assert_true (mu_match_apply (m, end, NULL, NULL));
    }
  g_assert_not_reached ();
}

/* TAB-19: the dry run with dice entered at the table rolls exactly what the
 * command then rolls with those dice, in order, and touches nothing. */
static void
test_check_with_dice (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(MuCommand) end = parse (m, "end-phase");
  const int ones[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  const int sixes[] = { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 };
  const int *sets[] = { ones, sixes };
  const int bad[] = { 7 };
  MuCheck check;

  advance_to_a_roll (m, end);
  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    {
      g_autoptr(MuMatch) copy = mu_match_new_replay (m, G_MAXUINT, NULL);
      g_autoptr(GPtrArray) events = mu_event_array_new ();
      g_autoptr(GPtrArray) rolls = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      guint rolled_before = mu_dice_count (mu_match_get_dice (m));
      guint covered = 0;

      g_assert_true (mu_match_check_with_dice (m, end, sets[k], G_N_ELEMENTS (ones), &check));
      g_assert_cmpuint (mu_dice_count (mu_match_get_dice (m)), ==, rolled_before);
      g_assert_true (mu_match_enter_dice (copy, sets[k], G_N_ELEMENTS (ones), &error));
      g_assert_true (mu_match_apply (copy, end, events, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < events->len; i++)
        if (((MuEvent *) g_ptr_array_index (events, i))->kind == MU_EVENT_ROLL)
          g_ptr_array_add (rolls, g_ptr_array_index (events, i));
      g_assert_cmpuint (check.rolls->len, ==, rolls->len);
      for (guint i = 0; i < rolls->len; i++)
        {
          const MuEvent *want = g_ptr_array_index (rolls, i);
          const MuEvent *got = g_ptr_array_index (check.rolls, i);

          g_assert_cmpstr (got->text, ==, want->text);
          g_assert_cmpstr (got->subject, ==, want->subject);
          g_assert_cmpint (got->target, ==, want->target);
          g_assert_cmpint (got->compare, ==, want->compare);
          g_assert_cmpint (got->count, ==, want->pool ? (int) want->pool->len : 1);
          if (covered < G_N_ELEMENTS (ones))
            g_assert_cmpint (want->value, ==, sets[k][0]);
          covered += got->count;
        }
      mu_check_clear (&check);
    }
  g_assert_false (mu_match_check_with_dice (m, end, bad, 1, &check));
  g_assert_nonnull (strstr (check.reason, "not 1 to 6"));
  mu_check_clear (&check);
}

/* What is left in the phase: the units with orders that may still move
 * (BAA-MOV-1), as many as the legal moves name; the compulsory melees
 * (BAA-MEL-2), while end-phase is refused. */
static void
test_outstanding (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(MuCommand) end = parse (m, "end-phase");
  const int melee_dice[] = { 4, 1, 1, 1, 4, 1, 1, 4, 1, 1, 2 };
  g_autoptr(MuMatch) melee = open_fixture ("baa-hex/melee.muster", melee_dice, G_N_ELEMENTS (melee_dice));
  g_autoptr(GArray) todo = NULL;
  g_autoptr(GError) error = NULL;
  gboolean seen_move = FALSE;

  for (guint i = 0; i < 80 && !seen_move && !mu_match_is_over (m); i++)
    {
      MuPosition pos;

      mu_match_get_position (m, &pos);
      if (g_strcmp0 (pos.phase_id, "move-units") == 0 && mu_match_get_pending (m) == NULL)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          g_autoptr(GHashTable) movers = g_hash_table_new (g_str_hash, g_str_equal);

          for (guint k = 0; k < legal->len; k++)
            {
              MuCommand *c = g_ptr_array_index (legal, k);
              if (g_str_equal (mu_command_get_verb (c), "move") ||
                  g_str_equal (mu_command_get_verb (c), "withdraw"))
                g_hash_table_add (movers, (gpointer) mu_command_word (c, 0));
            }
          g_clear_pointer (&todo, g_array_unref);
          todo = mu_match_get_outstanding (m);
          if (g_hash_table_size (movers) > 0)
            {
              const MuTodo *t = &g_array_index (todo, MuTodo, 0);

              g_assert_cmpuint (todo->len, ==, 1);
              g_assert_cmpint (t->count, ==, (int) g_hash_table_size (movers));
              g_assert_cmpstr (t->rule, ==, "BAA-MOV-1");
              g_assert_false (t->compulsory);
              g_assert_nonnull (strstr (t->text, "not moved"));
              seen_move = TRUE;
            }
        }
      g_assert_true (mu_match_apply (m, end, NULL, NULL));
    }
  g_assert_true (seen_move);

  /* melee.script: both end-phases bring the CSA round to phase 11 */
  g_assert_true (mu_match_apply_line (melee, "end-phase", NULL, &error));
  g_assert_true (mu_match_apply_line (melee, "end-phase", NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&todo, g_array_unref);
  todo = mu_match_get_outstanding (melee);
  g_assert_cmpuint (todo->len, ==, 1);
  g_assert_true (g_array_index (todo, MuTodo, 0).compulsory);
  g_assert_cmpstr (g_array_index (todo, MuTodo, 0).rule, ==, "BAA-MEL-2");
  g_assert_cmpint (g_array_index (todo, MuTodo, 0).count, ==, 4);
  g_assert_false (mu_match_apply_line (melee, "end-phase", NULL, &error));
  g_assert_nonnull (strstr (error->message, "BAA-MEL-2"));
  g_clear_error (&error);
  /* a1's melee leaves a2 nobody to fight: three units still owe one */
  g_assert_true (mu_match_apply_line (melee, "melee a1 ms", NULL, &error));
  g_clear_pointer (&todo, g_array_unref);
  todo = mu_match_get_outstanding (melee);
  g_assert_cmpuint (todo->len, ==, 1);
  g_assert_cmpint (g_array_index (todo, MuTodo, 0).count, <, 4);
}

/* BAA-CMD-11: the Confederates open First Manassas on Command Range with
 * their 14 STAR units unassigned; the step may end, but that leaves them NIC,
 * so the account names them as lost on ending; assigning one takes it off. */
static void
test_outstanding_unassigned (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 7, NULL, 0, NULL, &error);
  g_autoptr(GArray) todo = NULL;
  const MuTodo *t;

  g_assert_no_error (error);
  todo = mu_match_get_outstanding (m);
  g_assert_cmpuint (todo->len, ==, 1);
  t = &g_array_index (todo, MuTodo, 0);
  g_assert_cmpstr (t->rule, ==, "BAA-CMD-11");
  g_assert_true (t->lost_on_end);
  g_assert_false (t->compulsory);
  g_assert_cmpint (t->count, ==, 14);
  g_assert_nonnull (strstr (t->text, "Bartow's Brigade"));
  g_assert_true (mu_match_apply_line (m, "assign bartow beauregard", NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&todo, g_array_unref);
  todo = mu_match_get_outstanding (m);
  g_assert_cmpint (g_array_index (todo, MuTodo, 0).count, ==, 13);
  g_assert_null (strstr (g_array_index (todo, MuTodo, 0).text, "Bartow's Brigade"));
}

/* Commands as sentences with names, from the verbs' declared sentences:
 * counters by name, lists joined, hexes as labelled, table points in the
 * table's unit with their facing; the ids never show. */
static void
test_describe_command (void)
{
  static const struct { const char *scenario, *line, *expected; } cases[] = {
    { "first-manassas.muster", "assign bartow beauregard", "Assign Bartow's Brigade to Beauregard" },
    { "first-manassas.muster", "move bee 1518 1519", "Move Bee's Brigade to hex 1519" },
    { "first-manassas.muster", "fire-group evans bee bartow", "Bee's Brigade and Bartow's Brigade fire together at Evans's Brigade" },
    { "first-manassas.muster", "end-phase", "End the phase" },
    { "henry-house-hill-table.muster", "move ricketts @48.66,40.01/305.0",
      "Move Ricketts' Battery to 48.7, 40.0 in, facing 305°" },
    { "henry-house-hill-table.muster", "fire-group 2nd-virginia ricketts griffin 5th-massachusetts",
      "Ricketts' Battery, Griffin's Battery and 5th Massachusetts fire together at 2nd Virginia" },
    /* a word of the syntax's choices, repeated steps, and the words of an
     * optional part only when it is given (mn-acw's direction categories,
     * MN-AMB-50, and charges on a bearing, MN-AMB-60) */
    { "learning-mn-brawners-farm.muster", "activate 6th-wisconsin oblique", "Activate 6th Wisconsin: oblique" },
    { "learning-mn-brawners-farm.muster", "activate 6th-wisconsin ahead face 45",
      "Activate 6th Wisconsin: ahead, to face 45°" },
    { "learning-mn-brawners-farm.muster", "activate 6th-wisconsin stay face 90 form column",
      "Activate 6th Wisconsin: stay, to face 90°, then into column" },
    { "learning-mn-brawners-farm.muster", "charge 6th-wisconsin 4th-virginia",
      "6th Wisconsin charges 4th Virginia" },
    { "learning-mn-brawners-farm.muster", "charge 6th-wisconsin 4th-virginia 45 form column",
      "6th Wisconsin charges 4th Virginia on a bearing of 45°, into column" },
    { "learning-mn-brawners-farm.muster", "move 6th-wisconsin @10.5,12.3", "Move 6th Wisconsin to 10.5, 12.3 in" },
    { "learning-mn-brawners-farm.muster", "move 6th-wisconsin 0", "Move 6th Wisconsin 0 in" },
    { "learning-mn-brawners-farm.muster", "move 6th-wisconsin 2.5", "Move 6th Wisconsin 2.5 in" },
    /* a table's area by its name */
    { "learning-mn-brawners-farm.muster", "bombard battery-b brawner-house",
      "Battery B, 4th U.S. fires at Brawner farmhouse" },
    /* a literal word of the syntax brings its own words: a whole
     * battalion's garrison is not one company's (TS-VIL-1, TS-AMB-85) */
    { "../tests/fixtures/rules/toy-soldiers/p2-duel-barn.muster", "garrison u1 barn 1",
      "u1 garrisons barn (companies: 1)" },
    { "../tests/fixtures/rules/toy-soldiers/p2-duel-barn.muster", "garrison u1 barn 1 command",
      "u1 garrisons barn (companies: 1, with the command stand)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                                cases[i].scenario, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_open_file (path, 7, NULL, 0, NULL, &error);
      g_autoptr(MuCommand) c = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      c = parse (m, cases[i].line);
      text = mu_match_describe_command (m, c, NULL);
      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

/* Why a match ended, for the result page (MN-AMB-82): a disperse task met
 * gives the task's own words; a match not over, and a ruleset that does
 * not say, give none. */
static void
test_result_reason (void)
{
  static const int dice[] = { 1, 6, 6, 6, 3, 3, 6, 6, 1, 1, 1 };
  static const char *const lines[] = { "charge f g", "end-phase", "fight f g" };
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules",
                                            "mn-acw", "tasks.muster", NULL);
  g_autofree char *baa = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                           "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 1, dice, G_N_ELEMENTS (dice), NULL, &error);
  g_autoptr(MuMatch) other = NULL;
  MuResult r;

  g_assert_no_error (error);
  mu_match_get_result (m, &r);
  g_assert_false (r.over);
  g_assert_null (r.reason);
  mu_result_clear (&r);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_true (mu_match_apply_line (m, lines[i], NULL, &error));
      g_assert_no_error (error);
    }
  mu_match_get_result (m, &r);
  g_assert_true (r.over);
  g_assert_cmpstr (r.winner, ==, "csa");
  g_assert_cmpstr (r.reason, ==, "Destroy a Union regiment");
  mu_result_clear (&r);
  other = mu_match_open_file (baa, 7, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  mu_match_get_result (other, &r);
  g_assert_null (r.reason);
  mu_result_clear (&r);
}

/* The command radius a counter belongs to: a command counter's leadership
 * over its units (BAA-CMD-5), a control counter's over its commands
 * (BAA-CMD-2), a unit's commander's; an unassigned STAR unit has none
 * until assigned (BAA-CMD-11). */
static void
test_command_radius (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 7, NULL, 0, NULL, &error);
  const MuScenario *s;
  MuCommandRadius r;

  g_assert_no_error (error);
  s = mu_match_get_scenario (m);
  g_assert_true (mu_match_command_radius (m, "sherman", &r));
  g_assert_cmpstr (r.commander, ==, "tyler");
  g_assert_cmpfloat (r.radius, ==, mu_counter_get_int (mu_scenario_find_counter (s, "tyler"), "leadership"));
  g_assert_cmpstr (r.rule, ==, "BAA-CMD-5");
  g_assert_false (r.centre.is_point);
  g_assert_true (mu_match_command_radius (m, "beauregard", &r));
  g_assert_cmpstr (r.rule, ==, "BAA-CMD-2");
  g_assert_false (mu_match_command_radius (m, "bartow", &r));
  g_assert_true (mu_match_apply_line (m, "assign bartow beauregard", NULL, &error));
  g_assert_true (mu_match_command_radius (m, "bartow", &r));
  g_assert_cmpstr (r.commander, ==, "beauregard");
}

/* On a table the radius is the commander's leadership in U (BAT-GEN-2),
 * measured from its base (BAT-GEN-3): every point of the circle drawn about
 * the base's centre (radius + from_edge) is within it of the base, and where
 * the circle crosses the middle of the base's front it is exactly that; a unit shows its formation commander's (BAT-CMD-5), a
 * higher commander its own (BAT-CMD-3). */
static void
test_command_radius_table (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "henry-house-hill-table.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 7, NULL, 0, NULL, &error);
  const MuScenario *s;
  GArray *views;
  const MuStand *base = NULL;
  MuCommandRadius r;
  double reach, nearest = G_MAXDOUBLE;

  g_assert_no_error (error);
  s = mu_match_get_scenario (m);
  g_assert_true (mu_match_command_radius (m, "ricketts", &r));
  g_assert_cmpstr (r.commander, ==, "barry");
  g_assert_cmpstr (r.rule, ==, "BAT-CMD-5");
  g_assert_true (r.centre.is_point);
  views = mu_match_get_counters (m);
  for (guint i = 0; i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, "barry") == 0)
      base = g_array_index (views, MuCounterView, i).stands;
  g_assert_nonnull (base);
  g_assert_cmpfloat_with_epsilon (r.centre.point.x, base->centre.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.centre.point.y, base->centre.y, 1e-9);
  /* 15 mm on an inch table: U = 4 in (Table S1) */
  reach = mu_counter_get_int (mu_scenario_find_counter (s, "barry"), "leadership") * 4.0;
  g_assert_cmpfloat_with_epsilon (r.radius, reach, 1e-9);
  g_assert_cmpfloat (r.from_edge, >, 0);
  for (int k = 0; k < 360; k++)
    {
      double drawn = r.radius + r.from_edge;
      MuStand p = { { r.centre.point.x + drawn * cos (k * G_PI / 180),
                      r.centre.point.y + drawn * sin (k * G_PI / 180) }, 0, 0, 0, 0 };
      double d = mu_stand_distance (base, &p);

      g_assert_cmpfloat (d, <=, reach + 1e-6);
      nearest = MIN (nearest, fabs (d - reach));
    }
  g_assert_cmpfloat (nearest, <, 1e-6);
  g_assert_true (mu_match_command_radius (m, "mcdowell", &r));
  g_assert_cmpstr (r.commander, ==, "mcdowell");
  g_assert_cmpstr (r.rule, ==, "BAT-CMD-3");
}

/* A ruleset that gives no account of the step: the match still tells,
 * from the legal commands, when the step may not end yet (BAA-MEL-2 here:
 * baa-hex without its hook), and says nothing otherwise. */
static void
test_outstanding_generic (void)
{
  MuRuleset bare = *mu_ruleset_find ("baa-hex");
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures",
                                            "rules", "baa-hex", "melee.muster", NULL);
  const int dice[] = { 4, 1, 1, 1, 4, 1, 1, 4, 1, 1, 2 };
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) todo = NULL;
  g_autoptr(GPtrArray) legal = NULL;

  g_assert_no_error (error);
  bare.outstanding = NULL;
  m = mu_match_new_with_ruleset (&bare, s, 7, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  todo = mu_match_get_outstanding (m);
  g_assert_cmpuint (todo->len, ==, 0);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_clear_pointer (&todo, g_array_unref);
  todo = mu_match_get_outstanding (m);
  legal = mu_match_legal_commands (m);
  g_assert_cmpuint (todo->len, ==, 1);
  g_assert_true (g_array_index (todo, MuTodo, 0).compulsory);
  g_assert_cmpint (g_array_index (todo, MuTodo, 0).count, ==, (int) legal->len);
  g_assert_nonnull (strstr (g_array_index (todo, MuTodo, 0).text, "before the step can end"));
}

/* A replay of the first K commands is the match as it stood after them. */
static void
test_new_replay (void)
{
  g_autoptr(MuMatch) m = open_match ();
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 12; i++)
    {
      guint n = mu_match_get_events (m)->len;

      g_ptr_array_add (states, mu_match_format_state (m));
      g_array_append_val (counts, n);
      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
    }
  for (guint k = 0; k < states->len; k++)
    {
      g_autoptr(MuMatch) r = mu_match_new_replay (m, k, &error);
      g_autofree char *state = NULL;

      g_assert_no_error (error);
      state = mu_match_format_state (r);
      g_assert_cmpstr (state, ==, g_ptr_array_index (states, k));
      g_assert_cmpuint (mu_match_get_events (r)->len, ==, g_array_index (counts, guint, k));
      g_assert_cmpuint (mu_match_get_commands (r)->len, ==, k);
    }
}

static void
assert_losses (const MuMatch *m, const char *side, const int want[6])
{
  MuLosses l;

  mu_match_get_losses (m, side, &l);
  g_assert_cmpint (l.units, ==, want[0]);
  g_assert_cmpint (l.units_lost, ==, want[1]);
  g_assert_cmpint (l.strength, ==, want[2]);
  g_assert_cmpint (l.strength_lost, ==, want[3]);
  g_assert_cmpint (l.commanders, ==, want[4]);
  g_assert_cmpint (l.commanders_lost, ==, want[5]);
}

/* A side's losses as the result page shows them: a unit that surrenders
 * in melee is a unit lost with all its strength (BAA-FLN-5a); the other
 * side loses nothing. */
static void
test_losses (void)
{
  const int dice[] = { 4, 1, 1, 1, 4, 1, 1, 4, 1, 1, 2 };
  g_autoptr(MuMatch) m = open_fixture ("baa-hex/melee.muster", dice, G_N_ELEMENTS (dice));
  g_autoptr(GError) error = NULL;
  const int usa_before[6] = { 2, 0, 6, 0, 1, 0 };
  const int usa_after[6] = { 2, 1, 6, 3, 1, 0 };
  const int csa[6] = { 4, 0, 12, 0, 1, 0 };
  const char *const lines[] = { "end-phase", "end-phase", "melee a1 ms" };

  assert_losses (m, "usa", usa_before);
  assert_losses (m, "csa", csa);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(MuCommand) c = parse (m, lines[i]);

      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
    }
  assert_losses (m, "usa", usa_after);
  assert_losses (m, "csa", csa);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/match-api/check", test_check);
  g_test_add_func ("/engine/match-api/undo-policy", test_undo_policy);
  g_test_add_func ("/engine/match-api/entered-dice", test_entered_dice);
  g_test_add_func ("/engine/match-api/open-file", test_open_file);
  g_test_add_func ("/engine/match-api/counter-questions", test_counter_questions);
  g_test_add_func ("/engine/match-api/state-copy", test_state_copy);
  g_test_add_func ("/engine/match-api/check-with-dice/TAB-19", test_check_with_dice);
  g_test_add_func ("/engine/match-api/outstanding/BAA-MOV-1/BAA-MEL-2", test_outstanding);
  g_test_add_func ("/engine/match-api/outstanding-generic", test_outstanding_generic);
  g_test_add_func ("/engine/match-api/outstanding/BAA-CMD-11", test_outstanding_unassigned);
  g_test_add_func ("/engine/match-api/describe-command", test_describe_command);
  g_test_add_func ("/engine/match-api/result-reason/MN-AMB-82", test_result_reason);
  g_test_add_func ("/engine/match-api/command-radius/BAA-CMD-5", test_command_radius);
  g_test_add_func ("/engine/match-api/command-radius-table/BAT-CMD-3/BAT-CMD-5/BAT-GEN-3",
                   test_command_radius_table);
  g_test_add_func ("/engine/match-api/new-replay", test_new_replay);
  g_test_add_func ("/engine/match-api/losses/BAA-FLN-5a", test_losses);
  return g_test_run ();
}
