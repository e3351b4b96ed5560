/* mu-sheet.c: counter sheets — layout, drawing and writing of every sheet kind
 *
 * Page of a counter sheet (millimetres, margins m, every edge):
 *
 *   +------------------------------------------------+
 *   |  m                                             |
 *   |   [cal] Title · Union counters    page 1 of 3  |  title band
 *   |      |   |   |   |   |   |   |                 |  crop marks (band)
 *   |   -- +---+---+---+---+---+---+ --              |
 *   |      | C | C | C | C | C | C |                 |  the grid: counters edge to
 *   |   -- +---+---+---+---+---+---+ --              |  edge, a thin cut line along
 *   |      | C | C | C |                             |  every counter's edges
 *   |   -- +---+---+---+ --                          |
 *   |      |   |   |   |                             |
 *   +------------------------------------------------+
 *
 * The grid is centred across the page so a back page (the same grid, each
 * counter's column mirrored) lands behind its front when printed on both
 * sides and turned over the long edge. [cal] is the calibration mark, on the
 * front at the left and on the back at the right: held to the light, the two
 * coincide when the printer's duplex is aligned.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-sheet.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mu-error.h"
#include "mu-file.h"
#include "mu-sheet-private.h"

#define CUT_LINE_WIDTH 0.1   /* mm */
#define CAL_RADIUS 2.5       /* mm */
#define MIN_COUNTER_SIZE 5.0 /* mm: smaller ones cannot be read or cut */

/* Paper and options ------------------------------------------------------------------------------ */

gboolean
mu_paper_from_string (const char *name,
                      MuPaper    *paper,
                      GError    **error)
{
  g_return_val_if_fail (paper != NULL, FALSE);

  if (name && g_ascii_strcasecmp (name, "a4") == 0)
    *paper = MU_PAPER_A4;
  else if (name && g_ascii_strcasecmp (name, "letter") == 0)
    *paper = MU_PAPER_LETTER;
  else
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("Unknown paper size “%s”: use a4 or letter"), name ? name : "");
      return FALSE;
    }
  return TRUE;
}

const char *
mu_paper_to_string (MuPaper paper)
{
  return paper == MU_PAPER_LETTER ? "letter" : "a4";
}

void
mu_paper_size (MuPaper paper,
               double *width_mm,
               double *height_mm)
{
  *width_mm = paper == MU_PAPER_LETTER ? 8.5 * MU_MM_PER_INCH : 210.0;
  *height_mm = paper == MU_PAPER_LETTER ? 11.0 * MU_MM_PER_INCH : 297.0;
}

void
mu_sheet_options_init (MuSheetOptions *options,
                       MuPaper         paper)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  mu_paper_size (paper, &options->paper_width, &options->paper_height);
  options->margin = 10.0;
  options->counters = TRUE;
  options->markers = TRUE;
  options->style = MU_COUNTER_STYLE_CLASSIC;
}

double
mu_sheet_default_counter_size (const MuScenario *scenario)
{
  /* Usual die-cut sizes, smallest first. */
  static const double sizes[] = {
    10.0, 12.0, 0.5 * MU_MM_PER_INCH, 14.0, 9.0 / 16 * MU_MM_PER_INCH, 5.0 / 8 * MU_MM_PER_INCH,
    16.0, 3.0 / 4 * MU_MM_PER_INCH, 20.0, 7.0 / 8 * MU_MM_PER_INCH, MU_MM_PER_INCH,
  };
  double limit, best = sizes[0];

  g_return_val_if_fail (scenario != NULL, 0.5 * MU_MM_PER_INCH);

  if (scenario->board != MU_BOARD_HEX || scenario->hex_map == NULL ||
      scenario->hex_map->hex_size_mm <= 0)
    return 5.0 / 8 * MU_MM_PER_INCH;
  if (scenario->hex_map->counter_size_mm > 0)
    return scenario->hex_map->counter_size_mm;
  limit = 0.8 * scenario->hex_map->hex_size_mm + 1e-6;
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (sizes[i] <= limit)
      best = sizes[i];
  return best;
}

/* The sheet object ------------------------------------------------------------------------------ */

static void
clear_page (gpointer data)
{
  MuSheetPage *p = data;

  g_free (p->group);
}

