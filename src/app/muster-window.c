#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "mu-file.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-editor-autosave.h"
#include "muster-file-watch.h"
#include "muster-match-page.h"
#include "muster-new-dialog.h"
#include "muster-oob-io.h"
#include "muster-print.h"
#include "muster-properties-dialog.h"
#include "muster-recovery.h"
#include "muster-resize-dialog.h"

/* Undo history kept per window. */

struct _MusterWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;
  /* Show Hex Numbers: in the window's actions only while a hex board is
   * shown, so that its menu item hides on a table */
  GAction *coordinates;

  /* The document. */
  MuScenario *scenario;
  GFile *file;
  MuEditHistory *history; /* owns the scenario; the undo stack and the saved state */
  GtkWidget *editor;
  char *copy_of;                /* a bundled scenario opened as a copy: its file name */
  MusterFileWatch *watch;       /* the file's changes by other programs */
  MusterAutosave *autosave;
  gboolean modified;
  gboolean editing;
  gboolean close_after_save;
  gboolean closing_confirmed;
  MusterScene *scene;

  GtkWidget *dialog;
  GtkFileChooserNative *chooser;

  /* Template children. */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkStack *stack;
  GtkMenuButton *primary_menu_button;
  MusterMapView *map_view;
  GtkWidget *side_panel;
  GtkLabel *position_label;
  GtkLabel *zoom_label;
  GtkListBox *recent_list;
  GtkWidget *recent_group;
  GtkListBox *bundled_list;
  GtkWidget *bundled_group;
  GtkWidget *recovery_box;
};

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, GTK_TYPE_APPLICATION_WINDOW)

static void update_title (MusterWindow *self);
static void update_actions (MusterWindow *self);
static void update_status (MusterWindow *self);
static void schedule_close (MusterWindow *self);

/* Document ------------------------------------------------------------------- */

static void on_history_changed (MuEditHistory *history, MusterWindow *self);
static void show_dialog (MusterWindow *self, GtkWidget *dialog);
static void show_problems (MusterWindow *self, const char *primary, GError *error, GPtrArray *problems);
static void set_scenario (MusterWindow *self, MuScenario *scenario, GFile *file);

gboolean
muster_window_reload (MusterWindow *self,
                      GError      **error)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MuScenario *scenario;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (self->file != NULL, FALSE);

  file = g_object_ref (self->file);
  path = g_file_get_path (file);
  scenario = mu_scenario_load_file (path, problems, &local_error);
  if (scenario == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_("Could not reload “%s”"), name);

      /* what is open stays as it is */
      show_problems (self, primary, local_error, problems);
      if (self->watch)
        muster_file_watch_sync (self->watch);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  set_scenario (self, scenario, file);
  return TRUE;
}

static void
on_reload_response (GtkDialog    *dialog,
                    int           response,
                    MusterWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    muster_window_reload (self, NULL);
  else if (self->watch)
    muster_file_watch_sync (self->watch);   /* keep this version; ask again on the next change */
}

/* Another program saved the open file: offer its version. */
static void
on_file_changed_on_disk (MusterFileWatch *watch,
                         MusterWindow    *self)
{
  g_autofree char *name = g_file_get_basename (self->file);
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("“%s” was changed by another program"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
    self->modified ? _("Reload it from disk? The changes made here and not saved are lost (reloading can be undone only by reopening).")
                   : _("Reload it from disk?"));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Keep This Version"), GTK_RESPONSE_REJECT,
                          _("_Reload"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_reload_response), self);
  show_dialog (self, dialog);
}

static void
watch_file (MusterWindow *self)
{
  if (self->watch)
    g_signal_handlers_disconnect_by_func (self->watch, on_file_changed_on_disk, self);
  g_clear_object (&self->watch);
  if (self->file == NULL)
    return;
  self->watch = muster_file_watch_new (self->file);
  g_signal_connect (self->watch, "changed", G_CALLBACK (on_file_changed_on_disk), self);
}

