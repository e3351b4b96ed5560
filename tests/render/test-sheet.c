#define G_LOG_DOMAIN "test-sheet"

#include "config.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "mu-error.h"
#include "mu-scenario-xml.h"
#include "mu-sheet.h"

/* Counter sheets: layout geometry, marker counts, mirrored backs, errors, and
 * the counters' edges measured in the PDF's own coordinates. */

static MuScenario *
load_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", name, NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

/* A PDF's content, as far as a counter sheet needs: the axis-aligned squares
 * each content stream strokes, in millimetres from the page's top-left
 * corner, read from the PDF's own numbers (paths, rectangles and the cm
 * matrices in force). */
typedef struct {
  double x, y, w, h;
} Rect;

typedef struct {
  double m[6];
} Matrix;

static void
matrix_multiply (Matrix *r, const Matrix *a, const Matrix *b)
{
  /* r = a × b in PDF's row-vector convention (a applied first). */
  Matrix t;

  t.m[0] = a->m[0] * b->m[0] + a->m[1] * b->m[2];
  t.m[1] = a->m[0] * b->m[1] + a->m[1] * b->m[3];
  t.m[2] = a->m[2] * b->m[0] + a->m[3] * b->m[2];
  t.m[3] = a->m[2] * b->m[1] + a->m[3] * b->m[3];
  t.m[4] = a->m[4] * b->m[0] + a->m[5] * b->m[2] + b->m[4];
  t.m[5] = a->m[4] * b->m[1] + a->m[5] * b->m[3] + b->m[5];
  *r = t;
}

static void
transform (const Matrix *m, double x, double y, double *ox, double *oy)
{
  *ox = m->m[0] * x + m->m[2] * y + m->m[4];
  *oy = m->m[1] * x + m->m[3] * y + m->m[5];
}

static GBytes *
inflate (const guint8 *data, gsize len)
{
  g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  g_autoptr(GInputStream) raw = g_memory_input_stream_new_from_data (data, (gssize) len, NULL);
  g_autoptr(GInputStream) in = g_converter_input_stream_new (raw, G_CONVERTER (z));
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  if (g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) < 0)
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

/* Squares stroked by one content stream (PDF points, y up). */
static GArray *
stroked_squares (const char *text, gsize len)
{
  g_autofree char *copy = g_strndup (text, len);
  g_auto(GStrv) tokens = g_strsplit_set (copy, " \r\n\t", -1);
  GArray *squares = g_array_new (FALSE, FALSE, sizeof (Rect));
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Matrix));
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (Rect));
  Matrix ctm = { { 1, 0, 0, 1, 0, 0 } };
  double num[8], pts[5][2];
  guint n_num = 0, n_pts = 0;
  gboolean in_text = FALSE;

  for (char **t = tokens; *t; t++)
    {
      char *end;
      double v;
      if (**t == '\0')
        continue;
      if (in_text)
        {
          in_text = strcmp (*t, "ET") != 0;
          continue;
        }
      v = g_ascii_strtod (*t, &end);
      if (end != *t && *end == '\0')
        {
          if (n_num == G_N_ELEMENTS (num))
            memmove (num, num + 1, sizeof num - sizeof num[0]), n_num--;
          num[n_num++] = v;
          continue;
        }
      if (strcmp (*t, "BT") == 0)
        in_text = TRUE;
      else if (strcmp (*t, "q") == 0)
        g_array_append_val (stack, ctm);
      else if (strcmp (*t, "Q") == 0 && stack->len > 0)
        {
          ctm = g_array_index (stack, Matrix, stack->len - 1);
          g_array_set_size (stack, stack->len - 1);
        }
      else if (strcmp (*t, "cm") == 0 && n_num >= 6)
        {
          Matrix m;
          memcpy (m.m, num + n_num - 6, sizeof m.m);
          matrix_multiply (&ctm, &m, &ctm);
        }
      else if ((strcmp (*t, "m") == 0 || strcmp (*t, "l") == 0) && n_num >= 2)
        {
          if (strcmp (*t, "m") == 0)
            n_pts = 0;
          if (n_pts < G_N_ELEMENTS (pts))
            {
              transform (&ctm, num[n_num - 2], num[n_num - 1], &pts[n_pts][0], &pts[n_pts][1]);
              n_pts++;
            }
          else
            n_pts = G_N_ELEMENTS (pts) + 1;
        }
      else if (strcmp (*t, "c") == 0)
        n_pts = G_N_ELEMENTS (pts) + 1;  /* a curve: not a square */
      else if (strcmp (*t, "h") == 0)
        {
          if (n_pts == 4)
            {
              double x0 = MIN (pts[0][0], pts[2][0]), x1 = MAX (pts[0][0], pts[2][0]);
              double y0 = MIN (pts[0][1], pts[2][1]), y1 = MAX (pts[0][1], pts[2][1]);
              gboolean axis = fabs (pts[0][1] - pts[1][1]) < 1e-3 && fabs (pts[1][0] - pts[2][0]) < 1e-3 &&
                              fabs (pts[2][1] - pts[3][1]) < 1e-3 && fabs (pts[3][0] - pts[0][0]) < 1e-3;
              Rect r = { x0, y0, x1 - x0, y1 - y0 };
              if (axis)
                g_array_append_val (pending, r);
            }
          n_pts = 0;
        }
      else if (strcmp (*t, "re") == 0 && n_num >= 4)
        {
          double ax, ay, bx, by;
          Rect r;
          transform (&ctm, num[n_num - 4], num[n_num - 3], &ax, &ay);
          transform (&ctm, num[n_num - 4] + num[n_num - 2], num[n_num - 3] + num[n_num - 1], &bx, &by);
          r = (Rect) { MIN (ax, bx), MIN (ay, by), fabs (bx - ax), fabs (by - ay) };
          g_array_append_val (pending, r);
        }
      else if (strcmp (*t, "S") == 0 || strcmp (*t, "s") == 0)
        {
          g_array_append_vals (squares, pending->data, pending->len);
          g_array_set_size (pending, 0);
        }
      else if (strcmp (*t, "f") == 0 || strcmp (*t, "F") == 0 || strcmp (*t, "f*") == 0 ||
               strcmp (*t, "n") == 0 || strcmp (*t, "B") == 0 || strcmp (*t, "b") == 0 ||
               strcmp (*t, "W") == 0)
        g_array_set_size (pending, 0);
      n_num = 0;
    }
  return squares;
}

