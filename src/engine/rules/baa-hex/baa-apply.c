/* baa-apply.c: the commands of a baa-hex match played: moves (BAA-MOV-*),
 * attacks (dispatched to baa-fire.c and baa-melee.c), assignments and direct
 * control (BAA-CMD-*), answers to decisions, and the dispatch of each. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include "baa-combat.h"
#include "baa-command.h"
#include "baa-move.h"
#include "baa-scenario.h"
#include "baa-common.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Moves --------------------------------------------------------------------------------- */

/* May the unit move in this phase 7 at all, destinations aside (BAA-MOV-1,
 * BAA-PIN-1, BAA-SPC-1, BAA-MOV-12)? *withdraw_only: only a withdrawal
 * (it starts in an enemy ZOC). */
gboolean
baa_unit_may_move (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only)
{
  *withdraw_only = FALSE;
  if (m->phase != BAA_PHASE_MOVE_UNITS || u->side != m->active || u->status != BAA_UNIT_ACTIVE)
    return FALSE;
  if (!u->has_orders || u->nic || u->pinned || u->moved_this_round || u->on_train)
    return FALSE;
  if (baa_hex_in_enemy_zoc (m, u->hex, u->side))
    {
      if (!m->opt_withdrawing)
        return FALSE;
      *withdraw_only = TRUE;
    }
  return TRUE;
}

gboolean
baa_unit_can_move (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only)
{
  return baa_unit_may_move (m, u, withdraw_only) &&
         baa_move_has_destination (m, (BaaUnit *) u, NULL, *withdraw_only);
}

gboolean
baa_cdr_may_move (const BaaMatch *m, const BaaCommander *c)
{
  if (c->side != m->active || c->status != BAA_CDR_ACTIVE || c->moved_this_round)
    return FALSE;
  if (m->phase == BAA_PHASE_MOVE_COMMANDS)
    {
      /* BAA-MOV-14, BAA-AMB-47 */
      if (c->is_control || !c->has_orders || c->nic)
        return FALSE;
    }
  else if (m->phase == BAA_PHASE_MOVE_CONTROLS)
    {
      if (!c->is_control)   /* BAA-AMB-7: every active control counter */
        return FALSE;
    }
  else
    return FALSE;
  return TRUE;
}

gboolean
baa_cdr_can_move (const BaaMatch *m, const BaaCommander *c)
{
  return baa_cdr_may_move (m, c) && baa_move_has_destination (m, NULL, (BaaCommander *) c, FALSE);
}

