/* The match page under a real display: a scripted First Manassas opening
 * played through the page's actions and pointer events (select, move, fire,
 * a decision answered on the board, end phase, undo refused after a roll,
 * the hand-over when the acting side changes, save, reopen), its state
 * compared with `muster-cli play` on the same commands; and a whole match
 * between two computer players run to its result, its saved file replayed
 * by `muster-cli play` to the same state.
 *
 * The script is the command list of `muster-cli simulate --seed 5`: the
 * simulator's choices, each of which the test makes through the page as a
 * person would. With MUSTER_SCREENSHOTS=DIR the test also writes PNGs of the
 * window at 1366 x 768 at the moments worth seeing. */
#include "config.h"

#include "app-test.h"
#include "mu-match.h"
#include "muster-dice-dialog.h"
#include "muster-replay-bar.h"
#include "muster-match-page.h"
#include "muster-window.h"

static char *
scenario_path (void)
{
  return app_test_scenario_path ("first-manassas.muster");
}

/* Runs muster-cli with argv (NULL-terminated after the program); its
 * standard output. */
static char *
run_cli (const char *const *args)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (err && *err)
    g_test_message ("muster-cli: %s", err);
  return g_steal_pointer (&out);
}

/* With MUSTER_SCREENSHOTS set: the window as drawn now, as DIR/NAME.png. */
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

/* Shows hex at the middle of the board at 100 % (for the screenshots). */
static void
look_at (MusterMatchPage *page,
         MuHex            hex)
{
  MusterMapView *view = muster_match_page_get_map_view (page);
  const MuScenario *scenario = muster_game_get_scenario (muster_match_page_get_game (page));
  MusterViewTransform t;
  double cx, cy, wx, wy;

  if (g_getenv ("MUSTER_SCREENSHOTS") == NULL)
    return;
  /* the sidebar may have changed the board's width: let it settle first */
  for (int i = 0; i < 30; i++)
    {
      flush_events ();
      g_usleep (10000);
    }
  muster_map_view_zoom_at (view, 1.0, 0, 0);
  muster_map_view_get_transform (view, &t);
  mu_hex_center (&scenario->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &cx, &cy);
  muster_view_to_widget (&t, cx, cy, &wx, &wy);
  muster_map_view_pan (view, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0 - wx,
                       gtk_widget_get_height (GTK_WIDGET (view)) / 2.0 - wy);
}

/* The commands `muster-cli simulate --seed SEED` plays, as lines. */
static GPtrArray *
simulated_script (const char *seed)
{
  g_autofree char *scenario = scenario_path ();
  g_autofree char *saved = g_build_filename (tmpdir, "simulated.muster-game", NULL);
  const char *args[] = { "simulate", scenario, "--seed", seed, "--games", "1", "--save", saved, "-q", NULL };
  g_autofree char *out = run_cli (args);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) match = mu_match_load_file (saved, &error);
  const GPtrArray *commands;
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  commands = mu_match_get_commands (match);
  for (guint i = 0; i < commands->len; i++)
    g_ptr_array_add (lines, mu_command_to_string (g_ptr_array_index (commands, i)));
  return lines;
}

static const MuCounterView *
view_of (MusterMatchPage *page,
         const char      *id)
{
  GArray *views = mu_match_get_counters (muster_game_get_match (muster_match_page_get_game (page)));

  for (guint i = 0; i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, id) == 0)
      return &g_array_index (views, MuCounterView, i);
  return NULL;
}

/* A primary-button click on the board at the centre of hex, as the map
 * view's gestures see it (press on the view's own, release on the page's). */
static void
click_hex (MusterMatchPage *page,
           MuHex            hex)
{
  MusterMapView *view = muster_match_page_get_map_view (page);
  const MuScenario *scenario = muster_game_get_scenario (muster_match_page_get_game (page));
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  MusterViewTransform t;
  double cx, cy, wx, wy;

  muster_map_view_get_transform (view, &t);
  mu_hex_center (&scenario->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &cx, &cy);
  muster_view_to_widget (&t, cx, cy, &wx, &wy);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      /* the board's tool gesture: a press and a release where it was */
      if (g_strcmp0 (gtk_event_controller_get_name (c), "map-tool") == 0)
        {
          g_signal_emit_by_name (c, "drag-begin", wx, wy);
          g_signal_emit_by_name (c, "drag-end", 0.0, 0.0);
        }
    }
  flush_events ();
}

