/* The editor's side panel under a real display: the order of battle's
 * context menu puts a counter into a reserve and out of it again (one
 * undoable step each), as the counter's form does. */
#define G_LOG_DOMAIN "test-editor-panel"

#include "config.h"

#include <string.h>

#include "editor-fixture.h"
#include "frames.h"
#include "muster-editor-oob.h"
#include "muster-hex-inspector.h"
#include "muster-icons.h"
#include "muster-tool-palette.h"

/* A picture of the whole screen (the window and its popovers) into
 * $MUSTER_SCREENSHOT_DIR/NAME.png when that is set, for people to look at. */
/* The tree's row of `id` (its expander), among the rows the list shows. */
static GtkWidget *
find_row (GtkWidget  *root,
          const char *id)
{
  if (GTK_IS_TREE_EXPANDER (root) && g_strcmp0 (g_object_get_data (G_OBJECT (root), "id"), id) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, id);

      if (found)
        return found;
    }
  return NULL;
}

static GtkEventController *
controller_named (GtkWidget  *widget,
                  const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), name) == 0)
        return c;
    }
  return NULL;
}

/* The targets of the menu's items whose action is `action`, in order. */
static void
collect_targets (GMenuModel *menu,
                 const char *action,
                 GPtrArray  *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GVariant) target = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        collect_targets (section, action, out);
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        {
          target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
          g_ptr_array_add (out, g_strdup (target ? g_variant_get_string (target, NULL) : ""));
        }
    }
}

/* A right click on a unit's row selects it and opens the menu, which
 * offers its side's reserves and None; choosing one puts the unit into
 * that reserve, None takes it out again, each one undoable step. */
static void
test_reserve_menu (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  MusterEditorOob *oob;
  GtkWidget *row;
  GtkEventController *click;
  g_autoptr(GMenuModel) menu = NULL;
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);
  const MuCounter *c;

  fixture_open (f, load_template ());
  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  flush_events ();
  oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  row = find_row (GTK_WIDGET (oob), "usa-1-1");
  g_assert_nonnull (row);
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, !=, MU_PLACE_RESERVE);

  click = controller_named (row, "oob-context");
  g_assert_nonnull (click);
  g_assert_cmpuint (gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (click)), ==, GDK_BUTTON_SECONDARY);
  g_signal_emit_by_name (click, "pressed", 1, 20.0, 6.0);
  flush_events ();
  g_assert_cmpstr (muster_editor_oob_get_selected (oob), ==, "usa-1-1");
  g_assert_nonnull (muster_editor_oob_get_menu_popover (oob));
  g_assert_true (gtk_widget_get_visible (muster_editor_oob_get_menu_popover (oob)));
  shot (f->window, "oob-context-menu");
  menu = muster_editor_oob_get_menu (oob);
  collect_targets (menu, "oob.reserve", targets);
  g_assert_cmpuint (targets->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (targets, 0), ==, "");
  g_assert_cmpstr (g_ptr_array_index (targets, 1), ==, "usa-reserve");
  gtk_popover_popdown (GTK_POPOVER (muster_editor_oob_get_menu_popover (oob)));

  /* into the reserve, as the menu item does it */
  gtk_widget_activate_action (GTK_WIDGET (oob), "oob.reserve", "s", "usa-reserve");
  flush_events ();
  c = mu_scenario_find_counter (model (f), "usa-1-1");
  g_assert_cmpint (c->place.kind, ==, MU_PLACE_RESERVE);
  g_assert_cmpstr (c->place.reserve, ==, "usa-reserve");
  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, !=, MU_PLACE_RESERVE);
  g_assert_true (mu_edit_history_redo (f->history));
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, ==, MU_PLACE_RESERVE);

  /* and out of it: None */
  g_assert_true (muster_editor_oob_select (oob, "usa-1-1"));
  flush_events ();
  gtk_widget_activate_action (GTK_WIDGET (oob), "oob.reserve", "s", "");
  flush_events ();
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, ==, MU_PLACE_NONE);
  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_cmpint (mu_scenario_find_counter (model (f), "usa-1-1")->place.kind, ==, MU_PLACE_RESERVE);

  /* a side's row has no reserve to offer */
  g_assert_true (muster_editor_oob_select (oob, "usa"));
  flush_events ();
  g_clear_object (&menu);
  menu = muster_editor_oob_get_menu (oob);
  g_ptr_array_set_size (targets, 0);
  collect_targets (menu, "oob.reserve", targets);
  g_assert_cmpuint (targets->len, ==, 0);
  fixture_close (f);
}

/* Where the panel's left edge is in the window. */
static double
panel_x (Fixture *f)
{
  graphene_point_t p;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->editor), f->window, &GRAPHENE_POINT_INIT (0, 0), &p));
  return p.x;
}

