/* baa-table-cdr.c: commanders in combat on the table: shot at or through
 * (BAT-CDR-2, BAT-AMB-23), by sharpshooters (BAT-CDR-3, BAT-AMB-24), and
 * captured or evading when an enemy unit reaches them (BAT-CDR-4, BAT-AMB-27) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* A commander seen as a one-base unit, for range and line of sight. */
static BatUnit
as_unit (const BatCdr *c)
{
  BatUnit t;

  memset (&t, 0, sizeof t);
  t.def = c->def;
  t.side = c->side;
  t.status = BAT_UNIT_ACTIVE;
  t.bases = 1;
  t.stands[0] = c->stand;
  t.n_stands = 1;
  bat_stands_circle (t.stands, 1, &t.bc, &t.br);
  return t;
}

static void
disable (BatMatch *m, BatCdr *c, const char *rule, GPtrArray *events)
{
  c->status = BAT_CDR_DISABLED;
  c->has_orders = c->nic = FALSE;
  bat_event (m, events, &baa_ev_disabled, c->def->id, rule);
}

/* Two dice for one base: both at or above `need` disable the commander. */
static gboolean
shot (BatMatch *m, GPtrArray *events, const BatUnit *u, BatCdr *c, int need, const char *rule)
{
  int k = mu_dice_roll_pool (m->dice, events, "commander", u->def->id, 2, MU_DICE_SUCCESSES, 0, need, 2,
                             NULL, rule, NULL);

  mu_event_set_object (g_ptr_array_index (events, events->len - 1), c->def->id);
  if (k < 2)
    return FALSE;
  disable (m, c, rule, events);
  return TRUE;
}

guint
bat_fire_through (BatMatch *m, const BatUnit *u, const BatUnit *t, BatCdr **pairs_cdr, guint max)
{
  double range = (m->night ? MIN (u->range, 1) : u->range) * m->scale.u;
  guint n = 0;

  /* BAT-CDR-2, BAT-AMB-23: every firing base whose line of fire (its centre
   * to the centre of the target's base nearest it) passes over a commander's
   * base */
  for (guint i = 0; i < u->n_stands; i++)
    {
      MuLosResult r;
      const MuStand *near = &t->stands[0];
      double best = G_MAXDOUBLE;

      if (mu_table_beyond (mu_stands_distance (&u->stands[i], 1, t->stands, t->n_stands), range) ||
          !bat_los_stand (m, u, &u->stands[i], t, &r))
        continue;
      for (guint k = 0; k < t->n_stands; k++)
        {
          double d = hypot (u->stands[i].centre.x - t->stands[k].centre.x,
                            u->stands[i].centre.y - t->stands[k].centre.y);
          if (d < best)
            {
              best = d;
              near = &t->stands[k];
            }
        }
      BAT_FOR_CDRS (m, c)
        {
          MuPoint cs[4];

          if (c->status != BAT_CDR_ACTIVE || n >= max)
            continue;
          mu_stand_corners (&c->stand, cs);
          if (mu_convex_meets_segment (cs, 4, u->stands[i].centre, near->centre))
            pairs_cdr[n++] = c;
        }
    }
  return n;
}

void
bat_fire_through_roll (BatMatch *m, const BatUnit *u, BatCdr **cdrs, guint n, GPtrArray *events)
{
  for (guint i = 0; i < n; i++)
    if (cdrs[i]->status == BAT_CDR_ACTIVE)
      shot (m, events, u, cdrs[i], 6, "BAT-CDR-2");
}

gboolean
bat_fire_at_commander (BatMatch *m, BatUnit *u, BatCdr *c, GPtrArray *events, GError **error)
{
  BatUnit t;
  const char *rule = NULL;
  g_autofree char *reason = NULL;
  guint n;
  gboolean sharp = u->sharpshooter;
  int need;
  MuEvent *e;

  if (c->status != BAT_CDR_ACTIVE || c->side == u->side)
    return bat_refuse (error, "BAT-CDR-2", "%s is no enemy commander on the table", c->def->id);
  t = as_unit (c);
  n = bat_fire_bases (m, u, &t, &rule, &reason);
  if (n == 0)
    return bat_refuse (error, rule, "%s", reason);
  if (events == NULL)
    return TRUE;
  /* BAT-CDR-2: a double six; BAT-CDR-3, BAT-AMB-24: a sharpshooter needs
   * both dice at or above its modified attack value */
  need = sharp ? bat_attack_value (m, u) : 6;
  e = bat_event (m, events, &baa_ev_attack, c->def->id, sharp ? "BAT-CDR-3" : "BAT-CDR-2");
  mu_event_set_object (e, u->def->id);
  mu_event_set_text (e, NC_("event text", "fire"));
  e->count = (int) n;
  u->fired = TRUE;
  u->acted_this_bound = TRUE;
  for (guint i = 0; i < n && c->status == BAT_CDR_ACTIVE; i++)
    shot (m, events, u, c, need, sharp ? "BAT-CDR-3" : "BAT-CDR-2");
  bat_advance (m, events);
  return TRUE;
}

