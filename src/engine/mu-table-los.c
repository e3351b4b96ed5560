#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-los.h"

#include <math.h>
#include <string.h>

#include "mu-table-geom.h"

void
mu_los_params_init (MuLosParams  *p,
                    MuLengthUnit  unit)
{
  g_return_if_fail (p != NULL);

  for (int k = 0; k < MU_AREA_N; k++)
    p->visible_depth[k] = -1;
  p->visible_depth[MU_AREA_WOODS] = 0;
  p->visible_depth[MU_AREA_SETTLEMENT] = 0;
  p->visible_depth[MU_AREA_BUILT_UP] = 0;
  p->visible_depth[MU_AREA_BUILDING] = 0;
  p->levels = TRUE;
  p->crest_clearance = unit == MU_UNIT_CM ? 2.54 : 1.0;
  p->units_block = TRUE;
  p->hill_outline_crests = FALSE;
}

/* Whether a crest line is drawn inside the hill area. */
static gboolean
hill_has_crest (const MuTableMap *t, const MuArea *hill)
{
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);

      if (l->kind != MU_LINE_CREST)
        continue;
      for (guint k = 0; k < l->points->len; k++)
        if (mu_polygon_contains ((const MuPoint *) hill->points->data, hill->points->len,
                                 g_array_index (l->points, MuPoint, k)))
          return TRUE;
    }
  return FALSE;
}

/* The end p passes the hill's outline crest: inside the hill and within
 * the clearance of its outline. */
static gboolean
on_outline (const MuArea *hill, const MuPoint *ring, MuPoint p, double clearance)
{
  const MuPoint *poly = (const MuPoint *) hill->points->data;

  return (mu_polygon_contains (poly, hill->points->len, p) ||
          mu_polyline_distance (ring, hill->points->len + 1, p) <= MU_TABLE_EPSILON) &&
         mu_polyline_distance (ring, hill->points->len + 1, p) <= clearance + MU_TABLE_EPSILON;
}

const char *
mu_los_block_to_string (MuLosBlock block)
{
  switch (block)
    {
    case MU_LOS_CLEAR: return "clear";
    case MU_LOS_UNIT: return "unit";
    case MU_LOS_TERRAIN: return "terrain";
    case MU_LOS_HIGHER_GROUND: return "higher-ground";
    case MU_LOS_CREST: return "crest";
    default: return "unknown";
    }
}

typedef struct {
  GArray *areas, *lines;
} Scratch;

/* A box that holds every line asked about. */
typedef struct {
  double x0, y0, x1, y1;
} LosBox;

/* Whether the stand's circle of radius `reach` may meet something inside
 * the box. False only when the centre lies farther than reach from the box,
 * and so farther from every segment in it: line_blocked's own bound would
 * skip the stand too (the slack keeps rounding on that side). */
static inline gboolean
stand_may_meet (const MuStand *st, double reach, const LosBox *box)
{
  reach += 1e-9;
  return st->centre.x + reach >= box->x0 && st->centre.x - reach <= box->x1 &&
         st->centre.y + reach >= box->y0 && st->centre.y - reach <= box->y1;
}


static gboolean
blocks_sight (const MuArea *area, gconstpointer data)
{
  const MuLosParams *p = data;

  return area->kind < MU_AREA_N && p->visible_depth[area->kind] >= 0;
}

/* Blocking terrain on a-b: the line is cut at every edge of the candidate
 * areas that block (a visible depth of 0 or more); pieces inside one or more
 * of them that follow each other make one stretch, however many areas draw
 * it (a wood drawn as two polygons side by side, or a wood and a village
 * that touch), and the stretch blocks when it is longer than the smallest
 * visible depth along it. Returns the index of an area of the first such
 * stretch, or -1. */
