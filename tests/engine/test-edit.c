#define G_LOG_DOMAIN "test-edit"

#include "config.h"

#include "mu-edit.h"
#include "mu-error.h"
#include "mu-scenario-xml.h"

/* Every edit is checked the same way: it changes the model, makes exactly one
 * step with the expected name, undo restores the model field by field, and
 * redo restores the edited model. */

static void
assert_same (const MuScenario *a,
             const MuScenario *b)
{
  g_autofree char *diff = mu_edit_scenario_diff (a, b);

  if (diff)
    g_error ("models differ: %s", diff);
}

#define STEP(history, expr, label)                                            \
  G_STMT_START {                                                              \
    MuScenario *s_ = mu_edit_history_get_scenario (history);                  \
    g_autoptr(MuScenario) before_ = mu_scenario_copy (s_);                    \
    g_autoptr(MuScenario) after_ = NULL;                                      \
    guint n_ = mu_edit_history_get_n_undo (history);                          \
    g_autofree char *diff_ = NULL;                                            \
    g_assert_true (expr);                                                     \
    diff_ = mu_edit_scenario_diff (before_, s_);                              \
    g_assert_nonnull (diff_);                                                 \
    g_assert_cmpuint (mu_edit_history_get_n_undo (history), ==, n_ + 1);      \
    g_assert_cmpstr (mu_edit_history_get_undo_label (history), ==, label);    \
    after_ = mu_scenario_copy (s_);                                           \
    g_assert_true (mu_edit_history_undo (history));                           \
    assert_same (before_, s_);                                                \
    g_assert_cmpstr (mu_edit_history_get_redo_label (history), ==, label);    \
    g_assert_true (mu_edit_history_redo (history));                           \
    assert_same (after_, s_);                                                 \
  } G_STMT_END

/* An edit that must change nothing and record nothing. */
#define NO_STEP(history, expr)                                                \
  G_STMT_START {                                                              \
    g_autoptr(MuScenario) before_ = mu_scenario_copy (mu_edit_history_get_scenario (history)); \
    guint n_ = mu_edit_history_get_n_undo (history);                          \
    g_assert_true (expr);                                                     \
    g_assert_cmpuint (mu_edit_history_get_n_undo (history), ==, n_);          \
    assert_same (before_, mu_edit_history_get_scenario (history));            \
  } G_STMT_END

/* A refused edit (the caller has a GError *error): FALSE, an error whose message contains `text`, no change. */
#define REFUSED(history, expr, text)                                          \
  G_STMT_START {                                                              \
    g_autoptr(MuScenario) before_ = mu_scenario_copy (mu_edit_history_get_scenario (history)); \
    guint n_ = mu_edit_history_get_n_undo (history);                          \
    g_assert_false (expr);                                                    \
    g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);                       \
    if (strstr (error->message, text) == NULL)                                \
      g_error ("message “%s” lacks “%s”", error->message, text);             \
    g_assert_cmpuint (mu_edit_history_get_n_undo (history), ==, n_);          \
    assert_same (before_, mu_edit_history_get_scenario (history));            \
    g_clear_error (&error);                                                   \
  } G_STMT_END

#include <string.h>

static MuEditHistory *
new_hex_history (int cols, int rows, MuHexOrientation o, MuHexOffset off)
{
  return mu_edit_history_new (mu_scenario_new_hex ("baa-hex", cols, rows, o, off));
}

static MuEditHistory *
new_battle (void)
{
  MuEditHistory *h = new_hex_history (12, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autofree char *a = mu_edit_add_side (h, "csa", "Confederate", 0xb0b0b0, NULL);
  g_autofree char *b = mu_edit_add_side (h, "usa", "Union", 0x9cc3e6, NULL);

  g_assert_cmpstr (a, ==, "csa");
  g_assert_cmpstr (b, ==, "usa");
  mu_edit_history_clear (h);
  return h;
}

static MuHexCell *
cell (MuEditHistory *h, int col, int row)
{
  return mu_hex_map_cell (mu_edit_history_get_scenario (h)->hex_map, (MuHex) { col, row });
}

/* History ------------------------------------------------------------------------ */

static void
on_changed (MuEditHistory *h,
            guint         *count)
{
  (*count)++;
}

static void
test_history_basics (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (5, 5, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  MuScenario *s = mu_edit_history_get_scenario (h);
  guint changed = 0;

  g_signal_connect (h, "changed", G_CALLBACK (on_changed), &changed);
  g_assert_false (mu_edit_history_can_undo (h));
  g_assert_false (mu_edit_history_can_redo (h));
  g_assert_true (mu_edit_history_is_clean (h));
  g_assert_null (mu_edit_history_get_undo_label (h));

  g_assert_true (mu_edit_paint_brush (h, (MuHex) { 3, 3 }, MU_BRUSH_1, MU_TERRAIN_WOODLAND, NULL));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (mu_edit_history_can_undo (h));
  g_assert_false (mu_edit_history_is_clean (h));
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Paint Woodland");
  g_assert_cmpint (cell (h, 3, 3)->terrain, ==, MU_TERRAIN_WOODLAND);

  /* the scenario pointer survives undo and redo */
  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_get_scenario (h) == s);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_true (mu_edit_history_is_clean (h));
  g_assert_cmpint (cell (h, 3, 3)->terrain, ==, MU_TERRAIN_OPEN);
  g_assert_false (mu_edit_history_undo (h));
  g_assert_true (mu_edit_history_redo (h));
  g_assert_false (mu_edit_history_is_clean (h));
  g_assert_cmpint (cell (h, 3, 3)->terrain, ==, MU_TERRAIN_WOODLAND);

  /* saved here; undoing leaves the saved state, redoing returns to it */
  mu_edit_history_mark_clean (h);
  g_assert_true (mu_edit_history_is_clean (h));
  g_assert_true (mu_edit_history_undo (h));
  g_assert_false (mu_edit_history_is_clean (h));
  g_assert_true (mu_edit_history_redo (h));
  g_assert_true (mu_edit_history_is_clean (h));

  /* a new edit after undo drops the redo branch, and a saved state in it */
  g_assert_true (mu_edit_history_undo (h));
  g_assert_true (mu_edit_paint_brush (h, (MuHex) { 1, 1 }, MU_BRUSH_1, MU_TERRAIN_MARSH, NULL));
  g_assert_false (mu_edit_history_can_redo (h));
  g_assert_false (mu_edit_history_is_clean (h));
  g_assert_true (mu_edit_history_undo (h));
  g_assert_false (mu_edit_history_is_clean (h));

  /* painting what is already there records nothing */
  NO_STEP (h, mu_edit_paint_brush (h, (MuHex) { 1, 1 }, MU_BRUSH_1, MU_TERRAIN_OPEN, NULL));
}

static void
test_history_groups (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (9, 9, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(MuScenario) start = mu_scenario_copy (mu_edit_history_get_scenario (h));
  guint changed = 0;

  g_signal_connect (h, "changed", G_CALLBACK (on_changed), &changed);

  /* one brush stroke over several hexes is one step */
  mu_edit_history_begin_group (h, NULL);
  for (int c = 2; c <= 6; c++)
    g_assert_true (mu_edit_paint_brush (h, (MuHex) { c, 4 }, MU_BRUSH_7, MU_TERRAIN_WOODLAND, NULL));
  g_assert_false (mu_edit_history_can_undo (h));
  g_assert_cmpuint (changed, ==, 5);     /* the canvas redraws during the stroke */
  mu_edit_history_end_group (h);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 1);
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Paint Woodland");

  /* nested groups: the outer label wins */
  mu_edit_history_begin_group (h, "Sketch Hill");
  mu_edit_history_begin_group (h, NULL);
  g_assert_true (mu_edit_change_elevation (h, &(MuHex) { 5, 5 }, 1, 1, NULL));
  mu_edit_history_end_group (h);
  g_assert_true (mu_edit_history_in_group (h));
  g_assert_true (mu_edit_change_elevation (h, &(MuHex) { 5, 6 }, 1, 2, NULL));
  mu_edit_history_end_group (h);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 2);
  g_assert_cmpstr (mu_edit_history_get_undo_label (h), ==, "Sketch Hill");
  g_assert_cmpint (cell (h, 5, 6)->elevation, ==, 2);

  /* a stroke that ends where it began is no step */
  mu_edit_history_begin_group (h, NULL);
  g_assert_true (mu_edit_change_elevation (h, &(MuHex) { 1, 1 }, 1, 1, NULL));
  g_assert_true (mu_edit_change_elevation (h, &(MuHex) { 1, 1 }, 1, -1, NULL));
  mu_edit_history_end_group (h);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 2);

  /* an empty group is no step */
  mu_edit_history_begin_group (h, "Nothing");
  mu_edit_history_end_group (h);
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 2);

  while (mu_edit_history_undo (h))
    ;
  assert_same (start, mu_edit_history_get_scenario (h));
}

