/* The application window under a real display: opening, zooming, panning,
 * every action, the title and its unsaved mark, closing with changes. */
#include "config.h"

#include <math.h>

#include "app-test.h"
#include "mu-edit.h"
#include "muster-editor.h"
#include "muster-editor-oob.h"
#include "muster-new-dialog.h"

/* Runs the main loop until every window has finished opening its file. */
static void
wait_for_opening (void)
{
  for (int i = 0; i < 100000; i++)
    {
      gboolean busy = FALSE;

      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
        if (MUSTER_IS_WINDOW (l->data) && muster_window_get_opening_file (l->data) != NULL)
          busy = TRUE;
      if (!busy)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  flush_events ();
}

/* Closes the about dialog, the shortcuts window and other windows that are
 * not Muster windows. */
static void
destroy_other_windows (void)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l; l = l->next)
    if (!MUSTER_IS_WINDOW (l->data))
      gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free (toplevels);
  flush_events ();
}

static MuScenario *
make_hex_scenario (MuHexOrientation orientation,
                   MuHexOffset      offset)
{
  MuScenario *scenario = app_test_new_hex_scenario ("Test Field", orientation, offset);
  MuCounter *unit;

  mu_hex_map_cell (scenario->hex_map, (MuHex) { 4, 5 })->terrain = MU_TERRAIN_WOODLAND;
  mu_hex_map_cell (scenario->hex_map, (MuHex) { 4, 5 })->elevation = 2;

  unit = app_test_add_brigade (scenario, (MuHex) { 7, 6 });
  mu_counter_set_int (unit, "identity", 0); /* STAR: no command counter needed */
  return scenario;
}

static GFile *
write_scenario (MuScenario *scenario,
                const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);

  mu_scenario_save_file (scenario, path, &error);
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

static MusterWindow *
open_window (GFile *file)
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));
  g_autoptr(GError) error = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  if (file != NULL)
    {
      gboolean ok = muster_window_open_file (window, file, &error);

      g_assert_no_error (error);
      g_assert_true (ok);
    }
  if (file != NULL)
    wait_for_allocation (GTK_WIDGET (muster_window_get_map_view (window)));
  else
    wait_for_allocation (GTK_WIDGET (window));
  return window;
}

static gboolean
action_enabled (MusterWindow *window,
                const char   *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static gboolean
on_timeout_quit (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the window draw its frames for MS milliseconds. */
static void
run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, on_timeout_quit, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Boards of every size class open and draw at the zoom they open at, zoomed
 * out to the smallest zoom and back in. A 300 x 300 board once aborted the
 * window with heap corruption inside cairo (its fast antialiasing over
 * 1.6 px hexes). */
static void
test_board_size_classes (void)
{
  const int sizes[][2] = { { 1, 1 }, { 10, 8 }, { 100, 100 }, { 280, 280 }, { 300, 300 },
                           { 600, 400 }, { 999, 20 }, { 20, 999 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MuScenario) scenario = mu_scenario_new_hex ("baa-hex", sizes[i][0], sizes[i][1],
                                                            i % 2 ? MU_HEX_POINTY_TOP : MU_HEX_FLAT_TOP,
                                                            MU_HEX_OFFSET_EVEN);
      g_autofree char *name = g_strdup_printf ("board-%dx%d.muster", sizes[i][0], sizes[i][1]);
      g_autoptr(GFile) file = NULL;
      MusterWindow *window;
      MusterMapView *view;

      g_ptr_array_add (scenario->sides, mu_side_new ("usa", "Union", 0xa8c8e8));
      g_ptr_array_add (scenario->sides, mu_side_new ("csa", "Confederate", 0xc0c0c0));
      file = write_scenario (scenario, name);
      window = open_window (file);
      view = muster_window_get_map_view (window);
      /* Eight windows in a row under a resting pointer: no hex tooltips,
       * which GTK 4.8 may look up over a window already closed. */
      gtk_widget_set_has_tooltip (GTK_WIDGET (view), FALSE);
      run_for (150);
      muster_map_view_zoom_at (view, MUSTER_MAP_VIEW_MIN_ZOOM, 100, 100);
      run_for (150);
      muster_map_view_zoom_at (view, 1.0, 100, 100);
      run_for (150);
      g_assert_cmpint (muster_window_get_scenario (window)->hex_map->grid.cols, ==, sizes[i][0]);
      destroy_all_windows ();
    }
}

/* Tests ------------------------------------------------------------------------ */

static void
test_start_page (void)
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  g_assert_true (muster_window_is_empty (window));
  g_assert_null (muster_window_get_document (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Muster");
  g_assert_false (action_enabled (window, "save"));
  g_assert_false (action_enabled (window, "zoom-in"));
  g_assert_false (action_enabled (window, "undo"));
  destroy_all_windows ();
}

static void
test_open_and_title (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "title-test.muster");
  MusterWindow *window = open_window (file);
  const MuScenario *shown = muster_window_get_scenario (window);

  g_assert_nonnull (shown);
  g_assert_cmpint (shown->hex_map->grid.cols, ==, 20);
  g_assert_false (muster_window_is_empty (window));
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "title-test.muster — Muster");
  g_assert_true (action_enabled (window, "save"));
  g_assert_true (g_file_equal (muster_window_get_file (window), file));
  g_assert_true (GTK_IS_BOX (muster_window_get_side_panel (window)));
  g_assert_false (gtk_widget_get_visible (muster_window_get_side_panel (window)));
  destroy_all_windows ();
}

static void
test_zoom_and_pan (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "zoom.muster");
  MusterWindow *window = open_window (file);
  MusterMapView *view = muster_window_get_map_view (window);
  MusterViewTransform t0, t1;
  MuRenderOptions options;
  double fit, bw, bh, wx0, wy0, wx1, wy1;
  int w = gtk_widget_get_width (GTK_WIDGET (view));
  int h = gtk_widget_get_height (GTK_WIDGET (view));

  /* Opening fits the whole board in the view. */
  muster_map_view_get_transform (view, &t0);
  muster_map_view_get_render_options (view, &options);
  mu_render_board_size (muster_window_get_scenario (window), &options, &bw, &bh);
  muster_view_to_widget (&t0, 0, 0, &wx0, &wy0);
  muster_view_to_widget (&t0, bw, bh, &wx1, &wy1);
  g_assert_cmpfloat (wx0, >=, 0);
  g_assert_cmpfloat (wy0, >=, 0);
  g_assert_cmpfloat (wx1, <=, w);
  g_assert_cmpfloat (wy1, <=, h);
  fit = muster_map_view_get_zoom (view);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), fit * 1.25, 1e-9);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-out", NULL);
  g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), fit, 1e-9);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-reset", NULL);
  g_assert_cmpfloat (muster_map_view_get_zoom (view), ==, 1.0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-fit", NULL);
  g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), fit, 1e-9);

  /* Zooming around a point keeps the board point under it (to the pixel
   * snapping of the origin). */
  {
    double bx0, by0, bx1, by1;

    muster_map_view_get_transform (view, &t0);
    muster_view_to_board (&t0, 200, 150, &bx0, &by0);
    muster_map_view_zoom_at (view, 2.0, 200, 150);
    muster_map_view_get_transform (view, &t1);
    muster_view_to_board (&t1, 200, 150, &bx1, &by1);
    g_assert_cmpfloat (fabs (bx1 - bx0) * 2.0, <=, 1.0);
    g_assert_cmpfloat (fabs (by1 - by0) * 2.0, <=, 1.0);
  }

  /* Continuous zoom (scroll, pinch) shows scaled tiles, then settles. */
  gtk_widget_queue_draw (GTK_WIDGET (view));
  flush_events ();
  for (int i = 0; i < 5; i++)
    {
      double before = muster_map_view_get_zoom (view);

      muster_map_view_zoom_continuous (view, 1.1, 300, 200);
      g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), before * 1.1, 1e-9);
      g_assert_true (muster_map_view_get_settling (view));
      gtk_widget_queue_draw (GTK_WIDGET (view));
      flush_events ();
    }
  for (int i = 0; i < 10000 && muster_map_view_get_settling (view); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (muster_map_view_get_settling (view));
  gtk_widget_queue_draw (GTK_WIDGET (view));
  flush_events ();

  /* Panning moves the origin by the amount asked. */
  muster_map_view_get_transform (view, &t0);
  muster_map_view_pan (view, -40, -30);
  muster_map_view_get_transform (view, &t1);
  g_assert_cmpfloat (t1.x, ==, t0.x - 40);
  g_assert_cmpfloat (t1.y, ==, t0.y - 30);
  g_assert_cmpfloat (t1.zoom, ==, t0.zoom);

  /* A frame is drawn at each of these states. */
  gtk_widget_queue_draw (GTK_WIDGET (view));
  flush_events ();
  destroy_all_windows ();
}

