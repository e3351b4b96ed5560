/* test-file.c: the bounded reader and the atomic writer every surface uses */
#define G_LOG_DOMAIN "test-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>
#include <utime.h>

#include "mu-error.h"
#include "mu-file.h"

static char *tmpdir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static void
test_read_refusals (void)
{
  g_autofree char *fifo = tmp_path ("fifo");
  g_autofree char *big = tmp_path ("big.txt");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  /* A FIFO without a writer: refused at once, not waited on. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (mu_file_read (fifo, 1024, &data, &len, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "fifo: is not a regular file"));
  g_clear_error (&error);
  g_assert_false (mu_file_read ("/dev/zero", 1024, &data, &len, &error));
  g_assert_nonnull (strstr (error->message, "/dev/zero: is not a regular file"));
  g_clear_error (&error);
  g_assert_false (mu_file_read (tmpdir, 1024, &data, &len, &error));
  g_assert_nonnull (strstr (error->message, "is a directory"));
  g_clear_error (&error);
  /* Larger than the limit given. */
  g_assert_true (g_file_set_contents (big, "0123456789", 10, NULL));
  g_assert_false (mu_file_read (big, 9, &data, &len, &error));
  g_assert_nonnull (strstr (error->message, "the file is too large"));
  g_clear_error (&error);
  g_assert_true (mu_file_read (big, 10, &data, &len, &error));
  g_assert_cmpmem (data, len, "0123456789", 10);
  g_assert_cmpint (data[len], ==, '\0');
  g_unlink (fifo);
  g_unlink (big);
}

static void
test_nul_line (void)
{
  const char text[] = "a\nb\nc\0d\n";

  g_assert_cmpuint (mu_file_find_nul_line ("a\nb\n", 4), ==, 0);
  g_assert_cmpuint (mu_file_find_nul_line (text, sizeof text - 1), ==, 3);
  g_assert_cmpuint (mu_file_find_nul_line ("\0", 1), ==, 1);
}

static void
set_old (const char *path)
{
  struct utimbuf t = { .actime = time (NULL) - 3600, .modtime = time (NULL) - 3600 };

  g_assert_cmpint (g_utime (path, &t), ==, 0);
}

/* Saves killed mid-write left NAME.XXXXXX files beside the user's file; the
 * next save of that file removes the stale ones (not a fresh one, which may
 * be another program's save in progress, nor other files). */
