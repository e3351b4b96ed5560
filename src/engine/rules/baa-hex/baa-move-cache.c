/* baa-move-cache.c: the phase 7 commands of each unit, kept between calls
 *
 * The legal-command list asks every unit of the side moving for its moves
 * before each command, and a unit's moves are a search of the hexes around
 * it. That search reads, besides the unit's own hex, whether it withdraws
 * and whether it is night, only the map (fixed) and which counters stand
 * where (units of each side, pinned or not, and commanders) within
 * BAA_MOVE_REACH hexes of the unit: a road move of a cavalry unit (4 + 2,
 * BAA-MOV-4) looks at hexes 7 away, and their zones of control 8 away
 * (BAA-ZOC-1). So the answer is kept per unit, and dropped when a counter
 * appears, leaves or changes its pinned marker within that reach, or
 * within the reach the search itself reports, two hexes past the farthest
 * it reached (on a crowded board, zones of control stop most searches a
 * hex or two out, and most changes are farther than that), and then
 * only when the hex is one whose counters the search read: every
 * occupancy question notes its cell while the cache listens (BaaReadLog),
 * so that a search stopped one hex out in most directions and running far
 * along a road in one is not made again for a change in a hex it never
 * looked at. The commanders' moves of phases 8 and 9 are kept the same way; a commander's
 * search reads only enemy counters (commanders do not stack, BAA-STK-1, and
 * have no zone to stop in, BAA-ZOC-2), and a unit's does not read friendly
 * commanders (it only captures enemy ones, BAA-CDR-9). Which
 * counters changed is found by comparing each counter with what the cache
 * saw at its last use.
 *
 * The answers are filed by the cell their search started from, so that a
 * change looks only at the answers that started within BAA_MOVE_REACH of
 * it, not at every answer on the board: on a crowded board the answers
 * near a change are a few dozen of thousands.
 *
 * A counter's moves found again are mostly the moves it had: a change a
 * few hexes off takes away or adds a destination or two. The commands of
 * the unchanged paths are shared from the previous answer (see
 * baa_move_cache_previous()), so that finding the moves again costs the
 * search, not making and freeing a hundred commands each time.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include <string.h>

/* One more than the farthest hex a unit's move search reads (see above). */
#define BAA_MOVE_REACH 9

typedef struct {
  gboolean valid;
  gboolean commander;
  int side;
  MuHex start;
  gboolean withdraw;
  gboolean night;
  int reach;             /* the farthest hex its search read, at most BAA_MOVE_REACH */
  int *cells;            /* the cells whose counters it read, each once, with which
                          * counters: BAA_READ_AT (cell, BAA_READ_* bits) */
  guint n_cells;
  gboolean wide;         /* it read more than cells: any change within reach counts */
  GPtrArray *commands;   /* of MuCommand* */
  int *last_cells;       /* per command: the cell its path ends in, -1 (see last_cell()) */
  int filed;             /* the cell whose chain holds it (its start when kept), OFF_BOARD, or
                          * NOT_FILED */
  int next;              /* the next entry in that chain, -1 */
} Entry;

/* Entry.filed besides a cell */
#define OFF_BOARD (-1)
#define NOT_FILED (-2)

typedef struct {
  MuHex hex;
  gboolean on_board;
  gboolean pinned;
} Seen;

struct _BaaMoveCache {
  guint n_units, n_cdrs;
  Entry *entries;        /* per unit by index, then per commander by index */
  int *cell_head;        /* per cell: the first entry filed there, -1; each chain in no order */
  int off_head;          /* the first entry filed off the board, -1 */
  GPtrArray *side_units[BAA_SIDES]; /* of BaaUnit*, each side's, in the match's order */
  GPtrArray *side_cdrs[BAA_SIDES];  /* of BaaCommander*, likewise */
  Seen *units;
  Seen *cdrs;
  int cols, rows;
  int *last_of;          /* per cell: the index in `previous` of a command ending there, or -1 */
  BaaReadLog log;        /* what the search being kept reads (baa_move_cache_listen()) */
  guint *stamp;          /* per cell: the last `round` that kept it in an entry's cells */
  guint *slot;           /* per cell: where in that entry's cells, in that round */
  guint round;
  const GPtrArray *previous; /* the answer being found again, between begin and end */
  const int *previous_cells; /* its last_cells */
};

