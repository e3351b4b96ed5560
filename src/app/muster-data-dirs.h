/* muster-data-dirs.h: where the program finds what it ships */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The folder of bundled scenarios: $MUSTER_DATADIR/scenarios, the source
 * tree's (an uninstalled build), then the installed one; the first that
 * exists wins, NULL when none does (newly allocated). */
char *muster_find_scenarios_dir (void);

G_END_DECLS
