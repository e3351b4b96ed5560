#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor.h"
#include "muster-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "muster-editor-oob.h"
#include "muster-swatch.h"

G_DEFINE_FINAL_TYPE (MusterEditor, muster_editor, GTK_TYPE_BOX)

/* The tool palette: icon buttons in rows of this many. */
#define TOOL_COLUMNS 7
/* The side of a terrain, path or hexside swatch in pixels (drawn at twice
 * the size shown, for high-density screens). */
#define SWATCH_SIZE 48

static const struct {
  const char *name;
  const char *label;      /* translated in the palette */
  const char *tooltip;
  guint key;              /* one-key shortcut on the board, as map editors have */
} tools[MUSTER_TOOL_N] = {
  [MUSTER_TOOL_SELECT] = { "select", N_("Select"), N_("Select and inspect a hex or counter"), GDK_KEY_s },
  [MUSTER_TOOL_BRUSH] = { "brush", N_("Brush"), N_("Paint terrain; drag to paint a stroke"), GDK_KEY_b },
  [MUSTER_TOOL_FILL] = { "fill", N_("Fill"), N_("Fill the connected area of the same terrain"), GDK_KEY_f },
  [MUSTER_TOOL_RECTANGLE] = { "rectangle", N_("Rectangle"), N_("Drag a rectangle of hexes to paint"), GDK_KEY_r },
  [MUSTER_TOOL_LASSO] = { "lasso", N_("Lasso"), N_("Draw round an area; the hexes whose centres it encloses are painted"), GDK_KEY_l },
  [MUSTER_TOOL_RAISE] = { "raise", N_("Raise"), N_("Raise the ground one level under the brush"), GDK_KEY_u },
  [MUSTER_TOOL_LOWER] = { "lower", N_("Lower"), N_("Lower the ground one level under the brush"), GDK_KEY_d },
  [MUSTER_TOOL_HEXSIDE] = { "hexside", N_("Hexside"), N_("Add or remove a feature on the nearest hexside"), GDK_KEY_h },
  [MUSTER_TOOL_PATH] = { "path", N_("Path"), N_("Drag from hex to hex to draw roads, railroads and rivers"), GDK_KEY_p },
  [MUSTER_TOOL_LABEL] = { "label", N_("Label"), N_("Place a label with the text below"), GDK_KEY_t },
  [MUSTER_TOOL_OBJECTIVE] = { "objective", N_("Objective"), N_("Place an objective named with the text below"), GDK_KEY_o },
  [MUSTER_TOOL_ENTRY] = { "entry", N_("Entry"), N_("Click board edge hexes where the chosen reserve enters (a railroad reserve: railroad hexes)"), GDK_KEY_e },
  [MUSTER_TOOL_AREA] = { "area", N_("Area"), N_("Tabletop: click the corners of a terrain area; click the last one again or press Enter to finish"), GDK_KEY_a },
  [MUSTER_TOOL_LINE] = { "line", N_("Line"), N_("Tabletop: click the points of a road, stream or wall; click the last one again or press Enter to finish"), GDK_KEY_i },
};

static const MuSideFeatures side_features[] = {
  MU_SIDE_STREAM, MU_SIDE_HEDGE, MU_SIDE_WALL, MU_SIDE_FORTIFICATION, MU_SIDE_FORD, MU_SIDE_BRIDGE,
};
static const MuBrushSize brush_sizes[] = { MU_BRUSH_1, MU_BRUSH_7, MU_BRUSH_19 };

const char *
muster_tool_to_string (MusterTool tool)
{
  g_return_val_if_fail ((int) tool >= 0 && tool < MUSTER_TOOL_N, NULL);
  return tools[tool].name;
}

gboolean
muster_tool_from_string (const char *name,
                         MusterTool *tool)
{
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    if (g_strcmp0 (tools[i].name, name) == 0)
      {
        *tool = (MusterTool) i;
        return TRUE;
      }
  return FALSE;
}