static void
test_history_limit (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (9, 1, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);

  mu_edit_history_set_max_steps (h, 3);
  mu_edit_history_mark_clean (h);
  for (int c = 1; c <= 5; c++)
    g_assert_true (mu_edit_paint_brush (h, (MuHex) { c, 1 }, MU_BRUSH_1, MU_TERRAIN_MARSH, NULL));
  g_assert_cmpuint (mu_edit_history_get_n_undo (h), ==, 3);
  while (mu_edit_history_undo (h))
    ;
  /* the oldest steps are gone, so the saved state cannot be reached */
  g_assert_false (mu_edit_history_is_clean (h));
  g_assert_cmpint (cell (h, 2, 1)->terrain, ==, MU_TERRAIN_MARSH);
  g_assert_cmpint (cell (h, 3, 1)->terrain, ==, MU_TERRAIN_OPEN);
}

/* Terrain ------------------------------------------------------------------------- */

static void
test_brush_sizes (void)
{
  MuHexGrid g = { 9, 9, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN };
  MuHexGrid p = { 9, 9, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD };
  MuBrushSize sizes[] = { MU_BRUSH_1, MU_BRUSH_7, MU_BRUSH_19 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GArray) a = mu_edit_brush_hexes (&g, (MuHex) { 5, 5 }, sizes[i]);
      g_autoptr(GArray) b = mu_edit_brush_hexes (&p, (MuHex) { 4, 6 }, sizes[i]);

      g_assert_cmpuint (a->len, ==, sizes[i]);
      g_assert_cmpuint (b->len, ==, sizes[i]);
      for (guint j = 0; j < a->len; j++)
        g_assert_cmpint (mu_hex_distance (&g, (MuHex) { 5, 5 }, g_array_index (a, MuHex, j)), <=,
                         i);
    }
  /* clipped at a corner */
  {
    g_autoptr(GArray) c = mu_edit_brush_hexes (&g, (MuHex) { 1, 1 }, MU_BRUSH_7);

    g_assert_cmpuint (c->len, <, 7);
    for (guint j = 0; j < c->len; j++)
      g_assert_true (mu_hex_grid_contains (&g, g_array_index (c, MuHex, j)));
  }
}

static void
test_paint_and_fill (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (8, 6, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(GArray) rect = NULL;
  g_autoptr(GArray) region = NULL;
  g_autoptr(GError) error = NULL;

  STEP (h, mu_edit_paint_brush (h, (MuHex) { 4, 3 }, MU_BRUSH_19, MU_TERRAIN_SETTLEMENT, NULL),
        "Paint Settlement");
  g_assert_cmpint (cell (h, 4, 3)->terrain, ==, MU_TERRAIN_SETTLEMENT);

  rect = mu_edit_rectangle_hexes (&mu_edit_history_get_scenario (h)->hex_map->grid,
                                  (MuHex) { 7, 6 }, (MuHex) { 6, 0 });
  g_assert_cmpuint (rect->len, ==, 2 * 6);
  STEP (h, mu_edit_paint_terrain (h, (MuHex *) rect->data, rect->len, MU_TERRAIN_WATER, NULL),
        "Paint Water");
  g_assert_cmpint (cell (h, 6, 1)->terrain, ==, MU_TERRAIN_WATER);
  g_assert_cmpint (cell (h, 8, 1)->terrain, ==, MU_TERRAIN_OPEN);

  /* lasso: any hex list; off-board hexes are ignored */
  {
    MuHex lasso[] = { { 1, 6 }, { 2, 6 }, { 0, 6 }, { 40, 40 } };

    STEP (h, mu_edit_paint_terrain (h, lasso, G_N_ELEMENTS (lasso), MU_TERRAIN_MARSH, NULL),
          "Paint Marsh");
  }

  /* flood fill takes the connected open ground only */
  region = mu_edit_flood_hexes (mu_edit_history_get_scenario (h)->hex_map, (MuHex) { 1, 1 });
  STEP (h, mu_edit_flood_fill (h, (MuHex) { 1, 1 }, MU_TERRAIN_FIELDS, NULL), "Paint Fields");
  for (guint i = 0; i < region->len; i++)
    g_assert_cmpint (mu_hex_map_cell (mu_edit_history_get_scenario (h)->hex_map,
                                      g_array_index (region, MuHex, i))->terrain,
                     ==, MU_TERRAIN_FIELDS);
  g_assert_cmpint (cell (h, 4, 3)->terrain, ==, MU_TERRAIN_SETTLEMENT);
  g_assert_cmpint (cell (h, 1, 6)->terrain, ==, MU_TERRAIN_MARSH);
  g_assert_cmpint (cell (h, 8, 1)->terrain, ==, MU_TERRAIN_OPEN);   /* cut off by the water */

  REFUSED (h, mu_edit_flood_fill (h, (MuHex) { 9, 1 }, MU_TERRAIN_FIELDS, &error), "off the board");
}

static void
test_elevation (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (6, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  g_autoptr(GArray) brush = mu_edit_brush_hexes (&mu_edit_history_get_scenario (h)->hex_map->grid,
                                                 (MuHex) { 3, 3 }, MU_BRUSH_7);
  g_autoptr(GError) error = NULL;

  STEP (h, mu_edit_change_elevation (h, (MuHex *) brush->data, brush->len, 1, NULL),
        "Raise Elevation");
  g_assert_cmpint (cell (h, 3, 3)->elevation, ==, 1);
  g_assert_cmpint (cell (h, 3, 2)->elevation, ==, 1);
  STEP (h, mu_edit_change_elevation (h, &(MuHex) { 3, 3 }, 1, 20, NULL), "Raise Elevation");
  g_assert_cmpint (cell (h, 3, 3)->elevation, ==, MU_ELEVATION_MAX);
  NO_STEP (h, mu_edit_change_elevation (h, &(MuHex) { 3, 3 }, 1, 1, NULL));
  STEP (h, mu_edit_change_elevation (h, (MuHex *) brush->data, brush->len, -5, NULL),
        "Lower Elevation");
  g_assert_cmpint (cell (h, 3, 3)->elevation, ==, MU_ELEVATION_MAX - 5);
  g_assert_cmpint (cell (h, 3, 2)->elevation, ==, 0);
  NO_STEP (h, mu_edit_change_elevation (h, &(MuHex) { 1, 1 }, 1, -1, NULL));
  STEP (h, mu_edit_set_elevation (h, (MuHex) { 1, 1 }, 3, NULL), "Set Elevation");
  REFUSED (h, mu_edit_set_elevation (h, (MuHex) { 1, 1 }, 10, &error), "between 0 and 9");
}

static void
test_features (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (6, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MuHexMap *map;
  MuHex a = { 3, 3 }, n;
  g_autoptr(GError) error = NULL;

  STEP (h, mu_edit_set_hex_features (h, &a, 1, MU_HEX_FEATURE_FORD, TRUE, NULL), "Add Ford");
  STEP (h, mu_edit_set_hex_features (h, &a, 1, MU_HEX_FEATURE_STREAM, TRUE, NULL), "Add Stream");
  g_assert_cmpuint (cell (h, 3, 3)->features, ==, MU_HEX_FEATURE_FORD | MU_HEX_FEATURE_STREAM);
  STEP (h, mu_edit_set_hex_features (h, &a, 1, MU_HEX_FEATURE_FORD, FALSE, NULL), "Remove Ford");
  NO_STEP (h, mu_edit_set_hex_features (h, &a, 1, MU_HEX_FEATURE_FORD, FALSE, NULL));
  STEP (h, mu_edit_clear_hex_features (h, a, NULL), "Clear Hex Features");
  g_assert_cmpuint (cell (h, 3, 3)->features, ==, 0);

  /* a hexside is shared: set from one hex, seen from the other */
  STEP (h, mu_edit_set_side_features (h, a, 4, MU_SIDE_HEDGE, TRUE, NULL), "Add Hedge");
  STEP (h, mu_edit_set_side_features (h, a, 4, MU_SIDE_STREAM | MU_SIDE_FORD, TRUE, NULL),
        "Add Hexside Features");
  map = mu_edit_history_get_scenario (h)->hex_map;
  n = mu_hex_neighbour (&map->grid, a, 4);
  g_assert_cmpuint (mu_hex_map_side (map, n, 1), ==, MU_SIDE_HEDGE | MU_SIDE_STREAM | MU_SIDE_FORD);
  STEP (h, mu_edit_clear_side (h, n, 1, NULL), "Clear Hexside");
  g_assert_cmpuint (mu_hex_map_side (mu_edit_history_get_scenario (h)->hex_map, a, 4), ==, 0);
  /* the outer edge of the board has hexsides too */
  STEP (h, mu_edit_set_side_features (h, (MuHex) { 1, 1 }, 0, MU_SIDE_WALL, TRUE, NULL), "Add Wall");
  REFUSED (h, mu_edit_set_side_features (h, (MuHex) { 1, 1 }, 6, MU_SIDE_WALL, TRUE, &error),
           "0–5");
}

static guint
n_paths (MuEditHistory *h)
{
  return mu_edit_history_get_scenario (h)->hex_map->paths->len;
}

static MuPath *
path (MuEditHistory *h, guint i)
{
  return g_ptr_array_index (mu_edit_history_get_scenario (h)->hex_map->paths, i);
}

static void
assert_paths_connected (MuEditHistory *h)
{
  MuHexMap *map = mu_edit_history_get_scenario (h)->hex_map;

  for (guint i = 0; i < map->paths->len; i++)
    {
      MuPath *p = g_ptr_array_index (map->paths, i);

      g_assert_cmpuint (p->hexes->len, >=, 2);
      for (guint j = 1; j < p->hexes->len; j++)
        g_assert_cmpint (mu_hex_distance (&map->grid, g_array_index (p->hexes, MuHex, j - 1),
                                          g_array_index (p->hexes, MuHex, j)), ==, 1);
    }
}

static void
test_paths (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (8, 8, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(GError) error = NULL;
  const MuHexGrid *g = &mu_edit_history_get_scenario (h)->hex_map->grid;
  MuHex a = { 2, 4 }, b = { 3, 4 }, c, d, e = { 6, 4 }, f;

  c = mu_hex_neighbour (g, b, 2);
  d = mu_hex_neighbour (g, c, 2);
  f = mu_hex_neighbour (g, e, 5);
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, a, b, NULL), "Draw Turnpike");
  g_assert_cmpuint (n_paths (h), ==, 1);
  /* extending at either end keeps one path */
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, b, c, NULL), "Draw Turnpike");
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, mu_hex_neighbour (g, a, 5), a, NULL),
        "Draw Turnpike");
  g_assert_cmpuint (n_paths (h), ==, 1);
  g_assert_cmpuint (path (h, 0)->hexes->len, ==, 4);
  /* drawing an existing segment, either way round, does nothing */
  NO_STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, b, a, NULL));
  /* another kind is another path */
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_RAILROAD, a, b, NULL), "Draw Railroad");
  g_assert_cmpuint (n_paths (h), ==, 2);
  /* a separate turnpike further on, then the gap joined: one path */
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, f, e, NULL), "Draw Turnpike");
  g_assert_cmpuint (n_paths (h), ==, 3);
  g_assert_cmpint (mu_hex_distance (g, d, f), ==, 1);
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, c, d, NULL), "Draw Turnpike");
  STEP (h, mu_edit_add_path_segment (h, MU_PATH_TURNPIKE, d, f, NULL), "Draw Turnpike");
  g_assert_cmpuint (n_paths (h), ==, 2);
  g_assert_cmpuint (path (h, 0)->hexes->len, ==, 7);
  assert_paths_connected (h);

  /* removing a middle segment splits the path */
  STEP (h, mu_edit_remove_path_segment (h, MU_PATH_TURNPIKE, c, b, NULL), "Erase Turnpike");
  g_assert_cmpuint (n_paths (h), ==, 3);
  assert_paths_connected (h);
  g_assert_false (mu_hex_map_has_link (mu_edit_history_get_scenario (h)->hex_map, b,
                                       mu_hex_direction_to (g, b, c), MU_PATH_TURNPIKE));
  /* removing an end segment shortens it; a lone hex disappears */
  STEP (h, mu_edit_remove_path_segment (h, MU_PATH_RAILROAD, a, b, NULL), "Erase Railroad");
  g_assert_cmpuint (n_paths (h), ==, 2);

  REFUSED (h, mu_edit_remove_path_segment (h, MU_PATH_RIVER, a, b, &error), "No river");
  g_clear_error (&error);
  REFUSED (h, mu_edit_add_path_segment (h, MU_PATH_RIVER, a, c, &error), "adjacent");
  g_clear_error (&error);
  REFUSED (h, mu_edit_add_path_segment (h, MU_PATH_RIVER, a, (MuHex) { 0, 4 }, &error),
           "off the board");
}

