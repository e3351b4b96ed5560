/* regimental.h: the regimental play table while it is being built
 *
 * The registry's regimental (mu_ruleset_regimental) describes the ruleset
 * and is not playable until its rules are complete and every rule id of
 * its digest is named by a test (NOTES.md in this folder). The same
 * ruleset with the play functions written so far is this table, for the
 * engine's tests (tests/engine/test-rule-scripts.c plays
 * tests/fixtures/rules/regimental/ with it; tests/engine/test-regimental.c
 * plays whole matches). Private to the engine and its tests.
 */
#pragma once

#include "mu-ruleset.h"

G_BEGIN_DECLS

extern const MuRuleset regimental_in_progress;

G_END_DECLS
