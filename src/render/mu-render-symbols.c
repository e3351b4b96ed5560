/* mu-render-symbols.c: the symbols printed on terrain hexes
 *
 * Trees for woodland, blocks of buildings for settlements, tufts and open
 * water for marsh, furrows for fields, waves for water, rocks for rough
 * ground. Each is drawn for one hex around the origin, so the terrain layer
 * can either draw it in place (vector output) or stamp a sprite of it.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>

#define WATER_DARK 0x2f64a3

/* `h` picks one of a few variants so neighbouring hexes do not look stamped. */

static void
symbol_woods (cairo_t *cr, guint32 h, double s, double dev)
{
  static const double spots[7][2] = {
    { 0.0, 0.0 }, { -0.45, -0.24 }, { 0.45, -0.24 }, { -0.45, 0.26 }, { 0.45, 0.26 },
    { 0.0, -0.5 }, { 0.0, 0.5 },
  };
  double xy[7][3];

  for (int i = 0; i < 7; i++)
    {
      xy[i][0] = s * (spots[i][0] + 0.07 * mu_jitter (h, i));
      xy[i][1] = s * (spots[i][1] + 0.07 * mu_jitter (h, i + 1));
      xy[i][2] = s * (0.21 + 0.03 * mu_jitter (h, i + 2));
    }
  /* Shadow, crowns, outline and a light spot. */
  for (int i = 0; i < 7; i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, xy[i][0] + 0.05 * s, xy[i][1] + 0.06 * s, xy[i][2], 0, 2 * G_PI);
    }
  mu_set_rgba (cr, 0x3f5f2a, 0.55);
  cairo_fill (cr);
  for (int i = 0; i < 7; i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, xy[i][0], xy[i][1], xy[i][2], 0, 2 * G_PI);
    }
  mu_set_rgb (cr, 0x6e9d48);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x2f4c1f);
  cairo_set_line_width (cr, MAX (0.03 * s, 0.5 / dev));
  cairo_stroke (cr);
  for (int i = 0; i < 7; i++)
    {
      double r = xy[i][2];
      cairo_new_sub_path (cr);
      cairo_arc (cr, xy[i][0] - 0.3 * r, xy[i][1] - 0.3 * r, 0.35 * r, 0, 2 * G_PI);
    }
  mu_set_rgba (cr, 0xb9d98f, 0.7);
  cairo_fill (cr);
}

static void
symbol_settlement (cairo_t *cr, guint32 h, double s, double dev)
{
  /* Blocks of houses around a crossing, some with a wing. */
  static const double spots[6][2] = {
    { -0.42, -0.36 }, { 0.12, -0.46 }, { 0.38, -0.12 }, { -0.5, 0.08 }, { -0.12, 0.3 }, { 0.3, 0.32 },
  };

  for (int i = 0; i < 6; i++)
    {
      double x = s * (spots[i][0] + 0.05 * mu_jitter (h, i));
      double y = s * (spots[i][1] + 0.05 * mu_jitter (h, i + 3));
      double w = s * (0.24 + 0.05 * mu_jitter (h, i + 1));
      double d = s * (0.16 + 0.04 * mu_jitter (h, i + 2));

      if ((h >> (i + 3)) & 1)
        {
          double t = w;
          w = d;
          d = t;
        }
      cairo_rectangle (cr, x - w / 2, y - d / 2, w, d);
      if ((h >> (i + 12)) & 1)
        cairo_rectangle (cr, x + w / 2, y - d / 2, 0.1 * s, 0.1 * s);
    }
  mu_set_rgb (cr, 0x9a4434);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x3a1a12);
  cairo_set_line_width (cr, MAX (0.025 * s, 0.5 / dev));
  cairo_stroke (cr);
}

