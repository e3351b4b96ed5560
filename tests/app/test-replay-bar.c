/* The replay bar: each step is the match as it stood after that many
 * commands (compared with the states recorded while the match was played),
 * stepping by command and by event, the slider, the buttons and play. */
#define G_LOG_DOMAIN "test-replay-bar"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-ruleset.h"
#include "muster-game.h"
#include "muster-icons.h"
#include "muster-replay-bar.h"

typedef struct {
  MuMatch *match;
  guint commands;
  guint events;
  guint emitted;
} Seen;

static void
on_position (MusterReplayBar *bar, MuMatch *match, guint commands, guint events, Seen *seen)
{
  seen->match = match;
  seen->commands = commands;
  seen->events = events;
  seen->emitted++;
}

static MusterGame *
first_manassas (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  MuMatch *match = mu_match_open_file (path, 5, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  return muster_game_new (match);
}

/* An attack when there is one, else a move, else the end of the phase. */
static void
play_one (MusterGame *game)
{
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (muster_game_get_match (game));
  const MuRuleset *rs = muster_game_get_ruleset (game);
  MuCommand *pick = NULL;

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
  g_assert_true (muster_game_apply (game, pick, NULL));
}

static GtkWidget *
find_button (GtkWidget *root, const char *tooltip)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_widget_get_tooltip_text (c), tooltip) == 0)
        return c;
      if ((found = find_button (c, tooltip)))
        return found;
    }
  return NULL;
}

static GtkWidget *
find_scale (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_SCALE (c))
        return c;
      if ((found = find_scale (c)))
        return found;
    }
  return NULL;
}

static void
assert_state (MuMatch *match, GPtrArray *states, guint k)
{
  g_autofree char *state = mu_match_format_state (match);

  g_assert_cmpstr (state, ==, g_ptr_array_index (states, k));
}

static void
test_steps (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  const guint n = 40;
  const guint order[] = { 40, 3, 17, 18, 0, 25, 24, 40 };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *bar;
  MusterReplayBar *rb;
  Seen seen = { 0 };
  guint k_split = 0;

  for (guint k = 0; k <= n; k++)
    {
      guint len = mu_match_get_events (muster_game_get_match (game))->len;

      g_ptr_array_add (states, mu_match_format_state (muster_game_get_match (game)));
      g_array_append_val (counts, len);
      if (k < n)
        play_one (game);
    }
  bar = muster_replay_bar_new (game);
  rb = MUSTER_REPLAY_BAR (bar);
  g_signal_connect (bar, "position-changed", G_CALLBACK (on_position), &seen);
  gtk_window_set_child (GTK_WINDOW (window), bar);
  gtk_window_present (GTK_WINDOW (window));

  /* it opens at the start */
  g_assert_cmpuint (muster_replay_bar_get_n_commands (rb), ==, n);
  g_assert_cmpuint (muster_replay_bar_get_commands (rb), ==, 0);
  g_assert_cmpuint (muster_replay_bar_get_events (rb), ==, g_array_index (counts, guint, 0));
  assert_state (muster_replay_bar_get_match (rb), states, 0);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      guint k = order[i];

      g_assert_true (muster_replay_bar_seek_command (rb, k, &error));
      g_assert_no_error (error);
      g_assert_true (seen.match == muster_replay_bar_get_match (rb));
      g_assert_cmpuint (seen.commands, ==, k);
      g_assert_cmpuint (seen.events, ==, g_array_index (counts, guint, k));
      assert_state (seen.match, states, k);
    }

  /* event by event through a command that made several events */
  for (guint k = 1; k <= n && k_split == 0; k++)
    if (g_array_index (counts, guint, k) >= g_array_index (counts, guint, k - 1) + 2)
      k_split = k;
  g_assert_cmpuint (k_split, >, 0);
  g_assert_true (muster_replay_bar_seek_event (rb, g_array_index (counts, guint, k_split - 1) + 1, &error));
  g_assert_cmpuint (seen.commands, ==, k_split);
  g_assert_cmpuint (seen.events, ==, g_array_index (counts, guint, k_split - 1) + 1);
  assert_state (seen.match, states, k_split);
  g_signal_emit_by_name (find_button (bar, "Next event"), "clicked");
  g_assert_cmpuint (seen.events, ==, g_array_index (counts, guint, k_split - 1) + 2);
  g_assert_cmpuint (seen.commands, ==, k_split);
  g_signal_emit_by_name (find_button (bar, "Previous event"), "clicked");
  g_signal_emit_by_name (find_button (bar, "Previous event"), "clicked");
  g_assert_cmpuint (seen.events, ==, g_array_index (counts, guint, k_split - 1));
  g_assert_cmpuint (seen.commands, ==, k_split - 1);
  assert_state (seen.match, states, k_split - 1);

  /* the buttons and the slider */
  g_signal_emit_by_name (find_button (bar, "End"), "clicked");
  assert_state (seen.match, states, n);
  g_assert_false (gtk_widget_get_sensitive (find_button (bar, "Forward one command")));
  g_signal_emit_by_name (find_button (bar, "Back one command"), "clicked");
  assert_state (seen.match, states, n - 1);
  g_signal_emit_by_name (find_button (bar, "Forward one command"), "clicked");
  assert_state (seen.match, states, n);
  g_signal_emit_by_name (find_button (bar, "Start"), "clicked");
  assert_state (seen.match, states, 0);
  g_assert_false (gtk_widget_get_sensitive (find_button (bar, "Back one command")));
  gtk_range_set_value (GTK_RANGE (find_scale (bar)), 12);
  g_assert_cmpuint (seen.commands, ==, 12);
  assert_state (seen.match, states, 12);

  /* play from two commands before the end: it stops there by itself */
  g_assert_true (muster_replay_bar_seek_command (rb, n - 2, &error));
  muster_replay_bar_set_playing (rb, TRUE);
  g_assert_true (muster_replay_bar_get_playing (rb));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find_button (bar, "Pause")), ==, "Pause");
  for (int i = 0; i < 100000 && muster_replay_bar_get_playing (rb); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (muster_replay_bar_get_playing (rb));
  g_assert_cmpuint (seen.commands, ==, n);
  assert_state (seen.match, states, n);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A command played while the bar is open is one more step. */
static void
test_follows_game (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  GtkWidget *bar = g_object_ref_sink (muster_replay_bar_new (game));
  g_autoptr(GError) error = NULL;
  g_autofree char *state = NULL;
  g_autofree char *now = NULL;

  g_assert_cmpuint (muster_replay_bar_get_n_commands (MUSTER_REPLAY_BAR (bar)), ==, 0);
  for (int i = 0; i < 5; i++)
    play_one (game);
  g_assert_cmpuint (muster_replay_bar_get_n_commands (MUSTER_REPLAY_BAR (bar)), ==, 5);
  g_assert_true (muster_replay_bar_seek_command (MUSTER_REPLAY_BAR (bar), 5, &error));
  state = mu_match_format_state (muster_replay_bar_get_match (MUSTER_REPLAY_BAR (bar)));
  now = mu_match_format_state (muster_game_get_match (game));
  g_assert_cmpstr (state, ==, now);
  g_object_unref (bar);
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
      g_test_add_func ("/app/replay-bar/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/replay-bar/steps", test_steps);
  g_test_add_func ("/app/replay-bar/follows-game", test_follows_game);
  return g_test_run ();
}
