/* baa-table.c: Brothers at Arms converted for miniatures (rules digest
 * ../shared/rules/baa-table.md): described (turn, options, values, verbs),
 * not yet playable: its play functions are still to come. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"

#include <glib/gi18n.h>

/* §2: the twelve phases of a round, as on the hex board. */
static const MuStepInfo bat_phases[] = {
  { "control-range", N_("Control Range"), "BAT-CMD-3", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-roll", N_("Command Roll (formation commanders)"), "BAT-CMD-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-nic", N_("NIC Marker (formation commanders)"), "BAT-CMD-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-range", N_("Command Range"), "BAT-CMD-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-roll", N_("Command Roll (units)"), "BAT-CMD-6", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-nic", N_("NIC Marker (units)"), "BAT-CMD-7", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "move-units", N_("Move Units"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-commands", N_("Move Formation Commanders"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-controls", N_("Move Higher Commanders"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "fire", N_("Fire"), "BAT-FIRE-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "melee", N_("Melee"), "BAT-MEL-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "remove-markers", N_("Remove Markers"), "BAT-OBJ-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuStepInfo bat_sequences[] = {
  { "orders", N_("Orders"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases, 6 },
  { "movement", N_("Movement"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 6, 3 },
  { "attack", N_("Attack"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 9, 2 },
  { "removal", N_("Removal"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 11, 1 },
};

static const MuStepInfo bat_steps[] = {
  { "bound-start", N_("Reserves arrive; flank-march and encircling reserves roll to arrive"),
    "BAT-RES-1", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
  { "round", N_("Round"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    bat_sequences, G_N_ELEMENTS (bat_sequences) },
  { "bound-end", N_("Fatigue rest, victory check, the clock advances; subsequent-day procedure at night"),
    "BAT-DAY-1", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
};

static const char *const bat_sides[] = { "csa", "usa", NULL };

static const MuTurnStructure bat_turns = {
  .turn_name = N_("Bound"),
  .minutes_per_turn = 60,
  .side_order = MU_SIDE_ORDER_FIXED,
  .fixed_sides = bat_sides,
  .steps = bat_steps,
  .n_steps = G_N_ELEMENTS (bat_steps),
};

static const MuRuleOptionInfo bat_options[] = {
  { "bat.out-of-command-penalty", N_("Out-of-range attack penalty"),
    N_("A unit that passes its command roll out of range attacks at +1"), "BAT-CMD-6",
    MU_RULE_OPTIONAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.railroads", N_("Railroads"), N_("Reinforcements may ride the railroad"), "BAT-MOV-10",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.river-boats", N_("River boats"), N_("River boats move on rivers"), "BAT-MOV-11",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.fatigue", N_("Fatigue"), N_("Fatigued units attack at +1 until they rest"), "BAT-FAT-1",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.reserves", N_("Reserves"), N_("Scheduled reserves arrive during play"), "BAT-RES-1",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define COMMAND MU_FIELD_OF (MU_COUNTER_COMMAND)
#define CONTROL MU_FIELD_OF (MU_COUNTER_CONTROL)
static const char *const bat_formations[] = { "formed", "unformed", NULL };

/* §1.2-1.3: the counter's values, strength counted in bases. */
static const MuFieldInfo bat_fields[] = {
  { "leadership", N_("Leadership"), "BAT-CMD-1", MU_FIELD_INT, 1, 6, COMMAND | CONTROL, NULL,
    G_STRUCT_OFFSET (MuCounter, leadership) },
  { "division", N_("Division"), "BAT-CMD-1", MU_FIELD_INT, 1, 999, COMMAND, NULL,
    G_STRUCT_OFFSET (MuCounter, division) },
  { "range", N_("Range"), "BAT-GEN-2", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, range) },
  { "attack", N_("Attack"), "BAT-GEN-5", MU_FIELD_INT, 2, 6, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, attack) },
  { "strength", N_("Strength (bases)"), "BAT-GEN-4", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "formation", N_("Formation"), "BAT-MOV-6", MU_FIELD_ENUM, 0, 0, UNIT, bat_formations, -1 },
};
#undef UNIT
#undef COMMAND
#undef CONTROL

const MuRuleset mu_ruleset_baa_table = {
  .id = "baa-table",
  .name = N_("Brothers at Arms (miniatures)"),
  .board = MU_BOARD_TABLE,
  .turns = &bat_turns,
  .options = bat_options,
  .n_options = G_N_ELEMENTS (bat_options),
  .fields = bat_fields,
  .n_fields = G_N_ELEMENTS (bat_fields),
};
