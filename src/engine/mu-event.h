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
 *   roll fire f1 vs=t1 dice=4,6,2 read=successes need>=5 n=1 mods=unformed:need+1:BAT-FIRE-7
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
  MU_ROLL_ABOVE,     /* success when the total > target (a rally over MP, QRS-AMB-78) */
  MU_ROLL_BELOW,     /* success when the total < target (a stress roll under disorder, TS-RCV-3) */
  MU_ROLL_THREE_WAY, /* the total is less than, equal to or greater than target: MuEvent.outcome
                      * (the casualty die against D, MN-MEL-5); no success */
} MuRollCompare;

/* A three-way comparison's outcome (MU_ROLL_THREE_WAY). */
typedef enum {
  MU_ROLL_LESS = -1,
  MU_ROLL_EQUAL = 0,
  MU_ROLL_GREATER = 1,
} MuRollOutcome;

/* How a pool of dice is read (MuEvent.pool). The counting reads compare
 * each face + modifier with the target; the others read one number, which
 * the roll's comparison then takes. */
typedef enum {
  MU_DICE_SUM,          /* the sum of the faces + modifier (activation dice, MN-ACT-1) */
  MU_DICE_SUCCESSES,    /* the number of faces + modifier at or over the target (fire dice) */
  MU_DICE_HIGHEST,      /* the highest face (+ modifier through mu_dice_roll_read) */
  MU_DICE_LOWEST,       /* the lowest face (+ modifier through mu_dice_roll_read) */
  MU_DICE_BELOW,        /* the number of faces + modifier below the target (receiving rolls, TS-AMB-60) */
} MuDiceRead;

/* Natural-face rules (MuEvent.natural): the face decides, whatever the
 * modifiers and the target. For a counting read they decide whether that
 * die counts; for one die, the highest or the lowest face they decide the
 * roll's success (for a sum only when one die is rolled). Give at most one
 * rule for a face. */
typedef enum {
  MU_ROLL_NATURAL_NONE = 0,
  MU_ROLL_NATURAL_1_SUCCEEDS = 1 << 0,  /* a 1 always succeeds or counts (a 1 always hits, TS-RCV-3) */
  MU_ROLL_NATURAL_1_FAILS = 1 << 1,     /* a 1 never does (canister, TS-FIRE-3) */
  MU_ROLL_NATURAL_6_SUCCEEDS = 1 << 2,  /* a 6 always succeeds or counts (TS-VIL-4 with target 7) */
  MU_ROLL_NATURAL_6_FAILS = 1 << 3,     /* a 6 never does */
  MU_ROLL_NATURAL_EXTREMES = 1 << 4,    /* every face 1 fails and every face 6 succeeds: the automatic
                                         * 2 and 12 on 2d6 (QRS-AMB-78) */
} MuRollNatural;

/* One named modifier of a roll. The strings are static (a ruleset's
 * literals, or interned by mu_event_parse_roll). */
typedef struct {
  const char *id;       /* stable word in the event line: "unformed", "night" */
  const char *name;     /* N_() what people read; NULL: the id */
  const char *rule;     /* the rule that gives it, or NULL */
  int value;
  gboolean on_target;   /* it changes the target number, not the dice (a worse attack value,
                         * BAT-FIRE-7; +1 to MP, QRS-AMB-8) */
} MuRollModifier;

/* The kinds of event the engine itself knows (its generic front ends read
 * them: the dice, the undo policy, the phase tracker). Every other kind is
 * declared by a ruleset (MuRuleset.event_kinds) and is MU_EVENT_RULESET
 * here, told apart by its MuEventKindInfo. */
typedef enum {
  MU_EVENT_NOTE,               /* free text (subject may be NULL) */
  MU_EVENT_MATCH_START,        /* subject = the ruleset id */
  MU_EVENT_BOUND,              /* a turn begins: value = its number, text = clock time */
  MU_EVENT_ROUND,              /* side = the side whose player turn begins */
  MU_EVENT_PHASE,              /* a step begins: side, value = step number, text = step id */
  MU_EVENT_ROLL,               /* text = purpose; subject, object; value = die; modifier; compare/target; success */
  MU_EVENT_DECISION,           /* a pending decision opens: side answers, text = question */
  MU_EVENT_VICTORY,            /* side (NULL for a draw), text = level, value = difference */
  MU_EVENT_GAME_END,           /* text = reason */
  MU_EVENT_REVEAL,             /* hidden information is shown to everyone: side's secret step ends (TAB-19) */
  MU_EVENT_RULESET,            /* a kind the ruleset declares: MuEvent.info */
  MU_EVENT_N
} MuEventKind;

