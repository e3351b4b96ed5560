/* mu-cli-png.c: a board written to PNG in strips, on every processor
 *
 * The board is drawn a strip of rows at a time into a small image, with the
 * renderer's clip set to the strip, so the cost of a strip grows with what it
 * shows and memory is bounded by the width, not by the whole picture: any
 * board exports at full size.
 *
 * Each strip's rows are also compressed on their own (by ISA-L's igzip, some
 * six times faster than zlib, or by zlib in a build without ISA-L, which
 * some architectures do not package), as a piece of the one zlib stream a PNG holds:
 * a raw deflate stream that ends on a byte with an empty stored block (a sync
 * flush), the last one with the final block. The strips are thus independent
 * and are drawn and compressed by several threads at once, one strip each at
 * a time, while this thread writes the finished ones in order, joining their
 * Adler-32 sums. The file is the same byte for byte whatever the number of
 * threads. A thread draws with its own cairo context and surface and keeps
 * its own images of terrain symbols and kinds of counter for all its strips
 * (they are painted at whole pixels, so the same wherever a strip falls); the
 * renderer keeps no other state between calls.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "mu-cli-png.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#ifdef MU_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include "mu-error.h"

/* Rows drawn at a time, and the widest part of them drawn at once: cairo's
 * images are at most 32,767 pixels a side, and 256 rows of 8,192 pixels
 * are 8 MB. A wider board is drawn in tiles side by side. */
#define STRIP_ROWS 256
#define TILE_COLS 8192

/* Measured on the rows of the synthetic 100 × 100 board at 1,920 px (muster-cli
 * bench render --export, 9.6 MB of rows, CPU time of the compression alone):
 * igzip at level 2 gives 3.17 MB in 13 ms, at level 1 3.23 MB in 12 ms, at
 * level 3 3.24 MB in 26 ms; zlib at level 3 gave 2.97 MB in 81 ms, libdeflate
 * (whole, it cannot compress in pieces) 2.97 MB in 54 ms at level 4. No filter
 * gives the smallest file, as the maps' detail defeats the predictors
 * (igzip level 2: Sub 3.64 MB, Up 3.62 MB, Paeth 3.71 MB, the best of the
 * five per row 3.73 MB). */
#ifdef MU_HAVE_ISAL
#define LEVEL 2
#define LEVEL_BUF_SIZE ISAL_DEF_LVL2_DEFAULT
#else
/* zlib at level 1: 3.07 MB, the whole export taking 1.6 times the CPU time
 * of igzip's (0.154 s against 0.095 s on one thread) */
#define LEVEL 1
#endif

/* One thread's compressor, reused for each of its strips. */
typedef struct {
#ifdef MU_HAVE_ISAL
  struct isal_zstream z;
  guchar *level_buf;
#else
  z_stream z;
  gboolean ready;
#endif
} Deflater;

