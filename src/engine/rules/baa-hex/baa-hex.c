/* baa-hex.c: the Brothers at Arms (hex) ruleset: the table behind
 * mu-ruleset.h, match set-up, the bound/round/phase sequence (BAA-SEQ-*),
 * command and control (BAA-CMD-*, BAA-CDR-6..8), objectives and victory
 * (BAA-OBJ-*, BAA-VIC-*), and command dispatch. Movement is in baa-move.c,
 * bound start and end (reserves, night, fatigue, readdressing lines) in
 * baa-bound.c, combat in baa-los.c/baa-fire.c/baa-melee.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include "baa-combat.h"
#include "baa-command.h"
#include "baa-move.h"
#include "baa-scenario.h"
#include "baa-common.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Description ------------------------------------------------------------------- */

/* The twelve phases of a round (BAA-SEQ-1), in order: phase N is
 * baa_phases[N - 1]; grouped into sequences below. */
static const MuStepInfo baa_phases[] = {
  { "control-range", N_("Control Range"), "BAA-CMD-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-roll", N_("Command Roll (commands)"), "BAA-CMD-3", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-nic", N_("NIC Marker (commands)"), "BAA-CMD-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-range", N_("Command Range"), "BAA-CMD-5", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "command-roll", N_("Command Roll (units)"), "BAA-CMD-6", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-nic", N_("NIC Marker (units)"), "BAA-CMD-7", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "move-units", N_("Move Unit Counters"), "BAA-MOV-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-commands", N_("Move Command Counters"), "BAA-MOV-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-controls", N_("Move Control Counters"), "BAA-MOV-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "fire", N_("Fire Unit Counters"), "BAA-FIRE-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "melee", N_("Melee Unit Counters"), "BAA-MEL-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "remove-markers", N_("Remove Markers"), "BAA-SEQ-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

/* The position path of phase N (N = 1..12); test-ruleset checks that each
 * names a step of baa_turns. */
static const char *const baa_phase_paths[] = {
  "round/orders/control-range", "round/orders/control-roll", "round/orders/control-nic",
  "round/orders/command-range", "round/orders/command-roll", "round/orders/command-nic",
  "round/movement/move-units", "round/movement/move-commands", "round/movement/move-controls",
  "round/attack/fire", "round/attack/melee", "round/removal/remove-markers",
};

static const MuStepInfo baa_sequences[] = {
  { "orders", N_("Orders"), NULL, MU_STEP_ACTIVE_SIDE, 0, baa_phases, 6 },
  { "movement", N_("Movement"), NULL, MU_STEP_ACTIVE_SIDE, 0, baa_phases + 6, 3 },
  { "attack", N_("Attack"), NULL, MU_STEP_ACTIVE_SIDE, 0, baa_phases + 9, 2 },
  { "removal", N_("Removal"), NULL, MU_STEP_ACTIVE_SIDE, 0, baa_phases + 11, 1 },
};

static const MuStepInfo baa_bound_steps[] = {
  { "bound-start", N_("Reserves arrive and make their free move; tactical-march rolls; night or day is set"),
    "BAA-RES-1", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
  { "round", N_("Round"), "BAA-SEQ-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    baa_sequences, G_N_ELEMENTS (baa_sequences) },
  { "bound-end", N_("Rest and fatigue; victory check; readdressing lines at complete darkness; the bound marker advances one hour"),
    "BAA-SEQ-5", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
};

static const char *const baa_round_sides[] = { "csa", "usa", NULL };

static const MuTurnStructure baa_turns = {
  .turn_name = N_("Bound"),
  .minutes_per_turn = 60,
  .side_order = MU_SIDE_ORDER_FIXED,
  .fixed_sides = baa_round_sides,
  .steps = baa_bound_steps,
  .n_steps = G_N_ELEMENTS (baa_bound_steps),
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define COMMAND MU_FIELD_OF (MU_COUNTER_COMMAND)
#define CONTROL MU_FIELD_OF (MU_COUNTER_CONTROL)

static const char *const baa_arms[] = { "infantry", "cavalry", "artillery", "riverboat", NULL };
static const char *const baa_abilities[] = { "indomitable", "sharpshooter", NULL };

/* The counter values of BAA §1.2-1.4, with their ranges. */
static const MuFieldInfo baa_fields[] = {
  { "leadership", N_("Leadership"), "BAA-CMD-1", MU_FIELD_INT, 1, 6, COMMAND | CONTROL, NULL,
    G_STRUCT_OFFSET (MuCounter, leadership) },
  { "division", N_("Division"), "BAA-CMD-1", MU_FIELD_INT, 1, 999, COMMAND, NULL,
    G_STRUCT_OFFSET (MuCounter, division) },
  { "range", N_("Range"), "BAA-FIRE-2", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, range) },
  { "attack", N_("Attack"), "BAA-FIRE-4", MU_FIELD_INT, 2, 6, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, attack) },
  { "strength", N_("Strength"), "BAA-FIRE-7", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "arm", N_("Arm"), NULL, MU_FIELD_ENUM, 0, 0, UNIT, baa_arms, -1 },
  { "abilities", N_("Special abilities"), "BAA-FLN-8", MU_FIELD_FLAGS, 0, 0, UNIT, baa_abilities, -1 },
};

#undef UNIT
#undef COMMAND
#undef CONTROL

/* The verbs of the command language (README.md, "Commands"). */
static const MuVerbInfo baa_verbs[] = {
  { "move", "UNIT POS...", "BAA-MOV-1", MU_VERB_MOVE, "needs a counter and at least one position" },
  { "withdraw", "UNIT POS...", "BAA-MOV-12", MU_VERB_MOVE, "needs a counter and at least one position" },
  { "fire", "UNIT TARGET", "BAA-FIRE-1", MU_VERB_ATTACK, "needs exactly two ids" },
  { "fire-group", "TARGET UNIT...", "BAA-FIRE-10", MU_VERB_ATTACK, "needs a target and at least one unit" },
  { "fire-commander", "UNIT COMMANDER", "BAA-CDR-4", MU_VERB_ATTACK, "needs exactly two ids" },
  { "melee", "UNIT TARGET", "BAA-MEL-1", MU_VERB_ATTACK, "needs exactly two ids" },
  { "melee-group", "TARGET UNIT...", "BAA-MEL-3", MU_VERB_ATTACK, "needs a target and at least one unit" },
  { "breach", "UNIT HEX DIR", "BAA-FORT-3", MU_VERB_ATTACK, "needs a unit, a hex and a direction 0..5" },
  { "breach-group", "HEX DIR UNIT...", "BAA-FORT-3", MU_VERB_ATTACK, "needs a hex, a direction 0..5 and at least one unit" },
  { "assign", "UNIT COMMANDER", "BAA-CMD-11", 0, "needs exactly two ids" },
  { "direct", "CONTROL COMMAND", "BAA-CMD-10", 0, "needs exactly two ids" },
  { "place", "COUNTER POS", "BAA-DAY-3", 0, "needs a counter and one position" },
  { "march", "CONTROL COMMAND flank|rear", "BAA-DAY-4", 0, "needs CONTROL COMMAND flank|rear" },
  { "reposition", "CONTROL COMMAND", "BAA-DAY-3", 0, "needs exactly two ids" },
  { "choose", "ANSWER | UNIT HEX", NULL, MU_VERB_ANSWER, "needs exactly one answer (or a counter and a hex)" },
  { "end-phase", NULL, "BAA-SEQ-2", MU_VERB_END_STEP, NULL },
};

static const MuRuleOptionInfo baa_options[] = {
  { "baa.out-of-command-penalty", N_("Out-of-range attack penalty"),
    N_("A unit outside its commander's command range attacks at +1"), "BAA-CMD-9",
    MU_RULE_OPTIONAL, FALSE },
  { "baa.direct-control", N_("Direct control"),
    N_("A control counter may command a division directly in phase 4"), "BAA-CMD-10",
    MU_RULE_OPTIONAL, FALSE },
  { "baa.withdrawing", N_("Withdrawing"),
    N_("Units with orders may withdraw from melee at one hex less"), "BAA-MOV-12",
    MU_RULE_OPTIONAL, TRUE },
  { "baa.overwhelming-fire", N_("Overwhelming fire"),
    N_("One hit short of dispersal: automatic flinch in the open, one die in cover"), "BAA-FLN-7",
    MU_RULE_OPTIONAL, FALSE },
  { "baa.continued-play", N_("Continued play"),
    N_("The scenario grants advantages from the previous battle's result"), "BAA-VIC-6",
    MU_RULE_OPTIONAL, FALSE },
  { "baa.railroads", N_("Railroads"),
    N_("Reinforcements may ride the railroad and disembark anywhere"), "BAA-SPC-1..3",
    MU_RULE_SPECIAL, FALSE },
  { "baa.river-boats", N_("River boats"),
    N_("River boats move on river hexes and only artillery can hit them"), "BAA-SPC-4..5",
    MU_RULE_SPECIAL, FALSE },
  { "baa.indomitable", N_("Indomitable units"),
    N_("Units with the red shield never flinch"), "BAA-FLN-8",
    MU_RULE_SPECIAL, FALSE },
  { "baa.sharpshooters", N_("Sharpshooters"),
    N_("Sharpshooter units shoot commanders at their attack value"), "BAA-CDR-5",
    MU_RULE_SPECIAL, FALSE },
  { "baa.night", N_("Night fighting"),
    N_("Night bounds: range 2, one hex of movement, +1 on command rolls"), "BAA-NGT-1..4",
    MU_RULE_SPECIAL, FALSE },
  { "baa.fatigue", N_("Fatigue"),
    N_("Fatigued units attack at +1 until they rest four bounds"), "BAA-FAT-1..2",
    MU_RULE_SPECIAL, FALSE },
  { "baa.reserves", N_("Reserves"),
    N_("Scheduled reserves and tactical marches arrive during play"), "BAA-RES-1..4",
    MU_RULE_SPECIAL, FALSE },
  { "baa.readdressing-lines", N_("Readdressing lines"),
    N_("Multi-day battles: withdraw, reposition or march at complete darkness"), "BAA-DAY-1..4",
    MU_RULE_SPECIAL, FALSE },
};

/* The markers of the digest's §1.5 that sit on counters or the board, and
 * the conditions the --state line shows among them (README.md, "--state").
 * Objective markers are the objectives' owners; the bound marker is the
 * position. */
static const MuMarkerInfo baa_markers[] = {
  { "nic", N_("Not in command"), "BAA-CMD-4, BAA-CMD-7", "NIC",
    N_("No orders: the counter may not move or fire; removed in phase 12 of the round (BAA-SEQ-4)"),
    MU_MARKER_ON_COUNTER },
  { "pinned", N_("Pinned"), "BAA-FLN-5", "PIN",
    N_("Flinched: may not move or fire; removed in phase 12 of its side's next round (BAA-PIN-2)"),
    MU_MARKER_ON_COUNTER },
  { "fatigued", N_("Fatigued"), "BAA-FAT-1, BAA-NGT-4, BAA-RES-4", "FAT",
    N_("Attacks at +1 to its attack value; removed by rest (BAA-FAT-2)"), MU_MARKER_ON_COUNTER },
  { "on-train", N_("On a train"), "BAA-SPC-1", "RR",
    N_("Arrived by rail: may not move or attack until phase 7 of its next round"),
    MU_MARKER_ON_COUNTER },
  { "orders", N_("Orders"), "BAA-CMD-2, BAA-CMD-3, BAA-CMD-5, BAA-CMD-6", "ORD",
    N_("Has orders this round: may move and fire"), MU_MARKER_ON_COUNTER },
  { "stacked", N_("Stacked"), "BAA-STK-2", "STK",
    N_("Two units in one hex: unformed, neither may fire or melee while they stay"),
    MU_MARKER_ON_COUNTER },
  { "unformed", N_("Unformed by terrain"), "BAA-TER-3", "UNF",
    N_("In a difficult, ford or bridge hex: attacks with one die less"), MU_MARKER_ON_COUNTER },
  { "breached", N_("Breached"), "BAA-FORT-3", "BR",
    N_("A fortified hexside breached by artillery: its works give no cover; never removed"),
    MU_MARKER_ON_BOARD },
};

static const MuStatusInfo baa_statuses[] = {
  { MU_COUNTER_STATUS_ACTIVE, N_("On the board"), NULL, N_("In play on the board") },
  { MU_COUNTER_STATUS_DISPERSED, N_("Dispersed"), "BAA-FIRE-7",
    N_("Destroyed by hits reaching its strength; counts towards sudden death (BAA-VIC-3)") },
  { MU_COUNTER_STATUS_SURRENDERED, N_("Surrendered"), "BAA-FLN-5",
    N_("Could not flinch and surrendered; counts as dispersed (BAA-AMB-15)") },
  { MU_COUNTER_STATUS_RESERVE, N_("In reserve"), "BAA-RES-1", N_("Not arrived yet") },
  { MU_COUNTER_STATUS_TACTICAL_MARCH, N_("On a tactical march"), "BAA-RES-4",
    N_("Marching round to enter from a board edge") },
  { MU_COUNTER_STATUS_DISABLED, N_("Disabled"), "BAA-CDR-3, BAA-CDR-4, BAA-LOS-4",
    N_("A commander shot or caught in a dispersed unit's hex; out of play") },
  { MU_COUNTER_STATUS_CAPTURED, N_("Captured"), "BAA-CDR-9", N_("A commander taken by an enemy unit") },
  { MU_COUNTER_STATUS_REMOVED, N_("Removed"), "BAA-CDR-2",
    N_("A command counter whose division's last unit has gone") },
  { MU_COUNTER_STATUS_OFFBOARD, N_("Off the board"), "BAA-VIC-4",
    N_("Left the board (an exit a task objective asks for) or not yet placed") },
};

static const char *const status_names[] = { "active", "dispersed", "surrendered", "reserve", "tactical-march", "exited" };
static const char *const cdr_status_names[] = { "active", "disabled", "captured", "removed", "offboard" };

/* Helpers --------------------------------------------------------------------------- */

static gboolean
any_unit_with (const MuScenario *s, guint abilities, int arm)
{
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      if (c->kind != MU_COUNTER_UNIT)
        continue;
      if ((abilities && (c->abilities & abilities)) || (arm >= 0 && (int) c->arm == arm))
        return TRUE;
    }
  return FALSE;
}

static void
read_options (BaaMatch *m)
{
  const MuScenario *s = m->scenario;
  gboolean has_reserves = s->reserves->len > 0;
  gboolean has_rail_reserve = FALSE;

  for (guint i = 0; i < s->reserves->len; i++)
    if (((MuReserve *) g_ptr_array_index (s->reserves, i))->kind == MU_RESERVE_RAILROAD)
      has_rail_reserve = TRUE;
  /* Special rules default to on when the scenario supplies their data
   * (BAA rule classes: "enabled per scenario"); an explicit option wins. */
  m->opt_cmd_penalty = mu_scenario_option (s, "baa.out-of-command-penalty", FALSE);
  m->opt_direct_control = mu_scenario_option (s, "baa.direct-control", FALSE);
  m->opt_withdrawing = mu_scenario_option (s, "baa.withdrawing", TRUE);
  m->opt_overwhelming = mu_scenario_option (s, "baa.overwhelming-fire", FALSE);
  m->opt_continued = mu_scenario_option (s, "baa.continued-play", FALSE);
  m->opt_railroads = mu_scenario_option (s, "baa.railroads", has_rail_reserve);
  m->opt_riverboats = mu_scenario_option (s, "baa.river-boats", any_unit_with (s, 0, MU_ARM_RIVERBOAT));
  m->opt_indomitable = mu_scenario_option (s, "baa.indomitable", any_unit_with (s, MU_ABILITY_INDOMITABLE, -1));
  m->opt_sharpshooters = mu_scenario_option (s, "baa.sharpshooters", any_unit_with (s, MU_ABILITY_SHARPSHOOTER, -1));
  m->opt_night = mu_scenario_option (s, "baa.night",
                                     s->timeline.night_bounds && s->timeline.night_bounds->len > 0);
  m->opt_fatigue = mu_scenario_option (s, "baa.fatigue", TRUE);
  m->opt_reserves = mu_scenario_option (s, "baa.reserves", has_reserves);
  m->opt_days = mu_scenario_option (s, "baa.readdressing-lines",
                                    s->timeline.days > 1 && s->timeline.darkness_bound > 0);
}

static void
phase_event (BaaMatch *m, GPtrArray *events)
{
  MuEvent *e = baa_event (m, events, MU_EVENT_PHASE, NULL, NULL);

  mu_event_set_side (e, m->side_id[m->active]);
  e->value = m->phase;
  mu_event_set_text (e, baa_phases[m->phase - 1].id);
}

static void
marker_event (BaaMatch *m, GPtrArray *events, gboolean placed, const char *id,
              const char *marker, const char *rule)
{
  MuEvent *e = baa_event (m, events, placed ? MU_EVENT_MARKER_PLACED : MU_EVENT_MARKER_REMOVED,
                          id, rule);
  mu_event_set_text (e, marker);
}

static void
orders_event (BaaMatch *m, GPtrArray *events, const char *id, const char *how, const char *rule)
{
  MuEvent *e = baa_event (m, events, MU_EVENT_ORDERS, id, rule);

  mu_event_set_text (e, how);
}

static int
night_mod (const BaaMatch *m)
{
  return m->night ? 1 : 0;   /* BAA-NGT-3 */
}

#define BAA_CAT2(a, b) a##b
#define BAA_CAT(a, b) BAA_CAT2 (a, b)
#define FOR_UNITS(m, u) \
  for (guint BAA_CAT (_i, __LINE__) = 0; BAA_CAT (_i, __LINE__) < (m)->units->len; BAA_CAT (_i, __LINE__)++) \
    for (BaaUnit *u = g_ptr_array_index ((m)->units, BAA_CAT (_i, __LINE__)); u; u = NULL)
#define FOR_CDRS(m, c) \
  for (guint BAA_CAT (_j, __LINE__) = 0; BAA_CAT (_j, __LINE__) < (m)->commanders->len; BAA_CAT (_j, __LINE__)++) \
    for (BaaCommander *c = g_ptr_array_index ((m)->commanders, BAA_CAT (_j, __LINE__)); c; c = NULL)

/* BAA-CMD-10, BAA-AMB-54: direct control by a control counter is in use for
 * a side when the option is on, and always for an army that has no command
 * counters. */
static gboolean
direct_control (const BaaMatch *m, int side)
{
  return m->opt_direct_control || m->no_command_counters[side];
}

static BaaCommander *
best_control (const BaaMatch *m, int side)
{
  BaaCommander *best = NULL;

  FOR_CDRS (m, c)
    if (c->is_control && c->side == side && c->status == BAA_CDR_ACTIVE &&
        (best == NULL || c->def->leadership > best->def->leadership))
      best = c;
  return best;
}

static BaaCommander *
division_command (const BaaMatch *m, int side, int division)
{
  FOR_CDRS (m, c)
    if (!c->is_control && c->side == side && c->def->division == division)
      return c;
  return NULL;
}

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
  e = baa_event (m, events, MU_EVENT_VICTORY, NULL, rule);
  mu_event_set_side (e, winner == BAA_NONE ? NULL : m->side_id[winner]);
  mu_event_set_text (e, level);
  e->value = diff;
  e = baa_event (m, events, MU_EVENT_GAME_END, NULL, NULL);
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
          finish (m, 1 - s, 6, "complete", "all-dispersed", "BAA-VIC-3", events);
          return;
        }
    }
}

