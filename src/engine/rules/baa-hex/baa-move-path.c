/* baa-move-path.c: the search for legal moves, one path per reachable
 * destination (BAA-MOV-*, BAA-ZOC-*, BAA-STK-1, BAA-SPC-1..4), checked by
 * the rules of baa-move.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-move.h"

#include "baa-scenario.h"

/* Legal destinations ---------------------------------------------------------------- */

typedef struct {
  MuHex hex;
  int cost;
  int parent;   /* index into the node array, -1 for a first step */
  /* What the search asked of the rules at this hex, kept for its next
   * passes (see baa_move_destinations_reach()): the answers depend only
   * on the board and the mover, never on the pass. */
  guint8 asked;   /* the bits below are known */
  guint8 enter;   /* bit d: the neighbour in direction d may be entered from here */
  gboolean stop;  /* the mover must stop here */
} Node;

static int
node_find (GArray *nodes, MuHex h)
{
  for (guint i = 0; i < nodes->len; i++)
    if (mu_hex_equal (g_array_index (nodes, Node, i).hex, h))
      return (int) i;
  return -1;
}

/* Node lookup by cell for the searches (index + 1, 0 = none). */
typedef struct {
  const BaaMatch *m;
  int *slot;
} NodeIndex;

static int
nindex_get (NodeIndex *x, MuHex h)
{
  if (!mu_hex_grid_contains (x->m->grid, h))
    return -1;
  return x->slot[(h.row - 1) * x->m->grid->cols + (h.col - 1)] - 1;
}

static void
nindex_set (NodeIndex *x, MuHex h, int i)
{
  if (mu_hex_grid_contains (x->m->grid, h))
    x->slot[(h.row - 1) * x->m->grid->cols + (h.col - 1)] = i + 1;
}

static GArray *
node_path (GArray *nodes, int i)
{
  guint n = 0;
  GArray *p;

  for (int j = i; j >= 0; j = g_array_index (nodes, Node, j).parent)
    n++;
  p = g_array_sized_new (FALSE, FALSE, sizeof (MuHex), n);
  g_array_set_size (p, n);
  /* filled from the end: the start comes first */
  for (int j = i; j >= 0; j = g_array_index (nodes, Node, j).parent)
    g_array_index (p, MuHex, --n) = g_array_index (nodes, Node, j).hex;
  return p;
}

static void
add_dest (GPtrArray *out, GArray *path)
{
  MuHex last = g_array_index (path, MuHex, path->len - 1);

  for (guint i = 0; i < out->len; i++)
    {
      GArray *p = g_ptr_array_index (out, i);
      if (mu_hex_equal (g_array_index (p, MuHex, p->len - 1), last))
        {
          g_array_unref (path);
          return;
        }
    }
  g_ptr_array_add (out, path);
}

/* *far: the farthest hex from the start the search has put on a path */
static void
road_search (const BaaMatch *m, const BaaMover *mv, GArray *path, int limit, GPtrArray *out, int *far)
{
  MuHex at = path->len ? g_array_index (path, MuHex, path->len - 1) : mv->start;
  int cost, bonus;
  const char *rule;

  if (path->len > 0)
    {
      if (!baa_move_road_cost (m, mv->start, mv->offboard, (MuHex *) path->data, path->len, &cost, &bonus))
        return;
      if (cost > limit + 2)
        return;
      if (cost <= limit + bonus && baa_move_room_at (m, mv, at) && !mu_hex_equal (at, mv->start))
        add_dest (out, g_array_copy (path));
      if (baa_move_must_stop (m, mv, at, &rule))
        return;
    }
  for (int d = 0; d < 6; d++)
    {
      MuHex n = mu_hex_neighbour (m->grid, at, d);
      gboolean seen = mu_hex_equal (n, mv->start) && !mv->offboard;

      if (!baa_hex_link (m, at, d, MU_PATH_TURNPIKE) && !baa_hex_link (m, at, d, MU_PATH_LOCAL_ROAD))
        continue;
      for (guint i = 0; i < path->len && !seen; i++)
        seen = mu_hex_equal (g_array_index (path, MuHex, i), n);
      if (seen || !baa_move_enterable (m, mv, at, n, &rule))
        continue;
      g_array_append_val (path, n);
      *far = MAX (*far, mu_hex_distance (m->grid, mv->start, n));
      road_search (m, mv, path, limit, out, far);
      g_array_set_size (path, path->len - 1);
    }
}

