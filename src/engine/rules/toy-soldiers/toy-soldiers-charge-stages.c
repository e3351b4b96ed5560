/* toy-soldiers-charge-stages.c: stages 8 to 13 of a charge's wave
 * (TS-CHG-8..13): balking, the 2" stage with the skirmishers it meets
 * and the out-of-arc stress, the abandon-guns test, the final volley at
 * the lead chargers, and the grouping into conflicts handed to contact
 * resolution (TS-AMB-67..71); the answers to the charge's decisions and
 * the charge commands the simulator may give. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>


/* Stage 8 ------------------------------------------------------------------------------ */

void
ts_charge_balk_fail (TsMatch *m, TsCharger *c, GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, c->unit);
  TsUnit *cmdr = ts_commander_of (m, u);

  ts_add_disorder (m, u, 1, "TS-CHG-8", events);
  ts_add_stress (m, u, 1, "TS-CHG-8", events);
  if (cmdr)
    ts_add_chaos (m, cmdr, 1, "TS-CHG-8", events);
  c->out = TRUE;
}

void
ts_charge_balk_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  TsCharger *c = ts_charger_at (ch, ch->next);
  TsUnit *u;
  gboolean ok;

  if (c == NULL)
    {
      ch->step = TS_CH_SLIDE2;
      ch->next = 0;
      return;
    }
  ch->next++;
  u = ts_unit_at (m, c->unit);
  if (!c->wave || c->out || !ts_in_play (u))
    return;
  mu_dice_roll (m->dice, events, "balk", u->def->id, NULL, 0, MU_ROLL_AT_LEAST, u->stress, "TS-CHG-8", &ok);
  if (ok)
    return;
  /* TS-CHG-8, TS-AMB-77: an optional payment needs élan of 1 or more */
  if (m->elan[u->side] >= 1)
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      ts_decide (m, TS_DECIDE_BALK_ELAN, u->side, c->unit, "TS-CHG-8", yes_no, events,
                 N_("%s balks: does its side spend 1 élan for it to go on?"), ts_unit_name (u));
      m->decision.value = (int) ch->next - 1;
      return;
    }
  ts_charge_balk_fail (m, c, events);
}

/* Stage 9 ------------------------------------------------------------------------------ */

/* TS-SKM-5: the first enemy skirmish stand the slide to 2" meets, or FALSE. */
static gboolean
skirm_met (TsMatch *m, TsCharger *c, int *owner, int *index)
{
  TsUnit *u = ts_unit_at (m, c->unit);
  MuStand st[MU_STANDS_MAX];
  TsPose now = { u->anchor, u->facing };
  double best = G_MAXDOUBLE;
  int steps = ts_charge_samples (u, now, c->contact);

  *owner = TS_NONE;
  for (int i = 0; i <= steps; i++)
    {
      TsPose p = ts_charge_lerp (now, c->contact, (double) i / steps);
      guint n = ts_charge_layout (m, u, p, st);

      /* only as far as the 2" the slide goes */
      if (i > 0 && mu_table_beyond (ts_in (m, 2), ts_charge_target_distance (m, st, n, c->target, c->block)))
        break;
      TS_FOR_UNITS (m, o)
        if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o))
          for (int k = 0; k < o->n_skirm; k++)
            if (mu_stands_overlap (st, n, &o->skirm[k], 1))
              {
                double d = hypot (o->skirm[k].centre.x - u->anchor.x, o->skirm[k].centre.y - u->anchor.y);

                if (d < best)
                  {
                    best = d;
                    *owner = ts_unit_index (m, o);
                    *index = k;
                  }
              }
      if (*owner != TS_NONE)
        return TRUE;
    }
  return FALSE;
}

