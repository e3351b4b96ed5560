#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-file.h"

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "mu-error.h"

static void
set_too_large (GError    **error,
               const char *name,
               gsize       max)
{
  g_set_error (error, MU_ERROR, MU_ERROR_IO,
               _("%s: the file is too large (the limit is %lu MiB)"),
               name, (gulong) (max / (1024 * 1024)));
}

gboolean
mu_file_read_fd (int          fd,
                 const char  *name,
                 gsize        max,
                 char       **data,
                 gsize       *length,
                 GError     **error)
{
  g_autoptr(GByteArray) buf = NULL;
  guint8 chunk[65536];
  struct stat st;

  g_return_val_if_fail (fd >= 0, FALSE);
  g_return_val_if_fail (data != NULL && length != NULL, FALSE);

  /* A regular file's size is known: room for it at once, not a buffer
   * doubled up to twice its size (a large scenario's load peaks while the
   * file is held) */
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > 0 && (guint64) st.st_size < max &&
      (guint64) st.st_size < G_MAXUINT)
    buf = g_byte_array_sized_new ((guint) st.st_size + 1);
  else
    buf = g_byte_array_new ();

  for (;;)
    {
      gssize n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s: %s", name, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      if (buf->len + (gsize) n > max)
        {
          set_too_large (error, name, max);
          return FALSE;
        }
      g_byte_array_append (buf, chunk, (guint) n);
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);
  *data = (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
  return TRUE;
}

gboolean
mu_file_read (const char  *path,
              gsize        max,
              char       **data,
              gsize       *length,
              GError     **error)
{
  g_autofree char *display = NULL;
  struct stat st;
  gboolean ok;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL && length != NULL, FALSE);

  display = g_filename_display_name (path);
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("%s: cannot open the file: %s"), display,
                   g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      gboolean dir = S_ISDIR (st.st_mode);

      close (fd);
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s: %s", display,
                   dir ? _("is a directory, not a file")
                       : _("is not a regular file (a device or a pipe cannot be read)"));
      return FALSE;
    }
  if ((guint64) st.st_size > max)
    {
      close (fd);
      set_too_large (error, display, max);
      return FALSE;
    }
  ok = mu_file_read_fd (fd, display, max, data, length, error);
  close (fd);
  return ok;
}

guint
mu_file_find_nul_line (const char *data,
                       gsize       length)
{
  const char *nul = memchr (data, '\0', length);
  guint line = 1;

  if (nul == NULL)
    return 0;
  for (const char *p = data; p < nul; p++)
    if (*p == '\n')
      line++;
  return line;
}

