/* muster-window-match.c: the window's match page: Play (the New Match dialog),
 * opening saved matches, and the match's document in the window's place */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>

#include "mu-problem.h"
#include "muster-match-autosave.h"
#include "muster-match-dialog.h"
#include "muster-match-page.h"

/* Saved matches in the recent files (the shared MIME database names the type). */
#define MATCH_MIME_TYPE "application/x-muster-game+xml"
#define MATCH_EXTENSION ".muster-game"

GtkWidget *
muster_window_get_match_page (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  if (window_match_document (self) == NULL)
    return NULL;
  return gtk_stack_get_child_by_name (muster_window_get_stack (self), "match");
}

gboolean
muster_window_match_shown (MusterWindow *self)
{
  return window_match_document (self) != NULL;
}

static gboolean
close_window_later (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

/* The match's document goes (and its autosave with it: the match was
 * closed); the scenario it was played from, if any, is the window's again. */
static void
close_match (MusterWindow *self)
{
  MusterDocument *match = window_match_document (self);
  GtkWidget *page;
  MusterDocument *origin;

  if (match == NULL)
    return;
  page = muster_window_get_match_page (self);
  g_signal_handlers_disconnect_by_data (muster_document_get_game (match), self);
  g_signal_handlers_disconnect_by_data (match, self);
  g_signal_handlers_disconnect_by_data (page, self);
  muster_document_close (match);
  origin = muster_document_get_origin (match);
  self->document = origin ? g_object_ref (origin) : NULL;
  g_object_unref (match);
  gtk_stack_remove (muster_window_get_stack (self), page);
}

void
muster_window_leave_match_cancel (MusterWindow *self)
{
  gpointer data = g_steal_pointer (&self->after_match.data);
  GDestroyNotify destroy = self->after_match.destroy;

  self->after_match.then = NULL;
  self->after_match.destroy = NULL;
  if (destroy != NULL && data != NULL)
    destroy (data);
}

/* The match is gone (saved or discarded): what waited on it goes on. */
static void
leave_match_done (MusterWindow *self)
{
  MusterWindowThen then = self->after_match.then;
  gpointer data = g_steal_pointer (&self->after_match.data);
  GDestroyNotify destroy = self->after_match.destroy;

  self->after_match.then = NULL;
  self->after_match.destroy = NULL;
  if (then != NULL)
    then (self, data);
  if (destroy != NULL && data != NULL)
    destroy (data);
}

void
muster_window_leave_match_then (MusterWindow    *self,
                                MusterWindowThen then,
                                gpointer         data,
                                GDestroyNotify   destroy)
{
  MusterDocument *match = window_match_document (self);
  GtkWidget *page;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (then != NULL);

  muster_window_leave_match_cancel (self);
  self->after_match.then = then;
  self->after_match.data = data;
  self->after_match.destroy = destroy;
  if (match == NULL || !muster_document_get_modified (match))
    {
      leave_match_done (self);
      return;
    }
  /* The match asks to be saved; it closes (and only then loses its
   * autosave) once saved or discarded. */
  page = muster_window_get_match_page (self);
  gtk_stack_set_visible_child (muster_window_get_stack (self), page);
  muster_match_page_close (MUSTER_MATCH_PAGE (page), FALSE);
}

static void
on_page_close_cancelled (MusterMatchPage *page,
                         MusterWindow    *self)
{
  muster_window_leave_match_cancel (self);
}

static void
on_page_closed (MusterMatchPage *page,
                gboolean         close_window,
                MusterWindow    *self)
{
  close_match (self);
  /* back to the editor of the scenario, or the start page */
  gtk_stack_set_visible_child_name (muster_window_get_stack (self),
                                    muster_window_get_scenario (self) ? "board" : "start");
  muster_window_update_chrome (self);
  if (close_window)
    {
      muster_window_leave_match_cancel (self);
      g_idle_add_full (G_PRIORITY_DEFAULT, close_window_later, g_object_ref (self), g_object_unref);
    }
  else
    leave_match_done (self);
}

static void
on_match_notify (GObject      *object,
                 GParamSpec   *pspec,
                 MusterWindow *self)
{
  muster_window_update_chrome (self);
}

/* The zoom at which counters read (the whole board fitted at 1366 x 768
 * was 29 %, where they cannot). */
#define READABLE_ZOOM 0.7

/* A match shown (new, or reopened without a saved view) opens at a
 * readable zoom on the side to act's counters, their middle in the middle. */
static void
show_acting_side (MusterMatchPage *page)
{
  MusterGame *game = muster_match_page_get_game (page);
  MusterMapView *view = muster_match_page_get_map_view (page);
  GArray *views = mu_match_get_counters (muster_game_get_match (game));
  const char *side = muster_game_get_awaited_side (game);
  MuPoint sum = { 0, 0 };
  guint n = 0;

  for (guint i = 0; side != NULL && i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      MuPoint b;

      if (g_strcmp0 (v->side, side) != 0 || !mu_status_has (v->status, MU_STATUS_IN_PLAY) || !mu_pos_is_set (&v->pos))
        continue;
      muster_map_view_pos_to_board (view, &v->pos, &b);
      sum.x += b.x;
      sum.y += b.y;
      n++;
    }
  if (n > 0)
    muster_map_view_focus_point (view, (MuPoint) { sum.x / n, sum.y / n }, READABLE_ZOOM);
}

void
muster_window_show_match (MusterWindow *self,
                          MusterGame   *game)
{
  GtkWidget *page;
  MusterDocument *origin;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (MUSTER_IS_GAME (game));

  close_match (self);
  origin = g_steal_pointer (&self->document);   /* the open scenario, or NULL */
  self->document = muster_document_new_match (game);
  if (origin != NULL)
    {
      muster_document_set_origin (self->document, origin);
      g_object_unref (origin);
    }
  page = muster_match_page_new (game);
  gtk_stack_add_named (muster_window_get_stack (self), page, "match");
  gtk_stack_set_visible_child (muster_window_get_stack (self), page);
  g_signal_connect (page, "closed", G_CALLBACK (on_page_closed), self);
  g_signal_connect (page, "close-cancelled", G_CALLBACK (on_page_close_cancelled), self);
  g_signal_connect (self->document, "notify", G_CALLBACK (on_match_notify), self);
  g_signal_connect (game, "notify::can-undo", G_CALLBACK (on_match_notify), self);
  g_signal_connect (page, "notify::replaying", G_CALLBACK (on_match_notify), self);
  muster_map_view_zoom_to_fit (muster_match_page_get_map_view (MUSTER_MATCH_PAGE (page)));
  if (!muster_match_page_restore_view (MUSTER_MATCH_PAGE (page)))
    show_acting_side (MUSTER_MATCH_PAGE (page));
  gtk_widget_grab_focus (page);   /* the hand-over button, or the board */
  muster_window_update_chrome (self);
}

gboolean
muster_window_match_undo (MusterWindow *self)
{
  MusterDocument *match = window_match_document (self);
  GtkWidget *page = muster_window_get_match_page (self);
  g_autoptr(GError) error = NULL;

  if (match == NULL)
    return FALSE;
  if (!muster_game_undo (muster_document_get_game (match), &error))
    muster_match_page_show_refusal (MUSTER_MATCH_PAGE (page), error->message);
  return TRUE;
}

void
muster_window_match_saved (MusterWindow *self,
                           gboolean      saved)
{
  GtkWidget *page = muster_window_get_match_page (self);

  if (page != NULL)
    muster_match_page_save_done (MUSTER_MATCH_PAGE (page), saved);
}

gboolean
muster_window_match_can_undo (MusterWindow *self)
{
  MusterDocument *match = window_match_document (self);
  GtkWidget *page = muster_window_get_match_page (self);
  gboolean replaying = FALSE;

  if (match == NULL)
    return FALSE;
  /* while the replay bar steps through the match, the live match waits */
  g_object_get (page, "replaying", &replaying, NULL);
  return !replaying && muster_game_can_undo (muster_document_get_game (match), NULL);
}

gboolean
muster_window_match_close_request (MusterWindow *self)
{
  MusterDocument *match = window_match_document (self);
  GtkWidget *page = muster_window_get_match_page (self);

  if (match == NULL || !muster_document_get_modified (match))
    return FALSE;
  gtk_stack_set_visible_child (muster_window_get_stack (self), page);
  muster_match_page_close (MUSTER_MATCH_PAGE (page), TRUE);
  return TRUE;
}

/* Saved matches ----------------------------------------------------------------------- */

gboolean
muster_window_file_is_match (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL && mu_match_file_is_match (path);
}

static void
add_recent_match (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *) "muster", NULL };

  data.mime_type = (char *) MATCH_MIME_TYPE;
  data.app_name = (char *) "Muster";
  data.app_exec = (char *) "muster %u";
  data.groups = groups;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
