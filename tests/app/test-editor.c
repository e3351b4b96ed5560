/* The editor under a real display: each tool driven through pointer input on
 * the map view, checked against the model and the undo stack. With
 * MUSTER_SCREENSHOT_DIR set, each test also leaves a PNG of the window. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-editor-oob.h"
#include "muster-editor-autosave.h"
#include "editor-fixture.h"
#include "muster-application.h"
#include "muster-icons.h"
#include "muster-window.h"
#include "muster-map-view.h"
#include "muster-scene.h"

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  fixture_open (f, load_template ());
}

/* Widget coordinates of a point between a hex's centre (t = 0) and the middle
 * of its hexside dir (t = 1). */
static void
hex_point (Fixture *f,
           MuHex    hex,
           int      dir,
           double   t,
           double  *x,
           double  *y)
{
  const MuHexGrid *g = &mu_edit_history_get_scenario (f->history)->hex_map->grid;
  MusterViewTransform tr;
  double cx, cy, x1, y1, x2, y2;

  mu_hex_center (g, MUSTER_MAP_VIEW_HEX_SIZE, hex, &cx, &cy);
  if (dir >= 0)
    {
      mu_hexside_endpoints (g, MUSTER_MAP_VIEW_HEX_SIZE, hex, dir, &x1, &y1, &x2, &y2);
      cx += t * ((x1 + x2) / 2 - cx);
      cy += t * ((y1 + y2) / 2 - cy);
    }
  muster_map_view_get_transform (f->view, &tr);
  muster_view_to_widget (&tr, cx, cy, x, y);
}

/* A drag through the centres of the given hexes. */
static void
drag (Fixture     *f,
      const MuHex *hexes,
      guint        n)
{
  double x, y;

  for (guint i = 0; i < n; i++)
    {
      hex_point (f, hexes[i], -1, 0, &x, &y);
      if (i == 0)
        muster_editor_pointer_down (f->editor, x, y);
      else
        muster_editor_pointer_move (f->editor, x, y);
    }
  muster_editor_pointer_up (f->editor, x, y);
  flush_events ();
}

static void
click (Fixture *f,
       MuHex    hex)
{
  drag (f, &hex, 1);
}

static MuHexCell *
cell (Fixture *f, int col, int row)
{
  return mu_hex_map_cell (model (f)->hex_map, (MuHex) { col, row });
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  (*(int *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Lets the window draw a couple of frames (bounded by frames, not by time). */
static void
wait_for_frames (GtkWidget *widget)
{
  int frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, on_tick, &frames, NULL);

  gtk_widget_queue_draw (widget);
  for (int i = 0; i < 100000 && frames < 40; i++)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, id);
}

static void
screenshot_window (GtkWidget  *window,
                   const char *name)
{
  const char *dir = g_getenv ("MUSTER_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int w, h;

  if (dir == NULL)
    return;
  wait_for_frames (window);
  w = gtk_widget_get_width (window);
  h = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_strdup_printf ("%s/editor-%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
screenshot (Fixture    *f,
            const char *name)
{
  screenshot_window (f->window, name);
}

/* The first descendant of `root` of the given type whose label (for check
 * buttons) is `label` (NULL: any). */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) &&
          (label == NULL || (GTK_IS_CHECK_BUTTON (c) &&
                             g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (c)), label) == 0)))
        return c;
      if ((found = find_widget (c, type, label)))
        return found;
    }
  return NULL;
}

/* Undo down to the start saves the same bytes as before the test; redo all returns. */
static void
assert_undo_redo_round_trip (Fixture *f)
{
  g_autofree char *end = NULL, *back = NULL, *again = NULL;
  gsize end_len, back_len, again_len;

  end = mu_scenario_save_to_data (model (f), &end_len);
  while (mu_edit_history_can_undo (f->history))
    g_assert_true (mu_edit_history_undo (f->history));
  back = mu_scenario_save_to_data (model (f), &back_len);
  g_assert_cmpmem (f->start, f->start_len, back, back_len);
  while (mu_edit_history_redo (f->history))
    ;
  again = mu_scenario_save_to_data (model (f), &again_len);
  g_assert_cmpmem (end, end_len, again, again_len);
}

/* Tests ------------------------------------------------------------------------ */

static void
test_brush (Fixture *f, gconstpointer data)
{
  MuHex stroke[] = { { 2, 6 }, { 3, 6 }, { 4, 6 }, { 5, 6 } };

  muster_editor_set_tool (f->editor, MUSTER_TOOL_BRUSH);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_MARSH);
  muster_editor_set_brush_size (f->editor, MU_BRUSH_7);
  drag (f, stroke, G_N_ELEMENTS (stroke));
  for (guint i = 0; i < G_N_ELEMENTS (stroke); i++)
    g_assert_cmpint (cell (f, stroke[i].col, stroke[i].row)->terrain, ==, MU_TERRAIN_MARSH);
  g_assert_cmpint (cell (f, 3, 7)->terrain, ==, MU_TERRAIN_MARSH);      /* brush radius 1 */
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 1);      /* one stroke, one step */
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Paint Marsh");
  screenshot (f, "brush");
  assert_undo_redo_round_trip (f);
}

static void
on_count_change (MusterScene *scene,
                 guint        what,
                 guint       *changes)
{
  (*changes)++;
}

/* An edit, its undo and its redo each reach the board as one change of the
 * scene, which follows the history itself. */
static void
test_one_change_an_edit (Fixture *f, gconstpointer data)
{
  MuHex hex = { 3, 4 };
  guint changes = 0;
  g_autoptr(GError) error = NULL;

  g_signal_connect (f->scene, "changed", G_CALLBACK (on_count_change), &changes);
  g_assert_true (mu_edit_paint_terrain (f->history, &hex, 1, MU_TERRAIN_MARSH, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (muster_scene_get_scenario (f->scene) == mu_edit_history_get_scenario (f->history));
  changes = 0;
  mu_edit_history_undo (f->history);
  g_assert_cmpuint (changes, ==, 1);
  /* undo may swap the model: the scene shows the history's */
  g_assert_true (muster_scene_get_scenario (f->scene) == mu_edit_history_get_scenario (f->history));
  g_assert_cmpint (cell (f, 3, 4)->terrain, !=, MU_TERRAIN_MARSH);
  changes = 0;
  mu_edit_history_redo (f->history);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (muster_scene_get_scenario (f->scene) == mu_edit_history_get_scenario (f->history));
  g_signal_handlers_disconnect_by_data (f->scene, &changes);
}

/* Depth-first search for the tool button whose action target is `name`. */
static GtkWidget *
find_tool_button (GtkWidget *widget, const char *name)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "editor.tool") == 0)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

      if (target != NULL && g_str_equal (g_variant_get_string (target, NULL), name))
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tool_button (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first visible widget of a type whose mnemonic label reads `label`. */
static gboolean
option_shown (GtkWidget *widget, const char *label)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), label) == 0)
    return gtk_widget_is_visible (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (option_shown (child, label))
      return TRUE;
  return FALSE;
}

