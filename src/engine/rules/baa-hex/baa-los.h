/* baa-los.h: Brothers at Arms (hex) line of sight, higher ground and cover
 *
 * Pure functions over a hex map and an occupancy callback, so that the match
 * state, the editor (a "what can this unit see" overlay) and tests can all use
 * them. Rule ids refer to shared/rules/baa-hex.md.
 */
#pragma once

#include <glib.h>

#include "mu-scenario.h"
#include "mu-sight.h"

G_BEGIN_DECLS

/* Whether hex holds a unit counter (of either side) that blocks line of sight.
 * Command and control counters never block (BAA-LOS-3). */
typedef gboolean (*MuBaaUnitAtFunc) (MuHex hex, gpointer user_data);
/* The features (MuSideFeatures, including MU_SIDE_BREACHED for a breach made
 * during the match) of hexside dir of hex. */
typedef guint    (*MuBaaSideFunc)   (const MuHexMap *map, MuHex hex, int dir, gpointer user_data);

typedef enum {
  MU_BAA_LOS_LEVEL,   /* firer and target at the same height, nothing lower between */
  MU_BAA_LOS_DOWN,    /* firer higher than the target (BAA-HGT-1) */
  MU_BAA_LOS_ACROSS,  /* same height across lower ground (BAA-HGT-2) */
  MU_BAA_LOS_UP,      /* firer lower than the target (BAA-HGT-3) */
} MuBaaLosKind;

typedef struct {
  gboolean clear;         /* the line of sight exists */
  MuBaaLosKind kind;
  int range_bonus;        /* +1 when firing down from an edge (BAA-HGT-1) */
  const char *rule;       /* when blocked: the rule id that blocks it */
  const char *reason;     /* when blocked: untranslated English reason */
  MuSightBlock block;     /* when blocked: what blocks (MU_SIGHT_CLEAR when clear) */
  MuHex blocker;          /* when blocked by a hex: that hex, else MU_HEX_NONE */
  /* Every hex the line passes through or runs along, without the two ends, in
   * line order (both hexes of a hexside step). Owned by the result; free with
   * mu_baa_los_clear(). */
  GArray *crossed;        /* of MuHex */
} MuBaaLos;

/* The hexes a line of sight from the centre of a to the centre of b passes
 * through, a first and b last (BAA-LOS-1): the steps of mu_hex_line(), and
 * between two of them any hex whose corner the line cuts across. A new array
 * of MuHexLineStep; along_side steps as in mu_hex_line(). */
GArray      *mu_baa_sight_line       (const MuHexGrid *grid,
                                      MuHex            a,
                                      MuHex            b);

/* Computes the line of sight from firer to target (BAA-LOS-1/2/3,
 * BAA-HGT-1/2/3, BAA-AMB-30/31/32). The ends never block. unit_at may be NULL
 * (an empty board). Fills *los; call mu_baa_los_clear() afterwards.
 * Returns los->clear. */
gboolean     mu_baa_los_compute      (const MuHexMap  *map,
                                      MuHex            firer,
                                      MuHex            target,
                                      MuBaaUnitAtFunc  unit_at,
                                      gpointer         user_data,
                                      MuBaaLos        *los);
void         mu_baa_los_clear        (MuBaaLos        *los);

/* Whether a hex blocks line of sight by its terrain (woodland, settlement). */
gboolean     mu_baa_terrain_blocks   (const MuHexMap  *map,
                                      MuHex            hex);

/* Whether hex is an edge hex of its level toward other: the first hex of the
 * hex line from hex to other (either hex when the line runs along a hexside)
 * is lower than hex (BAA-AMB-31). */
gboolean     mu_baa_is_edge_toward   (const MuHexMap  *map,
                                      MuHex            hex,
                                      MuHex            other);

/* The cover value (0 = in the open, 3 soft, 4 hard, 5 fortification) of a
 * unit in target against fire from firer (BAA-COV-1, BAA-AMB-23, BAA-FORT-4).
 * side_at NULL reads the map's hexsides. If rule is not NULL it receives the
 * rule id of the deciding cover (a static string). */
int          mu_baa_cover_value      (const MuHexMap  *map,
                                      MuHex            firer,
                                      MuHex            target,
                                      MuBaaSideFunc    side_at,
                                      gpointer         user_data,
                                      const char     **rule);

/* The hexsides (as (hex, dir) of target) through which a line from firer enters
 * target: one hexside when the line crosses it, two when it enters at the
 * corner they share (BAA-AMB-23). Returns how many were written to dirs. */
int          mu_baa_entry_sides      (const MuHexMap  *map,
                                      MuHex            firer,
                                      MuHex            target,
                                      int              dirs[2]);

/* Whether a unit in hex fires or melees unformed (BAA-TER-3, BAA-TER-4):
 * settlement, woodland, marsh, rough, a stream, a ford or a bridge. */
gboolean     mu_baa_hex_unformed     (const MuHexMap  *map,
                                      MuHex            hex);

G_END_DECLS
