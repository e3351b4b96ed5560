/* mu-render-raster.c: small convex polygons filled straight into an image
 *
 * A hex board's ground is thousands of small hexagons, one solid colour
 * each. cairo fills them correctly but spends most of a board's drawing time
 * on them (its scan converter samples each pixel row fifteen times). Here
 * each polygon's exact area over every pixel is found from its edges alone:
 * an edge crossing a row of pixels adds, to each pixel it passes and to all
 * pixels right of it, the part of that row's height it spans, weighted by
 * how much of the pixel lies right of the edge; a running sum along the row
 * then gives each pixel's coverage. The colour is laid over the pixel by
 * that coverage, as cairo's OVER does, so the picture is cairo's within a
 * level or two of each channel at antialiased edges and the same elsewhere.
 *
 * Only for image targets whose user space maps to pixels by a scale and an
 * offset, and whose clip is one rectangle; mu_raster_begin says when not, and
 * the caller then fills with cairo.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>
#include <string.h>

struct _MuRaster {
  cairo_surface_t *target;
  guint8 *data;
  int stride;
  /* pixel = scale * user + offset, per axis */
  double sx, sy, ox, oy;
  /* the clip in pixels (may be fractional) */
  double cx0, cy0, cx1, cy1;
  gboolean flushed;
  float *acc;
  gsize acc_len;
};

MuRaster *
mu_raster_begin (cairo_t *cr,
                 double   x,
                 double   y,
                 double   width,
                 double   height)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_format_t format;
  cairo_rectangle_list_t *clip;
  cairo_matrix_t m;
  double dsx = 1, dsy = 1, dox = 0, doy = 0;
  MuRaster *r;
  double x0, y0, x1, y1;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return NULL;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)
    return NULL;
  cairo_get_matrix (cr, &m);
  if (m.xy != 0 || m.yx != 0 || m.xx <= 0 || m.yy <= 0)
    return NULL;
  cairo_surface_get_device_scale (target, &dsx, &dsy);
  cairo_surface_get_device_offset (target, &dox, &doy);
  if (dsx <= 0 || dsy <= 0)
    return NULL;

  /* one rectangle, in user space: the clip must be nothing else */
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status != CAIRO_STATUS_SUCCESS || clip->num_rectangles > 1)
    {
      cairo_rectangle_list_destroy (clip);
      return NULL;
    }

  r = g_new0 (MuRaster, 1);
  r->target = target;
  r->sx = m.xx * dsx;
  r->sy = m.yy * dsy;
  r->ox = m.x0 * dsx + dox;
  r->oy = m.y0 * dsy + doy;
  x0 = x;
  y0 = y;
  x1 = x + width;
  y1 = y + height;
  if (clip->num_rectangles == 1)
    {
      const cairo_rectangle_t *c = &clip->rectangles[0];

      x0 = MAX (x0, c->x);
      y0 = MAX (y0, c->y);
      x1 = MIN (x1, c->x + c->width);
      y1 = MIN (y1, c->y + c->height);
    }
  else
    x1 = x0;   /* nothing is visible */
  cairo_rectangle_list_destroy (clip);
  r->cx0 = MAX (0.0, r->sx * x0 + r->ox);
  r->cy0 = MAX (0.0, r->sy * y0 + r->oy);
  r->cx1 = MIN ((double) cairo_image_surface_get_width (target), r->sx * x1 + r->ox);
  r->cy1 = MIN ((double) cairo_image_surface_get_height (target), r->sy * y1 + r->oy);
  return r;
}

void
mu_raster_end (MuRaster *r)
{
  if (r == NULL)
    return;
  if (r->flushed)
    cairo_surface_mark_dirty (r->target);
  g_free (r->acc);
  g_free (r);
}

/* The polygon (n points, in and out) cut by the line coordinate[axis] = v,
 * keeping the side where sign * (coordinate - v) >= 0. */
static int
clip_side (const double *in,
           int           n,
           double       *out,
           int           axis,
           double        v,
           double        sign)
{
  int m = 0;

  for (int i = 0; i < n; i++)
    {
      const double *p = in + 2 * i, *q = in + 2 * ((i + 1) % n);
      double dp = sign * (p[axis] - v), dq = sign * (q[axis] - v);

      if (dp >= 0)
        {
          out[2 * m] = p[0];
          out[2 * m + 1] = p[1];
          m++;
        }
      if ((dp >= 0) != (dq >= 0))
        {
          double t = dp / (dp - dq);

          out[2 * m] = p[0] + t * (q[0] - p[0]);
          out[2 * m + 1] = p[1] + t * (q[1] - p[1]);
          m++;
        }
    }
  return m;
}

/* The share of a pixel column's coverage that lies left of u for an edge
 * running evenly from xa to xb: the integral of clamp (u - x, 0, 1) over x,
 * as R (u - xa) - R (u - xb) with R the integral of clamp (t, 0, 1). */
static inline double
ramp (double v)
{
  return v <= 0 ? 0 : v >= 1 ? v - 0.5 : 0.5 * v * v;
}