static gboolean
apply_move (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  gboolean withdraw = cmd->kind == BAA_COMMAND_WITHDRAW;
  BaaUnit *u = baa_match_find_unit (m, cmd->unit);
  BaaCommander *c = u ? NULL : baa_match_find_commander (m, cmd->unit);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MuHex));

  for (guint i = 0; i < cmd->path->len; i++)
    {
      const MuPos *p = &g_array_index (cmd->path, MuPos, i);
      if (p->is_point)
        return baa_refuse (error, baa_command_rule (cmd->kind), "%s: table positions are not hexes",
                           cmd->unit);
      g_array_append_val (path, p->hex);
    }
  if (!u && !c)
    return baa_refuse (error, baa_command_rule (cmd->kind), "no counter “%s” in this scenario", cmd->unit);
  if (withdraw && !m->opt_withdrawing)
    return baa_refuse (error, "BAA-MOV-12", "%s cannot withdraw: withdrawing is not in use", cmd->unit);

  if (m->phase == BAA_PHASE_BOUND_START)
    {
      if (withdraw || !baa_reserve_step_may_move (m, u, c))
        return baa_refuse (error, "BAA-RES-2", "%s is not an arriving reserve of the side moving now",
                           cmd->unit);
      return baa_move_counter (m, u, c, FALSE, (MuHex *) path->data, path->len, events, error);
    }
  if (u)
    {
      if (u->side != m->active)
        return baa_refuse (error, "BAA-SEQ-3", "%s cannot move: it is the %s round", cmd->unit,
                           m->side_id[m->active]);
      if (u->status != BAA_UNIT_ACTIVE)
        return baa_refuse (error, "BAA-MOV-13", "%s is not on the board", cmd->unit);
      if (u->nic)
        return baa_refuse (error, "BAA-CMD-7", "%s cannot move: not in command (NIC)", cmd->unit);
      if (u->pinned)
        return baa_refuse (error, "BAA-PIN-1", "%s cannot move: pinned", cmd->unit);
      if (m->phase != BAA_PHASE_MOVE_UNITS)
        return baa_refuse (error, "BAA-MOV-13", "%s cannot move: unit counters move in phase 7",
                           cmd->unit);
      if (!u->has_orders)
        return baa_refuse (error, "BAA-CMD-12", "%s cannot move: no orders", cmd->unit);
      if (u->pinned)
        return baa_refuse (error, "BAA-PIN-1", "%s cannot move: pinned", cmd->unit);
      if (u->on_train)
        return baa_refuse (error, "BAA-SPC-1", "%s cannot move: still on the train", cmd->unit);
      if (u->moved_this_round)
        return baa_refuse (error, "BAA-MOV-13", "%s has already moved this round", cmd->unit);
      if (withdraw)
        {
          if (!m->opt_withdrawing)
            return baa_refuse (error, "BAA-MOV-12", "%s cannot withdraw: withdrawing is not in use",
                               cmd->unit);
          if (!baa_unit_in_melee (m, u))
            return baa_refuse (error, "BAA-MOV-12", "%s cannot withdraw: not in melee", cmd->unit);
        }
      else if (baa_hex_in_enemy_zoc (m, u->hex, u->side))
        return baa_refuse (error, "BAA-ZOC-3", "%s cannot enter %s: locked in a zone of control",
                           cmd->unit, baa_hex_label (m, g_array_index (path, MuHex, 0)));
      return baa_move_counter (m, u, NULL, withdraw, (MuHex *) path->data, path->len, events, error);
    }
  if (withdraw)
    return baa_refuse (error, "BAA-MOV-12", "%s: only unit counters withdraw", cmd->unit);
  if (c->side != m->active)
    return baa_refuse (error, "BAA-SEQ-3", "%s cannot move: it is the %s round", cmd->unit,
                       m->side_id[m->active]);
  if (c->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-MOV-14", "%s is not on the board", cmd->unit);
  if (c->is_control && m->phase != BAA_PHASE_MOVE_CONTROLS)
    return baa_refuse (error, "BAA-MOV-13", "%s cannot move: control counters move in phase 9",
                       cmd->unit);
  if (!c->is_control && m->phase != BAA_PHASE_MOVE_COMMANDS)
    return baa_refuse (error, "BAA-MOV-13", "%s cannot move: command counters move in phase 8",
                       cmd->unit);
  if (!c->is_control && (c->nic || !c->has_orders))
    return baa_refuse (error, "BAA-AMB-47", "%s cannot move: no orders (NIC)", cmd->unit);
  if (c->moved_this_round)
    return baa_refuse (error, "BAA-MOV-13", "%s has already moved this round", cmd->unit);
  return baa_move_counter (m, NULL, c, FALSE, (MuHex *) path->data, path->len, events, error);
}

/* Attacks -------------------------------------------------------------------------------- */

static BaaUnit *
active_unit (BaaMatch *m, const BaaCommand *cmd, const char *id, gboolean own, GError **error)
{
  BaaUnit *u = baa_match_find_unit (m, id);

  if (u == NULL)
    {
      baa_refuse (error, baa_command_rule (cmd->kind), "no unit counter “%s” in this scenario", id);
      return NULL;
    }
  if (u->status != BAA_UNIT_ACTIVE)
    {
      baa_refuse (error, "BAA-FIRE-2", "%s is not on the board", id);
      return NULL;
    }
  if (own && u->side != m->active)
    {
      baa_refuse (error, "BAA-SEQ-3", "%s cannot attack: it is the %s round", id,
                  m->side_id[m->active]);
      return NULL;
    }
  if (!own && u->side == m->active)
    {
      baa_refuse (error, "BAA-FIRE-2", "%s is not an enemy unit", id);
      return NULL;
    }
  return u;
}

