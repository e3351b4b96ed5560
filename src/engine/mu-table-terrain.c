#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-terrain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mu-table-geom.h"

#define GRID_MAX 64
/* At most this many areas and lines together, queries test every box. */
#define FEW_ITEMS 48

typedef struct {
  double x0, y0, x1, y1;
} Box;

struct _MuTerrainIndex {
  const MuTableMap *table;
  double ox, oy, cell;   /* grid origin and cell size */
  int cols, rows;
  GArray **area_cells;   /* per cell: guint area indices */
  GArray **line_cells;   /* per cell: guint line indices */
  Box *area_box;
  Box *line_box;
  guint *area_stamp, *line_stamp, stamp;
};

static Box
points_box (const GArray *points, double pad)
{
  Box b = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  for (guint i = 0; i < points->len; i++)
    {
      MuPoint p = g_array_index (points, MuPoint, i);
      b.x0 = MIN (b.x0, p.x - pad), b.y0 = MIN (b.y0, p.y - pad);
      b.x1 = MAX (b.x1, p.x + pad), b.y1 = MAX (b.y1, p.y + pad);
    }
  return b;
}

static void
cell_range (const MuTerrainIndex *ix, Box b, int *c0, int *r0, int *c1, int *r1)
{
  *c0 = CLAMP ((int) floor ((b.x0 - ix->ox) / ix->cell), 0, ix->cols - 1);
  *r0 = CLAMP ((int) floor ((b.y0 - ix->oy) / ix->cell), 0, ix->rows - 1);
  *c1 = CLAMP ((int) floor ((b.x1 - ix->ox) / ix->cell), 0, ix->cols - 1);
  *r1 = CLAMP ((int) floor ((b.y1 - ix->oy) / ix->cell), 0, ix->rows - 1);
}

double
mu_terrain_line_width (const MuTableMap *table,
                       const MuPolyline *line)
{
  double inch = table->unit == MU_UNIT_CM ? 2.54 : 1.0;

  if (line->width > 0)
    return line->width;
  /* The renderer's defaults, in inches. */
  switch (line->kind)
    {
    case MU_LINE_ROAD: return 0.5 * inch;
    case MU_LINE_TURNPIKE: return 0.75 * inch;
    case MU_LINE_RAILROAD: return 0.5 * inch;
    case MU_LINE_STREAM: return 0.4 * inch;
    case MU_LINE_RIVER: return 1.5 * inch;
    case MU_LINE_FENCE: return 0.12 * inch;
    case MU_LINE_WALL: return 0.25 * inch;
    case MU_LINE_HEDGE: return 0.35 * inch;
    case MU_LINE_DEFENCE_WORKS: return 0.45 * inch;
    case MU_LINE_FORD:
    case MU_LINE_BRIDGE: return 0.5 * inch;
    case MU_LINE_IMPASSABLE: return 0.3 * inch;
    case MU_LINE_CREST: return 0.12 * inch;
    default: return 0.3 * inch;
    }
}

