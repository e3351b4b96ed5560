/* toy-soldiers-charge.c: the charge sequence of Toy Soldiers (3.20,
 * TS-CHG-0..13, TS-AMB-64..71): launch, the stage moves at 12", 6" and
 * 2", stress and force disparity, the attacker's two abort steps,
 * balking, the abandon-guns test, the final volley, the lead chargers and
 * the grouping into conflicts handed to contact resolution. The
 * declaration is in toy-soldiers-charge-declare.c, the defender's
 * reactions at 12" and 6" in toy-soldiers-charge-react.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


/* The state ---------------------------------------------------------------------------- */

TsCharge *
ts_charge_new (const TsMatch *m, int side)
{
  TsCharge *ch = g_new0 (TsCharge, 1);

  ch->side = side;
  ch->chargers = g_array_new (FALSE, TRUE, sizeof (TsCharger));
  ch->counters = g_array_new (FALSE, TRUE, sizeof (TsCounter));
  ch->abandoned = g_array_new (FALSE, TRUE, sizeof (TsAbandon));
  ch->queue = g_array_new (FALSE, TRUE, sizeof (int));
  ch->no_volley = g_array_new (FALSE, TRUE, sizeof (int));
  ch->met = g_array_new (FALSE, TRUE, sizeof (int));
  ch->n_units = m->units->len;
  ch->reacted = g_new0 (guint8, ch->n_units);
  ch->paid = g_new0 (guint, ch->n_units);
  return ch;
}

TsCharge *
ts_charge_copy (const TsCharge *o)
{
  TsCharge *ch;

  if (o == NULL)
    return NULL;
  ch = g_new0 (TsCharge, 1);
  *ch = *o;
  ch->chargers = g_array_copy (o->chargers);
  ch->counters = g_array_copy (o->counters);
  ch->abandoned = g_array_copy (o->abandoned);
  ch->queue = g_array_copy (o->queue);
  ch->no_volley = g_array_copy (o->no_volley);
  ch->met = g_array_copy (o->met);
  ch->reacted = g_memdup2 (o->reacted, o->n_units);
  ch->paid = g_memdup2 (o->paid, o->n_units * sizeof (guint));
  return ch;
}

void
ts_charge_free (TsCharge *ch)
{
  if (ch == NULL)
    return;
  g_array_unref (ch->chargers);
  g_array_unref (ch->counters);
  g_array_unref (ch->abandoned);
  g_array_unref (ch->queue);
  g_array_unref (ch->no_volley);
  g_array_unref (ch->met);
  g_free (ch->reacted);
  g_free (ch->paid);
  g_free (ch);
}

TsCharger *
ts_charger_at (TsCharge *ch, guint i)
{
  return i < ch->chargers->len ? &g_array_index (ch->chargers, TsCharger, i) : NULL;
}

static gboolean
launched (const TsMatch *m)
{
  return m->charge != NULL && m->charge->step != TS_CH_DECLARE;
}

gboolean
ts_charge_abandoned (const TsMatch *m, int unit)
{
  for (guint i = 0; m->charge && i < m->charge->abandoned->len; i++)
    if (g_array_index (m->charge->abandoned, TsAbandon, i).battery == unit)
      return TRUE;
  return FALSE;
}

gboolean
ts_charge_is_target (const TsMatch *m, const TsUnit *u)
{
  int ui = ts_unit_index (m, u);

  if (m->charge == NULL || ui == TS_NONE)
    return FALSE;
  for (guint i = 0; i < m->charge->chargers->len; i++)
    {
      const TsCharger *c = &g_array_index (m->charge->chargers, TsCharger, i);

      if (c->out)
        continue;
      if (c->target == ui || (c->block != TS_NONE && ts_block_at (m, c->block)->unit == ui))
        return TRUE;
    }
  return FALSE;
}

/* TS-AMB-62: from the declaration to the end of the resolution. */
gboolean
ts_charge_target (const TsMatch *m, const TsUnit *u)
{
  return ts_charge_is_target (m, u) && !ts_charge_abandoned (m, ts_unit_index (m, u));
}

