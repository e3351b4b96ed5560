/* The phase tracker under a real display: the turn, clock and round from the
 * engine's position, the ruleset's steps with the current one marked and
 * the passed ones done with their account, what is left to do, the warning
 * before a compulsory step is ended, End Phase through match.end-phase. */
#define G_LOG_DOMAIN "test-phase-tracker"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-policy.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "muster-game.h"
#include "muster-icons.h"
#include "muster-phase-tracker.h"

static void
flush_events (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterGame *
open_game (const char *path, const int *forced, guint n_forced)
{
  g_autoptr(GError) error = NULL;
  MuMatch *match = mu_match_open_file (path, 7, forced, n_forced, NULL, &error);

  g_assert_no_error (error);
  return muster_game_new (match);
}

static MusterGame *
first_manassas (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);

  return open_game (path, NULL, 0);
}

static char *
fixture (const char *name)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules", name, NULL);
}

/* The line of the description that starts with `prefix`, or NULL. */
static char *
find_line (const char *text, const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i]);
  return NULL;
}

static void
end_phase (MusterGame *game)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_no_error (error);
}

/* The step rows under widget, each checked to have its title's whole text
 * at the start of its tooltip; how many there are. */
static guint
rows_with_name_tip (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LIST_BOX_ROW (widget))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));
      GtkWidget *labels = gtk_widget_get_last_child (box);
      const char *title = gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (labels)));
      const char *tip = gtk_widget_get_tooltip_text (widget);

      g_assert_nonnull (tip);
      g_assert_true (g_str_has_prefix (tip, title));
      return 1;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += rows_with_name_tip (c);
  return n;
}

/* At the start: the bound out of the scenario's 14, the clock, the round,
 * and exactly one current step, the one the engine's position names. */
static void
test_start (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (game));
  g_autofree char *text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  const MuStepInfo *step;
  MuPosition pos;
  guint n_current = 0;
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  muster_game_get_position (game, &pos);
  g_assert_nonnull (strstr (text, "turn Bound 1 of 14\n"));
  g_assert_nonnull (strstr (text, "clock 06:00 · Day\n"));
  g_assert_nonnull (strstr (text, "round Confederate round\n"));
  step = mu_turn_structure_find_step (muster_game_get_ruleset (game)->turns, pos.path);
  g_assert_nonnull (step);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "step current") &&
        strstr (lines[i], step->name) != NULL)
      n_current++;
  g_assert_cmpuint (n_current, ==, 1);
  /* its ancestors are in progress, the Union round is still to come */
  g_assert_nonnull (strstr (text, "step current 0 Round: Confederate\n"));
  g_assert_nonnull (strstr (text, "step pending 0 Round: Union\n"));
  /* the Confederates' STAR units have no commander yet: ending the step
   * would leave them NIC, BAA-CMD-11 */
  {
    g_autofree char *warning = NULL;

    g_assert_true (muster_phase_tracker_get_warning (MUSTER_PHASE_TRACKER (tracker), &warning));
    g_test_message ("warning: %s", warning);
    g_assert_nonnull (strstr (warning, "(BAA-CMD-11)"));
  }
  /* every row's whole name is in its tooltip, as long names are cut short */
  g_assert_cmpuint (rows_with_name_tip (tracker), >, 12);
  g_object_unref (tracker);
}

/* The automatic phases that passed are done with their account counted from
 * their events; in Move Unit Counters the units that may still move are
 * listed as the engine counts them; nothing compulsory. */
