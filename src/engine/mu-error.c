#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <string.h>

#include "mu-error.h"

G_DEFINE_QUARK (mu-error-quark, mu_error)

char *
mu_refusal_rule (const char *message)
{
  const char *open;
  gsize len;

  if (message == NULL)
    return NULL;
  open = strrchr (message, '(');
  len = strlen (message);
  if (open == NULL || len < 2 || message[len - 1] != ')' || open[1] == '\0')
    return NULL;
  for (const char *p = open + 1; p < message + len - 1; p++)
    if (!g_ascii_isupper (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '.' &&
        *p != ',' && *p != ' ')
      return NULL;
  return g_strndup (open + 1, message + len - 2 - open);
}
