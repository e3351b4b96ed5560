/* mu-render-table-bases.c: units on a tabletop as rows of bases, sized from
 * the figure scale, with their figures and names. */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-table-private.h"
#include "mu-table-stand.h"

#include <math.h>

void
mu_render_base_size (const MuTableMap *table,
                     MuArm             arm,
                     double           *width,
                     double           *depth)
{
  mu_table_base_size (table, arm, width, depth);
}

/* What is drawn of a table piece: its stands, or for a piece in play
 * without any (a garrison inside a block) one square counter at its
 * position, in *lone. NULL when nothing is drawn. */
static const MuStand *
drawn_stands (const MuScenario *scenario,
              const MuPiece    *piece,
              MuStand          *lone,
              guint            *n)
{
  double w;

  *n = 0;
  if (!piece->counter)
    return NULL;
  if (piece->n_stands > 0 && piece->stands != NULL)
    {
      *n = piece->n_stands;
      return piece->stands;
    }
  if (!piece->placed || scenario->table == NULL)
    return NULL;
  mu_table_base_size (scenario->table, MU_ARM_INFANTRY, &w, NULL);
  *lone = (MuStand) { 0 };
  lone->centre = piece->pos;
  lone->width = lone->depth = 1.2 * w;
  lone->facing = piece->facing;
  *n = 1;
  return lone;
}

void
mu_render_table_piece_bounds (const MuScenario      *scenario,
                              const MuRenderOptions *options,
                              const MuPiece         *piece,
                              double                *x,
                              double                *y,
                              double                *width,
                              double                *height)
{
  double k = mu_render_table_scale (options);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  MuStand lone;
  guint n;
  const MuStand *stands = drawn_stands (scenario, piece, &lone, &n);

  if (stands == NULL)
    {
      *x = *y = *width = *height = 0;
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&stands[i], c);
      for (int cnr = 0; cnr < 4; cnr++)
        {
          x0 = MIN (x0, c[cnr].x);
          y0 = MIN (y0, c[cnr].y);
          x1 = MAX (x1, c[cnr].x);
          y1 = MAX (y1, c[cnr].y);
        }
    }
  *x = x0 * k;
  *y = y0 * k;
  *width = (x1 - x0) * k;
  *height = (y1 - y0) * k;
}

