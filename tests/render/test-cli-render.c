#define G_LOG_DOMAIN "test-cli-render"

#include "config.h"

#include <cairo.h>
#include <math.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <zlib.h>
#include <unistd.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"

/* muster-cli render and bench render, run as a person would run them. */

static int
run (const char *const *args,
     char              **out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MUSTER_CLI"));
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, &err, &status, &error));
  g_assert_no_error (error);
  if (err && *err)
    g_test_message ("stderr: %s", err);
  return g_spawn_check_wait_status (status, NULL) ? 0 : (WIFEXITED (status) ? WEXITSTATUS (status) : -1);
}

static char *
template_path (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", "template.muster", NULL);
}

static void
test_png (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "board.png", NULL);
  g_autofree char *scenario = template_path ();
  const char *args[] = { "render", scenario, "-o", png, "--size", "400", NULL };
  cairo_surface_t *surface;

  g_assert_cmpint (run (args, NULL), ==, 0);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 400);
  g_assert_cmpint (cairo_image_surface_get_height (surface), >, 100);
  cairo_surface_destroy (surface);
  g_unlink (png);
  g_rmdir (dir);
}


/* A PNG is drawn in strips of rows: the picture is the same as one drawn
 * whole, row for row across the strips' seams (rows 255/256 and 511/512). */
static void
test_png_strips (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "board.png", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  const char *args[] = { "render", path, "-o", png, "--size", "700", NULL };
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, NULL);
  cairo_surface_t *strips, *whole;
  MuRenderOptions o;
  double w, h, scale;
  cairo_t *cr;
  guint differ = 0;

  g_assert_nonnull (s);
  g_assert_cmpint (run (args, NULL), ==, 0);
  strips = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (strips), ==, CAIRO_STATUS_SUCCESS);

  /* the same board drawn in one go, as render did before */
  mu_render_options_init (&o);
  mu_render_board_size (s, &o, &w, &h);
  scale = 700 / w;
  o.hex_size *= scale;
  o.table_scale *= scale;
  mu_render_board_size (s, &o, &w, &h);
  g_assert_cmpint (cairo_image_surface_get_width (strips), ==, (int) ceil (w));
  g_assert_cmpint (cairo_image_surface_get_height (strips), ==, (int) ceil (h));
  g_assert_cmpint (cairo_image_surface_get_height (strips), >, 600);
  whole = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (whole);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  mu_render_scenario (cr, s, &o);
  cairo_destroy (cr);
  cairo_surface_flush (whole);
  cairo_surface_flush (strips);
  for (int y = 0; y < (int) ceil (h); y++)
    for (int x = 0; x < (int) ceil (w); x++)
      {
        guint32 a = ((guint32 *) (cairo_image_surface_get_data (whole) + y * cairo_image_surface_get_stride (whole)))[x];
        guint32 b = ((guint32 *) (cairo_image_surface_get_data (strips) + y * cairo_image_surface_get_stride (strips)))[x];

        /* antialiased edges may round differently where a strip's clip cuts them */
        for (int shift = 0; shift <= 16; shift += 8)
          if (abs ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 8)
            {
              if (differ++ < 40)
                g_test_message ("differs at %d,%d: %06x %06x", x, y, a & 0xffffff, b & 0xffffff);
              break;
            }
      }
  g_test_message ("%u of %d pixels differ", differ, (int) (ceil (w) * ceil (h)));
  g_assert_cmpuint (differ, ==, 0);
  cairo_surface_destroy (whole);
  cairo_surface_destroy (strips);
  g_unlink (png);
  g_rmdir (dir);
}

/* The RGB pixels of a PNG as render writes it (8-bit RGB, every row of
 * filter type None), read without cairo, whose images stop at 32,767 pixels:
 * the chunks' CRCs, the zlib stream and its Adler-32 checked on the way. */