static void
deflater_init (Deflater *d)
{
  memset (d, 0, sizeof *d);
#ifdef MU_HAVE_ISAL
  d->level_buf = g_malloc (LEVEL_BUF_SIZE);
#else
  /* raw deflate (negative window bits): the writer gives the stream's one header */
  d->ready = deflateInit2 (&d->z, LEVEL, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
#endif
}

static void
deflater_clear (Deflater *d)
{
#ifdef MU_HAVE_ISAL
  g_free (d->level_buf);
#else
  if (d->ready)
    deflateEnd (&d->z);
#endif
}

static guint32
rows_adler32 (const guchar *data,
              gsize         len)
{
#ifdef MU_HAVE_ISAL
  return isal_adler32 (1, data, len);
#else
  uLong a = adler32 (0, NULL, 0);

  /* zlib takes at most 4 GiB at a time; a strip's rows are far less */
  return (guint32) adler32 (a, data, (uInt) len);
#endif
}

/* Compresses len bytes of in into out (room for cap bytes) as a raw deflate
 * piece ending on a byte with a sync flush, or with the final block if last;
 * the bytes written, or 0 on failure. */
static gsize
deflater_piece (Deflater     *d,
                const guchar *in,
                gsize         len,
                gboolean      last,
                guchar       *out,
                gsize         cap)
{
#ifdef MU_HAVE_ISAL
  struct isal_zstream *z = &d->z;

  isal_deflate_init (z);
  z->level = LEVEL;
  z->level_buf = d->level_buf;
  z->level_buf_size = LEVEL_BUF_SIZE;
  z->gzip_flag = IGZIP_DEFLATE;
  z->end_of_stream = last;
  z->flush = last ? NO_FLUSH : SYNC_FLUSH;
  z->next_in = (guchar *) in;
  z->avail_in = (guint32) len;
  z->next_out = out;
  z->avail_out = (guint32) cap;
  if (isal_deflate (z) != COMP_OK || z->avail_in != 0 || z->avail_out == 0 ||
      (last && z->internal_state.state != ZSTATE_END))
    return 0;
  return cap - z->avail_out;
#else
  z_stream *z = &d->z;

  if (!d->ready || deflateReset (z) != Z_OK)
    return 0;
  z->next_in = (Bytef *) in;
  z->avail_in = (uInt) len;
  z->next_out = out;
  z->avail_out = (uInt) cap;
  if (deflate (z, last ? Z_FINISH : Z_SYNC_FLUSH) != (last ? Z_STREAM_END : Z_OK) ||
      z->avail_in != 0 || z->avail_out == 0)
    return 0;
  return cap - z->avail_out;
#endif
}

typedef struct {
  guchar *data;     /* the strip's deflate bytes, NULL until done */
  gsize len;
  guint32 adler;    /* of the strip's filtered rows */
  gsize raw_len;
} Strip;

typedef struct {
  const MuScenario *scenario;
  const MuRenderOptions *options;
  int width, height, n_strips, ahead;

  GMutex lock;
  GCond cond;
  int next;         /* the next strip a thread takes */
  int written;      /* strips written to the file so far */
  Strip *strips;
  char *error;      /* the first failure, which stops every thread */
  MuCliPngProgress progress;
  gpointer progress_data;
} Job;

/* Draws strip k, a tile of at most TILE_COLS columns at a time into surface,
 * and lays its rows out as PNG rows in rows_buf; FALSE with *error on failure. */
static gboolean
draw_strip_rows (Job             *job,
                 int              k,
                 cairo_surface_t *surface,
                 MuRenderCache   *sprites,
                 guchar          *rows_buf,
                 char           **error)
{
  int y0 = k * STRIP_ROWS, rows = MIN (STRIP_ROWS, job->height - y0);
  gsize row_len = 1 + (gsize) job->width * 3;

  for (int y = 0; y < rows; y++)
    rows_buf[(gsize) y * row_len] = 0;   /* filter type None */
  for (int x0 = 0; x0 < job->width; x0 += TILE_COLS)
    {
      int cols = MIN (TILE_COLS, job->width - x0);
      MuRenderOptions o = *job->options;
      cairo_t *cr = cairo_create (surface);
      cairo_status_t status;
      const guchar *data;
      int stride;

      /* the clip is in board pixels, as the renderer's other callers give it */
      o.clip_x = x0;
      o.clip_y = y0;
      o.clip_width = cols;
      o.clip_height = rows;
      /* one thread's symbols and kinds of counter, drawn once for all its strips */
      o.cache = sprites;
      o.cache_counter_parts = TRUE;
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, -x0, -y0);
      cairo_rectangle (cr, x0, y0, cols, rows);
      cairo_clip (cr);
      mu_render_scenario (cr, job->scenario, &o);
      status = cairo_status (cr);
      cairo_destroy (cr);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          *error = g_strdup (cairo_status_to_string (status));
          return FALSE;
        }
      cairo_surface_flush (surface);
      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);

      /* cairo's native 0xXXRRGGBB words as RGB bytes */
      for (int y = 0; y < rows; y++)
        {
          const guint32 *pixels = (const guint32 *) (data + (gsize) y * stride);
          guchar *row = rows_buf + (gsize) y * row_len + 1 + (gsize) x0 * 3;

          for (int x = 0; x < cols; x++)
            {
              guint32 p = pixels[x];

              row[3 * x] = (p >> 16) & 0xff;
              row[3 * x + 1] = (p >> 8) & 0xff;
              row[3 * x + 2] = p & 0xff;
            }
        }
    }
  return TRUE;
}

