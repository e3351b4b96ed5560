/* test-baa-los.c: Brothers at Arms (hex) line of sight, higher ground, cover
 *
 * Positions are written as axial offsets (q, r) from an origin hex in the
 * middle of a 15 x 15 board; direction d of mu-hex.h is the axial step
 * d0 (0,-1), d1 (+1,-1), d2 (+1,0), d3 (0,+1), d4 (-1,+1), d5 (-1,0).
 * A target at (+1,+1) from the firer is the classic hexside line: it runs
 * exactly along the hexside between (1,0) and (0,1).
 */
#define G_LOG_DOMAIN "test-baa-los"

#include "config.h"

#include "rules/baa-hex/baa-los.h"

#define COLS 15
#define ROWS 15
#define ORIGIN ((MuHex) { 8, 8 })

typedef struct {
  char kind;  /* W woodland, S settlement, U unit, E elevation v, B buildings,
               * F fortification, G fortified building, P prepared defence,
               * K marsh, R ford, X stream, A rough; 0 ends the list */
  int q, r, v;
} Feature;

#define MAX_FEATURES 12

typedef struct {
  const char *name;       /* rule id first: the test path */
  int fq, fr;             /* firer */
  int tq, tr;             /* target */
  Feature features[MAX_FEATURES];
  gboolean clear;
  const char *rule;       /* expected blocking rule, or NULL */
  int bonus;              /* expected range bonus */
  int kind;               /* expected MuBaaLosKind, -1 = don't care */
} LosCase;

typedef struct {
  MuHexMap *map;
  GHashTable *units;      /* "col,row" -> present */
} Board;

static MuHex
ax (const MuHexGrid *grid,
    int              q,
    int              r)
{
  MuAxial o = mu_hex_to_axial (grid, ORIGIN);

  return mu_hex_from_axial (grid, (MuAxial) { o.q + q, o.r + r });
}

static char *
hex_key (MuHex h)
{
  return g_strdup_printf ("%d,%d", h.col, h.row);
}

static gboolean
unit_at (MuHex    hex,
         gpointer user_data)
{
  Board *b = user_data;
  g_autofree char *k = hex_key (hex);

  return g_hash_table_contains (b->units, k);
}

