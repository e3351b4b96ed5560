/* muster-window.c: the window: the document it shows and its page (start,
 * editor or match), the title, the actions' state and the status bar */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-frame-timing.h"
#include "muster-present-dialog.h"
#include "muster-settings.h"
#include "muster-match-page.h"

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, GTK_TYPE_APPLICATION_WINDOW)

static void update_title (MusterWindow *self);
static void update_actions (MusterWindow *self);
static void update_status (MusterWindow *self);

/* Document ------------------------------------------------------------------- */

static void on_document_changed (MusterDocument *document, MusterWindow *self);
static void show_dialog (MusterWindow *self, GtkWidget *dialog);
static void show_problems (MusterWindow *self, const char *primary, GError *error, GPtrArray *problems);

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
  g_return_val_if_fail (window_file (self) != NULL, FALSE);

  file = g_object_ref (window_file (self));
  path = g_file_get_path (file);
  scenario = mu_scenario_load_file_full (path, MU_LOAD_KEEP_CHECKED, problems, NULL, NULL, NULL,
                                         &local_error);
  if (scenario == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_("Could not reload “%s”"), name);

      /* what is open stays as it is */
      show_problems (self, primary, local_error, problems);
      muster_document_keep_version (window_scenario_document (self));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  muster_window_set_scenario (self, scenario, file);
  muster_window_show_check_errors (self);
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
  else if (window_scenario_document (self))
    muster_document_keep_version (window_scenario_document (self));   /* ask again on the next change */
}

/* Another program saved the open file: offer its version. */
static void
on_file_changed_on_disk (MusterDocument *document,
                         MusterWindow   *self)
{
  g_autofree char *name = g_file_get_basename (window_file (self));
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("“%s” was changed by another program"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
    window_modified (self) ? _("Reload it from disk? The changes made here and not saved are lost (reloading can be undone only by reopening).")
                   : _("Reload it from disk?"));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Keep This Version"), GTK_RESPONSE_REJECT,
                          _("_Reload"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_reload_response), self);
  show_dialog (self, dialog);
}

static void
on_document_notify (MusterDocument *document,
                    GParamSpec     *pspec,
                    MusterWindow   *self)
{
  update_title (self);
  update_actions (self);
}

/* Drops the scenario's document (a match shown stays, without it). */
static void
close_scenario_document (MusterWindow *self)
{
  MusterDocument *document = window_scenario_document (self);
  MusterDocument *match = window_match_document (self);

  if (document == NULL)
    return;
  g_signal_handlers_disconnect_by_data (document, self);
  muster_document_close (document);   /* closed on purpose: no autosave to keep */
  if (match != NULL)
    muster_document_set_origin (match, NULL);   /* frees the old scenario */
  else
    g_clear_object (&self->document);
}

static void
clear_editor_wait (MusterWindow *self)
{
  g_clear_handle_id (&self->editor_wait.idle, g_source_remove);
  if (self->editor_wait.tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->map_view), self->editor_wait.tick);
  self->editor_wait.tick = 0;
  if (self->editor_wait.history != NULL)
    g_clear_signal_handler (&self->editor_wait.history_id, self->editor_wait.history);
  self->editor_wait.history = NULL;
}

/* The editor panel and its board tools for the scenario shown. */
void
muster_window_ensure_editor (MusterWindow *self)
{
  clear_editor_wait (self);
  if (self->editor == NULL && window_history (self) != NULL)
    {
      self->editor = muster_editor_new (window_history (self), self->map_view);
      gtk_box_append (GTK_BOX (self->side_panel), self->editor);
    }
}

static gboolean
on_editor_idle (gpointer data)
{
  MusterWindow *self = data;

  self->editor_wait.idle = 0;
  muster_window_ensure_editor (self);
  return G_SOURCE_REMOVE;
}

/* Runs in the board's first frame, before its paint: the idle comes after it. */
static gboolean
on_editor_tick (GtkWidget     *map_view,
                GdkFrameClock *clock,
                gpointer       data)
{
  MusterWindow *self = data;

  self->editor_wait.tick = 0;
  self->editor_wait.idle = g_idle_add (on_editor_idle, self);
  return G_SOURCE_REMOVE;
}

static void
on_history_before_editor (MuEditHistory *history,
                          MusterWindow  *self)
{
  muster_window_ensure_editor (self);
  if (self->editor != NULL)
    muster_editor_history_changed (MUSTER_EDITOR (self->editor));
}