void
ts_charge_slide2_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  TsCharger *c = ts_charger_at (ch, ch->next);
  TsUnit *u, *t;
  int owner, index;

  if (c == NULL)
    {
      ch->step = TS_CH_FLEE;
      ch->next = 0;
      return;
    }
  u = ts_unit_at (m, c->unit);
  if (!c->wave || c->out || c->countered || !ts_in_play (u))
    {
      ch->next++;
      return;
    }
  if (ts_charge_target_gone (m, c))
    {
      c->out = TRUE;
      ch->next++;
      return;
    }
  if (mu_table_beyond (ts_charger_distance (m, c), ts_in (m, 2)) && skirm_met (m, c, &owner, &index))
    {
      static const char *const answers[] = { "disorder", "stress", NULL };

      ts_decide (m, TS_DECIDE_CHARGE_OBSTRUCTION, u->side, c->unit, "TS-SKM-5", answers, events,
                 N_("%s's charge meets enemy skirmishers: does it take +1 disorder or +1 stress?"),
                 ts_unit_name (u));
      m->decision.other = owner;
      m->decision.count = index;
      return;
    }
  ch->next++;
  if (mu_table_beyond (ts_charger_distance (m, c), ts_in (m, 2)))
    {
      ts_charge_slide (m, u, c->start, c->contact, c->target, c->block, ts_in (m, 2), "charge-2", "TS-CHG-9",
                       events);
      /* TS-AMB-65: one that cannot come within 2" ends its charge there */
      if (ts_charge_target_distance (m, u->st, u->n_st, c->target, c->block) > ts_in (m, 2) + 0.01 * m->inch)
        {
          c->out = TRUE;
          return;
        }
      c->at = ts_in (m, 2);
    }
  /* TS-CHG-9, TS-AMB-40, TS-AMB-42: +1 stress on the target for a charger outside its front */
  t = ts_unit_at (m, c->target);
  if (t && ts_in_play (t) && !ts_charge_abandoned (m, c->target) && !ts_to_front (m, t, u))
    ts_add_stress (m, t, 1, "TS-CHG-9", events);
}

/* Stage 10 ----------------------------------------------------------------------------- */

/* TS-AMB-69: the infantry of the battery's side within 4" that is no target, nearest first. */
TsUnit *
ts_charge_shelter (TsMatch *m, const TsUnit *b)
{
  TsUnit *best = NULL;
  double bd = G_MAXDOUBLE;

  TS_FOR_UNITS (m, o)
    if (o->side == b->side && (o->type == TS_LINE_INF || o->type == TS_LIGHT_INF) && ts_in_play (o) &&
        !ts_charge_is_target (m, o))
      {
        double d = ts_unit_distance (o, b);

        if (mu_table_within (d, ts_in (m, 4)) && mu_table_beyond (bd, d))
          {
            bd = d;
            best = o;
          }
      }
  return best;
}

void
ts_charge_abandon (TsMatch *m, TsUnit *b, TsUnit *inf, const char *rule, GPtrArray *events)
{
  TsAbandon a = { ts_unit_index (m, b), ts_unit_index (m, inf), { inf->anchor, inf->facing } };
  g_autofree char *text = g_strdup_printf ("to=%s", inf->def->id);
  MuEvent *e;

  g_array_append_val (m->charge->abandoned, a);
  e = ts_event (m, events, &ts_ev_abandon, b->def->id, rule);
  if (e)
    mu_event_set_text (e, text);
}

void
ts_charge_flee_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = ts_charge_targets (m, TRUE);
  int id;
  TsUnit *b;

  if (ch->next >= targets->len)
    {
      ch->step = TS_CH_VOLLEY;
      ch->next = 0;
      return;
    }
  id = g_array_index (targets, int, ch->next);
  ch->next++;
  b = id >= 0 ? ts_unit_at (m, id) : NULL;
  if (b && b->type == TS_ART && ts_in_play (b) && !ts_charge_abandoned (m, id) && ts_charge_shelter (m, b))
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      ts_decide (m, TS_DECIDE_FLEE, b->side, id, "TS-CHG-10", yes_no, events,
                 N_("Do %s's gunners try to flee to the infantry?"), ts_unit_name (b));
    }
}

/* Stage 11 ----------------------------------------------------------------------------- */