static const char *
find (const char *p, const char *end, const char *needle)
{
  /* Binary data: g_strstr_len stops at a NUL. */
  gsize n = strlen (needle);

  for (; p + n <= end; p++)
    if (memcmp (p, needle, n) == 0)
      return p;
  return NULL;
}

/* Per page (content streams that stroke squares, in document order). */
static GPtrArray *
pdf_page_squares (GBytes *pdf)
{
  GPtrArray *pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  gsize len;
  const char *data = g_bytes_get_data (pdf, &len);
  const char *p = data, *end = data + len;

  while ((p = find (p, end, "stream")) != NULL)
    {
      const char *start = p + strlen ("stream"), *stop;
      g_autoptr(GBytes) content = NULL;
      if (p > data && p[-1] == 'd')  /* "endstream" */
        {
          p = start;
          continue;
        }
      if (*start == '\r')
        start++;
      if (*start == '\n')
        start++;
      stop = find (start, end, "endstream");
      if (stop == NULL)
        break;
      content = inflate ((const guint8 *) start, stop - start);
      if (content)
        {
          gsize clen;
          const char *ctext = g_bytes_get_data (content, &clen);
          GArray *squares = stroked_squares (ctext, clen);
          if (squares->len > 0)
            g_ptr_array_add (pages, squares);
          else
            g_array_unref (squares);
        }
      p = stop + strlen ("endstream");
    }
  return pages;
}

