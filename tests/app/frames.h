/* frames.h: waiting for a widget's frames in the window tests
 *
 * Some checks need the window laid out and drawn, not only its events
 * handled: the log's height once the hand-over screen is gone, every
 * tile of the board before a screenshot. These wait for n frames of the
 * widget's frame clock (bounded), then let GTK handle what is pending.
 */
#pragma once

#include <gtk/gtk.h>

static inline gboolean
app_test_count_frame (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       data)
{
  (*(int *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Lets the widget lay out and draw n frames (bounded). */
static inline void
wait_frames (GtkWidget *widget,
             int        n)
{
  int frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, app_test_count_frame, &frames, NULL);

  for (int i = 0; i < 10000 && frames < n; i++)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, id);
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Whether the widget was drawn in the window's last frame: a paintable of
 * it shows the drawing the widget made then, and there is none for a
 * widget that had no allocation when the window was drawn. */
static inline gboolean
drawn (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  return node != NULL;
}

/* A picture of the whole screen (the window and its popovers) into
 * $MUSTER_SCREENSHOT_DIR/NAME.png when that is set, for people to look at. */
static inline void
shot (GtkWidget  *widget,
      const char *name)
{
  const char *dir = g_getenv ("MUSTER_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autofree char *line = NULL;

  if (dir == NULL)
    return;
  wait_frames (widget, 60);   /* every tile drawn */
  path = g_build_filename (dir, name, NULL);
  line = g_strdup_printf ("import -window root %s.png", path);
  g_spawn_command_line_sync (line, NULL, NULL, NULL, NULL);
}
