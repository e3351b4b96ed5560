/* mu-table-layout.h: the stands a counter starts with on a table, as its
 * ruleset lays them out
 *
 * One source for a unit's formation at set-up (mu_counter_formation) and
 * one layout of its stands (mu_scenario_counter_stands), shared by play,
 * the scenario checker and anything that draws a scenario, so that a unit
 * stands alike in all of them (TAB-6).
 */
#pragma once

#include <glib.h>

#include "mu-ruleset.h"
#include "mu-scenario.h"
#include "mu-table-stand.h"

G_BEGIN_DECLS

/* The ruleset's declared formation of that id (MuRuleset.formations), or
 * NULL (also for a NULL ruleset). */
const MuFormationShape *mu_ruleset_find_formation (const MuRuleset *ruleset, const char *id);

/* The formation a counter starts in, an id the ruleset declares (a static
 * string): its `formation` value (<value field="formation">) when that is
 * one; else the format's attribute (formation="column") when the ruleset
 * declares that word, a column for "limbered", else the ruleset's first
 * formation. A ruleset that declares no formations gets the attribute's
 * word. */
const char *mu_counter_formation (const MuRuleset *ruleset, const MuCounter *counter);

/* Whether the ruleset's units keep their formation as a declared value:
 * it declares formations and a `formation` value. */
gboolean    mu_ruleset_has_formation_value (const MuRuleset *ruleset);

/* Sets the formation a counter starts in, in its one source: the
 * `formation` value of a ruleset that has it (mu_ruleset_has_formation_value)
 * must be a formation the ruleset declares; the format's attribute follows
 * where it has the same word and is line otherwise, so that the file does
 * not say two things. Without that value the attribute takes the word (line,
 * column, skirmish, limbered). FALSE with error for any other word,
 * the counter unchanged. */
gboolean    mu_counter_set_formation (const MuRuleset *ruleset, MuCounter *counter,
                                      const char *formation, GError **error);

/* TAB-5, TAB-6: the stands of a counter of the scenario on its table, in
 * `formation` (NULL: mu_counter_formation) with the shape its ruleset
 * declares (the format's default shapes for a ruleset that declares none),
 * `strength` stands (the counter's own when 0), the footprint's centre at
 * `centre` (what format-1 files record), facing `facing`. */
guint       mu_scenario_counter_stands (const MuScenario *scenario, const MuCounter *counter,
                                        const char *formation, int strength, MuPoint centre, double facing,
                                        MuStand *out, guint max);

/* TAB-11: the units of the scenario placed on its table whose starting
 * stands (mu_scenario_counter_stands) overlap another's: pairs of indices
 * into scenario->counters, the earlier first, in the order of the later one
 * (a GArray of guint, two per pair; free it). Commanders are left out: they
 * stand with their units. */
GArray     *mu_scenario_overlapping_units (const MuScenario *scenario);

G_END_DECLS
