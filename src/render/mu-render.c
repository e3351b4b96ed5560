#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render.h"

#include <math.h>
#include <string.h>

#include "mu-render-private.h"

void
mu_render_options_init (MuRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->hex_size = 32.0;
  options->table_scale = 20.0;
  options->show_grid = TRUE;
  options->show_coordinates = TRUE;
  options->show_counters = TRUE;
  options->counter_style = MU_COUNTER_STYLE_CLASSIC;
  options->device_scale = 1.0;
}

void
mu_render_board_size (const MuScenario      *scenario,
                      const MuRenderOptions *options,
                      double                *width,
                      double                *height)
{
  double w = 0, h = 0;

  g_return_if_fail (scenario != NULL && options != NULL);

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map)
    mu_hex_grid_pixel_size (&scenario->hex_map->grid, options->hex_size, &w, &h);
  else if (scenario->board == MU_BOARD_TABLE && scenario->table)
    {
      w = scenario->table->width * options->table_scale;
      h = scenario->table->height * options->table_scale;
    }
  if (width)
    *width = w;
  if (height)
    *height = h;
}

/* Colours ------------------------------------------------------------------- */

guint32
mu_colour_mix (guint32 a,
               guint32 b,
               double  t)
{
  guint32 out = 0;

  t = CLAMP (t, 0.0, 1.0);
  for (int shift = 0; shift <= 16; shift += 8)
    {
      double ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
      guint32 c = (guint32) lround (ca + (cb - ca) * t);
      out |= (c & 0xff) << shift;
    }
  return out;
}

double
mu_colour_lightness (guint32 rgb)
{
  return (0.299 * ((rgb >> 16) & 0xff) + 0.587 * ((rgb >> 8) & 0xff) + 0.114 * (rgb & 0xff)) / 255.0;
}

guint32
mu_render_side_colour (const MuScenario *scenario,
                       const char       *side_id)
{
  const MuSide *side = side_id ? mu_scenario_find_side (scenario, side_id) : NULL;

  if (side)
    return side->colour & 0xffffff;
  /* The printed game's colours when a scenario names a side it does not define. */
  if (g_strcmp0 (side_id, "usa") == 0)
    return 0x9cc3e6;
  if (g_strcmp0 (side_id, "csa") == 0)
    return 0xb4b4b4;
  return 0xe8dcc0;
}

/* Clip and level of detail ---------------------------------------------------- */

gboolean
mu_render_get_clip (const MuRenderOptions *options,
                    MuRect                *clip)
{
  if (options->clip_width <= 0 || options->clip_height <= 0)
    return FALSE;
  clip->x = options->clip_x;
  clip->y = options->clip_y;
  clip->width = options->clip_width;
  clip->height = options->clip_height;
  return TRUE;
}

void
mu_render_apply_clip (cairo_t               *cr,
                      const MuRenderOptions *options)
{
  MuRect clip;

  if (!mu_render_get_clip (options, &clip))
    return;
  cairo_rectangle (cr, clip.x, clip.y, clip.width, clip.height);
  cairo_clip (cr);
}

double
mu_render_device_scale (cairo_t               *cr,
                        const MuRenderOptions *options)
{
  cairo_matrix_t m;
  double s, sx = 1.0, sy = 1.0;

  cairo_get_matrix (cr, &m);
  s = sqrt (fabs (m.xx * m.yy - m.xy * m.yx));
  /* An image surface with a device scale (HiDPI) says so itself; a recording
   * or vector surface does not, so the options carry it too. */
  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  if (fabs (sx - 1.0) > 1e-9)
    s *= sx;
  else if (options->device_scale > 0)
    s *= options->device_scale;
  return s > 0 ? s : 1.0;
}

