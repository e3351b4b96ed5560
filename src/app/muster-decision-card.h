/* muster-decision-card.h: the match sidebar's card of the pending decision:
 * its question and its answers, which say "answered" with the command line
 * that answers it ("choose ...", or a command of the decision's own). */
#pragma once

#include <gtk/gtk.h>

#include "mu-match.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_DECISION_CARD (muster_decision_card_get_type ())
G_DECLARE_FINAL_TYPE (MusterDecisionCard, muster_decision_card, MUSTER, DECISION_CARD, GtkBox)

GtkWidget *muster_decision_card_new         (void);
/* Shows the decision asked of side_name (its display name); counters among
 * the answers are named from scenario. NULL: no decision, the card hides. */
void       muster_decision_card_show        (MusterDecisionCard *self, const MuDecision *decision,
                                             const char *side_name, const MuScenario *scenario);
/* Adds a button that answers the shown decision with the command `line`
 * (canonical text), read as `label`: a command the rules take at the
 * decision instead of a choice (a winner's companies entering a village
 * block instead of its advance, TS-CR-11, TS-VIL-1). */
void       muster_decision_card_add_command (MusterDecisionCard *self, const char *line, const char *label);
/* The box of the answers' controls. */
GtkWidget *muster_decision_card_get_answers (MusterDecisionCard *self);

G_END_DECLS
