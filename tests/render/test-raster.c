#define G_LOG_DOMAIN "test-raster"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mu-render-private.h"
#include "mu-render.h"

/* What the renderer draws by a faster way on image targets against the same
 * drawn by cairo as vectors: the ground's hexes filled straight into the
 * image (mu_raster_*), hedges painted from images. */

#define SIZE 96

/* Largest and mean difference of any channel between two RGB24 surfaces. */
static void
difference (cairo_surface_t *a,
            cairo_surface_t *b,
            int             *largest,
            double          *mean)
{
  const guint8 *pa, *pb;
  int stride = cairo_image_surface_get_stride (a);
  double sum = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  *largest = 0;
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      for (int c = 0; c < 3; c++)
        {
          int d = abs ((int) pa[y * stride + 4 * x + c] - (int) pb[y * stride + 4 * x + c]);

          *largest = MAX (*largest, d);
          sum += d;
        }
  *mean = sum / (SIZE * SIZE * 3);
}

static void
hexagon (double  cx,
         double  cy,
         double  r,
         double  turn,
         double *xy)
{
  for (int k = 0; k < 6; k++)
    {
      xy[2 * k] = cx + r * cos (turn + k * G_PI / 3);
      xy[2 * k + 1] = cy + r * sin (turn + k * G_PI / 3);
    }
}

/* A scale and offset from user space to pixels, and a clip of whole pixels. */
typedef struct {
  double scale, tx, ty;
  int clip_x, clip_y, clip_w, clip_h;
} View;

static void
random_view (GRand *rand,
             View  *v)
{
  v->scale = g_rand_double_range (rand, 0.5, 2.0);
  v->tx = g_rand_double_range (rand, -5, 5);
  v->ty = g_rand_double_range (rand, -5, 5);
  v->clip_x = g_rand_int_range (rand, -4, 30);
  v->clip_y = g_rand_int_range (rand, -4, 30);
  v->clip_w = g_rand_int_range (rand, 10, 100);
  v->clip_h = g_rand_int_range (rand, 10, 100);
}

/* Paints the background and sets up the view, every length times `fine`
 * (1, or the fine picture's factor), so that contexts share it. */
static void
prepare (cairo_t    *cr,
         const View *v,
         int         fine)
{
  cairo_set_source_rgb (cr, 0.4, 0.35, 0.3);
  cairo_paint (cr);
  cairo_rectangle (cr, v->clip_x * fine, v->clip_y * fine, v->clip_w * fine, v->clip_h * fine);
  cairo_clip (cr);
  cairo_translate (cr, v->tx * fine, v->ty * fine);
  cairo_scale (cr, v->scale * fine, v->scale * fine);
}

/* The hexagon xy filled by cairo in colour (0xRRGGBB). */
static void
cairo_fill_hexagon (cairo_t      *cr,
                    const double *xy,
                    guint32       colour)
{
  cairo_move_to (cr, xy[0], xy[1]);
  for (int m = 1; m < 6; m++)
    cairo_line_to (cr, xy[2 * m], xy[2 * m + 1]);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, ((colour >> 16) & 0xff) / 255.0, ((colour >> 8) & 0xff) / 255.0,
                        (colour & 0xff) / 255.0);
  cairo_fill (cr);
}

/* The surface drawn at `fine` times the size, each pixel the mean of its
 * fine × fine block: a picture with nearly exact coverage at edges. */
static cairo_surface_t *
box_down (cairo_surface_t *big,
          int              fine)
{
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
  const guint8 *src;
  guint8 *dst;
  int ss, ds;

  cairo_surface_flush (big);
  src = cairo_image_surface_get_data (big);
  ss = cairo_image_surface_get_stride (big);
  dst = cairo_image_surface_get_data (out);
  ds = cairo_image_surface_get_stride (out);
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      for (int c = 0; c < 4; c++)
        {
          int sum = 0;

          for (int j = 0; j < fine; j++)
            for (int i = 0; i < fine; i++)
              sum += src[(y * fine + j) * ss + 4 * (x * fine + i) + c];
          dst[y * ds + 4 * x + c] = (guint8) ((sum + fine * fine / 2) / (fine * fine));
        }
  cairo_surface_mark_dirty (out);
  return out;
}

