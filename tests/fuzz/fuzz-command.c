/* fuzz-command.c: libFuzzer harness for the command text
 *
 * Every line of the input is parsed against each registered ruleset's verbs
 * and against a ruleset of table verbs (path steps, numbers, options). A
 * line that parses prints to a text that parses to an equal command and
 * prints the same again: the printed form is what a saved match stores, so
 * it must read back as what was played. A line that does not parse is
 * refused with a readable message.
 */
#define G_LOG_DOMAIN "muster-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-command.h"
#include "mu-ruleset.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* The shapes of the tabletop verbs (as tests/engine/test-command.c). */
static const MuVerbInfo table_verbs[] = {
  { "move", "UNIT STEP...", NULL, MU_VERB_MOVE },
  { "volley", "UNIT TARGET [KEY=VALUE...]", NULL, MU_VERB_ATTACK },
  { "spend", "N", NULL, 0 },
  { "remove", "UNIT N...", NULL, MU_VERB_ANSWER },
};

static const MuRuleset table_rules = {
  .id = "fuzz-table-verbs",
  .board = MU_BOARD_TABLE,
  .verbs = table_verbs,
  .n_verbs = G_N_ELEMENTS (table_verbs),
};

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL);
  return 0;
}

static void
round_trip (const MuRuleset *ruleset,
            const char      *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuCommand) c = mu_command_parse (ruleset, line, &error);
  g_autoptr(MuCommand) again = NULL;
  g_autofree char *text = NULL, *text2 = NULL;

  if (c == NULL)
    {
      if (error != NULL && !g_utf8_validate (error->message, -1, NULL))
        {
          fprintf (stderr, "%s: refusal is not UTF-8\n", ruleset->id);
          abort ();
        }
      return;
    }
  text = mu_command_to_string (c);
  again = mu_command_parse (ruleset, text, &error);
  if (again == NULL)
    {
      fprintf (stderr, "%s: “%s” prints as “%s”, which does not parse: %s\n", ruleset->id, line,
               text, error ? error->message : "(blank)");
      abort ();
    }
  if (!mu_command_equal (c, again))
    {
      fprintf (stderr, "%s: “%s” prints as “%s”, which parses to another command\n",
               ruleset->id, line, text);
      abort ();
    }
  text2 = mu_command_to_string (again);
  if (strcmp (text, text2) != 0)
    {
      fprintf (stderr, "%s: “%s” prints as “%s”, then as “%s”\n", ruleset->id, line, text, text2);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto(GStrv) lines = g_strsplit (text, "\n", 64);
  const MuRuleset *const *all = mu_ruleset_list ();

  for (guint i = 0; lines[i]; i++)
    {
      /* Command files are UTF-8, checked before parsing (mu-file.c). */
      if (!g_utf8_validate (lines[i], -1, NULL))
        continue;
      for (guint r = 0; all[r]; r++)
        if (all[r]->n_verbs > 0)
          round_trip (all[r], lines[i]);
      round_trip (&table_rules, lines[i]);
    }
  return 0;
}
