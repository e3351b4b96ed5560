/* test-desktop.c: the desktop integration of the two file types, scenarios
 * (*.muster) and saved matches (*.muster-game): the shared-mime-info package
 * compiles, names each type by its file name and root element, gives it a
 * description and an icon, and the desktop file and the metainfo offer
 * exactly the types the package defines.
 *
 * Usage: test-desktop MIME-XML DESKTOP-FILE METAINFO UPDATE-MIME-DATABASE */
#define G_LOG_DOMAIN "test-desktop"

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "mu-match.h"
#include "mu-scenario-xml.h"

#define GAME_TYPE "application/x-muster-game+xml"

static const char *mime_xml, *desktop_path, *metainfo_path, *update_mime_database;
static char *tmpdir;

/* The types defined in the package, in order. */
static GPtrArray *
package_types (void)
{
  g_autofree char *xml = NULL;
  GPtrArray *types = g_ptr_array_new_with_free_func (g_free);
  const char *at;

  g_assert_true (g_file_get_contents (mime_xml, &xml, NULL, NULL));
  for (at = xml; (at = strstr (at, "<mime-type type=\"")) != NULL;)
    {
      const char *start = at + strlen ("<mime-type type=\"");
      const char *end = strchr (start, '"');

      g_assert_nonnull (end);
      g_ptr_array_add (types, g_strndup (start, end - start));
      at = end;
    }
  return types;
}

/* update-mime-database takes the package without a complaint, and GIO,
 * reading only the compiled result, knows both types. */
static void
test_compiled (void)
{
  g_autofree char *mime = g_build_filename (tmpdir, "mime", NULL);
  g_autofree char *packages = g_build_filename (mime, "packages", NULL);
  g_autofree char *copy = g_build_filename (packages, "io.github.muster.Muster.xml", NULL);
  g_autofree char *xml = NULL, *out = NULL, *err = NULL, *namespaces = NULL;
  g_autofree char *namespaces_path = g_build_filename (mime, "XMLnamespaces", NULL);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { update_mime_database, mime, NULL };
  const struct {
    const char *name, *type, *comment;
  } files[] = {
    { "first-manassas.muster", MU_SCENARIO_MIME_TYPE, "Muster scenario" },
    { "evening.muster-game", GAME_TYPE, "Muster saved match" },
    { "EVENING.MUSTER-GAME", GAME_TYPE, "Muster saved match" },
  };
  int status;

  g_assert_true (g_file_get_contents (mime_xml, &xml, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (packages, 0755), ==, 0);
  g_assert_true (g_file_set_contents (copy, xml, -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL) || *err != '\0')
    g_error ("update-mime-database: %s%s", out, err);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *type = g_content_type_guess (files[i].name, NULL, 0, NULL);
      g_autofree char *comment = g_content_type_get_description (files[i].type);
      g_autofree char *icon = g_content_type_get_generic_icon_name (files[i].type);

      g_assert_cmpstr (type, ==, files[i].type);
      g_assert_cmpstr (comment, ==, files[i].comment);
      g_assert_cmpstr (icon, ==, "x-office-document");
      g_assert_true (g_content_type_is_a (files[i].type, "application/xml"));
    }
  /* A save's temporary file is neither type. */
  {
    g_autofree char *type = g_content_type_guess ("first-manassas.muster.Ab12Cd", NULL, 0, NULL);

    g_assert_cmpstr (type, !=, MU_SCENARIO_MIME_TYPE);
    g_assert_cmpstr (type, !=, GAME_TYPE);
  }
  /* Files without their name's suffix are known by the root element
   * (shared-mime-info's XMLnamespaces, read by other toolkits than GIO). */
  g_assert_true (g_file_get_contents (namespaces_path, &namespaces, NULL, NULL));
  g_assert_nonnull (strstr (namespaces, MU_SCENARIO_NAMESPACE " scenario " MU_SCENARIO_MIME_TYPE "\n"));
  g_assert_nonnull (strstr (namespaces, MU_MATCH_NAMESPACE " match " GAME_TYPE "\n"));
}

/* The desktop file opens every type the package defines, and no other; the
 * metainfo lists the same. */
static void
test_offered (void)
{
  g_autoptr(GPtrArray) types = package_types ();
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) offered = NULL;
  g_autofree char *metainfo = NULL;
  gsize n = 0;

  g_assert_cmpuint (types->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (types, 0), ==, MU_SCENARIO_MIME_TYPE);
  g_assert_cmpstr (g_ptr_array_index (types, 1), ==, GAME_TYPE);

  g_assert_true (g_key_file_load_from_file (desktop, desktop_path, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  offered = g_key_file_get_string_list (desktop, "Desktop Entry", "MimeType", &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, types->len);
  for (guint i = 0; i < types->len; i++)
    g_assert_true (g_strv_contains ((const char *const *) offered, g_ptr_array_index (types, i)));

  g_assert_true (g_file_get_contents (metainfo_path, &metainfo, NULL, NULL));
  for (guint i = 0; i < types->len; i++)
    {
      g_autofree char *element = g_strdup_printf ("<mediatype>%s</mediatype>",
                                                  (char *) g_ptr_array_index (types, i));

      g_assert_nonnull (strstr (metainfo, element));
    }
  /* %F: the file manager can hand over several files of either type */
  {
    g_autofree char *exec = g_key_file_get_string (desktop, "Desktop Entry", "Exec", &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (exec, "%F"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc != 5)
    g_error ("usage: test-desktop MIME-XML DESKTOP-FILE METAINFO UPDATE-MIME-DATABASE");
  mime_xml = argv[1];
  desktop_path = argv[2];
  metainfo_path = argv[3];
  update_mime_database = argv[4];

  /* GIO reads the data directories once, at its first use: point them at
   * the compiled package alone before anything else. */
  tmpdir = g_dir_make_tmp ("muster-mime-XXXXXX", &error);
  g_assert_no_error (error);
  {
    g_autofree char *home = g_build_filename (tmpdir, "home", NULL);

    g_mkdir_with_parents (home, 0755);
    g_setenv ("XDG_DATA_HOME", home, TRUE);
    g_setenv ("XDG_DATA_DIRS", tmpdir, TRUE);
  }

  g_test_add_func ("/data/desktop/mime-compiled", test_compiled);
  g_test_add_func ("/data/desktop/mime-offered", test_offered);
  status = g_test_run ();
  {
    const char *argv_rm[] = { "rm", "-rf", tmpdir, NULL };

    g_spawn_sync (NULL, (char **) argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
  }
  g_free (tmpdir);
  return status;
}
