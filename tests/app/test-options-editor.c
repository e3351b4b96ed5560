/* Rule options as controls of their type (a switch, a spin button, a
 * drop-down) with their rule id and explanation: the widget itself, the
 * New Match dialog (the players' choices reach the match) and Scenario
 * Properties (one undoable step, undone to the same file). */
#include "config.h"

#include "app-test.h"
#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "muster-match-dialog.h"
#include "muster-options-editor.h"
#include "muster-properties-dialog.h"

static const char *const formations[] = { "line", "column", "square", NULL };

/* One option of each type and class. */
static const MuRuleOptionInfo test_options[] = {
  { "t.flank", "Flank attacks", "Attacks on a flank add a die", "T-FL-1", MU_RULE_OPTIONAL, TRUE,
    MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "t.dice", "Activation dice", "The dice each player rolls", "T-ACT-2", MU_RULE_OPTIONAL, FALSE,
    MU_OPTION_NUMBER, 2, 4, 3, NULL },
  { "t.formation", "Opening formation", "The formation units start in", "T-FORM-3", MU_RULE_OPTIONAL, FALSE,
    MU_OPTION_CHOICE, 0, 0, 1, formations },
  { "t.zoc", "Zones of control", "Units stop next to an enemy", "T-ZOC-1", MU_RULE_ESSENTIAL, TRUE,
    MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "t.bua", "Built-up defence", "What built-up areas add", "T-BUA-1", MU_RULE_SPECIAL, FALSE,
    MU_OPTION_NUMBER, 1, 6, 3, NULL },
};

static char *
explanation_of (GtkWidget *control)
{
  /* the explanation travels with the control: its row's caption holds it */
  GtkWidget *box = gtk_widget_get_parent (control);
  GtkWidget *text = gtk_widget_get_first_child (box);
  GtkWidget *about = gtk_widget_get_next_sibling (gtk_widget_get_first_child (text));

  return g_strdup (gtk_label_get_text (GTK_LABEL (about)));
}

static void
test_widget (void)
{
  g_autoptr(MuScenario) s = mu_scenario_new_table ("mn-acw", 48, 36, MU_UNIT_INCH, "6mm");
  GtkWidget *window = gtk_window_new ();
  MusterOptionsEditor *all, *optional;
  g_autofree char *about = NULL;
  char *value;

  /* the scenario sets two of them; the others show their defaults */
  mu_scenario_set_option_value (s, "t.dice", "4");
  mu_scenario_set_option (s, "t.flank", TRUE);
  all = MUSTER_OPTIONS_EDITOR (muster_options_editor_new (test_options, G_N_ELEMENTS (test_options),
                                                          MUSTER_OPTIONS_ALL, s));
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (all));
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  g_assert_cmpuint (muster_options_editor_get_n_shown (all), ==, 5);
  g_assert_true (GTK_IS_SWITCH (muster_options_editor_get_control (all, "t.flank")));
  g_assert_true (GTK_IS_SPIN_BUTTON (muster_options_editor_get_control (all, "t.dice")));
  g_assert_true (GTK_IS_DROP_DOWN (muster_options_editor_get_control (all, "t.formation")));
  g_assert_true (GTK_IS_SPIN_BUTTON (muster_options_editor_get_control (all, "t.bua")));
  about = explanation_of (muster_options_editor_get_control (all, "t.dice"));
  g_assert_cmpstr (about, ==, "The dice each player rolls (T-ACT-2)");

  value = muster_options_editor_get_value (all, "t.dice");
  g_assert_cmpstr (value, ==, "4");
  g_free (value);
  value = muster_options_editor_get_value (all, "t.flank");
  g_assert_cmpstr (value, ==, "true");
  g_free (value);
  value = muster_options_editor_get_value (all, "t.formation");
  g_assert_cmpstr (value, ==, "column");
  g_free (value);
  value = muster_options_editor_get_value (all, "t.bua");
  g_assert_cmpstr (value, ==, "3");
  g_free (value);
  /* essential: on, and not to be changed */
  g_assert_false (gtk_widget_get_sensitive (muster_options_editor_get_control (all, "t.zoc")));
  g_assert_false (muster_options_editor_set_value (all, "t.zoc", "false"));

  /* values outside the declaration are refused and change nothing */
  g_assert_false (muster_options_editor_set_value (all, "t.dice", "5"));
  g_assert_false (muster_options_editor_set_value (all, "t.formation", "wedge"));
  g_assert_false (muster_options_editor_set_value (all, "t.flank", "maybe"));
  g_assert_false (muster_options_editor_set_value (all, "t.unknown", "1"));
  value = muster_options_editor_get_value (all, "t.dice");
  g_assert_cmpstr (value, ==, "4");
  g_free (value);
  /* the controls themselves */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_options_editor_get_control (all, "t.dice")), 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (muster_options_editor_get_control (all, "t.formation")), 2);
  g_assert_true (muster_options_editor_set_value (all, "t.bua", "6"));

  /* only what differs is written */
  {
    g_autoptr(MuScenario) copy = mu_scenario_copy (s);
    guint before = copy->options->len;

    muster_options_editor_apply (all, copy);
    g_assert_cmpstr (mu_scenario_option_value (copy, "t.dice"), ==, "2");
    g_assert_cmpstr (mu_scenario_option_value (copy, "t.formation"), ==, "square");
    g_assert_cmpstr (mu_scenario_option_value (copy, "t.bua"), ==, "6");
    g_assert_true (mu_scenario_option (copy, "t.flank", FALSE));
    g_assert_null (mu_scenario_option_value (copy, "t.zoc"));
    g_assert_cmpuint (copy->options->len, ==, before + 2);
  }

  /* the players' choices alone */
  optional = MUSTER_OPTIONS_EDITOR (muster_options_editor_new (test_options, G_N_ELEMENTS (test_options),
                                                               MUSTER_OPTIONS_OPTIONAL, s));
  g_object_ref_sink (optional);
  g_assert_cmpuint (muster_options_editor_get_n_shown (optional), ==, 3);
  g_assert_null (muster_options_editor_get_control (optional, "t.zoc"));
  g_assert_null (muster_options_editor_get_control (optional, "t.bua"));
  g_object_unref (optional);
  /* without a scenario: the declared defaults */
  optional = MUSTER_OPTIONS_EDITOR (muster_options_editor_new (test_options, G_N_ELEMENTS (test_options),
                                                               MUSTER_OPTIONS_ALL, NULL));
  g_object_ref_sink (optional);
  value = muster_options_editor_get_value (optional, "t.dice");
  g_assert_cmpstr (value, ==, "3");
  g_free (value);
  value = muster_options_editor_get_value (optional, "t.zoc");
  g_assert_cmpstr (value, ==, "true");
  g_free (value);
  value = muster_options_editor_get_value (optional, "t.flank");
  g_assert_cmpstr (value, ==, "true");
  g_free (value);
  g_object_unref (optional);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* New Match: the ruleset's optional rules, each with its control; what is
 * chosen is the match's scenario. */