static void
base_figures (cairo_t *cr, MuArm arm, gboolean commander, double bw, double bd, guint32 ink)
{
  /* Little figures on the base, front to the top (negative y). */
  if (commander)
    {
      /* A mounted officer and a flag. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, bw * 0.18, 0, 2 * G_PI);
      mu_set_rgb (cr, ink);
      cairo_fill (cr);
      cairo_move_to (cr, bw * 0.25, bd * 0.3);
      cairo_line_to (cr, bw * 0.25, -bd * 0.35);
      cairo_set_line_width (cr, bw * 0.04);
      cairo_stroke (cr);
      cairo_rectangle (cr, bw * 0.25, -bd * 0.35, bw * 0.2, bd * 0.15);
      mu_set_rgb (cr, 0xc8201e);
      cairo_fill (cr);
      return;
    }
  mu_set_rgb (cr, ink);
  switch (arm)
    {
    case MU_ARM_CAVALRY:
      for (int i = 0; i < 3; i++)
        {
          double x = -bw / 3 + i * bw / 3;
          cairo_save (cr);
          cairo_translate (cr, x, 0);
          cairo_scale (cr, bw * 0.07, bd * 0.3);
          cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
          cairo_restore (cr);
          cairo_fill (cr);
        }
      break;
    case MU_ARM_ARTILLERY:
    case MU_ARM_RIVERBOAT:
      cairo_rectangle (cr, -bw * 0.04, -bd * 0.38, bw * 0.08, bd * 0.45);
      cairo_fill (cr);
      cairo_rectangle (cr, -bw * 0.2, bd * 0.02, bw * 0.4, bd * 0.08);
      cairo_fill (cr);
      for (int i = 0; i < 2; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, (i ? 1 : -1) * bw * 0.3, bd * 0.25, bw * 0.06, 0, 2 * G_PI);
        }
      cairo_fill (cr);
      break;
    case MU_ARM_INFANTRY:
    default:
      for (int r = 0; r < 2; r++)
        for (int i = 0; i < 4; i++)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, -bw * 0.375 + i * bw * 0.25 + (r ? bw * 0.06 : 0), (r ? 0.17 : -0.17) * bd,
                       MIN (bw, bd) * 0.11, 0, 2 * G_PI);
          }
      cairo_fill (cr);
      break;
    }
}

/* Where a table piece's markers go: upright squares of side *size (table
 * units) beside the unit's right flank, from its front rank backwards, so
 * its stands and its name below stay clear. centres gets n of them. */
static void
marker_places (const MuScenario *scenario,
               const MuPiece    *p,
               guint             n,
               MuPoint          *centres,
               double           *size)
{
  MuStand lone;
  guint n_stands;
  const MuStand *stands = drawn_stands (scenario, p, &lone, &n_stands);
  MuStand foot = mu_stands_footprint (stands, n_stands);
  MuPoint k[4];
  double w, f = foot.facing * G_PI / 180.0;
  MuPoint right = { cos (f), sin (f) }, back = { -sin (f), cos (f) };

  mu_table_base_size (scenario->table, MU_ARM_INFANTRY, &w, NULL);
  *size = 0.6 * w;
  mu_stand_corners (&foot, k);
  for (guint j = 0; j < n; j++)
    {
      double a = 0.1 * *size + *size / 2, b = *size / 2 + j * 1.1 * *size;

      centres[j] = (MuPoint) { k[1].x + right.x * a + back.x * b, k[1].y + right.y * a + back.y * b };
    }
}

static void
extent_add (double *box,
            double  x0,
            double  y0,
            double  x1,
            double  y1)
{
  box[0] = MIN (box[0], x0);
  box[1] = MIN (box[1], y0);
  box[2] = MAX (box[2], x1);
  box[3] = MAX (box[3], y1);
}

void
mu_render_table_piece_extent (const MuScenario      *scenario,
                              const MuRenderOptions *options,
                              const MuPiece         *piece,
                              MuRect                *extent)
{
  const MuRuleset *ruleset = mu_ruleset_find (scenario->ruleset);
  double k = mu_render_table_scale (options);
  double inch = scenario->table != NULL && scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
  double box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double bx, by, bw, bh, font;
  MuStand lone;
  guint n;
  const MuStand *stands = drawn_stands (scenario, piece, &lone, &n);
  const MuMarkerInfo *drawn[8];
  MuPoint centres[G_N_ELEMENTS (drawn)];

  *extent = (MuRect) { 0 };
  if (stands == NULL)
    return;
  /* each stand with the selection's rim, its shadow and its outline */
  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];
      double m = 0.2 * stands[i].width;

      mu_stand_corners (&stands[i], c);
      for (int j = 0; j < 4; j++)
        extent_add (box, c[j].x - m, c[j].y - m, c[j].x + m, c[j].y + m);
    }
  /* its name under its stands, centred: no wider than a font size a
   * character, whatever the font makes of it */
  mu_render_table_piece_bounds (scenario, options, piece, &bx, &by, &bw, &bh);
  font = 0.28 * inch;
  if (piece->counter->name != NULL)
    {
      double half = (g_utf8_strlen (piece->counter->name, -1) + 1) * font / 2;
      double mid = (bx + bw / 2) / k;

      extent_add (box, mid - half, (by + bh) / k, mid + half, (by + bh) / k + 0.05 + 2 * font);
    }
  if (ruleset != NULL && (n = mu_render_piece_markers (ruleset, piece, drawn, G_N_ELEMENTS (drawn))) > 0)
    {
      double ms;

      marker_places (scenario, piece, n, centres, &ms);
      for (guint j = 0; j < n; j++)
        extent_add (box, centres[j].x - 0.7 * ms, centres[j].y - 0.7 * ms, centres[j].x + 0.7 * ms,
                    centres[j].y + 0.7 * ms);
    }
  /* the planned move's line (with its halo) and stands */
  for (guint i = 0; i < piece->n_plan; i++)
    if (piece->plan[i].is_point)
      extent_add (box, piece->plan[i].point.x - 0.2 * inch, piece->plan[i].point.y - 0.2 * inch,
                  piece->plan[i].point.x + 0.2 * inch, piece->plan[i].point.y + 0.2 * inch);
  for (guint i = 0; i < piece->n_plan_stands; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&piece->plan_stands[i], c);
      for (int j = 0; j < 4; j++)
        extent_add (box, c[j].x - 0.2 * inch, c[j].y - 0.2 * inch, c[j].x + 0.2 * inch, c[j].y + 0.2 * inch);
    }
  *extent = (MuRect) { box[0] * k, box[1] * k, (box[2] - box[0]) * k, (box[3] - box[1]) * k };
}

