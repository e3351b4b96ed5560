/* muster-window-actions.c: the window's actions (win.*) and what they ask
 * for: the file choosers, saving, a new scenario, closing with unsaved
 * changes, the scenario's dialogs and printing */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>

#include "muster-match-page.h"
#include "muster-new-dialog.h"
#include "muster-oob-io.h"
#include "muster-print.h"
#include "muster-properties-dialog.h"
#include "muster-resize-dialog.h"

static void schedule_close (MusterWindow *self);

/* File choosers ----------------------------------------------------------------- */

static GtkFileFilter *
scenario_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Muster Scenarios and Matches"));
  /* By name only (GTK compares suffixes without case): matching the MIME
   * type too would offer NAME.muster.XXXXXX, the temporaries of saves that
   * were killed, wherever the type is told by the root element (a portal's
   * file chooser reading shared-mime-info's XMLnamespaces). */
  gtk_file_filter_add_suffix (filter, "muster");
  gtk_file_filter_add_suffix (filter, "muster-game");
  return filter;
}

static GtkFileChooserNative *
new_chooser (MusterWindow        *self,
             const char          *title,
             GtkFileChooserAction action,
             const char          *accept)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();
  g_autofree char *folder = g_settings_get_string (self->settings, "last-folder");

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      GtkFileFilter *all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _("All Files"));
      gtk_file_filter_add_pattern (all, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
      g_object_unref (all);
    }
  if (*folder != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), dir, NULL);
    }
  self->chooser = chooser;
  return chooser;
}

static void
on_open_response (GtkNativeDialog *chooser,
                  int              response,
                  MusterWindow    *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  if (window_scenario (self) == NULL && !window_modified (self))
    muster_window_open_file_async (self, file);
  else
    muster_window_open_in (gtk_window_get_application (GTK_WINDOW (self)), file);
}

