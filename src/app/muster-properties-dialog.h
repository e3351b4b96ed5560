/* muster-properties-dialog.h: the scenario's title, rules, clock, victory and reserves */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PROPERTIES_DIALOG (muster_properties_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterPropertiesDialog, muster_properties_dialog,
                      MUSTER, PROPERTIES_DIALOG, GtkDialog)

/* Shows the properties of the history's scenario. Apply changes the scenario
 * in one undo step ("Change Scenario Properties") and closes the dialog; a
 * value the model refuses keeps it open with the reason beside the field. */
GtkWidget *muster_properties_dialog_new     (GtkWindow *parent, MuEditHistory *history);

/* Applies the values shown; on a refused value changes nothing, shows the
 * reason and returns FALSE with it in error. */
gboolean   muster_properties_dialog_apply   (MusterPropertiesDialog *self, GError **error);

/* The widget showing one value, for tests: "title", "description", "date",
 * "author", "ruleset", "option:KEY", "bounds", "first-bound", "start",
 * "minutes-per-bound", "dawn", "dusk", "night-bounds", "days",
 * "darkness-bound", "objectives-required", "add-task", "task:N:side",
 * "task:N:text", "task:N:condition", "task:N:value", "task:N:remove",
 * "add-reserve", "reserve:N:side", "reserve:N:name", "reserve:N:kind",
 * "reserve:N:arrival", "reserve:N:bound", "reserve:N:roll",
 * "reserve:N:entry", "reserve:N:edge", "reserve:N:remove" (N counts the
 * rows shown, from 0), "error" (the inline message). NULL when absent. */
GtkWidget *muster_properties_dialog_get_field (MusterPropertiesDialog *self, const char *name);
/* Shows one page: "general", "rules", "timeline", "victory", "reserves". */
void       muster_properties_dialog_show_page (MusterPropertiesDialog *self, const char *page);

G_END_DECLS
