/* mu-match-react.h: the match's reaction windows and the engine's own
 * verbs, for the match's files only (mu-match*.c)
 *
 * The window itself (MuReactionWindow, opened and closed as commands are
 * applied) is the match's state; what is here reads it through the
 * match's getters: how a command is routed while it is open, what is legal
 * in it, and its --state line.
 */
#pragma once

#include "mu-match.h"

G_BEGIN_DECLS

/* The engine's own verbs: dice entered at the table, and pass. */
#define MU_MATCH_DICE_VERB "dice"
#define MU_MATCH_PASS_VERB "pass"

/* The engine's verbs, as a ruleset of verbs only, to parse them with. */
const MuRuleset *mu_match_engine_verbs          (void);
/* Whether the open window awaits a reaction (no decision is pending in it). */
gboolean         mu_match_window_awaits         (const MuMatch *match);
/* Applies command to state (the match's, or a copy for the dry run) by
 * the window's protocol: while it awaits a reaction, pass (*passed set) or
 * a reaction (MuRuleset.react); otherwise the ruleset's apply, pass
 * refused. A MU_ANSWER_COMMAND decision takes only its answers. */
gboolean         mu_match_route_command         (const MuMatch *match, gpointer state,
                                                 const MuCommand *command, gboolean *passed,
                                                 GPtrArray *events, GError **error);
/* The reactions open to the window's side now, pass last (of MuCommand*). */
GPtrArray       *mu_match_window_legal          (const MuMatch *match);
/* In a window: the ids the counter's attacking reactions name after it (of char*). */
GPtrArray       *mu_match_window_targets        (const MuMatch *match, const char *counter);
/* text (the ruleset's --state lines, taken) with the open window's
 * "reaction" line appended; text itself when none is open. */
char            *mu_match_window_state_lines    (const MuMatch *match, char *text);

G_END_DECLS