/* Selects a counter as a person does: a click on its hex, and when a
 * stack puts another counter on top, the selection of that one. */
static void
select_counter (MusterMatchPage *page,
                const char      *id)
{
  const MuCounterView *v = view_of (page, id);

  g_assert_nonnull (v);
  click_hex (page, v->pos.hex);
  if (g_strcmp0 (muster_match_page_get_selected (page), id) != 0)
    muster_match_page_select (page, id);
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, id);
}

static char *
last_command (MusterMatchPage *page)
{
  const GPtrArray *commands = mu_match_get_commands (muster_game_get_match (muster_match_page_get_game (page)));

  g_assert_cmpuint (commands->len, >, 0);
  return mu_command_to_string (g_ptr_array_index (commands, commands->len - 1));
}

static gboolean
strv_has (const char *const *list,
          const char         *id)
{
  for (guint i = 0; list && list[i]; i++)
    if (g_strcmp0 (list[i], id) == 0)
      return TRUE;
  return FALSE;
}

static guint handovers;
static guint end_phase_warnings;
static guint answered_on_board;

/* Plays one line of the script through the page as a person would. */
static void
play_line (MusterMatchPage *page,
           const char      *line)
{
  MusterGame *game = muster_match_page_get_game (page);
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  guint n = g_strv_length (words);
  guint before = mu_match_get_commands (muster_game_get_match (game))->len;
  const char *awaited = muster_game_get_awaited_side (game);
  g_autofree char *played = NULL;

  /* the board is covered until the person to act takes it */
  if (muster_match_page_get_handover_side (page) != NULL)
    {
      g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, awaited);
      handovers++;
      muster_match_page_dismiss_handover (page);
    }
  g_assert_null (muster_match_page_get_handover_side (page));

  if (g_strcmp0 (words[0], "end-phase") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
      /* something compulsory left: the page asks first */
      if (muster_match_page_get_dialog (page) != NULL)
        {
          end_phase_warnings++;
          gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
        }
    }
  else if ((g_strcmp0 (words[0], "move") == 0 || g_strcmp0 (words[0], "withdraw") == 0) && n >= 3)
    {
      MuPos to;
      const GArray *dest;
      gboolean listed = FALSE;

      g_assert_true (mu_pos_parse (words[n - 1], &to));
      select_counter (page, words[1]);
      dest = muster_match_page_get_destinations (page);
      for (guint i = 0; dest && i < dest->len; i++)
        listed |= mu_hex_equal (g_array_index (dest, MuHex, i), to.hex);
      g_assert_true (listed);
      if (g_strcmp0 (words[0], "withdraw") == 0)
        {
          /* a destination both verbs reach: the withdrawal is offered by its line */
          gtk_widget_activate_action (GTK_WIDGET (page), "match.command", "s", line);
        }
      else
        {
          static gboolean shown;

          if (!shown && dest->len > 3)
            {
              /* where the first counter to move may go, as the engine lists it */
              shown = TRUE;
              look_at (page, to.hex);
              snap (MUSTER_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (page), MUSTER_TYPE_WINDOW)), "selected");
            }
          /* hovering the destination tells its cost (the engine's dry run) */
          muster_match_page_hover_hex (page, to.hex);
          g_test_message ("hover: %s", muster_match_page_get_hint (page));
          g_assert_nonnull (strstr (muster_match_page_get_hint (page), "cost"));
          click_hex (page, to.hex);
        }
    }
  else if (g_strcmp0 (words[0], "fire") == 0 && n == 3)
    {
      select_counter (page, words[1]);
      g_assert_true (strv_has (muster_match_page_get_targets (page), words[2]));
      /* hovering the target tells what the engine's dry run would roll */
      muster_match_page_hover_hex (page, view_of (page, words[2])->pos.hex);
      g_test_message ("hover: %s", muster_match_page_get_hint (page));
      g_assert_true (strstr (muster_match_page_get_hint (page), " dice, ") != NULL ||
                     strstr (muster_match_page_get_hint (page), " die, ") != NULL);
      click_hex (page, view_of (page, words[2])->pos.hex);
    }
  else if (g_strcmp0 (words[0], "choose") == 0 && n == 2 && muster_game_get_pending (game) &&
           mu_pos_parse (words[1], &(MuPos) { 0 }))
    {
      MuPos at;

      /* a hex answer: clicked on the board, where it is highlighted */
      g_assert_true (mu_pos_parse (words[1], &at));
      click_hex (page, at.hex);
      answered_on_board++;
    }
  else
    {
      if (n >= 2 && view_of (page, words[1]) != NULL && mu_status_has (view_of (page, words[1])->status, MU_STATUS_IN_PLAY))
        select_counter (page, words[1]);
      gtk_widget_activate_action (GTK_WIDGET (page), "match.command", "s", line);
    }
  flush_events ();
  g_assert_cmpuint (mu_match_get_commands (muster_game_get_match (game))->len, ==, before + 1);
  played = last_command (page);
  g_assert_cmpstr (played, ==, line);
}