static void
test_passed_and_todo (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (game));
  g_autofree char *text = NULL;
  g_autofree char *nic = NULL;
  g_autofree char *todo_line = NULL;
  g_autofree char *want = NULL;
  g_autoptr(GArray) todo = NULL;
  MuPosition pos;
  guint placed = 0;
  gboolean in_phase = FALSE;
  const GPtrArray *events;

  /* to the Union round's phase 4: its phases 1-3 passed by themselves */
  for (int i = 0; i < 40; i++)
    {
      muster_game_get_position (game, &pos);
      if (g_strcmp0 (pos.side, "usa") == 0 && pos.phase >= 4)
        break;
      end_phase (game);
    }
  events = mu_match_get_events (muster_game_get_match (game));
  for (guint i = 0; i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);

      if (e->kind == MU_EVENT_BOUND)
        placed = 0;
      if (e->kind == MU_EVENT_PHASE)
        in_phase = g_strcmp0 (e->side, "usa") == 0 && g_strcmp0 (e->text, "control-nic") == 0;
      else if (in_phase && mu_event_is (e, "marker") && g_strcmp0 (e->text, "nic") == 0)
        placed++;
    }
  g_assert_cmpuint (placed, >, 0);
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  nic = find_line (text, "step done 2 NIC Marker (commands)");
  g_assert_nonnull (nic);
  want = g_strdup_printf ("%u nic markers placed", placed);
  g_assert_nonnull (strstr (nic, want));
  g_assert_nonnull (strstr (text, "step done 0 Round: Confederate\n"));
  g_assert_nonnull (strstr (text, "round Union round\n"));

  /* on to a movement phase with units to move */
  for (int i = 0; i < 200; i++)
    {
      g_clear_pointer (&todo, g_array_unref);
      todo = mu_match_get_outstanding (muster_game_get_match (game));
      muster_game_get_position (game, &pos);
      if (g_strcmp0 (pos.phase_id, "move-units") == 0 && todo->len > 0)
        break;
      end_phase (game);
    }
  g_assert_cmpuint (todo->len, ==, 1);
  g_free (text);
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  todo_line = g_strdup_printf ("todo %s\n", g_array_index (todo, MuTodo, 0).text);
  g_assert_nonnull (strstr (text, todo_line));
  g_assert_nonnull (strstr (text, "units with orders have not moved"));
  g_assert_nonnull (strstr (text, "step current 2 Move Unit Counters"));
  g_assert_false (muster_phase_tracker_get_warning (MUSTER_PHASE_TRACKER (tracker), NULL));
  g_object_unref (tracker);
}

/* BAA-MEL-2: with compulsory melees left the tracker warns, naming the rule,
 * and the engine refuses to end the phase; the list marks it compulsory. */
static void
test_compulsory_warning (void)
{
  g_autofree char *path = fixture ("baa-hex/melee.muster");
  const int dice[] = { 4, 1, 1, 1, 4, 1, 1, 4, 1, 1, 2 };
  g_autoptr(MusterGame) game = open_game (path, dice, G_N_ELEMENTS (dice));
  GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (game));
  g_autofree char *warning = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  end_phase (game);
  end_phase (game);
  g_assert_true (muster_phase_tracker_get_warning (MUSTER_PHASE_TRACKER (tracker), &warning));
  g_assert_cmpstr (warning, ==, "4 units in melee must attack (BAA-MEL-2)");
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  g_assert_nonnull (strstr (text, "todo compulsory 4 units in melee must attack\n"));
  g_assert_nonnull (strstr (text, "step current 2 Melee Unit Counters"));
  g_assert_false (muster_game_apply_line (game, "end-phase", &error));
  g_object_unref (tracker);
}

/* Night is the engine's; dusk the turn the scenario's dusk falls in; at the
 * end every step is done and the match is over. */
static void
test_daylight_and_end (void)
{
  g_autofree char *night_path = fixture ("baa-hex/night.muster");
  const int dice[] = { 3, 1, 1 };
  g_autoptr(MusterGame) night = open_game (night_path, dice, G_N_ELEMENTS (dice));
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (night));
  GtkWidget *fm = g_object_ref_sink (muster_phase_tracker_new (game));
  g_autofree char *text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  g_autofree char *line = NULL;
  MuPosition pos;

  g_assert_nonnull (strstr (text, "clock 22:00 · Night\n"));
  /* First Manassas: dusk at 19:30 falls in bound 14 (19:00) */
  for (int i = 0; i < 2000; i++)
    {
      muster_game_get_position (game, &pos);
      if (pos.bound == 14 || pos.finished)
        break;
      end_phase (game);
    }
  g_assert_cmpint (pos.bound, ==, 14);
  g_free (text);
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (fm));
  g_assert_nonnull (strstr (text, "turn Bound 14 of 14\n"));
  g_assert_nonnull (strstr (text, "clock 19:00 · Dusk\n"));
  for (int i = 0; i < 200 && !muster_game_is_over (game); i++)
    end_phase (game);
  g_assert_true (muster_game_is_over (game));
  g_free (text);
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (fm));
  g_assert_nonnull (strstr (text, "round The match is over\n"));
  g_assert_null (strstr (text, "step current"));
  g_assert_null (strstr (text, "step pending"));
  line = find_line (text, "turn ");
  g_assert_cmpstr (line, ==, "turn Bound 14 of 14");
  g_object_unref (tracker);
  g_object_unref (fm);
}

