#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Objectives, task objectives and reserves (with their entry areas). */

static gboolean
check_position (const MuScenario  *s,
                MuHex              hex,
                MuPoint            pos,
                const MuObjective *except,
                GError           **error)
{
  if (s->board == MU_BOARD_HEX)
    {
      char buf[16];

      if (!mu_hex_grid_contains (&s->hex_map->grid, hex))
        return mu_edit_fail (error, _("Hex %d,%d is off the board (columns 1–%d, rows 1–%d)"),
                             hex.col, hex.row, s->hex_map->grid.cols, s->hex_map->grid.rows);
      for (guint i = 0; i < s->objectives->len; i++)
        {
          const MuObjective *o = g_ptr_array_index (s->objectives, i);

          if (o != except && mu_hex_equal (o->hex, hex))
            {
              mu_hex_format (&s->hex_map->grid, hex, buf, sizeof buf);
              return mu_edit_fail (error, _("Hex %s already holds the objective “%s”"),
                                   buf, o->name ? o->name : o->id);
            }
        }
      return TRUE;
    }
  if (s->table == NULL)
    return mu_edit_fail (error, _("The scenario has no board"));
  if (!(pos.x >= 0 && pos.y >= 0 && pos.x <= s->table->width && pos.y <= s->table->height))
    return mu_edit_fail (error, _("Position %g, %g is off the table (%g × %g)"),
                         pos.x, pos.y, s->table->width, s->table->height);
  return TRUE;
}

static MuObjective *
need_objective (const MuScenario *s,
                const char       *id,
                GError          **error)
{
  MuObjective *o = mu_scenario_find_objective (s, id);

  if (o == NULL)
    mu_edit_fail (error, _("There is no objective “%s”"), id ? id : "");
  return o;
}

char *
mu_edit_add_objective (MuEditHistory *history,
                       const char    *name,
                       MuHex          hex,
                       MuPoint        pos,
                       GError       **error)
{
  MuScenario *s;
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (!check_position (s, hex, pos, NULL, error))
    return NULL;

  mu_edit_touch (history, _("Add Objective"));
  o = mu_objective_new (NULL);
  o->id = mu_scenario_unique_id (s, "obj");
  o->name = g_strdup (name && *name ? name : NULL);
  if (s->board == MU_BOARD_HEX)
    o->hex = hex;
  else
    o->pos = pos;
  g_ptr_array_add (s->objectives, o);
  mu_edit_commit (history);
  return g_strdup (o->id);
}

