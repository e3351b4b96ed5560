/* baa-fire.c: Brothers at Arms (hex) fire, flinch, commanders under fire,
 * breaching
 *
 * Fire and melee share one resolution (BAA-MEL-3): attack_resolve() below,
 * called by baa_fire_resolve() and by baa_melee_resolve() in baa-melee.c.
 * Every refusal happens before the first die is rolled, so a refused command
 * changes nothing.
 *
 * Order of the dice in one attack, which forced-dice tests rely on: for each
 * attacker in the declared order, its attack dice, then the cover rerolls of
 * its hits (BAA-FIRE-6), then one die per friendly commander hex its line of
 * fire crosses (BAA-LOS-4). After the last attacker: one die per commander in
 * the hex of each unit dispersed (BAA-CDR-3), then the flinch test
 * (BAA-FLN-1/3) of the primary target, or of the secondary with the surplus
 * hits (BAA-AMB-24).
 */
#define G_LOG_DOMAIN "muster-baa"

#include "config.h"

#include "baa-combat.h"
#include "baa-los.h"

#include <glib/gi18n-lib.h>

#define MAX_STACK 8

/* Helpers ---------------------------------------------------------------------- */

static const char *
cdr_id (const BaaCommander *c)
{
  return c->def->id;
}

static int
hex_elevation (const BaaMatch *m,
               MuHex           hex)
{
  const MuHexCell *cell = mu_hex_map_cell (m->map, hex);

  return cell ? cell->elevation : 0;
}

static gboolean
is_artillery (const BaaUnit *u)
{
  /* A river boat behaves as artillery (BAA-SPC-4). */
  return u->def->arm == MU_ARM_ARTILLERY || u->def->arm == MU_ARM_RIVERBOAT;
}

static gboolean
is_sharpshooter (const BaaMatch *m,
                 const BaaUnit  *u)
{
  return m->opt_sharpshooters && u->sharpshooter;
}

static int
distance (const BaaMatch *m,
          MuHex           a,
          MuHex           b)
{
  return mu_hex_distance (m->grid, a, b);
}

/* BAA-AMB-49: a target is in melee for the fire ban when it is adjacent to
 * any unit of the firer's side. */
static gboolean
unit_in_melee_with (const BaaMatch *m,
                    const BaaUnit  *target,
                    int             side)
{
  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    if (baa_units_at (m, mu_hex_neighbour (m->grid, target->hex, d), side, NULL, 0) > 0)
      return TRUE;
  return FALSE;
}

/* Line of sight, range, cover: the match-level wrappers -------------------------- */

static gboolean
unit_at (MuHex    hex,
         gpointer user_data)
{
  const BaaMatch *m = user_data;

  return baa_units_at (m, hex, BAA_NONE, NULL, 0) > 0;
}

gboolean
baa_los_check (const BaaMatch *m,
               int             side,
               MuHex           from,
               MuHex           to,
               BaaLos         *los)
{
  MuBaaLos l;

  g_return_val_if_fail (m != NULL && los != NULL, FALSE);

  mu_baa_los_compute (m->map, from, to, unit_at, (gpointer) m, &l);
  los->clear = l.clear;
  los->range_bonus = l.range_bonus;
  los->rule = l.rule;
  los->reason = l.reason;
  los->block = l.block;
  los->blocker = l.blocker;
  if (los->commander_hexes != NULL)
    {
      /* BAA-LOS-4: friendly commander hexes the line passes through or runs
       * along; neither end counts (the target hex holds the enemy). */
      for (guint i = 0; i < l.crossed->len; i++)
        {
          MuHex h = g_array_index (l.crossed, MuHex, i);
          gboolean seen = FALSE;

          if (baa_commanders_at (m, h, side, NULL, 0) == 0)
            continue;
          for (guint j = 0; j < los->commander_hexes->len; j++)
            seen = seen || mu_hex_equal (g_array_index (los->commander_hexes, MuHex, j), h);
          if (!seen)
            g_array_append_val (los->commander_hexes, h);
        }
    }
  mu_baa_los_clear (&l);
  return los->clear;
}