static guint8 *
read_render_png (const char *path,
                 int        *width,
                 int        *height)
{
  g_autofree guint8 *data = NULL;
  gsize len = 0, at = 8;
  g_autoptr(GByteArray) idat = g_byte_array_new ();
  guint8 *raw, *rgb;
  gsize raw_len;
  uLongf out_len;

  g_assert_true (g_file_get_contents (path, (char **) &data, &len, NULL));
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  *width = *height = 0;
  while (at + 12 <= len)
    {
      guint32 n = (guint32) data[at] << 24 | data[at + 1] << 16 | data[at + 2] << 8 | data[at + 3];
      const guint8 *type = data + at + 4, *body = data + at + 8;
      guint32 crc = (guint32) body[n] << 24 | body[n + 1] << 16 | body[n + 2] << 8 | body[n + 3];

      g_assert_cmpuint (at + 12 + n, <=, len);
      g_assert_cmpuint (crc32 (0, type, n + 4), ==, crc);
      if (memcmp (type, "IHDR", 4) == 0)
        {
          *width = (int) ((guint32) body[0] << 24 | body[1] << 16 | body[2] << 8 | body[3]);
          *height = (int) ((guint32) body[4] << 24 | body[5] << 16 | body[6] << 8 | body[7]);
          g_assert_cmpint (body[8], ==, 8);
          g_assert_cmpint (body[9], ==, 2);
        }
      else if (memcmp (type, "IDAT", 4) == 0)
        g_byte_array_append (idat, body, n);
      at += 12 + n;
    }
  g_assert_cmpuint (at, ==, len);
  raw_len = (1 + (gsize) *width * 3) * *height;
  raw = g_malloc (raw_len);
  out_len = raw_len;
  g_assert_cmpint (uncompress (raw, &out_len, idat->data, idat->len), ==, Z_OK);
  g_assert_cmpuint (out_len, ==, raw_len);
  rgb = g_malloc ((gsize) *width * 3 * *height);
  for (int y = 0; y < *height; y++)
    {
      g_assert_cmpint (raw[(1 + (gsize) *width * 3) * y], ==, 0);
      memcpy (rgb + (gsize) *width * 3 * y, raw + (1 + (gsize) *width * 3) * y + 1, (gsize) *width * 3);
    }
  g_free (raw);
  return rgb;
}

/* A board wider than cairo's images may be (32,767 pixels) exports at full
 * size: each strip is drawn in tiles side by side, and the picture is the same
 * as one drawn whole across the tiles' seams. */
