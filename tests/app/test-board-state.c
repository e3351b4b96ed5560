/* The match board shows what `muster-cli play --state` prints, after every
 * command of a played match: each counter on the board where the engine
 * has it (a table's stands as --stands prints them), with the markers of
 * its --state line and no other, on a hex board and on a table. Between
 * commands the page is used as a player would (a counter selected, the
 * pointer over the board), which asks the engine for its views again: the
 * board must not show markers of views the engine has since refilled. */
#include "config.h"

#include <math.h>

#include "app-test.h"
#include "mu-match.h"
#include "mu-policy.h"

/* Commands played per match: enough for several rounds, markers placed
 * and taken off, while the test stays quick. */
#define N_COMMANDS 90

static char *
scenario_path (const char *name)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return g_build_filename (root ? root : ".", "scenarios", name, NULL);
}

static MusterMatchPage *
begin_match (const char *file)
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));
  g_autofree char *path = scenario_path (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MusterGame) game = NULL;
  MusterMatchPage *page;

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_allocation (GTK_WIDGET (window));
  game = muster_game_new_for_scenario (scenario, 1, &error);
  g_assert_no_error (error);
  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  flush_events ();
  return page;
}

/* The value of `key=` among a line's words, or NULL. */
static const char *
field (char **words, const char *key)
{
  gsize n = strlen (key);

  for (guint i = 0; words[i]; i++)
    if (strncmp (words[i], key, n) == 0 && words[i][n] == '=')
      return words[i] + n + 1;
  return NULL;
}

/* The board against the --state --stands text, after command `step`. */
static void
check_board (MusterMatchPage *page,
             guint            step)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  const MuScenario *s = mu_match_get_scenario (m);
  g_autofree char *state = mu_match_format_state_full (m, NULL, MU_STATE_STANDS);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  guint n_pieces, n_on_board = 0, n_shown = 0;
  const MuPiece *pieces = muster_scene_get_pieces (muster_match_page_get_scene (page), &n_pieces);

  for (guint l = 0; lines[l]; l++)
    {
      g_auto(GStrv) words = g_strsplit (lines[l], " ", -1);
      const char *at, *markers, *status;
      const MuPiece *p = NULL;

      if (words[0] == NULL || words[1] == NULL ||
          !(g_str_equal (words[0], "unit") || g_str_equal (words[0], "command") ||
            g_str_equal (words[0], "control")))
        continue;
      at = field (words, "at");
      markers = field (words, "markers");
      status = field (words, "status");
      g_assert_nonnull (at);
      g_assert_nonnull (markers);
      for (guint i = 0; i < n_pieces && p == NULL; i++)
        if (g_strcmp0 (pieces[i].counter->id, words[1]) == 0)
          p = &pieces[i];
      if (g_str_equal (status, "active") && !g_str_equal (at, "-"))
        {
          n_on_board++;
          if (p == NULL)
            g_error ("after command %u: %s is on the board at %s but not drawn", step, words[1], at);
        }
      if (p == NULL)
        continue;
      n_shown++;
      /* the markers the board draws are those of its --state line */
      if (g_strcmp0 (p->markers && *p->markers ? p->markers : "-", markers) != 0)
        g_error ("after command %u: %s is drawn with markers “%s”, --state has “%s”", step, words[1],
                 p->markers ? p->markers : "", markers);
      if (g_str_equal (at, "-"))
        continue;
      if (s->board == MU_BOARD_HEX)
        {
          char label[32];

          mu_hex_format (&s->hex_map->grid, p->hex, label, sizeof label);
          if (!g_str_equal (label, at))
            g_error ("after command %u: %s is drawn at %s, --state has %s", step, words[1], label, at);
        }
      else
        {
          MuPos pose;
          g_auto(GStrv) stands = NULL;

          g_assert_true (mu_pos_parse (at, &pose));
          g_assert_cmpfloat (hypot (p->pos.x - pose.point.x, p->pos.y - pose.point.y), <=, 0.01);
          /* the next line: the stands it is drawn with */
          g_assert_nonnull (lines[l + 1]);
          stands = g_strsplit (lines[l + 1], " ", -1);
          g_assert_cmpstr (stands[0], ==, "stands");
          g_assert_cmpstr (stands[1], ==, words[1]);
          g_assert_cmpuint (g_strv_length (stands) - 2, ==, p->n_stands);
          for (guint k = 0; k < p->n_stands; k++)
            {
              MuPos c;

              g_assert_true (mu_pos_parse (stands[k + 2], &c));
              if (hypot (p->stands[k].centre.x - c.point.x, p->stands[k].centre.y - c.point.y) > 0.01)
                g_error ("after command %u: stand %u of %s is drawn at (%.2f, %.2f), --stands has %s", step,
                         k + 1, words[1], p->stands[k].centre.x, p->stands[k].centre.y, stands[k + 2]);
            }
        }
    }
  g_assert_cmpuint (n_on_board, >, 0);
  g_assert_cmpuint (n_shown, <=, n_pieces);
}

