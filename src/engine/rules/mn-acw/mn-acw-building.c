/* mn-acw-building.c: batteries firing at buildings (MN-ART-4, MN-AMB-32,
 * MN-AMB-33, MN-AMB-65, MN-AMB-74, MN-AMB-75): `bombard` declared in the
 * Move step as the battery's activation, the fires resolved at the start
 * of the Battle step in the order declared, and a building destroyed
 * when its count reaches its defending value, with every unit inside it;
 * it is impassable ground from then on. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define MN_BUILDING_KINDS (1u << MU_AREA_BUILT_UP | 1u << MU_AREA_BUILDING | 1u << MU_AREA_SETTLEMENT)

static const MuArea *
find_area (const MnMatch *m, const char *id, int *index)
{
  for (guint i = 0; id && m->table->areas && i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);

      if (g_strcmp0 (a->id, id) == 0)
        {
          if (index)
            *index = i;
          return a;
        }
    }
  return NULL;
}

gboolean
mn_area_destroyed (const MnMatch *m, const MuArea *a)
{
  const MuAreaState *s = a->id ? mu_table_state_area (m->areas, a->id) : NULL;

  return s && s->destroyed;
}

/* Whether any building has been destroyed: until one is, nothing need be
 * looked up by id for every stand that the invariants and a free place
 * test. */
static gboolean
any_destroyed (const MnMatch *m)
{
  const GArray *states = mu_table_state_areas (m->areas);

  for (guint i = 0; i < states->len; i++)
    if (g_array_index (states, MuAreaState, i).destroyed)
      return TRUE;
  return FALSE;
}

gboolean
mn_point_in_destroyed (const MnMatch *m, MuPoint p)
{
  if (!any_destroyed (m))
    return FALSE;
  for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);

      /* the point first: a building's few corners cost less than finding
       * its state by id */
      if ((MN_BUILDING_KINDS & (1u << a->kind)) &&
          mu_polygon_contains ((const MuPoint *) a->points->data, a->points->len, p) && mn_area_destroyed (m, a))
        return TRUE;
    }
  return FALSE;
}

gboolean
mn_segment_enters_destroyed (const MnMatch *m, MuPoint p, MuPoint q)
{
  if (!any_destroyed (m))
    return FALSE;
  for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);
      const MuPoint *pt = (const MuPoint *) a->points->data;
      guint n = a->points->len;

      if (!(MN_BUILDING_KINDS & (1u << a->kind)) || !mn_area_destroyed (m, a))
        continue;
      if (mu_polygon_contains (pt, n, p) || mu_polygon_contains (pt, n, q))
        return TRUE;
      for (guint k = 0; k < n; k++)
        if (mu_segment_intersect (p, q, pt[k], pt[(k + 1) % n], NULL))
          return TRUE;
    }
  return FALSE;
}

/* MN-AMB-74: the building area (not destroyed) holding p, or -1. */
int
mn_building_at (const MnMatch *m, MuPoint p)
{
  for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);

      if ((MN_BUILDING_KINDS & (1u << a->kind)) && !mn_area_destroyed (m, a) &&
          mu_polygon_contains ((const MuPoint *) a->points->data, a->points->len, p))
        return (int) i;
    }
  return -1;
}

/* MN-AMB-74: whether stands st of u may stand where they are as to
 * buildings: only infantry puts a stand centre in one, not into one that
 * holds an enemy stand centre unless it charges its occupant, and not
 * beyond its capacity in stand centres of its side (a charger's stands do
 * not count). */
gboolean
mn_building_allows (const MnMatch *m, const MnUnit *u, const MuStand *st, guint n, gboolean charging,
                    const char **why)
{
  for (guint k = 0; k < n; k++)
    {
      int b = mn_building_at (m, st[k].centre);
      const MuArea *a;

      if (b < 0)
        continue;
      if (u->type != MN_TYPE_INF)
        {
          *why = "only infantry may enter a building";
          return FALSE;
        }
      a = g_ptr_array_index (m->table->areas, b);
      if (a->capacity > 0 && !charging)
        {
          const MuPoint *pt = (const MuPoint *) a->points->data;
          guint inside = 0;

          for (guint j = 0; j < n; j++)
            inside += mu_polygon_contains (pt, a->points->len, st[j].centre);
          MN_FOR_UNITS (m, o)
            if (o != u && o->side == u->side && mn_has_stands (o))
              for (guint j = 0; j < o->n_stands; j++)
                inside += mu_polygon_contains (pt, a->points->len, o->stands[j].centre);
          if (inside > (guint) a->capacity)
            {
              *why = "the building holds no more stands";
              return FALSE;
            }
        }
      MN_FOR_UNITS (m, o)
        {
          if (o->side == u->side || !mn_has_stands (o) || charging)
            continue;
          for (guint j = 0; j < o->n_stands; j++)
            if (mu_polygon_contains ((const MuPoint *) a->points->data, a->points->len, o->stands[j].centre))
              {
                *why = "the building holds the enemy";
                return FALSE;
              }
        }
    }
  return TRUE;
}