/* Draws strip k and compresses its rows; FALSE with *error on failure. */
static gboolean
draw_strip (Job                  *job,
            int                   k,
            cairo_surface_t      *surface,
            MuRenderCache        *sprites,
            guchar               *rows_buf,
            Deflater             *deflater,
            Strip                *out,
            char                **error)
{
  int y0 = k * STRIP_ROWS, rows = MIN (STRIP_ROWS, job->height - y0);
  gsize row_len = 1 + (gsize) job->width * 3;
  gboolean last = y0 + rows == job->height;
  gsize cap;

  if (!draw_strip_rows (job, k, surface, sprites, rows_buf, error))
    return FALSE;
  out->raw_len = row_len * rows;
  out->adler = rows_adler32 (rows_buf, out->raw_len);

  /* a raw deflate piece (no zlib header: the writer gives the stream's one
   * header), ending on a byte with a sync flush, or the final block; room
   * for the rows stored as they are, should they not compress */
  cap = out->raw_len + out->raw_len / 64 + 1024;
  out->data = g_malloc (cap);
  out->len = deflater_piece (deflater, rows_buf, out->raw_len, last, out->data, cap);
  if (out->len == 0)
    {
      *error = g_strdup ("cannot compress");
      return FALSE;
    }
  /* a sync flush ends with an empty stored block: the next piece starts on a byte */
  if (!last && (out->len < 4 || memcmp (out->data + out->len - 4, "\0\0\xff\xff", 4) != 0))
    {
      *error = g_strdup ("cannot compress");
      return FALSE;
    }
  return TRUE;
}

static gpointer
worker (gpointer data)
{
  Job *job = data;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, MIN (TILE_COLS, job->width),
                                                         MIN (STRIP_ROWS, job->height));
  g_autofree guchar *rows = g_malloc ((1 + (gsize) job->width * 3) * STRIP_ROWS);
  g_autoptr(MuRenderCache) sprites = mu_render_cache_new ();
  Deflater deflater;
  char *error = NULL;

  deflater_init (&deflater);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    error = g_strdup (cairo_status_to_string (cairo_surface_status (surface)));

  g_mutex_lock (&job->lock);
  while (error == NULL && job->error == NULL && job->next < job->n_strips)
    {
      int k;
      Strip strip = { 0 };

      /* at most `ahead` strips drawn and not yet written: memory stays bounded */
      if (job->next >= job->written + job->ahead)
        {
          g_cond_wait (&job->cond, &job->lock);
          continue;
        }
      k = job->next++;
      g_mutex_unlock (&job->lock);
      if (!draw_strip (job, k, surface, sprites, rows, &deflater, &strip, &error))
        g_clear_pointer (&strip.data, g_free);
      g_mutex_lock (&job->lock);
      if (error == NULL)
        job->strips[k] = strip;
      g_cond_broadcast (&job->cond);
    }
  if (error != NULL && job->error == NULL)
    job->error = g_steal_pointer (&error);
  g_cond_broadcast (&job->cond);
  g_mutex_unlock (&job->lock);

  g_free (error);
  deflater_clear (&deflater);
  cairo_surface_destroy (surface);
  return NULL;
}

/* Records the first failure and wakes every thread to stop. */
static void
fail (Job        *job,
      const char *message)
{
  g_mutex_lock (&job->lock);
  if (job->error == NULL)
    job->error = g_strdup (message);
  g_cond_broadcast (&job->cond);
  g_mutex_unlock (&job->lock);
}

/* PNG chunks ---------------------------------------------------------------------------------- */

static void
put_be32 (guchar *p, guint32 v)
{
  p[0] = v >> 24;
  p[1] = (v >> 16) & 0xff;
  p[2] = (v >> 8) & 0xff;
  p[3] = v & 0xff;
}

/* Writes a chunk of the given type whose data are the two parts, one after the other. */
static gboolean
write_chunk (FILE         *file,
             const char   *type,
             const guchar *a,
             gsize         a_len,
             const guchar *b,
             gsize         b_len)
{
  guchar head[8], tail[4];
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  put_be32 (head, (guint32) (a_len + b_len));
  memcpy (head + 4, type, 4);
  if (a_len > 0)
    crc = crc32 (crc, a, (uInt) a_len);
  if (b_len > 0)
    crc = crc32 (crc, b, (uInt) b_len);
  put_be32 (tail, (guint32) crc);
  return fwrite (head, 1, 8, file) == 8 && (a_len == 0 || fwrite (a, 1, a_len, file) == a_len) &&
         (b_len == 0 || fwrite (b, 1, b_len, file) == b_len) && fwrite (tail, 1, 4, file) == 4;
}

static gboolean
write_head (FILE *file,
            int   width,
            int   height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guchar ihdr[13];

  put_be32 (ihdr, (guint32) width);
  put_be32 (ihdr + 4, (guint32) height);
  ihdr[8] = 8;    /* bits per sample */
  ihdr[9] = 2;    /* RGB */
  ihdr[10] = 0;   /* deflate */
  ihdr[11] = 0;   /* adaptive filtering, each row's type in its first byte */
  ihdr[12] = 0;   /* not interlaced */
  return fwrite (signature, 1, 8, file) == 8 && write_chunk (file, "IHDR", ihdr, 13, NULL, 0);
}

