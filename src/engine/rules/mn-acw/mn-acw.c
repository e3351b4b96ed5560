/* mn-acw.c: the ACW variant of Morale Napoleon (rules digest
 * ../shared/rules/mn-acw.md): described (turn, options, values), not yet
 * playable: its play functions are still to come. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"

#include <glib/gi18n-lib.h>

/* MN-CHG, MN-MEL: procedures a move or a contact starts. */
static const MuStepInfo mn_melee[] = {
  { "totals", N_("Melee totals"), "MN-MEL-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "outcome", N_("Outcome"), "MN-MEL-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "casualties", N_("Casualties"), "MN-MEL-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "retreat", N_("Retreat and advance"), "MN-MEL-6", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
};

static const MuStepInfo mn_player_turn[] = {
  { "activation", N_("Activation dice"), "MN-ACT-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "move", N_("Move"), "MN-MOV-2", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "charge", N_("Charge"), "MN-CHG-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PROCEDURE, NULL, 0 },
  { "battle", N_("Battle"), "MN-MEL-1", MU_STEP_ACTIVE_SIDE, 0, mn_melee, G_N_ELEMENTS (mn_melee) },
};

static const MuStepInfo mn_steps[] = {
  { "initiative", N_("Initiative"), "MN-INI-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "player-turn", N_("Player turn"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    mn_player_turn, G_N_ELEMENTS (mn_player_turn) },
  { "end", N_("End of turn"), NULL, MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuResourceInfo mn_resources[] = {
  { "activation", N_("Activations"), "MN-ACT-1", MU_RESOURCE_PER_SIDE, 0, G_MAXINT },
};

static const MuTurnStructure mn_turns = {
  .turn_name = N_("Turn"),
  .minutes_per_turn = 0,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = mn_steps,
  .n_steps = G_N_ELEMENTS (mn_steps),
  .resources = mn_resources,
  .n_resources = G_N_ELEMENTS (mn_resources),
};

static const MuRuleOptionInfo mn_options[] = {
  { "mn.activation-dice", N_("Activation dice"),
    N_("The d6 each player rolls for activations: 2, 3 in large scenarios, 4 in very large ones"),
    "MN-ACT-1", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 2, 4, 2, NULL },
  { "mn.bua-defence", N_("Built-up area defence"),
    N_("The defending value of built-up areas"), "MN-TER-1", MU_RULE_SPECIAL, FALSE,
    MU_OPTION_NUMBER, 1, 6, 3, NULL },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define LEADER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
static const char *const mn_formations[] = { "line", "column", NULL };
static const char *const mn_types[] = { "inf", "cav", "foot-art", "horse-art", NULL };
static const char *const mn_levels[] = { "division", "corps", "army", NULL };

/* §1.1-1.2: a unit's type and bases (its stand count, laid out on the
 * table), a leader's level. */
static const MuFieldInfo mn_fields[] = {
  { "type", N_("Type"), "MN-MOV-4", MU_FIELD_ENUM, 0, 0, UNIT, mn_types, -1 },
  { "bases", N_("Bases"), "MN-UNIT-1", MU_FIELD_INT, 0, 99, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "formation", N_("Formation"), "MN-UNIT-1", MU_FIELD_ENUM, 0, 0, UNIT, mn_formations, -1 },
  { "level", N_("Leader level"), "MN-MOV-3", MU_FIELD_ENUM, 0, 0, LEADER, mn_levels, -1 },
};
#undef UNIT
#undef LEADER

const MuRuleset mu_ruleset_mn_acw = {
  .id = "mn-acw",
  .name = N_("Morale Napoleon, ACW variant"),
  .board = MU_BOARD_TABLE,
  .turns = &mn_turns,
  .options = mn_options,
  .n_options = G_N_ELEMENTS (mn_options),
  .fields = mn_fields,
  .n_fields = G_N_ELEMENTS (mn_fields),
};