static gboolean
apply_attack (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  gboolean melee = cmd->kind == BAA_COMMAND_MELEE || cmd->kind == BAA_COMMAND_MELEE_GROUP;
  gboolean breach = cmd->kind == BAA_COMMAND_BREACH || cmd->kind == BAA_COMMAND_BREACH_GROUP;
  g_autoptr(GPtrArray) firers = g_ptr_array_new ();
  BaaUnit *target = NULL;

  if (melee && m->phase != BAA_PHASE_MELEE)
    return baa_refuse (error, "BAA-MEL-2", "melee happens in phase 11");
  if (!melee && m->phase != BAA_PHASE_FIRE)
    return baa_refuse (error, "BAA-FIRE-1", "fire happens in phase 10");
  if (cmd->unit)
    {
      BaaUnit *u = active_unit (m, cmd, cmd->unit, TRUE, error);
      if (!u)
        return FALSE;
      g_ptr_array_add (firers, u);
    }
  for (guint i = 0; i < cmd->units->len; i++)
    {
      BaaUnit *u = active_unit (m, cmd, g_ptr_array_index (cmd->units, i), TRUE, error);
      if (!u)
        return FALSE;
      for (guint j = 0; j < firers->len; j++)
        if (g_ptr_array_index (firers, j) == u)
          return baa_refuse (error, "BAA-FIRE-10", "%s is listed twice in the group", u->def->id);
      g_ptr_array_add (firers, u);
    }
  if (cmd->kind == BAA_COMMAND_FIRE_COMMANDER)
    {
      BaaCommander *c = baa_match_find_commander (m, cmd->target);
      if (c == NULL || c->status != BAA_CDR_ACTIVE || c->side == m->active)
        return baa_refuse (error, "BAA-CDR-4", "%s is not an enemy commander on the board", cmd->target);
      return baa_fire_commander_resolve (m, g_ptr_array_index (firers, 0), c, events, error);
    }
  if (breach)
    return baa_breach_resolve (m, (BaaUnit *const *) firers->pdata, firers->len,
                               g_array_index (cmd->path, MuPos, 0).hex, cmd->dir, events, error);
  target = active_unit (m, cmd, cmd->target, FALSE, error);
  if (!target)
    return FALSE;
  if (melee)
    return baa_melee_resolve (m, (BaaUnit *const *) firers->pdata, firers->len, target, events, error);
  return baa_fire_resolve (m, (BaaUnit *const *) firers->pdata, firers->len, target, events, error);
}

/* Phase 4 commands -------------------------------------------------------------------------- */

