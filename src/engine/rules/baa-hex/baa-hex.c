/* baa-hex.c: the Brothers at Arms (hex) ruleset: the table behind
 * mu-ruleset.h, its description (phases, fields, verbs, options, markers),
 * match set-up, the views of the state and the invariants. The bound/round/
 * phase sequence, orders and victory are in baa-sequence.c, commands in
 * baa-apply.c, the legal commands in baa-legal.c, movement in baa-move.c,
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

#include <glib/gi18n-lib.h>
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
/* the red shield and the crosshair printed on the counter */
static const char *const ability_pictures[] = { "shield", "crosshair", NULL };
static const char *const ability_tags[] = { N_("indomitable"), N_("sharpshooters"), NULL };
static const char *const baa_ability_names[] = { N_("Indomitable (red shield)"), N_("Sharpshooters (crosshair)"), NULL };

/* The counter values of BAA §1.2-1.4, with their ranges. */
static const MuFieldInfo baa_fields[] = {
  { "leadership", N_("Leadership"), "BAA-CMD-1", MU_FIELD_INT, 1, 6, COMMAND | CONTROL, NULL,
    -1, .attribute = TRUE, .initial = 2,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Leadership"),
    .range_reason = N_("it is both the command range in hexes and the d6 roll needed (BAA §1.3–1.4)"),
    .csv_column = 6,
    .row_word = NC_("order of battle row", "leadership") },
  { "division", N_("Division"), "BAA-CMD-1", MU_FIELD_INT, 1, 999, COMMAND, NULL,
    -1, .attribute = TRUE, .show = MU_FIELD_SHOW_FACE_TOP, .csv_column = 9,
    .row_word = NC_("order of battle row", "division") },
  { "range", N_("Range"), "BAA-FIRE-2", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Range"),
    .range_reason = N_("the counter's own hex never counts (BAA §1.2)"), .csv_column = 12 },
  { "attack", N_("Attack"), "BAA-FIRE-4", MU_FIELD_INT, 2, 6, UNIT, NULL,
    -1, .attribute = TRUE, .initial = 4,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Attack"),
    .range_reason = N_("it is the d6 score needed to hit (BAA §1.2)"), .csv_column = 13 },
  { "strength", N_("Strength"), "BAA-FIRE-7", MU_FIELD_INT, 1, MU_MAX_DICE, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength),
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Strength"),
    .range_reason = N_("it is both the number of attack dice and the hits that disperse the unit (BAA §1.2)") },
  /* the division a unit follows, 0 (written "star") for none; checked
   * against the commands by baa_common_check_divisions */
  { "identity", N_("Identity"), "BAA-CMD-1", MU_FIELD_INT, 0, 999, UNIT, NULL,
    -1, .attribute = TRUE, .zero_word = "star", .zero_name = N_("STAR"),
    .checked_by_ruleset = TRUE, .names = "division", .csv_column = 10 },
  { "arm", N_("Arm"), NULL, MU_FIELD_ENUM, 0, 0, UNIT, baa_arms, -1 },
  { "abilities", N_("Special abilities"), "BAA-FLN-8, BAA-CDR-5", MU_FIELD_FLAGS, 0, 0, UNIT, baa_abilities, -1,
    .attribute = TRUE, .value_names = baa_ability_names,
    .show = MU_FIELD_SHOW_FACE_MARK, .value_pictures = ability_pictures,
    .value_tags = ability_tags },
  /* the counters' switches (format 1 writes them as attributes) */
  { "star", N_("Star"), "BAA-CMD-1", MU_FIELD_FLAG, 0, 0, CONTROL, NULL, -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_FACE_MARK | MU_FIELD_SHOW_ROW_MARK, .picture = "star", .tag = "★" },
  { "exceptional", N_("Exceptional"), "BAA-CMD-8", MU_FIELD_FLAG, 0, 0, COMMAND, NULL, -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_FACE_MARK, .picture = "cross", .tag = "X",
    .row_word = NC_("order of battle row", "exceptional") },
  { "fatigued", N_("Fatigued"), "BAA-FAT-1", MU_FIELD_FLAG, 0, 0, UNIT, NULL, -1, .attribute = TRUE },
};

#undef UNIT
#undef COMMAND
#undef CONTROL

