/* baa-table-check.c: baa-table's scenario checks, what `muster-cli
 * validate` and the editor's Problems page report of a table scenario
 * beyond the generic checks: layouts, river boats, railroad reserves,
 * counters set up astride a river and reserve entry points the river
 * bars, objective radii and task conditions. Each asks the functions play
 * asks, so that the check and the game cannot disagree. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-problem.h"
#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Files a problem about counter c. */
static void
counter_problem (GPtrArray *problems, const MuCounter *c, MuProblem *p)
{
  p->object_id = g_strdup (c->id);
  g_ptr_array_add (problems, p);
}

static gboolean
placed_on_table (const MuCounter *c)
{
  return c->place.kind == MU_PLACE_TABLE && isfinite (c->place.facing) && isfinite (c->place.pos.x) &&
         isfinite (c->place.pos.y);
}

/* TAB-11, BAT-MOV-5: a commander is a base of its own, and no unit may
 * stand on it. The units' stands are laid out as play lays them out
 * (mu_scenario_counter_stands: the ruleset's formation shapes, the unit's
 * formation from its one source), which is also how the generic checker
 * measures them on the table and against each other. */
static void
check_layouts (const MuScenario *s, GPtrArray *problems)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (guint));

  if (s->board != MU_BOARD_TABLE || s->table == NULL)
    return;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->kind == MU_COUNTER_UNIT && placed_on_table (c) && c->strength <= MU_STANDS_MAX)
        g_array_append_val (units, i);
    }
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      MuStand st[1];

      if (c->kind == MU_COUNTER_UNIT || !placed_on_table (c) ||
          mu_scenario_counter_stands (s, c, NULL, 1, c->place.pos, c->place.facing, st, 1) != 1)
        continue;
      for (guint k = 0; k < units->len; k++)
        {
          const MuCounter *u = g_ptr_array_index (s->counters, g_array_index (units, guint, k));
          MuStand played[MU_STANDS_MAX];
          guint n = mu_scenario_counter_stands (s, u, NULL, MAX (u->strength, 1), u->place.pos,
                                                u->place.facing, played, MU_STANDS_MAX);

          if (mu_stands_overlap (st, 1, played, n))
            {
              counter_problem (problems, c,
                               mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line,
                                               _("%s “%s”: its stand overlaps those of unit “%s” (line %d) (TAB-11)"),
                                               c->kind == MU_COUNTER_CONTROL ? "control" : "command", c->id,
                                               u->id, u->line));
              break;
            }
        }
    }
}

/* BAT-MOV-10: troops arriving by train disembark along the railroad's
 * track; with no railroad on the table, they would have nowhere to. With
 * bat.railroads off they come on at their entry points instead. */
static void
check_railroad_reserves (const MuScenario *s, GPtrArray *problems)
{
  gboolean track = FALSE;

  if (!bat_special_rule (s, "bat.railroads"))
    return;

  for (guint i = 0; s->table && s->table->lines && i < s->table->lines->len; i++)
    track |= ((const MuPolyline *) g_ptr_array_index (s->table->lines, i))->kind == MU_LINE_RAILROAD;
  for (guint i = 0; !track && i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);
      MuProblem *p;

      if (r->kind != MU_RESERVE_RAILROAD)
        continue;
      p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, r->line,
                          _("reserve “%s” arrives by train, but the table has no railroad to disembark "
                            "along (BAT-MOV-10)"),
                          r->id ? r->id : "");
      p->object_id = g_strdup (r->id);
      g_ptr_array_add (problems, p);
    }
}

/* BAT-MOV-11: a river boat moves only on the river, so it is set up there:
 * its anchor on a river's line. */
static void
check_river_boats (const MuScenario *s, GPtrArray *problems)
{
  if (s->board != MU_BOARD_TABLE || s->table == NULL)
    return;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      MuStand st[MU_STANDS_MAX];
      MuPoint a;
      gboolean on = FALSE;
      guint n;

      if (c->kind != MU_COUNTER_UNIT || c->arm != MU_ARM_RIVERBOAT || c->place.kind != MU_PLACE_TABLE ||
          !isfinite (c->place.facing) || !isfinite (c->place.pos.x) || !isfinite (c->place.pos.y) ||
          c->strength < 1 || c->strength > MU_STANDS_MAX)
        continue;
      n = mu_scenario_counter_stands (s, c, NULL, c->strength, c->place.pos, c->place.facing, st,
                                      MU_STANDS_MAX);
      if (n == 0)
        continue;
      a = mu_stands_anchor (st, n);
      for (guint k = 0; s->table->lines && k < s->table->lines->len && !on; k++)
        {
          const MuPolyline *l = g_ptr_array_index (s->table->lines, k);

          on = l->kind == MU_LINE_RIVER &&
               mu_table_within (mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len, a),
                                mu_terrain_line_width (s->table, l) / 2);
        }
      if (!on)
        counter_problem (problems, c,
                         mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line,
                                         _("unit “%s”: a river boat is set up on a river, the only ground "
                                           "it moves on (BAT-MOV-11)"),
                                         c->id));
    }
}

