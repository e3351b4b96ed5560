/* toy-soldiers-charge.h: the state of a charge, shared by the files of
 * the charge sequence only (toy-soldiers-charge.c, the stages and the
 * attacker's steps; -charge-declare.c, the declaration; -charge-geom.c,
 * poses and slides; -charge-stages.c, stages 8 to 13;
 * toy-soldiers-charge-react.c, the defender's reactions at 12" and 6"). */
#pragma once

#include "toy-soldiers-private.h"

G_BEGIN_DECLS

typedef struct {
  int unit;                    /* the charger */
  int target;                  /* its target unit, TS_NONE for a block */
  int block;                   /* a garrisoned block charged (TS-AMB-85), TS_NONE */
  TsPose contact;              /* its contact pose (TS-AMB-64) */
  TsPose start;                /* where its slides start: its anchor at the declaration,
                                * turned to the contact facing (TS-AMB-65) */
  double at;                   /* the stage distance it counts as being at (TS-AMB-65), < 0: none */
  gboolean out;                /* no longer charging: aborted, balked or stopped */
  gboolean wave;               /* among the chargers running stages 7-13 now (TS-AMB-67) */
  gboolean done;               /* its wave has gone on to contact resolution */
  gboolean countered;          /* a counter-charger is on it (TS-CHG-6d) */
} TsCharger;

typedef struct {
  int unit;                    /* the counter-charger */
  int charger;                 /* the charger it counter-charges (a unit) */
  TsPose contact;              /* its contact pose (TS-AMB-64), drawn as its plan */
} TsCounter;

typedef struct {
  int battery;
  int infantry;                /* its gunners' shelter (TS-CHG-6e, TS-AMB-69) */
  TsPose shelter;              /* where the infantry stood */
} TsAbandon;

/* Where the sequence stands. */
typedef enum {
  TS_CH_DECLARE,               /* charge commands, then launch */
  TS_CH_STAGE2,                /* stage 1 moved: stages 2 and 2a next */
  TS_CH_AFTER_2A,              /* the disparity decision answered */
  TS_CH_REACT12,               /* the defender's window at stage 3 */
  TS_CH_ABORT1,                /* the attacker at stage 4 */
  TS_CH_STAGE6,                /* stage 5 moved: the lone commanders it met, then stage 6 */
  TS_CH_REACT6,                /* the defender's window at stage 6 */
  TS_CH_ABORT2,                /* the attacker at stage 7 */
  TS_CH_BALK,                  /* stage 8, charger by charger */
  TS_CH_SLIDE2,                /* stage 9, charger by charger */
  TS_CH_FLEE,                  /* stage 10, target by target */
  TS_CH_VOLLEY,                /* stage 11, target by target */
  TS_CH_CONTACT,               /* stage 13 handed over to contact resolution */
  TS_CH_THREATS,               /* over: each charger's threats (TS-AMB-36), queued */
} TsChStep;

struct TsCharge {
  int side;                    /* the charging side */
  GArray *chargers;            /* of TsCharger, in declaration order */
  GArray *counters;            /* of TsCounter (TS-CHG-6d) */
  GArray *abandoned;           /* of TsAbandon (TS-CHG-6e, TS-CHG-10) */
  GArray *queue;               /* of int: aborting units awaiting their decision */
  GArray *no_volley;           /* of int: targets that lost their final volley (TS-CHG-10) */
  GArray *met;                 /* of int: units whose stage move ended, to look for the
                                * lone commanders it met (TS-AMB-57), first first */
  TsChStep step;
  guint next;                  /* the charger or target a per-unit stage is at */
  gboolean window_done;        /* the defender ended the reaction step (end-phase) */
  gboolean aborted;            /* the attacker aborted in this abort step */
  gboolean reacting_fire;      /* a 3a volley is being fired (TS-CHG-3a) */
  gboolean used12, used6;      /* a charger moved in stage 1, in stage 5 (TS-AMB-65) */
  guint8 *reacted;             /* per unit: reacted at this stage (TS-AMB-66) */
  guint *paid;                 /* per unit (a commander): 1 << kind paid at this stage */
  guint n_units;
};