void
muster_window_set_scenario (MusterWindow *self,
                            MuScenario   *scenario,
                            GFile        *file)
{
  MusterDocument *match = window_match_document (self);
  MuEditHistory *scenario_history = NULL;

  /* The scene points into the old scenario: detach it before freeing. */
  muster_scene_set_scenario (self->scene, NULL);
  clear_editor_wait (self);
  if (self->editor)
    gtk_box_remove (GTK_BOX (self->side_panel), g_steal_pointer (&self->editor));
  close_scenario_document (self);
  if (scenario != NULL)
    {
      MusterDocument *document = muster_document_new (scenario, file);

      scenario_history = muster_document_get_history (document);

      g_signal_connect (document, "changed", G_CALLBACK (on_document_changed), self);
      g_signal_connect (document, "changed-on-disk", G_CALLBACK (on_file_changed_on_disk), self);
      g_signal_connect (document, "notify", G_CALLBACK (on_document_notify), self);
      if (match != NULL)
        {
          /* a match shown stays shown; closing it shows this scenario */
          muster_document_set_origin (match, document);
          g_object_unref (document);
        }
      else
        self->document = document;
    }
  /* the scene follows the scenario's edits itself */
  muster_scene_set_history (self->scene, scenario_history);
  {
    g_autoptr(GVariant) edit = g_action_get_state (g_action_map_lookup_action (G_ACTION_MAP (self), "edit"));

    /* Hidden, the panel (a good part of opening a file) is built once the
     * board's first frame is painted; whatever needs it sooner builds it. */
    if (scenario != NULL && g_variant_get_boolean (edit))
      {
        muster_window_ensure_editor (self);
      }
    else if (scenario != NULL)
      {
        self->editor_wait.tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->map_view), on_editor_tick,
                                                          self, NULL);
        self->editor_wait.history = window_history (self);
        self->editor_wait.history_id = g_signal_connect (self->editor_wait.history, "changed",
                                                    G_CALLBACK (on_history_before_editor), self);
      }
    gtk_widget_set_visible (self->side_panel, scenario != NULL && g_variant_get_boolean (edit));
  }
  if (match == NULL)
    gtk_stack_set_visible_child_name (self->stack, scenario ? "board" : "start");
  if (scenario != NULL && match == NULL)
    {
      muster_map_view_zoom_to_fit (self->map_view);
      gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
    }
  update_title (self);
  update_actions (self);
  update_status (self);
}

MusterDocument *
muster_window_get_document (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->document;
}

const MuScenario *
muster_window_get_scenario (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return window_scenario (self);
}

GFile *
muster_window_get_file (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return window_file (self);
}

gboolean
muster_window_shows_file (MusterWindow *self,
                          GFile        *file)
{
  MusterDocument *match;
  GFile *opening, *shown;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  match = window_match_document (self);
  opening = muster_window_get_opening_file (self);
  shown = window_file (self);
  return (shown != NULL && g_file_equal (shown, file)) ||
         (opening != NULL && g_file_equal (opening, file)) ||
         (match != NULL && muster_document_get_file (match) != NULL &&
          g_file_equal (muster_document_get_file (match), file));
}

gboolean
muster_window_get_modified (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return window_modified (self);
}

