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
#include "mu-region.h"
#include "mu-scenario.h"
#include "mu-sight.h"
#include "mu-table-stand.h"
#include "mu-table-state.h"

G_BEGIN_DECLS

/* Turn structure ----------------------------------------------------------- */

/* Who acts in a step. */
typedef enum {
  MU_STEP_AUTOMATIC,     /* the engine resolves it without asking */
  MU_STEP_ACTIVE_SIDE,   /* the side whose player turn (round) it is */
  MU_STEP_EACH_SIDE,     /* every side, one after the other in the turn's side order */
  MU_STEP_BOTH_SECRET,   /* every side in turn behind the hand-over screen, revealed together (TAB-19, TAB-20) */
  MU_STEP_BOTH,          /* both sides together (simultaneous resolution) */
  /* The side that is not active, in a reaction window the match opens after
   * a command of the active side (MuReactionWindow): regimental's hold
   * fire, toy-soldiers' reactions to a charge. Declared for the tracker; the
   * window itself is the engine's, see "Reactions" below. */
  MU_STEP_REACTING_SIDE,
} MuStepActors;

typedef enum {
  MU_STEP_FLAG_NONE = 0,
  MU_STEP_PER_SIDE = 1 << 0,    /* repeated once per side in the turn's order: a player turn, a round */
  MU_STEP_CONDITIONAL = 1 << 1, /* only when a rule calls for it (an initiative roll after Battlefield Awareness) */
  MU_STEP_PROCEDURE = 1 << 2,   /* not in the sequence: run when a command or event starts it (a charge, a melee) */
  MU_STEP_REPEATED = 1 << 3,    /* repeated until a condition ends it (melee passes, rally until none left) */
  MU_STEP_PER_COUNTER = 1 << 4, /* once per counter acting (activation, "units act one at a time") */
} MuStepFlags;

/* One step of the turn; steps nest (a round is made of sequences, a
 * sequence of phases; a charge procedure of its stages). ids are stable
 * (they make the position path), names translatable (N_()). */
typedef struct _MuStepInfo MuStepInfo;
struct _MuStepInfo {
  const char *id;
  const char *name;
  const char *rule;              /* rule id(s) for the tracker's tooltip, or NULL */
  MuStepActors actors;
  guint flags;                   /* MuStepFlags */
  const MuStepInfo *steps;       /* the nested steps, in order; NULL for a leaf */
  guint n_steps;
};

/* How the order of the sides is set each turn. */
typedef enum {
  MU_SIDE_ORDER_FIXED,           /* the ruleset's fixed_sides, every turn (baa: csa then usa) */
  MU_SIDE_ORDER_SCENARIO,        /* the scenario's order of sides, every turn */
  MU_SIDE_ORDER_INITIATIVE,      /* rolled or decided each turn: the position carries it */
} MuSideOrder;

/* A per-side (or per-counter) resource the tracker shows: activation
 * points, élan, chaos, ammunition. */
typedef enum {
  MU_RESOURCE_PER_SIDE,
  MU_RESOURCE_PER_COMMANDER,
  MU_RESOURCE_PER_UNIT,
} MuResourceScope;

typedef struct {
  const char *id;                /* stable: "activation", "elan", "chaos" */
  const char *name;              /* N_() */
  const char *rule;
  MuResourceScope scope;
  int min, max;                  /* G_MININT / G_MAXINT when open */
} MuResourceInfo;

/* The turn: a turn (baa's bound) is the steps in order; a step flagged
 * MU_STEP_PER_SIDE is played once for each side in the turn's side order.
 * The position in it is the path of step ids from the top ("round/movement/
 * move-units"), see MuPosition.path. */
typedef struct {
  const char *turn_name;           /* "Bound", "Turn" (N_()) */
  int minutes_per_turn;            /* game time per turn; 0 when the rules give none */
  MuSideOrder side_order;
  const char *const *fixed_sides;  /* MU_SIDE_ORDER_FIXED: {"csa", "usa", NULL} */
  const MuStepInfo *steps;
  guint n_steps;
  const MuResourceInfo *resources;
  guint n_resources;
} MuTurnStructure;

/* The step with this path ("round/orders/command-range"), or NULL. */
const MuStepInfo  *mu_turn_structure_find_step (const MuTurnStructure *turns, const char *path);

/* Rule options ------------------------------------------------------------- */

typedef enum {
  MU_RULE_ESSENTIAL,     /* always on, listed for information */
  MU_RULE_OPTIONAL,      /* a player's choice */
  MU_RULE_SPECIAL,       /* enabled by the scenario */
} MuRuleClass;

typedef enum {
  MU_OPTION_BOOLEAN,     /* on or off (default_value) */
  MU_OPTION_NUMBER,      /* an integer in [min, max] (default_number); e.g. activation dice */
  MU_OPTION_CHOICE,      /* one of choices (default_number is its index) */
} MuOptionType;

typedef struct {
  const char *key;          /* scenario option key, e.g. "baa.withdrawing" */
  const char *name;         /* display name (N_()) */
  const char *description;  /* one line (N_()) */
  const char *rule;         /* rule id(s), e.g. "BAA-MOV-12" */
  MuRuleClass rule_class;
  gboolean default_value;
  MuOptionType type;        /* MU_OPTION_BOOLEAN when left out */
  int min, max;             /* MU_OPTION_NUMBER */
  int default_number;
  const char *const *choices; /* MU_OPTION_CHOICE: stable words, NULL-terminated */
} MuRuleOptionInfo;

/* Counter fields --------------------------------------------------------------- */

typedef enum {
  MU_FIELD_INT,          /* a whole number in [min, max], min + k * step */
  MU_FIELD_ENUM,         /* a choice: one of the words in values */
  MU_FIELD_FLAGS,        /* any of the words in values */
  MU_FIELD_NUMBER,       /* a decimal number in [min, max], min + k * step (0.01 when 0) */
  MU_FIELD_FLAG,         /* on or off: "true" or "false" */
  MU_FIELD_TEXT,         /* one line of text */
  MU_FIELD_COUNTER,      /* the id of another counter of the scenario (of the kinds in refers) */
} MuFieldType;

/* The most a strength that is a number of dice (or of bases, each a die) may
 * be: the digests say only "at least 1", and each die is rolled and logged,
 * so a hostile scenario must not ask for millions. No printed counter comes
 * near it. */
#define MU_MAX_DICE 99

/* Which counters have a field (a mask of 1 << MuCounterKind, and MU_FIELD_OF_SIDE). */
#define MU_FIELD_OF(kind) (1u << (kind))
#define MU_FIELD_OF_SIDE (1u << 8)

