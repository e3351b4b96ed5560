/* What a newcomer met in the first hour of play, under a real display and
 * through the page's actions and input controllers as a person gives them:
 * End Phase warns about what the phase would lose (STAR units without a
 * commander, BAA-CMD-11), the actions read as sentences with names, a drag
 * of a counter that is not selected moves it, the sidebar's log keeps its
 * share and its newest line, the keyboard reaches End Phase and the
 * hand-over button, Ctrl+S saves a named match in place. */
#include "config.h"

#include "app-test.h"
#include "frames.h"
#include "mu-match.h"
#include "muster-match-log.h"
#include "muster-match-page.h"
#include "muster-window.h"

static void
set_true (gpointer data)
{
  *(gboolean *) data = TRUE;
}

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

/* The visible buttons under root whose action is `action`, in order. */
static void
collect_actionables (GtkWidget  *root,
                     const char *action,
                     GPtrArray  *out)
{
  if (GTK_IS_ACTIONABLE (root) && gtk_widget_get_visible (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_actionables (child, action, out);
}

/* A window showing a new match (seed 1) of the shipped scenario `name`
 * with `lines` played, the hand-over screen taken away. */
static MusterMatchPage *
begin_match_of (const char        *name,
                const char *const *lines)
{
  MusterWindow *window = new_window ();
  g_autoptr(MuScenario) scenario = app_test_load_scenario (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = muster_game_new_for_scenario (scenario, 1, &error);

  g_assert_no_error (error);
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    {
      muster_game_apply_line (game, lines[i], &error);
      g_assert_no_error (error);
    }
  return app_test_show_game (window, game);
}

/* The same, of First Manassas. */
static MusterMatchPage *
begin_match (const char *const *lines)
{
  return begin_match_of ("first-manassas.muster", lines);
}

static const MuCounterView *
view_of (MusterMatchPage *page,
         const char      *id)
{
  GArray *views = mu_match_get_counters (muster_game_get_match (game_of (page)));

  for (guint i = 0; i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, id) == 0)
      return &g_array_index (views, MuCounterView, i);
  return NULL;
}

static MuHex
hex (const char *label)
{
  MuHex h;

  g_assert_true (mu_hex_parse (label, &h));
  return h;
}

static void
widget_point (MusterMatchPage *page,
              const MuPos     *pos,
              double          *x,
              double          *y)
{
  MusterMapView *view = muster_match_page_get_map_view (page);
  MusterViewTransform t;
  MuPoint b;

  muster_map_view_get_transform (view, &t);
  muster_map_view_pos_to_board (view, pos, &b);
  muster_view_to_widget (&t, b.x, b.y, x, y);
}

static GtkEventController *
controller_named (GtkWidget  *widget,
                  const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), name) == 0)
        return c;
    }
  g_assert_not_reached ();
  return NULL;
}

/* A drag with the primary button from one position to another, as the
 * board's drag gesture sees it. */
