/* play-matches.h: whole matches of a table ruleset, for its tests
 *
 * Computer sides (the simulator's policy) play the scenario at `path`
 * from start to end, `fallback` matches (or PREFIX_GAMES) from seed 100
 * (or PREFIX_SEED): every listed command must be accepted, the
 * invariants hold after every event, and each match replayed from its
 * commands (and, when `saved`, loaded from its saved game) reaches the
 * identical state. PREFIX_BENCH=1 measures instead: the matches are
 * played without the per-event invariants and the replay, and the time
 * per match and per command is printed (never asserted). */
#pragma once

#include <glib.h>

#include "mu-match.h"
#include "mu-policy.h"

void play_matches (const MuRuleset *ruleset, const char *env_prefix, gboolean saved,
                   const char *path, MuPolicy policy, int fallback);
