/* toy-soldiers-contact-move.c: the moves of contact resolution: the
 * required fall backs, withdrawals and retreats (TS-AMB-52), a charger's
 * slide on (TS-AMB-73, TS-AMB-76) and a winner's advance (TS-CR-11,
 * TS-AMB-75). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-contact.h"

#include "mu-table-geom.h"

#include <math.h>


static double
facing_of (MuPoint dir)
{
  return fmod (atan2 (dir.x, -dir.y) * 180.0 / G_PI + 360.0, 360.0);
}

/* Turns the unit about its footprint's centre to `facing` (TS-AMB-52). */
static void
turn_about_centre (TsMatch *m, TsUnit *u, double facing)
{
  MuStand fp = mu_stands_footprint (u->st, u->n_st);
  MuPoint f = mu_facing_vector (facing);
  double depth = fabs (remainder (facing - u->facing, 180.0)) > 45.0 ? fp.width : fp.depth;

  u->facing = facing;
  u->anchor = (MuPoint) { fp.centre.x + f.x * depth / 2, fp.centre.y + f.y * depth / 2 };
  ts_layout (m, u);
}

/* TS-AMB-52: a required fall back (retreat: about-face) of `inches`,
 * `back` or `away` from the nearest enemy unit, one straight step; its
 * blocked places as a reorder's withdrawal. FALSE when it left the table. */
gboolean
ts_cr_move (TsMatch *m, TsUnit *u, int inches, gboolean away, gboolean retreat, const char *text, const char *rule,
         GPtrArray *events)
{
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  MuPoint old_anchor = u->anchor, turned;
  double old_facing = u->facing;
  MuPoint dir;
  double dist = ts_in (m, inches);
  MuStand others[MU_STANDS_MAX * 8];
  guint n_others = ts_blockers (m, u, others, G_N_ELEMENTS (others), FALSE);
  TsUnit after;
  MuEvent *e;
  gboolean check = m->check_events;

  if (away)
    {
      const TsUnit *near = NULL;
      double best = G_MAXDOUBLE;

      TS_FOR_UNITS (m, o)
        if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) && ts_unit_distance (u, o) < best)
          {
            best = ts_unit_distance (u, o);
            near = o;
          }
      dir = near ? mu_stands_away_vector (u->st, u->n_st, near->st, near->n_st) : mu_facing_vector (u->facing + 180);
      /* a fall back faces the enemy, a retreat faces away */
      turn_about_centre (m, u, retreat ? facing_of (dir) : facing_of ((MuPoint) { -dir.x, -dir.y }));
    }
  else
    {
      if (retreat)
        turn_about_centre (m, u, fmod (u->facing + 180.0, 360.0));
      dir = mu_facing_vector (retreat ? u->facing : u->facing + 180.0);
    }
  turned = u->anchor;
  after = *u;
  after.anchor = (MuPoint) { u->anchor.x + dir.x * dist, u->anchor.y + dir.y * dist };
  ts_layout (m, &after);
  if (!ts_on_table (m, after.st, after.n_st))
    {
      /* TAB-18, TS-AMB-53: out of play from where it stood */
      u->anchor = old_anchor;
      u->facing = old_facing;
      ts_layout (m, u);
      ts_off_table (m, u);
      e = ts_event (m, events, &ts_ev_move, u->def->id, rule);
      if (e)
        {
          /* no `to`: it left the table (as a rout or a withdrawal off it) */
          mu_event_set_text (e, text);
          e->from = from;
        }
      ts_event (m, events, &ts_ev_dispersed, u->def->id, "TS-AMB-53");
      return FALSE;
    }
  u->anchor = after.anchor;
  ts_layout (m, u);
  ts_skirm_follow (m, u, old_anchor, old_facing);
  /* as a reorder's withdrawal: the invariants hold again once the
   * blocked places are cleared (TS-OBS-1) */
  m->check_events = FALSE;
  e = ts_event (m, events, &ts_ev_move, u->def->id, rule);
  if (e)
    {
      mu_event_set_text (e, text);
      e->from = from;
      e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
  ts_blocked_withdrawal (m, u, turned, dist, others, n_others, events);
  m->check_events = check;
  return ts_in_play (u);
}

