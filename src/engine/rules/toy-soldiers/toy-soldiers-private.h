/* toy-soldiers-private.h: the runtime state of a Toy Soldiers match on a
 * table (rules digest ../shared/rules/toy-soldiers.md, with
 * table-conventions.md)
 *
 * Shared by the modules of the toy-soldiers ruleset:
 *   toy-soldiers.c        the ruleset tables, views, the command dispatch
 *   toy-soldiers-decl.c   fields, formations, markers, statuses, verbs, event kinds
 *   toy-soldiers-data.c   the numbers of data/rules/toy-soldiers.xml
 *   toy-soldiers-turn.c   set-up, state dice, the game turn, élan and the end
 *   toy-soldiers-cdr.c    commander actions (TS-CDR)
 *   toy-soldiers-act.c    the unit action economy, moves, formations
 *   toy-soldiers-decide.c  decisions: their view, the threats, the answers
 *   toy-soldiers-reorder.c  reorder and its withdrawal
 *   toy-soldiers-fire.c   volleys, receiving fire, smoke, threats
 *   toy-soldiers-charge*.c  the charge sequence (3.20): its state, declaration
 *                         and stages (-charge.c), geometry (-geom.c), stages
 *                         8-13 and answers (-stages.c), the defender's
 *                         reactions (-react.c); toy-soldiers-charge.h
 *   toy-soldiers-village.c  village blocks and garrisons (TS-VIL)
 *   toy-soldiers-check.c  the scenario checker (TS-AMB-88), the selection hint
 *   toy-soldiers-legal.c  the legal commands for the simulator
 *   toy-soldiers-contact.c  contact resolution (TS-CR) after a charge
 *   toy-soldiers-contact-state.c  its conflict's units and pairs, path, copy
 *   toy-soldiers-contact-move.c  its moves: fall backs, slides, advances
 *   toy-soldiers-melee.c  step 9's routs and melee (TS-MEL)
 *
 * Sides are indices into side_id (the scenario's order). Functions that
 * change state validate completely first; a refusal returns FALSE with
 * MU_ERROR_ILLEGAL and "REASON (RULE-ID)", changing nothing and rolling no
 * die. Lengths are table units; the digest's inches are converted once
 * (TsNumbers, TAB-2).
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-rules-kit.h"
#include "mu-scenario.h"
#include "mu-sight.h"
#include "mu-table-layout.h"
#include "mu-table-move.h"
#include "mu-table-stand.h"
#include "mu-table-state.h"
#include "mu-table-terrain.h"

G_BEGIN_DECLS

#define TS_SIDES 2
#define TS_NONE (-1)

/* §1.3 */
typedef enum {
  TS_LINE_INF,
  TS_LIGHT_INF,
  TS_CAV,
  TS_ART,
  TS_COMMANDER,
  TS_TYPE_N
} TsType;

typedef enum {
  TS_MUSKET,
  TS_CARBINE,
  TS_RIFLE,
  TS_REG_ART,
  TS_WEAPON_N
} TsWeapon;

/* TS-AMB-38, TS-AMB-39: the declared formations, in declaration order. */
typedef enum {
  TS_FORM_LINE,
  TS_FORM_COL_DIV,
  TS_FORM_COL_COY,
  TS_FORM_SQUARE,
  TS_FORM_COLUMN,        /* cavalry */
  TS_FORM_UNLIMBERED,
  TS_FORM_LIMBERED,
  TS_FORM_N
} TsForm;

/* TS-ACT-2, TS-AMB-14: the action types, by name whatever the arm; volley
 * and battery fire are one. */
typedef enum {
  TS_ACT_REORDER,
  TS_ACT_FIRE,
  TS_ACT_ADJUST,
  TS_ACT_EASE_FORWARD,
  TS_ACT_FORWARD,
  TS_ACT_HURRY_FORWARD,
  TS_ACT_FALL_BACK,
  TS_ACT_RETREAT,
  TS_ACT_FORM,
  TS_ACT_ANGLE,
  TS_ACT_SIDE,
  TS_ACT_PROLONG,
  TS_ACT_CHARGE,
  TS_ACT_N
} TsAction;

/* The steps of a game turn (§2), numbered for the --state line's phase=. */
enum {
  TS_STEP_INITIATIVE = 0,
  TS_STEP_COMMANDER = 1,
  TS_STEP_UNITS = 2,
  TS_STEP_END = 5,
};

/* The numbers of data/rules/toy-soldiers.xml (toy-soldiers-data.c), in
 * inches as the file has them. */
typedef struct {
  double band[TS_WEAPON_N];               /* Table R: one band */
  int band_mod[5];                        /* Table R: receiving modifier of bands 1-4 */
  int width_disorder[7];                  /* Table W by stands across, 0-6 */
  int files[TS_FORM_N];                   /* formation-files (0: one rank) */
  double move[TS_TYPE_N][TS_ACT_N];       /* an action's distance; < 0: not this arm's */
  double side_free[TS_TYPE_N];            /* Move to side: free up to this */
  double ride, consolidate, inspire, rally;  /* TS-CDR-3..7 */
  double attach_reach;                    /* TS-CDR-2: 6" */
  double rout, rout_panic, smoke_radius, smoke_ahead, arc;
  double reorder_near;                    /* TS-REO-2: 4" */
  double threat_reach;                    /* TS-THR: 12" */
  int stands_max[TS_TYPE_N];              /* Table stands: a unit at selection */
  int sel_elan[TS_TYPE_N];                /* selection-elan by type (TS-AMB-79) */
  int sel_elan_at_all_costs, sel_elan_veterans;
} TsNumbers;