/* Writes strips as they are done, in order; the drawing threads run meanwhile. */
static gboolean
write_strips (Job  *job,
              FILE *file)
{
  /* zlib header: deflate with a 32 KiB window, the level class "fastest"
   * (igzip's levels are zlib's 1 and below), its check bits making it a
   * multiple of 31 */
  guchar header[2] = { 0x78, 0 };
  guint32 adler = adler32 (0, NULL, 0);

  header[1] += (31 - (header[0] * 256 + header[1]) % 31) % 31;
  for (int k = 0; k < job->n_strips; k++)
    {
      Strip strip;
      gboolean ok;

      g_mutex_lock (&job->lock);
      while (job->strips[k].data == NULL && job->error == NULL)
        g_cond_wait (&job->cond, &job->lock);
      strip = job->strips[k];
      job->strips[k].data = NULL;
      g_mutex_unlock (&job->lock);
      if (strip.data == NULL)
        return FALSE;

      adler = adler32_combine (adler, strip.adler, (z_off_t) strip.raw_len);
      if (k == 0)
        ok = write_chunk (file, "IDAT", header, 2, strip.data, strip.len);
      else
        ok = write_chunk (file, "IDAT", NULL, 0, strip.data, strip.len);
      g_free (strip.data);

      if (!ok)
        {
          fail (job, g_strerror (errno));
          return FALSE;
        }
      g_mutex_lock (&job->lock);
      job->written = k + 1;
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
      if (job->progress != NULL)
        job->progress (k + 1, job->n_strips, job->progress_data);
    }
  {
    guchar trailer[4];

    put_be32 (trailer, adler);
    if (!write_chunk (file, "IDAT", trailer, 4, NULL, 0) || !write_chunk (file, "IEND", NULL, 0, NULL, 0))
      {
        fail (job, g_strerror (errno));
        return FALSE;
      }
  }
  return TRUE;
}

int
mu_cli_png_threads (void)
{
  return CLAMP ((int) g_get_num_processors (), 1, MU_CLI_PNG_MAX_THREADS);
}

gboolean
mu_cli_write_png (const MuScenario      *scenario,
                  const MuRenderOptions *options,
                  int                    width,
                  int                    height,
                  int                    threads,
                  int                    fd,
                  MuCliPngProgress       progress,
                  gpointer               progress_data,
                  GError               **error)
{
  Job job = { 0 };
  g_autofree GThread **workers = NULL;
  int n_workers;
  guint n_strips;
  FILE *file;
  gboolean ok;

  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  /* a stream of its own: closing it leaves FD to the caller's save */
  fd = dup (fd);
  file = fd >= 0 ? fdopen (fd, "wb") : NULL;
  if (file == NULL)
    {
      int saved = errno;

      if (fd >= 0)
        close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }

  job.scenario = scenario;
  job.options = options;
  job.progress = progress;
  job.progress_data = progress_data;
  job.width = width;
  job.height = height;
  n_strips = ((guint) height + STRIP_ROWS - 1) / STRIP_ROWS;
  job.n_strips = (int) n_strips;
  job.strips = g_new0 (Strip, n_strips);
  g_mutex_init (&job.lock);
  g_cond_init (&job.cond);
  n_workers = CLAMP (threads > 0 ? threads : mu_cli_png_threads (), 1, MIN (job.n_strips, MU_CLI_PNG_MAX_THREADS));
  job.ahead = 2 * n_workers;

  workers = g_new0 (GThread *, (guint) n_workers);
  for (int i = 0; i < n_workers; i++)
    workers[i] = g_thread_new ("png-strips", worker, &job);
  ok = write_head (file, width, height);
  if (!ok)
    fail (&job, g_strerror (errno));
  else
    ok = write_strips (&job, file);
  for (int i = 0; i < n_workers; i++)
    g_thread_join (workers[i]);

  if (fclose (file) != 0 && ok)
    {
      ok = FALSE;
      fail (&job, g_strerror (errno));
    }
  if (!ok)
    g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", job.error != NULL ? job.error : "cannot write");
  for (int k = 0; k < job.n_strips; k++)
    g_free (job.strips[k].data);
  g_free (job.strips);
  g_free (job.error);
  g_mutex_clear (&job.lock);
  g_cond_clear (&job.cond);
  return ok;
}