/* Captures ------------------------------------------------------------------------------ */

static gboolean
lone (BatMatch *m, const BatCdr *c)
{
  double tol = bat_contact_tolerance (m);

  BAT_FOR_UNITS (m, f)
    if (f->side == c->side && bat_unit_on_table (f) &&
        mu_stands_in_contact (&c->stand, 1, f->stands, f->n_stands, tol))
      return FALSE;
  return TRUE;
}

static gboolean
cdr_place_free (BatMatch *m, const BatCdr *c, const MuStand *st)
{
  MuPoint cs[4];

  mu_stand_corners (st, cs);
  for (int k = 0; k < 4; k++)
    if (mu_table_beyond (-cs[k].x, 0) || mu_table_beyond (-cs[k].y, 0) ||
        mu_table_beyond (cs[k].x, m->table->width) || mu_table_beyond (cs[k].y, m->table->height))
      return FALSE;
  if (bat_point_impassable (m, st->centre))
    return FALSE;
  BAT_FOR_UNITS (m, o)
    if (bat_unit_on_table (o) && mu_stands_overlap (st, 1, o->stands, o->n_stands))
      return FALSE;
  BAT_FOR_CDRS (m, o)
    if (o != c && o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, 1, &o->stand, 1))
      return FALSE;
  return TRUE;
}

void
bat_capture_check (BatMatch *m, BatUnit *u, GPtrArray *events)
{
  double tol = bat_contact_tolerance (m);

  BAT_FOR_CDRS (m, c)
    {
      gboolean ok;
      MuPoint dir, start;
      MuEvent *e;
      double step, moved = 0;

      if (c->side == u->side || c->status != BAT_CDR_ACTIVE ||
          !mu_stands_in_contact (u->stands, u->n_stands, &c->stand, 1, tol) || !lone (m, c))
        continue;
      /* BAT-CDR-4: one die at or above the unit's normal attack value */
      mu_dice_roll (m->dice, events, NC_("event text", "capture"), u->def->id, c->def->id, 0,
                    MU_ROLL_AT_LEAST, u->attack,
                    "BAT-CDR-4", &ok);
      if (ok)
        {
          c->status = BAT_CDR_CAPTURED;
          c->has_orders = c->nic = FALSE;
          mu_event_set_object (bat_event (m, events, &baa_ev_captured, c->def->id, "BAT-CDR-4"),
                               u->def->id);
          continue;
        }
      /* BAT-AMB-27: a full commander move directly away (TAB-17), not
       * pinned; it stops short of anything in its way and of the edge */
      dir = mu_stands_away_vector (&c->stand, 1, u->stands, u->n_stands);
      if (dir.x == 0 && dir.y == 0)
        dir = mu_facing_vector (c->facing + 180);
      start = c->anchor;
      step = m->scale.u / 20;
      while (mu_table_within (moved + step, m->scale.move_commander))
        {
          BatCdr probe = *c;

          probe.anchor = (MuPoint) { c->anchor.x + dir.x * step, c->anchor.y + dir.y * step };
          bat_cdr_layout (m, &probe);
          /* TAB-12, BAT-AMB-38: not over an impassable line, nor a river
           * away from a ford or bridge (by its base's centre, TAB-13, as
           * a unit's bases) */
          if (!cdr_place_free (m, c, &probe.stand) ||
              bat_crosses_barrier (m, c->stand.centre, probe.stand.centre, TRUE))
            break;
          c->anchor = probe.anchor;
          c->stand = probe.stand;
          moved += step;
        }
      e = bat_event (m, events, &baa_ev_evaded, c->def->id, "BAT-AMB-27");
      e->from = mu_pos_from_point (start.x, start.y, c->facing);
      e->to = mu_pos_from_point (c->anchor.x, c->anchor.y, c->facing);
    }
}
