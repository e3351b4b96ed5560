/* mu-render-counter.c: counters and markers, and stacks of them on hex boards
 *
 * A counter is drawn in a box `size` square: die-cut body in the side's colour,
 * then (classic style) the identity number or star at the top, the type picture
 * in the middle, range-attack-strength at the bottom and the ability marks at
 * the sides, like the printed Brothers at Arms counters. The NATO style puts a
 * unit symbol frame in the middle instead. Pictures are drawn as vectors in a
 * unit box so they stay sharp at any size.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>
#include <string.h>

#define COUNTER_SCALE 1.15   /* counter side in hex sizes */
#define STACK_STEP 0.12      /* stack offset per counter in hex sizes */

static guint32
ink_for (guint32 background)
{
  return mu_colour_lightness (background) < 0.45 ? 0xffffff : 0x111111;
}

static guint32
picture_ink (guint32 background)
{
  return mu_colour_lightness (background) < 0.45 ? 0xf0f0f0 : mu_colour_mix (background, 0x000000, 0.72);
}

static void
counter_body (cairo_t *cr,
              double   x,
              double   y,
              double   size,
              guint32  colour,
              gboolean detailed)
{
  double r = 0.07 * size, lw = 0.025 * size;

  if (detailed)
    {
      /* Shadow: the counter's thickness on the map. */
      mu_render_rounded_rect (cr, x + 0.05 * size, y + 0.06 * size, size, size, r);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_fill (cr);
    }
  mu_render_rounded_rect (cr, x, y, size, size, r);
  mu_set_rgb (cr, colour);
  cairo_fill (cr);
  if (!detailed)
    return;
  /* Bevel: light top and left edges, dark bottom and right ones. */
  cairo_set_line_width (cr, lw * 1.6);
  cairo_move_to (cr, x + r, y + lw);
  cairo_line_to (cr, x + size - r, y + lw);
  cairo_move_to (cr, x + lw, y + r);
  cairo_line_to (cr, x + lw, y + size - r);
  mu_set_rgba (cr, 0xffffff, 0.45);
  cairo_stroke (cr);
  cairo_move_to (cr, x + r, y + size - lw);
  cairo_line_to (cr, x + size - r, y + size - lw);
  cairo_move_to (cr, x + size - lw, y + r);
  cairo_line_to (cr, x + size - lw, y + size - r);
  mu_set_rgba (cr, 0x000000, 0.25);
  cairo_stroke (cr);
  mu_render_rounded_rect (cr, x, y, size, size, r);
  mu_set_rgba (cr, 0x000000, 0.75);
  cairo_set_line_width (cr, lw * 0.8);
  cairo_stroke (cr);
}

/* Pictures: drawn around (cx, cy) in a box w wide. -------------------------------------- */

static void
outline_fill (cairo_t *cr,
              guint32  fill,
              double   lw)
{
  mu_set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x0d0d0d);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
}

static void
picture_kepi (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
{
  double lw = 0.035 * w;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, w, w);
  lw /= w;
  /* Crown: tall at the back, its flat top sloping down to the front, as on
   * the 1858 forage cap. */
  cairo_move_to (cr, 0.30, 0.20);
  cairo_line_to (cr, 0.27, -0.24);
  cairo_curve_to (cr, 0.26, -0.29, 0.22, -0.31, 0.17, -0.30);
  cairo_line_to (cr, -0.33, -0.17);
  cairo_curve_to (cr, -0.37, -0.16, -0.37, -0.11, -0.34, -0.09);
  cairo_line_to (cr, -0.26, 0.20);
  cairo_close_path (cr);
  outline_fill (cr, ink, lw);
  /* The top's edge catches the light. */
  cairo_move_to (cr, 0.22, -0.27);
  cairo_line_to (cr, -0.30, -0.14);
  mu_set_rgba (cr, 0xffffff, 0.35);
  cairo_set_line_width (cr, lw * 1.2);
  cairo_stroke (cr);
  /* Band. */
  cairo_move_to (cr, 0.30, 0.20);
  cairo_line_to (cr, 0.292, 0.08);
  cairo_line_to (cr, -0.29, 0.08);
  cairo_line_to (cr, -0.26, 0.20);
  cairo_close_path (cr);
  outline_fill (cr, mu_colour_mix (ink, 0x000000, 0.45), lw);
  /* Chin strap and buttons. */
  cairo_move_to (cr, -0.27, 0.12);
  cairo_line_to (cr, 0.27, 0.12);
  mu_set_rgb (cr, mu_colour_mix (bg, 0xffffff, 0.5));
  cairo_set_line_width (cr, lw * 0.9);
  cairo_stroke (cr);
  /* Visor. */
  cairo_move_to (cr, -0.26, 0.19);
  cairo_curve_to (cr, -0.36, 0.20, -0.46, 0.24, -0.50, 0.30);
  cairo_curve_to (cr, -0.38, 0.31, -0.20, 0.27, -0.06, 0.21);
  cairo_close_path (cr);
  outline_fill (cr, 0x151515, lw);
  cairo_restore (cr);
}

