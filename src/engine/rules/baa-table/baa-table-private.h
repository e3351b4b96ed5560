/* baa-table-private.h: the runtime state of a Brothers at Arms match on a
 * table (rules digest ../shared/rules/baa-table.md, with table-conventions.md)
 *
 * Shared by the modules of the baa-table ruleset:
 *   baa-table.c        the ruleset table (description, views, invariants)
 *   baa-table-seq.c    set-up, the bound/round/phase sequence, command and
 *                      control (BAT-CMD-*), objectives and victory
 *                      (BAT-OBJ-*), scheduled reserves, fatigue rest
 *   baa-table-geom.c   scale (Tables S1-S4), stands, terrain, line of sight,
 *                      cover (BAT-COV-1)
 *   baa-table-move.c   movement (BAT-MOV-*), flinch moves (BAT-FLN-3..5)
 *   baa-table-fire.c   fire (BAT-FIRE-*), flinch tests and pins (BAT-FLN-*)
 *   baa-table-legal.c  the legal commands, moves and targets
 *
 * Sides are indices: 0 = the side whose round comes first (CSA), 1 = the
 * other. Functions that change state validate completely first; a refusal
 * returns FALSE with MU_ERROR_ILLEGAL and "REASON (RULE-ID)", changing
 * nothing and rolling no die.
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"
#include "mu-table-los.h"
#include "mu-table-move.h"
#include "mu-table-stand.h"
#include "mu-table-layout.h"
#include "mu-table-terrain.h"

#include "baa-common.h"
#include "baa-events.h"

G_BEGIN_DECLS

#define BAT_SIDES 2
#define BAT_NONE BAA_COMMON_NONE

typedef enum {
  BAT_UNIT_ACTIVE,
  BAT_UNIT_DISPERSED,          /* 0 bases (BAT-GEN-4) */
  BAT_UNIT_LOST,               /* flinched into impassable ground or off the table (BAT-FLN-5, TAB-18) */
  BAT_UNIT_RESERVE,            /* not arrived yet (BAT-RES-1) */
} BatUnitStatus;

typedef enum {
  BAT_CDR_ACTIVE,
  BAT_CDR_DISABLED,
  BAT_CDR_CAPTURED,
  BAT_CDR_REMOVED,             /* its formation's last unit gone (BAT-CDR-5) */
  BAT_CDR_RESERVE,
} BatCdrStatus;

/* BAT §1.2: the three formations. */
typedef enum {
  BAT_FORM_LINE,               /* single line */
  BAT_FORM_DOUBLE,             /* double line */
  BAT_FORM_COLUMN,             /* column of attack */
  BAT_FORM_N
} BatFormation;

enum {
  BAT_PHASE_BOUND_START = 0,
  BAT_PHASE_CONTROL_RANGE = 1,
  BAT_PHASE_CONTROL_ROLL = 2,
  BAT_PHASE_CONTROL_NIC = 3,
  BAT_PHASE_COMMAND_RANGE = 4,
  BAT_PHASE_COMMAND_ROLL = 5,
  BAT_PHASE_COMMAND_NIC = 6,
  BAT_PHASE_MOVE_UNITS = 7,
  BAT_PHASE_MOVE_COMMANDS = 8,
  BAT_PHASE_MOVE_CONTROLS = 9,
  BAT_PHASE_FIRE = 10,
  BAT_PHASE_MELEE = 11,
  BAT_PHASE_REMOVE_MARKERS = 12,
  BAT_PHASE_BOUND_END = 13,
};

typedef struct _BatCdr BatCdr;

