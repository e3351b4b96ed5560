/* test-rules-data.c: reading a ruleset's table numbers from its data file
 * (mu-rules-data.h), its FILE:LINE errors, and baa-table taking Tables
 * S1-S4 from the file, with the printed tables as the fallback. */
#define G_LOG_DOMAIN "test-rules-data"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "baa-table-private.h"
#include "mu-error.h"
#include "mu-rules-data.h"

static char *
write_rules (const char *dir,
             const char *name,
             const char *body)
{
  g_autofree char *rules = g_build_filename (dir, "rules", NULL);
  char *path = g_build_filename (rules, name, NULL);
  g_autofree char *text = g_strconcat ("<?xml version=\"1.0\"?>\n"
                                       "<rules xmlns=\"https://muster.github.io/ns/rules/1\" ", body, NULL);

  g_assert_cmpint (g_mkdir_with_parents (rules, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
remove_tree (const char *dir)
{
  g_autofree char *rules = g_build_filename (dir, "rules", NULL);
  g_autoptr(GDir) d = g_dir_open (rules, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (rules, name, NULL);

      g_unlink (p);
    }
  g_rmdir (rules);
  g_rmdir (dir);
}

/* The shipped files: what the rulesets ask for is there, and regimental's
 * tables missing from the sheet (MISSING-1 to MISSING-7) are marked so. */
static void
test_shipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuRulesData) bat = mu_rules_data_load ("baa-table", &error);
  g_autoptr(MuRulesData) qrs = NULL;
  g_autoptr(MuRulesData) ts = NULL;
  g_autoptr(MuRulesData) mn = NULL;
  double v = 0;
  const char *const missing[] = { "combat-results", "combat-steps", "routed-move-infantry-artillery",
                                  "move-infantry-close-order", "fire-dice", "other-weapons", "effects" };
  const char *const keys[] = { "MISSING-1", "MISSING-2", "MISSING-3", "MISSING-4", "MISSING-5",
                               "MISSING-6", "MISSING-7" };

  g_assert_no_error (error);
  g_assert_cmpstr (mu_rules_data_ruleset (bat), ==, "baa-table");
  g_assert_true (mu_rules_data_number (bat, "scale-unit", "15mm in", &v));
  g_assert_cmpfloat (v, ==, 4);
  g_assert_true (mu_rules_data_number (bat, "movement", "cavalry 25mm cm", &v));
  g_assert_cmpfloat (v, ==, 80);
  g_assert_true (mu_rules_data_number (bat, "visible-distance", "6mm cm", &v));
  g_assert_cmpfloat (v, ==, 2.5);
  g_assert_false (mu_rules_data_number (bat, "movement", "dragoons 15mm in", &v));
  g_assert_null (mu_rules_data_missing (bat, "movement"));

  qrs = mu_rules_data_load ("regimental", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (missing); i++)
    {
      g_assert_true (mu_rules_data_has_table (qrs, missing[i]));
      g_assert_cmpstr (mu_rules_data_missing (qrs, missing[i]), ==, keys[i]);
    }
  g_assert_cmpstr (mu_rules_data_text (qrs, "move", "cav-double-line road"), ==, "NA");
  g_assert_false (mu_rules_data_number (qrs, "move", "cav-double-line road", &v));
  g_assert_true (mu_rules_data_number (qrs, "small-arms", "pistol long", &v));
  g_assert_cmpfloat (v, ==, 1.5);

  ts = mu_rules_data_load ("toy-soldiers", &error);
  g_assert_no_error (error);
  g_assert_true (mu_rules_data_number (ts, "range-band", "reg-art", &v));
  g_assert_cmpfloat (v, ==, 10);
  mn = mu_rules_data_load ("mn-acw", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mu_rules_data_text (mn, "movement-dice", "horse-art ahead"), ==, "both");
  g_assert_true (mu_rules_data_number (mn, "artillery-range", "foot-art", &v));
  g_assert_cmpfloat (v, ==, 12);

  g_assert_null (mu_rules_data_load ("no-such-ruleset", &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_IO);
}

/* A broken file is refused with its name, line and what is wrong. */
static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-rules-XXXXXX", NULL);
  static const struct { const char *body; const char *message; } cases[] = {
    { "ruleset=\"x\" format=\"2\">\n<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"1\"/></table></rules>",
      ":2: error: rules data format “2” is not known (this version reads format 1)" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\">\n<entry key=\"a\" value=\"1\"/>\n"
      "<entry key=\"a\" value=\"2\"/></table></rules>",
      ":5: error: entry “a” of table “t” is given twice" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\" missing=\"MISSING-1\">\n"
      "<entry key=\"a\" value=\"1\"/></table></rules>",
      ":4: error: table “t” is marked missing (MISSING-1) and cannot have entries" },
    { "ruleset=\"x\" format=\"1\">\n\n<table id=\"t\" name=\"T\"/></rules>",
      ":4: error: table “t” has no entries (a table the rules do not give is marked missing=\"…\")" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\"><entry key=\"a  b\" value=\"1\"/></table></rules>",
      ":3: error: <entry> needs a key of words separated by single spaces" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"\"/></table></rules>",
      ":3: error: entry “a” of table “t” has no value" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"1\"/></table>\n"
      "<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"1\"/></table></rules>",
      ":4: error: table “t” is given twice" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"1\"/></table>\n<tables/></rules>",
      ":4: error: <tables> is not allowed in <rules>" },
    { "ruleset=\"x\" format=\"1\">\n<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"1\">",
      ":3: error: " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_rules (dir, "x.xml", cases[i].body);
      g_autoptr(GError) error = NULL;
      g_autofree char *want = g_strconcat (path, cases[i].message, NULL);

      g_assert_null (mu_rules_data_load_file (path, &error));
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, want))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message, want);
    }
  /* No DOCTYPE, so no entities: a house rule is data, never a bomb or a
   * way to read another file. */
  {
    g_autofree char *path = write_rules (dir, "x.xml", "");
    g_autoptr(GError) error = NULL;
    g_autofree char *want = g_strconcat (path, ":2: error: DOCTYPE declarations are not allowed", NULL);
    const char *text = "<?xml version=\"1.0\"?>\n<!DOCTYPE rules [<!ENTITY v \"1\">]>\n"
                       "<rules xmlns=\"https://muster.github.io/ns/rules/1\" ruleset=\"x\" format=\"1\">"
                       "<table id=\"t\" name=\"T\"><entry key=\"a\" value=\"&v;\"/></table></rules>";

    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    g_assert_null (mu_rules_data_load_file (path, &error));
    g_assert_nonnull (error);
    if (!g_str_has_prefix (error->message, want))
      g_error ("“%s” does not start with “%s”", error->message, want);
  }
  remove_tree (dir);
}