typedef struct {
  const MuCounter *def;
  int side;
  TsType type;
  TsWeapon weapon;
  TsForm form;
  int cmdr;                    /* index of its commander in units, TS_NONE */
  int stands, stands_max, lost_pool;   /* TS-AMB-86 */
  int disorder, stress;        /* TS-STATE-1, TS-STATE-2 */
  gboolean dispersed;          /* lost its last stand, or left the table (TS-AMB-55) */
  MuPoint anchor;              /* TAB-5 */
  double facing;
  double width, depth;         /* one stand */
  MuStand st[MU_STANDS_MAX];   /* the formed stands (TS-AMB-37) */
  guint n_st;
  MuStand skirm[6];            /* deployed skirmish stands (TS-SKM, TS-AMB-81), counted in stands */
  int n_skirm;
  /* this player-turn */
  gboolean acted, hasty;
  /* TS-AMB-41 */
  gboolean limbers_back;
  gboolean limber_hit;         /* this game turn */
  /* TS-RCV-1: 1 musketry, 2 artillery disorder taken this game turn */
  guint fire_disorder;
  gboolean fired_on, fired_on_last;    /* TS-AMB-83 */
  /* commanders (TS_COMMANDER) */
  int chaos;
  int attached;                /* index of the unit, TS_NONE */
  gboolean cdr_acted;          /* his commander action this player-turn */
  gboolean aware;              /* TS-CDR-6, for the next initiative roll */
  gboolean berated;            /* TS-CDR-8, this game turn */
  guint types_used;            /* 1 << TsAction, this player-turn (TS-ACT-2) */
  int block;                   /* the village block holding companies of it, TS_NONE (TS-VIL) */
  gboolean faces;              /* not a unit of the match: a garrison's faces standing in for it
                                * in fire, one stand a face (ts_block_faces, TS-AMB-85) */
} TsUnit;

/* A village block (TS-AMB-85): a building or built-up area with an id,
 * and the companies of one battalion holding it (TS-VIL-2). */
typedef struct {
  const MuArea *area;
  int unit;                    /* the battalion, TS_NONE: empty */
  int companies;               /* its stands inside, the command stand counted */
  gboolean command;            /* the command stand is inside: the whole battalion */
  int stress;                  /* the block's stress die; disorder is always 6 */
  gboolean fired;              /* this player-turn of its side (TS-VIL-4) */
} TsBlock;

/* A smoke marker (TS-AMB-59). */
typedef struct {
  MuPoint at;
  int bound;                   /* the game turn it was placed in */
  int unit;                    /* who placed it */
} TsSmoke;

/* What a pending decision continues (toy-soldiers-decide.c, -fire.c). */
typedef enum {
  TS_DECIDE_NONE,
  TS_DECIDE_VOLLEY,            /* volley: a target or none, after ease-forward / forward */
  TS_DECIDE_THREAT,            /* threat: an enemy or none (TS-THR-1) */
  TS_DECIDE_CAV_THREAT,        /* cavalry-threat (TS-THR-2) */
  TS_DECIDE_REROLL,            /* reroll: yes or no, the reorder die (TS-AMB-62) */
  TS_DECIDE_DESTROY,           /* destroy: stands to give up (TS-REO-3) */
  TS_DECIDE_WAY,               /* way: back or away, for a withdrawal (TS-AMB-52) */
  TS_DECIDE_RALLY_AGAIN,       /* rally-again: yes or no (TS-AMB-83) */
  TS_DECIDE_PASSAGE,           /* passage: refuse or allow (TS-POL-2, TS-AMB-51) */
  TS_DECIDE_SHED,              /* shed: the mover's stands to shed (TS-AMB-51) */
  TS_DECIDE_OBSTRUCTION,       /* obstruction: disorder or stress (TS-OBS-2, TS-AMB-82) */
  TS_DECIDE_SKIRM_BACK,        /* skirmish-back: 1 or 2 inches (TS-SKM-7, TS-AMB-82) */
  TS_DECIDE_ESCAPE,            /* escape: a lone commander's place, up to 12" (TS-CDR-11) */
  TS_DECIDE_CAV_REROLL,        /* cavalry-reroll: yes or no, against a lone commander (TS-CDR-11) */
  TS_DECIDE_GARRISON,          /* destroy: a garrison's companies to give up (TS-REO-7) */
  /* the charge sequence (toy-soldiers-charge.c) */
  TS_DECIDE_DISPARITY,         /* disparity: which units take one more stress (TS-AMB-68) */
  TS_DECIDE_ABORT_REORDER,     /* reorder: yes or no, an aborting unit at stage 4 (TS-CHG-4) */
  TS_DECIDE_ABORT_VOLLEY,      /* volley: a target or none, an aborting unit at stage 7 (TS-CHG-7) */
  TS_DECIDE_BALK_ELAN,         /* balk-elan: yes or no, after a failed balk die (TS-CHG-8) */
  TS_DECIDE_CHARGE_OBSTRUCTION,  /* obstruction: a stage move met a skirmish stand (TS-SKM-5) */
  TS_DECIDE_FLEE,              /* flee: yes or no, a target battery (TS-CHG-10) */
  TS_DECIDE_FINAL_VOLLEY,      /* volley: a lead charger or none (TS-CHG-11) */
  TS_DECIDE_CONTACT,           /* contact resolution and melee's decisions, each with its own id
                                * (toy-soldiers-contact.c) */
} TsDecideKind;

