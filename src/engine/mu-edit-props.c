#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

/* Scenario properties: descriptive text, ruleset and options, timeline, victory. */

static gboolean
set_text (MuEditHistory *history,
          const char    *label,
          char         **field,
          const char    *value,
          gboolean       empty_is_null,
          GError       **error)
{
  if (!mu_edit_check_text (value, error))
    return FALSE;
  mu_edit_set_string (history, label, field, value, empty_is_null);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_title (MuEditHistory *history,
                   const char    *title,
                   GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return set_text (history, _("Change Title"),
                   &mu_edit_history_get_scenario (history)->title, title ? title : "", FALSE, error);
}

gboolean
mu_edit_set_description (MuEditHistory *history,
                         const char    *text,
                         GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return set_text (history, _("Change Description"),
                   &mu_edit_history_get_scenario (history)->description, text, TRUE, error);
}

gboolean
mu_edit_set_author (MuEditHistory *history,
                    const char    *author,
                    GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return set_text (history, _("Change Author"),
                   &mu_edit_history_get_scenario (history)->author, author, TRUE, error);
}

gboolean
mu_edit_set_date (MuEditHistory *history,
                  const char    *date,
                  GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (date && *date)
    {
      int y, m, d;
      char tail;

      if (strlen (date) != 10 || sscanf (date, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 ||
          date[4] != '-' || date[7] != '-' || !g_date_valid_dmy (d, m, y))
        return mu_edit_fail (error, _("“%s” is not a date like 1861-07-21 (year-month-day)"),
                             date);
    }
  return set_text (history, _("Change Date"),
                   &mu_edit_history_get_scenario (history)->date, date, TRUE, error);
}


gboolean
mu_edit_set_ruleset (MuEditHistory *history,
                     const char    *ruleset,
                     GError       **error)
{
  MuScenario *s;
  const MuRuleset *rs;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  rs = mu_ruleset_find (ruleset);
  if (rs == NULL)
    {
      g_autofree char *ids = mu_ruleset_list_ids ();

      return mu_edit_fail (error, _("Unknown ruleset “%s” (%s)"), ruleset ? ruleset : "", ids);
    }
  if (rs->board != s->board)
    return mu_edit_fail (error, s->board == MU_BOARD_HEX
                         ? _("The ruleset “%s” is played on a table, and this scenario has a hex board")
                         : _("The ruleset “%s” is played on a hex board, and this scenario has a table"),
                         ruleset);
  return set_text (history, _("Change Ruleset"), &s->ruleset, ruleset, FALSE, error);
}

gboolean
mu_edit_set_option (MuEditHistory *history,
                    const char    *key,
                    gboolean       enabled,
                    GError       **error)
{
  MuScenario *s;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!mu_edit_check_id (key, error))
    return FALSE;
  enabled = !!enabled;
  for (guint i = 0; i < s->options->len; i++)
    {
      MuRuleOption *o = g_ptr_array_index (s->options, i);

      if (g_strcmp0 (o->key, key) == 0 && o->enabled == enabled)
        {
          mu_edit_commit (history);
          return TRUE;
        }
    }
  mu_edit_touch (history, enabled ? _("Turn Rule On") : _("Turn Rule Off"));
  mu_scenario_set_option (s, key, enabled);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_option_value (MuEditHistory *history,
                          const char    *key,
                          const char    *value,
                          GError       **error)
{
  MuScenario *s;
  const MuRuleset *ruleset;
  const MuRuleOptionInfo *info;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!mu_edit_check_id (key, error))
    return FALSE;
  ruleset = mu_ruleset_find (s->ruleset);
  info = ruleset ? mu_ruleset_find_option (ruleset, key) : NULL;
  if (info != NULL)
    {
      MuRuleOption probe = { .key = (char *) key, .value = (char *) value };
      g_autofree char *why = mu_rule_option_check (info, &probe);

      if (why != NULL)
        return mu_edit_fail (error, "%s", why);
    }
  if (g_strcmp0 (mu_scenario_option_value (s, key), value) == 0)
    {
      mu_edit_commit (history);
      return TRUE;
    }
  mu_edit_touch (history, _("Change Rule Option"));
  mu_scenario_set_option_value (s, key, value);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_objectives_required (MuEditHistory *history,
                                 int            count,
                                 GError       **error)
{
  MuScenario *s;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (count < 0 || count > 99)
    return mu_edit_fail (error, _("The objectives needed for victory are 0 (the ruleset's default) to 99, not %d"),
                         count);
  if (s->objectives_required != count)
    {
      mu_edit_touch (history, _("Change Victory Conditions"));
      s->objectives_required = count;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_timeline (MuEditHistory   *history,
                      MuTimelineField  field,
                      int              value,
                      GError         **error)
{
  MuScenario *s;
  MuTimeline *t;
  int *slot, min, max;
  const char *what;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  t = &s->timeline;
  switch (field)
    {
    case MU_TIMELINE_BOUNDS:
      slot = &t->bounds; min = 1; max = 240; what = _("The number of bounds"); break;
    case MU_TIMELINE_FIRST_BOUND:
      slot = &t->first_bound; min = 1; max = 240; what = _("The first bound"); break;
    case MU_TIMELINE_START:
      slot = &t->start_minutes; min = 0; max = 1439; what = _("The first bound's time"); break;
    case MU_TIMELINE_MINUTES_PER_BOUND:
      slot = &t->minutes_per_bound; min = 1; max = 1440; what = _("Minutes per bound"); break;
    case MU_TIMELINE_DAWN:
      slot = &t->dawn_minutes; min = 0; max = 1439; what = _("Dawn"); break;
    case MU_TIMELINE_DUSK:
      slot = &t->dusk_minutes; min = 0; max = 1439; what = _("Dusk"); break;
    case MU_TIMELINE_DAYS:
      slot = &t->days; min = 1; max = 10; what = _("The number of days"); break;
    case MU_TIMELINE_DARKNESS_BOUND:
      slot = &t->darkness_bound; min = 0; max = t->first_bound + t->bounds - 1;
      what = _("The darkness bound (0 for none)"); break;
    case MU_TIMELINE_N:
    default:
      return mu_edit_fail (error, _("Unknown timeline field %d"), (int) field);
    }
  if (value < min || value > max)
    {
      if (field == MU_TIMELINE_START || field == MU_TIMELINE_DAWN || field == MU_TIMELINE_DUSK)
        return mu_edit_fail (error, _("%s is a time of day from 00:00 to 23:59"), what);
      return mu_edit_fail (error, _("%s must be %d to %d, not %d"), what, min, max, value);
    }
  if (*slot != value)
    {
      mu_edit_touch (history, _("Change Timeline"));
      *slot = value;
    }
  mu_edit_commit (history);
  return TRUE;
}

static int
compare_int (gconstpointer a,
             gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

gboolean
mu_edit_set_night_bounds (MuEditHistory *history,
                          const int     *bounds,
                          guint          n_bounds,
                          GError       **error)
{
  MuScenario *s;
  MuTimeline *t;
  g_autoptr(GArray) list = NULL;
  int last;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (bounds != NULL || n_bounds == 0, FALSE);

  s = mu_edit_history_get_scenario (history);
  t = &s->timeline;
  last = t->first_bound + t->bounds - 1;
  list = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < n_bounds; i++)
    {
      if (bounds[i] < t->first_bound || bounds[i] > last)
        return mu_edit_fail (error, _("Night bound %d is not a bound of the battle (%d–%d)"),
                             bounds[i], t->first_bound, last);
      g_array_append_val (list, bounds[i]);
    }
  g_array_sort (list, compare_int);
  for (guint i = 1; i < list->len;)
    if (g_array_index (list, int, i) == g_array_index (list, int, i - 1))
      g_array_remove_index (list, i);
    else
      i++;
  /* an empty GArray may have no data at all, which memcmp may not be given */
  if (list->len != t->night_bounds->len ||
      (list->len > 0 && memcmp (list->data, t->night_bounds->data, list->len * sizeof (int)) != 0))
    {
      mu_edit_touch (history, _("Change Night Bounds"));
      g_array_set_size (t->night_bounds, 0);
      g_array_append_vals (t->night_bounds, list->data, list->len);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_replace_oob (MuEditHistory    *history,
                     const MuScenario *oob,
                     const char       *label,
                     GError          **error)
{
  MuScenario *s;
  g_autofree char *diff = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (oob != NULL, FALSE);

  s = mu_edit_history_get_scenario (history);

  /* What stays must still refer to sides that exist. */
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      if (o->owner && !mu_scenario_find_side (oob, o->owner))
        return mu_edit_fail (error, _("Objective “%s” is held by side %s, which the new order of battle lacks"),
                             o->name ? o->name : o->id, o->owner);
    }
  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      if (!mu_scenario_find_side (oob, t->side))
        return mu_edit_fail (error, _("Task objective “%s” belongs to side %s, which the new order of battle lacks"),
                             t->id, t->side);
    }
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);

      if (!mu_scenario_find_side (oob, r->side))
        return mu_edit_fail (error, _("Reserve “%s” belongs to side %s, which the new order of battle lacks"),
                             r->id, r->side);
    }
  for (guint i = 0; i < s->own_lines->len; i++)
    {
      const MuSideArea *a = g_ptr_array_index (s->own_lines, i);

      if (!mu_scenario_find_side (oob, a->side))
        return mu_edit_fail (error, _("The own-lines area of side %s needs that side, which the new order of battle lacks"),
                             a->side);
    }
  for (guint i = 0; i < oob->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (oob->counters, i);
      const MuReserve *r;

      if (c->place.kind == MU_PLACE_RESERVE &&
          (!(r = mu_scenario_find_reserve (s, c->place.reserve)) ||
           g_strcmp0 (r->side, c->side) != 0))
        return mu_edit_fail (error, _("Counter “%s” arrives with reserve “%s”, which side %s does not have"),
                             c->id, c->place.reserve ? c->place.reserve : "", c->side);
      if (c->place.kind == MU_PLACE_HEX &&
          (s->board != MU_BOARD_HEX || !mu_hex_grid_contains (&s->hex_map->grid, c->place.hex)))
        return mu_edit_fail (error, _("Counter “%s” stands on hex %d,%d, which is not on the board"),
                             c->id, c->place.hex.col, c->place.hex.row);
      if (c->place.kind == MU_PLACE_TABLE && s->board != MU_BOARD_TABLE)
        return mu_edit_fail (error, _("Counter “%s” has a table position, and this scenario has a hex board"),
                             c->id);
    }

  /* Compare only what is replaced. */
  {
    g_autoptr(MuScenario) probe = mu_scenario_new ();

    for (guint i = 0; i < s->sides->len; i++)
      {
        const MuSide *x = g_ptr_array_index (s->sides, i);
        MuSide *y = mu_side_new (x->id, x->name, x->colour);

        mu_extra_copy (&y->extra, &x->extra);
        g_ptr_array_add (probe->sides, y);
      }
    for (guint i = 0; i < s->counters->len; i++)
      g_ptr_array_add (probe->counters, mu_counter_copy (g_ptr_array_index (s->counters, i)));
    {
      g_autoptr(MuScenario) other = mu_scenario_new ();

      for (guint i = 0; i < oob->sides->len; i++)
        {
          const MuSide *x = g_ptr_array_index (oob->sides, i);
          MuSide *y = mu_side_new (x->id, x->name, x->colour);

          mu_extra_copy (&y->extra, &x->extra);
          g_ptr_array_add (other->sides, y);
        }
      for (guint i = 0; i < oob->counters->len; i++)
        g_ptr_array_add (other->counters, mu_counter_copy (g_ptr_array_index (oob->counters, i)));
      diff = mu_edit_scenario_diff (probe, other);
      if (diff == NULL)
        {
          mu_edit_commit (history);
          return TRUE;
        }
      mu_edit_touch (history, label ? label : _("Replace Order of Battle"));
      g_ptr_array_set_size (s->sides, 0);
      g_ptr_array_set_size (s->counters, 0);
      for (guint i = 0; i < other->sides->len; i++)
        g_ptr_array_add (s->sides, g_ptr_array_index (other->sides, i));
      for (guint i = 0; i < other->counters->len; i++)
        g_ptr_array_add (s->counters, g_ptr_array_index (other->counters, i));
      g_ptr_array_set_free_func (other->sides, NULL);
      g_ptr_array_set_free_func (other->counters, NULL);
    }
  }
  mu_edit_commit (history);
  return TRUE;
}
