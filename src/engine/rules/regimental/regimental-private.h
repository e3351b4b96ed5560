/* regimental-private.h: the runtime state of a match of the regimental
 * quick-reference rules on a table (rules digest
 * ../shared/rules/regimental.md, with table-conventions.md)
 *
 * Shared by the modules of the ruleset:
 *   regimental.c        the ruleset tables (described and in progress), views
 *   regimental-decl.c   fields, formations, markers, statuses, verbs, events
 *   regimental-data.c   data/rules/regimental.xml and the missing-table decisions
 *   regimental-turn.c   set-up, the ten steps, orders, victory, invariants
 *   regimental-fire.c   fire combat (QRS-FIRE-*)
 *   regimental-morale.c morale checks, rally, replacement, officers
 *
 * Sides are indices into side_id (the scenario's order); order[] is the
 * turn's order after initiative. A refusal returns FALSE with
 * MU_ERROR_ILLEGAL and "REASON (RULE-ID)", changing nothing and rolling no
 * die.
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-rules-data.h"
#include "mu-rules-kit.h"
#include "mu-scenario.h"
#include "mu-table-layout.h"
#include "mu-table-los.h"
#include "mu-table-move.h"
#include "mu-table-stand.h"
#include "mu-table-terrain.h"

G_BEGIN_DECLS

#define QRS_SIDES 2
#define QRS_NONE (-1)

typedef enum {
  QRS_ARM_INF,
  QRS_ARM_CAV,
  QRS_ARM_ART,
  QRS_ARM_OFFICER,
} QrsArm;

typedef enum {
  QRS_GOOD,
  QRS_SHAKEN,
  QRS_ROUTED,
} QrsMorale;

/* §1.3: the order markers; NONE before step 1 and for routed units. */
typedef enum {
  QRS_ORDER_NONE,
  QRS_ORDER_H,
  QRS_ORDER_FM,
  QRS_ORDER_FR,
  QRS_ORDER_C,
  QRS_ORDER_CH,
  QRS_ORDER_M,
  QRS_ORDER_D,
  QRS_ORDER_N
} QrsOrder;

/* QRS-AMB-58: the formations, in the order of the `formation` field. */
typedef enum {
  QRS_FORM_SINGLE_LINE,
  QRS_FORM_EXTENDED_LINE,
  QRS_FORM_DOUBLE_LINE,
  QRS_FORM_ATTACK_COLUMN,
  QRS_FORM_SKIRMISH_LINE,
  QRS_FORM_MARCH_COLUMN,
  QRS_FORM_COLUMN,
  QRS_FORM_DISMOUNTED,
  QRS_FORM_LIMBERED,
  QRS_FORM_UNLIMBERED,
  QRS_FORM_N
} QrsForm;

/* The steps of §2, numbered as the sheet numbers them (the --state
 * line's phase=); 0 is the turn's start (initiative). */
enum {
  QRS_STEP_START = 0,
  QRS_STEP_ORDERS = 1,
  QRS_STEP_RALLY = 2,
  QRS_STEP_REVEAL = 3,
  QRS_STEP_FIRST_FIRE = 4,
  QRS_STEP_DISENGAGE = 5,
  QRS_STEP_CHARGES = 6,
  QRS_STEP_MOVEMENT = 7,
  QRS_STEP_MOVING_FIRE = 8,
  QRS_STEP_OFFICERS = 9,
  QRS_STEP_END = 10,
};

