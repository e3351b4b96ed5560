/* muster-match-log.h: every event of the match in words
 *
 * The log pane of the match page: one line per event, and one line per
 * roll with its purpose, target and outcome ("richardson vs bonham: fire,
 * 3 dice, need 4+ — 2 6 1: 1 of 3 succeed"; the single dice a ruleset
 * rolls one after the other for the same purpose, roller and target read
 * as one roll). Filterable by kind; the rule id on hover; scrolled to the newest.
 * It appends on the game's "events-added" and rebuilds on "reset". A
 * GtkListView over a GListModel of MusterLogEntry: a whole match of
 * thousands of events costs a few rows of widgets.
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"

G_BEGIN_DECLS

/* The kinds the filter offers; every MuEventKind falls in one. */
typedef enum {
  MUSTER_LOG_ALL,
  MUSTER_LOG_ROLLS,
  MUSTER_LOG_MOVES,
  MUSTER_LOG_COMBAT,
  MUSTER_LOG_COMMAND,      /* orders, markers, assignments */
  MUSTER_LOG_TURN,         /* start, turns, rounds, phases, night, decisions, the end */
  MUSTER_LOG_OBJECTIVES,   /* objectives and reserves */
  MUSTER_LOG_OTHER,        /* notes and the ruleset's own kinds */
  MUSTER_LOG_N_KINDS
} MusterLogKind;

#define MUSTER_TYPE_LOG_ENTRY (muster_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (MusterLogEntry, muster_log_entry, MUSTER, LOG_ENTRY, GObject)

const char    *muster_log_entry_get_text  (MusterLogEntry *self);
/* The rule id, or NULL. */
const char    *muster_log_entry_get_rule  (MusterLogEntry *self);
/* The row's tooltip: the event kind's declared name and description, and
 * the rule ("Flinch: a unit flinches back and is pinned (rule BAA-FLN-5)");
 * newly allocated, NULL when there is nothing to tell. */
char          *muster_log_entry_get_tip   (MusterLogEntry *self);
MusterLogKind  muster_log_entry_get_kind  (MusterLogEntry *self);
/* The first and the number of events of the log (mu_match_get_events) it says. */
guint          muster_log_entry_get_first (MusterLogEntry *self);
guint          muster_log_entry_get_n     (MusterLogEntry *self);

#define MUSTER_TYPE_MATCH_LOG (muster_match_log_get_type ())
G_DECLARE_FINAL_TYPE (MusterMatchLog, muster_match_log, MUSTER, MATCH_LOG, GtkWidget)

GtkWidget     *muster_match_log_new         (MusterGame *game);
/* Only what `side` may see (mu_match_get_events_for); NULL: every event,
 * hidden ones marked with the side that sees them. */
void           muster_match_log_set_viewer  (MusterMatchLog *self, const char *side);
const char    *muster_match_log_get_viewer  (MusterMatchLog *self);
void           muster_match_log_set_filter  (MusterMatchLog *self, MusterLogKind kind);
MusterLogKind  muster_match_log_get_filter  (MusterMatchLog *self);
/* The entries shown (of MusterLogEntry, after the filter); borrowed. */
GListModel    *muster_match_log_get_model   (MusterMatchLog *self);

/* One event in words, as the log shows it (for a single event; rolls are
 * grouped by the log). Newly allocated. */
char          *muster_match_log_describe_event (MusterGame *game, const MuEvent *event);

G_END_DECLS
