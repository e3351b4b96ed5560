/* mu-render-terrain.c: hex boards drawn the way printed wargame maps are
 *
 * Layers, bottom to top: ground colour per terrain and elevation (one fill per
 * colour, so neighbouring hexes of a kind show no seams), terrain symbols
 * (trees, buildings, marsh tufts, furrows, waves, rocks), contour lines, water
 * (hexside streams, then streams and rivers through hex centres), roads and
 * railroads, fords and bridges, hexside works (hedges, walls, fortifications),
 * hex works, the grid, CCRR numbers, labels and objectives.
 *
 * Only hexes inside the clip rectangle (plus a margin for symbols that reach
 * over their hex) are visited, so a frame's cost follows the view, not the board.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"
#include "mu-render-hex-private.h"

#include <math.h>
#include <string.h>


#define CONTOUR_COLOUR 0x8a5a2b

/* Links ------------------------------------------------------------------------- */

static void
build_links (MuHexDraw *c)
{
  const MuHexMap *map = c->map;
  gsize n = (gsize) map->grid.cols * map->grid.rows;

  for (int k = 0; k < MU_PATH_N; k++)
    c->links[k] = NULL;
  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);

      if (p->kind >= MU_PATH_N || !p->hexes)
        continue;
      if (!c->links[p->kind])
        c->links[p->kind] = g_new0 (guint8, n);
      for (guint j = 1; j < p->hexes->len; j++)
        {
          MuHex a = g_array_index (p->hexes, MuHex, j - 1);
          MuHex b = g_array_index (p->hexes, MuHex, j);
          int d = mu_hex_direction_to (&map->grid, a, b);

          if (d < 0)
            continue;
          if (mu_hex_grid_contains (&map->grid, a))
            c->links[p->kind][(a.row - 1) * map->grid.cols + a.col - 1] |= 1 << d;
          if (mu_hex_grid_contains (&map->grid, b))
            c->links[p->kind][(b.row - 1) * map->grid.cols + b.col - 1] |= 1 << ((d + 3) % 6);
        }
    }
}

static guint
links_of (const MuHexDraw  *c,
          MuPathKind  kind,
          int         col,
          int         row)
{
  if (!c->links[kind])
    return 0;
  return c->links[kind][(row - 1) * c->map->grid.cols + col - 1];
}

/* The direction (radians) of the line a crossing (ford, bridge) should take in
 * a hex: along a road through it, else across the water through it. */
static double
crossing_angle (const MuHexDraw *c,
                int        col,
                int        row)
{
  guint road = links_of (c, MU_PATH_LOCAL_ROAD, col, row) | links_of (c, MU_PATH_TURNPIKE, col, row) |
               links_of (c, MU_PATH_RAILROAD, col, row);
  guint water = links_of (c, MU_PATH_RIVER, col, row) | links_of (c, MU_PATH_STREAM, col, row);
  guint bits = road ? road : water;
  double sx = 0, sy = 0;
  int n = 0;

  for (int d = 0; d < 6; d++)
    if (bits & (1 << d))
      {
        /* The outward normal of hexside d, folded so opposite sides add up. */
        double mx = (c->corner[d][0] + c->corner[(d + 1) % 6][0]) / 2;
        double my = (c->corner[d][1] + c->corner[(d + 1) % 6][1]) / 2;
        double a = atan2 (my, mx) * 2;
        sx += cos (a);
        sy += sin (a);
        n++;
      }
  if (n == 0)
    return 0;
  {
    double a = atan2 (sy, sx) / 2;
    return road ? a : a + G_PI / 2;
  }
}

/* Ground --------------------------------------------------------------------------- */

#define N_KEYS (MU_TERRAIN_N * (MU_ELEVATION_MAX + 1))


