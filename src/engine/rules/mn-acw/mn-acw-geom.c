/* mn-acw-geom.c: the geometric facts mn-acw measures on the table (TAB-1):
 * straight translations and the first touch along them (MN-AMB-44,
 * MN-AMB-52, MN-AMB-60), line of sight with the terrain chart's depths
 * (MN-AMB-72), stands touching along an edge (MN-AMB-76), being in an
 * area (TAB-13) and formed or unformed stands (MN-AMB-76). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <math.h>
#include <string.h>

double
mn_tolerance (const MnMatch *m)
{
  return mu_table_contact_tolerance (m->table->unit);
}

double
mn_hundredths_down (double length)
{
  return floor ((length + MU_TABLE_EPSILON) * 100) / 100;
}

void
mn_translate (const MuStand *from, guint n, MuPoint d, double t, MuStand *out)
{
  for (guint k = 0; k < n; k++)
    {
      out[k] = from[k];
      out[k].centre.x += d.x * t;
      out[k].centre.y += d.y * t;
    }
}

/* The first t along d at which the stands come within tol of o's, found
 * on a 0.05 grid and then by halving. Moving by some length changes the
 * distance between the two sets by at most that length, so the grid
 * points closer than the distance still to close are passed over without
 * a test: far stands cost a few tests, not one per 0.05 of the way, and
 * the answer is the one the full scan gives. */
static double
first_within (const MuStand *st, guint n, const MuStand *o, guint n_o, MuPoint d, double length,
              double tol)
{
  MuStand moved[MU_STANDS_MAX];
  double lo = 0, hi = -1, step = 0.05, clear_until;
  MuStandsBox sweep, end, ob;

  /* The stands stay in the box swept from where they are to where the
   * whole length takes them (each position between is in it, to the last
   * bit): o's stands far from that box are never within tol of them. Most
   * of the units a move or a charge is checked against are. */
  mu_stands_box (st, n, &sweep);
  mn_translate (st, n, d, MAX (length, 0), moved);
  mu_stands_box (moved, n, &end);
  sweep.x0 = MIN (sweep.x0, end.x0), sweep.y0 = MIN (sweep.y0, end.y0);
  sweep.x1 = MAX (sweep.x1, end.x1), sweep.y1 = MAX (sweep.y1, end.y1);
  mu_stands_box (o, n_o, &ob);
  if (!mu_stands_boxes_near (&sweep, &ob, tol))
    return -1;
  if (mu_stands_within (st, n, o, n_o, tol))
    return 0;
  clear_until = mu_stands_distance (st, n, o, n_o) - tol;
  for (double t = step; t < length + step; t += step)
    {
      double at = MIN (t, length), gap;

      if (at < clear_until)
        {
          lo = at;
          continue;
        }
      mn_translate (st, n, d, at, moved);
      gap = mu_stands_distance (moved, n, o, n_o) - tol;
      if (gap > 1e-5)
        clear_until = at + gap - MU_TABLE_EPSILON;
      else if (mu_stands_within (moved, n, o, n_o, tol))
        {
          hi = at;
          break;
        }
      lo = at;
    }
  if (hi < 0)
    return -1;
  for (int i = 0; i < 30; i++)
    {
      double mid = (lo + hi) / 2;

      mn_translate (st, n, d, mid, moved);
      if (mu_stands_within (moved, n, o, n_o, tol))
        hi = mid;
      else
        lo = mid;
    }
  /* hi touches, lo does not: the touch to 0.01 (TAB-3) */
  return round (hi * 100) / 100;
}

double
mn_first_contact (const MnMatch *m, const MuStand *st, guint n, const MuStand *o, guint n_o, MuPoint d,
                  double length)
{
  return first_within (st, n, o, n_o, d, length, mn_tolerance (m));
}

double
mn_first_touch (const MnMatch *m, const MuStand *st, guint n, const MuStand *o, guint n_o, MuPoint d,
                double length)
{
  (void) m;
  return first_within (st, n, o, n_o, d, length, 0);
}

/* MN-AMB-72: woods and light woods seen into 2 in, built-up areas,
 * buildings and settlements 1 in, fields 2 in; hill levels and crests
 * (a stand within 0.05 in of a crest sees over it, MN-AMB-73) block;
 * every unit's stands other than the two ends do, leaders never. The ends
 * are known by their units, not by their stands: a charge looks from the
 * stands its changes lay out, a battery from its centre base, and the
 * unit's own stands where it stands now are no third unit (MN-CHG-2). */