typedef struct {
  const MuCounter *def;
  int side;
  QrsArm arm;
  int quality;                 /* 0 elite .. 3 militia */
  int bmp;                     /* QRS-MOR-1 */
  QrsForm form;
  int weapon;                  /* index into qrs_weapon_ids */
  int stands;                  /* stands (sections) on the table */
  int stands_lost;
  int figures_lost;            /* QRS-AMB-74 */
  int horses_lost;
  gboolean removed;
  gboolean disordered, ammo_low;
  QrsMorale morale;
  QrsOrder order, release;     /* CH's written release order (QRS-AMB-42) */
  gboolean revealed;           /* its order is shown to the other side */
  gboolean fired;              /* fired this turn outside the charge volleys */
  gboolean moved;              /* moved in step 7 (QRS-AMB-60) */
  gboolean refused;            /* refused a flank this turn (QRS-AMB-43) */
  int charge_target;           /* named at step 3 (QRS-ORD-3), QRS_NONE */
  gboolean target_named;       /* step 3 has dealt with it */
  gboolean charged;            /* has made its charge in step 6 */
  int fired_at;                /* the unit it last fired at this turn (QRS-AMB-67), QRS_NONE */
  int hits;                    /* QRS-AMB-76: M and missed 1* this turn */
  double facing;
  double width, depth;
  MuStand stand[MU_STANDS_MAX];
  guint n_stands;
  /* officers */
  int parent;                  /* the counter up the order of battle, or QRS_NONE */
  int rating;
  gboolean brigade;
  int suspended;               /* whole turns without benefits left (QRS-AMB-81) */
  int suspend_next;            /* set by a wound, starts at the next turn */
  int wound;                   /* 1 minor, 2 serious while it suspends him (QRS-OFF-2) */
} QrsUnit;

/* A fire being resolved: it may wait for a missing-table answer. */
typedef struct {
  gboolean active;
  int firer, target;
  gboolean rapid, hold;        /* rapid fire; a hold fire (its checks at once) */
  int fixed_dice;              /* the volleys after impact: 2 (QRS-AMB-70); 0 the usual */
  int stage;                   /* 0 modifiers, 1 rolled, 2 result read */
  int dice, total;
  int flank;                   /* 0 front, 1 partial, 2 full flank, 3 rear (QRS-AMB-48) */
  gboolean disordered;         /* the target when the fire is resolved (QRS-AMB-49) */
  char result[8];              /* the table's entry: a number, "M" or "1*" */
} QrsFire;

/* A move waiting for its row's rates (QRS-AMB-33). */
typedef struct {
  gboolean active;
  int unit;
  MuMoveStep steps[16];
  guint n_steps;
  int form_at;                 /* the form step's place, -1 none (QRS-AMB-59) */
  QrsForm form;
} QrsMove;

/* A charge being resolved (QRS-CHG-1..6): it waits while its volley
 * asks for a value. Lengths in table units along the anchor's path. */
typedef struct {
  gboolean active;
  int charger, target;
  int stage;                   /* -1 declared, waiting for hold fires (QRS-AMB-41) */
  MuPoint start;               /* the anchor's pose at the declaration */
  double start_facing;
  guint n_stands;
  MuMoveStep steps[16];        /* the path, as a move's (QRS-AMB-65) */
  guint n_steps;
  double length, cost, allowance;
  double move_length;          /* the length at which the path uses the normal move */
  double reach, disorder_at, volley, volley_at;
} QrsCharge;

/* One unit's fight in the melee round (QRS-AMB-73). */
typedef struct {
  int unit, target;
  gboolean several;            /* touches several enemy units: its side chooses */
  int dice, total;
  char result[8];
} QrsFight;

typedef struct {
  gboolean active;
  int stage;                   /* 0 before the rolls, 1 reading the table */
  guint next;                  /* the next fight to read */
  GArray *fights;              /* of QrsFight */
  GArray *fought;              /* of int pairs: unit, target that have fought a round */
} QrsMelee;

/* A missing-table question (QRS-AMB-28). */
typedef struct {
  char *id;                    /* "crt", "fire-drm", "weapon-value" */
  char *table, *key;
  int side;
  char *subject;
  char *question, *shown;
  GPtrArray *answers;          /* of char*, NULL-terminated */
  MuDecision view;
} QrsAsk;

