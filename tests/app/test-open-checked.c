/* A design the editor saved while it failed the scenario checks (a task
 * asking for more units than a side has, BAA-VIC-4) opens again: from a
 * file and from work kept after a crash, in the editor with the Problems
 * page in front naming FILE:LINE, and saves back byte for byte. A match
 * never starts from it, and a file that is not XML or breaks the schema is
 * still refused. */
#define G_LOG_DOMAIN "test-open-checked"

#include "config.h"

#include <glib/gstdio.h>

#include "app-test.h"
#include "frames.h"
#include "mu-error.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-game.h"
#include "muster-match-dialog.h"

static MuScenario *
make_checked_scenario (void)
{
  MuScenario *s = app_test_new_hex_scenario ("Unfinished Field", MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  MuTaskObjective *task;

  app_test_set_one_day (s);
  app_test_add_brigade (s, (MuHex) { 10, 7 });

  /* the Union has one unit: the designer has not entered the other three */
  task = mu_task_objective_new ("t1");
  task->side = g_strdup ("csa");
  task->text = g_strdup ("Disperse four Union brigades");
  task->condition = g_strdup ("disperse usa 4");
  task->value = 1;
  g_ptr_array_add (s->tasks, task);
  return s;
}

/* The editor shows the Problems page, listing the task's error by FILE:LINE. */
static void
assert_problems_shown (MusterWindow *window,
                       const char   *file)
{
  MusterEditor *editor = MUSTER_EDITOR (muster_window_get_editor (window));
  g_autoptr(GVariant) editing = g_action_group_get_action_state (G_ACTION_GROUP (window), "edit");
  GPtrArray *problems;
  gboolean named = FALSE;

  g_assert_nonnull (editor);
  g_assert_true (g_variant_get_boolean (editing));
  g_assert_cmpint (muster_editor_get_panel (editor), ==, MUSTER_EDITOR_PANEL_PROBLEMS);
  problems = muster_editor_get_problems (editor);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);
      g_autofree char *text = mu_problem_to_string (p);
      g_autofree char *prefix = file ? g_strdup_printf ("%s:%d: error: ", file, p->line) : NULL;

      g_test_message ("%s", text);
      if (p->severity == MU_PROBLEM_ERROR && strstr (text, "disperse usa 4") &&
          (file == NULL || (p->line > 0 && g_str_has_prefix (text, prefix))))
        named = TRUE;
    }
  g_assert_true (named);
}

/* Opened at once and in the background (File ▸ Open, the recent list, the
 * command line and a drop all come to these two), then saved unchanged. */