on_warnings_response (GtkDialog *dialog,
                      int        response,
                      gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* What a person should know although the match loaded (a changed embedded
 * scenario), one problem a line. */
static void
show_warnings (MusterWindow *self,
               GFile        *file,
               GPtrArray    *warnings)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *dialog;

  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (warnings, i));

      g_string_append_printf (text, "%s%s", i ? "\n" : "", line);
    }
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_CLOSE,
                                   _("“%s” was opened with warnings"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text->str);
  g_signal_connect (dialog, "response", G_CALLBACK (on_warnings_response), NULL);
  muster_window_show_dialog (self, dialog);
}

typedef struct {
  MusterGame *game;
  GFile *file;
  GPtrArray *warnings;
} LoadedMatch;

static void
loaded_match_free (LoadedMatch *lm)
{
  g_clear_object (&lm->game);
  g_clear_object (&lm->file);
  g_clear_pointer (&lm->warnings, g_ptr_array_unref);
  g_free (lm);
}

static void
show_loaded_match (MusterWindow *self,
                   gpointer      data)
{
  LoadedMatch *lm = data;
  g_autofree char *path = g_file_get_path (lm->file);

  add_recent_match (lm->file);
  muster_window_show_match (self, lm->game);
  if (lm->warnings->len > 0)
    show_warnings (self, lm->file, lm->warnings);
  else
    muster_window_offer_recovery_for (self, path);
}

