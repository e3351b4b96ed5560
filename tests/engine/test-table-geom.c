#define G_LOG_DOMAIN "test-table-geom"

#include "config.h"

#include <math.h>

#include "mu-table-geom.h"

/* A concave "L": the notch at (3..6, 0..3) is outside. */
static const MuPoint ell[] = { { 0, 0 }, { 3, 0 }, { 3, 3 }, { 6, 3 }, { 6, 6 }, { 0, 6 } };

static void
test_polygon_contains (void)
{
  g_assert_true (mu_polygon_contains (ell, G_N_ELEMENTS (ell), (MuPoint) { 1, 1 }));
  g_assert_true (mu_polygon_contains (ell, G_N_ELEMENTS (ell), (MuPoint) { 5, 5 }));
  g_assert_false (mu_polygon_contains (ell, G_N_ELEMENTS (ell), (MuPoint) { 5, 1 }));
  g_assert_false (mu_polygon_contains (ell, G_N_ELEMENTS (ell), (MuPoint) { -1, 3 }));
  g_assert_false (mu_polygon_contains (ell, G_N_ELEMENTS (ell), (MuPoint) { 7, 5 }));
  /* order of the vertices does not matter */
  {
    MuPoint rev[G_N_ELEMENTS (ell)];

    for (guint i = 0; i < G_N_ELEMENTS (ell); i++)
      rev[i] = ell[G_N_ELEMENTS (ell) - 1 - i];
    g_assert_true (mu_polygon_contains (rev, G_N_ELEMENTS (rev), (MuPoint) { 1, 5 }));
    g_assert_false (mu_polygon_contains (rev, G_N_ELEMENTS (rev), (MuPoint) { 4, 2 }));
  }
  /* degenerate polygons contain nothing */
  g_assert_false (mu_polygon_contains (ell, 2, (MuPoint) { 1, 0 }));
  g_assert_false (mu_polygon_contains (NULL, 0, (MuPoint) { 0, 0 }));
}