/* The state `muster-cli play` reaches from the scenario, the seed and these commands. */
static char *
cli_state (const char *seed,
           MuMatch    *match)
{
  g_autofree char *scenario = scenario_path ();
  g_autofree char *file = g_build_filename (tmpdir, "commands.txt", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  const GPtrArray *commands = mu_match_get_commands (match);
  g_autoptr(GError) error = NULL;
  const char *args[] = { "play", scenario, "--seed", seed, "--commands", file, "--state", NULL };

  for (guint i = 0; i < commands->len; i++)
    {
      g_autofree char *line = mu_command_to_string (g_ptr_array_index (commands, i));

      g_string_append_printf (text, "%s\n", line);
    }
  g_file_set_contents (file, text->str, -1, &error);
  g_assert_no_error (error);
  return run_cli (args);
}

static void
test_scripted_opening (void)
{
  g_autoptr(GPtrArray) script = NULL;
  MusterWindow *window;
  MusterMatchPage *page;
  MusterGame *game;
  guint i = 0, first_choose = 0;
  gboolean fired = FALSE;
  g_autofree char *saved = g_build_filename (tmpdir, "opening.muster-game", NULL);

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  script = simulated_script ("5");
  window = new_window ();
  page = start_match (window, 5);
  game = muster_match_page_get_game (page);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (page)));
  g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "csa");
  snap (window, "handover");
  {
    /* while the board is covered, nobody ends the covered side's phase or
     * plays for it */
    guint n = mu_match_get_commands (muster_game_get_match (game))->len;

    gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
    gtk_widget_activate_action (GTK_WIDGET (page), "match.command", "s", "end-phase");
    flush_events ();
    g_assert_cmpuint (mu_match_get_commands (muster_game_get_match (game))->len, ==, n);
    g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "csa");
  }
  muster_match_page_dismiss_handover (page);
  snap (window, "start");
  /* the Confederate army at 100 %: its counters and NIC markers */
  look_at (page, view_of (page, "bonham")->pos.hex);
  snap (window, "start-zoomed");

  /* The opening through the page, up to and including the first fire and
   * the undo it forbids. */
  handovers = 1;
  for (; i < script->len && !fired; i++)
    {
      const char *line = g_ptr_array_index (script, i);

      play_line (page, line);
      if (g_str_has_prefix (line, "fire "))
        {
          g_autoptr(GVariant) state = NULL;

          fired = TRUE;
          look_at (page, view_of (page, "davies")->pos.hex);
          snap (window, "fire");
          /* never back over a die roll (TAB-19): the action says no */
          g_assert_false (g_action_group_get_action_enabled (
            G_ACTION_GROUP (gtk_widget_get_ancestor (GTK_WIDGET (page), GTK_TYPE_WINDOW)), "win.undo"));
          g_assert_false (muster_game_can_undo (game, NULL));
          {
            g_autoptr(GError) error = NULL;

            g_assert_false (muster_game_undo (game, &error));
            g_assert_nonnull (error);
          }
        }
    }
  g_assert_true (fired);
  g_assert_cmpuint (handovers, >=, 2);   /* csa, then usa */

  /* Escape drops the selection. */
  select_counter (page, "davies");
  gtk_widget_activate_action (GTK_WIDGET (page), "match.cancel", NULL);
  g_assert_null (muster_match_page_get_selected (page));

  /* A refusal shows in the bar with its rule. */
  g_assert_false (muster_game_apply_line (game, "move davies 0101", NULL));
  g_assert_nonnull (muster_match_page_get_refusal (page));

  /* To the first decision on the board: the commands before it as lines,
   * the answer by a click on its highlighted hex. */
  for (guint k = i; k < script->len; k++)
    if (g_str_has_prefix (g_ptr_array_index (script, k), "choose "))
      {
        first_choose = k;
        break;
      }
  if (first_choose > 0)
    {
      const MuDecision *d;

      for (; i < first_choose; i++)
        {
          if (muster_match_page_get_handover_side (page))
            muster_match_page_dismiss_handover (page);
          g_assert_true (muster_game_apply_line (game, g_ptr_array_index (script, i), NULL));
        }
      flush_events ();
      d = muster_game_get_pending (game);
      g_assert_nonnull (d);
      g_test_message ("decision %s: %s", d->id, d->question);
      g_assert_nonnull (gtk_widget_get_first_child (muster_match_page_get_decision_box (page)));
      if (muster_match_page_get_handover_side (page))
        muster_match_page_dismiss_handover (page);
      if (d->answers && d->answers[0])
        {
          MuPos at;

          g_assert_true (mu_pos_parse (d->answers[0], &at));
          look_at (page, at.hex);
        }
      snap (window, "decision");
      {
        guint highlighted;

        muster_scene_get_highlights (muster_match_page_get_scene (page), &highlighted);
        g_assert_cmpuint (highlighted, >=, g_strv_length ((char **) d->answers));
      }
      play_line (page, g_ptr_array_index (script, i++));
      g_assert_cmpuint (answered_on_board, ==, 1);
      g_assert_null (muster_game_get_pending (game));
    }
  else
    g_test_message ("seed 5 reaches no decision");

  /* The window's state is muster-cli's on the same commands. */
  {
    g_autofree char *mine = mu_match_format_state (muster_game_get_match (game));
    g_autofree char *theirs = cli_state ("5", muster_game_get_match (game));

    g_assert_cmpstr (mine, ==, theirs);
  }

  /* Save Match As, through the window's action and its file chooser. */
  gtk_widget_activate_action (GTK_WIDGET (page), "win.save", NULL);
  {
    GtkNativeDialog *chooser = muster_window_get_file_chooser (window);
    g_autoptr(GFile) folder = g_file_new_for_path (tmpdir);
    g_autoptr(GFile) chosen = NULL;

    g_assert_nonnull (chooser);
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "opening.muster-game");
    /* the dialog reads its folder in the background first */
    for (int k = 0; k < 5000; k++)
      {
        chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
        /* the name may come before the folder it goes in */
        if (chosen != NULL && g_file_has_parent (chosen, folder))
          break;
        g_clear_object (&chosen);
        g_main_context_iteration (NULL, TRUE);
      }
    g_assert_nonnull (chosen);
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
    flush_events ();
  }
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));
  g_assert_false (muster_game_get_modified (game));

  /* Reopened, the match goes on from the same state. */
  {
    g_autofree char *before = mu_match_format_state (muster_game_get_match (game));
    MusterWindow *other = new_window ();
    g_autoptr(GFile) file = g_file_new_for_path (saved);
    g_autoptr(GError) error = NULL;
    GtkWidget *reopened;
    g_autofree char *after = NULL;

    g_assert_true (muster_window_open_file (other, file, &error));
    g_assert_no_error (error);
    reopened = muster_window_get_match_page (other);
    g_assert_nonnull (reopened);
    after = mu_match_format_state (muster_game_get_match (muster_match_page_get_game (MUSTER_MATCH_PAGE (reopened))));
    g_assert_cmpstr (after, ==, before);
  }

  /* Closing an unmodified match goes back to the start page. */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  g_assert_null (muster_window_get_match_page (window));
  destroy_all_windows ();
}

