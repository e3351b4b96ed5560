#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-move.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mu-table-geom.h"
#include "mu-table-move-private.h"

void
mu_move_params_init (MuMoveParams *p)
{
  g_return_if_fail (p != NULL);

  memset (p, 0, sizeof *p);
  for (int k = 0; k < MU_AREA_N; k++)
    p->area_cost[k] = 1;
  for (int k = 0; k < MU_LINE_N; k++)
    p->crossing_factor[k] = p->line_cost[k] = 1;
  p->area_impassable[MU_AREA_IMPASSABLE] = TRUE;
  p->line_impassable[MU_LINE_IMPASSABLE] = TRUE;
  p->water_needs_crossing = TRUE;
  p->allowance_rule = "TAB-12";
  p->step_angle_max = 180;
  p->wheel_max = -1;
  p->direction_rule = "TAB-12";
}

void
mu_move_result_clear (MuMoveResult *r)
{
  if (r)
    g_clear_pointer (&r->reason, g_free);
}

/* Poses ------------------------------------------------------------------------------- */

static MuPoint
rotate_about (MuPoint p, MuPoint c, double degrees)
{
  double a = degrees * G_PI / 180.0, ca = cos (a), sa = sin (a);
  double dx = p.x - c.x, dy = p.y - c.y;

  /* y down: a positive angle turns clockwise on the table */
  return (MuPoint) { c.x + dx * ca - dy * sa, c.y + dx * sa + dy * ca };
}

static guint
layout (const MuMoveUnit *u, MuMovePose pose, MuStand *out)
{
  return mu_stands_layout (u->shape, u->n_stands, u->width, u->depth, pose.anchor, pose.facing, out,
                           MU_STANDS_MAX);
}

static double
frontage (const MuMoveUnit *u)
{
  MuStand s[MU_STANDS_MAX];
  guint n = mu_stands_layout (u->shape, u->n_stands, u->width, u->depth, (MuPoint) { 0, 0 }, 0, s,
                              MU_STANDS_MAX);

  return n ? mu_stands_footprint (s, n).width : 0;
}

static double
signed_turn (double from, double to)
{
  double d = fmod (to - from, 360.0);

  if (d > 180)
    d -= 360;
  else if (d <= -180)
    d += 360;
  return d;
}

/* What a step turns about: the pivot of a wheel, the centre of the
 * footprint for a turn (the start's anchor otherwise). The same for every
 * pose along the step, so worked out once for them. */
static MuPoint
step_pivot (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start)
{
  switch (st->kind)
    {
    case MU_STEP_WHEEL:
      {
        MuPoint f = mu_facing_vector (start.facing);
        MuPoint right = { -f.y, f.x };
        double half = frontage (u) / 2, side = st->angle >= 0 ? 1 : -1;

        return (MuPoint) { start.anchor.x + side * half * right.x, start.anchor.y + side * half * right.y };
      }
    case MU_STEP_TURN:
      {
        MuStand s[MU_STANDS_MAX];
        guint n;

        if (st->about_anchor)
          return start.anchor;
        n = layout (u, start, s);

        return n ? mu_stands_footprint (s, n).centre : start.anchor;
      }
    default:
      return start.anchor;
    }
}

/* The pose a fraction t through a step, turning about `pivot` (step_pivot). */
static MuMovePose
pose_about (const MuMoveStep *st, MuMovePose start, MuPoint pivot, double t)
{
  MuMovePose p = start;

  switch (st->kind)
    {
    case MU_STEP_MOVE:
      p.anchor.x = start.anchor.x + t * (st->to.x - start.anchor.x);
      p.anchor.y = start.anchor.y + t * (st->to.y - start.anchor.y);
      break;
    case MU_STEP_WHEEL:
      p.anchor = rotate_about (start.anchor, pivot, st->angle * t);
      p.facing = start.facing + st->angle * t;
      break;
    case MU_STEP_TURN:
      {
        double d = signed_turn (start.facing, st->angle);

        p.anchor = rotate_about (start.anchor, pivot, d * t);
        p.facing = start.facing + d * t;
      }
      break;
    default:
      break;
    }
  return p;
}

/* The pose a fraction t through a step. */
static MuMovePose
pose_at (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start, double t)
{
  return pose_about (st, start, step_pivot (u, st, start), t);
}

/* Degrees a step turns through. */
static double
step_rotation (const MuMoveStep *st, MuMovePose start)
{
  switch (st->kind)
    {
    case MU_STEP_WHEEL: return fabs (st->angle);
    case MU_STEP_TURN: return fabs (signed_turn (start.facing, st->angle));
    default: return 0;
    }
}

