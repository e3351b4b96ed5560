/* test-toy-soldiers.c: toy-soldiers plays whole matches: computer sides
 * play both scenarios from start to end, the invariants holding after every event,
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
#include "mu-table-stand.h"

#include "legal-lines.h"
#include "play-matches.h"

#include "rules/mu-rulesets.h"
#include "toy-soldiers-private.h"

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
  play_matches (&mu_ruleset_toy_soldiers, "TS", FALSE, path, policy, fallback);
}

static void
test_learning (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "learning-ts-hokes-run.muster", NULL);

  play (path, MU_POLICY_GREEDY, 4);
  play (path, MU_POLICY_RANDOM, 4);
}

static void
test_balls_bluff (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "ts-balls-bluff.muster", NULL);

  play (path, MU_POLICY_GREEDY, 2);
  play (path, MU_POLICY_RANDOM, 2);
}

/* One random-policy match of Ball's Bluff from seed, as `muster-cli
 * simulate --seed SEED --policy random` plays its first: the invariants
 * hold after every event (TAB-11: no stands overlapping). */
static void
play_seed (guint64 seed)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios", "ts-balls-bluff.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&mu_ruleset_toy_soldiers, scenario, seed, NULL, 0, &error);
  g_autoptr(MuDice) rng = mu_policy_rng_new (seed);

  g_assert_no_error (error);
  mu_match_check_each_event (m, TRUE);
  for (guint n = 0; n < 5000 && !mu_match_is_over (m); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_RANDOM);

      g_assert_nonnull (c);
      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
      if (!mu_match_check_invariants (m, &error))
        {
          g_autofree char *line = mu_command_to_string (c);

          g_test_message ("seed %" G_GUINT64_FORMAT ", after “%s”: %s", seed, line, error->message);
        }
      g_assert_no_error (error);
    }
  g_assert_true (mu_match_is_over (m));
}

/* TS-POL-2, TS-AMB-51, TAB-11: a refused passage stops the mover at its
 * first contact, which rounded lay inside the passed battery (seed 14). */
static void
test_refused_passage (void)
{
  play_seed (14);
}

/* TS-OBS-1, TS-AMB-52, TAB-11: a withdrawal whose end layout is blocked
 * is one movement with the stands it detaches; the invariants were
 * checked between the step and the detaching (seed 36). */
static void
test_blocked_withdrawal (void)
{
  play_seed (36);
}

/* TS-ACT-2: what the phase tracker tells of the action economy, each
 * commander of the side playing with his chaos and the types his units
 * have spent, never compulsory (a unit need not act). */
static void
test_types_spent (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "e-reorder.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&mu_ruleset_toy_soldiers, scenario, 1, NULL, 0, &error);
  static const char *const lines[] = { "end-phase", "fire u1 r1" };
  g_autoptr(GArray) before = NULL, after = NULL;
  const MuTodo *t;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(MuCommand) c = mu_command_parse (&mu_ruleset_toy_soldiers, lines[i], &error);

      g_assert_no_error (error);
      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
      if (i == 0)
        before = mu_match_get_outstanding (m);
    }
  /* the fire's decisions (threats) answered by their first answer */
  while (mu_match_get_pending (m) != NULL)
    {
      g_autofree char *line = g_strdup_printf ("choose %s", mu_match_get_pending (m)->answers[0]);
      g_autoptr(MuCommand) c = mu_command_parse (&mu_ruleset_toy_soldiers, line, &error);

      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
    }
  after = mu_match_get_outstanding (m);
  /* one commander on the side playing */
  g_assert_cmpuint (before->len, ==, 1);
  t = &g_array_index (before, MuTodo, 0);
  g_assert_cmpstr (t->rule, ==, "TS-ACT-2");
  g_assert_false (t->compulsory || t->lost_on_end);
  g_assert_cmpint (t->count, ==, 0);
  g_assert_nonnull (strstr (t->text, "Blue colonel, chaos 2"));
  g_assert_cmpuint (after->len, ==, 1);
  t = &g_array_index (after, MuTodo, 0);
  g_assert_cmpint (t->count, ==, 1);
  g_assert_false (t->compulsory || t->lost_on_end);
  g_assert_nonnull (strstr (t->text, "spent fire"));
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
  m = ts_match_new (&mu_ruleset_toy_soldiers, scenario, d, events, &error);
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

