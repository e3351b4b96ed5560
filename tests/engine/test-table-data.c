/* test-table-data.c: tabletop terrain in the scenario format: every new kind
 * of area and line, their values, home edges; the byte-stable round trip and
 * the copy. The checker's refusals are in the hostile corpus
 * (tests/fixtures/hostile/table-*.muster). */
#define G_LOG_DOMAIN "test-table-data"

#include "config.h"

#include <string.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"

static char *
fixture_path (const char *name)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT") ? g_getenv ("MUSTER_SOURCE_ROOT")
                                                            : MUSTER_SOURCE_DATADIR "/..",
                           "tests", "fixtures", "table", name, NULL);
}

static MuScenario *
load (const char *path)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  return s;
}

static const MuArea *
area (const MuScenario *s, const char *id)
{
  for (guint i = 0; i < s->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (s->table->areas, i);
      if (g_strcmp0 (a->id, id) == 0)
        return a;
    }
  g_assert_not_reached ();
}

static const MuPolyline *
line (const MuScenario *s, const char *id)
{
  for (guint i = 0; i < s->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (s->table->lines, i);
      if (g_strcmp0 (l->id, id) == 0)
        return l;
    }
  g_assert_not_reached ();
}

static void
test_values (void)
{
  g_autofree char *path = fixture_path ("terrain.muster");
  g_autoptr(MuScenario) s = load (path);
  const MuHomeEdge *e;

  g_assert_cmpint (area (s, "gorge")->kind, ==, MU_AREA_IMPASSABLE);
  g_assert_cmpint (area (s, "copse")->kind, ==, MU_AREA_LIGHT_WOODS);
  g_assert_cmpint (area (s, "rocks")->kind, ==, MU_AREA_BROKEN);
  g_assert_cmpint (area (s, "steep")->kind, ==, MU_AREA_STEEP);
  g_assert_cmpint (area (s, "village")->kind, ==, MU_AREA_BUILT_UP);
  g_assert_cmpint (area (s, "village")->capacity, ==, 8);
  g_assert_cmpint (area (s, "village")->defence, ==, 3);
  g_assert_false (area (s, "village")->hard_cover);
  g_assert_cmpint (area (s, "church")->kind, ==, MU_AREA_BUILDING);
  g_assert_cmpint (area (s, "church")->capacity, ==, 2);
  g_assert_cmpint (area (s, "church")->defence, ==, 5);
  g_assert_true (area (s, "church")->hard_cover);
  g_assert_cmpint (area (s, "redoubt")->grade, ==, 2);
  g_assert_cmpint (area (s, "usa-deploy")->kind, ==, MU_AREA_DEPLOYMENT);
  g_assert_cmpstr (area (s, "usa-deploy")->side, ==, "usa");
  g_assert_cmpint (line (s, "creek-ford")->kind, ==, MU_LINE_FORD);
  g_assert_cmpint (line (s, "creek-bridge")->kind, ==, MU_LINE_BRIDGE);
  g_assert_cmpint (line (s, "bluff")->kind, ==, MU_LINE_IMPASSABLE);
  g_assert_cmpint (line (s, "crest")->kind, ==, MU_LINE_CREST);
  g_assert_cmpint (line (s, "works")->grade, ==, 1);
  g_assert_cmpuint (s->table->home_edges->len, ==, 2);
  e = g_ptr_array_index (s->table->home_edges, 0);
  g_assert_cmpstr (e->side, ==, "usa");
  g_assert_cmpint (e->edge, ==, MU_TABLE_EDGE_SOUTH);
  g_assert_cmpstr (mu_table_edge_to_string (MU_TABLE_EDGE_WEST), ==, "west");
}

/* The fixture is in canonical form: load -> save gives its bytes, and so does
 * a copy of the model. */
static void
test_round_trip (void)
{
  g_autofree char *path = fixture_path ("terrain.muster");
  g_autofree char *text = NULL, *out = NULL, *out_copy = NULL;
  g_autoptr(MuScenario) s = load (path);
  g_autoptr(MuScenario) copy = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  out = mu_scenario_save_to_data (s, &len);
  g_assert_cmpstr (out, ==, text);
  copy = mu_scenario_copy (s);
  out_copy = mu_scenario_save_to_data (copy, &len);
  g_assert_cmpstr (out_copy, ==, text);
}

