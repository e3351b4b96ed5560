/* mu-ruleset.h: the interface every rules system implements
 *
 * A ruleset is a static table of functions (MuRuleset) plus an opaque state
 * it creates for one match. The match (mu-match.h) owns the scenario, the dice
 * and the state, and drives the ruleset only through this table:
 *
 *   - describe: id, name, turn structure (for the phase tracker), rule
 *     options (for the editor's property switches);
 *   - play: apply a command (events, or a refusal naming the reason and the
 *     rule id that forbids it, changing nothing and rolling no die);
 *   - ask: legal commands now (for the simulator and the GUI's highlights),
 *     the legal moves and targets of one counter, the pending decision;
 *   - read: the position in the turn structure, each counter's state, the
 *     objectives, the victory check, the invariants.
 *
 * Nothing here assumes hexes: positions are MuPos (a hex or a table point),
 * so the tabletop systems (baa-table, mn-acw, toy-soldiers, regimental) fit
 * behind the same table with continuous positions.
 */
#pragma once

#include <glib.h>

#include "mu-command.h"
#include "mu-dice.h"
#include "mu-event.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

/* Turn structure ----------------------------------------------------------- */

/* One phase. Automatic phases are resolved by the engine without asking. */
typedef struct {
  int number;            /* as printed on the phase tracker (1..12 for baa-hex) */
  const char *id;        /* stable: "control-range", "movement-units", ... */
  const char *name;      /* display name (translatable, mark with N_()) */
  gboolean automatic;    /* TRUE: nothing to ask the player */
} MuPhaseInfo;

/* A named group of consecutive phases ("Orders", "Movement", ...). */
typedef struct {
  const char *id;
  const char *name;
  guint first_phase;     /* index into MuTurnStructure.phases */
  guint n_phases;
} MuSequenceInfo;

/* The turn: a bound (or turn) is made of one round per side in a fixed order
 * (side ids from the scenario, first-moving side first; NULL-terminated
 * when the ruleset fixes them, NULL when both sides move together), each round
 * is the same phases grouped into sequences. Steps before the first and after
 * the last round (bound start and end) are listed separately. */
typedef struct {
  const char *bound_name;          /* "Bound" */
  const char *round_name;          /* "Round" */
  int minutes_per_bound;           /* game time per bound, 60 for baa-hex */
  const char *const *round_sides;  /* {"csa", "usa", NULL} */
  const MuSequenceInfo *sequences;
  guint n_sequences;
  const MuPhaseInfo *phases;
  guint n_phases;
  const char *bound_start;         /* description of the bound-start step */
  const char *bound_end;           /* description of the bound-end step */
} MuTurnStructure;

/* Rule options ------------------------------------------------------------- */

typedef enum {
  MU_RULE_ESSENTIAL,     /* always on, listed for information */
  MU_RULE_OPTIONAL,      /* a player's choice */
  MU_RULE_SPECIAL,       /* enabled by the scenario */
} MuRuleClass;

typedef struct {
  const char *key;          /* scenario option key, e.g. "baa.withdrawing" */
  const char *name;         /* display name (N_()) */
  const char *description;  /* one line (N_()) */
  const char *rule;         /* rule id(s), e.g. "BAA-MOV-12" */
  MuRuleClass rule_class;
  gboolean default_value;
} MuRuleOptionInfo;

/* Reading the state ---------------------------------------------------------- */

typedef struct {
  int bound;                /* bound number */
  const char *side;         /* active side id; NULL between rounds */
  int phase;                /* phase number, 0 = bound start, 13 = bound end */
  const char *phase_id;
  int minutes;              /* clock time of the bound */
  gboolean night;
  gboolean finished;        /* the match is over */
} MuPosition;

typedef enum {
  MU_COUNTER_STATUS_ACTIVE,
  MU_COUNTER_STATUS_DISPERSED,
  MU_COUNTER_STATUS_SURRENDERED,
  MU_COUNTER_STATUS_RESERVE,        /* not arrived yet */
  MU_COUNTER_STATUS_TACTICAL_MARCH,
  MU_COUNTER_STATUS_DISABLED,
  MU_COUNTER_STATUS_CAPTURED,
  MU_COUNTER_STATUS_REMOVED,        /* commander removed with its last unit */
  MU_COUNTER_STATUS_OFFBOARD,
  MU_COUNTER_STATUS_N
} MuCounterStatus;