static void
draw_ground (MuHexDraw *c)
{
  cairo_t *cr = c->cr;
  gboolean grid = c->o->show_grid;
  /* The grid is the gap left between hexes filled slightly smaller than they
   * are: no separate stroke of every hexside, and roads and rivers drawn later
   * cross it as they do on a printed map. Hexes one step off the board are
   * filled too, the partial hexes at the paper's edge. */
  double line = MAX (0.03 * c->s, 0.7 / c->dev);
  double inset = grid ? 1.0 - line / (c->s * MU_SQRT3) : 1.0;
  int c0 = c->c0 - 1, c1 = c->c1 + 1, r0 = c->r0 - 1, r1 = c->r1 + 1;
  int ncols = c1 - c0 + 1, nrows = r1 - r0 + 1;
  int count[N_KEYS] = { 0 }, start[N_KEYS + 1];
  g_autofree int *order = NULL;
  g_autofree guint8 *keys = NULL;
  MuRaster *raster;
  double bw, bh;

  if (c->c1 < c->c0 || c->r1 < c->r0)
    return;
  mu_hex_grid_pixel_size (&c->map->grid, c->s, &bw, &bh);
  /* asked before the board's own clip, which is rarely whole pixels */
  raster = mu_raster_begin (cr, 0, 0, bw, bh);
  cairo_save (cr);
  /* The partial hexes end at the paper's edge: nothing of them may spill
   * past it when the surface (a tile of the canvas) reaches beyond the board. */
  cairo_rectangle (cr, 0, 0, bw, bh);
  cairo_clip_preserve (cr);
  mu_set_rgb (cr, grid ? mu_colour_mix (mu_hex_ground_colour (MU_TERRAIN_OPEN, 0), GRID_COLOUR, GRID_ALPHA)
                       : mu_hex_ground_colour (MU_TERRAIN_OPEN, 0));
  cairo_fill (cr);

  /* No CAIRO_ANTIALIAS_FAST for the many small hexes of a zoomed-out board:
   * cairo 1.16's scan converter for it writes past its buffers on such paths
   * (heap corruption with 1.6 px hexes on a 300 x 300 board). */
  keys = g_new (guint8, (gsize) ncols * nrows);
  order = g_new (int, (gsize) ncols * nrows);
  for (int row = r0; row <= r1; row++)
    for (int col = c0; col <= c1; col++)
      {
        int key = 0;
        if (col >= 1 && row >= 1 && col <= c->map->grid.cols && row <= c->map->grid.rows)
          {
            const MuHexCell *cell = cell_at (c->map, col, row);
            int t = cell->terrain < MU_TERRAIN_N ? cell->terrain : MU_TERRAIN_OPEN;
            key = t * (MU_ELEVATION_MAX + 1) + CLAMP (cell->elevation, 0, MU_ELEVATION_MAX);
          }
        keys[(row - r0) * ncols + (col - c0)] = key;
        count[key]++;
      }
  start[0] = 0;
  for (int k = 0; k < N_KEYS; k++)
    start[k + 1] = start[k] + count[k];
  {
    int fill[N_KEYS];
    memcpy (fill, start, sizeof fill);
    for (int i = 0; i < ncols * nrows; i++)
      order[fill[keys[i]]++] = i;
  }
  for (int k = 0; k < N_KEYS; k++)
    {
      guint32 colour = mu_hex_ground_colour (k / (MU_ELEVATION_MAX + 1), k % (MU_ELEVATION_MAX + 1));

      if (count[k] == 0 || (k == 0 && !grid))
        continue;
      for (int j = start[k]; j < start[k + 1]; j++)
        {
          int i = order[j];
          double x, y;
          centre (c, c0 + i % ncols, r0 + i / ncols, &x, &y);
          if (raster)
            {
              double xy[12];

              hex_corners (c, x, y, inset, xy);
              mu_raster_polygon (raster, xy, 6, colour);
            }
          else
            hex_path (c, x, y, inset);
        }
      if (!raster)
        {
          mu_set_rgb (cr, colour);
          cairo_fill (cr);
        }
    }
  mu_raster_end (raster);
  cairo_restore (cr);
}

/* Terrain symbols --------------------------------------------------------------------- */

/* The edge of a wood, as printed boards outline them: a dark line along
 * every hexside between woodland and other ground, under the trees. */
