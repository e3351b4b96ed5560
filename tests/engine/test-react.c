/* test-react.c: reaction windows, decisions answered by a command and
 * decimal number answers, played on a ruleset of the tests' own
 * (test-react-rules.c) through the match API, the command text, a saved
 * match and the computer player. */
#define G_LOG_DOMAIN "test-react"

#include "config.h"

#include <string.h>

#include "mu-error.h"
#include "mu-match.h"
#include "mu-policy.h"
#include "mu-problem.h"
#include "mu-scenario-xml.h"
#include "test-react-rules.h"

static MuScenario *
load_scenario (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *s;

  mu_ruleset_register (&test_react_ruleset);
  s = mu_scenario_load_data (test_react_scenario, strlen (test_react_scenario), "react.muster",
                             problems, &error);
  for (guint i = 0; error && i < problems->len; i++)
    g_test_message ("%s", ((MuProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_no_error (error);
  return s;
}

static MuMatch *
new_match (const int *dice, guint n_dice)
{
  g_autoptr(MuScenario) s = load_scenario ();
  g_autoptr(GError) error = NULL;
  MuMatch *m = mu_match_new (s, 1, dice, n_dice, &error);

  g_assert_no_error (error);
  return m;
}

static void
play (MuMatch *m, const char *line)
{
  g_autoptr(GError) error = NULL;

  mu_match_apply_line (m, line, NULL, &error);
  g_assert_no_error (error);
}

static void
refused (MuMatch *m, const char *line, const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = mu_match_format_state (m);
  g_autofree char *after = NULL;

  g_assert_false (mu_match_apply_line (m, line, NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” was refused with “%s”, not naming “%s”", line, error->message, part);
  after = mu_match_format_state (m);
  g_assert_cmpstr (before, ==, after);
}

/* The legal commands as text, one a line. */
static char *
legal_text (const MuMatch *m)
{
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *line = mu_command_to_string (g_ptr_array_index (legal, i));

      g_string_append_printf (s, "%s\n", line);
    }
  return g_string_free (s, FALSE);
}

/* The last line of the --state text. */
static char *
last_state_line (const MuMatch *m)
{
  g_autofree char *state = mu_match_format_state (m);
  g_auto(GStrv) lines = g_strsplit (g_strchomp (state), "\n", -1);

  return g_strdup (lines[g_strv_length (lines) - 1]);
}

static const char *
awaited (const MuMatch *m)
{
  return mu_match_get_awaited (m);
}

/* A decimal number answer with a step (a distance to 0.5 in). */
static void
test_number_answer (void)
{
  g_autoptr(MuMatch) m = new_match (NULL, 0);
  const MuDecision *d;
  g_autofree char *line = NULL;
  g_autofree char *legal = NULL;

  play (m, "advance r1");
  d = mu_match_get_pending (m);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, MU_ANSWER_NUMBER);
  line = last_state_line (m);
  g_assert_cmpstr (line, ==, "decision distance side=red subject=r1 answers= kind=number "
                   "min=0.50 max=3 step=0.50");
  legal = legal_text (m);
  g_assert_cmpstr (legal, ==, "choose 0.50\nchoose 1\nchoose 1.50\nchoose 2\nchoose 2.50\nchoose 3\n");
  /* off the step, out of range, no number */
  refused (m, "choose 1.25", "from 0.50 to 3 in steps of 0.50");
  refused (m, "choose 3.5", "from 0.50 to 3 in steps of 0.50");
  refused (m, "choose 0", "from 0.50 to 3 in steps of 0.50");
  refused (m, "choose far", "from 0.50 to 3 in steps of 0.50");
  play (m, "choose 1.5");
  g_assert_null (mu_match_get_pending (m));
  {
    GArray *views = mu_match_get_counters (m);
    const MuCounterView *r1 = &g_array_index (views, MuCounterView, 0);

    g_assert_cmpstr (r1->id, ==, "r1");
    g_assert_cmpfloat_with_epsilon (r1->pos.point.x, 11.5, 1e-9);
    g_assert_cmpfloat_with_epsilon (r1->pos.point.y, 20, 1e-9);
  }
}

/* mu_decision_read_number on its own: whole numbers when there is no step,
 * steps that are no binary fraction counted to the hundredth. */
static void
test_read_number (void)
{
  MuDecision whole = { .id = "n", .kind = MU_ANSWER_NUMBER, .min = 0, .max = 9 };
  MuDecision tenth = { .id = "t", .kind = MU_ANSWER_NUMBER, .step = 0.1, .low = 0.1, .high = 0.9 };
  MuArg arg = { .kind = MU_ARG_NUMBER };
  double v = -1;
  g_autoptr(GError) error = NULL;

  arg.number = 7;
  g_assert_true (mu_decision_read_number (&whole, &arg, &v, NULL));
  g_assert_cmpfloat (v, ==, 7);
  arg.number = 2.5;
  g_assert_false (mu_decision_read_number (&whole, &arg, &v, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "a whole number from 0 to 9"));
  g_clear_error (&error);
  arg.number = 0.3;
  g_assert_true (mu_decision_read_number (&tenth, &arg, &v, NULL));
  g_assert_cmpfloat_with_epsilon (v, 0.3, 1e-12);
  arg.number = 0.35;
  g_assert_false (mu_decision_read_number (&tenth, &arg, &v, NULL));
  arg.number = 1;
  g_assert_false (mu_decision_read_number (&tenth, &arg, &v, NULL));
  /* a word holding the number (a `choose ANSWER` verb) */
  arg = (MuArg) { .kind = MU_ARG_WORD, .word = (char *) "0.9" };
  g_assert_true (mu_decision_read_number (&tenth, &arg, &v, NULL));
  g_assert_cmpfloat_with_epsilon (v, 0.9, 1e-12);
  arg.word = (char *) "0.9x";
  g_assert_false (mu_decision_read_number (&tenth, &arg, &v, NULL));
}

/* The hold-fire window after red's advance: blue is awaited, may fire at
 * the mover or pass; red may do nothing until it closes (QRS-AMB-41). */
static void
test_window (void)
{
  const int dice[] = { 5, 2, 2, 6 };
  g_autoptr(MuMatch) m = new_match (dice, G_N_ELEMENTS (dice));
  g_autofree char *line = NULL;
  g_autofree char *legal = NULL;
  MuPosition pos;
  MuCheck check;

  mu_match_get_position (m, &pos);
  g_assert_null (pos.reaction);
  g_assert_cmpstr (pos.awaited, ==, "red");
  refused (m, "pass", "nothing to pass");

  play (m, "advance r1");
  play (m, "choose 1.5");
  mu_match_get_position (m, &pos);
  g_assert_cmpstr (pos.reaction, ==, "hold-fire");
  g_assert_cmpstr (pos.side, ==, "red");
  g_assert_cmpstr (pos.awaited, ==, "blue");
  g_assert_cmpstr (mu_match_get_reaction (m)->subject, ==, "r1");
  line = last_state_line (m);
  g_assert_cmpstr (line, ==, "reaction hold-fire side=blue after=\"choose 1.50\" subject=r1 "
                   "rule=TEST-REACT-1 given=0");
  legal = legal_text (m);
  g_assert_cmpstr (legal, ==, "fire b1 r1\nfire b3 r1\npass\n");
  /* the active side waits; a reaction must be one the window allows */
  refused (m, "advance r2", "blue may react to “choose 1.50” or pass");
  refused (m, "end-phase", "is no reaction (TEST-REACT-1)");
  refused (m, "fire b2 r1", "b2 may not fire at r1 now");
  refused (m, "fire b1 r2", "aimed at the unit that acted, r1");
  /* red's advance was seen: red cannot take it back (TAB-19) */
  g_assert_false (mu_match_can_undo (m, NULL));
  /* the dry run follows the window */
  {
    g_autoptr(MuCommand) fire = mu_match_parse (m, "fire b1 r1", NULL);
    g_autoptr(MuCommand) pass = mu_match_parse (m, "pass", NULL);
    g_autoptr(MuCommand) advance = mu_match_parse (m, "advance r2", NULL);

    g_assert_true (mu_match_check (m, fire, &check));
    g_assert_cmpuint (check.rolls->len, ==, 1);
    mu_check_clear (&check);
    g_assert_true (mu_match_check (m, pass, &check));
    mu_check_clear (&check);
    /* pass is the engine's verb: it ends the reacting side's part, for the policy and people */
    g_assert_true (mu_match_find_verb (m, "pass")->flags & MU_VERB_END_STEP);
    g_assert_true (mu_match_find_verb (m, "fire")->flags & MU_VERB_REACTION);
    {
      g_autofree char *said = mu_match_describe_command (m, pass, NULL);

      g_assert_cmpstr (said, ==, "Pass: no reaction");
    }
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuCommand) end = mu_match_parse (m, "end-phase", &error);
      g_autofree char *said = NULL;

      g_assert_no_error (error);
      said = mu_match_describe_command (m, end, NULL);
      g_assert_cmpstr (said, ==, "End the step");
    }
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuCommand) bad = mu_match_parse (m, "pass now", &error);

      g_assert_null (bad);
      g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "pass takes no arguments"));
    }
    g_assert_false (mu_match_check (m, advance, &check));
    mu_check_clear (&check);
  }
  {
    g_autoptr(GArray) moves = mu_match_legal_moves (m, "b1");
    g_autoptr(GPtrArray) targets = mu_match_legal_targets (m, "b1");
    g_autoptr(GPtrArray) actions = mu_match_legal_actions (m, "b1");

    g_assert_cmpuint (moves->len, ==, 0);
    g_assert_cmpuint (targets->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (targets, 0), ==, "r1");
    g_assert_cmpuint (actions->len, ==, 1);
  }

  /* b1 fires (a 5 hits); the window stays open for b3 until blue passes */
  play (m, "fire b1 r1");
  g_assert_cmpint (g_array_index (mu_match_get_counters (m), MuCounterView, 0).strength, ==, 1);
  g_assert_cmpstr (awaited (m), ==, "blue");
  g_clear_pointer (&line, g_free);
  line = last_state_line (m);
  g_assert_cmpstr (line, ==, "reaction hold-fire side=blue after=\"choose 1.50\" subject=r1 "
                   "rule=TEST-REACT-1 given=1");
  g_clear_pointer (&legal, g_free);
  legal = legal_text (m);
  g_assert_cmpstr (legal, ==, "fire b3 r1\npass\n");
  play (m, "pass");
  mu_match_get_position (m, &pos);
  g_assert_null (pos.reaction);
  g_assert_cmpstr (pos.awaited, ==, "red");

  /* b3 holds fire at r2 (a 2 misses); with no reaction left the window closes */
  play (m, "advance r2");
  play (m, "choose 0.5");
  g_assert_cmpstr (mu_match_get_reaction (m)->subject, ==, "r2");
  play (m, "fire b3 r2");
  g_assert_null (mu_match_get_reaction (m));
  g_assert_cmpstr (awaited (m), ==, "red");
  play (m, "end-phase");

  /* blue advances b2 to 10.5 of r2: red may hold fire and passes */
  play (m, "advance b2");
  play (m, "choose 3");
  g_assert_cmpstr (awaited (m), ==, "red");
  g_assert_cmpstr (mu_match_get_reaction (m)->subject, ==, "b2");
  g_clear_pointer (&legal, g_free);
  legal = legal_text (m);
  g_assert_cmpstr (legal, ==, "fire r2 b2\npass\n");
  play (m, "pass");
  g_assert_null (mu_match_get_reaction (m));
  g_assert_cmpstr (awaited (m), ==, "blue");
  refused (m, "pass", "nothing to pass");

  /* a decision answered by a command: b2 fires (a 2 misses), r2 may return fire */
  play (m, "fire b2 r2");
  g_assert_cmpint (mu_match_get_pending (m)->kind, ==, MU_ANSWER_COMMAND);
  g_assert_cmpstr (awaited (m), ==, "red");
  g_clear_pointer (&line, g_free);
  line = last_state_line (m);
  g_assert_cmpstr (line, ==, "decision return-fire side=red subject=r2 "
                   "answers=\"fire r2 b2|choose none\" kind=command");
  g_clear_pointer (&legal, g_free);
  legal = legal_text (m);
  g_assert_cmpstr (legal, ==, "fire r2 b2\nchoose none\n");
  refused (m, "fire r1 b2", "“fire r1 b2” is no answer to the decision “return-fire”, which is "
           "answered by one of: fire r2 b2; choose none");
  refused (m, "pass", "is no answer to the decision “return-fire”");
  play (m, "fire r2 b2");   /* a 6 hits */
  g_assert_null (mu_match_get_pending (m));
  g_assert_cmpstr (awaited (m), ==, "blue");
  g_assert_cmpint (g_array_index (mu_match_get_counters (m), MuCounterView, 3).strength, ==, 1);
}