/* §1.4: the arms of the units, each as the format spells it; a river boat
 * behaves as artillery (BAA-SPC-4) but has its own picture. */
static const MuArmInfo baa_arm_infos[] = {
  { "infantry", N_("Infantry"), "BAA-MOV-1", MU_ARM_INFANTRY },
  { "cavalry", N_("Cavalry"), "BAA-MOV-1", MU_ARM_CAVALRY },
  { "artillery", N_("Artillery"), "BAA-MOV-1", MU_ARM_ARTILLERY },
  { "riverboat", N_("Riverboat"), "BAA-SPC-4", MU_ARM_RIVERBOAT },
};

/* The verbs of the command language (README.md, "Commands"). */
static const MuVerbInfo baa_verbs[] = {
  { "move", "UNIT POS...", "BAA-MOV-1", MU_VERB_MOVE, N_("needs a counter and at least one position"), N_("Move {UNIT} to {to}") },
  { "withdraw", "UNIT POS...", "BAA-MOV-12", MU_VERB_MOVE, N_("needs a counter and at least one position"), N_("Withdraw {UNIT} to {to}") },
  { "fire", "UNIT TARGET", "BAA-FIRE-1", MU_VERB_ATTACK, N_("needs exactly two ids"), N_("{UNIT} fires at {TARGET}") },
  { "fire-group", "TARGET UNIT...", "BAA-FIRE-10", MU_VERB_ATTACK, N_("needs a target and at least one unit"), N_("{UNIT} fire together at {TARGET}") },
  { "fire-commander", "UNIT COMMANDER", "BAA-CDR-4", MU_VERB_ATTACK, N_("needs exactly two ids"), N_("{UNIT} fires at the commander {COMMANDER}") },
  { "melee", "UNIT TARGET", "BAA-MEL-1", MU_VERB_ATTACK, N_("needs exactly two ids"), N_("{UNIT} attacks {TARGET} in melee") },
  { "melee-group", "TARGET UNIT...", "BAA-MEL-3", MU_VERB_ATTACK, N_("needs a target and at least one unit"), N_("{UNIT} attack {TARGET} in melee together") },
  { "breach", "UNIT HEX DIR", "BAA-FORT-3", MU_VERB_ATTACK, N_("needs a unit, a hex and a direction 0..5"), N_("{UNIT} fires at the fortification of {HEX}, side {DIR}") },
  { "breach-group", "HEX DIR UNIT...", "BAA-FORT-3", MU_VERB_ATTACK, N_("needs a hex, a direction 0..5 and at least one unit"), N_("{UNIT} fire together at the fortification of {HEX}, side {DIR}") },
  { "assign", "UNIT COMMANDER", "BAA-CMD-11", 0, N_("needs exactly two ids"), N_("Assign {UNIT} to {COMMANDER}") },
  { "direct", "CONTROL COMMAND", "BAA-CMD-10", 0, N_("needs exactly two ids"), N_("{CONTROL} takes {COMMAND} under direct control") },
  { "place", "COUNTER POS", "BAA-DAY-3", 0, N_("needs a counter and one position"), N_("Place {COUNTER} at {POS}") },
  { "march", "CONTROL COMMAND flank|rear", "BAA-DAY-4", 0, N_("needs CONTROL COMMAND flank|rear"), N_("{CONTROL} sends {COMMAND} on a {flank|rear} march") },
  { "reposition", "CONTROL COMMAND", "BAA-DAY-3", 0, N_("needs exactly two ids"), N_("{CONTROL} repositions {COMMAND}") },
  /* a pending decision: mostly where a unit flinches (BAA-FLN-6), also
   * where a commander evades (BAA-CDR-9) and readdressing lines (BAA-DAY-*) */
  { "choose", "ANSWER | UNIT HEX", "BAA-FLN-6", MU_VERB_ANSWER, N_("needs exactly one answer (or a counter and a hex)") },
  { "end-phase", NULL, "BAA-SEQ-2", MU_VERB_END_STEP, NULL, N_("End the phase") },
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
    MU_RULE_SPECIAL, TRUE },
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
    MU_MARKER_ON_COUNTER, 0xf2d23c, NULL, MU_MARKER_SUPPLY_LARGER_SIDE },
  { "pinned", N_("Pinned"), "BAA-FLN-5", "PIN",
    N_("Flinched: may not move or fire; removed in phase 12 of its side's next round (BAA-PIN-2)"),
    MU_MARKER_ON_COUNTER, 0xc8322c, "crossed-arrows", MU_MARKER_SUPPLY_PER_UNIT },
  { "fatigued", N_("Fatigued"), "BAA-FAT-1, BAA-NGT-4, BAA-RES-4", "FAT",
    N_("Attacks at +1 to its attack value; removed by rest (BAA-FAT-2)"), MU_MARKER_ON_COUNTER,
    0xe8893a, NULL, MU_MARKER_SUPPLY_PER_UNIT },
  { "on-train", N_("On a train"), "BAA-SPC-1", "RR",
    N_("Arrived by rail: may not move or attack until phase 7 of its next round"),
    MU_MARKER_ON_COUNTER, 0x4a5a6a, "locomotive", MU_MARKER_SUPPLY_PER_RAIL },
  { "orders", N_("Orders"), "BAA-CMD-2, BAA-CMD-3, BAA-CMD-5, BAA-CMD-6", "ORD",
    N_("Has orders this round: may move and fire"), MU_MARKER_ON_COUNTER, 0, NULL, 0 },
  { "stacked", N_("Stacked"), "BAA-STK-2", "STK",
    N_("Two units in one hex: unformed, neither may fire or melee while they stay"),
    MU_MARKER_ON_COUNTER, 0, NULL, 0 },
  { "unformed", N_("Unformed by terrain"), "BAA-TER-3", "UNF",
    N_("In a difficult, ford or bridge hex: attacks with one die less"), MU_MARKER_ON_COUNTER, 0, NULL, 0 },
  { "breached", N_("Breached"), "BAA-FORT-3", "BR",
    N_("A fortified hexside breached by artillery: its works give no cover; never removed"),
    MU_MARKER_ON_BOARD, 0x6b4a2a, "breach", MU_MARKER_SUPPLY_PER_FORTIFIED },
  { "disabled", N_("Disabled"), "BAA-CDR-3, BAA-CDR-4", "DIS",
    N_("Shows a disabled commander (its status): out of play"), MU_MARKER_ON_COUNTER, 0x2a2a2a, "cross", 0 },
  { "objective", N_("Objective"), "BAA-OBJ-2, BAA-OBJ-3", "OBJ",
    N_("Who owns an objective: placed on a claim, replaced by the other side's claim"),
    MU_MARKER_ON_BOARD, MU_MARKER_SIDE_COLOUR, "objective", MU_MARKER_SUPPLY_PER_OBJECTIVE },
  { "bound", N_("Bound"), "BAA-SEQ-5", "BND",
    N_("The turn track's marker: moves an hour a bound"), MU_MARKER_ON_BOARD, 0xf4f0e4, "clock",
    MU_MARKER_SUPPLY_ONE },
};