static void
board_init (Board          *b,
            const Feature  *features)
{
  b->map = mu_hex_map_new (COLS, ROWS, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  b->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (int i = 0; i < MAX_FEATURES && features[i].kind; i++)
    {
      const Feature *f = &features[i];
      MuHex h = ax (&b->map->grid, f->q, f->r);
      MuHexCell *cell = mu_hex_map_cell (b->map, h);

      g_assert_nonnull (cell);
      switch (f->kind)
        {
        case 'W': cell->terrain = MU_TERRAIN_WOODLAND; break;
        case 'S': cell->terrain = MU_TERRAIN_SETTLEMENT; break;
        case 'K': cell->terrain = MU_TERRAIN_MARSH; break;
        case 'A': cell->terrain = MU_TERRAIN_ROUGH; break;
        case 'E': cell->elevation = (gint8) f->v; break;
        case 'B': cell->features |= MU_HEX_FEATURE_BUILDINGS; break;
        case 'F': cell->features |= MU_HEX_FEATURE_FORTIFICATION; break;
        case 'G': cell->features |= MU_HEX_FEATURE_FORTIFIED_BUILDING; break;
        case 'P': cell->features |= MU_HEX_FEATURE_PREPARED_DEFENCE; break;
        case 'R': cell->features |= MU_HEX_FEATURE_FORD; break;
        case 'X': cell->features |= MU_HEX_FEATURE_STREAM; break;
        case 'U': g_hash_table_add (b->units, hex_key (h)); break;
        default: g_assert_not_reached ();
        }
    }
}

static void
board_clear (Board *b)
{
  g_clear_pointer (&b->map, mu_hex_map_free);
  g_clear_pointer (&b->units, g_hash_table_unref);
}

/* Feature shorthands */
#define W(q, r) { 'W', q, r, 0 }
#define S(q, r) { 'S', q, r, 0 }
#define U(q, r) { 'U', q, r, 0 }
#define E(q, r, v) { 'E', q, r, v }

static const LosCase los_cases[] = {
  /* BAA-LOS-1: the three kinds of blocking hex, and the ends never block. */
  { "BAA-LOS-1/open", 0, 0, 3, 0, { { 0 } }, TRUE, NULL, 0, MU_BAA_LOS_LEVEL },
  { "BAA-LOS-1/unit-between", 0, 0, 3, 0, { U (2, 0) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/woodland-between", 0, 0, 3, 0, { W (1, 0) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/settlement-between", 0, 0, 0, 3, { S (0, 2) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/ends-never-block", 0, 0, 3, 0, { W (0, 0), W (3, 0), U (0, 0), U (3, 0) },
    TRUE, NULL, 0, MU_BAA_LOS_LEVEL },
  { "BAA-LOS-1/higher-than-both", 0, 0, 3, 0, { E (1, 0, 1) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/higher-than-both-ends-at-1", 0, 0, 3, 0,
    { E (0, 0, 1), E (3, 0, 1), E (1, 0, 2) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/adjacent-always", 0, 0, 1, 0, { W (0, 0), W (1, 0) }, TRUE, NULL, 0, -1 },
  { "BAA-LOS-1/off-line-woods", 0, 0, 3, 0, { W (1, 1), W (2, -1) }, TRUE, NULL, 0, -1 },
  /* A long line clips the corner of a hex between two of the hexes it passes
   * straight through: (0,0) to (-7,1) runs through the interior of (-3,1)
   * and (-4,0) as well; either one blocks it. */
  { "BAA-LOS-1/long-line-clips-woodland", 0, 0, -7, 1, { W (-4, 0) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/long-line-clips-unit", 0, 0, -7, 1, { U (-3, 1) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/long-line-clips-higher-ground", 7, -1, 0, 0, { E (3, -1, 1) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-1/long-line-beside-woods", 0, 0, -7, 1, { W (-4, -1), W (-3, 2), W (-5, 0) },
    TRUE, NULL, 0, MU_BAA_LOS_LEVEL },

  /* BAA-LOS-2, BAA-AMB-30, BAA-EX-18: along a hexside only both hexes block. */
  { "BAA-LOS-2/hexside-one-woodland", 0, 0, 1, 1, { W (1, 0) }, TRUE, NULL, 0, -1 },
  { "BAA-LOS-2/hexside-other-woodland", 0, 0, 1, 1, { W (0, 1) }, TRUE, NULL, 0, -1 },
  { "BAA-LOS-2/hexside-both-woodland", 0, 0, 1, 1, { W (1, 0), W (0, 1) },
    FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-AMB-30/hexside-one-unit", 0, 0, 1, 1, { U (1, 0) }, TRUE, NULL, 0, -1 },
  { "BAA-AMB-30/hexside-unit-and-woods", 0, 0, 1, 1, { U (1, 0), W (0, 1) },
    FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-AMB-30/hexside-long-line", 0, 0, 2, 2, { W (1, 0), S (2, 1), U (2, 1) }, TRUE, NULL, 0, -1 },
  { "BAA-AMB-30/hexside-long-line-blocked", 0, 0, 2, 2, { W (2, 1), S (1, 2) },
    FALSE, "BAA-LOS-1", 0, -1 },
  /* A line that crosses a hexside at its midpoint does not run along it:
   * (0,0) to (-4,1) passes through (-2,1) and then (-2,0), and either one
   * blocks it (BAA-LOS-1). */
  { "BAA-LOS-2/crossing-a-hexside-midpoint-first", 0, 0, -4, 1, { W (-2, 1) },
    FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-2/crossing-a-hexside-midpoint-second", 0, 0, -4, 1, { U (-2, 0) },
    FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-LOS-2/crossing-a-hexside-midpoint-clear", 0, 0, -4, 1, { W (-1, 1), W (-3, 0) },
    TRUE, NULL, 0, MU_BAA_LOS_LEVEL },
  { "BAA-AMB-30/hexside-higher-one-side", 0, 0, 1, 1, { E (1, 0, 2) }, TRUE, NULL, 0, -1 },

  /* BAA-HGT-1, BAA-AMB-31: firing down from an edge, +1 range, over lower
   * blockers when a clear hex lies between the last blocker and the target. */
  { "BAA-HGT-1/down-open", 0, 0, 3, 0, { E (0, 0, 1) }, TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/down-over-unit", 0, 0, 3, 0, { E (0, 0, 1), U (1, 0) },
    TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/down-over-woods", 0, 0, 3, 0, { E (0, 0, 1), W (1, 0) },
    TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/down-over-settlement", 0, 0, 4, 0, { E (0, 0, 2), E (1, 0, 1), S (2, 0) },
    TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/down-no-clear-hex", 0, 0, 3, 0, { E (0, 0, 1), U (2, 0) },
    FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-AMB-31/clear-hex-after-last-blocker", 0, 0, 4, 0, { E (0, 0, 1), U (1, 0), U (3, 0) },
    FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-AMB-31/clear-hex-between-blockers-not-enough", 0, 0, 4, 0,
    { E (0, 0, 1), U (1, 0), W (3, 0) }, FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-AMB-31/clear-hex-after-two-blockers", 0, 0, 4, 0, { E (0, 0, 1), U (1, 0), W (2, 0) },
    TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/not-an-edge", 0, 0, 3, 0, { E (0, 0, 1), E (1, 0, 1) },
    FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-HGT-1/edge-toward-target-only", 0, 0, 3, 0, { E (0, 0, 1), E (1, 0, 1), E (-1, 0, 0) },
    FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-HGT-1/edge-along-hexside", 0, 0, 2, 2, { E (0, 0, 1), E (1, 0, 1) },
    TRUE, NULL, 1, MU_BAA_LOS_DOWN },
  { "BAA-HGT-1/ground-as-high-as-firer", 0, 0, 4, 0, { E (0, 0, 1), E (2, 0, 1) },
    FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-HGT-1/blocker-as-high-as-firer", 0, 0, 4, 0,
    { E (0, 0, 2), E (1, 0, 1), E (2, 0, 2), W (2, 0) }, FALSE, "BAA-HGT-1", 0, -1 },
  { "BAA-HGT-1/adjacent-down", 0, 0, 1, 0, { E (0, 0, 1) }, TRUE, NULL, 1, MU_BAA_LOS_DOWN },

  /* BAA-HGT-2: across lower ground to the same height, no bonus. */
  { "BAA-HGT-2/across-open", 0, 0, 3, 0, { E (0, 0, 1), E (3, 0, 1) },
    TRUE, NULL, 0, MU_BAA_LOS_ACROSS },
  { "BAA-HGT-2/across-over-unit", 0, 0, 3, 0, { E (0, 0, 1), E (3, 0, 1), U (1, 0) },
    TRUE, NULL, 0, MU_BAA_LOS_ACROSS },
  { "BAA-HGT-2/across-no-clear-hex", 0, 0, 3, 0, { E (0, 0, 1), E (3, 0, 1), U (2, 0) },
    FALSE, "BAA-HGT-2", 0, -1 },
  { "BAA-HGT-2/across-same-level-blocker", 0, 0, 3, 0,
    { E (0, 0, 1), E (3, 0, 1), E (1, 0, 1), U (1, 0) }, FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-HGT-2/level-ground-no-fire-over", 0, 0, 3, 0, { U (1, 0) }, FALSE, "BAA-LOS-1", 0, -1 },

  /* BAA-HGT-3, BAA-AMB-32: firing up to the nearest edge, clear hex in front,
   * over lower units. */
  { "BAA-HGT-3/up-open", 0, 0, 3, 0, { E (3, 0, 1) }, TRUE, NULL, 0, MU_BAA_LOS_UP },
  { "BAA-HGT-3/up-over-lower-enemy", 0, 0, 3, 0, { E (3, 0, 1), U (2, 0) },
    TRUE, NULL, 0, MU_BAA_LOS_UP },
  { "BAA-AMB-32/up-hex-in-front-occupied", 0, 0, 3, 0, { E (3, 0, 1), U (1, 0) },
    FALSE, "BAA-HGT-3", 0, -1 },
  { "BAA-AMB-32/up-woods-still-block", 0, 0, 3, 0, { E (3, 0, 1), W (2, 0) },
    FALSE, "BAA-LOS-1", 0, -1 },
  { "BAA-HGT-3/target-not-on-edge", 0, 0, 3, 0, { E (3, 0, 1), E (2, 0, 1) },
    FALSE, "BAA-HGT-3", 0, -1 },
  { "BAA-HGT-3/adjacent-up", 0, 0, 1, 0, { E (1, 0, 1) }, TRUE, NULL, 0, MU_BAA_LOS_UP },
  { "BAA-HGT-3/up-two-levels", 0, 0, 3, 0, { E (3, 0, 2), E (2, 0, 1) }, TRUE, NULL, 0, MU_BAA_LOS_UP },
};

static void
test_los_case (gconstpointer data)
{
  const LosCase *c = data;
  Board b = { 0 };
  MuBaaLos los;
  gboolean clear;

  board_init (&b, c->features);
  clear = mu_baa_los_compute (b.map, ax (&b.map->grid, c->fq, c->fr),
                              ax (&b.map->grid, c->tq, c->tr), unit_at, &b, &los);
  if (clear != c->clear)
    g_test_message ("%s: got %s (%s)", c->name, clear ? "clear" : "blocked",
                    los.reason ? los.reason : "");
  g_assert_cmpint (clear, ==, c->clear);
  g_assert_cmpint (los.clear, ==, c->clear);
  if (c->clear)
    {
      g_assert_null (los.rule);
      g_assert_cmpint (los.range_bonus, ==, c->bonus);
      if (c->kind >= 0)
        g_assert_cmpint (los.kind, ==, c->kind);
    }
  else
    g_assert_cmpstr (los.rule, ==, c->rule);
  mu_baa_los_clear (&los);
  board_clear (&b);
}

/* BAA-LOS-3, BAA-LOS-4: the line reports every hex it touches so that fire can
 * roll for friendly commanders on it; commanders are not units, so they never
 * block. */
static void
test_crossed (void)
{
  Board b = { 0 };
  MuBaaLos los;
  const Feature none[MAX_FEATURES] = { { 0 } };
  const MuHexGrid *g;

  board_init (&b, none);
  g = &b.map->grid;
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 0), ax (g, 3, 0), unit_at, &b, &los));
  g_assert_cmpuint (los.crossed->len, ==, 2);
  g_assert_true (mu_hex_equal (g_array_index (los.crossed, MuHex, 0), ax (g, 1, 0)));
  g_assert_true (mu_hex_equal (g_array_index (los.crossed, MuHex, 1), ax (g, 2, 0)));
  mu_baa_los_clear (&los);

  /* along a hexside both hexes are touched */
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 0), ax (g, 1, 1), NULL, NULL, &los));
  g_assert_cmpuint (los.crossed->len, ==, 2);
  mu_baa_los_clear (&los);

  /* BAA-LOS-1: a long line also touches the hexes whose corner it cuts
   * across, in line order: (-3,1) between (-2,0) and (-3,0), (-4,0) between
   * (-4,1) and (-5,1); a friendly commander there is on the line (LOS-4). */
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 0), ax (g, -7, 1), NULL, NULL, &los));
  {
    static const int want[][2] = { { -1, 0 }, { -2, 0 }, { -3, 1 }, { -3, 0 },
                                   { -4, 1 }, { -4, 0 }, { -5, 1 }, { -6, 1 } };

    g_assert_cmpuint (los.crossed->len, ==, G_N_ELEMENTS (want));
    for (guint i = 0; i < G_N_ELEMENTS (want); i++)
      g_assert_true (mu_hex_equal (g_array_index (los.crossed, MuHex, i), ax (g, want[i][0], want[i][1])));
  }
  mu_baa_los_clear (&los);

  /* same hex: trivially clear, nothing crossed */
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 0), ax (g, 0, 0), NULL, NULL, &los));
  g_assert_cmpuint (los.crossed->len, ==, 0);
  mu_baa_los_clear (&los);
  board_clear (&b);
}

