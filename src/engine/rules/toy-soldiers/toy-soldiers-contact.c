/* toy-soldiers-contact.c: contact resolution, "advance to contact" (TS-CR,
 * TS-AMB-71..75): the conflicts a charge hands over (TS-CHG-13), their
 * hidden dice (TAB-19, TS-AMB-72), the choices of steps 2a-8 and step 9's
 * routs; the melees it sends on are toy-soldiers-melee.c's.
 *
 * The state is a small machine (TsContact, toy-soldiers-contact.h; its
 * units and pairs in toy-soldiers-contact-state.c): run() goes on from
 * where it stands until a decision is open or every conflict is done. Each unit's three dice are rolled visible to its own side only
 * and revealed together at step 9; step 8's choice of die is a hidden
 * decision. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-contact.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


static const char *const ask_ids[TS_ASK_N] = {
  [TS_ASK_ABORT] = "cr-abort", [TS_ASK_DISENGAGE] = "cr-disengage", [TS_ASK_DISTANCE] = "distance",
  [TS_ASK_WAY] = "way", [TS_ASK_HALT] = "cr-halt", [TS_ASK_WITHDRAW] = "cr-withdraw",
  [TS_ASK_FALL_BACK] = "cr-fall-back", [TS_ASK_REORDER] = "cr-reorder", [TS_ASK_RETREAT] = "cr-retreat",
  [TS_ASK_STAKES] = "cr-stakes", [TS_ASK_REROLL] = "cr-reroll", [TS_ASK_ADVANCE] = "cr-advance",
  [TS_ASK_MELEE] = "melee", [TS_ASK_DESTROY] = "destroy", [TS_ASK_REORDER_REROLL] = "reroll",
};

static const char *const yes_no[] = { "yes", "no", NULL };

static void run (TsMatch *m, GPtrArray *events);
static void step (TsMatch *m, TsContact *c, GPtrArray *events);

/* The conflicts a charge hands over ---------------------------------------------------- */

void
ts_contact_begin (TsMatch *m, const TsConflict *conflicts, guint n, GPtrArray *events)
{
  TsContact *c;

  g_return_if_fail (m->contact == NULL);
  if (n == 0)
    return;
  c = g_new0 (TsContact, 1);
  c->queue = g_memdup2 (conflicts, sizeof (TsConflict) * n);
  c->n_queue = n;
  c->next = 0;
  m->contact = c;
  c->stage = TS_CR_NEXT;
  run (m, events);
}

/* Decisions ------------------------------------------------------------------------------ */

gboolean
ts_cr_ask (TsMatch *m, TsAsk ask, int i, int side, const char *rule, const char *const *answers,
           GPtrArray *events, const char *format)
{
  TsContact *c = m->contact;
  TsDecision *d = &m->decision;
  g_autofree char *english = NULL;
  const char *name = i >= 0 ? ts_unit_name (ts_cr_unit (m, c, i)) : ts_side_name (m, side);
  guint n = 0;
  MuEvent *e;

  while (answers[n])
    n++;
  if (n < 2 && ask != TS_ASK_ADVANCE)
    return FALSE;
  ts_decision_clear (d);
  d->kind = TS_DECIDE_CONTACT;
  d->side = side;
  d->rule = rule;
  d->unit = i >= 0 ? c->cu[i].unit : TS_NONE;
  /* format is one of the callers' N_() literals, each with one %s */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  english = g_strdup_printf (format, name);
  d->shown = g_strdup_printf (_(format), name);
#pragma GCC diagnostic pop
  d->question = g_steal_pointer (&english);
  d->answers = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < n; k++)
    g_ptr_array_add (d->answers, g_strdup (answers[k]));
  g_ptr_array_add (d->answers, NULL);
  c->asking = ask;
  c->subject = i;
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), ask_ids[ask], rule);
  if (e)
    {
      mu_event_set_side (e, m->side_id[side]);
      mu_event_set_text (e, d->question);
    }
  return TRUE;
}

