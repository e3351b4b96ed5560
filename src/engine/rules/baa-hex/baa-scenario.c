/* baa-scenario.c: the baa-hex ruleset's scenario checks and impassability
 * rule (see baa-scenario.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-scenario.h"

#include "baa-common.h"

#include "mu-problem.h"
#include "mu-scenario-xml.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

gboolean
baa_impassable_rule (const MuHexCell *cell,
                     gboolean         river,
                     const MuCounter *who)
{
  if (cell == NULL)
    return TRUE;
  /* BAA-SPC-4: river boats move on river hexes only */
  if (who && who->kind == MU_COUNTER_UNIT && who->arm == MU_ARM_RIVERBOAT)
    return !river;
  if (cell->features & MU_HEX_FEATURE_IMPASSABLE)
    return TRUE;
  /* BAA-MOV-8: river hexes are impassable except at fords and bridges; a
   * river path runs through hex centres, so its hexes are river hexes just
   * as they are for river boats (BAA-SPC-4). */
  return river && !(cell->features & (MU_HEX_FEATURE_FORD | MU_HEX_FEATURE_BRIDGE));
}

static gboolean
map_river (const MuHexMap *map,
           MuHex           hex)
{
  const MuHexCell *cell = mu_hex_map_cell (map, hex);

  if (cell == NULL)
    return FALSE;
  if (cell->terrain == MU_TERRAIN_WATER)
    return TRUE;
  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    if (mu_hex_map_has_link (map, hex, d, MU_PATH_RIVER))
      return TRUE;
  return FALSE;
}

gboolean
baa_map_impassable (const MuHexMap  *map,
                    MuHex            hex,
                    const MuCounter *who)
{
  return baa_impassable_rule (mu_hex_map_cell (map, hex), map_river (map, hex), who);
}

static MuProblem *
error_at (const MuScenario *s,
          GPtrArray        *problems,
          int               line,
          const char       *object_id,
          char             *message)
{
  MuProblem *p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, line, "%s", message);

  p->object_id = g_strdup (object_id);
  g_ptr_array_add (problems, p);
  g_free (message);
  return p;
}

/* BAA-VIC-4: the task conditions the engine scores (baa_task_met()).
 * Anything else would silently never score, so it is an error here. */
static gboolean
task_ok (const MuScenario *s,
         const char       *condition)
{
  BaaTask t;
  gboolean ok = FALSE;

  if (baa_task_parse (condition, &t))
    switch (t.kind)
      {
      case BAA_TASK_HOLD_OBJECTIVE:
        for (guint i = 0; i < s->objectives->len && !ok; i++)
          ok = g_strcmp0 (((const MuObjective *) g_ptr_array_index (s->objectives, i))->id,
                          t.objective) == 0;
        break;
      case BAA_TASK_DISPERSE:
      case BAA_TASK_HOLD_HEX:
      case BAA_TASK_EXIT:
      default:
        ok = mu_scenario_find_side (s, t.side) != NULL;
        break;
      }
  baa_task_clear (&t);
  return ok;
}

/* BAA-VIC-4: a task the side could meet. "hold SIDE HEX" names a hex some
 * unit of the side could stand in; one off the board or impassable would
 * never be held, and the task would silently never score, as an objective
 * there could not (BAA-OBJ-1); nor would a count of more units than the
 * side has. */
static void
check_task_can_be_met (const MuScenario      *s,
                       const MuTaskObjective *t,
                       GPtrArray             *problems)
{
  BaaTask task;
  g_autofree char *label = NULL;
  const MuHexGrid *grid;
  MuProblem *p = NULL;

  if (!baa_task_parse (t->condition, &task))
    return;
  baa_task_check_count (s, t, &task, "BAA-VIC-4", problems);
  if (s->board != MU_BOARD_HEX || s->hex_map == NULL || task.kind != BAA_TASK_HOLD_HEX)
    {
      baa_task_clear (&task);
      return;
    }
  grid = &s->hex_map->grid;
  label = mu_hex_to_string (grid, task.hex);
  if (!mu_hex_grid_contains (grid, task.hex))
    p = error_at (s, problems, t->line, t->id,
                  g_strdup_printf (_("task “%s”: condition “%s” names hex %s, which is off the %d × %d "
                                     "board (BAA-VIC-4)"),
                                   t->id ? t->id : "", t->condition, label, grid->cols, grid->rows));
  else if (baa_map_impassable (s->hex_map, task.hex, NULL))
    p = error_at (s, problems, t->line, t->id,
                  g_strdup_printf (_("task “%s”: condition “%s” names impassable hex %s: no unit could "
                                     "ever hold it (BAA-VIC-4)"),
                                   t->id ? t->id : "", t->condition, label));
  if (p != NULL)
    p->hex = task.hex;
  baa_task_clear (&task);
}