MuTerrainIndex *
mu_terrain_index_new (const MuTableMap *table)
{
  MuTerrainIndex *ix;
  Box all = { 0, 0, 0, 0 };
  guint n_cells;

  g_return_val_if_fail (table != NULL, NULL);

  ix = g_new0 (MuTerrainIndex, 1);
  ix->table = table;
  all.x1 = MAX (table->width, 1.0);
  all.y1 = MAX (table->height, 1.0);
  ix->area_box = g_new (Box, MAX (table->areas->len, 1));
  ix->line_box = g_new (Box, MAX (table->lines->len, 1));
  for (guint i = 0; i < table->areas->len; i++)
    ix->area_box[i] = points_box (((const MuArea *) g_ptr_array_index (table->areas, i))->points, 0);
  for (guint i = 0; i < table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (table->lines, i);
      ix->line_box[i] = points_box (l->points, mu_terrain_line_width (table, l) / 2);
    }
  /* The grid covers the table; what lies beyond it falls in the border cells. */
  ix->cell = MAX (all.x1, all.y1) / GRID_MAX;
  ix->ox = 0;
  ix->oy = 0;
  ix->cols = MAX (1, (int) ceil (all.x1 / ix->cell));
  ix->rows = MAX (1, (int) ceil (all.y1 / ix->cell));
  n_cells = (guint) (ix->cols * ix->rows);
  ix->area_cells = g_new0 (GArray *, n_cells);
  ix->line_cells = g_new0 (GArray *, n_cells);
  for (int pass = 0; pass < 2; pass++)
    {
      GPtrArray *items = pass == 0 ? table->areas : table->lines;
      GArray **cells = pass == 0 ? ix->area_cells : ix->line_cells;
      Box *boxes = pass == 0 ? ix->area_box : ix->line_box;

      for (guint i = 0; i < items->len; i++)
        {
          int c0, r0, c1, r1;

          if (boxes[i].x0 > boxes[i].x1)
            continue;   /* no points */
          cell_range (ix, boxes[i], &c0, &r0, &c1, &r1);
          for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++)
              {
                GArray **cell = &cells[r * ix->cols + c];

                if (*cell == NULL)
                  *cell = g_array_new (FALSE, FALSE, sizeof (guint));
                g_array_append_val (*cell, i);
              }
        }
    }
  ix->area_stamp = g_new0 (guint, MAX (table->areas->len, 1));
  ix->line_stamp = g_new0 (guint, MAX (table->lines->len, 1));
  return ix;
}

void
mu_terrain_index_free (MuTerrainIndex *ix)
{
  if (ix == NULL)
    return;
  for (int i = 0; i < ix->cols * ix->rows; i++)
    {
      if (ix->area_cells[i])
        g_array_unref (ix->area_cells[i]);
      if (ix->line_cells[i])
        g_array_unref (ix->line_cells[i]);
    }
  g_free (ix->area_cells);
  g_free (ix->line_cells);
  g_free (ix->area_box);
  g_free (ix->line_box);
  g_free (ix->area_stamp);
  g_free (ix->line_stamp);
  g_free (ix);
}

const MuTableMap *
mu_terrain_index_table (const MuTerrainIndex *ix)
{
  g_return_val_if_fail (ix != NULL, NULL);
  return ix->table;
}

static int
cmp_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

guint
mu_terrain_areas_at (MuTerrainIndex *ix,
                     MuPoint         p,
                     guint          *out,
                     guint           max)
{
  int c, r;
  GArray *cell;
  guint n = 0;

  g_return_val_if_fail (ix != NULL, 0);

  c = CLAMP ((int) floor ((p.x - ix->ox) / ix->cell), 0, ix->cols - 1);
  r = CLAMP ((int) floor ((p.y - ix->oy) / ix->cell), 0, ix->rows - 1);
  cell = ix->area_cells[r * ix->cols + c];
  if (cell == NULL)
    return 0;
  /* A cell's indices are in file order: areas were added in order. */
  for (guint i = 0; i < cell->len; i++)
    {
      guint a = g_array_index (cell, guint, i);
      const MuArea *area = g_ptr_array_index (ix->table->areas, a);
      Box b = ix->area_box[a];

      if (p.x < b.x0 || p.x > b.x1 || p.y < b.y0 || p.y > b.y1)
        continue;
      if (mu_polygon_contains ((const MuPoint *) area->points->data, area->points->len, p))
        {
          if (n < max && out)
            out[n] = a;
          n++;
        }
    }
  return n;
}

static gboolean
segment_meets_box (MuPoint a, MuPoint b, Box box)
{
  MuPoint q[4] = { { box.x0, box.y0 }, { box.x1, box.y0 }, { box.x1, box.y1 }, { box.x0, box.y1 } };

  if (MAX (a.x, b.x) < box.x0 || MIN (a.x, b.x) > box.x1 ||
      MAX (a.y, b.y) < box.y0 || MIN (a.y, b.y) > box.y1)
    return FALSE;
  /* a point within the bounds (the moves' swept hulls ask about a point
   * with a margin) or a flat box: nothing more to test */
  if ((a.x == b.x && a.y == b.y) || box.x1 - box.x0 <= 0 || box.y1 - box.y0 <= 0)
    return TRUE;
  /* a starts strictly inside: mu_convex_meets_segment would find it so
   * (the even-odd test of a point inside an axis-aligned box meets its
   * right edge exactly once), without the separating axes */
  if (a.x > box.x0 && a.x < box.x1 && a.y > box.y0 && a.y < box.y1)
    return TRUE;
  return mu_convex_meets_segment (q, 4, a, b) || mu_segment_point_distance (a, b, q[0]) == 0;
}

