/* muster-match-save.c: saving the match page's match (Ctrl+S in place once
 * it has its file, Save As asking where) and closing it, asking to save it
 * first when it has unsaved commands */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>

#include "muster-application.h"

static void
on_message_response (GtkDialog *dialog,
                     int        response,
                     gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
report_error (MusterMatchPage *self,
              const char      *primary,
              const GError    *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (on_message_response), NULL);
  muster_present_dialog (&self->dialog, dialog);
}

static void
on_save_response (GtkNativeDialog *chooser,
                  int              response,
                  MusterMatchPage *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean close = self->close_after_save;

  self->close_after_save = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL || !muster_game_save (self->game, file, &error))
    {
      /* not saved: nothing closes */
      if (close)
        muster_match_page_cancel_close (self);
      if (error != NULL)
        report_error (self, _("Could not save the match"), error);
      return;
    }
  if (close)
    muster_match_page_finish_close (self);
}

void
muster_match_save_show_chooser (MusterMatchPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GFile *file = muster_game_get_file (self->game);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Match"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Muster Matches"));
  gtk_file_filter_add_suffix (filter, "muster-game");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), file, NULL);
  else
    {
      const MuScenario *s = muster_game_get_scenario (self->game);
      g_autofree char *name = g_strdup_printf ("%s.muster-game", s->title && *s->title ? s->title : _("Match"));

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* A match that has its file is saved there at once (Ctrl+S asks nothing);
 * one that has none asks where. TRUE when saved now. */
gboolean
muster_match_save_in_place (MusterMatchPage *self)
{
  GFile *file = muster_game_get_file (self->game);
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    {
      muster_match_save_show_chooser (self);
      return FALSE;
    }
  if (!muster_game_save (self->game, file, &error))
    {
      report_error (self, _("Could not save the match"), error);
      return FALSE;
    }
  return TRUE;
}

static void
on_close_response (GtkDialog       *dialog,
                   int              response,
                   MusterMatchPage *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      if (muster_game_get_file (self->game) == NULL)
        {
          self->close_after_save = TRUE;
          muster_match_save_show_chooser (self);
        }
      else if (muster_match_save_in_place (self))
        muster_match_page_finish_close (self);
      else
        muster_match_page_cancel_close (self);
    }
  else if (response == GTK_RESPONSE_REJECT)
    muster_match_page_finish_close (self);
  else
    muster_match_page_cancel_close (self);
}

void
muster_match_page_close (MusterMatchPage *self,
                         gboolean         then_window)
{
  GtkRoot *root;
  GtkWidget *dialog, *button;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  self->close_window = then_window;
  root = gtk_widget_get_root (GTK_WIDGET (self));

  if (!muster_game_get_modified (self->game))
    {
      muster_match_page_finish_close (self);
      return;
    }
  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Save the match before closing it?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, the commands played since the last save are lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog),
                                  muster_game_get_file (self->game) ? _("_Save") : _("_Save As…"),
                                  GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  muster_present_dialog (&self->dialog, dialog);
}


/* The board's view, for the file the match is written to: the zoom, the
 * point in the middle and the selected counter, so that the match opens
 * again as it was left. */
static void
on_game_saving (MusterGame      *game,
                MusterMatchPage *self)
{
  MuMatchView view = { 0 };
  MuPoint centre;

  if (!muster_map_view_get_view (self->map_view, &view.zoom, &centre))
    return;   /* never laid out: the view it was opened with stays */
  view.x = centre.x;
  view.y = centre.y;
  view.selected = self->selected;
  muster_game_set_view (game, &view);
}

void
muster_match_save_init (MusterMatchPage *self)
{
  g_signal_connect (self->game, "saving", G_CALLBACK (on_game_saving), self);
}

gboolean
muster_match_page_restore_view (MusterMatchPage *self)
{
  const MuMatchView *view;
  const MuCounterView *selected;

  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), FALSE);

  view = mu_match_get_view (muster_game_get_match (self->game));
  if (view == NULL)
    return FALSE;
  muster_map_view_set_view (self->map_view, view->zoom, (MuPoint) { view->x, view->y });
  /* the selection only where it still means something: a counter of the
   * side to act, on the board */
  selected = view->selected ? muster_match_board_find_view (self, view->selected) : NULL;
  if (selected != NULL && selected->status == MU_COUNTER_STATUS_ACTIVE && mu_pos_is_set (&selected->pos) &&
      g_strcmp0 (selected->side, muster_game_get_awaited_side (self->game)) == 0)
    {
      /* under the hand-over screen the sidebar would name it: it is
       * selected once the player to act takes the board */
      g_free (self->restore_selected);
      self->restore_selected = NULL;
      if (self->handover_side != NULL)
        self->restore_selected = g_strdup (view->selected);
      else
        muster_match_page_select (self, view->selected);
    }
  return TRUE;
}