static void
check_layout (const MuSheet *sheet)
{
  const MuSheetOptions *o = mu_sheet_get_options (sheet);
  guint n;
  const MuSheetItem *items = mu_sheet_get_items (sheet, &n);
  double size = mu_sheet_get_counter_size (sheet);

  for (guint i = 0; i < n; i++)
    {
      const MuSheetItem *a = &items[i];
      const MuSheetPage *page = mu_sheet_get_page (sheet, a->page);
      double cx, cy;

      g_assert_cmpfloat_with_epsilon (a->size, size, 1e-9);
      /* Inside the printable area, with room for the crop marks round it. */
      g_assert_cmpfloat (a->x, >=, o->margin + 4.0);
      g_assert_cmpfloat (a->y, >=, o->margin + 4.0);
      g_assert_cmpfloat (a->x + a->size, <=, o->paper_width - o->margin - 4.0);
      g_assert_cmpfloat (a->y + a->size, <=, o->paper_height - o->margin - 4.0);
      /* On its page's grid: the cut lines of neighbours coincide, no gaps. */
      g_assert_cmpint (page->kind, ==, MU_SHEET_PAGE_FRONT);
      g_assert_cmpuint (i, >=, page->first_item);
      g_assert_cmpuint (i, <, page->first_item + page->n_items);
      cx = (a->x - page->grid_x) / size;
      cy = (a->y - page->grid_y) / size;
      g_assert_cmpfloat_with_epsilon (cx, round (cx), 1e-9);
      g_assert_cmpfloat_with_epsilon (cy, round (cy), 1e-9);
      g_assert_cmpfloat (round (cx), <, page->cols);
      g_assert_cmpfloat (round (cy), <, page->rows);
      for (guint j = i + 1; j < n; j++)
        {
          const MuSheetItem *b = &items[j];
          gboolean overlap = a->page == b->page &&
                             a->x < b->x + b->size - 1e-6 && b->x < a->x + a->size - 1e-6 &&
                             a->y < b->y + b->size - 1e-6 && b->y < a->y + a->size - 1e-6;
          g_assert_false (overlap);
        }
    }
}

/* The squares the PDF strokes on each page are exactly the counters' edges
 * (front) or their mirrored places (back), and each is the chosen size. */
static void
check_pdf (const MuSheet *sheet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf = mu_sheet_to_pdf (sheet, &error);
  g_autoptr(GPtrArray) pages = NULL;
  const MuSheetOptions *o = mu_sheet_get_options (sheet);
  double size = mu_sheet_get_counter_size (sheet);
  double page_h = o->paper_height * MU_POINTS_PER_MM;
  const MuSheetItem *items;

  g_assert_no_error (error);
  pages = pdf_page_squares (pdf);
  items = mu_sheet_get_items (sheet, NULL);
  g_assert_cmpuint (pages->len, ==, mu_sheet_get_n_pages (sheet));
  for (guint p = 0; p < pages->len; p++)
    {
      GArray *squares = g_ptr_array_index (pages, p);
      const MuSheetPage *page = mu_sheet_get_page (sheet, p);
      g_assert_cmpuint (squares->len, ==, page->n_items);
      for (guint k = 0; k < page->n_items; k++)
        {
          const MuSheetItem *item = &items[page->first_item + k];
          const Rect *r = &g_array_index (squares, Rect, k);
          double x = r->x / MU_POINTS_PER_MM, y = (page_h - r->y - r->h) / MU_POINTS_PER_MM;
          double ex = item->x, ey = item->y;
          guint back_page;

          /* The edge length in the PDF's own units, in millimetres. */
          g_assert_cmpfloat (fabs (r->w / MU_POINTS_PER_MM - size), <=, 0.1);
          g_assert_cmpfloat (fabs (r->h / MU_POINTS_PER_MM - size), <=, 0.1);
          if (page->kind == MU_SHEET_PAGE_BACK)
            {
              g_assert_true (mu_sheet_item_back (sheet, item, &back_page, &ex, &ey));
              g_assert_cmpuint (back_page, ==, p);
            }
          g_assert_cmpfloat (fabs (x - ex), <=, 0.01);
          g_assert_cmpfloat (fabs (y - ey), <=, 0.01);
        }
    }
}

static void
test_geometry (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  const MuPaper papers[] = { MU_PAPER_A4, MU_PAPER_LETTER };
  const double sizes[] = { 0, 0.5 * MU_MM_PER_INCH, 5.0 / 8 * MU_MM_PER_INCH, 16, 25.4, 40 };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
      {
        g_autoptr(MuSheet) sheet = NULL;
        g_autoptr(GError) error = NULL;
        MuSheetOptions o;

        mu_sheet_options_init (&o, papers[p]);
        o.counter_size = sizes[k];
        sheet = mu_sheet_new_counters (s, &o, &error);
        g_assert_no_error (error);
        g_test_message ("%s, %g mm: %u pages", mu_paper_to_string (papers[p]),
                        mu_sheet_get_counter_size (sheet), mu_sheet_get_n_pages (sheet));
        if (sizes[k] > 0)
          g_assert_cmpfloat (mu_sheet_get_counter_size (sheet), ==, sizes[k]);
        check_layout (sheet);
        check_pdf (sheet);
      }
}

