/* toy-soldiers-charge.c: the charge sequence of Toy Soldiers (3.20,
 * TS-CHG-0..13, TS-AMB-64..71): the declaration with each charger's
 * contact pose, launch, the stage moves at 12", 6" and 2", stress and
 * force disparity, the attacker's two abort steps, balking, the
 * abandon-guns test, the final volley, the lead chargers and the grouping
 * into conflicts handed to contact resolution. The defender's reactions
 * at 12" and 6" are in toy-soldiers-charge-react.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define EPS 1e-6

/* The state ---------------------------------------------------------------------------- */

static TsCharge *
charge_new (const TsMatch *m, int side)
{
  TsCharge *ch = g_new0 (TsCharge, 1);

  ch->side = side;
  ch->chargers = g_array_new (FALSE, TRUE, sizeof (TsCharger));
  ch->counters = g_array_new (FALSE, TRUE, sizeof (TsCounter));
  ch->abandoned = g_array_new (FALSE, TRUE, sizeof (TsAbandon));
  ch->queue = g_array_new (FALSE, TRUE, sizeof (int));
  ch->no_volley = g_array_new (FALSE, TRUE, sizeof (int));
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

/* Geometry ----------------------------------------------------------------------------- */

static double
angle_between (double a, double b)
{
  return fabs (remainder (a - b, 360.0));
}

/* The angle of the vector (dx, dy) as a facing (0: toward y 0, clockwise). */
static double
facing_of (double dx, double dy)
{
  return atan2 (dx, -dy) * 180.0 / G_PI;
}

static guint
layout_pose (const TsMatch *m, const TsUnit *u, TsPose p, MuStand *out)
{
  return ts_layout_at (m, u, u->form, ts_formed (u), p.anchor, p.facing, out);
}

/* TAB-9 from stands to a polygon (a village block): 0 when they meet. */
static double
polygon_distance (const MuStand *st, guint n, const MuPoint *poly, guint np)
{
  double best = G_MAXDOUBLE;

  for (guint k = 0; k < n; k++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[k], c);
      if (mu_polygon_contains (poly, np, st[k].centre) || mu_polygon_contains (c, 4, poly[0]))
        return 0;
      for (int e = 0; e < 4; e++)
        for (guint j = 0; j < np; j++)
          best = MIN (best, mu_segment_distance (c[e], c[(e + 1) % 4], poly[j], poly[(j + 1) % np]));
    }
  return best;
}

static const MuArea *
block_area (const TsMatch *m, int block)
{
  return ts_block_at (m, block)->area;
}

static double
target_distance (const TsMatch *m, const MuStand *st, guint n, int target, int block)
{
  if (block != TS_NONE)
    {
      const MuArea *a = block_area (m, block);

      return polygon_distance (st, n, (const MuPoint *) a->points->data, a->points->len);
    }
  {
    const TsUnit *t = ts_unit_at (m, target);

    return mu_stands_distance (st, n, t->st, t->n_st);
  }
}

double
ts_charger_distance (const TsMatch *m, const TsCharger *c)
{
  const TsUnit *u = ts_unit_at (m, c->unit);

  if (c->at >= 0)
    return c->at;
  return target_distance (m, u->st, u->n_st, c->target, c->block);
}

/* Whether the stands meet another unit's formed stands (not `skip`, nor
 * u), a village block (`skip_block` excepted), impassable ground or the
 * table edge (TS-AMB-64's room, TS-AMB-65's blocked slide). */