/* The nearest point of the polygon to the segment a-b, and the distance
 * (0 when they meet). */
static double
nearest_point (const MuPoint *pt, guint n, MuPoint a, MuPoint b, MuPoint *out)
{
  double best = G_MAXDOUBLE;

  for (guint k = 0; k < n; k++)
    {
      MuPoint c = pt[k], d = pt[(k + 1) % n];

      for (int s = 0; s <= 20; s++)
        {
          /* the outline sampled finely enough for a distance to 0.01 on a
           * building's edge of a few inches */
          MuPoint p = { c.x + (d.x - c.x) * s / 20.0, c.y + (d.y - c.y) * s / 20.0 };
          double dist = mu_segment_point_distance (a, b, p);

          if (dist < best)
            {
              best = dist;
              *out = p;
            }
        }
    }
  return best;
}

/* MN-AMB-65: range to the building's nearest point, any part of it in the
 * arc, and sight along one of three lines from the ends and middle of the
 * battery's front edge to that point. */
static gboolean
covers_area (MnMatch *m, const MnUnit *b, const MuStand *cb, const MuArea *a, const char **rule)
{
  const MuPoint *pt = (const MuPoint *) a->points->data;
  guint n = a->points->len;
  MuPoint corners[4], near = { 0, 0 };
  double range = b->type == MN_TYPE_HORSE_ART ? m->num.range_horse : m->num.range_foot;
  gboolean in_arc = FALSE;
  MuLosParams params;
  g_autofree MuLosUnit *others = g_new0 (MuLosUnit, m->units->len + 1);
  guint n_others = 0;

  mu_stand_corners (cb, corners);
  if (!mu_table_within (nearest_point (pt, n, corners[0], corners[1], &near), range))
    {
      *rule = "MN-ART-2";
      return FALSE;
    }
  for (guint k = 0; k < n && !in_arc; k++)
    for (int s = 0; s <= 20 && !in_arc; s++)
      {
        MuPoint c = pt[k], d = pt[(k + 1) % n];
        MuPoint p = { c.x + (d.x - c.x) * s / 20.0, c.y + (d.y - c.y) * s / 20.0 };

        in_arc = mu_stand_arc_contains (cb, m->num.arc / 2, p);
      }
  if (!in_arc)
    {
      *rule = "MN-ART-1";
      return FALSE;
    }
  mu_los_params_init (&params, m->table->unit);
  for (int k = 0; k < MU_AREA_N; k++)
    params.visible_depth[k] = -1;
  params.visible_depth[MU_AREA_WOODS] = params.visible_depth[MU_AREA_LIGHT_WOODS] = 2;
  params.visible_depth[MU_AREA_FIELD] = 2;
  params.levels = TRUE;
  params.crest_clearance = mn_tolerance (m);
  /* MN-AMB-73: a hill with no crest drawn has its outline as its crest */
  params.hill_outline_crests = TRUE;
  params.units_block = TRUE;
  MN_FOR_UNITS (m, o)
    if (mn_has_stands (o) && o != b)
      others[n_others++] = (MuLosUnit) { o->def->id, o->stands, o->n_stands, o->type == MN_TYPE_LEADER };
  {
    MuPoint from[3] = { corners[0], { (corners[0].x + corners[1].x) / 2, (corners[0].y + corners[1].y) / 2 },
                        corners[1] };

    for (int i = 0; i < 3; i++)
      {
        MuLosResult r;

        if (mu_table_los_line (m->terrain, &params, from[i], near, others, n_others, NULL, NULL, &r) ==
            MU_LOS_CLEAR)
          return TRUE;
      }
  }
  *rule = "MN-ART-1";
  return FALSE;
}

