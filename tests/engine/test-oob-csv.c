#define G_LOG_DOMAIN "test-oob-csv"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-error.h"
#include "mu-oob-csv.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "mu-table-layout.h"

static MuScenario *
load_template (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  MuScenario *s;

  g_assert_nonnull (root);
  path = g_build_filename (root, "scenarios", "template.muster", NULL);
  s = mu_scenario_load_file (path, NULL, &error);
  g_assert_no_error (error);
  return s;
}

/* text with the first `from` replaced by `to` (which must be there) */
static char *
replace_once (const char *text,
                    const char *from,
                    const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
assert_same (const MuScenario *a,
             const MuScenario *b)
{
  g_autofree char *diff = mu_edit_scenario_diff (a, b);

  if (diff)
    g_error ("models differ: %s", diff);
}

/* export -> import -> export gives the same bytes, and the import of an
 * unchanged file is no step at all */
static void
test_round_trip (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  g_autoptr(MuScenario) before = mu_scenario_copy (mu_edit_history_get_scenario (h));
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL;
  gsize n1, n2;

  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n1);
  g_assert_true (g_str_has_prefix (first, "kind,id,side,parent,name,"));
  g_assert_nonnull (strstr (first, "\r\nunit,usa-bty,usa,,Battery A,,,,,STAR,artillery,3,4,1,"));
  g_assert_true (mu_oob_csv_import (h, first, n1, "oob.csv", problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 0);
  assert_same (before, mu_edit_history_get_scenario (h));
  second = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n2);
  g_assert_cmpmem (first, n1, second, n2);
}

/* A tabletop ruleset's own fields are columns named by their ids, for the
 * sides and counters they apply to; a value out of the declared range is
 * refused on its row, naming the range. */
static void
test_ruleset_fields (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "learning-ts-hokes-run.muster", NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuEditHistory) h = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GString) bad = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  gsize n;

  g_assert_no_error (error);
  h = mu_edit_history_new (s);
  text = mu_oob_csv_export (s, &n);
  g_assert_nonnull (strstr (text, ",placement,note,role,flags,elan,type,stands,weapon,disorder,stress,chaos\r\n"));
  g_assert_nonnull (strstr (text, "\r\nside,usa,,,Union,,,,,,,,,,,,#7fa7d6,,,,attacker,time-limit,2,,,,,,\r\n"));
  g_assert_nonnull (strstr (text, ",,,,line-inf,6,musket,2,,\r\n"));

  bad = g_string_new (text);
  g_assert_cmpint (g_string_replace (bad, ",,,,line-inf,6,musket,2,,\r\n", ",,,,line-inf,6,musket,9,,\r\n", 1), ==, 1);
  g_assert_false (mu_oob_csv_import (h, bad->str, bad->len, "oob.csv", problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  message = mu_problem_to_string (g_ptr_array_index (problems, 0));
  g_assert_cmpstr (message, ==, "oob.csv:5: error: disorder 9 is out of range (1 to 6)");
}

/* Every shipped scenario: export -> import changes nothing (no step, the
 * same model) and exports the same bytes again. Ids follow one rule in the
 * file format and the CSV (Henry House Hill's and Blackburn's Ford's ids
 * with a leading digit were once refused by the import). */
static void
test_shipped_round_trip (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(MuEditHistory) h = NULL;
      g_autoptr(MuScenario) before = NULL;
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *first = NULL, *second = NULL;
      MuScenario *s;
      gsize n1, n2;

      if (!g_str_has_suffix (name, ".muster"))
        continue;
      s = mu_scenario_load_file (path, NULL, &error);
      g_assert_no_error (error);
      h = mu_edit_history_new (s);
      before = mu_scenario_copy (s);
      first = mu_oob_csv_export (s, &n1);
      if (!mu_oob_csv_import (h, first, n1, name, problems, &error))
        {
          for (guint j = 0; j < problems->len; j++)
            {
              g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));
              g_test_message ("%s", line);
            }
          g_error ("%s: %s", name, error->message);
        }
      g_test_message ("%s", name);
      assert_same (before, mu_edit_history_get_scenario (h));
      g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 0);
      second = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n2);
      g_assert_cmpmem (first, n1, second, n2);
      n++;
    }
  g_assert_cmpuint (n, >=, 4);
}

/* Names and notes a spreadsheet would run as formulas are exported behind a
 * guard apostrophe and read back exactly as they were. */
