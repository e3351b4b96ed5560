/* muster-frame-timing.h: the window's own frame timing, for benchmarks */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* With MUSTER_FRAME_TIMING set in the environment, prints one line a frame
 * of `window` to standard error: the frame's wall and CPU time (the frame
 * clock's before-paint to after-paint: layout, snapshot and rendering), what
 * the board drew in it, and when the window mapped, the board's first frame
 * came and the board was complete. With MUSTER_BENCH_QUIT=mapped the process
 * exits after the first frame of the mapped window, with
 * MUSTER_BENCH_QUIT=board after the frame that completed the board, so that
 * start-up can be timed as a whole process. Without either it does nothing. */
void muster_frame_timing_watch (GtkWindow *window);

/* Called by the board's snapshot: the snapshot's thread CPU microseconds,
 * `drawn` bands of tiles drawn anew in this frame, `missing` tiles left for
 * later frames, `coarse` whether the coarse picture of the board stood in
 * for missing tiles. */
void muster_frame_timing_board (GtkWidget *board,
                                gint64     cpu_us,
                                guint      drawn,
                                guint      missing,
                                gboolean   coarse);

G_END_DECLS
