/* mu-cli-bench-data.c: muster-cli bench load and bench undo
 *
 * Both build their input in memory from a seed, so anyone can repeat the
 * figures:
 *
 *   load  a synthetic scenario (default 300 x 300 hexes, 55 % of the hexes
 *         with features, a third of the hexsides with features, 5,000
 *         counters) is saved to memory and loaded and checked again, as a
 *         file is opened. --growth loads a quarter and a half of the board
 *         area too, to show how the time grows with the file.
 *   undo  an editing session on a synthetic board (default 250 x 250 hexes,
 *         1,000 counters): 500 edits (brush strokes, features, hexsides,
 *         elevation, counter moves and values), then undo and redo of all of
 *         them. Prints the memory the undo history holds (the heap's growth)
 *         and the time of an edit, whose bookkeeping dominates it.
 *
 * Times are the thread's CPU time (steadier than wall time on a shared
 * machine) unless --wall is given.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mu-cli-bench.h"
#include "mu-edit.h"
#include "mu-scenario-xml.h"

/* Timing ------------------------------------------------------------------------------------ */


/* Bytes the heap holds (small blocks and mmapped large ones). */
static double
heap_bytes (void)
{
  struct mallinfo2 mi = mallinfo2 ();

  return (double) mi.uordblks + (double) mi.hblkhd;
}

/* Synthetic scenario ------------------------------------------------------------------------- */


/* Counts a unit into the hex *at of its side's half of the board, or the next
 * hex there (row by row, wrapping) with fewer than two; FALSE when the half is full. */
static gboolean
take_room (guint8 *units_at,
           int     cols,
           int     rows,
           int     side,
           MuHex  *at)
{
  int row0 = side ? rows / 2 + 1 : 1, n_rows = side ? rows - rows / 2 : rows / 2;
  gsize n = (gsize) cols * n_rows;
  gsize start = (gsize) (at->row - row0) * cols + (at->col - 1);

  for (gsize k = 0; k < n; k++)
    {
      gsize i = (start + k) % n;
      guint8 *count = &units_at[(gsize) (row0 - 1) * cols + i];

      if (*count < 2)
        {
          (*count)++;
          at->col = (int) (i % cols) + 1;
          at->row = row0 + (int) (i / cols);
          return TRUE;
        }
    }
  return FALSE;
}

