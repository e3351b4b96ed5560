/* mu-cli-png.h: a board written to PNG in strips (memory bounded by the width), on every processor */
#pragma once

#include <glib.h>

#include "mu-render.h"

G_BEGIN_DECLS

#define MU_CLI_PNG_MAX_THREADS 16

/* Draws the scenario as options say into a width × height PNG written to
 * the descriptor fd (left open),
 * a strip of rows at a time, on `threads` threads (0: one per processor,
 * at most MU_CLI_PNG_MAX_THREADS); the file is the same for any number.
 * progress, when given, is called on this thread after each strip is written. */
typedef void (*MuCliPngProgress) (int strips_written, int strips, gpointer data);

gboolean mu_cli_write_png (const MuScenario *scenario, const MuRenderOptions *options,
                           int width, int height, int threads, int fd,
                           MuCliPngProgress progress, gpointer progress_data, GError **error);
/* The number of threads a PNG is drawn on by default: one per processor. */
int      mu_cli_png_threads (void);

G_END_DECLS
