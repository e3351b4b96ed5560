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
/* Checks that TEXT fits in a scenario file (MU_SCENARIO_MAX_TEXT). */
gboolean    mu_edit_check_text (const char *text, GError **error);
/* Checks that side is the id of a side of the scenario. */
gboolean    mu_edit_need_side  (const MuScenario *scenario, const char *side, GError **error);
/* Replaces *field by a copy of value ("" counts as NULL when empty_is_null);
 * returns whether it differed, after touching the history with label. */
gboolean    mu_edit_set_string (MuEditHistory *history, const char *label, char **field,
                                const char *value, gboolean empty_is_null);

/* Sets the error that says why value is out of the range of the whole
 * number `name` the scenario's ruleset declares for the kind (as
 * mu_edit_set_counter_number refuses it: the declaration's reason, else
 * its rule); FALSE. */
gboolean    mu_edit_counter_number_error (const MuScenario *scenario, MuCounterKind kind,
                                          const char *name, int value, GError **error);

/* The counter with id, or NULL after setting error (mu-edit-oob.c). */
MuCounter  *mu_edit_need_counter      (const MuScenario *scenario, const char *id, GError **error);
/* "control counter", "command counter", "unit counter", translated. */
const char *mu_edit_kind_display_name (MuCounterKind kind);

/* Undo steps that keep what changed (mu-edit-step.c). The shadow is a copy of
 * the board's cells and hexsides as at the end of the last step; a pending
 * step holds what a step needs from before its first change; a delta is a
 * finished step, which applying exchanges with the live scenario. */
typedef struct _MuEditShadow MuEditShadow;
typedef struct _MuEditPending MuEditPending;
typedef struct _MuEditDelta MuEditDelta;

MuEditShadow  *mu_edit_shadow_new     (void);
void           mu_edit_shadow_free    (MuEditShadow *shadow);
/* Forget the board copy (the scenario was changed outside the history). */
void           mu_edit_shadow_reset   (MuEditShadow *shadow);
MuEditPending *mu_edit_pending_new    (const MuScenario *live, MuEditShadow *shadow);
void           mu_edit_pending_free   (MuEditPending *pending);
/* Consumes pending; NULL when the scenario is as it was. */
MuEditDelta   *mu_edit_pending_finish (MuEditPending *pending, const MuScenario *live,
                                       MuEditShadow *shadow);
/* Undo or redo: after it, delta holds the other direction. */
void           mu_edit_delta_apply    (MuEditDelta *delta, MuScenario *live, MuEditShadow *shadow);
void           mu_edit_delta_free     (MuEditDelta *delta);
/* Whether two counters have the same content (mu-edit-diff.c). */
gboolean       mu_edit_counter_equal  (const MuCounter *a, const MuCounter *b);

G_END_DECLS
