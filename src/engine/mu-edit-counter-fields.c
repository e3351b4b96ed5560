/* mu-edit-counter-fields.c: the values the model holds for Brothers at Arms
 * on counters, their ranges (some from the scenario's ruleset) and the
 * undoable edit that sets one. */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>

/* Counter values ------------------------------------------------------------------- */

/* The values the editor sets by number for Brothers at Arms; leadership,
 * division, range, attack and strength are the scenario's ruleset's
 * declarations (mu-ruleset.h), with their ranges; identity is declared
 * too, but its range here says 0 for none (the file's "star"), and arm is
 * the model's own. */
static const struct {
  const char *name;
  guint kinds;     /* 1 << MuCounterKind */
  int min, max;    /* 0, 0 for the declared ones */
} fields[MU_COUNTER_FIELD_N] = {
  [MU_COUNTER_FIELD_LEADERSHIP]  = { "leadership",  (1 << MU_COUNTER_CONTROL) | (1 << MU_COUNTER_COMMAND), 0, 0 },
  [MU_COUNTER_FIELD_DIVISION]    = { "division",    1 << MU_COUNTER_COMMAND, 0, 0 },
  [MU_COUNTER_FIELD_IDENTITY]    = { "identity",    1 << MU_COUNTER_UNIT, 0, 999 },
  [MU_COUNTER_FIELD_ARM]         = { "arm",         1 << MU_COUNTER_UNIT, 0, MU_ARM_N - 1 },
  [MU_COUNTER_FIELD_RANGE]       = { "range",       1 << MU_COUNTER_UNIT, 0, 0 },
  [MU_COUNTER_FIELD_ATTACK]      = { "attack",      1 << MU_COUNTER_UNIT, 0, 0 },
  [MU_COUNTER_FIELD_STRENGTH]    = { "strength",    1 << MU_COUNTER_UNIT, 0, 0 },
};

/* An open range ("at least 1") as the editor offers it. */
#define OPEN_MAX 999

const char *
mu_counter_field_to_string (MuCounterField field)
{
  g_return_val_if_fail ((int) field >= 0 && field < MU_COUNTER_FIELD_N, NULL);
  return fields[field].name;
}

/* The scenario's ruleset; Brothers at Arms' when it names none we know. */
static const MuRuleset *
ruleset_of (const MuScenario *scenario)
{
  const MuRuleset *ruleset = scenario && scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;

  return ruleset ? ruleset : mu_ruleset_find ("baa-hex");
}

/* The declaration of a value the model holds in a member, NULL when the
 * ruleset has no such value for the kind (or it is no declared one). */
static const MuFieldInfo *
declared (const MuScenario *scenario,
          MuCounterKind     kind,
          MuCounterField    field)
{
  const MuFieldInfo *f;

  if (fields[field].max != 0)
    return NULL;
  f = mu_ruleset_find_field (ruleset_of (scenario), fields[field].name);
  return f && (f->offset >= 0 || mu_field_is_attribute_number (f)) && mu_field_applies (f, kind) ? f : NULL;
}

gboolean
mu_edit_counter_field_range (const MuScenario *scenario,
                             MuCounterKind     kind,
                             MuCounterField    field,
                             int              *min,
                             int              *max)
{
  const MuRuleset *ruleset;
  const MuFieldInfo *f;

  g_return_val_if_fail ((int) field >= 0 && field < MU_COUNTER_FIELD_N, FALSE);

  ruleset = ruleset_of (scenario);
  if (fields[field].max == 0)
    {
      if (!(f = declared (scenario, kind, field)))
        return FALSE;
      if (min)
        *min = f->min;
      if (max)
        *max = MIN (f->max, OPEN_MAX);
      return TRUE;
    }
  /* identities are Brothers at Arms' (on the board and on the table) */
  if (field != MU_COUNTER_FIELD_ARM && !mu_ruleset_has_divisions (ruleset))
    return FALSE;
  if (min)
    *min = fields[field].min;
  if (max)
    *max = fields[field].max;
  return (fields[field].kinds & (1u << kind)) != 0;
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
      /* a number the ruleset declares and the counter holds as a value */
      return mu_counter_get_int (c, fields[field].name);
    }
}