/* TS-AMB-7: a rout is an event, not a lasting status: the routed unit
 * is on the table as any other, shown active, and acts as before (its
 * disorder of 6 aside). */
static void
test_rout_event (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "e-rout.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m = ts_match_new (&mu_ruleset_toy_soldiers, scenario, d, events, &error);
  TsUnit *u1;
  GArray *views;
  gboolean seen = FALSE;

  g_assert_no_error (error);
  u1 = ts_find (m, "u1");
  ts_rout (m, u1, 0, events);
  g_assert_true (ts_in_play (u1));
  g_assert_false (u1->dispersed);
  views = mu_ruleset_toy_soldiers.counters (m);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->id, "u1") != 0)
        continue;
      seen = TRUE;
      g_assert_cmpstr (v->status->id, ==, "active");
    }
  g_assert_true (seen);
  /* its side's player-turn: it may take its action like any unit */
  g_assert_cmpint (ts_active_side (m), ==, u1->side);
  g_assert_true (ts_may_act (m, u1, TS_ACT_REORDER, 0, &error));
  g_assert_no_error (error);
  ts_match_free (m);
}

/* TS-SKM-6, TS-STATE-5, TS-AMB-86: a battalion whose command stand goes
 * has no skirmishers left: they go before it, and with it when the unit
 * leaves the table. */
static void
test_command_stand_lost (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "e-rout.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m = ts_match_new (&mu_ruleset_toy_soldiers, scenario, d, events, &error);
  TsUnit *u1, *u4;

  g_assert_no_error (error);
  u1 = ts_find (m, "u1");
  u4 = ts_find (m, "u4");
  for (TsUnit **pu = (TsUnit *[]) { u1, u4, NULL }; *pu; pu++)
    {
      TsUnit *u = *pu;
      MuPoint f = mu_facing_vector (u->facing);

      /* one stand out as skirmishers, 2" ahead of the command stand */
      g_assert_cmpint (u->stands, >=, 2);
      u->skirm[0] = u->st[0];
      u->skirm[0].centre.x += f.x * 2;
      u->skirm[0].centre.y += f.y * 2;
      u->n_skirm = 1;
      ts_layout (m, u);
      g_assert_true (ts_check_invariants (m, &error));
    }
  /* stress overflow until the command stand goes */
  ts_add_stress (m, u1, 60, "TS-STATE-2", events);
  g_assert_true (u1->dispersed);
  g_assert_cmpint (u1->n_skirm, ==, 0);
  g_assert_cmpint (u1->lost_pool, ==, u1->stands_max);
  /* off the table with its command stand (TAB-18) */
  ts_off_table (m, u4);
  g_assert_true (u4->dispersed);
  g_assert_cmpint (u4->n_skirm, ==, 0);
  g_assert_true (ts_check_invariants (m, &error));
  g_assert_no_error (error);
  ts_match_free (m);
}

/* TS-STATE-5, TS-AMB-85: a battalion whose command stand is lost outside
 * is eliminated, its companies in a block with it; the block is empty
 * again. */