static void
rail_search (const BaaMatch *m, const BaaMover *mv, GPtrArray *out)
{
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (Node));

  for (guint i = 0; i < mv->entry->len; i++)
    {
      MuHex h = g_array_index (mv->entry, MuHex, i);
      Node nd = { h, 0, -1 };
      if (baa_move_is_rail (m, h) && !baa_move_enemy_unit_at (m, h, mv->side) && node_find (nodes, h) < 0)
        g_array_append_val (nodes, nd);
    }
  for (guint i = 0; i < nodes->len; i++)
    {
      Node cur = g_array_index (nodes, Node, i);
      for (int d = 0; d < 6; d++)
        {
          MuHex n = mu_hex_neighbour (m->grid, cur.hex, d);
          Node nd = { n, cur.cost + 1, (int) i };
          if (!baa_hex_link (m, cur.hex, d, MU_PATH_RAILROAD) || baa_move_enemy_unit_at (m, n, mv->side) ||
              node_find (nodes, n) >= 0)
            continue;
          g_array_append_val (nodes, nd);
        }
    }
  for (guint i = 0; i < nodes->len; i++)
    if (baa_move_room_at (m, mv, g_array_index (nodes, Node, i).hex))
      add_dest (out, node_path (nodes, (int) i));
}

/* Every destination with one legal path each (of GArray of MuHex). */
GPtrArray *
baa_move_destinations_reach (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw, int *reach)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MuHex));
  BaaMover mv;
  NodeIndex nx;
  int allowance, far;
  const char *rule;

  baa_mover_init (m, &mv, u, c, withdraw);
  allowance = baa_move_base_allowance (m, mv.def) - (withdraw ? 1 : 0);
  /* from off the board the distances from the start mean nothing: the
   * search may have read anything */
  far = mv.offboard ? G_MAXINT / 2 : 1;

  /* off the roads: cheapest paths (costs 1 or 2 a hex) */
  nx.m = m;
  /* the per-cell scratch is the match's, kept zeroed between searches: a
   * fresh board-sized array per search cost more than the search */
  if (m->search_slot == NULL)
    ((BaaMatch *) m)->search_slot = g_new0 (int, (gsize) m->grid->cols * m->grid->rows);
  nx.slot = m->search_slot;
  if (mv.offboard)
    {
      for (guint i = 0; i < mv.entry->len; i++)
        {
          MuHex h = g_array_index (mv.entry, MuHex, i);
          Node nd = { h, baa_step_cost (m, MU_HEX_NONE, h), -1 };
          if (nindex_get (&nx, h) < 0 && baa_move_enterable (m, &mv, MU_HEX_NONE, h, &rule))
            {
              nindex_set (&nx, h, (int) nodes->len);
              g_array_append_val (nodes, nd);
            }
        }
    }
  else
    {
      Node nd = { mv.start, 0, -1 };
      nindex_set (&nx, mv.start, 0);
      g_array_append_val (nodes, nd);
    }
  /* The passes repeat until no cost falls; each pass asked the rules again
   * whether each hex stops the mover and each neighbour may be entered,
   * the most of a search's time: the answers are kept on the node. */
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < nodes->len; i++)
        {
          Node *at = &g_array_index (nodes, Node, i);
          Node cur;

          if (at->cost >= allowance)
            continue;
          if (!at->asked)
            {
              at->stop = (i > 0 || mv.offboard) && baa_move_must_stop (m, &mv, at->hex, &rule);
              at->enter = 0;
              if (!at->stop)
                for (int d = 0; d < 6; d++)
                  if (baa_move_enterable (m, &mv, at->hex, mu_hex_neighbour (m->grid, at->hex, d), &rule))
                    at->enter |= 1 << d;
              at->asked = TRUE;
            }
          /* a copy: appending below may move the array */
          cur = *at;
          if (cur.stop)
            continue;
          for (int d = 0; d < 6; d++)
            {
              MuHex n = mu_hex_neighbour (m->grid, cur.hex, d);
              int k, cost;
              if (!(cur.enter & (1 << d)))
                continue;
              cost = cur.cost + baa_move_step_cost_dir (m, cur.hex, d);
              if (cost > allowance)
                continue;
              k = nindex_get (&nx, n);
              if (k < 0)
                {
                  Node nd = { n, cost, (int) i };
                  nindex_set (&nx, n, (int) nodes->len);
                  g_array_append_val (nodes, nd);
                  changed = TRUE;
                  far = MAX (far, mu_hex_distance (m->grid, mv.start, n));
                }
              else if (cost < g_array_index (nodes, Node, k).cost &&
                       g_array_index (nodes, Node, k).parent >= 0)
                {
                  g_array_index (nodes, Node, k).cost = cost;
                  g_array_index (nodes, Node, k).parent = (int) i;
                  changed = TRUE;
                }
            }
        }
    }
  for (guint i = 0; i < nodes->len; i++)
    nindex_set (&nx, g_array_index (nodes, Node, i).hex, -1);
  for (guint i = mv.offboard ? 0 : 1; i < nodes->len; i++)
    {
      Node nd = g_array_index (nodes, Node, i);
      if (mu_hex_equal (nd.hex, mv.start) && !mv.offboard)
        continue;
      if (baa_move_room_at (m, &mv, nd.hex) && nd.cost <= allowance)
        {
          GArray *p = node_path (nodes, (int) i);
          if (!mv.offboard)
            g_array_remove_index (p, 0);
          add_dest (out, p);
        }
    }
  /* BAA-MOV-9: the minimum move of one hex */
  if (!mv.offboard)
    for (int d = 0; d < 6; d++)
      {
        MuHex n = mu_hex_neighbour (m->grid, mv.start, d);
        if (baa_move_enterable (m, &mv, mv.start, n, &rule) && baa_move_room_at (m, &mv, n))
          {
            GArray *p = g_array_new (FALSE, FALSE, sizeof (MuHex));
            g_array_append_val (p, n);
            add_dest (out, p);
          }
      }
  else
    for (guint i = 0; i < mv.entry->len; i++)
      {
        MuHex h = g_array_index (mv.entry, MuHex, i);
        if (baa_move_enterable (m, &mv, MU_HEX_NONE, h, &rule) && baa_move_room_at (m, &mv, h))
          {
            GArray *p = g_array_new (FALSE, FALSE, sizeof (MuHex));
            g_array_append_val (p, h);
            add_dest (out, p);
          }
      }
  /* roads (BAA-MOV-4) */
  if (!m->night)
    {
      if (mv.offboard)
        for (guint i = 0; i < mv.entry->len; i++)
          {
            MuHex h = g_array_index (mv.entry, MuHex, i);
            if (!baa_move_enterable (m, &mv, MU_HEX_NONE, h, &rule))
              continue;
            g_array_set_size (path, 0);
            g_array_append_val (path, h);
            road_search (m, &mv, path, allowance, out, &far);
          }
      else
        {
          g_array_set_size (path, 0);
          road_search (m, &mv, path, allowance, out, &far);
        }
    }
  if (mv.rail)
    rail_search (m, &mv, out);
  baa_mover_clear (&mv);
  /* What the search read lies within two hexes of what it reached: a hex
   * it refused to enter is a neighbour of one it reached, and whether a
   * hex is in an enemy zone reads the hex's neighbours. */
  if (reach)
    *reach = MAX (*reach, far + 2);
  return out;
}

