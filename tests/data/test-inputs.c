/* test-inputs.c: hostile inputs to every muster-cli surface but the scenario
 * loader (which tests/fixtures/hostile covers): command files, saved
 * matches, order-of-battle CSV and render options. Each case runs
 * muster-cli and expects its exit status and a message on standard error;
 * none may hang (the test's timeout) or leave a partial output file.
 */
#define G_LOG_DOMAIN "test-inputs"

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "mu-scenario-xml.h"

static char *tmpdir;

static const char *
source_root (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return root ? root : MUSTER_SOURCE_DATADIR "/..";
}

static char *
template_path (void)
{
  return g_build_filename (source_root (), "scenarios", "template.muster", NULL);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* Runs muster-cli with ARGS (NULL-terminated), standard input from STDIN_PATH
 * (or none); returns the exit status and its outputs. */
static int
run_cli (const char  *stdin_path,
         char       **out,
         char       **err,
         ...)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *o = NULL, *e = NULL;
  const char *arg;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (stdin_path)
    g_subprocess_launcher_set_stdin_file_path (launcher, stdin_path);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &o, &e, &error);
  g_assert_no_error (error);
  if (out)
    *out = g_steal_pointer (&o);
  if (err)
    *err = g_steal_pointer (&e);
  g_assert_true (g_subprocess_get_if_exited (proc));
  return g_subprocess_get_exit_status (proc);
}

#define assert_contains(haystack, needle) \
  G_STMT_START { \
    if (strstr ((haystack), (needle)) == NULL) \
      g_error ("“%s” not in: %s", (needle), (haystack)); \
  } G_STMT_END

/* Devices and FIFOs are refused at once by every reader (a FIFO without a
 * writer would block forever, /dev/zero never ends). */
static void
test_not_regular_files (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *fifo = tmp_path ("fifo");
  g_autofree char *err = NULL, *out = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", "/dev/zero", NULL), ==, 1);
  assert_contains (err, "/dev/zero: is not a regular file");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", fifo, NULL), ==, 1);
  assert_contains (err, "fifo: is not a regular file");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", t, "--commands", "/dev/zero", NULL), ==, 1);
  assert_contains (err, "/dev/zero: is not a regular file");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", t, "--commands", fifo, NULL), ==, 1);
  assert_contains (err, "fifo: is not a regular file");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, NULL, &err, "oob", "import", t, "/dev/zero", "-o", "-", NULL), ==, 1);
  assert_contains (err, "/dev/zero: is not a regular file");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &out, NULL, "validate", tmpdir, NULL), ==, 1);
  assert_contains (out, ": error: is a directory, not a file");
  /* Standard input is read up to the same limit as files. */
  g_assert_cmpint (run_cli ("/dev/zero", NULL, &err, "play", t, "--commands", "-", NULL), ==, 1);
  assert_contains (err, "stdin: the file is too large (the limit is 64 MiB)");
  g_unlink (fifo);
}

/* A NUL byte in a command file is refused naming its line; nothing is
 * applied and nothing saved (it used to end the file there, silently). */
static void
test_nul_in_commands (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *cmds = tmp_path ("nul.commands");
  g_autofree char *save = tmp_path ("nul.match");
  g_autofree char *err = NULL;
  const char text[] = "end-phase\nend-phase\nend-ph\0se\nend-phase\n";

  g_assert_true (g_file_set_contents (cmds, text, sizeof text - 1, NULL));
  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", t, "--commands", cmds, "--save", save, NULL),
                   ==, 1);
  assert_contains (err, "nul.commands:3: a NUL byte");
  g_assert_false (g_file_test (save, G_FILE_TEST_EXISTS));
  g_unlink (cmds);
}

/* Render options out of their documented ranges are refused before
 * anything is drawn, and no output file is left behind. */
