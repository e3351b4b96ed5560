/* MusterGame: the match the window sees; its signals and properties follow
 * the engine's match (no display needed). */
#define G_LOG_DOMAIN "test-game"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "mu-error.h"
#include "mu-scenario-xml.h"
#include "muster-game.h"
#include "muster-scene.h"

typedef struct {
  guint events_added;   /* calls */
  guint first, n;       /* of the last call */
  guint resets;
  guint changed;
  guint refused;
  char *reason;
  char *rule;
  guint notify_can_undo;
  guint notify_modified;
} Counts;

static void
on_events_added (MusterGame *game, guint first, guint n, Counts *c)
{
  c->events_added++;
  c->first = first;
  c->n = n;
}

static void
on_reset (MusterGame *game, Counts *c)
{
  c->resets++;
}

static void
on_changed (MusterGame *game, Counts *c)
{
  c->changed++;
}

static void
on_refused (MusterGame *game, const char *reason, const char *rule, Counts *c)
{
  c->refused++;
  g_free (c->reason);
  g_free (c->rule);
  c->reason = g_strdup (reason);
  c->rule = g_strdup (rule);
}

static void
on_notify (GObject *object, GParamSpec *pspec, Counts *c)
{
  if (g_str_equal (pspec->name, "can-undo"))
    c->notify_can_undo++;
  else if (g_str_equal (pspec->name, "modified"))
    c->notify_modified++;
}

static MusterGame *
new_game (Counts *c)
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
  g_signal_connect (game, "events-added", G_CALLBACK (on_events_added), c);
  g_signal_connect (game, "reset", G_CALLBACK (on_reset), c);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), c);
  g_signal_connect (game, "refused", G_CALLBACK (on_refused), c);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), c);
  return game;
}

static void
counts_clear (Counts *c)
{
  g_free (c->reason);
  g_free (c->rule);
}

/* A command appends events and says which; the derived properties follow. */
static void
test_apply (void)
{
  Counts c = { 0 };
  g_autoptr(MusterGame) game = new_game (&c);
  guint before = mu_match_get_events (muster_game_get_match (game))->len;
  MuPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_game_get_modified (game));
  g_assert_cmpstr (muster_game_get_awaited_side (game), ==, "csa");
  muster_game_get_position (game, &pos);
  g_assert_cmpint (pos.bound, ==, 1);

  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.events_added, ==, 1);
  g_assert_cmpuint (c.first, ==, before);
  g_assert_cmpuint (c.first + c.n, ==, mu_match_get_events (muster_game_get_match (game))->len);
  g_assert_cmpuint (c.n, >, 0);
  g_assert_cmpuint (c.changed, ==, 1);
  g_assert_true (muster_game_get_modified (game));
  g_assert_cmpuint (c.notify_modified, ==, 1);
  g_assert_cmpuint (c.refused, ==, 0);
  counts_clear (&c);
}

/* A refusal changes nothing, emits "refused" with the reason and its rule
 * id, and the error reaches the caller. */
