/* muster-resize-dialog.h: inserts or removes rows and columns, or resizes a table */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_RESIZE_DIALOG (muster_resize_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterResizeDialog, muster_resize_dialog, MUSTER, RESIZE_DIALOG, GtkDialog)

/* Before anything changes, the dialog says what would fall off the board.
 * Resize is one undo step; the dialog closes after it. */
GtkWidget *muster_resize_dialog_new      (GtkWindow *parent, MuEditHistory *history);

/* For tests and scripts: set the change shown (hex boards). count > 0
 * inserts, count < 0 removes. */
void       muster_resize_dialog_set_hex   (MusterResizeDialog *self, MuEdge edge, int count);
/* Tables: the new size in the table's unit. */
void       muster_resize_dialog_set_table (MusterResizeDialog *self, double width, double height);
/* The sentence about lost content shown now ("" when nothing is lost). */
const char *muster_resize_dialog_get_warning (MusterResizeDialog *self);
/* Applies the change shown; FALSE with the reason when the model refuses it. */
gboolean   muster_resize_dialog_apply     (MusterResizeDialog *self, GError **error);

G_END_DECLS
