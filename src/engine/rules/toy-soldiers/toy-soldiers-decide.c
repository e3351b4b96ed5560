/* toy-soldiers-decide.c: the decisions of Toy Soldiers outside contact
 * resolution: their state and its view (MuDecision), opening one
 * (ts_decide), the threats that end an action (TS-ACT-4, TS-THR,
 * TS-AMB-63), and the answers to every decision (choose), each handed to
 * the module whose rule asked it. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* Decisions ---------------------------------------------------------------------------- */

static const char *const decide_ids[] = {
  [TS_DECIDE_NONE] = NULL, [TS_DECIDE_VOLLEY] = "volley", [TS_DECIDE_THREAT] = "threat",
  [TS_DECIDE_CAV_THREAT] = "cavalry-threat", [TS_DECIDE_REROLL] = "reroll", [TS_DECIDE_DESTROY] = "destroy",
  [TS_DECIDE_WAY] = "way", [TS_DECIDE_RALLY_AGAIN] = "rally-again", [TS_DECIDE_PASSAGE] = "passage",
  [TS_DECIDE_SHED] = "shed", [TS_DECIDE_OBSTRUCTION] = "obstruction", [TS_DECIDE_SKIRM_BACK] = "skirmish-back",
  [TS_DECIDE_ESCAPE] = "escape", [TS_DECIDE_CAV_REROLL] = "cavalry-reroll",
  [TS_DECIDE_GARRISON] = "destroy", [TS_DECIDE_DISPARITY] = "disparity",
  [TS_DECIDE_ABORT_REORDER] = "reorder", [TS_DECIDE_ABORT_VOLLEY] = "volley",
  [TS_DECIDE_BALK_ELAN] = "balk-elan", [TS_DECIDE_CHARGE_OBSTRUCTION] = "obstruction",
  [TS_DECIDE_FLEE] = "flee", [TS_DECIDE_FINAL_VOLLEY] = "volley", [TS_DECIDE_CONTACT] = "contact",
};

void
ts_decision_clear (TsDecision *d)
{
  g_clear_pointer (&d->question, g_free);
  g_clear_pointer (&d->shown, g_free);
  g_clear_pointer (&d->answers, g_ptr_array_unref);
  g_clear_pointer (&d->labels, g_ptr_array_unref);
  memset (d, 0, sizeof *d);
  d->kind = TS_DECIDE_NONE;
}

void
ts_decision_copy (const TsDecision *from, TsDecision *to)
{
  *to = *from;
  to->question = g_strdup (from->question);
  to->shown = g_strdup (from->shown);
  /* made again with the view */
  to->labels = NULL;
  to->answers = mu_rules_answers_copy (from->answers);
}

const MuDecision *
ts_decision_view (TsMatch *m)
{
  TsDecision *d = &m->decision;

  if (d->kind == TS_DECIDE_NONE)
    return NULL;
  memset (&d->view, 0, sizeof d->view);
  d->view.side = m->side_id[d->side];
  d->view.id = decide_ids[d->kind];
  d->view.subject = ts_unit_at (m, d->unit) ? ts_unit_at (m, d->unit)->def->id : NULL;
  d->view.question = d->shown;
  d->view.answers = (const char *const *) d->answers->pdata;
  d->view.kind = d->kind == TS_DECIDE_REROLL || d->kind == TS_DECIDE_RALLY_AGAIN || d->kind == TS_DECIDE_CAV_REROLL
                 || d->kind == TS_DECIDE_ABORT_REORDER || d->kind == TS_DECIDE_BALK_ELAN || d->kind == TS_DECIDE_FLEE
                 ? MU_ANSWER_YES_NO
               : d->kind == TS_DECIDE_DISPARITY ? MU_ANSWER_SUBSET
               : d->kind == TS_DECIDE_DESTROY || d->kind == TS_DECIDE_GARRISON || d->kind == TS_DECIDE_SHED || d->kind == TS_DECIDE_SKIRM_BACK
                 ? MU_ANSWER_NUMBER
               : d->kind == TS_DECIDE_ESCAPE ? MU_ANSWER_POSITION
                                                                            : MU_ANSWER_CHOICE;
  d->view.min = d->min;
  d->view.max = d->max;
  if (d->kind == TS_DECIDE_CONTACT)
    ts_contact_view (m, &d->view);
  g_clear_pointer (&d->labels, g_ptr_array_unref);
  d->labels = ts_answer_labels_for (d->view.id, d->view.answers);
  d->view.answer_labels = d->labels ? (const char *const *) d->labels->pdata : NULL;
  return &d->view;
}