static const char *
field_display_name (MuCounterField field)
{
  switch (field)
    {
    case MU_COUNTER_FIELD_LEADERSHIP: return _("Leadership");
    case MU_COUNTER_FIELD_DIVISION: return _("Division");
    case MU_COUNTER_FIELD_IDENTITY: return _("Identity");
    case MU_COUNTER_FIELD_ARM: return _("Arm");
    case MU_COUNTER_FIELD_RANGE: return _("Range");
    case MU_COUNTER_FIELD_ATTACK: return _("Attack");
    case MU_COUNTER_FIELD_STRENGTH: return _("Strength");
    case MU_COUNTER_FIELD_N:
    default: return "?";
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

/* Why a value is out of range: the declared range, and what the value is
 * for in Brothers at Arms or the rule that declares it. */
gboolean
mu_edit_counter_range_error (const MuScenario *scenario,
                             MuCounterKind     kind,
                             MuCounterField    field,
                             int               value,
                             GError          **error)
{
  const MuFieldInfo *f = declared (scenario, kind, field);
  const char *why = NULL;
  int min = 0, max = 0;

  /* the board game's reasons, for its own fields (named by its rules' ids) */
  if (f && f->rule && g_str_has_prefix (f->rule, "BAA-"))
    switch (field)
      {
      case MU_COUNTER_FIELD_LEADERSHIP:
        why = _("it is both the command range in hexes and the d6 roll needed (BAA §1.3–1.4)");
        break;
      case MU_COUNTER_FIELD_ATTACK:
        why = _("it is the d6 score needed to hit (BAA §1.2)");
        break;
      case MU_COUNTER_FIELD_RANGE:
        why = _("the counter's own hex never counts (BAA §1.2)");
        break;
      case MU_COUNTER_FIELD_STRENGTH:
        why = _("it is both the number of attack dice and the hits that disperse the unit (BAA §1.2)");
        break;
      default:
        break;
      }
  if (f)
    {
      mu_edit_counter_field_range (scenario, kind, field, &min, &max);
      if (why)
        return mu_edit_fail (error, _("%s must be %d to %d, not %d: %s"), field_display_name (field),
                             min, max, value, why);
      return mu_edit_fail (error, _("%s must be %d to %d, not %d (%s)"), field_display_name (field),
                           min, max, value, f->rule ? f->rule : "");
    }
  switch (field)
    {
    case MU_COUNTER_FIELD_IDENTITY:
      return mu_edit_fail (error, _("Identity must be 0 (STAR, unassigned) or a division number 1 to 999, not %d"),
                           value);
    case MU_COUNTER_FIELD_ARM:
      return mu_edit_fail (error, _("Unknown arm %d (infantry, cavalry, artillery or riverboat)"), value);
    case MU_COUNTER_FIELD_N:
    default:
      return mu_edit_fail (error, _("%s is not a value of this counter"), field_display_name (field));
    }
}

gboolean
mu_edit_set_counter_int (MuEditHistory  *history,
                         const char     *id,
                         MuCounterField  field,
                         int             value,
                         GError        **error)
{
  MuScenario *s;
  MuCounter *c, *command = NULL;
  gboolean direct;
  g_autofree char *label = NULL;
  int min, max;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_edit_need_counter (s, id, error)))
    return FALSE;
  if ((int) field < 0 || field >= MU_COUNTER_FIELD_N)
    return mu_edit_fail (error, _("Unknown counter value %d"), (int) field);
  if (!mu_edit_counter_field_range (s, c->kind, field, &min, &max))
    return mu_edit_fail (error, _("A %s has no %s"), mu_edit_kind_display_name (c->kind),
                         field_display_name (field));
  if (!mu_edit_counter_value_ok (s, c->kind, field, value))
    return mu_edit_counter_range_error (s, c->kind, field, value, error);

  if (field == MU_COUNTER_FIELD_DIVISION)
    {
      MuCounter *clash = mu_scenario_find_command (s, c->side, value);

      if (clash && clash != c)
        return mu_edit_fail (error, _("Division %d of side %s is already “%s”"),
                             value, c->side, clash->name ? clash->name : clash->id);
    }
  /* BAA-AMB-54: in an army without command counters the division number
   * names no counter; the unit stays under its control counter. */
  direct = !mu_scenario_side_has_commands (s, c->side);
  if (field == MU_COUNTER_FIELD_IDENTITY && value != 0 && !direct &&
      !(command = mu_scenario_find_command (s, c->side, value)))
    return mu_edit_fail (error, _("Side %s has no division %d; a unit's identity names its command (or 0 for STAR)"),
                         c->side, value);

  if (mu_edit_counter_get_int (c, field) == value)
    {
      mu_edit_commit (history);
      return TRUE;
    }

  label = g_strdup_printf (_("Change %s"), field_display_name (field));
  mu_edit_touch (history, label);
  switch (field)
    {
    case MU_COUNTER_FIELD_DIVISION:
      /* its units keep following it */
      for (guint i = 0; i < s->counters->len; i++)
        {
          MuCounter *u = g_ptr_array_index (s->counters, i);

          if (u->kind == MU_COUNTER_UNIT && g_strcmp0 (u->parent, c->id) == 0)
            mu_counter_set_int (u, fields[MU_COUNTER_FIELD_IDENTITY].name, value);
        }
      mu_counter_set_int (c, fields[field].name, value);
      break;
    case MU_COUNTER_FIELD_IDENTITY:
      /* identity and parent say the same thing; keep them together */
      mu_counter_set_int (c, fields[field].name, value);
      if (!direct)
        {
          g_free (c->parent);
          c->parent = command ? g_strdup (command->id) : NULL;
        }
      break;
    case MU_COUNTER_FIELD_ARM: c->arm = value; g_clear_pointer (&c->arm_word, g_free); break;
    case MU_COUNTER_FIELD_STRENGTH: c->strength = value; break;
    case MU_COUNTER_FIELD_N: g_assert_not_reached ();
    default: mu_counter_set_int (c, fields[field].name, value); break;
    }
  mu_edit_commit (history);
  return TRUE;
}
