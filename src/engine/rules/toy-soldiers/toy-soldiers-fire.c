/* toy-soldiers-fire.c: firing a volley or a battery (TS-FIRE, TS-AMB-43),
 * receiving fire (TS-RCV, TS-AMB-60), smoke (TS-SMK, TS-AMB-59), a
 * commander hit by fire (TS-FIRE-6, TS-CDR-10) and the threats an acting
 * unit may declare (TS-THR, TS-AMB-63). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"
#include "mu-table-los.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


/* A unit's front rank, whose arcs make the unit's (TS-AMB-42). */
static guint
front_rank (const TsUnit *u, MuStand *out)
{
  guint n = 0;

  for (guint k = 0; k < u->n_st; k++)
    if (u->st[k].rank == 0)
      out[n++] = u->st[k];
  return n;
}

static double
half_arc (const TsMatch *m, const TsUnit *u)
{
  return ts_formation_shapes[u->form].all_round ? MU_ARC_ALL_ROUND : m->num.arc;
}

/* TS-AMB-42 (b): all four corners of one of t's formed stands in u's arc. */
static gboolean
to_front (const TsMatch *m, const TsUnit *u, const TsUnit *t)
{
  MuStand f[MU_STANDS_MAX];
  guint n = front_rank (u, f);

  return mu_stands_in_arc (f, n, half_arc (m, u), t->st, t->n_st, MU_ARC_WHOLE_STAND);
}

gboolean
ts_to_front (const TsMatch *m, const TsUnit *u, const TsUnit *t)
{
  return to_front (m, u, t);
}

/* TS-AMB-46: the highest level half or more of the stands stand on. */
static int
level_of (const TsMatch *m, const TsUnit *u)
{
  int best = 0;

  for (int l = 1; l <= 9; l++)
    {
      guint n = 0;

      for (guint k = 0; k < u->n_st; k++)
        if (mu_terrain_level_at (m->terrain, u->st[k].centre) >= l)
          n++;
      if (u->n_st > 0 && 2 * n >= u->n_st)
        best = l;
    }
  return best;
}

gboolean
ts_smoke_on (const TsMatch *m, const TsUnit *u, gboolean front_only)
{
  MuStand f[MU_STANDS_MAX];
  guint n = front_only ? front_rank (u, f) : 0;
  const MuStand *st = front_only ? f : u->st;
  double r = ts_in (m, m->num.smoke_radius);

  if (!front_only)
    n = u->n_st;
  for (guint i = 0; i < m->smoke->len; i++)
    if (mu_table_within (mu_stands_point_distance (st, n, g_array_index (m->smoke, TsSmoke, i).at), r))
      return TRUE;
  return FALSE;
}

/* Whether segments a-b and c-d cross; the crossing in *at. */
static gboolean
segments_cross (MuPoint a, MuPoint b, MuPoint c, MuPoint d, MuPoint *at)
{
  double rx = b.x - a.x, ry = b.y - a.y, sx = d.x - c.x, sy = d.y - c.y;
  double den = rx * sy - ry * sx;
  double t, u;

  if (fabs (den) < 1e-12)
    return FALSE;
  t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / den;
  u = ((c.x - a.x) * ry - (c.y - a.y) * rx) / den;
  if (mu_table_beyond (0, t) || mu_table_beyond (t, 1) || mu_table_beyond (0, u) || mu_table_beyond (u, 1))
    return FALSE;
  *at = (MuPoint) { a.x + t * rx, a.y + t * ry };
  return TRUE;
}

/* TS-AMB-45: a stand is covered when its centre is in woods, light woods,
 * a settlement or a fortification, or when the segment from the firer's
 * anchor to its centre crosses a fence, wall, hedge or defence works
 * within 1" of the stand; the target is behind cover when half or more
 * of its formed stands are. */
static gboolean
behind_cover (const TsMatch *m, const TsUnit *u, const TsUnit *t)
{
  guint covered = 0;

  for (guint k = 0; k < t->n_st; k++)
    {
      const MuStand *st = &t->st[k];
      guint areas[8];
      guint na = MIN (mu_terrain_areas_at (m->terrain, st->centre, areas, 8), 8);
      gboolean in = FALSE;

      for (guint j = 0; j < na && !in; j++)
        {
          MuAreaKind kind = ((const MuArea *) g_ptr_array_index (m->table->areas, areas[j]))->kind;

          in = kind == MU_AREA_WOODS || kind == MU_AREA_LIGHT_WOODS || kind == MU_AREA_SETTLEMENT ||
               kind == MU_AREA_FORTIFICATION;
        }
      for (guint l = 0; !in && m->table->lines && l < m->table->lines->len; l++)
        {
          const MuPolyline *line = g_ptr_array_index (m->table->lines, l);

          if (line->kind != MU_LINE_FENCE && line->kind != MU_LINE_WALL && line->kind != MU_LINE_HEDGE &&
              line->kind != MU_LINE_DEFENCE_WORKS)
            continue;
          for (guint i = 0; !in && i + 1 < line->points->len; i++)
            {
              MuPoint at;

              if (segments_cross (u->anchor, st->centre, g_array_index (line->points, MuPoint, i),
                                  g_array_index (line->points, MuPoint, i + 1), &at) &&
                  mu_table_within (mu_stands_point_distance (st, 1, at), ts_in (m, 1)))
                in = TRUE;
            }
        }
      if (in)
        covered++;
    }
  return t->n_st > 0 && 2 * covered >= t->n_st;
}