static int side_index (const BaaMatch *m, const char *side);

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
      s = side_index (m, task->side);
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
      s = side_index (m, task->side);
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
  finish (m, winner, diff, baa_common_victory_level (diff), "bounds-played", "BAA-VIC-5", events);
}

/* Orders (phases 1-6) ----------------------------------------------------------------- */

static void
phase_control_range (BaaMatch *m, GPtrArray *events)
{
  FOR_CDRS (m, c)
    {
      if (c->is_control || c->side != m->active || c->status != BAA_CDR_ACTIVE)
        continue;
      if (c->def->exceptional)
        {
          c->has_orders = TRUE;   /* BAA-CMD-8, BAA-AMB-28 */
          orders_event (m, events, c->def->id, "exceptional", "BAA-CMD-8");
          continue;
        }
      FOR_CDRS (m, k)
        if (k->is_control && k->side == c->side && k->status == BAA_CDR_ACTIVE &&
            mu_hex_distance (m->grid, c->hex, k->hex) <= k->def->leadership)
          c->has_orders = TRUE;
      if (c->has_orders)
        orders_event (m, events, c->def->id, "control-range", "BAA-CMD-2");
    }
}

static void
phase_control_roll (BaaMatch *m, GPtrArray *events)
{
  BaaCommander *ctl = best_control (m, m->active);

  FOR_CDRS (m, c)
    {
      gboolean ok;
      if (c->is_control || c->side != m->active || c->status != BAA_CDR_ACTIVE || c->has_orders)
        continue;
      if (ctl)
        baa_roll (m, events, "command", c->def->id, ctl->def->id, night_mod (m), MU_ROLL_AT_MOST,
                  ctl->def->leadership, "BAA-CMD-3", &ok);
      else   /* BAA-CDR-8: a natural 1 (BAA-AMB-36) */
        baa_roll (m, events, "command", c->def->id, NULL, 0, MU_ROLL_AT_MOST, 1, "BAA-CDR-8", &ok);
      if (ok)
        {
          c->has_orders = TRUE;
          orders_event (m, events, c->def->id, "roll", ctl ? "BAA-CMD-3" : "BAA-CDR-8");
        }
    }
}

