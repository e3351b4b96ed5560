/* test-ts-charge-window.c: Toy Soldiers' charges, contact resolution and
 * melee in the window, as two people play them (issue 30)
 *
 * A hot-seat match of a shipped scenario is played to its result: the
 * greedy policy (from the engine's legal commands, with a fixed seed)
 * chooses each command and the test enters it through the page as a
 * player would: the hand-over screen taken, a charge by the charger's
 * button (its line drawn on the board first), Launch among the step's
 * commands, a reaction among the reaction card's buttons behind the
 * defender's hand-over, every decision (disparity, balk, flee, volley,
 * contact resolution's cr-*, melee) by its readable button. At each
 * command it checks that the phase tracker names the charge's step the
 * engine is at, and that neither the log nor the hand-over's results ever
 * show a side the other side's hidden contact dice before step 9's
 * reveal. A second test lets the computer play both sides in the window
 * and checks that it charges and answers the reactions. A third enters a
 * winner's companies into a village block by the decision card's button.
 * With MUSTER_SCREENSHOT_DIR set it writes a charge's line, a reactions
 * question with its hand-over, each side's view of a contact resolution
 * and the result page as PNGs. */
#define G_LOG_DOMAIN "test-ts-charge-window"

#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "match-widgets.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mu-policy.h"
#include "muster-match-log.h"
#include "muster-phase-tracker.h"

#define MAX_COMMANDS 6000

/* A match of this scenario with these seeds reaches a charge, reactions,
 * contact resolution and a melee before its end. */
#define SCENARIO "learning-ts-hokes-run.muster"
#define MATCH_SEED 1120
#define POLICY_SEED 1120

typedef struct {
  guint charges, launches, reactions, passes, answers, buttons, clicks, ends;
  guint hidden_own[2];          /* hidden rolls a side saw of its own in the log */
  GHashTable *paths;            /* the charge's steps the tracker showed */
  gboolean shot_charge, shot_react_handover, shot_react, shot_contact[2], shot_decision;
} Tally;

static const char *const sides[] = { "usa", "csa" };

/* TAB-19, TS-AMB-72: the log shows the viewer only what it may see, so
 * never the other side's contact dice before the reveal; the viewer's
 * own hidden dice are there. Returns whether a hidden roll of the viewer's
 * own is shown. */
static gboolean
check_secrecy (MusterMatchPage *page,
               Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const char *viewer = muster_match_page_get_viewer (page);
  GtkWidget *log = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  const GPtrArray *events = mu_match_get_events (m);
  GListModel *model;
  guint own = 0;

  g_assert_nonnull (viewer);
  g_assert_nonnull (log);
  g_assert_cmpstr (muster_match_log_get_viewer (MUSTER_MATCH_LOG (log)), ==, viewer);
  model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
      guint first = muster_log_entry_get_first (entry);

      for (guint k = first; k < first + muster_log_entry_get_n (entry) && k < events->len; k++)
        {
          const MuEvent *e = g_ptr_array_index (events, k);

          g_assert_true (mu_event_visible (e, viewer));
          if (e->visible_to != NULL && e->kind == MU_EVENT_ROLL)
            own++;
        }
    }
  if (own > 0)
    tally->hidden_own[g_strcmp0 (viewer, sides[0]) == 0 ? 0 : 1] = own;
  return own > 0;
}

/* The hand-over's last results: none of them the other side's hidden dice. */
static void
check_handover_results (MusterMatchPage *page,
                        const char      *side)
{
  MusterGame *game = muster_match_page_get_game (page);
  const GPtrArray *events = mu_match_get_events (muster_game_get_match (game));
  const char *results = muster_match_page_get_handover_results (page);

  for (guint i = 0; i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);
      g_autofree char *text = NULL;

      if (e->visible_to == NULL || g_strcmp0 (e->visible_to, side) == 0)
        continue;
      text = muster_match_log_describe_event (game, e);
      g_assert_null (strstr (results, text));
    }
}

/* The tracker's current step is the one the engine's position names: a
 * charge's stage, reaction window, abort, or contact resolution's step. */
