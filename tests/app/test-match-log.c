/* The match log under a real display: every event in words exactly once,
 * a roll with its purpose, target, faces and outcome in one line, the kind
 * filter, the rule ids, appending and rebuilding with the game, the viewer,
 * and staying scrolled to the newest. */
#define G_LOG_DOMAIN "test-match-log"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-ruleset.h"
#include "muster-game.h"
#include "muster-icons.h"
#include "muster-match-log.h"

#include "frames.h"

static void
flush_events (void)
{
  for (int i = 0; i < 500 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterGame *
first_manassas (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *match = mu_match_open_file (path, 7, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  return muster_game_new (match);
}

/* One command chosen from the legal ones: an attack when there is one,
 * else a move of the first counter that may move, else end-phase. */
static void
play_one (MusterGame *game)
{
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (muster_game_get_match (game));
  const MuRuleset *rs = muster_game_get_ruleset (game);
  MuCommand *pick = NULL;
  g_autoptr(GError) error = NULL;

  for (guint pass = 0; pass < 3 && pick == NULL; pass++)
    for (guint i = 0; i < legal->len && pick == NULL; i++)
      {
        MuCommand *c = g_ptr_array_index (legal, i);
        const MuVerbInfo *v = mu_ruleset_find_verb (rs, mu_command_get_verb (c));
        guint flags = v ? v->flags : 0;

        if ((pass == 0 && (flags & MU_VERB_ATTACK)) || (pass == 1 && (flags & MU_VERB_MOVE)) ||
            (pass == 2 && (flags & (MU_VERB_END_STEP | MU_VERB_ANSWER))))
          pick = c;
      }
  g_assert_nonnull (pick);
  g_assert_true (muster_game_apply (game, pick, &error));
  g_assert_no_error (error);
}

/* Plays until some roll of `purpose` was rolled with more than one die. */
static void
play_until_pool (MusterGame *game, guint limit)
{
  for (guint n = 0; n < limit; n++)
    {
      const GPtrArray *events = mu_match_get_events (muster_game_get_match (game));
      guint run = 0;

      for (guint i = 1; i < events->len; i++)
        {
          const MuEvent *a = g_ptr_array_index (events, i - 1);
          const MuEvent *b = g_ptr_array_index (events, i);

          if (a->kind == MU_EVENT_ROLL && b->kind == MU_EVENT_ROLL && g_strcmp0 (a->text, "fire") == 0 &&
              g_strcmp0 (a->text, b->text) == 0 && g_strcmp0 (a->subject, b->subject) == 0)
            run++;
        }
      if (run > 0)
        return;
      play_one (game);
    }
  g_assert_not_reached ();
}

static MusterLogEntry *
entry_at (GListModel *model, guint i)
{
  MusterLogEntry *e = g_list_model_get_item (model, i);

  g_object_unref (e);   /* the model keeps it */
  return e;
}

/* The entries cover the events once each, in order; a roll of several
 * dice for the same purpose, roller and target is one line with the dice. */
static void
test_every_event_once (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *log;
  GListModel *model;
  const GPtrArray *events;
  guint next = 0;
  gboolean seen_pool = FALSE;

  play_until_pool (game, 400);
  log = g_object_ref_sink (muster_match_log_new (game));
  model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  events = mu_match_get_events (muster_game_get_match (game));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      MusterLogEntry *entry = entry_at (model, i);
      guint first = muster_log_entry_get_first (entry);
      guint n = muster_log_entry_get_n (entry);
      const MuEvent *e = g_ptr_array_index (events, first);

      g_assert_cmpuint (first, ==, next);
      g_assert_cmpstr (muster_log_entry_get_rule (entry), ==, e->rule);
      g_assert_cmpstr (muster_log_entry_get_text (entry), !=, "");
      if (n > 1)
        {
          g_autofree char *dice = g_strdup_printf ("%u dice", n);
          g_autoptr(GString) faces = g_string_new (" — ");
          g_autofree char *need = g_strdup_printf ("need %d+", e->target);
          int successes = 0;
          g_autofree char *outcome = NULL;

          g_assert_cmpint (muster_log_entry_get_kind (entry), ==, MUSTER_LOG_ROLLS);
          for (guint k = first; k < first + n; k++)
            {
              const MuEvent *r = g_ptr_array_index (events, k);

              g_assert_cmpint (r->kind, ==, MU_EVENT_ROLL);
              g_assert_cmpstr (r->text, ==, e->text);
              g_assert_cmpstr (r->subject, ==, e->subject);
              g_string_append_printf (faces, k == first ? "%d" : " %d", r->value);
              successes += r->success ? 1 : 0;
            }
          outcome = g_strdup_printf (": %d of %u succeed", successes, n);
          {
            /* the roller by its name, the id only in the tooltip */
            const MuCounter *c = mu_scenario_find_counter (muster_game_get_scenario (game), e->subject);

            g_assert_true (g_str_has_prefix (muster_log_entry_get_text (entry), c && c->name ? c->name : e->subject));
          }
          g_assert_nonnull (strstr (muster_log_entry_get_text (entry), dice));
          g_assert_nonnull (strstr (muster_log_entry_get_text (entry), faces->str));
          if (e->compare == MU_ROLL_AT_LEAST)
            g_assert_nonnull (strstr (muster_log_entry_get_text (entry), need));
          g_assert_true (g_str_has_suffix (muster_log_entry_get_text (entry), outcome));
          seen_pool = TRUE;
        }
      next = first + n;
    }
  g_assert_cmpuint (next, ==, events->len);
  g_assert_true (seen_pool);
  g_object_unref (log);
}

/* Every event but a roll reads as its kind's declared sentence, with no
 * template left in it; markers by their declared names. */
static void
test_declared_sentences (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *log;
  GListModel *model;
  const GPtrArray *events;
  const MuRuleset *rs = muster_game_get_ruleset (game);
  gboolean seen_marker = FALSE, seen_move = FALSE;

  play_until_pool (game, 400);
  log = g_object_ref_sink (muster_match_log_new (game));
  model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  events = mu_match_get_events (muster_game_get_match (game));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      MusterLogEntry *entry = entry_at (model, i);
      const MuEvent *e = g_ptr_array_index (events, muster_log_entry_get_first (entry));
      const char *text = muster_log_entry_get_text (entry);
      g_autofree char *line = mu_match_format_event (muster_game_get_match (game), e);

      if (e->kind == MU_EVENT_ROLL)
        continue;
      g_assert_nonnull (e->info->format);
      g_assert_cmpstr (text, !=, line);
      g_assert_null (strchr (text, '{'));
      g_assert_null (strchr (text, '['));
      if (e->info->flags & MU_EVENT_KIND_MARKER)
        {
          const MuMarkerInfo *k = mu_ruleset_find_marker (rs, e->text);

          g_assert_nonnull (k);
          g_assert_true (g_str_has_prefix (text, k->name));
          seen_marker = TRUE;
        }
      if (mu_event_is (e, "move"))
        {
          g_autofree char *cost = g_strdup_printf (", cost %d", e->value);

          const MuCounter *c = mu_scenario_find_counter (muster_game_get_scenario (game), e->subject);

          /* the mover by name (its id stays in the tooltip) */
          g_assert_true (g_str_has_prefix (text, c && c->name ? c->name : e->subject));
          g_assert_true (g_str_has_suffix (text, cost));
          g_assert_cmpint (muster_log_entry_get_kind (entry), ==, MUSTER_LOG_MOVES);
          seen_move = TRUE;
        }
      /* the tooltip tells the kind's declared name and description, and the rule */
      {
        g_autofree char *tip = muster_log_entry_get_tip (entry);

        g_assert_nonnull (tip);
        g_assert_true (g_str_has_prefix (tip, e->info->name));
        g_assert_nonnull (strstr (tip, e->info->description));
        if (e->rule)
          g_assert_nonnull (strstr (tip, e->rule));
        }
    }
  g_assert_true (seen_marker && seen_move);
  g_object_unref (log);
}

/* A roll's named modifiers and a three-way outcome in the log's words. */
static void
test_roll_modifiers (void)
{
  static const MuRollModifier unformed = { "unformed", "unformed", "BAT-FIRE-7", 1, TRUE };
  static const MuRollModifier night = { "night", NULL, "BAA-NGT-3", 1, FALSE };
  g_autoptr(MusterGame) game = first_manassas ();
  g_autoptr(MuEvent) fire = mu_event_new (MU_EVENT_ROLL, "x1");
  g_autoptr(MuEvent) casualty = mu_event_new (MU_EVENT_ROLL, "x1");
  g_autofree char *fire_text = NULL, *casualty_text = NULL;

  mu_event_set_text (fire, "fire");
  fire->pool = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (fire->pool, (int[]) { 4, 6 }, 2);
  fire->read = MU_DICE_SUCCESSES;
  fire->compare = MU_ROLL_AT_LEAST;
  fire->target = 4;
  mu_event_add_modifier (fire, &unformed);
  mu_event_add_modifier (fire, &night);
  fire->value = 1;
  fire_text = muster_match_log_describe_event (game, fire);
  g_assert_nonnull (strstr (fire_text, "need 5+ +1 (unformed +1, night +1) — 4 6: 1 success"));

  mu_event_set_text (casualty, "casualty");
  casualty->value = 4;
  casualty->compare = MU_ROLL_THREE_WAY;
  casualty->target = 4;
  casualty->outcome = MU_ROLL_EQUAL;
  casualty_text = muster_match_log_describe_event (game, casualty);
  g_assert_true (g_str_has_suffix (casualty_text, "against 4 — 4: equal"));
}

/* Seed 7: the first Union control roll reads in words, the counters by
 * name (README: "roll command tyler vs=mcdowell die=1 need<=2 success
 * (BAA-CMD-3)"). */
static void
test_roll_words (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *log = g_object_ref_sink (muster_match_log_new (game));
  GListModel *model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  gboolean found = FALSE;

  for (int i = 0; i < 3; i++)
    play_one (game);
  for (guint i = 0; i < g_list_model_get_n_items (model) && !found; i++)
    {
      MusterLogEntry *entry = entry_at (model, i);

      if (g_str_has_prefix (muster_log_entry_get_text (entry), "Tyler vs McDowell"))
        {
          g_autofree char *tip = muster_log_entry_get_tip (entry);

          /* the counters by name; their ids in the tooltip */
          g_assert_cmpstr (muster_log_entry_get_text (entry), ==,
                           "Tyler vs McDowell: command, 1 die, need 2 or less — 1: success");
          g_assert_cmpstr (muster_log_entry_get_rule (entry), ==, "BAA-CMD-3");
          g_assert_nonnull (strstr (tip, "tyler"));
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_object_unref (log);
}

static MusterGame *
open_scenario (const char *file)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *match = mu_match_open_file (path, 7, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  return muster_game_new (match);
}

/* Toy Soldiers' band rolls read by the names its ruleset declares, not by
 * their stable words. */
static void
test_roll_purpose_names (void)
{
  g_autoptr(MusterGame) game = open_scenario ("ts-balls-bluff.muster");
  g_autoptr(MuEvent) fire = mu_event_new (MU_EVENT_ROLL, "x1");
  g_autoptr(MuEvent) receive = mu_event_new (MU_EVENT_ROLL, "x1");
  g_autofree char *fire_text = NULL, *receive_text = NULL;

  mu_event_set_text (fire, "fire-band3");
  fire->value = 5;
  fire_text = muster_match_log_describe_event (game, fire);
  g_assert_nonnull (strstr (fire_text, ": fire at long range (band 3), 1 die"));
  mu_event_set_text (receive, "receive-band1");
  receive->value = 2;
  receive_text = muster_match_log_describe_event (game, receive);
  g_assert_nonnull (strstr (receive_text, ": receiving fire at close range (band 1), 1 die"));
  g_assert_null (strstr (receive_text, "receive-band1"));
}

/* Regimental's steps that no side plays read as the step alone: no "?"
 * for the missing side, and the turn's opening step by its name. */
static void
test_steps_without_side (void)
{
  g_autoptr(MusterGame) game = open_scenario ("qrs-balls-bluff.muster");
  const GPtrArray *events = mu_match_get_events (muster_game_get_match (game));
  g_autoptr(MuEvent) disengage = mu_event_new (MU_EVENT_PHASE, NULL);
  g_autofree char *disengage_text = NULL;
  guint n_phases = 0;
  gboolean seen_start = FALSE;

  for (guint i = 0; i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);
      g_autofree char *text = NULL;

      if (e->kind != MU_EVENT_PHASE)
        continue;
      text = muster_match_log_describe_event (game, e);
      g_assert_null (strchr (text, '?'));
      if (g_strcmp0 (e->text, "start") == 0)
        {
          g_assert_cmpstr (text, ==, "Initiative");
          seen_start = TRUE;
        }
      n_phases++;
    }
  g_assert_cmpuint (n_phases, >, 0);
  g_assert_true (seen_start);
  mu_event_set_text (disengage, "disengage");
  disengage_text = muster_match_log_describe_event (game, disengage);
  g_assert_cmpstr (disengage_text, ==, "Disengage");
}

/* Regimental's order events read by the orders' declared names, never by
 * the sheet's bare codes that the event line keeps (QRS-ORD-1,
 * QRS-AMB-42). */
static void
test_order_names (void)
{
  static const struct { const char *text; const char *sentence; } cases[] = {
    { "H", "15th Massachusetts: order Hold" },
    { "CH FR", "15th Massachusetts: order Conditional hold (First fire)" },
    { "M released", "15th Massachusetts: order Move (released)" },
  };
  g_autoptr(MusterGame) game = open_scenario ("qrs-balls-bluff.muster");
  const MuRuleset *rs = muster_game_get_ruleset (game);
  const MuEventKindInfo *order = mu_ruleset_find_event_kind (rs, "order");

  g_assert_nonnull (order);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
      MuEvent *e = mu_event_add_kind (events, order, "15th-massachusetts");
      g_autofree char *text = NULL;

      mu_event_set_text (e, cases[i].text);
      text = muster_match_log_describe_event (game, e);
      g_assert_cmpstr (text, ==, cases[i].sentence);
    }
}

/* The filter keeps one kind; "events-added" appends; undo rebuilds. */
static void
test_filter_append_reset (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *log = g_object_ref_sink (muster_match_log_new (game));
  GListModel *model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  const GPtrArray *events = mu_match_get_events (muster_game_get_match (game));
  guint all, rolls = 0, filtered;
  g_autoptr(GError) error = NULL;
  MusterLogEntry *last;

  for (int i = 0; i < 30; i++)
    play_one (game);
  all = g_list_model_get_n_items (model);
  last = entry_at (model, all - 1);
  g_assert_cmpuint (muster_log_entry_get_first (last) + muster_log_entry_get_n (last), ==, events->len);
  for (guint i = 0; i < all; i++)
    if (muster_log_entry_get_kind (entry_at (model, i)) == MUSTER_LOG_ROLLS)
      rolls++;
  g_assert_cmpuint (rolls, >, 0);
  muster_match_log_set_filter (MUSTER_MATCH_LOG (log), MUSTER_LOG_ROLLS);
  filtered = g_list_model_get_n_items (model);
  g_assert_cmpuint (filtered, ==, rolls);
  for (guint i = 0; i < filtered; i++)
    g_assert_cmpint (muster_log_entry_get_kind (entry_at (model, i)), ==, MUSTER_LOG_ROLLS);
  muster_match_log_set_filter (MUSTER_MATCH_LOG (log), MUSTER_LOG_ALL);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, all);

  /* a command that can be undone: its lines come and go */
  for (int i = 0; i < 100 && !muster_game_can_undo (game, NULL); i++)
    play_one (game);
  g_assert_true (muster_game_can_undo (game, NULL));
  all = g_list_model_get_n_items (model);
  last = entry_at (model, all - 1);
  g_assert_cmpuint (muster_log_entry_get_first (last) + muster_log_entry_get_n (last), ==, events->len);
  g_assert_true (muster_game_undo (game, &error));
  g_assert_no_error (error);
  events = mu_match_get_events (muster_game_get_match (game));
  last = entry_at (model, g_list_model_get_n_items (model) - 1);
  g_assert_cmpuint (muster_log_entry_get_first (last) + muster_log_entry_get_n (last), ==, events->len);
  g_assert_cmpuint (g_list_model_get_n_items (model), <, all);
  {
    GtkWidget *fresh = g_object_ref_sink (muster_match_log_new (game));

    g_assert_cmpuint (g_list_model_get_n_items (muster_match_log_get_model (MUSTER_MATCH_LOG (fresh))),
                      ==, g_list_model_get_n_items (model));
    g_object_unref (fresh);
  }
  g_object_unref (log);
}

