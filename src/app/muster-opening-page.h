/* muster-opening-page.h: the page shown while a file loads
 *
 * What is opening ("Opening “NAME”…"), how far the loading got, and
 * Cancel, which emits "cancelled": the window, which owns the loading,
 * stops it.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_OPENING_PAGE (muster_opening_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterOpeningPage, muster_opening_page, MUSTER, OPENING_PAGE, GtkWidget)

GtkWidget *muster_opening_page_new          (void);
void       muster_opening_page_set_text     (MusterOpeningPage *self,
                                             const char        *text);
void       muster_opening_page_set_fraction (MusterOpeningPage *self,
                                             double             fraction);

G_END_DECLS
