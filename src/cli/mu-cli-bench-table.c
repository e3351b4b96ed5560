/* mu-cli-bench-table.c: muster-cli bench table
 *
 * Builds a synthetic 72 x 48 inch table in memory with 300 terrain areas
 * (woods, hills of two levels, fields, buildings, rough ground, ...), 40
 * lines (roads, streams with fords, fences, crests) and 200 units of four
 * stands, and times the table engine's questions, printing one line each:
 *
 *   index   building the terrain index
 *   los     line of sight between two random units (TAB-16, every other
 *           unit a possible blocker), clear and blocked apart: a blocked
 *           line of sight tries all nine lines
 *   move    a move check: a straight move and a wheel against all 796
 *           stands of the other units (TAB-12), legal and refused apart: a
 *           refused move also searches for the first illegal point
 *
 * Medians of N queries over random pairs (a fixed seed), in milliseconds;
 * --cpu measures the thread's CPU time. With MU_BENCH_DEBUG=1 in the
 * environment each refused move prints why.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mu-cli-bench.h"
#include "mu-table-los.h"
#include "mu-table-move.h"


#define N_AREAS 300
#define N_LINES 40
#define N_UNITS 200
#define STANDS 4

static double
rnd (guint32 *s)
{
  *s = *s * 1664525u + 1013904223u;
  return (*s >> 8) / 16777216.0;
}

static MuTableMap *
synthetic_table (guint32 *seed)
{
  static const MuAreaKind kinds[] = {
    MU_AREA_WOODS, MU_AREA_WOODS, MU_AREA_HILL, MU_AREA_HILL, MU_AREA_FIELD, MU_AREA_FIELD,
    MU_AREA_SETTLEMENT, MU_AREA_ROUGH, MU_AREA_LIGHT_WOODS, MU_AREA_BUILDING, MU_AREA_MARSH,
    MU_AREA_BROKEN,
  };
  static const MuLineKind lkinds[] = {
    MU_LINE_ROAD, MU_LINE_STREAM, MU_LINE_FENCE, MU_LINE_CREST, MU_LINE_WALL,
  };
  MuTableMap *t = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");

  for (int i = 0; i < N_AREAS; i++)
    {
      MuArea *a = mu_area_new (kinds[i % G_N_ELEMENTS (kinds)]);
      MuPoint c = { rnd (seed) * 72, rnd (seed) * 48 };
      int n = 5 + (int) (rnd (seed) * 5);
      double r = a->kind == MU_AREA_BUILDING ? 0.4 : 1 + rnd (seed) * 3;

      a->id = g_strdup_printf ("a%d", i);
      a->level = a->kind == MU_AREA_HILL ? 1 + (i / 2) % 2 : 0;
      for (int k = 0; k < n; k++)
        {
          double ang = k * 2 * G_PI / n, rr = r * (0.6 + 0.4 * rnd (seed));
          MuPoint p = { c.x + rr * cos (ang), c.y + rr * sin (ang) };
          g_array_append_val (a->points, p);
        }
      g_ptr_array_add (t->areas, a);
    }
  for (int i = 0; i < N_LINES; i++)
    {
      MuPolyline *l = mu_polyline_new (lkinds[i % G_N_ELEMENTS (lkinds)]);
      MuPoint p = { rnd (seed) * 72, rnd (seed) * 48 };
      double dir = rnd (seed) * 2 * G_PI;

      l->id = g_strdup_printf ("l%d", i);
      for (int k = 0; k < 8; k++)
        {
          g_array_append_val (l->points, p);
          dir += (rnd (seed) - 0.5) * 0.8;
          p.x += 2.5 * cos (dir);
          p.y += 2.5 * sin (dir);
        }
      g_ptr_array_add (t->lines, l);
    }
  return t;
}

static void
report (const char *name, GArray *ms, const char *extra)
{
  double median, max, p99, sum = 0;

  if (ms->len == 0)
    {
      printf ("%s: no queries\n", name);
      return;
    }
  median = mu_cli_bench_sort_median (ms);
  max = g_array_index (ms, double, ms->len - 1);
  p99 = g_array_index (ms, double, ms->len * 99 / 100);
  for (guint i = 0; i < ms->len; i++)
    sum += g_array_index (ms, double, i);
  printf ("%s: %.4f ms median (mean %.4f, 99%% %.4f, max %.4f; %u queries)%s\n", name, median,
          sum / ms->len, p99, max, ms->len, extra ? extra : "");
}

static gboolean use_cpu_time;

/* Wall time, or with --cpu this thread's CPU time (steadier on a machine
 * shared with other jobs). */
