/* baa-combat.h: the combat half of baa-hex
 *
 * Line of sight, higher ground, cover (baa-los.c/.h hold the pure map
 * functions; the match-level wrappers below may live in baa-fire.c), fire,
 * grouped fire, flinch, pinned, commanders under fire, sharpshooters,
 * breaching (baa-fire.c), melee (baa-melee.c). Rule areas BAA-LOS, HGT, COV,
 * FIRE, FLN, PIN, MEL, FORT, CDR-1..5.
 *
 * Called by baa-apply.c: it parses the command, finds the counters (ids already
 * resolved to pointers, every pointer non-NULL and ACTIVE on the board), checks
 * the phase and the active side, then calls the resolver. The resolver checks
 * everything else (eligibility, range, LOS, targets), refusing with
 * MU_ERROR_ILLEGAL "REASON (RULE-ID)" and no change and no die rolled, and on
 * success rolls, applies the results through the shared helpers of
 * baa-hex-private.h (baa_unit_remove, baa_commander_disable, baa_unit_pin,
 * baa_unit_note_action, baa_unit_note_targeted, baa_decision_open_hexes) and
 * marks the attackers attacked_this_round.
 *
 * A flinch whose destination someone must choose (BAA-FLN-5, FLN-6) opens a
 * BAA_DECISION_FLINCH (m->pending: units, n_units, side = the chooser, hexes =
 * baa_flinch_destinations()) and returns TRUE; baa-apply.c answers `choose HEX`
 * by calling baa_flinch_move(). With exactly one destination the resolver moves
 * at once without a decision; with none the unit(s) surrender (BAA-FLN-5a).
 */
#pragma once

#include "baa-hex-private.h"
#include "baa-command.h"

G_BEGIN_DECLS

/* Line of sight ------------------------------------------------------------- */

typedef struct {
  gboolean clear;              /* TRUE when the target hex can be seen */
  int range_bonus;             /* +1 firing down from an edge (BAA-HGT-1) */
  const char *rule;            /* when blocked: the rule id that blocks */
  const char *reason;          /* when blocked: why, untranslated (static string) */
  MuSightBlock block;          /* when blocked: what blocks */
  MuHex blocker;               /* when blocked by a hex: that hex, else MU_HEX_NONE */
  GArray *commander_hexes;     /* of MuHex: friendly commander hexes crossed
                                * (BAA-LOS-4), excluding the firer's; may be NULL
                                * when the caller passed no array */
} BaaLos;

/* LOS from the firer's hex to `to` for a firer of `side` (BAA-LOS-*, BAA-HGT-*).
 * los->commander_hexes must be NULL or an array of MuHex to fill. */
gboolean  baa_los_check              (const BaaMatch *m, int side, MuHex from, MuHex to,
                                      BaaLos *los);
/* The ruleset's line_of_sight (mu_match_line_of_sight): the unit's or
 * commander's line of sight from its hex to a hex, by baa_los_check, the
 * function fire uses. */
gboolean  baa_line_of_sight          (const BaaMatch *m, const char *counter, const MuPos *to,
                                      MuSight *sight, GError **error);
/* Effective range of a firer against a target hex (BAA-FIRE-3): range, +1
 * firing down (BAA-HGT-1), night cap 2 after the bonus (BAA-NGT-1). */
int       baa_effective_range        (const BaaMatch *m, const BaaUnit *firer, MuHex target);
/* Cover value (BAA-COV-1) of a unit in `target` against fire from `from`:
 * 0 in the open, 3, 4 or 5. */
int       baa_cover_value            (const BaaMatch *m, MuHex from, MuHex target);

/* Fire (phase 10) ------------------------------------------------------------ */

/* Single (n == 1) or grouped fire (BAA-FIRE-1..12) at a unit; `target` is the
 * primary target when stacked (BAA-FIRE-9). */
gboolean  baa_fire_resolve           (BaaMatch *m, BaaUnit *const *firers, guint n,
                                      BaaUnit *target, GPtrArray *events, GError **error);
