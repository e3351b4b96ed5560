/* The match page as a player leaves it and finds it again, under a real
 * display: a saved match reopens at the zoom, the place and the selection
 * it was saved with (and one saved without them at a readable zoom on the
 * side to act); the hand-over screen covers the sidebar's log as well as
 * the board; the log keeps its newest line in sight unless the player
 * scrolled back, and follows again once they scroll back to the end. */
#include "config.h"

#include <math.h>

#include "app-test.h"
#include "frames.h"
#include "mu-match.h"
#include "mu-policy.h"
#include "mu-ruleset.h"
#include "muster-handover-screen.h"
#include "muster-map-trace.h"
#include "muster-match-log.h"
#include "muster-match-page.h"
#include "muster-phase-tracker.h"
#include "muster-window.h"
#include "match-widgets.h"
#include "muster-decision-card.h"

/* A picture of the whole screen (the window and its popovers) into
 * $MUSTER_SCREENSHOT_DIR/NAME.png when that is set, for people to look at. */
/* The board point in the middle of the view, in board pixels at zoom 1. */
static void
view_centre (MusterMapView *view,
             double        *x,
             double        *y)
{
  MusterViewTransform t;

  muster_map_view_get_transform (view, &t);
  *x = (gtk_widget_get_width (GTK_WIDGET (view)) / 2.0 - t.x) / t.zoom;
  *y = (gtk_widget_get_height (GTK_WIDGET (view)) / 2.0 - t.y) / t.zoom;
}

static MusterMatchPage *
open_match (const char *path)
{
  MusterWindow *window = new_window ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterMatchPage *page;

  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  flush_events ();
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  wait_frames (GTK_WIDGET (page), 3);
  return page;
}

/* A match saved at 150 % somewhere on the board with a counter of the
 * side to act selected opens again just so; a file without a view (saved
 * before views were kept) opens at a readable zoom on the side to act. */
static void
test_saved_view (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  MusterMapView *view = muster_match_page_get_map_view (page);
  g_autofree char *path = g_build_filename (tmpdir, "view.muster-game", NULL);
  g_autofree char *old = g_build_filename (tmpdir, "old.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  double zoom, cx, cy, x, y;

  muster_match_page_dismiss_handover (page);
  app_test_end_phase (page);
  muster_match_page_dismiss_handover (page);
  flush_events ();
  muster_map_view_zoom_at (view, 1.5, 100, 80);
  muster_map_view_pan (view, -137, 59);
  muster_match_page_select (page, "bartow");
  flush_events ();
  zoom = muster_map_view_get_zoom (view);
  view_centre (view, &cx, &cy);
  g_test_message ("saved at zoom %.3f, centre %.1f, %.1f", zoom, cx, cy);
  g_assert_true (muster_game_save (muster_match_page_get_game (page), file, &error));
  g_assert_no_error (error);
  /* the same match as an older Muster saved it: no view */
  {
    g_autofree char *data = NULL;
    g_autoptr(GString) text = NULL;
    char *at, *end;

    g_assert_true (g_file_get_contents (path, &data, NULL, &error));
    text = g_string_new (data);
    at = strstr (text->str, "<view ");
    if (at != NULL)
      {
        end = strstr (at, "/>") + 2;
        g_string_erase (text, at - text->str, end - at);
      }
    g_assert_true (g_file_set_contents (old, text->str, (gssize) text->len, &error));
  }
  destroy_all_windows ();

  page = open_match (path);
  view = muster_match_page_get_map_view (page);
  view_centre (view, &x, &y);
  g_test_message ("opened at zoom %.3f, centre %.1f, %.1f, selected %s", muster_map_view_get_zoom (view), x, y,
                  muster_match_page_get_selected (page));
  g_assert_cmpfloat_with_epsilon (muster_map_view_get_zoom (view), zoom, 0.001);
  g_assert_cmpfloat_with_epsilon (x, cx, 1.0);
  g_assert_cmpfloat_with_epsilon (y, cy, 1.0);
  /* two people: the board is covered, and nothing selected says a name */
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "csa");
  g_assert_null (muster_match_page_get_selected (page));
  muster_match_page_dismiss_handover (page);
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, "bartow");
  shot (GTK_WIDGET (page), "reopened-at-saved-view");
  destroy_all_windows ();

  page = open_match (old);
  view = muster_match_page_get_map_view (page);
  g_test_message ("without a view: zoom %.3f", muster_map_view_get_zoom (view));
  g_assert_cmpfloat (muster_map_view_get_zoom (view), >=, 0.7);
  g_assert_null (muster_match_page_get_selected (page));
  destroy_all_windows ();
}