static void
test_path_loop (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (6, 6, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN);
  const MuHexGrid *g = &mu_edit_history_get_scenario (h)->hex_map->grid;
  MuHex ring[6], centre = { 3, 3 };

  for (int d = 0; d < 6; d++)
    ring[d] = mu_hex_neighbour (g, centre, d);
  for (int d = 0; d < 6; d++)
    g_assert_true (mu_edit_add_path_segment (h, MU_PATH_LOCAL_ROAD, ring[d], ring[(d + 1) % 6],
                                             NULL));
  g_assert_cmpuint (n_paths (h), ==, 1);
  g_assert_cmpuint (path (h, 0)->hexes->len, ==, 7);
  assert_paths_connected (h);
  /* opening a ring leaves one path through all six hexes */
  STEP (h, mu_edit_remove_path_segment (h, MU_PATH_LOCAL_ROAD, ring[2], ring[3], NULL),
        "Erase Road");
  g_assert_cmpuint (n_paths (h), ==, 1);
  g_assert_cmpuint (path (h, 0)->hexes->len, ==, 6);
  assert_paths_connected (h);
}

static void
test_labels (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (6, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  GPtrArray *labels = mu_edit_history_get_scenario (h)->hex_map->labels;
  g_autoptr(GError) error = NULL;

  STEP (h, mu_edit_add_label (h, "Manassas Junction", (MuHex) { 2, 5 }, 0, 0.25, NULL) == 0,
        "Add Label");
  STEP (h, mu_edit_move_label (h, 0, (MuHex) { 3, 5 }, 0.1, 0, NULL), "Move Label");
  STEP (h, mu_edit_set_label_text (h, 0, "Manassas Jct.", NULL), "Edit Label");
  STEP (h, mu_edit_set_label_scale (h, 0, 1.5, NULL), "Resize Label");
  labels = mu_edit_history_get_scenario (h)->hex_map->labels;
  g_assert_cmpstr (((MuLabel *) labels->pdata[0])->text, ==, "Manassas Jct.");
  g_assert_cmpint (((MuLabel *) labels->pdata[0])->hex.col, ==, 3);
  REFUSED (h, mu_edit_set_label_text (h, 0, "", &error), "text");
  g_clear_error (&error);
  REFUSED (h, mu_edit_add_label (h, "x", (MuHex) { 7, 1 }, 0, 0, &error) >= 0, "off the board");
  g_clear_error (&error);
  REFUSED (h, mu_edit_remove_label (h, 3, &error), "no label 3");
  STEP (h, mu_edit_remove_label (h, 0, NULL), "Delete Label");
  g_assert_cmpuint (mu_edit_history_get_scenario (h)->hex_map->labels->len, ==, 0);
}

/* Objectives, tasks, reserves --------------------------------------------------------- */

static void
test_objectives (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autofree char *id = NULL;
  g_autofree char *other = NULL;
  g_autoptr(GError) error = NULL;
  MuObjective *o;

  STEP (h, (id = mu_edit_add_objective (h, "Henry House Hill", (MuHex) { 6, 5 },
                                        (MuPoint) { 0, 0 }, NULL)) != NULL, "Add Objective");
  /* redo restores the same id */
  o = mu_scenario_find_objective (mu_edit_history_get_scenario (h), id);
  g_assert_nonnull (o);
  g_assert_cmpstr (o->name, ==, "Henry House Hill");
  STEP (h, mu_edit_move_objective (h, id, (MuHex) { 6, 6 }, (MuPoint) { 0, 0 }, NULL),
        "Move Objective");
  STEP (h, mu_edit_set_objective_name (h, id, "Henry Hill", NULL), "Rename Objective");
  STEP (h, mu_edit_set_objective_owner (h, id, "usa", NULL), "Change Objective Owner");
  STEP (h, mu_edit_set_objective_value (h, id, 2, NULL), "Change Objective Value");
  STEP (h, mu_edit_set_objective_owner (h, id, NULL, NULL), "Change Objective Owner");
  REFUSED (h, mu_edit_set_objective_owner (h, id, "gb", &error), "csa, usa");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_objective_radius (h, id, 2, &error), "table");
  g_clear_error (&error);
  other = mu_edit_add_objective (h, "Stone Bridge", (MuHex) { 9, 3 }, (MuPoint) { 0, 0 }, NULL);
  REFUSED (h, mu_edit_move_objective (h, other, (MuHex) { 6, 6 }, (MuPoint) { 0, 0 }, &error),
           "already holds");
  STEP (h, mu_edit_remove_objective (h, id, NULL), "Delete Objective");
  g_assert_null (mu_scenario_find_objective (mu_edit_history_get_scenario (h), id));
}

static void
test_tasks (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;

  STEP (h, (id = mu_edit_add_task (h, "csa", "Disperse four Union brigades", "disperse usa 4",
                                   2, NULL)) != NULL, "Add Task Objective");
  STEP (h, mu_edit_set_task (h, id, "usa", "Exit three brigades west", "exit usa w 3", 1, NULL),
        "Edit Task Objective");
  REFUSED (h, mu_edit_set_task (h, id, "usa", "", NULL, 1, &error), "description");
  g_clear_error (&error);
  REFUSED (h, mu_edit_add_task (h, "csa", "x", NULL, 101, &error) != NULL, "0 to 100");
  STEP (h, mu_edit_remove_task (h, id, NULL), "Delete Task Objective");
}

