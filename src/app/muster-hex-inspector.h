/* muster-hex-inspector.h: the editor's view of one hex and the board's size */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_HEX_INSPECTOR (muster_hex_inspector_get_type ())

G_DECLARE_FINAL_TYPE (MusterHexInspector, muster_hex_inspector, MUSTER, HEX_INSPECTOR, GtkBox)

GtkWidget   *muster_hex_inspector_new               (void);
/* The history whose scenario it shows and edits (a reference is kept). */
void         muster_hex_inspector_set_history       (MusterHexInspector *self,
                                                     MuEditHistory      *history);
/* Shows the hex (MU_HEX_NONE or off the board: none) with its values. */
void         muster_hex_inspector_show_hex          (MusterHexInspector *self,
                                                     MuHex               hex);
/* The Board Size row's choice: the edge and how many rows or columns to add. */
MuEdge       muster_hex_inspector_get_edge          (MusterHexInspector *self);
int          muster_hex_inspector_get_resize_count  (MusterHexInspector *self);
GtkDropDown *muster_hex_inspector_get_edge_dropdown (MusterHexInspector *self);

G_END_DECLS
