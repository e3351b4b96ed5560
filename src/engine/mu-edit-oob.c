#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"
#include "mu-problem.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The order of battle: sides and the counter tree side → control → command → unit. */

const char *
mu_edit_kind_display_name (MuCounterKind kind)
{
  switch (kind)
    {
    case MU_COUNTER_CONTROL: return _("control counter");
    case MU_COUNTER_COMMAND: return _("command counter");
    case MU_COUNTER_UNIT: return _("unit counter");
    default: return "?";
    }
}

gboolean
mu_edit_check_id (const char *id,
                  GError    **error)
{
  if (id == NULL || *id == '\0')
    return mu_edit_fail (error, _("An id may not be empty"));
  if (!mu_id_is_valid (id))
    {
      g_autofree char *shown = mu_problem_quote (id);

      return mu_edit_fail (error, _("The id “%s” is not valid: an id starts with a letter or digit, "
                                    "holds only letters, digits, “-”, “_” and “.”, and has at most "
                                    "%d characters"), shown, MU_ID_MAX_LENGTH);
    }
  return TRUE;
}

gboolean
mu_edit_check_text (const char  *text,
                    GError     **error)
{
  /* A longer text would be saved into a file that no longer opens. */
  if (mu_scenario_text_length (text) > MU_SCENARIO_MAX_TEXT)
    return mu_edit_fail (error, _("The text is too long: a scenario holds texts of at most "
                                  "%d characters (counting “&”, “<”, “>” and quotes as "
                                  "they are written)"), MU_SCENARIO_MAX_TEXT);
  return TRUE;
}

/* Sides ---------------------------------------------------------------------------- */

static MuSide *
need_side_obj (const MuScenario *s,
               const char       *id,
               GError          **error)
{
  MuSide *side = mu_scenario_find_side (s, id);

  if (side == NULL)
    mu_edit_need_side (s, id, error);
  return side;
}

static gboolean
id_taken (const MuScenario *s,
          const char       *id)
{
  for (guint i = 0; i < s->tasks->len; i++)
    if (g_strcmp0 (((MuTaskObjective *) g_ptr_array_index (s->tasks, i))->id, id) == 0)
      return TRUE;
  return mu_scenario_find_side (s, id) || mu_scenario_find_counter (s, id) ||
         mu_scenario_find_objective (s, id) || mu_scenario_find_reserve (s, id);
}

char *
mu_edit_add_side (MuEditHistory *history,
                  const char    *id,
                  const char    *name,
                  guint32        colour,
                  GError       **error)
{
  MuScenario *s;
  g_autofree char *new_id = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (id && *id)
    {
      if (!mu_edit_check_id (id, error))
        return NULL;
      if (id_taken (s, id))
        {
          mu_edit_fail (error, _("The id “%s” is already used in this scenario"), id);
          return NULL;
        }
      new_id = g_strdup (id);
    }
  else
    new_id = mu_scenario_unique_id (s, "side");
  if (colour > 0xffffff)
    {
      mu_edit_fail (error, _("A colour is 0xRRGGBB, not 0x%x"), colour);
      return NULL;
    }

  mu_edit_touch (history, _("Add Side"));
  g_ptr_array_add (s->sides, mu_side_new (new_id, name && *name ? name : new_id, colour));
  mu_edit_commit (history);
  return g_steal_pointer (&new_id);
}