/* The panel keeps its width, so its tabs and buttons stay under the
 * pointer, whatever the undo label says and however long a name in the
 * tree is. */
static void
test_panel_width (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  MusterEditorOob *oob;
  double x0, width0;
  g_autoptr(GError) error = NULL;
  static const char *const long_name =
    "1st Brigade of the 2nd Division of the Army of Northeastern Virginia under Colonel Ambrose Burnside";

  fixture_open (f, load_template ());
  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  g_assert_true (muster_editor_oob_select (oob, "usa-1-1"));
  wait_frames (f->window, 3);
  x0 = panel_x (f);
  width0 = gtk_widget_get_width (GTK_WIDGET (f->editor));
  g_test_message ("panel at %.0f, %.0f wide", x0, width0);

  /* a long name in the tree (and in the form) */
  g_assert_true (mu_edit_set_counter_name (f->history, "usa-1-1", long_name, &error));
  g_assert_no_error (error);
  wait_frames (f->window, 3);
  g_test_message ("long name: panel at %.0f, %.0f wide", panel_x (f), (double) gtk_widget_get_width (GTK_WIDGET (f->editor)));
  g_assert_cmpfloat (panel_x (f), ==, x0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->editor)), ==, (int) width0);

  /* a long undo label, as a long terrain name or a translation gives */
  mu_edit_history_begin_group (f->history, "Change the Special Abilities and the Strength of Every Brigade of the Division");
  g_assert_true (mu_edit_set_counter_name (f->history, "usa-1-1", "Short", &error));
  mu_edit_history_end_group (f->history);
  wait_frames (f->window, 3);
  g_test_message ("long undo label: panel at %.0f, %.0f wide", panel_x (f),
                  (double) gtk_widget_get_width (GTK_WIDGET (f->editor)));
  g_assert_cmpfloat (panel_x (f), ==, x0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->editor)), ==, (int) width0);

  /* a long reserve's name in the form of a counter that arrives with it */
  g_assert_true (mu_edit_set_reserve_name (f->history, "usa-reserve", long_name, &error));
  g_assert_no_error (error);
  g_assert_true (muster_editor_oob_select (oob, "usa-1-2"));
  wait_frames (f->window, 3);
  shot (f->window, "editor-panel-long-names");
  g_test_message ("long reserve name: panel at %.0f, %.0f wide", panel_x (f),
                  (double) gtk_widget_get_width (GTK_WIDGET (f->editor)));
  g_assert_cmpfloat (panel_x (f), ==, x0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->editor)), ==, (int) width0);

  /* and on the map page */
  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_MAP);
  wait_frames (f->window, 3);
  g_test_message ("map page: panel at %.0f", panel_x (f));
  g_assert_cmpfloat (panel_x (f), ==, x0);
  fixture_close (f);
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type,
             const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) &&
      (label == NULL || g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (root)), label) == 0))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, label);

      if (found)
        return found;
    }
  return NULL;
}

/* The first feature check the flow box shows, in its first slot. */
static GtkWidget *
first_shown_feature (GtkWidget *check)
{
  GtkWidget *box = gtk_widget_get_parent (gtk_widget_get_parent (check));

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_FLOW_BOX_CHILD (child) && gtk_widget_get_visible (child) &&
        gtk_widget_get_visible (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))))
      return gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
  return NULL;
}

/* The old per-hex Stream flag shows only on a hex that has it, as a check
 * like its neighbours: neither greyed before a hex is chosen nor an empty
 * slot after one without it. */
static void
test_inspector_stream (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  GtkWidget *inspector, *stream, *ford;
  g_autoptr(GError) error = NULL;
  MuHex hex = { 3, 4 };

  fixture_open (f, load_template ());
  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_MAP);
  inspector = find_widget (GTK_WIDGET (f->editor), MUSTER_TYPE_HEX_INSPECTOR, NULL);
  g_assert_nonnull (inspector);
  muster_hex_inspector_show_hex (MUSTER_HEX_INSPECTOR (inspector), MU_HEX_NONE);
  stream = find_widget (inspector, GTK_TYPE_CHECK_BUTTON, "Stream");
  ford = find_widget (inspector, GTK_TYPE_CHECK_BUTTON, "Ford");
  g_assert_nonnull (stream);
  g_assert_nonnull (ford);
  wait_frames (f->window, 2);

  /* no hex: Ford leads, no greyed Stream before it */
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (stream)));
  g_assert_true (first_shown_feature (stream) == ford);

  /* a hex without the flag: still no Stream and no gap */
  muster_scene_select_hex (f->scene, hex);
  wait_frames (f->window, 2);
  g_assert_false (gtk_widget_get_mapped (stream));
  g_assert_true (first_shown_feature (stream) == ford);
  g_assert_true (gtk_widget_is_sensitive (ford));
  shot (f->window, "editor-inspector-hex");

  /* a hex a file gave the flag: Stream shows, ticked, to be cleared */
  g_assert_true (mu_edit_set_hex_features (f->history, &hex, 1, MU_HEX_FEATURE_STREAM, TRUE, &error));
  g_assert_no_error (error);
  muster_scene_select_hex (f->scene, MU_HEX_NONE);
  muster_scene_select_hex (f->scene, hex);
  wait_frames (f->window, 2);
  g_assert_true (gtk_widget_get_mapped (stream));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (stream)));
  g_assert_true (first_shown_feature (stream) == stream);
  shot (f->window, "editor-inspector-stream");
  fixture_close (f);
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