static void
test_reserves (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *unit = NULL;
  MuHex edge[] = { { 1, 4 }, { 1, 5 }, { 1, 4 } };
  MuHex inner = { 4, 4 };
  MuReserve *r;

  STEP (h, (id = mu_edit_add_reserve (h, "csa", "Kirby Smith's brigade", NULL)) != NULL,
        "Add Reserve");
  STEP (h, mu_edit_set_reserve_arrival (h, id, MU_ARRIVAL_ROLL, 8, 4, NULL),
        "Change Reserve Arrival");
  REFUSED (h, mu_edit_set_reserve_arrival (h, id, MU_ARRIVAL_ROLL, 13, 4, &error), "1–12");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_reserve_arrival (h, id, MU_ARRIVAL_ROLL, 3, 7, &error), "1 to 6");
  g_clear_error (&error);
  STEP (h, mu_edit_set_reserve_entry (h, id, edge, G_N_ELEMENTS (edge), NULL), "Set Entry Hexes");
  r = mu_scenario_find_reserve (mu_edit_history_get_scenario (h), id);
  g_assert_cmpuint (r->entry->len, ==, 2);   /* duplicates dropped */
  REFUSED (h, mu_edit_set_reserve_entry (h, id, &inner, 1, &error), "not on the board edge");
  g_clear_error (&error);
  STEP (h, mu_edit_set_reserve_edge (h, id, "w", NULL), "Set Entry Edge");
  REFUSED (h, mu_edit_set_reserve_edge (h, id, "nw", &error), "n, e, s or w");
  g_clear_error (&error);

  /* a railroad reserve enters on a railroad, anywhere on the board */
  STEP (h, mu_edit_set_reserve_kind (h, id, MU_RESERVE_RAILROAD, NULL), "Change Reserve Kind");
  REFUSED (h, mu_edit_set_reserve_entry (h, id, &inner, 1, &error), "BAA-SPC-1");
  g_clear_error (&error);
  g_assert_true (mu_edit_add_path_segment (h, MU_PATH_RAILROAD, inner, (MuHex) { 4, 5 }, NULL));
  STEP (h, mu_edit_set_reserve_entry (h, id, &inner, 1, NULL), "Set Entry Hexes");

  /* counters arrive with it; deleting it leaves them unplaced, and says so */
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "csa", NULL, NULL);
  STEP (h, mu_edit_set_counter_reserve (h, unit, id, NULL), "Send Counter to Reserve");
  STEP (h, mu_edit_remove_reserve (h, id, NULL), "Delete Reserve");
  g_assert_nonnull (strstr (mu_edit_history_get_undo_detail (h), "no longer placed"));
  g_assert_cmpint (mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit)->place.kind,
                   ==, MU_PLACE_NONE);
}

/* Resizing ------------------------------------------------------------------------- */

/* Fill a board with content whose relations are checkable after a resize. */
static void
decorate (MuEditHistory *h)
{
  MuScenario *s = mu_edit_history_get_scenario (h);
  const MuHexGrid *g = &s->hex_map->grid;
  g_autofree char *side = mu_edit_add_side (h, "csa", "Confederate", 0xaaaaaa, NULL);
  g_autofree char *obj = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *res = NULL;
  MuHex e = { 1, 2 };

  for (int r = 1; r <= g->rows; r++)
    for (int c = 1; c <= g->cols; c++)
      {
        MuHex x = { c, r };

        g_assert_true (mu_edit_paint_terrain (h, &x, 1, (MuTerrain) ((c * 3 + r) % MU_TERRAIN_N), NULL));
        g_assert_true (mu_edit_set_elevation (h, x, (c + r) % 4, NULL));
        g_assert_true (mu_edit_set_side_features (h, x, (c + r) % 6, MU_SIDE_HEDGE << (c % 3), TRUE, NULL));
      }
  for (int c = 1; c < g->cols; c++)
    g_assert_true (mu_edit_add_path_segment (h, MU_PATH_RIVER, (MuHex) { c, 2 },
                                             mu_hex_neighbour (g, (MuHex) { c, 2 }, 2), NULL));
  g_assert_cmpint (mu_edit_add_label (h, "Sudley", (MuHex) { 2, 2 }, 0, 0, NULL), ==, 0);
  g_assert_cmpint (mu_edit_add_label (h, "Edge", (MuHex) { 1, 1 }, 0, 0, NULL), ==, 1);
  obj = mu_edit_add_objective (h, "Ford", (MuHex) { 3, 3 }, (MuPoint) { 0, 0 }, NULL);
  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  g_assert_true (mu_edit_place_counter_hex (h, unit, (MuHex) { 1, 3 }, NULL));
  res = mu_edit_add_reserve (h, side, NULL, NULL);
  g_assert_true (mu_edit_set_reserve_entry (h, res, &e, 1, NULL));
}

/* Every hex of `old` that is on the new board (shifted by dc, dr) keeps its
 * cell, the features of its six hexsides, and its neighbours' cells. */
static void
assert_shifted (const MuScenario *old,
                const MuScenario *now,
                int               dc,
                int               dr)
{
  const MuHexMap *a = old->hex_map, *b = now->hex_map;

  for (int r = 1; r <= a->grid.rows; r++)
    for (int c = 1; c <= a->grid.cols; c++)
      {
        MuHex x = { c, r }, y = { c + dc, r + dr };

        if (!mu_hex_grid_contains (&b->grid, y))
          continue;
        g_assert_cmpmem (mu_hex_map_cell (a, x), sizeof (MuHexCell),
                         mu_hex_map_cell (b, y), sizeof (MuHexCell));
        for (int d = 0; d < 6; d++)
          {
            MuHex nx = mu_hex_neighbour (&a->grid, x, d);
            MuHex ny = mu_hex_neighbour (&b->grid, y, d);

            g_assert_cmpint (ny.col, ==, nx.col + dc);
            g_assert_cmpint (ny.row, ==, nx.row + dr);
            g_assert_cmpuint (mu_hex_map_side (a, x, d), ==, mu_hex_map_side (b, y, d));
          }
      }
}

static void
test_resize (void)
{
  const MuHexGrid grids[] = {
    { 7, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN },
    { 7, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD },
    { 6, 7, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_EVEN },
    { 6, 7, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD },
  };
  const struct { MuEdge edge; int count, dc, dr; } cases[] = {
    { MU_EDGE_WEST, 1, 1, 0 },
    { MU_EDGE_WEST, 2, 2, 0 },
    { MU_EDGE_NORTH, 1, 0, 1 },
    { MU_EDGE_NORTH, 3, 0, 3 },
    { MU_EDGE_EAST, 2, 0, 0 },
    { MU_EDGE_SOUTH, 1, 0, 0 },
  };

  for (guint gi = 0; gi < G_N_ELEMENTS (grids); gi++)
    for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
      {
        g_autoptr(MuEditHistory) h = new_hex_history (grids[gi].cols, grids[gi].rows,
                                                      grids[gi].orientation, grids[gi].offset);
        g_autoptr(MuScenario) old = NULL;
        g_autofree char *report = NULL;
        MuScenario *s = mu_edit_history_get_scenario (h);
        MuCounter *unit;
        MuReserve *res;

        decorate (h);
        old = mu_scenario_copy (s);
        STEP (h, mu_edit_resize_board (h, cases[ci].edge, cases[ci].count, &report, NULL),
              "Add Rows or Columns");
        g_assert_null (report);      /* growing loses nothing */
        assert_shifted (old, s, cases[ci].dc, cases[ci].dr);
        g_assert_cmpuint (s->hex_map->paths->len, ==, old->hex_map->paths->len);
        for (guint i = 0; i < s->hex_map->paths->len; i++)
          {
            MuPath *pa = old->hex_map->paths->pdata[i], *pb = s->hex_map->paths->pdata[i];

            g_assert_cmpuint (pa->hexes->len, ==, pb->hexes->len);
            for (guint j = 0; j < pa->hexes->len; j++)
              {
                g_assert_cmpint (g_array_index (pa->hexes, MuHex, j).col + cases[ci].dc, ==,
                                 g_array_index (pb->hexes, MuHex, j).col);
                g_assert_cmpint (g_array_index (pa->hexes, MuHex, j).row + cases[ci].dr, ==,
                                 g_array_index (pb->hexes, MuHex, j).row);
              }
          }
        assert_paths_connected (h);
        unit = g_ptr_array_index (s->counters, 0);
        g_assert_cmpint (unit->place.hex.col, ==, 1 + cases[ci].dc);
        g_assert_cmpint (unit->place.hex.row, ==, 3 + cases[ci].dr);
        g_assert_cmpint (((MuObjective *) s->objectives->pdata[0])->hex.col, ==, 3 + cases[ci].dc);
        g_assert_cmpint (((MuLabel *) s->hex_map->labels->pdata[0])->hex.row, ==, 2 + cases[ci].dr);
        /* the reserve still enters from the west edge */
        res = g_ptr_array_index (s->reserves, 0);
        g_assert_cmpuint (res->entry->len, ==, 1);
        g_assert_cmpint (g_array_index (res->entry, MuHex, 0).col, ==, 1);
        g_assert_cmpint (g_array_index (res->entry, MuHex, 0).row, ==, 2 + cases[ci].dr);

        /* removing what was added gives back the original board */
        g_assert_true (mu_edit_resize_board (h, cases[ci].edge, -cases[ci].count, &report, NULL));
        g_assert_null (report);
        assert_same (old, s);
      }
}

