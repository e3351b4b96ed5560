#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "muster-editor-oob.h"

struct _MusterEditor
{
  GtkBox parent_instance;

  MuEditHistory *history;
  MusterMapView *view;
  GSimpleActionGroup *actions;
  GtkGesture *drag;
  gulong changed_id;
  guint refresh_id;
  GPtrArray *problems;          /* of MuProblem* */
  char *message;

  /* Tool and options. */
  MusterTool tool;
  MuTerrain terrain;
  MuBrushSize brush;
  guint side_feature;
  MuPathKind path_kind;
  gboolean path_erase;
  char *text;
  char *reserve;

  /* The stroke in progress. */
  gboolean stroking;
  MuHex start_hex;
  MuHex last_hex;
  gboolean side_on;             /* hexside tool: adding (TRUE) or removing */
  GHashTable *stroke_hexes;     /* elevation: hexes already raised/lowered, "col,row" */
  GArray *lasso;                /* MuPoint in board pixels while a lasso is drawn */

  /* Template children. */
  GtkLabel *history_label;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkGrid *tool_grid;
  GtkDropDown *terrain_dropdown;
  GtkDropDown *brush_dropdown;
  GtkDropDown *side_dropdown;
  GtkDropDown *path_dropdown;
  GtkCheckButton *erase_check;
  GtkEntry *text_entry;
  GtkLabel *message_label;
  GtkLabel *problems_heading;
  GtkListBox *problem_list;
  GtkNotebook *notebook;
  GtkBox *oob_page;
  GtkLabel *problems_tab;
  GtkWidget *oob;
  GtkLabel *hex_label;
  GtkWidget *hex_box;
  GtkSpinButton *elevation_spin;
  GtkFlowBox *feature_box;
  GtkWidget *feature_checks[8];
  GtkDropDown *edge_dropdown;
  GtkSpinButton *resize_spin;
  gulong scene_changed_id;
  gboolean inspecting;

  /* Tables: the shape being drawn and the options. */
  MuAreaKind area_kind;
  MuLineKind line_kind;
  GArray *draft;                /* of MuPoint */
  GtkBox *map_page;
  GtkGrid *options_grid;
  GtkDropDown *area_dropdown;
  GtkDropDown *line_dropdown;
  GtkDropDown *reserve_dropdown;
  GtkWidget *tool_buttons[MUSTER_TOOL_N];
  GtkWidget *area_row, *line_row, *reserve_row;
  int shown_board;              /* MuBoardKind the palette shows, or -1 */
  GtkEventController *keys;      /* added by the editor, or NULL */
  GtkEventController *view_keys; /* the controller listened to */
  gulong keys_id;

  /* The Select tool's item and its panel. */
  MusterSelectionKind sel_kind;
  int sel_index;
  char *sel_id;
  gboolean moving;
  gboolean rotate_drag;
  gboolean panel_empty;         /* the panel shows no item */
  MuPoint move_last;
  MuPoint move_start;           /* the table point pressed */
  MuPoint move_origin;          /* where the label or objective was then */
  MuHex move_last_hex;
  GtkLabel *item_label;
  GtkEntry *item_text;
  GtkSpinButton *item_level;
  GtkSpinButton *item_scale;
  GtkDropDown *item_owner;
  GtkSpinButton *item_value;
  GtkSpinButton *item_rotate;
  GtkWidget *item_text_row;
  GtkWidget *item_level_row;
  GtkWidget *item_scale_row;
  GtkWidget *item_owner_row;
  GtkWidget *item_value_row;
  GtkWidget *item_rotate_row;
  GtkWidget *item_delete;
  GtkDropTarget *drop;
};

G_DEFINE_FINAL_TYPE (MusterEditor, muster_editor, GTK_TYPE_BOX)

static const struct {
  const char *name;
  const char *label;      /* translated in the palette */
  const char *tooltip;
} tools[MUSTER_TOOL_N] = {
  [MUSTER_TOOL_SELECT] = { "select", N_("Select"), N_("Select and inspect a hex or counter") },
  [MUSTER_TOOL_BRUSH] = { "brush", N_("Brush"), N_("Paint terrain; drag to paint a stroke") },
  [MUSTER_TOOL_FILL] = { "fill", N_("Fill"), N_("Fill the connected area of the same terrain") },
  [MUSTER_TOOL_RECTANGLE] = { "rectangle", N_("Rectangle"), N_("Drag a rectangle of hexes to paint") },
  [MUSTER_TOOL_LASSO] = { "lasso", N_("Lasso"), N_("Draw round an area; the hexes whose centres it encloses are painted") },
  [MUSTER_TOOL_RAISE] = { "raise", N_("Raise"), N_("Raise the ground one level under the brush") },
  [MUSTER_TOOL_LOWER] = { "lower", N_("Lower"), N_("Lower the ground one level under the brush") },
  [MUSTER_TOOL_HEXSIDE] = { "hexside", N_("Hexside"), N_("Add or remove a feature on the nearest hexside") },
  [MUSTER_TOOL_PATH] = { "path", N_("Path"), N_("Drag from hex to hex to draw roads, railroads and rivers") },
  [MUSTER_TOOL_LABEL] = { "label", N_("Label"), N_("Place a label with the text below") },
  [MUSTER_TOOL_OBJECTIVE] = { "objective", N_("Objective"), N_("Place an objective named with the text below") },
  [MUSTER_TOOL_ENTRY] = { "entry", N_("Entry"), N_("Click board edge hexes where the chosen reserve enters (a railroad reserve: railroad hexes)") },
  [MUSTER_TOOL_AREA] = { "area", N_("Area"), N_("Tabletop: click the corners of a terrain area; click the last one again or press Enter to finish") },
  [MUSTER_TOOL_LINE] = { "line", N_("Line"), N_("Tabletop: click the points of a road, stream or wall; click the last one again or press Enter to finish") },
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

static void update_inspector (MusterEditor *self);
static void update_entry_marks (MusterEditor *self);
static void update_selection (MusterEditor *self);
static void update_reserves (MusterEditor *self);
static void update_board_kind (MusterEditor *self);
static void set_dropdown_strings (GtkDropDown *dropdown, GPtrArray *names);
static void on_shape_kind_changed (MusterEditor *self);
static GListModel *string_model (const char *const *items, guint n);

/* Model -> view ---------------------------------------------------------------- */

static MuScenario *
scenario (MusterEditor *self)
{
  return mu_edit_history_get_scenario (self->history);
}

static void
show_message (MusterEditor *self,
              const char   *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_label (self->message_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* Reports a refused edit in the palette. The error is passed by address so
 * that it is read after the edit that sets it (argument order is unspecified). */
static void
report (MusterEditor *self,
        gboolean      ok,
        GError      **error)
{
  if (!ok && *error)
    show_message (self, (*error)->message);
  else if (ok)
    show_message (self, NULL);
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

  self->refresh_id = 0;
  g_ptr_array_set_size (self->problems, 0);
  mu_scenario_check (scenario (self), self->problems);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problem_list))))
    gtk_list_box_remove (self->problem_list, child);
  for (guint i = 0; i < self->problems->len; i++)
    gtk_list_box_append (self->problem_list, problem_row (g_ptr_array_index (self->problems, i)));
  errors = mu_problem_list_n_errors (self->problems);
  if (self->problems->len == 0)
    heading = g_strdup (_("Problems: none"));
  else
    {
      g_autofree char *e = g_strdup_printf (ngettext ("%u error", "%u errors", errors), errors);
      g_autofree char *w = g_strdup_printf (ngettext ("%u warning", "%u warnings",
                                                      self->problems->len - errors),
                                            self->problems->len - errors);

      /* TRANSLATORS: "Problems: 1 error, 2 warnings" */
      heading = g_strdup_printf (_("Problems: %s, %s"), e, w);
    }
  gtk_label_set_label (self->problems_heading, heading);
  {
    g_autofree char *tab = self->problems->len
                           ? g_strdup_printf (_("Problems (%u)"), self->problems->len)
                           : g_strdup (_("Problems"));

    gtk_label_set_label (self->problems_tab, tab);
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
  GAction *action;

  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "undo");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), mu_edit_history_can_undo (self->history));
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "redo");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), mu_edit_history_can_redo (self->history));
  gtk_label_set_label (self->history_label, undo ? undo_text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->history_label), undo_text);
  gtk_widget_set_tooltip_text (self->redo_button, redo_text);
  gtk_widget_set_tooltip_text (self->undo_button, undo_text);
}