static void
drag (MusterMatchPage *page,
      const MuPos     *from,
      const MuPos     *to)
{
  GtkEventController *c = controller_named (GTK_WIDGET (muster_match_page_get_map_view (page)), "map-tool");
  double x0, y0, x1, y1;

  widget_point (page, from, &x0, &y0);
  widget_point (page, to, &x1, &y1);
  g_signal_emit_by_name (c, "drag-begin", x0, y0);
  g_signal_emit_by_name (c, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (c, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (c, "drag-end", x1 - x0, y1 - y0);
  flush_events ();
}

static const char *
button_text (GtkWidget *button)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  return GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : gtk_button_get_label (GTK_BUTTON (button));
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

/* The sidebar offers the selected counter's commands as sentences with
 * names (the engine's), the command itself only in the tooltip; the log
 * names the counters, and keeps their ids in its tooltip. */
static void
test_plain_words (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *assign = NULL;
  GListModel *model;
  gboolean named = FALSE;

  muster_match_page_dismiss_handover (page);
  muster_match_page_select (page, "bartow");
  flush_events ();
  collect_actionables (GTK_WIDGET (page), "match.command", buttons);
  g_assert_cmpuint (buttons->len, >, 0);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (buttons, i);
      const char *text = button_text (b);
      const char *tip = gtk_widget_get_tooltip_text (b);

      g_test_message ("button: %s (%s)", text, tip);
      g_assert_false (g_str_has_prefix (text, "assign "));
      g_assert_null (strstr (text, "bartow"));
      if (g_str_has_prefix (text, "Assign Bartow's Brigade to "))
        {
          g_assert_true (g_str_has_prefix (tip, "assign bartow "));
          assign = b;
        }
    }
  g_assert_nonnull (assign);
  g_signal_emit_by_name (assign, "clicked");
  flush_events ();

  model = muster_match_log_get_model (MUSTER_MATCH_LOG (app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogEntry) entry = g_list_model_get_item (model, i);
      const char *text = muster_log_entry_get_text (entry);
      g_autofree char *tip = muster_log_entry_get_tip (entry);

      g_test_message ("log entry: %s [%s]", text, muster_log_entry_get_rule (entry));
      if (muster_log_entry_get_rule (entry) != NULL &&
          g_str_equal (muster_log_entry_get_rule (entry), "BAA-CMD-11"))
        {
          g_test_message ("log: %s (%s)", text, tip);
          g_assert_nonnull (strstr (text, "Bartow's Brigade"));
          g_assert_null (strstr (text, "bartow"));
          g_assert_nonnull (strstr (tip, "bartow"));
          /* the rule once */
          g_assert_true (strstr (tip, "BAA-CMD-11") == g_strrstr (tip, "BAA-CMD-11"));
          named = TRUE;
        }
    }
  g_assert_true (named);
  destroy_all_windows ();
}

/* The Union's movement (First Manassas, seed 1, three steps on): a drag
 * of Sherman, not selected, selects and moves him; a drag of a Union unit
 * the engine lists no move for selects it and the bar says why. */
static void
test_drag_unselected (void)
{
  static const char *const union_moves[] = { "end-phase", "end-phase", "end-phase", NULL };
  MusterMatchPage *page = begin_match (union_moves);
  MuMatch *match = muster_game_get_match (game_of (page));
  MuPos from = mu_pos_from_hex (hex ("1410")), to = mu_pos_from_hex (hex ("1309"));
  GArray *views = mu_match_get_counters (match);
  const char *stuck = NULL;

  g_assert_null (muster_match_page_get_selected (page));
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1410")));
  drag (page, &from, &to);
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, "sherman");
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1309")));

  /* one the engine offers no move: the drop is refused with its reason */
  muster_match_page_select (page, NULL);
  for (guint i = 0; i < views->len && stuck == NULL; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      g_autoptr(GArray) moves = NULL;

      if (g_strcmp0 (v->side, "usa") != 0 || !mu_status_has (v->status, MU_STATUS_IN_PLAY) || v->pos.is_point ||
          !mu_pos_is_set (&v->pos))
        continue;
      moves = mu_match_legal_moves (match, v->id);
      if (moves->len == 0)
        stuck = v->id;
    }
  g_assert_nonnull (stuck);
  {
    GtkWidget *board = GTK_WIDGET (muster_match_page_get_map_view (page));
    graphene_point_t top_before, top_after;
    MuPos at = view_of (page, stuck)->pos;
    MuHex next = at.hex;
    MuPos there;

    next.row += next.row > 1 ? -1 : 1;
    there = mu_pos_from_hex (next);
    g_assert_true (gtk_widget_compute_point (board, gtk_widget_get_parent (GTK_WIDGET (page)),
                                             &GRAPHENE_POINT_INIT (0, 0), &top_before));
    drag (page, &at, &there);
    {
      /* the bar's reveal (an animation) runs its course */
      gboolean done = FALSE;

      g_timeout_add_once (600, set_true, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      flush_events ();
    }
    /* the refusal lies over the board: the board has not moved down */
    g_assert_true (gtk_widget_compute_point (board, gtk_widget_get_parent (GTK_WIDGET (page)),
                                             &GRAPHENE_POINT_INIT (0, 0), &top_after));
    g_assert_cmpfloat (top_after.y, ==, top_before.y);
    g_assert_cmpstr (muster_match_page_get_selected (page), ==, stuck);
    g_test_message ("%s: %s", stuck, muster_match_page_get_refusal (page));
    g_assert_nonnull (muster_match_page_get_refusal (page));
    g_assert_nonnull (strstr (muster_match_page_get_refusal (page), "(BAA-"));
    g_assert_true (mu_pos_equal (&view_of (page, stuck)->pos, &at));
  }
  destroy_all_windows ();
}

/* A key press on the board, offered to its key controllers in turn as
 * propagation does until one handles it; whether one did. */
static gboolean
press_key (MusterMatchPage *page,
           guint            keyval,
           GdkModifierType  state)
{
  GtkWidget *view = GTK_WIDGET (muster_match_page_get_map_view (page));
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
    }
  flush_events ();
  return handled;
}

