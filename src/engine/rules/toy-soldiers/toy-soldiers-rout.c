/* toy-soldiers-rout.c: a rout (TS-GEN-7, TS-AMB-7, TS-AMB-53): the event
 * that part 2's contact resolution and melee end in, and that nothing
 * built in part 1 starts yet. The unit turns to face its home edge and
 * goes 18" that way, passing through everything, on to the first place
 * its layout overlaps nothing; disorder 6; friends within 6" of its start
 * or end +1 stress; its side -1 élan (TS-ELAN-3); an attached commander
 * risks a 6 (TS-CDR-12). Off the table it is out of play (TAB-18). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <math.h>
#include <string.h>


static gboolean
place_free (TsMatch *m, const TsUnit *u, const MuStand *st, guint n)
{
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (st, n, o->st, o->n_st))
      return FALSE;
  for (guint k = 0; k < n; k++)
    {
      guint areas[8];
      guint na = MIN (mu_terrain_areas_at (m->terrain, st[k].centre, areas, 8), 8);

      for (guint j = 0; j < na; j++)
        {
          MuAreaKind kind = ((const MuArea *) g_ptr_array_index (m->table->areas, areas[j]))->kind;

          if (mu_ruleset_area_impassable (m->ruleset, kind) || kind == MU_AREA_BUILDING || kind == MU_AREA_BUILT_UP)
            return FALSE;
        }
    }
  return TRUE;
}


/* TAB-18, TS-AMB-53: a unit whose involuntary move would end off the
 * table leaves play from where it stands, counted as dispersed; an
 * attached commander stays there (TS-AMB-57) and the chaos floor rises
 * (TS-AMB-55). The caller says so in its events. */
void
ts_off_table (TsMatch *m, TsUnit *u)
{
  TsUnit *cmdr;

  TS_FOR_UNITS (m, o)
    if (o->type == TS_COMMANDER && o->attached == ts_unit_index (m, u))
      ts_detach (m, o);
  u->lost_pool += u->stands;
  u->stands = 0;
  u->n_skirm = 0;
  ts_garrison_disband (m, u);
  u->dispersed = TRUE;
  u->n_st = 0;
  cmdr = ts_commander_of (m, u);
  if (cmdr && cmdr->chaos < ts_chaos_floor (m, cmdr))
    cmdr->chaos = ts_chaos_floor (m, cmdr);
}