static void
check_tracker (MusterMatchPage *page,
               Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  GtkWidget *tracker = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_PHASE_TRACKER);
  const MuTurnStructure *turns = mu_match_get_ruleset (m)->turns;
  const MuStepInfo *step;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  MuPosition pos;
  guint depth = 0;

  mu_match_get_position (m, &pos);
  if (pos.path == NULL || !g_str_has_prefix (pos.path, "player-turn/charge/"))
    return;
  step = mu_turn_structure_find_step (turns, pos.path);
  g_assert_nonnull (step);
  for (const char *p = pos.path; *p; p++)
    depth += *p == '/';
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  line = g_strdup_printf ("step current %u %s", depth, _(step->name));
  if (strstr (text, line) == NULL)
    g_test_message ("%s not in\n%s", line, text);
  g_assert_nonnull (strstr (text, line));
  g_hash_table_add (tally->paths, g_strdup (pos.path));
}

/* Every answer button reads as words: a unit's name, or a phrase, never
 * an engine word with a hyphen ("halt-fire"). */
static void
check_answer_labels (MusterMatchPage *page)
{
  GtkWidget *box = muster_match_page_get_decision_box (page);

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    {
      const char *label = GTK_IS_BUTTON (child) ? gtk_button_get_label (GTK_BUTTON (child))
                        : GTK_IS_CHECK_BUTTON (child) ? gtk_check_button_get_label (GTK_CHECK_BUTTON (child)) : NULL;

      if (label == NULL || g_object_get_data (G_OBJECT (child), "answer") == NULL)
        continue;
      if (*label == '@')
        continue;     /* a table point: a place, shown on the board */
      g_assert_null (strchr (label, '-'));
    }
}

/* A charge: its line (the engine's attack path) drawn on the board from
 * the charger to its contact pose, then the charger's button. */
static GtkWidget *
charge_button (MusterMatchPage *page,
               const MuCommand *c,
               const char      *line,
               Tally           *tally)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  g_autoptr(GArray) path = mu_match_attack_path (m, c);
  const MuPos *end;
  MusterTrace trace;
  guint before = mu_match_get_commands (m)->len;
  GtkWidget *button;

  g_assert_nonnull (path);
  g_assert_cmpuint (path->len, >=, 2);
  end = &g_array_index (path, MuPos, path->len - 1);
  g_assert_cmpfloat_with_epsilon (end->point.x, mu_command_arg (c, 2)->pos.point.x, 0.011);
  g_assert_cmpfloat_with_epsilon (end->point.y, mu_command_arg (c, 2)->pos.point.y, 0.011);
  /* the charger's button shows the line while it has the focus (or the
   * pointer), before it is pressed */
  button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
  if (button == NULL)
    return NULL;
  gtk_widget_grab_focus (button);
  flush_events ();
  muster_scene_get_trace (muster_match_page_get_scene (page), &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_PATH);
  g_assert_cmpuint (trace.n_points, ==, path->len);
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before);
  if (!tally->shot_charge)
    {
      shot (GTK_WIDGET (page), "ts-charge-line");
      tally->shot_charge = TRUE;
    }
  return button;
}