static void
test_garrison_dispersed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "village.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m = ts_match_new (&mu_ruleset_toy_soldiers, scenario, d, events, &error);
  int bi;
  TsBlock *b;
  TsUnit *u1;

  g_assert_no_error (error);
  u1 = ts_find (m, "u1");
  bi = ts_block_find (m, "town");
  b = ts_block_at (m, bi);
  g_assert_nonnull (b);
  /* 3 of its 6 companies in the block, as garrison u1 town 3 leaves it */
  b->unit = ts_unit_index (m, u1);
  b->companies = 3;
  b->stress = 2;
  u1->block = bi;
  u1->stands -= 3;
  ts_layout (m, u1);
  ts_blocks_sync (m);
  g_assert_true (ts_check_invariants (m, &error));
  ts_add_stress (m, u1, 60, "TS-STATE-2", events);
  g_assert_true (u1->dispersed);
  g_assert_cmpint (b->unit, ==, TS_NONE);
  g_assert_cmpint (u1->block, ==, TS_NONE);
  g_assert_cmpint (u1->lost_pool, ==, 6);
  g_assert_null (mu_table_state_area ((MuTableState *) mu_ruleset_toy_soldiers.table_state (m), "town")->garrison);
  g_assert_true (ts_check_invariants (m, &error));
  g_assert_no_error (error);
  ts_match_free (m);
}

/* TS-VIL-2, TS-STATE-2, TS-STATE-5: a garrison's own stress die
 * overflows into its companies; the last one, with the command stand in
 * the block, disperses the battalion and empties the block. */
static void
test_garrison_overflow (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "ex04-village.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m = ts_match_new (&mu_ruleset_toy_soldiers, scenario, d, events, &error);
  int bi = ts_block_find (m, "barn");
  TsBlock *b = ts_block_at (m, bi);
  TsUnit *v1 = ts_find (m, "v1");

  g_assert_no_error (error);
  /* v1 starts as the barn's garrison, all three companies, stress 5 */
  g_assert_cmpint (b->unit, ==, ts_unit_index (m, v1));
  g_assert_cmpint (b->companies, ==, 3);
  g_assert_true (b->command);
  g_assert_cmpint (b->stress, ==, 5);
  /* 5 + 2: 6, then a company lost and 5 */
  ts_block_add_stress (m, bi, 2, "TS-RCV-5", events);
  g_assert_cmpint (b->companies, ==, 2);
  g_assert_cmpint (b->stress, ==, 5);
  g_assert_cmpint (v1->lost_pool, ==, 1);
  g_assert_true (ts_check_invariants (m, &error));
  ts_block_add_stress (m, bi, 20, "TS-RCV-5", events);
  g_assert_true (v1->dispersed);
  g_assert_cmpint (b->unit, ==, TS_NONE);
  g_assert_cmpint (v1->lost_pool, ==, 3);
  g_assert_true (ts_check_invariants (m, &error));
  g_assert_no_error (error);
  ts_match_free (m);
}

/* TS-VIL-2: a battalion wholly inside a block takes its commands by the
 * block's id; selected on the board by its own id, it is asked for its
 * actions by that, which hold the block's reorder, fire and leave (and
 * nothing of the other side's). */
static void
test_garrison_actions (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "ex04-village.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (scenario, 1, NULL, 0, &error);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GPtrArray) enemy = NULL;
  guint n_block = 0;

  g_assert_no_error (error);
  /* to the units step of v1's side, as the village-whole probe */
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  all = mu_match_legal_commands (m);
  actions = mu_match_legal_actions (m, "v1");
  g_assert_true (has_command (all, "reorder barn"));
  g_assert_true (has_command (actions, "reorder barn"));
  /* every legal command naming the block is among them */
  for (guint i = 0; i < all->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (all, i);
      g_autofree char *text = mu_command_to_string (c);

      if (g_strcmp0 (mu_command_word (c, 0), "barn") == 0)
        {
          g_assert_true (has_command (actions, text));
          n_block++;
        }
    }
  g_assert_cmpuint (n_block, >=, 1);
  /* the other side's unit is not given the block's commands */
  enemy = mu_match_legal_actions (m, "e1");
  g_assert_false (has_command (enemy, "reorder barn"));
}

