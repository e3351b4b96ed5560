#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-data-dirs.h"

char *
muster_find_scenarios_dir (void)
{
  const char *env = g_getenv ("MUSTER_DATADIR");
  g_autofree char *source_root = g_path_get_dirname (MUSTER_SOURCE_DATADIR);
  g_autofree char *from_env = env ? g_build_filename (env, "scenarios", NULL) : NULL;
  g_autofree char *from_source = g_build_filename (source_root, "scenarios", NULL);
  g_autofree char *installed = g_build_filename (PKGDATADIR, "scenarios", NULL);
  const char *candidates[] = { from_env, from_source, installed };

  /* An uninstalled build shows the scenarios of its own source tree. */
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL && g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      return g_strdup (candidates[i]);
  return NULL;
}