/* A piece's planned move (MuPiece.plan: a declared charge), under the
 * units: a dashed line through its path's poses, and its stands at the
 * end as a dashed outline, lightly filled, in its side's colour over a
 * halo of the other lightness that keeps it seen on any ground. */
static void
draw_plan (MuRenderTableCtx *c,
           const MuPiece    *p)
{
  cairo_t *cr = c->cr;
  guint32 colour = mu_render_side_colour (c->scenario, p->counter->side);
  double w = MAX (0.07 * c->inch * c->k, 1.5 / c->dev);
  double lum;
  double dash[2] = { MAX (0.35 * c->inch * c->k, 4.0 / c->dev), MAX (0.2 * c->inch * c->k, 3.0 / c->dev) };

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_new_path (cr);
  for (guint i = 0; i < p->n_plan_stands; i++)
    {
      MuPoint k[4];

      mu_stand_corners (&p->plan_stands[i], k);
      cairo_move_to (cr, k[0].x * c->k, k[0].y * c->k);
      for (int j = 1; j < 4; j++)
        cairo_line_to (cr, k[j].x * c->k, k[j].y * c->k);
      cairo_close_path (cr);
    }
  mu_set_rgba (cr, colour, 0.18);
  cairo_fill_preserve (cr);
  for (guint i = 0; i < p->n_plan; i++)
    {
      const MuPos *q = &p->plan[i];

      if (!q->is_point)
        continue;
      if (i == 0)
        cairo_move_to (cr, q->point.x * c->k, q->point.y * c->k);
      else
        cairo_line_to (cr, q->point.x * c->k, q->point.y * c->k);
    }
  /* a light side's colour (grey) over a dark halo, a dark one over a pale */
  lum = 0.299 * (colour >> 16 & 0xff) + 0.587 * (colour >> 8 & 0xff) + 0.114 * (colour & 0xff);
  cairo_set_line_width (cr, 2.2 * w);
  mu_set_rgba (cr, lum > 150 ? 0x1a1a1a : 0xf6f1dc, lum > 150 ? 0.55 : 0.75);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, w);
  mu_set_rgb (cr, colour);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