/* What stands in a hex at the start: the first side seen there, and how
 * many of its units. */
typedef struct {
  const char *side;
  guint units;
} StartHex;

/* BAA-STK-1, BAA-AMB-13, BAA-MOV-11: no move or flinch could ever end with
 * three friendly units in a hex, or with counters of two sides in one, so
 * no match starts so. Reported at the counter that cannot stand there. */
static void
check_start_hexes (const MuScenario *s,
                   GPtrArray        *problems)
{
  const MuHexGrid *grid = &s->hex_map->grid;
  g_autofree StartHex *hexes = g_new0 (StartHex, (gsize) grid->cols * grid->rows);

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      g_autofree char *label = NULL;
      StartHex *h;
      MuProblem *p = NULL;

      if (c->place.kind != MU_PLACE_HEX || !mu_hex_grid_contains (grid, c->place.hex) ||
          mu_scenario_find_side (s, c->side) == NULL)
        continue;
      h = &hexes[(gsize) (c->place.hex.row - 1) * grid->cols + (c->place.hex.col - 1)];
      label = mu_hex_to_string (grid, c->place.hex);
      if (h->side == NULL)
        h->side = c->side;
      if (g_strcmp0 (h->side, c->side) != 0)
        p = error_at (s, problems, c->line, c->id,
                      g_strdup_printf (_("%s “%s” starts at %s, where counters of side “%s” stand "
                                         "(BAA-STK-1, BAA-MOV-11)"),
                                       mu_counter_kind_to_string (c->kind), c->id, label, h->side));
      else if (c->kind == MU_COUNTER_UNIT && ++h->units > 2)
        p = error_at (s, problems, c->line, c->id,
                      g_strdup_printf (_("%s “%s” starts at %s with two friendly units there already "
                                         "(BAA-STK-1)"),
                                       mu_counter_kind_to_string (c->kind), c->id, label));
      if (p)
        p->hex = c->place.hex;
    }
}

void
baa_check_scenario (const MuScenario *s,
                    GPtrArray        *problems)
{
  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      if (t->condition != NULL && !task_ok (s, t->condition))
        error_at (s, problems, t->line, t->id,
                  g_strdup_printf (_("task “%s”: condition “%s” is not understood (expected %s) "
                                     "(BAA-VIC-4)"),
                                   t->id ? t->id : "", t->condition, BAA_TASK_GRAMMAR));
      else if (t->condition != NULL)
        check_task_can_be_met (s, t, problems);
    }
  baa_common_check_river_boats (s, "baa.river-boats", "BAA-SPC-4", problems);
  baa_common_check_divisions (s, problems);

  if (s->board != MU_BOARD_HEX || s->hex_map == NULL)
    return;
  /* BAA-OBJ-1, the schema's promise: no objective on ground no unit can
   * enter, so none could ever hold it */
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      g_autofree char *label = NULL;
      MuProblem *p;

      if (!mu_hex_grid_contains (&s->hex_map->grid, o->hex) ||
          !baa_map_impassable (s->hex_map, o->hex, NULL))
        continue;
      label = mu_hex_to_string (&s->hex_map->grid, o->hex);
      p = error_at (s, problems, o->line, o->id,
                    g_strdup_printf (_("objective “%s” is on impassable hex %s: no unit could ever "
                                       "hold it"), o->id ? o->id : "", label));
      p->hex = o->hex;
    }
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      g_autofree char *label = NULL;
      MuProblem *p;

      if (c->place.kind != MU_PLACE_HEX || !mu_hex_grid_contains (&s->hex_map->grid, c->place.hex) ||
          !baa_map_impassable (s->hex_map, c->place.hex, c))
        continue;
      label = mu_hex_to_string (&s->hex_map->grid, c->place.hex);
      p = c->arm == MU_ARM_RIVERBOAT && c->kind == MU_COUNTER_UNIT
        ? error_at (s, problems, c->line, c->id,
                    g_strdup_printf (_("%s “%s” is a river boat but starts on %s, which is not a "
                                       "river hex (BAA-SPC-4)"),
                                     mu_counter_kind_to_string (c->kind), c->id, label))
        : error_at (s, problems, c->line, c->id,
                    g_strdup_printf (_("%s “%s” starts on impassable hex %s (BAA-MOV-8)"),
                                     mu_counter_kind_to_string (c->kind), c->id, label));
      p->hex = c->place.hex;
    }
  check_start_hexes (s, problems);
}
