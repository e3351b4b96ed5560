/* baa-common.h: what Brothers at Arms plays the same on the hex board
 * (baa-hex) and on the table (baa-table)
 *
 * Both rulesets call these; neither keeps its own copy. Private to the
 * engine's rulesets (not for the app or the command line).
 *
 *   - the special rules a scenario's data enables (railroads, river boats);
 *   - victory levels from the difference in objectives (BAA-VIC-2, BAT-OBJ-4);
 *   - the objective hold counter: three consecutive round-end checks claim
 *     (BAA-OBJ-2, BAA-AMB-42; BAT-OBJ-2, BAT-AMB-29), ownership persists
 *     (BAA-OBJ-3, BAT-OBJ-3);
 *   - rest towards recovery from fatigue: four bounds (BAA-FAT-2, BAT-FAT-2);
 *   - the grammar of task objectives' conditions (BAA-VIC-4, BAT-OBJ-5).
 *
 * What every ruleset writes the same way (refusals, events, questions,
 * results, the timeline) is the engine's rules kit (mu-rules-kit.h).
 */
#pragma once

#include <glib.h>

#include "mu-event.h"
#include "mu-hex.h"
#include "mu-rules-kit.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

#define BAA_COMMON_NONE (-1)

/* "draw" (0), "tactical" (1-2), "decisive" (3-4), "complete" (5 and more). */
const char *baa_common_victory_level   (int difference);

/* An objective's markers: owner and the side holding it towards a claim. */
typedef struct {
  int owner;         /* side index, BAA_COMMON_NONE */
  int hold_side;
  int hold_count;
} BaaHold;

typedef enum {
  BAA_HOLD_NOTHING,  /* nobody holds it (the count is reset), or its owner holds it */
  BAA_HOLD_COUNTED,  /* hold_side holds it, hold_count checks running */
  BAA_HOLD_CLAIMED,  /* the third check: owner is now hold_side */
} BaaHoldResult;

/* One round-end check: `present` is the only side holding it unopposed, or
 * BAA_COMMON_NONE (nobody, or both sides there). */
BaaHoldResult baa_common_hold_check    (BaaHold *hold, int present);

/* Rest (BAA-FAT-2, BAT-FAT-2): adds `bounds` rest bounds to *streak (0..4).
 * Returns TRUE when a fatigued unit recovers (the streak starts again). */
gboolean    baa_common_rest            (int *streak, gboolean *fatigued, int bounds);
#define BAA_REST_BOUNDS 4

/* The die a reserve on a march needs to arrive (BAA-RES-4, BAT-RES-2): 5
 * for a flank march, 6 for a full encircling move; 0 for any other reserve. */
int         baa_common_march_need      (MuReserveKind kind);

/* Special rules a scenario enables by its data unless it says otherwise
 * (baa.railroads, bat.railroads; baa.river-boats, bat.river-boats): it has
 * a railroad reserve; some unit is a river boat. */
gboolean    baa_common_has_rail_reserve (const MuScenario *s);
gboolean    baa_common_has_river_boat   (const MuScenario *s);

/* A river boat exists only by its rule (BAA-SPC-4, BAT-MOV-11): each
 * river-boat unit of a scenario that turns the option `key` off is an
 * error at the unit's line, naming `rule`. */
void        baa_common_check_river_boats (const MuScenario *s, const char *key, const char *rule,
                                          GPtrArray *problems);
/* BAA §1.2-1.4: the division numbers of the order of battle. A command
 * counter's division is its side's only one; a unit's identity is a division
 * number (0: STAR), of a command counter of its side when the side has any,
 * and that of its parent command. Appended to problems as errors on the
 * counter's line. */
void        baa_common_check_divisions (const MuScenario *s, GPtrArray *problems);

/* Task objectives ------------------------------------------------------------ */

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
/* A task counting N units of a side ("disperse SIDE N", "exit SIDE EDGE N")
 * when the side's order of battle has fewer: it could never be met. An
 * error at the task's line naming `rule` is appended to problems. */
void      baa_task_check_count  (const MuScenario *s, const MuTaskObjective *t, const BaaTask *task,
                                 const char *rule, GPtrArray *problems);
#define BAA_TASK_GRAMMAR "disperse SIDE N, hold OBJECTIVE, hold SIDE HEX or exit SIDE EDGE N, N from 1"

G_END_DECLS