static void
test_default_size (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");

  /* At most 0.8 of the hex across the flats: 16 mm hexes take 1/2 in counters. */
  s->hex_map->hex_size_mm = 16;
  g_assert_cmpfloat_with_epsilon (mu_sheet_default_counter_size (s), 12.7, 1e-9);
  s->hex_map->hex_size_mm = 19.9;
  g_assert_cmpfloat_with_epsilon (mu_sheet_default_counter_size (s), 15.875, 1e-9);
  s->hex_map->hex_size_mm = 20;
  g_assert_cmpfloat_with_epsilon (mu_sheet_default_counter_size (s), 16, 1e-9);
  s->hex_map->hex_size_mm = 32;
  g_assert_cmpfloat_with_epsilon (mu_sheet_default_counter_size (s), 25.4, 1e-9);
  /* The scenario's own print setting wins. */
  s->hex_map->counter_size_mm = 15;
  g_assert_cmpfloat_with_epsilon (mu_sheet_default_counter_size (s), 15, 1e-9);
}

static guint
count_items (const MuSheet *sheet, MuSheetItemKind kind, const char *marker, const char *side)
{
  guint n, count = 0;
  const MuSheetItem *items = mu_sheet_get_items (sheet, &n);

  for (guint i = 0; i < n; i++)
    if (items[i].kind == kind && (kind == MU_SHEET_ITEM_COUNTER || g_strcmp0 (items[i].marker->id, marker) == 0) &&
        (side == NULL || (items[i].side && g_strcmp0 (items[i].side->id, side) == 0)))
      count++;
  return count;
}

static void
test_counts (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autoptr(MuSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  MuSheetOptions o;
  MuHex h = { 3, 3 };
  guint n;
  const MuSheetItem *items;

  /* The template: Union control + command + 3 units, Confederate command + 2
   * units, 2 objectives. Add a fortified hexside, an already breached one
   * (needs no marker), and put the Union reserve on the railroad. */
  s->hex_map->sides[mu_hex_map_side_index (s->hex_map, h, 0)] |= MU_SIDE_FORTIFICATION;
  h.row = 5;
  s->hex_map->sides[mu_hex_map_side_index (s->hex_map, h, 1)] |= MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED;
  ((MuReserve *) g_ptr_array_index (s->reserves, 0))->kind = MU_RESERVE_RAILROAD;

  mu_sheet_options_init (&o, MU_PAPER_A4);
  sheet = mu_sheet_new_counters (s, &o, &error);
  g_assert_no_error (error);
  check_layout (sheet);

  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_COUNTER, NULL, NULL), ==, 8);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_COUNTER, NULL, "usa"), ==, 5);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_COUNTER, NULL, "csa"), ==, 3);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "nic", NULL), ==, 4);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "pinned", NULL), ==, 5);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "fatigued", NULL), ==, 5);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "objective", "usa"), ==, 2);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "objective", "csa"), ==, 2);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "breached", NULL), ==, 1);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "on-train", NULL), ==, 1);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "bound", NULL), ==, 1);
  g_assert_cmpuint (count_items (sheet, MU_SHEET_ITEM_MARKER, "disabled", NULL), ==, 0);

  /* Sides grouped, each on its own pages: Union, then Confederate, then markers. */
  items = mu_sheet_get_items (sheet, &n);
  g_assert_cmpuint (n, ==, 8 + 4 + 5 + 5 + 4 + 1 + 1 + 1);
  g_assert_cmpuint (mu_sheet_get_n_pages (sheet), ==, 3);
  g_assert_cmpstr (mu_sheet_get_page (sheet, 0)->group, ==, "Union counters");
  g_assert_cmpstr (mu_sheet_get_page (sheet, 1)->group, ==, "Confederate counters");
  g_assert_cmpstr (mu_sheet_get_page (sheet, 2)->group, ==, "Markers");
  for (guint i = 0; i < n; i++)
    {
      guint expected = i < 5 ? 0 : i < 8 ? 1 : 2;
      g_assert_cmpuint (items[i].page, ==, expected);
      if (i < 8)
        g_assert_cmpstr (items[i].counter->side, ==, expected == 0 ? "usa" : "csa");
    }

  /* Only markers, only counters. */
  {
    g_autoptr(MuSheet) m = NULL;
    g_autoptr(MuSheet) c = NULL;
    o.counters = FALSE;
    m = mu_sheet_new_counters (s, &o, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (count_items (m, MU_SHEET_ITEM_COUNTER, 0, NULL), ==, 0);
    g_assert_cmpuint (mu_sheet_get_n_pages (m), ==, 1);
    o.counters = TRUE;
    o.markers = FALSE;
    c = mu_sheet_new_counters (s, &o, &error);
    g_assert_no_error (error);
    mu_sheet_get_items (c, &n);
    g_assert_cmpuint (n, ==, 8);
  }
}

