/* Shared by the Scenario Properties dialog's source files; not installed. */

#pragma once

#include "muster-options-editor.h"
#include "muster-properties-dialog.h"

G_BEGIN_DECLS

struct _MusterPropertiesDialog
{
  GtkDialog parent_instance;

  MuEditHistory *history;
  GHashTable *fields;          /* name → widget (owned by the dialog's tree) */
  GtkWidget *error_widget;     /* the field the last refusal was about */

  GtkStack *stack;
  GtkLabel *error_label;
  GtkBox *general_box;
  GtkBox *rules_box;
  GtkBox *timeline_box;
  GtkBox *victory_box;

  GtkWidget *rules_content;    /* rebuilt when the ruleset changes */
  MusterOptionsEditor *options; /* rules_content when the ruleset has options */
  GtkListBox *tasks_list;
  GtkListBox *reserves_list;
  GtkWidget *add_task;         /* enabled when the scenario has sides */
  GtkWidget *add_reserve;
  GtkSizeGroup *reserve_column;  /* the first column of every reserve row */
};

/* The ids of the Reserves page's edge choices, in their order (NULL: none). */
#define MUSTER_PROPS_N_EDGES 5
extern const char *const muster_props_edge_ids[MUSTER_PROPS_N_EDGES];

void
muster_props_add_field (MusterPropertiesDialog *self,
                        const char             *name,
                        GtkWidget              *widget);

GtkWidget *
muster_props_new_grid (void);

void
muster_props_grid_row (GtkWidget  *grid,
                       int         row,
                       const char *mnemonic,
                       GtkWidget  *widget,
                       const char *hint);

/* Spin buttons accept any number: the model, not the widget, says what is
 * allowed, so that a wrong value is refused with its reason. */
GtkWidget *
muster_props_new_spin (int value);

GtkWidget *
muster_props_new_entry (const char *text);

GtkWidget *
muster_props_new_dropdown (const char *const *items,
                           gboolean           translate,
                           guint              selected);

GtkWidget *
muster_props_side_dropdown (MusterPropertiesDialog *self,
                            const char             *side);

const char *
muster_props_selected_side (MusterPropertiesDialog *self,
                            GtkWidget              *dropdown);

const char *
muster_props_selected_ruleset (MusterPropertiesDialog *self);

GtkWidget *
muster_props_row_widget (GtkWidget  *row,
                         const char *what);

void
muster_props_build_victory (MusterPropertiesDialog *self);

void
muster_props_build_reserves (MusterPropertiesDialog *self);

/* The template's Add Task Objective and Add Reserve buttons. */
void
muster_props_on_add_task (GtkButton *button,
                          gpointer   user_data);

void
muster_props_on_add_reserve (GtkButton *button,
                             gpointer   user_data);

/* Applies every value to `history`; on a refusal sets *culprit to the field's
 * widget. */
gboolean
muster_props_apply_to (MusterPropertiesDialog *self,
                       MuEditHistory          *history,
                       GtkWidget             **culprit,
                       GError                **error);

G_END_DECLS
