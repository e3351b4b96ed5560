/* MusterDocument: the open scenario's (or match's) file, unsaved state and
 * title follow edits, commands, undo and saves (no display needed, but for
 * a match's autosave, which follows its page). */
#define G_LOG_DOMAIN "test-document"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "mu-problem.h"
#include "muster-document.h"
#include "muster-icons.h"
#include "muster-match-page.h"

typedef struct {
  guint modified;
  guint title;
  guint file;
  guint changed;
} Counts;

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           Counts     *c)
{
  if (g_str_equal (pspec->name, "modified"))
    c->modified++;
  else if (g_str_equal (pspec->name, "title"))
    c->title++;
  else if (g_str_equal (pspec->name, "file"))
    c->file++;
}

static void
on_changed (MusterDocument *document,
            Counts         *c)
{
  c->changed++;
}

static MuScenario *
make_scenario (void)
{
  MuScenario *scenario = mu_scenario_new_hex ("baa-hex", 8, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);

  g_free (scenario->title);
  scenario->title = g_strdup ("Test Field");
  g_ptr_array_add (scenario->sides, mu_side_new ("usa", "Union", 0xa8c8e8));
  g_ptr_array_add (scenario->sides, mu_side_new ("csa", "Confederate", 0xc0c0c0));
  return scenario;
}

/* One undoable change, as the editor makes them. */
static void
edit (MusterDocument *document,
      const char     *title)
{
  MuScenario *scenario = muster_document_begin_edit (document, "Rename");

  g_free (scenario->title);
  scenario->title = g_strdup (title);
  muster_document_end_edit (document);
}