/* A value the ruleset keeps on a counter or a side. The scenario model
 * keeps it as text (MuCounter.values: a <value> element in the file, or
 * the counter element's attribute when declared `attribute`). Only a
 * unit's strength still lives in an int member of MuCounter; `offset`
 * names it (G_STRUCT_OFFSET) for the fields held there, -1 for any other. */
typedef struct {
  const char *id;          /* stable: "attack", "stands", "elan" */
  const char *name;        /* N_() */
  const char *rule;
  MuFieldType type;
  double min, max;         /* MU_FIELD_INT/NUMBER; max G_MAXINT when open */
  guint of;                /* MU_FIELD_OF (MU_COUNTER_UNIT) | ... */
  const char *const *values; /* MU_FIELD_ENUM/FLAGS: NULL-terminated words */
  gssize offset;           /* into MuCounter (an int member), or -1 */
  /* Optional, after the above so that older declarations read the same: */
  double step;             /* MU_FIELD_INT (0: 1), MU_FIELD_NUMBER (0: 0.01): the values
                            * are min + k * step; its decimals are the value's */
  guint refers;            /* MU_FIELD_COUNTER: MU_FIELD_OF () of the kinds it may name; 0: any */
  guint show;              /* MuFieldShow: where front ends print it besides the forms */
  const char *label;       /* N_() short name where it is printed ("Strength"); NULL: name */
  /* Written as the counter element's own attribute of its id, not as a
   * <value> (format 1's Brothers at Arms values: star="true",
   * abilities="indomitable"); held as text in MuCounter.values like any
   * other. Only for MU_FIELD_FLAG, which the file gives only when it is
   * on, MU_FIELD_FLAGS, given when it holds a word (in declared order), and
   * MU_FIELD_INT, given always (range="2"; "0" when the counter holds none).
   * The counter element's attributes come in declaration order, the arm
   * where the ruleset declares "arm". */
  gboolean attribute;
  /* MU_FIELD_FLAGS, MU_FIELD_ENUM: for people, N_() per word of values
   * ("Indomitable (red shield)", "Foot artillery"); NULL: the word itself
   * (a flag's check button says "NAME: word"). */
  const char *const *value_names;
  /* MU_FIELD_SHOW_FACE_MARK: the mark a flag that is on draws, and the mark
   * of each word of a list (NULL for a word that draws none), by pictures
   * the renderer knows: "star", "cross", "shield", "crosshair". */
  const char *picture;
  const char *const *value_pictures;
  /* N_() what a counter's one-line description (the board's tooltip) adds
   * when a flag is on ("★"), and per word of a list ("indomitable"); NULL:
   * nothing. */
  const char *tag;
  const char *const *value_tags;
  /* MU_FIELD_INT: the value a counter the editor adds starts with; 0: min. */
  int initial;
  /* MU_FIELD_INT written as an attribute: the word the file writes for 0
   * and reads back as 0 (baa's identity="star", a unit of no division);
   * NULL: 0 is written as a number. */
  const char *zero_word;
  /* N_() the zero word for people where a form names it ("STAR");
   * NULL: zero_word itself. */
  const char *zero_name;
  /* The ruleset's check_scenario says what is wrong with the value, so
   * the generic range check leaves it alone and no error is said twice
   * (baa's identity names a division: baa_common_check_divisions). */
  gboolean checked_by_ruleset;
  /* MU_FIELD_INT: the field of a superior counter whose number this one
   * names (baa's identity names a command's division), which ties a
   * counter to its superior by number; NULL: none. */
  const char *names;
  /* N_() why the value's range is what it is, naming the rule that says
   * so, told with a value out of it ("it is the d6 score needed to hit
   * (BAA §1.2)"); NULL: the refusal names the declaration's rule. */
  const char *range_reason;
  /* MU_FIELD_INT written as an attribute: its column in the order of
   * battle's CSV, counted from 1 among the sheet's columns before the
   * ruleset's own (baa's leadership is the 6th, after kind, id, side,
   * parent and name; mu-oob-csv.h); the sheet's other columns keep their
   * order around it. 0: a column among the ruleset's own, after those. */
  int csv_column;
  /* NC_("order of battle row", …): how a commander's row in the editor's
   * order of battle names the value, where it would say "Name: value": a
   * number as "WORD N" (baa's "leadership 3"; the number its subordinates
   * name comes first, in place of the counter's kind: "division 2"), a
   * flag that is on as the word alone ("exceptional"). NULL: "Name: value". */
  const char *row_word;
} MuFieldInfo;

/* Where a declared value is printed (MuFieldInfo.show). */
typedef enum {
  MU_FIELD_SHOW_NONE = 0,
  /* in a counter's one-line summary, in declaration order: the board's
   * tooltip and the roster labels ("Range 1 · Attack 4 · Strength 4") */
  MU_FIELD_SHOW_SUMMARY = 1 << 0,
  /* on the counter face: the row of numbers along its bottom edge, joined
   * by "-" in declaration order (baa: range-attack-strength, a commander's
   * leadership), and the number at its top (baa: a command's division) */
  MU_FIELD_SHOW_FACE_BOTTOM = 1 << 1,
  MU_FIELD_SHOW_FACE_TOP = 1 << 2,
  /* as a mark on the counter face (MuFieldInfo.picture, .value_pictures):
   * baa's star, the exceptional commander's X, the red shield */
  MU_FIELD_SHOW_FACE_MARK = 1 << 3,
  /* a flag that is on puts its tag before the counter's name in its row
   * of the editor's order of battle (baa's ★ of a STAR army's commander) */
  MU_FIELD_SHOW_ROW_MARK = 1 << 4,
} MuFieldShow;

/* An arm of service of the ruleset's units: the word of a unit's arm="…". */
typedef struct {
  const char *id;          /* stable: "infantry", "foot-artillery" */
  const char *name;        /* N_() "Infantry" */
  const char *rule;        /* the rule that defines it, or NULL */
  MuArm basing;            /* the format's arm it is based and drawn as: a stand's
                            * depth (TAB-7), the picture on its counter and bases */
} MuArmInfo;

/* Declared values on counters and sides (mu-ruleset-fields.c) ------------------ */

/* The ruleset's field with this id, or NULL. */
const MuFieldInfo *mu_ruleset_find_field   (const MuRuleset *ruleset, const char *id);
/* Whether a counter of this kind has the field. */
gboolean     mu_field_applies              (const MuFieldInfo *field, MuCounterKind kind);
/* Whether a side has the field. */
gboolean     mu_field_of_side              (const MuFieldInfo *field);
/* The allowed values for people: "1 to 6", "at least 0", "one of line, column",
 * "any of time-limit, veterans". Newly allocated. */
char        *mu_field_describe_range       (const MuFieldInfo *field);
/* NULL when text is a value of the field; else what is wrong, naming the
 * allowed range (newly allocated). */
