/* The board after an edit or a command: its tiles are drawn anew over
 * several frames, and meanwhile the tiles of the board as it was stay on
 * screen, so that the board never goes blank nor its counters vanish; each
 * old tile goes as soon as its replacement is drawn. After a zoom change,
 * the tiles of the zoom before stand in, scaled, until the view is drawn
 * anew. */
#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "mu-ruleset.h"
#include "muster-game.h"
#include "muster-map-view.h"
#include "muster-map-view-private.h"
#include "muster-scene.h"

/* What the view draws in a frame, rendered as the window would;
 * into $MUSTER_SCREENSHOT_DIR/map-tiles-BOARD-MOMENT.png as well when that is set,
 * for people to look at. */
static GBytes *
render (GtkWidget  *view,
        const char *board,
        const char *moment)
{
  const char *dir = g_getenv ("MUSTER_SCREENSHOT_DIR");
  int w = gtk_widget_get_width (view);
  int h = gtk_widget_get_height (view);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gsize stride = (gsize) w * 4;
  guchar *data;

  /* the view's own snapshot, as its next frame calls it */
  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (view)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (dir != NULL)
    {
      g_autofree char *file = g_strdup_printf ("map-tiles-%s-%s.png", board, moment);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_assert_true (gdk_texture_save_to_png (texture, path));
    }
  data = g_malloc (stride * h);
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * h);
}

/* Lets the view draw frames until its board is complete (bounded). */
static void
wait_complete (MusterMapView *view)
{
  guint missing = 1, stale, blank, kept;

  for (int i = 0; i < 2000 && missing > 0; i++)
    {
      wait_frames (GTK_WIDGET (view), 1);
      muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
    }
  g_assert_cmpuint (missing, ==, 0);
}

/* The view alone in a laptop-sized window, laid out. */
static void
show_in (GtkWindow     *window,
         MusterMapView *view)
{
  gtk_window_set_default_size (window, 1366, 768);
  gtk_window_set_child (window, GTK_WIDGET (view));
  gtk_window_present (window);
  wait_for_allocation (GTK_WIDGET (view));
}

/* The same, with its board complete. */
static void
show_complete (GtkWindow     *window,
               MusterMapView *view)
{
  show_in (window, view);
  wait_complete (view);
}

/* The frame just drawn, with time for one tile, drew the board anew and
 * not all of it, and every tile still to come shows as it was. */
static void
check_partial_frame (MusterMapView *view)
{
  guint missing, stale, blank, kept;

  muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
  g_assert_cmpuint (missing, >, 0);
  g_assert_cmpuint (blank, ==, 0);
  g_assert_cmpuint (stale, ==, missing);
}

/* With time for every tile again: once each tile is drawn anew, no old
 * one is kept beside it. */
static void
check_complete_frame (MusterMapView *view)
{
  guint missing, stale, blank, kept;

  muster_map_view_set_tile_budget (view, -1);
  wait_complete (view);
  muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
  g_assert_cmpuint (stale, ==, 0);
  g_assert_cmpuint (kept, ==, 0);
}

static guint
count_different_pixels (GBytes *a,
                        GBytes *b)
{
  gsize n_a, n_b;
  const guint32 *pa = g_bytes_get_data (a, &n_a);
  const guint32 *pb = g_bytes_get_data (b, &n_b);
  guint n = 0;

  g_assert_cmpuint (n_a, ==, n_b);
  for (gsize i = 0; i < n_a / 4; i++)
    n += pa[i] != pb[i];
  return n;
}

static void
check_change_keeps_board (const char *name,
                          const char *label)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  MusterMapView *view = MUSTER_MAP_VIEW (muster_map_view_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;

  muster_scene_set_scenario (scene, scenario);
  muster_map_view_set_scene (view, scene);
  show_complete (window, view);
  before = render (GTK_WIDGET (view), label, "before-change");

  /* A slow machine, or a large board: each frame has time for one tile. */
  muster_map_view_set_tile_budget (view, 0);
  muster_scene_scenario_changed (scene);
  after = render (GTK_WIDGET (view), label, "after-change");
  check_partial_frame (view);
  /* nothing changed in the scenario: the frame looks as the one before */
  g_assert_cmpuint (count_different_pixels (before, after), ==, 0);

  check_complete_frame (view);

  /* A command that changes the pieces only: the same with their layer. */
  muster_map_view_set_tile_budget (view, 0);
  muster_scene_select_piece (scene, 0);
  g_clear_pointer (&after, g_bytes_unref);
  after = render (GTK_WIDGET (view), label, "after-select");
  check_partial_frame (view);

  check_complete_frame (view);

  gtk_window_destroy (window);
  flush_events ();
}

