/* mu-scenario-check-board.c: semantic checks on the board, a hex map or a
 * tabletop's areas, lines, labels and the stands placed on it. */
#define G_LOG_DOMAIN "muster-check"

#include "config.h"

#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "mu-table-stand.h"

#include "mu-ruleset.h"
#include "mu-scenario-check-private.h"
#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MAX_TABLE_SIZE 10000.0
#define MAX_CAPACITY 99
#define MAX_WORKS_GRADE 3

/* Board ------------------------------------------------------------------------------ */

void
mu_checker_hex_map (MuChecker *ck)
{
  const MuHexMap *map = ck->s->hex_map;
  const MuHexGrid *g = &map->grid;

  if (map->hex_size_mm <= 0 || map->hex_size_mm > 1000)
    ERR (ck, map->line, _("hex size %g mm is out of range (above 0, at most 1000)"), map->hex_size_mm);
  if (map->counter_size_mm < 0 || map->counter_size_mm > 100)
    ERR (ck, map->line, _("counter size %g mm is out of range (5 to 100, or 0 for the hex's)"),
         map->counter_size_mm);
  else if (map->counter_size_mm > 0 && map->counter_size_mm < 5)
    ERR (ck, map->line, _("counter size %g mm is too small to print and cut (at least 5)"),
         map->counter_size_mm);
  for (gsize i = 0; i < (gsize) g->cols * g->rows; i++)
    {
      const MuHexCell *cell = &map->cells[i];

      if (cell->elevation < 0 || cell->elevation > MU_ELEVATION_MAX || cell->terrain >= MU_TERRAIN_N)
        {
          MuHex h = { (int) (i % g->cols) + 1, (int) (i / g->cols) + 1 };
          g_autofree char *label = mu_checker_hex_label (ck, h);
          MuProblem *p = ERR (ck, map->line, _("hex %s has an invalid terrain or elevation"), label);

          p->hex = h;
        }
    }

  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *path = g_ptr_array_index (map->paths, i);
      const char *name = path->name ? path->name : path->id ? path->id : mu_path_kind_to_string (path->kind);
      g_autofree char *what = g_strdup_printf (_("path “%s”"), name);

      mu_checker_id (ck, "path", path->id, path->line, FALSE);
      mu_checker_text (ck, what, path->name, path->line);
      if (path->hexes->len < 2)
        {
          MuProblem *p = ERR (ck, path->line, _("path “%s” needs at least two hexes"), name);
          mu_checker_set_object (p, path->id);
        }
      for (guint j = 0; j < path->hexes->len; j++)
        {
          MuHex h = g_array_index (path->hexes, MuHex, j);

          if (!mu_checker_on_board (ck, what, h, path->id, path->line))
            continue;
          if (j > 0)
            {
              MuHex prev = g_array_index (path->hexes, MuHex, j - 1);

              if (mu_hex_grid_contains (g, prev) && mu_hex_direction_to (g, prev, h) < 0)
                {
                  g_autofree char *a = mu_checker_hex_label (ck, prev);
                  g_autofree char *b = mu_checker_hex_label (ck, h);
                  MuProblem *p = ERR (ck, path->line,
                                      _("path “%s”: hexes %s and %s are not adjacent"), name, a, b);

                  mu_checker_set_object (p, path->id);
                  p->hex = h;
                }
            }
        }
    }

  for (guint i = 0; i < map->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (map->labels, i);
      g_autofree char *what = g_strdup_printf (_("label “%s”"), l->text ? l->text : "");

      mu_checker_on_board (ck, what, l->hex, NULL, l->line);
      mu_checker_text (ck, _("label"), l->text, l->line);
    }
}

static gboolean
crosses_water (const MuTableMap *t,
               const MuPolyline *crossing)
{
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *w = g_ptr_array_index (t->lines, i);

      if ((w->kind == MU_LINE_RIVER || w->kind == MU_LINE_STREAM) &&
          mu_path_crossings ((const MuPoint *) crossing->points->data, crossing->points->len,
                             (const MuPoint *) w->points->data, w->points->len, NULL) > 0)
        return TRUE;
    }
  return FALSE;
}

