/* baa-events.h: the kinds of event Brothers at Arms emits, on the hex board
 * and on the table
 *
 * Declared once here (word, fields, sentences, see MuEventKindInfo) and
 * listed by both rulesets' tables (MuRuleset.event_kinds); the engine knows
 * none of them. The words and fields are those of README.md's event lines.
 * Private to the engine's rulesets.
 */
#pragma once

#include <glib.h>

#include "mu-event.h"

G_BEGIN_DECLS

extern const MuEventKindInfo baa_ev_orders;
extern const MuEventKindInfo baa_ev_marker;
extern const MuEventKindInfo baa_ev_unmarker;
extern const MuEventKindInfo baa_ev_assigned;
extern const MuEventKindInfo baa_ev_direct_control;
extern const MuEventKindInfo baa_ev_move;
extern const MuEventKindInfo baa_ev_locked;
extern const MuEventKindInfo baa_ev_attack;
extern const MuEventKindInfo baa_ev_hits;
extern const MuEventKindInfo baa_ev_dispersed;
extern const MuEventKindInfo baa_ev_flinch;
extern const MuEventKindInfo baa_ev_stands;
extern const MuEventKindInfo baa_ev_surrender;
extern const MuEventKindInfo baa_ev_disabled;
extern const MuEventKindInfo baa_ev_captured;
extern const MuEventKindInfo baa_ev_evaded;
extern const MuEventKindInfo baa_ev_removed;
extern const MuEventKindInfo baa_ev_breached;
extern const MuEventKindInfo baa_ev_hold;
extern const MuEventKindInfo baa_ev_claimed;
extern const MuEventKindInfo baa_ev_reserve_arrived;
extern const MuEventKindInfo baa_ev_reserve_delayed;
extern const MuEventKindInfo baa_ev_entered;
extern const MuEventKindInfo baa_ev_rest;
extern const MuEventKindInfo baa_ev_night;

/* A placed or removed marker event. */
#define BAA_EV_MARKER(placed) ((placed) ? &baa_ev_marker : &baa_ev_unmarker)

G_END_DECLS
