/* muster-print-preview.h: the window of a print preview
 *
 * Shows one page at a time with Previous and Next in its header bar and
 * "Page N of M" beside them ("Preparing…" until the pages are counted).
 * What a page looks like is drawn by the draw function given, which asks
 * muster_print_preview_get_page() which page to draw.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_PRINT_PREVIEW (muster_print_preview_get_type ())
G_DECLARE_FINAL_TYPE (MusterPrintPreview, muster_print_preview, MUSTER, PRINT_PREVIEW, GtkWindow)

GtkWidget *muster_print_preview_new       (GtkWindow              *parent,
                                           const char             *title,
                                           GtkDrawingAreaDrawFunc  draw,
                                           gpointer                data);
/* The pages are counted: shows the first of n_pages. */
void       muster_print_preview_set_ready (MusterPrintPreview     *self,
                                           int                     n_pages);
gboolean   muster_print_preview_is_ready  (MusterPrintPreview     *self);
int        muster_print_preview_get_page  (MusterPrintPreview     *self);

G_END_DECLS
