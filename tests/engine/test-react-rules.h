/* test-react-rules.h: a ruleset with reactions for the engine's tests only (see the .c). */
#pragma once

#include "mu-ruleset.h"

extern const MuRuleset test_react_ruleset;
/* A scenario of it (XML): red's r1 and r2 face blue's b1 and b2. */
extern const char test_react_scenario[];
