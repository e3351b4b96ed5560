/* The editor's tools as objects: the palette's tool is the map view's
 * active tool (muster-map-tool.h), and each one, driven through that
 * interface alone with the pointers the view would give it, makes its
 * edits: the stroke tool paints and raises, the place tool puts labels
 * (also at Enter on the keyboard's cursor), the shape tool draws an area
 * and the select tool picks and drags a stand. */
#include "config.h"

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "muster-editor.h"
#include "muster-icons.h"
#include "muster-map-view.h"
#include "muster-place-tool.h"
#include "muster-select-tool.h"
#include "muster-shape-tool.h"
#include "muster-stroke-tool.h"
#include "editor-fixture.h"

/* The palette's tool `tool`, as the map view holds it. */
static MusterMapTool *
choose (Fixture    *f,
        MusterTool  tool,
        GType       type)
{
  MusterMapTool *active;

  muster_editor_set_tool (f->editor, tool);
  active = muster_map_view_get_tool (f->view);
  g_assert_nonnull (active);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (active, type));
  return active;
}

/* What the view tells the tool of a board position. */
static void
pointer_at (Fixture          *f,
            const MuPos      *pos,
            MusterMapPointer *pointer)
{
  MusterViewTransform t;
  MuPoint b;
  double x, y;

  muster_map_view_get_transform (f->view, &t);
  muster_map_view_pos_to_board (f->view, pos, &b);
  muster_view_to_widget (&t, b.x, b.y, &x, &y);
  muster_map_view_get_pointer (f->view, x, y, 0, pointer);
}

/* A press at `from`, a drag through the positions between, a release at `to`. */
static MusterMapPress
drag (Fixture     *f,
      MusterMapTool *tool,
      const MuPos *path,
      guint        n)
{
  MusterMapPointer pointer;
  MusterMapPress press;

  pointer_at (f, &path[0], &pointer);
  press = muster_map_tool_press (tool, &pointer);
  for (guint i = 1; i < n; i++)
    {
      pointer_at (f, &path[i], &pointer);
      muster_map_tool_drag (tool, &pointer);
    }
  muster_map_tool_release (tool, &pointer);
  flush_events ();
  return press;
}

static MuHexCell *
cell (Fixture *f,
      int      col,
      int      row)
{
  return mu_hex_map_cell (model (f)->hex_map, (MuHex) { col, row });
}

/* Brush and Raise are the stroke tool: a stroke paints the hexes it
 * crosses as one undo step, a click raises a hex. */
static void
test_stroke (Fixture       *f,
             gconstpointer  data)
{
  MuPos path[] = { mu_pos_from_hex ((MuHex) { 3, 3 }), mu_pos_from_hex ((MuHex) { 4, 3 }),
                   mu_pos_from_hex ((MuHex) { 5, 3 }) };
  guint undo = mu_edit_history_get_n_undo (f->history);
  MusterMapTool *tool;
  int level = cell (f, 3, 5)->elevation;

  tool = choose (f, MUSTER_TOOL_BRUSH, MUSTER_TYPE_STROKE_TOOL);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_MARSH);
  muster_editor_set_brush_size (f->editor, MU_BRUSH_1);
  g_assert_cmpint (drag (f, tool, path, G_N_ELEMENTS (path)), ==, MUSTER_MAP_PRESS_CLAIM);
  for (int col = 3; col <= 5; col++)
    g_assert_cmpint (cell (f, col, 3)->terrain, ==, MU_TERRAIN_MARSH);
  g_assert_cmpint (cell (f, 6, 3)->terrain, !=, MU_TERRAIN_MARSH);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, undo + 1);

  /* the same object, now raising */
  g_assert_true (choose (f, MUSTER_TOOL_RAISE, MUSTER_TYPE_STROKE_TOOL) == tool);
  path[0] = mu_pos_from_hex ((MuHex) { 3, 5 });
  drag (f, tool, path, 1);
  g_assert_cmpint (cell (f, 3, 5)->elevation, ==, level + 1);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, undo + 2);
}

/* A fast pointer skips hexes between two motion events: Brush and Raise
 * follow the hex line between them, as Path does, so a quick stroke
 * leaves no gap. */
static void
test_stroke_fast (Fixture       *f,
                  gconstpointer  data)
{
  MuPos path[] = { mu_pos_from_hex ((MuHex) { 2, 6 }), mu_pos_from_hex ((MuHex) { 6, 6 }) };
  int level[5];
  MusterMapTool *tool;

  for (int col = 2; col <= 6; col++)
    {
      for (int row = 5; row <= 7; row++)
        g_assert_cmpint (cell (f, col, row)->terrain, !=, MU_TERRAIN_ROUGH);
      level[col - 2] = cell (f, col, 2)->elevation + cell (f, col, 1)->elevation + cell (f, col, 3)->elevation;
    }
  tool = choose (f, MUSTER_TOOL_BRUSH, MUSTER_TYPE_STROKE_TOOL);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_ROUGH);
  muster_editor_set_brush_size (f->editor, MU_BRUSH_1);
  drag (f, tool, path, G_N_ELEMENTS (path));
  /* every column between has a painted hex on the line's way */
  for (int col = 2; col <= 6; col++)
    g_assert_true (cell (f, col, 5)->terrain == MU_TERRAIN_ROUGH || cell (f, col, 6)->terrain == MU_TERRAIN_ROUGH ||
                   cell (f, col, 7)->terrain == MU_TERRAIN_ROUGH);

  choose (f, MUSTER_TOOL_RAISE, MUSTER_TYPE_STROKE_TOOL);
  path[0] = mu_pos_from_hex ((MuHex) { 2, 2 });
  path[1] = mu_pos_from_hex ((MuHex) { 6, 2 });
  drag (f, tool, path, G_N_ELEMENTS (path));
  for (int col = 2; col <= 6; col++)
    g_assert_cmpint (cell (f, col, 2)->elevation + cell (f, col, 1)->elevation + cell (f, col, 3)->elevation, >,
                     level[col - 2]);
}