void
ts_contact_view (const TsMatch *m, MuDecision *view)
{
  const TsContact *c = m->contact;

  if (c == NULL)
    return;
  view->id = ask_ids[c->asking];
  view->hidden = c->asking == TS_ASK_REROLL;
  view->kind = c->asking == TS_ASK_HALT || c->asking == TS_ASK_FALL_BACK || c->asking == TS_ASK_REORDER ||
               c->asking == TS_ASK_RETREAT || c->asking == TS_ASK_STAKES || c->asking == TS_ASK_REORDER_REROLL
               ? MU_ANSWER_YES_NO
             : c->asking == TS_ASK_DISTANCE ? MU_ANSWER_NUMBER
             : c->asking == TS_ASK_ADVANCE ? MU_ANSWER_POSITION
                                          : MU_ANSWER_CHOICE;
  if (c->asking == TS_ASK_DISTANCE || c->asking == TS_ASK_DESTROY)
    {
      /* a whole number, its answers listed in order */
      const GPtrArray *a = m->decision.answers;

      view->kind = MU_ANSWER_NUMBER;
      view->min = atoi (g_ptr_array_index (a, 0));
      view->max = atoi (g_ptr_array_index (a, a->len - 2));
    }
}

/* The dice ------------------------------------------------------------------------------- */

static const char *const test_purpose[TS_CR_TESTS] = { "cr-command", "cr-disorder", "cr-stress" };
static const char *const test_rule[TS_CR_TESTS] = { "TS-CR-1", "TS-CR-3", "TS-CR-5" };

/* Infantry in square facing cavalry passes its stress test (TS-CR-5). */
gboolean
ts_cr_square_against_horse (const TsMatch *m, const TsContact *c, int i)
{
  const TsUnit *u = ts_cr_unit (m, c, i);

  if (c->cu[i].block != TS_NONE || u->form != TS_FORM_SQUARE)
    return FALSE;
  for (guint p = 0; p < c->n_pairs; p++)
    if (!c->pair[p].ended && (c->pair[p].a == i || c->pair[p].d == i))
      {
        int f = c->pair[p].a == i ? c->pair[p].d : c->pair[p].a;

        if (ts_cr_unit (m, c, f)->type == TS_CAV)
          return TRUE;
      }
  return FALSE;
}

/* One hidden die of a test (TAB-19): only the unit's side sees it. A
 * test that always succeeds (a village's disorder, a square's stress
 * against cavalry) keeps its number and compares nothing. */
static void
roll_test (TsMatch *m, TsContact *c, int i, int test, const char *purpose, const char *rule, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);
  gboolean sure = (test == TS_CR_DISORDER && c->cu[i].block != TS_NONE) ||
                  (test == TS_CR_STRESS && ts_cr_square_against_horse (m, c, i));
  int target = test == TS_CR_COMMAND ? ts_cr_chaos (m, c, i)
             : test == TS_CR_DISORDER ? ts_cr_disorder (m, c, i) : ts_cr_stress (m, c, i);
  MuRoll roll = { purpose, u->def->id, NULL, 0, MU_DICE_SUM, 0, NULL, 0,
                  test == TS_CR_COMMAND ? c->cu[i].mod : 0, sure ? 0 : target,
                  sure ? MU_ROLL_NONE : MU_ROLL_AT_LEAST, 0, m->side_id[u->side], rule };
  MuRollResult r;

  mu_dice_roll_read (m->dice, events, &roll, &r);
  c->cu[i].die[test] = r.value;
}

/* TS-AMB-72, TS-AMB-89: every unit still in the assault, the charging side first. */
static void
roll_step (TsMatch *m, TsContact *c, int test, GPtrArray *events)
{
  for (guint i = 0; i < c->n_cu; i++)
    if (ts_cr_engaged (m, c, i))
      roll_test (m, c, i, test, test_purpose[test], test_rule[test], events);
}

static void ask_way (TsMatch *m, TsContact *c, int i, TsAsk move, GPtrArray *events);