/* Obstacles --------------------------------------------------------------------------- */

static gboolean
fail (MuMoveCtx *c, const char *rule, char *reason)
{
  g_free (c->reason);
  c->reason = reason;
  c->rule = rule;
  return FALSE;
}

static const char *
area_name (const MuArea *a)
{
  return a->name ? a->name : a->id ? a->id : mu_area_kind_to_string (a->kind);
}

static const char *
line_name (const MuPolyline *l)
{
  return l->name ? l->name : l->id ? l->id : mu_line_kind_to_string (l->kind);
}

/* Whether a convex hull swept by one stand is free of the table's edge, enemy
 * stands and impassable ground and lines. */
static gboolean
hull_free (MuMoveCtx *c, const MuPoint *h, guint n)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  MuPoint mid;

  for (guint i = 0; i < n; i++)
    {
      x0 = MIN (x0, h[i].x), y0 = MIN (y0, h[i].y);
      x1 = MAX (x1, h[i].x), y1 = MAX (y1, h[i].y);
    }
  if (mu_table_beyond (-x0, 0) || mu_table_beyond (-y0, 0) || mu_table_beyond (x1, t->width) ||
      mu_table_beyond (y1, t->height))
    return fail (c, "TAB-12", g_strdup (_("the move would take the unit over the table's edge")));
  for (guint e = 0; e < c->n_enemies; e++)
    {
      const MuStand *s = &c->enemies[e];
      double r = (s->width + s->depth) / 2;
      MuPoint k[4];

      if (s->centre.x + r < x0 || s->centre.x - r > x1 || s->centre.y + r < y0 || s->centre.y - r > y1)
        continue;
      mu_stand_corners (s, k);
      if (mu_convex_overlap (h, n, k, 4, MU_TABLE_EPSILON))
        return fail (c, "TAB-12", g_strdup (_("the move would pass through an enemy stand")));
    }
  /* only impassable areas and lines can stop it; on a table without them
   * the candidates need not be looked up (for every stand at every step) */
  if (!c->impassable)
    return TRUE;
  mid = (MuPoint) { (x0 + x1) / 2, (y0 + y1) / 2 };
  mu_terrain_candidates (c->ix, mid, mid, hypot (x1 - x0, y1 - y0) / 2, c->areas, c->lines);
  for (guint i = 0; i < c->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, g_array_index (c->areas, guint, i));

      if (a->kind < MU_AREA_N && c->p->area_impassable[a->kind] &&
          mu_polygons_overlap (h, n, (const MuPoint *) a->points->data, a->points->len))
        return fail (c, c->p->area_rule && a->kind != MU_AREA_IMPASSABLE && a->kind != MU_AREA_WATER
                        ? c->p->area_rule : "TAB-12",
                     g_strdup_printf (_("the move would enter impassable ground (%s)"), area_name (a)));
    }
  for (guint i = 0; i < c->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, g_array_index (c->lines, guint, i));
      const MuPoint *pts = (const MuPoint *) l->points->data;

      if (l->kind >= MU_LINE_N || !c->p->line_impassable[l->kind])
        continue;
      for (guint k = 1; k < l->points->len; k++)
        if (mu_convex_meets_segment (h, n, pts[k - 1], pts[k]))
          return fail (c, "TAB-12", g_strdup_printf (_("the move would cross an impassable line (%s)"),
                                                     line_name (l)));
    }
  return TRUE;
}

static void
pose_corners (const MuMoveUnit *u, MuMovePose pose, MuPoseCorners *out)
{
  MuStand st[MU_STANDS_MAX];

  out->n = layout (u, pose, st);
  for (guint i = 0; i < out->n; i++)
    {
      mu_stand_corners (&st[i], out->corners[i]);
      out->centres[i] = st[i].centre;
    }
}

/* Whether the points' box alone shows that their hull is free: inside
 * the table, apart from every enemy stand's box and on a table with
 * nothing impassable. The hull's vertices are some of the points, so its
 * box lies inside theirs and hull_free, testing that box the same way,
 * would find it free too. */