static void update_board_kind (MusterEditor *self);

/* Model -> view ---------------------------------------------------------------- */

MuScenario *
muster_editor_scenario (MusterEditor *self)
{
  return mu_edit_history_get_scenario (self->history);
}

void
muster_editor_show_message (MusterEditor *self,
                            const char   *message)
{
  g_free (self->status->message);
  self->status->message = g_strdup (message);
  gtk_label_set_label (self->status->message_label, message ? message : "");
  gtk_widget_add_css_class (GTK_WIDGET (self->status->message_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->status->message_label), message != NULL);
}

/* The same place for guidance that is not an error (what a shape being
 * drawn needs next): not in the error colour. */
void
muster_editor_show_hint (MusterEditor *self,
                         const char   *hint)
{
  muster_editor_show_message (self, hint);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status->message_label), "error");
}

/* Reports a refused edit in the palette. The error is passed by address so
 * that it is read after the edit that sets it (argument order is unspecified). */
void
muster_editor_report (MusterEditor *self,
                      gboolean      ok,
                      GError      **error)
{
  if (!ok && *error)
    muster_editor_show_message (self, (*error)->message);
  else if (ok)
    muster_editor_show_message (self, NULL);
}

static GtkWidget *
problem_row (const MuProblem *p)
{
  GtkWidget *label = gtk_label_new (p->message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, p->severity == MU_PROBLEM_ERROR ? "error" : "warning");
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  if (p->line > 0)
    {
      g_autofree char *tip = g_strdup_printf (_("Line %d of the file as loaded"), p->line);

      gtk_widget_set_tooltip_text (label, tip);
    }
  return label;
}

/* The semantic checks run after the edits settle, not during every step of a stroke. */
static gboolean
refresh_problems (gpointer data)
{
  MusterEditor *self = data;
  g_autofree char *heading = NULL;
  GtkWidget *child;
  guint errors;

  self->status->refresh_id = 0;
  g_ptr_array_set_size (self->status->problems, 0);
  mu_scenario_check (muster_editor_scenario (self), self->status->problems);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->status->list))))
    gtk_list_box_remove (self->status->list, child);
  for (guint i = 0; i < self->status->problems->len; i++)
    gtk_list_box_append (self->status->list, problem_row (g_ptr_array_index (self->status->problems, i)));
  errors = mu_problem_list_n_errors (self->status->problems);
  if (self->status->problems->len == 0)
    heading = g_strdup (_("Problems: none"));
  else
    {
      g_autofree char *e = g_strdup_printf (ngettext ("%u error", "%u errors", errors), errors);
      g_autofree char *w = g_strdup_printf (ngettext ("%u warning", "%u warnings",
                                                      self->status->problems->len - errors),
                                            self->status->problems->len - errors);

      /* TRANSLATORS: "Problems: 1 error, 2 warnings" */
      heading = g_strdup_printf (_("Problems: %s, %s"), e, w);
    }
  gtk_label_set_label (self->status->heading, heading);
  {
    g_autofree char *tab = self->status->problems->len
                           ? g_strdup_printf (_("Problems (%u)"), self->status->problems->len)
                           : g_strdup (_("Problems"));

    gtk_label_set_label (self->status->tab, tab);
  }
  return G_SOURCE_REMOVE;
}

static void
update_history (MusterEditor *self)
{
  const char *undo = mu_edit_history_get_undo_label (self->history);
  const char *redo = mu_edit_history_get_redo_label (self->history);
  g_autofree char *undo_text = undo ? g_strdup_printf (_("Undo %s"), undo) : g_strdup (_("Nothing to undo"));
  g_autofree char *redo_text = redo ? g_strdup_printf (_("Redo %s"), redo) : g_strdup (_("Nothing to redo"));

  /* the buttons are win.undo and win.redo's, which the window enables */
  gtk_label_set_label (self->history_label, undo ? undo_text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->history_label), undo_text);
  gtk_widget_set_tooltip_text (self->redo_button, redo_text);
  gtk_widget_set_tooltip_text (self->undo_button, undo_text);
}

