/* regimental-cover.c: the cover group of Table P and the fire `cover`
 * DRM (QRS-MOR-6, QRS-AMB-6, QRS-AMB-47): woods, cover (buildings,
 * settlements, built-up areas, walls, fences, hedges), hasty works and
 * works, the best one only; lines and fortification areas only against
 * an enemy in front and behind them. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"

#include <string.h>

/* A stand and the strip of its frontage one stand depth ahead of it. */
static void
stand_and_strip (const MuStand *s, MuPoint out[4])
{
  MuPoint c[4], f = mu_facing_vector (s->facing);

  mu_stand_corners (s, c);
  /* the four corners, the front two pushed one depth ahead: the stand
   * and its strip as one rectangle */
  for (int k = 0; k < 4; k++)
    {
      double ahead = (c[k].x - s->centre.x) * f.x + (c[k].y - s->centre.y) * f.y;

      out[k] = c[k];
      if (ahead > 0)
        {
          out[k].x += f.x * s->depth;
          out[k].y += f.y * s->depth;
        }
    }
}

static gboolean
line_meets (const MuPolyline *l, const MuPoint *poly)
{
  const MuPoint *p = (const MuPoint *) l->points->data;

  for (guint i = 0; i + 1 < l->points->len; i++)
    if (mu_convex_meets_segment (poly, 4, p[i], p[i + 1]))
      return TRUE;
  return FALSE;
}

/* Whether the segment between two centres meets the line or area. */
static gboolean
between_line (const MuPolyline *l, MuPoint a, MuPoint b)
{
  const MuPoint *p = (const MuPoint *) l->points->data;

  for (guint i = 0; i + 1 < l->points->len; i++)
    if (mu_segment_intersect (a, b, p[i], p[i + 1], NULL))
      return TRUE;
  return FALSE;
}

static gboolean
between_area (const MuArea *ar, MuPoint a, MuPoint b)
{
  const MuPoint *p = (const MuPoint *) ar->points->data;
  guint n = ar->points->len;

  if (mu_polygon_contains (p, n, b))
    return TRUE;
  for (guint i = 0; i < n; i++)
    if (mu_segment_intersect (a, b, p[i], p[(i + 1) % n], NULL))
      return TRUE;
  return FALSE;
}

/* The best of the group for u, against `from` (a firer or charger; NULL
 * for any other check). */
QrsCover
qrs_cover (QrsMatch *m, const QrsUnit *u, const QrsUnit *from)
{
  const MuTableMap *t = m->scenario->table;
  guint woods = 0, cover = 0, hasty = 0, works = 0;
  MuPoint uc = mu_stands_centre (u->stand, u->n_stands);
  MuPoint fc = from ? mu_stands_centre (from->stand, from->n_stands) : uc;
  gboolean faced = from == NULL
                   || mu_stands_sector (u->stand, u->n_stands, 45.0, fc) == MU_SECTOR_FRONT;

  if (u->n_stands == 0)
    return QRS_COVER_NONE;
  for (guint i = 0; i < u->n_stands; i++)
    {
      const MuStand *s = &u->stand[i];
      MuPoint strip[4];
      guint areas[16];
      guint k = mu_terrain_areas_at (m->terrain, s->centre, areas, G_N_ELEMENTS (areas));
      gboolean w = FALSE, c = FALSE, h = FALSE, x = FALSE;

      while (k-- > 0)
        {
          const MuArea *a = g_ptr_array_index (t->areas, areas[k]);

          switch (a->kind)
            {
            case MU_AREA_WOODS:
            case MU_AREA_LIGHT_WOODS:
              w = TRUE;
              break;
            case MU_AREA_BUILDING:
            case MU_AREA_SETTLEMENT:
            case MU_AREA_BUILT_UP:
              c = TRUE;
              break;
            case MU_AREA_FORTIFICATION:
              if (faced && (from == NULL || between_area (a, fc, uc)))
                {
                  if (a->grade >= 2)
                    x = TRUE;
                  else
                    h = TRUE;
                }
              break;
            default:
              break;
            }
        }
      stand_and_strip (s, strip);
      for (guint j = 0; j < t->lines->len; j++)
        {
          const MuPolyline *l = g_ptr_array_index (t->lines, j);
          gboolean wall = l->kind == MU_LINE_WALL || l->kind == MU_LINE_FENCE || l->kind == MU_LINE_HEDGE;
          gboolean dw = l->kind == MU_LINE_DEFENCE_WORKS;

          if ((!wall && !dw) || !line_meets (l, strip))
            continue;
          if (from && (!faced || !between_line (l, fc, uc)))
            continue;
          if (wall)
            c = TRUE;
          else if (l->grade >= 2)
            x = TRUE;
          else
            h = TRUE;
        }
      woods += w;
      cover += c;
      hasty += h;
      works += x;
    }
  /* half or more of its stands (TAB-13); the best one (QRS-AMB-6) */
  if (2 * works >= u->n_stands)
    return QRS_COVER_WORKS;
  if (2 * hasty >= u->n_stands)
    return QRS_COVER_HASTY;
  if (2 * cover >= u->n_stands)
    return QRS_COVER_COVER;
  if (2 * woods >= u->n_stands)
    return QRS_COVER_WOODS;
  return QRS_COVER_NONE;
}

