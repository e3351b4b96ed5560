/* mu-render-hexside.c: features along hexsides
 *
 * Streams meander along the hexside, hedges are rows of bushes, walls a
 * stone line, fortifications a sawtooth whose teeth face away from the hex
 * that owns the hexside, breaches a gap with a red burst; fords and bridges
 * cross the hexside at its middle.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-hex-private.h"

#include <math.h>
#include <string.h>

/* Hexsides -------------------------------------------------------------------------------- */

/* A hexside of the hex centred at (cx, cy), its side dir (0..2), running
 * from (x1, y1) to (x2, y2), with these features. */
typedef void (*SideFunc) (MuHexDraw *c, double x1, double y1, double x2, double y2,
                          double cx, double cy, int dir, guint features, gpointer data);

/* Calls func for every hexside near the view whose features match mask. */
static gboolean
for_each_side (MuHexDraw      *c,
               guint     mask,
               SideFunc  func,
               gpointer  data)
{
  const MuHexMap *map = c->map;
  int stride = map->grid.cols + 2;
  gboolean any = FALSE;

  for (int row = MAX (0, c->r0 - 1); row <= MIN (map->grid.rows + 1, c->r1 + 1); row++)
    for (int col = MAX (0, c->c0 - 1); col <= MIN (map->grid.cols + 1, c->c1 + 1); col++)
      for (int d = 0; d < 3; d++)
        {
          guint f = map->sides[(row * stride + col) * 3 + d];
          double cx, cy, x1, y1, x2, y2;

          if (!(f & mask))
            continue;
          centre (c, col, row, &cx, &cy);
          hexside_points (c, cx, cy, d, &x1, &y1, &x2, &y2);
          func (c, x1, y1, x2, y2, cx, cy, d, f, data);
          any = TRUE;
        }
  return any;
}

static void
side_stream_path (MuHexDraw *c, double x1, double y1, double x2, double y2,
                  double cx, double cy, int dir, guint f, gpointer data)
{
  /* A gentle S bend along the hexside: meanders, yet joins its neighbours at
   * the hex corners. */
  double dx = x2 - x1, dy = y2 - y1;
  double nx = -dy * 0.18, ny = dx * 0.18;

  cairo_move_to (c->cr, x1, y1);
  cairo_curve_to (c->cr, x1 + dx / 3 + nx, y1 + dy / 3 + ny, x1 + 2 * dx / 3 - nx, y1 + 2 * dy / 3 - ny, x2, y2);
}

/* A rampart or crossing as a square mark at the middle of its hexside, for
 * a board drawn small (works_batched()): appended to the path. */
static void
side_crossing_mark (MuHexDraw *c, double x1, double y1, double x2, double y2,
                    double cx, double cy, int dir, guint f, gpointer data)
{
  double mx = (x1 + x2) / 2, my = (y1 + y2) / 2, r = 0.2 * c->s;

  cairo_rectangle (c->cr, mx - r, my - r, 2 * r, 2 * r);
}

