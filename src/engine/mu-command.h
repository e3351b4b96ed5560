/* mu-command.h: the command language
 *
 * Every player decision is one line of text: a verb and its arguments,
 * separated by blanks. The ruleset declares its verbs (MuVerbInfo) and the
 * shape of their arguments (MuVerbInfo.syntax); the parser checks a line
 * against that shape and types each argument; the ruleset then checks its
 * meaning when the command is applied. mu_command_to_string() gives the
 * canonical form, and parse(to_string(c)) == c for every command that parses,
 * so the text is the stable, readable match log.
 *
 * Arguments:
 *   WORD    a counter id or any other word ("u12", "flank", "0513" as an answer)
 *   POS     a hex label or a table point, see mu-pos.h ("0412", "@12.50,3.00/90.0")
 *   NUMBER  a decimal number, printed with at most two decimals ("3", "2.50")
 *   OPTION  KEY=VALUE
 *   STEP    one step of a path on a table: a position ("@X,Y" or "@X,Y/F"),
 *           "face F", "wheel l|r DEG" or "form ID"
 *
 * Syntax of MuVerbInfo.syntax, one element a word:
 *   HEX, POS, OFF      a POS (HEX: a hex only)
 *   DIR                a hexside direction 0..5
 *   N, NUMBER, DEG     a NUMBER
 *   STEP               a path step
 *   KEY=VALUE          an OPTION
 *   ANSWER             any one word
 *   a|b                one of these words
 *   other capitals     an id (UNIT, TARGET, COMMANDER, ...)
 *   X...               one or more X;   [X] X or nothing
 *   A | B              (spaced bar) either whole form
 *
 * A line starting with '#' and an empty line parse as "no command"
 * (mu_command_parse returns NULL without an error).
 */
#pragma once

#include <glib.h>

#include "mu-pos.h"

G_BEGIN_DECLS

typedef struct _MuRuleset MuRuleset;

typedef enum {
  MU_ARG_WORD,
  MU_ARG_POS,
  MU_ARG_NUMBER,
  MU_ARG_OPTION,
  MU_ARG_STEP,
} MuArgKind;

typedef enum {
  MU_MOVE_TO,       /* to a position (pos) */
  MU_MOVE_FACE,     /* turn to face `number` degrees */
  MU_MOVE_WHEEL,    /* wheel left (word "l") or right ("r") by `number` degrees */
  MU_MOVE_FORM,     /* change to formation `word` */
} MuMoveKind;

typedef struct {
  MuArgKind kind;
  char *word;        /* WORD; OPTION's key; STEP: "l"/"r" for a wheel, the formation id */
  char *value;       /* OPTION's value */
  MuPos pos;         /* POS; STEP MU_MOVE_TO */
  double number;     /* NUMBER (rounded to 0.01); STEP face/wheel degrees (rounded to 0.1) */
  MuMoveKind move;   /* STEP */
} MuArg;

typedef struct {
  char *verb;
  GArray *args;      /* of MuArg, never NULL */
  guint ref_count;   /* private: see mu_command_ref() */
} MuCommand;

MuCommand    *mu_command_new              (const char *verb);
/* Drops one reference: the command is freed with the last. */
void          mu_command_free             (MuCommand *command);
/* Shares the command (the lists of legal commands share what the ruleset
 * keeps between calls): a command that may be shared is read-only; take a
 * mu_command_copy() to change one. */
MuCommand    *mu_command_ref              (MuCommand *command);
/* Appends every command of `commands` to `list` (of MuCommand*, freeing
 * them), each shared: what mu_command_ref() on each and g_ptr_array_add()
 * give, for the long lists a ruleset copies from what it keeps. */
void          mu_command_list_add_refs    (GPtrArray *list, const GPtrArray *commands);
MuCommand    *mu_command_copy             (const MuCommand *command);
gboolean      mu_command_equal            (const MuCommand *a, const MuCommand *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuCommand, mu_command_free)

const char   *mu_command_get_verb         (const MuCommand *command);
guint         mu_command_n_args           (const MuCommand *command);
const MuArg  *mu_command_arg              (const MuCommand *command, guint i);
/* The word of argument i, or NULL when there is none or it is no word. */
const char   *mu_command_word             (const MuCommand *command, guint i);

void          mu_command_add_word         (MuCommand *command, const char *word);
void          mu_command_add_pos          (MuCommand *command, const MuPos *pos);
void          mu_command_add_hex          (MuCommand *command, MuHex hex);
void          mu_command_add_number       (MuCommand *command, double number);
void          mu_command_add_option       (MuCommand *command, const char *key, const char *value);
void          mu_command_add_step         (MuCommand *command, MuMoveKind move, const MuPos *pos,
                                           double number, const char *word);

/* Parses one line against the verbs `ruleset` declares. Returns NULL with
 * error set (MU_ERROR_PARSE, the message quoting the line and naming what
 * is wrong) or NULL without error for blank/comment lines. */
MuCommand    *mu_command_parse            (const MuRuleset *ruleset, const char *line, GError **error);
/* The canonical text form (no newline). Newly allocated. */
char         *mu_command_to_string        (const MuCommand *command);
/* Every position the command names fits the scenario's board (mu_pos_fits). */
gboolean      mu_command_fits             (const MuCommand *command, const MuScenario *scenario,
                                           GError **error);

/* Parses a whole script: one command per line. On an error names the line
 * number ("commands:12: ..."), using `name` for the file name. Returns a
 * GPtrArray of MuCommand* (free func set). */
GPtrArray    *mu_command_parse_script     (const MuRuleset *ruleset, const char *text,
                                           const char *name, GError **error);

G_END_DECLS
