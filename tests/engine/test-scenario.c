#define G_LOG_DOMAIN "test-scenario"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mu-error.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"
#include "mu-scenario-xml.h"

static MuScenario *
make_scenario (void)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", 12, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MuCounter *c;
  MuPath *p;

  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb0b0b0));
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  c = mu_counter_new (MU_COUNTER_CONTROL, "mcdowell", "usa");
  mu_counter_set_int (c, "leadership", 2);
  g_ptr_array_add (s->counters, c);
  c = mu_counter_new (MU_COUNTER_COMMAND, "tyler", "usa");
  mu_ruleset_set_initial_values (NULL, c);
  mu_counter_set_int (c, "division", 1);
  c->parent = g_strdup ("mcdowell");
  g_ptr_array_add (s->counters, c);
  c = mu_counter_new (MU_COUNTER_UNIT, "sherman", "usa");
  mu_ruleset_set_initial_values (NULL, c);
  mu_counter_set_int (c, "identity", 1);
  c->parent = g_strdup ("tyler");
  c->place.kind = MU_PLACE_HEX;
  c->place.hex = (MuHex) { 3, 4 };
  g_ptr_array_add (s->counters, c);
  p = mu_path_new (MU_PATH_TURNPIKE);
  g_array_append_val (p->hexes, ((MuHex) { 1, 4 }));
  g_array_append_val (p->hexes, ((MuHex) { 2, 4 }));
  g_array_append_val (p->hexes, ((MuHex) { 3, 4 }));
  g_ptr_array_add (s->hex_map->paths, p);
  mu_hex_map_cell (s->hex_map, (MuHex) { 5, 5 })->terrain = MU_TERRAIN_WOODLAND;
  mu_hex_map_set_side (s->hex_map, (MuHex) { 5, 5 }, 4, MU_SIDE_STREAM | MU_SIDE_FORD);
  return s;
}

static void
test_lookup (void)
{
  g_autoptr (MuScenario) s = make_scenario ();

  g_assert_nonnull (mu_scenario_find_side (s, "usa"));
  g_assert_null (mu_scenario_find_side (s, "prussia"));
  g_assert_cmpstr (mu_scenario_find_command (s, "usa", 1)->id, ==, "tyler");
  g_assert_null (mu_scenario_find_command (s, "csa", 1));
  g_assert_null (mu_scenario_find_counter (s, NULL));
}

static void
test_cells_and_sides (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  MuHexMap *m = s->hex_map;
  MuHex h = { 5, 5 };
  MuHex n = mu_hex_neighbour (&m->grid, h, 4);

  g_assert_null (mu_hex_map_cell (m, (MuHex) { 0, 1 }));
  g_assert_null (mu_hex_map_cell (m, (MuHex) { 13, 1 }));
  g_assert_cmpint (mu_hex_map_cell (m, h)->terrain, ==, MU_TERRAIN_WOODLAND);
  /* a hexside is one thing seen from both hexes */
  g_assert_cmpuint (mu_hex_map_side (m, h, 4), ==, MU_SIDE_STREAM | MU_SIDE_FORD);
  g_assert_cmpuint (mu_hex_map_side (m, n, 1), ==, MU_SIDE_STREAM | MU_SIDE_FORD);
  g_assert_cmpuint (mu_hex_map_side (m, h, 3), ==, 0);

  /* every hexside of every board hex has a distinct slot, shared by exactly two hexes */
  {
    g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

    for (int c = 1; c <= m->grid.cols; c++)
      for (int r = 1; r <= m->grid.rows; r++)
        for (int d = 0; d < 6; d++)
          {
            int i = mu_hex_map_side_index (m, (MuHex) { c, r }, d);
            MuHex nb = mu_hex_neighbour (&m->grid, (MuHex) { c, r }, d);

            g_assert_cmpint (i, >=, 0);
            g_assert_cmpint (i, <, (m->grid.cols + 2) * (m->grid.rows + 2) * 3);
            g_assert_cmpint (i, ==, mu_hex_map_side_index (m, nb, (d + 3) % 6));
            g_hash_table_add (seen, GINT_TO_POINTER (i + 1));
          }
    /* interior sides counted once: 6 per hex, shared ones halve */
    g_assert_cmpuint (g_hash_table_size (seen), >, (guint) (m->grid.cols * m->grid.rows * 3));
  }
  /* a hexside with both hexes off the board has no slot */
  g_assert_cmpint (mu_hex_map_side_index (m, (MuHex) { -3, -3 }, 0), ==, -1);
}

