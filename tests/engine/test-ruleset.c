/* test-ruleset.c: the ruleset registry and the descriptions every ruleset
 * gives (the one source of truth for the checker, the dialogs, the editor
 * and the simulator). */
#define G_LOG_DOMAIN "test-ruleset"

#include "config.h"

#include "mu-error.h"
#include "mu-match.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"

#include <string.h>

static void
check_steps (const MuStepInfo *steps,
             guint             n,
             const char       *prefix,
             const MuTurnStructure *turns)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = prefix ? g_strdup_printf ("%s/%s", prefix, steps[i].id)
                                     : g_strdup (steps[i].id);

      g_assert_nonnull (steps[i].id);
      g_assert_nonnull (steps[i].name);
      g_assert_null (strchr (steps[i].id, '/'));
      /* every step is found again by its path */
      g_assert_true (mu_turn_structure_find_step (turns, path) == &steps[i]);
      if (steps[i].n_steps)
        check_steps (steps[i].steps, steps[i].n_steps, path, turns);
    }
}

/* Every ruleset of ARCHITECTURE.md is registered, first and in its order,
 * and every registered one (a new ruleset is one more word in
 * src/engine/rules/meson.build, after them) with its board, options (each
 * naming its rule), turn structure and values. */
static void
test_registry (void)
{
  const char *const ids[] = { "baa-hex", "baa-table", "mn-acw", "toy-soldiers", "regimental" };
  const MuRuleset *const *list = mu_ruleset_list ();
  g_autofree char *all = mu_ruleset_list_ids ();
  guint n = 0;

  for (; list[n]; n++)
    {
      const MuRuleset *rs = list[n];

      if (n < G_N_ELEMENTS (ids))
        g_assert_cmpstr (rs->id, ==, ids[n]);
      g_assert_true (mu_ruleset_find (rs->id) == rs);
      g_assert_nonnull (rs->name);
      g_assert_nonnull (rs->turns);
      g_assert_cmpuint (rs->turns->n_steps, >, 0);
      check_steps (rs->turns->steps, rs->turns->n_steps, NULL, rs->turns);
      if (rs->turns->side_order == MU_SIDE_ORDER_FIXED)
        g_assert_nonnull (rs->turns->fixed_sides);
      for (guint i = 0; i < rs->n_options; i++)
        {
          const MuRuleOptionInfo *o = &rs->options[i];

          g_assert_nonnull (o->key);
          g_assert_nonnull (o->rule);
          g_assert_true (mu_ruleset_find_option (rs, o->key) == o);
          if (o->type == MU_OPTION_NUMBER)
            g_assert_true (o->min <= o->default_number && o->default_number <= o->max);
        }
      for (guint i = 0; i < rs->n_fields; i++)
        if (rs->fields[i].type == MU_FIELD_INT || rs->fields[i].type == MU_FIELD_NUMBER)
          g_assert_cmpint (rs->fields[i].min, <=, rs->fields[i].max);
        else if (rs->fields[i].type == MU_FIELD_ENUM || rs->fields[i].type == MU_FIELD_FLAGS)
          g_assert_nonnull (rs->fields[i].values);
        else
          /* a switch, a line of text, a counter's id: no words to choose from */
          g_assert_null (rs->fields[i].values);
      for (guint i = 0; i < rs->n_verbs; i++)
        g_assert_true (mu_ruleset_find_verb (rs, rs->verbs[i].verb) == &rs->verbs[i]);
      g_assert_true (strstr (all, rs->id) != NULL);
    }
  g_assert_cmpuint (n, >=, G_N_ELEMENTS (ids));
  g_assert_null (mu_ruleset_find ("chess"));
  g_assert_true (mu_ruleset_find ("baa-hex")->board == MU_BOARD_HEX);
  g_assert_true (mu_ruleset_can_play (mu_ruleset_find ("baa-hex")));
  for (guint i = 1; i < G_N_ELEMENTS (ids); i++)
    {
      g_assert_true (mu_ruleset_find (ids[i])->board == MU_BOARD_TABLE);
      /* every tabletop ruleset plays */
      g_assert_true (mu_ruleset_can_play (mu_ruleset_find (ids[i])));
    }
}

/* The descriptions carry what a phase tracker needs for every system:
 * initiative each turn, secret steps, nested procedures, resources. */