static void
on_history_changed (MuEditHistory *history,
                    MusterEditor  *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);

  if (scene)
    {
      g_autoptr(GArray) pieces = mu_render_pieces_from_scenario (scenario (self));

      /* the model may have been swapped by undo: the scene keeps the same pointer */
      if (muster_scene_get_scenario (scene) != scenario (self))
        muster_scene_set_scenario (scene, scenario (self));
      muster_scene_set_pieces (scene, pieces ? (MuPiece *) pieces->data : NULL,
                               pieces ? pieces->len : 0);
      muster_scene_scenario_changed (scene);
    }
  update_history (self);
  update_inspector (self);
  update_entry_marks (self);
  update_board_kind (self);
  update_selection (self);
  update_reserves (self);
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_LOW, refresh_problems, self, NULL);
}

/* Tools -------------------------------------------------------------------------- */

static gboolean
pick_at (MusterEditor *self,
         double        x,
         double        y,
         MusterPick   *pick)
{
  int piece;

  return muster_map_view_pick (self->view, x, y, pick, &piece) && scenario (self)->hex_map != NULL;
}

/* The lasso's hexes for the outline drawn so far (widget points kept in board pixels). */
static GArray *
lasso_hexes (MusterEditor *self)
{
  MuRenderOptions options;

  muster_map_view_get_render_options (self->view, &options);
  return mu_edit_lasso_hexes (&scenario (self)->hex_map->grid, options.hex_size,
                              (const MuPoint *) self->lasso->data, self->lasso->len);
}

static void
lasso_add (MusterEditor *self,
           double        x,
           double        y)
{
  MusterViewTransform transform;
  MuPoint p;

  muster_map_view_get_transform (self->view, &transform);
  muster_view_to_board (&transform, x, y, &p.x, &p.y);
  g_array_append_val (self->lasso, p);
}

static void
set_lasso_preview (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  g_autoptr(GArray) hexes = lasso_hexes (self);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
set_rectangle_preview (MusterEditor *self,
                       MuHex         a,
                       MuHex         b)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&scenario (self)->hex_map->grid, a, b);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
elevate (MusterEditor *self,
         MuHex         centre)
{
  g_autoptr(GArray) brush = mu_edit_brush_hexes (&scenario (self)->hex_map->grid, centre, self->brush);
  g_autoptr(GArray) fresh = g_array_new (FALSE, FALSE, sizeof (MuHex));
  g_autoptr(GError) error = NULL;

  /* a hex changes once per stroke however long the pointer stays on it */
  for (guint i = 0; i < brush->len; i++)
    {
      MuHex h = g_array_index (brush, MuHex, i);
      char *key = g_strdup_printf ("%d,%d", h.col, h.row);

      if (g_hash_table_add (self->stroke_hexes, key))
        g_array_append_val (fresh, h);
    }
  report (self, mu_edit_change_elevation (self->history, (MuHex *) fresh->data, fresh->len,
                                          self->tool == MUSTER_TOOL_RAISE ? 1 : -1, &error),
          &error);
}

static void
hexside_at (MusterEditor     *self,
            const MusterPick *pick,
            gboolean          first)
{
  g_autoptr(GError) error = NULL;
  guint have;

  if (first)
    {
      have = mu_hex_map_side (scenario (self)->hex_map, pick->hex, pick->side_dir);
      self->side_on = (have & self->side_feature) == 0;
    }
  report (self, mu_edit_set_side_features (self->history, pick->hex, pick->side_dir,
                                           self->side_feature, self->side_on, &error),
          &error);
}

static MuReserve *entry_reserve (MusterEditor *self);

/* With the entry tool, the chosen reserve's entry hexes are marked on the board. */
static void
update_entry_marks (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuReserve *r;
  g_autoptr(GArray) marks = NULL;

  if (scene == NULL || self->stroking)
    return;
  if (self->tool != MUSTER_TOOL_ENTRY || !(r = entry_reserve (self)))
    {
      if (self->tool != MUSTER_TOOL_RECTANGLE)
        muster_scene_clear_highlights (scene);
      return;
    }
  marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHexHighlight h = { g_array_index (r->entry, MuHex, i), 0x2e7d3280 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

/* The reserve the entry tool works on. */
static MuReserve *
entry_reserve (MusterEditor *self)
{
  MuScenario *s = scenario (self);
  MuReserve *r = self->reserve ? mu_scenario_find_reserve (s, self->reserve) : NULL;

  if (r == NULL && s->reserves->len > 0)
    r = g_ptr_array_index (s->reserves, 0);
  return r;
}

static void
toggle_entry (MusterEditor *self,
              MuHex         hex)
{
  MuReserve *r = entry_reserve (self);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  if (r == NULL)
    {
      show_message (self, _("The scenario has no reserves; add one with the reserve button on the Forces page"));
      return;
    }
  hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHex h = g_array_index (r->entry, MuHex, i);

      if (mu_hex_equal (h, hex))
        found = TRUE;
      else
        g_array_append_val (hexes, h);
    }
  if (!found)
    g_array_append_val (hexes, hex);
  report (self, mu_edit_set_reserve_entry (self->history, r->id, (MuHex *) hexes->data, hexes->len,
                                           &error), &error);
}

void
muster_editor_set_reserve (MusterEditor *self,
                           const char   *reserve)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_free (self->reserve);
  self->reserve = g_strdup (reserve);
  update_reserves (self);
  update_entry_marks (self);
}

/* Tabletop shapes and the selection ------------------------------------------------- */

static const char *const area_names[MU_AREA_N] = {
  N_("Woods"), N_("Settlement"), N_("Hill"), N_("Field"), N_("Marsh"), N_("Fortification"),
  N_("Water"), N_("Rough ground"),
};
static const char *const line_names[MU_LINE_N] = {
  N_("Road"), N_("Turnpike"), N_("Railroad"), N_("Stream"), N_("River"), N_("Fence"), N_("Wall"),
  N_("Hedge"), N_("Defence works"),
};

/* Widget pixels within which a click picks a line, label or point. */
#define PICK_TOLERANCE 8.0

static gboolean
is_table (MusterEditor *self)
{
  return scenario (self)->board == MU_BOARD_TABLE && scenario (self)->table != NULL;
}

/* Table units per widget pixel at the present zoom. */
static double
table_units_per_pixel (MusterEditor *self)
{
  MuRenderOptions options;

  muster_map_view_get_render_options (self->view, &options);
  return 1.0 / (MAX (options.table_scale, 1e-6) * muster_map_view_get_zoom (self->view));
}

/* The board pixel under a widget point. */
static void
board_point (MusterEditor *self,
             double        x,
             double        y,
             double       *bx,
             double       *by)
{
  MusterViewTransform t;

  muster_map_view_get_transform (self->view, &t);
  muster_view_to_board (&t, x, y, bx, by);
}

static void
draft_message (MusterEditor *self)
{
  g_autofree char *text = NULL;
  guint n = self->draft->len;

  if (n == 0)
    {
      show_message (self, NULL);
      return;
    }
  text = g_strdup_printf (ngettext ("%u point; click the last point again or press Enter to finish, Escape to cancel",
                                    "%u points; click the last point again or press Enter to finish, Escape to cancel",
                                    n), n);
  show_message (self, text);
}