/* Pixel -> hex -> pixel through the live widget on whole boards. */
static void
test_widget_picking (gconstpointer data)
{
  MuHexOrientation orientation = GPOINTER_TO_INT (data);
  g_autoptr(MuScenario) scenario = make_hex_scenario (orientation, MU_HEX_OFFSET_ODD);
  g_autoptr(GFile) file = write_scenario (scenario, "picking.muster");
  MusterWindow *window = open_window (file);
  MusterMapView *view = muster_window_get_map_view (window);
  const MuHexGrid *grid = &muster_window_get_scenario (window)->hex_map->grid;
  static const double zooms[] = { 0.3, 1.0, 2.7 };

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      MusterViewTransform t;

      muster_map_view_zoom_at (view, zooms[z], 100.5, 80.25);
      muster_map_view_get_transform (view, &t);
      for (int row = 1; row <= grid->rows; row++)
        for (int col = 1; col <= grid->cols; col++)
          {
            MuHex hex = { col, row };
            double cx, cy, wx, wy;
            MusterPick pick;
            int piece;

            mu_hex_center (grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &cx, &cy);
            muster_view_to_widget (&t, cx, cy, &wx, &wy);
            g_assert_true (muster_map_view_pick (view, wx, wy, &pick, &piece));
            g_assert_true (pick.on_board);
            g_assert_cmpint (pick.hex.col, ==, col);
            g_assert_cmpint (pick.hex.row, ==, row);
          }
    }
  destroy_all_windows ();
}

static void
edit_terrain (MusterWindow *window,
              MuTerrain     terrain)
{
  MuScenario *scenario = muster_window_begin_edit (window, "Paint");

  mu_hex_map_cell (scenario->hex_map, (MuHex) { 1, 1 })->terrain = terrain;
  muster_window_end_edit (window);
}

static MuTerrain
terrain_at_1_1 (MusterWindow *window)
{
  return mu_hex_map_cell (muster_window_get_scenario (window)->hex_map, (MuHex) { 1, 1 })->terrain;
}