typedef struct {
  const MuCounter *def;
  int identity;                /* its declared division, read once at set-up (BAT-CMD-1) */
  int range;                   /* its declared values, read once at set-up (BAT-GEN-2) */
  int attack;                  /* (BAT-GEN-5) */
  gboolean indomitable;        /* its declared abilities, read once at set-up (BAT-FLN-6) */
  gboolean sharpshooter;       /* (BAT-CDR-3) */
  int side;
  BatUnitStatus status;
  MuPoint anchor;              /* TAB-5: the midpoint of the front edge */
  double facing;
  BatFormation form;
  int bases;                   /* 0..strength (BAT-GEN-4) */
  gboolean has_orders;
  gboolean nic;
  gboolean roll_ordered;       /* orders by a phase-5 roll: +1 attack this round (BAT-CMD-6) */
  gboolean pinned;
  int pinned_round;            /* round serial the marker was placed in */
  gboolean fatigued;
  int rest_streak;             /* 0..4 (BAT-FAT-2) */
  gboolean moved;              /* this round */
  gboolean fired;              /* this round */
  gboolean meleed;             /* fought a melee this round */
  gboolean acted_this_bound;   /* moved, fired or fought: no rest (BAT-FAT-2) */
  gboolean first_move_free;    /* arrived as a reserve: its first move is in command (BAT-RES-1) */
  double entry_cost;          /* its first move after arriving is measured from its entry point:
                                * the way from there to its anchor (BAT-AMB-44) */
  const char *reserve;         /* its reserve id while RESERVE */
  const char *split_target;    /* the enemy its bases touching two fight this melee phase (BAT-AMB-40) */
  /* the enemies it moved into contact with: their melee's attacker, they
   * its defenders, while the contact lasts (BAT-AMB-18, BAT-COV-2) */
  const char *charged[16];
  guint n_charged;
  /* the stands, laid out from the pose (TAB-6); bat_unit_layout() */
  MuStand stands[MU_STANDS_MAX];
  guint n_stands;
  MuPoint bc;                  /* a circle holding every stand: quick refusals */
  double br;
} BatUnit;

struct _BatCdr {
  const MuCounter *def;
  int side;
  gboolean is_control;         /* a higher commander (star) */
  gboolean exceptional;        /* its declared flag, read once at set-up (BAT-CMD-3) */
  int leadership;              /* its declared values, read once at set-up (BAT-CMD-1) */
  int division;                /* a command's number, which its units' identity names */
  BatCdrStatus status;
  MuPoint anchor;
  double facing;
  gboolean has_orders;
  gboolean nic;
  gboolean moved;
  gboolean day_rolled;         /* made its night roll (BAT-DAY-2, BAT-DAY-3) */
  double entry_cost;          /* as a unit's (BAT-AMB-44) */
  const char *reserve;
  MuStand stand;
};

typedef struct {
  const MuObjective *def;
  BaaHold hold;
} BatObjective;

/* A section of a defence-work line (BAT-AMB-42). */
typedef struct {
  char id[64];                 /* "LINE.N", N from 1 at the line's first point */
  const MuPolyline *line;
  guint line_index;
  double s0, s1;               /* its stretch, as distances along the line */
  int cover;                   /* its own cover value (BAT-FORT-3, BAT-AMB-28) */
  int strength;                /* 6 down to 0: breached (BAT-FORT-3) */
} BatSection;

typedef enum {
  BAT_DECIDE_NONE,
  BAT_DECIDE_ENTRY,            /* reserve-entry (BAT-MOV-10, BAT-AMB-44) */
  BAT_DECIDE_SPLIT,            /* melee-split (BAT-AMB-40) */
} BatDecideKind;

/* The pending decision (baa-table-decide.c). */
typedef struct {
  BatDecideKind kind;
  int side;                    /* who answers */
  const char *subject;         /* the reserve's or unit's id (scenario-owned or interned) */
  char *question;
  GPtrArray *answers;          /* of char*, NULL-terminated */
  BatDecideKind queue_kind;
  GPtrArray *queue;            /* reserve or unit ids waiting for their decision */
  MuDecision view;
} BatDecision;

/* Scale (Tables S1-S4), in the table's unit. */
typedef struct {
  const char *scale;           /* the listed scale used: "6mm", "15mm", "25mm" (BAT-AMB-45) */
  double u;                    /* Table S1 */
  double move[MU_ARM_N];       /* Table S2 by arm */
  double move_commander;
  double visible;              /* Table S4 */
  double road, turnpike;       /* Table S3: allowance multipliers on roads */
  double difficult;            /* Table S3: on difficult terrain */
} BatScale;