/* Hexes as a board's ground (one size, at least a pixel and a half apart,
 * so that no pixel is shared by two) under a clip of whole pixels and a box
 * of fractional ones (the board's edge), against the same drawn by cairo
 * eight times as large and averaged down: coverage within about 1/64, so the
 * colours agree within a few levels. Where two shapes share a pixel, each is
 * laid over the last (cairo does the same), which no finer drawing matches. */
static void
test_exact_area (void)
{
  GRand *rand = g_rand_new_with_seed (20261127);
  int worst = 0;
  double worst_mean = 0;
  const int fine = 8;

  for (int round = 0; round < 60; round++)
    {
      cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
      cairo_surface_t *big = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE * fine, SIZE * fine);
      cairo_surface_t *reference;
      cairo_t *cb = cairo_create (b), *cf = cairo_create (big);
      View v;
      double box_x, box_y, box_w, box_h, size, inset, ox, oy;
      int cols, rows;
      MuRaster *raster;
      int largest;
      double mean;

      random_view (rand, &v);
      box_x = g_rand_double_range (rand, -10, 20);
      box_y = g_rand_double_range (rand, -10, 20);
      box_w = g_rand_double_range (rand, 10, 80);
      box_h = g_rand_double_range (rand, 10, 80);
      size = g_rand_double_range (rand, 3, 30);
      /* at least a pixel and a half between hexes */
      inset = 1 - 1.5 / (size * sqrt (3) * v.scale);
      ox = g_rand_double_range (rand, -30, 0);
      oy = g_rand_double_range (rand, -30, 0);
      cols = (int) (2 + 120 / (1.5 * size));
      rows = (int) (2 + 120 / (sqrt (3) * size));
      prepare (cb, &v, 1);
      prepare (cf, &v, fine);
      raster = mu_raster_begin (cb, box_x, box_y, box_w, box_h);
      g_assert_nonnull (raster);
      cairo_rectangle (cf, box_x, box_y, box_w, box_h);
      cairo_clip (cf);
      for (int col = 0; col < cols; col++)
        for (int row = 0; row < rows; row++)
          {
            double xy[12];
            guint32 colour = g_rand_int (rand) & 0xffffff;

            hexagon (ox + 1.5 * size * col, oy + sqrt (3) * size * (row + 0.5 * (col % 2)),
                     size * inset, 0, xy);
            cairo_fill_hexagon (cf, xy, colour);
            mu_raster_polygon (raster, xy, 6, colour);
          }
      mu_raster_end (raster);
      cairo_destroy (cb);
      cairo_destroy (cf);
      reference = box_down (big, fine);
      difference (reference, b, &largest, &mean);
      if (largest > worst || mean > worst_mean)
        g_test_message ("round %d: largest difference %d, mean %.4f", round, largest, mean);
      worst = MAX (worst, largest);
      worst_mean = MAX (worst_mean, mean);
      cairo_surface_destroy (b);
      cairo_surface_destroy (big);
      cairo_surface_destroy (reference);
    }
  g_test_message ("worst: largest difference %d of 255, mean %.4f", worst, worst_mean);
  g_assert_cmpint (worst, <=, 6);
  g_assert_cmpfloat (worst_mean, <, 0.1);
  g_rand_free (rand);
}

/* Random hexagons of every size from a third of a pixel to the whole image,
 * at any position and angle, overlapping, under a clip of whole pixels:
 * against cairo at size, which samples fifteen rows a pixel, the colours
 * agree within that sampling's step (1/15 of the contrast, 17 levels). */