static int
terrain_blocks (const MuTableMap *t, const MuLosParams *p, MuPoint a, MuPoint b, const GArray *areas)
{
  double len = hypot (b.x - a.x, b.y - a.y), run = 0, limit = G_MAXDOUBLE;
  int run_area = -1;
  g_autoptr(GArray) ts = g_array_new (FALSE, FALSE, sizeof (double));

  if (len <= 0)
    return -1;
  mu_terrain_segment_cuts (t, areas, a, b, blocks_sight, p, ts);
  for (guint i = 1; i < ts->len; i++)
    {
      double t0 = g_array_index (ts, double, i - 1), t1 = g_array_index (ts, double, i);
      MuPoint m = { a.x + (t0 + t1) / 2 * (b.x - a.x), a.y + (t0 + t1) / 2 * (b.y - a.y) };
      double depth = -1;
      int first = -1;

      if (t1 - t0 <= 1e-12)
        continue;
      for (guint k = 0; k < areas->len; k++)
        {
          guint idx = g_array_index (areas, guint, k);
          const MuArea *area = g_ptr_array_index (t->areas, idx);
          double d = area->kind < MU_AREA_N ? p->visible_depth[area->kind] : -1;

          if (d >= 0 && area->points->len >= 3 &&
              mu_polygon_contains ((const MuPoint *) area->points->data, area->points->len, m))
            {
              depth = depth < 0 ? d : MIN (depth, d);
              if (first < 0)
                first = (int) idx;
            }
        }
      if (depth < 0)
        {
          run = 0, limit = G_MAXDOUBLE, run_area = -1;
          continue;
        }
      run += (t1 - t0) * len;
      limit = MIN (limit, depth);
      if (run_area < 0)
        run_area = first;
      if (mu_table_beyond (run, limit))
        return run_area;
    }
  return -1;
}

/* Whether p lies in one of the stands (edges included). */
static gboolean
in_stands (const MuStand *stands, guint n, MuPoint p)
{
  for (guint s = 0; s < n; s++)
    {
      MuPoint c[4];

      mu_stand_corners (&stands[s], c);
      if (mu_polygon_contains (c, 4, p) || mu_segment_point_distance (c[0], c[1], p) <= 1e-12 ||
          mu_segment_point_distance (c[1], c[2], p) <= 1e-12 || mu_segment_point_distance (c[2], c[3], p) <= 1e-12 ||
          mu_segment_point_distance (c[3], c[0], p) <= 1e-12)
        return TRUE;
    }
  return FALSE;
}

/* A line that only touches stand `st` of a unit is still on the unit when it
 * runs along the seam between two of its stands (or through a corner they
 * share): just either side of where it touches, both points are in stands
 * of the unit (TAB-16). */
static gboolean
on_seam (const MuLosUnit *o, const MuStand *st, MuPoint a, MuPoint b)
{
  MuPoint c[4], d = { b.x - a.x, b.y - a.y };
  double len = hypot (d.x, d.y), t0 = 1, t1 = 0;
  /* well beyond the slack of TAB-4, so that a line grazing the unit's outer
   * edge within it never counts as running along a seam */
  const double eps = 10 * MU_TABLE_EPSILON;

  if (len <= 0)
    return FALSE;
  /* the part of a-b on the stand's outline: the touching points */
  mu_stand_corners (st, c);
  for (int k = 0; k < 4; k++)
    {
      MuPoint e0 = c[k], e1 = c[(k + 1) % 4];

      for (int end = 0; end < 2; end++)
        {
          MuPoint q = end ? e1 : e0;
          double t = ((q.x - a.x) * d.x + (q.y - a.y) * d.y) / (len * len);

          if (t >= -1e-12 && t <= 1 + 1e-12 && mu_table_within (mu_segment_point_distance (a, b, q), 0))
            t0 = MIN (t0, t), t1 = MAX (t1, t);
        }
      {
        double t;

        if (mu_segment_intersect (a, b, e0, e1, &t))
          t0 = MIN (t0, t), t1 = MAX (t1, t);
      }
    }
  if (t0 > t1)
    return FALSE;
  {
    double tm = CLAMP ((t0 + t1) / 2, 0, 1);
    MuPoint p = { a.x + tm * d.x, a.y + tm * d.y }, nrm = { -d.y / len * eps, d.x / len * eps };

    return in_stands (o->stands, o->n_stands, (MuPoint) { p.x + nrm.x, p.y + nrm.y }) &&
           in_stands (o->stands, o->n_stands, (MuPoint) { p.x - nrm.x, p.y - nrm.y });
  }
}

