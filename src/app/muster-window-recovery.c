/* muster-window-recovery.c: the window offers what a crash left behind
 *
 * The one place that offers kept work (muster-recovery.h lists it): as bars
 * on the start page, and as a question when the document it belongs to is
 * opened again. Both recover the same way.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>

#include "muster-recovery.h"

/* Recovering ------------------------------------------------------------------------------ */

static MuScenario *
empty_like (const MuScenario *s)
{
  if (s->board == MU_BOARD_HEX)
    return mu_scenario_new_hex (s->ruleset, s->hex_map->grid.cols, s->hex_map->grid.rows,
                                s->hex_map->grid.orientation, s->hex_map->grid.offset);
  return mu_scenario_new_table (s->ruleset, s->table->width, s->table->height, s->table->unit,
                                s->table->figure_scale);
}

/* The recovered model (taken) replaces the window's as one undoable step,
 * so the window shows unsaved work and undo goes back to what was there;
 * the document keeps its file name. */
static void
take_content (MusterWindow *self,
              MuScenario   *recovered)
{
  MuEditHistory *history = muster_window_get_history (self);
  MuScenario *s = mu_edit_history_begin_direct (history, _("Recover Unsaved Work"));
  MuScenario tmp = *s;
  char *filename = tmp.filename;

  *s = *recovered;
  *recovered = tmp;
  recovered->filename = s->filename;
  s->filename = filename;
  mu_edit_history_end_direct (history);
  mu_scenario_free (recovered);
  /* work kept mid-design may fail its checks: show what to fix */
  muster_window_show_check_errors (self);
}

/* A scenario from the start page: on its own file when there is one (in
 * window when it is empty, else in a new window). */
static gboolean
recover_scenario (MusterWindow         *window,
                  const MusterLeftover *leftover,
                  GError              **error)
{
  MusterWindow *target = window;
  MuScenario *recovered = muster_leftover_load_scenario (leftover, error);
  gboolean opened = FALSE;

  if (recovered == NULL)
    return FALSE;
  if (!muster_window_is_empty (target))
    {
      target = muster_window_new (gtk_window_get_application (GTK_WINDOW (window)));
      gtk_window_present (GTK_WINDOW (target));
    }
  if (leftover->original && g_file_test (leftover->original, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (leftover->original);

      opened = muster_window_open_file (target, file, NULL);
      /* Opening asks about this same autosave: it is answered here. */
      if (opened && muster_window_get_dialog (target) != NULL)
        gtk_window_destroy (GTK_WINDOW (muster_window_get_dialog (target)));
    }
  if (!opened)
    muster_window_set_new_scenario (target, empty_like (recovered));
  take_content (target, recovered);
  muster_leftover_discard (leftover);
  return TRUE;
}

/* A match from the start page: in window when it is empty, else in a new
 * window. */
static gboolean
resume_match (MusterWindow         *window,
              const MusterLeftover *leftover,
              GError              **error)
{
  MusterWindow *target = window;

  if (!muster_window_is_empty (target))
    target = muster_window_new (gtk_window_get_application (GTK_WINDOW (window)));
  if (!muster_window_resume_match (target, leftover->match, error))
    {
      if (target != window)
        gtk_window_destroy (GTK_WINDOW (target));
      return FALSE;
    }
  gtk_window_present (GTK_WINDOW (target));
  return TRUE;
}

/* The start page's bars ---------------------------------------------------------------- */

/* The bar's work could not be read: it says so and stays, Discard only. */
static void
bar_failed (GtkInfoBar *bar,
            const char *text)
{
  gtk_info_bar_set_message_type (bar, GTK_MESSAGE_ERROR);
  gtk_info_bar_set_response_sensitive (bar, GTK_RESPONSE_ACCEPT, FALSE);
  gtk_label_set_text (g_object_get_data (G_OBJECT (bar), "label"), text);
}

/* Answered: the bar goes, and the slot with its last bar. */
static void
bar_done (GtkInfoBar *bar)
{
  GtkWidget *slot = gtk_widget_get_parent (GTK_WIDGET (bar));

  gtk_box_remove (GTK_BOX (slot), GTK_WIDGET (bar));
  if (gtk_widget_get_first_child (slot) == NULL)
    gtk_widget_set_visible (slot, FALSE);
}

static void
on_bar_response (GtkInfoBar   *bar,
                 int           response,
                 MusterWindow *self)
{
  MusterLeftover *leftover = g_object_get_data (G_OBJECT (bar), "leftover");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GError) error = NULL;
      gboolean match = leftover->kind == MUSTER_LEFTOVER_MATCH;

      if (!(match ? resume_match (self, leftover, &error) : recover_scenario (self, leftover, &error)))
        {
          g_autofree char *text = NULL;

          text = g_strdup_printf (match ? _("The kept match cannot be read: %s")
                                        : _("The kept work cannot be read: %s"),
                                  error->message);
          bar_failed (bar, text);
          return;
        }
    }
  else if (response == GTK_RESPONSE_REJECT)
    muster_leftover_discard (leftover);
  else
    return;
  bar_done (bar);
}

