/* Picking: widget point -> board point -> hex / hexside / table point, and back. */
#include "config.h"

#include <math.h>

#include "mu-render.h"
#include "mu-scenario.h"
#include "muster-picking.h"

static const double zooms[] = { 0.05, 0.13, 0.5, 1.0, 1.37, 3.0, 8.0 };

typedef struct {
  MuHexOrientation orientation;
  MuHexOffset offset;
} BoardCase;

static const BoardCase board_cases[] = {
  { MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD },
  { MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN },
  { MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD },
  { MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN },
};

static void
test_transform_inverse (void)
{
  MusterViewTransform t = { 2.5, -123.25, 47.5 };
  double bx, by, wx, wy;

  for (double x = -500; x <= 1500; x += 37.3)
    for (double y = -200; y <= 900; y += 41.1)
      {
        muster_view_to_board (&t, x, y, &bx, &by);
        muster_view_to_widget (&t, bx, by, &wx, &wy);
        g_assert_cmpfloat_with_epsilon (wx, x, 1e-9);
        g_assert_cmpfloat_with_epsilon (wy, y, 1e-9);
      }
}

static void
test_zoom_around_keeps_point (void)
{
  MusterViewTransform t;
  double bx0, by0, bx1, by1;

  muster_view_transform_init (&t);
  t.x = 13;
  t.y = -7;
  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      muster_view_to_board (&t, 321.5, 123.25, &bx0, &by0);
      muster_view_zoom_around (&t, zooms[i], 321.5, 123.25);
      g_assert_cmpfloat (t.zoom, ==, zooms[i]);
      muster_view_to_board (&t, 321.5, 123.25, &bx1, &by1);
      g_assert_cmpfloat_with_epsilon (bx1, bx0, 1e-9);
      g_assert_cmpfloat_with_epsilon (by1, by0, 1e-9);
    }
}

static void
test_fit (void)
{
  MusterViewTransform t;
  double wx, wy;

  muster_view_fit (&t, 2000, 1000, 800, 600, 20);
  g_assert_cmpfloat_with_epsilon (t.zoom, 760.0 / 2000, 1e-12);
  /* The board is centred: its corners are symmetric in the widget. */
  muster_view_to_widget (&t, 0, 0, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 20, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, (600 - 1000 * t.zoom) / 2, 1e-9);
  muster_view_to_widget (&t, 2000, 1000, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 780, 1e-9);
}

/* Every hex of a whole board, at every zoom: its centre and points near its
 * six corners, taken to widget pixels and back, pick that hex; the centre
 * comes back to the same widget pixel. */
static void
test_hex_round_trip (gconstpointer data)
{
  const BoardCase *bc = data;
  g_autoptr(MuScenario) scenario = mu_scenario_new_hex ("baa-hex", 23, 17, bc->orientation, bc->offset);
  const MuHexGrid *grid = &scenario->hex_map->grid;
  const double size = 32.0;

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      MusterViewTransform t = { zooms[z], 17.25 - z * 3.5, -41.75 + z * 7 };

      for (int row = 1; row <= grid->rows; row++)
        for (int col = 1; col <= grid->cols; col++)
          {
            MuHex hex = { col, row };
            double cx, cy, wx, wy, bx, by, wx2, wy2;
            MusterPick pick;

            mu_hex_center (grid, size, hex, &cx, &cy);
            muster_view_to_widget (&t, cx, cy, &wx, &wy);
            muster_view_to_board (&t, wx, wy, &bx, &by);
            muster_pick_board (scenario, size, bx, by, &pick);
            g_assert_true (pick.on_board);
            g_assert_cmpint (pick.hex.col, ==, col);
            g_assert_cmpint (pick.hex.row, ==, row);
            /* The centre is a hex size * sqrt(3)/2 from every side. */
            g_assert_cmpfloat_with_epsilon (pick.side_distance, size * sqrt (3) / 2, 1e-6);
            muster_view_to_widget (&t, bx, by, &wx2, &wy2);
            g_assert_cmpfloat_with_epsilon (wx2, wx, 1e-9);
            g_assert_cmpfloat_with_epsilon (wy2, wy, 1e-9);

            for (int k = 0; k < 6; k++)
              {
                double kx, ky, px, py;

                mu_hex_corner (grid, size, hex, k, &kx, &ky);
                /* 90 % of the way to the corner is still inside the hex. */
                px = cx + 0.9 * (kx - cx);
                py = cy + 0.9 * (ky - cy);
                muster_view_to_widget (&t, px, py, &wx, &wy);
                muster_view_to_board (&t, wx, wy, &bx, &by);
                muster_pick_board (scenario, size, bx, by, &pick);
                g_assert_cmpint (pick.hex.col, ==, col);
                g_assert_cmpint (pick.hex.row, ==, row);
              }
          }
    }
}

