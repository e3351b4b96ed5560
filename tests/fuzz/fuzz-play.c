/* fuzz-play.c: libFuzzer harness for play
 *
 * The input is command lines, applied one by one to a match of the template
 * scenario as muster-cli play applies them: each is applied or refused,
 * never a crash, and the engine's invariants hold after every event. The
 * match then saves, and the saved file reloads to the same state.
 */
#define G_LOG_DOMAIN "muster-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-match.h"
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

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(MuMatch) again = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto(GStrv) lines = NULL;
  g_autofree char *out = NULL, *state = NULL, *state2 = NULL;
  gsize len = 0;

  /* The first byte seeds the dice; a NUL ends the text (muster-cli refuses
   * such files before applying any line). */
  m = mu_match_new (template, size > 0 ? data[0] : 1, NULL, 0, &error);
  if (m == NULL)
    abort ();
  mu_match_check_each_event (m, TRUE);
  lines = g_strsplit (text, "\n", 2000);
  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GError) refused = NULL;

      if (!mu_match_apply_line (m, lines[i], NULL, &refused) &&
          (refused == NULL || !g_utf8_validate (refused->message, -1, NULL)))
        abort ();      /* refused without a readable reason */
      if (!mu_match_check_invariants (m, &refused))
        {
          fprintf (stderr, "invariant broken after line %u: %s\n", i + 1, refused->message);
          abort ();
        }
    }
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
  return 0;
}
