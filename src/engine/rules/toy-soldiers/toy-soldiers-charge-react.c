/* toy-soldiers-charge-react.c: the defender's reactions to a charge at
 * 12" and at 6" (TS-CHG-3, TS-CHG-6, TS-AMB-66, TS-AMB-69), given in the
 * reaction window the match opens for the side that is not active
 * (MuRuleset.reaction_window); end-phase or pass ends the step. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


/* What reacted at this stage, per unit (TS-AMB-66): the unit, and its
 * companies in a village block, a unit of their own (TS-VIL-2). */
enum {
  REACTED_UNIT = 1 << 0,
  REACTED_GARRISON = 1 << 1,
};

/* The kinds whose chaos is paid once a stage and commander (TS-AMB-66). */
enum {
  PAID_FORM = 1 << 0,
  PAID_REORDER = 1 << 1,
  PAID_COUNTER = 1 << 2,
};

static gboolean
in_window (const TsMatch *m)
{
  return m->charge != NULL && !m->charge->window_done &&
         (m->charge->step == TS_CH_REACT12 || m->charge->step == TS_CH_REACT6);
}

static int
stage (const TsMatch *m)
{
  return m->charge->step == TS_CH_REACT12 ? 3 : 6;
}

static const char *
stage_rule (const TsMatch *m)
{
  return stage (m) == 3 ? "TS-CHG-3" : "TS-CHG-6";
}

/* TS-AMB-66: a unit of the defending side within 4" of a target (the
 * targets included) that has not reacted at this stage. */
static gboolean
may_react (TsMatch *m, const TsUnit *u, GError **error)
{
  TsCharge *ch = m->charge;
  gboolean near = FALSE;

  if (u == NULL || u->type == TS_COMMANDER || u->side == ch->side || !ts_in_play (u))
    return mu_rules_refuse (error, "TS-AMB-66", "only a unit of the charged side on the table reacts");
  if (ts_garrisoned (m, u))
    return mu_rules_refuse (error, "TS-VIL-2", "%s is in %s: its garrison reacts by the block's id", u->def->id,
                            ts_block_at (m, u->block)->area->id);
  if (ch->reacted[ts_unit_index (m, u)] & REACTED_UNIT)
    return mu_rules_refuse (error, "TS-AMB-66", "%s has reacted at this stage", u->def->id);
  for (guint i = 0; i < ch->chargers->len && !near; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      const TsUnit *t = ts_unit_at (m, c->target);

      if (c->out)
        continue;
      /* a garrisoned block's supporters: within 4" of its polygon (TS-AMB-37) */
      if (c->block != TS_NONE)
        {
          near = mu_table_within (ts_charge_target_distance (m, u->st, u->n_st, TS_NONE, c->block),
                                  ts_in (m, m->num.reorder_near));
          continue;
        }
      if (t == NULL || !ts_in_play (t) || ts_charge_abandoned (m, c->target))
        continue;
      near = t == u || mu_stands_within (u->st, u->n_st, t->st, t->n_st, ts_in (m, m->num.reorder_near));
    }
  if (!near)
    return mu_rules_refuse (error, "TS-AMB-66", "%s is not within 4\" of a target of the charge", u->def->id);
  if (ts_charge_abandoned (m, ts_unit_index (m, u)))
    return mu_rules_refuse (error, "TS-AMB-69", "%s's gunners have sheltered", u->def->id);
  return TRUE;
}

/* TS-AMB-66: 3b, 3c, 6b, 6c, 6d each +1 chaos once a stage for a
 * commander's units, unavailable to him at chaos 6. */
static gboolean
may_pay (TsMatch *m, const TsUnit *u, guint kind, GError **error)
{
  const TsUnit *c = ts_commander_of (m, u);

  if (c == NULL || (m->charge->paid[ts_unit_index (m, c)] & kind))
    return TRUE;
  if (c->chaos + 1 > 6)
    return mu_rules_refuse (error, "TS-AMB-66", "it would take %s's chaos above 6", c->def->id);
  return TRUE;
}

