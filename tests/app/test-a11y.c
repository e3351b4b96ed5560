/* Every control a person can reach has a name for assistive technology: the
 * main window (start page and board), each page of the editor with a hex
 * board and with a table, and every dialog of Muster. A control is named by
 * its accessible label, a mnemonic label with text or its own visible text
 * (a button's or check button's label), as GTK's AT-SPI backend computes
 * names; an icon and a tooltip are not names. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "muster-application.h"
#include "muster-data-dirs.h"
#include "muster-icons.h"
#include "muster-settings.h"
#include "muster-editor.h"
#include "muster-editor-oob.h"
#include "muster-match-dialog.h"
#include "muster-match-page.h"
#include "muster-new-dialog.h"
#include "muster-properties-dialog.h"
#include "muster-resize-dialog.h"
#include "muster-window.h"
#include "muster-dice-dialog.h"
#include "muster-game.h"
#include "muster-match-log.h"
#include "muster-phase-tracker.h"
#include "muster-replay-bar.h"
#include "muster-result-page.h"

static MusterApplication *app;

static void
flush_events (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
wait_for_allocation (GtkWidget *widget)
{
  for (int i = 0; i < 20000 && gtk_widget_get_width (widget) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
}

/* The widgets a person operates (GTK's internal parts of them excluded). */
static gboolean
is_control (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) || GTK_IS_CHECK_BUTTON (w) || GTK_IS_SPIN_BUTTON (w) || GTK_IS_ENTRY (w) ||
         GTK_IS_DROP_DOWN (w) || GTK_IS_SCALE (w) || GTK_IS_SWITCH (w) || GTK_IS_MENU_BUTTON (w) ||
         GTK_IS_TEXT_VIEW (w) || GTK_IS_SEARCH_ENTRY (w) || GTK_IS_PASSWORD_ENTRY (w) ||
         GTK_IS_COLOR_BUTTON (w) || GTK_IS_FONT_BUTTON (w) || GTK_IS_COMBO_BOX (w);
}

static gboolean
has_text_child (GtkWidget *w)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_LABEL (c) && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
        return TRUE;
      if (has_text_child (c))
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_name (GtkWidget *w)
{
  GtkAccessible *a = GTK_ACCESSIBLE (w);

  GList *labels;
  gboolean labelled = FALSE;

  if (gtk_test_accessible_has_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return TRUE;
  /* labelled by a mnemonic label with text; GTK also points an icon
   * button's relation at its image, which names nothing ("GtkImage") */
  labels = gtk_widget_list_mnemonic_labels (w);
  for (GList *l = labels; l; l = l->next)
    labelled = labelled || (GTK_IS_LABEL (l->data) && *gtk_label_get_text (l->data) != '\0');
  g_list_free (labels);
  if (labelled)
    return TRUE;
  if (GTK_IS_CHECK_BUTTON (w))
    {
      const char *label = gtk_check_button_get_label (GTK_CHECK_BUTTON (w));

      return label != NULL && *label != '\0';
    }
  if (GTK_IS_MENU_BUTTON (w))
    {
      const char *label = gtk_menu_button_get_label (GTK_MENU_BUTTON (w));

      return label != NULL && *label != '\0';
    }
  if (GTK_IS_BUTTON (w) && !GTK_IS_COLOR_BUTTON (w) && !GTK_IS_FONT_BUTTON (w))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (w));

      return (label != NULL && *label != '\0' && gtk_button_get_icon_name (GTK_BUTTON (w)) == NULL) ||
             (gtk_button_get_icon_name (GTK_BUTTON (w)) == NULL && has_text_child (w));
    }
  return FALSE;
}

static void
describe (GtkWidget *w,
          GString   *out)
{
  const char *tip = gtk_widget_get_tooltip_text (w);

  g_string_append (out, G_OBJECT_TYPE_NAME (w));
  if (GTK_IS_BUTTON (w) && gtk_button_get_icon_name (GTK_BUTTON (w)))
    g_string_append_printf (out, " icon %s", gtk_button_get_icon_name (GTK_BUTTON (w)));
  if (tip)
    g_string_append_printf (out, " tooltip “%s”", tip);
  for (GtkWidget *p = gtk_widget_get_parent (w); p; p = gtk_widget_get_parent (p))
    g_string_append_printf (out, " < %s", G_OBJECT_TYPE_NAME (p));
}

