/* muster-window-private.h: what the window's parts share (not for other classes) */
#pragma once

#include "muster-window.h"

G_BEGIN_DECLS

/* Shows a loaded scenario (taken), or the problems when it is NULL; the end
 * of opening a file, whichever thread loaded it. */
gboolean  muster_window_open_loaded (MusterWindow *self, GFile *file, MuScenario *scenario,
                                     GPtrArray *problems, GError *load_error, GError **error);
GtkStack *muster_window_get_stack   (MusterWindow *self);

G_END_DECLS