/* The shortcut for `accel` among the window's own (root) shortcut
 * controllers, which see every key whatever has the focus; or NULL. */
static GtkShortcut *
window_shortcut (GtkWidget  *window,
                 const char *accel)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accel);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (c)); k++)
        {
          g_autoptr(GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), k);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (sc), wanted))
            return sc;   /* still held by the controller */
        }
    }
  return NULL;
}

/* The keyboard: the hand-over button has the focus; Tab goes from the board
 * to the selected counter's commands without stopping on every step of the
 * phase tracker; Ctrl+Return is the window's, whatever has the focus; N
 * brings the counter it selects into sight. */
static void
test_keyboard (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  MusterMapView *view = muster_match_page_get_map_view (page);
  GtkWidget *focus;
  GtkShortcut *end;
  guint tabs = 0, before;

  g_assert_nonnull (muster_match_page_get_handover_side (page));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_BUTTON (focus) || GTK_IS_BUTTON (gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON)));
  g_assert_nonnull (strstr (button_text (GTK_IS_BUTTON (focus) ? focus : gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON)),
                            "Show the Board"));
  muster_match_page_dismiss_handover (page);

  /* Tab from the board to the first of bartow's commands */
  muster_match_page_select (page, "bartow");
  flush_events ();
  gtk_widget_grab_focus (GTK_WIDGET (view));
  for (tabs = 0; tabs < 200; tabs++)
    {
      GtkWidget *button;

      focus = gtk_root_get_focus (GTK_ROOT (window));
      button = focus && GTK_IS_BUTTON (focus) ? focus : focus ? gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON) : NULL;
      if (button && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), "match.command") == 0)
        break;
      if (!gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD))
        gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
    }
  g_test_message ("Tab presses from the board to a command: %u", tabs);
  g_assert_cmpuint (tabs, <=, 12);

  /* Ctrl+Return from the sidebar's command button: the window's shortcut */
  end = window_shortcut (GTK_WIDGET (window), "<Control>Return");
  g_assert_nonnull (end);
  before = n_commands (page);
  gtk_shortcut_action_activate (gtk_shortcut_get_action (end), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                GTK_WIDGET (page), NULL);
  flush_events ();
  g_assert_nonnull (muster_match_page_get_dialog (page));   /* the STAR warning */
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_cmpuint (n_commands (page), ==, before + 1);

  /* N at full size brings each counter it selects into sight */
  muster_map_view_zoom_at (view, 1.5, 0, 0);
  flush_events ();
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  for (guint i = 0; i < 6; i++)
    {
      const MuCounterView *v;
      double x, y;

      g_assert_true (press_key (page, GDK_KEY_n, 0));
      g_assert_nonnull (muster_match_page_get_selected (page));
      v = view_of (page, muster_match_page_get_selected (page));
      widget_point (page, &v->pos, &x, &y);
      g_assert_cmpfloat (x, >=, 0);
      g_assert_cmpfloat (y, >=, 0);
      g_assert_cmpfloat (x, <=, gtk_widget_get_width (GTK_WIDGET (view)));
      g_assert_cmpfloat (y, <=, gtk_widget_get_height (GTK_WIDGET (view)));
    }
  destroy_all_windows ();
}

/* At 1366 x 768 with a unit with many moves selected the log keeps its
 * share (the phase tracker folds to its current step); when the turn passes
 * to the other person the hand-over screen shows what was rolled since. */
