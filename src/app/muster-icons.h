/* muster-icons.h: the theme's icons kept for the life of the process */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void muster_icons_keep (void);

guint muster_icons_n_kept (void);

G_END_DECLS
