/* test-mn-acw-window.c: a hot-seat match of mn-acw played to its result in
 * the window, as two people play it (issue 28)
 *
 * A fixed rule chooses each command (the greedy policy, from the engine's
 * legal commands); the test then enters it through the page as a player
 * would: the hand-over screen taken, the unit selected on the board and
 * its button pressed (an activation's direction, an attachment), a melee
 * pair by its button in the step's list of every pair, with nothing
 * selected, a move by a click in the unit's movement region, a charge
 * by two clicks on its target (the first shows the path to contact), a
 * decision by its answer's button, the end of a step by match.end-phase.
 * With MUSTER_SCREENSHOT_DIR set it writes the charge with its path, a
 * melee in the log and the result page as PNGs. */
#define G_LOG_DOMAIN "test-mn-acw-window"

#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "match-widgets.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>

#include "mu-policy.h"
#include "mu-region.h"
#include "muster-match-log.h"
#include "muster-result-page.h"

/* The learning scenario ends after its last turn; a greedy match of it
 * takes a few hundred commands. */
#define MAX_COMMANDS 3000

/* The widget under widget of that name (gtk_widget_set_name). */
static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = g_str_equal (gtk_widget_get_name (child), name) ? child : find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  guint free_facings;     /* activations offered at a facing the engine did not list */
  guint buttons, clicks, charges, answers, ends, fights;
  guint most_pairs;       /* the most melee pairs listed at once */
  guint decided_hidden;   /* decisions pending with End Phase hidden */
  int sidebar;            /* the width the sidebar asks for */
  gboolean shot_charge, shot_melee, shot_handover, shot_pairs;
  const char *suffix;     /* of the screenshots' names: "" or "-1600x1000" */
} Tally;

static void
shot_named (GtkWidget   *widget,
            const char  *name,
            const Tally *tally)
{
  g_autofree char *full = g_strconcat (name, tally->suffix, NULL);

  shot (widget, full);
}

/* A move to a table point: a click there, inside the region the board
 * shades (the engine's legal_region). */
static gboolean
click_move (MusterMatchPage *page,
            const MuCommand *c,
            Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const MuArg *to = mu_command_n_args (c) == 2 ? mu_command_arg (c, 1) : NULL;
  g_autoptr(MuRegion) region = NULL;

  if (to == NULL || to->kind != MU_ARG_POS || !to->pos.is_point)
    return FALSE;
  region = mu_match_legal_region (m, mu_command_word (c, 0));
  g_assert_nonnull (region);
  g_assert_nonnull (muster_scene_get_area (muster_match_page_get_scene (page)));
  if (tally->clicks == 0)
    shot_named (GTK_WIDGET (page), "mn-move-region", tally);
  /* the listed point is on the region's edge when it is the whole
   * allowance: the click lands a hair inside it */
  muster_match_page_click_point (page, to->pos.point, NULL);
  tally->clicks++;
  return TRUE;
}

/* A straight charge: the first click on the target draws the path to
 * contact and plays nothing, the second plays it. */
static gboolean
click_charge (MusterMatchPage *page,
              const MuCommand *c,
              Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const char *target = mu_command_word (c, 1);
  guint before = mu_match_get_commands (m)->len;
  const MuCounterView *v = NULL;
  GArray *views = mu_match_get_counters (m);
  MusterTrace trace;

  if (mu_command_n_args (c) != 2)
    return FALSE;
  for (guint i = 0; i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, target) == 0)
      v = &g_array_index (views, MuCounterView, i);
  g_assert_nonnull (v);
  muster_match_page_click_point (page, v->pos.point, target);
  flush_events ();
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before);
  muster_scene_get_trace (muster_match_page_get_scene (page), &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_PATH);
  g_assert_cmpuint (trace.n_points, >=, 2);
  /* labelled with the target and the distance; the hint asks to confirm */
  g_assert_nonnull (strstr (trace.label, v->counter->name));
  g_assert_nonnull (muster_match_page_get_hint (page));
  g_assert_nonnull (strchr (muster_match_page_get_hint (page), '?'));
  if (!tally->shot_charge)
    {
      shot_named (GTK_WIDGET (page), "mn-charge-path", tally);
      tally->shot_charge = TRUE;
    }
  muster_match_page_click_point (page, v->pos.point, target);
  tally->charges++;
  return TRUE;
}