void
baa_move_cache_free (BaaMoveCache *cache)
{
  if (cache == NULL)
    return;
  for (guint i = 0; i < cache->n_units + cache->n_cdrs; i++)
    {
      g_clear_pointer (&cache->entries[i].commands, g_ptr_array_unref);
      g_free (cache->entries[i].cells);
      g_free (cache->entries[i].last_cells);
    }
  g_clear_pointer (&cache->log.cells, g_array_unref);
  g_free (cache->stamp);
  g_free (cache->slot);
  g_free (cache->cell_head);
  for (int s = 0; s < BAA_SIDES; s++)
    {
      g_clear_pointer (&cache->side_units[s], g_ptr_array_unref);
      g_clear_pointer (&cache->side_cdrs[s], g_ptr_array_unref);
    }
  g_free (cache->entries);
  g_free (cache->units);
  g_free (cache->cdrs);
  g_free (cache->last_of);
  g_free (cache);
}

/* Whether the answer read the counters `what` (BAA_READ_*) of cell k (-1:
 * off the board, taken as read). */
static gboolean
read_cell (const Entry *e, int k, int what)
{
  if (e->wide || k < 0)
    return TRUE;
  for (guint i = 0; i < e->n_cells; i++)
    if (BAA_READ_CELL (e->cells[i]) == k)
      return (BAA_READ_WHAT (e->cells[i]) & what) != 0;
  return FALSE;
}

static int
cell_of (const BaaMoveCache *cache, MuHex hex)
{
  return hex.col >= 1 && hex.col <= cache->cols && hex.row >= 1 && hex.row <= cache->rows
       ? (hex.row - 1) * cache->cols + (hex.col - 1) : OFF_BOARD;
}

/* Files entry i under the cell of its start. */
static void
file_entry (BaaMoveCache *cache, int i)
{
  Entry *e = &cache->entries[i];
  int k = cell_of (cache, e->start);
  int *head;

  if (e->filed == k)
    return;
  if (e->filed != NOT_FILED)
    {
      int *at = e->filed == OFF_BOARD ? &cache->off_head : &cache->cell_head[e->filed];

      while (*at != i)
        at = &cache->entries[*at].next;
      *at = e->next;
    }
  head = k == OFF_BOARD ? &cache->off_head : &cache->cell_head[k];
  e->next = *head;
  *head = i;
  e->filed = k;
}

/* Drops entry e when the change of a counter `what` (BAA_READ_*) at hex
 * (cell k) may change its answer. */
static void
touch_entry (Entry *e, MuHex hex, int k, int side, gboolean commander, int what)
{
  if (!e->valid || (e->side == side && (e->commander || commander)))
    return;
  /* within reach is the quick test; of the answers within reach, only
   * those whose search read that hex's counters of that kind change: on
   * a crowded board most searches stop a hex or two out in some
   * directions, and a disc around the counter took in many hexes they
   * never read */
  if (mu_hex_distance_at_least (e->start, hex) <= e->reach && read_cell (e, k, what))
    e->valid = FALSE;
}

/* A counter of `side` (a commander or not) appeared, left or changed at
 * hex: drops every answer that may have read it. */
static void
touch (BaaMoveCache *cache, MuHex hex, int side, gboolean commander)
{
  int k = cell_of (cache, hex);
  int what = side < 0 || side >= BAA_SIDES ? BAA_READ_ALL
           : commander ? BAA_READ_CDRS (side) : BAA_READ_UNITS (side);

  /* an answer reads at most BAA_MOVE_REACH columns and rows from its start
   * (mu_hex_distance_at_least() bounds the distance from below), so only
   * the answers filed in that square around hex may change */
  for (int row = MAX (hex.row - BAA_MOVE_REACH, 1); row <= MIN (hex.row + BAA_MOVE_REACH, cache->rows); row++)
    for (int col = MAX (hex.col - BAA_MOVE_REACH, 1); col <= MIN (hex.col + BAA_MOVE_REACH, cache->cols); col++)
      for (int i = cache->cell_head[(row - 1) * cache->cols + (col - 1)]; i >= 0; i = cache->entries[i].next)
        touch_entry (&cache->entries[i], hex, k, side, commander, what);
  for (int i = cache->off_head; i >= 0; i = cache->entries[i].next)
    touch_entry (&cache->entries[i], hex, k, side, commander, what);
}

static void
see (BaaMoveCache *cache, Seen *seen, Seen now, int side, gboolean commander)
{
  if (seen->on_board == now.on_board && seen->pinned == now.pinned &&
      (!now.on_board || mu_hex_equal (seen->hex, now.hex)))
    return;
  if (seen->on_board)
    touch (cache, seen->hex, side, commander);
  if (now.on_board)
    touch (cache, now.hex, side, commander);
  *seen = now;
}

