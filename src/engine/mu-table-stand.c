#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-stand.h"

#include <math.h>
#include <string.h>

#include "mu-table-geom.h"

/* Formation shapes and base sizes ------------------------------------------------------- */

static const MuFormationShape default_shapes[MU_FORMATION_N] = {
  [MU_FORMATION_LINE] = { "line", 0, 0.0 },
  [MU_FORMATION_COLUMN] = { "column", 2, 0.0 },
  [MU_FORMATION_SKIRMISH] = { "skirmish", 0, 0.5 },
  [MU_FORMATION_LIMBERED] = { "limbered", 1, 0.0 },
};

const MuFormationShape *
mu_formation_shape_default (MuFormation formation)
{
  if ((guint) formation >= MU_FORMATION_N)
    formation = MU_FORMATION_LINE;
  return &default_shapes[formation];
}

void
mu_table_base_size (const MuTableMap *table,
                    MuArm             arm,
                    double           *width,
                    double           *depth)
{
  /* Common basing for each figure scale, frontage and depth in millimetres. */
  double w_mm = 40, d_mm = 20;
  const char *fs;
  double mm;

  g_return_if_fail (table != NULL);

  fs = table->figure_scale ? table->figure_scale : "15mm";
  if (g_str_has_prefix (fs, "2mm") || g_str_has_prefix (fs, "3mm"))
    w_mm = 20, d_mm = 10;
  else if (g_str_has_prefix (fs, "6mm") || g_str_has_prefix (fs, "10mm"))
    w_mm = 30, d_mm = 15;
  else if (g_str_has_prefix (fs, "25mm") || g_str_has_prefix (fs, "28mm"))
    w_mm = 60, d_mm = 30;
  if (arm == MU_ARM_CAVALRY || arm == MU_ARM_ARTILLERY || arm == MU_ARM_RIVERBOAT)
    d_mm *= 2;
  mm = table->unit == MU_UNIT_CM ? 0.1 : 1.0 / 25.4;
  if (width)
    *width = table->base_width > 0 ? table->base_width : w_mm * mm;
  /* A given base_depth is the infantry depth; mounted and guns are twice as deep. */
  if (depth)
    *depth = table->base_depth > 0 ? table->base_depth * (arm == MU_ARM_INFANTRY ? 1.0 : 2.0)
                                   : d_mm * mm;
}

double
mu_table_length_convert (double       value,
                         MuLengthUnit from,
                         MuLengthUnit to)
{
  if (from == to)
    return value;
  return from == MU_UNIT_INCH ? value * 2.54 : value / 2.54;
}

double
mu_table_contact_tolerance (MuLengthUnit unit)
{
  return unit == MU_UNIT_CM ? 0.13 : 0.05;
}

/* Layout ---------------------------------------------------------------------------------- */

MuPoint
mu_facing_vector (double facing)
{
  double a = facing * G_PI / 180.0;

  return (MuPoint) { sin (a), -cos (a) };
}

/* The cosine and sine of a facing. A unit's stands share their facing, and
 * laying them out and taking their corners asks for the same few facings
 * again and again; the last ones are kept (per thread, by the facing's bits)
 * and given back when a facing is the same to the bit, so the values are
 * always those cos and sin give. */
#define TRIG_CACHE 16

