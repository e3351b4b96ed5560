/* test-toy-soldiers-contact.c: contact resolution and melee (TS-CR, TS-MEL)
 * driven from the hand-over a charge makes (ts_contact_begin, TS-CHG-13),
 * with the units placed as a charge leaves them: the duel of
 * fixtures/rules/toy-soldiers/p2-duel.muster with u1 at 2" from r1,
 * u1 disorder 3 and stress 2, r1 stress 1 (TS-EX-13's numbers). */
#define G_LOG_DOMAIN "test-toy-soldiers-contact"

#include "config.h"

#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "legal-lines.h"
#include "mu-command.h"
#include "mu-problem.h"
#include "mu-scenario-xml.h"

#include "rules/mu-rulesets.h"
#include "toy-soldiers-private.h"

typedef struct {
  MuScenario *scenario;
  MuDice *dice;
  GPtrArray *events;
  TsMatch *m;
  TsUnit *u1, *r1, *r2;
} Duel;

/* With u1_stands > 0, u1 is a battalion of that many stands. */
static void
duel_open_sized (Duel *f, const char *file, int u1_stands, const int *dice, guint n)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 file, NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;

  f->scenario = mu_scenario_load_file (path, problems, &error);
  g_assert_no_error (error);
  if (u1_stands > 0)
    mu_scenario_find_counter (f->scenario, "u1")->strength = u1_stands;
  f->dice = mu_dice_new (1);
  mu_dice_force (f->dice, dice, n);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
  f->m = ts_match_new (&mu_ruleset_toy_soldiers, f->scenario, f->dice, f->events, &error);
  g_assert_no_error (error);
  f->m->check_events = TRUE;
  f->u1 = ts_find (f->m, "u1");
  f->r1 = ts_find (f->m, "r1");
  f->r2 = ts_find (f->m, "r2");
  g_ptr_array_set_size (f->events, 0);
}

static void
duel_open_file (Duel *f, const char *file, const int *dice, guint n)
{
  duel_open_sized (f, file, 0, dice, n);
}

static void
duel_open (Duel *f, const int *dice, guint n)
{
  duel_open_file (f, "p2-duel.muster", dice, n);
  /* as the charge leaves them (TS-CHG-2, TS-CHG-5, TS-CHG-9) */
  f->u1->anchor.y = 26.25 * f->m->inch;
  ts_layout (f->m, f->u1);
  f->u1->disorder = 3;
  f->u1->stress = 2;
  f->r1->stress = 1;
  g_ptr_array_set_size (f->events, 0);
}

static void
duel_close (Duel *f)
{
  ts_match_free (f->m);
  g_ptr_array_unref (f->events);
  mu_dice_free (f->dice);
  mu_scenario_free (f->scenario);
}

static void
begin (Duel *f)
{
  TsConflict k = { .n_pairs = 1 };
  int block = ts_garrisoned (f->m, f->r1) ? f->r1->block : TS_NONE;

  k.pair[0] = (TsPair) { ts_unit_index (f->m, f->u1), block != TS_NONE ? TS_NONE : ts_unit_index (f->m, f->r1),
                         block, FALSE };
  ts_contact_begin (f->m, &k, 1, f->events);
}

/* The pending decision's id and side, then `choose ANSWER`. */
static void
answer (Duel *f, const char *id, const char *side, const char *a)
{
  const MuDecision *d = ts_decision_view (f->m);
  g_autoptr(MuCommand) c = mu_command_new ("choose");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (d);
  g_assert_cmpstr (d->id, ==, id);
  g_assert_cmpstr (d->side, ==, side);
  mu_command_add_word (c, a);
  g_assert_true (ts_apply (f->m, c, f->events, &error));
  g_assert_no_error (error);
  g_assert_null (f->m->event_failure);
}

/* The first event whose line starts with `start`, NULL. */
static const MuEvent *
find (Duel *f, const char *start)
{
  for (guint i = 0; i < f->events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (f->events, i);
      g_autofree char *line = mu_event_to_string (e, NULL);

      if (g_str_has_prefix (line, start))
        return e;
    }
  return NULL;
}

/* A field as a front end reads it: the ruleset's words of an event's
 * text by their names (MuRuleset.event_words), the rest as the engine
 * writes it. */
static char *
field_words (const MuEvent *e, const char *field, gpointer data)
{
  g_autofree char *text = mu_event_field_text (e, field, NULL);
  const char *name = NULL;

  if (text && (g_str_equal (field, "text") || g_str_has_prefix (field, "text:")))
    name = mu_ruleset_event_word_name (&mu_ruleset_toy_soldiers, text);
  return name ? g_strdup (name) : g_steal_pointer (&text);
}

/* The log's sentence for the event reads as words: no engine field
 * (“vs=r1”) and no hyphenated engine word of its line (“cr-fall-back”;
 * English has its own, “counter-charging”). */