/* Pixels that the complete frame shows and `frame` leaves transparent:
 * the view's background would show there. */
static guint
count_holes (GBytes *frame,
             GBytes *complete)
{
  gsize n_f, n_c;
  const guint32 *pf = g_bytes_get_data (frame, &n_f);
  const guint32 *pc = g_bytes_get_data (complete, &n_c);
  guint n = 0;

  g_assert_cmpuint (n_f, ==, n_c);
  /* premultiplied BGRA in memory: alpha is the top byte of a pixel */
  for (gsize i = 0; i < n_f / 4; i++)
    n += (pc[i] >> 24) == 0xff && (pf[i] >> 24) == 0;
  return n;
}

/* One zoom change, with time for one tile a frame: the next frame shows
 * the board at the new zoom whole, from the old zoom's tiles scaled where
 * its own are still to come, and those go once the view is drawn anew. */
static void
check_zoom (MusterMapView *view,
            const char    *label,
            const char    *moment,
            void         (*zoom) (MusterMapView *))
{
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) complete = NULL;
  g_autofree char *complete_moment = g_strconcat (moment, "-complete", NULL);
  double old_zoom = muster_map_view_get_zoom (view);

  muster_map_view_set_tile_budget (view, 0);
  zoom (view);
  g_assert_cmpfloat (muster_map_view_get_zoom (view), !=, old_zoom);
  after = render (GTK_WIDGET (view), label, moment);
  check_partial_frame (view);

  check_complete_frame (view);
  complete = render (GTK_WIDGET (view), label, complete_moment);
  g_assert_cmpuint (count_holes (after, complete), ==, 0);
}

/* Ctrl+scroll: the old tiles are shown scaled while the zoom goes on (as
 * before), and the board is drawn at the new zoom once it settles. */
static void
zoom_scroll (MusterMapView *view)
{
  muster_map_view_zoom_continuous (view, 1.1, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                                   gtk_widget_get_height (GTK_WIDGET (view)) / 2.0);
  while (muster_map_view_get_settling (view))
    g_main_context_iteration (NULL, TRUE);
}

/* A panel shown beside the board (as the editor's): the board fitted to
 * the view is fitted anew, at another zoom. */
static void
show_panel (MusterMapView *view)
{
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (view), "panel"), TRUE);
  /* the frame that lays the view out at its new size */
  wait_frames (GTK_WIDGET (view), 1);
}

static void
check_zoom_keeps_board (const char *name,
                        const char *label)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  MusterMapView *view = MUSTER_MAP_VIEW (muster_map_view_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *panel = gtk_label_new ("panel");

  muster_scene_set_scenario (scene, scenario);
  muster_map_view_set_scene (view, scene);
  gtk_window_set_default_size (window, 1366, 768);
  gtk_widget_set_vexpand (GTK_WIDGET (view), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (view));
  /* under the board, so that it takes height from a board fitted by its
   * height as well as from one fitted by its width */
  gtk_widget_set_size_request (panel, -1, 300);
  gtk_widget_set_visible (panel, FALSE);
  gtk_box_append (GTK_BOX (box), panel);
  g_object_set_data (G_OBJECT (view), "panel", panel);
  gtk_window_set_child (window, box);
  gtk_window_present (window);
  wait_for_allocation (GTK_WIDGET (view));
  wait_complete (view);

  check_zoom (view, label, "panel-shown", show_panel);
  /* out from the fitted board, and back in: the whole board was on screen
   * before each, so the old tiles reach over all the new view */
  check_zoom (view, label, "zoom-out", muster_map_view_zoom_out);
  check_zoom (view, label, "zoom-in", muster_map_view_zoom_in);
  /* and once more in: the old tiles reach over the part now in view */
  check_zoom (view, label, "zoom-in-again", muster_map_view_zoom_in);
  check_zoom (view, label, "zoom-scroll", zoom_scroll);

  gtk_window_destroy (window);
  flush_events ();
}