MuSheet *
mu_sheet_alloc (const MuScenario     *scenario,
                const MuSheetOptions *options,
                MuSheetKind           kind)
{
  MuSheet *sheet = g_new0 (MuSheet, 1);

  sheet->kind = kind;
  sheet->scenario = scenario;
  sheet->options = *options;
  sheet->items = g_array_new (FALSE, FALSE, sizeof (MuSheetItem));
  sheet->pages = g_array_new (FALSE, TRUE, sizeof (MuSheetPage));
  g_array_set_clear_func (sheet->pages, clear_page);
  return sheet;
}

MuSheetPage *
mu_sheet_add_page (MuSheet         *sheet,
                   MuSheetPageKind  kind,
                   const char      *group)
{
  MuSheetPage page = { 0 };

  page.kind = kind;
  page.group = g_strdup (group);
  g_array_append_val (sheet->pages, page);
  return &g_array_index (sheet->pages, MuSheetPage, sheet->pages->len - 1);
}

void
mu_sheet_free (MuSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_array_unref (sheet->items);
  g_array_unref (sheet->pages);
  g_clear_pointer (&sheet->units, g_ptr_array_unref);
  g_free (sheet);
}

const char *
mu_sheet_scenario_name (const MuScenario *scenario)
{
  if (scenario->filename)
    return scenario->filename;
  return scenario->title ? scenario->title : _("the scenario");
}

MuSheetKind
mu_sheet_get_kind (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, MU_SHEET_KIND_COUNTERS);
  return sheet->kind;
}

const MuSheetOptions *
mu_sheet_get_options (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, NULL);
  return &sheet->options;
}

double
mu_sheet_get_counter_size (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->counter_size;
}

guint
mu_sheet_get_n_pages (const MuSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->pages->len;
}

const MuSheetPage *
mu_sheet_get_page (const MuSheet *sheet,
                   guint          index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->pages->len, NULL);
  return &g_array_index (sheet->pages, MuSheetPage, index);
}

const MuSheetItem *
mu_sheet_get_items (const MuSheet *sheet,
                    guint         *n_items)
{
  g_return_val_if_fail (sheet != NULL, NULL);
  if (n_items)
    *n_items = sheet->items->len;
  return (const MuSheetItem *) (gpointer) sheet->items->data;
}

gboolean
mu_sheet_item_back (const MuSheet     *sheet,
                    const MuSheetItem *item,
                    guint             *page,
                    double            *x,
                    double            *y)
{
  g_return_val_if_fail (sheet != NULL && item != NULL, FALSE);

  if (!sheet->options.backs || sheet->kind != MU_SHEET_KIND_COUNTERS)
    return FALSE;
  /* Turned over the long edge: left and right swap, top stays top. */
  *page = item->page + 1;
  *x = sheet->options.paper_width - item->x - item->size;
  *y = item->y;
  return TRUE;
}

/* Counter layout ------------------------------------------------------------------------------- */

typedef struct {
  char *name;
  GArray *items;   /* of MuSheetItem, page and position not yet set */
} Group;

static void
clear_group (gpointer data)
{
  Group *g = data;

  g_free (g->name);
  g_array_unref (g->items);
}

static Group *
add_group (GArray     *groups,
           const char *name)
{
  Group g = { g_strdup (name), g_array_new (FALSE, TRUE, sizeof (MuSheetItem)) };

  g_array_append_val (groups, g);
  return &g_array_index (groups, Group, groups->len - 1);
}

static void
collect_counters (const MuScenario *s,
                  GArray           *groups)
{
  g_autoptr(GHashTable) placed = g_hash_table_new (NULL, NULL);
  Group *other = NULL;

  /* Sides in the scenario's order, each side's counters in order-of-battle order. */
  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      g_autofree char *name = g_strdup_printf (_("%s counters"), side->name ? side->name : side->id);
      Group *g = add_group (groups, name);
      for (guint j = 0; j < s->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, j);
          MuSheetItem item = { MU_SHEET_ITEM_COUNTER, c, 0, side, 0, 0, 0, 0 };
          if (g_strcmp0 (c->side, side->id) != 0)
            continue;
          g_array_append_val (g->items, item);
          g_hash_table_add (placed, (gpointer) c);
        }
    }
  /* A counter of a side the scenario does not declare (the checker warns
   * about it) is still printed rather than silently left out. */
  for (guint j = 0; j < s->counters->len; j++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, j);
      MuSheetItem item = { MU_SHEET_ITEM_COUNTER, c, 0, NULL, 0, 0, 0, 0 };
      if (g_hash_table_contains (placed, c))
        continue;
      if (other == NULL)
        other = add_group (groups, _("Other counters"));
      g_array_append_val (other->items, item);
    }
}