static gboolean
path_blocked (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n, int skip, int skip_block)
{
  if (!ts_on_table (m, st, n))
    return TRUE;
  TS_FOR_UNITS (m, o)
    if (o != u && ts_unit_index (m, o) != skip && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_stands_overlap (st, n, o->st, o->n_st))
      return TRUE;
  for (guint b = 0; b < m->blocks->len; b++)
    {
      const MuArea *a = block_area (m, (int) b);

      if ((int) b != skip_block &&
          polygon_distance (st, n, (const MuPoint *) a->points->data, a->points->len) <= 0)
        return TRUE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint areas[8];
      guint na = MIN (mu_terrain_areas_at (m->terrain, st[k].centre, areas, 8), 8);

      for (guint j = 0; j < na; j++)
        if (mu_ruleset_area_impassable (m->ruleset,
                                        ((MuArea *) g_ptr_array_index (m->table->areas, areas[j]))->kind))
          return TRUE;
    }
  return FALSE;
}

static TsPose
lerp (TsPose a, TsPose b, double t)
{
  return (TsPose) { { a.anchor.x + (b.anchor.x - a.anchor.x) * t, a.anchor.y + (b.anchor.y - a.anchor.y) * t },
                    b.facing };
}

/* The number of samples of a slide: a quarter of the smaller side of a stand. */
static int
samples (const TsUnit *u, TsPose a, TsPose b)
{
  double len = hypot (b.anchor.x - a.anchor.x, b.anchor.y - a.anchor.y);
  double step = MIN (u->width, u->depth) / 4;

  return CLAMP ((int) ceil (len / MAX (step, EPS)), 1, 4000);
}

/* TS-AMB-64: a front-rank stand's front edge touches the target. */
static gboolean
front_touches (const TsMatch *m, const MuStand *st, guint n, int target, int block)
{
  double tol = mu_table_contact_tolerance (m->table->unit);

  for (guint k = 0; k < n; k++)
    {
      MuStand edge = st[k];
      MuPoint f = mu_facing_vector (st[k].facing);

      if (st[k].rank != 0)
        continue;
      /* the front edge as a stand of no depth */
      edge.depth = tol / 4;
      edge.centre = (MuPoint) { st[k].centre.x + f.x * (st[k].depth / 2 - edge.depth / 2),
                                st[k].centre.y + f.y * (st[k].depth / 2 - edge.depth / 2) };
      if (target_distance (m, &edge, 1, target, block) <= tol)
        return TRUE;
    }
  return FALSE;
}

gboolean
ts_charge_pose_ok (TsMatch *m, TsUnit *u, int target, int block, TsPose contact, gboolean counter,
                   GError **error)
{
  MuStand st[MU_STANDS_MAX];
  guint n;
  TsPose start = { u->anchor, contact.facing };
  double dx = contact.anchor.x - u->anchor.x, dy = contact.anchor.y - u->anchor.y;
  int steps;

  if (angle_between (contact.facing, u->facing) > m->num.arc + EPS)
    return mu_rules_refuse (error, "TS-AMB-64", "the contact pose turns more than %g degrees from %s's facing",
                            m->num.arc, u->def->id);
  if (hypot (dx, dy) > EPS && angle_between (facing_of (dx, dy), u->facing) > m->num.arc + 0.05)
    return mu_rules_refuse (error, "TS-AMB-64", "%s's slide to the contact pose goes more than %g degrees "
                            "off its facing", u->def->id, m->num.arc);
  n = layout_pose (m, u, contact, st);
  if (target_distance (m, st, n, target, block) > mu_table_contact_tolerance (m->table->unit) ||
      !front_touches (m, st, n, target, block) ||
      (block == TS_NONE && mu_stands_overlap (st, n, ts_unit_at (m, target)->st, ts_unit_at (m, target)->n_st)))
    return mu_rules_refuse (error, "TS-AMB-64", "in that pose %s's front does not touch its target", u->def->id);
  /* room to contact: turned about its anchor, then the slide */
  steps = samples (u, start, contact);
  for (int i = 0; i <= steps; i++)
    {
      n = layout_pose (m, u, lerp (start, contact, (double) i / steps), st);
      if (path_blocked (m, u, st, n, target, block))
        return mu_rules_refuse (error, "TS-AMB-64", "%s has no room to %s its target", u->def->id,
                                counter ? "counter-charge" : "contact");
    }
  return TRUE;
}