gboolean
ts_charge_no_return_stress (const TsMatch *m)
{
  return m->charge != NULL && m->charge->reacting_fire;
}

int
ts_charge_stage (const TsMatch *m)
{
  if (m->charge == NULL)
    return 0;
  switch (m->charge->step)
    {
    case TS_CH_REACT12:
      return 3;
    case TS_CH_ABORT1:
      return 4;
    case TS_CH_REACT6:
      return 6;
    case TS_CH_ABORT2:
      return 7;
    default:
      return 0;
    }
}

/* The step of the turn structure's charge procedure it stands at (the
 * phase tracker's path): each stage, reaction window and abort a row of
 * its own, contact resolution's step from its own state; NULL when the
 * charge is over (its threats). */
const char *
ts_charge_path (const TsMatch *m)
{
  static const char *const paths[] = {
    [TS_CH_DECLARE] = "player-turn/charge/declaration",
    [TS_CH_STAGE2] = "player-turn/charge/stage-12",
    [TS_CH_AFTER_2A] = "player-turn/charge/stage-12",
    [TS_CH_REACT12] = "player-turn/charge/react-12",
    [TS_CH_ABORT1] = "player-turn/charge/abort-12",
    [TS_CH_STAGE6] = "player-turn/charge/stage-6",
    [TS_CH_REACT6] = "player-turn/charge/react-6",
    [TS_CH_ABORT2] = "player-turn/charge/abort-6",
    [TS_CH_BALK] = "player-turn/charge/balk",
    [TS_CH_SLIDE2] = "player-turn/charge/stage-2",
    [TS_CH_FLEE] = "player-turn/charge/stage-2",
    [TS_CH_VOLLEY] = "player-turn/charge/volley",
    [TS_CH_CONTACT] = "player-turn/charge/contact",
  };

  if (m->charge == NULL || m->charge->step >= G_N_ELEMENTS (paths))
    return NULL;
  if (m->charge->step == TS_CH_CONTACT && m->contact != NULL)
    return ts_contact_path (m->contact);
  return paths[m->charge->step];
}

/* Stress on a charger or target (a garrison: its block's die). */
static void
add_stress_to (TsMatch *m, int unit, int block, int s, const char *rule, GPtrArray *events)
{
  if (block != TS_NONE)
    ts_block_add_stress (m, block, s, rule, events);
  else
    ts_add_stress (m, ts_unit_at (m, unit), s, rule, events);
}

/* The distinct targets of the active chargers (of the wave), in declaration order:
 * unit indices, or -2 - block for a block. */
GArray *
ts_charge_targets (const TsMatch *m, gboolean wave_only)
{
  GArray *t = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < m->charge->chargers->len; i++)
    {
      const TsCharger *c = &g_array_index (m->charge->chargers, TsCharger, i);
      int id = c->block != TS_NONE ? -2 - c->block : c->target;
      gboolean seen = FALSE;

      if (c->out || (wave_only && !c->wave))
        continue;
      for (guint k = 0; k < t->len; k++)
        seen |= g_array_index (t, int, k) == id;
      if (!seen)
        g_array_append_val (t, id);
    }
  return t;
}

/* The formed stands a target has on the table (a garrison: none). */
const TsUnit *
ts_charge_target_unit (const TsMatch *m, int id)
{
  return id >= 0 ? ts_unit_at (m, id) : ts_unit_at (m, ts_block_at (m, -2 - id)->unit);
}

/* TS-AMB-37: whether two units are within d, a whole garrison counting
 * as its block's polygon (its faces, a hair outside it, against another
 * block). */
static gboolean
units_within (const TsMatch *m, const TsUnit *a, const TsUnit *b, double d)
{
  TsUnit faces;

  if (ts_garrisoned (m, a) && ts_garrisoned (m, b))
    return ts_block_faces (m, a->block, &faces) &&
           mu_table_within (ts_block_distance (m, b->block, faces.st, faces.n_st), d);
  if (ts_garrisoned (m, a))
    return ts_in_play (b) && mu_table_within (ts_block_distance (m, a->block, b->st, b->n_st), d);
  if (ts_garrisoned (m, b))
    return ts_in_play (a) && mu_table_within (ts_block_distance (m, b->block, a->st, a->n_st), d);
  return ts_in_play (a) && ts_in_play (b) && mu_stands_within (a->st, a->n_st, b->st, b->n_st, d);
}

