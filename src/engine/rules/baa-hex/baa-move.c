/* baa-move.c: movement (BAA-MOV-*), zones of control (BAA-ZOC-*), stacking
 * (BAA-STK-1), capturing commanders (BAA-CDR-9), railroads and river boats
 * (BAA-SPC-1..4); the search for legal moves is in baa-move-path.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-move.h"

#include "baa-scenario.h"

#include <glib/gi18n-lib.h>
#include <string.h>

int
baa_move_base_allowance (const BaaMatch *m,
                         const MuCounter *def)
{
  if (m->night)
    return 1;   /* BAA-NGT-2 */
  if (def->kind != MU_COUNTER_UNIT)
    return 3;
  switch (def->arm)
    {
    case MU_ARM_CAVALRY:
      return 4;
    case MU_ARM_INFANTRY:
    case MU_ARM_ARTILLERY:
    case MU_ARM_RIVERBOAT:
    default:
      return 2;   /* BAA-MOV-1 */
    }
}

static int
elevation (const BaaMatch *m, MuHex hex)
{
  const MuHexCell *c = baa_hex_cell (m, hex);
  return c ? c->elevation : 0;
}

static gboolean
uphill (const BaaMatch *m, MuHex from, MuHex to)
{
  return elevation (m, to) > elevation (m, from);
}

static gboolean
is_woodland (const BaaMatch *m, MuHex hex)
{
  const MuHexCell *c = baa_hex_cell (m, hex);
  return c && c->terrain == MU_TERRAIN_WOODLAND;
}

gboolean
baa_hex_is_road (const BaaMatch *m, MuHex hex)
{
  for (int d = 0; d < 6; d++)
    if (baa_hex_link (m, hex, d, MU_PATH_LOCAL_ROAD) || baa_hex_link (m, hex, d, MU_PATH_TURNPIKE))
      return TRUE;
  return FALSE;
}

gboolean
baa_move_is_rail (const BaaMatch *m, MuHex hex)
{
  for (int d = 0; d < 6; d++)
    if (baa_hex_link (m, hex, d, MU_PATH_RAILROAD))
      return TRUE;
  return FALSE;
}

/* The cost of entering `to` off the roads (BAA-MOV-2, MOV-3, MOV-7,
 * BAA-AMB-1, AMB-3, AMB-9). `from` may be MU_HEX_NONE for the first hex
 * entered from off the board. */
int
baa_step_cost (const BaaMatch *m, MuHex from, MuHex to)
{
  const MuHexCell *c = baa_hex_cell (m, to);
  gboolean difficult;
  int dir;

  if (c && (c->features & (MU_HEX_FEATURE_FORD | MU_HEX_FEATURE_BRIDGE)))
    return 1;   /* BAA-MOV-3 */
  difficult = baa_hex_difficult (m, to);
  if (from.col != 0)
    {
      if (uphill (m, from, to))
        difficult = TRUE;    /* BAA-AMB-3: a steep contour crossed upward */
      dir = mu_hex_direction_to (m->grid, from, to);
      if (dir >= 0)
        {
          guint side = mu_hex_map_side (m->map, from, dir);
          /* BAA-MOV-7, BAA-AMB-9: crossing a stream at a hexside */
          if ((side & MU_SIDE_STREAM) && !(side & (MU_SIDE_FORD | MU_SIDE_BRIDGE)))
            difficult = TRUE;
        }
    }
  return difficult ? 2 : 1;   /* never more than +1 per hex (BAA-MOV-2) */
}

/* The map's movement facts do not change during a match: the searches read
 * them from a table built once. Per cell, MOVE_CELL_SIZE bytes: the flags,
 * then for each direction baa_step_cost() into that neighbour (0 when it is
 * off the board). */
enum {
  CELL_RIVER = 1 << 0,     /* a river boat may enter (BAA-SPC-4) */
  CELL_BLOCKED = 1 << 1,   /* impassable to every other counter (BAA-MOV-8) */
};
#define MOVE_CELL_SIZE BAA_MOVE_CELL_SIZE