/* The facing spin of an activation: 30° off the unit's facing (not a
 * facing the engine lists), the "ahead" activation at it is offered, and
 * sensitive exactly when the engine's dry run takes it. Nothing pressed. */
static void
try_facing (MusterMatchPage *page,
            const MuCommand *c,
            Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  GtkWidget *spin = find_named (GTK_WIDGET (page), "facing");
  g_autofree char *line = NULL;
  g_autoptr(MuCommand) turned = NULL;
  GtkWidget *button;
  MuCheck check = { 0 };
  int degrees;

  g_assert_nonnull (spin);
  if (!gtk_widget_get_mapped (spin))
    return;
  degrees = ((int) gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) + 30) % 360;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), degrees);
  flush_events ();
  line = g_strdup_printf ("activate %s ahead face %d", mu_command_word (c, 0), degrees);
  turned = mu_command_parse (mu_match_get_ruleset (m), line, NULL);
  g_assert_nonnull (turned);
  mu_match_check (m, turned, &check);
  button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
  g_assert_nonnull (button);
  g_assert_cmpint (gtk_widget_get_sensitive (button), ==, check.legal);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL));
  if (check.legal && tally->free_facings == 0)
    shot_named (GTK_WIDGET (page), "mn-facing", tally);
  tally->free_facings += check.legal;
  mu_check_clear (&check);
}