/* Also the generated battle of bench engine (mu-cli-bench-engine.c). */
MuScenario *
mu_cli_bench_synthetic (int      cols,
                    int      rows,
                    int      n_counters,
                    double   hex_share,
                    double   side_share,
                    guint32  seed)
{
  static const MuTerrain terrains[] = {
    MU_TERRAIN_OPEN, MU_TERRAIN_OPEN, MU_TERRAIN_OPEN, MU_TERRAIN_WOODLAND, MU_TERRAIN_FIELDS,
    MU_TERRAIN_ROUGH, MU_TERRAIN_MARSH, MU_TERRAIN_SETTLEMENT,
  };
  static const guint hex_features[] = {
    MU_HEX_FEATURE_BUILDINGS, MU_HEX_FEATURE_FORTIFICATION, MU_HEX_FEATURE_PREPARED_DEFENCE,
    MU_HEX_FEATURE_BUILDINGS | MU_HEX_FEATURE_PREPARED_DEFENCE,
  };
  static const guint side_features[] = {
    MU_SIDE_HEDGE, MU_SIDE_WALL, MU_SIDE_FORTIFICATION, MU_SIDE_STREAM,
    MU_SIDE_STREAM | MU_SIDE_FORD,
  };
  MuScenario *s = mu_scenario_new_hex ("baa-hex", cols, rows, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MuHexMap *map = s->hex_map;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  int per_side = n_counters / 2;

  g_free (s->title);
  s->title = g_strdup_printf ("Benchmark (synthetic %d × %d board, %d counters)", cols, rows, n_counters);
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb4b4b4));

  for (int row = 1; row <= rows; row++)
    for (int col = 1; col <= cols; col++)
      {
        MuHexCell *cell = mu_hex_map_cell (map, (MuHex) { col, row });

        /* Runs of terrain, as real maps have. */
        if (col == 1 || g_rand_int_range (rand, 0, 4) == 0)
          cell->terrain = terrains[g_rand_int_range (rand, 0, G_N_ELEMENTS (terrains))];
        else
          cell->terrain = mu_hex_map_cell (map, (MuHex) { col - 1, row })->terrain;
        cell->elevation = (gint8) ((col / 7 + row / 9) % 6);
        if (g_rand_double (rand) < hex_share)
          cell->features = hex_features[g_rand_int_range (rand, 0, G_N_ELEMENTS (hex_features))];
        for (int d = 0; d < 3; d++)
          if (g_rand_double (rand) < side_share)
            mu_hex_map_set_side (map, (MuHex) { col, row }, d,
                                 side_features[g_rand_int_range (rand, 0, G_N_ELEMENTS (side_features))]);
      }

  /* Per side: 5 control and 20 command counters, the rest units, on its half
   * of the board at most two units to a hex (BAA-STK-1: a scenario starting
   * three is refused); units the half has no room for are left unplaced. */
  g_autofree guint8 *units_at = g_new0 (guint8, (gsize) cols * rows);

  for (int side = 0; side < 2 && per_side >= 25; side++)
    for (int i = 0; i < per_side; i++)
      {
        g_autofree char *id = g_strdup_printf ("%s%d", side ? "c" : "u", i);
        MuCounterKind kind = i < 5 ? MU_COUNTER_CONTROL : i < 25 ? MU_COUNTER_COMMAND : MU_COUNTER_UNIT;
        MuCounter *c = mu_counter_new (kind, id, side ? "csa" : "usa");
        int r = g_rand_int_range (rand, 0, 100);
        int attack, leadership;

        c->name = g_strdup_printf ("%s %d", side ? "Brig." : "Col.", i);
        /* drawn for every counter, so that the matches stay those measured before */
        leadership = g_rand_int_range (rand, 1, 7);
        if (kind != MU_COUNTER_UNIT)
          mu_counter_set_int (c, "leadership", leadership);
        if (kind == MU_COUNTER_CONTROL && i == 0)
          mu_values_set (&c->values, "star", "true");
        if (kind == MU_COUNTER_COMMAND && r < 15)
          mu_values_set (&c->values, "exceptional", "true");
        if (kind == MU_COUNTER_COMMAND)
          mu_counter_set_int (c, "division", i - 4);
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "identity", 1 + i % 20);
        c->arm = r < 75 ? MU_ARM_INFANTRY : r < 88 ? MU_ARM_ARTILLERY : MU_ARM_CAVALRY;
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "range", c->arm == MU_ARM_ARTILLERY ? 3 : c->arm == MU_ARM_CAVALRY ? 1 : 2);
        /* drawn for every counter, so that the matches stay those measured before */
        attack = g_rand_int_range (rand, 3, 6);
        if (kind == MU_COUNTER_UNIT)
          mu_counter_set_int (c, "attack", attack);
        c->strength = g_rand_int_range (rand, 2, 7);
        c->place.kind = MU_PLACE_HEX;
        c->place.hex = (MuHex) { g_rand_int_range (rand, 1, cols + 1),
                                 side ? g_rand_int_range (rand, rows / 2 + 1, rows + 1)
                                      : g_rand_int_range (rand, 1, rows / 2 + 1) };
        if (kind == MU_COUNTER_UNIT && !take_room (units_at, cols, rows, side, &c->place.hex))
          c->place.kind = MU_PLACE_NONE;
        g_ptr_array_add (s->counters, c);
      }
  return s;
}

/* bench load ----------------------------------------------------------------------------------- */

static int
bench_load_once (int         cols,
                 int         rows,
                 int         n_counters,
                 int         runs,
                 gboolean    wall,
                 const char *save_path)
{
  g_autoptr(MuScenario) s = mu_cli_bench_synthetic (cols, rows, n_counters, 0.55, 0.37, 1861);
  g_autofree char *data = NULL;
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  gsize length = 0;
  guint n_hex = 0, n_side = 0;
  double med;

  for (int i = 0; i < cols * rows; i++)
    n_hex += s->hex_map->cells[i].features != 0;
  for (int i = 0; i < (cols + 2) * (rows + 2) * 3; i++)
    n_side += s->hex_map->sides[i] != 0;
  data = mu_scenario_save_to_data (s, &length);
  if (save_path && !g_file_set_contents (save_path, data, (gssize) length, NULL))
    {
      mu_cli_error (_("cannot write %s"), save_path);
      return 1;
    }

  for (int r = 0; r < runs; r++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) loaded = NULL;
      gint64 t0 = mu_cli_bench_clock_us (!wall);
      double t;

      loaded = mu_scenario_load_data (data, length, "bench.muster", problems, &error);
      t = (mu_cli_bench_clock_us (!wall) - t0) / 1000.0;
      if (loaded == NULL)
        {
          for (guint i = 0; i < problems->len && i < 5; i++)
            {
              g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));
              mu_cli_error ("%s", line);
            }
          mu_cli_error ("%s", error->message);
          return 1;
        }
      g_array_append_val (ms, t);
    }
  med = mu_cli_bench_sort_median (ms);
  printf ("load %d×%d, %.1f MB, %u <hex>, %u <hexside>, %d counters: %.1f ms (min %.1f, max %.1f, %u runs), %.1f ms per MB\n",
          cols, rows, length / 1e6, n_hex, n_side, n_counters, med,
          g_array_index (ms, double, 0), g_array_index (ms, double, ms->len - 1), ms->len,
          med / (length / 1e6));
  fflush (stdout);
  return 0;
}