typedef struct {
  const MuScenario *scenario;
  const MuRuleset *ruleset;
  MuDice *dice;
  MuTerrainIndex *terrain;
  const MuRulesData *data;     /* the file's tables, kept for the process */
  GHashTable *filled;          /* "TABLE/KEY" -> answered value (QRS-AMB-28) */
  const char *side_id[QRS_SIDES + 1];
  int order[QRS_SIDES];
  const char *order_id[QRS_SIDES + 1];
  GPtrArray *units;            /* of QrsUnit*, scenario order */
  int bound, last_bound;
  int step;
  int part;                    /* 0 or 1: whose part of a step both sides act in */
  gboolean finished;
  int winner;
  int score[QRS_SIDES];
  char *level;
  char **owner;                /* objectives' owners (side ids, static) */
  GArray *checks;              /* of int quadruples: unit, flank, disordered, cause (QRS-AMB-40) */
  QrsFire fire;
  QrsMove move;
  QrsCharge charge;
  QrsMelee melee;
  gboolean in_melee;            /* the checks of a melee round are taken (QRS-AMB-73) */
  QrsAsk ask;
  guint rate_assumed;          /* while finding the rates a move needs: 1 << class
                                * for unknown rates taken as open ground (the road
                                * as a rate no path reaches) */
  int combat_dice;
  int figures_per_stand;
  gboolean check_events;
  char *event_failure;
  GArray *counter_views;
  GArray *objective_views;
} QrsMatch;

