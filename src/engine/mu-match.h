/* mu-match.h: one match = scenario + seed + forced dice + commands
 *
 * Replaying the command list from the scenario, the seed and the forced dice
 * reproduces the match exactly: that list is the saved game, the undo history
 * and the replay. A refused command is not recorded and changes nothing.
 *
 * The match owns its scenario copy, dice, ruleset state, command list and the
 * full event log. Getters return pointers owned by the match, valid until the
 * next call that changes it.
 */
#pragma once

#include <glib.h>

#include "mu-command.h"
#include "mu-dice.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct _MuMatch MuMatch;

/* Takes a copy of scenario. forced may be NULL. Fails when the scenario's
 * ruleset is unknown or the ruleset refuses the scenario. */
MuMatch           *mu_match_new              (const MuScenario *scenario, guint64 seed,
                                              const int *forced, guint n_forced,
                                              GError **error);
void               mu_match_free             (MuMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuMatch, mu_match_free)

/* Applies one command; on success it is recorded and its events appended to
 * the log (and to `events` when not NULL, which must own MuEvent*). */
gboolean           mu_match_apply            (MuMatch *match, const MuCommand *command,
                                              GPtrArray *events, GError **error);
/* Parses and applies one line. */
gboolean           mu_match_apply_line       (MuMatch *match, const char *line,
                                              GPtrArray *events, GError **error);
/* Undo = replay all but the last command. FALSE when there is none. */
gboolean           mu_match_undo             (MuMatch *match, GError **error);

const MuScenario  *mu_match_get_scenario     (const MuMatch *match);
const MuRuleset   *mu_match_get_ruleset      (const MuMatch *match);
guint64            mu_match_get_seed         (const MuMatch *match);
/* The forced dice given at creation (of int). */
const GArray      *mu_match_get_forced       (const MuMatch *match);
/* The recorded commands (of MuCommand*). */
const GPtrArray   *mu_match_get_commands     (const MuMatch *match);
/* Every event since the start (of MuEvent*). */
const GPtrArray   *mu_match_get_events       (const MuMatch *match);
MuDice            *mu_match_get_dice         (const MuMatch *match);
/* The ruleset state, for the ruleset's own functions. */
gpointer           mu_match_get_state        (const MuMatch *match);

void               mu_match_get_position     (const MuMatch *match, MuPosition *position);
const MuDecision  *mu_match_get_pending      (const MuMatch *match);
GArray            *mu_match_get_counters     (const MuMatch *match);
GArray            *mu_match_get_objectives   (const MuMatch *match);
void               mu_match_get_result       (const MuMatch *match, MuResult *result);
gboolean           mu_match_is_over          (const MuMatch *match);
GPtrArray         *mu_match_legal_commands   (const MuMatch *match);
gboolean           mu_match_check_invariants (const MuMatch *match, GError **error);
/* Also check the invariants as each event is appended (see
 * MuRuleset.check_each_event); FALSE when the ruleset cannot. */
gboolean           mu_match_check_each_event (MuMatch *match, gboolean on);

/* The stable --state text (newly allocated, lines end with '\n'). */
char              *mu_match_format_state     (const MuMatch *match);
/* One event in its stable text form. */
char              *mu_match_format_event     (const MuMatch *match, const MuEvent *event);

/* Saved games (mu-match-xml.c): the scenario embedded, seed, forced dice,
 * commands. Loading replays every command and fails, naming the command's
 * line, when one is refused. */
char              *mu_match_save_to_data     (const MuMatch *match, gsize *length);
gboolean           mu_match_save_file        (const MuMatch *match, const char *path,
                                              GError **error);
MuMatch           *mu_match_load_data        (const char *data, gsize length,
                                              const char *filename, GError **error);
MuMatch           *mu_match_load_file        (const char *path, GError **error);
/* The same, with WARNINGS (MuProblem*, may be NULL) told what a person
 * should know although the match loads: chiefly that the embedded scenario
 * is not the one the match was started with (its SHA-256 differs), naming
 * the parts that differ (map, order of battle, ...). A sha256 that is not
 * 64 hex digits is an error. */
MuMatch           *mu_match_load_data_full   (const char *data, gsize length,
                                              const char *filename, GPtrArray *warnings,
                                              GError **error);
MuMatch           *mu_match_load_file_full   (const char *path, GPtrArray *warnings,
                                              GError **error);
/* TRUE when the file looks like a saved match rather than a scenario. */
gboolean           mu_match_file_is_match    (const char *path);

#define MU_MATCH_NAMESPACE "https://muster.github.io/ns/match/1"

G_END_DECLS