/* TS-CHG-2a, TS-AMB-68: counted once after stage 2. */
static void
disparity (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = ts_charge_targets (m, FALSE);
  g_autofree gboolean *in = g_new0 (gboolean, m->units->len);
  int count[TS_SIDES] = { 0, 0 };
  int low, diff, k;
  g_autoptr(GArray) spread = g_array_new (FALSE, FALSE, sizeof (int));   /* unit, or -2 - block */

  for (guint i = 0; i < ch->chargers->len; i++)
    if (!ts_charger_at (ch, i)->out)
      in[ts_charger_at (ch, i)->unit] = TRUE;
  for (guint i = 0; i < targets->len; i++)
    {
      const TsUnit *t = ts_charge_target_unit (m, g_array_index (targets, int, i));

      in[ts_unit_index (m, t)] = TRUE;
    }
  TS_FOR_UNITS (m, o)
    {
      int oi = ts_unit_index (m, o);
      gboolean near = in[oi];

      if (o->type == TS_COMMANDER || (!ts_in_play (o) && !ts_garrisoned (m, o)))
        continue;
      for (guint j = 0; !near && j < m->units->len; j++)
        {
          const TsUnit *p = ts_unit_at (m, (int) j);

          if (in[j] && units_within (m, o, p, ts_in (m, m->num.reorder_near)))
            near = TRUE;
        }
      if (near)
        count[o->side]++;
    }
  if (count[0] == count[1])
    return;
  {
    MuEvent *e = ts_event (m, events, &ts_ev_disparity, NULL, "TS-CHG-2a");

    if (e)
      {
        g_autofree char *text = g_strdup_printf ("%s=%d %s=%d", m->side_id[ch->side], count[ch->side],
                                                 m->side_id[1 - ch->side], count[1 - ch->side]);

        mu_event_set_text (e, text);
        /* for the log's sentence only: the line has no value key */
        e->value = ABS (count[0] - count[1]);
      }
  }
  low = count[0] < count[1] ? 0 : 1;
  diff = ABS (count[0] - count[1]);
  if (low == ch->side)
    {
      for (guint i = 0; i < ch->chargers->len; i++)
        if (!ts_charger_at (ch, i)->out)
          g_array_append_val (spread, ts_charger_at (ch, i)->unit);
    }
  else
    for (guint i = 0; i < targets->len; i++)
      g_array_append_val (spread, g_array_index (targets, int, i));
  k = (int) spread->len;
  if (k == 0)
    return;
  for (int i = 0; i < k && diff / k > 0; i++)
    {
      int id = g_array_index (spread, int, i);

      add_stress_to (m, id >= 0 ? id : TS_NONE, id >= 0 ? TS_NONE : -2 - id, diff / k, "TS-CHG-2a", events);
    }
  if (diff % k)
    {
      g_autoptr(GPtrArray) answers = g_ptr_array_new ();

      for (int i = 0; i < k; i++)
        g_ptr_array_add (answers, (gpointer) ts_charge_target_unit (m, g_array_index (spread, int, i))->def->id);
      g_ptr_array_add (answers, NULL);
      ts_decide (m, TS_DECIDE_DISPARITY, low, TS_NONE, "TS-AMB-68", (const char *const *) answers->pdata, events,
                 N_("Which %d of the units take one more stress of the force disparity?"), diff % k);
      m->decision.min = m->decision.max = diff % k;
      m->decision.value = diff % k;
    }
}