static void
pay (TsMatch *m, const TsUnit *u, guint kind, GPtrArray *events)
{
  TsUnit *c = ts_commander_of (m, u);

  if (c == NULL || (m->charge->paid[ts_unit_index (m, c)] & kind))
    return;
  m->charge->paid[ts_unit_index (m, c)] |= kind;
  ts_add_chaos (m, c, 1, stage_rule (m), events);
}

static TsCharger *
active_charger (TsMatch *m, const TsUnit *t)
{
  for (guint i = 0; t && i < m->charge->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (m->charge, i);

      if (c->unit == ts_unit_index (m, t) && !c->out && !c->done)
        return c;
    }
  return NULL;
}

/* TS-AMB-67: at lead chargers, unless it can fire at none of them. */
static gboolean
fire_allowed (TsMatch *m, TsUnit *u, TsUnit *t, GError **error)
{
  TsCharger *c = active_charger (m, t);

  if (u->type == TS_CAV)
    return mu_rules_refuse (error, "TS-CAV-2", "cavalry never fires (TS-AMB-18)");
  if (c == NULL)
    return mu_rules_refuse (error, stage_rule (m), "%s is not charging", t ? t->def->id : "that");
  if (!ts_can_fire (m, u, t, error))
    return FALSE;
  if (!ts_charge_is_lead (m, c))
    for (guint i = 0; i < m->charge->chargers->len; i++)
      {
        TsCharger *o = ts_charger_at (m->charge, i);

        if (!o->out && !o->done && ts_charge_is_lead (m, o) && ts_can_fire (m, u, ts_unit_at (m, o->unit), NULL))
          return mu_rules_refuse (error, "TS-CHG-12", "%s is not a lead charger, and %s can fire at one",
                                  t->def->id, u->def->id);
      }
  return TRUE;
}

static gboolean
react_fire (TsMatch *m, TsUnit *u, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *t = ts_find (m, mu_command_word (c, 1));
  gboolean limbers = g_strcmp0 (mu_command_word (c, 2), "limbers") == 0;
  TsUnit *cmdr = ts_commander_of (m, u);

  if (t == NULL)
    return mu_rules_refuse (error, stage_rule (m), "no unit “%s”: a reaction volley is fired at a charger",
                            mu_command_word (c, 1) ? mu_command_word (c, 1) : "");
  if (!fire_allowed (m, u, t, error))
    return FALSE;
  if (mu_command_word (c, 2) && !limbers)
    return mu_rules_refuse (error, stage_rule (m), "react-fire UNIT TARGET [limbers]");
  if (limbers && (u->type != TS_ART || stage (m) != 3 || u->form != TS_FORM_UNLIMBERED || !u->limbers_back))
    return mu_rules_refuse (error, "TS-CHG-3", "only at 12\" may a battery bring its limbers forward");
  if (limbers && cmdr && cmdr->chaos + 1 > 6)
    return mu_rules_refuse (error, "TS-AMB-54", "it would take %s's chaos above 6", cmdr->def->id);
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, u)] |= REACTED_UNIT;
  if (limbers)
    {
      MuEvent *e;

      /* TS-CHG-3a, TS-AMB-41: +1 chaos a battery */
      if (cmdr)
        ts_add_chaos (m, cmdr, 1, "TS-CHG-3", events);
      u->limbers_back = FALSE;
      e = ts_event (m, events, &ts_ev_limbers, u->def->id, "TS-AMB-41");
      if (e)
        mu_event_set_text (e, "behind");
    }
  /* 3a: a volley, no "could not return fire" stress on chargers; 6a: weak */
  m->charge->reacting_fire = stage (m) == 3;
  ts_fire (m, u, t, stage (m) == 3 ? 0 : -1, events);
  m->charge->reacting_fire = FALSE;
  return TRUE;
}