void
mu_terrain_candidates (MuTerrainIndex *ix,
                       MuPoint         a,
                       MuPoint         b,
                       double          margin,
                       GArray         *areas,
                       GArray         *lines)
{
  Box sb = { MIN (a.x, b.x) - margin, MIN (a.y, b.y) - margin, MAX (a.x, b.x) + margin,
             MAX (a.y, b.y) + margin };
  double half = ix->cell * 0.7072 + margin;
  int c0, r0, c1, r1;

  g_return_if_fail (ix != NULL);

  if (areas)
    g_array_set_size (areas, 0);
  if (lines)
    g_array_set_size (lines, 0);
  if (++ix->stamp == 0)
    {
      /* The stamp wrapped round: forget every mark. */
      memset (ix->area_stamp, 0, sizeof (guint) * MAX (ix->table->areas->len, 1));
      memset (ix->line_stamp, 0, sizeof (guint) * MAX (ix->table->lines->len, 1));
      ix->stamp = 1;
    }
  if (ix->table->areas->len + ix->table->lines->len <= FEW_ITEMS)
    {
      /* A table of few areas and lines (a shipped battle has about twenty):
       * each box once costs less than walking the cells the segment crosses,
       * and gives them in file order. The moves ask this for every stand at
       * every step they check. */
      for (int pass = 0; pass < 2; pass++)
        {
          GArray *out = pass == 0 ? areas : lines;
          const Box *boxes = pass == 0 ? ix->area_box : ix->line_box;
          guint n = pass == 0 ? ix->table->areas->len : ix->table->lines->len;

          for (guint k = 0; out && k < n; k++)
            {
              Box bx = boxes[k];

              if (bx.x0 > bx.x1)
                continue;   /* no points: in no cell */
              bx.x0 -= margin, bx.y0 -= margin, bx.x1 += margin, bx.y1 += margin;
              if (segment_meets_box (a, b, bx))
                g_array_append_val (out, k);
            }
        }
      return;
    }
  cell_range (ix, sb, &c0, &r0, &c1, &r1);
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      {
        MuPoint centre = { ix->ox + (c + 0.5) * ix->cell, ix->oy + (r + 0.5) * ix->cell };
        gboolean border = c == 0 || r == 0 || c == ix->cols - 1 || r == ix->rows - 1;

        /* Only the cells the segment passes through (border cells hold what
         * lies beyond the table too). */
        if (!border && mu_segment_point_distance (a, b, centre) > half)
          continue;
        for (int pass = 0; pass < 2; pass++)
          {
            GArray *out = pass == 0 ? areas : lines;
            GArray *cell = pass == 0 ? ix->area_cells[r * ix->cols + c] : ix->line_cells[r * ix->cols + c];
            guint *stamp = pass == 0 ? ix->area_stamp : ix->line_stamp;
            const Box *boxes = pass == 0 ? ix->area_box : ix->line_box;

            if (out == NULL || cell == NULL)
              continue;
            for (guint i = 0; i < cell->len; i++)
              {
                guint k = g_array_index (cell, guint, i);
                Box bx = boxes[k];

                if (stamp[k] == ix->stamp)
                  continue;
                stamp[k] = ix->stamp;
                bx.x0 -= margin, bx.y0 -= margin, bx.x1 += margin, bx.y1 += margin;
                if (segment_meets_box (a, b, bx))
                  g_array_append_val (out, k);
              }
          }
      }
  if (areas)
    g_array_sort (areas, cmp_guint);
  if (lines)
    g_array_sort (lines, cmp_guint);
}

