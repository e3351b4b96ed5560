/* muster-new-dialog.h: asks for the ruleset and board of a new scenario */
#pragma once

#include <gtk/gtk.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_NEW_DIALOG (muster_new_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterNewDialog, muster_new_dialog, MUSTER, NEW_DIALOG, GtkDialog)

/* Responds GTK_RESPONSE_ACCEPT when the person chose Create. settings gives
 * the proposed unit and figure scale and remembers the choice. */
GtkWidget  *muster_new_dialog_new             (GtkWindow *parent, GSettings *settings);
/* The scenario described by the dialog (new, owned by the caller). */
MuScenario *muster_new_dialog_create_scenario (MusterNewDialog *self);

void        muster_new_dialog_set_ruleset     (MusterNewDialog *self, const char *ruleset);

G_END_DECLS