/* Files written before these kinds existed load and save as they were. */
static void
test_old_table_unchanged (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT") ? g_getenv ("MUSTER_SOURCE_ROOT")
                                                      : MUSTER_SOURCE_DATADIR "/..";
  g_autofree char *path = g_build_filename (root, "scenarios", "henry-house-hill-table.muster", NULL);
  g_autoptr(MuScenario) s = load (path);
  g_autofree char *once = NULL, *twice = NULL;
  g_autoptr(MuScenario) back = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  gsize len;

  once = mu_scenario_save_to_data (s, &len);
  g_assert_null (strstr (once, "home-edge"));
  g_assert_null (strstr (once, "capacity="));
  back = mu_scenario_load_data (once, len, "again.muster", problems, NULL);
  g_assert_nonnull (back);
  twice = mu_scenario_save_to_data (back, &len);
  g_assert_cmpstr (once, ==, twice);
  g_assert_cmpuint (s->table->home_edges->len, ==, 0);
}

/* The editor's engine operations for the new values: a deployment zone
 * drawn in the editor belongs to the first side; values are refused as the
 * checker refuses them; undo gives the old values back. */
static void
test_edit_values (void)
{
  MuScenario *s = mu_scenario_new_table ("baa-table", 48, 36, MU_UNIT_INCH, "15mm");
  g_autoptr(MuEditHistory) h = NULL;
  g_autoptr(GError) error = NULL;
  static const MuPoint box[] = { { 1, 1 }, { 5, 1 }, { 5, 5 }, { 1, 5 } };
  const MuArea *a;
  int zone, church;

  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x3b5998));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0x8c8c8c));
  h = mu_edit_history_new (s);
  zone = mu_edit_add_area (h, MU_AREA_DEPLOYMENT, box, 4, &error);
  g_assert_no_error (error);
  a = g_ptr_array_index (mu_edit_history_get_scenario (h)->table->areas, zone);
  g_assert_cmpstr (a->side, ==, "usa");
  g_assert_true (mu_edit_set_area_values (h, zone, 0, 0, FALSE, 0, "csa", &error));
  g_assert_cmpstr (a->side, ==, "csa");
  g_assert_false (mu_edit_set_area_values (h, zone, 0, 0, FALSE, 0, "prussia", &error));
  g_clear_error (&error);
  g_assert_false (mu_edit_set_area_values (h, zone, 0, 0, FALSE, 0, NULL, &error));
  g_clear_error (&error);

  church = mu_edit_add_area (h, MU_AREA_BUILDING, box, 4, &error);
  g_assert_no_error (error);
  g_assert_true (mu_edit_set_area_values (h, church, 2, 5, TRUE, 0, NULL, &error));
  a = g_ptr_array_index (mu_edit_history_get_scenario (h)->table->areas, church);
  g_assert_cmpint (a->capacity, ==, 2);
  g_assert_true (a->hard_cover);
  g_assert_false (mu_edit_set_area_values (h, church, 100, 5, TRUE, 0, NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (mu_edit_set_area_values (h, church, 2, 7, TRUE, 0, NULL, &error));
  g_clear_error (&error);
  g_assert_false (mu_edit_set_area_values (h, church, 2, 5, TRUE, 2, NULL, &error));
  g_clear_error (&error);
  g_assert_false (mu_edit_set_area_values (h, zone, 3, 0, FALSE, 0, "usa", &error));
  g_clear_error (&error);
  g_assert_true (mu_edit_history_undo (h));
  a = g_ptr_array_index (mu_edit_history_get_scenario (h)->table->areas, church);
  g_assert_cmpint (a->capacity, ==, 0);
  g_assert_false (a->hard_cover);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-data/values", test_values);
  g_test_add_func ("/engine/table-data/round-trip", test_round_trip);
  g_test_add_func ("/engine/table-data/old-table-unchanged", test_old_table_unchanged);
  g_test_add_func ("/engine/table-data/edit-values", test_edit_values);
  return g_test_run ();
}
