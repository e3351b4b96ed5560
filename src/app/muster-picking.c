#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-picking.h"

#include <string.h>

void
muster_view_transform_init (MusterViewTransform *transform)
{
  g_return_if_fail (transform != NULL);

  transform->zoom = 1.0;
  transform->x = 0.0;
  transform->y = 0.0;
}

void
muster_view_to_board (const MusterViewTransform *transform,
                      double                     wx,
                      double                     wy,
                      double                    *bx,
                      double                    *by)
{
  g_return_if_fail (transform != NULL && transform->zoom > 0);

  *bx = (wx - transform->x) / transform->zoom;
  *by = (wy - transform->y) / transform->zoom;
}

void
muster_view_to_widget (const MusterViewTransform *transform,
                       double                     bx,
                       double                     by,
                       double                    *wx,
                       double                    *wy)
{
  g_return_if_fail (transform != NULL);

  *wx = bx * transform->zoom + transform->x;
  *wy = by * transform->zoom + transform->y;
}

void
muster_view_zoom_around (MusterViewTransform *transform,
                         double               zoom,
                         double               wx,
                         double               wy)
{
  double bx, by;

  g_return_if_fail (transform != NULL && zoom > 0);

  muster_view_to_board (transform, wx, wy, &bx, &by);
  transform->zoom = zoom;
  transform->x = wx - bx * zoom;
  transform->y = wy - by * zoom;
}

void
muster_view_fit (MusterViewTransform *transform,
                 double               board_width,
                 double               board_height,
                 double               widget_width,
                 double               widget_height,
                 double               margin)
{
  double avail_w, avail_h;

  g_return_if_fail (transform != NULL);

  avail_w = MAX (widget_width - 2 * margin, 1.0);
  avail_h = MAX (widget_height - 2 * margin, 1.0);
  if (board_width <= 0 || board_height <= 0)
    {
      transform->zoom = 1.0;
    }
  else
    {
      transform->zoom = MIN (avail_w / board_width, avail_h / board_height);
    }
  transform->x = (widget_width - board_width * transform->zoom) / 2;
  transform->y = (widget_height - board_height * transform->zoom) / 2;
}

void
muster_pick_board (const MuScenario *scenario,
                   double            board_scale,
                   double            bx,
                   double            by,
                   MusterPick       *pick)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (pick != NULL);
  g_return_if_fail (board_scale > 0);

  memset (pick, 0, sizeof *pick);
  pick->side_dir = -1;

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map != NULL)
    {
      const MuHexGrid *grid = &scenario->hex_map->grid;
      MuHex hex;

      pick->side_dir = mu_hex_nearest_side (grid, board_scale, bx, by, &hex, &pick->side_distance);
      pick->hex = hex;
      pick->on_board = mu_hex_grid_contains (grid, hex);
      if (pick->side_dir >= 0)
        pick->side = mu_hexside_canonical (grid, hex, pick->side_dir);
    }
  else if (scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
    {
      pick->table.x = bx / board_scale;
      pick->table.y = by / board_scale;
      pick->on_board = pick->table.x >= 0 && pick->table.y >= 0
                       && pick->table.x <= scenario->table->width
                       && pick->table.y <= scenario->table->height;
    }
}