static void
test_against_cairo (void)
{
  GRand *rand = g_rand_new_with_seed (1861);
  int worst = 0;
  double worst_mean = 0;

  for (int round = 0; round < 200; round++)
    {
      cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
      cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
      cairo_t *ca = cairo_create (a), *cb = cairo_create (b);
      View v;
      MuRaster *raster;
      int largest;
      double mean;

      random_view (rand, &v);
      prepare (ca, &v, 1);
      prepare (cb, &v, 1);
      raster = mu_raster_begin (cb, -1000, -1000, 2000, 2000);
      g_assert_nonnull (raster);
      for (int k = 0; k < 12; k++)
        {
          double xy[12];
          guint32 colour = g_rand_int (rand) & 0xffffff;

          hexagon (g_rand_double_range (rand, -20, 80), g_rand_double_range (rand, -20, 80),
                   k < 4 ? g_rand_double_range (rand, 0.3, 3) : g_rand_double_range (rand, 3, 40),
                   g_rand_double_range (rand, 0, G_PI), xy);
          cairo_fill_hexagon (ca, xy, colour);
          mu_raster_polygon (raster, xy, 6, colour);
        }
      mu_raster_end (raster);
      cairo_destroy (ca);
      cairo_destroy (cb);
      difference (a, b, &largest, &mean);
      worst = MAX (worst, largest);
      worst_mean = MAX (worst_mean, mean);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
  g_test_message ("worst: largest difference %d of 255, mean %.4f", worst, worst_mean);
  g_assert_cmpint (worst, <=, 17);
  g_assert_cmpfloat (worst_mean, <, 0.2);
  g_rand_free (rand);
}

/* A hexagon whose colour is not drawn where the clip or box leaves it out,
 * and fills its inside exactly. */
static void
test_clip_and_inside (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
  cairo_t *cr = cairo_create (s);
  const guint32 *data;
  int stride;
  MuRaster *raster;
  double xy[12];

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_rectangle (cr, 10, 10, 60, 60);
  cairo_clip (cr);
  raster = mu_raster_begin (cr, 0, 0, 40.5, 200);
  g_assert_nonnull (raster);
  hexagon (40, 40, 30, 0, xy);
  mu_raster_polygon (raster, xy, 6, 0x336699);
  mu_raster_end (raster);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  data = (const guint32 *) cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s) / 4;
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      {
        guint32 p = data[y * stride + x] & 0xffffff;

        if (x < 10 || y < 10 || x >= 41 || y >= 70)
          g_assert_cmphex (p, ==, 0);
        else if (x >= 20 && x < 40 && y >= 25 && y < 55)
          g_assert_cmphex (p, ==, 0x336699);
      }
  /* the box's edge at 40.5 covers half of column 40 */
  g_assert_cmpint (abs ((int) ((data[40 * stride + 40] >> 8) & 0xff) - 0x66 / 2), <=, 2);
  cairo_surface_destroy (s);
}

/* Only where the picture can be the same as cairo's: an image target, a
 * scale and an offset, a clip of one rectangle. */
static void
test_refused (void)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL);
  cairo_t *cr = cairo_create (image);
  MuRaster *raster;

  /* no clip: the whole surface */
  raster = mu_raster_begin (cr, 0, 0, 10, 10);
  g_assert_nonnull (raster);
  mu_raster_end (raster);
  cairo_rectangle (cr, 0, 0, SIZE, SIZE);
  cairo_clip (cr);
  raster = mu_raster_begin (cr, 0, 0, 10, 10);
  g_assert_nonnull (raster);
  mu_raster_end (raster);
  cairo_save (cr);
  cairo_rotate (cr, 0.3);
  g_assert_null (mu_raster_begin (cr, 0, 0, 10, 10));
  cairo_restore (cr);
  cairo_save (cr);
  cairo_arc (cr, 40, 40, 20, 0, 2 * G_PI);
  cairo_clip (cr);
  g_assert_null (mu_raster_begin (cr, 0, 0, 10, 10));
  cairo_restore (cr);
  cairo_destroy (cr);

  cr = cairo_create (recording);
  cairo_rectangle (cr, 0, 0, SIZE, SIZE);
  cairo_clip (cr);
  g_assert_null (mu_raster_begin (cr, 0, 0, 10, 10));
  cairo_destroy (cr);
  cairo_surface_destroy (recording);
  cairo_surface_destroy (image);
}

