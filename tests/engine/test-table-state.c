/* test-table-state.c: a table's state besides its units (mu-table-state.h)
 *
 * No shipped ruleset burns buildings or lays smoke yet, so a small ruleset
 * of this file does, through the API a ruleset would use: `burn AREA` sets
 * a building on fire (the third fire destroys it and turns its garrison
 * out), `garrison AREA UNIT`, `smoke @X,Y R` lays smoke of radius R that
 * lasts through the next bound, `end-bound`. The state shows in the views
 * (mu_match_get_table_state), in the --state lines, and a saved match (its
 * commands) and undo replay it. */
#include "config.h"

#include <string.h>

#include "mu-error.h"
#include "mu-match.h"
#include "mu-table-state.h"

typedef struct {
  const MuScenario *s;
  MuTableState *table;
  int bound;
  GArray *views;
  GArray *objectives;
} TState;

static const MuStepInfo steps[] = {
  { "play", "Play", NULL, MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
};

static const MuTurnStructure turns = {
  .turn_name = "Bound",
  .minutes_per_turn = 60,
  .side_order = MU_SIDE_ORDER_SCENARIO,
  .steps = steps,
  .n_steps = G_N_ELEMENTS (steps),
};

static const MuVerbInfo verbs[] = {
  { "burn", "AREA", NULL, 0, NULL },
  { "garrison", "AREA UNIT", NULL, 0, NULL },
  { "smoke", "POS N", NULL, 0, NULL },
  { "end-bound", NULL, NULL, MU_VERB_END_STEP, NULL },
};

static gpointer
state_new (const MuScenario *s, MuDice *dice, GPtrArray *events, GError **error)
{
  TState *t = g_new0 (TState, 1);

  t->s = s;
  t->bound = 1;
  t->table = mu_table_state_new (s->table);
  mu_event_add (events, MU_EVENT_MATCH_START, "test-table-state");
  return t;
}

static gpointer
state_copy (gpointer data, MuDice *dice)
{
  TState *t = data, *c = g_new0 (TState, 1);

  *c = *t;
  c->table = mu_table_state_copy (t->table);
  c->views = c->objectives = NULL;
  return c;
}

static void
state_free (gpointer data)
{
  TState *t = data;

  mu_table_state_free (t->table);
  g_clear_pointer (&t->views, g_array_unref);
  g_clear_pointer (&t->objectives, g_array_unref);
  g_free (t);
}

static gboolean
refuse (GError **error, const char *what)
{
  g_set_error_literal (error, MU_ERROR, MU_ERROR_ILLEGAL, what);
  return FALSE;
}

static gboolean
apply (gpointer data, const MuCommand *c, GPtrArray *events, GError **error)
{
  TState *t = data;
  const char *verb = mu_command_get_verb (c);
  MuAreaState *a = NULL;

  if (g_str_equal (verb, "burn") || g_str_equal (verb, "garrison"))
    {
      a = mu_table_state_area (t->table, mu_command_word (c, 0));
      if (a == NULL)
        return refuse (error, "no such area");
      if (a->destroyed)
        return refuse (error, "destroyed");
    }
  if (g_str_equal (verb, "burn"))
    {
      /* the third fire destroys it and turns its garrison out */
      if (++a->fire == 3)
        {
          a->destroyed = TRUE;
          mu_table_state_set_garrison (a, NULL);
        }
    }
  else if (g_str_equal (verb, "garrison"))
    {
      if (mu_scenario_find_counter (t->s, mu_command_word (c, 1)) == NULL)
        return refuse (error, "no such unit");
      mu_table_state_set_garrison (a, mu_command_word (c, 1));
    }
  else if (g_str_equal (verb, "smoke"))
    mu_table_state_add_marker (t->table, "smoke", mu_command_arg (c, 0)->pos.point,
                               mu_command_arg (c, 1)->number, t->bound + 1);
  else if (g_str_equal (verb, "end-bound"))
    mu_table_state_expire (t->table, ++t->bound);
  else
    return refuse (error, "unknown verb");
  return TRUE;
}

static GPtrArray *
legal_commands (gpointer data)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  g_ptr_array_add (out, mu_command_new ("end-bound"));
  return out;
}

static GArray *
legal_moves (gpointer data, const char *counter)
{
  return g_array_new (FALSE, FALSE, sizeof (MuPos));
}

static GPtrArray *
legal_targets (gpointer data, const char *counter)
{
  return g_ptr_array_new_with_free_func (g_free);
}

