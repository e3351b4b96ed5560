/* regimental-check.c: the ruleset's checks of a scenario (QRS-AMB-85,
 * QRS-AMB-83): what the rules read of it, reported on its line. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-problem.h"

#include <glib/gi18n-lib.h>

static void
problem (GPtrArray *problems, const MuScenario *s, MuProblemSeverity severity, int line,
         const char *object, char *text)
{
  MuProblem *p = mu_problem_new (severity, s->filename, line, "%s", text);

  p->object_id = g_strdup (object);
  g_ptr_array_add (problems, p);
  g_free (text);
}

static gboolean
has_value (const MuCounter *c, const char *field)
{
  for (guint i = 0; c->values && i < c->values->len; i++)
    if (g_strcmp0 (((MuFieldValue *) g_ptr_array_index (c->values, i))->field, field) == 0)
      return TRUE;
  return FALSE;
}

void
qrs_check_scenario (const MuScenario *s, GPtrArray *problems)
{
  /* QRS-AMB-85: exactly two sides */
  if (s->sides->len != 2)
    problem (problems, s, MU_PROBLEM_ERROR, 0, NULL,
             g_strdup_printf (_("the regimental rules need exactly two sides, not %u (QRS-AMB-85)"),
                              s->sides->len));
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->kind == MU_COUNTER_UNIT)
        {
          if (c->arm != MU_ARM_INFANTRY && c->arm != MU_ARM_CAVALRY && c->arm != MU_ARM_ARTILLERY)
            problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                     g_strdup_printf (_("unit “%s”: the regimental rules know infantry, cavalry and "
                                        "artillery only (QRS-AMB-85)"), c->id));
          if (!has_value (c, "quality"))
            problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                     g_strdup_printf (_("unit “%s” has no quality (QRS-AMB-85)"), c->id));
          if (!has_value (c, "weapon"))
            problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                     g_strdup_printf (_("unit “%s” has no weapon (QRS-AMB-85)"), c->id));
          if (has_value (c, "order"))
            problem (problems, s, MU_PROBLEM_WARNING, c->line, c->id,
                     g_strdup_printf (_("unit “%s”: an order in the scenario is ignored; orders are "
                                        "given at step 1 (QRS-AMB-85)"), c->id));
        }
      else
        {
          if (!has_value (c, "rating") || !has_value (c, "level"))
            problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                     g_strdup_printf (_("officer “%s” needs a rating and a level (QRS-AMB-85)"), c->id));
          if (c->place.kind != MU_PLACE_TABLE)
            problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                     g_strdup_printf (_("officer “%s” is not on the table (QRS-AMB-85)"), c->id));
        }
    }
  for (guint i = 0; s->table && s->table->areas && i < s->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (s->table->areas, i);

      if (a->kind == MU_AREA_FORTIFICATION && a->grade == 0)
        problem (problems, s, MU_PROBLEM_ERROR, a->line, a->id,
                 g_strdup_printf (_("fortification “%s” has no grade (QRS-AMB-85)"), a->id ? a->id : ""));
    }
  for (guint i = 0; s->table && s->table->lines && i < s->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (s->table->lines, i);

      if (l->kind == MU_LINE_DEFENCE_WORKS && l->grade == 0)
        problem (problems, s, MU_PROBLEM_ERROR, l->line, l->id,
                 g_strdup_printf (_("defence works “%s” have no grade (QRS-AMB-85)"), l->id ? l->id : ""));
    }
  /* QRS-AMB-83: each turn is 20 minutes; night bounds are ignored */
  if (s->timeline.minutes_per_bound != 0 && s->timeline.minutes_per_bound != 20)
    problem (problems, s, MU_PROBLEM_WARNING, s->timeline.line, NULL,
             g_strdup_printf (_("a regimental turn is 20 minutes, not %d (QRS-AMB-83)"),
                              s->timeline.minutes_per_bound));
  if (s->timeline.night_bounds && s->timeline.night_bounds->len > 0)
    problem (problems, s, MU_PROBLEM_WARNING, s->timeline.line, NULL,
             g_strdup (_("the regimental rules play night bounds as day bounds (QRS-AMB-83)")));
}
