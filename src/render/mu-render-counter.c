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
              gboolean detailed,
              gboolean flat)
{
  double r = 0.07 * size, lw = 0.025 * size;

  if (flat)
    {
      /* Printed sheets: a square filling the box, so neighbours meet along
       * the cut lines with no gap and no shadow spilling over. */
      cairo_rectangle (cr, x, y, size, size);
      mu_set_rgb (cr, colour);
      cairo_fill (cr);
      return;
    }
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

/* Counters -------------------------------------------------------------------------------------- */

/* The values the scenario's ruleset prints at `where` on the face ("1-4-3"). */
static char *
face_values (const MuScenario *s, const MuCounter *c, MuFieldShow where, int strength)
{
  return mu_counter_face_values (s && s->ruleset ? mu_ruleset_find (s->ruleset) : NULL, c, where, strength);
}

static void
draw_values (MuText *t, const MuScenario *s, const MuCounter *c, int strength, double x, double y, double size,
             guint32 ink)
{
  g_autofree char *values = face_values (s, c, MU_FIELD_SHOW_FACE_BOTTOM, strength);

  if (*values == '\0')
    return;
  mu_set_rgb (t->cr, ink);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 0.25 * size, values, x + size / 2, y + size * 0.95, 0.5, 1.0, size * 0.86);
}

/* The marks the scenario's ruleset puts on the face (star, shield...). */
static char **
face_marks (const MuScenario *s, const MuCounter *c)
{
  return mu_counter_face_marks (s && s->ruleset ? mu_ruleset_find (s->ruleset) : NULL, c);
}

/* The superior's number the counter names, as its ruleset declares it
 * (mu_ruleset_naming_field; baa: a unit's division), 0 for none. */
static int
superior_number (const MuScenario *s, const MuCounter *c)
{
  const MuFieldInfo *f = mu_ruleset_naming_field (s && s->ruleset ? mu_ruleset_find (s->ruleset) : NULL,
                                                  c->kind);

  return f ? mu_counter_get_int (c, f->id) : 0;
}

static gboolean
has_mark (char **marks, const char *picture)
{
  return g_strv_contains ((const char *const *) marks, picture);
}

static void
draw_unit (MuText *t, const MuScenario *s, const MuCounter *c, MuCounterStyle style, int strength,
           double x, double y, double size, guint32 bg, gboolean art, gboolean text)
{
  cairo_t *cr = t->cr;
  guint32 ink = ink_for (bg), pic = picture_ink (bg);
  double cx = x + size / 2;
  char buf[16];
  g_auto(GStrv) marks = face_marks (s, c);
  int superior = superior_number (s, c);

  if (style == MU_COUNTER_STYLE_NATO)
    {
      double fw = 0.56 * size, fh = 0.36 * size;
      if (art)
        {
          mu_nato_frame (cr, cx - fw / 2, y + 0.3 * size, fw, fh, c->arm, FALSE,
                         mu_colour_mix (bg, 0xffffff, 0.45), 0.03 * size);
          if (superior <= 0)
            mu_mark_star (cr, x + 0.14 * size, y + 0.14 * size, 0.09 * size, 0xffffff);
        }
      if (text)
        {
          mu_set_rgb (cr, ink);
          mu_text_draw (t, MU_FONT_SANS_BOLD, 0.17 * size, "X", cx, y + 0.28 * size, 0.5, 1.0, 0);
          if (superior > 0)
            {
              g_snprintf (buf, sizeof buf, "%d", superior);
              mu_text_draw (t, MU_FONT_SANS_BOLD, 0.18 * size, buf, x + 0.05 * size, y + 0.05 * size, 0.0, 0.0, 0);
            }
        }
    }
  else
    {
      double pw = 0.52 * size, py = y + 0.47 * size;
      if (art)
        {
          switch (c->arm)
            {
            case MU_ARM_CAVALRY:
              mu_picture_cavalry (cr, cx, py, pw, pic, bg);
              break;
            case MU_ARM_ARTILLERY:
              mu_picture_cannon (cr, cx, py, pw, pic, bg);
              break;
            case MU_ARM_RIVERBOAT:
              mu_picture_boat (cr, cx, py, pw, pic, bg);
              break;
            case MU_ARM_INFANTRY:
            default:
              mu_picture_kepi (cr, cx, py, pw, pic, bg);
              break;
            }
          if (superior <= 0)
            mu_mark_star (cr, cx, y + 0.15 * size, 0.1 * size, 0xffffff);
        }
      if (text && superior > 0)
        {
          g_snprintf (buf, sizeof buf, "%d", superior);
          mu_set_rgb (cr, ink);
          mu_text_draw (t, MU_FONT_SANS_BOLD, 0.22 * size, buf, cx, y + 0.04 * size, 0.5, 0.0, 0);
        }
    }
  if (art && has_mark (marks, "shield"))
    mu_mark_shield (cr, x + 0.13 * size, y + 0.47 * size, 0.2 * size);
  if (art && has_mark (marks, "crosshair"))
    mu_mark_crosshair (cr, x + 0.87 * size, y + 0.47 * size, 0.18 * size, ink);
  if (text)
    draw_values (t, s, c, strength, x, y, size, ink);
}

