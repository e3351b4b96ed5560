/* mu-event.h: what happened in a match
 *
 * Every state change of a match is an event. An event is plain data with a
 * kind and the fields that kind uses; mu_event_to_string() gives its stable
 * one-line text form (printed by `muster-cli play --events`, documented in
 * README.md, compared by tests): the kind word, then the subject id when set,
 * then `key=value` fields in a fixed order, then the rule id in parentheses.
 *
 *   bound 3 time=08:00
 *   phase csa 7 name=movement-units
 *   roll command d1 die=3 mod=+1 need<=2 fail (BAA-CMD-3)
 *   move u12 from=0412 to=0513 path=0413,0513 cost=2
 *   dispersed u7 by=u3 hits=3 (BAA-FIRE-7)
 */
#pragma once

#include <glib.h>

#include "mu-pos.h"

G_BEGIN_DECLS

typedef enum {
  MU_ROLL_NONE,      /* no comparison (a raw die, e.g. a choice) */
  MU_ROLL_AT_LEAST,  /* success when die + modifier >= target (to-hit) */
  MU_ROLL_AT_MOST,   /* success when die + modifier <= target (command, flinch) */
} MuRollCompare;

/* How a pool of dice is read (MuEvent.pool). */
typedef enum {
  MU_DICE_SUM,          /* the sum of the faces (activation dice, MN-ACT-1) */
  MU_DICE_SUCCESSES,    /* the number of faces + modifier at or over the target (fire dice) */
  MU_DICE_HIGHEST,      /* the highest face */
  MU_DICE_LOWEST,       /* the lowest face */
} MuDiceRead;

typedef enum {
  MU_EVENT_NOTE,               /* free text (subject may be NULL) */
  MU_EVENT_MATCH_START,
  MU_EVENT_BOUND,              /* value = bound number, text = clock time */
  MU_EVENT_ROUND,              /* side = the active side */
  MU_EVENT_PHASE,              /* side, value = phase number, text = phase id */
  MU_EVENT_ROLL,               /* text = purpose; subject, object; value = die; modifier; compare/target; success */
  MU_EVENT_ORDERS,             /* subject got orders; text = how ("control-range", "roll", ...) */
  MU_EVENT_MARKER_PLACED,      /* subject, text = marker name */
  MU_EVENT_MARKER_REMOVED,     /* subject, text = marker name */
  MU_EVENT_ASSIGNED,           /* subject (STAR unit) -> object (commander) */
  MU_EVENT_DIRECT_CONTROL,     /* subject (control) takes object (command) */
  MU_EVENT_MOVE,               /* subject from -> to, path in hexes, value = cost */
  MU_EVENT_LOCKED,             /* subject stops in an enemy ZOC at `to` */
  MU_EVENT_ATTACK,             /* subject (target) is attacked by object (first attacker); text = "fire"/"melee"/...; count = dice */
  MU_EVENT_HITS,               /* subject (target) takes value hits from object */
  MU_EVENT_DISPERSED,          /* subject; object = attacker */
  MU_EVENT_FLINCH,             /* subject from -> to */
  MU_EVENT_NO_FLINCH,          /* subject stands */
  MU_EVENT_SURRENDER,          /* subject */
  MU_EVENT_COMMANDER_DISABLED, /* subject */
  MU_EVENT_COMMANDER_CAPTURED, /* subject; object = captor */
  MU_EVENT_COMMANDER_EVADED,   /* subject from -> to */
  MU_EVENT_COMMANDER_REMOVED,  /* subject: no units left (BAA-CDR-2) */
  MU_EVENT_BREACHED,           /* at = hex, value = direction */
  MU_EVENT_OBJECTIVE_HOLD,     /* subject = objective, side, value = count */
  MU_EVENT_OBJECTIVE_CLAIMED,  /* subject = objective, side */
  MU_EVENT_RESERVE_ARRIVED,    /* subject = reserve id, side */
  MU_EVENT_RESERVE_DELAYED,    /* subject = reserve id */
  MU_EVENT_ENTERED,            /* subject entered the board at `to` */
  MU_EVENT_REST,               /* subject, value = rest streak */
  MU_EVENT_DECISION,           /* a pending decision opens: side answers, text = question */
  MU_EVENT_NIGHT,              /* value = 1 night, 0 day */
  MU_EVENT_VICTORY,            /* side (NULL for a draw), text = level, value = diff */
  MU_EVENT_GAME_END,           /* text = reason */
  MU_EVENT_REVEAL,             /* hidden information is shown to everyone: side's secret step ends (TAB-19) */
  MU_EVENT_RULESET,            /* a kind the ruleset declares (MuRuleset.event_kinds): `word` */
  MU_EVENT_N
} MuEventKind;

typedef struct {
  MuEventKind kind;
  char *subject;          /* id of the counter, objective or reserve; may be NULL */
  char *object;           /* second id (target, attacker, commander); may be NULL */
  char *side;             /* side id; may be NULL */
  char *text;             /* purpose, marker, phase id, level...; may be NULL */
  MuPos at;               /* a hex or a table point; unset (mu_pos_is_set) when unused */
  MuPos from;
  MuPos to;
  GArray *path;           /* of MuPos, NULL when unused */
  int value;
  int modifier;
  int target;
  int count;
  MuRollCompare compare;
  gboolean success;
  const char *rule;       /* static rule id string or NULL */
  /* A roll of a pool of dice: the faces (of int), how they are read, and
   * the result (value). NULL for a single die (value = the die). */
  GArray *pool;
  MuDiceRead read;
  /* Only this side may see the event (hidden orders and dice, TAB-19);
   * NULL: everyone. */
  char *visible_to;
  /* MU_EVENT_RULESET: the kind word the ruleset declares (static). */
  const char *word;
} MuEvent;

MuEvent     *mu_event_new            (MuEventKind kind, const char *subject);
void         mu_event_free           (MuEvent *event);
MuEvent     *mu_event_copy           (const MuEvent *event);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuEvent, mu_event_free)

/* Appends a new event to events (which must own its elements with
 * mu_event_free, see mu_event_array_new()) and returns it for filling in. */
MuEvent     *mu_event_add            (GPtrArray *events, MuEventKind kind, const char *subject);
void         mu_event_set_object     (MuEvent *event, const char *object);
void         mu_event_set_side       (MuEvent *event, const char *side);
void         mu_event_set_text       (MuEvent *event, const char *text);
void         mu_event_set_visible_to (MuEvent *event, const char *side);
/* A ruleset-declared kind: kind MU_EVENT_RULESET, `word` static. */
MuEvent     *mu_event_add_ruleset    (GPtrArray *events, const char *word, const char *subject);
/* May `side` (NULL: a spectator) see the event? */
gboolean     mu_event_visible        (const MuEvent *event, const char *side);

GPtrArray   *mu_event_array_new      (void);
const char  *mu_event_kind_to_string (MuEventKind kind);
/* The kind word of this event (the ruleset's word for MU_EVENT_RULESET). */
const char  *mu_event_get_kind_word  (const MuEvent *event);
/* The stable one-line text form (no newline); grid formats hexes (may be NULL:
 * then two digits each). Newly allocated. */
char        *mu_event_to_string      (const MuEvent *event, const MuHexGrid *grid);

G_END_DECLS