static void
test_turns (void)
{
  const MuTurnStructure *mn = mu_ruleset_find ("mn-acw")->turns;
  const MuTurnStructure *ts = mu_ruleset_find ("toy-soldiers")->turns;
  const MuTurnStructure *qrs = mu_ruleset_find ("regimental")->turns;
  const MuStepInfo *step;

  /* MN-INI-1, MN-ACT-1 */
  g_assert_true (mn->side_order == MU_SIDE_ORDER_INITIATIVE);
  step = mu_turn_structure_find_step (mn, "player-turn");
  g_assert_true (step->flags & MU_STEP_PER_SIDE);
  g_assert_cmpstr (mn->resources[0].id, ==, "activation");
  /* TS-STATE-3: chaos 1..6 per commander; TS-CHG-0: the charge sequence nests */
  g_assert_cmpint (ts->resources[1].min, ==, 1);
  g_assert_cmpint (ts->resources[1].max, ==, 6);
  step = mu_turn_structure_find_step (ts, "player-turn/charge");
  g_assert_true (step->flags & MU_STEP_PROCEDURE);
  g_assert_nonnull (mu_turn_structure_find_step (ts, "player-turn/charge/contact"));
  /* QRS-ORD-1: orders are marked in secret (TAB-19, TAB-20) */
  step = mu_turn_structure_find_step (qrs, "orders");
  g_assert_true (step->actors == MU_STEP_BOTH_SECRET);
  g_assert_cmpint (qrs->minutes_per_turn, ==, 20);
  g_assert_null (mu_turn_structure_find_step (qrs, "orders/nothing"));
  g_assert_null (mu_turn_structure_find_step (qrs, ""));
}

/* A ruleset that is described but cannot be played yet refuses to start a
 * match and says why. Every registered ruleset plays now, so the test makes
 * one: a copy of baa-table's table without its play functions. The shipped
 * table scenario plays with the registry's table and checks without the
 * "cannot be played yet" warning. */
static void
test_not_playable (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "henry-house-hill-table.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autoptr(MuMatch) m = NULL;
  MuRuleset described;

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);
      g_assert_null (strstr (p->message, "cannot be played yet"));
    }
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);
  g_clear_pointer (&m, mu_match_free);

  described = *mu_ruleset_find ("baa-table");
  described.state_new = NULL;
  described.apply = NULL;
  g_assert_false (mu_ruleset_can_play (&described));
  m = mu_match_new_with_ruleset (&described, s, 1, NULL, 0, &error);
  g_assert_null (m);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "cannot be played yet"));
}

/* A rule option's value against its declared type: on/off, a number in its
 * range, one of a list of words (no registered ruleset declares a choice
 * yet, so one is made here). */
static void
test_option_values (void)
{
  static const char *const formations[] = { "line", "column", NULL };
  const MuRuleOptionInfo number = { "t.dice", "Dice", "", "T-1", MU_RULE_SPECIAL, FALSE,
                                    MU_OPTION_NUMBER, 1, 6, 2, NULL };
  const MuRuleOptionInfo choice = { "t.formation", "Formation", "", "T-2", MU_RULE_SPECIAL, FALSE,
                                    MU_OPTION_CHOICE, 0, 0, 0, formations };
  const MuRuleOptionInfo onoff = { "t.rule", "Rule", "", "T-3", MU_RULE_OPTIONAL, TRUE,
                                   MU_OPTION_BOOLEAN, 0, 0, 0, NULL };
  static const struct {
    const char *value;      /* NULL: enabled="true" */
    const char *error;      /* NULL: accepted */
  } cases[] = {
    { "1", NULL }, { "6", NULL }, { "0", "is “0”: it takes a whole number from 1 to 6" },
    { "7", "from 1 to 6" }, { "-1", "from 1 to 6" }, { "2.5", "from 1 to 6" },
    { "x", "is “x”" }, { NULL, "takes a whole number from 1 to 6: write value=" },
  };
  const MuRuleOptionInfo *infos[] = { &number, &choice, &onoff };
  const char *const values[][3] = {
    /* value, wanted error (NULL: accepted), info index */
    { "column", NULL, "1" }, { "line", NULL, "1" },
    { "square", "rule option “t.formation” is “square”: it takes one of: line, column", "1" },
    { NULL, "takes one of: line, column; write value=", "1" },
    { NULL, NULL, "2" }, { "3", "is on or off: write enabled=", "2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MuRuleOption) o = cases[i].value ? mu_rule_option_new_value ("t.dice", cases[i].value)
                                                 : mu_rule_option_new ("t.dice", TRUE);
      g_autofree char *why = mu_rule_option_check (&number, o);

      if (cases[i].error == NULL)
        g_assert_null (why);
      else
        g_assert_nonnull (strstr (why ? why : "", cases[i].error));
    }
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      const MuRuleOptionInfo *info = infos[values[i][2][0] - '0'];
      g_autoptr(MuRuleOption) o = values[i][0] ? mu_rule_option_new_value (info->key, values[i][0])
                                               : mu_rule_option_new (info->key, TRUE);
      g_autofree char *why = mu_rule_option_check (info, o);

      if (values[i][1] == NULL)
        g_assert_null (why);
      else
        g_assert_nonnull (strstr (why ? why : "", values[i][1]));
    }
}

