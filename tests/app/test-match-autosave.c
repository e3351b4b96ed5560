/* A match is autosaved after every command; what a crash leaves is offered
 * on the start page, resumed to the same engine state with the same
 * players, or discarded; saving or closing the match removes its autosave. */
#include "config.h"

#include "app-test.h"
#include "mu-match.h"
#include "muster-match-autosave.h"
#include "muster-recovery.h"
#include "muster-settings.h"

static MusterGame *
game_of (MusterMatchPage *page)
{
  return muster_match_page_get_game (page);
}

static char *
state_of (MusterMatchPage *page)
{
  return mu_match_format_state (muster_game_get_match (game_of (page)));
}

/* End Phase as a person does it, saying yes when it warns. */
static void
end_phase (MusterMatchPage *page)
{
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
  if (muster_match_page_get_dialog (page) != NULL)
    gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
  flush_events ();
}

/* The one match in the autosave folder (newly allocated), checked to hold
 * the page's match as it is now. */
static MusterMatchLeftover *
the_leftover (MusterMatchPage *page)
{
  g_autoptr(GPtrArray) list = muster_match_autosave_find_leftovers ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) kept = NULL;
  g_autofree char *kept_state = NULL;
  g_autofree char *live_state = state_of (page);

  g_assert_cmpuint (list->len, ==, 1);
  kept = mu_match_load_file (((MusterMatchLeftover *) g_ptr_array_index (list, 0))->path, &error);
  g_assert_no_error (error);
  kept_state = mu_match_format_state (kept);
  g_assert_cmpstr (kept_state, ==, live_state);
  return g_ptr_array_steal_index (list, 0);
}