gboolean
muster_editor_finish_shape (MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = NULL;
  int index;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  if (self->draft->len == 0)
    return FALSE;
  points = g_steal_pointer (&self->draft);
  self->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  if (self->tool == MUSTER_TOOL_AREA)
    index = mu_edit_add_area (self->history, self->area_kind, (MuPoint *) points->data, points->len,
                              &error);
  else
    index = mu_edit_add_line (self->history, self->line_kind, (MuPoint *) points->data, points->len,
                              &error);
  report (self, index >= 0, &error);
  return index >= 0;
}

guint
muster_editor_get_n_draft_points (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), 0);
  return self->draft->len;
}

static void
cancel_shape (MusterEditor *self)
{
  g_array_set_size (self->draft, 0);
  show_message (self, NULL);
}

/* A click of the area or line tool adds a point; a click on the last point
 * (the second press of a double-click) ends the shape. */
static void
shape_point (MusterEditor *self,
             MuPoint       p)
{
  double tolerance = PICK_TOLERANCE * table_units_per_pixel (self);

  if (self->draft->len > 0)
    {
      MuPoint last = g_array_index (self->draft, MuPoint, self->draft->len - 1);

      if (hypot (p.x - last.x, p.y - last.y) <= tolerance)
        {
          muster_editor_finish_shape (self);
          return;
        }
    }
  g_array_append_val (self->draft, p);
  draft_message (self);
}

static void
select_item (MusterEditor        *self,
             MusterSelectionKind  kind,
             int                  index,
             const char          *id)
{
  self->sel_kind = kind;
  self->sel_index = index;
  g_free (self->sel_id);
  self->sel_id = g_strdup (id);
  update_selection (self);
}

/* The label anchor in board pixels. */
static void
label_board_point (MusterEditor  *self,
                   const MuLabel *l,
                   double        *bx,
                   double        *by)
{
  MuScenario *s = scenario (self);

  if (is_table (self))
    {
      *bx = l->dx / table_units_per_pixel (self) / muster_map_view_get_zoom (self->view);
      *by = l->dy / table_units_per_pixel (self) / muster_map_view_get_zoom (self->view);
    }
  else
    {
      mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, l->hex, bx, by);
      *bx += l->dx * MUSTER_MAP_VIEW_HEX_SIZE;
      *by += l->dy * MUSTER_MAP_VIEW_HEX_SIZE;
    }
}

/* What the Select tool finds under widget point (x, y): labels first, then
 * objectives, lines and areas. */
static MusterSelectionKind
item_at (MusterEditor *self,
         double        x,
         double        y,
         int          *index,
         const char  **id)
{
  MuScenario *s = scenario (self);
  GPtrArray *labels = is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  double zoom = muster_map_view_get_zoom (self->view);
  double bx, by;
  MusterPick pick;
  int piece;

  *index = -1;
  *id = NULL;
  if (labels == NULL || !muster_map_view_pick (self->view, x, y, &pick, &piece))
    return MUSTER_SELECTION_NONE;
  board_point (self, x, y, &bx, &by);
  for (guint i = labels->len; i > 0; i--)
    {
      const MuLabel *l = g_ptr_array_index (labels, i - 1);
      double lx, ly;

      label_board_point (self, l, &lx, &ly);
      /* labels are written centred on their anchor: half a line high, some letters wide */
      if (fabs (lx - bx) * zoom <= 2 * PICK_TOLERANCE + 3.0 * l->scale * strlen (l->text) &&
          fabs (ly - by) * zoom <= PICK_TOLERANCE * 1.5 * MAX (l->scale, 1.0))
        {
          *index = (int) i - 1;
          return MUSTER_SELECTION_LABEL;
        }
    }
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      gboolean hit;

      if (is_table (self))
        hit = hypot (o->pos.x - pick.table.x, o->pos.y - pick.table.y) <=
              MAX (o->radius, 2 * PICK_TOLERANCE * table_units_per_pixel (self));
      else
        {
          double ox, oy;

          mu_hex_center (&s->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, o->hex, &ox, &oy);
          hit = hypot (ox - bx, oy - by) <= MUSTER_MAP_VIEW_HEX_SIZE / 2;
        }
      if (hit)
        {
          *index = (int) i;
          *id = o->id;
          return MUSTER_SELECTION_OBJECTIVE;
        }
    }
  if (!is_table (self))
    return MUSTER_SELECTION_NONE;
  if ((*index = mu_table_line_at (s->table, pick.table,
                                  PICK_TOLERANCE * table_units_per_pixel (self))) >= 0)
    return MUSTER_SELECTION_LINE;
  if ((*index = mu_table_area_at (s->table, pick.table)) >= 0)
    return MUSTER_SELECTION_AREA;
  return MUSTER_SELECTION_NONE;
}

/* Select tool: picks the item under the pointer and starts moving it.
 * Returns FALSE when there is nothing (the map view then selects the hex). */
static gboolean
select_down (MusterEditor *self,
             double        x,
             double        y)
{
  const char *id;
  int index;
  MusterSelectionKind kind = item_at (self, x, y, &index, &id);
  MusterPick pick;
  int piece;

  if (kind == MUSTER_SELECTION_NONE)
    {
      if (self->sel_kind != MUSTER_SELECTION_NONE)
        select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
      return FALSE;
    }
  select_item (self, kind, index, id);
  muster_map_view_pick (self->view, x, y, &pick, &piece);
  self->moving = TRUE;
  self->move_start = self->move_last = pick.table;
  if (kind == MUSTER_SELECTION_LABEL)
    {
      MuScenario *s = scenario (self);
      const MuLabel *l = g_ptr_array_index (is_table (self) ? s->table->labels : s->hex_map->labels, index);

      self->move_origin = (MuPoint) { l->dx, l->dy };
    }
  else if (kind == MUSTER_SELECTION_OBJECTIVE)
    self->move_origin = mu_scenario_find_objective (scenario (self), id)->pos;
  self->move_last_hex = pick.hex;
  mu_edit_history_begin_group (self->history, NULL);
  return TRUE;
}

static double
angle_of (MuPoint c,
          MuPoint p)
{
  return atan2 (p.y - c.y, p.x - c.x) * 180.0 / G_PI;
}

static void
select_move (MusterEditor *self,
             double        x,
             double        y)
{
  MuScenario *s = scenario (self);
  g_autoptr(GError) error = NULL;
  MusterPick pick;
  int piece;
  double dx, dy;
  gboolean ok = TRUE;

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece))
    return;
  dx = pick.table.x - self->move_last.x;
  dy = pick.table.y - self->move_last.y;
  switch (self->sel_kind)
    {
    case MUSTER_SELECTION_AREA:
    case MUSTER_SELECTION_LINE:
      if (dx == 0 && dy == 0)
        return;
      if (self->rotate_drag)
        {
          GArray *pts = self->sel_kind == MUSTER_SELECTION_AREA
                        ? ((MuArea *) g_ptr_array_index (s->table->areas, self->sel_index))->points
                        : ((MuPolyline *) g_ptr_array_index (s->table->lines, self->sel_index))->points;
          MuPoint c = mu_points_centre ((MuPoint *) pts->data, pts->len);
          double degrees = angle_of (c, pick.table) - angle_of (c, self->move_last);

          if (self->sel_kind == MUSTER_SELECTION_AREA)
            ok = mu_edit_rotate_area (self->history, self->sel_index, degrees, &error);
          else
            ok = mu_edit_rotate_line (self->history, self->sel_index, degrees, &error);
        }
      else if (self->sel_kind == MUSTER_SELECTION_AREA)
        ok = mu_edit_move_area (self->history, self->sel_index, dx, dy, &error);
      else
        ok = mu_edit_move_line (self->history, self->sel_index, dx, dy, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      /* a table label keeps its offset from the pointer: a click moves nothing */
      if (is_table (self))
        ok = mu_edit_move_label (self->history, self->sel_index, MU_HEX_NONE,
                                 self->move_origin.x + (pick.table.x - self->move_start.x),
                                 self->move_origin.y + (pick.table.y - self->move_start.y), &error);
      else if (pick.on_board && !mu_hex_equal (pick.hex, self->move_last_hex))
        ok = mu_edit_move_label (self->history, self->sel_index, pick.hex, 0, 0, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      if (is_table (self))
        ok = mu_edit_move_objective (self->history, self->sel_id, MU_HEX_NONE,
                                     (MuPoint) { self->move_origin.x + (pick.table.x - self->move_start.x),
                                                 self->move_origin.y + (pick.table.y - self->move_start.y) },
                                     &error);
      else if (pick.on_board && !mu_hex_equal (pick.hex, self->move_last_hex))
        ok = mu_edit_move_objective (self->history, self->sel_id, pick.hex, pick.table, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (ok)
    {
      self->move_last = pick.table;
      if (pick.on_board)
        self->move_last_hex = pick.hex;
    }
}

MusterSelectionKind
muster_editor_get_selection (MusterEditor *self,
                             int          *index,
                             const char  **id)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), MUSTER_SELECTION_NONE);
  if (index)
    *index = self->sel_index;
  if (id)
    *id = self->sel_id;
  return self->sel_kind;
}