void
ts_rout_move (TsMatch *m, TsUnit *u, const char *rule, TsRouting *r, GPtrArray *events)
{
  static const double edge_facing[MU_TABLE_EDGE_N] = { 0, 90, 180, 270 };
  MuStand fp = mu_stands_footprint (u->st, u->n_st);
  double facing = -1;
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  MuPoint dir;
  MuEvent *e;
  gboolean off = TRUE;

  memset (r, 0, sizeof *r);
  r->cmdr = TS_NONE;
  r->n_start = u->n_st;
  memcpy (r->start, u->st, sizeof (MuStand) * u->n_st);
  TS_FOR_UNITS (m, o)
    if (o->type == TS_COMMANDER && o->attached == ts_unit_index (m, u))
      r->cmdr = ts_unit_index (m, o);
  /* TS-AMB-57: "within 4\"" of TS-CDR-12 is from his stand before the move */
  if (r->cmdr != TS_NONE)
    r->cs = ts_commander_stand (m, ts_unit_at (m, r->cmdr));
  /* TS-AMB-53: face the home edge, keeping the footprint's centre */
  for (guint i = 0; m->table->home_edges && i < m->table->home_edges->len; i++)
    {
      const MuHomeEdge *h = g_ptr_array_index (m->table->home_edges, i);

      if (g_strcmp0 (h->side, m->side_id[u->side]) == 0)
        facing = edge_facing[h->edge];
    }
  if (facing < 0)
    {
      /* no home edge: directly away from the nearest enemy (TAB-17) */
      const TsUnit *near = NULL;
      double best = G_MAXDOUBLE;

      TS_FOR_UNITS (m, o)
        if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) && ts_unit_distance (u, o) < best)
          {
            best = ts_unit_distance (u, o);
            near = o;
          }
      dir = near ? mu_stands_away_vector (u->st, u->n_st, near->st, near->n_st) : mu_facing_vector (u->facing + 180);
      facing = fmod (atan2 (dir.x, -dir.y) * 180.0 / G_PI + 360.0, 360.0);
    }
  dir = mu_facing_vector (facing);
  {
    MuPoint f = dir;
    MuPoint centre = fp.centre;
    double depth = fp.depth;

    /* the footprint turned about its centre: its front edge's midpoint is the anchor */
    if (fabs (remainder (facing - u->facing, 180.0)) > 45.0)
      depth = fp.width;
    u->facing = facing;
    u->anchor = (MuPoint) { centre.x + f.x * depth / 2, centre.y + f.y * depth / 2 };
  }
  for (double d = ts_in (m, m->num.rout); d < ts_in (m, m->num.rout) + 200 * m->inch; d += ts_in (m, 0.1))
    {
      TsUnit at = *u;

      /* its skirmishers rejoin it (below): the place must hold them too */
      at.n_skirm = 0;
      at.anchor = (MuPoint) { u->anchor.x + dir.x * d, u->anchor.y + dir.y * d };
      ts_layout (m, &at);
      if (!ts_on_table (m, at.st, at.n_st))
        break;
      if (place_free (m, u, at.st, at.n_st))
        {
          u->anchor = at.anchor;
          off = FALSE;
          break;
        }
    }
  if (off)
    {
      /* TAB-18, TS-AMB-53: out of play, counted as dispersed; an attached
       * commander stays where he stood (TS-AMB-57) */
      u->n_st = r->n_start;
      memcpy (u->st, r->start, sizeof (MuStand) * r->n_start);
      ts_off_table (m, u);
    }
  else
    {
      u->n_skirm = 0;
      ts_layout (m, u);
    }
  r->off = off;
  e = ts_event (m, events, &ts_ev_rout, u->def->id, "TS-GEN-7");
  if (e)
    {
      e->from = from;
      if (!off)
        e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
  if (off)
    ts_event (m, events, &ts_ev_dispersed, u->def->id, "TS-AMB-53");
  else
    ts_add_disorder (m, u, 6 - u->disorder, rule, events);
}

void
ts_rout_after (TsMatch *m, TsUnit *u, const char *elan_rule, const TsRouting *r, GPtrArray *events)
{
  TsUnit *c = ts_unit_at (m, r->cmdr);

  ts_add_elan (m, u->side, -1, elan_rule, events);
  if (m->finished)
    return;
  /* friends within 6" of its start or end */
  TS_FOR_UNITS (m, o)
    if (o != u && o->side == u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        (mu_table_within (mu_stands_distance (r->start, r->n_start, o->st, o->n_st), ts_in (m, m->num.rout_panic)) ||
         (!r->off && ts_in_play (u) &&
          mu_table_within (mu_stands_distance (u->st, u->n_st, o->st, o->n_st), ts_in (m, m->num.rout_panic)))))
      ts_add_stress (m, o, 1, "TS-GEN-7", events);
  /* TS-CDR-12: the attached commander's 6 */
  if (c)
    {
      int die = mu_dice_roll (m->dice, events, "commander-risk", c->def->id, NULL, 0, MU_ROLL_AT_LEAST, 6,
                              "TS-CDR-12", NULL);

      if (die == 6)
        {
          ts_add_chaos (m, c, 6 - c->chaos, "TS-CDR-12", events);
          TS_FOR_UNITS (m, o)
            if (o != u && o->side == c->side && o->type != TS_COMMANDER && ts_in_play (o) &&
                mu_table_within (mu_stands_distance (&r->cs, 1, o->st, o->n_st), ts_in (m, 4)))
              ts_add_stress (m, o, 1, "TS-CDR-12", events);
        }
    }
}

void
ts_rout (TsMatch *m, TsUnit *u, int extra_stress, GPtrArray *events)
{
  TsRouting r;

  if (!ts_in_play (u))
    return;
  ts_rout_move (m, u, "TS-GEN-7", &r, events);
  if (!r.off)
    ts_add_stress (m, u, extra_stress, "TS-GEN-7", events);
  ts_rout_after (m, u, "TS-ELAN-3", &r, events);
}
