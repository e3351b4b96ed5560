/* mu-table-state.h: what a match changes of a table besides its units
 *
 * Per-area state (a building set on fire and how often, destroyed, the unit
 * garrisoning it) and point markers with a radius and an expiry (smoke).
 * A ruleset keeps one in its state and hands it out through
 * MuRuleset.table_state; front ends read it there
 * (mu_match_get_table_state), the --state text prints it
 * (mu_table_state_format), and a saved match, being its commands, replays
 * it.
 *
 * Ownership: the state owns everything in it; the arrays it hands out are
 * its own, valid until it changes. mu_table_state_copy() keeps one.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct {
  const char *area;      /* the area's id (the scenario's) */
  int fire;              /* how often it has been set on fire */
  gboolean destroyed;
  char *garrison;        /* the unit holding it, or NULL */
  char *detail;          /* the ruleset's own KEY=V words about it (a
                          * garrison's size and state dice), or NULL */
} MuAreaState;

typedef struct {
  char *kind;            /* the ruleset's word: "smoke" */
  MuPoint at;
  double radius;         /* table units */
  int until;             /* the last bound it lasts; 0: until removed */
} MuPointMarker;

typedef struct _MuTableState MuTableState;

/* A state for the table's areas that have an id, all as at the start. */
MuTableState  *mu_table_state_new        (const MuTableMap *table);
MuTableState  *mu_table_state_copy       (const MuTableState *state);
void           mu_table_state_free       (MuTableState *state);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuTableState, mu_table_state_free)

/* The state of the area with this id, to read or change; NULL when the
 * table has no such area. */
MuAreaState   *mu_table_state_area       (MuTableState *state, const char *area);
/* unit NULL: no garrison. */
void           mu_table_state_set_garrison (MuAreaState *area, const char *unit);
/* The ruleset's own words on the area's --state line; NULL: none. */
void           mu_table_state_set_detail (MuAreaState *area, const char *detail);
/* A point marker of radius `radius` at `at`, lasting through bound `until`
 * (0: until removed). */
void           mu_table_state_add_marker (MuTableState *state, const char *kind, MuPoint at,
                                          double radius, int until);
/* Removes the markers whose last bound is before `bound`; how many went. */
guint          mu_table_state_expire     (MuTableState *state, int bound);
/* Removes the marker at index i of mu_table_state_markers(). */
void           mu_table_state_remove_marker (MuTableState *state, guint i);

/* The areas with an id, in the table's order (of MuAreaState). */
const GArray  *mu_table_state_areas      (const MuTableState *state);
/* The point markers, oldest first (of MuPointMarker). */
const GArray  *mu_table_state_markers    (const MuTableState *state);

/* The --state lines (README.md, "--state"), each ending with '\n': one per
 * area no longer as at the start,
 *   area ID fire=N destroyed=yes|no garrison=UNIT|- [DETAIL]
 * then one per point marker,
 *   marker KIND at=@X,Y radius=R until=N|-
 * radius with two decimals, until "-" for a marker that lasts. */
void           mu_table_state_format     (const MuTableState *state, GString *out);

G_END_DECLS