/* TS-TER-3, TS-AMB-44: a battery on a hill (level 1 or more) firing
 * beyond canister range sees over its friends below it when every friend
 * nearer the target than the battery is at least 4" from the target. */
static gboolean
over_friends (const TsMatch *m, const TsUnit *u, int band, const TsUnit *t)
{
  double own;

  if (u->type != TS_ART || band <= 1 || level_of (m, u) < 1)
    return FALSE;
  own = ts_unit_distance (u, t);
  TS_FOR_UNITS (m, o)
    if (o != u && o->side == u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_table_beyond (own, ts_unit_distance (o, t)) && mu_table_beyond (ts_in (m, 4), ts_unit_distance (o, t)))
      return FALSE;
  return TRUE;
}

/* TS-AMB-44: TAB-16 from one firing stand's front edge to the target:
 * woods and settlements seen into 2", village blocks not at all, light
 * woods and the rest never block; hill levels and crests (1" clearance)
 * do; formed stands of third units block, commanders never; friends of
 * level 0 do not block a battery over them (TS-TER-3). */
static gboolean
sight_to (const TsMatch *m, const TsUnit *u, const MuStand *from, int band, const TsUnit *t,
          const MuStand *to, guint n_to, MuLosResult *r)
{
  MuLosParams params;
  MuLosUnit others[64];
  guint n = 0;
  gboolean over = t != NULL && over_friends (m, u, band, t);

  mu_los_params_init (&params, m->table->unit);
  for (int k = 0; k < MU_AREA_N; k++)
    params.visible_depth[k] = -1;
  params.visible_depth[MU_AREA_WOODS] = params.visible_depth[MU_AREA_SETTLEMENT] = ts_in (m, 2);
  params.visible_depth[MU_AREA_BUILT_UP] = params.visible_depth[MU_AREA_BUILDING] = 0;
  params.levels = TRUE;
  params.crest_clearance = ts_in (m, 1);
  params.units_block = TRUE;
  TS_FOR_UNITS (m, o)
    if (o != u && o != t && o->type != TS_COMMANDER && ts_in_play (o) && n < G_N_ELEMENTS (others) &&
        !(over && o->side == u->side && level_of (m, o) == 0))
      others[n++] = (MuLosUnit) { o->def->id, o->st, o->n_st, FALSE };
  return mu_table_los (m->terrain, &params, from, 1, to, n_to, others, n, r);
}

static gboolean
sight (const TsMatch *m, const TsUnit *u, const MuStand *from, int band, const TsUnit *t)
{
  MuLosResult r;

  return sight_to (m, u, from, band, t, t->st, t->n_st, &r);
}

/* MuRuleset.line_of_sight: TS-AMB-44 from the unit's firing stands (its
 * front rank) to a point, or to the unit whose stand holds the point; a
 * commander looks from his stand. Clear when any firing stand sees. */