/* A shot at a lone enemy commander (BAA-CDR-4, sharpshooters BAA-CDR-5). */
gboolean  baa_fire_commander_resolve (BaaMatch *m, BaaUnit *firer, BaaCommander *target,
                                      GPtrArray *events, GError **error);
/* Artillery fire at an empty fortified hexside (BAA-FORT-2, FORT-3). */
gboolean  baa_breach_resolve         (BaaMatch *m, BaaUnit *const *firers, guint n,
                                      MuHex hex, int dir, GPtrArray *events, GError **error);

/* Melee (phase 11) ----------------------------------------------------------- */

gboolean  baa_melee_resolve          (BaaMatch *m, BaaUnit *const *attackers, guint n,
                                      BaaUnit *target, GPtrArray *events, GError **error);
/* TRUE when the unit must still attack in this phase 11 (BAA-MEL-2): active
 * side, in melee, not stacked, not pinned, not on a train, not attacked yet,
 * and some adjacent enemy it may choose (BAA-SPC-5). end-phase is refused
 * while any unit is obliged. */
gboolean  baa_melee_required         (const BaaMatch *m, const BaaUnit *u);

/* Legal attacks -------------------------------------------------------------- */

/* Appends the ids (const char*, owned by the scenario) of the counters u may
 * attack now in the current phase (10: fire and commander shots; 11: melee). */
void      baa_combat_legal_targets   (const BaaMatch *m, const BaaUnit *u, GPtrArray *ids);
/* Appends complete legal single-unit commands for u in the current phase (of
 * BaaCommand*): fire, fire-commander, breach in phase 10; melee in phase 11. */
void      baa_combat_legal_commands  (const BaaMatch *m, const BaaUnit *u, GPtrArray *commands);

/* Shared by baa-fire.c and baa-melee.c ---------------------------------------- */

/* Rolls and applies one validated attack (fire or melee, single or grouped):
 * dice, cover, friendly commanders on the line (fire only), dispersal,
 * stacked targets, commanders' fate, flinch (BAA-FIRE-5..12, BAA-MEL-3). */
gboolean  baa_attack_resolve         (BaaMatch *m, BaaUnit *const *attackers, guint n,
                                      BaaUnit *target, gboolean melee, GPtrArray *events);
/* The flinch test of units[0] after `hits` with the given cover (units[1]
 * flinches along when a stacked pair, BAA-FIRE-9), then the move, the
 * decision or the surrender (baa-flinch.c). */
void      baa_flinch_test            (BaaMatch *m, BaaUnit **units, guint n, int hits, int cover,
                                      BaaUnit *const *attackers, guint n_attackers,
                                      GPtrArray *events);
/* baa_unit_remove() plus one die per commander in the unit's hex: a 6
 * disables it (BAA-CDR-3; surrender counts as dispersal, BAA-AMB-15). */
void      baa_combat_remove_unit     (BaaMatch *m, BaaUnit *u, BaaUnitStatus status,
                                      const char *by, const char *rule, GPtrArray *events);
/* BAA-SPC-5: only artillery and river boats may attack a river boat. */
gboolean  baa_check_riverboat        (const BaaUnit *attacker, const BaaUnit *target,
                                      GError **error);
/* May attacker melee target now (BAA-MEL-1/2, BAA-SPC-5)? */
gboolean  baa_melee_check            (const BaaMatch *m, const BaaUnit *attacker,
                                      const BaaUnit *target, GError **error);

/* Flinch (shared with baa-apply.c for the `choose` answer) ------------------ */

/* Legal flinch destinations (BAA-FLN-5, BAA-AMB-14) for units (1, or a stacked
 * pair moving together) after an attack by `attackers`. Of MuHex, new array. */
GArray   *baa_flinch_destinations    (const BaaMatch *m, BaaUnit *const *units, guint n,
                                      BaaUnit *const *attackers, guint n_attackers);
/* Moves the unit(s) to dest, pins them, counts flinches_this_round, emits
 * flinch and marker events. dest must be one of the destinations. */
void      baa_flinch_move            (BaaMatch *m, BaaUnit *const *units, guint n, MuHex dest,
                                      GPtrArray *events);

G_END_DECLS
