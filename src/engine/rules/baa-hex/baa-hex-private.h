/* baa-hex-private.h: the runtime state of a Brothers at Arms (hex) match
 *
 * Shared by the modules of the baa-hex ruleset: baa-hex.c (the ruleset
 * table, set-up, views), baa-sequence.c (sequence, command and control,
 * victory), baa-apply.c and baa-legal.c (commands played and allowed),
 * baa-move.c (movement, ZOC, capture), baa-occupancy.c (which counters
 * stand where, kept up to date as they move),
 * baa-night/fatigue/reserves/days/objectives, and the combat half
 * (baa-los.c, baa-fire.c, baa-melee.c, declared in baa-combat.h).
 * Field names follow the digest, §1.2-1.4 (../shared/rules/baa-hex.md).
 *
 * Sides are indices: 0 = the side that plays first in a bound (CSA), 1 = the
 * other (USA). BaaMatch.side_id[] maps them to scenario side ids.
 *
 * Conventions for every function that changes state: validate completely
 * first; on refusal return FALSE with MU_ERROR_ILLEGAL, a message ending in the
 * rule id in parentheses, and no change (no die rolled). Events go to the
 * `events` array (of MuEvent*, owned).
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-hex.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

#include "baa-common.h"
#include "baa-events.h"

G_BEGIN_DECLS

#define BAA_SIDES 2
#define BAA_NONE (-1)
#define BAA_MOVE_CELL_SIZE 7

typedef enum {
  BAA_UNIT_ACTIVE,
  BAA_UNIT_DISPERSED,
  BAA_UNIT_SURRENDERED,
  BAA_UNIT_OFFBOARD_RESERVE,
  BAA_UNIT_TACTICAL_MARCH,
  BAA_UNIT_EXITED,             /* left the board for a task objective (BAA-VIC-4) */
} BaaUnitStatus;

typedef enum {
  BAA_CDR_ACTIVE,
  BAA_CDR_DISABLED,
  BAA_CDR_CAPTURED,
  BAA_CDR_REMOVED_NO_UNITS,
  BAA_CDR_OFFBOARD,
} BaaCdrStatus;

/* Phase numbers: 0 bound start, 1..12 as in the digest §2, 13 bound end. */
enum {
  BAA_PHASE_BOUND_START = 0,
  BAA_PHASE_CONTROL_RANGE = 1,
  BAA_PHASE_CONTROL_ROLL = 2,
  BAA_PHASE_CONTROL_NIC = 3,
  BAA_PHASE_COMMAND_RANGE = 4,
  BAA_PHASE_COMMAND_ROLL = 5,
  BAA_PHASE_COMMAND_NIC = 6,
  BAA_PHASE_MOVE_UNITS = 7,
  BAA_PHASE_MOVE_COMMANDS = 8,
  BAA_PHASE_MOVE_CONTROLS = 9,
  BAA_PHASE_FIRE = 10,
  BAA_PHASE_MELEE = 11,
  BAA_PHASE_REMOVE_MARKERS = 12,
  BAA_PHASE_BOUND_END = 13,
};

typedef struct _BaaCommander BaaCommander;

