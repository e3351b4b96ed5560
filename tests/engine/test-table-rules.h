/* test-table-rules.h: a ruleset for the engine's tests only (see the .c). */
#pragma once

#include "mu-ruleset.h"

extern const MuRuleset test_table_ruleset;
