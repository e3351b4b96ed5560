#define G_LOG_DOMAIN "test-hex"

#include "config.h"

#include <math.h>

#include "mu-hex.h"

static const MuHexGrid grids[] = {
  { 13, 9, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD },
  { 13, 9, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN },
  { 12, 11, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD },
  { 12, 11, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN },
  { 1, 7, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD },
  { 8, 1, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN },
};

static void
test_axial_round_trip (void)
{
  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    {
      const MuHexGrid *grid = &grids[g];

      /* including a one-hex border, which hexsides and entry hexes use */
      for (int c = 0; c <= grid->cols + 1; c++)
        for (int r = 0; r <= grid->rows + 1; r++)
          {
            MuHex h = { c, r };
            MuHex back = mu_hex_from_axial (grid, mu_hex_to_axial (grid, h));

            g_assert_cmpint (back.col, ==, c);
            g_assert_cmpint (back.row, ==, r);
          }
    }
}

static void
test_neighbours (void)
{
  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    {
      const MuHexGrid *grid = &grids[g];

      for (int c = 1; c <= grid->cols; c++)
        for (int r = 1; r <= grid->rows; r++)
          {
            MuHex h = { c, r };

            for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
              {
                MuHex n = mu_hex_neighbour (grid, h, d);
                MuHex back = mu_hex_neighbour (grid, n, (d + 3) % 6);
                MuHexside s1 = mu_hexside_canonical (grid, h, d);
                MuHexside s2 = mu_hexside_canonical (grid, n, (d + 3) % 6);

                g_assert_true (mu_hex_equal (back, h));
                g_assert_cmpint (mu_hex_distance (grid, h, n), ==, 1);
                g_assert_cmpint (mu_hex_direction_to (grid, h, n), ==, d);
                /* the shared hexside has one canonical name */
                g_assert_true (mu_hex_equal (s1.hex, s2.hex));
                g_assert_cmpint (s1.dir, ==, s2.dir);
                g_assert_cmpint (s1.dir, >=, 0);
                g_assert_cmpint (s1.dir, <=, 2);
                /* neighbour i touches neighbours i-1 and i+1 */
                g_assert_cmpint (mu_hex_distance (grid, n, mu_hex_neighbour (grid, h, (d + 1) % 6)), ==, 1);
              }
            g_assert_cmpint (mu_hex_distance (grid, h, h), ==, 0);
          }
    }
}

/* Printed-map facts a wargamer can check on paper. */
static void
test_known_neighbours (void)
{
  const MuHexGrid flat_even = { 10, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN };
  const MuHexGrid flat_odd = { 10, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD };
  const MuHexGrid pointy_even = { 10, 10, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN };
  MuHex h;

  /* even columns lowered: 0201 is south-east of 0101, 0202 is not adjacent to 0101 */
  h = mu_hex_neighbour (&flat_even, (MuHex) { 1, 1 }, 2);
  g_assert_cmpint (h.col, ==, 2);
  g_assert_cmpint (h.row, ==, 1);
  g_assert_cmpint (mu_hex_distance (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 2, 2 }), ==, 2);
  /* odd columns lowered: 0201 is north-east of 0101 */
  h = mu_hex_neighbour (&flat_odd, (MuHex) { 1, 1 }, 1);
  g_assert_cmpint (h.col, ==, 2);
  g_assert_cmpint (h.row, ==, 1);
  g_assert_cmpint (mu_hex_distance (&flat_odd, (MuHex) { 1, 1 }, (MuHex) { 2, 2 }), ==, 1);
  g_assert_cmpint (mu_hex_distance (&flat_odd, (MuHex) { 1, 2 }, (MuHex) { 2, 1 }), ==, 2);
  /* pointy, even rows pushed right: 0102 is south-east of 0101 */
  h = mu_hex_neighbour (&pointy_even, (MuHex) { 1, 1 }, 3);
  g_assert_cmpint (h.col, ==, 1);
  g_assert_cmpint (h.row, ==, 2);
  /* straight column: 0101 to 0110 is 9 */
  g_assert_cmpint (mu_hex_distance (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 1, 10 }), ==, 9);
  /* across columns a flat-top board climbs half a row per column */
  g_assert_cmpint (mu_hex_distance (&flat_even, (MuHex) { 1, 5 }, (MuHex) { 9, 5 }), ==, 8);
  g_assert_cmpint (mu_hex_distance (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 9, 5 }), ==, 8);
  g_assert_cmpint (mu_hex_distance (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 9, 6 }), ==, 9);
}

