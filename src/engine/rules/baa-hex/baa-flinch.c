/* baa-flinch.c: Brothers at Arms (hex) flinch tests and flinch moves
 *
 * After an attack that leaves hits but no dispersal (BAA-FIRE-8): the test
 * (BAA-FLN-1..4, FLN-7, FLN-8), then the move to a legal destination
 * (BAA-FLN-5, BAA-AMB-14), chosen by the owner or, from the second flinch of
 * the round, by the attacker (BAA-FLN-6), or surrender when there is none
 * (BAA-FLN-5a). Also the removal of a unit with its commanders' fate
 * (BAA-CDR-3), which dispersal and surrender share.
 */
#define G_LOG_DOMAIN "muster-baa"

#include "config.h"

#include "baa-combat.h"

#include <glib/gi18n-lib.h>

static int
distance (const BaaMatch *m,
          MuHex           a,
          MuHex           b)
{
  return mu_hex_distance (m->grid, a, b);
}

static gboolean
is_indomitable (const BaaMatch *m,
                const BaaUnit  *u)
{
  return m->opt_indomitable && u->indomitable;
}

/* Removal ---------------------------------------------------------------------- */

/* BAA-CDR-3: a commander in the hex of a unit just dispersed (or surrendered,
 * BAA-AMB-15) is disabled on a 6, one die each. */
static void
commanders_share_fate (BaaMatch  *m,
                       MuHex      hex,
                       int        side,
                       GPtrArray *events)
{
  g_autoptr(GPtrArray) c = baa_commanders_in (m, hex, side);

  for (guint i = 0; c != NULL && i < c->len; i++)
    {
      BaaCommander *k = g_ptr_array_index (c, i);
      gboolean hit = FALSE;

      if (k->status != BAA_CDR_ACTIVE)
        continue;
      baa_roll (m, events, NC_("event text", "commander-fate"), k->def->id, NULL, 0, MU_ROLL_AT_LEAST, 6,
                "BAA-CDR-3", &hit);
      if (hit)
        baa_commander_disable (m, k, "BAA-CDR-3", events);
    }
}

void
baa_combat_remove_unit (BaaMatch      *m,
                        BaaUnit       *u,
                        BaaUnitStatus  status,
                        const char    *by,
                        const char    *rule,
                        GPtrArray     *events)
{
  MuHex hex = u->hex;
  int side = u->side;

  baa_unit_remove (m, u, status, by, rule, events);
  commanders_share_fate (m, hex, side, events);
}

/* Flinch ----------------------------------------------------------------------- */

/* Flinch ----------------------------------------------------------------------- */

GArray *
baa_flinch_destinations (const BaaMatch  *m,
                         BaaUnit *const  *units,
                         guint            n,
                         BaaUnit *const  *attackers,
                         guint            n_attackers)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuHex));
  int side;
  MuHex from;

  g_return_val_if_fail (m != NULL && units != NULL && n >= 1, out);

  side = units[0]->side;
  from = units[0]->hex;
  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    {
      MuHex h = mu_hex_neighbour (m->grid, from, d);   /* BAA-FLN-5 (1) */
      gboolean ok = TRUE;
      guint friends;

      if (!baa_hex_on_board (m, h))
        continue;
      /* (2) passable and free of enemy counters */
      for (guint i = 0; i < n && ok; i++)
        ok = !baa_hex_impassable (m, h, units[i]->def);
      if (!ok)
        continue;
      if (baa_units_at (m, h, 1 - side, NULL, 0) > 0 || baa_commanders_at (m, h, 1 - side, NULL, 0) > 0)
        continue;
      /* (3) not adjacent to any unit that took part in the attack */
      for (guint i = 0; i < n_attackers && ok; i++)
        ok = distance (m, h, attackers[i]->hex) > 1;
      if (!ok)
        continue;
      /* (4) not in the ZOC of a non-pinned enemy unit (BAA-AMB-14) */
      if (baa_hex_in_enemy_zoc (m, h, side))
        continue;
      /* (5) stacking: one unit may join one friend, a pair needs an empty hex */
      friends = baa_units_at (m, h, side, NULL, 0);
      if (friends + n > 2)
        continue;
      g_array_append_val (out, h);
    }
  return out;
}

void
baa_flinch_move (BaaMatch       *m,
                 BaaUnit *const *units,
                 guint           n,
                 MuHex           dest,
                 GPtrArray      *events)
{
  g_return_if_fail (m != NULL && units != NULL);

  for (guint i = 0; i < n; i++)
    {
      BaaUnit *u = units[i];
      MuEvent *ev;

      ev = baa_event (m, events, &baa_ev_flinch, baa_unit_id (u), "BAA-FLN-5");
      ev->from = mu_pos_from_hex (u->hex);
      ev->to = mu_pos_from_hex (dest);
      u->hex = dest;
      /* A unit on a train that is forced to flinch leaves the train: it can
       * no longer be "carried" off the railroad (BAA-SPC-1, BAA-AMB-34 do not
       * say; the flinch rules take precedence). */
      u->on_train = FALSE;
      baa_match_invalidate (m);
      u->flinches_this_round++;
      /* A flinch counts as a move for rest (BAA-AMB-38). */
      baa_unit_note_action (m, u);
      /* Only the flinching unit(s) are pinned, never a unit already in the
       * destination (BAA-AMB-16); at most one marker (BAA-FLN-6). */
      baa_unit_pin (m, u, events);
    }
}