gboolean
mu_edit_move_objective (MuEditHistory *history,
                        const char    *id,
                        MuHex          hex,
                        MuPoint        pos,
                        GError       **error)
{
  MuScenario *s;
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(o = need_objective (s, id, error)) || !check_position (s, hex, pos, o, error))
    return FALSE;
  if (s->board == MU_BOARD_HEX ? !mu_hex_equal (o->hex, hex)
                               : (o->pos.x != pos.x || o->pos.y != pos.y))
    {
      mu_edit_touch (history, _("Move Objective"));
      if (s->board == MU_BOARD_HEX)
        o->hex = hex;
      else
        o->pos = pos;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_objective_name (MuEditHistory *history,
                            const char    *id,
                            const char    *name,
                            GError       **error)
{
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(o = need_objective (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  mu_edit_set_string (history, _("Rename Objective"), &o->name, name, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_objective_owner (MuEditHistory *history,
                             const char    *id,
                             const char    *owner,
                             GError       **error)
{
  MuScenario *s;
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(o = need_objective (s, id, error)))
    return FALSE;
  if (owner && *owner && !mu_edit_need_side (s, owner, error))
    return FALSE;
  mu_edit_set_string (history, _("Change Objective Owner"), &o->owner, owner, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_objective_value (MuEditHistory *history,
                             const char    *id,
                             int            value,
                             GError       **error)
{
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(o = need_objective (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if (value < 0 || value > 100)
    return mu_edit_fail (error, _("An objective is worth 0 to 100 points, not %d"), value);
  if (o->value != value)
    {
      mu_edit_touch (history, _("Change Objective Value"));
      o->value = value;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_objective_radius (MuEditHistory *history,
                              const char    *id,
                              double         radius,
                              GError       **error)
{
  MuScenario *s;
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(o = need_objective (s, id, error)))
    return FALSE;
  if (s->board != MU_BOARD_TABLE)
    return mu_edit_fail (error, _("Only objectives on a table have a radius"));
  if (!(radius >= 0 && radius <= s->table->width + s->table->height))
    return mu_edit_fail (error, _("The radius must be between 0 and the table's size, not %g"),
                         radius);
  if (o->radius != radius)
    {
      mu_edit_touch (history, _("Change Objective Radius"));
      o->radius = radius;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_objective (MuEditHistory *history,
                          const char    *id,
                          GError       **error)
{
  MuScenario *s;
  MuObjective *o;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(o = need_objective (s, id, error)))
    return FALSE;
  mu_edit_touch (history, _("Delete Objective"));
  g_ptr_array_remove (s->objectives, o);
  mu_edit_commit (history);
  return TRUE;
}

/* Task objectives ------------------------------------------------------------------- */

static MuTaskObjective *
find_task (const MuScenario *s,
           const char       *id,
           guint            *index,
           GError          **error)
{
  for (guint i = 0; i < s->tasks->len; i++)
    {
      MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      if (g_strcmp0 (t->id, id) == 0)
        {
          if (index)
            *index = i;
          return t;
        }
    }
  mu_edit_fail (error, _("There is no task objective “%s”"), id ? id : "");
  return NULL;
}

static gboolean
check_task (const MuScenario *s,
            const char       *side,
            const char       *text,
            int               value,
            GError          **error)
{
  if (!mu_edit_need_side (s, side, error))
    return FALSE;
  if (text == NULL || *text == '\0')
    return mu_edit_fail (error, _("A task objective needs a description for the players"));
  if (value < 0 || value > 100)
    return mu_edit_fail (error, _("A task objective is worth 0 to 100 points, not %d"), value);
  return TRUE;
}

char *
mu_edit_add_task (MuEditHistory *history,
                  const char    *side,
                  const char    *text,
                  const char    *condition,
                  int            value,
                  GError       **error)
{
  MuScenario *s;
  MuTaskObjective *t;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (!check_task (s, side, text, value, error))
    return NULL;
  mu_edit_touch (history, _("Add Task Objective"));
  t = mu_task_objective_new (NULL);
  t->id = mu_scenario_unique_id (s, "task");
  t->side = g_strdup (side);
  t->text = g_strdup (text);
  t->condition = g_strdup (condition && *condition ? condition : NULL);
  t->value = value;
  g_ptr_array_add (s->tasks, t);
  mu_edit_commit (history);
  return g_strdup (t->id);
}

gboolean
mu_edit_set_task (MuEditHistory *history,
                  const char    *id,
                  const char    *side,
                  const char    *text,
                  const char    *condition,
                  int            value,
                  GError       **error)
{
  MuScenario *s;
  MuTaskObjective *t;
  const char *label = _("Edit Task Objective");

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (text, error))
    return FALSE;

  s = mu_edit_history_get_scenario (history);
  if (!(t = find_task (s, id, NULL, error)) || !check_task (s, side, text, value, error))
    return FALSE;
  mu_edit_set_string (history, label, &t->side, side, TRUE);
  mu_edit_set_string (history, label, &t->text, text, TRUE);
  mu_edit_set_string (history, label, &t->condition, condition, TRUE);
  if (t->value != value)
    {
      mu_edit_touch (history, label);
      t->value = value;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_task (MuEditHistory *history,
                     const char    *id,
                     GError       **error)
{
  MuScenario *s;
  guint index;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!find_task (s, id, &index, error))
    return FALSE;
  mu_edit_touch (history, _("Delete Task Objective"));
  g_ptr_array_remove_index (s->tasks, index);
  mu_edit_commit (history);
  return TRUE;
}

/* Reserves -------------------------------------------------------------------------- */

static MuReserve *
need_reserve (const MuScenario *s,
              const char       *id,
              GError          **error)
{
  MuReserve *r = mu_scenario_find_reserve (s, id);

  if (r == NULL)
    mu_edit_fail (error, _("There is no reserve “%s”"), id ? id : "");
  return r;
}

char *
mu_edit_add_reserve (MuEditHistory *history,
                     const char    *side,
                     const char    *name,
                     GError       **error)
{
  MuScenario *s;
  MuReserve *r;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (!mu_edit_need_side (s, side, error))
    return NULL;
  mu_edit_touch (history, _("Add Reserve"));
  r = mu_reserve_new (NULL, side);
  r->id = mu_scenario_unique_id (s, "reserve");
  r->name = g_strdup (name && *name ? name : NULL);
  g_ptr_array_add (s->reserves, r);
  mu_edit_commit (history);
  return g_strdup (r->id);
}

gboolean
mu_edit_set_reserve_name (MuEditHistory *history,
                          const char    *id,
                          const char    *name,
                          GError       **error)
{
  MuReserve *r;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(r = need_reserve (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  mu_edit_set_string (history, _("Rename Reserve"), &r->name, name, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_reserve_kind (MuEditHistory *history,
                          const char    *id,
                          MuReserveKind  kind,
                          GError       **error)
{
  MuReserve *r;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(r = need_reserve (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if ((int) kind < MU_RESERVE_RESERVE || kind > MU_RESERVE_OUT_CIRCLING)
    return mu_edit_fail (error, _("Unknown reserve kind %d"), (int) kind);
  if (r->kind != kind)
    {
      mu_edit_touch (history, _("Change Reserve Kind"));
      r->kind = kind;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_reserve_arrival (MuEditHistory *history,
                             const char    *id,
                             MuArrivalKind  arrival,
                             int            bound,
                             int            roll,
                             GError       **error)
{
  MuScenario *s;
  MuReserve *r;
  int last;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(r = need_reserve (s, id, error)))
    return FALSE;
  if (arrival != MU_ARRIVAL_BOUND && arrival != MU_ARRIVAL_ROLL)
    return mu_edit_fail (error, _("Unknown arrival kind %d"), (int) arrival);
  last = s->timeline.first_bound + s->timeline.bounds - 1;
  if (bound < s->timeline.first_bound || bound > last)
    return mu_edit_fail (error, _("A reserve arrives at a bound of the battle (%d–%d), not %d"),
                         s->timeline.first_bound, last, bound);
  if (arrival == MU_ARRIVAL_BOUND)
    roll = 0;
  else if (roll < 0 || roll > 6)
    return mu_edit_fail (error, _("The arrival roll needs a d6 score of 1 to 6 (or 0 for the commander's leadership), not %d"),
                         roll);
  if (r->arrival != arrival || r->bound != bound || r->roll != roll)
    {
      mu_edit_touch (history, _("Change Reserve Arrival"));
      r->arrival = arrival;
      r->bound = bound;
      r->roll = roll;
    }
  mu_edit_commit (history);
  return TRUE;
}

static gboolean
on_path (const MuHexMap *map,
         MuPathKind      kind,
         MuHex           hex)
{
  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);

      if (p->kind != kind)
        continue;
      for (guint j = 0; j < p->hexes->len; j++)
        if (mu_hex_equal (g_array_index (p->hexes, MuHex, j), hex))
          return TRUE;
    }
  return FALSE;
}

gboolean
mu_edit_set_reserve_entry (MuEditHistory *history,
                           const char    *id,
                           const MuHex   *hexes,
                           guint          n_hexes,
                           GError       **error)
{
  MuScenario *s;
  MuReserve *r;
  g_autoptr(GArray) entry = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(r = need_reserve (s, id, error)))
    return FALSE;
  if (s->board != MU_BOARD_HEX)
    return mu_edit_fail (error, _("On a table, reserves enter at points of the table edge"));

  entry = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < n_hexes; i++)
    {
      const MuHexGrid *g = &s->hex_map->grid;
      MuHex h = hexes[i];
      char buf[16];
      gboolean dup = FALSE;

      mu_hex_format (g, h, buf, sizeof buf);
      if (!mu_hex_grid_contains (g, h))
        return mu_edit_fail (error, _("Entry hex %d,%d is off the board"), h.col, h.row);
      if (r->kind == MU_RESERVE_RAILROAD)
        {
          if (!on_path (s->hex_map, MU_PATH_RAILROAD, h))
            return mu_edit_fail (error, _("Entry hex %s is not on a railroad; a railroad reserve enters by rail (BAA-SPC-1)"),
                                 buf);
        }
      else if (h.col != 1 && h.row != 1 && h.col != g->cols && h.row != g->rows)
        return mu_edit_fail (error, _("Entry hex %s is not on the board edge"), buf);
      for (guint j = 0; j < entry->len; j++)
        dup = dup || mu_hex_equal (g_array_index (entry, MuHex, j), h);
      if (!dup)
        g_array_append_val (entry, h);
    }
  if (entry->len != r->entry->len ||
      (entry->len > 0 && memcmp (entry->data, r->entry->data, entry->len * sizeof (MuHex)) != 0))
    {
      mu_edit_touch (history, _("Set Entry Hexes"));
      g_array_set_size (r->entry, 0);
      g_array_append_vals (r->entry, entry->data, entry->len);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_reserve_edge (MuEditHistory *history,
                          const char    *id,
                          const char    *edge,
                          GError       **error)
{
  MuReserve *r;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(r = need_reserve (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if (edge && *edge && !g_strv_contains ((const char *[]) { "n", "e", "s", "w", NULL }, edge))
    return mu_edit_fail (error, _("An entry edge is n, e, s or w, not “%s”"), edge);
  mu_edit_set_string (history, _("Set Entry Edge"), &r->edge, edge, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_reserve_entry_points (MuEditHistory *history,
                                  const char    *id,
                                  const MuPoint *points,
                                  guint          n_points,
                                  GError       **error)
{
  MuScenario *s;
  MuReserve *r;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (points != NULL || n_points == 0, FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(r = need_reserve (s, id, error)))
    return FALSE;
  if (s->board != MU_BOARD_TABLE)
    return mu_edit_fail (error, _("On a hex board, reserves enter at hexes of the board edge"));
  for (guint i = 0; i < n_points; i++)
    if (!(points[i].x >= 0 && points[i].y >= 0 &&
          points[i].x <= s->table->width && points[i].y <= s->table->height))
      return mu_edit_fail (error, _("Entry point %g, %g is off the table (%g × %g)"),
                           points[i].x, points[i].y, s->table->width, s->table->height);
  if (n_points != r->entry_points->len ||
      (n_points && memcmp (points, r->entry_points->data, n_points * sizeof (MuPoint)) != 0))
    {
      mu_edit_touch (history, _("Set Entry Points"));
      g_array_set_size (r->entry_points, 0);
      g_array_append_vals (r->entry_points, points, n_points);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_reserve (MuEditHistory *history,
                        const char    *id,
                        GError       **error)
{
  MuScenario *s;
  MuReserve *r;
  guint unplaced = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(r = need_reserve (s, id, error)))
    return FALSE;
  mu_edit_touch (history, _("Delete Reserve"));
  for (guint i = 0; i < s->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->place.kind == MU_PLACE_RESERVE && g_strcmp0 (c->place.reserve, id) == 0)
        {
          c->place.kind = MU_PLACE_NONE;
          g_clear_pointer (&c->place.reserve, g_free);
          unplaced++;
        }
    }
  if (unplaced)
    {
      g_autofree char *detail =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u counter of the reserve is no longer placed.",
                                   "%u counters of the reserve are no longer placed.", unplaced),
                         unplaced);
      mu_edit_add_detail (history, detail);
    }
  g_ptr_array_remove (s->reserves, r);
  mu_edit_commit (history);
  return TRUE;
}