static void
test_distance_metric (void)
{
  for (guint g = 0; g < 4; g++)
    {
      const MuHexGrid *grid = &grids[g];
      int n = grid->cols * grid->rows;

      for (int i = 0; i < n; i += 3)
        for (int j = 0; j < n; j += 2)
          for (int k = 0; k < n; k += 17)
            {
              MuHex a = { i % grid->cols + 1, i / grid->cols + 1 };
              MuHex b = { j % grid->cols + 1, j / grid->cols + 1 };
              MuHex c = { k % grid->cols + 1, k / grid->cols + 1 };
              int ab = mu_hex_distance (grid, a, b);

              g_assert_cmpint (ab, ==, mu_hex_distance (grid, b, a));
              g_assert_cmpint (ab, <=, mu_hex_distance (grid, a, c) + mu_hex_distance (grid, c, b));
              g_assert_cmpint (ab == 0, ==, mu_hex_equal (a, b));
            }
    }
}

static void
test_pixels (void)
{
  const double sizes[] = { 1.0, 7.5, 32.0, 101.3 };

  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        const MuHexGrid *grid = &grids[g];
        double size = sizes[s], w, h;

        mu_hex_grid_pixel_size (grid, size, &w, &h);
        for (int c = 1; c <= grid->cols; c++)
          for (int r = 1; r <= grid->rows; r++)
            {
              MuHex hex = { c, r };
              double x, y;

              mu_hex_center (grid, size, hex, &x, &y);
              /* every corner inside the board's box */
              for (int k = 0; k < 6; k++)
                {
                  double cx, cy;
                  mu_hex_corner (grid, size, hex, k, &cx, &cy);
                  g_assert_cmpfloat (cx, >=, -1e-9);
                  g_assert_cmpfloat (cy, >=, -1e-9);
                  g_assert_cmpfloat (cx, <=, w + 1e-9);
                  g_assert_cmpfloat (cy, <=, h + 1e-9);
                }
              /* centre and points near the centre map back to the hex */
              for (int k = 0; k < 12; k++)
                {
                  double a = k * G_PI / 6, rad = size * 0.8;
                  MuHex back = mu_hex_at_pixel (grid, size, x + rad * cos (a) * 0.86, y + rad * sin (a) * 0.86);
                  g_assert_true (mu_hex_equal (back, hex));
                }
              g_assert_true (mu_hex_equal (mu_hex_at_pixel (grid, size, x, y), hex));
              /* neighbours' centres are sqrt(3) * size apart */
              for (int d = 0; d < 6; d++)
                {
                  double nx, ny;
                  int side;
                  MuHex picked;
                  double x1, y1, x2, y2, dist;

                  mu_hex_center (grid, size, mu_hex_neighbour (grid, hex, d), &nx, &ny);
                  g_assert_cmpfloat (fabs (hypot (nx - x, ny - y) - sqrt (3.0) * size), <, 1e-9 * size + 1e-9);
                  /* the midpoint of hexside d lies halfway to the neighbour */
                  mu_hexside_endpoints (grid, size, hex, d, &x1, &y1, &x2, &y2);
                  g_assert_cmpfloat (fabs ((x1 + x2) / 2 - (x + nx) / 2), <, 1e-9 * size + 1e-9);
                  g_assert_cmpfloat (fabs ((y1 + y2) / 2 - (y + ny) / 2), <, 1e-9 * size + 1e-9);
                  /* a point just inside the hex next to that midpoint picks hexside d */
                  side = mu_hex_nearest_side (grid, size, x + (nx - x) * 0.45, y + (ny - y) * 0.45,
                                              &picked, &dist);
                  g_assert_true (mu_hex_equal (picked, hex));
                  g_assert_cmpint (side, ==, d);
                  g_assert_cmpfloat (dist, <, size * 0.1);
                }
            }
      }
}