static void
test_sidebar_room (void)
{
  static const char *const union_moves[] = { "end-phase", "end-phase", "end-phase", NULL };
  MusterMatchPage *page = begin_match (union_moves);
  GtkWidget *log = app_test_find_widget (GTK_WIDGET (page), MUSTER_TYPE_MATCH_LOG);
  g_autoptr(GArray) moves = mu_match_legal_moves (muster_game_get_match (game_of (page)), "sherman");

  g_assert_cmpuint (moves->len, >=, 8);
  muster_match_page_select (page, "sherman");
  /* laid out: the log's place was under the hand-over screen until now */
  wait_frames (log, 3);
  flush_events ();
  g_test_message ("log height with sherman selected: %d", gtk_widget_get_height (log));
  g_assert_cmpint (gtk_widget_get_height (log), >=, 200);
  destroy_all_windows ();

  {
    MusterWindow *window = new_window ();
    const char *results;

    page = start_match (window, 5);
    for (guint i = 0; i < 30 && g_strcmp0 (muster_match_page_get_handover_side (page), "usa") != 0; i++)
      {
        if (muster_match_page_get_handover_side (page) != NULL)
          muster_match_page_dismiss_handover (page);
        app_test_end_phase (page);
      }
    g_assert_cmpstr (muster_match_page_get_handover_side (page), ==, "usa");
    results = muster_match_page_get_handover_results (page);
    g_test_message ("hand-over: %s", results);
    g_assert_true (g_str_has_prefix (results, "Last results\n"));
    g_assert_nonnull (strstr (results, " die"));
    g_assert_nonnull (strstr (results, " — "));
    destroy_all_windows ();
  }
}

static gboolean
dialog_has_button (GtkWidget  *dialog,
                   const char *label)
{
  GtkWidget *w = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);

  return w != NULL && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), label) == 0;
}

/* Ctrl+S saves a match that has its file there, asking nothing; the close
 * question offers Save (Save As… only for a match never saved). */
static void
test_save_in_place (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "first-hour-save.muster-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GtkShortcut *save;
  guint commands;

  muster_match_page_dismiss_handover (page);
  app_test_end_phase (page);
  g_assert_true (muster_game_get_modified (game_of (page)));
  /* never saved: the question offers Save As… */
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  g_assert_true (dialog_has_button (muster_match_page_get_dialog (page), "_Save As…"));
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_CANCEL);
  flush_events ();

  g_assert_true (muster_game_save (game_of (page), file, &error));
  g_assert_no_error (error);
  app_test_end_phase (page);
  commands = n_commands (page);
  g_assert_true (muster_game_get_modified (game_of (page)));
  save = window_shortcut (GTK_WIDGET (window), "<Control>s");
  g_assert_nonnull (save);
  gtk_shortcut_action_activate (gtk_shortcut_get_action (save), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                GTK_WIDGET (page), NULL);
  flush_events ();
  g_assert_null (muster_window_get_file_chooser (window));
  g_assert_false (muster_game_get_modified (game_of (page)));
  {
    g_autoptr(MuMatch) kept = mu_match_load_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (mu_match_get_commands (kept)->len, ==, commands);
  }
  /* named: the question offers Save */
  app_test_end_phase (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.close", NULL);
  flush_events ();
  g_assert_true (dialog_has_button (muster_match_page_get_dialog (page), "_Save"));
  gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_unlink (path);
  destroy_all_windows ();
}

static void
collect_sections (GtkWidget *root,
                  GPtrArray *out)
{
  if (GTK_IS_SHORTCUTS_SECTION (root))
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_sections (child, out);
}

static gboolean
has_accelerator (GtkWidget  *root,
                 const char *accel)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_autofree char *a = NULL;

      g_object_get (root, "accelerator", &a, NULL);
      if (g_strcmp0 (a, accel) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (has_accelerator (child, accel))
      return TRUE;
  return FALSE;
}

/* The shortcuts window fits 1366 x 768 and has a section for playing a
 * match that tells End Phase and N. */