gboolean
muster_window_open_match_file (MusterWindow *self,
                               GFile        *file,
                               GError      **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GPtrArray) warnings = mu_problem_list_new ();
  g_autoptr(GError) local = NULL;
  LoadedMatch *lm;
  MuMatch *match;

  match = path ? mu_match_load_file_full (path, warnings, &local) : NULL;
  if (match == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);

      if (local == NULL)
        g_set_error (&local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s is not a local file"), name);
      muster_window_show_problems (self, primary, local, NULL);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  lm = g_new0 (LoadedMatch, 1);
  lm->game = muster_game_new (match);
  muster_game_set_file (lm->game, file);
  lm->file = g_object_ref (file);
  lm->warnings = g_steal_pointer (&warnings);
  /* the match shown, if unsaved, is saved or discarded first */
  muster_window_leave_match_then (self, show_loaded_match, lm, (GDestroyNotify) loaded_match_free);
  return TRUE;
}

gboolean
muster_window_is_match_uri (const char *uri)
{
  return g_str_has_suffix (uri, MATCH_EXTENSION);
}

gboolean
muster_window_resume_match (MusterWindow              *self,
                            const MusterMatchLeftover *leftover,
                            GError                   **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) local = NULL;
  MusterMatchPage *page;
  MuMatch *match;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (leftover != NULL, FALSE);

  match = mu_match_load_file (leftover->path, error);
  if (match == NULL)
    return FALSE;
  game = muster_game_new (match);
  if (leftover->original != NULL && g_file_test (leftover->original, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (leftover->original);

      muster_game_set_file (game, file);
    }
  /* what the autosave holds, no file does yet */
  muster_game_set_modified (game, TRUE);
  muster_window_show_match (self, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (self));
  muster_match_page_set_dice_by_players (page, leftover->dice_by_players);
  for (guint i = 0; leftover->computer[i]; i++)
    muster_match_page_set_player (page, leftover->computer[i], MUSTER_PLAYER_COMPUTER);
  /* kept under the resumed match's own name before the old one goes */
  if (!muster_match_autosave_save_now (muster_document_get_match_autosave (self->document), &local))
    g_warning ("Could not autosave the match: %s", local ? local->message : "nothing to save");
  muster_match_autosave_remove (leftover->path);
  return TRUE;
}

