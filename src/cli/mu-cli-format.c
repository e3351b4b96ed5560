#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "mu-scenario-xml.h"

int mu_cli_format (int argc, char **argv);

/* muster-cli format FILE [-o OUT]: rewrite in the canonical form. */
int
mu_cli_format (int    argc,
               char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to OUT (“-” for standard output) instead of rewriting FILE"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— rewrite a scenario in the canonical form"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) scenario = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Loads FILE, and writes it back with the same writer the application uses\n"
      "(fixed element and attribute order, fixed number format, extensions kept).\n"
      "Without -o the file is replaced atomically. Files with errors are not written."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      mu_cli_error ("%s", _("format: give exactly one FILE; see “muster-cli format --help”"));
      return 2;
    }

  scenario = mu_scenario_load_file (files[0], problems, NULL);
  for (guint j = 0; j < problems->len; j++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));

      fprintf (stderr, "%s\n", line);
    }
  if (scenario == NULL)
    return 1;

  if (output != NULL && g_strcmp0 (output, "-") == 0)
    {
      gsize length = 0;
      g_autofree char *data = mu_scenario_save_to_data (scenario, &length);

      fwrite (data, 1, length, stdout);
      return fflush (stdout) == 0 ? 0 : 1;
    }
  if (!mu_scenario_save_file (scenario, output ? output : files[0], &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}
