/* mu-rules-kit.h: what every ruleset writes the same way
 *
 * A ruleset (one folder of src/engine/rules, one MuRuleset table; see
 * mu-ruleset.h) owns its rules and state. What is not one game's rule but
 * the engine's shape of a ruleset lives here once, so that a new ruleset
 * is written inside its folder with these calls:
 *
 *   - refusals: a command the rules forbid travels as MU_ERROR_ILLEGAL in
 *     the player's language, naming the rule id (MuRuleset.apply, .check);
 *   - broken invariants (MuRuleset.check_invariants): MU_ERROR_FAILED;
 *   - events (MuRuleset.event_kinds): a new event with its rule, and the
 *     simulator's per-event check of the invariants
 *     (MuRuleset.check_each_event);
 *   - a pending decision's question, in English for the event log and
 *     translated for the player (MuRuleset.pending);
 *   - the result view of a two-sided score (MuRuleset.victory);
 *   - the turn against the scenario's timeline: the clock time a bound
 *     starts at and whether it is a night bound (MuRuleset.position).
 *
 * What two rulesets of one game share is theirs (rules/baa-common for
 * Brothers at Arms), not the kit's. Private to the engine's rulesets: the
 * app and the command line never include it.
 */
#pragma once

#include <glib.h>

#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

/* A refused command: MU_ERROR_ILLEGAL, "MESSAGE (RULE)" (just MESSAGE
 * without a rule), format translated through the catalogue. Callers pass a
 * literal English format (xgettext knows mu_rules_refuse as a keyword;
 * a ruleset's own wrapper macro must be added to po/meson.build too).
 * Returns FALSE. */
gboolean    mu_rules_refuse          (GError **error, const char *rule, const char *format, ...)
                                      G_GNUC_PRINTF (3, 4);

/* A broken invariant: MU_ERROR_FAILED, "invariant broken: MESSAGE".
 * Returns FALSE. */
gboolean    mu_rules_invalid         (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* A new command of verb with up to two words (each skipped when NULL),
 * the shape most of a ruleset's legal commands take before it tries them. */
MuCommand  *mu_rules_command         (const char *verb, const char *word1, const char *word2);

/* A new event of `kind` about `subject` with its rule, appended to `events`
 * (which owns it). With `check` on (MuRuleset.check_each_event) and no
 * failure yet, `invariants` first checks the state the events so far left;
 * the first broken one is kept in *failure (newly allocated), naming the
 * event it came before. */
MuEvent    *mu_rules_event           (GPtrArray *events, const MuEventKindInfo *kind,
                                      const char *subject, const char *rule, gboolean check,
                                      char **failure,
                                      gboolean (*invariants) (gpointer match, GError **error),
                                      gpointer match);

/* A decision's question twice, newly allocated: *question in English, for
 * the decision event (a stable --events line), and *shown through the
 * catalogue, as the player reads it. format is marked N_() where it is
 * written. */
void        mu_rules_question        (char **question, char **shown, const char *format, ...)
                                      G_GNUC_PRINTF (3, 4);

/* A decision's answers (NULL-ended strings, g_free'd with the array) copied
 * for a copy of the state; NULL when answers is NULL. */
GPtrArray  *mu_rules_answers_copy    (const GPtrArray *answers);

/* The result view (MuRuleset.victory) of two sides: `score` and `side_id`
 * are the two sides'; `winner` a side index or -1; level and difference
 * are shown once the match is `finished`. r->summary is newly allocated. */
void        mu_rules_result          (MuResult *r, const char *const *side_id, const int score[2],
                                      gboolean finished, int winner, const char *level,
                                      int difference);

/* The time of day a bound starts at, in minutes after midnight (0..1439),
 * from the timeline's first bound, its time and minutes per bound. */
int         mu_rules_bound_minutes   (const MuTimeline *timeline, int bound);

/* The timeline lists the bound as fought at night. */
gboolean    mu_rules_night_bound     (const MuTimeline *timeline, int bound);

G_END_DECLS