gboolean
muster_window_is_empty (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return self->document == NULL && muster_window_get_opening_file (self) == NULL;
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

static void
update_title (MusterWindow *self)
{
  const MuScenario *scenario = window_scenario (self);
  const char *name;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;

  if (window_match_document (self) == NULL && scenario == NULL)
    {
      gtk_label_set_text (self->title_label, _("Muster"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("Muster"));
      return;
    }

  name = muster_document_get_title (self->document);
  /* The mark GNOME applications put before the name of a document with
   * unsaved changes. */
  title = muster_document_get_modified (self->document) ? g_strdup_printf ("• %s", name) : g_strdup (name);
  gtk_label_set_text (self->title_label, title);
  window_title = g_strdup_printf ("%s — %s", title, _("Muster"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  if (window_match_document (self) != NULL)
    {
      /* a match's title says it all */
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      return;
    }

  if (window_file (self) != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (window_file (self));
      g_autofree char *path = parent ? g_file_get_path (parent) : NULL;
      const char *home = g_get_home_dir ();

      if (path != NULL && home != NULL && g_str_has_prefix (path, home)
          && (path[strlen (home)] == '/' || path[strlen (home)] == '\0'))
        subtitle = g_strdup_printf ("~%s", path + strlen (home));
      else
        subtitle = g_strdup (path);
    }
  else if (scenario->title != NULL)
    {
      subtitle = g_strdup (scenario->title);
    }
  gtk_label_set_text (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
}

/* "Undo Paint Woodland" in the primary menu (the section is in gtk/menus.ui). */
static void
update_undo_menu (MusterWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *section = app ? gtk_application_get_menu_by_id (app, "undo-section") : NULL;
  const char *undo = window_history (self) ? mu_edit_history_get_undo_label (window_history (self)) : NULL;
  const char *redo = window_history (self) ? mu_edit_history_get_redo_label (window_history (self)) : NULL;
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
  gboolean open = window_scenario (self) != NULL;
  static const char *const need_scenario[] = {
    "save", "save-as", "zoom-in", "zoom-out", "zoom-fit", "zoom-reset",
    "scenario-properties", "resize-board", "import-oob", "export-oob",
    "print-counters", "print-map", "export-counters",
    "edit",   /* Edit Scenario shows the editor panel: nothing to show on the start page */
  };

  for (guint i = 0; i < G_N_ELEMENTS (need_scenario); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), need_scenario[i]);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), open);
    }
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "undo")),
                               open && mu_edit_history_can_undo (window_history (self)));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "redo")),
                               open && mu_edit_history_can_redo (window_history (self)));
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
  /* Play: a scenario whose ruleset cannot be played yet says why */
  {
    const MuScenario *scenario = window_scenario (self);
    const MuRuleset *ruleset = scenario && scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;
    gboolean playable = scenario == NULL || (ruleset != NULL && mu_ruleset_can_play (ruleset));
    g_autofree char *why = NULL;

    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "play")),
                                 playable);
    if (!playable)
      /* Translators: the ruleset's name */
      why = g_strdup_printf (_("Muster describes the rules “%s” but cannot play them yet"),
                             ruleset ? _(ruleset->name) : scenario->ruleset ? scenario->ruleset : "?");
    gtk_widget_set_tooltip_text (self->play_button, why ? why : _("Play a Match… (Shift+Ctrl+P)"));
  }
  /* hex numbers mean nothing on a table */
  if (window_scenario (self) != NULL && window_scenario (self)->board == MU_BOARD_HEX)
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
  g_return_val_if_fail (window_scenario_document (self) != NULL, NULL);

  return muster_document_begin_edit (window_scenario_document (self), label);
}

void
muster_window_end_edit (MusterWindow *self)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (window_scenario_document (self) != NULL);

  /* the history reports the step, and the scene follows it */
  muster_document_end_edit (window_scenario_document (self));
}

MuEditHistory *
muster_window_get_history (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return window_history (self);
}

GtkWidget *
muster_window_get_editor (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->editor;
}

gboolean
muster_window_show_check_errors (MusterWindow *self)
{
  GAction *edit;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  if (muster_window_get_scenario (self) == NULL)
    return FALSE;
  {
    g_autoptr(GPtrArray) problems = mu_problem_list_new ();

    mu_scenario_check (muster_window_get_scenario (self), problems);
    if (mu_problem_list_n_errors (problems) == 0)
      return FALSE;
  }
  edit = g_action_map_lookup_action (G_ACTION_MAP (self), "edit");
  if (edit != NULL)
    g_action_change_state (edit, g_variant_new_boolean (TRUE));
  if (self->editor == NULL)
    return FALSE;
  muster_editor_show_panel (MUSTER_EDITOR (self->editor), MUSTER_EDITOR_PANEL_PROBLEMS);
  return TRUE;
}