/* Closing the window with an unsaved match asks first: Cancel keeps both,
 * and a later Close of the match alone leaves the window open; Discard
 * from the window's close closes it. */
static void
test_close_unsaved (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  GtkWidget *dialog;

  muster_match_page_dismiss_handover (page);
  app_test_end_phase (page);
  flush_events ();
  g_assert_true (muster_game_get_modified (muster_match_page_get_game (page)));

  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  dialog = muster_match_page_get_dialog (page);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_true (muster_window_get_match_page (window) == GTK_WIDGET (page));

  /* the match's own Close, discarded: back to the start page, the window stays */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_null (muster_window_get_match_page (window));
  {
    GList *toplevels = gtk_window_list_toplevels ();

    g_assert_nonnull (g_list_find (toplevels, window));
    g_list_free (toplevels);
  }

  /* again, closing the window this time */
  page = start_match (window, 5);
  muster_match_page_dismiss_handover (page);
  app_test_end_phase (page);
  flush_events ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_REJECT);
  for (int i = 0; i < 100 && window != NULL; i++)
    flush_events ();
  g_assert_null (window);
  destroy_all_windows ();
}

/* Shift-click groups firers; the page asks the engine which group verb
 * fits and applies it (or shows the engine's refusal). */
static void
test_group (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  const char *const *group;

  muster_match_page_dismiss_handover (page);
  muster_match_page_select (page, "longstreet");
  muster_match_page_click_hex (page, view_of (page, "bonham")->pos.hex, TRUE);
  group = muster_match_page_get_group (page);
  g_assert_cmpstr (group[0], ==, "longstreet");
  g_assert_cmpstr (group[1], ==, "bonham");
  g_assert_null (group[2]);
  /* again: it leaves the group */
  muster_match_page_click_hex (page, view_of (page, "bonham")->pos.hex, TRUE);
  group = muster_match_page_get_group (page);
  g_assert_null (group[1]);
  /* N selects the next counter of the side to act, Shift+N the previous */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (muster_match_page_get_map_view (page)));
    const char *first;
    gboolean handled = FALSE;

    muster_match_page_select (page, NULL);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
        gboolean h = FALSE;

        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          g_signal_emit_by_name (c, "key-pressed", GDK_KEY_n, 0, 0, &h);
        handled |= h;
      }
    g_assert_true (handled);
    first = muster_match_page_get_selected (page);
    g_assert_nonnull (first);
    g_assert_cmpstr (view_of (page, first)->side, ==, "csa");
  }
  /* an empty hex drops the selection */
  muster_match_page_click_hex (page, (MuHex) { 1, 1 }, FALSE);
  g_assert_null (muster_match_page_get_selected (page));
  destroy_all_windows ();
}