static void
test_resize_loses (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (7, 6, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(MuScenario) old = NULL;
  g_autofree char *report = NULL;
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_edit_history_get_scenario (h);

  decorate (h);
  old = mu_scenario_copy (s);
  STEP (h, mu_edit_resize_board (h, MU_EDGE_WEST, -1, &report, NULL), "Remove Rows or Columns");
  g_assert_nonnull (report);
  g_assert_cmpstr (report, ==, mu_edit_history_get_undo_detail (h));
  g_assert_nonnull (strstr (report, "1 label"));
  g_assert_nonnull (strstr (report, "1 counter is no longer placed"));
  g_assert_nonnull (strstr (report, "hexes of terrain"));
  g_assert_cmpint (s->hex_map->grid.cols, ==, 6);
  g_assert_cmpint (s->hex_map->grid.offset, ==, MU_HEX_OFFSET_ODD);
  assert_shifted (old, s, -1, 0);
  assert_paths_connected (h);
  g_assert_cmpuint (s->hex_map->labels->len, ==, 1);
  g_assert_cmpint (((MuCounter *) s->counters->pdata[0])->place.kind, ==, MU_PLACE_NONE);
  /* the west entry hex stays on the west edge */
  g_assert_cmpuint (((MuReserve *) s->reserves->pdata[0])->entry->len, ==, 1);

  REFUSED (h, mu_edit_resize_board (h, MU_EDGE_SOUTH, -6, NULL, &error), "1 to 999");
}

/* Tabletop ------------------------------------------------------------------------- */

static void
test_table (void)
{
  g_autoptr(MuEditHistory) h =
    mu_edit_history_new (mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm"));
  MuPoint tri[] = { { 10, 10 }, { 20, 10 }, { 15, 20 } };
  MuPoint road[] = { { 0, 24 }, { 72, 24 } };
  MuTableMap *t;
  MuArea *hill;
  g_autoptr(GError) error = NULL;

  STEP (h, mu_edit_add_area (h, MU_AREA_HILL, tri, 3, NULL) == 0, "Draw Hill");
  STEP (h, mu_edit_add_line (h, MU_LINE_TURNPIKE, road, 2, NULL) == 0, "Draw Turnpike");
  STEP (h, mu_edit_move_area (h, 0, 5, -2, NULL), "Move Area");
  t = mu_edit_history_get_scenario (h)->table;
  hill = g_ptr_array_index (t->areas, 0);
  g_assert_cmpfloat (g_array_index (hill->points, MuPoint, 0).x, ==, 15);
  g_assert_cmpfloat (g_array_index (hill->points, MuPoint, 0).y, ==, 8);
  STEP (h, mu_edit_rotate_area (h, 0, 90, NULL), "Rotate Area");
  hill = g_ptr_array_index (mu_edit_history_get_scenario (h)->table->areas, 0);
  /* the centroid stays put */
  {
    double cx = 0, cy = 0;

    for (guint i = 0; i < 3; i++)
      {
        cx += g_array_index (hill->points, MuPoint, i).x / 3;
        cy += g_array_index (hill->points, MuPoint, i).y / 3;
      }
    g_assert_cmpfloat_with_epsilon (cx, 20, 1e-9);
    g_assert_cmpfloat_with_epsilon (cy, 34.0 / 3, 1e-9);
  }
  STEP (h, mu_edit_set_area_level (h, 0, 2, NULL), "Set Hill Level");
  STEP (h, mu_edit_set_area_name (h, 0, "Henry Hill", NULL), "Rename Area");
  STEP (h, mu_edit_rotate_line (h, 0, 45, NULL), "Rotate Line");
  STEP (h, mu_edit_move_line (h, 0, 1, 1, NULL), "Move Line");
  STEP (h, mu_edit_set_line_points (h, 0, road, 2, NULL), "Reshape Line");
  STEP (h, mu_edit_set_area_points (h, 0, tri, 3, NULL), "Reshape Area");
  STEP (h, mu_edit_set_table_size (h, 96, 48, NULL), "Resize Table");
  STEP (h, mu_edit_add_label (h, "Bull Run", MU_HEX_NONE, 30, 40, NULL) == 0, "Add Label");
  REFUSED (h, mu_edit_add_area (h, MU_AREA_WOODS, tri, 2, &error) >= 0, "at least 3 points");
  g_clear_error (&error);
  REFUSED (h, mu_edit_paint_brush (h, (MuHex) { 1, 1 }, MU_BRUSH_1, MU_TERRAIN_MARSH, &error),
           "hex board");
  g_clear_error (&error);
  REFUSED (h, mu_edit_resize_board (h, MU_EDGE_EAST, 1, NULL, &error), "table");
  STEP (h, mu_edit_add_area (h, MU_AREA_WOODS, tri, 3, NULL) == 1, "Draw Woods");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_area_level (h, 1, 2, &error), "Only hills");
  STEP (h, mu_edit_remove_area (h, 0, NULL), "Delete Area");
  STEP (h, mu_edit_remove_line (h, 0, NULL), "Delete Line");
}

/* Order of battle --------------------------------------------------------------------- */

static MuCounter *
counter (MuEditHistory *h, const char *id)
{
  return mu_scenario_find_counter (mu_edit_history_get_scenario (h), id);
}

static void
test_oob_tree (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autofree char *army = NULL, *div1 = NULL, *div2 = NULL, *u1 = NULL, *u2 = NULL;
  g_autofree char *star = NULL, *copy = NULL, *yank = NULL;
  g_autoptr(GError) error = NULL;

  STEP (h, (army = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "csa", NULL, NULL)) != NULL,
        "Add Control Counter");
  STEP (h, (div1 = mu_edit_add_counter (h, MU_COUNTER_COMMAND, "csa", army, NULL)) != NULL,
        "Add Command Counter");
  div2 = mu_edit_add_counter (h, MU_COUNTER_COMMAND, "csa", army, NULL);
  g_assert_cmpint (mu_counter_get_int (counter (h, div1), "division"), ==, 1);
  g_assert_cmpint (mu_counter_get_int (counter (h, div2), "division"), ==, 2);
  STEP (h, (u1 = mu_edit_add_counter (h, MU_COUNTER_UNIT, "csa", div1, NULL)) != NULL, "Add Unit");
  g_assert_cmpint (mu_counter_get_int (counter (h, u1), "identity"), ==, 1);
  u2 = mu_edit_add_counter (h, MU_COUNTER_UNIT, "csa", div2, NULL);
  /* a unit under division 1 is inserted after that division's units, before division 2 */
  {
    g_autofree char *u3 = mu_edit_add_counter (h, MU_COUNTER_UNIT, "csa", div1, NULL);
    guint i1, i3, id2;

    g_ptr_array_find (s->counters, counter (h, u1), &i1);
    g_ptr_array_find (s->counters, counter (h, u3), &i3);
    g_ptr_array_find (s->counters, counter (h, div2), &id2);
    g_assert_cmpuint (i3, ==, i1 + 1);
    g_assert_cmpuint (i3, <, id2);
  }
  STEP (h, (star = mu_edit_add_counter (h, MU_COUNTER_UNIT, "csa", NULL, NULL)) != NULL, "Add Unit");
  g_assert_cmpint (mu_counter_get_int (counter (h, star), "identity"), ==, 0);
  g_assert_null (counter (h, star)->parent);

  /* reassigning a unit makes it take the new division's number */
  STEP (h, mu_edit_set_counter_parent (h, u1, div2, NULL), "Reassign Counter");
  g_assert_cmpint (mu_counter_get_int (counter (h, u1), "identity"), ==, 2);
  STEP (h, mu_edit_set_counter_parent (h, u1, NULL, NULL), "Reassign Counter");
  g_assert_cmpint (mu_counter_get_int (counter (h, u1), "identity"), ==, 0);
  /* and the identity field says the same as the parent */
  STEP (h, mu_edit_set_counter_number (h, u1, "identity", 1, NULL), "Change Identity");
  g_assert_cmpstr (counter (h, u1)->parent, ==, div1);
  REFUSED (h, mu_edit_set_counter_number (h, u1, "identity", 7, &error), "no division 7");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, u1, "identity", 1000, &error),
           "Identity must be 0 (STAR, unassigned) or a division number 1 to 999, not 1000");
  g_clear_error (&error);
  /* a number the ruleset does not declare for the kind */
  REFUSED (h, mu_edit_set_counter_number (h, u1, "division", 1, &error), "has no Division");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, u1, "no-such-number", 1, &error), "has no no-such-number");
  g_clear_error (&error);
  /* renumbering a division carries its units along */
  STEP (h, mu_edit_set_counter_number (h, div1, "division", 5, NULL), "Change Division");
  g_assert_cmpint (mu_counter_get_int (counter (h, u1), "identity"), ==, 5);
  REFUSED (h, mu_edit_set_counter_number (h, div1, "division", 2, &error),
           "already");
  g_clear_error (&error);

  REFUSED (h, mu_edit_set_counter_parent (h, u1, army, &error), "command counter");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_parent (h, div1, u2, &error), "control counter");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_parent (h, army, army, &error), "superior");
  g_clear_error (&error);
  {
    g_autofree char *union_army = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);

    REFUSED (h, mu_edit_set_counter_parent (h, div1, union_army, &error), "side usa");
    g_clear_error (&error);
  }

  /* reorder, duplicate, delete a subtree */
  STEP (h, mu_edit_move_counter_order (h, star, 0, NULL), "Reorder Counters");
  g_assert_true (g_ptr_array_index (s->counters, 0) == counter (h, star));
  g_assert_true (mu_edit_place_counter_hex (h, u2, (MuHex) { 4, 4 }, NULL));
  STEP (h, (copy = mu_edit_duplicate_counter (h, u2, NULL)) != NULL, "Duplicate Counter");
  g_assert_cmpstr (copy, !=, u2);
  g_assert_cmpint (counter (h, copy)->place.kind, ==, MU_PLACE_NONE);
  g_assert_cmpstr (counter (h, copy)->parent, ==, div2);
  STEP (h, (yank = mu_edit_duplicate_counter (h, div2, NULL)) != NULL, "Duplicate Counter");
  g_assert_cmpint (mu_counter_get_int (counter (h, yank), "division"), ==, 6);
  STEP (h, mu_edit_remove_counter (h, div2, NULL), "Delete Counter");
  g_assert_null (counter (h, div2));
  g_assert_null (counter (h, u2));
  g_assert_null (counter (h, copy));
  g_assert_nonnull (counter (h, u1));
  g_assert_nonnull (strstr (mu_edit_history_get_undo_detail (h), "2 counters under it"));

  /* a division changes side with its units */
  STEP (h, mu_edit_set_counter_side (h, div1, "usa", NULL), "Change Counter Side");
  g_assert_cmpstr (counter (h, u1)->side, ==, "usa");
  g_assert_null (counter (h, div1)->parent);
  g_assert_cmpstr (counter (h, u1)->parent, ==, div1);

  STEP (h, mu_edit_set_counter_name (h, u1, "Jackson's Brigade", NULL), "Rename Counter");
  STEP (h, mu_edit_set_counter_note (h, u1, "Stood like a stone wall.", NULL),
        "Edit Historical Note");
}