void
muster_editor_set_rotate_drag (MusterEditor *self,
                               gboolean      rotate)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  self->rotate_drag = rotate;
}

/* The selection panel ---------------------------------------------------------------- */

/* Drops a selection that an edit, undo or redo has taken away. */
static gboolean
selection_valid (MusterEditor *self)
{
  MuScenario *s = scenario (self);
  GPtrArray *labels = is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;

  switch (self->sel_kind)
    {
    case MUSTER_SELECTION_AREA:
      return is_table (self) && self->sel_index >= 0 && (guint) self->sel_index < s->table->areas->len;
    case MUSTER_SELECTION_LINE:
      return is_table (self) && self->sel_index >= 0 && (guint) self->sel_index < s->table->lines->len;
    case MUSTER_SELECTION_LABEL:
      return labels && self->sel_index >= 0 && (guint) self->sel_index < labels->len;
    case MUSTER_SELECTION_OBJECTIVE:
      return mu_scenario_find_objective (s, self->sel_id) != NULL;
    case MUSTER_SELECTION_NONE:
    default:
      return FALSE;
    }
}

static void
update_selection (MusterEditor *self)
{
  MuScenario *s = scenario (self);
  GPtrArray *labels = is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  g_autofree char *title = NULL;
  const char *text = NULL;
  gboolean name = FALSE, level = FALSE, scale = FALSE, objective = FALSE, shape = FALSE;

  if (self->sel_kind != MUSTER_SELECTION_NONE && !selection_valid (self))
    {
      self->sel_kind = MUSTER_SELECTION_NONE;
      g_clear_pointer (&self->sel_id, g_free);
    }
  /* nothing selected before or now: the panel stays as it is */
  if (self->sel_kind == MUSTER_SELECTION_NONE && self->panel_empty)
    return;
  self->panel_empty = self->sel_kind == MUSTER_SELECTION_NONE;
  self->inspecting = TRUE;
  switch (self->sel_kind)
    {
    case MUSTER_SELECTION_AREA:
      {
        const MuArea *a = g_ptr_array_index (s->table->areas, self->sel_index);

        title = g_strdup_printf (_("Area %d: %s"), self->sel_index + 1, _(area_names[a->kind]));
        text = a->name;
        name = shape = TRUE;
        level = a->kind == MU_AREA_HILL;
        if (level)
          gtk_spin_button_set_value (self->item_level, a->level);
      }
      break;
    case MUSTER_SELECTION_LINE:
      {
        const MuPolyline *l = g_ptr_array_index (s->table->lines, self->sel_index);

        title = l->name ? g_strdup_printf (_("Line %d: %s, %s"), self->sel_index + 1,
                                           _(line_names[l->kind]), l->name)
                        : g_strdup_printf (_("Line %d: %s"), self->sel_index + 1, _(line_names[l->kind]));
        shape = TRUE;
      }
      break;
    case MUSTER_SELECTION_LABEL:
      {
        const MuLabel *l = g_ptr_array_index (labels, self->sel_index);

        title = g_strdup_printf (_("Label %d"), self->sel_index + 1);
        text = l->text;
        name = scale = TRUE;
        gtk_spin_button_set_value (self->item_scale, l->scale);
      }
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      {
        const MuObjective *o = mu_scenario_find_objective (s, self->sel_id);
        g_autoptr(GPtrArray) names = g_ptr_array_new ();
        guint selected = 0;

        title = g_strdup_printf (_("Objective %s"), o->id);
        text = o->name;
        name = objective = TRUE;
        g_ptr_array_add (names, (gpointer) _("Nobody"));
        for (guint i = 0; i < s->sides->len; i++)
          {
            const MuSide *side = g_ptr_array_index (s->sides, i);

            g_ptr_array_add (names, side->name ? side->name : side->id);
            if (g_strcmp0 (side->id, o->owner) == 0)
              selected = i + 1;
          }
        set_dropdown_strings (self->item_owner, names);
        gtk_drop_down_set_selected (self->item_owner, selected);
        gtk_spin_button_set_value (self->item_value, o->value);
      }
      break;
    case MUSTER_SELECTION_NONE:
    default:
      break;
    }
  gtk_label_set_label (self->item_label, title ? title
                       : _("Click an area, line, label or objective with Select"));
  gtk_editable_set_text (GTK_EDITABLE (self->item_text), text ? text : "");
  gtk_widget_set_visible (self->item_text_row, name);
  gtk_widget_set_visible (self->item_level_row, level);
  gtk_widget_set_visible (self->item_scale_row, scale);
  gtk_widget_set_visible (self->item_owner_row, objective);
  gtk_widget_set_visible (self->item_value_row, objective);
  gtk_widget_set_visible (self->item_rotate_row, shape);
  gtk_widget_set_visible (self->item_delete, self->sel_kind != MUSTER_SELECTION_NONE);
  self->inspecting = FALSE;
}

static void
on_item_text_activate (GtkEntry     *entry,
                       MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  gboolean ok;

  if (self->inspecting)
    return;
  switch (self->sel_kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_set_area_name (self->history, self->sel_index, *text ? text : NULL, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_set_label_text (self->history, self->sel_index, text, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_set_objective_name (self->history, self->sel_id, text, &error);
      break;
    case MUSTER_SELECTION_LINE:
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (!ok)
    update_selection (self);
}

static void
on_item_level_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->sel_kind != MUSTER_SELECTION_AREA)
    return;
  report (self, mu_edit_set_area_level (self->history, self->sel_index,
                                        gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_scale_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->sel_kind != MUSTER_SELECTION_LABEL)
    return;
  report (self, mu_edit_set_label_scale (self->history, self->sel_index,
                                         gtk_spin_button_get_value (spin), &error), &error);
}

static void
on_item_owner_changed (GtkDropDown  *dropdown,
                       GParamSpec   *pspec,
                       MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  MuScenario *s = scenario (self);
  guint i = gtk_drop_down_get_selected (dropdown);
  const char *owner = NULL;

  if (self->inspecting || self->sel_kind != MUSTER_SELECTION_OBJECTIVE || i == GTK_INVALID_LIST_POSITION)
    return;
  if (i > 0 && i <= s->sides->len)
    owner = ((MuSide *) g_ptr_array_index (s->sides, i - 1))->id;
  report (self, mu_edit_set_objective_owner (self->history, self->sel_id, owner, &error), &error);
}

static void
on_item_value_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->sel_kind != MUSTER_SELECTION_OBJECTIVE)
    return;
  report (self, mu_edit_set_objective_value (self->history, self->sel_id,
                                             gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_rotate (GtkButton    *button,
                MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  double degrees = gtk_spin_button_get_value (self->item_rotate);

  if (self->sel_kind == MUSTER_SELECTION_AREA)
    report (self, mu_edit_rotate_area (self->history, self->sel_index, degrees, &error), &error);
  else if (self->sel_kind == MUSTER_SELECTION_LINE)
    report (self, mu_edit_rotate_line (self->history, self->sel_index, degrees, &error), &error);
}

static void
on_item_delete (GtkButton    *button,
                MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  switch (self->sel_kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_remove_area (self->history, self->sel_index, &error);
      break;
    case MUSTER_SELECTION_LINE:
      ok = mu_edit_remove_line (self->history, self->sel_index, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_remove_label (self->history, self->sel_index, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_remove_objective (self->history, self->sel_id, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (ok)
    select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
}

void
muster_editor_set_selected_text (MusterEditor *self,
                                 const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->item_text), text ? text : "");
  g_signal_emit_by_name (self->item_text, "activate");
}

void
muster_editor_set_selected_level (MusterEditor *self,
                                  int           level)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item_level, level);
}

void
muster_editor_set_selected_scale (MusterEditor *self,
                                  double        scale)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item_scale, scale);
}

void
muster_editor_set_selected_owner (MusterEditor *self,
                                  const char   *owner)
{
  MuScenario *s;
  guint selected = 0;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  s = scenario (self);
  for (guint i = 0; i < s->sides->len; i++)
    if (g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->id, owner) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->item_owner, selected);
}