static void
picture_cavalry (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
{
  double lw;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, w, w);
  lw = 0.03;
  /* Sabre: curved blade from lower left up to the right. */
  cairo_save (cr);
  cairo_rotate (cr, -0.62);
  cairo_move_to (cr, -0.30, -0.02);
  cairo_curve_to (cr, -0.05, -0.05, 0.25, -0.08, 0.52, -0.16);
  cairo_curve_to (cr, 0.28, -0.03, 0.0, 0.03, -0.30, 0.04);
  cairo_close_path (cr);
  outline_fill (cr, 0xe8e8e8, lw);
  /* Guard and grip. */
  cairo_move_to (cr, -0.30, -0.09);
  cairo_curve_to (cr, -0.38, -0.10, -0.46, -0.06, -0.48, 0.08);
  cairo_curve_to (cr, -0.44, 0.12, -0.36, 0.12, -0.30, 0.10);
  cairo_line_to (cr, -0.30, 0.05);
  cairo_line_to (cr, -0.41, 0.06);
  cairo_line_to (cr, -0.40, -0.03);
  cairo_line_to (cr, -0.30, -0.04);
  cairo_close_path (cr);
  outline_fill (cr, 0xc9a23a, lw);
  cairo_restore (cr);
  /* Pistol: barrel up to the left, grip down to the right. */
  cairo_save (cr);
  cairo_rotate (cr, 0.62);
  cairo_rectangle (cr, -0.48, -0.06, 0.62, 0.09);
  outline_fill (cr, ink, lw);
  cairo_move_to (cr, 0.04, -0.08);
  cairo_line_to (cr, 0.22, -0.08);
  cairo_curve_to (cr, 0.28, 0.02, 0.34, 0.14, 0.36, 0.24);
  cairo_line_to (cr, 0.24, 0.27);
  cairo_curve_to (cr, 0.2, 0.16, 0.14, 0.08, 0.08, 0.05);
  cairo_close_path (cr);
  outline_fill (cr, 0x7a4a22, lw);
  /* Trigger guard. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0.09, 0.08, 0.05, 0, G_PI);
  mu_set_rgb (cr, 0x0d0d0d);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
  cairo_restore (cr);
  cairo_restore (cr);
}

static void
picture_cannon (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
{
  double lw = 0.03;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, w, w);
  /* Trail down to the ground on the right. */
  cairo_move_to (cr, 0.02, 0.02);
  cairo_line_to (cr, 0.46, 0.24);
  cairo_line_to (cr, 0.44, 0.30);
  cairo_line_to (cr, -0.02, 0.10);
  cairo_close_path (cr);
  outline_fill (cr, 0x7a4a22, lw);
  /* Barrel: tapered, breech on the right, muzzle up to the left. */
  cairo_save (cr);
  cairo_rotate (cr, -0.16);
  cairo_move_to (cr, 0.24, -0.10);
  cairo_curve_to (cr, 0.33, -0.10, 0.33, 0.06, 0.24, 0.06);
  cairo_line_to (cr, -0.46, 0.02);
  cairo_line_to (cr, -0.46, -0.06);
  cairo_close_path (cr);
  outline_fill (cr, ink, lw);
  cairo_rectangle (cr, -0.50, -0.075, 0.05, 0.11);
  outline_fill (cr, ink, lw);
  cairo_restore (cr);
  /* Wheel with spokes. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0.0, 0.1, 0.2, 0, 2 * G_PI);
  mu_set_rgb (cr, 0x0d0d0d);
  cairo_set_line_width (cr, 0.06);
  cairo_stroke_preserve (cr);
  mu_set_rgb (cr, 0x7a4a22);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  for (int i = 0; i < 6; i++)
    {
      double a = i * G_PI / 6;
      cairo_move_to (cr, 0.0 + 0.19 * cos (a), 0.1 + 0.19 * sin (a));
      cairo_line_to (cr, 0.0 - 0.19 * cos (a), 0.1 - 0.19 * sin (a));
    }
  mu_set_rgb (cr, 0x0d0d0d);
  cairo_set_line_width (cr, 0.022);
  cairo_stroke (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0.0, 0.1, 0.045, 0, 2 * G_PI);
  outline_fill (cr, ink, 0.02);
  cairo_restore (cr);
}

static void
picture_boat (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
{
  double lw = 0.03;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, w, w);
  /* Smokestacks. */
  cairo_rectangle (cr, -0.14, -0.34, 0.07, 0.3);
  cairo_rectangle (cr, 0.0, -0.34, 0.07, 0.3);
  outline_fill (cr, 0x1a1a1a, lw);
  /* Casemate (an ironclad gunboat's sloped armour). */
  cairo_move_to (cr, -0.34, 0.08);
  cairo_line_to (cr, -0.24, -0.08);
  cairo_line_to (cr, 0.26, -0.08);
  cairo_line_to (cr, 0.36, 0.08);
  cairo_close_path (cr);
  outline_fill (cr, ink, lw);
  for (int i = 0; i < 3; i++)
    cairo_rectangle (cr, -0.18 + i * 0.14, -0.03, 0.06, 0.05);
  mu_set_rgb (cr, 0x0d0d0d);
  cairo_fill (cr);
  /* Hull. */
  cairo_move_to (cr, -0.50, 0.06);
  cairo_line_to (cr, 0.48, 0.06);
  cairo_curve_to (cr, 0.44, 0.14, 0.40, 0.18, 0.34, 0.19);
  cairo_line_to (cr, -0.40, 0.19);
  cairo_curve_to (cr, -0.46, 0.16, -0.49, 0.11, -0.50, 0.06);
  cairo_close_path (cr);
  outline_fill (cr, 0x3a3a3a, lw);
  /* Water. */
  cairo_move_to (cr, -0.5, 0.25);
  for (int i = 0; i < 4; i++)
    cairo_curve_to (cr, -0.5 + i * 0.25 + 0.06, 0.21, -0.5 + i * 0.25 + 0.19, 0.29, -0.5 + (i + 1) * 0.25, 0.25);
  mu_set_rgb (cr, 0x2f64a3);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
mark_shield (cairo_t *cr, double cx, double cy, double h)
{
  double w = h * 0.8;

  cairo_move_to (cr, cx - w / 2, cy - h / 2);
  cairo_line_to (cr, cx + w / 2, cy - h / 2);
  cairo_line_to (cr, cx + w / 2, cy);
  cairo_curve_to (cr, cx + w / 2, cy + h * 0.3, cx + w * 0.2, cy + h * 0.42, cx, cy + h / 2);
  cairo_curve_to (cr, cx - w * 0.2, cy + h * 0.42, cx - w / 2, cy + h * 0.3, cx - w / 2, cy);
  cairo_close_path (cr);
  mu_set_rgb (cr, 0xc8201e);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x2a0808);
  cairo_set_line_width (cr, 0.08 * h);
  cairo_stroke (cr);
  cairo_move_to (cr, cx, cy - h * 0.35);
  cairo_line_to (cr, cx, cy + h * 0.35);
  cairo_move_to (cr, cx - w * 0.32, cy - h * 0.1);
  cairo_line_to (cr, cx + w * 0.32, cy - h * 0.1);
  mu_set_rgb (cr, 0xffffff);
  cairo_set_line_width (cr, 0.09 * h);
  cairo_stroke (cr);
}

