#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-file-watch.h"

struct _MusterFileWatch
{
  GObject parent_instance;

  GFile *file;
  GFileMonitor *monitor;
  char *etag;                   /* as last synced; NULL: the file was missing */
  gboolean reported;            /* "changed" emitted for the present difference */
};

G_DEFINE_FINAL_TYPE (MusterFileWatch, muster_file_watch, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static char *
current_etag (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE,
                                                 NULL, NULL);

  return info ? g_strdup (g_file_info_get_etag (info)) : NULL;
}

gboolean
muster_file_watch_changed (MusterFileWatch *self)
{
  g_autofree char *etag = NULL;

  g_return_val_if_fail (MUSTER_IS_FILE_WATCH (self), FALSE);

  etag = current_etag (self->file);
  /* a file removed (or being replaced) is not a new version to offer */
  return etag != NULL && g_strcmp0 (etag, self->etag) != 0;
}

static void
on_monitor_changed (GFileMonitor      *monitor,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event,
                    MusterFileWatch   *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED || event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT ||
      event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    return;
  if (self->reported || !muster_file_watch_changed (self))
    return;
  self->reported = TRUE;
  g_signal_emit (self, signals[CHANGED], 0);
}

void
muster_file_watch_sync (MusterFileWatch *self)
{
  g_return_if_fail (MUSTER_IS_FILE_WATCH (self));

  g_free (self->etag);
  self->etag = current_etag (self->file);
  self->reported = FALSE;
}

static void
muster_file_watch_dispose (GObject *object)
{
  MusterFileWatch *self = MUSTER_FILE_WATCH (object);

  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, on_monitor_changed, self);
      g_file_monitor_cancel (self->monitor);
    }
  g_clear_object (&self->monitor);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (muster_file_watch_parent_class)->dispose (object);
}

static void
muster_file_watch_finalize (GObject *object)
{
  g_free (MUSTER_FILE_WATCH (object)->etag);
  G_OBJECT_CLASS (muster_file_watch_parent_class)->finalize (object);
}

static void
muster_file_watch_class_init (MusterFileWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_file_watch_dispose;
  object_class->finalize = muster_file_watch_finalize;

  /* The file on disk is no longer the one the window read or wrote. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_file_watch_init (MusterFileWatch *self)
{
}

MusterFileWatch *
muster_file_watch_new (GFile *file)
{
  MusterFileWatch *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (MUSTER_TYPE_FILE_WATCH, NULL);
  self->file = g_object_ref (file);
  /* GLib watches a file through its folder: a save that renames a new
   * file over it is seen too */
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->monitor)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (on_monitor_changed), self);
  muster_file_watch_sync (self);
  return self;
}