/* The palette: icon buttons named for assistive technology, the active
 * tool's button pressed (and only it), and only its options shown. */
static void
test_tool_palette (Fixture *f, gconstpointer data)
{
  static const struct {
    MusterTool tool;
    const char *name;
    const char *label;          /* its accessible name */
    const char *shown[3];       /* option labels shown */
    const char *hidden[3];      /* option labels hidden */
  } cases[] = {
    { MUSTER_TOOL_BRUSH, "brush", "Brush", { "_Terrain", "_Brush" }, { "_Hexside", "_Path", "Te_xt" } },
    { MUSTER_TOOL_FILL, "fill", "Fill", { "_Terrain" }, { "_Brush", "_Path" } },
    { MUSTER_TOOL_RAISE, "raise", "Raise", { "_Brush" }, { "_Terrain", "_Hexside" } },
    { MUSTER_TOOL_HEXSIDE, "hexside", "Hexside", { "_Hexside" }, { "_Terrain", "_Brush" } },
    { MUSTER_TOOL_PATH, "path", "Path", { "_Path" }, { "_Terrain", "Te_xt" } },
    { MUSTER_TOOL_LABEL, "label", "Label", { "Te_xt" }, { "_Terrain", "_Path" } },
    { MUSTER_TOOL_ENTRY, "entry", "Entry", { "_Reserve" }, { "_Terrain", "Te_xt" } },
    { MUSTER_TOOL_SELECT, "select", "Select", { NULL }, { "_Terrain", "_Brush", "Te_xt" } },
  };
  const char *all[] = { "select", "brush", "fill", "rectangle", "lasso", "raise", "lower",
                        "hexside", "path", "label", "objective", "entry" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *button;
      char *name;

      muster_editor_set_tool (f->editor, cases[i].tool);
      flush_events ();
      for (guint j = 0; j < G_N_ELEMENTS (all); j++)
        {
          button = find_tool_button (GTK_WIDGET (f->editor), all[j]);
          g_assert_nonnull (button);
          g_assert_true (gtk_widget_get_visible (button));
          g_assert_cmpint (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)), ==,
                           g_str_equal (all[j], cases[i].name));
          /* a button, whose pressed state GTK gives assistive technology */
          g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (button)), ==,
                           GTK_ACCESSIBLE_ROLE_BUTTON);
        }
      button = find_tool_button (GTK_WIDGET (f->editor), cases[i].name);
      g_assert_null (gtk_button_get_label (GTK_BUTTON (button)));
      name = g_strdup_printf ("muster-tool-%s-symbolic", cases[i].name);
      g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (button)), ==, name);
      g_free (name);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].shown) && cases[i].shown[k]; k++)
        if (!option_shown (GTK_WIDGET (f->editor), cases[i].shown[k]))
          g_error ("%s: option %s hidden", cases[i].name, cases[i].shown[k]);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].hidden) && cases[i].hidden[k]; k++)
        if (option_shown (GTK_WIDGET (f->editor), cases[i].hidden[k]))
          g_error ("%s: option %s shown", cases[i].name, cases[i].hidden[k]);
    }
  /* the table tools are not offered on a hex board */
  g_assert_false (gtk_widget_get_visible (find_tool_button (GTK_WIDGET (f->editor), "area")));
  g_assert_false (gtk_widget_get_visible (find_tool_button (GTK_WIDGET (f->editor), "line")));
}

static gboolean
view_key (Fixture *f, guint keyval, GdkModifierType state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        {
          g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
          break;
        }
    }
  flush_events ();
  return handled;
}

/* The keyboard alone: the arrows show and move a hex cursor (never off
 * the board), the status line and the board's accessible description name
 * the hex, and Enter uses the active tool there, one undo step. */
static void
test_keyboard_cursor (Fixture *f, gconstpointer data)
{
  MuHex start, hex;
  guint undo = mu_edit_history_get_n_undo (f->history);

  g_assert_false (muster_map_view_get_cursor (f->view, NULL));
  g_assert_true (view_key (f, GDK_KEY_Right, 0));
  g_assert_true (muster_map_view_get_cursor (f->view, &start));
  g_assert_true (view_key (f, GDK_KEY_Right, 0));
  g_assert_true (view_key (f, GDK_KEY_Down, 0));
  g_assert_true (muster_map_view_get_cursor (f->view, &hex));
  g_assert_cmpint (hex.col, ==, start.col + 1);
  g_assert_cmpint (hex.row, ==, start.row + 1);
  {
    char label[16];
    g_autofree char *expected = NULL;

    mu_hex_format (&model (f)->hex_map->grid, hex, label, sizeof label);
    expected = g_strdup_printf ("Hex %s · ", label);
    g_assert_true (g_str_has_prefix (muster_map_view_get_position_text (f->view), expected));
  }

  muster_editor_set_tool (f->editor, MUSTER_TOOL_BRUSH);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_MARSH);
  muster_editor_set_brush_size (f->editor, MU_BRUSH_1);
  g_assert_cmpint (cell (f, hex.col, hex.row)->terrain, !=, MU_TERRAIN_MARSH);
  g_assert_true (view_key (f, GDK_KEY_Return, 0));
  g_assert_cmpint (cell (f, hex.col, hex.row)->terrain, ==, MU_TERRAIN_MARSH);
  g_assert_cmpint (cell (f, start.col, start.row)->terrain, !=, MU_TERRAIN_MARSH);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, undo + 1);

  /* the edge stops the cursor */
  for (int i = 0; i < 200; i++)
    view_key (f, GDK_KEY_Up, 0);
  g_assert_true (muster_map_view_get_cursor (f->view, &hex));
  g_assert_cmpint (hex.row, ==, 1);
  muster_map_view_set_cursor (f->view, NULL);
  g_assert_false (muster_map_view_get_cursor (f->view, NULL));
  /* without a cursor Enter is not the board's */
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  g_assert_false (view_key (f, GDK_KEY_Return, 0));
}

