/* mn-acw-private.h: the runtime state of a Morale Napoleon ACW match on a
 * table (rules digest ../shared/rules/mn-acw.md, with table-conventions.md)
 *
 * Shared by the modules of the mn-acw ruleset:
 *   mn-acw.c        the ruleset table, views, invariants
 *   mn-acw-decl.c   the declarations: fields, formations, markers,
 *                   statuses, verbs and event kinds (one place to adapt)
 *   mn-acw-data.c   the numbers of data/rules/mn-acw.xml
 *   mn-acw-turn.c   set-up, the turn (T1-T6), activation, victory
 *   mn-acw-move.c   activation's changes, movement by dice, leaders
 *
 * Sides are indices into side_id (the scenario's order); order[] is the
 * turn's order after initiative. Functions that change state validate
 * completely first; a refusal returns FALSE with MU_ERROR_ILLEGAL and
 * "REASON (RULE-ID)", changing nothing and rolling no die.
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-rules-kit.h"
#include "mu-scenario.h"
#include "mu-table-layout.h"
#include "mu-table-los.h"
#include "mu-table-move.h"
#include "mu-table-stand.h"
#include "mu-table-state.h"
#include "mu-table-terrain.h"

G_BEGIN_DECLS

#define MN_SIDES 2
#define MN_NONE (-1)

/* §1.1: the unit types, and leaders (the Horse Artillery/Leaders column). */
typedef enum {
  MN_TYPE_INF,
  MN_TYPE_CAV,
  MN_TYPE_FOOT_ART,
  MN_TYPE_HORSE_ART,
  MN_TYPE_LEADER,
  MN_TYPE_N
} MnType;

/* MN-UNIT-1, MN-AMB-45: the two formations. */
typedef enum {
  MN_FORM_LINE,
  MN_FORM_COLUMN,
  MN_FORM_N
} MnForm;

/* MN-MOV-1, MN-AMB-47: the direction categories, and `stay`. */
typedef enum {
  MN_DIR_AHEAD,
  MN_DIR_BACK,
  MN_DIR_OBLIQUE,
  MN_DIR_STAY,
  MN_DIR_N
} MnDir;

typedef enum {
  MN_READ_HIGHER,
  MN_READ_LOWER,
  MN_READ_BOTH,
} MnRead;

typedef enum {
  MN_STATUS_ACTIVE,
  MN_STATUS_DESTROYED,        /* 0 bases (MN-MEL-7, MN-AMB-38), or off the table (MN-AMB-84) */
  MN_STATUS_CAPTURED,         /* a lone leader contacted (MN-LDR-1) */
  MN_STATUS_INJURED,          /* a leader's 6 (MN-LDR-2) */
  MN_STATUS_RESERVE,          /* views only: not on the table yet */
} MnStatus;

/* The steps of a game turn (§2), numbered for the --state line's phase=. */
enum {
  MN_STEP_INITIATIVE = 0,     /* T1 */
  MN_STEP_ACTIVATION = 1,     /* T2 */
  MN_STEP_MOVE = 2,           /* T3 */
  MN_STEP_BATTLE = 3,         /* T4 */
  MN_STEP_END = 4,            /* T6 */
};

/* The numbers of data/rules/mn-acw.xml (mn-acw-data.c). */
typedef struct {
  MnRead read[MN_TYPE_N][MN_DIR_OBLIQUE + 1];    /* MN-MOV-4 */
  int dice;                                       /* MN-MOV-2: the base count, 2 */
  double leader_near, leader_bonus;               /* MN-MOV-3: 3", +1" */
  double column_bonus;                            /* MN-MOV-3: +6" */
  int dice_one_change, dice_both_changes;         /* MN-MOV-3: 1, 0 */
  double pass_short;                              /* MN-MOV-6: 1" */
  double charge_short;                            /* MN-CHG-3: 2" */
  double countercharge;                           /* MN-CHG-4: 2" */
  double range_horse, range_foot, arc;            /* MN-ART-1, MN-ART-2: 9", 12", 45° */
  double halving;                                 /* MN-GEN-4: 0.5 */
  int melee_dice;                                 /* MN-MEL-2: 2 */
  int flank, rear, line_base, leader, small_arms, line_column;   /* MN-MEL-3 */
  int art_support;                                /* MN-ART-3: +1 a battery */
  int cover, hard_cover, entrenchment, fieldworks; /* MN-MEL-3, MN-TER-5, MN-TER-9 */
  /* MN-MEL-5 by the die against D (0 less, 1 equal, 2 greater) */
  int loser_hits[3], loser_retreat_dice[3], winner_hits[3];
  int advance_dice;                               /* MN-MEL-5: 1 d6 */
  int injured_on, leader_retreat_dice;            /* MN-LDR-2: 6, MN-LDR-3: 2 d6 */
} MnNumbers;