static void
phase_control_nic (BaaMatch *m, GPtrArray *events)
{
  FOR_CDRS (m, c)
    {
      if (c->is_control || c->side != m->active || c->status != BAA_CDR_ACTIVE || c->has_orders)
        continue;
      c->nic = TRUE;
      marker_event (m, events, TRUE, c->def->id, "nic", "BAA-CMD-4");
      /* BAA-CMD-4, BAA-AMB-6: the whole division */
      FOR_UNITS (m, u)
        if (u->side == c->side && u->def->identity == c->def->division &&
            u->status == BAA_UNIT_ACTIVE && !u->nic)
          {
            u->nic = TRUE;
            marker_event (m, events, TRUE, u->def->id, "nic", "BAA-CMD-4");
          }
    }
}

static gboolean
unit_commander_ready (const BaaMatch *m, const BaaUnit *u, BaaCommander **out)
{
  BaaCommander *c = baa_unit_commander (m, u);

  *out = c;
  if (c == NULL || c->status != BAA_CDR_ACTIVE)
    return FALSE;
  if (c->is_control)
    return TRUE;   /* BAA-CMD-10: uses its own leadership */
  return c->has_orders;
}

static void
phase_command_range (BaaMatch *m, GPtrArray *events)
{
  FOR_UNITS (m, u)
    {
      BaaCommander *c;
      if (u->side != m->active || u->status != BAA_UNIT_ACTIVE || u->nic || u->has_orders)
        continue;
      if (!unit_commander_ready (m, u, &c))
        continue;
      if (mu_hex_distance (m->grid, u->hex, c->hex) <= c->def->leadership)
        {
          u->has_orders = TRUE;
          orders_event (m, events, u->def->id, "command-range",
                        c->is_control ? "BAA-CMD-10" : "BAA-CMD-5");
        }
    }
}

static void
phase_command_roll (BaaMatch *m, GPtrArray *events)
{
  g_autoptr(GHashTable) rolled = g_hash_table_new (NULL, NULL);

  FOR_UNITS (m, u)
    {
      BaaCommander *c;
      gboolean ok;

      if (u->side != m->active || u->status != BAA_UNIT_ACTIVE || u->nic || u->has_orders)
        continue;
      if (unit_commander_ready (m, u, &c))
        {
          baa_roll (m, events, "command", u->def->id, c->def->id, night_mod (m), MU_ROLL_AT_MOST,
                    c->def->leadership, c->is_control ? "BAA-CMD-10" : "BAA-CMD-6", &ok);
          if (ok)
            {
              u->has_orders = TRUE;
              orders_event (m, events, u->def->id, "roll", "BAA-CMD-6");
            }
          continue;
        }
      if (u->def->identity != 0)
        {
          BaaCommander *cmd = division_command (m, u->side, u->def->identity);
          /* BAA-CDR-7: a disabled command counter: one roll for the
           * division, a natural 1 gives every unit orders */
          if (cmd && cmd->status != BAA_CDR_ACTIVE && cmd->status != BAA_CDR_OFFBOARD &&
              !g_hash_table_contains (rolled, cmd))
            {
              g_hash_table_add (rolled, cmd);
              baa_roll (m, events, "division", cmd->def->id, NULL, 0, MU_ROLL_AT_MOST, 1,
                        "BAA-CDR-7", &ok);
              if (ok)
                FOR_UNITS (m, v)
                  if (v->side == u->side && v->def->identity == u->def->identity &&
                      v->status == BAA_UNIT_ACTIVE && !v->nic && !v->has_orders)
                    {
                      v->has_orders = TRUE;
                      orders_event (m, events, v->def->id, "division-roll", "BAA-CDR-7");
                    }
            }
        }
    }
}

