#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>

/* Terrain, elevation, hex and hexside features, paths and labels. */

static MuHexMap *
need_hex_map (MuEditHistory *history,
              GError       **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);

  if (s->board != MU_BOARD_HEX || s->hex_map == NULL)
    {
      mu_edit_fail (error, _("This tool needs a hex board; the scenario is played on a table"));
      return NULL;
    }
  return s->hex_map;
}

static gboolean
need_on_board (const MuHexMap *map,
               MuHex           hex,
               GError        **error)
{
  if (mu_hex_grid_contains (&map->grid, hex))
    return TRUE;
  return mu_edit_fail (error, _("Hex %d,%d is off the board (columns 1–%d, rows 1–%d)"),
                       hex.col, hex.row, map->grid.cols, map->grid.rows);
}

GArray *
mu_edit_brush_hexes (const MuHexGrid *grid,
                     MuHex            centre,
                     MuBrushSize      size)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  int radius = size >= MU_BRUSH_19 ? 2 : size >= MU_BRUSH_7 ? 1 : 0;
  MuAxial c;

  g_return_val_if_fail (grid != NULL, hexes);

  c = mu_hex_to_axial (grid, centre);
  for (int dq = -radius; dq <= radius; dq++)
    for (int dr = MAX (-radius, -dq - radius); dr <= MIN (radius, -dq + radius); dr++)
      {
        MuHex h = mu_hex_from_axial (grid, (MuAxial) { c.q + dq, c.r + dr });

        if (mu_hex_grid_contains (grid, h))
          g_array_append_val (hexes, h);
      }
  return hexes;
}

GArray *
mu_edit_rectangle_hexes (const MuHexGrid *grid,
                         MuHex            a,
                         MuHex            b)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  int c0 = MAX (1, MIN (a.col, b.col)), c1 = MIN (grid->cols, MAX (a.col, b.col));
  int r0 = MAX (1, MIN (a.row, b.row)), r1 = MIN (grid->rows, MAX (a.row, b.row));

  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      g_array_append_val (hexes, ((MuHex) { c, r }));
  return hexes;
}

static gboolean
polygon_contains (const MuPoint *pts,
                  guint          n,
                  double         x,
                  double         y)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = n - 1; i < n; j = i++)
    if (((pts[i].y > y) != (pts[j].y > y)) &&
        x < (pts[j].x - pts[i].x) * (y - pts[i].y) / (pts[j].y - pts[i].y) + pts[i].x)
      inside = !inside;
  return inside;
}

GArray *
mu_edit_lasso_hexes (const MuHexGrid *grid,
                     double           size,
                     const MuPoint   *points,
                     guint            n_points)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  MuHex a, b;

  g_return_val_if_fail (grid != NULL && size > 0, hexes);
  if (points == NULL || n_points < 3)
    return hexes;

  /* Only the hexes of the lasso's bounding box can have their centre inside. */
  for (guint i = 0; i < n_points; i++)
    {
      x0 = MIN (x0, points[i].x);
      y0 = MIN (y0, points[i].y);
      x1 = MAX (x1, points[i].x);
      y1 = MAX (y1, points[i].y);
    }
  a = mu_hex_at_pixel (grid, size, x0, y0);
  b = mu_hex_at_pixel (grid, size, x1, y1);
  for (int r = MAX (1, MIN (a.row, b.row) - 1); r <= MIN (grid->rows, MAX (a.row, b.row) + 1); r++)
    for (int c = MAX (1, MIN (a.col, b.col) - 1); c <= MIN (grid->cols, MAX (a.col, b.col) + 1); c++)
      {
        MuHex h = { c, r };
        double cx, cy;

        mu_hex_center (grid, size, h, &cx, &cy);
        if (polygon_contains (points, n_points, cx, cy))
          g_array_append_val (hexes, h);
      }
  return hexes;
}

