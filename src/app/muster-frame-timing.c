/* muster-frame-timing.c: the window's own frame timing, for benchmarks
 *
 * Off unless asked for in the environment; it never changes what is drawn.
 * Timings are printed, never checked: speed goals are benchmarks, not tests.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-frame-timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
  gint64 start_us;        /* when the window was made */
  GdkFrameClock *clock;
  gint64 map_us;
  gint64 map_cpu_ns;      /* the process's CPU time at the map */
  gint64 frame_wall_us;
  gint64 frame_cpu_ns;
  gint64 layout_cpu_ns;   /* at the end of the frame's layout phase */
  gint64 board_cpu_ns;    /* the board's own snapshot in this frame */
  gint64 first_board_us;  /* after the map, or 0 */
  gint64 complete_us;
  guint frame;
  guint board_frames;
  double slowest_board_ms;
  double slowest_board_cpu_ms;
  guint slowest_board_frame;
  double slowest_ms;      /* any frame after the map */
  double slowest_cpu_ms;
  gboolean print;
  /* 0: stay; 1: exit after the first frame of the mapped window; 2: once the board is complete */
  int quit;
  /* this frame's board, as muster_frame_timing_board told it */
  gboolean board_seen;
  guint drawn, missing;
  gboolean coarse;
} Timing;

#define TIMING_KEY "muster-frame-timing"

static gint64
thread_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

static gint64
process_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

static void
on_before_paint (GdkFrameClock *clock,
                 Timing        *t)
{
  t->frame_wall_us = g_get_monotonic_time ();
  t->frame_cpu_ns = thread_cpu_ns ();
  t->layout_cpu_ns = 0;
  t->board_seen = FALSE;
}

/* Connected after GTK's own handler: the frame's layout is done. */
static void
on_layout (GdkFrameClock *clock,
           Timing        *t)
{
  if (t->frame_wall_us != 0)
    t->layout_cpu_ns = thread_cpu_ns ();
}

static void
on_after_paint (GdkFrameClock *clock,
                Timing        *t)
{
  gint64 now = g_get_monotonic_time ();
  double wall = (now - t->frame_wall_us) / 1000.0;
  double cpu = (thread_cpu_ns () - t->frame_cpu_ns) / 1e6;
  double since_map = (now - t->map_us) / 1000.0;
  gboolean first_board = FALSE, complete = FALSE;

  if (t->frame_wall_us == 0)
    return;
  t->frame++;
  t->slowest_ms = MAX (t->slowest_ms, wall);
  t->slowest_cpu_ms = MAX (t->slowest_cpu_ms, cpu);
  if (t->board_seen)
    {
      t->board_frames++;
      t->slowest_board_ms = MAX (t->slowest_board_ms, wall);
      if (cpu > t->slowest_board_cpu_ms)
        {
          t->slowest_board_cpu_ms = cpu;
          t->slowest_board_frame = t->frame;
        }
      if (t->first_board_us == 0)
        {
          t->first_board_us = now;
          first_board = TRUE;
        }
      if (t->missing == 0 && t->complete_us == 0)
        {
          t->complete_us = now;
          complete = TRUE;
        }
    }
  if (t->print)
    {
      /* the layout, and the paint: the snapshot of every widget and the rendering */
      double layout = t->layout_cpu_ns ? (t->layout_cpu_ns - t->frame_cpu_ns) / 1e6 : 0;

      fprintf (stderr, "frame %u: %.1f ms wall, %.1f ms cpu (layout %.1f, paint %.1f), at %.0f ms after map",
               t->frame, wall, cpu, layout, cpu - layout, since_map);
      if (t->board_seen)
        fprintf (stderr, "; board: %.1f ms cpu, %u bands drawn, %u tiles left%s", t->board_cpu_ns / 1e6,
                 t->drawn, t->missing, t->coarse ? ", coarse picture under them" : "");
      fputc ('\n', stderr);
      if (first_board)
        fprintf (stderr, "first board frame: %.0f ms after map (%.0f ms after the window was made), "
                 "%.0f ms cpu (process) since the map, %.1f ms cpu in the frame\n", since_map,
                 (now - t->start_us) / 1000.0, (process_cpu_ns () - t->map_cpu_ns) / 1e6, cpu);
      if (complete)
        fprintf (stderr, "board complete: %.0f ms after map, %.0f ms cpu (process) since, %u board frames, "
                 "slowest %.1f ms wall, %.1f ms cpu (frame %u); slowest frame since map %.1f ms wall, "
                 "%.1f ms cpu\n", since_map, (process_cpu_ns () - t->map_cpu_ns) / 1e6, t->board_frames,
                 t->slowest_board_ms, t->slowest_board_cpu_ms, t->slowest_board_frame, t->slowest_ms,
                 t->slowest_cpu_ms);
    }
  t->frame_wall_us = 0;
  if ((t->quit == 1) || (t->quit == 2 && complete))
    {
      if (t->print)
        fprintf (stderr, "exit: %.0f ms wall since the window was made, %.0f ms cpu (process)\n",
                 (now - t->start_us) / 1000.0, process_cpu_ns () / 1e6);
      fflush (stderr);
      /* Start-up is what is timed; tearing the window down is not. */
      exit (0);
    }
}

static void
on_map (GtkWidget *window,
        Timing    *t)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (t->map_us != 0 || clock == NULL)
    return;
  t->map_us = g_get_monotonic_time ();
  t->map_cpu_ns = process_cpu_ns ();
  if (t->print)
    fprintf (stderr, "mapped: %.0f ms after the window was made\n", (t->map_us - t->start_us) / 1000.0);
  t->clock = g_object_ref (clock);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), t);
  g_signal_connect (clock, "layout", G_CALLBACK (on_layout), t);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), t);
}

static void
timing_free (gpointer data)
{
  Timing *t = data;

  if (t->clock != NULL)
    g_signal_handlers_disconnect_by_data (t->clock, t);
  g_clear_object (&t->clock);
  g_free (t);
}

void
muster_frame_timing_watch (GtkWindow *window)
{
  const char *quit = g_getenv ("MUSTER_BENCH_QUIT");
  Timing *t;

  g_return_if_fail (GTK_IS_WINDOW (window));

  if (g_getenv ("MUSTER_FRAME_TIMING") == NULL && quit == NULL)
    return;
  t = g_new0 (Timing, 1);
  t->start_us = g_get_monotonic_time ();
  t->print = g_getenv ("MUSTER_FRAME_TIMING") != NULL;
  t->quit = g_strcmp0 (quit, "mapped") == 0 ? 1 : g_strcmp0 (quit, "board") == 0 ? 2 : 0;
  g_object_set_data_full (G_OBJECT (window), TIMING_KEY, t, timing_free);
  g_signal_connect (window, "map", G_CALLBACK (on_map), t);
}

void
muster_frame_timing_board (GtkWidget *board,
                           gint64     cpu_us,
                           guint      drawn,
                           guint      missing,
                           gboolean   coarse)
{
  GtkRoot *root = gtk_widget_get_root (board);
  Timing *t = root ? g_object_get_data (G_OBJECT (root), TIMING_KEY) : NULL;

  if (t == NULL)
    return;
  t->board_seen = TRUE;
  t->board_cpu_ns = cpu_us * 1000;
  t->drawn = drawn;
  t->missing = missing;
  t->coarse = coarse;
}
