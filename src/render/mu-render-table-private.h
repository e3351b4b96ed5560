/* mu-render-table-private.h: what the tabletop renderer's files share
 * (mu-render-table.c, mu-render-table-bases.c; not installed) */
#pragma once

#include "mu-render-private.h"

G_BEGIN_DECLS

/* One drawing of a table: the target, what is drawn and its scale. */
typedef struct {
  cairo_t *cr;
  const MuScenario *scenario;
  const MuTableMap *table;
  const MuRenderOptions *o;
  double k;              /* board pixels per table unit */
  double inch;           /* table units per inch */
  double dev;
  gboolean have_clip;
  MuRect clip;
} MuRenderTableCtx;

/* Board pixels per table unit. */
double mu_render_table_scale    (const MuRenderOptions *o);
void   mu_render_table_init_ctx (MuRenderTableCtx *c, cairo_t *cr, const MuScenario *scenario,
                                 const MuRenderOptions *options);

G_END_DECLS