static void
facing_cos_sin (double facing, double *ca, double *sa)
{
  static _Thread_local struct {
    guint64 bits;
    double ca, sa;
    gboolean set;
  } cache[TRIG_CACHE];
  guint64 bits;
  guint slot;

  memcpy (&bits, &facing, sizeof bits);
  slot = (guint) ((bits * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 60) % TRIG_CACHE;
  if (!cache[slot].set || cache[slot].bits != bits)
    {
      double a = facing * G_PI / 180.0;

      cache[slot].ca = cos (a);
      cache[slot].sa = sin (a);
      cache[slot].bits = bits;
      cache[slot].set = TRUE;
    }
  *ca = cache[slot].ca;
  *sa = cache[slot].sa;
}

/* A point of a frame at `origin` facing `facing`: lx to the right, ly backwards. */
static MuPoint
frame_point (MuPoint origin, double facing, double lx, double ly)
{
  double ca, sa;

  facing_cos_sin (facing, &ca, &sa);
  return (MuPoint) { origin.x + lx * ca - ly * sa, origin.y + lx * sa + ly * ca };
}

/* The inverse of frame_point. */
static MuPoint
to_frame (MuPoint origin, double facing, MuPoint p)
{
  double ca, sa;
  double dx = p.x - origin.x, dy = p.y - origin.y;

  facing_cos_sin (facing, &ca, &sa);

  return (MuPoint) { dx * ca + dy * sa, -dx * sa + dy * ca };
}

guint
mu_formation_shape_files (const MuFormationShape *shape,
                          guint                   n)
{
  guint f;

  g_return_val_if_fail (shape != NULL, 1);

  if (shape->files > 0)
    f = MIN (shape->files, n);
  else
    f = shape->ranks > 1 ? (n + shape->ranks - 1) / shape->ranks : n;
  return MAX (f, 1u);
}

static void
shape_extent (const MuFormationShape *shape, guint n, double width, double depth,
              guint *files, guint *ranks, double *total_w, double *total_d)
{
  guint f = mu_formation_shape_files (shape, n);

  *files = f;
  *ranks = (n + f - 1) / f;
  *total_w = f * width + (f - 1) * shape->gap * width;
  *total_d = *ranks * depth;
}

guint
mu_stands_layout (const MuFormationShape *shape,
                  guint                   n,
                  double                  width,
                  double                  depth,
                  MuPoint                 anchor,
                  double                  facing,
                  MuStand                *out,
                  guint                   max)
{
  guint files, ranks;
  double total_w, total_d;

  g_return_val_if_fail (shape != NULL && out != NULL, 0);

  n = MIN (n, max);
  if (n == 0)
    return 0;
  shape_extent (shape, n, width, depth, &files, &ranks, &total_w, &total_d);
  for (guint i = 0; i < n; i++)
    {
      guint r = i / files, col = i % files;
      double lx = -total_w / 2 + width / 2 + col * (width + shape->gap * width);
      double ly = depth / 2 + r * depth;

      out[i] = (MuStand) { frame_point (anchor, facing, lx, ly), width, depth, facing, r };
    }
  return n;
}

guint
mu_table_counter_stands (const MuTableMap       *table,
                         const MuCounter        *counter,
                         const MuFormationShape *shape,
                         MuFormation             formation,
                         int                     strength,
                         MuPoint                 centre,
                         double                  facing,
                         MuStand                *out,
                         guint                   max)
{
  double w, d, total_w, total_d;
  guint n, files, ranks;
  MuPoint anchor;

  g_return_val_if_fail (table != NULL && counter != NULL && out != NULL, 0);

  if (counter->kind != MU_COUNTER_UNIT)
    {
      mu_table_base_size (table, MU_ARM_INFANTRY, &w, NULL);
      shape = &default_shapes[MU_FORMATION_LINE];
      n = 1;
      d = w;
    }
  else
    {
      mu_table_base_size (table, counter->arm, &w, &d);
      if (shape == NULL)
        shape = mu_formation_shape_default (formation);
      n = (guint) MAX (strength > 0 ? strength : counter->strength, 1);
    }
  n = MIN (n, max);
  shape_extent (shape, n, w, d, &files, &ranks, &total_w, &total_d);
  anchor = frame_point (centre, facing, 0, -total_d / 2);
  return mu_stands_layout (shape, n, w, d, anchor, facing, out, max);
}

/* Shapes and distances ------------------------------------------------------------------- */

void
mu_stand_corners (const MuStand *s,
                  MuPoint        corners[4])
{
  double hw = s->width / 2, hd = s->depth / 2;
  const double lx[4] = { -hw, hw, hw, -hw }, ly[4] = { -hd, -hd, hd, hd };
  double ca, sa;

  /* frame_point for each corner, with the sine and cosine taken once: the
   * same operations, so the same corners to the last bit */
  facing_cos_sin (s->facing, &ca, &sa);
  for (int k = 0; k < 4; k++)
    corners[k] = (MuPoint) { s->centre.x + lx[k] * ca - ly[k] * sa, s->centre.y + lx[k] * sa + ly[k] * ca };
}

/* A box around a stand for the pairs it is measured in. It starts loose,
 * from the centre and size alone (no corners needed: each corner is at
 * most half the width plus half the depth from the centre along x and
 * along y), and is tightened to the corners, worked out once, when a pair
 * needs them. Either way it holds the stand. */
typedef struct {
  const MuStand *s;
  MuPoint c[4];
  double x0, y0, x1, y1;
  gboolean exact;
} StandBox;

/* How much farther apart than a limit two boxes must be before the exact
 * test of their stands is skipped, and how much the loose box is widened.
 * The rounding of a stand's corners and of the distance between stands on
 * any table (coordinates of at most thousands of units) is below 1e-12;
 * this is far above it, so a skipped pair's exact distance is beyond the
 * limit too and every answer is what the exact test gives. */
#define BOX_SLACK MU_STANDS_BOX_SLACK

static void
stand_boxes (const MuStand *stands, guint n, StandBox *out)
{
  for (guint i = 0; i < n; i++)
    {
      StandBox *b = &out[i];
      double r = fabs (stands[i].width) / 2 + fabs (stands[i].depth) / 2 + BOX_SLACK;

      b->s = &stands[i];
      b->exact = FALSE;
      b->x0 = stands[i].centre.x - r, b->x1 = stands[i].centre.x + r;
      b->y0 = stands[i].centre.y - r, b->y1 = stands[i].centre.y + r;
    }
}

/* The stand's corners; its box is tightened to them. */
static const MuPoint *
box_corners (StandBox *b)
{
  if (!b->exact)
    {
      mu_stand_corners (b->s, b->c);
      b->x0 = b->x1 = b->c[0].x;
      b->y0 = b->y1 = b->c[0].y;
      for (int k = 1; k < 4; k++)
        {
          b->x0 = MIN (b->x0, b->c[k].x), b->x1 = MAX (b->x1, b->c[k].x);
          b->y0 = MIN (b->y0, b->c[k].y), b->y1 = MAX (b->y1, b->c[k].y);
        }
      b->exact = TRUE;
    }
  return b->c;
}

/* A lower bound of the distance between the stands of two boxes: their gap
 * along x or along y; 0 or less when the boxes meet. */
static double
box_gap (const StandBox *a, const StandBox *b)
{
  double gx = MAX (b->x0 - a->x1, a->x0 - b->x1), gy = MAX (b->y0 - a->y1, a->y0 - b->y1);

  return MAX (gx, gy);
}

/* Whether the boxes of two stands are at most `limit` apart, the loose
 * boxes tightened to the corners when they do not settle it. When TRUE,
 * both stands' corners are in their boxes. */
static gboolean
boxes_within (StandBox *a, StandBox *b, double limit)
{
  if (box_gap (a, b) > limit)
    return FALSE;
  if (a->exact && b->exact)
    return TRUE;
  box_corners (a);
  box_corners (b);
  return box_gap (a, b) <= limit;
}

MuPoint
mu_stands_centre (const MuStand *stands,
                  guint          n)
{
  MuPoint c = { 0, 0 };

  for (guint i = 0; i < n; i++)
    {
      c.x += stands[i].centre.x / n;
      c.y += stands[i].centre.y / n;
    }
  return c;
}

MuStand
mu_stands_footprint (const MuStand *stands,
                     guint          n)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  MuStand f = { { 0, 0 }, 0, 0, 0, 0 };

  g_return_val_if_fail (stands != NULL && n > 0, f);

  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&stands[i], c);
      for (int k = 0; k < 4; k++)
        {
          MuPoint l = to_frame (stands[0].centre, stands[0].facing, c[k]);
          x0 = MIN (x0, l.x), y0 = MIN (y0, l.y), x1 = MAX (x1, l.x), y1 = MAX (y1, l.y);
        }
    }
  f.centre = frame_point (stands[0].centre, stands[0].facing, (x0 + x1) / 2, (y0 + y1) / 2);
  f.width = x1 - x0;
  f.depth = y1 - y0;
  f.facing = stands[0].facing;
  return f;
}

