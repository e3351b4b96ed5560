/* mu-rules-kit.c: what every ruleset writes the same way (see mu-rules-kit.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-rules-kit.h"

#include "mu-error.h"

#include <glib/gi18n-lib.h>

#include <stdarg.h>
#include <string.h>

gboolean
mu_rules_refuse (GError     **error,
                 const char  *rule,
                 const char  *format,
                 ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  /* the legal-command lists ask with no error thousands of times a call:
   * nobody reads the message then */
  if (error == NULL)
    return FALSE;
  /* The callers pass literal English formats (xgettext finds them through
   * the keyword mu_rules_refuse and the rulesets' wrappers, po/meson.build);
   * the player reads the refusal in their language, the rule id stays as
   * it is. */
  va_start (args, format);
  msg = g_strdup_vprintf (g_dgettext (GETTEXT_PACKAGE, format), args);
  va_end (args);
  if (rule)
    g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, "%s (%s)", msg, rule);
  else
    g_set_error_literal (error, MU_ERROR, MU_ERROR_ILLEGAL, msg);
  return FALSE;
}

gboolean
mu_rules_invalid (GError     **error,
                  const char  *format,
                  ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MU_ERROR, MU_ERROR_FAILED, "invariant broken: %s", msg);
  return FALSE;
}

MuEvent *
mu_rules_event (GPtrArray             *events,
                const MuEventKindInfo *kind,
                const char            *subject,
                const char            *rule,
                gboolean               check,
                char                 **failure,
                gboolean             (*invariants) (gpointer match, GError **error),
                gpointer               match)
{
  MuEvent *e;

  if (check && *failure == NULL)
    {
      g_autoptr(GError) error = NULL;
      if (!invariants (match, &error))
        *failure = g_strdup_printf ("before event %u (%s%s%s): %s", events->len, kind->kind,
                                    subject ? " " : "", subject ? subject : "", error->message);
    }
  e = mu_event_add_kind (events, kind, subject);
  e->rule = rule;
  return e;
}

void
mu_rules_question (char       **question,
                   char       **shown,
                   const char  *format,
                   ...)
{
  va_list args, again;

  va_start (args, format);
  va_copy (again, args);
  *question = g_strdup_vprintf (format, args);
  *shown = g_strdup_vprintf (g_dgettext (GETTEXT_PACKAGE, format), again);
  va_end (again);
  va_end (args);
}

GPtrArray *
mu_rules_answers_copy (const GPtrArray *answers)
{
  GPtrArray *copy;

  if (answers == NULL)
    return NULL;
  copy = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i + 1 < answers->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (answers, i)));
  g_ptr_array_add (copy, NULL);
  return copy;
}

void
mu_rules_result (MuResult          *r,
                 const char *const *side_id,
                 const int          score[2],
                 gboolean           finished,
                 int                winner,
                 const char        *level,
                 int                difference)
{
  memset (r, 0, sizeof *r);
  r->over = finished;
  if (finished)
    {
      r->winner = winner < 0 ? NULL : side_id[winner];
      r->level = level;
      r->difference = difference;
    }
  r->summary = g_strdup_printf ("%s %d %s %d", side_id[0], score[0], side_id[1], score[1]);
  r->n_scores = 2;
  for (guint i = 0; i < 2; i++)
    {
      r->score_side[i] = side_id[i];
      r->score[i] = score[i];
    }
}

int
mu_rules_bound_minutes (const MuTimeline *t,
                        int               bound)
{
  int per = t->minutes_per_bound > 0 ? t->minutes_per_bound : 60;
  int first = t->first_bound > 0 ? t->first_bound : 1;

  return ((t->start_minutes + (bound - first) * per) % 1440 + 1440) % 1440;
}

gboolean
mu_rules_night_bound (const MuTimeline *t,
                      int               bound)
{
  if (t->night_bounds == NULL)
    return FALSE;
  for (guint i = 0; i < t->night_bounds->len; i++)
    if (g_array_index (t->night_bounds, int, i) == bound)
      return TRUE;
  return FALSE;
}

MuCommand *
mu_rules_command (const char *verb,
                  const char *word1,
                  const char *word2)
{
  MuCommand *c = mu_command_new (verb);

  if (word1)
    mu_command_add_word (c, word1);
  if (word2)
    mu_command_add_word (c, word2);
  return c;
}
