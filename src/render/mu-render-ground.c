/* mu-render-ground.c: the ground colours of a hex board, and the board's
 * coarse picture made of them */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-hex-private.h"

/* Ground colours of a printed board. */
static const guint32 terrain_colour[MU_TERRAIN_N] = {
  [MU_TERRAIN_OPEN] = 0xebe6c3,
  [MU_TERRAIN_WOODLAND] = 0x9fc27a,
  [MU_TERRAIN_SETTLEMENT] = 0xe2d6bb,
  [MU_TERRAIN_MARSH] = 0xcfdcbc,
  [MU_TERRAIN_FIELDS] = 0xeeda8e,
  [MU_TERRAIN_WATER] = 0x8fc1e3,
  [MU_TERRAIN_ROUGH] = 0xd6c6a2,
};

#define ELEVATION_TINT 0x8c6a3c

guint32
mu_hex_ground_colour (MuTerrain terrain,
                      int       elevation)
{
  double t = 0.085 * CLAMP (elevation, 0, MU_ELEVATION_MAX);

  if (terrain >= MU_TERRAIN_N)
    terrain = MU_TERRAIN_OPEN;
  if (terrain == MU_TERRAIN_WATER)
    return terrain_colour[terrain];
  if (terrain == MU_TERRAIN_WOODLAND)
    t *= 0.6;
  return mu_colour_mix (terrain_colour[terrain], ELEVATION_TINT, t);
}

cairo_surface_t *
mu_render_hex_overview (const MuScenario      *scenario,
                        const MuRenderOptions *options,
                        double                 device_zoom)
{
  const MuHexMap *map;
  cairo_surface_t *surface;
  guint8 *data;
  int stride;
  double s, share = 0;
  guint32 gap;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (device_zoom > 0, NULL);

  map = scenario->board == MU_BOARD_HEX ? scenario->hex_map : NULL;
  if (map == NULL || map->grid.cols <= 0 || map->grid.rows <= 0)
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, map->grid.cols, map->grid.rows);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  /* The grid's gap takes its share of each hex as the terrain drawing
   * leaves it (mu-render-terrain.c), a large one on a zoomed-out board:
   * without it the picture would be much lighter than the board it stands
   * in for. */
  s = options->hex_size > 0 ? options->hex_size : 32.0;
  gap = mu_colour_mix (mu_hex_ground_colour (MU_TERRAIN_OPEN, 0), GRID_COLOUR, GRID_ALPHA);
  if (options->show_grid)
    {
      double inset = 1.0 - MAX (0.03 * s, 0.7 / device_zoom) / (s * MU_SQRT3);

      inset = CLAMP (inset, 0.0, 1.0);
      share = 1.0 - inset * inset;
    }
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* Pixels written directly: a few nanoseconds a hex, where drawing the
   * hexes of a large board takes a good part of a second. */
  for (int row = 1; row <= map->grid.rows; row++)
    {
      guint32 *line = (guint32 *) (data + (gsize) (row - 1) * stride);

      for (int col = 1; col <= map->grid.cols; col++)
        {
          const MuHexCell *cell = cell_at (map, col, row);

          line[col - 1] = 0xff000000u | mu_colour_mix (mu_hex_ground_colour (cell->terrain, cell->elevation),
                                                       gap, share);
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}