static guint
count_actionables (GtkWidget  *widget,
                   const char *action)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_actionables (child, action);
  return n;
}

static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The page shows one End Phase (the tracker's), in sight under its phases. */
static void
test_one_end_phase (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  graphene_rect_t bounds;

  muster_match_page_dismiss_handover (page);
  flush_events ();
  g_assert_cmpuint (count_actionables (GTK_WIDGET (page), "match.end-phase"), ==, 1);
  g_assert_cmpuint (count_actionables (GTK_WIDGET (page), "win.undo"), ==, 1);
  {
    GtkWidget *button = find_actionable (GTK_WIDGET (page), "match.end-phase");

    g_assert_nonnull (button);
    g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
    g_assert_cmpfloat (bounds.size.height, >, 0);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  }
  destroy_all_windows ();
}

/* Answers every roll the dialog asks for with dice all showing `face`
 * ("6 "), up to the last Next (left to the caller). */
static void
enter_faces (MusterDiceDialog *dialog,
             const char       *face)
{
  /* the last faces finish (and destroy) the dialog: held while asked */
  g_autoptr(MusterDiceDialog) held = g_object_ref (dialog);

  for (guint asked = 0; muster_dice_dialog_get_needed (dialog) > 0; asked++)
    {
      guint needed = muster_dice_dialog_get_needed (dialog);
      g_autoptr(GString) faces = g_string_new (NULL);

      for (guint i = 0; i < needed; i++)
        g_string_append (faces, face);
      muster_dice_dialog_set_faces (dialog, faces->str);
      g_assert_true (muster_dice_dialog_next (dialog));
      g_assert_cmpuint (asked, <, 100);
    }
}

/* Dice rolled at the table: End Phase asks for the command rolls' faces
 * first, then the match records them and the command; muster-cli replays
 * the same commands (the dice among them) to the same state. */
static void
test_dice_by_players (void)
{
  MusterWindow *window;
  MusterMatchPage *page;
  MusterGame *game;
  MuMatch *match;
  MusterDiceDialog *dialog;
  guint before;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  window = new_window ();
  page = start_match (window, 5);
  game = muster_match_page_get_game (page);
  match = muster_game_get_match (game);
  muster_match_page_set_dice_by_players (page, TRUE);
  muster_match_page_dismiss_handover (page);
  /* the first End Phase with a roll after it */
  for (guint k = 0; k < 40 && muster_match_page_get_dice_dialog (page) == NULL; k++)
    {
      before = mu_match_get_commands (match)->len;
      if (muster_match_page_get_handover_side (page))
        muster_match_page_dismiss_handover (page);
      gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
      if (muster_match_page_get_dialog (page) != NULL)
        gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
      flush_events ();
    }
  g_assert_nonnull (muster_match_page_get_dice_dialog (page));
  before = mu_match_get_commands (match)->len;
  dialog = MUSTER_DICE_DIALOG (muster_match_page_get_dice_dialog (page));
  g_test_message ("asked: %s", muster_dice_dialog_get_question (dialog));
  enter_faces (dialog, "6 ");
  if (muster_match_page_get_dice_dialog (page) != NULL)
    g_assert_true (muster_dice_dialog_next (dialog));
  flush_events ();
  g_assert_null (muster_match_page_get_dice_dialog (page));
  /* the dice, then the command */
  g_assert_cmpuint (mu_match_get_commands (match)->len, ==, before + 2);
  {
    g_autofree char *dice = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (match), before));
    g_autofree char *end = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (match), before + 1));
    g_autofree char *mine = mu_match_format_state (match);
    g_autofree char *theirs = cli_state ("5", match);

    g_assert_true (g_str_has_prefix (dice, "dice 6"));
    g_assert_cmpstr (end, ==, "end-phase");
    g_assert_cmpstr (mine, ==, theirs);
  }
  destroy_all_windows ();
}