MuPoint
mu_stands_anchor (const MuStand *stands,
                  guint          n)
{
  MuStand f = mu_stands_footprint (stands, n);

  return frame_point (f.centre, f.facing, 0, -f.depth / 2);
}

double
mu_stand_distance (const MuStand *a,
                   const MuStand *b)
{
  MuPoint ca[4], cb[4];

  mu_stand_corners (a, ca);
  mu_stand_corners (b, cb);
  return mu_convex_distance (ca, 4, cb, 4);
}

double
mu_stands_distance (const MuStand *a,
                    guint          n_a,
                    const MuStand *b,
                    guint          n_b)
{
  StandBox ba[MU_STANDS_MAX], bb[MU_STANDS_MAX];
  double best = G_MAXDOUBLE, near = G_MAXDOUBLE;
  guint i0 = 0, k0 = 0;

  if (n_a > MU_STANDS_MAX || n_b > MU_STANDS_MAX)
    {
      for (guint i = 0; i < n_a; i++)
        for (guint k = 0; k < n_b; k++)
          best = MIN (best, mu_stand_distance (&a[i], &b[k]));
      return best;
    }
  if (n_a == 0 || n_b == 0)
    return best;
  stand_boxes (a, n_a, ba);
  stand_boxes (b, n_b, bb);
  /* The nearest boxes first: the smallest distance is found early and the
   * pairs whose boxes are farther apart than it need no exact test. */
  for (guint i = 0; i < n_a; i++)
    for (guint k = 0; k < n_b; k++)
      {
        double g = box_gap (&ba[i], &bb[k]);

        if (g < near)
          near = g, i0 = i, k0 = k;
      }
  best = mu_convex_distance (box_corners (&ba[i0]), 4, box_corners (&bb[k0]), 4);
  for (guint i = 0; i < n_a; i++)
    for (guint k = 0; k < n_b; k++)
      if ((i != i0 || k != k0) && boxes_within (&ba[i], &bb[k], best + BOX_SLACK))
        best = MIN (best, mu_convex_distance (ba[i].c, 4, bb[k].c, 4));
  return best;
}