/* Undo resets the view to what it showed before the command. */
static void
test_undo_resets (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (game));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  gboolean undone = FALSE;

  for (int i = 0; i < 40 && !undone; i++)
    {
      g_free (before);
      before = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
      end_phase (game);
      if (muster_game_can_undo (game, NULL))
        {
          g_assert_true (muster_game_undo (game, &error));
          undone = TRUE;
        }
    }
  g_assert_true (undone);
  after = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  g_assert_cmpstr (after, ==, before);
  g_object_unref (tracker);
}

/* A ruleset that declares resources (here baa-hex with three of them
 * added, one per side, one per commander and one per unit, and values made
 * up by the hook): the tracker shows the per-side one with each side's
 * value, in the side order, and the per-commander one with each
 * commander's (toy-soldiers' élan and chaos, TS-ELAN-1, TS-STATE-3). */
static const MuResourceInfo test_resources[] = {
  { "elan", "Élan", "TEST-1", MU_RESOURCE_PER_SIDE, 0, 10 },
  { "chaos", "Chaos", "TEST-3", MU_RESOURCE_PER_COMMANDER, 1, 6 },
  { "ammo", "Ammunition", "TEST-2", MU_RESOURCE_PER_UNIT, 0, 10 },
};

static gboolean
test_resource (gpointer state, const char *resource, const char *owner, int *value)
{
  if (g_strcmp0 (resource, "chaos") == 0)
    {
      /* two commanders of the Union have one */
      if (g_strcmp0 (owner, "mcdowell") != 0 && g_strcmp0 (owner, "tyler") != 0)
        return FALSE;
      *value = g_str_equal (owner, "tyler") ? 4 : 2;
      return TRUE;
    }
  if (g_strcmp0 (resource, "elan") != 0)
    return FALSE;
  *value = g_strcmp0 (owner, "csa") == 0 ? 3 : 5;
  return TRUE;
}

static void
test_resources_shown (void)
{
  MuRuleset rs = *mu_ruleset_find ("baa-hex");
  MuTurnStructure turns = *rs.turns;
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autoptr(MusterGame) game = NULL;
  GtkWidget *tracker;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  turns.resources = test_resources;
  turns.n_resources = G_N_ELEMENTS (test_resources);
  rs.turns = &turns;
  rs.resource = test_resource;
  game = muster_game_new (mu_match_new_with_ruleset (&rs, s, 7, NULL, 0, &error));
  g_assert_no_error (error);
  tracker = g_object_ref_sink (muster_phase_tracker_new (game));
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  g_assert_nonnull (strstr (text, "resource elan csa 3\nresource elan usa 5\n"));
  g_assert_nonnull (strstr (text, "resource chaos mcdowell 2\nresource chaos tyler 4\n"));
  g_assert_null (strstr (text, "resource ammo"));
  g_object_unref (tracker);
}

static void
on_end_phase (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  (*(int *) data)++;
}