static void
test_links (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  MuHexMap *m = s->hex_map;
  int d = mu_hex_direction_to (&m->grid, (MuHex) { 1, 4 }, (MuHex) { 2, 4 });

  g_assert_cmpint (d, >=, 0);
  g_assert_true (mu_hex_map_has_link (m, (MuHex) { 1, 4 }, d, MU_PATH_TURNPIKE));
  g_assert_true (mu_hex_map_has_link (m, (MuHex) { 2, 4 }, (d + 3) % 6, MU_PATH_TURNPIKE));
  g_assert_false (mu_hex_map_has_link (m, (MuHex) { 1, 4 }, d, MU_PATH_LOCAL_ROAD));
  g_assert_false (mu_hex_map_has_link (m, (MuHex) { 1, 4 }, (d + 1) % 6, MU_PATH_TURNPIKE));
}

static void
test_copy (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  g_autoptr (MuScenario) c = NULL;
  MuCounter *orig, *copy;

  s->root_extra.elements = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (s->root_extra.elements, g_strdup ("<x:ext xmlns:x=\"urn:x\"/>"));
  g_array_append_val (s->timeline.night_bounds, ((int) { 14 }));
  c = mu_scenario_copy (s);

  g_assert_cmpuint (c->counters->len, ==, s->counters->len);
  orig = mu_scenario_find_counter (s, "sherman");
  copy = mu_scenario_find_counter (c, "sherman");
  g_assert_true (orig != copy);
  g_assert_cmpstr (copy->parent, ==, "tyler");
  g_assert_true (mu_hex_equal (copy->place.hex, orig->place.hex));
  g_assert_cmpint (mu_hex_map_cell (c->hex_map, (MuHex) { 5, 5 })->terrain, ==, MU_TERRAIN_WOODLAND);
  g_assert_cmpuint (mu_hex_map_side (c->hex_map, (MuHex) { 5, 5 }, 4), ==, MU_SIDE_STREAM | MU_SIDE_FORD);
  g_assert_cmpuint (((MuPath *) g_ptr_array_index (c->hex_map->paths, 0))->hexes->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (c->root_extra.elements, 0), ==, "<x:ext xmlns:x=\"urn:x\"/>");
  g_assert_cmpint (g_array_index (c->timeline.night_bounds, int, 0), ==, 14);
  /* deep: changing the copy leaves the original alone */
  mu_hex_map_cell (c->hex_map, (MuHex) { 5, 5 })->terrain = MU_TERRAIN_MARSH;
  g_assert_cmpint (mu_hex_map_cell (s->hex_map, (MuHex) { 5, 5 })->terrain, ==, MU_TERRAIN_WOODLAND);
}

static void
test_options_and_ids (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  g_autofree char *id = NULL;

  g_assert_true (mu_scenario_option (s, "baa.withdrawing", TRUE));
  mu_scenario_set_option (s, "baa.withdrawing", FALSE);
  g_assert_false (mu_scenario_option (s, "baa.withdrawing", TRUE));
  mu_scenario_set_option (s, "baa.withdrawing", TRUE);
  g_assert_cmpuint (s->options->len, ==, 1);

  g_ptr_array_add (s->counters, mu_counter_new (MU_COUNTER_UNIT, "u1", "usa"));
  id = mu_scenario_unique_id (s, "u");
  g_assert_cmpstr (id, ==, "u2");
}

static void
test_names (void)
{
  int minutes = 0;
  g_autofree char *t = NULL;

  for (int i = 0; i < MU_TERRAIN_N; i++)
    {
      MuTerrain back;
      g_assert_true (mu_terrain_from_string (mu_terrain_to_string (i), &back));
      g_assert_cmpint (back, ==, i);
    }
  for (int i = 0; i < MU_PATH_N; i++)
    {
      MuPathKind back;
      g_assert_true (mu_path_kind_from_string (mu_path_kind_to_string (i), &back));
      g_assert_cmpint (back, ==, i);
    }
  for (guint bit = 1; bit <= MU_SIDE_BREACHED; bit <<= 1)
    {
      MuSideFeatures back;
      g_assert_true (mu_side_feature_from_string (mu_side_feature_to_string (bit), &back));
      g_assert_cmpuint (back, ==, bit);
    }
  g_assert_false (mu_terrain_from_string ("lava", &(MuTerrain) { 0 }));
  g_assert_true (mu_minutes_parse ("06:30", &minutes));
  g_assert_cmpint (minutes, ==, 390);
  g_assert_false (mu_minutes_parse ("24:00", &minutes));
  g_assert_false (mu_minutes_parse ("6:30", &minutes));
  t = mu_minutes_to_string (25 * 60 + 5);
  g_assert_cmpstr (t, ==, "01:05");
}