/* BAA-HGT-1, BAA-AMB-31: an edge hex of a level is one next to a lower hex of
 * the map toward the target; past the edge of the board there is no hex, so
 * a line running along the board's edge does not make a hex on a plateau an
 * edge. A plateau of level 1 over columns 1-4 of a 10 x 10 board; 0310 is
 * behind its edge (0410) from 0510 along the bottom row. */
static void
test_board_edge_is_no_lower_hex (void)
{
  MuHexMap *map = mu_hex_map_new (10, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  MuBaaLos los;

  for (int c = 1; c <= 4; c++)
    for (int r = 1; r <= 10; r++)
      mu_hex_map_cell (map, (MuHex) { c, r })->elevation = 1;
  g_assert_false (mu_baa_is_edge_toward (map, (MuHex) { 3, 10 }, (MuHex) { 5, 10 }));
  g_assert_false (mu_baa_los_compute (map, (MuHex) { 3, 10 }, (MuHex) { 5, 10 }, NULL, NULL, &los));
  g_assert_cmpstr (los.rule, ==, "BAA-HGT-1");
  mu_baa_los_clear (&los);
  /* on the edge itself the firer still fires down, with the range bonus */
  g_assert_true (mu_baa_is_edge_toward (map, (MuHex) { 4, 10 }, (MuHex) { 6, 10 }));
  g_assert_true (mu_baa_los_compute (map, (MuHex) { 4, 10 }, (MuHex) { 6, 10 }, NULL, NULL, &los));
  g_assert_cmpint (los.range_bonus, ==, 1);
  mu_baa_los_clear (&los);
  mu_hex_map_free (map);
}

/* BAA-EX-18: a line along the hexside between a woodland hex and a clear hex
 * exists both ways, so each side may fire at the other; the same with the
 * woodland on the other side of the line. Checked on every board layout. */
static void
test_ex18 (void)
{
  static const MuHexOrientation orient[] = { MU_HEX_FLAT_TOP, MU_HEX_POINTY_TOP };
  static const MuHexOffset offs[] = { MU_HEX_OFFSET_ODD, MU_HEX_OFFSET_EVEN };

  for (int o = 0; o < 2; o++)
    for (int f = 0; f < 2; f++)
      for (int d = 0; d < 6; d++)
        {
          MuHexMap *map = mu_hex_map_new (COLS, ROWS, orient[o], offs[f]);
          const MuHexGrid *g = &map->grid;
          MuHex a = ORIGIN;
          /* the hex two steps away "between" directions d and d+1 */
          MuHex left = mu_hex_neighbour (g, a, d);
          MuHex right = mu_hex_neighbour (g, a, (d + 1) % 6);
          MuHex b = mu_hex_neighbour (g, left, (d + 1) % 6);
          MuBaaLos los;

          mu_hex_map_cell (map, left)->terrain = MU_TERRAIN_WOODLAND;
          g_assert_true (mu_baa_los_compute (map, a, b, NULL, NULL, &los));
          mu_baa_los_clear (&los);
          g_assert_true (mu_baa_los_compute (map, b, a, NULL, NULL, &los));
          mu_baa_los_clear (&los);
          mu_hex_map_cell (map, right)->terrain = MU_TERRAIN_WOODLAND;
          g_assert_false (mu_baa_los_compute (map, a, b, NULL, NULL, &los));
          mu_baa_los_clear (&los);
          mu_hex_map_cell (map, left)->terrain = MU_TERRAIN_OPEN;
          g_assert_true (mu_baa_los_compute (map, b, a, NULL, NULL, &los));
          mu_baa_los_clear (&los);
          mu_hex_map_free (map);
        }
}

/* BAA-EX-19: a hill of level 1 at q <= 0 (rows r in -3..3); the CSA has two
 * units on its edge hexes (0,0) and (0,-1), a friendly counter at (1,0) below
 * the hill, then open ground, the USA infantry at (3,0). CSA artillery on the
 * hill fires across to a USA unit on a second level-1 hill at q >= 4; CSA
 * infantry below the second hill sees only its nearest edge. */
static void
test_ex19 (void)
{
  Board b = { 0 };
  const Feature none[MAX_FEATURES] = { { 0 } };
  const MuHexGrid *g;
  MuBaaLos los;

  board_init (&b, none);
  g = &b.map->grid;
  for (int q = -4; q <= 0; q++)
    for (int r = -3; r <= 3; r++)
      mu_hex_map_cell (b.map, ax (g, q, r))->elevation = 1;
  for (int q = 4; q <= 6; q++)
    for (int r = -3; r <= 2; r++)
      mu_hex_map_cell (b.map, ax (g, q, r))->elevation = 1;
  g_hash_table_add (b.units, hex_key (ax (g, 0, 0)));   /* CSA on the edge */
  g_hash_table_add (b.units, hex_key (ax (g, 0, -1)));  /* CSA on the edge */
  g_hash_table_add (b.units, hex_key (ax (g, 1, 0)));   /* friendly counter in between */
  g_hash_table_add (b.units, hex_key (ax (g, 3, 0)));   /* USA target below */

  /* both edge units fire down over the friendly counter: clear hex (2,0) */
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 0), ax (g, 3, 0), unit_at, &b, &los));
  g_assert_cmpint (los.kind, ==, MU_BAA_LOS_DOWN);
  g_assert_cmpint (los.range_bonus, ==, 1);
  mu_baa_los_clear (&los);
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, -1), ax (g, 3, 0), unit_at, &b, &los));
  g_assert_cmpint (los.range_bonus, ==, 1);
  mu_baa_los_clear (&los);
  /* a unit behind them, not on the edge, may not fire down */
  g_assert_false (mu_baa_los_compute (b.map, ax (g, -1, 0), ax (g, 3, 0), unit_at, &b, &los));
  g_assert_cmpstr (los.rule, ==, "BAA-HGT-1");
  mu_baa_los_clear (&los);

  /* artillery at (0,1) fires across to the USA unit on the other hill at (4,1):
   * legal, no bonus */
  g_hash_table_add (b.units, hex_key (ax (g, 4, 1)));
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 0, 1), ax (g, 4, 1), unit_at, &b, &los));
  g_assert_cmpint (los.kind, ==, MU_BAA_LOS_ACROSS);
  g_assert_cmpint (los.range_bonus, ==, 0);
  mu_baa_los_clear (&los);

  /* CSA infantry below the second hill at (2,2) sees the nearest edge (4,1)
   * (line (3,1)/(3,2)... passes low ground), but not (5,1) behind it */
  g_assert_true (mu_baa_los_compute (b.map, ax (g, 2, 2), ax (g, 4, 1), NULL, NULL, &los));
  g_assert_cmpint (los.kind, ==, MU_BAA_LOS_UP);
  mu_baa_los_clear (&los);
  g_assert_false (mu_baa_los_compute (b.map, ax (g, 2, 2), ax (g, 6, 0), NULL, NULL, &los));
  g_assert_cmpstr (los.rule, ==, "BAA-HGT-3");
  mu_baa_los_clear (&los);

  /* the USA infantry at (3,0) cannot see the CSA unit at (-1,0) behind the edge */
  g_assert_false (mu_baa_los_compute (b.map, ax (g, 3, 0), ax (g, -1, 0), unit_at, &b, &los));
  mu_baa_los_clear (&los);
  board_clear (&b);
}