static MuLosBlock
line_blocked (MuTerrainIndex    *ix,
              const MuLosParams *p,
              MuPoint            a,
              MuPoint            b,
              const MuLosUnit   *others,
              guint              n_others,
              const MuStand     *skip_a,
              const MuStand     *skip_b,
              int                level_a,
              int                level_b,
              Scratch           *sc,
              MuLosResult       *r)
{
  const MuTableMap *t = mu_terrain_index_table (ix);
  MuPoint seg[2] = { a, b };
  LosBox box = { MIN (a.x, b.x), MIN (a.y, b.y), MAX (a.x, b.x), MAX (a.y, b.y) };

  if (p->units_block)
    for (guint u = 0; u < n_others; u++)
      {
        const MuLosUnit *o = &others[u];

        if (o->commander || o->stands == skip_a || o->stands == skip_b)
          continue;
        for (guint s = 0; s < o->n_stands; s++)
          {
            const MuStand *st = &o->stands[s];
            double reach = (st->width + st->depth) / 2;
            MuPoint c[4];

            /* Cheap bounds first: the stand's circumcircle, against the
             * segment's box, then against the segment. */
            if (!stand_may_meet (st, reach, &box) || mu_segment_point_distance (a, b, st->centre) > reach)
              continue;
            mu_stand_corners (st, c);
            if (mu_convex_overlap (c, 4, seg, 2, MU_TABLE_EPSILON) ||
                (o->n_stands > 1 && mu_table_within (mu_convex_distance (c, 4, seg, 2), 0) &&
                 on_seam (o, st, a, b)))
              {
                if (r)
                  r->unit = o->id;
                return MU_LOS_UNIT;
              }
          }
      }

  mu_terrain_candidates (ix, a, b, 0, sc->areas, sc->lines);
  {
    int top = 0;

    if (p->levels)
      top = MAX (level_a >= 0 ? level_a : mu_terrain_level_at (ix, a),
                 level_b >= 0 ? level_b : mu_terrain_level_at (ix, b));
    for (guint i = 0; i < sc->areas->len; i++)
      {
        guint k = g_array_index (sc->areas, guint, i);
        const MuArea *area = g_ptr_array_index (t->areas, k);
        const MuPoint *poly = (const MuPoint *) area->points->data;

        if (p->levels && area->kind == MU_AREA_HILL && area->level > top &&
            mu_path_length_inside (seg, 2, poly, area->points->len) > 1e-9)
          {
            if (r)
              r->area = (int) k;
            return MU_LOS_HIGHER_GROUND;
          }
      }
    {
      int k = terrain_blocks (t, p, a, b, sc->areas);

      if (k >= 0)
        {
          if (r)
            r->area = k;
          return MU_LOS_TERRAIN;
        }
    }
  }
  if (p->crest_clearance >= 0)
    for (guint i = 0; i < sc->lines->len; i++)
      {
        guint k = g_array_index (sc->lines, guint, i);
        const MuPolyline *l = g_ptr_array_index (t->lines, k);
        const MuPoint *pts = (const MuPoint *) l->points->data;

        if (l->kind != MU_LINE_CREST)
          continue;
        if (mu_path_crossings (seg, 2, pts, l->points->len, NULL) > 0 &&
            mu_polyline_distance (pts, l->points->len, a) > p->crest_clearance &&
            mu_polyline_distance (pts, l->points->len, b) > p->crest_clearance)
          {
            if (r)
              r->line = (int) k;
            return MU_LOS_CREST;
          }
      }
  if (p->hill_outline_crests && p->crest_clearance >= 0)
    for (guint i = 0; i < sc->areas->len; i++)
      {
        const MuArea *area = g_ptr_array_index (t->areas, g_array_index (sc->areas, guint, i));
        guint n = area->points->len;
        g_autofree MuPoint *ring = NULL;

        if (area->kind != MU_AREA_HILL || n < 3 || hill_has_crest (t, area))
          continue;
        ring = g_new (MuPoint, n + 1);
        memcpy (ring, area->points->data, n * sizeof *ring);
        ring[n] = ring[0];
        if (mu_path_crossings (seg, 2, ring, n + 1, NULL) > 0 &&
            !on_outline (area, ring, a, p->crest_clearance) &&
            !on_outline (area, ring, b, p->crest_clearance))
          return MU_LOS_CREST;
      }
  return MU_LOS_CLEAR;
}