/* toy-soldiers-charge-geom.c */
double        ts_charge_angle       (double a, double b);
guint         ts_charge_layout      (const TsMatch *m, const TsUnit *u, TsPose p, MuStand *out);
const MuArea *ts_charge_block_area  (const TsMatch *m, int block);
/* TAB-9 from the stands to the target unit's formed stands or the block. */
double        ts_charge_target_distance (const TsMatch *m, const MuStand *st, guint n, int target, int block);
gboolean      ts_charge_path_blocked (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n, int skip,
                                      int skip_block);
TsPose        ts_charge_lerp        (TsPose a, TsPose b, double t);
int           ts_charge_samples     (const TsUnit *u, TsPose a, TsPose b);

gboolean      ts_charge_target_gone (const TsMatch *m, const TsCharger *c);

/* toy-soldiers-charge-stages.c: each runs one charger or target on */
void          ts_charge_balk_fail   (TsMatch *m, TsCharger *c, GPtrArray *events);
void          ts_charge_balk_next   (TsMatch *m, GPtrArray *events);
void          ts_charge_slide2_next (TsMatch *m, GPtrArray *events);
void          ts_charge_flee_next   (TsMatch *m, GPtrArray *events);
void          ts_charge_volley_next (TsMatch *m, GPtrArray *events);
/* TS-AMB-69: the infantry the battery's gunners may shelter with, or NULL. */
TsUnit       *ts_charge_shelter     (TsMatch *m, const TsUnit *b);

/* toy-soldiers-charge-declare.c */
/* charge UNIT TARGET POSE: one charger declared (TS-CHG-0, TS-AMB-64). */
gboolean      ts_charge_declare     (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error);

/* toy-soldiers-charge.c */
TsCharge     *ts_charge_new         (const TsMatch *m, int side);
TsCharger    *ts_charge_charger_of  (TsMatch *m, const TsUnit *u);
/* The distinct targets of the active chargers (of the wave only), in
 * declaration order: unit indices, or -2 - block for a village block. */
GArray       *ts_charge_targets     (const TsMatch *m, gboolean wave_only);
const TsUnit *ts_charge_target_unit (const TsMatch *m, int id);
TsCharger    *ts_charger_at         (TsCharge *ch, guint i);
/* Whether u is a target of an active charger (garrisons by their block). */
gboolean      ts_charge_is_target   (const TsMatch *m, const TsUnit *u);
/* TS-AMB-67: the lead chargers of each target, among the active chargers
 * of the wave (all active ones before stage 7). */
gboolean      ts_charge_is_lead     (const TsMatch *m, const TsCharger *c);
/* TAB-9: a charger's distance to its target, or its stage distance. */
double        ts_charger_distance   (const TsMatch *m, const TsCharger *c);
/* TS-AMB-64: the pose, path and room of one charger; FALSE with a refusal. */
gboolean      ts_charge_pose_ok     (TsMatch *m, TsUnit *u, int target, int block, TsPose contact,
                                     gboolean counter, GError **error);
/* Slides u along its charge line to `dist` from its target (TS-AMB-65). */
gboolean      ts_charge_slide       (TsMatch *m, TsUnit *u, TsPose start, TsPose contact, int target,
                                     int block, double dist, const char *text, const char *rule,
                                     GPtrArray *events);
/* Runs the sequence on until it needs a command or an answer. */
void          ts_charge_run         (TsMatch *m, GPtrArray *events);
/* TS-CHG-6e, TS-CHG-10: the battery's gunners shelter with inf. */
void          ts_charge_abandon     (TsMatch *m, TsUnit *b, TsUnit *inf, const char *rule, GPtrArray *events);
gboolean      ts_charge_abandoned   (const TsMatch *m, int unit);
/* TS-CHG-0, TS-AMB-64: whether u may charge (or counter-charge) the
 * target: not artillery, not square, within reach, to its front. */
gboolean      ts_charge_may         (TsMatch *m, TsUnit *u, int target, int block, GError **error);
/* A contact pose for u on the target, straight ahead or turned toward
 * it, that TS-AMB-64 accepts; FALSE when none is found. */
gboolean      ts_charge_find_pose   (TsMatch *m, TsUnit *u, int target, int block, gboolean counter,
                                     TsPose *pose);
/* TS-CHG-13: the wave's conflicts, handed to contact resolution. */
void          ts_charge_group       (TsMatch *m, GPtrArray *events);

G_END_DECLS