gboolean
mu_edit_remove_side (MuEditHistory *history,
                     const char    *id,
                     GError       **error)
{
  MuScenario *s;
  MuSide *side;
  guint counters = 0, others = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(side = need_side_obj (s, id, error)))
    return FALSE;
  for (guint i = 0; i < s->counters->len; i++)
    counters += g_strcmp0 (((MuCounter *) g_ptr_array_index (s->counters, i))->side, id) == 0;
  for (guint i = 0; i < s->objectives->len; i++)
    others += g_strcmp0 (((MuObjective *) g_ptr_array_index (s->objectives, i))->owner, id) == 0;
  for (guint i = 0; i < s->tasks->len; i++)
    others += g_strcmp0 (((MuTaskObjective *) g_ptr_array_index (s->tasks, i))->side, id) == 0;
  for (guint i = 0; i < s->reserves->len; i++)
    others += g_strcmp0 (((MuReserve *) g_ptr_array_index (s->reserves, i))->side, id) == 0;
  for (guint i = 0; i < s->own_lines->len; i++)
    others += g_strcmp0 (((MuSideArea *) g_ptr_array_index (s->own_lines, i))->side, id) == 0;
  if (counters || others)
    return mu_edit_fail (error, _("The side “%s” still has %u counters and %u objectives, tasks, reserves or areas; remove them first"),
                         id, counters, others);

  mu_edit_touch (history, _("Delete Side"));
  g_ptr_array_remove (s->sides, side);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_side_name (MuEditHistory *history,
                       const char    *id,
                       const char    *name,
                       GError       **error)
{
  MuSide *side;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(side = need_side_obj (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if (name == NULL || *name == '\0')
    return mu_edit_fail (error, _("A side needs a name"));
  mu_edit_set_string (history, _("Rename Side"), &side->name, name, FALSE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_side_colour (MuEditHistory *history,
                         const char    *id,
                         guint32        colour,
                         GError       **error)
{
  MuSide *side;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(side = need_side_obj (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if (colour > 0xffffff)
    return mu_edit_fail (error, _("A colour is 0xRRGGBB, not 0x%x"), colour);
  if (side->colour != colour)
    {
      mu_edit_touch (history, _("Change Side Colour"));
      side->colour = colour;
    }
  mu_edit_commit (history);
  return TRUE;
}

static void
move_in_array (GPtrArray *array,
               gpointer   item,
               guint      position)
{
  guint from;

  if (!g_ptr_array_find (array, item, &from))
    g_assert_not_reached ();
  position = MIN (position, array->len - 1);
  g_ptr_array_steal_index (array, from);
  g_ptr_array_insert (array, (int) position, item);
}

gboolean
mu_edit_move_side (MuEditHistory *history,
                   const char    *id,
                   guint          position,
                   GError       **error)
{
  MuScenario *s;
  MuSide *side;
  guint from;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(side = need_side_obj (s, id, error)))
    return FALSE;
  g_ptr_array_find (s->sides, side, &from);
  if (MIN (position, s->sides->len - 1) != from)
    {
      mu_edit_touch (history, _("Reorder Sides"));
      move_in_array (s->sides, side, position);
    }
  mu_edit_commit (history);
  return TRUE;
}

/* Counters ------------------------------------------------------------------------- */

MuCounter *
mu_edit_need_counter (const MuScenario *s,
                      const char       *id,
                      GError          **error)
{
  MuCounter *c = mu_scenario_find_counter (s, id);

  if (c == NULL)
    mu_edit_fail (error, _("There is no counter “%s”"), id ? id : "");
  return c;
}

/* Whether c lies in the subtree of root (root included). */
static gboolean
in_subtree (const MuScenario *s,
            const MuCounter  *c,
            const char       *root)
{
  for (guint depth = 0; c && depth <= s->counters->len; depth++)
    {
      if (g_strcmp0 (c->id, root) == 0)
        return TRUE;
      c = c->parent ? mu_scenario_find_counter (s, c->parent) : NULL;
    }
  return FALSE;
}

static gboolean
check_parent (const MuScenario *s,
              const MuCounter  *c,
              MuCounterKind     kind,
              const char       *side,
              const char       *parent_id,
              GError          **error)
{
  const MuCounter *parent;

  if (parent_id == NULL)
    return TRUE;
  if (!(parent = mu_edit_need_counter (s, parent_id, error)))
    return FALSE;
  if (g_strcmp0 (parent->side, side) != 0)
    return mu_edit_fail (error, _("“%s” belongs to side %s; a counter of side %s cannot serve under it"),
                         parent_id, parent->side, side);
  switch (kind)
    {
    case MU_COUNTER_UNIT:
      /* BAA-AMB-54: in an army without command counters, units serve
       * directly under a control counter. */
      if (parent->kind != mu_scenario_parent_kind (s, kind, side))
        return mu_scenario_side_has_commands (s, side)
          ? mu_edit_fail (error, _("A unit serves under a command counter (a division), and “%s” is a %s"),
                          parent_id, mu_edit_kind_display_name (parent->kind))
          : mu_edit_fail (error, _("A unit of an army without command counters serves under a control counter, and “%s” is a %s"),
                          parent_id, mu_edit_kind_display_name (parent->kind));
      break;
    case MU_COUNTER_CONTROL:
      return mu_edit_fail (error, _("A control counter is the top of its tree and has no superior"));
    case MU_COUNTER_COMMAND:
      if (parent->kind != MU_COUNTER_CONTROL)
        return mu_edit_fail (error, _("A %s serves under a control counter, and “%s” is a %s"),
                             mu_edit_kind_display_name (kind), parent_id,
                             mu_edit_kind_display_name (parent->kind));
      break;
    default:
      g_assert_not_reached ();
    }
  if (c && in_subtree (s, parent, c->id))
    return mu_edit_fail (error, _("“%s” serves under “%s”, so it cannot become its superior"),
                         parent_id, c->id);
  return TRUE;
}

/* The scenario's ruleset (a ruleset Muster does not know: format 1's
 * first, as mu_ruleset_numbered_field reads NULL). */
static const MuRuleset *
ruleset_of (const MuScenario *s)
{
  return s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
}

/* The number the ruleset gives counters of c's kind for their
 * subordinates to name (baa: a command's division), 0 when none. */
static int
number_of (const MuScenario *s,
           const MuCounter  *c)
{
  const MuFieldInfo *f = mu_ruleset_numbered_field (ruleset_of (s), c->kind);

  return f ? mu_counter_get_int (c, f->id) : 0;
}

static int
next_division (const MuScenario *s,
               const char       *side)
{
  int max = 0;

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->kind == MU_COUNTER_COMMAND && g_strcmp0 (c->side, side) == 0)
        max = MAX (max, number_of (s, c));
    }
  return max + 1;
}

/* A command counter's division number, where the scenario's ruleset
 * numbers its kind (mu_ruleset_numbered_field). */
static void
set_division (const MuScenario *s,
              MuCounter        *c,
              int               division)
{
  const MuFieldInfo *f = mu_ruleset_numbered_field (ruleset_of (s), c->kind);

  if (f)
    mu_counter_set_int (c, f->id, division);
}

/* A unit's identity, the division it follows (0: none): the number the
 * ruleset declares for its kind that names a superior's (MuFieldInfo.names). */
static void
set_identity (const MuScenario *s,
              MuCounter        *c,
              int               identity)
{
  const MuFieldInfo *f = mu_ruleset_naming_field (ruleset_of (s), c->kind);

  if (f)
    mu_counter_set_int (c, f->id, identity);
}

/* Index after the last counter of parent's subtree (or of the side). */
static guint
insertion_index (const MuScenario *s,
                 const char       *side,
                 const char       *parent)
{
  guint at = s->counters->len;
  gboolean found = FALSE;

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (parent ? in_subtree (s, c, parent) : g_strcmp0 (c->side, side) == 0)
        {
          at = i + 1;
          found = TRUE;
        }
    }
  return found ? at : s->counters->len;
}

/* "csa-unit12" -> "csa-unit"; ids without a number get a dash. */
static char *
id_prefix (const char *id)
{
  gsize n = strlen (id);

  while (n > 0 && g_ascii_isdigit (id[n - 1]))
    n--;
  if (n == strlen (id))
    return g_strconcat (id, "-", NULL);
  return g_strndup (id, n);
}

char *
mu_edit_add_counter (MuEditHistory *history,
                     MuCounterKind  kind,
                     const char    *side,
                     const char    *parent,
                     GError       **error)
{
  MuScenario *s;
  MuCounter *c, *p;
  g_autofree char *prefix = NULL;
  g_autofree char *id = NULL;
  guint at;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (kind != MU_COUNTER_CONTROL && kind != MU_COUNTER_COMMAND && kind != MU_COUNTER_UNIT)
    {
      mu_edit_fail (error, _("Unknown counter kind %d"), (int) kind);
      return NULL;
    }
  if (!mu_edit_need_side (s, side, error) || !check_parent (s, NULL, kind, side, parent, error))
    return NULL;

  prefix = g_strdup_printf ("%s-%s", side, mu_counter_kind_to_string (kind));
  id = mu_scenario_unique_id (s, prefix);
  at = insertion_index (s, side, parent);

  mu_edit_touch (history, kind == MU_COUNTER_UNIT ? _("Add Unit")
                          : kind == MU_COUNTER_COMMAND ? _("Add Command Counter")
                          : _("Add Control Counter"));
  c = mu_counter_new (kind, id, side);
  mu_ruleset_set_initial_values (ruleset_of (s), c);
  c->parent = g_strdup (parent);
  switch (kind)
    {
    case MU_COUNTER_UNIT:
      c->name = g_strdup (_("New Brigade"));
      p = parent ? mu_scenario_find_counter (s, parent) : NULL;
      set_identity (s, c, p ? number_of (s, p) : 0);
      break;
    case MU_COUNTER_COMMAND:
      c->name = g_strdup (_("New Division"));
      set_division (s, c, next_division (s, side));
      break;
    case MU_COUNTER_CONTROL:
      c->name = g_strdup (_("New Commander"));
      break;
    default:
      g_assert_not_reached ();
    }
  g_ptr_array_insert (s->counters, (int) at, c);
  mu_edit_commit (history);
  return g_steal_pointer (&id);
}

gboolean
mu_edit_remove_counter (MuEditHistory *history,
                        const char    *id,
                        GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  guint below;
  g_autofree char *root = NULL;
  g_autoptr(GPtrArray) doomed = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;

  root = g_strdup (c->id);
  doomed = g_ptr_array_new ();
  for (guint i = 0; i < s->counters->len; i++)
    if (in_subtree (s, g_ptr_array_index (s->counters, i), root))
      g_ptr_array_add (doomed, g_ptr_array_index (s->counters, i));

  mu_edit_touch (history, _("Delete Counter"));
  below = doomed->len - 1;
  for (guint i = 0; i < doomed->len; i++)
    g_ptr_array_remove (s->counters, g_ptr_array_index (doomed, i));
  if (below)
    {
      g_autofree char *detail =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u counter under it was deleted too.",
                                   "%u counters under it were deleted too.", below), below);
      mu_edit_add_detail (history, detail);
    }
  mu_edit_commit (history);
  return TRUE;
}