static const char *
line_name (const MuPolyline *l)
{
  return l->name ? l->name : l->id ? l->id : mu_line_kind_to_string (l->kind);
}

/* BAT-MOV-4, BAT-AMB-38: a counter set up with a base's centre in a river,
 * or its bases on both banks, away from a ford or bridge (or astride an
 * impassable line) stands where no move could bring it and `place`
 * refuses to set it (TAB-12, TAB-13): an error, judged by the function
 * play judges a placement with. River boats keep the river (BAT-MOV-11). */
static void
check_astride (const MuScenario *s, GPtrArray *problems)
{
  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->table->lines == NULL)
    return;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      const char *kind = c->kind == MU_COUNTER_UNIT      ? "unit"
                         : c->kind == MU_COUNTER_CONTROL ? "control"
                                                         : "command";
      const MuPolyline *l;
      MuStand st[MU_STANDS_MAX];
      guint n;

      if (!placed_on_table (c) || (c->kind == MU_COUNTER_UNIT && c->arm == MU_ARM_RIVERBOAT) ||
          (c->kind == MU_COUNTER_UNIT && (c->strength < 1 || c->strength > MU_STANDS_MAX)))
        continue;
      n = mu_scenario_counter_stands (s, c, NULL, c->kind == MU_COUNTER_UNIT ? c->strength : 1, c->place.pos,
                                      c->place.facing, st, MU_STANDS_MAX);
      if (n == 0 || (l = bat_table_stands_astride (s->table, st, n)) == NULL)
        continue;
      if (l->kind == MU_LINE_RIVER)
        counter_problem (problems, c,
                         mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line,
                                         _("%s “%s”: stands in or across river “%s” away from a ford or "
                                           "bridge (BAT-MOV-4)"),
                                         kind, c->id, line_name (l)));
      else
        counter_problem (problems, c,
                         mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line,
                                         _("%s “%s”: stands on or across impassable line “%s” (BAT-MOV-4)"),
                                         kind, c->id, line_name (l)));
    }
}

/* BAT-AMB-44: a reserve's unit comes on in column at an entry point and
 * may not cross a river away from a ford or bridge on its way in; it
 * stays off the table and tries again each bound, and further in the way
 * is only longer. An entry point barred so is where that unit can never
 * arrive: a warning, since the scenario still plays. Laid out and judged
 * by the functions the arrival uses. A reserve coming by train along a
 * railroad (BAT-MOV-10) does not use its entry points. */
static void
check_reserve_entries (const MuScenario *s, GPtrArray *problems)
{
  gboolean rail = FALSE;

  /* with bat.reserves off no reserve comes on at all */
  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->table->lines == NULL ||
      !mu_scenario_option (s, "bat.reserves", TRUE))
    return;
  rail = bat_special_rule (s, "bat.railroads");
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);

      if (r->id == NULL || r->entry_points == NULL || (rail && r->kind == MU_RESERVE_RAILROAD))
        continue;
      for (guint k = 0; k < r->entry_points->len; k++)
        {
          MuPoint p0 = g_array_index (r->entry_points, MuPoint, k);
          double facing = bat_inward_facing (s->table, p0);
          const MuPolyline *l = NULL;
          const MuCounter *c = NULL;
          MuProblem *p;

          for (guint j = 0; j < s->counters->len && l == NULL; j++)
            {
              MuStand st[MU_STANDS_MAX];
              MuPoint at;
              guint n;

              c = g_ptr_array_index (s->counters, j);
              if (c->kind != MU_COUNTER_UNIT || c->arm == MU_ARM_RIVERBOAT || c->place.kind != MU_PLACE_RESERVE ||
                  g_strcmp0 (c->place.reserve, r->id) != 0 || c->strength < 1)
                continue;
              n = bat_entry_column (s->table, c->arm, (guint) c->strength, p0, facing, 0, &at, st);
              l = bat_table_entry_blocked (s->table, p0, st, n);
            }
          if (l == NULL)
            continue;
          if (l->kind == MU_LINE_RIVER)
            p = mu_problem_new (MU_PROBLEM_WARNING, s->filename, r->line,
                                _("reserve “%s”: unit “%s” coming on at %g,%g would cross river “%s” "
                                  "away from a ford or bridge, so it never arrives there (BAT-AMB-44, "
                                  "BAT-MOV-4)"),
                                r->id, c->id, p0.x, p0.y, line_name (l));
          else
            p = mu_problem_new (MU_PROBLEM_WARNING, s->filename, r->line,
                                _("reserve “%s”: unit “%s” coming on at %g,%g would cross impassable "
                                  "line “%s”, so it never arrives there (BAT-AMB-44, BAT-MOV-4)"),
                                r->id, c->id, p0.x, p0.y, line_name (l));
          p->object_id = g_strdup (r->id);
          g_ptr_array_add (problems, p);
        }
    }
}