static void
draw_wood_edges (MuHexDraw *c)
{
  cairo_t *cr = c->cr;
  gboolean any = FALSE;

  for (int row = c->r0; row <= c->r1; row++)
    for (int col = c->c0; col <= c->c1; col++)
      {
        double cx = 0, cy = 0;
        gboolean have_centre = FALSE;

        if (cell_at (c->map, col, row)->terrain != MU_TERRAIN_WOODLAND)
          continue;
        for (int d = 0; d < 6; d++)
          {
            MuHex n = mu_hex_neighbour (&c->map->grid, (MuHex) { col, row }, d);
            double x1, y1, x2, y2;

            if (!mu_hex_grid_contains (&c->map->grid, n) ||
                cell_at (c->map, n.col, n.row)->terrain == MU_TERRAIN_WOODLAND)
              continue;
            if (!have_centre)
              {
                centre (c, col, row, &cx, &cy);
                have_centre = TRUE;
              }
            hexside_points (c, cx, cy, d, &x1, &y1, &x2, &y2);
            cairo_move_to (cr, x1, y1);
            cairo_line_to (cr, x2, y2);
            any = TRUE;
          }
      }
  if (!any)
    return;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  mu_set_rgb (cr, 0x3f6a2a);
  cairo_set_line_width (cr, MAX (0.05 * c->s, 0.6 / c->dev));
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

static void
draw_symbols (MuHexDraw *c)
{
  /* Trees last: their crowns reach over the neighbouring hexes. */
  static const MuTerrain order[] = {
    MU_TERRAIN_FIELDS, MU_TERRAIN_MARSH, MU_TERRAIN_WATER, MU_TERRAIN_ROUGH,
    MU_TERRAIN_SETTLEMENT, MU_TERRAIN_WOODLAND,
  };
  cairo_t *cr = c->cr;
  gboolean sprites = mu_sprite_usable (cr);
  MuRenderCache *own = NULL, *cache = c->o->cache;
  MuSprite *sprite[G_N_ELEMENTS (order)][MU_SYMBOL_VARIANTS] = { { NULL } };

  if (sprites && !cache)
    cache = own = mu_render_cache_new ();
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (int row = c->r0; row <= c->r1; row++)
      for (int col = c->c0; col <= c->c1; col++)
        {
          double cx, cy;
          int variant;

          if (cell_at (c->map, col, row)->terrain != order[k])
            continue;
          centre (c, col, row, &cx, &cy);
          variant = mu_hex_hash (col, row, order[k]) % MU_SYMBOL_VARIANTS;
          if (!sprites)
            {
              cairo_save (cr);
              cairo_translate (cr, cx, cy);
              mu_render_terrain_symbol (cr, order[k], variant, c->s, c->dev, (const double (*)[2]) c->corner);
              cairo_restore (cr);
              continue;
            }
          if (!sprite[k][variant])
            {
              guint64 key = mu_hash_mix (0x7e77a1, order[k]);
              key = mu_hash_mix (key, variant);
              key = mu_hash_mix (key, c->map->grid.orientation);
              key = mu_hash_double (key, c->s);
              key = mu_hash_double (key, c->dev);
              sprite[k][variant] = mu_render_cache_lookup (cache, key);
              if (!sprite[k][variant])
                {
                  MuSprite *sp;
                  double m = 1.05 * c->s;
                  cairo_t *sc = mu_sprite_begin (cr, c->dev, m, m, m, m, &sp);
                  mu_render_terrain_symbol (sc, order[k], variant, c->s, c->dev, (const double (*)[2]) c->corner);
                  cairo_destroy (sc);
                  /* Inserting may empty a full cache: forget what was looked up. */
                  memset (sprite, 0, sizeof sprite);
                  mu_render_cache_insert (cache, key, sp);
                  sprite[k][variant] = sp;
                }
            }
          mu_sprite_paint (cr, sprite[k][variant], cx, cy);
        }
  mu_render_cache_free (own);
}

/* Contours ------------------------------------------------------------------------------- */

static void
draw_contours (MuHexDraw *c)
{
  cairo_t *cr = c->cr;
  double s = c->s;
  /* Round ends close the corners where hexsides meet; too small to see on a
   * zoomed-out board, where they only cost time. There the lines' plain ends
   * make each a thin rectangle, filled straight into an image target. */
  gboolean round = c->s * c->dev >= 12;
  MuRaster *raster = round ? NULL : mu_raster_begin (cr, -G_MAXINT / 2, -G_MAXINT / 2, G_MAXINT, G_MAXINT);

  /* Each hexside between two levels once, from the higher hex; a step of two
   * or more levels gets a heavier line, as on printed boards. */
  for (int heavy = 0; heavy < 2; heavy++)
    {
      gboolean any = FALSE;
      double width = MAX ((heavy ? 0.075 : 0.045) * s, 0.6 / c->dev);

      for (int row = c->r0; row <= c->r1; row++)
        for (int col = c->c0; col <= c->c1; col++)
          {
            const MuHexCell *cell = cell_at (c->map, col, row);
            double cx = 0, cy = 0;
            gboolean have_centre = FALSE;

            for (int d = 0; d < 6; d++)
              {
                MuHex n = mu_hex_neighbour (&c->map->grid, (MuHex) { col, row }, d);
                int diff;
                double x1, y1, x2, y2;

                if (!mu_hex_grid_contains (&c->map->grid, n))
                  continue;
                diff = cell->elevation - cell_at (c->map, n.col, n.row)->elevation;
                if (diff <= 0 || (diff >= 2) != heavy)
                  continue;
                if (!have_centre)
                  {
                    centre (c, col, row, &cx, &cy);
                    have_centre = TRUE;
                  }
                hexside_points (c, cx, cy, d, &x1, &y1, &x2, &y2);
                if (raster)
                  {
                    double len = hypot (x2 - x1, y2 - y1);
                    double nx = -(y2 - y1) / len * width / 2, ny = (x2 - x1) / len * width / 2;
                    double quad[8] = { x1 + nx, y1 + ny, x2 + nx, y2 + ny, x2 - nx, y2 - ny, x1 - nx, y1 - ny };

                    mu_raster_polygon (raster, quad, 4, CONTOUR_COLOUR);
                    continue;
                  }
                cairo_move_to (cr, x1, y1);
                cairo_line_to (cr, x2, y2);
                any = TRUE;
              }
          }
      if (!any)
        continue;
      mu_set_rgb (cr, CONTOUR_COLOUR);
      cairo_set_line_cap (cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
    }
  mu_raster_end (raster);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

/* Paths ---------------------------------------------------------------------------------------- */

static gboolean
path_points (const MuHexDraw    *c,
             const MuPath *p,
             GArray       *xy)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  g_array_set_size (xy, 0);
  if (!p->hexes || p->hexes->len < 2)
    return FALSE;
  for (guint i = 0; i < p->hexes->len; i++)
    {
      MuHex h = g_array_index (p->hexes, MuHex, i);
      double x, y;
      mu_hex_center (&c->map->grid, c->s, h, &x, &y);
      g_array_append_val (xy, x);
      g_array_append_val (xy, y);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x);
      y1 = MAX (y1, y);
    }
  if (c->have_clip &&
      (x1 + c->s < c->clip.x || y1 + c->s < c->clip.y ||
       x0 - c->s > c->clip.x + c->clip.width || y0 - c->s > c->clip.y + c->clip.height))
    return FALSE;
  return TRUE;
}

static void
stroke_kind (MuHexDraw *c, MuPathKind kind)
{
  cairo_t *cr = c->cr;
  double s = c->s;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (kind)
    {
    case MU_PATH_RIVER:
      mu_set_rgb (cr, WATER_DARK);
      cairo_set_line_width (cr, 0.46 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, WATER_MID);
      cairo_set_line_width (cr, 0.36 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgba (cr, WATER_LIGHT, 0.7);
      cairo_set_line_width (cr, 0.1 * s);
      cairo_stroke (cr);
      break;
    case MU_PATH_STREAM:
      mu_set_rgb (cr, WATER_DARK);
      cairo_set_line_width (cr, 0.17 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, WATER_MID);
      cairo_set_line_width (cr, 0.11 * s);
      cairo_stroke (cr);
      break;
    case MU_PATH_LOCAL_ROAD:
      mu_set_rgb (cr, 0x6b4a2a);
      cairo_set_line_width (cr, 0.15 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xe6c48c);
      cairo_set_line_width (cr, 0.09 * s);
      cairo_stroke (cr);
      break;
    case MU_PATH_TURNPIKE:
      mu_set_rgb (cr, 0x1e1a16);
      cairo_set_line_width (cr, 0.24 * s);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xc8402c);
      cairo_set_line_width (cr, 0.16 * s);
      cairo_stroke (cr);
      break;
    case MU_PATH_RAILROAD:
      {
        cairo_path_t *path = cairo_copy_path (cr);
        mu_set_rgb (cr, 0x1a1a1a);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_line_width (cr, MAX (0.04 * s, 0.5 / c->dev));
        mu_render_stroke_ties (cr, 0.2 * s, 0.26 * s);
        cairo_append_path (cr, path);
        cairo_path_destroy (path);
        cairo_set_line_width (cr, MAX (0.07 * s, 0.6 / c->dev));
        cairo_stroke (cr);
      }
      break;
    default:
      cairo_new_path (cr);
      break;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
}

/* Pulls each inner point a little towards its neighbours' middle, at most
 * `limit` hex sizes, so a road along a row of hexes, which zigzags between
 * their centres, runs nearly straight, yet stays in its hexes. */
static void
straighten (const MuHexDraw *c,
            double    *xy,
            guint      n,
            double     limit)
{
  double px, py;

  if (n < 3)
    return;
  px = xy[0];
  py = xy[1];
  for (guint i = 1; i + 1 < n; i++)
    {
      double x = xy[2 * i], y = xy[2 * i + 1];
      double dx = (px + xy[2 * (i + 1)] - 2 * x) / 4, dy = (py + xy[2 * (i + 1) + 1] - 2 * y) / 4;
      double len = hypot (dx, dy), max = limit * c->s;

      if (len > max)
        {
          dx *= max / len;
          dy *= max / len;
        }
      /* The original point, not the moved one, is the next point's neighbour. */
      px = x;
      py = y;
      xy[2 * i] = x + dx;
      xy[2 * i + 1] = y + dy;
    }
}

static void
draw_paths (MuHexDraw        *c,
            MuPathKind  kind)
{
  g_autoptr(GArray) xy = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean any = FALSE;
  double m = 2.5 * c->s;

  for (guint i = 0; i < c->map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (c->map->paths, i);
      const double *v;
      guint n, start = 0;

      if (p->kind != kind || !path_points (c, p, xy))
        continue;
      n = xy->len / 2;
      straighten (c, (double *) xy->data, n,
                  kind == MU_PATH_RIVER || kind == MU_PATH_STREAM ? 0.25 : 0.38);
      v = (const double *) xy->data;
      /* a railroad's ties are spaced along the whole line: drawn whole, they
       * fall in the same places whatever part of the board is drawn (a
       * tile, a strip of an export) */
      if (!c->have_clip || kind == MU_PATH_RAILROAD)
        {
          mu_render_smooth_path (c->cr, v, n);
          any = TRUE;
          continue;
        }
      /* Only the stretches near the view, each with a point of context on
       * either side so the curve there is the same as for the whole path. */
      while (start < n)
        {
          guint end;
          gboolean near;

          near = v[2 * start] > c->clip.x - m && v[2 * start] < c->clip.x + c->clip.width + m &&
                 v[2 * start + 1] > c->clip.y - m && v[2 * start + 1] < c->clip.y + c->clip.height + m;
          if (!near)
            {
              start++;
              continue;
            }
          end = start;
          while (end + 1 < n &&
                 v[2 * (end + 1)] > c->clip.x - m && v[2 * (end + 1)] < c->clip.x + c->clip.width + m &&
                 v[2 * (end + 1) + 1] > c->clip.y - m && v[2 * (end + 1) + 1] < c->clip.y + c->clip.height + m)
            end++;
          {
            guint a = start > 0 ? start - 1 : 0, b = end + 1 < n ? end + 1 : n - 1;
            mu_render_smooth_path_part (c->cr, v, n, a, b);
          }
          any = TRUE;
          start = end + 1;
        }
    }
  /* All paths of a kind stroked together, so crossings of one kind merge. */
  if (any)
    stroke_kind (c, kind);
}

/* Hex features ------------------------------------------------------------------------------------ */

/* Appends the ring's teeth to the path. */
static void
fort_ring_path (MuHexDraw    *c,
                double  cx,
                double  cy,
                double  scale,
                gboolean dashed)
{
  cairo_t *cr = c->cr;
  double s = c->s;

  for (int k = 0; k < 6; k++)
    {
      double ax = cx + c->corner[k][0] * scale, ay = cy + c->corner[k][1] * scale;
      double bx = cx + c->corner[(k + 1) % 6][0] * scale, by = cy + c->corner[(k + 1) % 6][1] * scale;
      double dx = bx - ax, dy = by - ay, len = hypot (dx, dy);
      double ox = ((ax + bx) / 2 - cx), oy = ((ay + by) / 2 - cy), ol = hypot (ox, oy);
      int n = 3;

      ox /= ol;
      oy /= ol;
      for (int i = 0; i < n; i++)
        {
          double a = (double) i / n, b = (double) (i + 1) / n, m = (a + b) / 2;
          if (dashed && (i % 2))
            continue;
          cairo_move_to (cr, ax + dx * a, ay + dy * a);
          cairo_line_to (cr, ax + dx * m + ox * 0.13 * s, ay + dy * m + oy * 0.13 * s);
          cairo_line_to (cr, ax + dx * b, ay + dy * b);
          cairo_close_path (cr);
        }
      (void) len;
    }
}

static void
fort_ring_paint (MuHexDraw *c)
{
  cairo_t *cr = c->cr;

  mu_set_rgb (cr, 0x5b3a1a);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x2a1a0a);
  cairo_set_line_width (cr, MAX (0.02 * c->s, 0.4 / c->dev));
  cairo_stroke (cr);
}

static void
draw_fort_ring (MuHexDraw    *c,
                double  cx,
                double  cy,
                double  scale,
                gboolean dashed)
{
  /* drawn all at once by draw_fort_rings_batched() */
  if (works_batched (c))
    return;
  fort_ring_path (c, cx, cy, scale, dashed);
  fort_ring_paint (c);
}

/* Every ring of the pass as a square of its colour the size of the ring
 * (works_batched()): a ring is a pixel or two there, and squares in one
 * path are what cairo fills fastest. */
static void
draw_fort_rings_batched (MuHexDraw *c)
{
  gboolean any = FALSE;

  cairo_new_path (c->cr);
  for (int row = c->r0; row <= c->r1; row++)
    for (int col = c->c0; col <= c->c1; col++)
      {
        guint f = cell_at (c->map, col, row)->features;
        double cx, cy;

        if (!(f & (MU_HEX_FEATURE_FORTIFIED_BUILDING | MU_HEX_FEATURE_FORTIFICATION |
                   MU_HEX_FEATURE_PREPARED_DEFENCE)))
          continue;
        centre (c, col, row, &cx, &cy);
        {
          double r = (f & (MU_HEX_FEATURE_FORTIFICATION | MU_HEX_FEATURE_PREPARED_DEFENCE) ? 0.72 : 0.45) * c->s;

          cairo_rectangle (c->cr, cx - r, cy - r, 2 * r, 2 * r);
        }
        any = TRUE;
      }
  if (any)
    {
      mu_set_rgba (c->cr, 0x3f2812, 0.75);
      cairo_fill (c->cr);
    }
}

static void
draw_building (MuHexDraw *c, double x, double y, double w, double h)
{
  cairo_rectangle (c->cr, x - w / 2, y - h / 2, w, h);
  mu_set_rgb (c->cr, 0x2a2420);
  cairo_fill (c->cr);
}

static void
draw_hex_features (MuHexDraw *c)
{
  cairo_t *cr = c->cr;
  double s = c->s;

  for (int row = c->r0; row <= c->r1; row++)
    for (int col = c->c0; col <= c->c1; col++)
      {
        const MuHexCell *cell = cell_at (c->map, col, row);
        guint f = cell->features;
        double cx, cy;

        if (f == 0)
          continue;
        centre (c, col, row, &cx, &cy);

        if ((f & MU_HEX_FEATURE_STREAM) &&
            !(links_of (c, MU_PATH_STREAM, col, row) | links_of (c, MU_PATH_RIVER, col, row)))
          {
            /* A brook that rises and ends within the hex. */
            cairo_move_to (cr, cx - 0.6 * s, cy + 0.15 * s);
            cairo_curve_to (cr, cx - 0.3 * s, cy - 0.35 * s, cx + 0.1 * s, cy + 0.4 * s, cx + 0.6 * s, cy - 0.1 * s);
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
            mu_set_rgb (cr, WATER_DARK);
            cairo_set_line_width (cr, 0.15 * s);
            cairo_stroke_preserve (cr);
            mu_set_rgb (cr, WATER_MID);
            cairo_set_line_width (cr, 0.09 * s);
            cairo_stroke (cr);
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          }
        if (f & MU_HEX_FEATURE_IMPASSABLE)
          {
            cairo_save (cr);
            hex_path (c, cx, cy, 0.95);
            cairo_clip (cr);
            for (int i = -6; i <= 6; i++)
              {
                cairo_move_to (cr, cx + i * 0.18 * s - s, cy - s);
                cairo_line_to (cr, cx + i * 0.18 * s + s, cy + s);
              }
            mu_set_rgba (cr, 0x4a2a2a, 0.7);
            cairo_set_line_width (cr, 0.04 * s);
            cairo_stroke (cr);
            cairo_restore (cr);
          }
        if (f & MU_HEX_FEATURE_BUILDINGS)
          {
            guint32 h = mu_hex_hash (col, row, 7);
            double ox = 0.25 * s * mu_jitter (h, 1), oy = 0.2 * s * mu_jitter (h, 2);
            draw_building (c, cx + ox, cy + oy, 0.22 * s, 0.15 * s);
            draw_building (c, cx + ox + 0.22 * s, cy + oy + 0.12 * s, 0.12 * s, 0.12 * s);
          }
        if (f & MU_HEX_FEATURE_FORTIFIED_BUILDING)
          {
            draw_building (c, cx, cy, 0.3 * s, 0.22 * s);
            draw_fort_ring (c, cx, cy, 0.45, FALSE);
          }
        if (f & MU_HEX_FEATURE_FORTIFICATION)
          draw_fort_ring (c, cx, cy, 0.72, FALSE);
        else if (f & MU_HEX_FEATURE_PREPARED_DEFENCE)
          draw_fort_ring (c, cx, cy, 0.72, TRUE);
        if (f & (MU_HEX_FEATURE_BRIDGE | MU_HEX_FEATURE_FORD))
          {
            double a = crossing_angle (c, col, row);
            double ux = cos (a), uy = sin (a), nx = -uy, ny = ux;
            double l = 0.5 * s, w = 0.14 * s;

            if (f & MU_HEX_FEATURE_BRIDGE)
              {
                cairo_move_to (cr, cx - ux * l + nx * w, cy - uy * l + ny * w);
                cairo_line_to (cr, cx + ux * l + nx * w, cy + uy * l + ny * w);
                cairo_line_to (cr, cx + ux * l - nx * w, cy + uy * l - ny * w);
                cairo_line_to (cr, cx - ux * l - nx * w, cy - uy * l - ny * w);
                cairo_close_path (cr);
                mu_set_rgb (cr, 0xe9dcc0);
                cairo_fill (cr);
                for (int side = -1; side <= 1; side += 2)
                  {
                    double ox = nx * w * side, oy = ny * w * side;
                    cairo_move_to (cr, cx - ux * (l + 0.1 * s) + ox * 1.6, cy - uy * (l + 0.1 * s) + oy * 1.6);
                    cairo_line_to (cr, cx - ux * l + ox, cy - uy * l + oy);
                    cairo_line_to (cr, cx + ux * l + ox, cy + uy * l + oy);
                    cairo_line_to (cr, cx + ux * (l + 0.1 * s) + ox * 1.6, cy + uy * (l + 0.1 * s) + oy * 1.6);
                  }
                mu_set_rgb (cr, 0x222222);
                cairo_set_line_width (cr, MAX (0.06 * s, 0.6 / c->dev));
                cairo_stroke (cr);
              }
            else
              {
                for (int i = -3; i <= 3; i++)
                  {
                    cairo_new_sub_path (cr);
                    cairo_arc (cr, cx + ux * i * 0.13 * s, cy + uy * i * 0.13 * s, 0.06 * s, 0, 2 * G_PI);
                  }
                mu_set_rgb (cr, 0xc8a26a);
                cairo_fill_preserve (cr);
                mu_set_rgb (cr, 0x5a3d1c);
                cairo_set_line_width (cr, MAX (0.02 * s, 0.4 / c->dev));
                cairo_stroke (cr);
              }
          }
      }
}

/* Grid, numbers, labels, objectives ------------------------------------------------------------------ */

static void
draw_frame (MuHexDraw *c)
{
  double bw, bh;

  mu_hex_grid_pixel_size (&c->map->grid, c->s, &bw, &bh);
  cairo_rectangle (c->cr, 0, 0, bw, bh);
  mu_set_rgb (c->cr, 0x2a2418);
  cairo_set_line_width (c->cr, MAX (0.08 * c->s, 1.0 / c->dev));
  cairo_stroke (c->cr);
}

static void
draw_coordinates (MuHexDraw    *c,
                  MuText *text)
{
  double s = c->s;
  double dy = c->map->grid.orientation == MU_HEX_FLAT_TOP ? -0.84 * s : -0.78 * s;
  double px = c->map->grid.orientation == MU_HEX_FLAT_TOP ? 0.25 * s : 0.23 * s;

  mu_set_rgba (c->cr, 0x2a2418, 0.85);
  for (int row = c->r0; row <= c->r1; row++)
    for (int col = c->c0; col <= c->c1; col++)
      {
        char buf[16];
        double cx, cy;
        centre (c, col, row, &cx, &cy);
        mu_hex_format (&c->map->grid, (MuHex) { col, row }, buf, sizeof buf);
        mu_text_draw (text, MU_FONT_SANS, px, buf, cx, cy + dy, 0.5, 0.0, 0);
      }
}

static void
draw_labels (MuHexDraw    *c,
             MuText *text)
{
  for (guint i = 0; i < c->map->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (c->map->labels, i);
      double cx, cy, px = 0.5 * c->s * (l->scale > 0 ? l->scale : 1.0);

      if (!l->text)
        continue;
      mu_hex_center (&c->map->grid, c->s, l->hex, &cx, &cy);
      cx += l->dx * c->s;
      cy += l->dy * c->s;
      if (c->have_clip &&
          (cx + 8 * px < c->clip.x || cx - 8 * px > c->clip.x + c->clip.width ||
           cy + 2 * px < c->clip.y || cy - 2 * px > c->clip.y + c->clip.height))
        continue;
      mu_text_draw_halo (text, MU_FONT_SERIF_ITALIC, px, l->text, cx, cy, 0.5, 0.5,
                         0x1e150c, 0xf6f1dc, 0.22 * px);
    }
}

void
mu_render_objective_symbol (cairo_t *cr,
                            double   cx,
                            double   cy,
                            double   r,
                            guint32  ring,
                            gboolean owned)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  mu_set_rgb (cr, owned ? ring : 0xf4f0e4);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x1a1a1a);
  cairo_set_line_width (cr, 0.06 * r);
  cairo_stroke (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r * 0.74, 0, 2 * G_PI);
  mu_set_rgb (cr, owned ? mu_colour_mix (ring, 0x000000, 0.45) : 0x9a9a9a);
  cairo_fill (cr);
  mu_render_star_path (cr, cx, cy, r * 0.68, r * 0.28, 0);
  mu_set_rgb (cr, 0xffffff);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x1a1a1a);
  cairo_set_line_width (cr, 0.05 * r);
  cairo_stroke (cr);
}