/* A surface with a device scale and offset (a HiDPI tile) maps points as cairo does. */
static void
test_device_transform (void)
{
  cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  cairo_t *ca, *cb;
  const View v = { 1.0, 0.25, 0.5, 2, 0, 40, 40 };
  MuRaster *raster;
  double xy[12];
  int largest;
  double mean;

  cairo_surface_set_device_scale (a, 2, 2);
  cairo_surface_set_device_scale (b, 2, 2);
  cairo_surface_set_device_offset (a, -7, 5);
  cairo_surface_set_device_offset (b, -7, 5);
  ca = cairo_create (a);
  cb = cairo_create (b);
  prepare (ca, &v, 1);
  prepare (cb, &v, 1);
  hexagon (20.3, 17.6, 11.2, 0, xy);
  cairo_fill_hexagon (ca, xy, 0xcc9933);
  raster = mu_raster_begin (cb, -100, -100, 400, 400);
  g_assert_nonnull (raster);
  mu_raster_polygon (raster, xy, 6, 0xcc9933);
  mu_raster_end (raster);
  cairo_destroy (ca);
  cairo_destroy (cb);
  difference (a, b, &largest, &mean);
  g_test_message ("largest difference %d, mean %.4f", largest, mean);
  g_assert_cmpint (largest, <=, 12);
  g_assert_cmpfloat (mean, <, 0.2);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static cairo_surface_t *
draw_board (const MuScenario      *s,
            const MuRenderOptions *o,
            gboolean               vectors)
{
  double w, h;
  cairo_surface_t *surface, *target;
  cairo_t *cr;

  mu_render_board_size (s, o, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w), (int) ceil (h));
  /* through a recording surface the renderer draws vectors, as for PDF */
  target = vectors ? cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL) : cairo_surface_reference (surface);
  cr = cairo_create (target);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  mu_render_scenario (cr, s, o);
  cairo_destroy (cr);
  if (vectors)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, target, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  cairo_surface_destroy (target);
  cairo_surface_flush (surface);
  return surface;
}

/* For each side of hex: how strongly the two pictures (images and vectors)
 * differ from the base near the side's middle, and where. They must agree:
 * the same strength within `share`, the same middle within `shift` pixels. */
static void
compare_sides (const MuScenario      *s,
               const MuRenderOptions *o,
               MuHex                  hex,
               cairo_surface_t       *images,
               cairo_surface_t       *vectors,
               cairo_surface_t       *base_surface,
               double                 share,
               double                 shift)
{
  const guint8 *base = cairo_image_surface_get_data (base_surface);
  int stride = cairo_image_surface_get_stride (base_surface);

  for (int d = 0; d < 6; d++)
    {
      double x1, y1, x2, y2, mx, my, r = 0.3 * o->hex_size;
      double sum[2][3] = { { 0 } };

      mu_hexside_endpoints (&s->hex_map->grid, o->hex_size, hex, d, &x1, &y1, &x2, &y2);
      mx = (x1 + x2) / 2;
      my = (y1 + y2) / 2;
      for (int which = 0; which < 2; which++)
        {
          const guint8 *data = cairo_image_surface_get_data (which ? vectors : images);

          /* about the hexside's middle, clear of its neighbours' ends */
          for (int y = (int) floor (my - r); y <= (int) ceil (my + r); y++)
            for (int x = (int) floor (mx - r); x <= (int) ceil (mx + r); x++)
              if (hypot (x + 0.5 - mx, y + 0.5 - my) < r)
                {
                  double w = 0;

                  for (int c = 0; c < 3; c++)
                    w += abs ((int) data[y * stride + 4 * x + c] - (int) base[y * stride + 4 * x + c]);
                  sum[which][0] += w;
                  sum[which][1] += w * (x + 0.5);
                  sum[which][2] += w * (y + 0.5);
                }
        }
      g_test_message ("size %g, side %d: %.0f from images, %.0f from vectors; middle %.2f,%.2f and %.2f,%.2f",
                      o->hex_size, d, sum[0][0], sum[1][0], sum[0][1] / sum[0][0], sum[0][2] / sum[0][0],
                      sum[1][1] / sum[1][0], sum[1][2] / sum[1][0]);
      g_assert_cmpfloat (sum[1][0], >, 255);
      g_assert_cmpfloat (fabs (sum[0][0] - sum[1][0]), <=, share * sum[1][0]);
      g_assert_cmpfloat (fabs (sum[0][1] / sum[0][0] - sum[1][1] / sum[1][0]), <, shift);
      g_assert_cmpfloat (fabs (sum[0][2] / sum[0][0] - sum[1][2] / sum[1][0]), <, shift);
    }
}