typedef struct {
  const MuScenario *scenario;
  const MuTableMap *table;
  MuDice *dice;
  const char *side_id[BAT_SIDES + 1];
  MuTerrainIndex *terrain;
  BatScale scale;

  GPtrArray *units;            /* of BatUnit*, scenario order */
  GPtrArray *cdrs;             /* of BatCdr*, scenario order */
  GPtrArray *objectives;       /* of BatObjective* */
  GHashTable *reserves_done;   /* reserve id -> TRUE */
  GArray *sections;            /* of BatSection */
  GPtrArray *night_reserves;   /* of MuReserve*, owned: the formations of a march (BAT-RES-2) and
                                * those sent away at night (BAT-DAY-3) */
  BatDecision decision;
  int day_step;                /* 1, 2: the first, second side readdresses its lines (BAT-DAY-2) */
  GPtrArray *day_place;        /* ids that may still be placed behind the lines (BAT-DAY-2) */

  int bound, last_bound;
  int active;
  int phase;
  int round_serial;
  gboolean night;
  gboolean finished;
  int winner;
  int victory_diff;
  const char *victory_level;

  /* options */
  gboolean opt_fatigue;
  gboolean opt_reserves;
  gboolean opt_railroads;     /* bat.railroads, BAT-MOV-10 */

  gboolean check_events;
  char *event_failure;

  /* views */
  GArray *counter_views;
  GArray *objective_views;
  GPtrArray *strings;
} BatMatch;

#define BAT_CAT2(a, b) a##b
#define BAT_CAT(a, b) BAT_CAT2 (a, b)
#define BAT_FOR_UNITS(m, u) \
  for (guint BAT_CAT (_i, __LINE__) = 0; BAT_CAT (_i, __LINE__) < (m)->units->len; BAT_CAT (_i, __LINE__)++) \
    for (BatUnit *u = g_ptr_array_index ((m)->units, BAT_CAT (_i, __LINE__)); u; u = NULL)
#define BAT_FOR_CDRS(m, c) \
  for (guint BAT_CAT (_j, __LINE__) = 0; BAT_CAT (_j, __LINE__) < (m)->cdrs->len; BAT_CAT (_j, __LINE__)++) \
    for (BatCdr *c = g_ptr_array_index ((m)->cdrs, BAT_CAT (_j, __LINE__)); c; c = NULL)

/* baa-table-geom.c ------------------------------------------------------------------ */

/* Tables S1, S2, S4 for the table's figure scale and unit (BAT-GEN-2, BAT-AMB-45). */
void          bat_scale_init        (BatScale *scale, const MuTableMap *table);
/* BAT-AMB-45: a figure scale in millimetres ("15mm", or a bare "15"):
 * FALSE for anything else, or a size not above 0. */
gboolean      bat_figure_scale_mm   (const char *text, double *mm);
/* baa-table-data.c: the numbers of data/rules/baa-table.xml over the printed
 * ones (S1-S4), when the file is found. */
void          bat_scale_apply_data  (BatScale *scale, gboolean cm);
/* The declared shapes of the three formations (MuRuleset.formations). */
extern const MuFormationShape bat_formation_shapes[BAT_FORM_N];
const MuFormationShape *bat_formation_shape (BatFormation form);
const char   *bat_formation_id      (BatFormation form);
gboolean      bat_formation_parse   (const char *id, BatFormation *form);
/* Lays out a unit's stands from its pose, formation and bases (TAB-6, TAB-8). */
void          bat_unit_layout       (BatMatch *m, BatUnit *u);
void          bat_cdr_layout        (BatMatch *m, BatCdr *c);
/* TAB-8: lays out a unit that has just lost bases (u->bases already
 * lowered, u->stands still the old ones): at its anchor, or closed up to
 * its left where that would not fit (the decision in baa-table-geom.c). */
void          bat_unit_close_up     (BatMatch *m, BatUnit *u);
/* Whether stands stand on the table, off impassable ground and clear of
 * every counter but `self` (a BatUnit or BatCdr, may be NULL). */
gboolean      bat_place_free        (BatMatch *m, const MuStand *st, guint n, const void *self);
/* Stands of a unit in another pose/formation (scratch, n written). */
guint         bat_layout_at         (BatMatch *m, const BatUnit *u, MuPoint anchor, double facing,
                                     BatFormation form, MuStand *out);
/* The inward facing at an entry point: away from the nearest table edge. */
double        bat_inward_facing     (const MuTableMap *t, MuPoint p);
guint         bat_entry_column      (const MuTableMap *t, MuArm arm, guint bases, MuPoint p0,
                                     double facing, double in, MuPoint *anchor, MuStand *out);
gboolean      bat_unit_on_table     (const BatUnit *u);
/* Whether the bounding circles of two sets of stands come within d (a
 * quick test before the exact one). */