static const guint8 *
move_cells (const BaaMatch *m)
{
  static const MuCounter foot = { .kind = MU_COUNTER_UNIT, .arm = MU_ARM_INFANTRY };
  static const MuCounter boat = { .kind = MU_COUNTER_UNIT, .arm = MU_ARM_RIVERBOAT };
  int cols = m->grid->cols, rows = m->grid->rows;
  guint8 *cells;

  if (m->move_cells)
    return m->move_cells;
  cells = g_new0 (guint8, (gsize) cols * rows * MOVE_CELL_SIZE);
  for (int row = 1; row <= rows; row++)
    for (int col = 1; col <= cols; col++)
      {
        MuHex h = { col, row };
        guint8 *c = cells + ((gsize) (row - 1) * cols + (col - 1)) * MOVE_CELL_SIZE;

        /* every counter but a river boat is blocked alike (baa_impassable_rule) */
        if (!baa_hex_impassable (m, h, &boat))
          c[0] |= CELL_RIVER;
        if (baa_hex_impassable (m, h, &foot))
          c[0] |= CELL_BLOCKED;
        for (int d = 0; d < 6; d++)
          {
            MuHex n = mu_hex_neighbour (m->grid, h, d);

            if (baa_hex_on_board (m, n))
              c[1 + d] = (guint8) baa_step_cost (m, h, n);
          }
      }
  ((BaaMatch *) m)->move_cells = cells;
  return cells;
}

static const guint8 *
move_cell (const BaaMatch *m, MuHex h)
{
  if (!mu_hex_grid_contains (m->grid, h))
    return NULL;
  return move_cells (m) + ((gsize) (h.row - 1) * m->grid->cols + (h.col - 1)) * MOVE_CELL_SIZE;
}

/* baa_hex_impassable() from the table. */
static gboolean
impassable (const BaaMatch *m, MuHex h, const MuCounter *who)
{
  const guint8 *c = move_cell (m, h);

  if (c == NULL)
    return TRUE;
  if (who->kind == MU_COUNTER_UNIT && who->arm == MU_ARM_RIVERBOAT)
    return !(c[0] & CELL_RIVER);
  return (c[0] & CELL_BLOCKED) != 0;
}

/* baa_step_cost() from `from` into its neighbour in direction d, both on
 * the board, from the table. */
int
baa_move_step_cost_dir (const BaaMatch *m, MuHex from, int d)
{
  return move_cell (m, from)[1 + d];
}

/* Road movement (BAA-MOV-4, MOV-5, BAA-AMB-8): returns FALSE when the path
 * does not qualify; otherwise the road cost and the bonus. */
gboolean
baa_move_road_cost (const BaaMatch *m,
                    MuHex           start,
                    gboolean        offboard,
                    const MuHex    *path,
                    guint           n,
                    int            *cost,
                    int            *bonus)
{
  gboolean all_turnpike = TRUE, woods = FALSE;
  int c = 0;
  MuHex prev = start;
  guint i0 = 0;

  if (m->night)
    return FALSE;   /* BAA-NGT-2 */
  if (offboard)
    {
      if (!baa_hex_is_road (m, path[0]))
        return FALSE;
      prev = path[0];
      c = 1;
      woods = is_woodland (m, path[0]);
      i0 = 1;
    }
  else if (!baa_hex_is_road (m, start))
    return FALSE;
  for (guint i = i0; i < n; i++)
    {
      int d = mu_hex_direction_to (m->grid, prev, path[i]);
      gboolean tp, local;

      if (d < 0)
        return FALSE;
      tp = baa_hex_link (m, prev, d, MU_PATH_TURNPIKE);
      local = baa_hex_link (m, prev, d, MU_PATH_LOCAL_ROAD);
      if (!tp && !local)
        return FALSE;
      if (!tp)
        all_turnpike = FALSE;
      c += 1;
      if (uphill (m, prev, path[i]))
        c += 1;
      if (is_woodland (m, path[i]))
        woods = TRUE;
      prev = path[i];
    }
  if (woods)
    c += 1;
  *cost = c;
  *bonus = all_turnpike ? 2 : 1;
  return TRUE;
}