/* Collects the controls under root without a name. */
static gboolean reachable_only;

static void
find_unnamed (GtkWidget *root,
              GString   *out,
              guint     *n_controls)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      /* GTK's own dialogs: only what can be reached now (their other stack
       * pages are GTK's to name); Muster's own widgets are all checked,
       * hidden pages included */
      if (reachable_only && (!gtk_widget_get_visible (c) || !gtk_widget_get_child_visible (c)))
        continue;
      if (is_control (c))
        {
          (*n_controls)++;
          if (!has_name (c))
            {
              g_string_append (out, "\n  ");
              describe (c, out);
            }
          continue;   /* its parts are GTK's */
        }
      if (GTK_IS_POPOVER (c))
        continue;
      find_unnamed (c, out, n_controls);
    }
}

static void
assert_all_named (GtkWidget  *root,
                  const char *what)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  find_unnamed (root, out, &n);
  g_test_message ("%s: %u controls", what, n);
  g_assert_cmpuint (n, >, 0);
  if (out->len > 0)
    g_test_message ("%s: without a name:%s", what, out->str);
  if (out->len > 0)
    g_test_fail_printf ("%s: controls without an accessible name:%s", what, out->str);
}

static MusterWindow *
open_window (const char *name)
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 740);
  gtk_window_present (GTK_WINDOW (window));
  if (name != NULL)
    {
      g_autofree char *dir = muster_find_scenarios_dir ();
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      g_assert_true (muster_window_open_file (window, file, &error));
      g_assert_no_error (error);
    }
  wait_for_allocation (GTK_WIDGET (window));
  return window;
}

static void
test_start_page (void)
{
  MusterWindow *window = open_window (NULL);

  assert_all_named (GTK_WIDGET (window), "start page");
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* The window with the editor, every page, with a unit's and a side's form. */
static void
check_editor (const char *scenario,
              const char *unit)
{
  MusterWindow *window = open_window (scenario);
  MusterEditor *editor;
  MusterEditorOob *oob;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "edit", g_variant_new_boolean (TRUE));
  flush_events ();
  editor = MUSTER_EDITOR (muster_window_get_editor (window));
  oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (editor));
  for (int tool = 0; tool < MUSTER_TOOL_N; tool++)
    {
      muster_editor_set_tool (editor, (MusterTool) tool);
      flush_events ();
      assert_all_named (GTK_WIDGET (window), muster_tool_to_string ((MusterTool) tool));
    }
  muster_editor_show_panel (editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "usa"));
  flush_events ();
  assert_all_named (GTK_WIDGET (window), "forces, side");
  g_assert_true (muster_editor_oob_select (oob, unit));
  flush_events ();
  assert_all_named (GTK_WIDGET (window), "forces, unit");
  muster_editor_show_panel (editor, MUSTER_EDITOR_PANEL_PROBLEMS);
  flush_events ();
  assert_all_named (GTK_WIDGET (window), "problems");
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static void
test_editor_hex (void)
{
  check_editor ("first-manassas.muster", "keyes");
}

static void
test_editor_table (void)
{
  check_editor ("henry-house-hill-table.muster", "ricketts");
}

static void
test_dialogs (void)
{
  MusterWindow *window = open_window ("learning-blackburns-ford.muster");
  g_autoptr(GSettings) settings = muster_settings_new ();
  g_autoptr(MuEditHistory) history = NULL;
  GtkWidget *dialog;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = g_build_filename (dir, "learning-blackburns-ford.muster", NULL);

  history = mu_edit_history_new (mu_scenario_load_file (path, NULL, &error));
  g_assert_no_error (error);

  dialog = muster_new_dialog_new (GTK_WINDOW (window), settings);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "new scenario dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = muster_properties_dialog_new (GTK_WINDOW (window), history);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "properties dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = muster_resize_dialog_new (GTK_WINDOW (window), history);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "resize dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* The match page (hand-over, board and sidebar with a counter's commands,
 * the result page in its stack) and the New Match dialog. */