static void
mark_crosshair (cairo_t *cr, double cx, double cy, double h, guint32 ink)
{
  double r = h * 0.36;

  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_move_to (cr, cx - h / 2, cy);
  cairo_line_to (cr, cx - r * 0.35, cy);
  cairo_move_to (cr, cx + r * 0.35, cy);
  cairo_line_to (cr, cx + h / 2, cy);
  cairo_move_to (cr, cx, cy - h / 2);
  cairo_line_to (cr, cx, cy - r * 0.35);
  cairo_move_to (cr, cx, cy + r * 0.35);
  cairo_line_to (cr, cx, cy + h / 2);
  mu_set_rgb (cr, ink);
  cairo_set_line_width (cr, 0.09 * h);
  cairo_stroke (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, 0.06 * h, 0, 2 * G_PI);
  mu_set_rgb (cr, 0xc8201e);
  cairo_fill (cr);
}

static void
mark_star (cairo_t *cr, double cx, double cy, double r, guint32 fill)
{
  mu_render_star_path (cr, cx, cy, r, r * 0.42, 0);
  mu_set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x111111);
  cairo_set_line_width (cr, 0.1 * r);
  cairo_stroke (cr);
}

/* NATO unit symbols ------------------------------------------------------------------------ */

static void
nato_frame (cairo_t *cr, double x, double y, double w, double h, MuArm arm, gboolean hq,
            guint32 fill, double lw)
{
  cairo_rectangle (cr, x, y, w, h);
  mu_set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x111111);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
  if (hq)
    {
      /* Headquarters: the staff down from the frame's lower left corner. */
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x, y + h * 1.45);
      cairo_stroke (cr);
      return;
    }
  switch (arm)
    {
    case MU_ARM_INFANTRY:
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x, y + h);
      cairo_stroke (cr);
      break;
    case MU_ARM_CAVALRY:
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
      cairo_stroke (cr);
      break;
    case MU_ARM_ARTILLERY:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w / 2, y + h / 2, h * 0.2, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case MU_ARM_RIVERBOAT:
    default:
      /* Naval: a hull under the artillery dot. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w / 2, y + h * 0.36, h * 0.15, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_move_to (cr, x + w * 0.2, y + h * 0.62);
      cairo_line_to (cr, x + w * 0.8, y + h * 0.62);
      cairo_line_to (cr, x + w * 0.7, y + h * 0.82);
      cairo_line_to (cr, x + w * 0.3, y + h * 0.82);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    }
}

/* Counters -------------------------------------------------------------------------------------- */