/* An activation's facing and formation changes (MN-UNIT-2, MN-AMB-50),
 * and a charge's bearing (MN-AMB-60). */
typedef struct {
  gboolean turn, reform;
  double facing;
  MnForm form;
  gboolean has_bearing;
  double bearing;
} MnChanges;

typedef struct {
  const MuCounter *def;
  int side;
  MnType type;
  MnStatus status;
  MnForm form;
  int bases;                   /* stands on the table (MN-AMB-46) */
  double facing;
  double width, depth;         /* one stand (TAB-7) */
  MuStand stands[MU_STANDS_MAX];
  guint n_stands;
  /* A leader's: the unit he is attached to (an index into units), or
   * MN_NONE: a lone leader with his own stand (MN-AMB-56). */
  int attached;
  /* A leader whose unit has just been destroyed in a melee: his risk roll
   * and retreat are still to come (MN-AMB-68 steps 3 and 4); until then
   * he is neither attached nor on the table. */
  gboolean orphaned;
  int left;                    /* the unit a leader left by this activation, or MN_NONE */
  /* §1.1's per-turn flags */
  gboolean activated;          /* this player-turn (MN-ACT-1, MN-AMB-3) */
  gboolean owes_move;          /* activated with a roll, `move` not given yet (MN-AMB-50) */
  gboolean changed_facing, changed_form;
  gboolean moved;              /* this game turn: a battery cannot support (MN-AMB-66) */
  gboolean art_fired;          /* this game turn: a battery may not move (MN-MOV-3) */
  gboolean advanced;           /* advanced after a melee this game turn (MN-MEL-5) */
  MnDir dir;                   /* the declared direction of its activation */
  double allowance;            /* D plus the column and leader bonuses (MN-AMB-13) */
} MnUnit;

#define MN_MAX_SUPPORT 16

/* A melee pair (MN-AMB-55): the unit that moved into contact and the
 * other, for the life of the contact. */
typedef struct {
  int attacker, defender;      /* indices into units */
  gboolean fresh;              /* made in this player-turn: a new contact, not a repeat (MN-AMB-26) */
  gboolean fought;             /* fought in this Battle step */
  MuSector sector;             /* the defender's edge the attacker's front lies along (MN-AMB-62) */
  /* MN-AMB-64: the batteries of each side (indices into units) that had the
   * pair's enemy in range, arc and sight before the contact */
  int support[MN_SIDES][MN_MAX_SUPPORT];
  guint n_support[MN_SIDES];
} MnPair;

/* A battery's fire at a building, declared in the Move step (MN-AMB-75). */
typedef struct {
  int battery;                 /* index into units */
  int area;                    /* index into the table's areas */
} MnFire;

typedef enum {
  MN_DECIDE_NONE,
  MN_DECIDE_ADVANCE,           /* advance: yes or no (MN-AMB-71) */
  MN_DECIDE_ADVANCE_TO,        /* advance-to: former, or an enemy unit's id */
} MnDecideKind;

/* The pending decision (mn-acw-advance.c). */
typedef struct {
  MnDecideKind kind;
  int side;                    /* who answers */
  int winner, loser;           /* indices into units */
  MuPoint former;              /* the loser's centre base before the result */
  char *question, *shown;      /* English for the event, translated for the view */
  GPtrArray *answers;          /* of char*, NULL-terminated */
  MuDecision view;
} MnDecision;