/* While the hand-over screen covers the board the sidebar's log is covered
 * too (the other player must not read the last rolls there); the screen
 * itself tells the results meant for the player taking the board, and the
 * log shows again once they take it. */
static void
test_handover_covers_log (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);

  for (guint i = 0; i < 30 && g_strcmp0 (muster_match_page_get_handover_side (page), "usa") != 0; i++)
    app_test_end_phase (page);
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "usa");
  wait_frames (GTK_WIDGET (page), 2);
  g_assert_nonnull (strstr (muster_match_page_get_handover_results (page), " die"));
  g_assert_false (gtk_widget_get_mapped (log));
  shot (GTK_WIDGET (page), "handover-covers-log");
  muster_match_page_dismiss_handover (page);
  wait_frames (GTK_WIDGET (page), 2);
  g_assert_true (gtk_widget_get_mapped (log));
  g_assert_cmpint (gtk_widget_get_height (log), >=, 200);
  destroy_all_windows ();
}

/* Lets the window draw until the widget is drawn, a bounded number of
 * frames: a widget left without an allocation stays undrawn however long
 * one waits (until the window is resized). */
static gboolean
wait_drawn (GtkWidget *widget)
{
  for (guint i = 0; i < 30 && !drawn (widget); i++)
    wait_frames (widget, 1);
  return drawn (widget);
}

/* The sidebar that holds widget. */
static GtkWidget *
side_panel_of (GtkWidget *widget)
{
  while (widget != NULL && !gtk_widget_has_css_class (widget, "side-panel"))
    widget = gtk_widget_get_parent (widget);
  g_assert_nonnull (widget);
  return widget;
}

/* Clicks the hand-over screen's button as GTK does and waits until the
 * page has taken the screen away. */
static void
take_board (MusterMatchPage *page,
            GtkWidget       *button)
{
  g_assert_true (gtk_widget_activate (button));
  for (guint i = 0; i < 10000 && muster_match_page_get_handover_side (page) != NULL; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (muster_match_page_get_handover_side (page));
}

/* Taking the board with the hand-over screen's button, as a player does,
 * shows the whole sidebar again with the log uncovered under it: the
 * sidebar has its allocation when the window draws it. GTK says "Trying to
 * snapshot ... without a current allocation" and leaves a widget blank
 * until the window is resized otherwise; that warning fails the tests. */
static void
test_handover_button_shows_sidebar (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  GtkWidget *screen = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_HANDOVER_SCREEN);
  GtkWidget *button = app_test_find_widget (screen, GTK_TYPE_BUTTON);
  GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  GtkWidget *side = side_panel_of (log);
  graphene_rect_t bounds;

  app_test_strict_snapshots = TRUE;
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "csa");
  g_assert_true (wait_drawn (side));
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_false (gtk_widget_get_mapped (log));

  /* Return on the button, which has the focus: GTK clicks it */
  g_assert_true (gtk_widget_has_focus (button));
  take_board (page, button);
  g_assert_true (wait_drawn (side));
  g_assert_true (wait_drawn (log));
  shot (GTK_WIDGET (page), "handover-taken");
  g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.size.width, >=, 340);
  g_assert_cmpint (gtk_widget_get_height (log), >=, 200);
  destroy_all_windows ();
  app_test_strict_snapshots = FALSE;
}

/* The same with End Phase shown under the hand-over screen already (as the
 * page showed it before it asked the engine): taking the board then changes
 * the size of nothing else in the sidebar, and the log, laid out for the
 * first time with the lines of the first steps, finds that it needs its
 * scrollbar. A scrolled window that shows or hides a scrollbar while GTK
 * lays it out asks for a new size from inside the sidebar's own allocation,
 * which GTK 4.8 loses: the sidebar stayed blank, "without a current
 * allocation", until the window was resized or the board clicked. */
