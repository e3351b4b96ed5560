/* minimal-window.c: the yardstick for Muster's start-up
 *
 * The smallest GTK 4 application window, of Muster's default size: it exits
 * after the first frame of the mapped window, as `muster` does under
 * MUSTER_BENCH_QUIT=mapped, so that the two can be timed as whole processes
 * (wall, CPU, peak memory) side by side. Built only on request:
 * `meson compile -C build minimal-window`. Its flags are those of Muster
 * (one instance, asked for on the session bus).
 *
 * With MINIMAL_WINDOW_HEADER_BAR=1 in the environment the window has a bare
 * header bar, as Muster's has: GTK then draws the window's frame itself
 * (client-side decorations: on X11 without one GTK leaves the frame to the
 * window manager), with a title and the window's buttons, so that what any
 * window with a header bar costs can be told from what Muster adds.
 * MINIMAL_WINDOW_BUTTON=1 as well puts one labelled button in that header
 * bar: the theme draws it raised (a gradient in a rounded clip over a blurred
 * shadow), and under a software GL renderer each kind of drawing the first
 * frame uses has its own start-up cost, whatever the application.
 */
#define G_LOG_DOMAIN "minimal-window"

#include <gtk/gtk.h>
#include <stdlib.h>

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       data)
{
  /* Start-up is what is timed; tearing the window down is not. */
  exit (0);
}

static void
on_map (GtkWidget *window,
        gpointer   data)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), NULL);
}

static void
on_activate (GtkApplication *app,
             gpointer        data)
{
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_title (GTK_WINDOW (window), "Minimal");
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  if (g_strcmp0 (g_getenv ("MINIMAL_WINDOW_HEADER_BAR"), "1") == 0)
    {
      GtkWidget *header_bar = gtk_header_bar_new ();

      if (g_strcmp0 (g_getenv ("MINIMAL_WINDOW_BUTTON"), "1") == 0)
        gtk_header_bar_pack_start (GTK_HEADER_BAR (header_bar), gtk_button_new_with_label ("Open"));
      gtk_window_set_titlebar (GTK_WINDOW (window), header_bar);
    }
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.muster.MinimalWindow",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