static void
side_crossing (MuHexDraw *c, double x1, double y1, double x2, double y2,
               double cx, double cy, int dir, guint f, gpointer data)
{
  cairo_t *cr = c->cr;
  double s = c->s;
  double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  double ux = (x2 - x1) / s, uy = (y2 - y1) / s; /* along the hexside, unit length */
  double nx = -uy, ny = ux;                     /* across it */

  if (f & MU_SIDE_BRIDGE)
    {
      double l = 0.34 * s, w = 0.13 * s;
      cairo_move_to (cr, mx - nx * l + ux * w, my - ny * l + uy * w);
      cairo_line_to (cr, mx + nx * l + ux * w, my + ny * l + uy * w);
      cairo_line_to (cr, mx + nx * l - ux * w, my + ny * l - uy * w);
      cairo_line_to (cr, mx - nx * l - ux * w, my - ny * l - uy * w);
      cairo_close_path (cr);
      mu_set_rgb (cr, 0xe9dcc0);
      cairo_fill (cr);
      for (int side = -1; side <= 1; side += 2)
        {
          double ox = ux * w * side, oy = uy * w * side;
          cairo_move_to (cr, mx - nx * (l + 0.08 * s) + ox * 1.5, my - ny * (l + 0.08 * s) + oy * 1.5);
          cairo_line_to (cr, mx - nx * l + ox, my - ny * l + oy);
          cairo_line_to (cr, mx + nx * l + ox, my + ny * l + oy);
          cairo_line_to (cr, mx + nx * (l + 0.08 * s) + ox * 1.5, my + ny * (l + 0.08 * s) + oy * 1.5);
        }
      mu_set_rgb (cr, 0x222222);
      cairo_set_line_width (cr, MAX (0.05 * s, 0.6 / c->dev));
      cairo_stroke (cr);
    }
  if (f & MU_SIDE_FORD)
    {
      double l = 0.3 * s;
      for (int i = -2; i <= 2; i++)
        {
          double t = i * l / 2.5;
          cairo_new_sub_path (cr);
          cairo_arc (cr, mx + nx * t, my + ny * t, 0.055 * s, 0, 2 * G_PI);
        }
      mu_set_rgb (cr, 0xc8a26a);
      cairo_fill_preserve (cr);
      mu_set_rgb (cr, 0x5a3d1c);
      cairo_set_line_width (cr, MAX (0.02 * s, 0.4 / c->dev));
      cairo_stroke (cr);
    }
}

static void
side_hedge (MuHexDraw *c, double x1, double y1, double x2, double y2,
            double cx, double cy, int dir, guint f, gpointer data)
{
  if (!(f & MU_SIDE_HEDGE))
    return;
  for (int i = 0; i <= 6; i++)
    {
      double t = 0.08 + 0.84 * i / 6.0;
      cairo_new_sub_path (c->cr);
      cairo_arc (c->cr, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, 0.075 * c->s, 0, 2 * G_PI);
    }
}

/* One hedge along a hexside running (dx, dy) from its first corner, its
 * bushes filled and outlined, about the hexside's middle. */
static void
hedge_bushes (cairo_t *cr,
              double   dx,
              double   dy,
              double   s,
              double   dev)
{
  for (int i = 0; i <= 6; i++)
    {
      double t = 0.08 + 0.84 * i / 6.0 - 0.5;
      cairo_new_sub_path (cr);
      cairo_arc (cr, dx * t, dy * t, 0.075 * s, 0, 2 * G_PI);
    }
  mu_set_rgb (cr, 0x3f7a2a);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x1f3d12);
  cairo_set_line_width (cr, MAX (0.02 * s, 0.4 / dev));
  cairo_stroke (cr);
}

typedef struct {
  MuRenderCache *cache;
  MuSprite *sprite[3];   /* by side, 0..2 */
} HedgeSprites;

/* A hedge painted from an image of its direction, at its middle snapped to a
 * whole device pixel like the terrain symbols: hundreds of hedges cost a few
 * images instead of thousands of small circles each. */
static void
side_hedge_sprite (MuHexDraw *c, double x1, double y1, double x2, double y2,
                   double cx, double cy, int dir, guint f, gpointer data)
{
  HedgeSprites *hs = data;
  double dx = x2 - x1, dy = y2 - y1;

  if (!(f & MU_SIDE_HEDGE))
    return;
  if (hs->sprite[dir] == NULL)
    {
      guint64 key = mu_hash_mix (0x4ed6e5, dir);
      MuSprite *sprite;

      key = mu_hash_mix (key, c->map->grid.orientation);
      key = mu_hash_double (key, c->s);
      key = mu_hash_double (key, c->dev);
      sprite = mu_render_cache_lookup (hs->cache, key);
      if (sprite == NULL)
        {
          double m = 0.62 * c->s;
          cairo_t *sc = mu_sprite_begin (c->cr, c->dev, m, m, m, m, &sprite);

          hedge_bushes (sc, dx, dy, c->s, c->dev);
          cairo_destroy (sc);
          /* inserting may empty a full cache: forget what was looked up */
          memset (hs->sprite, 0, sizeof hs->sprite);
          mu_render_cache_insert (hs->cache, key, sprite);
        }
      hs->sprite[dir] = sprite;
    }
  mu_sprite_paint (c->cr, hs->sprite[dir], (x1 + x2) / 2, (y1 + y2) / 2);
}