/* Values only some kinds of area carry, each in its range. */
static void
check_area_values (MuChecker    *ck,
                   const MuArea *a,
                   const char   *name)
{
  gboolean building = a->kind == MU_AREA_BUILDING || a->kind == MU_AREA_BUILT_UP;
  gboolean cover = building || a->kind == MU_AREA_FORTIFICATION;

  if (a->capacity != 0 && !building)
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only buildings and built-up areas have a capacity"),
                                name), a->id);
  else if (a->capacity != 0 && (a->capacity < 1 || a->capacity > MAX_CAPACITY))
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: capacity %d is out of range (1 to %d)"), name,
                                a->capacity, MAX_CAPACITY), a->id);
  if (a->defence != 0 && !cover)
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only buildings, built-up areas and fortifications have a defence value"),
                                name), a->id);
  else if (a->defence != 0 && (a->defence < 1 || a->defence > 6))
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: defence %d is out of range (1 to 6)"), name,
                                a->defence), a->id);
  if (a->hard_cover && !cover)
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only buildings, built-up areas and fortifications give hard cover"),
                                name), a->id);
  if (a->grade != 0 && a->kind != MU_AREA_FORTIFICATION)
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only fortifications have a grade"), name), a->id);
  else if (a->grade != 0 && (a->grade < 1 || a->grade > MAX_WORKS_GRADE))
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: grade %d is out of range (1 to %d)"), name, a->grade,
                                MAX_WORKS_GRADE), a->id);
  if (a->kind == MU_AREA_DEPLOYMENT)
    {
      g_autofree char *what = g_strdup_printf (_("deployment zone “%s”"), name);

      if (a->side == NULL)
        mu_checker_set_object (ERR (ck, a->line, _("deployment zone “%s” needs a side"), name), a->id);
      else
        mu_checker_side_ref (ck, what, a->side, a->id, a->line);
    }
  else if (a->side != NULL)
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only deployment zones belong to a side"), name), a->id);
  if (mu_polygon_self_crossing ((const MuPoint *) a->points->data, a->points->len))
    mu_checker_set_object (ERR (ck, a->line, _("area “%s”: its outline crosses itself"), name), a->id);
}

/* Buildings may not overlap each other, nor two sides' deployment zones. */
static void
check_table_overlaps (MuChecker        *ck,
                      const MuTableMap *t)
{
  for (guint i = 0; i < t->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, i);

      if (a->kind != MU_AREA_BUILDING && a->kind != MU_AREA_DEPLOYMENT)
        continue;
      for (guint k = 0; k < i; k++)
        {
          const MuArea *b = g_ptr_array_index (t->areas, k);

          if (b->kind != a->kind || (a->kind == MU_AREA_DEPLOYMENT && g_strcmp0 (a->side, b->side) == 0))
            continue;
          if (mu_polygons_overlap ((const MuPoint *) a->points->data, a->points->len,
                                   (const MuPoint *) b->points->data, b->points->len))
            mu_checker_set_object (ERR (ck, a->line, a->kind == MU_AREA_BUILDING
                                            ? _("building “%s” overlaps building “%s” (line %d)")
                                            : _("deployment zone “%s” overlaps the other side's zone “%s” (line %d)"),
                                        a->name ? a->name : a->id ? a->id : "",
                                        b->name ? b->name : b->id ? b->id : "", b->line), a->id);
        }
    }
}

