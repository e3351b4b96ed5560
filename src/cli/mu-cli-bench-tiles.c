/* mu-cli-bench-tiles.c: muster-cli bench tiles SCENARIO
 *
 * What one frame of the board window may have to draw: the board is drawn
 * in tiles of 256 device pixels, each layer (the terrain; the counters) on
 * its own, and the window draws tiles until its frame budget is spent. A
 * tile is never cut short, so the slowest tile bounds how long a frame can
 * block. This draws every tile of the board fitted to a 1366 × 768 window
 * (as the window opens a scenario), and at --zoom Z if given, with a fresh
 * render cache as a window has when it opens, and prints per layer the
 * first tile, the median, the slowest, and the sum, in CPU time; then the
 * time to find the counter under the pointer.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <cairo.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "mu-cli-bench.h"
#include "mu-render.h"
#include "mu-scenario-xml.h"

#define TILE 256
#define VIEW_W 1366
#define VIEW_H 768
#define HEX_SIZE 32.0   /* the window's (MUSTER_MAP_VIEW_HEX_SIZE) */

static double
draw_tile (const MuScenario *s, MuRenderOptions *options, gboolean pieces, const GArray *p, double zoom,
           int tx, int ty)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE, TILE);
  cairo_t *cr = cairo_create (surface);
  gint64 t0 = mu_cli_bench_clock_us (TRUE);

  cairo_translate (cr, -(double) tx * TILE, -(double) ty * TILE);
  cairo_scale (cr, zoom, zoom);
  options->clip_x = (double) tx * TILE / zoom;
  options->clip_y = (double) ty * TILE / zoom;
  options->clip_width = TILE / zoom;
  options->clip_height = TILE / zoom;
  cairo_rectangle (cr, options->clip_x, options->clip_y, options->clip_width, options->clip_height);
  cairo_clip (cr);
  if (pieces)
    mu_render_pieces (cr, s, options, (const MuPiece *) p->data, p->len);
  else
    mu_render_terrain (cr, s, options, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  cairo_surface_destroy (surface);
  return (mu_cli_bench_clock_us (TRUE) - t0) / 1000.0;
}

static void
bench_zoom (const MuScenario *s, double zoom, const char *label)
{
  /* the pieces point into the views, which must outlive them */
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = mu_render_pieces_from_scenario (s, &views);
  MuRenderOptions options;
  double bw, bh;
  int tw, th;

  mu_render_options_init (&options);
  options.hex_size = HEX_SIZE;
  options.show_grid = TRUE;
  options.show_coordinates = TRUE;
  options.show_counters = TRUE;
  options.device_scale = 1.0;
  mu_render_board_size (s, &options, &bw, &bh);
  tw = (int) ceil (MIN (bw * zoom, VIEW_W) / TILE);
  th = (int) ceil (MIN (bh * zoom, VIEW_H) / TILE);
  for (int layer = 0; layer < 2; layer++)
    {
      g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
      MuRenderCache *cache = mu_render_cache_new ();
      double first = 0, sum = 0, max;

      options.cache = cache;
      for (int ty = 0; ty < th; ty++)
        for (int tx = 0; tx < tw; tx++)
          {
            double t = draw_tile (s, &options, layer == 1, pieces, zoom, tx, ty);

            if (ms->len == 0)
              first = t;
            sum += t;
            g_array_append_val (ms, t);
          }
      mu_render_cache_free (cache);
      options.cache = NULL;
      max = ms->len ? mu_cli_bench_sort_median (ms), g_array_index (ms, double, ms->len - 1) : 0;
      printf ("tiles %s, zoom %.3f, %s: %u tiles of %d px, first %.1f ms, median %.1f ms, "
              "slowest %.1f ms, all %.1f ms\n", label, zoom, layer ? "counters" : "terrain", ms->len, TILE,
              first, mu_cli_bench_sort_median (ms), max, sum);
    }
}

/* What the window asks at each pointer move over the board: the counter
 * under the pointer, at 100 points spread over the board. */
static void
bench_pick (const MuScenario *s)
{
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = mu_render_pieces_from_scenario (s, &views);
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  MuRenderOptions options;
  double bw, bh, max;
  guint hits = 0;

  mu_render_options_init (&options);
  options.hex_size = HEX_SIZE;
  mu_render_board_size (s, &options, &bw, &bh);
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      {
        gint64 t0 = mu_cli_bench_clock_us (TRUE);
        int at = mu_render_piece_at (s, &options, (const MuPiece *) pieces->data, pieces->len,
                                     bw * (i + 0.5) / 10, bh * (j + 0.5) / 10);
        double t = (mu_cli_bench_clock_us (TRUE) - t0) / 1000.0;

        hits += at >= 0;
        g_array_append_val (ms, t);
      }
  max = (mu_cli_bench_sort_median (ms), g_array_index (ms, double, ms->len - 1));
  printf ("piece at the pointer, %u pieces: median %.3f ms, slowest %.3f ms (%u queries, %u on a piece)\n",
          pieces->len, mu_cli_bench_sort_median (ms), max, ms->len, hits);
}

int
mu_cli_bench_tiles (int argc, char **argv)
{
  double zoom = 0;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  GOptionEntry entries[] = {
    { "zoom", 0, 0, G_OPTION_ARG_DOUBLE, &zoom, N_("Also draw the tiles at this zoom"), "Z" },
    { NULL },
  };
  MuRenderOptions options;
  double bw, bh, fit;

  context = g_option_context_new (_("tiles SCENARIO — time the board window's tiles"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 2)
    {
      mu_cli_error (_("usage: muster-cli bench tiles SCENARIO [--zoom Z]"));
      return 2;
    }
  s = mu_scenario_load_file (argv[1], NULL, &error);
  if (s == NULL)
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  mu_render_options_init (&options);
  options.hex_size = HEX_SIZE;
  mu_render_board_size (s, &options, &bw, &bh);
  fit = MIN (VIEW_W / bw, VIEW_H / bh);
  bench_zoom (s, fit, "fitted");
  if (zoom > 0)
    bench_zoom (s, zoom, "asked");
  bench_pick (s);
  fflush (stdout);
  return 0;
}
