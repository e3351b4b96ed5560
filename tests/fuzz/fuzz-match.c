/* fuzz-match.c: libFuzzer harness for saved matches
 *
 * Any input is loaded as a saved match or refused with an error, never a
 * crash. A match that loads keeps its invariants, saves, and the saved file
 * loads again to the same state and saves to the same bytes: a match the
 * program saved always reopens.
 */
#define G_LOG_DOMAIN "muster-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-match.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL);
  g_log_set_handler (NULL, G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO,
                     g_log_default_handler, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(MuMatch) again = NULL;
  g_autofree char *out = NULL, *out2 = NULL, *state = NULL, *state2 = NULL;
  gsize len = 0, len2 = 0;

  m = mu_match_load_data ((const char *) data, size, "fuzz.match", &error);
  if (m == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();      /* refused without a readable reason */
      return 0;
    }
  if (!mu_match_check_invariants (m, NULL))
    abort ();
  out = mu_match_save_to_data (m, &len);
  again = mu_match_load_data (out, len, "fuzz-saved.match", &error);
  if (again == NULL)
    {
      fprintf (stderr, "saved match does not reload: %s\n", error->message);
      abort ();        /* the saved match is lost */
    }
  state = mu_match_format_state (m);
  state2 = mu_match_format_state (again);
  if (strcmp (state, state2) != 0)
    abort ();          /* reopens to another state */
  out2 = mu_match_save_to_data (again, &len2);
  if (len != len2 || memcmp (out, out2, len) != 0)
    abort ();          /* the round trip is not byte-stable */
  return 0;
}