void
muster_editor_set_selected_value (MusterEditor *self,
                                  int           value)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item_value, value);
}

void
muster_editor_rotate_selected (MusterEditor *self,
                               double        degrees)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item_rotate, degrees);
  on_item_rotate (NULL, self);
}

void
muster_editor_delete_selected (MusterEditor *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  on_item_delete (NULL, self);
}

/* Gives the drop-down these strings, replacing its list only when they differ
 * (never while it reports a choice). */
static void
set_dropdown_strings (GtkDropDown *dropdown,
                      GPtrArray   *names)
{
  GListModel *current = gtk_drop_down_get_model (dropdown);
  gboolean same = current && g_list_model_get_n_items (current) == names->len;

  for (guint i = 0; same && i < names->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (current), i),
                      g_ptr_array_index (names, i)) == 0;
  if (!same)
    {
      g_autoptr(GListModel) list = string_model ((const char *const *) names->pdata, names->len);

      gtk_drop_down_set_model (dropdown, list);
    }
}

/* The entry tool's reserve choice follows the scenario's reserves. */
static void
update_reserves (MusterEditor *self)
{
  MuScenario *s = scenario (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  MuReserve *chosen = entry_reserve (self);
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
  set_dropdown_strings (self->reserve_dropdown, names);
  gtk_drop_down_set_selected (self->reserve_dropdown, selected);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reserve_dropdown), s->reserves->len > 0);
  self->inspecting = FALSE;
}

static void
on_reserve_chosen (GtkDropDown  *dropdown,
                   GParamSpec   *pspec,
                   MusterEditor *self)
{
  MuScenario *s = scenario (self);
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->inspecting || i == GTK_INVALID_LIST_POSITION || i >= s->reserves->len)
    return;
  g_free (self->reserve);
  self->reserve = g_strdup (((MuReserve *) g_ptr_array_index (s->reserves, i))->id);
  update_entry_marks (self);
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

/* The palette shows the tools and options of the scenario's kind of board. */
static void
update_board_kind (MusterEditor *self)
{
  gboolean table = is_table (self);
  GtkWidget *w;
  int n = 0;

  if (self->shown_board == (int) scenario (self)->board)
    return;
  self->shown_board = (int) scenario (self)->board;
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = self->tool_buttons[i];
      gboolean show = table ? tool_for_table ((MusterTool) i) : tool_for_hex ((MusterTool) i);

      /* shown tools fill the grid in palette order */
      if (show)
        {
          GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->tool_grid));
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, button));

          gtk_grid_layout_child_set_column (child, n % 2);
          gtk_grid_layout_child_set_row (child, n / 2);
          n++;
        }
      gtk_widget_set_visible (button, show);
    }
  /* the hex options are the first five rows of the options grid */
  for (int row = 0; row < 5; row++)
    for (int col = 0; col < 2; col++)
      if ((w = gtk_grid_get_child_at (self->options_grid, col, row)))
        gtk_widget_set_visible (w, !table);
  gtk_widget_set_visible (self->area_row, table);
  gtk_widget_set_visible (self->line_row, table);
  gtk_widget_set_visible (self->reserve_row, !table);
  /* the Selected Hex section */
  w = gtk_widget_get_prev_sibling (GTK_WIDGET (self->hex_label));
  if (w)
    gtk_widget_set_visible (w, !table);
  gtk_widget_set_visible (GTK_WIDGET (self->hex_label), !table);
  gtk_widget_set_visible (self->hex_box, !table);
  /* the Board Size section (rows and columns) */
  w = gtk_widget_get_parent (GTK_WIDGET (self->edge_dropdown));
  if (w && gtk_widget_get_prev_sibling (w))
    gtk_widget_set_visible (gtk_widget_get_prev_sibling (w), !table);
  if (w)
    gtk_widget_set_visible (w, !table);
  if (table ? !tool_for_table (self->tool) : !tool_for_hex (self->tool))
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "tool");

      /* the other board's tool cannot stay: back to Select (the cursor follows
       * on the next tool change) */
      if (self->stroking || self->moving)
        muster_editor_pointer_up (self, 0, 0);
      cancel_shape (self);
      self->tool = MUSTER_TOOL_SELECT;
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string ("select"));
      gtk_widget_set_cursor (GTK_WIDGET (self->view), NULL);
    }
}

static GtkWidget *
panel_row (GtkWidget  *grid,
           int         row,
           const char *label,
           GtkWidget  *control)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), control);
  gtk_widget_set_hexpand (control, TRUE);
  gtk_grid_attach (GTK_GRID (grid), l, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), control, 1, row, 1, 1);
  /* the row shows and hides with its label */
  g_object_bind_property (l, "visible", control, "visible", G_BINDING_SYNC_CREATE);
  return l;
}

/* The table tool options and the Selected Item panel, built below the options. */
static void
build_table_widgets (MusterEditor *self)
{
  const char *areas[MU_AREA_N], *lines[MU_LINE_N];
  GtkWidget *heading, *grid, *rotate_box, *button;
  int row = 100;

  for (int i = 0; i < MU_AREA_N; i++)
    areas[i] = _(area_names[i]);
  for (int i = 0; i < MU_LINE_N; i++)
    lines[i] = _(line_names[i]);
  self->area_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (string_model (areas, MU_AREA_N), NULL));
  self->line_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (string_model (lines, MU_LINE_N), NULL));
  self->area_row = panel_row (GTK_WIDGET (self->options_grid), row++, _("_Area"), GTK_WIDGET (self->area_dropdown));
  self->line_row = panel_row (GTK_WIDGET (self->options_grid), row++, _("_Line"), GTK_WIDGET (self->line_dropdown));
  self->reserve_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->reserve_dropdown),
                               _("The reserve whose entry hexes the Entry tool marks"));
  self->reserve_row = panel_row (GTK_WIDGET (self->options_grid), row++, _("_Reserve"),
                                 GTK_WIDGET (self->reserve_dropdown));
  g_signal_connect (self->reserve_dropdown, "notify::selected", G_CALLBACK (on_reserve_chosen), self);
  g_signal_connect_swapped (self->area_dropdown, "notify::selected", G_CALLBACK (on_shape_kind_changed), self);
  g_signal_connect_swapped (self->line_dropdown, "notify::selected", G_CALLBACK (on_shape_kind_changed), self);

  heading = gtk_label_new (_("Selected Item"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (self->map_page, heading);
  self->item_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->item_label, 0);
  gtk_label_set_wrap (self->item_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->item_label), "dim-label");
  gtk_box_append (self->map_page, GTK_WIDGET (self->item_label));

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_box_append (self->map_page, grid);
  self->item_text = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->item_text), _("Press Enter to apply"));
  self->item_text_row = panel_row (grid, 0, _("_Name"), GTK_WIDGET (self->item_text));
  self->item_level = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, MU_ELEVATION_MAX, 1));
  self->item_level_row = panel_row (grid, 1, _("Hill le_vel"), GTK_WIDGET (self->item_level));
  self->item_scale = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0.25, 8, 0.25));
  self->item_scale_row = panel_row (grid, 2, _("_Scale"), GTK_WIDGET (self->item_scale));
  self->item_owner = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->item_owner_row = panel_row (grid, 3, _("_Owner"), GTK_WIDGET (self->item_owner));
  self->item_value = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 100, 1));
  self->item_value_row = panel_row (grid, 4, _("_Value"), GTK_WIDGET (self->item_value));
  rotate_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->item_rotate = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (-180, 180, 15));
  gtk_spin_button_set_value (self->item_rotate, 15);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->item_rotate),
                               _("Degrees clockwise; Shift+drag with Select rotates too"));
  button = gtk_button_new_with_mnemonic (_("_Rotate"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_item_rotate), self);
  gtk_box_append (GTK_BOX (rotate_box), GTK_WIDGET (self->item_rotate));
  gtk_box_append (GTK_BOX (rotate_box), button);
  self->item_rotate_row = panel_row (grid, 5, _("Tur_n"), rotate_box);
  self->item_delete = gtk_button_new_with_mnemonic (_("_Delete"));
  gtk_widget_set_tooltip_text (self->item_delete, _("Delete the selected item (Delete key)"));
  gtk_widget_add_css_class (self->item_delete, "destructive-action");
  gtk_grid_attach (GTK_GRID (grid), self->item_delete, 1, 6, 1, 1);
  g_signal_connect (self->item_delete, "clicked", G_CALLBACK (on_item_delete), self);

  g_signal_connect (self->item_text, "activate", G_CALLBACK (on_item_text_activate), self);
  g_signal_connect (self->item_level, "value-changed", G_CALLBACK (on_item_level_changed), self);
  g_signal_connect (self->item_scale, "value-changed", G_CALLBACK (on_item_scale_changed), self);
  g_signal_connect (self->item_owner, "notify::selected", G_CALLBACK (on_item_owner_changed), self);
  g_signal_connect (self->item_value, "value-changed", G_CALLBACK (on_item_value_changed), self);
}

