/* test-rules-data.c: every shipped rules data file (data/rules/RULESET.xml)
 * validates against data/rules/rules.rng and loads; every ruleset played on
 * a table has one, named after it. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "mu-rules-data.h"
#include "mu-ruleset.h"

static char *
rules_dir (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rules", NULL);
}

static void
test_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *dir = rules_dir ();
  g_autofree char *schema = g_build_filename (dir, "rules.rng", NULL);
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuRulesData) rules = NULL;

  if (xmllint)
    {
      const char *argv[] = { xmllint, "--noout", "--nonet", "--relaxng", schema, path, NULL };
      g_autofree char *out = NULL, *err = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &status, &error));
      g_assert_no_error (error);
      g_test_message ("%s%s", out, err);
      g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  rules = mu_rules_data_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rules);
  /* named after its ruleset, which exists */
  g_assert_true (g_str_has_prefix (base, mu_rules_data_ruleset (rules)));
  g_assert_cmpstr (base + strlen (mu_rules_data_ruleset (rules)), ==, ".xml");
  g_assert_nonnull (mu_ruleset_find (mu_rules_data_ruleset (rules)));
  g_assert_nonnull (mu_rules_data_tables (rules)[0]);
}

static void
test_every_table_ruleset (void)
{
  g_autofree char *dir = rules_dir ();

  for (const MuRuleset *const *r = mu_ruleset_list (); *r; r++)
    {
      g_autofree char *name = g_strconcat ((*r)->id, ".xml", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if ((*r)->board != MU_BOARD_TABLE)
        continue;
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_error ("ruleset %s has no rules data file %s", (*r)->id, path);
    }
}

static char *
cli (int        *status,
     const char *a,
     const char *b)
{
  const char *argv[] = { g_getenv ("MUSTER_CLI"), "rules", a, b, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int wait = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &wait, &error));
  g_assert_no_error (error);
  *status = WIFEXITED (wait) ? WEXITSTATUS (wait) : -1;
  return g_strconcat (out, err, NULL);
}

/* muster-cli rules: a ruleset's values and tables, and an edited file checked. */
static void
test_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-rules-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "house.xml", NULL);
  g_autofree char *out = NULL, *out2 = NULL, *want = NULL;
  int status;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  out = cli (&status, "regimental", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "  rating       control,command        1 to 3 (<value>)  QRS-MOR-2\n"));
  g_assert_nonnull (strstr (out, "missing from the rules (MISSING-1)"));
  g_assert_true (g_file_set_contents (bad,
                                      "<rules xmlns=\"https://muster.github.io/ns/rules/1\" ruleset=\"baa-table\" format=\"1\">\n"
                                      "  <table id=\"movement\" name=\"S2\">\n"
                                      "    <entry key=\"infantry 15mm in\" value=\"10\"/>\n"
                                      "    <entry key=\"infantry 15mm in\" value=\"12\"/>\n"
                                      "  </table>\n</rules>\n", -1, NULL));
  out2 = cli (&status, "--check", bad);
  g_assert_cmpint (status, ==, 1);
  want = g_strdup_printf ("%s:4: error: entry “infantry 15mm in” of table “movement” is given twice", bad);
  g_assert_nonnull (strstr (out2, want));
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);
  dir = rules_dir ();
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_assert_cmpuint (paths->len, >=, 4);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *base = g_path_get_basename (paths->pdata[i]);
      g_autofree char *t = g_strdup_printf ("/data/rules/%s", base);

      g_test_add_data_func (t, paths->pdata[i], test_file);
    }
  g_test_add_func ("/data/rules/every-table-ruleset", test_every_table_ruleset);
  g_test_add_func ("/data/rules/cli", test_cli);
  return g_test_run ();
}