static void
see_unit (BaaMoveCache *cache, const BaaUnit *u)
{
  Seen now = { u->hex, u->status == BAA_UNIT_ACTIVE, u->pinned };

  see (cache, &cache->units[u->index], now, u->side, FALSE);
}

static void
see_cdr (BaaMoveCache *cache, const BaaCommander *c)
{
  Seen now = { c->hex, c->status == BAA_CDR_ACTIVE, FALSE };

  see (cache, &cache->cdrs[c->index], now, c->side, TRUE);
}

/* A cache with nothing kept, that has seen no counter. */
static BaaMoveCache *
cache_new (BaaMatch *m)
{
  BaaMoveCache *cache;

  cache = g_new0 (BaaMoveCache, 1);
  cache->n_units = m->units->len;
  cache->n_cdrs = m->commanders->len;
  cache->entries = g_new0 (Entry, cache->n_units + cache->n_cdrs);
  cache->units = g_new0 (Seen, cache->n_units);
  cache->cdrs = g_new0 (Seen, cache->n_cdrs);
  cache->cols = m->grid->cols;
  cache->rows = m->grid->rows;
  cache->cell_head = g_new (int, (gsize) cache->cols * cache->rows);
  for (gsize k = 0; k < (gsize) cache->cols * cache->rows; k++)
    cache->cell_head[k] = -1;
  cache->off_head = -1;
  for (guint i = 0; i < cache->n_units + cache->n_cdrs; i++)
    cache->entries[i].filed = NOT_FILED;
  /* a counter's side is fixed at set-up */
  for (int s = 0; s < BAA_SIDES; s++)
    {
      cache->side_units[s] = g_ptr_array_new ();
      cache->side_cdrs[s] = g_ptr_array_new ();
    }
  FOR_UNITS (m, u)
    if (u->side >= 0 && u->side < BAA_SIDES)
      g_ptr_array_add (cache->side_units[u->side], u);
  FOR_CDRS (m, c)
    if (c->side >= 0 && c->side < BAA_SIDES)
      g_ptr_array_add (cache->side_cdrs[c->side], c);
  return cache;
}

static BaaMoveCache *
cache_sync (BaaMatch *m)
{
  BaaMoveCache *cache = m->move_cache;
  const GArray *changed = baa_occ_changes (m);

  if (cache == NULL)
    {
      /* the first sync looks at every counter */
      cache = m->move_cache = cache_new (m);
      FOR_UNITS (m, u)
        see_unit (cache, u);
      FOR_CDRS (m, c)
        see_cdr (cache, c);
      baa_occ_changes_clear (m);
      return cache;
    }
  /* then only at those the occupancy tables saw change since the last
   * sync (a superset of those whose Seen differs), not at every counter:
   * a command moves one or two */
  for (guint i = 0; i < changed->len; i++)
    {
      guint k = g_array_index (changed, guint, i);

      if (k < cache->n_units)
        see_unit (cache, g_ptr_array_index (m->units, k));
      else
        see_cdr (cache, g_ptr_array_index (m->commanders, k - cache->n_units));
    }
  baa_occ_changes_clear (m);
  return cache;
}

void
baa_move_cache_sync (BaaMatch *m)
{
  cache_sync (m);
}

const GPtrArray *
baa_move_cache_side_units (BaaMatch *m, int side)
{
  g_assert (m->move_cache != NULL && side >= 0 && side < BAA_SIDES);
  return m->move_cache->side_units[side];
}

const GPtrArray *
baa_move_cache_side_commanders (BaaMatch *m, int side)
{
  g_assert (m->move_cache != NULL && side >= 0 && side < BAA_SIDES);
  return m->move_cache->side_cdrs[side];
}

static Entry *
entry_of (BaaMatch *m, BaaUnit *u, BaaCommander *c)
{
  BaaMoveCache *cache = m->move_cache;
  guint i = u ? u->index : cache->n_units + c->index;

  g_assert (i < cache->n_units + cache->n_cdrs);
  return &cache->entries[i];
}

const GPtrArray *
baa_move_cache_get (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  Entry *e = entry_of (m, u, c);

  if (e->valid && e->withdraw == withdraw && e->night == m->night &&
      mu_hex_equal (e->start, u ? u->hex : c->hex))
    return e->commands;
  return NULL;
}

void
baa_move_cache_listen (BaaMatch *m)
{
  BaaMoveCache *cache = m->move_cache;

  if (cache->log.cells == NULL)
    cache->log.cells = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_set_size (cache->log.cells, 0);
  cache->log.wide = FALSE;
  m->read_log = &cache->log;
}

