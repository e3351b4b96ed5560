/* toy-soldiers.h: the toy-soldiers play table while it is being built
 *
 * The registry's toy-soldiers (mu_ruleset_toy_soldiers) describes the
 * ruleset and is not playable until part 1 is complete and every rule id
 * of its sections is named by a test (NOTES.md in this folder). The same
 * ruleset with the play functions written so far is this table, for the
 * engine's tests (tests/engine/test-rule-scripts.c plays
 * tests/fixtures/rules/toy-soldiers/ with it). Private to the engine and
 * its tests.
 */
#pragma once

#include "mu-ruleset.h"

G_BEGIN_DECLS

extern const MuRuleset toy_soldiers_in_progress;

/* TS-SEL-1..3, TS-AMB-78, TS-AMB-79: the selections a side of the
 * scenario has made (each unit, each option its flags name, the
 * Defender's Defend option) and the élan table `selection-elan` grants
 * them (TS-ELAN-1 less what the opponent's Defend option gives, which the
 * scenario does not say). A hint for the designer: a match never
 * computes élan. FALSE when the scenario has no such side. */
gboolean mu_toy_soldiers_selection (const MuScenario *scenario, const char *side, int *points,
                                    int *elan);

G_END_DECLS
