/* muster-dialog-enter.c: Enter in a dialog's fields answers it (see
 * muster-dialog-enter.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-dialog-enter.h"

/* The field's text was activated (Enter): click the dialog's button,
 * unless it is insensitive, so that whatever listens to the button or to
 * the dialog's response hears it as from a click. */
static void
on_text_activate (GtkText   *text,
                  GtkDialog *dialog)
{
  GtkWidget *button = g_object_get_data (G_OBJECT (dialog), "muster-enter-button");

  if (button != NULL && gtk_widget_is_sensitive (button))
    g_signal_emit_by_name (button, "clicked");
}

static void
field_answers (GtkWidget *field,
               GtkDialog *dialog)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (field));

  /* one way only: where the window's default does work, Enter would
   * otherwise click the button twice */
  if (GTK_IS_ENTRY (field))
    gtk_entry_set_activates_default (GTK_ENTRY (field), FALSE);
  /* after the spin button's own handler, which reads the number typed */
  if (GTK_IS_TEXT (text))
    g_signal_connect_object (text, "activate", G_CALLBACK (on_text_activate), dialog,
                             G_CONNECT_AFTER);
}

static void
fields_answer (GtkWidget *widget,
               GtkDialog *dialog)
{
  if (GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget))
    {
      field_answers (widget, dialog);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fields_answer (child, dialog);
}

void
muster_dialog_answer_on_enter (GtkDialog *dialog,
                               int        response)
{
  GtkWidget *button;

  g_return_if_fail (GTK_IS_DIALOG (dialog));

  button = gtk_dialog_get_widget_for_response (dialog, response);
  g_return_if_fail (button != NULL);
  g_object_set_data (G_OBJECT (dialog), "muster-enter-button", button);
  fields_answer (gtk_dialog_get_content_area (dialog), dialog);
}