static void
test_polyline_distance (void)
{
  static const MuPoint line[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };

  g_assert_cmpfloat_with_epsilon (mu_polyline_distance (line, 3, (MuPoint) { 5, 2 }), 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (mu_polyline_distance (line, 3, (MuPoint) { 12, 5 }), 2, 1e-9);
  /* beyond an end: the distance to the end point */
  g_assert_cmpfloat_with_epsilon (mu_polyline_distance (line, 3, (MuPoint) { -3, 4 }), 5, 1e-9);
  g_assert_cmpfloat_with_epsilon (mu_polyline_distance (line, 1, (MuPoint) { 3, 4 }), 5, 1e-9);
  g_assert_cmpfloat (mu_polyline_distance (NULL, 0, (MuPoint) { 0, 0 }), ==, G_MAXDOUBLE);
  /* a zero-length segment */
  {
    static const MuPoint dot[] = { { 1, 1 }, { 1, 1 } };

    g_assert_cmpfloat_with_epsilon (mu_polyline_distance (dot, 2, (MuPoint) { 4, 5 }), 5, 1e-9);
  }
}

static void
test_centre (void)
{
  MuPoint c = mu_points_centre ((const MuPoint[]) { { 0, 0 }, { 4, 0 }, { 4, 2 }, { 0, 2 } }, 4);

  g_assert_cmpfloat_with_epsilon (c.x, 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.y, 1, 1e-9);
}

static void
test_table_pick (void)
{
  MuTableMap *t = mu_table_map_new (48, 36, MU_UNIT_INCH, "15mm");
  MuArea *big = mu_area_new (MU_AREA_FIELD);
  MuArea *small = mu_area_new (MU_AREA_HILL);
  MuPolyline *road = mu_polyline_new (MU_LINE_ROAD);
  MuPolyline *wall = mu_polyline_new (MU_LINE_WALL);

  g_array_append_vals (big->points, (MuPoint[]) { { 0, 0 }, { 20, 0 }, { 20, 20 }, { 0, 20 } }, 4);
  g_array_append_vals (small->points, (MuPoint[]) { { 5, 5 }, { 10, 5 }, { 10, 10 } }, 3);
  g_ptr_array_add (t->areas, big);
  g_ptr_array_add (t->areas, small);
  g_array_append_vals (road->points, (MuPoint[]) { { 0, 30 }, { 40, 30 } }, 2);
  g_array_append_vals (wall->points, (MuPoint[]) { { 0, 31 }, { 40, 31 } }, 2);
  g_ptr_array_add (t->lines, road);
  g_ptr_array_add (t->lines, wall);

  /* the later area is drawn over the earlier one */
  g_assert_cmpint (mu_table_area_at (t, (MuPoint) { 9, 6 }), ==, 1);
  g_assert_cmpint (mu_table_area_at (t, (MuPoint) { 6, 9 }), ==, 0);
  g_assert_cmpint (mu_table_area_at (t, (MuPoint) { 30, 9 }), ==, -1);
  /* the nearest line within the tolerance */
  g_assert_cmpint (mu_table_line_at (t, (MuPoint) { 10, 30.2 }, 1), ==, 0);
  g_assert_cmpint (mu_table_line_at (t, (MuPoint) { 10, 30.7 }, 1), ==, 1);
  g_assert_cmpint (mu_table_line_at (t, (MuPoint) { 10, 33 }, 1), ==, -1);
  mu_table_map_free (t);
}

static void
test_segments (void)
{
  double t = -1;

  g_assert_true (mu_segment_intersect ((MuPoint) { 0, 0 }, (MuPoint) { 4, 0 },
                                       (MuPoint) { 1, -1 }, (MuPoint) { 1, 1 }, &t));
  g_assert_cmpfloat_with_epsilon (t, 0.25, 1e-12);
  g_assert_false (mu_segment_intersect ((MuPoint) { 0, 0 }, (MuPoint) { 4, 0 },
                                        (MuPoint) { 5, -1 }, (MuPoint) { 5, 1 }, NULL));
  /* touching at an end, and collinear overlap from its first shared point */
  g_assert_true (mu_segment_intersect ((MuPoint) { 0, 0 }, (MuPoint) { 4, 0 },
                                       (MuPoint) { 4, 0 }, (MuPoint) { 4, 3 }, &t));
  g_assert_cmpfloat_with_epsilon (t, 1, 1e-12);
  g_assert_true (mu_segment_intersect ((MuPoint) { 0, 0 }, (MuPoint) { 4, 0 },
                                       (MuPoint) { 3, 0 }, (MuPoint) { 6, 0 }, &t));
  g_assert_cmpfloat_with_epsilon (t, 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (mu_segment_distance ((MuPoint) { 0, 0 }, (MuPoint) { 4, 0 },
                                                       (MuPoint) { 6, 3 }, (MuPoint) { 6, 9 }),
                                  hypot (2, 3), 1e-12);
  g_assert_cmpfloat_with_epsilon (mu_polyline_length ((const MuPoint[]) { { 0, 0 }, { 3, 4 }, { 3, 10 } }, 3),
                                  11, 1e-12);
  {
    static const MuPoint l[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };
    MuPoint p = mu_polyline_point_at (l, 3, 15);

    g_assert_cmpfloat_with_epsilon (p.x, 10, 1e-12);
    g_assert_cmpfloat_with_epsilon (p.y, 5, 1e-12);
    p = mu_polyline_point_at (l, 3, 99);
    g_assert_cmpfloat_with_epsilon (p.y, 10, 1e-12);
  }
}

/* TAB-13: difficult terrain costs in proportion to the length of the anchor's
 * path inside it. BAT-EX-5: infantry with 20 cm moves 10 cm in the open and
 * then enters woods at half rate: 10 cm left buy 5 cm inside the woods, so
 * the path to the limit is 15 cm long with 5 cm inside the polygon. */
static void
test_path_inside (void)
{
  static const MuPoint woods[] = { { 10, -5 }, { 40, -5 }, { 40, 5 }, { 10, 5 } };
  static const MuPoint path[] = { { 0, 0 }, { 15, 0 } };
  double inside = mu_path_length_inside (path, 2, woods, 4);
  double outside = mu_polyline_length (path, 2) - inside;

  g_assert_cmpfloat_with_epsilon (inside, 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (outside + 2 * inside, 20, 1e-12);
  /* through a concave polygon: in, out across the notch, in again */
  {
    static const MuPoint u[] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 6, 9 }, { 6, 3 }, { 3, 3 }, { 3, 9 }, { 0, 9 } };
    static const MuPoint across[] = { { -1, 6 }, { 10, 6 } };
    static const MuPoint bent[] = { { -1, 1 }, { 4.5, 1 }, { 4.5, 6 } };

    g_assert_cmpfloat_with_epsilon (mu_path_length_inside (across, 2, u, 8), 6, 1e-12);
    g_assert_cmpfloat_with_epsilon (mu_path_length_inside (bent, 3, u, 8), 4.5 + 2, 1e-12);
  }
  /* a path along an edge and a degenerate polygon */
  g_assert_cmpfloat (mu_path_length_inside (path, 2, woods, 2), ==, 0);
}

/* MN-EX-18: a move that crosses a fence is halved, rounded up; the engine
 * tells whether and where the path crosses the fence. */
static void
test_crossings (void)
{
  static const MuPoint fence[] = { { 0, 3 }, { 10, 3 }, { 10, 10 } };
  static const MuPoint straight[] = { { 5, 0 }, { 5, 5 } };
  static const MuPoint along[] = { { 1, 0 }, { 9, 0 } };
  static const MuPoint twice[] = { { 5, 0 }, { 5, 5 }, { 12, 5 } };
  static const MuPoint at_vertex[] = { { 8, 1 }, { 12, 5 } };
  double first;

  g_assert_cmpuint (mu_path_crossings (straight, 2, fence, 3, &first), ==, 1);
  g_assert_cmpfloat_with_epsilon (first, 3, 1e-12);
  g_assert_cmpuint (mu_path_crossings (along, 2, fence, 3, &first), ==, 0);
  g_assert_cmpfloat (first, ==, G_MAXDOUBLE);
  g_assert_cmpuint (mu_path_crossings (twice, 3, fence, 3, NULL), ==, 2);
  /* through the fence's corner: one crossing, not two */
  g_assert_cmpuint (mu_path_crossings (at_vertex, 2, fence, 3, NULL), ==, 1);
}

/* BAT-EX-5: a whole move on a road; the road corridor is the road's width. */
static void
test_corridor (void)
{
  static const MuPoint road[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };

  g_assert_true (mu_segment_within_corridor ((MuPoint) { 1, 0.2 }, (MuPoint) { 9, -0.2 }, road, 3, 0.25));
  g_assert_false (mu_segment_within_corridor ((MuPoint) { 1, 0.2 }, (MuPoint) { 9, 1 }, road, 3, 0.25));
  /* cutting the corner leaves the road */
  g_assert_false (mu_segment_within_corridor ((MuPoint) { 8, 0 }, (MuPoint) { 10, 2 }, road, 3, 0.25));
  /* round the corner, segment by segment */
  g_assert_true (mu_segment_within_corridor ((MuPoint) { 8, 0 }, (MuPoint) { 10, 0 }, road, 3, 0.25));
  g_assert_true (mu_segment_within_corridor ((MuPoint) { 10, 0 }, (MuPoint) { 10, 9 }, road, 3, 0.25));
}

static double
lcg (guint32 *s)
{
  *s = *s * 1664525u + 1013904223u;
  return (*s >> 8) / 16777216.0;
}

/* The corridor's interval is solved exactly: its ends are where the
 * distance to the segment crosses r + TAB-4's slack, as the ternary search
 * and bisections it replaced found them, on random segments, points and
 * segments running along the corridor included. */
static void
test_corridor_interval (void)
{
  guint32 seed = 23;
  guint met = 0;

  for (int i = 0; i < 4000; i++)
    {
      MuPoint a = { lcg (&seed) * 10, lcg (&seed) * 10 }, b = { lcg (&seed) * 10, lcg (&seed) * 10 };
      MuPoint c = { lcg (&seed) * 10, lcg (&seed) * 10 }, d = { lcg (&seed) * 10, lcg (&seed) * 10 };
      double r = lcg (&seed) * 2, lo = -1, hi = -1;
      gboolean any = FALSE;

      if (i % 7 == 0)
        b = a;                              /* a point */
      if (i % 11 == 0)
        d = c;                              /* a disc */
      if (i % 13 == 0)
        c = (MuPoint) { a.x + 0.1, a.y }, d = (MuPoint) { b.x + 0.1, b.y };   /* alongside */
      /* sampled: every point of the segment within r + slack lies inside
       * [lo, hi] and every point inside it is within, to 1e-9 */
      for (int k = 0; k <= 400; k++)
        {
          double t = k / 400.0;
          MuPoint p = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };

          if (mu_table_within (mu_segment_point_distance (c, d, p), r))
            any = TRUE;
        }
      if (!mu_segment_corridor_interval (a, b, c, d, r, &lo, &hi))
        {
          g_assert_false (any);
          continue;
        }
      met++;
      g_assert_cmpfloat (0, <=, lo);
      g_assert_cmpfloat (lo, <=, hi);
      g_assert_cmpfloat (hi, <=, 1);
      for (int k = 0; k <= 400; k++)
        {
          double t = lo + (hi - lo) * k / 400.0;
          MuPoint p = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };

          g_assert_cmpfloat (mu_segment_point_distance (c, d, p), <=, r + MU_TABLE_EPSILON + 1e-9);
        }
      /* just outside each end (unless at 0 or 1) it is beyond */
      if (lo > 1e-6)
        {
          double t = lo - 1e-6;
          MuPoint p = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };

          g_assert_cmpfloat (mu_segment_point_distance (c, d, p), >, r + MU_TABLE_EPSILON - 1e-9);
        }
      if (hi < 1 - 1e-6)
        {
          double t = hi + 1e-6;
          MuPoint p = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };

          g_assert_cmpfloat (mu_segment_point_distance (c, d, p), >, r + MU_TABLE_EPSILON - 1e-9);
        }
    }
  g_assert_cmpuint (met, >, 500);
}

