#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-geom.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

gboolean
mu_polygon_contains (const MuPoint *points,
                     guint          n_points,
                     MuPoint        p)
{
  gboolean inside = FALSE;

  if (points == NULL || n_points < 3)
    return FALSE;
  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      const MuPoint *a = &points[i], *b = &points[j];

      if ((a->y > p.y) != (b->y > p.y) &&
          p.x < (b->x - a->x) * (p.y - a->y) / (b->y - a->y) + a->x)
        inside = !inside;
    }
  return inside;
}

double
mu_segment_point_distance (MuPoint a,
                           MuPoint b,
                           MuPoint p)
{
  double vx = b.x - a.x, vy = b.y - a.y;
  double len2 = vx * vx + vy * vy;
  double t = len2 > 0 ? ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (p.x - (a.x + t * vx), p.y - (a.y + t * vy));
}

double
mu_polyline_distance (const MuPoint *points,
                      guint          n_points,
                      MuPoint        p)
{
  double best;

  if (points == NULL || n_points == 0)
    return G_MAXDOUBLE;
  if (n_points == 1)
    return hypot (p.x - points[0].x, p.y - points[0].y);
  best = G_MAXDOUBLE;
  for (guint i = 1; i < n_points; i++)
    best = MIN (best, mu_segment_point_distance (points[i - 1], points[i], p));
  return best;
}

MuPoint
mu_points_centre (const MuPoint *points,
                  guint          n_points)
{
  MuPoint c = { 0, 0 };

  for (guint i = 0; i < n_points; i++)
    {
      c.x += points[i].x / n_points;
      c.y += points[i].y / n_points;
    }
  return c;
}

/* Segments ------------------------------------------------------------------------ */