char        *mu_field_check_value          (const MuFieldInfo *field, const char *text);
/* Whether the field is written as the counter element's own attribute:
 * a value declared `attribute` (baa: leadership, range, star, abilities),
 * or baa's strength, the int member of MuCounter of the same name. Other
 * fields are <value> elements; those with an offset still live in the
 * member (the stand count of a tabletop unit). */
gboolean     mu_field_is_attribute         (const MuFieldInfo *field);
/* Whether the field is a whole number held as the counter's value and
 * written as the counter element's attribute (baa: range="2"); the file
 * always carries it where it applies, 0 when the counter holds none. */
gboolean     mu_field_is_attribute_number  (const MuFieldInfo *field);
/* Gives a new counter the numbers the ruleset declares as attributes for
 * its kind, each its declared start (MuFieldInfo.initial) or else the
 * lowest allowed: a counter the editor adds. ruleset NULL: format 1's
 * first, baa-hex. */
void         mu_ruleset_set_initial_values (const MuRuleset *ruleset, MuCounter *counter);
/* The declared words of a MU_FIELD_FLAGS text, each once, in declared
 * order, space-separated ("" when none); others are left out. Newly allocated. */
char        *mu_field_declared_order       (const MuFieldInfo *field, const char *text);
/* The name for people of a word of the field's values (translated, from
 * value_names), or the word itself when the field names none or the word
 * is not one of its values. */
const char  *mu_field_value_name           (const MuFieldInfo *field, const char *word);
/* A counter's value of the field as file text, NULL when not given. Newly allocated. */
char        *mu_counter_get_field          (const MuCounter *counter, const MuFieldInfo *field);
/* Sets it from file text (NULL or "" clears a <value>); FALSE with a message
 * naming the allowed range when text is no value of the field. An
 * attribute's words are kept in declared order, as the file writes them. */
gboolean     mu_counter_set_field          (MuCounter *counter, const MuFieldInfo *field,
                                            const char *text, GError **error);
/* Checks every <value> of the scenario's counters and sides against the
 * ruleset's declarations, appending "FILE:LINE: error:" problems naming
 * the value's line and the allowed range: a field it does not declare, one
 * another kind of counter (or the sides) has, a value outside the range. */
void         mu_ruleset_check_values       (const MuRuleset *ruleset, const MuScenario *scenario,
                                            GPtrArray *problems);
/* The counter's values its ruleset prints in a summary (MU_FIELD_SHOW_SUMMARY),
 * "LABEL VALUE" each, translated labels, joined by " · ": "Range 1 · Attack
 * 4 · Strength 4", "Leadership 3"; "" when none. A ruleset Muster does not
 * know (NULL) is read as format 1's first, baa-hex. Newly allocated. */
char        *mu_counter_summary_values     (const MuRuleset *ruleset, const MuCounter *counter);
/* The counter's values its ruleset prints on the face at `where`
 * (MU_FIELD_SHOW_FACE_BOTTOM or _TOP), joined by "-": "1-4-3"; "" when
 * none. strength > 0 stands for the value of the field held in
 * MuCounter.strength (a unit that has lost some). ruleset NULL as above.
 * Newly allocated. */
char        *mu_counter_face_values        (const MuRuleset *ruleset, const MuCounter *counter,
                                            MuFieldShow where, int strength);
/* The marks the counter's values put on its face (MU_FIELD_SHOW_FACE_MARK),
 * their pictures in declaration order: { "shield", "crosshair", NULL } for
 * a baa unit with both abilities. ruleset NULL as above. Newly allocated,
 * NULL-terminated (g_strfreev). */
char       **mu_counter_face_marks         (const MuRuleset *ruleset, const MuCounter *counter);
/* The tags of the counter's values that are on (MuFieldInfo.tag,
 * .value_tags), translated, in declaration order, joined by " · ": "X",
 * "indomitable · sharpshooters"; "" when none. ruleset NULL as above.
 * Newly allocated. */
char        *mu_counter_tags               (const MuRuleset *ruleset, const MuCounter *counter);
/* The arm of a unit for people: its declaration's translated name, else
 * its word. Static or the counter's. */
const char  *mu_counter_arm_name           (const MuRuleset *ruleset, const MuCounter *counter);
/* The number counters of `kind` carry that another declared field names
 * (MuFieldInfo.names: baa's "division" of a command), or NULL when the
 * ruleset numbers none. ruleset NULL: format 1's first, baa-hex. */
const MuFieldInfo *mu_ruleset_numbered_field (const MuRuleset *ruleset, MuCounterKind kind);
/* The number counters of `kind` carry that names a superior's number
 * (MuFieldInfo.names: baa's "identity" of a unit, the division it
 * follows), or NULL when the ruleset declares none. ruleset NULL: format
 * 1's first, baa-hex. */
const MuFieldInfo *mu_ruleset_naming_field (const MuRuleset *ruleset, MuCounterKind kind);
/* Whether the scenario's counters carry Brothers at Arms' identity and
 * division numbers: the ruleset numbers its command counters
 * (mu_ruleset_numbered_field); unknown rulesets do. */
gboolean     mu_ruleset_has_divisions      (const MuRuleset *ruleset);

/* Commands and events ------------------------------------------------------------ */

typedef enum {
  MU_VERB_FLAG_NONE = 0,
  MU_VERB_MOVE = 1 << 0,        /* changes where a counter stands */
  MU_VERB_ATTACK = 1 << 1,      /* fire, melee, charge: the simulator prefers these */
  MU_VERB_END_STEP = 1 << 2,    /* ends the current step (end-phase) */
  MU_VERB_ANSWER = 1 << 3,      /* answers the pending decision */
  MU_VERB_HIDDEN = 1 << 4,      /* a secret order: only its side sees it until revealed */
  MU_VERB_REACTION = 1 << 5,    /* may be given in a reaction window (MuRuleset.reactions) */
  /* front ends list every legal command of it, whatever counter is
   * selected: each is owed by the step, not chosen by a counter (mn-acw's
   * melee pairs to fight, MN-AMB-17) */
  MU_VERB_LISTED = 1 << 6,
} MuVerbFlags;

/* A verb of the command language. syntax names the typed arguments in
 * the order they come (see mu-command.h): "UNIT POS...", "TARGET UNIT UNIT...". */