static void
test_match (void)
{
  MusterWindow *window = open_window ("first-manassas.muster");
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  MusterMatchPage *page;
  GtkWidget *dialog;

  game = muster_game_new_for_scenario (muster_window_get_scenario (window), 3, &error);
  g_assert_no_error (error);
  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  flush_events ();
  g_assert_nonnull (muster_match_page_get_handover_side (page));
  assert_all_named (GTK_WIDGET (window), "match page, hand-over");
  muster_match_page_dismiss_handover (page);
  /* a star unit in the command-range phase: its assignments as buttons */
  muster_match_page_select (page, "bonham");
  flush_events ();
  assert_all_named (GTK_WIDGET (window), "match page, a counter selected");

  dialog = muster_match_dialog_new (GTK_WINDOW (window), muster_window_get_scenario (window));
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "new match dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = muster_match_dialog_new (GTK_WINDOW (window), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "new match dialog, bundled scenarios");
  gtk_window_destroy (GTK_WINDOW (dialog));

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* The match page's sidebar widgets, the result page and the dice dialog,
 * on a First Manassas match at a step where ending the phase rolls dice. */
static void
test_match_widgets (void)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = g_build_filename (dir, "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *match = mu_match_open_file (path, 7, NULL, 0, NULL, &error);
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MuCommand) end = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *dialog;

  g_assert_no_error (error);
  game = muster_game_new (match);
  end = mu_match_parse (match, "end-phase", &error);
  g_assert_no_error (error);
  for (int i = 0; i < 60 && muster_dice_dialog_count_dice (game, end) <= 0; i++)
    g_assert_true (muster_game_apply (game, end, NULL));
  gtk_box_append (GTK_BOX (box), muster_phase_tracker_new (game));
  gtk_box_append (GTK_BOX (box), muster_match_log_new (game));
  gtk_box_append (GTK_BOX (box), muster_replay_bar_new (game));
  gtk_box_append (GTK_BOX (box), muster_result_page_new (game));
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 320, 1000);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_allocation (window);
  assert_all_named (window, "match widgets");
  dialog = muster_dice_dialog_new (GTK_WINDOW (window), game, end);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "dice dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* Every toplevel that is not `except`, newest first. */
static GtkWidget *
newest_toplevel (GtkWidget *except)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i - 1);

      if (w != except && gtk_widget_get_visible (w))
        return w;
    }
  return NULL;
}

/* The dialogs GTK draws for Muster: the shortcuts window, the colour
 * chooser of a side's colour, and a message dialog (the close
 * confirmation). GTK's own parts are held to the same rule. (GTK 4.8's
 * About dialog is left out: the text views of its Credits and License
 * pages have no name, and they are GTK's.) */
static void
test_gtk_dialogs (void)
{
  MusterWindow *window = open_window ("learning-blackburns-ford.muster");
  GtkWidget *dialog;

  reachable_only = TRUE;

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  flush_events ();
  dialog = newest_toplevel (GTK_WIDGET (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "shortcuts window");
  gtk_widget_set_visible (dialog, FALSE);
  flush_events ();

  dialog = gtk_color_chooser_dialog_new ("Side colour", GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_allocation (dialog);
  assert_all_named (dialog, "colour chooser");
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();

  /* a change, then Close: the window asks whether to save */
  {
    MuScenario *s = muster_window_begin_edit (window, "Rename");

    g_free (s->title);
    s->title = g_strdup ("Renamed");
    muster_window_end_edit (window);
  }
  g_action_group_activate_action (G_ACTION_GROUP (window), "close", NULL);
  flush_events ();
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  wait_for_allocation (dialog);
  assert_all_named (dialog, "close confirmation");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  reachable_only = FALSE;
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("muster-a11y-XXXXXX", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* GTK's test backend keeps the accessible properties for the checks */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  muster_icons_keep ();
  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/app/a11y/start-page", test_start_page);
  g_test_add_func ("/app/a11y/editor-hex", test_editor_hex);
  g_test_add_func ("/app/a11y/editor-table", test_editor_table);
  g_test_add_func ("/app/a11y/dialogs", test_dialogs);
  g_test_add_func ("/app/a11y/match", test_match);
  g_test_add_func ("/app/a11y/match-widgets", test_match_widgets);
  g_test_add_func ("/app/a11y/gtk-dialogs", test_gtk_dialogs);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