/* The flinch move after a failed test: forced, chosen or surrender. */
static void
flinch_go (BaaMatch       *m,
           BaaUnit *const *units,
           guint           n,
           BaaUnit *const *attackers,
           guint           n_attackers,
           GPtrArray      *events)
{
  GArray *dests = baa_flinch_destinations (m, units, n, attackers, n_attackers);
  int chooser;
  g_autofree char *question = NULL;
  g_autofree char *shown = NULL;

  if (dests->len == 0)
    {
      /* BAA-FLN-5a: no legal destination, the unit(s) surrender (BAA-AMB-14,
       * AMB-15: counts as dispersal for every purpose). */
      g_array_unref (dests);
      for (guint i = 0; i < n; i++)
        baa_combat_remove_unit (m, units[i], BAA_UNIT_SURRENDERED, baa_unit_id (attackers[0]),
                     "BAA-FLN-5a", events);
      return;
    }
  if (dests->len == 1)
    {
      MuHex only = g_array_index (dests, MuHex, 0);

      g_array_unref (dests);
      baa_flinch_move (m, units, n, only, events);
      return;
    }
  /* BAA-FLN-6: the owner chooses the first flinch of the round; for later
   * flinches of the same unit in the round the attacking player chooses. */
  chooser = units[0]->flinches_this_round >= 1 ? attackers[0]->side : units[0]->side;
  if (n == 2)
    mu_rules_question (&question, &shown, N_("where do %s and %s flinch to?"),
                         baa_unit_id (units[0]), baa_unit_id (units[1]));
  else
    mu_rules_question (&question, &shown, N_("where does %s flinch to?"), baa_unit_id (units[0]));
  baa_decision_open_hexes (m, BAA_DECISION_FLINCH, chooser, question, shown, dests, events);
  m->pending.units[0] = units[0];
  m->pending.units[1] = n == 2 ? units[1] : NULL;
  m->pending.n_units = n;
}

/* The flinch test (BAA-FLN-1..4, FLN-7, FLN-8) of units[0] (with units[1]
 * flinching together when a stacked pair, BAA-FIRE-9) after `hits`. */
void
baa_flinch_test (BaaMatch       *m,
                 BaaUnit       **units,
                 guint           n,
                 int             hits,
                 int             cover,
                 BaaUnit *const *attackers,
                 guint           n_attackers,
                 GPtrArray      *events)
{
  BaaUnit *u = units[0];
  const char *id = baa_unit_id (u);
  const char *by = baa_unit_id (attackers[0]);
  int threshold = baa_unit_threshold (m, u);
  gboolean flinch = FALSE;

  if (is_indomitable (m, u))
    {
      baa_event (m, events, &baa_ev_stands, id, "BAA-FLN-8");
      return;
    }
  if (cover >= 5)
    {
      baa_event (m, events, &baa_ev_stands, id, "BAA-FLN-4");
      return;
    }
  if (m->opt_overwhelming && hits == threshold - 1)
    {
      /* BAA-FLN-7, BAA-AMB-22: one short of dispersal. */
      if (cover == 0)
        {
          MuEvent *ev = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), id, "BAA-FLN-7");
          mu_event_set_text (ev, NC_("event text", "overwhelming fire: flinches without a test"));
          flinch = TRUE;
        }
      else
        baa_roll (m, events, NC_("event text", "flinch"), id, by, 0, MU_ROLL_AT_MOST, hits,
                  "BAA-FLN-7", &flinch);
    }
  else if (cover == 0)
    baa_roll (m, events, NC_("event text", "flinch"), id, by, 0, MU_ROLL_AT_MOST, hits, "BAA-FLN-1", &flinch);
  else
    {
      gboolean a = FALSE, b = FALSE;

      /* BAA-FLN-3: both dice are always rolled; both must be <= hits. */
      baa_roll (m, events, NC_("event text", "flinch"), id, by, 0, MU_ROLL_AT_MOST, hits, "BAA-FLN-3", &a);
      baa_roll (m, events, NC_("event text", "flinch"), id, by, 0, MU_ROLL_AT_MOST, hits, "BAA-FLN-3", &b);
      flinch = a && b;
    }
  if (!flinch)
    {
      baa_event (m, events, &baa_ev_stands, id, cover ? "BAA-FLN-3" : "BAA-FLN-1");
      return;
    }
  /* An indomitable partner of a flinching primary stays where it is
   * (BAA-FLN-8 "never flinches"; not spelled out for stacks). */
  if (n == 2 && is_indomitable (m, units[1]))
    n = 1;
  flinch_go (m, units, n, attackers, n_attackers, events);
}