static void
on_history_changed (MuEditHistory *history,
                    MusterEditor  *self)
{
  /* the scene follows the history itself (muster-scene-editor.c) */
  update_history (self);
  muster_editor_update_inspector (self);
  muster_editor_update_entry_marks (self);
  update_board_kind (self);
  muster_editor_update_selection (self);
  muster_editor_update_reserves (self);
  if (self->status->refresh_id == 0)
    self->status->refresh_id = g_idle_add_full (G_PRIORITY_LOW, refresh_problems, self, NULL);
}

void
muster_editor_history_changed (MusterEditor *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  on_history_changed (self->history, self);
}

/* The entry tool's reserve choice follows the scenario's reserves. */
void
muster_editor_update_reserves (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  MuReserve *chosen = muster_editor_entry_reserve (self);
  guint selected = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);
      const MuSide *side = mu_scenario_find_side (s, r->side);

      g_ptr_array_add (names, g_strdup_printf ("%s (%s)", r->name && *r->name ? r->name : r->id,
                                               side && side->name ? side->name : r->side));
      if ((const MuReserve *) chosen == r)
        selected = i;
    }
  self->inspecting = TRUE;
  muster_editor_set_dropdown_strings (self->palette->reserve_dropdown, names);
  gtk_drop_down_set_selected (self->palette->reserve_dropdown, selected);
  gtk_widget_set_sensitive (GTK_WIDGET (self->palette->reserve_dropdown), s->reserves->len > 0);
  self->inspecting = FALSE;
}

void
muster_editor_on_reserve_chosen (GtkDropDown  *dropdown,
                                 GParamSpec   *pspec,
                                 MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->inspecting || i == GTK_INVALID_LIST_POSITION || i >= s->reserves->len)
    return;
  g_free (self->options.reserve);
  self->options.reserve = g_strdup (((MuReserve *) g_ptr_array_index (s->reserves, i))->id);
  muster_editor_update_entry_marks (self);
}

static gboolean
tool_for_table (MusterTool tool)
{
  return tool == MUSTER_TOOL_SELECT || tool == MUSTER_TOOL_LABEL || tool == MUSTER_TOOL_OBJECTIVE ||
         tool == MUSTER_TOOL_AREA || tool == MUSTER_TOOL_LINE;
}

static gboolean
tool_for_hex (MusterTool tool)
{
  return tool != MUSTER_TOOL_AREA && tool != MUSTER_TOOL_LINE;
}

/* Which rows of the options grid a tool uses. */
enum {
  OPTION_TERRAIN = 1 << 0,
  OPTION_BRUSH = 1 << 1,
  OPTION_HEXSIDE = 1 << 2,
  OPTION_PATH = 1 << 3,
  OPTION_TEXT = 1 << 4,
  OPTION_RESERVE = 1 << 5,
  OPTION_AREA = 1 << 6,
  OPTION_LINE = 1 << 7,
};

static guint
tool_options (MusterTool tool)
{
  switch (tool)
    {
    case MUSTER_TOOL_BRUSH:
      return OPTION_TERRAIN | OPTION_BRUSH;
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_RECTANGLE:
    case MUSTER_TOOL_LASSO:
      return OPTION_TERRAIN;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      return OPTION_BRUSH;
    case MUSTER_TOOL_HEXSIDE:
      return OPTION_HEXSIDE;
    case MUSTER_TOOL_PATH:
      return OPTION_PATH;
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
      return OPTION_TEXT;
    case MUSTER_TOOL_ENTRY:
      return OPTION_RESERVE;
    case MUSTER_TOOL_AREA:
      return OPTION_AREA;
    case MUSTER_TOOL_LINE:
      return OPTION_LINE;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_N:
    default:
      return 0;
    }
}