void
mu_render_hex_range (const MuHexMap        *map,
                     double                 size,
                     const MuRenderOptions *options,
                     int                    margin,
                     int                   *col0,
                     int                   *col1,
                     int                   *row0,
                     int                   *row1)
{
  MuRect clip;
  int c0 = G_MAXINT, c1 = G_MININT, r0 = G_MAXINT, r1 = G_MININT;

  if (!mu_render_get_clip (options, &clip))
    {
      *col0 = 1;
      *row0 = 1;
      *col1 = map->grid.cols;
      *row1 = map->grid.rows;
      return;
    }
  for (int i = 0; i < 4; i++)
    {
      double x = clip.x + ((i & 1) ? clip.width : 0);
      double y = clip.y + ((i & 2) ? clip.height : 0);
      MuHex h = mu_hex_at_pixel (&map->grid, size, x, y);

      c0 = MIN (c0, h.col);
      c1 = MAX (c1, h.col);
      r0 = MIN (r0, h.row);
      r1 = MAX (r1, h.row);
    }
  *col0 = MAX (1, c0 - margin);
  *col1 = MIN (map->grid.cols, c1 + margin);
  *row0 = MAX (1, r0 - margin);
  *row1 = MIN (map->grid.rows, r1 + margin);
}

/* Paths ------------------------------------------------------------------------ */

void
mu_render_smooth_path (cairo_t      *cr,
                       const double *xy,
                       guint         n)
{
  if (n >= 2)
    mu_render_smooth_path_part (cr, xy, n, 0, n - 1);
}

void
mu_render_smooth_path_part (cairo_t      *cr,
                            const double *xy,
                            guint         n,
                            guint         first,
                            guint         last)
{
  if (n < 2 || first >= last || last >= n)
    return;
  cairo_move_to (cr, xy[2 * first], xy[2 * first + 1]);
  if (n == 2)
    {
      cairo_line_to (cr, xy[2], xy[3]);
      return;
    }
  for (guint i = first; i < last; i++)
    {
      guint p = i > 0 ? i - 1 : 0;
      guint q = i + 2 < n ? i + 2 : n - 1;
      double x1 = xy[2 * i] + (xy[2 * (i + 1)] - xy[2 * p]) / 6.0;
      double y1 = xy[2 * i + 1] + (xy[2 * (i + 1) + 1] - xy[2 * p + 1]) / 6.0;
      double x2 = xy[2 * (i + 1)] - (xy[2 * q] - xy[2 * i]) / 6.0;
      double y2 = xy[2 * (i + 1) + 1] - (xy[2 * q + 1] - xy[2 * i + 1]) / 6.0;

      cairo_curve_to (cr, x1, y1, x2, y2, xy[2 * (i + 1)], xy[2 * (i + 1) + 1]);
    }
}

void
mu_render_stroke_ties (cairo_t *cr,
                       double   spacing,
                       double   length)
{
  cairo_path_t *flat = cairo_copy_path_flat (cr);
  double px = 0, py = 0, carry = spacing / 2;

  cairo_new_path (cr);
  for (int i = 0; i < flat->num_data; i += flat->data[i].header.length)
    {
      cairo_path_data_t *d = &flat->data[i];

      if (d->header.type == CAIRO_PATH_MOVE_TO)
        {
          px = d[1].point.x;
          py = d[1].point.y;
        }
      else if (d->header.type == CAIRO_PATH_LINE_TO)
        {
          double x = d[1].point.x, y = d[1].point.y;
          double dx = x - px, dy = y - py, len = hypot (dx, dy);

          if (len > 1e-9)
            {
              double ux = dx / len, uy = dy / len;
              double t = carry;

              for (; t <= len; t += spacing)
                {
                  double cx = px + ux * t, cy = py + uy * t;
                  cairo_move_to (cr, cx - uy * length / 2, cy + ux * length / 2);
                  cairo_line_to (cr, cx + uy * length / 2, cy - ux * length / 2);
                }
              carry = t - len;
            }
          px = x;
          py = y;
        }
    }
  cairo_path_destroy (flat);
  cairo_stroke (cr);
}

void
mu_render_star_path (cairo_t *cr,
                     double   cx,
                     double   cy,
                     double   r_out,
                     double   r_in,
                     double   rotation)
{
  for (int i = 0; i < 10; i++)
    {
      double a = rotation - G_PI / 2 + i * G_PI / 5;
      double r = (i % 2) ? r_in : r_out;

      if (i == 0)
        cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
      else
        cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
    }
  cairo_close_path (cr);
}