/* Cover ---------------------------------------------------------------------- */

typedef struct {
  const char *name;
  int fq, fr, tq, tr;
  Feature features[MAX_FEATURES];
  int side_dir;           /* a hexside feature on the target's side dir, -1 none */
  guint side;
  int side_dir2;
  guint side2;
  int cover;
} CoverCase;

static const CoverCase cover_cases[] = {
  { "BAA-COV-1/open", 0, 0, 2, 0, { { 0 } }, -1, 0, -1, 0, 0 },
  { "BAA-COV-1/woodland-soft", 0, 0, 2, 0, { W (2, 0) }, -1, 0, -1, 0, 3 },
  { "BAA-AMB-23/settlement-hard", 0, 0, 2, 0, { S (2, 0) }, -1, 0, -1, 0, 4 },
  { "BAA-COV-1/buildings-hard", 0, 0, 2, 0, { { 'B', 2, 0, 0 } }, -1, 0, -1, 0, 4 },
  { "BAA-COV-1/prepared-defence-hard", 0, 0, 2, 0, { { 'P', 2, 0, 0 } }, -1, 0, -1, 0, 4 },
  { "BAA-FORT-1/fortification-5", 0, 0, 2, 0, { { 'F', 2, 0, 0 } }, -1, 0, -1, 0, 5 },
  { "BAA-COV-1/fortified-building-5", 0, 0, 2, 0, { { 'G', 2, 0, 0 } }, -1, 0, -1, 0, 5 },
  { "BAA-COV-1/highest-value", 0, 0, 2, 0, { W (2, 0), { 'G', 2, 0, 0 } }, -1, 0, -1, 0, 5 },
  { "BAA-COV-1/firer-cover-irrelevant", 0, 0, 2, 0, { W (0, 0) }, -1, 0, -1, 0, 0 },
  /* fire from direction 5 (axial -1,0) enters across the target's hexside 5 */
  { "BAA-AMB-23/hedge-entry-side", 0, 0, 2, 0, { { 0 } }, 5, MU_SIDE_HEDGE, -1, 0, 3 },
  { "BAA-AMB-23/wall-entry-side", 0, 0, 2, 0, { { 0 } }, 5, MU_SIDE_WALL, -1, 0, 4 },
  { "BAA-AMB-23/works-entry-side", 0, 0, 2, 0, { { 0 } }, 5, MU_SIDE_FORTIFICATION, -1, 0, 5 },
  { "BAA-AMB-23/wall-far-side", 0, 0, 2, 0, { { 0 } }, 2, MU_SIDE_WALL, -1, 0, 0 },
  { "BAA-AMB-23/wall-neighbouring-side", 0, 0, 2, 0, { { 0 } }, 4, MU_SIDE_WALL, -1, 0, 0 },
  { "BAA-AMB-23/stream-side-no-cover", 0, 0, 2, 0, { { 0 } }, 5, MU_SIDE_STREAM, -1, 0, 0 },
  /* a line from (-1,-1) runs along the hexside between (0,-1) and (-1,0) of
   * the target and enters it at their common corner: both sides count */
  { "BAA-AMB-23/corner-entry-side-a", -2, -2, 0, 0, { { 0 } }, 0, MU_SIDE_WALL, -1, 0, 4 },
  { "BAA-AMB-23/corner-entry-side-b", -2, -2, 0, 0, { { 0 } }, 5, MU_SIDE_HEDGE, -1, 0, 3 },
  { "BAA-AMB-23/corner-entry-other-side", -2, -2, 0, 0, { { 0 } }, 4, MU_SIDE_WALL, -1, 0, 0 },
  { "BAA-FORT-4/breached-side-soft", 0, 0, 2, 0, { { 0 } },
    5, MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED, -1, 0, 3 },
  { "BAA-FORT-4/breached-side-fortified-hex", 0, 0, 2, 0, { { 'F', 2, 0, 0 } },
    5, MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED, -1, 0, 3 },
  { "BAA-FORT-4/breach-elsewhere-still-5", 0, 0, 2, 0, { { 'F', 2, 0, 0 } },
    2, MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED, 5, MU_SIDE_FORTIFICATION, 5 },
  { "BAA-COV-1/melee-adjacent-wall", 1, 0, 2, 0, { { 0 } }, 5, MU_SIDE_WALL, -1, 0, 4 },
};