/* What a player does between commands: selects a counter of the side to
 * act and moves the pointer over the board, each of which reads the
 * engine's views again. */
static void
use_the_page (MusterMatchPage *page,
              guint            step)
{
  MuMatch *m = muster_game_get_match (muster_match_page_get_game (page));
  GArray *views = mu_match_get_counters (m);
  const char *side = mu_match_get_awaited (m);
  g_autofree char *id = NULL;

  for (guint i = step; i < step + views->len && id == NULL; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i % views->len);

      if (g_strcmp0 (v->side, side) == 0 && mu_status_has (v->status, MU_STATUS_IN_PLAY) && mu_pos_is_set (&v->pos))
        id = g_strdup (v->id);
    }
  if (id != NULL)
    muster_match_page_select (page, id);
  /* the pointer now and then: a line of sight or a dry run takes a while */
  if (step % 4 != 0)
    ;
  else if (mu_match_get_scenario (m)->board == MU_BOARD_TABLE)
    muster_match_page_hover_point (page, (MuPoint) { 2.0 + step % 20, 3.0 + step % 7 });
  else
    muster_match_page_hover_hex (page, (MuHex) { 2 + step % 8, 2 + step % 6 });
  muster_match_page_select (page, NULL);
  flush_events ();
}

static void
play_and_check (const char *file)
{
  MusterMatchPage *page = begin_match (file);
  MusterGame *game = muster_match_page_get_game (page);
  g_autoptr(MuDice) rng = mu_policy_rng_new (7);
  guint step;

  check_board (page, 0);
  for (step = 1; step <= N_COMMANDS && !mu_match_is_over (muster_game_get_match (game)); step++)
    {
      MuMatch *m = muster_game_get_match (game);
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);
      g_autofree char *line = NULL;

      g_assert_nonnull (c);
      line = mu_command_to_string (c);
      if (muster_match_page_get_handover_side (page) != NULL)
        muster_match_page_dismiss_handover (page);
      muster_match_page_play (page, c);
      flush_events ();
      g_assert_null (muster_match_page_get_refusal (page));
      use_the_page (page, step);
      check_board (page, step);
    }
  g_test_message ("%s: %u commands checked", file, step - 1);
  g_assert_cmpuint (step, >, 20);
  destroy_all_windows ();
}

static void
test_hex (void)
{
  play_and_check ("learning-blackburns-ford.muster");
}

static void
test_table (void)
{
  play_and_check ("learning-table-blackburns-ford.muster");
}

int
main (int argc, char **argv)
{
  gboolean display = app_test_init (&argc, &argv, "/app/board-state/no-display");

  if (display)
    {
      g_test_add_func ("/app/board-state/hex", test_hex);
      g_test_add_func ("/app/board-state/table", test_table);
    }
  return app_test_run (display);
}
