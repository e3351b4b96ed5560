/* toy-soldiers-contact.h: the state of contact resolution and melee (TS-CR,
 * TS-MEL), shared by toy-soldiers-contact*.c and toy-soldiers-melee.c only.
 *
 * A conflict's units are listed once each, the charging side's first, each
 * side in the order its units first appear in the pairs (declaration order,
 * TS-AMB-89); pairs refer to them by that index. */
#pragma once

#include "toy-soldiers-private.h"

G_BEGIN_DECLS

#define TS_CR_UNITS (2 * TS_CONFLICT_PAIRS)

/* The three tests of steps 1, 3 and 5 (TS-CR-1, TS-CR-3, TS-CR-5). */
enum { TS_CR_COMMAND, TS_CR_DISORDER, TS_CR_STRESS, TS_CR_TESTS };

typedef struct {
  int unit;                    /* the unit, or the garrison's battalion */
  int block;                   /* a garrison (TS-AMB-85): its block, else TS_NONE */
  gboolean charging;           /* of the charging side (TS-AMB-73) */
  int die[TS_CR_TESTS];        /* the natural dice, 0 not rolled */
  int mod;                     /* the command die's +1 (TS-CR-1, TS-AMB-71) */
  gboolean paid_4a, paid_4b;   /* élan paid in 4a, 4b (TS-CR-4b, TS-CR-12) */
  gboolean routed;             /* routed in step 9 or in melee */
  gboolean in_melee;           /* went to melee (TS-AMB-75) */
  gboolean won;                /* its foe routed in step 9 (TS-AMB-75) */
} TsCrUnit;

typedef struct {
  int a, d;                    /* TsCrUnit indices: the pair's attacker and defender (TsPair) */
  gboolean counter;
  gboolean ended;              /* a unit left (steps 2a-6b) or routed */
  gboolean melee;              /* step 9 sent it to melee */
} TsCrPair;

/* Where contact resolution stands. */
typedef enum {
  TS_CR_STEP1, TS_CR_2A, TS_CR_2B, TS_CR_STEP3, TS_CR_4A, TS_CR_4B, TS_CR_STEP5, TS_CR_6A, TS_CR_6B,
  TS_CR_7, TS_CR_8, TS_CR_9, TS_CR_MELEE, TS_CR_REFUND, TS_CR_ADVANCE, TS_CR_NEXT,
} TsCrStage;

/* The decision being asked (TsContact.asking). */
typedef enum {
  TS_ASK_ABORT, TS_ASK_DISENGAGE, TS_ASK_DISTANCE, TS_ASK_WAY, TS_ASK_HALT, TS_ASK_WITHDRAW,
  TS_ASK_FALL_BACK, TS_ASK_REORDER, TS_ASK_RETREAT, TS_ASK_STAKES, TS_ASK_REROLL, TS_ASK_ADVANCE,
  TS_ASK_MELEE, TS_ASK_DESTROY, TS_ASK_REORDER_REROLL, TS_ASK_N
} TsAsk;

struct TsContact {
  TsConflict *queue;           /* the conflicts handed over, resolved in order */
  guint n_queue, next;

  /* the conflict being resolved */
  TsCrUnit cu[TS_CR_UNITS];
  guint n_cu;
  TsCrPair pair[TS_CONFLICT_PAIRS];
  guint n_pairs;
  TsCrStage stage;
  int cursor;                  /* the unit (or pair, in melee) the stage has come to */
  TsAsk asking;                /* the open decision's kind */
  int subject;                 /* the unit it concerns (cu index) */
  int move;                    /* TS_ASK_WAY: which move asked it (TS_ASK_DISENGAGE, ...) */
  int distance;                /* the inches chosen for that move */
  int reorder_total;           /* a granted reorder's die with its modifiers, while its reroll is asked */
  guint want_reorder;          /* 6a: foes (cu bits) whose owner may reorder them */
  guint reorder_now;           /* units (cu bits) reordering now (TS-AMB-28), in order */
  gboolean stakes;             /* step 7 was taken */
  gboolean stakes_asked;

  /* melee (toy-soldiers-melee.c) */
  gboolean melee_open;         /* the pair at cursor is fighting */
  int pass;                    /* the cu index whose pass it is */
};