static void
test_match_dialog (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
  const MuRuleset *ruleset = mu_ruleset_find (scenario->ruleset);
  MusterMatchDialog *dialog = MUSTER_MATCH_DIALOG (muster_match_dialog_new (NULL, scenario));
  MusterOptionsEditor *options;
  const MuRuleOptionInfo *chosen = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  guint optional = 0;
  gboolean was;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  options = MUSTER_OPTIONS_EDITOR (muster_match_dialog_get_options (dialog));
  g_assert_nonnull (options);
  for (guint i = 0; i < ruleset->n_options; i++)
    if (ruleset->options[i].rule_class == MU_RULE_OPTIONAL)
      {
        optional++;
        chosen = &ruleset->options[i];
        g_assert_nonnull (muster_options_editor_get_control (options, chosen->key));
      }
    else
      g_assert_null (muster_options_editor_get_control (options, ruleset->options[i].key));
  g_assert_cmpuint (muster_options_editor_get_n_shown (options), ==, optional);
  g_assert_nonnull (chosen);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (options), GTK_WIDGET (dialog)));

  was = mu_scenario_option (scenario, chosen->key, chosen->default_value);
  g_assert_true (muster_options_editor_set_value (options, chosen->key, was ? "false" : "true"));
  muster_match_dialog_set_seed (dialog, "12");
  game = muster_match_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mu_scenario_option (muster_game_get_scenario (game), chosen->key, chosen->default_value), ==,
                   !was);
  g_assert_cmpuint (mu_match_get_seed (muster_game_get_match (game)), ==, 12);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* The row of the Players grid that names the side `name`, or -1. */
static int
player_row (GtkWidget  *root,
            const char *name)
{
  if (GTK_IS_LABEL (root) && GTK_IS_GRID (gtk_widget_get_parent (root)) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), name) == 0)
    {
      int row;

      gtk_grid_query_child (GTK_GRID (gtk_widget_get_parent (root)), root, NULL, &row, NULL, NULL);
      return row;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      int row = player_row (child, name);

      if (row >= 0)
        return row;
    }
  return -1;
}

/* New Match lists the sides in the order they play, as the engine has it:
 * in both Brothers at Arms the Confederates play first (BAA-GEN-3, BAT §2)
 * although the scenarios name the Union first; the regimental rules roll
 * for the first side each turn (TAB-20), so the scenario's order stays. */
