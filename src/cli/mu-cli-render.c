/* mu-cli-render.c: muster-cli render SCENARIO -o FILE — export a board
 *
 * The output format follows the file name: .png (an image), .svg or .pdf
 * (vectors, text as text). --size gives the output width in pixels (PNG) or
 * points (SVG, PDF); the board is scaled to it. Every option is checked
 * (finite, in its documented range) and the output's size is bounded before
 * anything is drawn; the file is saved as every file is (mu_file_save_begin:
 * a temporary renamed into place, so a failure never leaves a partial or
 * empty file; a device or a pipe written straight; “-” standard output).
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "mu-cli-png.h"
#include "muster-cli.h"

#include <cairo.h>
#include <string.h>
#include <unistd.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mu-file.h"
#include "mu-render.h"
#include "mu-scenario-xml.h"

/* The documented ranges (README.md, --help). */
#define MAX_SIZE 16384            /* --size, and each side of an SVG or PDF */
#define MAX_PNG_SIDE 65535        /* each side of a PNG (drawn in strips: memory grows with the width only) */
#define MIN_HEX_SIZE 2.0
#define MAX_HEX_SIZE 500.0
#define MIN_TABLE_SCALE 0.5
#define MAX_TABLE_SCALE 500.0

int mu_cli_render (int argc, char **argv);

/* cairo's SVG and PDF surfaces write through this to the save, which
 * keeps the reason of a failure (cairo's own says only "write error"). */
typedef struct {
  MuFileSave *save;
  GError *error;
} Stream;

