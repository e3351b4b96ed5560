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
 * one success (MU_DICE_BELOW: < target). Returns the result (the count,
 * or the sum, the highest or the lowest face + modifier); *success
 * (when not NULL) says whether it reached `need` (>= need; need 0: always).
 * visible_to: only that side sees the roll (hidden dice, TAB-19), NULL for
 * everyone. `events` may be NULL. mu_dice_roll_read reads more ways. */
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

/* A roll as the rules describe it (mu_dice_roll_read). */
typedef struct {
  const char *purpose;     /* stable short word ("fire", "rally") */
  const char *subject;     /* the counter (or side) rolling; may be NULL */
  const char *object;      /* the other counter, or NULL */
  guint n;                 /* 0: one die (the event's die=); else a pool of n dice (dice=, read=) */
  MuDiceRead read;         /* a pool's reading */
  guint natural;           /* MuRollNatural flags */
  const MuRollModifier *modifiers;   /* named modifiers (may be NULL), n_modifiers of them */
  guint n_modifiers;
  int modifier;            /* an unnamed modifier on the dice, added to the named ones */
  int target;              /* a counting read: each die's target; else the total's (named
                            * modifiers on_target are added to it) */
  MuRollCompare compare;   /* one die, a sum, the highest or lowest face against target; a
                            * counting read compares each die by its read instead */
  int need;                /* a counting read succeeds when at least this many dice count */
  const char *visible_to;  /* only this side sees the roll (TAB-19); NULL: everyone */
  const char *rule;        /* static rule id or NULL */
} MuRoll;

typedef struct {
  int value;               /* the die (one die), or the pool's reading (with the modifier) */
  gboolean success;        /* the comparison (or the count against need) with the natural rules */
  MuRollOutcome outcome;   /* MU_ROLL_THREE_WAY: less, equal or greater than the target */
} MuRollResult;

/* Rolls and reads `roll` and, when events is not NULL, appends its
 * MU_EVENT_ROLL (the faces, the reading, the natural rules, the named
 * modifiers, the comparison and its outcome). A counting read
 * (MU_DICE_SUCCESSES: face + modifier >= target; MU_DICE_BELOW: < target)
 * counts the dice, each face's natural rule deciding for its die; the other
 * reads give one number (+ modifier) that compare takes against target, a
 * natural rule deciding for the face read (one die, or a sum's all-1s and
 * all-6s with MU_ROLL_NATURAL_EXTREMES). result may be NULL. Returns
 * result->value. */
int       mu_dice_roll_read        (MuDice         *dice,
                                    GPtrArray      *events,
                                    const MuRoll   *roll,
                                    MuRollResult   *result);

/* Parses "4,2,6" (commas or spaces) into values 1..6. Spaces around a
 * die are allowed ("4, 2"); an empty entry between commas ("4,,6", "4,")
 * is refused, as a die the writer left out would shift every later die
 * onto the wrong roll. A text with no die at all is the empty list. */
GArray   *mu_dice_parse_list       (const char *text, GError **error);

G_END_DECLS
