/* muster-item-panel.h: the Selected Item panel of the editor */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

/* What the Select tool picked: a counter (a stand on a table), an area or
 * polyline of a table, a label or an objective. Clicking it selects it,
 * dragging moves it (Shift+drag rotates stands, areas and lines; a counter
 * dropped off a hex board is taken off it), and the Selected Item panel edits
 * it. A drag is one undo step. */
typedef enum {
  MUSTER_SELECTION_NONE,
  MUSTER_SELECTION_AREA,
  MUSTER_SELECTION_LINE,
  MUSTER_SELECTION_LABEL,
  MUSTER_SELECTION_OBJECTIVE,
  MUSTER_SELECTION_COUNTER,     /* a placed counter or stand, by id */
} MusterSelectionKind;

#define MUSTER_TYPE_ITEM_PANEL (muster_item_panel_get_type ())

G_DECLARE_FINAL_TYPE (MusterItemPanel, muster_item_panel, MUSTER, ITEM_PANEL, GtkBox)

GtkWidget  *muster_item_panel_new         (void);
/* The history whose scenario it shows and edits (a reference is kept). */
void        muster_item_panel_set_history (MusterItemPanel *self, MuEditHistory *history);
/* Shows the item (MUSTER_SELECTION_NONE: none), which must exist. */
void        muster_item_panel_show        (MusterItemPanel *self, MusterSelectionKind kind, int index,
                                           const char *id);
/* What the panel says about the item (for a counter, its stack too). */
const char *muster_item_panel_get_title   (MusterItemPanel *self);
/* The controls, as a person uses them: each is one undo step. */
void        muster_item_panel_set_text    (MusterItemPanel *self, const char *text);
void        muster_item_panel_set_level   (MusterItemPanel *self, int level);
void        muster_item_panel_set_scale   (MusterItemPanel *self, double scale);
void        muster_item_panel_set_owner   (MusterItemPanel *self, const char *owner);
void        muster_item_panel_set_value   (MusterItemPanel *self, int value);
void        muster_item_panel_rotate      (MusterItemPanel *self, double degrees);
void        muster_item_panel_delete      (MusterItemPanel *self);

G_END_DECLS