static void
test_fill_and_rectangle (Fixture *f, gconstpointer data)
{
  MuHex corners[] = { { 2, 2 }, { 3, 3 }, { 4, 3 } };

  muster_editor_set_tool (f->editor, MUSTER_TOOL_FILL);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_FIELDS);
  click (f, (MuHex) { 1, 8 });
  g_assert_cmpint (cell (f, 1, 1)->terrain, ==, MU_TERRAIN_FIELDS);
  g_assert_cmpint (cell (f, 7, 1)->terrain, ==, MU_TERRAIN_WOODLAND);   /* another region */
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Paint Fields");

  muster_editor_set_tool (f->editor, MUSTER_TOOL_RECTANGLE);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_SETTLEMENT);
  drag (f, corners, G_N_ELEMENTS (corners));
  for (int c = 2; c <= 4; c++)
    for (int r = 2; r <= 3; r++)
      g_assert_cmpint (cell (f, c, r)->terrain, ==, MU_TERRAIN_SETTLEMENT);
  g_assert_cmpint (cell (f, 5, 2)->terrain, !=, MU_TERRAIN_SETTLEMENT);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 2);
  screenshot (f, "fill-rectangle");
  assert_undo_redo_round_trip (f);
}

/* A lasso drawn round a box of the board paints exactly the hexes whose
 * centres lie in it, as one undo step. */
static void
test_lasso (Fixture *f, gconstpointer data)
{
  const MuHexGrid *g = &model (f)->hex_map->grid;
  MusterViewTransform tr;
  double ax, ay, bx, by;
  double corners[5][2];
  guint inside = 0;
  g_autofree MuTerrain *before = g_new (MuTerrain, g->cols * g->rows);

  for (int c = 1; c <= g->cols; c++)
    for (int r = 1; r <= g->rows; r++)
      before[(r - 1) * g->cols + c - 1] = cell (f, c, r)->terrain;

  mu_hex_center (g, MUSTER_MAP_VIEW_HEX_SIZE, (MuHex) { 2, 2 }, &ax, &ay);
  mu_hex_center (g, MUSTER_MAP_VIEW_HEX_SIZE, (MuHex) { 5, 5 }, &bx, &by);
  ax -= 4; ay -= 4; bx += 4; by += 4;
  corners[0][0] = ax; corners[0][1] = ay;
  corners[1][0] = bx; corners[1][1] = ay;
  corners[2][0] = bx; corners[2][1] = by;
  corners[3][0] = ax; corners[3][1] = by;
  corners[4][0] = ax; corners[4][1] = ay + 1;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_LASSO);
  muster_editor_set_terrain (f->editor, MU_TERRAIN_MARSH);
  muster_map_view_get_transform (f->view, &tr);
  for (int i = 0; i < 5; i++)
    {
      double x, y;

      muster_view_to_widget (&tr, corners[i][0], corners[i][1], &x, &y);
      if (i == 0)
        muster_editor_pointer_down (f->editor, x, y);
      else if (i < 4)
        muster_editor_pointer_move (f->editor, x, y);
      else
        {
          guint n, flags;

          /* the line drawn so far is on the board, closed */
          muster_scene_get_outline (f->scene, &n, &flags);
          g_assert_cmpuint (n, >=, 4);
          g_assert_cmpuint (flags, ==, MUSTER_OUTLINE_CLOSED);
          muster_editor_pointer_up (f->editor, x, y);
          muster_scene_get_outline (f->scene, &n, NULL);
          g_assert_cmpuint (n, ==, 0);
        }
    }
  flush_events ();

  for (int c = 1; c <= g->cols; c++)
    for (int r = 1; r <= g->rows; r++)
      {
        double cx, cy;
        gboolean in;

        mu_hex_center (g, MUSTER_MAP_VIEW_HEX_SIZE, (MuHex) { c, r }, &cx, &cy);
        in = cx > ax && cx < bx && cy > ay && cy < by;
        inside += in;
        if (in)
          g_assert_cmpint (cell (f, c, r)->terrain, ==, MU_TERRAIN_MARSH);
        else
          g_assert_cmpint (cell (f, c, r)->terrain, ==, before[(r - 1) * g->cols + c - 1]);
      }
  g_assert_cmpuint (inside, >=, 9);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Paint Marsh");
  screenshot (f, "lasso");
  assert_undo_redo_round_trip (f);
}