static void
draw_values (MuText *t, const MuCounter *c, int strength, double x, double y, double size, guint32 ink)
{
  char buf[48];

  g_snprintf (buf, sizeof buf, "%d-%d-%d", c->range, c->attack, strength > 0 ? strength : c->strength);
  mu_set_rgb (t->cr, ink);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 0.25 * size, buf, x + size / 2, y + size * 0.95, 0.5, 1.0, size * 0.86);
}

static void
draw_unit (MuText *t, const MuScenario *s, const MuCounter *c, MuCounterStyle style, int strength,
           double x, double y, double size, guint32 bg, gboolean text)
{
  cairo_t *cr = t->cr;
  guint32 ink = ink_for (bg), pic = picture_ink (bg);
  double cx = x + size / 2;

  if (style == MU_COUNTER_STYLE_NATO)
    {
      double fw = 0.56 * size, fh = 0.36 * size;
      nato_frame (cr, cx - fw / 2, y + 0.3 * size, fw, fh, c->arm, FALSE,
                  mu_colour_mix (bg, 0xffffff, 0.45), 0.03 * size);
      if (text)
        {
          char buf[16];
          mu_set_rgb (cr, ink);
          mu_text_draw (t, MU_FONT_SANS_BOLD, 0.17 * size, "X", cx, y + 0.28 * size, 0.5, 1.0, 0);
          if (c->identity > 0)
            {
              g_snprintf (buf, sizeof buf, "%d", c->identity);
              mu_text_draw (t, MU_FONT_SANS_BOLD, 0.18 * size, buf, x + 0.05 * size, y + 0.05 * size, 0.0, 0.0, 0);
            }
          else
            mark_star (cr, x + 0.14 * size, y + 0.14 * size, 0.09 * size, 0xffffff);
        }
    }
  else
    {
      double pw = 0.52 * size, py = y + 0.47 * size;
      switch (c->arm)
        {
        case MU_ARM_CAVALRY:
          picture_cavalry (cr, cx, py, pw, pic, bg);
          break;
        case MU_ARM_ARTILLERY:
          picture_cannon (cr, cx, py, pw, pic, bg);
          break;
        case MU_ARM_RIVERBOAT:
          picture_boat (cr, cx, py, pw, pic, bg);
          break;
        case MU_ARM_INFANTRY:
        default:
          picture_kepi (cr, cx, py, pw, pic, bg);
          break;
        }
      if (c->identity > 0)
        {
          if (text)
            {
              char buf[16];
              g_snprintf (buf, sizeof buf, "%d", c->identity);
              mu_set_rgb (cr, ink);
              mu_text_draw (t, MU_FONT_SANS_BOLD, 0.22 * size, buf, cx, y + 0.04 * size, 0.5, 0.0, 0);
            }
        }
      else
        mark_star (cr, cx, y + 0.15 * size, 0.1 * size, 0xffffff);
    }
  if (c->abilities & MU_ABILITY_INDOMITABLE)
    mark_shield (cr, x + 0.13 * size, y + 0.47 * size, 0.2 * size);
  if (c->abilities & MU_ABILITY_SHARPSHOOTER)
    mark_crosshair (cr, x + 0.87 * size, y + 0.47 * size, 0.18 * size, ink);
  if (text)
    draw_values (t, c, strength, x, y, size, ink);
}