/* The inspector's check button named `label`. */
static GtkWidget *
find_check (GtkWidget  *root,
            const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_CHECK_BUTTON (c) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (c)), label) == 0)
        return c;
      if ((found = find_check (c, label)))
        return found;
    }
  return NULL;
}

/* The Selected Hex panel's old per-hex Stream flag shows only on a hex a
 * file gave it to. Hidden, it takes no cell of the features' grid (no
 * hole before Ford) and no Tab stop: the grid's cell goes with it. */
static void
test_inspector_stream_cell (void)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", 6, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(MuEditHistory) history = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = muster_hex_inspector_new ();
  GtkWidget *stream, *ford;

  mu_hex_map_cell (s->hex_map, (MuHex) { 2, 2 })->features |= MU_HEX_FEATURE_STREAM;
  history = mu_edit_history_new (s);
  muster_hex_inspector_set_history (MUSTER_HEX_INSPECTOR (inspector), history);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  gtk_window_present (GTK_WINDOW (window));
  stream = find_check (inspector, "Stream");
  ford = find_check (inspector, "Ford");
  g_assert_nonnull (stream);
  g_assert_nonnull (ford);
  for (guint i = 0; i < 3; i++)
    {
      /* no hex, a hex without the flag, the hex with it */
      MuHex hex = i == 0 ? MU_HEX_NONE : i == 1 ? (MuHex) { 3, 3 } : (MuHex) { 2, 2 };
      gboolean shown = i == 2;

      muster_hex_inspector_show_hex (MUSTER_HEX_INSPECTOR (inspector), hex);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_cmpint (gtk_widget_get_visible (stream), ==, shown);
      /* the grid's cell (a GtkFlowBoxChild) around it */
      g_assert_cmpint (gtk_widget_get_visible (gtk_widget_get_parent (stream)), ==, shown);
      g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (ford)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* On a table there are no hexes: the Select tool's hint under the
 * palette and its button's tooltip speak of what a table has. */
static void
test_select_hint_table (void)
{
  GtkWidget *window = gtk_window_new ();
  MusterToolPalette *palette = g_object_new (MUSTER_TYPE_TOOL_PALETTE, NULL);
  GtkLabel *hint = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (palette),
                                                              MUSTER_TYPE_TOOL_PALETTE, "hint"));
  GtkWidget *select = NULL;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (palette));
  gtk_window_present (GTK_WINDOW (window));
  {
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, palette);
    while (stack->len > 0)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);
        GVariant *target = GTK_IS_ACTIONABLE (w) ? gtk_actionable_get_action_target_value (GTK_ACTIONABLE (w)) : NULL;

        if (target && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) &&
            g_strcmp0 (g_variant_get_string (target, NULL), "select") == 0)
          select = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_unref (stack);
  }
  g_assert_nonnull (select);
  g_assert_nonnull (hint);
  muster_tool_palette_set_tool (palette, MUSTER_TOOL_SELECT);
  for (guint table = 0; table < 2; table++)
    {
      muster_tool_palette_set_table (palette, table);
      g_test_message ("%s: %s / %s", table ? "table" : "hex board", gtk_label_get_label (hint),
                      gtk_widget_get_tooltip_text (select));
      g_assert_cmpint (strstr (gtk_label_get_label (hint), "hex") != NULL, ==, !table);
      g_assert_cmpint (strstr (gtk_widget_get_tooltip_text (select), "hex") != NULL, ==, !table);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/editor-panel/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/editor-panel/reserve-menu", test_reserve_menu);
  g_test_add_func ("/app/editor-panel/width", test_panel_width);
  g_test_add_func ("/app/editor-panel/inspector-stream-cell", test_inspector_stream_cell);
  g_test_add_func ("/app/editor-panel/inspector-stream", test_inspector_stream);
  g_test_add_func ("/app/editor-panel/select-hint-table", test_select_hint_table);
  return g_test_run ();
}