/* The distance between two convex polygons, found from the squares of the
 * vertex-to-edge distances, is the same to the bit as the minimum over
 * every pair of edges (and 0 where they overlap or touch). */
static void
test_convex_distance (void)
{
  guint32 seed = 33;

  for (int i = 0; i < 3000; i++)
    {
      MuPoint a[4], b[4];
      double ca = lcg (&seed) * 6.28, cb = lcg (&seed) * 6.28;
      MuPoint oa = { lcg (&seed) * 20, lcg (&seed) * 20 }, ob = { lcg (&seed) * 20, lcg (&seed) * 20 };
      double wa = 0.5 + lcg (&seed) * 4, da = 0.5 + lcg (&seed) * 2;
      double wb = 0.5 + lcg (&seed) * 4, db = 0.5 + lcg (&seed) * 2;
      double want = G_MAXDOUBLE, got;
      static const double sx[] = { -1, 1, 1, -1 }, sy[] = { -1, -1, 1, 1 };

      if (i % 5 == 0)
        ob = (MuPoint) { oa.x + (wa + wb) / 2, oa.y }, cb = ca = 0;   /* side by side: touching */
      for (int k = 0; k < 4; k++)
        {
          double x = sx[k] * wa / 2, y = sy[k] * da / 2;

          a[k] = (MuPoint) { oa.x + x * cos (ca) - y * sin (ca), oa.y + x * sin (ca) + y * cos (ca) };
          x = sx[k] * wb / 2, y = sy[k] * db / 2;
          b[k] = (MuPoint) { ob.x + x * cos (cb) - y * sin (cb), ob.y + x * sin (cb) + y * cos (cb) };
        }
      got = mu_convex_distance (a, 4, b, 4);
      if (mu_convex_overlap (a, 4, b, 4, 0))
        want = 0;
      else
        for (guint p = 0, q = 3; p < 4; q = p++)
          for (guint k = 0, l = 3; k < 4; l = k++)
            want = MIN (want, mu_segment_distance (a[q], a[p], b[l], b[k]));
      g_assert_cmpfloat (got, ==, want);
    }
}

