/* mu-table-move-limits.c: what table rulesets declare on a move
 *
 * Beyond TAB-12's sweep and cost (mu-table-move.c): the lines a move
 * crosses, by the anchor's path or every stand's (MN-AMB-53, TS-AMB-47),
 * the limits on its directions and wheels (MN-AMB-47, TS-AMB-48), and the
 * first friendly unit its swept path meets (MN-AMB-52, TS-AMB-51).
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-move-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mu-table-geom.h"

/* Whether the polyline `pts` crosses the line `l` away from the free
 * crossings (TS-AMB-47). */
static gboolean
path_crosses (MuMoveCtx *c, const MuPoint *pts, guint n, const MuPolyline *l)
{
  const MuPoint *lp = (const MuPoint *) l->points->data;

  if (c->p->free_crossings == 0)
    return mu_path_crossings (pts, n, lp, l->points->len, NULL) > 0;
  for (guint i = 1; i < n; i++)
    for (guint k = 1; k < l->points->len; k++)
      {
        double tt;

        MuPoint at;

        if (!mu_segment_intersect (pts[i - 1], pts[i], lp[k - 1], lp[k], &tt))
          continue;
        at = (MuPoint) { pts[i - 1].x + tt * (pts[i].x - pts[i - 1].x),
                         pts[i - 1].y + tt * (pts[i].y - pts[i - 1].y) };
        if (!mu_move_within_lines (c, at, c->p->free_crossings))
          return TRUE;
      }
  return FALSE;
}

/* Whether the segment a-b (the anchor's, or a stand centre's) crosses water
 * only at fords and bridges (the sweep calls it only when the table has
 * water that needs a crossing). */
gboolean
mu_move_water_free (MuMoveCtx *c, MuPoint a, MuPoint b)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);

  mu_terrain_candidates (c->ix, a, b, 0, NULL, c->lines);
  for (guint i = 0; i < c->lines->len; i++)
    {
      const MuPolyline *w = g_ptr_array_index (t->lines, g_array_index (c->lines, guint, i));
      const MuPoint *wp = (const MuPoint *) w->points->data;

      if ((w->kind != MU_LINE_RIVER && w->kind != MU_LINE_STREAM) ||
          (w->kind == MU_LINE_STREAM && c->p->streams_crossable))
        continue;
      for (guint k = 1; k < w->points->len; k++)
        {
          double tt;
          MuPoint at;

          if (!mu_segment_intersect (a, b, wp[k - 1], wp[k], &tt))
            continue;
          at = (MuPoint) { a.x + tt * (b.x - a.x), a.y + tt * (b.y - a.y) };
          if (!mu_move_within_lines (c, at, (1u << MU_LINE_FORD) | (1u << MU_LINE_BRIDGE)))
            return mu_move_fail (c, c->p->water_rule ? c->p->water_rule : "TAB-12",
                                 g_strdup_printf (_("the move would cross %s away from a ford or bridge"),
                                                  w->name ? w->name : w->id ? w->id
                                                  : mu_line_kind_to_string (w->kind)));
        }
    }
  return TRUE;
}

/* The kinds of line (of the kinds in `kinds`) that the paths cross: the
 * anchor's `path`, or with crossings_by_stands each stand centre's, held in
 * `centres` as n_stands points a pose. */
guint
mu_move_crossed_kinds (MuMoveCtx    *c,
                       const GArray *path,
                       const GArray *centres,
                       guint         n_stands,
                       guint         kinds)
{
  const MuTableMap *t = mu_terrain_index_table (c->ix);
  guint crossed = 0, n_poses = path->len;
  g_autofree MuPoint *own = NULL;

  if (kinds == 0)
    return 0;
  if (c->p->crossings_by_stands)
    own = g_new (MuPoint, n_poses);
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);

      if (l->kind >= MU_LINE_N || !(kinds & (1u << l->kind)) || (crossed & (1u << l->kind)))
        continue;
      if (!c->p->crossings_by_stands)
        {
          if (path_crosses (c, (const MuPoint *) path->data, n_poses, l))
            crossed |= 1u << l->kind;
          continue;
        }
      for (guint j = 0; j < n_stands && !(crossed & (1u << l->kind)); j++)
        {
          for (guint q = 0; q < n_poses; q++)
            own[q] = g_array_index (centres, MuPoint, q * n_stands + j);
          if (path_crosses (c, own, n_poses, l))
            crossed |= 1u << l->kind;
        }
    }
  return crossed;
}

