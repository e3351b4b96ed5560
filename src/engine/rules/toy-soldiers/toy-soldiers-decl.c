/* toy-soldiers-decl.c: what toy-soldiers declares about its pieces and its
 * language: counter fields, formations and their shapes, markers,
 * statuses, verbs and event kinds. Kept in one file so that adapting them
 * to the engine's declared pieces is done in one place. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include <glib/gi18n-lib.h>

/* TS-AMB-38: ranks filled from the front, left to right; the files are
 * table formation-files' (the numbers here are its digest values, and the
 * layout reads them from these shapes); a square has every direction as
 * its front (TS-AMB-40). */
const MuFormationShape ts_formation_shapes[TS_FORM_N] = {
  { "line", 0, 0.0, 1, FALSE, N_("Line") },
  { "column-of-divisions", 2, 0.0, 0, FALSE, N_("Column of divisions") },
  { "column-of-companies", 1, 0.0, 0, FALSE, N_("Column of companies") },
  { "square", 2, 0.0, 0, TRUE, N_("Square") },
  { "column", 1, 0.0, 0, FALSE, N_("Column") },
  { "unlimbered", 0, 0.0, 1, FALSE, N_("Unlimbered") },
  { "limbered", 1, 0.0, 0, FALSE, N_("Limbered") },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define COMMANDER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
static const char *const ts_weapons[] = { "musket", "carbine", "rifle", "reg-art", NULL };
static const char *const ts_roles[] = { "attacker", "defender", NULL };
static const char *const ts_side_flags[] = { "time-limit", "at-all-costs", "well-trained", "veterans", NULL };
static const char *const ts_types[] = { "line-inf", "light-inf", "cav", "art", NULL };
static const char *const ts_formations[] = {
  "line", "column-of-divisions", "column-of-companies", "square", "column", "unlimbered", "limbered", NULL
};

/* §1.1-1.3, TS-AMB-88 */
const MuFieldInfo ts_fields[] = {
  { "role", N_("Role"), "TS-SEL-2", MU_FIELD_ENUM, 0, 0, MU_FIELD_OF_SIDE, ts_roles, -1 },
  { "flags", N_("Side flags"), "TS-SEL-3", MU_FIELD_FLAGS, 0, 0, MU_FIELD_OF_SIDE, ts_side_flags, -1 },
  { "elan", N_("Élan"), "TS-ELAN-1", MU_FIELD_INT, 0, 99, MU_FIELD_OF_SIDE, NULL, -1 },
  { "type", N_("Type"), "TS-INF-1", MU_FIELD_ENUM, 0, 0, UNIT, ts_types, -1 },
  { "stands", N_("Stands"), "TS-STATE-5", MU_FIELD_INT, 0, 6, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "weapon", N_("Weapon"), "TS-RCV-3", MU_FIELD_ENUM, 0, 0, UNIT, ts_weapons, -1 },
  { "formation", N_("Formation"), "TS-AMB-39", MU_FIELD_ENUM, 0, 0, UNIT, ts_formations, -1 },
  { "disorder", N_("Disorder"), "TS-STATE-1", MU_FIELD_INT, 1, 6, UNIT, NULL, -1, 0, 0,
    MU_FIELD_SHOW_SUMMARY },
  { "stress", N_("Stress"), "TS-STATE-2", MU_FIELD_INT, 0, 6, UNIT, NULL, -1, 0, 0,
    MU_FIELD_SHOW_SUMMARY },
  { "chaos", N_("Command chaos"), "TS-STATE-3", MU_FIELD_INT, 1, 6, COMMANDER, NULL, -1, 0, 0,
    MU_FIELD_SHOW_SUMMARY, N_("Chaos") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_fields) == TS_N_FIELDS);
#undef UNIT
#undef COMMANDER

/* The --state line's markers: the two state dice of every unit and the
 * chaos die of every commander are always shown (players keep the dice
 * beside their units); the rest are conditions a tooltip tells. */
/* TS-STATE-2: stress is the red die (disorder the white, the default face) */
#define TS_RED_DIE 0xc0392b

const MuMarkerInfo ts_markers[] = {
  { "disorder-1", N_("Disorder 1"), "TS-STATE-1", "D1",
    N_("The white die: disorder 1 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disorder-2", N_("Disorder 2"), "TS-STATE-1", "D2",
    N_("The white die: disorder 2 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disorder-3", N_("Disorder 3"), "TS-STATE-1", "D3",
    N_("The white die: disorder 3 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disorder-4", N_("Disorder 4"), "TS-STATE-1", "D4",
    N_("The white die: disorder 4 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disorder-5", N_("Disorder 5"), "TS-STATE-1", "D5",
    N_("The white die: disorder 5 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disorder-6", N_("Disorder 6"), "TS-STATE-1", "D6",
    N_("The white die: disorder 6 (1 well ordered, 6 disorganised)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-0", N_("Stress 0"), "TS-STATE-2", "S0",
    N_("The red die: stress 0; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-1", N_("Stress 1"), "TS-STATE-2", "S1",
    N_("The red die: stress 1; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-2", N_("Stress 2"), "TS-STATE-2", "S2",
    N_("The red die: stress 2; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-3", N_("Stress 3"), "TS-STATE-2", "S3",
    N_("The red die: stress 3; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-4", N_("Stress 4"), "TS-STATE-2", "S4",
    N_("The red die: stress 4; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-5", N_("Stress 5"), "TS-STATE-2", "S5",
    N_("The red die: stress 5; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "stress-6", N_("Stress 6"), "TS-STATE-2", "S6",
    N_("The red die: stress 6; stress gained at 6 costs a stand"),
    MU_MARKER_ON_COUNTER, TS_RED_DIE, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-1", N_("Chaos 1"), "TS-STATE-3", "C1",
    N_("The command chaos die: 1 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-2", N_("Chaos 2"), "TS-STATE-3", "C2",
    N_("The command chaos die: 2 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-3", N_("Chaos 3"), "TS-STATE-3", "C3",
    N_("The command chaos die: 3 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-4", N_("Chaos 4"), "TS-STATE-3", "C4",
    N_("The command chaos die: 4 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-5", N_("Chaos 5"), "TS-STATE-3", "C5",
    N_("The command chaos die: 5 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "chaos-6", N_("Chaos 6"), "TS-STATE-3", "C6",
    N_("The command chaos die: 6 (1 well coordinated, 6 no control)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "acted", N_("Acted"), "TS-ACT-1, TS-CDR-1", "ACT",
    N_("Took its action this player-turn (a commander: his commander action)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "hasty", N_("Hasty reorder"), "TS-ACT-3, TS-AMB-87", "HR",
    N_("Took its Hasty Reorder this player-turn"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "limbers-back", N_("Limbers sent back"), "TS-ART-2, TS-AMB-41", "LB",
    N_("The battery's limbers are sent back: it may not limber until they are brought forward"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "fired-on", N_("Fired on"), "TS-RCV-1, TS-AMB-83", "FO",
    N_("Received an effective enemy volley this game turn"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "smoke", N_("In smoke"), "TS-SMK-1, TS-AMB-59", "SMK",
    N_("A smoke marker's 2\" reaches the unit: +1 on its receiving rolls"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "aware", N_("Aware"), "TS-CDR-6, TS-INI-2", "AW",
    N_("Passed Battlefield Awareness: adds 1d6 to his side's next initiative roll"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "target", N_("Charge target"), "TS-REO-2, TS-AMB-62", "TGT",
    N_("The target of a charge, until its resolution ends: -1 on its reorder die"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_markers) == TS_N_MARKERS);

const MuStatusInfo ts_statuses[] = {
  { "active", N_("On the table"), NULL, N_("In play on the table"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  { "dispersed", N_("Dispersed"), "TS-STATE-5, TS-AMB-53, TS-AMB-55",
    N_("Lost its last stand (its command stand), or left the table"), NULL, MU_STATUS_LOST },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_statuses) == TS_N_STATUSES);

/* The words of its syntax that a command's sentence shows
 * (mu_match_describe_command reads them in this context), marked here
 * for the catalogue; never read. */
G_GNUC_UNUSED static const char *const command_words[] = {
  /* Translators: a whole battalion's garrison, its command stand too:
   * "u1 garrisons barn (companies: 1, with the command stand)" */
  NC_("command word", "command"),
};

/* The commands of the digest's "Commands and decisions this ruleset
 * needs" built so far (NOTES.md in this folder). */
const MuVerbInfo ts_verbs[] = {
  { "attach", "COMMANDER UNIT", "TS-CDR-2", 0, N_("needs a commander and a unit of his"),
    N_("Attach {COMMANDER} to {UNIT}") },
  { "ride", "COMMANDER POS...", "TS-CDR-3", MU_VERB_MOVE, N_("needs a commander and the points of his ride"),
    N_("{COMMANDER} rides") },
  { "consolidate", "COMMANDER [POS...]", "TS-CDR-4", 0,
    N_("needs a commander, then optionally the points of his move"), N_("{COMMANDER} consolidates command") },
  { "inspire", "COMMANDER POS...", "TS-CDR-5", MU_VERB_MOVE,
    N_("needs a commander and the points of his move toward the enemy"), N_("{COMMANDER} inspires with heroics") },
  { "aware", "COMMANDER [POS...]", "TS-CDR-6", 0,
    N_("needs a commander, then optionally the points of his move"), N_("{COMMANDER} takes battlefield awareness") },
  { "rally", "COMMANDER UNIT [POS...]", "TS-CDR-7", 0,
    N_("needs a commander and a unit, then optionally the points of his move"), N_("{COMMANDER} rallies {UNIT}") },
  { "berate", "COMMANDER", "TS-CDR-8", 0, N_("needs a commander"), N_("{COMMANDER} berates and cajoles") },
  { "reform", "COMMANDER UNIT POS FORMATION roll|elan", "TS-CDR-9", 0,
    N_("needs a commander, a dispersed battalion, its pose, its formation and roll or elan"),
    N_("{COMMANDER} reforms {UNIT}") },
  { "hasty", "UNIT", "TS-ACT-3", 0, N_("needs a unit"), N_("{UNIT} takes a hasty reorder") },
  { "reorder", "UNIT", "TS-REO-1", 0, N_("needs a unit"), N_("{UNIT} reorders") },
  { "fire", "UNIT TARGET [limbers]", "TS-FIRE-1, TS-AMB-43", MU_VERB_ATTACK,
    N_("needs a unit and its target, then optionally limbers"), N_("{UNIT} fires at {TARGET}") },
  { "adjust", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its steps"),
    N_("{UNIT} adjusts") },
  { "ease-forward", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its steps"),
    N_("{UNIT} eases forward") },
  { "forward", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its steps"),
    N_("{UNIT} moves forward") },
  { "hurry-forward", "UNIT STEP...", "TS-INF-1, TS-AMB-15", MU_VERB_MOVE, N_("needs a unit and its step"),
    N_("{UNIT} hurries forward") },
  { "fall-back", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its step"),
    N_("{UNIT} falls back") },
  { "retreat", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its step"),
    N_("{UNIT} retreats") },
  { "angle", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its steps"),
    N_("{UNIT} angles") },
  { "side", "UNIT STEP...", "TS-INF-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a unit and its step"),
    N_("{UNIT} moves to the side") },
  { "prolong", "UNIT STEP...", "TS-ART-1, TS-AMB-48", MU_VERB_MOVE, N_("needs a battery and its steps"),
    N_("{UNIT} prolongs") },
  { "form", "UNIT FORMATION POS", "TS-INF-2, TS-AMB-49", MU_VERB_MOVE,
    N_("needs a unit, a formation and the command stand's pose"), N_("{UNIT} forms {FORMATION}") },
  { "charge", "UNIT TARGET POS", "TS-CHG-0", MU_VERB_ATTACK,
    N_("needs a unit, its target and its contact pose"), N_("{UNIT} charges {TARGET}") },
  { "skirmish", "UNIT POS", "TS-SKM-2, TS-AMB-81", MU_VERB_MOVE,
    N_("needs a unit and the skirmish stand's place"), N_("{UNIT} deploys skirmishers") },
  { "recall", "UNIT", "TS-SKM-2, TS-AMB-81", MU_VERB_MOVE, N_("needs a unit"), N_("{UNIT} recalls skirmishers") },
  { "place", "UNIT N POS", "TS-SKM-3, TS-AMB-81", MU_VERB_MOVE,
    N_("needs a unit, its skirmish stand's number and its new place"), N_("{UNIT} places skirmishers") },
  { "garrison", "UNIT AREA N [command]", "TS-VIL-1, TS-AMB-85", MU_VERB_MOVE,
    N_("needs a battalion, a village block and the number of companies, then optionally command"),
    N_("{UNIT} garrisons {AREA} (companies: {N}[, with the {command} stand])") },
  { "leave", "AREA [POS]", "TS-VIL-3, TS-AMB-85", MU_VERB_MOVE,
    N_("needs a village block, then the command stand's pose when it was inside"),
    N_("The garrison leaves {AREA}") },
  { "choose", "ANSWER | POS", "TS-AMB-63", MU_VERB_ANSWER, N_("needs exactly one answer or table point") },
  /* the charge sequence (3.20): the attacker's, then the defender's reactions */
  { "launch", NULL, "TS-CHG-0, TS-AMB-64", MU_VERB_LISTED, NULL, N_("The declared charge goes in") },
  { "abort", "UNIT...", "TS-CHG-4, TS-CHG-7", 0, N_("needs the charging units that abort"),
    N_("{UNIT} aborts its charge") },
  { "react-fire", "UNIT TARGET [limbers]", "TS-CHG-3, TS-CHG-6", MU_VERB_ATTACK | MU_VERB_REACTION,
    N_("needs the firing unit and a charger, then optionally limbers"), N_("{UNIT} fires at {TARGET}") },
  { "react-form", "UNIT FORMATION POS", "TS-CHG-3, TS-CHG-6, TS-AMB-49", MU_VERB_MOVE | MU_VERB_REACTION,
    N_("needs a unit, a formation and the command stand's pose"), N_("{UNIT} forms {FORMATION}") },
  { "react-reorder", "UNIT", "TS-CHG-3, TS-CHG-6", MU_VERB_REACTION, N_("needs a unit"),
    N_("{UNIT} reorders") },
  { "counter-charge", "UNIT CHARGER POS", "TS-CHG-6, TS-AMB-66", MU_VERB_ATTACK | MU_VERB_REACTION,
    N_("needs a unit, the charger it counter-charges and its contact pose"),
    N_("{UNIT} counter-charges {CHARGER}") },
  { "abandon-guns", "BATTERY INFANTRY", "TS-CHG-6, TS-AMB-69", MU_VERB_REACTION,
    N_("needs a battery and the infantry its gunners shelter with"),
    N_("{BATTERY}'s gunners shelter with {INFANTRY}") },
  { "end-phase", NULL, "TS-CDR-1, TS-ACT-1", MU_VERB_END_STEP | MU_VERB_REACTION, NULL, N_("End the step") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_verbs) == TS_N_VERBS);

#define F(x) MU_EVENT_FIELD_##x

/* TS-ACT-2: the action types (TsAction's order), their words in the
 * action event's line and in commands, and their names as people read
 * them (the log's action sentence, the tracker's types spent). */
static const MuEventWordInfo action_words[] = {
  { "reorder", N_("reorder") },
  { "fire", N_("fire") },
  { "adjust", N_("adjust") },
  { "ease-forward", N_("ease forward") },
  { "forward", N_("forward") },
  { "hurry-forward", N_("hurry forward") },
  { "fall-back", N_("fall back") },
  { "retreat", N_("retreat") },
  { "form", N_("change formation") },
  { "angle", N_("angle") },
  { "side", N_("move to side") },
  { "prolong", N_("prolong") },
  { "charge", N_("charge") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (action_words) == TS_ACT_N);

const MuEventKindInfo ts_ev_action = {
  "action", N_("Action"), N_("a unit takes an action of a type (TS-ACT-1, TS-ACT-2)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  /* Translators: {text-name} is the action type's name ("ease forward") */
  N_("{subject} takes the action “{text-name}”"), NULL, 0, MU_N_PLURAL ("{n} action", "{n} actions"),
  action_words, TS_ACT_N,
};
const MuEventKindInfo ts_ev_chaos = {
  "chaos", N_("Command chaos"), N_("a commander's chaos die changes (TS-STATE-3, TS-STATE-4)"),
  F (SUBJECT) | F (TEXT) | F (VALUE), "now", MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject}'s chaos {text}, now {value}"), NULL, 0, MU_N_PLURAL ("{n} chaos change", "{n} chaos changes"),
};
const MuEventKindInfo ts_ev_elan = {
  "elan", N_("Élan"), N_("a side's élan changes (TS-ELAN)"),
  F (SUBJECT) | F (TEXT) | F (VALUE), "now", MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject}'s élan {text}, now {value}"), NULL, 0, MU_N_PLURAL ("{n} élan change", "{n} élan changes"),
};
const MuEventKindInfo ts_ev_disorder = {
  "disorder", N_("Disorder"), N_("a unit's disorder die changes (TS-STATE-1)"),
  F (SUBJECT) | F (TEXT) | F (VALUE), "now", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject}'s disorder {text}, now {value}"), NULL, 0, MU_N_PLURAL ("{n} disorder change", "{n} disorder changes"),
};
const MuEventKindInfo ts_ev_stress = {
  "stress", N_("Stress"), N_("a unit's stress die changes (TS-STATE-2); the object is the village block of a garrison's (TS-VIL-2)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (VALUE), "now", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject}'s stress {text:#1}, now {value}[, {text:over} above 6 paid in stands]"), NULL, 0,
  MU_N_PLURAL ("{n} stress change", "{n} stress changes"),
};
const MuEventKindInfo ts_ev_lost = {
  "lost", N_("Stand lost"), N_("a unit loses a stand to its lost pool (TS-STATE-2, TS-STATE-5); the object is the village block a garrison's company left (TS-AMB-85)"),
  F (SUBJECT) | F (OBJECT) | F (VALUE), "stands", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} loses a stand, {value} left"), NULL, 0, MU_N_PLURAL ("{n} stand lost", "{n} stands lost"),
};
const MuEventKindInfo ts_ev_dispersed = {
  "dispersed", N_("Dispersed"), N_("a unit loses its command stand or leaves the table (TS-STATE-5)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is dispersed"), NULL, 0, MU_N_PLURAL ("{n} unit dispersed", "{n} units dispersed"),
};
const MuEventKindInfo ts_ev_move = {
  "move", N_("Move"), N_("a unit or commander moves (TS-INF-1, TS-AMB-48, TS-AMB-57)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} moves ({text}) from {from}[ to {to}| off the table]"), NULL, 0, MU_N_PLURAL ("{n} move", "{n} moves"),
};
const MuEventKindInfo ts_ev_formation = {
  "formation", N_("Formation"), N_("a unit changes formation about its command stand (TS-INF-2, TS-AMB-49)"),
  F (SUBJECT) | F (TEXT) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} forms {text}"), NULL, 0, MU_N_PLURAL ("{n} formation change", "{n} formation changes"),
};
const MuEventKindInfo ts_ev_smoke = {
  "smoke", N_("Smoke"), N_("a firing stand leaves smoke 2\" ahead (TS-FIRE-5, TS-AMB-59)"),
  F (SUBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, MU_EVENT_KIND_QUIET,
  N_("{subject} leaves smoke at {at}"), NULL, 0, MU_N_PLURAL ("{n} smoke marker", "{n} smoke markers"),
};
const MuEventKindInfo ts_ev_smoke_gone = {
  "smoke-gone", N_("Smoke clears"), N_("smoke markers are removed (TS-SMK-2, TS-REO-1, TS-AMB-59)"),
  F (SUBJECT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, MU_EVENT_KIND_QUIET,
  N_("{value} smoke markers clear"), NULL, 0, MU_N_PLURAL ("{n} smoke clearing", "{n} smoke clearings"),
};
const MuEventKindInfo ts_ev_rout = {
  "rout", N_("Rout"), N_("a unit routs 18\" to the rear (TS-GEN-7, TS-AMB-53)"),
  F (SUBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} routs from {from}[ to {to}| off the table]"), NULL, 0, MU_N_PLURAL ("{n} rout", "{n} routs"),
};
const MuEventKindInfo ts_ev_threat = {
  "threat", N_("Threat"), N_("an acting unit puts 1 stress on an enemy it threatens (TS-THR)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{object} threatens {subject}"), NULL, 0, MU_N_PLURAL ("{n} threat", "{n} threats"),
};
const MuEventKindInfo ts_ev_commander_hit = {
  "commander-hit", N_("Commander hit"), N_("a commander is hit by fire (TS-FIRE-6, TS-CDR-10)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is hit by fire from {object}"), NULL, 0, MU_N_PLURAL ("{n} commander hit", "{n} commanders hit"),
};
const MuEventKindInfo ts_ev_initiative = {
  "initiative", N_("Initiative"), N_("the side holding the initiative this game turn (TS-INI-1, TS-INI-2)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_TURN, 0,
  N_("{subject} holds the initiative"), NULL, 0, MU_N_PLURAL ("{n} initiative", "{n} initiatives"),
};
const MuEventKindInfo ts_ev_attach = {
  "attach", N_("Commander attached"), N_("a commander attaches to a unit (TS-CDR-2, TS-AMB-57)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} attaches to {text}"), NULL, 0, MU_N_PLURAL ("{n} attachment", "{n} attachments"),
};
const MuEventKindInfo ts_ev_detach = {
  "detach", N_("Commander detached"), N_("a commander leaves his unit (TS-AMB-57)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} leaves {text}"), NULL, 0, MU_N_PLURAL ("{n} detachment", "{n} detachments"),
};
const MuEventKindInfo ts_ev_aware = {
  "aware", N_("Aware"), N_("a commander passes Battlefield Awareness (TS-CDR-6)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} is aware of the battlefield"), NULL, 0, MU_N_PLURAL ("{n} aware commander", "{n} aware commanders"),
};
const MuEventKindInfo ts_ev_rallied = {
  "rallied", N_("Rallied"), N_("a stand returns from the lost pool (TS-CDR-7)"),
  F (SUBJECT) | F (VALUE), "stands", MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} rallies a stand, now {value}"), NULL, 0, MU_N_PLURAL ("{n} stand rallied", "{n} stands rallied"),
};
const MuEventKindInfo ts_ev_limbers = {
  "limbers", N_("Limbers"), N_("a battery's limbers are sent back or brought forward (TS-ART-2, TS-AMB-41)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject}'s limbers: {text}"), NULL, 0, MU_N_PLURAL ("{n} limber change", "{n} limber changes"),
};
const MuEventKindInfo ts_ev_withdraw = {
  "withdraw", N_("Withdrawal"), N_("a reordering unit withdraws by its stress left (TS-REO-3, TS-AMB-52)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} withdraws {text} from {from}[ to {to}| off the table]"), NULL, 0, MU_N_PLURAL ("{n} withdrawal", "{n} withdrawals"),
};
const MuEventKindInfo ts_ev_hasty = {
  "hasty", N_("Hasty reorder"), N_("a well-trained unit removes 1 disorder for 1 chaos (TS-ACT-3)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} takes a hasty reorder"), NULL, 0, MU_N_PLURAL ("{n} hasty reorder", "{n} hasty reorders"),
};

const MuEventKindInfo ts_ev_garrison = {
  "garrison", N_("Garrison"), N_("companies enter or leave a village block (TS-VIL-1, TS-VIL-3, TS-AMB-85)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (VALUE), "companies", MU_EVENT_CLASS_MOVEMENT, 0,
  /* the line's stable "enter" or "leave" chooses the whole verb, so that
   * each language says it in its own words and number */
  MU_N_PLURAL ("{subject}: {value} company [{text=enter}enters|leaves] {object}",
               "{subject}: {value} companies [{text=enter}enter|leave] {object}"), F (VALUE),
  MU_N_PLURAL ("{n} garrison change", "{n} garrison changes"),
};
const MuEventKindInfo ts_ev_skirmish = {
  "skirmish", N_("Skirmishers"), N_("a skirmish stand is deployed, placed or recalled (TS-SKM-2, TS-AMB-81)"),
  F (SUBJECT) | F (TEXT) | F (AT), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject}'s skirmishers: {text}"), NULL, 0, MU_N_PLURAL ("{n} skirmisher change", "{n} skirmisher changes"),
};

const MuEventKindInfo ts_ev_reformed = {
  "reformed", N_("Battalion reformed"), N_("a dispersed battalion returns with its command stand (TS-CDR-9)"),
  F (SUBJECT) | F (TO), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} is reformed at {to}"), NULL, 0, MU_N_PLURAL ("{n} battalion reformed", "{n} battalions reformed"),
};

const MuEventKindInfo ts_ev_charge = {
  "charge", N_("Charge declared"), N_("a unit is declared to charge a target, to its contact pose (TS-CHG-0, TS-AMB-64)"),
  F (SUBJECT) | F (TEXT) | F (TO), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} is ordered to charge {text:vs}"), NULL, 0, MU_N_PLURAL ("{n} charge declared", "{n} charges declared"),
};
const MuEventKindInfo ts_ev_disparity = {
  "disparity", N_("Force disparity"), N_("the units each side counts in a charge (TS-CHG-2a, TS-AMB-68)"),
  F (TEXT) | F (VALUE), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("Force disparity: {text:@1} {text:#1} against {text:@2} {text:#2} — the smaller force takes {value} more stress"),
  NULL, 0, MU_N_PLURAL ("{n} disparity", "{n} disparities"),
};
const MuEventKindInfo ts_ev_abandon = {
  "abandon-guns", N_("Guns abandoned"), N_("a battery's gunners shelter with infantry, or return (TS-CHG-6e, TS-AMB-69)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("[{subject}'s gunners shelter with {text:to}|{subject}'s gunners return to their guns]"), NULL, 0, MU_N_PLURAL ("{n} battery abandoned", "{n} batteries abandoned"),
};
const MuEventKindInfo ts_ev_melee = {
  "melee", N_("Melee"), N_("a pair of contact resolution goes to melee (TS-CR-9, TS-MEL)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} and {text:vs} melee"), NULL, 0, MU_N_PLURAL ("{n} melee", "{n} melees"),
};

#undef F

const MuEventKindInfo *const ts_event_kinds[] = {
  &ts_ev_action, &ts_ev_chaos, &ts_ev_elan, &ts_ev_disorder, &ts_ev_stress, &ts_ev_lost,
  &ts_ev_dispersed, &ts_ev_move, &ts_ev_formation, &ts_ev_smoke, &ts_ev_rout, &ts_ev_threat,
  &ts_ev_commander_hit, &ts_ev_initiative, &ts_ev_attach, &ts_ev_detach, &ts_ev_aware,
  &ts_ev_rallied, &ts_ev_limbers, &ts_ev_withdraw, &ts_ev_hasty, &ts_ev_smoke_gone, &ts_ev_skirmish,
  &ts_ev_reformed, &ts_ev_garrison, &ts_ev_charge, &ts_ev_disparity, &ts_ev_abandon, &ts_ev_melee,
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_event_kinds) == TS_N_EVENT_KINDS);

/* The words of its event texts as the log reads them (a move's "how",
 * a unit's gunners): the stable words are terse and hyphenated. */
const MuEventWordInfo ts_event_words[] = {
  { "ease-forward", N_("easing forward") },
  { "hurry-forward", N_("hurrying forward") },
  { "fall-back", N_("falling back") },
  { "charge-12", N_("charging to 12 inches") },
  { "charge-6", N_("charging to 6 inches") },
  { "charge-2", N_("charging to 2 inches") },
  { "counter-charge", N_("counter-charging") },
  { "contact", N_("closing to contact") },
  { "cr-advance", N_("advancing to contact") },
  { "cr-fall-back", N_("falling back from contact") },
  { "cr-withdraw", N_("withdrawing from contact") },
  { "cr-retreat", N_("retreating from contact") },
  { "advance", N_("advancing") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_event_words) == TS_N_EVENT_WORDS);

/* The answers of its decisions as players read them (MuDecision
 * answer_labels): the stable words name the rule's options tersely, a
 * button should say what the unit does. Keyed by the decision's id, since
 * a word ("none", "stay") means something else in another question. */
static const struct {
  const char *decision;
  const char *answer;
  const char *label;
} ts_answer_labels[] = {
  { "cr-abort", "stay", N_("Stay in the charge") },
  { "cr-abort", "halt", N_("Halt") },
  { "cr-abort", "halt-fire", N_("Halt and fire a ragged volley") },
  { "cr-disengage", "stay", N_("Stay") },
  { "cr-disengage", "fall-back", N_("Fall back") },
  { "cr-disengage", "fire-fall-back", N_("Fire a ragged volley, then fall back") },
  { "cr-withdraw", "no", N_("Do not withdraw") },
  { "way", "back", N_("Straight back") },
  { "way", "away", N_("Directly away from the enemy") },
  { "cr-reroll", "command", N_("Reroll the command die") },
  { "cr-reroll", "disorder", N_("Reroll the disorder die") },
  { "cr-reroll", "stress", N_("Reroll the stress die") },
  { "cr-reroll", "none", N_("Keep the dice") },
  { "melee", "fight", N_("Fight on") },
  { "melee", "rout", N_("Rout") },
  { "obstruction", "disorder", N_("Take 1 more disorder") },
  { "obstruction", "stress", N_("Take 1 more stress") },
  { "volley", "none", N_("Hold fire") },
};

GPtrArray *
ts_answer_labels_for (const char *decision, const char *const *answers)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  gboolean any = FALSE;

  if (decision == NULL || answers == NULL)
    return NULL;
  for (guint i = 0; answers[i]; i++)
    {
      const char *label = NULL;

      for (guint k = 0; k < G_N_ELEMENTS (ts_answer_labels) && label == NULL; k++)
        if (g_str_equal (ts_answer_labels[k].decision, decision) &&
            g_str_equal (ts_answer_labels[k].answer, answers[i]))
          label = _(ts_answer_labels[k].label);
      any |= label != NULL;
      g_ptr_array_add (labels, (gpointer) label);
    }
  return any ? g_steal_pointer (&labels) : NULL;
}

/* The purposes of its rolls as the log reads them: a fire and the receiving
 * roll name their range band (table R, TS-RCV-3), which the stable word
 * only numbers. */
const MuRollPurposeInfo ts_roll_purposes[] = {
  { "fire-band1", N_("fire at close range (band 1)") },
  { "fire-band2", N_("fire at medium range (band 2)") },
  { "fire-band3", N_("fire at long range (band 3)") },
  { "fire-band4", N_("fire at ineffective range (band 4)") },
  { "receive-band1", N_("receiving fire at close range (band 1)") },
  { "receive-band2", N_("receiving fire at medium range (band 2)") },
  { "receive-band3", N_("receiving fire at long range (band 3)") },
  { "receive-band4", N_("receiving fire at ineffective range (band 4)") },
  { "initiative", N_("initiative") },
  { "aware", N_("battlefield awareness") },
  { "consolidate", N_("consolidate command") },
  { "reform", N_("reform a battalion") },
  { "reform-stress", N_("stress of the reformed battalion") },
  { "commander-contact", N_("lone commander contacted") },
  { "commander-risk", N_("commander with a routing unit") },
  { "sharp-shooting", N_("sharp-shooting") },
  { "skirmish", N_("skirmish") },
  { "passage", N_("passage of lines") },
  { "rally", N_("rally") },
  { "reorder", N_("reorder") },
  { "balk", N_("balking (a charger's stress test)") },
  { "abandon-guns", N_("gunners fleeing to infantry") },
  { "cr-command", N_("contact resolution: command test") },
  { "cr-disorder", N_("contact resolution: disorder test") },
  { "cr-stress", N_("contact resolution: stress test") },
  { "cr-reroll", N_("contact resolution: the attached commander's reroll") },
  { "rout-stress", N_("stress of a rout in contact resolution") },
  { "melee", N_("melee: stress test") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (ts_roll_purposes) == TS_N_ROLL_PURPOSES);

/* Words ---------------------------------------------------------------------------- */

const char *
ts_form_id (TsForm form)
{
  return ts_formation_shapes[form].id;
}

gboolean
ts_form_parse (const char *id, TsForm *form)
{
  for (int i = 0; i < TS_FORM_N; i++)
    if (g_strcmp0 (id, ts_formation_shapes[i].id) == 0)
      {
        *form = i;
        return TRUE;
      }
  return FALSE;
}

const char *
ts_action_id (TsAction a)
{
  return action_words[a].word;
}

const char *
ts_action_name (TsAction a)
{
  return action_words[a].name;
}

gboolean
ts_action_parse (const char *id, TsAction *a)
{
  for (int i = 0; i < TS_ACT_N; i++)
    if (g_strcmp0 (id, action_words[i].word) == 0)
      {
        *a = i;
        return TRUE;
      }
  return FALSE;
}

const char *
ts_unit_name (const TsUnit *u)
{
  return u->def->name && *u->def->name ? u->def->name : u->def->id;
}

const char *
ts_side_name (const TsMatch *m, int side)
{
  const MuSide *s = mu_scenario_find_side (m->scenario, m->side_id[side]);

  return s && s->name && *s->name ? s->name : m->side_id[side];
}

const char *
ts_block_name (const TsBlock *b)
{
  return b->area->name && *b->area->name ? b->area->name : b->area->id;
}
