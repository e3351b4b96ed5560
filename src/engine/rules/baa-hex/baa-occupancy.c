/* baa-occupancy.c: which counters stand where in a baa-hex match, for
 * every module (declared in baa-hex-private.h): the counts of each cell
 * and its chains of counters, kept up to date as counters move, the
 * questions asked of them (the counters in a hex, near a hex, whether a
 * hex is in an enemy zone of control), and the note of which cells a
 * computation read (BaaReadLog). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex-private.h"

#include <string.h>

/* Occupancy cache -------------------------------------------------------------- */

static int
cell_index (const BaaMatch *m,
            MuHex           hex)
{
  if (!mu_hex_grid_contains (m->grid, hex))
    return -1;
  return (hex.row - 1) * m->grid->cols + (hex.col - 1);
}

void
baa_match_invalidate (BaaMatch *m)
{
  m->occ_dirty = TRUE;
}

/* A cell's count stops at OCC_MANY: a scenario may put hundreds of
 * commanders in one hex, and a byte must not wrap to "none". */
#define OCC_MANY G_MAXUINT8

static inline void
occ_add (guint8 *count)
{
  if (*count < OCC_MANY)
    (*count)++;
}

/* The cell a unit is counted in now, -1 when none. */
static int
unit_cell_now (const BaaMatch *m, const BaaUnit *u)
{
  return u->status == BAA_UNIT_ACTIVE ? cell_index (m, u->hex) : -1;
}

static int
cdr_cell_now (const BaaMatch *m, const BaaCommander *c)
{
  return c->status == BAA_CDR_ACTIVE ? cell_index (m, c->hex) : -1;
}

/* Builds the tables from nothing: the first time they are asked for. */
static void
occ_build (BaaMatch *m)
{
  gsize n = (gsize) m->grid->cols * m->grid->rows;

  for (int s = 0; s < BAA_SIDES; s++)
    {
      memset (m->occ_units[s], 0, n);
      memset (m->occ_unpinned[s], 0, n);
      memset (m->occ_cdrs[s], 0, n);
    }
  m->cell_unit = g_new (int, n);
  m->cell_cdr = g_new (int, n);
  m->unit_next = g_new (int, MAX (m->units->len, 1));
  m->cdr_next = g_new (int, MAX (m->commanders->len, 1));
  m->unit_cell = g_new (int, MAX (m->units->len, 1));
  m->unit_pinned_seen = g_new0 (guint8, MAX (m->units->len, 1));
  m->cdr_cell = g_new (int, MAX (m->commanders->len, 1));
  m->occ_changed = g_array_new (FALSE, FALSE, sizeof (guint));
  m->occ_listed = g_new0 (guint8, m->units->len + m->commanders->len + 1);
  /* -1 in every byte is -1 in every int */
  memset (m->cell_unit, 0xff, n * sizeof (int));
  memset (m->cell_cdr, 0xff, n * sizeof (int));
  /* backwards, so that each cell's chain runs in the match's order */
  for (guint i = m->units->len; i-- > 0;)
    {
      BaaUnit *u = g_ptr_array_index (m->units, i);
      int k = unit_cell_now (m, u);

      m->unit_cell[i] = k;
      m->unit_pinned_seen[i] = u->pinned != FALSE;
      if (k < 0)
        continue;
      occ_add (&m->occ_units[u->side][k]);
      if (!u->pinned)
        occ_add (&m->occ_unpinned[u->side][k]);
      m->unit_next[i] = m->cell_unit[k];
      m->cell_unit[k] = (int) i;
    }
  for (guint i = m->commanders->len; i-- > 0;)
    {
      BaaCommander *c = g_ptr_array_index (m->commanders, i);
      int k = cdr_cell_now (m, c);

      m->cdr_cell[i] = k;
      if (k < 0)
        continue;
      occ_add (&m->occ_cdrs[c->side][k]);
      m->cdr_next[i] = m->cell_cdr[k];
      m->cell_cdr[k] = (int) i;
    }
}

/* Takes counter i out of cell k's chain. */
static void
chain_remove (int *heads, int *next, int k, int i)
{
  int *at = &heads[k];

  while (*at >= 0 && *at != i)
    at = &next[*at];
  g_assert (*at == i);
  *at = next[i];
}

/* Puts counter i into cell k's chain, in the match's order. */
static void
chain_insert (int *heads, int *next, int k, int i)
{
  int *at = &heads[k];

  while (*at >= 0 && *at < i)
    at = &next[*at];
  next[i] = *at;
  *at = i;
}

/* Counts cell k's units again from its chain: a count that reached
 * OCC_MANY cannot be taken down by one. */