static gboolean
react_form (TsMatch *m, TsUnit *u, const MuCommand *c, GPtrArray *events, GError **error)
{
  /* TS-CHG-3b: a limbered battery cannot unlimber (one with its limbers
   * sent back may not limber, TS-AMB-41, as ts_apply_form refuses) */
  if (u->type == TS_ART && u->form == TS_FORM_LIMBERED && g_strcmp0 (mu_command_word (c, 1), "limbered") != 0)
    return mu_rules_refuse (error, "TS-CHG-3", "a limbered battery cannot unlimber in a reaction");
  if (!may_pay (m, u, PAID_FORM, error) || !ts_apply_form (m, u, c, stage (m), NULL, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, u)] |= REACTED_UNIT;
  pay (m, u, PAID_FORM, events);
  return ts_apply_form (m, u, c, stage (m), events, error);
}

static gboolean
react_reorder (TsMatch *m, TsUnit *u, GPtrArray *events, GError **error)
{
  if (!may_pay (m, u, PAID_REORDER, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, u)] |= REACTED_UNIT;
  pay (m, u, PAID_REORDER, events);
  /* 3c: a full reorder; 6c: a hasty one, 1 disorder off instead of 2 */
  ts_reorder_body (m, u, stage (m) == 3 ? 2 : 1, events);
  return TRUE;
}

/* 6d, TS-AMB-66: a supporting infantry or cavalry unit, with the charger
 * to its front within its charge range, slid to 2" from it. */
static gboolean
counter_charge (TsMatch *m, TsUnit *u, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *t = ts_find (m, mu_command_word (c, 1));
  TsCharger *cg = active_charger (m, t);
  const MuArg *arg = mu_command_arg (c, 2);
  TsPose pose, start;
  int ti, n = 0;

  if (stage (m) != 6)
    return mu_rules_refuse (error, "TS-CHG-6", "a counter-charge is a 6\" reaction");
  if (ts_charge_is_target (m, u) || (u->type != TS_LINE_INF && u->type != TS_LIGHT_INF && u->type != TS_CAV))
    return mu_rules_refuse (error, "TS-AMB-66", "only a supporting infantry or cavalry unit counter-charges");
  if (cg == NULL)
    return mu_rules_refuse (error, "TS-AMB-66", "%s is not charging", t ? t->def->id : "that");
  ti = cg->unit;
  for (guint i = 0; i < m->charge->counters->len; i++)
    n += g_array_index (m->charge->counters, TsCounter, i).charger == ti;
  if (n >= 3)
    return mu_rules_refuse (error, "TS-AMB-71", "%s has 3 counter-chargers", t->def->id);
  if (!ts_charge_may (m, u, ti, TS_NONE, error) || !may_pay (m, u, PAID_COUNTER, error))
    return FALSE;
  if (arg == NULL || arg->kind != MU_ARG_POS || !arg->pos.is_point)
    return mu_rules_refuse (error, "TS-AMB-64", "the contact pose is @X,Y/F");
  pose.anchor = arg->pos.point;
  pose.facing = arg->pos.has_facing ? arg->pos.facing : u->facing;
  {
    MuPos p = mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing);

    pose = (TsPose) { p.point, p.facing };
  }
  if (!ts_charge_pose_ok (m, u, ti, TS_NONE, pose, TRUE, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, u)] |= REACTED_UNIT;
  pay (m, u, PAID_COUNTER, events);
  start = (TsPose) { u->anchor, pose.facing };
  ts_charge_slide (m, u, start, pose, ti, TS_NONE, ts_in (m, 2), "counter-charge", "TS-CHG-6", events);
  {
    TsCounter cc = { ts_unit_index (m, u), ti, pose };

    g_array_append_val (m->charge->counters, cc);
  }
  cg->countered = TRUE;
  ts_add_stress (m, u, 1, "TS-CHG-6", events);
  ts_add_stress (m, t, 1, "TS-CHG-6", events);
  /* a lone commander its slide met (TS-AMB-57) */
  ts_charge_run (m, events);
  return TRUE;
}

