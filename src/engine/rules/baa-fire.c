#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-combat.h"

/* Temporary: the combat module replaces this file. */

static gboolean
not_yet (GError **error)
{
  g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, "fire is not available yet (BAA-FIRE-1)");
  return FALSE;
}

gboolean
baa_fire_resolve (BaaMatch *m, BaaUnit *const *firers, guint n, BaaUnit *target,
                  GPtrArray *events, GError **error)
{
  return not_yet (error);
}

gboolean
baa_fire_commander_resolve (BaaMatch *m, BaaUnit *firer, BaaCommander *target,
                            GPtrArray *events, GError **error)
{
  return not_yet (error);
}

gboolean
baa_breach_resolve (BaaMatch *m, BaaUnit *const *firers, guint n, MuHex hex, int dir,
                    GPtrArray *events, GError **error)
{
  return not_yet (error);
}

void
baa_combat_legal_targets (const BaaMatch *m, const BaaUnit *u, GPtrArray *ids)
{
}

void
baa_combat_legal_commands (const BaaMatch *m, const BaaUnit *u, GPtrArray *commands)
{
}

GArray *
baa_flinch_destinations (const BaaMatch *m, BaaUnit *const *units, guint n,
                         BaaUnit *const *attackers, guint n_attackers)
{
  return g_array_new (FALSE, FALSE, sizeof (MuHex));
}

void
baa_flinch_move (BaaMatch *m, BaaUnit *const *units, guint n, MuHex dest, GPtrArray *events)
{
}

/* Temporary, until the combat module provides them (baa-combat.h). */

gboolean
baa_los_check (const BaaMatch *m, int side, MuHex from, MuHex to, BaaLos *los)
{
  los->clear = FALSE;
  los->range_bonus = 0;
  los->rule = "BAA-LOS-1";
  return FALSE;
}

int
baa_effective_range (const BaaMatch *m, const BaaUnit *firer, MuHex target)
{
  return firer->def->range;
}

int
baa_cover_value (const BaaMatch *m, MuHex from, MuHex target)
{
  return 0;
}