gboolean
baa_line_of_sight (const BaaMatch *m,
                   const char     *counter,
                   const MuPos    *to,
                   MuSight        *sight,
                   GError        **error)
{
  BaaUnit *u = baa_match_find_unit (m, counter);
  BaaCommander *c = u ? NULL : baa_match_find_commander (m, counter);
  BaaLos los = { 0 };
  MuHex from;
  int side;

  if (u != NULL && baa_unit_on_board (u))
    {
      from = u->hex;
      side = u->side;
    }
  else if (c != NULL && c->status == BAA_CDR_ACTIVE)
    {
      from = c->hex;
      side = c->side;
    }
  else
    return baa_refuse (error, "BAA-LOS-1", "%s is no counter on the board", counter);
  if (to->is_point || !mu_hex_grid_contains (m->grid, to->hex))
    return baa_refuse (error, "BAA-LOS-1", "a line of sight ends in a hex of the board");

  baa_los_check (m, side, from, to->hex, &los);
  sight->clear = los.clear;
  sight->from = mu_pos_from_hex (from);
  sight->to = *to;
  sight->rule = los.rule ? los.rule : "BAA-LOS-1";
  if (!los.clear)
    {
      sight->block = los.block;
      sight->reason = g_strdup (los.reason);
      sight->has_blocker = !mu_hex_equal (los.blocker, MU_HEX_NONE);
      if (sight->has_blocker)
        sight->blocker = mu_pos_from_hex (los.blocker);
      if (los.block == MU_SIGHT_UNIT && sight->has_blocker)
        {
          BaaUnit *there[MAX_STACK];

          if (baa_units_at (m, los.blocker, BAA_NONE, there, MAX_STACK) > 0)
            sight->unit = g_strdup (baa_unit_id (there[0]));
        }
    }
  return TRUE;
}

int
baa_effective_range (const BaaMatch *m,
                     const BaaUnit  *firer,
                     MuHex           target)
{
  int range = firer->range;

  /* BAA-HGT-1: +1 firing down from the edge of the firer's level. */
  if (hex_elevation (m, firer->hex) > hex_elevation (m, target)
      && mu_baa_is_edge_toward (m->map, firer->hex, target))
    range += 1;
  /* BAA-NGT-1: at night the cap of 2 comes after the hill bonus. */
  if (m->night)
    range = MIN (range, 2);
  return range;
}

/* Hexsides with the breaches made so far. */
static guint
side_at (const MuHexMap *map,
         MuHex           hex,
         int             dir,
         gpointer        user_data)
{
  return baa_hexside (user_data, hex, dir);
}

int
baa_cover_value (const BaaMatch *m,
                 MuHex           from,
                 MuHex           target)
{
  return mu_baa_cover_value (m->map, from, target, side_at, (gpointer) m, NULL);
}

/* Eligibility ------------------------------------------------------------------- */

/* BAA-FIRE-1: may this unit fire now? */
static gboolean
check_firer (const BaaMatch *m,
             const BaaUnit  *u,
             GError        **error)
{
  const char *id = baa_unit_id (u);

  if (!baa_unit_on_board (u))
    return baa_refuse (error, "BAA-FIRE-1", "%s is not on the board", id);
  if (u->side != m->active)
    return baa_refuse (error, "BAA-SEQ-3", "%s belongs to the side not playing this round", id);
  if (u->attacked_this_round)
    return baa_refuse (error, "BAA-FIRE-12", "%s has already attacked this round", id);
  if (u->on_train)
    return baa_refuse (error, "BAA-SPC-2", "%s is on a train and may not attack", id);
  if (u->pinned)
    return baa_refuse (error, "BAA-PIN-1", "%s is pinned and may not fire", id);
  if (!u->has_orders || u->nic)
    return baa_refuse (error, "BAA-FIRE-1", "%s has no orders and may not fire", id);
  if (baa_unit_stacked (m, u))
    return baa_refuse (error, "BAA-STK-2", "%s is stacked (unformed) and may not fire", id);
  if (baa_unit_in_melee (m, u))
    return baa_refuse (error, "BAA-AMB-19",
                       "%s is in melee and attacks only in the melee phase", id);
  return TRUE;
}

