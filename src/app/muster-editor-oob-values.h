/* muster-editor-oob-values.h: the order-of-battle form's controls for the
 * values the scenario's ruleset declares (a tabletop unit's type, bases and
 * weapon, an officer's rating, a side's élan), built from the declarations
 * (mu-ruleset.h), and on a table a side's home edge and a deployment zone
 * along it; all changed through the engine's undoable edits. */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

/* Attaches to grid, from row, a labelled control per declared value of the
 * counter or side `id` that the form does not show already; a refusal is
 * shown in message. Returns the next free row. */
int   muster_editor_oob_values_attach (GtkGrid *grid, int row, MuEditHistory *history,
                                       const char *id, gboolean is_side, GtkLabel *message);
/* Shows the model's values again in the controls attach made. */
void  muster_editor_oob_values_update (GtkGrid *grid, MuEditHistory *history, const char *id,
                                       gboolean is_side);

/* The counter's declared values for the order of battle's row: "bases 4,
 * type inf" (newly allocated; "" when it has none). */
char *muster_editor_oob_values_summary (const MuScenario *scenario, const MuCounter *counter);

/* An arm and a counter kind as the order of battle's rows name them: the
 * words of the files (mu_arm_to_string, mu_counter_kind_to_string) in the
 * player's language. Static strings. */
const char *muster_editor_arm_word  (MuArm arm);
const char *muster_editor_kind_word (MuCounterKind kind);

G_END_DECLS