/* Label is the place tool: a click puts a label on the hex, and so does
 * Enter on the keyboard's cursor. */
static void
test_place (Fixture       *f,
            gconstpointer  data)
{
  MuPos at = mu_pos_from_hex ((MuHex) { 6, 4 });
  MuHex cursor = { 7, 5 };
  GPtrArray *labels = model (f)->hex_map->labels;
  guint n = labels->len;
  MusterMapTool *tool = choose (f, MUSTER_TOOL_LABEL, MUSTER_TYPE_PLACE_TOOL);
  g_autoptr(GListModel) controllers = NULL;
  const MuLabel *l;
  gboolean handled = FALSE;

  muster_editor_set_text (f->editor, "Ford");
  drag (f, tool, &at, 1);
  g_assert_cmpuint (labels->len, ==, n + 1);
  l = g_ptr_array_index (labels, n);
  g_assert_cmpstr (l->text, ==, "Ford");
  g_assert_true (mu_hex_equal (l->hex, at.hex));

  muster_map_view_set_cursor (f->view, &cursor);
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", GDK_KEY_Return, 0, 0, &handled);
    }
  flush_events ();
  g_assert_true (handled);
  g_assert_cmpuint (labels->len, ==, n + 2);
  l = g_ptr_array_index (labels, n + 1);
  g_assert_true (mu_hex_equal (l->hex, cursor));
}

/* Area is the shape tool: clicks add corners, a click on the last one
 * adds the area of the kind chosen. */
static void
test_shape (Fixture       *f,
            gconstpointer  data)
{
  MuPos corners[] = { mu_pos_from_point (10, 10, -1), mu_pos_from_point (20, 10, -1),
                      mu_pos_from_point (15, 18, -1), mu_pos_from_point (15, 18, -1) };
  MusterMapTool *tool = choose (f, MUSTER_TOOL_AREA, MUSTER_TYPE_SHAPE_TOOL);
  const MuArea *a;

  muster_editor_set_area_kind (f->editor, MU_AREA_WOODS);
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      g_assert_cmpuint (model (f)->table->areas->len, ==, 0);
      g_assert_cmpint (drag (f, tool, &corners[i], 1), ==, MUSTER_MAP_PRESS_CLAIM);
      g_assert_cmpuint (muster_editor_get_n_draft_points (f->editor), ==, (i + 1) % 4);
    }
  g_assert_cmpuint (model (f)->table->areas->len, ==, 1);
  a = g_ptr_array_index (model (f)->table->areas, 0);
  g_assert_cmpint (a->kind, ==, MU_AREA_WOODS);
  g_assert_cmpuint (a->points->len, ==, 3);
}

/* Select is the select tool: a press on a stand picks it and claims the
 * press, a drag moves it as one undo step; a press on nothing is not the
 * tool's and drops the selection. */
static void
test_select (Fixture       *f,
             gconstpointer  data)
{
  MuPos path[] = { mu_pos_from_point (24, 18, -1), mu_pos_from_point (27, 18, -1),
                   mu_pos_from_point (30, 20, -1) };
  MuPos empty = mu_pos_from_point (5, 30, -1);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = mu_edit_add_counter (f->history, MU_COUNTER_UNIT, "usa", NULL, &error);
  MusterMapTool *tool;
  const MuCounter *c;
  const char *selected = NULL;
  guint undo;

  g_assert_true (mu_edit_place_counter_table (f->history, id, path[0].point, 0, &error));
  g_assert_no_error (error);
  flush_events ();
  undo = mu_edit_history_get_n_undo (f->history);
  tool = choose (f, MUSTER_TOOL_SELECT, MUSTER_TYPE_SELECT_TOOL);
  g_assert_cmpint (drag (f, tool, path, G_N_ELEMENTS (path)), ==, MUSTER_MAP_PRESS_CLAIM);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, &selected), ==, MUSTER_SELECTION_COUNTER);
  g_assert_cmpstr (selected, ==, id);
  c = mu_scenario_find_counter (model (f), id);
  g_assert_cmpfloat_with_epsilon (c->place.pos.x, 30, 1e-6);
  g_assert_cmpfloat_with_epsilon (c->place.pos.y, 20, 1e-6);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, undo + 1);

  g_assert_cmpint (drag (f, tool, &empty, 1), ==, MUSTER_MAP_PRESS_IGNORE);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_NONE);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, undo + 1);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add ("/app/editor-tools/stroke", Fixture, GINT_TO_POINTER (1), fixture_set_up_table, test_stroke,
              fixture_tear_down);
  g_test_add ("/app/editor-tools/stroke-fast", Fixture, GINT_TO_POINTER (1), fixture_set_up_table, test_stroke_fast,
              fixture_tear_down);
  g_test_add ("/app/editor-tools/place", Fixture, GINT_TO_POINTER (1), fixture_set_up_table, test_place,
              fixture_tear_down);
  g_test_add ("/app/editor-tools/shape", Fixture, NULL, fixture_set_up_table, test_shape, fixture_tear_down);
  g_test_add ("/app/editor-tools/select", Fixture, NULL, fixture_set_up_table, test_select, fixture_tear_down);
  return g_test_run ();
}
