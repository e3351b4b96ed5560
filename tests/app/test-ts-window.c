/* test-ts-window.c: Toy Soldiers in the window, as two people play its
 * first part (issue 29): fire and reorder for a few game turns
 *
 * On a small table whose lines start in musket range
 * (tests/app/fixtures/ts-firefight.muster) each side's units fire at the
 * enemy the engine lists first, or reorder when they may not fire, and
 * every pending decision is answered by its first answer. The test enters
 * each command through the page as a player would: the hand-over screen
 * taken, the unit selected on the board and its button pressed, a
 * decision by its answer's button, the end of a step by match.end-phase.
 * It checks what the window shows of the engine: the state dice on every
 * unit's piece, the smoke discs with their radius, the selected unit's
 * front arc, the sides' élan and the commanders' chaos with the action
 * types spent in the phase tracker, and the rolls in the log with their
 * modifiers. With MUSTER_SCREENSHOT_DIR set it writes them as PNGs. */
#define G_LOG_DOMAIN "test-ts-window"

#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "match-widgets.h"

#include <stdio.h>

#include "mu-table-state.h"
#include "muster-match-log.h"
#include "muster-phase-tracker.h"
#include "muster-result-page.h"

/* three game turns of at most three units a side, each of their two
 * player-turns a few commands and decisions */
#define MAX_COMMANDS 400

/* Whether the unit's view shows stress of 2 or more (its red die). */
static gboolean
shaken (MuMatch    *m,
        const char *unit)
{
  GArray *views = mu_match_get_counters (m);

  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->id, unit) == 0)
        return strstr (v->markers, "stress-0") == NULL && strstr (v->markers, "stress-1") == NULL;
    }
  return FALSE;
}

/* The command a player of this test gives now: a decision's first answer;
 * in the unit step, with move, the first listed move of one straight step,
 * else the reorder of a unit shaken by stress 2 or more, else the first
 * listed fire, else the end of the step; in any other step its end. */
/* The end point of a move of one straight step (the engine's listed
 * sample), in *to; FALSE for any other command. */
static gboolean
move_end (MuMatch         *m,
          const MuCommand *c,
          MuPoint         *to)
{
  const MuVerbInfo *verb = mu_ruleset_find_verb (mu_match_get_ruleset (m), mu_command_get_verb (c));
  const MuArg *last = mu_command_n_args (c) == 2 ? mu_command_arg (c, 1) : NULL;

  if (verb == NULL || !(verb->flags & MU_VERB_MOVE) || last == NULL || !last->pos.is_point ||
      !(last->kind == MU_ARG_POS || (last->kind == MU_ARG_STEP && last->move == MU_MOVE_TO)))
    return FALSE;
  *to = last->pos.point;
  return TRUE;
}

static MuCommand *
choose (MuMatch *m,
        gboolean move)
{
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
  const MuDecision *d = mu_match_get_pending (m);
  MuPosition pos;
  const MuCommand *fire = NULL, *reorder = NULL, *end = NULL, *step = NULL;

  if (d != NULL)
    {
      g_autofree char *line = g_strdup_printf ("choose %s", d->answers[0]);

      return mu_command_parse (mu_match_get_ruleset (m), line, NULL);
    }
  mu_match_get_position (m, &pos);
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const char *verb = mu_command_get_verb (c);

      MuPoint to;

      if (step == NULL && move && move_end (m, c, &to))
        step = c;
      if (fire == NULL && g_str_equal (verb, "fire") && mu_command_n_args (c) == 2)
        fire = c;
      else if (reorder == NULL && g_str_equal (verb, "reorder") && shaken (m, mu_command_word (c, 0)))
        reorder = c;
      else if (end == NULL && g_str_equal (verb, "end-phase"))
        end = c;
    }
  if (g_strcmp0 (pos.phase_id, "units") == 0 && step != NULL)
    return mu_command_ref ((MuCommand *) step);
  if (g_strcmp0 (pos.phase_id, "units") == 0 && reorder != NULL)
    return mu_command_ref ((MuCommand *) reorder);
  if (g_strcmp0 (pos.phase_id, "units") == 0 && fire != NULL)
    return mu_command_ref ((MuCommand *) fire);
  g_assert_nonnull (end);
  return mu_command_ref ((MuCommand *) end);
}

