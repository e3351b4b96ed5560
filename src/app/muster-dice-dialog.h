/* muster-dice-dialog.h: dice rolled at the table, entered before a command
 *
 * For matches whose dice the players roll themselves: before the page
 * applies a command that rolls, it opens this dialog with the command. The
 * dialog asks the engine's dry run (mu_match_check_with_dice) what the
 * command will roll, one roll at a time — how many dice, for what, for whom
 * and against what target — so that a roll that depends on an earlier
 * outcome is asked for once that outcome is known; it takes the faces
 * (1 to 6, as many as the roll needs) and, when every roll is covered,
 * gives them to the match (muster_game_enter_dice) and emits "finished"
 * (TRUE); the page then applies the command. Cancel (or closing the
 * window) emits "finished" (FALSE) and enters nothing. Rolls the match makes when it starts, before
 * any command, cannot be entered here.
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_DICE_DIALOG (muster_dice_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterDiceDialog, muster_dice_dialog, MUSTER, DICE_DIALOG, GtkWindow)

/* Copies command. */
GtkWidget  *muster_dice_dialog_new          (GtkWindow *parent, MusterGame *game,
                                             const MuCommand *command);
/* How many dice the command rolls now, with the generator's dice after any
 * entered (0: no dialog is needed); -1 when the engine refuses the command. */
int         muster_dice_dialog_count_dice   (MusterGame *game, const MuCommand *command);

/* The line above the question (by default "Roll the dice at the table and
 * enter their faces"): whose dice they are when the computer plays. */
void        muster_dice_dialog_set_heading  (MusterDiceDialog *self, const char *text);
const char *muster_dice_dialog_get_heading  (MusterDiceDialog *self);

/* For tests and the keyboard: the question shown, the faces typed, the
 * complaint about them ("" when they will do), and Next (the roll's faces
 * taken; on the last roll, the dice entered). */
const char *muster_dice_dialog_get_question (MusterDiceDialog *self);
void        muster_dice_dialog_set_faces    (MusterDiceDialog *self, const char *text);
const char *muster_dice_dialog_get_problem  (MusterDiceDialog *self);
gboolean    muster_dice_dialog_next         (MusterDiceDialog *self);
/* How many dice the roll asked now needs; 0 when every roll has its dice
 * (or the command is refused). */
guint       muster_dice_dialog_get_needed   (MusterDiceDialog *self);
/* The faces taken so far (of int). */
const GArray *muster_dice_dialog_get_taken  (MusterDiceDialog *self);

G_END_DECLS