static gboolean
box_clear (MuMoveCtx *c, const MuPoint *pts, guint n)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (c->impassable)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      x0 = MIN (x0, pts[i].x), y0 = MIN (y0, pts[i].y);
      x1 = MAX (x1, pts[i].x), y1 = MAX (y1, pts[i].y);
    }
  if (mu_table_beyond (-x0, 0) || mu_table_beyond (-y0, 0) || mu_table_beyond (x1, t->width) ||
      mu_table_beyond (y1, t->height))
    return FALSE;
  for (guint e = 0; e < c->n_enemies; e++)
    {
      const MuStand *s = &c->enemies[e];
      double r = (s->width + s->depth) / 2;

      if (!(s->centre.x + r < x0 || s->centre.x - r > x1 || s->centre.y + r < y0 || s->centre.y - r > y1))
        return FALSE;
    }
  return TRUE;
}

/* Whether an impassable area or line may be near the box x0,y0 - x1,y1:
 * FALSE only when hull_free would find none for any hull inside it.
 * hull_free asks for the candidates within half its hull's box's diagonal
 * of that box's centre; the centre lies in this box, at most half this
 * box's diagonal from its centre, and the hull's half diagonal is no
 * longer than this box's: asked within the whole diagonal of this box's
 * centre, the candidates (by box, or by the cells within that reach) hold
 * every hull's. */
static gboolean
impassable_near (MuMoveCtx *c, double x0, double y0, double x1, double y1)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  MuPoint mid = { (x0 + x1) / 2, (y0 + y1) / 2 };

  mu_terrain_candidates (c->ix, mid, mid, hypot (x1 - x0, y1 - y0), c->areas, c->lines);
  for (guint i = 0; i < c->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, g_array_index (c->areas, guint, i));

      if (a->kind < MU_AREA_N && c->p->area_impassable[a->kind])
        return TRUE;
    }
  for (guint i = 0; i < c->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, g_array_index (c->lines, guint, i));

      if (l->kind < MU_LINE_N && c->p->line_impassable[l->kind])
        return TRUE;
    }
  return FALSE;
}

/* Whether moving from pose a to pose b (close enough for hulls) is free. */
static gboolean
sweep_free (MuMoveCtx *c, const MuPoseCorners *a, const MuPoseCorners *b)
{
  const MuStand *all = c->enemies;
  guint n_all = c->n_enemies;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  gboolean free = TRUE, impassable = c->impassable;

  /* The enemy stands whose boxes meet the box of the whole sweep, in
   * their order: the only ones any stand's sweep can meet, found once
   * for all the unit's stands instead of once for each. */
  for (guint i = 0; i < a->n; i++)
    for (int k = 0; k < 4; k++)
      {
        x0 = MIN (x0, MIN (a->corners[i][k].x, b->corners[i][k].x));
        y0 = MIN (y0, MIN (a->corners[i][k].y, b->corners[i][k].y));
        x1 = MAX (x1, MAX (a->corners[i][k].x, b->corners[i][k].x));
        y1 = MAX (y1, MAX (a->corners[i][k].y, b->corners[i][k].y));
      }
  g_array_set_size (c->near, 0);
  for (guint e = 0; e < n_all; e++)
    {
      const MuStand *s = &all[e];
      double r = (s->width + s->depth) / 2;

      if (!(s->centre.x + r < x0 || s->centre.x - r > x1 || s->centre.y + r < y0 || s->centre.y - r > y1))
        g_array_append_val (c->near, *s);
    }
  c->enemies = (const MuStand *) c->near->data;
  c->n_enemies = c->near->len;
  /* Far from everything impassable (most sweeps on a table with a river
   * or two), the stands' hulls are tested as on a table without it: by
   * their boxes first, and no terrain looked up for each. */
  if (impassable && !impassable_near (c, x0, y0, x1, y1))
    c->impassable = FALSE;
  for (guint i = 0; i < a->n && free; i++)
    {
      MuPoint pts[8], hull[9];
      guint nh;

      memcpy (pts, a->corners[i], sizeof a->corners[i]);
      memcpy (pts + 4, b->corners[i], sizeof b->corners[i]);
      if (box_clear (c, pts, 8))
        continue;
      nh = mu_convex_hull (pts, 8, hull);
      free = hull_free (c, hull, nh);
    }
  c->enemies = all;
  c->n_enemies = n_all;
  c->impassable = impassable;
  return free;
}

/* Whether `at` lies within the drawn width of a line of the kinds in `mask`
 * (1 << MuLineKind). */
static gboolean
within_lines (MuMoveCtx *c, MuPoint at, guint mask)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);

  if (mask == 0)
    return FALSE;
  for (guint j = 0; j < t->lines->len; j++)
    {
      const MuPolyline *f = g_ptr_array_index (t->lines, j);

      if (f->kind < MU_LINE_N && (mask & (1u << f->kind)) &&
          mu_table_within (mu_polyline_distance ((const MuPoint *) f->points->data, f->points->len, at),
                           mu_terrain_line_width (t, f) / 2))
        return TRUE;
    }
  return FALSE;
}

