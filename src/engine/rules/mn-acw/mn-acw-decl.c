/* mn-acw-decl.c: what mn-acw declares about its pieces and its language:
 * counter fields, formations and their shapes, markers, statuses, verbs
 * and event kinds. Kept in one file so that adapting them to the engine's
 * declared pieces is done in one place. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include <glib/gi18n-lib.h>

/* MN-UNIT-1, MN-AMB-45: LINE is one rank, stands side by side and
 * touching; COLUMN one file, stands one behind another and touching (not
 * the format's two-file column). */
const MuFormationShape mn_formation_shapes[MN_FORM_N] = {
  { "line", 0, 0.0, 1 },
  { "column", 1, 0.0, 0 },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define LEADER (MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL))
static const char *const mn_formations[] = { "line", "column", NULL };
static const char *const mn_types[] = { "inf", "cav", "foot-art", "horse-art", NULL };
static const char *const mn_levels[] = { "division", "corps", "army", NULL };
/* what the editor's form and rows show for those words */
static const char *const mn_formation_names[] = { N_("Line"), N_("Column"), NULL };
static const char *const mn_type_names[] = { N_("Infantry"), N_("Cavalry"), N_("Foot artillery"),
                                             N_("Horse artillery"), NULL };
static const char *const mn_level_names[] = { N_("Division"), N_("Corps"), N_("Army"), NULL };

/* §1.1-1.2, MN-AMB-85: a unit's type and bases (its stand count, laid out
 * on the table), its formation; a leader's level. */
