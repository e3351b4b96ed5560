/* mu-file.h: reading the files a person hands the program, bounded */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest file any reader accepts (scenario, saved match, command file,
 * order-of-battle CSV): 64 MiB, far above any real one. */
#define MU_FILE_MAX_SIZE (64 * 1024 * 1024)

/* Reads the whole of PATH into *DATA (NUL-terminated; the caller frees it)
 * and its length into *LENGTH. Refuses, with an MU_ERROR_IO error naming
 * PATH, what is not a regular file (a directory, a device such as /dev/zero,
 * a FIFO, which is opened without waiting for a writer) and files of more
 * than MAX bytes, also when they grow while being read. */
gboolean mu_file_read (const char *path, gsize max, char **data, gsize *length, GError **error);

/* Reads FD (standard input) to its end into *DATA, refusing more than MAX
 * bytes; NAME names it in errors. */
gboolean mu_file_read_fd (int fd, const char *name, gsize max, char **data, gsize *length,
                          GError **error);

/* Replaces PATH with DATA atomically: writes the hidden temporary file
 * .NAME.XXXXXX beside it (MODE permissions), fsyncs it and renames it over
 * PATH (a symbolic link's target is replaced), so an interrupted save leaves
 * the old file as it was. Then removes the temporary files that saves of
 * PATH killed mid-write left beside it (.NAME.XXXXXX, and NAME.XXXXXX from
 * earlier versions) once they are a minute old. */
gboolean mu_file_write_atomic (const char *path, const char *data, gsize length, int mode,
                               GError **error);
/* Whether NAME (a file name, no directory) is such a temporary file of a
 * save, never to be offered as a scenario. */
gboolean mu_file_is_temporary (const char *name);

/* The line (from 1) of the first NUL byte in DATA, or 0 when there is none:
 * text files never hold one, and C strings would silently end there. */
guint    mu_file_find_nul_line (const char *data, gsize length);

G_END_DECLS
