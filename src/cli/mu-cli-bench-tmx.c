/* mu-cli-bench-tmx.c: the synthetic board as Tiled maps
 *
 * `bench render --tmx DIR` writes the board twice for Tiled's tmxrasterizer,
 * as staggered hex maps (flat-top, stagger axis x) with a ground layer, a
 * feature layer (roads, rivers, railroads) and a counter layer. bench.tmx uses
 * plain tiles: flat hexes, bars for roads and rivers, squares for counters.
 * bench-detail.tmx uses tiles cut from Muster's own drawing, so that both
 * programs draw pictures as alike as a tile map allows:
 *
 * - a ground tile per terrain, contour level and look: the hex as Muster
 *   draws it (its colour, shade and symbols) on a small board of that
 *   terrain and level, masked to the hex with the grid's line round it; up to
 *   six looks per terrain and level, spread over the board's hexes;
 * - the roads, rivers and railroads as the plain map has them (bars);
 * - a counter tile per counter as Muster draws it (art and values), the same
 *   tiles shared.
 *
 * What a tile map cannot hold is left out, which makes Tiled's picture the
 * plainer: symbols reaching into the next hex, contour lines, hexside
 * features, labels, objectives, smooth roads.
 */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "mu-cli-bench.h"

#include <cairo.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "muster-cli.h"

#define LOOKS 6
#define COLUMNS 16

typedef struct {
  GPtrArray *tiles;        /* cairo_surface_t*, tw × th ARGB32 */
  GHashTable *by_pixels;   /* pixel digest -> index + 1 */
  int tw, th;
} Tileset;

static void
tileset_clear (Tileset *t)
{
  g_ptr_array_unref (t->tiles);
  g_hash_table_unref (t->by_pixels);
}

/* Adds the tile unless one with the same pixels is there; its index. */
static int
tileset_add (Tileset         *t,
             cairo_surface_t *tile)
{
  g_autofree char *digest = NULL;
  gpointer found;

  cairo_surface_flush (tile);
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA1, cairo_image_surface_get_data (tile),
                                        (gsize) cairo_image_surface_get_stride (tile) * t->th);
  found = g_hash_table_lookup (t->by_pixels, digest);
  if (found != NULL)
    {
      cairo_surface_destroy (tile);
      return GPOINTER_TO_INT (found) - 1;
    }
  g_ptr_array_add (t->tiles, tile);
  g_hash_table_insert (t->by_pixels, g_steal_pointer (&digest), GINT_TO_POINTER (t->tiles->len));
  return (int) t->tiles->len - 1;
}

/* A flat-top hexagon of radius r about (cx, cy), as a path. */
static void
hex_path (cairo_t *cr,
          double   cx,
          double   cy,
          double   r)
{
  for (int k = 0; k < 6; k++)
    {
      double a = k * G_PI / 3;

      if (k == 0)
        cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
      else
        cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
    }
  cairo_close_path (cr);
}

/* The grid's line round a hexagon path, as both maps' ground tiles have it. */
static void
stroke_grid (cairo_t *cr)
{
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* A road (kind 0), river (1) or railroad (2) across the tile at (x, y). */
static void
draw_bar (cairo_t *cr,
          double   x,
          double   y,
          int      tw,
          int      th,
          int      kind,
          double   hex_size)
{
  cairo_move_to (cr, x, y + th / 2.0);
  cairo_line_to (cr, x + tw, y + th / 2.0);
  cairo_set_source_rgb (cr, kind == 1 ? 0.3 : 0.4, kind == 1 ? 0.55 : 0.3, kind == 1 ? 0.8 : 0.2);
  cairo_set_line_width (cr, hex_size * (kind == 1 ? 0.35 : 0.15));
  cairo_stroke (cr);
}

/* Which bar each hex shows, as a kind + 1 (0: none), row by row. */
static int *
bar_kinds (const MuHexMap *map)
{
  int *kinds = g_new0 (int, (gsize) map->grid.cols * map->grid.rows);

  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);
      int kind = p->kind == MU_PATH_RIVER || p->kind == MU_PATH_STREAM ? 1 : p->kind == MU_PATH_RAILROAD ? 2 : 0;

      for (guint j = 0; j < p->hexes->len; j++)
        {
          MuHex h = g_array_index (p->hexes, MuHex, j);

          kinds[(h.row - 1) * map->grid.cols + h.col - 1] = kind + 1;
        }
    }
  return kinds;
}