/* TS-AMB-65: slides u along its charge line, facing its contact facing,
 * to the first point at `dist` from its target (computed exactly, then
 * rounded), or to a stand placed in its way since. FALSE when it did not
 * move. */
gboolean
ts_charge_slide (TsMatch *m, TsUnit *u, TsPose start, TsPose contact, int target, int block, double dist,
                 const char *text, const char *rule, GPtrArray *events)
{
  MuStand st[MU_STANDS_MAX];
  guint n;
  double lo, hi, t0 = 0, len2;
  TsPose now = { u->anchor, u->facing }, to;
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  int steps;
  double last_clear;
  MuEvent *e;

  /* where it is along the line now */
  len2 = (contact.anchor.x - start.anchor.x) * (contact.anchor.x - start.anchor.x) +
         (contact.anchor.y - start.anchor.y) * (contact.anchor.y - start.anchor.y);
  if (len2 > EPS)
    t0 = CLAMP (((now.anchor.x - start.anchor.x) * (contact.anchor.x - start.anchor.x) +
                 (now.anchor.y - start.anchor.y) * (contact.anchor.y - start.anchor.y)) / len2, 0, 1);
  n = layout_pose (m, u, lerp (start, contact, t0), st);
  if (target_distance (m, st, n, target, block) <= dist + EPS)
    hi = t0;
  else
    {
      lo = t0;
      hi = 1;
      for (int i = 0; i < 60; i++)
        {
          double mid = (lo + hi) / 2;

          n = layout_pose (m, u, lerp (start, contact, mid), st);
          if (target_distance (m, st, n, target, block) <= dist)
            hi = mid;
          else
            lo = mid;
        }
    }
  /* a stand placed in the way since the declaration stops it in contact */
  steps = samples (u, lerp (start, contact, t0), lerp (start, contact, hi));
  last_clear = t0;
  for (int i = 1; i <= steps; i++)
    {
      double t = t0 + (hi - t0) * i / steps;

      n = layout_pose (m, u, lerp (start, contact, t), st);
      if (path_blocked (m, u, st, n, target, block))
        {
          double a = last_clear, b = t;

          for (int k = 0; k < 40; k++)
            {
              double mid = (a + b) / 2;

              n = layout_pose (m, u, lerp (start, contact, mid), st);
              if (path_blocked (m, u, st, n, target, block))
                b = mid;
              else
                a = mid;
            }
          hi = a;
          break;
        }
      last_clear = t;
    }
  to = lerp (start, contact, hi);
  if (hypot (to.anchor.x - now.anchor.x, to.anchor.y - now.anchor.y) < 0.005 * m->inch &&
      angle_between (to.facing, now.facing) < 0.05)
    return FALSE;
  {
    MuPoint old_anchor = u->anchor;
    double old_facing = u->facing;
    MuPos p = mu_pos_from_point (to.anchor.x, to.anchor.y, to.facing);

    u->anchor = p.point;
    u->facing = p.facing;
    ts_layout (m, u);
    /* the rounding may not bring it into another's stands */
    if (path_blocked (m, u, u->st, u->n_st, target, block) ||
        (block == TS_NONE && mu_stands_overlap (u->st, u->n_st, ts_unit_at (m, target)->st,
                                                ts_unit_at (m, target)->n_st)))
      {
        u->anchor = old_anchor;
        u->facing = old_facing;
        ts_layout (m, u);
        return FALSE;
      }
    ts_skirm_follow (m, u, old_anchor, old_facing);
  }
  e = ts_event (m, events, &ts_ev_move, u->def->id, rule);
  if (e)
    {
      mu_event_set_text (e, text);
      e->from = from;
      e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
  return TRUE;
}

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
  d = target_distance (m, u->st, u->n_st, target, block);
  if (!mu_table_within (d, reach))
    return mu_rules_refuse (error, "TS-CHG-0", "the target is %.2f\" away, beyond %s's %g\"", d / m->inch,
                            u->def->id, reach / m->inch);
  for (guint k = 0; k < u->n_st; k++)
    if (u->st[k].rank == 0)
      f[nf++] = u->st[k];
  if (block != TS_NONE)
    {
      const MuArea *a = block_area (m, block);

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

static gboolean
declare (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
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
  n = layout_pose (m, u, pose, st);
  for (guint i = 0; ch && i < ch->chargers->len; i++)
    {
      TsCharger *o = ts_charger_at (ch, i);
      TsUnit *ou = ts_unit_at (m, o->unit);
      guint on = layout_pose (m, ou, o->contact, other);

      if (mu_stands_overlap (st, n, other, on))
        return mu_rules_refuse (error, "TS-AMB-64", "%s's contact pose overlaps %s's", u->def->id, ou->def->id);
    }
  if (events == NULL)
    return TRUE;
  if (m->charge == NULL)
    {
      ts_begin_units (m, events);
      m->open_unit = TS_NONE;
      m->charge = ch = charge_new (m, u->side);
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
      g_autofree char *text = g_strdup_printf ("vs=%s", block != TS_NONE ? block_area (m, block)->id
                                                                        : ts_unit_at (m, target)->def->id);

      mu_event_set_text (e, text);
      e->to = mu_pos_from_point (pose.anchor.x, pose.anchor.y, pose.facing);
    }
  return TRUE;
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
static GArray *
targets_of (const TsMatch *m, gboolean wave_only)
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
static const TsUnit *
target_unit (const TsMatch *m, int id)
{
  return id >= 0 ? ts_unit_at (m, id) : ts_unit_at (m, ts_block_at (m, -2 - id)->unit);
}

/* TS-CHG-2a, TS-AMB-68: counted once after stage 2. */
static void
disparity (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = targets_of (m, FALSE);
  g_autofree gboolean *in = g_new0 (gboolean, m->units->len);
  int count[TS_SIDES] = { 0, 0 };
  int low, diff, k;
  g_autoptr(GArray) spread = g_array_new (FALSE, FALSE, sizeof (int));   /* unit, or -2 - block */

  for (guint i = 0; i < ch->chargers->len; i++)
    if (!ts_charger_at (ch, i)->out)
      in[ts_charger_at (ch, i)->unit] = TRUE;
  for (guint i = 0; i < targets->len; i++)
    {
      const TsUnit *t = target_unit (m, g_array_index (targets, int, i));

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

          if (in[j] && ts_in_play (p) && ts_in_play (o) &&
              mu_stands_within (o->st, o->n_st, p->st, p->n_st, ts_in (m, m->num.reorder_near)))
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
        g_ptr_array_add (answers, (gpointer) target_unit (m, g_array_index (spread, int, i))->def->id);
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
  g_autoptr(GArray) targets = NULL;

  if (ch == NULL || ch->chargers->len == 0)
    return mu_rules_refuse (error, "TS-AMB-64", "declare a charge first: charge UNIT TARGET POSE");
  if (events == NULL)
    return TRUE;
  /* TS-AMB-64: each charger uses its action, the Charge type (TS-ACT-2) */
  for (guint i = 0; i < ch->chargers->len; i++)
    ts_take_action (m, ts_unit_at (m, ts_charger_at (ch, i)->unit), TS_ACT_CHARGE, events);
  ch->step = TS_CH_AFTER_2A;
  /* TS-CHG-1: beyond 12" to 12" */
  for (guint i = 0; i < ch->chargers->len; i++)
    {
      TsCharger *c = ts_charger_at (ch, i);
      TsUnit *u = ts_unit_at (m, c->unit);

      if (ts_charger_distance (m, c) > ts_in (m, 12) + EPS &&
          ts_charge_slide (m, u, c->start, c->contact, c->target, c->block, ts_in (m, 12), "charge-12",
                           "TS-CHG-1", events))
        {
          c->at = ts_in (m, 12);
          ch->used12 = TRUE;
        }
    }
  /* TS-CHG-2: every charger and every target +1 stress */
  for (guint i = 0; i < ch->chargers->len; i++)
    ts_add_stress (m, ts_unit_at (m, ts_charger_at (ch, i)->unit), 1, "TS-CHG-2", events);
  targets = targets_of (m, FALSE);
  for (guint i = 0; i < targets->len; i++)
    {
      int id = g_array_index (targets, int, i);

      add_stress_to (m, id >= 0 ? id : TS_NONE, id >= 0 ? TS_NONE : -2 - id, 1, "TS-CHG-2", events);
    }
  disparity (m, events);
  ts_charge_run (m, events);
  return TRUE;
}

/* The attacker's abort steps ----------------------------------------------------------- */

static TsCharger *
charger_of (TsMatch *m, const TsUnit *u)
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
      TsCharger *cg = u ? charger_of (m, u) : NULL;
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

      charger_of (m, u)->out = TRUE;
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
                 N_("Does %s reorder now that it has aborted?"), u->def->id);
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
                 events, N_("Does %s take +1 disorder to fire a weak volley, and at whom?"), u->def->id);
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
      if (ts_charger_distance (m, c) > ts_in (m, 6) + EPS &&
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

/* Stage 8 ------------------------------------------------------------------------------ */

static void
balk_fail (TsMatch *m, TsCharger *c, GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, c->unit);
  TsUnit *cmdr = ts_commander_of (m, u);

  ts_add_disorder (m, u, 1, "TS-CHG-8", events);
  ts_add_stress (m, u, 1, "TS-CHG-8", events);
  if (cmdr)
    ts_add_chaos (m, cmdr, 1, "TS-CHG-8", events);
  c->out = TRUE;
}

static void
balk_next (TsMatch *m, GPtrArray *events)
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
                 N_("%s balks: does its side spend 1 élan for it to go on?"), u->def->id);
      m->decision.value = (int) ch->next - 1;
      return;
    }
  balk_fail (m, c, events);
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
  int steps = samples (u, now, c->contact);

  *owner = TS_NONE;
  for (int i = 0; i <= steps; i++)
    {
      TsPose p = lerp (now, c->contact, (double) i / steps);
      guint n = layout_pose (m, u, p, st);

      /* only as far as the 2" the slide goes */
      if (i > 0 && target_distance (m, st, n, c->target, c->block) < ts_in (m, 2) - EPS)
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

static void
slide2_next (TsMatch *m, GPtrArray *events)
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
  if (ts_charger_distance (m, c) > ts_in (m, 2) + EPS && skirm_met (m, c, &owner, &index))
    {
      static const char *const answers[] = { "disorder", "stress", NULL };

      ts_decide (m, TS_DECIDE_CHARGE_OBSTRUCTION, u->side, c->unit, "TS-SKM-5", answers, events,
                 N_("%s's charge meets enemy skirmishers: does it take +1 disorder or +1 stress?"),
                 u->def->id);
      m->decision.other = owner;
      m->decision.count = index;
      return;
    }
  ch->next++;
  if (ts_charger_distance (m, c) > ts_in (m, 2) + EPS)
    {
      ts_charge_slide (m, u, c->start, c->contact, c->target, c->block, ts_in (m, 2), "charge-2", "TS-CHG-9",
                       events);
      /* TS-AMB-65: one that cannot come within 2" ends its charge there */
      if (target_distance (m, u->st, u->n_st, c->target, c->block) > ts_in (m, 2) + 0.01 * m->inch)
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
static TsUnit *
shelter_for (TsMatch *m, const TsUnit *b)
{
  TsUnit *best = NULL;
  double bd = G_MAXDOUBLE;

  TS_FOR_UNITS (m, o)
    if (o->side == b->side && (o->type == TS_LINE_INF || o->type == TS_LIGHT_INF) && ts_in_play (o) &&
        !ts_charge_is_target (m, o))
      {
        double d = ts_unit_distance (o, b);

        if (mu_table_within (d, ts_in (m, 4)) && d < bd - EPS)
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

static void
flee_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = targets_of (m, TRUE);
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
  if (b && b->type == TS_ART && ts_in_play (b) && !ts_charge_abandoned (m, id) && shelter_for (m, b))
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      ts_decide (m, TS_DECIDE_FLEE, b->side, id, "TS-CHG-10", yes_no, events,
                 N_("Do %s's gunners try to flee to the infantry?"), b->def->id);
    }
}

/* Stage 11 ----------------------------------------------------------------------------- */

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

        if (c->out || !c->wave || c->countered || c->target != id || !ts_in_play (u))
          continue;
        if (lead && !ts_charge_is_lead (m, c))
          continue;
        if (ts_can_fire (m, t, u, NULL))
          g_ptr_array_add (answers, (gpointer) u->def->id);
      }
  return answers;
}