static void
symbol_marsh (cairo_t *cr, guint32 h, double s, double dev)
{
  static const double spots[5][2] = { { -0.4, -0.3 }, { 0.35, -0.35 }, { 0, 0.05 }, { -0.35, 0.42 }, { 0.42, 0.38 } };

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (0.03 * s, 0.5 / dev));
  for (int pass = 0; pass < 2; pass++)
    {
      for (int i = 0; i < 5; i++)
        {
          double x = s * (spots[i][0] + 0.06 * mu_jitter (h, i));
          double y = s * (spots[i][1] + 0.05 * mu_jitter (h, i + 5));
          if (pass == 0)
            {
              cairo_move_to (cr, x - 0.17 * s, y + 0.04 * s);
              cairo_line_to (cr, x + 0.17 * s, y + 0.04 * s);
              cairo_move_to (cr, x - 0.09 * s, y + 0.09 * s);
              cairo_line_to (cr, x + 0.09 * s, y + 0.09 * s);
            }
          else
            {
              cairo_move_to (cr, x - 0.09 * s, y - 0.14 * s);
              cairo_line_to (cr, x, y);
              cairo_line_to (cr, x, y - 0.19 * s);
              cairo_move_to (cr, x, y);
              cairo_line_to (cr, x + 0.09 * s, y - 0.14 * s);
            }
        }
      mu_set_rgb (cr, pass == 0 ? 0x4f86b8 : 0x3c6a30);
      cairo_stroke (cr);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

/* Clips the line through (px, py) with direction (ux, uy) to a convex polygon
 * of n points; returns FALSE when it misses. */
static gboolean
clip_line_convex (const double (*poly)[2],
                  int           n,
                  double        px,
                  double        py,
                  double        ux,
                  double        uy,
                  double       *t0,
                  double       *t1)
{
  double lo = -1e9, hi = 1e9;

  for (int i = 0; i < n; i++)
    {
      double ax = poly[i][0], ay = poly[i][1];
      double bx = poly[(i + 1) % n][0], by = poly[(i + 1) % n][1];
      /* Inward normal for a clockwise (screen) polygon. */
      double nx = -(by - ay), ny = bx - ax;
      double denom = nx * ux + ny * uy;
      double num = nx * (px - ax) + ny * (py - ay);

      if (fabs (denom) < 1e-12)
        {
          if (num < 0)
            return FALSE;
          continue;
        }
      {
        double t = -num / denom;
        if (denom > 0)
          lo = MAX (lo, t);
        else
          hi = MIN (hi, t);
      }
    }
  *t0 = lo;
  *t1 = hi;
  return lo < hi;
}

static void
symbol_fields (cairo_t *cr, guint32 h, double s, double dev, const double (*corner)[2])
{
  double poly[6][2], a = G_PI / 6 + (h % 3) * G_PI / 3, ux = cos (a), uy = sin (a);

  for (int k = 0; k < 6; k++)
    {
      poly[k][0] = corner[k][0] * 0.84;
      poly[k][1] = corner[k][1] * 0.84;
    }
  for (int i = -4; i <= 4; i++)
    {
      double px = -uy * i * 0.17 * s, py = ux * i * 0.17 * s, t0, t1;
      if (!clip_line_convex ((const double (*)[2]) poly, 6, px, py, ux, uy, &t0, &t1))
        continue;
      cairo_move_to (cr, px + ux * t0, py + uy * t0);
      cairo_line_to (cr, px + ux * t1, py + uy * t1);
    }
  mu_set_rgb (cr, 0xb99a45);
  cairo_set_line_width (cr, MAX (0.035 * s, 0.5 / dev));
  cairo_stroke (cr);
}

static void
symbol_water (cairo_t *cr, guint32 h, double s, double dev)
{
  static const double waves[4][2] = { { -0.4, -0.35 }, { 0.3, -0.2 }, { -0.25, 0.3 }, { 0.4, 0.4 } };

  for (int i = 0; i < 4; i++)
    {
      double x = s * (waves[i][0] + 0.05 * mu_jitter (h, i));
      double y = s * (waves[i][1] + 0.05 * mu_jitter (h, i + 4));
      double w = 0.12 * s;
      cairo_move_to (cr, x - w, y);
      cairo_curve_to (cr, x - w / 2, y - w / 2, x, y - w / 2, x, y);
      cairo_curve_to (cr, x, y + w / 2, x + w / 2, y + w / 2, x + w, y);
    }
  mu_set_rgba (cr, WATER_DARK, 0.6);
  cairo_set_line_width (cr, MAX (0.03 * s, 0.5 / dev));
  cairo_stroke (cr);
}

static void
symbol_rough (cairo_t *cr, guint32 h, double s, double dev)
{
  static const double rocks[5][2] = { { -0.4, -0.3 }, { 0.3, -0.4 }, { 0.05, 0.05 }, { -0.3, 0.4 }, { 0.45, 0.3 } };

  for (int i = 0; i < 5; i++)
    {
      double x = s * (rocks[i][0] + 0.05 * mu_jitter (h, i));
      double y = s * (rocks[i][1] + 0.05 * mu_jitter (h, i + 5));
      double r = s * (0.09 + 0.03 * mu_jitter (h, i + 2));
      cairo_move_to (cr, x - r, y + r * 0.6);
      cairo_line_to (cr, x - r * 0.3, y - r * 0.7);
      cairo_line_to (cr, x + r * 0.4, y - r * 0.4);
      cairo_line_to (cr, x + r, y + r * 0.6);
      cairo_close_path (cr);
    }
  mu_set_rgb (cr, 0xa08c66);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x5a4a32);
  cairo_set_line_width (cr, MAX (0.025 * s, 0.5 / dev));
  cairo_stroke (cr);
}

void
mu_render_terrain_symbol (cairo_t              *cr,
        MuTerrain             terrain,
        int                   variant,
        double                s,
        double                dev,
        const double        (*corner)[2])
{
  guint32 h = mu_hex_hash (variant, terrain, 99);

  switch (terrain)
    {
    case MU_TERRAIN_WOODLAND:
      symbol_woods (cr, h, s, dev);
      break;
    case MU_TERRAIN_SETTLEMENT:
      symbol_settlement (cr, h, s, dev);
      break;
    case MU_TERRAIN_MARSH:
      symbol_marsh (cr, h, s, dev);
      break;
    case MU_TERRAIN_FIELDS:
      symbol_fields (cr, h, s, dev, corner);
      break;
    case MU_TERRAIN_WATER:
      symbol_water (cr, h, s, dev);
      break;
    case MU_TERRAIN_ROUGH:
      symbol_rough (cr, h, s, dev);
      break;
    default:
      break;
    }
}

