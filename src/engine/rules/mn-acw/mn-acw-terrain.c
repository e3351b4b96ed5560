/* mn-acw-terrain.c: the terrain chart on a move's path (MN-GEN-4,
 * MN-TER-4..7, MN-AMB-40, MN-AMB-42, MN-AMB-53, MN-AMB-77, MN-AMB-79):
 * halving once, rounded up, for fences, walls, hedges, streams, rivers at
 * fords and steep slopes climbed; bridges only in column and not halved;
 * batteries kept to roads in the woods and behind fences; cavalry out of
 * works. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define FENCES (1u << MU_LINE_FENCE | 1u << MU_LINE_WALL | 1u << MU_LINE_HEDGE)
#define WATER (1u << MU_LINE_STREAM | 1u << MU_LINE_RIVER)
#define WOODS (1u << MU_AREA_WOODS | 1u << MU_AREA_LIGHT_WOODS)
#define ROADS (1u << MU_LINE_ROAD | 1u << MU_LINE_TURNPIKE)
#define STEP 0.05

static gboolean
is_battery (const MnUnit *u)
{
  return u->type == MN_TYPE_FOOT_ART || u->type == MN_TYPE_HORSE_ART;
}

/* Whether p lies within half the width of a line of the kinds. */
static gboolean
on_lines (const MnMatch *m, MuPoint p, guint32 kinds)
{
  for (guint i = 0; m->table->lines && i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);

      if ((kinds & (1u << l->kind)) &&
          mu_table_within (mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len, p),
                           mu_terrain_line_width (m->table, l) / 2))
        return TRUE;
    }
  return FALSE;
}

/* The water lines a-b crosses: whether it crosses any, and whether every
 * crossing lies on a bridge (MN-AMB-77). */
static void
water_crossings (const MnMatch *m, MuPoint a, MuPoint b, gboolean *any, gboolean *all_bridges)
{
  for (guint i = 0; m->table->lines && i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
      const MuPoint *p = (const MuPoint *) l->points->data;

      if (!(WATER & (1u << l->kind)))
        continue;
      for (guint k = 0; k + 1 < l->points->len; k++)
        {
          double t;

          if (!mu_segment_intersect (a, b, p[k], p[k + 1], &t))
            continue;
          *any = TRUE;
          if (!on_lines (m, (MuPoint) { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t }, 1u << MU_LINE_BRIDGE))
            *all_bridges = FALSE;
        }
    }
}

gboolean
mn_path_terrain (MnMatch *m, const MnUnit *u, const MuStand *from, const MuStand *to, guint n, MuPoint a0,
                 MuPoint a1, gboolean *halved, GError **error)
{
  gboolean fence = FALSE, water = FALSE, bridges = TRUE;
  double length = hypot (a1.x - a0.x, a1.y - a0.y);

  *halved = FALSE;
  if (length <= 0)
    return TRUE;
  for (guint k = 0; k < n; k++)
    {
      fence |= mn_segment_crosses (m, from[k].centre, to[k].centre, FENCES, NULL);
      water_crossings (m, from[k].centre, to[k].centre, &water, &bridges);
    }
  /* MN-TER-7, MN-AMB-79: fences for infantry, cavalry and leaders only */
  if (fence && is_battery (u))
    return mu_rules_refuse (error, "MN-TER-7", "only infantry, cavalry and leaders cross fences, walls and hedges");
  /* MN-TER-6, MN-AMB-77: a bridge only in column, and not halved (a
   * leader, who has no formation, crosses as a column does) */
  if (water && bridges && u->type != MN_TYPE_LEADER && u->form != MN_FORM_COLUMN)
    return mu_rules_refuse (error, "MN-TER-6", "bridges may be crossed only in column");
  *halved = fence || (water && !bridges);
  /* MN-TER-4, MN-AMB-40, MN-AMB-53 (b): the anchor's path climbing to a
   * higher level inside a steep slope halves the whole move */
  {
    int level = mu_terrain_level_at (m->terrain, a0);

    for (double t = STEP; t < length + STEP && !*halved; t += STEP)
      {
        double at = MIN (t, length);
        MuPoint p = { a0.x + (a1.x - a0.x) * at / length, a0.y + (a1.y - a0.y) * at / length };
        int here = mu_terrain_level_at (m->terrain, p);

        if (here > level && mn_point_in_kinds (m, p, 1u << MU_AREA_STEEP, NULL))
          *halved = TRUE;
        level = here;
      }
  }
  /* MN-AMB-77, MN-AMB-79: a battery inside woods only along a road */
  if (is_battery (u))
    {
      for (double t = 0; t < length + STEP; t += STEP)
        {
          double at = MIN (t, length);
          MuPoint p = { a0.x + (a1.x - a0.x) * at / length, a0.y + (a1.y - a0.y) * at / length };

          if (mn_point_in_kinds (m, p, WOODS, NULL) && !on_lines (m, p, ROADS))
            return mu_rules_refuse (error, "MN-AMB-77", "a battery goes through woods only along a road");
        }
      for (guint k = 0; k < n; k++)
        if (mn_point_in_kinds (m, to[k].centre, WOODS, NULL) && !on_lines (m, to[k].centre, ROADS))
          return mu_rules_refuse (error, "MN-AMB-77", "a battery stands in woods only on a road");
    }
  /* MN-TER-5, MN-AMB-79: cavalry does not end a move in works */
  if (u->type == MN_TYPE_CAV)
    for (guint k = 0; k < n; k++)
      if (mn_point_in_kinds (m, to[k].centre, 1u << MU_AREA_FORTIFICATION, NULL))
        return mu_rules_refuse (error, "MN-TER-5", "cavalry may not end a move in entrenchments or fieldworks");
  return TRUE;
}