/* The statuses of baa-hex's views, indexes into baa_statuses: the words of
 * the --state line. */
typedef enum {
  BAA_STATUS_ACTIVE,
  BAA_STATUS_DISPERSED,
  BAA_STATUS_SURRENDERED,
  BAA_STATUS_RESERVE,        /* not arrived yet */
  BAA_STATUS_TACTICAL_MARCH,
  BAA_STATUS_DISABLED,
  BAA_STATUS_CAPTURED,
  BAA_STATUS_REMOVED,        /* commander removed with its last unit */
  BAA_STATUS_OFFBOARD,
  BAA_STATUS_N
} BaaStatus;

static const MuStatusInfo baa_statuses[BAA_STATUS_N] = {
  [BAA_STATUS_ACTIVE] = { "active", N_("On the board"), NULL, N_("In play on the board"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  [BAA_STATUS_DISPERSED] = { "dispersed", N_("Dispersed"), "BAA-FIRE-7",
    N_("Destroyed by hits reaching its strength; counts towards sudden death (BAA-VIC-3)"), NULL,
    MU_STATUS_LOST },
  [BAA_STATUS_SURRENDERED] = { "surrendered", N_("Surrendered"), "BAA-FLN-5",
    N_("Could not flinch and surrendered; counts as dispersed (BAA-AMB-15)"), NULL,
    MU_STATUS_LOST },
  [BAA_STATUS_RESERVE] = { "reserve", N_("In reserve"), "BAA-RES-1", N_("Not arrived yet"), NULL,
    0 },
  [BAA_STATUS_TACTICAL_MARCH] = { "tactical-march", N_("On a tactical march"), "BAA-RES-4",
    N_("Marching round to enter from a board edge"), NULL,
    MU_STATUS_SHOWN },
  [BAA_STATUS_DISABLED] = { "disabled", N_("Disabled"), "BAA-CDR-3, BAA-CDR-4, BAA-LOS-4",
    N_("A commander shot or caught in a dispersed unit's hex; out of play"), "disabled",
    MU_STATUS_SHOWN | MU_STATUS_LOST },
  [BAA_STATUS_CAPTURED] = { "captured", N_("Captured"), "BAA-CDR-9", N_("A commander taken by an enemy unit"), NULL,
    MU_STATUS_LOST },
  [BAA_STATUS_REMOVED] = { "removed", N_("Removed"), "BAA-CDR-2",
    N_("A command counter whose division's last unit has gone"), NULL,
    MU_STATUS_LOST },
  [BAA_STATUS_OFFBOARD] = { "offboard", N_("Off the board"), "BAA-VIC-4",
    N_("Left the board (an exit a task objective asks for) or not yet placed"), NULL,
    0 },
};

static const char *const status_names[] = { "active", "dispersed", "surrendered", "reserve", "tactical-march", "exited" };
static const char *const cdr_status_names[] = { "active", "disabled", "captured", "removed", "offboard" };

/* Helpers --------------------------------------------------------------------------- */

static gboolean
any_unit_with (const MuScenario *s, const char *ability)
{
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      if (c->kind == MU_COUNTER_UNIT && mu_counter_has_word (c, "abilities", ability))
        return TRUE;
    }
  return FALSE;
}

/* Special rules default to on when the scenario supplies their data (BAA
 * rule classes: "enabled per scenario"); an explicit option wins. */
static gboolean
option_default (const MuScenario *s, const char *key, gboolean *on)
{
  if (g_str_equal (key, "baa.railroads"))
    *on = baa_common_has_rail_reserve (s);
  else if (g_str_equal (key, "baa.river-boats"))
    /* BAA-SPC-4..5: a scenario that turns it off with one is refused
     * (baa-scenario.c) */
    *on = baa_common_has_river_boat (s);
  else if (g_str_equal (key, "baa.indomitable"))
    *on = any_unit_with (s, "indomitable");
  else if (g_str_equal (key, "baa.sharpshooters"))
    *on = any_unit_with (s, "sharpshooter");
  else if (g_str_equal (key, "baa.night"))
    *on = s->timeline.night_bounds && s->timeline.night_bounds->len > 0;
  else if (g_str_equal (key, "baa.reserves"))
    *on = s->reserves->len > 0;
  else if (g_str_equal (key, "baa.readdressing-lines"))
    *on = s->timeline.days > 1 && s->timeline.darkness_bound > 0;
  else
    return FALSE;
  return TRUE;
}

static gboolean
special (const MuScenario *s, const char *key)
{
  gboolean on = FALSE;

  option_default (s, key, &on);
  return mu_scenario_option (s, key, on);
}

static void
read_options (BaaMatch *m)
{
  const MuScenario *s = m->scenario;

  m->opt_cmd_penalty = mu_scenario_option (s, "baa.out-of-command-penalty", FALSE);
  m->opt_direct_control = mu_scenario_option (s, "baa.direct-control", FALSE);
  m->opt_withdrawing = mu_scenario_option (s, "baa.withdrawing", TRUE);
  m->opt_overwhelming = mu_scenario_option (s, "baa.overwhelming-fire", FALSE);
  m->opt_continued = mu_scenario_option (s, "baa.continued-play", FALSE);
  m->opt_railroads = special (s, "baa.railroads");
  m->opt_indomitable = special (s, "baa.indomitable");
  m->opt_sharpshooters = special (s, "baa.sharpshooters");
  m->opt_night = special (s, "baa.night");
  m->opt_fatigue = mu_scenario_option (s, "baa.fatigue", TRUE);
  m->opt_reserves = special (s, "baa.reserves");
  m->opt_days = special (s, "baa.readdressing-lines");
}

void
baa_phase_event (BaaMatch *m, GPtrArray *events)
{
  MuEvent *e = baa_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, NULL);

  mu_event_set_side (e, m->side_id[m->active]);
  e->value = m->phase;
  mu_event_set_text (e, baa_phases[m->phase - 1].id);
}

