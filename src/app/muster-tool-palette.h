/* muster-tool-palette.h: the editor's tool palette
 *
 * A button a tool (those of the board's kind), and the active tool's
 * options under its name and what it does. The buttons ask the editor's
 * editor.tool action; the editor tells the palette which tool is active.
 * The palette says "changed" when an option changes and "reserve-chosen"
 * when a person picks the Entry tool's reserve.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "muster-editor.h"
#include "muster-editor-tool.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_TOOL_PALETTE (muster_tool_palette_get_type ())
G_DECLARE_FINAL_TYPE (MusterToolPalette, muster_tool_palette, MUSTER, TOOL_PALETTE, GtkBox)

/* The active tool: its options are shown, under its name and hint. */
void       muster_tool_palette_set_tool         (MusterToolPalette *self, MusterTool tool);
MusterTool muster_tool_palette_get_tool         (MusterToolPalette *self);
/* Shows the tools of a table's board, or of a hex board: TRUE when that
 * changed what is shown. */
gboolean   muster_tool_palette_set_table        (MusterToolPalette *self, gboolean table);
/* The tool is offered for the board shown. */
gboolean   muster_tool_palette_offers           (MusterToolPalette *self, MusterTool tool);
/* The offered tool whose one-key shortcut is keyval: FALSE when none. */
gboolean   muster_tool_palette_tool_for_key     (MusterToolPalette *self, guint keyval,
                                                 MusterTool *tool);
/* The options chosen now (text and reserve are left alone). */
void       muster_tool_palette_read_options     (MusterToolPalette *self, MusterToolOptions *options);
/* The Label and Objective tools' text (owned by the palette). */
const char *muster_tool_palette_get_text        (MusterToolPalette *self);

void       muster_tool_palette_set_terrain      (MusterToolPalette *self, MuTerrain terrain);
void       muster_tool_palette_set_brush_size   (MusterToolPalette *self, MuBrushSize size);
void       muster_tool_palette_set_side_feature (MusterToolPalette *self, guint feature);
void       muster_tool_palette_set_path_kind    (MusterToolPalette *self, MuPathKind kind);
void       muster_tool_palette_set_path_erase   (MusterToolPalette *self, gboolean erase);
void       muster_tool_palette_set_text         (MusterToolPalette *self, const char *text);
void       muster_tool_palette_set_area_kind    (MusterToolPalette *self, MuAreaKind kind);
void       muster_tool_palette_set_line_kind    (MusterToolPalette *self, MuLineKind kind);
/* The reserves offered to the Entry tool, by name, the chosen one
 * selected (GTK_INVALID_LIST_POSITION: none); no "reserve-chosen" follows. */
void       muster_tool_palette_set_reserves     (MusterToolPalette *self, GPtrArray *names,
                                                 guint selected);

G_END_DECLS
