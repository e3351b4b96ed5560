/* mn-acw-victory.c: victory from the scenario's data (MN-VIC-1, MN-AMB-36,
 * MN-AMB-81, MN-AMB-82) and the ruleset's checks of a scenario (MN-AMB-79,
 * MN-AMB-85). The engine reads the objectives and the tasks, never the
 * description. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-problem.h"
#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

MnTaskKind
mn_task_parse (const char *condition, char **arg, int *count)
{
  g_auto(GStrv) w = g_strsplit (condition ? condition : "", " ", -1);
  guint n = g_strv_length (w);
  char *end = NULL;
  long v;

  *arg = NULL;
  *count = 0;
  if (n == 3 && g_str_equal (w[0], "disperse") && *w[1])
    {
      v = strtol (w[2], &end, 10);
      if (end == w[2] || *end || v < 1 || v > 999)
        return MN_TASK_NONE;
      *arg = g_strdup (w[1]);
      *count = (int) v;
      return MN_TASK_DISPERSE;
    }
  if (n == 2 && g_str_equal (w[0], "hold") && *w[1])
    {
      *arg = g_strdup (w[1]);
      return MN_TASK_HOLD;
    }
  return MN_TASK_NONE;
}

/* MN-AMB-82: a side holds an objective when the centre of the centre base
 * of one of its units (not a lone leader) is within its radius (TAB-4)
 * and no enemy unit's is. */
static int
objective_holder (const MnMatch *m, const MuObjective *o)
{
  gboolean in[MN_SIDES] = { FALSE, FALSE };

  MN_FOR_UNITS (m, u)
    if (u->type != MN_TYPE_LEADER && mn_has_stands (u))
      {
        MuPoint c = mn_footprint_centre (u);

        if (mu_table_within (hypot (c.x - o->pos.x, c.y - o->pos.y), o->radius))
          in[u->side] = TRUE;
      }
  return in[0] == in[1] ? MN_NONE : in[0] ? 0 : 1;
}

void
mn_scores (const MnMatch *m, int score[MN_SIDES])
{
  score[0] = score[1] = 0;
  for (guint i = 0; i < m->scenario->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (m->scenario->objectives, i);
      int h = objective_holder (m, o);

      if (h != MN_NONE)
        score[h] += o->value;
    }
  /* the met hold tasks add their values for the task's side */
  for (guint i = 0; i < m->scenario->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (m->scenario->tasks, i);
      g_autofree char *arg = NULL;
      int count, side = mn_side_index (m, t->side);
      const MuObjective *o;

      if (side == MN_NONE || mn_task_parse (t->condition, &arg, &count) != MN_TASK_HOLD)
        continue;
      o = mu_scenario_find_objective (m->scenario, arg);
      if (o && objective_holder (m, o) == side)
        score[side] += t->value;
    }
}

/* Units (regiments and batteries) of the side destroyed, removed with a
 * building or gone off the table. */
static int
units_lost (const MnMatch *m, int side)
{
  int n = 0;

  MN_FOR_UNITS (m, u)
    n += u->side == side && u->type != MN_TYPE_LEADER && u->status == MN_STATUS_DESTROYED;
  return n;
}

int
mn_disperse_met (const MnMatch *m, const MuTaskObjective **task)
{
  for (guint i = 0; i < m->scenario->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (m->scenario->tasks, i);
      g_autofree char *arg = NULL;
      int count, side = mn_side_index (m, t->side), victim;

      if (side == MN_NONE || mn_task_parse (t->condition, &arg, &count) != MN_TASK_DISPERSE)
        continue;
      victim = mn_side_index (m, arg);
      if (victim != MN_NONE && units_lost (m, victim) >= count)
        {
          if (task != NULL)
            *task = t;
          return side;
        }
    }
  return MN_NONE;
}

/* The checker ---------------------------------------------------------------------- */

static void
problem (GPtrArray *problems, const MuScenario *s, MuProblemSeverity severity, int line, const char *object,
         char *text)
{
  MuProblem *p = mu_problem_new (severity, s->filename, line, "%s", text);

  p->object_id = g_strdup (object);
  g_ptr_array_add (problems, p);
  g_free (text);
}

void
mn_check_scenario (const MuScenario *s, GPtrArray *problems)
{
  const MuRuleset *rs = mu_ruleset_find ("mn-acw");
  const MuFieldInfo *type = rs ? mu_ruleset_find_field (rs, "type") : NULL;

  /* MN-AMB-85: a unit's type agrees with its arm (the stand depth comes
   * from the arm, TAB-7). A unit without a type plays as its arm says
   * (artillery as foot artillery), so that files written before the
   * ruleset declared its values still load (decided here). */
  for (guint i = 0; type && i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      g_autofree char *v = NULL;
      MuArm arm;

      if (c->kind != MU_COUNTER_UNIT)
        continue;
      v = mu_counter_get_field (c, type);
      if (v == NULL)
        continue;
      arm = g_str_equal (v, "inf") ? MU_ARM_INFANTRY : g_str_equal (v, "cav") ? MU_ARM_CAVALRY : MU_ARM_ARTILLERY;
      if (arm != c->arm)
        problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                 g_strdup_printf (_("unit “%s”: type %s disagrees with its arm (MN-AMB-85)"), c->id, v));
    }
  /* MN-AMB-82, MN-AMB-85: the task conditions the engine reads */
  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);
      g_autofree char *arg = NULL;
      int count;
      MnTaskKind kind = mn_task_parse (t->condition, &arg, &count);
      gboolean ok = (kind == MN_TASK_DISPERSE && mu_scenario_find_side (s, arg) != NULL) ||
                    (kind == MN_TASK_HOLD && mu_scenario_find_objective (s, arg) != NULL);

      if (!ok)
        {
          g_autofree char *quoted = mu_problem_quote (t->condition ? t->condition : "");

          problem (problems, s, MU_PROBLEM_ERROR, t->line, t->id,
                   g_strdup_printf (_("task “%s”: condition “%s” is not understood (expected disperse SIDE N "
                                      "or hold OBJECTIVE) (MN-AMB-82)"),
                                    t->id ? t->id : "", quoted));
        }
    }
  /* MN-AMB-79: terrain the chart gives no effect */
  for (guint i = 0; s->table && s->table->areas && i < s->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (s->table->areas, i);

      if (a->kind == MU_AREA_MARSH || a->kind == MU_AREA_ROUGH || a->kind == MU_AREA_BROKEN)
        problem (problems, s, MU_PROBLEM_WARNING, a->line, a->id,
                 g_strdup_printf (_("area “%s”: the terrain chart gives marsh, rough and broken ground no "
                                    "effect; it plays as open ground (MN-AMB-79)"),
                                  a->id ? a->id : ""));
    }
}