static void
test_cover_case (gconstpointer data)
{
  const CoverCase *c = data;
  Board b = { 0 };
  MuHex t;
  const char *rule = NULL;
  int v;

  board_init (&b, c->features);
  t = ax (&b.map->grid, c->tq, c->tr);
  if (c->side_dir >= 0)
    mu_hex_map_set_side (b.map, t, c->side_dir, c->side);
  if (c->side_dir2 >= 0)
    mu_hex_map_set_side (b.map, t, c->side_dir2, c->side2);
  v = mu_baa_cover_value (b.map, ax (&b.map->grid, c->fq, c->fr), t, NULL, NULL, &rule);
  g_assert_cmpint (v, ==, c->cover);
  if (v > 0)
    g_assert_nonnull (rule);
  board_clear (&b);
}

/* BAA-TER-3, BAA-TER-4: which hexes make an attacker unformed. */
static void
test_unformed_terrain (void)
{
  static const struct { Feature f; gboolean unformed; } cases[] = {
    { { 'W', 0, 0, 0 }, TRUE },
    { { 'S', 0, 0, 0 }, TRUE },
    { { 'K', 0, 0, 0 }, TRUE },
    { { 'A', 0, 0, 0 }, TRUE },
    { { 'X', 0, 0, 0 }, TRUE },
    { { 'R', 0, 0, 0 }, TRUE },
    { { 'E', 0, 0, 2 }, FALSE },   /* BAA-TER-4: a hill does not unform */
    { { 'B', 0, 0, 0 }, FALSE },
    { { 'F', 0, 0, 0 }, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Feature fs[MAX_FEATURES] = { cases[i].f };
      Board b = { 0 };

      board_init (&b, fs);
      g_assert_cmpint (mu_baa_hex_unformed (b.map, ORIGIN), ==, cases[i].unformed);
      board_clear (&b);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (los_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/baa/los/%s", los_cases[i].name);
      g_test_add_data_func (path, &los_cases[i], test_los_case);
    }
  g_test_add_func ("/engine/baa/los/BAA-LOS-4/crossed-hexes", test_crossed);
  g_test_add_func ("/engine/baa/los/BAA-EX-18", test_ex18);
  g_test_add_func ("/engine/baa/los/BAA-HGT-1/board-edge-is-no-lower-hex", test_board_edge_is_no_lower_hex);
  g_test_add_func ("/engine/baa/los/BAA-EX-19", test_ex19);
  for (guint i = 0; i < G_N_ELEMENTS (cover_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/baa/cover/%s", cover_cases[i].name);
      g_test_add_data_func (path, &cover_cases[i], test_cover_case);
    }
  g_test_add_func ("/engine/baa/cover/BAA-TER-3/unformed-terrain", test_unformed_terrain);
  return g_test_run ();
}