typedef struct {
  const char *verb;        /* "move", "fire-group", "end-phase" */
  const char *syntax;      /* "UNIT HEX... [OFF]" for the README and errors */
  const char *rule;        /* the rule that governs it */
  guint flags;             /* MuVerbFlags */
  const char *usage;       /* what a line of the wrong shape is told, after the verb:
                            * "needs exactly two ids"; NULL: the syntax is quoted */
  /* The command as a sentence for people (N_(), a front end translates
   * it), its placeholders the syntax's names: "Assign {UNIT} to
   * {COMMANDER}", {UNIT} for "UNIT..." (a list: "A, B and C"), {TARGET} for
   * "[TARGET]", {STEP} for every "[STEP]" of the syntax, {ahead|back} for
   * a word of those, and {to}: the last position the command names. Words
   * in "[…]" show only when a placeholder inside names something
   * ("{UNIT} charges {TARGET}[ on a bearing of {DEG}°]"). NULL: the
   * verb and its arguments, named. See mu_match_describe_command(). */
  const char *sentence;
} MuVerbInfo;

/* Reading the state ---------------------------------------------------------- */

typedef struct {
  int bound;                /* bound number */
  const char *side;         /* active side id; NULL between rounds */
  int phase;                /* phase number, 0 = bound start, 13 = bound end */
  const char *phase_id;
  int minutes;              /* clock time of the bound */
  gboolean night;
  gboolean finished;        /* the match is over */
  /* The generic position (every ruleset): the path of step ids through
   * MuTurnStructure ("round/movement/move-units", "bound-start"), the
   * sides in this turn's order (NULL-terminated) and the side whose
   * input is awaited now (NULL while nothing is asked: between steps, or
   * when the match is over). Owned by the state. bound/phase above are
   * the baa-hex numbers of the documented --state line. */
  const char *path;
  const char *const *side_order;
  const char *awaited;
  /* The id of the reaction window open now (MuReactionWindow.id), NULL
   * when none is. Set by the match (mu_match_get_position), never by a
   * ruleset: while it is open and no decision is pending, awaited is the
   * window's side, side stays the active one. */
  const char *reaction;
  /* A word the ruleset adds to the --state position line, KEY=VALUE
   * (toy-soldiers: "charge=4", the charge stage awaiting a command), NULL
   * for none. Static or owned by the state. */
  const char *detail;
} MuPosition;


/* Markers and statuses ---------------------------------------------------- */

/* Where a marker goes. */
typedef enum {
  MU_MARKER_ON_COUNTER,  /* a word of MuCounterView.markers and of marker events */
  MU_MARKER_ON_BOARD,    /* on a hex or hexside (a breach): an event kind of its own */
} MuMarkerPlace;

/* How many of a marker a printed counter sheet gives, so a game of the
 * scenario never runs short. */
typedef enum {
  MU_MARKER_SUPPLY_NONE,            /* not printed */
  MU_MARKER_SUPPLY_ONE,             /* one (a turn marker) */
  MU_MARKER_SUPPLY_PER_UNIT,        /* one per unit of both sides */
  MU_MARKER_SUPPLY_LARGER_SIDE,     /* one per unit and command counter of the larger side */
  MU_MARKER_SUPPLY_PER_OBJECTIVE,   /* one per objective for each side, in the side's colour */
  MU_MARKER_SUPPLY_PER_FORTIFIED,   /* one per fortified hexside not yet breached */
  MU_MARKER_SUPPLY_PER_RAIL,        /* one per counter arriving by rail */
} MuMarkerSupply;

#define MU_MARKER_SIDE_COLOUR 0xff000000u

/* A marker (or a condition shown like one) the ruleset puts on counters or
 * the board, so that a front end can draw and explain it without knowing
 * the ruleset: the match window's counters and tooltips, the counter
 * sheets' marker pages. */
typedef struct {
  const char *id;          /* stable: the word of the --state line's markers= and of
                            * marker events ("nic", "pinned"), or the event kind */
  const char *name;        /* N_() "Not in command" */
  const char *rule;        /* rule id(s) placing it: "BAA-CMD-4, BAA-CMD-7" */
  const char *glyph;       /* a few letters to print on the marker: "NIC", "P" (not translated) */
  const char *description; /* N_() one line: what it does and what removes it */
  MuMarkerPlace place;
  /* How it is drawn and printed (all optional): the colour of its face
   * (0xRRGGBB; 0: light grey; MU_MARKER_SIDE_COLOUR: its side's), a
   * picture the renderer knows ("crossed-arrows", "cross", "breach",
   * "locomotive", "clock", "objective"; NULL: the glyph alone), and how
   * many a printed sheet gives (MU_MARKER_SUPPLY_NONE: it is not printed). */
  guint32 colour;
  const char *picture;
  MuMarkerSupply supply;
  /* Drawn on its counter or unit on the board although no sheet prints it
   * (a table's markers, which players bring their own of); a printed one
   * (supply) is drawn anyway. The rest are conditions a tooltip tells. */
  gboolean drawn;
} MuMarkerInfo;

/* What a status means to the generic parts (the views' users, the board,
 * the losses), so that they ask the declaration rather than name a
 * ruleset's words. */
typedef enum {
  MU_STATUS_IN_PLAY = 1 << 0,  /* on the board and acting: its position counts, it may be
                                * given orders and targeted (the --state line prints at=) */
  MU_STATUS_SHOWN   = 1 << 1,  /* drawn on the board where it stands, in play or not
                                * (a march column, a disabled commander) */
  MU_STATUS_LOST    = 1 << 2,  /* counts as lost in the losses (destroyed, taken, out) */
} MuStatusFlags;

/* A counter status the ruleset declares, with its name and rule for
 * people and what it means to the generic parts. */
typedef struct {
  const char *id;          /* stable: the word of the --state line's status= ("active") */
  const char *name;        /* N_() */
  const char *rule;
  const char *description; /* N_() */
  const char *marker;      /* the declared marker a counter in this status shows, or NULL */
  MuStatusFlags flags;
} MuStatusInfo;

/* A roll's purpose (MuRoll.purpose, a roll event's text) and its name. */
typedef struct {
  const char *purpose;     /* stable: "fire-band3" */
  const char *name;        /* N_() "fire at long range" */
} MuRollPurposeInfo;

/* A snapshot of one counter, as the board shows it. What it describes of
 * the state is its own: its markers, attachment and stands are copies that
 * mu_counter_view_clear() frees, so a copy of the views
 * (mu_counter_view_array_copy) stays what it was whatever the match does
 * next. counter, id, side, status and formation point into the scenario and the
 * ruleset's static declarations, which outlive the match. */
