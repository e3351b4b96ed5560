/* muster-phase-tracker.h: where the match stands in its turn
 *
 * The sidebar of the match page: the turn and its number out of the
 * scenario's last, the clock and day, dusk or night, whose round, the
 * ruleset's sequences and phases as a nested list with the current one
 * marked and the passed ones done (each with a one-line account of what
 * its events did), the declared resources, what is left to do in the
 * phase, and End Phase (the action match.end-phase, which the page owns).
 *
 * Built only from the ruleset's turn description (MuTurnStructure), the
 * engine's position (MuPosition) and its events: it knows nothing of any
 * one ruleset. It follows the game's "changed" and "reset" signals.
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PHASE_TRACKER (muster_phase_tracker_get_type ())
G_DECLARE_FINAL_TYPE (MusterPhaseTracker, muster_phase_tracker, MUSTER, PHASE_TRACKER, GtkWidget)

GtkWidget  *muster_phase_tracker_new          (MusterGame *game);
MusterGame *muster_phase_tracker_get_game     (MusterPhaseTracker *self);

/* Whether ending the step now would leave something compulsory undone (the
 * engine's account, mu_match_get_outstanding); then *text (may be NULL)
 * receives the sentence to warn with (g_free). */
gboolean    muster_phase_tracker_get_warning  (MusterPhaseTracker *self, char **text);

/* Shows End Phase or hides it: the page shows it while the action may be
 * pressed (the engine would end the step), not while a decision is
 * pending or the board is covered. */
void        muster_phase_tracker_set_end_shown (MusterPhaseTracker *self, gboolean shown);

/* The tracker as text, one line per shown thing, for tests and for
 * assistive technology: "turn Bound 1 of 14", "clock 06:00 Day",
 * "round Confederate", "step done|current|pending DEPTH NAME[: RESULT]",
 * "resource NAME SIDE VALUE", "todo [compulsory] TEXT". */
char       *muster_phase_tracker_describe     (MusterPhaseTracker *self);

G_END_DECLS
