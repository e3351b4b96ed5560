/* The match board's pointer and keyboard under a real display: the line of
 * sight to a hovered hex (its blocking hex, what blocks and the rule, as the
 * engine answers it), the path and cost of a hovered destination, a drag of
 * the selected counter (a move, and a refused drop whose reason shows in the
 * bar), the keyboard's cursor (Tab, arrows, Enter, Escape) and, on a table,
 * a unit selected by a click on its stands, its listed destinations marked
 * and a click (or a drag) that moves it keeping its facing.
 *
 * Expected blockers come from the rules (shared/rules/baa-hex.md BAA-LOS-1,
 * BAA-MOV-1) and the fixtures' layouts, not from the engine's output. */
#include "config.h"

#include <math.h>

#include "app-test.h"
#include "frames.h"
#include "match-widgets.h"
#include "mu-match.h"

static char *
source_path (const char *first, ...)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (parts, (gpointer) (root ? root : "."));
  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* A window showing a new match of the scenario with `lines` played, the
 * hand-over screen taken away. */
static MusterMatchPage *
begin_match (const char        *scenario_file,
             const char *const *lines)
{
  MusterWindow *window = new_window ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = mu_scenario_load_file (scenario_file, NULL, &error);
  g_autoptr(MusterGame) game = NULL;

  g_assert_no_error (error);
  game = muster_game_new_for_scenario (scenario, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    {
      muster_game_apply_line (game, lines[i], &error);
      g_assert_no_error (error);
    }
  return app_test_show_game (window, game);
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

static MuHex
hex (const char *label)
{
  MuHex h;

  g_assert_true (mu_hex_parse (label, &h));
  return h;
}

/* The widget point at a hex's centre or a table point. */
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

/* The board point (board pixels) of a hex's centre. */
static MuPoint
board_point (MusterMatchPage *page,
             const MuPos     *pos)
{
  MuPoint b;

  muster_map_view_pos_to_board (muster_match_page_get_map_view (page), pos, &b);
  return b;
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
 * page's drag gesture sees it. */
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

static const char *const fm_union_moves[] = { "end-phase", "end-phase", "end-phase", NULL };
/* the fixture's fire phase: no move is listed, every hex shows its line of sight */
static const char *const los_fire_phase[] = { "end-phase", "end-phase", NULL };

static void
test_sight (void)
{
  g_autofree char *path = source_path ("tests", "fixtures", "rules", "baa-hex", "los.muster", NULL);
  MusterMatchPage *page = begin_match (path, los_fire_phase);
  MusterScene *scene = muster_match_page_get_scene (page);
  MusterTrace trace;
  MuPoint mark;
  MuPos at = mu_pos_from_hex (hex ("0204"));

  /* nothing selected: no line */
  muster_match_page_hover_hex (page, hex ("0205"));
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_NONE);

  /* BAA-LOS-1: x5's counter in 0204 stands between x2 (0202) and 0205 */
  muster_match_page_select (page, "x2");
  muster_match_page_hover_hex (page, hex ("0205"));
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_SIGHT);
  g_assert_true (trace.blocked);
  g_assert_true (mu_hex_equal (trace.mark_hex, hex ("0204")));
  mark = board_point (page, &at);
  g_assert_cmpfloat_with_epsilon (trace.mark.x, mark.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (trace.mark.y, mark.y, 1e-6);
  g_assert_cmpuint (trace.n_points, ==, 2);
  g_assert_nonnull (strstr (trace.label, "x5"));
  g_assert_nonnull (strstr (trace.label, "(BAA-LOS-1)"));
  g_assert_cmpstr (muster_match_page_get_sight_text (page), ==, trace.label);
  g_assert_nonnull (strstr (muster_match_page_get_hint (page), "BAA-LOS-1"));

  /* the next hex up: nothing between */
  muster_match_page_hover_hex (page, hex ("0203"));
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_SIGHT);
  g_assert_false (trace.blocked);
  g_assert_true (mu_hex_equal (trace.mark_hex, MU_HEX_NONE));

  /* BAA-HGT-1: hn, higher but not on an edge hex, sees nothing below */
  muster_match_page_select (page, "hn");
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_NONE);
  muster_match_page_hover_hex (page, hex ("0705"));
  muster_scene_get_trace (scene, &trace);
  g_assert_true (trace.blocked);
  g_assert_nonnull (strstr (trace.label, "(BAA-HGT-1)"));

  /* Escape (match.cancel) takes the selection and its line away */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "match.cancel", NULL));
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_NONE);
  g_assert_null (muster_match_page_get_selected (page));
  destroy_all_windows ();
}

