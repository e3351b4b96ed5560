#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
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
               _("%s: the file is too large (the limit is %" G_GSIZE_FORMAT " MiB)"),
               name, max / (1024 * 1024));
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

gboolean
mu_file_write_atomic (const char  *path,
                      const char  *data,
                      gsize        length,
                      int          mode,
                      GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dirname = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  const char *p;
  gsize left = length;
  int fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  /* Saving through a symbolic link replaces its target, not the link. */
  target = realpath (path, NULL);
  if (target == NULL)
    target = g_strdup (path);
  dirname = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  tmp = g_strdup_printf ("%s%s.%s.XXXXXX", dirname, G_DIR_SEPARATOR_S, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, mode);
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", g_strerror (saved));
      return FALSE;
    }
  for (p = data; left > 0;)
    {
      gssize n = write (fd, p, left);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        goto fail;
      p += n;
      left -= (gsize) n;
    }
  if (fsync (fd) != 0)
    goto fail;
  if (close (fd) != 0)
    {
      fd = -1;
      goto fail;
    }
  fd = -1;
  if (g_rename (tmp, target) != 0)
    goto fail;
  remove_stale_temporaries (target);
  return TRUE;

fail:
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", g_strerror (saved));
  return FALSE;
}