static void
test_unsaved_mark_undo_save (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "edit.muster");
  g_autoptr(MuScenario) reloaded = NULL;
  g_autofree char *path = g_file_get_path (file);
  MusterWindow *window = open_window (file);
  MusterDocument *document = muster_window_get_document (window);

  /* the window shows its document's file, title and unsaved state */
  g_assert_nonnull (document);
  g_assert_true (g_file_equal (muster_document_get_file (document), file));
  g_assert_cmpstr (muster_document_get_title (document), ==, "edit.muster");
  g_assert_true (muster_document_get_scenario (document) == muster_window_get_scenario (window));
  edit_terrain (window, MU_TERRAIN_MARSH);
  g_assert_true (muster_document_get_modified (document));
  g_assert_true (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• edit.muster — Muster");
  g_assert_true (action_enabled (window, "undo"));
  g_assert_false (action_enabled (window, "redo"));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpint (terrain_at_1_1 (window), ==, MU_TERRAIN_OPEN);
  g_assert_true (action_enabled (window, "redo"));
  /* Undone back to the file's state: nothing unsaved. */
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "edit.muster — Muster");
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  g_assert_cmpint (terrain_at_1_1 (window), ==, MU_TERRAIN_MARSH);
  g_assert_true (muster_window_get_modified (window));

  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_false (muster_window_get_modified (window));
  g_assert_false (muster_document_get_modified (document));
  g_assert_true (muster_window_get_document (window) == document);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "edit.muster — Muster");

  reloaded = mu_scenario_load_file (path, NULL, NULL);
  g_assert_nonnull (reloaded);
  g_assert_cmpint (mu_hex_map_cell (reloaded->hex_map, (MuHex) { 1, 1 })->terrain, ==, MU_TERRAIN_MARSH);

  /* After saving, undo leaves the saved state: modified again; a new edit
   * after that makes the saved state unreachable. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_true (muster_window_get_modified (window));
  edit_terrain (window, MU_TERRAIN_FIELDS);
  g_assert_true (muster_window_get_modified (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_true (muster_window_get_modified (window));
  destroy_all_windows ();
}

static void
test_close_unsaved (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(GFile) file = write_scenario (scenario, "close.muster");
  g_autofree char *path = g_file_get_path (file);
  MusterWindow *window = open_window (file);
  GtkWidget *dialog;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);

  /* Unmodified: closes at once. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "close", NULL);
  flush_events ();
  g_assert_null (window);

  /* Modified, Cancel: stays open and modified. */
  window = open_window (file);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  edit_terrain (window, MU_TERRAIN_WATER);
  g_action_group_activate_action (G_ACTION_GROUP (window), "close", NULL);
  flush_events ();
  g_assert_nonnull (window);
  dialog = muster_window_get_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_nonnull (window);
  g_assert_true (muster_window_get_modified (window));
  g_assert_null (muster_window_get_dialog (window));

  /* Modified, Discard: closes, the file keeps its old content. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "close", NULL);
  flush_events ();
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_null (window);
  {
    g_autoptr(MuScenario) on_disk = mu_scenario_load_file (path, NULL, NULL);

    g_assert_cmpint (mu_hex_map_cell (on_disk->hex_map, (MuHex) { 1, 1 })->terrain, ==, MU_TERRAIN_OPEN);
  }

  /* Modified, Save: saves, then closes. */
  window = open_window (file);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  edit_terrain (window, MU_TERRAIN_WATER);
  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_null (window);
  {
    g_autoptr(MuScenario) on_disk = mu_scenario_load_file (path, NULL, NULL);

    g_assert_cmpint (mu_hex_map_cell (on_disk->hex_map, (MuHex) { 1, 1 })->terrain, ==, MU_TERRAIN_WATER);
  }
  destroy_all_windows ();
}

static void
test_load_error (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "broken.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterWindow *window = open_window (NULL);
  GtkWidget *dialog, *view;
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (path, "<?xml version=\"1.0\"?>\n<scenario>\n<oops\n", -1, NULL));
  g_assert_false (muster_window_open_file (window, file, &error));
  g_assert_nonnull (error);
  g_assert_true (muster_window_is_empty (window));
  dialog = muster_window_get_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  /* The problems are listed one per line as FILE:LINE: ... */
  view = gtk_widget_get_last_child (gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog)));
  view = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (view));
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), &start, &end);
  text = gtk_text_iter_get_text (&start, &end);
  g_assert_nonnull (strstr (text, "broken.muster"));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  flush_events ();
  g_assert_null (muster_window_get_dialog (window));
  destroy_all_windows ();
}

/* A message with a long word (here a file name of 240 letters, in the
 * title and in the message) keeps the dialog narrow: the labels break the
 * word (a 1,000-character one made the dialog 7,793 pixels wide). */
static void
test_long_word_error (void)
{
  g_autofree char *word = g_strnfill (240, 'x');
  g_autofree char *name = g_strconcat (word, ".muster", NULL);
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterWindow *window = open_window (NULL);
  GtkWidget *dialog;
  int min = 0, nat = 0;

  g_assert_true (g_file_set_contents (path, "<?xml version=\"1.0\"?>\n<scenario>\n<oops\n", -1, NULL));
  g_assert_false (muster_window_open_file (window, file, &error));
  dialog = muster_window_get_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("dialog width: %d minimum, %d natural", min, nat);
  g_assert_cmpint (nat, <, 1000);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  flush_events ();
  g_unlink (path);
  destroy_all_windows ();
}

static void
test_new_scenario (void)
{
  MusterWindow *window = open_window (NULL);
  GtkWidget *dialog;

  /* Hex board with the dialog's proposals. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new", NULL);
  flush_events ();
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_false (muster_window_is_empty (window));
  g_assert_cmpint (muster_window_get_scenario (window)->board, ==, MU_BOARD_HEX);
  g_assert_cmpint (muster_window_get_scenario (window)->hex_map->grid.cols, ==, 30);
  g_assert_cmpint (muster_window_get_scenario (window)->hex_map->grid.rows, ==, 20);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Untitled Scenario — Muster");

  /* A table: the window is in use, so a new window shows it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-primary-menu", NULL);
  muster_window_show_new (window);
  dialog = muster_window_get_dialog (window);
  muster_new_dialog_set_ruleset (MUSTER_NEW_DIALOG (dialog), "regimental");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (l->data != window)
      {
        const MuScenario *table = muster_window_get_scenario (l->data);

        g_assert_cmpint (table->board, ==, MU_BOARD_TABLE);
        g_assert_cmpstr (table->ruleset, ==, "regimental");
        g_assert_cmpfloat (table->table->width, ==, 72);
        g_assert_cmpstr (table->table->figure_scale, ==, "15mm");
      }
  destroy_all_windows ();
}

/* Rows of `widget`'s lists that stand for a file in `dir`. */
static guint
count_rows_in (GtkWidget  *widget,
               const char *dir)
{
  GFile *file = GTK_IS_LIST_BOX_ROW (widget) ? g_object_get_data (G_OBJECT (widget), "file") : NULL;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  guint n = path != NULL && g_str_has_prefix (path, dir) ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += count_rows_in (c, dir);
  return n;
}

static void
test_application_open (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "app-open.muster");
  GFile *files[] = { file };

  g_application_open (G_APPLICATION (app), files, 1, "");
  flush_events ();
  /* The file loads in a worker thread; the window shows it afterwards. */
  wait_for_opening ();
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_true (g_file_equal (muster_window_get_file (gtk_application_get_windows (GTK_APPLICATION (app))->data),
                               file));
  /* A window opened on a file never showed its start page, so it never read
   * the shipped scenarios for it: they are the cost of its start-up. */
  {
    g_autofree char *dir = muster_find_scenarios_dir ();

    g_assert_nonnull (dir);
    g_assert_cmpuint (count_rows_in (gtk_application_get_windows (GTK_APPLICATION (app))->data, dir), ==, 0);
  }
  /* The same file again brings its window forward instead of a second one. */
  g_application_open (G_APPLICATION (app), files, 1, "");
  flush_events ();
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  destroy_all_windows ();
}