typedef struct {
  const MuScenario *scenario;
  const MuRuleset *ruleset;    /* for the declared formation shapes */
  const MuTableMap *table;
  MuDice *dice;
  MuTerrainIndex *terrain;
  MnNumbers num;
  const char *side_id[MN_SIDES + 1];
  int order[MN_SIDES];         /* this turn's order of the sides (MN-INI-1) */
  const char *order_id[MN_SIDES + 1];

  GPtrArray *units;            /* of MnUnit*, scenario order: regiments, batteries, leaders */
  GHashTable *unit_index;      /* id (the scenario's) -> index in units of its first unit */
  GArray *pairs;               /* of MnPair: the melee pairs (MN-AMB-55) */
  MnDecision decision;
  GArray *fires;               /* of MnFire, this Move step's, in order */
  MuTableState *areas;         /* the buildings' fire counts and destruction */
  int bua_defence;             /* mn.bua-defence (MN-AMB-74) */

  int bound, last_bound;
  int turn_side;               /* 0 or 1: which player-turn of the game turn */
  int step;                    /* MN_STEP_* */
  int activations[MN_SIDES];   /* the side's activation resource (MN-ACT-1) */
  int activation_dice;         /* mn.activation-dice */
  gboolean finished;
  int winner;                  /* a side index, MN_NONE for a draw */
  const char *end_reason;      /* why it ended, for people: N_() */
  const MuTaskObjective *end_task; /* or the task met, in the scenario's words */
  int score[MN_SIDES];

  gboolean check_events;
  char *event_failure;
  /* MN-CHG-2: the last charge's sight without changes, kept until the
   * next command that changes the match: the legal commands ask it for
   * three charges at each target in turn, and it is the costliest check */
  gboolean sight_valid, sight_clear;
  const MnUnit *sight_unit, *sight_target;
  /* every sight asked, by its inputs: the legal commands ask the same
   * charges' sights after each command, most of the table unchanged */
  MuLosMemo *los_memo;
  /* while the legal commands try a unit's commands (dry runs, which
   * change nothing): the unit, found able to be activated */
  const MnUnit *may_activate;

  GArray *counter_views;
  GArray *objective_views;
} MnMatch;

#define MN_CAT2(a, b) a##b
#define MN_CAT(a, b) MN_CAT2 (a, b)
#define MN_FOR_UNITS(m, u) \
  for (guint MN_CAT (_i, __LINE__) = 0; MN_CAT (_i, __LINE__) < (m)->units->len; MN_CAT (_i, __LINE__)++) \
    for (MnUnit *u = g_ptr_array_index ((m)->units, MN_CAT (_i, __LINE__)); u; u = NULL)


/* mn-acw.c ------------------------------------------------------------------------- */