typedef struct {
  guint fires, reorders, answers, ends, moves;
  guint decided_hidden;   /* decisions pending with End Phase hidden */
  int sidebar;            /* the width the sidebar asks for */
  gboolean shot_smoke, shot_arc, shot_reorder;
} Tally;

/* The smoke discs the board shows are the engine's point markers, each
 * with its radius (TS-AMB-59, TS-FIRE-5). */
static guint
check_smoke (MusterMatchPage *page)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const MuTableState *state = mu_match_get_table_state (m);
  const GArray *markers = mu_table_state_markers (state);
  MusterScene *scene = muster_match_page_get_scene (page);
  guint n = 0;
  const MusterDisc *discs = muster_scene_get_discs (scene, &n);

  g_assert_cmpuint (n, ==, markers->len);
  for (guint i = 0; i < n; i++)
    {
      const MuPointMarker *mk = &g_array_index (markers, MuPointMarker, i);
      MuPos edge = mu_pos_from_point (mk->at.x + mk->radius, mk->at.y, -1);
      MuPos centre = mu_pos_from_point (mk->at.x, mk->at.y, -1);
      MuPoint c, e;

      muster_map_view_pos_to_board (muster_match_page_get_map_view (page), &centre, &c);
      muster_map_view_pos_to_board (muster_match_page_get_map_view (page), &edge, &e);
      g_assert_cmpstr (discs[i].kind, ==, "smoke");
      g_assert_cmpfloat_with_epsilon (discs[i].centre.x, c.x, 1e-6);
      g_assert_cmpfloat_with_epsilon (discs[i].centre.y, c.y, 1e-6);
      g_assert_cmpfloat_with_epsilon (discs[i].radius, e.x - c.x, 1e-6);
      g_assert_cmpfloat (discs[i].radius, >, 0);
    }
  return n;
}

/* Each unit's piece carries its two state dice (TS-STATE-1, TS-STATE-2),
 * the markers the board draws on it, as the engine's views give them. */
static void
check_state_dice (MusterMatchPage *page)
{
  MusterScene *scene = muster_match_page_get_scene (page);
  guint n = 0, units = 0;
  const MuPiece *pieces = muster_scene_get_pieces (scene, &n);

  for (guint i = 0; i < n; i++)
    {
      g_auto(GStrv) words = NULL;
      gboolean disorder = FALSE, stress = FALSE;

      if (pieces[i].counter->kind != MU_COUNTER_UNIT)
        continue;
      words = g_strsplit (pieces[i].markers ? pieces[i].markers : "", ",", -1);
      for (guint k = 0; words[k]; k++)
        {
          const MuMarkerInfo *info = mu_ruleset_find_marker (mu_ruleset_find ("toy-soldiers"), words[k]);

          disorder |= g_str_has_prefix (words[k], "disorder-") && info != NULL && info->drawn;
          stress |= g_str_has_prefix (words[k], "stress-") && info != NULL && info->drawn;
        }
      g_assert_true (disorder && stress);
      units++;
    }
  g_assert_cmpuint (units, >, 0);
}

/* The tracker shows each side's élan and each commander's chaos as the
 * engine gives them, and, after a fire, the action types spent. */