static void
test_backs (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  const MuPaper papers[] = { MU_PAPER_A4, MU_PAPER_LETTER };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autoptr(MuSheet) sheet = NULL;
      g_autoptr(MuSheet) plain = NULL;
      g_autoptr(GError) error = NULL;
      MuSheetOptions o;
      guint n;
      const MuSheetItem *items;

      mu_sheet_options_init (&o, papers[p]);
      plain = mu_sheet_new_counters (s, &o, &error);
      g_assert_no_error (error);
      o.backs = TRUE;
      o.counter_size = 16;
      sheet = mu_sheet_new_counters (s, &o, &error);
      g_assert_no_error (error);
      items = mu_sheet_get_items (sheet, &n);
      /* A back after every front. */
      g_assert_cmpuint (mu_sheet_get_n_pages (sheet) % 2, ==, 0);
      for (guint i = 0; i < mu_sheet_get_n_pages (sheet); i++)
        g_assert_cmpint (mu_sheet_get_page (sheet, i)->kind, ==,
                         i % 2 ? MU_SHEET_PAGE_BACK : MU_SHEET_PAGE_FRONT);
      for (guint i = 0; i < n; i++)
        {
          guint page;
          double x, y;
          g_assert_true (mu_sheet_item_back (sheet, &items[i], &page, &x, &y));
          g_assert_cmpuint (page, ==, items[i].page + 1);
          /* Mirrored left to right about the page's centre line. */
          g_assert_cmpfloat_with_epsilon (x + items[i].size / 2,
                                          o.paper_width - (items[i].x + items[i].size / 2), 1e-9);
          g_assert_cmpfloat_with_epsilon (y, items[i].y, 1e-9);
          g_assert_cmpfloat (x, >=, o.margin);
          g_assert_cmpfloat (x + items[i].size, <=, o.paper_width - o.margin);
        }
      {
        guint page;
        double x, y;
        g_assert_false (mu_sheet_item_back (plain, &mu_sheet_get_items (plain, NULL)[0], &page, &x, &y));
      }
      check_layout (sheet);
      check_pdf (sheet);
    }
}