static void
test_path_and_drag (void)
{
  g_autofree char *path = source_path ("scenarios", "first-manassas.muster", NULL);
  MusterMatchPage *page = begin_match (path, fm_union_moves);
  MusterScene *scene = muster_match_page_get_scene (page);
  MuPos from = mu_pos_from_hex (hex ("1410")), to = mu_pos_from_hex (hex ("1309"));
  MuPos far = mu_pos_from_hex (hex ("1813"));
  MusterTrace trace;
  MuPoint b;

  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1410")));
  muster_match_page_select (page, "sherman");
  /* a listed destination: the engine's path from 1410 to 1309 and its cost */
  muster_match_page_hover_hex (page, hex ("1309"));
  muster_scene_get_trace (scene, &trace);
  g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_PATH);
  g_assert_cmpuint (trace.n_points, >=, 2);
  b = board_point (page, &from);
  g_assert_cmpfloat_with_epsilon (trace.points[0].x, b.x, 1e-6);
  b = board_point (page, &to);
  g_assert_cmpfloat_with_epsilon (trace.points[trace.n_points - 1].x, b.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (trace.points[trace.n_points - 1].y, b.y, 1e-6);
  g_assert_nonnull (strstr (trace.label, "cost"));
  g_assert_nonnull (strstr (muster_match_page_get_hint (page), "Move to 1309: cost"));

  /* a drop two hexes away is the engine's to refuse (BAA-MOV-1): the bar
   * says why, nothing moves */
  drag (page, &from, &far);
  g_assert_nonnull (muster_match_page_get_refusal (page));
  g_assert_nonnull (strstr (muster_match_page_get_refusal (page), "(BAA-MOV-1)"));
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1410")));

  /* a drag that starts off the selected counter moves nothing */
  drag (page, &to, &from);
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1410")));

  /* a drop on the listed destination moves it there */
  drag (page, &from, &to);
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1309")));
  g_assert_null (muster_match_page_get_refusal (page));
  destroy_all_windows ();
}

static void
test_keyboard (void)
{
  g_autofree char *path = source_path ("scenarios", "first-manassas.muster", NULL);
  MusterMatchPage *page = begin_match (path, fm_union_moves);
  MusterMapView *view = muster_match_page_get_map_view (page);
  MuHex cursor;
  guint tabs = 0;

  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL));
  g_assert_false (muster_map_view_get_cursor (view, NULL));
  /* Tab: the cursor goes from counter to counter of the side to act */
  g_assert_true (press_key (page, GDK_KEY_Tab, 0));
  g_assert_true (muster_map_view_get_cursor (view, &cursor));
  while (!mu_hex_equal (cursor, hex ("1410")) && tabs++ < 30)
    {
      g_assert_true (press_key (page, GDK_KEY_Tab, 0));
      g_assert_true (muster_map_view_get_cursor (view, &cursor));
    }
  g_assert_true (mu_hex_equal (cursor, hex ("1410")));
  /* Enter selects the counter under the cursor */
  g_assert_true (press_key (page, GDK_KEY_Return, 0));
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, "sherman");
  /* Up: the cursor to 1409, a destination: its path and cost are shown */
  g_assert_true (press_key (page, GDK_KEY_Up, 0));
  g_assert_true (muster_map_view_get_cursor (view, &cursor));
  g_assert_true (mu_hex_equal (cursor, hex ("1409")));
  g_assert_nonnull (strstr (muster_match_page_get_hint (page), "Move to 1409"));
  /* Enter acts on the cursor's hex: the move */
  g_assert_true (press_key (page, GDK_KEY_Return, 0));
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1409")));
  /* Shift+Tab goes back; past the first counter the focus may leave */
  tabs = 0;
  while (press_key (page, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK) && tabs < 40)
    tabs++;
  g_assert_cmpuint (tabs, <, 40);
  g_assert_false (muster_map_view_get_cursor (view, NULL));
  destroy_all_windows ();
}