int
mu_terrain_level_at (MuTerrainIndex *ix,
                     MuPoint         p)
{
  int c, r, level = 0;
  GArray *cell;

  g_return_val_if_fail (ix != NULL, 0);

  /* As mu_terrain_areas_at, but only hills that would raise the level are
   * tested for holding p: the point-in-polygon tests are most of the
   * cost, and line of sight and climbing ask for levels all the time. */
  c = CLAMP ((int) floor ((p.x - ix->ox) / ix->cell), 0, ix->cols - 1);
  r = CLAMP ((int) floor ((p.y - ix->oy) / ix->cell), 0, ix->rows - 1);
  cell = ix->area_cells[r * ix->cols + c];
  if (cell == NULL)
    return 0;
  for (guint i = 0; i < cell->len; i++)
    {
      guint k = g_array_index (cell, guint, i);
      const MuArea *area = g_ptr_array_index (ix->table->areas, k);
      Box bx = ix->area_box[k];

      if (area->kind != MU_AREA_HILL || area->level <= level)
        continue;
      if (p.x < bx.x0 || p.x > bx.x1 || p.y < bx.y0 || p.y > bx.y1)
        continue;
      if (mu_polygon_contains ((const MuPoint *) area->points->data, area->points->len, p))
        level = area->level;
    }
  return level;
}

static int
cmp_interval (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

gboolean
mu_terrain_path_on_lines (MuTerrainIndex *ix,
                          const MuPoint  *path,
                          guint           n_path,
                          guint           kinds)
{
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) iv = g_array_new (FALSE, FALSE, 2 * sizeof (double));

  g_return_val_if_fail (ix != NULL && path != NULL, FALSE);

  if (n_path == 1)
    {
      /* A point: on a line when a zero-length segment there is. */
      MuPoint pts[2] = { path[0], path[0] };
      return mu_terrain_path_on_lines (ix, pts, 2, kinds);
    }
  for (guint s = 1; s < n_path; s++)
    {
      MuPoint a = path[s - 1], b = path[s];
      double reach = 0;

      mu_terrain_candidates (ix, a, b, 0, NULL, lines);
      g_array_set_size (iv, 0);
      for (guint i = 0; i < lines->len; i++)
        {
          const MuPolyline *l = g_ptr_array_index (ix->table->lines, g_array_index (lines, guint, i));
          const MuPoint *pts = (const MuPoint *) l->points->data;
          double half = mu_terrain_line_width (ix->table, l) / 2;

          if (!(kinds & (1u << l->kind)))
            continue;
          for (guint k = 1; k < l->points->len; k++)
            {
              double lohi[2];

              if (mu_segment_corridor_interval (a, b, pts[k - 1], pts[k], half, &lohi[0], &lohi[1]))
                g_array_append_val (iv, lohi);
            }
        }
      g_array_sort (iv, cmp_interval);
      for (guint i = 0; i < iv->len; i++)
        {
          const double *lohi = &g_array_index (iv, double, 2 * i);

          if (lohi[0] > reach + 1e-9)
            return FALSE;
          reach = MAX (reach, lohi[1]);
        }
      if (reach < 1 - 1e-9)
        return FALSE;
    }
  return TRUE;
}

void
mu_terrain_segment_cuts (const MuTableMap *table,
                         const GArray     *areas,
                         MuPoint           a,
                         MuPoint           b,
                         gboolean        (*keep) (const MuArea *area, gconstpointer data),
                         gconstpointer     data,
                         GArray           *ts)
{
  double ends[2] = { 0, 1 };

  g_return_if_fail (table != NULL && areas != NULL && keep != NULL && ts != NULL);

  g_array_set_size (ts, 0);
  g_array_append_vals (ts, ends, 2);
  for (guint i = 0; i < areas->len; i++)
    {
      const MuArea *area = g_ptr_array_index (table->areas, g_array_index (areas, guint, i));
      const MuPoint *poly = (const MuPoint *) area->points->data;
      guint n = area->points->len;

      if (n < 3 || !keep (area, data))
        continue;
      for (guint k = 0, j = n - 1; k < n; j = k++)
        {
          double t;

          if (mu_segment_intersect (a, b, poly[j], poly[k], &t) && t > 0 && t < 1)
            g_array_append_val (ts, t);
        }
    }
  g_array_sort (ts, mu_compare_doubles);
}