static void
enter (MusterMatchPage *page,
       const MuCommand *c,
       Tally           *tally)
{
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  const MuDecision *d = mu_match_get_pending (m);
  const MuReactionWindow *window = mu_match_get_reaction (m);
  const char *verb = mu_command_get_verb (c);
  g_autofree char *line = mu_command_to_string (c);
  guint before = mu_match_get_commands (m)->len;
  const char *handover = muster_match_page_get_handover_side (page);
  MuPosition pos;

  g_test_message ("%s", line);
  mu_match_get_position (m, &pos);
  if (handover != NULL)
    {
      check_handover_results (page, handover);
      if (window != NULL && d == NULL && !tally->shot_react_handover)
        {
          shot (GTK_WIDGET (page), "ts-reactions-handover");
          tally->shot_react_handover = TRUE;
        }
      muster_match_page_dismiss_handover (page);
    }
  flush_events ();
  if (check_secrecy (page, tally) && pos.path != NULL && strstr (pos.path, "/contact/") != NULL)
    {
      guint k = g_strcmp0 (muster_match_page_get_viewer (page), sides[0]) == 0 ? 0 : 1;

      if (!tally->shot_contact[k])
        {
          g_autofree char *name = g_strdup_printf ("ts-contact-%s", sides[k]);

          shot (GTK_WIDGET (page), name);
          tally->shot_contact[k] = TRUE;
        }
    }
  check_tracker (page, tally);
  if (d != NULL)
    {
      GtkWidget *box = muster_match_page_get_decision_box (page);
      GtkWidget *ok = gtk_widget_get_last_child (box);

      g_assert_true (gtk_widget_get_mapped (box));
      check_answer_labels (page);
      if (!tally->shot_decision && g_str_has_prefix (d->id, "cr-"))
        {
          shot (GTK_WIDGET (page), "ts-contact-decision");
          tally->shot_decision = TRUE;
        }
      if (d->kind == MU_ANSWER_NUMBER)
        {
          GtkWidget *spin = match_widgets_find_type (box, GTK_TYPE_SPIN_BUTTON);

          g_assert_nonnull (spin);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), g_ascii_strtod (mu_command_word (c, 0), NULL));
          g_signal_emit_by_name (ok, "clicked");
        }
      else if (d->kind == MU_ANSWER_SUBSET)
        {
          g_autoptr(GString) words = g_string_new (",");

          for (guint i = 0; i < mu_command_n_args (c); i++)
            g_string_append_printf (words, "%s,", mu_command_word (c, i));
          for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
            if (GTK_IS_CHECK_BUTTON (child))
              {
                g_autofree char *word = g_strdup_printf (",%s,", (const char *) g_object_get_data (G_OBJECT (child),
                                                                                                   "answer"));

                gtk_check_button_set_active (GTK_CHECK_BUTTON (child), strstr (words->str, word) != NULL);
              }
          g_signal_emit_by_name (ok, "clicked");
        }
      else
        {
          GtkWidget *button = match_widgets_find_answer (page, mu_command_word (c, 0));

          g_assert_nonnull (button);
          g_signal_emit_by_name (button, "clicked");
        }
      tally->answers++;
    }
  else if (window != NULL)
    {
      GtkWidget *box = muster_match_page_get_reaction_box (page);
      GtkWidget *button;

      g_assert_true (gtk_widget_get_mapped (box));
      /* Pass ends the window; no second button does the same */
      g_assert_null (match_widgets_find_command (box, "match.command", "end-phase"));
      if (!tally->shot_react)
        {
          guint controls = 0;

          match_widgets_check_accessible (GTK_WIDGET (page), &controls);
          g_assert_cmpuint (controls, >, 0);
          shot (GTK_WIDGET (page), "ts-reactions");
          tally->shot_react = TRUE;
        }
      if (g_str_equal (verb, "end-phase") || g_str_equal (verb, "pass"))
        {
          button = match_widgets_find_command (box, "match.end-phase", NULL);
          tally->passes++;
        }
      else
        {
          button = match_widgets_find_command (box, "match.command", line);
          tally->reactions++;
        }
      if (button == NULL)
        g_test_message ("no reaction button for “%s”", line);
      g_assert_nonnull (button);
      g_assert_true (gtk_widget_is_sensitive (button));
      g_signal_emit_by_name (button, "clicked");
    }
  else if (g_str_equal (verb, "end-phase"))
    {
      gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
      if (muster_match_page_get_dialog (page) != NULL)
        gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
      tally->ends++;
    }
  else if (g_str_equal (verb, "launch"))
    {
      /* Launch among the step's commands, whatever is selected */
      GtkWidget *button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);

      g_assert_nonnull (button);
      g_assert_true (gtk_widget_get_mapped (button));
      g_signal_emit_by_name (button, "clicked");
      tally->launches++;
    }
  else
    {
      GtkWidget *button;

      muster_match_page_select (page, mu_command_word (c, 0));
      flush_events ();
      if (g_str_equal (verb, "charge"))
        {
          button = charge_button (page, c, line, tally);
          tally->charges++;
        }
      else
        button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
      if (button == NULL && mu_command_n_args (c) == 2 && mu_command_arg (c, 1)->pos.is_point &&
          (mu_command_arg (c, 1)->kind == MU_ARG_POS ||
           (mu_command_arg (c, 1)->kind == MU_ARG_STEP && mu_command_arg (c, 1)->move == MU_MOVE_TO)))
        {
          /* a move the page lists no button for: a click at its end */
          muster_match_page_click_point (page, mu_command_arg (c, 1)->pos.point, NULL);
          tally->clicks++;
        }
      else
        {
          if (button == NULL)
            g_test_message ("no button for “%s”", line);
          g_assert_nonnull (button);
          g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL));
          g_assert_true (gtk_widget_is_sensitive (button));
          g_signal_emit_by_name (button, "clicked");
          tally->buttons++;
        }
    }
  flush_events ();
  if (muster_match_page_get_refusal (page) != NULL && mu_match_get_commands (m)->len == before)
    g_test_message ("“%s” refused: %s", line, muster_match_page_get_refusal (page));
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before + 1);
}