void
mu_render_rounded_rect (cairo_t *cr,
                        double   x,
                        double   y,
                        double   w,
                        double   h,
                        double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Text ------------------------------------------------------------------------- */

void
mu_text_init (MuText  *text,
              cairo_t *cr)
{
  static const struct { const char *family; PangoWeight weight; PangoStyle style; PangoStretch stretch; } fonts[MU_FONT_N] = {
    [MU_FONT_SANS] = { "Sans", PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, PANGO_STRETCH_NORMAL },
    [MU_FONT_SANS_BOLD] = { "Sans", PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, PANGO_STRETCH_NORMAL },
    [MU_FONT_CONDENSED_BOLD] = { "Sans", PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, PANGO_STRETCH_CONDENSED },
    [MU_FONT_SERIF_ITALIC] = { "Serif", PANGO_WEIGHT_NORMAL, PANGO_STYLE_ITALIC, PANGO_STRETCH_NORMAL },
    [MU_FONT_SERIF_BOLD] = { "Serif", PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, PANGO_STRETCH_NORMAL },
  };
  cairo_font_options_t *fo;
  PangoContext *context;

  memset (text, 0, sizeof *text);
  text->cr = cr;
  text->layout = pango_cairo_create_layout (cr);
  context = pango_layout_get_context (text->layout);
  /* Unhinted outlines and unrounded positions: text scales smoothly with zoom
   * and looks the same on screen, in print and in exports. */
  fo = cairo_font_options_create ();
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, fo);
  cairo_font_options_destroy (fo);
  pango_context_set_round_glyph_positions (context, FALSE);
  pango_layout_context_changed (text->layout);
  for (int i = 0; i < MU_FONT_N; i++)
    {
      text->desc[i] = pango_font_description_new ();
      pango_font_description_set_family_static (text->desc[i], fonts[i].family);
      pango_font_description_set_weight (text->desc[i], fonts[i].weight);
      pango_font_description_set_style (text->desc[i], fonts[i].style);
      pango_font_description_set_stretch (text->desc[i], fonts[i].stretch);
    }
  text->font = MU_FONT_N;
  text->px = -1;
  /* Glyphs drawn without their text cannot be searched or copied in a PDF
   * or SVG, so vector targets always go through Pango. */
  text->glyphs_ok = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE;
}

void
mu_text_clear (MuText *text)
{
  for (guint i = 0; i < text->n_sets; i++)
    g_clear_pointer (&text->sets[i].scaled_font, cairo_scaled_font_destroy);
  text->n_sets = 0;
  g_clear_object (&text->layout);
  for (int i = 0; i < MU_FONT_N; i++)
    g_clear_pointer (&text->desc[i], pango_font_description_free);
}

static void
text_prepare (MuText     *text,
              MuFont      font,
              double      px,
              const char *str)
{
  if (font != text->font || px != text->px)
    {
      pango_font_description_set_absolute_size (text->desc[font], px * PANGO_SCALE);
      pango_layout_set_font_description (text->layout, text->desc[font]);
      text->font = font;
      text->px = px;
    }
  pango_layout_set_text (text->layout, str, -1);
}

