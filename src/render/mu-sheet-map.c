/* mu-sheet-map.c: the map at scale
 *
 * A hex board is drawn at its printed size: hex-size-mm is the width across
 * the flats, so the renderer's hex size (centre to corner) is that over √3,
 * in millimetres. The board is cut into tiles of the printable area; tiles
 * overlap by a strip so they can be glued or taped over each other:
 *
 *        tile A1            tile B1
 *   +---------------+---+-----------
 *   |               | o |
 *   |               | v |  the strip is on both tiles; registration
 *   |               | e |  marks (⊕) at the same board points on each
 *   |               | r |  line the two up
 *   +---------------+---+-----------
 *
 * Tiles are named by column letter and row number (A1 top left); the first
 * page shows how they fit together. A table is printed as one reduced plan
 * with its grid and a scale bar.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "mu-error.h"
#include "mu-sheet-private.h"

#define OVERLAP 12.0        /* mm */
#define REG_RADIUS 2.2      /* mm */
#define PRINT_DEVICE_SCALE (300.0 / 72.0)

static void
render_options (const MuSheet   *sheet,
                MuRenderOptions *o)
{
  const MuScenario *s = sheet->scenario;

  mu_render_options_init (o);
  o->show_grid = TRUE;
  o->show_coordinates = TRUE;
  o->show_counters = FALSE;   /* counters are printed on their own sheets */
  o->counter_style = sheet->options.style;
  o->device_scale = PRINT_DEVICE_SCALE;
  if (s->board == MU_BOARD_HEX)
    o->hex_size = s->hex_map->hex_size_mm / MU_SQRT3;
  else
    o->table_scale = sheet->plan_scale;
}

static char *
tile_name (guint col,
           guint row)
{
  /* A..Z, then AA, AB, ... */
  GString *s = g_string_new (NULL);
  guint c = col + 1;

  while (c > 0)
    {
      g_string_prepend_c (s, (char) ('A' + (c - 1) % 26));
      c = (c - 1) / 26;
    }
  g_string_append_printf (s, "%u", row + 1);
  return g_string_free (s, FALSE);
}

MuSheet *
mu_sheet_new_map (const MuScenario     *scenario,
                  const MuSheetOptions *options,
                  GError              **error)
{
  g_autoptr(MuSheet) sheet = NULL;
  const MuSheetOptions *o = options;
  double area_x, area_y, area_w, area_h;
  MuRenderOptions ro;

  g_return_val_if_fail (scenario != NULL && options != NULL, NULL);

  area_x = o->margin;
  area_y = o->margin + MU_SHEET_TITLE_HEIGHT;
  area_w = o->paper_width - 2 * o->margin;
  area_h = o->paper_height - area_y - o->margin;
  if (area_w < 3 * OVERLAP || area_h < 3 * OVERLAP)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("%s: a %g × %g mm page with %g mm margins leaves no room for the map"),
                   mu_sheet_scenario_name (scenario), o->paper_width, o->paper_height, o->margin);
      return NULL;
    }
  if ((scenario->board == MU_BOARD_HEX && (scenario->hex_map == NULL || scenario->hex_map->hex_size_mm <= 0)) ||
      (scenario->board == MU_BOARD_TABLE && (scenario->table == NULL || scenario->table->width <= 0 ||
                                             scenario->table->height <= 0)))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("%s: the scenario has no board to print"),
                   mu_sheet_scenario_name (scenario));
      return NULL;
    }

  sheet = mu_sheet_alloc (scenario, options, MU_SHEET_KIND_MAP);
  if (scenario->board == MU_BOARD_TABLE)
    {
      /* One page: the plan as large as fits, leaving room for the scale bar. */
      MuSheetPage *page;
      double bar = 14.0;
      sheet->plan_scale = MIN (area_w / scenario->table->width, (area_h - bar) / scenario->table->height);
      render_options (sheet, &ro);
      mu_render_board_size (scenario, &ro, &sheet->board_width, &sheet->board_height);
      sheet->tiles_across = sheet->tiles_down = 1;
      page = mu_sheet_add_page (sheet, MU_SHEET_PAGE_PLAN, _("Table plan"));
      page->board_width = sheet->board_width;
      page->board_height = sheet->board_height;
      page->paper_x = (o->paper_width - sheet->board_width) / 2;
      page->paper_y = area_y + 2;
      return g_steal_pointer (&sheet);
    }

  render_options (sheet, &ro);
  mu_render_board_size (scenario, &ro, &sheet->board_width, &sheet->board_height);
  sheet->overlap = OVERLAP;
  sheet->tiles_across = (guint) MAX (1.0, ceil ((sheet->board_width - OVERLAP) / (area_w - OVERLAP) - 1e-9));
  sheet->tiles_down = (guint) MAX (1.0, ceil ((sheet->board_height - OVERLAP) / (area_h - OVERLAP) - 1e-9));
  if (sheet->tiles_across * sheet->tiles_down > 1)
    mu_sheet_add_page (sheet, MU_SHEET_PAGE_ASSEMBLY, _("Map assembly"));
  for (guint r = 0; r < sheet->tiles_down; r++)
    for (guint c = 0; c < sheet->tiles_across; c++)
      {
        g_autofree char *name = tile_name (c, r);
        g_autofree char *group = g_strdup_printf (_("Map at scale, sheet %s"), name);
        MuSheetPage *page = mu_sheet_add_page (sheet, MU_SHEET_PAGE_MAP_TILE, group);
        page->tile_col = c;
        page->tile_row = r;
        page->board_x = c * (area_w - OVERLAP);
        page->board_y = r * (area_h - OVERLAP);
        page->board_width = MIN (area_w, sheet->board_width - page->board_x);
        page->board_height = MIN (area_h, sheet->board_height - page->board_y);
        page->paper_x = area_x;
        page->paper_y = area_y;
      }
  return g_steal_pointer (&sheet);
}

