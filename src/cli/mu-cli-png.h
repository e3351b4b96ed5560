/* mu-cli-png.h: a board written to PNG in strips (memory bounded by the width) */
#pragma once

#include <glib.h>

#include "mu-render.h"

G_BEGIN_DECLS

/* Draws the scenario as options say into a width × height PNG at path,
 * a strip of rows at a time. */
gboolean mu_cli_write_png (const MuScenario *scenario, const MuRenderOptions *options,
                           int width, int height, const char *path, GError **error);

G_END_DECLS