static void
phase_command_nic (BaaMatch *m, GPtrArray *events)
{
  FOR_UNITS (m, u)
    if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && !u->has_orders && !u->nic)
      {
        u->nic = TRUE;   /* BAA-CMD-7 */
        marker_event (m, events, TRUE, u->def->id, "nic", "BAA-CMD-7");
      }
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
            e = baa_event (m, events, MU_EVENT_OBJECTIVE_CLAIMED, o->def->id, "BAA-OBJ-2");
            mu_event_set_side (e, m->side_id[s]);
            e->at = mu_pos_from_hex (o->hex);
            continue;
          }
      }
      e = baa_event (m, events, MU_EVENT_OBJECTIVE_HOLD, o->def->id, "BAA-OBJ-2");
      mu_event_set_side (e, m->side_id[s]);
      e->value = o->hold_count;
    }
}

static void
phase_remove_markers (BaaMatch *m, GPtrArray *events)
{
  /* BAA-SEQ-4, BAA-PIN-2 */
  FOR_UNITS (m, u)
    {
      if (u->side == m->active)
        {
          if (u->nic)
            {
              u->nic = FALSE;
              marker_event (m, events, FALSE, u->def->id, "nic", "BAA-SEQ-4");
            }
          if (u->pinned && u->pinned_round < m->round_serial)
            {
              u->pinned = FALSE;
              marker_event (m, events, FALSE, u->def->id, "pinned", "BAA-PIN-2");
            }
        }
      u->has_orders = FALSE;
      u->attacked_this_round = FALSE;
      u->moved_this_round = FALSE;
      u->flinches_this_round = 0;
      u->locked = FALSE;
    }
  FOR_CDRS (m, c)
    {
      if (c->side == m->active && c->nic)
        {
          c->nic = FALSE;
          marker_event (m, events, FALSE, c->def->id, "nic", "BAA-SEQ-4");
        }
      c->has_orders = FALSE;
      c->moved_this_round = FALSE;
      c->direct_by = NULL;
    }
  baa_match_invalidate (m);
  objectives_update (m, events);
}

/* Sequence ------------------------------------------------------------------------------ */

static gboolean unit_can_move (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only);
static gboolean cdr_can_move (const BaaMatch *m, const BaaCommander *c);

static gboolean
phase_has_choices (BaaMatch *m)
{
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      return baa_reserve_step_has_choices (m);
    case BAA_PHASE_COMMAND_RANGE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && u->def->identity == 0)
          return TRUE;
      if (m->opt_direct_control && best_control (m, m->active))
        return TRUE;   /* `direct` declarations (a side with command counters) */
      return FALSE;
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        {
          gboolean w;
          if (unit_can_move (m, u, &w))
            return TRUE;
        }
      return FALSE;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        if (cdr_can_move (m, c))
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

static void
enter_phase (BaaMatch *m, GPtrArray *events)
{
  if (m->phase >= 1 && m->phase <= 12)
    phase_event (m, events);
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      baa_bound_start (m, events);
      break;
    case BAA_PHASE_CONTROL_RANGE:
      phase_control_range (m, events);
      break;
    case BAA_PHASE_CONTROL_ROLL:
      phase_control_roll (m, events);
      break;
    case BAA_PHASE_CONTROL_NIC:
      phase_control_nic (m, events);
      break;
    case BAA_PHASE_COMMAND_ROLL:
      phase_command_roll (m, events);
      break;
    case BAA_PHASE_COMMAND_NIC:
      phase_command_nic (m, events);
      break;
    case BAA_PHASE_MOVE_UNITS:
      /* BAA-SPC-1, BAA-AMB-34: off the train at phase 7 of the next round */
      FOR_UNITS (m, u)
        if (u->side == m->active && u->on_train && u->train_round < m->round_serial)
          {
            u->on_train = FALSE;
            marker_event (m, events, FALSE, u->def->id, "on-train", "BAA-SPC-1");
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
static void
next_phase (BaaMatch *m, GPtrArray *events)
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
      phase_command_range (m, events);
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
  enter_phase (m, events);
}

void
baa_advance (BaaMatch *m, GPtrArray *events)
{
  while (!m->finished && m->pending.kind == BAA_DECISION_NONE)
    {
      if (phase_has_choices (m))
        return;
      next_phase (m, events);
    }
}

/* Moves --------------------------------------------------------------------------------- */

/* May the unit move in this phase 7 at all, destinations aside (BAA-MOV-1,
 * BAA-PIN-1, BAA-SPC-1, BAA-MOV-12)? *withdraw_only: only a withdrawal
 * (it starts in an enemy ZOC). */
static gboolean
unit_may_move (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only)
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

static gboolean
unit_can_move (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only)
{
  return unit_may_move (m, u, withdraw_only) &&
         baa_move_has_destination (m, (BaaUnit *) u, NULL, *withdraw_only);
}

static gboolean
cdr_may_move (const BaaMatch *m, const BaaCommander *c)
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

static gboolean
cdr_can_move (const BaaMatch *m, const BaaCommander *c)
{
  return cdr_may_move (m, c) && baa_move_has_destination (m, NULL, (BaaCommander *) c, FALSE);
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
        return baa_refuse (error, NULL, "%s: table positions are not hexes", cmd->unit);
      g_array_append_val (path, p->hex);
    }
  if (!u && !c)
    return baa_refuse (error, NULL, "no counter “%s” in this scenario", cmd->unit);
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
active_unit (BaaMatch *m, const char *id, gboolean own, GError **error)
{
  BaaUnit *u = baa_match_find_unit (m, id);

  if (u == NULL)
    {
      baa_refuse (error, NULL, "no unit counter “%s” in this scenario", id);
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
      BaaUnit *u = active_unit (m, cmd->unit, TRUE, error);
      if (!u)
        return FALSE;
      g_ptr_array_add (firers, u);
    }
  for (guint i = 0; i < cmd->units->len; i++)
    {
      BaaUnit *u = active_unit (m, g_ptr_array_index (cmd->units, i), TRUE, error);
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
  target = active_unit (m, cmd->target, FALSE, error);
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
  if (u == NULL || u->def->identity != 0)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an unassigned (star) unit", cmd->unit);
  if (u->side != m->active || u->status != BAA_UNIT_ACTIVE)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an active unit of the side in play", cmd->unit);
  if (c == NULL || c->side != u->side || c->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-CMD-11", "%s is not an active friendly commander", cmd->target);
  if (c->is_control ? !direct_control (m, c->side) : !c->has_orders)
    return baa_refuse (error, "BAA-AMB-45",
                       "%s cannot take %s: a command counter with orders, or a control counter under direct control",
                       cmd->target, cmd->unit);
  u->assigned_to = c;
  u->assign_round = m->round_serial;
  e = baa_event (m, events, MU_EVENT_ASSIGNED, u->def->id, "BAA-CMD-11");
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
  e = baa_event (m, events, MU_EVENT_DIRECT_CONTROL, k->def->id, "BAA-CMD-10");
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
    return baa_refuse (error, NULL, "nothing to choose: no decision is pending");
  if (d->kind == BAA_DECISION_DAY_CONTROL || d->kind == BAA_DECISION_DAY_WITHDRAW ||
      d->kind == BAA_DECISION_DAY_PLACE)
    return baa_day_choose (m, cmd->answer, events, error);
  if (!mu_hex_parse (cmd->answer, &hex) || !baa_hex_on_board (m, hex))
    return baa_refuse (error, NULL, "“%s” is not a hex of the board", cmd->answer);
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
  return baa_refuse (error, NULL, "this decision cannot be answered with “%s”", cmd->answer);
}

/* The ruleset table ------------------------------------------------------------------------------ */

static void
state_free (gpointer state)
{
  BaaMatch *m = state;

  if (m == NULL)
    return;
  baa_decision_clear (m);
  g_ptr_array_unref (m->units);
  g_ptr_array_unref (m->commanders);
  g_ptr_array_unref (m->objectives);
  g_hash_table_unref (m->breached);
  g_hash_table_unref (m->reserves_done);
  g_free (m->links);
  g_free (m->search_slot);
  g_free (m->move_cells);
  g_clear_pointer (&m->by_id, g_hash_table_unref);
  g_clear_pointer (&m->cdr_by_id, g_hash_table_unref);
  baa_move_cache_free (m->move_cache);
  for (int s = 0; s < BAA_SIDES; s++)
    {
      g_free (m->occ_units[s]);
      g_free (m->occ_unpinned[s]);
      g_free (m->occ_cdrs[s]);
    }
  g_clear_pointer (&m->evaders, g_ptr_array_unref);
  g_clear_pointer (&m->arrived, g_ptr_array_unref);
  g_clear_pointer (&m->reposition, g_ptr_array_unref);
  g_clear_pointer (&m->counter_views, g_array_unref);
  g_clear_pointer (&m->objective_views, g_array_unref);
  g_clear_pointer (&m->strings, g_ptr_array_unref);
  baa_day_free (m);
  g_free (m->event_failure);
  g_free (m);
}

static int
side_index (const BaaMatch *m, const char *side)
{
  for (int s = 0; s < BAA_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return BAA_NONE;
}

static gpointer
state_new (const MuScenario *scenario, MuDice *dice, GPtrArray *events, GError **error)
{
  BaaMatch *m;
  gsize ncells;

  if (scenario->board != MU_BOARD_HEX || scenario->hex_map == NULL)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "baa-hex needs a hex board");
      return NULL;
    }
  if (scenario->sides->len < 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "baa-hex needs two sides");
      return NULL;
    }
  m = g_new0 (BaaMatch, 1);
  m->scenario = scenario;
  m->map = scenario->hex_map;
  m->grid = &scenario->hex_map->grid;
  m->dice = dice;
  /* BAA-GEN-3: the CSA plays first; other scenarios: document order */
  if (mu_scenario_find_side (scenario, "csa") && mu_scenario_find_side (scenario, "usa"))
    {
      m->side_id[0] = "csa";
      m->side_id[1] = "usa";
    }
  else
    {
      m->side_id[0] = ((MuSide *) g_ptr_array_index (scenario->sides, 0))->id;
      m->side_id[1] = ((MuSide *) g_ptr_array_index (scenario->sides, 1))->id;
    }
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->commanders = g_ptr_array_new_with_free_func (g_free);
  m->objectives = g_ptr_array_new_with_free_func (g_free);
  m->breached = g_hash_table_new (NULL, NULL);
  m->reserves_done = g_hash_table_new (g_str_hash, g_str_equal);
  m->strings = g_ptr_array_new_with_free_func (g_free);
  baa_decision_clear (m);
  read_options (m);
  ncells = (gsize) m->grid->cols * m->grid->rows;
  for (int s = 0; s < BAA_SIDES; s++)
    {
      m->occ_units[s] = g_new0 (guint8, ncells);
      m->occ_unpinned[s] = g_new0 (guint8, ncells);
      m->occ_cdrs[s] = g_new0 (guint8, ncells);
    }
  baa_links_build (m);

  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);
      int side = side_index (m, c->side);
      gboolean placed = c->place.kind == MU_PLACE_HEX && baa_hex_on_board (m, c->place.hex);

      if (side == BAA_NONE)
        continue;   /* a third side plays no part in a two-sided game */
      if (c->kind == MU_COUNTER_UNIT)
        {
          BaaUnit *u = g_new0 (BaaUnit, 1);
          u->def = c;
          u->index = m->units->len;
          u->side = side;
          u->hex = placed ? c->place.hex : MU_HEX_NONE;
          u->fatigued = c->fatigued && m->opt_fatigue;
          if (placed)
            u->status = BAA_UNIT_ACTIVE;
          else
            {
              u->status = BAA_UNIT_OFFBOARD_RESERVE;
              u->reserve = c->place.kind == MU_PLACE_RESERVE ? c->place.reserve : NULL;
            }
          g_ptr_array_add (m->units, u);
        }
      else
        {
          BaaCommander *k = g_new0 (BaaCommander, 1);
          k->def = c;
          k->index = m->commanders->len;
          k->side = side;
          k->is_control = c->kind == MU_COUNTER_CONTROL;
          k->hex = placed ? c->place.hex : MU_HEX_NONE;
          if (placed)
            k->status = BAA_CDR_ACTIVE;
          else
            {
              k->status = BAA_CDR_OFFBOARD;
              k->reserve = c->place.kind == MU_PLACE_RESERVE ? c->place.reserve : NULL;
            }
          g_ptr_array_add (m->commanders, k);
        }
    }
  for (int side = 0; side < BAA_SIDES; side++)
    m->no_command_counters[side] = TRUE;
  FOR_CDRS (m, c)
    if (!c->is_control)
      m->no_command_counters[c->side] = FALSE;
  for (guint i = 0; i < scenario->objectives->len; i++)
    {
      const MuObjective *d = g_ptr_array_index (scenario->objectives, i);
      BaaObjective *o = g_new0 (BaaObjective, 1);
      o->def = d;
      o->hex = d->hex;
      o->owner = side_index (m, d->owner);
      o->hold_side = BAA_NONE;
      g_ptr_array_add (m->objectives, o);
    }
  m->bound = scenario->timeline.first_bound > 0 ? scenario->timeline.first_bound : 1;
  m->last_bound = m->bound + MAX (scenario->timeline.bounds, 1) - 1;
  m->winner = BAA_NONE;
  m->reserve_step_side = BAA_NONE;
  m->phase = BAA_PHASE_BOUND_START;
  m->occ_dirty = TRUE;
  baa_event (m, events, MU_EVENT_MATCH_START, "baa-hex", NULL);
  enter_phase (m, events);
  baa_advance (m, events);
  return m;
}

