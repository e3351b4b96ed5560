/* mu-policy.h: how a computer side picks its next command
 *
 * The simulator's policies, shared by `muster-cli simulate` and the window's
 * computer players. A policy never decides legality: it picks among the
 * commands the engine lists as legal (mu_match_legal_commands). Its own
 * random choices come from `rng`, a generator apart from the match's dice,
 * so that a computer player's whims never change the rolls.
 */
#pragma once

#include <glib.h>

#include "mu-dice.h"
#include "mu-match.h"

G_BEGIN_DECLS

typedef enum {
  MU_POLICY_GREEDY,   /* attacks first, then moves toward the nearest goal */
  MU_POLICY_RANDOM,   /* attacks first, then any legal command at random */
} MuPolicy;

/* Picks one command of `legal` (of MuCommand*, as mu_match_legal_commands
 * gives them) for the side the match awaits: attacks first, else a move
 * toward the nearest objective the side does not own (greedy) or a command
 * at random (leaving one that takes back its side's own last command,
 * MuRuleset.policy_avoid), ending the phase when nothing else is left or
 * now and then;
 * in a reaction window (mu_match_get_reaction) it passes one time in four
 * and otherwise reacts. Returns a pointer into `legal`, or NULL when it is empty. */
const MuCommand *mu_policy_choose (const MuMatch *match, GPtrArray *legal, MuDice *rng,
                                   MuPolicy policy);
/* A new generator for a policy playing a match of this seed. */
MuDice          *mu_policy_rng_new (guint64 seed);

G_END_DECLS