static void
test_formula_guard (void)
{
  const char *names[] = { "=HYPERLINK(\"http://x\")", "+1", "-2 Brigade", "@SUM(A1)",
                          "'=already", "''+two", "'Stonewall' Jackson", "\t=tab", "plain" };
  const char *expected[] = { "\"'=HYPERLINK(\"\"http://x\"\")\"", "'+1", "'-2 Brigade", "'@SUM(A1)",
                             "''=already", "'''+two", "'Stonewall' Jackson", "'\t=tab", "plain" };
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(MuScenario) before = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL, *again = NULL;
  gsize n1, n2;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      MuCounter *c = g_ptr_array_index (s->counters, i % s->counters->len);

      if (i < s->counters->len)
        {
          g_free (c->name);
          c->name = g_strdup (names[i]);
        }
      else
        {
          g_free (c->note);
          c->note = g_strdup (names[i]);
        }
    }
  before = mu_scenario_copy (s);
  csv = mu_oob_csv_export (s, &n1);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *field = g_strconcat (",", expected[i], ",", NULL);
      g_autofree char *last = g_strconcat (",", expected[i], "\r\n", NULL);

      if (strstr (csv, field) == NULL && strstr (csv, last) == NULL)
        g_error ("%s not exported as %s in:\n%s", names[i], expected[i], csv);
    }
  g_assert_null (strstr (csv, ",="));
  g_assert_null (strstr (csv, ",\"="));
  g_assert_true (mu_oob_csv_import (h, csv, n1, "oob.csv", problems, &error));
  g_assert_no_error (error);
  assert_same (before, mu_edit_history_get_scenario (h));
  again = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n2);
  g_assert_cmpmem (csv, n1, again, n2);
}

/* 20,000 commands in one division once made 200 million problems (each row
 * against every earlier one): each row is reported once, against the first
 * command of the division, and only the first 100 problems are listed. */
