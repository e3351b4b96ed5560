/* muster-map-trace.c: drawing the scene's trace over the board */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-trace.h"

#include <math.h>

#define SIGHT_R 0.25
#define SIGHT_G 0.85
#define SIGHT_B 0.35
#define BLOCK_R 0.95
#define BLOCK_G 0.20
#define BLOCK_B 0.20
#define PATH_R  0.30
#define PATH_G  0.65
#define PATH_B  1.00

/* A line dark under light, so that it shows on every terrain. */
static void
stroke_two (cairo_t *cr,
            double   r,
            double   g,
            double   b,
            double   width,
            gboolean dashed)
{
  const double dash[] = { 6, 4 };

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
  cairo_set_line_width (cr, width + 2);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, width);
  if (dashed)
    cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_hex (cairo_t                   *cr,
          const MusterViewTransform *transform,
          const MuScenario          *scenario,
          double                     hex_size,
          MuHex                      hex)
{
  for (int k = 0; k < 6; k++)
    {
      double x, y, wx, wy;

      mu_hex_corner (&scenario->hex_map->grid, hex_size, hex, k, &x, &y);
      muster_view_to_widget (transform, x, y, &wx, &wy);
      if (k == 0)
        cairo_move_to (cr, wx, wy);
      else
        cairo_line_to (cr, wx, wy);
    }
  cairo_close_path (cr);
}

/* The label in a dark box beside (x, y), kept inside the widget. */
static void
draw_label (GtkWidget  *widget,
            cairo_t    *cr,
            const char *text,
            double      x,
            double      y,
            double      w,
            double      h)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int lw, lh;
  double bx, by;

  pango_layout_get_pixel_size (layout, &lw, &lh);
  bx = CLAMP (x + 12, 2, MAX (2, w - lw - 10));
  by = CLAMP (y + 12, 2, MAX (2, h - lh - 8));
  cairo_rectangle (cr, bx - 4, by - 2, lw + 8, lh + 4);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, bx, by);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The table's spots: a ring at each point a selected unit may move to. */
static void
draw_spots (cairo_t                   *cr,
            const MusterViewTransform *transform,
            const MuPoint             *spots,
            guint                      n)
{
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      muster_view_to_widget (transform, spots[i].x, spots[i].y, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, 6, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.24, 0.71, 0.29, 0.45);
      cairo_fill_preserve (cr);
      stroke_two (cr, 0.24, 0.71, 0.29, 2, FALSE);
    }
}

/* A ring's corners as drawn, in widget pixels, without repeated points. */
static GArray *
ring_points (const MusterViewTransform *transform,
             const GArray              *ring)
{
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), ring->len);

  for (guint k = 0; k < ring->len; k++)
    {
      MuPoint p;

      muster_view_to_widget (transform, g_array_index (ring, MuPoint, k).x, g_array_index (ring, MuPoint, k).y,
                             &p.x, &p.y);
      if (out->len > 0 && hypot (p.x - g_array_index (out, MuPoint, out->len - 1).x,
                                 p.y - g_array_index (out, MuPoint, out->len - 1).y) < 0.01)
        continue;
      g_array_append_val (out, p);
    }
  while (out->len > 1 && hypot (g_array_index (out, MuPoint, 0).x - g_array_index (out, MuPoint, out->len - 1).x,
                                g_array_index (out, MuPoint, 0).y - g_array_index (out, MuPoint, out->len - 1).y) < 0.01)
    g_array_set_size (out, out->len - 1);
  return out;
}

/* The Bézier control point leaving b towards c of the centripetal
 * Catmull-Rom curve through a, b, c (Yuksel et al.): it never loops or
 * overshoots into a cusp, and its tangent at b is the same on both sides. */
static MuPoint
control_after (MuPoint a,
               MuPoint b,
               MuPoint c)
{
  double d1 = sqrt (hypot (b.x - a.x, b.y - a.y)), d2 = sqrt (hypot (c.x - b.x, c.y - b.y));
  double k = 3 * d1 * (d1 + d2);

  if (d1 < 1e-9 || d2 < 1e-9)
    return b;
  return (MuPoint) { (d1 * d1 * c.x - d2 * d2 * a.x + (2 * d1 * d1 + 3 * d1 * d2 + d2 * d2) * b.x) / k,
                     (d1 * d1 * c.y - d2 * d2 * a.y + (2 * d1 * d1 + 3 * d1 * d2 + d2 * d2) * b.y) / k };
}

