/* test-footprints.c: where a piece may draw, and what it is drawn from
 *
 * A view that keeps drawn pictures of the board draws them anew within
 * the footprints of the pieces that changed (mu_render_footprints): a
 * piece that drew outside its footprint would leave a trace of where it
 * was, and a digest that missed something it is drawn from would leave
 * it as it was.
 */
#define G_LOG_DOMAIN "test-footprints"

#include "config.h"

#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-table-stand.h"

static MuScenario *
small_board (void)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", 6, 5, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);

  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb4b4b4));
  return s;
}

/* Pixels drawn (on a transparent surface) outside every one of the
 * footprints, a pixel's smoothing aside. */
static guint
ink_outside (cairo_surface_t   *surface,
             const MuFootprint *f,
             guint              n)
{
  const guint32 *data;
  int stride;
  guint outside = 0;

  cairo_surface_flush (surface);
  data = (const guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  for (int py = 0; py < cairo_image_surface_get_height (surface); py++)
    for (int px = 0; px < cairo_image_surface_get_width (surface); px++)
      {
        gboolean in = FALSE;

        if ((data[py * stride + px] >> 24) == 0)
          continue;
        for (guint i = 0; i < n && !in; i++)
          in = px + 1 >= f[i].x && px <= f[i].x + f[i].width &&
               py + 1 >= f[i].y && py <= f[i].y + f[i].height;
        outside += !in;
      }
  return outside;
}

static void
check_ink (const MuScenario      *s,
           const MuRenderOptions *o,
           const MuPiece         *pieces,
           guint                  n,
           int                    width,
           int                    height)
{
  g_autoptr(GArray) footprints = mu_render_footprints (s, o, NULL, 0, pieces, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  g_assert_cmpuint (footprints->len, ==, n);
  mu_render_pieces (cr, s, o, pieces, n);
  cairo_destroy (cr);
  g_assert_cmpuint (ink_outside (surface, (const MuFootprint *) footprints->data, n), ==, 0);
  cairo_surface_destroy (surface);
}

/* The pieces drawn, with their markers, selected, together and each
 * alone: no ink outside their footprints, which a view draws anew when
 * they change; the digest follows what a piece is drawn from. */
static void
check_footprints (const MuScenario      *s,
                  const MuRenderOptions *o,
                  MuPiece               *pieces,
                  guint                  n,
                  int                    width,
                  int                    height)
{
  g_autoptr(GArray) footprints = mu_render_footprints (s, o, NULL, 0, pieces, n);
  g_autoptr(GArray) again = mu_render_footprints (s, o, NULL, 0, pieces, n);

  check_ink (s, o, pieces, n, width, height);
  for (guint i = 0; i < n; i++)
    {
      guint64 digest = g_array_index (footprints, MuFootprint, i).digest;
      g_autoptr(GArray) other = NULL;

      g_assert_cmpfloat (g_array_index (footprints, MuFootprint, i).width, >, 0);
      g_assert_cmpuint (g_array_index (again, MuFootprint, i).digest, ==, digest);
      check_ink (s, o, &pieces[i], 1, width, height);
      pieces[i].selected = !pieces[i].selected;
      other = mu_render_footprints (s, o, NULL, 0, pieces, n);
      g_assert_cmpuint (g_array_index (other, MuFootprint, i).digest, !=, digest);
      pieces[i].selected = !pieces[i].selected;
    }
}

static void
test_footprints (void)
{
  g_autoptr(MuScenario) hex = small_board ();
  g_autoptr(MuScenario) table = mu_scenario_new_table ("baa-table", 24, 18, MU_UNIT_INCH, "15mm");
  MuCounter *c = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");
  MuCounter *d = mu_counter_new (MU_COUNTER_UNIT, "u2", "usa");
  MuPiece pieces[3] = { 0 };
  MuStand stands[2][MU_STANDS_MAX];
  MuRenderOptions o;

  g_ptr_array_add (hex->counters, c);
  g_ptr_array_add (hex->counters, d);
  mu_render_options_init (&o);
  o.hex_size = 40;
  /* a stack of two with markers, and one alone */
  for (int i = 0; i < 3; i++)
    {
      pieces[i].counter = i == 1 ? d : c;
      pieces[i].hex = i < 2 ? (MuHex) { 3, 3 } : (MuHex) { 5, 2 };
      pieces[i].markers = "nic";
      pieces[i].status = mu_ruleset_find_status (mu_ruleset_find ("baa-hex"), "disabled");
      pieces[i].selected = TRUE;
    }
  check_footprints (hex, &o, pieces, 3, 400, 400);
  {
    /* the counter a stack leaves moves the one left in it */
    g_autoptr(GArray) before = mu_render_footprints (hex, &o, NULL, 0, pieces, 3);
    g_autoptr(GArray) after = NULL;

    pieces[0].hex = (MuHex) { 1, 1 };
    after = mu_render_footprints (hex, &o, NULL, 0, pieces, 3);
    g_assert_cmpuint (g_array_index (after, MuFootprint, 0).digest, !=,
                      g_array_index (before, MuFootprint, 0).digest);
    g_assert_cmpfloat (g_array_index (after, MuFootprint, 1).x, !=, g_array_index (before, MuFootprint, 1).x);
    g_assert_cmpuint (g_array_index (after, MuFootprint, 2).digest, ==,
                      g_array_index (before, MuFootprint, 2).digest);
  }

  /* on a table: two named units in line, one turned, with markers */
  g_ptr_array_add (table->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  g_free (c->name);
  c->name = g_strdup ("11th Massachusetts Volunteer Infantry");
  c->strength = 4;
  g_ptr_array_add (table->counters, g_ptr_array_steal_index (hex->counters, 0));
  g_ptr_array_add (table->counters, g_ptr_array_steal_index (hex->counters, 0));
  o.table_scale = 20;
  for (int i = 0; i < 2; i++)
    {
      pieces[i] = (MuPiece) { 0 };
      pieces[i].counter = i == 0 ? c : d;
      pieces[i].pos = (MuPoint) { 8 + 8 * i, 9 };
      pieces[i].facing = 30 * i;
      pieces[i].markers = "nic";
      pieces[i].selected = TRUE;
      pieces[i].stands = stands[i];
      pieces[i].n_stands = mu_table_counter_stands (table->table, pieces[i].counter, NULL,
                                                    MU_FORMATION_LINE, 0, pieces[i].pos,
                                                    pieces[i].facing, stands[i], MU_STANDS_MAX);
    }
  check_footprints (table, &o, pieces, 2, 480, 360);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/pieces/footprints", test_footprints);
  return g_test_run ();
}