void
ts_cr_slide (TsMatch *m, TsUnit *u, double limit, const char *text, const char *rule, GPtrArray *events)
{
  MuPoint f = mu_facing_vector (u->facing);
  MuPoint start = u->anchor;
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  double step = ts_in (m, 0.1), lo = 0, hi = -1;
  double far = limit >= 0 ? limit : ts_in (m, 48);
  TsUnit at = *u;
  MuEvent *e;

  if (!ts_in_play (u))
    return;
  /* the first place it would overlap something, to 0.1", then closer */
  for (double d = step; mu_table_within (d, far); d += step)
    {
      at.anchor = (MuPoint) { start.x + f.x * d, start.y + f.y * d };
      ts_layout (m, &at);
      if (!ts_on_table (m, at.st, at.n_st) || ts_stands_blocked (m, u, at.st, at.n_st))
        {
          hi = d;
          break;
        }
      lo = d;
    }
  if (hi < 0 && limit >= 0)
    {
      at.anchor = (MuPoint) { start.x + f.x * limit, start.y + f.y * limit };
      ts_layout (m, &at);
      if (ts_on_table (m, at.st, at.n_st) && !ts_stands_blocked (m, u, at.st, at.n_st))
        lo = limit;
      else
        hi = limit;
    }
  if (hi >= 0)
    for (int k = 0; k < 20; k++)
      {
        double mid = (lo + hi) / 2;

        at.anchor = (MuPoint) { start.x + f.x * mid, start.y + f.y * mid };
        ts_layout (m, &at);
        if (!ts_on_table (m, at.st, at.n_st) || ts_stands_blocked (m, u, at.st, at.n_st))
          hi = mid;
        else
          lo = mid;
      }
  /* TAB-3: to 0.01", never into what it touches */
  lo = floor ((lo + MU_TABLE_EPSILON) / ts_in (m, 0.01)) * ts_in (m, 0.01);
  if (mu_table_within (lo, 0))
    return;
  u->anchor = (MuPoint) { start.x + f.x * lo, start.y + f.y * lo };
  ts_layout (m, u);
  ts_skirm_follow (m, u, start, u->facing);
  e = ts_event (m, events, &ts_ev_move, u->def->id, rule);
  if (e)
    {
      mu_event_set_text (e, text);
      e->from = from;
      e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
}

/* TS-CR-11, TS-AMB-75: a winner's advance of up to 2" straight ahead,
 * within 22° of its facing, not into contact with an enemy. */
gboolean
ts_cr_advance_check (TsMatch *m, TsUnit *u, MuPoint to, TsUnit *out, GError **error)
{
  MuPoint d = { to.x - u->anchor.x, to.y - u->anchor.y };
  double len = hypot (d.x, d.y);
  MuPoint f = mu_facing_vector (u->facing);

  if (len > ts_in (m, 2) + ts_in (m, 0.005))
    return mu_rules_refuse (error, "TS-CR-11", "%s may advance 2 inches at most", u->def->id);
  if (mu_table_beyond (len, 0) && mu_table_beyond (cos (G_PI * m->num.arc / 180.0), (d.x * f.x + d.y * f.y) / len))
    return mu_rules_refuse (error, "TS-AMB-75", "%s advances by a forward move (TS-AMB-48)", u->def->id);
  *out = *u;
  out->anchor = to;
  ts_layout (m, out);
  if (!ts_on_table (m, out->st, out->n_st) || ts_stands_blocked (m, u, out->st, out->n_st))
    return mu_rules_refuse (error, "TS-AMB-75", "%s has no room there", u->def->id);
  TS_FOR_UNITS (m, o)
    if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_stands_in_contact (out->st, out->n_st, o->st, o->n_st, mu_table_contact_tolerance (m->table->unit)))
      return mu_rules_refuse (error, "TS-AMB-75", "the advance may not end in contact with %s", o->def->id);
  return TRUE;
}