static void
side_wall (MuHexDraw *c, double x1, double y1, double x2, double y2,
           double cx, double cy, int dir, guint f, gpointer data)
{
  if (!(f & MU_SIDE_WALL))
    return;
  cairo_move_to (c->cr, x1 + (x2 - x1) * 0.06, y1 + (y2 - y1) * 0.06);
  cairo_line_to (c->cr, x1 + (x2 - x1) * 0.94, y1 + (y2 - y1) * 0.94);
}

static void
side_wall_stones (MuHexDraw *c, double x1, double y1, double x2, double y2,
                  double cx, double cy, int dir, guint f, gpointer data)
{
  double dx = x2 - x1, dy = y2 - y1, len = hypot (dx, dy);
  double nx = -dy / len * 0.06 * c->s, ny = dx / len * 0.06 * c->s;

  if (!(f & MU_SIDE_WALL))
    return;
  for (int i = 1; i < 8; i++)
    {
      double t = 0.06 + 0.88 * i / 8.0;
      cairo_move_to (c->cr, x1 + dx * t - nx, y1 + dy * t - ny);
      cairo_line_to (c->cr, x1 + dx * t + nx, y1 + dy * t + ny);
    }
}

static void
side_fortification (MuHexDraw *c, double x1, double y1, double x2, double y2,
                    double cx, double cy, int dir, guint f, gpointer data)
{
  cairo_t *cr = c->cr;
  double dx = x2 - x1, dy = y2 - y1, len = hypot (dx, dy);
  double ux = dx / len, uy = dy / len;
  /* Teeth point away from the hex whose hexside this is: towards the side the
   * works face. */
  double vx = (x1 + x2) / 2 - cx, vy = (y1 + y2) / 2 - cy, vl = hypot (vx, vy);
  double tooth = 0.16 * c->s;
  int n = 5;
  gboolean breached = (f & MU_SIDE_BREACHED) != 0;

  if (!(f & (MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED)))
    return;
  vx /= vl;
  vy /= vl;
  /* A rampart along the hexside, drawn slightly on the defended side. */
  x1 -= vx * 0.05 * c->s;
  y1 -= vy * 0.05 * c->s;
  for (int i = 0; i < n; i++)
    {
      double a = 0.05 + 0.9 * i / n, b = 0.05 + 0.9 * (i + 1) / n, m = (a + b) / 2;
      if (breached && (i == n / 2))
        continue;
      cairo_move_to (cr, x1 + ux * len * a, y1 + uy * len * a);
      cairo_line_to (cr, x1 + ux * len * m + vx * tooth, y1 + uy * len * m + vy * tooth);
      cairo_line_to (cr, x1 + ux * len * b, y1 + uy * len * b);
      cairo_close_path (cr);
    }
  mu_set_rgb (cr, breached ? 0x8a6a4a : 0x5b3a1a);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x2a1a0a);
  cairo_set_line_width (cr, MAX (0.02 * c->s, 0.4 / c->dev));
  cairo_stroke (cr);
  if (breached)
    {
      double mx = x1 + ux * len * 0.5, my = y1 + uy * len * 0.5, r = 0.09 * c->s;
      mu_render_star_path (cr, mx + vx * tooth * 0.4, my + vy * tooth * 0.4, r * 1.6, r * 0.7, 0.3);
      mu_set_rgb (cr, 0xd0342c);
      cairo_fill (cr);
    }
}