gboolean
ts_line_of_sight (gpointer state, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  TsMatch *m = state;
  const TsUnit *u = ts_find (m, counter);
  const TsUnit *t = NULL;
  MuStand point = { { 0, 0 }, 1e-3, 1e-3, 0, 0 };
  MuStand cdr;
  const MuStand *from;
  guint n_from;
  MuLosResult r = { 0 }, first = { 0 };
  gboolean clear = FALSE, any = FALSE;
  static const MuSightBlock blocks[] = { MU_SIGHT_CLEAR, MU_SIGHT_UNIT, MU_SIGHT_TERRAIN, MU_SIGHT_ELEVATION,
                                         MU_SIGHT_CREST };

  memset (sight, 0, sizeof *sight);
  if (u == NULL || !ts_in_play (u))
    return mu_rules_refuse (error, "TS-AMB-44", "%s is no unit or commander on the table", counter);
  if (!to->is_point)
    return mu_rules_refuse (error, "TS-AMB-44", "a line of sight on a table ends at a point");
  if (u->type == TS_COMMANDER)
    {
      cdr = ts_commander_stand (m, u);
      from = &cdr;
      n_from = 1;
    }
  else
    {
      from = u->st;
      n_from = u->n_st;
    }
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && t == NULL)
      for (guint i = 0; i < o->n_st; i++)
        {
          MuPoint c[4];

          mu_stand_corners (&o->st[i], c);
          if (mu_polygon_contains (c, 4, to->point))
            {
              t = o;
              break;
            }
        }
  point.centre = to->point;
  for (guint k = 0; k < n_from && !clear; k++)
    {
      int band = 0;

      if (u->type != TS_COMMANDER && from[k].rank != 0)
        continue;
      if (t != NULL)
        {
          double len = ts_in (m, m->num.band[u->weapon]);

          band = MAX (1, (int) ceil (mu_stand_range (&from[k], t->st, t->n_st) / len - MU_TABLE_EPSILON));
        }
      clear = t != NULL ? sight_to (m, u, &from[k], band, t, t->st, t->n_st, &r)
                        : sight_to (m, u, &from[k], 0, NULL, &point, 1, &r);
      if (!any)
        first = r;
      any = TRUE;
    }
  if (!clear && any)
    r = first;
  sight->clear = clear;
  sight->block = clear ? MU_SIGHT_CLEAR : blocks[CLAMP (r.block, 0, (int) G_N_ELEMENTS (blocks) - 1)];
  sight->from = mu_pos_from_point (r.from.x, r.from.y, -1);
  sight->to = *to;
  sight->rule = "TS-AMB-44";
  if (!clear)
    {
      sight->reason = g_strdup_printf ("blocked by %s", mu_sight_block_to_string (sight->block));
      if (r.block == MU_LOS_UNIT && r.unit)
        sight->unit = g_strdup (r.unit);
    }
  return TRUE;
}

/* TS-AMB-85: a garrison's range is to its block's face, the back edge of
 * its face stand (which lies a hair outside the block): the stand moved
 * back by its depth, its front edge on the face. */
static MuStand
on_face (const MuStand *s)
{
  MuStand e = *s;
  MuPoint f = mu_facing_vector (s->facing);

  e.centre = (MuPoint) { s->centre.x - f.x * s->depth, s->centre.y - f.y * s->depth };
  return e;
}

/* TS-FIRE-1, TS-AMB-12, TS-AMB-40, TS-AMB-43: each firing stand's band
 * (1-4), 0 for a stand that does not fire; how many fire. */
static guint
firing_bands (const TsMatch *m, const TsUnit *u, const TsUnit *t, int band[MU_STANDS_MAX])
{
  guint n = 0;
  double len = ts_in (m, m->num.band[u->weapon]);
  gboolean square = u->form == TS_FORM_SQUARE;
  double nearest[2] = { G_MAXDOUBLE, G_MAXDOUBLE };
  MuStandsBox ub, tb;
  MuStand faces[MU_STANDS_MAX];
  const MuStand *ts = t->st;

  /* A stand fires at most 4 bands, and its range (from its front edge or
   * its nearest point) is never less than the gap between the two units'
   * boxes: a target whose box is farther than that has no firing stand,
   * as the loop below would find after measuring every pair. Most of the
   * enemies the legal commands ask about are. */
  mu_stands_box (u->st, u->n_st, &ub);
  mu_stands_box (t->st, t->n_st, &tb);
  if (!mu_stands_boxes_near (&ub, &tb, (4 + 2 * MU_TABLE_EPSILON) * len))
    {
      memset (band, 0, sizeof (int) * MU_STANDS_MAX);
      return 0;
    }
  if (t->faces)
    {
      for (guint j = 0; j < t->n_st; j++)
        faces[j] = on_face (&t->st[j]);
      ts = faces;
    }
  if (square)
    {
      /* TS-AMB-40: the 2 stands nearest the target fire, from their nearest point */
      for (guint k = 0; k < u->n_st; k++)
        {
          double d = mu_stands_distance (&u->st[k], 1, ts, t->n_st);

          if (mu_table_beyond (nearest[0], d))
            {
              nearest[1] = nearest[0];
              nearest[0] = d;
            }
          else if (mu_table_beyond (nearest[1], d))
            nearest[1] = d;
        }
    }
  for (guint k = 0; k < u->n_st; k++)
    {
      const MuStand *s = &u->st[k];
      MuStand e;
      double range;
      int b;

      band[k] = 0;
      /* TS-AMB-85: at most as many faces as companies */
      if (u->faces && n >= (guint) u->stands)
        continue;
      if (square)
        {
          range = mu_stands_distance (s, 1, ts, t->n_st);
          if (mu_table_beyond (range, nearest[1]) || n >= 2)
            continue;
        }
      else
        {
          if (s->rank != 0 || !mu_stands_in_arc (s, 1, m->num.arc, t->st, t->n_st, MU_ARC_ANY_PART))
            continue;
          e = u->faces ? on_face (s) : *s;
          range = mu_stand_range (&e, ts, t->n_st);
        }
      /* TS-GEN-2: a boundary belongs to the nearer band */
      b = mu_table_within (range, 0) ? 1 : (int) ceil (range / len - MU_TABLE_EPSILON);
      /* TS-FIRE-4, TS-VIL-4: 2 bands from a village */
      if (b > (u->faces ? 2 : 4) || !sight (m, u, s, MAX (b, 1), t))
        continue;
      band[k] = MAX (b, 1);
      n++;
    }
  return n;
}

