/* mu-sight.h: the answer to "can this counter see there?"
 *
 * A ruleset answers the question with its own line-of-sight rules (the same
 * function its fire uses), on a hex board or a table, in these generic
 * terms, so that a front end can draw the line, mark what blocks it and name
 * the rule without knowing the ruleset (mu_match_line_of_sight).
 */
#pragma once

#include <glib.h>

#include "mu-pos.h"

G_BEGIN_DECLS

/* What blocks a line of sight. */
typedef enum {
  MU_SIGHT_CLEAR,
  MU_SIGHT_TERRAIN,      /* blocking terrain: woods, a settlement */
  MU_SIGHT_UNIT,         /* a unit between */
  MU_SIGHT_ELEVATION,    /* higher ground between, or the ends' heights (an edge rule) */
  MU_SIGHT_CREST,        /* a crest line */
  MU_SIGHT_N
} MuSightBlock;

typedef struct {
  gboolean clear;
  MuSightBlock block;    /* MU_SIGHT_CLEAR when clear */
  MuPos from;            /* the line's ends: the counter's position (a table: the point of */
  MuPos to;              /* its stand the line starts from) and the position asked about */
  gboolean has_blocker;  /* when blocked by something at a place: */
  MuPos blocker;         /* the blocking hex, or the point of the table where the line is blocked */
  const char *rule;      /* static: the rule id that blocks it (when clear: the rule of line of sight) */
  char *reason;          /* when blocked: why, for people (untranslated); owned, mu_sight_clear */
  char *unit;            /* MU_SIGHT_UNIT: the blocking counter's id when known; owned */
} MuSight;

void        mu_sight_clear            (MuSight *sight);
/* "clear", "terrain", "unit", "elevation", "crest". */
const char *mu_sight_block_to_string  (MuSightBlock block);

G_END_DECLS
