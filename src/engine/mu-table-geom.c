#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-geom.h"

#include <math.h>

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

static double
segment_distance (MuPoint a,
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
    best = MIN (best, segment_distance (points[i - 1], points[i], p));
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
