/* baa-chain.h: the Brothers at Arms command chain, played the same on the
 * hex board (baa-hex) and on the table (baa-table)
 *
 * Phases 1-6 of a round: control range, control roll, control NIC, command
 * range, command roll, command NIC; and the removal of the round's markers
 * at its end. Who gets orders, each roll's target and modifier, where NIC
 * markers go and the rule ids the events carry are written here once; a
 * ruleset says how far its counters are from each other (hex distance on
 * the board, a radius on the table), which commander a unit answers to,
 * and its own rule ids (BaaChainOps). Private to the engine's rulesets.
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-event.h"

G_BEGIN_DECLS

/* A commander as the chain sees it; the flags point into the ruleset's own. */
typedef struct {
  gpointer self;             /* the ruleset's commander */
  const char *id;
  int side;
  gboolean active;           /* on the map and in action */
  gboolean is_control;       /* a control (army) commander */
  gboolean exceptional;      /* always has orders */
  int leadership;
  gboolean *has_orders;
  gboolean *nic;
} BaaChainCdr;

/* A unit as the chain sees it. */
typedef struct {
  gpointer self;             /* the ruleset's unit */
  const char *id;
  int side;
  gboolean active;
  gboolean reserve_free;     /* in command without a commander this round (a reserve's first move) */
  gboolean *has_orders;
  gboolean *nic;
  gboolean *roll_ordered;    /* set by a passed command roll, or NULL */
  gboolean *pinned;
  int pinned_round;
} BaaChainUnit;

typedef struct {
  /* Rule ids. */
  const char *exceptional_rule;     /* an exceptional commander has orders */
  const char *control_range_rule;   /* within a control commander's range */
  const char *control_roll_rule;    /* phase 2's roll */
  const char *no_control_rule;      /* phase 2 with no control commander: a natural 1, or NULL
                                     * when a commander rolls against its own value */
  const char *control_nic_rule;     /* a commander without orders and its units */
  const char *command_range_rule;   /* within the unit's commander's range */
  const char *direct_control_rule;  /* a control commander commands its own units, or NULL */
  const char *command_roll_rule;    /* phase 5's roll */
  const char *formation_roll_rule;  /* one roll for a formation whose commander is out of action */
  const char *formation_word;       /* its roll's purpose, "division" or "formation" */
  const char *formation_orders;     /* its orders' text */
  const char *reserve_rule;         /* a reserve's first move is in command, or NULL */
  const char *command_nic_rule;     /* a unit without orders */
  const char *nic_lift_rule;        /* NIC markers come off */
  const char *pinned_lift_rule;     /* pinned markers come off */

  MuEvent  *(*event)              (gpointer match, GPtrArray *events, const MuEventKindInfo *kind,
                                   const char *subject, const char *rule);
  void      (*cdr_view)           (gpointer match, gpointer cdr, BaaChainCdr *out);
  void      (*unit_view)          (gpointer match, gpointer unit, BaaChainUnit *out);
  /* The geometry: `cdr` within `control`'s range; `unit` within `cdr`'s. */
  gboolean  (*control_in_range)   (gpointer match, gpointer control, gpointer cdr);
  gboolean  (*unit_in_range)      (gpointer match, gpointer cdr, gpointer unit);
  /* The commander `unit` takes orders from, or NULL. */
  gpointer  (*commander)          (gpointer match, gpointer unit);
  /* The unit belongs to the formation `cdr` commands. */
  gboolean  (*follows)            (gpointer match, gpointer unit, gpointer cdr);
  /* The commander of `unit`'s formation when it is out of action (the
   * formation rolls for orders as one), or NULL. */
  gpointer  (*out_of_action)      (gpointer match, gpointer unit);
  /* Clears a counter's own per-round flags when the markers come off. */
  void      (*unit_new_round)     (gpointer match, gpointer unit, gboolean own_side);
  void      (*cdr_new_round)      (gpointer match, gpointer cdr);
} BaaChainOps;

typedef struct {
  const BaaChainOps *ops;
  gpointer match;
  GPtrArray *events;
  MuDice *dice;
  GPtrArray *cdrs;           /* the ruleset's commanders, in their order */
  GPtrArray *units;          /* the ruleset's units, in their order */
  int active;                /* the side whose round it is */
  int modifier;              /* added to every command roll (night) */
  int round_serial;          /* the round, for pinned markers */
} BaaChain;

/* Phases 1-6. */
void  baa_chain_control_range  (const BaaChain *chain);
void  baa_chain_control_roll   (const BaaChain *chain);
void  baa_chain_control_nic    (const BaaChain *chain);
void  baa_chain_command_range  (const BaaChain *chain);
void  baa_chain_command_roll   (const BaaChain *chain);
void  baa_chain_command_nic    (const BaaChain *chain);

/* The markers of the side whose round ends come off; every counter's
 * orders and per-round flags are cleared. */
void  baa_chain_remove_markers (const BaaChain *chain);

G_END_DECLS
