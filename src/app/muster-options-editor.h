/* muster-options-editor.h: a ruleset's rule options as controls
 *
 * One row per option the ruleset declares in the classes shown, grouped by
 * class under a heading: its name, its one-line explanation with its rule
 * id, and a control of its type: a switch (on or off), a spin button (a
 * whole number in the declared range) or a drop-down (one of the declared
 * words). Essential rules show on and cannot be changed. The New Match
 * dialog shows the players' choices (the optional class) and Scenario
 * Properties all of them.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "mu-ruleset.h"

G_BEGIN_DECLS

typedef enum {
  MUSTER_OPTIONS_ESSENTIAL = 1 << MU_RULE_ESSENTIAL,
  MUSTER_OPTIONS_OPTIONAL = 1 << MU_RULE_OPTIONAL,
  MUSTER_OPTIONS_SPECIAL = 1 << MU_RULE_SPECIAL,
  MUSTER_OPTIONS_ALL = MUSTER_OPTIONS_ESSENTIAL | MUSTER_OPTIONS_OPTIONAL | MUSTER_OPTIONS_SPECIAL,
} MusterOptionsClasses;

#define MUSTER_TYPE_OPTIONS_EDITOR (muster_options_editor_get_type ())
G_DECLARE_FINAL_TYPE (MusterOptionsEditor, muster_options_editor, MUSTER, OPTIONS_EDITOR, GtkWidget)

/* The options (n_options of them, borrowed: a ruleset's declarations live
 * as long as the program) of the classes shown, each set as the scenario
 * has it (its value, or the declared default; scenario may be NULL). */
GtkWidget *muster_options_editor_new          (const MuRuleOptionInfo *options, guint n_options,
                                               MusterOptionsClasses classes, const MuScenario *scenario);
/* The same for the scenario's own ruleset (none shown when it is unknown). */
GtkWidget *muster_options_editor_new_for_scenario (const MuScenario *scenario, MusterOptionsClasses classes);
/* How many options are shown. */
guint      muster_options_editor_get_n_shown  (MusterOptionsEditor *self);
/* The control of an option (GtkSwitch, GtkSpinButton or GtkDropDown), or NULL. */
GtkWidget *muster_options_editor_get_control  (MusterOptionsEditor *self, const char *key);
/* The value shown, as the scenario file writes it: "true" or "false", the
 * whole number, the choice word (newly allocated); NULL for a key not shown. */
char      *muster_options_editor_get_value    (MusterOptionsEditor *self, const char *key);
/* Shows value (as above); FALSE when the key is not shown or the value does
 * not fit the option. */
gboolean   muster_options_editor_set_value    (MusterOptionsEditor *self, const char *key,
                                               const char *value);
/* Writes the options that differ from the scenario's into it (not the
 * essential ones). */
void       muster_options_editor_apply        (MusterOptionsEditor *self, MuScenario *scenario);
/* The same as undoable edits of history; on a refusal *culprit receives the
 * option's control. */
gboolean   muster_options_editor_apply_edits  (MusterOptionsEditor *self, MuEditHistory *history,
                                               GtkWidget **culprit, GError **error);

G_END_DECLS