/* A match of the fixture scenario NAME.muster after the command lines. */
static MuMatch *
fixture_match (const char         *name,
               const char * const *lines)
{
  g_autofree char *file = g_strdup_printf ("%s.muster", name);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers", file, NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(GError) error = NULL;
  MuMatch *m = mu_match_new (scenario, 1, NULL, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; lines[i]; i++)
    {
      g_assert_true (mu_match_apply_line (m, lines[i], NULL, &error));
      g_assert_no_error (error);
    }
  return m;
}

/* The first of the commands whose verb and first word are these, or NULL. */
static const MuCommand *
find_command (GPtrArray  *commands,
              const char *verb,
              const char *word)
{
  for (guint i = 0; i < commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (commands, i);

      if (g_str_equal (mu_command_get_verb (c), verb) && g_strcmp0 (mu_command_word (c, 0), word) == 0)
        return c;
    }
  return NULL;
}

/* TS-CHG-3, TS-CHG-6, TS-AMB-85: a garrison's reactions are offered by its
 * block's id: at 12" its reorder (not its fire: 2 bands from a village),
 * at 6" its volley by the block's faces. */
static void
test_garrison_reactions_listed (void)
{
  static const char *const lines[] = { "end-phase", "charge u1 town @24.00,25.00/0.0", "launch", NULL };
  g_autoptr(MuMatch) m = fixture_match ("p2-village-react", lines);
  g_autoptr(GPtrArray) at12 = mu_match_legal_commands (m);
  g_autoptr(GPtrArray) at6 = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (has_command (at12, "react-reorder town"));
  g_assert_false (has_command (at12, "react-fire town u1"));
  g_assert_null (find_command (at12, "react-form", "town"));
  /* the defender's step ends, then the attacker's abort step: stage 5 */
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  at6 = mu_match_legal_commands (m);
  g_assert_true (has_command (at6, "react-fire town u1"));
  g_assert_true (has_command (at6, "react-reorder town"));
}

/* TS-VIL-3, TS-AMB-85: a whole garrison's leaving (its command stand
 * placed outside the block) is offered within its reorder, and every
 * leave offered is accepted. */
static void
test_leave_whole_listed (void)
{
  static const char *const lines[] = { "end-phase", "reorder barn", "choose 1", NULL };
  g_autoptr(MuMatch) m = fixture_match ("ex04-village", lines);
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
  g_autoptr(GError) error = NULL;
  const MuCommand *leave = find_command (legal, "leave", "barn");
  g_autoptr(GPtrArray) after = NULL;

  g_assert_nonnull (leave);
  /* the command stand is placed (TS-AMB-85) */
  g_assert_cmpuint (mu_command_n_args (leave), ==, 2);
  g_assert_true (mu_match_apply (m, leave, NULL, &error));
  g_assert_no_error (error);
  after = mu_match_legal_commands (m);
  g_assert_null (find_command (after, "leave", "barn"));
  g_assert_null (find_command (after, "reorder", "barn"));
}

/* TS-CHG-3, TS-CHG-6, TS-AMB-49: a change of formation is among the
 * reactions offered (each other formation in place) where the rules
 * allow it, and both policies choose it where no volley or
 * counter-charge is open (a squadron charged: cavalry never fires). */
static void
test_react_form_listed (void)
{
  static const char *const lines[] = { "end-phase", "charge u1 c1 @24.00,24.25/0.0", "launch", "end-phase", NULL };
  static const MuPolicy policies[] = { MU_POLICY_RANDOM, MU_POLICY_GREEDY };
  g_autoptr(MuMatch) m = fixture_match ("p2-react-form", lines);
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
  g_autoptr(GError) error = NULL;
  const MuCommand *form = find_command (legal, "react-form", "c1");

  g_assert_nonnull (form);
  g_assert_cmpstr (mu_command_word (form, 1), ==, "column");
  for (guint p = 0; p < G_N_ELEMENTS (policies); p++)
    {
      gboolean picked = FALSE;

      for (guint64 seed = 1; seed <= 64 && !picked; seed++)
        {
          g_autoptr(MuDice) rng = mu_policy_rng_new (seed);
          const MuCommand *c = mu_policy_choose (m, legal, rng, policies[p]);

          g_assert_nonnull (c);
          picked = g_str_equal (mu_command_get_verb (c), "react-form");
        }
      g_assert_true (picked);
    }
  g_assert_true (mu_match_apply (m, form, NULL, &error));
  g_assert_no_error (error);
}