static gboolean
apply_command (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  gboolean ok;

  if (m->finished)
    return baa_refuse (error, "BAA-VIC-5", "the match is over");
  if (m->pending.kind != BAA_DECISION_NONE && cmd->kind != BAA_COMMAND_CHOOSE)
    return baa_refuse (error, NULL, "a decision is pending: %s (answer with choose)", m->pending.question);
  switch (cmd->kind)
    {
    case BAA_COMMAND_END_PHASE:
      if (m->phase == BAA_PHASE_MELEE)
        FOR_UNITS (m, u)
          if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && baa_melee_required (m, u))
            return baa_refuse (error, "BAA-MEL-2", "%s is in melee and must attack before the phase ends",
                               u->def->id);
      next_phase (m, events);
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

static gboolean
apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  g_autoptr(BaaCommand) cmd = baa_command_decode (command, error);

  return cmd != NULL && apply_command (state, cmd, events, error);
}

/* Legal commands --------------------------------------------------------------------------------- */

static void
add_paths (GPtrArray *out, BaaCommandKind kind, const char *id, GPtrArray *dests)
{
  for (guint i = 0; i < dests->len; i++)
    {
      GArray *p = g_ptr_array_index (dests, i);
      g_ptr_array_add (out, baa_command_new_move (kind, id, (MuHex *) p->data, p->len));
    }
}

/* BAA-FIRE-10, BAA-MEL-3: a group is legal when each member's own attack on
 * the target is (baa_fire_resolve() and baa_melee_resolve() check no more).
 * For every target that two or more units may attack, offers every pair and
 * the whole group; larger partial groups are left out to keep the list
 * short. Single attacks are in out[first..]. */
static void
add_groups (GPtrArray *out, guint first)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();   /* of const char*, first seen order */
  guint end = out->len;

  for (guint i = first; i < end; i++)
    {
      const BaaCommand *c = g_ptr_array_index (out, i);
      gboolean seen = FALSE;
      if (c->kind != BAA_COMMAND_FIRE && c->kind != BAA_COMMAND_MELEE)
        continue;
      for (guint k = 0; k < targets->len && !seen; k++)
        seen = g_str_equal (g_ptr_array_index (targets, k), c->target);
      if (!seen)
        g_ptr_array_add (targets, c->target);
    }
  for (guint k = 0; k < targets->len; k++)
    {
      const char *target = g_ptr_array_index (targets, k);
      g_autoptr(GPtrArray) who = g_ptr_array_new ();
      BaaCommandKind kind = BAA_COMMAND_FIRE_GROUP;

      for (guint i = first; i < end; i++)
        {
          const BaaCommand *c = g_ptr_array_index (out, i);
          if ((c->kind == BAA_COMMAND_FIRE || c->kind == BAA_COMMAND_MELEE) &&
              g_str_equal (c->target, target))
            {
              g_ptr_array_add (who, c->unit);
              kind = c->kind == BAA_COMMAND_FIRE ? BAA_COMMAND_FIRE_GROUP : BAA_COMMAND_MELEE_GROUP;
            }
        }
      for (guint i = 0; i < who->len; i++)
        for (guint j = i + 1; j < who->len; j++)
          {
            BaaCommand *g = baa_command_new (kind);
            g->target = g_strdup (target);
            baa_command_add_unit (g, g_ptr_array_index (who, i));
            baa_command_add_unit (g, g_ptr_array_index (who, j));
            g_ptr_array_add (out, g);
          }
      if (who->len >= 3)
        {
          BaaCommand *g = baa_command_new (kind);
          g->target = g_strdup (target);
          for (guint i = 0; i < who->len; i++)
            baa_command_add_unit (g, g_ptr_array_index (who, i));
          g_ptr_array_add (out, g);
        }
    }
}