/* Whether `widget` or a widget inside it shows the icon named `name`. */
static gboolean
shows_icon (GtkWidget  *widget,
            const char *name)
{
  if (GTK_IS_IMAGE (widget) && gtk_image_get_storage_type (GTK_IMAGE (widget)) == GTK_IMAGE_ICON_NAME &&
      g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (widget)), name) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (shows_icon (c, name))
      return TRUE;
  return FALSE;
}

/* The start page's costly parts (the recent files, the shipped scenarios and
 * the application's 128-pixel icon) wait until the page is shown: a window
 * opened on a file builds none of them. */
static void
test_start_page_on_demand (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) recent = write_scenario (scenario, "start-recent.muster");
  g_autoptr(GFile) file = write_scenario (scenario, "start-opened.muster");
  GFile *files[] = { file };
  MusterWindow *window;

  {
    g_autofree char *uri = g_file_get_uri (recent);
    GtkRecentData data = { .mime_type = (char *) "application/x-muster", .app_name = (char *) "Muster",
                           .app_exec = (char *) "muster %u" };

    g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data));
    flush_events ();
  }
  g_application_open (G_APPLICATION (app), files, 1, "");
  flush_events ();
  wait_for_opening ();
  window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  g_assert_true (g_file_equal (muster_window_get_file (window), file));
  g_assert_cmpuint (count_rows_in (GTK_WIDGET (window), "/"), ==, 0);
  g_assert_false (shows_icon (GTK_WIDGET (window), APPLICATION_ID));
  destroy_all_windows ();

  /* shown, the page has them all */
  window = open_window (NULL);
  flush_events ();
  g_assert_cmpuint (count_rows_in (GTK_WIDGET (window), g_file_peek_path (recent)), ==, 1);
  g_assert_true (shows_icon (GTK_WIDGET (window), APPLICATION_ID));
  {
    g_autofree char *dir = muster_find_scenarios_dir ();

    g_assert_cmpuint (count_rows_in (GTK_WIDGET (window), dir), >, 0);
  }
  destroy_all_windows ();
}

/* On X11 the window's icon is the application's at 48 pixels: a PNG in the
 * resources, so that setting it needs no SVG loader (librsvg). */
static void
test_window_icon_png (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GFile) file = NULL;

  icon = gtk_icon_theme_lookup_icon (theme, APPLICATION_ID, NULL, 48, 1, GTK_TEXT_DIR_NONE, 0);
  file = gtk_icon_paintable_get_file (icon);
  g_assert_nonnull (file);
  {
    g_autofree char *uri = g_file_get_uri (file);

    g_assert_true (g_str_has_suffix (uri, ".png"));
  }
}

/* The shortcuts window is built when first asked for, not with each window. */
static void
test_help_overlay_on_demand (void)
{
  MusterWindow *window = open_window (NULL);
  GtkShortcutsWindow *overlay;

  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  /* shown without GTK's warning that a label (a page number, under our
   * style sheet) measured below zero: warnings fail the test */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  flush_events ();
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  /* asked again, the same window */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  flush_events ();
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) == overlay);
  destroy_other_windows ();
  destroy_all_windows ();
}

/* Destroys the windows and waits until `window` is freed: the loading thread
 * holds it until it has finished, and the next test must not see it. */
static void
destroy_and_wait (MusterWindow *window)
{
  GObject *alive = G_OBJECT (window);

  g_object_add_weak_pointer (alive, (gpointer *) &alive);
  destroy_all_windows ();
  for (int i = 0; i < 20000 && alive != NULL; i++)
    {
      g_usleep (1000);
      flush_events ();
    }
  g_assert_null (alive);
}

/* Opening in a worker thread: the window shows the opening page with a
 * progress bar and Cancel, then the board; Cancel returns to the start page
 * and the late result is dropped. */
static void
test_open_async (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "async-open.muster");
  MusterWindow *window = open_window (NULL);
  GtkStack *stack = NULL;

  muster_window_open_file_async (window, file);
  g_assert_true (muster_window_get_opening_file (window) == file);
  g_assert_false (muster_window_is_empty (window));
  g_assert_null (muster_window_get_scenario (window));
  for (GtkWidget *w = gtk_widget_get_parent (GTK_WIDGET (muster_window_get_map_view (window)));
       w != NULL && stack == NULL; w = gtk_widget_get_parent (w))
    if (GTK_IS_STACK (w))
      stack = GTK_STACK (w);
  g_assert_nonnull (stack);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "opening");
  wait_for_opening ();
  g_assert_nonnull (muster_window_get_scenario (window));
  g_assert_true (g_file_equal (muster_window_get_file (window), file));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "board");
  destroy_and_wait (window);

  /* Cancelled: back to the start page at once, nothing opened later. */
  window = open_window (NULL);
  muster_window_open_file_async (window, file);
  muster_window_cancel_open (window);
  g_assert_null (muster_window_get_opening_file (window));
  g_assert_true (muster_window_is_empty (window));
  /* time for the worker to finish the small file and its result to arrive */
  for (int i = 0; i < 200; i++)
    {
      g_usleep (5000);
      flush_events ();
    }
  g_assert_null (muster_window_get_scenario (window));
  g_assert_true (muster_window_is_empty (window));
  destroy_and_wait (window);
}

