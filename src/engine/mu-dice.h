/* mu-dice.h: the dice of a match
 *
 * One generator per match, seeded from the match's seed: xoshiro256** seeded
 * through splitmix64, implemented here so that a seed gives the same dice on
 * every machine and library version. Forced dice (tests, players rolling real
 * dice) are consumed first, in order; when they run out the generator takes
 * over. Every roll made through mu_dice_roll() appends a MU_EVENT_ROLL event
 * naming its purpose, the target number and the outcome.
 */
#pragma once

#include <glib.h>

#include "mu-event.h"

G_BEGIN_DECLS

typedef struct _MuDice MuDice;

MuDice   *mu_dice_new              (guint64 seed);
void      mu_dice_free             (MuDice *dice);
MuDice   *mu_dice_copy             (const MuDice *dice);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuDice, mu_dice_free)

guint64   mu_dice_get_seed         (const MuDice *dice);
/* Appends forced results (each 1..6) to the queue. */
void      mu_dice_force            (MuDice *dice, const int *values, guint n);
guint     mu_dice_forced_remaining (const MuDice *dice);
/* Number of dice rolled so far (forced and generated). */
guint     mu_dice_count            (const MuDice *dice);

/* One raw d6: the next forced value, else the generator. No event. */
int       mu_dice_d6               (MuDice *dice);
/* A uniform integer in [0, n) from the generator only (never forced): for
 * simulation policies, which must not eat forced dice. */
guint     mu_dice_uniform          (MuDice *dice, guint n);

/* One d6 with an event. `purpose` is a stable short word ("command", "fire",
 * "cover", "flinch", "capture", ...), `subject` the id of the counter rolling
 * or being rolled for, `object` an optional second id (the target). The die
 * plus `modifier` is compared with `target` by `compare`; the result goes to
 * *success when not NULL. `rule` is a static rule id string (may be NULL).
 * Returns the natural die. `events` may be NULL. */
int       mu_dice_roll             (MuDice         *dice,
                                    GPtrArray      *events,
                                    const char     *purpose,
                                    const char     *subject,
                                    const char     *object,
                                    int             modifier,
                                    MuRollCompare   compare,
                                    int             target,
                                    const char     *rule,
                                    gboolean       *success);

/* A pool of n d6 in one event (MU_EVENT_ROLL with `pool`): the faces are
 * read by `read`; for MU_DICE_SUCCESSES each face + modifier >= target is
 * one success. Returns the result (sum, successes, highest or lowest face);
 * *success (when not NULL) says whether it reached `need` (>= need; need 0:
 * always). visible_to: only that side sees the roll (hidden dice, TAB-19),
 * NULL for everyone. `events` may be NULL; `faces` (may be NULL) receives
 * the faces. */
int       mu_dice_roll_pool        (MuDice         *dice,
                                    GPtrArray      *events,
                                    const char     *purpose,
                                    const char     *subject,
                                    guint           n,
                                    MuDiceRead      read,
                                    int             modifier,
                                    int             target,
                                    int             need,
                                    const char     *visible_to,
                                    const char     *rule,
                                    gboolean       *success);

/* Parses "4,2,6" (commas or spaces) into values 1..6. */
GArray   *mu_dice_parse_list       (const char *text, GError **error);

G_END_DECLS