static void
test_handover_sidebar_unchanged (void)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("learning-blackburns-ford.muster");
  MusterWindow *window = new_window ();
  MusterMatchPage *page = show_scenario_match (window, scenario, 5);
  GtkWidget *screen = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_HANDOVER_SCREEN);
  GtkWidget *button = app_test_find_widget (screen, GTK_TYPE_BUTTON);
  GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  GtkWidget *tracker = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_PHASE_TRACKER);
  GtkWidget *side = side_panel_of (log);
  graphene_rect_t bounds;

  app_test_strict_snapshots = TRUE;
  g_assert_nonnull (tracker);
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "csa");
  muster_phase_tracker_set_end_shown (MUSTER_PHASE_TRACKER (tracker), TRUE);
  g_assert_true (wait_drawn (side));
  g_assert_false (gtk_widget_get_mapped (log));

  /* the button clicked as GTK clicks it, then a few real frames */
  take_board (page, button);
  wait_frames (GTK_WIDGET (window), 5);
  g_assert_true (drawn (side));
  g_assert_true (drawn (tracker));
  g_assert_true (drawn (log));
  g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.size.width, >=, 340);
  g_assert_cmpint (gtk_widget_get_allocated_width (tracker), >, 0);
  g_assert_cmpint (gtk_widget_get_height (log), >=, 200);
  destroy_all_windows ();
  app_test_strict_snapshots = FALSE;
}

/* The vertical gap between the bottom of widget a and the top of b, both
 * in the sidebar. */
static double
gap_between (GtkWidget *a,
             GtkWidget *b)
{
  GtkWidget *side = side_panel_of (a);
  graphene_rect_t ra, rb;

  g_assert_true (gtk_widget_compute_bounds (a, side, &ra));
  g_assert_true (gtk_widget_compute_bounds (b, side, &rb));
  return rb.origin.y - (ra.origin.y + ra.size.height);
}

/* Nothing selected, the log follows the undo row at the sidebar's spacing:
 * no hint, card or list that is empty leaves a gap between them (an empty
 * hint label and the box of the orders cards, empty, each took a line or
 * the spacing), neither at first nor once a selection is dropped. */
static void
test_no_gap_under_undo (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  GtkWidget *undo, *row, *log, *cover;
  int spacing;

  muster_match_page_dismiss_handover (page);
  wait_frames (GTK_WIDGET (page), 3);
  undo = match_widgets_find_command (GTK_WIDGET (page), "win.undo", NULL);
  g_assert_nonnull (undo);
  row = gtk_widget_get_parent (undo);
  spacing = gtk_box_get_spacing (GTK_BOX (gtk_widget_get_parent (row)));
  log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  cover = gtk_widget_get_ancestor (log, GTK_TYPE_STACK);
  g_assert_nonnull (cover);
  g_assert_true (gtk_widget_get_parent (cover) == gtk_widget_get_parent (row));
  g_test_message ("nothing selected: %.0f pixels between the undo row and the log", gap_between (row, cover));
  shot (GTK_WIDGET (page), "sidebar-nothing-selected");
  g_assert_cmpfloat (gap_between (row, cover), <=, spacing);

  /* a counter of the side to act, then none */
  muster_match_page_select (page, "bartow");
  wait_frames (GTK_WIDGET (page), 3);
  g_assert_cmpfloat (gap_between (row, cover), >, spacing);
  muster_match_page_select (page, NULL);
  wait_frames (GTK_WIDGET (page), 3);
  g_test_message ("selection dropped: %.0f pixels", gap_between (row, cover));
  g_assert_cmpfloat (gap_between (row, cover), <=, spacing);
  destroy_all_windows ();
}

/* The label inside an answer (a button's or a check button's). */
static GtkLabel *
answer_label_of (GtkWidget *answer)
{
  GtkWidget *label = app_test_find_widget (answer, GTK_TYPE_LABEL);

  g_assert_nonnull (label);
  return GTK_LABEL (label);
}

