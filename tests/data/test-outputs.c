/* test-outputs.c: what every muster-cli command that writes does with each
 * kind of target: a symbolic link (its file replaced, its permissions kept),
 * a FIFO and a character device (written straight, never replaced), "-"
 * (standard output), a directory (refused), and the temporaries of killed
 * saves (removed by the next save of the file).
 */
#define G_LOG_DOMAIN "test-outputs"

#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <utime.h>

static char *tmpdir;
static char *commands;   /* a command file, outside tmpdir */

static char *
template_path (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return g_build_filename (root ? root : MUSTER_SOURCE_DATADIR "/..", "scenarios",
                           "template.muster", NULL);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* Runs muster-cli with the arguments of ARGV (NULL-terminated) where "@"
 * stands for OUTPUT; returns the exit status and what it wrote. */
static int
run_cli (const char * const *argv,
         const char         *output,
         char              **out,
         char              **err)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *o = NULL, *e = NULL;

  g_ptr_array_add (args, (gpointer) g_getenv ("MUSTER_CLI"));
  g_assert_nonnull (args->pdata[0]);
  for (guint i = 0; argv[i]; i++)
    g_ptr_array_add (args, (gpointer) (g_str_equal (argv[i], "@") ? output : argv[i]));
  g_ptr_array_add (args, NULL);
  proc = g_subprocess_newv ((const char * const *) args->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &o, &e, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  if (out)
    *out = g_steal_pointer (&o);
  if (err)
    *err = g_steal_pointer (&e);
  return g_subprocess_get_exit_status (proc);
}

/* One command line per writing command; "@" is the output, S the template. */
static const char *const *
writer (guint i)
{
  static const char *s;
  static const char *writers[][12] = {
    { "format", "S", "-o", "@", NULL },
    { "play", "S", "--commands", "C", "--save", "@", NULL },
    { "oob", "export", "S", "-o", "@", NULL },
    { "render", "S", "--format", "svg", "-o", "@", NULL },
    { "print-map", "S", "-o", "@", NULL },
  };

  if (s == NULL)
    s = template_path ();
  if (i >= G_N_ELEMENTS (writers))
    return NULL;
  for (guint j = 0; writers[i][j]; j++)
    if (g_str_equal (writers[i][j], "S"))
      writers[i][j] = s;
    else if (g_str_equal (writers[i][j], "C"))
      writers[i][j] = commands;
  return writers[i];
}

/* print-map needs its output to end in .svg. */
static char *
output_of (guint       i,
           const char *path)
{
  return g_strconcat (path, i == 4 ? ".svg" : "", NULL);
}

static guint
count_entries (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Through a link: the file it points to is replaced and keeps its
 * permissions; the link stays a link. */
static void
test_link (void)
{
  for (guint i = 0; writer (i); i++)
    {
      g_autofree char *stem = tmp_path ("target");
      g_autofree char *target = output_of (i, stem);
      g_autofree char *link_stem = tmp_path ("link");
      g_autofree char *link = output_of (i, link_stem);
      g_autofree char *err = NULL, *data = NULL;
      struct stat st;

      g_assert_true (g_file_set_contents (target, "old", -1, NULL));
      g_assert_cmpint (chmod (target, 0600), ==, 0);
      g_assert_cmpint (symlink (target, link), ==, 0);
      if (run_cli (writer (i), link, NULL, &err) != 0)
        g_error ("%s: %s", writer (i)[0], err);
      g_assert_cmpint (lstat (link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      g_assert_cmpint (stat (target, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 07777, ==, 0600);
      g_assert_true (g_file_get_contents (target, &data, NULL, NULL));
      if (g_str_equal (data, "old"))
        g_error ("%s: the file the link points to was not written", writer (i)[0]);
      g_assert_cmpuint (count_entries (), ==, 2);
      g_unlink (link);
      g_unlink (target);
    }
}

typedef struct {
  char *path;
  GString *got;
} FifoReader;

static gpointer
read_fifo (gpointer data)
{
  FifoReader *r = data;
  char buf[4096];
  gssize n;
  int fd = open (r->path, O_RDONLY);

  g_assert_cmpint (fd, >=, 0);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_string_append_len (r->got, buf, n);
  close (fd);
  return NULL;
}

/* A FIFO gets the data and stays a FIFO. */
static void
test_fifo (void)
{
  for (guint i = 0; writer (i); i++)
    {
      g_autofree char *stem = tmp_path ("out");
      g_autofree char *fifo = output_of (i, stem);
      FifoReader r = { fifo, g_string_new (NULL) };
      GThread *reader;
      struct stat st;

      g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
      reader = g_thread_new ("fifo", read_fifo, &r);
      g_assert_cmpint (run_cli (writer (i), fifo, NULL, NULL), ==, 0);
      g_thread_join (reader);
      g_assert_cmpuint (r.got->len, >, 100);
      g_assert_cmpint (lstat (fifo, &st), ==, 0);
      g_assert_true (S_ISFIFO (st.st_mode));
      g_assert_cmpuint (count_entries (), ==, 1);
      g_string_free (r.got, TRUE);
      g_unlink (fifo);
    }
}

/* A device is written straight: the null device takes it (exit 0), the full
 * one refuses it (exit 1, "No space left"), and both stay devices. As the
 * superuser the test makes its own devices in its folder: the old saver would
 * have replaced the system's. */
static void
test_devices (void)
{
  gboolean root = getuid () == 0;

  for (guint i = 0; writer (i); i++)
    {
      g_autofree char *null_stem = root ? tmp_path ("null") : g_strdup ("/dev/null");
      g_autofree char *full_stem = root ? tmp_path ("full") : g_strdup ("/dev/full");
      g_autofree char *null_dev = NULL, *full_dev = NULL, *err = NULL;
      struct stat st;

      if (i == 4 && !root)
        continue;   /* /dev/null.svg is not a device */
      null_dev = output_of (i, null_stem);
      full_dev = output_of (i, full_stem);
      if (root)
        {
          g_assert_cmpint (mknod (null_dev, S_IFCHR | 0666, makedev (1, 3)), ==, 0);
          g_assert_cmpint (mknod (full_dev, S_IFCHR | 0666, makedev (1, 7)), ==, 0);
        }
      g_assert_cmpint (run_cli (writer (i), null_dev, NULL, NULL), ==, 0);
      g_assert_cmpint (run_cli (writer (i), full_dev, NULL, &err), ==, 1);
      if (strstr (err, g_strerror (ENOSPC)) == NULL)
        g_error ("%s: no “%s” in: %s", writer (i)[0], g_strerror (ENOSPC), err);
      g_assert_cmpint (stat (null_dev, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      g_assert_cmpint (stat (full_dev, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      if (root)
        {
          g_assert_cmpuint (count_entries (), ==, 2);
          g_unlink (null_dev);
          g_unlink (full_dev);
        }
    }
}

/* "-" is standard output; a directory is refused and left alone. */
static void
test_stdout_and_directory (void)
{
  for (guint i = 0; writer (i); i++)
    {
      g_autofree char *stem = tmp_path ("dir");
      g_autofree char *dir = output_of (i, stem);
      g_autofree char *out = NULL, *err = NULL;

      if (i != 4)
        {
          g_assert_cmpint (run_cli (writer (i), "-", &out, NULL), ==, 0);
          g_assert_cmpuint (strlen (out), >, 100);
        }
      g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
      g_assert_cmpint (run_cli (writer (i), dir, NULL, &err), ==, 1);
      if (strstr (err, "is a directory") == NULL)
        g_error ("%s: no “is a directory” in: %s", writer (i)[0], err);
      g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
      g_rmdir (dir);
      g_assert_cmpuint (count_entries (), ==, 0);
    }
}

/* The temporaries a killed render left (OUT.png.XXXXXX, and the hidden ones
 * of today's saves) go with the next save of OUT once a minute old. */
static void
test_render_stale_temporaries (void)
{
  g_autofree char *out = tmp_path ("board.png");
  g_autofree char *t = template_path ();
  const char *names[] = { "board.png.Ab12Cd", ".board.png.Zz9900" };
  struct utimbuf old = { .actime = time (NULL) - 3600, .modtime = time (NULL) - 3600 };
  const char *argv[] = { "render", t, "-o", "@", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = tmp_path (names[i]);

      g_assert_true (g_file_set_contents (p, "half a PNG", -1, NULL));
      g_assert_cmpint (g_utime (p, &old), ==, 0);
    }
  g_assert_cmpint (run_cli (argv, out, NULL, NULL), ==, 0);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_entries (), ==, 1);
  g_unlink (out);
}

/* counters --size refuses what is not a positive finite number, nan too. */
static void
test_counter_size (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *out = tmp_path ("c.pdf");
  const char *sizes[] = { "nan", "NaN", "inf", "0", "-1", "12x" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const char *argv[] = { "counters", t, "-o", "@", "--size", sizes[i], NULL };
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (argv, out, NULL, &err), ==, 2);
      g_assert_nonnull (strstr (err, "give the counter's side in millimetres"));
    }
  g_assert_cmpuint (count_entries (), ==, 0);
}

/* A map of many pages at 1,200 dpi is refused before drawing (it drew for
 * minutes, silently), with the resolution that fits. */
static void
test_print_map_bounded (void)
{
  g_autofree char *out = tmp_path ("map.png");
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *big = g_build_filename (root ? root : MUSTER_SOURCE_DATADIR "/..", "scenarios",
                                           "first-manassas.muster", NULL);
  const char *argv[] = { "print-map", big, "-o", "@", "--dpi", "1200", NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (argv, out, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "million pixels"));
  g_assert_nonnull (strstr (err, "give at most"));
  g_assert_cmpuint (count_entries (), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int result;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("muster-outputs-XXXXXX", NULL);
  commands = g_strconcat (tmpdir, ".commands", NULL);
  g_assert_true (g_file_set_contents (commands, "end-phase\n", -1, NULL));
  g_test_add_func ("/data/outputs/link", test_link);
  g_test_add_func ("/data/outputs/fifo", test_fifo);
  g_test_add_func ("/data/outputs/devices", test_devices);
  g_test_add_func ("/data/outputs/stdout-and-directory", test_stdout_and_directory);
  g_test_add_func ("/data/outputs/render-stale-temporaries", test_render_stale_temporaries);
  g_test_add_func ("/data/outputs/counter-size", test_counter_size);
  g_test_add_func ("/data/outputs/print-map-bounded", test_print_map_bounded);
  result = g_test_run ();
  g_rmdir (tmpdir);
  g_unlink (commands);
  g_free (tmpdir);
  g_free (commands);
  return result;
}
