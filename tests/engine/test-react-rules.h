/* test-react-rules.h: a ruleset with reactions for the engine's tests only (see the .c). */
#pragma once

#include "mu-ruleset.h"

extern const MuRuleset test_react_ruleset;