/* The commands of test_window, as a saved match holds them. */
static const char *const window_script[] = {
  "advance r1", "choose 1.5", "fire b1 r1", "pass", "advance r2", "choose 0.5", "fire b3 r2",
  "end-phase", "advance b2", "choose 3", "pass", "fire b2 r2", "fire r2 b2",
};

/* A saved match replays its windows: saved in the middle of one, it opens
 * there again; every prefix replays to the same state as played. */
static void
test_save_replay (void)
{
  const int dice[] = { 5, 2, 2, 6 };
  g_autoptr(MuMatch) m = new_match (dice, G_N_ELEMENTS (dice));
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (states, mu_match_format_state (m));
  for (guint i = 0; i < G_N_ELEMENTS (window_script); i++)
    {
      play (m, window_script[i]);
      g_ptr_array_add (states, mu_match_format_state (m));
    }
  for (guint n = 0; n <= G_N_ELEMENTS (window_script); n++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) replay = mu_match_new_replay (m, n, &error);
      g_autoptr(MuMatch) loaded = NULL;
      g_autofree char *state = NULL;
      g_autofree char *loaded_state = NULL;
      g_autofree char *data = NULL;
      gsize length;

      g_assert_no_error (error);
      state = mu_match_format_state (replay);
      g_assert_cmpstr (state, ==, g_ptr_array_index (states, n));
      data = mu_match_save_to_data (replay, &length);
      loaded = mu_match_load_data (data, length, "react.mustermatch", &error);
      g_assert_no_error (error);
      loaded_state = mu_match_format_state (loaded);
      g_assert_cmpstr (loaded_state, ==, state);
      if (n == 2)
        {
          /* saved with the window open: the pass and the reaction are in the file */
          g_assert_nonnull (strstr (state, "reaction hold-fire side=blue"));
          g_assert_cmpstr (mu_match_get_awaited (loaded), ==, "blue");
        }
      if (n == 3)
        g_assert_nonnull (strstr (state, "reaction hold-fire side=blue after=\"choose 1.50\" "
                                  "subject=r1 rule=TEST-REACT-1 given=1\n"));
      if (n == G_N_ELEMENTS (window_script))
        g_assert_nonnull (strstr (data, "<command>pass</command>"));
    }
}