static void
test_refused (void)
{
  Counts c = { 0 };
  g_autoptr(MusterGame) game = new_game (&c);
  MuMatch *match = muster_game_get_match (game);
  g_autofree char *state_before = mu_match_format_state (match);
  g_autofree char *state_after = NULL;
  g_autoptr(GError) error = NULL;

  /* A Union unit may not move in the Confederate round. */
  g_assert_false (muster_game_apply_line (game, "move nosuchunit 0101", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (c.refused, ==, 1);
  g_assert_cmpstr (c.reason, ==, error->message);
  g_assert_cmpuint (c.changed, ==, 0);
  g_assert_cmpuint (c.events_added, ==, 0);
  g_assert_false (muster_game_get_modified (game));
  state_after = mu_match_format_state (match);
  g_assert_cmpstr (state_after, ==, state_before);

  /* An unparsable line is refused the same way. */
  g_clear_error (&error);
  g_assert_false (muster_game_apply_line (game, "fly away", &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
  g_assert_cmpuint (c.refused, ==, 2);
  counts_clear (&c);
}

/* The rule id at the end of a refusal is split off for the views. */
static void
test_refusal_rule (void)
{
  g_autofree char *a = mu_refusal_rule ("too far (BAA-MOV-3)");
  g_autofree char *b = mu_refusal_rule ("no rule named here");
  g_autofree char *c = mu_refusal_rule ("out of command (BAA-CMD-7, BAA-AMB-12)");
  g_autofree char *d = mu_refusal_rule ("a lower-case aside (see below)");

  g_assert_cmpstr (a, ==, "BAA-MOV-3");
  g_assert_null (b);
  g_assert_cmpstr (c, ==, "BAA-CMD-7, BAA-AMB-12");
  g_assert_null (d);
}

/* Undo follows the engine's policy, rebuilds the log ("reset") and
 * reports why it is unavailable. */
static void
test_undo (void)
{
  Counts c = { 0 };
  g_autoptr(MusterGame) game = new_game (&c);
  g_autofree char *why = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_game_can_undo (game, &why));
  g_assert_nonnull (why);
  g_assert_cmpstr (why, !=, "");
  g_assert_false (muster_game_undo (game, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (c.resets, ==, 0);
  counts_clear (&c);
}

/* Saving writes a match that reopens to the same state, and clears
 * "modified". */
static void
test_save (void)
{
  Counts c = { 0 };
  g_autoptr(MusterGame) game = new_game (&c);
  g_autofree char *dir = g_dir_make_tmp ("test-game-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "m.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) again = NULL;
  g_autofree char *s1 = NULL;
  g_autofree char *s2 = NULL;

  g_assert_true (muster_game_apply_line (game, "end-phase", &error));
  g_assert_true (muster_game_get_modified (game));
  g_assert_true (muster_game_save (game, file, &error));
  g_assert_no_error (error);
  g_assert_false (muster_game_get_modified (game));
  g_assert_true (g_file_equal (muster_game_get_file (game), file));

  again = mu_match_load_file (path, &error);
  g_assert_no_error (error);
  s1 = mu_match_format_state (muster_game_get_match (game));
  s2 = mu_match_format_state (again);
  g_assert_cmpstr (s1, ==, s2);

  g_unlink (path);
  g_rmdir (dir);
  counts_clear (&c);
}

static void
on_scene_changed (MusterScene *scene, guint what, guint *changes)
{
  (*changes)++;
}

/* The piece of counter id among the scene's, or NULL. */
static const MuPiece *
scene_piece (MusterScene *scene, const char *id)
{
  guint n;
  const MuPiece *pieces = muster_scene_get_pieces (scene, &n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (pieces[i].counter->id, id) == 0)
      return &pieces[i];
  return NULL;
}

static gboolean
scene_highlights (MusterScene *scene, MuHex hex)
{
  guint n;
  const MuHexHighlight *h = muster_scene_get_highlights (scene, &n);

  for (guint i = 0; i < n; i++)
    if (mu_hex_equal (h[i].hex, hex))
      return TRUE;
  return FALSE;
}

/* The scene follows the game by itself: told only what is selected, it
 * asks the engine where the counter may go, and after a command or an
 * undo it shows the engine's counters, one change each. */
static void
test_scene (void)
{
  Counts c = { 0 };
  g_autoptr(MusterGame) game = new_game (&c);
  g_autoptr(MusterScene) scene = muster_scene_new ();
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const MuCommand *move = NULL;
  const MuArg *last;
  MuHex from, to;
  guint changes = 0;

  muster_scene_set_game (scene, game);
  g_assert_true (muster_scene_get_scenario (scene) == muster_game_get_scenario (game));
  /* to the first side's moves: a listed move of a counter on the board */
  for (guint k = 0; k < 6 && move == NULL; k++)
    {
      g_clear_pointer (&legal, g_ptr_array_unref);
      legal = mu_match_legal_commands (muster_game_get_match (game));
      for (guint i = 0; i < legal->len && move == NULL; i++)
        {
          const MuCommand *command = g_ptr_array_index (legal, i);
          const char *who = mu_command_word (command, 0);

          if (g_str_equal (mu_command_get_verb (command), "move") && scene_piece (scene, who) != NULL)
            move = command;
        }
      if (move == NULL)
        g_assert_true (muster_game_apply_line (game, "end-phase", &error));
    }
  g_assert_nonnull (move);
  id = g_strdup (mu_command_word (move, 0));
  last = mu_command_arg (move, mu_command_n_args (move) - 1);
  g_assert_true (last->kind == MU_ARG_POS && !last->pos.is_point);
  to = last->pos.hex;
  from = scene_piece (scene, id)->hex;

  g_signal_connect (scene, "changed", G_CALLBACK (on_scene_changed), &changes);
  muster_scene_select_counter (scene, id);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_nonnull (muster_scene_get_moves (scene));
  g_assert_true (scene_highlights (scene, to));
  g_assert_true (scene_piece (scene, id)->selected);
  /* the same selection again changes nothing */
  muster_scene_select_counter (scene, id);
  g_assert_cmpuint (changes, ==, 1);

  changes = 0;
  g_assert_true (muster_game_apply (game, move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (mu_hex_equal (scene_piece (scene, id)->hex, to));
  g_assert_cmpstr (muster_scene_get_selected_counter (scene), ==, id);

  changes = 0;
  g_assert_true (muster_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (mu_hex_equal (scene_piece (scene, id)->hex, from));

  g_signal_handlers_disconnect_by_data (scene, &changes);
  muster_scene_set_game (scene, NULL);
  counts_clear (&c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/apply", test_apply);
  g_test_add_func ("/game/refused", test_refused);
  g_test_add_func ("/game/refusal-rule", test_refusal_rule);
  g_test_add_func ("/game/undo", test_undo);
  g_test_add_func ("/game/save", test_save);
  g_test_add_func ("/game/scene", test_scene);
  return g_test_run ();
}