static void
test_elevation (Fixture *f, gconstpointer data)
{
  /* back and forth over the same hexes raises each only once */
  MuHex stroke[] = { { 3, 5 }, { 4, 5 }, { 3, 5 }, { 4, 5 } };
  int before = cell (f, 3, 5)->elevation;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_RAISE);
  muster_editor_set_brush_size (f->editor, MU_BRUSH_1);
  drag (f, stroke, G_N_ELEMENTS (stroke));
  g_assert_cmpint (cell (f, 3, 5)->elevation, ==, before + 1);
  g_assert_cmpint (cell (f, 4, 5)->elevation, ==, before + 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Raise Elevation");
  muster_editor_set_brush_size (f->editor, MU_BRUSH_19);
  click (f, (MuHex) { 4, 5 });
  g_assert_cmpint (cell (f, 4, 5)->elevation, ==, before + 2);
  screenshot (f, "raise");
  muster_editor_set_tool (f->editor, MUSTER_TOOL_LOWER);
  click (f, (MuHex) { 4, 5 });
  g_assert_cmpint (cell (f, 4, 5)->elevation, ==, before + 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Lower Elevation");
  assert_undo_redo_round_trip (f);
}

static void
test_hexside (Fixture *f, gconstpointer data)
{
  MuHex hex = { 3, 4 };
  double x, y;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_HEXSIDE);
  muster_editor_set_side_feature (f->editor, MU_SIDE_WALL);
  /* the pointer near hexside 2 of the hex picks that hexside */
  hex_point (f, hex, 2, 0.85, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  muster_editor_pointer_up (f->editor, x, y);
  g_assert_cmpuint (mu_hex_map_side (model (f)->hex_map, hex, 2) & MU_SIDE_WALL, ==, MU_SIDE_WALL);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Wall");
  g_assert_cmpuint (mu_hex_map_side (model (f)->hex_map, hex, 1), ==, 0);
  hex_point (f, hex, 3, 0.85, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  muster_editor_pointer_up (f->editor, x, y);
  screenshot (f, "hexside");
  /* clicking a hexside that has the feature removes it */
  hex_point (f, hex, 2, 0.9, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  muster_editor_pointer_up (f->editor, x, y);
  g_assert_cmpuint (mu_hex_map_side (model (f)->hex_map, hex, 2) & MU_SIDE_WALL, ==, 0);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Remove Wall");
  assert_undo_redo_round_trip (f);
}

static void
test_path (Fixture *f, gconstpointer data)
{
  MuHex route[] = { { 2, 7 }, { 3, 7 }, { 4, 6 }, { 5, 7 } };
  guint before = model (f)->hex_map->paths->len;
  const MuPath *p;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_PATH);
  muster_editor_set_path_kind (f->editor, MU_PATH_RAILROAD);
  drag (f, route, G_N_ELEMENTS (route));
  g_assert_cmpuint (model (f)->hex_map->paths->len, ==, before + 1);
  p = g_ptr_array_index (model (f)->hex_map->paths, before);
  g_assert_cmpint (p->kind, ==, MU_PATH_RAILROAD);
  g_assert_cmpuint (p->hexes->len, >=, 4);
  for (guint i = 1; i < p->hexes->len; i++)
    g_assert_cmpint (mu_hex_distance (&model (f)->hex_map->grid, g_array_index (p->hexes, MuHex, i - 1),
                                      g_array_index (p->hexes, MuHex, i)), ==, 1);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Draw Railroad");
  screenshot (f, "path");

  /* erasing the middle segment splits the railroad */
  muster_editor_set_path_erase (f->editor, TRUE);
  drag (f, &route[1], 2);
  g_assert_cmpuint (model (f)->hex_map->paths->len, ==, before + 2);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Erase Railroad");
  assert_undo_redo_round_trip (f);
}

static void
test_label_and_objective (Fixture *f, gconstpointer data)
{
  guint labels = model (f)->hex_map->labels->len;
  guint objectives = model (f)->objectives->len;
  const MuObjective *o;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_LABEL);
  muster_editor_set_text (f->editor, "Sudley Church");
  click (f, (MuHex) { 2, 2 });
  g_assert_cmpuint (model (f)->hex_map->labels->len, ==, labels + 1);
  g_assert_cmpstr (((MuLabel *) model (f)->hex_map->labels->pdata[labels])->text, ==, "Sudley Church");
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Label");

  muster_editor_set_tool (f->editor, MUSTER_TOOL_OBJECTIVE);
  muster_editor_set_text (f->editor, "Stone Bridge");
  click (f, (MuHex) { 8, 6 });
  g_assert_cmpuint (model (f)->objectives->len, ==, objectives + 1);
  o = g_ptr_array_index (model (f)->objectives, objectives);
  g_assert_cmpstr (o->name, ==, "Stone Bridge");
  g_assert_cmpint (o->hex.col, ==, 8);
  g_assert_null (muster_editor_get_message (f->editor));
  /* a second objective on the same hex is refused, and the palette says why */
  click (f, (MuHex) { 8, 6 });
  g_assert_cmpuint (model (f)->objectives->len, ==, objectives + 1);
  g_assert_nonnull (strstr (muster_editor_get_message (f->editor), "already holds"));
  screenshot (f, "objective");
  assert_undo_redo_round_trip (f);
}

static void
test_entry (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  g_autoptr(GError) error = NULL;
  const MuReserve *r;
  guint n;

  /* the template's Union reserve enters at 0104 and 0105 */
  muster_editor_set_tool (f->editor, MUSTER_TOOL_ENTRY);
  click (f, (MuHex) { 1, 6 });
  r = mu_scenario_find_reserve (model (f), "usa-reserve");
  g_assert_cmpuint (r->entry->len, ==, 3);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Set Entry Hexes");
  muster_scene_get_highlights (f->scene, &n);
  g_assert_cmpuint (n, ==, 3);
  screenshot (f, "entry");
  /* clicking an entry hex again takes it away; an inner hex is refused */
  click (f, (MuHex) { 1, 4 });
  g_assert_cmpuint (mu_scenario_find_reserve (model (f), "usa-reserve")->entry->len, ==, 2);
  click (f, (MuHex) { 4, 4 });
  g_assert_nonnull (strstr (muster_editor_get_message (f->editor), "not on the board edge"));

  /* a second reserve, for the Confederates, made from the Forces page */
  g_assert_true (muster_editor_oob_select (oob, "csa"));
  g_assert_true (muster_editor_oob_add_reserve (oob, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (model (f)->reserves->len, ==, 2);
  muster_editor_set_reserve (f->editor, ((MuReserve *) model (f)->reserves->pdata[1])->id);
  click (f, (MuHex) { 10, 3 });
  g_assert_cmpuint (((MuReserve *) model (f)->reserves->pdata[1])->entry->len, ==, 1);
  assert_undo_redo_round_trip (f);
}

static void
test_problems (Fixture *f, gconstpointer data)
{
  GPtrArray *problems;
  g_autoptr(GError) error = NULL;
  guint index = G_MAXUINT;

  problems = muster_editor_get_problems (f->editor);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  /* an edit that makes a problem shows up in the list, and it leads to the counter */
  g_assert_true (mu_edit_set_elevation (f->history, (MuHex) { 9, 9 - 1 }, 1, NULL));
  g_assert_true (mu_edit_set_hex_features (f->history, &(MuHex) { 7, 3 }, 1,
                                           MU_HEX_FEATURE_IMPASSABLE, TRUE, &error));
  g_assert_no_error (error);
  flush_events ();
  problems = muster_editor_get_problems (f->editor);
  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);

      if (p->severity == MU_PROBLEM_ERROR && g_strcmp0 (p->object_id, "csa-1-1") == 0)
        index = i;
    }
  g_assert_cmpuint (index, !=, G_MAXUINT);
  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_PROBLEMS);
  muster_editor_activate_problem (f->editor, index);
  g_assert_cmpint (muster_scene_get_selected_hex (f->scene).col, ==, 7);
  g_assert_cmpint (muster_scene_get_selected_hex (f->scene).row, ==, 3);
  screenshot (f, "problems");
  /* undo clears it */
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  g_assert_cmpuint (mu_problem_list_n_errors (muster_editor_get_problems (f->editor)), ==, 0);
}

static void
test_select_tool_leaves_model (Fixture *f, gconstpointer data)
{
  MuHex stroke[] = { { 2, 2 }, { 3, 3 } };

  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  drag (f, stroke, 2);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 0);
}

