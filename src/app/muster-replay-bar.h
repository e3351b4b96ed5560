/* muster-replay-bar.h: stepping through a match, command by command and
 * event by event
 *
 * A slider over the game's recorded commands and the buttons Start, Back
 * (one command), Previous Event, Play/Pause, Next Event, Forward (one
 * command) and End. Each step makes the match as it stood at that point —
 * a new match of the same scenario, seed and forced dice with the first K
 * commands replayed (mu_match_new_replay), or the current one taken one
 * command further — and emits "position-changed" (MuMatch *match, guint
 * commands, guint events) with it, so that the page shows that position on
 * the board. `events` events of the log have happened at this step: the
 * match is the position after the last of the `commands` commands, whose
 * events end at or after it (stepping event by event walks through the
 * events of one command while the board shows its outcome). The match
 * belongs to the bar and stays valid until the next "position-changed".
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_REPLAY_BAR (muster_replay_bar_get_type ())
G_DECLARE_FINAL_TYPE (MusterReplayBar, muster_replay_bar, MUSTER, REPLAY_BAR, GtkWidget)

GtkWidget *muster_replay_bar_new           (MusterGame *game);

/* The match at the step shown (owned by the bar), the commands replayed
 * into it, and the events of the whole log that have happened. */
MuMatch   *muster_replay_bar_get_match     (MusterReplayBar *self);
guint      muster_replay_bar_get_commands  (MusterReplayBar *self);
guint      muster_replay_bar_get_events    (MusterReplayBar *self);
guint      muster_replay_bar_get_n_commands (MusterReplayBar *self);

/* Goes to the step after `commands` commands (all their events), or to the
 * step where `events` events have happened; FALSE with the engine's error
 * when the match does not replay. */
gboolean   muster_replay_bar_seek_command  (MusterReplayBar *self, guint commands, GError **error);
gboolean   muster_replay_bar_seek_event    (MusterReplayBar *self, guint events, GError **error);
/* Plays forward one command at a time at a pace a person can follow. */
void       muster_replay_bar_set_playing   (MusterReplayBar *self, gboolean playing);
gboolean   muster_replay_bar_get_playing   (MusterReplayBar *self);

G_END_DECLS