/* TS-REO-3: k stands given up, 2 stress each; more than 1 left: the way. */
static gboolean
destroy_stands (TsMatch *m, TsContact *c, int i, int k, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);

  for (; k > 0 && ts_in_play (u); k--)
    {
      ts_lose_stand (m, u, "TS-REO-3", events);
      ts_add_stress (m, u, -2, "TS-REO-3", events);
    }
  if (ts_in_play (u) && u->stress > 1)
    {
      ask_way (m, c, i, TS_ASK_DESTROY, events);
      return TRUE;
    }
  return FALSE;
}

/* The reorder a step grants (TS-AMB-28), from its die's total on: the
 * stress TS-REO-1 removes, then TS-REO-3's leftover: stands given up
 * (decision `destroy`) or a withdrawal by the stress left (`way`). TRUE
 * when a decision is open. */
static gboolean
cr_reorder_remove (TsMatch *m, TsContact *c, int i, int total, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);

  if (total - u->disorder > 0)
    ts_add_stress (m, u, -(total - u->disorder), "TS-REO-1", events);
  if (u->stress > 1 && ts_in_play (u))
    {
      /* TS-REO-4: a battery withdraws 2" at most */
      int least = u->type == TS_ART ? MIN (u->stands, MAX (0, (u->stress - 2 + 1) / 2)) : 0;
      int most = MAX (MIN (u->stands, u->stress / 2), least);
      g_autoptr(GPtrArray) answers = g_ptr_array_new_with_free_func (g_free);

      for (int k = least; k <= most; k++)
        g_ptr_array_add (answers, g_strdup_printf ("%d", k));
      g_ptr_array_add (answers, NULL);
      if (ts_cr_ask (m, TS_ASK_DESTROY, i, u->side, "TS-REO-3", (const char *const *) answers->pdata, events,
                     N_("How many stands does %s give up instead of withdrawing (each takes 2 stress)?")))
        return TRUE;
      return destroy_stands (m, c, i, least, events);
    }
  return FALSE;
}

/* The reorder a step grants (TS-AMB-28): TS-REO-1's disorder and die,
 * which a unit with its commander attached (or berated within 6") may
 * reroll once (TS-AMB-62's decision `reroll`, the second die standing),
 * then the rest. TRUE when a decision is open. */
static gboolean
cr_reorder (TsMatch *m, TsContact *c, int i, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);
  int total;

  if (!ts_in_play (u))
    return FALSE;
  ts_add_disorder (m, u, -2, "TS-REO-1", events);
  total = ts_roll_reorder (m, u, events);
  if (ts_reorder_may_reroll (m, u))
    {
      c->reorder_total = total;
      if (ts_cr_ask (m, TS_ASK_REORDER_REROLL, i, u->side, "TS-AMB-62", yes_no, events,
                     N_("Does %s reroll its reorder die?")))
        return TRUE;
    }
  return cr_reorder_remove (m, c, i, total, events);
}

/* TS-AMB-73: every charger whose foe i left advances 3" on, reordering
 * where the step says; the pairs end; a 4b withdrawal returns the élan
 * the charger paid in 4a. */
static void
foe_left (TsMatch *m, TsContact *c, int i, gboolean reorder, gboolean refund, GPtrArray *events)
{
  guint moved = 0;

  for (guint p = 0; p < c->n_pairs; p++)
    {
      TsCrPair *pr = &c->pair[p];
      int f;

      if (pr->ended || (pr->a != i && pr->d != i))
        continue;
      pr->ended = TRUE;
      f = pr->a == i ? pr->d : pr->a;
      if (!c->cu[f].charging || (moved & (1u << f)) || !ts_cr_alive (m, c, f) || c->cu[f].block != TS_NONE)
        continue;
      moved |= 1u << f;
      ts_cr_slide (m, ts_cr_unit (m, c, f), ts_in (m, 3), "cr-advance", "TS-AMB-73", events);
      if (reorder)
        c->reorder_now |= 1u << f;
      if (refund && c->cu[f].paid_4a)
        {
          c->cu[f].paid_4a = FALSE;
          ts_add_elan (m, ts_cr_unit (m, c, f)->side, 1, "TS-CR-4b", events);
        }
    }
}

/* The steps ------------------------------------------------------------------------------ */