GArray *
mu_edit_flood_hexes (const MuHexMap *map,
                     MuHex           start)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  const MuHexCell *first;
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) queue = NULL;

  g_return_val_if_fail (map != NULL, hexes);

  first = mu_hex_map_cell (map, start);
  if (first == NULL)
    return hexes;

  seen = g_new0 (guint8, (gsize) map->grid.cols * map->grid.rows);
  queue = g_array_new (FALSE, FALSE, sizeof (MuHex));
  g_array_append_val (queue, start);
  seen[(start.row - 1) * map->grid.cols + start.col - 1] = 1;
  for (guint i = 0; i < queue->len; i++)
    {
      MuHex h = g_array_index (queue, MuHex, i);

      g_array_append_val (hexes, h);
      for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
        {
          MuHex n = mu_hex_neighbour (&map->grid, h, d);
          const MuHexCell *cell = mu_hex_map_cell (map, n);
          gsize k;

          if (cell == NULL || cell->terrain != first->terrain)
            continue;
          k = (gsize) (n.row - 1) * map->grid.cols + n.col - 1;
          if (seen[k])
            continue;
          seen[k] = 1;
          g_array_append_val (queue, n);
        }
    }
  return hexes;
}

gboolean
mu_edit_paint_terrain (MuEditHistory *history,
                       const MuHex   *hexes,
                       guint          n_hexes,
                       MuTerrain      terrain,
                       GError       **error)
{
  MuHexMap *map;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, FALSE);

  if ((int) terrain < 0 || terrain >= MU_TERRAIN_N)
    return mu_edit_fail (error, _("Unknown terrain %d"), (int) terrain);
  if (!(map = need_hex_map (history, error)))
    return FALSE;

  label = g_strdup_printf (_("Paint %s"), mu_terrain_display_name (terrain));
  for (guint i = 0; i < n_hexes; i++)
    {
      MuHexCell *cell = mu_hex_map_cell (map, hexes[i]);

      if (cell == NULL || cell->terrain == terrain)
        continue;
      mu_edit_touch (history, label);
      cell->terrain = terrain;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_paint_brush (MuEditHistory *history,
                     MuHex          centre,
                     MuBrushSize    size,
                     MuTerrain      terrain,
                     GError       **error)
{
  MuHexMap *map;
  g_autoptr(GArray) hexes = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)))
    return FALSE;
  hexes = mu_edit_brush_hexes (&map->grid, centre, size);
  return mu_edit_paint_terrain (history, (MuHex *) hexes->data, hexes->len, terrain, error);
}

gboolean
mu_edit_flood_fill (MuEditHistory *history,
                    MuHex          start,
                    MuTerrain      terrain,
                    GError       **error)
{
  MuHexMap *map;
  g_autoptr(GArray) hexes = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !need_on_board (map, start, error))
    return FALSE;
  hexes = mu_edit_flood_hexes (map, start);
  return mu_edit_paint_terrain (history, (MuHex *) hexes->data, hexes->len, terrain, error);
}

gboolean
mu_edit_change_elevation (MuEditHistory *history,
                          const MuHex   *hexes,
                          guint          n_hexes,
                          int            delta,
                          GError       **error)
{
  MuHexMap *map;
  const char *label = delta > 0 ? _("Raise Elevation") : _("Lower Elevation");

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, FALSE);

  if (!(map = need_hex_map (history, error)))
    return FALSE;
  for (guint i = 0; i < n_hexes; i++)
    {
      MuHexCell *cell = mu_hex_map_cell (map, hexes[i]);
      int level;

      if (cell == NULL)
        continue;
      level = CLAMP (cell->elevation + delta, 0, MU_ELEVATION_MAX);
      if (level == cell->elevation)
        continue;
      mu_edit_touch (history, label);
      cell->elevation = (gint8) level;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_elevation (MuEditHistory *history,
                       MuHex          hex,
                       int            level,
                       GError       **error)
{
  MuHexMap *map;
  MuHexCell *cell;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !need_on_board (map, hex, error))
    return FALSE;
  if (level < 0 || level > MU_ELEVATION_MAX)
    return mu_edit_fail (error, _("Elevation must be between 0 and %d, not %d"),
                         MU_ELEVATION_MAX, level);
  cell = mu_hex_map_cell (map, hex);
  if (cell->elevation != level)
    {
      mu_edit_touch (history, _("Set Elevation"));
      cell->elevation = (gint8) level;
    }
  mu_edit_commit (history);
  return TRUE;
}