/* 6e, TS-AMB-69: a target or supporting battery's gunners shelter with
 * an infantry unit of its side within 4" that is not a target. */
static gboolean
abandon_guns (TsMatch *m, TsUnit *b, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *inf = ts_find (m, mu_command_word (c, 1));

  if (stage (m) != 6)
    return mu_rules_refuse (error, "TS-CHG-6", "the guns are abandoned at 6\" (or by the test at 2\")");
  if (b->type != TS_ART)
    return mu_rules_refuse (error, "TS-AMB-69", "%s is no battery", b->def->id);
  if (inf == NULL || inf->side != b->side || (inf->type != TS_LINE_INF && inf->type != TS_LIGHT_INF) ||
      !ts_in_play (inf) || ts_charge_is_target (m, inf) ||
      !mu_table_within (ts_unit_distance (b, inf), ts_in (m, 4)))
    return mu_rules_refuse (error, "TS-AMB-69",
                            "the gunners shelter with infantry of their side within 4\" that is not a target");
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, b)] |= REACTED_UNIT;
  ts_charge_abandon (m, b, inf, "TS-CHG-6", events);
  return TRUE;
}

/* Garrisons (TS-AMB-85, TS-VIL-2) ------------------------------------------------------ */

/* TS-AMB-66 for a garrison: its block is a target, or within 4" of one
 * (TS-AMB-37: a garrison counts as its block's polygon); `faces` is the
 * garrison as its block's faces (ts_block_faces), for fire. */
static gboolean
garrison_may_react (TsMatch *m, int bi, TsUnit *faces, GError **error)
{
  TsCharge *ch = m->charge;
  const TsBlock *b = ts_block_at (m, bi);
  gboolean near = FALSE;

  if (!ts_block_faces (m, bi, faces) || faces->side == ch->side)
    return mu_rules_refuse (error, "TS-AMB-66", "only a garrison of the charged side reacts");
  if (ch->reacted[b->unit] & REACTED_GARRISON)
    return mu_rules_refuse (error, "TS-AMB-66", "the garrison of %s has reacted at this stage", b->area->id);
  for (guint i = 0; i < ch->chargers->len && !near; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      const TsUnit *t = ts_unit_at (m, c->target);
      TsUnit other;

      if (c->out)
        continue;
      if (c->block != TS_NONE)
        near = c->block == bi ||
               (ts_block_faces (m, c->block, &other) &&
                mu_table_within (ts_block_distance (m, bi, other.st, other.n_st), ts_in (m, m->num.reorder_near)));
      else if (t != NULL && ts_in_play (t) && !ts_charge_abandoned (m, c->target))
        near = mu_table_within (ts_block_distance (m, bi, t->st, t->n_st), ts_in (m, m->num.reorder_near));
    }
  if (!near)
    return mu_rules_refuse (error, "TS-AMB-66", "%s is not within 4\" of a target of the charge", b->area->id);
  return TRUE;
}