static void
draw_commander (MuText *t, const MuScenario *s, const MuCounter *c, MuCounterStyle style,
                double x, double y, double size, guint32 bg, gboolean text)
{
  cairo_t *cr = t->cr;
  guint32 ink = ink_for (bg);
  double cx = x + size / 2;
  gboolean control = c->kind == MU_COUNTER_CONTROL;
  char buf[32];

  if (control)
    {
      /* Control counters: a second frame inside the edge. */
      mu_render_rounded_rect (cr, x + 0.06 * size, y + 0.06 * size, 0.88 * size, 0.88 * size, 0.04 * size);
      mu_set_rgb (cr, ink);
      cairo_set_line_width (cr, 0.025 * size);
      cairo_stroke (cr);
    }
  if (style == MU_COUNTER_STYLE_NATO)
    {
      double fw = 0.44 * size, fh = 0.22 * size;
      nato_frame (cr, cx - fw / 2, y + 0.24 * size, fw, fh, MU_ARM_INFANTRY, TRUE,
                  mu_colour_mix (bg, 0xffffff, 0.45), 0.03 * size);
      if (text)
        {
          mu_set_rgb (cr, ink);
          mu_text_draw (t, MU_FONT_SANS_BOLD, 0.14 * size, control ? "XXX" : "XX", cx,
                        y + 0.24 * size, 0.5, 1.0, 0);
        }
    }
  else
    {
      /* Name band across the middle. */
      cairo_rectangle (cr, x + 0.04 * size, y + 0.38 * size, 0.92 * size, 0.25 * size);
      mu_set_rgb (cr, mu_colour_mix (bg, 0xffffff, 0.6));
      cairo_fill (cr);
    }

  /* Top: the division number (command) or the star (control). */
  if (c->kind == MU_COUNTER_COMMAND && text && style != MU_COUNTER_STYLE_NATO)
    {
      g_snprintf (buf, sizeof buf, "%d", c->division);
      mu_set_rgb (cr, ink);
      mu_text_draw (t, MU_FONT_SANS_BOLD, 0.24 * size, buf, cx, y + 0.06 * size, 0.5, 0.0, 0);
    }
  else if (c->kind == MU_COUNTER_COMMAND && text)
    {
      g_snprintf (buf, sizeof buf, "%d", c->division);
      mu_set_rgb (cr, ink);
      mu_text_draw (t, MU_FONT_SANS_BOLD, 0.18 * size, buf, x + 0.08 * size, y + 0.08 * size, 0.0, 0.0, 0);
    }
  if (control && c->star)
    mark_star (cr, style == MU_COUNTER_STYLE_NATO ? x + 0.18 * size : cx,
               style == MU_COUNTER_STYLE_NATO ? y + 0.18 * size : y + 0.2 * size,
               0.12 * size, 0xffffff);
  if (c->exceptional)
    {
      double ex = x + 0.8 * size, ey = y + 0.18 * size, r = 0.08 * size;
      cairo_move_to (cr, ex - r, ey - r);
      cairo_line_to (cr, ex + r, ey + r);
      cairo_move_to (cr, ex + r, ey - r);
      cairo_line_to (cr, ex - r, ey + r);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      mu_set_rgb (cr, 0xc8201e);
      cairo_set_line_width (cr, 0.045 * size);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }
  if (!text)
    return;
  mu_set_rgb (cr, style == MU_COUNTER_STYLE_NATO ? ink : 0x111111);
  if (c->name)
    {
          mu_text_draw (t, MU_FONT_CONDENSED_BOLD, style == MU_COUNTER_STYLE_NATO ? 0.15 * size : 0.17 * size, c->name, cx,
                    style == MU_COUNTER_STYLE_NATO ? y + 0.62 * size : y + 0.505 * size,
                    0.5, 0.5, 0.86 * size);
    }
  g_snprintf (buf, sizeof buf, "%d", c->leadership);
  mu_set_rgb (cr, ink);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 0.25 * size, buf, cx, y + 0.95 * size, 0.5, 1.0, 0);
}

void
mu_render_counter_with (MuText           *t,
                        const MuScenario *scenario,
                        const MuCounter  *counter,
                        MuCounterStyle    style,
                        int               strength,
                        double            x,
                        double            y,
                        double            size,
                        double            device_size)
{
  guint32 bg = mu_render_side_colour (scenario, counter->side);
  gboolean detailed = device_size >= 12.0;
  gboolean text = device_size >= 18.0;

  counter_body (t->cr, x, y, size, bg, detailed);
  if (!detailed)
    return;
  if (counter->kind == MU_COUNTER_UNIT)
    draw_unit (t, scenario, counter, style, strength, x, y, size, bg, text);
  else
    draw_commander (t, scenario, counter, style, x, y, size, bg, text);
}

void
mu_render_counter (cairo_t          *cr,
                   const MuScenario *scenario,
                   const MuCounter  *counter,
                   MuCounterStyle    style,
                   double            x,
                   double            y,
                   double            size)
{
  MuText t;
  MuRenderOptions o;

  g_return_if_fail (cr != NULL && scenario != NULL && counter != NULL);

  mu_render_options_init (&o);
  mu_text_init (&t, cr);
  cairo_save (cr);
  mu_render_counter_with (&t, scenario, counter, style, 0, x, y, size,
                          size * mu_render_device_scale (cr, &o));
  cairo_restore (cr);
  mu_text_clear (&t);
}

/* Markers ------------------------------------------------------------------------------------------ */