static guint
count_leftovers (void)
{
  g_autoptr(GPtrArray) list = muster_match_autosave_find_leftovers ();

  return list->len;
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
write_file (const char *path,
            const char *text)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* The autosave's two files as they are now, to put back after the windows
 * are gone: what a crash would have left. */
typedef struct {
  char *match_path, *match_text;
  char *info_path, *info_text;
} Crash;

static void
crash_keep (Crash                     *crash,
            const MusterMatchLeftover *leftover)
{
  g_autofree char *base = g_strndup (leftover->path, strlen (leftover->path) - strlen (".muster-game"));

  crash->match_path = g_strdup (leftover->path);
  crash->info_path = g_strconcat (base, ".match-info", NULL);
  crash->match_text = read_file (crash->match_path);
  crash->info_text = read_file (crash->info_path);
}

static void
crash_leave (Crash *crash)
{
  write_file (crash->match_path, crash->match_text);
  write_file (crash->info_path, crash->info_text);
}

static void
crash_clear (Crash *crash)
{
  g_free (crash->match_path);
  g_free (crash->match_text);
  g_free (crash->info_path);
  g_free (crash->info_text);
}

static GtkWidget *
new_slot (void)
{
  GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  return g_object_ref_sink (slot);
}

static const char *
bar_text (GtkWidget *slot)
{
  GtkWidget *bar = gtk_widget_get_first_child (slot);

  return gtk_label_get_text (GTK_LABEL (g_object_get_data (G_OBJECT (bar), "label")));
}

/* A command writes the autosave; a crash leaves it; the start page offers
 * it; Resume shows the same match (the engine's state text), unsaved, with
 * the same players and dice, kept under its new autosave; Save removes it. */
static void
test_resume (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  g_autoptr(MusterMatchLeftover) leftover = NULL;
  g_autofree char *before = NULL;
  g_autofree char *saved = g_build_filename (tmpdir, "resumed.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autoptr(GError) error = NULL;
  GtkWidget *slot;
  Crash crash = { 0 };
  guint commands;
  g_autoptr(GSettings) settings = muster_settings_new ();

  g_assert_cmpuint (count_leftovers (), ==, 0);
  muster_match_page_set_pace (page, 60 * 1000);
  muster_match_page_set_dice_by_players (page, FALSE);
  muster_match_page_set_player (page, "usa", MUSTER_PLAYER_COMPUTER);
  /* nothing played: nothing kept */
  g_assert_cmpuint (count_leftovers (), ==, 0);
  end_phase (page);
  g_assert_true (muster_game_get_modified (game_of (page)));
  g_clear_pointer (&leftover, muster_match_leftover_free);
  leftover = the_leftover (page);
  g_assert_cmpstr (leftover->title, ==, muster_game_get_scenario (game_of (page))->title);
  g_assert_null (leftover->original);
  g_assert_cmpstr (leftover->computer[0], ==, "usa");
  g_assert_null (leftover->computer[1]);
  /* the next command rewrites the same files */
  end_phase (page);
  g_clear_pointer (&leftover, muster_match_leftover_free);
  leftover = the_leftover (page);
  commands = mu_match_get_commands (muster_game_get_match (game_of (page)))->len;
  g_assert_cmpuint (commands, >=, 2);
  before = state_of (page);

  crash_keep (&crash, leftover);
  destroy_all_windows ();
  /* a window that goes away takes its autosave with it */
  g_assert_cmpuint (count_leftovers (), ==, 0);
  crash_leave (&crash);

  /* the resumed page's computer waits longer than this test takes, on a
   * busy machine too, so the state compared below is the one resumed */
  g_settings_set_uint (settings, "computer-pace", 60 * 1000);
  window = new_window ();
  slot = new_slot ();
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 1);
  g_assert_true (gtk_widget_get_visible (slot));
  g_test_message ("offered: %s", bar_text (slot));
  g_assert_nonnull (strstr (bar_text (slot), "First Manassas"));
  gtk_info_bar_response (GTK_INFO_BAR (gtk_widget_get_first_child (slot)), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_false (gtk_widget_get_visible (slot));

  /* the same match, in this window (it was empty) */
  g_assert_nonnull (muster_window_get_match_page (window));
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  {
    g_autofree char *after = state_of (page);

    g_assert_cmpstr (after, ==, before);
  }
  g_assert_cmpuint (mu_match_get_commands (muster_game_get_match (game_of (page)))->len, ==, commands);
  g_assert_true (muster_game_get_modified (game_of (page)));
  g_assert_null (muster_game_get_file (game_of (page)));
  g_assert_cmpint (muster_match_page_get_player (page, "usa"), ==, MUSTER_PLAYER_COMPUTER);
  g_assert_cmpint (muster_match_page_get_player (page, "csa"), ==, MUSTER_PLAYER_PERSON);
  g_assert_false (muster_match_page_get_dice_by_players (page));
  /* still kept, under the resumed match's own name */
  g_assert_false (g_file_test (crash.match_path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(MusterMatchLeftover) again = the_leftover (page);

    g_assert_cmpstr (again->path, !=, leftover->path);
  }

  /* a saved match leaves nothing to resume */
  g_assert_true (muster_game_save (game_of (page), file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_leftovers (), ==, 0);
  /* a command after the save: kept again, naming the file */
  muster_match_page_set_player (page, "usa", MUSTER_PLAYER_PERSON);
  end_phase (page);
  {
    g_autoptr(MusterMatchLeftover) again = the_leftover (page);

    g_assert_cmpstr (again->original, ==, saved);
  }
  /* closed cleanly (Discard): gone */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  g_assert_nonnull (muster_match_page_get_dialog (page));
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_null (muster_window_get_match_page (window));
  g_assert_cmpuint (count_leftovers (), ==, 0);

  g_settings_reset (settings, "computer-pace");
  crash_clear (&crash);
  g_object_unref (slot);
  destroy_all_windows ();
}

/* Discard on the start page removes the kept match and opens nothing. */
static void
test_discard (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 7);
  g_autoptr(MusterMatchLeftover) leftover = NULL;
  GtkWidget *slot;
  Crash crash = { 0 };

  end_phase (page);
  leftover = the_leftover (page);
  crash_keep (&crash, leftover);
  destroy_all_windows ();
  crash_leave (&crash);

  window = new_window ();
  slot = new_slot ();
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 1);
  gtk_info_bar_response (GTK_INFO_BAR (gtk_widget_get_first_child (slot)), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_false (gtk_widget_get_visible (slot));
  g_assert_null (muster_window_get_match_page (window));
  g_assert_false (g_file_test (leftover->path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_leftovers (), ==, 0);
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 0);
  g_assert_false (gtk_widget_get_visible (slot));

  /* a time that is no date is said to be unknown (it showed "((null))"
   * and logged a critical) */
  write_file (crash.match_path, "<not a match");
  write_file (crash.info_path, "[Match]\nTitle=Broken\nTime=999999999999999999\n");
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 1);
  g_assert_null (strstr (bar_text (slot), "null"));
  g_assert_nonnull (strstr (bar_text (slot), "(time unknown)"));

  /* an autosave that no longer reads says so and stays offered */
  write_file (crash.match_path, "<not a match");
  write_file (crash.info_path, "[Match]\nTitle=Broken\nTime=1\n");
  g_assert_cmpuint (muster_window_offer_recovery (window, GTK_BOX (slot)), ==, 1);
  gtk_info_bar_response (GTK_INFO_BAR (gtk_widget_get_first_child (slot)), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_test_message ("broken: %s", bar_text (slot));
  g_assert_nonnull (strstr (bar_text (slot), "cannot be read"));
  g_assert_null (muster_window_get_match_page (window));
  gtk_info_bar_response (GTK_INFO_BAR (gtk_widget_get_first_child (slot)), GTK_RESPONSE_REJECT);
  g_assert_cmpuint (count_leftovers (), ==, 0);

  crash_clear (&crash);
  g_object_unref (slot);
  destroy_all_windows ();
}

/* Opening the saved match after a crash offers the commands played since
 * its save: Resume goes on from them, Discard keeps the file's match. */
static void
test_open_offers (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 9);
  g_autofree char *saved = g_build_filename (tmpdir, "kept.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autoptr(MusterMatchLeftover) leftover = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_save = NULL;
  g_autofree char *at_crash = NULL;
  Crash crash = { 0 };
  GtkWidget *dialog;

  end_phase (page);
  g_assert_true (muster_game_save (game_of (page), file, &error));
  g_assert_no_error (error);
  at_save = state_of (page);
  /* nothing kept: opening it asks nothing */
  {
    MusterWindow *other = new_window ();

    g_assert_true (muster_window_open_file (other, file, &error));
    g_assert_null (muster_window_get_dialog (other));
    gtk_window_destroy (GTK_WINDOW (other));
    flush_events ();
  }
  end_phase (page);
  end_phase (page);
  at_crash = state_of (page);
  g_assert_cmpstr (at_crash, !=, at_save);
  leftover = the_leftover (page);
  g_assert_cmpstr (leftover->original, ==, saved);
  crash_keep (&crash, leftover);
  destroy_all_windows ();
  crash_leave (&crash);

  /* Resume */
  window = new_window ();
  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  {
    g_autofree char *now = state_of (page);

    g_assert_cmpstr (now, ==, at_crash);
  }
  g_assert_true (muster_game_get_modified (game_of (page)));
  g_assert_true (g_file_equal (muster_game_get_file (game_of (page)), file));
  g_assert_false (g_file_test (crash.match_path, G_FILE_TEST_EXISTS));
  g_clear_pointer (&leftover, muster_match_leftover_free);
  leftover = the_leftover (page);
  crash_clear (&crash);
  crash_keep (&crash, leftover);
  destroy_all_windows ();
  crash_leave (&crash);

  /* Discard: the file's match, and nothing kept */
  window = new_window ();
  g_assert_true (muster_window_open_file (window, file, &error));
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  flush_events ();
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  {
    g_autofree char *now = state_of (page);

    g_assert_cmpstr (now, ==, at_save);
  }
  g_assert_false (muster_game_get_modified (game_of (page)));
  g_assert_cmpuint (count_leftovers (), ==, 0);
  crash_clear (&crash);
  destroy_all_windows ();
}

/* Opening a saved match (Ctrl+O, the start page, Open Recent all come to
 * muster_window_open_file_async) or starting a New Match over a match with
 * unsaved commands asks first: Cancel keeps the match and its autosave,
 * Discard replaces it and only then removes its autosave, Save saves a
 * named match in place (no file chooser) before the other one shows. */
static void
test_open_over_unsaved (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 11);
  g_autofree char *other_path = g_build_filename (tmpdir, "other.muster-game", NULL);
  g_autofree char *mine_path = g_build_filename (tmpdir, "mine.muster-game", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autoptr(GFile) mine = g_file_new_for_path (mine_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterMatchLeftover) leftover = NULL;
  MusterGame *game;
  GtkWidget *dialog;
  guint commands;

  /* the match to open: a fresh one saved elsewhere */
  {
    g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");
    g_autoptr(MusterGame) saved = muster_game_new_for_scenario (scenario, 3, &error);

    g_assert_no_error (error);
    g_assert_true (muster_game_save (saved, other, &error));
    g_assert_no_error (error);
  }

  end_phase (page);
  game = game_of (page);
  g_assert_true (muster_game_get_modified (game));
  leftover = the_leftover (page);

  /* Cancel: the same match, its autosave still there */
  muster_window_open_file_async (window, other);
  flush_events ();
  g_assert_true (muster_window_get_match_page (window) == GTK_WIDGET (page));
  dialog = muster_match_page_get_dialog (page);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_true (muster_window_get_match_page (window) == GTK_WIDGET (page));
  g_assert_true (game_of (page) == game);
  g_assert_true (g_file_test (leftover->path, G_FILE_TEST_EXISTS));
  /* a later close of the match opens nothing it was not asked to */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_true (muster_window_get_match_page (window) == GTK_WIDGET (page));

  /* Save: named, so saved in place with no chooser; then the other shows */
  g_assert_true (muster_game_save (game, mine, &error));
  g_assert_no_error (error);
  end_phase (page);
  commands = mu_match_get_commands (muster_game_get_match (game))->len;
  g_assert_true (muster_game_get_modified (game));
  muster_window_open_file_async (window, other);
  flush_events ();
  dialog = muster_match_page_get_dialog (page);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  {
    g_autoptr(MuMatch) kept = mu_match_load_file (mine_path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (mu_match_get_commands (kept)->len, ==, commands);
  }
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  g_assert_true (g_file_equal (muster_game_get_file (game_of (page)), other));
  g_assert_cmpuint (count_leftovers (), ==, 0);

  /* New Match over it, once played: Discard, and its autosave goes */
  end_phase (page);
  g_clear_pointer (&leftover, muster_match_leftover_free);
  leftover = the_leftover (page);
  game = game_of (page);
  muster_window_show_play (window);
  flush_events ();
  dialog = muster_window_get_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_true (game_of (page) == game);
  g_assert_true (g_file_test (leftover->path, G_FILE_TEST_EXISTS));
  dialog = muster_match_page_get_dialog (page);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_false (g_file_test (leftover->path, G_FILE_TEST_EXISTS));
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  g_assert_nonnull (page);
  g_assert_true (game_of (page) != game);
  g_assert_null (muster_game_get_file (game_of (page)));
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/match-autosave/no-display"))
    {
      g_test_add_func ("/app/match-autosave/resume", test_resume);
      g_test_add_func ("/app/match-autosave/discard", test_discard);
      g_test_add_func ("/app/match-autosave/open-offers", test_open_offers);
      g_test_add_func ("/app/match-autosave/open-over-unsaved", test_open_over_unsaved);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