/* Dice rolled at the table and a computer player: its rolls are asked
 * too, naming it, and its command waits for them; closing the dialog
 * pauses it and going on asks again; muster-cli replays the commands (the
 * dice among them) to the same state. */
static void
test_computer_dice (void)
{
  MusterWindow *window;
  MusterMatchPage *page;
  MuMatch *match;
  MusterDiceDialog *dialog;
  GtkWidget *pause;
  guint before;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  window = new_window ();
  page = start_match (window, 5);
  match = muster_game_get_match (muster_match_page_get_game (page));
  muster_match_page_set_pace (page, 0);
  muster_match_page_set_dice_by_players (page, TRUE);
  muster_match_page_set_player (page, "csa", MUSTER_PLAYER_COMPUTER);
  for (guint i = 0; i < 100000 && muster_match_page_get_dice_dialog (page) == NULL; i++)
    g_main_context_iteration (NULL, TRUE);
  dialog = MUSTER_DICE_DIALOG (muster_match_page_get_dice_dialog (page));
  g_assert_nonnull (dialog);
  g_test_message ("%s — %s", muster_dice_dialog_get_heading (dialog), muster_dice_dialog_get_question (dialog));
  g_assert_nonnull (strstr (muster_dice_dialog_get_heading (dialog), "The computer plays Confederate"));
  g_assert_cmpstr (muster_game_get_awaited_side (muster_match_page_get_game (page)), ==, "csa");

  /* closed: nothing is played, the computer waits */
  before = mu_match_get_commands (match)->len;
  gtk_window_close (GTK_WINDOW (dialog));
  for (int i = 0; i < 50; i++)
    flush_events ();
  g_assert_null (muster_match_page_get_dice_dialog (page));
  g_assert_cmpuint (mu_match_get_commands (match)->len, ==, before);
  pause = find_actionable (GTK_WIDGET (page), "match.pause");
  g_assert_true (GTK_IS_TOGGLE_BUTTON (pause));
  g_assert_true (gtk_widget_get_visible (pause));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pause)));
  g_assert_nonnull (strstr (muster_match_page_get_refusal (page), "waits for the dice"));
  for (int i = 0; i < 20; i++)
    flush_events ();
  g_assert_null (muster_match_page_get_dice_dialog (page));
  /* Pause again: the computer goes on */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.pause", NULL);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pause)));
  /* going on, the computer chooses again and asks for the dice again */
  for (guint i = 0; i < 100000 && muster_match_page_get_dice_dialog (page) == NULL; i++)
    g_main_context_iteration (NULL, TRUE);
  dialog = MUSTER_DICE_DIALOG (muster_match_page_get_dice_dialog (page));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (muster_dice_dialog_get_heading (dialog), "The computer plays Confederate"));
  before = mu_match_get_commands (match)->len;
  muster_match_page_set_player (page, "csa", MUSTER_PLAYER_PERSON);
  enter_faces (dialog, "5 ");
  flush_events ();
  g_assert_cmpuint (mu_match_get_commands (match)->len, ==, before + 2);
  {
    g_autofree char *dice = mu_command_to_string (g_ptr_array_index (mu_match_get_commands (match), before));
    g_autofree char *mine = mu_match_format_state (match);
    g_autofree char *theirs = cli_state ("5", match);

    g_assert_true (g_str_has_prefix (dice, "dice 5"));
    g_assert_cmpstr (mine, ==, theirs);
  }
  destroy_all_windows ();
}

