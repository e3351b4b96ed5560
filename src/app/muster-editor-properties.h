/* muster-editor-properties.h: the scenario properties dialog
 *
 * Title, description, date, author, ruleset, every optional and special rule
 * of the ruleset as a switch with its one-line explanation, the timeline and
 * the victory settings. Each change is applied at once as an undoable edit;
 * refusals are shown in the dialog.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_EDITOR_PROPERTIES (muster_editor_properties_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditorProperties, muster_editor_properties, MUSTER, EDITOR_PROPERTIES, GtkWindow)

GtkWidget  *muster_editor_properties_new        (GtkWindow *parent, MuEditHistory *history);
/* The input widget of a field, by name: "title", "description", "date",
 * "author", "ruleset", "bounds", "first-bound", "start", "minutes-per-bound",
 * "dawn", "dusk", "days", "night-bounds", "darkness-bound",
 * "objectives-required", or an option key ("baa.withdrawing") for its switch. */
GtkWidget  *muster_editor_properties_get_field  (MusterEditorProperties *self, const char *name);
/* The last refusal shown, or NULL. */
const char *muster_editor_properties_get_message (MusterEditorProperties *self);

G_END_DECLS