/* BAT-OBJ-2, BAT-AMB-29: a unit holds an objective within 1 U of its point.
 * The board draws the scenario's radius around it; any other radius would
 * show players a circle the rules do not use. */
static void
check_objective_radii (const MuScenario *s, GPtrArray *problems)
{
  BatScale scale;

  if (s->table == NULL)
    return;
  bat_scale_init (&scale, s->table);
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      MuProblem *p;

      if (!(o->radius > 0) || fabs (o->radius - scale.u) <= MU_TABLE_EPSILON)
        continue;
      p = mu_problem_new (MU_PROBLEM_WARNING, s->filename, o->line,
                          _("objective “%s”: its radius of %g is drawn, but a unit holds it within "
                            "%g, 1 U of the figure scale (BAT-OBJ-2)"),
                          o->id ? o->id : "", o->radius, scale.u);
      p->object_id = g_strdup (o->id);
      g_ptr_array_add (problems, p);
    }
}

void
bat_check_scenario (const MuScenario *s, GPtrArray *problems)
{
  double mm;

  /* BAT-AMB-45: Table S1's scale unit comes from the figure scale; a text
   * that is no size in millimetres would quietly play at some other
   * scale */
  if (s->table && s->table->figure_scale && !bat_figure_scale_mm (s->table->figure_scale, &mm))
    g_ptr_array_add (problems,
                     mu_problem_new (MU_PROBLEM_ERROR, s->filename, s->table->line,
                                     _("the figure scale “%s” is no size in millimetres, such as "
                                       "15mm (BAT-AMB-45)"),
                                     s->table->figure_scale));
  check_layouts (s, problems);
  check_objective_radii (s, problems);
  check_river_boats (s, problems);
  baa_common_check_river_boats (s, "bat.river-boats", "BAT-MOV-11", problems);
  baa_common_check_divisions (s, problems);
  check_railroad_reserves (s, problems);
  check_astride (s, problems);
  check_reserve_entries (s, problems);
  /* BAT-OBJ-5: the task conditions a table scores ("disperse SIDE N", "hold
   * OBJECTIVE"); any other would silently never be met, so it is an error. */
  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);
      BaaTask task;
      gboolean ok = baa_task_parse (t->condition, &task) &&
                    (task.kind == BAA_TASK_HOLD_OBJECTIVE ? mu_scenario_find_objective (s, task.objective) != NULL
                     : task.kind == BAA_TASK_DISPERSE && mu_scenario_find_side (s, task.side) != NULL);
      MuProblem *p;

      if (ok)
        baa_task_check_count (s, t, &task, "BAT-OBJ-5", problems);
      if (ok && task.kind == BAA_TASK_HOLD_OBJECTIVE)
        {
          const MuObjective *o = mu_scenario_find_objective (s, task.objective);

          /* the first side to complete its task wins at once (BAT-OBJ-5):
           * a side that owns the objective from the start would win before
           * the first command */
          if (o->owner && t->side && g_str_equal (o->owner, t->side))
            {
              p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, t->line,
                                  _("task “%s”: %s holds %s from the start, so the task would be "
                                    "complete before play begins (BAT-OBJ-5)"),
                                  t->id ? t->id : "", t->side, o->id);
              p->object_id = g_strdup (t->id);
              g_ptr_array_add (problems, p);
            }
        }
      baa_task_clear (&task);
      if (t->condition == NULL || ok)
        continue;
      p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, t->line,
                          _("task “%s”: condition “%s” is not understood on a table (expected "
                            "disperse SIDE N or hold OBJECTIVE) (BAT-OBJ-5)"),
                          t->id ? t->id : "", t->condition);
      p->object_id = g_strdup (t->id);
      g_ptr_array_add (problems, p);
    }
}