/* Whether a map label with this text (ignoring case) lies within two hexes
 * of hex. */
static gboolean
labelled_nearby (const MuHexMap *map,
                 const char     *text,
                 MuHex           hex)
{
  for (guint i = 0; i < map->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (map->labels, i);

      if (l->text != NULL && g_ascii_strcasecmp (l->text, text) == 0 &&
          mu_hex_distance (&map->grid, l->hex, hex) <= 2)
        return TRUE;
    }
  return FALSE;
}

static void
draw_objectives (MuHexDraw               *c,
                 MuText                  *text,
                 const char *const *owners)
{
  for (guint i = 0; i < c->scenario->objectives->len; i++)
    {
      const MuObjective *obj = g_ptr_array_index (c->scenario->objectives, i);
      const char *owner = owners ? owners[i] : obj->owner;
      double cx, cy, r = 0.42 * c->s;

      if (!mu_hex_grid_contains (&c->map->grid, obj->hex))
        continue;
      mu_hex_center (&c->map->grid, c->s, obj->hex, &cx, &cy);
      if (c->have_clip &&
          (cx + r < c->clip.x || cx - r > c->clip.x + c->clip.width ||
           cy + r < c->clip.y || cy - r > c->clip.y + c->clip.height))
        continue;
      /* Objectives sit at the lower part of the hex, clear of the counters' numbers. */
      mu_render_objective_symbol (c->cr, cx, cy, r, mu_render_side_colour (c->scenario, owner),
                                  owner != NULL);
      /* its name under it, in the labels' hand, once it can be read and
       * unless the map already labels it nearby */
      if (obj->name != NULL && obj->name[0] != '\0' && 0.3 * c->s * c->dev >= 6.0 &&
          !labelled_nearby (c->map, obj->name, obj->hex))
        mu_text_draw_halo (text, MU_FONT_SERIF_ITALIC, 0.3 * c->s, obj->name, cx, cy + 1.08 * r,
                           0.5, 0.0, 0x1e150c, 0xf6f1dc, 0.2 * 0.3 * c->s);
    }
}

