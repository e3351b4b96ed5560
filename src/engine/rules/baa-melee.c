#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-combat.h"

/* Temporary: the combat module replaces this file. */

gboolean
baa_melee_resolve (BaaMatch *m, BaaUnit *const *attackers, guint n, BaaUnit *target,
                   GPtrArray *events, GError **error)
{
  g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, "melee is not available yet (BAA-MEL-3)");
  return FALSE;
}

gboolean
baa_melee_required (const BaaMatch *m, const BaaUnit *u)
{
  return FALSE;
}
