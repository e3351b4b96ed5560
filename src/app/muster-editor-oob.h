/* muster-editor-oob.h: the order-of-battle tree of the editor
 *
 * side → control → command → units as an expandable list (GtkListView over a
 * GtkTreeListModel), with add, duplicate, delete, reorder, drag to reassign,
 * a context menu, and the selected counter's values. Rows can be dragged onto the map view to
 * place the counter (the drag carries "counter:ID"). All changes go through
 * MuEditHistory.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_EDITOR_OOB (muster_editor_oob_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditorOob, muster_editor_oob, MUSTER, EDITOR_OOB, GtkBox)

GtkWidget  *muster_editor_oob_new          (MuEditHistory *history);

/* The selected side or counter id, or NULL. */
const char *muster_editor_oob_get_selected (MusterEditorOob *self);
gboolean    muster_editor_oob_select       (MusterEditorOob *self, const char *id);
/* Number of rows shown (the tree is kept expanded). */
guint       muster_editor_oob_get_n_rows   (MusterEditorOob *self);
/* The label of row `index` as shown, newly allocated. */
char       *muster_editor_oob_get_row_text (MusterEditorOob *self, guint index);

/* The buttons' commands. Add creates what belongs under the selection: a
 * control counter under a side, a command under a control, a unit under a
 * command (and a side when nothing is selected). */
gboolean    muster_editor_oob_add          (MusterEditorOob *self, GError **error);
/* A new side (named "New Side", in the first offered colour no side wears),
 * selected. Remove deletes a selected side (refused while anything refers
 * to it). */
gboolean    muster_editor_oob_add_side     (MusterEditorOob *self, GError **error);
/* The selected side's colour, 0xRRGGBB (one undo step). */
gboolean    muster_editor_oob_set_side_colour (MusterEditorOob *self, guint32 colour, GError **error);
/* A new reserve for the selected side (or the selected counter's side). */
gboolean    muster_editor_oob_add_reserve  (MusterEditorOob *self, GError **error);
gboolean    muster_editor_oob_duplicate    (MusterEditorOob *self, GError **error);
gboolean    muster_editor_oob_remove       (MusterEditorOob *self, GError **error);
gboolean    muster_editor_oob_move         (MusterEditorOob *self, int delta, GError **error);
/* What dropping `dragged` on row `target` does: a counter dropped on a
 * possible superior is reassigned to it, on a side it becomes top-level (STAR
 * for a unit), on a counter of the same rank it moves before that counter. */
gboolean    muster_editor_oob_drop         (MusterEditorOob *self, const char *dragged,
                                            const char *target, GError **error);
/* Sets a number the ruleset declares (its id: "attack") of the selected
 * counter (range-checked by the model). */
gboolean    muster_editor_oob_set_value    (MusterEditorOob *self, const char *field,
                                            int value, GError **error);

/* The context menu of the tree (a right click on a row, Menu or
 * Shift+F10): the buttons' commands and, for a counter, the reserve it
 * arrives with (its side's reserves or None), actions "oob.*" on the
 * panel. The menu for the selection (newly allocated), and the popover
 * while it has been opened (else NULL). */
GMenuModel *muster_editor_oob_get_menu     (MusterEditorOob *self);
GtkWidget  *muster_editor_oob_get_menu_popover (MusterEditorOob *self);

G_END_DECLS
