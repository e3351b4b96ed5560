/* The map view's one pointer path: the active tool hears of presses,
 * drags, releases and motion with the hex or the table point and the
 * piece under the pointer picked, and of Enter on the keyboard's cursor
 * as of a click. */
#include "config.h"

#include "app-test.h"
#include "muster-map-view.h"

/* A tool that keeps what it was told. */
#define TEST_TYPE_TOOL (test_tool_get_type ())
G_DECLARE_FINAL_TYPE (TestTool, test_tool, TEST, TOOL, GObject)

struct _TestTool
{
  GObject parent_instance;

  MusterMapPress answer;
  gboolean claim_drag;
  guint presses, drags, releases, motions;
  MusterMapPointer press, drag, release, motion;
};

static MusterMapPress
tool_press (MusterMapTool          *tool,
            const MusterMapPointer *pointer)
{
  TestTool *self = TEST_TOOL (tool);

  self->presses++;
  self->press = *pointer;
  return self->answer;
}

static gboolean
tool_drag (MusterMapTool          *tool,
           const MusterMapPointer *pointer)
{
  TestTool *self = TEST_TOOL (tool);

  self->drags++;
  self->drag = *pointer;
  return self->claim_drag;
}

static void
tool_release (MusterMapTool          *tool,
              const MusterMapPointer *pointer)
{
  TestTool *self = TEST_TOOL (tool);

  self->releases++;
  self->release = *pointer;
}

static void
tool_motion (MusterMapTool          *tool,
             const MusterMapPointer *pointer)
{
  TestTool *self = TEST_TOOL (tool);

  self->motions++;
  self->motion = *pointer;
}

static void
test_tool_iface_init (MusterMapToolInterface *iface)
{
  iface->press = tool_press;
  iface->drag = tool_drag;
  iface->release = tool_release;
  iface->motion = tool_motion;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestTool, test_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, test_tool_iface_init))

static void
test_tool_class_init (TestToolClass *klass)
{
}

static void
test_tool_init (TestTool *self)
{
  self->answer = MUSTER_MAP_PRESS_FOLLOW;
}

static GtkEventController *
controller_of (GtkWidget *widget,
               GType      type,
               const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) &&
          (name == NULL || g_strcmp0 (gtk_event_controller_get_name (c), name) == 0))
        return c;
    }
  g_assert_not_reached ();
  return NULL;
}

typedef struct {
  MuScenario *scenario;
  MusterScene *scene;
  MusterMapView *view;
  GtkWindow *window;
  GtkEventController *gesture;
  GtkEventController *motion;
  TestTool *tool;
} Fixture;

static void
fixture_set_up (Fixture    *f,
                const char *name)
{
  f->scenario = app_test_load_scenario (name);
  f->scene = muster_scene_new ();
  muster_scene_set_scenario (f->scene, f->scenario);
  f->view = MUSTER_MAP_VIEW (muster_map_view_new ());
  muster_map_view_set_scene (f->view, f->scene);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 800, 600);
  gtk_window_set_child (f->window, GTK_WIDGET (f->view));
  gtk_window_present (f->window);
  wait_for_allocation (GTK_WIDGET (f->view));
  muster_map_view_zoom_at (f->view, 1.0, 0, 0);
  f->gesture = controller_of (GTK_WIDGET (f->view), GTK_TYPE_GESTURE_DRAG, "map-tool");
  f->motion = controller_of (GTK_WIDGET (f->view), GTK_TYPE_EVENT_CONTROLLER_MOTION, NULL);
  f->tool = g_object_new (TEST_TYPE_TOOL, NULL);
  muster_map_view_set_tool (f->view, MUSTER_MAP_TOOL (f->tool));
}

static void
fixture_tear_down (Fixture *f)
{
  gtk_window_destroy (f->window);
  flush_events ();
  g_object_unref (f->tool);
  g_object_unref (f->scene);
  mu_scenario_free (f->scenario);
}

/* The widget point of board position `pos`. */
static void
widget_point (Fixture     *f,
              const MuPos *pos,
              double      *x,
              double      *y)
{
  MusterViewTransform t;
  MuPoint b;

  muster_map_view_get_transform (f->view, &t);
  muster_map_view_pos_to_board (f->view, pos, &b);
  muster_view_to_widget (&t, b.x, b.y, x, y);
}