static int
normal_cost (const BaaMatch *m, MuHex start, gboolean offboard, const MuHex *path, guint n)
{
  int c = 0;
  MuHex prev = offboard ? MU_HEX_NONE : start;

  for (guint i = 0; i < n; i++)
    {
      c += baa_step_cost (m, prev, path[i]);
      prev = path[i];
    }
  return c;
}

/* Entry hexes of a reserve (BAA-RES-1): its listed hexes, else a whole edge. */
static GArray *
edge_hexes (const BaaMatch *m, const MuReserve *r, char edge)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuHex));

  if (r && r->entry && r->entry->len)
    g_array_append_vals (out, r->entry->data, r->entry->len);
  else if (edge)
    {
      int cols = m->grid->cols, rows = m->grid->rows;
      for (int i = 1; i <= MAX (cols, rows); i++)
        {
          MuHex h = MU_HEX_NONE;
          switch (edge)
            {
            case 'n': h = (MuHex) { i, 1 }; break;
            case 's': h = (MuHex) { i, rows }; break;
            case 'w': h = (MuHex) { 1, i }; break;
            case 'e': h = (MuHex) { cols, i }; break;
            default: break;
            }
          if (baa_hex_on_board (m, h))
            g_array_append_val (out, h);
        }
    }
  return out;
}

GArray *
baa_reserve_entry_hexes (const BaaMatch *m, const MuReserve *r)
{
  return edge_hexes (m, r, r && r->edge ? r->edge[0] : 0);
}

static gboolean
hex_in (const GArray *hexes, MuHex h)
{
  for (guint i = 0; hexes && i < hexes->len; i++)
    if (mu_hex_equal (g_array_index (hexes, MuHex, i), h))
      return TRUE;
  return FALSE;
}

gboolean
baa_move_enemy_unit_at (const BaaMatch *m, MuHex h, int side)
{
  return baa_units_at (m, h, 1 - side, NULL, 0) > 0;
}

static gboolean
enemy_cdr_at (const BaaMatch *m, MuHex h, int side)
{
  return baa_commanders_at (m, h, 1 - side, NULL, 0) > 0;
}

/* Whether the mover may enter h at all (not counting costs, ZOC stops and
 * stacking), with the refusing rule in *rule. */
gboolean
baa_move_enterable (const BaaMatch *m, const BaaMover *mv, MuHex from, MuHex h, const char **rule)
{
  if (!baa_hex_on_board (m, h))
    {
      *rule = "BAA-MOV-8";
      return FALSE;
    }
  if (impassable (m, h, mv->def))
    {
      *rule = mv->def->arm == MU_ARM_RIVERBOAT && mv->unit ? "BAA-SPC-4" : "BAA-MOV-8";
      return FALSE;
    }
  if (baa_move_enemy_unit_at (m, h, mv->side))
    {
      *rule = "BAA-MOV-11";
      return FALSE;
    }
  if (mv->cdr && enemy_cdr_at (m, h, mv->side))
    {
      *rule = "BAA-MOV-11";
      return FALSE;
    }
  if (mv->withdraw)
    {
      /* BAA-MOV-12: every step further from each enemy adjacent at the
       * start, and never into an enemy ZOC */
      for (guint i = 0; i < mv->n_adjacent; i++)
        if (from.col == 0 ||
            mu_hex_distance (m->grid, h, mv->adjacent_enemies[i]) <=
            mu_hex_distance (m->grid, from, mv->adjacent_enemies[i]))
          {
            *rule = "BAA-MOV-12";
            return FALSE;
          }
      if (baa_hex_in_enemy_zoc (m, h, mv->side))
        {
          *rule = "BAA-MOV-12";
          return FALSE;
        }
    }
  return TRUE;
}

