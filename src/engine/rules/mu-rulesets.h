/* mu-rulesets.h: the ruleset tables, one per folder of src/engine/rules.
 * Only the registry (mu-ruleset.c) and the rulesets include this; everyone
 * else finds a ruleset by id with mu_ruleset_find() or walks
 * mu_ruleset_list(). The list is rules/meson.build's: the folder ID holds
 * the table mu_ruleset_ID ("-" written "_"). */
#pragma once

#include "mu-ruleset.h"

#include "mu-rulesets-list.h"

G_BEGIN_DECLS

#define MU_RULESET_DECLARE(table) extern const MuRuleset table;
MU_RULESET_TABLES (MU_RULESET_DECLARE)
#undef MU_RULESET_DECLARE

G_END_DECLS