/* One bar: the sentence, Discard and Recover (Resume for a match). */
static void
add_bar (MusterWindow   *self,
         GtkBox         *slot,
         MusterLeftover *leftover)
{
  GtkWidget *bar = gtk_info_bar_new ();
  g_autofree char *text = muster_leftover_describe (leftover);
  GtkWidget *label = gtk_label_new (text);
  const char *accept = leftover->kind == MUSTER_LEFTOVER_MATCH ? _("_Resume") : _("_Recover");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_info_bar_add_child (GTK_INFO_BAR (bar), label);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), accept, GTK_RESPONSE_ACCEPT);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), GTK_MESSAGE_WARNING);
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_object_set_data (G_OBJECT (bar), "label", label);
  g_object_set_data_full (G_OBJECT (bar), "leftover", muster_leftover_ref (leftover),
                          (GDestroyNotify) muster_leftover_unref);
  g_signal_connect (bar, "response", G_CALLBACK (on_bar_response), self);
  gtk_box_append (slot, bar);
}

guint
muster_window_offer_recovery (MusterWindow *self,
                              GtkBox       *slot)
{
  g_autoptr(MusterRecovery) recovery = NULL;
  GtkWidget *child;
  guint n;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), 0);
  g_return_val_if_fail (GTK_IS_BOX (slot), 0);

  recovery = muster_recovery_new ();
  n = muster_recovery_get_n_leftovers (recovery);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (slot))))
    gtk_box_remove (slot, child);
  for (guint i = 0; i < n; i++)
    add_bar (self, slot, muster_recovery_get_leftover (recovery, i));
  gtk_widget_set_visible (GTK_WIDGET (slot), n > 0);
  return n;
}

/* Opening a document ------------------------------------------------------------------- */

static void
on_question_response (GtkDialog    *dialog,
                      int           response,
                      MusterWindow *self)
{
  MusterLeftover *leftover = g_object_get_data (G_OBJECT (dialog), "leftover");
  g_autoptr(GError) error = NULL;

  if (leftover->kind == MUSTER_LEFTOVER_MATCH)
    {
      if (response == GTK_RESPONSE_ACCEPT && !muster_window_resume_match (self, leftover->match, &error))
        {
          gtk_window_destroy (GTK_WINDOW (dialog));
          muster_window_show_problems (self, _("The kept match cannot be read"), error, NULL);
          return;
        }
      if (response == GTK_RESPONSE_REJECT)
        muster_leftover_discard (leftover);
    }
  else if (response == GTK_RESPONSE_ACCEPT && muster_window_get_history (self))
    {
      MuScenario *recovered = muster_leftover_load_scenario (leftover, &error);

      /* the autosave stays until the recovered work is saved */
      if (recovered)
        take_content (self, recovered);
      else
        g_warning ("Could not read the recovered work: %s", error->message);
    }
  else
    muster_leftover_discard (leftover);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

void
muster_window_offer_recovery_for (MusterWindow *self,
                                  const char   *path)
{
  g_autoptr(MusterLeftover) leftover = NULL;
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  leftover = muster_recovery_find_for (path);
  if (leftover == NULL)
    return;
  name = g_path_get_basename (path);
  if (leftover->kind == MUSTER_LEFTOVER_MATCH)
    {
      g_autofree char *time = muster_leftover_format_time (leftover);
      GtkWidget *button;

      dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                       _("Resume the commands played after “%s” was saved?"), name);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                _("They were kept when Muster closed without saving them (%s)."),
                                                time);
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
      button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Resume"), GTK_RESPONSE_ACCEPT);
      gtk_widget_add_css_class (button, "suggested-action");
    }
  else
    {
      dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                       _("Recover unsaved work on “%s”?"), name);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
        _("Muster was closed before these changes were saved. Recovering makes them one step you can undo."));
      gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT,
                              _("_Recover"), GTK_RESPONSE_ACCEPT, NULL);
    }
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_object_set_data_full (G_OBJECT (dialog), "leftover", g_steal_pointer (&leftover),
                          (GDestroyNotify) muster_leftover_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_question_response), self);
  muster_window_show_dialog (self, dialog);
}