static void
test_render_options (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *outdir = tmp_path ("render");
  g_autofree char *png = g_build_filename (outdir, "board.png", NULL);
  g_autofree char *svg = g_build_filename (outdir, "board.svg", NULL);
  const struct {
    const char *option, *value, *message;
    int status;
    gboolean vector;
  } cases[] = {
    { "--hex-size", "inf", "--hex-size inf is out of range: give 2 to 500", 2 },
    { "--hex-size", "nan", "--hex-size nan is out of range: give 2 to 500", 2 },
    { "--hex-size", "1e300", "--hex-size 1e+300 is out of range: give 2 to 500", 2 },
    { "--hex-size", "2000", "--hex-size 2000 is out of range: give 2 to 500", 2 },
    { "--table-scale", "1e300", "--table-scale 1e+300 is out of range: give 0.5 to 500", 2 },
    { "--size", "0", "--size 0 is out of range: give 1 to 16384", 2 },
    { "--size", "32768", "--size 32768 is out of range: give 1 to 16384", 2 },
  };

  g_assert_cmpint (g_mkdir (outdir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;
      g_autoptr(GDir) dir = NULL;

      g_assert_cmpint (run_cli (NULL, NULL, &err, "render", t, "-o", cases[i].vector ? svg : png,
                                cases[i].option, cases[i].value, NULL), ==, cases[i].status);
      assert_contains (err, cases[i].message);
      /* Neither the output nor a temporary file beside it. */
      dir = g_dir_open (outdir, 0, NULL);
      g_assert_null (g_dir_read_name (dir));
    }
  {
    g_autofree char *err = NULL;
    g_autoptr(GDir) dir = NULL;
    const char *name;

    g_assert_cmpint (run_cli (NULL, NULL, &err, "render", t, "-o", png, "--hex-size", "40", NULL),
                     ==, 0);
    dir = g_dir_open (outdir, 0, NULL);
    name = g_dir_read_name (dir);
    g_assert_cmpstr (name, ==, "board.png");
    g_assert_null (g_dir_read_name (dir));
    g_unlink (png);
  }
  /* a PNG is drawn in strips and may be 65535 pixels on a side, no more;
   * an SVG or a PDF 16384 */
  {
    g_autoptr(MuScenario) big = mu_scenario_new_hex ("baa-hex", 100, 100, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
    g_autofree char *bigpath = g_build_filename (outdir, "big.muster", NULL);
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;

    g_ptr_array_add (big->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
    g_ptr_array_add (big->sides, mu_side_new ("csa", "Confederate", 0xb4b4b4));
    g_assert_true (mu_scenario_save_file (big, bigpath, &error));
    g_assert_no_error (error);
    g_assert_cmpint (run_cli (NULL, NULL, &err, "render", bigpath, "-o", png, "--hex-size", "500", NULL), ==, 1);
    assert_contains (err, "a PNG is at most 65535 on a side");
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (NULL, NULL, &err, "render", bigpath, "-o", svg, "--hex-size", "200", NULL), ==, 1);
    assert_contains (err, "an SVG is at most 16384 on a side");
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
    g_unlink (bigpath);
  }
  g_rmdir (outdir);
}

/* muster-cli play warns when a saved match's scenario was edited since the
 * match started, naming what changed, and still plays it. */
static void
test_edited_match (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *saved = tmp_path ("pbem.match");
  g_autofree char *data = NULL, *edited = NULL, *err = NULL;
  const char *at;

  g_assert_cmpint (run_cli (NULL, NULL, NULL, "play", t, "--save", saved, NULL), ==, 0);
  g_assert_true (g_file_get_contents (saved, &data, NULL, NULL));
  at = strstr (data, "attack=\"5\"");
  g_assert_nonnull (at);
  edited = g_strdup_printf ("%.*sattack=\"6\"%s", (int) (at - data), data, at + strlen ("attack=\"5\""));
  g_assert_true (g_file_set_contents (saved, edited, -1, NULL));
  g_assert_cmpint (run_cli (NULL, NULL, &err, "play", saved, "--state", NULL), ==, 0);
  assert_contains (err, "pbem.match:3: warning: the scenario in this match is not the one the match "
                        "was started with; changed since: the order of battle");
  g_unlink (saved);
}

/* `play --state --stands` (README, match text formats): on a table, each
 * counter's line is followed by its stands, one pose each; without
 * --stands, or on a hex board, there are none. */
static void
test_state_stands (void)
{
  g_autofree char *table = g_build_filename (source_root (), "scenarios", "learning-table-blackburns-ford.muster",
                                             NULL);
  g_autofree char *hex = template_path ();
  g_autofree char *out = NULL, *plain = NULL, *hex_out = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_units = 0;

  g_assert_cmpint (run_cli (NULL, &out, NULL, "play", table, "--state", "--stands", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, &plain, NULL, "play", table, "--state", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, &hex_out, NULL, "play", hex, "--state", "--stands", NULL), ==, 0);
  g_assert_null (strstr (plain, "stands "));
  g_assert_null (strstr (hex_out, "\nstands "));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", -1);
      g_auto(GStrv) next = NULL;
      const char *bases;
      int n;

      if (words[0] == NULL || !g_str_equal (words[0], "unit") || strstr (lines[i], "status=active") == NULL)
        continue;
      n_units++;
      bases = strstr (lines[i], " bases=");
      g_assert_nonnull (bases);
      n = atoi (bases + strlen (" bases="));
      g_assert_nonnull (lines[i + 1]);
      next = g_strsplit (lines[i + 1], " ", -1);
      g_assert_cmpstr (next[0], ==, "stands");
      g_assert_cmpstr (next[1], ==, words[1]);
      g_assert_cmpint ((int) g_strv_length (next) - 2, ==, n);
      for (int k = 0; k < n; k++)
        {
          g_assert_true (next[k + 2][0] == '@');
          g_assert_nonnull (strchr (next[k + 2], '/'));
        }
    }
  g_assert_cmpuint (n_units, >, 3);
}

/* A command file played past the end of the match: the first 100
 * refusals are printed one by one, the rest counted in one line with the
 * lines they were on (1.4 million lines once printed 2.8 million). */
static void
test_refusals_counted (void)
{
  g_autofree char *t = template_path ();
  g_autofree char *commands = tmp_path ("long.commands");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) err_lines = NULL;
  g_auto(GStrv) out_lines = NULL;
  guint n_refused = 0;

  for (guint i = 0; i < 1000; i++)
    g_string_append (text, "end-phase\n");
  g_assert_true (g_file_set_contents (commands, text->str, -1, NULL));
  g_assert_cmpint (run_cli (NULL, &out, &err, "play", t, "--commands", commands, NULL), ==, 1);
  out_lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; out_lines[i]; i++)
    n_refused += g_str_has_prefix (out_lines[i], "refused: ");
  g_assert_cmpuint (n_refused, ==, 100);
  err_lines = g_strsplit (err, "\n", -1);
  /* 100 lines, the count and the empty string after the last newline */
  g_assert_cmpuint (g_strv_length (err_lines), ==, 102);
  /* the template's match is over after line 49 */
  assert_contains (err_lines[0], "long.commands:50: command refused");
  assert_contains (err_lines[99], "long.commands:149: command refused");
  assert_contains (err_lines[100], "long.commands: 851 more commands refused, on lines 150 to 1000 "
                                   "(only the first 100 refusals are shown)");
  g_unlink (commands);
}

