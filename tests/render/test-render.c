#define G_LOG_DOMAIN "test-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"

/* Pixels of an ARGB32 surface as 0xRRGGBB (surfaces here are opaque). */
static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint32 *data;
  int stride;

  cairo_surface_flush (surface);
  data = (const guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return data[y * stride + x] & 0xffffff;
}

static gboolean
colour_near (guint32 a,
             guint32 b,
             int     tolerance)
{
  for (int shift = 0; shift <= 16; shift += 8)
    if (abs ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

static gboolean
greenish (guint32 c)
{
  int r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;
  return g > r + 10 && g > b + 10;
}

static gboolean
bluish (guint32 c)
{
  int r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;
  return b > r + 30 && b >= g;
}

static MuScenario *
small_board (MuHexOrientation orientation)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", 6, 5, orientation, MU_HEX_OFFSET_EVEN);

  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb4b4b4));
  return s;
}

static cairo_surface_t *
render_board (const MuScenario      *s,
              const MuRenderOptions *o,
              double                 device_scale)
{
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;

  mu_render_board_size (s, o, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w * device_scale),
                                        (int) ceil (h * device_scale));
  cairo_surface_set_device_scale (surface, device_scale, device_scale);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_scenario (cr, s, o);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

static void
test_woodland_centre (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuRenderOptions o;
  double sizes[] = { 6, 32 };

  mu_hex_map_cell (s->hex_map, (MuHex) { 3, 3 })->terrain = MU_TERRAIN_WOODLAND;
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      cairo_surface_t *surface;
      double x, y;

      mu_render_options_init (&o);
      o.hex_size = sizes[i];
      o.show_coordinates = FALSE;
      surface = render_board (s, &o, 1.0);
      mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 3, 3 }, &x, &y);
      g_assert_true (greenish (pixel (surface, (int) x, (int) y)));
      mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 2, 2 }, &x, &y);
      g_assert_false (greenish (pixel (surface, (int) x, (int) y)));
      cairo_surface_destroy (surface);
    }
}

static void
test_grid_lines (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuRenderOptions o;
  double x1, y1, x2, y2;
  guint32 with, without, open;

  mu_render_options_init (&o);
  o.hex_size = 40;
  o.show_coordinates = FALSE;
  /* The midpoint of the hexside between 0303 and its north-east neighbour. */
  mu_hexside_endpoints (&s->hex_map->grid, o.hex_size, (MuHex) { 3, 3 }, 1, &x1, &y1, &x2, &y2);
  {
    cairo_surface_t *a = render_board (s, &o, 1.0);
    with = pixel (a, (int) floor ((x1 + x2) / 2), (int) floor ((y1 + y2) / 2));
    open = pixel (a, (int) ((x1 + x2) / 2 - 12), (int) ((y1 + y2) / 2 + 8));
    cairo_surface_destroy (a);
  }
  o.show_grid = FALSE;
  {
    cairo_surface_t *b = render_board (s, &o, 1.0);
    without = pixel (b, (int) floor ((x1 + x2) / 2), (int) floor ((y1 + y2) / 2));
    cairo_surface_destroy (b);
  }
  g_assert_true (colour_near (without, open, 3));
  g_assert_false (colour_near (with, open, 20));
  g_assert_cmpint ((with >> 8) & 0xff, <, (open >> 8) & 0xff);
}

static void
test_objective_and_contour (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuObjective *obj = mu_objective_new ("o1");
  MuRenderOptions o;
  cairo_surface_t *surface;
  double x, y, x1, y1, x2, y2;
  guint32 ring, contour;

  obj->hex = (MuHex) { 2, 2 };
  obj->owner = g_strdup ("csa");
  g_ptr_array_add (s->objectives, obj);
  mu_hex_map_cell (s->hex_map, (MuHex) { 5, 3 })->elevation = 2;
  mu_render_options_init (&o);
  o.hex_size = 40;
  o.show_grid = FALSE;
  o.show_coordinates = FALSE;
  surface = render_board (s, &o, 1.0);

  /* A white star in the middle, a ring in the owner's colour around it. */
  mu_hex_center (&s->hex_map->grid, o.hex_size, obj->hex, &x, &y);
  g_assert_cmphex (pixel (surface, (int) x, (int) y), ==, 0xffffff);
  ring = pixel (surface, (int) (x + 0.42 * o.hex_size * 0.87), (int) y);
  g_assert_true (colour_near (ring, 0xb4b4b4, 4));

  /* A contour line along the hexside between levels 0 and 2, brown. */
  mu_hexside_endpoints (&s->hex_map->grid, o.hex_size, (MuHex) { 5, 3 }, 0, &x1, &y1, &x2, &y2);
  contour = pixel (surface, (int) ((x1 + x2) / 2), (int) floor ((y1 + y2) / 2));
  g_assert_cmpint ((contour >> 16) & 0xff, >, (contour & 0xff) + 40);
  g_assert_cmpint ((contour >> 16) & 0xff, <, 0xc0);
  cairo_surface_destroy (surface);
}

