/* muster-present-dialog.h: one dialog at a time per owner */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Presents dialog as the one its owner waits on: the dialog in *current
 * before (if any) is destroyed, and *current follows dialog (it becomes
 * NULL when dialog is destroyed). The window and the match page share it. */
void muster_present_dialog (GtkWidget **current, GtkWidget *dialog);

G_END_DECLS
