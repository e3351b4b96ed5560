/* regimental-decl.c: what the regimental ruleset declares about its pieces
 * and its language: counter fields, formations and their shapes, markers,
 * statuses, verbs and event kinds, and their words. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include <glib/gi18n-lib.h>

/* QRS-AMB-58: one rank touching (single lines, unlimbered guns); one rank
 * 1" apart (extended line, dismounted cavalry) and 2" apart (skirmish
 * lines); two ranks (double lines); two files (attack column); one file
 * (march column, cavalry column, limbered guns). A gap is counted in
 * frontages, so the 1" and 2" intervals hold for the 1" frontage of 15 mm
 * infantry bases; other basings scale them with the base (a product
 * choice until the layout takes intervals in table units). */
const MuFormationShape qrs_formation_shapes[QRS_FORM_N] = {
  { "single-line", 0, 0.0, 1, FALSE, N_("Single line") },
  { "extended-line", 0, 1.0, 1, FALSE, N_("Extended line") },
  { "double-line", 0, 0.0, 2, FALSE, N_("Double line") },
  { "attack-column", 2, 0.0, 0, FALSE, N_("Attack column") },
  { "skirmish-line", 0, 2.0, 1, FALSE, N_("Skirmish line") },
  { "march-column", 1, 0.0, 0, FALSE, N_("March column") },
  { "column", 1, 0.0, 0, FALSE, N_("Column") },
  { "dismounted", 0, 1.0, 1, FALSE, N_("Dismounted") },
  { "limbered", 1, 0.0, 0, FALSE, N_("Limbered") },
  { "unlimbered", 0, 0.0, 1, FALSE, N_("Unlimbered") },
};

/* Tables F1 and F2 (QRS-FIRE-3), then the rows cut off the sheet that
 * QRS-AMB-32 names (their numbers are MISSING-6). */
const char *const qrs_weapon_ids[] = {
  "smoothbore-musket", "ml-carbine", "bl-carbine", "mixed-musket", "flintlock-musket",
  "sharpshooter-rifle", "pistol", "shotgun",
  "10pdr-parrott", "6pdr-gun", "20pdr-parrott", "mixed-guns", "12pdr-howitzer", "24pdr-howitzer",
  "12pdr-whitworth", "rifled-musket", "repeating-rifle", "12pdr-napoleon", NULL,
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define OFFICER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
static const char *const qrs_levels[] = { "regiment", "brigade", NULL };
static const char *const qrs_quality[] = { "elite", "veteran", "green", "militia", NULL };
static const char *const qrs_morale[] = { "good", "shaken", "routed", "picked-up", NULL };
/* The orders: the sheet's code (QRS-ORD-2), which commands, the event line
 * and the field keep, and the name people read, as their markers are
 * named. One list, so that the field, the log and the codes agree. */
#define QRS_ORDERS(X) \
  X ("H", N_("Hold")) X ("FM", N_("Form")) X ("FR", N_("First fire")) X ("C", N_("Charge")) \
  X ("CH", N_("Conditional hold")) X ("M", N_("Move")) X ("D", N_("Disengage"))
#define QRS_ORDER_CODE(code, name) code,
#define QRS_ORDER_NAME(code, name) name,
#define QRS_ORDER_WORD(code, name) { code, name },
static const char *const qrs_orders[] = { QRS_ORDERS (QRS_ORDER_CODE) NULL };
static const char *const qrs_order_names[] = { QRS_ORDERS (QRS_ORDER_NAME) NULL };
static const char *const qrs_formations[] = {
  "single-line", "extended-line", "double-line", "attack-column", "skirmish-line", "march-column",
  "column", "dismounted", "limbered", "unlimbered", NULL,
};

/* §1.1, §1.2, QRS-AMB-85: what a scenario gives a unit and an officer. */
const MuFieldInfo qrs_fields[] = {
  { "quality", N_("Quality"), "QRS-MOR-1", MU_FIELD_ENUM, 0, 0, UNIT, qrs_quality, -1 },
  { "morale", N_("Morale"), "QRS-MOR-3", MU_FIELD_ENUM, 0, 0, UNIT, qrs_morale, -1 },
  { "order", N_("Order"), "QRS-ORD-1", MU_FIELD_ENUM, 0, 0, UNIT, qrs_orders, -1,
    .value_names = qrs_order_names },
  { "formation", N_("Formation"), "QRS-MOV-2", MU_FIELD_ENUM, 0, 0, UNIT, qrs_formations, -1 },
  { "stands", N_("Stands"), "QRS-FIRE-8", MU_FIELD_INT, 1, 99, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "stands-lost", N_("Stands lost"), "QRS-FIRE-2", MU_FIELD_INT, 0, G_MAXINT, UNIT, NULL, -1 },
  { "weapon", N_("Weapon"), "QRS-FIRE-3, QRS-AMB-32", MU_FIELD_ENUM, 0, 0, UNIT, qrs_weapon_ids, -1 },
  { "rating", N_("Officer rating"), "QRS-MOR-2", MU_FIELD_INT, 1, 3, OFFICER, NULL, -1 },
  { "level", N_("Officer level"), "QRS-OFF-1, QRS-AMB-80", MU_FIELD_ENUM, 0, 0, OFFICER, qrs_levels, -1 },
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_fields) == QRS_N_FIELDS);
#undef UNIT
#undef OFFICER