/* Whether the part of a step from 0 to t is free. */
static gboolean
step_free_to (MuMoveCtx *c, const MuMoveStep *st, MuMovePose start, double t)
{
  double rot = step_rotation (st, start) * t;
  int n = MAX (1, (int) ceil (rot / ROTATION_STEP));
  MuPoint pivot = step_pivot (c->u, st, start);
  MuMovePose prev = start;
  /* each pose's corners serve the sweep before it and the one after */
  MuPoseCorners corners[2];
  guint k = 0;

  pose_corners (c->u, prev, &corners[k]);
  for (int i = 1; i <= n; i++)
    {
      MuMovePose next = pose_about (st, start, pivot, t * i / n);

      pose_corners (c->u, next, &corners[1 - k]);
      if (!sweep_free (c, &corners[k], &corners[1 - k]))
        return FALSE;
      if (!c->p->water_needs_crossing || !c->water)
        ;
      else if (c->p->crossings_by_stands)
        {
          /* every stand's centre crosses for itself (MN-AMB-77) */
          for (guint j = 0; j < corners[k].n; j++)
            if (!mu_move_water_free (c, corners[k].centres[j], corners[1 - k].centres[j]))
              return FALSE;
        }
      else if (!mu_move_water_free (c, prev.anchor, next.anchor))
        return FALSE;
      prev = next;
      k = 1 - k;
    }
  return TRUE;
}

/* Cost -------------------------------------------------------------------------------- */


static gboolean
costs_more (const MuArea *area, gconstpointer data)
{
  const MuMoveParams *p = data;

  return area->kind < MU_AREA_N && p->area_cost[area->kind] != 1;
}

/* Whether a line's drawn width is charged (QRS-AMB-55), or makes a
 * crossing free, so that segment_cost must cut the path at its corridor. */
static gboolean
corridor_counts (const MuMoveCtx *c, const MuPolyline *l)
{
  return l->kind < MU_LINE_N &&
         (c->p->line_cost[l->kind] != 1 || (c->p->free_crossings & (1u << l->kind)));
}

/* The dearest line_cost of the lines whose drawn width holds m, away from
 * the free crossings (1: none). */
static double
corridor_cost (MuMoveCtx *c, MuPoint m)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  double f = 1;

  for (guint k = 0; k < c->lines->len; k++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, g_array_index (c->lines, guint, k));

      if (l->kind < MU_LINE_N && c->p->line_cost[l->kind] > f &&
          mu_table_within (mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len, m),
                           mu_terrain_line_width (t, l) / 2))
        f = c->p->line_cost[l->kind];
    }
  return f > 1 && within_lines (c, m, c->p->free_crossings) ? 1 : f;
}

/* The cost of the anchor's segment a-b: each piece between area edges (and
 * the edges of charged lines' drawn widths) at the dearest cost of the
 * areas and lines holding it. */
static double
segment_cost (MuMoveCtx *c, MuPoint a, MuPoint b)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  double len = hypot (b.x - a.x, b.y - a.y), cost = 0;
  g_autoptr(GArray) ts = NULL;

  if (len <= 0)
    return 0;
  mu_terrain_candidates (c->ix, a, b, c->line_costs ? c->line_margin : 0, c->areas,
                         c->line_costs ? c->lines : NULL);
  ts = g_array_new (FALSE, FALSE, sizeof (double));
  mu_terrain_segment_cuts (t, c->areas, a, b, costs_more, c->p, ts);
  if (c->line_costs)
    {
      for (guint k = 0; k < c->lines->len; k++)
        {
          const MuPolyline *l = g_ptr_array_index (t->lines, g_array_index (c->lines, guint, k));
          const MuPoint *lp = (const MuPoint *) l->points->data;
          double r = mu_terrain_line_width (t, l) / 2, lo, hi;

          if (!corridor_counts (c, l))
            continue;
          /* each segment's corridor (a single point's disc); the interval
           * widens r by MU_TABLE_EPSILON (TAB-4), which charged at the
           * line's cost would put an exact move over its allowance
           * (QRS-AMB-55: 3.6" open and 0.4" of stream cost 6.00, not
           * 6.00001): the cuts are at the drawn width itself */
          for (guint j = l->points->len > 1 ? 1 : 0; j < l->points->len; j++)
            if (mu_segment_corridor_interval (a, b, lp[j ? j - 1 : 0], lp[j], r - MU_TABLE_EPSILON, &lo, &hi))
              {
                g_array_append_val (ts, lo);
                g_array_append_val (ts, hi);
              }
        }
      g_array_sort (ts, mu_compare_doubles);
    }
  for (guint i = 1; i < ts->len; i++)
    {
      double t0 = g_array_index (ts, double, i - 1), t1 = g_array_index (ts, double, i);
      double tm = (t0 + t1) / 2, f = 1;
      MuPoint m = { a.x + tm * (b.x - a.x), a.y + tm * (b.y - a.y) };

      if (t1 - t0 <= 0)
        continue;
      for (guint k = 0; k < c->areas->len; k++)
        {
          const MuArea *ar = g_ptr_array_index (t->areas, g_array_index (c->areas, guint, k));

          if (ar->kind < MU_AREA_N && c->p->area_cost[ar->kind] != 1 &&
              mu_polygon_contains ((const MuPoint *) ar->points->data, ar->points->len, m))
            f = MAX (f, c->p->area_cost[ar->kind]);
        }
      if (c->line_costs)
        f = MAX (f, corridor_cost (c, m));
      cost += (t1 - t0) * len * f;
    }
  return cost;
}