/* The counter's view among the match's, or NULL. */
static const MuCounterView *
find_view (const GArray *views,
           const char   *id)
{
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->id, id) == 0)
        return v;
    }
  return NULL;
}

/* Asserts that the view plans a move from its own position to `to`,
 * with its stands laid out around `to` at the end. */
static void
assert_plan (const MuCounterView *v,
             double               x,
             double               y,
             double               facing)
{
  const MuPos *end;
  MuPoint a;

  g_assert_nonnull (v);
  g_assert_cmpuint (v->n_plan, >=, 2);
  g_assert_true (mu_pos_equal (&v->plan[0], &v->pos));
  end = &v->plan[v->n_plan - 1];
  g_assert_true (end->is_point && end->has_facing);
  g_assert_cmpfloat_with_epsilon (end->point.x, x, 0.01);
  g_assert_cmpfloat_with_epsilon (end->point.y, y, 0.01);
  g_assert_cmpfloat_with_epsilon (end->facing, facing, 0.01);
  g_assert_cmpuint (v->n_plan_stands, >, 0);
  a = mu_stands_anchor (v->plan_stands, v->n_plan_stands);
  g_assert_cmpfloat_with_epsilon (a.x, x, 0.01);
  g_assert_cmpfloat_with_epsilon (a.y, y, 0.01);
}

/* TS-AMB-64, TS-AMB-65: a declared charger's view reports its path to
 * its contact pose and its stands there (the board draws them for both
 * sides), from where it stands as the stages move it; a counter-charger's
 * too (TS-CHG-6d); a unit charging nothing has no plan. */
static void
test_charge_plan (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "p2-react6.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (scenario, 1, NULL, 0, &error);
  g_autoptr(GArray) kept = NULL;
  const GArray *views;

  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  views = mu_match_get_counters (m);
  g_assert_cmpuint (find_view (views, "u1")->n_plan, ==, 0);
  g_assert_true (mu_match_apply_line (m, "charge u1 r1 @24.00,24.25/0.0", NULL, &error));
  g_assert_no_error (error);
  views = mu_match_get_counters (m);
  assert_plan (find_view (views, "u1"), 24.0, 24.25, 0.0);
  g_assert_cmpfloat_with_epsilon (find_view (views, "u1")->plan[0].point.y, 32.25, 0.01);
  g_assert_cmpuint (find_view (views, "r1")->n_plan, ==, 0);
  g_assert_null (find_view (views, "r1")->plan_stands);
  /* a copy keeps its own */
  kept = mu_counter_view_array_copy (views);
  assert_plan (find_view (kept, "u1"), 24.0, 24.25, 0.0);
  /* stage 5 moves it to 6 in: the path starts there */
  g_assert_true (mu_match_apply_line (m, "launch", NULL, &error));
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  views = mu_match_get_counters (m);
  assert_plan (find_view (views, "u1"), 24.0, 24.25, 0.0);
  g_assert_cmpfloat_with_epsilon (find_view (views, "u1")->plan[0].point.y, 30.25, 0.01);
  g_assert_true (mu_match_apply_line (m, "counter-charge c1 u1 @26.80,30.25/180.0", NULL, &error));
  g_assert_no_error (error);
  views = mu_match_get_counters (m);
  assert_plan (find_view (views, "c1"), 26.80, 30.25, 180.0);
  assert_plan (find_view (views, "u1"), 24.0, 24.25, 0.0);
}