/* End Phase is named and asks the page's match.end-phase action. */
static void
test_end_button (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *tracker = muster_phase_tracker_new (game);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) action = g_simple_action_new ("end-phase", NULL);
  GtkWidget *button = NULL;
  int activated = 0;

  g_signal_connect (action, "activate", G_CALLBACK (on_end_phase), &activated);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (window, "match", G_ACTION_GROUP (group));
  gtk_window_set_child (GTK_WINDOW (window), tracker);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  for (GtkWidget *w = gtk_widget_get_first_child (tracker); w && !button;)
    {
      /* depth-first for the one button (the fold's toggle aside) */
      if (GTK_IS_BUTTON (w) && !GTK_IS_TOGGLE_BUTTON (w))
        button = w;
      else if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && !gtk_widget_get_next_sibling (w))
            w = gtk_widget_get_parent (w) == tracker ? NULL : gtk_widget_get_parent (w);
          w = w ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_End Phase");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "match.end-phase");
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpint (activated, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* The rows marked current (the "current-step" class) under widget: how
 * many, and the title of the last one. */
static guint
current_rows (GtkWidget   *widget,
              const char **title)
{
  guint n = 0;

  if (GTK_IS_LIST_BOX_ROW (widget))
    {
      GtkWidget *labels = gtk_widget_get_last_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget)));

      if (!gtk_widget_has_css_class (widget, "current-step"))
        return 0;
      *title = gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (labels)));
      return 1;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += current_rows (c, title);
  return n;
}

/* Every ruleset's phase rows against the engine's current step: a match
 * of each played by the engine's own policy, and after every command the
 * one row marked current is the step the engine's position names; the
 * steps it passes through (the initiative roll among them) each marked
 * once they are current. */
static void
test_current_step (void)
{
  static const char *const scenarios[] = {
    "first-manassas.muster", "henry-house-hill-table.muster", "learning-mn-brawners-farm.muster",
    "learning-ts-hokes-run.muster", "learning-qrs-big-bethel.muster",
  };

  for (guint k = 0; k < G_N_ELEMENTS (scenarios); k++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", scenarios[k], NULL);
      g_autoptr(MusterGame) game = open_game (path, NULL, 0);
      MuMatch *m = muster_game_get_match (game);
      const MuTurnStructure *turns = muster_game_get_ruleset (game)->turns;
      GtkWidget *tracker = g_object_ref_sink (muster_phase_tracker_new (game));
      g_autoptr(MuDice) rng = mu_policy_rng_new (3);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      guint n;

      for (n = 0; n < 120 && !mu_match_is_over (m); n++)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_RANDOM);
          const char *title = NULL;
          const MuStepInfo *step;
          g_autoptr(GError) error = NULL;
          MuPosition pos;

          muster_game_get_position (game, &pos);
          step = mu_turn_structure_find_step (turns, pos.path);
          if (step == NULL)
            g_test_message ("%s: the engine's step %s is none of the ruleset's", scenarios[k], pos.path);
          g_assert_nonnull (step);
          if (current_rows (tracker, &title) != 1 || !g_str_has_prefix (title, step->name))
            g_test_message ("%s, command %u: the engine is at %s (%s), the tracker marks %s", scenarios[k], n,
                            pos.path, step->name, title ? title : "nothing");
          g_assert_cmpuint (current_rows (tracker, &title), ==, 1);
          g_assert_true (g_str_has_prefix (title, step->name));
          g_hash_table_add (seen, (gpointer) step->name);
          g_assert_nonnull (c);
          g_assert_true (muster_game_apply (game, c, &error));
          g_assert_no_error (error);
        }
      g_test_message ("%s: %u commands, %u steps marked current", scenarios[k], n, g_hash_table_size (seen));
      g_object_unref (tracker);
    }
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

int
main (int argc, char **argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/phase-tracker/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/phase-tracker/start", test_start);
  g_test_add_func ("/app/phase-tracker/passed-and-todo/BAA-MOV-1", test_passed_and_todo);
  g_test_add_func ("/app/phase-tracker/compulsory-warning/BAA-MEL-2", test_compulsory_warning);
  g_test_add_func ("/app/phase-tracker/daylight-and-end", test_daylight_and_end);
  g_test_add_func ("/app/phase-tracker/undo-resets", test_undo_resets);
  g_test_add_func ("/app/phase-tracker/end-button", test_end_button);
  g_test_add_func ("/app/phase-tracker/resources", test_resources_shown);
  g_test_add_func ("/app/phase-tracker/current-step", test_current_step);
  return g_test_run ();
}
