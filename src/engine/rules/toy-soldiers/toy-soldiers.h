/* toy-soldiers.h: what the toy-soldiers ruleset offers besides its
 * registry table (mu_ruleset_toy_soldiers): the force-selection hint.
 * Private to the engine and its tests.
 */
#pragma once

#include "mu-ruleset.h"

G_BEGIN_DECLS

/* TS-SEL-1..3, TS-AMB-78, TS-AMB-79: the selections a side of the
 * scenario has made (each unit, each option its flags name, the
 * Defender's Defend option) and the élan table `selection-elan` grants
 * them (TS-ELAN-1 less what the opponent's Defend option gives, which the
 * scenario does not say). A hint for the designer: a match never
 * computes élan. FALSE when the scenario has no such side. */
gboolean mu_toy_soldiers_selection (const MuScenario *scenario, const char *side, int *points,
                                    int *elan);

G_END_DECLS
