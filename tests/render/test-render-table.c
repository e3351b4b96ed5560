/* test-render-table.c: a table's units are drawn where the engine holds them
 *
 * At the start of both shipped table scenarios the board (the pieces of the
 * match's counter views), the editor (the scenario's placements) and the
 * --stands lines agree with the engine's layout: every stand the view holds
 * is drawn there, within 0.01 in (TAB-6); a column of attack is one base
 * wide (baa-table's shape, BAT-MOV-7, TAB-6); and NIC, pinned and fatigued
 * are drawn on table units as on hex counters; a unit's planned move (a
 * declared charge) is drawn to its end. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mu-match.h"
#include "mu-render.h"
#include "mu-scenario-xml.h"

#define MAGENTA 0xff00ff
/* board pixels per inch: 0.01 in is half a pixel */
#define SCALE 50.0

static char *
scenario_path (const char *name)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return g_build_filename (root ? root : ".", "scenarios", name, NULL);
}

static guint32
pixel (cairo_surface_t *s, int x, int y)
{
  unsigned char *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (s) || y >= cairo_image_surface_get_height (s))
    return MAGENTA;
  return *(guint32 *) (data + y * stride + x * 4) & 0xffffff;
}

static gboolean
colour_near (guint32 a, guint32 b, int tolerance)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (abs ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

/* The pieces drawn on a magenta table of the scenario's size. */
static cairo_surface_t *
draw (const MuScenario *s,
      const MuPiece    *pieces,
      guint             n)
{
  MuRenderOptions o;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;

  mu_render_options_init (&o);
  o.table_scale = SCALE;
  mu_render_board_size (s, &o, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_pieces (cr, s, &o, pieces, n);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A point of a stand's own frame (x to its right, y backwards from its centre). */
static MuPoint
stand_point (const MuStand *st, double lx, double ly)
{
  double a = st->facing * G_PI / 180.0;

  return (MuPoint) { st->centre.x + lx * cos (a) - ly * sin (a), st->centre.y + lx * sin (a) + ly * cos (a) };
}

static gboolean
drawn_at (cairo_surface_t *surface, MuPoint p)
{
  return pixel (surface, (int) floor (p.x * SCALE), (int) floor (p.y * SCALE)) != MAGENTA;
}

static void
assert_stands_close (const MuStand *a, guint n_a, const MuStand *b, guint n_b, const char *what)
{
  if (n_a != n_b)
    g_error ("%s: %u stands, the engine's view has %u", what, n_a, n_b);
  for (guint k = 0; k < n_a; k++)
    if (hypot (a[k].centre.x - b[k].centre.x, a[k].centre.y - b[k].centre.y) > 0.01 ||
        fabs (a[k].width - b[k].width) > 0.01 || fabs (a[k].depth - b[k].depth) > 0.01 ||
        fabs (remainder (a[k].facing - b[k].facing, 360.0)) > 0.05)
      g_error ("%s: stand %u at (%.3f, %.3f) %.3f x %.3f facing %.1f, the engine's at (%.3f, %.3f) "
               "%.3f x %.3f facing %.1f", what, k + 1, a[k].centre.x, a[k].centre.y, a[k].width,
               a[k].depth, a[k].facing, b[k].centre.x, b[k].centre.y, b[k].width, b[k].depth, b[k].facing);
}

/* The stands of `id` on its --state --stands line (centres and facings). */
static guint
stands_line (const char *state, const char *id, MuStand *out)
{
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_autofree char *head = g_strdup_printf ("stands %s ", id);
  guint n = 0;

  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) words = NULL;

      if (!g_str_has_prefix (lines[i], head))
        continue;
      words = g_strsplit (lines[i] + strlen (head), " ", -1);
      for (guint k = 0; words[k] && n < MU_STANDS_MAX; k++)
        {
          MuPos p;

          g_assert_true (mu_pos_parse (words[k], &p));
          g_assert_true (p.is_point && p.has_facing);
          out[n++] = (MuStand) { p.point, 0, 0, p.facing, 0 };
        }
    }
  return n;
}

static void
test_start_layout (gconstpointer data)
{
  g_autofree char *path = scenario_path (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  g_autoptr(GArray) placed = NULL;
  g_autoptr(GArray) placed_pieces = NULL;
  g_autofree char *state = NULL;
  cairo_surface_t *surface;
  MuRenderOptions o;
  guint n_units = 0;

  g_assert_no_error (error);
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  views = mu_counter_view_array_copy (mu_match_get_counters (m));
  pieces = mu_render_pieces_from_views (views);
  placed_pieces = mu_render_pieces_from_scenario (mu_match_get_scenario (m), &placed);
  state = mu_match_format_state_full (m, NULL, MU_STATE_STANDS);
  surface = draw (mu_match_get_scenario (m), (const MuPiece *) pieces->data, pieces->len);
  mu_render_options_init (&o);
  o.table_scale = SCALE;

  for (guint i = 0; i < pieces->len; i++)
    {
      const MuPiece *p = &g_array_index (pieces, MuPiece, i);
      const MuCounterView *v = NULL;
      MuStand line[MU_STANDS_MAX];
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE, bx, by, bw, bh;
      guint n_line;

      for (guint k = 0; k < views->len && v == NULL; k++)
        if (g_array_index (views, MuCounterView, k).counter == p->counter)
          v = &g_array_index (views, MuCounterView, k);
      g_assert_nonnull (v);
      if (!mu_status_has (v->status, MU_STATUS_IN_PLAY))
        continue;
      g_assert_cmpuint (v->n_stands, >, 0);
      n_units += v->counter->kind == MU_COUNTER_UNIT;

      /* every stand of the view is drawn: just inside each of its corners */
      for (guint k = 0; k < v->n_stands; k++)
        {
          const MuStand *st = &v->stands[k];
          double hw = st->width / 2 - 0.02, hd = st->depth / 2 - 0.02;
          MuPoint c[4] = { stand_point (st, -hw, -hd), stand_point (st, hw, -hd), stand_point (st, hw, hd),
                           stand_point (st, -hw, hd) };
          MuPoint k4[4];

          for (int j = 0; j < 4; j++)
            if (!drawn_at (surface, c[j]))
              g_error ("%s: %s: nothing drawn at (%.2f, %.2f), inside its stand %u", (const char *) data,
                       v->id, c[j].x, c[j].y, k + 1);
          mu_stand_corners (st, k4);
          for (int j = 0; j < 4; j++)
            {
              x0 = MIN (x0, k4[j].x), y0 = MIN (y0, k4[j].y);
              x1 = MAX (x1, k4[j].x), y1 = MAX (y1, k4[j].y);
            }
        }
      /* and nothing beyond them: the drawn stands' bounds are the view's */
      mu_render_piece_bounds (mu_match_get_scenario (m), &o, (const MuPiece *) pieces->data, pieces->len, i,
                              &bx, &by, &bw, &bh);
      g_assert_cmpfloat (fabs (bx - x0 * SCALE), <=, 0.01 * SCALE);
      g_assert_cmpfloat (fabs (by - y0 * SCALE), <=, 0.01 * SCALE);
      g_assert_cmpfloat (fabs (bx + bw - x1 * SCALE), <=, 0.01 * SCALE);
      g_assert_cmpfloat (fabs (by + bh - y1 * SCALE), <=, 0.01 * SCALE);

      /* --stands prints the same stands */
      n_line = stands_line (state, v->id, line);
      for (guint k = 0; k < n_line && k < v->n_stands; k++)
        line[k].width = v->stands[k].width, line[k].depth = v->stands[k].depth;
      assert_stands_close (line, n_line, v->stands, v->n_stands, v->id);

      /* the editor draws the scenario's placement as the match sets it up */
      for (guint k = 0; k < placed->len; k++)
        {
          const MuCounterView *pv = &g_array_index (placed, MuCounterView, k);

          if (pv->counter == v->counter)
            assert_stands_close (pv->stands, pv->n_stands, v->stands, v->n_stands, v->id);
        }
    }
  g_assert_cmpuint (n_units, >, 3);
  cairo_surface_destroy (surface);
}

/* TAB-6, BAT-MOV-7: baa-table's column of attack is one base wide; the
 * board draws it so, in the match and in the editor. */
static void
test_column (void)
{
  g_autofree char *path = scenario_path ("henry-house-hill-table.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  cairo_surface_t *surface;
  guint n_columns = 0;

  g_assert_no_error (error);
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  views = mu_counter_view_array_copy (mu_match_get_counters (m));
  pieces = mu_render_pieces_from_views (views);
  /* the stands alone: the markers sit beside a unit */
  for (guint i = 0; i < pieces->len; i++)
    g_array_index (pieces, MuPiece, i).markers = NULL;
  surface = draw (mu_match_get_scenario (m), (const MuPiece *) pieces->data, pieces->len);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      MuStand foot;

      if (g_strcmp0 (v->formation, "column") != 0 || v->n_stands < 2)
        continue;
      n_columns++;
      foot = mu_stands_footprint (v->stands, v->n_stands);
      g_assert_cmpfloat (fabs (foot.width - v->stands[0].width), <, 1e-6);
      g_assert_cmpfloat (fabs (foot.depth - v->n_stands * v->stands[0].depth), <, 1e-6);
      /* drawn one base wide: a quarter of a base beside each stand is bare
       * table, unless another unit stands there */
      for (guint j = 0; j < 2 * v->n_stands; j++)
        {
          MuPoint beside = stand_point (&v->stands[j / 2], (j % 2 ? 0.75 : -0.75) * v->stands[j / 2].width, 0);
          gboolean other = FALSE;

          for (guint k = 0; k < views->len; k++)
            {
              const MuCounterView *o = &g_array_index (views, MuCounterView, k);

              for (guint q = 0; q < o->n_stands; q++)
                other |= mu_stands_point_distance (&o->stands[q], 1, beside) < 0.2;
            }
          if (!other)
            g_assert_false (drawn_at (surface, beside));
        }
    }
  g_assert_cmpuint (n_columns, >, 0);
  cairo_surface_destroy (surface);
}

static guint
count_near (cairo_surface_t *surface, guint32 colour)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      n += colour_near (pixel (surface, x, y), colour, 12);
  return n;
}

/* NIC, pinned and fatigued are drawn on a table unit (BAT-CMD-7, BAT-FLN-7,
 * BAT-FAT-1) in their declared colours; a condition (orders) is not. */
static void
test_markers (void)
{
  g_autofree char *path = scenario_path ("learning-table-blackburns-ford.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  const MuRuleset *rs;
  MuPiece piece = { 0 };
  const char *const words[] = { "nic", "pinned", "fatigued" };

  g_assert_no_error (error);
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  rs = mu_match_get_ruleset (m);
  views = mu_counter_view_array_copy (mu_match_get_counters (m));
  pieces = mu_render_pieces_from_views (views);
  for (guint i = 0; i < pieces->len && piece.counter == NULL; i++)
    if (g_array_index (pieces, MuPiece, i).counter->kind == MU_COUNTER_UNIT &&
        g_array_index (pieces, MuPiece, i).n_stands > 0)
      piece = g_array_index (pieces, MuPiece, i);
  g_assert_nonnull (piece.counter);
  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      const MuMarkerInfo *k = mu_ruleset_find_marker (rs, words[w]);
      cairo_surface_t *bare, *marked, *condition;
      guint32 face;

      g_assert_nonnull (k);
      face = k->colour;
      piece.markers = "";
      bare = draw (mu_match_get_scenario (m), &piece, 1);
      piece.markers = "orders";
      condition = draw (mu_match_get_scenario (m), &piece, 1);
      piece.markers = words[w];
      marked = draw (mu_match_get_scenario (m), &piece, 1);
      g_assert_cmpuint (count_near (marked, face), >, count_near (bare, face) + 40);
      g_assert_cmpuint (count_near (condition, face), ==, count_near (bare, face));
      cairo_surface_destroy (bare);
      cairo_surface_destroy (marked);
      cairo_surface_destroy (condition);
    }
}

/* TS-AMB-85, TS-VIL-2: a battalion wholly inside a village block has no
 * stand on the table; its view places it in the block, and the board
 * draws it there as a counter with its stress die (the red marker). */
static void
test_garrison (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "tests", "fixtures", "rules", "toy-soldiers",
                                            "ex04-village.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  const MuPiece *garrison = NULL;
  cairo_surface_t *surface;
  MuRenderOptions o;
  double bx, by, bw, bh;
  guint n_name = 0;

  g_assert_no_error (error);
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  views = mu_counter_view_array_copy (mu_match_get_counters (m));
  pieces = mu_render_pieces_from_views (views);
  for (guint i = 0; i < pieces->len; i++)
    if (g_strcmp0 (g_array_index (pieces, MuPiece, i).counter->id, "v1") == 0)
      garrison = &g_array_index (pieces, MuPiece, i);
  g_assert_nonnull (garrison);
  g_assert_cmpuint (garrison->n_stands, ==, 0);
  g_assert_true (garrison->placed);
  /* the barn's centre */
  g_assert_cmpfloat_with_epsilon (garrison->pos.x, 24.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (garrison->pos.y, 15.5, 1e-9);
  surface = draw (mu_match_get_scenario (m), garrison, 1);
  g_assert_true (drawn_at (surface, garrison->pos));
  g_assert_cmpuint (count_near (surface, 0xc0392b), >, 40);
  /* its name just below it */
  mu_render_options_init (&o);
  o.table_scale = SCALE;
  mu_render_piece_bounds (mu_match_get_scenario (m), &o, garrison, 1, 0, &bx, &by, &bw, &bh);
  for (int y = (int) (by + 1.15 * bh); y < (int) (by + 1.6 * bh); y++)
    for (int x = (int) bx; x < (int) (bx + bw); x++)
      n_name += pixel (surface, x, y) != MAGENTA;
  g_assert_cmpuint (n_name, >, 20);
  cairo_surface_destroy (surface);
  /* and the pointer picks it there (a click selects it, a hover names it) */
  g_assert_cmpint (mu_render_piece_at (mu_match_get_scenario (m), &o, (const MuPiece *) pieces->data, pieces->len,
                                       garrison->pos.x * SCALE, garrison->pos.y * SCALE),
                   ==, (int) (garrison - (const MuPiece *) pieces->data));
}

/* A unit's planned move (a declared Toy Soldiers charge, TS-AMB-64) is
 * drawn: its path to the contact pose and its outline there, which a board
 * without the plan leaves bare. */
static void
test_plan (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "tests", "fixtures", "rules", "toy-soldiers",
                                            "p2-react6.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(GArray) views = NULL;
  g_autoptr(GArray) pieces = NULL;
  MuPiece charger = { 0 }, bare;
  cairo_surface_t *with, *without;
  MuPoint mid;

  g_assert_no_error (error);
  m = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_true (mu_match_apply_line (m, "charge u1 r1 @24.00,24.25/0.0", NULL, &error));
  g_assert_no_error (error);
  views = mu_counter_view_array_copy (mu_match_get_counters (m));
  pieces = mu_render_pieces_from_views (views);
  for (guint i = 0; i < pieces->len; i++)
    if (g_strcmp0 (g_array_index (pieces, MuPiece, i).counter->id, "u1") == 0)
      charger = g_array_index (pieces, MuPiece, i);
  g_assert_nonnull (charger.counter);
  g_assert_cmpuint (charger.n_plan, >=, 2);
  g_assert_cmpuint (charger.n_plan_stands, >, 0);
  bare = charger;
  bare.n_plan = bare.n_plan_stands = 0;
  with = draw (mu_match_get_scenario (m), &charger, 1);
  without = draw (mu_match_get_scenario (m), &bare, 1);
  /* the outline at the contact pose: every stand's middle and front edge */
  for (guint k = 0; k < charger.n_plan_stands; k++)
    {
      const MuStand *st = &charger.plan_stands[k];
      MuPoint front = stand_point (st, 0, -st->depth / 2);

      g_assert_true (drawn_at (with, st->centre));
      g_assert_false (drawn_at (without, st->centre));
      g_assert_false (drawn_at (without, front));
    }
  /* the line halfway along its last leg */
  mid.x = (charger.plan[charger.n_plan - 2].point.x + charger.plan[charger.n_plan - 1].point.x) / 2;
  mid.y = (charger.plan[charger.n_plan - 2].point.y + charger.plan[charger.n_plan - 1].point.y) / 2;
  g_assert_true (drawn_at (with, mid));
  g_assert_false (drawn_at (without, mid));
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* The grid's last column label, on a table that ends a little after its
 * line (a 182 cm table's "180"), and the last row label likewise, are drawn
 * whole within the table: the view cuts what lies beyond its edge. */
static void
test_grid_labels_within (void)
{
  g_autoptr(MuScenario) s = mu_scenario_new_table ("baa-table", 182, 121, MU_UNIT_CM, "15mm");
  MuRenderOptions o;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;
  int iw, ih, margin = 40;
  guint outside = 0;

  mu_render_options_init (&o);
  o.table_scale = 6.0;
  o.show_grid = TRUE;
  o.show_coordinates = TRUE;
  mu_render_board_size (s, &o, &w, &h);
  iw = (int) ceil (w);
  ih = (int) ceil (h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, iw + margin, ih + margin);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  mu_render_terrain (cr, s, &o, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* nothing right of the table, nor under it (a pixel of antialiasing spare) */
  for (int y = 0; y < ih + margin; y++)
    for (int x = 0; x < iw + margin; x++)
      if ((x > iw || y > ih) && pixel (surface, x, y) != MAGENTA)
        outside++;
  g_assert_cmpuint (outside, ==, 0);
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/render/table/start-layout/henry-house-hill", "henry-house-hill-table.muster",
                        test_start_layout);
  g_test_add_data_func ("/render/table/start-layout/blackburns-ford", "learning-table-blackburns-ford.muster",
                        test_start_layout);
  g_test_add_func ("/render/table/column-one-base-wide/TAB-6", test_column);
  g_test_add_func ("/render/table/markers/BAT-CMD-7", test_markers);
  g_test_add_func ("/render/table/garrison/TS-AMB-85", test_garrison);
  g_test_add_func ("/render/table/plan/TS-AMB-64", test_plan);
  g_test_add_func ("/render/table/grid-labels-within", test_grid_labels_within);
  return g_test_run ();
}
