/* baa-sequence.c: the bound/round/phase sequence (BAA-SEQ-*), orders and
 * command and control in phases 1-6 (BAA-CMD-*, BAA-CDR-6..8), the removal
 * phase, objectives and victory (BAA-OBJ-*, BAA-VIC-*). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include "baa-combat.h"
#include "baa-command.h"
#include "baa-move.h"
#include "baa-scenario.h"
#include "baa-chain.h"
#include "baa-common.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Victory ----------------------------------------------------------------------------- */

static void
finish (BaaMatch *m, int winner, int diff, const char *level, const char *reason,
        const char *rule, GPtrArray *events)
{
  MuEvent *e;

  m->finished = TRUE;
  m->winner = winner;
  m->victory_diff = diff;
  m->victory_level = level;
  e = baa_event (m, events, mu_event_kind_info (MU_EVENT_VICTORY), NULL, rule);
  mu_event_set_side (e, winner == BAA_NONE ? NULL : m->side_id[winner]);
  mu_event_set_text (e, level);
  e->value = diff;
  e = baa_event (m, events, mu_event_kind_info (MU_EVENT_GAME_END), NULL, NULL);
  mu_event_set_text (e, reason);
  baa_decision_clear (m);
}

void
baa_check_sudden_death (BaaMatch *m, GPtrArray *events)
{
  if (m->finished)
    return;
  for (int s = 0; s < BAA_SIDES; s++)
    {
      gboolean any = FALSE, all_gone = TRUE;
      FOR_UNITS (m, u)
        if (u->side == s)
          {
            any = TRUE;
            /* BAA-VIC-3, BAA-AMB-44: reserves still due block it */
            if (u->status != BAA_UNIT_DISPERSED && u->status != BAA_UNIT_SURRENDERED)
              all_gone = FALSE;
          }
      if (any && all_gone)
        {
          finish (m, 1 - s, 6, NC_("event text", "complete"), NC_("event text", "all-dispersed"),
                  "BAA-VIC-3", events);
          return;
        }
    }
}


/* BAA-VIC-4: scenario predicates (the grammar is baa_task_parse()'s):
 *   "disperse SIDE N"  at least N units of SIDE dispersed or surrendered
 *   "hold OBJECTIVE"   the task's side owns the objective's marker
 *   "hold SIDE HEX"    the marker of the objective in HEX is SIDE's, or, for a
 *                      hex that is no objective, SIDE's active units there
 *                      and no enemy unit (a decision)
 *   "exit SIDE EDGE N" at least N units of SIDE left the board over edge
 *                      EDGE (n, e, s or w) by a move (see exit_step() in
 *                      baa-move.c)
 * Any other condition is refused by the ruleset's scenario check
 * (baa-scenario.c), so it never reaches a match unnoticed; here it is simply
 * not met. */
static gboolean
task_met (const BaaMatch *m, const MuTaskObjective *t, const BaaTask *task)
{
  int s;

  switch (task->kind)
    {
    case BAA_TASK_DISPERSE:
      s = baa_side_index (m, task->side);
      return s != BAA_NONE && m->dispersed_count[s] >= task->count;
    case BAA_TASK_EXIT:
      {
        int count = 0;
        FOR_UNITS (m, u)
          if (u->status == BAA_UNIT_EXITED && u->exit_edge == task->edge &&
              g_strcmp0 (m->side_id[u->side], task->side) == 0)
            count++;
        return count >= task->count;
      }
    case BAA_TASK_HOLD_HEX:
      s = baa_side_index (m, task->side);
      if (s == BAA_NONE)
        return FALSE;
      for (guint i = 0; i < m->objectives->len; i++)
        {
          BaaObjective *o = g_ptr_array_index (m->objectives, i);
          if (mu_hex_equal (o->hex, task->hex))
            return o->owner == s;
        }
      return baa_units_at (m, task->hex, s, NULL, 0) > 0 &&
             baa_units_at (m, task->hex, 1 - s, NULL, 0) == 0;
    case BAA_TASK_HOLD_OBJECTIVE:
    default:
      for (guint i = 0; i < m->objectives->len; i++)
        {
          BaaObjective *o = g_ptr_array_index (m->objectives, i);
          if (g_strcmp0 (o->def->id, task->objective) == 0)
            return o->owner != BAA_NONE && g_strcmp0 (m->side_id[o->owner], t->side) == 0;
        }
      return FALSE;
    }
}