MuLosBlock
mu_table_los_line (MuTerrainIndex    *ix,
                   const MuLosParams *p,
                   MuPoint            a,
                   MuPoint            b,
                   const MuLosUnit   *others,
                   guint              n_others,
                   const MuStand     *skip_a,
                   const MuStand     *skip_b,
                   MuLosResult       *r)
{
  Scratch sc = { g_array_new (FALSE, FALSE, sizeof (guint)), g_array_new (FALSE, FALSE, sizeof (guint)) };
  MuLosBlock block;

  g_return_val_if_fail (ix != NULL && p != NULL, MU_LOS_CLEAR);

  if (r)
    {
      r->area = r->line = -1;
      r->unit = NULL;
    }
  block = line_blocked (ix, p, a, b, others, n_others, skip_a, skip_b, -1, -1, &sc, r);
  if (r)
    r->block = block;
  g_array_unref (sc.areas);
  g_array_unref (sc.lines);
  return block;
}

/* The memo ------------------------------------------------------------------------------ */

/* Line of sight is a function of its inputs alone: the terrain (the
 * index's, fixed), the parameters, the firer's and the target's stands and
 * the stands of the units left after the prefilter above, whose ids are
 * only reported. The key holds all of them bit for bit, so an entry found
 * is the answer a fresh computation gives, and a unit that moves into the
 * lines or out of them makes a different key. */
#define MEMO_MAX 8192

struct _MuLosMemo {
  MuTerrainIndex *ix;          /* borrowed: the index the answers are for */
  GHashTable *entries;         /* of MemoEntry, keyed by themselves */
  GArray *key;                 /* of double: the key being built */
  guint key_hash;              /* and its hash */
  guint hits, misses;
};

typedef struct {
  double *key;
  guint n_key;
  guint hash;
  MuLosResult result;
  int unit;                    /* index among the units kept of the blocking one, or -1 */
} MemoEntry;

static guint
entry_hash (gconstpointer data)
{
  return ((const MemoEntry *) data)->hash;
}

static gboolean
entry_equal (gconstpointer a, gconstpointer b)
{
  const MemoEntry *x = a, *y = b;

  return x->n_key == y->n_key && memcmp (x->key, y->key, x->n_key * sizeof (double)) == 0;
}

static void
entry_free (gpointer data)
{
  MemoEntry *e = data;

  g_free (e->key);
  g_free (e);
}

MuLosMemo *
mu_los_memo_new (void)
{
  MuLosMemo *memo = g_new0 (MuLosMemo, 1);

  memo->entries = g_hash_table_new_full (entry_hash, entry_equal, entry_free, NULL);
  memo->key = g_array_new (FALSE, FALSE, sizeof (double));
  return memo;
}

void
mu_los_memo_free (MuLosMemo *memo)
{
  if (memo == NULL)
    return;
  g_hash_table_unref (memo->entries);
  g_array_unref (memo->key);
  g_free (memo);
}

void
mu_los_memo_counts (const MuLosMemo *memo,
                    guint           *hits,
                    guint           *misses)
{
  g_return_if_fail (memo != NULL);

  if (hits)
    *hits = memo->hits;
  if (misses)
    *misses = memo->misses;
}

static void
key_add (GArray *key, double v)
{
  g_array_append_val (key, v);
}

static void
key_add_stands (GArray *key, const MuStand *st, guint n)
{
  key_add (key, n);
  for (guint i = 0; i < n; i++)
    {
      double v[6] = { st[i].centre.x, st[i].centre.y, st[i].width, st[i].depth, st[i].facing, st[i].rank };

      g_array_append_vals (key, v, G_N_ELEMENTS (v));
    }
}

/* The key of these inputs in memo->key, and its hash. */
static guint
memo_key (MuLosMemo         *memo,
          const MuLosParams *p,
          const MuStand     *firer,
          guint              n_firer,
          const MuStand     *target,
          guint              n_target,
          const MuLosUnit   *others,
          guint              n_others)
{
  GArray *key = memo->key;
  guint h = 5381;

  g_array_set_size (key, 0);
  for (int k = 0; k < MU_AREA_N; k++)
    key_add (key, p->visible_depth[k]);
  key_add (key, p->levels);
  key_add (key, p->crest_clearance);
  key_add (key, p->units_block);
  key_add (key, p->hill_outline_crests);
  key_add_stands (key, firer, n_firer);
  key_add_stands (key, target, n_target);
  for (guint u = 0; u < n_others; u++)
    {
      key_add (key, others[u].commander);
      key_add_stands (key, others[u].stands, others[u].n_stands);
    }
  /* the bits of every double, as the equality compares them */
  for (guint i = 0; i < key->len * sizeof (double); i++)
    h = h * 33 + ((const guint8 *) key->data)[i];
  return h;
}