/* Table P's value of the group. */
int
qrs_cover_mpm (QrsCover c)
{
  static const int v[] = { 0, -1, -1, -2, -3 };

  return v[c];
}

/* The fire-modifiers key of the group (QRS-AMB-30), NULL for none. */
const char *
qrs_cover_key (QrsCover c)
{
  static const char *const k[] = { NULL, "cover woods", "cover cover", "cover hasty-works", "cover works" };

  return k[c];
}

/* QRS-AMB-46: a unit's level: the highest L with half or more of its
 * stands' centres at level L or above (0 off hills). */
static int
level_of (QrsMatch *m, const QrsUnit *u)
{
  int best = 0;

  for (int l = 1; l <= 9; l++)
    {
      guint at = 0;

      for (guint i = 0; i < u->n_stands; i++)
        at += mu_terrain_level_at (m->terrain, u->stand[i].centre) >= l;
      if (u->n_stands > 0 && 2 * at >= u->n_stands)
        best = l;
    }
  return best;
}

/* QRS-AMB-46: u is uphill of `from` (the nearest enemy when NULL). */
gboolean
qrs_uphill (QrsMatch *m, const QrsUnit *u, const QrsUnit *from)
{
  if (from == NULL)
    from = qrs_nearest_enemy (m, u);
  return from && level_of (m, u) > level_of (m, from);
}

static gboolean
point_in_stand (const MuStand *s, MuPoint p)
{
  MuPoint c[4];

  mu_stand_corners (s, c);
  return mu_polygon_contains (c, 4, p);
}

/* QRS-AMB-45: each of three rays forward from the ends and middle of its
 * front edge meets, within 6", a stand of another friendly unit that is
 * not ROUTED before any enemy stand. */
gboolean
qrs_behind_friends (QrsMatch *m, const QrsUnit *u)
{
  MuStand fp;
  MuPoint f, r, a;
  double unit = m->scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;

  if (u->n_stands == 0)
    return FALSE;
  fp = mu_stands_footprint (u->stand, u->n_stands);
  f = mu_facing_vector (fp.facing);
  r = (MuPoint) { -f.y, f.x };
  a = (MuPoint) { fp.centre.x + f.x * fp.depth / 2, fp.centre.y + f.y * fp.depth / 2 };
  for (int k = -1; k <= 1; k++)
    {
      MuPoint p0 = { a.x + r.x * k * fp.width / 2, a.y + r.y * k * fp.width / 2 };
      gboolean met = FALSE;

      for (double t = 0.05 * unit; t <= 6 * unit + 1e-9 && !met; t += 0.05 * unit)
        {
          MuPoint p = { p0.x + f.x * t, p0.y + f.y * t };
          gboolean enemy = FALSE;

          QRS_FOR_UNITS (m, o)
            if (o != u && o->arm != QRS_ARM_OFFICER && !o->removed)
              for (guint i = 0; i < o->n_stands; i++)
                if (point_in_stand (&o->stand[i], p))
                  {
                    if (o->side != u->side)
                      enemy = TRUE;
                    else if (o->morale != QRS_ROUTED)
                      met = TRUE;
                  }
          if (enemy)
            return FALSE;
        }
      if (!met)
        return FALSE;
    }
  return TRUE;
}