double
mu_stands_point_distance (const MuStand *stands,
                          guint          n,
                          MuPoint        p)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&stands[i], c);
      if (mu_polygon_contains (c, 4, p))
        return 0;
      for (int k = 0; k < 4; k++)
        best = MIN (best, mu_segment_point_distance (c[k], c[(k + 1) % 4], p));
    }
  return best;
}

double
mu_stand_range (const MuStand *firer,
                const MuStand *target,
                guint          n_target)
{
  MuPoint c[4], t[4];
  double best = G_MAXDOUBLE;

  mu_stand_corners (firer, c);
  for (guint i = 0; i < n_target; i++)
    {
      mu_stand_corners (&target[i], t);
      for (int k = 0; k < 4; k++)
        best = MIN (best, mu_segment_distance (c[0], c[1], t[k], t[(k + 1) % 4]));
    }
  return best;
}

gboolean
mu_stands_overlap (const MuStand *a,
                   guint          n_a,
                   const MuStand *b,
                   guint          n_b)
{
  StandBox ba[MU_STANDS_MAX], bb[MU_STANDS_MAX];

  if (n_a > MU_STANDS_MAX || n_b > MU_STANDS_MAX)
    {
      for (guint i = 0; i < n_a; i++)
        for (guint k = 0; k < n_b; k++)
          {
            MuPoint ca[4], cb[4];

            mu_stand_corners (&a[i], ca);
            mu_stand_corners (&b[k], cb);
            if (mu_convex_overlap (ca, 4, cb, 4, MU_TABLE_EPSILON))
              return TRUE;
          }
      return FALSE;
    }
  stand_boxes (a, n_a, ba);
  stand_boxes (b, n_b, bb);
  for (guint i = 0; i < n_a; i++)
    for (guint k = 0; k < n_b; k++)
      /* Boxes apart (the rounded difference of two coordinates has the sign
       * of the exact one, and each box holds its stand): the stands are
       * apart, and the separating axis test finds an edge that parts them
       * with room to spare against its slack. */
      if (boxes_within (&ba[i], &bb[k], 0) && mu_convex_overlap (ba[i].c, 4, bb[k].c, 4, MU_TABLE_EPSILON))
        return TRUE;
  return FALSE;
}