static void
on_shape_kind_changed (MusterEditor *self)
{
  self->area_kind = MIN (gtk_drop_down_get_selected (self->area_dropdown), MU_AREA_N - 1);
  self->line_kind = MIN (gtk_drop_down_get_selected (self->line_dropdown), MU_LINE_N - 1);
}

void
muster_editor_set_area_kind (MusterEditor *self,
                             MuAreaKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_drop_down_set_selected (self->area_dropdown, kind);
}

void
muster_editor_set_line_kind (MusterEditor *self,
                             MuLineKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_drop_down_set_selected (self->line_dropdown, kind);
}

/* Enter ends a shape, Escape drops it, Delete removes the selected item. */
static gboolean
on_view_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             MusterEditor          *self)
{
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->draft->len == 0)
        return FALSE;
      muster_editor_finish_shape (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->draft->len == 0)
        return FALSE;
      cancel_shape (self);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
      if (self->sel_kind == MUSTER_SELECTION_NONE)
        return FALSE;
      muster_editor_delete_selected (self);
      return TRUE;
    default:
      return FALSE;
    }
}

/* A press of a drawing tool on a table. */
static void
table_down (MusterEditor *self,
            double        x,
            double        y)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *text = self->text && *self->text ? self->text : NULL;
  MusterPick pick;
  int piece;

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece))
    return;
  if (!pick.on_board)
    {
      show_message (self, _("That point is off the table"));
      return;
    }
  switch (self->tool)
    {
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
      shape_point (self, pick.table);
      break;
    case MUSTER_TOOL_LABEL:
      report (self, mu_edit_add_label (self->history, text ? text : _("Label"), MU_HEX_NONE,
                                       pick.table.x, pick.table.y, &error) >= 0, &error);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (self->history, text ? text : _("Objective"), MU_HEX_NONE,
                                  pick.table, &error);
      report (self, id != NULL, &error);
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_RECTANGLE:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_N:
    default:
      show_message (self, _("On a tabletop board, use the Area, Line, Label and Objective tools"));
      break;
    }
}