static void
draw_commander_art (cairo_t *cr, const MuScenario *s, const MuCounter *c, MuCounterStyle style,
                    double x, double y, double size, guint32 bg)
{
  g_auto(GStrv) marks = face_marks (s, c);
  guint32 ink = ink_for (bg);
  double cx = x + size / 2;
  gboolean control = c->kind == MU_COUNTER_CONTROL;

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
      mu_nato_frame (cr, cx - fw / 2, y + 0.24 * size, fw, fh, MU_ARM_INFANTRY, TRUE,
                     mu_colour_mix (bg, 0xffffff, 0.45), 0.03 * size);
    }
  else
    {
      /* Name band across the middle. */
      cairo_rectangle (cr, x + 0.04 * size, y + 0.38 * size, 0.92 * size, 0.25 * size);
      mu_set_rgb (cr, mu_colour_mix (bg, 0xffffff, 0.6));
      cairo_fill (cr);
    }
  if (has_mark (marks, "star"))
    mu_mark_star (cr, style == MU_COUNTER_STYLE_NATO ? x + 0.18 * size : cx,
                  style == MU_COUNTER_STYLE_NATO ? y + 0.18 * size : y + 0.2 * size,
                  0.12 * size, 0xffffff);
  if (has_mark (marks, "cross"))
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
}

static void
draw_commander_text (MuText *t, const MuScenario *s, const MuCounter *c, MuCounterStyle style,
                     double x, double y, double size, guint32 bg)
{
  cairo_t *cr = t->cr;
  guint32 ink = ink_for (bg);
  double cx = x + size / 2;
  gboolean nato = style == MU_COUNTER_STYLE_NATO;
  g_autofree char *top = face_values (s, c, MU_FIELD_SHOW_FACE_TOP, 0);
  g_autofree char *bottom = face_values (s, c, MU_FIELD_SHOW_FACE_BOTTOM, 0);

  mu_set_rgb (cr, ink);
  if (nato)
    mu_text_draw (t, MU_FONT_SANS_BOLD, 0.14 * size, c->kind == MU_COUNTER_CONTROL ? "XXX" : "XX", cx,
                  y + 0.24 * size, 0.5, 1.0, 0);
  /* Top: what the ruleset puts there (baa: a command counter's division). */
  if (*top)
    {
      if (nato)
        mu_text_draw (t, MU_FONT_SANS_BOLD, 0.18 * size, top, x + 0.08 * size, y + 0.08 * size, 0.0, 0.0, 0);
      else
        mu_text_draw (t, MU_FONT_SANS_BOLD, 0.24 * size, top, cx, y + 0.06 * size, 0.5, 0.0, 0);
    }
  if (c->name)
    {
      mu_set_rgb (cr, nato ? ink : 0x111111);
      mu_text_draw (t, MU_FONT_CONDENSED_BOLD, nato ? 0.15 * size : 0.17 * size, c->name, cx,
                    nato ? y + 0.62 * size : y + 0.505 * size, 0.5, 0.5, 0.86 * size);
    }
  /* Bottom: the ruleset's values (baa: the leadership) */
  mu_set_rgb (cr, ink);
  if (*bottom)
    mu_text_draw (t, MU_FONT_SANS_BOLD, 0.25 * size, bottom, cx, y + 0.95 * size, 0.5, 1.0, 0);
}

/* The type of a counter drawn too small for its picture: a unit's arm as
 * the map symbols show it (infantry a cross, cavalry a bar, artillery a dot,
 * a riverboat a wave), a commander a star, in lines a device pixel wide. */