void
baa_marker_event (BaaMatch *m, GPtrArray *events, gboolean placed, const char *id,
                  const char *marker, const char *rule)
{
  MuEvent *e = baa_event (m, events, BAA_EV_MARKER (placed),
                          id, rule);
  mu_event_set_text (e, marker);
}

void
baa_orders_event (BaaMatch *m, GPtrArray *events, const char *id, const char *how, const char *rule)
{
  MuEvent *e = baa_event (m, events, &baa_ev_orders, id, rule);

  mu_event_set_text (e, how);
}

int
baa_night_mod (const BaaMatch *m)
{
  return m->night ? 1 : 0;   /* BAA-NGT-3 */
}


/* BAA-CMD-10, BAA-AMB-54: direct control by a control counter is in use for
 * a side when the option is on, and always for an army that has no command
 * counters. */
gboolean
baa_direct_control (const BaaMatch *m, int side)
{
  return m->opt_direct_control || m->no_command_counters[side];
}

BaaCommander *
baa_best_control (const BaaMatch *m, int side)
{
  BaaCommander *best = NULL;

  FOR_CDRS (m, c)
    if (c->is_control && c->side == side && c->status == BAA_CDR_ACTIVE &&
        (best == NULL || c->leadership > best->leadership))
      best = c;
  return best;
}

