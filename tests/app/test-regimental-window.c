/* test-regimental-window.c: a hot-seat match of the regimental rules played
 * to its result in the window, as two people play it (issue 31)
 *
 * A fixed rule chooses each command (the greedy policy, from the engine's
 * legal commands); the test then enters it through the page as a player
 * would: the hand-over screen taken, a secret order picked in its unit's
 * drop-down of the engine's legal orders, a hold fire or Pass among the
 * reaction window's buttons, a value the shipped rules data lacks in the
 * missing-table dialog (QRS-AMB-28), any other decision by its answer's
 * button, the end of a step by match.end-phase, anything else by the
 * selected unit's button. Two people share the computer: the board and
 * the log show the side that has it, and never the other side's orders
 * before they are revealed (TAB-19). With MUSTER_SCREENSHOT_DIR set it
 * writes the secret orders, a hold-fire question behind its hand-over, a
 * missing-table question and the result page as PNGs. */
#define G_LOG_DOMAIN "test-regimental-window"

#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "match-widgets.h"

#include <string.h>

#include "mu-policy.h"
#include "muster-match-log.h"

/* Big Bethel ends after its last turn; a greedy match of it takes a few
 * hundred commands. */
#define MAX_COMMANDS 4000

typedef struct {
  guint orders, reactions, passes, tables, answers, buttons, clicks, ends;
  gboolean shot_orders, shot_react_handover, shot_react, shot_table;
  char *saved;            /* the match saved after the first table's answer */
} Tally;

/* The drop-down of counter's secret order in the orders box. */
static GtkWidget *
find_order_dropdown (MusterMatchPage *page,
                     const char      *counter)
{
  GtkWidget *box = muster_match_page_get_orders_box (page);

  for (GtkWidget *row = gtk_widget_get_first_child (box); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *dropdown = match_widgets_find_type (row, GTK_TYPE_DROP_DOWN);

      if (dropdown != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (dropdown), "counter"), counter) == 0)
        return dropdown;
    }
  return NULL;
}

/* TAB-19 on the screen: the board and the log show the side that has the
 * computer; its log never tells another side's secret order. */
static void
check_secrecy (MusterMatchPage *page)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const char *viewer = muster_match_page_get_viewer (page);
  GtkWidget *log = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  const GPtrArray *events = mu_match_get_events (m);
  GListModel *model;

  g_assert_nonnull (viewer);
  g_assert_nonnull (log);
  /* the board: the viewer's view of every counter (another side's order
   * an unknown marker until revealed), never the full record */
  {
    GArray *views = mu_match_get_counters_for (m, viewer);
    g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
    const MuPiece *pieces;
    guint n = 0;

    for (guint i = 0; i < views->len; i++)
      {
        const MuCounterView *v = &g_array_index (views, MuCounterView, i);

        g_hash_table_insert (seen, (gpointer) v->counter->id, g_strdup (v->markers ? v->markers : ""));
      }
    pieces = muster_scene_get_pieces (muster_match_page_get_scene (page), &n);
    for (guint i = 0; i < n; i++)
      g_assert_cmpstr (pieces[i].markers ? pieces[i].markers : "", ==,
                       g_hash_table_lookup (seen, pieces[i].counter->id));
  }
  model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
      guint first = muster_log_entry_get_first (entry);

      for (guint k = first; k < first + muster_log_entry_get_n (entry) && k < events->len; k++)
        {
          const MuEvent *e = g_ptr_array_index (events, k);

          g_assert_true (mu_event_visible (e, viewer));
        }
    }
}

/* A value the rules data lacks: the dialog quotes the table and the key
 * and says where to look; the value goes in and Answer sends `choose`. */
