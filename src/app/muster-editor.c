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

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

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

/* The semantic checks run after the edits settle, not during every step of a stroke. */
static gboolean
refresh_problems (gpointer data)
{
  MusterEditor *self = data;

  self->status->refresh_id = 0;
  g_ptr_array_set_size (self->status->problems, 0);
  mu_scenario_check (muster_editor_scenario (self), self->status->problems);
  muster_problems_page_show (self->status->page, self->status->problems);
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
  muster_tool_palette_set_reserves (self->palette, names, selected);
}

static void
on_reserve_chosen (MusterToolPalette *palette,
                   guint              i,
                   MusterEditor      *self)
{
  MuScenario *s = muster_editor_scenario (self);

  if (i >= s->reserves->len)
    return;
  g_free (self->options.reserve);
  self->options.reserve = g_strdup (((MuReserve *) g_ptr_array_index (s->reserves, i))->id);
  muster_editor_update_entry_marks (self);
}

/* The palette shows the tools and options of the scenario's kind of board. */
static void
update_board_kind (MusterEditor *self)
{
  gboolean table = muster_editor_is_table (self);

  if (!muster_tool_palette_set_table (self->palette, table))
    return;
  /* the Selected Hex and Board Size sections */
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), !table);
  if (!muster_tool_palette_offers (self->palette, self->tool))
    {
      /* the other board's tool cannot stay: back to Select (the cursor follows
       * on the next tool change) */
      muster_editor_activate_tool (self, MUSTER_TOOL_SELECT);
      muster_editor_cancel_shape (self);
      muster_tool_palette_set_tool (self->palette, self->tool);
      gtk_widget_set_cursor (GTK_WIDGET (self->view), NULL);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TOOL]);
    }
}

void
muster_editor_show_panel (MusterEditor      *self,
                          MusterEditorPanel  panel)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_notebook_set_current_page (self->notebook, (int) panel);
}

MusterEditorPanel
muster_editor_get_panel (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), MUSTER_EDITOR_PANEL_MAP);
  return (MusterEditorPanel) gtk_notebook_get_current_page (self->notebook);
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

  g_object_set (self, "tool", tool, NULL);
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
  muster_tool_palette_set_terrain (self->palette, terrain);
}

void
muster_editor_set_brush_size (MusterEditor *self,
                              MuBrushSize   size)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_brush_size (self->palette, size);
}

void
muster_editor_set_side_feature (MusterEditor *self,
                                guint         feature)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_side_feature (self->palette, feature);
}

void
muster_editor_set_path_kind (MusterEditor *self,
                             MuPathKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_path_kind (self->palette, kind);
}

void
muster_editor_set_path_erase (MusterEditor *self,
                              gboolean      erase)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_path_erase (self->palette, erase);
}

void
muster_editor_set_text (MusterEditor *self,
                        const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_text (self->palette, text);
}

/* The tools read their options from the editor's copy. */
static void
on_palette_changed (MusterToolPalette *palette,
                    MusterEditor      *self)
{
  muster_tool_palette_read_options (palette, &self->options);
  g_free (self->options.text);
  self->options.text = g_strdup (muster_tool_palette_get_text (palette));
}

/* Actions ----------------------------------------------------------------------- */

/* editor.tool, the "tool" property's action: the buttons of the palette
 * and the tools' keys choose a tool through it. */
static void
set_tool (MusterEditor *self,
          MusterTool    tool)
{
  gboolean changed = self->tool != tool;

  /* the hook where the palette's tool becomes the map view's: the tool
   * before ends what a press began */
  muster_editor_activate_tool (self, tool);
  muster_tool_palette_set_tool (self->palette, tool);
  muster_editor_update_handle (self);
  muster_editor_update_entry_marks (self);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view),
                                   tool == MUSTER_TOOL_SELECT ? NULL : "crosshair");
  muster_editor_show_message (self, NULL);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TOOL]);
}

static void
on_resize (GtkWidget  *widget,
           const char *action_name,
           GVariant   *param)
{
  MusterEditor *self = MUSTER_EDITOR (widget);

  muster_editor_resize_board (self, muster_hex_inspector_get_edge (self->inspector),
                              muster_hex_inspector_get_resize_count (self->inspector));
}

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
on_problem_activated (MusterProblemsPage *page,
                      guint               index,
                      MusterEditor       *self)
{
  muster_editor_activate_problem (self, index);
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

/* Object ------------------------------------------------------------------------- */

/* A tool's one-key shortcut, pressed on the board: TRUE when it chose a tool. */
gboolean
muster_editor_tool_key (MusterEditor    *self,
                        guint            keyval,
                        GdkModifierType  state)
{
  MusterTool tool;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;
  if (!muster_tool_palette_tool_for_key (self->palette, keyval, &tool))
    return FALSE;
  muster_editor_set_tool (self, tool);
  return TRUE;
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

  G_OBJECT_CLASS (muster_editor_parent_class)->dispose (object);
}

static void
muster_editor_finalize (GObject *object)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  g_clear_pointer (&self->status->problems, g_ptr_array_unref);
  g_free (self->status->message);
  g_free (self->status);
  g_free (self->options.text);
  g_free (self->options.reserve);
  g_free (self->sel.id);

  G_OBJECT_CLASS (muster_editor_parent_class)->finalize (object);
}

static void
muster_editor_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_editor_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterEditor *self = MUSTER_EDITOR (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      set_tool (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_editor_class_init (MusterEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_editor_dispose;
  object_class->finalize = muster_editor_finalize;
  object_class->get_property = muster_editor_get_property;
  object_class->set_property = muster_editor_set_property;

  /* The active tool. */
  props[PROP_TOOL] =
    g_param_spec_enum ("tool", NULL, NULL, MUSTER_TYPE_TOOL, MUSTER_TOOL_SELECT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  g_type_ensure (MUSTER_TYPE_HEX_INSPECTOR);
  g_type_ensure (MUSTER_TYPE_ITEM_PANEL);
  g_type_ensure (MUSTER_TYPE_TOOL_PALETTE);
  g_type_ensure (MUSTER_TYPE_PROBLEMS_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, inspector);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, item);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, history_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, redo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, palette);
  gtk_widget_class_bind_template_child_full (widget_class, "message_label", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "problems_page", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, notebook);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, oob_page);
  gtk_widget_class_bind_template_child (widget_class, MusterEditor, map_page);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_palette_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_reserve_chosen);

  gtk_widget_class_install_property_action (widget_class, "editor.tool", "tool");
  gtk_widget_class_install_action (widget_class, "editor.resize", NULL, on_resize);
}

/* The last message and the problems list, from the template. */
static MusterEditorStatus *
build_status (MusterEditor *self)
{
  MusterEditorStatus *status = g_new0 (MusterEditorStatus, 1);

  status->problems = mu_problem_list_new ();
  status->message_label = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "message_label"));
  status->page = MUSTER_PROBLEMS_PAGE (MUSTER_EDITOR_TEMPLATE_CHILD (self, "problems_page"));
  return status;
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
  muster_editor_ellipsize_dropdown (muster_hex_inspector_get_edge_dropdown (self->inspector));
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