static void
ask_way (TsMatch *m, TsContact *c, int i, TsAsk move, GPtrArray *events)
{
  static const char *const ways[] = { "back", "away", NULL };

  c->move = move;
  ts_cr_ask (m, TS_ASK_WAY, i, ts_cr_unit (m, c, i)->side, "TS-AMB-52", ways, events,
             N_("Which way does %s go: back or away from the enemy?"));
}

/* 2a, 2b, 4a, 4b, 6a, 6b for unit i; TRUE when a decision is open. */
static gboolean
ask_step (TsMatch *m, TsContact *c, int i, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);
  const char *answers[10];
  guint n = 0;
  TsUnit faces;
  TsUnit *t;

  switch (c->stage)
    {
    case TS_CR_2A:
      if (!c->cu[i].charging)
        return FALSE;
      t = ts_cr_foe_target (m, c, ts_cr_foe_of (c, i), &faces);
      answers[n++] = "stay";
      answers[n++] = "halt";
      if (ts_cr_may_add (m, c, i, 1, 0) && t && ts_can_fire (m, u, t, NULL))
        answers[n++] = "halt-fire";
      answers[n] = NULL;
      return ts_cr_ask (m, TS_ASK_ABORT, i, u->side, "TS-CR-2a", answers, events,
                        N_("Does %s stay, halt, or halt and fire a ragged volley?"));
    case TS_CR_2B:
      if (c->cu[i].charging)
        return FALSE;
      answers[n++] = "stay";
      if (ts_cr_may_add (m, c, i, 1, 0))
        {
          t = ts_cr_foe_target (m, c, ts_cr_foe_of (c, i), &faces);
          answers[n++] = "fall-back";
          if (t && ts_can_fire (m, u, t, NULL))
            answers[n++] = "fire-fall-back";
        }
      answers[n] = NULL;
      return ts_cr_ask (m, TS_ASK_DISENGAGE, i, u->side, "TS-CR-2b", answers, events,
                        N_("Does %s stay, or fall back 3-6 inches (with a ragged volley first)?"));
    case TS_CR_4A:
      if (!c->cu[i].charging)
        return FALSE;
      return ts_cr_ask (m, TS_ASK_HALT, i, u->side, "TS-CR-4a", yes_no, events,
                        N_("Does %s halt (no: 1 élan)?"));
    case TS_CR_4B:
      {
        static const char *const inches[] = { "6", "7", "8", "9", "10", "11", "12" };

        if (c->cu[i].charging)
          return FALSE;
        answers[n++] = "no";
        if (ts_cr_may_add (m, c, i, 1, 1))
          for (guint k = 0; k < G_N_ELEMENTS (inches); k++)
            answers[n++] = inches[k];
        answers[n] = NULL;
        if (ts_cr_ask (m, TS_ASK_WITHDRAW, i, u->side, "TS-CR-4b", answers, events,
                       N_("Does %s withdraw 6-12 inches (no: 1 élan)?")))
          return TRUE;
        /* only "no" is left: the élan is paid (TS-AMB-77) */
        c->cu[i].paid_4b = TRUE;
        ts_add_elan (m, u->side, -1, "TS-ELAN-2", events);
        return FALSE;
      }
    case TS_CR_6A:
      if (!c->cu[i].charging || !ts_cr_may_add (m, c, i, 1, 1))
        return FALSE;
      return ts_cr_ask (m, TS_ASK_FALL_BACK, i, u->side, "TS-CR-6a", yes_no, events,
                        N_("Does %s fall back 6 inches?"));
    case TS_CR_6B:
      if (c->cu[i].charging || !ts_cr_may_add (m, c, i, 2, 1))
        return FALSE;
      return ts_cr_ask (m, TS_ASK_RETREAT, i, u->side, "TS-CR-6b", yes_no, events,
                        N_("Does %s retreat 18 inches?"));
    default:
      return FALSE;
    }
}

/* Step 8: a unit with its commander attached (TS-CR-8). */
static gboolean
commander_attached (const TsMatch *m, const TsContact *c, int i)
{
  const TsUnit *u = ts_cr_unit (m, c, i);
  const TsUnit *cmdr = ts_commander_of (m, u);

  return cmdr && cmdr != u && cmdr->attached == c->cu[i].unit;
}