static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (use_cpu_time ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int
mu_cli_bench_table (int argc, char **argv)
{
  int queries = 2000;
  guint32 seed = 12345;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MuTerrainIndex) ix = NULL;
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree MuStand *stands = NULL;
  g_autofree MuLosUnit *units = NULL;
  g_autofree MuStand *enemies = g_new (MuStand, N_UNITS * STANDS);
  g_auto(GStrv) unit_names = g_new0 (char *, N_UNITS + 1);
  g_autoptr(GArray) ms_ok = g_array_new (FALSE, FALSE, sizeof (double));
  MuTableMap *t;
  MuLosParams lp;
  MuMoveParams mp;
  guint n_clear = 0, n_legal = 0;

  (void) n_clear, (void) n_legal;
  GOptionEntry entries[] = {
    { "queries", 'n', 0, G_OPTION_ARG_INT, &queries, N_("Queries per measure (default 2000)"), "N" },
    { "cpu", 0, 0, G_OPTION_ARG_NONE, &use_cpu_time, N_("Measure CPU time instead of wall time"), NULL },
    { NULL },
  };

  context = g_option_context_new (_("table — time line of sight and move checks on a synthetic table"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 2 || strcmp (argv[1], "table") != 0)
    {
      mu_cli_error (_("usage: muster-cli bench table [--queries N] [--cpu]"));
      return 2;
    }
  queries = CLAMP (queries, 1, 1000000);

  t = synthetic_table (&seed);
  stands = g_new (MuStand, N_UNITS * STANDS);
  units = g_new (MuLosUnit, N_UNITS);
  /* Units in columns of two files (3.1 x 1.6 inches) on a 20 x 10 grid of
   * 3.6 x 4.8 inch places, facing up or down the table, so none overlap. */
  for (int u = 0; u < N_UNITS; u++)
    {
      gboolean down = rnd (&seed) < 0.5;
      MuPoint a = { 1.8 + (u % 20) * 3.6,
                    2.4 + (u / 20) * 4.8 + (down ? 0.8 : -0.8) };

      mu_stands_layout (mu_formation_shape_default (MU_FORMATION_COLUMN), STANDS, 40 / 25.4, 20 / 25.4,
                        a, down ? 180 : 0, &stands[u * STANDS], STANDS);
      unit_names[u] = g_strdup_printf ("u%d", u);
      units[u] = (MuLosUnit) { unit_names[u], &stands[u * STANDS], STANDS, u % 10 == 0 };
    }

  {
    gint64 t0 = now_ns ();

    for (int i = 0; i < 20; i++)
      {
        MuTerrainIndex *tmp = mu_terrain_index_new (t);
        mu_terrain_index_free (tmp);
      }
    double dt = (double) (now_ns () - t0) / 1e6 / 20;

    g_array_append_val (ms, dt);
    ix = mu_terrain_index_new (t);
    report ("index", ms, NULL);
  }

  mu_los_params_init (&lp, MU_UNIT_INCH);
  g_array_set_size (ms, 0);
  g_array_set_size (ms_ok, 0);
  for (int q = 0; q < queries; q++)
    {
      int a = (int) (rnd (&seed) * N_UNITS), b = (a + 1 + (int) (rnd (&seed) * (N_UNITS - 1))) % N_UNITS;
      MuLosResult r;
      gint64 t0 = now_ns ();
      double dt;

      mu_table_los (ix, &lp, units[a].stands, STANDS, units[b].stands, STANDS, units, N_UNITS, &r);
      dt = (now_ns () - t0) / 1e6;
      g_array_append_val (r.clear ? ms_ok : ms, dt);
      n_clear += r.clear;
    }
  report ("los (clear)", ms_ok, NULL);
  report ("los (blocked)", ms, NULL);

  mu_move_params_init (&mp);
  mp.allowance = 12;
  mp.area_cost[MU_AREA_WOODS] = 2;
  mp.area_cost[MU_AREA_ROUGH] = 2;
  mp.area_cost[MU_AREA_MARSH] = 2;
  mp.area_impassable[MU_AREA_BUILDING] = TRUE;
  mp.line_allowance[MU_LINE_ROAD] = 18;
  mp.crossing_factor[MU_LINE_FENCE] = 0.5;
  g_array_set_size (ms, 0);
  g_array_set_size (ms_ok, 0);
  for (int q = 0; q < queries; q++)
    {
      int a = (int) (rnd (&seed) * N_UNITS);
      const MuStand *s = &stands[a * STANDS];
      MuMoveUnit mu = { mu_formation_shape_default (MU_FORMATION_COLUMN), STANDS, s[0].width, s[0].depth,
                        mu_stands_anchor (s, STANDS), s[0].facing };
      MuPoint f = mu_facing_vector (mu.facing);
      /* ahead into the gap before the next row, then a small wheel; now and
       * then farther, into the next row's stands */
      double go = rnd (&seed) < 0.8 ? 1.2 : 4.0;
      MuMoveStep steps[2] = {
        { MU_STEP_MOVE, { mu.anchor.x + go * f.x, mu.anchor.y + go * f.y }, 0 },
        { MU_STEP_WHEEL, { 0, 0 }, rnd (&seed) < 0.5 ? 5 : -5 },
      };
      MuMoveResult r;
      gint64 t0;
      double dt;

      /* every other unit's stands are in the way */
      memcpy (enemies, stands, sizeof (MuStand) * a * STANDS);
      memcpy (enemies + a * STANDS, stands + (a + 1) * STANDS, sizeof (MuStand) * (N_UNITS - a - 1) * STANDS);
      t0 = now_ns ();
      mu_table_move_check (ix, &mp, &mu, steps, 2, enemies, (N_UNITS - 1) * STANDS, &r);
      dt = (now_ns () - t0) / 1e6;
      g_array_append_val (r.legal ? ms_ok : ms, dt);
      n_legal += r.legal;
      if (g_getenv ("MU_BENCH_DEBUG") && !r.legal)
        printf ("%s (%s) cost %.2f of %.2f\n", r.reason, r.rule, r.cost, r.allowance);
      mu_move_result_clear (&r);
    }
  report ("move (legal)", ms_ok, NULL);
  report ("move (refused)", ms, NULL);
  mu_table_map_free (t);
  return 0;
}
