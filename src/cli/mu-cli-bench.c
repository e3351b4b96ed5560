/* mu-cli-bench.c: muster-cli bench render and counters (load and undo: mu-cli-bench-data.c,
 * engine: mu-cli-bench-engine.c)
 *
 * Draws a synthetic 100x100-hex board with varied terrain, roads, rivers and
 * 1,000 counters, built in memory, into a 1920x1080 image and prints one line
 * per measure:
 *
 *   cold      a full frame at 32 px hexes, nothing cached
 *   pan       a frame while panning: the terrain comes from a cached surface
 *             (one blit), the counters are drawn over it
 *   overview  the whole board fitted to the window
 *
 * --cpu measures the thread's CPU time instead of wall time. --save DIR writes the frames as PNG; --export FILE writes the whole board at
 * 32 px hexes (PNG, SVG or PDF by extension; a PNG as `muster-cli render` writes
 * it), or within a SIZE × SIZE square with --size; --tmx DIR writes an equivalent
 * Tiled map (staggered hexagonal, three tile layers) for comparison with
 * tmxrasterizer.
 *
 * `bench counters` lays out and writes (in memory) an A4 counter sheet of the
 * board's first 500 counters as PDF, with and without markers, and prints the
 * time of each; --export FILE writes that sheet.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mu-cli-bench.h"
#include "mu-cli-png.h"
#include "mu-file.h"
#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-sheet.h"

int mu_cli_bench (int argc, char **argv);

#define BOARD 100
#define VIEW_W 1920
#define VIEW_H 1080

/* Synthetic board ------------------------------------------------------------------------ */

static double
noise (guint32 seed, double x, double y)
{
  /* Value noise: smooth random hills from a hashed lattice. */
  int xi = (int) floor (x), yi = (int) floor (y);
  double fx = x - xi, fy = y - yi, v[4];

  for (int i = 0; i < 4; i++)
    {
      guint32 h = (guint32) (xi + (i & 1)) * 73856093u ^ (guint32) (yi + (i >> 1)) * 19349663u ^ seed * 83492791u;
      h ^= h >> 13;
      h *= 0x5bd1e995u;
      h ^= h >> 15;
      v[i] = (h & 0xffff) / 65535.0;
    }
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  return (v[0] * (1 - fx) + v[1] * fx) * (1 - fy) + (v[2] * (1 - fx) + v[3] * fx) * fy;
}

static double
fractal (guint32 seed, double x, double y)
{
  return 0.6 * noise (seed, x / 14, y / 14) + 0.3 * noise (seed + 1, x / 6, y / 6) +
         0.1 * noise (seed + 2, x / 3, y / 3);
}

/* A walk of adjacent hexes from a towards b, wandering a little. */
static MuPath *
walk (const MuHexGrid *grid, GRand *rand, MuPathKind kind, MuHex a, MuHex b)
{
  MuPath *p = mu_path_new (kind);
  MuHex h = a;
  int guard = 0;

  g_array_append_val (p->hexes, h);
  while (!mu_hex_equal (h, b) && guard++ < 1000)
    {
      int best = -1, second = -1, bd = G_MAXINT, sd = G_MAXINT;

      for (int d = 0; d < 6; d++)
        {
          MuHex n = mu_hex_neighbour (grid, h, d);
          int dist;
          if (!mu_hex_grid_contains (grid, n))
            continue;
          dist = mu_hex_distance (grid, n, b);
          if (dist < bd)
            {
              second = best, sd = bd;
              best = d, bd = dist;
            }
          else if (dist < sd)
            second = d, sd = dist;
        }
      if (best < 0)
        break;
      if (second >= 0 && sd <= bd + 1 && g_rand_int_range (rand, 0, 100) < 30)
        best = second;
      h = mu_hex_neighbour (grid, h, best);
      g_array_append_val (p->hexes, h);
    }
  return p;
}

