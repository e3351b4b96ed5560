/* legal-lines.h: whether a list of commands holds a command line
 *
 * Engine tests compare commands by their canonical text, the form rule
 * scripts and saved games use (mu_command_to_string()). */
#pragma once

#include <glib.h>

#include "mu-command.h"

/* Whether commands (of MuCommand, such as the legal ones) holds one that
 * reads line. */
static inline gboolean
has_command (GPtrArray  *commands,
             const char *line)
{
  for (guint i = 0; i < commands->len; i++)
    {
      g_autofree char *text = mu_command_to_string (g_ptr_array_index (commands, i));

      if (g_str_equal (text, line))
        return TRUE;
    }
  return FALSE;
}