static gboolean
apply_assign (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  BaaUnit *u = baa_match_find_unit (m, cmd->unit);
  BaaCommander *c = baa_match_find_commander (m, cmd->target);
  MuEvent *e;

  if (m->phase != BAA_PHASE_COMMAND_RANGE)
    return baa_refuse (error, "BAA-CMD-11", "unassigned units are assigned at the start of phase 4");
  if (u == NULL || u->identity != 0)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an unassigned (star) unit", cmd->unit);
  if (u->side != m->active || u->status != BAA_UNIT_ACTIVE)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an active unit of the side in play", cmd->unit);
  if (c == NULL || c->side != u->side || c->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an active friendly commander", cmd->target);
  /* BAA-CMD-11: each STAR unit is named once at the start of phase 4, and
   * one that stays with last bound's commander needs no new naming */
  if (u->assign_round == m->round_serial)
    return baa_refuse (error, "BAA-CMD-11", "%s was already assigned to %s this bound", cmd->unit,
                       u->assigned_to ? u->assigned_to->def->id : "?");
  if (u->assigned_to == c)
    return baa_refuse (error, "BAA-CMD-11", "%s already reports to %s: it stays with it", cmd->unit,
                       cmd->target);
  if (c->is_control ? !baa_direct_control (m, c->side) : !c->has_orders)
    return baa_refuse (error, "BAA-AMB-45",
                       "%s cannot take %s: a command counter with orders, or a control counter under direct control",
                       cmd->target, cmd->unit);
  u->assigned_to = c;
  u->assign_round = m->round_serial;
  e = baa_event (m, events, &baa_ev_assigned, u->def->id, "BAA-CMD-11");
  mu_event_set_object (e, c->def->id);
  return TRUE;
}

static gboolean
apply_direct (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  BaaCommander *k = baa_match_find_commander (m, cmd->unit);
  BaaCommander *c = baa_match_find_commander (m, cmd->target);
  MuEvent *e;

  if (!m->opt_direct_control)
    return baa_refuse (error, "BAA-CMD-10", "direct control is not in use");
  if (m->phase != BAA_PHASE_COMMAND_RANGE)
    return baa_refuse (error, "BAA-CMD-10", "direct control is declared in phase 4");
  if (k == NULL || !k->is_control || k->side != m->active || k->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-CMD-10", "%s is not an active control counter of the side in play",
                       cmd->unit);
  if (c == NULL || c->is_control || c->side != k->side)
    return baa_refuse (error, "BAA-CMD-10", "%s is not a friendly command counter", cmd->target);
  /* New ambiguity (BAA-CMD-10 with BAA-AMB-6): a division whose command
   * counter failed its roll is NIC for the round; direct control does not
   * lift that. */
  if (c->nic)
    return baa_refuse (error, "BAA-AMB-6", "%s failed its command roll: its division is NIC this round",
                       cmd->target);
  c->direct_by = k;
  c->direct_round = m->round_serial;
  e = baa_event (m, events, &baa_ev_direct_control, k->def->id, "BAA-CMD-10");
  mu_event_set_object (e, c->def->id);
  return TRUE;
}

/* Decisions ------------------------------------------------------------------------------------ */

static gboolean
apply_choose (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  BaaDecision *d = &m->pending;
  MuHex hex;

  if (d->kind == BAA_DECISION_NONE)
    return baa_refuse (error, baa_command_rule (cmd->kind), "nothing to choose: no decision is pending");
  if (d->kind == BAA_DECISION_DAY_CONTROL || d->kind == BAA_DECISION_DAY_WITHDRAW ||
      d->kind == BAA_DECISION_DAY_PLACE)
    return baa_day_choose (m, cmd->answer, events, error);
  if (!mu_hex_parse (cmd->answer, &hex) || !baa_hex_on_board (m, hex))
    return baa_refuse (error, baa_command_rule (cmd->kind), "“%s” is not a hex of the board", cmd->answer);
  if (d->kind == BAA_DECISION_EVADE)
    return baa_evade_choose (m, hex, events, error);
  if (d->kind == BAA_DECISION_FLINCH)
    {
      BaaUnit *units[2] = { d->units[0], d->units[1] };
      guint n = d->n_units;
      gboolean ok = FALSE;

      for (guint i = 0; d->hexes && i < d->hexes->len; i++)
        ok |= mu_hex_equal (g_array_index (d->hexes, MuHex, i), hex);
      if (!ok)
        return baa_refuse (error, "BAA-FLN-5", "%s cannot flinch to %s", units[0]->def->id, cmd->answer);
      baa_decision_clear (m);
      baa_flinch_move (m, units, n, hex, events);
      baa_match_invalidate (m);
      return TRUE;
    }
  return baa_refuse (error, baa_command_rule (cmd->kind), "this decision cannot be answered with “%s”",
                     cmd->answer);
}

static gboolean
apply_command (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  gboolean ok;

  if (m->finished)
    return baa_refuse (error, "BAA-VIC-5", "the match is over");
  if (m->pending.kind != BAA_DECISION_NONE && cmd->kind != BAA_COMMAND_CHOOSE)
    return baa_refuse (error, baa_command_rule (BAA_COMMAND_CHOOSE),
                       "a decision is pending: %s (answer with choose)", m->pending.shown);
  switch (cmd->kind)
    {
    case BAA_COMMAND_END_PHASE:
      if (m->phase == BAA_PHASE_MELEE)
        FOR_UNITS (m, u)
          if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && baa_melee_required (m, u))
            return baa_refuse (error, "BAA-MEL-2", "%s is in melee and must attack before the phase ends",
                               u->def->id);
      baa_next_phase (m, events);
      ok = TRUE;
      break;
    case BAA_COMMAND_MOVE:
    case BAA_COMMAND_WITHDRAW:
      ok = apply_move (m, cmd, events, error);
      break;
    case BAA_COMMAND_FIRE:
    case BAA_COMMAND_FIRE_GROUP:
    case BAA_COMMAND_FIRE_COMMANDER:
    case BAA_COMMAND_MELEE:
    case BAA_COMMAND_MELEE_GROUP:
    case BAA_COMMAND_BREACH:
    case BAA_COMMAND_BREACH_GROUP:
      ok = apply_attack (m, cmd, events, error);
      baa_match_invalidate (m);
      break;
    case BAA_COMMAND_ASSIGN:
      ok = apply_assign (m, cmd, events, error);
      break;
    case BAA_COMMAND_DIRECT:
      ok = apply_direct (m, cmd, events, error);
      break;
    case BAA_COMMAND_CHOOSE:
      ok = apply_choose (m, cmd, events, error);
      break;
    case BAA_COMMAND_PLACE:
    case BAA_COMMAND_MARCH:
    case BAA_COMMAND_REPOSITION:
      ok = baa_day_command (m, cmd, events, error);
      break;
    default:
      ok = baa_refuse (error, NULL, "this is not a baa-hex command");
      break;
    }
  if (ok)
    baa_advance (m, events);
  return ok;
}

gboolean
baa_hex_apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  g_autoptr(BaaCommand) cmd = baa_command_decode (command, error);

  return cmd != NULL && apply_command (state, cmd, events, error);
}