/* The measured point of a pose for a step: the anchor, or for a wheel the
 * outer front corner (TAB-12). */
static MuPoint
measured_point (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose p)
{
  if (st->kind == MU_STEP_WHEEL)
    {
      MuPoint f = mu_facing_vector (p.facing);
      MuPoint right = { -f.y, f.x };
      double half = frontage (u) / 2, side = st->angle >= 0 ? -1 : 1;

      return (MuPoint) { p.anchor.x + side * half * right.x, p.anchor.y + side * half * right.y };
    }
  return p.anchor;
}

/* Length and cost of a step from 0 to t. */
static void
step_measure (MuMoveCtx *c, const MuMoveStep *st, MuMovePose start, double t, double *length, double *cost)
{
  *length = *cost = 0;
  if (st->kind == MU_STEP_TURN)
    {
      /* a change of front is a quarter turn at most: a pose that keeps
       * the facing changes nothing, an about-face is two (QRS-AMB-57) */
      double deg = step_rotation (st, start);

      *cost = t <= 0 || deg < 0.05 ? 0 : deg <= 90.05 ? c->p->turn_cost : 2 * c->p->turn_cost;
      return;
    }
  {
    int n = st->kind == MU_STEP_WHEEL ? MAX (1, (int) ceil (step_rotation (st, start) * t / 2.0)) : 1;
    MuPoint prev = measured_point (c->u, st, start), pivot = step_pivot (c->u, st, start);

    for (int i = 1; i <= n; i++)
      {
        MuPoint next = measured_point (c->u, st, pose_about (st, start, pivot, t * i / n));

        *length += hypot (next.x - prev.x, next.y - prev.y);
        *cost += segment_cost (c, prev, next);
        prev = next;
      }
    if (st->kind == MU_STEP_WHEEL)
      {
        /* The arc itself, not its chords. */
        double arc = frontage (c->u) * step_rotation (st, start) * t * G_PI / 180.0;

        if (*length > 0)
          *cost *= arc / *length;
        *length = arc;
      }
  }
}

void
mu_table_move_pose_along (const MuMoveUnit *u,
                          const MuMoveStep *steps,
                          guint             n_steps,
                          double            along,
                          MuPoint          *anchor,
                          double           *facing)
{
  MuMovePose pose = { u->anchor, u->facing };
  double at = 0;

  g_return_if_fail (u != NULL && (steps != NULL || n_steps == 0) && anchor != NULL && facing != NULL);

  for (guint s = 0; s < n_steps; s++)
    {
      const MuMoveStep *st = &steps[s];
      double len = st->kind == MU_STEP_MOVE ? hypot (st->to.x - pose.anchor.x, st->to.y - pose.anchor.y)
                   : st->kind == MU_STEP_WHEEL ? frontage (u) * step_rotation (st, pose) * G_PI / 180.0
                   : 0;

      /* a turn in place has no length: it is made once its point is reached */
      if (len > 0 && along < at + len)
        {
          pose = pose_at (u, st, pose, MAX (along - at, 0) / len);
          break;
        }
      pose = pose_at (u, st, pose, 1.0);
      at += len;
    }
  *anchor = pose.anchor;
  *facing = fmod (fmod (pose.facing, 360.0) + 360.0, 360.0);
}