static void
test_convex (void)
{
  static const MuPoint sq[] = { { 0, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } };
  static const MuPoint far[] = { { 5, 0 }, { 7, 0 }, { 7, 2 }, { 5, 2 } };
  static const MuPoint touch[] = { { 2, 0 }, { 4, 0 }, { 4, 2 }, { 2, 2 } };
  MuPoint pts[] = { { 0, 0 }, { 1, 1 }, { 2, 0 }, { 2, 2 }, { 0, 2 }, { 1, 0.5 } };
  MuPoint hull[8];

  g_assert_cmpfloat_with_epsilon (mu_convex_distance (sq, 4, far, 4), 3, 1e-12);
  g_assert_false (mu_convex_overlap (sq, 4, touch, 4, 1e-9));
  g_assert_true (mu_convex_overlap (sq, 4, touch, 4, -1e-9));
  g_assert_true (mu_convex_meets_segment (sq, 4, (MuPoint) { -1, 1 }, (MuPoint) { 3, 1 }));
  g_assert_true (mu_convex_meets_segment (sq, 4, (MuPoint) { 1, 1 }, (MuPoint) { 1.5, 1 }));
  g_assert_false (mu_convex_meets_segment (sq, 4, (MuPoint) { -1, 3 }, (MuPoint) { 3, 3 }));
  g_assert_cmpuint (mu_convex_hull (pts, G_N_ELEMENTS (pts), hull), ==, 4);
  g_assert_cmpfloat_with_epsilon (mu_polygon_area (hull, 4), 4, 1e-12);
}

