/* mu-sheet-roster.c: tabletop roster labels
 *
 * One strip per unit of the order of battle, two columns of strips per page
 * with cut lines round each: a band in the side's colour, the unit's name, its
 * arm and the values its ruleset prints in a summary (baa: range, attack,
 * strength; leadership for commanders), and its commander. Sides are
 * grouped, each starting a new page.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "mu-error.h"
#include "mu-sheet-private.h"

#define STRIP_HEIGHT 16.0   /* mm */
#define BAND_WIDTH 6.0

static const MuCounter *
find_counter (const MuScenario *s,
              const char       *id)
{
  for (guint i = 0; id && i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      if (g_strcmp0 (c->id, id) == 0)
        return c;
    }
  return NULL;
}

MuSheet *
mu_sheet_new_roster (const MuScenario     *scenario,
                     const MuSheetOptions *options,
                     GError              **error)
{
  g_autoptr(MuSheet) sheet = NULL;
  const MuSheetOptions *o = options;
  double area_w, area_h;
  guint per_column;

  g_return_val_if_fail (scenario != NULL && options != NULL, NULL);

  area_w = o->paper_width - 2 * (o->margin + MU_SHEET_CROP_BAND);
  area_h = o->paper_height - 2 * o->margin - MU_SHEET_TITLE_HEIGHT - 2 * MU_SHEET_CROP_BAND;
  if (area_w < 60 || area_h < STRIP_HEIGHT)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("%s: a %g × %g mm page with %g mm margins has no room for roster labels"),
                   mu_sheet_scenario_name (scenario), o->paper_width, o->paper_height, o->margin);
      return NULL;
    }
  if (scenario->counters->len == 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("%s: the scenario has no units for a roster"),
                   mu_sheet_scenario_name (scenario));
      return NULL;
    }

  sheet = mu_sheet_alloc (scenario, options, MU_SHEET_KIND_ROSTER);
  sheet->units = g_ptr_array_new ();
  sheet->strip_width = floor (area_w / 2);
  sheet->strip_height = STRIP_HEIGHT;
  per_column = (guint) floor (area_h / STRIP_HEIGHT);
  sheet->strips_per_page = 2 * per_column;

  /* Pages per side, counters in order of battle order. */
  for (guint i = 0; i <= scenario->sides->len; i++)
    {
      const MuSide *side = i < scenario->sides->len ? g_ptr_array_index (scenario->sides, i) : NULL;
      guint first = sheet->units->len, n;
      g_autofree char *group = NULL;

      for (guint j = 0; j < scenario->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (scenario->counters, j);
          gboolean known = FALSE;
          for (guint k = 0; side == NULL && k < scenario->sides->len; k++)
            known |= g_strcmp0 (((MuSide *) g_ptr_array_index (scenario->sides, k))->id, c->side) == 0;
          if (side ? g_strcmp0 (c->side, side->id) == 0 : !known)
            g_ptr_array_add (sheet->units, (gpointer) c);
        }
      n = sheet->units->len - first;
      group = side ? g_strdup_printf (_("%s roster"), side->name ? side->name : side->id)
                   : g_strdup (_("Other units"));
      for (guint k = 0; k < n; k += sheet->strips_per_page)
        {
          MuSheetPage *page = mu_sheet_add_page (sheet, MU_SHEET_PAGE_ROSTER, group);
          page->first_item = first + k;
          page->n_items = MIN (sheet->strips_per_page, n - k);
          page->cols = 2;
          page->rows = per_column;
          page->grid_x = (o->paper_width - 2 * sheet->strip_width) / 2;
          page->grid_y = o->margin + MU_SHEET_TITLE_HEIGHT + MU_SHEET_CROP_BAND;
        }
    }
  return g_steal_pointer (&sheet);
}

static void
draw_strip (const MuSheet   *sheet,
            MuText          *t,
            const MuCounter *c,
            double           x,
            double           y)
{
  cairo_t *cr = t->cr;
  double w = sheet->strip_width, h = sheet->strip_height;
  guint32 colour = mu_render_side_colour (sheet->scenario, c->side);
  const MuCounter *parent = find_counter (sheet->scenario, c->parent);
  const MuRuleset *ruleset = sheet->scenario->ruleset ? mu_ruleset_find (sheet->scenario->ruleset) : NULL;
  g_autofree char *values = mu_counter_summary_values (ruleset, c);
  g_autofree char *line2 = NULL;

  cairo_rectangle (cr, x, y, BAND_WIDTH, h);
  mu_set_rgb (cr, colour);
  cairo_fill (cr);
  line2 = g_strdup_printf ("%s%s%s%s%s", c->kind == MU_COUNTER_UNIT ? mu_counter_arm_name (ruleset, c)
                           : c->kind == MU_COUNTER_COMMAND ? _("Division commander") : _("Army commander"),
                           *values ? " · " : "", values,
                           parent && parent->name ? " · " : "", parent && parent->name ? parent->name : "");
  cairo_set_source_rgb (cr, 0.08, 0.08, 0.08);
  mu_text_draw (t, MU_FONT_SANS_BOLD, 4.0, c->name ? c->name : c->id, x + BAND_WIDTH + 2, y + 2.2, 0.0, 0.0,
                w - BAND_WIDTH - 4);
  mu_text_draw (t, MU_FONT_SANS, 2.8, line2, x + BAND_WIDTH + 2, y + h - 2.4, 0.0, 1.0, w - BAND_WIDTH - 4);
}

void
mu_sheet_draw_roster_page (const MuSheet *sheet,
                           cairo_t       *cr,
                           MuText        *t,
                           guint          index)
{
  const MuSheetPage *page = mu_sheet_get_page (sheet, index);
  guint per_column = page->rows;

  mu_sheet_draw_title (sheet, t, index, page->group);
  cairo_save (cr);
  for (guint k = 0; k < page->n_items; k++)
    {
      const MuCounter *c = g_ptr_array_index (sheet->units, page->first_item + k);
      double x = page->grid_x + (k / per_column) * sheet->strip_width;
      double y = page->grid_y + (k % per_column) * sheet->strip_height;
      draw_strip (sheet, t, c, x, y);
    }
  /* Cut lines round every strip, after the text (which uses the path). */
  for (guint k = 0; k < page->n_items; k++)
    cairo_rectangle (cr, page->grid_x + (k / per_column) * sheet->strip_width,
                     page->grid_y + (k % per_column) * sheet->strip_height,
                     sheet->strip_width, sheet->strip_height);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_set_line_width (cr, 0.1);
  cairo_stroke (cr);
  cairo_restore (cr);
}
