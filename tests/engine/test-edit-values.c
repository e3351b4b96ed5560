/* test-edit-values.c: the editor's values of a tabletop ruleset, driven by
 * the ruleset's declarations (mu-edit-values.c, mu-edit-counter-fields.c) */
#define G_LOG_DOMAIN "test-edit-values"

#include "config.h"

#include <string.h>

#include "mu-edit.h"
#include "mu-error.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "mu-table-layout.h"

static MuEditHistory *
new_table (const char *ruleset)
{
  MuEditHistory *h = mu_edit_history_new (mu_scenario_new_table (ruleset, 48, 36, MU_UNIT_INCH, "15mm"));
  g_autofree char *a = mu_edit_add_side (h, "csa", "Confederate", 0xb0b0b0, NULL);
  g_autofree char *b = mu_edit_add_side (h, "usa", "Union", 0x9cc3e6, NULL);

  g_assert_cmpstr (a, ==, "csa");
  g_assert_cmpstr (b, ==, "usa");
  return h;
}

/* Morale Napoleon has no attack, identity or leadership; its bases are the
 * unit's stand count, set as a value, with the declared range; undo puts
 * back what was there. */
static void
test_mn_acw (void)
{
  g_autoptr(MuEditHistory) h = new_table ("mn-acw");
  g_autofree char *leader = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "usa", leader, NULL);
  MuScenario *s = mu_edit_history_get_scenario (h);
  MuCounter *c = mu_scenario_find_counter (s, unit);
  g_autoptr(GError) error = NULL;
  guint steps = mu_edit_history_get_n_undo (h);

  g_assert_false (mu_edit_counter_number_range (s, MU_COUNTER_UNIT, "attack", NULL, NULL));
  g_assert_false (mu_edit_counter_number_range (s, MU_COUNTER_UNIT, "identity", NULL, NULL));
  g_assert_false (mu_edit_counter_number_range (s, MU_COUNTER_CONTROL, "leadership", NULL, NULL));
  g_assert_false (mu_edit_set_counter_number (h, unit, "attack", 4, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (mu_edit_set_counter_value (h, unit, "bases", "5", &error));
  g_assert_no_error (error);
  g_assert_cmpint (c->strength, ==, 5);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, steps + 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Change Bases");

  g_assert_true (mu_edit_set_counter_value (h, unit, "type", "horse-art", &error));
  g_assert_cmpstr (mu_values_get (c->values, "type"), ==, "horse-art");
  g_assert_true (mu_edit_set_counter_value (h, leader, "level", "corps", &error));
  g_assert_no_error (error);

  /* refusals change nothing and name the range */
  g_assert_false (mu_edit_set_counter_value (h, unit, "bases", "120", &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "bases 120 is out of range (0 to 99)");
  g_clear_error (&error);
  g_assert_false (mu_edit_set_counter_value (h, unit, "type", "dragoons", &error));
  g_assert_cmpstr (error->message, ==, "type “dragoons” is not allowed (one of inf, cav, foot-art, horse-art)");
  g_clear_error (&error);
  g_assert_false (mu_edit_set_counter_value (h, leader, "bases", "2", &error));
  g_assert_nonnull (strstr (error->message, "A control has no bases"));
  g_clear_error (&error);
  g_assert_false (mu_edit_set_counter_value (h, unit, "attack", "4", &error));
  g_assert_nonnull (strstr (error->message, "has no value “attack”"));
  g_clear_error (&error);
  g_assert_cmpint (c->strength, ==, 5);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, steps + 3);

  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_undo (h));
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_null (mu_values_get (c->values, "type"));
  g_assert_cmpint (c->strength, ==, 5);
  g_assert_true (mu_edit_history_undo (h));
  c = mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit);
  g_assert_cmpint (c->strength, !=, 5);
}

/* A side's values (Toy Soldiers' role and élan), cleared by an empty text. */
static void
test_side_values (void)
{
  g_autoptr(MuEditHistory) h = new_table ("toy-soldiers");
  g_autoptr(GError) error = NULL;
  const MuSide *side;

  g_assert_true (mu_edit_set_side_value (h, "usa", "role", "attacker", &error));
  g_assert_true (mu_edit_set_side_value (h, "usa", "flags", "time-limit veterans", &error));
  g_assert_no_error (error);
  side = mu_scenario_find_side (mu_edit_history_get_scenario (h), "usa");
  g_assert_cmpstr (mu_values_get (side->values, "flags"), ==, "time-limit veterans");
  g_assert_false (mu_edit_set_side_value (h, "usa", "elan", "-3", &error));
  g_assert_cmpstr (error->message, ==, "elan -3 is out of range (0 to 99)");
  g_clear_error (&error);
  g_assert_false (mu_edit_set_side_value (h, "usa", "stands", "3", &error));
  g_assert_nonnull (strstr (error->message, "A side has no stands"));
  g_clear_error (&error);
  g_assert_true (mu_edit_set_side_value (h, "usa", "role", "", &error));
  side = mu_scenario_find_side (mu_edit_history_get_scenario (h), "usa");
  g_assert_null (mu_values_get (side->values, "role"));
  g_assert_true (mu_edit_history_undo (h));
  side = mu_scenario_find_side (mu_edit_history_get_scenario (h), "usa");
  g_assert_cmpstr (mu_values_get (side->values, "role"), ==, "attacker");
}

