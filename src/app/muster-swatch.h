/* muster-swatch.h: terrain, path and hexside swatches drawn by the renderer
 *
 * A swatch is a small board (three by three hexes) drawn by the same
 * renderer as the map, cropped to its middle hex, so that what a designer
 * picks in a list looks exactly as it will on the board.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

/* size: the swatch's side in pixels. */
GdkTexture *muster_swatch_terrain (MuTerrain terrain, int size);
GdkTexture *muster_swatch_path    (MuPathKind kind, int size);
/* One hexside feature (MU_SIDE_STREAM, ...) on the middle hex's upper side. */
GdkTexture *muster_swatch_hexside (guint feature, int size);

/* Gives a drop-down whose model is a GtkStringList a factory that shows
 * swatches[i] before the i-th string (n of them, the textures are
 * referenced; a NULL swatch shows the text alone). */
void        muster_swatch_dropdown (GtkDropDown *dropdown, GdkTexture *const *swatches, guint n);

G_END_DECLS
