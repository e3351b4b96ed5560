/* mu-edit-step.c: what an undo step keeps — what changed, not the scenario
 *
 * A step used to keep a copy of the whole scenario: 500 of them on a large
 * board took gigabytes, and each edit copied the board. Now a step keeps:
 *
 * - the hexes and hexsides whose values changed, with the values on the other
 *   side of the step. They are found by comparing the board with a shadow
 *   copy of it as it was at the end of the last step: a compare of memory,
 *   well under a millisecond on the largest board, and no edit operation has
 *   to say what it changed. A change of the board's size keeps both boards.
 * - the run of counters that differs (counters are many; an edit changes one
 *   or a few), found by comparing the counters with copies taken when the
 *   step began.
 * - everything else (title, sides, objectives, paths, labels, a table...),
 *   small next to the board and the counters, as a copy, only when it changed.
 *
 * Applying a step exchanges these parts with the live scenario, so the same
 * step then holds what redo needs, as before.
 */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit-private.h"

#include <string.h>

typedef struct {
  guint index;
  MuHexCell cell;
} CellChange;

typedef struct {
  guint index;
  guint8 value;
} SideChange;

struct _MuEditShadow {
  MuHexGrid grid;
  MuHexCell *cells;
  guint8 *sides;
};

struct _MuEditPending {
  MuScenario *rest;        /* the scenario without board cells and counters */
  GPtrArray *counters;     /* copies of the counters, of MuCounter* */
};

struct _MuEditDelta {
  GArray *cells;           /* of CellChange */
  GArray *sides;           /* of SideChange */
  gboolean board_resized;  /* board_* hold the other board */
  MuHexGrid board_grid;
  MuHexCell *board_cells;
  guint8 *board_sides;
  guint counters_at;       /* counters [at, at + live_n) are replaced by `counters` */
  guint counters_live_n;
  GPtrArray *counters;     /* of MuCounter*, NULL when no counter changed */
  MuScenario *rest;        /* NULL when nothing else changed */
};

static gsize
n_cells (const MuHexGrid *grid)
{
  return (gsize) grid->cols * grid->rows;
}

static gsize
n_sides (const MuHexGrid *grid)
{
  return (gsize) (grid->cols + 2) * (grid->rows + 2) * 3;
}

/* Shadow ------------------------------------------------------------------------------ */

MuEditShadow *
mu_edit_shadow_new (void)
{
  return g_new0 (MuEditShadow, 1);
}

static void
shadow_clear (MuEditShadow *shadow)
{
  g_clear_pointer (&shadow->cells, g_free);
  g_clear_pointer (&shadow->sides, g_free);
  memset (&shadow->grid, 0, sizeof shadow->grid);
}

void
mu_edit_shadow_free (MuEditShadow *shadow)
{
  if (shadow == NULL)
    return;
  shadow_clear (shadow);
  g_free (shadow);
}

/* Makes the shadow a copy of the board when it is not one of this board. */
static void
shadow_sync (MuEditShadow     *shadow,
             const MuScenario *live)
{
  const MuHexMap *map = live->hex_map;

  if (map == NULL)
    {
      shadow_clear (shadow);
      return;
    }
  if (shadow->cells && memcmp (&shadow->grid, &map->grid, sizeof map->grid) == 0)
    return;
  shadow_clear (shadow);
  shadow->grid = map->grid;
  shadow->cells = g_memdup2 (map->cells, n_cells (&map->grid) * sizeof (MuHexCell));
  shadow->sides = g_memdup2 (map->sides, n_sides (&map->grid));
}

void
mu_edit_shadow_reset (MuEditShadow *shadow)
{
  shadow_clear (shadow);
}

/* The rest of the scenario ----------------------------------------------------------------- */

/* A hex map holding only a 1 x 1 board: the parts of a map other than its
 * cells and hexsides, with cells and hexsides small enough to copy. */
static void
tiny_board_view (MuHexMap       *view,
                 const MuHexMap *map)
{
  *view = *map;
  view->grid.cols = 1;
  view->grid.rows = 1;
}

static MuScenario *
rest_copy (const MuScenario *live)
{
  MuScenario view = *live;
  MuHexMap map_view;
  g_autoptr(GPtrArray) no_counters = g_ptr_array_new ();

  view.counters = no_counters;
  if (live->hex_map)
    {
      tiny_board_view (&map_view, live->hex_map);
      view.hex_map = &map_view;
    }
  return mu_scenario_copy (&view);
}