static void
test_clip (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_POINTY_TOP);
  g_autoptr(GArray) pieces = NULL;
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  MuRenderOptions o;
  cairo_surface_t *surface;
  cairo_t *cr;
  int changed = 0;
  const int cx = 37, cy = 41, cw = 90, ch = 70;

  mu_counter_set_int (c, "range", 2);
  mu_counter_set_int (c, "attack", 4);
  c->strength = 5;
  c->place.kind = MU_PLACE_HEX;
  c->place.hex = (MuHex) { 2, 2 };
  g_ptr_array_add (s->counters, c);
  mu_hex_map_cell (s->hex_map, (MuHex) { 2, 3 })->terrain = MU_TERRAIN_WOODLAND;
  mu_render_options_init (&o);
  o.hex_size = 30;
  o.clip_x = cx;
  o.clip_y = cy;
  o.clip_width = cw;
  o.clip_height = ch;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_scenario (cr, s, &o);
  cairo_destroy (cr);
  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 400; x++)
      {
        gboolean inside = x >= cx && x < cx + cw && y >= cy && y < cy + ch;
        guint32 p = pixel (surface, x, y);
        if (!inside)
          g_assert_cmphex (p, ==, 0xff00ff);
        else if (p != 0xff00ff)
          changed++;
      }
  g_assert_cmpint (changed, ==, cw * ch);
  cairo_surface_destroy (surface);

  /* The same for a table. */
  {
    g_autoptr(MuScenario) t = mu_scenario_new_table ("baa-table", 30, 20, MU_UNIT_CM, "6mm");
    MuCounter *u = mu_counter_new (MU_COUNTER_UNIT, "t1", "usa");
    MuArea *woods = mu_area_new (MU_AREA_WOODS);
    MuPoint pts[] = { { 1, 1 }, { 9, 2 }, { 8, 9 }, { 2, 8 } };

    g_ptr_array_add (t->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
    u->strength = 4;
    u->place.kind = MU_PLACE_TABLE;
    u->place.pos = (MuPoint) { 5, 4 };
    g_ptr_array_add (t->counters, u);
    g_array_append_vals (woods->points, pts, 4);
    g_ptr_array_add (t->table->areas, woods);
    mu_render_options_init (&o);
    o.table_scale = 12;
    o.clip_x = cx;
    o.clip_y = cy;
    o.clip_width = cw;
    o.clip_height = ch;
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
    cr = cairo_create (surface);
    cairo_set_source_rgb (cr, 1, 0, 1);
    cairo_paint (cr);
    mu_render_scenario (cr, t, &o);
    cairo_destroy (cr);
    changed = 0;
    for (int y = 0; y < 300; y++)
      for (int x = 0; x < 400; x++)
        {
          gboolean inside = x >= cx && x < cx + cw && y >= cy && y < cy + ch;
          guint32 p = pixel (surface, x, y);
          if (!inside)
            g_assert_cmphex (p, ==, 0xff00ff);
          else if (p != 0xff00ff)
            changed++;
        }
    g_assert_cmpint (changed, ==, cw * ch);
    cairo_surface_destroy (surface);
  }
}

static void
test_orientations (void)
{
  MuHexOrientation orientations[] = { MU_HEX_FLAT_TOP, MU_HEX_POINTY_TOP };

  for (guint i = 0; i < G_N_ELEMENTS (orientations); i++)
    {
      g_autoptr(MuScenario) s = small_board (orientations[i]);
      MuRenderOptions o;
      cairo_surface_t *surface;
      double w, h;

      for (int row = 1; row <= 5; row++)
        for (int col = 1; col <= 6; col++)
          mu_hex_map_cell (s->hex_map, (MuHex) { col, row })->terrain =
            (col + row) % 2 ? MU_TERRAIN_WATER : MU_TERRAIN_WOODLAND;
      mu_render_options_init (&o);
      o.hex_size = 8;   /* small: plain ground colours, no symbols */
      surface = render_board (s, &o, 1.0);
      mu_render_board_size (s, &o, &w, &h);
      if (orientations[i] == MU_HEX_FLAT_TOP)
        g_assert_cmpfloat (fabs (w - o.hex_size * (1.5 * 6 + 0.5)), <, 1e-9);
      else
        g_assert_cmpfloat (fabs (h - o.hex_size * (1.5 * 5 + 0.5)), <, 1e-9);
      for (int row = 1; row <= 5; row++)
        for (int col = 1; col <= 6; col++)
          {
            double x, y;
            guint32 p;
            mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { col, row }, &x, &y);
            p = pixel (surface, (int) x, (int) y);
            if ((col + row) % 2)
              g_assert_true (bluish (p));
            else
              g_assert_true (greenish (p));
          }
      /* Nothing but the board: the paper margin has no magenta left. */
      g_assert_cmphex (pixel (surface, 0, 0), !=, 0xff00ff);
      g_assert_cmphex (pixel (surface, (int) w - 1, (int) h - 1), !=, 0xff00ff);
      cairo_surface_destroy (surface);
    }
}