/* The first unit of the side to act that the engine lists moves for. */
static const MuCounterView *
unit_with_moves (MusterMatchPage *page,
                 GArray         **moves)
{
  MuMatch *match = muster_game_get_match (muster_match_page_get_game (page));
  GArray *views = mu_match_get_counters (match);
  const char *side = mu_match_get_awaited (match);

  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->side, side) != 0 || v->counter->kind != MU_COUNTER_UNIT)
        continue;
      *moves = mu_match_legal_moves (match, v->id);
      if (*moves != NULL && (*moves)->len > 0)
        return v;
      g_clear_pointer (moves, g_array_unref);
    }
  return NULL;
}

static void
check_table (const char *file,
             gboolean    by_drag)
{
  g_autofree char *path = source_path ("scenarios", file, NULL);
  MusterMatchPage *page = begin_match (path, NULL);
  MusterScene *scene = muster_match_page_get_scene (page);
  g_autoptr(GArray) moves = NULL;
  const MuCounterView *v = unit_with_moves (page, &moves);
  g_autofree char *id = NULL;
  MuPos start, dest;
  const MuPiece *pieces;
  guint n_spots, n_pieces;
  double x, y;
  int piece;
  MusterPick pick;
  GArray *views;

  g_assert_nonnull (v);
  id = g_strdup (v->id);
  start = v->pos;
  g_assert_true (start.is_point && start.has_facing);

  /* a click on the unit's stands (the middle of its pieces) selects it */
  pieces = muster_scene_get_pieces (scene, &n_pieces);
  for (guint i = 0; i < n_pieces; i++)
    if (g_strcmp0 (pieces[i].counter->id, id) == 0)
      {
        MuPos at = mu_pos_from_point (pieces[i].pos.x, pieces[i].pos.y, -1);

        widget_point (page, &at, &x, &y);
      }
  g_assert_true (muster_map_view_pick (muster_match_page_get_map_view (page), x, y, &pick, &piece));
  g_assert_cmpint (piece, >=, 0);
  muster_match_page_click_point (page, pick.table, pieces[piece].counter->id);
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, id);
  /* the hint says it may move, not that there is nothing to do */
  g_assert_null (strstr (muster_match_page_get_hint (page), "nothing to do"));
  g_assert_nonnull (strstr (muster_match_page_get_hint (page), "may move"));
  {
    g_autofree char *name = g_strdup_printf ("%s-selected", file);

    shot (GTK_WIDGET (page), name);
  }
  /* its listed destinations are marked on the table, one each */
  muster_scene_get_spots (scene, &n_spots);
  g_assert_cmpuint (n_spots, ==, moves->len);
  /* and the region it may move into, as the engine draws it, around where it stands */
  if (mu_match_get_ruleset (muster_game_get_match (muster_match_page_get_game (page)))->legal_region)
    {
      g_assert_nonnull (muster_scene_get_area (scene));
      g_assert_true (mu_region_contains (muster_scene_get_area (scene), board_point (page, &start)));
    }

  /* hovering a marked destination: the straight move there, checked */
  dest = g_array_index (moves, MuPos, 0);
  muster_match_page_hover_point (page, dest.point);
  {
    MusterTrace trace;
    MuPoint b = board_point (page, &dest);

    muster_scene_get_trace (scene, &trace);
    g_assert_cmpint (trace.kind, ==, MUSTER_TRACE_PATH);
    g_assert_cmpuint (trace.n_points, ==, 2);
    g_assert_cmpfloat_with_epsilon (trace.points[1].x, b.x, 1e-6);
    g_assert_cmpfloat_with_epsilon (trace.points[1].y, b.y, 1e-6);
    g_assert_true (g_str_has_prefix (muster_match_page_get_hint (page), "Move to @"));
    /* its cost against the allowance in the table's unit, to 0.01 (TAB-3) */
    g_assert_true (g_regex_match_simple (": cost [0-9]+\\.[0-9][0-9] of [0-9]+\\.[0-9][0-9] (in|cm)$",
                                         muster_match_page_get_hint (page), 0, 0));
    g_assert_true (g_regex_match_simple ("cost [0-9]+\\.[0-9][0-9] of [0-9]+\\.[0-9][0-9] (in|cm)",
                                         trace.label, 0, 0));
  }
  /* hovering elsewhere: the unit's line of sight to it, with a rule id */
  muster_match_page_hover_point (page, (MuPoint) { 1.0, 1.0 });
  g_assert_nonnull (muster_match_page_get_sight_text (page));
  g_assert_nonnull (strstr (muster_match_page_get_sight_text (page), "(BAT-"));

  /* a click (or a drop) on a marked destination, 3 pixels off its middle,
   * moves it there, its facing kept */
  {
    MuPos one = mu_pos_from_point (1, 0, -1), zero = mu_pos_from_point (0, 0, -1);
    double per_unit = (board_point (page, &one).x - board_point (page, &zero).x) *
                      muster_map_view_get_zoom (muster_match_page_get_map_view (page));

    MuPoint click = { dest.point.x + 3 / per_unit, dest.point.y };
    double best = G_MAXDOUBLE;

    /* the listed destination nearest the click (two may lie close together) */
    for (guint i = 0; i < moves->len; i++)
      {
        const MuPos *m = &g_array_index (moves, MuPos, i);
        double d = hypot (m->point.x - click.x, m->point.y - click.y);

        if (d < best)
          {
            best = d;
            dest = *m;
          }
      }
    if (by_drag)
      {
        MuPos on = mu_pos_from_point (pick.table.x, pick.table.y, -1);
        MuPos drop = mu_pos_from_point (click.x, click.y, -1);

        drag (page, &on, &drop);
      }
    else
      muster_match_page_click_point (page, click, NULL);
  }
  g_assert_null (muster_match_page_get_refusal (page));
  views = mu_match_get_counters (muster_game_get_match (muster_match_page_get_game (page)));
  v = NULL;
  for (guint i = 0; i < views->len; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, id) == 0)
      v = &g_array_index (views, MuCounterView, i);
  g_assert_nonnull (v);
  g_assert_cmpfloat_with_epsilon (v->pos.point.x, dest.point.x, 0.011);
  g_assert_cmpfloat_with_epsilon (v->pos.point.y, dest.point.y, 0.011);
  g_assert_cmpfloat_with_epsilon (v->pos.facing, start.facing, 0.05);

  /* off the table's listed moves: the engine decides, a refusal shows in the bar */
  muster_match_page_select (page, id);
  muster_match_page_click_point (page, (MuPoint) { 0.5, 0.5 }, NULL);
  g_assert_nonnull (muster_match_page_get_refusal (page));
  g_assert_nonnull (strstr (muster_match_page_get_refusal (page), "(BAT-"));
  destroy_all_windows ();
}