static MusterMatchPage *
start (MuScenario *scenario,
       guint64     seed)
{
  return show_scenario_match (new_window (), scenario, seed);
}

/* Counts the events of a kind word ("reveal") and the commands of a verb. */
static guint
count_events (MuMatch    *m,
              const char *word)
{
  const GPtrArray *events = mu_match_get_events (m);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    n += mu_event_is (g_ptr_array_index (events, i), word);
  return n;
}

static guint
count_commands (MuMatch    *m,
                const char *verb)
{
  const GPtrArray *commands = mu_match_get_commands (m);
  guint n = 0;

  for (guint i = 0; i < commands->len; i++)
    n += g_str_equal (mu_command_get_verb (g_ptr_array_index (commands, i)), verb);
  return n;
}

/* The hot-seat match of the scenario through a charge, its reactions,
 * contact resolution and a melee, to the result page. */
static void
test_hot_seat (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (SCENARIO);
  g_autoptr(MuDice) rng = mu_policy_rng_new (POLICY_SEED);
  MusterMatchPage *page = start (scenario, MATCH_SEED);
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  Tally tally = { 0 };
  guint n;

  tally.paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (n = 0; n < MAX_COMMANDS && !muster_game_is_over (game); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);

      g_assert_nonnull (c);
      enter (page, c, &tally);
    }
  g_test_message ("%u commands: %u charges, %u launches, %u reactions, %u passes, %u answers, %u buttons, "
                  "%u clicks, %u ends; hidden rolls seen by their own side %u, %u",
                  n, tally.charges, tally.launches, tally.reactions, tally.passes, tally.answers, tally.buttons,
                  tally.clicks, tally.ends, tally.hidden_own[0], tally.hidden_own[1]);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, tally.paths);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_test_message ("tracker showed %s", (const char *) key);
  }
  g_assert_true (muster_game_is_over (game));
  flush_events ();
  g_assert_true (muster_match_page_get_result_shown (page));
  shot (GTK_WIDGET (page), "ts-result");
  /* every part of a charge was played through the page */
  g_assert_cmpuint (tally.charges, >, 0);
  g_assert_cmpuint (tally.launches, >, 0);
  g_assert_cmpuint (tally.reactions + tally.passes, >, 0);
  g_assert_cmpuint (count_events (m, "reveal"), >, 0);
  g_assert_cmpuint (count_events (m, "melee"), >, 0);
  /* each side saw its own hidden contact dice, never the other's */
  g_assert_cmpuint (tally.hidden_own[0], >, 0);
  g_assert_cmpuint (tally.hidden_own[1], >, 0);
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/declaration"));
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/contact/step-2") ||
                 g_hash_table_contains (tally.paths, "player-turn/charge/contact/step-4"));
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/react-12") ||
                 g_hash_table_contains (tally.paths, "player-turn/charge/react-6"));
  g_hash_table_unref (tally.paths);
  destroy_all_windows ();
}

