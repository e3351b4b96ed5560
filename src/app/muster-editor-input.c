/* muster-editor-input.c: the editor's hold on the map view's input
 *
 * While the editor is shown it listens to the board: primary-button drags
 * (the active tool's press, drag and release), counters dropped from the
 * order of battle, Enter on the keyboard cursor (a click there), Enter,
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
  MusterMapView *view;          /* unowned: the editor holds it while the input is attached */
  GtkGesture *drag;
  GtkDropTarget *drop;
  GtkEventController *keys;      /* added by the editor, or NULL */
  GtkEventController *view_keys; /* the controller listened to */
  gulong keys_id;
  gulong cursor_id;
  gulong zoom_id;
  gulong scene_changed_id;
};

/* The keyboard's click: the active tool pressed and released at the hex. */
static void
on_cursor_activated (MusterMapView *view,
                     double         x,
                     double         y,
                     MusterEditor  *self)
{
  if (muster_stroke_tool_is_active (self->stroke) || muster_select_tool_is_moving (self->select))
    return;
  muster_editor_pointer_down (self, x, y);
  muster_editor_pointer_up (self, x, y);
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

      muster_select_tool_set_rotate (self->select, (state & GDK_SHIFT_MASK) != 0);
      if (!muster_editor_select_down (self, x, y))
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
  MusterEditorInput *self = g_new0 (MusterEditorInput, 1);
  g_autoptr(GListModel) controllers = NULL;

  self->view = view;
  /* Primary-button drags belong to the tool; the map view keeps the middle
   * button and Space+drag for panning. */
  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (on_drag_begin), editor);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (on_drag_update), editor);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (on_drag_end), editor);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (self->drag));

  /* Enter on the board's keyboard cursor acts as a click there. */
  self->cursor_id = g_signal_connect (view, "cursor-activated", G_CALLBACK (on_cursor_activated), editor);
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

  g_clear_signal_handler (&self->cursor_id, self->view);
  g_clear_signal_handler (&self->zoom_id, self->view);
  gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drag));
  gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drop));
  g_clear_signal_handler (&self->keys_id, self->view_keys);
  if (self->keys)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), self->keys);
  if (scene && self->scene_changed_id)
    g_clear_signal_handler (&self->scene_changed_id, scene);
  g_free (self);
}