int
mu_cli_bench_load (int argc, char **argv)
{
  int cols = 300, rows = 300, counters = 5000, runs = 3;
  gboolean wall = FALSE, growth = FALSE;
  g_autofree char *save_path = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, N_("Board columns (default 300)"), "N" },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Board rows (default 300)"), "N" },
    { "counters", 0, 0, G_OPTION_ARG_INT, &counters, N_("Counters (default 5000)"), "N" },
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, N_("Loads per measure (default 3)"), "N" },
    { "growth", 0, 0, G_OPTION_ARG_NONE, &growth, N_("Also load a quarter and a half of the board area"), NULL },
    { "wall", 0, 0, G_OPTION_ARG_NONE, &wall, N_("Measure wall time instead of CPU time"), NULL },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_path, N_("Also write the scenario to FILE"), "FILE" },
    { NULL },
  };

  context = g_option_context_new (_("load — time loading and checking a large synthetic scenario"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 1)
    {
      mu_cli_error (_("usage: muster-cli bench load [--cols N] [--rows N] [--counters N] [--runs N] [--growth] [--wall] [--save FILE]"));
      return 2;
    }
  cols = CLAMP (cols, 10, 999);
  rows = CLAMP (rows, 10, 999);
  counters = CLAMP (counters, 0, 100000);
  runs = CLAMP (runs, 1, 1000);
  if (growth)
    for (int k = 4; k >= 2; k /= 2)
      {
        /* A quarter, then a half of the area, and as many counters per hex. */
        double f = sqrt (1.0 / k);
        int c = MAX (10, (int) lround (cols * f)), r = MAX (10, (int) lround (rows * f));

        if (bench_load_once (c, r, counters / k, runs, wall, NULL) != 0)
          return 1;
      }
  return bench_load_once (cols, rows, counters, runs, wall, save_path);
}

/* bench undo ----------------------------------------------------------------------------------- */

static MuHex
any_hex (GRand *rand, const MuHexGrid *grid)
{
  return (MuHex) { g_rand_int_range (rand, 1, grid->cols + 1), g_rand_int_range (rand, 1, grid->rows + 1) };
}

/* One edit of a varied session; returns whether it changed the model. */
static gboolean
some_edit (MuEditHistory *history,
           GRand         *rand,
           int            i)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  const MuHexGrid *grid = &s->hex_map->grid;
  MuHex h = any_hex (rand, grid);
  g_autoptr(GError) error = NULL;
  int kind = i % 6;

  if (s->counters->len == 0 && kind >= 4)
    kind -= 4;
  switch (kind)
    {
    case 0:
      return mu_edit_paint_brush (history, h, MU_BRUSH_7, (MuTerrain) g_rand_int_range (rand, 0, 6), &error);
    case 1:
      {
        guint f = g_rand_boolean (rand) ? MU_HEX_FEATURE_BUILDINGS : MU_HEX_FEATURE_FORTIFICATION;

        return mu_edit_set_hex_features (history, &h, 1, f, TRUE, &error);
      }
    case 2:
      return mu_edit_set_side_features (history, h, g_rand_int_range (rand, 0, 6),
                                        g_rand_boolean (rand) ? MU_SIDE_HEDGE : MU_SIDE_WALL, TRUE, &error);
    case 3:
      {
        g_autoptr(GArray) hexes = mu_edit_brush_hexes (grid, h, MU_BRUSH_19);

        return mu_edit_change_elevation (history, (const MuHex *) hexes->data, hexes->len,
                                         g_rand_boolean (rand) ? 1 : -1, &error);
      }
    case 4:
      {
        const MuCounter *c = g_ptr_array_index (s->counters, g_rand_int_range (rand, 0, s->counters->len));

        return mu_edit_place_counter_hex (history, c->id, h, &error);
      }
    default:
      {
        const MuCounter *c = g_ptr_array_index (s->counters, g_rand_int_range (rand, 0, s->counters->len));

        if (c->kind != MU_COUNTER_UNIT)
          return mu_edit_set_counter_name (history, c->id, g_rand_boolean (rand) ? "Renamed" : "Other", &error);
        return mu_edit_set_counter_number (history, c->id, "strength",
                                           g_rand_int_range (rand, 1, 9), &error);
      }
    }
}