/* Activates every action the window and the application have, then closes
 * what they opened. */
static void
test_every_action (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "actions.muster");
  MusterWindow *window = open_window (file);
  g_auto(GStrv) win_actions = g_action_group_list_actions (G_ACTION_GROUP (window));
  g_auto(GStrv) app_actions = g_action_group_list_actions (G_ACTION_GROUP (app));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *expected[] = {
    "win.save", "win.save-as", "win.close", "win.undo", "win.redo", "win.zoom-in", "win.zoom-out",
    "win.zoom-fit", "win.zoom-reset", "win.show-grid", "win.show-coordinates", "win.counter-style",
    "win.show-primary-menu", "win.show-help-overlay", "app.new", "app.open", "app.open-recent",
    "app.about", "app.quit",
  };

  edit_terrain (window, MU_TERRAIN_ROUGH);

  for (guint i = 0; win_actions[i]; i++)
    {
      const char *name = win_actions[i];
      GtkNativeDialog *chooser;

      g_hash_table_add (seen, g_strconcat ("win.", name, NULL));
      g_test_message ("activating win.%s", name);
      if (g_str_equal (name, "close"))
        continue; /* last */
      /* GTK's print dialog is driven by test-print (export, preview); a real
       * one opened here would outlive the window. */
      if (g_str_has_prefix (name, "print-"))
        continue;
      if (g_str_equal (name, "counter-style"))
        {
          g_action_group_activate_action (G_ACTION_GROUP (window), name, g_variant_new_string ("nato"));
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (muster_window_get_map_view (window))), >, 0);
          g_action_group_activate_action (G_ACTION_GROUP (window), name, g_variant_new_string ("classic"));
          continue;
        }
      if (g_str_equal (name, "show-grid") || g_str_equal (name, "show-coordinates"))
        {
          g_autoptr(GVariant) before = g_action_group_get_action_state (G_ACTION_GROUP (window), name);
          g_autoptr(GVariant) after = NULL;

          g_action_group_activate_action (G_ACTION_GROUP (window), name, NULL);
          after = g_action_group_get_action_state (G_ACTION_GROUP (window), name);
          g_assert_cmpint (g_variant_get_boolean (before), !=, g_variant_get_boolean (after));
          continue;
        }
      if (g_str_equal (name, "show-help-overlay"))
        {
          /* GTK 4.8's shortcuts window measures some key labels negative
           * under a bare X server and warns; that warning is GTK's own. */
          GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

          g_action_group_activate_action (G_ACTION_GROUP (window), name, NULL);
          flush_events ();
          destroy_other_windows ();
          g_log_set_always_fatal (fatal);
          continue;
        }
      g_action_group_activate_action (G_ACTION_GROUP (window), name, NULL);
      flush_events ();
      chooser = muster_window_get_file_chooser (window);
      if (chooser != NULL)
        g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
      flush_events ();
    }
  /* Undo and redo ran after or before save: save once more, then quit. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_false (muster_window_get_modified (window));

  for (guint i = 0; app_actions[i]; i++)
    {
      const char *name = app_actions[i];
      GtkNativeDialog *chooser;
      GtkWidget *dialog;

      g_hash_table_add (seen, g_strconcat ("app.", name, NULL));
      g_test_message ("activating app.%s", name);
      if (g_str_equal (name, "quit"))
        continue; /* last */
      if (g_str_equal (name, "open-recent"))
        {
          g_autofree char *uri = g_file_get_uri (file);

          g_action_group_activate_action (G_ACTION_GROUP (app), name, g_variant_new_string (uri));
          flush_events ();
          g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), >=, 1);
          continue;
        }
      g_action_group_activate_action (G_ACTION_GROUP (app), name, NULL);
      flush_events ();
      chooser = muster_window_get_file_chooser (window);
      if (chooser != NULL)
        g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
      dialog = muster_window_get_dialog (window);
      if (dialog != NULL)
        gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
      flush_events ();
      destroy_other_windows ();
    }

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_true (g_hash_table_contains (seen, expected[i]));

  /* Every action with a shortcut is listed. */
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), expected[i]);

      if (g_str_equal (expected[i], "win.counter-style") || g_str_equal (expected[i], "app.open-recent")
          || g_str_equal (expected[i], "app.about"))
        continue;
      g_assert_true (accels[0] != NULL);
    }

  /* Quit closes every window (none has unsaved changes now). */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  flush_events ();
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
  destroy_all_windows ();
}

/* Pieces: the counter drawn under a widget point is the one picked, through
 * the widget's transform, at several zooms; tooltips name it. */