/* Step 7: every unit still in the assault rerolls its three dice (TS-CR-7). */
static void
up_the_stakes (TsMatch *m, TsContact *c, GPtrArray *events)
{
  c->stakes = TRUE;
  ts_add_elan (m, ts_cr_charging_side (m, c), -1, "TS-CR-7", events);
  if (m->finished)
    return;
  for (guint i = 0; i < c->n_cu; i++)
    if (ts_cr_engaged (m, c, i))
      for (int t = 0; t < TS_CR_TESTS; t++)
        roll_test (m, c, i, t, test_purpose[t], "TS-CR-7", events);
}

static gboolean
advance_stage (TsMatch *m, TsContact *c, GPtrArray *events)
{
  static const char *const none[] = { "none", NULL };

  for (; c->cursor < (int) c->n_cu; c->cursor++)
    {
      int i = c->cursor;

      if (!c->cu[i].won || c->cu[i].routed || c->cu[i].in_melee || c->cu[i].block != TS_NONE ||
          !ts_cr_alive (m, c, i) || !ts_cr_may_add (m, c, i, 1, 0))
        continue;
      c->cursor++;
      /* TS-VIL-1: a block that would take its companies is the other answer */
      if (ts_garrison_may_advance (m, ts_cr_unit (m, c, i)))
        return ts_cr_ask (m, TS_ASK_ADVANCE, i, ts_cr_unit (m, c, i)->side, "TS-CR-11", none, events,
                          N_("Where does %s advance (up to 2 inches), or does it garrison a village block "
                             "instead, or none?"));
      return ts_cr_ask (m, TS_ASK_ADVANCE, i, ts_cr_unit (m, c, i)->side, "TS-CR-11", none, events,
                        N_("Where does %s advance (up to 2 inches), or none?"));
    }
  return FALSE;
}

/* The machine ---------------------------------------------------------------------------- */

static void
next_stage (TsContact *c, TsCrStage stage)
{
  c->stage = stage;
  c->cursor = 0;
}

static void
run (TsMatch *m, GPtrArray *events)
{
  while (m->contact && !m->finished && m->decision.kind == TS_DECIDE_NONE)
    {
      TsContact *c = m->contact;
      gboolean asked = FALSE;

      /* the reorders a step granted, then 6a's offers, before the step goes on */
      for (guint f = 0; f < c->n_cu && (c->reorder_now || c->want_reorder) && !asked; f++)
        if (c->reorder_now & (1u << f))
          {
            c->reorder_now &= ~(1u << f);
            asked = cr_reorder (m, c, f, events);
          }
        else if (c->want_reorder & (1u << f))
          {
            c->want_reorder &= ~(1u << f);
            if (ts_cr_alive (m, c, f) && c->cu[f].block == TS_NONE)
              asked = ts_cr_ask (m, TS_ASK_REORDER, f, ts_cr_unit (m, c, f)->side, "TS-CR-6a", yes_no, events,
                                 N_("Does %s reorder?"));
          }
      if (asked || c->reorder_now || c->want_reorder || m->finished)
        continue;
      step (m, c, events);
    }
}

