/* test-pieces.c: a ruleset's declared pieces in the scenario model
 *
 * A ruleset of the test's own, added to the registry, declares what no
 * shipped ruleset has: a decimal field with a step, a choice, a switch, a
 * line of text, a reference to another counter, an arm "foot-artillery"
 * and a formation "square". A scenario of it loads, saves byte for byte,
 * passes the checker and goes through the CSV export and import; a value
 * outside its declaration gives FILE:LINE: error: naming what is allowed.
 * Brothers at Arms' switches and numbers are its declarations too, read
 * and written as format 1 has them.
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-oob-csv.h"
#include "mu-problem.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "mu-table-layout.h"

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define LEADERS (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))

static const char *const drills[] = { "green", "trained", "veteran", NULL };

static const MuFieldInfo test_fields[] = {
  /* a decimal in quarter inches */
  { "reach", "Reach", NULL, MU_FIELD_NUMBER, 0.5, 12, UNIT, NULL, -1, 0.25 },
  { "drill", "Drill", NULL, MU_FIELD_ENUM, 0, 0, UNIT, drills, -1 },
  { "guard", "Guard", NULL, MU_FIELD_FLAG, 0, 0, UNIT, NULL, -1 },
  { "motto", "Motto", NULL, MU_FIELD_TEXT, 0, 0, UNIT, NULL, -1 },
  { "leader", "Leader", NULL, MU_FIELD_COUNTER, 0, 0, UNIT, NULL, -1, 0, LEADERS },
  /* a whole number that goes in twos */
  { "files", "Files", NULL, MU_FIELD_INT, 2, 8, UNIT, NULL, -1, 2 },
};

static const MuArmInfo test_arms[] = {
  { "infantry", "Infantry", NULL, MU_ARM_INFANTRY },
  { "cavalry", "Cavalry", NULL, MU_ARM_CAVALRY },
  { "foot-artillery", "Foot artillery", NULL, MU_ARM_ARTILLERY },
};

static const MuFormationShape test_formations[] = {
  { "line", 0, 0.0, 1, .name = "Line" },
  { "column", 1, 0.0, 0, .name = "Column" },
  { "square", 2, 0.0, 0, .name = "Square" },
};

static const MuRuleset test_ruleset = {
  .id = "test-pieces",
  .name = "Declared pieces (test)",
  .board = MU_BOARD_HEX,
  .fields = test_fields,
  .n_fields = G_N_ELEMENTS (test_fields),
  .formations = test_formations,
  .n_formations = G_N_ELEMENTS (test_formations),
  .arms = test_arms,
  .n_arms = G_N_ELEMENTS (test_arms),
};

/* As the writer writes it, so that a load and a save give these bytes. */
static const char scenario_text[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"test-pieces\">\n"
  "  <title>Declared pieces</title>\n"
  "  <timeline bounds=\"4\" first-bound=\"1\" start=\"09:00\" minutes-per-bound=\"60\" dawn=\"05:00\" dusk=\"19:00\" days=\"1\"/>\n"
  "  <hex-map cols=\"4\" rows=\"4\" orientation=\"flat\" offset=\"even\" hex-size-mm=\"16\">\n"
  "    <terrain default=\"open\">\n"
  "      <row n=\"1\">open*4</row>\n"
  "      <row n=\"2\">open*4</row>\n"
  "      <row n=\"3\">open*4</row>\n"
  "      <row n=\"4\">open*4</row>\n"
  "    </terrain>\n"
  "  </hex-map>\n"
  "  <side id=\"usa\" name=\"Union\" colour=\"#3b5998\"/>\n"
  "  <side id=\"csa\" name=\"Confederate\" colour=\"#8b8b83\"/>\n"
  "  <control id=\"usa-army\" side=\"usa\" name=\"Army\" at=\"0101\"/>\n"
  "  <unit id=\"usa-bty\" side=\"usa\" name=\"Battery\" parent=\"usa-army\" at=\"0102\" arm=\"foot-artillery\">\n"
  "    <value field=\"reach\">2.25</value>\n"
  "    <value field=\"drill\">veteran</value>\n"
  "    <value field=\"guard\">true</value>\n"
  "    <value field=\"motto\">Steady, boys</value>\n"
  "    <value field=\"leader\">usa-army</value>\n"
  "    <value field=\"files\">4</value>\n"
  "  </unit>\n"
  "  <unit id=\"csa-1\" side=\"csa\" name=\"Regiment\" at=\"0304\" formation=\"square\" arm=\"infantry\"/>\n"
  "</scenario>\n";

static MuScenario *
load (const char *text,
      GPtrArray  *problems)
{
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_data (text, strlen (text), "pieces.muster", problems, &error);

  return s;
}

static char *
problems_text (GPtrArray *problems)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_string_append_printf (out, "%s\n", line);
    }
  return g_string_free (out, FALSE);
}