/* River boats start on river hexes, everything else off them (BAA-MOV-8, BAA-SPC-4). */
static void
test_check_river_boats (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  MuCounter *boat = mu_counter_new (MU_COUNTER_UNIT, "boat", "usa");
  MuCounter *sherman = mu_scenario_find_counter (s, "sherman");
  MuPath *river = mu_path_new (MU_PATH_RIVER);

  mu_ruleset_set_initial_values (NULL, boat);
  boat->arm = MU_ARM_RIVERBOAT;
  mu_counter_set_int (boat, "identity", 1);
  boat->parent = g_strdup ("tyler");
  boat->place.kind = MU_PLACE_HEX;
  boat->place.hex = (MuHex) { 8, 8 };
  g_ptr_array_add (s->counters, boat);
  mu_hex_map_cell (s->hex_map, (MuHex) { 8, 8 })->terrain = MU_TERRAIN_WATER;
  g_array_append_val (river->hexes, ((MuHex) { 10, 2 }));
  g_array_append_val (river->hexes, ((MuHex) { 10, 3 }));
  g_ptr_array_add (s->hex_map->paths, river);

  {
    g_autoptr (GPtrArray) problems = mu_problem_list_new ();
    mu_scenario_check (s, problems);
    g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  }
  /* a river path hex is a river hex too */
  boat->place.hex = (MuHex) { 10, 3 };
  {
    g_autoptr (GPtrArray) problems = mu_problem_list_new ();
    mu_scenario_check (s, problems);
    g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  }
  /* a boat on land, and a brigade in the river */
  boat->place.hex = (MuHex) { 7, 7 };
  sherman->place.hex = (MuHex) { 8, 8 };
  {
    g_autoptr (GPtrArray) problems = mu_problem_list_new ();
    gboolean boat_seen = FALSE, brigade_seen = FALSE;

    mu_scenario_check (s, problems);
    g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 2);
    for (guint i = 0; i < problems->len; i++)
      {
        const MuProblem *p = g_ptr_array_index (problems, i);
        if (g_strcmp0 (p->object_id, "boat") == 0)
          boat_seen = strstr (p->message, "not a river hex") != NULL;
        if (g_strcmp0 (p->object_id, "sherman") == 0)
          brigade_seen = strstr (p->message, "impassable") != NULL;
      }
    g_assert_true (boat_seen);
    g_assert_true (brigade_seen);
  }
}

/* BAA-VIC-4: a task condition the engine cannot score is an error, not a
 * task that silently never scores. */
