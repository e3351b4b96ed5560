#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <malloc.h>
#include <stdio.h>

#include "mu-scenario-xml.h"

int mu_cli_validate (int argc, char **argv);

/* muster-cli validate FILE...: every problem of every file, exit 1 if any error. */
int
mu_cli_validate (int    argc,
                 char **argv)
{
  gboolean quiet = FALSE;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print errors only, no warnings or summary"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— check scenario files"));
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Checks each scenario against the schema and the semantic rules and prints every\n"
      "problem as FILE:LINE: error: MESSAGE. Exits with 0 when all files are valid,\n"
      "1 otherwise."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL)
    {
      mu_cli_error ("%s", _("validate: no file given; see “muster-cli validate --help”"));
      return 2;
    }

#ifdef M_MXFAST
  /* A large board's tree is hundreds of thousands of small blocks, freed
   * at the end of each load: kept in malloc's fast bins, they were all
   * merged again at the next larger request, a sixth of the command's
   * time. Freed blocks go straight back instead. */
  mallopt (M_MXFAST, 0);
#endif
  for (guint i = 0; files[i]; i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(MuScenario) scenario = NULL;
      guint errors;

      scenario = mu_scenario_load_file (files[i], problems, NULL);
      errors = mu_problem_list_n_errors (problems);
      for (guint j = 0; j < problems->len; j++)
        {
          const MuProblem *p = g_ptr_array_index (problems, j);
          g_autofree char *line = NULL;

          if (quiet && p->severity != MU_PROBLEM_ERROR)
            continue;
          line = mu_problem_to_string (p);
          printf ("%s\n", line);
        }
      if (scenario == NULL || errors > 0)
        {
          status = 1;
          if (errors == 0)
            printf ("%s: error: %s\n", files[i], _("cannot be loaded"));
        }
      else if (!quiet)
        printf (_("%s: valid\n"), files[i]);
    }
  fflush (stdout);
  return status;
}