/* BAA-FIRE-3: range from a firer to a hex (cheap: checked before LOS). */
static gboolean
check_range (const BaaMatch *m,
             const BaaUnit  *firer,
             MuHex           hex,
             const char     *what,
             GError        **error)
{
  int base = firer->range;
  int d, range;

  /* the many candidates of the legal-command list: most are settled by the
   * lower bound of the distance, without computing it */
  if (error == NULL && mu_hex_distance_at_least (firer->hex, hex) > base + 1)
    return FALSE;
  d = distance (m, firer->hex, hex);

  /* The effective range is at least the base range (at night at most 2) and
   * at most one more (BAA-HGT-1): most candidates are decided without the
   * line to the edge of the level. Refusals that are explained still say
   * the effective range. */
  if (d <= (m->night ? MIN (base, 2) : base))
    return TRUE;
  if (error == NULL && d > base + 1)
    return FALSE;
  range = baa_effective_range (m, firer, hex);
  if (d > range)
    return baa_refuse (error, m->night && range == 2 ? "BAA-NGT-1" : "BAA-FIRE-3",
                       "%s is out of range of %s: distance %d, effective range %d",
                       what, baa_unit_id (firer), d, range);
  return TRUE;
}

/* BAA-FIRE-2, BAA-LOS-*: line of sight from a firer to a hex. */
static gboolean
check_sight (const BaaMatch *m,
             const BaaUnit  *firer,
             MuHex           hex,
             const char     *what,
             GError        **error)
{
  BaaLos los = { 0 };

  if (!baa_los_check (m, firer->side, firer->hex, hex, &los))
    return baa_refuse (error, los.rule ? los.rule : "BAA-LOS-1", "%s cannot see %s at %s: %s",
                       baa_unit_id (firer), what, baa_hex_label (m, hex),
                       los.reason ? los.reason : _("line of sight blocked"));
  return TRUE;
}

static gboolean
check_reach (const BaaMatch *m,
             const BaaUnit  *firer,
             MuHex           hex,
             const char     *what,
             GError        **error)
{
  return check_range (m, firer, hex, what, error) && check_sight (m, firer, hex, what, error);
}

gboolean
baa_check_riverboat (const BaaUnit *attacker,
                 const BaaUnit *target,
                 GError       **error)
{
  if (target->def->arm == MU_ARM_RIVERBOAT && !is_artillery (attacker))
    return baa_refuse (error, "BAA-SPC-5", "%s may not attack the river boat %s",
                       baa_unit_id (attacker), baa_unit_id (target));
  return TRUE;
}

/* BAA-FIRE-2: may firer fire at this unit? */
static gboolean
check_fire_target (const BaaMatch *m,
                   const BaaUnit  *firer,
                   const BaaUnit  *target,
                   GError        **error)
{
  const char *tid = baa_unit_id (target);

  if (!baa_unit_on_board (target))
    return baa_refuse (error, "BAA-FIRE-2", "%s is not on the board", tid);
  if (target->side == firer->side)
    return baa_refuse (error, "BAA-FIRE-2", "%s is not an enemy unit", tid);
  if (!check_range (m, firer, target->hex, tid, error))
    return FALSE;
  if (!baa_check_riverboat (firer, target, error))
    return FALSE;
  /* BAA-MEL-5, BAA-AMB-49: no fire into a melee from any distance. */
  if (unit_in_melee_with (m, target, firer->side))
    return baa_refuse (error, "BAA-MEL-5", "%s is in melee and may not be fired at", tid);
  return check_sight (m, firer, target->hex, tid, error);
}

static gboolean
check_distinct (BaaUnit *const *units,
                guint           n,
                GError        **error)
{
  if (n == 0)
    return baa_refuse (error, "BAA-FIRE-10", "no attacking unit named");
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (units[i] == units[j])
        return baa_refuse (error, "BAA-FIRE-12", "%s is named twice: one attack per unit",
                           baa_unit_id (units[i]));
  return TRUE;
}

/* Commanders on the line of fire and in a dispersed unit's hex -------------------- */

/* BAA-LOS-4, BAA-AMB-26: one die per friendly commander hex the line of fire
 * crosses, not counting the firer's own hex; a 6 disables the commanders
 * there. (Several commanders in one hex share the die: the digest counts
 * hexes.) */
static void
friendly_fire_check (BaaMatch     *m,
                     const BaaUnit *firer,
                     MuHex          to,
                     GPtrArray     *events)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  BaaLos los = { 0 };

  los.commander_hexes = hexes;
  baa_los_check (m, firer->side, firer->hex, to, &los);
  for (guint i = 0; i < hexes->len; i++)
    {
      MuHex h = g_array_index (hexes, MuHex, i);
      g_autoptr(GPtrArray) c = baa_commanders_in (m, h, firer->side);
      gboolean hit = FALSE;

      if (c == NULL)
        continue;
      baa_roll (m, events, NC_("event text", "friendly-fire"), cdr_id (g_ptr_array_index (c, 0)),
                baa_unit_id (firer), 0,
                MU_ROLL_AT_LEAST, 6, "BAA-LOS-4", &hit);
      if (hit)
        for (guint j = 0; j < c->len; j++)
          baa_commander_disable (m, g_ptr_array_index (c, j), "BAA-LOS-4", events);
    }
}