static void
assert_sentence (const MuEvent *e)
{
  g_autoptr(GRegex) word = g_regex_new ("[a-z]+(-[a-z0-9]+)+", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *line = mu_event_to_string (e, NULL);
  g_autofree char *s = NULL;

  if (e->kind == MU_EVENT_ROLL || e->kind == MU_EVENT_DECISION || e->info->format == NULL)
    return;
  s = mu_event_expand (e->info->format, e, field_words, NULL);
  if (strchr (s, '='))
    g_error ("“%s” reads “%s”", line, s);
  for (g_regex_match (word, s, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *w = g_match_info_fetch (match, 0);

      if (strstr (line, w))
        g_error ("“%s” reads “%s”", line, s);
    }
}

static void
assert_sentences (Duel *f)
{
  for (guint i = 0; i < f->events->len; i++)
    assert_sentence (g_ptr_array_index (f->events, i));
}

/* Each event kind of the charge, contact resolution and melee, with its
 * text as the engine writes it, reads as a sentence; so does every
 * event a contact resolution makes (the cases below). */
static void
test_sentences (void)
{
  static const struct {
    const char *kind, *subject, *text;
  } samples[] = {
    { "charge", "u1", "vs=r1" },
    { "disparity", NULL, "usa=1 reb=2" },
    { "abandon-guns", "b1", "to=r1" },
    { "abandon-guns", "b1", "return" },
    { "melee", "u1", "vs=r1" },
    { "reveal", NULL, "u1 command=4 disorder=2 stress=3 failures=1 total=9" },
    { "move", "r1", "cr-fall-back" },
    { "move", "r1", "cr-withdraw" },
    { "move", "r1", "cr-retreat" },
    { "move", "u1", "cr-advance" },
    { "move", "u1", "contact" },
    { "move", "u1", "advance" },
    { "move", "u1", "charge-12" },
    { "move", "u1", "charge-6" },
    { "move", "u1", "charge-2" },
    { "move", "r1", "counter-charge" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      const MuEventKindInfo *k = g_str_equal (samples[i].kind, "reveal")
                                 ? mu_event_kind_info (MU_EVENT_REVEAL)
                                 : mu_ruleset_find_event_kind (&mu_ruleset_toy_soldiers, samples[i].kind);
      g_autoptr(GPtrArray) events = mu_event_array_new ();
      MuEvent *e;

      g_assert_nonnull (k);
      e = mu_event_add_kind (events, k, samples[i].subject);
      mu_event_set_text (e, samples[i].text);
      e->value = 1;
      e->from = mu_pos_from_point (0, 0, 0);
      e->to = mu_pos_from_point (0, 10, 0);
      assert_sentence (e);
    }
}

/* Every answer of the decision has a label people read, not its
 * engine word. */
static void
assert_labels (const MuDecision *d)
{
  g_assert_nonnull (d->answer_labels);
  for (guint i = 0; d->answers[i]; i++)
    {
      g_assert_nonnull (d->answer_labels[i]);
      g_assert_cmpstr (d->answer_labels[i], !=, d->answers[i]);
      if (strchr (d->answers[i], '-'))
        g_assert_null (strstr (d->answer_labels[i], d->answers[i]));
    }
}

/* TS-CR-2a, TS-CR-2b: the contact's questions label their answers
 * (MuDecision.answer_labels) for the decision card's buttons. */
static void
test_answer_labels (void)
{
  static const int dice[] = { 4, 4, 3 };
  const MuDecision *d;
  Duel f;

  duel_open (&f, dice, G_N_ELEMENTS (dice));
  begin (&f);
  d = ts_decision_view (f.m);
  g_assert_cmpstr (d->id, ==, "cr-abort");
  assert_labels (d);
  g_assert_cmpstr (d->answer_labels[0], ==, "Stay in the charge");
  answer (&f, "cr-abort", "usa", "stay");
  d = ts_decision_view (f.m);
  g_assert_cmpstr (d->id, ==, "cr-disengage");
  assert_labels (d);
  g_assert_cmpstr (d->answers[1], ==, "fall-back");
  g_assert_cmpstr (d->answer_labels[1], ==, "Fall back");
  if (d->answers[2])
    g_assert_cmpstr (d->answer_labels[2], ==, "Fire a ragged volley, then fall back");
  answer (&f, "cr-disengage", "csa", "fall-back");
  answer (&f, "distance", "csa", "4");
  d = ts_decision_view (f.m);
  g_assert_cmpstr (d->id, ==, "way");
  assert_labels (d);
  duel_close (&f);
}

/* TS-EX-13, TS-CR-1..10, TAB-19: step 1, 3 and 5's dice are seen by their
 * own side only, step 9 reveals them, and r1 (two failures against one)
 * routs with 1d6 stress. */
static void
test_ex13 (void)
{
  static const int dice[] = { 4, 1, 2, 1, 5, 6, 3 };
  Duel f;
  const MuEvent *e;

  duel_open (&f, dice, G_N_ELEMENTS (dice));
  begin (&f);
  g_assert_nonnull (f.m->contact);
  e = find (&f, "roll cr-command u1 die=4 need>=2 success");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->visible_to, ==, "usa");
  e = find (&f, "roll cr-command r1 die=1 need>=3 fail");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->visible_to, ==, "csa");
  answer (&f, "cr-abort", "usa", "stay");
  answer (&f, "cr-disengage", "csa", "stay");
  e = find (&f, "roll cr-disorder r1 die=1 need>=2 fail");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->visible_to, ==, "csa");
  answer (&f, "cr-halt", "usa", "no");
  g_assert_cmpint (f.m->elan[0], ==, 2);
  answer (&f, "cr-withdraw", "csa", "no");
  g_assert_cmpint (f.m->elan[1], ==, 2);
  g_assert_nonnull (find (&f, "roll cr-stress u1 die=5 need>=2 success"));
  answer (&f, "cr-fall-back", "usa", "no");
  answer (&f, "cr-retreat", "csa", "no");
  g_assert_null (find (&f, "reveal"));
  answer (&f, "cr-stakes", "usa", "no");
  g_assert_nonnull (find (&f, "reveal u1 command=4 disorder=2 stress=5 failures=1 total=11 (TS-CR-9)"));
  g_assert_nonnull (find (&f, "reveal r1 command=1 disorder=1 stress=6 failures=2 total=8 (TS-CR-9)"));
  g_assert_nonnull (find (&f, "rout r1 from=@24.00,24.25/180.0"));
  g_assert_nonnull (find (&f, "stress r1 +3 now=4 (TS-CR-9)"));
  g_assert_nonnull (find (&f, "chaos reb +2 now=5 (TS-CR-10)"));
  g_assert_nonnull (find (&f, "elan csa -1 now=1 (TS-ELAN-3)"));
  g_assert_nonnull (find (&f, "stress r2 +1 now=1 (TS-GEN-7)"));
  g_assert_cmpint (f.r1->disorder, ==, 6);
  g_assert_cmpfloat_with_epsilon (f.r1->anchor.y / f.m->inch, 5.75, 0.011);
  /* TS-CR-11: the winner may advance 2" */
  {
    const MuDecision *d = ts_decision_view (f.m);
    g_autoptr(MuCommand) c = mu_command_new ("choose");
    MuPos to = mu_pos_from_point (24.0 * f.m->inch, 24.25 * f.m->inch, -1);
    g_autoptr(GError) error = NULL;

    g_assert_cmpstr (d->id, ==, "cr-advance");
    mu_command_add_pos (c, &to);
    g_assert_true (ts_apply (f.m, c, f.events, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (f.u1->disorder, ==, 4);
  g_assert_cmpint (f.u1->stress, ==, 0);
  g_assert_null (f.m->contact);
  g_assert_null (ts_decision_view (f.m));
  assert_sentences (&f);
  duel_close (&f);
}

/* TS-AMB-72, TAB-19: a match copied mid-contact (a saved match resumed)
 * keeps the hidden dice and goes on identically. */
static void
test_copy (void)
{
  static const int dice[] = { 4, 1, 2, 1, 5, 6, 3 };
  Duel f;
  TsMatch *copy;

  duel_open (&f, dice, G_N_ELEMENTS (dice));
  begin (&f);
  answer (&f, "cr-abort", "usa", "stay");
  copy = ts_match_copy (f.m, f.dice);
  g_assert_nonnull (copy->contact);
  g_assert_true (copy->contact != f.m->contact);
  ts_match_free (f.m);
  f.m = copy;
  answer (&f, "cr-disengage", "csa", "stay");
  answer (&f, "cr-halt", "usa", "no");
  answer (&f, "cr-withdraw", "csa", "no");
  answer (&f, "cr-fall-back", "usa", "no");
  answer (&f, "cr-retreat", "csa", "no");
  answer (&f, "cr-stakes", "usa", "no");
  g_assert_nonnull (find (&f, "reveal r1 command=1 disorder=1 stress=6 failures=2 total=8 (TS-CR-9)"));
  duel_close (&f);
}

/* TS-AMB-69: a charger whose target's gunners sheltered has no foe: it
 * rolls nothing and is asked only TS-CR-11's advance. */
static void
test_no_foe (void)
{
  Duel f;
  TsConflict k = { .n_pairs = 1 };

  duel_open (&f, NULL, 0);
  k.pair[0] = (TsPair) { ts_unit_index (f.m, f.u1), TS_NONE, TS_NONE, FALSE };
  ts_contact_begin (f.m, &k, 1, f.events);
  g_assert_null (find (&f, "roll"));
  answer (&f, "cr-advance", "usa", "none");
  g_assert_null (f.m->contact);
  duel_close (&f);
}

/* p2-duel-barn.muster with u1 a battalion of `stands` stands where its
 * charge on r1 leaves it, but 2.5" further right: its command stand 1"
 * left of the barn (capacity 2). */
static void
barn_open (Duel *f, int stands, const int *dice, guint n)
{
  duel_open_sized (f, "p2-duel-barn.muster", stands, dice, n);
  f->u1->anchor.x = 26.5 * f->m->inch;
  f->u1->anchor.y = 26.25 * f->m->inch;
  ts_layout (f->m, f->u1);
  g_ptr_array_set_size (f->events, 0);
}

/* Plays the garrison command line, which the legal commands must list. */
static void
garrison_listed (Duel *f, const char *line)
{
  g_autoptr(GPtrArray) legal = ts_legal_commands (f->m);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < legal->len; i++)
    {
      MuCommand *c = g_ptr_array_index (legal, i);
      g_autofree char *text = mu_command_to_string (c);

      if (g_str_equal (text, line))
        {
          g_assert_true (ts_apply (f->m, c, f->events, &error));
          g_assert_no_error (error);
          g_assert_null (f->m->event_failure);
          return;
        }
    }
  g_error ("“%s” is not among the legal commands", line);
}

/* TS-CR-11, TS-VIL-1, TS-AMB-75, TS-AMB-85: a battalion that can go into
 * the barn only whole, command stand included (one stand), or also as one
 * company (two stands), is offered every form the rules take by the
 * legal commands (the window's buttons, the computer player's choices):
 * as a winner asked the advance, whose question names the village, and
 * within its Reorder (die 3) in the unit step. */
static void
test_garrison_whole (void)
{
  static const int dice[] = { 3 };

  for (int stands = 1; stands <= 2; stands++)
    for (int contact = 0; contact <= 1; contact++)
      {
        g_autofree char *whole = g_strdup_printf ("garrison u1 barn %d command", stands);
        const TsBlock *b;
        Duel f;

        barn_open (&f, stands, dice, contact ? 0 : G_N_ELEMENTS (dice));
        if (contact)
          {
            TsConflict k = { .n_pairs = 1 };

            k.pair[0] = (TsPair) { ts_unit_index (f.m, f.u1), TS_NONE, TS_NONE, FALSE };
            ts_contact_begin (f.m, &k, 1, f.events);
            g_assert_cmpstr (ts_decision_view (f.m)->id, ==, "cr-advance");
            g_assert_nonnull (strstr (ts_decision_view (f.m)->question, "village"));
          }
        else
          {
            g_autoptr(MuCommand) end = mu_command_new ("end-phase");
            g_autoptr(MuCommand) reorder = mu_rules_command ("reorder", "u1", NULL);

            g_assert_true (ts_apply (f.m, end, f.events, NULL));
            g_assert_true (ts_apply (f.m, reorder, f.events, NULL));
          }
        {
          g_autoptr(GPtrArray) legal = ts_legal_commands (f.m);

          g_assert_true (has_command (legal, "garrison u1 barn 1") == (stands == 2));
          g_assert_false (has_command (legal, "garrison u1 mill 1"));
        }
        garrison_listed (&f, whole);
        b = ts_block_at (f.m, ts_block_find (f.m, "barn"));
        g_assert_true (ts_unit_at (f.m, b->unit) == f.u1);
        g_assert_cmpint (b->companies, ==, stands);
        g_assert_true (b->command);
        g_assert_cmpuint (f.u1->n_st, ==, 0);
        g_assert_null (f.m->contact);
        g_assert_null (ts_decision_view (f.m));
        duel_close (&f);
      }
}

/* TS-CHG-13, TS-AMB-71, TS-AMB-74, TS-CR-1: three one-stand chargers on
 * r1 make one conflict (p2-several.muster as its charge leaves it). Each
 * usa command die has +1, r1's none; the steps ask each usa unit in turn;
 * r1, with two failures against none, routs in its pair with u1 and
 * leaves the others: all three have won and are asked the advance. */
static void
test_several (void)
{
  static const int dice[] = { 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6, 1, 2 };
  const char *const ids[] = { "u1", "u2", "u3" };
  Duel f;
  TsConflict k = { .n_pairs = 3 };

  duel_open_file (&f, "p2-several.muster", dice, G_N_ELEMENTS (dice));
  for (guint i = 0; i < 3; i++)
    {
      TsUnit *u = ts_find (f.m, ids[i]);

      u->anchor.y = 26.25 * f.m->inch;
      ts_layout (f.m, u);
      u->stress = 1;
      k.pair[i] = (TsPair) { ts_unit_index (f.m, u), ts_unit_index (f.m, f.r1), TS_NONE, FALSE };
    }
  f.r1->stress = 4;
  ts_contact_begin (f.m, &k, 1, f.events);
  g_assert_nonnull (find (&f, "roll cr-command u3 die=6 mod=+1 need>=2 success"));
  g_assert_nonnull (find (&f, "roll cr-command r1 die=1 need>=3 fail"));
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpstr (f.m->contact == NULL ? NULL : ts_decision_view (f.m)->subject, ==, ids[i]);
      answer (&f, "cr-abort", "usa", "stay");
    }
  answer (&f, "cr-disengage", "csa", "stay");
  for (guint i = 0; i < 3; i++)
    answer (&f, "cr-halt", "usa", "no");
  answer (&f, "cr-withdraw", "csa", "no");
  g_assert_cmpint (f.m->elan[0], ==, 2);
  g_assert_cmpint (f.m->elan[1], ==, 2);
  for (guint i = 0; i < 3; i++)
    answer (&f, "cr-fall-back", "usa", "no");
  answer (&f, "cr-retreat", "csa", "no");
  answer (&f, "cr-stakes", "usa", "no");
  g_assert_nonnull (find (&f, "reveal r1 command=1 disorder=6 stress=1 failures=2 total=8 (TS-CR-9)"));
  g_assert_nonnull (find (&f, "roll rout-stress r1 die=2"));
  g_assert_nonnull (find (&f, "stress r1 +2 now=6 (TS-CR-9)"));
  g_assert_null (find (&f, "melee"));
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpstr (ts_decision_view (f.m)->subject, ==, ids[i]);
      answer (&f, "cr-advance", "usa", "none");
    }
  g_assert_null (f.m->contact);
  duel_close (&f);
}