gboolean
baa_task_met (const BaaMatch *m, const MuTaskObjective *t)
{
  BaaTask task;
  gboolean met = baa_task_parse (t->condition, &task) && task_met (m, t, &task);

  baa_task_clear (&task);
  return met;
}

void
baa_score (const BaaMatch *m, int score[BAA_SIDES])
{
  score[0] = score[1] = 0;
  /* BAA-OBJ-4, BAA-AMB-43: by marker only */
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BaaObjective *o = g_ptr_array_index (m->objectives, i);
      if (o->owner != BAA_NONE)
        score[o->owner] += o->def->value > 0 ? o->def->value : 1;
    }
  for (guint i = 0; i < m->scenario->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (m->scenario->tasks, i);
      for (int s = 0; s < BAA_SIDES; s++)
        if (g_strcmp0 (t->side, m->side_id[s]) == 0 && baa_task_met (m, t))
          score[s] += t->value > 0 ? t->value : 1;
    }
}

static void
end_of_game (BaaMatch *m, GPtrArray *events)
{
  int score[BAA_SIDES];
  int diff, winner;

  baa_score (m, score);
  diff = ABS (score[0] - score[1]);   /* BAA-VIC-1 */
  winner = diff == 0 ? BAA_NONE : score[0] > score[1] ? 0 : 1;
  finish (m, winner, diff, baa_common_victory_level (diff), NC_("event text", "bounds-played"),
          "BAA-VIC-5", events);
}

/* Orders (phases 1-6): the chain both rulesets play (baa-chain.c) ---------------------- */

static MuEvent *
chain_event (gpointer match, GPtrArray *events, const MuEventKindInfo *kind, const char *subject,
             const char *rule)
{
  return baa_event (match, events, kind, subject, rule);
}

static void
chain_cdr (gpointer match, gpointer cdr, BaaChainCdr *out)
{
  BaaCommander *c = cdr;

  (void) match;
  *out = (BaaChainCdr) { c, c->def->id, c->side, c->status == BAA_CDR_ACTIVE, c->is_control,
                         c->exceptional, c->leadership, &c->has_orders, &c->nic };
}

static void
chain_unit (gpointer match, gpointer unit, BaaChainUnit *out)
{
  BaaUnit *u = unit;

  (void) match;
  *out = (BaaChainUnit) { u, u->def->id, u->side, u->status == BAA_UNIT_ACTIVE, FALSE,
                          &u->has_orders, &u->nic, NULL, &u->pinned, u->pinned_round };
}

/* BAA-CMD-2: within the control counter's leadership in hexes */
static gboolean
chain_control_in_range (gpointer match, gpointer control, gpointer cdr)
{
  BaaMatch *m = match;
  const BaaCommander *k = control, *c = cdr;

  return mu_hex_distance (m->grid, c->hex, k->hex) <= k->leadership;
}

/* BAA-CMD-5, BAA-CMD-10: within the commander's leadership in hexes */
static gboolean
chain_unit_in_range (gpointer match, gpointer cdr, gpointer unit)
{
  BaaMatch *m = match;
  const BaaCommander *c = cdr;
  const BaaUnit *u = unit;

  return mu_hex_distance (m->grid, u->hex, c->hex) <= c->leadership;
}

static gpointer
chain_commander (gpointer match, gpointer unit)
{
  return baa_unit_commander (match, unit);
}

/* BAA-CMD-4, BAA-AMB-6: the whole division */
static gboolean
chain_follows (gpointer match, gpointer unit, gpointer cdr)
{
  const BaaUnit *u = unit;
  const BaaCommander *c = cdr;

  (void) match;
  return u->side == c->side && u->identity == c->division;
}

/* BAA-CDR-7: a disabled command counter: one roll for the division, a
 * natural 1 gives every unit orders */