static const char *
hex_feature_display_name (guint feature)
{
  switch (feature)
    {
    case MU_HEX_FEATURE_STREAM: return _("Stream");
    case MU_HEX_FEATURE_FORD: return _("Ford");
    case MU_HEX_FEATURE_BRIDGE: return _("Bridge");
    case MU_HEX_FEATURE_IMPASSABLE: return _("Impassable");
    case MU_HEX_FEATURE_FORTIFICATION: return _("Fortification");
    case MU_HEX_FEATURE_FORTIFIED_BUILDING: return _("Fortified Building");
    case MU_HEX_FEATURE_PREPARED_DEFENCE: return _("Prepared Defence");
    case MU_HEX_FEATURE_BUILDINGS: return _("Buildings");
    default: return NULL;
    }
}

static const char *
side_feature_display_name (guint feature)
{
  switch (feature)
    {
    case MU_SIDE_STREAM: return _("Stream");
    case MU_SIDE_HEDGE: return _("Hedge");
    case MU_SIDE_WALL: return _("Wall");
    case MU_SIDE_FORTIFICATION: return _("Fortification");
    case MU_SIDE_FORD: return _("Ford");
    case MU_SIDE_BRIDGE: return _("Bridge");
    case MU_SIDE_BREACHED: return _("Breach");
    default: return NULL;
    }
}

/* "Add Ford" / "Remove Ford", or a generic name for several features. */
static char *
feature_label (const char *name,
               gboolean    on,
               const char *generic_on,
               const char *generic_off)
{
  if (name == NULL)
    return g_strdup (on ? generic_on : generic_off);
  return g_strdup_printf (on ? _("Add %s") : _("Remove %s"), name);
}

gboolean
mu_edit_set_hex_features (MuEditHistory *history,
                          const MuHex   *hexes,
                          guint          n_hexes,
                          guint          features,
                          gboolean       on,
                          GError       **error)
{
  MuHexMap *map;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, FALSE);

  if (!(map = need_hex_map (history, error)))
    return FALSE;
  if (features == 0 || (features & ~MU_HEX_FEATURE_ALL) != 0)
    return mu_edit_fail (error, _("Unknown hex feature bits 0x%x"), features);

  label = feature_label (hex_feature_display_name (features), on,
                         _("Add Hex Features"), _("Remove Hex Features"));
  for (guint i = 0; i < n_hexes; i++)
    {
      MuHexCell *cell = mu_hex_map_cell (map, hexes[i]);
      guint8 want;

      if (cell == NULL)
        continue;
      want = on ? (cell->features | features) : (cell->features & ~features);
      if (want == cell->features)
        continue;
      mu_edit_touch (history, label);
      cell->features = want;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_clear_hex_features (MuEditHistory *history,
                            MuHex          hex,
                            GError       **error)
{
  MuHexMap *map;
  MuHexCell *cell;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !need_on_board (map, hex, error))
    return FALSE;
  cell = mu_hex_map_cell (map, hex);
  if (cell->features != 0)
    {
      mu_edit_touch (history, _("Clear Hex Features"));
      cell->features = 0;
    }
  mu_edit_commit (history);
  return TRUE;
}

static gboolean
need_side (const MuHexMap *map,
           MuHex           hex,
           int             dir,
           GError        **error)
{
  if (dir < 0 || dir >= MU_HEX_DIRECTIONS)
    return mu_edit_fail (error, _("Hexside direction must be 0–5, not %d"), dir);
  if (mu_hex_map_side_index (map, hex, dir) < 0)
    return mu_edit_fail (error, _("Hexside %d of hex %d,%d does not touch the board"),
                         dir, hex.col, hex.row);
  return TRUE;
}