gboolean
mu_sheet_map_prefers_landscape (const MuScenario     *scenario,
                                const MuSheetOptions *options)
{
  MuSheetOptions upright, across;
  g_autoptr(MuSheet) portrait = NULL;
  g_autoptr(MuSheet) landscape = NULL;

  g_return_val_if_fail (scenario != NULL && options != NULL, FALSE);

  upright = across = *options;
  upright.paper_width = across.paper_height = MIN (options->paper_width, options->paper_height);
  upright.paper_height = across.paper_width = MAX (options->paper_width, options->paper_height);
  portrait = mu_sheet_new_map (scenario, &upright, NULL);
  landscape = mu_sheet_new_map (scenario, &across, NULL);
  if (portrait == NULL || landscape == NULL)
    return portrait == NULL && landscape != NULL;
  if (scenario->board == MU_BOARD_TABLE)
    return landscape->plan_scale > portrait->plan_scale;
  /* at scale either way: the fewer sheets to print and glue */
  return landscape->tiles_across * landscape->tiles_down < portrait->tiles_across * portrait->tiles_down;
}

double
mu_sheet_get_overlap (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->overlap;
}

void
mu_sheet_get_tiles (const MuSheet *sheet,
                    guint         *across,
                    guint         *down)
{
  g_return_if_fail (sheet != NULL);
  *across = sheet->tiles_across;
  *down = sheet->tiles_down;
}

void
mu_sheet_get_board_size (const MuSheet *sheet,
                         double        *width_mm,
                         double        *height_mm)
{
  g_return_if_fail (sheet != NULL);
  *width_mm = sheet->board_width;
  *height_mm = sheet->board_height;
}

double
mu_sheet_get_plan_scale (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->plan_scale;
}

/* Drawing ------------------------------------------------------------------------------------- */

static void
registration_mark (cairo_t *cr,
                   double   x,
                   double   y)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, REG_RADIUS, 0, 2 * G_PI);
  cairo_move_to (cr, x - REG_RADIUS * 1.6, y);
  cairo_line_to (cr, x + REG_RADIUS * 1.6, y);
  cairo_move_to (cr, x, y - REG_RADIUS * 1.6);
  cairo_line_to (cr, x, y + REG_RADIUS * 1.6);
}

/* Registration marks at board points inside the overlap strips: in the middle
 * of each strip, at a quarter and three quarters of each neighbouring tile's
 * extent along the seam. Every tile draws those that fall on it, so the two
 * copies of a mark are the same point of the board. */