/* Only the active tool's options are shown, under its name and what it does. */
static void
update_tool_options (MusterEditor *self)
{
  /* the rows of the options grid in muster-editor.ui, in order */
  static const guint grid_rows[] = { OPTION_TERRAIN, OPTION_BRUSH, OPTION_HEXSIDE, OPTION_PATH,
                                     OPTION_PATH, OPTION_TEXT };
  guint options = tool_options (self->tool);
  g_autofree char *heading = NULL;
  GtkWidget *w;

  for (guint row = 0; row < G_N_ELEMENTS (grid_rows); row++)
    for (int col = 0; col < 2; col++)
      if ((w = gtk_grid_get_child_at (self->palette->options_grid, col, (int) row)))
        gtk_widget_set_visible (w, (options & grid_rows[row]) != 0);
  gtk_widget_set_visible (self->palette->area_row, (options & OPTION_AREA) != 0);
  gtk_widget_set_visible (self->palette->line_row, (options & OPTION_LINE) != 0);
  gtk_widget_set_visible (self->palette->reserve_row, (options & OPTION_RESERVE) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->palette->options_grid), options != 0);
  /* TRANSLATORS: the heading over the active tool's options, e.g. "Brush" */
  heading = g_strdup (_(tools[self->tool].label));
  gtk_label_set_label (self->palette->options_heading, heading);
  gtk_label_set_label (self->palette->hint, _(tools[self->tool].tooltip));
}

/* The palette shows the tools and options of the scenario's kind of board. */
static void
update_board_kind (MusterEditor *self)
{
  gboolean table = muster_editor_is_table (self);
  int n = 0;

  if (self->palette->shown_board == (int) muster_editor_scenario (self)->board)
    return;
  self->palette->shown_board = (int) muster_editor_scenario (self)->board;
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = self->palette->buttons[i];
      gboolean show = table ? tool_for_table ((MusterTool) i) : tool_for_hex ((MusterTool) i);

      /* shown tools fill the grid in palette order */
      if (show)
        {
          GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->palette->grid));
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, button));

          gtk_grid_layout_child_set_column (child, n % TOOL_COLUMNS);
          gtk_grid_layout_child_set_row (child, n / TOOL_COLUMNS);
          n++;
        }
      gtk_widget_set_visible (button, show);
    }
  /* the Selected Hex and Board Size sections */
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), !table);
  if (table ? !tool_for_table (self->tool) : !tool_for_hex (self->tool))
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "tool");

      /* the other board's tool cannot stay: back to Select (the cursor follows
       * on the next tool change) */
      muster_editor_activate_tool (self, MUSTER_TOOL_SELECT);
      muster_editor_cancel_shape (self);
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string ("select"));
      gtk_widget_set_cursor (GTK_WIDGET (self->view), NULL);
    }
  update_tool_options (self);
}

void
muster_editor_show_panel (MusterEditor      *self,
                          MusterEditorPanel  panel)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_notebook_set_current_page (self->notebook, (int) panel);
}

GtkWidget *
muster_editor_get_oob (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  return self->oob;
}

/* Options ---------------------------------------------------------------------- */

void
muster_editor_set_tool (MusterEditor *self,
                        MusterTool    tool)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail ((int) tool >= 0 && tool < MUSTER_TOOL_N);

  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), "tool",
                                      g_variant_new_string (tools[tool].name));
}

MusterTool
muster_editor_get_tool (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), MUSTER_TOOL_SELECT);
  return self->tool;
}

void
muster_editor_set_terrain (MusterEditor *self,
                           MuTerrain     terrain)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_drop_down_set_selected (self->palette->terrain_dropdown, terrain);
}

void
muster_editor_set_brush_size (MusterEditor *self,
                              MuBrushSize   size)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  for (guint i = 0; i < G_N_ELEMENTS (brush_sizes); i++)
    if (brush_sizes[i] == size)
      gtk_drop_down_set_selected (self->palette->brush_dropdown, i);
}

void
muster_editor_set_side_feature (MusterEditor *self,
                                guint         feature)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
    if (side_features[i] == feature)
      gtk_drop_down_set_selected (self->palette->side_dropdown, i);
}

