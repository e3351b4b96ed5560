/* legal-lines.h: whether a list of legal commands holds a command
 *
 * Engine tests compare commands by their canonical text, the form rule
 * scripts and saved games use (mu_command_to_string()). */
#pragma once

#include <glib.h>

#include "mu-command.h"

/* Whether legal (of MuCommand) holds the command written `line`. */
static inline gboolean
legal_lists (GPtrArray  *legal,
             const char *line)
{
  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = mu_command_to_string (g_ptr_array_index (legal, i));

      if (g_str_equal (text, line))
        return TRUE;
    }
  return FALSE;
}