/* `play --check`: the dry run's verdict and a move's cost, on a table in
 * its unit to 0.01 (TAB-3), on hexes in whole movement points; a command
 * that does not parse is refused; nothing is applied (exit status 0). */
static void
test_play_check (void)
{
  g_autofree char *table = g_build_filename (source_root (), "tests", "fixtures", "rules", "baa-table",
                                             "movement.muster", NULL);
  g_autofree char *hex = g_build_filename (source_root (), "tests", "fixtures", "rules", "baa-hex",
                                           "roads.muster", NULL);
  g_autofree char *out = NULL, *hex_out = NULL;

  g_assert_cmpint (run_cli (NULL, &out, NULL, "play", table, "--check", "move m1 @21.95,7.00",
                            "--check", "move m1 @22.10,7.00", "--check", "end-phase", "--check", "move m1 zz",
                            "--state", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out,
    "check legal cost 7.90 of 8.00 in\n"
    "check refused: m1: the move costs 8.20, more than its allowance of 8.00 (BAT-MOV-1) cost 8.20 of 8.00 in\n"
    "check legal\n"
    "check refused: "));
  /* the dry runs moved nothing */
  assert_contains (out, "unit m1 side=csa at=@16.00,7.00/90.0");
  g_assert_cmpint (run_cli (NULL, &hex_out, NULL, "play", hex, "--check", "move t1 0202 0302 0402 0502",
                            NULL), ==, 0);
  g_assert_cmpstr (hex_out, ==, "check legal cost 4 of 4\n");
}

/* `play --dice`: a list with an empty entry is refused naming the entry
 * (it used to be skipped, every later die then landing on the wrong roll),
 * and so is anything that is not a die 1..6; spaces around a die are
 * allowed. Nothing is played. */
static void
test_dice_list (void)
{
  g_autofree char *t = template_path ();
  static const struct { const char *dice, *message; } bad[] = {
    { "4,,5", "dice list: entry 2 is empty" },
    { ",4", "dice list: entry 1 is empty" },
    { "4,", "dice list: entry 2 is empty" },
    { "4, ,5", "dice list: entry 2 is empty" },
    { "4,x", "“x” (die 2) is not a d6 result 1..6" },
    { "7", "“7” (die 1) is not a d6 result 1..6" },
    { "-1", "“-1” (die 1) is not a d6 result 1..6" },
    { "4,0", "“0” (die 2) is not a d6 result 1..6" },
    { "4.5", "“4.5” (die 1) is not a d6 result 1..6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run_cli (NULL, &out, &err, "play", t, "--dice", bad[i].dice, "--state", NULL), ==, 1);
      assert_contains (err, bad[i].message);
      g_assert_cmpstr (out, ==, "");
    }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (NULL, &out, &err, "play", t, "--dice", " 4", NULL), ==, 0);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (NULL, &out, &err, "play", t, "--dice", "4, 5 ,6", NULL), ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  int result;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("muster-inputs-XXXXXX", NULL);
  g_test_add_func ("/data/inputs/not-regular-files", test_not_regular_files);
  g_test_add_func ("/data/inputs/nul-in-commands", test_nul_in_commands);
  g_test_add_func ("/data/inputs/render-options", test_render_options);
  g_test_add_func ("/data/inputs/edited-match", test_edited_match);
  g_test_add_func ("/data/inputs/refusals-counted", test_refusals_counted);
  g_test_add_func ("/data/inputs/state-stands", test_state_stands);
  g_test_add_func ("/data/inputs/play-check", test_play_check);
  g_test_add_func ("/data/inputs/dice-list", test_dice_list);
  result = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return result;
}
