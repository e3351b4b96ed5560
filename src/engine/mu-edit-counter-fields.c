/* mu-edit-counter-fields.c: the whole numbers the scenario's ruleset
 * declares for counters and a unit's arm, their ranges and the undoable
 * edit that sets one. */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>

/* Counter values ------------------------------------------------------------------- */

/* The values the editor sets by number: the whole numbers the scenario's
 * ruleset declares for a kind of counter (mu-ruleset.h), addressed by
 * their declarations' ids, with the declared ranges; and a unit's arm,
 * the model's own, which the enum MuCounterField still addresses. The
 * enum's other values name declarations too and are kept only for callers
 * not yet moved to the names. */
static const char *const enum_names[MU_COUNTER_FIELD_N] = {
  [MU_COUNTER_FIELD_LEADERSHIP] = "leadership",
  [MU_COUNTER_FIELD_DIVISION]   = "division",
  [MU_COUNTER_FIELD_IDENTITY]   = "identity",
  [MU_COUNTER_FIELD_ARM]        = "arm",
  [MU_COUNTER_FIELD_RANGE]      = "range",
  [MU_COUNTER_FIELD_ATTACK]     = "attack",
  [MU_COUNTER_FIELD_STRENGTH]   = "strength",
};

/* An open range ("at least 1") as the editor offers it. */
#define OPEN_MAX 999

const char *
mu_counter_field_to_string (MuCounterField field)
{
  g_return_val_if_fail ((int) field >= 0 && field < MU_COUNTER_FIELD_N, NULL);
  return enum_names[field];
}

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

/* The enum: arm, and the declared numbers by their names ------------------------------ */

gboolean
mu_edit_counter_field_range (const MuScenario *scenario,
                             MuCounterKind     kind,
                             MuCounterField    field,
                             int              *min,
                             int              *max)
{
  g_return_val_if_fail ((int) field >= 0 && field < MU_COUNTER_FIELD_N, FALSE);

  if (field != MU_COUNTER_FIELD_ARM)
    return mu_edit_counter_number_range (scenario, kind, enum_names[field], min, max);
  if (min)
    *min = 0;
  if (max)
    *max = MU_ARM_N - 1;
  return kind == MU_COUNTER_UNIT;
}

int
mu_edit_counter_get_int (const MuCounter *c,
                         MuCounterField   field)
{
  g_return_val_if_fail (c != NULL, 0);

  switch (field)
    {
    case MU_COUNTER_FIELD_ARM: return c->arm;
    case MU_COUNTER_FIELD_STRENGTH: return c->strength;
    case MU_COUNTER_FIELD_N:
      g_return_val_if_reached (0);
    default:
      return mu_counter_get_int (c, enum_names[field]);
    }
}

gboolean
mu_edit_counter_value_ok (const MuScenario *scenario,
                          MuCounterKind     kind,
                          MuCounterField    field,
                          int               value)
{
  int min = 0, max = 0;

  mu_edit_counter_field_range (scenario, kind, field, &min, &max);
  return value >= min && value <= max;
}

gboolean
mu_edit_counter_range_error (const MuScenario *scenario,
                             MuCounterKind     kind,
                             MuCounterField    field,
                             int               value,
                             GError          **error)
{
  const MuFieldInfo *f;

  if (field == MU_COUNTER_FIELD_ARM)
    return mu_edit_fail (error, _("Unknown arm %d (infantry, cavalry, artillery or riverboat)"), value);
  if ((f = declared_number (scenario, kind, enum_names[field])))
    return number_range_error (scenario, kind, f, value, error);
  return mu_edit_fail (error, _("%s is not a value of this counter"), enum_names[field]);
}

gboolean
mu_edit_set_counter_int (MuEditHistory  *history,
                         const char     *id,
                         MuCounterField  field,
                         int             value,
                         GError        **error)
{
  MuScenario *s;
  MuCounter *c;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if ((int) field < 0 || field >= MU_COUNTER_FIELD_N)
    return mu_edit_fail (error, _("Unknown counter value %d"), (int) field);
  if (field != MU_COUNTER_FIELD_ARM)
    return mu_edit_set_counter_number (history, id, enum_names[field], value, error);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if (c->kind != MU_COUNTER_UNIT)
    return mu_edit_fail (error, _("A %s has no %s"), mu_edit_kind_display_name (c->kind), _("Arm"));
  if (value < 0 || value >= MU_ARM_N)
    return mu_edit_counter_range_error (s, c->kind, field, value, error);
  if (c->arm == (MuArm) value)
    {
      mu_edit_commit (history);
      return TRUE;
    }
  mu_edit_touch (history, _("Change Arm"));
  c->arm = value;
  g_clear_pointer (&c->arm_word, g_free);
  mu_edit_commit (history);
  return TRUE;
}