/* MuRuleset.apply; with events NULL it only checks (changing nothing). */
gboolean      mn_apply              (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* mn-acw-legal.c ------------------------------------------------------------------- */

/* MuRuleset.legal_commands: a sample of every verb's legal commands (a
 * few distances and bearings of each move, every charge and fire in
 * reach), each checked by mn_apply. */
GPtrArray    *mn_legal_commands     (MnMatch *m);

/* mn-acw-decl.c -------------------------------------------------------------------- */

/* The sizes of the declarations, for the static ruleset tables. */
#define MN_N_FIELDS 4
#define MN_N_MARKERS 4
#define MN_N_STATUSES 5
#define MN_N_VERBS 8
#define MN_N_EVENT_KINDS 20

extern const MuFormationShape mn_formation_shapes[MN_FORM_N];
extern const MuFieldInfo mn_fields[];
extern const MuMarkerInfo mn_markers[];
extern const MuStatusInfo mn_statuses[];
extern const MuVerbInfo mn_verbs[];
extern const MuEventKindInfo *const mn_event_kinds[];
extern const MuEventKindInfo mn_ev_activate, mn_ev_move, mn_ev_face, mn_ev_formation,
  mn_ev_attach, mn_ev_detach, mn_ev_captured, mn_ev_charge, mn_ev_conform, mn_ev_countercharge,
  mn_ev_contact, mn_ev_hits, mn_ev_destroyed, mn_ev_retreat, mn_ev_injured, mn_ev_melee, mn_ev_advance, mn_ev_bombard, mn_ev_fire,
  mn_ev_building_destroyed;

const char   *mn_form_id            (MnForm form);
gboolean      mn_form_parse         (const char *id, MnForm *form);
const char   *mn_type_id            (MnType type);
const char   *mn_dir_id             (MnDir dir);
gboolean      mn_dir_parse          (const char *id, MnDir *dir);

/* mn-acw-data.c -------------------------------------------------------------------- */

/* The numbers of data/rules/mn-acw.xml, over the digest's own where the
 * file is not found. */
void          mn_numbers_init       (MnNumbers *num);

/* mn-acw-turn.c -------------------------------------------------------------------- */

/* The index of the side with this id, MN_NONE when none. */
int           mn_side_index         (const MnMatch *m, const char *side);
MnMatch      *mn_match_new          (const MuRuleset *ruleset, const MuScenario *scenario,
                                     MuDice *dice, GPtrArray *events, GError **error);
MnMatch      *mn_match_copy         (const MnMatch *m, MuDice *dice);
void          mn_match_free         (MnMatch *m);
MuEvent      *mn_event              (MnMatch *m, GPtrArray *events, const MuEventKindInfo *kind,
                                     const char *subject, const char *rule);
MnUnit       *mn_find_unit          (const MnMatch *m, const char *id);
int           mn_active_side        (const MnMatch *m);
gboolean      mn_end_phase          (MnMatch *m, GPtrArray *events, GError **error);
gboolean      mn_check_invariants   (MnMatch *m, GError **error);
/* MN-AMB-81: ends the match at once when a side has no regiment or battery left. */
void          mn_check_sudden_end   (MnMatch *m, GPtrArray *events);
/* Spends one activation of the active side (MN-ACT-1), or refuses. */
gboolean      mn_may_activate       (const MnMatch *m, const MnUnit *u, GError **error);

/* mn-acw-geom.c -------------------------------------------------------------------- */

/* TAB-11: 0.05 in in the table's unit. */
double        mn_tolerance          (const MnMatch *m);
/* A length rounded down to the hundredth it prints as (TAB-3), a value
 * within TAB-4's tolerance below a hundredth counting as that hundredth. */
double        mn_hundredths_down    (double length);
/* The stands moved by t along the unit vector d, into out. */
void          mn_translate          (const MuStand *from, guint n, MuPoint d, double t, MuStand *out);
/* The length along d (to 0.01) at which stands st first come within
 * contact of o's (TAB-11): 0 when they already are, -1 when they do not
 * within `length`. */
double        mn_first_contact      (const MnMatch *m, const MuStand *st, guint n, const MuStand *o,
                                     guint n_o, MuPoint d, double length);
/* The same for the point where they would first touch, with no gap: the
 * C of MN-AMB-60 and MN-AMB-61 and the touch MN-AMB-52 stops 1" before
 * (a charge that falls short ends exactly 2" from it, MN-AMB-15). */
double        mn_first_touch        (const MnMatch *m, const MuStand *st, guint n, const MuStand *o,
                                     guint n_o, MuPoint d, double length);
/* MN-AMB-72: TAB-16's sight from the stands `from` of the unit or leader
 * `from_unit` to the stands `to` of `to_unit`; either unit may be NULL (a
 * point), and neither blocks the line, wherever `from` and `to` are laid
 * out; result may be NULL. */
gboolean      mn_sight              (MnMatch *m, const MnUnit *from_unit, const MuStand *from, guint n_from,
                                     const MnUnit *to_unit, const MuStand *to, guint n_to,
                                     MuLosResult *result);
/* MN-AMB-76: the stand touches a stand of the enemy along an edge. */
gboolean      mn_stand_touches_edge (const MnMatch *m, const MuStand *s, const MnUnit *enemy);
gboolean      mn_point_in_kinds     (const MnMatch *m, MuPoint p, guint32 kinds, int *area);
gboolean      mn_unit_in_kinds      (const MnMatch *m, const MnUnit *u, guint32 kinds);
gboolean      mn_stand_formed       (const MnMatch *m, const MuStand *s);
gboolean      mn_unit_formed        (const MnMatch *m, const MnUnit *u);
gboolean      mn_segment_crosses    (const MnMatch *m, MuPoint a, MuPoint b, guint32 kinds,
                                     const MuPolyline **line);

/* MN-AMB-73: half or more of the unit's stands touch a crest. */
gboolean      mn_unit_on_crest      (const MnMatch *m, const MnUnit *u);
/* MN-LDR-1, MN-AMB-51: captures the lone enemy leaders an infantry or
 * cavalry unit touches on its way (from `from` along d for `length`). */
void          mn_capture_on_path    (MnMatch *m, const MnUnit *u, const MuStand *from, guint n, MuPoint d,
                                     double length, GPtrArray *events);
gboolean      mn_touches_lone_leader (const MnMatch *m, const MnUnit *u, const MuStand *from, guint n,
                                      MuPoint d, double length);

/* mn-acw-move.c -------------------------------------------------------------------- */

gboolean      mn_on_table           (const MnUnit *u);
/* Whether every corner of the stands lies on the table (TAB-4's tolerance). */
gboolean      mn_stands_on_table    (const MnMatch *m, const MuStand *st, guint n);
/* Whether the unit has a stand of its own on the table (a unit, or a lone leader). */
gboolean      mn_has_stands         (const MnUnit *u);
/* Lays the unit's stands out about the centre of its footprint (MN-AMB-43,
 * MN-AMB-45, MN-AMB-49) in `form` and `facing`, into out; returns how many. */
guint         mn_layout_about       (const MnMatch *m, const MnUnit *u, MuPoint centre, double facing,
                                     MnForm form, int bases, MuStand *out);
MuPoint       mn_footprint_centre   (const MnUnit *u);
/* MN-AMB-43: the centre base, a stand-sized rectangle about the footprint's centre. */
MuStand       mn_centre_base        (const MnUnit *u);
MuPoint       mn_anchor             (const MnUnit *u);
/* Whether the stands lie on the table, off ground the unit may not enter,
 * and clear of every stand but the unit's own (and `also`, may be NULL). */
gboolean      mn_unit_boxes_near    (const MuStandsBox *box, const MnUnit *o, double limit);
gboolean      mn_place_free         (const MnMatch *m, const MnUnit *u, const MuStand *st, guint n,
                                     const MnUnit *also);
gboolean      mn_in_melee           (const MnMatch *m, const MnUnit *u);
/* The changes of a command from argument `first` on (a bearing first,
 * then face F and form X steps). */
gboolean      mn_parse_changes      (const MnMatch *m, const MnUnit *u, const MuCommand *c, guint first,
                                     MnChanges *ch, GError **error);
/* MN-AMB-45, MN-AMB-49: room for the changed stands. */
gboolean      mn_check_changes      (const MnMatch *m, const MnUnit *u, const MnChanges *ch, GError **error);
/* Makes them about the centre base, with their events. */
void          mn_make_changes       (MnMatch *m, MnUnit *u, const MnChanges *ch, GPtrArray *events);
/* MN-MOV-2..4: rolls the unit's movement dice for the direction after its
 * changes, with the column and leader bonuses; the allowance. */
double        mn_roll_movement      (MnMatch *m, MnUnit *u, MnDir dir, GPtrArray *events);
gboolean      mn_leader_way_off     (MnMatch *m, MnUnit *u, MuPos *to);
gboolean      mn_apply_activate     (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* MuRuleset.move_cost: a move's length against the allowance after halving. */
gboolean      mn_move_cost          (gpointer state, const MuCommand *c, double *cost, double *allowance);
gboolean      mn_apply_move         (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
gboolean      mn_apply_attach       (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* MN-AMB-56: at set-up, each leader whose stand touches or overlaps a
 * friendly unit's is attached to it. */
void          mn_attach_at_setup    (MnMatch *m);

/* mn-acw-charge.c ------------------------------------------------------------------ */

/* MN-ART-1, MN-ART-2, MN-AMB-65: the stands within the battery's range, arc and sight. */
gboolean      mn_battery_covers     (MnMatch *m, const MnUnit *b, const MuStand *target, guint n_target);
/* MN-AMB-64: the supporting batteries of the pair of a and b, now. */
void          mn_snapshot           (MnMatch *m, const MnUnit *a, const MnUnit *b, MnPair *pair);
/* MN-AMB-62: squares u up against t's edge its path d ran into; the sector. */
MuSector      mn_conform            (MnMatch *m, MnUnit *u, MnUnit *t, MuPoint d, GPtrArray *events);
gboolean      mn_apply_charge       (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* mn-acw-melee.c ------------------------------------------------------------------- */

/* Adds a pair (replacing one of the same two units). */
void          mn_pair_add           (MnMatch *m, const MnPair *pair);
/* T4: the pairs in contact now (MN-AMB-55), none fought yet. */
void          mn_battle_begin       (MnMatch *m, GPtrArray *events);
/* Whether a pair in contact has not been fought in this Battle step. */
const MnPair *mn_unfought_pair      (MnMatch *m);
/* `fight UNIT ENEMY` (MN-MEL-*). */
gboolean      mn_apply_fight        (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* The pair of the two units (indices), or NULL. */
MnPair       *mn_find_pair          (MnMatch *m, int a, int b);
/* Fights the pair's melee now, with its results and the advance's offer. */
void          mn_fight_pair         (MnMatch *m, MnPair *pair, GPtrArray *events);
/* Drops the pairs whose units are no longer in contact or in play. */
void          mn_pairs_prune        (MnMatch *m);

/* mn-acw-advance.c ----------------------------------------------------------------- */

void          mn_decision_clear     (MnDecision *d);
void          mn_decision_copy      (const MnDecision *from, MnDecision *to);
const MuDecision *mn_decision_view  (MnMatch *m);
/* MN-AMB-71: opens the `advance` decision when the winner may advance. */
void          mn_offer_advance      (MnMatch *m, MnUnit *winner, MnUnit *loser, MuPoint former,
                                     GPtrArray *events);
gboolean      mn_choose             (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* mn-acw-building.c ---------------------------------------------------------------- */

gboolean      mn_area_destroyed     (const MnMatch *m, const MuArea *a);
gboolean      mn_point_in_destroyed (const MnMatch *m, MuPoint p);
gboolean      mn_segment_enters_destroyed (const MnMatch *m, MuPoint p, MuPoint q);
int           mn_building_at        (const MnMatch *m, MuPoint p);
gboolean      mn_building_allows    (const MnMatch *m, const MnUnit *u, const MuStand *st, guint n,
                                     gboolean charging, const char **why);
gboolean      mn_apply_bombard      (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* T4: the declared fires, before any melee. */
void          mn_resolve_fires      (MnMatch *m, GPtrArray *events);

/* mn-acw-victory.c ----------------------------------------------------------------- */

typedef enum {
  MN_TASK_NONE,
  MN_TASK_DISPERSE,            /* disperse SIDE N */
  MN_TASK_HOLD,                /* hold OBJECTIVE */
} MnTaskKind;

/* MN-AMB-82: a task's condition; *arg is the side or the objective (newly
 * allocated), *count the N of disperse. MN_TASK_NONE when it is neither. */
MnTaskKind    mn_task_parse         (const char *condition, char **arg, int *count);
/* MN-AMB-82: the objectives held and the hold tasks met, per side. */
void          mn_scores             (const MnMatch *m, int score[MN_SIDES]);
/* The side whose disperse task is met (the first in the file), or MN_NONE. */
int           mn_disperse_met       (const MnMatch *m, const MuTaskObjective **task);
/* MN-AMB-85: the ruleset's checks of a scenario (MuRuleset.check_scenario). */
void          mn_check_scenario     (const MuScenario *s, GPtrArray *problems);

/* mn-acw-terrain.c ------------------------------------------------------------------ */

/* The terrain chart on a straight move of u's stands from `from` to `to`
 * (its anchor a0 to a1): *halved when it halves the move (once, MN-AMB-53);
 * FALSE with a refusal when u may not go that way (fences for batteries,
 * bridges out of column, woods off roads for batteries, works for cavalry). */
gboolean      mn_path_terrain       (MnMatch *m, const MnUnit *u, const MuStand *from, const MuStand *to,
                                     guint n, MuPoint a0, MuPoint a1, gboolean *halved, GError **error);

/* mn-acw-ask.c --------------------------------------------------------------------- */

gboolean      mn_line_of_sight      (gpointer state, const char *counter, const MuPos *to, MuSight *sight,
                                     GError **error);
GPtrArray    *mn_legal_targets      (gpointer state, const char *counter);
void          mn_outstanding        (gpointer state, GArray *todo);
MuRegion     *mn_legal_region       (gpointer state, const char *counter);
GArray       *mn_legal_moves        (gpointer state, const char *counter);
gboolean      mn_charge_path        (gpointer state, const MuCommand *c, GArray *path);

G_END_DECLS