static void
test_hidpi (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuRenderOptions o;
  cairo_surface_t *surface;
  double x, y, w, h;

  mu_hex_map_cell (s->hex_map, (MuHex) { 4, 2 })->terrain = MU_TERRAIN_WATER;
  mu_render_options_init (&o);
  o.hex_size = 12;
  o.device_scale = 2;
  surface = render_board (s, &o, 2.0);
  mu_render_board_size (s, &o, &w, &h);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, (int) ceil (2 * w));
  mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 4, 2 }, &x, &y);
  g_assert_true (bluish (pixel (surface, (int) (2 * x), (int) (2 * y))));
  mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 1, 1 }, &x, &y);
  g_assert_false (bluish (pixel (surface, (int) (2 * x), (int) (2 * y))));
  g_assert_cmphex (pixel (surface, (int) (2 * w) - 1, (int) (2 * h) - 1), !=, 0xff00ff);
  cairo_surface_destroy (surface);
}

static void
test_counter_colours (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuCounter *u = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  MuCounter *r = mu_counter_new (MU_COUNTER_UNIT, "r1", "csa");
  MuCounterStyle styles[] = { MU_COUNTER_STYLE_CLASSIC, MU_COUNTER_STYLE_NATO };

  mu_counter_set_int (u, "range", 2), mu_counter_set_int (u, "attack", 4), u->strength = 5, mu_counter_set_int (u, "identity", 1);
  mu_values_set (&u->values, "abilities", "indomitable sharpshooter");
  /* r is u's copy with its own id and side (its first ones freed) */
  g_free (r->id);
  g_free (r->side);
  *r = *u;
  r->id = g_strdup ("r1");
  r->side = g_strdup ("csa");
  r->name = r->note = r->parent = r->place.reserve = NULL;
  r->extra = (MuExtra) { 0 };
  r->values = mu_values_copy (u->values);
  r->arm = MU_ARM_ARTILLERY;
  g_ptr_array_add (s->counters, u);
  g_ptr_array_add (s->counters, r);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 200, 100);
      cairo_t *cr = cairo_create (surface);
      const double size = 64;

      cairo_set_source_rgb (cr, 1, 0, 1);
      cairo_paint (cr);
      mu_render_counter (cr, s, u, styles[i], 10, 10, size);
      mu_render_counter (cr, s, r, styles[i], 110, 10, size);
      cairo_destroy (cr);
      /* Near the top-left corner, clear of the number and the pictures. */
      g_assert_true (colour_near (pixel (surface, 10 + 8, 10 + 16), 0x9cc3e6, 4));
      g_assert_true (colour_near (pixel (surface, 110 + 8, 10 + 16), 0xb4b4b4, 4));
      /* Outside the counters (and their shadows) nothing is drawn. */
      g_assert_cmphex (pixel (surface, 5, 5), ==, 0xff00ff);
      g_assert_cmphex (pixel (surface, 95, 50), ==, 0xff00ff);
      cairo_surface_destroy (surface);
    }
}

/* Counts the pixels of a box that differ from colour by more than tolerance. */
static guint
count_off (cairo_surface_t *surface, int x0, int y0, int w, int h, guint32 colour, int tolerance)
{
  guint n = 0;

  for (int y = y0; y < y0 + h; y++)
    for (int x = x0; x < x0 + w; x++)
      if (!colour_near (pixel (surface, x, y), colour, tolerance))
        n++;
  return n;
}

/* A counter too small for its values still shows its type: infantry a
 * cross, cavalry a diagonal bar, artillery a dot, a commander a star, each
 * in ink on the side's colour, so the four differ from each other. */
static void
test_overview_marks (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuArm arms[] = { MU_ARM_INFANTRY, MU_ARM_CAVALRY, MU_ARM_ARTILLERY };
  guchar *images[4];
  const int size = 10, stride = cairo_format_stride_for_width (CAIRO_FORMAT_RGB24, size);

  for (guint i = 0; i < 4; i++)
    {
      MuCounter *c = mu_counter_new (i < 3 ? MU_COUNTER_UNIT : MU_COUNTER_COMMAND, "c", "usa");
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
      cairo_t *cr = cairo_create (surface);

      if (i < 3)
        c->arm = arms[i];
      cairo_set_source_rgb (cr, 1, 0, 1);
      cairo_paint (cr);
      mu_render_counter (cr, s, c, MU_COUNTER_STYLE_CLASSIC, 0, 0, size);
      cairo_destroy (cr);
      /* a mark in dark ink covers part of the light blue body */
      g_assert_cmpuint (count_off (surface, 2, 2, 6, 6, 0x9cc3e6, 40), >=, 3);
      g_assert_true (colour_near (pixel (surface, 1, 5), 0x9cc3e6, 40));
      cairo_surface_flush (surface);
      images[i] = g_memdup2 (cairo_image_surface_get_data (surface), (gsize) stride * size);
      cairo_surface_destroy (surface);
      mu_counter_free (c);
    }
  for (guint i = 0; i < 4; i++)
    for (guint j = i + 1; j < 4; j++)
      g_assert_true (memcmp (images[i], images[j], (gsize) stride * size) != 0);
  for (guint i = 0; i < 4; i++)
    g_free (images[i]);
}