/* Long answers wrap within the sidebar, which keeps its width: answers as
 * the ruleset reads them, a subset's check buttons, and command lines, as
 * the decision card makes them for whatever the engine asks. */
static void
test_long_answers_wrap (void)
{
  static const char *const answers[] = { "withdraw", "hold", "u12", NULL };
  static const char *const labels[] = {
    "Withdraw the whole brigade two hexes toward Manassas Junction and rally there",
    "Hold Henry House Hill with every regiment of the brigade, whatever it costs",
    "Colonel-Commanding-the-Provisional-Brigade-of-the-Shenandoah-Valley",
    NULL,
  };
  static const char *const lines[] = {
    "move bartow 1417 1418 1419 1420 1520 1521 1522 1622 1623 1624 1724 1725",
    "choose none", NULL,
  };
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
  MusterWindow *window = new_window ();
  MusterMatchPage *page = show_scenario_match (window, scenario, 5);
  MusterDecisionCard *card = MUSTER_DECISION_CARD (app_test_find_widget (GTK_WIDGET (page),
                                                                         MUSTER_TYPE_DECISION_CARD));
  GtkWidget *answers_box = muster_match_page_get_decision_box (page);
  GtkWidget *side = side_panel_of (answers_box);
  MuDecision choice = {
    .side = "csa", .id = "test", .question = "What does the brigade do?", .answers = answers,
    .kind = MU_ANSWER_CHOICE, .answer_labels = labels,
  };
  MuDecision subset = choice;
  MuDecision command = choice;
  const MuDecision *decisions[] = { &choice, &subset, &command };
  const char *names[] = { "choice", "subset", "command" };
  int width = 0;

  subset.kind = MU_ANSWER_SUBSET;
  subset.min = 1;
  subset.max = 2;
  command.kind = MU_ANSWER_COMMAND;
  command.answers = lines;
  command.answer_labels = NULL;

  muster_match_page_dismiss_handover (page);
  wait_frames (GTK_WIDGET (page), 3);
  match_widgets_check_sidebar_width (page, &width);
  for (guint k = 0; k < G_N_ELEMENTS (decisions); k++)
    {
      graphene_rect_t panel;
      guint n = 0;

      muster_decision_card_show (card, decisions[k], "Confederate", scenario);
      wait_frames (GTK_WIDGET (page), 3);
      g_test_message ("%s", names[k]);
      match_widgets_check_sidebar_width (page, &width);
      g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &panel));
      for (GtkWidget *answer = gtk_widget_get_first_child (answers_box); answer;
           answer = gtk_widget_get_next_sibling (answer))
        {
          GtkLabel *label = answer_label_of (answer);
          graphene_rect_t bounds;
          int lines_shown = pango_layout_get_line_count (gtk_label_get_layout (label));

          if (strlen (gtk_label_get_text (label)) < 40)
            continue;
          /* the whole answer in sight, within the sidebar, on lines of its own */
          g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), GTK_WIDGET (window), &bounds));
          g_test_message ("  \"%s\": %d lines, %.0f pixels wide from %.0f in a sidebar of %.0f from %.0f",
                          gtk_label_get_text (label), lines_shown, bounds.size.width, bounds.origin.x,
                          panel.size.width, panel.origin.x);
          g_assert_cmpint (lines_shown, >, 1);
          g_assert_cmpfloat (bounds.origin.x, >=, panel.origin.x);
          g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, panel.origin.x + panel.size.width);
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
          n++;
        }
      g_assert_cmpuint (n, >=, 1);
      if (k == 0)
        shot (GTK_WIDGET (page), "decision-long-answers");
    }
  destroy_all_windows ();
}

/* The blank sidebar seen once after a hand-over, looked for in every
 * ruleset: a hot-seat match of each played by the engine's policy through
 * decisions, reaction windows and ends of a step to its third hand-over,
 * the board taken with the hand-over screen's button, the window resized
 * before the second and third; after each, the sidebar and the log are
 * drawn with an allocation (GTK's "snapshot without a current allocation"
 * fails it). Longer runs (80 commands a ruleset, 32 hand-overs) found no
 * blank sidebar either; this keeps the test to seconds. */