void
muster_map_trace_area_path (cairo_t                   *cr,
                            const MusterViewTransform *transform,
                            const MuRegion            *area)
{
  g_return_if_fail (cr != NULL && transform != NULL && area != NULL);

  for (guint i = 0; i < mu_region_n_polygons (area); i++)
    for (guint h = 0; h <= mu_region_n_holes (area, i); h++)
      {
        g_autoptr(GArray) pts = ring_points (transform, h == 0 ? mu_region_get_outer (area, i)
                                                                : mu_region_get_hole (area, i, h - 1));
        guint n = pts->len;

        if (n < 3)
          continue;
        cairo_move_to (cr, g_array_index (pts, MuPoint, 0).x, g_array_index (pts, MuPoint, 0).y);
        /* a hole is another unit's base (or what of it the region holds):
         * its straight sides, as the base is drawn */
        for (guint k = 1; h > 0 && k < n; k++)
          cairo_line_to (cr, g_array_index (pts, MuPoint, k).x, g_array_index (pts, MuPoint, k).y);
        for (guint k = 0; h == 0 && k < n; k++)
          {
            MuPoint p0 = g_array_index (pts, MuPoint, (k + n - 1) % n);
            MuPoint p1 = g_array_index (pts, MuPoint, k);
            MuPoint p2 = g_array_index (pts, MuPoint, (k + 1) % n);
            MuPoint p3 = g_array_index (pts, MuPoint, (k + 2) % n);
            MuPoint c1 = control_after (p0, p1, p2);
            MuPoint c2 = control_after (p3, p2, p1);   /* the same, walked backwards */

            cairo_curve_to (cr, c1.x, c1.y, c2.x, c2.y, p2.x, p2.y);
          }
        cairo_close_path (cr);
      }
}

/* The region a unit may move into: its rings filled even-odd, so holes
 * stay clear, and outlined. The engine gives the region as the points its
 * rays reach, a few degrees apart; joined by straight lines they drew a
 * star of spikes near woods and friends, so the outline is a smooth curve
 * through the same points. */
static void
draw_area (cairo_t                   *cr,
           const MusterViewTransform *transform,
           const MuRegion            *area)
{
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  muster_map_trace_area_path (cr, transform, area);
  cairo_set_source_rgba (cr, 0.24, 0.71, 0.29, 0.18);
  cairo_fill_preserve (cr);
  stroke_two (cr, 0.24, 0.71, 0.29, 1.5, TRUE);
}

void
muster_map_trace_snapshot (GtkWidget                 *widget,
                           GtkSnapshot               *snapshot,
                           const MusterViewTransform *transform,
                           const MuScenario          *scenario,
                           double                     hex_size,
                           const MusterTrace         *trace,
                           const MuPoint             *spots,
                           guint                      n_spots,
                           const MuRegion            *area,
                           double                     w,
                           double                     h)
{
  cairo_t *cr;
  double x0, y0, x1, y1, mx = 0, my = 0;

  if (area != NULL && !mu_region_is_empty (area))
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      draw_area (cr, transform, area);
      cairo_destroy (cr);
    }
  if (spots != NULL && n_spots > 0)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      draw_spots (cr, transform, spots, n_spots);
      cairo_destroy (cr);
    }
  if (trace == NULL || trace->kind == MUSTER_TRACE_NONE || trace->n_points < 2)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  muster_view_to_widget (transform, trace->points[0].x, trace->points[0].y, &x0, &y0);
  muster_view_to_widget (transform, trace->points[trace->n_points - 1].x,
                         trace->points[trace->n_points - 1].y, &x1, &y1);

  if (trace->kind == MUSTER_TRACE_SIGHT)
    {
      if (trace->blocked)
        muster_view_to_widget (transform, trace->mark.x, trace->mark.y, &mx, &my);
      if (trace->blocked && !mu_hex_equal (trace->mark_hex, MU_HEX_NONE) && scenario->hex_map != NULL)
        {
          draw_hex (cr, transform, scenario, hex_size, trace->mark_hex);
          cairo_set_source_rgba (cr, BLOCK_R, BLOCK_G, BLOCK_B, 0.35);
          cairo_fill_preserve (cr);
          stroke_two (cr, BLOCK_R, BLOCK_G, BLOCK_B, 2, FALSE);
        }
      /* seen up to what blocks it, then dashed red beyond */
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, trace->blocked ? mx : x1, trace->blocked ? my : y1);
      stroke_two (cr, SIGHT_R, SIGHT_G, SIGHT_B, 2.5, FALSE);
      if (trace->blocked)
        {
          cairo_move_to (cr, mx, my);
          cairo_line_to (cr, x1, y1);
          stroke_two (cr, BLOCK_R, BLOCK_G, BLOCK_B, 2, TRUE);
          /* a cross where the line is blocked */
          cairo_move_to (cr, mx - 6, my - 6);
          cairo_line_to (cr, mx + 6, my + 6);
          cairo_move_to (cr, mx + 6, my - 6);
          cairo_line_to (cr, mx - 6, my + 6);
          stroke_two (cr, BLOCK_R, BLOCK_G, BLOCK_B, 3, FALSE);
        }
    }
  else
    {
      for (guint i = 0; i < trace->n_points; i++)
        {
          double x, y;

          muster_view_to_widget (transform, trace->points[i].x, trace->points[i].y, &x, &y);
          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      stroke_two (cr, PATH_R, PATH_G, PATH_B, 3, FALSE);
      for (guint i = 1; i < trace->n_points; i++)
        {
          double x, y;

          muster_view_to_widget (transform, trace->points[i].x, trace->points[i].y, &x, &y);
          cairo_arc (cr, x, y, i + 1 == trace->n_points ? 5 : 3, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, PATH_R, PATH_G, PATH_B);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
        }
    }
  if (trace->label != NULL && *trace->label != '\0')
    {
      gboolean at_mark = trace->kind == MUSTER_TRACE_SIGHT && trace->blocked;

      draw_label (widget, cr, trace->label, at_mark ? mx : x1, at_mark ? my : y1, w, h);
    }
  cairo_destroy (cr);
}
