/* mu-table-los.h: line of sight on a table (TAB-16)
 *
 * Line of sight exists when at least one of the nine lines between three
 * points of the firer's front edge (its ends and middle) and three points of
 * the target's nearest edge is clear. A line is blocked by a stand of a third
 * unit on it (commanders never block), by blocking terrain beyond the
 * visible depth inside it, by ground higher than both ends between them, and
 * by a crest line it crosses when neither end is at the crest. What blocks
 * which way is the ruleset's, in MuLosParams.
 */
#pragma once

#include <glib.h>

#include "mu-table-stand.h"
#include "mu-table-terrain.h"

G_BEGIN_DECLS

typedef struct {
  /* How far one sees into an area of each kind, in table units; a negative
   * value: the kind does not block. Per area: a line is blocked when its
   * length inside one area exceeds the depth. */
  double visible_depth[MU_AREA_N];
  gboolean levels;           /* hill levels block (TAB-16) */
  /* A crest line blocks a line that crosses it unless one of its ends is
   * within this distance of the crest; negative: crests are ignored. */
  double crest_clearance;
  gboolean units_block;      /* stands of third units block */
  /* A hill area with no crest line drawn inside it has its outline as its
   * crest, passed by a line end inside the hill within crest_clearance of
   * the outline (a ruleset's choice, e.g. MN-AMB-73). */
  gboolean hill_outline_crests;
} MuLosParams;

/* Woods, settlements, built-up areas and buildings block with a visible
 * depth of 0; light woods, fields and the rest do not; levels and units
 * block; a crest blocks unless an end is within one inch (2.54 cm) of it. */
void      mu_los_params_init        (MuLosParams *params, MuLengthUnit unit);

/* A unit that may stand in the way. */
typedef struct {
  const char *id;
  const MuStand *stands;
  guint n_stands;
  gboolean commander;        /* commanders never block (TAB-16) */
} MuLosUnit;

typedef enum {
  MU_LOS_CLEAR,
  MU_LOS_UNIT,               /* a stand of a third unit */
  MU_LOS_TERRAIN,            /* blocking terrain beyond its visible depth */
  MU_LOS_HIGHER_GROUND,      /* a hill higher than both ends */
  MU_LOS_CREST,              /* a crest line */
} MuLosBlock;

typedef struct {
  gboolean clear;
  guint n_clear;             /* how many of the nine lines are clear */
  MuPoint from, to;          /* the first clear line; when blocked, the middle line */
  /* When blocked: what blocks the middle line (firer's middle to target's middle). */
  MuLosBlock block;
  int area;                  /* MU_LOS_TERRAIN, MU_LOS_HIGHER_GROUND: index in table->areas */
  int line;                  /* MU_LOS_CREST: index in table->lines */
  const char *unit;          /* MU_LOS_UNIT: the MuLosUnit's id (borrowed) */
} MuLosResult;

/* TAB-16 between the firer's stands and the target's. `others` are the units
 * that may block (the firer and the target need not be left out: a unit
 * whose stands are the firer's or the target's array is skipped). */
gboolean  mu_table_los              (MuTerrainIndex *index, const MuLosParams *params,
                                     const MuStand *firer, guint n_firer,
                                     const MuStand *target, guint n_target,
                                     const MuLosUnit *others, guint n_others,
                                     MuLosResult *result);
/* What blocks the single line from a to b (MU_LOS_CLEAR when nothing). */
MuLosBlock mu_table_los_line        (MuTerrainIndex *index, const MuLosParams *params,
                                     MuPoint a, MuPoint b,
                                     const MuLosUnit *others, guint n_others,
                                     const MuStand *skip_a, const MuStand *skip_b,
                                     MuLosResult *result);
const char *mu_los_block_to_string  (MuLosBlock block);

/* A memo of mu_table_los () answers for one terrain index, for a ruleset
 * that asks the same sights again and again (its legal commands after each
 * command played). An answer is reused only when every input is the same
 * to the bit: the parameters, the firer's and target's stands and those of
 * every unit that could stand on one of the lines; it is the answer
 * mu_table_los () gives. */
typedef struct _MuLosMemo MuLosMemo;

MuLosMemo *mu_los_memo_new          (void);
void      mu_los_memo_free          (MuLosMemo *memo);
/* How many answers were found in the memo and how many worked out. */
void      mu_los_memo_counts        (const MuLosMemo *memo, guint *hits, guint *misses);
/* mu_table_los () through the memo; index must be the same at every call. */
gboolean  mu_table_los_memo         (MuLosMemo *memo, MuTerrainIndex *index,
                                     const MuLosParams *params,
                                     const MuStand *firer, guint n_firer,
                                     const MuStand *target, guint n_target,
                                     const MuLosUnit *others, guint n_others,
                                     MuLosResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuLosMemo, mu_los_memo_free)

G_END_DECLS