/* The words of a subset answer: "u1,u2" or "u1 u2". */
static GPtrArray *
subset_words (const MuCommand *c)
{
  GPtrArray *w = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < mu_command_n_args (c); i++)
    {
      const char *word = mu_command_word (c, i);
      g_auto(GStrv) parts = NULL;

      if (word == NULL)
        continue;
      parts = g_strsplit (word, ",", -1);
      for (guint k = 0; parts[k]; k++)
        if (*parts[k])
          g_ptr_array_add (w, g_strdup (parts[k]));
    }
  return w;
}

gboolean
ts_charge_check_answer (TsMatch *m, const MuCommand *c, GError **error)
{
  TsDecision *d = &m->decision;
  g_autoptr(GPtrArray) w = subset_words (c);

  if ((int) w->len != d->value)
    return mu_rules_refuse (error, "TS-AMB-68", "name exactly %d of the units", d->value);
  for (guint i = 0; i < w->len; i++)
    {
      gboolean ok = FALSE;

      for (guint k = 0; k + 1 < d->answers->len; k++)
        ok |= g_str_equal (g_ptr_array_index (w, i), g_ptr_array_index (d->answers, k));
      for (guint k = 0; k < i; k++)
        ok &= !g_str_equal (g_ptr_array_index (w, i), g_ptr_array_index (w, k));
      if (!ok)
        return mu_rules_refuse (error, "TS-AMB-68", "%s is not one of the units that share the stress",
                                (char *) g_ptr_array_index (w, i));
    }
  return TRUE;
}

void
ts_charge_answer_subset (TsMatch *m, const MuCommand *c, GPtrArray *events)
{
  g_autoptr(GPtrArray) w = subset_words (c);

  ts_decision_clear (&m->decision);
  for (guint i = 0; i < w->len; i++)
    {
      TsUnit *u = ts_find (m, g_ptr_array_index (w, i));

      if (ts_garrisoned (m, u))
        ts_block_add_stress (m, u->block, 1, "TS-CHG-2a", events);
      else
        ts_add_stress (m, u, 1, "TS-CHG-2a", events);
    }
  ts_charge_run (m, events);
}

/* Launch: the action, stages 1, 2 and 2a. */
static gboolean
launch (TsMatch *m, GPtrArray *events, GError **error)
{
  TsCharge *ch = m->charge;

  if (ch == NULL || ch->chargers->len == 0)
    return mu_rules_refuse (error, "TS-AMB-64", "declare a charge first: charge UNIT TARGET POSE");
  if (events == NULL)
    return TRUE;
  /* TS-AMB-64: each charger uses its action, the Charge type (TS-ACT-2) */
  for (guint i = 0; i < ch->chargers->len; i++)
    ts_take_action (m, ts_unit_at (m, ts_charger_at (ch, i)->unit), TS_ACT_CHARGE, events);
  /* TS-CHG-1: beyond 12" to 12" */
  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      TsUnit *u = ts_unit_at (m, c->unit);

      if (!ts_charge_target_gone (m, c) && mu_table_beyond (ts_charger_distance (m, c), ts_in (m, 12)) &&
          ts_charge_slide (m, u, c->start, c->contact, c->target, c->block, ts_in (m, 12), "charge-12",
                           "TS-CHG-1", events))
        {
          c->at = ts_in (m, 12);
          ch->used12 = TRUE;
        }
    }
  /* the lone commanders stage 1 met, then stages 2 and 2a */
  ch->step = TS_CH_STAGE2;
  ts_charge_run (m, events);
  return TRUE;
}

/* Stages 2 and 2a. */
static void
stage2 (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = NULL;

  ch->step = TS_CH_AFTER_2A;
  /* TS-CHG-2: every charger and every target +1 stress */
  for (guint i = 0; i < ch->chargers->len; i++)
    ts_add_stress (m, ts_unit_at (m, ts_charger_at (ch, i)->unit), 1, "TS-CHG-2", events);
  targets = ts_charge_targets (m, FALSE);
  for (guint i = 0; i < targets->len; i++)
    {
      int id = g_array_index (targets, int, i);

      add_stress_to (m, id >= 0 ? id : TS_NONE, id >= 0 ? TS_NONE : -2 - id, 1, "TS-CHG-2", events);
    }
  disparity (m, events);
}