/* The midpoint of each hexside, nudged into the hex, picks that hexside, and
 * its canonical form names the same edge from both hexes. */
static void
test_hexside_round_trip (gconstpointer data)
{
  const BoardCase *bc = data;
  g_autoptr(MuScenario) scenario = mu_scenario_new_hex ("baa-hex", 11, 9, bc->orientation, bc->offset);
  const MuHexGrid *grid = &scenario->hex_map->grid;
  const double size = 32.0;

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      MusterViewTransform t = { zooms[z], 5.5, 9.25 };

      for (int row = 1; row <= grid->rows; row++)
        for (int col = 1; col <= grid->cols; col++)
          for (int dir = 0; dir < 6; dir++)
            {
              MuHex hex = { col, row };
              double x1, y1, x2, y2, cx, cy, mx, my, px, py, wx, wy, bx, by;
              MuHexside expected = mu_hexside_canonical (grid, hex, dir);
              MusterPick pick;

              mu_hex_center (grid, size, hex, &cx, &cy);
              mu_hexside_endpoints (grid, size, hex, dir, &x1, &y1, &x2, &y2);
              mx = (x1 + x2) / 2;
              my = (y1 + y2) / 2;
              px = mx + 0.05 * (cx - mx);
              py = my + 0.05 * (cy - my);
              muster_view_to_widget (&t, px, py, &wx, &wy);
              muster_view_to_board (&t, wx, wy, &bx, &by);
              muster_pick_board (scenario, size, bx, by, &pick);
              g_assert_cmpint (pick.hex.col, ==, col);
              g_assert_cmpint (pick.hex.row, ==, row);
              g_assert_cmpint (pick.side_dir, ==, dir);
              g_assert_true (mu_hex_equal (pick.side.hex, expected.hex));
              g_assert_cmpint (pick.side.dir, ==, expected.dir);
              g_assert_cmpfloat (pick.side_distance, <, 0.1 * size);
            }
    }
}

static void
test_off_board (void)
{
  g_autoptr(MuScenario) scenario = mu_scenario_new_hex ("baa-hex", 5, 5, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MusterPick pick;

  muster_pick_board (scenario, 32, -100, -100, &pick);
  g_assert_false (pick.on_board);
  muster_pick_board (scenario, 32, 10000, 50, &pick);
  g_assert_false (pick.on_board);
}

static void
test_table (void)
{
  g_autoptr(MuScenario) scenario = mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm");
  const double scale = 24.0;

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      MusterViewTransform t = { zooms[z], -33.5, 12.75 };

      for (double x = 0; x <= 72; x += 4.5)
        for (double y = 0; y <= 48; y += 3.25)
          {
            double wx, wy, bx, by;
            MusterPick pick;

            muster_view_to_widget (&t, x * scale, y * scale, &wx, &wy);
            muster_view_to_board (&t, wx, wy, &bx, &by);
            muster_pick_board (scenario, scale, bx, by, &pick);
            g_assert_true (pick.on_board);
            g_assert_cmpfloat_with_epsilon (pick.table.x, x, 1e-9);
            g_assert_cmpfloat_with_epsilon (pick.table.y, y, 1e-9);
          }
    }
  {
    MusterPick pick;

    muster_pick_board (scenario, scale, 73 * scale, 10, &pick);
    g_assert_false (pick.on_board);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/picking/transform-inverse", test_transform_inverse);
  g_test_add_func ("/app/picking/zoom-around", test_zoom_around_keeps_point);
  g_test_add_func ("/app/picking/fit", test_fit);
  for (guint i = 0; i < G_N_ELEMENTS (board_cases); i++)
    {
      const BoardCase *bc = &board_cases[i];
      g_autofree char *hex = g_strdup_printf ("/app/picking/hex-round-trip/%s-%s",
                                              bc->orientation == MU_HEX_FLAT_TOP ? "flat" : "pointy",
                                              bc->offset == MU_HEX_OFFSET_ODD ? "odd" : "even");
      g_autofree char *side = g_strdup_printf ("/app/picking/hexside-round-trip/%s-%s",
                                               bc->orientation == MU_HEX_FLAT_TOP ? "flat" : "pointy",
                                               bc->offset == MU_HEX_OFFSET_ODD ? "odd" : "even");

      g_test_add_data_func (hex, bc, test_hex_round_trip);
      g_test_add_data_func (side, bc, test_hexside_round_trip);
    }
  g_test_add_func ("/app/picking/off-board", test_off_board);
  g_test_add_func ("/app/picking/table", test_table);

  return g_test_run ();
}