/* The phase 7 commands of one unit, in the legal-command list's order: its
 * moves with the exits after them (BAA-VIC-4), or its withdrawals
 * (BAA-MOV-12). Each destination is searched once. */
static void
unit_move_commands (const BaaMatch *m, BaaUnit *u, GPtrArray *out)
{
  g_autoptr(GPtrArray) d = NULL;
  gboolean w;

  if (!unit_may_move (m, u, &w))
    return;
  d = baa_move_destinations (m, u, NULL, w);
  if (w)
    {
      add_paths (out, BAA_COMMAND_WITHDRAW, u->def->id, d);
      return;
    }
  if (d->len > 0)
    {
      baa_exit_paths (m, u, d);
      add_paths (out, BAA_COMMAND_MOVE, u->def->id, d);
    }
  else if (m->opt_withdrawing && baa_unit_in_melee (m, u))
    {
      /* in melee with pinned enemies only: a withdrawal is also possible */
      g_autoptr(GPtrArray) back = baa_move_destinations (m, u, NULL, TRUE);
      add_paths (out, BAA_COMMAND_WITHDRAW, u->def->id, back);
    }
}

/* The phase 8 or 9 moves of one commander. */
static void
cdr_move_commands (const BaaMatch *m, BaaCommander *c, GPtrArray *out)
{
  g_autoptr(GPtrArray) d = NULL;

  if (!cdr_may_move (m, c))
    return;
  d = baa_move_destinations (m, NULL, c, FALSE);
  add_paths (out, BAA_COMMAND_MOVE, c->def->id, d);
}

static GPtrArray *
baa_legal_commands (gpointer state)
{
  BaaMatch *m = state;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
  gboolean melee_owed = FALSE;

  if (m->finished)
    return out;
  if (m->pending.kind != BAA_DECISION_NONE)
    {
      for (guint i = 0; m->pending.answers && i < m->pending.answers->len; i++)
        {
          const char *a = g_ptr_array_index (m->pending.answers, i);
          if (a)
            g_ptr_array_add (out, baa_command_new_choose (a));
        }
      return out;
    }
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      baa_reserve_step_commands (m, out);
      break;
    case BAA_PHASE_COMMAND_RANGE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && u->def->identity == 0 &&
            u->assign_round != m->round_serial)
          FOR_CDRS (m, c)
            if (c->side == u->side && c->status == BAA_CDR_ACTIVE &&
                (c->is_control ? direct_control (m, c->side) : c->has_orders) &&
                c != u->assigned_to)
              {
                BaaCommand *a = baa_command_new_attack (BAA_COMMAND_ASSIGN, u->def->id, c->def->id);
                g_ptr_array_add (out, a);
              }
      if (m->opt_direct_control)
        FOR_CDRS (m, k)
          if (k->is_control && k->side == m->active && k->status == BAA_CDR_ACTIVE)
            FOR_CDRS (m, c)
              if (!c->is_control && c->side == k->side && !c->nic && c->direct_by != k &&
                  c->status != BAA_CDR_OFFBOARD && c->direct_round != m->round_serial)
                g_ptr_array_add (out, baa_command_new_attack (BAA_COMMAND_DIRECT, k->def->id, c->def->id));
      break;
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        unit_move_commands (m, u, out);
      break;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        cdr_move_commands (m, c, out);
      break;
    case BAA_PHASE_FIRE:
    case BAA_PHASE_MELEE:
      {
        guint first = out->len;
        FOR_UNITS (m, u)
          if (u->side == m->active && u->status == BAA_UNIT_ACTIVE)
            {
              baa_combat_legal_commands (m, u, out);
              if (m->phase == BAA_PHASE_MELEE && baa_melee_required (m, u))
                melee_owed = TRUE;
            }
        add_groups (out, first);
      }
      break;
    case BAA_PHASE_BOUND_END:
      baa_day_commands (m, out);
      break;
    default:
      break;
    }
  if (!melee_owed)
    g_ptr_array_add (out, baa_command_new_end_phase ());
  return out;
}

/* The legal commands of counter `id` alone (of BaaCommand*), in the order
 * of the full list, in the movement phases where no other command names it:
 * what the match window asks at each click. NULL in the other phases,
 * where the callers filter the full list. */
static GPtrArray *
counter_move_commands (BaaMatch *m, const char *id)
{
  GPtrArray *out;

  if (m->finished || m->pending.kind != BAA_DECISION_NONE)
    return NULL;
  if (m->phase == BAA_PHASE_MOVE_UNITS)
    {
      BaaUnit *u = baa_match_find_unit (m, id);

      out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
      if (u)
        unit_move_commands (m, u, out);
      return out;
    }
  if (m->phase == BAA_PHASE_MOVE_COMMANDS || m->phase == BAA_PHASE_MOVE_CONTROLS)
    {
      BaaCommander *c = baa_match_find_commander (m, id);

      out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
      if (c)
        cdr_move_commands (m, c, out);
      return out;
    }
  return NULL;
}

static GArray *
legal_moves (gpointer state, const char *id)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_autoptr(GPtrArray) cmds = counter_move_commands (state, id);
  BaaMatch *m = state;

  if (cmds == NULL)
    {
      /* besides the movement phases, only the reserves' step at the start
       * of a bound and readdressing lines at its end list moves; a
       * decision lists its answers */
      if (m->finished || m->pending.kind != BAA_DECISION_NONE ||
          (m->phase != BAA_PHASE_BOUND_START && m->phase != BAA_PHASE_BOUND_END))
        return out;
      cmds = baa_legal_commands (state);
    }
  for (guint i = 0; i < cmds->len; i++)
    {
      BaaCommand *c = g_ptr_array_index (cmds, i);
      if ((c->kind == BAA_COMMAND_MOVE || c->kind == BAA_COMMAND_WITHDRAW) && g_strcmp0 (c->unit, id) == 0)
        g_array_append_val (out, g_array_index (c->path, MuPos, c->path->len - 1));
    }
  return out;
}

static gboolean
names_counter (const MuCommand *c, const char *id)
{
  for (guint k = 0; k < mu_command_n_args (c); k++)
    if (g_strcmp0 (mu_command_word (c, k), id) == 0)
      return TRUE;
  return FALSE;
}

static GPtrArray *
legal_actions (gpointer state, const char *id)
{
  g_autoptr(GPtrArray) own = counter_move_commands (state, id);
  g_autoptr(GPtrArray) cmds = own ? g_ptr_array_ref (own) : baa_legal_commands (state);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  for (guint i = 0; i < cmds->len; i++)
    {
      MuCommand *c = baa_command_encode (g_ptr_array_index (cmds, i));

      if (names_counter (c, id))
        g_ptr_array_add (out, c);
      else
        mu_command_free (c);
    }
  return out;
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return baa_match_copy (state, dice);
}

/* BAA-MOV-1..5, MOV-9, MOV-12: a move's cost in movement points against the
 * allowance, for the dry run. */
static gboolean
move_cost (gpointer state, const MuCommand *command, int *cost, int *allowance)
{
  BaaMatch *m = state;
  g_autoptr(BaaCommand) cmd = baa_command_decode (command, NULL);
  g_autoptr(GArray) path = NULL;
  BaaUnit *u;
  BaaCommander *c = NULL;

  *cost = *allowance = -1;
  if (cmd == NULL || (cmd->kind != BAA_COMMAND_MOVE && cmd->kind != BAA_COMMAND_WITHDRAW))
    return FALSE;
  u = baa_match_find_unit (m, cmd->unit);
  if (u == NULL)
    c = baa_match_find_commander (m, cmd->unit);
  if (u ? (u->status != BAA_UNIT_ACTIVE && u->status != BAA_UNIT_OFFBOARD_RESERVE)
        : (c == NULL || (c->status != BAA_CDR_ACTIVE && c->status != BAA_CDR_OFFBOARD)))
    return FALSE;
  path = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < cmd->path->len; i++)
    {
      const MuPos *p = &g_array_index (cmd->path, MuPos, i);
      if (p->is_point)
        return FALSE;
      g_array_append_val (path, p->hex);
    }
  return baa_move_cost (m, u, c, cmd->kind == BAA_COMMAND_WITHDRAW, (MuHex *) path->data, path->len,
                        cost, allowance);
}

/* The counter's phase 7, 8 or 9 commands, encoded, from the cache
 * (baa-move-cache.c) or found and kept. */