/* Whether the charger's target is id (a unit, or -2 - block). */
static gboolean
charges (const TsCharger *c, int id)
{
  return id >= 0 ? c->block == TS_NONE && c->target == id : c->block == -2 - id;
}

/* TS-AMB-67, TS-AMB-70: the chargers of the target it may aim at. */
static GPtrArray *
volley_answers (TsMatch *m, TsUnit *t, int id)
{
  GPtrArray *answers = g_ptr_array_new ();

  for (int lead = 1; lead >= 0 && answers->len == 0; lead--)
    for (guint i = 0; i < m->charge->chargers->len; i++)
      {
        TsCharger *c = ts_charger_at (m->charge, i);
        TsUnit *u = ts_unit_at (m, c->unit);

        if (c->out || !c->wave || c->countered || !charges (c, id) || !ts_in_play (u))
          continue;
        if (lead && !ts_charge_is_lead (m, c))
          continue;
        if (ts_can_fire (m, t, u, NULL))
          g_ptr_array_add (answers, (gpointer) u->def->id);
      }
  return answers;
}

void
ts_charge_volley_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = ts_charge_targets (m, TRUE);
  g_autoptr(GPtrArray) answers = NULL;
  TsUnit garrison;
  int id;
  TsUnit *t;

  if (ch->next >= targets->len)
    {
      ts_charge_group (m, events);
      return;
    }
  id = g_array_index (targets, int, ch->next);
  ch->next++;
  /* a garrison fires by its block's faces (TS-AMB-85) */
  if (id < 0)
    t = ts_block_faces (m, -2 - id, &garrison) ? &garrison : NULL;
  else
    t = ts_unit_at (m, id);
  /* cavalry never fires (TS-AMB-18) */
  if (t == NULL || (!t->faces && !ts_in_play (t)) || t->type == TS_CAV || (id >= 0 && ts_charge_abandoned (m, id)))
    return;
  for (guint i = 0; i < ch->no_volley->len; i++)
    if (g_array_index (ch->no_volley, int, i) == id)
      return;
  answers = volley_answers (m, t, id);
  if (answers->len == 0)
    return;
  g_ptr_array_add (answers, (gpointer) "none");
  g_ptr_array_add (answers, NULL);
  ts_decide (m, TS_DECIDE_FINAL_VOLLEY, t->side, id >= 0 ? id : ts_block_at (m, -2 - id)->unit, "TS-CHG-11",
             (const char *const *) answers->pdata, events,
             N_("Does %s fire its final ragged volley, and at which charger?"),
             id >= 0 ? ts_unit_name (t) : ts_block_name (ts_block_at (m, -2 - id)));
  m->decision.value = id;
}

/* Stage 13 ----------------------------------------------------------------------------- */