/* A unit counter (brigade). */
typedef struct {
  const MuCounter *def;        /* scenario data: arm, strength */
  int identity;                /* its declared division, read once at set-up (BAA-CMD-1) */
  int range;                   /* its declared values, read once at set-up (BAA-FIRE-2) */
  int attack;                  /* (BAA-FIRE-4) */
  gboolean indomitable;        /* its declared abilities, read once at set-up (BAA-FLN-8) */
  gboolean sharpshooter;       /* (BAA-CDR-5) */
  guint index;                 /* in BaaMatch.units */
  int side;                    /* 0 or 1 */
  MuHex hex;                   /* meaningful while status == ACTIVE */
  BaaUnitStatus status;
  gboolean has_orders;
  gboolean nic;
  gboolean pinned;
  int pinned_round;            /* round number (BaaMatch.round_serial) the marker was placed */
  int flinches_this_round;
  gboolean attacked_this_round;
  gboolean moved_this_round;
  gboolean fatigued;
  int rest_streak;             /* 0..4 (BAA-FAT-2) */
  gboolean on_train;           /* BAA-SPC-1 */
  int train_round;             /* round serial of boarding (BAA-AMB-34) */
  BaaCommander *assigned_to;   /* STAR units: this bound's commander (BAA-CMD-11) */
  gboolean fought_at_night;    /* BAA-NGT-4 */
  /* bookkeeping for rest (BAA-FAT-2, BAA-AMB-38): set during a bound */
  gboolean acted_this_bound;   /* moved, flinched, fired or meleed */
  gboolean targeted_this_bound;
  gboolean locked;             /* entered an enemy ZOC this phase 7 (BAA-ZOC-3) */
  const char *reserve;         /* reserve id while OFFBOARD_RESERVE (scenario string) */
  char march_edge;             /* tactical march (BAA-RES-4): entry edge 'n','e','s','w', or 0 */
  int assign_round;            /* round serial of the last `assign` (BAA-CMD-11) */
  char exit_edge;              /* EXITED: the edge 'n','e','s','w' it left by (BAA-VIC-4) */
} BaaUnit;

/* A command (division) or control (corps/army) counter. */
struct _BaaCommander {
  const MuCounter *def;        /* leadership, division */
  guint index;                 /* in BaaMatch.commanders */
  int side;
  gboolean is_control;
  gboolean exceptional;        /* its declared flag, read once at set-up (BAA-CMD-8) */
  int leadership;              /* its declared values, read once at set-up (BAA-CMD-1) */
  int division;                /* a command's number, which its units' identity names */
  MuHex hex;
  BaaCdrStatus status;
  gboolean has_orders;
  gboolean nic;
  gboolean moved_this_round;
  BaaCommander *direct_by;     /* command counters: the control counter directing
                                * the division this round (BAA-CMD-10), or NULL */
  const char *reserve;         /* reserve id while OFFBOARD */
  char march_edge;             /* tactical march (BAA-RES-4): entry edge, or 0 */
  int march_kind;              /* 1 flank, 2 rear, 0 none (a command counter on a march) */
  int direct_round;            /* round serial of the last `direct` (BAA-CMD-10) */
};

typedef struct {
  const MuObjective *def;
  MuHex hex;
  int owner;                   /* side whose marker is on it, BAA_NONE */
  int hold_side;               /* BAA-OBJ-2, BAA_NONE */
  int hold_count;
} BaaObjective;

typedef enum {
  BAA_DECISION_NONE,
  BAA_DECISION_FLINCH,         /* choose a flinch hex (BAA-FLN-5, BAA-FLN-6) */
  BAA_DECISION_EVADE,          /* choose an evade hex for a commander (BAA-CDR-9) */
  BAA_DECISION_DAY_WITHDRAW,   /* readdressing lines: choose a unit step (BAA-DAY-2) */
  BAA_DECISION_DAY_CONTROL,    /* readdressing lines: reposition/march/pass (BAA-DAY-3/4) */
  BAA_DECISION_DAY_PLACE,      /* readdressing lines: place repositioned counters */
} BaaDecisionKind;

/* A pending decision. Answers are hex labels for hex choices. */
typedef struct {
  BaaDecisionKind kind;
  int side;                    /* who answers */
  BaaUnit *units[2];           /* FLINCH: the flinching unit(s), a stacked pair flinches together */
  guint n_units;
  BaaCommander *commander;     /* EVADE */
  BaaUnit *captor;             /* EVADE */
  GArray *hexes;               /* of MuHex: the legal answers for hex choices */
  GPtrArray *answers;          /* of char*: the answer words (hex labels or words) */
  char *question;              /* in English: the decision event's text */
  char *shown;                 /* the question in the player's language */
  const MuDecision *view;      /* filled by baa_match_pending() */
} BaaDecision;