static const GPtrArray *
kept_move_commands (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  const GPtrArray *kept = baa_move_cache_get (m, u, c, withdraw);
  g_autoptr(GPtrArray) cmds = NULL;
  GPtrArray *encoded;

  if (kept)
    return kept;
  cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
  if (u)
    unit_move_commands (m, u, cmds);
  else
    cdr_move_commands (m, c, cmds);
  encoded = g_ptr_array_new_full (cmds->len, (GDestroyNotify) mu_command_free);
  for (guint i = 0; i < cmds->len; i++)
    g_ptr_array_add (encoded, baa_command_encode (g_ptr_array_index (cmds, i)));
  baa_move_cache_put (m, u, c, withdraw, encoded);
  return encoded;
}

/* Phases 7, 8 and 9: every counter's moves from the cache, found again only
 * for the counters near a change. The same list as baa_legal_commands()
 * gives, encoded. */
static GPtrArray *
legal_moves_phase (BaaMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  g_autoptr(BaaCommand) end = baa_command_new_end_phase ();

  baa_move_cache_sync (m);
  if (m->phase == BAA_PHASE_MOVE_UNITS)
    FOR_UNITS (m, u)
      {
        const GPtrArray *kept;
        gboolean w;

        if (!unit_may_move (m, u, &w))
          continue;
        kept = kept_move_commands (m, u, NULL, w);
        for (guint i = 0; i < kept->len; i++)
          g_ptr_array_add (out, mu_command_ref (g_ptr_array_index (kept, i)));
      }
  else
    FOR_CDRS (m, c)
      {
        const GPtrArray *kept;

        if (!cdr_may_move (m, c))
          continue;
        kept = kept_move_commands (m, NULL, c, FALSE);
        for (guint i = 0; i < kept->len; i++)
          g_ptr_array_add (out, mu_command_ref (g_ptr_array_index (kept, i)));
      }
  g_ptr_array_add (out, baa_command_encode (end));
  return out;
}

/* Every legal command in the generic form (of MuCommand*). */
static GPtrArray *
legal_commands (gpointer state)
{
  BaaMatch *m = state;
  g_autoptr(GPtrArray) cmds = NULL;
  GPtrArray *out;

  if (!m->finished && m->pending.kind == BAA_DECISION_NONE &&
      (m->phase == BAA_PHASE_MOVE_UNITS || m->phase == BAA_PHASE_MOVE_COMMANDS ||
       m->phase == BAA_PHASE_MOVE_CONTROLS))
    return legal_moves_phase (m);
  cmds = baa_legal_commands (state);
  out = g_ptr_array_new_full (cmds->len, (GDestroyNotify) mu_command_free);

  for (guint i = 0; i < cmds->len; i++)
    g_ptr_array_add (out, baa_command_encode (g_ptr_array_index (cmds, i)));
  return out;
}

/* Appends an item counting n counters (nothing when n is 0); text is the
 * line for one counter or for n (taken). */
static void
todo_add (GArray *todo, int n, const char *rule, gboolean compulsory, char *text)
{
  MuTodo t = { 0 };

  if (n <= 0)
    {
      g_free (text);
      return;
    }
  t.text = text;
  t.rule = rule;
  t.count = n;
  t.compulsory = compulsory;
  g_array_append_val (todo, t);
}

#define COUNTED(n, one, many) ((n) == 1 ? g_strdup (one) : g_strdup_printf (many, (n)))

/* What is left to do in the active side's phase (the phase tracker): the
 * compulsory melees (BAA-MEL-2) and the counters that may still act. */
static void
outstanding (gpointer state, GArray *todo)
{
  BaaMatch *m = state;
  int n = 0;

  if (m->finished || m->pending.kind != BAA_DECISION_NONE)
    return;
  switch (m->phase)
    {
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        {
          gboolean w;

          if (unit_can_move (m, u, &w))
            n++;
        }
      todo_add (todo, n, "BAA-MOV-1", FALSE,
                COUNTED (n, "1 unit with orders has not moved", "%d units with orders have not moved"));
      break;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        if (cdr_can_move (m, c))
          n++;
      todo_add (todo, n, "BAA-MOV-1", FALSE,
                COUNTED (n, "1 commander has not moved", "%d commanders have not moved"));
      break;
    case BAA_PHASE_FIRE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE)
          {
            g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);

            baa_combat_legal_commands (m, u, cmds);
            if (cmds->len > 0)
              n++;
          }
      todo_add (todo, n, "BAA-FIRE-1", FALSE,
                COUNTED (n, "1 unit may still fire", "%d units may still fire"));
      break;
    case BAA_PHASE_MELEE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && baa_melee_required (m, u))
          n++;
      todo_add (todo, n, "BAA-MEL-2", TRUE,
                COUNTED (n, "1 unit in melee must attack", "%d units in melee must attack"));
      break;
    default:
      break;
    }
}

static gboolean
line_of_sight (gpointer state, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  return baa_line_of_sight (state, counter, to, sight, error);
}

static GPtrArray *
legal_targets (gpointer state, const char *id)
{
  BaaMatch *m = state;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  BaaUnit *u = baa_match_find_unit (m, id);

  if (u && !m->finished && m->pending.kind == BAA_DECISION_NONE)
    baa_combat_legal_targets (m, u, ids);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (out, g_strdup (g_ptr_array_index (ids, i)));
  return out;
}

static void
position (gpointer state, MuPosition *p)
{
  BaaMatch *m = state;
  const MuTimeline *t = &m->scenario->timeline;
  int per = t->minutes_per_bound > 0 ? t->minutes_per_bound : 60;
  int first = t->first_bound > 0 ? t->first_bound : 1;

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->phase;
  p->side = (m->phase >= 1 && m->phase <= 12) ? m->side_id[m->active]
          : (m->phase == 0 && m->reserve_step_side != BAA_NONE) ? m->side_id[m->reserve_step_side]
          : NULL;
  p->phase_id = m->phase == 0 ? "bound-start" : m->phase == 13 ? "bound-end"
              : baa_phases[m->phase - 1].id;
  p->minutes = ((t->start_minutes + (m->bound - first) * per) % 1440 + 1440) % 1440;
  p->night = m->night;
  p->finished = m->finished;
  p->path = m->phase >= 1 && m->phase <= 12 ? baa_phase_paths[m->phase - 1] : p->phase_id;
  p->side_order = m->side_id;
  p->awaited = m->finished ? NULL
             : m->pending.kind != BAA_DECISION_NONE ? m->side_id[m->pending.side]
             : p->side;
}

static const MuDecision *
pending (gpointer state)
{
  BaaMatch *m = state;
  BaaDecision *d = &m->pending;

  if (d->kind == BAA_DECISION_NONE)
    return NULL;
  m->decision_view.side = m->side_id[d->side];
  m->decision_view.id = d->kind == BAA_DECISION_FLINCH ? "flinch"
                      : d->kind == BAA_DECISION_EVADE ? "evade"
                      : d->kind == BAA_DECISION_DAY_WITHDRAW ? "day-withdraw"
                      : d->kind == BAA_DECISION_DAY_CONTROL ? "day-control" : "day-place";
  m->decision_view.subject = d->n_units ? d->units[0]->def->id
                           : d->commander ? d->commander->def->id : NULL;
  m->decision_view.question = d->question;
  m->decision_view.answers = d->answers ? (const char *const *) d->answers->pdata : NULL;
  return &m->decision_view;
}

static const char *
keep (BaaMatch *m, char *s)
{
  g_ptr_array_add (m->strings, s);
  return s;
}

static GArray *
counters (gpointer state)
{
  BaaMatch *m = state;

  if (m->counter_views == NULL)
    m->counter_views = g_array_new (FALSE, TRUE, sizeof (MuCounterView));
  g_array_set_size (m->counter_views, 0);
  g_ptr_array_set_size (m->strings, 0);
  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *def = g_ptr_array_index (m->scenario->counters, i);
      MuCounterView v = { 0 };
      GString *mk = g_string_new (NULL);
      BaaUnit *u = NULL;
      BaaCommander *c = NULL;

      if (def->kind == MU_COUNTER_UNIT)
        u = baa_match_find_unit (m, def->id);
      else
        c = baa_match_find_commander (m, def->id);
      if (!u && !c)
        {
          g_string_free (mk, TRUE);
          continue;
        }
      v.counter = def;
      v.id = def->id;
      v.side = def->side;
      if (u)
        {
          static const MuCounterStatus map[] = {
            MU_COUNTER_STATUS_ACTIVE, MU_COUNTER_STATUS_DISPERSED, MU_COUNTER_STATUS_SURRENDERED,
            MU_COUNTER_STATUS_RESERVE, MU_COUNTER_STATUS_TACTICAL_MARCH, MU_COUNTER_STATUS_OFFBOARD };
          v.status = map[u->status];
          v.pos.hex = u->hex;
          v.strength = u->status == BAA_UNIT_ACTIVE ? u->def->strength : 0;
          if (u->nic) g_string_append (mk, ",nic");
          if (u->pinned) g_string_append (mk, ",pinned");
          if (u->fatigued) g_string_append (mk, ",fatigued");
          if (u->on_train) g_string_append (mk, ",on-train");
          if (baa_unit_stacked (m, u)) g_string_append (mk, ",stacked");
          if (baa_unit_in_difficult (m, u)) g_string_append (mk, ",unformed");
        }
      else
        {
          static const MuCounterStatus map[] = {
            MU_COUNTER_STATUS_ACTIVE, MU_COUNTER_STATUS_DISABLED, MU_COUNTER_STATUS_CAPTURED,
            MU_COUNTER_STATUS_REMOVED, MU_COUNTER_STATUS_OFFBOARD };
          v.status = map[c->status];
          if (c->status == BAA_CDR_OFFBOARD && c->reserve)
            v.status = MU_COUNTER_STATUS_RESERVE;
          v.pos.hex = c->hex;
          if (c->nic) g_string_append (mk, ",nic");
          if (c->has_orders) g_string_append (mk, ",orders");
        }
      if (u && u->has_orders)
        g_string_append (mk, ",orders");
      v.markers = keep (m, g_strdup (mk->len ? mk->str + 1 : ""));
      g_string_free (mk, TRUE);
      g_array_append_val (m->counter_views, v);
    }
  return m->counter_views;
}