gboolean
mu_edit_set_side_features (MuEditHistory *history,
                           MuHex          hex,
                           int            dir,
                           guint          features,
                           gboolean       on,
                           GError       **error)
{
  MuHexMap *map;
  guint old, want;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !need_side (map, hex, dir, error))
    return FALSE;
  if (features == 0 || (features & ~MU_SIDE_ALL) != 0)
    return mu_edit_fail (error, _("Unknown hexside feature bits 0x%x"), features);

  old = mu_hex_map_side (map, hex, dir);
  want = on ? (old | features) : (old & ~features);
  if (want != old)
    {
      g_autofree char *label = feature_label (side_feature_display_name (features), on,
                                              _("Add Hexside Features"),
                                              _("Remove Hexside Features"));

      mu_edit_touch (history, label);
      mu_hex_map_set_side (map, hex, dir, want);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_clear_side (MuEditHistory *history,
                    MuHex          hex,
                    int            dir,
                    GError       **error)
{
  MuHexMap *map;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !need_side (map, hex, dir, error))
    return FALSE;
  if (mu_hex_map_side (map, hex, dir) != 0)
    {
      mu_edit_touch (history, _("Clear Hexside"));
      mu_hex_map_set_side (map, hex, dir, 0);
    }
  mu_edit_commit (history);
  return TRUE;
}

/* Paths ------------------------------------------------------------------------- */

static const char *
path_display_name (MuPathKind kind)
{
  switch (kind)
    {
    case MU_PATH_LOCAL_ROAD: return _("Road");
    case MU_PATH_TURNPIKE: return _("Turnpike");
    case MU_PATH_RAILROAD: return _("Railroad");
    case MU_PATH_RIVER: return _("River");
    case MU_PATH_STREAM: return _("Stream");
    case MU_PATH_N:
    default: return NULL;
    }
}

static MuHex
path_hex (const MuPath *p,
          guint         i)
{
  return g_array_index (p->hexes, MuHex, i);
}

static void
path_reverse (MuPath *p)
{
  for (guint i = 0, j = p->hexes->len - 1; i < j; i++, j--)
    {
      MuHex t = path_hex (p, i);

      g_array_index (p->hexes, MuHex, i) = path_hex (p, j);
      g_array_index (p->hexes, MuHex, j) = t;
    }
}

/* A path of kind with an end at hex, other than `except`; its index or -1. */
static int
find_path_end (const MuHexMap *map,
               MuPathKind      kind,
               MuHex           hex,
               const MuPath   *except)
{
  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);

      if (p == except || p->kind != kind || p->hexes->len < 2)
        continue;
      if (mu_hex_equal (path_hex (p, 0), hex) ||
          mu_hex_equal (path_hex (p, p->hexes->len - 1), hex))
        return (int) i;
    }
  return -1;
}

static gboolean
check_segment (const MuHexMap *map,
               MuPathKind      kind,
               MuHex           a,
               MuHex           b,
               GError        **error)
{
  if ((int) kind < 0 || kind >= MU_PATH_N)
    return mu_edit_fail (error, _("Unknown path kind %d"), (int) kind);
  if (!need_on_board (map, a, error) || !need_on_board (map, b, error))
    return FALSE;
  if (mu_hex_direction_to (&map->grid, a, b) < 0)
    return mu_edit_fail (error, _("A path runs between adjacent hexes; %d,%d and %d,%d are %d hexes apart"),
                         a.col, a.row, b.col, b.row, mu_hex_distance (&map->grid, a, b));
  return TRUE;
}

