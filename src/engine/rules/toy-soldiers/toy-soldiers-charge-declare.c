/* toy-soldiers-charge-declare.c: a charge's declaration (TS-CHG-0,
 * TS-AMB-64): the target named, whether the unit may charge it at all,
 * and each charger's contact pose checked as it is given. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

/* Declaration -------------------------------------------------------------------------- */

static double
charge_reach (const TsMatch *m, const TsUnit *u)
{
  return ts_in (m, u->type == TS_CAV ? 18 : 12);
}

/* The target named: an enemy unit in play, or a block its garrison holds. */
static gboolean
find_target (TsMatch *m, const TsUnit *u, const char *id, int *target, int *block, GError **error)
{
  TsUnit *t = ts_find (m, id);

  *target = *block = TS_NONE;
  if (t == NULL)
    {
      int b = ts_block_find (m, id);

      if (b == TS_NONE || ts_block_at (m, b)->unit == TS_NONE ||
          ts_unit_at (m, ts_block_at (m, b)->unit)->side == u->side)
        return mu_rules_refuse (error, "TS-CHG-0", "no enemy unit or garrison “%s”", id ? id : "");
      *block = b;
      return TRUE;
    }
  if (t->type == TS_COMMANDER || t->side == u->side || !ts_in_play (t))
    return mu_rules_refuse (error, "TS-CHG-0", "%s is no enemy unit on the table", t->def->id);
  if (ts_garrisoned (m, t))
    return mu_rules_refuse (error, "TS-CHG-0", "%s holds %s: charge the block", t->def->id,
                            ts_block_at (m, t->block)->area->id);
  *target = ts_unit_index (m, t);
  return TRUE;
}

/* TS-CHG-0, TS-AMB-40, TS-AMB-42: whether u may charge that target at all. */
gboolean
ts_charge_may (TsMatch *m, TsUnit *u, int target, int block, GError **error)
{
  double reach = charge_reach (m, u);
  MuStand f[MU_STANDS_MAX];
  guint nf = 0;
  double d;

  if (u->type == TS_ART)
    return mu_rules_refuse (error, "TS-CHG-0", "artillery never charges (TS-ART-3)");
  if (u->form == TS_FORM_SQUARE)
    return mu_rules_refuse (error, "TS-CHG-0", "a square may not charge (TS-AMB-40)");
  d = ts_charge_target_distance (m, u->st, u->n_st, target, block);
  if (!mu_table_within (d, reach))
    return mu_rules_refuse (error, "TS-CHG-0", "the target is %.2f\" away, beyond %s's %g\"", d / m->inch,
                            u->def->id, reach / m->inch);
  for (guint k = 0; k < u->n_st; k++)
    if (u->st[k].rank == 0)
      f[nf++] = u->st[k];
  if (block != TS_NONE)
    {
      const MuArea *a = ts_charge_block_area (m, block);

      if (!mu_polygon_in_arc (f, nf, m->num.arc, (const MuPoint *) a->points->data, a->points->len))
        return mu_rules_refuse (error, "TS-CHG-0", "the block is not to %s's front (TS-AMB-42)", u->def->id);
    }
  else if (!ts_to_front (m, u, ts_unit_at (m, target)))
    return mu_rules_refuse (error, "TS-CHG-0", "%s is not to %s's front (TS-AMB-42)",
                            ts_unit_at (m, target)->def->id, u->def->id);
  return TRUE;
}

static gboolean
parse_pose (const MuCommand *c, guint i, double facing, TsPose *p, GError **error)
{
  const MuArg *arg = mu_command_arg (c, i);

  if (arg == NULL || arg->kind != MU_ARG_POS || !arg->pos.is_point)
    return mu_rules_refuse (error, "TS-AMB-64", "the contact pose is @X,Y/F");
  p->anchor = arg->pos.point;
  p->facing = arg->pos.has_facing ? arg->pos.facing : facing;
  return TRUE;
}

gboolean
ts_charge_declare (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *u = ts_find (m, mu_command_word (c, 0));
  TsCharge *ch = m->charge;
  TsCharger nc = { 0 };
  MuStand st[MU_STANDS_MAX], other[MU_STANDS_MAX];
  guint n, same = 0;
  int target, block;
  TsPose pose;
  MuEvent *e;

  if (u == NULL || u->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-CHG-0", "no unit “%s”", mu_command_word (c, 0) ? mu_command_word (c, 0) : "");
  if (ts_garrisoned (m, u))
    return mu_rules_refuse (error, "TS-CHG-0", "%s is a garrison", u->def->id);
  if (!find_target (m, u, mu_command_word (c, 1), &target, &block, error))
    return FALSE;
  if (u->side != ts_active_side (m) || u->acted || !ts_in_play (u))
    return ts_may_act (m, u, TS_ACT_CHARGE, 0, error);
  if (!ts_charge_may (m, u, target, block, error))
    return FALSE;
  if (!ts_may_act (m, u, TS_ACT_CHARGE, 0, error))
    return FALSE;
  if (!parse_pose (c, 2, u->facing, &pose, error))
    return FALSE;
  pose = (TsPose) { mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing).point,
                    mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing).facing };
  for (guint i = 0; ch && i < ch->chargers->len; i++)
    {
      TsCharger *o = ts_charger_at (ch, i);

      if (o->unit == ts_unit_index (m, u))
        return mu_rules_refuse (error, "TS-AMB-64", "%s is already declared", u->def->id);
      if (o->target == target && o->block == block)
        same++;
    }
  if (same >= 3)
    return mu_rules_refuse (error, "TS-AMB-64", "no target may have more than 3 chargers");
  if (!ts_charge_pose_ok (m, u, target, block, pose, FALSE, error))
    return FALSE;
  /* no two contact layouts overlap */
  n = ts_charge_layout (m, u, pose, st);
  for (guint i = 0; ch && i < ch->chargers->len; i++)
    {
      TsCharger *o = ts_charger_at (ch, i);
      TsUnit *ou = ts_unit_at (m, o->unit);
      guint on = ts_charge_layout (m, ou, o->contact, other);

      if (mu_stands_overlap (st, n, other, on))
        return mu_rules_refuse (error, "TS-AMB-64", "%s's contact pose overlaps %s's", u->def->id, ou->def->id);
    }
  if (events == NULL)
    return TRUE;
  if (m->charge == NULL)
    {
      ts_begin_units (m, events);
      m->open_unit = TS_NONE;
      m->charge = ch = ts_charge_new (m, u->side);
    }
  nc.unit = ts_unit_index (m, u);
  nc.target = target;
  nc.block = block;
  nc.contact = pose;
  nc.start = (TsPose) { u->anchor, pose.facing };
  nc.at = -1;
  g_array_append_val (ch->chargers, nc);
  e = ts_event (m, events, &ts_ev_charge, u->def->id, "TS-CHG-0");
  if (e)
    {
      g_autofree char *text = g_strdup_printf ("vs=%s", block != TS_NONE ? ts_charge_block_area (m, block)->id
                                                                        : ts_unit_at (m, target)->def->id);

      mu_event_set_text (e, text);
      e->to = mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing);
    }
  return TRUE;
}
