#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include "mu-file.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

/* Commands that need the renderer (built unless -Drender=false). */
#ifdef MU_HAVE_RENDER
#define MU_CLI_RENDER_COMMANDS(X) \
  X ("render", mu_cli_render, N_("Export a board as PNG, SVG or PDF")) \
  X ("counters", mu_cli_counters, N_("Print counters and markers at true size (PDF, SVG, PNG)")) \
  X ("print-map", mu_cli_print_map, N_("Print the map at scale over several pages")) \
  X ("roster", mu_cli_roster, N_("Print tabletop roster labels for the units")) \
  X ("bench", mu_cli_bench, N_("Benchmarks: muster-cli bench render, counters, load, undo, engine or table"))
#else
#define MU_CLI_RENDER_COMMANDS(X)
#endif

/* Each subcommand lives in its own file, mu-cli-NAME.c, and is listed here. */
#define MU_CLI_COMMANDS(X) \
  /* X (name, function, summary) */ \
  X ("validate", mu_cli_validate, N_("Check scenario files and print every problem")) \
  X ("format", mu_cli_format, N_("Rewrite a scenario in the canonical form")) \
  X ("info", mu_cli_info, N_("Summarise a scenario")) \
  X ("play", mu_cli_play, N_("Play commands against a match; print events and state")) \
  X ("simulate", mu_cli_simulate, N_("Play whole matches automatically and check the engine")) \
  X ("oob", mu_cli_oob, N_("Export or import an order of battle as CSV")) \
  X ("rules", mu_cli_rules, N_("List rulesets, their declared values and rules data tables")) \
  MU_CLI_RENDER_COMMANDS (X)

#define DECLARE(name, fn, summary) int fn (int argc, char **argv);
MU_CLI_COMMANDS (DECLARE)
#undef DECLARE

static const MuCliCommand commands[] = {
#define ENTRY(name, fn, summary) { name, summary, fn },
  MU_CLI_COMMANDS (ENTRY)
#undef ENTRY
  { NULL, NULL, NULL },
};

void
mu_cli_error (const char *format,
              ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "muster-cli: %s\n", msg);
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: muster-cli COMMAND [OPTION…] [ARGUMENT…]"));
  fprintf (out, "%s\n\n", _("Headless tools for Muster scenarios and matches."));
  fprintf (out, "%s\n", _("Commands:"));
  for (const MuCliCommand *c = commands; c->name; c++)
    fprintf (out, "  %-12s %s\n", c->name, _(c->summary));
  fprintf (out, "\n%s\n", _("Run “muster-cli COMMAND --help” for a command's options."));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* Run from the build tree, the catalogues are in its po folder (the run
   * script and the tests point MUSTER_LOCALEDIR there); installed, in LOCALEDIR. */
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* Every command that writes saves through mu_file_save_begin: a kill
   * (Ctrl+C, SIGTERM) removes its temporary file instead of leaving it. */
  mu_file_remove_temporaries_on_signals ();

  if (argc < 2)
    {
      print_usage (stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("muster-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (const MuCliCommand *c = commands; c->name; c++)
    if (strcmp (c->name, argv[1]) == 0)
      return c->run (argc - 1, argv + 1);

  mu_cli_error (_("unknown command “%s”; see “muster-cli --help”"), argv[1]);
  return 2;
}