/* A unit must stop in h: an enemy ZOC (BAA-ZOC-3) or a capture (BAA-CDR-9). */
gboolean
baa_move_must_stop (const BaaMatch *m, const BaaMover *mv, MuHex h, const char **rule)
{
  if (mv->cdr)
    return FALSE;   /* BAA-ZOC-2 */
  if (enemy_cdr_at (m, h, mv->side))
    {
      *rule = "BAA-CDR-9";
      return TRUE;
    }
  if (baa_hex_in_enemy_zoc (m, h, mv->side))
    {
      *rule = "BAA-ZOC-3";
      return TRUE;
    }
  return FALSE;
}

gboolean
baa_move_room_at (const BaaMatch *m, const BaaMover *mv, MuHex h)
{
  BaaUnit *here[4];
  guint n, others = 0;

  if (mv->cdr)
    return TRUE;   /* commanders do not count (BAA-STK-1) */
  n = baa_units_at (m, h, mv->side, here, 4);
  for (guint i = 0; i < n; i++)
    if (here[i] != mv->unit)
      others++;
  return others < 2;
}

void
baa_mover_init (const BaaMatch *m, BaaMover *mv, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  memset (mv, 0, sizeof *mv);
  mv->unit = u;
  mv->cdr = c;
  mv->def = u ? u->def : c->def;
  mv->side = u ? u->side : c->side;
  mv->withdraw = withdraw;
  if (u && u->status == BAA_UNIT_OFFBOARD_RESERVE)
    mv->offboard = TRUE;
  else if (c && c->status == BAA_CDR_OFFBOARD)
    mv->offboard = TRUE;
  else
    mv->start = u ? u->hex : c->hex;
  if (mv->offboard)
    {
      const char *res = u ? u->reserve : c->reserve;
      const MuReserve *r = res ? mu_scenario_find_reserve (m->scenario, res) : NULL;
      char edge = u ? u->march_edge : c->march_edge;
      mv->entry = r ? baa_reserve_entry_hexes (m, r) : edge_hexes (m, NULL, edge);
      mv->rail = r && r->kind == MU_RESERVE_RAILROAD && u != NULL && m->opt_railroads;
    }
  if (withdraw && u)
    for (int d = 0; d < 6; d++)
      {
        MuHex n = mu_hex_neighbour (m->grid, u->hex, d);
        if (baa_units_at (m, n, 1 - u->side, NULL, 0) > 0)
          mv->adjacent_enemies[mv->n_adjacent++] = n;
      }
}

void
baa_mover_clear (BaaMover *mv)
{
  g_clear_pointer (&mv->entry, g_array_unref);
}

/* Rail ride (BAA-SPC-1, SPC-3): every step along railroad links, never into
 * a hex holding an enemy unit. */
static gboolean
rail_path (const BaaMatch *m, const BaaMover *mv, const MuHex *path, guint n)
{
  if (!mv->rail || !hex_in (mv->entry, path[0]) || !baa_move_is_rail (m, path[0]))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      if (baa_move_enemy_unit_at (m, path[i], mv->side))
        return FALSE;
      if (i > 0)
        {
          int d = mu_hex_direction_to (m->grid, path[i - 1], path[i]);
          if (d < 0 || !baa_hex_link (m, path[i - 1], d, MU_PATH_RAILROAD))
            return FALSE;
        }
    }
  return TRUE;
}

/* Validates a whole path for the mover. On success *rail_ride tells whether it
 * is a rail ride and *cost the cost paid. */
/* BAA-VIC-4, exiting the board: the edge(s) beyond which an off-board hex
 * lies, as a string of 'n','e','s','w'. */
static void
edges_beyond (const BaaMatch *m, MuHex h, char out[3])
{
  int k = 0;

  if (h.col < 1) out[k++] = 'w';
  else if (h.col > m->grid->cols) out[k++] = 'e';
  if (h.row < 1) out[k++] = 'n';
  else if (h.row > m->grid->rows) out[k++] = 's';
  out[k] = 0;
}