void
muster_editor_pointer_down (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterPick pick;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *text;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->tool == MUSTER_TOOL_SELECT)
    {
      select_down (self, x, y);
      return;
    }
  if (is_table (self))
    {
      table_down (self, x, y);
      return;
    }
  if (self->tool == MUSTER_TOOL_AREA || self->tool == MUSTER_TOOL_LINE)
    {
      show_message (self, _("Areas and lines are drawn on tabletop boards; use the brush and path tools on a hex map"));
      return;
    }
  if (!pick_at (self, x, y, &pick))
    return;
  if (!pick.on_board)
    {
      show_message (self, _("That point is off the board"));
      return;
    }
  self->stroking = TRUE;
  self->start_hex = self->last_hex = pick.hex;
  g_hash_table_remove_all (self->stroke_hexes);
  text = self->text && *self->text ? self->text : NULL;

  switch (self->tool)
    {
    case MUSTER_TOOL_BRUSH:
      mu_edit_history_begin_group (self->history, NULL);
      report (self, mu_edit_paint_brush (self->history, pick.hex, self->brush, self->terrain, &error),
              &error);
      break;
    case MUSTER_TOOL_FILL:
      report (self, mu_edit_flood_fill (self->history, pick.hex, self->terrain, &error), &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_RECTANGLE:
      set_rectangle_preview (self, pick.hex, pick.hex);
      break;
    case MUSTER_TOOL_LASSO:
      g_array_set_size (self->lasso, 0);
      lasso_add (self, x, y);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      mu_edit_history_begin_group (self->history, NULL);
      elevate (self, pick.hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      mu_edit_history_begin_group (self->history, NULL);
      hexside_at (self, &pick, TRUE);
      break;
    case MUSTER_TOOL_PATH:
      mu_edit_history_begin_group (self->history, NULL);
      break;
    case MUSTER_TOOL_LABEL:
      report (self, mu_edit_add_label (self->history, text ? text : _("Label"), pick.hex, 0, 0,
                                       &error) >= 0, &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_ENTRY:
      self->stroking = FALSE;
      toggle_entry (self, pick.hex);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (self->history, text ? text : _("Objective"), pick.hex,
                                  pick.table, &error);
      report (self, id != NULL, &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_N:
    default:
      self->stroking = FALSE;
      break;
    }
}

void
muster_editor_pointer_move (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterPick pick;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->moving)
    {
      select_move (self, x, y);
      return;
    }
  if (self->stroking && self->tool == MUSTER_TOOL_LASSO)
    {
      lasso_add (self, x, y);
      set_lasso_preview (self);
      return;
    }
  if (!self->stroking || !pick_at (self, x, y, &pick))
    return;

  switch (self->tool)
    {
    case MUSTER_TOOL_BRUSH:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        report (self, mu_edit_paint_brush (self->history, pick.hex, self->brush, self->terrain,
                                           &error), &error);
      break;
    case MUSTER_TOOL_RECTANGLE:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        set_rectangle_preview (self, self->start_hex, pick.hex);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        elevate (self, pick.hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      if (pick.on_board)
        hexside_at (self, &pick, FALSE);
      break;
    case MUSTER_TOOL_PATH:
      if (pick.on_board && !mu_hex_equal (pick.hex, self->last_hex))
        {
          const MuHexGrid *grid = &scenario (self)->hex_map->grid;

          /* a fast pointer may skip hexes: follow the hex line */
          g_autoptr(GArray) line = mu_hex_line (grid, self->last_hex, pick.hex);

          for (guint i = 1; i < line->len; i++)
            {
              MuHex a = g_array_index (line, MuHexLineStep, i - 1).hex;
              MuHex b = g_array_index (line, MuHexLineStep, i).hex;
              gboolean ok;

              g_clear_error (&error);
              if (self->path_erase)
                ok = !mu_hex_map_has_link (scenario (self)->hex_map, a, mu_hex_direction_to (grid, a, b),
                                           self->path_kind) ||
                     mu_edit_remove_path_segment (self->history, self->path_kind, a, b, &error);
              else
                ok = mu_edit_add_path_segment (self->history, self->path_kind, a, b, &error);
              report (self, ok, &error);
            }
        }
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
    case MUSTER_TOOL_N:
    default:
      break;
    }
  self->last_hex = pick.hex;
}

void
muster_editor_pointer_up (MusterEditor *self,
                          double        x,
                          double        y)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->moving)
    {
      select_move (self, x, y);
      self->moving = FALSE;
      mu_edit_history_end_group (self->history);
      return;
    }
  if (!self->stroking)
    return;
  muster_editor_pointer_move (self, x, y);
  self->stroking = FALSE;
  switch (self->tool)
    {
    case MUSTER_TOOL_RECTANGLE:
      {
        g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&scenario (self)->hex_map->grid,
                                                           self->start_hex, self->last_hex);

        muster_scene_clear_highlights (muster_map_view_get_scene (self->view));
        report (self, mu_edit_paint_terrain (self->history, (MuHex *) hexes->data, hexes->len,
                                             self->terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_LASSO:
      {
        g_autoptr(GArray) hexes = lasso_hexes (self);

        muster_scene_clear_highlights (muster_map_view_get_scene (self->view));
        g_array_set_size (self->lasso, 0);
        if (hexes->len == 0)
          show_message (self, _("The outline encloses no hex centre"));
        else
          report (self, mu_edit_paint_terrain (self->history, (MuHex *) hexes->data, hexes->len,
                                               self->terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
      mu_edit_history_end_group (self->history);
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
    case MUSTER_TOOL_N:
    default:
      break;
    }
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MusterEditor   *self)
{
  if (self->tool == MUSTER_TOOL_SELECT)
    {
      GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

      self->rotate_drag = (state & GDK_SHIFT_MASK) != 0;
      if (!select_down (self, x, y))
        {
          gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
          return;
        }
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
  muster_editor_pointer_down (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MusterEditor   *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  muster_editor_pointer_move (self, x + dx, y + dy);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MusterEditor   *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  muster_editor_pointer_up (self, x + dx, y + dy);
}

gboolean
muster_editor_drop_counter (MusterEditor *self,
                            const char   *id,
                            double        x,
                            double        y)
{
  MusterPick pick;
  int piece;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece) || !pick.on_board)
    {
      show_message (self, _("Drop the counter on the board"));
      return FALSE;
    }
  if (scenario (self)->board == MU_BOARD_HEX)
    ok = mu_edit_place_counter_hex (self->history, id, pick.hex, &error);
  else
    {
      const MuCounter *c = mu_scenario_find_counter (scenario (self), id);

      ok = mu_edit_place_counter_table (self->history, id, pick.table,
                                        c && c->place.kind == MU_PLACE_TABLE ? c->place.facing : 0,
                                        &error);
    }
  report (self, ok, &error);
  return ok;
}

static gboolean
on_board_drop (GtkDropTarget *target,
               const GValue  *value,
               double         x,
               double         y,
               MusterEditor  *self)
{
  const char *text = g_value_get_string (value);

  if (text == NULL || !g_str_has_prefix (text, "counter:"))
    return FALSE;
  return muster_editor_drop_counter (self, text + strlen ("counter:"), x, y);
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
  gtk_drop_down_set_selected (self->terrain_dropdown, terrain);
}

void
muster_editor_set_brush_size (MusterEditor *self,
                              MuBrushSize   size)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  for (guint i = 0; i < G_N_ELEMENTS (brush_sizes); i++)
    if (brush_sizes[i] == size)
      gtk_drop_down_set_selected (self->brush_dropdown, i);
}

void
muster_editor_set_side_feature (MusterEditor *self,
                                guint         feature)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
    if (side_features[i] == feature)
      gtk_drop_down_set_selected (self->side_dropdown, i);
}

void
muster_editor_set_path_kind (MusterEditor *self,
                             MuPathKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_drop_down_set_selected (self->path_dropdown, kind);
}

void
muster_editor_set_path_erase (MusterEditor *self,
                              gboolean      erase)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_check_button_set_active (self->erase_check, erase);
}

void
muster_editor_set_text (MusterEditor *self,
                        const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->text_entry), text ? text : "");
}

static void
on_option_changed (GObject      *object,
                   GParamSpec   *pspec,
                   MusterEditor *self)
{
  guint side = gtk_drop_down_get_selected (self->side_dropdown);
  guint brush = gtk_drop_down_get_selected (self->brush_dropdown);

  self->terrain = MIN (gtk_drop_down_get_selected (self->terrain_dropdown), MU_TERRAIN_N - 1);
  self->brush = brush_sizes[MIN (brush, G_N_ELEMENTS (brush_sizes) - 1)];
  self->side_feature = side_features[MIN (side, G_N_ELEMENTS (side_features) - 1)];
  self->path_kind = MIN (gtk_drop_down_get_selected (self->path_dropdown), MU_PATH_N - 1);
  self->path_erase = gtk_check_button_get_active (self->erase_check);
  g_free (self->text);
  self->text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->text_entry)));
}

/* Inspector and board size ---------------------------------------------------------- */

static const MuHexFeatures hex_features[8] = {
  MU_HEX_FEATURE_STREAM, MU_HEX_FEATURE_FORD, MU_HEX_FEATURE_BRIDGE, MU_HEX_FEATURE_IMPASSABLE,
  MU_HEX_FEATURE_FORTIFICATION, MU_HEX_FEATURE_FORTIFIED_BUILDING, MU_HEX_FEATURE_PREPARED_DEFENCE,
  MU_HEX_FEATURE_BUILDINGS,
};

/* Shows the hex selected in the scene (by the map view's click) with its values. */
static void
update_inspector (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuScenario *s = scenario (self);
  MuHex hex = scene ? muster_scene_get_selected_hex (scene) : MU_HEX_NONE;
  const MuHexCell *cell = s->hex_map ? mu_hex_map_cell (s->hex_map, hex) : NULL;
  char buf[16];
  g_autofree char *text = NULL;

  gtk_widget_set_sensitive (self->hex_box, cell != NULL);
  if (cell == NULL)
    {
      gtk_label_set_label (self->hex_label, _("Click a hex with Select"));
      return;
    }
  mu_hex_format (&s->hex_map->grid, hex, buf, sizeof buf);
  text = g_strdup_printf (_("Hex %s: %s"), buf, mu_terrain_display_name (cell->terrain));
  gtk_label_set_label (self->hex_label, text);
  self->inspecting = TRUE;
  gtk_spin_button_set_value (self->elevation_spin, cell->elevation);
  for (guint i = 0; i < G_N_ELEMENTS (hex_features); i++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->feature_checks[i]),
                                 (cell->features & hex_features[i]) != 0);
  self->inspecting = FALSE;
}

static void
on_scene_changed (MusterScene       *scene,
                  MusterSceneChange  change,
                  MusterEditor      *self)
{
  update_inspector (self);
}

static MuHex
inspected_hex (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);

  return scene ? muster_scene_get_selected_hex (scene) : MU_HEX_NONE;
}

static void
on_elevation_changed (GtkSpinButton *spin,
                      MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting)
    return;
  report (self, mu_edit_set_elevation (self->history, inspected_hex (self),
                                       gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_feature_toggled (GtkCheckButton *check,
                    MusterEditor   *self)
{
  g_autoptr(GError) error = NULL;
  MuHex hex = inspected_hex (self);
  guint feature = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "feature"));

  if (self->inspecting)
    return;
  report (self, mu_edit_set_hex_features (self->history, &hex, 1, feature,
                                          gtk_check_button_get_active (check), &error), &error);
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
  report (self, ok, &error);
  if (ok && report_text)
    show_message (self, report_text);   /* what the resize cut off, undoable */
  if (ok)
    muster_map_view_zoom_to_fit (self->view);
  return ok;
}