static void
set_scenario (MusterWindow *self,
              MuScenario   *scenario,
              GFile        *file)
{
  /* The scene points into the old scenario: detach it before freeing. */
  muster_scene_set_scenario (self->scene, NULL);
  if (self->editor)
    gtk_box_remove (GTK_BOX (self->side_panel), g_steal_pointer (&self->editor));
  if (self->history)
    g_signal_handlers_disconnect_by_func (self->history, on_history_changed, self);
  if (self->autosave)
    muster_autosave_discard (self->autosave);   /* the document is closed on purpose */
  g_clear_object (&self->autosave);
  g_clear_object (&self->history);   /* frees the old scenario */
  self->scenario = scenario;
  g_set_object (&self->file, file);
  g_clear_pointer (&self->copy_of, g_free);
  watch_file (self);
  self->modified = FALSE;
  muster_scene_set_scenario (self->scene, scenario);
  if (scenario != NULL)
    {
      self->history = mu_edit_history_new (scenario);
      g_signal_connect (self->history, "changed", G_CALLBACK (on_history_changed), self);
      self->editor = muster_editor_new (self->history, self->map_view);
      gtk_box_append (GTK_BOX (self->side_panel), self->editor);
      {
        g_autofree char *path = file ? g_file_get_path (file) : NULL;

        self->autosave = muster_autosave_new (self->history, path);
      }
    }
  {
    g_autoptr(GVariant) edit = g_action_get_state (g_action_map_lookup_action (G_ACTION_MAP (self), "edit"));

    gtk_widget_set_visible (self->side_panel, scenario != NULL && g_variant_get_boolean (edit));
  }
  gtk_stack_set_visible_child_name (self->stack, scenario ? "board" : "start");
  if (scenario != NULL)
    {
      muster_map_view_zoom_to_fit (self->map_view);
      gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
    }
  update_title (self);
  update_actions (self);
  update_status (self);
}

const MuScenario *
muster_window_get_scenario (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->scenario;
}

GFile *
muster_window_get_file (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->file;
}

gboolean
muster_window_get_modified (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return self->modified;
}

gboolean
muster_window_is_empty (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return self->scenario == NULL && muster_window_get_opening_file (self) == NULL &&
         muster_window_get_match_page (self) == NULL;
}

MusterMapView *
muster_window_get_map_view (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->map_view;
}

MusterScene *
muster_window_get_scene (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->scene;
}

GtkWidget *
muster_window_get_side_panel (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->side_panel;
}

GtkWidget *
muster_window_get_dialog (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->dialog;
}

GtkNativeDialog *
muster_window_get_file_chooser (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->chooser ? GTK_NATIVE_DIALOG (self->chooser) : NULL;
}

static char *
display_name (MusterWindow *self)
{
  if (self->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);

      return g_filename_display_name (base);
    }
  if (self->copy_of != NULL)
    {
      g_autofree char *name = g_filename_display_name (self->copy_of);

      /* Translators: the title of an unsaved copy of a shipped scenario */
      return g_strdup_printf (_("Copy of %s"), name);
    }
  return g_strdup (_("Untitled Scenario"));
}