static double
cross (MuPoint o, MuPoint a, MuPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int
sign_eps (double v)
{
  return v > 1e-12 ? 1 : v < -1e-12 ? -1 : 0;
}

static gboolean
on_segment (MuPoint a, MuPoint b, MuPoint p)
{
  return MIN (a.x, b.x) - 1e-12 <= p.x && p.x <= MAX (a.x, b.x) + 1e-12 &&
         MIN (a.y, b.y) - 1e-12 <= p.y && p.y <= MAX (a.y, b.y) + 1e-12;
}

static double
param_of (MuPoint a, MuPoint b, MuPoint p)
{
  double vx = b.x - a.x, vy = b.y - a.y, len2 = vx * vx + vy * vy;

  return len2 > 0 ? CLAMP (((p.x - a.x) * vx + (p.y - a.y) * vy) / len2, 0.0, 1.0) : 0.0;
}

gboolean
mu_segment_intersect (MuPoint a,
                      MuPoint b,
                      MuPoint c,
                      MuPoint d,
                      double *t)
{
  int d1 = sign_eps (cross (c, d, a)), d2 = sign_eps (cross (c, d, b));
  int d3 = sign_eps (cross (a, b, c)), d4 = sign_eps (cross (a, b, d));

  if (d1 * d2 < 0 && d3 * d4 < 0)
    {
      if (t)
        {
          double ca = cross (c, d, a), cb = cross (c, d, b);
          *t = ca / (ca - cb);
        }
      return TRUE;
    }
  /* Touching or collinear: the first shared point along a-b. */
  {
    double best = G_MAXDOUBLE;

    if (d1 == 0 && on_segment (c, d, a))
      best = 0;
    if (d3 == 0 && on_segment (a, b, c))
      best = MIN (best, param_of (a, b, c));
    if (d4 == 0 && on_segment (a, b, d))
      best = MIN (best, param_of (a, b, d));
    if (d2 == 0 && on_segment (c, d, b))
      best = MIN (best, 1.0);
    if (best == G_MAXDOUBLE)
      return FALSE;
    if (t)
      *t = best;
    return TRUE;
  }
}

double
mu_segment_distance (MuPoint a,
                     MuPoint b,
                     MuPoint c,
                     MuPoint d)
{
  if (mu_segment_intersect (a, b, c, d, NULL))
    return 0;
  return MIN (MIN (mu_segment_point_distance (a, b, c), mu_segment_point_distance (a, b, d)),
              MIN (mu_segment_point_distance (c, d, a), mu_segment_point_distance (c, d, b)));
}

double
mu_polyline_length (const MuPoint *points,
                    guint          n_points)
{
  double len = 0;

  for (guint i = 1; i < n_points; i++)
    len += hypot (points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return len;
}

int
mu_compare_doubles (gconstpointer a,
                    gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The length of a-b inside the polygon: cut a-b at every edge crossing and
 * test the middle of each piece. */
static double
segment_length_inside (MuPoint        a,
                       MuPoint        b,
                       const MuPoint *polygon,
                       guint          n)
{
  double ts_small[34], *ts = ts_small, len = hypot (b.x - a.x, b.y - a.y), inside = 0;
  g_autofree double *ts_big = NULL;
  guint nt = 0;

  if (len <= 0)
    return 0;
  if (n + 2 > G_N_ELEMENTS (ts_small))
    ts = ts_big = g_new (double, n + 2);
  ts[nt++] = 0;
  ts[nt++] = 1;
  for (guint i = 0, j = n - 1; i < n; j = i++)
    {
      double t;

      if (mu_segment_intersect (a, b, polygon[j], polygon[i], &t) && t > 0 && t < 1)
        ts[nt++] = t;
    }
  qsort (ts, nt, sizeof (double), mu_compare_doubles);
  for (guint i = 1; i < nt; i++)
    {
      double tm = (ts[i - 1] + ts[i]) / 2;
      MuPoint m = { a.x + tm * (b.x - a.x), a.y + tm * (b.y - a.y) };

      if (ts[i] - ts[i - 1] > 1e-12 && mu_polygon_contains (polygon, n, m))
        inside += (ts[i] - ts[i - 1]) * len;
    }
  return inside;
}

double
mu_path_length_inside (const MuPoint *path,
                       guint          n_path,
                       const MuPoint *polygon,
                       guint          n_polygon)
{
  double len = 0;

  if (path == NULL || polygon == NULL || n_polygon < 3)
    return 0;
  for (guint i = 1; i < n_path; i++)
    len += segment_length_inside (path[i - 1], path[i], polygon, n_polygon);
  return len;
}

guint
mu_path_crossings (const MuPoint *path,
                   guint          n_path,
                   const MuPoint *line,
                   guint          n_line,
                   double        *first_at)
{
  guint count = 0;
  double along = 0, first = G_MAXDOUBLE;
  MuPoint last = { G_MAXDOUBLE, G_MAXDOUBLE };

  for (guint i = 1; i < n_path; i++)
    {
      MuPoint a = path[i - 1], b = path[i];
      double seg = hypot (b.x - a.x, b.y - a.y);

      for (guint k = 1; k < n_line; k++)
        {
          double t;
          MuPoint at;

          if (!mu_segment_intersect (a, b, line[k - 1], line[k], &t))
            continue;
          /* A crossing exactly at a vertex of either polyline is seen by two
           * segments; count it once. */
          at = (MuPoint) { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
          if (fabs (at.x - last.x) < 1e-9 && fabs (at.y - last.y) < 1e-9)
            continue;
          last = at;
          count++;
          first = MIN (first, along + t * seg);
        }
      along += seg;
    }
  if (first_at)
    *first_at = first;
  return count;
}

MuPoint
mu_polyline_point_at (const MuPoint *points,
                      guint          n_points,
                      double         along)
{
  MuPoint none = { 0, 0 };

  g_return_val_if_fail (points != NULL && n_points > 0, none);

  for (guint i = 1; i < n_points; i++)
    {
      double seg = hypot (points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);

      if (along <= seg)
        {
          double t = seg > 0 ? along / seg : 0;
          return (MuPoint) { points[i - 1].x + t * (points[i].x - points[i - 1].x),
                             points[i - 1].y + t * (points[i].y - points[i - 1].y) };
        }
      along -= seg;
    }
  return points[n_points - 1];
}

/* Where a + t (b - a) lies within `lo` to `hi` (infinite ends allowed) of a
 * linear function p0 + t p1: joined into [*tl, *th]. */
static void
linear_interval (double p0, double p1, double lo, double hi, double *tl, double *th)
{
  if (p1 == 0)
    {
      if (p0 < lo || p0 > hi)
        *tl = 1, *th = 0;
      return;
    }
  {
    double x = (lo - p0) / p1, y = (hi - p0) / p1;

    *tl = MAX (*tl, MIN (x, y));
    *th = MIN (*th, MAX (x, y));
  }
}

/* The t where a + t v lies within R of point p, joined into [*lo, *hi]. */
static void
disc_interval (MuPoint a, double vx, double vy, MuPoint p, double R, double *lo, double *hi)
{
  double wx = a.x - p.x, wy = a.y - p.y;
  double A = vx * vx + vy * vy, B = 2 * (vx * wx + vy * wy), C = wx * wx + wy * wy - R * R, disc;

  if (A == 0)
    {
      if (C <= 0)
        *lo = -G_MAXDOUBLE, *hi = G_MAXDOUBLE;
      return;
    }
  disc = B * B - 4 * A * C;
  if (disc < 0)
    return;
  disc = sqrt (disc);
  *lo = MIN (*lo, (-B - disc) / (2 * A));
  *hi = MAX (*hi, (-B + disc) / (2 * A));
}

/* The interval of t in [0, 1] where a + t (b - a) lies within r of segment
 * c-d (TAB-4: within r + MU_TABLE_EPSILON): the segment's corridor is a
 * capsule, the union of the band along c-d and the discs about its ends;
 * each meets the line in one interval, solved exactly, and the capsule
 * being convex their union is one interval too. */
gboolean
mu_segment_corridor_interval (MuPoint a, MuPoint b, MuPoint c, MuPoint d, double r, double *lo, double *hi)
{
  double R = r + MU_TABLE_EPSILON, vx = b.x - a.x, vy = b.y - a.y;
  double ex = d.x - c.x, ey = d.y - c.y, len = hypot (ex, ey);
  double l = G_MAXDOUBLE, h = -G_MAXDOUBLE;

  if (MAX (a.x, b.x) + r < MIN (c.x, d.x) || MIN (a.x, b.x) - r > MAX (c.x, d.x) ||
      MAX (a.y, b.y) + r < MIN (c.y, d.y) || MIN (a.y, b.y) - r > MAX (c.y, d.y))
    return FALSE;
  disc_interval (a, vx, vy, c, R, &l, &h);
  disc_interval (a, vx, vy, d, R, &l, &h);
  if (len > 0)
    {
      double ux = ex / len, uy = ey / len, wx = a.x - c.x, wy = a.y - c.y;
      double bl = -G_MAXDOUBLE, bh = G_MAXDOUBLE;

      /* along c-d between its ends, and across it within R */
      linear_interval (wx * ux + wy * uy, vx * ux + vy * uy, 0, len, &bl, &bh);
      linear_interval (ux * wy - uy * wx, ux * vy - uy * vx, -R, R, &bl, &bh);
      if (bl <= bh)
        l = MIN (l, bl), h = MAX (h, bh);
    }
  l = MAX (l, 0.0);
  h = MIN (h, 1.0);
  if (l > h)
    return FALSE;
  *lo = l;
  *hi = h;
  return TRUE;
}

gboolean
mu_segment_within_corridor (MuPoint        a,
                            MuPoint        b,
                            const MuPoint *line,
                            guint          n_line,
                            double         half_width)
{
  g_autofree double *iv = NULL;
  guint n = 0;
  double reach = 0;

  if (line == NULL || n_line == 0)
    return FALSE;
  if (n_line == 1)
    return mu_table_within (hypot (a.x - line[0].x, a.y - line[0].y), half_width) &&
           mu_table_within (hypot (b.x - line[0].x, b.y - line[0].y), half_width);
  iv = g_new (double, 2 * n_line);
  for (guint i = 1; i < n_line; i++)
    if (mu_segment_corridor_interval (a, b, line[i - 1], line[i], half_width, &iv[2 * n], &iv[2 * n + 1]))
      n++;
  qsort (iv, n, 2 * sizeof (double), mu_compare_doubles);
  for (guint i = 0; i < n; i++)
    {
      if (iv[2 * i] > reach + 1e-9)
        return FALSE;
      reach = MAX (reach, iv[2 * i + 1]);
    }
  return reach >= 1 - 1e-9;
}

/* Convex polygons ------------------------------------------------------------------ */

static gboolean
separated_on_axes (const MuPoint *a, guint n_a, const MuPoint *b, guint n_b, double slack)
{
  for (guint i = 0, j = n_a - 1; i < n_a; j = i++)
    {
      double nx = -(a[i].y - a[j].y), ny = a[i].x - a[j].x, len = hypot (nx, ny);
      double min_a = G_MAXDOUBLE, max_a = -G_MAXDOUBLE, min_b = G_MAXDOUBLE, max_b = -G_MAXDOUBLE;

      if (len <= 0)
        continue;
      nx /= len, ny /= len;
      for (guint k = 0; k < n_a; k++)
        {
          double v = a[k].x * nx + a[k].y * ny;
          min_a = MIN (min_a, v), max_a = MAX (max_a, v);
        }
      for (guint k = 0; k < n_b; k++)
        {
          double v = b[k].x * nx + b[k].y * ny;
          min_b = MIN (min_b, v), max_b = MAX (max_b, v);
        }
      if (max_a <= min_b + slack || max_b <= min_a + slack)
        return TRUE;
    }
  return FALSE;
}

gboolean
mu_convex_overlap (const MuPoint *a,
                   guint          n_a,
                   const MuPoint *b,
                   guint          n_b,
                   double         slack)
{
  g_return_val_if_fail (a != NULL && b != NULL && n_a > 0 && n_b > 0, FALSE);

  return !separated_on_axes (a, n_a, b, n_b, slack) && !separated_on_axes (b, n_b, a, n_a, slack);
}

double
mu_convex_distance (const MuPoint *a,
                    guint          n_a,
                    const MuPoint *b,
                    guint          n_b)
{
  double best = G_MAXDOUBLE, best2 = G_MAXDOUBLE;
  double d2[2 * 16 * 16];
  guint n = 0;

  g_return_val_if_fail (a != NULL && b != NULL && n_a > 0 && n_b > 0, G_MAXDOUBLE);

  if (mu_convex_overlap (a, n_a, b, n_b, 0))
    return 0;
  /* Apart, the nearest points are a vertex of one and an edge of the other:
   * the same distances as every pair of edges gives, found by their squares
   * first; the few nearest are then measured as before, so the answer is
   * the same to the bit. Near contact, where two edges may meet (a distance
   * of exactly 0), every pair of edges is tried as before. */
  if (n_a <= 16 && n_b <= 16)
    {
      for (int side = 0; side < 2; side++)
        {
          const MuPoint *p = side ? b : a, *q = side ? a : b;
          guint n_p = side ? n_b : n_a, n_q = side ? n_a : n_b;

          for (guint j = 0, i = n_q - 1; j < n_q; i = j++)
            {
              double vx = q[j].x - q[i].x, vy = q[j].y - q[i].y, len2 = vx * vx + vy * vy;

              for (guint k = 0; k < n_p; k++)
                {
                  double t = len2 > 0 ? ((p[k].x - q[i].x) * vx + (p[k].y - q[i].y) * vy) / len2 : 0;
                  double dx, dy;

                  t = CLAMP (t, 0.0, 1.0);
                  dx = p[k].x - (q[i].x + t * vx);
                  dy = p[k].y - (q[i].y + t * vy);
                  d2[n++] = dx * dx + dy * dy;
                  best2 = MIN (best2, d2[n - 1]);
                }
            }
        }
      if (best2 > 1e-12)
        {
          n = 0;
          for (int side = 0; side < 2; side++)
            {
              const MuPoint *p = side ? b : a, *q = side ? a : b;
              guint n_p = side ? n_b : n_a, n_q = side ? n_a : n_b;

              for (guint j = 0, i = n_q - 1; j < n_q; i = j++)
                for (guint k = 0; k < n_p; k++)
                  if (d2[n++] <= best2 * (1 + 1e-9))
                    best = MIN (best, mu_segment_point_distance (q[i], q[j], p[k]));
            }
          return best;
        }
    }
  for (guint i = 0, j = n_a - 1; i < n_a; j = i++)
    for (guint k = 0, l = n_b - 1; k < n_b; l = k++)
      best = MIN (best, mu_segment_distance (a[j], a[i], b[l], b[k]));
  return best;
}

gboolean
mu_convex_meets_segment (const MuPoint *poly,
                         guint          n,
                         MuPoint        p,
                         MuPoint        q)
{
  MuPoint seg[2] = { p, q };

  g_return_val_if_fail (poly != NULL && n >= 3, FALSE);

  return mu_convex_overlap (poly, n, seg, 2, 0) || mu_polygon_contains (poly, n, p);
}

static int
cmp_point (gconstpointer a, gconstpointer b)
{
  const MuPoint *p = a, *q = b;

  return p->x < q->x ? -1 : p->x > q->x ? 1 : p->y < q->y ? -1 : p->y > q->y;
}

guint
mu_convex_hull (const MuPoint *points,
                guint          n_points,
                MuPoint       *out)
{
  MuPoint pts[64];
  guint k = 0;

  g_return_val_if_fail (n_points <= 64, 0);

  if (n_points < 3)
    {
      memcpy (out, points, n_points * sizeof (MuPoint));
      return n_points;
    }
  memcpy (pts, points, n_points * sizeof (MuPoint));
  /* An insertion sort: the moves ask for the hull of eight points at every
   * step of every stand, where qsort's set-up costs more than the sorting.
   * It is stable like glibc's merge sort behind qsort, so the points come
   * out in the same order to the bit. */
  for (guint i = 1; i < n_points; i++)
    {
      MuPoint p = pts[i];
      guint j = i;

      for (; j > 0 && cmp_point (&pts[j - 1], &p) > 0; j--)
        pts[j] = pts[j - 1];
      pts[j] = p;
    }
  /* Andrew's monotone chain; out needs room for n_points + 1. */
  {
    MuPoint hull[130];

    for (guint i = 0; i < n_points; i++)
      {
        while (k >= 2 && cross (hull[k - 2], hull[k - 1], pts[i]) <= 0)
          k--;
        hull[k++] = pts[i];
      }
    for (guint i = n_points - 1, t = k + 1; i > 0; i--)
      {
        while (k >= t && cross (hull[k - 2], hull[k - 1], pts[i - 1]) <= 0)
          k--;
        hull[k++] = pts[i - 1];
      }
    k--;
    memcpy (out, hull, k * sizeof (MuPoint));
  }
  return k;
}

gboolean
mu_polygon_self_crossing (const MuPoint *points,
                          guint          n_points)
{
  if (points == NULL || n_points < 4)
    return FALSE;
  for (guint i = 0; i < n_points; i++)
    for (guint k = i + 2; k < n_points; k++)
      {
        if (i == 0 && k == n_points - 1)
          continue;
        if (mu_segment_intersect (points[i], points[(i + 1) % n_points],
                                  points[k], points[(k + 1) % n_points], NULL))
          return TRUE;
      }
  return FALSE;
}

gboolean
mu_polygons_overlap (const MuPoint *a,
                     guint          n_a,
                     const MuPoint *b,
                     guint          n_b)
{
  if (a == NULL || b == NULL || n_a < 3 || n_b < 3)
    return FALSE;
  for (guint i = 0, j = n_a - 1; i < n_a; j = i++)
    for (guint k = 0, l = n_b - 1; k < n_b; l = k++)
      {
        int d1 = sign_eps (cross (b[l], b[k], a[j])), d2 = sign_eps (cross (b[l], b[k], a[i]));
        int d3 = sign_eps (cross (a[j], a[i], b[l])), d4 = sign_eps (cross (a[j], a[i], b[k]));

        if (d1 * d2 < 0 && d3 * d4 < 0)
          return TRUE;
      }
  /* No crossing edges: one inside the other, or apart. Test the middle of an
   * edge so a shared vertex does not count. */
  {
    MuPoint ma = { (a[0].x + a[1].x) / 2, (a[0].y + a[1].y) / 2 };
    MuPoint mb = { (b[0].x + b[1].x) / 2, (b[0].y + b[1].y) / 2 };

    return (mu_polygon_contains (b, n_b, ma) && mu_polyline_distance (b, n_b, ma) > 1e-9) ||
           (mu_polygon_contains (a, n_a, mb) && mu_polyline_distance (a, n_a, mb) > 1e-9);
  }
}

double
mu_polygon_area (const MuPoint *points,
                 guint          n_points)
{
  double a = 0;

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    a += points[j].x * points[i].y - points[i].x * points[j].y;
  return fabs (a) / 2;
}

GArray *
mu_polygon_clip_convex (const MuPoint *points,
                        guint          n_points,
                        const MuPoint *clip,
                        guint          n_clip)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) in = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  double turn = 0;

  g_return_val_if_fail (points != NULL || n_points == 0, out);
  g_return_val_if_fail (clip != NULL && n_clip >= 3, out);
  /* which side of each clip edge is inside: the side its turns go */
  for (guint i = 0, j = n_clip - 1; i < n_clip; j = i++)
    turn += clip[j].x * clip[i].y - clip[i].x * clip[j].y;
  g_array_append_vals (out, points, n_points);
  for (guint e = 0; e < n_clip && out->len > 0; e++)
    {
      MuPoint a = clip[e], b = clip[(e + 1) % n_clip];

      g_array_set_size (in, 0);
      g_array_append_vals (in, out->data, out->len);
      g_array_set_size (out, 0);
      for (guint i = 0; i < in->len; i++)
        {
          MuPoint p = g_array_index (in, MuPoint, (i + in->len - 1) % in->len);
          MuPoint q = g_array_index (in, MuPoint, i);
          double sp = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) * (turn < 0 ? -1 : 1);
          double sq = ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) * (turn < 0 ? -1 : 1);

          if ((sp >= 0) != (sq >= 0))
            {
              double t = sp / (sp - sq);
              MuPoint x = { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t };

              g_array_append_val (out, x);
            }
          if (sq >= 0)
            g_array_append_val (out, q);
        }
    }
  if (out->len < 3)
    g_array_set_size (out, 0);
  return out;
}

int
mu_table_area_at (const MuTableMap *table,
                  MuPoint           p)
{
  g_return_val_if_fail (table != NULL, -1);

  for (guint i = table->areas->len; i > 0; i--)
    {
      const MuArea *a = g_ptr_array_index (table->areas, i - 1);

      if (mu_polygon_contains ((const MuPoint *) a->points->data, a->points->len, p))
        return (int) i - 1;
    }
  return -1;
}

int
mu_table_line_at (const MuTableMap *table,
                  MuPoint           p,
                  double            tolerance)
{
  int best = -1;
  double best_d = tolerance;

  g_return_val_if_fail (table != NULL, -1);

  for (guint i = 0; i < table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (table->lines, i);
      double d = mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len, p);

      if (d <= best_d)
        {
          best_d = d;
          best = (int) i;
        }
    }
  return best;
}
