/* muster-settings.h: the program's settings, installed or not */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The application's settings: from the installed schema, else from the
 * build's data folder (an uninstalled muster), else the defaults compiled
 * into the program, kept in memory only (with a warning). */
GSettings *muster_settings_new (void);

G_END_DECLS
