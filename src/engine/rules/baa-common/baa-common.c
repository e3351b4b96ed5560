/* baa-common.c: what baa-hex and baa-table share (see baa-common.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-common.h"

#include "mu-problem.h"

#include <glib/gi18n-lib.h>

#include <string.h>

const char *
baa_common_victory_level (int diff)
{
  /* BAA-VIC-2, BAT-OBJ-4 */
  diff = ABS (diff);
  if (diff == 0)
    return NC_("event text", "draw");
  if (diff <= 2)
    return NC_("event text", "tactical");
  if (diff <= 4)
    return NC_("event text", "decisive");
  return NC_("event text", "complete");
}

BaaHoldResult
baa_common_hold_check (BaaHold *o,
                       int      present)
{
  g_assert (o != NULL);

  if (present == BAA_COMMON_NONE)
    {
      o->hold_side = BAA_COMMON_NONE;
      o->hold_count = 0;
      return BAA_HOLD_NOTHING;
    }
  if (o->hold_side == present)
    o->hold_count++;
  else
    {
      o->hold_side = present;
      o->hold_count = 1;
    }
  if (o->owner == present)
    return BAA_HOLD_NOTHING;
  if (o->hold_count >= 3)
    {
      /* BAA-OBJ-2, BAA-AMB-42, BAT-AMB-29: the third round-end claims it */
      o->owner = present;
      return BAA_HOLD_CLAIMED;
    }
  return BAA_HOLD_COUNTED;
}

gboolean
baa_common_rest (int      *streak,
                 gboolean *fatigued,
                 int       bounds)
{
  *streak += bounds;
  if (*streak < BAA_REST_BOUNDS)
    return FALSE;
  *streak = BAA_REST_BOUNDS;
  if (!*fatigued)
    return FALSE;
  *fatigued = FALSE;
  *streak = 0;
  return TRUE;
}

int
baa_common_march_need (MuReserveKind kind)
{
  return kind == MU_RESERVE_FLANK_MARCH ? 5 : kind == MU_RESERVE_OUT_CIRCLING ? 6 : 0;
}

/* Special rules ----------------------------------------------------------------- */

gboolean
baa_common_has_rail_reserve (const MuScenario *s)
{
  for (guint i = 0; i < s->reserves->len; i++)
    if (((const MuReserve *) g_ptr_array_index (s->reserves, i))->kind == MU_RESERVE_RAILROAD)
      return TRUE;
  return FALSE;
}

static gboolean
is_river_boat (const MuCounter *c)
{
  return c->kind == MU_COUNTER_UNIT && c->arm == MU_ARM_RIVERBOAT;
}

gboolean
baa_common_has_river_boat (const MuScenario *s)
{
  for (guint i = 0; i < s->counters->len; i++)
    if (is_river_boat (g_ptr_array_index (s->counters, i)))
      return TRUE;
  return FALSE;
}

void
baa_common_check_river_boats (const MuScenario *s,
                              const char       *key,
                              const char       *rule,
                              GPtrArray        *problems)
{
  /* the default is on whenever there is a river boat: only an explicit
   * off can leave one without its rule */
  if (mu_scenario_option (s, key, TRUE))
    return;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      MuProblem *p;

      if (!is_river_boat (c))
        continue;
      p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line,
                          _("unit “%s” is a river boat, but the scenario turns the river-boats rule "
                            "off (%s)"),
                          c->id ? c->id : "", rule);
      p->object_id = g_strdup (c->id);
      g_ptr_array_add (problems, p);
    }
}

/* Division numbers ------------------------------------------------------------ */

static void G_GNUC_PRINTF (4, 5)
division_error (const MuScenario *s,
                GPtrArray        *problems,
                const MuCounter  *c,
                const char       *format,
                ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  MuProblem *p;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, c->line, "%s", msg);
  p->object_id = g_strdup (c->id);
  g_ptr_array_add (problems, p);
}

static char *
division_key (const char *side,
              int         division)
{
  return g_strdup_printf ("%s %d", side ? side : "", division);
}

