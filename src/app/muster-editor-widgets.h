/* muster-editor-widgets.h: small widget helpers the editor's panels share:
 * drop-downs of strings and a grid's labelled rows. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A string list of the items (a new reference). */
GListModel *
muster_editor_string_model (const char *const *items,
                            guint              n);

/* Gives the drop-down these strings, replacing its list only when they
 * differ (never while it reports a choice). */
void
muster_editor_set_dropdown_strings (GtkDropDown *dropdown,
                                    GPtrArray   *names);

/* Long choices end in an ellipsis on the button; the list shows them whole. */
void
muster_editor_ellipsize_dropdown (GtkDropDown *dropdown);

/* A label and a control in a row of grid; the control shows and hides
 * with the label, which is returned. */
GtkWidget *
muster_editor_panel_row (GtkWidget  *grid,
                         int         row,
                         const char *label,
                         GtkWidget  *control);

G_END_DECLS