/* The duel of tests/fixtures/rules/toy-soldiers/p2-ex14-equal.script
 * with its dice, entered through the page: a charge through its stages
 * and reactions, contact resolution with equal totals, so a melee
 * (TS-CR-9(d)); its first pass asked of the defender; then the greedy
 * policy plays the match out to the result page. */
static void
test_melee (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "p2-duel.muster", NULL);
  static const int dice[] = { 6, 4, 2, 2, 2, 3, 5 };
  static const char *const lines[] = {
    "end-phase", "charge u1 r1 ", "launch", "end-phase", "end-phase", "choose none",
    "choose stay", "choose stay", "choose no", "choose no", "choose no", "choose no", "choose no",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuDice) rng = mu_policy_rng_new (1);
  g_autoptr(MusterGame) game = NULL;
  MusterWindow *window = new_window ();
  MusterMatchPage *page;
  MuMatch *m;
  const MuDecision *d;
  Tally tally = { 0 };
  guint n;

  tally.paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  m = mu_match_open_file (path, 1, dice, G_N_ELEMENTS (dice), NULL, &error);
  g_assert_no_error (error);
  game = muster_game_new (m);
  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(MuCommand) c = NULL;

      /* the charge with the contact pose the engine offers for r1 */
      if (g_str_has_prefix (lines[i], "charge "))
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);

          for (guint k = 0; k < legal->len && c == NULL; k++)
            {
              g_autofree char *text = mu_command_to_string (g_ptr_array_index (legal, k));

              if (g_str_has_prefix (text, lines[i]))
                c = mu_command_ref (g_ptr_array_index (legal, k));

            }
          g_assert_nonnull (c);
        }
      else
        c = mu_match_parse (m, lines[i], &error);
      g_assert_no_error (error);
      enter (page, c, &tally);
    }
  /* the melee's first pass, asked of the defender behind its hand-over */
  d = mu_match_get_pending (m);
  g_assert_nonnull (d);
  g_assert_cmpstr (d->id, ==, "melee");
  g_assert_cmpstr (d->side, ==, "csa");
  g_assert_cmpuint (count_events (m, "melee"), ==, 1);
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  flush_events ();
  check_tracker (page, &tally);
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/melee"));
  check_answer_labels (page);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (match_widgets_find_answer (page, "fight"))), ==, "Fight on");
  shot (GTK_WIDGET (page), "ts-melee");
  {
    guint controls = 0;

    match_widgets_check_accessible (GTK_WIDGET (page), &controls);
    g_assert_cmpuint (controls, >, 0);
  }
  for (n = 0; n < MAX_COMMANDS && !muster_game_is_over (game); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);

      g_assert_nonnull (c);
      enter (page, c, &tally);
    }
  g_assert_true (muster_game_is_over (game));
  flush_events ();
  g_assert_true (muster_match_page_get_result_shown (page));
  shot (GTK_WIDGET (page), "ts-duel-result");
  /* the hidden dice: each side saw its own, the log never the other's */
  g_assert_cmpuint (tally.hidden_own[0], >, 0);
  g_assert_cmpuint (tally.hidden_own[1], >, 0);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, tally.paths);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_test_message ("tracker showed %s", (const char *) key);
  }
  /* the attacker's aborts, the final volley, contact resolution's steps */
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/abort-6"));
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/volley"));
  g_assert_true (g_hash_table_contains (tally.paths, "player-turn/charge/contact/step-2"));
  g_hash_table_unref (tally.paths);
  destroy_all_windows ();
}

/* TS-CR-11, TS-VIL-1: a winner asked where it advances may instead put
 * companies into a village block within 2"; the engine takes `garrison`
 * at that decision, and the card offers it beside the plain answers, from
 * the engine's legal commands (p2-cr-village.script's duel, its dice). */
