/* mu-sheet-markers.c: the markers a ruleset declares, and how many a scenario needs
 *
 * The one place that lists markers per ruleset. Counts are what a game of the
 * scenario can have on the board at once, so a printed sheet never runs short:
 *
 * baa-hex (the digest's table 1.5):
 *   NIC        counters of the larger side that can carry it (units and command
 *              counters): NIC goes only on the active side and comes off in the
 *              same round's phase 12 (BAA-CMD-4, BAA-CMD-7, BAA-SEQ-4).
 *   Pinned     every unit of both sides: Pinned markers of the non-active side
 *              stay over the next round (BAA-PIN-2), so both sides can carry them.
 *   Fatigued   every unit of both sides (fatigue lasts bounds, BAA-FAT-2).
 *   Objective  one per objective for each side (a claim replaces the marker,
 *              BAA-OBJ-3), task objectives excluded: they are not places.
 *   Breached   one per fortified hexside not already breached (BAA-FORT-3).
 *   On train   one per counter of a railroad reserve (BAA-SPC-1).
 *   Bound      one (BAA-SEQ-5).
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-sheet-private.h"

static void
add_need (GArray       *needs,
          MuMarkers     marker,
          const MuSide *side,
          guint         count)
{
  MuMarkerNeed n = { marker, side, count };

  if (count > 0)
    g_array_append_val (needs, n);
}

static gboolean
counter_in_railroad_reserve (const MuScenario *s,
                             const MuCounter  *c)
{
  if (c->place.kind != MU_PLACE_RESERVE || c->place.reserve == NULL)
    return FALSE;
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);
      if (g_strcmp0 (r->id, c->place.reserve) == 0)
        return r->kind == MU_RESERVE_RAILROAD;
    }
  return FALSE;
}

static void
baa_hex_needs (const MuScenario *s,
               GArray           *needs)
{
  guint nic = 0, units = 0, train = 0, breachable = 0;

  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      guint n = 0;
      for (guint j = 0; j < s->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, j);
          if (g_strcmp0 (c->side, side->id) == 0 && c->kind != MU_COUNTER_CONTROL)
            n++;
        }
      nic = MAX (nic, n);
    }
  for (guint j = 0; j < s->counters->len; j++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, j);
      if (c->kind == MU_COUNTER_UNIT)
        units++;
      if (counter_in_railroad_reserve (s, c))
        train++;
    }
  if (s->board == MU_BOARD_HEX && s->hex_map && s->hex_map->sides)
    {
      const MuHexGrid *g = &s->hex_map->grid;
      gsize n = (gsize) (g->cols + 2) * (gsize) (g->rows + 2) * 3;
      for (gsize k = 0; k < n; k++)
        if ((s->hex_map->sides[k] & MU_SIDE_FORTIFICATION) &&
            !(s->hex_map->sides[k] & MU_SIDE_BREACHED))
          breachable++;
    }

  add_need (needs, MU_MARKER_NIC, NULL, nic);
  add_need (needs, MU_MARKER_PINNED, NULL, units);
  add_need (needs, MU_MARKER_FATIGUED, NULL, units);
  for (guint i = 0; i < s->sides->len; i++)
    add_need (needs, MU_MARKER_OBJECTIVE, g_ptr_array_index (s->sides, i), s->objectives->len);
  add_need (needs, MU_MARKER_BREACHED, NULL, breachable);
  add_need (needs, MU_MARKER_ON_TRAIN, NULL, train);
  add_need (needs, MU_MARKER_BOUND, NULL, 1);
}

GArray *
mu_sheet_marker_needs (const MuScenario *scenario)
{
  GArray *needs = g_array_new (FALSE, FALSE, sizeof (MuMarkerNeed));

  g_return_val_if_fail (scenario != NULL, needs);

  /* Tabletop rulesets mark states on their bases and rosters, not with
   * printed markers. */
  if (g_strcmp0 (scenario->ruleset, "baa-hex") == 0)
    baa_hex_needs (scenario, needs);
  return needs;
}