/* An objective's name is written under it, unless a map label nearby
 * already says it. */
static void
test_objective_name (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuObjective *obj = mu_objective_new ("o1");
  MuRenderOptions o;
  cairo_surface_t *named, *plain, *labelled;
  double x, y;
  int x0, y0, w, h;

  obj->hex = (MuHex) { 3, 2 };
  g_ptr_array_add (s->objectives, obj);
  mu_render_options_init (&o);
  o.hex_size = 40;
  o.show_grid = FALSE;
  o.show_coordinates = FALSE;
  plain = render_board (s, &o, 1.0);
  obj->name = g_strdup ("Henry Hill");
  named = render_board (s, &o, 1.0);
  g_ptr_array_add (s->hex_map->labels, mu_label_new ("henry hill", (MuHex) { 4, 3 }));
  labelled = render_board (s, &o, 1.0);

  /* the band under the symbol */
  mu_hex_center (&s->hex_map->grid, o.hex_size, obj->hex, &x, &y);
  x0 = (int) (x - o.hex_size), y0 = (int) (y + 0.45 * o.hex_size), w = (int) (2 * o.hex_size);
  h = (int) (0.4 * o.hex_size);
  {
    guint changed = 0, changed_labelled = 0;

    for (int py = y0; py < y0 + h; py++)
      for (int px = x0; px < x0 + w; px++)
        {
          changed += pixel (named, px, py) != pixel (plain, px, py);
          changed_labelled += pixel (labelled, px, py) != pixel (plain, px, py);
        }
    g_assert_cmpuint (changed, >, 40);
    /* the label itself is drawn at 0403, lower down: the band stays as without a name */
    g_assert_cmpuint (changed_labelled, <, changed / 4);
  }
  cairo_surface_destroy (plain);
  cairo_surface_destroy (named);
  cairo_surface_destroy (labelled);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuSide, mu_side_free)

static void
test_markers (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 60, 60);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(MuSide) side = mu_side_new ("usa", "Union", 0x9cc3e6);

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  /* baa-hex's declaration of its NIC marker gives the face */
  mu_render_marker (cr, mu_ruleset_find_marker (mu_ruleset_find ("baa-hex"), "nic"), side, 5, 5, 50);
  cairo_destroy (cr);
  g_assert_true (colour_near (pixel (surface, 5 + 6, 5 + 6), 0xf2d23c, 24));
  cairo_surface_destroy (surface);
}

/* A marker no renderer file names is drawn from its declaration: its face
 * colour, or its side's; a piece shows the declared printed markers among
 * its words and its status's marker, and nothing for undeclared words. */
static void
test_declared_markers (void)
{
  static const MuMarkerInfo shaken = {
    "shaken", "Shaken", "TS-MOR-2", "SHK", "morale shaken", MU_MARKER_ON_COUNTER, 0x3366cc, NULL,
    MU_MARKER_SUPPLY_PER_UNIT,
  };
  static const MuMarkerInfo flag = {
    "flag", "Flag", "TS-OBJ-1", "F", "who holds it", MU_MARKER_ON_BOARD, MU_MARKER_SIDE_COLOUR, "objective",
    MU_MARKER_SUPPLY_ONE,
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 120, 60);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(MuSide) side = mu_side_new ("usa", "Union", 0x9cc3e6);

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_marker (cr, &shaken, side, 5, 5, 50);
  mu_render_marker (cr, &flag, side, 65, 5, 50);
  cairo_destroy (cr);
  g_assert_true (colour_near (pixel (surface, 5 + 6, 5 + 6), 0x3366cc, 24));
  g_assert_true (colour_near (pixel (surface, 65 + 6, 5 + 6), 0x9cc3e6, 24));
  cairo_surface_destroy (surface);
}

/* The board draws a piece's markers from the scenario's ruleset: NIC (a
 * printed marker) and the disabled status's marker, never "orders" (a
 * condition the tooltip tells) nor an undeclared word. */