/* The helpers for mu-table-move-limits.c: the hot ones above stay static
 * so that the sweep's loops inline them as before. */

gboolean
mu_move_fail (MuMoveCtx *c, const char *rule, char *reason)
{
  return fail (c, rule, reason);
}

MuMovePose
mu_move_pose_about (const MuMoveStep *st, MuMovePose start, MuPoint pivot, double t)
{
  return pose_about (st, start, pivot, t);
}

MuMovePose
mu_move_pose_at (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start, double t)
{
  return pose_at (u, st, start, t);
}

MuPoint
mu_move_step_pivot (const MuMoveUnit *u, const MuMoveStep *st, MuMovePose start)
{
  return step_pivot (u, st, start);
}

double
mu_move_step_rotation (const MuMoveStep *st, MuMovePose start)
{
  return step_rotation (st, start);
}

void
mu_move_pose_corners (const MuMoveUnit *u, MuMovePose pose, MuPoseCorners *out)
{
  pose_corners (u, pose, out);
}

void
mu_move_step_measure (MuMoveCtx *c, const MuMoveStep *st, MuMovePose start, double t, double *length,
                      double *cost)
{
  step_measure (c, st, start, t, length, cost);
}

gboolean
mu_move_within_lines (MuMoveCtx *c, MuPoint at, guint mask)
{
  return within_lines (c, at, mask);
}

/* The evaluator --------------------------------------------------------------------- */

static double
path_allowance (MuMoveCtx *c, const GArray *path, const GArray *centres, guint n_stands, MuMoveResult *r)
{
  const MuMoveParams *p = c->p;
  double allowance = p->allowance, tried = G_MAXDOUBLE, factor = 1;
  const MuPoint *pts = (const MuPoint *) path->data;
  guint kinds = p->crossing_kinds;

  /* Roads: the best allowance whose lines (of its kind and of every kind at
   * least as good) hold the whole path. */
  for (;;)
    {
      double best = 0;
      guint mask = 0;

      for (int k = 0; k < MU_LINE_N; k++)
        if (p->line_allowance[k] > allowance && p->line_allowance[k] > best && p->line_allowance[k] < tried)
          best = p->line_allowance[k];
      if (best == 0)
        break;
      for (int k = 0; k < MU_LINE_N; k++)
        if (p->line_allowance[k] >= best)
          mask |= 1u << k;
      if (mu_terrain_path_on_lines (c->ix, pts, path->len, mask))
        {
          allowance = best;
          break;
        }
      tried = best;
    }
  /* Crossings that change the allowance: once, the smallest factor
   * (MN-AMB-53), rounded as the ruleset says. */
  for (int k = 0; k < MU_LINE_N; k++)
    if (p->crossing_factor[k] != 1)
      kinds |= 1u << k;
  r->crossed = mu_move_crossed_kinds (c, path, centres, n_stands, kinds);
  for (int k = 0; k < MU_LINE_N; k++)
    if (r->crossed & (1u << k))
      factor = MIN (factor, p->crossing_factor[k]);
  r->factor = factor;
  if (factor != 1)
    allowance = mu_move_round_allowance (p, allowance * factor);
  return allowance;
}

gboolean
mu_table_move_check (MuTerrainIndex     *ix,
                     const MuMoveParams *p,
                     const MuMoveUnit   *u,
                     const MuMoveStep   *steps,
                     guint               n_steps,
                     const MuStand      *enemies,
                     guint               n_enemies,
                     MuMoveResult       *result)
{
  MuMoveOthers others = { enemies, n_enemies, NULL, 0, NULL };

  return mu_table_move_check_among (ix, p, u, steps, n_steps, &others, result);
}

/* Lays out the unit in `pose` and appends its stands' centres. */
static void
append_centres (const MuMoveUnit *u, MuMovePose pose, GArray *centres)
{
  MuStand st[MU_STANDS_MAX];
  guint n = layout (u, pose, st);

  for (guint i = 0; i < n; i++)
    g_array_append_val (centres, st[i].centre);
}