static void
overview_mark (cairo_t         *cr,
               const MuCounter *counter,
               double           x,
               double           y,
               double           size,
               double           device_size,
               guint32          ink)
{
  double lw = size / device_size * 1.2;
  double m = 0.25 * size;
  double x0 = x + m, y0 = y + m, x1 = x + size - m, y1 = y + size - m;

  cairo_save (cr);
  mu_set_rgb (cr, ink);
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  if (counter->kind != MU_COUNTER_UNIT)
    {
      mu_render_star_path (cr, x + size / 2, y + size / 2, 0.36 * size, 0.15 * size, 0);
      cairo_fill (cr);
    }
  else
    switch (counter->arm)
      {
      case MU_ARM_CAVALRY:
        cairo_move_to (cr, x0, y1);
        cairo_line_to (cr, x1, y0);
        cairo_stroke (cr);
        break;
      case MU_ARM_ARTILLERY:
        cairo_arc (cr, x + size / 2, y + size / 2, 0.16 * size, 0, 2 * G_PI);
        cairo_fill (cr);
        break;
      case MU_ARM_RIVERBOAT:
        cairo_move_to (cr, x0, y + size / 2);
        cairo_curve_to (cr, x0 + (x1 - x0) / 3, y0, x0 + 2 * (x1 - x0) / 3, y1, x1, y + size / 2);
        cairo_stroke (cr);
        break;
      case MU_ARM_INFANTRY:
      case MU_ARM_N:
      default:
        cairo_move_to (cr, x0, y0);
        cairo_line_to (cr, x1, y1);
        cairo_move_to (cr, x0, y1);
        cairo_line_to (cr, x1, y0);
        cairo_stroke (cr);
        break;
      }
  cairo_restore (cr);
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
                        double            device_size,
                        guint             parts)
{
  guint32 bg = mu_render_side_colour (scenario, counter->side);
  gboolean detailed = device_size >= 12.0;
  gboolean art = (parts & MU_COUNTER_PART_ART) != 0;
  gboolean text = device_size >= 18.0 && (parts & MU_COUNTER_PART_TEXT) != 0;

  if (art)
    counter_body (t->cr, x, y, size, bg, detailed, (parts & MU_COUNTER_PART_FLAT) != 0);
  if (!detailed)
    {
      /* Too small for values: the side's colour and a mark of the type
       * still tell counters apart on the overview. */
      if (art && device_size >= 5.0)
        overview_mark (t->cr, counter, x, y, size, device_size, ink_for (bg));
      return;
    }
  if (counter->kind == MU_COUNTER_UNIT)
    draw_unit (t, scenario, counter, style, strength, x, y, size, bg, art, text);
  else
    {
      if (art)
        draw_commander_art (t->cr, scenario, counter, style, x, y, size, bg);
      if (text)
        draw_commander_text (t, scenario, counter, style, x, y, size, bg);
    }
}

guint64
mu_render_counter_art_key (const MuScenario *scenario,
                           const MuCounter  *c,
                           MuCounterStyle    style)
{
  guint64 k = mu_hash_mix (0xa47, style);

  k = mu_hash_mix (k, c->kind);
  k = mu_hash_mix (k, mu_render_side_colour (scenario, c->side));
  if (c->kind == MU_COUNTER_UNIT)
    {
      k = mu_hash_mix (k, c->arm);
      k = mu_hash_mix (k, superior_number (scenario, c) <= 0);
    }
  /* the marks its declared values draw */
  for (guint i = 0; c->values && i < c->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (c->values, i);

      k = mu_hash_string (mu_hash_string (k, v->field), v->value);
    }
  return k;
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
                          size * mu_render_device_scale (cr, &o), MU_COUNTER_PART_ALL);
  cairo_restore (cr);
  mu_text_clear (&t);
}

/* Markers ------------------------------------------------------------------------------------------ */

/* The pictures a ruleset's markers may ask for (MuMarkerInfo.picture):
 * drawn over the marker's face, the glyph below them. */
