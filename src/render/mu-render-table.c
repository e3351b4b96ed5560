/* mu-render-table.c: tabletop battlefields and the ruler (units as bases in
 * mu-render-table-bases.c)
 *
 * Table coordinates are in the table's unit (inches or centimetres) from the
 * top-left corner; board pixels are table units times options->table_scale.
 * Areas are drawn as smooth closed outlines, lines as smooth curves through
 * their points, units as rows of bases sized from the figure scale.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"
#include "mu-render-table-private.h"
#include "mu-table-stand.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double
mu_render_table_scale (const MuRenderOptions *o)
{
  return o->table_scale > 0 ? o->table_scale : 20.0;
}

static double
units_per_inch (const MuTableMap *table)
{
  return table->unit == MU_UNIT_CM ? 2.54 : 1.0;
}

/* Closed smooth outline (Catmull-Rom) through the area's points. */
static void
area_path (const MuRenderTableCtx *c,
           const MuArea           *a,
           gboolean                smooth)
{
  guint n = a->points ? a->points->len : 0;
  const MuPoint *p = n ? (const MuPoint *) a->points->data : NULL;
  double k = c->k;

  if (n < 3)
    return;
  cairo_move_to (c->cr, p[0].x * k, p[0].y * k);
  for (guint i = 0; i < n; i++)
    {
      const MuPoint *p0 = &p[(i + n - 1) % n], *p1 = &p[i], *p2 = &p[(i + 1) % n], *p3 = &p[(i + 2) % n];
      if (!smooth)
        {
          cairo_line_to (c->cr, p2->x * k, p2->y * k);
          continue;
        }
      cairo_curve_to (c->cr,
                      (p1->x + (p2->x - p0->x) / 6) * k, (p1->y + (p2->y - p0->y) / 6) * k,
                      (p2->x - (p3->x - p1->x) / 6) * k, (p2->y - (p3->y - p1->y) / 6) * k,
                      p2->x * k, p2->y * k);
    }
  cairo_close_path (c->cr);
}

static gboolean
area_visible (const MuRenderTableCtx *c,
              const MuArea           *a,
              double                 *bx0,
              double                 *by0,
              double                 *bx1,
              double                 *by1)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (!a->points || a->points->len < 3)
    return FALSE;
  for (guint i = 0; i < a->points->len; i++)
    {
      MuPoint p = g_array_index (a->points, MuPoint, i);
      x0 = MIN (x0, p.x * c->k);
      y0 = MIN (y0, p.y * c->k);
      x1 = MAX (x1, p.x * c->k);
      y1 = MAX (y1, p.y * c->k);
    }
  /* Smoothing bulges a little past the points. */
  {
    double m = 0.15 * MAX (x1 - x0, y1 - y0);
    x0 -= m;
    y0 -= m;
    x1 += m;
    y1 += m;
  }
  *bx0 = x0;
  *by0 = y0;
  *bx1 = x1;
  *by1 = y1;
  return !c->have_clip ||
         !(x1 < c->clip.x || y1 < c->clip.y || x0 > c->clip.x + c->clip.width || y0 > c->clip.y + c->clip.height);
}

static guint32
hash2 (int a, int b)
{
  guint32 h = (guint32) a * 73856093u ^ (guint32) b * 19349663u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return h;
}

static double
jit (guint32 h, int slot)
{
  return ((h >> (slot * 5 % 27)) & 0x1f) / 15.5 - 1.0;
}