gboolean
mu_stands_in_contact (const MuStand *a,
                      guint          n_a,
                      const MuStand *b,
                      guint          n_b,
                      double         tolerance)
{
  return mu_stands_within (a, n_a, b, n_b, tolerance);
}

gboolean
mu_stands_within (const MuStand *a,
                  guint          n_a,
                  const MuStand *b,
                  guint          n_b,
                  double         limit)
{
  StandBox ba[MU_STANDS_MAX], bb[MU_STANDS_MAX];

  if (n_a > MU_STANDS_MAX || n_b > MU_STANDS_MAX)
    return mu_table_within (mu_stands_distance (a, n_a, b, n_b), limit);
  stand_boxes (a, n_a, ba);
  stand_boxes (b, n_b, bb);
  /* The smallest distance is within the limit exactly when one pair's
   * is; pairs whose boxes are farther apart than that cannot be. */
  for (guint i = 0; i < n_a; i++)
    for (guint k = 0; k < n_b; k++)
      if (boxes_within (&ba[i], &bb[k], limit + MU_TABLE_EPSILON + BOX_SLACK) &&
          mu_table_within (mu_convex_distance (ba[i].c, 4, bb[k].c, 4), limit))
        return TRUE;
  return FALSE;
}

/* Arcs and sectors ------------------------------------------------------------------------ */

/* The arc ahead of a stand's front edge, cut off far beyond any table: a
 * convex quadrilateral. */
static void
arc_polygon (const MuStand *s, double half_angle, MuPoint out[4])
{
  const double far = 1e5;
  double hw = s->width / 2, hd = s->depth / 2, sgn = -1;
  double t = tan (CLAMP (half_angle, 0.0, 89.0) * G_PI / 180.0);

  out[0] = frame_point (s->centre, s->facing, -hw, sgn * hd);
  out[1] = frame_point (s->centre, s->facing, hw, sgn * hd);
  out[2] = frame_point (s->centre, s->facing, hw + far * t, sgn * (hd + far));
  out[3] = frame_point (s->centre, s->facing, -hw - far * t, sgn * (hd + far));
}

static gboolean
all_round (double half_angle)
{
  return half_angle >= MU_ARC_ALL_ROUND;
}

double
mu_formation_shape_arc (const MuFormationShape *shape,
                        double                  half_angle)
{
  return shape && shape->all_round ? MU_ARC_ALL_ROUND : half_angle;
}

gboolean
mu_stand_arc_contains (const MuStand *stand,
                       double         half_angle,
                       MuPoint        p)
{
  MuPoint l;
  double ahead, t;

  g_return_val_if_fail (stand != NULL, FALSE);

  if (all_round (half_angle))
    return TRUE;
  l = to_frame (stand->centre, stand->facing, p);
  ahead = -stand->depth / 2 - l.y;
  t = tan (CLAMP (half_angle, 0.0, 89.0) * G_PI / 180.0);
  return mu_table_within (0, ahead) && mu_table_within (fabs (l.x), stand->width / 2 + ahead * t);
}

gboolean
mu_stands_arc_contains (const MuStand *unit,
                        guint          n_unit,
                        double         half_angle,
                        MuPoint        p)
{
  g_return_val_if_fail (unit != NULL || n_unit == 0, FALSE);

  if (all_round (half_angle))
    return n_unit > 0;
  for (guint i = 0; i < n_unit; i++)
    if (unit[i].rank == 0 && mu_stand_arc_contains (&unit[i], half_angle, p))
      return TRUE;
  return FALSE;
}