static void
volley_next (TsMatch *m, GPtrArray *events)
{
  TsCharge *ch = m->charge;
  g_autoptr(GArray) targets = targets_of (m, TRUE);
  g_autoptr(GPtrArray) answers = NULL;
  int id;
  TsUnit *t;

  if (ch->next >= targets->len)
    {
      ts_charge_group (m, events);
      return;
    }
  id = g_array_index (targets, int, ch->next);
  ch->next++;
  t = id >= 0 ? ts_unit_at (m, id) : NULL;
  /* garrisons fire by faces in part 1 only; cavalry never fires (TS-AMB-18) */
  if (t == NULL || !ts_in_play (t) || t->type == TS_CAV || ts_charge_abandoned (m, id))
    return;
  for (guint i = 0; i < ch->no_volley->len; i++)
    if (g_array_index (ch->no_volley, int, i) == id)
      return;
  answers = volley_answers (m, t, id);
  if (answers->len == 0)
    return;
  g_ptr_array_add (answers, (gpointer) "none");
  g_ptr_array_add (answers, NULL);
  ts_decide (m, TS_DECIDE_FINAL_VOLLEY, t->side, id, "TS-CHG-11", (const char *const *) answers->pdata, events,
             N_("Does %s fire its final ragged volley, and at which charger?"), t->def->id);
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

/* The end ------------------------------------------------------------------------------ */

/* TS-AMB-69: the gunners return unless their shelter moved or left. */
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
      if (ts_in_play (inf) && hypot (inf->anchor.x - a->shelter.anchor.x, inf->anchor.y - a->shelter.anchor.y) < EPS &&
          angle_between (inf->facing, a->shelter.facing) < EPS)
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
  ts_charge_free (m->charge);
  m->charge = NULL;
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

      switch (ch->step)
        {
        case TS_CH_DECLARE:
        case TS_CH_CONTACT:
          return;
        case TS_CH_AFTER_2A:
          ch->step = ch->used12 ? TS_CH_REACT12 : TS_CH_ABORT1;
          reset_stage (ch);
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
          balk_next (m, events);
          break;
        case TS_CH_SLIDE2:
          slide2_next (m, events);
          break;
        case TS_CH_FLEE:
          flee_next (m, events);
          break;
        case TS_CH_VOLLEY:
          volley_next (m, events);
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
      stage5 (m, events);
      if (ch->used6)
        {
          ch->step = TS_CH_REACT6;
          reset_stage (ch);
        }
      else
        begin_wave (m, events);
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

gboolean
ts_charge_owns (const TsMatch *m, const MuCommand *c)
{
  const char *verb = mu_command_get_verb (c);

  return m->charge != NULL || g_str_equal (verb, "charge") || g_str_equal (verb, "launch") ||
         g_str_equal (verb, "abort");
}

static const char *const reaction_verbs[] = {
  "react-fire", "react-form", "react-reorder", "counter-charge", "abandon-guns", NULL,
};

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
        return declare (m, c, events, error);
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
        balk_fail (m, ts_charger_at (ch, (guint) d->value), events);
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
          TsUnit *inf = shelter_for (m, u);

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
      if (!g_str_equal (answer, "none") && ts_in_play (u))
        {
          /* TS-CHG-11, TS-AMB-70: ragged; any effective die, +1 stress on each charger of it */
          if (ts_fire (m, u, ts_find (m, answer), -2, events))
            for (guint i = 0; i < ch->chargers->len; i++)
              {
                TsCharger *c = ts_charger_at (ch, i);

                if (c->wave && !c->out && c->target == d->unit && ts_in_play (ts_unit_at (m, c->unit)))
                  ts_add_stress (m, ts_unit_at (m, c->unit), 1, "TS-CHG-11", events);
              }
        }
      break;
    default:
      break;
    }
  ts_charge_run (m, events);
}