void
ts_decide (TsMatch *m, TsDecideKind kind, int side, int unit, const char *rule, const char *const *answers,
           GPtrArray *events, const char *format, ...)
{
  TsDecision *d = &m->decision;
  g_autofree char *english = NULL;
  va_list ap;
  MuEvent *e;

  ts_decision_clear (d);
  d->kind = kind;
  d->side = side;
  d->unit = unit;
  d->rule = rule;
  va_start (ap, format);
  english = g_strdup_vprintf (format, ap);
  va_end (ap);
  /* the format is marked N_() by the callers: the shown text through the catalogue */
  va_start (ap, format);
  d->shown = g_strdup_vprintf (_(format), ap);
  va_end (ap);
  d->question = g_steal_pointer (&english);
  d->answers = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; answers && answers[i]; i++)
    g_ptr_array_add (d->answers, g_strdup (answers[i]));
  g_ptr_array_add (d->answers, NULL);
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), decide_ids[kind], rule);
  if (e)
    {
      mu_event_set_side (e, m->side_id[side]);
      mu_event_set_text (e, d->question);
    }
}

void
ts_decide_units (TsMatch *m, TsDecideKind kind, TsUnit *u, GPtrArray *targets, GPtrArray *blocks,
                 const char *rule, GPtrArray *events, const char *format)
{
  g_autoptr(GPtrArray) answers = g_ptr_array_new ();

  for (guint i = 0; i < targets->len; i++)
    g_ptr_array_add (answers, (gpointer) ((TsUnit *) g_ptr_array_index (targets, i))->def->id);
  for (guint i = 0; blocks && i < blocks->len; i++)
    g_ptr_array_add (answers, g_ptr_array_index (blocks, i));
  g_ptr_array_add (answers, (gpointer) "none");
  g_ptr_array_add (answers, NULL);
  /* format is one of the callers' N_() literals, each with one %s */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  ts_decide (m, kind, u->side, ts_unit_index (m, u), rule, (const char *const *) answers->pdata, events,
             format, ts_unit_name (u));
#pragma GCC diagnostic pop
}

/* TS-ACT-4, TS-THR-3, TS-AMB-63: the threats, asked only when there is one. */
static void
offer_threat (TsMatch *m, TsUnit *u, gboolean cavalry, GPtrArray *events)
{
  g_autoptr(GPtrArray) t = NULL;
  g_autoptr(GPtrArray) blocks = NULL;

  if (!ts_in_play (u) || m->finished)
    return;
  t = ts_threat_targets (m, u, cavalry);
  /* TS-AMB-63: cavalry may threaten a garrison */
  blocks = cavalry ? ts_block_threat_targets (m, u) : g_ptr_array_new ();
  if (t->len == 0 && blocks->len == 0)
    {
      if (!cavalry && u->type == TS_CAV)
        offer_threat (m, u, TRUE, events);
      return;
    }
  ts_decide_units (m, cavalry ? TS_DECIDE_CAV_THREAT : TS_DECIDE_THREAT, u, t, blocks,
                   cavalry ? "TS-THR-2" : "TS-THR-1", events,
                   cavalry ? N_("Which enemy does %s threaten as cavalry?") : N_("Which enemy does %s threaten?"));
}

void
ts_offer_threats (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  offer_threat (m, u, FALSE, events);
}

void
ts_after_action (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  /* a reorder within a charge (TS-CHG-3c, 6c, 4) is no action: the charge goes on */
  if (ts_charge_resume (m, events))
    return;
  offer_threat (m, u, FALSE, events);
}

/* Answers ------------------------------------------------------------------------------ */

