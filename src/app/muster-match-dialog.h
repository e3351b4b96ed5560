/* muster-match-dialog.h: the New Match dialog
 *
 * For a scenario: who plays each side (a person or the computer), the
 * ruleset's optional rules (with their rule ids and one-line explanations,
 * from MuRuleset.options, each with a control of its type: see
 * muster-options-editor.h), the seed of the dice (random unless given), and
 * whether the computer rolls the dice or the players enter real ones.
 * Without a scenario the dialog first offers the bundled ones.
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"
#include "muster-match-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_MATCH_DIALOG (muster_match_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterMatchDialog, muster_match_dialog, MUSTER, MATCH_DIALOG, GtkDialog)

/* scenario may be NULL: the dialog lists the bundled scenarios. It is
 * copied. Responds GTK_RESPONSE_ACCEPT for Play. */
GtkWidget    *muster_match_dialog_new         (GtkWindow *parent, const MuScenario *scenario);

/* The match described (a new game), or NULL with the engine's error. */
MusterGame   *muster_match_dialog_create_game (MusterMatchDialog *self, GError **error);
/* When create_game() refused a scenario that fails its checks, those errors
 * (MuProblem*, owned by the dialog); else NULL. */
GPtrArray    *muster_match_dialog_get_check_problems (MusterMatchDialog *self);
MusterPlayer  muster_match_dialog_get_player  (MusterMatchDialog *self, const char *side);
/* TRUE: the players roll real dice and enter them. */
gboolean      muster_match_dialog_get_dice_by_players (MusterMatchDialog *self);
void          muster_match_dialog_set_dice_by_players (MusterMatchDialog *self, gboolean by_players);

/* For tests and scripts: the same as the controls. */
void          muster_match_dialog_set_player  (MusterMatchDialog *self, const char *side,
                                               MusterPlayer player);
void          muster_match_dialog_set_seed    (MusterMatchDialog *self, const char *seed);
/* The rule options shown (a MusterOptionsEditor), or NULL when the
 * ruleset offers the players no choice. */
GtkWidget    *muster_match_dialog_get_options (MusterMatchDialog *self);

G_END_DECLS