/* Writes DIR/NAME.tmx over the tileset NAME-tiles.png (already written:
 * n_tiles tiles of tw × th, columns a row) with the three layers' tile
 * numbers (0: none), row by row. */
static int
write_map (const MuScenario *s,
           const char       *dir,
           const char       *name,
           int               tw,
           int               th,
           int               n_tiles,
           int               columns,
           double            hex_size,
           const int *const *layers)
{
  const MuHexMap *map = s->hex_map;
  int cols = map->grid.cols, rows = map->grid.rows, n_rows = (n_tiles + columns - 1) / columns;
  g_autofree char *file = g_strconcat (name, ".tmx", NULL);
  g_autofree char *tmx = g_build_filename (dir, file, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_string_append_printf (out,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<map version=\"1.8\" orientation=\"hexagonal\" renderorder=\"right-down\" "
                          "width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" "
                          "hexsidelength=\"%d\" staggeraxis=\"x\" staggerindex=\"%s\" infinite=\"0\">\n"
                          " <tileset firstgid=\"1\" name=\"%s\" tilewidth=\"%d\" tileheight=\"%d\" "
                          "tilecount=\"%d\" columns=\"%d\">\n"
                          "  <image source=\"%s-tiles.png\" width=\"%d\" height=\"%d\"/>\n"
                          " </tileset>\n",
                          cols, rows, tw, th, (int) lround (hex_size),
                          map->grid.offset == MU_HEX_OFFSET_EVEN ? "odd" : "even",
                          name, tw, th, n_tiles, columns, name, columns * tw, n_rows * th);
  for (int layer = 0; layer < 3; layer++)
    {
      static const char *names[] = { "ground", "features", "counters" };

      g_string_append_printf (out, " <layer id=\"%d\" name=\"%s\" width=\"%d\" height=\"%d\">\n"
                              "  <data encoding=\"csv\">\n", layer + 1, names[layer], cols, rows);
      for (int row = 1; row <= rows; row++)
        {
          for (int col = 1; col <= cols; col++)
            g_string_append_printf (out, "%d%s", layers[layer][(row - 1) * cols + col - 1],
                                    row == rows && col == cols ? "" : ",");
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "  </data>\n </layer>\n");
    }
  g_string_append (out, "</map>\n");
  if (!g_file_set_contents (tmx, out->str, (gssize) out->len, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}

static gboolean
write_sheet (cairo_surface_t *sheet,
             const char      *dir,
             const char      *name)
{
  g_autofree char *file = g_strconcat (name, "-tiles.png", NULL);
  g_autofree char *png = g_build_filename (dir, file, NULL);
  gboolean ok = cairo_surface_write_to_png (sheet, png) == CAIRO_STATUS_SUCCESS;

  cairo_surface_destroy (sheet);
  if (!ok)
    mu_cli_error (_("cannot write %s"), png);
  return ok;
}

/* The plain map: tiles 0..6 the ground of each terrain, 7..9 the bars, 10
 * and 11 Union and Confederate counters; the sheet has room for 16. */
static int
write_plain (const MuScenario *s,
             const char       *dir,
             double            hex_size)
{
  static const guint32 colours[] = { 0xebe6c3, 0x9fc27a, 0xe2d6bb, 0xcfdcbc, 0xeeda8e, 0x8fc1e3, 0xd6c6a2 };
  const MuHexMap *map = s->hex_map;
  int tw = (int) lround (2 * hex_size), th = (int) lround (sqrt (3.0) * hex_size);
  int n_tiles = 16, columns = 8, n = map->grid.cols * map->grid.rows;
  cairo_surface_t *tiles = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, columns * tw,
                                                       (n_tiles / columns) * th);
  cairo_t *cr = cairo_create (tiles);
  g_autofree int *ground = g_new0 (int, n);
  g_autofree int *features = bar_kinds (map);
  g_autofree int *units = g_new0 (int, n);
  const int *layers[3] = { ground, features, units };

  for (int t = 0; t < 12; t++)
    {
      double x = (t % columns) * tw, y = (t / columns) * th, cx = x + tw / 2.0, cy = y + th / 2.0;

      if (t < 7)
        {
          hex_path (cr, cx, cy, hex_size);
          cairo_set_source_rgb (cr, ((colours[t] >> 16) & 0xff) / 255.0, ((colours[t] >> 8) & 0xff) / 255.0,
                                (colours[t] & 0xff) / 255.0);
          cairo_fill_preserve (cr);
          stroke_grid (cr);
        }
      else if (t < 10)
        draw_bar (cr, x, y, tw, th, t - 7, hex_size);
      else
        {
          double cs = 1.15 * hex_size;

          cairo_rectangle (cr, cx - cs / 2, cy - cs / 2, cs, cs);
          cairo_set_source_rgb (cr, t == 10 ? 0.61 : 0.7, t == 10 ? 0.76 : 0.7, t == 10 ? 0.9 : 0.7);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
  if (!write_sheet (tiles, dir, "bench"))
    return 1;

  for (int row = 1; row <= map->grid.rows; row++)
    for (int col = 1; col <= map->grid.cols; col++)
      ground[(row - 1) * map->grid.cols + col - 1] = 1 + mu_hex_map_cell (map, (MuHex) { col, row })->terrain;
  for (int k = 0; k < n; k++)
    features[k] = features[k] > 0 ? 7 + features[k] : 0;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      MuHex h = c->place.hex;

      if (c->place.kind == MU_PLACE_HEX && mu_hex_grid_contains (&map->grid, h))
        units[(h.row - 1) * map->grid.cols + h.col - 1] = g_str_equal (c->side, "usa") ? 11 : 12;
    }
  return write_map (s, dir, "bench", tw, th, n_tiles, columns, hex_size, layers);
}

/* The looks of one terrain at one level: the inner hexes of a small board of
 * it, cut to the hex; appends the tiles' indices to looks. */
static void
ground_looks (Tileset          *t,
              const MuScenario *s,
              MuTerrain         terrain,
              int               level,
              double            hex_size,
              GArray           *looks)
{
  g_autoptr(MuScenario) small = mu_scenario_new_hex ("baa-hex", 8, 8, s->hex_map->grid.orientation,
                                                     s->hex_map->grid.offset);
  MuRenderOptions o;
  double w, h;
  cairo_surface_t *board;
  cairo_t *cr;

  for (int col = 1; col <= 8; col++)
    for (int row = 1; row <= 8; row++)
      {
        MuHexCell *cell = mu_hex_map_cell (small->hex_map, (MuHex) { col, row });

        cell->terrain = terrain;
        cell->elevation = level;
      }
  mu_render_options_init (&o);
  o.hex_size = hex_size;
  o.show_coordinates = FALSE;
  o.show_counters = FALSE;
  mu_render_board_size (small, &o, &w, &h);
  board = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (board);
  mu_render_scenario (cr, small, &o);
  cairo_destroy (cr);

  for (int col = 3; col <= 6 && looks->len < LOOKS; col++)
    for (int row = 3; row <= 6 && looks->len < LOOKS; row++)
      {
        cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, t->tw, t->th);
        double cx, cy;
        int index;
        gboolean known = FALSE;

        mu_hex_center (&small->hex_map->grid, hex_size, (MuHex) { col, row }, &cx, &cy);
        cr = cairo_create (tile);
        hex_path (cr, t->tw / 2.0, t->th / 2.0, hex_size);
        cairo_clip_preserve (cr);
        cairo_set_source_surface (cr, board, t->tw / 2.0 - cx, t->th / 2.0 - cy);
        cairo_paint (cr);
        stroke_grid (cr);
        cairo_destroy (cr);
        index = tileset_add (t, tile);
        for (guint i = 0; i < looks->len; i++)
          known |= g_array_index (looks, int, i) == index;
        if (!known)
          g_array_append_val (looks, index);
      }
  cairo_surface_destroy (board);
}

/* The map of Muster's own tiles. */
static int
write_detail (const MuScenario *s,
              const char       *dir,
              double            hex_size)
{
  const MuHexMap *map = s->hex_map;
  int cols = map->grid.cols, rows = map->grid.rows;
  Tileset t = { g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy),
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
                (int) lround (2 * hex_size), (int) lround (sqrt (3.0) * hex_size) };
  g_autofree GArray **looks = g_new0 (GArray *, MU_TERRAIN_N * (MU_ELEVATION_MAX + 1));
  g_autofree int *ground = g_new0 (int, (gsize) cols * rows);
  g_autofree int *features = bar_kinds (map);
  g_autofree int *units = g_new0 (int, (gsize) cols * rows);
  const int *layers[3] = { ground, features, units };
  int bars[3], n_tiles;
  MuRenderOptions o;
  cairo_surface_t *sheet;
  cairo_t *cr;

  /* the ground: each hex a look of its terrain and level, spread by place */
  for (int row = 1; row <= rows; row++)
    for (int col = 1; col <= cols; col++)
      {
        const MuHexCell *cell = mu_hex_map_cell (map, (MuHex) { col, row });
        int level = CLAMP (cell->elevation, 0, MU_ELEVATION_MAX);
        int key = cell->terrain * (MU_ELEVATION_MAX + 1) + level;
        GArray *l;

        if (looks[key] == NULL)
          {
            looks[key] = g_array_new (FALSE, FALSE, sizeof (int));
            ground_looks (&t, s, cell->terrain, level, hex_size, looks[key]);
          }
        l = looks[key];
        ground[(row - 1) * cols + col - 1] =
          1 + g_array_index (l, int, (guint) (col * 7 + row * 13) % l->len);
      }
  for (int k = 0; k < MU_TERRAIN_N * (MU_ELEVATION_MAX + 1); k++)
    g_clear_pointer (&looks[k], g_array_unref);

  /* roads, rivers and railroads: the plain map's bars */
  for (int b = 0; b < 3; b++)
    {
      cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, t.tw, t.th);

      cr = cairo_create (tile);
      draw_bar (cr, 0, 0, t.tw, t.th, b, hex_size);
      cairo_destroy (cr);
      bars[b] = tileset_add (&t, tile);
    }
  for (int k = 0; k < cols * rows; k++)
    features[k] = features[k] > 0 ? 1 + bars[features[k] - 1] : 0;

  /* counters, each as Muster draws it */
  mu_render_options_init (&o);
  o.hex_size = hex_size;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      double size = mu_render_counter_size (&o);
      MuHex h = c->place.hex;
      cairo_surface_t *tile;

      if (c->place.kind != MU_PLACE_HEX || !mu_hex_grid_contains (&map->grid, h))
        continue;
      tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, t.tw, t.th);
      cr = cairo_create (tile);
      mu_render_counter (cr, s, c, MU_COUNTER_STYLE_CLASSIC, (t.tw - size) / 2, (t.th - size) / 2, size);
      cairo_destroy (cr);
      units[(h.row - 1) * cols + h.col - 1] = 1 + tileset_add (&t, tile);
    }

  /* the tileset, COLUMNS tiles a row */
  n_tiles = (int) t.tiles->len;
  sheet = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, COLUMNS * t.tw,
                                      ((n_tiles + COLUMNS - 1) / COLUMNS) * t.th);
  cr = cairo_create (sheet);
  for (int i = 0; i < n_tiles; i++)
    {
      cairo_set_source_surface (cr, g_ptr_array_index (t.tiles, i), (i % COLUMNS) * t.tw, (i / COLUMNS) * t.th);
      cairo_paint (cr);
    }
  cairo_destroy (cr);
  tileset_clear (&t);
  if (!write_sheet (sheet, dir, "bench-detail"))
    return 1;
  return write_map (s, dir, "bench-detail", t.tw, t.th, n_tiles, COLUMNS, hex_size, layers);
}

int
mu_cli_bench_write_tmx (const MuScenario *s,
                        const char       *dir,
                        double            hex_size)
{
  int status = write_plain (s, dir, hex_size);

  return status != 0 ? status : write_detail (s, dir, hex_size);
}
