/* mu-rulesets.h: the ruleset tables, one per folder of src/engine/rules.
 * Only the registry (mu-ruleset.c) includes this; everyone else finds a
 * ruleset by id with mu_ruleset_find() or walks mu_ruleset_list(). */
#pragma once

#include "mu-ruleset.h"

G_BEGIN_DECLS

extern const MuRuleset mu_ruleset_baa_hex;
extern const MuRuleset mu_ruleset_baa_table;
extern const MuRuleset mu_ruleset_mn_acw;
extern const MuRuleset mu_ruleset_toy_soldiers;
extern const MuRuleset mu_ruleset_regimental;

G_END_DECLS
