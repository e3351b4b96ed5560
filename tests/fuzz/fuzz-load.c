/* fuzz-load.c: libFuzzer harness for the scenario loader and writer
 *
 * Any input must load or be rejected with problems, never crash. What loads
 * must save to a file that loads again and saves to the same bytes.
 */
#define G_LOG_DOMAIN "muster-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mu-scenario-xml.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* Problems are expected; only crashes and broken invariants matter. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL);
  g_log_set_handler (NULL, G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO,
                     g_log_default_handler, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuScenario) again = NULL;
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  gsize len = 0, len2 = 0;

  s = mu_scenario_load_data ((const char *) data, size, "fuzz.muster", problems, NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      if (line == NULL || !g_utf8_validate (line, -1, NULL))
        abort ();
    }
  if (s == NULL)
    {
      if (mu_problem_list_n_errors (problems) == 0)
        abort ();      /* rejected without saying why */
      return 0;
    }

  out = mu_scenario_save_to_data (s, &len);
  again = mu_scenario_load_data (out, len, "fuzz-saved.muster", NULL, NULL);
  if (again == NULL)
    abort ();          /* the writer produced a file the loader rejects */
  out2 = mu_scenario_save_to_data (again, &len2);
  if (len != len2 || memcmp (out, out2, len) != 0)
    abort ();          /* the round trip is not byte-stable */
  return 0;
}