gboolean
ts_can_fire (TsMatch *m, const TsUnit *u, const TsUnit *t, GError **error)
{
  int band[MU_STANDS_MAX];

  if (t->side == u->side)
    return mu_rules_refuse (error, "TS-AMB-43", "%s is not an enemy", t->def->id);
  if (!ts_in_play (t))
    return mu_rules_refuse (error, "TS-AMB-43", "%s is not on the table", t->def->id);
  if (firing_bands (m, u, t, band) == 0)
    return mu_rules_refuse (error, "TS-AMB-43", "no stand of %s has %s in its arc within 4 bands",
                            u->def->id, t->def->id);
  return TRUE;
}

GPtrArray *
ts_fire_targets (TsMatch *m, const TsUnit *u)
{
  GPtrArray *out = g_ptr_array_new ();

  TS_FOR_UNITS (m, t)
    if (t->type != TS_COMMANDER && t->side != u->side && ts_in_play (t) && ts_can_fire (m, u, t, NULL))
      g_ptr_array_add (out, t);
  return out;
}

/* TS-AMB-60 (4): no front-rank stand of t has any part of u in its arc. */
static gboolean
cannot_return_fire (const TsMatch *m, const TsUnit *t, const TsUnit *u)
{
  MuStand f[MU_STANDS_MAX];
  guint n;

  if (t->form == TS_FORM_SQUARE)
    return FALSE;
  if (t->form == TS_FORM_LIMBERED)
    return TRUE;
  n = front_rank (t, f);
  return !mu_stands_in_arc (f, n, m->num.arc, u->st, u->n_st, MU_ARC_ANY_PART);
}

/* TS-CDR-10, TS-CDR-11, TS-AMB-13, TS-AMB-53: a commander casualty,
 * detached, goes 18" to the rear (toward his home edge, else away from
 * `by`), the table's edge stopping him; at chaos 6 his units within 12"
 * of where he fell gain +2 stress. */
void
ts_commander_casualty (TsMatch *m, TsUnit *c, const TsUnit *by, const char *rule, GPtrArray *events)
{
  MuStand s = ts_commander_stand (m, c);
  MuPoint fell = s.centre;
  MuPoint dir = { 0, 0 };
  MuEvent *e;
  MuPoint fw = mu_facing_vector (s.facing);
  MuPos from = mu_pos_from_point (s.centre.x + fw.x * s.depth / 2, s.centre.y + fw.y * s.depth / 2, s.facing);

  if (c->attached != TS_NONE)
    {
      MuEvent *d = ts_event (m, events, &ts_ev_detach, c->def->id, rule);

      if (d)
        mu_event_set_text (d, ts_unit_at (m, c->attached)->def->id);
      c->attached = TS_NONE;
    }
  for (guint i = 0; m->table->home_edges && i < m->table->home_edges->len; i++)
    {
      const MuHomeEdge *h = g_ptr_array_index (m->table->home_edges, i);
      static const MuPoint dirs[] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

      if (g_strcmp0 (h->side, m->side_id[c->side]) == 0)
        dir = dirs[h->edge];
    }
  if (dir.x == 0 && dir.y == 0)
    dir = mu_stands_away_vector (&s, 1, by->st, by->n_st);
  {
    double d = ts_in (m, m->num.rout);
    MuPoint to = { s.centre.x + dir.x * d, s.centre.y + dir.y * d };
    double hw = s.width / 2 + 0.01, hd = s.depth / 2 + 0.01;

    /* the table's edge stops him */
    to.x = CLAMP (to.x, hw, m->table->width - hw);
    to.y = CLAMP (to.y, hd, m->table->height - hd);
    c->facing = s.facing;
    {
      MuPoint f = mu_facing_vector (c->facing);

      c->anchor = (MuPoint) { to.x + f.x * s.depth / 2, to.y + f.y * s.depth / 2 };
    }
    ts_layout (m, c);
    e = ts_event (m, events, &ts_ev_move, c->def->id, rule);
    if (e)
      {
        mu_event_set_text (e, "hit");
        e->from = from;
        e->to = mu_pos_from_point (c->anchor.x, c->anchor.y, c->facing);
      }
  }
  if (c->chaos < 6)
    return;
  TS_FOR_UNITS (m, o)
    if (o->type != TS_COMMANDER && o->cmdr == ts_unit_index (m, c) && ts_in_play (o) &&
        mu_table_within (mu_stands_point_distance (o->st, o->n_st, fell), ts_in (m, 12)))
      ts_add_stress (m, o, 2, rule, events);
}