typedef struct {
  const MuCounter *counter;   /* scenario data */
  const char *id;
  const char *side;
  const MuStatusInfo *status; /* one of the ruleset's declarations (mu_ruleset_statuses) */
  MuPos pos;                  /* meaningful while on the board (tables: the anchor, TAB-5) */
  int strength;               /* current strength (dice) */
  char *markers;              /* owned: comma-separated marker names, "" when none */
  const char *formation;      /* tables: the unit's formation id, NULL when the board has none */
  char *attached;             /* owned: the counter it is attached to (a leader with his unit), or NULL */
  /* Owned: on a table, the stands as the engine lays them out (TAB-6), in
   * table units; what the board draws and the rules measure. NULL (and
   * n_stands 0) on a hex board and off the table. */
  MuStand *stands;
  guint n_stands;
  /* Owned: a move the ruleset has planned for the counter and not yet
   * made, which every player may see (a declared charge): the poses of
   * its path from where it stands (the first) to where it is bound (the
   * last), and its stands laid out at that last pose, the outline the
   * board draws there. NULL (and 0) when it has none. */
  MuPos *plan;
  guint n_plan;
  MuStand *plan_stands;
  guint n_plan_stands;
} MuCounterView;

/* Frees what the view owns (a GArray clear function). */
void               mu_counter_view_clear       (gpointer view);
/* A new, empty array of MuCounterView that clears its items. */
GArray            *mu_counter_view_array_new   (void);
/* A copy of an array of MuCounterView that owns its own markers, attachments
 * and stands (g_array_unref): views to keep past the next call into the
 * match, such as the pieces a board shows. */
GArray            *mu_counter_view_array_copy  (const GArray *views);
/* Sets view's markers (a copy of `markers`, "" for NULL) and stands (a copy
 * of n of them). */
void               mu_counter_view_set_markers (MuCounterView *view, const char *markers);
void               mu_counter_view_set_stands  (MuCounterView *view, const MuStand *stands, guint n);
/* Sets view's planned move (copies of the n poses of its path and of the
 * n_stands stands at its end); n = 0 clears it. */
void               mu_counter_view_set_plan    (MuCounterView *view, const MuPos *path, guint n,
                                                const MuStand *stands, guint n_stands);

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
  /* The scores the summary gives, side by side (side ids), for a front end
   * to name the sides: n_scores of them. */
  guint n_scores;
  const char *score_side[4];
  int score[4];
  const char *level;          /* "draw", "tactical", "decisive", "complete" */
  int difference;
  /* Why the match ended, for people (translated, or the scenario's own
   * words: the task met), or NULL when the ruleset does not say; owned
   * by the state. */
  const char *reason;
  char *summary;              /* owned by the caller of victory(): g_free */
} MuResult;

/* Something left to do in the current step, for the phase tracker ("4 units
 * with orders have not moved", "2 units must melee") and the warning before
 * the step is ended. text is owned by the item (mu_todo_clear). */
typedef struct {
  char *text;                 /* one line for people */
  const char *rule;           /* static rule id, or NULL */
  int count;                  /* how many counters (or commands) it concerns, 0 when not counted */
  gboolean compulsory;        /* the step may not end before it is done */
  /* The step may end without it, but what it offers is lost then (a STAR
   * unit not assigned to a commander gets NIC and does not move, BAA-CMD-11):
   * End Phase warns about it as about a compulsory item. */
  gboolean lost_on_end;
} MuTodo;

/* The command radius a counter belongs to: its commander's (its own when
 * it commands), as a centre and a radius on the board. */
typedef struct {
  const char *commander;      /* the commander's id, owned by the state */
  MuPos centre;               /* where the commander stands */
  double radius;              /* in hexes on a hex board, table units on a table */
  /* On a table, where the radius is measured from the commander's base
   * rather than its centre: the radius of the largest disc about the
   * centre inside the base (half a square base's side), so that a circle of
   * radius + from_edge about the centre holds only points in range. 0 on a
   * hex board. */
  double from_edge;
  const char *rule;           /* static rule id */
} MuCommandRadius;

/* The kind of answer a decision wants (the `choose` command's argument). */
typedef enum {
  MU_ANSWER_CHOICE,     /* one of answers */
  MU_ANSWER_POSITION,   /* a hex or table point; answers lists the hexes when finite */
  MU_ANSWER_SUBSET,     /* min..max of answers, e.g. which stands to remove: "choose s1 s3" */
  MU_ANSWER_NUMBER,     /* a number in min..max: whole, or a multiple of step */
  MU_ANSWER_YES_NO,     /* a "may": answers {"yes", "no"} */
  /* A command line of the ruleset, given as the command itself rather
   * than after `choose` ("fire b1 a2" answers "return fire?"); answers
   * lists the legal lines in canonical text (mu_command_to_string), a
   * refusal among them as "choose none" where the rules allow one. The
   * match refuses any other line (mu_match_apply). */
  MU_ANSWER_COMMAND,
} MuAnswerKind;

/* A pending decision: someone must answer with `choose ANSWER` before play
 * goes on. Strings owned by the state. */
typedef struct {
  const char *side;           /* who answers */
  const char *id;             /* stable kind: "flinch", "evade", "reserve-entry", ... */
  const char *subject;        /* counter concerned */
  const char *question;       /* one line for people */
  const char *const *answers; /* legal answers, NULL-terminated */
  MuAnswerKind kind;          /* MU_ANSWER_CHOICE when left out */
  int min, max;               /* SUBSET: how many; NUMBER: the range (whole numbers) */
  gboolean hidden;            /* the answer is secret until revealed (TAB-19) */
  /* NUMBER with a step: a decimal answer (a distance to 0.5 in), low,
   * low + step, ... up to high, to 0.01 (the command text's precision);
   * min and max are then unused. step 0: the whole numbers min..max.
   * Read an answer with mu_decision_read_number(). */
  double step;
  double low, high;
  /* A value the rules data lacks (QRS-AMB-28), asked of the players: the
   * table's id and the key quoted ("combat-results", "2 7"), and where in
   * the full rules to look, in the person's language. NULL for every
   * other decision. A front end may ask these in a dialog of their own:
   * the answer is a value to look up, not a choice of play. */
  const char *table;
  const char *key;
  const char *source;
  /* The answers as people read them, in the person's language: as many
   * as answers, an entry NULL when the answer reads as it is (an id, a
   * number). NULL: none given, a front end makes its own. */
  const char *const *answer_labels;
} MuDecision;

/* The number a `choose` answers a NUMBER decision with (arg a NUMBER or a
 * word holding one), in *value; FALSE with MU_ERROR_ILLEGAL naming the
 * allowed values ("0.5 to 3 in steps of 0.5") when it is none of them. */
gboolean           mu_decision_read_number    (const MuDecision *decision, const MuArg *arg,
                                               double *value, GError **error);
/* Whether the command is one of a MU_ANSWER_COMMAND decision's answers
 * (its canonical text is listed); TRUE for a decision of another kind. */
gboolean           mu_decision_accepts        (const MuDecision *decision, const MuCommand *command);