static void
marker_picture (cairo_t      *cr,
                const char   *picture,
                const MuSide *side,
                double        x,
                double        y,
                double        size)
{
  double cx = x + size / 2;

  if (g_strcmp0 (picture, "objective") == 0)
    mu_render_objective_symbol (cr, cx, y + size / 2, 0.36 * size,
                                side ? side->colour & 0xffffff : 0xffffff, side != NULL);
  else if (g_strcmp0 (picture, "crossed-arrows") == 0)
    {
      /* crossed arrows pinning the counter down */
      cairo_move_to (cr, x + 0.25 * size, y + 0.2 * size);
      cairo_line_to (cr, x + 0.75 * size, y + 0.55 * size);
      cairo_move_to (cr, x + 0.75 * size, y + 0.2 * size);
      cairo_line_to (cr, x + 0.25 * size, y + 0.55 * size);
      mu_set_rgba (cr, 0xffffff, 0.8);
      cairo_set_line_width (cr, 0.06 * size);
      cairo_stroke (cr);
    }
  else if (g_strcmp0 (picture, "breach") == 0)
    {
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
    }
  else if (g_strcmp0 (picture, "cross") == 0)
    {
      cairo_move_to (cr, x + 0.2 * size, y + 0.18 * size);
      cairo_line_to (cr, x + 0.8 * size, y + 0.6 * size);
      cairo_move_to (cr, x + 0.8 * size, y + 0.18 * size);
      cairo_line_to (cr, x + 0.2 * size, y + 0.6 * size);
      mu_set_rgb (cr, 0xc8201e);
      cairo_set_line_width (cr, 0.08 * size);
      cairo_stroke (cr);
    }
  else if (g_strcmp0 (picture, "locomotive") == 0)
    {
      /* boiler, cab, funnel, wheels */
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
    }
  else if (g_strcmp0 (picture, "clock") == 0)
    {
      /* a clock face: a turn marker moves an hour a turn */
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, y + 0.4 * size, 0.24 * size, 0, 2 * G_PI);
      mu_set_rgb (cr, 0xffffff);
      cairo_fill_preserve (cr);
      mu_set_rgb (cr, 0x111111);
      cairo_set_line_width (cr, 0.04 * size);
      cairo_stroke (cr);
      cairo_move_to (cr, cx, y + 0.4 * size);
      cairo_line_to (cr, cx, y + 0.24 * size);
      cairo_move_to (cr, cx, y + 0.4 * size);
      cairo_line_to (cr, cx + 0.12 * size, y + 0.4 * size);
      cairo_stroke (cr);
    }
}

guint32
mu_render_marker_colour (const MuMarkerInfo *marker,
                         const MuSide       *side)
{
  if (marker->colour == MU_MARKER_SIDE_COLOUR)
    return side ? side->colour & 0xffffff : 0xf4f0e4;
  return marker->colour ? marker->colour & 0xffffff : 0xeeeeee;
}

void
mu_render_marker_with (MuText             *t,
                       const MuMarkerInfo *marker,
                       const MuSide       *side,
                       double              x,
                       double              y,
                       double              size,
                       double              device_size,
                       gboolean            flat)
{
  cairo_t *cr = t->cr;
  guint32 bg;
  gboolean text = device_size >= 16.0;
  gboolean detailed = device_size >= 8.0;
  gboolean big_glyph;

  g_return_if_fail (marker != NULL);
  bg = mu_render_marker_colour (marker, side);
  counter_body (cr, x, y, size, bg, detailed, flat);
  if (!detailed)
    return;
  marker_picture (cr, marker->picture, side, x, y, size);
  /* the glyph: large in the middle when it is all the marker shows, small
   * under a picture; an objective's picture says it all */
  big_glyph = marker->picture == NULL;
  if (text && marker->glyph && g_strcmp0 (marker->picture, "objective") != 0)
    {
      mu_set_rgb (cr, ink_for (bg));
      mu_text_draw (t, MU_FONT_CONDENSED_BOLD, big_glyph ? 0.36 * size : 0.2 * size, marker->glyph,
                    x + size / 2, big_glyph ? y + size / 2 : y + 0.9 * size, 0.5, big_glyph ? 0.5 : 1.0,
                    0.88 * size);
    }
}

void
mu_render_marker (cairo_t            *cr,
                  const MuMarkerInfo *marker,
                  const MuSide       *side,
                  double              x,
                  double              y,
                  double              size)
{
  MuText t;
  MuRenderOptions o;

  g_return_if_fail (cr != NULL && marker != NULL);

  mu_render_options_init (&o);
  mu_text_init (&t, cr);
  cairo_save (cr);
  mu_render_marker_with (&t, marker, side, x, y, size, size * mu_render_device_scale (cr, &o), FALSE);
  cairo_restore (cr);
  mu_text_clear (&t);
}