/* baa-table's ranges come from its declarations (attack 2 to 6, BAT-GEN-5). */
static void
test_baa_table_ranges (void)
{
  g_autoptr(MuEditHistory) h = new_table ("baa-table");
  g_autofree char *leader = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);
  g_autofree char *cmd = mu_edit_add_counter (h, MU_COUNTER_COMMAND, "usa", leader, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "usa", cmd, NULL);
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(GError) error = NULL;
  int min, max;

  g_assert_true (mu_edit_counter_number_range (s, MU_COUNTER_UNIT, "attack", &min, &max));
  g_assert_cmpint (min, ==, 2);
  g_assert_cmpint (max, ==, 6);
  g_assert_true (mu_edit_counter_number_range (s, MU_COUNTER_UNIT, "strength", &min, &max));
  g_assert_cmpint (max, ==, 64);   /* the stands a unit can have (TAB-6) */
  /* indomitable brigades fight on the table too (BAT-FLN-6) */
  g_assert_true (mu_field_applies (mu_ruleset_find_field (mu_ruleset_find ("baa-table"), "abilities"), MU_COUNTER_UNIT));
  g_assert_false (mu_edit_set_counter_number (h, unit, "attack", 7, &error));
  g_assert_cmpstr (error->message, ==, "Attack must be 2 to 6, not 7 (BAT-GEN-5)");
  g_clear_error (&error);
  /* steps and refusals say the short name, not the form's "Strength (bases)" */
  g_assert_true (mu_edit_set_counter_number (h, unit, "strength", 5, NULL));
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Change Strength");
  g_assert_false (mu_edit_set_counter_number (h, unit, "strength", 0, &error));
  g_assert_cmpstr (error->message, ==, "Strength must be 1 to 64, not 0 (BAT-GEN-4)");
}

/* Why a range is what it is comes with the declaration: a ruleset that
 * gives its attack a reason has it told with a value out of range, as
 * baa-hex does for its own (BAA §1.2); one that gives none names the rule. */
static void
test_declared_reason (void)
{
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  static MuRuleset ruleset;
  MuFieldInfo *fields = g_memdup2 (table->fields, table->n_fields * sizeof *fields);
  g_autoptr(MuEditHistory) h = NULL;
  g_autofree char *leader = NULL, *unit = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < table->n_fields; i++)
    if (strcmp (fields[i].id, "attack") == 0)
      fields[i].range_reason = "the score a die must reach (BAT-GEN-5)";
  ruleset = *table;
  ruleset.id = "test-declared-reason";
  ruleset.fields = fields;
  mu_ruleset_register (&ruleset);

  h = new_table (ruleset.id);
  leader = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "usa", leader, NULL);
  g_assert_false (mu_edit_set_counter_number (h, unit, "attack", 7, &error));
  g_assert_cmpstr (error->message, ==, "Attack must be 2 to 6, not 7: the score a die must reach (BAT-GEN-5)");
  g_clear_error (&error);
  g_assert_false (mu_edit_set_counter_number (h, unit, "range", 0, &error));
  g_assert_cmpstr (error->message, ==, "Range must be 1 to 999, not 0 (BAT-GEN-2)");
  g_clear_error (&error);

  /* baa-hex's reasons are its declarations' */
  for (guint i = 0; i < mu_ruleset_find ("baa-hex")->n_fields; i++)
    {
      const MuFieldInfo *f = &mu_ruleset_find ("baa-hex")->fields[i];

      if (strcmp (f->id, "attack") == 0 || strcmp (f->id, "range") == 0 ||
          strcmp (f->id, "leadership") == 0 || strcmp (f->id, "strength") == 0)
        g_assert_nonnull (strstr (f->range_reason, "(BAA §1."));
    }
}

/* A unit of an older file carries formation="column" only: setting its
 * formation sets the one source (the declared value), any formation the
 * ruleset declares, the attribute following in the same named step, and the
 * file loads again as saved; undo gives the older file back byte for byte. */