typedef struct {
  const MuScenario *scenario;
  const MuHexMap *map;
  const MuHexGrid *grid;
  MuDice *dice;
  const char *side_id[BAA_SIDES + 1]; /* scenario side ids, first-moving side first; NULL-terminated */

  GPtrArray *units;            /* of BaaUnit*, scenario order */
  GPtrArray *commanders;       /* of BaaCommander*, scenario order */
  GPtrArray *objectives;       /* of BaaObjective* */
  GHashTable *by_id;           /* unit id -> BaaUnit*, built on first lookup (baa_match_find_unit) */
  GHashTable *cdr_by_id;       /* commander id -> BaaCommander*, likewise */
  GHashTable *breached;        /* canonical hexside index (mu_hex_map_side_index) -> TRUE */
  GHashTable *reserves_done;   /* reserve id -> TRUE when arrived */

  int bound;                   /* current bound number */
  int last_bound;              /* first_bound + bounds - 1 */
  int active;                  /* active side 0/1 */
  int phase;                   /* BAA_PHASE_* */
  int round_serial;            /* counts rounds from 1, for marker timing */
  gboolean night;              /* the current bound is a night bound (BAA-NGT-*) */
  gboolean finished;
  int winner;                  /* BAA_NONE for a draw */
  int victory_diff;
  const char *victory_level;   /* "draw", "tactical", "decisive", "complete" */
  int dispersed_count[BAA_SIDES]; /* units of that side dispersed or surrendered */

  BaaDecision pending;         /* kind NONE when nothing is pending */
  gboolean check_events;       /* check the invariants at each event (simulator) */
  char *event_failure;         /* the first invariant broken at an event, or NULL */

  /* options, read once from the scenario (mu_scenario_option) */
  gboolean opt_cmd_penalty;    /* baa.out-of-command-penalty, BAA-CMD-9 */
  gboolean opt_direct_control; /* baa.direct-control, BAA-CMD-10 */
  gboolean no_command_counters[BAA_SIDES]; /* the side's army has no command counters: its
                                * control counters command units directly, option or
                                * not (BAA-CMD-10, BAA-AMB-54) */
  gboolean opt_withdrawing;    /* baa.withdrawing, BAA-MOV-12 (default on) */
  gboolean opt_overwhelming;   /* baa.overwhelming-fire, BAA-FLN-7 */
  gboolean opt_continued;      /* baa.continued-play, BAA-VIC-6 */
  gboolean opt_railroads;      /* baa.railroads, BAA-SPC-1..3 */
  gboolean opt_indomitable;    /* baa.indomitable, BAA-FLN-8 */
  gboolean opt_sharpshooters;  /* baa.sharpshooters, BAA-CDR-5 */
  gboolean opt_night;          /* baa.night, BAA-NGT-* */
  gboolean opt_fatigue;        /* baa.fatigue, BAA-FAT-* */
  gboolean opt_reserves;       /* baa.reserves, BAA-RES-* */
  gboolean opt_days;           /* baa.readdressing-lines, BAA-DAY-* */

  /* caches derived from the map and the units (baa-hex.c) */
  guint8 *links;               /* per cell: 6 x MuPathKind bits, see baa_hex_links() */
  gboolean any_fortification;  /* the map has a fortified hexside or hex: breach shots
                                * are possible (BAA-FORT-3) */
  gboolean occ_dirty;          /* set by baa_match_invalidate() */
  guint8 *occ_units[BAA_SIDES];    /* per cell: active units of the side */
  guint8 *occ_unpinned[BAA_SIDES]; /* per cell: active non-pinned units */
  guint8 *occ_cdrs[BAA_SIDES];     /* per cell: active commanders */
  int *cell_unit;              /* per cell: index of its first active unit (either side), -1:
                                * none; rebuilt with the counts, allocated on first use */
  int *unit_next;              /* per unit: index of the next active unit in its cell, -1 */
  int *cell_cdr;               /* per cell: index of its first active commander, -1 */
  int *cdr_next;               /* per commander: the next active commander in its cell, -1 */
  int *unit_cell;              /* per unit: the cell the tables above count it in, -1: none */
  guint8 *unit_pinned_seen;    /* per unit: whether they count it pinned */
  int *cdr_cell;               /* per commander: the cell they count it in, -1: none */
  GArray *occ_changed;         /* of guint: the counters (units by index, then commanders as
                                * units->len + index) the tables found moved, come, gone or
                                * pinned since baa_occ_changes_clear(), each once */
  guint8 *occ_listed;          /* per unit, then per commander: in occ_changed */
  gboolean zoc_steps;          /* zoc_step is filled (baa-occupancy.c) */
  int zoc_step[2][6][2];       /* [odd column (flat) or row (pointy): 0, even: 1][direction]:
                                * the column and row steps to that neighbour */
  struct _BaaMoveCache *move_cache; /* each unit's phase 7 commands (baa-move-cache.c) */
  struct _BaaReadLog *read_log; /* while the move cache finds a counter's commands: the
                                * cells whose counters were read (baa_units_at() and the
                                * other occupancy queries note them), else NULL */
  guint last_move_list;        /* the length of the last list of movement commands */
  guint8 *fort_sides;          /* per cell: bit d set when its hexside d is fortified
                                * (baa-fire.c), built on first use; the map's, fixed */
  guint8 *move_cells;          /* per cell, BAA_MOVE_CELL_SIZE bytes: the map's fixed
                                * movement facts (baa-move.c), built on first use */
  int *search_slot;            /* per cell: scratch of the move search (baa-move.c),
                                * all zero between searches; allocated on first use */
  GPtrArray *evaders;          /* of BaaCommander*: evade decisions still to open (BAA-CDR-9) */
  BaaUnit *captor;
  MuHex captor_from;           /* the hex the captor entered from (BAA-CDR-9) */
  int reserve_step_side;       /* bound start: side whose arrived reserves move, BAA_NONE */
  GPtrArray *arrived;          /* of char*: ids of counters that arrived this bound */
  int day_step;                /* readdressing lines progress, 0 = none */
  GPtrArray *reposition;       /* of char*: counters a successful reposition may place */
  struct _BaaDay *day;         /* readdressing lines bookkeeping (baa-bound.c) */
  gboolean was_night;          /* the previous bound was a night bound */

  /* views handed out through the ruleset table (owned) */
  GArray *counter_views;
  GArray *objective_views;
  MuDecision decision_view;
} BaaMatch;