static void
test_errors (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autoptr(MuScenario) empty = mu_scenario_new_hex ("baa-hex", 5, 5, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(MuScenario) table = load_scenario ("henry-house-hill-table.muster");
  g_autoptr(GError) error = NULL;
  MuSheetOptions o;
  MuSheet *sheet;
  MuPaper paper;

  g_assert_false (mu_paper_from_string ("a5", &paper, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "a5"));
  g_clear_error (&error);
  g_assert_true (mu_paper_from_string ("Letter", &paper, &error));
  g_assert_cmpint (paper, ==, MU_PAPER_LETTER);

  mu_sheet_options_init (&o, MU_PAPER_A4);
  o.counter_size = 200;
  sheet = mu_sheet_new_counters (s, &o, &error);
  g_assert_null (sheet);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "does not fit"));
  g_assert_nonnull (strstr (error->message, "template.muster"));
  g_clear_error (&error);
  o.counter_size = 2;
  g_assert_null (mu_sheet_new_counters (s, &o, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);

  /* Nothing to print. */
  o.counter_size = 0;
  o.markers = FALSE;
  g_assert_null (mu_sheet_new_counters (empty, &o, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "no counters"));
  g_clear_error (&error);
  o.counters = FALSE;
  o.markers = TRUE;
  g_assert_null (mu_sheet_new_counters (table, &o, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);
}

static void
check_inside (const MuSheetOptions *o, double x, double y, double w, double h)
{
  g_assert_cmpfloat (x, >=, o->margin - 1e-9);
  g_assert_cmpfloat (y, >=, o->margin - 1e-9);
  g_assert_cmpfloat (x + w, <=, o->paper_width - o->margin + 1e-9);
  g_assert_cmpfloat (y + h, <=, o->paper_height - o->margin + 1e-9);
}

static void
test_map (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  const MuPaper papers[] = { MU_PAPER_A4, MU_PAPER_LETTER };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autoptr(MuSheet) sheet = NULL;
      g_autoptr(GError) error = NULL;
      MuSheetOptions o;
      guint across, down, n;
      double bw, bh, gw, gh, overlap, c0x, c0y, c1x, c1y;
      MuHex a = { 5, 5 }, b = { 5, 6 };

      mu_sheet_options_init (&o, papers[p]);
      sheet = mu_sheet_new_map (s, &o, &error);
      g_assert_no_error (error);
      mu_sheet_get_tiles (sheet, &across, &down);
      mu_sheet_get_board_size (sheet, &bw, &bh);
      overlap = mu_sheet_get_overlap (sheet);
      n = mu_sheet_get_n_pages (sheet);
      g_test_message ("%s: %u × %u tiles, board %.1f × %.1f mm", mu_paper_to_string (papers[p]),
                      across, down, bw, bh);

      /* At scale: hex-size-mm across the flats, so two hexes of a column are
       * that far apart and the board is the grid at that size. */
      mu_hex_grid_pixel_size (&s->hex_map->grid, s->hex_map->hex_size_mm / sqrt (3.0), &gw, &gh);
      g_assert_cmpfloat_with_epsilon (bw, gw, 1e-6);
      g_assert_cmpfloat_with_epsilon (bh, gh, 1e-6);
      mu_hex_center (&s->hex_map->grid, s->hex_map->hex_size_mm / sqrt (3.0), a, &c0x, &c0y);
      mu_hex_center (&s->hex_map->grid, s->hex_map->hex_size_mm / sqrt (3.0), b, &c1x, &c1y);
      g_assert_cmpfloat_with_epsilon (hypot (c1x - c0x, c1y - c0y), s->hex_map->hex_size_mm, 1e-6);

      /* More than one sheet: the assembly page first, then the tiles. */
      g_assert_cmpuint (across * down, >, 1);
      g_assert_cmpuint (n, ==, across * down + 1);
      g_assert_cmpint (mu_sheet_get_page (sheet, 0)->kind, ==, MU_SHEET_PAGE_ASSEMBLY);
      for (guint i = 1; i < n; i++)
        {
          const MuSheetPage *t = mu_sheet_get_page (sheet, i);
          g_assert_cmpint (t->kind, ==, MU_SHEET_PAGE_MAP_TILE);
          g_assert_cmpuint (t->tile_col, ==, (i - 1) % across);
          g_assert_cmpuint (t->tile_row, ==, (i - 1) / across);
          check_inside (&o, t->paper_x, t->paper_y, t->board_width, t->board_height);
          g_assert_cmpfloat (t->paper_y, >=, o.margin + 5);  /* under the title line */
          /* Neighbours share the overlap strip; the last ones reach the board's edge. */
          if (t->tile_col + 1 < across)
            {
              const MuSheetPage *r = mu_sheet_get_page (sheet, i + 1);
              g_assert_cmpfloat_with_epsilon (r->board_x, t->board_x + t->board_width - overlap, 1e-9);
            }
          else
            g_assert_cmpfloat_with_epsilon (t->board_x + t->board_width, bw, 1e-9);
          if (t->tile_row + 1 < down)
            {
              const MuSheetPage *d = mu_sheet_get_page (sheet, i + across);
              g_assert_cmpfloat_with_epsilon (d->board_y, t->board_y + t->board_height - overlap, 1e-9);
            }
          else
            g_assert_cmpfloat_with_epsilon (t->board_y + t->board_height, bh, 1e-9);
          if (t->tile_col == 0)
            g_assert_cmpfloat (t->board_x, ==, 0);
          if (t->tile_row == 0)
            g_assert_cmpfloat (t->board_y, ==, 0);
        }
      g_assert_cmpfloat (overlap, >=, 5);
    }
}