gboolean
mu_edit_add_path_segment (MuEditHistory *history,
                          MuPathKind     kind,
                          MuHex          a,
                          MuHex          b,
                          GError       **error)
{
  MuHexMap *map;
  g_autofree char *label = NULL;
  int i1, i2;
  MuPath *p1 = NULL, *p2 = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !check_segment (map, kind, a, b, error))
    return FALSE;
  if (mu_hex_map_has_link (map, a, mu_hex_direction_to (&map->grid, a, b), kind))
    return TRUE;  /* already there */

  label = g_strdup_printf (_("Draw %s"), path_display_name (kind));
  mu_edit_touch (history, label);

  i1 = find_path_end (map, kind, a, NULL);
  if (i1 >= 0)
    p1 = g_ptr_array_index (map->paths, i1);
  i2 = find_path_end (map, kind, b, p1);
  if (i2 >= 0)
    p2 = g_ptr_array_index (map->paths, i2);

  if (p1)
    {
      /* p1 ... a, b [, rest of p2] */
      if (!mu_hex_equal (path_hex (p1, p1->hexes->len - 1), a))
        path_reverse (p1);
      g_array_append_val (p1->hexes, b);
      if (p2)
        {
          if (!mu_hex_equal (path_hex (p2, 0), b))
            path_reverse (p2);
          g_array_append_vals (p1->hexes, &g_array_index (p2->hexes, MuHex, 1),
                               p2->hexes->len - 1);
          if (p1->name == NULL)
            p1->name = g_strdup (p2->name);
          if (p1->id == NULL)
            p1->id = g_strdup (p2->id);
          g_ptr_array_remove_index (map->paths, i2);
        }
    }
  else if (p2)
    {
      if (!mu_hex_equal (path_hex (p2, 0), b))
        path_reverse (p2);
      g_array_prepend_val (p2->hexes, a);
    }
  else
    {
      MuPath *p = mu_path_new (kind);

      g_array_append_val (p->hexes, a);
      g_array_append_val (p->hexes, b);
      g_ptr_array_add (map->paths, p);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_path_segment (MuEditHistory *history,
                             MuPathKind     kind,
                             MuHex          a,
                             MuHex          b,
                             GError       **error)
{
  MuHexMap *map;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(map = need_hex_map (history, error)) || !check_segment (map, kind, a, b, error))
    return FALSE;

  label = g_strdup_printf (_("Erase %s"), path_display_name (kind));
  for (guint i = 0; i < map->paths->len; i++)
    {
      MuPath *p = g_ptr_array_index (map->paths, i);
      guint n = p->hexes->len;

      if (p->kind != kind)
        continue;
      for (guint j = 1; j < n; j++)
        {
          MuHex h0 = path_hex (p, j - 1), h1 = path_hex (p, j);
          MuPath *rest;

          if (!((mu_hex_equal (h0, a) && mu_hex_equal (h1, b)) ||
                (mu_hex_equal (h0, b) && mu_hex_equal (h1, a))))
            continue;

          mu_edit_touch (history, label);
          if (n >= 3 && mu_hex_equal (path_hex (p, 0), path_hex (p, n - 1)))
            {
              /* A closed loop opens at the removed segment: h1 ... end=start ... h0. */
              g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (MuHex));

              g_array_append_vals (open, &g_array_index (p->hexes, MuHex, j), n - j);
              g_array_append_vals (open, &g_array_index (p->hexes, MuHex, 1), j - 1);
              g_array_set_size (p->hexes, 0);
              g_array_append_vals (p->hexes, open->data, open->len);
            }
          else
            {
              rest = mu_path_new (kind);
              rest->name = g_strdup (p->name);
              g_array_append_vals (rest->hexes, &g_array_index (p->hexes, MuHex, j), n - j);
              g_array_set_size (p->hexes, j);
              if (p->hexes->len < 2)
                {
                  /* Only the far part remains: it keeps the path's identity. */
                  g_array_set_size (p->hexes, 0);
                  g_array_append_vals (p->hexes, rest->hexes->data, rest->hexes->len);
                  mu_path_free (rest);
                  rest = NULL;
                }
              if (p->hexes->len < 2)
                g_ptr_array_remove_index (map->paths, i);
              else if (rest && rest->hexes->len >= 2)
                g_ptr_array_insert (map->paths, i + 1, rest);
              else
                mu_path_free (rest);
            }
          mu_edit_commit (history);
          return TRUE;
        }
    }
  return mu_edit_fail (error, _("No %s runs between %d,%d and %d,%d"),
                       mu_path_kind_to_string (kind), a.col, a.row, b.col, b.row);
}

gboolean
mu_edit_set_path_name (MuEditHistory *history,
                       guint          index,
                       const char    *name,
                       GError       **error)
{
  MuHexMap *map;
  MuPath *p;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(map = need_hex_map (history, error)))
    return FALSE;
  if (index >= map->paths->len)
    return mu_edit_fail (error, _("There is no path %u"), index);
  if (name && *name == '\0')
    name = NULL;
  p = g_ptr_array_index (map->paths, index);
  if (g_strcmp0 (p->name, name) != 0)
    {
      mu_edit_touch (history, _("Rename Path"));
      g_free (p->name);
      p->name = g_strdup (name);
    }
  mu_edit_commit (history);
  return TRUE;
}

/* Labels ------------------------------------------------------------------------ */