/* The invariants (baa-hex.c); FALSE with a message naming the broken one.
 * mid_command: checked as an event is appended, in the middle of resolving
 * a command: commanders in the hex of a unit capturing them (BAA-CDR-9) are
 * still there until their capture or evasion events. */
gboolean      baa_check_invariants      (BaaMatch *m, gboolean mid_command, GError **error);

/* Call after changing any counter's hex, status or pinned marker directly
 * (the helpers below do it themselves): occupancy queries are cached. */
void          baa_match_invalidate      (BaaMatch *m);

/* The counters whose hex, presence on the board or pinned marker may have
 * changed since the last baa_occ_changes_clear() (see BaaMatch.occ_changed),
 * the tables brought up to date first: what the move cache looks at instead
 * of every counter. An active counter off the grid is always listed. */
const GArray *baa_occ_changes           (const BaaMatch *m);
void          baa_occ_changes_clear     (BaaMatch *m);

/* The cells whose counters a computation read, noted by every occupancy
 * query below while BaaMatch.read_log points to it, each with which of
 * them it read: a search reads the enemy's units in many more cells (the
 * zones of control around each hex it reaches) than its own side's, and
 * a change of a counter it did not read there changes nothing it found. */
typedef struct _BaaReadLog {
  GArray *cells;      /* of int, BAA_READ_AT (cell index, BAA_READ_* bits), in the order
                       * read, repeated */
  gboolean wide;      /* it asked about a whole disc (baa_units_near()): take it
                       * as having read every counter of every cell */
} BaaReadLog;