static GArray *
objectives (gpointer state)
{
  BaaMatch *m = state;

  if (m->objective_views == NULL)
    m->objective_views = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  g_array_set_size (m->objective_views, 0);
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BaaObjective *o = g_ptr_array_index (m->objectives, i);
      MuObjectiveView v = { 0 };
      v.objective = o->def;
      v.id = o->def->id;
      v.pos.hex = o->hex;
      v.owner = o->owner == BAA_NONE ? NULL : m->side_id[o->owner];
      v.holder = o->hold_side == BAA_NONE ? NULL : m->side_id[o->hold_side];
      v.hold_count = o->hold_count;
      g_array_append_val (m->objective_views, v);
    }
  return m->objective_views;
}

static void
victory (gpointer state, MuResult *r)
{
  BaaMatch *m = state;
  int score[BAA_SIDES];

  memset (r, 0, sizeof *r);
  baa_score (m, score);
  r->over = m->finished;
  if (m->finished)
    {
      r->winner = m->winner == BAA_NONE ? NULL : m->side_id[m->winner];
      r->level = m->victory_level;
      r->difference = m->victory_diff;
    }
  r->summary = g_strdup_printf ("%s %d %s %d", m->side_id[0], score[0], m->side_id[1], score[1]);
}

static gboolean
invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MU_ERROR, MU_ERROR_FAILED, "invariant broken: %s", msg);
  return FALSE;
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  BaaMatch *m = state;

  if (m->event_failure)
    return invalid (error, "%s", m->event_failure);
  return baa_check_invariants (m, FALSE, error);
}

static void
check_each_event (gpointer state, gboolean on)
{
  BaaMatch *m = state;

  m->check_events = on;
}

gboolean
baa_check_invariants (BaaMatch *m, gboolean mid_command, GError **error)
{
  guint counted = 0;

  FOR_UNITS (m, u)
    {
      counted++;
      if (u->def->strength < 1 || baa_unit_threshold (m, u) < 1)
        return invalid (error, "%s has no strength", u->def->id);
      if (u->status == BAA_UNIT_ACTIVE)
        {
          BaaUnit *here[4];
          if (!baa_hex_on_board (m, u->hex))
            return invalid (error, "%s is off the board while active", u->def->id);
          if (baa_hex_impassable (m, u->hex, u->def))
            return invalid (error, "%s stands on impassable ground at %s", u->def->id,
                            baa_hex_label (m, u->hex));
          if (baa_units_at (m, u->hex, 1 - u->side, here, 4) > 0)
            return invalid (error, "%s shares %s with an enemy unit", u->def->id, baa_hex_label (m, u->hex));
          if (baa_units_at (m, u->hex, u->side, here, 4) > 2)
            return invalid (error, "more than 2 units at %s", baa_hex_label (m, u->hex));
          if (u->rest_streak < 0 || u->rest_streak > 4 || u->flinches_this_round < 0)
            return invalid (error, "%s has a bad counter", u->def->id);
          if (u->nic && u->has_orders)
            return invalid (error, "%s is NIC and has orders", u->def->id);
        }
      else if (u->pinned || u->nic || u->on_train)
        return invalid (error, "%s carries markers off the board", u->def->id);
    }
  FOR_CDRS (m, c)
    {
      counted++;
      if (c->status == BAA_CDR_ACTIVE)
        {
          if (!baa_hex_on_board (m, c->hex) || baa_hex_impassable (m, c->hex, c->def))
            return invalid (error, "%s stands on impassable ground", c->def->id);
          if (baa_units_at (m, c->hex, 1 - c->side, NULL, 0) > 0 && m->pending.kind != BAA_DECISION_EVADE &&
              !(mid_command && m->captor && mu_hex_equal (m->captor->hex, c->hex)))
            return invalid (error, "%s shares %s with an enemy unit", c->def->id, baa_hex_label (m, c->hex));
        }
    }
  {
    guint expected = 0;
    for (guint i = 0; i < m->scenario->counters->len; i++)
      {
        const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);
        if (side_index (m, c->side) != BAA_NONE)
          expected++;
      }
    if (counted != expected)
      return invalid (error, "%u counters accounted for, %u in the order of battle", counted, expected);
  }
  for (int s = 0; s < BAA_SIDES; s++)
    {
      int gone = 0;
      FOR_UNITS (m, u)
        if (u->side == s && (u->status == BAA_UNIT_DISPERSED || u->status == BAA_UNIT_SURRENDERED))
          gone++;
      if (gone != m->dispersed_count[s])
        return invalid (error, "dispersal count of %s is %d, %d units are gone", m->side_id[s],
                        m->dispersed_count[s], gone);
    }
  if (m->phase < 0 || m->phase > 13 || m->bound > m->last_bound + 1)
    return invalid (error, "bad position: bound %d phase %d", m->bound, m->phase);
  return TRUE;
}

/* The kinds of event a baa-hex match emits (README.md, "--events"). */
static const MuEventKindInfo baa_event_kinds[] = {
  { "start", NULL }, { "bound", NULL }, { "round", NULL }, { "phase", NULL }, { "roll", NULL },
  { "orders", NULL }, { "marker", NULL }, { "unmarker", NULL }, { "assigned", NULL },
  { "direct-control", NULL }, { "move", NULL }, { "locked", NULL }, { "attack", NULL },
  { "hits", NULL }, { "dispersed", NULL }, { "flinch", NULL }, { "stands", NULL },
  { "surrender", NULL }, { "disabled", NULL }, { "captured", NULL }, { "evaded", NULL },
  { "removed", NULL }, { "breached", NULL }, { "hold", NULL }, { "claimed", NULL },
  { "reserve-arrived", NULL }, { "reserve-delayed", NULL }, { "entered", NULL }, { "rest", NULL },
  { "decision", NULL }, { "night", NULL }, { "victory", NULL }, { "end", NULL }, { "note", NULL },
};

const MuRuleset mu_ruleset_baa_hex = {
  .id = "baa-hex",
  .name = N_("Brothers at Arms (hex board)"),
  .board = MU_BOARD_HEX,
  .turns = &baa_turns,
  .options = baa_options,
  .n_options = G_N_ELEMENTS (baa_options),
  .verbs = baa_verbs,
  .n_verbs = G_N_ELEMENTS (baa_verbs),
  .event_kinds = baa_event_kinds,
  .n_event_kinds = G_N_ELEMENTS (baa_event_kinds),
  .fields = baa_fields,
  .n_fields = G_N_ELEMENTS (baa_fields),
  .markers = baa_markers,
  .n_markers = G_N_ELEMENTS (baa_markers),
  .statuses = baa_statuses,
  .n_statuses = G_N_ELEMENTS (baa_statuses),
  .check_scenario = baa_check_scenario,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .move_cost = move_cost,
  .apply = apply,
  .legal_commands = legal_commands,
  .legal_moves = legal_moves,
  .legal_actions = legal_actions,
  .legal_targets = legal_targets,
  .line_of_sight = line_of_sight,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_each_event = check_each_event,
  .outstanding = outstanding,
};

const char *
baa_unit_status_to_string (BaaUnitStatus s)
{
  return status_names[s];
}

const char *
baa_cdr_status_to_string (BaaCdrStatus s)
{
  return cdr_status_names[s];
}
