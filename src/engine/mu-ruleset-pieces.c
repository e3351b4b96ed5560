/* mu-ruleset-pieces.c: the arms and formations a ruleset declares
 *
 * A unit's arm="…" and formation="…" are words of its ruleset. The format's
 * own words (MuArm, MuFormation) stay what older files and the Brothers at
 * Arms code read; a ruleset that declares others (mn-acw's foot and horse
 * artillery, toy-soldiers' square) has them kept in the counter as words
 * (MuCounter.arm_word, formation_word), and everything that lists or checks
 * them asks here.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mu-error.h"
#include "mu-table-layout.h"

/* The format's arms, for a ruleset that declares none (and one Muster does
 * not know). */
static const MuArmInfo format_arms[] = {
  { "infantry", N_("Infantry"), NULL, MU_ARM_INFANTRY },
  { "cavalry", N_("Cavalry"), NULL, MU_ARM_CAVALRY },
  { "artillery", N_("Artillery"), NULL, MU_ARM_ARTILLERY },
  { "riverboat", N_("Riverboat"), NULL, MU_ARM_RIVERBOAT },
};

const MuArmInfo *
mu_ruleset_arms (const MuRuleset *ruleset,
                 guint           *n)
{
  g_return_val_if_fail (n != NULL, NULL);

  if (ruleset && ruleset->n_arms > 0)
    {
      *n = ruleset->n_arms;
      return ruleset->arms;
    }
  *n = G_N_ELEMENTS (format_arms);
  return format_arms;
}

const MuArmInfo *
mu_ruleset_find_arm (const MuRuleset *ruleset,
                     const char      *id)
{
  const MuArmInfo *arms;
  guint n;

  if (id == NULL)
    return NULL;
  arms = mu_ruleset_arms (ruleset, &n);
  for (guint i = 0; i < n; i++)
    if (strcmp (arms[i].id, id) == 0)
      return &arms[i];
  return NULL;
}

const MuArmInfo *
mu_counter_arm (const MuRuleset *ruleset,
                const MuCounter *counter)
{
  g_return_val_if_fail (counter != NULL, NULL);
  return mu_ruleset_find_arm (ruleset, mu_counter_arm_word (counter));
}

/* "a, b or c" of the words (NULL-terminated). */
static char *
words_or (GPtrArray *words)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    {
      if (i > 0 && i + 1 == words->len)
        /* Translators: before the last of a list of words: "infantry, cavalry or artillery" */
        g_string_append (out, _(" or "));
      else if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, g_ptr_array_index (words, i));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static GPtrArray *
arm_ids (const MuRuleset *ruleset)
{
  GPtrArray *ids = g_ptr_array_new ();
  const MuArmInfo *arms;
  guint n;

  arms = mu_ruleset_arms (ruleset, &n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (ids, (gpointer) arms[i].id);
  return ids;
}

/* The format's formations, then those the ruleset adds. */
static GPtrArray *
formation_ids (const MuRuleset *ruleset)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < MU_FORMATION_N; i++)
    g_ptr_array_add (ids, (gpointer) mu_formation_to_string (i));
  for (guint i = 0; ruleset && i < ruleset->n_formations; i++)
    {
      MuFormation formation;

      if (!mu_formation_from_string (ruleset->formations[i].id, &formation))
        g_ptr_array_add (ids, (gpointer) ruleset->formations[i].id);
    }
  return ids;
}

static char *
words_comma (GPtrArray *words)
{
  g_ptr_array_add (words, NULL);
  return g_strjoinv (", ", (char **) words->pdata);
}

const char *
mu_counter_arm_name (const MuRuleset *ruleset,
                     const MuCounter *counter)
{
  const MuArmInfo *arm;

  g_return_val_if_fail (counter != NULL, NULL);

  arm = mu_counter_arm (ruleset, counter);
  if (arm && arm->name)
    return g_dgettext (GETTEXT_PACKAGE, arm->name);
  return mu_counter_arm_word (counter) ? mu_counter_arm_word (counter) : "";
}

char *
mu_ruleset_describe_arms (const MuRuleset *ruleset)
{
  g_autoptr(GPtrArray) ids = arm_ids (ruleset);
  g_autofree char *words = words_comma (ids);

  return g_strdup_printf (_("one of %s"), words);
}

char *
mu_ruleset_arm_words (const MuRuleset *ruleset)
{
  g_autoptr(GPtrArray) ids = arm_ids (ruleset);

  return words_or (ids);
}

char *
mu_ruleset_formation_words (const MuRuleset *ruleset)
{
  g_autoptr(GPtrArray) ids = formation_ids (ruleset);

  return words_or (ids);
}

gboolean
mu_counter_set_arm (const MuRuleset *ruleset,
                    MuCounter       *counter,
                    const char      *word,
                    GError         **error)
{
  const MuArmInfo *arm;

  g_return_val_if_fail (counter != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  arm = mu_ruleset_find_arm (ruleset, word);
  if (arm == NULL)
    {
      g_autofree char *allowed = mu_ruleset_describe_arms (ruleset);

      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("arm “%s” is not allowed (%s)"),
                   word ? word : "", allowed);
      return FALSE;
    }
  mu_counter_set_arm_word (counter, arm->id);
  counter->arm = arm->basing;
  return TRUE;
}

gboolean
mu_ruleset_formation_word_ok (const MuRuleset *ruleset,
                              const char      *word)
{
  MuFormation formation;

  if (word == NULL)
    return FALSE;
  return mu_formation_from_string (word, &formation) ||
         mu_ruleset_find_formation (ruleset, word) != NULL;
}

char *
mu_ruleset_describe_formations (const MuRuleset *ruleset)
{
  g_autoptr(GPtrArray) ids = formation_ids (ruleset);
  g_autofree char *words = words_comma (ids);

  return g_strdup_printf (_("one of %s"), words);
}

const char *
mu_ruleset_formation_name (const MuRuleset *ruleset,
                           const char      *id)
{
  const MuFormationShape *shape = mu_ruleset_find_formation (ruleset, id);

  if (shape && shape->name)
    return g_dgettext (GETTEXT_PACKAGE, shape->name);
  return id;
}
