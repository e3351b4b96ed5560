/* baa-cover.c: Brothers at Arms (hex) cover against a line of fire
 *
 * BAA-COV-1 takes the highest cover that applies: the target hex's terrain and
 * works, and a hexside obstacle that the line of fire enters the target hex
 * across or at an end of (BAA-AMB-23). A breached fortified hexside gives only
 * soft cover against fire across it (BAA-FORT-4, BAA-AMB-33).
 */
#define G_LOG_DOMAIN "muster-baa"

#include "config.h"

#include "baa-los.h"

int
mu_baa_entry_sides (const MuHexMap *map,
                    MuHex           firer,
                    MuHex           target,
                    int             dirs[2])
{
  g_autoptr(GArray) line = NULL;
  const MuHexLineStep *step;
  int count = 0;
  int d;

  g_return_val_if_fail (map != NULL, 0);

  if (mu_hex_equal (firer, target))
    return 0;
  line = mu_baa_sight_line (&map->grid, firer, target);
  /* The last step before the target: its hex (or both hexes of a hexside
   * step) touches the target across the hexside the line enters by. */
  step = &g_array_index (line, MuHexLineStep, line->len - 2);
  d = mu_hex_direction_to (&map->grid, target, step->hex);
  if (d >= 0)
    dirs[count++] = d;
  if (step->along_side)
    {
      d = mu_hex_direction_to (&map->grid, target, step->alt);
      if (d >= 0)
        dirs[count++] = d;
    }
  return count;
}

static guint
map_side (const MuHexMap *map,
          MuHex           hex,
          int             dir,
          gpointer        user_data)
{
  return mu_hex_map_side (map, hex, dir);
}

int
mu_baa_cover_value (const MuHexMap   *map,
                    MuHex             firer,
                    MuHex             target,
                    MuBaaSideFunc     side_at,
                    gpointer          user_data,
                    const char      **rule)
{
  const MuHexCell *cell;
  int dirs[2];
  int nsides;
  gboolean breached = FALSE;
  int best = 0;
  const char *why = NULL;

  g_return_val_if_fail (map != NULL, 0);

#define TAKE(v, r) G_STMT_START { if ((v) > best) { best = (v); why = (r); } } G_STMT_END

  if (rule)
    *rule = NULL;
  cell = mu_hex_map_cell (map, target);
  if (cell == NULL)
    return 0;
  if (side_at == NULL)
    side_at = map_side;

  nsides = mu_baa_entry_sides (map, firer, target, dirs);
  for (int i = 0; i < nsides; i++)
    {
      guint side = side_at (map, target, dirs[i], user_data);

      if (side & MU_SIDE_BREACHED)
        breached = TRUE;
      /* BAA-AMB-23: a hexside obstacle counts when the line of fire enters the
       * target hex across it or at one of its end points. */
      if (side & MU_SIDE_HEDGE)
        TAKE (3, "BAA-AMB-23");
      if (side & MU_SIDE_WALL)
        TAKE (4, "BAA-AMB-23");
      if ((side & MU_SIDE_FORTIFICATION) && (side & MU_SIDE_BREACHED))
        TAKE (3, "BAA-FORT-4");
      else if (side & MU_SIDE_FORTIFICATION)
        TAKE (5, "BAA-FORT-1");
    }

  if (cell->terrain == MU_TERRAIN_WOODLAND)
    TAKE (3, "BAA-COV-1");
  /* BAA-AMB-23: a settlement is hard cover like buildings. */
  if (cell->terrain == MU_TERRAIN_SETTLEMENT)
    TAKE (4, "BAA-AMB-23");
  if (cell->features & (MU_HEX_FEATURE_BUILDINGS | MU_HEX_FEATURE_PREPARED_DEFENCE))
    TAKE (4, "BAA-COV-1");
  if (cell->features & (MU_HEX_FEATURE_FORTIFICATION | MU_HEX_FEATURE_FORTIFIED_BUILDING))
    {
      /* BAA-FORT-4: against fire across a breached hexside the works of the
       * hex count as soft cover only. */
      if (breached)
        TAKE (3, "BAA-FORT-4");
      else
        TAKE (5, "BAA-FORT-1");
    }
#undef TAKE

  if (rule)
    *rule = why;
  return best;
}
