/* test-scenarios.c: every shipped scenario and every hostile file
 *
 * Iterates the directories at run time, so that a new scenario or hostile
 * file is covered without touching the build:
 * - every scenarios/NAME.muster validates with xmllint --relaxng data/muster.rng and
 *   with muster-cli validate, load without errors, and load -> save -> load
 *   -> save gives identical bytes;
 * - every tests/fixtures/hostile/NAME.muster is rejected (in process and by
 *   muster-cli validate with exit status 1), never crash, and print each
 *   line of NAME.expected.
 */
#define G_LOG_DOMAIN "test-scenarios"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "mu-scenario-xml.h"

static const char *
source_root (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return root ? root : MUSTER_SOURCE_DATADIR "/..";
}

static GPtrArray *
list_files (const char *dir,
            const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  return files;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
run (const char *const *argv,
     int                *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &wait_status, &error));
  g_assert_no_error (error);
  *status = -1;
  if (WIFEXITED (wait_status))
    *status = WEXITSTATUS (wait_status);
  return g_strconcat (out ? out : "", err ? err : "", NULL);
}

static void
test_shipped (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) a = NULL;
  g_autoptr(MuScenario) b = NULL;
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  gsize len1 = 0, len2 = 0;

  a = mu_scenario_load_file (path, problems, &error);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_test_message ("%s", line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (a);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);

  /* A shipped file is in the writer's form: it saves as it was, byte for
   * byte (the model keeps everything an old file says). */
  out1 = mu_scenario_save_to_data (a, &len1);
  {
    g_autofree char *original = NULL;
    gsize len0 = 0;

    g_assert_true (g_file_get_contents (path, &original, &len0, NULL));
    g_assert_cmpmem (original, len0, out1, len1);
  }

  /* The byte-stable round trip. */
  b = mu_scenario_load_data (out1, len1, path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (b);
  out2 = mu_scenario_save_to_data (b, &len2);
  g_assert_cmpuint (len1, ==, len2);
  g_assert_cmpstr (out1, ==, out2);
}

/* Every fixture of format 1 (the tests' scenarios): it loads, and after the
 * first save (which upgrades what the format now writes otherwise, such as
 * a tabletop ruleset's units without Brothers at Arms values) it saves again
 * byte for byte. */
static void
test_fixture_upgrade (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) a = NULL;
  g_autoptr(MuScenario) b = NULL;
  g_autoptr(MuScenario) c = NULL;
  g_autofree char *original = NULL, *out1 = NULL, *out2 = NULL, *out3 = NULL;
  gsize len1 = 0, len2 = 0, len3 = 0;

  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  g_assert_nonnull (strstr (original, "format=\"1\""));
  a = mu_scenario_load_file (path, NULL, &error);
  g_assert_no_error (error);
  out1 = mu_scenario_save_to_data (a, &len1);
  b = mu_scenario_load_data (out1, len1, path, NULL, &error);
  g_assert_no_error (error);
  out2 = mu_scenario_save_to_data (b, &len2);
  g_assert_cmpstr (out1, ==, out2);
  c = mu_scenario_load_data (out2, len2, path, NULL, &error);
  g_assert_no_error (error);
  out3 = mu_scenario_save_to_data (c, &len3);
  g_assert_cmpmem (out2, len2, out3, len3);
  if (strstr (path, "format1-tabletop-baa-values"))
    {
      /* the upgrade: Brothers at Arms values left out, the stand count kept */
      g_assert_null (strstr (out1, " attack=\""));
      g_assert_null (strstr (out1, " division=\""));
      g_assert_nonnull (strstr (out1, "<value field=\"bases\">4</value>"));
      g_assert_cmpstr (out1, !=, original);
    }
}

static void
test_shipped_xmllint (gconstpointer data)
{
  const char *path = data;
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *schema = g_build_filename (source_root (), "data", "muster.rng", NULL);
  g_autofree char *out = NULL;
  int status;

  if (xmllint == NULL)
    {
      g_test_skip ("xmllint is not installed");
      return;
    }
  {
    const char *argv[] = { xmllint, "--noout", "--nonet", "--relaxng", schema, path, NULL };

    out = run (argv, &status);
  }
  g_test_message ("%s", out);
  g_assert_cmpint (status, ==, 0);
}

static void
test_shipped_cli (gconstpointer data)
{
  const char *path = data;
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *out = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  {
    const char *argv[] = { cli, "validate", path, NULL };

    out = run (argv, &status);
  }
  g_test_message ("%s", out);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, ": valid"));
}

