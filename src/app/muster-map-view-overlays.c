/* muster-map-view-overlays.c: what the map view draws over the board: the
 * outline being drawn, the selected counter's command radius and front
 * arc, the table's discs (smoke), the selection handle and the keyboard
 * cursor */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view.h"

#include "muster-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* The outline being drawn (the scene's): a dark line under a light dashed
 * one, its corners marked, so that it shows on every terrain. */
void
muster_map_view_snapshot_outline (MusterMapView *self,
                                  GtkSnapshot   *snapshot,
                                  double         w,
                                  double         h)
{
  guint n, flags;
  const MuPoint *points = self->scene != NULL ? muster_scene_get_outline (self->scene, &n, &flags) : NULL;
  const double dash[] = { 6, 4 };
  cairo_t *cr;

  if (points == NULL || n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      muster_view_to_widget (&self->transform, points[i].x, points[i].y, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  if ((flags & MUSTER_OUTLINE_CLOSED) && n > 2)
    cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 4);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 2);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; (flags & MUSTER_OUTLINE_CORNERS) && i < n; i++)
    {
      double x, y;

      muster_view_to_widget (&self->transform, points[i].x, points[i].y, &x, &y);
      cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 1, 0.85, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* The scene's handle: a line from its anchor to a round knob. */
void
muster_map_view_snapshot_handle (MusterMapView *self,
                                 GtkSnapshot   *snapshot,
                                 double         w,
                                 double         h)
{
  MuPoint from, knob;
  double fx, fy, kx, ky;
  cairo_t *cr;

  if (self->scene == NULL || !muster_scene_get_handle (self->scene, &from, &knob))
    return;
  muster_view_to_widget (&self->transform, from.x, from.y, &fx, &fy);
  muster_view_to_widget (&self->transform, knob.x, knob.y, &kx, &ky);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, kx, ky);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, kx, ky);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_arc (cr, kx, ky, MUSTER_MAP_VIEW_HANDLE_RADIUS, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The keyboard cursor: the hex's outline, dark under light so that it
 * shows on every terrain. */
void
muster_map_view_snapshot_cursor (MusterMapView *self,
                                 GtkSnapshot   *snapshot,
                                 double         w,
                                 double         h)
{
  const MuScenario *scenario = get_scenario (self);
  const MuHexGrid *grid = &scenario->hex_map->grid;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  double zoom = self->transform.zoom;

  cairo_translate (cr, self->transform.x, self->transform.y);
  for (int k = 0; k < 6; k++)
    {
      double x, y;

      mu_hex_corner (grid, MUSTER_MAP_VIEW_HEX_SIZE, self->keyboard.cursor, k, &x, &y);
      if (k == 0)
        cairo_move_to (cr, x * zoom, y * zoom);
      else
        cairo_line_to (cr, x * zoom, y * zoom);
    }
  cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* Segments (pairs of board points) as a dashed line of colour over a wider
 * one of under, so that it shows on every terrain. */
typedef struct {
  double under[4], under_width;
  double over[3], over_width;
  double dash[2];
} SegmentStyle;

static void
snapshot_segments (MusterMapView      *self,
                   GtkSnapshot        *snapshot,
                   const MuPoint      *points,
                   guint               n,
                   const SegmentStyle *style,
                   double              w,
                   double              h)
{
  cairo_t *cr;

  if (points == NULL || n < 2)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  for (guint i = 0; i + 1 < n; i += 2)
    {
      double x0, y0, x1, y1;

      muster_view_to_widget (&self->transform, points[i].x, points[i].y, &x0, &y0);
      muster_view_to_widget (&self->transform, points[i + 1].x, points[i + 1].y, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, style->under[0], style->under[1], style->under[2], style->under[3]);
  cairo_set_line_width (cr, style->under_width);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, style->over[0], style->over[1], style->over[2]);
  cairo_set_line_width (cr, style->over_width);
  cairo_set_dash (cr, style->dash, G_N_ELEMENTS (style->dash), 0);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The selected counter's command radius (the scene's boundary segments):
 * a blue dashed line over a light one, so that it shows on every terrain
 * and under the green and red of moves and targets. */
void
muster_map_view_snapshot_range (MusterMapView *self,
                                GtkSnapshot   *snapshot,
                                double         w,
                                double         h)
{
  static const SegmentStyle style = { { 1, 1, 1, 0.8 }, 4, { 0.1, 0.35, 0.85 }, 2.5, { 8, 5 } };
  guint n = 0;
  const MuPoint *points = self->scene != NULL ? muster_scene_get_range (self->scene, &n) : NULL;

  snapshot_segments (self, snapshot, points, n, &style, w, h);
}

/* The table's discs (smoke with its radius, the engine's point markers):
 * a translucent grey fill, so that the units under it still show, and a
 * darker rim. */
void
muster_map_view_snapshot_discs (MusterMapView *self,
                                GtkSnapshot   *snapshot,
                                double         w,
                                double         h)
{
  guint n = 0;
  const MusterDisc *discs = self->scene != NULL ? muster_scene_get_discs (self->scene, &n) : NULL;
  cairo_t *cr;

  if (discs == NULL || n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      muster_view_to_widget (&self->transform, discs[i].centre.x, discs[i].centre.y, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, discs[i].radius * self->transform.zoom, 0, 2 * G_PI);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_source_rgba (cr, 0.62, 0.62, 0.6, 0.5);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.25, 0.25, 0.25, 0.85);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The selected unit's front arc (the scene's segments): an orange line
 * over a dark one, apart from the blue of the command radius. */
void
muster_map_view_snapshot_arc (MusterMapView *self,
                              GtkSnapshot   *snapshot,
                              double         w,
                              double         h)
{
  static const SegmentStyle style = { { 0, 0, 0, 0.6 }, 4, { 1, 0.55, 0.1 }, 2, { 10, 4 } };
  guint n = 0;
  const MuPoint *points = self->scene != NULL ? muster_scene_get_arc (self->scene, &n) : NULL;

  snapshot_segments (self, snapshot, points, n, &style, w, h);
}
