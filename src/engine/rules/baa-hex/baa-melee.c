/* baa-melee.c: Brothers at Arms (hex) melee (phase 11)
 *
 * Melee is fire at an adjacent enemy without range or line of sight
 * (BAA-MEL-3): the resolution is baa_attack_resolve() of baa-fire.c, with
 * cover, dispersal, flinch, stacked targets and grouping. What differs is who
 * may and must attack: every active-side unit in contact, with or without
 * orders (BAA-MEL-2), but not a stacked, pinned or entrained one.
 */
#define G_LOG_DOMAIN "muster-baa"

#include "config.h"

#include "baa-combat.h"

static int
distance (const BaaMatch *m,
          MuHex           a,
          MuHex           b)
{
  return mu_hex_distance (m->grid, a, b);
}

static gboolean
may_melee (const BaaMatch *m,
           const BaaUnit  *u,
           GError        **error)
{
  const char *id = baa_unit_id (u);

  if (!baa_unit_on_board (u))
    return baa_refuse (error, "BAA-MEL-2", "%s is not on the board", id);
  if (u->side != m->active)
    return baa_refuse (error, "BAA-AMB-20", "%s belongs to the side not playing this round", id);
  if (u->attacked_this_round)
    return baa_refuse (error, "BAA-FIRE-12", "%s has already attacked this round", id);
  if (u->on_train)
    return baa_refuse (error, "BAA-SPC-2", "%s is on a train and may not attack", id);
  if (u->pinned)
    return baa_refuse (error, "BAA-AMB-17", "%s is pinned and makes no melee attack", id);
  if (baa_unit_stacked (m, u))
    return baa_refuse (error, "BAA-STK-2", "%s is stacked (unformed) and may not melee", id);
  return TRUE;
}

gboolean
baa_melee_check (const BaaMatch *m,
                 const BaaUnit  *attacker,
                 const BaaUnit  *target,
                 GError        **error)
{
  if (!may_melee (m, attacker, error))
    return FALSE;
  if (!baa_unit_on_board (target) || target->side == attacker->side)
    return baa_refuse (error, "BAA-MEL-2", "%s is not an enemy unit", baa_unit_id (target));
  if (distance (m, attacker->hex, target->hex) != 1)
    return baa_refuse (error, "BAA-MEL-1", "%s is not adjacent to %s", baa_unit_id (attacker),
                       baa_unit_id (target));
  return baa_check_riverboat (attacker, target, error);
}

gboolean
baa_melee_resolve (BaaMatch       *m,
                   BaaUnit *const *attackers,
                   guint           n,
                   BaaUnit        *target,
                   GPtrArray      *events,
                   GError        **error)
{
  g_return_val_if_fail (m != NULL && attackers != NULL && target != NULL, FALSE);

  if (n == 0)
    return baa_refuse (error, "BAA-MEL-3", "no attacking unit named");
  for (guint i = 0; i < n; i++)
    {
      for (guint j = i + 1; j < n; j++)
        if (attackers[i] == attackers[j])
          return baa_refuse (error, "BAA-FIRE-12", "%s is named twice: one attack per unit",
                             baa_unit_id (attackers[i]));
      /* BAA-MEL-3: a group is units adjacent to the same target. */
      if (!baa_melee_check (m, attackers[i], target, error))
        return FALSE;
    }
  return baa_attack_resolve (m, attackers, n, target, TRUE, events);
}

gboolean
baa_melee_required (const BaaMatch *m,
                    const BaaUnit  *u)
{
  g_return_val_if_fail (m != NULL && u != NULL, FALSE);

  if (!baa_unit_on_board (u) || u->side != m->active)
    return FALSE;
  /* BAA-MEL-1: contact; BAA-MEL-2: some adjacent enemy it may choose, and
   * it may attack at all (not stacked, pinned, on a train, attacked). */
  {
    g_autoptr(GPtrArray) near = g_ptr_array_new ();

    baa_units_near (m, u->hex, 1, BAA_NONE, near);
    for (guint i = 0; i < near->len; i++)
      if (((BaaUnit *) g_ptr_array_index (near, i))->side != u->side &&
          baa_melee_check (m, u, g_ptr_array_index (near, i), NULL))
        return TRUE;
  }
  return FALSE;
}
