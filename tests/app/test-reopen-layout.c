/* Where the board sits when a saved match is opened again, under a real
 * display: in a window maximised once the match is shown, and in a window
 * larger than the one the match was saved in, the board fills the view as
 * a new match's does (a board narrower than the view in its middle, a
 * wider one covering it), never pushed to one side with the bare table
 * beside it. A design opened in the editor is fitted whole at each window
 * size, and again once the window is maximised. */
#include "config.h"

#include <math.h>

#include "app-test.h"
#include "frames.h"
#include "muster-map-view.h"
#include "muster-scene.h"

/* The sizes testers use: a laptop, a full HD screen, and the window's
 * default size, in which Muster opens before a desktop maximises it. */
static const int LAPTOP[2] = { 1366, 768 };
static const int FULL_HD[2] = { 1920, 1080 };
static const int DEFAULT[2] = { 1200, 800 };

static MusterWindow *
window_of_size (const int size[2])
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_allocation (GTK_WIDGET (window));
  return window;
}

/* The window resized as a desktop maximising it does, and view laid out
 * at its new size. */
static void
resize_window (MusterWindow  *window,
               MusterMapView *view,
               const int      size[2])
{
  int w = gtk_widget_get_width (GTK_WIDGET (view));
  int h = gtk_widget_get_height (GTK_WIDGET (view));

  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (view)) == w &&
                  gtk_widget_get_height (GTK_WIDGET (view)) == h; i++)
    g_main_context_iteration (NULL, TRUE);
  wait_frames (GTK_WIDGET (view), 3);
  g_assert_true (gtk_widget_get_width (GTK_WIDGET (view)) != w || gtk_widget_get_height (GTK_WIDGET (view)) != h);
}

/* The board's size on screen and its left (or top) edge in the view, on
 * one axis: 0 across, 1 down. */
static void
board_span (MusterMapView *view,
            int            axis,
            double        *edge,
            double        *length,
            double        *room)
{
  MusterViewTransform t;
  MuRenderOptions options;
  double bw, bh;

  muster_map_view_get_transform (view, &t);
  muster_map_view_get_render_options (view, &options);
  mu_render_board_size (muster_scene_get_scenario (muster_map_view_get_scene (view)), &options, &bw, &bh);
  *edge = axis == 0 ? t.x : t.y;
  *length = (axis == 0 ? bw : bh) * t.zoom;
  *room = axis == 0 ? gtk_widget_get_width (GTK_WIDGET (view)) : gtk_widget_get_height (GTK_WIDGET (view));
}

/* The board fills the view as a new match's does: on each axis, in the
 * middle where it is shorter than the view, covering it where it is
 * longer; not off to one side with the bare table beside it. */
static void
assert_fills_view (MusterMapView *view,
                   const char    *what)
{
  for (int axis = 0; axis < 2; axis++)
    {
      double edge, length, room;

      board_span (view, axis, &edge, &length, &room);
      g_test_message ("%s, %s: the board from %.1f to %.1f in a view of %.0f", what, axis ? "down" : "across",
                      edge, edge + length, room);
      if (length <= room)
        g_assert_cmpfloat (fabs (edge - (room - length) / 2), <=, 1.0);
      else
        {
          g_assert_cmpfloat (edge, <=, 0.5);
          g_assert_cmpfloat (edge + length, >=, room - 0.5);
        }
    }
}

static MusterMatchPage *
open_match (MusterWindow *window,
            const char   *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterMatchPage *page;

  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  flush_events ();
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  g_assert_nonnull (page);
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  muster_match_page_dismiss_handover (page);
  wait_frames (GTK_WIDGET (page), 3);
  return page;
}

/* A new match of First Manassas in a window of size, its board moved by
 * `move` (or not), saved to path; the zoom it was saved at. */
static double
save_match (const int   size[2],
            void      (*move) (MusterMapView *view),
            const char *path)
{
  MusterWindow *window = window_of_size (size);
  MusterMatchPage *page = start_match (window, 3);
  MusterMapView *view = muster_match_page_get_map_view (page);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  double zoom;

  muster_match_page_dismiss_handover (page);
  wait_frames (GTK_WIDGET (page), 3);
  if (move != NULL)
    move (view);
  flush_events ();
  assert_fills_view (view, "saved");
  zoom = muster_map_view_get_zoom (view);
  g_assert_true (muster_game_save (muster_match_page_get_game (page), file, &error));
  g_assert_no_error (error);
  destroy_all_windows ();
  return zoom;
}

/* A match saved as it opened (at a readable zoom on the side to act),
 * opened again in a window of the default size that the desktop then
 * maximises (to a laptop's screen, to a full HD one): the view follows
 * the window, as a new match's does. */