GPtrArray *
baa_move_destinations (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  return baa_move_destinations_reach (m, u, c, withdraw, NULL);
}

gboolean
baa_move_has_destination (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  g_autoptr(GPtrArray) dests = NULL;
  const char *rule;
  BaaMover mv;
  gboolean found = FALSE;

  baa_mover_init (m, &mv, u, c, withdraw);
  /* BAA-MOV-9: a neighbour the counter may enter and stay in is always one
   * of baa_move_destinations()' answers, whatever the allowance */
  if (!mv.offboard)
    for (int d = 0; d < 6 && !found; d++)
      {
        MuHex n = mu_hex_neighbour (m->grid, mv.start, d);
        found = baa_move_enterable (m, &mv, mv.start, n, &rule) && baa_move_room_at (m, &mv, n);
      }
  baa_mover_clear (&mv);
  if (found)
    return TRUE;
  dests = baa_move_destinations (m, u, c, withdraw);
  return dests->len > 0;
}

/* BAA-VIC-4: the moves that leave the board, for the legal commands: from the
 * unit's hex or the end of one of its destination paths (dests, from
 * baa_move_destinations()), one step over an edge an exit task names for its
 * side, when baa_move_check_path() accepts the whole path. Appended to dests. */
void
baa_exit_paths (const BaaMatch *m, BaaUnit *u, GPtrArray *dests)
{
  gboolean any = FALSE;
  guint n = dests->len;
  BaaMover mv;

  for (const char *e = "nesw"; *e && !any; e++)
    any = baa_exit_edge_allowed (m, u->side, *e);
  if (!any)
    return;
  baa_mover_init (m, &mv, u, NULL, FALSE);
  for (guint i = 0; i <= n; i++)
    {
      GArray *base = i < n ? g_ptr_array_index (dests, i) : NULL;
      MuHex from = base && base->len ? g_array_index (base, MuHex, base->len - 1) : u->hex;

      for (int d = 0; d < 6; d++)
        {
          MuHex off = mu_hex_neighbour (m->grid, from, d);
          GArray *path;
          gboolean rail;
          int cost;
          char edge;

          if (baa_hex_on_board (m, off))
            continue;
          path = g_array_new (FALSE, FALSE, sizeof (MuHex));
          if (base)
            g_array_append_vals (path, base->data, base->len);
          g_array_append_val (path, off);
          if (baa_move_check_path (m, &mv, (MuHex *) path->data, path->len, &rail, &cost, &edge, NULL, NULL) && edge)
            g_ptr_array_add (dests, path);
          else
            g_array_unref (path);
        }
    }
  baa_mover_clear (&mv);
}