/* The attacker's abort steps ----------------------------------------------------------- */

TsCharger *
ts_charge_charger_of (TsMatch *m, const TsUnit *u)
{
  for (guint i = 0; m->charge && i < m->charge->chargers->len; i++)
    if (ts_charger_at (m->charge, i)->unit == ts_unit_index (m, u))
      return ts_charger_at (m->charge, i);
  return NULL;
}

/* TS-CHG-4, TS-CHG-7: abort UNIT..., +1 chaos for each commander. */
static gboolean
apply_abort (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsCharge *ch = m->charge;
  gboolean second = ch->step == TS_CH_ABORT2;
  const char *rule = second ? "TS-CHG-7" : "TS-CHG-4";
  g_autoptr(GPtrArray) cmdrs = g_ptr_array_new ();

  if (ch->aborted)
    return mu_rules_refuse (error, rule, "the charge has been aborted once at this stage");
  if (mu_command_n_args (c) == 0)
    return mu_rules_refuse (error, rule, "name the charging units that abort");
  for (guint i = 0; i < mu_command_n_args (c); i++)
    {
      TsUnit *u = ts_find (m, mu_command_word (c, i));
      TsCharger *cg = u ? ts_charge_charger_of (m, u) : NULL;
      TsUnit *cmdr;

      if (cg == NULL || cg->out || (second && !cg->wave))
        return mu_rules_refuse (error, rule, "“%s” is not charging now",
                                mu_command_word (c, i) ? mu_command_word (c, i) : "");
      if (second && cg->countered)
        return mu_rules_refuse (error, "TS-CHG-7", "%s was counter-charged: it may not abort", u->def->id);
      for (guint k = 0; k < i; k++)
        if (g_strcmp0 (mu_command_word (c, k), mu_command_word (c, i)) == 0)
          return mu_rules_refuse (error, rule, "%s is named twice", u->def->id);
      cmdr = ts_commander_of (m, u);
      if (cmdr && !g_ptr_array_find (cmdrs, cmdr, NULL))
        {
          if (cmdr->chaos + 1 > 6)
            return mu_rules_refuse (error, "TS-AMB-54", "aborting would take %s's chaos above 6", cmdr->def->id);
          g_ptr_array_add (cmdrs, cmdr);
        }
    }
  if (events == NULL)
    return TRUE;
  ch->aborted = TRUE;
  for (guint i = 0; i < cmdrs->len; i++)
    ts_add_chaos (m, g_ptr_array_index (cmdrs, i), 1, rule, events);
  for (guint i = 0; i < mu_command_n_args (c); i++)
    {
      TsUnit *u = ts_find (m, mu_command_word (c, i));
      int ui = ts_unit_index (m, u);

      ts_charge_charger_of (m, u)->out = TRUE;
      g_array_append_val (ch->queue, ui);
    }
  ts_charge_run (m, events);
  return TRUE;
}

/* The next aborting unit's decision: reorder (stage 4) or a weak volley (stage 7). */
static void
abort_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  int ui = g_array_index (ch->queue, int, 0);
  TsUnit *u = ts_unit_at (m, ui);

  g_array_remove_index (ch->queue, 0);
  if (!ts_in_play (u))
    return;
  if (ch->step == TS_CH_ABORT1)
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      ts_decide (m, TS_DECIDE_ABORT_REORDER, u->side, ui, "TS-CHG-4", yes_no, events,
                 N_("Does %s reorder now that it has aborted?"), ts_unit_name (u));
      return;
    }
  /* TS-CHG-7, TS-AMB-20, TS-AMB-54: +1 disorder for a weak volley */
  if (u->type != TS_CAV && u->disorder + 1 <= 6)
    {
      g_autoptr(GPtrArray) t = ts_fire_targets (m, u);
      g_autoptr(GPtrArray) answers = g_ptr_array_new ();

      for (guint i = 0; i < t->len; i++)
        if (!ts_charge_abandoned (m, ts_unit_index (m, g_ptr_array_index (t, i))))
          g_ptr_array_add (answers, (gpointer) ((TsUnit *) g_ptr_array_index (t, i))->def->id);
      if (answers->len == 0)
        return;
      g_ptr_array_add (answers, (gpointer) "none");
      g_ptr_array_add (answers, NULL);
      ts_decide (m, TS_DECIDE_ABORT_VOLLEY, u->side, ui, "TS-CHG-7", (const char *const *) answers->pdata,
                 events, N_("Does %s take +1 disorder to fire a weak volley, and at whom?"), ts_unit_name (u));
    }
}