/* Hedges on every side of a hex, at a printed map's size and at the smallest
 * where hedges show: painted from images, each is where its vectors are
 * (within a pixel) and as strong (the sum of how much every pixel near it
 * differs from the board without hedges). */
static void
test_hedge_sprites (void)
{
  const double sizes[] = { 9.5, 13.3, 32 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (int orientation = 0; orientation < 2; orientation++)
      {
        g_autoptr(MuScenario) s = mu_scenario_new_hex ("baa-hex", 6, 5,
                                                       orientation ? MU_HEX_POINTY_TOP : MU_HEX_FLAT_TOP,
                                                       MU_HEX_OFFSET_EVEN);
        MuRenderOptions o;
        cairo_surface_t *base, *images, *vectors;
        const MuHex hex = { 3, 3 };

        mu_render_options_init (&o);
        o.hex_size = sizes[k];
        o.show_grid = FALSE;
        o.show_coordinates = FALSE;
        base = draw_board (s, &o, FALSE);
        for (int d = 0; d < 6; d++)
          mu_hex_map_set_side (s->hex_map, hex, d, MU_SIDE_HEDGE);
        images = draw_board (s, &o, FALSE);
        vectors = draw_board (s, &o, TRUE);
        compare_sides (s, &o, hex, images, vectors, base, 0.15, 0.75);
        cairo_surface_destroy (base);
        cairo_surface_destroy (images);
        cairo_surface_destroy (vectors);
      }
}

/* Contour lines round a raised hex on a zoomed-out board, where their ends
 * are plain and each is filled as a thin rectangle: where the stroked lines
 * are, as strong (plain ends meet at the corners, so the middles are
 * compared). */
static void
test_contour_quads (void)
{
  const double sizes[] = { 8.2, 9.7, 11.9 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (int step = 1; step <= 2; step++)
      {
        g_autoptr(MuScenario) s = mu_scenario_new_hex ("baa-hex", 6, 5, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
        MuRenderOptions o;
        cairo_surface_t *base, *images, *vectors;
        const MuHex hex = { 3, 3 };

        mu_render_options_init (&o);
        o.hex_size = sizes[k];
        o.show_grid = FALSE;
        o.show_coordinates = FALSE;
        /* the base: level ground, no line; the raised hex's own shade then
         * adds the same to both pictures */
        for (int col = 1; col <= 6; col++)
          for (int row = 1; row <= 5; row++)
            mu_hex_map_cell (s->hex_map, (MuHex) { col, row })->elevation = step;
        base = draw_board (s, &o, FALSE);
        mu_hex_map_cell (s->hex_map, hex)->elevation = 2 * step;
        images = draw_board (s, &o, FALSE);
        vectors = draw_board (s, &o, TRUE);
        compare_sides (s, &o, hex, images, vectors, base, 0.1, 0.5);
        cairo_surface_destroy (base);
        cairo_surface_destroy (images);
        cairo_surface_destroy (vectors);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/raster/exact-area", test_exact_area);
  g_test_add_func ("/render/raster/against-cairo", test_against_cairo);
  g_test_add_func ("/render/raster/clip-and-inside", test_clip_and_inside);
  g_test_add_func ("/render/raster/refused", test_refused);
  g_test_add_func ("/render/raster/device-transform", test_device_transform);
  g_test_add_func ("/render/hexside/hedge-sprites", test_hedge_sprites);
  g_test_add_func ("/render/terrain/contour-quads", test_contour_quads);
  return g_test_run ();
}