/* Attack resolution (fire and melee) --------------------------------------------- */

/* Rolls one attacker's dice against the target hex: to-hit, then the cover
 * reroll (BAA-FIRE-5, FIRE-6). Returns the hits that stand. */
static int
roll_attack (BaaMatch      *m,
             BaaUnit       *a,
             const BaaUnit *target,
             int            cover,
             gboolean       melee,
             GPtrArray     *events)
{
  int dice = baa_unit_attack_dice (m, a);
  int value = baa_unit_attack_value (m, a);
  const char *aid = baa_unit_id (a);
  const char *tid = baa_unit_id (target);
  int hits = 0, kept = 0;

  for (int k = 0; k < dice; k++)
    {
      gboolean ok = FALSE;

      baa_roll (m, events, melee ? NC_("event text", "melee") : NC_("event text", "fire"), aid, tid,
                0, MU_ROLL_AT_LEAST, value,
                "BAA-FIRE-5", &ok);
      hits += ok;
    }
  if (cover == 0 || hits == 0)
    return hits;
  for (int k = 0; k < hits; k++)
    {
      gboolean ok = FALSE;

      baa_roll (m, events, NC_("event text", "cover"), tid, aid, 0, MU_ROLL_AT_LEAST, cover,
                "BAA-FIRE-6", &ok);
      kept += ok;
    }
  return kept;
}

gboolean
baa_attack_resolve (BaaMatch       *m,
                    BaaUnit *const *attackers,
                    guint           n,
                    BaaUnit        *target,
                    gboolean        melee,
                    GPtrArray      *events)
{
  BaaUnit *stack[MAX_STACK];
  BaaUnit *pair[2] = { target, NULL };
  guint ns, npair = 1;
  int tp, ts = 0, limit, total = 0, cover = -1;
  MuHex hex = target->hex;
  MuEvent *ev;

  /* BAA-FIRE-9, BAA-STK-3: a stacked target hex holds a primary (the named
   * target) and a secondary unit. */
  ns = baa_units_at (m, hex, target->side, stack, MAX_STACK);
  for (guint i = 0; i < ns; i++)
    if (stack[i] != target && npair < 2)
      pair[npair++] = stack[i];
  tp = baa_unit_threshold (m, target);
  if (npair == 2)
    ts = baa_unit_threshold (m, pair[1]);
  /* BAA-FIRE-10, BAA-AMB-18, BAA-AMB-53: the named primary is the group's
   * target. The group stops as soon as its running total disperses it; the
   * secondary gets only the surplus of the hits already rolled (BAA-FIRE-9),
   * never further rolls of its own. */
  limit = tp;

  /* "attack TARGET KIND by=FIRST-ATTACKER dice=N": the event names the
   * target as subject so that its text form reads the right way round. */
  ev = baa_event (m, events, &baa_ev_attack, baa_unit_id (target),
                  melee ? "BAA-MEL-3" : n > 1 ? "BAA-FIRE-10" : "BAA-FIRE-5");
  mu_event_set_object (ev, baa_unit_id (attackers[0]));
  mu_event_set_text (ev, melee ? (n > 1 ? NC_("event text", "melee-group") : NC_("event text", "melee"))
                             : (n > 1 ? NC_("event text", "fire-group") : NC_("event text", "fire")));
  ev->at = mu_pos_from_hex (hex);
  for (guint i = 0; i < n; i++)
    ev->count += baa_unit_attack_dice (m, attackers[i]);
  for (guint i = 0; i < npair; i++)
    baa_unit_note_targeted (m, pair[i]);

  for (guint i = 0; i < n; i++)
    {
      BaaUnit *a = attackers[i];
      int c, hits;

      /* BAA-FIRE-12: every declared attacker has attacked, even when its
       * attack is lost (BAA-FIRE-10). */
      a->attacked_this_round = TRUE;
      baa_unit_note_action (m, a);
      if (total >= limit)
        {
          MuEvent *lost = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), baa_unit_id (a),
                                     "BAA-FIRE-10");
          mu_event_set_text (lost, NC_("event text", "attack lost: the target is already dispersed"));
          continue;
        }
      c = baa_cover_value (m, a->hex, hex);
      /* The flinch test uses the lowest cover the target had against any
       * attacker of the group: it was exposed to that fire (BAA-COV-2; the
       * digest does not say which line of fire counts for a group). */
      cover = cover < 0 ? c : MIN (cover, c);
      hits = roll_attack (m, a, target, c, melee, events);
      total += hits;
      ev = baa_event (m, events, &baa_ev_hits, baa_unit_id (target), melee ? "BAA-MEL-3" : "BAA-FIRE-5");
      mu_event_set_object (ev, baa_unit_id (a));
      ev->value = hits;
      if (!melee)
        friendly_fire_check (m, a, hex, events);
    }
  if (cover < 0)
    cover = 0;
  if (n > 1)
    {
      /* BAA-AMB-18: the group's running total decides. */
      ev = baa_event (m, events, &baa_ev_hits, baa_unit_id (target), "BAA-AMB-18");
      mu_event_set_text (ev, NC_("event text", "total"));
      ev->value = total;
    }

  if (total >= tp)
    {
      /* BAA-FIRE-7 (and BAA-CDR-3 for commanders in the hex) */
      baa_combat_remove_unit (m, target, BAA_UNIT_DISPERSED, baa_unit_id (attackers[0]),
                   "BAA-FIRE-7", events);
      if (npair == 2)
        {
          int surplus = total - tp;

          if (surplus >= ts)
            baa_combat_remove_unit (m, pair[1], BAA_UNIT_DISPERSED, baa_unit_id (attackers[0]),
                         "BAA-FIRE-9", events);
          else if (surplus >= 1)
            {
              /* BAA-AMB-24: the secondary tests with hits = surplus. */
              BaaUnit *second[1] = { pair[1] };
              baa_flinch_test (m, second, 1, surplus, cover, attackers, n, events);
            }
        }
    }
  else if (total >= 1)
    /* BAA-FIRE-8; a flinching primary takes its stack partner along (BAA-FIRE-9). */
    baa_flinch_test (m, pair, npair, total, cover, attackers, n, events);
  /* 0 hits: no flinch test (BAA-AMB-21). */
  return TRUE;
}