static MuHex
random_hex (GRand *rand, int margin)
{
  return (MuHex) { g_rand_int_range (rand, 1 + margin, BOARD + 1 - margin),
                   g_rand_int_range (rand, 1 + margin, BOARD + 1 - margin) };
}

static MuScenario *
synthetic_board (void)
{
  static const char *towns[] = {
    "Centreville", "Manassas Junction", "Sudley Springs", "Groveton", "Gainesville",
    "New Market", "Blackburn's Ford", "Mitchell's Ford", "Stone Bridge", "Henry Hill",
    "Matthews Hill", "Chinn Ridge", "Portici", "Lewis Ford", "Ball's Ford", "Cub Run",
    "Bull Run", "Youngs Branch", "Holkum Branch", "Dogan Ridge",
  };
  MuScenario *s = mu_scenario_new_hex ("baa-hex", BOARD, BOARD, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MuHexMap *map = s->hex_map;
  const MuHexGrid *grid = &map->grid;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1861);
  int n_counters = 0;

  g_free (s->title);
  s->title = g_strdup ("Render benchmark (synthetic 100 × 100 board)");
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb4b4b4));

  for (int row = 1; row <= BOARD; row++)
    for (int col = 1; col <= BOARD; col++)
      {
        MuHexCell *cell = mu_hex_map_cell (map, (MuHex) { col, row });
        double e = fractal (7, col, row), w = fractal (11, col, row), f = fractal (13, col, row);

        cell->elevation = (gint8) CLAMP ((int) ((e - 0.25) * 9), 0, 5);
        if (w > 0.62)
          cell->terrain = MU_TERRAIN_WOODLAND;
        else if (f > 0.68)
          cell->terrain = MU_TERRAIN_FIELDS;
        else if (e < 0.3 && w < 0.35)
          cell->terrain = MU_TERRAIN_MARSH;
        else if (e > 0.78)
          cell->terrain = MU_TERRAIN_ROUGH;
        else
          cell->terrain = MU_TERRAIN_OPEN;
      }
  /* A lake and some towns. */
  for (int i = 0; i < 2; i++)
    {
      MuHex c = random_hex (rand, 10);
      for (int row = c.row - 3; row <= c.row + 3; row++)
        for (int col = c.col - 3; col <= c.col + 3; col++)
          if (mu_hex_grid_contains (grid, (MuHex) { col, row }) &&
              mu_hex_distance (grid, c, (MuHex) { col, row }) <= 2 + i)
            {
              MuHexCell *cell = mu_hex_map_cell (map, (MuHex) { col, row });
              cell->terrain = MU_TERRAIN_WATER;
              cell->elevation = 0;
            }
    }
  for (guint i = 0; i < G_N_ELEMENTS (towns); i++)
    {
      MuHex c = random_hex (rand, 3);
      MuLabel *label;
      for (int k = 0; k < 4; k++)
        {
          MuHex h = k == 0 ? c : mu_hex_neighbour (grid, c, g_rand_int_range (rand, 0, 6));
          MuHexCell *cell = mu_hex_map_cell (map, h);
          if (cell)
            cell->terrain = MU_TERRAIN_SETTLEMENT;
        }
      label = mu_label_new (towns[i], c);
      label->dy = 0.9;
      g_ptr_array_add (map->labels, label);
    }
  /* Rivers and streams, then roads and railroads over them. */
  for (int i = 0; i < 2; i++)
    g_ptr_array_add (map->paths, walk (grid, rand, MU_PATH_RIVER,
                                       (MuHex) { 1, g_rand_int_range (rand, 10, 90) },
                                       (MuHex) { BOARD, g_rand_int_range (rand, 10, 90) }));
  for (int i = 0; i < 8; i++)
    {
      MuHex a = random_hex (rand, 5);
      MuHex b = { CLAMP (a.col + g_rand_int_range (rand, -20, 20), 1, BOARD),
                  CLAMP (a.row + g_rand_int_range (rand, 10, 25), 1, BOARD) };
      g_ptr_array_add (map->paths, walk (grid, rand, MU_PATH_STREAM, a, b));
    }
  for (int i = 0; i < 10; i++)
    g_ptr_array_add (map->paths, walk (grid, rand, MU_PATH_LOCAL_ROAD, random_hex (rand, 0), random_hex (rand, 0)));
  for (int i = 0; i < 3; i++)
    g_ptr_array_add (map->paths, walk (grid, rand, MU_PATH_TURNPIKE,
                                       (MuHex) { g_rand_int_range (rand, 1, BOARD + 1), 1 },
                                       (MuHex) { g_rand_int_range (rand, 1, BOARD + 1), BOARD }));
  for (int i = 0; i < 2; i++)
    g_ptr_array_add (map->paths, walk (grid, rand, MU_PATH_RAILROAD,
                                       (MuHex) { 1, g_rand_int_range (rand, 1, BOARD + 1) },
                                       (MuHex) { BOARD, g_rand_int_range (rand, 1, BOARD + 1) }));
  /* Bridges where roads cross rivers; fords where they cross streams. */
  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *road = g_ptr_array_index (map->paths, i);
      if (road->kind != MU_PATH_LOCAL_ROAD && road->kind != MU_PATH_TURNPIKE && road->kind != MU_PATH_RAILROAD)
        continue;
      for (guint j = 0; j < map->paths->len; j++)
        {
          const MuPath *water = g_ptr_array_index (map->paths, j);
          if (water->kind != MU_PATH_RIVER && water->kind != MU_PATH_STREAM)
            continue;
          for (guint a = 0; a < road->hexes->len; a++)
            for (guint b = 0; b < water->hexes->len; b++)
              {
                MuHex h = g_array_index (road->hexes, MuHex, a);
                if (mu_hex_equal (h, g_array_index (water->hexes, MuHex, b)))
                  mu_hex_map_cell (map, h)->features |=
                    water->kind == MU_PATH_RIVER || road->kind != MU_PATH_LOCAL_ROAD
                      ? MU_HEX_FEATURE_BRIDGE : MU_HEX_FEATURE_FORD;
              }
        }
    }
  /* Hexside streams, hedges, walls and lines of works. */
  for (int i = 0; i < 6; i++)
    {
      MuHex h = random_hex (rand, 2);
      int d = g_rand_int_range (rand, 0, 6);
      for (int k = 0; k < 12; k++)
        {
          mu_hex_map_set_side (map, h, d, MU_SIDE_STREAM);
          /* Follow the hex outline: the next hexside shares corner d + 1. */
          if (g_rand_boolean (rand))
            d = (d + 1) % 6;
          else
            {
              h = mu_hex_neighbour (grid, h, (d + 1) % 6);
              d = (d + 5) % 6;
            }
          if (!mu_hex_grid_contains (grid, h))
            break;
        }
    }
  for (int i = 0; i < 400; i++)
    {
      MuHex h = random_hex (rand, 1);
      static const guint kinds[] = { MU_SIDE_HEDGE, MU_SIDE_WALL, MU_SIDE_HEDGE, MU_SIDE_FORTIFICATION };
      mu_hex_map_set_side (map, h, g_rand_int_range (rand, 0, 6), kinds[i % 4]);
    }
  for (int i = 0; i < 30; i++)
    {
      MuHex h = random_hex (rand, 1);
      static const guint feats[] = { MU_HEX_FEATURE_BUILDINGS, MU_HEX_FEATURE_FORTIFICATION,
                                     MU_HEX_FEATURE_PREPARED_DEFENCE };
      mu_hex_map_cell (map, h)->features |= feats[i % 3];
    }
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *id = g_strdup_printf ("obj%d", i);
      MuObjective *o = mu_objective_new (id);
      o->hex = random_hex (rand, 2);
      o->owner = i % 3 == 0 ? NULL : g_strdup (i % 3 == 1 ? "usa" : "csa");
      g_ptr_array_add (s->objectives, o);
    }

  /* 1,000 counters: per side 5 control, 20 command and 475 unit counters. */
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < 500; i++)
      {
        g_autofree char *id = g_strdup_printf ("%s%d", side ? "c" : "u", i);
        MuCounterKind kind = i < 5 ? MU_COUNTER_CONTROL : i < 25 ? MU_COUNTER_COMMAND : MU_COUNTER_UNIT;
        MuCounter *c = mu_counter_new (kind, id, side ? "csa" : "usa");
        int r = g_rand_int_range (rand, 0, 100);
        int attack, leadership;

        c->name = g_strdup_printf ("%s %s", side ? "Brig." : "Col.", towns[i % G_N_ELEMENTS (towns)]);
        /* drawn for every counter, so that the matches stay those measured before */
        leadership = g_rand_int_range (rand, 1, 7);
        if (kind != MU_COUNTER_UNIT)
          mu_counter_set_int (c, "leadership", leadership);
        if (kind == MU_COUNTER_CONTROL && i == 0)
          mu_values_set (&c->values, "star", "true");
        if (kind == MU_COUNTER_COMMAND && r < 15)
          mu_values_set (&c->values, "exceptional", "true");
        if (kind == MU_COUNTER_COMMAND)
          mu_counter_set_int (c, "division", i - 4);
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "identity", r >= 5 ? 1 + i % 20 : 0);
        c->arm = r < 70 ? MU_ARM_INFANTRY : r < 85 ? MU_ARM_ARTILLERY : r < 98 ? MU_ARM_CAVALRY : MU_ARM_RIVERBOAT;
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "range", c->arm == MU_ARM_ARTILLERY ? 3 : c->arm == MU_ARM_CAVALRY ? 1 : 2);
        /* drawn for every counter, so that the matches stay those measured before */
        attack = g_rand_int_range (rand, 3, 6);
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "attack", attack);
        c->strength = g_rand_int_range (rand, 2, 7);
        if (r % 17 == 0 || r % 19 == 0)
          mu_values_set (&c->values, "abilities", r % 17 == 0 ? "indomitable" : "sharpshooter");
        if (r % 23 == 0)
          mu_values_set (&c->values, "fatigued", "true");
        c->place.kind = MU_PLACE_HEX;
        /* The Union in the north half, the Confederacy in the south. */
        do
          c->place.hex = (MuHex) { g_rand_int_range (rand, 1, BOARD + 1),
                                   side ? g_rand_int_range (rand, BOARD / 2 + 1, BOARD + 1)
                                        : g_rand_int_range (rand, 1, BOARD / 2 + 1) };
        while (mu_hex_map_cell (map, c->place.hex)->terrain == MU_TERRAIN_WATER);
        g_ptr_array_add (s->counters, c);
        n_counters++;
      }
  g_assert (n_counters == 1000);
  return s;
}