/* A contact resolution played from the hand-over: the dice, then items
 * "?ID ANSWER" (the pending decision and its answer) or "~TEXT" (an event
 * line containing TEXT after the last one matched) or "!TEXT" (no event
 * line containing TEXT since the last one matched, checked at the end of
 * the items or at the next "~"). */
typedef struct {
  const char *name;
  int dice[24];
  guint n_dice;
  const char *items[48];
  void (*setup) (Duel *f);
  gboolean village;            /* p2-village.muster, as its charge leaves it */
  const char *file;            /* another scenario: setup places its units, pairs names them */
  const char *pairs;           /* "A:D A:D ...", one conflict */
} Case;

static void
play_case (gconstpointer data)
{
  const Case *k = data;
  Duel f;
  guint seen = 0;
  const char *absent = NULL;

  if (k->village)
    {
      duel_open_file (&f, "p2-village.muster", k->dice, k->n_dice);
      f.u1->anchor.y = 27.0 * f.m->inch;
      ts_layout (f.m, f.u1);
      f.u1->disorder = 3;
      f.u1->stress = 3;
      ts_block_at (f.m, f.r1->block)->stress = 1;
    }
  else if (k->file)
    duel_open_file (&f, k->file, k->dice, k->n_dice);
  else
    duel_open (&f, k->dice, k->n_dice);
  if (k->setup)
    k->setup (&f);
  if (k->pairs)
    {
      g_auto(GStrv) w = g_strsplit (k->pairs, " ", -1);
      TsConflict conflict = { .n_pairs = g_strv_length (w) };

      for (guint i = 0; w[i]; i++)
        {
          g_auto(GStrv) ad = g_strsplit (w[i], ":", 2);

          conflict.pair[i] = (TsPair) { ts_unit_index (f.m, ts_find (f.m, ad[0])),
                                        ts_unit_index (f.m, ts_find (f.m, ad[1])), TS_NONE, FALSE };
        }
      ts_contact_begin (f.m, &conflict, 1, f.events);
    }
  else
    begin (&f);
  for (guint i = 0; k->items[i]; i++)
    {
      const char *item = k->items[i];

      if (item[0] == '?')
        {
          g_auto(GStrv) w = g_strsplit (item + 1, " ", 2);
          const MuDecision *d = ts_decision_view (f.m);
          g_autoptr(MuCommand) c = mu_command_new ("choose");
          g_autoptr(GError) error = NULL;

          if (d == NULL || g_strcmp0 (d->id, w[0]) != 0)
            g_error ("%s: expected decision %s, have %s", k->name, w[0], d ? d->id : "none");
          if (w[1][0] == '@')
            {
              double x, y;
              MuPos to;

              g_assert_cmpint (sscanf (w[1] + 1, "%lf,%lf", &x, &y), ==, 2);
              to = mu_pos_from_point (x * f.m->inch, y * f.m->inch, -1);
              mu_command_add_pos (c, &to);
            }
          else
            mu_command_add_word (c, w[1]);
          if (!ts_apply (f.m, c, f.events, &error))
            g_error ("%s: %s %s refused: %s", k->name, w[0], w[1], error->message);
          g_assert_null (f.m->event_failure);
          continue;
        }
      if (item[0] == '!')
        {
          absent = item + 1;
          continue;
        }
      {
        gboolean found = FALSE;

        for (; seen < f.events->len && !found; seen++)
          {
            g_autofree char *line = mu_event_to_string (g_ptr_array_index (f.events, seen), NULL);

            if (absent && strstr (line, absent) && !strstr (line, item + 1))
              g_error ("%s: “%s” before “%s”", k->name, line, item + 1);
            found = strstr (line, item + 1) != NULL;
          }
        if (!found)
          {
            for (guint j = 0; j < f.events->len; j++)
              {
                g_autofree char *line = mu_event_to_string (g_ptr_array_index (f.events, j), NULL);

                g_test_message ("%s", line);
              }
            g_error ("%s: no event “%s”", k->name, item + 1);
          }
        absent = NULL;
      }
    }
  for (; absent && seen < f.events->len; seen++)
    {
      g_autofree char *line = mu_event_to_string (g_ptr_array_index (f.events, seen), NULL);

      if (strstr (line, absent))
        g_error ("%s: “%s” at the end", k->name, line);
    }
  assert_sentences (&f);
  duel_close (&f);
}

