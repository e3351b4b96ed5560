/* test-toy-soldiers-check.c: what a Toy Soldiers scenario must give
 * (TS-AMB-88), each problem on its line, and the force-selection hint
 * (TS-SEL-1..3, TS-AMB-78, TS-AMB-79). */
#define G_LOG_DOMAIN "test-toy-soldiers-check"

#include "config.h"

#include <glib.h>
#include <string.h>

#include "mu-problem.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"

#include "toy-soldiers.h"

#define HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"toy-soldiers\">\n" \
  "  <title>checks</title>\n"

/* Loads the scenario and returns its problems, one a line; *out the
 * scenario, which must load without error. */
static char *
problems_of (const char *xml, MuScenario **out)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_data (xml, strlen (xml), "checks.muster", problems, &error);
  GString *all = g_string_new (NULL);

  if (out)
    g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_string_append_printf (all, "%s\n", line);
    }
  if (out)
    *out = s;
  else if (s)
    mu_scenario_free (s);
  return g_string_free (all, FALSE);
}

static void
assert_has (const char *text, const char *want)
{
  if (strstr (text, want) == NULL)
    g_error ("no problem “%s” in:\n%s", want, text);
}

/* A scenario giving everything: no error, no warning of the ruleset's. */
static const char good[] =
  HEAD
  "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\" base-width=\"1\" base-depth=\"0.5\">\n"
  "    <area id=\"barn\" kind=\"building\" name=\"barn\" capacity=\"3\" points=\"22,14 26,14 26,17 22,17\"/>\n"
  "  </table>\n"
  "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">attacker</value><value field=\"elan\">3</value>"
  "<value field=\"flags\">veterans at-all-costs</value></side>\n"
  "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"role\">defender</value><value field=\"elan\">2</value>"
  "<value field=\"flags\">well-trained</value></side>\n"
  "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
  "  <control id=\"reb\" side=\"csa\" name=\"reb\" x=\"24\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
  "  <unit id=\"u1\" side=\"usa\" name=\"u1\" parent=\"col\" x=\"10\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"infantry\">"
  "<value field=\"stands\">6</value><value field=\"weapon\">rifle</value></unit>\n"
  "  <unit id=\"u2\" side=\"usa\" name=\"u2\" parent=\"col\" x=\"20\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"cavalry\">"
  "<value field=\"stands\">2</value></unit>\n"
  "  <unit id=\"u3\" side=\"usa\" name=\"u3\" parent=\"col\" x=\"30\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"artillery\">"
  "<value field=\"stands\">3</value></unit>\n"
  "  <unit id=\"r1\" side=\"csa\" name=\"r1\" parent=\"reb\" x=\"24\" y=\"6\" facing=\"180\" formation=\"line\" arm=\"infantry\">"
  "<value field=\"stands\">4</value><value field=\"type\">light-inf</value></unit>\n"
  "</scenario>\n";

static void
test_good (void)
{
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *text = problems_of (good, &s);

  g_assert_null (strstr (text, "error"));
  g_assert_null (strstr (text, "TS-"));
}