gboolean
mu_table_move_check_among (MuTerrainIndex     *ix,
                           const MuMoveParams *p,
                           const MuMoveUnit   *u,
                           const MuMoveStep   *steps,
                           guint               n_steps,
                           const MuMoveOthers *others,
                           MuMoveResult       *result)
{
  MuMoveCtx c = { .ix = ix, .p = p, .u = u,
                  .enemies = others ? others->enemies : NULL, .n_enemies = others ? others->n_enemies : 0,
                  .friends = others ? others->friends : NULL, .n_friends = others ? others->n_friends : 0 };
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) centres = NULL;
  guint n_stands = 0;
  MuMovePose *starts;
  MuMovePose pose = { u->anchor, u->facing };
  guint bad_step = G_MAXUINT;
  double bad_t = 1, total_len = 0, total_cost = 0, allowance, *costs, *lens;

  g_return_val_if_fail (ix != NULL && p != NULL && u != NULL && u->shape != NULL && result != NULL, FALSE);
  g_return_val_if_fail (steps != NULL || n_steps == 0, FALSE);

  memset (result, 0, sizeof *result);
  c.areas = g_array_new (FALSE, FALSE, sizeof (guint));
  c.lines = g_array_new (FALSE, FALSE, sizeof (guint));
  c.near = g_array_new (FALSE, FALSE, sizeof (MuStand));
  {
    const MuTableMap *t = mu_terrain_index_table (ix);

    for (guint i = 0; i < t->areas->len && !c.impassable; i++)
      {
        MuAreaKind kind = ((const MuArea *) g_ptr_array_index (t->areas, i))->kind;
        c.impassable = kind < MU_AREA_N && p->area_impassable[kind];
      }
    for (guint i = 0; i < t->lines->len && !c.impassable; i++)
      {
        MuLineKind kind = ((const MuPolyline *) g_ptr_array_index (t->lines, i))->kind;
        c.impassable = kind < MU_LINE_N && p->line_impassable[kind];
      }
    for (guint i = 0; i < t->lines->len; i++)
      {
        const MuPolyline *l = g_ptr_array_index (t->lines, i);

        /* mu_move_water_free need not look for lines on a table without any that
         * it would refuse (its segments are asked for every stand) */
        if (l->kind == MU_LINE_RIVER || (l->kind == MU_LINE_STREAM && !p->streams_crossable))
          c.water = TRUE;
        if (l->kind < MU_LINE_N && p->line_cost[l->kind] != 1)
          {
            c.line_costs = TRUE;
            c.line_margin = MAX (c.line_margin, mu_terrain_line_width (t, l) / 2);
          }
      }
  }
  starts = g_new (MuMovePose, n_steps + 1);
  g_array_append_val (path, pose.anchor);
  if (p->crossings_by_stands)
    {
      centres = g_array_new (FALSE, FALSE, sizeof (MuPoint));
      append_centres (u, pose, centres);
      n_stands = centres->len;
    }
  bad_step = mu_move_direction_check (&c, steps, n_steps);
  if (bad_step != G_MAXUINT)
    bad_t = 0;

  /* The swept path: the first step that is not free, and how far into it. */
  for (guint s = 0; s < n_steps; s++)
    {
      const MuMoveStep *st = &steps[s];

      starts[s] = pose;
      if ((bad_step == G_MAXUINT || s < bad_step) && !step_free_to (&c, st, pose, 1.0))
        {
          double lo = 0, hi = 1;
          const char *rule = c.rule;
          char *reason = g_steal_pointer (&c.reason);

          if (p->legal_only)
            {
              bad_step = s;
              c.reason = reason;
              break;
            }
          for (int i = 0; i < 40; i++)
            {
              double m = (lo + hi) / 2;

              if (step_free_to (&c, st, pose, m))
                lo = m;
              else
                hi = m;
            }
          g_free (c.reason);
          c.reason = reason;
          c.rule = rule;
          bad_step = s;
          bad_t = lo;
        }
      {
        int n = st->kind == MU_STEP_MOVE ? 1 : MAX (1, (int) ceil (step_rotation (st, pose) / ROTATION_STEP));
        MuPoint pivot = step_pivot (u, st, pose);

        for (int i = 1; i <= n; i++)
          {
            MuMovePose q = pose_about (st, pose, pivot, (double) i / n);
            g_array_append_val (path, q.anchor);
            if (centres)
              append_centres (u, q, centres);
          }
        pose = pose_about (st, pose, pivot, 1.0);
      }
    }
  starts[n_steps] = pose;
  result->anchor = pose.anchor;
  result->facing = fmod (fmod (pose.facing, 360.0) + 360.0, 360.0);
  if (p->legal_only && bad_step != G_MAXUINT)
    {
      /* the caller asks only whether it is legal: not where it stops */
      result->step = bad_step;
      result->stop = starts[bad_step].anchor;
      result->rule = c.rule;
      result->reason = g_steal_pointer (&c.reason);
      g_free (starts);
      g_array_unref (c.areas);
      g_array_unref (c.lines);
      g_array_unref (c.near);
      return FALSE;
    }

  /* Cost against the allowance. */
  allowance = path_allowance (&c, path, centres, n_stands, result);
  costs = g_new (double, n_steps + 1);
  lens = g_new (double, n_steps + 1);
  for (guint s = 0; s < n_steps; s++)
    {
      step_measure (&c, &steps[s], starts[s], 1.0, &lens[s], &costs[s]);
      total_len += lens[s];
      total_cost += costs[s];
    }
  if (mu_table_beyond (total_cost, allowance))
    {
      double before = 0;
      guint s = 0;

      /* The step where the allowance runs out, and how far into it. */
      while (s + 1 < n_steps && mu_table_within (before + costs[s], allowance))
        before += costs[s++];
      if (p->legal_only)
        {
          bad_step = s;
          bad_t = 0;
          c.rule = p->allowance_rule ? p->allowance_rule : "TAB-12";
        }
      else if (bad_step == G_MAXUINT || s <= bad_step)
        {
          double lo = 0, hi = 1;

          for (int i = 0; i < 50; i++)
            {
              double m = (lo + hi) / 2, l2, c2;

              step_measure (&c, &steps[s], starts[s], m, &l2, &c2);
              if (mu_table_within (before + c2, allowance))
                lo = m;
              else
                hi = m;
            }
          if (bad_step == G_MAXUINT || s < bad_step || lo < bad_t)
            {
              bad_step = s;
              bad_t = lo;
              g_free (c.reason);
              c.reason = g_strdup_printf (_("the move costs %.2f, more than the unit's allowance of %.2f"),
                                          total_cost, allowance);
              c.rule = p->allowance_rule ? p->allowance_rule : "TAB-12";
            }
        }
    }
  g_free (costs);
  if (bad_step != G_MAXUINT)
    {
      double l, cc;

      step_measure (&c, &steps[bad_step], starts[bad_step], bad_t, &l, &cc);
      result->stop_along = l;
      for (guint s = 0; s < bad_step; s++)
        result->stop_along += lens[s];
    }
  g_free (lens);
  result->length = total_len;
  result->cost = total_cost;
  result->allowance = allowance;
  result->legal = bad_step == G_MAXUINT;
  if (c.n_friends && n_steps)
    mu_move_first_friend (&c, steps, starts, result->legal ? n_steps - 1 : bad_step,
                          result->legal ? 1.0 : bad_t, others->friend_unit, result);
  if (!result->legal)
    {
      result->step = bad_step;
      result->stop = pose_at (u, &steps[bad_step], starts[bad_step], bad_t).anchor;
      result->rule = c.rule;
      result->reason = g_steal_pointer (&c.reason);
    }
  g_free (c.reason);
  g_free (starts);
  g_array_unref (c.areas);
  g_array_unref (c.lines);
  g_array_unref (c.near);
  return result->legal;
}