static void
attach (Duel *f)
{
  ts_find (f->m, "col")->attached = ts_unit_index (f->m, f->u1);
}

static void
disorder6 (Duel *f)
{
  f->r1->disorder = 6;
}

/* as their charges leave them: 2" from r1, stages 2, 2a and 5 taken */
static void
place (Duel *f, const char *id, int disorder, int stress)
{
  TsUnit *u = ts_find (f->m, id);

  u->anchor.y = 26.25 * f->m->inch;
  ts_layout (f->m, u);
  u->disorder = disorder;
  u->stress = stress;
}

static void
ex15 (Duel *f)
{
  place (f, "c1", 2, 1);
  f->r1->stress = 3;
}

static void
ex20 (Duel *f)
{
  place (f, "u1", 1, 1);
  place (f, "u2", 1, 1);
  f->r1->stress = 2;
}

static void
r1_stress2 (Duel *f)
{
  f->r1->stress = 2;
}

#define DICE(...) { __VA_ARGS__ }, sizeof ((int[]) { __VA_ARGS__ }) / sizeof (int)

static const Case cases[] = {
  { "TS-CR-2b", DICE (4, 4, 3),
    { "?cr-abort stay", "?cr-disengage fall-back", "?distance 4", "?way back",
      "~move r1 cr-fall-back from=@24.00,24.25/180.0 to=@24.00,20.25/180.0", "~disorder r1 +1 now=3 (TS-CR-2b)",
      "~stress r1 +1 now=2 (TS-CR-2b)", "~move u1 cr-advance from=@24.00,26.25/0.0 to=@24.00,23.25/0.0",
      "~roll reorder u1 die=3", "~stress u1 -2 now=0", "!roll cr-disorder", NULL } },
  { "TS-REO-3", DICE (4, 4, 1),
    { "?cr-abort stay", "?cr-disengage fall-back", "?distance 4", "?way back",
      "~move u1 cr-advance from=@24.00,26.25/0.0 to=@24.00,23.25/0.0", "~roll reorder u1 die=1", "?destroy 0",
      "?way back", "~withdraw u1 back from=@24.00,23.25/0.0 to=@24.00,25.25/0.0", "~disorder u1 +1 now=2 (TS-REO-3)",
      "~stress u1 +1 now=3 (TS-REO-3)", NULL } },
  { "TS-CR-2a", DICE (4, 4, 5, 6, 1, 1, 1, 1, 2, 4),
    { "?cr-abort halt-fire", "~roll fire-band1 u1 vs=r1 dice=5,6,1,1,1,1", "~disorder r1 +1 now=3 (TS-RCV-1)",
      "~stress r1 +1 now=2", "~stress u1 +1 now=3 (TS-FIRE-7)", "~disorder u1 +1 now=4 (TS-CR-2a)",
      "!roll cr-disorder", NULL } },
  { "TS-CR-4b", DICE (4, 4, 4, 4),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "~elan usa -1 now=2 (TS-ELAN-2)",
      "?cr-withdraw 8", "?way back", "~move r1 cr-withdraw from=@24.00,24.25/180.0 to=@24.00,16.25/180.0",
      "~disorder r1 +1 now=3 (TS-CR-4b)", "~stress r1 +1 now=2 (TS-CR-4b)", "~chaos reb +1 now=4 (TS-CR-4b)",
      "~move u1 cr-advance from=@24.00,26.25/0.0 to=@24.00,23.25/0.0", "~elan usa +1 now=3 (TS-CR-4b)",
      "!roll cr-stress", NULL } },
  { "TS-CR-6a", DICE (4, 4, 4, 4, 4, 4, 4),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back yes",
      "~move u1 cr-fall-back from=@24.00,26.25/0.0 to=@24.00,32.25/0.0", "~disorder u1 +1 now=4 (TS-CR-6a)",
      "~chaos col +1 now=3 (TS-CR-6a)", "?cr-reorder yes", "~roll reorder r1 die=4", "~stress r1 -1 now=0",
      "!reveal", NULL } },
  { "TS-CR-6b", DICE (4, 4, 4, 4, 4, 4, 3),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat yes", "?way back", "~move r1 cr-retreat from=@24.00,24.25/180.0 to=@24.00,5.75/0.0",
      "~disorder r1 +2 now=4 (TS-CR-6b)", "~chaos reb +1 now=4 (TS-CR-6b)",
      "~move u1 cr-advance from=@24.00,26.25/0.0 to=@24.00,23.25/0.0", "~roll reorder u1 die=3",
      "~stress u1 -2 now=0", "!reveal", NULL } },
  { "TS-CR-7", DICE (1, 4, 1, 4, 1, 4, 4, 4, 4, 4, 4, 4, 6),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes yes", "~elan usa -1 now=1 (TS-CR-7)", "?cr-reroll disorder",
      "~roll cr-reroll u1 die=6", "~reveal u1 command=4 disorder=6 stress=4 failures=0 total=14 (TS-CR-9)",
      "~reveal r1 command=4 disorder=4 stress=4 failures=0 total=12 (TS-CR-9)", "~melee u1 vs=r1 (TS-CR-9)",
      NULL }, attach },
  { "TS-CR-9a", DICE (1, 4, 1, 4, 1, 4, 6, 6),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "?cr-reroll none",
      "~reveal u1 command=1 disorder=1 stress=1 failures=3 total=3 (TS-CR-9)", "~rout u1 from=@24.00,26.25/0.0",
      "~disorder u1 +3 now=6 (TS-CR-10)", "~roll rout-stress u1 die=6", "~lost u1 stands=5 (TS-CR-10)",
      "~chaos col +2 now=4 (TS-CR-10)", "~elan usa -1 now=1 (TS-ELAN-3)", "~roll commander-risk col die=6",
      "~chaos col +2 now=6 (TS-CDR-12)", "?cr-advance none", NULL }, attach },
  { "TS-CR-9a-both", DICE (1, 1, 1, 1, 1, 1, 3, 4),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "~rout u1", "~roll rout-stress u1 die=3", "~rout r1",
      "~roll rout-stress r1 die=4", "!cr-advance", NULL }, r1_stress2 },
  { "TS-EX-14-equal", DICE (4, 2, 2, 2, 3, 5),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "~reveal u1 command=4 disorder=2 stress=3 failures=1 total=9",
      "~reveal r1 command=2 disorder=2 stress=5 failures=1 total=9", "!rout", "~melee u1 vs=r1 (TS-CR-9)",
      "!(TS-MEL-1)", "~move u1 contact from=@24.00,26.25/0.0 to=@24.00,24.25/0.0", "?melee fight", NULL } },
  { "TS-EX-14-unequal", DICE (4, 2, 2, 2, 3, 3),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "~reveal r1 command=2 disorder=2 stress=3 failures=1 total=7",
      "~rout r1 from=@24.00,24.25/180.0", "!roll rout-stress", "~stress r1 +2 now=3 (TS-CR-9)",
      "~chaos reb +2 now=5 (TS-CR-10)", "!melee", NULL } },
  { "TS-MEL-7", DICE (6, 6, 6, 6, 6, 6),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "~melee u1 vs=r1 (TS-CR-9)", "?melee rout",
      "~rout r1 from=@24.00,24.25/180.0", "!chaos reb", "~disorder r1 +4 now=6", "~elan csa -1 now=1 (TS-MEL-7)",
      "!elan csa +1", NULL } },
  { "TS-AMB-54", DICE (6, 6, 6, 6, 6, 6),
    { "?cr-abort stay", "~roll cr-disorder r1 die=6 need>=6 success", "?cr-halt no",
      "~elan csa -1 now=2 (TS-ELAN-2)", "?cr-fall-back no", "?cr-stakes no", "~melee u1 vs=r1 (TS-CR-9)",
      "!decision melee", "~rout r1", "!disorder r1 +", NULL }, disorder6 },
  { "TS-MEL-4", DICE (6, 6, 6, 6, 6, 6, 6, 1),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "?melee fight", "~disorder r1 +1 now=3 (TS-MEL-3)",
      "~roll melee r1 die=6 need>=1 success", "?melee fight", "~disorder u1 +1 now=4 (TS-MEL-3)",
      "~roll melee u1 die=1 need>=2 fail", "~lost u1 stands=5 (TS-MEL-3)", "?melee rout",
      "~elan csa -1 now=1 (TS-MEL-7)", NULL } },
  { "TS-MEL-6", DICE (6, 6, 6, 2, 6, 6, 1, 4),
    { "?cr-abort stay", "~roll cr-disorder r1 die=2", "?cr-halt no", "~elan csa -1 now=2 (TS-ELAN-2)",
      "?cr-fall-back no", "?cr-stakes no", "~melee u1 vs=town (TS-CR-9)", "!(TS-MEL-1)",
      "~move u1 contact from=@24.00,27.00/0.0 to=@24.00,25.00/0.0", "?melee fight",
      "~disorder u1 +1 now=4 (TS-MEL-3)", "~roll melee u1 die=1 need>=3 fail", "~lost u1 stands=5 (TS-MEL-3)",
      "?melee fight", "~disorder u1 +1 now=5 (TS-MEL-3)", "~roll melee u1 die=4 need>=3 success",
      "?melee rout", "~rout r1", "~lost r1 by=town", "~elan csa -1 now=1 (TS-MEL-7)", "!elan csa +1", NULL },
    NULL, TRUE },
  { "TS-EX-15", DICE (6, 6, 6, 6, 6, 6, 2, 5),
    { "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-withdraw no", "?cr-fall-back no",
      "?cr-retreat no", "?cr-stakes no", "~melee c1 vs=r1 (TS-CR-9)",
      "~move c1 contact from=@24.00,26.25/0.0 to=@24.00,24.25/0.0", "~disorder c1 +1 now=3 (TS-MEL-1)",
      "~stress c1 +1 now=2 (TS-MEL-1)", "~disorder r1 +1 now=2 (TS-MEL-1)", "~stress r1 +1 now=4 (TS-MEL-1)",
      "?melee fight", "~disorder r1 +1 now=3 (TS-MEL-3)", "~roll melee r1 die=2 need>=4 fail",
      "~lost r1 stands=5 (TS-MEL-3)", "?melee fight", "~disorder r1 +1 now=4 (TS-MEL-3)",
      "~roll melee r1 die=5 need>=4 success", "?melee rout", "~rout c1", "~elan usa -1 now=1 (TS-MEL-7)", NULL },
    ex15, FALSE, "p2-cav.muster", "c1:r1" },
  { "TS-EX-20", DICE (6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 6, 1),
    { "~roll cr-command u1 die=6 mod=+1", "~roll cr-command u2 die=6 mod=+1", "~roll cr-command r1 die=6 need>=3",
      "?cr-abort stay", "?cr-abort stay", "?cr-disengage stay", "?cr-halt no", "?cr-halt no",
      "~elan usa -1 now=1 (TS-ELAN-2)", "?cr-withdraw no", "~elan csa -1 now=2 (TS-ELAN-2)", "?cr-fall-back no",
      "?cr-fall-back no", "?cr-retreat no", "?cr-stakes no", "~melee u1 vs=r1 (TS-CR-9)",
      "~disorder u1 +1 now=2 (TS-MEL-1)", "~stress u1 +1 now=2 (TS-MEL-1)", "?melee fight",
      "~roll melee r1 die=6 need>=2 success", "?melee fight", "~roll melee u1 die=1 need>=2 fail", "~dispersed u1",
      "~melee u2 vs=r1 (TS-CR-9)", "~disorder u2 +1 now=2 (TS-MEL-1)", "?melee fight",
      "~roll melee r1 die=6 need>=2 success", "?melee fight", "~roll melee u2 die=1 need>=2 fail",
      "~dispersed u2", "!elan usa", "~elan csa +1 now=3 (TS-CR-12)", NULL },
    ex20, FALSE, "p2-ex20-elan.muster", "u1:r1 u2:r1" },
};