gboolean
baa_exit_edge_allowed (const BaaMatch *m, int side, char edge)
{
  for (guint i = 0; i < m->scenario->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (m->scenario->tasks, i);
      BaaTask task;
      gboolean ok = baa_task_parse (t->condition, &task) && task.kind == BAA_TASK_EXIT &&
                    g_strcmp0 (task.side, m->side_id[side]) == 0 && task.edge == edge;

      baa_task_clear (&task);
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* BAA-VIC-4, exiting the board (a decision of ours: the digest gives only
 * "exit units off edge E"): a unit's `move` path may end with one hex off the
 * board, adjacent to the last hex of the path (or to the unit's hex), beyond
 * an edge that a task objective "exit SIDE EDGE N" names for the unit's side.
 * That last step costs one more hex, like a clear hex; the hexes before it
 * follow every movement rule, and the unit must be free to leave the last
 * board hex (a zone of control that stops it there stops the exit). Only
 * units exit, only by `move` (not `withdraw`, not in the step that brings a
 * reserve on). An exited unit is out of play for good. Returns the edge in
 * *edge, or 0 when the path does not end off the board. */
static gboolean
exit_step (const BaaMatch *m, const BaaMover *mv, const MuHex *path, guint n, char *edge,
           GError **error)
{
  MuHex last = path[n - 1], prev = n >= 2 ? path[n - 2] : mv->start;
  char edges[3];

  *edge = 0;
  if (baa_hex_on_board (m, last) || (last.col == 0 && last.row == 0))
    return TRUE;
  edges_beyond (m, last, edges);
  for (const char *e = edges; *e; e++)
    if (baa_exit_edge_allowed (m, mv->side, *e))
      *edge = *e;
  if (!*edge)
    return TRUE;   /* not an exit: the path check refuses the hex */
  if (!mv->unit || mv->withdraw || mv->offboard)
    return baa_refuse (error, "BAA-VIC-4", "%s cannot leave the board at %s: only a unit's move exits the board",
                       mv->def->id, baa_hex_label (m, last));
  if (!baa_hex_on_board (m, prev) || mu_hex_distance (m->grid, prev, last) != 1)
    return baa_refuse (error, "BAA-VIC-4", "%s cannot leave the board at %s: not adjacent to %s",
                       mv->def->id, baa_hex_label (m, last), baa_hex_label (m, prev));
  return TRUE;
}

/* On success *cost_out is the path's cost; *allowance_out (may be NULL) the
 * allowance it was measured against (with the road bonus when the road was
 * taken), also set with the cost when the cost is what refuses the path. */
gboolean
baa_move_check_path (const BaaMatch *m, const BaaMover *mv, const MuHex *path, guint n,
                     gboolean *rail_ride, int *cost_out, char *exit_edge, int *allowance_out,
                     GError **error)
{
  const char *who = mv->def->id;
  const char *rule = NULL;
  MuHex prev = mv->start;
  int allowance, normal, rcost = 0, bonus = 0;
  gboolean road;

  guint nb = n;   /* hexes of the path on the board */

  *rail_ride = FALSE;
  *exit_edge = 0;
  if (n == 0)
    return baa_refuse (error, "BAA-MOV-1", "%s: a move needs at least one hex", who);
  if (!exit_step (m, mv, path, n, exit_edge, error))
    return FALSE;
  if (*exit_edge)
    nb = n - 1;
  if (mv->offboard)
    {
      if (!hex_in (mv->entry, path[0]))
        return baa_refuse (error, "BAA-RES-1", "%s cannot enter at %s: not an entry hex of its reserve",
                           who, baa_hex_label (m, path[0]));
      if (rail_path (m, mv, path, n) && baa_move_room_at (m, mv, path[n - 1]))
        {
          *rail_ride = TRUE;
          *cost_out = 0;
          if (allowance_out)
            *allowance_out = baa_move_base_allowance (m, mv->def);   /* the ride costs nothing (BAA-SPC-1) */
          return TRUE;
        }
    }
  for (guint i = 0; i < nb; i++)
    {
      MuHex h = path[i];
      if (!baa_hex_on_board (m, h))
        return baa_refuse (error, "BAA-MOV-1", "%s cannot enter %s: not a hex of the board",
                           who, baa_hex_label (m, h));
      if (i > 0 || !mv->offboard)
        if (mu_hex_distance (m->grid, prev, h) != 1 || !baa_hex_on_board (m, h))
          return baa_refuse (error, "BAA-MOV-1", "%s cannot enter %s: not adjacent to %s",
                             who, baa_hex_label (m, h), baa_hex_label (m, prev));
      if (!baa_move_enterable (m, mv, (i > 0 || !mv->offboard) ? prev : MU_HEX_NONE, h, &rule))
        {
          const char *why =
            g_str_equal (rule, "BAA-MOV-11") ? _("enemy counters there") :
            g_str_equal (rule, "BAA-MOV-12") ? _("a withdrawal must move away from the enemy and stay out of enemy zones of control") :
            g_str_equal (rule, "BAA-SPC-4") ? _("river boats stay on river hexes") :
            _("impassable");
          if (mv->withdraw && mv->offboard)
            why = _("impassable");
          return baa_refuse (error, rule, "%s cannot enter %s: %s", who, baa_hex_label (m, h), why);
        }
      if (i + 1 < n && baa_move_must_stop (m, mv, h, &rule))
        return baa_refuse (error, rule, "%s cannot enter %s: %s", who,
                           baa_hex_label (m, path[i + 1]),
                           g_str_equal (rule, "BAA-ZOC-3") ? _("locked in a zone of control")
                                                           : _("it must stop to capture a commander"));
      prev = h;
    }
  if (*exit_edge && nb == 0 && baa_move_must_stop (m, mv, mv->start, &rule))
    return baa_refuse (error, rule, "%s cannot leave %s: %s", who, baa_hex_label (m, mv->start),
                       g_str_equal (rule, "BAA-ZOC-3") ? _("locked in a zone of control")
                                                       : _("it must stop to capture a commander"));
  if (!*exit_edge && !baa_move_room_at (m, mv, path[n - 1]))
    return baa_refuse (error, "BAA-STK-1", "%s cannot end at %s: two friendly units are there already",
                       who, baa_hex_label (m, path[n - 1]));

  allowance = baa_move_base_allowance (m, mv->def);
  if (mv->withdraw)
    allowance -= 1;
  normal = normal_cost (m, mv->start, mv->offboard, path, nb);
  road = nb > 0 && baa_move_road_cost (m, mv->start, mv->offboard, path, nb, &rcost, &bonus);
  if (*exit_edge)
    {
      normal += 1;   /* BAA-VIC-4: the step off the board costs one hex */
      rcost += 1;
    }
  if (allowance_out)
    *allowance_out = allowance;
  if (normal <= allowance)
    *cost_out = normal;
  else if (road && rcost <= allowance + bonus)
    {
      *cost_out = rcost;
      if (allowance_out)
        *allowance_out = allowance + bonus;
    }
  else if (n == 1)
    *cost_out = normal;   /* BAA-MOV-9: the minimum move */
  else
    {
      *cost_out = road ? MIN (normal, rcost) : normal;
      if (allowance_out)
        *allowance_out = road ? allowance + bonus : allowance;
      /* two whole sentences, so that a translation never holds an English piece */
      if (road)
        return baa_refuse (error, "BAA-MOV-5",
                           "%s cannot reach %s: the path costs %d, the allowance is %d on the road", who,
                           baa_hex_label (m, path[n - 1]), MIN (normal, rcost), allowance + bonus);
      return baa_refuse (error, "BAA-MOV-2", "%s cannot reach %s: the path costs %d, the allowance is %d",
                         who, baa_hex_label (m, path[n - 1]), normal, allowance);
    }
  return TRUE;
}

gboolean
baa_move_cost (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw,
               const MuHex *path, guint n, int *cost, int *allowance)
{
  BaaMover mv;
  gboolean rail;
  char edge;

  *cost = *allowance = -1;
  baa_mover_init (m, &mv, u, c, withdraw);
  baa_move_check_path (m, &mv, path, n, &rail, cost, &edge, allowance, NULL);
  baa_mover_clear (&mv);
  if (*cost < 0 || *allowance < 0)
    *cost = *allowance = -1;
  return *cost >= 0;
}

/* Capture (BAA-CDR-9) ------------------------------------------------------------ */

static GArray *
evade_hexes (const BaaMatch *m, BaaCommander *c, BaaUnit *captor)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuHex));

  for (int d = 0; d < 6; d++)
    {
      MuHex h = mu_hex_neighbour (m->grid, c->hex, d);
      if (!baa_hex_on_board (m, h) || baa_hex_impassable (m, h, c->def))
        continue;
      if (baa_units_at (m, h, captor->side, NULL, 0) || baa_commanders_at (m, h, captor->side, NULL, 0))
        continue;
      /* New ambiguity (BAA-CDR-9, BAA-AMB-29): the captor stands in the
       * commander's hex, so every neighbour is adjacent to it; the evader
       * escapes as the unit closes in, so "not adjacent to the capturing
       * unit" is measured from the hex the unit entered from. */
      if (mu_hex_distance (m->grid, h, m->captor_from) <= 1 || mu_hex_equal (h, captor->hex))
        continue;
      g_array_append_val (out, h);
    }
  return out;
}