/* The selected hex's values in the side panel edit the model. */
static void
test_inspector (Fixture *f, gconstpointer data)
{
  GtkWidget *spin = NULL, *ford = NULL;

  muster_scene_select_hex (f->scene, (MuHex) { 6, 3 });
  flush_events ();
  /* find the inspector's controls by what they are */
  {
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, f->editor);
    while (stack->len)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_SPIN_BUTTON (w) && gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (w)) &&
            gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (w))) == 9)
          spin = w;
        if (GTK_IS_CHECK_BUTTON (w) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (w)), "Ford") == 0)
          ford = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_unref (stack);
  }
  g_assert_nonnull (spin);
  g_assert_nonnull (ford);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 3);
  g_assert_cmpint (cell (f, 6, 3)->elevation, ==, 3);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Set Elevation");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (ford), TRUE);
  g_assert_cmpuint (cell (f, 6, 3)->features & MU_HEX_FEATURE_FORD, ==, MU_HEX_FEATURE_FORD);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Ford");
  screenshot (f, "select");
  /* undo shows in the inspector */
  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (ford)));
  g_assert_true (mu_edit_history_redo (f->history));

  /* the panel says what is really on the hex: its paths and hexsides */
  {
    g_autoptr(GError) error = NULL;
    GtkWidget *label = NULL;
    GPtrArray *stack = g_ptr_array_new ();

    g_assert_true (mu_edit_add_path_segment (f->history, MU_PATH_STREAM, (MuHex) { 5, 3 }, (MuHex) { 6, 3 },
                                             &error));
    g_assert_no_error (error);
    g_assert_true (mu_edit_set_side_features (f->history, (MuHex) { 6, 3 }, 0, MU_SIDE_WALL, TRUE, &error));
    g_assert_no_error (error);
    flush_events ();
    g_ptr_array_add (stack, f->editor);
    while (stack->len)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_LABEL (w) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (w)), "Hex 0603"))
          label = w;
        for (GtkWidget *ch = gtk_widget_get_first_child (w); ch; ch = gtk_widget_get_next_sibling (ch))
          g_ptr_array_add (stack, ch);
      }
    g_ptr_array_unref (stack);
    g_assert_nonnull (label);
    g_test_message ("panel: %s", gtk_label_get_label (GTK_LABEL (label)));
    /* the fixture's hex has a road through it and a stream with a ford on one side */
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Through it: Creek Road (road), stream\n"));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Hexsides: N wall; SW stream + ford"));
  }
  assert_undo_redo_round_trip (f);
}

static void
test_resize (Fixture *f, gconstpointer data)
{
  guint labels = model (f)->hex_map->labels->len;

  g_assert_true (muster_editor_resize_board (f->editor, MU_EDGE_WEST, 2));
  g_assert_cmpint (model (f)->hex_map->grid.cols, ==, 12);
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.hex.col, ==, 6);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Rows or Columns");
  screenshot (f, "resize");
  /* cutting the east edge off loses what stood there, and says so */
  g_assert_true (muster_editor_resize_board (f->editor, MU_EDGE_EAST, -3));
  g_assert_cmpint (model (f)->hex_map->grid.cols, ==, 9);
  g_assert_cmpuint (model (f)->hex_map->labels->len, <, labels);
  g_assert_nonnull (strstr (muster_editor_get_message (f->editor), "Removed with the board edge"));
  g_assert_false (muster_editor_resize_board (f->editor, MU_EDGE_SOUTH, -8));
  g_assert_nonnull (strstr (muster_editor_get_message (f->editor), "1 to 999"));
  assert_undo_redo_round_trip (f);
}

static void
test_oob (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *unit = NULL;
  double x, y;

  /* 2 sides and 8 counters, all shown (the tree stays expanded) */
  g_assert_cmpuint (muster_editor_oob_get_n_rows (oob), ==, 10);
  first = muster_editor_oob_get_row_text (oob, 0);
  g_assert_cmpstr (first, ==, "Union (usa)");

  /* add under a command: a unit of its division */
  g_assert_true (muster_editor_oob_select (oob, "csa-1"));
  g_assert_true (muster_editor_oob_add (oob, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Unit");
  unit = g_strdup (muster_editor_oob_get_selected (oob));
  g_assert_nonnull (unit);
  g_assert_cmpstr (mu_scenario_find_counter (model (f), unit)->parent, ==, "csa-1");
  g_assert_cmpuint (muster_editor_oob_get_n_rows (oob), ==, 11);

  /* values with the rules' ranges; a refusal explains itself */
  g_assert_false (muster_editor_oob_set_value (oob, "attack", 7, &error));
  g_assert_nonnull (strstr (error->message, "Attack must be 2 to 6"));
  g_clear_error (&error);
  g_assert_true (muster_editor_oob_set_value (oob, "attack", 3, &error));
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (model (f), unit), "attack"), ==, 3);
  g_assert_true (muster_editor_oob_duplicate (oob, &error));
  g_assert_cmpuint (muster_editor_oob_get_n_rows (oob), ==, 12);
  g_assert_true (muster_editor_oob_move (oob, -1, &error));
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Reorder Counters");

  /* drag and drop in the tree: the STAR battery joins the 1st Division */
  g_assert_true (muster_editor_oob_drop (oob, "usa-bty", "usa-1", &error));
  g_assert_cmpstr (mu_scenario_find_counter (model (f), "usa-bty")->parent, ==, "usa-1");
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (model (f), "usa-bty"), "identity"), ==, 1);
  g_assert_false (muster_editor_oob_drop (oob, "usa-bty", "csa-1", &error));
  g_assert_nonnull (strstr (error->message, "side"));
  g_clear_error (&error);
  g_assert_false (muster_editor_oob_drop (oob, "usa-1", "usa-1-1", &error));
  g_clear_error (&error);

  /* the form edits arm and abilities */
  g_assert_true (muster_editor_oob_select (oob, "usa-1-1"));
  {
    GtkWidget *arm = find_widget (GTK_WIDGET (oob), GTK_TYPE_DROP_DOWN, NULL);
    GtkWidget *shield = find_widget (GTK_WIDGET (oob), GTK_TYPE_CHECK_BUTTON, "Indomitable (red shield)");

    g_assert_nonnull (arm);
    g_assert_nonnull (shield);
    /* each once: not again among the ruleset's declared values */
    g_assert_null (find_widget (GTK_WIDGET (oob), GTK_TYPE_CHECK_BUTTON, "Special abilities: indomitable"));
    g_assert_null (find_widget (GTK_WIDGET (oob), GTK_TYPE_CHECK_BUTTON, "Special abilities: sharpshooter"));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (arm), MU_ARM_CAVALRY);
    g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->arm, ==, MU_ARM_CAVALRY);
    g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Change Arm");
  }
  /* and the reserve it arrives with (its side's reserves, or None) */
  {
    GtkWidget *reserve = NULL;
    const MuCounter *c;

    for (GtkWidget *w = find_widget (GTK_WIDGET (oob), GTK_TYPE_DROP_DOWN, NULL); w; w = gtk_widget_get_next_sibling (w))
      if (g_strcmp0 (g_object_get_data (G_OBJECT (w), "role"), "reserve") == 0)
        reserve = w;
    g_assert_nonnull (reserve);
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (reserve)), ==, 0);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (reserve), 1);
    c = mu_scenario_find_counter (model (f), "usa-1-1");
    g_assert_cmpint (c->place.kind, ==, MU_PLACE_RESERVE);
    g_assert_cmpstr (c->place.reserve, ==, "usa-reserve");
    g_assert_true (mu_edit_history_undo (f->history));
    g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, !=, MU_PLACE_RESERVE);
  }
  {
    GtkWidget *shield = find_widget (GTK_WIDGET (oob), GTK_TYPE_CHECK_BUTTON, "Indomitable (red shield)");

    gtk_check_button_set_active (GTK_CHECK_BUTTON (shield), TRUE);
    g_assert_cmpstr (mu_values_get (mu_scenario_find_counter (model (f), "usa-1-1")->values, "abilities"), ==, "indomitable");
  }

  /* dragging a counter onto the board places it there */
  g_assert_true (muster_editor_oob_select (oob, "usa-1-2"));
  hex_point (f, (MuHex) { 2, 7 }, -1, 0, &x, &y);
  g_assert_true (muster_editor_drop_counter (f->editor, "usa-1-2", x, y));
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-2")->place.kind, ==, MU_PLACE_HEX);
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-2")->place.hex.row, ==, 7);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Place Counter");
  g_assert_true (muster_editor_oob_select (oob, "usa-1-2"));

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  screenshot (f, "oob");

  /* delete a division with its units */
  g_assert_true (muster_editor_oob_select (oob, "csa-1"));
  g_assert_true (muster_editor_oob_remove (oob, &error));
  g_assert_null (mu_scenario_find_counter (model (f), "csa-1-1"));
  assert_undo_redo_round_trip (f);
}

