/* baa-events.c: the event kinds of Brothers at Arms (see baa-events.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-events.h"

#include <glib/gi18n-lib.h>

#define F(x) MU_EVENT_FIELD_##x

const MuEventKindInfo baa_ev_orders = {
  "orders", N_("Orders"), N_("a counter has orders this round, and how it got them"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} has orders[ ({text})]"), NULL, 0, MU_N_PLURAL ("{n} given orders", "{n} given orders"),
};

const MuEventKindInfo baa_ev_marker = {
  "marker", N_("Marker placed"), N_("a marker is placed on a counter"),
  F (SUBJECT) | F (TEXT) | F (AT), NULL, MU_EVENT_CLASS_ORDERS, MU_EVENT_KIND_MARKER,
  N_("[{marker}|?] marker placed on {subject}"), NULL, 0,
  MU_N_PLURAL ("{n} {text} marker placed", "{n} {text} markers placed"),
};

const MuEventKindInfo baa_ev_unmarker = {
  "unmarker", N_("Marker removed"), N_("a marker is taken off a counter"),
  F (SUBJECT) | F (TEXT) | F (AT), NULL, MU_EVENT_CLASS_ORDERS, MU_EVENT_KIND_MARKER,
  N_("[{marker}|?] marker removed from {subject}"), NULL, 0,
  MU_N_PLURAL ("{n} {text} marker removed", "{n} {text} markers removed"),
};

const MuEventKindInfo baa_ev_assigned = {
  "assigned", N_("Assigned"), N_("a unit reports to a commander (BAA-CMD-11)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} reports to {object}"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_direct_control = {
  "direct-control", N_("Direct control"), N_("a control commander takes a command (BAA-CMD-10)"),
  F (SUBJECT) | F (OBJECT), NULL, MU_EVENT_CLASS_ORDERS, 0,
  N_("{subject} takes direct control of {object}"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_move = {
  "move", N_("Move"), N_("a counter moves: from, to, the path and its cost"),
  F (SUBJECT) | F (TEXT) | F (FROM) | F (TO) | F (PATH) | F (VALUE), "cost", MU_EVENT_CLASS_MOVEMENT,
  MU_EVENT_KIND_MOVES, N_("{subject} moves[ ({text})][ from {from}] to {to}, cost {value}"), NULL, 0,
  MU_N_PLURAL ("{n} move", "{n} moves"),
};

const MuEventKindInfo baa_ev_locked = {
  "locked", N_("Locked"), N_("a counter stops in an enemy zone of control (BAA-ZOC-3)"),
  F (SUBJECT) | F (AT) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} must stop at [{at}|{to}] (enemy zone of control)"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_attack = {
  "attack", N_("Attack"), N_("a target is attacked: by whom, how, with how many dice"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (AT) | F (COUNT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  MU_N_PLURAL ("[{object}|?] attacks [{subject}|?] ([{text}|attack], {count} die)",
               "[{object}|?] attacks [{subject}|?] ([{text}|attack], {count} dice)"), MU_EVENT_FIELD_COUNT,
  MU_N_PLURAL ("{n} attack", "{n} attacks"),
};

const MuEventKindInfo baa_ev_hits = {
  "hits", N_("Hits"), N_("a target takes hits"),
  F (SUBJECT) | F (OBJECT) | F (TEXT) | F (AT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, 0,
  MU_N_PLURAL ("[{subject}|?] takes {value} hit[ from {object}| in all]",
               "[{subject}|?] takes {value} hits[ from {object}| in all]"), MU_EVENT_FIELD_VALUE,
  MU_N_PLURAL ("{total} hit", "{total} hits"),
};

const MuEventKindInfo baa_ev_dispersed = {
  "dispersed", N_("Dispersed"), N_("a unit is destroyed by hits reaching its strength"),
  F (SUBJECT) | F (OBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is dispersed[ by {object}]"), NULL, 0, MU_N_PLURAL ("{n} dispersed", "{n} dispersed"),
};

const MuEventKindInfo baa_ev_flinch = {
  "flinch", N_("Flinch"), N_("a unit flinches back and is pinned"),
  F (SUBJECT) | F (OBJECT) | F (FROM) | F (TO) | F (PATH), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} flinches from {from} to {to}"), NULL, 0, MU_N_PLURAL ("{n} flinched", "{n} flinched"),
};

const MuEventKindInfo baa_ev_stands = {
  "stands", N_("Stands"), N_("a unit does not flinch"),
  F (SUBJECT) | F (TEXT), NULL, MU_EVENT_CLASS_MOVEMENT, 0, N_("{subject} stands"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_surrender = {
  "surrender", N_("Surrender"), N_("a unit that could not flinch surrenders"),
  F (SUBJECT) | F (OBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} surrenders"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_disabled = {
  "disabled", N_("Commander disabled"), N_("a commander is disabled"),
  F (SUBJECT) | F (OBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is disabled"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_captured = {
  "captured", N_("Commander captured"), N_("a commander is captured"),
  F (SUBJECT) | F (OBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is captured by [{object}|?]"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_evaded = {
  "evaded", N_("Commander evaded"), N_("a commander evades capture"),
  F (SUBJECT) | F (FROM) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} evades from [{from}|—] to [{to}|—]"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_removed = {
  "removed", N_("Commander removed"), N_("a commander is removed with its last unit"),
  F (SUBJECT) | F (AT), NULL, MU_EVENT_CLASS_COMBAT, 0,
  N_("{subject} is removed: no units left"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_breached = {
  "breached", N_("Breached"), N_("a fortified hexside is breached (BAA-FORT-3)"),
  F (AT) | F (VALUE), "n", MU_EVENT_CLASS_COMBAT, 0,
  N_("The fortification at {at} is breached (side {value})"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_hold = {
  "hold", N_("Objective held"), N_("a side holds an objective towards a claim"),
  F (SUBJECT) | F (SIDE) | F (AT) | F (VALUE), "n", MU_EVENT_CLASS_OBJECTIVES, 0,
  N_("{side} holds {subject} ({value})"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_claimed = {
  "claimed", N_("Objective claimed"), N_("a side claims an objective"),
  F (SUBJECT) | F (SIDE) | F (AT), NULL, MU_EVENT_CLASS_OBJECTIVES, 0,
  N_("{side} claims {subject}"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_reserve_arrived = {
  "reserve-arrived", N_("Reserve arrived"), N_("a reserve arrives"),
  F (SUBJECT) | F (SIDE) | F (TEXT), NULL, MU_EVENT_CLASS_OBJECTIVES, 0,
  N_("Reserve {subject} arrives"), NULL, 0, MU_N_PLURAL ("{n} reserve arrived", "{n} reserves arrived"),
};

const MuEventKindInfo baa_ev_reserve_delayed = {
  "reserve-delayed", N_("Reserve delayed"), N_("a reserve's arrival is delayed"),
  F (SUBJECT) | F (SIDE) | F (TEXT), NULL, MU_EVENT_CLASS_OBJECTIVES, 0,
  N_("Reserve {subject} is delayed"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_entered = {
  "entered", N_("Entered"), N_("a counter enters the board"),
  F (SUBJECT) | F (TO), NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} enters the board at [{to}|—]"), NULL, 0,
  MU_N_PLURAL ("{n} entered the board", "{n} entered the board"),
};

const MuEventKindInfo baa_ev_rest = {
  "rest", N_("Rest"), N_("a unit rests towards recovery from fatigue"),
  F (SUBJECT) | F (VALUE), "n", MU_EVENT_CLASS_ORDERS, 0, N_("{subject} rests ({value})"), NULL, 0, NULL, NULL,
};

const MuEventKindInfo baa_ev_night = {
  "night", N_("Night"), N_("night falls (n=1) or day breaks (n=0)"),
  F (VALUE), "n", MU_EVENT_CLASS_TURN, 0, N_("[{if-value}Night falls|Day breaks]"), NULL, 0, NULL, NULL,
};
