#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "muster-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MusterApplication) app = NULL;
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* Run from the build tree, the catalogues are in its po folder (the run
   * script and the tests point MUSTER_LOCALEDIR there); installed, in LOCALEDIR. */
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Muster"));
  app = muster_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