static void
evade_move (BaaMatch *m, BaaCommander *c, MuHex to, GPtrArray *events)
{
  MuEvent *e = baa_event (m, events, &baa_ev_evaded, c->def->id, "BAA-CDR-9");
  e->from = mu_pos_from_hex (c->hex);
  e->to = mu_pos_from_hex (to);
  c->hex = to;
  baa_match_invalidate (m);
}

/* Opens the next evade decision, resolving the forced cases at once. */
void
baa_capture_continue (BaaMatch *m, GPtrArray *events)
{
  while (m->evaders && m->evaders->len > 0 && m->pending.kind == BAA_DECISION_NONE)
    {
      BaaCommander *c = g_ptr_array_steal_index (m->evaders, 0);
      g_autoptr(GArray) hexes = evade_hexes (m, c, m->captor);

      if (hexes->len == 0)
        baa_commander_capture (m, c, m->captor->def->id, "BAA-CDR-9", events);
      else if (hexes->len == 1)
        evade_move (m, c, g_array_index (hexes, MuHex, 0), events);
      else
        {
          g_autofree char *q = NULL;
          g_autofree char *shown = NULL;

          mu_rules_question (&q, &shown, N_("%s evades capture: choose a hex"), c->def->id);
          baa_decision_open_hexes (m, BAA_DECISION_EVADE, c->side, q, shown, g_steal_pointer (&hexes),
                                   events);
          m->pending.commander = c;
          m->pending.captor = m->captor;
        }
    }
}

