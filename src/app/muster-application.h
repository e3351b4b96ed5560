/* muster-application.h: the GtkApplication (single instance, opens .muster files) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_APPLICATION (muster_application_get_type ())
G_DECLARE_FINAL_TYPE (MusterApplication, muster_application, MUSTER, APPLICATION, GtkApplication)

MusterApplication *muster_application_new          (void);
GSettings         *muster_application_get_settings (MusterApplication *self);
/* Opens `file` in a window: the one showing it already, an empty one, or a
 * new one (muster_window_open_in). */
void               muster_application_open_file    (MusterApplication *self, GFile *file);

G_END_DECLS