static MuGlyphSet *
glyph_set (MuText *text,
           MuFont  font,
           double  px)
{
  char all[MU_GLYPH_COUNT + 1];
  MuGlyphSet *set;
  PangoLayoutLine *line;
  PangoRectangle logical;
  PangoAttrList *attrs;

  for (guint i = 0; i < text->n_sets; i++)
    if (text->sets[i].font == font && text->sets[i].px == px)
      return &text->sets[i];
  if (text->n_sets == MU_GLYPH_SETS)
    return NULL;
  set = &text->sets[text->n_sets++];
  memset (set, 0, sizeof *set);
  set->font = font;
  set->px = px;
  for (int i = 0; i < MU_GLYPH_COUNT; i++)
    all[i] = (char) (MU_GLYPH_FIRST + i);
  all[MU_GLYPH_COUNT] = 0;
  text_prepare (text, font, px, all);
  /* No ligatures or kerning: one glyph per character, advances add up. */
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("liga=0, clig=0, kern=0"));
  pango_layout_set_attributes (text->layout, attrs);
  pango_attr_list_unref (attrs);
  line = pango_layout_get_line_readonly (text->layout, 0);
  if (line && line->runs && !line->runs->next)
    {
      PangoGlyphItem *run = line->runs->data;
      PangoGlyphString *glyphs = run->glyphs;

      if (glyphs->num_glyphs == MU_GLYPH_COUNT && PANGO_IS_CAIRO_FONT (run->item->analysis.font))
        {
          set->usable = TRUE;
          for (int i = 0; i < MU_GLYPH_COUNT; i++)
            {
              if (glyphs->log_clusters[i] != i || (glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG))
                set->usable = FALSE;
              set->index[i] = glyphs->glyphs[i].glyph;
              set->advance[i] = (double) glyphs->glyphs[i].geometry.width / PANGO_SCALE;
            }
          set->scaled_font = cairo_scaled_font_reference (
            pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (run->item->analysis.font)));
          if (!set->scaled_font)
            set->usable = FALSE;
        }
    }
  pango_layout_get_extents (text->layout, NULL, &logical);
  set->baseline = (double) (pango_layout_get_baseline (text->layout) - logical.y) / PANGO_SCALE;
  set->height = (double) logical.height / PANGO_SCALE;
  pango_layout_set_attributes (text->layout, NULL);
  return set;
}

/* Draws ASCII text from a glyph set; FALSE when the set cannot draw it. */
static gboolean
draw_glyphs (MuText     *text,
             MuFont      font,
             double      px,
             const char *str,
             double      x,
             double      y,
             double      ax,
             double      ay,
             double      max_width)
{
  cairo_glyph_t glyphs[64];
  MuGlyphSet *set;
  double w = 0, sx = 1.0;
  int n = 0;

  if (!text->glyphs_ok)
    return FALSE;
  for (const char *p = str; *p; p++)
    if ((guchar) *p < MU_GLYPH_FIRST || (guchar) *p >= MU_GLYPH_FIRST + MU_GLYPH_COUNT || n >= 64)
      return FALSE;
    else
      n++;
  set = glyph_set (text, font, px);
  if (!set || !set->usable)
    return FALSE;
  n = 0;
  for (const char *p = str; *p; p++)
    {
      int i = *p - MU_GLYPH_FIRST;
      glyphs[n].index = set->index[i];
      glyphs[n].x = w;
      glyphs[n].y = 0;
      w += set->advance[i];
      n++;
    }
  if (max_width > 0 && w > max_width)
    sx = max_width / w;
  cairo_save (text->cr);
  cairo_translate (text->cr, x - ax * w * sx, y - ay * set->height + set->baseline);
  if (sx != 1.0)
    cairo_scale (text->cr, sx, 1.0);
  cairo_set_scaled_font (text->cr, set->scaled_font);
  cairo_show_glyphs (text->cr, glyphs, n);
  cairo_restore (text->cr);
  return TRUE;
}

void
mu_text_draw (MuText     *text,
              MuFont      font,
              double      px,
              const char *str,
              double      x,
              double      y,
              double      ax,
              double      ay,
              double      max_width)
{
  PangoRectangle ink, logical;
  double w, h, sx = 1.0;
  cairo_t *cr = text->cr;

  if (!str || !*str || px <= 0)
    return;
  if (draw_glyphs (text, font, px, str, x, y, ax, ay, max_width))
    return;
  text_prepare (text, font, px, str);
  pango_layout_get_extents (text->layout, &ink, &logical);
  w = (double) logical.width / PANGO_SCALE;
  h = (double) logical.height / PANGO_SCALE;
  if (max_width > 0 && w > max_width)
    sx = max_width / w;
  cairo_save (cr);
  cairo_translate (cr, x - ax * w * sx - logical.x * sx / PANGO_SCALE,
                   y - ay * h - (double) logical.y / PANGO_SCALE);
  if (sx != 1.0)
    cairo_scale (cr, sx, 1.0);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, text->layout);
  cairo_restore (cr);
}