static void
test_oob_values (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autofree char *ctl = mu_edit_add_counter (h, MU_COUNTER_CONTROL, "usa", NULL, NULL);
  g_autofree char *cmd = mu_edit_add_counter (h, MU_COUNTER_COMMAND, "usa", ctl, NULL);
  g_autofree char *unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, "usa", cmd, NULL);
  g_autoptr(GError) error = NULL;
  int min, max;

  g_assert_true (mu_edit_counter_number_range (NULL, MU_COUNTER_UNIT, "attack", &min, &max));
  g_assert_cmpint (min, ==, 2);
  g_assert_cmpint (max, ==, 6);
  g_assert_false (mu_edit_counter_number_range (NULL, MU_COUNTER_UNIT, "leadership", NULL, NULL));

  STEP (h, mu_edit_set_counter_number (h, unit, "attack", 3, NULL), "Change Attack");
  STEP (h, mu_edit_set_counter_number (h, unit, "range", 3, NULL), "Change Range");
  STEP (h, mu_edit_set_counter_number (h, unit, "strength", 5, NULL), "Change Strength");
  STEP (h, mu_edit_set_counter_arm (h, unit, "artillery", NULL), "Change Arm");
  STEP (h, mu_edit_set_counter_value (h, unit, "abilities", "sharpshooter indomitable", NULL),
        "Change Special abilities");
  g_assert_cmpstr (mu_values_get (mu_scenario_find_counter (mu_edit_history_get_scenario (h), unit)->values,
                                  "abilities"), ==, "indomitable sharpshooter");
  STEP (h, mu_edit_set_counter_value (h, unit, "fatigued", "true", NULL), "Change Fatigued");
  STEP (h, mu_edit_set_counter_number (h, cmd, "leadership", 4, NULL), "Change Leadership");
  STEP (h, mu_edit_set_counter_value (h, cmd, "exceptional", "true", NULL), "Change Exceptional");
  STEP (h, mu_edit_set_counter_value (h, ctl, "star", "true", NULL), "Change Star");
  NO_STEP (h, mu_edit_set_counter_value (h, ctl, "star", "true", NULL));

  REFUSED (h, mu_edit_set_counter_number (h, unit, "attack", 7, &error),
           "Attack must be 2 to 6, not 7");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, unit, "attack", 1, &error), "BAA §1.2");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, unit, "range", 0, &error), "Range must be 1");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, unit, "strength", 0, &error), "Strength");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, cmd, "leadership", 7, &error),
           "Leadership must be 1 to 6");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_number (h, unit, "leadership", 3, &error),
           "has no Leadership");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_value (h, unit, "abilities", "brave", &error), "abilities “brave” is not allowed");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_value (h, cmd, "star", "true", &error), "has no star");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_counter_value (h, "nobody", "star", "true", &error), "no counter");
}

static void
test_oob_sides_and_placement (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *side = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *res = NULL;
  g_autofree char *other = NULL;

  STEP (h, (side = mu_edit_add_side (h, NULL, "Militia", 0x336633, NULL)) != NULL, "Add Side");
  STEP (h, mu_edit_set_side_name (h, side, "State Militia", NULL), "Rename Side");
  STEP (h, mu_edit_set_side_colour (h, side, 0x224422, NULL), "Change Side Colour");
  STEP (h, mu_edit_move_side (h, side, 0, NULL), "Reorder Sides");
  REFUSED (h, mu_edit_add_side (h, "csa", "Again", 0, &error) != NULL, "already used");
  g_clear_error (&error);
  REFUSED (h, mu_edit_add_side (h, "_x", "Bad", 0, &error) != NULL, "starts with a letter or digit");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_side_colour (h, side, 0x1000000, &error), "0xRRGGBB");
  g_clear_error (&error);

  unit = mu_edit_add_counter (h, MU_COUNTER_UNIT, side, NULL, NULL);
  REFUSED (h, mu_edit_remove_side (h, side, &error), "still has 1 counters");
  g_clear_error (&error);
  STEP (h, mu_edit_place_counter_hex (h, unit, (MuHex) { 5, 5 }, NULL), "Place Counter");
  STEP (h, mu_edit_place_counter_hex (h, unit, (MuHex) { 5, 6 }, NULL), "Move Counter");
  STEP (h, mu_edit_set_counter_formation (h, unit, MU_FORMATION_COLUMN, NULL), "Change Formation");
  REFUSED (h, mu_edit_place_counter_hex (h, unit, (MuHex) { 13, 1 }, &error), "off the board");
  g_clear_error (&error);
  REFUSED (h, mu_edit_place_counter_table (h, unit, (MuPoint) { 1, 1 }, 0, &error), "hex board");
  g_clear_error (&error);
  res = mu_edit_add_reserve (h, side, "Late arrivals", NULL);
  other = mu_edit_add_reserve (h, "usa", NULL, NULL);
  REFUSED (h, mu_edit_set_counter_reserve (h, unit, other, &error), "belongs to side usa");
  g_clear_error (&error);
  STEP (h, mu_edit_set_counter_reserve (h, unit, res, NULL), "Send Counter to Reserve");
  g_assert_cmpint (counter (h, unit)->place.formation, ==, MU_FORMATION_COLUMN);
  STEP (h, mu_edit_unplace_counter (h, unit, NULL), "Remove Counter from Board");
  STEP (h, mu_edit_remove_counter (h, unit, NULL), "Delete Counter");
  g_assert_true (mu_edit_remove_reserve (h, res, NULL));
  STEP (h, mu_edit_remove_side (h, side, NULL), "Delete Side");
}

/* Properties ------------------------------------------------------------------------- */

static void
test_properties (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autoptr(GError) error = NULL;
  int nights[] = { 12, 11, 12 };
  MuScenario *s = mu_edit_history_get_scenario (h);

  STEP (h, mu_edit_set_title (h, "First Manassas", NULL), "Change Title");
  STEP (h, mu_edit_set_description (h, "21 July 1861.", NULL), "Change Description");
  STEP (h, mu_edit_set_author (h, "Muster", NULL), "Change Author");
  STEP (h, mu_edit_set_date (h, "1861-07-21", NULL), "Change Date");
  REFUSED (h, mu_edit_set_date (h, "1861-02-30", &error), "not a date");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_date (h, "21/07/1861", &error), "1861-07-21");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_ruleset (h, "baa-table", &error), "played on a table");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_ruleset (h, "chess", &error), "Unknown ruleset");
  g_clear_error (&error);
  STEP (h, mu_edit_set_option (h, "baa.withdrawing", FALSE, NULL), "Turn Rule Off");
  STEP (h, mu_edit_set_option (h, "baa.withdrawing", TRUE, NULL), "Turn Rule On");
  NO_STEP (h, mu_edit_set_option (h, "baa.withdrawing", TRUE, NULL));
  g_assert_true (mu_scenario_option (s, "baa.withdrawing", FALSE));
  STEP (h, mu_edit_set_objectives_required (h, 4, NULL), "Change Victory Conditions");
  STEP (h, mu_edit_set_timeline (h, MU_TIMELINE_BOUNDS, 14, NULL), "Change Timeline");
  STEP (h, mu_edit_set_timeline (h, MU_TIMELINE_START, 5 * 60 + 30, NULL), "Change Timeline");
  REFUSED (h, mu_edit_set_timeline (h, MU_TIMELINE_DUSK, 1440, &error), "23:59");
  g_clear_error (&error);
  REFUSED (h, mu_edit_set_timeline (h, MU_TIMELINE_BOUNDS, 0, &error), "1 to 240, not 0");
  g_clear_error (&error);
  STEP (h, mu_edit_set_night_bounds (h, nights, 3, NULL), "Change Night Bounds");
  g_assert_cmpuint (s->timeline.night_bounds->len, ==, 2);
  g_assert_cmpint (g_array_index (s->timeline.night_bounds, int, 0), ==, 11);
  REFUSED (h, mu_edit_set_night_bounds (h, (int[]) { 15 }, 1, &error), "1–14");
  g_clear_error (&error);

  /* Options of type number take a whole number in the ruleset's range. */
  {
    g_autoptr(MuEditHistory) t = mu_edit_history_new (mu_scenario_new_table ("mn-acw", 48, 36, MU_UNIT_INCH, "6mm"));

    STEP (t, mu_edit_set_option_value (t, "mn.activation-dice", "3", NULL), "Change Rule Option");
    NO_STEP (t, mu_edit_set_option_value (t, "mn.activation-dice", "3", NULL));
    g_assert_cmpint (mu_scenario_option_number (mu_edit_history_get_scenario (t), "mn.activation-dice", 0), ==, 3);
    REFUSED (t, mu_edit_set_option_value (t, "mn.activation-dice", "7", &error), "from 2 to 4");
    g_clear_error (&error);
    REFUSED (t, mu_edit_set_option_value (t, "mn.activation-dice", "two", &error), "from 2 to 4");
    g_clear_error (&error);
    g_assert_true (mu_edit_history_undo (t));
    g_assert_null (mu_scenario_option_value (mu_edit_history_get_scenario (t), "mn.activation-dice"));
  }
}