/* 3a and 6a by the block's faces (TS-VIL-4: 2 bands, natural 6s; no chaos). */
static gboolean
garrison_fire (TsMatch *m, int bi, TsUnit *faces, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *t = ts_find (m, mu_command_word (c, 1));

  if (mu_command_word (c, 2))
    return mu_rules_refuse (error, stage_rule (m), "a garrison fires react-fire BLOCK TARGET, without limbers");
  if (!fire_allowed (m, faces, t, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_block_at (m, bi)->unit] |= REACTED_GARRISON;
  m->charge->reacting_fire = stage (m) == 3;
  ts_fire (m, faces, t, stage (m) == 3 ? 0 : -1, events);
  m->charge->reacting_fire = FALSE;
  return TRUE;
}

/* 3c and 6c: TS-REO-7's reorder; its disorder is always 6 (TS-VIL-2), so
 * the hasty one is the full one. A target's -1 (TS-CHG-3c, TS-AMB-62). */
static gboolean
garrison_reorder (TsMatch *m, int bi, GPtrArray *events, GError **error)
{
  TsUnit *g = ts_unit_at (m, ts_block_at (m, bi)->unit);

  if (!may_pay (m, g, PAID_REORDER, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  m->charge->reacted[ts_unit_index (m, g)] |= REACTED_GARRISON;
  pay (m, g, PAID_REORDER, events);
  ts_block_reorder_body (m, bi, ts_charge_target (m, g) ? -1 : 0, events);
  return TRUE;
}

static gboolean
garrison_react (TsMatch *m, int bi, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);
  TsUnit faces;

  if (!garrison_may_react (m, bi, &faces, error))
    return FALSE;
  if (g_str_equal (verb, "react-fire"))
    return garrison_fire (m, bi, &faces, c, events, error);
  if (g_str_equal (verb, "react-reorder"))
    return garrison_reorder (m, bi, events, error);
  if (g_str_equal (verb, "react-form"))
    return mu_rules_refuse (error, "TS-VIL-2", "a garrison has no formation to change");
  if (g_str_equal (verb, "counter-charge"))
    return mu_rules_refuse (error, "TS-AMB-66", "a garrison does not counter-charge: only formed infantry or cavalry");
  if (g_str_equal (verb, "abandon-guns"))
    return mu_rules_refuse (error, "TS-AMB-69", "a garrison has no guns");
  return mu_rules_refuse (error, "TS-AMB-66", "“%s” is no reaction to a charge", verb);
}

gboolean
ts_charge_react (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);
  TsUnit *u;

  if (!in_window (m))
    return mu_rules_refuse (error, "TS-AMB-66", "no charge awaits the defender's reactions");
  if (m->decision.kind != TS_DECIDE_NONE)
    return ts_apply (m, c, events, error);
  if (g_str_equal (verb, "end-phase"))
    {
      if (events != NULL)
        m->charge->window_done = TRUE;
      return TRUE;
    }
  u = ts_find (m, mu_command_word (c, 0));
  /* a garrison reacts by its block's id (TS-AMB-85) */
  if (u == NULL && ts_block_find (m, mu_command_word (c, 0)) != TS_NONE)
    return garrison_react (m, ts_block_find (m, mu_command_word (c, 0)), c, events, error);
  if (!may_react (m, u, error))
    return FALSE;
  if (g_str_equal (verb, "react-fire"))
    return react_fire (m, u, c, events, error);
  if (g_str_equal (verb, "react-form"))
    return react_form (m, u, c, events, error);
  if (g_str_equal (verb, "react-reorder"))
    return react_reorder (m, u, events, error);
  if (g_str_equal (verb, "counter-charge"))
    return counter_charge (m, u, c, events, error);
  if (g_str_equal (verb, "abandon-guns"))
    return abandon_guns (m, u, c, events, error);
  return mu_rules_refuse (error, "TS-AMB-66", "“%s” is no reaction to a charge", verb);
}

gboolean
ts_charge_window (TsMatch *m, MuReactionWindow *window)
{
  if (!in_window (m) || m->decision.kind != TS_DECIDE_NONE)
    return FALSE;
  window->id = g_strdup (stage (m) == 3 ? "charge-12" : "charge-6");
  window->side = g_strdup (m->side_id[1 - m->charge->side]);
  window->rule = g_strdup (stage_rule (m));
  return TRUE;
}

void
ts_charge_window_closed (TsMatch *m, GPtrArray *events)
{
  if (m->charge == NULL || (m->charge->step != TS_CH_REACT12 && m->charge->step != TS_CH_REACT6))
    return;
  m->charge->window_done = TRUE;
  ts_charge_run (m, events);
}

/* 3b and 6b: each other formation, laid out about the command stand
 * where it stands, facing as now (as the legal commands' form). */
static void
react_form_offer (TsMatch *m, TsUnit *u, GPtrArray *out)
{
  MuPos pos = ts_form_pose_in_place (m, u);

  for (int f = 0; f < TS_FORM_N; f++)
    {
      MuCommand *c;

      if ((TsForm) f == u->form)
        continue;
      c = mu_rules_command ("react-form", u->def->id, ts_form_id (f));
      mu_command_add_pos (c, &pos);
      if (react_form (m, u, c, NULL, NULL))
        g_ptr_array_add (out, c);
      else
        mu_command_free (c);
    }
}

/* The reactions the window's side may give now (the simulator's), with
 * end-phase first. */
GPtrArray *
ts_charge_reactions (TsMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  if (!in_window (m) || m->decision.kind != TS_DECIDE_NONE)
    return out;
  /* TS-AMB-66: the defender ends the step himself, so the window stays
   * open when no unit can react any more */
  g_ptr_array_add (out, mu_command_new ("end-phase"));
  TS_FOR_UNITS (m, u)
    {
      if (!may_react (m, u, NULL))
        continue;
      if (may_pay (m, u, PAID_REORDER, NULL))
        g_ptr_array_add (out, mu_rules_command ("react-reorder", u->def->id, NULL));
      for (guint i = 0; i < m->charge->chargers->len; i++)
        {
          TsCharger *c = ts_charger_at (m->charge, i);
          TsUnit *t = ts_unit_at (m, c->unit);
          TsPose pose;

          if (c->out || c->done)
            continue;
          if (fire_allowed (m, u, t, NULL))
            g_ptr_array_add (out, mu_rules_command ("react-fire", u->def->id, t->def->id));
          if (stage (m) == 6 && !ts_charge_is_target (m, u) && u->type != TS_ART &&
              may_pay (m, u, PAID_COUNTER, NULL) && ts_charge_may (m, u, c->unit, TS_NONE, NULL) &&
              ts_charge_find_pose (m, u, c->unit, TS_NONE, TRUE, &pose))
            {
              MuPos p = mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing);
              MuCommand *cc = mu_rules_command ("counter-charge", u->def->id, t->def->id);

              mu_command_add_pos (cc, &p);
              g_ptr_array_add (out, cc);
            }
        }
      react_form_offer (m, u, out);
      if (stage (m) == 6 && u->type == TS_ART)
        TS_FOR_UNITS (m, o)
          if (o->side == u->side && (o->type == TS_LINE_INF || o->type == TS_LIGHT_INF) && ts_in_play (o) &&
              !ts_charge_is_target (m, o) && mu_table_within (ts_unit_distance (u, o), ts_in (m, 4)))
            g_ptr_array_add (out, mu_rules_command ("abandon-guns", u->def->id, o->def->id));
    }
  /* the garrisons, by their blocks' ids (TS-AMB-85) */
  for (guint bi = 0; bi < m->blocks->len; bi++)
    {
      const char *id = ts_block_at (m, (int) bi)->area->id;
      TsUnit faces;

      if (!garrison_may_react (m, (int) bi, &faces, NULL))
        continue;
      if (garrison_reorder (m, (int) bi, NULL, NULL))
        g_ptr_array_add (out, mu_rules_command ("react-reorder", id, NULL));
      for (guint i = 0; i < m->charge->chargers->len; i++)
        {
          TsCharger *c = ts_charger_at (m->charge, i);
          TsUnit *t = ts_unit_at (m, c->unit);

          if (!c->out && !c->done && fire_allowed (m, &faces, t, NULL))
            g_ptr_array_add (out, mu_rules_command ("react-fire", id, t->def->id));
        }
    }
  return out;
}