gboolean
mn_sight (MnMatch *m, const MnUnit *from_unit, const MuStand *from, guint n_from,
          const MnUnit *to_unit, const MuStand *to, guint n_to, MuLosResult *result)
{
  MuLosParams params;
  g_autofree MuLosUnit *others = g_new0 (MuLosUnit, m->units->len + 1);
  guint n_others = 0;
  MuLosResult r;

  mu_los_params_init (&params, m->table->unit);
  for (int k = 0; k < MU_AREA_N; k++)
    params.visible_depth[k] = -1;
  params.visible_depth[MU_AREA_WOODS] = params.visible_depth[MU_AREA_LIGHT_WOODS] = 2;
  params.visible_depth[MU_AREA_BUILT_UP] = params.visible_depth[MU_AREA_BUILDING] = 1;
  params.visible_depth[MU_AREA_SETTLEMENT] = 1;
  params.visible_depth[MU_AREA_FIELD] = 2;
  params.levels = TRUE;
  params.crest_clearance = mn_tolerance (m);
  /* MN-AMB-73: a hill with no crest drawn has its outline as its crest */
  params.hill_outline_crests = TRUE;
  params.units_block = TRUE;
  MN_FOR_UNITS (m, o)
    if (mn_has_stands (o) && o != from_unit && o != to_unit && o->stands != from && o->stands != to)
      others[n_others++] = (MuLosUnit) { o->def->id, o->stands, o->n_stands, o->type == MN_TYPE_LEADER };
  return mu_table_los_memo (m->los_memo, m->terrain, &params, from, n_from, to, n_to, others, n_others,
                            result ? result : &r);
}

/* Whether two stands touch along an edge: two edges nearly parallel,
 * within the contact tolerance of each other, over a stretch longer than
 * it (MN-AMB-76); a corner alone does not count. */
static gboolean
edges_touch (const MnMatch *m, const MuStand *a, const MuStand *b)
{
  MuPoint ca[4], cb[4];
  double tol = mn_tolerance (m);

  mu_stand_corners (a, ca);
  mu_stand_corners (b, cb);
  for (int i = 0; i < 4; i++)
    {
      MuPoint p = ca[i], q = ca[(i + 1) % 4];
      double len = hypot (q.x - p.x, q.y - p.y);
      MuPoint u = { (q.x - p.x) / len, (q.y - p.y) / len };

      for (int j = 0; j < 4; j++)
        {
          MuPoint r = cb[j], s = cb[(j + 1) % 4];
          double lo, hi, t0, t1;

          /* parallel: both ends of the other edge at most tol off this one's line */
          if (mu_table_beyond (fabs ((r.x - p.x) * u.y - (r.y - p.y) * u.x), tol) ||
              mu_table_beyond (fabs ((s.x - p.x) * u.y - (s.y - p.y) * u.x), tol))
            continue;
          t0 = (r.x - p.x) * u.x + (r.y - p.y) * u.y;
          t1 = (s.x - p.x) * u.x + (s.y - p.y) * u.y;
          lo = MAX (0, MIN (t0, t1));
          hi = MIN (len, MAX (t0, t1));
          if (mu_table_beyond (hi - lo, tol))
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
mn_stand_touches_edge (const MnMatch *m, const MuStand *s, const MnUnit *enemy)
{
  for (guint k = 0; k < enemy->n_stands; k++)
    if (mu_table_within (mu_stand_distance (s, &enemy->stands[k]), mn_tolerance (m)) &&
        edges_touch (m, s, &enemy->stands[k]))
      return TRUE;
  return FALSE;
}

/* Whether p lies in an area of the kind (bits 1 << MuAreaKind); the
 * area's index in *area when it does. */
gboolean
mn_point_in_kinds (const MnMatch *m, MuPoint p, guint32 kinds, int *area)
{
  guint areas[16];
  guint n = mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas));

  for (guint a = 0; a < MIN (n, G_N_ELEMENTS (areas)); a++)
    {
      const MuArea *ar = g_ptr_array_index (m->table->areas, areas[a]);

      if (kinds & (1u << ar->kind))
        {
          if (area)
            *area = areas[a];
          return TRUE;
        }
    }
  return FALSE;
}

/* TAB-13: half or more of the unit's stand centres in areas of the kinds. */
gboolean
mn_unit_in_kinds (const MnMatch *m, const MnUnit *u, guint32 kinds)
{
  guint in = 0;

  for (guint k = 0; k < u->n_stands; k++)
    in += mn_point_in_kinds (m, u->stands[k].centre, kinds, NULL);
  return u->n_stands > 0 && 2 * in >= u->n_stands;
}

/* MN-AMB-76: unformed in woods, light woods and buildings. */
#define MN_UNFORMED_KINDS (1u << MU_AREA_WOODS | 1u << MU_AREA_LIGHT_WOODS | 1u << MU_AREA_BUILT_UP | \
                           1u << MU_AREA_BUILDING | 1u << MU_AREA_SETTLEMENT)

gboolean
mn_stand_formed (const MnMatch *m, const MuStand *s)
{
  return !mn_point_in_kinds (m, s->centre, MN_UNFORMED_KINDS, NULL);
}