/* TS-CDR-10: chaos 6, then the casualty. */
void
ts_commander_hit (TsMatch *m, TsUnit *c, const TsUnit *by, GPtrArray *events)
{
  MuEvent *e = ts_event (m, events, &ts_ev_commander_hit, c->def->id, "TS-CDR-10");

  if (e)
    mu_event_set_object (e, by->def->id);
  ts_add_chaos (m, c, 6 - c->chaos, "TS-CDR-10", events);
  ts_commander_casualty (m, c, by, "TS-CDR-10", events);
}

/* Bounce-through ----------------------------------------------------------------------- */

/* Where the ray p + t d (t >= 0) enters and leaves the stand; FALSE when it misses. */
static gboolean
ray_meets (MuPoint p, MuPoint d, const MuStand *s, double *enter, double *leave)
{
  MuPoint fw = mu_facing_vector (s->facing), rt = mu_facing_vector (s->facing + 90.0);
  double o[2] = { (p.x - s->centre.x) * rt.x + (p.y - s->centre.y) * rt.y,
                  (p.x - s->centre.x) * fw.x + (p.y - s->centre.y) * fw.y };
  double v[2] = { d.x * rt.x + d.y * rt.y, d.x * fw.x + d.y * fw.y };
  double half[2] = { s->width / 2, s->depth / 2 };
  double lo = 0, hi = G_MAXDOUBLE;

  for (int a = 0; a < 2; a++)
    {
      if (fabs (v[a]) < 1e-12)
        {
          if (fabs (o[a]) > half[a])
            return FALSE;
          continue;
        }
      {
        double t1 = (-half[a] - o[a]) / v[a], t2 = (half[a] - o[a]) / v[a];

        lo = MAX (lo, MIN (t1, t2));
        hi = MIN (hi, MAX (t1, t2));
      }
    }
  if (mu_table_beyond (lo, hi))
    return FALSE;
  *enter = lo;
  *leave = hi;
  return TRUE;
}

/* TS-BNC-2, TS-AMB-61: the receiving rolls one effective die of the
 * section s makes against t; the other units the line meets within 6"
 * beyond the last target stand it meets are marked in behind[]. */
static int
bounce_rolls (const TsMatch *m, const MuStand *s, const TsUnit *t, gboolean *behind)
{
  MuPoint fw = mu_facing_vector (s->facing);
  MuPoint mid = { s->centre.x + fw.x * s->depth / 2, s->centre.y + fw.y * s->depth / 2 };
  const MuStand *front = NULL;
  double best = G_MAXDOUBLE, len, last = 0, edge, diff;
  MuPoint d;
  guint met = 0;
  gboolean enfilade;

  for (guint k = 0; k < t->n_st; k++)
    if (mu_table_beyond (best, mu_stands_point_distance (&t->st[k], 1, mid)))
      {
        best = mu_stands_point_distance (&t->st[k], 1, mid);
        front = &t->st[k];
      }
  if (front == NULL)
    return 1;
  d = (MuPoint) { front->centre.x - mid.x, front->centre.y - mid.y };
  len = hypot (d.x, d.y);
  if (!mu_table_beyond (len, 0))
    return 1;
  d.x /= len;
  d.y /= len;
  for (guint k = 0; k < t->n_st; k++)
    {
      double in, out;

      if (ray_meets (mid, d, &t->st[k], &in, &out))
        {
          met++;
          last = MAX (last, out);
        }
    }
  /* the enfilade: from the flank sector, within 22 degrees of the front edge */
  edge = t->facing + 90.0;
  diff = fabs (remainder (atan2 (d.x, -d.y) * 180.0 / G_PI - edge, 180.0));
  enfilade = mu_stands_sector (t->st, t->n_st, m->num.arc, mid) == MU_SECTOR_FLANK &&
             mu_table_within (diff, m->num.arc);
  for (guint i = 0; i < m->units->len; i++)
    {
      const TsUnit *o = g_ptr_array_index (m->units, i);

      if (o == t || o->type == TS_COMMANDER || !ts_in_play (o))
        continue;
      for (guint k = 0; k < o->n_st; k++)
        {
          double in, out;

          if (ray_meets (mid, d, &o->st[k], &in, &out) && mu_table_within (last, in) &&
              mu_table_within (in, last + ts_in (m, 6)))
            behind[i] = TRUE;
        }
    }
  if (enfilade || met >= 4)
    return 3;
  return met >= 2 ? 2 : 1;
}