static void
position (gpointer data, MuPosition *p)
{
  TState *t = data;

  memset (p, 0, sizeof *p);
  p->bound = t->bound;
  p->phase = 1;
  p->side = "usa";
  p->awaited = "usa";
  p->path = "play";
}

static const MuDecision *
pending (gpointer data)
{
  return NULL;
}

static GArray *
counters (gpointer data)
{
  TState *t = data;

  if (t->views == NULL)
    t->views = mu_counter_view_array_new ();
  return t->views;
}

static GArray *
objectives (gpointer data)
{
  TState *t = data;

  if (t->objectives == NULL)
    t->objectives = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  return t->objectives;
}

static void
victory (gpointer data, MuResult *r)
{
  memset (r, 0, sizeof *r);
}

static gboolean
check_invariants (gpointer data, GError **error)
{
  return TRUE;
}

static const MuTableState *
table_state (gpointer data)
{
  return ((TState *) data)->table;
}

static const MuRuleset test_ruleset = {
  .id = "test-table-state",
  .name = "Test table state",
  .board = MU_BOARD_TABLE,
  .turns = &turns,
  .verbs = verbs,
  .n_verbs = G_N_ELEMENTS (verbs),
  .state_new = state_new,
  .state_copy = state_copy,
  .state_free = state_free,
  .apply = apply,
  .legal_commands = legal_commands,
  .legal_moves = legal_moves,
  .legal_targets = legal_targets,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .table_state = table_state,
};

static MuScenario *
scenario (void)
{
  MuScenario *s = mu_scenario_new_table ("test-table-state", 48, 36, MU_UNIT_INCH, "15mm");
  MuArea *church = mu_area_new (MU_AREA_BUILDING), *farm = mu_area_new (MU_AREA_BUILDING);
  MuArea *woods = mu_area_new (MU_AREA_WOODS);
  MuPoint a[] = { { 10, 10 }, { 12, 10 }, { 12, 12 }, { 10, 12 } };
  MuPoint b[] = { { 20, 10 }, { 22, 10 }, { 22, 12 }, { 20, 12 } };
  MuPoint w[] = { { 30, 20 }, { 40, 20 }, { 40, 30 }, { 30, 30 } };
  MuCounter *u = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");

  church->id = g_strdup ("church");
  farm->id = g_strdup ("farm");
  g_array_append_vals (church->points, a, 4);
  g_array_append_vals (farm->points, b, 4);
  g_array_append_vals (woods->points, w, 4);
  g_ptr_array_add (s->table->areas, church);
  g_ptr_array_add (s->table->areas, woods);   /* no id: no state of its own */
  g_ptr_array_add (s->table->areas, farm);
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x3b5998));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0x8c8c8c));
  u->strength = 4;
  g_ptr_array_add (s->counters, u);
  return s;
}

/* The area and marker lines of the --state text. */
static char *
table_lines (const MuMatch *m)
{
  g_autofree char *state = mu_match_format_state (m);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "area ") || g_str_has_prefix (lines[i], "marker "))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

static void
play (MuMatch *m, const char *line)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mu_match_apply_line (m, line, NULL, &error));
  g_assert_no_error (error);
}

static void
assert_lines (const MuMatch *m, const char *expected)
{
  g_autofree char *lines = table_lines (m);

  g_assert_cmpstr (lines, ==, expected);
}