static void
answer_table (MusterMatchPage  *page,
              const MuDecision *d,
              const MuCommand  *c,
              Tally            *tally)
{
  GtkWidget *dialog = muster_match_page_get_table_dialog (page);
  GtkWidget *spin, *dropdown;
  g_autofree char *secondary = NULL;

  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (dialog));
  g_object_get (dialog, "secondary-text", &secondary, NULL);
  g_assert_nonnull (strstr (secondary, d->table));
  g_assert_nonnull (strstr (secondary, d->key));
  g_assert_nonnull (strstr (secondary, d->source));
  spin = match_widgets_find_type (dialog, GTK_TYPE_SPIN_BUTTON);
  dropdown = match_widgets_find_type (dialog, GTK_TYPE_DROP_DOWN);
  if (d->kind == MU_ANSWER_NUMBER)
    {
      g_assert_nonnull (spin);
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), mu_command_arg (c, 0)->kind == MU_ARG_NUMBER
                                                         ? mu_command_arg (c, 0)->number
                                                         : g_ascii_strtod (mu_command_word (c, 0), NULL));
    }
  else
    {
      guint k = 0;

      g_assert_nonnull (dropdown);
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL));
      while (d->answers[k] != NULL && g_strcmp0 (d->answers[k], mu_command_word (c, 0)) != 0)
        k++;
      g_assert_nonnull (d->answers[k]);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), k);
    }
  if (!tally->shot_table)
    {
      shot (dialog, "qrs-missing-table");
      tally->shot_table = TRUE;
    }
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  tally->tables++;
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
  const MuReactionWindow *window = mu_match_get_reaction (m);
  const MuVerbInfo *verb_info = mu_ruleset_find_verb (mu_match_get_ruleset (m), mu_command_get_verb (c));
  const char *verb = mu_command_get_verb (c);
  g_autofree char *line = mu_command_to_string (c);
  guint before = mu_match_get_commands (m)->len;
  /* d is the match's: gone once the answer is played */
  gboolean table_answer = d != NULL && d->table != NULL;

  g_test_message ("%s", line);
  if (muster_match_page_get_handover_side (page) != NULL)
    {
      if (window != NULL && d == NULL && !tally->shot_react_handover)
        {
          shot (GTK_WIDGET (page), "qrs-hold-fire-handover");
          tally->shot_react_handover = TRUE;
        }
      muster_match_page_dismiss_handover (page);
    }
  flush_events ();
  check_secrecy (page);
  if (d != NULL && d->table != NULL)
    answer_table (page, d, c, tally);
  else if (d != NULL)
    {
      GtkWidget *button = match_widgets_find_answer (page, mu_command_word (c, 0));

      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
      tally->answers++;
    }
  else if (window != NULL)
    {
      GtkWidget *box = muster_match_page_get_reaction_box (page);
      GtkWidget *button;

      g_assert_true (gtk_widget_get_mapped (box));
      if (!tally->shot_react)
        {
          shot (GTK_WIDGET (page), "qrs-hold-fire");
          tally->shot_react = TRUE;
        }
      if (g_str_equal (verb, "pass"))
        {
          button = match_widgets_find_command (box, "match.end-phase", NULL);
          tally->passes++;
        }
      else
        {
          button = match_widgets_find_command (box, "match.command", line);
          tally->reactions++;
        }
      g_assert_nonnull (button);
      g_assert_true (gtk_widget_is_sensitive (button));
      g_signal_emit_by_name (button, "clicked");
    }
  else if (verb_info != NULL && (verb_info->flags & MU_VERB_HIDDEN))
    {
      GtkWidget *dropdown = find_order_dropdown (page, mu_command_word (c, 0));
      const char *const *lines;
      guint offset, k = 0;

      g_assert_nonnull (dropdown);
      g_assert_true (gtk_widget_get_mapped (dropdown));
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL));
      lines = g_object_get_data (G_OBJECT (dropdown), "lines");
      offset = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "offset"));
      while (lines[k] != NULL && !g_str_equal (lines[k], line))
        k++;
      g_assert_nonnull (lines[k]);
      /* the order by its name, the sheet's code after it ("Hold (H)") */
      {
        g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown)),
                                                                 k + offset);
        const char *shown = gtk_string_object_get_string (item);
        g_autofree char *code = g_strdup_printf (" (%s)", mu_command_word (c, 1));

        g_assert_nonnull (strstr (shown, code));
        if (g_str_equal (mu_command_word (c, 1), "H"))
          g_assert_true (g_str_has_prefix (shown, "Hold (H)"));
        if (g_str_equal (mu_command_word (c, 1), "FR"))
          g_assert_true (g_str_has_prefix (shown, "First fire (FR)"));
      }
      /* the second side's orders, the first's on the board unseen */
      if (!tally->shot_orders && before > 0 &&
          g_str_equal (mu_command_get_verb (g_ptr_array_index (mu_match_get_commands (m), before - 1)),
                       "end-phase"))
        {
          shot (GTK_WIDGET (page), "qrs-secret-orders");
          tally->shot_orders = TRUE;
        }
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), k + offset);
      tally->orders++;
    }
  else if (g_str_equal (verb, "end-phase"))
    {
      gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
      if (muster_match_page_get_dialog (page) != NULL)
        gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
      tally->ends++;
    }
  else
    {
      GtkWidget *button;

      muster_match_page_select (page, mu_command_word (c, 0));
      flush_events ();
      button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
      /* a move the engine does not list: a click at its point, in the
       * region the board shades */
      if (button == NULL && g_str_equal (verb, "move") && mu_command_n_args (c) == 2 &&
          (mu_command_arg (c, 1)->kind == MU_ARG_POS ||
           (mu_command_arg (c, 1)->kind == MU_ARG_STEP && mu_command_arg (c, 1)->move == MU_MOVE_TO)) &&
          mu_command_arg (c, 1)->pos.is_point)
        {
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
  /* the drop-down plays its line from an idle */
  for (int i = 0; i < 100 && mu_match_get_commands (m)->len == before; i++)
    flush_events ();
  if (muster_match_page_get_refusal (page) != NULL)
    g_test_message ("“%s” refused: %s", line, muster_match_page_get_refusal (page));
  g_assert_null (muster_match_page_get_refusal (page));
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before + 1);
  /* the answer is a command of the match: saved with it (the writer of
   * the window's Save, without taking the file as the match's) */
  if (table_answer && tally->saved == NULL)
    {
      gsize length = 0;
      g_autofree char *text = mu_match_save_to_data (m, &length);

      g_assert_nonnull (text);
      g_assert_nonnull (strstr (text, line));
      tally->saved = g_strdup (line);
    }
}