static void
test_table_henry (void)
{
  check_table ("henry-house-hill-table.muster", FALSE);
}

static void
test_table_blackburn (void)
{
  check_table ("learning-table-blackburns-ford.muster", TRUE);
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

/* In a table's fire phase, selecting any counter (a gun with a long group
 * fire among its commands) leaves the board as wide as it was: the
 * sidebar's command buttons are cut short, not widened to their text. */
static void
test_table_long_commands (void)
{
  g_autofree char *path = source_path ("scenarios", "henry-house-hill-table.muster", NULL);
  const char *const lines[] = { "end-phase", "end-phase", "end-phase", NULL };
  MusterMatchPage *page = begin_match (path, lines);
  GtkWidget *board = GTK_WIDGET (muster_match_page_get_map_view (page));
  GArray *views = mu_match_get_counters (muster_game_get_match (muster_match_page_get_game (page)));
  int width = gtk_widget_get_width (board);
  guint with_commands = 0;

  g_assert_cmpint (width, >, 0);
  for (guint i = 0; i < views->len; i++)
    {
      const char *id = g_array_index (views, MuCounterView, i).id;
      g_autoptr(GPtrArray) actions = mu_match_legal_actions (muster_game_get_match (muster_match_page_get_game (page)), id);

      muster_match_page_select (page, id);
      flush_events ();
      with_commands += actions->len > 0 ? 1 : 0;
      g_assert_cmpint (gtk_widget_get_width (board), ==, width);
    }
  g_assert_cmpuint (with_commands, >, 0);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (page), GTK_TYPE_WINDOW)));
}