static void
test_views_and_state (void)
{
  g_autoptr(MuScenario) s = scenario ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&test_ruleset, s, 1, NULL, 0, &error);
  g_autoptr(MuTableState) kept = NULL;
  const MuTableState *ts;
  const GArray *areas, *marks;

  g_assert_no_error (error);
  /* at the start nothing is said: every area is as the scenario has it */
  assert_lines (m, "");
  ts = mu_match_get_table_state (m);
  g_assert_nonnull (ts);
  areas = mu_table_state_areas (ts);
  g_assert_cmpuint (areas->len, ==, 2);
  g_assert_cmpstr (g_array_index (areas, MuAreaState, 0).area, ==, "church");
  g_assert_cmpstr (g_array_index (areas, MuAreaState, 1).area, ==, "farm");

  play (m, "garrison church u1");
  play (m, "burn church");
  assert_lines (m, "area church fire=1 destroyed=no garrison=u1\n");
  kept = mu_table_state_copy (mu_match_get_table_state (m));
  play (m, "smoke @10.50,20.25 3");
  assert_lines (m, "area church fire=1 destroyed=no garrison=u1\n"
                   "marker smoke at=@10.50,20.25 radius=3.00 until=2\n");
  ts = mu_match_get_table_state (m);
  marks = mu_table_state_markers (ts);
  g_assert_cmpuint (marks->len, ==, 1);
  g_assert_cmpfloat (g_array_index (marks, MuPointMarker, 0).radius, ==, 3.0);
  g_assert_cmpfloat (g_array_index (marks, MuPointMarker, 0).at.x, ==, 10.5);
  g_assert_cmpint (g_array_index (marks, MuPointMarker, 0).until, ==, 2);
  /* a copy is kept as it was */
  g_assert_cmpuint (mu_table_state_markers (kept)->len, ==, 0);
  g_assert_cmpint (g_array_index (mu_table_state_areas (kept), MuAreaState, 0).fire, ==, 1);

  play (m, "burn church");
  play (m, "burn church");
  /* the third fire destroys it and turns the garrison out */
  assert_lines (m, "area church fire=3 destroyed=yes garrison=-\n"
                   "marker smoke at=@10.50,20.25 radius=3.00 until=2\n");
  g_assert_false (mu_match_apply_line (m, "burn church", NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (mu_match_apply_line (m, "burn nowhere", NULL, &error));
  g_clear_error (&error);

  /* the smoke lasts through the next bound and is gone after it */
  play (m, "end-bound");
  assert_lines (m, "area church fire=3 destroyed=yes garrison=-\n"
                   "marker smoke at=@10.50,20.25 radius=3.00 until=2\n");
  play (m, "smoke @30.00,5.00 1.5");
  play (m, "end-bound");
  assert_lines (m, "area church fire=3 destroyed=yes garrison=-\n"
                   "marker smoke at=@30.00,5.00 radius=1.50 until=3\n");
  play (m, "garrison farm u1");
  assert_lines (m, "area church fire=3 destroyed=yes garrison=-\n"
                   "area farm fire=0 destroyed=no garrison=u1\n"
                   "marker smoke at=@30.00,5.00 radius=1.50 until=3\n");
}

/* A saved match is its commands: replayed, they give the same state, at
 * its end and at every step; undo goes back to the state before. */
static void
test_saved_and_undone (void)
{
  const char *const lines[] = { "garrison church u1", "burn church", "smoke @10.00,12.00 2", "end-bound",
                                "burn farm", "burn church", "end-bound", "smoke @5.00,5.00 0.5" };
  g_autoptr(MuScenario) s = scenario ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new_with_ruleset (&test_ruleset, s, 1, NULL, 0, &error);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRegex) command = g_regex_new ("<command>([^<]*)</command>", 0, 0, NULL);
  g_autoptr(GMatchInfo) info = NULL;
  g_autoptr(MuMatch) replay = NULL;
  g_autofree char *data = NULL;
  g_autofree char *end = NULL;
  g_autofree char *again = NULL;
  guint n = 0;

  g_assert_no_error (error);
  g_ptr_array_add (seen, table_lines (m));
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      play (m, lines[i]);
      g_ptr_array_add (seen, table_lines (m));
    }
  end = table_lines (m);
  g_assert_nonnull (strstr (end, "area farm fire=1"));
  g_assert_nonnull (strstr (end, "marker smoke at=@5.00,5.00 radius=0.50 until=4"));

  /* the saved match's commands, replayed */
  data = mu_match_save_to_data (m, NULL);
  replay = mu_match_new_with_ruleset (&test_ruleset, s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  g_regex_match (command, data, 0, &info);
  while (g_match_info_matches (info))
    {
      g_autofree char *line = g_match_info_fetch (info, 1);
      g_autofree char *step = NULL;

      play (replay, line);
      n++;
      step = table_lines (replay);
      g_assert_cmpstr (step, ==, g_ptr_array_index (seen, n));
      g_match_info_next (info, NULL);
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (lines));
  again = table_lines (replay);
  g_assert_cmpstr (again, ==, end);

  /* undo, step by step back to the start */
  for (guint k = G_N_ELEMENTS (lines); k > 0; k--)
    {
      g_autofree char *back = NULL;

      g_assert_true (mu_match_undo (m, &error));
      g_assert_no_error (error);
      back = table_lines (m);
      g_assert_cmpstr (back, ==, g_ptr_array_index (seen, k - 1));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/table-state/views-and-state", test_views_and_state);
  g_test_add_func ("/engine/table-state/saved-and-undone", test_saved_and_undone);
  return g_test_run ();
}
