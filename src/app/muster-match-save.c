/* muster-match-save.c: closing the match page's match, asking to save it
 * first (through the window's Save) when it has unsaved commands, and the
 * board's view kept in the file whenever the match is written */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>

#include "muster-present-dialog.h"

/* The window saves (win.save: in place, or Save As without a file) and
 * says how it went through muster_match_page_save_done. */
void
muster_match_page_save_done (MusterMatchPage *self,
                             gboolean         saved)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (!self->closing.after_save)
    return;
  self->closing.after_save = FALSE;
  if (saved)
    muster_match_page_finish_close (self);
  else
    muster_match_page_cancel_close (self);   /* not saved: nothing closes */
}

static void
on_close_response (GtkDialog       *dialog,
                   int              response,
                   MusterMatchPage *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      /* the window's one Save: in place, or asking where */
      self->closing.after_save = TRUE;
      if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL))
        muster_match_page_save_done (self, FALSE);
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

  self->closing.then_window = then_window;
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
  view.selected = self->selection.id;
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
  if (selected != NULL && mu_status_has (selected->status, MU_STATUS_IN_PLAY) && mu_pos_is_set (&selected->pos) &&
      g_strcmp0 (selected->side, muster_game_get_awaited_side (self->game)) == 0)
    {
      /* under the hand-over screen the sidebar would name it: it is
       * selected once the player to act takes the board */
      g_free (self->handover.restore_selected);
      self->handover.restore_selected = NULL;
      if (self->handover.side != NULL)
        self->handover.restore_selected = g_strdup (view->selected);
      else
        muster_match_page_select (self, view->selected);
    }
  return TRUE;
}