/* Plays on (the first step-ending or answering command) until a command
 * may move a counter, and returns that one. */
static MuCommand *
find_a_move (MusterGame *game)
{
  const MuRuleset *rs = muster_game_get_ruleset (game);

  for (int step = 0; step < 200; step++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (muster_game_get_match (game));
      MuCommand *other = NULL;
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < legal->len; i++)
        {
          MuCommand *c = g_ptr_array_index (legal, i);
          const MuVerbInfo *v = mu_ruleset_find_verb (rs, mu_command_get_verb (c));
          guint flags = v ? v->flags : 0;

          if (flags & MU_VERB_MOVE)
            return mu_command_copy (c);
          if (other == NULL && (flags & (MU_VERB_END_STEP | MU_VERB_ANSWER)))
            other = c;
        }
      g_assert_nonnull (other);
      g_assert_true (muster_game_apply (game, other, &error));
      g_assert_no_error (error);
    }
  g_assert_not_reached ();
}

/* A command moves a counter, with time for one tile a frame: the next
 * frame shows it where it now stands and nowhere else, as the board drawn
 * anew whole does; the tiles kept meanwhile are drawn anew where it was
 * and where it went. */
static void
check_move_shows_no_stale_counter (const char *name,
                                   const char *label)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = muster_game_new_for_scenario (scenario, 7, &error);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  MusterMapView *view = MUSTER_MAP_VIEW (muster_map_view_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) complete = NULL;
  g_autoptr(MuCommand) move = NULL;
  g_autofree char *line = NULL;
  guint missing, stale, blank, kept;

  g_assert_no_error (error);
  move = find_a_move (game);
  line = mu_command_to_string (move);
  g_test_message ("moving: %s", line);
  muster_scene_set_game (scene, game);
  muster_map_view_set_scene (view, scene);
  show_complete (window, view);
  before = render (GTK_WIDGET (view), label, "before-move");

  muster_map_view_set_tile_budget (view, 0);
  g_assert_true (muster_game_apply (game, move, &error));
  g_assert_no_error (error);
  after = render (GTK_WIDGET (view), label, "after-move");
  /* the pieces' tiles are still being drawn anew, shown as kept */
  muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
  g_assert_cmpuint (missing, >, 0);
  g_assert_cmpuint (blank, ==, 0);

  check_complete_frame (view);
  complete = render (GTK_WIDGET (view), label, "after-move-complete");
  /* the move shows on the board */
  g_assert_cmpuint (count_different_pixels (before, complete), >, 0);
  g_assert_cmpuint (count_different_pixels (after, complete), ==, 0);

  gtk_window_destroy (window);
  flush_events ();
}

/* A view option changed right after a zoom change, with time for one
 * tile a frame: the board stays whole, from the tiles of the zoom before
 * scaled and those kept, until it is drawn anew. */
static void
check_option_after_zoom (MusterMapView *view,
                         const char    *label,
                         const char    *moment,
                         void         (*zoom) (MusterMapView *),
                         const char    *option,
                         int            value)
{
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) complete = NULL;
  g_autofree char *complete_moment = g_strconcat (moment, "-complete", NULL);

  muster_map_view_set_tile_budget (view, 0);
  zoom (view);
  wait_frames (GTK_WIDGET (view), 1);
  if (g_str_equal (option, "counter-style"))
    g_object_set (view, option, value, NULL);
  else
    g_object_set (view, option, (gboolean) value, NULL);
  after = render (GTK_WIDGET (view), label, moment);
  check_partial_frame (view);

  check_complete_frame (view);
  complete = render (GTK_WIDGET (view), label, complete_moment);
  g_assert_cmpuint (count_holes (after, complete), ==, 0);
}

static void
check_options_keep_board (const char *name,
                          const char *label)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  MusterMapView *view = MUSTER_MAP_VIEW (muster_map_view_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  muster_scene_set_scenario (scene, scenario);
  muster_map_view_set_scene (view, scene);
  show_complete (window, view);

  check_option_after_zoom (view, label, "counter-style", muster_map_view_zoom_in, "counter-style",
                           MU_COUNTER_STYLE_NATO);
  /* the coordinates go the same way as the grid */
  check_option_after_zoom (view, label, "no-grid", muster_map_view_zoom_out, "show-grid", FALSE);

  gtk_window_destroy (window);
  flush_events ();
}