/* TS-RCV-3: the receiving roll's band modifiers, by band 1-4 */
static const char *const band_ids[] = { NULL, "band1", "band2", "band3", "band4" };
static const char *const band_names[] = { NULL, N_("Band 1"), N_("Band 2"), N_("Band 3"), N_("Band 4") };

/* The faces of the roll event just appended. */
static const GArray *
last_faces (GPtrArray *events)
{
  const MuEvent *e = events && events->len ? g_ptr_array_index (events, events->len - 1) : NULL;

  return e && e->kind == MU_EVENT_ROLL ? e->pool : NULL;
}

/* TS-RCV-5, TS-VIL-5, TS-AMB-85: a garrison passes every disorder roll
 * and takes stress only on natural 1s, besides the +1 of not returning
 * fire; it counts no cover and has no flank to be enfiladed. */
static void
garrison_receives (TsMatch *m, const TsUnit *u, const TsUnit *t, const int rolls[5], GPtrArray *events)
{
  static const char *const recv_purpose[5] = { NULL, "receive-band1", "receive-band2", "receive-band3",
                                               "receive-band4" };
  int hits = 0;

  if (cannot_return_fire (m, t, u))
    ts_block_add_stress (m, t->block, 1, "TS-RCV-5", events);
  for (int b = 1; b <= 4; b++)
    {
      MuRoll roll = { recv_purpose[b], t->def->id, u->def->id, (guint) rolls[b], MU_DICE_BELOW,
                      MU_ROLL_NATURAL_1_SUCCEEDS, NULL, 0, 0, 1, MU_ROLL_BELOW, 0, NULL, "TS-RCV-5" };
      MuRollResult r;

      if (rolls[b] == 0)
        continue;
      mu_dice_roll_read (m->dice, events, &roll, &r);
      hits += r.value;
    }
  if (hits)
    ts_block_add_stress (m, t->block, hits, "TS-RCV-5", events);
}

