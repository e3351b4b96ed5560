/* baa-move.h: baa-hex movement, zones of control, capture (baa-move.c), legal
 * moves (baa-move-path.c) */
#pragma once

#include "baa-hex-private.h"

G_BEGIN_DECLS

/* Cost of entering `to` from `from` off the roads (MU_HEX_NONE: from off the board). */
int        baa_step_cost            (const BaaMatch *m, MuHex from, MuHex to);
gboolean   baa_hex_is_road          (const BaaMatch *m, MuHex hex);
/* Entry hexes of a reserve (of MuHex, new array). */
GArray    *baa_reserve_entry_hexes  (const BaaMatch *m, const MuReserve *r);
/* A task objective "exit SIDE EDGE N" lets units of side leave over edge (BAA-VIC-4). */
gboolean   baa_exit_edge_allowed    (const BaaMatch *m, int side, char edge);
/* Appends to dests the paths that leave the board (BAA-VIC-4). */
void       baa_exit_paths           (const BaaMatch *m, BaaUnit *u, GPtrArray *dests);
/* Validates and applies a move or withdrawal of a unit (u) or commander (c);
 * phase, side and orders are the caller's checks. */
gboolean   baa_move_counter         (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw,
                                     const MuHex *path, guint n, GPtrArray *events, GError **error);
/* What the path costs a unit (u) or commander (c) against its allowance
 * (with the road bonus when it goes by road; BAA-MOV-1..5, MOV-9, MOV-12),
 * legal or not; FALSE (both -1) when the path is refused before its cost. */
gboolean   baa_move_cost            (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw,
                                     const MuHex *path, guint n, int *cost, int *allowance);
/* One legal path per reachable destination (of GArray* of MuHex). */
GPtrArray *baa_move_destinations    (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw);
/* The same, raising *reach to at least the distance from the counter's hex
 * of every hex the search read (very far for a counter off the board). */
GPtrArray *baa_move_destinations_reach (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw,
                                        int *reach);
/* Whether baa_move_destinations() would find any (cheaper: most counters
 * answer from their neighbours). */
gboolean   baa_move_has_destination (const BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw);
/* A unit has come to rest in its hex, entered from `from` (its own hex when
 * it came from off the board): it captures the enemy commanders there
 * (BAA-CDR-9) or is locked by an enemy ZOC (BAA-ZOC-3, not after a rail
 * ride). May open an evade decision. */
void       baa_move_settle          (BaaMatch *m, BaaUnit *u, MuHex from, gboolean rail, GPtrArray *events);
/* Evade decisions (BAA-CDR-9). */
void       baa_capture_continue     (BaaMatch *m, GPtrArray *events);
gboolean   baa_evade_choose         (BaaMatch *m, MuHex to, GPtrArray *events, GError **error);

/* Shared by baa-move.c and the search for legal moves (baa-move-path.c). */
/* A counter that moves: a unit or a commander. */
typedef struct {
  BaaUnit *unit;
  BaaCommander *cdr;
  const MuCounter *def;
  int side;
  MuHex start;
  gboolean offboard;        /* enters from off the board (reserve arrival) */
  gboolean withdraw;        /* BAA-MOV-12 */
  gboolean rail;            /* BAA-SPC-1: a railroad arrival may ride the rails */
  GArray *entry;            /* offboard: the legal first hexes (of MuHex) */
  MuHex adjacent_enemies[6];
  guint n_adjacent;
} BaaMover;

int        baa_move_base_allowance  (const BaaMatch *m, const MuCounter *def);
gboolean   baa_move_is_rail         (const BaaMatch *m, MuHex hex);
int        baa_move_step_cost_dir   (const BaaMatch *m, MuHex from, int d);
gboolean   baa_move_road_cost       (const BaaMatch *m, MuHex start, gboolean offboard,
                                     const MuHex *path, guint n, int *cost, int *bonus);
gboolean   baa_move_enemy_unit_at   (const BaaMatch *m, MuHex h, int side);
gboolean   baa_move_enterable       (const BaaMatch *m, const BaaMover *mv, MuHex from, MuHex h,
                                     const char **rule);
gboolean   baa_move_must_stop       (const BaaMatch *m, const BaaMover *mv, MuHex h, const char **rule);
gboolean   baa_move_room_at         (const BaaMatch *m, const BaaMover *mv, MuHex h);
void       baa_mover_init           (const BaaMatch *m, BaaMover *mv, BaaUnit *u, BaaCommander *c,
                                     gboolean withdraw);
void       baa_mover_clear          (BaaMover *mv);
gboolean   baa_move_check_path      (const BaaMatch *m, const BaaMover *mv, const MuHex *path, guint n,
                                     gboolean *rail_ride, int *cost_out, char *exit_edge,
                                     int *allowance_out, GError **error);

G_END_DECLS