/* The markers and statuses a ruleset declares are well formed, and a
 * baa-hex match uses no other: every marker word of every counter view,
 * every marker event and breach, and every status seen in random matches
 * of scenarios with pinning, rails, fatigue and breaches is declared; and
 * every counter marker declared is seen. */
static void
test_markers (void)
{
  static const char *const files[] = {
    "scenarios/first-manassas.muster", "scenarios/learning-blackburns-ford.muster",
    "tests/fixtures/rules/baa-hex/rail.muster", "tests/fixtures/rules/baa-hex/fatigue.muster",
    "tests/fixtures/rules/baa-hex/breach.muster", "tests/fixtures/rules/baa-hex/pinned.muster",
    "tests/fixtures/rules/baa-hex/melee.muster", "tests/fixtures/rules/baa-hex/stack.muster",
  };
  const MuRuleset *const *all = mu_ruleset_list ();
  const MuRuleset *rs = mu_ruleset_find ("baa-hex");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; all[r]; r++)
    for (guint i = 0; i < all[r]->n_markers; i++)
      {
        const MuMarkerInfo *k = &all[r]->markers[i];

        g_assert_nonnull (k->id);
        g_assert_nonnull (k->name);
        g_assert_nonnull (k->description);
        g_assert_true (k->glyph && *k->glyph && strlen (k->glyph) <= 4);
        g_assert_true (k->rule && *k->rule);
        g_assert_true (mu_ruleset_find_marker (all[r], k->id) == k);
      }
  g_assert_cmpuint (rs->n_markers, >=, 5);
  /* statuses: words unique within a ruleset, named, and a marker they show declared */
  for (guint r = 0; all[r]; r++)
    {
      guint n;
      const MuStatusInfo *st = mu_ruleset_statuses (all[r], &n);

      g_assert_cmpuint (n, >=, 2);
      for (guint i = 0; i < n; i++)
        {
          g_assert_true (st[i].id && *st[i].id);
          g_assert_nonnull (st[i].name);
          g_assert_nonnull (st[i].description);
          g_assert_true (mu_ruleset_find_status (all[r], st[i].id) == &st[i]);
          g_assert_true (st[i].marker == NULL || mu_ruleset_find_marker (all[r], st[i].marker));
        }
      /* the word a placed counter starts in */
      g_assert_true (mu_status_has (mu_ruleset_find_status (all[r], "active"), MU_STATUS_IN_PLAY));
    }

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint seed = 1; seed <= 3; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) m = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        const GPtrArray *events;

        g_assert_no_error (error);
        for (guint n = 0; n < 500 && !mu_match_is_over (m); n++)
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
            GArray *views = mu_match_get_counters (m);

            for (guint i = 0; i < views->len; i++)
              {
                const MuCounterView *v = &g_array_index (views, MuCounterView, i);
                g_auto(GStrv) words = g_strsplit (v->markers, ",", -1);

                const MuStatusInfo *st = v->status;

                /* one of the ruleset's own declarations, found by its word */
                g_assert_nonnull (st);
                g_assert_true (mu_ruleset_find_status (rs, st->id) == st);
                /* a status's marker is drawn on the counter: declared, and seen */
                if (st->marker)
                  {
                    g_assert_nonnull (mu_ruleset_find_marker (rs, st->marker));
                    g_hash_table_add (seen, g_strdup (st->marker));
                  }
                for (guint w = 0; words[w]; w++)
                  if (*words[w])
                    {
                      const MuMarkerInfo *k = mu_ruleset_find_marker (rs, words[w]);

                      if (k == NULL || k->place != MU_MARKER_ON_COUNTER)
                        g_error ("%s: marker “%s” of %s is not declared", files[f], words[w], v->id);
                      g_hash_table_add (seen, g_strdup (words[w]));
                    }
              }
            g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len)),
                                           NULL, &error));
            g_assert_no_error (error);
          }
        events = mu_match_get_events (m);
        for (guint i = 0; i < events->len; i++)
          {
            const MuEvent *e = g_ptr_array_index (events, i);
            const char *field = NULL;

            /* the kind is the ruleset's declaration (or the engine's own),
             * and it fills only the fields it declares */
            if (mu_ruleset_find_event_kind (rs, mu_event_get_kind_word (e)) != e->info)
              g_error ("%s: event kind “%s” is not declared", files[f], mu_event_get_kind_word (e));
            if (!mu_event_check_fields (e, &field))
              g_error ("%s: a “%s” event fills %s, which its kind does not declare", files[f],
                       mu_event_get_kind_word (e), field);
            if (e->info->flags & MU_EVENT_KIND_MARKER)
              {
                const MuMarkerInfo *k = mu_ruleset_find_marker (rs, e->text);

                if (k == NULL || k->place != MU_MARKER_ON_COUNTER)
                  g_error ("%s: marker event “%s” is not declared", files[f], e->text);
              }
            if (mu_event_is (e, "breached"))
              {
                g_assert_nonnull (mu_ruleset_find_marker (rs, "breached"));
                g_assert_cmpint (mu_ruleset_find_marker (rs, "breached")->place, ==, MU_MARKER_ON_BOARD);
              }
          }
      }
  for (guint i = 0; i < rs->n_markers; i++)
    if (rs->markers[i].place == MU_MARKER_ON_COUNTER && !g_hash_table_contains (seen, rs->markers[i].id))
      g_error ("marker “%s” is declared but never seen", rs->markers[i].id);
}