void
mu_render_marker_with (MuText       *t,
                       MuMarkers     marker,
                       const MuSide *side,
                       double        x,
                       double        y,
                       double        size,
                       double        device_size)
{
  cairo_t *cr = t->cr;
  guint32 bg = 0xeeeeee;
  const char *label = NULL;
  gboolean text = device_size >= 16.0;
  gboolean detailed = device_size >= 8.0;
  double cx = x + size / 2;

  /* One marker per call: the lowest flag set. */
  marker = marker & (~marker + 1);
  switch (marker)
    {
    case MU_MARKER_NIC:
      bg = 0xf2d23c;
      label = "NIC";
      break;
    case MU_MARKER_PINNED:
      bg = 0xc8322c;
      label = "PINNED";
      break;
    case MU_MARKER_FATIGUED:
      bg = 0xe8893a;
      label = "FATIGUED";
      break;
    case MU_MARKER_BREACHED:
      bg = 0x6b4a2a;
      label = "BREACHED";
      break;
    case MU_MARKER_OBJECTIVE:
      bg = side ? side->colour & 0xffffff : 0xf4f0e4;
      break;
    case MU_MARKER_DISABLED:
      bg = 0x2a2a2a;
      label = "DISABLED";
      break;
    case MU_MARKER_ON_TRAIN:
      bg = 0x4a5a6a;
      label = "ON TRAIN";
      break;
    default:
      return;
    }
  counter_body (cr, x, y, size, bg, detailed);
  if (!detailed)
    return;
  switch (marker)
    {
    case MU_MARKER_OBJECTIVE:
      mu_render_objective_symbol (cr, cx, y + size / 2, 0.36 * size,
                                  side ? side->colour & 0xffffff : 0xffffff, side != NULL);
      break;
    case MU_MARKER_PINNED:
      /* Crossed arrows pinning the counter down. */
      cairo_move_to (cr, x + 0.25 * size, y + 0.2 * size);
      cairo_line_to (cr, x + 0.75 * size, y + 0.55 * size);
      cairo_move_to (cr, x + 0.75 * size, y + 0.2 * size);
      cairo_line_to (cr, x + 0.25 * size, y + 0.55 * size);
      mu_set_rgba (cr, 0xffffff, 0.8);
      cairo_set_line_width (cr, 0.06 * size);
      cairo_stroke (cr);
      break;
    case MU_MARKER_BREACHED:
      for (int i = 0; i < 4; i++)
        {
          double a = x + (0.14 + i * 0.18) * size, b = a + 0.18 * size;
          if (i == 2)
            continue;
          cairo_move_to (cr, a, y + 0.5 * size);
          cairo_line_to (cr, (a + b) / 2, y + 0.3 * size);
          cairo_line_to (cr, b, y + 0.5 * size);
          cairo_close_path (cr);
        }
      mu_set_rgb (cr, 0xe8d8b8);
      cairo_fill (cr);
      break;
    case MU_MARKER_DISABLED:
      cairo_move_to (cr, x + 0.2 * size, y + 0.18 * size);
      cairo_line_to (cr, x + 0.8 * size, y + 0.6 * size);
      cairo_move_to (cr, x + 0.8 * size, y + 0.18 * size);
      cairo_line_to (cr, x + 0.2 * size, y + 0.6 * size);
      mu_set_rgb (cr, 0xc8201e);
      cairo_set_line_width (cr, 0.08 * size);
      cairo_stroke (cr);
      break;
    case MU_MARKER_ON_TRAIN:
      /* A locomotive: boiler, cab, funnel, wheels. */
      cairo_rectangle (cr, x + 0.22 * size, y + 0.3 * size, 0.36 * size, 0.16 * size);
      cairo_rectangle (cr, x + 0.58 * size, y + 0.2 * size, 0.16 * size, 0.26 * size);
      cairo_move_to (cr, x + 0.26 * size, y + 0.3 * size);
      cairo_line_to (cr, x + 0.24 * size, y + 0.16 * size);
      cairo_line_to (cr, x + 0.36 * size, y + 0.16 * size);
      cairo_line_to (cr, x + 0.34 * size, y + 0.3 * size);
      cairo_close_path (cr);
      mu_set_rgb (cr, 0x111111);
      cairo_fill (cr);
      for (int i = 0; i < 3; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x + (0.3 + i * 0.18) * size, y + 0.5 * size, 0.06 * size, 0, 2 * G_PI);
        }
      mu_set_rgb (cr, 0xdddddd);
      cairo_fill (cr);
      break;
    default:
      break;
    }
  if (label && text)
    {
      double py = marker == MU_MARKER_NIC ? y + size / 2 : y + 0.9 * size;
      double px = marker == MU_MARKER_NIC ? 0.36 * size : 0.2 * size;
      mu_set_rgb (cr, ink_for (bg));
      mu_text_draw (t, MU_FONT_CONDENSED_BOLD, px, label, cx, py, 0.5,
                    marker == MU_MARKER_NIC ? 0.5 : 1.0, 0.88 * size);
    }
}

void
mu_render_marker (cairo_t      *cr,
                  MuMarkers     marker,
                  const MuSide *side,
                  double        x,
                  double        y,
                  double        size)
{
  MuText t;
  MuRenderOptions o;

  g_return_if_fail (cr != NULL);

  mu_render_options_init (&o);
  mu_text_init (&t, cr);
  cairo_save (cr);
  mu_render_marker_with (&t, marker, side, x, y, size, size * mu_render_device_scale (cr, &o));
  cairo_restore (cr);
  mu_text_clear (&t);
}

/* Pieces on hex boards -------------------------------------------------------------------------------- */

double
mu_render_counter_size (const MuRenderOptions *options)
{
  g_return_val_if_fail (options != NULL, 0);
  return COUNTER_SCALE * (options->hex_size > 0 ? options->hex_size : 32.0);
}

static inline guint
hex_key (MuHex h)
{
  return ((guint) h.col << 16) ^ (guint) (h.row & 0xffff);
}