/* A new hot-seat match of scenario on a window's match page. */
static MusterMatchPage *
start (MuScenario *scenario)
{
  return show_scenario_match (new_window (), scenario, 1);
}

/* The greedy policy's commands, entered through the page, to the end. */
static guint
play_out (MusterMatchPage *page,
          MuDice          *rng,
          Tally           *tally)
{
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  guint n;

  for (n = 0; n < MAX_COMMANDS && !muster_game_is_over (game); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);

      g_assert_nonnull (c);
      enter (page, c, tally);
    }
  g_test_message ("%u commands: %u orders, %u hold fires, %u passes, %u tables, %u other answers, "
                  "%u buttons, %u ends of a step", n, tally->orders, tally->reactions, tally->passes,
                  tally->tables, tally->answers, tally->buttons, tally->ends);
  g_assert_true (muster_game_is_over (game));
  flush_events ();
  g_assert_true (muster_match_page_get_result_shown (page));
  return n;
}

/* Big Bethel with the shipped rules data: secret orders each turn, the
 * missing tables asked in their dialog, to the result. */
static void
test_hot_seat (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("learning-qrs-big-bethel.muster");
  g_autoptr(MuDice) rng = mu_policy_rng_new (1);
  MusterMatchPage *page;
  Tally tally = { 0 };
  guint n_mods = 0;

  /* the shipped rules data, whose missing tables are asked (QRS-AMB-28) */
  g_unsetenv ("MUSTER_DATADIR");
  page = start (scenario);
  play_out (page, rng, &tally);
  /* every way in was taken */
  g_assert_cmpuint (tally.orders, >, 0);
  g_assert_cmpuint (tally.tables, >, 0);
  g_assert_nonnull (tally.saved);
  g_assert_cmpuint (tally.ends, >, 0);
  /* the morale checks with their modifiers by name ("officer present -2") */
  {
    GtkWidget *log = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
    GListModel *model;

    g_assert_nonnull (log);
    /* the match is over: everything is shown */
    g_assert_null (muster_match_log_get_viewer (MUSTER_MATCH_LOG (log)));
    model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
        const char *text = muster_log_entry_get_text (entry);

        if (g_strcmp0 (muster_log_entry_get_rule (entry), "QRS-MOR-2") == 0 && strstr (text, " (") != NULL &&
            strstr (text, ") — ") != NULL)
          {
            if (n_mods == 0)
              g_test_message ("%s", text);
            n_mods++;
          }
      }
  }
  g_assert_cmpuint (n_mods, >, 0);
  shot (GTK_WIDGET (page), "qrs-result");
  g_free (tally.saved);
  destroy_all_windows ();
}