/* The editor in the application window: Edit Scenario shows it, the unsaved
 * mark and the Undo menu item follow the history. */
static MusterApplication *app;

/* Whether the whole board lies inside the map view. */
static gboolean
board_in_view (MusterMapView *view,
               const MuScenario *scenario)
{
  MusterViewTransform t;
  MuRenderOptions options;
  double bw, bh;

  muster_map_view_get_transform (view, &t);
  muster_map_view_get_render_options (view, &options);
  mu_render_board_size (scenario, &options, &bw, &bh);
  g_test_message ("board at %.1f,%.1f, %.1f × %.1f in a view of %d × %d", t.x, t.y, bw * t.zoom, bh * t.zoom,
                  gtk_widget_get_width (GTK_WIDGET (view)), gtk_widget_get_height (GTK_WIDGET (view)));
  return t.x >= 0 && t.y >= 0 && t.x + bw * t.zoom <= gtk_widget_get_width (GTK_WIDGET (view)) + 1 &&
         t.y + bh * t.zoom <= gtk_widget_get_height (GTK_WIDGET (view)) + 1;
}

/* A board opened whole stays whole when the editor's panel takes part of the
 * view's width (it was fitted to the width before the panel came); once the
 * person zooms, hiding the panel keeps their zoom. */
static void
test_fit_beside_panel (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));
  g_autoptr(GError) error = NULL;
  MusterMapView *view = muster_window_get_map_view (window);
  MusterViewTransform before, after;
  int width;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 900);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (view)) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  width = gtk_widget_get_width (GTK_WIDGET (view));
  g_assert_true (board_in_view (view, muster_window_get_scenario (window)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "edit", NULL);
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (view)) == width; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), <, width);
  g_assert_true (board_in_view (view, muster_window_get_scenario (window)));

  muster_map_view_zoom_in (view);
  muster_map_view_get_transform (view, &before);
  width = gtk_widget_get_width (GTK_WIDGET (view));
  g_action_group_activate_action (G_ACTION_GROUP (window), "edit", NULL);
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (view)) == width; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  muster_map_view_get_transform (view, &after);
  g_assert_cmpfloat (after.zoom, ==, before.zoom);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static void