/* TS-AMB-85, TS-VIL-2: a battalion wholly inside a village block is one
 * counter at the block's centre. Hovering it names it, a click there
 * selects it, and its commands (the block's, as the engine lists them for
 * it) are buttons in the sidebar. */
static void
test_table_garrison (void)
{
  g_autofree char *path = source_path ("tests", "fixtures", "rules", "toy-soldiers", "ex04-village.muster", NULL);
  const char *const lines[] = { "end-phase", NULL };
  MusterMatchPage *page = begin_match (path, lines);
  MusterMapView *view = muster_match_page_get_map_view (page);
  const MuPiece *pieces;
  guint n_pieces;
  double x = -1, y = -1;
  int piece;
  MusterPick pick;
  g_autofree char *tip = NULL;

  pieces = muster_scene_get_pieces (muster_match_page_get_scene (page), &n_pieces);
  for (guint i = 0; i < n_pieces; i++)
    if (g_strcmp0 (pieces[i].counter->id, "v1") == 0)
      {
        MuPos at = mu_pos_from_point (pieces[i].pos.x, pieces[i].pos.y, -1);

        g_assert_cmpuint (pieces[i].n_stands, ==, 0);
        widget_point (page, &at, &x, &y);
      }
  g_assert_cmpfloat (x, >=, 0);
  tip = muster_map_view_describe_at (view, x, y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "<b>v1</b>"));
  g_assert_true (muster_map_view_pick (view, x, y, &pick, &piece));
  g_assert_cmpint (piece, >=, 0);
  g_assert_cmpstr (pieces[piece].counter->id, ==, "v1");
  muster_match_page_click_point (page, pick.table, pieces[piece].counter->id);
  g_assert_cmpstr (muster_match_page_get_selected (page), ==, "v1");
  g_assert_null (strstr (muster_match_page_get_hint (page), "nothing to do"));
  flush_events ();
  g_assert_nonnull (match_widgets_find_command (GTK_WIDGET (page), "match.command", "reorder barn"));
  destroy_all_windows ();
}

/* Counts what one command costs the board: the scene's changes and the
 * frames the window paints for it (printed, not checked: frames are the
 * frame clock's, a benchmark's business). */
typedef struct {
  guint changes;
  guint frames;
} Costs;

static void
on_count_change (MusterScene *scene,
                 guint        what,
                 Costs       *costs)
{
  costs->changes++;
}

static void
on_count_frame (GdkFrameClock *clock,
                Costs         *costs)
{
  costs->frames++;
}