/* A snapshot of one counter; strings are owned by the state and valid until
 * the next command. */
typedef struct {
  const MuCounter *counter;   /* scenario data */
  const char *id;
  const char *side;
  MuCounterStatus status;
  MuPos pos;                  /* meaningful while on the board */
  int strength;               /* current strength (dice) */
  const char *markers;        /* comma-separated marker names, "" when none */
} MuCounterView;

typedef struct {
  const MuObjective *objective;
  const char *id;
  MuPos pos;
  const char *owner;          /* side id of the marker, NULL when none */
  const char *holder;         /* side currently occupying towards a claim, or NULL */
  int hold_count;
} MuObjectiveView;

typedef struct {
  gboolean over;
  const char *winner;         /* side id, NULL for a draw or while not over */
  const char *level;          /* "draw", "tactical", "decisive", "complete" */
  int difference;
  char *summary;              /* owned by the caller of victory(): g_free */
} MuResult;

/* A pending decision: someone must answer with `choose ANSWER` before play
 * goes on. Strings owned by the state. */
typedef struct {
  const char *side;           /* who answers */
  const char *id;             /* stable kind: "flinch", "evade", "reserve-entry", ... */
  const char *subject;        /* counter concerned */
  const char *question;       /* one line for people */
  const char *const *answers; /* legal answers, NULL-terminated */
} MuDecision;

/* The table ---------------------------------------------------------------- */

typedef struct _MuRuleset MuRuleset;

struct _MuRuleset {
  const char *id;
  const char *name;
  MuBoardKind board;
  const MuTurnStructure *turns;
  const MuRuleOptionInfo *options;
  guint n_options;

  /* Creates the state of a new match at its first decision point (automatic
   * steps before it are played, their events appended). The state keeps
   * pointers into scenario and dice, which outlive it. */
  gpointer (*state_new)        (const MuScenario *scenario, MuDice *dice,
                                GPtrArray *events, GError **error);
  void     (*state_free)       (gpointer state);

  /* Applies one command. On refusal returns FALSE with MU_ERROR_ILLEGAL and a
   * message "REASON (RULE-ID)" and leaves state and dice untouched. Automatic
   * steps after the command run until the next decision point. */
  gboolean (*apply)            (gpointer state, const MuCommand *command,
                                GPtrArray *events, GError **error);

  /* Every legal command now (of MuCommand*, free func set). For move-like
   * commands it lists complete legal paths to every reachable destination
   * (one path each), so the list is finite. */
  GPtrArray *(*legal_commands) (gpointer state);
  /* Destinations the counter may legally reach now (of MuPos). */
  GArray   *(*legal_moves)     (gpointer state, const char *counter);
  /* Ids of the counters the counter may legally attack now (of char*). */
  GPtrArray *(*legal_targets)  (gpointer state, const char *counter);

  void     (*position)         (gpointer state, MuPosition *position);
  /* NULL when nothing is pending beyond the normal phase commands. */
  const MuDecision *(*pending) (gpointer state);
  /* Counters in scenario order (of MuCounterView, valid until the next command). */
  GArray   *(*counters)        (gpointer state);
  GArray   *(*objectives)      (gpointer state);
  /* Fills the result; result->over says whether the match has ended. */
  void     (*victory)          (gpointer state, MuResult *result);
  /* Checks the state's invariants; FALSE with a message naming the broken one. */
  gboolean (*check_invariants) (gpointer state, GError **error);
  /* Optional (may be NULL): with on, the ruleset also checks its invariants
   * each time it appends an event, on the state left by the events before
   * it; check_invariants then reports the first such failure. For the
   * simulator (a testing aid, slower). */
  void     (*check_each_event) (gpointer state, gboolean on);
};

/* Registry. */
const MuRuleset   *mu_ruleset_find        (const char *id);
/* NULL-terminated list of every ruleset. */
const MuRuleset *const *mu_ruleset_list   (void);

const char        *mu_counter_status_to_string (MuCounterStatus status);
const char        *mu_rule_class_to_string     (MuRuleClass rule_class);
void               mu_result_clear             (MuResult *result);

/* The stable --state text: first line the position, then one line per
 * counter and per objective (see README.md, "Match text formats"). */
char              *mu_ruleset_format_state (const MuRuleset *ruleset, gpointer state,
                                            const MuScenario *scenario);

G_END_DECLS