#define QRS_FOR_UNITS(m, u) \
  for (guint u##_i = 0; u##_i < (m)->units->len; u##_i++) \
    for (QrsUnit *u = g_ptr_array_index ((m)->units, u##_i); u; u = NULL)

/* regimental-decl.c */
#define QRS_N_FIELDS 9
#define QRS_N_MARKERS 16
#define QRS_N_STATUSES 3
#define QRS_N_VERBS 8
#define QRS_N_EVENT_KINDS 20
extern const MuFieldInfo qrs_fields[QRS_N_FIELDS];
extern const MuFormationShape qrs_formation_shapes[QRS_FORM_N];
extern const MuMarkerInfo qrs_markers[QRS_N_MARKERS];
extern const MuStatusInfo qrs_statuses[QRS_N_STATUSES];
extern const MuVerbInfo qrs_verbs[QRS_N_VERBS];
extern const MuEventKindInfo *const qrs_event_kinds[QRS_N_EVENT_KINDS];
#define QRS_N_EVENT_WORDS 8
extern const MuEventWordInfo qrs_event_words[QRS_N_EVENT_WORDS];
extern const MuEventKindInfo qrs_ev_initiative, qrs_ev_order, qrs_ev_casualties, qrs_ev_special,
  qrs_ev_low_ammo, qrs_ev_stand_lost, qrs_ev_removed, qrs_ev_morale, qrs_ev_filled, qrs_ev_wound,
  qrs_ev_replaced, qrs_ev_horse, qrs_ev_crew, qrs_ev_move, qrs_ev_fall_back, qrs_ev_formation,
  qrs_ev_charge, qrs_ev_charge_target, qrs_ev_volley_point, qrs_ev_impact;
extern const char *const qrs_weapon_ids[];
const char  *qrs_order_word   (QrsOrder order);
gboolean     qrs_order_parse  (const char *word, QrsOrder *order);
const char  *qrs_form_id      (QrsForm form);
gboolean     qrs_form_parse   (const char *word, QrsForm *form);

/* regimental.c: the other side's hold fires now (of MuCommand*); with
 * `acted`, none unless one of them may fire at it (QRS-AMB-41) */
GPtrArray   *qrs_hold_fires   (QrsMatch *m, int side, const QrsUnit *acted);

/* regimental-check.c */
void         qrs_check_scenario (const MuScenario *scenario, GPtrArray *problems);

/* regimental-data.c */
const MuRulesData *qrs_data_load (void);
/* The value of TABLE KEY: the file's, else the match's answer; NULL when
 * neither has it. */
const char  *qrs_value        (QrsMatch *m, const char *table, const char *key);
/* Opens the missing-table decision for TABLE KEY unless answered. */
void         qrs_ask          (QrsMatch *m, const char *id, const char *table, const char *key,
                               int side, const char *subject, const char *what, GPtrArray *events);
gboolean     qrs_answer       (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                               GError **error);
void         qrs_ask_clear    (QrsAsk *ask);
void         qrs_ask_view     (QrsAsk *ask, const QrsMatch *m);
void         qrs_ask_copy     (const QrsAsk *from, QrsAsk *to);
double       qrs_number       (QrsMatch *m, const char *table, const char *key, double fallback);

/* regimental-turn.c */
void         qrs_after_reveal (QrsMatch *m, GPtrArray *events);
QrsMatch    *qrs_match_new    (const MuRuleset *ruleset, const MuScenario *scenario, MuDice *dice,
                               GPtrArray *events, GError **error);
QrsMatch    *qrs_match_copy   (const QrsMatch *m, MuDice *dice);
void         qrs_match_free   (QrsMatch *m);
MuEvent     *qrs_event        (QrsMatch *m, GPtrArray *events, const MuEventKindInfo *kind,
                               const char *subject, const char *rule);
QrsUnit     *qrs_find         (const QrsMatch *m, const char *id);
int          qrs_index        (const QrsMatch *m, const QrsUnit *u);
int          qrs_acting_side  (const QrsMatch *m);
gboolean     qrs_side_step    (const QrsMatch *m);
gboolean     qrs_apply        (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                               GError **error);
GPtrArray   *qrs_legal_commands (QrsMatch *m);
gboolean     qrs_check_invariants (QrsMatch *m, GError **error);
void         qrs_continue     (QrsMatch *m, GPtrArray *events);
gboolean     qrs_in_contact   (const QrsMatch *m, const QrsUnit *u);
void         qrs_relayout     (QrsMatch *m, QrsUnit *u);
void         qrs_scores       (const QrsMatch *m, int score[QRS_SIDES]);

/* regimental-fire.c */
gboolean     qrs_can_fire     (QrsMatch *m, const QrsUnit *u, gboolean hold, GError **error);
gboolean     qrs_fire_target_ok (QrsMatch *m, const QrsUnit *u, const QrsUnit *t, GError **error);
gboolean     qrs_apply_fire   (QrsMatch *m, const MuCommand *command, gboolean hold,
                               GPtrArray *events, GError **error);
void         qrs_fire_continue (QrsMatch *m, GPtrArray *events);
void         qrs_lose_stands  (QrsMatch *m, QrsUnit *u, int n, GPtrArray *events);
gboolean     qrs_in_sight     (QrsMatch *m, const QrsUnit *u, const QrsUnit *t);
gboolean     qrs_in_range     (QrsMatch *m, const QrsUnit *u, const QrsUnit *t);
/* The CRT's entry, NULL when it must be asked (QRS-AMB-29). */
const char  *qrs_crt_entry    (QrsMatch *m, int dice, int total);
/* Casualties on t; whether a check follows. */
gboolean     qrs_inflict      (QrsMatch *m, QrsUnit *u, QrsUnit *t, int n, GPtrArray *events);
int          qrs_flank_of     (const QrsUnit *t, const QrsUnit *u);
/* A fire outside the steps' own (a defensive volley): `dice` 0 for the
 * usual pool; its checks at once with `now`. */
void         qrs_fire_start   (QrsMatch *m, QrsUnit *u, QrsUnit *t, int dice, gboolean now,
                               GPtrArray *events);

/* regimental-cover.c: the cover group (QRS-AMB-47), best first last */
typedef enum {
  QRS_COVER_NONE,
  QRS_COVER_WOODS,
  QRS_COVER_COVER,
  QRS_COVER_HASTY,
  QRS_COVER_WORKS,
} QrsCover;
QrsCover     qrs_cover        (QrsMatch *m, const QrsUnit *u, const QrsUnit *from);
int          qrs_cover_mpm    (QrsCover c);
gboolean     qrs_uphill       (QrsMatch *m, const QrsUnit *u, const QrsUnit *from);
gboolean     qrs_behind_friends (QrsMatch *m, const QrsUnit *u);
const char  *qrs_cover_key    (QrsCover c);

/* regimental-melee.c */
void         qrs_melee_continue (QrsMatch *m, GPtrArray *events);
gboolean     qrs_answer_melee_target (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                                      GError **error);

/* regimental-charge.c */
gboolean     qrs_name_targets (QrsMatch *m, GPtrArray *events);
gboolean     qrs_answer_target (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                                GError **error);
gboolean     qrs_apply_charge (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                               GError **error);
void         qrs_charge_continue (QrsMatch *m, GPtrArray *events);
gboolean     qrs_charge_declared (const QrsMatch *m);
void         qrs_charge_resume (QrsMatch *m, GPtrArray *events);
void         qrs_legal_charges (QrsMatch *m, GPtrArray *list);
gboolean     qrs_battery_supported (QrsMatch *m, const QrsUnit *u);
int          qrs_supports     (QrsMatch *m, const QrsUnit *u, gboolean infantry, gboolean free,
                               int *sides);

/* regimental-move.c */
gboolean     qrs_apply_move   (QrsMatch *m, const MuCommand *command, GPtrArray *events,
                               GError **error);
gboolean     qrs_move_cost    (gpointer state, const MuCommand *command, double *cost,
                              double *allowance);
void         qrs_move_continue (QrsMatch *m, GPtrArray *events);
void         qrs_legal_moves  (QrsMatch *m, GPtrArray *list);
void         qrs_move_params  (QrsMatch *m, const QrsUnit *u, MuMoveParams *p);
/* The open-ground rate of its row in inches, 0 when unknown or NA. */
double       qrs_open_rate    (QrsMatch *m, const QrsUnit *u);

/* regimental-fallback.c */
int          qrs_class_of     (QrsMatch *m, const QrsUnit *u);
int          qrs_bonus_roll   (QrsMatch *m, QrsUnit *u, const char *purpose, GPtrArray *events);
MuPoint      qrs_away_from    (const QrsUnit *u, const QrsUnit *from);
double       qrs_pips_length  (QrsMatch *m, const QrsUnit *u, MuPoint dir, int pips);
QrsUnit     *qrs_nearest_enemy (const QrsMatch *m, const QrsUnit *u);
void         qrs_push         (QrsMatch *m, QrsUnit *u, MuPoint dir, double dist, gboolean turn,
                               const char *why, GPtrArray *events);
void         qrs_rout_fall_back (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, GPtrArray *events);
void         qrs_shaken_fall_back (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, GPtrArray *events);
void         qrs_rout_moves   (QrsMatch *m, GPtrArray *events);
void         qrs_disengage    (QrsMatch *m, GPtrArray *events);

/* regimental-morale.c */
int          qrs_officer_rating (const QrsMatch *m, const QrsUnit *u);
guint        qrs_officers_with (const QrsMatch *m, const QrsUnit *u, int *out, guint max);
void         qrs_carry        (QrsMatch *m, const int *officers, guint n, MuPoint from, MuPoint to);
/* A check to take: flank 0..3 of a fire (QRS-AMB-49), -1 for any other
 * cause; `cause` the unit that caused it (NULL: none, QRS-AMB-62). */
void         qrs_queue_check  (QrsMatch *m, QrsUnit *u, int flank, gboolean disordered,
                               const QrsUnit *cause);
void         qrs_run_checks   (QrsMatch *m, GPtrArray *events);
/* Table P's entries for u, named, on the target number; `from` the unit
 * whose fire or charge it faces (QRS-AMB-47), `cover` FALSE for a
 * charger in its own charge. */
guint        qrs_mp_modifiers (QrsMatch *m, const QrsUnit *u, int flank, gboolean disordered,
                               const QrsUnit *from, gboolean cover, MuRollModifier *mods);
void         qrs_set_routed   (QrsMatch *m, QrsUnit *u, const char *rule, GPtrArray *events);
void         qrs_set_shaken   (QrsMatch *m, QrsUnit *u, const char *rule, GPtrArray *events);
void         qrs_rout_now     (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, const char *rule,
                               GPtrArray *events);
void         qrs_rally        (QrsMatch *m, GPtrArray *events);
void         qrs_replacement  (QrsMatch *m, GPtrArray *events);
void         qrs_officer_casualties (QrsMatch *m, GPtrArray *events);

G_END_DECLS
