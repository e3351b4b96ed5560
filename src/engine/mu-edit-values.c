/* mu-edit-values.c: undoable edits of the values a ruleset declares on
 * counters and sides beyond Brothers at Arms' (mu-ruleset.h, MuFieldInfo):
 * the editor's order-of-battle form for a tabletop ruleset.
 */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"
#include "mu-ruleset.h"
#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>

static const MuFieldInfo *
need_field (const MuScenario *s,
            const char       *field,
            GError          **error)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  const MuFieldInfo *f = ruleset && field ? mu_ruleset_find_field (ruleset, field) : NULL;

  if (f == NULL)
    mu_edit_fail (error, _("Ruleset “%s” has no value “%s”"), s->ruleset ? s->ruleset : "",
                  field ? field : "");
  return f;
}

static char *
change_label (const MuFieldInfo *f)
{
  return g_strdup_printf (_("Change %s"), g_dgettext (GETTEXT_PACKAGE, f->name));
}

gboolean
mu_edit_set_counter_value (MuEditHistory *history,
                           const char    *id,
                           const char    *field,
                           const char    *value,
                           GError       **error)
{
  MuScenario *s;
  MuCounter *c;
  const MuFieldInfo *f;
  MuCounter *trial;
  const MuRuleset *ruleset;
  gboolean formation;
  g_autofree char *before = NULL, *after = NULL, *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(c = mu_scenario_find_counter (s, id)))
    return mu_edit_fail (error, _("There is no counter “%s”"), id ? id : "");
  if (!(f = need_field (s, field, error)))
    return FALSE;
  if (!mu_field_applies (f, c->kind))
    return mu_edit_fail (error, _("A %s has no %s in ruleset “%s”"), mu_counter_kind_to_string (c->kind),
                         field, s->ruleset);
  ruleset = mu_ruleset_find (s->ruleset);
  /* a unit's formation has one source (mu_counter_formation): it is set
   * there, the older attribute following, and always names one the ruleset
   * declares (TAB-6) */
  formation = g_strcmp0 (f->id, "formation") == 0 && mu_ruleset_has_formation_value (ruleset);
  /* tried on a copy first: a refusal changes nothing and makes no step */
  trial = mu_counter_copy (c);
  if (formation ? !mu_counter_set_formation (ruleset, trial, value, error)
                : !mu_counter_set_field (trial, f, value, error))
    {
      mu_counter_free (trial);
      return FALSE;
    }
  before = mu_counter_get_field (c, f);
  after = mu_counter_get_field (trial, f);
  if (g_strcmp0 (before, after) != 0 || trial->place.formation != c->place.formation ||
      g_strcmp0 (trial->formation_word, c->formation_word) != 0)
    {
      label = change_label (f);
      mu_edit_touch (history, label);
      if (formation)
        {
          mu_values_set (&c->values, f->id, after);
          c->place.formation = trial->place.formation;
          g_free (c->formation_word);
          c->formation_word = g_strdup (trial->formation_word);
        }
      else if (!mu_counter_set_field (c, f, value, NULL))
        g_assert_not_reached ();
    }
  mu_counter_free (trial);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_side_value (MuEditHistory *history,
                        const char    *id,
                        const char    *field,
                        const char    *value,
                        GError       **error)
{
  MuScenario *s;
  MuSide *side;
  const MuFieldInfo *f;
  g_autofree char *why = NULL, *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(side = mu_scenario_find_side (s, id)))
    return mu_edit_need_side (s, id, error);
  if (!(f = need_field (s, field, error)))
    return FALSE;
  if (!mu_field_of_side (f))
    return mu_edit_fail (error, _("A side has no %s in ruleset “%s”"), field, s->ruleset);
  if (value && *value == '\0')
    value = NULL;
  if (value && (why = mu_field_check_value (f, value)))
    return mu_edit_fail (error, "%s", why);
  if (g_strcmp0 (mu_values_get (side->values, f->id), value) != 0)
    {
      label = change_label (f);
      mu_edit_touch (history, label);
      mu_values_set (&side->values, f->id, value);
    }
  mu_edit_commit (history);
  return TRUE;
}