const MuFieldInfo mn_fields[] = {
  { "type", N_("Type"), "MN-MOV-4", MU_FIELD_ENUM, 0, 0, UNIT, mn_types, -1,
    .value_names = mn_type_names },
  { "bases", N_("Bases"), "MN-UNIT-1", MU_FIELD_INT, 0, 99, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
  { "formation", N_("Formation"), "MN-UNIT-1", MU_FIELD_ENUM, 0, 0, UNIT, mn_formations, -1,
    .value_names = mn_formation_names },
  { "level", N_("Leader level"), "MN-MOV-3", MU_FIELD_ENUM, 0, 0, LEADER, mn_levels, -1,
    .value_names = mn_level_names },
};
G_STATIC_ASSERT (G_N_ELEMENTS (mn_fields) == MN_N_FIELDS);
#undef UNIT
#undef LEADER

/* The --state line's markers: conditions the tooltip tells; players on a
 * table keep them in their heads (nothing is printed). */
const MuMarkerInfo mn_markers[] = {
  { "activated", N_("Activated"), "MN-ACT-1, MN-AMB-3", "ACT",
    N_("Activated this player-turn: may not be activated again until the next"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "owes-move", N_("Owes its move"), "MN-AMB-50", "MOV",
    N_("Has rolled its movement and must now move (0 to stay)"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "fired", N_("Fired this turn"), "MN-MOV-3, MN-AMB-66", "FIR",
    N_("A battery that fired this game turn may not move"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, FALSE },
  { "melee", N_("In melee"), "MN-AMB-54, MN-AMB-55", "MEL",
    N_("In contact with the enemy: may not be activated"),
    MU_MARKER_ON_COUNTER, 0, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
};
G_STATIC_ASSERT (G_N_ELEMENTS (mn_markers) == MN_N_MARKERS);

const MuStatusInfo mn_statuses[] = {
  [MN_STATUS_ACTIVE] = { "active", N_("On the table"), NULL, N_("In play on the table"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  [MN_STATUS_DESTROYED] = { "dispersed", N_("Destroyed"), "MN-MEL-7, MN-AMB-84",
    N_("Lost its last base, or retreated off the table"), NULL, MU_STATUS_LOST },
  [MN_STATUS_CAPTURED] = { "captured", N_("Captured"), "MN-LDR-1",
    N_("A lone leader contacted by an enemy regiment"), NULL, MU_STATUS_LOST },
  [MN_STATUS_INJURED] = { "disabled", N_("Injured"), "MN-LDR-2",
    N_("A leader who rolled a 6 after a melee of his unit"), NULL, MU_STATUS_LOST },
  /* the view's word for a counter not yet on the table; never a unit's own */
  [MN_STATUS_RESERVE] = { "reserve", N_("Not arrived"), NULL,
    N_("Not on the table yet"), NULL, 0 },
};
G_STATIC_ASSERT (G_N_ELEMENTS (mn_statuses) == MN_N_STATUSES);

/* The commands of the digest's "Commands and decisions this ruleset
 * needs" (the README's "Commands of mn-acw" gives their shapes). */
const MuVerbInfo mn_verbs[] = {
  { "activate", "UNIT ahead|back|oblique|stay [STEP] [STEP]", "MN-ACT-1, MN-AMB-50", 0,
    N_("needs a unit or leader, ahead, back, oblique or stay, then optionally face F and form line|column"),
    N_("Activate {UNIT}: {ahead|back|oblique|stay}[, {STEP}]") },
  { "move", "UNIT NUMBER | UNIT POS", "MN-MOV-2, MN-AMB-47", MU_VERB_MOVE,
    N_("needs a unit or leader and a distance (ahead, back) or a table point @X,Y (oblique)"),
    N_("Move {UNIT}[ {NUMBER} in][ to {to}]") },
  { "attach", "LEADER UNIT", "MN-AMB-56", 0, N_("needs a leader and a unit"),
    N_("Attach {LEADER} to {UNIT}") },
  { "charge", "UNIT TARGET [DEG] [STEP] [STEP]", "MN-CHG-1, MN-AMB-60", MU_VERB_MOVE | MU_VERB_ATTACK,
    N_("needs a regiment and its target, then optionally a bearing, face F and form line|column"),
    N_("{UNIT} charges {TARGET}[ on a bearing of {DEG}°][, {STEP}]") },
  { "fight", "UNIT ENEMY", "MN-MEL-1, MN-AMB-17", MU_VERB_ATTACK | MU_VERB_LISTED, N_("needs the two units of a melee pair"),
    N_("{UNIT} fights {ENEMY}") },
  { "bombard", "BATTERY AREA [STEP]", "MN-ART-4, MN-AMB-75", MU_VERB_ATTACK,
    N_("needs a battery and a building, then optionally face F"), N_("{BATTERY} fires at {AREA}[, {STEP}]") },
  { "choose", "ANSWER", "MN-AMB-71", MU_VERB_ANSWER, N_("needs exactly one answer") },
  { "end-phase", NULL, "MN-AMB-50", MU_VERB_END_STEP, NULL, N_("End the step") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (mn_verbs) == MN_N_VERBS);

#define F(x) MU_EVENT_FIELD_##x

const MuEventKindInfo mn_ev_activate = {
  "activate", N_("Activation"), N_("a unit or leader is activated, and the direction it declared (MN-ACT-1)"),
  F (SUBJECT) | F (TEXT) | F (VALUE), "left", MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} is activated ({text}), {value} activations left"), NULL, 0,
  MU_N_PLURAL ("{n} activation", "{n} activations"),
};
const MuEventKindInfo mn_ev_move = {
  "move", N_("Move"), N_("a unit or leader moves in a straight line (MN-MOV-2, MN-AMB-48)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT,
  MU_EVENT_KIND_MOVES, N_("{subject} moves {text} in from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} move", "{n} moves"),
};
const MuEventKindInfo mn_ev_face = {
  "face", N_("Facing change"), N_("a unit turns in place about its centre base (MN-AMB-49)"),
  F (SUBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} changes facing from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} facing change", "{n} facing changes"),
};
const MuEventKindInfo mn_ev_formation = {
  "formation", N_("Formation"), N_("a unit changes formation about its centre base (MN-AMB-45)"),
  F (SUBJECT) | F (TEXT) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} forms {text}"), NULL, 0,
  MU_N_PLURAL ("{n} formation change", "{n} formation changes"),
};
const MuEventKindInfo mn_ev_attach = {
  "attach", N_("Leader attached"), N_("a leader joins a unit (MN-AMB-56)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} joins {object}"), NULL, 0,
  MU_N_PLURAL ("{n} leader attached", "{n} leaders attached"),
};
const MuEventKindInfo mn_ev_detach = {
  "detach", N_("Leader detached"), N_("an activated leader leaves his unit (MN-AMB-56)"),
  F (SUBJECT) | F (OBJECT) | F (TO), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} leaves {object}"), NULL, 0,
  MU_N_PLURAL ("{n} leader detached", "{n} leaders detached"),
};

const MuEventKindInfo mn_ev_captured = {
  "captured", N_("Leader captured"), N_("a lone leader contacted by an enemy regiment (MN-LDR-1)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is captured by {object}"), NULL, 0,
  MU_N_PLURAL ("{n} leader captured", "{n} leaders captured"),
};

const MuEventKindInfo mn_ev_charge = {
  "charge", N_("Charge"), N_("a regiment is activated to charge an enemy unit (MN-CHG-1)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (VALUE), "left", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} charges {object} ({text}), {value} activations left"), NULL, 0,
  MU_N_PLURAL ("{n} charge", "{n} charges"),
};
const MuEventKindInfo mn_ev_conform = {
  "conform", N_("Conform"), N_("a charger squares up against the edge it touched (MN-AMB-62)"),
  F (SUBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} conforms from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} conform", "{n} conforms"),
};
const MuEventKindInfo mn_ev_countercharge = {
  "countercharge", N_("Countercharge"), N_("cavalry charged by cavalry closes the last 2 in (MN-CHG-4)"),
  F (SUBJECT) | F (OBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} countercharges {object} from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} countercharge", "{n} countercharges"),
};
const MuEventKindInfo mn_ev_contact = {
  "contact", N_("Contact"), N_("a charge reaches its target, on its front, flank or rear (MN-AMB-62)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} contacts {object} ({text})"), NULL, 0,
  MU_N_PLURAL ("{n} contact", "{n} contacts"),
};
const MuEventKindInfo mn_ev_melee = {
  "melee", N_("Melee"), N_("a melee pair's result: the winner, the loser and how (MN-MEL-4, MN-MEL-5)"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (VALUE), "d", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} beats {object} by {value} ({text})"), NULL, 0,
  MU_N_PLURAL ("{n} melee", "{n} melees"),
};
const MuEventKindInfo mn_ev_hits = {
  "hits", N_("Hits"), N_("bases removed from a unit's ends (MN-MEL-7, MN-AMB-46)"),
  F (SUBJECT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, 0,
  MU_N_PLURAL ("{subject} loses {value} base", "{subject} loses {value} bases"), F (VALUE),
  MU_N_PLURAL ("{n} hit", "{n} hits"),
};
const MuEventKindInfo mn_ev_destroyed = {
  "destroyed", N_("Destroyed"), N_("a unit loses its last base or leaves the table (MN-MEL-7, TAB-18)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is destroyed"), NULL, 0,
  MU_N_PLURAL ("{n} unit destroyed", "{n} units destroyed"),
};
const MuEventKindInfo mn_ev_retreat = {
  "retreat", N_("Retreat"), N_("a beaten unit or a leader retreats directly away (MN-MEL-6, MN-AMB-70)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} retreats {text} in from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} retreat", "{n} retreats"),
};
const MuEventKindInfo mn_ev_injured = {
  "injured", N_("Leader injured"), N_("an attached leader rolls a 6 after his unit's melee (MN-LDR-2)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is injured"), NULL, 0,
  MU_N_PLURAL ("{n} leader injured", "{n} leaders injured"),
};

const MuEventKindInfo mn_ev_advance = {
  "advance", N_("Advance"), N_("a melee's winner advances 1 d6 toward its aim (MN-MEL-6, MN-AMB-71)"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  N_("{subject} advances {text} in from {from} to {to}"), NULL, 0,
  MU_N_PLURAL ("{n} advance", "{n} advances"),
};

const MuEventKindInfo mn_ev_bombard = {
  "bombard", N_("Fire at a building"), N_("a battery is activated to fire at a building (MN-ART-4)"),
  F (SUBJECT) | F (OBJECT) | F (VALUE), "left", MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} will fire at {object}, {value} activations left"), NULL, 0,
  MU_N_PLURAL ("{n} fire declared", "{n} fires declared"),
};
const MuEventKindInfo mn_ev_fire = {
  "fire", N_("Building fire"), N_("a declared fire hits a building: its count (MN-ART-4, MN-AMB-32)"),
  F (SUBJECT) | F (OBJECT) | F (VALUE), "count", MU_EVENT_CLASS_COMBAT, 0,
  N_("{object} fires at {subject}, count {value}"), NULL, 0,
  MU_N_PLURAL ("{n} building fire", "{n} building fires"),
};
const MuEventKindInfo mn_ev_building_destroyed = {
  "building-destroyed", N_("Building destroyed"),
  N_("a building's count reaches its defending value: destroyed with all inside (MN-AMB-75)"),
  F (SUBJECT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is destroyed"), NULL, 0,
  MU_N_PLURAL ("{n} building destroyed", "{n} buildings destroyed"),
};

#undef F

const MuEventKindInfo *const mn_event_kinds[] = {
  &mn_ev_activate, &mn_ev_move, &mn_ev_face, &mn_ev_formation, &mn_ev_attach, &mn_ev_detach,
  &mn_ev_captured, &mn_ev_charge, &mn_ev_conform, &mn_ev_countercharge, &mn_ev_contact, &mn_ev_melee,
  &mn_ev_hits, &mn_ev_destroyed, &mn_ev_retreat, &mn_ev_injured, &mn_ev_advance,
  &mn_ev_bombard, &mn_ev_fire, &mn_ev_building_destroyed,
};
G_STATIC_ASSERT (G_N_ELEMENTS (mn_event_kinds) == MN_N_EVENT_KINDS);

/* Words ---------------------------------------------------------------------------- */

static const char *const form_ids[MN_FORM_N] = { NC_("command word", "line"), NC_("command word", "column") };

/* The words mn-acw's events carry in their text (roll purposes,
 * directions, formations, outcomes), marked here for the log, which
 * translates an event's text in this context; never read. */
G_GNUC_UNUSED static const char *const event_words[] = {
  NC_("event text", "initiative"), NC_("event text", "activation"), NC_("event text", "move"),
  NC_("event text", "casualty"), NC_("event text", "retreat"), NC_("event text", "leader"),
  NC_("event text", "advance"), NC_("event text", "ahead"), NC_("event text", "back"),
  NC_("event text", "oblique"), NC_("event text", "stay"), NC_("event text", "line"),
  NC_("event text", "column"), NC_("event text", "less"), NC_("event text", "equal"),
  NC_("event text", "greater"), NC_("event text", "front"), NC_("event text", "flank"),
  NC_("event text", "rear"), NC_("event text", "victory"),
};

/* The answers of its decisions (MN-AMB-71), for the window's buttons. */
G_GNUC_UNUSED static const char *const answer_words[] = {
  NC_("command word", "yes"), NC_("command word", "no"), NC_("command word", "former"),
};
static const char *const type_ids[MN_TYPE_N] = { "inf", "cav", "foot-art", "horse-art", "leader" };
static const char *const dir_ids[MN_DIR_N] = {
  NC_("command word", "ahead"), NC_("command word", "back"), NC_("command word", "oblique"),
  NC_("command word", "stay"),
};

const char *
mn_form_id (MnForm form)
{
  return form_ids[form];
}

gboolean
mn_form_parse (const char *id, MnForm *form)
{
  for (int i = 0; i < MN_FORM_N; i++)
    if (g_strcmp0 (id, form_ids[i]) == 0)
      {
        *form = i;
        return TRUE;
      }
  return FALSE;
}

const char *
mn_type_id (MnType type)
{
  return type_ids[type];
}

const char *
mn_dir_id (MnDir dir)
{
  return dir_ids[dir];
}

gboolean
mn_dir_parse (const char *id, MnDir *dir)
{
  for (int i = 0; i < MN_DIR_N; i++)
    if (g_strcmp0 (id, dir_ids[i]) == 0)
      {
        *dir = i;
        return TRUE;
      }
  return FALSE;
}