/* For each piece: its place in its hex's stack and the stack's height. */
static void
stack_positions (const MuPiece *pieces,
                 guint          n,
                 guint         *level,
                 guint         *height)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < n; i++)
    {
      gpointer key = GUINT_TO_POINTER (hex_key (pieces[i].hex) + 1);
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));
      level[i] = k;
      g_hash_table_insert (counts, key, GUINT_TO_POINTER (k + 1));
    }
  for (guint i = 0; i < n; i++)
    height[i] = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (hex_key (pieces[i].hex) + 1)));
}

static void
hex_piece_rect (const MuScenario      *scenario,
                const MuRenderOptions *o,
                MuHex                  hex,
                guint                  level,
                guint                  height,
                double                *x,
                double                *y,
                double                *size)
{
  double s = o->hex_size > 0 ? o->hex_size : 32.0;
  double cs = COUNTER_SCALE * s, step = STACK_STEP * s, cx, cy;
  double shift = (height - 1) * step / 2.0;

  mu_hex_center (&scenario->hex_map->grid, s, hex, &cx, &cy);
  *x = cx - cs / 2 - shift + level * step;
  *y = cy - cs / 2 + shift - level * step;
  *size = cs;
}

void
mu_render_piece_bounds (const MuScenario      *scenario,
                        const MuRenderOptions *options,
                        const MuPiece         *pieces,
                        guint                  n_pieces,
                        guint                  index,
                        double                *x,
                        double                *y,
                        double                *width,
                        double                *height)
{
  double bx = 0, by = 0, bw = 0, bh = 0;

  g_return_if_fail (scenario != NULL && options != NULL && index < n_pieces);

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map)
    {
      guint level = 0, total = 0;
      double size;

      for (guint i = 0; i < n_pieces; i++)
        if (mu_hex_equal (pieces[i].hex, pieces[index].hex))
          {
            if (i < index)
              level++;
            total++;
          }
      hex_piece_rect (scenario, options, pieces[index].hex, level, total, &bx, &by, &size);
      bw = bh = size;
    }
  else if (scenario->board == MU_BOARD_TABLE && scenario->table)
    {
      mu_render_table_piece_bounds (scenario, options, &pieces[index], &bx, &by, &bw, &bh);
    }
  if (x) *x = bx;
  if (y) *y = by;
  if (width) *width = bw;
  if (height) *height = bh;
}

int
mu_render_piece_at (const MuScenario      *scenario,
                    const MuRenderOptions *options,
                    const MuPiece         *pieces,
                    guint                  n_pieces,
                    double                 x,
                    double                 y)
{
  g_return_val_if_fail (scenario != NULL && options != NULL, -1);

  /* Topmost first: later pieces are drawn over earlier ones. */
  for (guint i = n_pieces; i-- > 0;)
    {
      double bx, by, bw, bh;
      mu_render_piece_bounds (scenario, options, pieces, n_pieces, i, &bx, &by, &bw, &bh);
      if (x >= bx && x < bx + bw && y >= by && y < by + bh)
        return (int) i;
    }
  return -1;
}