static void
side_stream_line (MuHexDraw *c, double x1, double y1, double x2, double y2,
                  double cx, double cy, int dir, guint f, gpointer data)
{
  cairo_move_to (c->cr, x1, y1);
  cairo_line_to (c->cr, x2, y2);
}

void
mu_hex_draw_hexside_streams (MuHexDraw *c)
{
  cairo_t *cr = c->cr;

  /* a pixel wide on a board drawn small (works_batched()): straight, in
   * the water's middle colour, one stroke; two strokes of curves with round
   * ends took most of a fitted board's time */
  if (works_batched (c))
    {
      if (for_each_side (c, MU_SIDE_STREAM, side_stream_line, NULL))
        {
          mu_set_rgb (cr, WATER_MID);
          cairo_set_line_width (cr, 0.17 * c->s);
          cairo_stroke (cr);
        }
      return;
    }
  if (!for_each_side (c, MU_SIDE_STREAM, side_stream_path, NULL))
    return;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  mu_set_rgb (cr, WATER_DARK);
  cairo_set_line_width (cr, 0.17 * c->s);
  cairo_stroke_preserve (cr);
  mu_set_rgb (cr, WATER_MID);
  cairo_set_line_width (cr, 0.11 * c->s);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

void
mu_hex_draw_hexside_works (MuHexDraw *c)
{
  cairo_t *cr = c->cr;
  double s = c->s;

  /* Hedges and walls are too small to make out on a zoomed-out board. Many
   * small hedges are painted from images; a few large ones (a board zoomed
   * in) are drawn, their images would be large. */
  if (symbols_visible (c) && c->s * c->dev <= 48 && mu_sprite_usable (cr))
    {
      HedgeSprites hs = { c->o->cache, { NULL } };
      MuRenderCache *own = NULL;

      if (hs.cache == NULL)
        hs.cache = own = mu_render_cache_new ();
      for_each_side (c, MU_SIDE_HEDGE, side_hedge_sprite, &hs);
      mu_render_cache_free (own);
    }
  else if (symbols_visible (c) && for_each_side (c, MU_SIDE_HEDGE, side_hedge, NULL))
    {
      mu_set_rgb (cr, 0x3f7a2a);
      cairo_fill_preserve (cr);
      mu_set_rgb (cr, 0x1f3d12);
      cairo_set_line_width (cr, MAX (0.02 * s, 0.4 / c->dev));
      cairo_stroke (cr);
    }
  if (symbols_visible (c) && for_each_side (c, MU_SIDE_WALL, side_wall, NULL))
    {
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      mu_set_rgb (cr, 0x3a3530);
      cairo_set_line_width (cr, 0.15 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xa39c90);
      cairo_set_line_width (cr, 0.1 * s);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      for_each_side (c, MU_SIDE_WALL, side_wall_stones, NULL);
      mu_set_rgb (cr, 0x3a3530);
      cairo_set_line_width (cr, MAX (0.02 * s, 0.4 / c->dev));
      cairo_stroke (cr);
    }
  if (works_batched (c))
    {
      /* every rampart and crossing as a square mark at its hexside, one
       * path per colour: at this size they are a pixel or two */
      cairo_new_path (cr);
      if (for_each_side (c, MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED, side_crossing_mark, NULL))
        {
          /* the ramparts' fill and outline, seen together */
          mu_set_rgb (cr, 0x3f2812);
          cairo_fill (cr);
        }
      if (for_each_side (c, MU_SIDE_BRIDGE, side_crossing_mark, NULL))
        {
          mu_set_rgb (cr, 0xe9dcc0);
          cairo_fill (cr);
        }
      if (for_each_side (c, MU_SIDE_FORD, side_crossing_mark, NULL))
        {
          mu_set_rgb (cr, 0xc8a26a);
          cairo_fill (cr);
        }
      return;
    }
  for_each_side (c, MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED, side_fortification, NULL);
  cairo_new_path (cr);
  for_each_side (c, MU_SIDE_FORD | MU_SIDE_BRIDGE, side_crossing, NULL);
  cairo_new_path (cr);
}