/* The declared words load into the model, the checker accepts them, and the
 * file saves byte for byte as it was. */
static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = load (scenario_text, problems);
  g_autofree char *text = problems_text (problems);
  g_autofree char *out = NULL;
  const MuCounter *bty, *reg;
  gsize len = 0;

  g_test_message ("%s", text);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);

  bty = mu_scenario_find_counter (s, "usa-bty");
  reg = mu_scenario_find_counter (s, "csa-1");
  /* the declared arm, based as the declaration says */
  g_assert_cmpstr (mu_counter_arm_word (bty), ==, "foot-artillery");
  g_assert_true (bty->arm == MU_ARM_ARTILLERY);
  g_assert_cmpstr (mu_counter_arm (&test_ruleset, bty)->name, ==, "Foot artillery");
  /* the declared formation, laid out by its shape */
  g_assert_cmpstr (mu_counter_formation_word (reg), ==, "square");
  g_assert_cmpstr (mu_counter_formation (&test_ruleset, reg), ==, "square");
  g_assert_cmpstr (mu_ruleset_formation_name (&test_ruleset, "square"), ==, "Square");

  out = mu_scenario_save_to_data (s, &len);
  g_assert_cmpstr (out, ==, scenario_text);
}

/* Each kind of declared value refused out of its declaration, on its line,
 * naming what is allowed. */
static void
test_bad_values (void)
{
  static const struct {
    const char *from, *to, *expected;
  } cases[] = {
    { ">2.25<", ">12.5<", "pieces.muster:17: error: unit “usa-bty”: reach 12.5 is out of range (0.50 to 12.00 in steps of 0.25)" },
    { ">2.25<", ">2.3<", "pieces.muster:17: error: unit “usa-bty”: reach 2.3 is out of range (0.50 to 12.00 in steps of 0.25)" },
    { ">2.25<", ">far<", "pieces.muster:17: error: unit “usa-bty”: reach “far” is not a number (0.50 to 12.00 in steps of 0.25)" },
    { ">veteran<", ">elite<", "pieces.muster:18: error: unit “usa-bty”: drill “elite” is not allowed (one of green, trained, veteran)" },
    { ">true<", ">yes<", "pieces.muster:19: error: unit “usa-bty”: guard “yes” is not allowed (true or false)" },
    { ">usa-army<", ">csa-1<", "pieces.muster:21: error: unit “usa-bty”: leader “csa-1” is a unit counter, which it may not name" },
    { ">usa-army<", ">nobody<", "pieces.muster:21: error: unit “usa-bty”: leader “nobody” is not a counter of this scenario" },
    { ">4<", ">5<", "pieces.muster:22: error: unit “usa-bty”: files 5 is out of range (2 to 8 in steps of 2)" },
    { "arm=\"foot-artillery\"", "arm=\"horse-artillery\"",
      "pieces.muster:16: error: unit “usa-bty”: arm “horse-artillery” is not allowed (one of infantry, cavalry, foot-artillery)" },
    { "formation=\"square\"", "formation=\"wedge\"",
      "pieces.muster:24: error: unit “csa-1”: formation “wedge” is not allowed (one of line, column, skirmish, limbered, square)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GString) text = g_string_new (scenario_text);
      g_autoptr(MuScenario) s = NULL;
      g_autofree char *got = NULL;

      g_assert_cmpuint (g_string_replace (text, cases[i].from, cases[i].to, 1), ==, 1);
      s = load (text->str, problems);
      got = problems_text (problems);
      g_test_message ("%s", got);
      if (strstr (got, cases[i].expected) == NULL)
        g_error ("expected “%s” in:\n%s", cases[i].expected, got);
    }
}

/* A ruleset that declares no such arm or formation (baa-hex) refuses them. */
static void
test_undeclared (void)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GString) text = g_string_new (scenario_text);
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *got = NULL;

  g_string_replace (text, "ruleset=\"test-pieces\"", "ruleset=\"baa-hex\"", 1);
  s = load (text->str, problems);
  got = problems_text (problems);
  g_test_message ("%s", got);
  g_assert_nonnull (strstr (got, "pieces.muster:16: error: unit “usa-bty”: arm “foot-artillery” is not "
                                 "allowed (one of infantry, cavalry, artillery, riverboat)"));
  g_assert_nonnull (strstr (got, "pieces.muster:24: error: unit “csa-1”: formation “square” is not "
                                 "allowed (one of line, column, skirmish, limbered)"));
}