void
muster_window_show_open (MusterWindow *self)
{
  GtkFileChooserNative *chooser;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  chooser = new_chooser (self, _("Open Scenario"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The document Save and Save As write: the match while one is shown, else
 * the scenario. */
static MusterDocument *
shown_document (MusterWindow *self)
{
  MusterDocument *match = window_match_document (self);

  return match != NULL ? match : window_scenario_document (self);
}

static void
report_save_error (MusterWindow   *self,
                   MusterDocument *document,
                   GError         *error)
{
  g_autofree char *primary = NULL;

  if (muster_document_get_kind (document) == MUSTER_DOCUMENT_MATCH)
    primary = g_strdup (_("Could not save the match"));
  else
    primary = g_strdup_printf (_("Could not save “%s”"), muster_document_get_title (document));
  muster_window_show_problems (self, primary, error, NULL);
}

/* Writes the shown document to `file`; a scenario's file also goes into
 * the recent files and its folder is where choosers start next time. */
static gboolean
save_document (MusterWindow   *self,
               MusterDocument *document,
               GFile          *file)
{
  g_autoptr(GError) error = NULL;
  gboolean saved;

  if (muster_document_get_kind (document) == MUSTER_DOCUMENT_MATCH)
    saved = muster_document_save (document, file, &error);
  else
    saved = muster_window_save_to_file (self, file, &error);
  if (!saved)
    report_save_error (self, document, error);
  return saved;
}

static void
on_save_as_response (GtkNativeDialog *chooser,
                     int              response,
                     MusterWindow    *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(MusterDocument) document = g_object_steal_data (G_OBJECT (chooser), "document");
  gboolean close = self->close_after_save;
  gboolean saved = FALSE;

  self->close_after_save = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file != NULL && document != NULL)
    saved = save_document (self, document, file);

  /* a match's close question waits on the save, done or not */
  if (document != NULL && muster_document_get_kind (document) == MUSTER_DOCUMENT_MATCH)
    muster_window_match_saved (self, saved);
  else if (saved && close)
    schedule_close (self);
}

/* The one Save As: a chooser for the shown document, offering its file, or
 * a name made from its title. */
static void
show_save_as (MusterWindow   *self,
              MusterDocument *document)
{
  GtkFileChooserNative *chooser;
  GFile *file;

  if (document == NULL)
    return;
  file = muster_document_get_file (document);
  if (muster_document_get_kind (document) == MUSTER_DOCUMENT_MATCH)
    {
      const MuScenario *s = muster_game_get_scenario (muster_document_get_game (document));
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      if (self->chooser != NULL)
        gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
      chooser = gtk_file_chooser_native_new (_("Save Match"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                             _("_Save"), _("_Cancel"));
      gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
      gtk_file_filter_set_name (filter, _("Muster Matches"));
      gtk_file_filter_add_suffix (filter, "muster-game");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      self->chooser = chooser;
      if (file == NULL)
        {
          g_autofree char *name = g_strdup_printf ("%s.muster-game", s->title && *s->title ? s->title : _("Match"));

          /* a title's slash (a date) is no folder */
          g_strdelimit (name, "/\\", '-');
          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
        }
    }
  else
    {
      chooser = new_chooser (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
      if (file == NULL)
        {
          const char *copy_of = muster_document_get_copy_of (document);
          const char *title = muster_document_get_scenario (document)->title;
          g_autofree char *name = NULL;

          if (copy_of != NULL)
            name = g_strdup (copy_of);
          else if (title != NULL && *title != '\0')
            name = g_strdup_printf ("%s.muster", title);
          else
            name = g_strdup_printf ("%s.muster", _("Untitled Scenario"));
          /* a title's slash (a date) is no folder */
          g_strdelimit (name, "/\\", '-');
          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
        }
      gtk_file_chooser_set_create_folders (GTK_FILE_CHOOSER (chooser), TRUE);
    }
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  g_object_set_data_full (G_OBJECT (chooser), "document", g_object_ref (document), g_object_unref);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Saves `document` to its file at once (Ctrl+S asks nothing), or asks for
 * one. Returns TRUE when saved now. */
static gboolean
save (MusterWindow   *self,
      MusterDocument *document)
{
  GFile *file;
  gboolean saved;

  if (document == NULL)
    return FALSE;
  file = muster_document_get_file (document);
  if (file == NULL)
    {
      show_save_as (self, document);
      return FALSE;
    }
  saved = save_document (self, document, file);
  if (muster_document_get_kind (document) == MUSTER_DOCUMENT_MATCH)
    muster_window_match_saved (self, saved);
  return saved;
}

/* New scenario --------------------------------------------------------------------- */

static void
on_new_response (GtkDialog    *dialog,
                 int           response,
                 MusterWindow *self)
{
  MuScenario *scenario = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    scenario = muster_new_dialog_create_scenario (MUSTER_NEW_DIALOG (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (scenario == NULL)
    return;

  if (window_scenario (self) == NULL)
    {
      muster_window_set_new_scenario (self, scenario);
    }
  else
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      MusterWindow *window = muster_window_new (app);

      muster_window_set_new_scenario (window, scenario);
      gtk_window_present (GTK_WINDOW (window));
    }
}

void
muster_window_show_new (MusterWindow *self)
{
  GtkWidget *dialog;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  dialog = muster_new_dialog_new (GTK_WINDOW (self), self->settings);
  g_signal_connect (dialog, "response", G_CALLBACK (on_new_response), self);
  muster_window_show_dialog (self, dialog);
}

/* Closing ------------------------------------------------------------------------- */

/* The window closes after the dialog is gone: the dialog still refers to its
 * parent until its response has been handled. */
static gboolean
close_later (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
schedule_close (MusterWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, close_later, g_object_ref (self), g_object_unref);
}

static void
on_close_response (GtkDialog    *dialog,
                   int           response,
                   MusterWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  switch (response)
    {
    case GTK_RESPONSE_ACCEPT: /* Save */
      if (window_file (self) == NULL)
        {
          self->close_after_save = TRUE;
          show_save_as (self, window_scenario_document (self));
        }
      else if (save (self, window_scenario_document (self)))
        {
          schedule_close (self);
        }
      break;
    case GTK_RESPONSE_REJECT: /* Discard */
      self->closing_confirmed = TRUE;
      schedule_close (self);
      break;
    default: /* Cancel */
      break;
    }
}

static void
ask_save_changes (MusterWindow *self)
{
  const char *name = muster_document_get_title (window_scenario_document (self));
  GtkWidget *dialog, *button;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("If you don’t save, your changes will be lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), window_file (self) ? _("_Save") : _("_Save As…"),
                                  GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  muster_window_show_dialog (self, dialog);
}

/* TRUE when closing waits on a question (save the match, save the changes). */
gboolean
muster_window_ask_before_close (MusterWindow *self)
{
  if (!self->closing_confirmed && muster_window_match_close_request (self))
    return TRUE;
  if (window_modified (self) && !self->closing_confirmed)
    {
      ask_save_changes (self);
      return TRUE;
    }
  return FALSE;
}

/* Actions ----------------------------------------------------------------------- */

static void
on_save (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  save (self, shown_document (self));
}

static void
on_save_as (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  show_save_as (self, shown_document (self));
}

static void
on_close (GSimpleAction *action,
          GVariant      *param,
          gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
on_undo (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  /* the shown document: the match's undo policy, or the scenario's history */
  if (muster_window_match_undo (self))
    return;
  if (window_history (self))
    mu_edit_history_undo (window_history (self));
}

static void
on_redo (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_history (self))
    mu_edit_history_redo (window_history (self));
}

/* The board shown: the match's or the scenario's. */
static MusterMapView *
shown_map_view (MusterWindow *self)
{
  GtkWidget *page = muster_window_get_match_page (self);

  if (page != NULL && muster_window_match_shown (self))
    return muster_match_page_get_map_view (MUSTER_MATCH_PAGE (page));
  return self->map_view;
}

static void
on_zoom_in (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  muster_map_view_zoom_in (shown_map_view (MUSTER_WINDOW (user_data)));
}

static void
on_zoom_out (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  muster_map_view_zoom_out (shown_map_view (MUSTER_WINDOW (user_data)));
}

static void
on_zoom_fit (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  muster_map_view_zoom_to_fit (shown_map_view (MUSTER_WINDOW (user_data)));
}

static void
on_zoom_reset (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  MusterMapView *view = shown_map_view (MUSTER_WINDOW (user_data));

  muster_map_view_zoom_at (view, 1.0, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (view)) / 2.0);
}

static void
on_show_primary_menu (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  gtk_menu_button_popup (self->primary_menu_button);
}

/* The editor panel beside the board, shown on request. */
static void
on_edit_change_state (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  g_simple_action_set_state (action, value);
  if (g_variant_get_boolean (value))
    muster_window_ensure_editor (self);
  gtk_widget_set_visible (self->side_panel,
                          self->editor != NULL && g_variant_get_boolean (value));
}

/* Scenario dialogs and the order of battle as CSV (each change one undo step). */
static void
on_scenario_properties (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_history (self))
    muster_window_show_dialog (self, muster_properties_dialog_new (GTK_WINDOW (self), window_history (self)));
}

static void
on_resize_board (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_history (self))
    muster_window_show_dialog (self, muster_resize_dialog_new (GTK_WINDOW (self), window_history (self)));
}

static void
on_oob_response (GtkNativeDialog *chooser,
                 int              response,
                 MusterWindow    *self)
{
  GtkWidget *dialog = NULL;

  if (window_history (self))
    dialog = muster_oob_chooser_response (chooser, response, window_history (self));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (dialog)
    muster_window_show_dialog (self, dialog);
}

static void
show_oob_chooser (MusterWindow *self,
                  gboolean      export)
{
  if (window_history (self) == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = muster_oob_new_chooser (GTK_WINDOW (self), window_history (self), export);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_oob_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_import_oob (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  show_oob_chooser (MUSTER_WINDOW (user_data), FALSE);
}

static void
on_export_oob (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  show_oob_chooser (MUSTER_WINDOW (user_data), TRUE);
}

static void
on_print_counters (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_scenario (self))
    muster_print_run (GTK_WINDOW (self), window_scenario (self), MU_SHEET_KIND_COUNTERS, self->settings,
                      GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
on_print_map (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_scenario (self))
    muster_print_run (GTK_WINDOW (self), window_scenario (self), MU_SHEET_KIND_MAP, self->settings,
                      GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
on_export_counters_response (GtkNativeDialog *chooser,
                             int              response,
                             MusterWindow    *self)
{
  GtkWidget *dialog = muster_print_export_chooser_response (chooser, response, window_scenario (self),
                                                            self->settings);

  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (dialog)
    muster_window_show_dialog (self, dialog);
}

static void
on_export_counters (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (window_scenario (self) == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = muster_print_new_export_chooser (GTK_WINDOW (self), window_scenario (self));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_counters_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_play (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  muster_window_show_play (MUSTER_WINDOW (user_data));
}

static const GActionEntry win_entries[] = {
  { "play", on_play },
  { "save", on_save },
  { "save-as", on_save_as },
  { "close", on_close },
  { "undo", on_undo },
  { "redo", on_redo },
  { "zoom-in", on_zoom_in },
  { "zoom-out", on_zoom_out },
  { "zoom-fit", on_zoom_fit },
  { "zoom-reset", on_zoom_reset },
  { "show-primary-menu", on_show_primary_menu },
  { "edit", NULL, NULL, "false", on_edit_change_state },
  { "scenario-properties", on_scenario_properties },
  { "resize-board", on_resize_board },
  { "import-oob", on_import_oob },
  { "export-oob", on_export_oob },
  { "print-counters", on_print_counters },
  { "print-map", on_print_map },
  { "export-counters", on_export_counters },
};

void
muster_window_add_actions (MusterWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
}