static GPtrArray *
board_labels (MuScenario *s)
{
  if (s->board == MU_BOARD_HEX && s->hex_map)
    return s->hex_map->labels;
  if (s->board == MU_BOARD_TABLE && s->table)
    return s->table->labels;
  return NULL;
}

static gboolean
check_label_place (MuScenario *s,
                   MuHex       hex,
                   double      dx,
                   double      dy,
                   GError    **error)
{
  if (s->board == MU_BOARD_HEX)
    return need_on_board (s->hex_map, hex, error);
  if (dx < 0 || dy < 0 || dx > s->table->width || dy > s->table->height)
    return mu_edit_fail (error, _("Position %g, %g is off the table (%g × %g)"),
                         dx, dy, s->table->width, s->table->height);
  return TRUE;
}

static MuLabel *
need_label (MuEditHistory *history,
            guint          index,
            GError       **error)
{
  GPtrArray *labels = board_labels (mu_edit_history_get_scenario (history));

  if (labels == NULL || index >= labels->len)
    {
      mu_edit_fail (error, _("There is no label %u"), index);
      return NULL;
    }
  return g_ptr_array_index (labels, index);
}

int
mu_edit_add_label (MuEditHistory *history,
                   const char    *text,
                   MuHex          hex,
                   double         dx,
                   double         dy,
                   GError       **error)
{
  MuScenario *s;
  GPtrArray *labels;
  MuLabel *l;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), -1);
  if (!mu_edit_check_text (text, error))
    return -1;

  s = mu_edit_history_get_scenario (history);
  if ((labels = board_labels (s)) == NULL)
    {
      mu_edit_fail (error, _("The scenario has no board"));
      return -1;
    }
  if (text == NULL || *text == '\0')
    {
      mu_edit_fail (error, _("A label needs some text"));
      return -1;
    }
  if (!check_label_place (s, hex, dx, dy, error))
    return -1;

  mu_edit_touch (history, _("Add Label"));
  l = mu_label_new (text, s->board == MU_BOARD_HEX ? hex : MU_HEX_NONE);
  l->dx = dx;
  l->dy = dy;
  g_ptr_array_add (labels, l);
  mu_edit_commit (history);
  return (int) labels->len - 1;
}

gboolean
mu_edit_move_label (MuEditHistory *history,
                    guint          index,
                    MuHex          hex,
                    double         dx,
                    double         dy,
                    GError       **error)
{
  MuScenario *s;
  MuLabel *l;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(l = need_label (history, index, error)) || !check_label_place (s, hex, dx, dy, error))
    return FALSE;
  if (s->board != MU_BOARD_HEX)
    hex = MU_HEX_NONE;
  if (!mu_hex_equal (l->hex, hex) || l->dx != dx || l->dy != dy)
    {
      mu_edit_touch (history, _("Move Label"));
      l->hex = hex;
      l->dx = dx;
      l->dy = dy;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_label_text (MuEditHistory *history,
                        guint          index,
                        const char    *text,
                        GError       **error)
{
  MuLabel *l;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (text, error))
    return FALSE;

  if (!(l = need_label (history, index, error)))
    return FALSE;
  if (text == NULL || *text == '\0')
    return mu_edit_fail (error, _("A label needs some text; delete the label instead"));
  if (g_strcmp0 (l->text, text) != 0)
    {
      mu_edit_touch (history, _("Edit Label"));
      g_free (l->text);
      l->text = g_strdup (text);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_label_scale (MuEditHistory *history,
                         guint          index,
                         double         scale,
                         GError       **error)
{
  MuLabel *l;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(l = need_label (history, index, error)))
    return FALSE;
  if (!(scale >= 0.25 && scale <= 8.0))
    return mu_edit_fail (error, _("Label size must be between 0.25 and 8, not %g"), scale);
  if (l->scale != scale)
    {
      mu_edit_touch (history, _("Resize Label"));
      l->scale = scale;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_label (MuEditHistory *history,
                      guint          index,
                      GError       **error)
{
  MuScenario *s;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!need_label (history, index, error))
    return FALSE;
  s = mu_edit_touch (history, _("Delete Label"));
  g_ptr_array_remove_index (board_labels (s), index);
  mu_edit_commit (history);
  return TRUE;
}