void
muster_editor_set_path_kind (MusterEditor *self,
                             MuPathKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_drop_down_set_selected (self->palette->path_dropdown, kind);
}

void
muster_editor_set_path_erase (MusterEditor *self,
                              gboolean      erase)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_check_button_set_active (self->palette->erase_check, erase);
}

void
muster_editor_set_text (MusterEditor *self,
                        const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->palette->text_entry), text ? text : "");
}

static void
on_option_changed (GObject      *object,
                   GParamSpec   *pspec,
                   MusterEditor *self)
{
  guint side = gtk_drop_down_get_selected (self->palette->side_dropdown);
  guint brush = gtk_drop_down_get_selected (self->palette->brush_dropdown);

  self->options.terrain = MIN (gtk_drop_down_get_selected (self->palette->terrain_dropdown), MU_TERRAIN_N - 1);
  self->options.brush = brush_sizes[MIN (brush, G_N_ELEMENTS (brush_sizes) - 1)];
  self->options.side_feature = side_features[MIN (side, G_N_ELEMENTS (side_features) - 1)];
  self->options.path_kind = MIN (gtk_drop_down_get_selected (self->palette->path_dropdown), MU_PATH_N - 1);
  self->options.path_erase = gtk_check_button_get_active (self->palette->erase_check);
  g_free (self->options.text);
  self->options.text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->palette->text_entry)));
}

/* Actions ----------------------------------------------------------------------- */

static void
on_tool_change_state (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       data)
{
  MusterEditor *self = data;
  MusterTool tool;

  if (!muster_tool_from_string (g_variant_get_string (value, NULL), &tool))
    return;
  /* the hook where the palette's tool becomes the map view's */
  muster_editor_activate_tool (self, tool);
  g_simple_action_set_state (action, value);
  update_tool_options (self);
  muster_editor_update_handle (self);
  muster_editor_update_entry_marks (self);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view),
                                   tool == MUSTER_TOOL_SELECT ? NULL : "crosshair");
  muster_editor_show_message (self, NULL);
}

static const GActionEntry actions[] = {
  { "resize", muster_editor_on_resize },
  { "tool", NULL, "s", "'select'", on_tool_change_state },
};

/* Problems ----------------------------------------------------------------------- */

GPtrArray *
muster_editor_get_problems (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  if (self->status->refresh_id)
    {
      g_source_remove (self->status->refresh_id);
      refresh_problems (self);
    }
  return self->status->problems;
}

const char *
muster_editor_get_message (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  return self->status->message;
}

MuEditHistory *
muster_editor_get_history (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  return self->history;
}

void
muster_editor_activate_problem (MusterEditor *self,
                                guint         index)
{
  GPtrArray *problems = muster_editor_get_problems (self);
  MusterScene *scene = muster_map_view_get_scene (self->view);
  const MuProblem *p;
  MuScenario *s = muster_editor_scenario (self);
  MuHex hex = MU_HEX_NONE;

  g_return_if_fail (index < problems->len);

  p = g_ptr_array_index (problems, index);
  hex = p->hex;
  if (hex.col == 0 && p->object_id)
    {
      const MuCounter *c = mu_scenario_find_counter (s, p->object_id);
      const MuObjective *o = mu_scenario_find_objective (s, p->object_id);

      if (c && c->place.kind == MU_PLACE_HEX)
        hex = c->place.hex;
      else if (o)
        hex = o->hex;
    }
  if (s->board == MU_BOARD_HEX && mu_hex_grid_contains (&s->hex_map->grid, hex))
    {
      MusterViewTransform t;
      double bx, by, wx, wy;

      muster_scene_select_hex (scene, hex);
      /* bring the hex to the middle of the view */
      muster_map_view_get_transform (self->view, &t);
      mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &bx, &by);
      muster_view_to_widget (&t, bx, by, &wx, &wy);
      muster_map_view_pan (self->view, gtk_widget_get_width (GTK_WIDGET (self->view)) / 2.0 - wx,
                           gtk_widget_get_height (GTK_WIDGET (self->view)) / 2.0 - wy);
    }
}

