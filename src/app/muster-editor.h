/* muster-editor.h: the scenario editor beside the canvas
 *
 * A tool palette with the tools' options, the undo/redo buttons and the live
 * problem list. The editor owns no model: every change goes through the
 * MuEditHistory's operations (mu-edit.h): the palette's tool, a small
 * object (muster-editor-tool.h) made the map view's active tool, turns the
 * pointer and Enter into those operations (one drag = one undo step). Its
 * class installs the actions editor.tool (the "tool" property, which tool
 * code may watch) and editor.resize (the board's resize). Its undo and redo
 * buttons are the window's win.undo and win.redo, which act on the shown
 * document.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "muster-editor-tool.h"
#include "muster-item-panel.h"
#include "muster-map-view.h"
#include "muster-scene.h"

G_BEGIN_DECLS

/* The tools (muster-editor-tool.h) as an enumeration whose nicks are
 * their names (editor.tool's targets). */
#define MUSTER_TYPE_TOOL (muster_tool_get_type ())
GType muster_tool_get_type (void) G_GNUC_CONST;

#define MUSTER_TYPE_EDITOR (muster_editor_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditor, muster_editor, MUSTER, EDITOR, GtkBox)

/* The editor keeps a reference to history; it listens to the map view's
 * pointer and keeps the scene in step with the model. */
GtkWidget      *muster_editor_new              (MuEditHistory *history, MusterMapView *view);
/* What a change of the history does (the scene follows the scenario), for an
 * editor made while the history's "changed" was being emitted. */
void            muster_editor_history_changed  (MusterEditor *self);
MuEditHistory  *muster_editor_get_history      (MusterEditor *self);

const char     *muster_tool_to_string          (MusterTool tool);
gboolean        muster_tool_from_string        (const char *name, MusterTool *tool);

void            muster_editor_set_tool         (MusterEditor *self, MusterTool tool);
MusterTool      muster_editor_get_tool         (MusterEditor *self);
void            muster_editor_set_terrain      (MusterEditor *self, MuTerrain terrain);
void            muster_editor_set_brush_size   (MusterEditor *self, MuBrushSize size);
/* One MuSideFeatures bit for the hexside tool. */
void            muster_editor_set_side_feature (MusterEditor *self, guint feature);
void            muster_editor_set_path_kind    (MusterEditor *self, MuPathKind kind);
/* The path tool erases segments instead of drawing them. */
void            muster_editor_set_path_erase   (MusterEditor *self, gboolean erase);
/* The reserve whose entry hexes the entry tool toggles (NULL: the first one). */
void            muster_editor_set_reserve      (MusterEditor *self, const char *reserve);
/* Text for new labels and objectives. */
void            muster_editor_set_text         (MusterEditor *self, const char *text);

/* Kinds for the area and line tools of tabletop boards. */
void            muster_editor_set_area_kind    (MusterEditor *self, MuAreaKind kind);
void            muster_editor_set_line_kind    (MusterEditor *self, MuLineKind kind);
/* Ends the polygon or polyline being drawn (as Enter or a click on its last
 * point does) and adds it; FALSE when there was none or it was refused. */
gboolean        muster_editor_finish_shape     (MusterEditor *self);
/* Points of the shape being drawn so far. */
guint           muster_editor_get_n_draft_points (MusterEditor *self);

/* The selected item: returns its kind; *index receives the area, line or
 * label index, *id (may be NULL) the objective id (owned by the editor). */
MusterSelectionKind muster_editor_get_selection (MusterEditor *self, int *index, const char **id);
/* What the Selected Item panel says about the selection (for a counter, its
 * stack too); owned by the editor. */
const char     *muster_editor_get_selection_text (MusterEditor *self);
/* The Selected Item panel's controls, as a person uses them: each is one
 * undo step. Text is the area's name, the label's text or the objective's
 * name. Owner is a side id or NULL for nobody. */
void            muster_editor_set_selected_text  (MusterEditor *self, const char *text);
void            muster_editor_set_selected_level (MusterEditor *self, int level);
void            muster_editor_set_selected_scale (MusterEditor *self, double scale);
void            muster_editor_set_selected_owner (MusterEditor *self, const char *owner);
void            muster_editor_set_selected_value (MusterEditor *self, int value);
void            muster_editor_rotate_selected    (MusterEditor *self, double degrees);
void            muster_editor_delete_selected    (MusterEditor *self);
/* Rotates instead of moving while dragging a selected area or line with
 * Select (the gesture sets it from Shift). */
void            muster_editor_set_rotate_drag    (MusterEditor *self, gboolean rotate);

/* Pointer input in map view widget coordinates, primary button, told to
 * the active tool as the map view tells it of the pointer; tests drive the
 * tools through them. */
void            muster_editor_pointer_down     (MusterEditor *self, double x, double y);
void            muster_editor_pointer_move     (MusterEditor *self, double x, double y);
void            muster_editor_pointer_up       (MusterEditor *self, double x, double y);

/* Places counter `id` on the hex (or table point) under widget point (x, y) of
 * the map view, as dropping it there from the order of battle does. */
gboolean        muster_editor_drop_counter     (MusterEditor *self, const char *id, double x, double y);
typedef enum {
  MUSTER_EDITOR_PANEL_MAP,       /* tools and their options */
  MUSTER_EDITOR_PANEL_FORCES,    /* the order of battle */
  MUSTER_EDITOR_PANEL_PROBLEMS,  /* the validation list */
} MusterEditorPanel;

void            muster_editor_show_panel       (MusterEditor *self, MusterEditorPanel panel);
MusterEditorPanel muster_editor_get_panel      (MusterEditor *self);

/* Inserts (count > 0) or removes rows or columns at an edge, as the Board
 * Size controls do; what is cut off is shown in the palette. */
gboolean        muster_editor_resize_board     (MusterEditor *self, MuEdge edge, int count);


/* The order-of-battle panel (a MusterEditorOob). */
GtkWidget      *muster_editor_get_oob          (MusterEditor *self);

/* The last refusal (a GError message of an edit) shown in the palette, or NULL. */
const char     *muster_editor_get_message      (MusterEditor *self);
/* The problems of the scenario now (MuProblem*), refreshed after each change. */
GPtrArray      *muster_editor_get_problems     (MusterEditor *self);
/* Selects the hex or counter of problem `index` and scrolls the board to it. */
void            muster_editor_activate_problem (MusterEditor *self, guint index);

G_END_DECLS
