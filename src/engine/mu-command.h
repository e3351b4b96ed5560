/* mu-command.h: the command language
 *
 * Every player decision is one line of text. Words are separated by blanks;
 * hexes are written as printed on the map (CCRR, e.g. 0412), table positions
 * (tabletop systems) as @X,Y in table units; units and commanders by their
 * scenario ids. Parsing needs no scenario: it checks the shape of a line, the
 * ruleset checks its meaning. mu_command_to_string() gives the canonical form,
 * and parse(to_string(c)) == c.
 *
 *   move UNIT POS...                 a path, the first position is the first step
 *   withdraw UNIT POS...             a withdrawal from melee (BAA-MOV-12)
 *   fire UNIT TARGET                 TARGET is the primary target when stacked
 *   fire-group TARGET UNIT UNIT...   grouped fire, firers in declared order
 *   fire-commander UNIT COMMANDER    shoot a lone commander (BAA-CDR-4/5)
 *   melee UNIT TARGET
 *   melee-group TARGET UNIT UNIT...
 *   breach UNIT HEX DIR              fire at the hexside DIR (0..5) of HEX
 *   breach-group HEX DIR UNIT UNIT...
 *   assign UNIT COMMANDER            a STAR unit reports to COMMANDER (BAA-CMD-11)
 *   direct CONTROL COMMAND           direct control of a division (BAA-CMD-10)
 *   place UNIT POS                   set a counter down (repositioning, BAA-DAY-3)
 *   march CONTROL COMMAND flank|rear tactical march (BAA-DAY-4)
 *   reposition CONTROL COMMAND       repositioning roll (BAA-DAY-3)
 *   choose ANSWER                    answers the pending decision
 *   end-phase
 *
 * A line starting with '#' and an empty line parse as "no command"
 * (mu_command_parse returns NULL without an error).
 */
#pragma once

#include <glib.h>

#include "mu-hex.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef enum {
  MU_COMMAND_MOVE,
  MU_COMMAND_WITHDRAW,
  MU_COMMAND_FIRE,
  MU_COMMAND_FIRE_GROUP,
  MU_COMMAND_FIRE_COMMANDER,
  MU_COMMAND_MELEE,
  MU_COMMAND_MELEE_GROUP,
  MU_COMMAND_BREACH,
  MU_COMMAND_BREACH_GROUP,
  MU_COMMAND_ASSIGN,
  MU_COMMAND_DIRECT,
  MU_COMMAND_PLACE,
  MU_COMMAND_MARCH,
  MU_COMMAND_REPOSITION,
  MU_COMMAND_CHOOSE,
  MU_COMMAND_END_PHASE,
  MU_COMMAND_N
} MuCommandKind;

/* A position: a hex on hex boards, a point on tables. */
typedef struct {
  gboolean is_point;
  MuHex hex;
  MuPoint point;
} MuPos;

typedef struct {
  MuCommandKind kind;
  char *unit;        /* the acting counter (move, fire, ...; control for direct/march/reposition) */
  char *target;      /* target unit/commander; the commander for assign; command for direct/march */
  GPtrArray *units;  /* of char*: the group (fire-group, melee-group, breach-group), never NULL */
  GArray *path;      /* of MuPos: move/withdraw path, place/breach position; never NULL */
  int dir;           /* breach: hexside direction 0..5; -1 otherwise */
  char *answer;      /* choose: the answer word; march: "flank" or "rear" */
} MuCommand;

MuCommand    *mu_command_new              (MuCommandKind kind);
void          mu_command_free             (MuCommand *command);
MuCommand    *mu_command_copy             (const MuCommand *command);
gboolean      mu_command_equal            (const MuCommand *a, const MuCommand *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuCommand, mu_command_free)

/* Convenience constructors (strings are copied). */
MuCommand    *mu_command_new_end_phase    (void);
MuCommand    *mu_command_new_choose       (const char *answer);
MuCommand    *mu_command_new_move         (MuCommandKind kind, const char *unit,
                                           const MuHex *hexes, guint n);
MuCommand    *mu_command_new_attack       (MuCommandKind kind, const char *unit,
                                           const char *target);
void          mu_command_add_hex          (MuCommand *command, MuHex hex);
void          mu_command_add_unit         (MuCommand *command, const char *unit);

/* The verb word ("move", "end-phase"): what the ruleset's MuVerbInfo names. */
const char   *mu_command_get_verb         (const MuCommand *command);
const char   *mu_command_kind_to_string   (MuCommandKind kind);
gboolean      mu_command_kind_from_string (const char *word, MuCommandKind *kind);

/* Parses one line. Returns NULL with error set (MU_ERROR_PARSE, message naming
 * the word that is wrong) or NULL without error for blank/comment lines. */
MuCommand    *mu_command_parse            (const char *line, GError **error);
/* The canonical text form (no newline). Newly allocated. */
char         *mu_command_to_string        (const MuCommand *command);

/* Parses a whole script: one command per line. On an error names the line
 * number ("commands:12: ..."), using `name` for the file name. Returns a
 * GPtrArray of MuCommand* (free func set). */
GPtrArray    *mu_command_parse_script     (const char *text, const char *name, GError **error);

/* Hex text without a grid: two digits each, three when above 99. */
void          mu_pos_format               (const MuPos *pos, char *buf, gsize len);

G_END_DECLS