/* A number decision: whole numbers by default, decimals in steps (a table
 * distance to 0.01, TAB-3); the state line tells the step. */
typedef struct {
  GArray *none;
  MuDecision decision;
} NumberState;

static void
number_position (gpointer state, MuPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->bound = 1;
}

static const MuDecision *
number_pending (gpointer state)
{
  return &((NumberState *) state)->decision;
}

static GArray *
number_nothing (gpointer state)
{
  return ((NumberState *) state)->none;
}

static void
number_victory (gpointer state, MuResult *result)
{
  memset (result, 0, sizeof *result);
}

static void
test_number_answers (void)
{
  static const char *const none[] = { NULL };
  const MuRuleset rs = {
    .id = "numbers", .position = number_position, .pending = number_pending,
    .counters = number_nothing, .objectives = number_nothing, .victory = number_victory,
  };
  NumberState st = {
    g_array_new (FALSE, FALSE, sizeof (MuCounterView)),
    { "usa", "distance", NULL, "How far?", none, MU_ANSWER_NUMBER, 0, 12, FALSE, 0.01 },
  };
  struct { double step; const char *answer; gboolean ok; double value; } cases[] = {
    { 0, "7", TRUE, 7 },
    { 0, "7.5", FALSE, 0 },
    { 1, "12", TRUE, 12 },
    { 0, "13", FALSE, 0 },
    { 0, "-1", FALSE, 0 },
    { 0, "seven", FALSE, 0 },
    { 0, "", FALSE, 0 },
    { 0.01, "7.90", TRUE, 7.9 },
    { 0.01, "7.9", TRUE, 7.9 },
    { 0.01, "-0.01", FALSE, 0 },
    { 0.01, "12.00", TRUE, 12 },
    { 0.01, "12.01", FALSE, 0 },
    { 0.25, "0.75", TRUE, 0.75 },
    { 0.25, "0.7", FALSE, 0 },
    { 0.01, "nan", FALSE, 0 },
    { 0.01, "1e1", TRUE, 10 },
    /* the C library reads hexadecimal too; a player's answer is decimal */
    { 0, "0x6", FALSE, 0 },
    { 0.01, "0x1p2", FALSE, 0 },
    { 0, "inf", FALSE, 0 },
    { 0, "1e309", FALSE, 0 },
  };
  g_autofree char *line = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      double v = -99;

      MuArg arg = { .kind = MU_ARG_WORD, .word = (char *) cases[i].answer };

      st.decision.step = cases[i].step;
      /* a decimal answer's range is low..high; whole numbers keep min..max */
      st.decision.low = 0;
      st.decision.high = 12;
      g_test_message ("step %g: “%s”", cases[i].step, cases[i].answer);
      g_assert_cmpint (mu_decision_read_number (&st.decision, &arg, &v, &error), ==, cases[i].ok);
      if (cases[i].ok)
        {
          g_assert_no_error (error);
          g_assert_cmpfloat_with_epsilon (v, cases[i].value, 1e-9);
        }
      else
        g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
    }
  st.decision.step = 0.01;
  st.decision.low = 0;
  st.decision.high = 12;
  line = mu_ruleset_format_state (&rs, &st, NULL);
  g_assert_nonnull (strstr (line, "decision distance side=usa answers= kind=number min=0 max=12 step=0.01\n"));
  g_free (line);
  /* whole numbers keep the line they had */
  st.decision.step = 0;
  line = mu_ruleset_format_state (&rs, &st, NULL);
  g_assert_nonnull (strstr (line, "decision distance side=usa answers= kind=number min=0 max=12\n"));
  g_array_unref (st.none);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/ruleset/registry", test_registry);
  g_test_add_func ("/engine/ruleset/turns", test_turns);
  g_test_add_func ("/engine/ruleset/not-playable", test_not_playable);
  g_test_add_func ("/engine/ruleset/markers", test_markers);
  g_test_add_func ("/engine/ruleset/option-values", test_option_values);
  g_test_add_func ("/engine/ruleset/number-answers/TAB-3", test_number_answers);
  return g_test_run ();
}
