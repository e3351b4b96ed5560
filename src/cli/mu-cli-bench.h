/* mu-cli-bench.h: the benchmarks of muster-cli bench, one file per family,
 * and the timing helpers they share */
#pragma once

#include <glib.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

int mu_cli_bench_load (int argc, char **argv);
int mu_cli_bench_undo (int argc, char **argv);
int mu_cli_bench_engine (int argc, char **argv);
int mu_cli_bench_table (int argc, char **argv);
int mu_cli_bench_tiles (int argc, char **argv);

/* A generated hex scenario (mu-cli-bench-data.c); the caller owns it. */
MuScenario *mu_cli_bench_synthetic (int cols, int rows, int n_counters, double hex_share,
                                    double side_share, guint32 seed);

/* Writes the board into DIR as two Tiled maps (mu-cli-bench-tmx.c):
 * bench.tmx with plain tiles and bench-detail.tmx with tiles of Muster's own
 * drawing, each with its tileset. */
int mu_cli_bench_write_tmx (const MuScenario *s, const char *dir, double hex_size);

/* Microseconds of this thread's CPU time when cpu is TRUE (the steadier
 * figure on a machine shared with other jobs), else of wall time. */
gint64 mu_cli_bench_clock_us (gboolean cpu);
/* Sorts ms (an array of double) in place and returns its median, 0 when it
 * is empty. */
double mu_cli_bench_sort_median (GArray *ms);

G_END_DECLS