/* TS-CHG-5: stage 5, its width disorder and the skirmishers behind (TS-AMB-81). */
static void
skirmishers_behind (TsMatch *m, TsUnit *u)
{
  MuStand fp;
  MuPoint f, right, rear;
  double total;

  if (u->n_skirm == 0 || u->n_st == 0)
    return;
  fp = mu_stands_footprint (u->st, u->n_st);
  f = mu_facing_vector (u->facing);
  right = mu_facing_vector (u->facing + 90.0);
  /* the footprint's rear edge midpoint, along the centre line */
  rear = (MuPoint) { u->anchor.x - f.x * fp.depth, u->anchor.y - f.y * fp.depth };
  total = 0;
  for (int k = 0; k < u->n_skirm; k++)
    total += u->skirm[k].width;
  {
    double along = -total / 2;

    for (int k = 0; k < u->n_skirm; k++)
      {
        MuStand *s = &u->skirm[k];
        double back = ts_in (m, 2) + s->depth / 2;
        MuPoint c = { rear.x - f.x * back + right.x * (along + s->width / 2),
                      rear.y - f.y * back + right.y * (along + s->width / 2) };

        s->centre = mu_pos_from_point (c.x, c.y, -1).point;
        s->facing = u->facing;
        along += s->width;
      }
  }
}

static void
stage5 (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;

  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      TsUnit *u = ts_unit_at (m, c->unit);

      if (c->out || !ts_in_play (u))
        continue;
      if (ts_charge_target_gone (m, c))
        {
          c->out = TRUE;
          continue;
        }
      if (mu_table_beyond (ts_charger_distance (m, c), ts_in (m, 6)) &&
          ts_charge_slide (m, u, c->start, c->contact, c->target, c->block, ts_in (m, 6), "charge-6",
                           "TS-CHG-5", events))
        {
          c->at = ts_in (m, 6);
          ch->used6 = TRUE;
        }
    }
  /* TS-AMB-65: the width disorder falls on every charger still charging */
  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      TsUnit *u = ts_unit_at (m, c->unit);
      int w;

      if (c->out || !ts_in_play (u))
        continue;
      w = ts_width_disorder (m, ts_width (m, u, u->form));
      if (w)
        ts_add_disorder (m, u, w, "TS-CHG-5", events);
      skirmishers_behind (m, u);
    }
}

static void
reset_stage (TsCharge *ch)
{
  memset (ch->reacted, 0, ch->n_units);
  memset (ch->paid, 0, ch->n_units * sizeof (guint));
  ch->aborted = FALSE;
  ch->window_done = FALSE;
  ch->next = 0;
}

/* TS-CHG-12, TS-AMB-67 ------------------------------------------------------------------ */

gboolean
ts_charge_is_lead (const TsMatch *m, const TsCharger *c)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < m->charge->chargers->len; i++)
    {
      const TsCharger *o = &g_array_index (m->charge->chargers, TsCharger, i);

      if (o->out || o->done || o->target != c->target || o->block != c->block ||
          (m->charge->step >= TS_CH_ABORT2 && !o->wave))
        continue;
      best = MIN (best, round (ts_charger_distance (m, o) / m->inch * 100));
    }
  return round (ts_charger_distance (m, c) / m->inch * 100) <= best;
}

static void end_charge (TsMatch *m, GPtrArray *events);

/* After stage 6, and after each wave's resolution: the lead chargers of
 * every target (and every counter-charged one) run stages 7-13 next. */