gboolean
mu_stands_in_arc (const MuStand *unit,
                  guint          n_unit,
                  double         half_angle,
                  const MuStand *target,
                  guint          n_target,
                  MuArcTest      test)
{
  g_return_val_if_fail ((unit != NULL || n_unit == 0) && (target != NULL || n_target == 0), FALSE);

  if (all_round (half_angle))
    return n_unit > 0 && n_target > 0;
  if (test == MU_ARC_WHOLE_STAND)
    {
      /* the union of the front rank's arcs: each corner may lie in the arc
       * of a different stand of the rank (TS-AMB-42) */
      for (guint k = 0; k < n_target; k++)
        {
          MuPoint c[4];
          gboolean all = TRUE;

          mu_stand_corners (&target[k], c);
          for (int j = 0; j < 4 && all; j++)
            all = mu_stands_arc_contains (unit, n_unit, half_angle, c[j]);
          if (all)
            return TRUE;
        }
      return FALSE;
    }
  for (guint i = 0; i < n_unit; i++)
    {
      MuPoint arc[4];

      if (unit[i].rank != 0)
        continue;
      arc_polygon (&unit[i], half_angle, arc);
      for (guint k = 0; k < n_target; k++)
        {
          MuPoint c[4];

          mu_stand_corners (&target[k], c);
          if (mu_convex_overlap (arc, 4, c, 4, 0) ||
              mu_stand_arc_contains (&unit[i], half_angle, c[0]))
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
mu_polygon_in_arc (const MuStand *unit,
                   guint          n_unit,
                   double         half_angle,
                   const MuPoint *polygon,
                   guint          n_polygon)
{
  g_return_val_if_fail ((unit != NULL || n_unit == 0) && (polygon != NULL || n_polygon == 0), FALSE);

  if (n_polygon == 0 || n_unit == 0)
    return FALSE;
  if (all_round (half_angle))
    return TRUE;
  for (guint i = 0; i < n_unit; i++)
    {
      MuPoint arc[4];

      if (unit[i].rank != 0)
        continue;
      /* a vertex in the arc, or an edge of the polygon meeting it; the arc
       * inside the polygon is found by the arc's own corner */
      arc_polygon (&unit[i], half_angle, arc);
      for (guint k = 0; k < n_polygon; k++)
        if (mu_stand_arc_contains (&unit[i], half_angle, polygon[k]) ||
            mu_convex_meets_segment (arc, 4, polygon[k], polygon[(k + 1) % n_polygon]))
          return TRUE;
      if (n_polygon >= 3 && mu_polygon_contains (polygon, n_polygon, arc[0]))
        return TRUE;
    }
  return FALSE;
}

gboolean
mu_polygon_arc_contains (const MuPoint *polygon,
                         guint          n_polygon,
                         double         half_angle,
                         MuPoint        p)
{
  double area2 = 0, t;

  g_return_val_if_fail (polygon != NULL || n_polygon == 0, FALSE);

  if (all_round (half_angle))
    return TRUE;
  if (n_polygon < 3)
    return FALSE;
  /* twice the signed area: its sign says which side of each edge is out */
  for (guint k = 0; k < n_polygon; k++)
    {
      MuPoint a = polygon[k], b = polygon[(k + 1) % n_polygon];

      area2 += a.x * b.y - b.x * a.y;
    }
  t = tan (CLAMP (half_angle, 0.0, 89.0) * G_PI / 180.0);
  for (guint k = 0; k < n_polygon; k++)
    {
      MuPoint a = polygon[k], b = polygon[(k + 1) % n_polygon];
      double len = hypot (b.x - a.x, b.y - a.y), ux, uy, nx, ny, ahead, across;

      if (len <= 0)
        continue;
      ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
      /* the outward normal: (uy, -ux) when the shoelace sum is positive
       * (the vertices go clockwise on the y-down table), else its opposite */
      nx = area2 > 0 ? uy : -uy;
      ny = area2 > 0 ? -ux : ux;
      ahead = (p.x - a.x) * nx + (p.y - a.y) * ny;
      across = (p.x - (a.x + b.x) / 2) * ux + (p.y - (a.y + b.y) / 2) * uy;
      if (mu_table_within (0, ahead) && mu_table_within (fabs (across), len / 2 + ahead * t))
        return TRUE;
    }
  return FALSE;
}

MuSector
mu_stands_sector (const MuStand *target,
                  guint          n_target,
                  double         half_angle,
                  MuPoint        attacker_centre)
{
  MuStand f;
  MuStand back;

  g_return_val_if_fail (target != NULL && n_target > 0, MU_SECTOR_FLANK);

  if (all_round (half_angle))
    return MU_SECTOR_FRONT;
  f = mu_stands_footprint (target, n_target);
  if (mu_stand_arc_contains (&f, half_angle, attacker_centre))
    return MU_SECTOR_FRONT;
  /* The rear arc is the front arc of the footprint turned about. */
  back = f;
  back.facing = f.facing + 180;
  if (mu_stand_arc_contains (&back, half_angle, attacker_centre))
    return MU_SECTOR_REAR;
  return MU_SECTOR_FLANK;
}

const char *
mu_sector_to_string (MuSector sector)
{
  switch (sector)
    {
    case MU_SECTOR_FRONT: return "front";
    case MU_SECTOR_REAR: return "rear";
    case MU_SECTOR_FLANK:
    default: return "flank";
    }
}

MuPoint
mu_stands_away_vector (const MuStand *unit,
                       guint          n_unit,
                       const MuStand *enemy,
                       guint          n_enemy)
{
  MuPoint c, from = { 0, 0 }, zero = { 0, 0 };
  double near[MU_STANDS_MAX], best = G_MAXDOUBLE, len;
  guint n_best = 0;

  g_return_val_if_fail (unit != NULL && n_unit > 0 && enemy != NULL && n_enemy > 0, zero);

  /* TAB-17: "nearest" between stand centres (edge to edge, every stand of
   * a line that meets another head on touches, and the first of them
   * would send the unit off at an angle) */
  n_enemy = MIN (n_enemy, MU_STANDS_MAX);
  c = mu_stands_centre (unit, n_unit);
  for (guint i = 0; i < n_enemy; i++)
    {
      near[i] = G_MAXDOUBLE;
      for (guint k = 0; k < n_unit; k++)
        near[i] = MIN (near[i], hypot (enemy[i].centre.x - unit[k].centre.x,
                                       enemy[i].centre.y - unit[k].centre.y));
      best = MIN (best, near[i]);
    }
  for (guint i = 0; i < n_enemy; i++)
    if (mu_table_within (near[i], best))
      {
        from = enemy[i].centre;
        n_best++;
      }
  /* two equally near (TAB-4): from the centre of the enemy's footprint */
  if (n_best > 1)
    from = mu_stands_footprint (enemy, n_enemy).centre;
  len = hypot (c.x - from.x, c.y - from.y);
  if (len <= 0)
    return zero;
  return (MuPoint) { (c.x - from.x) / len, (c.y - from.y) / len };
}

guint
mu_stands_count_in_polygon (const MuStand *stands,
                            guint          n,
                            const MuPoint *polygon,
                            guint          n_polygon)
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (mu_polygon_contains (polygon, n_polygon, stands[i].centre))
      count++;
  return count;
}

gboolean
mu_stands_in_polygon (const MuStand *stands,
                      guint          n,
                      const MuPoint *polygon,
                      guint          n_polygon)
{
  return n > 0 && 2 * mu_stands_count_in_polygon (stands, n, polygon, n_polygon) >= n;
}

/* Footprint area inside polygons --------------------------------------------------------- */


/* The x where segment a-b meets the line y = c, if it does between its ends. */
static void
add_level_crossing (GArray *xs, MuPoint a, MuPoint b, double c)
{
  if ((a.y < c) != (b.y < c) && a.y != b.y)
    {
      double x = a.x + (c - a.y) * (b.x - a.x) / (b.y - a.y);
      g_array_append_val (xs, x);
    }
}

double
mu_stand_area_in_polygons (const MuStand        *stand,
                           const MuPoint *const *polygons,
                           const guint          *n_points,
                           guint                 n_polygons)
{
  double hw, hd, area = 0;
  g_autoptr(GArray) local = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, 2 * sizeof (MuPoint));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) iv = g_array_new (FALSE, FALSE, 2 * sizeof (double));

  g_return_val_if_fail (stand != NULL, 0);
  g_return_val_if_fail (n_polygons == 0 || (polygons != NULL && n_points != NULL), 0);

  hw = stand->width / 2;
  hd = stand->depth / 2;
  /* Everything in the stand's own frame: the footprint is [-hw, hw] x [-hd, hd]. */
  for (guint p = 0; p < n_polygons; p++)
    {
      g_array_append_val (starts, local->len);
      for (guint i = 0; i < n_points[p]; i++)
        {
          MuPoint q = to_frame (stand->centre, stand->facing, polygons[p][i]);
          g_array_append_val (local, q);
        }
    }
  g_array_append_val (starts, local->len);
  {
    double ends[2] = { -hw, hw };
    g_array_append_vals (xs, ends, 2);
  }
  /* Breaks: vertices, crossings of the footprint's front and rear lines, and
   * crossings of the edges that reach the footprint's box. */
  for (guint p = 0; p < n_polygons; p++)
    {
      guint s0 = g_array_index (starts, guint, p), s1 = g_array_index (starts, guint, p + 1);

      if (s1 - s0 < 3)
        continue;
      for (guint i = s0; i < s1; i++)
        {
          MuPoint a = g_array_index (local, MuPoint, i);
          MuPoint b = g_array_index (local, MuPoint, i + 1 < s1 ? i + 1 : s0);
          MuPoint e[2] = { a, b };

          g_array_append_val (xs, a.x);
          add_level_crossing (xs, a, b, -hd);
          add_level_crossing (xs, a, b, hd);
          if (MAX (a.x, b.x) >= -hw && MIN (a.x, b.x) <= hw && MAX (a.y, b.y) >= -hd && MIN (a.y, b.y) <= hd)
            g_array_append_vals (near, e, 1);
        }
    }
  for (guint i = 0; i < near->len; i++)
    for (guint k = i + 1; k < near->len; k++)
      {
        const MuPoint *e = &g_array_index (near, MuPoint, 2 * i), *f = &g_array_index (near, MuPoint, 2 * k);
        double t;

        if (mu_segment_intersect (e[0], e[1], f[0], f[1], &t))
          {
            double x = e[0].x + t * (e[1].x - e[0].x);
            g_array_append_val (xs, x);
          }
      }
  g_array_sort (xs, mu_compare_doubles);

  /* Per strip: the union of the polygons' spans across the footprint's depth
   * at the strip's middle; the covered depth is linear inside a strip. */
  for (guint j = 1; j < xs->len; j++)
    {
      double x0 = MAX (g_array_index (xs, double, j - 1), -hw), x1 = MIN (g_array_index (xs, double, j), hw);
      double xm = (x0 + x1) / 2, covered = 0, reach = -hd;

      if (x1 - x0 <= 1e-12)
        continue;
      g_array_set_size (iv, 0);
      for (guint p = 0; p < n_polygons; p++)
        {
          guint s0 = g_array_index (starts, guint, p), s1 = g_array_index (starts, guint, p + 1);

          if (s1 - s0 < 3)
            continue;
          g_array_set_size (ys, 0);
          for (guint i = s0; i < s1; i++)
            {
              MuPoint a = g_array_index (local, MuPoint, i);
              MuPoint b = g_array_index (local, MuPoint, i + 1 < s1 ? i + 1 : s0);

              if ((a.x <= xm) != (b.x <= xm))
                {
                  double y = a.y + (xm - a.x) * (b.y - a.y) / (b.x - a.x);
                  g_array_append_val (ys, y);
                }
            }
          g_array_sort (ys, mu_compare_doubles);
          for (guint i = 0; i + 1 < ys->len; i += 2)
            {
              double lohi[2] = { MAX (g_array_index (ys, double, i), -hd), MIN (g_array_index (ys, double, i + 1), hd) };

              if (lohi[1] > lohi[0])
                g_array_append_val (iv, lohi);
            }
        }
      g_array_sort (iv, mu_compare_doubles);
      for (guint i = 0; i < iv->len; i++)
        {
          const double *lohi = &g_array_index (iv, double, 2 * i);

          if (lohi[1] > reach)
            {
              covered += lohi[1] - MAX (lohi[0], reach);
              reach = lohi[1];
            }
        }
      area += covered * (x1 - x0);
    }
  return area;
}