static void
check_tracker (MusterMatchPage *page,
               gboolean         fired)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  GtkWidget *tracker = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_PHASE_TRACKER);
  g_autofree char *text = NULL;
  static const char *const sides[] = { "usa", "csa" };
  static const char *const commanders[] = { "abercrombie", "jackson" };

  g_assert_nonnull (tracker);
  text = muster_phase_tracker_describe (MUSTER_PHASE_TRACKER (tracker));
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      int value;
      g_autofree char *line = NULL;

      g_assert_true (mu_match_get_resource (m, "elan", sides[i], &value));
      line = g_strdup_printf ("resource elan %s %d\n", sides[i], value);
      g_assert_nonnull (strstr (text, line));
      g_clear_pointer (&line, g_free);
      g_assert_true (mu_match_get_resource (m, "chaos", commanders[i], &value));
      line = g_strdup_printf ("resource chaos %s %d\n", commanders[i], value);
      g_assert_nonnull (strstr (text, line));
    }
  if (fired)
    {
      g_assert_nonnull (strstr (text, "todo Col. "));
      g_assert_nonnull (strstr (text, "spent "));
      g_assert_nonnull (strstr (text, "fire"));
    }
}

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
    muster_match_page_dismiss_handover (page);
  flush_events ();
  if (match_widgets_check_end_phase (page) && tally->decided_hidden++ == 0)
    shot (GTK_WIDGET (page), "ts-decision");
  match_widgets_check_sidebar_width (page, &tally->sidebar);
  if (d != NULL && d->kind == MU_ANSWER_NUMBER)
    {
      /* a number (the stands a reorder gives up, TS-REO-3): the spin
       * button set to it, then its Answer button */
      GtkWidget *box = muster_match_page_get_decision_box (page);
      GtkWidget *spin = match_widgets_find_type (box, GTK_TYPE_SPIN_BUTTON);
      GtkWidget *ok = gtk_widget_get_last_child (box);

      g_assert_nonnull (spin);
      g_assert_true (GTK_IS_BUTTON (ok));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), g_ascii_strtod (mu_command_word (c, 0), NULL));
      g_signal_emit_by_name (ok, "clicked");
      tally->answers++;
    }
  else if (d != NULL)
    {
      GtkWidget *button = match_widgets_find_answer (page, mu_command_word (c, 0));

      g_assert_nonnull (button);
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
  else
    {
      GtkWidget *button;
      const char *label;

      MuPoint to;

      muster_match_page_select (page, mu_command_word (c, 0));
      flush_events ();
      match_widgets_check_sidebar_width (page, &tally->sidebar);
      if (move_end (m, c, &to))
        {
          /* a move by a click on the engine's listed destination: the
           * page gives the verb of the listed move ending there (adjust,
           * forward, ...), the unit keeping its facing */
          const MuCommand *played;
          const MuCounterView *v = NULL;
          GArray *views;

          muster_match_page_click_point (page, to, NULL);
          flush_events ();
          if (muster_match_page_get_refusal (page) != NULL)
            g_test_message ("the click at %.2f,%.2f refused: %s", to.x, to.y, muster_match_page_get_refusal (page));
          g_assert_null (muster_match_page_get_refusal (page));
          g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before + 1);
          played = g_ptr_array_index (mu_match_get_commands (m), before);
          g_assert_cmpstr (mu_command_word (played, 0), ==, mu_command_word (c, 0));
          g_assert_true (mu_ruleset_find_verb (mu_match_get_ruleset (m),
                                               mu_command_get_verb (played))->flags & MU_VERB_MOVE);
          views = mu_match_get_counters (m);
          for (guint i = 0; i < views->len; i++)
            if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, mu_command_word (c, 0)) == 0)
              v = &g_array_index (views, MuCounterView, i);
          g_assert_nonnull (v);
          g_assert_cmpfloat_with_epsilon (v->pos.point.x, to.x, 0.011);
          g_assert_cmpfloat_with_epsilon (v->pos.point.y, to.y, 0.011);
          tally->moves++;
          return;
        }
      /* the selected unit's front arc, out to its fire's reach or the
       * table's edge (TS-AMB-42): at least the rays from its front */
      {
        guint n = 0;

        muster_scene_get_arc (muster_match_page_get_scene (page), &n);
        g_assert_cmpuint (n, >=, 4);
        g_assert_nonnull (strstr (muster_match_page_get_hint (page), "TS-AMB-42"));
        if (!tally->shot_arc && tally->fires > 0)
          {
            shot (GTK_WIDGET (page), "ts-arc");
            tally->shot_arc = TRUE;
          }
      }
      button = match_widgets_find_command (GTK_WIDGET (page), "match.command", line);
      if (button == NULL)
        g_test_message ("no button for “%s”", line);
      g_assert_nonnull (button);
      label = gtk_button_get_label (GTK_BUTTON (button));
      if (label == NULL)
        label = gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))));
      g_assert_nonnull (label);
      /* a sentence with names, never the command's words */
      g_assert_null (strstr (label, mu_command_word (c, 0)));
      g_assert_true (gtk_widget_is_sensitive (button));
      g_signal_emit_by_name (button, "clicked");
      if (g_str_equal (verb, "fire"))
        tally->fires++;
      else
        tally->reorders++;
    }
  flush_events ();
  if (muster_match_page_get_refusal (page) != NULL)
    g_test_message ("“%s” refused: %s", line, muster_match_page_get_refusal (page));
  g_assert_null (muster_match_page_get_refusal (page));
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, before + 1);
}

