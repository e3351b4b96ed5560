/* muster-match-page.h: the page a match is played on
 *
 * The board (its own MusterMapView and MusterScene showing the match's
 * counters where the engine has them), a sidebar (the phase tracker, the
 * secret orders, a reaction window's question, the pending decision, the
 * log), a bar telling the engine's refusals, the
 * hand-over screen between two people and the result at the end.
 *
 * Its actions are in the group "match" on the page: match.end-phase,
 * match.close, match.pause
 * (stateful: the computer players wait), match.cancel (Escape: drops the
 * selection), match.command (a command line the page offers), match.replay
 * and match.leave-replay. The page never decides what the rules allow: it lists what
 * the engine says is legal, asks its dry run and applies commands through
 * the MusterGame. Saving and undo are the window's (win.save, win.save-as,
 * win.undo): they act on the document it shows, and the page's close question goes on
 * through it (muster_match_page_save_done).
 *
 * Signals:
 *   "closed" (gboolean then_window): match.close or muster_match_page_close
 *       finished (saved or discarded); the window takes the page away, and
 *       closes itself too when then_window.
 *   "close-cancelled": closing asked and was cancelled (or the save it
 *       waited on failed): the match stays.
 *
 * Properties: "replaying" (gboolean, read-only, notifies): match.replay's
 * bar is shown and the live match waits (nothing is undone meanwhile).
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"
#include "muster-map-view.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_MATCH_PAGE (muster_match_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterMatchPage, muster_match_page, MUSTER, MATCH_PAGE, GtkWidget)

GtkWidget     *muster_match_page_new                (MusterGame *game);
MusterGame    *muster_match_page_get_game           (MusterMatchPage *self);
MusterMapView *muster_match_page_get_map_view       (MusterMatchPage *self);
MusterScene   *muster_match_page_get_scene          (MusterMatchPage *self);

/* Who plays a side (every side is a person until told otherwise): the
 * game's (muster_game_set_player), and the page plays the computer's. */
void           muster_match_page_set_player         (MusterMatchPage *self, const char *side,
                                                     MusterPlayer player);
MusterPlayer   muster_match_page_get_player         (MusterMatchPage *self, const char *side);
/* Milliseconds between two commands of a computer player (default 700;
 * 0 plays as fast as the main loop allows). */
void           muster_match_page_set_pace           (MusterMatchPage *self, guint ms);

/* Dice rolled at the table: before a command that rolls, the page asks
 * for the faces (the dice-entry dialog) and gives them to the match; for a
 * computer player's command too (the dialog says whose dice they are), so
 * that every roll of the match is rolled at the table. Cancelling the
 * computer's dice pauses the computer players (match.pause). */
/* The game's setting (muster_game_set_dice_by_players). */
void           muster_match_page_set_dice_by_players (MusterMatchPage *self, gboolean by_players);
gboolean       muster_match_page_get_dice_by_players (MusterMatchPage *self);
/* Plays a command of a person: through the dice-entry dialog when it
 * rolls and the players roll their dice, else at once (a refusal shows in
 * the bar). */
void           muster_match_page_play               (MusterMatchPage *self, const MuCommand *command);
void           muster_match_page_play_line          (MusterMatchPage *self, const char *line);
/* The dice-entry dialog the page waits on, or NULL. */
GtkWidget     *muster_match_page_get_dice_dialog    (MusterMatchPage *self);

/* Selects a counter of the board (NULL: none) and shows where it may go
 * and what it may attack, as the engine lists them. */
void           muster_match_page_select             (MusterMatchPage *self, const char *counter);
const char    *muster_match_page_get_selected       (MusterMatchPage *self);
/* The counters grouped to fire together (the selected one first), NULL-
 * terminated, owned by the page. */
const char *const *muster_match_page_get_group      (MusterMatchPage *self);
/* What a click on `hex` does (the board's click handler calls it): answers
 * a decision with that hex, moves the selected counter there, attacks the
 * counter there, or selects it; `add` (Shift) adds a counter of the same
 * side to the firing group. */
void           muster_match_page_click_hex          (MusterMatchPage *self, MuHex hex, gboolean add);
/* The hexes the selected counter may reach (owned by the page). */
const GArray  *muster_match_page_get_destinations   (MusterMatchPage *self);
/* Ids of the counters it may attack (NULL-terminated, owned by the page). */
const char *const *muster_match_page_get_targets    (MusterMatchPage *self);
/* What the status line under the sidebar says about the hex under the
 * pointer ("Move to 1510: cost 2 of 4"), after muster_match_page_hover_hex. */
