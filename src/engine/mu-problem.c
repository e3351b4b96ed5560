#define G_LOG_DOMAIN "muster-problem"

#include "config.h"

#include "mu-problem.h"

#include <string.h>

MuProblem *
mu_problem_new (MuProblemSeverity  severity,
                const char        *file,
                int                line,
                const char        *format,
                ...)
{
  MuProblem *problem;
  va_list args;

  g_return_val_if_fail (format != NULL, NULL);

  problem = g_new0 (MuProblem, 1);
  problem->severity = severity;
  problem->file = g_strdup (file);
  problem->line = line;
  va_start (args, format);
  problem->message = g_strdup_vprintf (format, args);
  va_end (args);
  problem->hex = MU_HEX_NONE;
  return problem;
}

void
mu_problem_free (MuProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->file);
  g_free (problem->message);
  g_free (problem->object_id);
  g_free (problem);
}

char *
mu_problem_to_string (const MuProblem *problem)
{
  GString *s;

  g_return_val_if_fail (problem != NULL, NULL);

  s = g_string_new (problem->file ? problem->file : "(unsaved)");
  if (problem->line > 0)
    g_string_append_printf (s, ":%d", problem->line);
  g_string_append_printf (s, ": %s: %s",
                          problem->severity == MU_PROBLEM_ERROR ? "error" : "warning",
                          problem->message);
  return g_string_free (s, FALSE);
}

GPtrArray *
mu_problem_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mu_problem_free);
}

guint
mu_problem_list_n_errors (GPtrArray *problems)
{
  guint n = 0;

  g_return_val_if_fail (problems != NULL, 0);

  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);

      if (p->severity == MU_PROBLEM_ERROR)
        n++;
    }
  return n;
}

char *
mu_problem_quote (const char *text)
{
  g_autofree char *valid = NULL;
  GString *out;
  int n = 0;

  if (text == NULL)
    return g_strdup ("");
  /* Only the start is looked at: a 1 MB word costs nothing. */
  valid = g_utf8_make_valid (text, MIN (strlen (text), 256));
  out = g_string_new (NULL);
  for (const char *c = valid; *c; c = g_utf8_next_char (c), n++)
    {
      gunichar u = g_utf8_get_char (c);

      if (n == 40)
        {
          g_string_append (out, "…");
          break;
        }
      if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0))
        g_string_append_c (out, '?');
      else
        g_string_append_unichar (out, u);
    }
  return g_string_free (out, FALSE);
}