#define BAA_READ_UNITS(side)   (1 << (side))   /* the side's units, pinned or not */
#define BAA_READ_CDRS(side)    (4 << (side))   /* the side's commanders */
#define BAA_READ_ALL           15
#define BAA_READ_AT(k, what)   ((k) << 4 | (what))
#define BAA_READ_CELL(r)       ((r) >> 4)
#define BAA_READ_WHAT(r)       ((r) & BAA_READ_ALL)

/* Lookup --------------------------------------------------------------------- */

BaaUnit      *baa_match_find_unit       (const BaaMatch *m, const char *id);
BaaCommander *baa_match_find_commander  (const BaaMatch *m, const char *id);
const char   *baa_unit_id               (const BaaUnit *u);
const char   *baa_side_id               (const BaaMatch *m, int side);
/* Printed label of a hex in a static per-call buffer pair (two may be used
 * in one expression): for messages. */
const char   *baa_hex_label             (const BaaMatch *m, MuHex hex);

/* Active units of a side (side BAA_NONE = either) in a hex, written to out
 * (at most max; out may be NULL to count). Returns the count. */
guint         baa_units_at              (const BaaMatch *m, MuHex hex, int side, BaaUnit **out, guint max);
/* Active commanders of a side (BAA_NONE = either) in a hex. */
guint         baa_commanders_at         (const BaaMatch *m, MuHex hex, int side, BaaCommander **out, guint max);
/* Every active commander of side (BAA_NONE: of both) in hex, however many a
 * scenario stacks there; NULL when there is none. */
GPtrArray    *baa_commanders_in         (const BaaMatch *m, MuHex hex, int side);
/* The active units (commanders) of side (BAA_NONE: either) within radius
 * hexes of centre, appended to out in the match's order: what a question
 * about one counter's surroundings asks instead of every counter, so that
 * its cost follows the counters near it, not all of them. */
void          baa_units_near            (const BaaMatch *m, MuHex centre, int radius, int side,
                                         GPtrArray *out);
void          baa_commanders_near       (const BaaMatch *m, MuHex centre, int radius, int side,
                                         GPtrArray *out);

/* Map ----------------------------------------------------------------------- */

gboolean      baa_hex_on_board          (const BaaMatch *m, MuHex hex);
const MuHexCell *baa_hex_cell           (const BaaMatch *m, MuHex hex);
/* Impassable for a counter of that arm (river boats: only water/river hexes). */
gboolean      baa_hex_impassable        (const BaaMatch *m, MuHex hex, const MuCounter *who);
/* Difficult for movement (BAA-TER-2, BAA-AMB-1): settlement, woodland, marsh,
 * rough, stream without ford/bridge. Steep contours are handled per hexside. */
gboolean      baa_hex_difficult         (const BaaMatch *m, MuHex hex);
/* Attacking from here unforms (BAA-TER-3, BAA-TER-4): settlement, woodland,
 * marsh, rough, stream, ford, bridge. */
gboolean      baa_hex_unforms           (const BaaMatch *m, MuHex hex);
/* Hexside features of (hex, dir) including breached state. */
guint         baa_hexside               (const BaaMatch *m, MuHex hex, int dir);
/* Whether a path of kind links hex to its neighbour in dir (cached). */
gboolean      baa_hex_link              (const BaaMatch *m, MuHex hex, int dir, MuPathKind kind);
gboolean      baa_hexside_breached      (const BaaMatch *m, MuHex hex, int dir);
void          baa_hexside_set_breached  (BaaMatch *m, MuHex hex, int dir);

/* Derived predicates (digest §1.2) ----------------------------------------------- */