/* The CLI ------------------------------------------------------------------------------ */

/* p2-cr-stakes: the colonel attached to u1, the charge, contact
 * resolution up to step 7 (upped: every die rolled again) and step 8's
 * hidden reroll, then the reveal and the melee. */
static const char stakes_dice[] = "6,1,4,1,4,1,4,4,4,4,4,4,4,6,6,6,6,6";
static const char *const stakes_commands[] = {
  "attach col u1", "end-phase", "charge u1 r1 @24.00,24.25/0.0", "launch", "end-phase", "end-phase",
  "choose none", "choose stay", "choose stay", "choose no", "choose no", "choose no", "choose no",
  "choose yes", "choose disorder", NULL,
};

static char *
cli_run (const char *stdin_text, GError **error, ...)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) p = NULL;
  char *out = NULL;
  const char *a;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MUSTER_CLI"));
  va_start (ap, error);
  while ((a = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  p = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
  if (p == NULL || !g_subprocess_communicate_utf8 (p, stdin_text, NULL, &out, NULL, error))
    return NULL;
  return out;
}

/* Every line SIDE reads: no die of the other side's units (a `roll cr-*`
 * line) before the first reveal; its own dice are there; no line is
 * marked " only=". Returns the reveal lines. */
static char *
check_side_view (const char *out, const char *side)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  const char *const usa_units[] = { "u1", "col", NULL }, *const csa_units[] = { "r1", "r2", "reb", NULL };
  const char *const *theirs = g_str_equal (side, "usa") ? csa_units : usa_units;
  const char *const *ours = g_str_equal (side, "usa") ? usa_units : csa_units;
  GString *reveals = g_string_new (NULL);
  gboolean revealed = FALSE;
  guint own = 0;

  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) w = g_strsplit (lines[i], " ", 4);

      g_assert_null (strstr (lines[i], " only="));
      g_assert_false (g_str_has_prefix (lines[i], "refused"));
      if (g_str_has_prefix (lines[i], "reveal "))
        {
          revealed = TRUE;
          g_string_append_printf (reveals, "%s\n", lines[i]);
        }
      if (g_strv_length (w) < 3 || !g_str_equal (w[0], "roll") || !g_str_has_prefix (w[1], "cr-"))
        continue;
      if (g_strv_contains (theirs, w[2]) && !revealed)
        g_error ("--as %s reads the other side's die before the reveal: %s", side, lines[i]);
      if (g_strv_contains (ours, w[2]))
        own++;
    }
  g_assert_true (revealed);
  /* its own unit's three dice, three rerolled at step 7 (and usa's step 8) */
  g_assert_cmpuint (own, >=, 6);
  return g_string_free (reveals, FALSE);
}