/* Everything undone: the model is the one we started with. */
static void
test_undo_to_start (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (10, 8, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_autoptr(MuScenario) start = mu_scenario_copy (mu_edit_history_get_scenario (h));
  g_autoptr(MuScenario) end = NULL;
  guint steps;

  decorate (h);
  g_assert_true (mu_edit_set_title (h, "Test", NULL));
  g_assert_true (mu_edit_resize_board (h, MU_EDGE_WEST, -2, NULL, NULL));
  g_assert_true (mu_edit_resize_board (h, MU_EDGE_SOUTH, 3, NULL, NULL));
  end = mu_scenario_copy (mu_edit_history_get_scenario (h));
  steps = mu_edit_history_get_n_undo (h);
  g_assert_cmpuint (steps, >, 200);
  while (mu_edit_history_undo (h))
    ;
  assert_same (start, mu_edit_history_get_scenario (h));
  g_assert_true (mu_edit_history_is_clean (h));
  /* and it saves to the same bytes */
  {
    gsize n1, n2;
    g_autofree char *a = mu_scenario_save_to_data (start, &n1);
    g_autofree char *b = mu_scenario_save_to_data (mu_edit_history_get_scenario (h), &n2);

    g_assert_cmpmem (a, n1, b, n2);
  }
  while (mu_edit_history_redo (h))
    ;
  assert_same (end, mu_edit_history_get_scenario (h));
}

/* A long random walk of edits, undos and redos, groups and board resizes:
 * after each, the model equals the one recorded for that point of the
 * history (steps keep only what changed; this checks they keep enough). */
static void
test_history_random_walk (void)
{
  g_autoptr(MuEditHistory) h = new_battle ();
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_scenario_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1862);
  MuScenario *s = mu_edit_history_get_scenario (h);
  guint pos = 0, n_edits = 0;

  g_ptr_array_add (states, mu_scenario_copy (s));
  for (int i = 0; i < 600; i++)
    {
      int what = g_rand_int_range (rand, 0, 20);
      const MuHexGrid *g = &s->hex_map->grid;
      MuHex x = { g_rand_int_range (rand, 1, g->cols + 1), g_rand_int_range (rand, 1, g->rows + 1) };
      guint n = mu_edit_history_get_n_undo (h);
      const char *side = g_rand_boolean (rand) ? "usa" : "csa";
      const MuCounter *c = s->counters->len ? g_ptr_array_index (s->counters, g_rand_int_range (rand, 0, s->counters->len)) : NULL;
      g_autofree char *id = NULL;

      if (what < 3 && mu_edit_history_can_undo (h))
        {
          g_assert_true (mu_edit_history_undo (h));
          assert_same (g_ptr_array_index (states, --pos), s);
          continue;
        }
      if (what < 5 && mu_edit_history_can_redo (h))
        {
          g_assert_true (mu_edit_history_redo (h));
          assert_same (g_ptr_array_index (states, ++pos), s);
          continue;
        }
      switch (what)
        {
        case 5: case 6:
          mu_edit_paint_brush (h, x, MU_BRUSH_7, (MuTerrain) g_rand_int_range (rand, 0, MU_TERRAIN_N), NULL);
          break;
        case 7:
          mu_edit_set_hex_features (h, &x, 1, MU_HEX_FEATURE_BUILDINGS, g_rand_boolean (rand), NULL);
          break;
        case 8:
          mu_edit_set_side_features (h, x, g_rand_int_range (rand, 0, 6), MU_SIDE_WALL, g_rand_boolean (rand), NULL);
          break;
        case 9:
          mu_edit_set_elevation (h, x, g_rand_int_range (rand, 0, 5), NULL);
          break;
        case 10: case 11:
          id = mu_edit_add_counter (h, g_rand_boolean (rand) ? MU_COUNTER_UNIT : MU_COUNTER_COMMAND, side, NULL, NULL);
          break;
        case 12:
          if (c)
            mu_edit_remove_counter (h, c->id, NULL);
          break;
        case 13:
          if (c)
            mu_edit_place_counter_hex (h, c->id, x, NULL);
          break;
        case 14:
          if (c)
            mu_edit_set_counter_name (h, c->id, g_rand_boolean (rand) ? "A" : "B", NULL);
          break;
        case 15:
          mu_edit_add_label (h, "Here", x, 0, 0, NULL);
          break;
        case 16:
          mu_edit_set_title (h, g_rand_boolean (rand) ? "One" : "Two", NULL);
          break;
        case 17:
          if (g_rand_int_range (rand, 0, 4) == 0)
            mu_edit_resize_board (h, (MuEdge) g_rand_int_range (rand, 0, 4),
                                  g->cols > 8 && g->rows > 8 && g_rand_boolean (rand) ? -1 : 1, NULL, NULL);
          break;
        default:
          /* a stroke: one step, or none when it ends where it began */
          mu_edit_history_begin_group (h, "Stroke");
          mu_edit_change_elevation (h, &x, 1, 1, NULL);
          if (g_rand_boolean (rand))
            mu_edit_change_elevation (h, &x, 1, -1, NULL);
          if (c && g_rand_boolean (rand))
            mu_edit_place_counter_hex (h, c->id, x, NULL);
          mu_edit_history_end_group (h);
          break;
        }
      if (mu_edit_history_get_n_undo (h) == n + 1 || (n == 500 && mu_edit_history_get_n_undo (h) == n))
        {
          g_ptr_array_set_size (states, ++pos);
          g_ptr_array_add (states, mu_scenario_copy (s));
          n_edits++;
        }
      assert_same (g_ptr_array_index (states, pos), s);
    }
  g_assert_cmpuint (n_edits, >, 200);
  /* all the way back, and forward again */
  while (mu_edit_history_undo (h))
    assert_same (g_ptr_array_index (states, --pos), s);
  g_assert_cmpuint (pos, ==, 0);
  while (mu_edit_history_redo (h))
    assert_same (g_ptr_array_index (states, ++pos), s);
  g_assert_cmpuint (pos, ==, states->len - 1);
}

/* A small battle made only through edit operations saves to a file that
 * loads without errors into the same model and saves to the same bytes. */
