/* mu-render-pictures.c: the pictures and marks printed on counters
 *
 * Drawn as vectors in a box of the given width around a centre, so counters
 * stay sharp at any size: the kepi (infantry), sabre and pistol (cavalry),
 * cannon (artillery), gunboat (river boats), the red shield (indomitable), the
 * crosshair (sharpshooters), stars, and the NATO unit symbol frames.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>

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

void
mu_picture_kepi (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
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

void
mu_picture_cavalry (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
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

void
mu_picture_cannon (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
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

void
mu_picture_boat (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg)
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

void
mu_mark_shield (cairo_t *cr, double cx, double cy, double h)
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

void
mu_mark_crosshair (cairo_t *cr, double cx, double cy, double h, guint32 ink)
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

void
mu_mark_star (cairo_t *cr, double cx, double cy, double r, guint32 fill)
{
  mu_render_star_path (cr, cx, cy, r, r * 0.42, 0);
  mu_set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  mu_set_rgb (cr, 0x111111);
  cairo_set_line_width (cr, 0.1 * r);
  cairo_stroke (cr);
}

/* NATO unit symbols ------------------------------------------------------------------------ */

void
mu_nato_frame (cairo_t *cr, double x, double y, double w, double h, MuArm arm, gboolean hq,
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