/* Two computer players play First Manassas to its end in the window. */
static void
test_computer_match (void)
{
  MusterWindow *window;
  MusterMatchPage *page;
  MusterGame *game;
  g_autofree char *saved = g_build_filename (tmpdir, "computer.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autoptr(GError) error = NULL;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  window = new_window ();
  page = start_match (window, 11);
  game = muster_match_page_get_game (page);
  muster_match_page_set_pace (page, 0);
  muster_match_page_set_player (page, "csa", MUSTER_PLAYER_COMPUTER);
  muster_match_page_set_player (page, "usa", MUSTER_PLAYER_COMPUTER);
  g_assert_null (muster_match_page_get_handover_side (page));
  for (guint i = 0; i < 2000000 && !muster_game_is_over (game); i++)
    {
      g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
      g_main_context_iteration (NULL, TRUE);
      if (i == 400)
        snap (window, "computer");
    }
  g_assert_true (muster_game_is_over (game));
  flush_events ();
  g_assert_true (muster_match_page_get_result_shown (page));
  snap (window, "result");

  /* Replay from the result page: the board shows each step, the last is
   * the match's own state; Back to the Match returns to the result. */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.replay", NULL);
  flush_events ();
  g_assert_false (muster_match_page_get_result_shown (page));
  {
    MusterReplayBar *bar = MUSTER_REPLAY_BAR (muster_match_page_get_replay_bar (page));
    guint n = mu_match_get_commands (muster_game_get_match (game))->len;
    g_autofree char *end_state = NULL;
    g_autofree char *live_state = mu_match_format_state (muster_game_get_match (game));
    guint start_pieces, end_pieces;

    g_assert_nonnull (bar);
    g_assert_cmpuint (muster_replay_bar_get_commands (bar), ==, 0);
    muster_scene_get_pieces (muster_match_page_get_scene (page), &start_pieces);
    g_assert_true (muster_replay_bar_seek_command (bar, n, &error));
    g_assert_no_error (error);
    flush_events ();
    end_state = mu_match_format_state (muster_replay_bar_get_match (bar));
    g_assert_cmpstr (end_state, ==, live_state);
    muster_scene_get_pieces (muster_match_page_get_scene (page), &end_pieces);
    g_test_message ("pieces on the board: %u at the start, %u at the end", start_pieces, end_pieces);
    g_assert_cmpuint (start_pieces, !=, end_pieces);
  }
  gtk_widget_activate_action (GTK_WIDGET (page), "match.leave-replay", NULL);
  flush_events ();
  g_assert_null (muster_match_page_get_replay_bar (page));
  g_assert_true (muster_match_page_get_result_shown (page));

  g_assert_true (muster_game_save (game, file, &error));
  g_assert_no_error (error);
  {
    const char *args[] = { "play", saved, "--state", NULL };
    g_autofree char *theirs = run_cli (args);
    g_autofree char *mine = mu_match_format_state (muster_game_get_match (game));

    g_autoptr(MuMatch) replayed = mu_match_load_file (saved, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (mine, ==, theirs);
    g_assert_true (mu_match_is_over (replayed));
  }
  destroy_all_windows ();
}

/* While a match is shown the window holds the match's document (title,
 * unsaved mark, file); closing the match gives the scenario's back. */
static void
test_match_document (void)
{
  MusterWindow *window = new_window ();
  g_autofree char *saved = g_build_filename (tmpdir, "document.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autofree char *scenario_title = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  MusterDocument *scenario_document, *match;
  MusterMatchPage *page;

  muster_window_set_new_scenario (window, app_test_load_scenario ("first-manassas.muster"));
  scenario_document = muster_window_get_document (window);
  g_assert_nonnull (scenario_document);
  scenario_title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));

  page = start_match (window, 5);
  match = muster_window_get_document (window);
  g_assert_cmpint (muster_document_get_kind (match), ==, MUSTER_DOCUMENT_MATCH);
  g_assert_true (muster_document_get_game (match) == muster_match_page_get_game (page));
  g_assert_true (muster_document_get_origin (match) == scenario_document);
  g_assert_true (muster_window_get_scenario (window) == muster_document_get_scenario (scenario_document));
  expected = g_strdup_printf ("New Match of %s — Muster", muster_game_get_scenario (muster_match_page_get_game (page))->title);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, expected);

  muster_match_page_dismiss_handover (page);
  app_test_end_phase (page);
  flush_events ();
  g_assert_true (muster_document_get_modified (match));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• New Match of "));

  g_assert_true (muster_document_save (match, file, &error));
  g_assert_no_error (error);
  g_assert_false (muster_game_get_modified (muster_match_page_get_game (page)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "document.muster-game — Muster");

  /* asked to open the saved match again, the window showing it comes forward */
  {
    guint windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));

    g_assert_true (muster_window_shows_file (window, file));
    muster_application_open_file (app, file);
    flush_events ();
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, windows);
    g_assert_true ((gpointer) muster_window_get_match_page (window) == (gpointer) page);
  }

  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  g_assert_null (muster_window_get_match_page (window));
  g_assert_true (muster_window_get_document (window) == scenario_document);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, scenario_title);
  g_unlink (saved);
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/match/no-display"))
    {
      g_test_add_func ("/app/match/scripted-opening", test_scripted_opening);
      g_test_add_func ("/app/match/group", test_group);
      g_test_add_func ("/app/match/one-end-phase", test_one_end_phase);
      g_test_add_func ("/app/match/close-unsaved", test_close_unsaved);
      g_test_add_func ("/app/match/document", test_match_document);
      g_test_add_func ("/app/match/dice-by-players", test_dice_by_players);
      g_test_add_func ("/app/match/computer-dice", test_computer_dice);
      g_test_add_func ("/app/match/computer-match", test_computer_match);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
