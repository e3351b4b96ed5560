/* The result page: the winner and level from the engine's result, the
 * objectives with their owners, the losses counted against the order of
 * battle (checked against the --state text), and its three actions. */
#define G_LOG_DOMAIN "test-result-page"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-ruleset.h"
#include "muster-game.h"
#include "muster-icons.h"
#include "muster-result-page.h"

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

/* Counts from the --state lines: "unit ID side=SIDE ... status=S". */
static void
count_state (MusterGame *game, const char *side, int *units, int *units_lost, int *cdrs,
             int *cdrs_lost)
{
  g_autofree char *state = mu_match_format_state (muster_game_get_match (game));
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_autofree char *side_word = g_strdup_printf (" side=%s ", side);

  *units = *units_lost = *cdrs = *cdrs_lost = 0;
  for (guint i = 0; lines[i]; i++)
    {
      if (strstr (lines[i], side_word) == NULL)
        continue;
      if (g_str_has_prefix (lines[i], "unit "))
        {
          (*units)++;
          if (strstr (lines[i], "status=dispersed") || strstr (lines[i], "status=surrendered"))
            (*units_lost)++;
        }
      else if (g_str_has_prefix (lines[i], "command ") || g_str_has_prefix (lines[i], "control "))
        {
          (*cdrs)++;
          if (strstr (lines[i], "status=disabled") || strstr (lines[i], "status=captured") ||
              strstr (lines[i], "status=removed"))
            (*cdrs_lost)++;
        }
    }
}

static void
assert_losses (MusterGame *game, const char *text, const char *side)
{
  int units, units_lost, cdrs, cdrs_lost;
  g_autofree char *want_units = NULL;
  g_autofree char *want_cdrs = NULL;
  g_autofree char *prefix = g_strdup_printf ("losses %s units ", side);
  const char *line = strstr (text, prefix);

  count_state (game, side, &units, &units_lost, &cdrs, &cdrs_lost);
  want_units = g_strdup_printf ("%s%d/%d ", prefix, units_lost, units);
  want_cdrs = g_strdup_printf (" commanders %d/%d\n", cdrs_lost, cdrs);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, want_units));
  g_assert_nonnull (strstr (line, want_cdrs));
}

/* A melee that makes a unit surrender is a loss of its side, shown while
 * the match goes on. */
static void
test_losses (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures",
                                            "rules", "baa-hex", "melee.muster", NULL);
  const int dice[] = { 4, 1, 1, 1, 4, 1, 1, 4, 1, 1, 2 };
  g_autoptr(MusterGame) game = open_game (path, dice, G_N_ELEMENTS (dice));
  GtkWidget *page = g_object_ref_sink (muster_result_page_new (game));
  g_autofree char *before = muster_result_page_describe (MUSTER_RESULT_PAGE (page));
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (strstr (before, "title The match is not over\n"));
  g_assert_nonnull (strstr (before, "losses usa units 0/"));
  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_true (muster_game_apply_line (game, "melee a1 ms", &error));
  g_assert_no_error (error);
  after = muster_result_page_describe (MUSTER_RESULT_PAGE (page));
  g_assert_nonnull (strstr (after, "losses usa units 1/"));
  assert_losses (game, after, "usa");
  assert_losses (game, after, "csa");
  g_object_unref (page);
}

/* First Manassas to its end: the engine's winner and level, every
 * objective with the owner the engine reports. */