test_window (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));
  g_autoptr(GError) error = NULL;
  MusterEditor *editor;
  MuEditHistory *history;
  GMenu *section;
  g_autofree char *label = NULL;
  double x, y;
  MusterViewTransform t;
  MuHex hex = { 10, 10 };

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (muster_window_get_map_view (window))) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (gtk_widget_get_visible (muster_window_get_side_panel (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "edit", NULL);
  g_assert_true (gtk_widget_get_visible (muster_window_get_side_panel (window)));
  flush_events ();

  editor = MUSTER_EDITOR (muster_window_get_editor (window));
  history = muster_window_get_history (window);
  g_assert_true (muster_editor_get_history (editor) == history);
  muster_editor_set_tool (editor, MUSTER_TOOL_BRUSH);
  muster_editor_set_terrain (editor, MU_TERRAIN_WOODLAND);
  muster_editor_set_brush_size (editor, MU_BRUSH_19);
  muster_map_view_get_transform (muster_window_get_map_view (window), &t);
  mu_hex_center (&muster_window_get_scenario (window)->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &x, &y);
  muster_view_to_widget (&t, x, y, &x, &y);
  muster_editor_pointer_down (editor, x, y);
  muster_editor_pointer_up (editor, x, y);
  g_assert_true (muster_window_get_modified (window));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
  section = gtk_application_get_menu_by_id (GTK_APPLICATION (app), "undo-section");
  g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (section), 0, G_MENU_ATTRIBUTE_LABEL,
                                                  "s", &label));
  g_assert_cmpstr (label, ==, "_Undo Paint Woodland");
  screenshot_window (GTK_WIDGET (window), "window");

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (muster_window_get_modified (window));
  g_assert_false (mu_edit_history_can_undo (history));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  g_assert_true (muster_window_get_modified (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* Unsaved work is written to the cache folder and offered back on opening. */
static void
test_autosave_and_recovery (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-autosave-XXXXXX", NULL);
  g_autofree char *doc = g_build_filename (dir, "ford.muster", NULL);
  const char *cache = g_get_user_cache_dir ();
  g_autofree char *saved = NULL;
  g_autoptr(MuScenario) template = load_template ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  MusterWindow *window;
  GtkWidget *dialog;

  g_assert_true (g_str_has_prefix (cache, g_get_tmp_dir ()));
  g_assert_true (mu_scenario_save_file (template, doc, &error));
  g_assert_null (muster_autosave_find (doc));
  {
    g_autoptr(MuEditHistory) history = mu_edit_history_new (mu_scenario_copy (template));
    g_autoptr(MusterAutosave) autosave = muster_autosave_new (history, doc);

    /* nothing unsaved, nothing written */
    g_assert_false (muster_autosave_save_now (autosave, &error));
    g_assert_true (mu_edit_paint_brush (history, (MuHex) { 2, 2 }, MU_BRUSH_7, MU_TERRAIN_MARSH, NULL));
    g_assert_true (muster_autosave_save_now (autosave, &error));
    g_assert_no_error (error);
    saved = muster_autosave_find (doc);
    g_assert_nonnull (saved);
    g_assert_true (g_str_has_prefix (saved, cache));
    /* undoing back to the saved state leaves nothing to recover */
    g_assert_true (mu_edit_history_undo (history));
    g_assert_null (muster_autosave_find (doc));
    /* the crash: unsaved work written, the window never closed */
    g_assert_true (mu_edit_history_redo (history));
    g_assert_true (muster_autosave_save_now (autosave, &error));
    g_object_run_dispose (G_OBJECT (autosave));
  }

  /* the next start offers it back */
  file = g_file_new_for_path (doc);
  window = muster_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (muster_window_open_file (window, file, &error));
  dialog = muster_window_get_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  g_assert_false (muster_window_get_modified (window));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_true (muster_window_get_modified (window));
  g_assert_cmpstr (mu_edit_history_get_undo_label (muster_window_get_history (window)), ==,
                   "Recover Unsaved Work");
  g_assert_cmpint (mu_hex_map_cell (muster_window_get_scenario (window)->hex_map, (MuHex) { 2, 2 })->terrain,
                   ==, MU_TERRAIN_MARSH);
  g_assert_cmpstr (muster_window_get_scenario (window)->filename, ==, doc);
  /* saving makes the autosave go away */
  g_assert_true (muster_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_null (muster_autosave_find (doc));
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
  g_unlink (doc);
  g_rmdir (dir);
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

static GtkWidget *
find_field_spin (GtkWidget      *root,
                 const char     *field)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_SPIN_BUTTON (c) && g_object_get_data (G_OBJECT (c), "error-label") &&
          g_strcmp0 (g_object_get_data (G_OBJECT (c), "field"), field) == 0)
        return c;
      if ((found = find_field_spin (c, field)))
        return found;
    }
  return NULL;
}

static gboolean
focus_in (GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* A value outside the rules' range, typed into the form, is refused with the
 * model's reason under the field; it is neither clamped nor stored, and the
 * focus stays in the field, also after a value that is accepted. */
static void
test_value_refused (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *spin, *message;
  int attack;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "usa-1-1"));
  flush_events ();
  attack = mu_counter_get_int (mu_scenario_find_counter (model (f), "usa-1-1"), "attack");
  spin = find_field_spin (GTK_WIDGET (oob), "attack");
  g_assert_nonnull (spin);
  message = g_object_get_data (G_OBJECT (spin), "error-label");
  g_assert_false (gtk_widget_get_visible (message));
  g_assert_true (gtk_widget_grab_focus (spin));

  gtk_editable_set_text (GTK_EDITABLE (spin), "99");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));   /* as Enter or leaving the field does */
  flush_events ();
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (model (f), "usa-1-1"), "attack"), ==, attack);
  g_assert_false (mu_edit_history_can_undo (f->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 99);
  g_assert_true (gtk_widget_get_visible (message));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (message)), "Attack must be 2 to 6, not 99"));
  g_assert_true (gtk_widget_has_css_class (spin, "error"));
  g_assert_true (focus_in (spin));

  gtk_editable_set_text (GTK_EDITABLE (spin), "5");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  flush_events ();
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (model (f), "usa-1-1"), "attack"), ==, 5);
  g_assert_false (gtk_widget_get_visible (message));
  g_assert_false (gtk_widget_has_css_class (spin, "error"));
  /* the same field, still focused, after the form followed the model */
  g_assert_true (find_field_spin (GTK_WIDGET (oob), "attack") == spin);
  g_assert_true (focus_in (spin));
  /* the unit's identity among the declared numbers, its 0 named by the
   * declaration; the tree's row reads the same numbers */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_prev_sibling (find_field_spin (GTK_WIDGET (oob), "identity")))),
                   ==, "Identity (0 = STAR)");
  for (guint i = 0;; i++)
    {
      g_autofree char *text = muster_editor_oob_get_row_text (oob, i);

      g_assert_nonnull (text);
      if (strstr (text, "-5-") == NULL)
        continue;
      g_assert_true (g_regex_match_simple ("^.+ — [0-9]+-5-[0-9]+ [a-z]", text, 0, 0));
      break;
    }

  /* undo puts the old value back into the same field */
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, attack);
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0)
        return c;
      if ((found = find_button (c, label)))
        return found;
    }
  return NULL;
}

/* Sides: the visible Add Side button adds one in a colour no side wears, its
 * colour button recolours it (one undo step), Delete removes it; all undoable. */
