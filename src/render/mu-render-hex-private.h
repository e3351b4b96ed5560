/* mu-render-hex-private.h: the state of one hex-board drawing pass, shared by
 * the terrain and hexside files (not installed) */
#pragma once

#include "mu-render-private.h"

G_BEGIN_DECLS

#define WATER_DARK 0x2f64a3
#define WATER_MID 0x4c8fd1
#define WATER_LIGHT 0x8fc1e3

typedef struct {
  cairo_t *cr;
  const MuScenario *scenario;
  const MuHexMap *map;
  const MuRenderOptions *o;
  double s;              /* hex size (centre to corner) */
  double dev;            /* device pixels per board pixel */
  int c0, c1, r0, r1;    /* visible printed columns and rows */
  double corner[6][2];   /* corner offsets from the centre */
  guint8 *links[MU_PATH_N]; /* per cell: bit d set when a path of the kind leads to neighbour d */
  gboolean have_clip;
  MuRect clip;
} MuHexDraw;

/* The grid: the gap left between hexes filled slightly smaller than they are. */
#define GRID_COLOUR 0x1a1a10
#define GRID_ALPHA 0.55

/* The ground colour of terrain at an elevation (mu-render-ground.c). */
guint32 mu_hex_ground_colour (MuTerrain terrain,
                              int       elevation);

static inline const MuHexCell *
cell_at (const MuHexMap *map,
         int             col,
         int             row)
{
  return &map->cells[(row - 1) * map->grid.cols + (col - 1)];
}

static inline void
centre (const MuHexDraw *c,
        int        col,
        int        row,
        double    *x,
        double    *y)
{
  mu_hex_center (&c->map->grid, c->s, (MuHex) { col, row }, x, y);
}

/* The hex's six corners about (cx, cy), scaled, as x, y pairs. */
static inline void
hex_corners (const MuHexDraw *c,
             double           cx,
             double           cy,
             double           scale,
             double          *xy)
{
  for (int k = 0; k < 6; k++)
    {
      xy[2 * k] = cx + c->corner[k][0] * scale;
      xy[2 * k + 1] = cy + c->corner[k][1] * scale;
    }
}

static inline void
hex_path (const MuHexDraw *c,
          double     cx,
          double     cy,
          double     scale)
{
  double xy[12];

  hex_corners (c, cx, cy, scale, xy);
  cairo_move_to (c->cr, xy[0], xy[1]);
  for (int k = 1; k < 6; k++)
    cairo_line_to (c->cr, xy[2 * k], xy[2 * k + 1]);
  cairo_close_path (c->cr);
}

static inline void
hexside_points (const MuHexDraw *c,
                double     cx,
                double     cy,
                int        dir,
                double    *x1,
                double    *y1,
                double    *x2,
                double    *y2)
{
  *x1 = cx + c->corner[dir][0];
  *y1 = cy + c->corner[dir][1];
  *x2 = cx + c->corner[(dir + 1) % 6][0];
  *y2 = cy + c->corner[(dir + 1) % 6][1];
}

static inline gboolean
symbols_visible (const MuHexDraw *c)
{
  return c->s * c->dev >= 9.0;
}

/* Below this many device pixels from a hex's centre to its corner, works
 * and crossings are drawn in one path per colour for the whole pass, not
 * filled and stroked one by one: at that size their shapes are a pixel or
 * two, and a board fitted to a window has tens of thousands of them. */
static inline gboolean
works_batched (const MuHexDraw *c)
{
  return c->s * c->dev < 6.0;
}

/* Hexside features (mu-render-hexside.c). */
void     mu_hex_draw_hexside_streams (MuHexDraw *c);
void     mu_hex_draw_hexside_works   (MuHexDraw *c);

G_END_DECLS