/* For the simulator ------------------------------------------------------------------- */

gboolean
ts_charge_find_pose (TsMatch *m, TsUnit *u, int target, int block, gboolean counter, TsPose *pose)
{
  static const double offsets[] = { 0, 4, -4, 8, -8, 12, -12, 16, -16, 20, -20 };
  double tol = mu_table_contact_tolerance (m->table->unit);
  MuStand st[MU_STANDS_MAX];

  for (guint k = 0; k < G_N_ELEMENTS (offsets); k++)
    {
      MuPoint d = mu_facing_vector (u->facing + offsets[k]);
      double lo = 0, hi = ts_in (m, 19);
      TsPose p = { u->anchor, u->facing };
      guint n;

      n = layout_pose (m, u, (TsPose) { { u->anchor.x + d.x * hi, u->anchor.y + d.y * hi }, u->facing }, st);
      /* the slide must reach the target: somewhere along it the gap closes */
      for (int i = 0; i < 60; i++)
        {
          double mid = (lo + hi) / 2;

          n = layout_pose (m, u, (TsPose) { { u->anchor.x + d.x * mid, u->anchor.y + d.y * mid }, u->facing }, st);
          if (target_distance (m, st, n, target, block) <= tol / 2)
            hi = mid;
          else
            lo = mid;
        }
      p.anchor = (MuPoint) { u->anchor.x + d.x * lo, u->anchor.y + d.y * lo };
      p.anchor = mu_pos_from_point (p.anchor.x, p.anchor.y, p.facing).point;
      n = layout_pose (m, u, p, st);
      if (target_distance (m, st, n, target, block) > tol)
        continue;
      if (ts_charge_pose_ok (m, u, target, block, p, counter, NULL))
        {
          *pose = p;
          return TRUE;
        }
    }
  return FALSE;
}

static MuCommand *
words (const char *verb, const char *a, const char *b)
{
  MuCommand *c = mu_command_new (verb);

  if (a)
    mu_command_add_word (c, a);
  if (b)
    mu_command_add_word (c, b);
  return c;
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
      ts_garrisoned (m, u) || charger_of (m, u) != NULL)
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
      c = words ("charge", u->def->id, t->def->id);
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
      offer (m, out, words ("launch", NULL, NULL));
      TS_FOR_UNITS (m, u)
        if (u->side == ch->side && !u->acted)
          ts_charge_legal_declare (m, u, out);
      return;
    }
  if (ch->step != TS_CH_ABORT1 && ch->step != TS_CH_ABORT2)
    return;
  offer (m, out, words ("end-phase", NULL, NULL));
  for (guint i = 0; i < ch->chargers->len; i++)
    offer (m, out, words ("abort", ts_unit_at (m, ts_charger_at (ch, i)->unit)->def->id, NULL));
}
