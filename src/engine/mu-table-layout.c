/* mu-table-layout.c: the stands a counter starts with, as its ruleset lays
 * them out (TAB-5, TAB-6, TAB-11) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "mu-error.h"

const MuFormationShape *
mu_ruleset_find_formation (const MuRuleset *ruleset,
                           const char      *id)
{
  for (guint i = 0; ruleset && id && i < ruleset->n_formations; i++)
    if (g_strcmp0 (ruleset->formations[i].id, id) == 0)
      return &ruleset->formations[i];
  return NULL;
}

const char *
mu_counter_formation (const MuRuleset *ruleset,
                      const MuCounter *counter)
{
  const MuFormationShape *shape;
  MuFormation attribute;

  g_return_val_if_fail (counter != NULL, NULL);

  attribute = counter->place.formation < MU_FORMATION_N ? counter->place.formation : MU_FORMATION_LINE;
  if (ruleset == NULL || ruleset->n_formations == 0)
    return mu_formation_to_string (attribute);
  /* the ruleset's value; the checker refuses one it does not declare */
  shape = mu_ruleset_find_formation (ruleset, mu_values_get (counter->values, "formation"));
  if (shape)
    return shape->id;
  /* formation="square": the attribute's word of a formation the ruleset declares */
  shape = mu_ruleset_find_formation (ruleset, counter->formation_word);
  if (shape)
    return shape->id;
  /* formation="column": the format's older spelling of the same thing */
  shape = mu_ruleset_find_formation (ruleset, mu_formation_to_string (attribute));
  if (shape == NULL && attribute == MU_FORMATION_LIMBERED)
    shape = mu_ruleset_find_formation (ruleset, "column");
  return shape ? shape->id : ruleset->formations[0].id;
}

gboolean
mu_ruleset_has_formation_value (const MuRuleset *ruleset)
{
  const MuFieldInfo *f;

  if (ruleset == NULL || ruleset->n_formations == 0)
    return FALSE;
  f = mu_ruleset_find_field (ruleset, "formation");
  return f != NULL && f->type == MU_FIELD_ENUM;
}

gboolean
mu_counter_set_formation (const MuRuleset *ruleset,
                          MuCounter       *counter,
                          const char      *formation,
                          GError         **error)
{
  MuFormation attribute = MU_FORMATION_LINE;

  g_return_val_if_fail (counter != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!mu_ruleset_has_formation_value (ruleset))
    {
      /* the attribute holds it: a format word, or one the ruleset declares */
      if (formation == NULL ||
          (!mu_formation_from_string (formation, &attribute) &&
           mu_ruleset_find_formation (ruleset, formation) == NULL))
        {
          g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                       _("formation “%s” should be line, column, skirmish or limbered"),
                       formation ? formation : "");
          return FALSE;
        }
      mu_counter_set_formation_word (counter, formation);
      return TRUE;
    }
  if (mu_ruleset_find_formation (ruleset, formation) == NULL)
    {
      g_autoptr(GString) words = g_string_new (NULL);

      for (guint i = 0; i < ruleset->n_formations; i++)
        g_string_append_printf (words, "%s%s", i ? ", " : "", ruleset->formations[i].id);
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("formation “%s” should be one of %s"),
                   formation ? formation : "", words->str);
      return FALSE;
    }
  mu_values_set (&counter->values, "formation", formation);
  g_clear_pointer (&counter->formation_word, g_free);
  /* an older reader sees the attribute only: the same word where it has one */
  if (!mu_formation_from_string (formation, &attribute))
    attribute = MU_FORMATION_LINE;
  counter->place.formation = attribute;
  return TRUE;
}

guint
mu_scenario_counter_stands (const MuScenario *scenario,
                            const MuCounter  *counter,
                            const char       *formation,
                            int               strength,
                            MuPoint           centre,
                            double            facing,
                            MuStand          *out,
                            guint             max)
{
  const MuRuleset *ruleset;
  const MuFormationShape *shape = NULL;

  g_return_val_if_fail (scenario != NULL && counter != NULL && out != NULL, 0);

  if (scenario->table == NULL)
    return 0;
  ruleset = mu_ruleset_find (scenario->ruleset);
  if (ruleset && ruleset->n_formations > 0)
    shape = mu_ruleset_find_formation (ruleset,
                                       formation ? formation : mu_counter_formation (ruleset, counter));
  return mu_table_counter_stands (scenario->table, counter, shape, counter->place.formation, strength, centre,
                                  facing, out, max);
}

typedef struct {
  guint index;
  guint n;
  MuStand stands[MU_STANDS_MAX];
  double x0, y0, x1, y1;      /* bounding box */
} Placed;

GArray *
mu_scenario_overlapping_units (const MuScenario *scenario)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) placed = g_array_new (FALSE, TRUE, sizeof (Placed));
  const GPtrArray *counters;

  g_return_val_if_fail (scenario != NULL && scenario->table != NULL, pairs);

  counters = scenario->counters;
  for (guint i = 0; i < counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (counters, i);
      Placed p = { i, 0 };

      if (c->kind != MU_COUNTER_UNIT || c->place.kind != MU_PLACE_TABLE || !isfinite (c->place.facing) ||
          !isfinite (c->place.pos.x) || !isfinite (c->place.pos.y))
        continue;
      p.n = mu_scenario_counter_stands (scenario, c, NULL, 0, c->place.pos, c->place.facing, p.stands,
                                        MU_STANDS_MAX);
      p.x0 = p.y0 = G_MAXDOUBLE;
      p.x1 = p.y1 = -G_MAXDOUBLE;
      for (guint k = 0; k < p.n; k++)
        {
          MuPoint q[4];

          mu_stand_corners (&p.stands[k], q);
          for (int j = 0; j < 4; j++)
            {
              p.x0 = MIN (p.x0, q[j].x);
              p.y0 = MIN (p.y0, q[j].y);
              p.x1 = MAX (p.x1, q[j].x);
              p.y1 = MAX (p.y1, q[j].y);
            }
        }
      g_array_append_val (placed, p);
    }
  for (guint b = 0; b < placed->len; b++)
    for (guint a = 0; a < b; a++)
      {
        const Placed *pa = &g_array_index (placed, Placed, a);
        const Placed *pb = &g_array_index (placed, Placed, b);

        if (pa->x1 < pb->x0 || pb->x1 < pa->x0 || pa->y1 < pb->y0 || pb->y1 < pa->y0)
          continue;
        if (mu_stands_overlap (pa->stands, pa->n, pb->stands, pb->n))
          {
            g_array_append_val (pairs, pa->index);
            g_array_append_val (pairs, pb->index);
          }
      }
  return pairs;
}