static void
test_handover_every_ruleset (void)
{
  static const char *const scenarios[] = {
    "first-manassas.muster", "henry-house-hill-table.muster", "learning-mn-brawners-farm.muster",
    "learning-ts-hokes-run.muster", "learning-qrs-big-bethel.muster",
  };
  static const int sizes[][2] = { { 1366, 768 }, { 1920, 1080 }, { 1100, 700 } };
  guint handovers = 0, reactions = 0, decisions = 0;

  app_test_strict_snapshots = TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (scenarios); k++)
    {
      g_autoptr(MuScenario) scenario = app_test_load_scenario (scenarios[k]);
      g_autoptr(MuDice) rng = mu_policy_rng_new (11 + k);
      MusterWindow *window = new_window ();
      MusterMatchPage *page = show_scenario_match (window, scenario, 3 + k);
      MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
      GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
      GtkWidget *side = side_panel_of (log);
      guint taken = 0;

      for (guint n = 0; n < 40 && taken < 3 && !mu_match_is_over (m); n++)
        {
          g_autoptr(GPtrArray) legal = NULL;
          const MuCommand *c;
          g_autoptr(GError) error = NULL;

          if (muster_match_page_get_handover_side (page) != NULL)
            {
              GtkWidget *screen = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_HANDOVER_SCREEN);
              GtkWidget *button = app_test_find_widget (screen, GTK_TYPE_BUTTON);
              graphene_rect_t bounds;

              if (taken > 0)
                {
                  const int *size = sizes[(handovers + k) % G_N_ELEMENTS (sizes)];

                  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
                }
              take_board (page, button);
              if (!wait_drawn (side) || !wait_drawn (log))
                g_test_message ("%s, command %u: the sidebar is blank after the hand-over", scenarios[k], n);
              g_assert_true (wait_drawn (side));
              g_assert_true (wait_drawn (log));
              g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &bounds));
              g_assert_cmpfloat (bounds.size.width, >=, 340);
              g_assert_cmpint (gtk_widget_get_height (log), >, 0);
              handovers++;
              taken++;
            }
          decisions += mu_match_get_pending (m) != NULL;
          reactions += mu_match_get_reaction (m) != NULL;
          legal = mu_match_legal_commands (m);
          c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);
          g_assert_nonnull (c);
          g_assert_true (muster_game_apply (muster_match_page_get_game (page), c, &error));
          g_assert_no_error (error);
          flush_events ();
        }
      destroy_all_windows ();
    }
  g_test_message ("%u hand-overs, %u decisions, %u commands in a reaction window", handovers, decisions,
                  reactions);
  g_assert_cmpuint (handovers, >, 0);
  app_test_strict_snapshots = FALSE;
}

static GtkAdjustment *
log_adjustment (MusterMatchPage *page)
{
  GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  GtkWidget *scroller = NULL;

  /* the list's, not the one in the filter's drop-down */
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_first_child (log)); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      scroller = w;
  g_assert_nonnull (scroller);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
}

static gboolean
at_end (GtkAdjustment *adj)
{
  return gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 2.0;
}

/* Moves of the side to act and End Phase, as a player gives them. */
static void
play_some (MusterMatchPage *page,
           guint            n)
{
  for (guint k = 0; k < n; k++)
    {
      MuMatch *match = muster_game_get_match (muster_match_page_get_game (page));
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);
      const MuCommand *pick = NULL;

      if (muster_match_page_get_handover_side (page) != NULL)
        muster_match_page_dismiss_handover (page);
      for (guint i = 0; i < legal->len && pick == NULL; i++)
        if (g_strcmp0 (mu_command_get_verb (g_ptr_array_index (legal, i)), "end-phase") != 0)
          pick = g_ptr_array_index (legal, i);
      if (pick != NULL && k % 3 != 2)
        {
          g_autofree char *line = mu_command_to_string (pick);

          muster_match_page_play_line (page, line);
        }
      else
        app_test_end_phase (page);
      flush_events ();
    }
}

/* Wheel steps on the log as its scrolled window takes them: the view
 * moved by dy pixels a step (dy < 0: back), within its range. */
