/* test-file.c: the bounded reader and the atomic writer every surface uses */
#define G_LOG_DOMAIN "test-file"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
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
  result = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return result;
}
