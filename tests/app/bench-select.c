/* Benchmark: from selecting a counter on the match page to its highlights
 * set in the board's scene (the engine's legal moves and commands for it,
 * the pieces and highlights rebuilt), on First Manassas; and from hovering a
 * hex with a counter selected to its line of sight (or a destination's
 * path) traced in the scene.
 *
 * A program, not a test: it prints figures and asserts nothing about time.
 * Run it under a display: `meson test -C build --benchmark select`. The
 * positions are those the simulator reaches with --seed 5 after its first
 * K commands (a move phase of each side). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "mu-match.h"
#include "mu-scenario-xml.h"
#include "muster-match-page.h"

#define REPEATS 5

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static GPtrArray *
script (const char *scenario)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *dir = g_dir_make_tmp ("muster-bench-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "sim.muster-game", NULL);
  const char *argv[] = { cli, "simulate", scenario, "--seed", "5", "--save", saved, "-q", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) match = NULL;
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  int status;

  if (cli == NULL || !g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                                    NULL, NULL, &status, &error))
    return lines;
  match = mu_match_load_file (saved, &error);
  g_unlink (saved);
  g_rmdir (dir);
  for (guint i = 0; match && i < mu_match_get_commands (match)->len; i++)
    g_ptr_array_add (lines, mu_command_to_string (g_ptr_array_index (mu_match_get_commands (match), i)));
  return lines;
}

/* The counters of the side to act on the board. */
static GPtrArray *
acting_ids (MusterGame *game)
{
  const char *side = muster_game_get_awaited_side (game);
  GArray *views = mu_match_get_counters (muster_game_get_match (game));
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->side, side) == 0 && mu_status_has (v->status, MU_STATUS_IN_PLAY))
        g_ptr_array_add (ids, g_strdup (v->id));
    }
  return ids;
}

static void
measure (MusterMatchPage *page,
         const char      *label)
{
  MusterGame *game = muster_match_page_get_game (page);
  const char *side = muster_game_get_awaited_side (game);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) ids = acting_ids (game);
  guint highlighted = 0;
  double sum = 0;

  for (guint r = 0; r < REPEATS; r++)
    for (guint i = 0; i < ids->len; i++)
      {
        gint64 t0 = g_get_monotonic_time ();
        double ms;
        guint n;

        muster_match_page_select (page, g_ptr_array_index (ids, i));
        muster_scene_get_highlights (muster_match_page_get_scene (page), &n);
        ms = (g_get_monotonic_time () - t0) / 1000.0;
        g_array_append_val (times, ms);
        sum += ms;
        if (r == 0)
          highlighted += n;
        muster_match_page_select (page, NULL);
      }
  g_array_sort (times, compare_doubles);
  if (times->len == 0)
    return;
  printf ("%s (%s to act, %u counters, %u highlights): median %.2f ms, mean %.2f ms, max %.2f ms (%u selections)\n",
          label, side, ids->len, highlighted, g_array_index (times, double, times->len / 2),
          sum / times->len, g_array_index (times, double, times->len - 1), times->len);
}

/* Hovering hexes with a counter selected: the line of sight to each (or
 * the path and cost of a destination), traced into the scene. */
static void
measure_hover (MusterMatchPage *page,
               const char      *label)
{
  MusterGame *game = muster_match_page_get_game (page);
  const MuScenario *scenario = muster_game_get_scenario (game);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) ids = acting_ids (game);
  double sum = 0;
  guint traced = 0;

  /* the board is shown only once its player has taken it */
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  for (guint i = 0; i < ids->len; i++)
    {
      muster_match_page_select (page, g_ptr_array_index (ids, i));
      for (int col = 1; col <= scenario->hex_map->grid.cols; col += 3)
        for (int row = 1; row <= scenario->hex_map->grid.rows; row += 3)
          {
            gint64 t0 = g_get_monotonic_time ();
            double ms;

            MusterTrace trace;

            muster_match_page_hover_hex (page, (MuHex) { col, row });
            ms = (g_get_monotonic_time () - t0) / 1000.0;
            muster_scene_get_trace (muster_match_page_get_scene (page), &trace);
            traced += trace.kind != MUSTER_TRACE_NONE;
            g_array_append_val (times, ms);
            sum += ms;
          }
      muster_match_page_select (page, NULL);
    }
  g_array_sort (times, compare_doubles);
  if (times->len == 0)
    return;
  printf ("%s: hover (line of sight or path): median %.3f ms, mean %.3f ms, max %.2f ms (%u hovers, %u traced)\n",
          label, g_array_index (times, double, times->len / 2), sum / times->len,
          g_array_index (times, double, times->len - 1), times->len, traced);
}

int
main (int   argc,
      char *argv[])
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "scenarios", "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  GtkWidget *window, *page;
  static const guint stops[] = { 0, 2, 7, 16 };
  guint applied = 0;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!gtk_init_check ())
    {
      printf ("no display: nothing measured\n");
      return 0;
    }
  scenario = mu_scenario_load_file (path, NULL, &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  lines = script (path);
  game = muster_game_new_for_scenario (scenario, 5, &error);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  page = muster_match_page_new (game);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 20000 && gtk_widget_get_width (page) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);

  for (guint s = 0; s < G_N_ELEMENTS (stops); s++)
    {
      g_autofree char *label = NULL;
      MuPosition p;

      for (; applied < stops[s] && applied < lines->len; applied++)
        muster_game_apply_line (game, g_ptr_array_index (lines, applied), NULL);
      muster_game_get_position (game, &p);
      label = g_strdup_printf ("after %u commands, %s", applied, p.path ? p.path : "-");
      measure (MUSTER_MATCH_PAGE (page), label);
      measure_hover (MUSTER_MATCH_PAGE (page), label);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