static void
test_piece_picking (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "pieces.muster");
  MusterWindow *window = open_window (file);
  MusterMapView *view = muster_window_get_map_view (window);
  const MuScenario *shown = muster_window_get_scenario (window);
  static const double zooms[] = { 0.5, 1.0, 3.0 };
  MuRenderOptions options;
  const MuPiece *pieces;
  guint n;

  pieces = muster_scene_get_pieces (muster_window_get_scene (window), &n);
  g_assert_cmpuint (n, ==, 1);
  muster_map_view_get_render_options (view, &options);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      double x, y, w, h, wx, wy;
      g_autofree char *tip = NULL;
      MusterViewTransform t;
      MusterPick pick;
      int piece;

      muster_map_view_zoom_at (view, zooms[z], 10, 10);
      muster_map_view_get_transform (view, &t);
      mu_render_piece_bounds (shown, &options, pieces, n, 0, &x, &y, &w, &h);
      g_assert_cmpfloat (w, >, 0);
      muster_view_to_widget (&t, x + w / 2, y + h / 2, &wx, &wy);
      g_assert_true (muster_map_view_pick (view, wx, wy, &pick, &piece));
      g_assert_cmpint (piece, ==, 0);
      g_assert_cmpint (pick.hex.col, ==, 7);
      g_assert_cmpint (pick.hex.row, ==, 6);
      tip = muster_map_view_describe_at (view, wx, wy);
      g_assert_nonnull (strstr (tip, "1st Brigade"));

      /* Just outside the counter: no piece, the hex instead. */
      muster_view_to_widget (&t, x - 2, y + h / 2, &wx, &wy);
      g_assert_true (muster_map_view_pick (view, wx, wy, &pick, &piece));
      g_assert_cmpint (piece, ==, -1);
    }

  /* A hex tooltip tells terrain and elevation. */
  {
    MusterViewTransform t;
    double cx, cy, wx, wy;
    g_autofree char *tip = NULL;

    muster_map_view_get_transform (view, &t);
    mu_hex_center (&shown->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, (MuHex) { 4, 5 }, &cx, &cy);
    muster_view_to_widget (&t, cx, cy, &wx, &wy);
    tip = muster_map_view_describe_at (view, wx, wy);
    g_assert_nonnull (strstr (tip, "0405"));
    g_assert_nonnull (strstr (tip, mu_terrain_display_name (MU_TERRAIN_WOODLAND)));
    g_assert_nonnull (strstr (tip, "2"));
  }
  destroy_all_windows ();
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c; /* still owned by the widget */
    }
  return NULL;
}

/* The input handlers: pointer motion fills the status text, scrolling and
 * the arrow keys pan. */
static void
test_input (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "input.muster");
  MusterWindow *window = open_window (file);
  MusterMapView *view = muster_window_get_map_view (window);
  const MuHexGrid *grid = &muster_window_get_scenario (window)->hex_map->grid;
  GtkEventController *motion = find_controller (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_MOTION);
  GtkEventController *scroll = find_controller (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  GtkEventController *key = find_controller (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_KEY);
  MusterViewTransform t0, t1;
  double cx, cy, wx, wy;
  gboolean handled;

  g_assert_nonnull (motion);
  g_assert_nonnull (scroll);
  g_assert_nonnull (key);

  muster_map_view_zoom_at (view, 1.0, 0, 0);
  muster_map_view_get_transform (view, &t0);
  mu_hex_center (grid, MUSTER_MAP_VIEW_HEX_SIZE, (MuHex) { 4, 5 }, &cx, &cy);
  muster_view_to_widget (&t0, cx, cy, &wx, &wy);
  g_signal_emit_by_name (motion, "motion", wx, wy);
  {
    g_autofree char *expected = g_strdup_printf ("Hex 0405 · %s", mu_terrain_display_name (MU_TERRAIN_WOODLAND));

    g_assert_cmpstr (muster_map_view_get_position_text (view), ==, expected);
  }
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpstr (muster_map_view_get_position_text (view), ==, "");

  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  muster_map_view_get_transform (view, &t1);
  g_assert_cmpfloat (t1.y, <, t0.y);
  g_assert_cmpfloat (t1.zoom, ==, t0.zoom);

  /* Shift+arrows pan; the arrows alone move the keyboard's hex cursor */
  g_signal_emit_by_name (key, "key-pressed", GDK_KEY_Left, 0, GDK_SHIFT_MASK, &handled);
  g_assert_true (handled);
  muster_map_view_get_transform (view, &t0);
  g_assert_cmpfloat (t0.x, >, t1.x);
  g_assert_false (muster_map_view_get_cursor (view, NULL));
  handled = FALSE;
  g_signal_emit_by_name (key, "key-pressed", GDK_KEY_Left, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_true (muster_map_view_get_cursor (view, NULL));
  g_assert_true (g_str_has_prefix (muster_map_view_get_position_text (view), "Hex "));
  destroy_all_windows ();
}

/* A miniatures table: table units under the pointer, at several zooms. */
static void
test_table (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "app", "fixtures", "table-skirmish.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = open_window (file);
  MusterMapView *view = muster_window_get_map_view (window);
  const MuScenario *shown = muster_window_get_scenario (window);
  static const double zooms[] = { 0.4, 1.0, 2.5 };
  MuRenderOptions options;
  const MuPiece *pieces;
  guint n;

  g_assert_cmpint (shown->board, ==, MU_BOARD_TABLE);
  /* hex numbers mean nothing on a table: the action and its menu item are gone */
  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "show-coordinates"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-grid"));
  muster_map_view_get_render_options (view, &options);
  pieces = muster_scene_get_pieces (muster_window_get_scene (window), &n);
  g_assert_cmpuint (n, >=, 6);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      MusterViewTransform t;

      muster_map_view_zoom_at (view, zooms[z], 300.5, 200.5);
      muster_map_view_get_transform (view, &t);
      for (double x = 0; x <= shown->table->width; x += 6)
        for (double y = 0; y <= shown->table->height; y += 6)
          {
            double wx, wy;
            MusterPick pick;

            muster_view_to_widget (&t, x * options.table_scale, y * options.table_scale, &wx, &wy);
            g_assert_true (muster_map_view_pick (view, wx, wy, &pick, NULL));
            g_assert_true (pick.on_board);
            g_assert_cmpfloat_with_epsilon (pick.table.x, x, 1e-9);
            g_assert_cmpfloat_with_epsilon (pick.table.y, y, 1e-9);
          }
      /* Each unit is picked at the centre of what is drawn for it. */
      for (guint i = 0; i < n; i++)
        {
          double bx, by, bw, bh, wx, wy;
          MusterPick pick;
          int piece;

          mu_render_piece_bounds (shown, &options, pieces, n, i, &bx, &by, &bw, &bh);
          muster_view_to_widget (&t, bx + bw / 2, by + bh / 2, &wx, &wy);
          g_assert_true (muster_map_view_pick (view, wx, wy, &pick, &piece));
          g_assert_cmpint (piece, ==, (int) i);
        }
      gtk_widget_queue_draw (GTK_WIDGET (view));
      flush_events ();
    }
  destroy_all_windows ();
}