static void
test_modified_follows_edits_and_saves (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-document-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "field.muster", NULL);
  g_autofree char *other_path = g_build_filename (dir, "other.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autoptr(MusterDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  Counts c = { 0 };

  g_assert_nonnull (dir);
  document = muster_document_new (make_scenario (), NULL);
  g_signal_connect (document, "notify", G_CALLBACK (on_notify), &c);
  g_signal_connect (document, "changed", G_CALLBACK (on_changed), &c);
  g_assert_null (muster_document_get_file (document));
  g_assert_false (muster_document_get_modified (document));
  g_assert_cmpstr (muster_document_get_title (document), ==, "Untitled Scenario");

  /* an edit marks it modified, once */
  edit (document, "Renamed Field");
  g_assert_true (muster_document_get_modified (document));
  g_assert_cmpuint (c.modified, ==, 1);
  g_assert_cmpuint (c.changed, >, 0);
  c.changed = 0;
  edit (document, "Renamed Again");
  g_assert_cmpuint (c.modified, ==, 1);
  g_assert_cmpuint (c.changed, >, 0);

  /* saving clears it; the title and the file follow the new file */
  g_assert_true (muster_document_save (document, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (muster_document_get_modified (document));
  g_assert_cmpuint (c.modified, ==, 2);
  g_assert_true (g_file_equal (muster_document_get_file (document), file));
  g_assert_cmpuint (c.file, ==, 1);
  g_assert_cmpstr (muster_document_get_title (document), ==, "field.muster");
  g_assert_cmpuint (c.title, ==, 1);
  g_assert_cmpstr (muster_document_get_scenario (document)->filename, ==, path);

  /* an edit that changes nothing makes no step and leaves it saved */
  edit (document, "Third Name");
  edit (document, "Third Name");
  g_assert_true (muster_document_get_modified (document));
  g_assert_true (muster_document_save (document, file, &error));
  g_assert_no_error (error);
  edit (document, "Third Name");
  g_assert_false (muster_document_get_modified (document));
  g_assert_cmpstr (mu_edit_history_get_undo_label (muster_document_get_history (document)), ==, "Rename");

  /* undo leaves the saved state, redo comes back to it */
  g_assert_true (mu_edit_history_undo (muster_document_get_history (document)));
  g_assert_true (muster_document_get_modified (document));
  g_assert_true (mu_edit_history_redo (muster_document_get_history (document)));
  g_assert_false (muster_document_get_modified (document));

  /* saving again to the same file changes neither title nor file */
  edit (document, "Fourth Name");
  g_assert_true (muster_document_save (document, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.file, ==, 1);
  g_assert_cmpuint (c.title, ==, 1);

  /* Save As: another file, another title */
  g_assert_true (muster_document_save (document, other, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (muster_document_get_title (document), ==, "other.muster");
  g_assert_cmpuint (c.file, ==, 2);
  g_assert_cmpuint (c.title, ==, 2);

  muster_document_close (document);
  g_unlink (path);
  g_unlink (other_path);
  g_rmdir (dir);
}

/* A file that cannot be written: the document stays as it was. */
static void
test_failed_save_keeps_state (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent-folder/field.muster");
  g_autoptr(MusterDocument) document = muster_document_new (make_scenario (), NULL);
  g_autoptr(GError) error = NULL;

  edit (document, "Renamed Field");
  g_assert_false (muster_document_save (document, file, &error));
  g_assert_nonnull (error);
  g_assert_true (muster_document_get_modified (document));
  g_assert_null (muster_document_get_file (document));
  g_assert_cmpstr (muster_document_get_title (document), ==, "Untitled Scenario");
  muster_document_close (document);
}

static void
test_title_of_file_and_copy (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nowhere/bull run.muster");
  g_autoptr(MusterDocument) opened = muster_document_new (make_scenario (), file);
  g_autoptr(MusterDocument) copy = muster_document_new (make_scenario (), NULL);
  Counts c = { 0 };

  g_assert_cmpstr (muster_document_get_title (opened), ==, "bull run.muster");
  g_assert_false (muster_document_get_modified (opened));
  g_assert_true (muster_document_get_file (opened) == file);

  g_signal_connect (copy, "notify", G_CALLBACK (on_notify), &c);
  muster_document_set_copy_of (copy, "first-manassas.muster");
  g_assert_cmpstr (muster_document_get_copy_of (copy), ==, "first-manassas.muster");
  g_assert_cmpstr (muster_document_get_title (copy), ==, "Copy of first-manassas.muster");
  g_assert_cmpuint (c.title, ==, 1);
  {
    g_autofree char *title = NULL;

    g_object_get (copy, "title", &title, NULL);
    g_assert_cmpstr (title, ==, "Copy of first-manassas.muster");
  }
  muster_document_close (opened);
  muster_document_close (copy);
}

static MusterGame *
new_game (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  MusterGame *game;

  g_assert_no_error (error);
  game = muster_game_new_for_scenario (s, 7, &error);
  g_assert_no_error (error);
  return game;
}

/* A match: a command makes it modified, a save clears it and names it. */
static void
test_match_modified_and_saved (void)
{
  g_autoptr(MusterGame) game = new_game ();
  g_autoptr(MusterDocument) document = muster_document_new_match (game);
  g_autofree char *dir = g_dir_make_tmp ("muster-document-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bull run.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  Counts c = { 0 };

  g_assert_cmpint (muster_document_get_kind (document), ==, MUSTER_DOCUMENT_MATCH);
  g_assert_true (muster_document_get_game (document) == game);
  g_assert_null (muster_document_get_scenario (document));
  g_assert_null (muster_document_get_history (document));
  g_assert_null (muster_document_get_file (document));
  g_assert_false (muster_document_get_modified (document));
  expected = g_strdup_printf ("New Match of %s", muster_game_get_scenario (game)->title);
  g_assert_cmpstr (muster_document_get_title (document), ==, expected);
  g_signal_connect (document, "notify", G_CALLBACK (on_notify), &c);
  g_signal_connect (document, "changed", G_CALLBACK (on_changed), &c);

  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_no_error (error);
  g_assert_true (muster_document_get_modified (document));
  g_assert_cmpuint (c.modified, ==, 1);
  g_assert_cmpuint (c.changed, ==, 1);
  g_assert_cmpuint (c.title, ==, 0);

  g_assert_true (muster_document_save (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (muster_document_get_modified (document));
  g_assert_false (muster_game_get_modified (game));
  g_assert_true (g_file_equal (muster_document_get_file (document), file));
  g_assert_cmpstr (muster_document_get_title (document), ==, "bull run.muster-game");
  g_assert_cmpuint (c.modified, ==, 2);
  g_assert_cmpuint (c.file, ==, 1);
  g_assert_cmpuint (c.title, ==, 1);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  muster_document_close (document);
  g_unlink (path);
  g_rmdir (dir);
}

/* A match's autosave is written after a command and goes on close. */
static void
test_match_autosave_goes_on_close (void)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  GtkWidget *page;

  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return;
    }
  muster_icons_keep ();
  game = new_game ();
  document = muster_document_new_match (game);
  page = g_object_ref_sink (muster_match_page_new (game));
  g_assert_nonnull (muster_document_get_match_autosave (document));
  path = muster_match_autosave_get_path (muster_document_get_match_autosave (document));

  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_no_error (error);
  g_assert_true (muster_match_autosave_save_now (muster_document_get_match_autosave (document), &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  muster_document_close (document);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (muster_document_get_match_autosave (document));
  g_assert_true (muster_document_get_modified (document));   /* closed, not saved */
  g_object_unref (page);
}

/* A match document's autosave keeps who plays each side and how the dice
 * are rolled from the game itself: no page needs to be shown. */
static void
test_match_autosave_keeps_players (void)
{
  g_autoptr(MusterGame) game = new_game ();
  g_autoptr(MusterDocument) document = muster_document_new_match (game);
  g_autoptr(GPtrArray) leftovers = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  MusterMatchLeftover *mine = NULL;

  muster_game_set_player (game, "csa", MUSTER_PLAYER_COMPUTER);
  muster_game_set_dice_by_players (game, TRUE);
  g_assert_nonnull (muster_document_get_match_autosave (document));
  path = muster_match_autosave_get_path (muster_document_get_match_autosave (document));
  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_no_error (error);
  g_assert_true (muster_match_autosave_save_now (muster_document_get_match_autosave (document), &error));
  g_assert_no_error (error);

  leftovers = muster_match_autosave_find_leftovers ();
  for (guint i = 0; i < leftovers->len; i++)
    if (g_str_equal (((MusterMatchLeftover *) g_ptr_array_index (leftovers, i))->path, path))
      mine = g_ptr_array_index (leftovers, i);
  g_assert_nonnull (mine);
  g_assert_true (mine->dice_by_players);
  g_assert_nonnull (mine->computer);
  g_assert_cmpstr (mine->computer[0], ==, "csa");
  g_assert_null (mine->computer[1]);

  muster_document_close (document);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/document/modified", test_modified_follows_edits_and_saves);
  g_test_add_func ("/app/document/failed-save", test_failed_save_keeps_state);
  g_test_add_func ("/app/document/title", test_title_of_file_and_copy);
  g_test_add_func ("/app/document/match", test_match_modified_and_saved);
  g_test_add_func ("/app/document/match-autosave", test_match_autosave_goes_on_close);
  g_test_add_func ("/app/document/match-autosave-players", test_match_autosave_keeps_players);
  return g_test_run ();
}
