/* mu-counter-view.c: counter views (mu-ruleset.h), a match's and those of a
 * scenario's placements before play (the editor's board). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-ruleset.h"
#include "mu-table-layout.h"

#include <math.h>

void
mu_counter_view_clear (gpointer view)
{
  MuCounterView *v = view;

  g_clear_pointer (&v->markers, g_free);
  g_clear_pointer (&v->attached, g_free);
  g_clear_pointer (&v->stands, g_free);
  v->n_stands = 0;
  g_clear_pointer (&v->plan, g_free);
  v->n_plan = 0;
  g_clear_pointer (&v->plan_stands, g_free);
  v->n_plan_stands = 0;
}

GArray *
mu_counter_view_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (MuCounterView));

  g_array_set_clear_func (a, mu_counter_view_clear);
  return a;
}

GArray *
mu_counter_view_array_copy (const GArray *views)
{
  GArray *copy = mu_counter_view_array_new ();

  g_return_val_if_fail (views != NULL, copy);

  g_array_set_size (copy, views->len);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      MuCounterView *c = &g_array_index (copy, MuCounterView, i);

      *c = *v;
      c->markers = g_strdup (v->markers);
      c->attached = g_strdup (v->attached);
      c->stands = NULL;
      c->n_stands = 0;
      mu_counter_view_set_stands (c, v->stands, v->n_stands);
      c->plan = NULL;
      c->n_plan = 0;
      c->plan_stands = NULL;
      c->n_plan_stands = 0;
      mu_counter_view_set_plan (c, v->plan, v->n_plan, v->plan_stands, v->n_plan_stands);
    }
  return copy;
}

void
mu_counter_view_set_markers (MuCounterView *view,
                             const char    *markers)
{
  g_return_if_fail (view != NULL);

  g_free (view->markers);
  view->markers = g_strdup (markers ? markers : "");
}

void
mu_counter_view_set_stands (MuCounterView *view,
                            const MuStand *stands,
                            guint          n)
{
  g_return_if_fail (view != NULL && (n == 0 || stands != NULL));

  g_clear_pointer (&view->stands, g_free);
  view->n_stands = n;
  if (n > 0)
    view->stands = g_memdup2 (stands, n * sizeof *stands);
}

void
mu_counter_view_set_plan (MuCounterView *view,
                          const MuPos   *path,
                          guint          n,
                          const MuStand *stands,
                          guint          n_stands)
{
  g_return_if_fail (view != NULL && (n == 0 || path != NULL) && (n_stands == 0 || stands != NULL));

  g_clear_pointer (&view->plan, g_free);
  g_clear_pointer (&view->plan_stands, g_free);
  view->n_plan = view->n_plan_stands = 0;
  if (n == 0)
    return;
  view->plan = g_memdup2 (path, n * sizeof *path);
  view->n_plan = n;
  if (n_stands > 0)
    view->plan_stands = g_memdup2 (stands, n_stands * sizeof *stands);
  view->n_plan_stands = n_stands;
}

/* The markers a counter's declared flags put on it before play: a flag
 * that is on and shares its id with a marker of the ruleset (baa's
 * "fatigued", a forced march). Newly allocated. */
static char *
flag_markers (const MuRuleset *ruleset,
              const MuCounter *c)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; c->values && ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (f->type == MU_FIELD_FLAG && mu_field_applies (f, c->kind) &&
          mu_ruleset_find_marker (ruleset, f->id) != NULL && mu_counter_get_flag (c, f->id))
        g_string_append_printf (out, "%s%s", out->len ? "," : "", f->id);
    }
  return g_string_free (out, FALSE);
}

GArray *
mu_ruleset_placed_counters (const MuRuleset  *ruleset,
                            const MuScenario *scenario)
{
  GArray *views = mu_counter_view_array_new ();

  g_return_val_if_fail (scenario != NULL, views);

  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);
      MuCounterView *v;

      if (scenario->board == MU_BOARD_HEX ? c->place.kind != MU_PLACE_HEX
                                          : c->place.kind != MU_PLACE_TABLE)
        continue;
      g_array_set_size (views, views->len + 1);
      v = &g_array_index (views, MuCounterView, views->len - 1);
      v->counter = c;
      v->id = c->id;
      v->side = c->side;
      v->status = mu_ruleset_find_status (ruleset, "active");
      v->strength = c->strength;
      {
        /* a ruleset Muster does not know is read as format 1's first */
        g_autofree char *markers = flag_markers (ruleset ? ruleset : mu_ruleset_find ("baa-hex"), c);

        mu_counter_view_set_markers (v, markers);
      }
      if (scenario->board == MU_BOARD_HEX)
        {
          v->pos = mu_pos_from_hex (c->place.hex);
          continue;
        }
      v->pos = mu_pos_from_point (c->place.pos.x, c->place.pos.y, c->place.facing);
      if (scenario->table != NULL && isfinite (c->place.pos.x) && isfinite (c->place.pos.y) &&
          isfinite (c->place.facing))
        {
          MuStand st[MU_STANDS_MAX];
          /* the one starting layout of play and the checker (TAB-6) */
          guint n = mu_scenario_counter_stands (scenario, c, NULL, 0, c->place.pos, c->place.facing,
                                                st, MU_STANDS_MAX);

          mu_counter_view_set_stands (v, st, n);
          /* the anchor, as a match's view gives it (TAB-5) */
          if (n > 0)
            {
              MuPoint a = mu_stands_anchor (st, n);

              v->pos = mu_pos_from_point (a.x, a.y, c->place.facing);
            }
        }
    }
  return views;
}