gboolean
ts_fire (TsMatch *m, TsUnit *u, TsUnit *t, int mod, GPtrArray *events)
{
  static const char *const fire_purpose[5] = { NULL, "fire-band1", "fire-band2", "fire-band3", "fire-band4" };
  static const char *const recv_purpose[5] = { NULL, "receive-band1", "receive-band2", "receive-band3",
                                               "receive-band4" };
  int band[MU_STANDS_MAX];
  int rolls[5] = { 0 };
  g_autofree gboolean *behind = g_new0 (gboolean, m->units->len);
  int sixes = 0, hits = 0;
  gboolean any = FALSE, artillery = u->type == TS_ART;
  gboolean smoke_front = ts_smoke_on (m, u, TRUE);
  guint n;

  if (!ts_in_play (u) || t == NULL || !ts_in_play (t))
    return FALSE;
  n = firing_bands (m, u, t, band);
  if (n == 0)
    return FALSE;
  /* (1) effectiveness, one pool a band, band 1 up (TS-AMB-89) */
  for (int b = 1; b <= 4; b++)
    {
      MuRollModifier mods[2];
      guint nm = 0, count = 0;
      gboolean canister = artillery && b == 1;
      MuRoll roll = { fire_purpose[b], u->def->id, t->def->id, 0, MU_DICE_SUCCESSES, 0, NULL, 0, 0,
                      u->disorder, MU_ROLL_AT_LEAST, 0, NULL, "TS-FIRE-2" };
      MuRollResult r;
      const GArray *faces;

      for (guint k = 0; k < u->n_st; k++)
        if (band[k] == b)
          count++;
      if (count == 0)
        continue;
      roll.n = count;
      if (u->faces)
        {
          /* TS-FIRE-4, TS-AMB-60: from a village only a natural 6, whatever
           * the modifiers */
          roll.target = 6;
          roll.rule = "TS-FIRE-4";
        }
      else if (canister)
        {
          /* TS-FIRE-3: any face but a natural 1 */
          roll.target = 2;
          roll.natural = MU_ROLL_NATURAL_1_FAILS;
          roll.rule = "TS-FIRE-3";
        }
      else
        {
          if (smoke_front)
            mods[nm++] = (MuRollModifier) { "smoke", N_("Smoke in front"), "TS-SMK-3", -1, FALSE };
          if (mod == -1)
            mods[nm++] = (MuRollModifier) { "weak", N_("Weak volley"), "TS-FIRE-7", -1, FALSE };
          else if (mod == -2)
            mods[nm++] = (MuRollModifier) { "ragged", N_("Ragged volley"), "TS-FIRE-7", -2, FALSE };
        }
      roll.modifiers = mods;
      roll.n_modifiers = nm;
      mu_dice_roll_read (m->dice, events, &roll, &r);
      rolls[b] = r.value;
      faces = last_faces (events);
      /* TS-BNC-1, TS-AMB-61: beyond canister range and on one level, each
       * effective die of a section bounces through */
      if (artillery && !canister && faces && !t->faces && level_of (m, u) == level_of (m, t))
        {
          guint i = 0;

          rolls[b] = 0;
          for (guint k = 0; k < u->n_st; k++)
            if (band[k] == b && i < faces->len)
              {
                int total = g_array_index (faces, int, i++);

                for (guint j = 0; j < nm; j++)
                  total += mods[j].value;
                if (total >= u->disorder)
                  rolls[b] += bounce_rolls (m, &u->st[k], t, behind);
              }
        }
      /* TS-FIRE-6: natural 6s among the effective dice (a 6 is always effective) */
      for (guint i = 0; faces && i < faces->len; i++)
        if (g_array_index (faces, int, i) == 6)
          {
            int total = 6;

            for (guint j = 0; j < nm; j++)
              total += mods[j].value;
            if (canister || total >= u->disorder)
              sixes++;
          }
      if (r.value > 0)
        any = TRUE;
    }
  /* (2) TS-FIRE-6, TS-AMB-60: enemy commanders in a firing stand's arc and
   * nearer to it than the target */
  if (sixes >= 2)
    TS_FOR_UNITS (m, c)
      if (c->type == TS_COMMANDER && c->side != u->side && !c->dispersed)
        {
          MuStand cs = ts_commander_stand (m, c);
          gboolean hit = FALSE;

          for (guint k = 0; k < u->n_st && !hit; k++)
            if (band[k] && mu_stands_in_arc (&u->st[k], 1, m->num.arc, &cs, 1, MU_ARC_ANY_PART) &&
                mu_table_beyond (mu_stand_range (&u->st[k], t->st, t->n_st), mu_stand_range (&u->st[k], &cs, 1)))
              hit = TRUE;
          if (hit)
            ts_commander_hit (m, c, u, events);
        }
  /* (3) smoke: 2" ahead of each firing stand's front edge (TS-AMB-59) */
  for (guint k = 0; k < u->n_st; k++)
    if (band[k])
      {
        MuPoint f = mu_facing_vector (u->st[k].facing);
        double ahead = u->st[k].depth / 2 + ts_in (m, m->num.smoke_ahead);
        TsSmoke s = { { u->st[k].centre.x + f.x * ahead, u->st[k].centre.y + f.y * ahead }, m->bound,
                      u->faces ? ts_block_at (m, u->block)->unit : ts_unit_index (m, u) };
        MuEvent *e;

        s.at = mu_pos_from_point (s.at.x, s.at.y, -1).point;
        g_array_append_val (m->smoke, s);
        e = ts_event (m, events, &ts_ev_smoke, u->def->id, "TS-FIRE-5");
        if (e)
          e->at = mu_pos_from_point (s.at.x, s.at.y, -1);
      }
  ts_smoke_sync (m);
  if (any)
    {
      guint kind = artillery ? 2u : 1u;
      gboolean smoke_on = ts_smoke_on (m, t, FALSE);
      gboolean hill = FALSE;
      int w = t->form == TS_FORM_COL_DIV ? 2 : (t->form == TS_FORM_COL_COY || t->form == TS_FORM_COLUMN ||
                                               t->form == TS_FORM_LIMBERED) ? 1 : 0;
      int per_face[7] = { 0 };

      {
        int lt = level_of (m, t), lu = level_of (m, u);

        hill = lt >= 1 && lt > lu;
      }
      t->fired_on = TRUE;
      if (t->faces)
        {
          garrison_receives (m, u, t, rolls, events);
          goto ragged;
        }
      /* (4) TS-RCV-1, TS-AMB-35: disorder before the rolls, once a kind a game turn */
      if (!(t->fire_disorder & kind))
        {
          t->fire_disorder |= kind;
          ts_add_disorder (m, t, 1, "TS-RCV-1", events);
        }
      /* TS-CHG-3a: chargers fired on at 12" take no such stress */
      if (cannot_return_fire (m, t, u) && !ts_charge_no_return_stress (m))
        ts_add_stress (m, t, 1, "TS-RCV-2", events);
      /* TS-BNC-3: units in line behind take artillery disorder, once a game turn */
      for (guint i = 0; i < m->units->len; i++)
        {
          TsUnit *o = g_ptr_array_index (m->units, i);

          if (behind[i] && !(o->fire_disorder & 2u))
            {
              o->fire_disorder |= 2u;
              ts_add_disorder (m, o, 1, "TS-BNC-3", events);
            }
        }
      /* TS-RCV-2, TS-AMB-41: limbered, or limbers behind: once a game turn */
      if (t->type == TS_ART && (t->form == TS_FORM_LIMBERED || !t->limbers_back) && !t->limber_hit)
        {
          t->limber_hit = TRUE;
          ts_add_disorder (m, t, 1, "TS-AMB-41", events);
          ts_add_stress (m, t, 1, "TS-AMB-41", events);
        }
      /* (5) the receiving rolls, a pool a band */
      for (int b = 1; b <= 4 && ts_in_play (t); b++)
        {
          MuRollModifier mods[3];
          guint nm = 0;
          MuRoll roll = { recv_purpose[b], t->def->id, u->def->id, (guint) rolls[b], MU_DICE_BELOW,
                          MU_ROLL_NATURAL_1_SUCCEEDS, NULL, 0, 0, t->disorder, MU_ROLL_BELOW, 0, NULL,
                          "TS-RCV-3" };
          MuRollResult r;
          const GArray *faces;
          int total_mod = m->num.band_mod[b];

          if (rolls[b] == 0)
            continue;
          if (m->num.band_mod[b])
            mods[nm++] = (MuRollModifier) { band_ids[b], band_names[b], "TS-RCV-3", m->num.band_mod[b], FALSE };
          if (smoke_on)
            {
              mods[nm++] = (MuRollModifier) { "smoke", N_("Smoke"), "TS-SMK-3", 1, FALSE };
              total_mod++;
            }
          if (hill)
            {
              mods[nm++] = (MuRollModifier) { "hill", N_("Target on a hill"), "TS-TER-2", 1, FALSE };
              total_mod++;
            }
          roll.modifiers = mods;
          roll.n_modifiers = nm;
          mu_dice_roll_read (m->dice, events, &roll, &r);
          faces = last_faces (events);
          /* (6) TS-RCV-4, TS-AMB-22: a column's face counts at most w times */
          for (guint i = 0; faces && i < faces->len; i++)
            {
              int f = g_array_index (faces, int, i);

              if (f != 1 && f + total_mod >= t->disorder)
                continue;
              if (w > 0 && per_face[f] >= w)
                continue;
              per_face[f]++;
              hits++;
            }
          if (faces == NULL)
            hits += r.value;
        }
      /* TS-RCV-4, TS-AMB-21, TS-AMB-45: cover ignores the first hit of the fire */
      if (hits > 0 && behind_cover (m, u, t))
        hits--;
      /* (7) stress, with overflow */
      if (hits)
        ts_add_stress (m, t, hits, "TS-RCV-3", events);
    }
  /* (8) TS-FIRE-7, TS-AMB-20: a ragged volley's stress to the firer */
ragged:
  /* a garrison's stress is its block's die (TS-VIL-2) */
  if (mod == -2 && u->faces)
    ts_block_add_stress (m, u->block, 1, "TS-FIRE-7", events);
  else if (mod == -2)
    ts_add_stress (m, u, 1, "TS-FIRE-7", events);
  return any;
}

