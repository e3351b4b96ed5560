/* What a newcomer met in the first hour of play, under a real display and
 * through the page's actions and input controllers as a person gives them:
 * End Phase warns about what the phase would lose (STAR units without a
 * commander, BAA-CMD-11), the actions read as sentences with names, a drag
 * of a counter that is not selected moves it, the sidebar's log keeps its
 * share and its newest line, the keyboard reaches End Phase and the
 * hand-over button, Ctrl+S saves a named match in place. */
#include "config.h"

#include "app-test.h"
#include "mu-match.h"
#include "muster-match-page.h"
#include "muster-window.h"

static MusterGame *
game_of (MusterMatchPage *page)
{
  return muster_match_page_get_game (page);
}

static guint
n_commands (MusterMatchPage *page)
{
  return mu_match_get_commands (muster_game_get_match (game_of (page)))->len;
}

static char *
secondary_text (GtkWidget *dialog)
{
  char *text = NULL;

  g_object_get (dialog, "secondary-text", &text, NULL);
  return text;
}

/* First Manassas opens on the Confederates' Command Range step with their
 * STAR units unassigned: End Phase names them and BAA-CMD-11 and waits;
 * Cancel ends nothing; once each is assigned, End Phase asks nothing. */
static void
test_unassigned_warning (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  MuMatch *match = muster_game_get_match (game_of (page));
  GtkWidget *dialog;
  guint before;

  muster_match_page_dismiss_handover (page);
  flush_events ();
  before = n_commands (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
  flush_events ();
  dialog = muster_match_page_get_dialog (page);
  g_assert_nonnull (dialog);
  {
    g_autofree char *text = secondary_text (dialog);

    g_test_message ("End Phase warns: %s", text);
    g_assert_nonnull (strstr (text, "Bartow's Brigade"));
    g_assert_nonnull (strstr (text, "BAA-CMD-11"));
    g_assert_nonnull (strstr (text, "NIC"));
  }
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_cmpuint (n_commands (page), ==, before);

  /* every STAR unit assigned (the first commander the engine offers) */
  for (guint guard = 0; guard < 40; guard++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);
      g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);
      gboolean any = FALSE;

      for (guint i = 0; i < legal->len && !any; i++)
        {
          const MuCommand *c = g_ptr_array_index (legal, i);

          if (g_str_equal (mu_command_get_verb (c), "assign"))
            {
              g_autofree char *line = mu_command_to_string (c);

              muster_match_page_play_line (page, line);
              flush_events ();
              any = TRUE;
            }
        }
      if (!any)
        break;
    }
  before = n_commands (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
  flush_events ();
  g_assert_null (muster_match_page_get_dialog (page));
  g_assert_cmpuint (n_commands (page), ==, before + 1);
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/first-hour/no-display"))
    {
      g_test_add_func ("/app/first-hour/unassigned-warning", test_unassigned_warning);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