static gpointer
chain_out_of_action (gpointer match, gpointer unit)
{
  const BaaUnit *u = unit;
  BaaCommander *cmd;

  if (u->identity == 0)
    return NULL;
  cmd = baa_division_command (match, u->side, u->identity);
  if (cmd && cmd->status != BAA_CDR_ACTIVE && cmd->status != BAA_CDR_OFFBOARD)
    return cmd;
  return NULL;
}

static void
chain_unit_new_round (gpointer match, gpointer unit, gboolean own_side)
{
  BaaUnit *u = unit;

  (void) match;
  (void) own_side;
  u->attacked_this_round = FALSE;
  u->moved_this_round = FALSE;
  u->flinches_this_round = 0;
  u->locked = FALSE;
}

static void
chain_cdr_new_round (gpointer match, gpointer cdr)
{
  BaaCommander *c = cdr;

  (void) match;
  c->moved_this_round = FALSE;
  c->direct_by = NULL;
}

static const BaaChainOps chain_ops = {
  .exceptional_rule = "BAA-CMD-8",      /* BAA-AMB-28 */
  .control_range_rule = "BAA-CMD-2",
  .control_roll_rule = "BAA-CMD-3",
  .no_control_rule = "BAA-CDR-8",       /* a natural 1 (BAA-AMB-36) */
  .control_nic_rule = "BAA-CMD-4",
  .command_range_rule = "BAA-CMD-5",
  .direct_control_rule = "BAA-CMD-10",  /* uses its own leadership */
  .command_roll_rule = "BAA-CMD-6",
  .formation_roll_rule = "BAA-CDR-7",
  .formation_word = "division",
  .formation_orders = "division-roll",
  .reserve_rule = NULL,
  .command_nic_rule = "BAA-CMD-7",
  .nic_lift_rule = "BAA-SEQ-4",
  .pinned_lift_rule = "BAA-PIN-2",
  .event = chain_event,
  .cdr_view = chain_cdr,
  .unit_view = chain_unit,
  .control_in_range = chain_control_in_range,
  .unit_in_range = chain_unit_in_range,
  .commander = chain_commander,
  .follows = chain_follows,
  .out_of_action = chain_out_of_action,
  .unit_new_round = chain_unit_new_round,
  .cdr_new_round = chain_cdr_new_round,
};

static void
chain (BaaMatch *m, GPtrArray *events, void (*phase) (const BaaChain *))
{
  BaaChain ch = { &chain_ops, m, events, m->dice, m->commanders, m->units, m->active,
                  baa_night_mod (m), m->round_serial };

  phase (&ch);
}

/* Removal (phase 12) ------------------------------------------------------------------ */

static void
objectives_update (BaaMatch *m, GPtrArray *events)
{
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BaaObjective *o = g_ptr_array_index (m->objectives, i);
      int s = BAA_NONE;
      MuEvent *e;

      if (baa_units_at (m, o->hex, 0, NULL, 0) > 0)
        s = 0;
      else if (baa_units_at (m, o->hex, 1, NULL, 0) > 0)
        s = 1;
      {
        BaaHold h = { o->owner, o->hold_side, o->hold_count };
        BaaHoldResult r = baa_common_hold_check (&h, s);

        o->owner = h.owner;
        o->hold_side = h.hold_side;
        o->hold_count = h.hold_count;
        if (r == BAA_HOLD_NOTHING)
          continue;
        if (r == BAA_HOLD_CLAIMED)
          {
            /* BAA-OBJ-2, BAA-AMB-42: the third round-end claims it */
            e = baa_event (m, events, &baa_ev_claimed, o->def->id, "BAA-OBJ-2");
            mu_event_set_side (e, m->side_id[s]);
            e->at = mu_pos_from_hex (o->hex);
            continue;
          }
      }
      e = baa_event (m, events, &baa_ev_hold, o->def->id, "BAA-OBJ-2");
      mu_event_set_side (e, m->side_id[s]);
      e->value = o->hold_count;
    }
}

static void
phase_remove_markers (BaaMatch *m, GPtrArray *events)
{
  /* BAA-SEQ-4, BAA-PIN-2 */
  chain (m, events, baa_chain_remove_markers);
  baa_match_invalidate (m);
  objectives_update (m, events);
}