/* Whether the rest differs from the live scenario's. */
static gboolean
rest_differs (MuScenario       *rest,
              const MuScenario *live)
{
  MuScenario view = *live;
  MuHexMap map_view;
  g_autoptr(GPtrArray) no_counters = g_ptr_array_new ();
  g_autofree char *diff = NULL;

  view.counters = no_counters;
  if (live->hex_map && rest->hex_map)
    {
      tiny_board_view (&map_view, live->hex_map);
      view.hex_map = &map_view;
      /* The tiny boards compare equal: the real ones are compared elsewhere. */
      rest->hex_map->cells[0] = live->hex_map->cells[0];
      memcpy (rest->hex_map->sides, live->hex_map->sides, n_sides (&map_view.grid));
    }
  diff = mu_edit_scenario_diff (rest, &view);
  return diff != NULL;
}

/* Exchanges everything but the board's cells and hexsides, the counters and
 * the file name between the live scenario and a rest. */
static void
rest_swap (MuScenario *live,
           MuScenario *rest)
{
  MuScenario tmp = *live;
  GPtrArray *counters = live->counters;
  char *filename = live->filename;

  *live = *rest;
  *rest = tmp;
  rest->counters = live->counters;
  live->counters = counters;
  rest->filename = live->filename;
  live->filename = filename;
  if (live->hex_map && rest->hex_map)
    {
      /* The live board keeps its cells; the maps' other parts move. */
      MuHexMap *a = live->hex_map, *b = rest->hex_map;
      MuHexGrid grid = a->grid;
      MuHexCell *cells = a->cells;
      guint8 *sides = a->sides;

      a->grid = b->grid;
      a->cells = b->cells;
      a->sides = b->sides;
      b->grid = grid;
      b->cells = cells;
      b->sides = sides;
    }
}

/* Pending step ------------------------------------------------------------------------------ */

MuEditPending *
mu_edit_pending_new (const MuScenario *live,
                     MuEditShadow     *shadow)
{
  MuEditPending *p = g_new0 (MuEditPending, 1);

  shadow_sync (shadow, live);
  p->rest = rest_copy (live);
  p->counters = g_ptr_array_new_full (live->counters->len, (GDestroyNotify) mu_counter_free);
  for (guint i = 0; i < live->counters->len; i++)
    g_ptr_array_add (p->counters, mu_counter_copy (g_ptr_array_index (live->counters, i)));
  return p;
}

void
mu_edit_pending_free (MuEditPending *p)
{
  if (p == NULL)
    return;
  mu_scenario_free (p->rest);
  g_ptr_array_unref (p->counters);
  g_free (p);
}

void
mu_edit_delta_free (MuEditDelta *d)
{
  if (d == NULL)
    return;
  if (d->cells)
    g_array_unref (d->cells);
  if (d->sides)
    g_array_unref (d->sides);
  g_free (d->board_cells);
  g_free (d->board_sides);
  if (d->counters)
    g_ptr_array_unref (d->counters);
  if (d->rest)
    mu_scenario_free (d->rest);
  g_free (d);
}

/* The cells and hexsides that differ from the shadow, which then follows. */
static void
board_changes (MuEditDelta      *d,
               const MuScenario *live,
               MuEditShadow     *shadow)
{
  const MuHexMap *map = live->hex_map;
  const gsize block = 512;
  gsize nc, ns;

  if (map == NULL || shadow->cells == NULL)
    return;
  if (memcmp (&shadow->grid, &map->grid, sizeof map->grid) != 0)
    {
      /* A new board size: keep the old board whole (rare, and needed). */
      d->board_resized = TRUE;
      d->board_grid = shadow->grid;
      d->board_cells = g_steal_pointer (&shadow->cells);
      d->board_sides = g_steal_pointer (&shadow->sides);
      shadow_sync (shadow, live);
      return;
    }
  nc = n_cells (&map->grid);
  for (gsize b = 0; b < nc; b += block)
    {
      gsize len = MIN (block, nc - b);

      if (memcmp (map->cells + b, shadow->cells + b, len * sizeof (MuHexCell)) == 0)
        continue;
      for (gsize i = b; i < b + len; i++)
        {
          const MuHexCell *x = &map->cells[i];
          MuHexCell *y = &shadow->cells[i];

          if (x->terrain != y->terrain || x->features != y->features || x->elevation != y->elevation)
            {
              CellChange c = { (guint) i, *y };

              if (d->cells == NULL)
                d->cells = g_array_new (FALSE, FALSE, sizeof (CellChange));
              g_array_append_val (d->cells, c);
              *y = *x;
            }
        }
    }
  ns = n_sides (&map->grid);
  for (gsize b = 0; b < ns; b += block * 4)
    {
      gsize len = MIN (block * 4, ns - b);

      if (memcmp (map->sides + b, shadow->sides + b, len) == 0)
        continue;
      for (gsize i = b; i < b + len; i++)
        if (map->sides[i] != shadow->sides[i])
          {
            SideChange c = { (guint) i, shadow->sides[i] };

            if (d->sides == NULL)
              d->sides = g_array_new (FALSE, FALSE, sizeof (SideChange));
            g_array_append_val (d->sides, c);
            shadow->sides[i] = map->sides[i];
          }
    }
}