static cairo_status_t
write_to_save (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Stream *stream = closure;

  if (stream->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  return mu_file_save_write (stream->save, data, length, &stream->error)
         ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

typedef struct {
  const char *output;
  int percent;
} Progress;

static void
on_progress (int      done,
             int      total,
             gpointer data)
{
  Progress *p = data;
  int percent = (int) (100.0 * done / total);

  if (percent == p->percent)
    return;
  p->percent = percent;
  /* one line, written over as it goes and cleared at the end */
  if (done < total)
    {
      g_autofree char *line = g_strdup_printf (_("render: writing %s: %d %%"), p->output, percent);

      fprintf (stderr, "\r%s\033[K", line);
    }
  else
    fprintf (stderr, "\r\033[K");
  fflush (stderr);
}

int
mu_cli_render (int    argc,
               char **argv)
{
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL;
  g_autofree char *style = NULL;
  g_autofree char *format_name = NULL;
  int size = -1, threads = 0;
  double hex_size = 32.0, table_scale = 20.0;
  gboolean no_grid = FALSE, no_coordinates = FALSE, no_counters = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, N_("png, svg or pdf, when FILE does not end in one (as “-”, standard output)"), N_("FORMAT") },
    { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("Output width in pixels (PNG) or points (SVG, PDF), 1 to 16384"), "W" },
    { "hex-size", 0, 0, G_OPTION_ARG_DOUBLE, &hex_size, N_("Hex size, centre to corner, 2 to 500, when --size is not given (default 32)"), "S" },
    { "table-scale", 0, 0, G_OPTION_ARG_DOUBLE, &table_scale, N_("Pixels per table unit, 0.5 to 500, when --size is not given (default 20)"), "K" },
    { "style", 0, 0, G_OPTION_ARG_STRING, &style, N_("Counter style: classic or nato"), N_("STYLE") },
    { "no-grid", 0, 0, G_OPTION_ARG_NONE, &no_grid, N_("Leave out the hex grid or table grid"), NULL },
    { "no-coordinates", 0, 0, G_OPTION_ARG_NONE, &no_coordinates, N_("Leave out hex numbers"), NULL },
    { "no-counters", 0, 0, G_OPTION_ARG_NONE, &no_counters, N_("Leave out the counters"), NULL },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Draw a PNG on N threads (default: one per processor)"), "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("SCENARIO") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("-o FILE — export a board as PNG, SVG or PDF"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  MuRenderOptions o;
  double w, h, scale = 1.0;
  MuFileSave *save;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  g_autofree char *message = NULL;
  enum { PNG, SVG, PDF } format;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL || output == NULL)
    {
      mu_cli_error ("%s", _("render: give one SCENARIO and -o FILE; see “muster-cli render --help”"));
      return 2;
    }
  if (format_name != NULL && !g_str_equal (format_name, "png") &&
      !g_str_equal (format_name, "svg") && !g_str_equal (format_name, "pdf"))
    {
      mu_cli_error (_("render: unknown --format “%s” (png, svg or pdf)"), format_name);
      return 2;
    }
  if (format_name ? g_str_equal (format_name, "png") : g_str_has_suffix (output, ".png"))
    format = PNG;
  else if (format_name ? g_str_equal (format_name, "svg") : g_str_has_suffix (output, ".svg"))
    format = SVG;
  else if (format_name ? g_str_equal (format_name, "pdf") : g_str_has_suffix (output, ".pdf"))
    format = PDF;
  else
    {
      mu_cli_error (_("render: %s: the output name must end in .png, .svg or .pdf, or give --format"),
                    output);
      return 2;
    }
  if (size != -1 && (size < 1 || size > MAX_SIZE))
    {
      mu_cli_error (_("render: --size %d is out of range: give 1 to %d"), size, MAX_SIZE);
      return 2;
    }
  if (threads < 0 || threads > MU_CLI_PNG_MAX_THREADS)
    {
      mu_cli_error (_("render: --threads %d is out of range: give 1 to %d"), threads, MU_CLI_PNG_MAX_THREADS);
      return 2;
    }
  /* isfinite and the ranges also refuse nan, inf and 1e300. */
  if (!isfinite (hex_size) || hex_size < MIN_HEX_SIZE || hex_size > MAX_HEX_SIZE)
    {
      mu_cli_error (_("render: --hex-size %g is out of range: give %g to %g"), hex_size,
                    MIN_HEX_SIZE, MAX_HEX_SIZE);
      return 2;
    }
  if (!isfinite (table_scale) || table_scale < MIN_TABLE_SCALE || table_scale > MAX_TABLE_SCALE)
    {
      mu_cli_error (_("render: --table-scale %g is out of range: give %g to %g"), table_scale,
                    MIN_TABLE_SCALE, MAX_TABLE_SCALE);
      return 2;
    }

  s = mu_scenario_load_file (files[0], problems, NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));
      fprintf (stderr, "%s\n", line);
    }
  if (s == NULL)
    return 1;

  mu_render_options_init (&o);
  o.hex_size = hex_size;
  o.table_scale = table_scale;
  o.show_grid = !no_grid;
  o.show_coordinates = !no_coordinates;
  o.show_counters = !no_counters;
  if (style && g_str_equal (style, "nato"))
    o.counter_style = MU_COUNTER_STYLE_NATO;
  else if (style && !g_str_equal (style, "classic"))
    {
      mu_cli_error (_("render: unknown counter style “%s” (classic or nato)"), style);
      return 2;
    }
  mu_render_board_size (s, &o, &w, &h);
  if (w <= 0 || h <= 0)
    {
      mu_cli_error (_("render: %s: the scenario has no board to draw"), files[0]);
      return 1;
    }
  if (size > 0)
    {
      /* Draw at the target size rather than scaling a bitmap: crisp at any size. */
      scale = size / w;
      o.hex_size *= scale;
      o.table_scale *= scale;
      mu_render_board_size (s, &o, &w, &h);
    }
  {
    int max_side = format == PNG ? MAX_PNG_SIDE : MAX_SIZE;

    if (!(ceil (w) <= max_side && ceil (h) <= max_side))
      {
        mu_cli_error (_("render: the output would be %.0f × %.0f; %s is at most %d on a side: "
                        "give a smaller --size, --hex-size or --table-scale"),
                      ceil (w), ceil (h), format == PNG ? "a PNG" : format == SVG ? "an SVG" : "a PDF",
                      max_side);
        return 1;
      }
  }
  /* the output appears whole or not at all (a kill removes the temporary) */
  save = mu_file_save_begin (output, 0666, &error);
  if (save == NULL)
    {
      mu_cli_error (_("render: cannot write %s: %s"), output, error->message);
      return 1;
    }
  if (format == PNG)
    {
      /* drawn and written in strips: any board at full size */
      /* a long export says how far it is, on a terminal */
      gboolean show = isatty (STDERR_FILENO) && ceil (w) * ceil (h) >= 50e6;
      Progress p = { output, -1 };

      if (!mu_cli_write_png (s, &o, MAX ((int) ceil (w), 1), MAX ((int) ceil (h), 1), threads,
                             mu_file_save_get_fd (save), show ? on_progress : NULL, &p, &error))
        message = g_strdup (error->message);
    }
  else
    {
      Stream stream = { save, NULL };

      if (format == SVG)
        surface = cairo_svg_surface_create_for_stream (write_to_save, &stream, w, h);
      else
        surface = cairo_pdf_surface_create_for_stream (write_to_save, &stream, w, h);
      cr = cairo_create (surface);
      mu_render_scenario (cr, s, &o);
      status = cairo_status (cr);
      cairo_destroy (cr);
      if (status == CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_finish (surface);
          status = cairo_surface_status (surface);
        }
      cairo_surface_destroy (surface);
      if (stream.error != NULL)
        message = g_strdup (stream.error->message);
      else if (status != CAIRO_STATUS_SUCCESS)
        message = g_strdup (cairo_status_to_string (status));
      g_clear_error (&stream.error);
    }
  if (message != NULL)
    mu_file_save_abort (save);
  else if (!mu_file_save_commit (save, &error))
    message = g_strdup (error->message);
  if (message != NULL)
    {
      mu_cli_error (_("render: cannot write %s: %s"), output, message);
      return 1;
    }
  return 0;
}
