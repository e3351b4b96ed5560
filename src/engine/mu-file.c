#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
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
  g_autoptr(GByteArray) buf = g_byte_array_new ();
  guint8 chunk[65536];

  g_return_val_if_fail (fd >= 0, FALSE);
  g_return_val_if_fail (data != NULL && length != NULL, FALSE);

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