static void
test_open (void)
{
  g_autoptr(MuScenario) s = make_checked_scenario ();
  g_autofree char *path = g_build_filename (tmpdir, "unfinished.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  MusterWindow *window;

  g_assert_true (mu_scenario_save_file (s, path, NULL));
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));

  window = new_window ();
  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_null (muster_window_get_dialog (window));
  g_assert_true (muster_window_shows_file (window, file));
  assert_problems_shown (window, path);
  g_assert_true (muster_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpstr (saved, ==, written);
  destroy_all_windows ();

  window = new_window ();
  muster_window_open_file_async (window, file);
  for (int i = 0; i < 2000 && muster_window_get_opening_file (window) != NULL; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  g_assert_null (muster_window_get_opening_file (window));
  g_assert_null (muster_window_get_dialog (window));
  g_assert_true (muster_window_shows_file (window, file));
  assert_problems_shown (window, path);
  destroy_all_windows ();
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* What is not a scenario at all is refused, its FILE:LINE in the dialog. */
static void
test_refused (void)
{
  const char *bad[] = {
    "<scenario xmlns=\"" MU_SCENARIO_NAMESPACE "\" format=\"1\">\n<unclosed></scenario>\n",
    "<scenario xmlns=\"" MU_SCENARIO_NAMESPACE "\" format=\"1\">\n<nonsense/>\n</scenario>\n",
  };
  g_autofree char *path = g_build_filename (tmpdir, "broken.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      MusterWindow *window = new_window ();

      g_assert_true (g_file_set_contents (path, bad[i], -1, NULL));
      g_assert_false (muster_window_open_file (window, file, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (muster_window_get_dialog (window));
      g_assert_true (muster_window_is_empty (window));
      destroy_all_windows ();
    }
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* Work kept after a crash that fails the checks is recovered. */
static void
test_recover (void)
{
  g_autoptr(MuScenario) s = make_checked_scenario ();
  g_autofree char *bytes = mu_scenario_save_to_data (s, NULL);
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "muster", "autosave", NULL);
  g_autofree char *kept = g_build_filename (dir, "untitled-7-0x7.muster", NULL);
  g_autofree char *info = g_build_filename (dir, "untitled-7-0x7.info", NULL);
  g_autofree char *text = g_strdup_printf ("[Autosave]\nOriginal=\nTime=%" G_GINT64_FORMAT "\n",
                                           g_get_real_time () / G_USEC_PER_SEC);
  g_autofree char *recovered = NULL;
  MusterWindow *window;
  GtkWidget *slot;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (kept, bytes, -1, NULL));
  g_assert_true (g_file_set_contents (info, text, -1, NULL));

  window = new_window ();
  slot = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 1);
  gtk_info_bar_response (GTK_INFO_BAR (gtk_widget_get_first_child (slot)), GTK_RESPONSE_ACCEPT);
  flush_events ();
  /* the bar goes: the work is open, not refused */
  g_assert_null (gtk_widget_get_first_child (slot));
  g_assert_null (muster_window_get_dialog (window));
  g_assert_false (muster_window_is_empty (window));
  recovered = mu_scenario_save_to_data (muster_window_get_scenario (window), NULL);
  g_assert_cmpstr (recovered, ==, bytes);
  assert_problems_shown (window, NULL);
  g_object_unref (slot);
  destroy_all_windows ();
}

/* The editor holds it, but New Match refuses it with its errors named. */
static void
test_no_match (void)
{
  g_autoptr(MuScenario) s = make_checked_scenario ();
  g_autofree char *path = g_build_filename (tmpdir, "unplayable.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *named = NULL;
  GPtrArray *problems;
  MusterWindow *window;
  GtkWidget *dialog;

  g_assert_true (mu_scenario_save_file (s, path, NULL));
  window = new_window ();
  g_assert_true (muster_window_open_file (window, file, NULL));
  dialog = muster_match_dialog_new (GTK_WINDOW (window), muster_window_get_scenario (window));
  game = muster_match_dialog_create_game (MUSTER_MATCH_DIALOG (dialog), &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_test_message ("%s", error->message);
  problems = muster_match_dialog_get_check_problems (MUSTER_MATCH_DIALOG (dialog));
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  named = mu_problem_to_string (g_ptr_array_index (problems, 0));
  g_test_message ("%s", named);
  g_assert_nonnull (strstr (named, "disperse usa 4"));
  g_assert_true (g_str_has_prefix (named, path));
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_all_windows ();
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* The texts of the labels under widget, in order, joined by " | ". */
static void
collect_texts (GtkWidget *widget,
               GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s%s", text->len > 0 ? " | " : "", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, text);
}

/* The group under widget headed by a label reading heading. */
static GtkWidget *
group_of (GtkWidget  *widget,
          const char *heading)
{
  if (GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), heading))
    return gtk_widget_get_parent (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = group_of (c, heading);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The texts of the row under widget for the file at path, or NULL. */
static char *
row_texts (GtkWidget  *widget,
           const char *path)
{
  GFile *file = GTK_IS_LIST_BOX_ROW (widget) ? g_object_get_data (G_OBJECT (widget), "file") : NULL;

  if (file != NULL && g_strcmp0 (g_file_peek_path (file), path) == 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      collect_texts (widget, text);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      char *found = row_texts (c, path);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The start page lists such a design as it lists the others, in the
 * scenarios' folder by its title and board (it was "This scenario has
 * problems" under its file name: the list read titles with the load that
 * refuses it) and among the recent files by its name and folder. */
static void
test_start_page (void)
{
  g_autofree char *data = g_build_filename (tmpdir, "data", NULL);
  g_autofree char *dir = g_build_filename (data, "scenarios", NULL);
  g_autofree char *finished = g_build_filename (dir, "a-finished.muster", NULL);
  g_autofree char *unfinished = g_build_filename (dir, "b-unfinished.muster", NULL);
  g_autoptr(MuScenario) good = app_test_new_hex_scenario ("Finished Field", MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(MuScenario) checked = make_checked_scenario ();
  g_autofree char *good_row = NULL;
  g_autofree char *checked_row = NULL;
  g_autofree char *good_recent = NULL;
  g_autofree char *checked_recent = NULL;
  const char *paths[] = { finished, unfinished };
  GtkWidget *shown, *recent;
  MusterWindow *window;

  app_test_set_one_day (good);
  app_test_add_brigade (good, (MuHex) { 10, 7 });
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (mu_scenario_save_file (good, finished, NULL));
  g_assert_true (mu_scenario_save_file (checked, unfinished, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
      g_autofree char *uri = g_file_get_uri (file);
      GtkRecentData info = { .mime_type = (char *) "application/x-muster", .app_name = (char *) "Muster",
                               .app_exec = (char *) "muster %u" };

      g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &info));
    }
  flush_events ();

  /* the folder the start page lists as its shipped scenarios */
  g_setenv ("MUSTER_DATADIR", data, TRUE);
  window = new_window ();
  flush_events ();
  shown = group_of (GTK_WIDGET (window), "Bundled Scenarios");
  recent = group_of (GTK_WIDGET (window), "Recent Scenarios");
  g_assert_nonnull (shown);
  g_assert_nonnull (recent);
  good_row = row_texts (shown, finished);
  checked_row = row_texts (shown, unfinished);
  good_recent = row_texts (recent, finished);
  checked_recent = row_texts (recent, unfinished);
  g_test_message ("listed: %s; %s", good_row, checked_row);
  g_test_message ("recent: %s; %s", good_recent, checked_recent);
  shot (GTK_WIDGET (window), "start-page-unfinished-design");
  g_assert_cmpstr (good_row, ==, "Finished Field | baa-hex · 20 × 14 hexes");
  g_assert_cmpstr (checked_row, ==, "Unfinished Field | baa-hex · 20 × 14 hexes");
  /* recent files by their names, in their folder */
  {
    g_autofree char *expected_good = g_strdup_printf ("a-finished.muster | %s", dir);
    g_autofree char *expected_checked = g_strdup_printf ("b-unfinished.muster | %s", dir);

    g_assert_cmpstr (good_recent, ==, expected_good);
    g_assert_cmpstr (checked_recent, ==, expected_checked);
  }
  destroy_all_windows ();
  g_unsetenv ("MUSTER_DATADIR");
  g_unlink (finished);
  g_unlink (unfinished);
  g_rmdir (dir);
  g_rmdir (data);
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/open-checked/no-display"))
    {
      g_test_add_func ("/app/open-checked/open", test_open);
      g_test_add_func ("/app/open-checked/refused", test_refused);
      g_test_add_func ("/app/open-checked/recover", test_recover);
      g_test_add_func ("/app/open-checked/no-match", test_no_match);
      g_test_add_func ("/app/open-checked/start-page", test_start_page);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