static void
test_png_wide (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "wide.muster", NULL);
  g_autofree char *png = g_build_filename (dir, "wide.png", NULL);
  g_autofree char *narrow_png = g_build_filename (dir, "narrow.png", NULL);
  const char *args[] = { "render", path, "-o", png, "--hex-size", "32", "--threads", "3", NULL };
  const char *narrow[] = { "render", path, "-o", narrow_png, "--hex-size", "12", NULL };
  g_autoptr(MuScenario) s = mu_scenario_new_hex ("baa-hex", 700, 3, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *whole;
  guint8 *wide;
  int wide_w, wide_h;
  MuRenderOptions o;
  double w, h;
  cairo_t *cr;
  guint differ = 0;

  for (int col = 1; col <= 700; col++)
    mu_hex_map_cell (s->hex_map, (MuHex) { col, 1 + col % 3 })->terrain =
      col % 4 == 0 ? MU_TERRAIN_WOODLAND : MU_TERRAIN_FIELDS;
  g_assert_true (mu_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run (args, NULL), ==, 0);
  wide = read_render_png (png, &wide_w, &wide_h);
  mu_render_options_init (&o);
  o.hex_size = 32;
  mu_render_board_size (s, &o, &w, &h);
  g_assert_cmpint (wide_w, ==, (int) ceil (w));
  g_assert_cmpint (wide_h, ==, (int) ceil (h));
  g_assert_cmpint (wide_w, >, 32767);

  /* the part about the first tiles' seams (8,192 and 16,384), drawn whole */
  whole = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 17000, (int) ceil (h));
  cr = cairo_create (whole);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  o.clip_x = 0;
  o.clip_y = 0;
  o.clip_width = 17000;
  o.clip_height = ceil (h);
  mu_render_scenario (cr, s, &o);
  cairo_destroy (cr);
  cairo_surface_flush (whole);
  for (int y = 0; y < (int) ceil (h); y++)
    for (int x = 0; x < 17000; x++)
      {
        guint32 a = ((guint32 *) (cairo_image_surface_get_data (whole) + y * cairo_image_surface_get_stride (whole)))[x];
        const guint8 *q = wide + ((gsize) y * wide_w + x) * 3;
        guint32 b = (guint32) q[0] << 16 | q[1] << 8 | q[2];

        /* antialiased edges may round differently where a tile's clip cuts them */
        for (int shift = 0; shift <= 16; shift += 8)
          if (abs ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 8)
            {
              if (differ++ < 40)
                g_test_message ("differs at %d,%d: %06x %06x", x, y, a & 0xffffff, b & 0xffffff);
              break;
            }
      }
  g_test_message ("%u pixels differ", differ);
  g_assert_cmpuint (differ, ==, 0);
  cairo_surface_destroy (whole);
  g_free (wide);
  /* and a narrower export of the same file is one tile wide */
  g_assert_cmpint (run (narrow, NULL), ==, 0);
  g_unlink (narrow_png);
  g_unlink (png);
  g_unlink (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A PNG's strips are drawn and compressed on several threads: the file is the
 * same byte for byte on one thread as on two or five (First Manassas at 700 px
 * is three strips), and a failed write stops every thread with an error. */
static void
test_png_threads (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autofree char *first = NULL;
  gsize first_len = 0;
  const char *counts[] = { "1", "2", "5" };
  g_autofree char *full = g_build_filename (dir, "full.png", NULL);
  const char *to_full[] = { "bench", "render", "--export", full, "--size", "600", "--threads", "2", NULL };
  g_autofree char *out = g_build_filename (dir, "x.png", NULL);
  const char *bad[] = { "render", path, "-o", out, "--threads", "-1", NULL };
  const char *too_many[] = { "render", path, "-o", out, "--threads", "99", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *name = g_strdup_printf ("board-%s.png", counts[i]);
      g_autofree char *png = g_build_filename (dir, name, NULL);
      const char *args[] = { "render", path, "-o", png, "--size", "700", "--threads", counts[i], NULL };
      g_autofree char *data = NULL;
      gsize len = 0;
      cairo_surface_t *surface;

      g_assert_cmpint (run (args, NULL), ==, 0);
      g_assert_true (g_file_get_contents (png, &data, &len, NULL));
      surface = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_height (surface), >, 512);
      cairo_surface_destroy (surface);
      if (first == NULL)
        {
          first = g_steal_pointer (&data);
          first_len = len;
        }
      else
        {
          g_assert_cmpuint (len, ==, first_len);
          g_assert_true (memcmp (data, first, len) == 0);
        }
      g_unlink (png);
    }

  /* every write fails: an error, not a hang or a crash */
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS) && symlink ("/dev/full", full) == 0)
    {
      g_assert_cmpint (run (to_full, NULL), ==, 1);
      g_unlink (full);
    }
  g_assert_cmpint (run (bad, NULL), ==, 2);
  g_assert_cmpint (run (too_many, NULL), ==, 2);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* An export stopped while it writes (Ctrl+C, a kill) leaves nothing behind:
 * neither the output nor its temporary file. */