char *
mu_edit_duplicate_counter (MuEditHistory *history,
                           const char    *id,
                           GError       **error)
{
  MuScenario *s;
  MuCounter *c, *copy;
  g_autofree char *prefix = NULL;
  g_autofree char *new_id = NULL;
  guint at;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return NULL;
  prefix = id_prefix (c->id);
  new_id = mu_scenario_unique_id (s, prefix);
  g_ptr_array_find (s->counters, c, &at);

  mu_edit_touch (history, _("Duplicate Counter"));
  copy = mu_counter_copy (c);
  g_free (copy->id);
  copy->id = g_strdup (new_id);
  copy->line = 0;
  copy->place.kind = MU_PLACE_NONE;
  copy->place.hex = MU_HEX_NONE;
  copy->place.pos = (MuPoint) { 0, 0 };
  copy->place.facing = 0;
  g_clear_pointer (&copy->place.reserve, g_free);
  if (copy->kind == MU_COUNTER_COMMAND)
    set_division (s, copy, next_division (s, copy->side));
  g_ptr_array_insert (s->counters, (int) at + 1, copy);
  mu_edit_commit (history);
  return g_steal_pointer (&new_id);
}

gboolean
mu_edit_move_counter_order (MuEditHistory *history,
                            const char    *id,
                            guint          position,
                            GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  guint from;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  g_ptr_array_find (s->counters, c, &from);
  if (MIN (position, s->counters->len - 1) != from)
    {
      mu_edit_touch (history, _("Reorder Counters"));
      move_in_array (s->counters, c, position);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_parent (MuEditHistory *history,
                            const char    *id,
                            const char    *parent,
                            GError       **error)
{
  MuScenario *s;
  MuCounter *c;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (parent && *parent == '\0')
    parent = NULL;
  if (!(c = mu_edit_need_counter (s, id, error)) ||
      !check_parent (s, c, c->kind, c->side, parent, error))
    return FALSE;
  if (mu_edit_set_string (history, _("Reassign Counter"), &c->parent, parent, TRUE) &&
      c->kind == MU_COUNTER_UNIT)
    {
      MuCounter *p = parent ? mu_scenario_find_counter (s, parent) : NULL;

      set_identity (s, c, p ? number_of (s, p) : 0);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_side (MuEditHistory *history,
                          const char    *id,
                          const char    *side,
                          GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  g_autofree char *root = NULL;
  g_autoptr(GPtrArray) moved = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)) || !mu_edit_need_side (s, side, error))
    return FALSE;
  if (g_strcmp0 (c->side, side) == 0)
    {
      mu_edit_commit (history);
      return TRUE;
    }

  root = g_strdup (c->id);
  moved = g_ptr_array_new ();
  for (guint i = 0; i < s->counters->len; i++)
    if (in_subtree (s, g_ptr_array_index (s->counters, i), root))
      g_ptr_array_add (moved, g_ptr_array_index (s->counters, i));

  mu_edit_touch (history, _("Change Counter Side"));
  for (guint i = 0; i < moved->len; i++)
    {
      MuCounter *x = g_ptr_array_index (moved, i);
      MuReserve *r;

      g_free (x->side);
      x->side = g_strdup (side);
      if (x->place.kind == MU_PLACE_RESERVE &&
          (r = mu_scenario_find_reserve (s, x->place.reserve)) &&
          g_strcmp0 (r->side, side) != 0)
        {
          x->place.kind = MU_PLACE_NONE;
          g_clear_pointer (&x->place.reserve, g_free);
        }
    }
  /* The root leaves its old superior; the subtree stays together. */
  g_clear_pointer (&c->parent, g_free);
  if (c->kind == MU_COUNTER_UNIT)
    set_identity (s, c, 0);
  if (c->kind == MU_COUNTER_COMMAND)
    {
      MuCounter *clash = mu_scenario_find_command (s, side, number_of (s, c));

      if (clash && clash != c)
        {
          set_division (s, c, next_division (s, side));
          for (guint i = 0; i < moved->len; i++)
            {
              MuCounter *x = g_ptr_array_index (moved, i);

              if (x->kind == MU_COUNTER_UNIT && g_strcmp0 (x->parent, c->id) == 0)
                set_identity (s, x, number_of (s, c));
            }
        }
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_name (MuEditHistory *history,
                          const char    *id,
                          const char    *name,
                          GError       **error)
{
  MuCounter *c;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(c = mu_edit_need_counter (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  mu_edit_set_string (history, _("Rename Counter"), &c->name, name, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_note (MuEditHistory *history,
                          const char    *id,
                          const char    *note,
                          GError       **error)
{
  MuCounter *c;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (note, error))
    return FALSE;

  if (!(c = mu_edit_need_counter (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  mu_edit_set_string (history, _("Edit Historical Note"), &c->note, note, TRUE);
  mu_edit_commit (history);
  return TRUE;
}

/* Placement ------------------------------------------------------------------------- */

static void
set_place (MuEditHistory     *history,
           MuCounter         *c,
           const MuPlacement *place)
{
  const MuPlacement *old = &c->place;

  if (old->kind == place->kind && mu_hex_equal (old->hex, place->hex) &&
      old->pos.x == place->pos.x && old->pos.y == place->pos.y &&
      old->facing == place->facing && old->formation == place->formation &&
      g_strcmp0 (old->reserve, place->reserve) == 0)
    return;
  mu_edit_touch (history, place->kind == MU_PLACE_NONE ? _("Remove Counter from Board")
                          : place->kind == MU_PLACE_RESERVE ? _("Send Counter to Reserve")
                          : old->kind == MU_PLACE_HEX || old->kind == MU_PLACE_TABLE
                          ? _("Move Counter") : _("Place Counter"));
  g_free (c->place.reserve);
  c->place = *place;
  c->place.reserve = g_strdup (place->reserve);
}

gboolean
mu_edit_place_counter_hex (MuEditHistory *history,
                           const char    *id,
                           MuHex          hex,
                           GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  MuPlacement p = { 0 };

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if (s->board != MU_BOARD_HEX)
    return mu_edit_fail (error, _("This scenario is played on a table; place counters at a position"));
  if (!mu_hex_grid_contains (&s->hex_map->grid, hex))
    return mu_edit_fail (error, _("Hex %d,%d is off the board (columns 1–%d, rows 1–%d)"),
                         hex.col, hex.row, s->hex_map->grid.cols, s->hex_map->grid.rows);
  p.kind = MU_PLACE_HEX;
  p.hex = hex;
  p.formation = c->place.formation;
  set_place (history, c, &p);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_place_counter_table (MuEditHistory *history,
                             const char    *id,
                             MuPoint        pos,
                             double         facing,
                             GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  MuPlacement p = { 0 };

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if (s->board != MU_BOARD_TABLE)
    return mu_edit_fail (error, _("This scenario is played on a hex board; place counters on a hex"));
  if (!(pos.x >= 0 && pos.y >= 0 && pos.x <= s->table->width && pos.y <= s->table->height))
    return mu_edit_fail (error, _("Position %g, %g is off the table (%g × %g)"),
                         pos.x, pos.y, s->table->width, s->table->height);
  if (!isfinite (facing))
    return mu_edit_fail (error, _("The facing is not a number"));
  p.kind = MU_PLACE_TABLE;
  p.pos = pos;
  p.facing = fmod (fmod (facing, 360.0) + 360.0, 360.0);
  p.formation = c->place.formation;
  set_place (history, c, &p);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_formation (MuEditHistory *history,
                               const char    *id,
                               MuFormation    formation,
                               GError       **error)
{
  MuCounter *c;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(c = mu_edit_need_counter (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  if ((int) formation < 0 || formation >= MU_FORMATION_N)
    return mu_edit_fail (error, _("Unknown formation %d"), (int) formation);
  if (c->place.formation != formation || c->formation_word != NULL)
    {
      mu_edit_touch (history, _("Change Formation"));
      c->place.formation = formation;
      g_clear_pointer (&c->formation_word, g_free);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_arm (MuEditHistory *history,
                         const char    *id,
                         const char    *arm,
                         GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  const MuRuleset *ruleset;
  const MuArmInfo *info;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if (c->kind != MU_COUNTER_UNIT)
    return mu_edit_fail (error, _("“%s” is a commander: only units have an arm"), id);
  ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  if (!(info = mu_ruleset_find_arm (ruleset, arm)))
    {
      g_autofree char *allowed = mu_ruleset_describe_arms (ruleset);

      return mu_edit_fail (error, _("arm “%s” is not allowed (%s)"), arm ? arm : "", allowed);
    }
  if (g_strcmp0 (mu_counter_arm_word (c), info->id) != 0 || c->arm != info->basing)
    {
      mu_edit_touch (history, _("Change Arm"));
      if (!mu_counter_set_arm (ruleset, c, info->id, NULL))
        g_assert_not_reached ();
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_counter_reserve (MuEditHistory *history,
                             const char    *id,
                             const char    *reserve,
                             GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  MuReserve *r;
  MuPlacement p = { 0 };

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if (!(r = mu_scenario_find_reserve (s, reserve)))
    return mu_edit_fail (error, _("There is no reserve “%s”"), reserve ? reserve : "");
  if (g_strcmp0 (r->side, c->side) != 0)
    return mu_edit_fail (error, _("Reserve “%s” belongs to side %s, and “%s” to side %s"),
                         reserve, r->side, c->id, c->side);
  p.kind = MU_PLACE_RESERVE;
  p.formation = c->place.formation;
  p.reserve = (char *) reserve;
  set_place (history, c, &p);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_unplace_counter (MuEditHistory *history,
                         const char    *id,
                         GError       **error)
{
  MuCounter *c;
  MuPlacement p = { 0 };

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(c = mu_edit_need_counter (mu_edit_history_get_scenario (history), id, error)))
    return FALSE;
  p.kind = MU_PLACE_NONE;
  p.formation = c->place.formation;
  set_place (history, c, &p);
  mu_edit_commit (history);
  return TRUE;
}