static void
test_shortcuts_window (void)
{
  MusterWindow *window = new_window ();
  GtkShortcutsWindow *overlay;
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();
  GtkWidget *match = NULL;
  int min_w, min_h;

  /* every section and page shown without GTK's warning that a label
   * measured below zero (the page numbers did): warnings fail the test */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  flush_events ();
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  collect_sections (GTK_WIDGET (overlay), sections);
  for (guint i = 0; i < sections->len; i++)
    {
      g_autofree char *name = NULL;

      g_object_get (g_ptr_array_index (sections, i), "section-name", &name, NULL);
      if (g_strcmp0 (name, "match") == 0)
        match = g_ptr_array_index (sections, i);
    }
  g_assert_nonnull (match);
  g_assert_true (has_accelerator (match, "<Control>Return"));
  g_assert_true (has_accelerator (match, "n"));
  /* each section shown in turn, the window as large as it has to be */
  wait_for_allocation (GTK_WIDGET (overlay));
  min_w = min_h = 0;
  for (guint i = 0; i < sections->len; i++)
    {
      g_autofree char *name = NULL;

      g_object_get (g_ptr_array_index (sections, i), "section-name", &name, NULL);
      g_object_set (overlay, "section-name", name, NULL);
      for (int k = 0; k < 20; k++)
        g_main_context_iteration (NULL, FALSE);
      flush_events ();
      min_w = MAX (min_w, gtk_widget_get_width (GTK_WIDGET (overlay)));
      min_h = MAX (min_h, gtk_widget_get_height (GTK_WIDGET (overlay)));
    }
  g_test_message ("shortcuts window: %d x %d", min_w, min_h);
  g_assert_cmpint (min_w, <=, 1366);
  g_assert_cmpint (min_h, <=, 768);
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
  flush_events ();
  destroy_all_windows ();
}

/* Selecting a commander shows its command radius (its leadership in
 * hexes, as the engine answers it): the boundary of the hexes within reach,
 * a hex ring of 6 (2r + 1) edges where the board does not clip it; a unit
 * shows its commander's; nothing selected, nothing shown. */
static void
test_command_range (void)
{
  static const char *const union_moves[] = { "end-phase", "end-phase", "end-phase", NULL };
  MusterMatchPage *page = begin_match (union_moves);
  MusterScene *scene = muster_match_page_get_scene (page);
  const MuScenario *s = muster_game_get_scenario (game_of (page));
  const MuCounter *tyler = mu_scenario_find_counter (s, "tyler");
  g_autofree char *expected = g_strdup_printf ("Command range of Tyler: %d hexes (BAA-CMD-5)", mu_counter_get_int (tyler, "leadership"));
  guint n = 0;

  g_assert_null (muster_match_page_get_range_text (page));
  muster_match_page_select (page, "tyler");
  g_test_message ("%s", muster_match_page_get_range_text (page));
  g_assert_cmpstr (muster_match_page_get_range_text (page), ==, expected);
  muster_scene_get_range (scene, &n);
  g_assert_cmpuint (n / 2, ==, 6 * (2 * mu_counter_get_int (tyler, "leadership") + 1));
  g_assert_nonnull (strstr (muster_match_page_get_hint (page), expected));

  /* Sherman's Brigade is Tyler's */
  muster_match_page_select (page, "sherman");
  g_assert_cmpstr (muster_match_page_get_range_text (page), ==, expected);

  muster_match_page_select (page, NULL);
  g_assert_null (muster_match_page_get_range_text (page));
  muster_scene_get_range (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  destroy_all_windows ();
}

/* On a table the commander's radius is a circle about its base, in the
 * table's unit, as baa-table answers it (BAT-CMD-5): a unit shows its
 * formation commander's. */
static void
test_command_range_table (void)
{
  MusterMatchPage *page = begin_match_of ("henry-house-hill-table.muster", NULL);
  MusterScene *scene = muster_match_page_get_scene (page);
  guint n = 0;

  g_assert_null (muster_match_page_get_range_text (page));
  muster_match_page_select (page, "ricketts");
  g_assert_cmpstr (muster_match_page_get_range_text (page), ==,
                   "Command range of Barry: 12 in from its base (BAT-CMD-5)");
  muster_scene_get_range (scene, &n);
  g_assert_cmpuint (n / 2, ==, 72);
  muster_match_page_select (page, NULL);
  muster_scene_get_range (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  destroy_all_windows ();
}

/* A match shown opens at a zoom where counters read, on the side to act:
 * the Confederates' first counter is in sight (fitted, the board was 29 %). */
static void
test_readable_view (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 5);
  MusterMapView *view = muster_match_page_get_map_view (page);
  const MuCounterView *v = view_of (page, "bartow");
  double x, y;

  flush_events ();
  g_test_message ("zoom %.2f", muster_map_view_get_zoom (view));
  g_assert_cmpfloat (muster_map_view_get_zoom (view), >=, 0.7);
  widget_point (page, &v->pos, &x, &y);
  g_assert_cmpfloat (x, >=, 0);
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (x, <=, gtk_widget_get_width (GTK_WIDGET (view)));
  g_assert_cmpfloat (y, <=, gtk_widget_get_height (GTK_WIDGET (view)));
  destroy_all_windows ();
}

/* The start page offers no Edit Scenario (there is nothing to edit); a
 * scenario shown does. */
static void
test_edit_scenario_action (void)
{
  MusterWindow *window = new_window ();

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "edit"));
  muster_window_set_new_scenario (window, app_test_load_scenario ("first-manassas.muster"));
  flush_events ();
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "edit"));
  destroy_all_windows ();
}