static void
update_title (MusterWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *match_title = muster_window_match_title (self);

  if (match_title != NULL)
    {
      gtk_label_set_text (self->title_label, match_title);
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      window_title = g_strdup_printf ("%s — %s", match_title, _("Muster"));
      gtk_window_set_title (GTK_WINDOW (self), window_title);
      return;
    }
  if (self->scenario == NULL)
    {
      gtk_label_set_text (self->title_label, _("Muster"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("Muster"));
      return;
    }

  name = display_name (self);
  /* The mark GNOME applications put before the name of a document with
   * unsaved changes. */
  title = self->modified ? g_strdup_printf ("• %s", name) : g_strdup (name);
  gtk_label_set_text (self->title_label, title);
  window_title = g_strdup_printf ("%s — %s", title, _("Muster"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  if (self->file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (self->file);
      g_autofree char *path = parent ? g_file_get_path (parent) : NULL;
      const char *home = g_get_home_dir ();

      if (path != NULL && home != NULL && g_str_has_prefix (path, home)
          && (path[strlen (home)] == '/' || path[strlen (home)] == '\0'))
        subtitle = g_strdup_printf ("~%s", path + strlen (home));
      else
        subtitle = g_strdup (path);
    }
  else if (self->scenario->title != NULL)
    {
      subtitle = g_strdup (self->scenario->title);
    }
  gtk_label_set_text (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
}

static void
set_modified (MusterWindow *self,
              gboolean      modified)
{
  self->modified = modified;
  update_title (self);
  update_actions (self);
}

/* "Undo Paint Woodland" in the primary menu (the section is in gtk/menus.ui). */
static void
update_undo_menu (MusterWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *section = app ? gtk_application_get_menu_by_id (app, "undo-section") : NULL;
  const char *undo = self->history ? mu_edit_history_get_undo_label (self->history) : NULL;
  const char *redo = self->history ? mu_edit_history_get_redo_label (self->history) : NULL;
  g_autofree char *undo_text = undo ? g_strdup_printf (_("_Undo %s"), undo) : g_strdup (_("_Undo"));
  g_autofree char *redo_text = redo ? g_strdup_printf (_("_Redo %s"), redo) : g_strdup (_("_Redo"));

  if (section == NULL || !gtk_window_is_active (GTK_WINDOW (self)))
    return;
  /* Rebuilding a menu that is open makes its popover reallocate: only when
   * the text changes. */
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *now = NULL;
      const char *want = i == 0 ? undo_text : redo_text;

      if (i < g_menu_model_get_n_items (G_MENU_MODEL (section)) &&
          g_menu_model_get_item_attribute (G_MENU_MODEL (section), i, G_MENU_ATTRIBUTE_LABEL, "s", &now) &&
          g_strcmp0 (now, want) == 0)
        continue;
      if (i < g_menu_model_get_n_items (G_MENU_MODEL (section)))
        g_menu_remove (section, i);
      g_menu_insert (section, i, want, i == 0 ? "win.undo" : "win.redo");
    }
}

static void
update_actions (MusterWindow *self)
{
  gboolean open = self->scenario != NULL;
  static const char *const need_scenario[] = {
    "save", "save-as", "zoom-in", "zoom-out", "zoom-fit", "zoom-reset",
    "scenario-properties", "resize-board", "import-oob", "export-oob",
    "print-counters", "print-map", "export-counters",
  };

  for (guint i = 0; i < G_N_ELEMENTS (need_scenario); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), need_scenario[i]);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), open);
    }
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "undo")),
                               open && mu_edit_history_can_undo (self->history));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "redo")),
                               open && mu_edit_history_can_redo (self->history));
  if (muster_window_match_shown (self))
    {
      /* Save, Undo and the zoom act on the match; the scenario's tools wait */
      static const char *const for_match[] = { "save", "save-as", "zoom-in", "zoom-out", "zoom-fit", "zoom-reset" };

      for (guint i = 0; i < G_N_ELEMENTS (need_scenario); i++)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), need_scenario[i])),
                                     FALSE);
      for (guint i = 0; i < G_N_ELEMENTS (for_match); i++)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), for_match[i])),
                                     TRUE);
      g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "undo")),
                                   muster_window_match_can_undo (self));
      g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "redo")),
                                   FALSE);
    }
  /* hex numbers mean nothing on a table */
  if (self->scenario != NULL && self->scenario->board == MU_BOARD_HEX)
    {
      if (g_action_map_lookup_action (G_ACTION_MAP (self), "show-coordinates") == NULL)
        g_action_map_add_action (G_ACTION_MAP (self), self->coordinates);
    }
  else
    g_action_map_remove_action (G_ACTION_MAP (self), "show-coordinates");
  update_undo_menu (self);
}

MuScenario *
muster_window_begin_edit (MusterWindow *self,
                          const char   *label)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  g_return_val_if_fail (self->scenario != NULL, NULL);
  g_return_val_if_fail (!self->editing, NULL);

  self->editing = TRUE;
  return mu_edit_history_begin_direct (self->history, label);
}

void
muster_window_end_edit (MusterWindow *self)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (self->editing);

  self->editing = FALSE;
  mu_edit_history_end_direct (self->history);
  muster_scene_scenario_changed (self->scene);
}

MuEditHistory *
muster_window_get_history (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->history;
}

GtkWidget *
muster_window_get_editor (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->editor;
}