static void
wheel (GtkAdjustment   *adj,
       MusterMatchPage *page,
       double           dy,
       int              steps)
{
  for (int k = 0; k < steps; k++)
    {
      gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + dy);
      wait_frames (GTK_WIDGET (page), 1);
    }
}

/* A counter of the side to act selected (its commands shown above the
 * log, which grows shorter) or, every other round, the selection dropped
 * (the log grows taller), at once one command, then a few frames. */
static void
play_round (MusterMatchPage *page,
            int              round)
{
  if (round % 2 == 0)
    {
      MusterGame *game = muster_match_page_get_game (page);
      const char *awaited = muster_game_get_awaited_side (game);
      GArray *views = mu_match_get_counters (muster_game_get_match (game));

      for (guint i = 0; i < views->len; i++)
        {
          const MuCounterView *v = &g_array_index (views, MuCounterView, i);

          if (g_strcmp0 (v->side, awaited) == 0 && mu_pos_is_set (&v->pos))
            {
              muster_match_page_select (page, v->id);
              break;
            }
        }
    }
  else
    muster_match_page_select (page, NULL);
  play_some (page, 1);
  wait_frames (GTK_WIDGET (page), 1 + round % 3);
}

/* The sidebar's log follows the newest event as the match goes on, while
 * the log grows shorter and taller with the selection; a player who
 * scrolled back keeps their place while events arrive; back at the end, it
 * follows again. (It stopped following once: the list, asked to show its
 * last row, judged from its estimate of rows not yet measured that the row
 * was in sight, and did not scroll.) */
static void
test_log_follows (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  GtkAdjustment *adj = log_adjustment (page);
  double kept;
  int round = 0;

  muster_match_page_dismiss_handover (page);
  for (; round < 40; round++)
    {
      play_round (page, round);
      g_test_message ("round %d: value %.0f upper %.0f page %.0f", round, gtk_adjustment_get_value (adj),
                      gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
      g_assert_true (at_end (adj));
    }
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, 4 * gtk_adjustment_get_page_size (adj));

  /* scrolled back: the place stays */
  muster_match_page_select (page, NULL);
  wait_frames (GTK_WIDGET (page), 2);
  wheel (adj, page, -60, 5);
  kept = gtk_adjustment_get_value (adj);
  g_test_message ("scrolled back: value %.0f upper %.0f page %.0f", kept, gtk_adjustment_get_upper (adj),
                  gtk_adjustment_get_page_size (adj));
  for (int i = 0; i < 6; i++)
    {
      play_some (page, 1);
      wait_frames (GTK_WIDGET (page), 2);
    }
  g_test_message ("after new events: value %.0f upper %.0f page %.0f", gtk_adjustment_get_value (adj),
                  gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
  g_assert_false (at_end (adj));
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (adj) - kept), <, gtk_adjustment_get_page_size (adj) / 2);

  /* back at the end: following again */
  for (int i = 0; i < 400 && !at_end (adj); i++)
    wheel (adj, page, 60, 1);
  for (int k = 0; k < 12; k++, round++)
    {
      play_round (page, round);
      g_test_message ("again %d: value %.0f upper %.0f page %.0f", round, gtk_adjustment_get_value (adj),
                      gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
      g_assert_true (at_end (adj));
    }
  shot (GTK_WIDGET (page), "log-following");
  destroy_all_windows ();
}

/* The largest turn, in degrees, between two edges of a closed ring. */
static double
largest_turn (const GArray *ring)
{
  double most = 0;

  for (guint k = 0; k < ring->len; k++)
    {
      MuPoint a = g_array_index (ring, MuPoint, (k + ring->len - 1) % ring->len);
      MuPoint b = g_array_index (ring, MuPoint, k);
      MuPoint c = g_array_index (ring, MuPoint, (k + 1) % ring->len);
      double t1 = atan2 (b.y - a.y, b.x - a.x), t2 = atan2 (c.y - b.y, c.x - b.x);
      double turn = fabs (remainder (t2 - t1, 2 * G_PI)) * 180 / G_PI;

      if (hypot (b.x - a.x, b.y - a.y) > 1e-6 && hypot (c.x - b.x, c.y - b.y) > 1e-6)
        most = MAX (most, turn);
    }
  return most;
}

