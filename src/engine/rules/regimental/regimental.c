/* regimental.c: the regimental ACW quick-reference rules (rules digest
 * ../shared/rules/regimental.md): described (turn, options, values, verbs),
 * not yet playable: its play functions are still to come. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"

#include <glib/gi18n-lib.h>

/* QRS-CHG: the charge procedure step 6 runs for each charging unit. */
static const MuStepInfo qrs_charge[] = {
  { "declaration", N_("Declaration"), "QRS-CHG-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "bonus", N_("Charge bonus and disorder point"), "QRS-CHG-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "defensive-volley", N_("Defensive volley point"), "QRS-CHG-3", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "impact", N_("Impact"), "QRS-CHG-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "volleys", N_("Volleys after impact"), "QRS-CHG-7", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "melee", N_("Melee"), "QRS-CHG-8", MU_STEP_AUTOMATIC, MU_STEP_REPEATED, NULL, 0 },
};

/* §2: ten steps; both sides act in each, the side that won this turn's
 * roll first (TAB-20); orders are secret and revealed together. */
static const MuStepInfo qrs_steps[] = {
  { "orders", N_("Mark orders"), "QRS-ORD-1", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "rout", N_("Move routed units"), "QRS-MOV-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "rally", N_("Rally"), "QRS-MOR-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "replacement", N_("Replacement"), "QRS-REP-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "reveal", N_("Reveal orders"), "QRS-ORD-3", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "first-fire", N_("First fires"), "QRS-FIRE-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "disengage", N_("Disengage"), "QRS-MOV-4", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "charges", N_("Charges"), "QRS-CHG-1", MU_STEP_EACH_SIDE, MU_STEP_PER_COUNTER,
    qrs_charge, G_N_ELEMENTS (qrs_charge) },
  { "movement", N_("Normal movement"), "QRS-MOV-2", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "moving-fire", N_("Moving fires"), "QRS-FIRE-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "officers", N_("Officer casualties"), "QRS-OFF-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "end", N_("End of turn"), NULL, MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuTurnStructure qrs_turns = {
  .turn_name = N_("Turn"),
  .minutes_per_turn = 20,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = qrs_steps,
  .n_steps = G_N_ELEMENTS (qrs_steps),
};

static const MuRuleOptionInfo qrs_options[] = {
  { "qrs.alternative-charge", N_("Alternative charge resolution"),
    N_("P. J. O'Neill's alternative replaces charge steps 5 and 6"), "QRS-ALT-1",
    MU_RULE_OPTIONAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "qrs.combat-dice", N_("Combat dice"), N_("Dice rolled for a fire combat (MISSING-2)"),
    "QRS-FIRE-2", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 1, 6, 2, NULL },
  { "qrs.figures-per-stand", N_("Figures per stand"),
    N_("Losses of the alternative table counted in figures; 1 when figures are not tracked"),
    "QRS-AMB-26", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 1, 99, 1, NULL },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define OFFICER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
/* Tables F1 and F2 (QRS-FIRE-3); rows cut off the sheet are MISSING-6. */
static const char *const qrs_weapons[] = {
  "smoothbore-musket", "ml-carbine", "bl-carbine", "mixed-musket", "flintlock-musket",
  "sharpshooter-rifle", "pistol", "shotgun",
  "10pdr-parrott", "6pdr-gun", "20pdr-parrott", "mixed-guns", "12pdr-howitzer", "24pdr-howitzer",
  "12pdr-whitworth", NULL,
};
static const char *const qrs_levels[] = { "regiment", "brigade", NULL };
static const char *const qrs_quality[] = { "elite", "veteran", "green", "militia", NULL };
static const char *const qrs_morale[] = { "good", "shaken", "routed", "picked-up", NULL };
static const char *const qrs_orders[] = { "H", "FM", "FR", "C", "CH", "M", "D", NULL };
static const char *const qrs_formations[] = {
  "single-line", "extended-line", "double-line", "attack-column", "skirmish-line", "march-column",
  "column", "dismounted", "limbered", "unlimbered", NULL,
};

static const MuFieldInfo qrs_fields[] = {
  { "quality", N_("Quality"), "QRS-MOR-1", MU_FIELD_ENUM, 0, 0, UNIT, qrs_quality, -1 },
  { "morale", N_("Morale"), "QRS-MOR-3", MU_FIELD_ENUM, 0, 0, UNIT, qrs_morale, -1 },
  { "order", N_("Order"), "QRS-ORD-1", MU_FIELD_ENUM, 0, 0, UNIT, qrs_orders, -1 },
  { "formation", N_("Formation"), "QRS-MOV-2", MU_FIELD_ENUM, 0, 0, UNIT, qrs_formations, -1 },
  { "stands", N_("Stands"), "QRS-FIRE-8", MU_FIELD_INT, 1, 99, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "stands-lost", N_("Stands lost"), "QRS-FIRE-2", MU_FIELD_INT, 0, G_MAXINT, UNIT, NULL, -1 },
  { "weapon", N_("Weapon"), "QRS-FIRE-3", MU_FIELD_ENUM, 0, 0, UNIT, qrs_weapons, -1 },
  { "rating", N_("Officer rating"), "QRS-MOR-2", MU_FIELD_INT, 1, 3, OFFICER, NULL, -1 },
  { "level", N_("Officer level"), "QRS-OFF-1", MU_FIELD_ENUM, 0, 0, OFFICER, qrs_levels, -1 },
};
#undef UNIT
#undef OFFICER

static const MuVerbInfo qrs_verbs[] = {
  { "order", "UNIT H|FM|FR|C|CH|M|D [TARGET]", "QRS-ORD-1", MU_VERB_HIDDEN },
};

const MuRuleset mu_ruleset_regimental = {
  .id = "regimental",
  .name = N_("Regimental quick-reference rules"),
  .board = MU_BOARD_TABLE,
  .turns = &qrs_turns,
  .options = qrs_options,
  .n_options = G_N_ELEMENTS (qrs_options),
  .verbs = qrs_verbs,
  .n_verbs = G_N_ELEMENTS (qrs_verbs),
  .fields = qrs_fields,
  .n_fields = G_N_ELEMENTS (qrs_fields),
};
