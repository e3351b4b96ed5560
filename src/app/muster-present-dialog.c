#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-present-dialog.h"

void
muster_present_dialog (GtkWidget **current,
                       GtkWidget  *dialog)
{
  g_return_if_fail (current != NULL);
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  if (*current != NULL && *current != dialog)
    gtk_window_destroy (GTK_WINDOW (*current));
  *current = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) current);
  gtk_window_present (GTK_WINDOW (dialog));
}