/* Reactions ------------------------------------------------------------------ */

/* A reaction window (TAB-20, QRS-AMB-41, TS-AMB-66): after a command of
 * the active side the match asks the ruleset (MuRuleset.reaction_window)
 * whether the other side may act now. While it is open, and no decision
 * is pending, that side is awaited (MuPosition.awaited, .reaction) and
 * gives reactions (the ruleset's MuRuleset.reactions, applied with
 * MuRuleset.react) or `pass`, the engine's own verb, which closes it. The
 * window also closes when the reacting side has no reaction left. A
 * reaction opens no window of its own. The match owns the window; a
 * ruleset sees it only in reactions and react. Everything is replayed
 * from the command list, so saved matches and undo need nothing more. */
typedef struct {
  char *id;                   /* stable kind: "hold-fire", "charge-12" */
  char *side;                 /* the side that may react */
  char *subject;              /* the counter whose action opened it, or NULL */
  char *rule;                 /* the rule id that opens it, or NULL */
  char *trigger;              /* the command that opened it, canonical text (set by the match) */
  guint reactions;            /* reactions given in it so far (set by the match) */
} MuReactionWindow;

/* Frees the window's strings and zeroes it. */
void               mu_reaction_window_clear   (MuReactionWindow *window);


/* The table ---------------------------------------------------------------- */

typedef struct _MuRuleset MuRuleset;

struct _MuRuleset {
  /* Description: enough for the registry's users (the scenario checker,
   * the New Scenario and Properties dialogs, the editor's forms, the
   * simulator, the phase tracker) to need no list of their own. */
  const char *id;
  const char *name;
  MuBoardKind board;
  const MuTurnStructure *turns;
  const MuRuleOptionInfo *options;
  guint n_options;
  const MuVerbInfo *verbs;
  guint n_verbs;
  /* The kinds of event it emits beyond the engine's own (mu-event.h):
   * their words, fields and sentences for the event lines and the match
   * log. Pointers, so that two rulesets may share a declaration. */
  const MuEventKindInfo *const *event_kinds;
  guint n_event_kinds;
  /* The purposes of its rolls (a roll event's text) as people read them,
   * for the words the log cannot show as they are ("fire-band3"). NULL/0:
   * the purpose is its own word (marked NC_("event text", …) for the log). */
  const MuRollPurposeInfo *roll_purposes;
  guint n_roll_purposes;
  /* The words of its events' texts the log cannot show as they are
   * (mu_ruleset_event_word_name). NULL/0: every word reads as it is. */
  const MuEventWordInfo *event_words;
  guint n_event_words;
  const MuFieldInfo *fields;
  guint n_fields;
  /* Tables: its formations and how each lays out its stands (TAB-6), the
   * first the default; a unit's formation is its `formation` value, else
   * the format's attribute (mu-table-layout.h). NULL/0: the format's own
   * shapes and words (MuFormation). */
  const MuFormationShape *formations;
  guint n_formations;
  /* The arms of its units, the words of arm="…" (mu_ruleset_arms()).
   * NULL/0: the format's four (MuArm). */
  const MuArmInfo *arms;
  guint n_arms;
  /* The markers it places (may be NULL/0: a ruleset that describes none
   * yet) and the statuses its counters take (NULL/0: the engine's two,
   * mu_ruleset_statuses()). */
  const MuMarkerInfo *markers;
  guint n_markers;
  const MuStatusInfo *statuses;
  guint n_statuses;
  /* The ruleset's own checks of a scenario (task grammar, placement,
   * value ranges), appended to problems as mu-problem.h errors naming the
   * line. May be NULL. The generic checks (ids, references, the board)
   * are mu_scenario_check()'s. */
  void     (*check_scenario)   (const MuScenario *scenario, GPtrArray *problems);
  /* Optional: a line the editor shows under a side's form, what the rules
   * make of that side of the scenario (toy-soldiers: its selections and
   * the élan they grant, TS-AMB-78); a new translated string, or NULL. */
  char    *(*side_hint)        (const MuScenario *scenario, const char *side);
  /* Optional: the default of a boolean special rule that the scenario's
   * data enables (a railroad reserve, railroads), in *on; FALSE when the
   * option's default is its declared default_value. Play reads the option
   * with this default, and the editor shows it. */
  gboolean (*option_default)   (const MuScenario *scenario, const char *key, gboolean *on);
  /* The table areas its troops may neither stand on nor enter, as bits
   * (1 << MuAreaKind); 0: MU_AREA_IMPASSABLE alone. Read it through
   * mu_ruleset_area_impassable(), the one test of the scenario checker,
   * the move evaluator and the invariants. */
  guint32  impassable_areas;

  /* Play. A ruleset that is registered but cannot be played yet (its
   * rules are described, not implemented) leaves everything below NULL:
   * see mu_ruleset_can_play(). */

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

  /* Optional: a copy of the state for the dry run (mu_match_check) that
   * shares the scenario and uses `dice`, a copy of the match's; it is played
   * on and freed with state_free. NULL: the dry run replays the match on a
   * scratch copy, at a cost that grows with the match's length. */
  gpointer (*state_copy)       (gpointer state, MuDice *dice);
  /* Optional: what a move command costs against the counter's allowance,
   * legal or not, in the ruleset's units (whole movement points on hexes;
   * table units, to 0.01, on a table); FALSE when it is no move or is
   * refused before its cost is known. */
  gboolean (*move_cost)        (gpointer state, const MuCommand *command, double *cost,
                                double *allowance);

  /* Every legal command now (of MuCommand*, free func set; the commands
   * may be shared with what the ruleset keeps, mu_command_ref()). For move-like
   * commands it lists complete legal paths to every reachable destination
   * (one path each), so the list is finite. */
  GPtrArray *(*legal_commands) (gpointer state);
  /* Optional: the counter's line of sight to `to` by the rules its fire
   * uses (the same function), filled into sight (mu-sight.h). FALSE with
   * MU_ERROR_ILLEGAL when the counter is unknown or not on the board (then
   * sight is left cleared). NULL: the ruleset cannot say. */
  gboolean (*line_of_sight)    (gpointer state, const char *counter, const MuPos *to,
                                MuSight *sight, GError **error);
  /* Destinations the counter may legally reach now (of MuPos). */
  GArray   *(*legal_moves)     (gpointer state, const char *counter);
  /* Ids of the counters the counter may legally attack now (of char*). */
  GPtrArray *(*legal_targets)  (gpointer state, const char *counter);
  /* Optional: the legal commands that name the counter (of MuCommand*, free
   * func set), the same and in the same order as legal_commands' that have
   * it as a word argument, found faster; a ruleset whose legal_commands is a
   * sample (a table's moves, one counter at a time) gives every counter its
   * own sample and the rest of the list that names it. A counter that
   * takes commands by another name (a Toy Soldiers battalion holding a
   * village block, TS-VIL-2) also gets the commands that name that. NULL:
   * the match filters legal_commands. */
  GPtrArray *(*legal_actions)  (gpointer state, const char *counter);

