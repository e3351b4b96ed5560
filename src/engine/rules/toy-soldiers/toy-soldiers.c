/* toy-soldiers.c: the Toy Soldiers battalion rules (rules digest
 * ../shared/rules/toy-soldiers.md): described (turn, resources, values),
 * not yet playable: its play functions are still to come. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"

#include <glib/gi18n-lib.h>

/* TS-CHG, TS-CR, TS-MEL: the charge sequence, then contact resolution and
 * melee, started by a charge declaration; the opponent reacts inside it. */
static const MuStepInfo ts_charge[] = {
  { "declaration", N_("Declaration"), "TS-CHG-0", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "stage-12", N_("12\" stage"), "TS-CHG-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "stage-6", N_("6\" stage"), "TS-CHG-5", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "stage-2", N_("2\" stage"), "TS-CHG-9", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "contact", N_("Contact resolution"), "TS-CR-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "melee", N_("Melee"), "TS-MEL-3", MU_STEP_AUTOMATIC, MU_STEP_REPEATED, NULL, 0 },
};

static const MuStepInfo ts_player_turn[] = {
  { "commander", N_("Commander action"), "TS-CDR-1", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "units", N_("Unit actions"), "TS-ACT-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "charge", N_("Charge"), "TS-CHG-0", MU_STEP_ACTIVE_SIDE, MU_STEP_PROCEDURE,
    ts_charge, G_N_ELEMENTS (ts_charge) },
  { "end", N_("End of player turn"), "TS-ELAN-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuStepInfo ts_steps[] = {
  { "initiative", N_("Initiative roll"), "TS-INI-2", MU_STEP_AUTOMATIC, MU_STEP_CONDITIONAL, NULL, 0 },
  { "player-turn", N_("Player turn"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    ts_player_turn, G_N_ELEMENTS (ts_player_turn) },
  { "end", N_("End of game turn"), "TS-SMK-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuResourceInfo ts_resources[] = {
  { "elan", N_("Élan"), "TS-ELAN-1", MU_RESOURCE_PER_SIDE, G_MININT, G_MAXINT },
  { "chaos", N_("Chaos"), "TS-STATE-3", MU_RESOURCE_PER_COMMANDER, 1, 6 },
};

static const MuTurnStructure ts_turns = {
  .turn_name = N_("Game turn"),
  .minutes_per_turn = 0,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = ts_steps,
  .n_steps = G_N_ELEMENTS (ts_steps),
  .resources = ts_resources,
  .n_resources = G_N_ELEMENTS (ts_resources),
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define COMMANDER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
static const char *const ts_weapons[] = { "musket", "carbine", "rifle", "reg-art", NULL };
static const char *const ts_roles[] = { "attacker", "defender", NULL };
static const char *const ts_side_flags[] = { "time-limit", "at-all-costs", "well-trained", "veterans", NULL };
static const char *const ts_types[] = { "line-inf", "light-inf", "cav", "art", NULL };

/* §1.1, §1.3 */
static const MuFieldInfo ts_fields[] = {
  { "role", N_("Role"), "TS-SEL-2", MU_FIELD_ENUM, 0, 0, MU_FIELD_OF_SIDE, ts_roles, -1 },
  { "flags", N_("Side flags"), "TS-SEL-3", MU_FIELD_FLAGS, 0, 0, MU_FIELD_OF_SIDE, ts_side_flags, -1 },
  { "elan", N_("Élan"), "TS-ELAN-1", MU_FIELD_INT, 0, 99, MU_FIELD_OF_SIDE, NULL, -1 },
  { "type", N_("Type"), "TS-INF-1", MU_FIELD_ENUM, 0, 0, UNIT, ts_types, -1 },
  { "stands", N_("Stands"), "TS-STATE-5", MU_FIELD_INT, 0, 6, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "weapon", N_("Weapon"), "TS-RCV-3", MU_FIELD_ENUM, 0, 0, UNIT, ts_weapons, -1 },
  { "disorder", N_("Disorder"), "TS-STATE-1", MU_FIELD_INT, 1, 6, UNIT, NULL, -1 },
  { "stress", N_("Stress"), "TS-STATE-2", MU_FIELD_INT, 0, 6, UNIT, NULL, -1 },
  { "chaos", N_("Command chaos"), "TS-STATE-3", MU_FIELD_INT, 1, 6, COMMANDER, NULL, -1 },
};
#undef UNIT
#undef COMMANDER

static const MuRuleOptionInfo ts_options[] = {
  { "ts.time-limit", N_("Time limit"), N_("The game ends after the scenario's number of game turns"),
    "TS-END-3", MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
};

const MuRuleset mu_ruleset_toy_soldiers = {
  .id = "toy-soldiers",
  .name = N_("Toy Soldiers"),
  .board = MU_BOARD_TABLE,
  .turns = &ts_turns,
  .options = ts_options,
  .n_options = G_N_ELEMENTS (ts_options),
  .fields = ts_fields,
  .n_fields = G_N_ELEMENTS (ts_fields),
};