static void
collect_markers (const MuScenario *s,
                 GArray           *groups)
{
  g_autoptr(GArray) needs = mu_sheet_marker_needs (s);
  Group *g;

  if (needs->len == 0)
    return;
  g = add_group (groups, _("Markers"));
  for (guint i = 0; i < needs->len; i++)
    {
      const MuMarkerNeed *n = &g_array_index (needs, MuMarkerNeed, i);
      for (guint k = 0; k < n->count; k++)
        {
          MuSheetItem item = { MU_SHEET_ITEM_MARKER, NULL, n->marker, n->side, 0, 0, 0, 0 };
          g_array_append_val (g->items, item);
        }
    }
}

MuSheet *
mu_sheet_new_counters (const MuScenario     *scenario,
                       const MuSheetOptions *options,
                       GError              **error)
{
  g_autoptr(MuSheet) sheet = NULL;
  g_autoptr(GArray) groups = NULL;
  const MuSheetOptions *o = options;
  double size, area_x0, area_y0, area_w, area_h;
  guint cols, rows, total = 0;

  g_return_val_if_fail (scenario != NULL && options != NULL, NULL);

  size = o->counter_size > 0 ? o->counter_size : mu_sheet_default_counter_size (scenario);
  area_x0 = o->margin + MU_SHEET_CROP_BAND;
  area_y0 = o->margin + MU_SHEET_TITLE_HEIGHT + MU_SHEET_CROP_BAND;
  area_w = o->paper_width - 2 * area_x0;
  area_h = o->paper_height - area_y0 - o->margin - MU_SHEET_CROP_BAND;
  if (!(size >= MIN_COUNTER_SIZE))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("%s: a counter of %g mm is too small to print and cut (at least %g mm)"),
                   mu_sheet_scenario_name (scenario), size, MIN_COUNTER_SIZE);
      return NULL;
    }
  if (area_w < size || area_h < size)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("%s: a counter of %g mm does not fit on a %g × %g mm page with %g mm margins "
                     "(at most %.1f mm)"),
                   mu_sheet_scenario_name (scenario), size, o->paper_width, o->paper_height,
                   o->margin, MAX (0.0, MIN (area_w, area_h)));
      return NULL;
    }

  groups = g_array_new (FALSE, TRUE, sizeof (Group));
  g_array_set_clear_func (groups, clear_group);
  if (o->counters)
    collect_counters (scenario, groups);
  if (o->markers)
    collect_markers (scenario, groups);
  for (guint i = 0; i < groups->len; i++)
    total += g_array_index (groups, Group, i).items->len;
  if (total == 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "%s: %s", mu_sheet_scenario_name (scenario),
                   !o->counters && o->markers ? _("its ruleset needs no markers to print")
                   : o->counters && !o->markers ? _("the scenario has no counters to print")
                   : _("the scenario has no counters or markers to print"));
      return NULL;
    }

  sheet = mu_sheet_alloc (scenario, options, MU_SHEET_KIND_COUNTERS);
  sheet->counter_size = size;
  /* A whole number of counters, allowing for rounding in the size (1/2 in). */
  cols = (guint) floor (area_w / size + 1e-9);
  rows = (guint) floor (area_h / size + 1e-9);

  for (guint gi = 0; gi < groups->len; gi++)
    {
      Group *g = &g_array_index (groups, Group, gi);
      guint per_page = cols * rows;
      for (guint first = 0; first < g->items->len; first += per_page)
        {
          guint n = MIN (per_page, g->items->len - first);
          guint page_index = sheet->pages->len;
          MuSheetPage *page = mu_sheet_add_page (sheet, MU_SHEET_PAGE_FRONT, g->name);
          page->first_item = sheet->items->len;
          page->n_items = n;
          page->cols = MIN (cols, n);
          page->rows = (n + cols - 1) / cols;
          /* Centred across (so backs mirror onto the same grid), at the top. */
          page->grid_x = (o->paper_width - cols * size) / 2;
          page->grid_y = area_y0;
          for (guint k = 0; k < n; k++)
            {
              MuSheetItem item = g_array_index (g->items, MuSheetItem, first + k);
              item.page = page_index;
              item.size = size;
              item.x = page->grid_x + (k % cols) * size;
              item.y = page->grid_y + (k / cols) * size;
              g_array_append_val (sheet->items, item);
            }
          if (o->backs)
            {
              MuSheetPage front = *page;
              MuSheetPage *back = mu_sheet_add_page (sheet, MU_SHEET_PAGE_BACK, g->name);
              back->first_item = front.first_item;
              back->n_items = front.n_items;
              back->cols = front.cols;
              back->rows = front.rows;
              back->grid_x = o->paper_width - front.grid_x - cols * size;
              back->grid_y = front.grid_y;
            }
        }
    }
  return g_steal_pointer (&sheet);
}