/* baa-table reads Tables S1-S4 from the data file: a house rule (infantry
 * moves 10 inches at 15 mm) changes the allowance; a file without the
 * movement table leaves the printed numbers. */
static void
test_baa_table_house_rule (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-rules-XXXXXX", NULL);
  g_autofree char *old = g_strdup (g_getenv ("MUSTER_DATADIR"));
  MuTableMap *table = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");
  BatScale s;

  g_free (write_rules (dir, "baa-table.xml",
                       "ruleset=\"baa-table\" format=\"1\">\n"
                       "<table id=\"scale-unit\" name=\"S1\"><entry key=\"15mm in\" value=\"5\"/></table>\n"
                       "<table id=\"movement\" name=\"S2\"><entry key=\"infantry 15mm in\" value=\"10\"/></table>\n"
                       "<table id=\"movement-multipliers\" name=\"S3\"><entry key=\"turnpike\" value=\"3\"/></table>\n"
                       "</rules>"));
  g_setenv ("MUSTER_DATADIR", dir, TRUE);
  bat_scale_init (&s, table);
  g_assert_cmpfloat (s.u, ==, 5);
  g_assert_cmpfloat (s.move[MU_ARM_INFANTRY], ==, 10);
  g_assert_cmpfloat (s.turnpike, ==, 3);
  /* what the file does not give: the printed tables */
  g_assert_cmpfloat (s.move[MU_ARM_CAVALRY], ==, 16);
  g_assert_cmpfloat (s.move_commander, ==, 12);
  g_assert_cmpfloat (s.visible, ==, 2);
  g_assert_cmpfloat (s.road, ==, 1.5);

  /* the shipped file: the printed numbers */
  if (old)
    g_setenv ("MUSTER_DATADIR", old, TRUE);
  else
    g_unsetenv ("MUSTER_DATADIR");
  bat_scale_init (&s, table);
  g_assert_cmpfloat (s.u, ==, 4);
  g_assert_cmpfloat (s.move[MU_ARM_INFANTRY], ==, 8);
  g_assert_cmpfloat (s.turnpike, ==, 2);
  g_assert_cmpfloat (s.difficult, ==, 0.5);
  mu_table_map_free (table);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/rules-data/shipped", test_shipped);
  g_test_add_func ("/engine/rules-data/errors", test_errors);
  g_test_add_func ("/engine/rules-data/baa-table-house-rule", test_baa_table_house_rule);
  return g_test_run ();
}