static GStrv
expected_lines (const char *path)
{
  g_autofree char *base = g_strndup (path, strlen (path) - strlen (".muster"));
  g_autofree char *expected_path = g_strconcat (base, ".expected", NULL);
  g_autofree char *text = NULL;
  GPtrArray *lines = g_ptr_array_new ();
  g_auto(GStrv) split = NULL;

  g_assert_true (g_file_get_contents (expected_path, &text, NULL, NULL));
  split = g_strsplit (text, "\n", -1);
  for (guint i = 0; split[i]; i++)
    if (*split[i] != '\0')
      g_ptr_array_add (lines, g_strdup (split[i]));
  g_assert_cmpuint (lines->len, >, 0);
  g_ptr_array_add (lines, NULL);
  return (GStrv) g_ptr_array_free (lines, FALSE);
}

static void
test_hostile (gconstpointer data)
{
  const char *path = data;
  g_auto(GStrv) expected = expected_lines (path);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  GString *all = g_string_new (NULL);
  g_autofree char *text = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");

  s = mu_scenario_load_file (path, problems, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), >, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_assert_true (g_utf8_validate (line, -1, NULL));
      g_assert_null (strchr (line, '\n'));
      g_string_append_printf (all, "%s\n", line);
    }
  text = g_string_free (all, FALSE);
  g_test_message ("%s", text);
  for (guint i = 0; expected[i]; i++)
    if (strstr (text, expected[i]) == NULL)
      g_error ("%s: expected “%s” in:\n%s", path, expected[i], text);

  if (cli != NULL)
    {
      const char *argv[] = { cli, "validate", path, NULL };
      g_autofree char *out = NULL;
      int status;

      out = run (argv, &status);
      g_assert_cmpint (status, ==, 1);
      for (guint i = 0; expected[i]; i++)
        if (strstr (out, expected[i]) == NULL)
          g_error ("muster-cli validate %s: expected “%s” in:\n%s", path, expected[i], out);
    }
}

/* muster-cli validate, format, info ------------------------------------------------ */

static char *
cli_run (int         *status,
         const char  *first,
         ...)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list args;
  const char *a;

  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, first);
  for (a = first; a; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  return run ((const char *const *) argv->pdata, status);
}

static char *
template_path (void)
{
  return g_build_filename (source_root (), "scenarios", "template.muster", NULL);
}

static void
test_cli_help (void)
{
  const char *const commands[] = { "validate", "format", "info" };

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL;
      int status;

      out = cli_run (&status, commands[i], "--help", NULL);
      g_assert_cmpint (status, ==, 0);
      g_assert_nonnull (strstr (out, commands[i]));
      g_assert_nonnull (strstr (out, "FILE"));
    }
  {
    g_autofree char *out = NULL;
    int status;

    out = cli_run (&status, "--help", NULL);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (out, "validate"));
    g_assert_nonnull (strstr (out, "format"));
    g_assert_nonnull (strstr (out, "info"));
  }
}

static void
test_cli_validate_mixed (void)
{
  g_autofree char *good = template_path ();
  g_autofree char *bad = g_build_filename (source_root (), "tests", "fixtures", "hostile",
                                           "attack-out-of-range.muster", NULL);
  g_autofree char *out = NULL;
  int status;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  out = cli_run (&status, "validate", good, bad, NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "template.muster: valid"));
  g_assert_nonnull (strstr (out, "attack-out-of-range.muster:71: error: "));
  g_clear_pointer (&out, g_free);
  out = cli_run (&status, "validate", NULL);
  g_assert_cmpint (status, ==, 2);
}

static void
test_cli_info (void)
{
  g_autofree char *path = template_path ();
  g_autofree char *out = NULL;
  int status;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  out = cli_run (&status, "info", path, NULL);
  g_test_message ("%s", out);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "baa-hex"));
  g_assert_nonnull (strstr (out, "10 × 8"));
  /* usa: 1 control, 1 command, 3 units of strength 4 + 3 + 1 */
  g_assert_nonnull (strstr (out, "control 1, command 1, units 3, strength 8"));
  g_assert_nonnull (strstr (out, "control 0, command 1, units 2, strength 6"));
  g_assert_nonnull (strstr (out, "Objectives: 2"));
  g_assert_nonnull (strstr (out, "usa-reserve"));
  g_assert_nonnull (strstr (out, "8 bounds"));
}