static void
test_match_dialog_sides (void)
{
  static const struct { const char *file; gboolean csa_first; } cases[] = {
    { "learning-blackburns-ford.muster", TRUE },
    { "learning-table-blackburns-ford.muster", TRUE },
    { "qrs-blackburns-ford.muster", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MuScenario) scenario = app_test_load_scenario (cases[i].file);
      GtkWidget *dialog = muster_match_dialog_new (NULL, scenario);
      int csa, usa;

      g_test_message ("%s", cases[i].file);
      gtk_window_present (GTK_WINDOW (dialog));
      flush_events ();
      csa = player_row (dialog, "Confederate");
      usa = player_row (dialog, "Union");
      g_assert_cmpint (csa, >=, 0);
      g_assert_cmpint (usa, >=, 0);
      g_assert_cmpint (csa < usa, ==, cases[i].csa_first);
      gtk_window_destroy (GTK_WINDOW (dialog));
      flush_events ();
    }
}

/* Scenario Properties: a number option is a spin button; its change is one
 * undoable step, undone to the same file. */
static void
test_properties (void)
{
  g_autoptr(MuEditHistory) history =
    mu_edit_history_new (mu_scenario_new_table ("mn-acw", 48, 36, MU_UNIT_INCH, "6mm"));
  g_autofree char *before = mu_scenario_save_to_data (mu_edit_history_get_scenario (history), NULL);
  g_autofree char *after_undo = NULL;
  MusterPropertiesDialog *dialog = MUSTER_PROPERTIES_DIALOG (muster_properties_dialog_new (NULL, history));
  GtkWidget *dice;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  dice = muster_properties_dialog_get_field (dialog, "option:mn.activation-dice");
  g_assert_true (GTK_IS_SPIN_BUTTON (dice));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (dice)), ==, 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (dice), 3);
  g_assert_true (muster_properties_dialog_apply (dialog, NULL));
  g_assert_cmpstr (mu_scenario_option_value (mu_edit_history_get_scenario (history), "mn.activation-dice"), ==, "3");
  g_assert_cmpuint (mu_edit_history_get_n_undo (history), ==, 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (history), ==, "Change Scenario Properties");
  /* the file writes it as value="3" */
  {
    g_autofree char *bytes = mu_scenario_save_to_data (mu_edit_history_get_scenario (history), NULL);

    g_assert_nonnull (strstr (bytes, "key=\"mn.activation-dice\""));
    g_assert_nonnull (strstr (bytes, "value=\"3\""));
  }
  /* applying again changes nothing */
  g_assert_true (muster_properties_dialog_apply (dialog, NULL));
  g_assert_cmpuint (mu_edit_history_get_n_undo (history), ==, 1);
  g_assert_true (mu_edit_history_undo (history));
  after_undo = mu_scenario_save_to_data (mu_edit_history_get_scenario (history), NULL);
  g_assert_cmpstr (after_undo, ==, before);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

static char *
switch_shown (const char *fixture,
              const char *key)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules",
                                            fixture, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  GtkWidget *editor;
  char *value;

  g_assert_no_error (error);
  editor = g_object_ref_sink (muster_options_editor_new_for_scenario (s, MUSTER_OPTIONS_ALL));
  value = muster_options_editor_get_value (MUSTER_OPTIONS_EDITOR (editor), key);
  g_object_unref (editor);
  return value;
}

/* A special rule the scenario's data enables shows on when the scenario
 * leaves it unset, as play reads it: railroads with a railroad reserve,
 * river boats with a river boat (BAT-MOV-10, BAT-MOV-11, BAA-SPC-1..5). */
static void
test_data_defaults (void)
{
  static const struct { const char *fixture, *key, *shown; } cases[] = {
    { "baa-table/specials.muster", "bat.railroads", "true" },
    { "baa-table/specials.muster", "bat.river-boats", "true" },
    { "baa-table/reserves-edge.muster", "bat.railroads", "false" },
    { "baa-table/reserves-edge.muster", "bat.river-boats", "false" },
    /* the scenario's own word wins */
    { "baa-table/reserves-train-off.muster", "bat.railroads", "false" },
    { "baa-hex/boat.muster", "baa.river-boats", "true" },
    { "baa-hex/boat.muster", "baa.railroads", "false" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *value = switch_shown (cases[i].fixture, cases[i].key);

      g_test_message ("%s %s", cases[i].fixture, cases[i].key);
      g_assert_cmpstr (value, ==, cases[i].shown);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/options-editor/no-display"))
    {
      g_test_add_func ("/app/options-editor/widget", test_widget);
      g_test_add_func ("/app/options-editor/match-dialog", test_match_dialog);
      g_test_add_func ("/app/options-editor/match-dialog-sides", test_match_dialog_sides);
      g_test_add_func ("/app/options-editor/properties", test_properties);
      g_test_add_func ("/app/options-editor/data-defaults", test_data_defaults);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