static gboolean
memo_find (MuLosMemo         *memo,
           const MuLosParams *p,
           const MuStand     *firer,
           guint              n_firer,
           const MuStand     *target,
           guint              n_target,
           const MuLosUnit   *others,
           guint              n_others,
           MuLosResult       *result)
{
  MemoEntry probe = { 0 };
  const MemoEntry *e;

  probe.hash = memo->key_hash = memo_key (memo, p, firer, n_firer, target, n_target, others, n_others);
  probe.key = (double *) memo->key->data;
  probe.n_key = memo->key->len;
  e = g_hash_table_lookup (memo->entries, &probe);
  if (e == NULL)
    {
      memo->misses++;
      return FALSE;
    }
  memo->hits++;
  *result = e->result;
  result->unit = e->unit >= 0 ? others[e->unit].id : NULL;
  return TRUE;
}

/* Keeps the result under the key memo_find () has just built. */
static void
memo_add (MuLosMemo         *memo,
          const MuLosResult *result,
          const MuLosUnit   *others,
          guint              n_others)
{
  MemoEntry *e = g_new0 (MemoEntry, 1);

  /* a match's positions come and go: a bound on the memory, not an LRU */
  if (g_hash_table_size (memo->entries) >= MEMO_MAX)
    g_hash_table_remove_all (memo->entries);
  e->n_key = memo->key->len;
  e->key = g_memdup2 (memo->key->data, e->n_key * sizeof (double));
  e->hash = memo->key_hash;
  e->result = *result;
  e->unit = -1;
  for (guint u = 0; result->unit != NULL && u < n_others; u++)
    if (others[u].id == result->unit)
      {
        e->unit = (int) u;
        break;
      }
  e->result.unit = NULL;
  g_hash_table_add (memo->entries, e);
}

/* The three points of a footprint's edge k (0 front, 1 right, 2 rear, 3 left):
 * its ends and its middle. */
static void
edge_points (const MuStand *f, int k, MuPoint out[3])
{
  MuPoint c[4];

  mu_stand_corners (f, c);
  out[0] = c[k];
  out[2] = c[(k + 1) % 4];
  out[1] = (MuPoint) { (out[0].x + out[2].x) / 2, (out[0].y + out[2].y) / 2 };
}