/* TS-AMB-88, TS-AMB-78: each check on the line of what it is about */
static void
test_checks (void)
{
  static const char xml[] =
    HEAD
    "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\" base-width=\"1\" base-depth=\"0.5\">\n"
    "    <area id=\"barn\" kind=\"building\" name=\"barn\" capacity=\"4\" defence=\"2\" points=\"22,14 26,14 26,17 22,17\"/>\n"
    "  </table>\n"
    "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">attacker</value></side>\n"
    "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"elan\">2</value></side>\n"
    "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
    "  <unit id=\"u1\" side=\"usa\" name=\"u1\" x=\"10\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">6</value><value field=\"weapon\">carbine</value></unit>\n"
    "  <unit id=\"u2\" side=\"usa\" name=\"u2\" parent=\"col\" x=\"20\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">2</value><value field=\"type\">cav</value></unit>\n"
    "  <unit id=\"u3\" side=\"usa\" name=\"u3\" parent=\"col\" x=\"30\" y=\"30\" facing=\"0\" formation=\"line\" arm=\"artillery\">"
    "<value field=\"stands\">5</value></unit>\n"
    "  <unit id=\"u4\" side=\"usa\" name=\"u4\" parent=\"col\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">0</value></unit>\n"
    "  <objective id=\"hill\" name=\"hill\" x=\"24\" y=\"18\" value=\"1\"/>\n"
    "</scenario>\n";
  g_autofree char *text = problems_of (xml, NULL);

  assert_has (text, "checks.muster:7: error: side “usa” has no élan (TS-AMB-88)");
  assert_has (text, "checks.muster:8: error: side “csa” has no role, attacker or defender (TS-AMB-88)");
  assert_has (text, "checks.muster:8: error: side “csa” has no commander on the table (TS-AMB-88)");
  assert_has (text, "checks.muster:10: error: unit “u1” has no commander as its parent");
  assert_has (text, "checks.muster:10: error: unit “u1” cannot carry the weapon “carbine” (TS-AMB-88)");
  assert_has (text, "checks.muster:11: error: unit “u2”: its type does not agree with its arm (TS-AMB-88)");
  assert_has (text, "checks.muster:12: warning: unit “u3” has 5 stands, more than the 3 of its selection");
  assert_has (text, "checks.muster:13: error: unit “u4” has 0 stands, not 1 to 6 (TS-AMB-88)");
  assert_has (text, "checks.muster:13: error: unit “u4” is not placed on the table (TS-AMB-88)");
  assert_has (text, "checks.muster:5: warning: the defence of “barn” is ignored (TS-AMB-88)");
  assert_has (text, "checks.muster:5: warning: “barn” holds 4 stands; a village block holds 3 companies at most");
  assert_has (text, "checks.muster:14: warning: objective “hill” is ignored");
}

/* TS-SEL-2, TS-AMB-78: one Attacker and one Defender; two sides; a block
 * needs an id (TS-AMB-85) */
static void
test_roles (void)
{
  static const char xml[] =
    HEAD
    "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\"/>\n"
    "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">attacker</value><value field=\"elan\">1</value></side>\n"
    "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"role\">attacker</value><value field=\"elan\">1</value></side>\n"
    "  <side id=\"gbr\" name=\"Britain\" colour=\"#c03030\"><value field=\"role\">defender</value><value field=\"elan\">1</value></side>\n"
    "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
    "  <control id=\"reb\" side=\"csa\" name=\"reb\" x=\"24\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
    "  <control id=\"brit\" side=\"gbr\" name=\"brit\" x=\"4\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
    "</scenario>\n";
  static const char two[] =
    HEAD
    "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\">\n"
    "    <area kind=\"built-up\" name=\"town\" points=\"22,14 26,14 26,17 22,17\"/>\n"
    "  </table>\n"
    "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">defender</value><value field=\"elan\">1</value></side>\n"
    "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"role\">defender</value><value field=\"elan\">1</value></side>\n"
    "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
    "  <control id=\"reb\" side=\"csa\" name=\"reb\" x=\"24\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
    "</scenario>\n";
  g_autofree char *text = problems_of (xml, NULL);
  g_autofree char *text2 = problems_of (two, NULL);

  assert_has (text, "checks.muster: error: Toy Soldiers needs exactly two sides, not 3 (TS-AMB-88)");
  assert_has (text2, "checks.muster:8: error: one side must be the attacker and the other the defender");
  assert_has (text2, "checks.muster:5: warning: a building without an id is no village block (TS-AMB-85)");
}

/* TS-SEL-2, TS-AMB-8: when neither side defends, the roll-off is the
 * designer's: a scenario with two Attackers is refused */
static void
test_no_defender (void)
{
  static const char xml[] =
    HEAD
    "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\"/>\n"
    "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">attacker</value><value field=\"elan\">1</value></side>\n"
    "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"role\">attacker</value><value field=\"elan\">1</value></side>\n"
    "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
    "  <control id=\"reb\" side=\"csa\" name=\"reb\" x=\"24\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
    "</scenario>\n";
  g_autofree char *text = problems_of (xml, NULL);

  assert_has (text, "checks.muster:6: error: one side must be the attacker and the other the defender "
                    "(TS-SEL-2, TS-AMB-8, TS-AMB-78)");
}

/* TS-SEL-4, TS-AMB-78: units start within 8" of their home edge, the
 * Defender anywhere in its half (its Defend option); a warning only */