/* The computer player plays the reactions, passes and answers to the end:
 * every listed command is accepted, the window's side is awaited while it
 * is open, and the windows are met. */
static void
test_simulate (void)
{
  guint windows = 0, reactions = 0, passes = 0, answers = 0, over = 0, still_open = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(MuScenario) s = load_scenario ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new (s, seed, NULL, 0, &error);
      g_autoptr(MuDice) rng = mu_policy_rng_new (seed);
      guint n = 0;

      g_assert_no_error (error);
      while (!mu_match_is_over (m) && n++ < 500)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          const MuReactionWindow *w = mu_match_get_reaction (m);
          const MuDecision *d = mu_match_get_pending (m);
          const MuCommand *c;
          gboolean in_window = w != NULL && d == NULL;

          g_assert_cmpuint (legal->len, >, 0);
          if (in_window)
            {
              windows += w->reactions == 0;
              g_assert_cmpstr (mu_match_get_awaited (m), ==, w->side);
            }
          c = mu_policy_choose (m, legal, rng, seed % 2 ? MU_POLICY_GREEDY : MU_POLICY_RANDOM);
          g_assert_nonnull (c);
          if (in_window && g_str_equal (mu_command_get_verb (c), "pass"))
            passes++;
          else if (in_window)
            reactions++;
          if (d && d->kind == MU_ANSWER_COMMAND && g_str_equal (mu_command_get_verb (c), "fire"))
            answers++;
          {
            guint given = in_window ? w->reactions : 0;
            gboolean reacted = in_window && !g_str_equal (mu_command_get_verb (c), "pass");

            mu_match_apply (m, c, NULL, &error);
            g_assert_no_error (error);
            /* a reaction opens no window: one still open is the same, one more given */
            if (reacted && mu_match_get_reaction (m) != NULL)
              {
                g_assert_cmpuint (mu_match_get_reaction (m)->reactions, ==, given + 1);
                still_open++;
              }
          }
          mu_match_check_invariants (m, &error);
          g_assert_no_error (error);
        }
      over += mu_match_is_over (m);
    }
  g_test_message ("40 matches: %u over, %u windows, %u reactions (%u leaving it open), %u passes, "
                  "%u command answers", over, windows, reactions, still_open, passes, answers);
  g_assert_cmpuint (over, ==, 40);
  g_assert_cmpuint (windows, >, 0);
  g_assert_cmpuint (reactions, >, 0);
  g_assert_cmpuint (answers, >, 0);
  g_assert_cmpuint (passes, >, 0);
}