/* The position names the step the charge stands at, the one the phase
 * tracker marks: a lone commander met by a stage move is asked his
 * escape (TS-AMB-57, TS-CDR-11) within that stage, before the reactions
 * it opens. At 6 in (TS-CHG-5) that is the 6" stage, not the window of
 * TS-CHG-6 after it, which opens once he has gone. */
static void
test_escape_step (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "p2-commander-6.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  static const int dice[] = { 3, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (scenario, 1, dice, G_N_ELEMENTS (dice), &error);
  static const char *const lines[] = { "end-phase", "charge u1 r1 @24.00,24.25/0.0", "launch", "end-phase" };
  MuPosition pos;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_true (mu_match_apply_line (m, lines[i], NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (mu_match_get_pending (m)->id, ==, "escape");
  mu_match_get_position (m, &pos);
  g_assert_cmpstr (pos.path, ==, "player-turn/charge/stage-6");
  g_assert_cmpstr (pos.awaited, ==, "csa");
  g_assert_null (pos.detail);
  g_assert_null (mu_match_get_reaction (m));
  g_assert_true (mu_match_apply_line (m, "choose @24.00,19.00", NULL, &error));
  g_assert_no_error (error);
  g_assert_null (mu_match_get_pending (m));
  mu_match_get_position (m, &pos);
  g_assert_cmpstr (pos.path, ==, "player-turn/charge/react-6");
  g_assert_cmpstr (pos.detail, ==, "charge=6");
  g_assert_nonnull (mu_match_get_reaction (m));
}

/* TS-SKM-2: a unit may deploy and recall within one Reorder as its
 * disorder allows, and a player keeps both; a computer side choosing at
 * random leaves the recall of the screen it has just deployed (and the
 * deploy after a recall), which made it deploy and recall over and over. */
static void
test_policy_screen (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "e-open.muster", NULL);
  g_autoptr(MuScenario) scenario = load (path);
  static const int dice[] = { 4, 5, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (scenario, 1, dice, G_N_ELEMENTS (dice), &error);
  g_autoptr(MuCommand) recall = mu_command_parse (&mu_ruleset_toy_soldiers, "recall u1", NULL);
  g_autoptr(MuCommand) deploy = mu_command_parse (&mu_ruleset_toy_soldiers, "skirmish u1 @20.00,21.00", NULL);
  g_autoptr(MuCommand) end = mu_command_parse (&mu_ruleset_toy_soldiers, "end-phase", NULL);
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GPtrArray) two = g_ptr_array_new ();

  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_true (mu_match_apply_line (m, "reorder u1", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (mu_match_policy_avoids (m, recall));
  g_assert_true (mu_match_apply_line (m, "skirmish u1 @20.00,21.00", NULL, &error));
  g_assert_no_error (error);
  /* still the player's to give */
  legal = mu_match_legal_commands (m);
  g_assert_true (has_command (legal, "recall u1"));
  g_assert_true (mu_match_policy_avoids (m, recall));
  g_ptr_array_add (two, recall);
  g_ptr_array_add (two, end);
  for (guint64 seed = 1; seed <= 50; seed++)
    {
      g_autoptr(MuDice) rng = mu_policy_rng_new (seed);

      g_assert_true (mu_policy_choose (m, two, rng, MU_POLICY_RANDOM) == end);
    }
  /* alone it is still taken: the policy is never stuck */
  g_ptr_array_remove_index (two, 1);
  {
    g_autoptr(MuDice) rng = mu_policy_rng_new (1);

    g_assert_true (mu_policy_choose (m, two, rng, MU_POLICY_RANDOM) == recall);
  }
  /* a player recalls; the deploy that would follow is left in turn */
  g_assert_true (mu_match_apply_line (m, "recall u1", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (mu_match_policy_avoids (m, deploy));
  g_assert_false (mu_match_policy_avoids (m, recall));
}

/* TAB-4: every comparison of a distance allows 1e-6 of the unit
 * (MU_TABLE_EPSILON), as in the other table rulesets. A stand whose
 * corner lies 0.0000005 past the table's edge is on the table (TAB-18
 * takes a unit past it out of play); 0.000002 past, it is not. (Scenario
 * positions are read to 0.0001 and commands print 0.01, so the stand is
 * placed here.) */
static void
test_tolerance (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "actions.muster", NULL);
  g_autoptr(MuScenario) s = load (path);
  g_autoptr(MuDice) dice = mu_dice_new (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  g_autoptr(GError) error = NULL;
  TsMatch *m = ts_match_new (&mu_ruleset_toy_soldiers, s, dice, events, &error);
  static const struct { double beyond; gboolean within; } cases[] = { { 5e-7, TRUE }, { 2e-6, FALSE } };

  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      /* a 1 x 0.5 stand facing up the table, its left edge past x = 0,
       * then its top edge past y = 0 */
      MuStand st = { { 0.5 - cases[k].beyond, 10 }, 1, 0.5, 0, 0 };

      g_assert_cmpint (ts_on_table (m, &st, 1), ==, cases[k].within);
      st.centre = (MuPoint) { 10, 0.25 - cases[k].beyond };
      g_assert_cmpint (ts_on_table (m, &st, 1), ==, cases[k].within);
    }
  ts_match_free (m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/toy-soldiers/simulate/learning", test_learning);
  g_test_add_func ("/engine/toy-soldiers/simulate/balls-bluff", test_balls_bluff);
  g_test_add_func ("/engine/toy-soldiers/simulate/refused-passage/TS-POL-2/TS-AMB-51/TAB-11",
                   test_refused_passage);
  g_test_add_func ("/engine/toy-soldiers/simulate/blocked-withdrawal/TS-OBS-1/TS-AMB-52",
                   test_blocked_withdrawal);
  g_test_add_func ("/engine/toy-soldiers/outstanding/TS-ACT-2", test_types_spent);
  g_test_add_func ("/engine/toy-soldiers/rout/TS-GEN-7/TS-AMB-53/TS-ELAN-3/TS-CDR-12", test_rout);
  g_test_add_func ("/engine/toy-soldiers/rout/event/TS-AMB-7", test_rout_event);
  g_test_add_func ("/engine/toy-soldiers/village/dispersed/TS-STATE-5/TS-AMB-85", test_garrison_dispersed);
  g_test_add_func ("/engine/toy-soldiers/village/overflow/TS-VIL-2/TS-STATE-2/TS-STATE-5", test_garrison_overflow);
  g_test_add_func ("/engine/toy-soldiers/village/actions/TS-VIL-2", test_garrison_actions);
  g_test_add_func ("/engine/toy-soldiers/skirmishers/command-stand/TS-SKM-6/TS-STATE-5/TS-AMB-86",
                   test_command_stand_lost);
  g_test_add_func ("/engine/toy-soldiers/charge/plan/TS-AMB-64/TS-AMB-65/TS-CHG-6", test_charge_plan);
  g_test_add_func ("/engine/toy-soldiers/charge/escape-step/TS-AMB-57/TS-CDR-11/TS-CHG-5", test_escape_step);
  g_test_add_func ("/engine/toy-soldiers/legal/leave-whole/TS-VIL-3/TS-AMB-85", test_leave_whole_listed);
  g_test_add_func ("/engine/toy-soldiers/legal/react-form/TS-CHG-3/TS-CHG-6/TS-AMB-49", test_react_form_listed);
  g_test_add_func ("/engine/toy-soldiers/legal/garrison-reactions/TS-CHG-3/TS-CHG-6/TS-AMB-85",
                   test_garrison_reactions_listed);
  g_test_add_func ("/engine/toy-soldiers/policy/screen/TS-SKM-2", test_policy_screen);
  g_test_add_func ("/engine/toy-soldiers/tolerance/TAB-4/TAB-18", test_tolerance);
  return g_test_run ();
}