static gboolean
on_settled (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the window draw what the last command changed: the main loop runs
 * until nothing is pending and a few frames' time has passed. */
static void
settle (void)
{
  gboolean done = FALSE;

  g_timeout_add (100, on_settled, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
}

/* A player's command reaches the board as one change of the scene, whatever
 * the page does after it (the selection's lists read again, the hint, the
 * command radius): the board computes once and redraws once. */
static void
test_one_change_a_command (void)
{
  g_autofree char *path = source_path ("scenarios", "first-manassas.muster", NULL);
  MusterMatchPage *page = begin_match (path, fm_union_moves);
  MusterScene *scene = muster_match_page_get_scene (page);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (muster_match_page_get_map_view (page)));
  GtkEventController *c = controller_named (GTK_WIDGET (muster_match_page_get_map_view (page)), "map-tool");
  MuPos from = mu_pos_from_hex (hex ("1410")), to = mu_pos_from_hex (hex ("1309"));
  Costs costs = { 0 };
  double x0, y0, x1, y1;

  muster_match_page_select (page, "sherman");
  settle ();
  shot (GTK_WIDGET (page), "fm-selected");
  g_signal_connect (scene, "changed", G_CALLBACK (on_count_change), &costs);
  g_signal_connect (clock, "paint", G_CALLBACK (on_count_frame), &costs);

  /* a drag of the selected counter: what it shows while it goes is the
   * drag's, the drop is the command */
  widget_point (page, &from, &x0, &y0);
  widget_point (page, &to, &x1, &y1);
  g_signal_emit_by_name (c, "drag-begin", x0, y0);
  g_signal_emit_by_name (c, "drag-update", x1 - x0, y1 - y0);
  settle ();
  costs = (Costs) { 0 };
  g_signal_emit_by_name (c, "drag-end", x1 - x0, y1 - y0);
  settle ();
  g_assert_true (mu_hex_equal (view_of (page, "sherman")->pos.hex, hex ("1309")));
  g_test_message ("a dropped move: %u scene changes, %u frames", costs.changes, costs.frames);
  g_assert_cmpuint (costs.changes, ==, 1);

  /* other counters' moves, as the sidebar plays them, the selection kept */
  for (guint i = 0; i < 2; i++)
    {
      MuMatch *match = muster_game_get_match (muster_match_page_get_game (page));
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);
      g_autofree char *line = NULL;

      for (guint k = 0; line == NULL && k < legal->len; k++)
        {
          const MuCommand *command = g_ptr_array_index (legal, k);

          if (g_str_equal (mu_command_get_verb (command), "move") &&
              g_strcmp0 (mu_command_word (command, 0), "sherman") != 0)
            line = mu_command_to_string (command);
        }
      g_assert_nonnull (line);
      costs = (Costs) { 0 };
      muster_match_page_play_line (page, line);
      settle ();
      g_test_message ("%s: %u scene changes, %u frames", line, costs.changes, costs.frames);
      g_assert_null (muster_match_page_get_refusal (page));
      g_assert_cmpstr (muster_match_page_get_selected (page), ==, "sherman");
      g_assert_cmpuint (costs.changes, ==, 1);
    }
  g_signal_handlers_disconnect_by_data (scene, &costs);
  g_signal_handlers_disconnect_by_data (clock, &costs);
  shot (GTK_WIDGET (page), "fm-moved");
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* GTK's test backend keeps the accessible properties for the checks */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/match-board/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();

  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/app/match-board/sight/BAA-LOS-1", test_sight);
  g_test_add_func ("/app/match-board/path-and-drag/BAA-MOV-1", test_path_and_drag);
  g_test_add_func ("/app/match-board/keyboard", test_keyboard);
  g_test_add_func ("/app/match-board/one-change-a-command", test_one_change_a_command);
  g_test_add_func ("/app/match-board/table/henry-house-hill", test_table_henry);
  g_test_add_func ("/app/match-board/table/blackburns-ford", test_table_blackburn);
  g_test_add_func ("/app/match-board/table/long-commands", test_table_long_commands);
  g_test_add_func ("/app/match-board/table/garrison/TS-VIL-2/TS-AMB-85", test_table_garrison);

  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