static void
test_fire_and_reorder (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "app", "fixtures", "ts-firefight.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MusterGame) game = NULL;
  MusterWindow *window;
  MusterMatchPage *page;
  MuMatch *m;
  Tally tally = { 0 };
  guint n, most_smoke = 0, controls = 0;
  gboolean moved_usa = FALSE, moved_csa = FALSE;

  g_assert_no_error (error);
  window = new_window ();
  page = show_scenario_match (window, scenario, 1);
  game = g_object_ref (muster_match_page_get_game (page));
  m = muster_game_get_match (game);
  for (n = 0; n < MAX_COMMANDS && !muster_game_is_over (game); n++)
    {
      MuPosition now;
      g_autoptr(MuCommand) c = NULL;
      gboolean usa;
      guint moves = tally.moves;

      /* in game turn 2 each side's first unit moves, by a click */
      mu_match_get_position (m, &now);
      usa = g_strcmp0 (now.side, "usa") == 0;
      c = choose (m, now.bound == 2 && !(usa ? moved_usa : moved_csa));
      guint smoke;

      g_assert_nonnull (c);
      enter (page, c, &tally);
      if (tally.moves > moves)
        *(usa ? &moved_usa : &moved_csa) = TRUE;
      if (muster_game_is_over (game))
        break;
      /* every control shown now, the unit's buttons, a decision's */
      match_widgets_check_accessible (GTK_WIDGET (page), &controls);
      check_state_dice (page);
      check_tracker (page, g_str_equal (mu_command_get_verb (c), "fire") && mu_match_get_pending (m) == NULL);
      smoke = check_smoke (page);
      if (smoke > 0 && !tally.shot_smoke)
        {
          /* the firer still selected: its arc, the smoke in front of it */
          shot (GTK_WIDGET (page), "ts-smoke");
          tally.shot_smoke = TRUE;
          if (g_getenv ("MUSTER_SCREENSHOT_DIR") != NULL)
            {
              /* closer, for the state dice beside the firer's stands:
               * about where the 11th Pennsylvania stands at 1366 x 768 */
              MusterMapView *view = muster_match_page_get_map_view (page);
              double zoom = muster_map_view_get_zoom (view);

              muster_map_view_zoom_at (view, zoom * 3, 330, 420);
              shot (GTK_WIDGET (page), "ts-state-dice");
              muster_map_view_zoom_at (view, zoom, 330, 420);
            }
        }
      most_smoke = MAX (most_smoke, smoke);
      if (!tally.shot_reorder && g_str_equal (mu_command_get_verb (c), "reorder"))
        {
          shot (GTK_WIDGET (page), "ts-reorder");
          tally.shot_reorder = TRUE;
        }
    }
  g_test_message ("%u commands: %u fires, %u reorders, %u moves, %u answers, %u ends of a step; "
                  "at most %u smoke discs", n, tally.fires, tally.reorders, tally.moves, tally.answers,
                  tally.ends, most_smoke);
  g_assert_cmpuint (tally.fires, >, 0);
  g_assert_cmpuint (tally.reorders, >, 0);
  g_assert_cmpuint (tally.moves, ==, 2);
  g_assert_cmpuint (tally.ends, >, 0);
  g_test_message ("%u decisions with End Phase hidden", tally.decided_hidden);
  g_assert_cmpuint (tally.decided_hidden, >, 0);
  g_assert_cmpuint (most_smoke, >, 0);
  g_assert_true (muster_game_is_over (game));
  flush_events ();
  match_widgets_check_accessible (GTK_WIDGET (page), &controls);
  g_test_message ("%u controls with an accessible name seen", controls);
  g_assert_cmpuint (controls, >, 0);
  /* every roll in the log, its modifiers by name ("(Band 3 +1)") */
  {
    GtkWidget *log = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
    GListModel *model;
    guint n_rolls = 0, n_mods = 0, n_named = 0;

    g_assert_nonnull (log);
    model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
        const char *text = muster_log_entry_get_text (entry);

        g_assert_null (strchr (text, '@'));
        n_rolls += strstr (text, " — ") != NULL;
        /* by name, not the event line's word ("band3") */
        n_named += strstr (text, "(Band ") != NULL || strstr (text, ", Band ") != NULL;
        /* "…, need less than 3 +1 (Band 3 +1) — 3 4 2 5 2: …" */
        n_mods += strstr (text, " (") != NULL && strstr (text, ") — ") != NULL &&
                  (strstr (text, " +") != NULL || strstr (text, " -") != NULL);
      }
    g_test_message ("%u log entries, %u rolls, %u with modifiers", g_list_model_get_n_items (model), n_rolls,
                    n_mods);
    g_assert_cmpuint (n_mods, >, 0);
    g_assert_cmpuint (n_named, >, 0);
  }
  /* the result says why it came, never an objective difference: Toy
   * Soldiers scores élan (TS-AMB-80) */
  {
    MuResult r;
    GtkWidget *result = match_widgets_find_type (GTK_WIDGET (page), MUSTER_TYPE_RESULT_PAGE);
    g_autofree char *text = NULL;

    g_assert_nonnull (result);
    text = muster_result_page_describe (MUSTER_RESULT_PAGE (result));
    mu_match_get_result (m, &r);
    g_assert_nonnull (r.reason);
    g_assert_nonnull (strstr (text, r.reason));
    g_assert_null (strstr (text, "objective difference"));
    mu_result_clear (&r);
  }
  shot (GTK_WIDGET (page), "ts-result");
  destroy_all_windows ();
}

