/* muster-file-watch.h: notices when the open scenario's file changes on disk
 *
 * Keeps the file's entity tag as the window last read or wrote it and emits
 * "changed" once the file on disk no longer has it (another program saved
 * it); the window's own atomic saves call muster_file_watch_sync() so they
 * do not count.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_FILE_WATCH (muster_file_watch_get_type ())
G_DECLARE_FINAL_TYPE (MusterFileWatch, muster_file_watch, MUSTER, FILE_WATCH, GObject)

MusterFileWatch *muster_file_watch_new  (GFile *file);
/* The file as it is now is the window's own (after loading or saving). */
void             muster_file_watch_sync (MusterFileWatch *self);
/* Whether the file on disk differs from the last sync (checked now). */
gboolean         muster_file_watch_changed (MusterFileWatch *self);

G_END_DECLS