static void
test_hex_options (void)
{
  check_options_keep_board ("first-manassas.muster", "hex");
}

static void
test_table_options (void)
{
  check_options_keep_board ("henry-house-hill-table.muster", "table");
}

static void
test_hex_move (void)
{
  check_move_shows_no_stale_counter ("first-manassas.muster", "hex");
}

static void
test_table_move (void)
{
  check_move_shows_no_stale_counter ("henry-house-hill-table.muster", "table");
}

/* Out from a view zoomed in on part of the board, with time for one band
 * of a tile a frame: the old tiles stand in, scaled, where they reach, and
 * the edges come into view with nothing to show are drawn first, so that
 * the board is whole (as the complete frame) while the tiles the old ones
 * stand in for are still to come. */
static void
check_zoom_out_edges (const char *name,
                      const char *label)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  MusterMapView *view = MUSTER_MAP_VIEW (muster_map_view_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_autoptr(GBytes) whole = NULL;
  g_autoptr(GBytes) complete = NULL;
  guint missing, stale, blank, kept, first_blank;
  int frames;

  muster_scene_set_scenario (scene, scenario);
  muster_map_view_set_scene (view, scene);
  show_in (window, view);
  for (int i = 0; i < 4; i++)
    muster_map_view_zoom_in (view);
  wait_complete (view);

  muster_map_view_set_tile_budget (view, 0);
  muster_map_view_zoom_out (view);
  wait_frames (GTK_WIDGET (view), 1);
  muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
  first_blank = blank;
  /* the view took in more of the board */
  g_assert_cmpuint (first_blank, >, 0);
  for (frames = 1; frames < 2000 && blank > 0; frames++)
    {
      wait_frames (GTK_WIDGET (view), 1);
      muster_map_view_get_frame_tiles (view, &missing, &stale, &blank, &kept);
    }
  g_test_message ("%s: %u tiles with nothing to show after the zoom out, none after %d frames", label,
                  first_blank, frames);
  g_assert_cmpuint (blank, ==, 0);
  /* the tiles the old ones stand in for wait */
  g_assert_cmpuint (missing, >, 0);
  g_assert_cmpuint (stale, ==, missing);
  whole = render (GTK_WIDGET (view), label, "zoom-out-edges");

  check_complete_frame (view);
  complete = render (GTK_WIDGET (view), label, "zoom-out-edges-complete");
  g_assert_cmpuint (count_holes (whole, complete), ==, 0);

  gtk_window_destroy (window);
  flush_events ();
}

static void
test_hex_zoom_out (void)
{
  check_zoom_out_edges ("first-manassas.muster", "hex");
}

static void
test_table_zoom_out (void)
{
  check_zoom_out_edges ("henry-house-hill-table.muster", "table");
}

static void
test_table_zoom (void)
{
  check_zoom_keeps_board ("henry-house-hill-table.muster", "table");
}

static void
test_hex_zoom (void)
{
  check_zoom_keeps_board ("first-manassas.muster", "hex");
}

static void
test_table (void)
{
  check_change_keeps_board ("henry-house-hill-table.muster", "table");
}

static void
test_hex (void)
{
  check_change_keeps_board ("first-manassas.muster", "hex");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/map-tiles/no-display", app_test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/map-tiles/table-change", test_table);
  g_test_add_func ("/app/map-tiles/hex-change", test_hex);
  g_test_add_func ("/app/map-tiles/hex-move", test_hex_move);
  g_test_add_func ("/app/map-tiles/table-move", test_table_move);
  g_test_add_func ("/app/map-tiles/table-zoom", test_table_zoom);
  g_test_add_func ("/app/map-tiles/hex-zoom-out", test_hex_zoom_out);
  g_test_add_func ("/app/map-tiles/table-zoom-out", test_table_zoom_out);
  g_test_add_func ("/app/map-tiles/hex-options", test_hex_options);
  g_test_add_func ("/app/map-tiles/table-options", test_table_options);
  g_test_add_func ("/app/map-tiles/hex-zoom", test_hex_zoom);
  return g_test_run ();
}