static void
on_problem_activated (GtkListBox    *box,
                      GtkListBoxRow *row,
                      MusterEditor  *self)
{
  muster_editor_activate_problem (self, (guint) gtk_list_box_row_get_index (row));
}

/* The hex inspector -------------------------------------------------------------- */

void
muster_editor_update_inspector (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);

  muster_hex_inspector_show_hex (self->inspector, scene ? muster_scene_get_selected_hex (scene) : MU_HEX_NONE);
}

void
muster_editor_on_scene_changed (MusterScene       *scene,
                                MusterSceneChange  change,
                                MusterEditor      *self)
{
  muster_editor_update_inspector (self);
}

/* An edit made in the hex inspector or the Selected Item panel. */
static void
on_inspector_edited (GtkWidget    *panel,
                     gboolean      ok,
                     GError       *error,
                     MusterEditor *self)
{
  muster_editor_report (self, ok, &error);
}

static void
on_item_deleted (MusterEditor *self)
{
  muster_editor_select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
}

gboolean
muster_editor_resize_board (MusterEditor *self,
                            MuEdge        edge,
                            int           count)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *report_text = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  ok = mu_edit_resize_board (self->history, edge, count, &report_text, &error);
  muster_editor_report (self, ok, &error);
  if (ok && report_text)
    muster_editor_show_message (self, report_text);   /* what the resize cut off, undoable */
  if (ok)
    muster_map_view_zoom_to_fit (self->view);
  return ok;
}

void
muster_editor_on_resize (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       data)
{
  MusterEditor *self = data;

  muster_editor_resize_board (self, muster_hex_inspector_get_edge (self->inspector),
                              muster_hex_inspector_get_resize_count (self->inspector));
}

/* Object ------------------------------------------------------------------------- */

/* A tool's one-key shortcut, pressed on the board: TRUE when it chose a tool. */
gboolean
muster_editor_tool_key (MusterEditor    *self,
                        guint            keyval,
                        GdkModifierType  state)
{
  guint key = gdk_keyval_to_lower (keyval);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    if (tools[i].key == key && self->palette->buttons[i] && gtk_widget_get_visible (self->palette->buttons[i]))
      {
        muster_editor_set_tool (self, (MusterTool) i);
        return TRUE;
      }
  return FALSE;
}

static void
muster_editor_dispose (GObject *object)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  g_clear_pointer (&self->input, muster_editor_input_detach);
  muster_editor_tools_dispose (self);
  g_clear_handle_id (&self->status->refresh_id, g_source_remove);
  if (self->history)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  g_clear_object (&self->view);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (muster_editor_parent_class)->dispose (object);
}

static void
muster_editor_finalize (GObject *object)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  g_clear_pointer (&self->status->problems, g_ptr_array_unref);
  g_free (self->status->message);
  g_free (self->status);
  g_free (self->palette);
  g_free (self->options.text);
  g_free (self->options.reserve);
  g_free (self->sel.id);

  G_OBJECT_CLASS (muster_editor_parent_class)->finalize (object);
}

static void
muster_editor_class_init (MusterEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_editor_dispose;
  object_class->finalize = muster_editor_finalize;

  g_type_ensure (MUSTER_TYPE_HEX_INSPECTOR);
  g_type_ensure (MUSTER_TYPE_ITEM_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, inspector);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, item);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, history_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, redo_button);
  gtk_widget_class_bind_template_child_full (widget_class, "tool_grid", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "options_heading", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "tool_hint", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "terrain_dropdown", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "brush_dropdown", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "side_dropdown", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "path_dropdown", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "erase_check", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "text_entry", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "message_label", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "problems_heading", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "problem_list", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, notebook);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, oob_page);
  gtk_widget_class_bind_template_child_full (widget_class, "problems_tab", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, map_page);
  gtk_widget_class_bind_template_child_full (widget_class, "options_grid", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated);
}