/* A save's temporary file: 6 letters or digits after BASE and a dot. */
static gboolean
is_temporary_of (const char *name,
                 const char *base)
{
  gsize n = strlen (base);

  if (strncmp (name, base, n) != 0 || name[n] != '.' || strlen (name + n + 1) != 6)
    return FALSE;
  for (const char *p = name + n + 1; *p; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

gboolean
mu_file_is_temporary (const char *name)
{
  gsize n;

  g_return_val_if_fail (name != NULL, FALSE);
  n = strlen (name);
  if (n < 8 || name[n - 7] != '.')
    return FALSE;
  for (gsize i = n - 6; i < n; i++)
    if (!g_ascii_isalnum (name[i]))
      return FALSE;
  /* NAME.muster.XXXXXX or .NAME.XXXXXX */
  return name[0] == '.' || g_strstr_len (name, (gssize) n - 7, ".muster") != NULL;
}

/* Stale temporaries only: a save of the same file running in another
 * program right now has a fresh one. */
#define STALE_SECONDS 60

static void
remove_stale_temporaries (const char *path)
{
  g_autofree char *dirname = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *hidden = g_strconcat (".", base, NULL);
  g_autoptr(GDir) dir = g_dir_open (dirname, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *full = NULL;
      struct stat st;

      if (!is_temporary_of (name, hidden) && !is_temporary_of (name, base))
        continue;
      full = g_build_filename (dirname, name, NULL);
      if (lstat (full, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == getuid () &&
          now - (gint64) st.st_mtime >= STALE_SECONDS)
        g_unlink (full);
    }
}

/* The temporaries being written, for mu_file_remove_temporaries: fixed
 * slots, since a signal handler can neither allocate nor lock. */
#define MAX_LIVE 16
static char live_paths[MAX_LIVE][4096];
static volatile sig_atomic_t live_used[MAX_LIVE];
G_LOCK_DEFINE_STATIC (live);

static int
live_add (const char *path)
{
  int slot = -1;

  if (strlen (path) >= sizeof live_paths[0])
    return -1;
  G_LOCK (live);
  for (int i = 0; i < MAX_LIVE && slot < 0; i++)
    if (!live_used[i])
      {
        g_strlcpy (live_paths[i], path, sizeof live_paths[i]);
        live_used[i] = 1;
        slot = i;
      }
  G_UNLOCK (live);
  return slot;
}

static void
live_remove (int slot)
{
  if (slot < 0)
    return;
  G_LOCK (live);
  live_used[slot] = 0;
  G_UNLOCK (live);
}

void
mu_file_remove_temporaries (void)
{
  for (int i = 0; i < MAX_LIVE; i++)
    if (live_used[i])
      unlink (live_paths[i]);
}

static void
on_fatal_signal (int signum)
{
  mu_file_remove_temporaries ();
  signal (signum, SIG_DFL);
  raise (signum);
}

void
mu_file_remove_temporaries_on_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  struct sigaction action = { 0 };

  action.sa_handler = on_fatal_signal;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaction (signals[i], &action, NULL);
}

struct _MuFileSave {
  int fd;
  char *target;    /* the file renamed over; NULL when written straight */
  char *tmp;
  int slot;
};

/* Messages leave the name out: the callers say "cannot save NAME: ...". */
static void
set_io_error (GError **error,
              int      err)
{
  g_set_error_literal (error, MU_ERROR, MU_ERROR_IO, g_strerror (err));
}

/* Where a name not taken yet is created: a dangling symbolic link creates
 * its target, as a shell's redirection does. */
static char *
resolve_new (const char *path)
{
  g_autofree char *cur = g_strdup (path);

  for (int depth = 0; depth < 40; depth++)
    {
      struct stat st;
      g_autofree char *link = NULL;

      if (lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&cur);
      link = g_file_read_link (cur, NULL);
      if (link == NULL)
        return g_steal_pointer (&cur);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          char *joined = g_build_filename (dir, link, NULL);

          g_free (g_steal_pointer (&link));
          link = joined;
        }
      g_free (cur);
      cur = g_steal_pointer (&link);
    }
  return g_steal_pointer (&cur);
}

MuFileSave *
mu_file_save_begin (const char  *path,
                    int          mode,
                    GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dirname = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  MuFileSave *save;
  struct stat st;
  gboolean exists;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  if (strcmp (path, "-") == 0)
    {
      fd = dup (STDOUT_FILENO);
      if (fd < 0)
        {
          set_io_error (error, errno);
          return NULL;
        }
      save = g_new0 (MuFileSave, 1);
      save->fd = fd;
      save->slot = -1;
      return save;
    }

  exists = stat (path, &st) == 0;
  if (exists && (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode)))
    {
      /* A device or a pipe is written straight, as a shell's redirection
       * does: renaming a file over it would replace it. Opened by the name
       * as given: /dev/stdout reaches a pipe only through its own link. */
      fd = g_open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_TRUNC, 0);
      if (fd < 0)
        {
          set_io_error (error, errno);
          return NULL;
        }
      save = g_new0 (MuFileSave, 1);
      save->fd = fd;
      save->slot = -1;
      return save;
    }
  if (exists && S_ISDIR (st.st_mode))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("it is a directory, not a file"));
      return NULL;
    }
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO,
                   _("it is neither a regular file, nor a character device, nor a "
                     "pipe, and cannot be written"));
      return NULL;
    }
  if (!exists && errno != ENOENT)
    {
      set_io_error (error, errno);
      return NULL;
    }

  /* Saving through a symbolic link replaces its target, not the link. */
  target = exists ? realpath (path, NULL) : resolve_new (path);
  if (target == NULL)
    {
      set_io_error (error, errno);
      return NULL;
    }
  dirname = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  tmp = g_strdup_printf ("%s%s.%s.XXXXXX", dirname, G_DIR_SEPARATOR_S, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, exists ? (int) (st.st_mode & 07777) : mode);
  if (fd < 0)
    {
      set_io_error (error, errno);
      return NULL;
    }
  if (exists)
    {
      /* The replacement keeps the file's permissions, which the umask may
       * have narrowed, and its owner when the saver may give it. */
      if (fchmod (fd, st.st_mode & 07777) != 0)
        { /* best effort: the file is still saved */ }
      if ((st.st_uid != getuid () || st.st_gid != getgid ()) &&
          fchown (fd, st.st_uid, st.st_gid) != 0)
        { /* only the superuser may give a file away */ }
    }
  save = g_new0 (MuFileSave, 1);
  save->fd = fd;
  save->target = g_steal_pointer (&target);
  save->tmp = g_steal_pointer (&tmp);
  save->slot = live_add (save->tmp);
  return save;
}