static void
test_maximised_after_opening (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "maximised.muster-game", NULL);
  const int *screens[] = { LAPTOP, FULL_HD };
  double zoom = save_match (LAPTOP, NULL, path);

  for (guint i = 0; i < G_N_ELEMENTS (screens); i++)
    {
      MusterWindow *window = window_of_size (DEFAULT);
      MusterMatchPage *page = open_match (window, path);
      MusterMapView *view = muster_match_page_get_map_view (page);

      assert_fills_view (view, "opened");
      resize_window (window, view, screens[i]);
      shot (GTK_WIDGET (window), i ? "reopened-maximised-full-hd" : "reopened-maximised-laptop");
      g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), zoom, 0.001);
      assert_fills_view (view, "maximised");
      /* and back, as when the window is restored */
      resize_window (window, view, DEFAULT);
      assert_fills_view (view, "restored");
      destroy_all_windows ();
    }
}

/* At 130 %, the board's right edge at the view's right edge (a player
 * looking at the Union's flank). */
static void
to_right_edge (MusterMapView *view)
{
  double edge, length, room;

  muster_map_view_zoom_at (view, 1.3, 0, 0);
  board_span (view, 0, &edge, &length, &room);
  g_assert_cmpfloat (length, >, 1920);
  muster_map_view_pan (view, room - (edge + length), 0);
}

/* A match saved on a laptop looking at the board's right edge, opened
 * again on a full HD screen: the saved zoom, and the board still covers
 * the view rather than leave the table bare to its right while its left
 * part is out of sight. */
static void
test_larger_window (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "edge.muster-game", NULL);
  double zoom = save_match (LAPTOP, to_right_edge, path);
  MusterWindow *window = window_of_size (FULL_HD);
  MusterMatchPage *page = open_match (window, path);
  MusterMapView *view = muster_match_page_get_map_view (page);
  double edge, length, room;

  shot (GTK_WIDGET (window), "reopened-larger-window");
  g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), zoom, 0.001);
  assert_fills_view (view, "larger window");
  /* still the part of the board it was saved looking at */
  board_span (view, 0, &edge, &length, &room);
  g_assert_cmpfloat (edge + length, <=, room + 0.5);
  destroy_all_windows ();
}

/* The whole board shows, in the middle, and it could not be much larger. */
static void
assert_fitted (MusterMapView *view,
               const char    *what)
{
  double most = 0;

  assert_fills_view (view, what);
  for (int axis = 0; axis < 2; axis++)
    {
      double edge, length, room;

      board_span (view, axis, &edge, &length, &room);
      g_assert_cmpfloat (edge, >=, 0);
      g_assert_cmpfloat (edge + length, <=, room);
      most = MAX (most, length / room);
    }
  g_assert_cmpfloat (most, >=, 0.9);
}

/* A design opened in the editor is fitted whole at a laptop's and a full
 * HD screen's size, and fitted again when the window is maximised after
 * opening it. */
static void
test_editor (void)
{
  g_autofree char *path = app_test_scenario_path ("first-manassas.muster");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const int *sizes[] = { LAPTOP, FULL_HD, DEFAULT };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      MusterWindow *window = window_of_size (sizes[i]);
      MusterMapView *view = muster_window_get_map_view (window);
      g_autoptr(GError) error = NULL;
      double fitted;

      g_assert_true (muster_window_open_file (window, file, &error));
      g_assert_no_error (error);
      g_action_group_activate_action (G_ACTION_GROUP (window), "edit", NULL);
      wait_for_allocation (GTK_WIDGET (view));
      wait_frames (GTK_WIDGET (view), 3);
      assert_fitted (view, "design");
      fitted = muster_map_view_get_zoom (view);
      if (sizes[i] == DEFAULT)
        {
          resize_window (window, view, FULL_HD);
          shot (GTK_WIDGET (window), "design-maximised-full-hd");
          g_assert_cmpfloat (muster_map_view_get_zoom (view), >, fitted);
          assert_fitted (view, "design maximised");
        }
      destroy_all_windows ();
    }
}

int
main (int argc, char **argv)
{
  gboolean display = app_test_init (&argc, &argv, "/app/reopen-layout/no-display");

  if (display)
    {
      g_test_add_func ("/app/reopen-layout/maximised-after-opening", test_maximised_after_opening);
      g_test_add_func ("/app/reopen-layout/larger-window", test_larger_window);
      g_test_add_func ("/app/reopen-layout/editor", test_editor);
    }
  return app_test_run (display);
}