void
baa_common_check_divisions (const MuScenario *s,
                            GPtrArray        *problems)
{
  /* the first command counter of each side's division, as
   * mu_scenario_find_command() finds it; the sides that have any */
  g_autoptr(GHashTable) command_by_division = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) sides_with_commands = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) counter_by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->id != NULL && !g_hash_table_contains (counter_by_id, c->id))
        g_hash_table_insert (counter_by_id, c->id, c);
      if (c->kind == MU_COUNTER_COMMAND)
        {
          char *key = division_key (c->side, mu_counter_get_int (c, "division"));

          if (!g_hash_table_contains (command_by_division, key))
            g_hash_table_insert (command_by_division, key, c);
          else
            g_free (key);
          if (c->side != NULL)
            g_hash_table_add (sides_with_commands, c->side);
        }
    }

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      g_autofree char *what = g_strdup_printf ("%s “%s”", mu_counter_kind_to_string (c->kind),
                                               c->id ? c->id : "");
      const MuCounter *parent = c->parent ? g_hash_table_lookup (counter_by_id, c->parent) : NULL;
      gboolean commands = c->side != NULL && g_hash_table_contains (sides_with_commands, c->side);
      int identity = mu_counter_get_int (c, "identity");

      if (c->kind == MU_COUNTER_COMMAND)
        {
          g_autofree char *key = division_key (c->side, mu_counter_get_int (c, "division"));
          const MuCounter *o = g_hash_table_lookup (command_by_division, key);

          /* an earlier command counter of the same division */
          if (o != NULL && o != c)
            division_error (s, problems, c, _("%s: division %d already has a commander, “%s”"),
                            what, mu_counter_get_int (c, "division"), o->id);
          continue;
        }
      if (c->kind != MU_COUNTER_UNIT)
        continue;
      if (identity < 0)
        division_error (s, problems, c, _("%s: identity %d is not a division number"), what,
                        identity);
      else if (identity > 0 && c->side && commands)
        {
          g_autofree char *key = division_key (c->side, identity);

          if (!g_hash_table_contains (command_by_division, key))
            division_error (s, problems, c, _("%s: division %d has no command counter on side “%s”"),
                            what, identity, c->side);
        }
      /* its parent command's division (BAA-AMB-54: in an army without
       * command counters the parent is a control counter, and any number
       * goes); a parent of the wrong kind or side is the generic checker's */
      if (parent && parent != c && commands && parent->kind == MU_COUNTER_COMMAND &&
          g_strcmp0 (parent->side, c->side) == 0 && identity != 0 &&
          mu_counter_get_int (parent, "division") != identity)
        division_error (s, problems, c, _("%s: identity %d does not match division %d of its parent “%s”"),
                        what, identity, mu_counter_get_int (parent, "division"), c->parent);
    }
}

/* Task objectives ------------------------------------------------------------ */

/* The N of "disperse SIDE N" and "exit SIDE EDGE N": at least one unit. A
 * count of 0 would be met before the first command, and the first side to
 * complete its task wins at once (BAT-OBJ-5) or scores its value
 * (BAA-VIC-4) without doing anything. */
static gboolean
count_ok (const char *w, int *out)
{
  char *end = NULL;
  gint64 n = g_ascii_strtoll (w, &end, 10);

  if (end == w || *end != '\0' || n < 1 || n > 9999)
    return FALSE;
  *out = (int) n;
  return TRUE;
}

gboolean
baa_task_parse (const char *condition,
                BaaTask    *t)
{
  char **w;
  guint n;

  memset (t, 0, sizeof *t);
  t->hex = MU_HEX_NONE;
  w = t->words = g_strsplit (condition ? condition : "", " ", -1);
  n = g_strv_length (w);
  if (n == 3 && g_str_equal (w[0], "disperse") && count_ok (w[2], &t->count))
    {
      t->kind = BAA_TASK_DISPERSE;
      t->side = w[1];
      return TRUE;
    }
  if (n == 2 && g_str_equal (w[0], "hold") && *w[1])
    {
      t->kind = BAA_TASK_HOLD_OBJECTIVE;
      t->objective = w[1];
      return TRUE;
    }
  if (n == 3 && g_str_equal (w[0], "hold") && mu_hex_parse (w[2], &t->hex))
    {
      t->kind = BAA_TASK_HOLD_HEX;
      t->side = w[1];
      return TRUE;
    }
  if (n == 4 && g_str_equal (w[0], "exit") && strlen (w[2]) == 1 && strchr ("nesw", w[2][0]) &&
      count_ok (w[3], &t->count))
    {
      t->kind = BAA_TASK_EXIT;
      t->side = w[1];
      t->edge = w[2][0];
      return TRUE;
    }
  return FALSE;
}

void
baa_task_clear (BaaTask *t)
{
  g_clear_pointer (&t->words, g_strfreev);
}

void
baa_task_check_count (const MuScenario      *s,
                      const MuTaskObjective *t,
                      const BaaTask         *task,
                      const char            *rule,
                      GPtrArray             *problems)
{
  guint units = 0;
  MuProblem *p;

  if (task->kind != BAA_TASK_DISPERSE && task->kind != BAA_TASK_EXIT)
    return;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      units += c->kind == MU_COUNTER_UNIT && g_strcmp0 (c->side, task->side) == 0;
    }
  if ((guint) task->count <= units)
    return;
  p = mu_problem_new (MU_PROBLEM_ERROR, s->filename, t->line,
                      _("task “%s”: condition “%s” asks for more units than %s has in its order of "
                        "battle (%u) (%s)"),
                      t->id ? t->id : "", t->condition, task->side, units, rule);
  p->object_id = g_strdup (t->id);
  g_ptr_array_add (problems, p);
}