static void
draw_registration (const MuSheet     *sheet,
                   cairo_t           *cr,
                   const MuSheetPage *page)
{
  double step_x = sheet->options.paper_width - 2 * sheet->options.margin - sheet->overlap;
  double step_y = sheet->options.paper_height - 2 * sheet->options.margin - MU_SHEET_TITLE_HEIGHT - sheet->overlap;
  double x0 = page->board_x, y0 = page->board_y;
  double x1 = x0 + page->board_width, y1 = y0 + page->board_height;

  for (guint c = 1; c < sheet->tiles_across; c++)
    for (guint r = 0; r < sheet->tiles_down; r++)
      for (int k = 1; k <= 3; k += 2)
        {
          double x = c * step_x + sheet->overlap / 2;
          double top = r * step_y, bottom = MIN (sheet->board_height, top + step_y + sheet->overlap);
          double y = top + (bottom - top) * k / 4.0;
          if (x > x0 && x < x1 && y > y0 && y < y1)
            registration_mark (cr, x, y);
        }
  for (guint r = 1; r < sheet->tiles_down; r++)
    for (guint c = 0; c < sheet->tiles_across; c++)
      for (int k = 1; k <= 3; k += 2)
        {
          double y = r * step_y + sheet->overlap / 2;
          double left = c * step_x, right = MIN (sheet->board_width, left + step_x + sheet->overlap);
          double x = left + (right - left) * k / 4.0;
          if (x > x0 && x < x1 && y > y0 && y < y1)
            registration_mark (cr, x, y);
        }
}

static void
draw_tile (const MuSheet     *sheet,
           cairo_t           *cr,
           MuText            *t,
           const MuSheetPage *page)
{
  MuRenderOptions ro;
  double ov = sheet->overlap;
  gboolean right = page->tile_col + 1 < sheet->tiles_across, below = page->tile_row + 1 < sheet->tiles_down;
  gboolean left = page->tile_col > 0, above = page->tile_row > 0;

  render_options (sheet, &ro);
  ro.clip_x = page->board_x;
  ro.clip_y = page->board_y;
  ro.clip_width = page->board_width;
  ro.clip_height = page->board_height;

  cairo_save (cr);
  cairo_translate (cr, page->paper_x - page->board_x, page->paper_y - page->board_y);
  cairo_rectangle (cr, page->board_x, page->board_y, page->board_width, page->board_height);
  cairo_clip (cr);
  mu_render_scenario (cr, sheet->scenario, &ro);

  /* The overlap strips: shaded where this tile goes under its neighbour (left
   * and top) and a dashed line where the neighbour's edge falls (right and
   * bottom), so the sheets are laid in reading order, each over the last. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  if (left)
    cairo_rectangle (cr, page->board_x, page->board_y, ov, page->board_height);
  if (above)
    cairo_rectangle (cr, page->board_x, page->board_y, page->board_width, ov);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 0.25);
  {
    double dash[] = { 2.0, 1.5 };
    cairo_set_dash (cr, dash, 2, 0);
  }
  if (right)
    {
      double x = page->board_x + page->board_width - ov;
      cairo_move_to (cr, x, page->board_y);
      cairo_line_to (cr, x, page->board_y + page->board_height);
    }
  if (below)
    {
      double y = page->board_y + page->board_height - ov;
      cairo_move_to (cr, page->board_x, y);
      cairo_line_to (cr, page->board_x + page->board_width, y);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 0.25);
  draw_registration (sheet, cr, page);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The tile's frame and its name in the corner, outside the board. */
  cairo_rectangle (cr, page->paper_x, page->paper_y, page->board_width, page->board_height);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  cairo_stroke (cr);
  (void) t;
}