/* Sequence ------------------------------------------------------------------------------ */


static gboolean
phase_has_choices (BaaMatch *m)
{
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      return baa_reserve_step_has_choices (m);
    case BAA_PHASE_COMMAND_RANGE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && u->identity == 0)
          return TRUE;
      if (m->opt_direct_control && baa_best_control (m, m->active))
        return TRUE;   /* `direct` declarations (a side with command counters) */
      return FALSE;
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        {
          gboolean w;
          if (baa_unit_can_move (m, u, &w))
            return TRUE;
        }
      return FALSE;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        if (baa_cdr_can_move (m, c))
          return TRUE;
      return FALSE;
    case BAA_PHASE_FIRE:
    case BAA_PHASE_MELEE:
      {
        g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
        FOR_UNITS (m, u)
          if (u->side == m->active && u->status == BAA_UNIT_ACTIVE)
            {
              baa_combat_legal_commands (m, u, cmds);
              if (cmds->len)
                return TRUE;
            }
        return FALSE;
      }
    case BAA_PHASE_BOUND_END:
      return baa_day_has_choices (m);
    default:
      return FALSE;
    }
}

void
baa_enter_phase (BaaMatch *m, GPtrArray *events)
{
  if (m->phase >= 1 && m->phase <= 12)
    baa_phase_event (m, events);
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      baa_bound_start (m, events);
      break;
    case BAA_PHASE_CONTROL_RANGE:
      chain (m, events, baa_chain_control_range);
      break;
    case BAA_PHASE_CONTROL_ROLL:
      chain (m, events, baa_chain_control_roll);
      break;
    case BAA_PHASE_CONTROL_NIC:
      chain (m, events, baa_chain_control_nic);
      break;
    case BAA_PHASE_COMMAND_ROLL:
      chain (m, events, baa_chain_command_roll);
      break;
    case BAA_PHASE_COMMAND_NIC:
      chain (m, events, baa_chain_command_nic);
      break;
    case BAA_PHASE_MOVE_UNITS:
      /* BAA-SPC-1, BAA-AMB-34: off the train at phase 7 of the next round */
      FOR_UNITS (m, u)
        if (u->side == m->active && u->on_train && u->train_round < m->round_serial)
          {
            u->on_train = FALSE;
            baa_marker_event (m, events, FALSE, u->def->id, "on-train", "BAA-SPC-1");
          }
      break;
    case BAA_PHASE_REMOVE_MARKERS:
      phase_remove_markers (m, events);
      break;
    case BAA_PHASE_BOUND_END:
      baa_bound_end (m, events);
      break;
    default:
      break;
    }
}

/* Completes the current phase and enters the next. */
void
baa_next_phase (BaaMatch *m, GPtrArray *events)
{
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      if (baa_reserve_step_next (m, events))
        return;   /* the other side's arrivals move now */
      m->active = 0;
      m->round_serial++;
      m->phase = BAA_PHASE_CONTROL_RANGE;
      break;
    case BAA_PHASE_COMMAND_RANGE:
      chain (m, events, baa_chain_command_range);
      m->phase++;
      break;
    case BAA_PHASE_REMOVE_MARKERS:
      if (m->active == 0)
        {
          m->active = 1;
          m->round_serial++;
          m->phase = BAA_PHASE_CONTROL_RANGE;
        }
      else
        m->phase = BAA_PHASE_BOUND_END;
      break;
    case BAA_PHASE_BOUND_END:
      if (baa_day_next (m, events))
        return;
      if (m->finished)
        return;
      {
        int next = baa_next_bound (m, m->bound, events);
        if (next > m->last_bound)
          {
            /* the position stays at the end of the last bound */
            end_of_game (m, events);
            return;
          }
        m->bound = next;
      }
      m->phase = BAA_PHASE_BOUND_START;
      break;
    default:
      m->phase++;
      break;
    }
  baa_enter_phase (m, events);
}

void
baa_advance (BaaMatch *m, GPtrArray *events)
{
  while (!m->finished && m->pending.kind == BAA_DECISION_NONE)
    {
      if (phase_has_choices (m))
        return;
      baa_next_phase (m, events);
    }
}