/* A pose (TAB-5). */
typedef struct {
  MuPoint anchor;
  double facing;
} TsPose;

typedef struct {
  TsDecideKind kind;
  int side;                    /* who answers */
  int unit;                    /* the subject */
  int value;                   /* the reorder die (reroll), the stress left (destroy, way) */
  int min, max;                /* destroy, shed */
  /* a passage of lines (TS-AMB-51): the passed unit, the mover's action,
   * where it first touched the passed unit, its start, the stands
   * interpenetrating */
  int other;
  TsAction action;
  TsPose contact;
  MuPos from;
  int count;
  char *question, *shown;
  GPtrArray *answers;          /* of char*, NULL-terminated */
  GPtrArray *labels;           /* the view's answer_labels (static strings), or NULL */
  const char *rule;            /* the rule asking (a static string), named in a refusal */
  MuDecision view;
} TsDecision;

/* A charge's conflicts (TS-CHG-13): what the charge sequence
 * (toy-soldiers-charge.c) hands to contact resolution and melee
 * (toy-soldiers-contact.c), at most 3 units a side in one conflict. */
#define TS_CONFLICT_PAIRS 6
typedef struct {
  int attacker;                /* the charger, or a counter-charger (TS-CHG-6d): a unit */
  int defender;                /* its target: a unit, or TS_NONE when block is set */
  int block;                   /* a garrisoned block charged (TS-AMB-85), TS_NONE */
  gboolean counter;            /* a counter-charge pair: the charger has the first pass (TS-MEL-3) */
} TsPair;

typedef struct {
  TsPair pair[TS_CONFLICT_PAIRS];
  guint n_pairs;
} TsConflict;

/* The state of a charge in progress and of its contact resolution, each
 * owned by its own file; NULL when none is under way. */
typedef struct TsCharge TsCharge;
typedef struct TsContact TsContact;

typedef struct {
  const MuScenario *scenario;
  const MuRuleset *ruleset;
  const MuTableMap *table;
  MuDice *dice;
  MuTerrainIndex *terrain;
  TsNumbers num;
  double inch;                 /* one inch in table units */
  const char *side_id[TS_SIDES + 1];
  int attacker;                /* the side index of the Attacker (TS-SEL-2) */
  gboolean at_all_costs[TS_SIDES], well_trained[TS_SIDES];
  int elan[TS_SIDES];
  gboolean time_limit;         /* TS-AMB-80 */
  gboolean timeline;           /* the scenario gives bounds */
  int initiative;              /* the side holding it (TS-INI-1) */
  int order[TS_SIDES];
  const char *order_id[TS_SIDES + 1];

  GPtrArray *units;            /* of TsUnit*, scenario order */
  GArray *smoke;               /* of TsSmoke */
  MuTableState *areas;         /* the smoke markers and garrisons as the front ends read them */
  GArray *blocks;              /* of TsBlock, the table's order (TS-AMB-85) */
  TsDecision decision;
  TsCharge *charge;            /* a charge being declared or carried out (3.20) */
  TsContact *contact;          /* contact resolution and melee under way (3.21, 3.22) */

  int bound, last_bound;
  int turn_side;               /* 0 or 1 */
  int step;                    /* TS_STEP_* */
  gboolean any_aware;          /* a commander took Battlefield Awareness this game turn */
  gboolean finished;
  int winner;                  /* a side index, TS_NONE: a draw */
  const char *level;

  TsPose move_from;            /* where the last voluntary move started (TS-AMB-82) */
  int open_unit;               /* the unit whose action is still open for its skirmishers
                                * (TS-SKM-2, TS-AMB-81), or TS_NONE */
  TsAction open_action;

  gboolean check_events;
  char *event_failure;
  GArray *counter_views;
  GArray *objective_views;
} TsMatch;

#define TS_CAT2(a, b) a##b
#define TS_CAT(a, b) TS_CAT2 (a, b)
#define TS_FOR_UNITS(m, u) \
  for (guint TS_CAT (_i, __LINE__) = 0; TS_CAT (_i, __LINE__) < (m)->units->len; TS_CAT (_i, __LINE__)++) \
    for (TsUnit *u = g_ptr_array_index ((m)->units, TS_CAT (_i, __LINE__)); u; u = NULL)

