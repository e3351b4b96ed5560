/* The scrolled windows outside the match page that get their content while
 * hidden, shown in a real window: the editor's Forces and Problems pages,
 * the scenario's properties pages, the start page's recent list after a
 * match. A scrolled window whose scrollbar shows only when its content
 * overflows, and whose content grows during its first layout once shown,
 * asks for a new size from inside its parent's allocation, which GTK 4.8
 * loses: the whole area then stays blank ("Trying to snapshot ... without
 * a current allocation") until the window is resized (the match log after
 * the hand-over, test-match-view). Each test presents the window, acts,
 * lets it draw real frames with that warning fatal, and checks the area
 * was drawn. */
#define G_LOG_DOMAIN "test-scrolled-layout"

#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "muster-editor.h"
#include "muster-match-page.h"
#include "muster-properties-dialog.h"
#include "muster-window.h"

/* Lets the window draw real frames until the widget is drawn, a bounded
 * number: a widget left without an allocation stays undrawn however long
 * one waits (until the window is resized), while a busy machine may only
 * skip a frame or two. */
static gboolean
frames_drawn (GtkWidget *widget)
{
  wait_frames (widget, 3);
  for (guint i = 0; i < 30 && !(gtk_widget_get_mapped (widget) && drawn (widget)); i++)
    wait_frames (widget, 1);
  if (!gtk_widget_get_mapped (widget) || !drawn (widget))
    g_test_message ("%s not drawn: mapped %d, %d x %d", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_mapped (widget),
                    gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_widget_get_mapped (widget) && drawn (widget);
}

/* Each page of the editor's notebook, filled while another showed, shown
 * as the tabs show them: First Manassas has a long order of battle. */
static void
test_editor_pages (void)
{
  static const MusterEditorPanel panels[] = {
    MUSTER_EDITOR_PANEL_FORCES, MUSTER_EDITOR_PANEL_PROBLEMS, MUSTER_EDITOR_PANEL_MAP,
    MUSTER_EDITOR_PANEL_FORCES,
  };
  MusterWindow *window = new_window ();
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
  GtkWidget *editor;
  GtkNotebook *notebook;

  app_test_strict_snapshots = TRUE;
  muster_window_set_new_scenario (window, g_steal_pointer (&scenario));
  wait_frames (GTK_WIDGET (window), 3);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "edit", g_variant_new_boolean (TRUE));
  flush_events ();
  editor = muster_window_get_editor (window);
  g_assert_nonnull (editor);
  g_assert_true (frames_drawn (editor));
  notebook = GTK_NOTEBOOK (gtk_widget_get_ancestor (muster_editor_get_oob (MUSTER_EDITOR (editor)),
                                                    GTK_TYPE_NOTEBOOK));
  for (guint i = 0; i < G_N_ELEMENTS (panels); i++)
    {
      GtkWidget *page;

      muster_editor_show_panel (MUSTER_EDITOR (editor), panels[i]);
      page = gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook));
      g_assert_true (frames_drawn (page));
      g_assert_true (drawn (editor));
    }
  /* the order of battle did overflow its list: its scrollbar showed */
  {
    GtkWidget *list = app_test_find_widget (muster_editor_get_oob (MUSTER_EDITOR (editor)), GTK_TYPE_LIST_VIEW);
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW)));

    g_test_message ("order of battle: %.0f of %.0f pixels shown", gtk_adjustment_get_page_size (adj),
                    gtk_adjustment_get_upper (adj));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  }
  destroy_all_windows ();
  app_test_strict_snapshots = FALSE;
}

/* Each page of the scenario's properties, laid out when first shown. */
static void
test_properties_pages (void)
{
  static const char *const pages[] = { "rules", "timeline", "victory", "reserves", "general" };
  MusterWindow *window = new_window ();
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
  GtkWidget *dialog;

  app_test_strict_snapshots = TRUE;
  muster_window_set_new_scenario (window, g_steal_pointer (&scenario));
  wait_frames (GTK_WIDGET (window), 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.scenario-properties", NULL);
  dialog = muster_window_get_dialog (window);
  g_assert_true (MUSTER_IS_PROPERTIES_DIALOG (dialog));
  /* a new window: mapped once the display says so */
  for (guint i = 0; i < 10000 && !gtk_widget_get_mapped (dialog); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (frames_drawn (gtk_window_get_child (GTK_WINDOW (dialog))));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      muster_properties_dialog_show_page (MUSTER_PROPERTIES_DIALOG (dialog), pages[i]);
      g_assert_true (frames_drawn (gtk_window_get_child (GTK_WINDOW (dialog))));
    }
  destroy_all_windows ();
  app_test_strict_snapshots = FALSE;
}

/* The start page again after a match, with files opened meanwhile new in
 * its recent list (filled when the page maps). */
static void
test_start_page_after_match (void)
{
  MusterWindow *window = new_window ();
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
  GtkWidget *start;
  GtkStack *stack;

  app_test_strict_snapshots = TRUE;
  wait_frames (GTK_WIDGET (window), 3);
  stack = GTK_STACK (app_test_find_widget (GTK_WIDGET (window), GTK_TYPE_STACK));
  g_assert_nonnull (stack);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");
  start = gtk_stack_get_visible_child (stack);
  g_assert_true (frames_drawn (start));
  for (guint n = 0; n < 3; n++)
    {
      MusterMatchPage *page = show_scenario_match (window, scenario, 3 + n);

      wait_frames (GTK_WIDGET (window), 3);
      for (guint i = 0; i < 12; i++)
        {
          g_autofree char *name = g_strdup_printf ("recent-%u-%u.muster", n, i);
          g_autofree char *path = g_build_filename (tmpdir, name, NULL);
          g_autofree char *uri = NULL;
          g_autoptr(GError) error = NULL;

          g_assert_true (g_file_set_contents (path, "", 0, &error));
          uri = g_filename_to_uri (path, NULL, &error);
          g_assert_no_error (error);
          gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
        }
      wait_frames (GTK_WIDGET (window), 3);
      gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
      flush_events ();
      g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");
      g_assert_true (frames_drawn (start));
      g_assert_true (drawn (GTK_WIDGET (window)));
    }
  destroy_all_windows ();
  app_test_strict_snapshots = FALSE;
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/scrolled-layout/no-display"))
    {
      g_test_add_func ("/app/scrolled-layout/editor-pages", test_editor_pages);
      g_test_add_func ("/app/scrolled-layout/properties-pages", test_properties_pages);
      g_test_add_func ("/app/scrolled-layout/start-page-after-match", test_start_page_after_match);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