/* Every change of the model, undo and redo included: the unsaved mark
 * follows the history's saved state. */
static void
on_history_changed (MuEditHistory *history,
                    MusterWindow  *self)
{
  muster_scene_scenario_changed (self->scene);
  set_modified (self, !mu_edit_history_is_clean (history));
}

static void
show_dialog (MusterWindow *self,
             GtkWidget    *dialog)
{
  muster_present_dialog (&self->dialog, dialog);
}

static void
on_problems_response (GtkDialog *dialog,
                      int        response,
                      gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A dialog listing every problem as FILE:LINE: MESSAGE. */
static void
show_problems (MusterWindow *self,
               const char   *primary,
               GError       *error,
               GPtrArray    *problems)
{
  GtkWidget *dialog, *area, *scrolled, *view;
  g_autoptr(GString) text = g_string_new (NULL);

  if (problems != NULL)
    for (guint i = 0; i < problems->len; i++)
      {
        g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

        g_string_append_printf (text, "%s\n", line);
      }
  if (text->len == 0 && error != NULL)
    g_string_append (text, error->message);

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  if (error != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);

  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 480);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_add_css_class (scrolled, "frame");
  view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text->str, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_box_append (GTK_BOX (area), scrolled);
  gtk_widget_set_name (view, "problems");

  g_signal_connect (dialog, "response", G_CALLBACK (on_problems_response), NULL);
  show_dialog (self, dialog);
}

void
muster_window_show_dialog (MusterWindow *self,
                           GtkWidget    *dialog)
{
  show_dialog (self, dialog);
}

void
muster_window_show_problems (MusterWindow *self,
                             const char   *primary,
                             GError       *error,
                             GPtrArray    *problems)
{
  show_problems (self, primary, error, problems);
}

void
muster_window_update_chrome (MusterWindow *self)
{
  update_title (self);
  update_actions (self);
  update_status (self);
}

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *) "muster", NULL };

  data.mime_type = (char *) MU_SCENARIO_MIME_TYPE;
  data.app_name = (char *) "Muster";
  data.app_exec = (char *) "muster %u";
  data.groups = groups;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
remember_folder (MusterWindow *self,
                 GFile        *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;

  if (path != NULL)
    g_settings_set_string (self->settings, "last-folder", path);
}

/* Work left by a crash: offer it back as one undoable step. */
static void
on_recovery_response (GtkDialog *dialog,
                      int        response,
                      gpointer   user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);
  const char *autosave = g_object_get_data (G_OBJECT (dialog), "autosave");
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->history)
    {
      g_autoptr(MuScenario) saved = mu_scenario_load_file (autosave, NULL, &error);

      if (saved)
        {
          MuScenario *s = mu_edit_history_begin_direct (self->history, _("Recover Unsaved Work"));
          MuScenario tmp = *s;
          char *filename = tmp.filename;

          /* take the recovered content, keep the document's file name */
          *s = *saved;
          *saved = tmp;
          saved->filename = s->filename;
          s->filename = filename;
          mu_edit_history_end_direct (self->history);
        }
      else
        g_warning ("Could not read the recovered work: %s", error->message);
    }
  else
    muster_autosave_remove (autosave);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
offer_recovery (MusterWindow *self,
                const char   *path)
{
  g_autofree char *autosave = muster_autosave_find (path);
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  if (autosave == NULL)
    return;
  name = g_path_get_basename (path);
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Recover unsaved work on “%s”?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
    _("Muster was closed before these changes were saved. Recovering makes them one step you can undo."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT,
                          _("_Recover"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_object_set_data_full (G_OBJECT (dialog), "autosave", g_steal_pointer (&autosave), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_recovery_response), self);
  show_dialog (self, dialog);
}

/* Whether path is one of the scenarios shipped with Muster. */
static gboolean
is_bundled (const char *path)
{
  g_autofree char *dir = muster_application_find_scenarios_dir ();
  g_autofree char *parent = g_path_get_dirname (path);
  g_autofree char *real_dir = dir ? realpath (dir, NULL) : NULL;
  g_autofree char *real_parent = realpath (parent, NULL);

  return real_dir != NULL && real_parent != NULL && strcmp (real_dir, real_parent) == 0;
}

gboolean
muster_window_open_loaded (MusterWindow *self,
                           GFile        *file,
                           MuScenario   *scenario,
                           GPtrArray    *problems,
                           GError       *load_error,
                           GError      **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (scenario == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);

      show_problems (self, primary, load_error, problems);
      if (error)
        *error = load_error ? g_error_copy (load_error) : NULL;
      return FALSE;
    }
  add_recent (file);
  if (path != NULL && is_bundled (path))
    {
      /* The shipped file stays as shipped: the window holds a new, unsaved
       * copy, and Save asks where to put it. */
      g_clear_pointer (&scenario->filename, g_free);
      set_scenario (self, scenario, NULL);
      self->copy_of = g_path_get_basename (path);
      update_title (self);
      return TRUE;
    }
  set_scenario (self, scenario, file);
  remember_folder (self, file);
  offer_recovery (self, path);
  return TRUE;
}