/* toy-soldiers.c -------------------------------------------------------------------- */

gboolean      ts_apply              (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* toy-soldiers-decl.c --------------------------------------------------------------- */

#define TS_N_FIELDS 10
#define TS_N_MARKERS 26
#define TS_N_STATUSES 2
#define TS_N_VERBS 36
#define TS_N_EVENT_KINDS 29

extern const MuFormationShape ts_formation_shapes[TS_FORM_N];
extern const MuFieldInfo ts_fields[];
extern const MuMarkerInfo ts_markers[];
extern const MuStatusInfo ts_statuses[];
extern const MuVerbInfo ts_verbs[];
extern const MuEventKindInfo *const ts_event_kinds[];
#define TS_N_ROLL_PURPOSES 28
extern const MuRollPurposeInfo ts_roll_purposes[];
#define TS_N_EVENT_WORDS 13
extern const MuEventWordInfo ts_event_words[];
extern const MuEventKindInfo ts_ev_action, ts_ev_chaos, ts_ev_elan, ts_ev_disorder, ts_ev_stress,
  ts_ev_lost, ts_ev_dispersed, ts_ev_move, ts_ev_formation, ts_ev_smoke, ts_ev_rout, ts_ev_threat,
  ts_ev_commander_hit, ts_ev_initiative, ts_ev_attach, ts_ev_detach, ts_ev_aware, ts_ev_rallied,
  ts_ev_limbers, ts_ev_withdraw, ts_ev_hasty, ts_ev_smoke_gone, ts_ev_skirmish,
  ts_ev_reformed, ts_ev_garrison, ts_ev_charge, ts_ev_disparity, ts_ev_abandon,
  ts_ev_melee;

const char   *ts_form_id            (TsForm form);
gboolean      ts_form_parse         (const char *id, TsForm *form);
const char   *ts_action_id          (TsAction a);
/* Its name, N_() (untranslated) */
const char   *ts_action_name        (TsAction a);
gboolean      ts_action_parse       (const char *id, TsAction *a);
/* What players read (a decision's question): the display name of a unit
 * or commander, a side or a village block, else its id. Owned by the
 * scenario. */
const char   *ts_unit_name          (const TsUnit *u);
const char   *ts_side_name          (const TsMatch *m, int side);
const char   *ts_block_name         (const TsBlock *b);

/* toy-soldiers-data.c --------------------------------------------------------------- */

void          ts_numbers_init       (TsNumbers *num);

/* toy-soldiers-turn.c --------------------------------------------------------------- */

TsMatch      *ts_match_new          (const MuRuleset *ruleset, const MuScenario *scenario,
                                     MuDice *dice, GPtrArray *events, GError **error);
TsMatch      *ts_match_copy         (const TsMatch *m, MuDice *dice);
void          ts_match_free         (TsMatch *m);
MuEvent      *ts_event              (TsMatch *m, GPtrArray *events, const MuEventKindInfo *kind,
                                     const char *subject, const char *rule);
TsUnit       *ts_unit_at            (const TsMatch *m, int i);
int           ts_unit_index         (const TsMatch *m, const TsUnit *u);
TsUnit       *ts_find               (const TsMatch *m, const char *id);
/* MuRuleset.line_of_sight (toy-soldiers-fire.c, TS-AMB-44). */
gboolean      ts_line_of_sight      (gpointer state, const char *counter, const MuPos *to,
                                     MuSight *sight, GError **error);
int           ts_active_side        (const TsMatch *m);
gboolean      ts_in_play            (const TsUnit *u);
TsUnit       *ts_commander_of       (const TsMatch *m, const TsUnit *u);
/* An inch in table units times x (TAB-2). */
double        ts_in                 (const TsMatch *m, double x);
/* TS-AMB-38: lays the unit out from its anchor and facing. */
void          ts_layout             (TsMatch *m, TsUnit *u);
guint         ts_layout_at          (const TsMatch *m, const TsUnit *u, TsForm form, int stands,
                                     MuPoint anchor, double facing, MuStand *out);
/* The unit's formed stands: all but the deployed skirmishers (TS-AMB-37). */
int           ts_formed             (const TsUnit *u);
/* Stands across the front rank (TS-AMB-38). */
int           ts_width              (const TsMatch *m, const TsUnit *u, TsForm form);
int           ts_width_disorder     (const TsMatch *m, int width);
/* State dice (TS-STATE-1, TS-STATE-2, TS-STATE-5): imposed changes, with
 * their events; d may be negative (to the floor of 1). */
void          ts_add_disorder       (TsMatch *m, TsUnit *u, int d, const char *rule, GPtrArray *events);
void          ts_add_stress         (TsMatch *m, TsUnit *u, int s, const char *rule, GPtrArray *events);
void          ts_lose_stand         (TsMatch *m, TsUnit *u, const char *rule, GPtrArray *events);
/* TS-STATE-3, TS-AMB-55: the commander's chaos floor. */
int           ts_chaos_floor        (const TsMatch *m, const TsUnit *cmdr);
/* Imposed chaos, stopping at 6 (TS-AMB-54); d may be negative (to the floor). */
void          ts_add_chaos          (TsMatch *m, TsUnit *cmdr, int d, const char *rule, GPtrArray *events);
void          ts_add_elan           (TsMatch *m, int side, int d, const char *rule, GPtrArray *events);
gboolean      ts_end_phase          (TsMatch *m, GPtrArray *events, GError **error);
/* The commander step ends when a unit acts (TS-CDR-1). */
void          ts_begin_units        (TsMatch *m, GPtrArray *events);
gboolean      ts_check_invariants   (TsMatch *m, GError **error);
/* The smoke markers again as the table state shows them. */
void          ts_smoke_sync         (TsMatch *m);
/* Distance from a unit's formed stands to a point / to another unit's (TAB-9). */
double        ts_unit_distance      (const TsUnit *a, const TsUnit *b);
/* Whether every stand lies on the table. */
gboolean      ts_on_table           (const TsMatch *m, const MuStand *st, guint n);

/* toy-soldiers-cdr.c ---------------------------------------------------------------- */

gboolean      ts_apply_commander    (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* The commander's stand (attached: at his unit's command stand, TS-AMB-57). */
MuStand       ts_commander_stand    (const TsMatch *m, const TsUnit *cmdr);
/* He leaves his unit where he stands (TS-AMB-57). */
void          ts_detach             (TsMatch *m, TsUnit *c);
/* TAB-18, TS-AMB-53: out of play from where it stands, counted as dispersed. */
void          ts_off_table          (TsMatch *m, TsUnit *u);
gboolean      ts_rally_again        (TsMatch *m, int cmdr, gboolean yes, GPtrArray *events);
gboolean      ts_commander_contact  (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
/* TS-AMB-57: after a lone commander's contact by u's charge stage (a
 * TS_ACT_CHARGE), the others it met, then the charge goes on. */
void          ts_charge_met         (TsMatch *m, TsUnit *u, GPtrArray *events);
gboolean      ts_commander_escape   (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
void          ts_commander_reroll   (TsMatch *m, gboolean yes, const TsDecision *d, GPtrArray *events);

/* toy-soldiers-act.c ---------------------------------------------------------------- */

gboolean      ts_apply_unit         (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* The action types the unit may take now, and what each costs. */
gboolean      ts_may_act            (const TsMatch *m, const TsUnit *u, TsAction a, int disorder,
                                     GError **error);
/* The labels of a decision's answers, as many as answers (an entry NULL:
 * none), or NULL when it has none; the strings are static. */
GPtrArray        *ts_answer_labels_for (const char *decision, const char *const *answers);
gboolean      ts_apply_form         (TsMatch *m, TsUnit *u, const MuCommand *c, int stage, GPtrArray *events,
                                     GError **error);
gboolean      ts_enemy_near         (const TsMatch *m, const TsUnit *u, const MuStand *st, double d);

/* After a move: the optional volley, then the threats. */
void          ts_move_done          (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
/* The end of a move after its obstruction: lone commanders contacted,
 * skirmishers' roll-off, then (ts_move_volley) the optional volley. */
void          ts_move_on            (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
void          ts_move_volley        (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);

/* toy-soldiers-decide.c ------------------------------------------------------------- */

gboolean      ts_choose             (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
void          ts_decision_clear     (TsDecision *d);
void          ts_decision_copy      (const TsDecision *from, TsDecision *to);
const MuDecision *ts_decision_view  (TsMatch *m);
/* Opens a decision; answers NULL-terminated (copied). */
void          ts_decide             (TsMatch *m, TsDecideKind kind, int side, int unit, const char *rule,
                                     const char *const *answers, GPtrArray *events, const char *format,
                                     ...) G_GNUC_PRINTF (8, 9);
/* Opens a decision of u's whose answers are the target units' ids, then
 * the blocks' (may be NULL), then none; format holds one %s, u's name. */
void          ts_decide_units       (TsMatch *m, TsDecideKind kind, TsUnit *u, GPtrArray *targets,
                                     GPtrArray *blocks, const char *rule, GPtrArray *events, const char *format);
/* TS-ACT-4, TS-AMB-63: the unit's threats (threat, then cavalry-threat). */
void          ts_offer_threats      (TsMatch *m, TsUnit *u, GPtrArray *events);
/* After an action: its threats (TS-ACT-4), then nothing. */
void          ts_after_action       (TsMatch *m, TsUnit *u, GPtrArray *events);

/* toy-soldiers-pass.c --------------------------------------------------------------- */

/* TS-POL-1, TS-AMB-51: whether u may pass `passed` on this move (r its
 * result among the friends); *contact the pose where it first touches. */
gboolean      ts_passage_allowed    (const TsMatch *m, const TsUnit *u, const TsUnit *passed,
                                     const MuMoveStep *steps, guint n, const MuMoveUnit *mu,
                                     const MuMoveParams *p, const MuMoveResult *r, TsPose *contact,
                                     GError **error);
/* After the move: the permission roll; TRUE when a decision is open. */
gboolean      ts_passage            (TsMatch *m, TsUnit *u, TsUnit *passed, TsAction a,
                                     const TsPose *contact, MuPos from, GPtrArray *events);
void          ts_passage_answer     (TsMatch *m, TsDecideKind kind, TsUnit *u, const char *answer,
                                     const TsDecision *d, GPtrArray *events);

/* The unit step's functions that reorder and skirmishers share (toy-soldiers-act.c). */
void          ts_take_action        (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
guint         ts_blockers           (const TsMatch *m, const TsUnit *u, MuStand *out, guint max,
                                     gboolean enemies_only);
void          ts_move_params        (const TsMatch *m, const TsUnit *u, TsAction a, double allowance,
                                     MuMoveParams *p);

/* toy-soldiers-reorder.c ------------------------------------------------------------ */

gboolean      ts_apply_reorder      (TsMatch *m, TsUnit *u, GPtrArray *events, GError **error);
/* TS-REO-1 without the action: disorder -off, smoke, the die (a charge's reorders). */
void          ts_reorder_body       (TsMatch *m, TsUnit *u, int off, GPtrArray *events);
int           ts_roll_reorder       (TsMatch *m, TsUnit *u, GPtrArray *events);
/* TS-AMB-62: whether u may reroll its reorder die (an attached
 * commander, or Berate within 6"). */
gboolean      ts_reorder_may_reroll (const TsMatch *m, const TsUnit *u);
/* TS-REO-1 from the die's total on, then TS-REO-3's decisions. */
void          ts_reorder_remove     (TsMatch *m, TsUnit *u, int total, GPtrArray *events);
/* TS-AMB-52: whether the stands overlap another unit's formed stands, a
 * village block or impassable ground. */
gboolean      ts_stands_blocked     (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n);
/* TS-REO-3, TS-AMB-52: the withdrawal by the stress left, back or away. */
void          ts_withdraw           (TsMatch *m, TsUnit *u, gboolean away, GPtrArray *events);
/* TS-OBS-1, TS-AMB-52: after a withdrawal's step from start of dist, its
 * blocked places (others: what blocked it before the move). */
void          ts_blocked_withdrawal (TsMatch *m, TsUnit *u, MuPoint start, double dist, const MuStand *others,
                                     guint n_others, GPtrArray *events);

/* toy-soldiers-skirmish.c ---------------------------------------------------------- */

gboolean      ts_apply_skirmish     (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
gboolean      ts_policy_avoid       (gpointer state, const GPtrArray *commands, const MuCommand *c);
/* TS-AMB-81: the skirmish stands follow their unit's move rigidly, then
 * come within 4" of the command stand. */
void          ts_skirm_follow       (TsMatch *m, TsUnit *u, MuPoint old_anchor, double old_facing);
/* Enemy skirmish stands within d table units of the stands (TS-SKM-4). */
int           ts_enemy_skirm_near   (const TsMatch *m, int side, const MuStand *st, guint n, double d);
/* TS-OBS-2, TS-AMB-82: the first enemy skirmish stand u's last move met
 * and still stands near; opens the decision `obstruction`. */
gboolean      ts_obstruction        (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
gboolean      ts_skirm_touch        (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events);
void          ts_skirm_back         (TsMatch *m, int inches, const TsDecision *d, GPtrArray *events);
void          ts_obstruction_answer (TsMatch *m, TsUnit *u, const char *answer, const TsDecision *d,
                                     GPtrArray *events);
/* TS-SKM-8: sharp shooting after u fires. */
void          ts_sharp_shooting     (TsMatch *m, TsUnit *u, GPtrArray *events);

/* toy-soldiers-fire.c --------------------------------------------------------------- */

/* TS-FIRE, TS-RCV, TS-AMB-43, TS-AMB-60: u fires at t; mod -1 weak, -2
 * ragged; TRUE when a die was effective. check: refuse without firing
 * when no stand can. */
gboolean      ts_can_fire           (TsMatch *m, const TsUnit *u, const TsUnit *t, GError **error);
gboolean      ts_fire               (TsMatch *m, TsUnit *u, TsUnit *t, int mod, GPtrArray *events);
/* TS-AMB-42 (b): t is to u's front (a whole formed stand in its arc). */
gboolean      ts_to_front           (const TsMatch *m, const TsUnit *u, const TsUnit *t);
/* Enemies u may fire at now. */
GPtrArray    *ts_fire_targets       (TsMatch *m, const TsUnit *u);
/* TS-AMB-59 */
gboolean      ts_smoke_on           (const TsMatch *m, const TsUnit *u, gboolean front_only);
/* TS-CDR-10: a commander hit by u's fire. */
void          ts_commander_hit      (TsMatch *m, TsUnit *c, const TsUnit *by, GPtrArray *events);
void          ts_commander_casualty (TsMatch *m, TsUnit *c, const TsUnit *by, const char *rule,
                                     GPtrArray *events);
/* TS-THR, TS-AMB-63: the enemies u may threaten (cavalry: the extra threat). */
GPtrArray    *ts_threat_targets     (const TsMatch *m, const TsUnit *u, gboolean cavalry);

/* toy-soldiers-charge.c, toy-soldiers-charge-react.c ------------------------------- */

TsCharge     *ts_charge_copy        (const TsCharge *c);
void          ts_charge_free        (TsCharge *c);
/* charge, launch, abort and end-phase while a charge is declared or under way */
gboolean      ts_charge_apply       (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* Whether the command belongs to the charge: one is being declared or
 * carried out, or the command declares one. */
gboolean      ts_charge_owns        (const TsMatch *m, const MuCommand *c);
/* Answers to the charge's own decisions. */
void          ts_charge_answer      (TsMatch *m, TsDecideKind kind, const char *answer, const TsDecision *d,
                                     GPtrArray *events);
/* The disparity's subset answer (TS-AMB-68): checked, then applied. */
gboolean      ts_charge_check_answer (TsMatch *m, const MuCommand *c, GError **error);
void          ts_charge_answer_subset (TsMatch *m, const MuCommand *c, GPtrArray *events);
/* Contact resolution (and melee) of a wave's conflicts is over: the
 * charge goes on with its following chargers, or ends (TS-AMB-67). */
void          ts_charge_contact_done (TsMatch *m, GPtrArray *events);
/* A decision chain that a charge began (a reaction's or an abort's
 * reorder) has ended: the charge goes on. FALSE when no charge is under
 * way (the ordinary threats follow). */
gboolean      ts_charge_resume      (TsMatch *m, GPtrArray *events);
/* TS-AMB-62: a target of a charge, from its declaration to the end of its resolution. */
gboolean      ts_charge_target      (const TsMatch *m, const TsUnit *u);
/* The view's plan (MuCounterView.plan) of a charger or counter-charger
 * whose charge is declared and not yet in contact resolution: its path
 * from where it stands, turned to its contact facing (TS-AMB-65), to its
 * contact pose (TS-AMB-64), and its stands there. Declarations are open,
 * so both sides see it. Nothing for any other unit. */
void          ts_charge_plan        (const TsMatch *m, const TsUnit *u, MuCounterView *v);
/* TS-CHG-3a: the volley being fired is a 12" reaction (no TS-RCV-2 stress on chargers). */
gboolean      ts_charge_no_return_stress (const TsMatch *m);
/* The --state position's charge stage whose window is open (3, 4, 6, 7), 0. */
int           ts_charge_stage       (const TsMatch *m);
/* The turn structure's path of the charge's step that waits now
 * ("player-turn/charge/react-6"), contact resolution's step included;
 * NULL when no charge is under way or it is over (its threats). Static
 * strings. */
const char   *ts_charge_path        (const TsMatch *m);
/* The defender's windows (TS-CHG-3, TS-CHG-6; MuRuleset reactions). */
gboolean      ts_charge_window      (TsMatch *m, MuReactionWindow *window);
GPtrArray    *ts_charge_reactions   (TsMatch *m);
gboolean      ts_charge_react       (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
void          ts_charge_window_closed (TsMatch *m, GPtrArray *events);
/* The charge's commands the simulator may give now (of MuCommand*). */
void          ts_charge_legal       (TsMatch *m, GPtrArray *out);
/* Declarations the simulator may make for u (appended to out). */
void          ts_charge_legal_declare (TsMatch *m, TsUnit *u, GPtrArray *out);

/* toy-soldiers-rout.c -------------------------------------------------------------- */

/* TS-GEN-7, TS-AMB-53: u routs, with extra_stress by the procedure that
 * routed it. */
void          ts_rout               (TsMatch *m, TsUnit *u, int extra_stress, GPtrArray *events);
/* The two halves of a rout, for procedures that add their own effects
 * between them (TS-CR-10, TS-MEL-3): the move, its event and disorder 6
 * (rule); then the side's élan (elan_rule), friends' stress (TS-GEN-7)
 * and the attached commander's risk (TS-CDR-12). */
typedef struct {
  MuStand start[MU_STANDS_MAX];
  guint n_start;
  int cmdr;                    /* the commander attached at the start, TS_NONE */
  MuStand cs;                  /* his stand then */
  gboolean off;                /* it left the table (TAB-18) */
} TsRouting;
void          ts_rout_move          (TsMatch *m, TsUnit *u, const char *rule, TsRouting *r, GPtrArray *events);
void          ts_rout_after         (TsMatch *m, TsUnit *u, const char *elan_rule, const TsRouting *r,
                                     GPtrArray *events);

/* toy-soldiers-check.c ------------------------------------------------------------- */

/* TS-AMB-88: MuRuleset.check_scenario. */
void          ts_check_scenario     (const MuScenario *scenario, GPtrArray *problems);
/* TS-AMB-78: MuRuleset.side_hint, "N points: élan E". */
char         *ts_side_hint          (const MuScenario *scenario, const char *side);

/* toy-soldiers-village.c ----------------------------------------------------------- */

void          ts_blocks_init        (TsMatch *m);
/* The blocks' garrisons again as the table state shows them. */
void          ts_blocks_sync        (TsMatch *m);
TsBlock      *ts_block_at           (const TsMatch *m, int i);
/* The block of that area id, TS_NONE. */
int           ts_block_find         (const TsMatch *m, const char *id);
/* Whether the whole battalion, command stand and all, is in a block. */
gboolean      ts_garrisoned         (const TsMatch *m, const TsUnit *u);
int           ts_garrison_companies (const TsMatch *m, const TsUnit *u);
gboolean      ts_apply_block        (TsMatch *m, int block, const MuCommand *c, GPtrArray *events,
                                     GError **error);
void          ts_garrison_destroy   (TsMatch *m, int block, int companies, GPtrArray *events);
/* TS-REO-7: the garrison's reorder without its action (a charge's
 * reaction, TS-CHG-3c, TS-CHG-6c); mod on its die. */
void          ts_block_reorder_body (TsMatch *m, int block, int mod, GPtrArray *events);
/* TAB-9 from the stands to the block's polygon. */
double        ts_block_distance     (const TsMatch *m, int block, const MuStand *st, guint n);
/* One company of the garrison lost (the command stand last). */
void          ts_block_lose         (TsMatch *m, int block, const char *rule, GPtrArray *events);
/* TS-AMB-85: the garrison of the block as a unit of thin stands, one on
 * the outside of each face, facing out; FALSE when it holds none. */
gboolean      ts_block_faces        (const TsMatch *m, int block, TsUnit *out);
/* TS-STATE-5: a battalion dispersed outside loses its companies in a
 * block too (to its lost pool, no event of their own). */
void          ts_garrison_disband   (TsMatch *m, TsUnit *u);
/* TS-VIL-2: stress on the garrison's own die. */
void          ts_block_add_stress   (TsMatch *m, int block, int s, const char *rule, GPtrArray *events);
/* garrison UNIT BLOCK N [command], leave BLOCK [POSE] (TS-VIL-1, TS-VIL-3). */
gboolean      ts_apply_garrison     (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* garrison UNIT BLOCK N [command] as a command, or (in_contact) as the
 * answer to TS-CR-11's advance that ts_contact_garrison checked. */
gboolean      ts_garrison_enter     (TsMatch *m, const MuCommand *c, gboolean in_contact, GPtrArray *events,
                                     GError **error);
/* TS-VIL-1, TS-AMB-85: every garrison command u might give to enter block
 * bi, unchecked (the caller dry-runs each); owned by the caller. */
GPtrArray    *ts_garrison_forms     (const TsMatch *m, const TsUnit *u, int bi);
/* TS-CR-11, TS-VIL-1: whether u, a winner asked where it advances, may
 * put companies into some village block instead (by a form of
 * ts_garrison_forms, as the legal commands list them). */
gboolean      ts_garrison_may_advance (TsMatch *m, const TsUnit *u);
/* The ids of the enemy's garrisoned blocks u may fire at now. */
GPtrArray    *ts_block_fire_targets (TsMatch *m, const TsUnit *u);
/* TS-THR-2, TS-AMB-63: the ids of the enemy's garrisoned blocks to the
 * cavalry's front within 12" (a garrison, all round, is never threatened
 * under TS-THR-1). */
GPtrArray    *ts_block_threat_targets (const TsMatch *m, const TsUnit *u);
/* The block whose garrison holds the point, TS_NONE. */
int           ts_block_at_point     (const TsMatch *m, MuPoint p);

/* toy-soldiers-contact.c, toy-soldiers-melee.c ------------------------------------ */

/* TS-CHG-13: the charge hands its conflicts over (copied), in the order
 * they are resolved (TS-AMB-71). A pair with neither defender nor block
 * is a charger left without a foe (TS-AMB-69): it takes only TS-CR-11's
 * advance. Contact resolution and melee run until
 * a decision is pending or every conflict is done; m->contact is NULL
 * again once they are all done, after ts_contact_begin or after any later
 * command (the charge sequence goes on from there: it finds m->contact
 * NULL with no decision pending). */
void          ts_contact_begin      (TsMatch *m, const TsConflict *conflicts, guint n, GPtrArray *events);
TsContact    *ts_contact_copy       (const TsContact *c);
/* The turn structure's path of the step contact resolution is at
 * ("player-turn/charge/contact/step-3", ".../melee"). Static. */
const char   *ts_contact_path       (const TsContact *c);
void          ts_contact_free       (TsContact *c);
/* The pending TS_DECIDE_CONTACT decision as the front ends read it. */
void          ts_contact_view       (const TsMatch *m, MuDecision *view);
/* `choose` while a TS_DECIDE_CONTACT decision is pending; events NULL:
 * only whether it is legal. */
gboolean      ts_contact_choose     (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);
/* TS-CR-11, TS-AMB-75: `garrison UNIT BLOCK N [command]` while UNIT is
 * asked `cr-advance`, the winner's entry into a village instead of its
 * advance. */
gboolean      ts_contact_garrison   (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* toy-soldiers-legal.c -------------------------------------------------------------- */

GPtrArray    *ts_legal_commands     (TsMatch *m);
/* A change of formation in place: the command stand's front-edge
 * midpoint and the unit's facing (TS-AMB-49). */
MuPos         ts_form_pose_in_place (const TsMatch *m, const TsUnit *u);

G_END_DECLS