static void
recount_units (BaaMatch *m, int k)
{
  for (int s = 0; s < BAA_SIDES; s++)
    m->occ_units[s][k] = m->occ_unpinned[s][k] = 0;
  for (int i = m->cell_unit[k]; i >= 0; i = m->unit_next[i])
    {
      const BaaUnit *u = g_ptr_array_index (m->units, i);

      occ_add (&m->occ_units[u->side][k]);
      if (!m->unit_pinned_seen[i])
        occ_add (&m->occ_unpinned[u->side][k]);
    }
}

static void
recount_cdrs (BaaMatch *m, int k)
{
  for (int s = 0; s < BAA_SIDES; s++)
    m->occ_cdrs[s][k] = 0;
  for (int i = m->cell_cdr[k]; i >= 0; i = m->cdr_next[i])
    {
      const BaaCommander *c = g_ptr_array_index (m->commanders, i);

      occ_add (&m->occ_cdrs[c->side][k]);
    }
}

/* Lists counter i (units, then commanders) in BaaMatch.occ_changed. */
static inline void
note_change (BaaMatch *m, guint i)
{
  if (m->occ_listed[i])
    return;
  m->occ_listed[i] = TRUE;
  g_array_append_val (m->occ_changed, i);
}

/* Brings the tables up to date with the counters. A command moves, pins
 * or removes a few counters, so only those are taken out of their old
 * cell and put into their new one: clearing and filling the tables of
 * every cell after each command was 6 to 8 % of a large board's match. */
static void
occ_rebuild (const BaaMatch *cm)
{
  BaaMatch *m = (BaaMatch *) cm;

  m->occ_dirty = FALSE;
  if (m->cell_unit == NULL)
    {
      occ_build (m);
      return;
    }
  for (guint i = 0; i < m->units->len; i++)
    {
      const BaaUnit *u = g_ptr_array_index (m->units, i);
      int k = unit_cell_now (m, u), old = m->unit_cell[i];
      guint8 pinned = u->pinned != FALSE;

      if (k == old && (k < 0 || pinned == m->unit_pinned_seen[i]))
        {
          /* not in the tables, but the move cache takes it as on the
           * board: whether its hex changed is not known here */
          if (k < 0 && u->status == BAA_UNIT_ACTIVE)
            note_change (m, i);
          continue;
        }
      note_change (m, i);
      if (old >= 0)
        {
          chain_remove (m->cell_unit, m->unit_next, old, (int) i);
          recount_units (m, old);
        }
      m->unit_cell[i] = k;
      m->unit_pinned_seen[i] = pinned;
      if (k >= 0)
        {
          chain_insert (m->cell_unit, m->unit_next, k, (int) i);
          recount_units (m, k);
        }
    }
  for (guint i = 0; i < m->commanders->len; i++)
    {
      const BaaCommander *c = g_ptr_array_index (m->commanders, i);
      int k = cdr_cell_now (m, c), old = m->cdr_cell[i];

      if (k == old)
        {
          if (k < 0 && c->status == BAA_CDR_ACTIVE)
            note_change (m, m->units->len + i);
          continue;
        }
      note_change (m, m->units->len + i);
      if (old >= 0)
        {
          chain_remove (m->cell_cdr, m->cdr_next, old, (int) i);
          recount_cdrs (m, old);
        }
      m->cdr_cell[i] = k;
      if (k >= 0)
        {
          chain_insert (m->cell_cdr, m->cdr_next, k, (int) i);
          recount_cdrs (m, k);
        }
    }
}

static inline void
occ_check (const BaaMatch *m)
{
  if (m->occ_dirty)
    occ_rebuild (m);
}

const GArray *
baa_occ_changes (const BaaMatch *m)
{
  occ_check (m);
  return m->occ_changed;
}

void
baa_occ_changes_clear (BaaMatch *m)
{
  occ_check (m);
  for (guint i = 0; i < m->occ_changed->len; i++)
    m->occ_listed[g_array_index (m->occ_changed, guint, i)] = FALSE;
  g_array_set_size (m->occ_changed, 0);
}

/* Notes that the counters `what` (BAA_READ_*) of cell k were read (see
 * BaaReadLog). */
static inline void
note_read (const BaaMatch *m, int k, int what)
{
  if (G_UNLIKELY (m->read_log != NULL))
    {
      int r = BAA_READ_AT (k, what);

      g_array_append_val (m->read_log->cells, r);
    }
}

/* The count of a cell, exact below OCC_MANY; from there on the caller counts
 * the counters themselves. */
static guint
occ_count (const BaaMatch *m, guint8 *const *table, MuHex hex, int side, gboolean *many)
{
  int k = cell_index (m, hex);
  int what;

  *many = FALSE;
  if (k < 0)
    return 0;
  if (side == BAA_NONE)
    what = table == m->occ_cdrs ? BAA_READ_CDRS (0) | BAA_READ_CDRS (1)
                                : BAA_READ_UNITS (0) | BAA_READ_UNITS (1);
  else
    what = table == m->occ_cdrs ? BAA_READ_CDRS (side) : BAA_READ_UNITS (side);
  note_read (m, k, what);
  occ_check (m);
  if (side == BAA_NONE)
    {
      *many = table[0][k] == OCC_MANY || table[1][k] == OCC_MANY;
      return table[0][k] + table[1][k];
    }
  *many = table[side][k] == OCC_MANY;
  return table[side][k];
}

