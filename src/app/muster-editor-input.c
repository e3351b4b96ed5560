/* muster-editor-input.c: the editor's hold on the map view beside its tools
 *
 * The map view reports the pointer and Enter on its keyboard cursor to the
 * palette's tool (muster-editor-tools.c). What is left is attached here:
 * counters dropped from the order of battle, Enter, Escape and Delete, the
 * zoom (the facing handle keeps its size) and the scene's changes (the
 * inspector). All of it is taken off again when the editor goes, so the
 * map view is left as it was.
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

G_DEFINE_FINAL_TYPE (MusterEditorInput, muster_editor_input, G_TYPE_OBJECT)

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
  self->editor = NULL;
  gtk_widget_remove_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (self->drop));
  g_clear_signal_handler (&self->keys_id, self->view_keys);
  if (self->keys)
    gtk_widget_remove_controller (GTK_WIDGET (self->view), self->keys);
  if (scene && self->scene_changed_id)
    g_clear_signal_handler (&self->scene_changed_id, scene);
  g_object_unref (self);
}