/* Timing ------------------------------------------------------------------------------------- */

gint64
mu_cli_bench_clock_us (gboolean cpu)
{
  if (cpu)
    {
      struct timespec ts;
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
      return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
    }
  return g_get_monotonic_time ();
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

double
mu_cli_bench_sort_median (GArray *ms)
{
  g_array_sort (ms, compare_double);
  if (ms->len == 0)
    return 0;
  return ms->len % 2 ? g_array_index (ms, double, ms->len / 2)
                     : (g_array_index (ms, double, ms->len / 2 - 1) +
                        g_array_index (ms, double, ms->len / 2)) / 2;
}

static void
report (const char *name, GArray *ms)
{
  double min, max, median;

  median = mu_cli_bench_sort_median (ms);
  min = g_array_index (ms, double, 0);
  max = g_array_index (ms, double, ms->len - 1);
  printf ("%s: %.2f ms (min %.2f, max %.2f, %u frames)\n", name, median, min, max, ms->len);
  fflush (stdout);
}

static void
clear (cairo_t *cr)
{
  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.33);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* One view: board pixels (vx, vy) at the window's top-left. */
static void
draw_view (cairo_t *cr, const MuScenario *s, MuRenderOptions *o, const MuPiece *pieces, guint n,
           double vx, double vy, gboolean terrain)
{
  o->clip_x = vx;
  o->clip_y = vy;
  o->clip_width = VIEW_W;
  o->clip_height = VIEW_H;
  cairo_save (cr);
  cairo_translate (cr, -vx, -vy);
  if (terrain)
    mu_render_terrain (cr, s, o, NULL);
  mu_render_pieces (cr, s, o, pieces, n);
  cairo_restore (cr);
}

static gboolean
save_png (cairo_surface_t *surface, const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  if (cairo_surface_write_to_png (surface, path) != CAIRO_STATUS_SUCCESS)
    {
      mu_cli_error (_("cannot write %s"), path);
      return FALSE;
    }
  return TRUE;
}

static int
export_board (const MuScenario *s, const char *path, double hex_size, int fit, int threads)
{
  MuRenderOptions o;
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  mu_render_options_init (&o);
  o.hex_size = hex_size;
  mu_render_board_size (s, &o, &w, &h);
  if (fit > 0)
    {
      /* within a fit × fit square, as tmxrasterizer --size draws */
      o.hex_size *= MIN (fit / w, fit / h) * (1 - 1e-9);
      mu_render_board_size (s, &o, &w, &h);
    }
  if (g_str_has_suffix (path, ".png"))
    {
      g_autoptr(GError) error = NULL;
      MuFileSave *save = mu_file_save_begin (path, 0666, &error);

      /* as `muster-cli render` writes it, a strip at a time */
      if (save == NULL ||
          !mu_cli_write_png (s, &o, (int) ceil (w), (int) ceil (h), threads,
                             mu_file_save_get_fd (save), NULL, NULL, &error) ||
          !mu_file_save_commit (g_steal_pointer (&save), &error))
        {
          mu_file_save_abort (save);
          mu_cli_error (_("cannot write %s: %s"), path, error->message);
          return 1;
        }
      return 0;
    }
  if (g_str_has_suffix (path, ".svg"))
    surface = cairo_svg_surface_create (path, w, h);
  else if (g_str_has_suffix (path, ".pdf"))
    surface = cairo_pdf_surface_create (path, w, h);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (surface);
  mu_render_scenario (cr, s, &o);
  cairo_destroy (cr);
  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    status = cairo_surface_write_to_png (surface, path);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      mu_cli_error (_("cannot write %s: %s"), path, cairo_status_to_string (status));
      return 1;
    }
  return 0;
}

