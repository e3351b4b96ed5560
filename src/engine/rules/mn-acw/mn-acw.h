/* mn-acw.h: the mn-acw play table while it is being built
 *
 * The registry's mn-acw (mu_ruleset_mn_acw) describes the ruleset and is
 * not playable until every rule id of its digest is named by a test and
 * the window plays it (NOTES.md in this folder). The same ruleset with
 * the play functions written so far is this table, for the engine's tests
 * (tests/engine/test-rule-scripts.c plays tests/fixtures/rules/mn-acw/
 * with it). Private to the engine and its tests.
 */
#pragma once

#include "mu-ruleset.h"

G_BEGIN_DECLS

extern const MuRuleset mn_acw_in_progress;

G_END_DECLS
