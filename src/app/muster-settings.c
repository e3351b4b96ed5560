#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-settings.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

/* Where the settings schema was found, looked up once. */
typedef struct {
  GSettingsSchema *schema;
  GSettingsBackend *backend;    /* NULL: the default (settings are kept) */
} SettingsPlace;

static GSettingsSchema *
schema_from_directory (const char *dir)
{
  g_autofree char *compiled = g_build_filename (dir, "gschemas.compiled", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;

  if (!g_file_test (compiled, G_FILE_TEST_IS_REGULAR))
    return NULL;
  source = g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (),
                                                       FALSE, NULL);
  return source ? g_settings_schema_source_lookup (source, APPLICATION_ID, FALSE) : NULL;
}

/* The schema compiled into the program, written to a private folder and read
 * back (GIO reads schemas only from files). */
static GSettingsSchema *
schema_from_resource (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/muster/Muster/gschemas.compiled",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  GSettingsSchema *schema;

  if (bytes == NULL)
    return NULL;
  dir = g_dir_make_tmp ("muster-schema-XXXXXX", &error);
  if (dir == NULL)
    return NULL;
  file = g_build_filename (dir, "gschemas.compiled", NULL);
  if (!g_file_set_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    return NULL;
  schema = schema_from_directory (dir);
  /* The schema source keeps the file mapped; the names can go. */
  g_unlink (file);
  g_rmdir (dir);
  return schema;
}

static gpointer
find_settings_place (gpointer data)
{
  SettingsPlace *place = g_new0 (SettingsPlace, 1);
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();

  if (installed != NULL)
    place->schema = g_settings_schema_source_lookup (installed, APPLICATION_ID, TRUE);
  if (place->schema == NULL)
    place->schema = schema_from_directory (MUSTER_BUILD_DATADIR);
  if (place->schema == NULL)
    {
      place->schema = schema_from_resource ();
      place->backend = g_memory_settings_backend_new ();
      g_warning ("The settings schema %s is not installed: using the default settings, and "
                 "changes to them are not kept. Run “meson install -C build” or set "
                 "GSETTINGS_SCHEMA_DIR to the build's data folder.", APPLICATION_ID);
    }
  return place;
}

GSettings *
muster_settings_new (void)
{
  static GOnce once = G_ONCE_INIT;
  SettingsPlace *place = g_once (&once, find_settings_place, NULL);

  g_return_val_if_fail (place->schema != NULL, NULL);

  return g_settings_new_full (place->schema, place->backend, NULL);
}
