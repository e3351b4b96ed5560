/* baa-scenario.h: what baa-hex knows about a scenario before any match:
 * the impassability rule
 * (BAA-MOV-8, BAA-SPC-4) and the ruleset's scenario check. One definition
 * each, used by the scenario checker and by the match. (Not for use outside
 * src/engine/rules.) */
#pragma once

#include <glib.h>

#include "mu-hex.h"
#include "mu-scenario.h"

#include "baa-common.h"

G_BEGIN_DECLS


/* BAA-MOV-8, BAA-SPC-4: may `who` (NULL: any counter) stand in a hex with
 * this cell, `river` saying whether it is a river hex (water, or a river
 * path runs through it)? The one statement of the rule; the match and the
 * scenario check only differ in how they find `river`. */
gboolean  baa_impassable_rule   (const MuHexCell *cell, gboolean river, const MuCounter *who);
gboolean  baa_map_impassable    (const MuHexMap *map, MuHex hex, const MuCounter *who);

/* MuRuleset.check_scenario of baa-hex. */
void      baa_check_scenario    (const MuScenario *scenario, GPtrArray *problems);

G_END_DECLS