void
mu_text_draw_halo (MuText     *text,
                   MuFont      font,
                   double      px,
                   const char *str,
                   double      x,
                   double      y,
                   double      ax,
                   double      ay,
                   guint32     colour,
                   guint32     halo,
                   double      halo_width)
{
  PangoRectangle logical;
  double w, h;
  cairo_t *cr = text->cr;

  if (!str || !*str || px <= 0)
    return;
  text_prepare (text, font, px, str);
  pango_layout_get_extents (text->layout, NULL, &logical);
  w = (double) logical.width / PANGO_SCALE;
  h = (double) logical.height / PANGO_SCALE;
  cairo_save (cr);
  cairo_translate (cr, x - ax * w - (double) logical.x / PANGO_SCALE,
                   y - ay * h - (double) logical.y / PANGO_SCALE);
  cairo_move_to (cr, 0, 0);
  pango_cairo_layout_path (cr, text->layout);
  mu_set_rgba (cr, halo, 0.85);
  cairo_set_line_width (cr, halo_width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_move_to (cr, 0, 0);
  mu_set_rgb (cr, colour);
  pango_cairo_show_layout (cr, text->layout);
  cairo_restore (cr);
}

/* Whole scenes ------------------------------------------------------------------ */

void
mu_render_terrain (cairo_t                *cr,
                   const MuScenario       *scenario,
                   const MuRenderOptions  *options,
                   const char *const      *objective_owner)
{
  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map)
    mu_render_hex_terrain (cr, scenario, options, objective_owner);
  else if (scenario->board == MU_BOARD_TABLE && scenario->table)
    mu_render_table_terrain (cr, scenario, options, objective_owner);
}

void
mu_render_scenario (cairo_t               *cr,
                    const MuScenario      *scenario,
                    const MuRenderOptions *options)
{
  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);

  mu_render_terrain (cr, scenario, options, NULL);
  if (options->show_counters)
    {
      g_autoptr(GArray) views = NULL;
      g_autoptr(GArray) pieces = mu_render_pieces_from_scenario (scenario, &views);

      mu_render_pieces (cr, scenario, options, (const MuPiece *) pieces->data, pieces->len);
    }
}

void
mu_render_piece_from_view (const MuCounterView *view,
                           MuPiece             *piece)
{
  g_return_if_fail (view != NULL && piece != NULL);

  *piece = (MuPiece) { 0 };
  piece->counter = view->counter;
  if (view->pos.is_point)
    {
      piece->pos = view->pos.point;
      piece->facing = view->pos.has_facing ? view->pos.facing : 0;
    }
  else
    piece->hex = view->pos.hex;
  piece->strength = view->strength;
  /* drawn from the ruleset's declarations */
  piece->markers = view->markers;
  piece->status = view->status;
  /* on a table, the stands where the engine holds them */
  piece->stands = view->stands;
  piece->n_stands = view->n_stands;
  piece->placed = view->pos.is_point && mu_status_has (view->status, MU_STATUS_IN_PLAY);
  piece->plan = view->plan;
  piece->n_plan = view->n_plan;
  piece->plan_stands = view->plan_stands;
  piece->n_plan_stands = view->n_plan_stands;
}

GArray *
mu_render_pieces_from_views (const GArray *views)
{
  GArray *pieces = g_array_new (FALSE, TRUE, sizeof (MuPiece));

  g_return_val_if_fail (views != NULL, pieces);

  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      MuPiece p;

      if (v->counter == NULL || !mu_pos_is_set (&v->pos))
        continue;
      mu_render_piece_from_view (v, &p);
      g_array_append_val (pieces, p);
    }
  return pieces;
}

GArray *
mu_render_pieces_from_scenario (const MuScenario *scenario,
                                GArray          **views)
{
  GArray *placed;
  GArray *pieces;

  g_return_val_if_fail (scenario != NULL && views != NULL, NULL);

  placed = mu_ruleset_placed_counters (mu_ruleset_find (scenario->ruleset), scenario);
  pieces = mu_render_pieces_from_views (placed);
  *views = placed;
  return pieces;
}