static gboolean
los_compute (MuTerrainIndex    *ix,
             const MuLosParams *p,
             const MuStand     *firer,
             guint              n_firer,
             const MuStand     *target,
             guint              n_target,
             const MuLosUnit   *others,
             guint              n_others,
             MuLosMemo         *memo,
             MuLosResult       *result)
{
  MuStand ff, tf;
  MuPoint from[3], to[3];
  MuLosResult mid = { 0 };
  Scratch sc;
  double best = G_MAXDOUBLE;
  int nearest = 0;
  guint n_clear = 0;
  int level_from[3], level_to[3];
  gboolean have_clear = FALSE;
  g_autofree MuLosUnit *near = NULL;
  guint n_near = 0;

  g_return_val_if_fail (ix != NULL && p != NULL && firer != NULL && target != NULL, FALSE);
  g_return_val_if_fail (n_firer > 0 && n_target > 0, FALSE);

  ff = mu_stands_footprint (firer, n_firer);
  tf = mu_stands_footprint (target, n_target);
  edge_points (&ff, 0, from);
  /* The target's nearest edge: the one whose middle is nearest the firer's
   * front edge. */
  for (int k = 0; k < 4; k++)
    {
      MuPoint e[3];
      double d;

      edge_points (&tf, k, e);
      d = mu_segment_point_distance (from[0], from[2], e[1]);
      if (d < best - 1e-9)
        {
          best = d;
          nearest = k;
        }
    }
  edge_points (&tf, nearest, to);

  /* The ends' levels once, not once per line. */
  for (int k = 0; k < 3; k++)
    {
      level_from[k] = p->levels ? mu_terrain_level_at (ix, from[k]) : 0;
      level_to[k] = p->levels ? mu_terrain_level_at (ix, to[k]) : 0;
    }
  /* Every one of the nine lines lies in the box of their six ends: the
   * units none of whose stands reach that box cannot block any of them, and
   * are left out once here rather than passed over nine times. The order of
   * the rest is kept, so the unit reported is the same. */
  if (p->units_block && n_others > 0)
    {
      LosBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

      for (int k = 0; k < 3; k++)
        {
          box.x0 = MIN (box.x0, MIN (from[k].x, to[k].x));
          box.y0 = MIN (box.y0, MIN (from[k].y, to[k].y));
          box.x1 = MAX (box.x1, MAX (from[k].x, to[k].x));
          box.y1 = MAX (box.y1, MAX (from[k].y, to[k].y));
        }
      near = g_new (MuLosUnit, n_others);
      for (guint u = 0; u < n_others; u++)
        {
          const MuLosUnit *o = &others[u];

          /* line_blocked passes over these as well */
          if (o->commander || o->stands == firer || o->stands == target)
            continue;
          for (guint s = 0; s < o->n_stands; s++)
            if (stand_may_meet (&o->stands[s], (o->stands[s].width + o->stands[s].depth) / 2, &box))
              {
                near[n_near++] = *o;
                break;
              }
        }
      others = near;
      n_others = n_near;
    }
  if (memo != NULL && memo_find (memo, p, firer, n_firer, target, n_target, others, n_others, result))
    return result->clear;
  sc.areas = g_array_new (FALSE, FALSE, sizeof (guint));
  sc.lines = g_array_new (FALSE, FALSE, sizeof (guint));
  if (result)
    *result = (MuLosResult) { FALSE, 0, from[1], to[1], MU_LOS_CLEAR, -1, -1, NULL };
  mid.area = mid.line = -1;
  /* The middle line first: its blocker is the one reported. */
  for (int n = 0; n < 9; n++)
    {
      int i = (n + 4) % 9;
      MuLosResult one = { 0 };
      MuLosBlock b;

      one.area = one.line = -1;
      b = line_blocked (ix, p, from[i / 3], to[i % 3], others, n_others, firer, target,
                        level_from[i / 3], level_to[i % 3], &sc, &one);
      if (n == 0)
        {
          mid = one;
          mid.block = b;
        }
      if (b == MU_LOS_CLEAR)
        {
          n_clear++;
          if (!have_clear && result)
            {
              result->from = from[i / 3];
              result->to = to[i % 3];
            }
          have_clear = TRUE;
          if (result == NULL)
            break;
        }
    }
  g_array_unref (sc.areas);
  g_array_unref (sc.lines);
  if (result)
    {
      result->clear = have_clear;
      result->n_clear = n_clear;
      if (!have_clear)
        {
          result->block = mid.block;
          result->area = mid.area;
          result->line = mid.line;
          result->unit = mid.unit;
        }
      if (memo != NULL)
        memo_add (memo, result, others, n_others);
    }
  return have_clear;
}

gboolean
mu_table_los (MuTerrainIndex    *ix,
              const MuLosParams *p,
              const MuStand     *firer,
              guint              n_firer,
              const MuStand     *target,
              guint              n_target,
              const MuLosUnit   *others,
              guint              n_others,
              MuLosResult       *result)
{
  return los_compute (ix, p, firer, n_firer, target, n_target, others, n_others, NULL, result);
}

gboolean
mu_table_los_memo (MuLosMemo         *memo,
                   MuTerrainIndex    *ix,
                   const MuLosParams *p,
                   const MuStand     *firer,
                   guint              n_firer,
                   const MuStand     *target,
                   guint              n_target,
                   const MuLosUnit   *others,
                   guint              n_others,
                   MuLosResult       *result)
{
  MuLosResult r;

  g_return_val_if_fail (memo != NULL, FALSE);
  g_return_val_if_fail (memo->ix == NULL || memo->ix == ix, FALSE);

  memo->ix = ix;
  /* the whole result is kept, so it is always worked out whole */
  return los_compute (ix, p, firer, n_firer, target, n_target, others, n_others, memo, result ? result : &r);
}