int
mu_file_save_get_fd (MuFileSave *save)
{
  g_return_val_if_fail (save != NULL, -1);
  return save->fd;
}

gboolean
mu_file_save_write (MuFileSave  *save,
                    const void  *data,
                    gsize        length,
                    GError     **error)
{
  const char *p = data;

  g_return_val_if_fail (save != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  while (length > 0)
    {
      gssize n = write (save->fd, p, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          set_io_error (error, n < 0 ? errno : ENOSPC);
          return FALSE;
        }
      p += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static void
save_free (MuFileSave *save)
{
  live_remove (save->slot);
  g_free (save->target);
  g_free (save->tmp);
  g_free (save);
}

void
mu_file_save_abort (MuFileSave *save)
{
  if (save == NULL)
    return;
  if (save->fd >= 0)
    close (save->fd);
  if (save->tmp != NULL)
    {
      g_unlink (save->tmp);
      remove_stale_temporaries (save->target);
    }
  save_free (save);
}

static gboolean
commit_failed (MuFileSave  *save,
               int          err,
               GError     **error)
{
  set_io_error (error, err);
  mu_file_save_abort (save);
  return FALSE;
}

gboolean
mu_file_save_commit (MuFileSave  *save,
                     GError     **error)
{
  int fd;

  g_return_val_if_fail (save != NULL, FALSE);

  fd = save->fd;
  save->fd = -1;
  if (save->tmp == NULL)
    {
      /* Written straight: a device or a pipe has nothing to sync, but a
       * device that is full says so only now, on some systems. */
      if (close (fd) != 0 && errno != EINTR)
        {
          set_io_error (error, errno);
          save_free (save);
          return FALSE;
        }
      save_free (save);
      return TRUE;
    }
  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      return commit_failed (save, saved, error);
    }
  if (close (fd) != 0)
    return commit_failed (save, errno, error);
  if (g_rename (save->tmp, save->target) != 0)
    return commit_failed (save, errno, error);
  remove_stale_temporaries (save->target);
  save_free (save);
  return TRUE;
}

gboolean
mu_file_write_atomic (const char  *path,
                      const char  *data,
                      gsize        length,
                      int          mode,
                      GError     **error)
{
  MuFileSave *save;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  save = mu_file_save_begin (path, mode, error);
  if (save == NULL)
    return FALSE;
  if (!mu_file_save_write (save, data, length, error))
    {
      mu_file_save_abort (save);
      return FALSE;
    }
  return mu_file_save_commit (save, error);
}
