#define G_LOG_DOMAIN "test-table-geom"

#include "config.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-geom/polygon-contains", test_polygon_contains);
  g_test_add_func ("/engine/table-geom/polyline-distance", test_polyline_distance);
  g_test_add_func ("/engine/table-geom/centre", test_centre);
  g_test_add_func ("/engine/table-geom/table-pick", test_table_pick);
  return g_test_run ();
}