/* Enters c through the page and checks that the match took one command. */
static void
enter (MusterMatchPage *page,
       const MuCommand *c,
       Tally           *tally)
{
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  const MuDecision *d = mu_match_get_pending (m);
  const char *verb = mu_command_get_verb (c);
  g_autofree char *line = mu_command_to_string (c);
  guint before = mu_match_get_commands (m)->len;

  g_test_message ("%s", line);
  if (muster_match_page_get_handover_side (page) != NULL)
    {
      /* the first hand-over after a melee lists it among the last results */
      if (tally->fights > 0 && !tally->shot_handover)
        {
          g_auto(GStrv) results = g_strsplit (muster_match_page_get_handover_results (page), "\n", -1);

          /* the melee, not the sides' dice of the new turn */
          for (guint i = 0; results[i] != NULL; i++)
            g_assert_false (g_str_has_prefix (results[i], "Union") || g_str_has_prefix (results[i], "Confederate"));
          shot_named (GTK_WIDGET (page), "mn-handover", tally);
          tally->shot_handover = TRUE;
        }
      muster_match_page_dismiss_handover (page);
    }
  flush_events ();
  tally->decided_hidden += match_widgets_check_end_phase (page);
  match_widgets_check_sidebar_width (page, &tally->sidebar);
  if (d != NULL)
    {
      GtkWidget *button = match_widgets_find_answer (page, mu_command_word (c, 0));

      g_assert_nonnull (button);
      /* the answer as people read it: a unit by its name, never its id */
      if (mu_scenario_find_counter (muster_game_get_scenario (game), mu_command_word (c, 0)) != NULL)
        g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), !=, mu_command_word (c, 0));
      g_signal_emit_by_name (button, "clicked");
      tally->answers++;
    }
  else if (g_str_equal (verb, "end-phase"))
    {
      gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
      if (muster_match_page_get_dialog (page) != NULL)
        gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
      tally->ends++;
    }
  else if (g_str_equal (verb, "fight"))
    {
      /* the battle step lists every melee pair still to fight, with
       * nothing selected: each a button named by its sentence */
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      GtkWidget *button = NULL;
      guint pairs = 0;

      muster_match_page_select (page, NULL);
      flush_events ();
      for (guint i = 0; i < legal->len; i++)
        {
          const MuCommand *other = g_ptr_array_index (legal, i);
          g_autofree char *other_line = NULL;
          GtkWidget *b;

          if (!g_str_equal (mu_command_get_verb (other), "fight"))
            continue;
          other_line = mu_command_to_string (other);
          b = match_widgets_find_command (GTK_WIDGET (page), "match.command", other_line);
          if (b == NULL)
            g_test_message ("no button for “%s”", other_line);
          g_assert_nonnull (b);
          g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_LABEL));
          g_assert_null (strstr (gtk_button_get_label (GTK_BUTTON (b)), mu_command_word (other, 0)));
          g_assert_null (strstr (gtk_button_get_label (GTK_BUTTON (b)), mu_command_word (other, 1)));
          if (g_str_equal (other_line, line))
            button = b;
          pairs++;
        }
      tally->most_pairs = MAX (tally->most_pairs, pairs);
      if (pairs > 1 && !tally->shot_pairs)
        {
          shot_named (GTK_WIDGET (page), "mn-melee-pairs", tally);
          tally->shot_pairs = TRUE;
        }
      g_assert_nonnull (button);
      g_assert_true (gtk_widget_is_sensitive (button));
      g_signal_emit_by_name (button, "clicked");
      tally->buttons++;
      tally->fights++;
    }
  else
    {
      gboolean done;

      muster_match_page_select (page, mu_command_word (c, 0));
      flush_events ();
      match_widgets_check_sidebar_width (page, &tally->sidebar);
      if (g_str_equal (verb, "activate"))
        try_facing (page, c, tally);
      done = (g_str_equal (verb, "move") && click_move (page, c, tally)) ||
             (g_str_equal (verb, "charge") && click_charge (page, c, tally));
      if (!done)
        {
          GtkWidget *button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
          const char *label;

          if (button == NULL)
            g_test_message ("no button for “%s”", line);
          g_assert_nonnull (button);
          /* a sentence with names for the eye and for screen readers */
          label = gtk_button_get_label (GTK_BUTTON (button));
          if (label == NULL)
            label = gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))));
          g_assert_nonnull (label);
          g_assert_null (strstr (label, mu_command_word (c, 0)));
          g_assert_true (gtk_widget_is_sensitive (button));
          /* a press of the button (gtk_widget_activate clicks it only
           * after its pressed look has shown, on a timeout) */
          g_signal_emit_by_name (button, "clicked");
          tally->buttons++;
        }
    }
  flush_events ();
  if (muster_match_page_get_refusal (page) != NULL)
    g_test_message ("“%s” refused: %s", line, muster_match_page_get_refusal (page));
  g_assert_null (muster_match_page_get_refusal (page));
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before + 1);
  if (g_str_equal (verb, "fight") && !tally->shot_melee)
    {
      shot_named (GTK_WIDGET (page), "mn-melee-log", tally);
      tally->shot_melee = TRUE;
    }
}