/* On Henry House Hill (baa-table) the region a unit may move into near
 * woods and friends has spikes (the engine's rays, a few degrees apart,
 * end at different lengths): its outline is drawn as curves through the
 * engine's points, without a corner at any of them. */
static void
test_smooth_region (void)
{
  MusterWindow *window = new_window ();
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("henry-house-hill-table.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = muster_game_new_for_scenario (scenario, 1, &error);
  MusterMatchPage *page;
  MusterScene *scene;
  GArray *views;
  const char *jagged = NULL;
  double worst = 0;

  g_assert_no_error (error);
  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  scene = muster_match_page_get_scene (page);
  views = mu_match_get_counters (muster_game_get_match (game));
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      const MuRegion *area;
      double turn;

      if (g_strcmp0 (v->side, muster_game_get_awaited_side (game)) != 0 || !mu_pos_is_set (&v->pos))
        continue;
      muster_match_page_select (page, v->id);
      area = muster_scene_get_area (scene);
      if (area == NULL || mu_region_is_empty (area))
        continue;
      turn = largest_turn (mu_region_get_outer (area, 0));
      if (turn > worst)
        {
          worst = turn;
          jagged = v->id;
        }
    }
  g_assert_nonnull (jagged);
  g_test_message ("%s: the engine's region turns by %.0f° at a point", jagged, worst);
  g_assert_cmpfloat (worst, >, 90);
  muster_match_page_select (page, jagged);
  {
    GArray *all = mu_match_get_counters (muster_game_get_match (game));

    for (guint i = 0; i < all->len; i++)
      if (g_strcmp0 (g_array_index (all, MuCounterView, i).id, jagged) == 0)
        {
          MuPoint b;

          muster_map_view_pos_to_board (muster_match_page_get_map_view (page), &g_array_index (all, MuCounterView, i).pos, &b);
          muster_map_view_focus_point (muster_match_page_get_map_view (page), b, 1.5);
        }
    shot (GTK_WIDGET (page), "table-region-smooth");
  }
  {
    const MuRegion *area = muster_scene_get_area (scene);
    const GArray *ring = mu_region_get_outer (area, 0);
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
    cairo_t *cr = cairo_create (surface);
    MusterViewTransform t;
    cairo_path_t *path;
    g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (MuPoint));
    g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (MuPoint));   /* the control point before each end */
    g_autoptr(GArray) after = g_array_new (FALSE, FALSE, sizeof (MuPoint));    /* the one after each start */
    MuPoint start = { 0, 0 };
    double sharpest = 0;

    muster_map_view_get_transform (muster_match_page_get_map_view (page), &t);
    muster_map_trace_area_path (cr, &t, area);
    path = cairo_copy_path (cr);
    /* the outer ring, the first closed path; the holes after it are other
     * units' bases, drawn straight */
    for (int i = 0; i < path->num_data; i += path->data[i].header.length)
      {
        cairo_path_data_t *d = &path->data[i];

        if (d->header.type == CAIRO_PATH_CLOSE_PATH)
          break;
        if (d->header.type == CAIRO_PATH_MOVE_TO)
          start = (MuPoint) { d[1].point.x, d[1].point.y };
        else if (d->header.type == CAIRO_PATH_CURVE_TO)
          {
            MuPoint c1 = { d[1].point.x, d[1].point.y }, c2 = { d[2].point.x, d[2].point.y };
            MuPoint e = { d[3].point.x, d[3].point.y };

            g_array_append_val (after, c1);
            g_array_append_val (before, c2);
            g_array_append_val (ends, e);
          }
        else
          g_assert_not_reached ();
      }
    cairo_path_destroy (path);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
    /* through every point of the engine's (ring points distinct from their
     * neighbours: a curve each), closed at its start */
    g_assert_cmpuint (ends->len, >, 3);
    g_assert_cmpuint (ends->len, <=, ring->len);
    g_assert_cmpfloat_with_epsilon (g_array_index (ends, MuPoint, ends->len - 1).x, start.x, 0.01);
    g_assert_cmpfloat_with_epsilon (g_array_index (ends, MuPoint, ends->len - 1).y, start.y, 0.01);
    /* no corner: at each point the curve arriving and the one leaving share
     * their tangent */
    for (guint k = 0; k < ends->len; k++)
      {
        MuPoint p = g_array_index (ends, MuPoint, k);
        MuPoint in = g_array_index (before, MuPoint, k);
        MuPoint out = g_array_index (after, MuPoint, (k + 1) % ends->len);
        double lin = hypot (p.x - in.x, p.y - in.y), lout = hypot (out.x - p.x, out.y - p.y);

        /* cairo keeps path points in 1/256 pixel: a handle too short to
         * have a direction says nothing */
        if (lin < 0.5 || lout < 0.5)
          continue;
        /* how far the leaving handle lies off the arriving tangent, in
         * pixels; a corner puts it off by its length */
        g_assert_cmpfloat ((p.x - in.x) * (out.x - p.x) + (p.y - in.y) * (out.y - p.y), >, 0);
        sharpest = MAX (sharpest, fabs ((p.x - in.x) * (out.y - p.y) - (p.y - in.y) * (out.x - p.x)) / lin);
      }
    g_test_message ("the drawn outline's handles lie %.3f px off their tangent at most", sharpest);
    g_assert_cmpfloat (sharpest, <, 0.05);
  }
  destroy_all_windows ();
}