/* Symbols scattered over an area on a jittered lattice, clipped to it. */
static void
area_symbols (MuRenderTableCtx *c,
              const MuArea     *a,
              double            x0,
              double            y0,
              double            x1,
              double            y1)
{
  cairo_t *cr = c->cr;
  double step = c->inch * c->k * 0.9;   /* a symbol about every inch */
  double r = step * 0.38;
  int i0 = (int) floor (x0 / step), i1 = (int) ceil (x1 / step);
  int j0 = (int) floor (y0 / step), j1 = (int) ceil (y1 / step);

  if (step * c->dev < 6)
    return;
  if (c->have_clip)
    {
      i0 = MAX (i0, (int) floor ((c->clip.x - step) / step));
      i1 = MIN (i1, (int) ceil ((c->clip.x + c->clip.width + step) / step));
      j0 = MAX (j0, (int) floor ((c->clip.y - step) / step));
      j1 = MIN (j1, (int) ceil ((c->clip.y + c->clip.height + step) / step));
    }
  cairo_save (cr);
  area_path (c, a, a->kind != MU_AREA_SETTLEMENT && a->kind != MU_AREA_FIELD &&
                   a->kind != MU_AREA_BUILT_UP);
  cairo_clip (cr);
  for (int pass = 0; pass < 3; pass++)
    {
      for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++)
          {
            guint32 h = hash2 (i, j);
            double x = (i + 0.5 + 0.25 * jit (h, 0) + ((j & 1) ? 0.5 : 0)) * step;
            double y = (j + 0.5 + 0.25 * jit (h, 1)) * step;

            if (a->kind == MU_AREA_LIGHT_WOODS && (h & 3) != 0)
              continue;   /* open woods: a tree in every fourth place */
            switch (a->kind)
              {
              case MU_AREA_WOODS:
              case MU_AREA_LIGHT_WOODS:
                cairo_new_sub_path (cr);
                if (pass == 0)
                  cairo_arc (cr, x + 0.1 * r, y + 0.14 * r, r, 0, 2 * G_PI);
                else
                  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
                break;
              case MU_AREA_SETTLEMENT:
              case MU_AREA_BUILT_UP:
                if (pass == 1)
                  cairo_rectangle (cr, x - r * 0.8, y - r * 0.5, r * (1.2 + 0.3 * jit (h, 2)), r * (0.9 + 0.2 * jit (h, 3)));
                break;
              case MU_AREA_MARSH:
                if (pass == 1)
                  {
                    cairo_move_to (cr, x - r * 0.6, y + r * 0.2);
                    cairo_line_to (cr, x + r * 0.6, y + r * 0.2);
                    cairo_move_to (cr, x, y);
                    cairo_line_to (cr, x - r * 0.3, y - r * 0.5);
                    cairo_move_to (cr, x, y);
                    cairo_line_to (cr, x, y - r * 0.6);
                    cairo_move_to (cr, x, y);
                    cairo_line_to (cr, x + r * 0.3, y - r * 0.5);
                  }
                break;
              case MU_AREA_ROUGH:
              case MU_AREA_BROKEN:
              case MU_AREA_IMPASSABLE:
                if (pass == 1)
                  {
                    cairo_move_to (cr, x - r * 0.4, y + r * 0.3);
                    cairo_line_to (cr, x - r * 0.1, y - r * 0.3);
                    cairo_line_to (cr, x + r * 0.4, y + r * 0.3);
                    cairo_close_path (cr);
                  }
                break;
              default:
                break;
              }
          }
      switch (a->kind)
        {
        case MU_AREA_WOODS:
        case MU_AREA_LIGHT_WOODS:
          if (pass == 0)
            {
              mu_set_rgba (cr, 0x3f5f2a, 0.55);
              cairo_fill (cr);
            }
          else if (pass == 1)
            {
              mu_set_rgb (cr, 0x6e9d48);
              cairo_fill (cr);
            }
          else
            {
              mu_set_rgb (cr, 0x2f4c1f);
              cairo_set_line_width (cr, MAX (0.06 * r, 0.5 / c->dev));
              cairo_stroke (cr);
            }
          break;
        case MU_AREA_SETTLEMENT:
        case MU_AREA_BUILT_UP:
        case MU_AREA_ROUGH:
        case MU_AREA_BROKEN:
        case MU_AREA_IMPASSABLE:
          if (pass == 1)
            {
              mu_set_rgb (cr, a->kind == MU_AREA_SETTLEMENT || a->kind == MU_AREA_BUILT_UP ? 0x9a4434
                              : a->kind == MU_AREA_IMPASSABLE ? 0x3e3a34 : 0xa08c66);
              cairo_fill_preserve (cr);
              mu_set_rgb (cr, 0x3a1a12);
              cairo_set_line_width (cr, MAX (0.06 * r, 0.5 / c->dev));
              cairo_stroke (cr);
            }
          break;
        case MU_AREA_MARSH:
          if (pass == 1)
            {
              mu_set_rgb (cr, 0x3c6a30);
              cairo_set_line_width (cr, MAX (0.08 * r, 0.5 / c->dev));
              cairo_stroke (cr);
            }
          break;
        default:
          cairo_new_path (cr);
          break;
        }
    }
  if (a->kind == MU_AREA_FIELD || a->kind == MU_AREA_STEEP)
    {
      for (double d = x0 - (y1 - y0); d < x1; d += step * (a->kind == MU_AREA_STEEP ? 0.25 : 0.4))
        {
          cairo_move_to (cr, d, y0);
          cairo_line_to (cr, d + (y1 - y0), y1);
        }
      mu_set_rgb (cr, a->kind == MU_AREA_STEEP ? 0x6b4a22 : 0xb99a45);
      cairo_set_line_width (cr, MAX (0.04 * step, 0.5 / c->dev));
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_area (MuRenderTableCtx *c,
           const MuArea     *a)
{
  cairo_t *cr = c->cr;
  double x0, y0, x1, y1;
  gboolean smooth = a->kind != MU_AREA_SETTLEMENT && a->kind != MU_AREA_FIELD &&
                    a->kind != MU_AREA_FORTIFICATION && a->kind != MU_AREA_BUILT_UP &&
                    a->kind != MU_AREA_BUILDING && a->kind != MU_AREA_DEPLOYMENT;
  gboolean fill_it = a->kind != MU_AREA_DEPLOYMENT;
  guint32 fill, edge;
  double edge_w = 0.06 * c->inch * c->k;

  if (!area_visible (c, a, &x0, &y0, &x1, &y1))
    return;
  switch (a->kind)
    {
    case MU_AREA_HILL:
      fill = mu_colour_mix (0xdcd3a4, 0x8c6a3c, 0.12 * CLAMP (a->level, 1, 9));
      edge = 0x8a5a2b;
      break;
    case MU_AREA_WOODS:
      fill = 0x9fc27a;
      edge = 0x4f7a35;
      break;
    case MU_AREA_SETTLEMENT:
      fill = 0xe2d6bb;
      edge = 0x7a6a50;
      break;
    case MU_AREA_FIELD:
      fill = 0xeeda8e;
      edge = 0xb99a45;
      break;
    case MU_AREA_MARSH:
      fill = 0xcfdcbc;
      edge = 0x4f86b8;
      break;
    case MU_AREA_WATER:
      fill = 0x8fc1e3;
      edge = 0x2f64a3;
      break;
    case MU_AREA_FORTIFICATION:
      fill = 0xc4a878;
      edge = 0x5b3a1a;
      edge_w *= 2.5;
      break;
    case MU_AREA_LIGHT_WOODS:
      fill = 0xc2d8a0;
      edge = 0x6f9a55;
      break;
    case MU_AREA_IMPASSABLE:
      fill = 0x8a8276;
      edge = 0x2e2a25;
      edge_w *= 1.5;
      break;
    case MU_AREA_BUILT_UP:
      fill = 0xd9c8a8;
      edge = 0x5a4a30;
      break;
    case MU_AREA_BUILDING:
      fill = 0xa8503a;
      edge = 0x2a140c;
      break;
    case MU_AREA_STEEP:
      fill = 0xcdb98c;
      edge = 0x6b4a22;
      break;
    case MU_AREA_DEPLOYMENT:
      fill = 0;
      edge = mu_render_side_colour (c->scenario, a->side);
      edge_w *= 2;
      break;
    case MU_AREA_ROUGH:
    case MU_AREA_BROKEN:
    default:
      fill = 0xd6c6a2;
      edge = 0x8a7a5e;
      break;
    }
  area_path (c, a, smooth);
  if (fill_it)
    {
      mu_set_rgb (cr, fill);
      cairo_fill_preserve (cr);
    }
  else
    {
      /* A deployment zone: a wash of its side's colour over the ground. */
      mu_set_rgba (cr, edge, 0.18);
      cairo_fill_preserve (cr);
    }
  mu_set_rgb (cr, a->kind == MU_AREA_DEPLOYMENT ? mu_colour_mix (edge, 0x000000, 0.35) : edge);
  cairo_set_line_width (cr, MAX (edge_w, 0.6 / c->dev));
  if (a->kind == MU_AREA_FORTIFICATION || a->kind == MU_AREA_DEPLOYMENT)
    {
      double dash[] = { edge_w * 1.5, edge_w };
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  else
    cairo_stroke (cr);
  area_symbols (c, a, x0, y0, x1, y1);
}

static double
line_default_width (MuLineKind kind)
{
  /* In inches; converted for centimetre tables. */
  switch (kind)
    {
    case MU_LINE_ROAD: return 0.5;
    case MU_LINE_TURNPIKE: return 0.75;
    case MU_LINE_RAILROAD: return 0.5;
    case MU_LINE_STREAM: return 0.4;
    case MU_LINE_RIVER: return 1.5;
    case MU_LINE_FENCE: return 0.12;
    case MU_LINE_WALL: return 0.25;
    case MU_LINE_HEDGE: return 0.35;
    case MU_LINE_DEFENCE_WORKS: return 0.45;
    case MU_LINE_IMPASSABLE: return 0.3;
    case MU_LINE_FORD: return 0.5;
    case MU_LINE_BRIDGE: return 0.5;
    case MU_LINE_CREST: return 0.12;
    default: return 0.3;
    }
}

static void
draw_line (MuRenderTableCtx *c,
           const MuPolyline *l)
{
  cairo_t *cr = c->cr;
  guint n = l->points ? l->points->len : 0;
  g_autofree double *xy = NULL;
  double w, x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (n < 2)
    return;
  w = (l->width > 0 ? l->width : line_default_width (l->kind) * c->inch) * c->k;
  xy = g_new (double, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      MuPoint p = g_array_index (l->points, MuPoint, i);
      xy[2 * i] = p.x * c->k;
      xy[2 * i + 1] = p.y * c->k;
      x0 = MIN (x0, xy[2 * i]);
      y0 = MIN (y0, xy[2 * i + 1]);
      x1 = MAX (x1, xy[2 * i]);
      y1 = MAX (y1, xy[2 * i + 1]);
    }
  if (c->have_clip && (x1 + w < c->clip.x || y1 + w < c->clip.y ||
                       x0 - w > c->clip.x + c->clip.width || y0 - w > c->clip.y + c->clip.height))
    return;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  mu_render_smooth_path (cr, xy, n);
  switch (l->kind)
    {
    case MU_LINE_RIVER:
    case MU_LINE_STREAM:
      mu_set_rgb (cr, 0x2f64a3);
      cairo_set_line_width (cr, w * 1.25);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0x4c8fd1);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    case MU_LINE_ROAD:
      mu_set_rgb (cr, 0x6b4a2a);
      cairo_set_line_width (cr, w * 1.3);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xe6c48c);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    case MU_LINE_TURNPIKE:
      mu_set_rgb (cr, 0x1e1a16);
      cairo_set_line_width (cr, w * 1.35);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xc8402c);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    case MU_LINE_RAILROAD:
      {
        cairo_path_t *path = cairo_copy_path (cr);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        mu_set_rgb (cr, 0x1a1a1a);
        cairo_set_line_width (cr, MAX (w * 0.15, 0.5 / c->dev));
        mu_render_stroke_ties (cr, w * 0.7, w);
        cairo_append_path (cr, path);
        cairo_path_destroy (path);
        cairo_set_line_width (cr, MAX (w * 0.25, 0.6 / c->dev));
        cairo_stroke (cr);
      }
      break;
    case MU_LINE_HEDGE:
      {
        double dash[] = { 0, w * 1.1 };
        cairo_set_dash (cr, dash, 2, 0);
        mu_set_rgb (cr, 0x1f3d12);
        cairo_set_line_width (cr, w * 1.15);
        cairo_stroke_preserve (cr);
        mu_set_rgb (cr, 0x3f7a2a);
        cairo_set_line_width (cr, w);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case MU_LINE_WALL:
      mu_set_rgb (cr, 0x3a3530);
      cairo_set_line_width (cr, w * 1.4);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0xa39c90);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    case MU_LINE_FENCE:
      {
        double dash[] = { w * 4, w * 2 };
        cairo_set_dash (cr, dash, 2, 0);
        mu_set_rgb (cr, 0x5a3d1c);
        cairo_set_line_width (cr, w);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case MU_LINE_IMPASSABLE:
      mu_set_rgb (cr, 0x2e2a25);
      cairo_set_line_width (cr, w);
      cairo_stroke_preserve (cr);
      {
        double dash[] = { w * 0.4, w * 0.8 };
        cairo_set_dash (cr, dash, 2, 0);
        mu_set_rgb (cr, 0x8a8276);
        cairo_set_line_width (cr, w * 0.45);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case MU_LINE_FORD:
      {
        double dash[] = { w * 0.35, w * 0.35 };
        cairo_set_dash (cr, dash, 2, 0);
        mu_set_rgb (cr, 0xe9d9a6);
        cairo_set_line_width (cr, w);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case MU_LINE_BRIDGE:
      mu_set_rgb (cr, 0x2a1a0c);
      cairo_set_line_width (cr, w * 1.3);
      cairo_stroke_preserve (cr);
      mu_set_rgb (cr, 0x9a7a50);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    case MU_LINE_CREST:
      {
        double dash[] = { w * 3, w * 1.5, w * 0.5, w * 1.5 };
        cairo_set_dash (cr, dash, 4, 0);
        mu_set_rgb (cr, 0x6b3a12);
        cairo_set_line_width (cr, w);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case MU_LINE_DEFENCE_WORKS:
    default:
      mu_set_rgb (cr, 0x5b3a1a);
      cairo_set_line_width (cr, w);
      cairo_stroke_preserve (cr);
      {
        double dash[] = { w * 0.6, w * 0.6 };
        cairo_set_dash (cr, dash, 2, 0);
        mu_set_rgb (cr, 0xc4a878);
        cairo_set_line_width (cr, w * 0.4);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
}

/* A digit's width in the sans font, in ems, with some to spare: whether a
 * grid label fits before the table's edge. */
#define LABEL_DIGIT_EM 0.62

static void
draw_table_grid (MuRenderTableCtx *c,
                 MuText           *text)
{
  cairo_t *cr = c->cr;
  const MuTableMap *t = c->table;
  double k = c->k, W = t->width * k, H = t->height * k;
  int major = t->unit == MU_UNIT_CM ? 10 : 6;
  double gx0 = 0, gx1 = t->width, gy0 = 0, gy1 = t->height;

  if (c->have_clip)
    {
      gx0 = MAX (0, floor (c->clip.x / k));
      gx1 = MIN (t->width, ceil ((c->clip.x + c->clip.width) / k));
      gy0 = MAX (0, floor (c->clip.y / k));
      gy1 = MIN (t->height, ceil ((c->clip.y + c->clip.height) / k));
    }
  /* Minor lines every unit when they are far enough apart to read. */
  for (int pass = 0; pass < 2; pass++)
    {
      int step = pass == 0 ? 1 : major;
      if (pass == 0 && k * c->dev < 6)
        continue;
      for (int i = (int) gx0; i <= (int) gx1; i++)
        if (i % step == 0 && (pass == 1 || i % major != 0))
          {
            cairo_move_to (cr, i * k, 0);
            cairo_line_to (cr, i * k, H);
          }
      for (int j = (int) gy0; j <= (int) gy1; j++)
        if (j % step == 0 && (pass == 1 || j % major != 0))
          {
            cairo_move_to (cr, 0, j * k);
            cairo_line_to (cr, W, j * k);
          }
      mu_set_rgba (cr, 0x2a2418, pass == 0 ? 0.18 : 0.45);
      cairo_set_line_width (cr, MAX ((pass == 0 ? 0.02 : 0.05) * k, (pass == 0 ? 0.5 : 1.0) / c->dev));
      cairo_stroke (cr);
    }
  if (!c->o->show_coordinates || major * k * c->dev < 30)
    return;
  mu_set_rgba (cr, 0x2a2418, 0.8);
  for (int i = major; i < t->width; i += major)
    {
      char buf[32];
      double px = 0.7 * k * c->inch;
      int n = g_snprintf (buf, sizeof buf, "%d", i);

      /* A label right of its line, unless the table ends before it would
       * (a 183 cm table's "180"): then left of it, where it is not cut. */
      if (i * k + 0.15 * k + n * LABEL_DIGIT_EM * px <= W)
        mu_text_draw (text, MU_FONT_SANS, px, buf, i * k + 0.15 * k, 0.15 * k, 0, 0, 0);
      else
        mu_text_draw (text, MU_FONT_SANS, px, buf, i * k - 0.15 * k, 0.15 * k, 1, 0, 0);
    }
  for (int j = major; j < t->height; j += major)
    {
      char buf[32];
      double px = 0.7 * k * c->inch;

      g_snprintf (buf, sizeof buf, "%d", j);
      /* below its line, or above it where the table ends first */
      if (j * k + 0.15 * k + 1.25 * px <= H)
        mu_text_draw (text, MU_FONT_SANS, px, buf, 0.15 * k, j * k + 0.15 * k, 0, 0, 0);
      else
        mu_text_draw (text, MU_FONT_SANS, px, buf, 0.15 * k, j * k - 0.15 * k, 0, 1, 0);
    }
}

static int
area_order (MuAreaKind kind)
{
  switch (kind)
    {
    case MU_AREA_HILL: return 0;
    case MU_AREA_FIELD: return 1;
    case MU_AREA_MARSH: return 2;
    case MU_AREA_WATER: return 3;
    case MU_AREA_ROUGH: return 4;
    case MU_AREA_FORTIFICATION: return 5;
    case MU_AREA_SETTLEMENT: return 6;
    case MU_AREA_WOODS: return 7;
    case MU_AREA_LIGHT_WOODS: return 7;
    case MU_AREA_STEEP: return 1;
    case MU_AREA_BROKEN: return 4;
    case MU_AREA_IMPASSABLE: return 4;
    case MU_AREA_BUILT_UP: return 6;
    case MU_AREA_BUILDING: return 8;
    case MU_AREA_DEPLOYMENT: return 9;
    default: return 8;
    }
}

void
mu_render_table_init_ctx (MuRenderTableCtx      *c,
                          cairo_t               *cr,
                          const MuScenario      *scenario,
                          const MuRenderOptions *options)
{
  memset (c, 0, sizeof *c);
  c->cr = cr;
  c->scenario = scenario;
  c->table = scenario->table;
  c->o = options;
  c->k = mu_render_table_scale (options);
  c->inch = units_per_inch (scenario->table);
  c->dev = mu_render_device_scale (cr, options);
  c->have_clip = mu_render_get_clip (options, &c->clip);
}

/* Whether a label with this text (ignoring case) lies within `within`
 * table units of pos. */
static gboolean
table_labelled_nearby (const MuTableMap *t,
                       const char       *text,
                       MuPoint           pos,
                       double            within)
{
  for (guint i = 0; i < t->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (t->labels, i);

      if (l->text != NULL && g_ascii_strcasecmp (l->text, text) == 0 &&
          hypot (l->dx - pos.x, l->dy - pos.y) <= within)
        return TRUE;
    }
  return FALSE;
}

void
mu_render_table_terrain (cairo_t               *cr,
                         const MuScenario      *scenario,
                         const MuRenderOptions *options,
                         const char *const     *objective_owner)
{
  MuRenderTableCtx c;
  MuText text;
  const MuTableMap *t = scenario->table;

  mu_render_table_init_ctx (&c, cr, scenario, options);
  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  cairo_new_path (cr);

  /* Terrain ends at the table's edge even when its polygons and lines run on. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, t->width * c.k, t->height * c.k);
  cairo_clip_preserve (cr);
  mu_set_rgb (cr, 0xc9d29a);
  cairo_fill (cr);

  /* Hills by level so higher ground lies on top, then the other areas. */
  for (int order = 0; order <= 9; order++)
    {
      if (order == 0)
        {
          for (int level = 0; level <= 9; level++)
            for (guint i = 0; i < t->areas->len; i++)
              {
                const MuArea *a = g_ptr_array_index (t->areas, i);
                if (a->kind == MU_AREA_HILL && CLAMP (a->level, 0, 9) == level)
                  draw_area (&c, a);
              }
          continue;
        }
      for (guint i = 0; i < t->areas->len; i++)
        {
          const MuArea *a = g_ptr_array_index (t->areas, i);
          if (a->kind != MU_AREA_HILL && area_order (a->kind) == order)
            draw_area (&c, a);
        }
    }
  /* Water, then the other lines, then the fords and bridges over both. */
  for (int pass = 0; pass < 3; pass++)
    for (guint i = 0; i < t->lines->len; i++)
      {
        const MuPolyline *l = g_ptr_array_index (t->lines, i);
        int lpass = l->kind == MU_LINE_RIVER || l->kind == MU_LINE_STREAM ? 0
                    : l->kind == MU_LINE_FORD || l->kind == MU_LINE_BRIDGE ? 2 : 1;
        if (lpass == pass)
          draw_line (&c, l);
      }
  cairo_restore (cr);

  mu_text_init (&text, cr);
  if (options->show_grid)
    draw_table_grid (&c, &text);
  cairo_rectangle (cr, 0, 0, t->width * c.k, t->height * c.k);
  mu_set_rgb (cr, 0x2a2418);
  cairo_set_line_width (cr, MAX (0.1 * c.k, 1.0 / c.dev));
  cairo_stroke (cr);

  for (guint i = 0; i < scenario->objectives->len; i++)
    {
      const MuObjective *obj = g_ptr_array_index (scenario->objectives, i);
      const char *owner = objective_owner ? objective_owner[i] : obj->owner;
      double x = obj->pos.x * c.k, y = obj->pos.y * c.k;
      double r = 0.6 * c.inch * c.k;

      if (obj->radius > 0)
        {
          double dash[] = { 0.3 * c.k, 0.2 * c.k };
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, obj->radius * c.k, 0, 2 * G_PI);
          cairo_set_dash (cr, dash, 2, 0);
          mu_set_rgba (cr, 0x1a1a1a, 0.7);
          cairo_set_line_width (cr, MAX (0.08 * c.k, 1.0 / c.dev));
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      mu_render_objective_symbol (cr, x, y, r, mu_render_side_colour (scenario, owner), owner != NULL);
      /* its name under it, as on hex boards, unless a label nearby says it */
      if (obj->name != NULL && obj->name[0] != '\0' && 0.45 * c.inch * c.k * c.dev >= 6.0 &&
          !table_labelled_nearby (t, obj->name, obj->pos, 8 * c.inch))
        mu_text_draw_halo (&text, MU_FONT_SERIF_ITALIC, 0.45 * c.inch * c.k, obj->name, x,
                           y + 1.08 * r, 0.5, 0.0, 0x1e150c, 0xf6f1dc, 0.2 * 0.45 * c.inch * c.k);
    }
  for (guint i = 0; i < t->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (t->labels, i);
      double px = 0.9 * c.inch * c.k * (l->scale > 0 ? l->scale : 1.0);
      mu_text_draw_halo (&text, MU_FONT_SERIF_ITALIC, px, l->text, l->dx * c.k, l->dy * c.k,
                         0.5, 0.5, 0x1e150c, 0xf6f1dc, 0.22 * px);
    }
  mu_text_clear (&text);
  cairo_restore (cr);
}

/* Ruler ------------------------------------------------------------------------------------------ */

double
mu_render_table_distance (MuPoint a,
                          MuPoint b)
{
  return hypot (b.x - a.x, b.y - a.y);
}

char *
mu_render_ruler_text (const MuScenario *scenario,
                      MuPoint           a,
                      MuPoint           b)
{
  const char *unit;

  g_return_val_if_fail (scenario != NULL, NULL);
  unit = scenario->table && scenario->table->unit == MU_UNIT_CM ? "cm" : "in";
  return g_strdup_printf ("%.1f %s", mu_render_table_distance (a, b), unit);
}

void
mu_render_ruler (cairo_t               *cr,
                 const MuScenario      *scenario,
                 const MuRenderOptions *options,
                 MuPoint                a,
                 MuPoint                b)
{
  double k, len, ux, uy, w;
  g_autofree char *label = NULL;
  MuText text;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);

  k = mu_render_table_scale (options);
  len = mu_render_table_distance (a, b);
  if (len <= 0)
    return;
  ux = (b.x - a.x) / len;
  uy = (b.y - a.y) / len;
  w = 0.5 * (scenario->table ? units_per_inch (scenario->table) : 1.0);

  cairo_save (cr);
  cairo_translate (cr, a.x * k, a.y * k);
  cairo_rotate (cr, atan2 (uy, ux));
  /* A yellow tape measure along the line, ticks every unit. */
  cairo_rectangle (cr, 0, -w * k / 2, len * k, w * k);
  cairo_set_source_rgba (cr, 0.98, 0.84, 0.2, 0.9);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x1a1a1a);
  cairo_set_line_width (cr, 0.04 * k);
  cairo_stroke (cr);
  for (int i = 1; i < len; i++)
    {
      double t = (i % 5 == 0) ? 0.6 : 0.35;
      cairo_move_to (cr, i * k, -w * k / 2);
      cairo_line_to (cr, i * k, -w * k / 2 + t * w * k);
    }
  cairo_set_line_width (cr, 0.05 * k);
  cairo_stroke (cr);
  cairo_restore (cr);

  label = mu_render_ruler_text (scenario, a, b);
  mu_text_init (&text, cr);
  mu_text_draw_halo (&text, MU_FONT_SANS_BOLD, 0.9 * k, label, b.x * k, b.y * k - 0.6 * k, 0.5, 1.0,
                     0x111111, 0xfff6c0, 0.2 * k);
  mu_text_clear (&text);
}
