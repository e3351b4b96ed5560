/* The dice-entry dialog: it asks for each roll the engine's dry run says a
 * command makes, refuses faces that are not 1 to 6 or the wrong number of
 * them, enters the faces into the match, and the command then rolls them. */
#define G_LOG_DOMAIN "test-dice-dialog"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "muster-dice-dialog.h"
#include "muster-game.h"
#include "muster-icons.h"

static void
flush_events (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
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

static MuCommand *
parse (MusterGame *game, const char *line)
{
  g_autoptr(GError) error = NULL;
  MuCommand *c = mu_match_parse (muster_game_get_match (game), line, &error);

  g_assert_no_error (error);
  return c;
}

static void
on_finished (MusterDiceDialog *dialog, gboolean entered, int *result)
{
  *result = entered ? 1 : 0;
}

/* Ends phases until ending the phase would roll dice. */
static void
advance_to_rolls (MusterGame *game, MuCommand *end)
{
  for (int i = 0; i < 60; i++)
    {
      if (muster_dice_dialog_count_dice (game, end) > 0)
        return;
      g_assert_true (muster_game_apply (game, end, NULL));
    }
  g_assert_not_reached ();
}

/* TAB-19: every roll asked, faces of the players used in order. */
static void
test_enter_and_roll (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  g_autoptr(MuCommand) end = parse (game, "end-phase");
  g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  const GPtrArray *commands = mu_match_get_commands (muster_game_get_match (game));
  const GPtrArray *events;
  GtkWidget *dialog;
  int finished = -1;
  guint asked = 0, before, k = 0, n_commands;
  int total;

  advance_to_rolls (game, end);
  total = muster_dice_dialog_count_dice (game, end);
  n_commands = commands->len;
  dialog = g_object_ref (muster_dice_dialog_new (NULL, game, end));
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &finished);
  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();

  /* a face that is no face, and the wrong number of faces */
  g_assert_cmpuint (muster_dice_dialog_get_needed (MUSTER_DICE_DIALOG (dialog)), >, 0);
  g_assert_true (g_str_has_prefix (muster_dice_dialog_get_question (MUSTER_DICE_DIALOG (dialog)),
                                   "Roll 1: "));
  muster_dice_dialog_set_faces (MUSTER_DICE_DIALOG (dialog), "7");
  g_assert_nonnull (strstr (muster_dice_dialog_get_problem (MUSTER_DICE_DIALOG (dialog)), "not the face"));
  g_assert_false (muster_dice_dialog_next (MUSTER_DICE_DIALOG (dialog)));
  muster_dice_dialog_set_faces (MUSTER_DICE_DIALOG (dialog), "1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6");
  g_assert_nonnull (strstr (muster_dice_dialog_get_problem (MUSTER_DICE_DIALOG (dialog)), "needs"));
  g_assert_false (muster_dice_dialog_next (MUSTER_DICE_DIALOG (dialog)));
  g_assert_cmpuint (muster_dice_dialog_get_taken (MUSTER_DICE_DIALOG (dialog))->len, ==, 0);

  /* each roll: faces cycling 1..6 */
  while (muster_dice_dialog_get_needed (MUSTER_DICE_DIALOG (dialog)) > 0)
    {
      guint needed = muster_dice_dialog_get_needed (MUSTER_DICE_DIALOG (dialog));
      g_autoptr(GString) faces = g_string_new (NULL);

      for (guint i = 0; i < needed; i++)
        {
          int face = (int) (typed->len % 6) + 1;

          g_array_append_val (typed, face);
          g_string_append_printf (faces, "%d ", face);
        }
      muster_dice_dialog_set_faces (MUSTER_DICE_DIALOG (dialog), faces->str);
      g_assert_cmpstr (muster_dice_dialog_get_problem (MUSTER_DICE_DIALOG (dialog)), ==, "");
      g_assert_true (muster_dice_dialog_next (MUSTER_DICE_DIALOG (dialog)));
      asked++;
      g_assert_cmpuint (asked, <, 100);
    }
  g_assert_cmpuint (typed->len, >=, 1);
  /* the last faces entered finish the dialog: no step after them */
  g_assert_cmpint (finished, ==, 1);
  g_object_unref (dialog);
  flush_events ();

  /* the dice are one command of the match, then the command rolls them */
  g_assert_cmpuint (commands->len, ==, n_commands + 1);
  {
    g_autofree char *line = mu_command_to_string (g_ptr_array_index (commands, commands->len - 1));

    g_assert_true (g_str_has_prefix (line, "dice "));
  }
  before = mu_match_get_events (muster_game_get_match (game))->len;
  g_assert_true (muster_game_apply (game, end, &error));
  g_assert_no_error (error);
  events = mu_match_get_events (muster_game_get_match (game));
  for (guint i = before; i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);

      if (e->kind != MU_EVENT_ROLL)
        continue;
      for (guint f = 0; f < (e->pool ? e->pool->len : 1); f++)
        {
          int face = e->pool ? g_array_index (e->pool, int, f) : e->value;

          g_assert_cmpuint (k, <, typed->len);
          g_assert_cmpint (face, ==, g_array_index (typed, int, k));
          k++;
        }
    }
  /* every die the command rolled was one typed, and every one typed was rolled */
  g_assert_cmpuint (k, ==, typed->len);
  g_assert_cmpint (total, >, 0);
}

/* Cancel enters nothing; a refused command cannot take dice. */
static void
test_cancel_and_refused (void)
{
  g_autoptr(MusterGame) game = first_manassas ();
  g_autoptr(MuCommand) end = parse (game, "end-phase");
  g_autoptr(MuCommand) bad = parse (game, "fire nobody nothing");
  guint n_commands;
  GtkWidget *dialog;
  int finished = -1;
  GtkWidget *cancel = NULL;

  advance_to_rolls (game, end);
  n_commands = mu_match_get_commands (muster_game_get_match (game))->len;
  dialog = g_object_ref (muster_dice_dialog_new (NULL, game, end));
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &finished);
  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  /* the Cancel button: the first button of the window */
  for (GtkWidget *w = gtk_window_get_child (GTK_WINDOW (dialog)); w && !cancel;)
    {
      if (GTK_IS_BUTTON (w))
        cancel = w;
      else if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && !gtk_widget_get_next_sibling (w))
            w = gtk_widget_get_parent (w);
          w = w ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_nonnull (cancel);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (cancel)), ==, "_Cancel");
  muster_dice_dialog_set_faces (MUSTER_DICE_DIALOG (dialog), "6");
  g_signal_emit_by_name (cancel, "clicked");
  g_assert_cmpint (finished, ==, 0);
  g_object_unref (dialog);
  flush_events ();
  g_assert_cmpuint (mu_match_get_commands (muster_game_get_match (game))->len, ==, n_commands);

  g_assert_cmpint (muster_dice_dialog_count_dice (game, bad), ==, -1);
  dialog = g_object_ref_sink (muster_dice_dialog_new (NULL, game, bad));
  g_assert_true (g_str_has_prefix (muster_dice_dialog_get_question (MUSTER_DICE_DIALOG (dialog)),
                                   "The command is refused: "));
  g_assert_false (muster_dice_dialog_next (MUSTER_DICE_DIALOG (dialog)));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
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
      g_test_add_func ("/app/dice-dialog/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/dice-dialog/enter-and-roll/TAB-19", test_enter_and_roll);
  g_test_add_func ("/app/dice-dialog/cancel-and-refused", test_cancel_and_refused);
  return g_test_run ();
}