void           muster_match_page_hover_hex          (MusterMatchPage *self, MuHex hex);
const char    *muster_match_page_get_hint           (MusterMatchPage *self);
/* Tables: a click at a table point (on the counter `piece`, or NULL): it
 * selects that counter, attacks it when the selected unit may, or moves
 * the selected unit there keeping its facing (the engine's move command,
 * `move ID @X,Y/F`); a refusal shows in the bar. */
void           muster_match_page_click_point        (MusterMatchPage *self, MuPoint point,
                                                     const char *piece);
/* Tables: the pointer at a point: the selected unit's line of sight to it. */
void           muster_match_page_hover_point        (MusterMatchPage *self, MuPoint point);
/* A drop of the selected counter at widget point (x, y) (the end of a
 * drag): the engine's listed move there, else a move command the engine
 * checks, whose refusal shows in the bar. */
void           muster_match_page_drop               (MusterMatchPage *self, double x, double y);
/* The command radius shown for the selected counter ("Command range of
 * Beauregard: 3 hexes (BAA-CMD-2)"), or NULL when none is shown. */
const char    *muster_match_page_get_range_text     (MusterMatchPage *self);
/* The last line of sight shown ("Blocked by a unit: ... (BAA-LOS-1)"), or NULL. */
const char    *muster_match_page_get_sight_text     (MusterMatchPage *self);

/* Shows the board as the match was saved: the zoom and the point in the
 * middle its file keeps, and the selected counter when it is one of the
 * side to act; FALSE (nothing changed) when the match keeps no view. */
gboolean       muster_match_page_restore_view       (MusterMatchPage *self);

/* Closes the match as match.close does (asking to save it when modified);
 * "closed" tells then_window. Cancelling the question closes nothing. */
void           muster_match_page_close              (MusterMatchPage *self, gboolean then_window);

/* The refusal shown in the bar, or NULL while it is hidden. */
const char    *muster_match_page_get_refusal        (MusterMatchPage *self);
/* Shows text in the refusal bar (until the game changes): the engine's
 * reason, e.g. why win.undo could not undo. */
void           muster_match_page_show_refusal       (MusterMatchPage *self, const char *text);
/* The side the hand-over screen waits for, or NULL when it is not shown. */
const char    *muster_match_page_get_handover_side  (MusterMatchPage *self);
void           muster_match_page_dismiss_handover   (MusterMatchPage *self);
/* The "Last results" the hand-over screen shows (the fire and melee since
 * the board last changed hands, with their dice), a line each; owned by
 * the page until the next call. */
const char    *muster_match_page_get_handover_results (MusterMatchPage *self);
/* The box holding the pending decision's answers (its buttons' action
 * target is the answer). */
GtkWidget     *muster_match_page_get_decision_box   (MusterMatchPage *self);
/* The replay bar while match.replay steps through the match (the board
 * shows its position; match.leave-replay goes back), or NULL. */
GtkWidget     *muster_match_page_get_replay_bar     (MusterMatchPage *self);
/* TRUE when the result is shown. */
gboolean       muster_match_page_get_result_shown   (MusterMatchPage *self);
/* The window's save (win.save) ended, written or not: a close that asked
 * to save first goes on, or is cancelled. Nothing when none waits. */
void           muster_match_page_save_done          (MusterMatchPage *self,
                                                     gboolean         saved);
/* The question the page is waiting on (save before closing), or NULL. */
GtkWidget     *muster_match_page_get_dialog         (MusterMatchPage *self);
/* The secret orders' rows (a label and a drop-down of the counter's legal
 * lines each), shown while a hidden verb's commands are legal. */
GtkWidget     *muster_match_page_get_orders_box     (MusterMatchPage *self);
/* A reaction window's buttons (a reaction each, then Pass). */
GtkWidget     *muster_match_page_get_reaction_box   (MusterMatchPage *self);
/* The dialog asking a value the rules data lacks (MuDecision.table), or
 * NULL when none is shown. */
GtkWidget     *muster_match_page_get_table_dialog   (MusterMatchPage *self);
/* The side the board and the log are shown to, or NULL for everything. */
const char    *muster_match_page_get_viewer         (MusterMatchPage *self);

G_END_DECLS
