/* baa-scenario.h: what baa-hex knows about a scenario before any match:
 * the grammar of task conditions (BAA-VIC-4), the impassability rule
 * (BAA-MOV-8, BAA-SPC-4) and the ruleset's scenario check. One definition
 * each, used by the scenario checker and by the match. (Not for use outside
 * src/engine/rules.) */
#pragma once

#include <glib.h>

#include "mu-hex.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef enum {
  BAA_TASK_DISPERSE,       /* disperse SIDE N */
  BAA_TASK_HOLD_OBJECTIVE, /* hold OBJECTIVE */
  BAA_TASK_HOLD_HEX,       /* hold SIDE HEX */
  BAA_TASK_EXIT,           /* exit SIDE EDGE N, EDGE one of n e s w */
} BaaTaskKind;

/* A parsed task condition; side and objective point into `words`, which
 * the caller frees with g_strfreev. */
typedef struct {
  BaaTaskKind kind;
  const char *side;
  const char *objective;
  MuHex hex;
  char edge;
  int count;
  char **words;
} BaaTask;

/* The condition's shape only (sides and objectives are not looked up).
 * FALSE for anything the engine does not score. */
gboolean  baa_task_parse        (const char *condition, BaaTask *task);
void      baa_task_clear        (BaaTask *task);
#define BAA_TASK_GRAMMAR "disperse SIDE N, hold OBJECTIVE, hold SIDE HEX or exit SIDE EDGE N"

/* BAA-MOV-8, BAA-SPC-4: may `who` (NULL: any counter) stand in a hex with
 * this cell, `river` saying whether it is a river hex (water, or a river
 * path runs through it)? The one statement of the rule; the match and the
 * scenario check only differ in how they find `river`. */
gboolean  baa_impassable_rule   (const MuHexCell *cell, gboolean river, const MuCounter *who);
gboolean  baa_map_impassable    (const MuHexMap *map, MuHex hex, const MuCounter *who);

/* MuRuleset.check_scenario of baa-hex. */
void      baa_check_scenario    (const MuScenario *scenario, GPtrArray *problems);

G_END_DECLS
