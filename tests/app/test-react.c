/* The match page with reactions, on the engine tests' own ruleset
 * (tests/engine/test-react-rules.c, registered here only): the hand-over
 * screen names the side that may react in the other's turn, End Phase
 * passes in it, a decimal
 * distance is answered with the decision's spin button in its steps, and a
 * decision answered by a command plays that command. With
 * MUSTER_SCREENSHOTS=DIR the test writes PNGs of the window. */
#include "config.h"

#include "app-test.h"
#include "mu-match.h"
#include "muster-match-page.h"
#include "muster-window.h"
#include "test-react-rules.h"

static void
snap (MusterWindow *window,
      const char   *name)
{
  const char *dir = g_getenv ("MUSTER_SCREENSHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int w, h;

  if (dir == NULL)
    return;
  for (int i = 0; i < 30; i++)
    {
      flush_events ();
      g_usleep (10000);
    }
  w = gtk_widget_get_width (GTK_WIDGET (window));
  h = gtk_widget_get_height (GTK_WIDGET (window));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_strdup_printf ("%s/%s.png", dir, name);
  gdk_texture_save_to_png (texture, path);
}

/* The first visible widget of the type under root whose text (a label's,
 * a button's label) holds `text` (NULL: any). */
static GtkWidget *
find_widget (GtkWidget *root, GType type, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (!gtk_widget_get_visible (c))
        continue;
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        {
          const char *t = GTK_IS_LABEL (c) ? gtk_label_get_text (GTK_LABEL (c))
                        : GTK_IS_BUTTON (c) ? gtk_button_get_label (GTK_BUTTON (c)) : NULL;

          if (text == NULL || (t && strstr (t, text)))
            return c;
        }
      if ((found = find_widget (c, type, text)) != NULL)
        return found;
    }
  return NULL;
}

static void
command (MusterMatchPage *page, const char *line)
{
  MuMatch *match = muster_game_get_match (muster_match_page_get_game (page));
  guint n = mu_match_get_commands (match)->len;

  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.command", "s", line);
  flush_events ();
  g_assert_cmpuint (mu_match_get_commands (match)->len, ==, n + 1);
}

static const char *
last_command (MusterMatchPage *page)
{
  static char *line;
  const GPtrArray *commands = mu_match_get_commands (muster_game_get_match (muster_match_page_get_game (page)));

  g_free (line);
  line = mu_command_to_string (g_ptr_array_index (commands, commands->len - 1));
  return line;
}

static void
test_reaction_handover (void)
{
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = NULL;
  MusterWindow *window;
  MusterMatchPage *page;
  GtkWidget *spin, *answer, *title;

  mu_ruleset_register (&test_react_ruleset);
  scenario = mu_scenario_load_data (test_react_scenario, strlen (test_react_scenario),
                                    "react.muster", NULL, &error);
  g_assert_no_error (error);
  game = muster_game_new_for_scenario (scenario, 1, &error);
  g_assert_no_error (error);
  window = new_window ();
  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "red");
  g_assert_nonnull (find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "Red to play"));

  /* the distance: a spin button in steps of 0.5, two decimals */
  command (page, "advance r1");
  spin = find_widget (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON, NULL);
  g_assert_nonnull (spin);
  g_assert_cmpuint (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (spin)), ==, 2);
  g_assert_cmpfloat (gtk_adjustment_get_step_increment (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spin))),
                     ==, 0.5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1.5);
  snap (window, "react-distance");
  answer = find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, "Answer");
  g_assert_nonnull (answer);
  g_signal_emit_by_name (answer, "clicked");
  flush_events ();
  g_assert_cmpstr (last_command (page), ==, "choose 1.50");

  /* the hold-fire window: Blue takes the board in Red's turn */
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "blue");
  title = find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "may react");
  g_assert_nonnull (title);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==,
                   "Blue may react in Red's turn — pass the computer");
  snap (window, "react-handover");
  /* End Phase ends the reacting side's part: it passes */
  muster_match_page_dismiss_handover (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
  flush_events ();
  g_assert_cmpstr (last_command (page), ==, "pass");
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "red");
  g_assert_nonnull (find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "Red to play"));

  /* return fire: the answer button plays the command itself */
  command (page, "fire r1 b1");
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "blue");
  muster_match_page_dismiss_handover (page);
  flush_events ();
  answer = find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, "fire b1 r1");
  g_assert_nonnull (answer);
  snap (window, "react-command-answer");
  g_signal_emit_by_name (answer, "clicked");
  flush_events ();
  g_assert_cmpstr (last_command (page), ==, "fire b1 r1");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/react/no-display"))
    {
      g_test_add_func ("/app/react/handover", test_reaction_handover);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