void
mu_table_reachable (MuTerrainIndex     *ix,
                    const MuMoveParams *p,
                    const MuMoveUnit   *u,
                    const MuStand      *enemies,
                    guint               n_enemies,
                    double              cell,
                    MuReachable        *out)
{
  double reach = p->allowance;
  int half;

  g_return_if_fail (ix != NULL && p != NULL && u != NULL && out != NULL && cell > 0);

  for (int k = 0; k < MU_LINE_N; k++)
    reach = MAX (reach, p->line_allowance[k]);
  half = (int) ceil (reach / cell);
  out->cell = cell;
  out->cols = out->rows = (guint) (2 * half + 1);
  out->origin = (MuPoint) { u->anchor.x - half * cell, u->anchor.y - half * cell };
  out->cells = g_new0 (guint8, out->cols * out->rows);
  for (guint r = 0; r < out->rows; r++)
    for (guint col = 0; col < out->cols; col++)
      {
        MuMoveStep st = { MU_STEP_MOVE, { out->origin.x + col * cell, out->origin.y + r * cell }, 0 };
        MuMoveResult res;

        if (mu_table_beyond (hypot (st.to.x - u->anchor.x, st.to.y - u->anchor.y), reach))
          continue;
        out->cells[r * out->cols + col] = mu_table_move_check (ix, p, u, &st, 1, enemies, n_enemies, &res);
        mu_move_result_clear (&res);
      }
}

void
mu_reachable_clear (MuReachable *r)
{
  if (r)
    g_clear_pointer (&r->cells, g_free);
}