/* The run of counters between the equal ones at both ends. */
static void
counter_changes (MuEditDelta      *d,
                 MuEditPending    *p,
                 const MuScenario *live)
{
  GPtrArray *old = p->counters, *now = live->counters;
  guint prefix = 0, suffix = 0;

  while (prefix < old->len && prefix < now->len &&
         mu_edit_counter_equal (g_ptr_array_index (old, prefix), g_ptr_array_index (now, prefix)))
    prefix++;
  while (suffix < old->len - prefix && suffix < now->len - prefix &&
         mu_edit_counter_equal (g_ptr_array_index (old, old->len - 1 - suffix),
                                g_ptr_array_index (now, now->len - 1 - suffix)))
    suffix++;
  if (prefix == old->len && prefix == now->len)
    return;
  d->counters_at = prefix;
  d->counters_live_n = now->len - prefix - suffix;
  d->counters = g_ptr_array_new_full (old->len - prefix - suffix, (GDestroyNotify) mu_counter_free);
  for (guint i = prefix; i < old->len - suffix; i++)
    {
      g_ptr_array_add (d->counters, g_ptr_array_index (old, i));
      old->pdata[i] = NULL;    /* now the step's */
    }
}

MuEditDelta *
mu_edit_pending_finish (MuEditPending    *p,
                        const MuScenario *live,
                        MuEditShadow     *shadow)
{
  MuEditDelta *d = g_new0 (MuEditDelta, 1);

  board_changes (d, live, shadow);
  counter_changes (d, p, live);
  if (rest_differs (p->rest, live))
    d->rest = g_steal_pointer (&p->rest);
  mu_edit_pending_free (p);
  if (d->cells == NULL && d->sides == NULL && !d->board_resized && d->counters == NULL && d->rest == NULL)
    {
      mu_edit_delta_free (d);
      return NULL;
    }
  return d;
}

/* Undo and redo -------------------------------------------------------------------------------- */

void
mu_edit_delta_apply (MuEditDelta  *d,
                     MuScenario   *live,
                     MuEditShadow *shadow)
{
  if (d->rest)
    rest_swap (live, d->rest);
  if (d->board_resized && live->hex_map)
    {
      MuHexMap *map = live->hex_map;
      MuHexGrid grid = map->grid;
      MuHexCell *cells = map->cells;
      guint8 *sides = map->sides;

      map->grid = d->board_grid;
      map->cells = d->board_cells;
      map->sides = d->board_sides;
      d->board_grid = grid;
      d->board_cells = cells;
      d->board_sides = sides;
      shadow_clear (shadow);
      shadow_sync (shadow, live);
    }
  if (d->cells && live->hex_map)
    for (guint i = 0; i < d->cells->len; i++)
      {
        CellChange *c = &g_array_index (d->cells, CellChange, i);
        MuHexCell v = live->hex_map->cells[c->index];

        live->hex_map->cells[c->index] = c->cell;
        if (shadow->cells)
          shadow->cells[c->index] = c->cell;
        c->cell = v;
      }
  if (d->sides && live->hex_map)
    for (guint i = 0; i < d->sides->len; i++)
      {
        SideChange *c = &g_array_index (d->sides, SideChange, i);
        guint8 v = live->hex_map->sides[c->index];

        live->hex_map->sides[c->index] = c->value;
        if (shadow->sides)
          shadow->sides[c->index] = c->value;
        c->value = v;
      }
  if (d->counters)
    {
      GPtrArray *now = live->counters;
      GPtrArray *taken = g_ptr_array_new_full (d->counters_live_n, (GDestroyNotify) mu_counter_free);
      guint n_in = d->counters->len;

      g_assert (d->counters_at + d->counters_live_n <= now->len);
      for (guint i = 0; i < d->counters_live_n; i++)
        g_ptr_array_add (taken, g_ptr_array_index (now, d->counters_at + i));
      g_ptr_array_set_free_func (now, NULL);
      g_ptr_array_remove_range (now, d->counters_at, d->counters_live_n);
      g_ptr_array_set_free_func (now, (GDestroyNotify) mu_counter_free);
      for (guint i = 0; i < n_in; i++)
        g_ptr_array_insert (now, (int) (d->counters_at + i), g_ptr_array_index (d->counters, i));
      g_ptr_array_set_free_func (d->counters, NULL);
      g_ptr_array_unref (d->counters);
      d->counters = taken;
      d->counters_live_n = n_in;
    }
}