static void
test_hot_seat (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("learning-mn-brawners-farm.muster");
  g_autoptr(MusterGame) game = NULL;
  /* seed 1: a match whose greedy commands take every way in below
   * (4 charges, 5 fights, 2 answers in 60 commands) */
  g_autoptr(MuDice) rng = mu_policy_rng_new (1);
  /* MUSTER_TEST_WINDOW=1600x1000: a larger window for the screenshots */
  const char *size = g_getenv ("MUSTER_TEST_WINDOW");
  int width = 1366, height = 768;
  g_autofree char *suffix = NULL;
  MusterWindow *window;
  MusterMatchPage *page;
  MuMatch *m;
  Tally tally = { 0 };
  guint n;

  if (size != NULL && sscanf (size, "%dx%d", &width, &height) == 2 && (width != 1366 || height != 768))
    suffix = g_strdup_printf ("-%dx%d", width, height);
  /* the screenshots of a translation (as test-i18n runs the window) */
  if (g_getenv ("LANGUAGE") != NULL)
    {
      g_autofree char *size_part = g_steal_pointer (&suffix);

      suffix = g_strdup_printf ("%s-%s", size_part ? size_part : "", g_getenv ("LANGUAGE"));
    }
  tally.suffix = suffix ? suffix : "";
  window = muster_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_allocation (GTK_WIDGET (window));

  page = show_scenario_match (window, scenario, 1);
  game = g_object_ref (muster_match_page_get_game (page));
  m = muster_game_get_match (game);
  for (n = 0; n < MAX_COMMANDS && !muster_game_is_over (game); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);

      g_assert_nonnull (c);
      enter (page, c, &tally);
    }
  g_test_message ("%u commands: %u buttons, %u clicks in a region, %u charges, %u fights, %u answers, "
                  "%u ends of a step", n, tally.buttons, tally.clicks, tally.charges, tally.fights,
                  tally.answers, tally.ends);
  g_assert_true (muster_game_is_over (game));
  /* every way in was taken */
  g_assert_cmpuint (tally.buttons, >, 0);
  g_assert_cmpuint (tally.clicks, >, 0);
  g_assert_cmpuint (tally.charges, >, 0);
  g_assert_cmpuint (tally.fights, >, 0);
  g_test_message ("at most %u melee pairs listed at once, %u activations offered at a facing "
                  "the engine did not list", tally.most_pairs, tally.free_facings);
  g_assert_cmpuint (tally.free_facings, >, 0);
  g_assert_cmpuint (tally.ends, >, 0);
  g_test_message ("%u decisions with End Phase hidden", tally.decided_hidden);
  g_assert_cmpuint (tally.decided_hidden, >, 0);
  flush_events ();
  g_assert_true (muster_match_page_get_result_shown (page));
  /* the log as people read it: sides and table points by name and in
   * inches, never the command's words ("usa", "@19.00,12.80/0.0"); the
   * melee rolls with their modifiers by name */
  {
    GtkWidget *log = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
    GListModel *model;
    guint n_mods = 0;

    g_assert_nonnull (log);
    model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
        const char *text = muster_log_entry_get_text (entry);

        g_assert_null (strchr (text, '@'));
        g_assert_false (g_str_has_prefix (text, "usa") || g_str_has_prefix (text, "csa"));
        /* "(Formed bases in line in contact +2, Line attacks column +1)" */
        n_mods += strstr (text, " (") != NULL && strstr (text, " +") != NULL && strstr (text, ") — ") != NULL;
      }
    g_assert_cmpuint (n_mods, >, 0);
  }
  /* the result says why it came (the task met at once, MN-AMB-82) */
  {
    MuResult r;
    GtkWidget *result = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_RESULT_PAGE);
    g_autofree char *text = NULL;

    g_assert_nonnull (result);
    text = muster_result_page_describe (MUSTER_RESULT_PAGE (result));
    mu_match_get_result (m, &r);
    g_assert_nonnull (r.reason);
    g_assert_nonnull (strstr (text, r.reason));
    mu_result_clear (&r);
  }
  shot_named (GTK_WIDGET (page), "mn-result", &tally);
  destroy_all_windows ();
}

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");
  gboolean display;

  /* LANGUAGE=de MUSTER_LOCALEDIR=build/po plays it in German (for the
   * screenshots of a translation), as test-i18n does */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  display = app_test_init (&argc, &argv, "/app/mn-acw-window/no-display");
  /* GTK's test backend keeps the accessible properties for the checks (GTK
   * reads it when the first widget is made, after app_test_init's "none") */
  g_setenv ("GTK_A11Y", "test", TRUE);

  if (display)
    g_test_add_func ("/app/mn-acw-window/hot-seat/MN-AMB-50", test_hot_seat);
  return app_test_run (display);
}