mu_render_table_pieces (cairo_t               *cr,
                        const MuScenario      *scenario,
                        const MuRenderOptions *options,
                        const MuPiece         *pieces,
                        guint                  n_pieces)
{
  const MuRuleset *ruleset = mu_ruleset_find (scenario->ruleset);
  MuRenderTableCtx c;
  MuText text;

  if (!scenario->table)
    return;
  mu_render_table_init_ctx (&c, cr, scenario, options);
  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  mu_text_init (&text, cr);
  /* the plans first, so that the units stand over their lines */
  for (guint i = 0; i < n_pieces; i++)
    if (pieces[i].counter != NULL && pieces[i].n_plan > 0)
      draw_plan (&c, &pieces[i]);
  for (guint i = 0; i < n_pieces; i++)
    {
      const MuPiece *p = &pieces[i];
      double bw = 0, bx, by, bwid, bht;
      guint32 bg, ink;
      gboolean commander;
      MuStand lone;
      guint n_stands;
      const MuStand *stands = drawn_stands (scenario, p, &lone, &n_stands);

      if (stands == NULL)
        continue;
      mu_render_table_piece_bounds (scenario, options, p, &bx, &by, &bwid, &bht);
      if (c.have_clip && (bx + bwid < c.clip.x || by + bht < c.clip.y ||
                          bx > c.clip.x + c.clip.width || by > c.clip.y + c.clip.height))
        continue;
      commander = p->counter->kind != MU_COUNTER_UNIT;
      bg = mu_render_side_colour (scenario, p->counter->side);
      ink = mu_colour_mix (bg, 0x000000, 0.7);

      for (guint b = 0; b < n_stands; b++)
        {
          const MuStand *s = &stands[b];
          double bd = s->depth;

          bw = s->width;
          cairo_save (cr);
          cairo_translate (cr, s->centre.x * c.k, s->centre.y * c.k);
          cairo_rotate (cr, s->facing * G_PI / 180.0);
          cairo_scale (cr, c.k, c.k);
          if (p->selected || p->highlighted)
            {
              cairo_rectangle (cr, -bw / 2 - bw * 0.08, -bd / 2 - bw * 0.08, bw * 1.16, bd + bw * 0.16);
              mu_set_rgba (cr, p->selected ? 0xffd400 : 0x29c5f6, 0.95);
              cairo_fill (cr);
            }
          cairo_rectangle (cr, -bw / 2 + bw * 0.04, -bd / 2 + bw * 0.05, bw, bd);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
          cairo_fill (cr);
          cairo_rectangle (cr, -bw / 2, -bd / 2, bw, bd);
          mu_set_rgb (cr, commander ? mu_colour_mix (bg, 0xffffff, 0.3) : bg);
          cairo_fill_preserve (cr);
          mu_set_rgb (cr, 0x1a1a1a);
          cairo_set_line_width (cr, MAX (bw * 0.03, 0.6 / (c.dev * c.k)));
          cairo_stroke (cr);
          /* The front edge, heavier: facing at a glance. */
          cairo_move_to (cr, -bw / 2, -bd / 2);
          cairo_line_to (cr, bw / 2, -bd / 2);
          cairo_set_line_width (cr, MAX (bw * 0.07, 1.0 / (c.dev * c.k)));
          cairo_stroke (cr);
          if (bw * c.k * c.dev >= 10)
            base_figures (cr, p->counter->arm, commander, bw, bd, ink);
          cairo_restore (cr);
        }
      if (bw * c.k * c.dev >= 24 && p->counter->name)
        {
          mu_set_rgb (cr, 0x1a1a1a);
          mu_text_draw_halo (&text, MU_FONT_CONDENSED_BOLD, 0.28 * c.inch * c.k, p->counter->name,
                             bx + bwid / 2, by + bht + 0.05 * c.k, 0.5, 0.0, 0x111111, 0xf6f1dc,
                             0.05 * c.inch * c.k);
        }
    }
  /* The markers over every unit, as the hex board's sit on their counters
   * (its declared printed or drawn ones, and its status's) */
  for (guint i = 0; ruleset != NULL && i < n_pieces; i++)
    {
      const MuPiece *p = &pieces[i];
      const MuMarkerInfo *drawn[8];
      MuPoint centres[G_N_ELEMENTS (drawn)];
      const MuSide *side;
      double ms;
      guint n, n_stands;
      MuStand lone;

      if (drawn_stands (scenario, p, &lone, &n_stands) == NULL ||
          (n = mu_render_piece_markers (ruleset, p, drawn, G_N_ELEMENTS (drawn))) == 0)
        continue;
      side = mu_scenario_find_side (scenario, p->counter->side);
      marker_places (scenario, p, n, centres, &ms);
      for (guint j = 0; j < n; j++)
        {
          double mx = (centres[j].x - ms / 2) * c.k, my = (centres[j].y - ms / 2) * c.k;

          if (c.have_clip && (mx + ms * c.k < c.clip.x || my + ms * c.k < c.clip.y ||
                              mx > c.clip.x + c.clip.width || my > c.clip.y + c.clip.height))
            continue;
          mu_render_marker_with (&text, drawn[j], side, mx, my, ms * c.k, ms * c.k * c.dev, FALSE);
        }
    }
  mu_text_clear (&text);
  cairo_restore (cr);
}