static void
test_village_advance (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "toy-soldiers",
                                                 "p2-duel-barn.muster", NULL);
  static const int dice[] = { 6, 4, 1, 2, 1, 5, 6, 3 };
  static const char *const lines[] = {
    "end-phase", "charge u1 r1 @24.00,24.25/0.0", "launch", "end-phase", "end-phase", "choose none",
    "choose stay", "choose stay", "choose no", "choose no", "choose no", "choose no", "choose no",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = NULL;
  MusterWindow *window = new_window ();
  MusterMatchPage *page;
  GtkWidget *button, *other;
  MuMatch *m;
  const MuDecision *d;
  const GPtrArray *commands;
  g_autofree char *last = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  m = mu_match_open_file (path, 1, dice, G_N_ELEMENTS (dice), NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_true (mu_match_apply_line (m, lines[i], NULL, &error));
      g_assert_no_error (error);
    }
  d = mu_match_get_pending (m);
  g_assert_nonnull (d);
  g_assert_cmpstr (d->id, ==, "cr-advance");
  game = muster_game_new (m);
  page = app_test_show_game (window, game);
  /* the plain answer, and each garrison the engine lists, readable */
  g_assert_nonnull (match_widgets_find_answer (page, "none"));
  button = match_widgets_find_answer (page, "garrison u1 barn 2");
  other = match_widgets_find_answer (page, "garrison u1 barn 1");
  g_assert_nonnull (button);
  g_assert_nonnull (other);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (button)), "companies: 2"));
  g_assert_null (match_widgets_find_answer (page, "garrison u1 mill 1"));
  check_answer_labels (page);
  shot (GTK_WIDGET (page), "ts-village-advance");
  g_signal_emit_by_name (button, "clicked");
  flush_events ();
  commands = mu_match_get_commands (muster_game_get_match (game));
  last = mu_command_to_string (g_ptr_array_index (commands, commands->len - 1));
  g_assert_cmpstr (last, ==, "garrison u1 barn 2");
  g_assert_null (mu_match_get_pending (muster_game_get_match (game)));
  g_assert_cmpuint (count_events (muster_game_get_match (game), "garrison"), ==, 1);
  destroy_all_windows ();
}

/* The computer plays both sides in the window: it charges, launches and
 * answers the defender's reactions, to the result. */
static void
test_computer (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario (SCENARIO);
  MusterMatchPage *page = start (scenario, MATCH_SEED);
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  guint reacting = 0;

  muster_match_page_set_pace (page, 0);
  muster_match_page_set_player (page, "csa", MUSTER_PLAYER_COMPUTER);
  muster_match_page_set_player (page, "usa", MUSTER_PLAYER_COMPUTER);
  for (guint i = 0; i < 4000000 && !muster_game_is_over (game); i++)
    {
      guint before = mu_match_get_commands (m)->len;
      gboolean open = mu_match_get_reaction (m) != NULL && mu_match_get_pending (m) == NULL;

      g_main_context_iteration (NULL, TRUE);
      /* a command given while the defender's reaction window was open */
      if (mu_match_get_commands (m)->len > before && open)
        reacting++;
    }
  g_assert_true (muster_game_is_over (game));
  g_test_message ("%u charges, %u launches, %u commands in reaction windows", count_commands (m, "charge"),
                  count_commands (m, "launch"), reacting);
  g_assert_cmpuint (count_commands (m, "charge"), >, 0);
  g_assert_cmpuint (count_commands (m, "launch"), >, 0);
  g_assert_cmpuint (reacting, >, 0);
  g_assert_cmpuint (count_events (m, "reveal"), >, 0);
  destroy_all_windows ();
}

int
main (int argc, char **argv)
{
  gboolean display;

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  display = app_test_init (&argc, &argv, "/app/ts-charge-window/no-display");
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (display)
    {
      g_test_add_func ("/app/ts-charge-window/hot-seat/TS-CHG-0/TS-AMB-72", test_hot_seat);
      g_test_add_func ("/app/ts-charge-window/melee/TS-CR-9/TS-MEL-3", test_melee);
      g_test_add_func ("/app/ts-charge-window/computer/TS-CHG-3", test_computer);
      g_test_add_func ("/app/ts-charge-window/village-advance/TS-CR-11/TS-VIL-1", test_village_advance);
    }
  return app_test_run (display);
}