gboolean
baa_evade_choose (BaaMatch *m, MuHex to, GPtrArray *events, GError **error)
{
  BaaCommander *c = m->pending.commander;

  if (!hex_in (m->pending.hexes, to))
    return baa_refuse (error, "BAA-CDR-9", "%s cannot evade to %s: adjacent to the capturing unit or not free",
                       c->def->id, baa_hex_label (m, to));
  baa_decision_clear (m);
  evade_move (m, c, to, events);
  baa_capture_continue (m, events);
  return TRUE;
}

static void
capture (BaaMatch *m, BaaUnit *u, MuHex from, GPtrArray *events)
{
  g_autoptr(GPtrArray) cdrs = baa_commanders_in (m, u->hex, 1 - u->side);
  int need = baa_unit_attack_value (m, u);

  if (cdrs == NULL)
    return;
  if (m->evaders == NULL)
    m->evaders = g_ptr_array_new ();
  m->captor = u;
  m->captor_from = from;
  for (guint i = 0; i < cdrs->len; i++)
    {
      BaaCommander *c = g_ptr_array_index (cdrs, i);
      gboolean ok;

      baa_roll (m, events, NC_("event text", "capture"), u->def->id, c->def->id, 0, MU_ROLL_AT_LEAST, need,
                "BAA-CDR-9", &ok);
      if (ok)
        baa_commander_capture (m, c, u->def->id, "BAA-CDR-9", events);
      else
        g_ptr_array_add (m->evaders, c);
    }
  baa_capture_continue (m, events);
}