guint
baa_units_at (const BaaMatch *m,
              MuHex           hex,
              int             side,
              BaaUnit       **out,
              guint           max)
{
  guint n = 0;
  gboolean many;
  guint count = occ_count (m, m->occ_units, hex, side, &many);

  if (count == 0 || (out == NULL && !many))
    return count;
  for (int i = m->cell_unit[cell_index (m, hex)]; i >= 0 && (out == NULL || n < max); i = m->unit_next[i])
    {
      BaaUnit *u = g_ptr_array_index (m->units, i);
      if (side == BAA_NONE || u->side == side)
        {
          if (out != NULL)
            out[n] = u;
          n++;
        }
    }
  return n;
}

guint
baa_commanders_at (const BaaMatch *m,
                   MuHex           hex,
                   int             side,
                   BaaCommander  **out,
                   guint           max)
{
  guint n = 0;
  gboolean many;
  guint count = occ_count (m, m->occ_cdrs, hex, side, &many);

  if (count == 0 || (out == NULL && !many))
    return count;
  for (int i = m->cell_cdr[cell_index (m, hex)]; i >= 0 && (out == NULL || n < max); i = m->cdr_next[i])
    {
      BaaCommander *c = g_ptr_array_index (m->commanders, i);
      if (side == BAA_NONE || c->side == side)
        {
          if (out != NULL)
            out[n] = c;
          n++;
        }
    }
  return n;
}

GPtrArray *
baa_commanders_in (const BaaMatch *m,
                   MuHex           hex,
                   int             side)
{
  guint n = baa_commanders_at (m, hex, side, NULL, 0);
  GPtrArray *out;

  if (n == 0)
    return NULL;
  out = g_ptr_array_sized_new (n);
  g_ptr_array_set_size (out, n);
  g_ptr_array_set_size (out, baa_commanders_at (m, hex, side, (BaaCommander **) out->pdata, n));
  return out;
}

static int
by_unit_index (gconstpointer a,
               gconstpointer b)
{
  guint x = (*(BaaUnit *const *) a)->index, y = (*(BaaUnit *const *) b)->index;

  return (x > y) - (x < y);
}

static int
by_cdr_index (gconstpointer a,
              gconstpointer b)
{
  guint x = (*(BaaCommander *const *) a)->index, y = (*(BaaCommander *const *) b)->index;

  return (x > y) - (x < y);
}

/* Sorts a few counters by their index in the match (insertion: the lists
 * are short, and qsort allocates). */