static void
test_piece_markers (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  const char *const words[] = { "", "nic", "orders,bogus" };
  guint32 colours[4];
  MuRenderOptions o;

  g_ptr_array_add (s->counters, c);
  mu_render_options_init (&o);
  o.hex_size = 60;
  for (guint k = 0; k < 4; k++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 400);
      cairo_t *cr = cairo_create (surface);
      MuPiece piece = { 0 };
      double x, y, w, h;

      piece.counter = c;
      piece.hex = (MuHex) { 2, 2 };
      piece.markers = k < 3 ? words[k] : "";
      piece.status = mu_ruleset_find_status (mu_ruleset_find ("baa-hex"), k == 3 ? "disabled" : "active");
      mu_render_pieces (cr, s, &o, &piece, 1);
      cairo_destroy (cr);
      mu_render_piece_bounds (s, &o, &piece, 1, 0, &x, &y, &w, &h);
      /* inside the marker's upper left corner, over the counter's lower right */
      colours[k] = pixel (surface, (int) (x + 0.9 * w), (int) (y + 0.72 * h));
      /* the values line's right end (the strength) is not under it */
      if (k > 0)
        g_assert_true (!colour_near (pixel (surface, (int) (x + 0.8 * w), (int) (y + 0.85 * h)),
                                     k == 3 ? 0x2a2a2a : 0xf2d23c, 24));
      cairo_surface_destroy (surface);
    }
  g_assert_true (colour_near (colours[1], 0xf2d23c, 24));
  g_assert_cmphex (colours[2], ==, colours[0]);
  g_assert_true (colour_near (colours[3], 0x2a2a2a, 24));
}


static void
test_stacks (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  MuRenderOptions o;
  MuPiece pieces[3] = { 0 };
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  double x0, y0, w0, h0, x1, y1, w1, h1, cx, cy;

  g_ptr_array_add (s->counters, c);
  mu_render_options_init (&o);
  o.hex_size = 30;
  for (int i = 0; i < 3; i++)
    {
      pieces[i].counter = c;
      pieces[i].hex = i < 2 ? (MuHex) { 3, 3 } : (MuHex) { 5, 2 };
    }
  mu_render_piece_bounds (s, &o, pieces, 3, 0, &x0, &y0, &w0, &h0);
  mu_render_piece_bounds (s, &o, pieces, 3, 1, &x1, &y1, &w1, &h1);
  g_assert_cmpfloat (w0, ==, mu_render_counter_size (&o));
  /* The upper counter is offset up and right, so both show. */
  g_assert_cmpfloat (x1, >, x0);
  g_assert_cmpfloat (y1, <, y0);
  g_assert_cmpint (mu_render_piece_at (s, &o, pieces, 3, x1 + w1 / 2, y1 + h1 / 2), ==, 1);
  g_assert_cmpint (mu_render_piece_at (s, &o, pieces, 3, x0 + 1, y0 + h0 - 1), ==, 0);
  /* A lone counter sits centred on its hex. */
  mu_render_piece_bounds (s, &o, pieces, 3, 2, &x0, &y0, &w0, &h0);
  mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 5, 2 }, &cx, &cy);
  g_assert_cmpfloat (fabs (x0 + w0 / 2 - cx), <, 1e-9);
  g_assert_cmpfloat (fabs (y0 + h0 / 2 - cy), <, 1e-9);
  g_assert_cmpint (mu_render_piece_at (s, &o, pieces, 3, 0, 0), ==, -1);
}

static void
test_table (void)
{
  g_autoptr(MuScenario) s = mu_scenario_new_table ("baa-table", 48, 36, MU_UNIT_INCH, "15mm");
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  MuArea *woods = mu_area_new (MU_AREA_WOODS);
  MuRenderOptions o;
  MuPiece piece = { 0 };
  MuStand stands[MU_STANDS_MAX];
  double bw, bd, x, y, w, h;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autofree char *ruler = NULL;
  MuPoint pts[] = { { 2, 2 }, { 12, 2 }, { 12, 10 }, { 2, 10 } };

  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  c->strength = 4;
  g_ptr_array_add (s->counters, c);
  g_array_append_vals (woods->points, pts, 4);
  g_ptr_array_add (s->table->areas, woods);

  mu_render_base_size (s->table, MU_ARM_INFANTRY, &bw, &bd);
  g_assert_cmpfloat (fabs (bw - 40 / 25.4), <, 1e-9);
  mu_render_options_init (&o);
  o.table_scale = 10;
  piece.counter = c;
  piece.pos = (MuPoint) { 30, 20 };
  /* the stands as the engine lays them out: what is drawn */
  piece.stands = stands;
  piece.n_stands = mu_table_counter_stands (s->table, c, NULL, MU_FORMATION_LINE, 0, piece.pos, 0, stands,
                                            MU_STANDS_MAX);
  mu_render_piece_bounds (s, &o, &piece, 1, 0, &x, &y, &w, &h);
  g_assert_cmpfloat (fabs (w - 4 * bw * 10), <, 1e-6);
  g_assert_cmpfloat (fabs (h - bd * 10), <, 1e-6);
  /* Facing 90 degrees turns the line into a file across the table. */
  piece.facing = 90;
  piece.n_stands = mu_table_counter_stands (s->table, c, NULL, MU_FORMATION_LINE, 0, piece.pos, 90, stands,
                                            MU_STANDS_MAX);
  mu_render_piece_bounds (s, &o, &piece, 1, 0, &x, &y, &w, &h);
  g_assert_cmpfloat (fabs (h - 4 * bw * 10), <, 1e-6);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 480, 360);
  cr = cairo_create (surface);
  mu_render_terrain (cr, s, &o, NULL);
  mu_render_pieces (cr, s, &o, &piece, 1);
  cairo_destroy (cr);
  /* Inside the woods area green; the unit's base in its side colour at an edge. */
  g_assert_true (greenish (pixel (surface, 70, 60)));
  g_assert_false (greenish (pixel (surface, 400, 320)));
  {
    /* Facing 90: the unit's back is to the left, its first base at the top. */
    guint32 p = pixel (surface, (int) ((30 - 0.35 * bd) * 10), (int) ((20 - 1.9 * bw) * 10));
    g_assert_true (colour_near (p, 0x9cc3e6, 40));
  }
  cairo_surface_destroy (surface);

  ruler = mu_render_ruler_text (s, (MuPoint) { 0, 0 }, (MuPoint) { 3, 4 });
  g_assert_cmpstr (ruler, ==, "5.0 in");
}