static void
test_cli_format (void)
{
  g_autofree char *path = template_path ();
  g_autofree char *canonical = NULL;
  g_autofree char *messy = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *out_path = NULL;
  g_autofree char *result = NULL;
  g_autofree char *out = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *bad_before = NULL;
  g_autofree char *bad_after = NULL;
  GString *s;
  int status;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  g_assert_true (g_file_get_contents (path, &canonical, NULL, NULL));
  /* The same scenario with other attribute order and spacing. */
  s = g_string_new (canonical);
  g_string_replace (s, "<side id=\"usa\" name=\"Union\" colour=\"#3b5998\"/>",
                    "<side   colour=\"#3b5998\"\n        name=\"Union\" id=\"usa\" />", 1);
  g_string_replace (s, "hex-size-mm=\"16\"", "hex-size-mm=\"16.000\"", 1);
  messy = g_string_free (s, FALSE);
  dir = g_dir_make_tmp ("muster-format-XXXXXX", NULL);
  copy = g_build_filename (dir, "messy.muster", NULL);
  out_path = g_build_filename (dir, "out.muster", NULL);
  g_assert_true (g_file_set_contents (copy, messy, -1, NULL));

  out = cli_run (&status, "format", copy, "-o", out_path, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (out_path, &result, NULL, NULL));
  g_assert_cmpstr (result, ==, canonical);
  g_clear_pointer (&result, g_free);
  g_clear_pointer (&out, g_free);

  /* In place. */
  out = cli_run (&status, "format", copy, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (copy, &result, NULL, NULL));
  g_assert_cmpstr (result, ==, canonical);
  g_clear_pointer (&out, g_free);

  /* A file with errors is reported and left alone. */
  bad = g_build_filename (dir, "bad.muster", NULL);
  bad_before = g_strconcat (messy, "<oops", NULL);
  g_assert_true (g_file_set_contents (bad, bad_before, -1, NULL));
  out = cli_run (&status, "format", bad, NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "bad.muster:"));
  g_assert_true (g_file_get_contents (bad, &bad_after, NULL, NULL));
  g_assert_cmpstr (bad_after, ==, bad_before);

  g_unlink (copy);
  g_unlink (out_path);
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scenarios = NULL;
  g_autofree char *hostile = NULL;
  g_autoptr(GPtrArray) shipped = NULL;
  g_autoptr(GPtrArray) bad = NULL;

  g_test_init (&argc, &argv, NULL);

  scenarios = g_build_filename (source_root (), "scenarios", NULL);
  hostile = g_build_filename (source_root (), "tests", "fixtures", "hostile", NULL);
  shipped = list_files (scenarios, ".muster");
  bad = list_files (hostile, ".muster");
  g_ptr_array_sort (shipped, compare_paths);
  g_ptr_array_sort (bad, compare_paths);

  /* At least the template; the hostile corpus has at least 40 files. */
  g_assert_cmpuint (shipped->len, >=, 1);
  g_assert_cmpuint (bad->len, >=, 40);

  for (guint i = 0; i < shipped->len; i++)
    {
      const char *path = g_ptr_array_index (shipped, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *t1 = g_strdup_printf ("/data/scenarios/%s/round-trip", base);
      g_autofree char *t2 = g_strdup_printf ("/data/scenarios/%s/xmllint", base);
      g_autofree char *t3 = g_strdup_printf ("/data/scenarios/%s/muster-cli", base);

      g_test_add_data_func (t1, path, test_shipped);
      g_test_add_data_func (t2, path, test_shipped_xmllint);
      g_test_add_data_func (t3, path, test_shipped_cli);
    }
  for (guint i = 0; i < bad->len; i++)
    {
      const char *path = g_ptr_array_index (bad, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *t = g_strdup_printf ("/data/hostile/%s", base);

      g_test_add_data_func (t, path, test_hostile);
    }
  {
    const char *const dirs[] = { "tests/fixtures/table", "tests/fixtures/rules/baa-hex",
                                 "tests/fixtures/rules/baa-table", "tests/app/fixtures" };
    guint n = 0;

    for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
      {
        g_autofree char *dir = g_build_filename (source_root (), dirs[i], NULL);
        g_autoptr(GPtrArray) files = list_files (dir, ".muster");

        g_ptr_array_sort (files, compare_paths);
        for (guint j = 0; j < files->len; j++)
          {
            g_autofree char *base = g_path_get_basename (files->pdata[j]);
            g_autofree char *t = g_strdup_printf ("/data/fixtures/%s/%s/upgrade", dirs[i] + strlen ("tests/"), base);

            g_test_add_data_func_full (t, g_strdup (files->pdata[j]), test_fixture_upgrade, g_free);
            n++;
          }
      }
    g_assert_cmpuint (n, >=, 20);
  }
  g_test_add_func ("/data/cli/help", test_cli_help);
  g_test_add_func ("/data/cli/validate-mixed", test_cli_validate_mixed);
  g_test_add_func ("/data/cli/info", test_cli_info);
  g_test_add_func ("/data/cli/format", test_cli_format);
  return g_test_run ();
}