gboolean
ts_choose (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsDecision *d = &m->decision;
  const char *answer = mu_command_word (c, 0);
  TsUnit *u = ts_unit_at (m, d->unit);
  gboolean found = FALSE;
  TsDecideKind kind = d->kind;
  int value = d->value;
  TsDecision saved = *d;

  if (d->kind == TS_DECIDE_NONE)
    return mu_rules_refuse (error, "TS-AMB-63", "there is no decision to answer: choose answers the one "
                            "the rules ask after an action");
  if (d->kind == TS_DECIDE_ESCAPE)
    return ts_commander_escape (m, c, events, error);
  if (d->kind == TS_DECIDE_CONTACT)
    return ts_contact_choose (m, c, events, error);
  if (d->kind == TS_DECIDE_DISPARITY)
    {
      if (!ts_charge_check_answer (m, c, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      ts_charge_answer_subset (m, c, events);
      return TRUE;
    }
  if (answer == NULL && mu_command_arg (c, 0) && mu_command_arg (c, 0)->kind == MU_ARG_NUMBER)
    {
      static char buf[32];

      g_snprintf (buf, sizeof buf, "%d", (int) mu_command_arg (c, 0)->number);
      answer = buf;
    }
  for (guint i = 0; answer && i + 1 < d->answers->len; i++)
    if (g_str_equal (answer, g_ptr_array_index (d->answers, i)))
      found = TRUE;
  if (!found)
    return mu_rules_refuse (error, d->rule, "“%s” is not an answer to %s", answer ? answer : "", decide_ids[d->kind]);
  if (events == NULL)
    return TRUE;
  ts_decision_clear (d);
  switch (kind)
    {
    case TS_DECIDE_VOLLEY:
      if (!g_str_equal (answer, "none"))
        {
          TsUnit garrison;
          TsUnit *t = ts_find (m, answer);

          /* TS-AMB-85: a garrison, fired on as its faces */
          if (t == NULL && ts_block_faces (m, ts_block_find (m, answer), &garrison))
            t = &garrison;
          ts_fire (m, u, t, value, events);
          ts_sharp_shooting (m, u, events);
        }
      ts_after_action (m, u, events);
      break;
    case TS_DECIDE_THREAT:
    case TS_DECIDE_CAV_THREAT:
      if (!g_str_equal (answer, "none") && ts_find (m, answer) == NULL)
        {
          /* a garrison (TS-AMB-63): the stress on its block's die */
          int bi = ts_block_find (m, answer);
          MuEvent *e = ts_event (m, events, &ts_ev_threat, ts_unit_at (m, ts_block_at (m, bi)->unit)->def->id,
                                 "TS-THR-2");

          if (e)
            mu_event_set_object (e, u->def->id);
          ts_block_add_stress (m, bi, 1, "TS-THR-2", events);
        }
      else if (!g_str_equal (answer, "none"))
        {
          TsUnit *t = ts_find (m, answer);
          MuEvent *e = ts_event (m, events, &ts_ev_threat, t->def->id,
                                 kind == TS_DECIDE_THREAT ? "TS-THR-1" : "TS-THR-2");

          if (e)
            mu_event_set_object (e, u->def->id);
          ts_add_stress (m, t, 1, kind == TS_DECIDE_THREAT ? "TS-THR-1" : "TS-THR-2", events);
        }
      if (kind == TS_DECIDE_THREAT && u->type == TS_CAV)
        offer_threat (m, u, TRUE, events);
      /* TS-AMB-36: a charge's threats come charger by charger */
      if (m->decision.kind == TS_DECIDE_NONE)
        ts_charge_resume (m, events);
      break;
    case TS_DECIDE_REROLL:
      ts_reorder_remove (m, u, g_str_equal (answer, "yes") ? ts_roll_reorder (m, u, events) : value, events);
      break;
    case TS_DECIDE_DESTROY:
      for (int k = atoi (answer); k > 0 && ts_in_play (u); k--)
        {
          ts_lose_stand (m, u, "TS-REO-3", events);
          ts_add_stress (m, u, -2, "TS-REO-3", events);
        }
      if (ts_in_play (u) && u->stress > 1)
        {
          static const char *const ways[] = { "back", "away", NULL };

          ts_decide (m, TS_DECIDE_WAY, u->side, ts_unit_index (m, u), "TS-AMB-52", ways, events,
                     N_("Which way does %s withdraw: back or away from the enemy?"), ts_unit_name (u));
          break;
        }
      ts_after_action (m, u, events);
      break;
    case TS_DECIDE_GARRISON:
      ts_garrison_destroy (m, saved.other, atoi (answer), events);
      break;
    case TS_DECIDE_WAY:
      ts_withdraw (m, u, g_str_equal (answer, "away"), events);
      ts_after_action (m, u, events);
      break;
    case TS_DECIDE_PASSAGE:
    case TS_DECIDE_SHED:
      ts_passage_answer (m, kind, u, answer, &saved, events);
      break;
    case TS_DECIDE_OBSTRUCTION:
      ts_obstruction_answer (m, u, answer, &saved, events);
      break;
    case TS_DECIDE_CAV_REROLL:
      ts_commander_reroll (m, g_str_equal (answer, "yes"), &saved, events);
      break;
    case TS_DECIDE_SKIRM_BACK:
      ts_skirm_back (m, atoi (answer), &saved, events);
      break;
    case TS_DECIDE_RALLY_AGAIN:
      ts_rally_again (m, value, g_str_equal (answer, "yes"), events);
      break;
    case TS_DECIDE_ABORT_REORDER:
    case TS_DECIDE_ABORT_VOLLEY:
    case TS_DECIDE_BALK_ELAN:
    case TS_DECIDE_CHARGE_OBSTRUCTION:
    case TS_DECIDE_FLEE:
    case TS_DECIDE_FINAL_VOLLEY:
      ts_charge_answer (m, kind, answer, &saved, events);
      break;
    default:
      break;
    }
  return TRUE;
}
