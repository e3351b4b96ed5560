#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-autosave.h"

#include <errno.h>
#include <gio/gio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "mu-scenario-xml.h"

struct _MusterAutosave
{
  GObject parent_instance;

  MuEditHistory *history;
  gulong changed_id;
  char *original;
  char *key;               /* file name without extension */
  guint interval;
  guint timer;
};

G_DEFINE_FINAL_TYPE (MusterAutosave, muster_autosave, G_TYPE_OBJECT)

static char *
autosave_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "muster", "autosave", NULL);
}

static char *
key_for (const char *original)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA1, original, -1);
}

static char *
path_for_key (const char *key,
              const char *extension)
{
  g_autofree char *dir = autosave_dir ();
  g_autofree char *name = g_strconcat (key, extension, NULL);

  return g_build_filename (dir, name, NULL);
}

char *
muster_autosave_get_path (MusterAutosave *self)
{
  g_return_val_if_fail (MUSTER_IS_AUTOSAVE (self), NULL);
  return path_for_key (self->key, ".muster");
}

void
muster_autosave_remove (const char *autosave_path)
{
  g_autofree char *base = NULL;
  g_autofree char *info = NULL;

  g_return_if_fail (autosave_path != NULL);

  base = g_str_has_suffix (autosave_path, ".muster")
         ? g_strndup (autosave_path, strlen (autosave_path) - strlen (".muster"))
         : g_strdup (autosave_path);
  info = g_strconcat (base, ".info", NULL);
  g_unlink (autosave_path);
  g_unlink (info);
}

void
muster_autosave_discard (MusterAutosave *self)
{
  g_autofree char *path = NULL;

  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));

  g_clear_handle_id (&self->timer, g_source_remove);
  path = muster_autosave_get_path (self);
  muster_autosave_remove (path);
}

gboolean
muster_autosave_save_now (MusterAutosave *self,
                          GError        **error)
{
  g_autofree char *dir = autosave_dir ();
  g_autofree char *path = NULL;
  g_autofree char *info_path = NULL;
  g_autoptr(GKeyFile) info = g_key_file_new ();

  g_return_val_if_fail (MUSTER_IS_AUTOSAVE (self), FALSE);

  if (mu_edit_history_is_clean (self->history))
    return FALSE;
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   "%s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  path = muster_autosave_get_path (self);
  info_path = path_for_key (self->key, ".info");
  g_key_file_set_string (info, "Autosave", "Original", self->original ? self->original : "");
  g_key_file_set_int64 (info, "Autosave", "Time", g_get_real_time () / G_USEC_PER_SEC);
  if (!mu_scenario_save_file (mu_edit_history_get_scenario (self->history), path, error) ||
      !g_key_file_save_to_file (info, info_path, error))
    return FALSE;
  return TRUE;
}

static gboolean
on_timer (gpointer data)
{
  MusterAutosave *self = data;
  g_autoptr(GError) error = NULL;

  self->timer = 0;
  if (!muster_autosave_save_now (self, &error) && error)
    g_warning ("Could not autosave: %s", error->message);
  return G_SOURCE_REMOVE;
}

static void
on_history_changed (MuEditHistory  *history,
                    MusterAutosave *self)
{
  if (mu_edit_history_is_clean (history))
    {
      /* back at the saved state: nothing to recover */
      muster_autosave_discard (self);
      return;
    }
  /* one write per interval of unsaved work, not one per edit */
  if (self->timer == 0)
    self->timer = g_timeout_add_seconds (self->interval, on_timer, self);
}

void
muster_autosave_set_original (MusterAutosave *self,
                              const char     *original)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));

  muster_autosave_discard (self);
  g_free (self->original);
  self->original = g_strdup (original);
  g_free (self->key);
  self->key = original ? key_for (original)
                       : g_strdup_printf ("untitled-%" G_GINT64_FORMAT "-%p",
                                          g_get_real_time (), (void *) self);
}

void
muster_autosave_set_interval (MusterAutosave *self,
                              guint           seconds)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));
  g_return_if_fail (seconds > 0);
  self->interval = seconds;
}

char *
muster_autosave_find (const char *original)
{
  g_autofree char *key = NULL;
  g_autofree char *path = NULL;
  GStatBuf saved, doc;

  g_return_val_if_fail (original != NULL, NULL);

  key = key_for (original);
  path = path_for_key (key, ".muster");
  if (g_stat (path, &saved) != 0)
    return NULL;
  if (g_stat (original, &doc) == 0 && doc.st_mtime > saved.st_mtime)
    return NULL;   /* the document was saved after the autosave */
  return g_steal_pointer (&path);
}

static void
muster_autosave_dispose (GObject *object)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  g_clear_handle_id (&self->timer, g_source_remove);
  if (self->history)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (muster_autosave_parent_class)->dispose (object);
}

static void
muster_autosave_finalize (GObject *object)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  g_free (self->original);
  g_free (self->key);
  G_OBJECT_CLASS (muster_autosave_parent_class)->finalize (object);
}

static void
muster_autosave_class_init (MusterAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_autosave_dispose;
  object_class->finalize = muster_autosave_finalize;
}

static void
muster_autosave_init (MusterAutosave *self)
{
  self->interval = 60;
}

MusterAutosave *
muster_autosave_new (MuEditHistory *history,
                     const char    *original)
{
  MusterAutosave *self;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  self = g_object_new (MUSTER_TYPE_AUTOSAVE, NULL);
  self->history = g_object_ref (history);
  self->original = g_strdup (original);
  self->key = original ? key_for (original)
                       : g_strdup_printf ("untitled-%" G_GINT64_FORMAT "-%p",
                                          g_get_real_time (), (void *) self);
  self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (on_history_changed), self);
  return self;
}
