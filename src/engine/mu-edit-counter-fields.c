/* mu-edit-counter-fields.c: the whole numbers the scenario's ruleset
 * declares for counters, their ranges and the undoable edit that sets one
 * (a unit's arm is set by name in mu-edit-oob.c). */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>

/* Counter values ------------------------------------------------------------------- */

/* The values the editor sets by number are the whole numbers the
 * scenario's ruleset declares for a kind of counter (mu-ruleset.h),
 * addressed by their declarations' ids, with the declared ranges. */

/* An open range ("at least 1") as the editor offers it. */
#define OPEN_MAX 999

/* The scenario's ruleset; Brothers at Arms' when it names none we know. */
static const MuRuleset *
ruleset_of (const MuScenario *scenario)
{
  const MuRuleset *ruleset = scenario && scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;

  return ruleset ? ruleset : mu_ruleset_find ("baa-hex");
}

/* The declaration of a whole number counters of kind hold (as a value
 * written as an attribute, or in an int member), NULL when the ruleset
 * declares no such number for the kind. */
static const MuFieldInfo *
declared_number (const MuScenario *scenario,
                 MuCounterKind     kind,
                 const char       *name)
{
  const MuFieldInfo *f;

  if (name == NULL)
    return NULL;
  f = mu_ruleset_find_field (ruleset_of (scenario), name);
  return f && f->type == MU_FIELD_INT && (f->offset >= 0 || mu_field_is_attribute_number (f)) &&
         mu_field_applies (f, kind) ? f : NULL;
}

gboolean
mu_edit_counter_number_range (const MuScenario *scenario,
                              MuCounterKind     kind,
                              const char       *name,
                              int              *min,
                              int              *max)
{
  const MuFieldInfo *f = declared_number (scenario, kind, name);

  if (f == NULL)
    return FALSE;
  if (min)
    *min = (int) f->min;
  if (max)
    *max = (int) MIN (f->max, OPEN_MAX);
  return TRUE;
}

int
mu_edit_counter_get_number (const MuScenario *scenario,
                            const MuCounter  *c,
                            const char       *name)
{
  const MuFieldInfo *f;

  g_return_val_if_fail (c != NULL && name != NULL, 0);

  f = mu_ruleset_find_field (ruleset_of (scenario), name);
  if (f && f->offset >= 0)
    return G_STRUCT_MEMBER (int, c, f->offset);
  return mu_counter_get_int (c, name);
}

static void
set_number (MuCounter         *c,
            const MuFieldInfo *f,
            int                value)
{
  if (f->offset >= 0)
    G_STRUCT_MEMBER (int, c, f->offset) = value;
  else
    mu_counter_set_int (c, f->id, value);
}

/* The declaration's short name for people ("Strength", where the form
 * says "Strength (bases)"), as the steps and refusals name it. */
static const char *
number_display_name (const MuFieldInfo *f)
{
  return g_dgettext (GETTEXT_PACKAGE, f->label ? f->label : f->name);
}

static gboolean
number_range_error (const MuScenario  *scenario,
                    MuCounterKind      kind,
                    const MuFieldInfo *f,
                    int                value,
                    GError           **error)
{
  int min = 0, max = 0;

  mu_edit_counter_number_range (scenario, kind, f->id, &min, &max);
  /* a number that names a superior's (a unit's division): 0 is none */
  if (f->names && f->zero_word)
    {
      const MuFieldInfo *named = mu_ruleset_find_field (ruleset_of (scenario), f->names);
      const char *zero = f->zero_name ? g_dgettext (GETTEXT_PACKAGE, f->zero_name) : f->zero_word;
      g_autofree char *named_name = g_utf8_strdown (named ? number_display_name (named) : f->names, -1);

      return mu_edit_fail (error, _("%s must be 0 (%s, unassigned) or a %s number 1 to %d, not %d"),
                           number_display_name (f), zero, named_name, max, value);
    }
  /* what the range is for in the rules, where the declaration says */
  if (f->range_reason)
    return mu_edit_fail (error, _("%s must be %d to %d, not %d: %s"), number_display_name (f),
                         min, max, value, g_dgettext (GETTEXT_PACKAGE, f->range_reason));
  return mu_edit_fail (error, _("%s must be %d to %d, not %d (%s)"), number_display_name (f),
                       min, max, value, f->rule ? f->rule : "");
}

gboolean
mu_edit_counter_number_error (const MuScenario  *scenario,
                              MuCounterKind      kind,
                              const char        *name,
                              int                value,
                              GError           **error)
{
  const MuFieldInfo *f = declared_number (scenario, kind, name);

  if (f == NULL)
    return mu_edit_fail (error, _("A %s has no %s"), mu_edit_kind_display_name (kind), name);
  return number_range_error (scenario, kind, f, value, error);
}

gboolean
mu_edit_set_counter_number (MuEditHistory  *history,
                            const char     *id,
                            const char     *name,
                            int             value,
                            GError        **error)
{
  MuScenario *s;
  MuCounter *c, *command = NULL;
  const MuRuleset *ruleset;
  const MuFieldInfo *f, *numbered;
  gboolean direct;
  g_autofree char *label = NULL;
  int min = 0, max = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  ruleset = ruleset_of (s);
  if (!(f = declared_number (s, c->kind, name)))
    {
      const MuFieldInfo *any = mu_ruleset_find_field (ruleset, name);

      return mu_edit_fail (error, _("A %s has no %s"), mu_edit_kind_display_name (c->kind),
                           any ? number_display_name (any) : name);
    }
  mu_edit_counter_number_range (s, c->kind, name, &min, &max);
  if (value < min || value > max)
    return number_range_error (s, c->kind, f, value, error);

  /* the number that the superior's of its subordinates name (a command's
   * division) is one per side */
  numbered = mu_ruleset_numbered_field (ruleset, c->kind);
  if (f == numbered)
    {
      MuCounter *clash = mu_scenario_find_command (s, c->side, value);

      if (clash && clash != c)
        return mu_edit_fail (error, _("Division %d of side %s is already “%s”"),
                             value, c->side, clash->name ? clash->name : clash->id);
    }
  /* BAA-AMB-54: in an army without command counters the division number
   * names no counter; the unit stays under its control counter. */
  direct = !mu_scenario_side_has_commands (s, c->side);
  if (f->names && value != 0 && !direct &&
      !(command = mu_scenario_find_command (s, c->side, value)))
    return mu_edit_fail (error, _("Side %s has no division %d; a unit's identity names its command (or 0 for STAR)"),
                         c->side, value);

  if (mu_edit_counter_get_number (s, c, name) == value)
    {
      mu_edit_commit (history);
      return TRUE;
    }

  label = g_strdup_printf (_("Change %s"), number_display_name (f));
  mu_edit_touch (history, label);
  if (f == numbered)
    /* its subordinates keep following it */
    for (guint i = 0; i < s->counters->len; i++)
      {
        MuCounter *u = g_ptr_array_index (s->counters, i);

        if (g_strcmp0 (u->parent, c->id) != 0)
          continue;
        for (guint j = 0; j < ruleset->n_fields; j++)
          if (g_strcmp0 (ruleset->fields[j].names, f->id) == 0 &&
              mu_field_applies (&ruleset->fields[j], u->kind))
            set_number (u, &ruleset->fields[j], value);
      }
  set_number (c, f, value);
  /* the number and the parent say the same thing; keep them together */
  if (f->names && !direct)
    {
      g_free (c->parent);
      c->parent = command ? g_strdup (command->id) : NULL;
    }
  mu_edit_commit (history);
  return TRUE;
}