static void
step (TsMatch *m, TsContact *c, GPtrArray *events)
{
  switch (c->stage)
    {
    case TS_CR_STEP1:
      roll_step (m, c, TS_CR_COMMAND, events);
      next_stage (c, TS_CR_2A);
      break;
    case TS_CR_STEP3:
    case TS_CR_STEP5:
      /* only while both sides remain (TS-CR-3, TS-CR-5) */
      if (ts_cr_any_pair_left (c))
        roll_step (m, c, c->stage == TS_CR_STEP3 ? TS_CR_DISORDER : TS_CR_STRESS, events);
      next_stage (c, c->stage + 1);
      break;
    case TS_CR_2A:
    case TS_CR_2B:
    case TS_CR_4A:
    case TS_CR_4B:
    case TS_CR_6A:
    case TS_CR_6B:
      {
        gboolean asked = FALSE;

        while (!asked && c->cursor < (int) c->n_cu && !m->finished)
          {
            int i = c->cursor++;

            if (ts_cr_engaged (m, c, i))
              asked = ask_step (m, c, i, events);
          }
        if (!asked && c->cursor >= (int) c->n_cu)
          next_stage (c, !ts_cr_any_pair_left (c) ? TS_CR_REFUND : c->stage + 1);
        break;
      }
    case TS_CR_7:
      next_stage (c, TS_CR_8);
      if (!c->stakes_asked && ts_cr_any_pair_left (c) && m->elan[ts_cr_charging_side (m, c)] >= 1)
        {
          c->stakes_asked = TRUE;
          ts_cr_ask (m, TS_ASK_STAKES, -1, ts_cr_charging_side (m, c), "TS-CR-7", yes_no, events,
                     N_("Does %s spend 1 more élan to up the stakes?"));
        }
      break;
    case TS_CR_8:
      {
        static const char *const dice[] = { "command", "disorder", "stress", "none", NULL };
        gboolean asked = FALSE;

        /* the charging side first, then the other (TS-AMB-72) */
        while (!asked && c->cursor < (int) c->n_cu)
          {
            int i = c->cursor++;

            if (ts_cr_engaged (m, c, i) && commander_attached (m, c, i))
              asked = ts_cr_ask (m, TS_ASK_REROLL, i, ts_cr_unit (m, c, i)->side, "TS-CR-8", dice, events,
                                 N_("Which die of %s does its commander reroll?"));
          }
        if (!asked)
          next_stage (c, TS_CR_9);
        break;
      }
    case TS_CR_9:
      ts_cr_step_nine (m, c, events);
      next_stage (c, TS_CR_MELEE);
      break;
    case TS_CR_MELEE:
      if (!ts_melee_run (m, c, events))
        next_stage (c, TS_CR_REFUND);
      break;
    case TS_CR_REFUND:
      /* TS-CR-12: the defenders that did not rout get their 4b élan back,
       * also one that retreated off the table or lost its last stand:
       * neither is a rout */
      for (guint i = 0; i < c->n_cu && !m->finished; i++)
        if (!c->cu[i].charging && c->cu[i].paid_4b && !c->cu[i].routed)
          ts_add_elan (m, ts_cr_unit (m, c, i)->side, 1, "TS-CR-12", events);
      next_stage (c, TS_CR_ADVANCE);
      break;
    case TS_CR_ADVANCE:
      if (!advance_stage (m, c, events))
        next_stage (c, TS_CR_NEXT);
      break;
    case TS_CR_NEXT:
      if (c->next < c->n_queue)
        ts_cr_load (m, c, &c->queue[c->next++]);
      else
        {
          ts_contact_free (c);
          m->contact = NULL;
          /* the charge goes on: its next wave, or its end */
          ts_charge_contact_done (m, events);
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Answers -------------------------------------------------------------------------------- */

static void
answer (TsMatch *m, TsContact *c, TsAsk ask, int i, const char *a, GPtrArray *events)
{
  TsUnit *u = i >= 0 ? ts_cr_unit (m, c, i) : NULL;
  TsUnit faces;

  switch (ask)
    {
    case TS_ASK_ABORT:
      if (g_str_equal (a, "stay"))
        break;
      if (g_str_equal (a, "halt-fire"))
        {
          ts_fire (m, u, ts_cr_foe_target (m, c, ts_cr_foe_of (c, i), &faces), -2, events);
          ts_add_disorder (m, u, 1, "TS-CR-2a", events);
        }
      ts_cr_leave (c, i);
      break;
    case TS_ASK_DISENGAGE:
      if (g_str_equal (a, "stay"))
        break;
      if (g_str_equal (a, "fire-fall-back"))
        ts_fire (m, u, ts_cr_foe_target (m, c, ts_cr_foe_of (c, i), &faces), -2, events);
      if (ts_in_play (u))
        {
          static const char *const inches[] = { "3", "4", "5", "6", NULL };

          c->move = TS_ASK_DISENGAGE;
          ts_cr_ask (m, TS_ASK_DISTANCE, i, u->side, "TS-AMB-52", inches, events,
                     N_("How many inches does %s fall back (3-6)?"));
        }
      else
        ts_cr_leave (c, i);
      break;
    case TS_ASK_DISTANCE:
      c->distance = atoi (a);
      ask_way (m, c, i, TS_ASK_DISENGAGE, events);
      break;
    case TS_ASK_WITHDRAW:
      if (g_str_equal (a, "no"))
        {
          c->cu[i].paid_4b = TRUE;
          ts_add_elan (m, u->side, -1, "TS-ELAN-2", events);
          break;
        }
      c->distance = atoi (a);
      ask_way (m, c, i, TS_ASK_WITHDRAW, events);
      break;
    case TS_ASK_RETREAT:
      if (g_str_equal (a, "yes"))
        {
          c->distance = (int) m->num.rout;
          ask_way (m, c, i, TS_ASK_RETREAT, events);
        }
      break;
    case TS_ASK_WAY:
      {
        gboolean away = g_str_equal (a, "away");

        if (c->move == TS_ASK_DESTROY)
          {
            /* TS-REO-3's withdrawal by the stress left; the unit stays in
             * the assault only if it was still in it */
            ts_withdraw (m, u, away, events);
            break;
          }
        switch (c->move)
          {
          case TS_ASK_DISENGAGE:
            /* TS-CR-2b: +1 disorder, +1 stress; the charger advances and reorders */
            if (ts_cr_move (m, u, c->distance, away, FALSE, "cr-fall-back", "TS-CR-2b", events))
              {
                ts_add_disorder (m, u, 1, "TS-CR-2b", events);
                ts_add_stress (m, u, 1, "TS-CR-2b", events);
              }
            foe_left (m, c, i, TRUE, FALSE, events);
            break;
          case TS_ASK_WITHDRAW:
            /* TS-CR-4b: +1 disorder, +1 stress, +1 chaos; nobody reorders */
            if (ts_cr_move (m, u, c->distance, away, FALSE, "cr-withdraw", "TS-CR-4b", events))
              {
                ts_add_disorder (m, u, 1, "TS-CR-4b", events);
                ts_add_stress (m, u, 1, "TS-CR-4b", events);
              }
            ts_add_chaos (m, ts_commander_of (m, u), 1, "TS-CR-4b", events);
            foe_left (m, c, i, FALSE, TRUE, events);
            break;
          default:
            /* TS-CR-6b: +2 disorder, +1 chaos; the charger advances and reorders */
            if (ts_cr_move (m, u, c->distance, away, TRUE, "cr-retreat", "TS-CR-6b", events))
              ts_add_disorder (m, u, 2, "TS-CR-6b", events);
            ts_add_chaos (m, ts_commander_of (m, u), 1, "TS-CR-6b", events);
            foe_left (m, c, i, TRUE, FALSE, events);
            break;
          }
        ts_cr_leave (c, i);
        break;
      }
    case TS_ASK_HALT:
      if (g_str_equal (a, "yes"))
        ts_cr_leave (c, i);
      else
        {
          c->cu[i].paid_4a = TRUE;
          ts_add_elan (m, u->side, -1, "TS-ELAN-2", events);
        }
      break;
    case TS_ASK_FALL_BACK:
      if (g_str_equal (a, "yes"))
        {
          /* TS-CR-6a: 6" straight back, +1 disorder, +1 chaos; its foes may reorder */
          if (ts_cr_move (m, u, 6, FALSE, FALSE, "cr-fall-back", "TS-CR-6a", events))
            ts_add_disorder (m, u, 1, "TS-CR-6a", events);
          ts_add_chaos (m, ts_commander_of (m, u), 1, "TS-CR-6a", events);
          for (guint p = 0; p < c->n_pairs; p++)
            if (!c->pair[p].ended && (c->pair[p].a == i || c->pair[p].d == i))
              c->want_reorder |= 1u << (c->pair[p].a == i ? c->pair[p].d : c->pair[p].a);
          ts_cr_leave (c, i);
        }
      break;
    case TS_ASK_REORDER:
      if (g_str_equal (a, "yes"))
        c->reorder_now |= 1u << i;
      break;
    case TS_ASK_DESTROY:
      destroy_stands (m, c, i, atoi (a), events);
      break;
    case TS_ASK_REORDER_REROLL:
      cr_reorder_remove (m, c, i, g_str_equal (a, "yes") ? ts_roll_reorder (m, u, events) : c->reorder_total,
                         events);
      break;
    case TS_ASK_STAKES:
      if (g_str_equal (a, "yes"))
        up_the_stakes (m, c, events);
      break;
    case TS_ASK_REROLL:
      {
        int t = g_str_equal (a, "command") ? TS_CR_COMMAND : g_str_equal (a, "disorder") ? TS_CR_DISORDER
              : g_str_equal (a, "stress") ? TS_CR_STRESS : -1;

        if (t >= 0)
          roll_test (m, c, i, t, "cr-reroll", "TS-CR-8", events);
        break;
      }
    case TS_ASK_MELEE:
      ts_melee_answer (m, c, a, events);
      break;
    default:
      break;
    }
}

gboolean
ts_contact_garrison (TsMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  TsContact *c = m->contact;
  TsUnit *u;

  if (c == NULL || c->asking != TS_ASK_ADVANCE)
    return mu_rules_refuse (error, m->decision.rule, "%s must first answer: %s",
                            ts_side_name (m, m->decision.side), m->decision.question);
  u = ts_cr_unit (m, c, c->subject);
  if (g_strcmp0 (mu_command_word (cmd, 0), u->def->id) != 0)
    return mu_rules_refuse (error, "TS-AMB-75", "only %s may advance now", u->def->id);
  if (!ts_garrison_enter (m, cmd, TRUE, events, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  ts_decision_clear (&m->decision);
  run (m, events);
  return TRUE;
}

gboolean
ts_contact_choose (TsMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  TsContact *c = m->contact;
  TsDecision *d = &m->decision;
  const MuArg *arg = mu_command_arg (cmd, 0);
  const char *a = mu_command_word (cmd, 0);
  char buf[32];
  TsAsk ask;
  int i;
  gboolean found = FALSE;

  g_return_val_if_fail (c != NULL, FALSE);
  ask = c->asking;
  i = c->subject;
  if (a == NULL && arg && arg->kind == MU_ARG_NUMBER)
    {
      g_snprintf (buf, sizeof buf, "%d", (int) arg->number);
      a = buf;
    }
  if (ask == TS_ASK_ADVANCE && a == NULL && arg && arg->kind == MU_ARG_POS)
    {
      TsUnit *u = ts_cr_unit (m, c, i);
      TsUnit to;
      MuPos from;

      /* a straight step keeps the facing: one named otherwise is refused, not dropped */
      if (arg->pos.has_facing && fabs (remainder (arg->pos.facing - u->facing, 360.0)) > 0.05)
        return mu_rules_refuse (error, "TS-AMB-75", "%s keeps its facing as it advances", u->def->id);
      if (!ts_cr_advance_check (m, u, arg->pos.point, &to, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      ts_decision_clear (d);
      from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
      {
        MuPoint old = u->anchor;
        MuEvent *e;

        u->anchor = to.anchor;
        ts_layout (m, u);
        ts_skirm_follow (m, u, old, u->facing);
        e = ts_event (m, events, &ts_ev_move, u->def->id, "TS-CR-11");
        if (e)
          {
            mu_event_set_text (e, "advance");
            e->from = from;
            e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
          }
      }
      ts_add_disorder (m, u, 1, "TS-CR-11", events);
      ts_add_stress (m, u, -2, "TS-CR-11", events);
      run (m, events);
      return TRUE;
    }
  for (guint k = 0; a && k + 1 < d->answers->len; k++)
    if (g_str_equal (a, g_ptr_array_index (d->answers, k)))
      found = TRUE;
  if (!found)
    return mu_rules_refuse (error, d->rule, "“%s” is not an answer to %s", a ? a : "", ask_ids[ask]);
  if (events == NULL)
    return TRUE;
  {
    g_autofree char *answer_copy = g_strdup (a);

    ts_decision_clear (d);
    answer (m, c, ask, i, answer_copy, events);
  }
  run (m, events);
  return TRUE;
}