/* Drawing ----------------------------------------------------------------------------------------- */

static void
draw_calibration_mark (cairo_t *cr,
                       double   cx,
                       double   cy)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.15);
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, CAL_RADIUS, 0, 2 * G_PI);
  cairo_move_to (cr, cx - CAL_RADIUS - 0.8, cy);
  cairo_line_to (cr, cx + CAL_RADIUS + 0.8, cy);
  cairo_move_to (cr, cx, cy - CAL_RADIUS - 0.8);
  cairo_line_to (cr, cx, cy + CAL_RADIUS + 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
mu_sheet_draw_title (const MuSheet *sheet,
                     MuText        *t,
                     guint          index,
                     const char    *what)
{
  const MuSheetOptions *o = &sheet->options;
  const MuScenario *s = sheet->scenario;
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;
  double y = o->margin + MU_SHEET_TITLE_HEIGHT / 2, x0 = o->margin, x1 = o->paper_width - o->margin;
  const MuSheetPage *page = mu_sheet_get_page (sheet, index);

  if (o->backs && sheet->kind == MU_SHEET_KIND_COUNTERS)
    {
      /* The calibration mark sits at the left of a front's title band and so
       * at the right of its back's. */
      if (page->kind == MU_SHEET_PAGE_FRONT)
        {
          draw_calibration_mark (t->cr, o->margin + CAL_RADIUS + 1, y);
          x0 += 2 * CAL_RADIUS + 4;
        }
      else
        {
          draw_calibration_mark (t->cr, o->paper_width - o->margin - CAL_RADIUS - 1, y);
          x1 -= 2 * CAL_RADIUS + 4;
        }
    }
  left = g_strdup_printf ("%s · %s", s->title && *s->title ? s->title : _("Untitled scenario"), what);
  right = g_strdup_printf (_("page %u of %u"), index + 1, sheet->pages->len);
  cairo_set_source_rgb (t->cr, 0.1, 0.1, 0.1);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 3.2, left, x0, y, 0.0, 0.5, (x1 - x0) - 25);
  mu_text_draw (t, MU_FONT_SANS, 3.0, right, x1, y, 1.0, 0.5, 0);
}

static void
draw_counter_back (MuText            *t,
                   const MuSheet     *sheet,
                   const MuSheetItem *item,
                   double             x,
                   double             y)
{
  cairo_t *cr = t->cr;
  double size = item->size;

  if (item->kind == MU_SHEET_ITEM_MARKER)
    {
      /* Markers are the same on both faces. */
      mu_render_marker_with (t, item->marker, item->side, x, y, size, 1000, TRUE);
      return;
    }
  /* A counter's back: its side's colour and its name, so a counter picked up
   * face down is still known. */
  {
    guint32 bg = mu_render_side_colour (sheet->scenario, item->counter->side);
    cairo_rectangle (cr, x, y, size, size);
    mu_set_rgb (cr, mu_colour_mix (bg, 0xffffff, 0.35));
    cairo_fill (cr);
    mu_set_rgb (cr, mu_colour_lightness (bg) < 0.45 ? 0xffffff : 0x111111);
    if (item->counter->name)
      mu_text_draw (t, MU_FONT_CONDENSED_BOLD, 0.16 * size, item->counter->name,
                    x + size / 2, y + size / 2, 0.5, 0.5, 0.86 * size);
  }
}

