#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Tabletop boards: the table's size, terrain polygons and polylines. */

static MuTableMap *
need_table (MuEditHistory *history,
            GError       **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);

  if (s->board != MU_BOARD_TABLE || s->table == NULL)
    {
      mu_edit_fail (error, _("This tool needs a table; the scenario is played on a hex board"));
      return NULL;
    }
  return s->table;
}

static gboolean
check_points (const MuTableMap *t,
              const MuPoint    *points,
              guint             n_points,
              guint             min_points,
              GError          **error)
{
  if (points == NULL || n_points < min_points)
    return mu_edit_fail (error, _("This shape needs at least %u points, not %u"),
                         min_points, n_points);
  for (guint i = 0; i < n_points; i++)
    if (!isfinite (points[i].x) || !isfinite (points[i].y))
      return mu_edit_fail (error, _("Point %u is not a number"), i + 1);
  return TRUE;
}

gboolean
mu_edit_set_table_size (MuEditHistory *history,
                        double         width,
                        double         height,
                        GError       **error)
{
  MuTableMap *t;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(t = need_table (history, error)))
    return FALSE;
  if (!(width > 0 && width <= 10000 && height > 0 && height <= 10000))
    return mu_edit_fail (error, _("A table is more than 0 and at most 10000 units each way, not %g × %g"),
                         width, height);
  if (t->width != width || t->height != height)
    {
      mu_edit_touch (history, _("Resize Table"));
      t->width = width;
      t->height = height;
    }
  mu_edit_commit (history);
  return TRUE;
}

static GArray *
points_of (MuTableMap *t,
           gboolean    area,
           guint       index)
{
  if (area)
    return ((MuArea *) g_ptr_array_index (t->areas, index))->points;
  return ((MuPolyline *) g_ptr_array_index (t->lines, index))->points;
}

static gboolean
need_shape (MuTableMap *t,
            gboolean    area,
            guint       index,
            GError    **error)
{
  if (index < (area ? t->areas->len : t->lines->len))
    return TRUE;
  return mu_edit_fail (error, area ? _("There is no terrain area %u") : _("There is no line %u"),
                       index);
}

int
mu_edit_add_area (MuEditHistory *history,
                  MuAreaKind     kind,
                  const MuPoint *points,
                  guint          n_points,
                  GError       **error)
{
  MuTableMap *t;
  MuArea *a;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), -1);

  if (!(t = need_table (history, error)))
    return -1;
  if ((int) kind < 0 || kind >= MU_AREA_N)
    {
      mu_edit_fail (error, _("Unknown terrain area kind %d"), (int) kind);
      return -1;
    }
  if (!check_points (t, points, n_points, 3, error))
    return -1;

  label = g_strdup_printf (_("Draw %s"), mu_area_kind_display_name (kind));
  mu_edit_touch (history, label);
  a = mu_area_new (kind);
  if (kind == MU_AREA_HILL)
    a->level = 1;
  /* A deployment zone belongs to a side: the first, until it is changed. */
  if (kind == MU_AREA_DEPLOYMENT && mu_edit_history_get_scenario (history)->sides->len > 0)
    a->side = g_strdup (((const MuSide *) g_ptr_array_index (mu_edit_history_get_scenario (history)->sides, 0))->id);
  g_array_append_vals (a->points, points, n_points);
  g_ptr_array_add (t->areas, a);
  mu_edit_commit (history);
  return (int) t->areas->len - 1;
}

int
mu_edit_add_line (MuEditHistory *history,
                  MuLineKind     kind,
                  const MuPoint *points,
                  guint          n_points,
                  GError       **error)
{
  MuTableMap *t;
  MuPolyline *l;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), -1);

  if (!(t = need_table (history, error)))
    return -1;
  if ((int) kind < 0 || kind >= MU_LINE_N)
    {
      mu_edit_fail (error, _("Unknown line kind %d"), (int) kind);
      return -1;
    }
  if (!check_points (t, points, n_points, 2, error))
    return -1;

  label = g_strdup_printf (_("Draw %s"), mu_line_kind_display_name (kind));
  mu_edit_touch (history, label);
  l = mu_polyline_new (kind);
  g_array_append_vals (l->points, points, n_points);
  g_ptr_array_add (t->lines, l);
  mu_edit_commit (history);
  return (int) t->lines->len - 1;
}