gboolean
baa_fire_resolve (BaaMatch       *m,
                  BaaUnit *const *firers,
                  guint           n,
                  BaaUnit        *target,
                  GPtrArray      *events,
                  GError        **error)
{
  g_return_val_if_fail (m != NULL && firers != NULL && target != NULL, FALSE);

  if (!check_distinct (firers, n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      if (!check_firer (m, firers[i], error))
        return FALSE;
      if (!check_fire_target (m, firers[i], target, error))
        return FALSE;
    }
  return baa_attack_resolve (m, firers, n, target, FALSE, events);
}

/* Commanders ------------------------------------------------------------------- */

static gboolean
check_commander_target (const BaaMatch     *m,
                        const BaaUnit      *firer,
                        const BaaCommander *c,
                        GError            **error)
{
  if (c->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-CDR-4", "%s is not on the board", cdr_id (c));
  if (c->side == firer->side)
    return baa_refuse (error, "BAA-CDR-4", "%s is not an enemy commander", cdr_id (c));
  /* Out of range: listing the legal commands (no reason wanted) asks the
   * cheap question first; a refusal's reason keeps the order below. */
  if (error == NULL && !check_range (m, firer, c->hex, cdr_id (c), NULL))
    return FALSE;
  /* BAA-AMB-27: only a lone commander; one with units is hit through them
   * (BAA-FIRE-9, BAA-CDR-3). */
  if (baa_units_at (m, c->hex, c->side, NULL, 0) > 0)
    return baa_refuse (error, "BAA-AMB-27",
                       "%s is with a unit: only a lone commander may be fired at", cdr_id (c));
  return check_reach (m, firer, c->hex, cdr_id (c), error);
}

gboolean
baa_fire_commander_resolve (BaaMatch     *m,
                            BaaUnit      *firer,
                            BaaCommander *target,
                            GPtrArray    *events,
                            GError      **error)
{
  gboolean sharp, hit = FALSE;
  const char *rule;
  MuEvent *ev;

  g_return_val_if_fail (m != NULL && firer != NULL && target != NULL, FALSE);

  if (!check_firer (m, firer, error) || !check_commander_target (m, firer, target, error))
    return FALSE;

  /* BAA-CDR-4: all the firer's dice are given up for one die needing a 6;
   * a sharpshooter needs its modified attack value (BAA-CDR-5, AMB-27). */
  sharp = is_sharpshooter (m, firer);
  rule = sharp ? "BAA-CDR-5" : "BAA-CDR-4";
  ev = baa_event (m, events, &baa_ev_attack, cdr_id (target), rule);
  mu_event_set_object (ev, baa_unit_id (firer));
  mu_event_set_text (ev, NC_("event text", "fire-commander"));
  ev->at = mu_pos_from_hex (target->hex);
  ev->count = 1;
  firer->attacked_this_round = TRUE;
  baa_unit_note_action (m, firer);
  baa_roll (m, events, NC_("event text", "commander-shot"), baa_unit_id (firer), cdr_id (target), 0,
            MU_ROLL_AT_LEAST, sharp ? baa_unit_attack_value (m, firer) : 6, rule, &hit);
  if (hit)
    baa_commander_disable (m, target, rule, events);
  friendly_fire_check (m, firer, target->hex, events);
  return TRUE;
}

/* Breaching -------------------------------------------------------------------- */

/* BAA-FORT-2: a hexside of field works: a defence-works hexside, or any
 * hexside of a fortification hex (its works face every way). A fortified
 * building is a building, not a hexside, and cannot be breached. */
static gboolean
hexside_fortified (const BaaMatch *m,
                   MuHex           hex,
                   int             dir)
{
  const MuHexCell *cell = baa_hex_cell (m, hex);

  /* a breach does not take the fortification away */
  if (mu_hex_map_side (m->map, hex, dir) & MU_SIDE_FORTIFICATION)
    return TRUE;
  return cell != NULL && (cell->features & MU_HEX_FEATURE_FORTIFICATION) != 0;
}

/* The fortified hexsides of each hex, as bits by direction: the
 * legal-command list asks of every hexside around each artillery unit
 * whether it is fortified, and finding a hexside's features cost a fifth
 * of a large board's fire phase. The map's fortifications do not change
 * in play (a breach leaves them, hexside_fortified()). */
static const guint8 *
fort_sides (const BaaMatch *cm)
{
  BaaMatch *m = (BaaMatch *) cm;

  if (m->fort_sides == NULL)
    {
      m->fort_sides = g_new0 (guint8, (gsize) m->grid->cols * m->grid->rows);
      for (int row = 1; row <= m->grid->rows; row++)
        for (int col = 1; col <= m->grid->cols; col++)
          for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
            if (hexside_fortified (m, (MuHex) { col, row }, d))
              m->fort_sides[(gsize) (row - 1) * m->grid->cols + (col - 1)] |= 1 << d;
    }
  return m->fort_sides;
}

static gboolean
check_breach_target (const BaaMatch *m,
                     const BaaUnit  *firer,
                     MuHex           hex,
                     int             dir,
                     GError        **error)
{
  int dirs[2];
  int nd;
  gboolean faces = FALSE;
  g_autofree char *what = NULL;

  if (dir < 0 || dir >= MU_HEX_DIRECTIONS || !baa_hex_on_board (m, hex))
    return baa_refuse (error, "BAA-FORT-2", "no such hexside");
  /* only a refusal someone reads names the hexside: the legal-command list
   * asks this of every fortified hexside in an artillery unit's reach */
  what = error ? g_strdup_printf ("hexside %d of %s", dir, baa_hex_label (m, hex)) : NULL;
  if (!hexside_fortified (m, hex, dir))
    return baa_refuse (error, "BAA-FORT-2", "%s is not fortified", what);
  if (baa_hexside_breached (m, hex, dir))
    return baa_refuse (error, "BAA-FORT-3", "%s is already breached", what);
  if (baa_units_at (m, hex, BAA_NONE, NULL, 0) > 0 || baa_commanders_at (m, hex, BAA_NONE, NULL, 0) > 0)
    return baa_refuse (error, "BAA-FORT-2", "%s is occupied: its occupants must go first",
                       baa_hex_label (m, hex));
  if (!is_artillery (firer))
    return baa_refuse (error, "BAA-FORT-2", "only artillery may fire at works; %s is not artillery",
                       baa_unit_id (firer));
  if (!check_reach (m, firer, hex, what, error))
    return FALSE;
  /* The works can be hit only on a side the line of fire reaches (the same
   * hexsides that give cover against it, BAA-AMB-23); not spelled out in the
   * digest. */
  nd = mu_baa_entry_sides (m->map, firer->hex, hex, dirs);
  for (int i = 0; i < nd; i++)
    faces = faces || dirs[i] == dir;
  if (!faces)
    return baa_refuse (error, "BAA-FORT-2", "the line of fire of %s does not reach %s",
                       baa_unit_id (firer), what);
  return TRUE;
}

gboolean
baa_breach_resolve (BaaMatch       *m,
                    BaaUnit *const *firers,
                    guint           n,
                    MuHex           hex,
                    int             dir,
                    GPtrArray      *events,
                    GError        **error)
{
  int total = 0;
  MuEvent *ev;

  g_return_val_if_fail (m != NULL && firers != NULL, FALSE);

  if (!check_distinct (firers, n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!check_firer (m, firers[i], error) || !check_breach_target (m, firers[i], hex, dir, error))
      return FALSE;

  ev = baa_event (m, events, &baa_ev_attack, NULL, "BAA-FORT-3");
  {
    g_autofree char *text = g_strdup_printf ("%s dir=%d", n > 1 ? "breach-group" : "breach", dir);
    mu_event_set_text (ev, text);
  }
  mu_event_set_object (ev, baa_unit_id (firers[0]));
  ev->at = mu_pos_from_hex (hex);
  ev->value = dir;
  for (guint i = 0; i < n; i++)
    ev->count += baa_unit_attack_dice (m, firers[i]);
  for (guint i = 0; i < n; i++)
    {
      BaaUnit *a = firers[i];
      int dice, value, hits = 0;

      a->attacked_this_round = TRUE;
      baa_unit_note_action (m, a);
      if (total >= 6)
        {
          MuEvent *lost = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), baa_unit_id (a),
                                     "BAA-FIRE-10");
          mu_event_set_text (lost, NC_("event text", "attack lost: the hexside is already breached"));
          continue;
        }
      dice = baa_unit_attack_dice (m, a);
      value = baa_unit_attack_value (m, a);
      for (int k = 0; k < dice; k++)
        {
          gboolean ok = FALSE;

          baa_roll (m, events, NC_("event text", "breach"), baa_unit_id (a), NULL, 0, MU_ROLL_AT_LEAST, value,
                    "BAA-FORT-3", &ok);
          hits += ok;
        }
      /* BAA-FORT-3: no cover reroll for the hexside itself. */
      total += hits;
      ev = baa_event (m, events, &baa_ev_hits, NULL, "BAA-FORT-3");
      mu_event_set_object (ev, baa_unit_id (a));
      ev->at = mu_pos_from_hex (hex);
      ev->value = hits;
      friendly_fire_check (m, a, hex, events);
    }
  /* BAA-FORT-3, BAA-AMB-33: strength 6, no carry-over between attacks. */
  if (total >= 6)
    {
      baa_hexside_set_breached (m, hex, dir);
      ev = baa_event (m, events, &baa_ev_breached, NULL, "BAA-FORT-3");
      ev->at = mu_pos_from_hex (hex);
      ev->value = dir;
    }
  else
    {
      ev = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), NULL, "BAA-AMB-33");
      ev->at = mu_pos_from_hex (hex);
      mu_event_set_text (ev, NC_("event text", "works hold: hits do not carry over"));
    }
  return TRUE;
}