guint
mu_table_paths_crossed (MuTerrainIndex     *index,
                        const MuMoveParams *params,
                        const MuPoint      *from,
                        const MuPoint      *to,
                        guint               n,
                        guint               kinds,
                        char              **water)
{
  MuMoveCtx c = { 0 };
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) centres = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  MuMoveParams p = *params;
  guint crossed;

  g_return_val_if_fail (index != NULL && params != NULL && (n == 0 || (from != NULL && to != NULL)), 0);
  c.ix = index;
  c.p = &p;
  c.lines = g_array_new (FALSE, FALSE, sizeof (guint));
  /* each point along its own straight path */
  p.crossings_by_stands = TRUE;
  g_array_append_vals (centres, from, n);
  g_array_append_vals (centres, to, n);
  g_array_set_size (path, 2);
  crossed = n > 0 ? mu_move_crossed_kinds (&c, path, centres, n, kinds) : 0;
  if (water)
    {
      *water = NULL;
      for (guint j = 0; j < n && params->water_needs_crossing; j++)
        if (!mu_move_water_free (&c, from[j], to[j]))
          {
            *water = g_steal_pointer (&c.reason);
            break;
          }
    }
  g_free (c.reason);
  g_array_unref (c.lines);
  return crossed;
}

double
mu_move_round_allowance (const MuMoveParams *p, double v)
{
  if (p->round_to <= 0)
    return v;
  switch (p->factor_rounding)
    {
    /* the slack keeps a product that is a multiple already where it is
     * (4 halved stays 2, not 3) */
    case MU_ROUND_UP: return ceil (v / p->round_to - MU_TABLE_EPSILON) * p->round_to;
    case MU_ROUND_DOWN: return floor (v / p->round_to + MU_TABLE_EPSILON) * p->round_to;
    case MU_ROUND_EXACT:
    default: return v;
    }
}

/* The first step outside the ruleset's directions (MN-AMB-47, TS-AMB-48),
 * with the reason in c; G_MAXUINT when none. */
guint
mu_move_direction_check (MuMoveCtx *c, const MuMoveStep *steps, guint n_steps)
{
  const MuMoveParams *p = c->p;
  MuMovePose pose = { c->u->anchor, c->u->facing };
  double wheeled = 0;
  guint moves = 0;

  if (p->step_angle_min <= 0 && p->step_angle_max >= 180 && p->wheel_max < 0 && p->max_moves == 0 &&
      !p->turns_refused)
    return G_MAXUINT;
  for (guint s = 0; s < n_steps; s++)
    {
      const MuMoveStep *st = &steps[s];
      const char *rule = p->direction_rule ? p->direction_rule : "TAB-12";

      if (st->kind == MU_STEP_MOVE)
        {
          MuPoint f = mu_facing_vector (pose.facing);
          double dx = st->to.x - pose.anchor.x, dy = st->to.y - pose.anchor.y;
          double len = hypot (dx, dy);

          if (p->max_moves && ++moves > p->max_moves)
            {
              mu_move_fail (c, rule, g_strdup_printf (_("a move may have at most %u straight steps"),
                                                      p->max_moves));
              return s;
            }
          if (len > MU_TABLE_EPSILON)
            {
              double theta = acos (CLAMP ((dx * f.x + dy * f.y) / len, -1.0, 1.0)) * 180.0 / G_PI;

              if (!mu_table_within (theta, p->step_angle_max) || !mu_table_within (p->step_angle_min, theta))
                {
                  mu_move_fail (c, rule,
                                g_strdup_printf (_("the step goes %.1f° off the unit's facing, outside %.1f° to %.1f°"),
                                                 theta, p->step_angle_min, p->step_angle_max));
                  return s;
                }
            }
        }
      else if (st->kind == MU_STEP_WHEEL)
        {
          wheeled += fabs (st->angle);
          if (p->wheel_max >= 0 && !mu_table_within (wheeled, p->wheel_max))
            {
              mu_move_fail (c, rule, g_strdup_printf (_("the move wheels %.1f° in all, more than %.1f°"),
                                                      wheeled, p->wheel_max));
              return s;
            }
        }
      else if (st->kind == MU_STEP_TURN && p->turns_refused)
        {
          mu_move_fail (c, rule, g_strdup (_("the unit may not turn in place in this move")));
          return s;
        }
      pose = mu_move_pose_at (c->u, st, pose, 1.0);
    }
  return G_MAXUINT;
}

/* Friends ------------------------------------------------------------------------------ */

/* The first friendly stand (by index) that a stand's sweep from pose a to
 * pose b overlaps; -1 for none. */