/* The cells the search read, each once, into the entry. */
static void
keep_cells (BaaMatch *m, Entry *e)
{
  BaaMoveCache *cache = m->move_cache;
  BaaReadLog *log = m->read_log;
  guint n = 0;

  m->read_log = NULL;
  g_clear_pointer (&e->cells, g_free);
  e->n_cells = 0;
  e->wide = log == NULL || log->wide;
  if (e->wide)
    return;
  if (cache->stamp == NULL)
    {
      cache->stamp = g_new0 (guint, (gsize) cache->cols * cache->rows);
      cache->slot = g_new0 (guint, (gsize) cache->cols * cache->rows);
    }
  if (++cache->round == 0)
    {
      memset (cache->stamp, 0, (gsize) cache->cols * cache->rows * sizeof (guint));
      cache->round = 1;
    }
  e->cells = g_new (int, MAX (log->cells->len, 1));
  for (guint i = 0; i < log->cells->len; i++)
    {
      int r = g_array_index (log->cells, int, i);
      int k = BAA_READ_CELL (r);

      if (cache->stamp[k] == cache->round)
        {
          e->cells[cache->slot[k]] |= BAA_READ_WHAT (r);
          continue;
        }
      cache->stamp[k] = cache->round;
      cache->slot[k] = n;
      e->cells[n++] = r;
    }
  e->n_cells = n;
}

/* The cell a move command ends in, or -1 (off the board: an exit). */
static int
last_cell (const BaaMoveCache *cache, const MuCommand *mc)
{
  guint n = mu_command_n_args (mc);
  const MuArg *a = n > 0 ? mu_command_arg (mc, n - 1) : NULL;

  if (a == NULL || a->kind != MU_ARG_POS || a->pos.is_point || a->pos.hex.col < 1 ||
      a->pos.hex.col > cache->cols || a->pos.hex.row < 1 || a->pos.hex.row > cache->rows)
    return -1;
  return (a->pos.hex.row - 1) * cache->cols + (a->pos.hex.col - 1);
}

void
baa_move_cache_put (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw, int reach, GPtrArray *commands)
{
  Entry *e = entry_of (m, u, c);

  keep_cells (m, e);

  g_clear_pointer (&e->commands, g_ptr_array_unref);
  e->commands = commands;
  /* where each path ends, noted now while the commands are at hand: when
   * the answer is found again, the cells are read from here rather than
   * from each command, spread over the heap */
  g_free (e->last_cells);
  e->last_cells = g_new (int, MAX (commands->len, 1));
  for (guint i = 0; i < commands->len; i++)
    e->last_cells[i] = last_cell (m->move_cache, g_ptr_array_index (commands, i));
  e->start = u ? u->hex : c->hex;
  e->side = u ? u->side : c->side;
  e->commander = c != NULL;
  e->withdraw = withdraw;
  e->night = m->night;
  e->reach = reach > 0 ? MIN (reach, BAA_MOVE_REACH) : BAA_MOVE_REACH;
  e->valid = TRUE;
  file_entry (m->move_cache, (int) (e - m->move_cache->entries));
}

BaaMoveCache *
baa_move_cache_begin (BaaMatch *m, BaaUnit *u, BaaCommander *c)
{
  BaaMoveCache *cache = m->move_cache;
  const Entry *e = entry_of (m, u, c);
  const GPtrArray *old = e->commands;

  g_assert (cache->previous == NULL);
  if (old == NULL || old->len == 0)
    return NULL;
  if (cache->last_of == NULL)
    {
      gsize n = (gsize) cache->cols * cache->rows;

      cache->last_of = g_new (int, n);
      for (gsize k = 0; k < n; k++)
        cache->last_of[k] = -1;
    }
  for (guint i = 0; i < old->len; i++)
    {
      int k = e->last_cells[i];

      if (k >= 0)
        cache->last_of[k] = (int) i;
    }
  cache->previous = old;
  cache->previous_cells = e->last_cells;
  return cache;
}

const MuCommand *
baa_move_cache_previous (const BaaMoveCache *cache, MuHex last)
{
  int k;

  if (last.col < 1 || last.col > cache->cols || last.row < 1 || last.row > cache->rows)
    return NULL;
  k = cache->last_of[(last.row - 1) * cache->cols + (last.col - 1)];
  return k >= 0 ? g_ptr_array_index (cache->previous, k) : NULL;
}

void
baa_move_cache_end (BaaMoveCache *cache)
{
  if (cache == NULL)
    return;
  for (guint i = 0; i < cache->previous->len; i++)
    {
      int k = cache->previous_cells[i];

      if (k >= 0)
        cache->last_of[k] = -1;
    }
  cache->previous = NULL;
  cache->previous_cells = NULL;
}
