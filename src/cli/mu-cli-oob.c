#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-file.h"
#include "mu-oob-csv.h"
#include "mu-scenario-xml.h"

int mu_cli_oob (int argc, char **argv);

static void
print_problems (GPtrArray *problems)
{
  for (guint j = 0; j < problems->len; j++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));

      fprintf (stderr, "%s\n", line);
    }
}

static MuScenario *
load (const char *path)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *scenario = mu_scenario_load_file (path, problems, NULL);

  print_problems (problems);
  return scenario;
}

static int
write_out (const char *output,
           const char *data,
           gsize       length)
{
  g_autoptr(GError) error = NULL;

  if (output == NULL || strcmp (output, "-") == 0)
    {
      fwrite (data, 1, length, stdout);
      return fflush (stdout) == 0 ? 0 : 1;
    }
  if (!mu_file_write_atomic (output, data, length, 0644, &error))
    {
      mu_cli_error (_("cannot write %s: %s"), output, error->message);
      return 1;
    }
  return 0;
}

static int
oob_export (int    argc,
            char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the CSV to OUT instead of standard output"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— write a scenario's order of battle as CSV"));
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autofree char *csv = NULL;
  gsize length = 0;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("One row per side and per counter (kind, id, side, parent, name, values,\n"
      "placement, note), for editing in a spreadsheet; see “oob import”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      mu_cli_error ("%s", _("oob export: give exactly one FILE; see “muster-cli oob export --help”"));
      return 2;
    }
  if (!(scenario = load (files[0])))
    return 1;
  csv = mu_oob_csv_export (scenario, &length);
  return write_out (output, csv, length);
}

static int
oob_import (int    argc,
            char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the scenario to OUT (“-” for standard output) instead of rewriting FILE"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE CSV") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— replace a scenario's order of battle from CSV"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuEditHistory) history = NULL;
  g_autofree char *csv = NULL;
  gsize length = 0;
  MuScenario *scenario;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Reads the sides and counters from CSV (as written by “oob export”) and\n"
      "replaces the scenario's order of battle with them. Every problem is\n"
      "printed as FILE:LINE: error: …; with any error nothing is written."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || g_strv_length (files) != 2)
    {
      mu_cli_error ("%s", _("oob import: give a scenario FILE and a CSV file; see “muster-cli oob import --help”"));
      return 2;
    }
  if (!(scenario = load (files[0])))
    return 1;
  history = mu_edit_history_new (scenario);
  if (!mu_file_read (files[1], MU_FILE_MAX_SIZE, &csv, &length, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  if (!mu_oob_csv_import (history, csv, length, files[1], problems, &error))
    {
      print_problems (problems);
      mu_cli_error ("%s", error->message);
      return 1;
    }

  /* The result must still be a valid scenario. */
  g_ptr_array_set_size (problems, 0);
  mu_scenario_check (scenario, problems);
  print_problems (problems);
  if (mu_problem_list_n_errors (problems) > 0)
    {
      mu_cli_error ("%s", _("the imported order of battle makes the scenario invalid; nothing was written"));
      return 1;
    }

  if (output != NULL && strcmp (output, "-") == 0)
    {
      g_autofree char *data = mu_scenario_save_to_data (scenario, &length);

      return write_out (NULL, data, length);
    }
  if (!mu_scenario_save_file (scenario, output ? output : files[0], &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}

/* muster-cli oob export FILE [-o CSV] | oob import FILE CSV [-o OUT] */
int
mu_cli_oob (int    argc,
            char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "export") == 0)
    return oob_export (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "import") == 0)
    return oob_import (argc - 1, argv + 1);
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf ("%s\n\n%s\n", _("Usage: muster-cli oob export FILE [-o CSV]\n"
                              "       muster-cli oob import FILE CSV [-o OUT]"),
              _("Exchange a scenario's order of battle with a spreadsheet as CSV."));
      return 0;
    }
  mu_cli_error ("%s", _("oob: say “export” or “import”; see “muster-cli oob --help”"));
  return 2;
}