static void
test_many_errors (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  g_autoptr(GString) csv = g_string_new ("kind,id,side,parent,name,leadership,division\r\n"
                                         "side,usa,,,Union,,\r\nside,csa,,,Confederate,,\r\n"
                                         "control,hq,usa,,HQ,2,\r\n");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;

  for (int i = 0; i < 20000; i++)
    g_string_append_printf (csv, "command,c%d,usa,hq,Division %d,3,1\r\n", i, i);
  g_assert_false (mu_oob_csv_import (h, csv->str, csv->len, "big.csv", problems, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "big.csv: 19999 errors in the order of battle (the first 100 are listed); "
                   "nothing was imported");
  g_assert_cmpuint (problems->len, ==, 100);
  first = mu_problem_to_string (g_ptr_array_index (problems, 0));
  g_assert_cmpstr (first, ==, "big.csv:6: error: division 1 of side usa is already “c0” (line 5)");
}

/* After a big import of unplaced units the check names the first 20 and
 * counts the rest in one warning, instead of one warning a unit (100,000
 * lines after a 100,000-row import). */
static void
test_unplaced_summary (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  g_autoptr(GString) csv = g_string_new ("kind,id,side,parent,name,leadership,division,identity,"
                                         "arm,range,attack,strength,placement\r\n"
                                         "side,usa,,,Union,,,,,,,,\r\nside,csa,,,Confederate,,,,,,,,\r\n"
                                         "control,hq,usa,,HQ,2,,,,,,,hex 0205\r\n"
                                         "command,d1,usa,hq,Division,3,1,,,,,,hex 0304\r\n");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  guint n_warnings = 0;
  g_autofree char *first = NULL, *last = NULL;

  for (int i = 0; i < 5000; i++)
    g_string_append_printf (csv, "unit,u%d,usa,d1,Brigade %d,,,1,infantry,1,4,4,\r\n", i, i);
  g_assert_true (mu_oob_csv_import (h, csv->str, csv->len, "big.csv", problems, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (problems, 0);
  mu_scenario_check (mu_edit_history_get_scenario (h), problems);
  for (guint i = 0; i < problems->len; i++)
    {
      MuProblem *p = g_ptr_array_index (problems, i);

      g_assert_cmpint (p->severity, ==, MU_PROBLEM_WARNING);
      if (strstr (p->message, "not placed") != NULL)
        n_warnings++;
    }
  g_assert_cmpuint (n_warnings, ==, 21);
  first = mu_problem_to_string (g_ptr_array_index (problems, problems->len - 21));
  g_assert_nonnull (strstr (first, "warning: unit “u0” is not placed (no hex, position or reserve)"));
  last = mu_problem_to_string (g_ptr_array_index (problems, problems->len - 1));
  g_assert_nonnull (strstr (last, "warning: 4980 more counters are not placed either (5000 in all; "
                                  "each needs a hex, a table position or a reserve)"));
}

/* An edited spreadsheet comes back as one undoable step. */
static void
test_import_step (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(MuScenario) before = mu_scenario_copy (s);
  g_autoptr(MuScenario) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = mu_oob_csv_export (s, NULL);
  g_autoptr(GString) edited = g_string_new (csv);
  gsize before_len = 0;
  g_autofree char *saved_before = mu_scenario_save_to_data (s, &before_len);
  MuCounter *c;

  /* Archer's brigade hits on 4 now, a new STAR cavalry unit, a side renamed */
  g_assert_cmpint (g_string_replace (edited, "Archer's Brigade,,,,,1,infantry,1,5,4",
                                     "Archer's Brigade,,,,,1,infantry,1,4,4", 1), ==, 1);
  g_assert_cmpint (g_string_replace (edited, "side,csa,,,Confederate,", "side,csa,,,\"Confederate States, Army of the Potomac\",", 1), ==, 1);
  g_string_append (edited, "unit,csa-cav,csa,,\"Stuart's \"\"Black Horse\"\"\nCavalry\",,,,,STAR,Cavalry,1,4,2,,yes,,column,hex 1001,\" leading space\"\r\n");

  g_assert_true (mu_oob_csv_import (h, edited->str, edited->len, "oob.csv", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Import Order of Battle");
  c = mu_scenario_find_counter (s, "csa-1-1");
  g_assert_cmpint (mu_counter_get_int (c, "attack"), ==, 4);
  g_assert_nonnull (c->note);
  c = mu_scenario_find_counter (s, "csa-cav");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->name, ==, "Stuart's \"Black Horse\"\nCavalry");
  g_assert_cmpstr (c->note, ==, " leading space");
  g_assert_cmpint (c->arm, ==, MU_ARM_CAVALRY);
  g_assert_true (mu_counter_get_flag (c, "fatigued"));
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_COLUMN);
  g_assert_cmpint (c->place.hex.col, ==, 10);
  g_assert_cmpstr (mu_scenario_find_side (s, "csa")->name, ==, "Confederate States, Army of the Potomac");

  /* what was imported exports as it was written (quoting included) */
  {
    g_autofree char *again = mu_oob_csv_export (s, NULL);
    g_autoptr(MuEditHistory) h2 = mu_edit_history_new (mu_scenario_copy (s));
    g_autofree char *third = NULL;

    g_assert_nonnull (strstr (again, "\"Stuart's \"\"Black Horse\"\"\nCavalry\""));
    g_assert_true (mu_oob_csv_import (h2, again, strlen (again), NULL, NULL, &error));
    third = mu_oob_csv_export (mu_edit_history_get_scenario (h2), NULL);
    g_assert_cmpstr (again, ==, third);
  }

  /* the result is a valid scenario */
  {
    g_autoptr(GPtrArray) problems = mu_problem_list_new ();

    mu_scenario_check (s, problems);
    g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  }

  after = mu_scenario_copy (s);
  g_assert_true (mu_edit_history_undo (h));
  assert_same (before, s);
  {
    gsize len = 0;
    g_autofree char *saved = mu_scenario_save_to_data (s, &len);

    g_assert_cmpmem (saved_before, before_len, saved, len);
  }
  g_assert_true (mu_edit_history_redo (h));
  assert_same (after, s);
}

static const struct {
  const char *name;
  const char *csv;        /* appended to the template's export, or whole when starting with '!' */
  const char *message;    /* one expected problem */
} bad[] = {
  { "attack", "unit,x1,csa,csa-1,X,,,,,1,infantry,1,7,4,,,,line,,\r\n",
    "oob.csv:12: error: Attack must be 2 to 6, not 7" },
  { "leadership", "command,x1,csa,,X,0,,,2,,,,,,,,,line,,\r\n",
    "oob.csv:12: error: Leadership must be 1 to 6, not 0" },
  { "side", "unit,x1,cssa,,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: side “cssa” of “x1” is not a side (the sides are usa, csa)" },
  { "parent", "unit,x1,csa,nobody,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: parent “nobody” of “x1” is not a counter of the file" },
  { "parent-kind", "unit,x1,csa,csa-1-1,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: “csa-1-1” is a unit counter; a unit serves under a command counter" },
  { "identity", "unit,x1,csa,csa-1,X,,,,,2,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: identity 2 of “x1” does not match division 1 of its parent “csa-1”" },
  { "duplicate", "unit,csa-1-1,csa,,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: id “csa-1-1” is used twice" },
  { "number", "unit,x1,csa,,X,,,,,STAR,infantry,one,4,4,,,,line,,\r\n",
    "oob.csv:12: error: range “one” is not a whole number" },
  { "arm", "unit,x1,csa,,X,,,,,STAR,dragoons,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: arm “dragoons” should be infantry, cavalry, artillery or riverboat" },
  { "placement", "unit,x1,csa,,X,,,,,STAR,infantry,1,4,4,,,,line,hex 9999,\r\n",
    "oob.csv:12: error: placement “hex 9999”: hex 9999 is not on the board" },
  { "reserve", "unit,x1,csa,,X,,,,,STAR,infantry,1,4,4,,,,line,reserve usa-reserve,\r\n",
    "oob.csv:12: error: placement “reserve usa-reserve”: reserve “usa-reserve” belongs to side usa" },
  { "quote", "unit,x1,csa,,X \"the\" Y,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: a quote inside an unquoted field" },
  { "unclosed", "unit,x1,csa,,\"X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: a quoted field is never closed" },
  { "fields", "unit,x1,csa,,X,,,,,STAR,infantry,1,4,4\r\n",
    "oob.csv:12: error: this row has 14 fields and the header row 20" },
  { "kind", "brigade,x1,csa,,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: kind “brigade” should be side, control, command or unit" },
  { "header", "!kind,id,strenght\r\n",
    "oob.csv:1: error: unknown column “strenght” in the header row" },
  { "id", "unit,_1st,csa,,X,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: The id “_1st” is not valid: an id starts with a letter or digit" },
  { "nul", "unit,x1,csa,,X{NUL}Y,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: a NUL byte: the file is not CSV text" },
  { "latin1", "unit,x1,csa,,Fran\xe7ois,,,,,STAR,infantry,1,4,4,,,,line,,\r\n",
    "oob.csv:12: error: the file is not UTF-8 text" },
  /* lines count physical lines: a quoted line break moves the next record down */
  { "lines", "unit,x1,csa,,\"two\nlines\",,,,,STAR,infantry,1,4,4,,,,line,,\r\n"
             "unit,x2,csa,,X,,,,,STAR,infantry,1,9,4,,,,line,,\r\n",
    "oob.csv:14: error: Attack must be 2 to 6, not 9" },
};

static void
test_bad (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(MuScenario) before = mu_scenario_copy (s);
  g_autofree char *csv = mu_oob_csv_export (s, NULL);
  g_autofree char *text = bad[i].csv[0] == '!' ? g_strdup (bad[i].csv + 1)
                                               : g_strconcat (csv, bad[i].csv, NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  gsize length = strlen (text);
  char *nul = strstr (text, "{NUL}");

  /* {NUL} stands for a NUL byte, which a C string cannot hold. */
  if (nul != NULL)
    {
      *nul = '\0';
      memmove (nul + 1, nul + 5, strlen (nul + 5) + 1);
      length -= 4;
    }
  g_assert_false (mu_oob_csv_import (h, text, length, "oob.csv", problems, &error));
  g_assert_true (g_error_matches (error, MU_ERROR, MU_ERROR_INVALID) ||
                 g_error_matches (error, MU_ERROR, MU_ERROR_PARSE));
  g_assert_nonnull (strstr (error->message, "nothing was imported"));
  for (guint j = 0; j < problems->len; j++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));

      if (g_str_has_prefix (line, bad[i].message))
        found = TRUE;
      else
        g_test_message ("other problem: %s", line);
    }
  if (!found)
    {
      for (guint j = 0; j < problems->len; j++)
        g_printerr ("%s\n", mu_problem_to_string (g_ptr_array_index (problems, j)));
      g_error ("expected “%s”", bad[i].message);
    }
  /* never half-applied */
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 0);
  assert_same (before, s);
}

/* Leaving out the side rows keeps the scenario's sides; dropping a side that
 * objectives or reserves use is refused as a whole. */
static void
test_sides (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  const char *no_sides =
    "kind,id,side,name,leadership,division\r\n"
    "command,usa-1,usa,1st Division,3,1\r\n";
  const char *one_side =
    "kind,id,name,colour\r\n"
    "side,csa,Confederate,#8c8c8c\r\n";

  g_assert_true (mu_oob_csv_import (h, no_sides, strlen (no_sides), "a.csv", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s->sides->len, ==, 2);
  g_assert_cmpuint (s->counters->len, ==, 1);
  g_assert_true (mu_edit_history_undo (h));

  g_assert_false (mu_oob_csv_import (h, one_side, strlen (one_side), "b.csv", problems, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "usa"));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpuint (s->sides->len, ==, 2);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 0);
}

/* BAA-CMD-10, BAA-AMB-54: an army without command counters imports with its
 * brigades directly under the control counter (a STAR one and a numbered
 * one); on a side with command counters a unit under a control counter is
 * still refused. */
static void
test_direct_army (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  const char *direct =
    "kind,id,side,parent,name,leadership,identity,arm,range,attack,strength\r\n"
    "control,c,csa,,Beauregard,4,,,,,\r\n"
    "unit,b1,csa,c,Bee,,1,infantry,1,4,4\r\n"
    "unit,b2,csa,c,Evans,,STAR,infantry,1,4,3\r\n";
  const char *mixed =
    "kind,id,side,parent,name,leadership,division,identity,arm,range,attack,strength\r\n"
    "control,c,csa,,Beauregard,4,,,,,,\r\n"
    "command,d,csa,c,Bonham,3,1,,,,,\r\n"
    "unit,b1,csa,c,Bee,,,1,infantry,1,4,4\r\n";

  g_assert_true (mu_oob_csv_import (h, direct, strlen (direct), "direct.csv", problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (mu_scenario_find_counter (s, "b1")->parent, ==, "c");
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (s, "b1"), "identity"), ==, 1);
  /* the editor numbers such a unit freely; it stays under its control counter */
  g_assert_true (mu_edit_set_counter_number (h, "b2", "identity", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mu_scenario_find_counter (s, "b2")->parent, ==, "c");
  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_undo (h));

  g_assert_false (mu_oob_csv_import (h, mixed, strlen (mixed), "mixed.csv", problems, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (((MuProblem *) g_ptr_array_index (problems, 0))->message,
                            "a unit serves under a command counter"));
}

/* Tables: positions and facing survive the round trip. */
static void
test_table (void)
{
  g_autoptr(MuEditHistory) h =
    mu_edit_history_new (mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm"));
  g_autofree char *side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  g_autofree char *first = NULL, *second = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (mu_edit_place_counter_table (h, unit, (MuPoint) { 12.5, 0.1 }, 270.25, NULL));
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_nonnull (strstr (first, ",table 12.5 0.1 270.25,"));
  g_assert_true (mu_edit_place_counter_table (h, unit, (MuPoint) { 1, 1 }, 0, NULL));
  g_assert_true (mu_oob_csv_import (h, first, strlen (first), NULL, NULL, &error));
  g_assert_no_error (error);
  second = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_cmpstr (first, ==, second);
}

/* A number a ruleset declares as a counter attribute has its column, named
 * by its id, whatever the ruleset: here a tabletop ruleset like baa-table
 * that also gives its units a morale; the import sets it from the cell. */
static void
test_declared_number (void)
{
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  static MuRuleset ruleset;
  MuFieldInfo *fields = g_new0 (MuFieldInfo, table->n_fields + 1);
  g_autoptr(MuEditHistory) h = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *side = NULL, *unit = NULL, *first = NULL, *edited = NULL, *second = NULL;
  const MuCounter *c;

  memcpy (fields, table->fields, table->n_fields * sizeof *fields);
  fields[table->n_fields] = (MuFieldInfo) { "morale", "Morale", NULL, MU_FIELD_INT, 1, 9,
                                            MU_FIELD_OF (MU_COUNTER_UNIT), NULL, -1,
                                            .attribute = TRUE, .initial = 3 };
  ruleset = *table;
  ruleset.id = "test-declared-number";
  ruleset.fields = fields;
  ruleset.n_fields = table->n_fields + 1;
  mu_ruleset_register (&ruleset);

  h = mu_edit_history_new (mu_scenario_new_table (ruleset.id, 72, 48, MU_UNIT_INCH, "15mm"));
  side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_true (g_str_has_prefix (first, "kind,id,side,parent,name,leadership,star,exceptional,"
                                   "division,identity,arm,range,attack,strength,abilities,"
                                   "fatigued,colour,formation,placement,note,morale\r\n"));
  g_assert_true (g_str_has_suffix (first, ",3\r\n"));

  edited = replace_once (first, ",3\r\n", ",5\r\n");
  g_assert_true (mu_oob_csv_import (h, edited, strlen (edited), "oob.csv", problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_cmpint (mu_counter_get_int (c, "morale"), ==, 5);
  second = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_cmpstr (second, ==, edited);
}

/* Where a number's column stands is the declaration's (csv_column): a
 * ruleset like baa-table that puts a morale sixth, its other numbers one
 * place further, and gives its attack no place, so that attack goes among
 * its own columns after the sheet's; the import reads the columns where
 * they are and says the declared reason of a morale out of range. */
static void
test_declared_column_order (void)
{
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  static MuRuleset ruleset;
  MuFieldInfo *fields = g_new0 (MuFieldInfo, table->n_fields + 1);
  g_autoptr(MuEditHistory) h = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *side = NULL, *unit = NULL, *first = NULL, *edited = NULL, *out_of_range = NULL;
  const MuCounter *c;

  memcpy (fields, table->fields, table->n_fields * sizeof *fields);
  for (guint i = 0; i < table->n_fields; i++)
    if (strcmp (fields[i].id, "attack") == 0)
      fields[i].csv_column = 0;
    else if (fields[i].csv_column > 0)
      fields[i].csv_column++;
  fields[table->n_fields] = (MuFieldInfo) { "morale", "Morale", "TEST-1", MU_FIELD_INT, 1, 6,
                                            MU_FIELD_OF (MU_COUNTER_UNIT), NULL, -1,
                                            .attribute = TRUE, .initial = 3, .csv_column = 6,
                                            .range_reason = "it is a die's score (TEST-1)" };
  ruleset = *table;
  ruleset.id = "test-declared-column-order";
  ruleset.fields = fields;
  ruleset.n_fields = table->n_fields + 1;
  mu_ruleset_register (&ruleset);

  h = mu_edit_history_new (mu_scenario_new_table (ruleset.id, 72, 48, MU_UNIT_INCH, "15mm"));
  side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_true (g_str_has_prefix (first, "kind,id,side,parent,name,morale,leadership,star,exceptional,"
                                   "division,identity,arm,range,strength,abilities,"
                                   "fatigued,colour,formation,placement,note,attack\r\n"));
  /* the unit's row: morale 3 sixth, its attack (4) last */
  g_assert_nonnull (strstr (first, "\r\nunit,usa-unit1,usa,,New Brigade,3,,,,,STAR,infantry,1,3,"));
  g_assert_true (g_str_has_suffix (first, ",4\r\n"));

  edited = replace_once (first, ",New Brigade,3,", ",New Brigade,5,");
  g_assert_true (mu_oob_csv_import (h, edited, strlen (edited), "oob.csv", problems, &error));
  g_assert_no_error (error);
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_cmpint (mu_counter_get_int (c, "morale"), ==, 5);
  g_assert_cmpint (mu_counter_get_int (c, "attack"), ==, 4);

  out_of_range = replace_once (first, ",New Brigade,3,", ",New Brigade,9,");
  g_assert_false (mu_oob_csv_import (h, out_of_range, strlen (out_of_range), "oob.csv", problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (((MuProblem *) g_ptr_array_index (problems, 0))->message, ==,
                   "Morale must be 1 to 6, not 9: it is a die's score (TEST-1)");
}

/* A number column is the ruleset's declaration of that number: its range
 * and its word for 0 too. Here a ruleset like baa-table whose range may
 * be 0, written "none": the sheet says NONE, as it says STAR for a unit of
 * no division, and reads it back as 0. */
static void
test_declared_zero_word (void)
{
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  static MuRuleset ruleset;
  MuFieldInfo *fields = g_memdup2 (table->fields, table->n_fields * sizeof *fields);
  g_autoptr(MuEditHistory) h = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *side = NULL, *unit = NULL, *first = NULL, *second = NULL;
  MuScenario *s;

  for (guint i = 0; i < table->n_fields; i++)
    if (strcmp (fields[i].id, "range") == 0)
      {
        fields[i].min = 0;
        fields[i].zero_word = "none";
      }
  ruleset = *table;
  ruleset.id = "test-declared-zero-word";
  ruleset.fields = fields;
  mu_ruleset_register (&ruleset);

  s = mu_scenario_new_table (ruleset.id, 72, 48, MU_UNIT_INCH, "15mm");
  h = mu_edit_history_new (s);
  side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  g_assert_true (mu_edit_set_counter_value (h, unit, "range", "0", &error));
  g_assert_no_error (error);
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_nonnull (strstr (first, ",infantry,NONE,"));

  g_assert_true (mu_edit_set_counter_value (h, unit, "range", "2", &error));
  g_assert_true (mu_oob_csv_import (h, first, strlen (first), "oob.csv", problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpint (mu_counter_get_int (mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit),
                                       "range"), ==, 0);
  second = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_cmpstr (second, ==, first);
}

/* baa-table's formation has one source: the `formation` column is the
 * formation the unit's stands take (its declared value over the older
 * attribute), and importing it sets that value, the attribute following;
 * a formation the ruleset does not declare is refused on its row. */
static void
test_table_formation (void)
{
  g_autoptr(MuEditHistory) h =
    mu_edit_history_new (mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm"));
  g_autofree char *side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  const MuRuleset *ruleset = mu_ruleset_find ("baa-table");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL, *edited = NULL, *limbered = NULL;
  g_autofree char *line = NULL;
  MuCounter *c;

  g_assert_true (mu_edit_place_counter_table (h, unit, (MuPoint) { 12, 10 }, 0, NULL));
  /* as a file says it: <value field="formation">double-line</value> beside
   * the attribute formation="line" */
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  mu_values_set (&c->values, "formation", "double-line");
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_nonnull (strstr (first, ",double-line,table 12 10 0,"));
  g_assert_null (strstr (first, ",formation\r\n"));   /* one formation column */

  edited = replace_once (first, ",double-line,", ",column,");
  g_assert_true (mu_oob_csv_import (h, edited, strlen (edited), "oob.csv", problems, &error));
  g_assert_no_error (error);
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "column");
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_COLUMN);
  g_assert_cmpstr (mu_counter_formation (ruleset, c), ==, "column");
  second = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_cmpstr (second, ==, edited);

  limbered = replace_once (first, ",double-line,", ",limbered,");
  g_assert_false (mu_oob_csv_import (h, limbered, strlen (limbered), "oob.csv", problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  line = mu_problem_to_string (g_ptr_array_index (problems, 0));
  g_assert_cmpstr (line, ==, "oob.csv:3: error: formation “limbered” should be one of line, double-line, column");
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "column");
}

/* An older file's unit says formation="limbered" only: its column is the
 * formation it stands in (column), and importing the sheet unchanged keeps
 * the file as it was. */
static void
test_table_formation_older (void)
{
  g_autoptr(MuEditHistory) h =
    mu_edit_history_new (mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm"));
  g_autofree char *side = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) before = NULL;
  g_autofree char *first = NULL;
  MuCounter *c;

  g_assert_true (mu_edit_place_counter_table (h, unit, (MuPoint) { 12, 10 }, 0, NULL));
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  c->place.formation = MU_FORMATION_LIMBERED;
  before = mu_scenario_copy (mu_edit_history_get_scenario (h));
  first = mu_oob_csv_export (mu_edit_history_get_scenario (h), NULL);
  g_assert_nonnull (strstr (first, ",column,table 12 10 0,"));
  g_assert_true (mu_oob_csv_import (h, first, strlen (first), "oob.csv", NULL, &error));
  g_assert_no_error (error);
  assert_same (before, mu_edit_history_get_scenario (h));
}

/* muster-cli oob export, then import of the unchanged CSV: the same scenario. */
static void
test_cli (void)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *dir = g_dir_make_tmp ("muster-oob-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "oob.csv", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *scenario = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                                "template.muster", NULL);
  g_autofree char *out = NULL, *err = NULL, *csv = NULL, *expected = NULL;
  g_autoptr(MuScenario) s = load_template ();
  g_autoptr(GError) error = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  {
    const char *argv[] = { cli, "oob", "export", scenario, "-o", csv_path, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, &err, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  expected = mu_oob_csv_export (s, NULL);
  g_assert_cmpstr (csv, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "oob", "import", scenario, csv_path, "-o", "-", NULL };
    gsize len;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &status, &error));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    expected = mu_scenario_save_to_data (s, &len);
    g_assert_cmpstr (out, ==, expected);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "oob", "import", scenario, bad_path, "-o", "-", NULL };
    g_autofree char *broken = g_strconcat (csv, "unit,x1,csa,csa-1,X,,,,,1,infantry,1,7,4,,,,line,,\r\n", NULL);

    g_assert_true (g_file_set_contents (bad_path, broken, -1, NULL));
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &status, &error));
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_cmpstr (out, ==, "");
    g_assert_nonnull (strstr (err, "bad.csv:12: error: Attack must be 2 to 6, not 7"));
  }
  g_unlink (csv_path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* A value the scenario format cannot hold (an 11 MB name; 2.1 million
 * ampersands, each written as "&amp;") is refused on import and by the
 * editor, and nothing changes: the import wrote a scenario that no longer
 * opened ("an attribute value is longer than 10,000,000 characters"). */
static void
test_too_long_values (void)
{
  g_autoptr(MuEditHistory) h = mu_edit_history_new (load_template ());
  g_autoptr(MuScenario) before = mu_scenario_copy (mu_edit_history_get_scenario (h));
  g_autofree char *csv = NULL;
  g_autofree char *plain = g_strnfill (11000000, 'N');
  g_autofree char *amps = g_strnfill (2100000, '&');
  g_autofree char *fits = g_strnfill (100000, '&');
  gsize n;
  const char *names[] = { plain, amps };

  csv = mu_oob_csv_export (mu_edit_history_get_scenario (h), &n);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *with = NULL;
      const char *at = strstr (csv, "Battery A");
      g_autofree char *line = NULL;

      g_assert_nonnull (at);
      with = g_strdup_printf ("%.*s%s%s", (int) (at - csv), csv, names[i], at + strlen ("Battery A"));
      g_assert_false (mu_oob_csv_import (h, with, strlen (with), "oob.csv", problems, &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      g_assert_cmpuint (problems->len, >=, 1);
      line = mu_problem_to_string (g_ptr_array_index (problems, 0));
      g_assert_nonnull (strstr (line, "oob.csv:9: error: the value of column “name” is too long"));
      assert_same (before, mu_edit_history_get_scenario (h));

      g_clear_error (&error);
      g_assert_false (mu_edit_set_counter_name (h, "usa-bty", names[i], &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (mu_edit_set_description (h, names[i], &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (mu_edit_set_side_name (h, "usa", names[i], &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      assert_same (before, mu_edit_history_get_scenario (h));
      g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 0);
    }
  /* what fits is taken */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (mu_edit_set_counter_name (h, "usa-bty", fits, &error));
    g_assert_no_error (error);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/oob-csv/round-trip", test_round_trip);
  g_test_add_func ("/engine/oob-csv/shipped-round-trip", test_shipped_round_trip);
  g_test_add_func ("/engine/oob-csv/ruleset-fields", test_ruleset_fields);
  g_test_add_func ("/engine/oob-csv/formula-guard", test_formula_guard);
  g_test_add_func ("/engine/oob-csv/many-errors", test_many_errors);
  g_test_add_func ("/engine/oob-csv/too-long-values", test_too_long_values);
  g_test_add_func ("/engine/oob-csv/import-step", test_import_step);
  g_test_add_func ("/engine/oob-csv/unplaced-summary", test_unplaced_summary);
  g_test_add_func ("/engine/oob-csv/sides", test_sides);
  g_test_add_func ("/engine/oob-csv/direct-army/BAA-CMD-10/BAA-AMB-54", test_direct_army);
  g_test_add_func ("/engine/oob-csv/table", test_table);
  g_test_add_func ("/engine/oob-csv/declared-number", test_declared_number);
  g_test_add_func ("/engine/oob-csv/declared-zero-word", test_declared_zero_word);
  g_test_add_func ("/engine/oob-csv/declared-column-order", test_declared_column_order);
  g_test_add_func ("/engine/oob-csv/table-formation/TAB-6", test_table_formation);
  g_test_add_func ("/engine/oob-csv/table-formation-older", test_table_formation_older);
  g_test_add_func ("/engine/oob-csv/cli", test_cli);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/oob-csv/bad/%s", bad[i].name);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_bad);
    }
  return g_test_run ();
}