static void
test_line (void)
{
  for (guint g = 0; g < 4; g++)
    {
      const MuHexGrid *grid = &grids[g];

      for (int i = 0; i < grid->cols * grid->rows; i += 5)
        for (int j = 0; j < grid->cols * grid->rows; j += 3)
          {
            MuHex a = { i % grid->cols + 1, i / grid->cols + 1 };
            MuHex b = { j % grid->cols + 1, j / grid->cols + 1 };
            g_autoptr (GArray) line = mu_hex_line (grid, a, b);
            int n = mu_hex_distance (grid, a, b);

            g_assert_cmpint (line->len, ==, n + 1);
            g_assert_true (mu_hex_equal (g_array_index (line, MuHexLineStep, 0).hex, a));
            g_assert_true (mu_hex_equal (g_array_index (line, MuHexLineStep, n).hex, b));
            g_assert_false (g_array_index (line, MuHexLineStep, 0).along_side);
            g_assert_false (g_array_index (line, MuHexLineStep, n).along_side);
            for (int k = 1; k <= n; k++)
              {
                const MuHexLineStep *prev = &g_array_index (line, MuHexLineStep, k - 1);
                const MuHexLineStep *step = &g_array_index (line, MuHexLineStep, k);

                g_assert_cmpint (mu_hex_distance (grid, a, step->hex), ==, k);
                g_assert_cmpint (mu_hex_distance (grid, prev->hex, step->hex), ==, 1);
                if (step->along_side)
                  {
                    g_assert_cmpint (mu_hex_distance (grid, step->hex, step->alt), ==, 1);
                    g_assert_cmpint (mu_hex_distance (grid, a, step->alt), ==, k);
                    g_assert_cmpint (mu_hex_distance (grid, prev->alt, step->alt), ==, 1);
                  }
              }
          }
    }
}

static void
test_line_along_hexside (void)
{
  const MuHexGrid flat_even = { 10, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN };
  const MuHexGrid pointy_odd = { 10, 10, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD };
  g_autoptr (GArray) line = mu_hex_line (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 2, 2 });
  g_autoptr (GArray) straight = mu_hex_line (&flat_even, (MuHex) { 1, 1 }, (MuHex) { 1, 5 });
  const MuHexLineStep *mid;

  g_assert_cmpint (line->len, ==, 3);
  mid = &g_array_index (line, MuHexLineStep, 1);
  g_assert_true (mid->along_side);
  /* the line runs between 0201 and 0102 */
  g_assert_true ((mu_hex_equal (mid->hex, (MuHex) { 2, 1 }) && mu_hex_equal (mid->alt, (MuHex) { 1, 2 })) ||
                 (mu_hex_equal (mid->hex, (MuHex) { 1, 2 }) && mu_hex_equal (mid->alt, (MuHex) { 2, 1 })));
  for (guint i = 0; i < straight->len; i++)
    g_assert_false (g_array_index (straight, MuHexLineStep, i).along_side);

  {
    /* pointy-top: straight down a "column" zigzags along hexsides */
    g_autoptr (GArray) p = mu_hex_line (&pointy_odd, (MuHex) { 3, 1 }, (MuHex) { 3, 3 });
    g_assert_cmpint (p->len, ==, 3);
    g_assert_true (g_array_index (p, MuHexLineStep, 1).along_side);
  }
}

static void
test_labels (void)
{
  const MuHexGrid small = { 30, 20, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN };
  const MuHexGrid big = { 120, 100, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN };
  g_autofree char *a = mu_hex_to_string (&small, (MuHex) { 4, 12 });
  g_autofree char *b = mu_hex_to_string (&big, (MuHex) { 104, 7 });
  MuHex h;

  g_assert_cmpstr (a, ==, "0412");
  g_assert_cmpstr (b, ==, "104007");
  g_assert_true (mu_hex_parse ("0412", &h));
  g_assert_cmpint (h.col, ==, 4);
  g_assert_cmpint (h.row, ==, 12);
  g_assert_true (mu_hex_parse ("104007", &h));
  g_assert_cmpint (h.col, ==, 104);
  g_assert_cmpint (h.row, ==, 7);
  g_assert_true (mu_hex_parse ("7,9", &h));
  g_assert_cmpint (h.col, ==, 7);
  g_assert_false (mu_hex_parse ("041", &h));
  g_assert_false (mu_hex_parse ("04a2", &h));
  g_assert_false (mu_hex_parse ("", &h));
  g_assert_false (mu_hex_parse ("-1,4", &h));
  g_assert_false (mu_hex_parse ("99999999999,4", &h));
  g_assert_cmpint (mu_hex_direction_from_name (&small, "se"), ==, 2);
  g_assert_cmpstr (mu_hex_direction_name (&small, 0), ==, "n");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/hex/axial-round-trip", test_axial_round_trip);
  g_test_add_func ("/engine/hex/neighbours", test_neighbours);
  g_test_add_func ("/engine/hex/known-neighbours", test_known_neighbours);
  g_test_add_func ("/engine/hex/distance-metric", test_distance_metric);
  g_test_add_func ("/engine/hex/pixels", test_pixels);
  g_test_add_func ("/engine/hex/line", test_line);
  g_test_add_func ("/engine/hex/line-along-hexside", test_line_along_hexside);
  g_test_add_func ("/engine/hex/labels", test_labels);
  return g_test_run ();
}