/* The bundled First Manassas opens and draws at three zooms. */
static void
test_bundled_scenario (void)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MusterWindow *window;
  MusterMapView *view;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, "first-manassas.muster", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("first-manassas.muster is not in the scenarios folder");
      return;
    }
  file = g_file_new_for_path (path);
  window = open_window (file);
  view = muster_window_get_map_view (window);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Copy of first-manassas.muster — Muster");
  for (int i = 0; i < 3; i++)
    {
      muster_map_view_zoom_at (view, 0.25 * (1 << (2 * i)), 400, 300);
      gtk_widget_queue_draw (GTK_WIDGET (view));
      flush_events ();
    }
  destroy_all_windows ();
}

/* A shipped scenario opens as a new, unsaved copy: Ctrl+S asks where to save
 * it and the shipped file is never written. */
static void
test_bundled_copy (void)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = g_build_filename (dir, "learning-blackburns-ford.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *copy = g_build_filename (tmpdir, "my-ford.muster", NULL);
  g_autoptr(GFile) copy_file = g_file_new_for_path (copy);
  g_autoptr(GError) error = NULL;
  MusterWindow *window;
  GtkNativeDialog *chooser;
  gsize len;

  g_assert_true (g_file_get_contents (path, &before, &len, NULL));
  window = open_window (file);
  g_assert_null (muster_window_get_file (window));
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "Copy of learning-blackburns-ford.muster — Muster");
  /* the shipped file is no recent file: the start page lists it already */
  {
    g_autofree char *uri = g_file_get_uri (file);

    GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());

    for (GList *l = items; l; l = l->next)
      g_assert_cmpstr (gtk_recent_info_get_uri (l->data), !=, uri);
    g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  }

  /* Ctrl+S: the chooser, offering the shipped name, not the shipped folder's file */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  flush_events ();
  chooser = muster_window_get_file_chooser (window);
  g_assert_nonnull (chooser);
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

    g_assert_cmpstr (name, ==, "learning-blackburns-ford.muster");
  }
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_null (muster_window_get_file (window));

  /* saved where the person chose, the shipped file untouched */
  g_assert_true (muster_window_save_to_file (window, copy_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (muster_window_get_file (window), copy_file));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "my-ford.muster — Muster");
  g_assert_true (g_file_get_contents (path, &after, &len, NULL));
  g_assert_cmpstr (before, ==, after);
  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  destroy_all_windows ();
}

/* Runs the loop until the window shows a dialog (bounded by iterations: the
 * file monitor's event comes when the kernel reports it). */
static GtkWidget *
wait_for_dialog (MusterWindow *window)
{
  for (int i = 0; i < 2000 && muster_window_get_dialog (window) == NULL; i++)
    {
      g_usleep (1000);
      flush_events ();
    }
  return muster_window_get_dialog (window);
}

/* Whether the Open dialog's first filter (the scenarios) offers a file of
 * this name and content type. */
static gboolean
open_filter_offers (GtkFileFilter *filter,
                    const char    *name,
                    const char    *content_type)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_display_name (info, name);
  g_file_info_set_name (info, name);
  g_file_info_set_content_type (info, content_type);
  return gtk_filter_match (GTK_FILTER (filter), info);
}

/* The Open dialog offers scenarios by name, never the temporaries that a
 * killed save leaves (NAME.muster.XXXXXX, .NAME.muster.XXXXXX), although the
 * type sniffing takes their content for a scenario. */
static void
test_open_filter (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "filtered.muster");
  MusterWindow *window = open_window (file);
  GtkNativeDialog *chooser;
  g_autoptr(GListModel) filters = NULL;
  g_autoptr(GtkFileFilter) scenarios = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "open", NULL);
  flush_events ();
  chooser = muster_window_get_file_chooser (window);
  g_assert_nonnull (chooser);
  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpuint (g_list_model_get_n_items (filters), >=, 1);
  scenarios = g_list_model_get_item (filters, 0);
  g_assert_cmpstr (gtk_file_filter_get_name (scenarios), ==, "Muster Scenarios and Matches");

  g_assert_true (open_filter_offers (scenarios, "bull-run.muster", MU_SCENARIO_MIME_TYPE));
  g_assert_true (open_filter_offers (scenarios, "BULL-RUN.MUSTER", "application/xml"));
  /* saved matches open too, and resume on the match page */
  g_assert_true (open_filter_offers (scenarios, "bull-run.muster-game", "application/xml"));
  g_assert_false (open_filter_offers (scenarios, "bull-run.muster.Ab12Cd", MU_SCENARIO_MIME_TYPE));
  g_assert_false (open_filter_offers (scenarios, ".bull-run.muster.Zz9900", MU_SCENARIO_MIME_TYPE));
  g_assert_false (open_filter_offers (scenarios, "notes.txt", "text/plain"));

  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  flush_events ();
  destroy_all_windows ();
}

/* The harness lets GTK's one known structured warning pass as a note
 * (app-test.h) while any other GTK warning still fails a test. */