/* Adds one edge, in the accumulator's pixels (w wide, h high). */
static void
add_edge (float  *acc,
          int     w,
          int     h,
          double  x0,
          double  y0,
          double  x1,
          double  y1)
{
  double dir = 1, dxdy, x;

  if (y0 == y1)
    return;
  if (y0 > y1)
    {
      double t;

      t = x0, x0 = x1, x1 = t;
      t = y0, y0 = y1, y1 = t;
      dir = -1;
    }
  dxdy = (x1 - x0) / (y1 - y0);
  x = x0;
  for (int y = MAX (0, (int) floor (y0)); y < MIN (h, (int) ceil (y1)); y++)
    {
      double top = MAX ((double) y, y0), bottom = MIN ((double) y + 1, y1);
      double xn = x + dxdy * (bottom - top), d = dir * (bottom - top);
      /* within the box, whatever rounding the steps along the edge gathered */
      double xa = CLAMP (MIN (x, xn), 0.0, w - 2.0), xb = CLAMP (MAX (x, xn), 0.0, w - 2.0), prev = 0;
      float *row = acc + (gsize) y * w;
      int i0 = (int) floor (xa), i1 = (int) floor (xb) + 1;

      if (i1 == i0 + 1 || xb - xa < 1e-9)
        {
          /* within one pixel: the part right of the edge's middle */
          double c = d * CLAMP (i0 + 1 - 0.5 * (xa + xb), 0.0, 1.0);

          row[i0] += (float) c;
          row[i0 + 1] += (float) (d - c);
        }
      else
        {
          double k = d / (xb - xa);

          for (int i = i0; i < i1; i++)
            {
              double c = k * (ramp (i + 1 - xa) - ramp (i + 1 - xb));

              row[i] += (float) (c - prev);
              prev = c;
            }
          row[i1] += (float) (d - prev);
        }
      x = xn;
    }
}

/* One channel laid over another by coverage a (0..255), rounded as pixman does. */
static inline guint32
mix (guint32 src,
     guint32 dst,
     guint32 a)
{
  guint32 t = src * a + dst * (255 - a) + 128;

  return (t + (t >> 8)) >> 8;
}

void
mu_raster_polygon (MuRaster     *r,
                   const double *xy,
                   int           n,
                   guint32       rgb)
{
  double a[2 * 16], b[2 * 16];
  double bx0 = G_MAXDOUBLE, by0 = G_MAXDOUBLE, bx1 = -G_MAXDOUBLE, by1 = -G_MAXDOUBLE;
  int px0, py0, w, h;
  guint32 colour = 0xff000000u | (rgb & 0xffffff);

  g_return_if_fail (n >= 3 && n <= 6);

  for (int i = 0; i < n; i++)
    {
      a[2 * i] = r->sx * xy[2 * i] + r->ox;
      a[2 * i + 1] = r->sy * xy[2 * i + 1] + r->oy;
      bx0 = MIN (bx0, a[2 * i]);
      bx1 = MAX (bx1, a[2 * i]);
      by0 = MIN (by0, a[2 * i + 1]);
      by1 = MAX (by1, a[2 * i + 1]);
    }
  if (bx1 <= r->cx0 || bx0 >= r->cx1 || by1 <= r->cy0 || by0 >= r->cy1)
    return;
  if (bx0 < r->cx0 || bx1 > r->cx1 || by0 < r->cy0 || by1 > r->cy1)
    {
      /* cut to the clip, each side adding at most one point */
      n = clip_side (a, n, b, 0, r->cx0, 1);
      n = clip_side (b, n, a, 0, r->cx1, -1);
      n = clip_side (a, n, b, 1, r->cy0, 1);
      n = clip_side (b, n, a, 1, r->cy1, -1);
      if (n < 3)
        return;
      bx0 = MAX (bx0, r->cx0);
      bx1 = MIN (bx1, r->cx1);
      by0 = MAX (by0, r->cy0);
      by1 = MIN (by1, r->cy1);
    }

  px0 = (int) floor (bx0);
  py0 = (int) floor (by0);
  w = (int) ceil (bx1) - px0 + 2;
  h = (int) ceil (by1) - py0;
  if (w <= 2 || h <= 0)
    return;
  if ((gsize) w * h > r->acc_len)
    {
      r->acc_len = (gsize) w * h;
      g_free (r->acc);
      r->acc = g_new (float, r->acc_len);
    }
  memset (r->acc, 0, sizeof (float) * (gsize) w * h);
  for (int i = 0; i < n; i++)
    {
      int j = (i + 1) % n;

      add_edge (r->acc, w, h, a[2 * i] - px0, a[2 * i + 1] - py0, a[2 * j] - px0, a[2 * j + 1] - py0);
    }

  if (!r->flushed)
    {
      cairo_surface_flush (r->target);
      r->data = cairo_image_surface_get_data (r->target);
      r->stride = cairo_image_surface_get_stride (r->target);
      r->flushed = TRUE;
    }
  for (int y = 0; y < h; y++)
    {
      guint32 *dst = (guint32 *) (r->data + (gsize) (py0 + y) * r->stride) + px0;
      const float *row = r->acc + (gsize) y * w;
      float sum = 0;

      /* the last two columns only carry the edges' spill past the box */
      for (int x = 0; x < w - 2; x++)
        {
          guint32 c, p;

          float v;

          sum += row[x];
          v = fabsf (sum);
          c = v >= 1.0f ? 255 : (guint32) (v * 255.0f + 0.5f);
          if (c == 0)
            continue;
          if (c == 255)
            {
              dst[x] = colour;
              continue;
            }
          p = dst[x];
          dst[x] = mix (colour >> 24, p >> 24, c) << 24 | mix ((colour >> 16) & 0xff, (p >> 16) & 0xff, c) << 16 |
                   mix ((colour >> 8) & 0xff, (p >> 8) & 0xff, c) << 8 | mix (colour & 0xff, p & 0xff, c);
        }
    }
}