/* Applying a move ----------------------------------------------------------------- */

gboolean
baa_move_counter (BaaMatch         *m,
                  BaaUnit          *u,
                  BaaCommander     *c,
                  gboolean          withdraw,
                  const MuHex      *path,
                  guint             n,
                  GPtrArray        *events,
                  GError          **error)
{
  BaaMover mv;
  gboolean rail = FALSE;
  int cost = 0;
  char exit_edge = 0;
  MuEvent *e;

  baa_mover_init (m, &mv, u, c, withdraw);
  if (!baa_move_check_path (m, &mv, path, n, &rail, &cost, &exit_edge, NULL, error))
    {
      baa_mover_clear (&mv);
      return FALSE;
    }
  e = baa_event (m, events, &baa_ev_move, mv.def->id,
                 withdraw ? "BAA-MOV-12" : rail ? "BAA-SPC-1" : exit_edge ? "BAA-VIC-4" : NULL);
  if (exit_edge)
    mu_event_set_text (e, NC_("event text", "exit"));
  else if (withdraw)
    mu_event_set_text (e, NC_("event text", "withdraw"));
  else if (rail)
    mu_event_set_text (e, NC_("event text", "rail"));
  else if (mv.offboard)
    mu_event_set_text (e, NC_("event text", "enter"));
  if (!mv.offboard)
    e->from = mu_pos_from_hex (mv.start);
  e->to = mu_pos_from_hex (path[n - 1]);
  e->path = g_array_new (FALSE, FALSE, sizeof (MuPos));
  for (guint i = 0; i < n; i++)
    {
      MuPos step = mu_pos_from_hex (path[i]);
      g_array_append_val (e->path, step);
    }
  e->value = cost;
  if (u && exit_edge)
    {
      /* BAA-VIC-4: out of play; markers go with it */
      u->status = BAA_UNIT_EXITED;
      u->exit_edge = exit_edge;
      u->hex = path[n - 1];
      u->pinned = FALSE;
      u->nic = FALSE;
      u->on_train = FALSE;
      u->moved_this_round = TRUE;
      baa_unit_note_action (m, u);
      baa_match_invalidate (m);
      baa_mover_clear (&mv);
      return TRUE;
    }
  if (u)
    {
      if (mv.offboard)
        u->status = BAA_UNIT_ACTIVE;
      u->hex = path[n - 1];
      u->moved_this_round = TRUE;
      baa_unit_note_action (m, u);
      if (rail)
        {
          u->on_train = TRUE;
          u->train_round = m->round_serial;
          /* BAA-AMB-34: a reserve rides in at the start of the bound, before
           * its side's round of this bound has begun; that round counts as
           * the boarding round, so the unit stays aboard until phase 7 of
           * its side's round in the next bound (round serials: CSA +1, USA
           * +2 from the bound start). */
          if (m->phase == BAA_PHASE_BOUND_START)
            u->train_round += 1 + u->side;
        }
    }
  else
    {
      if (mv.offboard)
        c->status = BAA_CDR_ACTIVE;
      c->hex = path[n - 1];
      c->moved_this_round = TRUE;
    }
  baa_match_invalidate (m);
  baa_mover_clear (&mv);
  if (u)
    baa_move_settle (m, u, n >= 2 ? path[n - 2] : mv.offboard ? u->hex : mv.start, rail, events);
  return TRUE;
}

void
baa_move_settle (BaaMatch *m, BaaUnit *u, MuHex from, gboolean rail, GPtrArray *events)
{
  MuEvent *e;

  if (enemy_cdr_at (m, u->hex, u->side))
    capture (m, u, from, events);
  else if (baa_hex_in_enemy_zoc (m, u->hex, u->side) && !rail)
    {
      u->locked = TRUE;
      e = baa_event (m, events, &baa_ev_locked, u->def->id, "BAA-ZOC-3");
      e->at = mu_pos_from_hex (u->hex);
    }
}
