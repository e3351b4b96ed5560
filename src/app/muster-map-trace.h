/* muster-map-trace.h: drawing the scene's trace over the board
 *
 * The map view's overlay for a line of sight (clear up to what blocks it,
 * its blocking hex or point marked, a label naming what blocks and the rule)
 * and for a move's path (its steps and its cost).
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-picking.h"
#include "muster-scene.h"

#include "mu-region.h"

G_BEGIN_DECLS

/* Appends the table's spots and the trace in widget coordinates to
 * snapshot; w, h: the widget's size. */
void muster_map_trace_snapshot (GtkWidget                 *widget,
                                GtkSnapshot               *snapshot,
                                const MusterViewTransform *transform,
                                const MuScenario          *scenario,
                                double                     hex_size,
                                const MusterTrace         *trace,
                                const MuPoint             *spots,
                                guint                      n_spots,
                                const MuRegion            *area,
                                double                     w,
                                double                     h);

G_END_DECLS