/* A ruleset that gives only part of the reaction functions is refused. */
static void
test_partial_ruleset (void)
{
  g_autoptr(MuScenario) s = load_scenario ();
  g_autoptr(GError) error = NULL;
  MuRuleset partial = test_react_ruleset;
  g_autoptr(MuMatch) m = NULL;

  partial.react = NULL;
  m = mu_match_new_with_ruleset (&partial, s, 1, NULL, 0, &error);
  g_assert_null (m);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
}

/* A ruleset that plays (state_new and apply) but lacks a function every
 * match calls is refused by name, not left to crash at its first call;
 * one without a move tool or targets plays, and the board is told there
 * is nothing to drag or aim at. */
static void
test_missing_functions (void)
{
  g_autoptr(MuScenario) s = load_scenario ();
  g_autoptr(GError) error = NULL;
  MuRuleset lacking = test_react_ruleset;
  MuRuleset bare = test_react_ruleset;
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GPtrArray) targets = NULL;

  lacking.counters = NULL;
  m = mu_match_new_with_ruleset (&lacking, s, 1, NULL, 0, &error);
  g_assert_null (m);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "gives no counters"));
  g_clear_error (&error);

  bare.legal_moves = NULL;
  bare.legal_targets = NULL;
  m = mu_match_new_with_ruleset (&bare, s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);
  moves = mu_match_legal_moves (m, "r1");
  targets = mu_match_legal_targets (m, "r1");
  g_assert_cmpuint (moves->len, ==, 0);
  g_assert_cmpuint (targets->len, ==, 0);
  /* its commands still say what it may do */
  g_assert_true (mu_match_apply_line (m, "fire r1 b1", NULL, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/react/number-answer", test_number_answer);
  g_test_add_func ("/engine/react/read-number", test_read_number);
  g_test_add_func ("/engine/react/window", test_window);
  g_test_add_func ("/engine/react/save-replay", test_save_replay);
  g_test_add_func ("/engine/react/simulate", test_simulate);
  g_test_add_func ("/engine/react/partial-ruleset", test_partial_ruleset);
  g_test_add_func ("/engine/react/missing-functions", test_missing_functions);
  return g_test_run ();
}