static void
draw_counters_page (const MuSheet *sheet,
                    cairo_t       *cr,
                    MuText        *t,
                    guint          index)
{
  const MuSheetPage *page = mu_sheet_get_page (sheet, index);
  gboolean back = page->kind == MU_SHEET_PAGE_BACK;
  const MuSheetItem *items = mu_sheet_get_items (sheet, NULL);
  double size = sheet->counter_size, W = sheet->options.paper_width;
  double gap = 1.0, len = MU_SHEET_CROP_LENGTH;
  double left, right;
  g_autofree char *what = NULL;

  what = back ? g_strdup_printf (_("%s, backs"), page->group) : g_strdup (page->group);
  mu_sheet_draw_title (sheet, t, index, what);

  for (guint k = 0; k < page->n_items; k++)
    {
      const MuSheetItem *item = &items[page->first_item + k];
      double x = back ? W - item->x - size : item->x;
      if (back)
        draw_counter_back (t, sheet, item, x, item->y);
      else if (item->kind == MU_SHEET_ITEM_COUNTER)
        mu_render_counter_with (t, sheet->scenario, item->counter, sheet->options.style, 0,
                                x, item->y, size, 1000, MU_COUNTER_PART_ALL | MU_COUNTER_PART_FLAT);
      else
        mu_render_marker_with (t, item->marker, item->side, x, item->y, size, 1000, TRUE);
    }

  /* Cut lines: every counter's four edges. */
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_set_line_width (cr, CUT_LINE_WIDTH);
  for (guint k = 0; k < page->n_items; k++)
    {
      const MuSheetItem *item = &items[page->first_item + k];
      double x = back ? W - item->x - size : item->x;
      cairo_rectangle (cr, x, item->y, size, size);
    }
  cairo_stroke (cr);

  /* Crop marks in the band round the grid, in line with every cut line, so a
   * guillotine or a ruler finds them from the outside. */
  {
    double top = page->grid_y, bottom = top + page->rows * size;
    double gx0 = page->grid_x, gx1 = gx0 + page->cols * size;
    if (back)
      {
        /* The back's grid: the front's columns mirrored. */
        gx1 = W - items[page->first_item].x;
        gx0 = gx1 - page->cols * size;
      }
    left = gx0;
    right = gx1;
    cairo_set_line_width (cr, 0.2);
    cairo_set_source_rgb (cr, 0, 0, 0);
    for (guint c = 0; c <= page->cols; c++)
      {
        double x = left + c * size;
        cairo_move_to (cr, x, top - gap);
        cairo_line_to (cr, x, top - gap - len);
        cairo_move_to (cr, x, bottom + gap);
        cairo_line_to (cr, x, bottom + gap + len);
      }
    for (guint r = 0; r <= page->rows; r++)
      {
        double y = top + r * size;
        cairo_move_to (cr, left - gap, y);
        cairo_line_to (cr, left - gap - len, y);
        cairo_move_to (cr, right + gap, y);
        cairo_line_to (cr, right + gap + len, y);
      }
    cairo_stroke (cr);
  }
  cairo_restore (cr);
}

