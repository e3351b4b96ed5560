/* mu-cli-png.c: a board written to PNG in strips
 *
 * The board is drawn a strip of rows at a time into a small image and each
 * strip's rows go straight to libpng, so memory is bounded by the width
 * times the strip's height, not by the whole picture: any board exports at
 * full size. Each strip is drawn with the renderer's clip set to it, so the
 * cost of a strip grows with what it shows.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "mu-cli-png.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>

#include "mu-error.h"

/* Rows drawn at a time: 256 rows of a 16,384-pixel board are 16 MB. */
#define STRIP_ROWS 256

typedef struct {
  FILE *file;
  png_structp png;
  png_infop info;
  char message[256];
} Writer;

static void
on_png_error (png_structp png,
              const char *message)
{
  Writer *w = png_get_error_ptr (png);

  g_strlcpy (w->message, message, sizeof w->message);
  longjmp (png_jmpbuf (png), 1);
}

static void
on_png_warning (png_structp png,
                const char *message)
{
}

/* The strip's rows, cairo's native 0xXXRRGGBB words, as PNG's RGB bytes. */
static void
write_strip (Writer          *w,
             cairo_surface_t *strip,
             int              rows,
             guchar          *row)
{
  const guchar *data = cairo_image_surface_get_data (strip);
  int stride = cairo_image_surface_get_stride (strip);
  int width = cairo_image_surface_get_width (strip);

  for (int y = 0; y < rows; y++)
    {
      const guint32 *pixels = (const guint32 *) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        {
          guint32 p = pixels[x];

          row[3 * x] = (p >> 16) & 0xff;
          row[3 * x + 1] = (p >> 8) & 0xff;
          row[3 * x + 2] = p & 0xff;
        }
      png_write_row (w->png, row);
    }
}

/* Draws every strip and writes it; libpng's errors come back here by
 * longjmp and end it with FALSE.
 *
 * Measured on the synthetic 100 × 100 board at 1,920 px (bench render
 * --export, whole processes, medians of 15 to 20 runs taken in turn, on two
 * shared and busy processors): drawing the next strip on one thread while
 * another compressed the last one gave the same file byte for byte but no
 * shorter wall time (0.99 to 1.06 of this loop's) and 3 % more CPU, as no
 * processor was idle to take the second thread; it can only pay on an idle
 * machine. libdeflate at level 4 compresses this board's rows to the same
 * size as zlib at level 3 in 50 ms instead of 78 ms, but compresses a whole
 * buffer at a time, not a strip. */
static gboolean
encode (Writer                *w,
        const MuScenario      *scenario,
        const MuRenderOptions *options,
        cairo_surface_t       *strip,
        guchar                *row,
        int                    width,
        int                    height,
        GError               **error)
{
  if (setjmp (png_jmpbuf (w->png)))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", w->message);
      return FALSE;
    }
  png_init_io (w->png, w->file);
  png_set_IHDR (w->png, w->info, (png_uint_32) width, (png_uint_32) height, 8, PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  /* measured on the synthetic 100 × 100 board at 1,703 px (muster-cli bench
   * render --export): no filter gave the smallest file (2.94 MB against
   * 3.69 MB with Up and Paeth, at level 3) as the maps' textures defeat the
   * predictors, and level 3 costs 0.32 s of CPU against 0.40 s at level 6
   * for a file 3 % larger */
  png_set_filter (w->png, 0, PNG_FILTER_NONE);
  png_set_compression_level (w->png, 3);
  png_write_info (w->png, w->info);

  for (int y0 = 0; y0 < height; y0 += STRIP_ROWS)
    {
      int rows = MIN (STRIP_ROWS, height - y0);
      MuRenderOptions o = *options;
      cairo_t *cr = cairo_create (strip);
      cairo_status_t status;

      /* the clip is in board pixels, as the renderer's other callers give it */
      o.clip_x = 0;
      o.clip_y = y0;
      o.clip_width = width;
      o.clip_height = rows;
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, 0, -y0);
      cairo_rectangle (cr, 0, y0, width, rows);
      cairo_clip (cr);
      mu_render_scenario (cr, scenario, &o);
      status = cairo_status (cr);
      cairo_destroy (cr);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", cairo_status_to_string (status));
          return FALSE;
        }
      cairo_surface_flush (strip);
      write_strip (w, strip, rows, row);
    }
  png_write_end (w->png, w->info);
  return TRUE;
}

gboolean
mu_cli_write_png (const MuScenario      *scenario,
                  const MuRenderOptions *options,
                  int                    width,
                  int                    height,
                  const char            *path,
                  GError               **error)
{
  Writer w = { 0 };
  cairo_surface_t *strip = NULL;
  g_autofree guchar *row = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  w.file = g_fopen (path, "wb");
  if (w.file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }
  w.png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &w, on_png_error, on_png_warning);
  w.info = w.png != NULL ? png_create_info_struct (w.png) : NULL;
  strip = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, MIN (STRIP_ROWS, height));
  if (w.info == NULL)
    g_set_error (error, MU_ERROR, MU_ERROR_IO, "out of memory");
  else if (cairo_surface_status (strip) != CAIRO_STATUS_SUCCESS)
    g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", cairo_status_to_string (cairo_surface_status (strip)));
  else
    {
      row = g_malloc ((gsize) width * 3);
      ok = encode (&w, scenario, options, strip, row, width, height, error);
    }
  if (w.png != NULL)
    png_destroy_write_struct (&w.png, w.info != NULL ? &w.info : NULL);
  cairo_surface_destroy (strip);
  if (fclose (w.file) != 0 && ok)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s", g_strerror (saved));
      ok = FALSE;
    }
  return ok;
}