/* The selection hint of each unit says something true: its targets when
 * it has some, its move when it may be dragged, else the commands its
 * buttons below offer; never "0 to attack" (learning-ts-hokes-run, whose
 * units start out of range, in the unit step of each side). */
static void
test_hints (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("learning-ts-hokes-run.muster");
  MusterMatchPage *page = show_scenario_match (new_window (), scenario, 1);
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  guint n_commands = 0;

  for (guint round = 0; round < 2; round++)
    {
      MuPosition now;
      GArray *views;

      /* the commander step ends; the units may act */
      if (muster_match_page_get_handover_side (page) != NULL)
        muster_match_page_dismiss_handover (page);
      g_assert_true (muster_game_apply_line (game, "end-phase", NULL));
      flush_events ();
      if (muster_match_page_get_handover_side (page) != NULL)
        muster_match_page_dismiss_handover (page);
      mu_match_get_position (m, &now);
      views = mu_match_get_counters (m);
      for (guint i = 0; i < views->len; i++)
        {
          const MuCounterView *v = &g_array_index (views, MuCounterView, i);
          g_autofree char *id = g_strdup (v->id);
          const char *hint;

          if (g_strcmp0 (v->side, now.side) != 0 || v->counter->kind != MU_COUNTER_UNIT)
            continue;
          muster_match_page_select (page, id);
          flush_events ();
          hint = muster_match_page_get_hint (page);
          g_test_message ("%s: %s", id, hint);
          g_assert_nonnull (hint);
          g_assert_null (strstr (hint, " 0 to attack"));
          if (strstr (hint, "commands below") != NULL && n_commands++ == 0)
            shot (GTK_WIDGET (page), "ts-hint");
          views = mu_match_get_counters (m);
        }
      g_assert_true (muster_game_apply_line (game, "end-phase", NULL));
      flush_events ();
    }
  g_assert_cmpuint (n_commands, >, 0);
  destroy_all_windows ();
}