gboolean
mn_unit_formed (const MnMatch *m, const MnUnit *u)
{
  return !mn_unit_in_kinds (m, u, MN_UNFORMED_KINDS);
}

/* Whether a straight segment crosses a line of one of the kinds (bits
 * 1 << MuLineKind). */
gboolean
mn_segment_crosses (const MnMatch *m, MuPoint a, MuPoint b, guint32 kinds, const MuPolyline **line)
{
  for (guint i = 0; m->table->lines && i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
      const MuPoint *p = (const MuPoint *) l->points->data;

      if (!(kinds & (1u << l->kind)))
        continue;
      for (guint k = 0; k + 1 < l->points->len; k++)
        if (mu_segment_intersect (a, b, p[k], p[k + 1], NULL))
          {
            if (line)
              *line = l;
            return TRUE;
          }
    }
  return FALSE;
}

/* MN-LDR-1, MN-AMB-35, MN-AMB-51: the lone enemy leaders an infantry or
 * cavalry unit's stands come within contact of on their straight way from
 * `from` along d for `length` are captured at once. */
void
mn_capture_on_path (MnMatch *m, const MnUnit *u, const MuStand *from, guint n, MuPoint d, double length,
                    GPtrArray *events)
{
  if (u->type != MN_TYPE_INF && u->type != MN_TYPE_CAV)
    return;
  MN_FOR_UNITS (m, l)
    {
      if (l->side == u->side || l->type != MN_TYPE_LEADER || !mn_has_stands (l) ||
          mn_first_contact (m, from, n, l->stands, l->n_stands, d, length) < 0)
        continue;
      l->status = MN_STATUS_CAPTURED;
      l->n_stands = 0;
      mu_event_set_object (mn_event (m, events, &mn_ev_captured, l->def->id, "MN-LDR-1"), u->def->id);
    }
}

/* Whether a battery's (or a leader's) stands would touch a lone enemy
 * leader on that way, which they may not (MN-AMB-51). */
gboolean
mn_touches_lone_leader (const MnMatch *m, const MnUnit *u, const MuStand *from, guint n, MuPoint d,
                        double length)
{
  MN_FOR_UNITS (m, l)
    if (l->side != u->side && l->type == MN_TYPE_LEADER && mn_has_stands (l) &&
        mn_first_contact (m, from, n, l->stands, l->n_stands, d, length) >= 0)
      return TRUE;
  return FALSE;
}

/* The distance from a stand's outline to the polyline (0 when they meet). */
static double
stand_line_distance (const MuStand *st, const MuPoint *pt, guint n)
{
  MuPoint c[4];
  double best = G_MAXDOUBLE;

  mu_stand_corners (st, c);
  for (guint k = 0; k + 1 < n; k++)
    for (int e = 0; e < 4; e++)
      best = MIN (best, mu_segment_distance (c[e], c[(e + 1) % 4], pt[k], pt[k + 1]));
  return best;
}

/* MN-AMB-73: whether a stand touches a crest: a crest line drawn in the
 * scenario within 0.05 in of it, or, for a hill with no crest line drawn
 * inside it, the hill's outline with the stand's centre inside the hill. */
static gboolean
stand_on_crest (const MnMatch *m, const MuStand *st)
{
  const MuTableMap *t = m->table;

  for (guint i = 0; t->lines && i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);

      if (l->kind == MU_LINE_CREST &&
          mu_table_within (stand_line_distance (st, (const MuPoint *) l->points->data, l->points->len),
                           mn_tolerance (m)))
        return TRUE;
    }
  for (guint i = 0; t->areas && i < t->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, i);
      const MuPoint *pt = (const MuPoint *) a->points->data;
      g_autofree MuPoint *ring = NULL;
      gboolean drawn = FALSE;

      if (a->kind != MU_AREA_HILL || !mu_polygon_contains (pt, a->points->len, st->centre))
        continue;
      for (guint k = 0; t->lines && k < t->lines->len && !drawn; k++)
        {
          const MuPolyline *l = g_ptr_array_index (t->lines, k);

          drawn = l->kind == MU_LINE_CREST &&
                  mu_polygon_contains (pt, a->points->len, ((const MuPoint *) l->points->data)[0]);
        }
      if (drawn)
        continue;
      /* the outline, closed */
      ring = g_new (MuPoint, a->points->len + 1);
      memcpy (ring, pt, sizeof *ring * a->points->len);
      ring[a->points->len] = pt[0];
      if (mu_table_within (stand_line_distance (st, ring, a->points->len + 1), mn_tolerance (m)))
        return TRUE;
    }
  return FALSE;
}

gboolean
mn_unit_on_crest (const MnMatch *m, const MnUnit *u)
{
  guint on = 0;

  for (guint k = 0; k < u->n_stands; k++)
    on += stand_on_crest (m, &u->stands[k]);
  return u->n_stands > 0 && 2 * on >= u->n_stands;
}