static void
begin_wave (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  gboolean any = FALSE;

  ch->step = TS_CH_ABORT1;   /* lead chargers are measured among all */
  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);

      c->wave = !c->out && !c->done && (c->countered || ts_charge_is_lead (m, c));
      any |= c->wave;
    }
  if (!any)
    {
      end_charge (m, events);
      return;
    }
  ch->step = TS_CH_ABORT2;
  reset_stage (ch);
}

/* The end ------------------------------------------------------------------------------ */

/* The resolution is over. TS-AMB-69: the gunners return unless their
 * shelter moved or left. TS-AMB-36: the charge was each charger's action,
 * so its threats follow, charger by charger (TS_CH_THREATS). */
static void
end_charge (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;

  for (guint i = 0; i < ch->abandoned->len; i++)
    {
      TsAbandon *a = &g_array_index (ch->abandoned, TsAbandon, i);
      TsUnit *b = ts_unit_at (m, a->battery), *inf = ts_unit_at (m, a->infantry);

      if (!ts_in_play (b))
        continue;
      if (ts_in_play (inf) &&
          !mu_table_beyond (hypot (inf->anchor.x - a->shelter.anchor.x, inf->anchor.y - a->shelter.anchor.y), 0) &&
          !mu_table_beyond (ts_charge_angle (inf->facing, a->shelter.facing), 0))
        {
          MuEvent *e = ts_event (m, events, &ts_ev_abandon, b->def->id, "TS-AMB-69");

          if (e)
            mu_event_set_text (e, "return");
        }
      else
        /* removed, no élan lost: no rout happened */
        while (ts_in_play (b))
          ts_lose_stand (m, b, "TS-AMB-69", events);
    }
  g_array_set_size (ch->abandoned, 0);
  g_array_set_size (ch->queue, 0);
  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);

      c->out = TRUE;
      g_array_append_val (ch->queue, c->unit);
    }
  ch->step = TS_CH_THREATS;
}

/* The next charger's threats, or the charge is over. */
static void
threats_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  TsUnit *u;

  if (ch->queue->len == 0)
    {
      ts_charge_free (m->charge);
      m->charge = NULL;
      return;
    }
  u = ts_unit_at (m, g_array_index (ch->queue, int, 0));
  g_array_remove_index (ch->queue, 0);
  if (ts_in_play (u))
    ts_offer_threats (m, u, events);
}

void
ts_charge_met (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  int ui = ts_unit_index (m, u);

  if (m->charge == NULL)
    return;
  g_array_prepend_val (m->charge->met, ui);
  if (events != NULL)
    ts_charge_run (m, events);
}

/* Called when contact resolution (and melee) of a wave's conflicts is
 * over: the next wave, or the end of the charge. */
void
ts_charge_contact_done (TsMatch *m, GPtrArray *events)
{
  if (m->charge == NULL)
    return;
  begin_wave (m, events);
  ts_charge_run (m, events);
}

/* The loop ----------------------------------------------------------------------------- */

void
ts_charge_run (TsMatch *m, GPtrArray *events)
{
  while (m->charge && m->decision.kind == TS_DECIDE_NONE && !m->finished)
    {
      TsCharge *ch = m->charge;

      /* TS-AMB-57: a stage's lone commanders before it goes on */
      if (ch->met->len > 0)
        {
          TsUnit *u = ts_unit_at (m, g_array_index (ch->met, int, 0));

          g_array_remove_index (ch->met, 0);
          if (ts_in_play (u))
            ts_commander_contact (m, u, TS_ACT_CHARGE, events);
          continue;
        }
      switch (ch->step)
        {
        case TS_CH_DECLARE:
        case TS_CH_CONTACT:
          return;
        case TS_CH_STAGE2:
          stage2 (m, events);
          break;
        case TS_CH_THREATS:
          threats_next (m, events);
          break;
        case TS_CH_AFTER_2A:
          ch->step = ch->used12 ? TS_CH_REACT12 : TS_CH_ABORT1;
          reset_stage (ch);
          break;
        case TS_CH_STAGE6:
          if (ch->used6)
            {
              ch->step = TS_CH_REACT6;
              reset_stage (ch);
            }
          else
            begin_wave (m, events);
          break;
        case TS_CH_REACT12:
        case TS_CH_REACT6:
          if (!ch->window_done)
            return;
          if (ch->step == TS_CH_REACT12)
            {
              ch->step = TS_CH_ABORT1;
              reset_stage (ch);
            }
          else
            begin_wave (m, events);
          break;
        case TS_CH_ABORT1:
        case TS_CH_ABORT2:
          if (ch->queue->len == 0)
            return;
          abort_next (m, events);
          break;
        case TS_CH_BALK:
          ts_charge_balk_next (m, events);
          break;
        case TS_CH_SLIDE2:
          ts_charge_slide2_next (m, events);
          break;
        case TS_CH_FLEE:
          ts_charge_flee_next (m, events);
          break;
        case TS_CH_VOLLEY:
          ts_charge_volley_next (m, events);
          break;
        }
    }
}