gboolean      bat_circles_within    (MuPoint ca, double ra, MuPoint cb, double rb, double d);
void          bat_stands_circle     (const MuStand *st, guint n, MuPoint *centre, double *radius);
/* BAT-MOV-6: a base in difficult terrain (its centre, TAB-13). */
gboolean      bat_point_difficult   (BatMatch *m, MuPoint p);
gboolean      bat_unit_unformed     (BatMatch *m, const BatUnit *u);
/* p lies on a line of the kind, within half its width (a river for boats,
 * BAT-MOV-11; a railroad's track, BAT-MOV-10). */
gboolean      bat_point_on_line     (const BatMatch *m, MuLineKind kind, MuPoint p);
gboolean      bat_point_impassable  (BatMatch *m, MuPoint p);
/* Line of sight between two units' stands (BAT-FIRE-5, BAT-FIRE-6, BAT-AMB-36). */
gboolean      bat_los_stand         (BatMatch *m, const BatUnit *firer, const MuStand *from,
                                     const BatUnit *target, MuLosResult *result);
/* The ruleset's line_of_sight: from the unit's bases to a point, or to the
 * unit whose stand holds the point, by the function fire uses. */
gboolean      bat_line_of_sight     (BatMatch *m, const char *counter, const MuPos *to,
                                     MuSight *sight, GError **error);
/* BAT-COV-1, BAT-AMB-16, BAT-AMB-37: the cover value of the target against
 * the firer (0 none); `lines` FALSE leaves out the cover of lines between
 * them (hedges, walls, works: an obstacle, BAT-COV-2). */
int           bat_cover_value       (BatMatch *m, const BatUnit *target, const BatUnit *firer,
                                     gboolean lines);
/* BAT-GEN-5: the modified attack value, capped at 6 (BAT-AMB-12). */
int           bat_attack_value      (BatMatch *m, const BatUnit *u);
guint         bat_attack_modifiers  (BatMatch *m, const BatUnit *u, gboolean melee, MuRollModifier *out);
/* The enemy units in contact (TAB-11) with u, into out (may be NULL); returns how many. */
guint         bat_contacts          (BatMatch *m, const BatUnit *u, BatUnit **out, guint max);
gboolean      bat_in_melee          (BatMatch *m, const BatUnit *u);
/* BAT-AMB-18: after u moved (or flinched), the enemies in contact with it
 * that were not before (`before`, n_before) have it as their attacker. */
void          bat_record_charges    (BatMatch *m, BatUnit *u, BatUnit *const *before, guint n_before);
/* Whether u moved into contact with e (u attacks, e defends). */
gboolean      bat_charged           (const BatUnit *u, const BatUnit *e);
double        bat_contact_tolerance (const BatMatch *m);

/* baa-table-seq.c ------------------------------------------------------------------- */

BatMatch     *bat_match_new         (const MuScenario *scenario, MuDice *dice, GPtrArray *events,
                                     GError **error);
BatMatch     *bat_match_copy        (const BatMatch *m, MuDice *dice);
void          bat_match_free        (BatMatch *m);
void          bat_advance           (BatMatch *m, GPtrArray *events);
gboolean      bat_end_phase         (BatMatch *m, GPtrArray *events, GError **error);
BatUnit      *bat_find_unit         (const BatMatch *m, const char *id);
BatCdr       *bat_find_cdr          (const BatMatch *m, const char *id);
BatCdr       *bat_unit_commander    (const BatMatch *m, const BatUnit *u);
/* MuRuleset.command_radius (BAT-CMD-3, BAT-CMD-5). */
gboolean      bat_command_radius    (gpointer state, const char *counter, MuCommandRadius *out);
void          bat_score             (const BatMatch *m, int score[BAT_SIDES]);
/* Removes a unit (DISPERSED or LOST); its formation commander goes with the
 * formation's last unit (BAT-FIRE-10, BAT-CDR-5); checks sudden death. */
void          bat_unit_remove       (BatMatch *m, BatUnit *u, BatUnitStatus status, const char *rule,
                                     GPtrArray *events);
void          bat_marker            (BatMatch *m, GPtrArray *events, gboolean placed, const char *id,
                                     const char *name, const char *rule);
/* The formation change's event kind (baa-table.c declares it). */
const MuEventKindInfo *bat_formation_event_kind (void);
MuEvent      *bat_event             (BatMatch *m, GPtrArray *events, const MuEventKindInfo *kind,
                                     const char *subject, const char *rule);