/* The --state line's markers. The order markers are the players' own on
 * a table: drawn, face down (`ordered`) until revealed (TAB-19). */
const MuMarkerInfo qrs_markers[] = {
  { "ordered", N_("Order given"), "QRS-ORD-1", "?",
    N_("An order marker lies face down until step 3 reveals it"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-h", N_("Hold"), "QRS-ORD-2, QRS-AMB-1", "H",
    N_("Does not move, except to refuse a flank; may fire once from step 4 to step 8"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-fm", N_("Form"), "QRS-ORD-2, QRS-AMB-59", "FM",
    N_("Changes formation in step 7; +2 impact if charged"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-fr", N_("First fire"), "QRS-ORD-2, QRS-FIRE-1", "FR",
    N_("Fires in step 4 and does not move"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-c", N_("Charge"), "QRS-ORD-3, QRS-CHG-1", "C",
    N_("Names its target at step 3 and charges in step 6"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-ch", N_("Conditional hold"), "QRS-AMB-42", "CH",
    N_("Holds until released into its written order; +2 impact if charged"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-m", N_("Move"), "QRS-ORD-2, QRS-AMB-1", "M",
    N_("Moves in step 7 and may fire in step 8"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "order-d", N_("Disengage"), "QRS-MOV-4", "D",
    N_("Retires in step 5, facing away and disordered"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "shaken", N_("Shaken"), "QRS-MOR-3", "SH",
    N_("Failed a morale check: +2 to its morale point until it rallies (yellow marker)"),
    MU_MARKER_ON_COUNTER, 0xf2d21b, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "routed", N_("Routed"), "QRS-MOR-3", "R",
    N_("Failed again: +4 to its morale point, no orders, rout moves until it rallies (red marker)"),
    MU_MARKER_ON_COUNTER, 0xd03030, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "disordered", N_("Disordered"), "QRS-CHG-2, QRS-AMB-59", "DIS",
    N_("+1 to morale checks from fire, slower movement; forming clears it"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "low-ammo", N_("Low on ammunition"), "QRS-FIRE-7, QRS-AMB-34", "AMMO",
    N_("Every fire die showed the test's faces; a replacement roll in step 2c refills it"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "fired", N_("Fired"), "QRS-AMB-23, QRS-AMB-41", "F",
    N_("Has fired this turn"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "melee", N_("In melee"), "QRS-CHG-8, QRS-AMB-73", "MEL",
    N_("In contact with an enemy unit: a melee round at the end of step 8 until one is picked up"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "minor", N_("Minor wound"), "QRS-OFF-2, QRS-AMB-81", "W1",
    N_("An officer with a minor wound: no benefits for the next turn"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "serious", N_("Serious wound"), "QRS-OFF-2, QRS-AMB-81", "W2",
    N_("An officer with a serious wound: no benefits for the next two turns"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_markers) == QRS_N_MARKERS);

const MuStatusInfo qrs_statuses[] = {
  { "active", N_("On the table"), NULL, N_("In play on the table"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  { "dispersed", N_("Picked up"), "QRS-AMB-74, QRS-AMB-18",
    N_("Lost its last stand, was picked up, or left the table"), NULL, MU_STATUS_LOST },
  { "removed", N_("Removed"), "QRS-OFF-2, QRS-AMB-22",
    N_("An officer severely or mortally wounded or killed, until a replacement arrives"), NULL,
    MU_STATUS_LOST },
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_statuses) == QRS_N_STATUSES);

/* The commands built so far of the digest's "Commands and decisions this
 * ruleset needs" (NOTES.md lists them with what is still to come). */
const MuVerbInfo qrs_verbs[] = {
  { "order", "UNIT H|FM|FR|C|CH|M|D [FR|D|C|M|FM]", "QRS-ORD-1, QRS-AMB-42", MU_VERB_HIDDEN,
    N_("needs a unit and an order: H, FM, FR, C, M or D, or CH and the order it is released into"),
    /* the order as the sheet's marker reads (H, FM, …), and a CH unit's release */
    N_("Order {UNIT}: {H|FM|FR|C|CH|M|D}[, released into {FR|D|C|M|FM}]") },
  { "fire", "UNIT TARGET [rapid]", "QRS-FIRE-1, QRS-AMB-37, QRS-AMB-41",
    MU_VERB_ATTACK | MU_VERB_REACTION, N_("needs the firing unit and its target, then optionally rapid"),
    N_("{UNIT} fires at {TARGET}") },
  { "move", "ID STEP...", "QRS-MOV-2, QRS-AMB-54, QRS-AMB-60", MU_VERB_MOVE,
    N_("needs a unit or officer and the points of its path"), N_("Move {ID}") },
  { "charge", "UNIT STEP...", "QRS-CHG-1, QRS-AMB-65", MU_VERB_MOVE | MU_VERB_ATTACK,
    N_("needs a C unit and the steps of its path, ending in contact with its target"),
    N_("{UNIT} charges") },
  { "refuse", "UNIT l|r", "QRS-AMB-43", MU_VERB_MOVE, N_("needs an H or CH unit and l or r"),
    N_("{UNIT} refuses a flank") },
  { "release", "UNIT", "QRS-AMB-42", 0, N_("needs a unit on conditional hold"),
    N_("Release {UNIT}") },
  { "choose", "ANSWER", "QRS-AMB-28", MU_VERB_ANSWER, N_("needs exactly one answer") },
  { "end-phase", NULL, "QRS-AMB-39", MU_VERB_END_STEP, NULL, N_("End the step") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_verbs) == QRS_N_VERBS);

#define F(x) MU_EVENT_FIELD_##x

const MuEventKindInfo qrs_ev_initiative = {
  "initiative", N_("Initiative"), N_("the side that acts first in every step of this turn (TAB-20)"),
  F (SIDE), NULL, MU_EVENT_CLASS_TURN, 0,
  N_("{side} acts first this turn"), NULL, 0,
  MU_N_PLURAL ("{n} initiative", "{n} initiatives"),
};
const MuEventKindInfo qrs_ev_order = {
  "order", N_("Order"), N_("an order marker is given, or revealed (QRS-ORD-1, QRS-ORD-3)"),
  F (SUBJECT) | F (TEXT) | F (SIDE), NULL, MU_EVENT_CLASS_ORDERS, 0,
  /* the text is the code, then a conditional hold's release order or the
   * word "released" (QRS-AMB-42): each word by its name */
  N_("{subject}: order {text:#1}[ ({text:#2})]"), NULL, 0,
  MU_N_PLURAL ("{n} order", "{n} orders"),
};
const MuEventKindInfo qrs_ev_casualties = {
  "casualties", N_("Casualties"), N_("the casualties a fire inflicts, read in the combat results table (QRS-AMB-29)"),
  F (SUBJECT) | F (OBJECT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} takes {value} casualty from {object}"),
  N_("{subject} takes {value} casualties from {object}"), F (VALUE),
  MU_N_PLURAL ("{n} fire result", "{n} fire results"),
};
const MuEventKindInfo qrs_ev_special = {
  "special", N_("Special result"), N_("an M or 1* result of the combat results table (QRS-FIRE-4)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is hit by {object}: {text}"), NULL, 0,
  MU_N_PLURAL ("{n} special result", "{n} special results"),
};
const MuEventKindInfo qrs_ev_low_ammo = {
  "low-ammo", N_("Low on ammunition"), N_("every fire die showed the test's faces (QRS-FIRE-7)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is low on ammunition"), NULL, 0,
  MU_N_PLURAL ("{n} unit low on ammunition", "{n} units low on ammunition"),
};
const MuEventKindInfo qrs_ev_stand_lost = {
  "stand-lost", N_("Stand lost"), N_("a unit loses a stand or section and closes up (QRS-AMB-74, TAB-8)"),
  F (SUBJECT) | F (VALUE), "left", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} loses a stand, {value} left"), NULL, 0,
  MU_N_PLURAL ("{n} stand lost", "{n} stands lost"),
};
const MuEventKindInfo qrs_ev_horse = {
  "horse-lost", N_("Horse lost"), N_("a casualty on a battery falls on its horses (QRS-FIRE-5)"),
  F (SUBJECT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} loses a horse ({value} lost)"), NULL, 0,
  MU_N_PLURAL ("{n} horse lost", "{n} horses lost"),
};
const MuEventKindInfo qrs_ev_crew = {
  "crew-lost", N_("Crew lost"), N_("a casualty on a battery falls on its crew: a figure (QRS-AMB-74)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} loses a gunner"), NULL, 0,
  MU_N_PLURAL ("{n} gunner lost", "{n} gunners lost"),
};
const MuEventKindInfo qrs_ev_removed = {
  "removed", N_("Picked up"), N_("a unit with no stand left, or picked up, leaves play (QRS-AMB-74)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is picked up ({text})"), NULL, 0,
  MU_N_PLURAL ("{n} unit picked up", "{n} units picked up"),
};
const MuEventKindInfo qrs_ev_morale = {
  "morale", N_("Morale"), N_("a unit's morale state changes (QRS-MOR-3, QRS-MOR-4)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is now {text}"), NULL, 0,
  MU_N_PLURAL ("{n} morale change", "{n} morale changes"),
};
const MuEventKindInfo qrs_ev_filled = {
  "filled", N_("Table value given"),
  N_("the players give a value the rules file lacks, for the rest of the match (QRS-AMB-28)"),
  F (SUBJECT) | F (TEXT) | F (SIDE), NULL, MU_EVENT_CLASS_OTHER, 0,
  N_("{side} gives {subject} {text}"), NULL, 0,
  MU_N_PLURAL ("{n} table value given", "{n} table values given"),
};
const MuEventKindInfo qrs_ev_wound = {
  "wound", N_("Officer hit"), N_("an officer hit in step 9 and his wound (QRS-OFF-2)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject}: {text} wound"), NULL, 0,
  MU_N_PLURAL ("{n} officer hit", "{n} officers hit"),
};
const MuEventKindInfo qrs_ev_move = {
  "move", N_("Move"), N_("a unit or officer moves in step 7 (QRS-MOV-2)"),
  F (SUBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} moves from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} move", "{n} moves"),
};
const MuEventKindInfo qrs_ev_fall_back = {
  "fall-back", N_("Fall back"),
  N_("an involuntary move: shaken, routed, a rout move or a retire (QRS-AMB-62..64)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} falls back ({text}) from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} fall-back", "{n} fall-backs"),
};
const MuEventKindInfo qrs_ev_formation = {
  "formation", N_("Formation"), N_("a unit forms, refuses a flank, limbers or unlimbers (QRS-AMB-43, QRS-AMB-59)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} forms {text}"), NULL, 0,
  MU_N_PLURAL ("{n} formation change", "{n} formation changes"),
};
const MuEventKindInfo qrs_ev_charge = {
  "charge", N_("Charge"), N_("a C unit charges its target (QRS-CHG-1)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} charges {object}"), NULL, 0,
  MU_N_PLURAL ("{n} charge", "{n} charges"),
};
const MuEventKindInfo qrs_ev_charge_target = {
  "charge-target", N_("Charge target"), N_("a C unit names its target at step 3 (QRS-ORD-3)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} will charge {text}"), NULL, 0,
  MU_N_PLURAL ("{n} charge target", "{n} charge targets"),
};
const MuEventKindInfo qrs_ev_volley_point = {
  "volley-point", N_("Volley point"),
  N_("the distance from the defender at which the charger receives its volley (QRS-CHG-3, QRS-AMB-16)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} holds its volley for {object} until {text}"), NULL, 0,
  MU_N_PLURAL ("{n} volley point", "{n} volley points"),
};
const MuEventKindInfo qrs_ev_impact = {
  "impact", N_("Impact"), N_("the side whose impact total is lower wins (QRS-CHG-4)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} wins the impact ({text})"), NULL, 0,
  MU_N_PLURAL ("{n} impact", "{n} impacts"),
};
const MuEventKindInfo qrs_ev_replaced = {
  "replaced", N_("Replacement"), N_("a replacement roll meets a need (QRS-REP-1)"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject}: {text} replaced"), NULL, 0,
  MU_N_PLURAL ("{n} replacement", "{n} replacements"),
};

#undef F

const MuEventKindInfo *const qrs_event_kinds[] = {
  &qrs_ev_initiative, &qrs_ev_order, &qrs_ev_casualties, &qrs_ev_special, &qrs_ev_low_ammo,
  &qrs_ev_stand_lost, &qrs_ev_horse, &qrs_ev_crew, &qrs_ev_removed, &qrs_ev_morale, &qrs_ev_filled,
  &qrs_ev_wound, &qrs_ev_replaced, &qrs_ev_move, &qrs_ev_fall_back, &qrs_ev_formation,
  &qrs_ev_charge, &qrs_ev_charge_target, &qrs_ev_volley_point, &qrs_ev_impact,
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_event_kinds) == QRS_N_EVENT_KINDS);

/* Words ---------------------------------------------------------------------------- */

/* The words of order events' texts as the log reads them: the codes by
 * the orders' names (the sheet prints only the codes). */
const MuEventWordInfo qrs_event_words[] = {
  QRS_ORDERS (QRS_ORDER_WORD)
  { "released", N_("released") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (qrs_event_words) == QRS_N_EVENT_WORDS);

const char *
qrs_order_word (QrsOrder order)
{
  return order > QRS_ORDER_NONE && order < QRS_ORDER_N ? qrs_orders[order - 1] : "-";
}

gboolean
qrs_order_parse (const char *word, QrsOrder *order)
{
  for (int i = 0; qrs_orders[i]; i++)
    if (g_strcmp0 (word, qrs_orders[i]) == 0)
      {
        *order = i + 1;
        return TRUE;
      }
  return FALSE;
}

const char *
qrs_form_id (QrsForm form)
{
  return qrs_formations[form];
}

gboolean
qrs_form_parse (const char *word, QrsForm *form)
{
  for (int i = 0; i < QRS_FORM_N; i++)
    if (g_strcmp0 (word, qrs_formations[i]) == 0)
      {
        *form = i;
        return TRUE;
      }
  return FALSE;
}