void
mu_render_hex_terrain (cairo_t               *cr,
                       const MuScenario      *scenario,
                       const MuRenderOptions *options,
                       const char *const     *objective_owner)
{
  MuHexDraw c = { 0 };
  MuText text;

  c.cr = cr;
  c.scenario = scenario;
  c.map = scenario->hex_map;
  c.o = options;
  c.s = options->hex_size > 0 ? options->hex_size : 32.0;
  c.dev = mu_render_device_scale (cr, options);
  c.have_clip = mu_render_get_clip (options, &c.clip);
  for (int k = 0; k < 6; k++)
    {
      double a = (c.map->grid.orientation == MU_HEX_FLAT_TOP ? 240.0 : 210.0) + 60.0 * k;
      c.corner[k][0] = c.s * cos (a * G_PI / 180.0);
      c.corner[k][1] = c.s * sin (a * G_PI / 180.0);
    }
  mu_render_hex_range (c.map, c.s, options, 1, &c.c0, &c.c1, &c.r0, &c.r1);
  build_links (&c);

  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  cairo_new_path (cr);

  draw_ground (&c);
  if (symbols_visible (&c))
    {
      draw_wood_edges (&c);
      draw_symbols (&c);
    }
  /* On a zoomed-out board the graded ground colours carry the elevation;
   * contour lines there would only be a dense brown mesh. */
  if (c.s * c.dev >= 8.0)
    draw_contours (&c);
  mu_hex_draw_hexside_streams (&c);
  draw_paths (&c, MU_PATH_STREAM);
  draw_paths (&c, MU_PATH_RIVER);
  draw_paths (&c, MU_PATH_LOCAL_ROAD);
  draw_paths (&c, MU_PATH_TURNPIKE);
  draw_paths (&c, MU_PATH_RAILROAD);
  draw_hex_features (&c);
  if (works_batched (&c))
    draw_fort_rings_batched (&c);
  mu_hex_draw_hexside_works (&c);
  draw_frame (&c);

  mu_text_init (&text, cr);
  if (options->show_coordinates && c.s * c.dev >= 18.0)
    draw_coordinates (&c, &text);
  draw_objectives (&c, &text, objective_owner);
  draw_labels (&c, &text);
  mu_text_clear (&text);

  cairo_restore (cr);
  for (int k = 0; k < MU_PATH_N; k++)
    g_free (c.links[k]);
}
