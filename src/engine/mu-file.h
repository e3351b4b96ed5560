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

/* A save in progress. Every writer of a file a person names goes through
 * it, so that all of them treat the target the same way:
 *  - "-" is standard output, written straight;
 *  - a regular file (or a name not taken yet) is replaced atomically: the
 *    data goes to the hidden temporary file .NAME.XXXXXX beside it, which is
 *    fsynced and renamed over NAME only when complete, so an interrupted
 *    save leaves the old file as it was. A file that exists keeps its
 *    permissions (MODE is for a new one), and a symbolic link is followed:
 *    its target is replaced, the link stays;
 *  - a character device (/dev/null, a terminal) or a FIFO is written straight;
 *  - anything else (a directory, a block device, a socket) is refused.
 * After a replacement, the temporaries that saves of the same file left
 * when killed (.NAME.XXXXXX, and NAME.XXXXXX of earlier versions) are
 * removed once they are a minute old. */
typedef struct _MuFileSave MuFileSave;

/* Starts saving PATH: NULL and an MU_ERROR_IO error naming why when it
 * cannot be written. */
MuFileSave *mu_file_save_begin  (const char *path, int mode, GError **error);
/* The descriptor to write the data to (owned by SAVE). */
int         mu_file_save_get_fd (MuFileSave *save);
gboolean    mu_file_save_write  (MuFileSave *save, const void *data, gsize length,
                                 GError **error);
/* Puts the written data in place and frees SAVE. */
gboolean    mu_file_save_commit (MuFileSave *save, GError **error);
/* Drops what was written (the target is left as it was) and frees SAVE. */
void        mu_file_save_abort  (MuFileSave *save);

/* Saves DATA to PATH in one go, as above. */
gboolean mu_file_write_atomic (const char *path, const char *data, gsize length, int mode,
                               GError **error);

/* Removes the temporary files of the saves in progress. Safe to call from a
 * signal handler. */
void     mu_file_remove_temporaries (void);
/* Makes SIGINT, SIGTERM and SIGHUP remove the temporary files of the saves
 * in progress before the process ends: for programs that save, so that a
 * kill leaves nothing behind. */
void     mu_file_remove_temporaries_on_signals (void);
/* Whether NAME (a file name, no directory) is such a temporary file of a
 * save, never to be offered as a scenario. */
gboolean mu_file_is_temporary (const char *name);

/* The line (from 1) of the first NUL byte in DATA, or 0 when there is none:
 * text files never hold one, and C strings would silently end there. */
guint    mu_file_find_nul_line (const char *data, gsize length);

G_END_DECLS