/* Legal attacks ---------------------------------------------------------------- */

/* The farthest a target of u can be (BAA-FIRE-3: its range, one more firing
 * down from a hill, BAA-HGT-1): the lists below ask only the counters that
 * near, so that a unit's attacks cost what stands around it, not the whole
 * board (check_range refuses everything farther). */
static int
fire_reach (const BaaUnit *u)
{
  return u->range + 1;
}

void
baa_combat_legal_targets (const BaaMatch *m,
                          const BaaUnit  *u,
                          GPtrArray      *ids)
{
  g_return_if_fail (m != NULL && u != NULL && ids != NULL);

  if (m->phase == BAA_PHASE_FIRE)
    {
      g_autoptr(GPtrArray) near = NULL;

      if (!check_firer (m, u, NULL))
        return;
      near = g_ptr_array_new ();
      baa_units_near (m, u->hex, fire_reach (u), BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaUnit *t = g_ptr_array_index (near, i);

          if (t->side != u->side && check_fire_target (m, u, t, NULL))
            g_ptr_array_add (ids, (gpointer) baa_unit_id (t));
        }
      g_ptr_array_set_size (near, 0);
      baa_commanders_near (m, u->hex, fire_reach (u), BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaCommander *c = g_ptr_array_index (near, i);

          if (c->side != u->side && check_commander_target (m, u, c, NULL))
            g_ptr_array_add (ids, (gpointer) cdr_id (c));
        }
    }
  else if (m->phase == BAA_PHASE_MELEE)
    {
      g_autoptr(GPtrArray) near = g_ptr_array_new ();

      baa_units_near (m, u->hex, 1, BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaUnit *t = g_ptr_array_index (near, i);

          if (t->side != u->side && baa_melee_check (m, u, t, NULL))
            g_ptr_array_add (ids, (gpointer) baa_unit_id (t));
        }
    }
}