/* The fields an event kind fills (MuEventKindInfo.fields). */
typedef enum {
  MU_EVENT_FIELD_SUBJECT = 1 << 0,
  MU_EVENT_FIELD_OBJECT = 1 << 1,
  MU_EVENT_FIELD_SIDE = 1 << 2,
  MU_EVENT_FIELD_TEXT = 1 << 3,
  MU_EVENT_FIELD_AT = 1 << 4,
  MU_EVENT_FIELD_FROM = 1 << 5,
  MU_EVENT_FIELD_TO = 1 << 6,
  MU_EVENT_FIELD_PATH = 1 << 7,
  MU_EVENT_FIELD_VALUE = 1 << 8,
  MU_EVENT_FIELD_COUNT = 1 << 9,
} MuEventField;

/* Which of the match log's groups an event belongs to. */
typedef enum {
  MU_EVENT_CLASS_OTHER,
  MU_EVENT_CLASS_ROLL,
  MU_EVENT_CLASS_MOVEMENT,
  MU_EVENT_CLASS_COMBAT,
  MU_EVENT_CLASS_ORDERS,        /* orders, markers, command */
  MU_EVENT_CLASS_TURN,          /* turns, steps, decisions, the end */
  MU_EVENT_CLASS_OBJECTIVES,    /* objectives and reserves */
} MuEventClass;

typedef enum {
  MU_EVENT_KIND_FLAG_NONE = 0,
  MU_EVENT_KIND_MOVES = 1 << 0,   /* the subject moved (from, to); value is the cost against its allowance */
  MU_EVENT_KIND_MARKER = 1 << 1,  /* text is the id of a declared marker (MuMarkerInfo) */
  MU_EVENT_KIND_QUIET = 1 << 2,   /* left out of a step's account (the phase tracker) */
} MuEventKindFlags;

/* An event kind: its word in the event line, what it means, the fields it
 * fills, and how people read it. A ruleset declares the kinds it emits
 * (MuRuleset.event_kinds); the engine declares its own (mu_event_kind_info).
 *
 * The sentences (format, tally) are templates: {subject}, {object},
 * {side}, {text}, {marker} (the name of the marker text names), {step}
 * (the name of the step text names), {turn} (the ruleset's word for a
 * turn), {at}, {from}, {to}, {value}, {count}, {if-value} (empty, and set
 * only when value is not 0), and the words of a text of "KEY=VALUE" words
 * (an event line's fields): {text:KEY} the VALUE of KEY, {text:#N} the Nth
 * word's VALUE (or the word), {text:@N} its KEY, {text=WORD} (empty, and
 * set only when one of the text's words is WORD: "[{text=enter}enters|leaves]"
 * chooses the whole words by a stable word of the line, so that no raw word
 * stands in a translated sentence), {text-name} (the name the kind gives
 * its text's word, MuEventKindInfo.text_names, else the text: one of many
 * words, an action type, named in a word or two a translator sees alone,
 * where a choice among [..|..] would not read); in a tally {n} (events)
 * and {total} (the sum of their values). "[...]" is left out when a field in it is unset;
 * "[A|B]" is A when every field in A is set, else B. */
/* A kind's sentence and its plural (format, format_plural; tally,
 * tally_plural) written as one pair, so that xgettext (keyword
 * MU_N_PLURAL:1,2) makes them one entry with plural forms, as the front ends
 * read them with ngettext. */
#define MU_N_PLURAL(singular, plural) singular, plural

/* A word an event's text holds (how a unit moved: "cr-fall-back") and
 * how the log reads it. */
typedef struct {
  const char *word;        /* stable, as in the event line */
  const char *name;        /* N_() "falling back from contact" */
} MuEventWordInfo;