static void
test_end_of_match (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(MusterGame) game = open_game (path, NULL, 0);
  GtkWidget *page = g_object_ref_sink (muster_result_page_new (game));
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  GArray *objectives;
  MuResult r;

  for (int i = 0; i < 2000 && !muster_game_is_over (game); i++)
    g_assert_true (muster_game_apply_line (game, "end-phase", NULL));
  g_assert_true (muster_game_is_over (game));
  text = muster_result_page_describe (MUSTER_RESULT_PAGE (page));
  mu_match_get_result (muster_game_get_match (game), &r);
  g_assert_true (r.over);
  if (r.winner)
    {
      const MuSide *side = mu_scenario_find_side (muster_game_get_scenario (game), r.winner);

      title = g_strdup_printf ("title %s wins\n", side->name);
    }
  else
    title = g_strdup ("title Neither side wins\n");
  g_assert_nonnull (strstr (text, title));
  g_assert_nonnull (strstr (text, "level "));
  /* the score names the sides ("Confederate 4, Union 2"), not their ids */
  g_assert_cmpuint (r.n_scores, ==, 2);
  {
    const MuScenario *s = muster_game_get_scenario (game);
    g_autofree char *score = g_strdup_printf ("score %s %d, %s %d\n",
                                              mu_scenario_find_side (s, r.score_side[0])->name, r.score[0],
                                              mu_scenario_find_side (s, r.score_side[1])->name, r.score[1]);

    g_assert_nonnull (strstr (text, score));
  }
  mu_result_clear (&r);
  objectives = mu_match_get_objectives (muster_game_get_match (game));
  g_assert_cmpuint (objectives->len, ==, 6);
  for (guint i = 0; i < objectives->len; i++)
    {
      const MuObjectiveView *v = &g_array_index (objectives, MuObjectiveView, i);
      g_autofree char *line = g_strdup_printf ("objective %s %s\n", v->objective->name,
                                               v->owner ? v->owner : "-");

      g_assert_nonnull (strstr (text, line));
    }
  assert_losses (game, text, "usa");
  assert_losses (game, text, "csa");
  g_object_unref (page);
}

static void
on_activate (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  GString *s = data;

  g_string_append_printf (s, "%s ", g_action_get_name (G_ACTION (action)));
}

static void
collect_buttons (GtkWidget *w, GPtrArray *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_BUTTON (c))
        g_ptr_array_add (out, c);
      collect_buttons (c, out);
    }
}

/* Replay, Save and Close are named and ask the match page's actions and
 * the window's Save. */
static void
test_buttons (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(MusterGame) game = open_game (path, NULL, 0);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = muster_result_page_new (game);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleActionGroup) win = g_simple_action_group_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GString) activated = g_string_new (NULL);
  const char *names[] = { "replay", "save", "close" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GSimpleAction) a = g_simple_action_new (names[i], NULL);

      g_signal_connect (a, "activate", G_CALLBACK (on_activate), activated);
      g_action_map_add_action (G_ACTION_MAP (strcmp (names[i], "save") == 0 ? win : group), G_ACTION (a));
    }
  gtk_widget_insert_action_group (window, "match", G_ACTION_GROUP (group));
  gtk_widget_insert_action_group (window, "win", G_ACTION_GROUP (win));
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  collect_buttons (page, buttons);
  g_assert_cmpuint (buttons->len, ==, 3);
  g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 0)), ==, "_Replay");
  g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 1)), ==, "_Save");
  g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 2)), ==, "_Close");
  for (guint i = 0; i < buttons->len; i++)
    g_signal_emit_by_name (g_ptr_array_index (buttons, i), "clicked");
  g_assert_cmpstr (activated->str, ==, "replay save close ");
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static void
collect_visible_labels (GtkWidget *w, GString *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      if (!gtk_widget_get_visible (c))
        continue;
      if (GTK_IS_LABEL (c))
        g_string_append_printf (out, "[%s]", gtk_label_get_text (GTK_LABEL (c)));
      collect_visible_labels (c, out);
    }
}

/* Toy Soldiers has no objectives: the page shows no empty "Objectives"
 * heading, while First Manassas keeps it. */
static void
test_no_objectives (void)
{
  const char *files[] = { "ts-balls-bluff.muster", "first-manassas.muster" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", files[i], NULL);
      g_autoptr(MusterGame) game = open_game (path, NULL, 0);
      GtkWidget *page = g_object_ref_sink (muster_result_page_new (game));
      g_autoptr(GString) labels = g_string_new (NULL);
      GArray *objectives = mu_match_get_objectives (muster_game_get_match (game));

      collect_visible_labels (page, labels);
      g_assert_nonnull (strstr (labels->str, "[Losses]"));
      if (objectives && objectives->len > 0)
        g_assert_nonnull (strstr (labels->str, "[Objectives]"));
      else
        g_assert_null (strstr (labels->str, "[Objectives]"));
      g_assert_cmpint (i == 0, ==, objectives == NULL || objectives->len == 0);
      g_object_unref (page);
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
      g_test_add_func ("/app/result-page/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/result-page/losses", test_losses);
  g_test_add_func ("/app/result-page/end-of-match", test_end_of_match);
  g_test_add_func ("/app/result-page/buttons", test_buttons);
  g_test_add_func ("/app/result-page/no-objectives", test_no_objectives);
  return g_test_run ();
}
