/* mu-cli-png.c: a board written to PNG in strips
 *
 * The board is drawn a strip of rows at a time into a small image and each
 * strip's rows go straight to libpng, so memory is bounded by the width
 * times the strip's height, not by the whole picture: any board exports at
 * full size. Each strip is drawn with the renderer's clip set to it, so the
 * cost of a strip grows with what it shows. With a second processor one
 * thread draws the next strip while another compresses the last one.
 */
#define G_LOG_DOMAIN "muster-cli"
#define _GNU_SOURCE             /* sched_getaffinity */

#include "config.h"

#include "mu-cli-png.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <png.h>
#include <sched.h>
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
  guchar *row;                  /* one row of RGB bytes */
} Writer;

/* One strip's image and how many of its rows hold the picture. */
typedef struct {
  cairo_surface_t *surface;
  int rows;
} Strip;

/* Two strips pass between the drawing thread and a writing thread through
 * two queues: the drawing thread takes a free strip, draws it and hands it
 * to the writer, which writes its rows and hands it back. Drawing strip
 * N + 1 overlaps compressing strip N, memory holds two strips, and the
 * writer takes them in order, so the file is the same byte for byte as one
 * written by a single thread. */
#define PIPELINE_STRIPS 2

typedef struct {
  Writer *writer;
  int width;
  int height;
  GAsyncQueue *drawn;           /* Strip *, for the writer; the end is a Strip of 0 rows */
  GAsyncQueue *free;            /* Strip *, written, for the drawing thread */
  gint failed;                  /* atomic: the writer met an error; drawing stops */
  gint stopped;                 /* atomic: drawing failed; the file is not ended */
} Pipeline;

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

/* Writes the header; libpng's errors come back here by longjmp and end it
 * with FALSE, message set. */
static gboolean
begin (Writer *w,
       int     width,
       int     height)
{
  if (setjmp (png_jmpbuf (w->png)))
    return FALSE;
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
  return TRUE;
}

/* Writes one strip's rows (rows > 0) or ends the file (rows == 0). */
static gboolean
put_strip (Writer *w,
           Strip  *strip)
{
  if (setjmp (png_jmpbuf (w->png)))
    return FALSE;
  if (strip->rows > 0)
    write_strip (w, strip->surface, strip->rows, w->row);
  else
    png_write_end (w->png, w->info);
  return TRUE;
}

/* Draws the board's rows y0 … y0 + rows - 1 into the strip. */
static gboolean
draw_strip (const MuScenario      *scenario,
            const MuRenderOptions *options,
            Strip                 *strip,
            int                    width,
            int                    y0,
            int                    rows,
            GError               **error)
{
  MuRenderOptions o = *options;
  cairo_t *cr = cairo_create (strip->surface);
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
  cairo_surface_flush (strip->surface);
  strip->rows = rows;
  return TRUE;
}

/* The writing thread: every drawn strip in order, then the end. */
static gpointer
write_strips (gpointer data)
{
  Pipeline *p = data;
  gboolean ok = begin (p->writer, p->width, p->height);

  for (;;)
    {
      Strip *strip = g_async_queue_pop (p->drawn);
      gboolean end = strip->rows == 0;

      if (ok && !(end && g_atomic_int_get (&p->stopped)))
        ok = put_strip (p->writer, strip);
      if (!ok)
        g_atomic_int_set (&p->failed, TRUE);
      g_async_queue_push (p->free, strip);
      if (end)
        break;
    }
  return NULL;
}

/* Draws every strip on this thread while another writes them, or on one
 * processor both in turn; the file is the same either way. */
static gboolean
encode (Writer                *w,
        const MuScenario      *scenario,
        const MuRenderOptions *options,
        Strip                 *strips,
        int                    width,
        int                    height,
        gboolean               threaded,
        GError               **error)
{
  Pipeline p = { w, width, height, NULL, NULL, FALSE, FALSE };
  g_autoptr(GThread) thread = NULL;
  Strip end = { NULL, 0 };
  gboolean ok = TRUE;

  if (!threaded)
    {
      ok = begin (w, width, height);
      for (int y0 = 0; ok && y0 < height; y0 += STRIP_ROWS)
        {
          if (!draw_strip (scenario, options, &strips[0], width, y0, MIN (STRIP_ROWS, height - y0), error))
            return FALSE;
          ok = put_strip (w, &strips[0]);
        }
      if (ok)
        ok = put_strip (w, &end);
      if (!ok)
        g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", w->message);
      return ok;
    }

  p.drawn = g_async_queue_new ();
  p.free = g_async_queue_new ();
  for (int i = 0; i < PIPELINE_STRIPS; i++)
    g_async_queue_push (p.free, &strips[i]);
  thread = g_thread_new ("png-writer", write_strips, &p);
  for (int y0 = 0; y0 < height && !g_atomic_int_get (&p.failed); y0 += STRIP_ROWS)
    {
      Strip *strip = g_async_queue_pop (p.free);

      if (!draw_strip (scenario, options, strip, width, y0, MIN (STRIP_ROWS, height - y0), error))
        {
          ok = FALSE;
          g_atomic_int_set (&p.stopped, TRUE);
          g_async_queue_push (p.free, strip);
          break;
        }
      g_async_queue_push (p.drawn, strip);
    }
  g_async_queue_push (p.drawn, &end);
  g_thread_join (g_steal_pointer (&thread));
  g_async_queue_unref (p.drawn);
  g_async_queue_unref (p.free);
  if (ok && g_atomic_int_get (&p.failed))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", w->message);
      ok = FALSE;
    }
  return ok;
}

/* The processors this process may run on: GLib 2.74's count ignores the
 * affinity mask that taskset or a container's cpuset gives. */
static int
usable_processors (void)
{
#ifdef CPU_COUNT
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return CPU_COUNT (&set);
#endif
  return (int) g_get_num_processors ();
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
  Strip strips[PIPELINE_STRIPS] = { { NULL, 0 } };
  /* a second thread only pays where there is a second processor to run it
   * and more than one strip to overlap */
  gboolean threaded = usable_processors () > 1 && height > STRIP_ROWS;
  int n = threaded ? PIPELINE_STRIPS : 1;
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
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
  for (int i = 0; i < n; i++)
    {
      strips[i].surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, MIN (STRIP_ROWS, height));
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (strips[i].surface);
    }
  if (w.info == NULL)
    g_set_error (error, MU_ERROR, MU_ERROR_IO, "out of memory");
  else if (status != CAIRO_STATUS_SUCCESS)
    g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", cairo_status_to_string (status));
  else
    {
      w.row = g_malloc ((gsize) width * 3);
      ok = encode (&w, scenario, options, strips, width, height, threaded, error);
    }
  if (w.png != NULL)
    png_destroy_write_struct (&w.png, w.info != NULL ? &w.info : NULL);
  for (int i = 0; i < n; i++)
    cairo_surface_destroy (strips[i].surface);
  g_free (w.row);
  if (fclose (w.file) != 0 && ok)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s", g_strerror (saved));
      ok = FALSE;
    }
  return ok;
}