static void
test_end_to_end (void)
{
  g_autoptr(MuEditHistory) h = new_hex_history (10, 8, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  MuScenario *s = mu_edit_history_get_scenario (h);
  g_autofree char *usa = NULL, *csa = NULL, *army = NULL, *div = NULL, *u1 = NULL, *u2 = NULL;
  g_autofree char *cdiv = NULL, *c1 = NULL, *res = NULL, *obj = NULL, *obj2 = NULL, *task = NULL;
  g_autofree char *data = NULL, *again = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) wood = NULL;
  MuHex entry[] = { { 1, 4 }, { 1, 5 } };
  gsize n1, n2;

  g_assert_true (mu_edit_set_title (h, "Creek Crossing", NULL));
  g_assert_true (mu_edit_set_date (h, "1862-06-01", NULL));
  g_assert_true (mu_edit_set_description (h, "Two divisions meet at a ford.", NULL));
  g_assert_true (mu_edit_set_option (h, "baa.withdrawing", TRUE, NULL));
  g_assert_true (mu_edit_set_timeline (h, MU_TIMELINE_BOUNDS, 8, NULL));
  g_assert_true (mu_edit_set_timeline (h, MU_TIMELINE_START, 9 * 60, NULL));
  g_assert_true (mu_edit_set_night_bounds (h, (int[]) { 8 }, 1, NULL));

  mu_edit_history_begin_group (h, NULL);
  wood = mu_edit_brush_hexes (&s->hex_map->grid, (MuHex) { 8, 2 }, MU_BRUSH_19);
  g_assert_true (mu_edit_paint_terrain (h, (MuHex *) wood->data, wood->len, MU_TERRAIN_WOODLAND, NULL));
  mu_edit_history_end_group (h);
  g_assert_true (mu_edit_flood_fill (h, (MuHex) { 1, 8 }, MU_TERRAIN_OPEN, NULL));
  g_assert_true (mu_edit_paint_brush (h, (MuHex) { 5, 4 }, MU_BRUSH_1, MU_TERRAIN_SETTLEMENT, NULL));
  g_assert_true (mu_edit_change_elevation (h, (MuHex *) wood->data, wood->len, 1, NULL));
  g_assert_true (mu_edit_set_hex_features (h, &(MuHex) { 5, 4 }, 1, MU_HEX_FEATURE_BUILDINGS, TRUE, NULL));
  for (int r = 1; r <= 8; r++)
    g_assert_true (mu_edit_set_side_features (h, (MuHex) { 5, r }, 2, MU_SIDE_STREAM, TRUE, NULL));
  g_assert_true (mu_edit_set_side_features (h, (MuHex) { 5, 4 }, 2, MU_SIDE_FORD, TRUE, NULL));
  for (int c = 1; c < 10; c++)
    g_assert_true (mu_edit_add_path_segment (h, MU_PATH_LOCAL_ROAD, (MuHex) { c, 4 },
                                             mu_hex_neighbour (&s->hex_map->grid, (MuHex) { c, 4 }, c % 2 ? 2 : 1), NULL));
  g_assert_cmpint (mu_edit_add_label (h, "Miller's Fields", (MuHex) { 3, 3 }, 0, -0.4, NULL), ==, 0);

  usa = mu_edit_add_side (h, "usa", "Union", 0x3b5998, NULL);
  csa = mu_edit_add_side (h, "csa", "Confederate", 0x8c8c8c, NULL);
  army = mu_edit_add_counter (h, MU_COUNTER_CONTROL, usa, NULL, NULL);
  div = mu_edit_add_counter (h, MU_COUNTER_COMMAND, usa, army, NULL);
  u1 = mu_edit_add_counter (h, MU_COUNTER_UNIT, usa, div, NULL);
  u2 = mu_edit_duplicate_counter (h, u1, NULL);
  cdiv = mu_edit_add_counter (h, MU_COUNTER_COMMAND, csa, NULL, NULL);
  c1 = mu_edit_add_counter (h, MU_COUNTER_UNIT, csa, cdiv, NULL);
  g_assert_true (mu_edit_set_counter_value (h, c1, "abilities", "indomitable", NULL));
  g_assert_true (mu_edit_set_counter_value (h, cdiv, "exceptional", "true", NULL));
  g_assert_true (mu_edit_set_counter_note (h, c1, "Veterans.", NULL));
  g_assert_true (mu_edit_place_counter_hex (h, army, (MuHex) { 2, 5 }, NULL));
  g_assert_true (mu_edit_place_counter_hex (h, div, (MuHex) { 3, 4 }, NULL));
  g_assert_true (mu_edit_place_counter_hex (h, u1, (MuHex) { 4, 4 }, NULL));
  g_assert_true (mu_edit_place_counter_hex (h, cdiv, (MuHex) { 8, 2 }, NULL));
  g_assert_true (mu_edit_place_counter_hex (h, c1, (MuHex) { 7, 3 }, NULL));
  res = mu_edit_add_reserve (h, usa, "Second brigade", NULL);
  g_assert_true (mu_edit_set_reserve_arrival (h, res, MU_ARRIVAL_BOUND, 3, 0, NULL));
  g_assert_true (mu_edit_set_reserve_entry (h, res, entry, 2, NULL));
  g_assert_true (mu_edit_set_counter_reserve (h, u2, res, NULL));
  obj = mu_edit_add_objective (h, "Miller's Ford", (MuHex) { 6, 3 }, (MuPoint) { 0, 0 }, NULL);
  obj2 = mu_edit_add_objective (h, "Round Hill", (MuHex) { 9, 2 }, (MuPoint) { 0, 0 }, NULL);
  g_assert_true (mu_edit_set_objective_owner (h, obj2, csa, NULL));
  g_assert_true (mu_edit_set_objectives_required (h, 2, NULL));
  task = mu_edit_add_task (h, usa, "Hold the village", "hold usa 0504", 1, NULL);
  g_assert_nonnull (task);
  g_assert_true (mu_edit_resize_board (h, MU_EDGE_EAST, 2, NULL, NULL));

  data = mu_scenario_save_to_data (s, &n1);
  loaded = mu_scenario_load_data (data, n1, "e2e.muster", problems, &error);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", mu_problem_to_string (g_ptr_array_index (problems, i)));
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  assert_same (s, loaded);
  again = mu_scenario_save_to_data (loaded, &n2);
  g_assert_cmpmem (data, n1, again, n2);
}

/* A lasso takes exactly the hexes whose centres it encloses, on both orientations. */
static void
test_lasso_hexes (void)
{
  const MuHexGrid grids[] = {
    { 12, 10, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN },
    { 12, 10, MU_HEX_POINTY_TOP, MU_HEX_OFFSET_ODD },
  };

  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    {
      const MuHexGrid *grid = &grids[g];
      const double size = 20.0;
      double ax, ay, bx, by;
      MuPoint tri[3];
      g_autoptr(GArray) none = mu_edit_lasso_hexes (grid, size, tri, 2);
      g_autoptr(GArray) one = NULL;
      g_autoptr(GArray) box = NULL;
      g_autoptr(GArray) whole = NULL;

      g_assert_cmpuint (none->len, ==, 0);
      /* a small triangle round the centre of 0504 takes that hex alone */
      mu_hex_center (grid, size, (MuHex) { 5, 4 }, &ax, &ay);
      tri[0] = (MuPoint) { ax - 5, ay - 5 };
      tri[1] = (MuPoint) { ax + 6, ay - 4 };
      tri[2] = (MuPoint) { ax, ay + 7 };
      one = mu_edit_lasso_hexes (grid, size, tri, 3);
      g_assert_cmpuint (one->len, ==, 1);
      g_assert_true (mu_hex_equal (g_array_index (one, MuHex, 0), (MuHex) { 5, 4 }));

      /* a box between two centres: every hex returned has its centre inside,
       * every board hex with its centre inside is returned */
      mu_hex_center (grid, size, (MuHex) { 3, 3 }, &ax, &ay);
      mu_hex_center (grid, size, (MuHex) { 7, 8 }, &bx, &by);
      {
        MuPoint quad[] = { { ax - 1, ay - 1 }, { bx + 1, ay - 1 }, { bx + 1, by + 1 }, { ax - 1, by + 1 } };
        guint expected = 0;

        box = mu_edit_lasso_hexes (grid, size, quad, G_N_ELEMENTS (quad));
        for (int c = 1; c <= grid->cols; c++)
          for (int r = 1; r <= grid->rows; r++)
            {
              double cx, cy;
              gboolean in, listed = FALSE;

              mu_hex_center (grid, size, (MuHex) { c, r }, &cx, &cy);
              in = cx >= ax - 1 && cx <= bx + 1 && cy >= ay - 1 && cy <= by + 1;
              for (guint i = 0; i < box->len; i++)
                listed |= mu_hex_equal (g_array_index (box, MuHex, i), (MuHex) { c, r });
              g_assert_cmpint (in, ==, listed);
              expected += in;
            }
        g_assert_cmpuint (box->len, ==, expected);
        g_assert_cmpuint (expected, >, 10);
      }
      /* a lasso round more than the board is clipped to it */
      {
        MuPoint big[] = { { -500, -500 }, { 5000, -500 }, { 5000, 5000 }, { -500, 5000 } };

        whole = mu_edit_lasso_hexes (grid, size, big, G_N_ELEMENTS (big));
        g_assert_cmpuint (whole->len, ==, (guint) (grid->cols * grid->rows));
      }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/edit/history/basics", test_history_basics);
  g_test_add_func ("/engine/edit/history/groups", test_history_groups);
  g_test_add_func ("/engine/edit/history/limit", test_history_limit);
  g_test_add_func ("/engine/edit/history/undo-to-start", test_undo_to_start);
  g_test_add_func ("/engine/edit/history/random-walk", test_history_random_walk);
  g_test_add_func ("/engine/edit/map/brush-sizes", test_brush_sizes);
  g_test_add_func ("/engine/edit/map/lasso-hexes", test_lasso_hexes);
  g_test_add_func ("/engine/edit/map/paint-and-fill", test_paint_and_fill);
  g_test_add_func ("/engine/edit/map/elevation", test_elevation);
  g_test_add_func ("/engine/edit/map/features", test_features);
  g_test_add_func ("/engine/edit/map/paths", test_paths);
  g_test_add_func ("/engine/edit/map/path-loop", test_path_loop);
  g_test_add_func ("/engine/edit/map/labels", test_labels);
  g_test_add_func ("/engine/edit/map/resize", test_resize);
  g_test_add_func ("/engine/edit/map/resize-loses", test_resize_loses);
  g_test_add_func ("/engine/edit/table", test_table);
  g_test_add_func ("/engine/edit/objectives", test_objectives);
  g_test_add_func ("/engine/edit/tasks", test_tasks);
  g_test_add_func ("/engine/edit/reserves", test_reserves);
  g_test_add_func ("/engine/edit/oob/tree", test_oob_tree);
  g_test_add_func ("/engine/edit/oob/values", test_oob_values);
  g_test_add_func ("/engine/edit/oob/sides-and-placement", test_oob_sides_and_placement);
  g_test_add_func ("/engine/edit/properties", test_properties);
  g_test_add_func ("/engine/edit/end-to-end", test_end_to_end);

  return g_test_run ();
}