BaaCommander *
baa_division_command (const BaaMatch *m, int side, int division)
{
  FOR_CDRS (m, c)
    if (!c->is_control && c->side == side && c->division == division)
      return c;
  return NULL;
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
  g_free (m->cell_unit);
  g_free (m->unit_next);
  g_free (m->cell_cdr);
  g_free (m->cdr_next);
  g_free (m->unit_cell);
  g_free (m->unit_pinned_seen);
  g_clear_pointer (&m->occ_changed, g_array_unref);
  g_free (m->occ_listed);
  g_free (m->cdr_cell);
  g_free (m->move_cells);
  g_free (m->fort_sides);
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
  baa_day_free (m);
  g_free (m->event_failure);
  g_free (m);
}

int
baa_side_index (const BaaMatch *m, const char *side)
{
  for (int s = 0; s < BAA_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return BAA_NONE;
}

/* Whether any hexside or hex of the map is fortified: the only place breach
 * shots (BAA-FORT-3) can aim at. The map does not change during a match. */
static gboolean
map_has_fortification (const MuHexMap *map)
{
  gsize ncells = (gsize) map->grid.cols * map->grid.rows;
  gsize nsides = (gsize) (map->grid.cols + 2) * (map->grid.rows + 2) * 3;

  for (gsize i = 0; i < ncells; i++)
    if (map->cells[i].features & MU_HEX_FEATURE_FORTIFICATION)
      return TRUE;
  for (gsize i = 0; map->sides && i < nsides; i++)
    if (map->sides[i] & MU_SIDE_FORTIFICATION)
      return TRUE;
  return FALSE;
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
  m->any_fortification = map_has_fortification (m->map);

  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);
      int side = baa_side_index (m, c->side);
      gboolean placed = c->place.kind == MU_PLACE_HEX && baa_hex_on_board (m, c->place.hex);

      if (side == BAA_NONE)
        continue;   /* a third side plays no part in a two-sided game */
      if (c->kind == MU_COUNTER_UNIT)
        {
          BaaUnit *u = g_new0 (BaaUnit, 1);
          u->def = c;
          u->identity = mu_counter_get_int (c, "identity");
          u->index = m->units->len;
          u->side = side;
          u->hex = placed ? c->place.hex : MU_HEX_NONE;
          u->fatigued = mu_counter_get_flag (c, "fatigued") && m->opt_fatigue;
          u->range = mu_counter_get_int (c, "range");
          u->attack = mu_counter_get_int (c, "attack");
          u->indomitable = mu_counter_has_word (c, "abilities", "indomitable");
          u->sharpshooter = mu_counter_has_word (c, "abilities", "sharpshooter");
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
          k->exceptional = mu_counter_get_flag (c, "exceptional");
          k->leadership = mu_counter_get_int (c, "leadership");
          k->division = mu_counter_get_int (c, "division");
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
      o->owner = baa_side_index (m, d->owner);
      o->hold_side = BAA_NONE;
      g_ptr_array_add (m->objectives, o);
    }
  m->bound = scenario->timeline.first_bound > 0 ? scenario->timeline.first_bound : 1;
  m->last_bound = m->bound + MAX (scenario->timeline.bounds, 1) - 1;
  m->winner = BAA_NONE;
  m->reserve_step_side = BAA_NONE;
  m->phase = BAA_PHASE_BOUND_START;
  m->occ_dirty = TRUE;
  baa_event (m, events, mu_event_kind_info (MU_EVENT_MATCH_START), "baa-hex", NULL);
  baa_enter_phase (m, events);
  baa_advance (m, events);
  return m;
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return baa_match_copy (state, dice);
}