/* The command -------------------------------------------------------------------------------- */

/* Counter sheets: layout and the whole PDF in memory, per run. */
static int
bench_counters (MuScenario *s, int frames, gboolean use_cpu_time, const char *export_path)
{
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  MuSheetOptions o;

  g_ptr_array_set_size (s->counters, 500);
  mu_sheet_options_init (&o, MU_PAPER_A4);
  for (int pass = 0; pass < 2; pass++)
    {
      gsize bytes = 0;
      guint pages = 0, items = 0;
      o.markers = pass == 1;
      g_array_set_size (ms, 0);
      for (int i = 0; i < frames; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MuSheet) sheet = NULL;
          g_autoptr(GBytes) pdf = NULL;
          gint64 t0 = mu_cli_bench_clock_us (use_cpu_time);
          double t;

          sheet = mu_sheet_new_counters (s, &o, &error);
          if (sheet)
            pdf = mu_sheet_to_pdf (sheet, &error);
          if (pdf == NULL)
            {
              mu_cli_error ("%s", error->message);
              return 1;
            }
          t = (mu_cli_bench_clock_us (use_cpu_time) - t0) / 1000.0;
          g_array_append_val (ms, t);
          bytes = g_bytes_get_size (pdf);
          pages = mu_sheet_get_n_pages (sheet);
          mu_sheet_get_items (sheet, &items);
        }
      report (pass ? "sheet+markers" : "sheet", ms);
      printf ("  %u counters%s, %u items on %u A4 pages, %" G_GSIZE_FORMAT " kB of PDF\n", 500u,
              pass ? " and their markers" : "", items, pages, bytes / 1024);
    }
  if (export_path)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuSheet) sheet = mu_sheet_new_counters (s, &o, &error);
      if (sheet == NULL || !mu_sheet_write (sheet, export_path, 150, &error))
        {
          mu_cli_error ("%s", error->message);
          return 1;
        }
    }
  return 0;
}