/* TAB-19, TS-AMB-72: `muster-cli play --as SIDE` never prints the other
 * side's hidden dice or hidden answer before step 9 reveals them; a
 * hidden decision of the other side shows only that it is pending. */
static void
test_cli_as_side (void)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT") ? g_getenv ("MUSTER_SOURCE_ROOT") : ".",
                                                "tests", "fixtures", "rules", "toy-soldiers",
                                                "p2-attached.muster", NULL);
  g_autofree char *all = g_strjoinv ("\n", (char **) stakes_commands);
  g_autofree char *before_reroll = NULL;
  const char *sides[] = { "usa", "csa" };
  g_autofree char *reveal_usa = NULL;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *out = cli_run (all, &error, "play", scenario, "--dice", stakes_dice, "--commands", "-",
                                      "--events", "--as", sides[i], NULL);
      g_autofree char *reveals = NULL;

      g_assert_no_error (error);
      reveals = check_side_view (out, sides[i]);
      /* both sides read the same reveal */
      if (i == 0)
        reveal_usa = g_steal_pointer (&reveals);
      else
        g_assert_cmpstr (reveals, ==, reveal_usa);
    }
  g_assert_nonnull (strstr (reveal_usa, "reveal u1 command=4 disorder=6 stress=4 failures=0 total=14"));
  /* step 8 pending: csa sees that usa decides, not what */
  before_reroll = g_strjoinv ("\n", (char **) stakes_commands);
  *strrchr (before_reroll, '\n') = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *out = cli_run (before_reroll, &error, "play", scenario, "--dice", stakes_dice, "--commands",
                                      "-", "--state", "--as", sides[i], NULL);

      g_assert_no_error (error);
      if (g_str_equal (sides[i], "csa"))
        {
          g_assert_nonnull (strstr (out, "decision cr-reroll side=usa hidden"));
          g_assert_null (strstr (out, "answers="));
        }
      else
        g_assert_nonnull (strstr (out, "decision cr-reroll side=usa"));
    }
}