/* The last message and the problems list, from the template. */
static MusterEditorStatus *
build_status (MusterEditor *self)
{
  MusterEditorStatus *status = g_new0 (MusterEditorStatus, 1);

  status->problems = mu_problem_list_new ();
  status->message_label = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "message_label"));
  status->heading = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "problems_heading"));
  status->list = GTK_LIST_BOX (MUSTER_EDITOR_TEMPLATE_CHILD (self, "problem_list"));
  status->tab = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "problems_tab"));
  return status;
}

/* The tool buttons and the hex tools' options; the table tools' rows are
 * added by muster_editor_build_table_widgets. */
static MusterToolPalette *
build_palette (MusterEditor *self)
{
  const char *terrains[MU_TERRAIN_N];
  const char *brushes[] = { _("1 hex"), _("7 hexes"), _("19 hexes") };
  const char *sides[] = { _("Stream"), _("Hedge"), _("Wall"), _("Fortification"), _("Ford"), _("Bridge") };
  const char *paths[] = { _("Road"), _("Turnpike"), _("Railroad"), _("River"), _("Stream") };
  MusterToolPalette *palette = g_new0 (MusterToolPalette, 1);

  palette->grid = GTK_GRID (MUSTER_EDITOR_TEMPLATE_CHILD (self, "tool_grid"));
  palette->options_heading = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "options_heading"));
  palette->hint = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "tool_hint"));
  palette->terrain_dropdown = GTK_DROP_DOWN (MUSTER_EDITOR_TEMPLATE_CHILD (self, "terrain_dropdown"));
  palette->brush_dropdown = GTK_DROP_DOWN (MUSTER_EDITOR_TEMPLATE_CHILD (self, "brush_dropdown"));
  palette->side_dropdown = GTK_DROP_DOWN (MUSTER_EDITOR_TEMPLATE_CHILD (self, "side_dropdown"));
  palette->path_dropdown = GTK_DROP_DOWN (MUSTER_EDITOR_TEMPLATE_CHILD (self, "path_dropdown"));
  palette->erase_check = GTK_CHECK_BUTTON (MUSTER_EDITOR_TEMPLATE_CHILD (self, "erase_check"));
  palette->text_entry = GTK_ENTRY (MUSTER_EDITOR_TEMPLATE_CHILD (self, "text_entry"));
  palette->options_grid = GTK_GRID (MUSTER_EDITOR_TEMPLATE_CHILD (self, "options_grid"));
  palette->shown_board = -1;

  for (int i = 0; i < MU_TERRAIN_N; i++)
    terrains[i] = mu_terrain_display_name ((MuTerrain) i);
  gtk_drop_down_set_model (palette->terrain_dropdown, muster_editor_string_model (terrains, MU_TERRAIN_N));
  gtk_drop_down_set_model (palette->brush_dropdown, muster_editor_string_model (brushes, G_N_ELEMENTS (brushes)));
  gtk_drop_down_set_model (palette->side_dropdown, muster_editor_string_model (sides, G_N_ELEMENTS (sides)));
  gtk_drop_down_set_model (palette->path_dropdown, muster_editor_string_model (paths, G_N_ELEMENTS (paths)));
  gtk_drop_down_set_selected (palette->terrain_dropdown, MU_TERRAIN_WOODLAND);
  /* terrain, hexside features and paths are picked from swatches drawn as on the board */
  {
    GdkTexture *swatches[MAX (MAX ((int) MU_TERRAIN_N, (int) MU_PATH_N), (int) G_N_ELEMENTS (side_features))];

    for (int i = 0; i < MU_TERRAIN_N; i++)
      swatches[i] = muster_swatch_terrain ((MuTerrain) i, SWATCH_SIZE);
    muster_swatch_dropdown (palette->terrain_dropdown, swatches, MU_TERRAIN_N);
    for (int i = 0; i < MU_TERRAIN_N; i++)
      g_object_unref (swatches[i]);
    for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
      swatches[i] = muster_swatch_hexside (side_features[i], SWATCH_SIZE);
    muster_swatch_dropdown (palette->side_dropdown, swatches, G_N_ELEMENTS (side_features));
    for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
      g_object_unref (swatches[i]);
    for (int i = 0; i < MU_PATH_N; i++)
      swatches[i] = muster_swatch_path ((MuPathKind) i, SWATCH_SIZE);
    muster_swatch_dropdown (palette->path_dropdown, swatches, MU_PATH_N);
    for (int i = 0; i < MU_PATH_N; i++)
      g_object_unref (swatches[i]);
  }
  g_signal_connect (palette->terrain_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (palette->brush_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (palette->side_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (palette->path_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (palette->erase_check, "notify::active", G_CALLBACK (on_option_changed), self);
  g_signal_connect (palette->text_entry, "notify::text", G_CALLBACK (on_option_changed), self);

  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      g_autofree char *icon = g_strdup_printf ("muster-tool-%s-symbolic", tools[i].name);
      /* TRANSLATORS: a tool's tooltip: its name, its key, what it does */
      g_autofree char *tip = g_strdup_printf (_("%s (%s): %s"), _(tools[i].label),
                                              gdk_keyval_name (gdk_keyval_to_upper (tools[i].key)),
                                              _(tools[i].tooltip));

      gtk_button_set_icon_name (GTK_BUTTON (button), icon);
      gtk_widget_add_css_class (button, "tool-button");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].name);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(tools[i].label),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(tools[i].tooltip),
                                      -1);
      gtk_grid_attach (palette->grid, button, i % TOOL_COLUMNS, i / TOOL_COLUMNS, 1, 1);
      palette->buttons[i] = button;
    }
  return palette;
}