static int
bench_undo_once (int      cols,
                 int      rows,
                 int      n_counters,
                 int      steps,
                 gboolean wall)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1863);
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(MuEditHistory) history = NULL;
  MuScenario *s = mu_cli_bench_synthetic (cols, rows, n_counters, 0.1, 0.05, 1862);
  double heap0, heap1, med, undo_ms, redo_ms;
  gint64 t0;
  guint n_undo;

  history = mu_edit_history_new (s);
  mu_edit_history_set_max_steps (history, steps);
  malloc_trim (0);
  heap0 = heap_bytes ();
  for (int i = 0; (int) ms->len < steps && i < steps * 4; i++)
    {
      gint64 e0 = mu_cli_bench_clock_us (!wall);
      gboolean changed = some_edit (history, rand, i);
      double t = (mu_cli_bench_clock_us (!wall) - e0) / 1000.0;

      if (changed)
        g_array_append_val (ms, t);
    }
  heap1 = heap_bytes ();
  n_undo = mu_edit_history_get_n_undo (history);
  t0 = mu_cli_bench_clock_us (!wall);
  while (mu_edit_history_undo (history))
    ;
  undo_ms = (mu_cli_bench_clock_us (!wall) - t0) / 1000.0;
  t0 = mu_cli_bench_clock_us (!wall);
  while (mu_edit_history_redo (history))
    ;
  redo_ms = (mu_cli_bench_clock_us (!wall) - t0) / 1000.0;
  med = mu_cli_bench_sort_median (ms);
  printf ("undo %d×%d, %d counters, %u steps: history %.2f MB; edit %.3f ms (min %.3f, max %.3f); "
          "undo all %.1f ms, redo all %.1f ms\n",
          cols, rows, n_counters, n_undo, (heap1 - heap0) / (1024.0 * 1024.0), med,
          ms->len ? g_array_index (ms, double, 0) : 0.0, ms->len ? g_array_index (ms, double, ms->len - 1) : 0.0,
          undo_ms, redo_ms);
  fflush (stdout);
  return 0;
}


int
mu_cli_bench_undo (int argc, char **argv)
{
  int cols = 0, rows = 0, counters = -1, steps = 500;
  gboolean wall = FALSE;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, N_("Board columns (default: 250, then 999)"), "N" },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Board rows (default: 250, then 999)"), "N" },
    { "counters", 0, 0, G_OPTION_ARG_INT, &counters, N_("Counters (default: 1000, then none)"), "N" },
    { "steps", 'n', 0, G_OPTION_ARG_INT, &steps, N_("Edits (default 500, the history's limit)"), "N" },
    { "wall", 0, 0, G_OPTION_ARG_NONE, &wall, N_("Measure wall time instead of CPU time"), NULL },
    { NULL },
  };

  context = g_option_context_new (_("undo — time edits and measure the undo history's memory"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 1)
    {
      mu_cli_error (_("usage: muster-cli bench undo [--cols N] [--rows N] [--counters N] [--steps N] [--wall]"));
      return 2;
    }
  steps = CLAMP (steps, 1, 100000);
  if (cols == 0 && rows == 0 && counters < 0)
    {
      /* The two cases of the goals: a big battle, and the largest board. */
      if (bench_undo_once (250, 250, 1000, steps, wall) != 0)
        return 1;
      return bench_undo_once (999, 999, 0, steps, wall);
    }
  return bench_undo_once (CLAMP (cols ? cols : 250, 10, 999), CLAMP (rows ? rows : 250, 10, 999),
                          CLAMP (counters < 0 ? 1000 : counters, 0, 100000), steps, wall);
}