static void
test_plan_and_roster (void)
{
  g_autoptr(MuScenario) table = load_scenario ("henry-house-hill-table.muster");
  g_autoptr(MuSheet) plan = NULL;
  g_autoptr(MuSheet) roster = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  const MuSheetPage *page;
  MuSheetOptions o;
  double bw, bh;

  mu_sheet_options_init (&o, MU_PAPER_LETTER);
  plan = mu_sheet_new_map (table, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mu_sheet_get_n_pages (plan), ==, 1);
  page = mu_sheet_get_page (plan, 0);
  g_assert_cmpint (page->kind, ==, MU_SHEET_PAGE_PLAN);
  mu_sheet_get_board_size (plan, &bw, &bh);
  /* Reduced in proportion, as large as the page allows. */
  g_assert_cmpfloat_with_epsilon (bw / bh, table->table->width / table->table->height, 1e-9);
  g_assert_cmpfloat_with_epsilon (bw, mu_sheet_get_plan_scale (plan) * table->table->width, 1e-9);
  check_inside (&o, page->paper_x, page->paper_y, bw, bh + 14);
  g_assert_cmpfloat (bw, >, o.paper_width - 2 * o.margin - 1);

  roster = mu_sheet_new_roster (table, &o, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < mu_sheet_get_n_pages (roster); i++)
    {
      page = mu_sheet_get_page (roster, i);
      g_assert_cmpint (page->kind, ==, MU_SHEET_PAGE_ROSTER);
      g_assert_cmpuint (page->n_items, >, 0);
      for (guint k = page->first_item; k < page->first_item + page->n_items; k++)
        g_hash_table_add (seen, GUINT_TO_POINTER (k + 1));
      /* Two columns of strips, centred, all inside the printable area. */
      check_inside (&o, page->grid_x, page->grid_y, o.paper_width - 2 * page->grid_x,
                    MIN (page->n_items, page->rows) * 16.0);
    }
  /* Every counter once, sides grouped: Union pages first. */
  g_assert_cmpuint (g_hash_table_size (seen), ==, table->counters->len);
  g_assert_cmpstr (mu_sheet_get_page (roster, 0)->group, ==, "Union roster");
  g_assert_cmpstr (mu_sheet_get_page (roster, mu_sheet_get_n_pages (roster) - 1)->group, ==,
                   "Confederate roster");

  /* A page too small for anything. */
  o.paper_width = o.paper_height = 40;
  g_assert_null (mu_sheet_new_map (table, &o, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (mu_sheet_new_roster (table, &o, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_clear_error (&error);
}

/* Which way up a map prints better: a table wider than deep landscape (the
 * larger plan), a hex board on fewer sheets; the paper given either way up
 * reads the same. */
static void
test_map_orientation (void)
{
  const char *names[] = { "henry-house-hill-table.muster", "first-manassas.muster" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(MuScenario) s = load_scenario (names[i]);
      MuSheetOptions upright, across;
      g_autoptr(MuSheet) portrait = NULL;
      g_autoptr(MuSheet) landscape = NULL;
      gboolean better;

      mu_sheet_options_init (&upright, MU_PAPER_A4);
      across = upright;
      across.paper_width = upright.paper_height;
      across.paper_height = upright.paper_width;
      portrait = mu_sheet_new_map (s, &upright, NULL);
      landscape = mu_sheet_new_map (s, &across, NULL);
      g_assert_nonnull (portrait);
      g_assert_nonnull (landscape);
      g_assert_true (mu_sheet_map_prefers_landscape (s, &upright) == mu_sheet_map_prefers_landscape (s, &across));
      if (s->board == MU_BOARD_TABLE)
        {
          g_test_message ("%s: plan at %.3f mm a unit upright, %.3f landscape", names[i],
                          mu_sheet_get_plan_scale (portrait), mu_sheet_get_plan_scale (landscape));
          better = mu_sheet_get_plan_scale (landscape) > mu_sheet_get_plan_scale (portrait);
          g_assert_true (better);
        }
      else
        {
          guint pa, pd, la, ld;

          mu_sheet_get_tiles (portrait, &pa, &pd);
          mu_sheet_get_tiles (landscape, &la, &ld);
          g_test_message ("%s: %u × %u sheets upright, %u × %u landscape", names[i], pa, pd, la, ld);
          better = la * ld < pa * pd;
        }
      g_assert_true (mu_sheet_map_prefers_landscape (s, &upright) == better);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/sheet/geometry", test_geometry);
  g_test_add_func ("/render/sheet/default-size", test_default_size);
  g_test_add_func ("/render/sheet/counts", test_counts);
  g_test_add_func ("/render/sheet/backs", test_backs);
  g_test_add_func ("/render/sheet/errors", test_errors);
  g_test_add_func ("/render/sheet/map", test_map);
  g_test_add_func ("/render/sheet/plan-and-roster", test_plan_and_roster);
  g_test_add_func ("/render/sheet/map-orientation", test_map_orientation);
  return g_test_run ();
}