void
mu_checker_table (MuChecker *ck)
{
  const MuTableMap *t = ck->s->table;

  if (!(t->width > 0 && t->width <= MAX_TABLE_SIZE && t->height > 0 && t->height <= MAX_TABLE_SIZE))
    ERR (ck, t->line, _("a table of %g × %g is not possible (sizes above 0, at most %g)"),
         t->width, t->height, MAX_TABLE_SIZE);
  if (t->base_width < 0 || t->base_depth < 0)
    ERR (ck, t->line, _("base sizes must not be negative"));
  else if (t->width > 0 && t->height > 0 &&
           (t->base_width > MIN (t->width, t->height) / 4 || t->base_depth > MIN (t->width, t->height) / 4))
    ERR (ck, t->line, _("a base of %g × %g is too large for a table of %g × %g (at most a quarter of its shorter side)"),
         t->base_width, t->base_depth, t->width, t->height);
  mu_checker_text (ck, _("the figure scale"), t->figure_scale, t->line);
  for (guint i = 0; i < t->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (t->labels, i);

      mu_checker_text (ck, _("label"), l->text, l->line);
    }

  for (guint i = 0; i < t->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, i);
      const char *name = a->name ? a->name : a->id ? a->id : mu_area_kind_to_string (a->kind);

      mu_checker_id (ck, "area", a->id, a->line, FALSE);
      mu_checker_text (ck, _("area"), a->name, a->line);
      if (a->points->len < 3)
        mu_checker_set_object (ERR (ck, a->line, _("area “%s” needs at least three points"), name), a->id);
      if (a->kind == MU_AREA_HILL && (a->level < 1 || a->level > MU_ELEVATION_MAX))
        mu_checker_set_object (ERR (ck, a->line, _("hill “%s”: level %d is out of range (1 to %d)"),
                                    name, a->level, MU_ELEVATION_MAX), a->id);
      else if (a->kind != MU_AREA_HILL && a->level != 0)
        mu_checker_set_object (ERR (ck, a->line, _("area “%s”: only hills have a level"), name), a->id);
      check_area_values (ck, a, name);
    }
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);
      const char *name = l->name ? l->name : l->id ? l->id : mu_line_kind_to_string (l->kind);

      mu_checker_id (ck, "line", l->id, l->line, FALSE);
      mu_checker_text (ck, _("line"), l->name, l->line);
      if (l->points->len < 2)
        mu_checker_set_object (ERR (ck, l->line, _("line “%s” needs at least two points"), name), l->id);
      if (l->width < 0)
        mu_checker_set_object (ERR (ck, l->line, _("line “%s”: width must not be negative"), name), l->id);
      if (l->grade != 0 && l->kind != MU_LINE_DEFENCE_WORKS)
        mu_checker_set_object (ERR (ck, l->line, _("line “%s”: only defence works have a grade"), name), l->id);
      else if (l->grade != 0 && (l->grade < 1 || l->grade > MAX_WORKS_GRADE))
        mu_checker_set_object (ERR (ck, l->line, _("line “%s”: grade %d is out of range (1 to %d)"), name,
                                    l->grade, MAX_WORKS_GRADE), l->id);
      if ((l->kind == MU_LINE_FORD || l->kind == MU_LINE_BRIDGE) && l->points->len >= 2 &&
          !crosses_water (t, l))
        mu_checker_set_object (ERR (ck, l->line, _("%s “%s” crosses no river or stream"),
                                    l->kind == MU_LINE_FORD ? _("ford") : _("bridge"), name), l->id);
    }
  check_table_overlaps (ck, t);
  for (guint i = 0; i < t->home_edges->len; i++)
    {
      const MuHomeEdge *e = g_ptr_array_index (t->home_edges, i);

      if (!mu_checker_side_ref (ck, _("a home edge"), e->side, NULL, e->line))
        continue;
      for (guint k = 0; k < i; k++)
        if (g_strcmp0 (((const MuHomeEdge *) g_ptr_array_index (t->home_edges, k))->side, e->side) == 0)
          {
            ERR (ck, e->line, _("side “%s” has a second home edge"), e->side);
            break;
          }
    }
}

/* TAB-6: every stand a counter starts with lies on the table, and none stands
 * on impassable ground (TAB-12). */
void
mu_checker_table_stands (MuChecker       *ck,
                         const MuCounter *c,
                         const char      *what)
{
  const MuTableMap *t = ck->s->table;
  /* the ground play refuses (TAB-12), by the ruleset's one test */
  const MuRuleset *ruleset = mu_ruleset_find (ck->s->ruleset);
  MuStand stands[MU_STANDS_MAX];
  guint n;

  if (t == NULL || !isfinite (c->place.facing))
    return;
  n = mu_scenario_counter_stands (ck->s, c, NULL, 0, c->place.pos, c->place.facing, stands, MU_STANDS_MAX);
  for (guint i = 0; i < n; i++)
    {
      MuPoint k[4];

      mu_stand_corners (&stands[i], k);
      for (int j = 0; j < 4; j++)
        if (mu_table_beyond (-k[j].x, 0) || mu_table_beyond (-k[j].y, 0) ||
            mu_table_beyond (k[j].x, t->width) || mu_table_beyond (k[j].y, t->height))
          {
            mu_checker_set_object (ERR (ck, c->line, _("%s: stand %u reaches off the table (at %.2f, %.2f)"),
                                        what, i + 1, k[j].x, k[j].y), c->id);
            return;
          }
      for (guint a = 0; a < t->areas->len; a++)
        {
          const MuArea *area = g_ptr_array_index (t->areas, a);

          if (mu_ruleset_area_impassable (ruleset, area->kind) &&
              mu_polygon_contains ((const MuPoint *) area->points->data, area->points->len,
                                   stands[i].centre))
            {
              mu_checker_set_object (ERR (ck, c->line, _("%s: stand %u stands on impassable ground “%s”"),
                                          what, i + 1, area->name ? area->name : area->id ? area->id : ""), c->id);
              return;
            }
        }
    }
}