gboolean      baa_unit_on_board         (const BaaUnit *u);
gboolean      baa_unit_stacked          (const BaaMatch *m, const BaaUnit *u);
gboolean      baa_unit_in_difficult     (const BaaMatch *m, const BaaUnit *u);
/* Adjacent to an enemy unit, pinned or not (BAA-MEL-1). */
gboolean      baa_unit_in_melee         (const BaaMatch *m, const BaaUnit *u);
/* hex is adjacent to a non-pinned active unit of the enemy of `side`
 * (BAA-ZOC-1, BAA-ZOC-4). */
gboolean      baa_hex_in_enemy_zoc      (const BaaMatch *m, MuHex hex, int side);
/* The unit's commander for this round: its division's command counter, the
 * assigned commander for STAR units, the directing control counter under
 * BAA-CMD-10. NULL when none. */
BaaCommander *baa_unit_commander        (const BaaMatch *m, const BaaUnit *u);
/* Within its commander's command range now (BAA-CMD-5; used by BAA-CMD-9). */
gboolean      baa_unit_in_command_range (const BaaMatch *m, const BaaUnit *u);
/* Dispersal threshold: strength, strength - 1 on a train (BAA-SPC-2). */
int           baa_unit_threshold        (const BaaMatch *m, const BaaUnit *u);
/* Modified attack value (BAA-FIRE-4): attack, +1 fatigued, +1 out of command
 * range under BAA-CMD-9, capped at 6 (BAA-AMB-46). */
int           baa_unit_attack_value     (const BaaMatch *m, const BaaUnit *u);
/* Attack dice (BAA-FIRE-5, BAA-TER-3): strength, -1 in an unforming hex, min 1. */
int           baa_unit_attack_dice      (const BaaMatch *m, const BaaUnit *u);

/* State changes shared by all modules ------------------------------------------- */

/* One d6 with an event (mu_dice_roll on the match dice). */
int           baa_roll                  (BaaMatch *m, GPtrArray *events, const char *purpose,
                                         const char *subject, const char *object, int modifier,
                                         MuRollCompare compare, int target, const char *rule,
                                         gboolean *success);
/* Removes a unit: DISPERSED or SURRENDERED. Emits the event, removes its
 * command counter when it was the division's last unit (BAA-CDR-2,
 * BAA-AMB-48), and checks BAA-VIC-3 at once. `by` may be NULL. */
void          baa_unit_remove           (BaaMatch *m, BaaUnit *u, BaaUnitStatus status,
                                         const char *by, const char *rule, GPtrArray *events);
/* Disables a commander (shot, BAA-CDR-3/4/5, BAA-LOS-4): removed from the board. */
void          baa_commander_disable     (BaaMatch *m, BaaCommander *c, const char *rule,
                                         GPtrArray *events);
void          baa_commander_capture     (BaaMatch *m, BaaCommander *c, const char *by,
                                         const char *rule, GPtrArray *events);
/* Marks a unit as acted on / targeted this bound (rest, BAA-FAT-2, BAA-NGT-4). */
void          baa_unit_note_action      (BaaMatch *m, BaaUnit *u);
void          baa_unit_note_targeted    (BaaMatch *m, BaaUnit *u);
/* Places a pinned marker (at most one, BAA-FLN-6). */
void          baa_unit_pin              (BaaMatch *m, BaaUnit *u, GPtrArray *events);
/* Opens a pending decision (takes ownership of hexes). Answers are the hex labels.
 * question is English (the event's text), shown translated (mu_rules_question). */
void          baa_decision_open_hexes   (BaaMatch *m, BaaDecisionKind kind, int side,
                                         const char *question, const char *shown,
                                         GArray *hexes, GPtrArray *events);
void          baa_decision_clear        (BaaMatch *m);

/* Events helpers: fill at/from/to and the rule in one call. */
MuEvent      *baa_event                 (BaaMatch *m, GPtrArray *events, const MuEventKindInfo *kind,
                                         const char *subject, const char *rule);

/* Errors: sets MU_ERROR_ILLEGAL with "FORMAT (RULE)". Returns FALSE. */
#define baa_refuse mu_rules_refuse

G_END_DECLS