/* The CSV export carries the declared words and values, and its import
 * gives the same order of battle back; a word the ruleset does not
 * declare is refused on its row. */
static void
test_csv (void)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *s = load (scenario_text, problems);    /* the history's */
  g_autoptr(MuEditHistory) history = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL, *again = NULL, *saved = NULL;
  g_autoptr(GString) bad = NULL;
  g_autoptr(MuScenario) parsed = NULL;
  gsize len = 0, len2 = 0;

  g_assert_nonnull (s);
  csv = mu_oob_csv_export (s, &len);
  g_test_message ("%s", csv);
  g_assert_nonnull (strstr (csv, "foot-artillery"));
  g_assert_nonnull (strstr (csv, "square"));
  g_assert_nonnull (strstr (csv, "2.25"));

  history = mu_edit_history_new (s);
  g_assert_true (mu_oob_csv_import (history, csv, len, "oob.csv", problems, &error));
  g_assert_no_error (error);
  again = mu_oob_csv_export (s, &len2);
  g_assert_cmpstr (again, ==, csv);
  saved = mu_scenario_save_to_data (s, NULL);
  g_assert_cmpstr (saved, ==, scenario_text);

  bad = g_string_new (csv);
  g_assert_cmpuint (g_string_replace (bad, "foot-artillery", "rocket-battery", 1), ==, 1);
  parsed = mu_oob_csv_parse (s, bad->str, bad->len, "oob.csv", problems, &error);
  g_assert_null (parsed);
  {
    g_autofree char *got = problems_text (problems);

    g_test_message ("%s", got);
    g_assert_nonnull (strstr (got, "error: arm “rocket-battery” should be infantry, cavalry or foot-artillery"));
  }
}

/* The editor sets a unit's arm to one its ruleset declares, undoably, and
 * refuses any other naming the allowed ones. */
static void
test_edit_arm (void)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *s = load (scenario_text, problems);    /* the history's */
  g_autoptr(MuEditHistory) history = mu_edit_history_new (s);
  g_autoptr(GError) error = NULL;
  const MuCounter *reg = mu_scenario_find_counter (s, "csa-1");

  g_assert_true (mu_edit_set_counter_arm (history, "csa-1", "foot-artillery", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mu_counter_arm_word (reg), ==, "foot-artillery");
  g_assert_true (reg->arm == MU_ARM_ARTILLERY);
  g_assert_true (mu_edit_history_undo (history));
  reg = mu_scenario_find_counter (mu_edit_history_get_scenario (history), "csa-1");
  g_assert_cmpstr (mu_counter_arm_word (reg), ==, "infantry");
  g_assert_null (reg->arm_word);

  g_assert_false (mu_edit_set_counter_arm (history, "csa-1", "artillery", &error));
  g_assert_cmpstr (error->message, ==, "arm “artillery” is not allowed (one of infantry, cavalry, foot-artillery)");
}

/* Brothers at Arms' switches (star, exceptional, fatigued) and a unit's
 * special abilities are baa's declarations, held as the counter's values
 * like any ruleset's, and written where format 1 has them, as attributes
 * when they are on. */