void
mu_sheet_draw_page (const MuSheet *sheet,
                    cairo_t       *cr,
                    guint          index)
{
  MuText t;

  g_return_if_fail (sheet != NULL && cr != NULL && index < sheet->pages->len);

  mu_text_init (&t, cr);
  cairo_save (cr);
  switch (sheet->kind)
    {
    case MU_SHEET_KIND_COUNTERS:
      draw_counters_page (sheet, cr, &t, index);
      break;
    case MU_SHEET_KIND_MAP:
      mu_sheet_draw_map_page (sheet, cr, &t, index);
      break;
    case MU_SHEET_KIND_ROSTER:
      mu_sheet_draw_roster_page (sheet, cr, &t, index);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_restore (cr);
  mu_text_clear (&t);
}

/* Writing ------------------------------------------------------------------------------------------ */

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_surface (cairo_surface_t *surface,
               GError         **error)
{
  cairo_status_t status = cairo_surface_status (surface);

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, MU_ERROR, MU_ERROR_IO, _("Cannot draw the sheet: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

GBytes *
mu_sheet_to_pdf (const MuSheet *sheet,
                 GError       **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  const MuSheetOptions *o;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  g_return_val_if_fail (sheet != NULL, NULL);

  o = &sheet->options;
  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes,
                                                 o->paper_width * MU_POINTS_PER_MM,
                                                 o->paper_height * MU_POINTS_PER_MM);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Muster");
  if (sheet->scenario->title)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, sheet->scenario->title);
  cr = cairo_create (surface);
  for (guint i = 0; i < sheet->pages->len; i++)
    {
      cairo_save (cr);
      cairo_scale (cr, MU_POINTS_PER_MM, MU_POINTS_PER_MM);
      mu_sheet_draw_page (sheet, cr, i);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  ok = check_surface (surface, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

static GBytes *
page_to_svg_or_png (const MuSheet *sheet,
                    guint          index,
                    gboolean       png,
                    double         dpi,
                    GError       **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  const MuSheetOptions *o = &sheet->options;
  double scale = png ? dpi / MU_MM_PER_INCH : MU_POINTS_PER_MM;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (o->paper_width * scale),
                                          (int) ceil (o->paper_height * scale));
  else
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, o->paper_width * scale,
                                                   o->paper_height * scale);
  if (!check_surface (surface, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cr = cairo_create (surface);
  if (png)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }
  cairo_scale (cr, scale, scale);
  mu_sheet_draw_page (sheet, cr, index);
  cairo_destroy (cr);
  if (png)
    {
      cairo_surface_flush (surface);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
    }
  else
    cairo_surface_finish (surface);
  ok = check_surface (surface, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

static char *
page_filename (const char *filename,
               guint       index,
               guint       n_pages)
{
  const char *dot = strrchr (filename, '.');

  if (n_pages == 1)
    return g_strdup (filename);
  return g_strdup_printf ("%.*s-%u%s", (int) (dot - filename), filename, index + 1, dot);
}

gboolean
mu_sheet_write (const MuSheet *sheet,
                const char    *filename,
                double         dpi,
                GError       **error)
{
  g_autoptr(GPtrArray) contents = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  gboolean png, pdf;

  g_return_val_if_fail (sheet != NULL && filename != NULL, FALSE);

  pdf = g_str_has_suffix (filename, ".pdf");
  png = g_str_has_suffix (filename, ".png");
  if (!pdf && !png && !g_str_has_suffix (filename, ".svg"))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("%s: the file name must end in .pdf, .svg or .png"), filename);
      return FALSE;
    }
  if (png && !(dpi >= 10 && dpi <= 1200))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("A PNG resolution of %g dpi is out of range (10 to 1200)"), dpi);
      return FALSE;
    }

  /* Every page is drawn whole in memory: at 1,200 dpi an A4 page is 139
   * million pixels and takes seconds, so a map of many pages would run for
   * minutes and then perhaps fail. The output is bounded before anything is
   * drawn, with the resolution that would fit. */
  if (png)
    {
      double page_px = ceil (sheet->options.paper_width * dpi / MU_MM_PER_INCH) *
                       ceil (sheet->options.paper_height * dpi / MU_MM_PER_INCH);
      double total = page_px * sheet->pages->len;

      if (total > MU_SHEET_MAX_PNG_PIXELS)
        {
          /* a whole number of dpi below the bound, whatever the rounding */
          double fit = floor (dpi * sqrt (MU_SHEET_MAX_PNG_PIXELS / total)) - 1;

          g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                       _("%s: %u pages at %g dpi would be %.0f million pixels; PNG pages are at "
                         "most %.0f million pixels in all: give at most %g dpi, or write a PDF"),
                       filename, sheet->pages->len, dpi, total / 1e6, MU_SHEET_MAX_PNG_PIXELS / 1e6,
                       MAX (fit, 10));
          return FALSE;
        }
    }

  /* Everything in memory first: nothing is written unless every page drew. */
  if (pdf)
    {
      GBytes *b = mu_sheet_to_pdf (sheet, error);
      if (b == NULL)
        return FALSE;
      g_ptr_array_add (contents, b);
    }
  else
    for (guint i = 0; i < sheet->pages->len; i++)
      {
        GBytes *b = page_to_svg_or_png (sheet, i, png, dpi, error);
        if (b == NULL)
          return FALSE;
        g_ptr_array_add (contents, b);
      }

  for (guint i = 0; i < contents->len; i++)
    {
      g_autofree char *name = page_filename (filename, i, contents->len);
      gsize len;
      const char *data = g_bytes_get_data (g_ptr_array_index (contents, i), &len);
      g_autoptr(GError) local = NULL;
      /* saved as every file is: a temporary renamed over, a device written
       * straight, a kill leaves nothing behind */
      if (!mu_file_write_atomic (name, data, len, 0666, &local))
        {
          g_set_error (error, MU_ERROR, MU_ERROR_IO, _("Cannot write %s: %s"), name, local->message);
          return FALSE;
        }
    }
  return TRUE;
}