static gboolean
line_of_sight (gpointer state, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  return baa_line_of_sight (state, counter, to, sight, error);
}

static void
position (gpointer state, MuPosition *p)
{
  BaaMatch *m = state;

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->phase;
  p->side = (m->phase >= 1 && m->phase <= 12) ? m->side_id[m->active]
          : (m->phase == 0 && m->reserve_step_side != BAA_NONE) ? m->side_id[m->reserve_step_side]
          : NULL;
  p->phase_id = m->phase == 0 ? "bound-start" : m->phase == 13 ? "bound-end"
              : baa_phases[m->phase - 1].id;
  p->minutes = mu_rules_bound_minutes (&m->scenario->timeline, m->bound);
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
  m->decision_view.question = d->shown;
  m->decision_view.answers = d->answers ? (const char *const *) d->answers->pdata : NULL;
  return &m->decision_view;
}

static GArray *
counters (gpointer state)
{
  BaaMatch *m = state;

  if (m->counter_views == NULL)
    m->counter_views = mu_counter_view_array_new ();
  g_array_set_size (m->counter_views, 0);
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
          static const BaaStatus map[] = {
            BAA_STATUS_ACTIVE, BAA_STATUS_DISPERSED, BAA_STATUS_SURRENDERED,
            BAA_STATUS_RESERVE, BAA_STATUS_TACTICAL_MARCH, BAA_STATUS_OFFBOARD };
          v.status = &baa_statuses[map[u->status]];
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
          static const BaaStatus map[] = {
            BAA_STATUS_ACTIVE, BAA_STATUS_DISABLED, BAA_STATUS_CAPTURED,
            BAA_STATUS_REMOVED, BAA_STATUS_OFFBOARD };
          v.status = &baa_statuses[map[c->status]];
          if (c->status == BAA_CDR_OFFBOARD && c->reserve)
            v.status = &baa_statuses[BAA_STATUS_RESERVE];
          v.pos.hex = c->hex;
          if (c->nic) g_string_append (mk, ",nic");
          if (c->has_orders) g_string_append (mk, ",orders");
        }
      if (u && u->has_orders)
        g_string_append (mk, ",orders");
      v.markers = g_strdup (mk->len ? mk->str + 1 : "");
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

  baa_score (m, score);
  mu_rules_result (r, m->side_id, score, m->finished, m->winner, m->victory_level,
                     m->victory_diff);
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  BaaMatch *m = state;

  if (m->event_failure)
    return mu_rules_invalid (error, "%s", m->event_failure);
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
        return mu_rules_invalid (error, "%s has no strength", u->def->id);
      if (u->status == BAA_UNIT_ACTIVE)
        {
          BaaUnit *here[4];
          if (!baa_hex_on_board (m, u->hex))
            return mu_rules_invalid (error, "%s is off the board while active", u->def->id);
          if (baa_hex_impassable (m, u->hex, u->def))
            return mu_rules_invalid (error, "%s stands on impassable ground at %s", u->def->id,
                            baa_hex_label (m, u->hex));
          if (baa_units_at (m, u->hex, 1 - u->side, here, 4) > 0)
            return mu_rules_invalid (error, "%s shares %s with an enemy unit", u->def->id, baa_hex_label (m, u->hex));
          if (baa_units_at (m, u->hex, u->side, here, 4) > 2)
            return mu_rules_invalid (error, "more than 2 units at %s", baa_hex_label (m, u->hex));
          if (u->rest_streak < 0 || u->rest_streak > 4 || u->flinches_this_round < 0)
            return mu_rules_invalid (error, "%s has a bad counter", u->def->id);
          if (u->nic && u->has_orders)
            return mu_rules_invalid (error, "%s is NIC and has orders", u->def->id);
        }
      else if (u->pinned || u->nic || u->on_train)
        return mu_rules_invalid (error, "%s carries markers off the board", u->def->id);
    }
  FOR_CDRS (m, c)
    {
      counted++;
      if (c->status == BAA_CDR_ACTIVE)
        {
          if (!baa_hex_on_board (m, c->hex) || baa_hex_impassable (m, c->hex, c->def))
            return mu_rules_invalid (error, "%s stands on impassable ground", c->def->id);
          if (baa_units_at (m, c->hex, 1 - c->side, NULL, 0) > 0 && m->pending.kind != BAA_DECISION_EVADE &&
              !(mid_command && m->captor && mu_hex_equal (m->captor->hex, c->hex)))
            return mu_rules_invalid (error, "%s shares %s with an enemy unit", c->def->id, baa_hex_label (m, c->hex));
        }
    }
  {
    guint expected = 0;
    for (guint i = 0; i < m->scenario->counters->len; i++)
      {
        const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);
        if (baa_side_index (m, c->side) != BAA_NONE)
          expected++;
      }
    if (counted != expected)
      return mu_rules_invalid (error, "%u counters accounted for, %u in the order of battle", counted, expected);
  }
  for (int s = 0; s < BAA_SIDES; s++)
    {
      int gone = 0;
      FOR_UNITS (m, u)
        if (u->side == s && (u->status == BAA_UNIT_DISPERSED || u->status == BAA_UNIT_SURRENDERED))
          gone++;
      if (gone != m->dispersed_count[s])
        return mu_rules_invalid (error, "dispersal count of %s is %d, %d units are gone", m->side_id[s],
                        m->dispersed_count[s], gone);
    }
  if (m->phase < 0 || m->phase > 13 || m->bound > m->last_bound + 1)
    return mu_rules_invalid (error, "bad position: bound %d phase %d", m->bound, m->phase);
  return TRUE;
}