/* Draws on a HiDPI image; with `vectors`, through a recording surface first,
 * which gets no sprites, only vectors. */
static cairo_surface_t *
render_pieces_hidpi (const MuScenario *s,
                     MuRenderOptions  *o,
                     const MuPiece    *pieces,
                     guint             n,
                     gboolean          vectors)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 400);
  cairo_surface_t *target = surface;
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, 2, 2);
  if (vectors)
    target = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (target);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_terrain (cr, s, o, NULL);
  mu_render_pieces (cr, s, o, pieces, n);
  cairo_destroy (cr);
  if (vectors)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, target, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (target);
    }
  return surface;
}

static void
test_cache (void)
{
  g_autoptr(MuScenario) s = small_board (MU_HEX_FLAT_TOP);
  g_autoptr(MuRenderCache) cache = mu_render_cache_new ();
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  MuRenderOptions o;
  MuPiece piece = { 0 };
  cairo_surface_t *plain, *cached, *changed;
  double x, y, w, h;
  int differ = 0, differ_changed = 0;

  mu_counter_set_int (c, "range", 2), mu_counter_set_int (c, "attack", 4), c->strength = 5, mu_counter_set_int (c, "identity", 3);
  g_ptr_array_add (s->counters, c);
  mu_hex_map_cell (s->hex_map, (MuHex) { 2, 2 })->terrain = MU_TERRAIN_WOODLAND;
  piece.counter = c;
  piece.hex = (MuHex) { 4, 3 };
  mu_render_options_init (&o);
  o.hex_size = 30;
  o.device_scale = 2;

  plain = render_pieces_hidpi (s, &o, &piece, 1, TRUE);
  o.cache = cache;
  cached = render_pieces_hidpi (s, &o, &piece, 1, FALSE);
  /* Images kept in the cache look like the vectors they were made from. */
  mu_render_piece_bounds (s, &o, &piece, 1, 0, &x, &y, &w, &h);
  g_assert_true (colour_near (pixel (cached, (int) (2 * (x + 0.1 * w)), (int) (2 * (y + 0.25 * h))), 0x9cc3e6, 4));
  mu_hex_center (&s->hex_map->grid, o.hex_size, (MuHex) { 2, 2 }, &x, &y);
  g_assert_true (greenish (pixel (cached, (int) (2 * x), (int) (2 * y))));
  for (int py = 0; py < 400; py++)
    for (int px = 0; px < 400; px++)
      if (!colour_near (pixel (plain, px, py), pixel (cached, px, py), 40))
        differ++;
  g_test_message ("%d pixels differ between vectors and sprites", differ);
  /* Sprites sit on whole device pixels: only edges may move. */
  g_assert_cmpint (differ, <, 400 * 400 / 50);
  /* And the recording really drew something. */
  g_assert_true (greenish (pixel (plain, (int) (2 * x), (int) (2 * y))));

  /* A changed counter is drawn anew, not taken from the cache. */
  c->strength = 1;
  mu_values_set (&c->values, "abilities", "indomitable");
  changed = render_pieces_hidpi (s, &o, &piece, 1, FALSE);
  for (int py = 0; py < 400; py++)
    for (int px = 0; px < 400; px++)
      if (pixel (changed, px, py) != pixel (cached, px, py))
        differ_changed++;
  g_assert_cmpint (differ_changed, >, 20);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (cached);
  cairo_surface_destroy (changed);
}

/* A tile of the canvas may reach past the board: the ground's partial edge
 * hexes stop at the board's edge (and its frame), they never spill beyond. */
