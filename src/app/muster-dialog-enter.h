/* muster-dialog-enter.h: Enter in a dialog's fields answers it
 *
 * A dialog built with use-header-bar loses the default button its
 * template declares once it is shown (GTK 4.8 moves the buttons into the
 * header bar and the default is unset again), and GTK 4.8's spin buttons
 * cannot activate a default at all: Enter in a field did nothing although
 * the highlighted button says it is the one Enter presses. These connect
 * the fields to the button themselves.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Enter in every entry and spin button inside the dialog's content area
 * presses the dialog's button for response (when it is sensitive); call
 * once the dialog's fields are built. */
void muster_dialog_answer_on_enter (GtkDialog *dialog,
                                    int        response);

G_END_DECLS
