/* mu-sheet-markers.c: how many of each marker a scenario needs
 *
 * The ruleset declares its markers and, for each printed one, how it is
 * supplied (MuMarkerInfo.supply); this counts them for a scenario, so a
 * printed sheet never runs short. For baa-hex (the digest's table 1.5):
 *
 *   larger side    NIC: counters of the larger side that can carry it (units
 *                  and command counters): NIC goes only on the active side and
 *                  comes off in the same round's phase 12 (BAA-CMD-4,
 *                  BAA-CMD-7, BAA-SEQ-4).
 *   per unit       Pinned, Fatigued: every unit of both sides (Pinned markers
 *                  of the non-active side stay over the next round, BAA-PIN-2;
 *                  fatigue lasts bounds, BAA-FAT-2).
 *   per objective  one per objective for each side (a claim replaces the
 *                  marker, BAA-OBJ-3).
 *   per fortified  Breached: one per fortified hexside not already breached
 *                  (BAA-FORT-3).
 *   per rail       On train: one per counter of a railroad reserve (BAA-SPC-1).
 *   one            Bound (BAA-SEQ-5).
 *
 * Rulesets that declare no printed markers (the tabletop ones mark states on
 * their bases and rosters) need none.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-sheet-private.h"

static void
add_need (GArray             *needs,
          const MuMarkerInfo *marker,
          const MuSide       *side,
          guint               count)
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

/* The counts of each kind of supply for this scenario. */
typedef struct {
  guint larger_side, units, rail, fortified;
} Counts;

static void
count_scenario (const MuScenario *s,
                Counts           *n)
{
  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      guint k = 0;
      for (guint j = 0; j < s->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, j);
          if (g_strcmp0 (c->side, side->id) == 0 && c->kind != MU_COUNTER_CONTROL)
            k++;
        }
      n->larger_side = MAX (n->larger_side, k);
    }
  for (guint j = 0; j < s->counters->len; j++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, j);
      if (c->kind == MU_COUNTER_UNIT)
        n->units++;
      if (counter_in_railroad_reserve (s, c))
        n->rail++;
    }
  if (s->board == MU_BOARD_HEX && s->hex_map && s->hex_map->sides)
    {
      const MuHexGrid *g = &s->hex_map->grid;
      gsize total = (gsize) (g->cols + 2) * (gsize) (g->rows + 2) * 3;
      for (gsize k = 0; k < total; k++)
        if ((s->hex_map->sides[k] & MU_SIDE_FORTIFICATION) && !(s->hex_map->sides[k] & MU_SIDE_BREACHED))
          n->fortified++;
    }
}

GArray *
mu_sheet_marker_needs (const MuScenario *scenario)
{
  GArray *needs = g_array_new (FALSE, FALSE, sizeof (MuMarkerNeed));
  const MuRuleset *rs;
  Counts n = { 0 };

  g_return_val_if_fail (scenario != NULL, needs);

  rs = mu_ruleset_find (scenario->ruleset);
  if (rs == NULL)
    return needs;
  count_scenario (scenario, &n);
  for (guint i = 0; i < rs->n_markers; i++)
    {
      const MuMarkerInfo *k = &rs->markers[i];

      switch (k->supply)
        {
        case MU_MARKER_SUPPLY_ONE:
          add_need (needs, k, NULL, 1);
          break;
        case MU_MARKER_SUPPLY_PER_UNIT:
          add_need (needs, k, NULL, n.units);
          break;
        case MU_MARKER_SUPPLY_LARGER_SIDE:
          add_need (needs, k, NULL, n.larger_side);
          break;
        case MU_MARKER_SUPPLY_PER_OBJECTIVE:
          for (guint s = 0; s < scenario->sides->len; s++)
            add_need (needs, k, g_ptr_array_index (scenario->sides, s), scenario->objectives->len);
          break;
        case MU_MARKER_SUPPLY_PER_FORTIFIED:
          add_need (needs, k, NULL, n.fortified);
          break;
        case MU_MARKER_SUPPLY_PER_RAIL:
          add_need (needs, k, NULL, n.rail);
          break;
        case MU_MARKER_SUPPLY_NONE:
        default:
          break;
        }
    }
  return needs;
}