/* win.undo undoes the shown match, but not while the replay bar steps
 * through it: the live match waits (the window follows the page's
 * "replaying"). */
static void
test_undo_waits_for_replay (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  MusterGame *game = muster_match_page_get_game (page);
  guint n;

  muster_match_page_dismiss_handover (page);
  /* the first listed move: one that can be undone */
  for (int i = 0; i < 20 && !muster_game_can_undo (game, NULL); i++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (muster_game_get_match (game));
      const MuRuleset *rs = muster_game_get_ruleset (game);
      MuCommand *pick = NULL;
      g_autoptr(GError) error = NULL;

      for (guint k = 0; k < legal->len && pick == NULL; k++)
        {
          const MuVerbInfo *v = mu_ruleset_find_verb (rs, mu_command_get_verb (g_ptr_array_index (legal, k)));

          if (v != NULL && (v->flags & (MU_VERB_MOVE | MU_VERB_END_STEP)))
            pick = g_ptr_array_index (legal, k);
        }
      g_assert_nonnull (pick);
      g_assert_true (muster_game_apply (game, pick, &error));
      g_assert_no_error (error);
    }
  g_assert_true (muster_game_can_undo (game, NULL));
  flush_events ();
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  gtk_widget_activate_action (GTK_WIDGET (page), "match.replay", NULL);
  flush_events ();
  g_assert_nonnull (muster_match_page_get_replay_bar (page));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  gtk_widget_activate_action (GTK_WIDGET (page), "match.leave-replay", NULL);
  flush_events ();
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  n = mu_match_get_commands (muster_game_get_match (game))->len;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "win.undo", NULL));
  g_assert_cmpuint (mu_match_get_commands (muster_game_get_match (game))->len, <, n);
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/match-view/no-display"))
    {
      g_test_add_func ("/app/match-view/saved-view", test_saved_view);
      g_test_add_func ("/app/match-view/handover-covers-log", test_handover_covers_log);
      g_test_add_func ("/app/match-view/handover-button-shows-sidebar", test_handover_button_shows_sidebar);
      g_test_add_func ("/app/match-view/handover-sidebar-unchanged", test_handover_sidebar_unchanged);
      g_test_add_func ("/app/match-view/no-gap-under-undo", test_no_gap_under_undo);
      g_test_add_func ("/app/match-view/long-answers-wrap", test_long_answers_wrap);
      g_test_add_func ("/app/match-view/handover-every-ruleset", test_handover_every_ruleset);
      g_test_add_func ("/app/match-view/log-follows", test_log_follows);
      g_test_add_func ("/app/match-view/smooth-region", test_smooth_region);
      g_test_add_func ("/app/match-view/undo-waits-for-replay", test_undo_waits_for_replay);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