/* `bombard BATTERY AREA [face F]` (MN-ART-4, MN-AMB-33, MN-AMB-75). */
gboolean
mn_apply_bombard (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *b = mn_find_unit (m, mu_command_word (c, 0));
  const MuArea *a;
  MnChanges ch;
  MnUnit moved;
  MuStand cb;
  const char *rule = NULL;
  int index = -1;
  MnFire fire;

  if (b == NULL)
    return mu_rules_refuse (error, "MN-ART-4", "no unit “%s”", mu_command_word (c, 0));
  if (b->type != MN_TYPE_FOOT_ART && b->type != MN_TYPE_HORSE_ART)
    return mu_rules_refuse (error, "MN-ART-4", "only batteries fire at buildings");
  a = find_area (m, mu_command_word (c, 1), &index);
  if (a == NULL || !(MN_BUILDING_KINDS & (1u << a->kind)))
    return mu_rules_refuse (error, "MN-AMB-74", "“%s” is no building on the table", mu_command_word (c, 1));
  if (mn_area_destroyed (m, a))
    return mu_rules_refuse (error, "MN-AMB-75", "%s is destroyed already", a->id);
  if (!mn_may_activate (m, b, error) || !mn_parse_changes (m, b, c, 2, &ch, error))
    return FALSE;
  if (ch.has_bearing || ch.reform)
    return mu_rules_refuse (error, "MN-AMB-75", "a battery firing at a building may change its facing only");
  if (!mn_check_changes (m, b, &ch, error))
    return FALSE;
  /* range, arc and sight after the facing change */
  moved = *b;
  if (ch.turn)
    {
      moved.facing = ch.facing;
      moved.n_stands = mn_layout_about (m, b, mn_footprint_centre (b), ch.facing, b->form, b->bases,
                                        moved.stands);
    }
  cb = mn_centre_base (&moved);
  if (!covers_area (m, &moved, &cb, a, &rule))
    return mu_rules_refuse (error, rule, "%s is not within %s's range, arc and sight", a->id, b->def->id);
  if (events == NULL)
    return TRUE;
  m->activations[b->side]--;
  b->activated = TRUE;
  b->art_fired = TRUE;
  {
    MuEvent *e = mn_event (m, events, &mn_ev_bombard, b->def->id, "MN-ART-4");

    mu_event_set_object (e, a->id);
    e->value = m->activations[b->side];
  }
  mn_make_changes (m, b, &ch, events);
  {
    guint i = 0;

    g_ptr_array_find (m->units, b, &i);
    fire.battery = (int) i;
  }
  fire.area = index;
  g_array_append_val (m->fires, fire);
  return TRUE;
}

/* MN-AMB-75: the Move step's fires, in the order declared. */
void
mn_resolve_fires (MnMatch *m, GPtrArray *events)
{
  for (guint i = 0; i < m->fires->len; i++)
    {
      const MnFire *f = &g_array_index (m->fires, MnFire, i);
      const MuArea *a = g_ptr_array_index (m->table->areas, f->area);
      MuAreaState *s = mu_table_state_area (m->areas, a->id);
      int defence = a->defence > 0 ? a->defence : m->bua_defence;
      MuEvent *e;

      if (s == NULL || s->destroyed)
        continue;
      s->fire++;
      e = mn_event (m, events, &mn_ev_fire, a->id, "MN-ART-4");
      mu_event_set_object (e, ((MnUnit *) g_ptr_array_index (m->units, f->battery))->def->id);
      e->value = s->fire;
      if (s->fire < defence)
        continue;
      {
        /* MN-AMB-75: every unit with half or more of its stand centres
         * inside goes with the building, counted as lost. A unit with
         * fewer inside is not "inside", yet the ruin is impassable from now
         * on: decided here as MN-AMB-75 would, its stands inside are lost
         * with the building (hits, MN-AMB-46's stands staying put) and the
         * rest stay. The units go before the ruin is marked, so that no
         * stand ever stands on impassable ground. */
        const MuPoint *pt = (const MuPoint *) a->points->data;
        guint np = a->points->len;
        g_autoptr(GPtrArray) gone = g_ptr_array_new ();

        MN_FOR_UNITS (m, u)
          {
            guint in = 0;

            if (!mn_has_stands (u))
              continue;
            for (guint k = 0; k < u->n_stands; k++)
              in += mu_polygon_contains (pt, np, u->stands[k].centre);
            if (in == 0)
              continue;
            if (2 * in >= u->n_stands)
              {
                guint idx = 0;

                g_ptr_array_find (m->units, u, &idx);

                u->status = u->type == MN_TYPE_LEADER ? MN_STATUS_CAPTURED : MN_STATUS_DESTROYED;
                u->n_stands = 0;
                if (u->type != MN_TYPE_LEADER)
                  u->bases = 0;
                g_ptr_array_add (gone, u);
                /* MN-AMB-75: his attached leader goes with him, captured
                 * (decided here: the digest names only the units inside) */
                MN_FOR_UNITS (m, l)
                  if (l->type == MN_TYPE_LEADER && l->attached == (int) idx)
                    {
                      l->status = MN_STATUS_CAPTURED;
                      l->attached = MN_NONE;
                    }
                continue;
              }
            for (guint k = u->n_stands; k > 0; k--)
              if (mu_polygon_contains (pt, np, u->stands[k - 1].centre))
                {
                  memmove (&u->stands[k - 1], &u->stands[k], sizeof u->stands[0] * (u->n_stands - k));
                  u->n_stands--;
                  u->bases--;
                }
            mn_event (m, events, &mn_ev_hits, u->def->id, "MN-AMB-75")->value = (int) in;
          }
        mn_event (m, events, &mn_ev_building_destroyed, a->id, "MN-AMB-75");
        s->destroyed = TRUE;
        for (guint k = 0; k < gone->len; k++)
          mn_event (m, events, &mn_ev_destroyed, ((MnUnit *) g_ptr_array_index (gone, k))->def->id,
                    "MN-AMB-75");
      }
    }
  g_array_set_size (m->fires, 0);
  mn_pairs_prune (m);
  mn_check_sudden_end (m, events);
}