static void
on_resize (GSimpleAction *action,
           GVariant      *param,
           gpointer       data)
{
  MusterEditor *self = data;

  muster_editor_resize_board (self, (MuEdge) gtk_drop_down_get_selected (self->edge_dropdown),
                              gtk_spin_button_get_value_as_int (self->resize_spin));
}

/* Actions ----------------------------------------------------------------------- */

static void
on_undo (GSimpleAction *action,
         GVariant      *param,
         gpointer       data)
{
  MusterEditor *self = data;

  mu_edit_history_undo (self->history);
}

static void
on_redo (GSimpleAction *action,
         GVariant      *param,
         gpointer       data)
{
  MusterEditor *self = data;

  mu_edit_history_redo (self->history);
}

static void
on_tool_change_state (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       data)
{
  MusterEditor *self = data;
  MusterTool tool;

  if (!muster_tool_from_string (g_variant_get_string (value, NULL), &tool))
    return;
  if (self->stroking || self->moving)
    muster_editor_pointer_up (self, 0, 0);
  if (self->draft->len > 0)
    cancel_shape (self);
  self->tool = tool;
  g_simple_action_set_state (action, value);
  update_entry_marks (self);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view),
                                   tool == MUSTER_TOOL_SELECT ? NULL : "crosshair");
  show_message (self, NULL);
}

static const GActionEntry actions[] = {
  { "resize", on_resize },
  { "undo", on_undo },
  { "redo", on_redo },
  { "tool", NULL, "s", "'select'", on_tool_change_state },
};

/* Problems ----------------------------------------------------------------------- */

GPtrArray *
muster_editor_get_problems (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  if (self->refresh_id)
    {
      g_source_remove (self->refresh_id);
      refresh_problems (self);
    }
  return self->problems;
}

const char *
muster_editor_get_message (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  return self->message;
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
  MuScenario *s = scenario (self);
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

/* Object ------------------------------------------------------------------------- */

static GListModel *
string_model (const char *const *items,
              guint              n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, items[i]);
  return G_LIST_MODEL (list);
}

static void
muster_editor_dispose (GObject *object)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  if (self->drag && self->view)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drag));
  self->drag = NULL;
  if (self->drop && self->view)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drop));
  self->drop = NULL;
  if (self->view_keys && self->keys_id)
    g_clear_signal_handler (&self->keys_id, self->view_keys);
  if (self->keys && self->view)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), self->keys);
  self->keys = NULL;
  self->view_keys = NULL;
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->history)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  if (self->view && self->scene_changed_id && muster_map_view_get_scene (self->view))
    g_clear_signal_handler (&self->scene_changed_id, muster_map_view_get_scene (self->view));
  g_clear_object (&self->view);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (muster_editor_parent_class)->dispose (object);
}

static void
muster_editor_finalize (GObject *object)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->stroke_hexes, g_hash_table_unref);
  g_clear_pointer (&self->lasso, g_array_unref);
  g_free (self->message);
  g_free (self->text);
  g_free (self->reserve);
  g_free (self->sel_id);
  g_clear_pointer (&self->draft, g_array_unref);

  G_OBJECT_CLASS (muster_editor_parent_class)->finalize (object);
}

static void
muster_editor_class_init (MusterEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_editor_dispose;
  object_class->finalize = muster_editor_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, history_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, redo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, tool_grid);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, terrain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, brush_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, path_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, erase_check);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, text_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, problems_heading);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, problem_list);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, notebook);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, hex_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, hex_box);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, elevation_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, feature_box);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, edge_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, resize_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, oob_page);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, problems_tab);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, map_page);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, options_grid);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated);
}

static void
muster_editor_init (MusterEditor *self)
{
  const char *terrains[MU_TERRAIN_N];
  const char *brushes[] = { _("1 hex"), _("7 hexes"), _("19 hexes") };
  const char *sides[] = { _("Stream"), _("Hedge"), _("Wall"), _("Fortification"), _("Ford"), _("Bridge") };
  const char *paths[] = { _("Road"), _("Turnpike"), _("Railroad"), _("River"), _("Stream") };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->problems = mu_problem_list_new ();
  self->stroke_hexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->lasso = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  self->terrain = MU_TERRAIN_WOODLAND;
  self->brush = MU_BRUSH_1;
  self->side_feature = MU_SIDE_STREAM;
  self->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  self->sel_index = -1;
  self->shown_board = -1;
  build_table_widgets (self);

  for (int i = 0; i < MU_TERRAIN_N; i++)
    terrains[i] = mu_terrain_display_name ((MuTerrain) i);
  gtk_drop_down_set_model (self->terrain_dropdown, string_model (terrains, MU_TERRAIN_N));
  gtk_drop_down_set_model (self->brush_dropdown, string_model (brushes, G_N_ELEMENTS (brushes)));
  gtk_drop_down_set_model (self->side_dropdown, string_model (sides, G_N_ELEMENTS (sides)));
  gtk_drop_down_set_model (self->path_dropdown, string_model (paths, G_N_ELEMENTS (paths)));
  gtk_drop_down_set_selected (self->terrain_dropdown, MU_TERRAIN_WOODLAND);
  g_signal_connect (self->terrain_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (self->brush_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (self->side_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (self->path_dropdown, "notify::selected", G_CALLBACK (on_option_changed), self);
  g_signal_connect (self->erase_check, "notify::active", G_CALLBACK (on_option_changed), self);
  g_signal_connect (self->text_entry, "notify::text", G_CALLBACK (on_option_changed), self);

  {
    const char *edges[] = { _("North edge"), _("South edge"), _("West edge"), _("East edge") };
    const char *names[] = { _("Stream"), _("Ford"), _("Bridge"), _("Impassable"), _("Fortification"),
                            _("Fortified building"), _("Prepared defence"), _("Buildings") };

    gtk_drop_down_set_model (self->edge_dropdown, string_model (edges, G_N_ELEMENTS (edges)));
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        self->feature_checks[i] = gtk_check_button_new_with_label (names[i]);
        g_object_set_data (G_OBJECT (self->feature_checks[i]), "feature", GUINT_TO_POINTER (hex_features[i]));
        g_signal_connect (self->feature_checks[i], "toggled", G_CALLBACK (on_feature_toggled), self);
        gtk_flow_box_append (self->feature_box, self->feature_checks[i]);
      }
    g_signal_connect (self->elevation_spin, "value-changed", G_CALLBACK (on_elevation_changed), self);
  }

  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (_(tools[i].label));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].name);
      gtk_widget_set_tooltip_text (button, _(tools[i].tooltip));
      gtk_grid_attach (self->tool_grid, button, i % 2, i / 2, 1, 1);
      self->tool_buttons[i] = button;
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

  /* Primary-button drags belong to the tool; the map view keeps the middle
   * button and Space+drag for panning. */
  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (self->drag));

  /* Counters dragged from the order of battle land on the hex under the pointer. */
  self->drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (self->drop, "drop", G_CALLBACK (on_board_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (self->drop));

  /* Enter, Escape and Delete: through the map view's own key controller
   * when it has one (the view keeps the arrow keys), else a new one. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && !self->view_keys; i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          self->view_keys = c;
      }
    if (self->view_keys == NULL)
      {
        self->keys = gtk_event_controller_key_new ();
        gtk_widget_add_controller (GTK_WIDGET (view), self->keys);
        self->view_keys = self->keys;
      }
    self->keys_id = g_signal_connect (self->view_keys, "key-pressed", G_CALLBACK (on_view_key), self);
  }

  if (muster_map_view_get_scene (view))
    self->scene_changed_id = g_signal_connect (muster_map_view_get_scene (view), "changed",
                                               G_CALLBACK (on_scene_changed), self);

  self->oob = muster_editor_oob_new (history);
  gtk_widget_set_vexpand (self->oob, TRUE);
  gtk_box_append (self->oob_page, self->oob);

  update_history (self);
  update_board_kind (self);
  update_selection (self);
  update_reserves (self);
  refresh_problems (self);
  return GTK_WIDGET (self);
}