static void
test_baa_table_formation (void)
{
  g_autoptr(MuEditHistory) h = new_table ("baa-table");
  g_autofree char *leader = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);
  g_autofree char *cmd = mu_edit_add_counter (h, MU_COUNTER_COMMAND, "usa", leader, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "usa", cmd, NULL);
  MuScenario *s = mu_edit_history_get_scenario (h);
  const MuRuleset *ruleset = mu_ruleset_find ("baa-table");
  MuCounter *c = mu_scenario_find_counter (s, unit);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) again = NULL;
  g_autofree char *before = NULL, *after = NULL, *undone = NULL;
  gsize before_len, after_len, undone_len;

  g_assert_true (mu_edit_place_counter_table (h, unit, (MuPoint) { 12, 10 }, 90, NULL));
  c = mu_scenario_find_counter (s, unit);
  c->place.formation = MU_FORMATION_COLUMN;   /* as an older file has it */
  g_assert_cmpstr (mu_counter_formation (ruleset, c), ==, "column");
  before = mu_scenario_save_to_data (s, &before_len);
  g_assert_nonnull (strstr (before, "formation=\"column\""));

  g_assert_true (mu_edit_set_counter_value (h, unit, "formation", "double-line", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Change Formation");
  c = mu_scenario_find_counter (s, unit);
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "double-line");
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_LINE);
  g_assert_cmpstr (mu_counter_formation (ruleset, c), ==, "double-line");
  after = mu_scenario_save_to_data (s, &after_len);
  g_assert_nonnull (strstr (after, "formation=\"line\""));
  g_assert_nonnull (strstr (after, "<value field=\"formation\">double-line</value>"));
  again = mu_scenario_load_data (after, after_len, "edited.muster", problems, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)   /* no title, leaders not placed: none of the formation */
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_test_message ("%s", line);
      g_assert_null (strstr (line, "formation"));
    }
  g_assert_cmpstr (mu_counter_formation (ruleset, mu_scenario_find_counter (again, unit)), ==, "double-line");

  /* column: the attribute says the same */
  g_assert_true (mu_edit_set_counter_value (h, unit, "formation", "column", NULL));
  c = mu_scenario_find_counter (s, unit);
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_COLUMN);
  g_assert_true (mu_edit_history_undo (h));

  /* only the declared formations, and never none */
  g_assert_false (mu_edit_set_counter_value (h, unit, "formation", "limbered", &error));
  g_assert_cmpstr (error->message, ==, "formation “limbered” should be one of line, double-line, column");
  g_clear_error (&error);
  g_assert_false (mu_edit_set_counter_value (h, unit, "formation", NULL, &error));
  g_clear_error (&error);
  c = mu_scenario_find_counter (s, unit);
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "double-line");

  g_assert_true (mu_edit_history_undo (h));
  undone = mu_scenario_save_to_data (mu_edit_history_get_scenario (h), &undone_len);
  g_assert_cmpmem (undone, undone_len, before, before_len);
}

/* A side's home edge and a deployment zone along it, each one undo step;
 * the file saves as before after undoing them. */
static void
test_home_edge_and_deployment (void)
{
  g_autoptr(MuEditHistory) h = new_table ("toy-soldiers");
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = mu_scenario_save_to_data (s, NULL);
  g_autofree char *after = NULL;
  const MuArea *a;
  const MuPoint *p;
  int index;

  g_assert_cmpint (mu_edit_add_deployment_zone (h, "usa", 8, &error), ==, -1);
  g_assert_nonnull (strstr (error->message, "has no home edge"));
  g_clear_error (&error);

  g_assert_true (mu_edit_set_home_edge (h, "usa", MU_TABLE_EDGE_SOUTH, &error));
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Change Home Edge");
  g_assert_cmpuint (s->table->home_edges->len, ==, 1);
  g_assert_true (mu_edit_set_home_edge (h, "usa", MU_TABLE_EDGE_SOUTH, &error));
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 3);   /* two sides added, one edge */

  /* TS-SEL-4: within 8 inches of its own edge */
  index = mu_edit_add_deployment_zone (h, "usa", 8, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, 0);
  a = g_ptr_array_index (s->table->areas, index);
  g_assert_cmpint (a->kind, ==, MU_AREA_DEPLOYMENT);
  g_assert_cmpstr (a->side, ==, "usa");
  g_assert_cmpstr (a->name, ==, "Union deployment zone");
  p = (const MuPoint *) a->points->data;
  g_assert_cmpfloat (p[0].y, ==, 28);
  g_assert_cmpfloat (p[2].y, ==, 36);
  g_assert_cmpfloat (p[1].x, ==, 48);
  g_assert_cmpint (mu_edit_add_deployment_zone (h, "usa", 30, &error), ==, -1);
  g_assert_nonnull (strstr (error->message, "at most half the table (18) deep, not 30"));
  g_clear_error (&error);
  g_assert_false (mu_edit_set_home_edge (h, "prussia", MU_TABLE_EDGE_NORTH, &error));
  g_clear_error (&error);

  g_assert_true (mu_edit_set_home_edge (h, "usa", MU_TABLE_EDGE_N, &error));
  g_assert_cmpuint (s->table->home_edges->len, ==, 0);
  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_undo (h));
  after = mu_scenario_save_to_data (mu_edit_history_get_scenario (h), NULL);
  g_assert_cmpstr (after, ==, before);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/edit-values/mn-acw", test_mn_acw);
  g_test_add_func ("/engine/edit-values/side-values", test_side_values);
  g_test_add_func ("/engine/edit-values/baa-table-ranges", test_baa_table_ranges);
  g_test_add_func ("/engine/edit-values/baa-table-formation", test_baa_table_formation);
  g_test_add_func ("/engine/edit-values/declared-reason", test_declared_reason);
  g_test_add_func ("/engine/edit-values/home-edge-and-deployment", test_home_edge_and_deployment);
  return g_test_run ();
}