static const char baa_text[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"baa-hex\">\n"
  "  <title>Switches</title>\n"
  "  <timeline bounds=\"4\" first-bound=\"1\" start=\"09:00\" minutes-per-bound=\"60\" dawn=\"05:00\" dusk=\"19:00\" days=\"1\"/>\n"
  "  <hex-map cols=\"4\" rows=\"4\" orientation=\"flat\" offset=\"even\" hex-size-mm=\"16\">\n"
  "    <terrain default=\"open\">\n"
  "      <row n=\"1\">open*4</row>\n"
  "      <row n=\"2\">open*4</row>\n"
  "      <row n=\"3\">open*4</row>\n"
  "      <row n=\"4\">open*4</row>\n"
  "    </terrain>\n"
  "  </hex-map>\n"
  "  <side id=\"usa\" name=\"Union\" colour=\"#3b5998\"/>\n"
  "  <side id=\"csa\" name=\"Confederate\" colour=\"#8b8b83\"/>\n"
  "  <control id=\"usa-army\" side=\"usa\" name=\"Army\" at=\"0101\" leadership=\"2\" star=\"true\"/>\n"
  "  <command id=\"usa-div\" side=\"usa\" name=\"Division\" parent=\"usa-army\" at=\"0102\" division=\"1\" leadership=\"3\" exceptional=\"true\"/>\n"
  "  <unit id=\"usa-1\" side=\"usa\" name=\"Regiment\" parent=\"usa-div\" at=\"0103\" identity=\"1\" arm=\"infantry\" range=\"2\" attack=\"4\" strength=\"3\" abilities=\"indomitable\" fatigued=\"true\"/>\n"
  "  <unit id=\"usa-2\" side=\"usa\" name=\"Regiment\" parent=\"usa-div\" at=\"0203\" identity=\"1\" arm=\"infantry\" range=\"2\" attack=\"4\" strength=\"3\"/>\n"
  "</scenario>\n";

static void
test_baa_flags (void)
{
  static const struct { const char *field, *counter; } flags[] = {
    { "star", "usa-army" }, { "exceptional", "usa-div" }, { "fatigued", "usa-1" },
  };
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = load (baa_text, problems);
  g_autofree char *text = problems_text (problems);
  g_autofree char *out = NULL;
  gsize len = 0;

  g_test_message ("%s", text);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      const char *rulesets[] = { "baa-hex", "baa-table" };
      MuCounter *c = mu_scenario_find_counter (s, flags[i].counter);
      MuCounter *other = mu_scenario_find_counter (s, "usa-2");
      const MuFieldInfo *f = NULL;
      g_autofree char *on = NULL, *off = NULL;

      for (guint k = 0; k < G_N_ELEMENTS (rulesets); k++)
        {
          f = mu_ruleset_find_field (mu_ruleset_find (rulesets[k]), flags[i].field);
          g_assert_nonnull (f);
          g_assert_cmpint (f->type, ==, MU_FIELD_FLAG);
          g_assert_true (mu_field_applies (f, c->kind));
          g_assert_true (mu_field_is_attribute (f));
        }
      on = mu_counter_get_field (c, f);
      g_assert_cmpstr (on, ==, "true");
      if (mu_field_applies (f, other->kind))
        {
          off = mu_counter_get_field (other, f);
          g_assert_null (off);
        }
    }

  out = mu_scenario_save_to_data (s, &len);
  g_assert_cmpstr (out, ==, baa_text);

  /* the face's marks come from the declarations, by picture, and so do
   * the tooltip's words */
  {
    static const struct { const char *counter, *marks, *tags; } faces[] = {
      { "usa-army", "star", "★" }, { "usa-div", "cross", "X" }, { "usa-1", "shield", "indomitable" },
      { "usa-2", "", "" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (faces); i++)
      {
        g_auto(GStrv) marks = mu_counter_face_marks (mu_ruleset_find ("baa-hex"),
                                                     mu_scenario_find_counter (s, faces[i].counter));
        g_autofree char *joined = g_strjoinv (" ", marks);
        g_autofree char *tags = mu_counter_tags (mu_ruleset_find ("baa-hex"),
                                                 mu_scenario_find_counter (s, faces[i].counter));

        g_assert_cmpstr (joined, ==, faces[i].marks);
        /* and what the board's tooltip says of them */
        g_assert_cmpstr (tags, ==, faces[i].tags);
      }
  }

  /* a list of words declared as an attribute: held in declared order */
  {
    MuCounter *c = mu_scenario_find_counter (s, "usa-1");
    const MuFieldInfo *f = mu_ruleset_find_field (mu_ruleset_find ("baa-hex"), "abilities");
    g_autofree char *value = NULL, *both = NULL, *again = NULL;

    g_assert_nonnull (f);
    g_assert_true (mu_field_is_attribute (f));
    g_assert_nonnull (mu_ruleset_find_field (mu_ruleset_find ("baa-table"), "abilities"));
    value = mu_counter_get_field (c, f);
    g_assert_cmpstr (value, ==, "indomitable");
    g_assert_true (mu_counter_set_field (c, f, "sharpshooter indomitable", NULL));
    both = mu_counter_get_field (c, f);
    g_assert_cmpstr (both, ==, "indomitable sharpshooter");
    again = mu_scenario_save_to_data (s, &len);
    g_assert_nonnull (strstr (again, " abilities=\"indomitable sharpshooter\" fatigued=\"true\"/>"));
    g_assert_null (strstr (again, "field=\"abilities\""));
  }

  /* off is no value at all: the attribute goes, nothing takes its place */
  {
    MuCounter *c = mu_scenario_find_counter (s, "usa-army");
    const MuFieldInfo *f = mu_ruleset_find_field (mu_ruleset_find ("baa-hex"), "star");
    g_autofree char *again = NULL;
    g_autofree char *value = NULL;

    g_assert_true (mu_counter_set_field (c, f, "false", NULL));
    value = mu_counter_get_field (c, f);
    g_assert_null (value);
    again = mu_scenario_save_to_data (s, &len);
    g_assert_null (strstr (again, "star="));
    g_assert_null (strstr (again, "field=\"star\""));
  }
}

/* Brothers at Arms' numbers are its declarations, held as the counter's
 * values and written as format 1 has them, as the counter element's
 * attributes in their fixed order; a new value goes where the old was. */
static void
test_baa_numbers (void)
{
  static const struct { const char *field, *counter, *value, *changed; } numbers[] = {
    { "range", "usa-1", "2", "5" },
    { "attack", "usa-1", "4", "3" },
    { "leadership", "usa-div", "3", "5" },
    { "leadership", "usa-army", "2", "4" },
    { "division", "usa-div", "1", "7" },
    /* 0 is the file's "star": a unit of no division */
    { "identity", "usa-1", "1", "star" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      const char *rulesets[] = { "baa-hex", "baa-table" };
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(MuScenario) s = load (baa_text, problems);
      MuCounter *c = mu_scenario_find_counter (s, numbers[i].counter);
      g_autofree char *was = g_strdup_printf (" %s=\"%s\"", numbers[i].field, numbers[i].value);
      g_autofree char *now = g_strdup_printf (" %s=\"%s\"", numbers[i].field, numbers[i].changed);
      g_autofree char *out = NULL, *value = NULL;
      g_autoptr(GString) want = g_string_new (baa_text);
      const MuFieldInfo *f = NULL;
      gsize len = 0;

      g_test_message ("%s", numbers[i].field);
      g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
      for (guint k = 0; k < G_N_ELEMENTS (rulesets); k++)
        {
          f = mu_ruleset_find_field (mu_ruleset_find (rulesets[k]), numbers[i].field);
          g_assert_nonnull (f);
          g_assert_cmpint (f->type, ==, MU_FIELD_INT);
          g_assert_cmpint (f->offset, <, 0);
          g_assert_true (mu_field_is_attribute (f));
          g_assert_true (mu_field_is_attribute_number (f));
        }
      /* held as the counter's value, read as a number */
      g_assert_cmpstr (mu_values_get (c->values, numbers[i].field), ==, numbers[i].value);
      g_assert_cmpint (mu_counter_get_int (c, numbers[i].field), ==, atoi (numbers[i].value));
      value = mu_counter_get_field (c, f);
      g_assert_cmpstr (value, ==, numbers[i].value);

      out = mu_scenario_save_to_data (s, &len);
      g_assert_cmpstr (out, ==, baa_text);
      g_clear_pointer (&out, g_free);

      /* a change is written in the same place, never as a <value> */
      g_assert_true (mu_counter_set_field (c, f, numbers[i].changed, NULL));
      g_assert_cmpint (mu_counter_get_int (c, numbers[i].field), ==, atoi (numbers[i].changed));
      out = mu_scenario_save_to_data (s, &len);
      g_string_replace (want, was, now, 1);
      g_assert_cmpstr (out, ==, want->str);
    }
}

/* A unit's identity names a division: the baa rulesets' check_scenario
 * says what is wrong with it, once, and the generic range check does not
 * say it again. */
static void
test_baa_identity_checked_once (void)
{
  static const struct { const char *to, *expected; } cases[] = {
    { " identity=\"-1\"", "unit “usa-1”: identity -1 is not a division number" },
    { " identity=\"1000\"", "unit “usa-1”: division 1000 has no command counter on side “usa”" },
    /* the schema refuses a word that is no number, once */
    { " identity=\"one\"", "identity=\"one\" is unknown or its value is not allowed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GString) text = g_string_new (baa_text);
      g_autoptr(MuScenario) s = NULL;
      g_autofree char *got = NULL;
      const char *at;

      g_assert_cmpuint (g_string_replace (text, " identity=\"1\"", cases[i].to, 1), ==, 1);
      s = load (text->str, problems);
      got = problems_text (problems);
      g_test_message ("%s", got);
      at = strstr (got, cases[i].expected);
      if (at == NULL)
        g_error ("expected “%s” in:\n%s", cases[i].expected, got);
      g_assert_null (strstr (at + 1, cases[i].expected));
      g_assert_null (strstr (got, "out of range"));
    }
}

/* A command is found by the number its ruleset declares for commands,
 * which another declared value names (baa: identity names division); a
 * ruleset that numbers none has no command of any number, whatever
 * values an old file left on its counters. */
static void
test_numbered_commands (void)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = load (baa_text, problems);
  const MuFieldInfo *f = mu_ruleset_numbered_field (mu_ruleset_find ("baa-table"), MU_COUNTER_COMMAND);

  g_assert_nonnull (f);
  g_assert_cmpstr (f->id, ==, "division");
  g_assert_null (mu_ruleset_numbered_field (mu_ruleset_find ("baa-hex"), MU_COUNTER_UNIT));
  g_assert_null (mu_ruleset_numbered_field (mu_ruleset_find ("mn-acw"), MU_COUNTER_COMMAND));
  g_assert_true (mu_ruleset_has_divisions (mu_ruleset_find ("baa-hex")));
  g_assert_false (mu_ruleset_has_divisions (mu_ruleset_find ("regimental")));

  g_assert_cmpstr (mu_scenario_find_command (s, "usa", 1)->id, ==, "usa-div");
  g_assert_null (mu_scenario_find_command (s, "usa", 2));
  g_assert_null (mu_scenario_find_command (s, "csa", 1));
  g_free (s->ruleset);
  s->ruleset = g_strdup ("mn-acw");
  g_assert_null (mu_scenario_find_command (s, "usa", 1));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mu_ruleset_register (&test_ruleset);
  g_test_add_func ("/engine/pieces/round-trip", test_round_trip);
  g_test_add_func ("/engine/pieces/bad-values", test_bad_values);
  g_test_add_func ("/engine/pieces/undeclared", test_undeclared);
  g_test_add_func ("/engine/pieces/csv", test_csv);
  g_test_add_func ("/engine/pieces/edit-arm", test_edit_arm);
  g_test_add_func ("/engine/pieces/baa-flags", test_baa_flags);
  g_test_add_func ("/engine/pieces/baa-numbers", test_baa_numbers);
  g_test_add_func ("/engine/pieces/baa-identity-checked-once", test_baa_identity_checked_once);
  g_test_add_func ("/engine/pieces/numbered-commands", test_numbered_commands);
  return g_test_run ();
}