static void
test_sides (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *add, *colour;
  const MuSide *side;
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  GdkRGBA grey = { 0xa6 / 255.0, 0xa6 / 255.0, 0xa6 / 255.0, 1 };

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_cmpuint (model (f)->sides->len, ==, 2);
  add = find_button (GTK_WIDGET (oob), "Add _Side");
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_get_visible (add));
  g_signal_emit_by_name (add, "clicked");
  flush_events ();
  g_assert_cmpuint (model (f)->sides->len, ==, 3);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Add Side");
  side = g_ptr_array_index (model (f)->sides, 2);
  id = g_strdup (side->id);
  g_assert_cmpstr (muster_editor_oob_get_selected (oob), ==, id);
  /* the template wears #3b5998 and #8c8c8c: the first free colour is Union blue */
  g_assert_cmphex (side->colour, ==, 0x7fa7d6);

  /* a second new side does not wear the same colour */
  g_assert_true (muster_editor_oob_add_side (oob, &error));
  g_assert_no_error (error);
  g_assert_cmphex (((MuSide *) g_ptr_array_index (model (f)->sides, 3))->colour, ==, 0xa6a6a6);
  /* nor the same name: two "New Side" could not be told apart */
  g_assert_cmpstr (((MuSide *) g_ptr_array_index (model (f)->sides, 3))->name, !=,
                   ((MuSide *) g_ptr_array_index (model (f)->sides, 2))->name);
  g_assert_true (mu_edit_history_undo (f->history));

  /* the colour button of the selected side */
  g_assert_true (muster_editor_oob_select (oob, id));
  flush_events ();
  colour = find_widget (GTK_WIDGET (oob), GTK_TYPE_COLOR_BUTTON, NULL);
  g_assert_nonnull (colour);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (colour), &(GdkRGBA) { 0.8, 0.2, 0.2, 1 });
  g_signal_emit_by_name (colour, "color-set");
  flush_events ();
  side = mu_scenario_find_side (model (f), id);
  g_assert_cmphex (side->colour, ==, 0xcc3333);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Change Side Colour");
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  g_assert_cmphex (mu_scenario_find_side (model (f), id)->colour, ==, 0x7fa7d6);
  g_assert_true (muster_editor_oob_set_side_colour (oob, 0xa6a6a6, &error));
  {
    GdkRGBA shown;

    flush_events ();
    gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (find_widget (GTK_WIDGET (oob), GTK_TYPE_COLOR_BUTTON, NULL)),
                                &shown);
    g_assert_true (gdk_rgba_equal (&shown, &grey));
  }

  /* a side with counters cannot go; an empty one can */
  g_assert_true (muster_editor_oob_select (oob, "usa"));
  g_assert_false (muster_editor_oob_remove (oob, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (muster_editor_oob_select (oob, id));
  g_assert_true (muster_editor_oob_remove (oob, &error));
  g_assert_no_error (error);
  g_assert_null (mu_scenario_find_side (model (f), id));
  assert_undo_redo_round_trip (f);
}

/* Select drags a counter to another hex as one undo step, lists its stack in
 * the Selected panel, and a drop off the board takes it off. */
static void
test_select_counter (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  const MuCounter *c;
  double x, y;
  guint steps;

  g_assert_true (mu_edit_place_counter_hex (f->history, "usa-1-1", (MuHex) { 3, 3 }, &error));
  g_assert_true (mu_edit_place_counter_hex (f->history, "usa-1-2", (MuHex) { 3, 3 }, &error));
  g_assert_no_error (error);
  flush_events ();
  steps = mu_edit_history_get_n_undo (f->history);
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);

  /* a click selects the top counter, and the panel names its stack */
  hex_point (f, (MuHex) { 3, 3 }, -1, 0, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  muster_editor_pointer_up (f->editor, x, y);
  flush_events ();
  {
    const char *id = NULL;
    g_autofree char *panel = NULL;

    g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, &id), ==, MUSTER_SELECTION_COUNTER);
    g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps);
    panel = g_strdup (muster_editor_get_selection_text (f->editor));
    g_assert_nonnull (strstr (panel, "Stacked with"));
    g_assert_true (strstr (panel, g_strcmp0 (id, "usa-1-1") == 0 ? "usa-1-2" : "usa-1-1") != NULL ||
                   strstr (panel, mu_scenario_find_counter (model (f), g_strcmp0 (id, "usa-1-1") == 0
                                                                         ? "usa-1-2" : "usa-1-1")->name) != NULL);
  }

  /* a drag over three hexes: one step, the counter where it was let go */
  {
    MuHex path[] = { { 3, 3 }, { 4, 3 }, { 5, 4 }, { 6, 4 } };
    const char *sel = NULL;
    g_autofree char *id = NULL;

    muster_editor_get_selection (f->editor, NULL, &sel);
    id = g_strdup (sel);   /* the editor's copy goes with the next selection */
    drag (f, path, G_N_ELEMENTS (path));
    c = mu_scenario_find_counter (model (f), id);
    g_assert_cmpint (c->place.kind, ==, MU_PLACE_HEX);
    g_assert_cmpint (c->place.hex.col, ==, 6);
    g_assert_cmpint (c->place.hex.row, ==, 4);
    g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 1);
    g_assert_true (mu_edit_history_undo (f->history));
    c = mu_scenario_find_counter (model (f), id);
    g_assert_cmpint (c->place.hex.col, ==, 3);
    g_assert_cmpint (c->place.hex.row, ==, 3);
    g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps);
  }

  /* dragged off the board: back in the pool */
  {
    const char *id = NULL;
    g_autofree char *kept = NULL;
    double ox, oy;

    hex_point (f, (MuHex) { 3, 3 }, -1, 0, &x, &y);
    muster_editor_pointer_down (f->editor, x, y);
    muster_editor_get_selection (f->editor, NULL, &id);
    kept = g_strdup (id);
    hex_point (f, (MuHex) { -3, 3 }, -1, 0, &ox, &oy);
    muster_editor_pointer_move (f->editor, ox, oy);
    muster_editor_pointer_up (f->editor, ox, oy);
    flush_events ();
    g_assert_cmpint (mu_scenario_find_counter (model (f), kept)->place.kind, ==, MU_PLACE_NONE);
    g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 1);
  }
  assert_undo_redo_round_trip (f);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cache = g_dir_make_tmp ("muster-cache-XXXXXX", NULL);

  /* before anything asks GLib for the cache folder */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/editor/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/app/editor/one-change-an-edit", test_one_change_an_edit);
  ADD ("/app/editor/brush", test_brush);
  ADD ("/app/editor/tool-palette", test_tool_palette);
  ADD ("/app/editor/keyboard-cursor", test_keyboard_cursor);
  ADD ("/app/editor/fill-and-rectangle", test_fill_and_rectangle);
  ADD ("/app/editor/lasso", test_lasso);
  ADD ("/app/editor/elevation", test_elevation);
  ADD ("/app/editor/hexside", test_hexside);
  ADD ("/app/editor/path", test_path);
  ADD ("/app/editor/label-and-objective", test_label_and_objective);
  ADD ("/app/editor/problems", test_problems);
  ADD ("/app/editor/select", test_select_tool_leaves_model);
  ADD ("/app/editor/oob", test_oob);
  ADD ("/app/editor/value-refused", test_value_refused);
  ADD ("/app/editor/sides", test_sides);
  ADD ("/app/editor/select-counter", test_select_counter);
  ADD ("/app/editor/entry", test_entry);
  ADD ("/app/editor/inspector", test_inspector);
  ADD ("/app/editor/resize", test_resize);
#undef ADD
  {
    g_autoptr(GError) error = NULL;
    int status;
    g_autofree char *tmp = g_dir_make_tmp ("muster-editor-XXXXXX", NULL);

    /* keep the recent files and autosaves of the person running the tests clean */
    g_setenv ("XDG_DATA_HOME", tmp, TRUE);
    app = muster_application_new ();
    g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
    g_application_register (G_APPLICATION (app), NULL, &error);
    g_assert_no_error (error);
    g_application_hold (G_APPLICATION (app));
    g_test_add_func ("/app/editor/window", test_window);
    g_test_add_func ("/app/editor/fit-beside-panel", test_fit_beside_panel);
    g_test_add_func ("/app/editor/autosave-and-recovery", test_autosave_and_recovery);
    status = g_test_run ();
    g_application_release (G_APPLICATION (app));
    g_clear_object (&app);
    return status;
  }
}