static void
test_self_crossing (void)
{
  static const MuPoint bow[] = { { 0, 0 }, { 4, 4 }, { 4, 0 }, { 0, 4 } };

  g_assert_true (mu_polygon_self_crossing (bow, 4));
  g_assert_false (mu_polygon_self_crossing (ell, G_N_ELEMENTS (ell)));
  g_assert_cmpfloat_with_epsilon (mu_polygon_area (ell, G_N_ELEMENTS (ell)), 27, 1e-12);
}

/* Clipping by a convex polygon: a square's corner in a diamond, a polygon
 * wholly inside or outside, either way round, and a U whose two arms the
 * clip cuts into pieces joined along its border (area still right). */
static void
test_clip_convex (void)
{
  const MuPoint square[] = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } };
  const MuPoint cw[] = { { 0, 0 }, { 0, 4 }, { 4, 4 }, { 4, 0 } };
  const MuPoint small[] = { { 1, 1 }, { 2, 1 }, { 2, 2 } };
  const MuPoint far[] = { { 10, 10 }, { 11, 10 }, { 11, 11 } };
  const MuPoint corner[] = { { 3, 3 }, { 6, 3 }, { 6, 6 }, { 3, 6 } };
  /* a U: two arms 1 wide, 3 tall, joined by a base 1 tall at the bottom (y 3..4) */
  const MuPoint u[] = { { 0, 0 }, { 1, 0 }, { 1, 3 }, { 3, 3 }, { 3, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } };
  const MuPoint top[] = { { -1, -1 }, { 5, -1 }, { 5, 2 }, { -1, 2 } };
  GArray *r;

  r = mu_polygon_clip_convex (corner, 4, square, 4);
  g_assert_cmpfloat_with_epsilon (mu_polygon_area ((MuPoint *) r->data, r->len), 1, 1e-9);
  g_array_unref (r);
  r = mu_polygon_clip_convex (corner, 4, cw, 4);
  g_assert_cmpfloat_with_epsilon (mu_polygon_area ((MuPoint *) r->data, r->len), 1, 1e-9);
  g_array_unref (r);
  r = mu_polygon_clip_convex (small, 3, square, 4);
  g_assert_cmpuint (r->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (mu_polygon_area ((MuPoint *) r->data, r->len), 0.5, 1e-9);
  g_array_unref (r);
  r = mu_polygon_clip_convex (far, 3, square, 4);
  g_assert_cmpuint (r->len, ==, 0);
  g_array_unref (r);
  /* the clip keeps the two arms' tops, y 0..2: 2 + 2 */
  r = mu_polygon_clip_convex (u, G_N_ELEMENTS (u), top, 4);
  g_assert_cmpfloat_with_epsilon (mu_polygon_area ((MuPoint *) r->data, r->len), 4, 1e-9);
  g_assert_true (mu_polygon_contains ((MuPoint *) r->data, r->len, (MuPoint) { 0.5, 1 }));
  g_assert_true (mu_polygon_contains ((MuPoint *) r->data, r->len, (MuPoint) { 3.5, 1 }));
  g_assert_false (mu_polygon_contains ((MuPoint *) r->data, r->len, (MuPoint) { 2, 1 }));
  g_array_unref (r);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-geom/polygon-contains", test_polygon_contains);
  g_test_add_func ("/engine/table-geom/polyline-distance", test_polyline_distance);
  g_test_add_func ("/engine/table-geom/centre", test_centre);
  g_test_add_func ("/engine/table-geom/table-pick", test_table_pick);
  g_test_add_func ("/engine/table-geom/segments", test_segments);
  g_test_add_func ("/engine/table-geom/clip-convex", test_clip_convex);
  g_test_add_func ("/engine/table-geom/corridor-interval", test_corridor_interval);
  g_test_add_func ("/engine/table-geom/convex-distance", test_convex_distance);
  g_test_add_func ("/engine/table-geom/path-inside/TAB-13/BAT-EX-5", test_path_inside);
  g_test_add_func ("/engine/table-geom/crossings", test_crossings);
  g_test_add_func ("/engine/table-geom/corridor", test_corridor);
  g_test_add_func ("/engine/table-geom/convex", test_convex);
  g_test_add_func ("/engine/table-geom/self-crossing", test_self_crossing);
  return g_test_run ();
}