/* TAB-19: a match saved in the middle of contact resolution resumes with
 * the dice still hidden from the other side, and plays on to the state a
 * match played in one go reaches. */
static void
test_cli_saved (void)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT") ? g_getenv ("MUSTER_SOURCE_ROOT") : ".",
                                                "tests", "fixtures", "rules", "toy-soldiers",
                                                "p2-attached.muster", NULL);
  g_autofree char *all = g_strjoinv ("\n", (char **) stakes_commands);
  g_autofree char *dir = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL, *rest = NULL, *out = NULL, *whole = NULL, *resumed = NULL, *reveals = NULL;
  GString *a = g_string_new (NULL), *b = g_string_new (NULL);

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("ts-contact-XXXXXX", &error);
  g_assert_no_error (error);
  saved = g_build_filename (dir, "mid.mustergame", NULL);
  /* saved after the 4a answer, inside contact resolution */
  for (guint i = 0; stakes_commands[i]; i++)
    g_string_append_printf (i < 10 ? a : b, "%s\n", stakes_commands[i]);
  first = g_string_free (a, FALSE);
  rest = g_string_free (b, FALSE);
  out = cli_run (first, &error, "play", scenario, "--dice", stakes_dice, "--commands", "-", "--save", saved, NULL);
  g_assert_no_error (error);
  g_clear_pointer (&out, g_free);
  out = cli_run (rest, &error, "play", saved, "--commands", "-", "--events", "--as", "csa", NULL);
  g_assert_no_error (error);
  reveals = check_side_view (out, "csa");
  g_assert_nonnull (strstr (reveals, "reveal u1 command=4 disorder=6 stress=4 failures=0 total=14"));
  whole = cli_run (all, &error, "play", scenario, "--dice", stakes_dice, "--commands", "-", "--state", NULL);
  g_assert_no_error (error);
  resumed = cli_run (rest, &error, "play", saved, "--commands", "-", "--state", NULL);
  g_assert_no_error (error);
  g_assert_cmpstr (resumed, ==, whole);
  g_unlink (saved);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/toy-soldiers/contact/ex13/TS-EX-13/TS-CR-9/TS-AMB-72/TAB-19", test_ex13);
  g_test_add_func ("/engine/toy-soldiers/contact/copy/TS-AMB-72", test_copy);
  g_test_add_func ("/engine/toy-soldiers/contact/sentences/TS-CR-9/TS-CHG-2a", test_sentences);
  g_test_add_func ("/engine/toy-soldiers/contact/answer-labels/TS-CR-2a/TS-CR-2b", test_answer_labels);
  g_test_add_func ("/engine/toy-soldiers/contact/no-foe/TS-AMB-69", test_no_foe);
  g_test_add_func ("/engine/toy-soldiers/contact/garrison-whole/TS-CR-11/TS-VIL-1/TS-AMB-75/TS-AMB-85",
                   test_garrison_whole);
  g_test_add_func ("/engine/toy-soldiers/contact/several/TS-CHG-13/TS-AMB-71/TS-AMB-74/TS-CR-1", test_several);
  g_test_add_func ("/engine/toy-soldiers/contact/cli-as-side/TAB-19/TS-AMB-72", test_cli_as_side);
  g_test_add_func ("/engine/toy-soldiers/contact/cli-saved/TAB-19", test_cli_saved);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/toy-soldiers/contact/steps/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], play_case);
    }
  return g_test_run ();
}