gboolean
ts_charge_resume (TsMatch *m, GPtrArray *events)
{
  if (!launched (m))
    return FALSE;
  ts_charge_run (m, events);
  return TRUE;
}

/* end-phase at stage 4 or 7 */
static gboolean
end_step (TsMatch *m, GPtrArray *events, GError **error)
{
  TsCharge *ch = m->charge;

  if (ch->step != TS_CH_ABORT1 && ch->step != TS_CH_ABORT2)
    return mu_rules_refuse (error, "TS-CHG-0", "the charge goes on by itself now");
  if (events == NULL)
    return TRUE;
  if (ch->step == TS_CH_ABORT1)
    {
      /* the lone commanders stage 5 met are asked within it, before the
       * window of stage 6 opens (or the wave begins) */
      stage5 (m, events);
      ch->step = TS_CH_STAGE6;
    }
  else
    {
      ch->step = TS_CH_BALK;
      ch->next = 0;
    }
  ts_charge_run (m, events);
  return TRUE;
}

/* Commands ----------------------------------------------------------------------------- */

static const char *const reaction_verbs[] = {
  "react-fire", "react-form", "react-reorder", "counter-charge", "abandon-guns", NULL,
};

gboolean
ts_charge_owns (const TsMatch *m, const MuCommand *c)
{
  const char *verb = mu_command_get_verb (c);

  /* a reaction with no charge under way is refused as one (TS-AMB-66),
   * not read as a unit's action of an unknown kind */
  return m->charge != NULL || g_str_equal (verb, "charge") || g_str_equal (verb, "launch") ||
         g_str_equal (verb, "abort") || g_strv_contains (reaction_verbs, verb);
}

gboolean
ts_charge_apply (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);
  TsCharge *ch = m->charge;

  if (g_strv_contains (reaction_verbs, verb))
    return mu_rules_refuse (error, "TS-AMB-66", "%s is a reaction, given in the defender's step of a charge", verb);
  if (m->step != TS_STEP_UNITS && m->step != TS_STEP_COMMANDER)
    return mu_rules_refuse (error, "TS-CHG-0", "a charge is declared in the unit step");
  if (ch == NULL || ch->step == TS_CH_DECLARE)
    {
      if (g_str_equal (verb, "charge"))
        return ts_charge_declare (m, c, events, error);
      if (g_str_equal (verb, "launch"))
        return launch (m, events, error);
      if (g_str_equal (verb, "abort"))
        return mu_rules_refuse (error, "TS-CHG-4", "there is no charge under way to abort");
      return mu_rules_refuse (error, "TS-AMB-64", "a charge is being declared: give launch, or undo it");
    }
  if (g_str_equal (verb, "abort"))
    {
      if (ch->step != TS_CH_ABORT1 && ch->step != TS_CH_ABORT2)
        return mu_rules_refuse (error, "TS-CHG-4", "a charge is aborted only at stage 4 or 7");
      return apply_abort (m, c, events, error);
    }
  if (g_str_equal (verb, "end-phase"))
    return end_step (m, events, error);
  return mu_rules_refuse (error, "TS-CHG-0", "a charge is under way: %s must wait for its end", verb);
}