static void
test_board_edge (void)
{
  for (int o = 0; o < 2; o++)
    {
      g_autoptr(MuScenario) s = small_board (o == 0 ? MU_HEX_FLAT_TOP : MU_HEX_POINTY_TOP);
      MuRenderOptions opt;
      cairo_surface_t *surface;
      cairo_t *cr;
      double bw, bh;

      mu_render_options_init (&opt);
      opt.hex_size = 30;
      mu_render_board_size (s, &opt, &bw, &bh);
      opt.clip_x = 0;
      opt.clip_y = 0;
      opt.clip_width = bw + 200;
      opt.clip_height = bh + 200;
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) bw + 200, (int) bh + 200);
      cr = cairo_create (surface);
      cairo_set_source_rgb (cr, 1, 0, 1);
      cairo_paint (cr);
      mu_render_terrain (cr, s, &opt, NULL);
      cairo_destroy (cr);
      /* a few pixels past the frame's stroke, on the right and below */
      for (int y = 0; y < (int) bh + 200; y += 3)
        for (int x = (int) bw + 6; x < (int) bw + 200; x += 3)
          g_assert_cmphex (pixel (surface, x, y), ==, 0xff00ff);
      for (int y = (int) bh + 6; y < (int) bh + 200; y += 3)
        for (int x = 0; x < (int) bw; x += 3)
          g_assert_cmphex (pixel (surface, x, y), ==, 0xff00ff);
      /* and the board itself is drawn up to its corner */
      g_assert_cmphex (pixel (surface, (int) bw - 8, (int) bh - 8), !=, 0xff00ff);
      cairo_surface_destroy (surface);
    }
}

/* The board window draws a large board's tiles in bands of whole device rows
 * over several frames: each band clipped to its rows must give the pixels
 * that drawing the tile whole gives, or the bands would show seams. */
static void
draw_tile_rows (const MuScenario *s,
                const GArray     *pieces,
                MuRenderCache    *cache,
                cairo_surface_t  *surface,
                double            zoom,
                int               tx,
                int               ty,
                int               y0,
                int               y1)
{
  cairo_t *cr = cairo_create (surface);
  MuRenderOptions o;

  mu_render_options_init (&o);
  o.hex_size = 32;
  o.show_grid = TRUE;
  o.show_coordinates = TRUE;
  o.show_counters = TRUE;
  o.device_scale = 1.0;
  o.cache = cache;
  cairo_translate (cr, -tx * 256.0, -ty * 256.0);
  cairo_scale (cr, zoom, zoom);
  o.clip_x = tx * 256.0 / zoom;
  o.clip_y = (ty * 256.0 + y0) / zoom;
  o.clip_width = 256.0 / zoom;
  o.clip_height = (y1 - y0) / zoom;
  cairo_rectangle (cr, o.clip_x, o.clip_y, o.clip_width, o.clip_height);
  cairo_clip (cr);
  if (pieces == NULL)
    mu_render_terrain (cr, s, &o, NULL);
  else
    mu_render_pieces (cr, s, &o, (const MuPiece *) pieces->data, pieces->len);
  cairo_destroy (cr);
}

static void
test_bands (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  const double zooms[] = { 0.3, 0.57, 1.0, 1.7 };

  g_assert_no_error (error);
  pieces = mu_render_pieces_from_scenario (s, &views);
  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    for (int layer = 0; layer < 2; layer++)
      for (int ty = 0; ty < 2; ty++)
        for (int tx = 0; tx < 2; tx++)
          {
            g_autoptr(MuRenderCache) cache = mu_render_cache_new ();
            cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 256, 256);
            cairo_surface_t *banded = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 256, 256);
            const GArray *p = layer ? pieces : NULL;
            int stride = cairo_image_surface_get_stride (whole);

            draw_tile_rows (s, p, cache, whole, zooms[z], tx, ty, 0, 256);
            /* uneven bands, as a tile cut in 3 or 16 would have */
            for (int y = 0; y < 256; y += 37)
              draw_tile_rows (s, p, cache, banded, zooms[z], tx, ty, y, MIN (y + 37, 256));
            cairo_surface_flush (whole);
            cairo_surface_flush (banded);
            for (int y = 0; y < 256; y++)
              if (memcmp (cairo_image_surface_get_data (whole) + y * stride,
                          cairo_image_surface_get_data (banded) + y * stride, 256 * 4) != 0)
                g_error ("zoom %.2f, %s, tile %d,%d: row %d differs drawn in bands", zooms[z],
                         layer ? "counters" : "terrain", tx, ty, y);
            cairo_surface_destroy (whole);
            cairo_surface_destroy (banded);
          }
}