static void
sort_by_index (gpointer *v, guint n, GCompareFunc by_index)
{
  for (guint i = 1; i < n; i++)
    {
      gpointer x = v[i];
      guint j = i;

      for (; j > 0 && by_index (&v[j - 1], &x) > 0; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

/* The cells within radius of centre, each chain of `heads`/`next` walked
 * (the units' or the commanders'), in the match's order. The disc is taken
 * a line of hexes at a time (a column on a flat-topped grid, a row on a
 * pointy-topped one), each line a run of consecutive cells. */
static void
counters_near (const BaaMatch  *m,
               const GPtrArray *counters,
               const int       *heads,
               const int       *next,
               MuHex            centre,
               int              radius,
               GPtrArray       *out,
               GCompareFunc     by_index)
{
  const MuHexGrid *g = m->grid;
  gboolean flat = g->orientation == MU_HEX_FLAT_TOP;
  guint first = out->len;
  MuAxial o;

  if (radius < 0)
    return;
  radius = MIN (radius, g->cols + g->rows);
  o = mu_hex_to_axial (g, centre);
  for (int d = -radius; d <= radius; d++)
    {
      int lo = MAX (-radius, -d - radius), hi = MIN (radius, -d + radius);
      MuHex h = mu_hex_from_axial (g, flat ? (MuAxial) { o.q + d, o.r + lo } : (MuAxial) { o.q + lo, o.r + d });
      int line = flat ? h.col : h.row, from = flat ? h.row : h.col, to = from + (hi - lo);
      int len = flat ? g->rows : g->cols;

      if (line < 1 || line > (flat ? g->cols : g->rows))
        continue;
      from = MAX (from, 1);
      to = MIN (to, len);
      for (int x = from; x <= to; x++)
        {
          int k = flat ? (x - 1) * g->cols + (line - 1) : (line - 1) * g->cols + (x - 1);

          for (int i = heads[k]; i >= 0; i = next[i])
            g_ptr_array_add (out, g_ptr_array_index (counters, i));
        }
    }
  sort_by_index (out->pdata + first, out->len - first, by_index);
}

void
baa_units_near (const BaaMatch *m,
                MuHex           centre,
                int             radius,
                int             side,
                GPtrArray      *out)
{
  guint first = out->len, kept = first;
  gsize disc = radius < 0 ? 0 : 3 * (gsize) radius * (radius + 1) + 1;

  occ_check (m);
  if (G_UNLIKELY (m->read_log != NULL))
    m->read_log->wide = TRUE;
  if (disc > m->units->len)
    {
      for (guint i = 0; i < m->units->len; i++)
        {
          BaaUnit *u = g_ptr_array_index (m->units, i);

          if (u->status == BAA_UNIT_ACTIVE && (side == BAA_NONE || u->side == side) &&
              cell_index (m, u->hex) >= 0 && mu_hex_distance (m->grid, centre, u->hex) <= radius)
            g_ptr_array_add (out, u);
        }
      return;
    }
  counters_near (m, m->units, m->cell_unit, m->unit_next, centre, radius, out, by_unit_index);
  for (guint i = first; i < out->len; i++)
    if (side == BAA_NONE || ((BaaUnit *) g_ptr_array_index (out, i))->side == side)
      out->pdata[kept++] = out->pdata[i];
  g_ptr_array_set_size (out, kept);
}

void
baa_commanders_near (const BaaMatch *m,
                     MuHex           centre,
                     int             radius,
                     int             side,
                     GPtrArray      *out)
{
  guint first = out->len, kept = first;
  gsize disc = radius < 0 ? 0 : 3 * (gsize) radius * (radius + 1) + 1;

  occ_check (m);
  if (G_UNLIKELY (m->read_log != NULL))
    m->read_log->wide = TRUE;
  if (disc > m->commanders->len)
    {
      for (guint i = 0; i < m->commanders->len; i++)
        {
          BaaCommander *c = g_ptr_array_index (m->commanders, i);

          if (c->status == BAA_CDR_ACTIVE && (side == BAA_NONE || c->side == side) &&
              cell_index (m, c->hex) >= 0 && mu_hex_distance (m->grid, centre, c->hex) <= radius)
            g_ptr_array_add (out, c);
        }
      return;
    }
  counters_near (m, m->commanders, m->cell_cdr, m->cdr_next, centre, radius, out, by_cdr_index);
  for (guint i = first; i < out->len; i++)
    if (side == BAA_NONE || ((BaaCommander *) g_ptr_array_index (out, i))->side == side)
      out->pdata[kept++] = out->pdata[i];
  g_ptr_array_set_size (out, kept);
}

/* mu_hex_neighbour()'s directions */
static const MuAxial zoc_dirs[6] = { { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 } };

/* The column and row steps to the six neighbours of a hex of each parity
 * of its column (flat-topped) or row (pointy-topped): in offset
 * coordinates they depend on nothing else, so that the zone of control,
 * asked for every unit that may move at every legal-command list, is six
 * additions rather than six conversions to axial coordinates and back. */
static void
zoc_steps_build (BaaMatch *m)
{
  for (int parity = 0; parity < 2; parity++)
    {
      MuHex h = m->grid->orientation == MU_HEX_FLAT_TOP ? (MuHex) { 1 + parity, 1 } : (MuHex) { 1, 1 + parity };
      MuAxial a = mu_hex_to_axial (m->grid, h);

      for (int d = 0; d < 6; d++)
        {
          MuHex n = mu_hex_from_axial (m->grid, (MuAxial) { a.q + zoc_dirs[d].q, a.r + zoc_dirs[d].r });

          m->zoc_step[parity][d][0] = n.col - h.col;
          m->zoc_step[parity][d][1] = n.row - h.row;
        }
    }
  m->zoc_steps = TRUE;
}

gboolean
baa_hex_in_enemy_zoc (const BaaMatch *m,
                      MuHex           hex,
                      int             side)
{
  const guint8 *cells;
  const int (*step)[2];

  if (side != 0 && side != 1)
    return FALSE;
  occ_check (m);
  if (G_UNLIKELY (!m->zoc_steps))
    zoc_steps_build ((BaaMatch *) m);
  cells = m->occ_unpinned[1 - side];
  step = m->zoc_step[(m->grid->orientation == MU_HEX_FLAT_TOP ? hex.col : hex.row) & 1
                     ? 0 : 1];
  for (int d = 0; d < 6; d++)
    {
      int k = cell_index (m, (MuHex) { hex.col + step[d][0], hex.row + step[d][1] });

      if (k >= 0)
        note_read (m, k, BAA_READ_UNITS (1 - side));
      if (k >= 0 && cells[k] > 0)
        return TRUE;
    }
  return FALSE;
}