/* A viewer sees what mu_match_get_events_for gives it. */
static void
test_viewer (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *log = g_object_ref_sink (muster_match_log_new (game));
  GListModel *model = muster_match_log_get_model (MUSTER_MATCH_LOG (log));
  g_autoptr(GPtrArray) visible = NULL;
  guint covered = 0;

  for (int i = 0; i < 20; i++)
    play_one (game);
  muster_match_log_set_viewer (MUSTER_MATCH_LOG (log), "usa");
  g_assert_cmpstr (muster_match_log_get_viewer (MUSTER_MATCH_LOG (log)), ==, "usa");
  visible = mu_match_get_events_for (muster_game_get_match (game), "usa");
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    covered += muster_log_entry_get_n (entry_at (model, i));
  g_assert_cmpuint (covered, ==, visible->len);
  g_object_unref (log);
}

/* In a short window the log shows its last line, and keeps showing the
 * newest as commands add lines. */
static void
test_scrolled_to_newest (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *log = muster_match_log_new (game);
  GtkWidget *scroller = NULL;
  GtkAdjustment *adj;

  gtk_window_set_default_size (GTK_WINDOW (window), 320, 300);
  gtk_window_set_child (GTK_WINDOW (window), log);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 2000 && gtk_widget_get_height (log) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_first_child (log)); w;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      scroller = w;
  g_assert_nonnull (scroller);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  for (int round = 0; round < 3; round++)
    {
      for (int i = 0; i < 10; i++)
        play_one (game);
      wait_frames (log, 5);
      g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
      g_assert_cmpfloat (gtk_adjustment_get_value (adj), >=,
                         gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 2.0);
    }
  /* a person scrolls back to the start: new lines leave them there */
  gtk_adjustment_set_value (adj, 0);
  wait_frames (log, 2);
  for (int i = 0; i < 10; i++)
    play_one (game);
  wait_frames (log, 5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), <, gtk_adjustment_get_page_size (adj));
  /* back at the end, it follows again, and a taller log (the sidebar's
   * commands gone) goes on following */
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  wait_frames (log, 2);
  for (int round = 0; round < 2; round++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), 320, round ? 260 : 420);
      wait_frames (log, 3);
      for (int i = 0; i < 10; i++)
        play_one (game);
      wait_frames (log, 5);
      g_assert_cmpfloat (gtk_adjustment_get_value (adj), >=,
                         gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 2.0);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
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
      g_test_add_func ("/app/match-log/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/match-log/every-event-once", test_every_event_once);
  g_test_add_func ("/app/match-log/roll-words", test_roll_words);
  g_test_add_func ("/app/match-log/roll-modifiers", test_roll_modifiers);
  g_test_add_func ("/app/match-log/roll-purpose-names", test_roll_purpose_names);
  g_test_add_func ("/app/match-log/steps-without-side", test_steps_without_side);
  g_test_add_func ("/app/match-log/declared-sentences", test_declared_sentences);
  g_test_add_func ("/app/match-log/order-names", test_order_names);
  g_test_add_func ("/app/match-log/filter-append-reset", test_filter_append_reset);
  g_test_add_func ("/app/match-log/viewer", test_viewer);
  g_test_add_func ("/app/match-log/scrolled-to-newest", test_scrolled_to_newest);
  return g_test_run ();
}