static void
test_interrupted (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "board.png", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  const char *argv[] = { g_getenv ("MUSTER_CLI"), "render", path, "-o", png, "--hex-size", "200",
                         "--threads", "1", NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status = 0;
  gboolean started = FALSE;

  for (int sig = 0; sig < 2; sig++)
    {
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                    &error));
      g_assert_no_error (error);
      /* wait for the temporary file, then a little more */
      for (int i = 0; i < 500 && !started; i++)
        {
          g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

          started = d != NULL && g_dir_read_name (d) != NULL;
          g_usleep (10000);
        }
      g_assert_true (started);
      g_usleep (100000);
      kill (pid, sig == 0 ? SIGINT : SIGTERM);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      /* stopped by the signal, before it finished */
      g_assert_true (WIFSIGNALED (status));
      {
        g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

        g_assert_null (g_dir_read_name (d));
      }
      started = FALSE;
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_vector_formats (void)
{
  const char *exts[] = { "svg", "pdf" };
  const char *magic[] = { "<?xml", "%PDF" };
  g_autofree char *scenario = template_path ();

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
      g_autofree char *name = g_strdup_printf ("board.%s", exts[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      const char *args[] = { "render", scenario, "-o", path, NULL };

      g_assert_cmpint (run (args, NULL), ==, 0);
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      g_assert_true (g_str_has_prefix (data, magic[i]));
      g_unlink (path);
      g_rmdir (dir);
    }
}

static void
test_errors (void)
{
  g_autofree char *scenario = template_path ();
  const char *bad_ext[] = { "render", scenario, "-o", "board.bmp", NULL };
  const char *missing[] = { "render", "/nonexistent/nothing.muster", "-o", "x.png", NULL };
  const char *no_output[] = { "render", scenario, NULL };

  g_assert_cmpint (run (bad_ext, NULL), ==, 2);
  g_assert_cmpint (run (missing, NULL), ==, 1);
  g_assert_cmpint (run (no_output, NULL), ==, 2);
}

/* bench render --tmx writes the board for Tiled twice: plain tiles, and tiles
 * of Muster's own drawing (a look per terrain and level, a tile per counter). */
static void
test_bench_tmx (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  const char *args[] = { "bench", "render", "--tmx", dir, NULL };
  const char *names[] = { "bench.tmx", "bench-tiles.png", "bench-detail.tmx", "bench-detail-tiles.png" };

  g_assert_cmpint (run (args, NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (g_str_has_suffix (names[i], ".tmx"))
        {
          g_auto(GStrv) layers = g_strsplit (text, "<layer ", -1);
          const char *count = strstr (text, "tilecount=\"");

          g_assert_cmpuint (g_strv_length (layers), ==, 4);
          g_assert_nonnull (count);
          /* the plain map's 16 tiles; the detailed one's looks and counters */
          g_assert_cmpint (atoi (count + strlen ("tilecount=\"")), >=, i == 0 ? 16 : 100);
        }
      else
        {
          cairo_surface_t *png = cairo_image_surface_create_from_png (path);

          g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
          cairo_surface_destroy (png);
        }
      g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_bench_format (void)
{
  const char *args[] = { "bench", "render", "--frames", "1", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  const char *names[] = { "cold", "pan", "overview" };

  if (!g_test_slow ())
    {
      g_test_skip ("draws a 100×100 board; run with -m slow");
      return;
    }
  g_assert_cmpint (run (args, &out), ==, 0);
  lines = g_strsplit (g_strstrip (out), "\n", -1);
  g_assert_cmpint (g_strv_length (lines), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *pattern = g_strdup_printf ("^%s: [0-9]+\\.[0-9]+ ms \\(min [0-9]+\\.[0-9]+, max [0-9]+\\.[0-9]+, 1 frames\\)$", names[i]);
      g_assert_true (g_regex_match_simple (pattern, lines[i], 0, 0));
    }
}

/* bench load's generated scenario is a valid one however crowded: on a
 * 20 × 20 board 1,000 counters have room for at most 2 units a hex on each
 * half (BAA-STK-1), and the rest are left unplaced, not stacked three deep. */
static void
test_bench_load_crowded (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-bench-load-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "crowded.muster", NULL);
  const char *args[] = { "bench", "load", "--cols", "20", "--rows", "20", "--counters", "1000", "--runs", "1",
                         "--save", path, NULL };
  const char *validate[] = { "validate", "--quiet", path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;

  g_assert_cmpint (run (args, &out), ==, 0);
  g_assert_true (g_regex_match_simple ("^load 20×20, .* 1000 counters: ", out, 0, 0));
  g_assert_cmpint (run (validate, &out2), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static char *
scenario_path (const char *name)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", name, NULL);
}

/* Pages of a PDF written by cairo: its /Count. */
static int
pdf_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF"));
  /* Binary data: g_strstr_len would stop at the first NUL. */
  for (gsize i = 0; i + 7 < len; i++)
    if (memcmp (data + i, "/Count ", 7) == 0)
      return atoi (data + i + 7);
  g_assert_not_reached ();
}

/* Whether the first page of a PDF written by cairo is wider than high. */
static gboolean
pdf_landscape (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize i = 0; i + 10 < len; i++)
    if (memcmp (data + i, "/MediaBox", 9) == 0)
      {
        double box[4];
        char *end = data + i + 9;

        while (*end == ' ' || *end == '[')
          end++;
        for (int k = 0; k < 4; k++)
          box[k] = g_ascii_strtod (end, &end);
        return box[2] - box[0] > box[3] - box[1];
      }
  g_assert_not_reached ();
}

static void
test_counters (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-counters-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "sheet.png", NULL);
  g_autofree char *png1 = g_build_filename (dir, "sheet-1.png", NULL);
  g_autofree char *png2 = g_build_filename (dir, "sheet-2.png", NULL);
  g_autofree char *scenario = scenario_path ("first-manassas.muster");
  const char *plain[] = { "counters", scenario, "-o", pdf, NULL };
  const char *backs[] = { "counters", scenario, "-o", pdf, "--backs", "--paper", "letter", NULL };
  const char *markers[] = { "counters", scenario, "-o", pdf, "--markers-only", "--size", "16", NULL };
  const char *images[] = { "counters", scenario, "-o", png, "--no-markers", "--dpi", "50", NULL };
  cairo_surface_t *surface;

  /* Union counters, Confederate counters, markers: a page each. */
  g_assert_cmpint (run (plain, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 3);
  g_assert_cmpint (run (backs, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 6);
  g_assert_cmpint (run (markers, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 1);
  /* PNG: a file per page, A4 at 50 dpi. */
  g_assert_cmpint (run (images, NULL), ==, 0);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  surface = cairo_image_surface_create_from_png (png1);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 414);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 585);
  cairo_surface_destroy (surface);
  g_assert_true (g_file_test (png2, G_FILE_TEST_EXISTS));
  g_unlink (pdf);
  g_unlink (png1);
  g_unlink (png2);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_counters_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-counters-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *scenario = scenario_path ("first-manassas.muster");
  g_autofree char *table = scenario_path ("henry-house-hill-table.muster");
  const char *paper[] = { "counters", scenario, "-o", pdf, "--paper", "a5", NULL };
  const char *big[] = { "counters", scenario, "-o", pdf, "--size", "250", NULL };
  const char *none[] = { "counters", table, "-o", pdf, "--markers-only", NULL };
  const char *both[] = { "counters", scenario, "-o", pdf, "--markers-only", "--no-markers", NULL };

  g_assert_cmpint (run (paper, NULL), ==, 2);
  g_assert_cmpint (run (big, NULL), ==, 1);
  g_assert_cmpint (run (none, NULL), ==, 1);
  g_assert_cmpint (run (both, NULL), ==, 2);
  /* No partial file, and nothing left in the folder. */
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_print_map_roster (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-map-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "map.pdf", NULL);
  g_autofree char *hex = scenario_path ("first-manassas.muster");
  g_autofree char *table = scenario_path ("henry-house-hill-table.muster");
  const char *map[] = { "print-map", hex, "-o", pdf, NULL };
  const char *upright[] = { "print-map", hex, "-o", pdf, "--orientation", "portrait", NULL };
  const char *across[] = { "print-map", table, "-o", pdf, "--orientation", "landscape", NULL };
  const char *sideways[] = { "print-map", hex, "-o", pdf, "--orientation", "sideways", NULL };
  const char *plan[] = { "print-map", table, "-o", pdf, "--paper", "letter", NULL };
  const char *roster[] = { "roster", table, "-o", pdf, NULL };
  const char *bad[] = { "print-map", hex, "-o", pdf, "--paper", "tabloid", NULL };

  /* 2 × 4 sheets across rather than 3 × 3 upright, and the assembly page */
  g_assert_cmpint (run (map, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 9);
  g_assert_true (pdf_landscape (pdf));
  g_assert_cmpint (run (upright, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 10);
  g_assert_false (pdf_landscape (pdf));
  /* a table's plan: larger across, as asked and as chosen */
  g_assert_cmpint (run (across, NULL), ==, 0);
  g_assert_true (pdf_landscape (pdf));
  g_unlink (pdf);
  g_assert_cmpint (run (sideways, NULL), ==, 2);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpint (run (plan, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 1);
  g_assert_true (pdf_landscape (pdf));
  g_assert_cmpint (run (roster, NULL), ==, 0);
  g_assert_cmpint (pdf_pages (pdf), ==, 3);
  g_unlink (pdf);
  g_assert_cmpint (run (bad, NULL), ==, 2);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/cli/png", test_png);
  g_test_add_func ("/render/cli/png-strips", test_png_strips);
  g_test_add_func ("/render/cli/png-threads", test_png_threads);
  g_test_add_func ("/render/cli/png-wide", test_png_wide);
  g_test_add_func ("/render/cli/interrupted", test_interrupted);
  g_test_add_func ("/render/cli/counters", test_counters);
  g_test_add_func ("/render/cli/counters-errors", test_counters_errors);
  g_test_add_func ("/render/cli/print-map-roster", test_print_map_roster);
  g_test_add_func ("/render/cli/svg-pdf", test_vector_formats);
  g_test_add_func ("/render/cli/errors", test_errors);
  g_test_add_func ("/render/cli/bench-tmx", test_bench_tmx);
  g_test_add_func ("/render/cli/bench-format", test_bench_format);
  g_test_add_func ("/render/cli/bench-load-crowded", test_bench_load_crowded);
  return g_test_run ();
}