  void     (*position)         (gpointer state, MuPosition *position);
  /* NULL when nothing is pending beyond the normal phase commands. */
  const MuDecision *(*pending) (gpointer state);
  /* Counters in scenario order (of MuCounterView, an array from
   * mu_counter_view_array_new() that the state owns and fills again at the
   * next call; a caller that keeps the views copies them,
   * mu_counter_view_array_copy). */
  GArray   *(*counters)        (gpointer state);
  /* Optional: the counters as `side` may see them (hidden units left out or
   * shown where they were last seen). NULL: every side sees everything. */
  GArray   *(*counters_for)    (gpointer state, const char *side);
  GArray   *(*objectives)      (gpointer state);
  /* Optional (tables): what play has changed of the table besides the
   * units, areas and point markers (mu-table-state.h), owned by the
   * state; NULL when the ruleset keeps none. */
  const MuTableState *(*table_state) (gpointer state);
  /* Optional: the current value of a declared resource (MuTurnStructure.
   * resources) of `owner`, a side id or a counter id; FALSE when the owner
   * has none. */
  gboolean (*resource)         (gpointer state, const char *resource, const char *owner, int *value);
  /* Fills the result; result->over says whether the match has ended. */
  void     (*victory)          (gpointer state, MuResult *result);
  /* Checks the state's invariants; FALSE with a message naming the broken one. */
  gboolean (*check_invariants) (gpointer state, GError **error);
  /* Optional (may be NULL): with on, the ruleset also checks its invariants
   * each time it appends an event, on the state left by the events before
   * it; check_invariants then reports the first such failure. For the
   * simulator (a testing aid, slower). */
  void     (*check_each_event) (gpointer state, gboolean on);
  /* Optional (may be NULL): what is still to do in the current step, as
   * MuTodo appended to todo (an array of MuTodo with mu_todo_clear as its
   * clear function), every compulsory thing that keeps the step from
   * ending among them. Without it the match can only tell, from the legal
   * commands, whether the step may end (mu_match_get_outstanding). */
  void     (*outstanding)      (gpointer state, GArray *todo);

  /* Asking the engine, on any board (all optional, NULL when the ruleset
   * has none): */
  /* Where the counter may go now on a table, as a region of the points its
   * position (MuPos.point) may take by a legal move; newly allocated, NULL
   * when it may not move (or on a hex board: legal_moves lists the hexes). */
  MuRegion *(*legal_region)    (gpointer state, const char *counter);
  /* Where an attack that moves into contact (a charge) would carry its
   * unit, judged before any die is rolled: the unit's position after the
   * command's own facing and formation changes, then where it would touch
   * its target (of MuPos, table points with facing), appended to path;
   * FALSE, nothing appended, when the command is refused now or moves
   * nothing. The board draws it for the player to confirm the attack. */
  gboolean  (*attack_path)     (gpointer state, const MuCommand *command, GArray *path);
  /* The command a computer player takes now where the rules prescribe one
   * (an order the rules set, BAA-DAY-2's withdrawal of the first unsafe
   * unit): one of `legal` (the legal commands, as legal_commands gives
   * them), or NULL to let the policy choose. Keeps the policy (mu-policy.c)
   * free of any ruleset's commands and decisions. */
  const MuCommand *(*policy_hint) (gpointer state, GPtrArray *legal);
  /* Optional: TRUE when `command` (a legal one) would take back what its
   * side just did (`commands`, the match's so far): a computer player
   * choosing at random leaves it, so that it does not deploy and recall
   * a screen over and over in one action. It stays legal for people. */
  gboolean (*policy_avoid) (gpointer state, const GPtrArray *commands, const MuCommand *command);
  /* Optional: the command radius the counter belongs to, in *out; FALSE
   * when it has none now (an unassigned STAR unit, a commander off the
   * board). For the board to show it when the counter is selected. */
  gboolean (*command_radius)   (gpointer state, const char *counter, MuCommandRadius *out);
  /* Optional (tables): the counter's front arc as its rules measure it
   * (TAB-14), out to the farthest its fire reaches, for the board to draw
   * when it is selected: the boundary's segments as pairs of table points
   * appended to segments (of MuPoint), *rule the static rule id; FALSE,
   * nothing appended, when it has none now (a commander, a unit off the
   * table). */
  gboolean (*front_arc)        (gpointer state, const char *counter, GArray *segments,
                                const char **rule);

  /* Reactions (all three, or none: a ruleset without reactions). */
  /* Whether `command`, just applied by the active side (no decision left
   * pending), opens a window: TRUE with window's id, side and optionally
   * subject and rule set (newly allocated; the match owns them). The match
   * keeps it open only while `reactions` lists something. */
  gboolean (*reaction_window)  (gpointer state, const MuCommand *command, MuReactionWindow *window);
  /* The legal reactions of the window's side now (of MuCommand*, free func
   * set), without `pass`, which the match adds. */
  GPtrArray *(*reactions)      (gpointer state, const MuReactionWindow *window);
  /* Applies a reaction, or refuses it as apply does (changing nothing).
   * Answers to a decision pending in the window go to apply. */
  gboolean (*react)            (gpointer state, const MuReactionWindow *window,
                                const MuCommand *command, GPtrArray *events, GError **error);
  /* Optional: the window has closed (passed, or no reaction left), so
   * what its trigger began may go on (regimental's charge, declared
   * before the window and resolved after it), adding events. */
  void (*window_closed)        (gpointer state, const MuReactionWindow *window, GPtrArray *events);
};

/* Registry: the one list of rulesets. */
const MuRuleset   *mu_ruleset_find        (const char *id);
/* Makes a ruleset that is not shipped findable by mu_ruleset_find (the
 * engine's tests play, save and load matches of their own rulesets);
 * mu_ruleset_list never lists it. The ruleset must outlive the program;
 * registering an id twice keeps the first. Not thread-safe: call it
 * before any match is made. */
void               mu_ruleset_register    (const MuRuleset *ruleset);
/* NULL-terminated list of every ruleset. */
const MuRuleset *const *mu_ruleset_list   (void);
/* "baa-hex, baa-table, ..." for messages; newly allocated. */
char              *mu_ruleset_list_ids    (void);
/* TRUE when matches of the ruleset can be played (its play functions exist). */
gboolean           mu_ruleset_can_play    (const MuRuleset *ruleset);
const MuVerbInfo  *mu_ruleset_find_verb   (const MuRuleset *ruleset, const char *verb);
/* The scenario's sides (MuSide*, the scenario's; the array is the
 * caller's) in the order they play a turn, for a front end that lists
 * them: with fixed sides (baa: the CSA first, BAA-GEN-3) the ruleset's
 * first when the scenario has them all, as its matches take them, then
 * any other; else, where the order is the scenario's or rolled each turn,
 * the scenario's order. */