static void
draw_assembly (const MuSheet     *sheet,
               cairo_t           *cr,
               MuText            *t,
               const MuSheetPage *page)
{
  const MuSheetOptions *o = &sheet->options;
  double area_w = o->paper_width - 2 * o->margin, area_h = o->paper_height - 2 * o->margin - 40;
  double scale = MIN (area_w / sheet->board_width, area_h / sheet->board_height) * 0.9;
  double ox = (o->paper_width - sheet->board_width * scale) / 2, oy = o->margin + 22;
  double step_x = area_w - sheet->overlap;
  double step_y = o->paper_height - 2 * o->margin - MU_SHEET_TITLE_HEIGHT - sheet->overlap;
  MuRenderOptions ro;
  g_autofree char *note = NULL;

  /* The whole board, small, under the tile outlines. */
  render_options (sheet, &ro);
  ro.hex_size *= scale;
  ro.show_coordinates = FALSE;
  ro.device_scale = 1.0;
  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  mu_render_scenario (cr, sheet->scenario, &ro);
  cairo_restore (cr);

  for (guint r = 0; r < sheet->tiles_down; r++)
    for (guint c = 0; c < sheet->tiles_across; c++)
      {
        g_autofree char *name = tile_name (c, r);
        double x = c * step_x, y = r * step_y;
        double w = MIN (area_w, sheet->board_width - x), h = MIN (step_y + sheet->overlap, sheet->board_height - y);
        cairo_rectangle (cr, ox + x * scale, oy + y * scale, w * scale, h * scale);
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.4, 0.9);
        cairo_set_line_width (cr, 0.5);
        cairo_stroke (cr);
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.4);
        mu_text_draw_halo (t, MU_FONT_SANS_BOLD, 7.0, name, ox + (x + w / 2) * scale, oy + (y + h / 2) * scale,
                           0.5, 0.5, 0x1a1a66, 0xffffff, 1.2);
      }
  note = g_strdup_printf (_("%u × %u sheets, %.0f × %.0f mm at scale (hexes %.1f mm across the flats). "
                            "Each sheet overlaps the next by %.0f mm: lay them in order, A1 first, each over "
                            "the last along its dashed line, and match the ⊕ marks."),
                          sheet->tiles_across, sheet->tiles_down, sheet->board_width, sheet->board_height,
                          sheet->scenario->hex_map->hex_size_mm, sheet->overlap);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  {
    PangoLayout *layout = pango_cairo_create_layout (cr);
    PangoFontDescription *desc = pango_font_description_from_string ("Sans 3.2");
    pango_font_description_set_absolute_size (desc, 3.2 * PANGO_SCALE);
    pango_layout_set_font_description (layout, desc);
    pango_layout_set_width (layout, (int) (area_w * PANGO_SCALE));
    pango_layout_set_text (layout, note, -1);
    cairo_move_to (cr, o->margin, o->margin + MU_SHEET_TITLE_HEIGHT + 2);
    pango_cairo_show_layout (cr, layout);
    pango_font_description_free (desc);
    g_object_unref (layout);
  }
  (void) page;
}

/* A scale bar under a table plan: a round length of the table's unit. */
static void
draw_plan (const MuSheet     *sheet,
           cairo_t           *cr,
           MuText            *t,
           const MuSheetPage *page)
{
  const MuTableMap *table = sheet->scenario->table;
  const char *unit = table->unit == MU_UNIT_CM ? "cm" : "in";
  static const double steps[] = { 1, 2, 5, 10, 12, 20, 24, 50, 100, 200, 500 };
  double len = steps[0], unit_mm = table->unit == MU_UNIT_CM ? 10.0 : MU_MM_PER_INCH;
  double x = page->paper_x, y = page->paper_y + page->board_height + 6;
  MuRenderOptions ro;
  char buf[64];

  render_options (sheet, &ro);
  cairo_save (cr);
  cairo_translate (cr, page->paper_x, page->paper_y);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, page->board_width, page->board_height);
  cairo_clip (cr);
  mu_render_scenario (cr, sheet->scenario, &ro);
  cairo_restore (cr);
  cairo_rectangle (cr, 0, 0, page->board_width, page->board_height);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The longest round length up to 40 % of the plan's width. */
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * sheet->plan_scale <= 0.4 * page->board_width)
      len = steps[i];
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  for (int i = 0; i < 4; i++)
    {
      double a = x + len * sheet->plan_scale * i / 4, b = x + len * sheet->plan_scale * (i + 1) / 4;
      cairo_rectangle (cr, a, y, b - a, 2.0);
      if (i % 2 == 0)
        cairo_fill_preserve (cr);
      cairo_stroke (cr);
    }
  g_snprintf (buf, sizeof buf, "0");
  mu_text_draw (t, MU_FONT_SANS, 2.8, buf, x, y + 3, 0.5, 0.0, 0);
  g_snprintf (buf, sizeof buf, "%g %s", len, unit);
  mu_text_draw (t, MU_FONT_SANS, 2.8, buf, x + len * sheet->plan_scale, y + 3, 0.5, 0.0, 0);
  g_snprintf (buf, sizeof buf, _("scale 1:%.1f"), unit_mm / sheet->plan_scale);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 3.0, buf, x + len * sheet->plan_scale + 14, y + 1, 0.0, 0.5, 0);
}

void
mu_sheet_draw_map_page (const MuSheet *sheet,
                        cairo_t       *cr,
                        MuText        *t,
                        guint          index)
{
  const MuSheetPage *page = mu_sheet_get_page (sheet, index);

  mu_sheet_draw_title (sheet, t, index, page->group);
  switch (page->kind)
    {
    case MU_SHEET_PAGE_ASSEMBLY:
      draw_assembly (sheet, cr, t, page);
      break;
    case MU_SHEET_PAGE_MAP_TILE:
      draw_tile (sheet, cr, t, page);
      break;
    case MU_SHEET_PAGE_PLAN:
      draw_plan (sheet, cr, t, page);
      break;
    default:
      g_assert_not_reached ();
    }
}
