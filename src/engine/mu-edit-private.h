/* mu-edit-private.h: what the edit operations share with the history */
#pragma once

#include "mu-edit.h"
#include "mu-error.h"

G_BEGIN_DECLS

/* Call right before the first change an operation makes: it snapshots the
 * model for undo (once per step) and returns the scenario to change. label is
 * the step's name (a group's own label wins). */
MuScenario *mu_edit_touch      (MuEditHistory *history, const char *label);
/* Call at the end of every operation; records the step when the operation
 * changed something and no group is open. */
void        mu_edit_commit     (MuEditHistory *history);
/* Adds a sentence to the pending step's detail. */
void        mu_edit_add_detail (MuEditHistory *history, const char *detail);

/* Sets a MU_ERROR_INVALID error and returns FALSE. */
gboolean    mu_edit_fail       (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Checks that id is a usable stable id (letters, digits, - _ .). */
gboolean    mu_edit_check_id   (const char *id, GError **error);
/* Checks that side is the id of a side of the scenario. */
gboolean    mu_edit_need_side  (const MuScenario *scenario, const char *side, GError **error);
/* Replaces *field by a copy of value ("" counts as NULL when empty_is_null);
 * returns whether it differed, after touching the history with label. */
gboolean    mu_edit_set_string (MuEditHistory *history, const char *label, char **field,
                                const char *value, gboolean empty_is_null);

/* Sets the error explaining why value is out of the field's range; FALSE. */
gboolean    mu_edit_counter_range_error (MuCounterField field, int value, GError **error);
/* Whether value is within the field's range (abilities: known bits only). */
gboolean    mu_edit_counter_value_ok (MuCounterKind kind, MuCounterField field, int value);

G_END_DECLS