static int
find_root (int *parent, int i)
{
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/* TS-CHG-13, TS-AMB-71: the wave's pairs grouped into conflicts, in the
 * order of their first charger; a charger left with no foe (its target's
 * gunners sheltered, TS-AMB-69) is a pair of its own with no defender. */
void
ts_charge_group (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) pairs = g_array_new (FALSE, TRUE, sizeof (TsPair));
  g_autoptr(GArray) conflicts = g_array_new (FALSE, TRUE, sizeof (TsConflict));
  g_autofree int *parent = NULL;
  g_autofree int *slot = NULL;
  guint np;

  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      TsPair p = { c->unit, c->target, c->block, FALSE };

      if (!c->wave || c->out || !ts_in_play (ts_unit_at (m, c->unit)))
        continue;
      if (c->countered)
        {
          for (guint k = 0; k < ch->counters->len; k++)
            {
              TsCounter *cc = &g_array_index (ch->counters, TsCounter, k);
              TsPair q = { cc->unit, cc->charger, TS_NONE, TRUE };

              if (cc->charger == c->unit && ts_in_play (ts_unit_at (m, cc->unit)))
                g_array_append_val (pairs, q);
            }
          continue;
        }
      if (c->block == TS_NONE && (ts_charge_abandoned (m, c->target) || !ts_in_play (ts_unit_at (m, c->target))))
        p.defender = TS_NONE;
      g_array_append_val (pairs, p);
    }
  np = pairs->len;
  parent = g_new (int, MAX (np, 1));
  slot = g_new (int, MAX (np, 1));
  for (guint i = 0; i < np; i++)
    parent[i] = (int) i;
  for (guint i = 0; i < np; i++)
    for (guint j = i + 1; j < np; j++)
      {
        TsPair *a = &g_array_index (pairs, TsPair, i), *b = &g_array_index (pairs, TsPair, j);
        gboolean shared = a->attacker == b->attacker || a->attacker == b->defender ||
                          (a->defender != TS_NONE && (a->defender == b->defender || a->defender == b->attacker)) ||
                          (a->block != TS_NONE && a->block == b->block);

        if (shared)
          parent[find_root (parent, (int) j)] = find_root (parent, (int) i);
      }
  for (guint i = 0; i < np; i++)
    slot[i] = -1;
  for (guint i = 0; i < np; i++)
    {
      int r = find_root (parent, (int) i);
      TsConflict *cf;

      if (slot[r] < 0)
        {
          TsConflict z = { 0 };

          slot[r] = (int) conflicts->len;
          g_array_append_val (conflicts, z);
        }
      cf = &g_array_index (conflicts, TsConflict, slot[r]);
      if (cf->n_pairs < TS_CONFLICT_PAIRS)
        cf->pair[cf->n_pairs++] = g_array_index (pairs, TsPair, i);
    }
  for (guint i = 0; i < ch->chargers->len; i++)
    if (ts_charger_at (ch, i)->wave)
      ts_charger_at (ch, i)->done = TRUE;
  ch->step = TS_CH_CONTACT;
  /* contact resolution calls ts_charge_contact_done() when it is over */
  if (conflicts->len > 0)
    ts_contact_begin (m, (const TsConflict *) (gpointer) conflicts->data, conflicts->len, events);
  else
    ts_charge_contact_done (m, events);
}

/* Answers ------------------------------------------------------------------------------ */