GPtrArray         *mu_ruleset_sides_in_play_order (const MuScenario *scenario);
const MuRuleOptionInfo *mu_ruleset_find_option (const MuRuleset *ruleset, const char *key);
/* What a boolean option of the ruleset is when the scenario does not set
 * it: what the scenario's data enables (option_default), else the declared
 * default_value. */
gboolean           mu_ruleset_option_default (const MuRuleset *ruleset, const MuScenario *scenario,
                                              const MuRuleOptionInfo *info);
/* NULL when the scenario's option holds a value of the declared type: on/off
 * (enabled="…"), a whole number in [min, max] or one of the choices
 * (value="…"); else what is wrong, for people (newly allocated). The
 * scenario checker reports it on the option's line. */
char              *mu_rule_option_check   (const MuRuleOptionInfo *info, const MuRuleOption *option);
/* The marker with this id (a word of MuCounterView.markers, or the kind of
 * a board marker's event), or NULL. */
const MuMarkerInfo *mu_ruleset_find_marker (const MuRuleset *ruleset, const char *id);
/* The name for people (translated) of a roll's purpose the ruleset
 * declares, or NULL when it declares none for that word. */
const char        *mu_ruleset_roll_name   (const MuRuleset *ruleset, const char *purpose);
/* The name of a word of an event's text (MuRuleset.event_words) in the
 * person's language, or NULL when the ruleset gives none. Static. */
const char        *mu_ruleset_event_word_name (const MuRuleset *ruleset, const char *word);
/* The declaration of the event kind with this word: the ruleset's, else
 * the engine's own; NULL when neither has it. */
const MuEventKindInfo *mu_ruleset_find_event_kind (const MuRuleset *ruleset, const char *word);
/* The statuses a ruleset's counters may be in: its declaration, else the
 * engine's two (active, dispersed), in *n. Static. */
const MuStatusInfo *mu_ruleset_statuses (const MuRuleset *ruleset, guint *n);
/* The status with this word (mu_ruleset_statuses()), or NULL. */
const MuStatusInfo *mu_ruleset_find_status (const MuRuleset *ruleset, const char *word);
/* Whether a status (NULL: none) has all of flags. */
gboolean            mu_status_has (const MuStatusInfo *status, MuStatusFlags flags);

/* Declared arms and formations (mu-ruleset-pieces.c) ---------------------------- */

/* The arms the ruleset's units may be of: its declaration, else the
 * format's four (infantry, cavalry, artillery, riverboat), in *n. Static. */
const MuArmInfo   *mu_ruleset_arms        (const MuRuleset *ruleset, guint *n);
/* The arm with this word (mu_ruleset_arms()), or NULL. */
const MuArmInfo   *mu_ruleset_find_arm    (const MuRuleset *ruleset, const char *id);
/* The arm of a unit: its word's declaration, NULL when the ruleset has no
 * such arm (the checker says so). */
const MuArmInfo   *mu_counter_arm         (const MuRuleset *ruleset, const MuCounter *counter);
/* Sets a unit's arm from its word: one of mu_ruleset_arms(); arm becomes
 * the declaration's basing. FALSE with a message naming the allowed words
 * otherwise, the counter unchanged. */
gboolean           mu_counter_set_arm     (const MuRuleset *ruleset, MuCounter *counter,
                                           const char *word, GError **error);
/* The allowed arms (or formations) for people: "one of infantry, cavalry".
 * Newly allocated. */
char              *mu_ruleset_describe_arms (const MuRuleset *ruleset);
char              *mu_ruleset_describe_formations (const MuRuleset *ruleset);
/* The same words as a list for a sentence: "infantry, cavalry, artillery or
 * riverboat". Newly allocated. */
char              *mu_ruleset_arm_words   (const MuRuleset *ruleset);
char              *mu_ruleset_formation_words (const MuRuleset *ruleset);
/* Whether a word may stand in a counter's formation="…": one of the
 * format's (MuFormation) or a formation the ruleset declares. */
gboolean           mu_ruleset_formation_word_ok (const MuRuleset *ruleset, const char *word);
/* The display name of a formation the ruleset declares (translated), the
 * word itself when it has none. */
const char        *mu_ruleset_formation_name (const MuRuleset *ruleset, const char *id);

/* Whether troops of the ruleset may neither stand on nor enter an area of
 * the kind (MuRuleset.impassable_areas; ruleset NULL: impassable areas). */
gboolean           mu_ruleset_area_impassable (const MuRuleset *ruleset, MuAreaKind kind);
/* The counters as the scenario places them, before any match (the editor's
 * board, exports): a view of each counter placed on the scenario's board,
 * in scenario order, active, at full strength, with the markers of its
 * declared flags that are on (baa: "fatigued"), and on a table its stands as the ruleset sets them
 * up (mu_scenario_counter_stands, the layout play starts from). ruleset may be NULL (a ruleset Muster does
 * not know). A new array (mu_counter_view_array_new; g_array_unref). */
GArray            *mu_ruleset_placed_counters (const MuRuleset *ruleset, const MuScenario *scenario);

const char        *mu_rule_class_to_string     (MuRuleClass rule_class);
void               mu_result_clear             (MuResult *result);

/* The stable --state text: first line the position, then one line per
 * counter and per objective (see README.md, "Match text formats"). */
char              *mu_ruleset_format_state (const MuRuleset *ruleset, gpointer state,
                                            const MuScenario *scenario);
/* The same as `side` may see it (NULL: everything); a hidden decision of
 * another side shows as "decision ID side=SIDE hidden". */
char              *mu_ruleset_format_state_for (const MuRuleset *ruleset, gpointer state,
                                                const MuScenario *scenario, const char *side);
/* What the --state text may add. */
typedef enum {
  MU_STATE_STANDS = 1 << 0,   /* after each counter with stands: "stands ID @X,Y/F ..." */
} MuStateFlags;
char              *mu_ruleset_format_state_full (const MuRuleset *ruleset, gpointer state,
                                                 const MuScenario *scenario, const char *side,
                                                 MuStateFlags flags);
const char        *mu_answer_kind_to_string (MuAnswerKind kind);
void               mu_todo_clear               (gpointer todo);
/* A new, empty array of MuTodo that clears its items. */
GArray            *mu_todo_array_new           (void);

G_END_DECLS
