/* baa-command.h: a baa-hex command decoded from the generic MuCommand
 * (verb + typed arguments, mu-command.h) into the fields the rules use.
 * (Not for use outside src/engine/rules.) */
#pragma once

#include <glib.h>

#include "mu-command.h"

G_BEGIN_DECLS

typedef enum {
  BAA_COMMAND_MOVE,
  BAA_COMMAND_WITHDRAW,
  BAA_COMMAND_FIRE,
  BAA_COMMAND_FIRE_GROUP,
  BAA_COMMAND_FIRE_COMMANDER,
  BAA_COMMAND_MELEE,
  BAA_COMMAND_MELEE_GROUP,
  BAA_COMMAND_BREACH,
  BAA_COMMAND_BREACH_GROUP,
  BAA_COMMAND_ASSIGN,
  BAA_COMMAND_DIRECT,
  BAA_COMMAND_PLACE,
  BAA_COMMAND_MARCH,
  BAA_COMMAND_REPOSITION,
  BAA_COMMAND_CHOOSE,
  BAA_COMMAND_END_PHASE,
  BAA_COMMAND_N
} BaaCommandKind;

typedef struct {
  BaaCommandKind kind;
  char *unit;        /* the acting counter (move, fire, ...; control for direct/march/reposition) */
  char *target;      /* target unit/commander; the commander for assign; command for direct/march */
  GPtrArray *units;  /* of char*: the group (fire-group, melee-group, breach-group), never NULL */
  GArray *path;      /* of MuPos: move/withdraw path, place/breach position; never NULL */
  int dir;           /* breach: hexside direction 0..5; -1 otherwise */
  char *answer;      /* choose: the answer word; march: "flank" or "rear" */
} BaaCommand;

BaaCommand *baa_command_new        (BaaCommandKind kind);
void        baa_command_free       (BaaCommand *command);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BaaCommand, baa_command_free)

BaaCommand *baa_command_new_end_phase (void);
BaaCommand *baa_command_new_choose    (const char *answer);
BaaCommand *baa_command_new_move      (BaaCommandKind kind, const char *unit, const MuHex *hexes, guint n);
BaaCommand *baa_command_new_attack    (BaaCommandKind kind, const char *unit, const char *target);
/* What baa_command_encode (baa_command_new_move (...)) gives, made at once. */
MuCommand  *baa_command_encode_move   (BaaCommandKind kind, const char *unit, const MuHex *hexes, guint n);
/* Whether mc is what baa_command_encode_move() gives for these. */
gboolean    baa_command_is_move       (const MuCommand *mc, BaaCommandKind kind, const char *unit,
                                       const MuHex *hexes, guint n);
void        baa_command_add_hex       (BaaCommand *command, MuHex hex);
void        baa_command_add_unit      (BaaCommand *command, const char *unit);

/* From the generic command (parsed against baa-hex's verbs); NULL with
 * MU_ERROR_ILLEGAL for a verb or argument baa-hex does not know. */
BaaCommand *baa_command_decode     (const MuCommand *command, GError **error);
/* The rule the command's verb is under (baa_verbs in baa-hex.c): the id a
 * refusal names when no narrower rule applies (an unknown counter). */
const char *baa_command_rule       (BaaCommandKind kind);
/* To the generic command, newly allocated. */
MuCommand  *baa_command_encode     (const BaaCommand *command);

G_END_DECLS