static gboolean
set_points (MuEditHistory *history,
            gboolean       area,
            guint          index,
            const MuPoint *points,
            guint          n_points,
            GError       **error)
{
  MuTableMap *t;
  GArray *pts;

  if (!(t = need_table (history, error)) || !need_shape (t, area, index, error) ||
      !check_points (t, points, n_points, area ? 3 : 2, error))
    return FALSE;
  pts = points_of (t, area, index);
  if (pts->len != n_points || memcmp (pts->data, points, n_points * sizeof (MuPoint)) != 0)
    {
      mu_edit_touch (history, area ? _("Reshape Area") : _("Reshape Line"));
      g_array_set_size (pts, 0);
      g_array_append_vals (pts, points, n_points);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_area_points (MuEditHistory *history,
                         guint          index,
                         const MuPoint *points,
                         guint          n_points,
                         GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return set_points (history, TRUE, index, points, n_points, error);
}

gboolean
mu_edit_set_line_points (MuEditHistory *history,
                         guint          index,
                         const MuPoint *points,
                         guint          n_points,
                         GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return set_points (history, FALSE, index, points, n_points, error);
}

static gboolean
move_shape (MuEditHistory *history,
            gboolean       area,
            guint          index,
            double         dx,
            double         dy,
            GError       **error)
{
  MuTableMap *t;
  GArray *pts;

  if (!(t = need_table (history, error)) || !need_shape (t, area, index, error))
    return FALSE;
  if (!isfinite (dx) || !isfinite (dy))
    return mu_edit_fail (error, _("The distance to move is not a number"));
  if (dx != 0 || dy != 0)
    {
      mu_edit_touch (history, area ? _("Move Area") : _("Move Line"));
      pts = points_of (t, area, index);
      for (guint i = 0; i < pts->len; i++)
        {
          g_array_index (pts, MuPoint, i).x += dx;
          g_array_index (pts, MuPoint, i).y += dy;
        }
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_move_area (MuEditHistory *history,
                   guint          index,
                   double         dx,
                   double         dy,
                   GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return move_shape (history, TRUE, index, dx, dy, error);
}

gboolean
mu_edit_move_line (MuEditHistory *history,
                   guint          index,
                   double         dx,
                   double         dy,
                   GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return move_shape (history, FALSE, index, dx, dy, error);
}

static gboolean
rotate_shape (MuEditHistory *history,
              gboolean       area,
              guint          index,
              double         degrees,
              GError       **error)
{
  MuTableMap *t;
  GArray *pts;
  double cx = 0, cy = 0, c, s;

  if (!(t = need_table (history, error)) || !need_shape (t, area, index, error))
    return FALSE;
  if (!isfinite (degrees))
    return mu_edit_fail (error, _("The angle is not a number"));
  if (fmod (degrees, 360.0) == 0)
    {
      mu_edit_commit (history);
      return TRUE;
    }

  mu_edit_touch (history, area ? _("Rotate Area") : _("Rotate Line"));
  pts = points_of (t, area, index);
  /* Around the mean of the vertices: stable, and inside any shape a person draws. */
  for (guint i = 0; i < pts->len; i++)
    {
      cx += g_array_index (pts, MuPoint, i).x;
      cy += g_array_index (pts, MuPoint, i).y;
    }
  cx /= pts->len;
  cy /= pts->len;
  c = cos (degrees * G_PI / 180.0);
  s = sin (degrees * G_PI / 180.0);
  for (guint i = 0; i < pts->len; i++)
    {
      MuPoint *p = &g_array_index (pts, MuPoint, i);
      double x = p->x - cx, y = p->y - cy;

      /* y points down, so this turns clockwise on screen */
      p->x = cx + x * c - y * s;
      p->y = cy + x * s + y * c;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_rotate_area (MuEditHistory *history,
                     guint          index,
                     double         degrees,
                     GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return rotate_shape (history, TRUE, index, degrees, error);
}

gboolean
mu_edit_rotate_line (MuEditHistory *history,
                     guint          index,
                     double         degrees,
                     GError       **error)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  return rotate_shape (history, FALSE, index, degrees, error);
}

gboolean
mu_edit_set_area_level (MuEditHistory *history,
                        guint          index,
                        int            level,
                        GError       **error)
{
  MuTableMap *t;
  MuArea *a;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(t = need_table (history, error)) || !need_shape (t, TRUE, index, error))
    return FALSE;
  a = g_ptr_array_index (t->areas, index);
  if (a->kind != MU_AREA_HILL)
    return mu_edit_fail (error, _("Only hills have a level"));
  if (level < 1 || level > MU_ELEVATION_MAX)
    return mu_edit_fail (error, _("A hill's level must be between 1 and %d, not %d"),
                         MU_ELEVATION_MAX, level);
  if (a->level != level)
    {
      mu_edit_touch (history, _("Set Hill Level"));
      a->level = level;
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_area_values (MuEditHistory *history,
                         guint          index,
                         int            capacity,
                         int            defence,
                         gboolean       hard_cover,
                         int            grade,
                         const char    *side,
                         GError       **error)
{
  MuTableMap *t;
  MuArea *a;
  gboolean building, cover;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(t = need_table (history, error)) || !need_shape (t, TRUE, index, error))
    return FALSE;
  a = g_ptr_array_index (t->areas, index);
  building = a->kind == MU_AREA_BUILDING || a->kind == MU_AREA_BUILT_UP;
  cover = building || a->kind == MU_AREA_FORTIFICATION;
  if (capacity != 0 && (!building || capacity < 1 || capacity > 99))
    return mu_edit_fail (error, building ? _("A capacity must be between 1 and 99, not %d")
                                         : _("Only buildings and built-up areas have a capacity"), capacity);
  if (defence != 0 && (!cover || defence < 1 || defence > 6))
    return mu_edit_fail (error, cover ? _("A defence value must be between 1 and 6, not %d")
                                      : _("Only buildings, built-up areas and fortifications have a defence value"),
                         defence);
  if (hard_cover && !cover)
    return mu_edit_fail (error, _("Only buildings, built-up areas and fortifications give hard cover"));
  if (grade != 0 && (a->kind != MU_AREA_FORTIFICATION || grade < 1 || grade > 3))
    return mu_edit_fail (error, a->kind == MU_AREA_FORTIFICATION ? _("A grade must be between 1 and 3, not %d")
                                                                  : _("Only fortifications have a grade"), grade);
  if (side && *side == '\0')
    side = NULL;
  if ((side != NULL) != (a->kind == MU_AREA_DEPLOYMENT))
    return mu_edit_fail (error, side ? _("Only deployment zones belong to a side")
                                     : _("A deployment zone needs a side"));
  if (side && !mu_edit_need_side (mu_edit_history_get_scenario (history), side, error))
    return FALSE;
  if (a->capacity != capacity || a->defence != defence || a->hard_cover != hard_cover ||
      a->grade != grade || g_strcmp0 (a->side, side) != 0)
    {
      mu_edit_touch (history, _("Set Area Values"));
      a->capacity = capacity;
      a->defence = defence;
      a->hard_cover = hard_cover;
      a->grade = grade;
      g_free (a->side);
      a->side = g_strdup (side);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_set_area_name (MuEditHistory *history,
                       guint          index,
                       const char    *name,
                       GError       **error)
{
  MuTableMap *t;
  MuArea *a;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  if (!mu_edit_check_text (name, error))
    return FALSE;

  if (!(t = need_table (history, error)) || !need_shape (t, TRUE, index, error))
    return FALSE;
  if (name && *name == '\0')
    name = NULL;
  a = g_ptr_array_index (t->areas, index);
  if (g_strcmp0 (a->name, name) != 0)
    {
      mu_edit_touch (history, _("Rename Area"));
      g_free (a->name);
      a->name = g_strdup (name);
    }
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_area (MuEditHistory *history,
                     guint          index,
                     GError       **error)
{
  MuTableMap *t;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(t = need_table (history, error)) || !need_shape (t, TRUE, index, error))
    return FALSE;
  mu_edit_touch (history, _("Delete Area"));
  g_ptr_array_remove_index (t->areas, index);
  mu_edit_commit (history);
  return TRUE;
}

gboolean
mu_edit_remove_line (MuEditHistory *history,
                     guint          index,
                     GError       **error)
{
  MuTableMap *t;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (!(t = need_table (history, error)) || !need_shape (t, FALSE, index, error))
    return FALSE;
  mu_edit_touch (history, _("Delete Line"));
  g_ptr_array_remove_index (t->lines, index);
  mu_edit_commit (history);
  return TRUE;
}