/* The selected unit's front arc lies on the table: a battery's reach runs
 * far past its edge, where the arc is cut off (TS-AMB-42). */
static void
test_arc_on_table (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "app", "fixtures", "ts-firefight.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = mu_scenario_load_file (path, NULL, &error);
  MusterWindow *window;
  MusterMatchPage *page;
  MusterScene *scene;
  MuMatch *m;
  MuPos corner[2];
  MuPoint lo, hi;
  guint arcs = 0, past_edge = 0;

  g_assert_no_error (error);
  window = new_window ();
  page = show_scenario_match (window, scenario, 1);
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  scene = muster_match_page_get_scene (page);
  m = muster_game_get_match (muster_match_page_get_game (page));
  corner[0] = mu_pos_from_point (0, 0, -1);
  corner[1] = mu_pos_from_point (scenario->table->width, scenario->table->height, -1);
  muster_scene_pos_to_board (scene, &corner[0], &lo);
  muster_scene_pos_to_board (scene, &corner[1], &hi);
  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);
      g_autoptr(GArray) raw = g_array_new (FALSE, FALSE, sizeof (MuPoint));
      const MuPoint *points;
      guint n = 0;

      if (!mu_match_front_arc (m, c->id, raw, NULL))
        continue;
      for (guint k = 0; k < raw->len; k++)
        {
          const MuPoint *p = &g_array_index (raw, MuPoint, k);

          if (p->x < 0 || p->y < 0 || p->x > scenario->table->width || p->y > scenario->table->height)
            {
              past_edge++;
              break;
            }
        }
      muster_match_page_select (page, c->id);
      flush_events ();
      points = muster_scene_get_arc (scene, &n);
      g_assert_cmpuint (n, >, 0);
      g_assert_cmpuint (n % 2, ==, 0);
      arcs++;
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpfloat (points[k].x, >=, MIN (lo.x, hi.x) - 1e-6);
          g_assert_cmpfloat (points[k].x, <=, MAX (lo.x, hi.x) + 1e-6);
          g_assert_cmpfloat (points[k].y, >=, MIN (lo.y, hi.y) - 1e-6);
          g_assert_cmpfloat (points[k].y, <=, MAX (lo.y, hi.y) + 1e-6);
        }
      if (g_str_equal (c->id, "perkins"))
        shot (GTK_WIDGET (page), "ts-arc-on-table");
    }
  g_test_message ("%u arcs, %u of them past the table's edge as the engine measures them", arcs, past_edge);
  g_assert_cmpuint (arcs, >=, 6);
  g_assert_cmpuint (past_edge, >, 0);
  destroy_all_windows ();
}

int
main (int argc, char **argv)
{
  gboolean display = app_test_init (&argc, &argv, "/app/ts-window/no-display");

  /* GTK's test backend keeps the accessible properties for the checks */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (display)
    {
      g_test_add_func ("/app/ts-window/fire-and-reorder/TS-FIRE-5/TS-AMB-42/TS-ACT-2", test_fire_and_reorder);
      g_test_add_func ("/app/ts-window/hints", test_hints);
      g_test_add_func ("/app/ts-window/arc-on-table/TS-AMB-42", test_arc_on_table);
    }
  return app_test_run (display);
}