#define bat_refuse mu_rules_refuse   /* MU_ERROR_ILLEGAL, "FORMAT (RULE)" */
gboolean      bat_check_invariants  (BatMatch *m, GError **error);
/* The ruleset's scenario checks (baa-table-check.c). */
void          bat_check_scenario    (const MuScenario *s, GPtrArray *problems);
gboolean      bat_phase_has_choices (BatMatch *m);
const char   *bat_phase_id          (int phase);

/* baa-table-move.c ------------------------------------------------------------------ */

/* Whether the unit or commander may move in this phase (BAT-MOV-12, BAT-CMD-7, BAT-FLN-7). */
gboolean      bat_unit_may_move     (const BatMatch *m, const BatUnit *u);
gboolean      bat_cdr_may_move      (const BatMatch *m, const BatCdr *c);
/* The move command: `move ID STEP...` (dry run when events is NULL: only checks). */
gboolean      bat_apply_move        (BatMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
gboolean      bat_move_cost         (gpointer state, const MuCommand *c, double *cost, double *allowance);
/* BAT-FLN-3..5, BAT-AMB-19: a full move directly away from `from`. */
void          bat_flinch_move       (BatMatch *m, BatUnit *u, const BatUnit *from, GPtrArray *events);
/* A straight step a-b crosses an impassable line, or (rivers) a river away
 * from a ford or bridge. */
gboolean      bat_crosses_barrier   (const BatMatch *m, MuPoint a, MuPoint b, gboolean rivers);
/* The same, giving the first such line (owned by the table); NULL: none. */
const MuPolyline *bat_barrier_crossed (const BatMatch *m, MuPoint a, MuPoint b, gboolean rivers);
/* The impassable line or river away from a ford or bridge that n stands
 * set down together would stand on or astride, by their centres (BAT-MOV-4,
 * BAT-AMB-38, TAB-13); NULL: none. Owned by the table. */
const MuPolyline *bat_stands_astride  (const BatMatch *m, const MuStand *st, guint n);
/* The same three on the table alone, for the scenario checks. */
const MuPolyline *bat_table_barrier_crossed (const MuTableMap *table, MuPoint a, MuPoint b,
                                             gboolean rivers);
const MuPolyline *bat_table_stands_astride  (const MuTableMap *t, const MuStand *st, guint n);
/* BAT-AMB-44: the line a reserve's stands st, set down after coming on
 * from entry point `from`, crossed on the way in or stand astride; NULL:
 * none. */
const MuPolyline *bat_table_entry_blocked   (const MuTableMap *t, MuPoint from, const MuStand *st,
                                             guint n);
double        bat_unit_allowance    (const BatMatch *m, const BatUnit *u);
/* BAT-AMB-38: what a straight step a-b pays beyond its length: 1 U a stream
 * crossed away from a ford or bridge, 0.5 U a contour level climbed. */
double        bat_extra_cost        (BatMatch *m, MuPoint a, MuPoint b);

/* baa-table-fire.c ------------------------------------------------------------------ */

/* The bases of `u` that may fire at `target` (range, night cap, line of
 * sight, BAT-FIRE-2); 0 when it may not fire at all (reason set when not NULL). */
guint         bat_fire_bases        (BatMatch *m, const BatUnit *u, const BatUnit *target,
                                     const char **rule, char **reason);
gboolean      bat_apply_fire        (BatMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
gboolean      bat_apply_fire_group  (BatMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
void          bat_melee_exchange    (BatMatch *m, BatUnit *a, BatUnit *b, GPtrArray *events);
/* BAT-AMB-40: the enemies touched by a base of u that touches two or more
 * (into out, at most max); 0 when no base of u touches two. */
guint         bat_melee_split       (BatMatch *m, const BatUnit *u, BatUnit **out, guint max);
/* Phase 11: every melee of the active side, fought automatically (BAT-MEL-*). */
void          bat_melee_phase       (BatMatch *m, GPtrArray *events);
/* Whether the unit may fire in this phase: orders, no pin, not fired yet,
 * not in melee (BAT-FIRE-1, BAT-CMD-7, BAT-FLN-7). */
gboolean      bat_unit_may_fire     (BatMatch *m, const BatUnit *u);

/* baa-table-cdr.c ------------------------------------------------------------------ */

/* BAT-CDR-2, BAT-AMB-23: the commanders on the lines of fire of u's firing
 * bases at t, one entry per base and commander (at most max). */
guint         bat_fire_through      (BatMatch *m, const BatUnit *u, const BatUnit *t, BatCdr **cdrs, guint max);
void          bat_fire_through_roll (BatMatch *m, const BatUnit *u, BatCdr **cdrs, guint n, GPtrArray *events);
/* `fire UNIT COMMANDER` (BAT-CDR-2, BAT-CDR-3); dry run when events is NULL. */
gboolean      bat_fire_at_commander (BatMatch *m, BatUnit *u, BatCdr *c, GPtrArray *events, GError **error);
/* BAT-CDR-4: lone enemy commanders u has reached are captured or evade. */
void          bat_capture_check     (BatMatch *m, BatUnit *u, GPtrArray *events);

/* baa-table-decide.c ----------------------------------------------------------------- */

void          bat_decision_clear    (BatDecision *d);
void          bat_decision_free     (BatDecision *d);
void          bat_decision_copy     (const BatMatch *from, BatMatch *to);
const MuDecision *bat_decision_view (const BatMatch *m);
const MuReserve *bat_find_reserve   (const BatMatch *m, const char *id);
gboolean      bat_by_train          (const BatMatch *m, const MuReserve *r);
gboolean      bat_entry_is_choice   (const BatMatch *m, const MuReserve *r);
void          bat_decide_queue_entry (BatMatch *m, const MuReserve *r);
/* Opens the entry decision of the next reserve waiting for one, with its
 * `decision` event. */
void          bat_decide_next_entry (BatMatch *m, GPtrArray *events);
gboolean      bat_choose            (BatMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* The rule the command's verb is under (bat_verbs): the id a refusal names
 * when no narrower rule applies (an unknown counter, nothing to answer). */
const char   *bat_verb_rule         (const MuCommand *c);
/* Phase 11: the owners' choices of BAT-AMB-40 first, then the melees. */
void          bat_melee_begin       (BatMatch *m, GPtrArray *events);
/* BAT-RES-1, BAT-AMB-44: the reserve's counters come on in column at `at`,
 * or at its entry points in turn when NULL (baa-table-seq.c). */
void          bat_reserve_arrive    (BatMatch *m, const MuReserve *r, const MuPoint *at, GPtrArray *events);

/* baa-table-days.c ------------------------------------------------------------------- */

/* The end of the scenario's complete-darkness bound of a battle of days. */
gboolean      bat_day_darkness      (const BatMatch *m);
int           bat_day_morning       (const BatMatch *m);
void          bat_day_begin         (BatMatch *m, GPtrArray *events);
/* TRUE when the second side's readdressing begins; FALSE at the night's end. */
gboolean      bat_day_next          (BatMatch *m);
gboolean      bat_day_has_choices   (const BatMatch *m);
/* `reposition`, `place`, `reserve`; dry run when events is NULL. */
gboolean      bat_day_command       (BatMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
MuPoint       bat_edge_middle       (const BatMatch *m, MuPoint dir);
void          bat_night_reserve_free (gpointer r);
MuReserve    *bat_night_reserve_copy (const MuReserve *r);

/* baa-table-works.c ------------------------------------------------------------------ */

void          bat_sections_init     (BatMatch *m);
BatSection   *bat_find_section      (const BatMatch *m, const char *id);
/* BAT-FORT-4: the section of line l at `at` is breached. */
gboolean      bat_works_breached_at (const BatMatch *m, const MuPolyline *l, MuPoint at);
/* BAT-FORT-2, BAT-FORT-4: crossing or contact across unbreached works. */
gboolean      bat_works_check_move  (BatMatch *m, const BatUnit *u, const MuPoint *path, guint n_path,
                                     const MuStand *end, guint n_end, GError **error);
/* `fire UNIT SECTION` (BAT-FORT-3); dry run when events is NULL. */
gboolean      bat_fire_at_section   (BatMatch *m, BatUnit *u, BatSection *s, GPtrArray *events, GError **error);

/* baa-table-legal.c ------------------------------------------------------------------ */

GPtrArray    *bat_legal_commands    (BatMatch *m);
GArray       *bat_legal_moves       (BatMatch *m, const char *id);
GPtrArray    *bat_legal_actions     (BatMatch *m, const char *id);
/* A special rule's switch: the scenario's own, else on when its data
 * enables the rule (a railroad reserve, a river boat). */
gboolean      bat_special_rule      (const MuScenario *s, const char *key);
GPtrArray    *bat_legal_targets     (BatMatch *m, const char *id);
/* Where the counter can go now (MuRuleset.legal_region), or NULL. */
MuRegion     *bat_legal_region      (BatMatch *m, const char *id);

G_END_DECLS