static void
test_write_cleans_temporaries (void)
{
  g_autofree char *path = tmp_path ("a.muster");
  g_autofree char *old_style = tmp_path ("a.muster.Ab12Cd");
  g_autofree char *hidden = tmp_path (".a.muster.Zz9900");
  g_autofree char *fresh = tmp_path (".a.muster.fresh1");
  g_autofree char *other = tmp_path ("b.muster.Ab12Cd");
  g_autofree char *longer = tmp_path ("a.muster.toolong7");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *names[] = { "a.muster.Ab12Cd", ".a.muster.Zz9900", ".a.muster.fresh1",
                          "b.muster.Ab12Cd", "a.muster.toolong7" };
  const char *name;
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = tmp_path (names[i]);

      g_assert_true (g_file_set_contents (p, "stray", -1, NULL));
      if (i != 2)
        set_old (p);
    }
  g_assert_true (mu_file_write_atomic (path, "new", 3, 0600, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "new");
  g_assert_false (g_file_test (old_style, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (hidden, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (longer, G_FILE_TEST_EXISTS));
  /* Only those files: the save's own temporary is gone. */
  dir = g_dir_open (tmpdir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 4);
  g_unlink (path);
  g_unlink (fresh);
  g_unlink (other);
  g_unlink (longer);

  g_assert_true (mu_file_is_temporary ("a.muster.Ab12Cd"));
  g_assert_true (mu_file_is_temporary (".a.muster.Zz9900"));
  g_assert_false (mu_file_is_temporary ("a.muster"));
  g_assert_false (mu_file_is_temporary ("notes.txt.Ab12Cd"));
  g_assert_false (mu_file_is_temporary ("a.muster.toolong7"));
}

/* Saving through a symbolic link replaces the file it points to. */
static void
test_write_through_link (void)
{
  g_autofree char *target = tmp_path ("target.muster");
  g_autofree char *link = tmp_path ("link.muster");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_true (mu_file_write_atomic (link, "new", 3, 0644, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (target, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "new");
  g_unlink (link);
  g_unlink (target);
}

/* The number of entries in the test folder. */
static guint
count_entries (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A link to a file keeps being a link, and the file it points to keeps its
 * permissions (a private file stays private), also through a relative link
 * and a dangling one (which creates its target, as a shell does). */
static void
test_write_keeps_link_and_mode (void)
{
  g_autofree char *target = tmp_path ("private.muster");
  g_autofree char *link = tmp_path ("rel.muster");
  g_autofree char *dangling = tmp_path ("dangling.muster");
  g_autofree char *created = tmp_path ("created.muster");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("private.muster", link), ==, 0);
  g_assert_true (mu_file_write_atomic (link, "new", 3, 0644, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  g_assert_true (g_file_get_contents (target, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "new");

  g_assert_cmpint (symlink ("created.muster", dangling), ==, 0);
  g_assert_true (mu_file_write_atomic (dangling, "made", 4, 0644, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_clear_pointer (&data, g_free);
  g_assert_true (g_file_get_contents (created, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "made");
  g_assert_cmpuint (count_entries (), ==, 4);
  g_unlink (link);
  g_unlink (target);
  g_unlink (dangling);
  g_unlink (created);
}

/* A FIFO is written straight: the reader gets the data and the FIFO stays
 * one (it used to be replaced by a regular file). */
static void
test_write_fifo (void)
{
  g_autofree char *fifo = tmp_path ("out.fifo");
  g_autoptr(GError) error = NULL;
  char buf[16] = { 0 };
  struct stat st;
  int rd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  /* a reader first, so that opening it for writing does not wait */
  rd = open (fifo, O_RDONLY | O_NONBLOCK);
  g_assert_cmpint (rd, >=, 0);
  g_assert_true (mu_file_write_atomic (fifo, "through", 7, 0644, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read (rd, buf, sizeof buf), ==, 7);
  g_assert_cmpstr (buf, ==, "through");
  close (rd);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_cmpuint (count_entries (), ==, 1);
  g_unlink (fifo);
}

/* Character devices are written straight: /dev/null takes anything,
 * /dev/full says it is full, and both stay devices. As the superuser the
 * old saver renamed its file over them, so the test then uses devices of its
 * own (the same numbers) in its folder rather than the system's. */
static void
test_write_devices (void)
{
  g_autofree char *null_dev = NULL, *full_dev = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  if (getuid () == 0)
    {
      null_dev = tmp_path ("null");
      full_dev = tmp_path ("full");
      g_assert_cmpint (mknod (null_dev, S_IFCHR | 0666, makedev (1, 3)), ==, 0);
      g_assert_cmpint (mknod (full_dev, S_IFCHR | 0666, makedev (1, 7)), ==, 0);
    }
  else
    {
      null_dev = g_strdup ("/dev/null");
      full_dev = g_strdup ("/dev/full");
    }
  g_assert_true (mu_file_write_atomic (null_dev, "gone", 4, 0644, &error));
  g_assert_no_error (error);
  g_assert_false (mu_file_write_atomic (full_dev, "nowhere", 7, 0644, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_IO);
  g_assert_cmpstr (error->message, ==, g_strerror (ENOSPC));
  g_clear_error (&error);
  g_assert_cmpint (stat (null_dev, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpint (stat (full_dev, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  if (getuid () == 0)
    {
      g_assert_cmpuint (count_entries (), ==, 2);
      g_unlink (null_dev);
      g_unlink (full_dev);
    }
}

/* What can be neither replaced nor written straight is refused, and left
 * alone: a directory, a socket. */
static void
test_write_refusals (void)
{
  g_autofree char *sub = tmp_path ("sub.muster");
  g_autofree char *sock_path = tmp_path ("sock");
  g_autoptr(GError) error = NULL;
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  struct stat st;
  int sock;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_false (mu_file_write_atomic (sub, "x", 1, 0644, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "is a directory"));
  g_clear_error (&error);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));

  sock = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (sock, >=, 0);
  g_strlcpy (addr.sun_path, sock_path, sizeof addr.sun_path);
  if (strlen (sock_path) < sizeof addr.sun_path &&
      bind (sock, (struct sockaddr *) &addr, sizeof addr) == 0)
    {
      g_assert_false (mu_file_write_atomic (sock_path, "x", 1, 0644, &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "cannot be written"));
      g_clear_error (&error);
      g_assert_cmpint (lstat (sock_path, &st), ==, 0);
      g_assert_true (S_ISSOCK (st.st_mode));
    }
  close (sock);
  g_unlink (sock_path);
  g_rmdir (sub);
  g_assert_cmpuint (count_entries (), ==, 0);
}

/* A save interrupted by SIGTERM leaves no temporary behind: the handler
 * every writing command installs removes it. */
static void
test_write_interrupted (void)
{
  g_autofree char *path = tmp_path ("killed.muster");

  if (g_test_subprocess ())
    {
      MuFileSave *save = mu_file_save_begin (path, 0644, NULL);

      g_assert_nonnull (save);
      g_assert_true (mu_file_save_write (save, "half", 4, NULL));
      g_assert_cmpuint (count_entries (), ==, 1);
      mu_file_remove_temporaries_on_signals ();
      raise (SIGTERM);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_assert_cmpuint (count_entries (), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int result;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("muster-file-XXXXXX", NULL);
  g_test_add_func ("/engine/file/read-refusals", test_read_refusals);
  g_test_add_func ("/engine/file/nul-line", test_nul_line);
  g_test_add_func ("/engine/file/write-cleans-temporaries", test_write_cleans_temporaries);
  g_test_add_func ("/engine/file/write-through-link", test_write_through_link);
  g_test_add_func ("/engine/file/write-keeps-link-and-mode", test_write_keeps_link_and_mode);
  g_test_add_func ("/engine/file/write-fifo", test_write_fifo);
  g_test_add_func ("/engine/file/write-devices", test_write_devices);
  g_test_add_func ("/engine/file/write-refusals", test_write_refusals);
  g_test_add_func ("/engine/file/write-interrupted", test_write_interrupted);
  result = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return result;
}