gboolean
muster_window_open_file (MusterWindow *self,
                         GFile        *file,
                         GError      **error)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;
  MuScenario *scenario;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (muster_window_file_is_match (file))
    return muster_window_open_match_file (self, file, error);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&local_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not a local file"), uri);
      scenario = NULL;
    }
  else
    {
      scenario = mu_scenario_load_file (path, problems, &local_error);
    }
  return muster_window_open_loaded (self, file, scenario, problems, local_error, error);
}

GtkStack *
muster_window_get_stack (MusterWindow *self)
{
  return self->stack;
}

void
muster_window_set_new_scenario (MusterWindow *self,
                                MuScenario   *scenario)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (scenario != NULL);

  set_scenario (self, scenario, NULL);
}

gboolean
muster_window_save_to_file (MusterWindow *self,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (self->scenario != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Scenarios can only be saved to local files"));
      return FALSE;
    }
  if (!mu_scenario_save_file (self->scenario, path, error))
    return FALSE;

  g_free (self->scenario->filename);
  self->scenario->filename = g_strdup (path);
  g_set_object (&self->file, file);
  g_clear_pointer (&self->copy_of, g_free);
  watch_file (self);
  add_recent (file);
  remember_folder (self, file);
  mu_edit_history_mark_clean (self->history);
  muster_autosave_set_original (self->autosave, path);
  set_modified (self, FALSE);
  return TRUE;
}

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

  if (self->scenario == NULL && !self->modified)
    muster_window_open_file_async (self, file);
  else
    muster_application_open_file (MUSTER_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                  file);
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

static void
report_save_error (MusterWindow *self,
                   GError       *error)
{
  g_autofree char *name = display_name (self);
  g_autofree char *primary = g_strdup_printf (_("Could not save “%s”"), name);

  show_problems (self, primary, error, NULL);
}

static void
on_save_as_response (GtkNativeDialog *chooser,
                     int              response,
                     MusterWindow    *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean close = self->close_after_save;

  self->close_after_save = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  if (!muster_window_save_to_file (self, file, &error))
    report_save_error (self, error);
  else if (close)
    schedule_close (self);
}