static void
test_check_task_conditions (void)
{
  static const struct { const char *condition; gboolean ok; } cases[] = {
    { "disperse usa 4", TRUE },
    { "hold o1", TRUE },
    { "hold usa 0504", TRUE },
    { "exit csa w 3", TRUE },
    { "exit usa n 1", TRUE },
    { "exit csa x 3", FALSE },
    { "exit csa w", FALSE },
    { "exit rebels w 2", FALSE },
    { "hold nowhere", FALSE },
    { "disperse usa many", FALSE },
    { "capture the flag", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (MuScenario) s = make_scenario ();
      g_autoptr (GPtrArray) problems = mu_problem_list_new ();
      MuObjective *o = mu_objective_new ("o1");
      MuTaskObjective *t = mu_task_objective_new ("t1");
      gboolean seen = FALSE;

      o->hex = (MuHex) { 5, 4 };
      g_ptr_array_add (s->objectives, o);
      t->side = g_strdup ("csa");
      t->text = g_strdup ("A task");
      t->condition = g_strdup (cases[i].condition);
      g_ptr_array_add (s->tasks, t);
      mu_scenario_check (s, problems);
      for (guint j = 0; j < problems->len; j++)
        {
          const MuProblem *p = g_ptr_array_index (problems, j);
          if (strstr (p->message, "is not understood (expected disperse SIDE N, hold OBJECTIVE") &&
              strstr (p->message, cases[i].condition) && g_strcmp0 (p->object_id, "t1") == 0)
            seen = TRUE;
        }
      if (seen == cases[i].ok)
        {
          g_printerr ("condition “%s”: %s\n", cases[i].condition,
                      seen ? "refused" : "accepted");
          g_test_fail ();
        }
    }
}

/* A file the editor saved mid-design fails only the checks: the editor's
 * load keeps it with its problems named, every other load refuses it; a
 * file that is not well-formed or breaks the schema is refused by both. */
static void
test_load_keep_checked (void)
{
  g_autoptr (MuScenario) s = make_scenario ();
  g_autoptr (GPtrArray) problems = mu_problem_list_new ();
  g_autoptr (GPtrArray) kept_problems = mu_problem_list_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MuScenario) refused = NULL;
  g_autoptr (MuScenario) kept = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-keep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "design.muster", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.muster", NULL);
  g_autofree char *on_disk = NULL;
  g_autofree char *again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *prefix = NULL;
  const MuProblem *found = NULL;
  MuTaskObjective *t = mu_task_objective_new ("t1");
  const char *bad[] = {
    "<scenario xmlns=\"" MU_SCENARIO_NAMESPACE "\" format=\"1\"><unclosed></scenario>",
    "<scenario xmlns=\"" MU_SCENARIO_NAMESPACE "\" format=\"1\"><nonsense/></scenario>",
  };

  g_assert_nonnull (dir);
  t->side = g_strdup ("csa");
  t->text = g_strdup ("Destroy the Union brigades");
  t->condition = g_strdup ("disperse usa 4");   /* usa has one unit (BAA-VIC-4) */
  g_ptr_array_add (s->tasks, t);
  g_assert_true (mu_scenario_save_file (s, path, NULL));
  g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));

  refused = mu_scenario_load_file (path, problems, &error);
  g_assert_null (refused);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 1);
  g_clear_error (&error);

  kept = mu_scenario_load_file_full (path, MU_LOAD_KEEP_CHECKED, kept_problems, NULL, NULL, NULL,
                                     &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  g_assert_cmpuint (mu_problem_list_n_errors (kept_problems), ==, 1);
  for (guint i = 0; i < kept_problems->len && found == NULL; i++)
    if (((MuProblem *) g_ptr_array_index (kept_problems, i))->severity == MU_PROBLEM_ERROR)
      found = g_ptr_array_index (kept_problems, i);
  g_assert_nonnull (found);
  first = mu_problem_to_string (found);
  prefix = g_strdup_printf ("%s:", path);
  g_test_message ("%s", first);
  g_assert_true (g_str_has_prefix (first, prefix));
  g_assert_cmpint (found->line, >, 0);
  g_assert_nonnull (strstr (first, ": error: "));
  g_assert_nonnull (strstr (first, "disperse usa 4"));
  /* nothing of the design is lost */
  again = mu_scenario_save_to_data (kept, NULL);
  g_assert_cmpstr (again, ==, on_disk);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GPtrArray) bad_problems = mu_problem_list_new ();
      g_autoptr (MuScenario) none = NULL;

      g_assert_true (g_file_set_contents (bad_path, bad[i], -1, NULL));
      none = mu_scenario_load_file_full (bad_path, MU_LOAD_KEEP_CHECKED, bad_problems, NULL, NULL, NULL,
                                         &error);
      g_assert_null (none);
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      g_assert_cmpuint (mu_problem_list_n_errors (bad_problems), >, 0);
      g_clear_error (&error);
    }

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (bad_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/scenario/lookup", test_lookup);
  g_test_add_func ("/engine/scenario/cells-and-sides", test_cells_and_sides);
  g_test_add_func ("/engine/scenario/links", test_links);
  g_test_add_func ("/engine/scenario/copy", test_copy);
  g_test_add_func ("/engine/scenario/options-and-ids", test_options_and_ids);
  g_test_add_func ("/engine/scenario/names", test_names);
  g_test_add_func ("/engine/scenario/check-river-boats", test_check_river_boats);
  g_test_add_func ("/engine/scenario/check-task-conditions/BAA-VIC-4", test_check_task_conditions);
  g_test_add_func ("/engine/scenario/load-keep-checked", test_load_keep_checked);
  return g_test_run ();
}