/* Every change of the model, undo and redo included. */
static void
on_document_changed (MusterDocument *document,
                     MusterWindow   *self)
{
  /* the scene follows the history itself */
  update_title (self);
  update_actions (self);
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
  /* A message may quote a long word (a 1,000-character id, a file name):
   * the labels break it anywhere rather than grow the dialog to its width. */
  for (GtkWidget *child = gtk_widget_get_first_child (area); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      {
        gtk_label_set_wrap_mode (GTK_LABEL (child), PANGO_WRAP_WORD_CHAR);
        gtk_label_set_max_width_chars (GTK_LABEL (child), 60);
      }
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

  muster_window_set_scenario (self, scenario, NULL);
}

gboolean
muster_window_save_to_file (MusterWindow *self,
                            GFile        *file,
                            GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (window_scenario_document (self) != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!muster_document_save (window_scenario_document (self), file, error))
    return FALSE;
  muster_window_add_recent (file);
  muster_window_remember_folder (self, file);
  return TRUE;
}

static void
on_stack_child_changed (GtkStack     *stack,
                        GParamSpec   *pspec,
                        MusterWindow *self)
{
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
  const MuScenario *scenario = window_scenario (self);
  g_autofree char *summary = NULL;

  if (*position == '\0' && scenario != NULL)
    {
      g_autofree char *board = muster_window_describe_scenario (scenario);

      summary = g_strdup_printf ("%s · %s", scenario->title ? scenario->title : _("Untitled Scenario"),
                                 board);
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

/* Closing ------------------------------------------------------------------------- */

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

  if (muster_window_ask_before_close (self))
    return TRUE;
  save_window_state (self);
  return GTK_WINDOW_CLASS (muster_window_parent_class)->close_request (window);
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
  muster_window_start_page_dispose (self);
  clear_editor_wait (self);
  if (self->scene != NULL)
    muster_scene_set_scenario (self->scene, NULL);
  muster_window_cancel_open (self);
  muster_window_leave_match_cancel (self);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_finalize (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  g_clear_object (&self->scene);
  /* Closing is confirmed (saved or discarded): nothing to recover. */
  close_scenario_document (self);
  if (self->document)   /* a match */
    {
      g_signal_handlers_disconnect_by_data (muster_document_get_game (self->document), self);
      g_signal_handlers_disconnect_by_data (self->document, self);
      muster_document_close (self->document);
    }
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->coordinates);

  G_OBJECT_CLASS (muster_window_parent_class)->finalize (object);
}

/* The primary menu lives in gtk/menus.ui so that the application can fill its
 * Open Recent section. Its popover is built when the menu is first opened:
 * built with the window, it cost about 4 ms of a window's start-up, before
 * the window could be shown, for a menu not open yet. */
static void
create_primary_menu (GtkMenuButton *button,
                     gpointer       user_data)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (user_data));
  GMenu *menu = app ? gtk_application_get_menu_by_id (app, "primary-menu") : NULL;

  if (menu != NULL && gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
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
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, play_button);
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
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, start_icon);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_file_row_activated",
                                                G_CALLBACK (muster_window_file_row_activated));
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

  muster_window_add_actions (self);
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
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, create_primary_menu, self, NULL);
  muster_window_start_page_init (self);
  update_title (self);
  update_actions (self);
  muster_frame_timing_watch (GTK_WINDOW (self));
}

MusterWindow *
muster_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}

MusterWindow *
muster_window_find_empty (GtkApplication *application,
                          GtkWindow      *from)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  if (from != NULL && MUSTER_IS_WINDOW (from) && muster_window_is_empty (MUSTER_WINDOW (from)))
    return MUSTER_WINDOW (from);
  return muster_window_new (application);
}

void
muster_window_open_in (GtkApplication *application,
                       GFile          *file)
{
  MusterWindow *target;
  gboolean match;

  g_return_if_fail (GTK_IS_APPLICATION (application));
  g_return_if_fail (G_IS_FILE (file));

  /* A file already open (a scenario, a saved match) is brought to the front
   * rather than opened twice. */
  for (GList *l = gtk_application_get_windows (application); l; l = l->next)
    if (MUSTER_IS_WINDOW (l->data) && muster_window_shows_file (MUSTER_WINDOW (l->data), file))
      {
        gtk_window_present (GTK_WINDOW (l->data));
        return;
      }

  target = muster_window_find_empty (application, gtk_application_get_active_window (application));
  /* A scenario opens on the opening page, made the visible one before the
   * window is mapped: a new window mapped on its start page would read every
   * shipped scenario for that page only to leave it at once. A saved match
   * is read at once and may report problems over its window: window first. */
  match = muster_window_file_is_match (file);
  if (match)
    gtk_window_present (GTK_WINDOW (target));
  muster_window_open_file_async (target, file);
  if (!match)
    gtk_window_present (GTK_WINDOW (target));
}