typedef struct {
  const char *kind;          /* the stable word: "move", "flinch", "stand-lost" */
  const char *name;          /* N_() "Move" */
  const char *description;   /* N_() one line: what happened */
  guint fields;              /* MuEventField mask */
  const char *value_key;     /* the event line prints value as " KEY=N" ("cost", "n"); NULL: not */
  MuEventClass category;
  guint flags;               /* MuEventKindFlags */
  const char *format;        /* N_() the log's sentence, e.g. "{subject} flinches from {from} to {to}" */
  const char *format_plural; /* N_() the same when plural_of's number is not 1; NULL: format */
  MuEventField plural_of;    /* MU_EVENT_FIELD_VALUE or _COUNT; 0 when no plural */
  const char *tally;         /* N_() a step's account of such events: "{n} move" */
  const char *tally_plural;  /* N_() "{n} moves" */
  /* The names of the words its text holds, as {text-name} reads them in
   * this kind's sentences: the same word may read otherwise in another
   * kind's ("ease-forward": an action "ease forward", a move "easing
   * forward", MuRuleset.event_words). NULL/0: none. */
  const MuEventWordInfo *text_names;
  guint n_text_names;
} MuEventKindInfo;

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
  /* A roll's natural-face rules (MuRollNatural), its three-way outcome
   * (compare MU_ROLL_THREE_WAY), and its named modifiers (of
   * MuRollModifier, NULL when it has none): `modifier` is then the sum of
   * those on the dice, and `target` already holds those on the target. */
  guint natural;
  MuRollOutcome outcome;
  GArray *modifiers;
  /* Only this side may see the event (hidden orders and dice, TAB-19);
   * NULL: everyone. */
  char *visible_to;
  /* The kind's declaration (static, never NULL): the engine's for its own
   * kinds, the ruleset's for MU_EVENT_RULESET. */
  const MuEventKindInfo *info;
} MuEvent;

/* A new event of one of the engine's kinds (not MU_EVENT_RULESET). */
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
/* An event of a declared kind: the engine's own (mu_event_kind_info) or a
 * ruleset's (kind MU_EVENT_RULESET); info is static. */
MuEvent     *mu_event_add_kind       (GPtrArray *events, const MuEventKindInfo *info, const char *subject);
/* The engine's declaration of one of its own kinds. */
const MuEventKindInfo *mu_event_kind_info (MuEventKind kind);
/* The name (N_(), untranslated) its kind gives the event's text
 * (MuEventKindInfo.text_names), NULL when it names none. */
const char  *mu_event_text_name      (const MuEvent *event);
/* Is the event of the kind with this word? */
gboolean     mu_event_is             (const MuEvent *event, const char *word);
/* Does the event fill only fields its kind declares? FALSE with the first
 * other one's name in *field. */
gboolean     mu_event_check_fields   (const MuEvent *event, const char **field);
/* May `side` (NULL: a spectator) see the event? */
gboolean     mu_event_visible        (const MuEvent *event, const char *side);

GPtrArray   *mu_event_array_new      (void);
const char  *mu_event_kind_to_string (MuEventKind kind);
/* The kind word of this event (its declaration's). */
const char  *mu_event_get_kind_word  (const MuEvent *event);
/* The stable one-line text form (no newline); grid formats hexes (may be NULL:
 * then two digits each). Newly allocated. */
char        *mu_event_to_string      (const MuEvent *event, const MuHexGrid *grid);
/* A roll event read back from its line (mu_event_to_string of a
 * MU_EVENT_ROLL): writing it again gives the same line. Modifier names are
 * not in the line (NULL: read the id); rule ids are interned. NULL with
 * MU_ERROR_PARSE when the line is no roll. */
MuEvent     *mu_event_parse_roll     (const char *line, GError **error);
/* Adds a named modifier to a roll event: `modifier` or `target` follows. */
void         mu_event_add_modifier   (MuEvent *event, const MuRollModifier *modifier);

/* The text of one template field of the event ("subject", "from", "value"),
 * newly allocated, or NULL when the event leaves it unset. */
typedef char *(*MuEventFieldFunc) (const MuEvent *event, const char *field, gpointer data);
/* The default: ids as they are, positions as the event line writes them
 * (data is the MuHexGrid, or NULL), numbers in decimal. */
char        *mu_event_field_text     (const MuEvent *event, const char *field, gpointer grid);
/* Expands a template (see MuEventKindInfo) for the event; field_func gives
 * each field's text (mu_event_field_text when NULL). Newly allocated. */
char        *mu_event_expand         (const char *template, const MuEvent *event,
                                      MuEventFieldFunc field_func, gpointer data);
/* The number that picks the kind's plural sentence (its plural_of field),
 * 1 when it has none. */
gulong       mu_event_plural_number  (const MuEvent *event);

G_END_DECLS