static void
test_deployment (void)
{
  static const char xml[] =
    HEAD
    "  <table width=\"48\" height=\"36\" unit=\"in\" figure-scale=\"15mm\">\n"
    "    <home-edge side=\"usa\" edge=\"south\"/>\n"
    "    <home-edge side=\"csa\" edge=\"north\"/>\n"
    "  </table>\n"
    "  <side id=\"usa\" name=\"Union\" colour=\"#3060c0\"><value field=\"role\">attacker</value><value field=\"elan\">2</value></side>\n"
    "  <side id=\"csa\" name=\"Confederate\" colour=\"#a0a0a0\"><value field=\"role\">defender</value><value field=\"elan\">2</value></side>\n"
    "  <control id=\"col\" side=\"usa\" name=\"col\" x=\"24\" y=\"34\" facing=\"0\" formation=\"line\"/>\n"
    "  <control id=\"reb\" side=\"csa\" name=\"reb\" x=\"24\" y=\"2\" facing=\"180\" formation=\"line\"/>\n"
    "  <unit id=\"near\" side=\"usa\" name=\"near\" parent=\"col\" x=\"10\" y=\"28\" facing=\"0\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">6</value></unit>\n"
    "  <unit id=\"far\" side=\"usa\" name=\"far\" parent=\"col\" x=\"30\" y=\"27.5\" facing=\"0\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">6</value></unit>\n"
    "  <unit id=\"half\" side=\"csa\" name=\"half\" parent=\"reb\" x=\"10\" y=\"17\" facing=\"180\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">6</value></unit>\n"
    "  <unit id=\"over\" side=\"csa\" name=\"over\" parent=\"reb\" x=\"30\" y=\"19\" facing=\"180\" formation=\"line\" arm=\"infantry\">"
    "<value field=\"stands\">6</value></unit>\n"
    "</scenario>\n";
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *text = problems_of (xml, &s);

  g_assert_null (strstr (text, "“near”"));
  assert_has (text, "checks.muster:13: warning: unit “far” starts more than 8\" from its side's table edge "
                    "(TS-SEL-4, TS-AMB-78)");
  g_assert_null (strstr (text, "“half”"));
  assert_has (text, "checks.muster:15: warning: unit “over” starts outside its side's half of the table");
}

/* TS-SEL-3, TS-AMB-79: each unit and option is a selection; the élan
 * column read literally: line infantry 1, light infantry 1, cavalry 1,
 * artillery 0, At all costs 1, Veterans 2 */
static void
test_selection (void)
{
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *text = problems_of (good, &s);
  int points = -1, elan = -1;

  /* usa: three units, veterans and at-all-costs: 1 + 1 + 0 + 2 + 1 */
  g_assert_true (mu_toy_soldiers_selection (s, "usa", &points, &elan));
  g_assert_cmpint (points, ==, 5);
  g_assert_cmpint (elan, ==, 5);
  /* csa: a light infantry battalion, well trained, its Defend option */
  g_assert_true (mu_toy_soldiers_selection (s, "csa", &points, &elan));
  g_assert_cmpint (points, ==, 3);
  g_assert_cmpint (elan, ==, 1);
  g_assert_false (mu_toy_soldiers_selection (s, "gbr", &points, &elan));
}

/* TS-AMB-78: the editor's hint under a side, from the registry's table */
static void
test_side_hint (void)
{
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *text = problems_of (good, &s);
  const MuRuleset *rs = mu_ruleset_find ("toy-soldiers");
  g_autofree char *usa = NULL, *csa = NULL, *none = NULL;

  g_assert_nonnull (rs);
  g_assert_nonnull (rs->side_hint);
  usa = rs->side_hint (s, "usa");
  csa = rs->side_hint (s, "csa");
  none = rs->side_hint (s, "gbr");
  g_assert_cmpstr (usa, ==, "5 points: élan 5");
  g_assert_cmpstr (csa, ==, "3 points: élan 1");
  g_assert_null (none);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/toy-soldiers/check/TS-AMB-88", test_good);
  g_test_add_func ("/engine/toy-soldiers/check/each/TS-AMB-88/TS-AMB-78", test_checks);
  g_test_add_func ("/engine/toy-soldiers/check/roles/TS-SEL-2/TS-AMB-78", test_roles);
  g_test_add_func ("/engine/toy-soldiers/check/no-defender/TS-SEL-2/TS-AMB-8", test_no_defender);
  g_test_add_func ("/engine/toy-soldiers/check/deployment/TS-SEL-4/TS-AMB-78", test_deployment);
  g_test_add_func ("/engine/toy-soldiers/selection/TS-SEL-1/TS-SEL-3/TS-AMB-32/TS-AMB-79", test_selection);
  g_test_add_func ("/engine/toy-soldiers/selection/hint/TS-AMB-78", test_side_hint);
  return g_test_run ();
}