int
mu_cli_bench (int argc, char **argv)
{
  int frames = 30;
  gboolean use_cpu_time = FALSE;
  g_autofree char *save_dir = NULL;
  g_autofree char *export_path = NULL;
  g_autofree char *tmx_dir = NULL;
  int fit = 0, threads = 0;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_surface_t *frame;
  cairo_t *cr;
  MuRenderOptions o;
  g_autoptr(MuRenderCache) sprites = mu_render_cache_new ();
  double bw, bh;
  GOptionEntry entries[] = {
    { "frames", 'n', 0, G_OPTION_ARG_INT, &frames, N_("Frames per measure (default 30)"), "N" },
    { "cpu", 0, 0, G_OPTION_ARG_NONE, &use_cpu_time, N_("Measure CPU time instead of wall time"), NULL },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_dir, N_("Write the last frame of each measure as PNG into DIR"), "DIR" },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &export_path, N_("Only write the whole board at 32 px hexes to FILE (.png, .svg, .pdf), or the scenario (.muster)"), "FILE" },
    { "tmx", 0, 0, G_OPTION_ARG_FILENAME, &tmx_dir, N_("Only write the board as Tiled maps into DIR (plain tiles, and Muster's own drawing)"), "DIR" },
    { "size", 0, 0, G_OPTION_ARG_INT, &fit, N_("With --export: fit the board within SIZE × SIZE pixels instead of 32 px hexes"), "SIZE" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("With --export to PNG: draw on N threads (default: one per processor)"), "N" },
    { NULL },
  };

  if (argc >= 2 && strcmp (argv[1], "load") == 0)
    return mu_cli_bench_load (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "undo") == 0)
    return mu_cli_bench_undo (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "engine") == 0)
    return mu_cli_bench_engine (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "table") == 0)
    return mu_cli_bench_table (argc, argv);
  if (argc >= 2 && strcmp (argv[1], "tiles") == 0)
    return mu_cli_bench_tiles (argc - 1, argv + 1);

  context = g_option_context_new (_("render|counters — time the renderer on a synthetic 100×100 board, or a 500-counter sheet"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 2 || (strcmp (argv[1], "render") != 0 && strcmp (argv[1], "counters") != 0))
    {
      mu_cli_error (_("usage: muster-cli bench render [--frames N] [--save DIR] [--export FILE [--size SIZE] [--threads N]] [--tmx DIR]"));
      mu_cli_error (_("usage: muster-cli bench counters [--frames N] [--export FILE]"));
      return 2;
    }
  frames = CLAMP (frames, 1, 10000);
  fit = CLAMP (fit, 0, 16384);
  threads = CLAMP (threads, 0, MU_CLI_PNG_MAX_THREADS);

  s = synthetic_board ();
  if (strcmp (argv[1], "counters") == 0)
    return bench_counters (s, MIN (frames, 10), use_cpu_time, export_path);
  if (export_path && g_str_has_suffix (export_path, ".muster"))
    {
      if (!mu_scenario_save_file (s, export_path, &error))
        {
          mu_cli_error ("%s", error->message);
          return 1;
        }
      return 0;
    }
  if (export_path)
    return export_board (s, export_path, 32.0, fit, threads);
  if (tmx_dir)
    return mu_cli_bench_write_tmx (s, tmx_dir, 32.0);
  pieces = mu_render_pieces_from_scenario (s, &views);

  frame = cairo_image_surface_create (CAIRO_FORMAT_RGB24, VIEW_W, VIEW_H);
  cr = cairo_create (frame);
  mu_render_options_init (&o);
  o.hex_size = 32;
  mu_render_board_size (s, &o, &bw, &bh);

  /* cold: full frames at places spread over the board. */
  for (int i = 0; i < frames; i++)
    {
      double vx = fmod (i * 733.0, bw - VIEW_W), vy = fmod (i * 419.0, bh - VIEW_H);
      gint64 t0 = mu_cli_bench_clock_us (use_cpu_time);
      double t;

      clear (cr);
      draw_view (cr, s, &o, (const MuPiece *) pieces->data, pieces->len, vx, vy, TRUE);
      cairo_surface_flush (frame);
      t = (mu_cli_bench_clock_us (use_cpu_time) - t0) / 1000.0;
      g_array_append_val (ms, t);
    }
  report ("cold", ms);
  if (save_dir && !save_png (frame, save_dir, "cold.png"))
    return 1;

  /* pan: the terrain of the stretch being panned over is cached once (as a
   * canvas keeps it), then each frame blits it and draws the counters. */
  {
    const double step = 6.0, x0 = 1200, y0 = 1500;
    double span = step * frames;
    cairo_surface_t *cache = cairo_surface_create_similar_image (frame, CAIRO_FORMAT_RGB24,
                                                                 VIEW_W + (int) ceil (span), VIEW_H);
    cairo_t *cc = cairo_create (cache);

    o.clip_x = x0;
    o.clip_y = y0;
    o.clip_width = VIEW_W + ceil (span);
    o.clip_height = VIEW_H;
    cairo_translate (cc, -x0, -y0);
    mu_render_terrain (cc, s, &o, NULL);
    cairo_destroy (cc);
    /* Counter images are kept between frames like the terrain; the first
     * frame (not timed) draws them. */
    o.cache = sprites;
    draw_view (cr, s, &o, (const MuPiece *) pieces->data, pieces->len, x0, y0, FALSE);

    g_array_set_size (ms, 0);
    for (int i = 0; i < frames; i++)
      {
        double dx = i * step;
        gint64 t0 = mu_cli_bench_clock_us (use_cpu_time);
        double t;

        cairo_save (cr);
        cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_surface (cr, cache, -dx, 0);
        cairo_paint (cr);
        cairo_restore (cr);
        draw_view (cr, s, &o, (const MuPiece *) pieces->data, pieces->len, x0 + dx, y0, FALSE);
        cairo_surface_flush (frame);
        t = (mu_cli_bench_clock_us (use_cpu_time) - t0) / 1000.0;
        g_array_append_val (ms, t);
      }
    cairo_surface_destroy (cache);
    report ("pan", ms);
    if (save_dir && !save_png (frame, save_dir, "pan.png"))
      return 1;
  }

  /* overview: the whole board fitted to the window. */
  {
    double w1, h1, scale;
    mu_render_options_init (&o);
    o.hex_size = 1.0;
    mu_render_board_size (s, &o, &w1, &h1);
    scale = MIN (VIEW_W / w1, VIEW_H / h1);
    o.hex_size = scale;
    g_array_set_size (ms, 0);
    for (int i = 0; i < frames; i++)
      {
        gint64 t0 = mu_cli_bench_clock_us (use_cpu_time);
        double t;

        clear (cr);
        cairo_save (cr);
        cairo_translate (cr, (VIEW_W - w1 * scale) / 2, (VIEW_H - h1 * scale) / 2);
        mu_render_scenario (cr, s, &o);
        cairo_restore (cr);
        cairo_surface_flush (frame);
        t = (mu_cli_bench_clock_us (use_cpu_time) - t0) / 1000.0;
        g_array_append_val (ms, t);
      }
    report ("overview", ms);
    if (save_dir && !save_png (frame, save_dir, "overview.png"))
      return 1;
  }

  cairo_destroy (cr);
  cairo_surface_destroy (frame);
  return 0;
}