static void
show_save_as (MusterWindow *self)
{
  GtkFileChooserNative *chooser;

  chooser = new_chooser (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  if (self->file != NULL)
    {
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
    }
  else
    {
      g_autofree char *name = NULL;

      if (self->copy_of != NULL)
        name = g_strdup (self->copy_of);
      else if (self->scenario->title != NULL && *self->scenario->title != '\0')
        name = g_strdup_printf ("%s.muster", self->scenario->title);
      else
        name = g_strdup_printf ("%s.muster", _("Untitled Scenario"));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  gtk_file_chooser_set_create_folders (GTK_FILE_CHOOSER (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Saves to the window's file or asks for one. Returns TRUE when saved now. */
static gboolean
save (MusterWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->scenario == NULL)
    return FALSE;
  if (self->file == NULL)
    {
      show_save_as (self);
      return FALSE;
    }
  if (!muster_window_save_to_file (self, self->file, &error))
    {
      report_save_error (self, error);
      return FALSE;
    }
  return TRUE;
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

  if (self->scenario == NULL)
    {
      muster_window_set_new_scenario (self, scenario);
    }
  else
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      MusterWindow *window = muster_window_new (MUSTER_APPLICATION (app));

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
  show_dialog (self, dialog);
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
      if (self->file == NULL)
        {
          self->close_after_save = TRUE;
          show_save_as (self);
        }
      else if (save (self))
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
  g_autofree char *name = display_name (self);
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
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), self->file ? _("_Save") : _("_Save As…"),
                                  GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  show_dialog (self, dialog);
}

static void
save_window_state (MusterWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

static gboolean
muster_window_close_request (GtkWindow *window)
{
  MusterWindow *self = MUSTER_WINDOW (window);

  if (!self->closing_confirmed && muster_window_match_close_request (self))
    return TRUE;
  if (self->modified && !self->closing_confirmed)
    {
      ask_save_changes (self);
      return TRUE;
    }
  save_window_state (self);
  return GTK_WINDOW_CLASS (muster_window_parent_class)->close_request (window);
}

/* Actions ----------------------------------------------------------------------- */

static void
on_save (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  if (!muster_window_match_activate (MUSTER_WINDOW (user_data), "match.save"))
    save (MUSTER_WINDOW (user_data));
}

static void
on_save_as (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (muster_window_match_activate (self, "match.save"))
    return;
  if (self->scenario != NULL)
    show_save_as (self);
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

  if (muster_window_match_activate (self, "match.undo"))
    return;
  if (self->history)
    mu_edit_history_undo (self->history);
}

static void
on_redo (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (self->history)
    mu_edit_history_redo (self->history);
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

  if (self->history)
    show_dialog (self, muster_properties_dialog_new (GTK_WINDOW (self), self->history));
}

static void
on_resize_board (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (self->history)
    show_dialog (self, muster_resize_dialog_new (GTK_WINDOW (self), self->history));
}

static void
on_oob_response (GtkNativeDialog *chooser,
                 int              response,
                 MusterWindow    *self)
{
  GtkWidget *dialog = NULL;

  if (self->history)
    dialog = muster_oob_chooser_response (chooser, response, self->history);
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (dialog)
    show_dialog (self, dialog);
}

static void
show_oob_chooser (MusterWindow *self,
                  gboolean      export)
{
  if (self->history == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = muster_oob_new_chooser (GTK_WINDOW (self), self->history, export);
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

  if (self->scenario)
    muster_print_run (GTK_WINDOW (self), self->scenario, MU_SHEET_KIND_COUNTERS, self->settings,
                      GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
on_print_map (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (self->scenario)
    muster_print_run (GTK_WINDOW (self), self->scenario, MU_SHEET_KIND_MAP, self->settings,
                      GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
on_export_counters_response (GtkNativeDialog *chooser,
                             int              response,
                             MusterWindow    *self)
{
  GtkWidget *dialog = muster_print_export_chooser_response (chooser, response, self->scenario,
                                                            self->settings);

  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (dialog)
    show_dialog (self, dialog);
}

static void
on_export_counters (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (user_data);

  if (self->scenario == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = muster_print_new_export_chooser (GTK_WINDOW (self), self->scenario);
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

/* Start page --------------------------------------------------------------------- */

static GtkWidget *
file_row (GFile      *file,
          const char *title,
          const char *subtitle)
{
  GtkWidget *row, *box, *label, *icon;

  row = gtk_list_box_row_new ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (box, "file-row");
  icon = gtk_image_new_from_icon_name ("x-office-document-symbolic");
  gtk_box_append (GTK_BOX (box), icon);
  label = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  {
    GtkWidget *t = gtk_label_new (title);
    GtkWidget *s = gtk_label_new (subtitle);

    gtk_label_set_xalign (GTK_LABEL (t), 0);
    gtk_label_set_ellipsize (GTK_LABEL (t), PANGO_ELLIPSIZE_END);
    gtk_label_set_xalign (GTK_LABEL (s), 0);
    gtk_label_set_ellipsize (GTK_LABEL (s), PANGO_ELLIPSIZE_MIDDLE);
    gtk_widget_add_css_class (s, "dim-label");
    gtk_widget_add_css_class (s, "caption");
    gtk_box_append (GTK_BOX (label), t);
    gtk_box_append (GTK_BOX (label), s);
  }
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
fill_recent (MusterWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  clear_list (self->recent_list);
  for (GList *l = items; l != NULL && n < 6; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFile) parent = NULL;
      g_autofree char *folder = NULL;

      if ((!g_str_has_suffix (uri, MU_SCENARIO_EXTENSION) && !muster_window_is_match_uri (uri)) ||
          !gtk_recent_info_exists (info))
        continue;
      file = g_file_new_for_uri (uri);
      parent = g_file_get_parent (file);
      folder = parent ? g_file_get_parse_name (parent) : g_strdup ("");
      gtk_list_box_append (self->recent_list,
                           file_row (file, gtk_recent_info_get_display_name (info), folder));
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  gtk_widget_set_visible (self->recent_group, n > 0);
}

static char *
describe_scenario (const MuScenario *scenario)
{
  if (scenario->board == MU_BOARD_HEX && scenario->hex_map != NULL)
    /* Translators: ruleset id, then the board size in hexes. */
    return g_strdup_printf (_("%s · %d × %d hexes"), scenario->ruleset ? scenario->ruleset : "",
                            scenario->hex_map->grid.cols, scenario->hex_map->grid.rows);
  if (scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
    return g_strdup_printf ("%s · %g × %g %s", scenario->ruleset ? scenario->ruleset : "",
                            scenario->table->width, scenario->table->height,
                            scenario->table->unit == MU_UNIT_CM ? _("cm") : _("in"));
  return g_strdup (scenario->ruleset ? scenario->ruleset : "");
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
fill_bundled (MusterWindow *self)
{
  g_autofree char *dirname = muster_application_find_scenarios_dir ();
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  clear_list (self->bundled_list);
  if (dirname != NULL)
    dir = g_dir_open (dirname, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, MU_SCENARIO_EXTENSION) && name[0] != '.' &&
        !mu_file_is_temporary (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dirname, g_ptr_array_index (names, i), NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(MuScenario) scenario = mu_scenario_load_file (path, NULL, NULL);
      g_autofree char *subtitle = NULL;
      const char *title = g_ptr_array_index (names, i);

      if (scenario != NULL)
        {
          if (scenario->title != NULL)
            title = scenario->title;
          subtitle = describe_scenario (scenario);
        }
      else
        {
          subtitle = g_strdup (_("This scenario has problems"));
        }
      gtk_list_box_append (self->bundled_list, file_row (file, title, subtitle));
    }
  gtk_widget_set_visible (self->bundled_group, names->len > 0);
}

static void
on_file_row_activated (GtkListBox    *list,
                       GtkListBoxRow *row,
                       MusterWindow  *self)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file != NULL)
    muster_window_open_file_async (self, file);
}

static void
on_recent_changed (GtkRecentManager *manager,
                   MusterWindow     *self)
{
  if (self->scenario == NULL)
    fill_recent (self);
}

static void
on_stack_child_changed (GtkStack     *stack,
                        GParamSpec   *pspec,
                        MusterWindow *self)
{
  if (self->scenario == NULL)
    fill_recent (self);
  if (self->title_label != NULL && g_action_map_lookup_action (G_ACTION_MAP (self), "play") != NULL)
    {
      update_title (self);
      update_actions (self);
    }
}

/* The pointer's position, or what the board is when the pointer is elsewhere. */
static void
update_status (MusterWindow *self)
{
  const char *position = muster_map_view_get_position_text (self->map_view);
  g_autofree char *summary = NULL;

  if (*position == '\0' && self->scenario != NULL)
    {
      g_autofree char *board = describe_scenario (self->scenario);

      summary = g_strdup_printf ("%s · %s", self->scenario->title ? self->scenario->title
                                                                   : _("Untitled Scenario"), board);
    }
  gtk_label_set_text (self->position_label, summary ? summary : position);
  gtk_widget_set_opacity (GTK_WIDGET (self->position_label), summary ? 0.6 : 1.0);
}

/* Status bar ------------------------------------------------------------------- */

static void
on_zoom_notify (MusterMapView *view,
                GParamSpec    *pspec,
                MusterWindow  *self)
{
  g_autofree char *text = g_strdup_printf ("%.0f%%", muster_map_view_get_zoom (view) * 100);

  gtk_label_set_text (self->zoom_label, text);
}

static gboolean
counter_style_from_setting (GValue   *value,
                            GVariant *variant,
                            gpointer  user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);

  g_value_set_int (value, g_strcmp0 (nick, "nato") == 0 ? MU_COUNTER_STYLE_NATO
                                                        : MU_COUNTER_STYLE_CLASSIC);
  return TRUE;
}

/* Object ------------------------------------------------------------------------- */

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  g_signal_handlers_disconnect_by_func (gtk_recent_manager_get_default (), on_recent_changed, self);
  if (self->scene != NULL)
    muster_scene_set_scenario (self->scene, NULL);
  muster_window_cancel_open (self);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_finalize (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  g_clear_object (&self->scene);
  if (self->history)
    g_signal_handlers_disconnect_by_func (self->history, on_history_changed, self);
  /* Closing is confirmed (saved or discarded): nothing to recover. */
  if (self->autosave)
    muster_autosave_discard (self->autosave);
  g_clear_object (&self->autosave);
  g_clear_object (&self->history);   /* owns the scenario */
  self->scenario = NULL;
  g_clear_object (&self->file);
  g_clear_pointer (&self->copy_of, g_free);
  if (self->watch)
    g_signal_handlers_disconnect_by_func (self->watch, on_file_changed_on_disk, self);
  g_clear_object (&self->watch);
  g_clear_object (&self->settings);
  g_clear_object (&self->coordinates);

  G_OBJECT_CLASS (muster_window_parent_class)->finalize (object);
}

/* The primary menu lives in gtk/menus.ui so that the application can fill its
 * Open Recent section; the application is known only after construction. */
static void
on_application_notify (MusterWindow *self,
                       GParamSpec   *pspec,
                       gpointer      user_data)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *menu = app ? gtk_application_get_menu_by_id (app, "primary-menu") : NULL;

  if (menu != NULL)
    gtk_menu_button_set_menu_model (self->primary_menu_button, G_MENU_MODEL (menu));
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = muster_window_dispose;
  object_class->finalize = muster_window_finalize;
  window_class->close_request = muster_window_close_request;

  g_type_ensure (MUSTER_TYPE_MAP_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, position_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, bundled_list);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, bundled_group);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recovery_box);
  gtk_widget_class_bind_template_callback (widget_class, on_file_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_stack_child_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_notify);
}

static void
muster_window_init (MusterWindow *self)
{
  g_autoptr(GAction) grid = NULL;
  g_autoptr(GAction) coordinates = NULL;
  g_autoptr(GAction) style = NULL;

  self->scene = muster_scene_new ();
  self->settings = muster_settings_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  grid = g_settings_create_action (self->settings, "show-grid");
  coordinates = g_settings_create_action (self->settings, "show-coordinates");
  style = g_settings_create_action (self->settings, "counter-style");
  g_action_map_add_action (G_ACTION_MAP (self), grid);
  self->coordinates = g_object_ref (coordinates);
  g_action_map_add_action (G_ACTION_MAP (self), style);

  g_settings_bind (self->settings, "show-grid", self->map_view, "show-grid", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->map_view, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (self->settings, "counter-style", self->map_view, "counter-style",
                                G_SETTINGS_BIND_GET, counter_style_from_setting, NULL, NULL, NULL);
  g_signal_connect_swapped (self->map_view, "notify::position-text", G_CALLBACK (update_status), self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  muster_map_view_set_scene (self->map_view, self->scene);
  g_signal_connect (self, "notify::application", G_CALLBACK (on_application_notify), NULL);
  g_signal_connect (gtk_recent_manager_get_default (), "changed", G_CALLBACK (on_recent_changed), self);
  fill_recent (self);
  fill_bundled (self);
  {
    /* Work a crash left behind is offered once, on the first start page. */
    static gboolean offered;

    if (!offered)
      muster_recovery_offer (GTK_WINDOW (self), GTK_BOX (self->recovery_box));
    offered = TRUE;
  }
  update_title (self);
  update_actions (self);
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}