/* Terrain that a designer drew past the table's edge is cut off there. */
static void
test_table_edge (void)
{
  g_autoptr(MuScenario) s = mu_scenario_new_table ("baa-table", 20, 10, MU_UNIT_INCH, "15mm");
  MuArea *wood = mu_area_new (MU_AREA_WOODS);
  MuRenderOptions opt;
  cairo_surface_t *surface;
  cairo_t *cr;
  double bw, bh;
  const MuPoint pts[] = { { 15, 2 }, { 40, 2 }, { 40, 30 }, { 15, 30 } };

  g_array_append_vals (wood->points, pts, G_N_ELEMENTS (pts));
  g_ptr_array_add (s->table->areas, wood);
  mu_render_options_init (&opt);
  opt.table_scale = 10;
  mu_render_board_size (s, &opt, &bw, &bh);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) bw + 300, (int) bh + 300);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_terrain (cr, s, &opt, NULL);
  cairo_destroy (cr);
  for (int y = 0; y < (int) bh + 300; y += 4)
    for (int x = (int) bw + 6; x < (int) bw + 300; x += 4)
      g_assert_cmphex (pixel (surface, x, y), ==, 0xff00ff);
  for (int y = (int) bh + 6; y < (int) bh + 300; y += 4)
    for (int x = 0; x < (int) bw; x += 4)
      g_assert_cmphex (pixel (surface, x, y), ==, 0xff00ff);
  cairo_surface_destroy (surface);
}

/* The map view's tiles of boards of every size class, zoomed to fit a
 * window and zoomed further out and in: the ground of thousands of tiny
 * hexes once made cairo 1.16's fast antialiasing write past its buffers
 * (a 300 x 300 board crashed the window). Run under valgrind or with
 * MALLOC_CHECK_=2 (as the suite does) a heap overflow aborts here. */
static void
test_board_size_classes (void)
{
  const int sizes[] = { 1, 10, 50, 100, 280, 300, 400, 600, 800, 999 };
  const int tile = 256;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MuScenario) s = mu_scenario_new_hex ("baa-hex", sizes[i], sizes[i],
                                                     MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
      MuRenderOptions o;
      double bw, bh, fit;
      const double zooms[] = { 0.05, 0.025 };

      g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
      for (int k = 1; k <= sizes[i]; k += 7)
        mu_hex_map_cell (s->hex_map, (MuHex) { k, k })->terrain = MU_TERRAIN_WOODLAND;
      mu_render_options_init (&o);
      mu_render_board_size (s, &o, &bw, &bh);
      /* The window's zoom to fit 1000 x 700 pixels, and the map view's
       * smallest zoom (where a large board starts), and around it. */
      fit = MIN (1000 / bw, 700 / bh);
      for (guint f = 0; f <= G_N_ELEMENTS (zooms); f++)
        {
          double zoom = f < G_N_ELEMENTS (zooms) ? zooms[f] : fit;
          int ntx = MIN ((int) ceil (bw * zoom / tile), 3);
          int nty = MIN ((int) ceil (bh * zoom / tile), 3);

          for (int ty = 0; ty < nty; ty++)
            for (int tx = 0; tx < ntx; tx++)
              {
                cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                                       tile, tile);
                cairo_t *cr = cairo_create (surface);
                MuRenderOptions to = o;

                cairo_translate (cr, -(double) tx * tile, -(double) ty * tile);
                cairo_scale (cr, zoom, zoom);
                to.clip_x = (double) tx * tile / zoom;
                to.clip_y = (double) ty * tile / zoom;
                to.clip_width = tile / zoom;
                to.clip_height = tile / zoom;
                cairo_rectangle (cr, to.clip_x, to.clip_y, to.clip_width, to.clip_height);
                cairo_clip (cr);
                mu_render_terrain (cr, s, &to, NULL);
                g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
                cairo_destroy (cr);
                cairo_surface_destroy (surface);
              }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/terrain/woodland-centre", test_woodland_centre);
  g_test_add_func ("/render/terrain/grid-lines", test_grid_lines);
  g_test_add_func ("/render/terrain/orientations", test_orientations);
  g_test_add_func ("/render/terrain/hidpi", test_hidpi);
  g_test_add_func ("/render/terrain/objective-and-contour", test_objective_and_contour);
  g_test_add_func ("/render/terrain/board-size-classes", test_board_size_classes);
  g_test_add_func ("/render/clip/nothing-outside", test_clip);
  g_test_add_func ("/render/clip/board-edge", test_board_edge);
  g_test_add_func ("/render/clip/bands", test_bands);
  g_test_add_func ("/render/clip/table-edge", test_table_edge);
  g_test_add_func ("/render/counter/side-colour", test_counter_colours);
  g_test_add_func ("/render/counter/marker", test_markers);
  g_test_add_func ("/render/counter/declared-markers", test_declared_markers);
  g_test_add_func ("/render/pieces/declared-markers", test_piece_markers);
  g_test_add_func ("/render/counter/overview-marks", test_overview_marks);
  g_test_add_func ("/render/terrain/objective-name", test_objective_name);
  g_test_add_func ("/render/pieces/stacks", test_stacks);
  g_test_add_func ("/render/pieces/cache", test_cache);
  g_test_add_func ("/render/table/bases-and-ruler", test_table);
  return g_test_run ();
}