/* The kinds of event a baa-hex match emits beyond the engine's own
 * (README.md, "--events"); declared in rules/common/baa-events.c. */
static const MuEventKindInfo *const baa_event_kinds[] = {
  &baa_ev_orders, &baa_ev_marker, &baa_ev_unmarker, &baa_ev_assigned, &baa_ev_direct_control,
  &baa_ev_move, &baa_ev_locked, &baa_ev_attack, &baa_ev_hits, &baa_ev_dispersed, &baa_ev_flinch,
  &baa_ev_stands, &baa_ev_surrender, &baa_ev_disabled, &baa_ev_captured, &baa_ev_evaded,
  &baa_ev_removed, &baa_ev_breached, &baa_ev_hold, &baa_ev_claimed, &baa_ev_reserve_arrived,
  &baa_ev_reserve_delayed, &baa_ev_entered, &baa_ev_rest, &baa_ev_night,
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
  .arms = baa_arm_infos,
  .n_arms = G_N_ELEMENTS (baa_arm_infos),
  .markers = baa_markers,
  .n_markers = G_N_ELEMENTS (baa_markers),
  .statuses = baa_statuses,
  .n_statuses = BAA_STATUS_N,
  .check_scenario = baa_check_scenario,
  .option_default = option_default,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .move_cost = baa_hex_move_cost,
  .apply = baa_hex_apply,
  .legal_commands = baa_hex_legal_commands,
  .legal_moves = baa_hex_legal_moves,
  .legal_actions = baa_hex_legal_actions,
  .legal_targets = baa_hex_legal_targets,
  .policy_hint = baa_day_policy_hint,
  .line_of_sight = line_of_sight,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_each_event = check_each_event,
  .outstanding = baa_hex_outstanding,
  .command_radius = baa_hex_command_radius,
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