void
mu_render_highlights (cairo_t               *cr,
                      const MuScenario      *scenario,
                      const MuRenderOptions *options,
                      const MuHexHighlight  *highlights,
                      guint                  n_highlights)
{
  double s;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);
  if (scenario->board != MU_BOARD_HEX || !scenario->hex_map || n_highlights == 0)
    return;
  s = options->hex_size > 0 ? options->hex_size : 32.0;
  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  for (guint i = 0; i < n_highlights; i++)
    {
      guint32 c = highlights[i].rgba;
      double cx, cy;

      mu_hex_center (&scenario->hex_map->grid, s, highlights[i].hex, &cx, &cy);
      for (int k = 0; k < 6; k++)
        {
          double a = ((scenario->hex_map->grid.orientation == MU_HEX_FLAT_TOP ? 240.0 : 210.0) +
                      60.0 * k) * G_PI / 180.0;
          double x = cx + 0.94 * s * cos (a), y = cy + 0.94 * s * sin (a);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, ((c >> 24) & 0xff) / 255.0, ((c >> 16) & 0xff) / 255.0,
                             ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, ((c >> 24) & 0xff) / 255.0, ((c >> 16) & 0xff) / 255.0,
                             ((c >> 8) & 0xff) / 255.0, MIN (1.0, 2.0 * (c & 0xff) / 255.0));
      cairo_set_line_width (cr, 0.08 * s);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static guint64
counter_key (const MuScenario *scenario,
             const MuCounter  *c,
             MuCounterStyle    style,
             int               strength,
             double            size,
             double            dev)
{
  guint64 k = mu_hash_mix (0xc0c0, style);

  k = mu_hash_mix (k, c->kind);
  k = mu_hash_mix (k, c->arm);
  k = mu_hash_mix (k, c->range);
  k = mu_hash_mix (k, c->attack);
  k = mu_hash_mix (k, strength > 0 ? strength : c->strength);
  k = mu_hash_mix (k, c->identity);
  k = mu_hash_mix (k, c->abilities);
  k = mu_hash_mix (k, c->leadership);
  k = mu_hash_mix (k, c->star);
  k = mu_hash_mix (k, c->exceptional);
  k = mu_hash_mix (k, c->division);
  k = mu_hash_string (k, c->name);
  k = mu_hash_mix (k, mu_render_side_colour (scenario, c->side));
  k = mu_hash_double (k, size);
  return mu_hash_double (k, dev);
}

/* Draws a counter or a marker from the cache when there is one. */
static void
paint_counter (MuText           *t,
               MuRenderCache    *cache,
               const MuScenario *scenario,
               const MuCounter  *counter,
               MuMarkers         marker,
               const MuSide     *side,
               MuCounterStyle    style,
               int               strength,
               double            x,
               double            y,
               double            size,
               double            dev)
{
  guint64 key;
  MuSprite *sprite;

  if (!cache)
    {
      if (counter)
        mu_render_counter_with (t, scenario, counter, style, strength, x, y, size, size * dev);
      else
        mu_render_marker_with (t, marker, side, x, y, size, size * dev);
      return;
    }
  if (counter)
    key = counter_key (scenario, counter, style, strength, size, dev);
  else
    {
      key = mu_hash_mix (0x3a4e, marker);
      key = mu_hash_mix (key, side ? side->colour : 0);
      key = mu_hash_double (key, size);
      key = mu_hash_double (key, dev);
    }
  sprite = mu_render_cache_lookup (cache, key);
  if (!sprite)
    {
      MuText st;
      cairo_t *sc = mu_sprite_begin (t->cr, dev, 0.03 * size, 0.03 * size, 1.1 * size, 1.1 * size, &sprite);

      mu_text_init (&st, sc);
      if (counter)
        mu_render_counter_with (&st, scenario, counter, style, strength, 0, 0, size, size * dev);
      else
        mu_render_marker_with (&st, marker, side, 0, 0, size, size * dev);
      mu_text_clear (&st);
      cairo_destroy (sc);
      mu_render_cache_insert (cache, key, sprite);
    }
  mu_sprite_paint (t->cr, sprite, x, y);
}

void
mu_render_pieces (cairo_t               *cr,
                  const MuScenario      *scenario,
                  const MuRenderOptions *options,
                  const MuPiece         *pieces,
                  guint                  n_pieces)
{
  g_autofree guint *level = NULL;
  g_autofree guint *height = NULL;
  MuText t;
  MuRect clip;
  gboolean have_clip;
  double dev;
  MuRenderCache *cache;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);
  if (n_pieces == 0)
    return;
  if (scenario->board == MU_BOARD_TABLE)
    {
      mu_render_table_pieces (cr, scenario, options, pieces, n_pieces);
      return;
    }
  if (scenario->board != MU_BOARD_HEX || !scenario->hex_map)
    return;

  level = g_new (guint, n_pieces);
  height = g_new (guint, n_pieces);
  stack_positions (pieces, n_pieces, level, height);
  have_clip = mu_render_get_clip (options, &clip);
  dev = mu_render_device_scale (cr, options);
  cache = options->cache && mu_sprite_usable (cr) ? options->cache : NULL;

  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  mu_text_init (&t, cr);
  for (guint i = 0; i < n_pieces; i++)
    {
      const MuPiece *p = &pieces[i];
      double x, y, size, margin;
      guint n_markers = 0;

      if (!p->counter || !mu_hex_grid_contains (&scenario->hex_map->grid, p->hex))
        continue;
      hex_piece_rect (scenario, options, p->hex, level[i], height[i], &x, &y, &size);
      margin = 0.3 * size;
      if (have_clip &&
          (x + size + margin < clip.x || y + size + margin < clip.y ||
           x - margin > clip.x + clip.width || y - margin > clip.y + clip.height))
        continue;
      if (p->selected || p->highlighted)
        {
          mu_render_rounded_rect (cr, x - 0.06 * size, y - 0.06 * size, 1.12 * size, 1.12 * size, 0.1 * size);
          mu_set_rgba (cr, p->selected ? 0xffd400 : 0x29c5f6, 0.95);
          cairo_fill (cr);
        }
      paint_counter (&t, cache, scenario, p->counter, 0, NULL, options->counter_style, p->strength,
                     x, y, size, dev);
      for (guint m = 0; m < 7; m++)
        if (p->markers & (1u << m))
          {
            double ms = 0.5 * size;
            double mx = x + size - 0.6 * ms + n_markers * 0.2 * ms;
            double my = y + size - 0.6 * ms - n_markers * 0.2 * ms;
            const MuSide *side = mu_scenario_find_side (scenario, p->counter->side);

            paint_counter (&t, cache, scenario, NULL, 1u << m, side, options->counter_style, 0,
                           mx, my, ms, dev);
            n_markers++;
          }
    }
  mu_text_clear (&t);
  cairo_restore (cr);
}
