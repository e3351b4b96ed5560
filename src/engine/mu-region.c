/* mu-region.c: regions of a table (see the header) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-region.h"

#include <math.h>

#include "mu-table-geom.h"

typedef struct {
  GArray *outer;         /* of MuPoint */
  GPtrArray *holes;      /* of GArray of MuPoint */
} Polygon;

struct _MuRegion {
  GArray *polygons;      /* of Polygon */
};

static void
polygon_clear (gpointer data)
{
  Polygon *p = data;

  g_array_unref (p->outer);
  g_ptr_array_unref (p->holes);
}

MuRegion *
mu_region_new (void)
{
  MuRegion *r = g_new0 (MuRegion, 1);

  r->polygons = g_array_new (FALSE, FALSE, sizeof (Polygon));
  g_array_set_clear_func (r->polygons, polygon_clear);
  return r;
}

void
mu_region_free (MuRegion *region)
{
  if (region == NULL)
    return;
  g_array_unref (region->polygons);
  g_free (region);
}

static GArray *
ring_new (const MuPoint *points, guint n)
{
  GArray *ring = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), n);

  g_array_append_vals (ring, points, n);
  return ring;
}

guint
mu_region_add_polygon (MuRegion      *region,
                       const MuPoint *points,
                       guint          n_points)
{
  Polygon p;

  g_return_val_if_fail (region != NULL && points != NULL && n_points >= 3, 0);
  p.outer = ring_new (points, n_points);
  p.holes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_array_append_val (region->polygons, p);
  return region->polygons->len - 1;
}

void
mu_region_add_hole (MuRegion      *region,
                    guint          polygon,
                    const MuPoint *points,
                    guint          n_points)
{
  g_return_if_fail (region != NULL && polygon < region->polygons->len);
  g_return_if_fail (points != NULL && n_points >= 3);
  g_ptr_array_add (g_array_index (region->polygons, Polygon, polygon).holes, ring_new (points, n_points));
}

guint
mu_region_add_disc (MuRegion *region,
                    MuPoint   centre,
                    double    radius,
                    guint     n_sides)
{
  g_autofree MuPoint *pts = NULL;

  g_return_val_if_fail (region != NULL && radius > 0 && n_sides >= 8, 0);
  pts = g_new (MuPoint, n_sides);
  for (guint i = 0; i < n_sides; i++)
    {
      double a = 2 * G_PI * i / n_sides;

      pts[i].x = centre.x + radius * sin (a);
      pts[i].y = centre.y - radius * cos (a);
    }
  return mu_region_add_polygon (region, pts, n_sides);
}

gboolean
mu_region_is_empty (const MuRegion *region)
{
  g_return_val_if_fail (region != NULL, TRUE);
  return region->polygons->len == 0;
}

static gboolean
ring_contains (const GArray *ring, MuPoint p)
{
  return mu_polygon_contains ((const MuPoint *) ring->data, ring->len, p);
}

gboolean
mu_region_contains (const MuRegion *region,
                    MuPoint         p)
{
  g_return_val_if_fail (region != NULL, FALSE);
  for (guint i = 0; i < region->polygons->len; i++)
    {
      const Polygon *poly = &g_array_index (region->polygons, Polygon, i);
      gboolean in_hole = FALSE;

      if (!ring_contains (poly->outer, p))
        continue;
      for (guint h = 0; h < poly->holes->len && !in_hole; h++)
        in_hole = ring_contains (g_ptr_array_index (poly->holes, h), p);
      if (!in_hole)
        return TRUE;
    }
  return FALSE;
}

double
mu_region_area (const MuRegion *region)
{
  double area = 0;

  g_return_val_if_fail (region != NULL, 0);
  for (guint i = 0; i < region->polygons->len; i++)
    {
      const Polygon *poly = &g_array_index (region->polygons, Polygon, i);

      area += mu_polygon_area ((const MuPoint *) poly->outer->data, poly->outer->len);
      for (guint h = 0; h < poly->holes->len; h++)
        {
          const GArray *ring = g_ptr_array_index (poly->holes, h);

          area -= mu_polygon_area ((const MuPoint *) ring->data, ring->len);
        }
    }
  return MAX (area, 0);
}

gboolean
mu_region_get_bounds (const MuRegion *region,
                      MuPoint        *min,
                      MuPoint        *max)
{
  MuPoint lo = { G_MAXDOUBLE, G_MAXDOUBLE }, hi = { -G_MAXDOUBLE, -G_MAXDOUBLE };

  g_return_val_if_fail (region != NULL, FALSE);
  for (guint i = 0; i < region->polygons->len; i++)
    {
      const GArray *ring = g_array_index (region->polygons, Polygon, i).outer;

      for (guint k = 0; k < ring->len; k++)
        {
          MuPoint p = g_array_index (ring, MuPoint, k);

          lo.x = MIN (lo.x, p.x);
          lo.y = MIN (lo.y, p.y);
          hi.x = MAX (hi.x, p.x);
          hi.y = MAX (hi.y, p.y);
        }
    }
  if (min)
    *min = lo;
  if (max)
    *max = hi;
  return region->polygons->len > 0;
}

guint
mu_region_n_polygons (const MuRegion *region)
{
  g_return_val_if_fail (region != NULL, 0);
  return region->polygons->len;
}

const GArray *
mu_region_get_outer (const MuRegion *region,
                     guint           i)
{
  g_return_val_if_fail (region != NULL && i < region->polygons->len, NULL);
  return g_array_index (region->polygons, Polygon, i).outer;
}

guint
mu_region_n_holes (const MuRegion *region,
                   guint           i)
{
  g_return_val_if_fail (region != NULL && i < region->polygons->len, 0);
  return g_array_index (region->polygons, Polygon, i).holes->len;
}

const GArray *
mu_region_get_hole (const MuRegion *region,
                    guint           i,
                    guint           h)
{
  g_return_val_if_fail (region != NULL && i < region->polygons->len, NULL);
  g_return_val_if_fail (h < g_array_index (region->polygons, Polygon, i).holes->len, NULL);
  return g_ptr_array_index (g_array_index (region->polygons, Polygon, i).holes, h);
}