/* On a hex board the tool is told the hex under each point of a drag. */
static void
test_hex_drag (void)
{
  Fixture f = { 0 };
  MuPos from = mu_pos_from_hex ((MuHex) { 4, 5 }), to = mu_pos_from_hex ((MuHex) { 6, 5 });
  MuPiece piece = { 0 };
  const MuCounter *counter;
  double x0, y0, x1, y1;

  fixture_set_up (&f, "learning-blackburns-ford.muster");
  /* a counter stands on the hex the drag starts from */
  counter = g_ptr_array_index (f.scenario->counters, 0);
  piece.counter = counter;
  piece.hex = from.hex;
  muster_scene_set_pieces (f.scene, &piece, 1, NULL);
  widget_point (&f, &from, &x0, &y0);
  widget_point (&f, &to, &x1, &y1);
  g_signal_emit_by_name (f.gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (f.gesture, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (f.gesture, "drag-end", x1 - x0, y1 - y0);

  g_assert_cmpuint (f.tool->presses, ==, 1);
  g_assert_true (f.tool->press.picked && f.tool->press.pick.on_board);
  g_assert_false (f.tool->press.pos.is_point);
  g_assert_true (mu_hex_equal (f.tool->press.pos.hex, from.hex));
  g_assert_cmpint (f.tool->press.piece, ==, 0);
  g_assert_cmpstr (f.tool->press.piece_id, ==, counter->id);
  g_assert_cmpuint (f.tool->drags, ==, 1);
  g_assert_true (mu_hex_equal (f.tool->drag.pos.hex, to.hex));
  g_assert_cmpint (f.tool->drag.piece, ==, -1);
  g_assert_null (f.tool->drag.piece_id);
  g_assert_cmpfloat_with_epsilon (f.tool->drag.dx, x1 - x0, 1e-9);
  g_assert_cmpuint (f.tool->releases, ==, 1);
  g_assert_true (mu_hex_equal (f.tool->release.pos.hex, to.hex));
  g_assert_cmpfloat_with_epsilon (f.tool->release.x, x1, 1e-9);

  g_signal_emit_by_name (f.motion, "motion", x0, y0);
  g_assert_cmpuint (f.tool->motions, ==, 1);
  g_assert_true (mu_hex_equal (f.tool->motion.pos.hex, from.hex));
  fixture_tear_down (&f);
}

/* On a table the same path gives table points; a press the tool ignores
 * brings neither drags nor a release. */
static void
test_table_drag (void)
{
  Fixture f = { 0 };
  MuPos from = mu_pos_from_point (10.0, 12.0, -1), to = mu_pos_from_point (14.5, 20.0, -1);
  double x0, y0, x1, y1;

  fixture_set_up (&f, "learning-table-blackburns-ford.muster");
  widget_point (&f, &from, &x0, &y0);
  widget_point (&f, &to, &x1, &y1);
  g_signal_emit_by_name (f.gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (f.gesture, "drag-end", x1 - x0, y1 - y0);

  g_assert_cmpuint (f.tool->presses, ==, 1);
  g_assert_true (f.tool->press.pos.is_point);
  g_assert_cmpfloat_with_epsilon (f.tool->press.pos.point.x, 10.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (f.tool->press.pos.point.y, 12.0, 1e-6);
  g_assert_cmpuint (f.tool->releases, ==, 1);
  g_assert_true (f.tool->release.pos.is_point);
  g_assert_cmpfloat_with_epsilon (f.tool->release.pos.point.x, 14.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (f.tool->release.pos.point.y, 20.0, 1e-6);

  f.tool->answer = MUSTER_MAP_PRESS_IGNORE;
  g_signal_emit_by_name (f.gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (f.gesture, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (f.gesture, "drag-end", x1 - x0, y1 - y0);
  g_assert_cmpuint (f.tool->presses, ==, 2);
  g_assert_cmpuint (f.tool->drags, ==, 0);
  g_assert_cmpuint (f.tool->releases, ==, 1);
  fixture_tear_down (&f);
}

/* Enter on the keyboard's hex cursor is a click there: the tool is told
 * of a press and a release at the cursor's hex, as of a pointer's, with
 * the counter standing there; a press it ignores brings no release. */
static void
test_enter (void)
{
  Fixture f = { 0 };
  MuPos at = mu_pos_from_hex ((MuHex) { 4, 5 });
  MuPiece piece = { 0 };
  const MuCounter *counter;
  GtkEventController *keys;
  gboolean handled = FALSE;

  fixture_set_up (&f, "learning-blackburns-ford.muster");
  counter = g_ptr_array_index (f.scenario->counters, 0);
  piece.counter = counter;
  piece.hex = at.hex;
  muster_scene_set_pieces (f.scene, &piece, 1, NULL);
  keys = controller_of (GTK_WIDGET (f.view), GTK_TYPE_EVENT_CONTROLLER_KEY, NULL);
  muster_map_view_set_cursor (f.view, &at.hex);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Return, 0, GDK_SHIFT_MASK, &handled);

  g_assert_true (handled);
  g_assert_cmpuint (f.tool->presses, ==, 1);
  g_assert_true (f.tool->press.picked && f.tool->press.pick.on_board);
  g_assert_false (f.tool->press.pos.is_point);
  g_assert_true (mu_hex_equal (f.tool->press.pos.hex, at.hex));
  g_assert_cmpstr (f.tool->press.piece_id, ==, counter->id);
  g_assert_true (f.tool->press.state & GDK_SHIFT_MASK);
  g_assert_cmpuint (f.tool->drags, ==, 0);
  g_assert_cmpuint (f.tool->releases, ==, 1);
  g_assert_true (mu_hex_equal (f.tool->release.pos.hex, at.hex));
  g_assert_cmpfloat (f.tool->release.dx, ==, 0);

  f.tool->answer = MUSTER_MAP_PRESS_IGNORE;
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_KP_Enter, 0, 0, &handled);
  g_assert_cmpuint (f.tool->presses, ==, 2);
  g_assert_cmpuint (f.tool->releases, ==, 1);

  /* without a cursor Enter is not the board's */
  muster_map_view_set_cursor (f.view, NULL);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Return, 0, 0, &handled);
  g_assert_false (handled);
  g_assert_cmpuint (f.tool->presses, ==, 2);
  fixture_tear_down (&f);
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
      g_test_add_func ("/app/map-tool/no-display", app_test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/map-tool/hex-drag", test_hex_drag);
  g_test_add_func ("/app/map-tool/table-drag", test_table_drag);
  g_test_add_func ("/app/map-tool/enter", test_enter);
  return g_test_run ();
}