/* Threats ------------------------------------------------------------------------------ */

GPtrArray *
ts_threat_targets (const TsMatch *m, const TsUnit *u, gboolean cavalry)
{
  GPtrArray *out = g_ptr_array_new ();
  double reach = ts_in (m, m->num.threat_reach);

  if (!ts_in_play (u) || (cavalry && u->type != TS_CAV))
    return out;
  TS_FOR_UNITS (m, o)
    {
      if (o->type == TS_COMMANDER || o->side == u->side || !ts_in_play (o) ||
          mu_table_beyond (ts_unit_distance (u, o), reach) || !to_front (m, u, o))
        continue;
      if (!cavalry)
        {
          /* TS-THR-1: not inside o's own front */
          if (!to_front (m, o, u))
            g_ptr_array_add (out, o);
          continue;
        }
      /* TS-THR-2: infantry not in square, or a battery without a friendly square within 2" */
      if (o->type == TS_LINE_INF || o->type == TS_LIGHT_INF)
        {
          if (o->form != TS_FORM_SQUARE)
            g_ptr_array_add (out, o);
        }
      else if (o->type == TS_ART)
        {
          gboolean covered = FALSE;

          TS_FOR_UNITS (m, q)
            if (q->side == o->side && q->form == TS_FORM_SQUARE && q->type != TS_COMMANDER && ts_in_play (q) &&
                mu_table_within (ts_unit_distance (q, o), ts_in (m, 2)))
              covered = TRUE;
          if (!covered)
            g_ptr_array_add (out, o);
        }
    }
  return out;
}
