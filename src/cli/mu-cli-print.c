/* mu-cli-print.c: printed sheets from the command line
 *
 *   muster-cli counters SCENARIO -o FILE   counters and markers at true size
 *   muster-cli print-map SCENARIO -o FILE  the map at scale over several pages
 *   muster-cli roster SCENARIO -o FILE     tabletop roster labels
 *
 * The format follows the file name: .pdf (every page in one document), .svg or
 * .png (one file per page, numbered when there are several). Nothing is
 * written when anything is wrong.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "mu-scenario-xml.h"
#include "mu-sheet.h"

int mu_cli_counters (int argc, char **argv);
int mu_cli_print_map (int argc, char **argv);
int mu_cli_roster (int argc, char **argv);

static MuScenario *
load_scenario (const char *filename)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *s = mu_scenario_load_file (filename, problems, NULL);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));
      fprintf (stderr, "%s\n", line);
    }
  return s;
}

static gboolean
paper_options (const char     *paper_name,
                      MuSheetOptions *options)
{
  g_autoptr(GError) error = NULL;
  MuPaper paper = MU_PAPER_A4;

  if (paper_name && !mu_paper_from_string (paper_name, &paper, &error))
    {
      mu_cli_error ("%s", error->message);
      return FALSE;
    }
  mu_sheet_options_init (options, paper);
  return TRUE;
}

int
mu_cli_counters (int    argc,
                 char **argv)
{
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL;
  g_autofree char *paper = NULL;
  g_autofree char *style = NULL;
  g_autofree char *size_text = NULL;
  double size = 0, dpi = 150;
  gboolean backs = FALSE, markers_only = FALSE, no_markers = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (.pdf, .svg or .png)"), N_("FILE") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("Paper: a4 (default) or letter"), N_("PAPER") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, N_("Counter size in millimetres (default: the scenario's)"), N_("MM") },
    { "backs", 0, 0, G_OPTION_ARG_NONE, &backs, N_("Add mirrored back pages for printing on both sides"), NULL },
    { "markers-only", 0, 0, G_OPTION_ARG_NONE, &markers_only, N_("Print only the markers"), NULL },
    { "no-markers", 0, 0, G_OPTION_ARG_NONE, &no_markers, N_("Print only the counters"), NULL },
    { "style", 0, 0, G_OPTION_ARG_STRING, &style, N_("Counter style: classic or nato"), N_("STYLE") },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &dpi, N_("PNG resolution (default 150)"), N_("DPI") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("SCENARIO") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("-o FILE — print counters and markers at true size"));
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuSheet) sheet = NULL;
  MuSheetOptions o;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL || output == NULL)
    {
      mu_cli_error ("%s", _("counters: give one SCENARIO and -o FILE; see “muster-cli counters --help”"));
      return 2;
    }
  if (markers_only && no_markers)
    {
      mu_cli_error ("%s", _("counters: --markers-only and --no-markers exclude each other"));
      return 2;
    }
  if (!paper_options (paper, &o))
    return 2;
  if (style && g_str_equal (style, "nato"))
    o.style = MU_COUNTER_STYLE_NATO;
  else if (style && !g_str_equal (style, "classic"))
    {
      mu_cli_error (_("counters: unknown counter style “%s” (classic or nato)"), style);
      return 2;
    }
  /* Read as text: as a number option, "nan" could not be told from no
   * --size at all. isfinite refuses nan and inf, the test 0 and below. */
  if (size_text != NULL)
    {
      char *end = NULL;

      size = g_ascii_strtod (size_text, &end);
      if (end == size_text || *end != '\0' || !isfinite (size) || !(size > 0))
        {
          g_autofree char *shown = g_utf8_make_valid (size_text, MIN ((gssize) strlen (size_text), 100));

          mu_cli_error (_("counters: --size %s: give the counter's side in millimetres, e.g. 12.7"),
                        shown);
          return 2;
        }
    }
  o.counter_size = size;
  o.backs = backs;
  o.counters = !markers_only;
  o.markers = !no_markers;

  s = load_scenario (files[0]);
  if (s == NULL)
    return 1;
  sheet = mu_sheet_new_counters (s, &o, &error);
  if (sheet == NULL || !mu_sheet_write (sheet, output, dpi, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}

/* print-map and roster: the same options but for the counters' own. */
static int
other_sheet (int          argc,
             char       **argv,
             MuSheetKind  kind)
{
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL;
  g_autofree char *paper = NULL;
  g_autofree char *orientation = NULL;
  double dpi = 150;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (.pdf, .svg or .png)"), N_("FILE") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("Paper: a4 (default) or letter"), N_("PAPER") },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &dpi, N_("PNG resolution (default 150)"), N_("DPI") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("SCENARIO") },
    { NULL },
  };
  GOptionEntry map_entries[] = {
    { "orientation", 0, 0, G_OPTION_ARG_STRING, &orientation,
      N_("Paper: portrait, landscape or auto (default: the way up that prints the map larger or on fewer "
         "sheets)"), N_("WAY") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuSheet) sheet = NULL;
  const char *name = kind == MU_SHEET_KIND_MAP ? "print-map" : "roster";
  MuSheetOptions o;

  context = g_option_context_new (kind == MU_SHEET_KIND_MAP
                                  ? _("-o FILE — print the map at scale over several pages")
                                  : _("-o FILE — print roster labels for the units of a table"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (kind == MU_SHEET_KIND_MAP)
    g_option_context_add_main_entries (context, map_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL || output == NULL)
    {
      mu_cli_error (_("%s: give one SCENARIO and -o FILE; see “muster-cli %s --help”"), name, name);
      return 2;
    }
  if (!paper_options (paper, &o))
    return 2;
  if (orientation != NULL && g_strcmp0 (orientation, "auto") != 0 && g_strcmp0 (orientation, "portrait") != 0 &&
      g_strcmp0 (orientation, "landscape") != 0)
    {
      mu_cli_error (_("--orientation: “%s” is not portrait, landscape or auto"), orientation);
      return 2;
    }
  s = load_scenario (files[0]);
  if (s == NULL)
    return 1;
  if (kind == MU_SHEET_KIND_MAP &&
      (g_strcmp0 (orientation, "landscape") == 0 ||
       (g_strcmp0 (orientation, "portrait") != 0 && mu_sheet_map_prefers_landscape (s, &o))))
    {
      double width = o.paper_width;

      o.paper_width = o.paper_height;
      o.paper_height = width;
    }
  sheet = kind == MU_SHEET_KIND_MAP ? mu_sheet_new_map (s, &o, &error) : mu_sheet_new_roster (s, &o, &error);
  if (sheet == NULL || !mu_sheet_write (sheet, output, dpi, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}

int
mu_cli_print_map (int    argc,
                  char **argv)
{
  return other_sheet (argc, argv, MU_SHEET_KIND_MAP);
}

int
mu_cli_roster (int    argc,
               char **argv)
{
  return other_sheet (argc, argv, MU_SHEET_KIND_ROSTER);
}