/* The probe table of tests/fixtures/rules/regimental/e-hold.script with
 * the test data file: each side's orders (u1 and both Confederates hold,
 * u2 moves), every step ended until u2 moves into the Confederates'
 * sight; their hold fire is asked behind the hand-over, then the greedy
 * policy plays the match out. */
static void
test_hold_fire (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "regimental", "e-open.muster", NULL);
  g_autofree char *data = g_test_build_filename (G_TEST_DIST, "data", NULL);
  static const char *const orders[] = { "order u1 H", "order u2 M", "order c1 H", "order c2 H" };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(MuDice) rng = mu_policy_rng_new (1);
  MusterMatchPage *page;
  MuMatch *m;
  Tally tally = { 0 };
  gboolean moved = FALSE;

  g_setenv ("MUSTER_DATADIR", data, TRUE);
  scenario = mu_scenario_load_file (path, NULL, &error);
  g_assert_no_error (error);
  page = start (scenario);
  m = muster_game_get_match (muster_match_page_get_game (page));
  for (guint n = 0; n < 40 && mu_match_get_reaction (m) == NULL; n++)
    {
      const char *line = "end-phase";
      g_autoptr(MuCommand) c = NULL;
      MuPosition pos;

      mu_match_get_position (m, &pos);
      if (pos.phase == 1)
        {
          GArray *views = mu_match_get_counters_for (m, pos.awaited);

          /* the awaited side's first unit still without its order */
          for (guint i = 0; i < G_N_ELEMENTS (orders) && g_str_equal (line, "end-phase"); i++)
            for (guint k = 0; k < views->len; k++)
              {
                const MuCounterView *v = &g_array_index (views, MuCounterView, k);

                if (g_str_has_prefix (orders[i] + 6, v->id) && orders[i][6 + strlen (v->id)] == ' ' &&
                    g_strcmp0 (v->side, pos.awaited) == 0 && (v->markers == NULL || strstr (v->markers, "order-") == NULL))
                  line = orders[i];
              }
        }
      else if (pos.phase == 7 && g_strcmp0 (pos.awaited, "usa") == 0 && !moved)
        {
          line = "move u2 @24.00,11.11";
          moved = TRUE;
        }
      c = mu_match_parse (m, line, &error);
      g_assert_no_error (error);
      enter (page, c, &tally);
    }
  g_assert_nonnull (mu_match_get_reaction (m));
  play_out (page, rng, &tally);
  g_assert_cmpuint (tally.reactions + tally.passes, >, 0);
  destroy_all_windows ();
}

int
main (int argc, char **argv)
{
  gboolean display;

  /* Without a GPU (Xvfb) GL is drawn in software: each of the ~700 frames
   * of the hot-seat match cost about twice the CPU time of cairo's (49 s
   * against 24 s for the match). What is checked is the widgets and the
   * scene, never the pixels, so the test draws with cairo unless told. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  display = app_test_init (&argc, &argv, "/app/regimental-window/no-display");
  /* GTK's test backend keeps the accessible properties for the checks */
  g_setenv ("GTK_A11Y", "test", TRUE);

  if (display)
    {
      g_test_add_func ("/app/regimental-window/hot-seat/QRS-AMB-28/TAB-19", test_hot_seat);
      g_test_add_func ("/app/regimental-window/hold-fire/QRS-AMB-41", test_hold_fire);
    }
  return app_test_run (display);
}