static void
muster_editor_init (MusterEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->status = build_status (self);
  self->options.terrain = MU_TERRAIN_WOODLAND;
  self->options.brush = MU_BRUSH_1;
  self->options.side_feature = MU_SIDE_STREAM;
  self->sel.index = -1;
  self->palette = build_palette (self);
  muster_editor_build_table_widgets (self);
  {
    GtkDropDown *dropdowns[] = { self->palette->brush_dropdown, muster_hex_inspector_get_edge_dropdown (self->inspector), self->palette->area_dropdown,
                                 self->palette->line_dropdown, self->palette->reserve_dropdown };

    for (guint i = 0; i < G_N_ELEMENTS (dropdowns); i++)
      muster_editor_ellipsize_dropdown (dropdowns[i]);
  }

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), actions, G_N_ELEMENTS (actions), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", G_ACTION_GROUP (self->actions));
}

GtkWidget *
muster_editor_new (MuEditHistory *history,
                   MusterMapView *view)
{
  MusterEditor *self;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (view), NULL);

  self = g_object_new (MUSTER_TYPE_EDITOR, NULL);
  self->history = g_object_ref (history);
  self->view = g_object_ref (view);
  self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (on_history_changed), self);

  self->input = muster_editor_input_attach (self, view);
  muster_editor_tools_init (self);
  muster_hex_inspector_set_history (self->inspector, history);
  g_signal_connect (self->inspector, "edited", G_CALLBACK (on_inspector_edited), self);
  muster_item_panel_set_history (self->item, history);
  g_signal_connect (self->item, "edited", G_CALLBACK (on_inspector_edited), self);
  g_signal_connect_swapped (self->item, "deleted", G_CALLBACK (on_item_deleted), self);

  self->oob = muster_editor_oob_new (history);
  gtk_widget_set_vexpand (self->oob, TRUE);
  gtk_box_append (self->oob_page, self->oob);

  update_history (self);
  update_board_kind (self);
  muster_editor_update_selection (self);
  muster_editor_update_reserves (self);
  refresh_problems (self);
  return GTK_WIDGET (self);
}