/* Play ---------------------------------------------------------------------------------- */

typedef struct {
  MusterGame *game;
  gboolean dice_by_players;
  GHashTable *players;      /* side id → MusterPlayer */
} NewMatch;

static void
new_match_free (NewMatch *nm)
{
  g_clear_object (&nm->game);
  g_clear_pointer (&nm->players, g_hash_table_unref);
  g_free (nm);
}

static void
start_new_match (MusterWindow *self,
                 gpointer      data)
{
  NewMatch *nm = data;
  MusterMatchPage *page;
  GHashTableIter iter;
  gpointer side, player;

  muster_window_show_match (self, nm->game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (self));
  muster_match_page_set_dice_by_players (page, nm->dice_by_players);
  g_hash_table_iter_init (&iter, nm->players);
  while (g_hash_table_iter_next (&iter, &side, &player))
    muster_match_page_set_player (page, side, GPOINTER_TO_INT (player));
}

static void
on_match_dialog_response (GtkDialog    *dialog,
                          int           response,
                          MusterWindow *self)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  const MuScenario *scenario;
  NewMatch *nm;

  if (response != GTK_RESPONSE_ACCEPT)
    {
      gtk_window_destroy (GTK_WINDOW (dialog));
      return;
    }
  game = muster_match_dialog_create_game (MUSTER_MATCH_DIALOG (dialog), &error);
  if (game == NULL)
    {
      GPtrArray *problems = muster_match_dialog_get_check_problems (MUSTER_MATCH_DIALOG (dialog));

      if (problems != NULL)
        g_ptr_array_ref (problems);
      gtk_window_destroy (GTK_WINDOW (dialog));
      muster_window_show_problems (self, _("Could not start the match"), error, problems);
      g_clear_pointer (&problems, g_ptr_array_unref);
      return;
    }
  nm = g_new0 (NewMatch, 1);
  nm->game = g_steal_pointer (&game);
  nm->dice_by_players = muster_match_dialog_get_dice_by_players (MUSTER_MATCH_DIALOG (dialog));
  nm->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  scenario = muster_game_get_scenario (nm->game);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const char *side = ((MuSide *) g_ptr_array_index (scenario->sides, i))->id;

      g_hash_table_insert (nm->players, g_strdup (side),
                           GINT_TO_POINTER (muster_match_dialog_get_player (MUSTER_MATCH_DIALOG (dialog), side)));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* the match shown, if unsaved, is saved or discarded first */
  muster_window_leave_match_then (self, start_new_match, nm, (GDestroyNotify) new_match_free);
}

void
muster_window_show_play (MusterWindow *self)
{
  GtkWidget *dialog;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  dialog = muster_match_dialog_new (GTK_WINDOW (self), muster_window_get_scenario (self));
  g_signal_connect (dialog, "response", G_CALLBACK (on_match_dialog_response), self);
  muster_window_show_dialog (self, dialog);
}
