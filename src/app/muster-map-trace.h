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

/* Appends a movement region's outline to cr's path, in widget pixels: a
 * smooth closed curve through each ring's points (a centripetal
 * Catmull-Rom spline as Bézier curves, tangent-continuous at every
 * point), holes as further sub-paths. */
void muster_map_trace_area_path (cairo_t                   *cr,
                                 const MusterViewTransform *transform,
                                 const MuRegion            *area);

G_END_DECLS
