/* muster-editor-input.c: the editor's hold on the map view's input
 *
 * While the editor is shown it is the map view's tool (muster-map-tool.h):
 * the view reports the primary button's press, drag and release, and Enter
 * on its keyboard cursor as a click, which go to the active editing tool.
 * It also listens to counters dropped from the order of battle, Enter,
 * Escape and Delete, the zoom (the facing handle keeps its size) and the
 * scene's changes (the inspector). All of it is attached here and taken
 * off again when the editor goes, so the map view is left as it was.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <string.h>

struct _MusterEditorInput
{
  GObject parent_instance;

  MusterEditor *editor;         /* unowned: it detaches the input before it goes */
  MusterMapView *view;          /* unowned: the editor holds it while the input is attached */
  GtkDropTarget *drop;
  GtkEventController *keys;      /* added by the editor, or NULL */
  GtkEventController *view_keys; /* the controller listened to */
  gulong keys_id;
  gulong zoom_id;
  gulong scene_changed_id;
};

static MusterMapPress
editor_input_press (MusterMapTool          *tool,
                    const MusterMapPointer *pointer)
{
  MusterEditor *self = MUSTER_EDITOR_INPUT (tool)->editor;

  if (self == NULL)
    return MUSTER_MAP_PRESS_IGNORE;
  if (self->tool == MUSTER_TOOL_SELECT)
    {
      muster_select_tool_set_rotate (self->select, (pointer->state & GDK_SHIFT_MASK) != 0);
      return muster_editor_select_down (self, pointer->x, pointer->y)
             ? MUSTER_MAP_PRESS_CLAIM : MUSTER_MAP_PRESS_IGNORE;
    }
  muster_editor_pointer_down (self, pointer->x, pointer->y);
  return MUSTER_MAP_PRESS_CLAIM;
}

static gboolean
editor_input_drag (MusterMapTool          *tool,
                   const MusterMapPointer *pointer)
{
  MusterEditor *self = MUSTER_EDITOR_INPUT (tool)->editor;

  if (self != NULL)
    muster_editor_pointer_move (self, pointer->x, pointer->y);
  return FALSE;
}

static void
editor_input_release (MusterMapTool          *tool,
                      const MusterMapPointer *pointer)
{
  MusterEditor *self = MUSTER_EDITOR_INPUT (tool)->editor;

  if (self != NULL)
    muster_editor_pointer_up (self, pointer->x, pointer->y);
}

static void
muster_editor_input_tool_init (MusterMapToolInterface *iface)
{
  iface->press = editor_input_press;
  iface->drag = editor_input_drag;
  iface->release = editor_input_release;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterEditorInput, muster_editor_input, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_editor_input_tool_init))

static void
muster_editor_input_class_init (MusterEditorInputClass *klass)
{
}

static void
muster_editor_input_init (MusterEditorInput *self)
{
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

MusterEditorInput *
muster_editor_input_attach (MusterEditor  *editor,
                            MusterMapView *view)
{
  MusterEditorInput *self = g_object_new (MUSTER_TYPE_EDITOR_INPUT, NULL);
  g_autoptr(GListModel) controllers = NULL;

  self->editor = editor;
  self->view = view;
  /* Primary-button presses belong to the tool; the map view keeps the
   * middle button and Space+drag for panning. */
  muster_map_view_set_tool (view, MUSTER_MAP_TOOL (self));
  /* the facing handle keeps its distance on screen */
  self->zoom_id = g_signal_connect_swapped (view, "notify::zoom", G_CALLBACK (muster_editor_update_handle), editor);

  /* Counters dragged from the order of battle land on the hex under the pointer. */
  self->drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (self->drop, "drop", G_CALLBACK (on_board_drop), editor);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (self->drop));

  /* Enter, Escape and Delete: through the map view's own key controller
   * when it has one (the view keeps the arrow keys), else a new one. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
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
  self->keys_id = g_signal_connect (self->view_keys, "key-pressed", G_CALLBACK (muster_editor_on_view_key), editor);

  if (muster_map_view_get_scene (view))
    self->scene_changed_id = g_signal_connect (muster_map_view_get_scene (view), "changed",
                                               G_CALLBACK (muster_editor_on_scene_changed), editor);
  return self;
}

void
muster_editor_input_detach (MusterEditorInput *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);

  g_clear_signal_handler (&self->zoom_id, self->view);
  /* a press under way may still reach the tool: it goes nowhere now */
  self->editor = NULL;
  if (muster_map_view_get_tool (self->view) == MUSTER_MAP_TOOL (self))
    muster_map_view_set_tool (self->view, NULL);
  gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drop));
  g_clear_signal_handler (&self->keys_id, self->view_keys);
  if (self->keys)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), self->keys);
  if (scene && self->scene_changed_id)
    g_clear_signal_handler (&self->scene_changed_id, scene);
  g_object_unref (self);
}