void
baa_combat_legal_commands (const BaaMatch *m,
                           const BaaUnit  *u,
                           GPtrArray      *commands)
{
  g_return_if_fail (m != NULL && u != NULL && commands != NULL);

  if (m->phase == BAA_PHASE_FIRE)
    {
      int reach;
      MuAxial o;
      const guint8 *forts;
      g_autoptr(GPtrArray) near = NULL;

      if (!check_firer (m, u, NULL))
        return;
      near = g_ptr_array_new ();
      baa_units_near (m, u->hex, fire_reach (u), BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaUnit *t = g_ptr_array_index (near, i);

          if (t->side != u->side && check_fire_target (m, u, t, NULL))
            g_ptr_array_add (commands, baa_command_new_attack (BAA_COMMAND_FIRE, baa_unit_id (u),
                                                              baa_unit_id (t)));
        }
      g_ptr_array_set_size (near, 0);
      baa_commanders_near (m, u->hex, fire_reach (u), BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaCommander *c = g_ptr_array_index (near, i);

          if (c->side != u->side && check_commander_target (m, u, c, NULL))
            g_ptr_array_add (commands, baa_command_new_attack (BAA_COMMAND_FIRE_COMMANDER,
                                                              baa_unit_id (u), cdr_id (c)));
        }
      if (!is_artillery (u) || !m->any_fortification)
        return;
      /* Breach shots at fortified hexsides within reach (range + hill bonus),
       * and never farther than the far corner of the board: a range may be
       * any whole number. */
      reach = m->night ? 2 : u->range + 1;
      reach = MIN (reach, m->grid->cols + m->grid->rows);
      forts = fort_sides (m);
      o = mu_hex_to_axial (m->grid, u->hex);
      for (int dq = -reach; dq <= reach; dq++)
        for (int dr = MAX (-reach, -dq - reach); dr <= MIN (reach, -dq + reach); dr++)
          {
            MuHex h = mu_hex_from_axial (m->grid, (MuAxial) { o.q + dq, o.r + dr });
            guint8 here;

            if ((dq == 0 && dr == 0) || !baa_hex_on_board (m, h))
              continue;
            here = forts[(gsize) (h.row - 1) * m->grid->cols + (h.col - 1)];
            for (int d = 0; here != 0 && d < MU_HEX_DIRECTIONS; d++)
              if ((here & (1 << d)) && check_breach_target (m, u, h, d, NULL))
                {
                  BaaCommand *cmd = baa_command_new (BAA_COMMAND_BREACH);

                  cmd->unit = g_strdup (baa_unit_id (u));
                  baa_command_add_hex (cmd, h);
                  cmd->dir = d;
                  g_ptr_array_add (commands, cmd);
                }
          }
    }
  else if (m->phase == BAA_PHASE_MELEE)
    {
      g_autoptr(GPtrArray) near = g_ptr_array_new ();

      /* BAA-MEL-1: only an adjacent enemy */
      baa_units_near (m, u->hex, 1, BAA_NONE, near);
      for (guint i = 0; i < near->len; i++)
        {
          const BaaUnit *t = g_ptr_array_index (near, i);

          if (t->side != u->side && baa_melee_check (m, u, t, NULL))
            g_ptr_array_add (commands, baa_command_new_attack (BAA_COMMAND_MELEE, baa_unit_id (u),
                                                              baa_unit_id (t)));
        }
    }
}