/* toy-soldiers-contact-state.c */
TsUnit       *ts_cr_unit            (const TsMatch *m, const TsContact *c, int i);
gboolean      ts_cr_alive           (const TsMatch *m, const TsContact *c, int i);
int           ts_cr_disorder        (const TsMatch *m, const TsContact *c, int i);
int           ts_cr_stress          (const TsMatch *m, const TsContact *c, int i);
/* The chaos of its commander (TS-CR-1's "regimental chaos"). */
int           ts_cr_chaos           (const TsMatch *m, const TsContact *c, int i);
/* Still in the assault: alive, with a pair not ended (TS-AMB-73). */
gboolean      ts_cr_engaged         (const TsMatch *m, const TsContact *c, int i);
/* It leaves the assault: its pairs end. */
void          ts_cr_leave           (TsContact *c, int i);
const char   *ts_cr_id              (const TsMatch *m, const TsContact *c, int i);
/* The side of the conflict's chargers (the active side when none is left). */
int           ts_cr_charging_side   (const TsMatch *m, const TsContact *c);
/* Whether a pair is still in the assault. */
gboolean      ts_cr_any_pair_left   (const TsContact *c);
/* Its foe in its first pair not ended, -1. */
int           ts_cr_foe_of          (const TsContact *c, int i);
/* The foe f as a unit to fire at (a garrison as its block's faces, in
 * *faces), NULL for none. */
TsUnit       *ts_cr_foe_target      (TsMatch *m, const TsContact *c, int f, TsUnit *faces);
/* TS-AMB-54: whether a choice adding disorder (and chaos) stays within 6. */
gboolean      ts_cr_may_add         (const TsMatch *m, const TsContact *c, int i, int disorder, int chaos);
/* The conflict k becomes the one being resolved, at its step 1. */
void          ts_cr_load            (TsMatch *m, TsContact *c, const TsConflict *k);

/* toy-soldiers-contact.c */
/* Opens the contact decision `id` for cu index i (answers NULL-terminated);
 * FALSE, asking nothing, when there is only one answer (the caller applies it). */
gboolean      ts_cr_ask             (TsMatch *m, TsAsk ask, int i, int side, const char *rule,
                                     const char *const *answers, GPtrArray *events, const char *format);
/* A rout (TS-CR-10 in step 9, TS-MEL-3 in melee) of cu index i. */
void          ts_cr_rout            (TsMatch *m, TsContact *c, int i, gboolean melee, int extra, gboolean roll,
                                     GPtrArray *events);
/* The charger's slide on along its line (TS-AMB-73: at most `limit`
 * table units; TS-AMB-76: until it touches, limit < 0). */
void          ts_cr_slide           (TsMatch *m, TsUnit *u, double limit, const char *text, const char *rule,
                                     GPtrArray *events);

/* Infantry in square facing cavalry in a pair not ended (TS-CR-5, TS-MEL-5). */
gboolean      ts_cr_square_against_horse (const TsMatch *m, const TsContact *c, int i);

/* toy-soldiers-contact-move.c */
/* TS-AMB-52: a required fall back (retreat: after an about-face) of
 * `inches`, back or away from the nearest enemy; FALSE when the unit left
 * the table (TAB-18) or was dispersed. */
gboolean      ts_cr_move            (TsMatch *m, TsUnit *u, int inches, gboolean away, gboolean retreat,
                                     const char *text, const char *rule, GPtrArray *events);
/* TS-CR-11, TS-AMB-75: whether u may advance to `to`; *out laid out there. */
gboolean      ts_cr_advance_check   (TsMatch *m, TsUnit *u, MuPoint to, TsUnit *out, GError **error);

/* toy-soldiers-melee.c */
/* TS-CR-9, TS-AMB-74: the reveal, then the routs of (a)-(c); (d) marks melees. */
void          ts_cr_step_nine       (TsMatch *m, TsContact *c, GPtrArray *events);
/* Runs the melees of the pairs step 9 sent there, from c->cursor; TRUE
 * when a decision is open. */
gboolean      ts_melee_run          (TsMatch *m, TsContact *c, GPtrArray *events);
void          ts_melee_answer       (TsMatch *m, TsContact *c, const char *answer, GPtrArray *events);

G_END_DECLS