/* The text of the first label under root that starts with prefix, or NULL. */
static const char *
find_label_text (GtkWidget  *root,
                 const char *prefix)
{
  if (GTK_IS_LABEL (root) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (root)), prefix))
    return gtk_label_get_text (GTK_LABEL (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      const char *found = find_label_text (child, prefix);

      if (found)
        return found;
    }
  return NULL;
}

/* A scenario whose ruleset cannot be played yet says so under its title on
 * the start page, and ▶ is off with the reason in its tooltip; a playable
 * one keeps ▶. Every shipped ruleset plays now (the last two, Toy Soldiers
 * and regimental, were the unplayable cases), so each shipped scenario of
 * a tabletop ruleset must show ▶ and no such mark. */
static void
test_unplayable_marked (void)
{
  static const struct { const char *file; gboolean playable; } cases[] = {
    { "learning-qrs-big-bethel.muster", TRUE },
    { "learning-ts-hokes-run.muster", TRUE },
    { "first-manassas.muster", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterWindow *window = new_window ();
      g_autoptr(MuScenario) s = app_test_load_scenario (cases[i].file);
      g_autoptr(GPtrArray) plays = g_ptr_array_new ();
      GtkWidget *play = NULL;
      g_autofree char *prefix = g_strdup_printf ("%s · ", s->ruleset);
      const char *subtitle = find_label_text (GTK_WIDGET (window), prefix);

      /* the start page's bundled scenario, its ruleset and board under its title */
      g_assert_nonnull (subtitle);
      g_test_message ("%s: %s", cases[i].file, subtitle);
      g_assert_cmpint (strstr (subtitle, "cannot be played yet") == NULL, ==, cases[i].playable);
      muster_window_set_new_scenario (window, g_steal_pointer (&s));
      flush_events ();
      g_assert_cmpint (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "play"), ==, cases[i].playable);
      collect_actionables (GTK_WIDGET (window), "win.play", plays);
      for (guint k = 0; k < plays->len; k++)
        if (gtk_button_get_icon_name (GTK_BUTTON (g_ptr_array_index (plays, k))) != NULL)
          play = g_ptr_array_index (plays, k);
      g_assert_nonnull (play);
      g_test_message ("▶: %s", gtk_widget_get_tooltip_text (play));
      g_assert_cmpint (strstr (gtk_widget_get_tooltip_text (play), "cannot play") == NULL, ==, cases[i].playable);
      destroy_all_windows ();
    }
}

int
main (int   argc,
      char *argv[])
{
  if (app_test_init (&argc, &argv, "/app/first-hour/no-display"))
    {
      g_test_add_func ("/app/first-hour/unassigned-warning", test_unassigned_warning);
      g_test_add_func ("/app/first-hour/plain-words", test_plain_words);
      g_test_add_func ("/app/first-hour/drag-unselected", test_drag_unselected);
      g_test_add_func ("/app/first-hour/keyboard", test_keyboard);
      g_test_add_func ("/app/first-hour/sidebar-room", test_sidebar_room);
      g_test_add_func ("/app/first-hour/save-in-place", test_save_in_place);
      g_test_add_func ("/app/first-hour/shortcuts-window", test_shortcuts_window);
      g_test_add_func ("/app/first-hour/command-range", test_command_range);
      g_test_add_func ("/app/first-hour/command-range-table", test_command_range_table);
      g_test_add_func ("/app/first-hour/readable-view", test_readable_view);
      g_test_add_func ("/app/first-hour/edit-scenario-action", test_edit_scenario_action);
      g_test_add_func ("/app/first-hour/unplayable-marked", test_unplayable_marked);
      return app_test_run (TRUE);
    }
  return app_test_run (FALSE);
}