static int
sweep_friend (MuMoveCtx *c, const MuPoseCorners *a, const MuPoseCorners *b)
{
  int found = -1;

  for (guint i = 0; i < a->n; i++)
    {
      MuPoint pts[8], hull[9];
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
      guint nh = 0;

      memcpy (pts, a->corners[i], sizeof a->corners[i]);
      memcpy (pts + 4, b->corners[i], sizeof b->corners[i]);
      for (guint k = 0; k < 8; k++)
        {
          x0 = MIN (x0, pts[k].x), y0 = MIN (y0, pts[k].y);
          x1 = MAX (x1, pts[k].x), y1 = MAX (y1, pts[k].y);
        }
      for (guint e = 0; e < c->n_friends && (found < 0 || e < (guint) found); e++)
        {
          const MuStand *s = &c->friends[e];
          double r = (s->width + s->depth) / 2;
          MuPoint k[4];

          if (s->centre.x + r < x0 || s->centre.x - r > x1 || s->centre.y + r < y0 || s->centre.y - r > y1)
            continue;
          if (nh == 0)
            nh = mu_convex_hull (pts, 8, hull);
          mu_stand_corners (s, k);
          if (mu_convex_overlap (hull, nh, k, 4, MU_TABLE_EPSILON))
            found = (int) e;
        }
    }
  return found;
}

/* The first friendly stand met in the part of a step from 0 to t; -1 for none. */
static int
step_friend_to (MuMoveCtx *c, const MuMoveStep *st, MuMovePose start, double t)
{
  double rot = mu_move_step_rotation (st, start) * t;
  int n = MAX (1, (int) ceil (rot / ROTATION_STEP));
  MuPoint pivot = mu_move_step_pivot (c->u, st, start);
  g_autofree MuPoseCorners *corners = g_new (MuPoseCorners, n + 1);
  const MuStand *all = c->friends;
  guint n_all = c->n_friends, n_near = 0;
  g_autofree MuStand *near = NULL;
  g_autofree guint *near_index = NULL;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  int hit = -1;

  for (int i = 0; i <= n; i++)
    {
      mu_move_pose_corners (c->u, i == 0 ? start : mu_move_pose_about (st, start, pivot, t * i / n), &corners[i]);
      for (guint j = 0; j < corners[i].n; j++)
        for (int k = 0; k < 4; k++)
          {
            x0 = MIN (x0, corners[i].corners[j][k].x), y0 = MIN (y0, corners[i].corners[j][k].y);
            x1 = MAX (x1, corners[i].corners[j][k].x), y1 = MAX (y1, corners[i].corners[j][k].y);
          }
    }
  /* Only the friends whose boxes meet the box of every pose can meet one
   * sweep between two of them (each sweep's box lies inside it, and
   * sweep_friend passes over a friend by that same test): they are found
   * once, in their order, for every sweep and stand of the step. */
  near = g_new (MuStand, MAX (n_all, 1));
  near_index = g_new (guint, MAX (n_all, 1));
  for (guint e = 0; e < n_all; e++)
    {
      const MuStand *s = &all[e];
      double r = (s->width + s->depth) / 2;

      if (s->centre.x + r < x0 || s->centre.x - r > x1 || s->centre.y + r < y0 || s->centre.y - r > y1)
        continue;
      near_index[n_near] = e;
      near[n_near++] = *s;
    }
  if (n_near == 0)
    return -1;
  c->friends = near;
  c->n_friends = n_near;
  for (int i = 1; i <= n && hit < 0; i++)
    hit = sweep_friend (c, &corners[i - 1], &corners[i]);
  c->friends = all;
  c->n_friends = n_all;
  return hit >= 0 ? (int) near_index[hit] : -1;
}

/* MN-AMB-52, TS-AMB-51: the first friendly unit the swept path meets, up to
 * step `last` at `last_t`, and where the mover first touches it. */
void
mu_move_first_friend (MuMoveCtx          *c,
                      const MuMoveStep   *steps,
                      const MuMovePose   *starts,
                      guint               last,
                      double              last_t,
                      const guint        *friend_unit,
                      MuMoveResult       *r)
{
  double along = 0;

  for (guint s = 0; s <= last; s++)
    {
      double t = s == last ? last_t : 1, lo = 0, hi = t, len, cost;
      int hit = step_friend_to (c, &steps[s], starts[s], t);

      if (hit < 0)
        {
          mu_move_step_measure (c, &steps[s], starts[s], 1.0, &len, &cost);
          along += len;
          continue;
        }
      for (int i = 0; i < 40; i++)
        {
          double m = (lo + hi) / 2;

          if (step_friend_to (c, &steps[s], starts[s], m) >= 0)
            hi = m;
          else
            lo = m;
        }
      hit = step_friend_to (c, &steps[s], starts[s], hi);
      mu_move_step_measure (c, &steps[s], starts[s], lo, &len, &cost);
      r->friend_met = TRUE;
      r->friend = friend_unit ? friend_unit[hit] : (guint) hit;
      r->friend_step = s;
      r->friend_at = mu_move_pose_at (c->u, &steps[s], starts[s], lo).anchor;
      r->friend_along = along + len;
      return;
    }
}