void
ts_charge_answer (TsMatch *m, TsDecideKind kind, const char *answer, const TsDecision *d, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  TsUnit *u = ts_unit_at (m, d->unit);
  gboolean yes = g_strcmp0 (answer, "yes") == 0;

  if (ch == NULL)
    return;
  switch (kind)
    {
    case TS_DECIDE_ABORT_REORDER:
      if (yes && ts_in_play (u))
        {
          /* TS-CHG-4: a full reorder, no action; the charge goes on after it */
          ts_reorder_body (m, u, 2, events);
          return;
        }
      break;
    case TS_DECIDE_ABORT_VOLLEY:
      if (!g_str_equal (answer, "none") && ts_in_play (u))
        {
          ts_add_disorder (m, u, 1, "TS-CHG-7", events);
          ts_fire (m, u, ts_find (m, answer), -1, events);
        }
      break;
    case TS_DECIDE_BALK_ELAN:
      if (yes)
        ts_add_elan (m, u->side, -1, "TS-ELAN-2", events);
      else
        ts_charge_balk_fail (m, ts_charger_at (ch, (guint) d->value), events);
      break;
    case TS_DECIDE_CHARGE_OBSTRUCTION:
      {
        TsUnit *o = ts_unit_at (m, d->other);
        MuEvent *e;

        if (g_str_equal (answer, "stress"))
          ts_add_stress (m, u, 1, "TS-SKM-5", events);
        else
          ts_add_disorder (m, u, 1, "TS-SKM-5", events);
        /* TS-SKM-5: the stand is removed, to the lost pool (TS-AMB-86) */
        if (d->count < o->n_skirm)
          {
            o->skirm[d->count] = o->skirm[o->n_skirm - 1];
            o->n_skirm--;
            o->stands--;
            o->lost_pool++;
            e = ts_event (m, events, &ts_ev_skirmish, o->def->id, "TS-SKM-5");
            if (e)
              mu_event_set_text (e, "destroyed");
          }
      }
      break;
    case TS_DECIDE_FLEE:
      if (yes)
        {
          gboolean ok;
          TsUnit *inf = ts_charge_shelter (m, u);

          mu_dice_roll (m->dice, events, "abandon-guns", u->def->id, NULL, 0, MU_ROLL_AT_LEAST, u->disorder,
                        "TS-CHG-10", &ok);
          if (ok && inf)
            ts_charge_abandon (m, u, inf, "TS-CHG-10", events);
          else
            {
              int id = d->unit;

              ts_add_disorder (m, u, 2, "TS-CHG-10", events);
              ts_add_stress (m, u, 2, "TS-CHG-10", events);
              g_array_append_val (ch->no_volley, id);
            }
        }
      break;
    case TS_DECIDE_FINAL_VOLLEY:
      {
        TsUnit garrison;
        TsUnit *t = d->value >= 0 ? u : ts_block_faces (m, -2 - d->value, &garrison) ? &garrison : NULL;

        if (g_str_equal (answer, "none") || t == NULL || (!t->faces && !ts_in_play (t)))
          break;
        /* TS-CHG-11, TS-AMB-70: ragged; any effective die, +1 stress on each charger of it */
        if (ts_fire (m, t, ts_find (m, answer), -2, events))
          for (guint i = 0; i < ch->chargers->len; i++)
            {
              TsCharger *c = ts_charger_at (ch, i);

              if (c->wave && !c->out && charges (c, d->value) && ts_in_play (ts_unit_at (m, c->unit)))
                ts_add_stress (m, ts_unit_at (m, c->unit), 1, "TS-CHG-11", events);
            }
      }
      break;
    default:
      break;
    }
  ts_charge_run (m, events);
}

static void
offer (TsMatch *m, GPtrArray *out, MuCommand *c)
{
  if (ts_apply (m, c, NULL, NULL))
    g_ptr_array_add (out, c);
  else
    mu_command_free (c);
}

void
ts_charge_legal_declare (TsMatch *m, TsUnit *u, GPtrArray *out)
{
  if (u->type == TS_ART || u->type == TS_COMMANDER || u->form == TS_FORM_SQUARE || !ts_in_play (u) ||
      ts_garrisoned (m, u) || ts_charge_charger_of (m, u) != NULL)
    return;
  TS_FOR_UNITS (m, t)
    {
      TsPose pose;
      MuCommand *c;
      MuPos p;

      if (t->type == TS_COMMANDER || t->side == u->side || !ts_in_play (t) || ts_garrisoned (m, t) ||
          !ts_charge_may (m, u, ts_unit_index (m, t), TS_NONE, NULL) ||
          !ts_charge_find_pose (m, u, ts_unit_index (m, t), TS_NONE, FALSE, &pose))
        continue;
      p = mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing);
      c = mu_rules_command ("charge", u->def->id, t->def->id);
      mu_command_add_pos (c, &p);
      offer (m, out, c);
    }
}

/* The commands of a charge being declared or at an abort step. */
void
ts_charge_legal (TsMatch *m, GPtrArray *out)
{
  TsCharge *ch = m->charge;

  if (ch->step == TS_CH_DECLARE)
    {
      offer (m, out, mu_rules_command ("launch", NULL, NULL));
      TS_FOR_UNITS (m, u)
        if (u->side == ch->side && !u->acted)
          ts_charge_legal_declare (m, u, out);
      return;
    }
  if (ch->step != TS_CH_ABORT1 && ch->step != TS_CH_ABORT2)
    return;
  offer (m, out, mu_rules_command ("end-phase", NULL, NULL));
  for (guint i = 0; i < ch->chargers->len; i++)
    offer (m, out, mu_rules_command ("abort", ts_unit_at (m, ts_charger_at (ch, i)->unit)->def->id, NULL));
}
