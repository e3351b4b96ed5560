/* muster-oob-io.h: the order of battle to and from a CSV spreadsheet */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

/* A file chooser for a CSV file to import from or export to (not shown). */
GtkFileChooserNative *muster_oob_new_chooser (GtkWindow *parent, MuEditHistory *history,
                                              gboolean export);
/* Imports or exports as the chooser's answer asks; returns the dialog shown
 * about a failure (problems of the file, or the write error), or NULL. */
GtkWidget *muster_oob_chooser_response (GtkNativeDialog *chooser, int response,
                                        MuEditHistory *history);

/* Replaces the order of battle with the file's in one undo step ("Import
 * Order of Battle"). On any problem nothing changes, a dialog transient for
 * parent (when not NULL) lists every problem as FILE:LINE: error: …, and
 * *dialog (when not NULL) receives it. */
gboolean  muster_oob_import_file  (GtkWindow *parent, MuEditHistory *history, GFile *file,
                                   GtkWidget **dialog, GError **error);
gboolean  muster_oob_export_file  (MuEditHistory *history, GFile *file, GError **error);

G_END_DECLS