static void
test_gtk_noise (void)
{
  if (g_test_subprocess ())
    {
      if (g_strcmp0 (g_getenv ("MUSTER_TEST_NOISE"), "other") == 0)
        g_log_structured ("Gtk", G_LOG_LEVEL_WARNING, "MESSAGE", "Some other %s", "warning");
      else
        g_log_structured ("Gtk", G_LOG_LEVEL_WARNING, "MESSAGE",
                          "Trying to snapshot GtkButton %p without a current allocation", (void *) app);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*(not fatal in tests)*without a current allocation*");
  g_setenv ("MUSTER_TEST_NOISE", "other", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unsetenv ("MUSTER_TEST_NOISE");
  g_test_trap_assert_failed ();
}

/* Another program saving the open file: the window offers to reload it, and
 * reloading shows the new version; the window's own saves offer nothing. */
static void
test_changed_on_disk (void)
{
  g_autoptr(MuScenario) scenario = make_hex_scenario (MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GFile) file = write_scenario (scenario, "watched.muster");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  MusterWindow *window = open_window (file);
  GtkWidget *dialog;

  /* our own save */
  g_assert_true (muster_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 50; i++)
    {
      g_usleep (1000);
      flush_events ();
    }
  g_assert_null (muster_window_get_dialog (window));

  /* someone else's */
  g_free (scenario->title);
  scenario->title = g_strdup ("Changed Elsewhere");
  g_assert_true (mu_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);
  dialog = wait_for_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (muster_window_get_scenario (window)->title, ==, "Test Field");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_cmpstr (muster_window_get_scenario (window)->title, ==, "Changed Elsewhere");
  g_assert_true (g_file_equal (muster_window_get_file (window), file));
  g_assert_false (muster_window_get_modified (window));
  destroy_all_windows ();
}

/* The window with the editor shown fits a 1366 × 768 screen (title bar and
 * panel included) on every page of the editor, with a unit's form open: the
 * panel scrolls instead of growing the window. The panel keeps its width
 * whatever is selected. */
static void
test_editor_fits_screen (void)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = g_build_filename (dir, "first-manassas.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = open_window (file);
  MusterEditor *editor;
  MusterEditorOob *oob;
  int width = -1;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "edit", g_variant_new_boolean (TRUE));
  flush_events ();
  editor = MUSTER_EDITOR (muster_window_get_editor (window));
  g_assert_nonnull (editor);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (editor));
  for (int page = MUSTER_EDITOR_PANEL_MAP; page <= MUSTER_EDITOR_PANEL_PROBLEMS; page++)
    for (int pass = 0; pass < 2; pass++)
      {
        int min_h, min_w, panel_w;

        muster_editor_show_panel (editor, (MusterEditorPanel) page);
        if (pass == 1 && page == MUSTER_EDITOR_PANEL_FORCES)
          {
            /* the last row: a unit, with its full form */
            guint n = muster_editor_oob_get_n_rows (oob);
            const MuScenario *s = mu_edit_history_get_scenario (muster_editor_get_history (editor));
            const MuCounter *unit = NULL;

            g_assert_cmpuint (n, >, 1);
            for (guint i = 0; i < s->counters->len && unit == NULL; i++)
              if (((MuCounter *) g_ptr_array_index (s->counters, i))->kind == MU_COUNTER_UNIT)
                unit = g_ptr_array_index (s->counters, i);
            g_assert_nonnull (unit);
            g_assert_true (muster_editor_oob_select (oob, unit->id));
          }
        if (pass == 1 && page == MUSTER_EDITOR_PANEL_MAP)
          muster_editor_set_tool (editor, MUSTER_TOOL_ENTRY);
        flush_events ();
        gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
        gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
        g_assert_cmpint (min_h, <=, 700);
        g_assert_cmpint (min_w, <=, 1366);
        gtk_widget_measure (GTK_WIDGET (editor), GTK_ORIENTATION_HORIZONTAL, -1, &panel_w, NULL, NULL, NULL);
        if (width < 0)
          width = panel_w;
        g_assert_cmpint (panel_w, ==, width);
      }
  destroy_all_windows ();
}

/* The settings schema travels inside the program, so a muster run where no
 * schema is installed still starts (with defaults); the settings the window
 * reads come from it. */
static void
test_settings_schema (void)
{
  g_autoptr(GBytes) compiled = g_resources_lookup_data ("/io/github/muster/Muster/gschemas.compiled",
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(GSettings) settings = muster_settings_new ();

  g_assert_nonnull (compiled);
  g_assert_cmpuint (g_bytes_get_size (compiled), >, 0);
  g_assert_nonnull (settings);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), >, 0);
}

int
main (int   argc,
      char *argv[])
{
  gboolean with_display = app_test_init (&argc, &argv, "/app/window/no-display");

  if (!with_display)
    return app_test_run (FALSE);

  g_test_add_func ("/app/window/start-page", test_start_page);
  g_test_add_func ("/app/window/open-and-title", test_open_and_title);
  g_test_add_func ("/app/window/zoom-and-pan", test_zoom_and_pan);
  g_test_add_func ("/app/window/board-size-classes", test_board_size_classes);
  g_test_add_data_func ("/app/window/picking/flat", GINT_TO_POINTER (MU_HEX_FLAT_TOP), test_widget_picking);
  g_test_add_data_func ("/app/window/picking/pointy", GINT_TO_POINTER (MU_HEX_POINTY_TOP), test_widget_picking);
  g_test_add_func ("/app/window/unsaved-mark-undo-save", test_unsaved_mark_undo_save);
  g_test_add_func ("/app/window/close-unsaved", test_close_unsaved);
  g_test_add_func ("/app/window/load-error", test_load_error);
  g_test_add_func ("/app/window/long-word-error", test_long_word_error);
  g_test_add_func ("/app/window/new-scenario", test_new_scenario);
  g_test_add_func ("/app/window/application-open", test_application_open);
  g_test_add_func ("/app/window/help-overlay-on-demand", test_help_overlay_on_demand);
  g_test_add_func ("/app/window/start-page-on-demand", test_start_page_on_demand);
  g_test_add_func ("/app/window/window-icon-png", test_window_icon_png);
  g_test_add_func ("/app/window/piece-picking", test_piece_picking);
  g_test_add_func ("/app/window/table", test_table);
  g_test_add_func ("/app/window/input", test_input);
  g_test_add_func ("/app/window/bundled-scenario", test_bundled_scenario);
  g_test_add_func ("/app/window/open-async", test_open_async);
  g_test_add_func ("/app/window/every-action", test_every_action);
  g_test_add_func ("/app/window/editor-fits-screen", test_editor_fits_screen);
  g_test_add_func ("/app/window/settings-schema", test_settings_schema);
  g_test_add_func ("/app/window/bundled-copy", test_bundled_copy);
  g_test_add_func ("/app/window/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/app/window/open-filter", test_open_filter);
  g_test_add_func ("/app/window/gtk-noise", test_gtk_noise);

  return app_test_run (TRUE);
}
