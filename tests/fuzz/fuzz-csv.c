/* fuzz-csv.c: libFuzzer harness for the order-of-battle CSV import
 *
 * Any input is imported into the template scenario or refused with problems
 * that say why, never a crash. What imports exports to CSV that imports
 * again to the same order of battle (the same CSV bytes once more).
 */
#define G_LOG_DOMAIN "muster-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-oob-csv.h"
#include "mu-scenario-xml.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

static MuScenario *template;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "template.muster", NULL);

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL);
  template = mu_scenario_load_file (path, NULL, NULL);
  if (template == NULL)
    abort ();
  return 0;
}

static void
check_problems (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      if (line == NULL || !g_utf8_validate (line, -1, NULL) || strlen (line) > 4096)
        abort ();      /* a message must be short, valid text */
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (mu_scenario_copy (template));
  g_autoptr(MuEditHistory) h2 = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL, *csv2 = NULL;
  gsize n1 = 0, n2 = 0;

  if (!mu_oob_csv_import (h, (const char *) data, size, "fuzz.csv", problems, &error))
    {
      check_problems (problems);
      if (error == NULL || (problems->len == 0 && strstr (error->message, "fuzz.csv") == NULL))
        abort ();      /* refused without saying why */
      return 0;
    }
  check_problems (problems);
  csv = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n1);
  h2 = mu_edit_history_new (mu_scenario_copy (template));
  g_ptr_array_set_size (problems, 0);
  if (!mu_oob_csv_import (h2, csv, n1, "fuzz-exported.csv", problems, &error))
    abort ();          /* the export is refused by the import */
  csv2 = mu_oob_csv_export (mu_edit_history_get_scenario (h2), &n2);
  if (n1 != n2 || memcmp (csv, csv2, n1) != 0)
    abort ();          /* import -> export -> import changed the order of battle */
  return 0;
}
