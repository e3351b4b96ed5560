/* Shared by the editor's source files; not installed. */

#pragma once

#include "muster-editor.h"
#include "muster-editor-widgets.h"
#include "muster-hex-inspector.h"
#include "muster-problems-page.h"
#include "muster-tool-palette.h"

G_BEGIN_DECLS

/* Widget pixels within which a click picks a line, label or point. */
#define MUSTER_EDITOR_PICK_TOLERANCE 8.0

/* A child of the editor's template that the editor's parts keep in
 * structs of their own (bound in class_init without an offset). */
#define MUSTER_EDITOR_TEMPLATE_CHILD(self, name) \
  gtk_widget_get_template_child (GTK_WIDGET (self), MUSTER_TYPE_EDITOR, name)

typedef struct _MusterStrokeTool MusterStrokeTool;
typedef struct _MusterSelectTool MusterSelectTool;
typedef struct _MusterShapeTool MusterShapeTool;

#define MUSTER_TYPE_EDITOR_INPUT (muster_editor_input_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditorInput, muster_editor_input, MUSTER, EDITOR_INPUT, GObject)

/* The Select tool's item. It is kept here, not in the Select tool, since
 * the Selected Item panel shows it whichever tool is active. */
typedef struct
{
  MusterSelectionKind kind;
  int index;
  char *id;
} MusterSelection;

/* What the editor reports: the last edit's message and the problems the
 * scenario's check finds, refreshed when the editor is idle. Its widgets
 * are the editor template's. */
typedef struct
{
  GPtrArray *problems;          /* of MuProblem* */
  char *message;
  guint refresh_id;
  GtkLabel *message_label;
  MusterProblemsPage *page;     /* the Problems page, which titles its tab */
} MusterEditorStatus;

struct _MusterEditor
{
  GtkBox parent_instance;

  MuEditHistory *history;
  MusterMapView *view;
  gulong changed_id;
  MusterEditorInput *input;     /* its controllers on the map view (muster-editor-input.c) */

  /* The active tool, what it works with, and each tool's own state. */
  MusterTool tool;
  MusterToolOptions options;
  MusterStrokeTool *stroke;     /* the hex tools' strokes (muster-editor-stroke.c) */
  MusterShapeTool *shape;       /* the area or line being drawn (muster-editor-table.c) */
  MusterSelectTool *select;     /* the Select tool's drag (muster-editor-select.c) */
  MusterSelection sel;          /* its item */

  /* The panel's parts. */
  MusterToolPalette *palette;   /* the tools' buttons and their options */
  MusterItemPanel *item;        /* the Selected Item panel */
  MusterHexInspector *inspector; /* the selected hex and the board's size */
  MusterEditorStatus *status;   /* the last edit's message and the check's problems */
  GtkWidget *oob;               /* the Forces page's tree and form (muster-editor-oob.c) */

  /* Template children. */
  GtkLabel *history_label;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkNotebook *notebook;
  GtkBox *map_page;
  GtkBox *oob_page;
};

void
muster_editor_cancel_shape (MusterEditor *self);

void
muster_editor_select_up (MusterEditor *self,
                         double        x,
                         double        y);

gboolean
muster_editor_tool_key (MusterEditor    *self,
                        guint            keyval,
                        GdkModifierType  state);

MuReserve *
muster_editor_entry_reserve (MusterEditor *self);

gboolean
muster_editor_is_table (MusterEditor *self);

void
muster_editor_on_shape_kind_changed (MusterEditor *self);

gboolean
muster_editor_on_view_key (GtkEventControllerKey *controller,
                           guint                  keyval,
                           guint                  keycode,
                           GdkModifierType        state,
                           MusterEditor          *self);

void
muster_editor_report (MusterEditor *self,
                      gboolean      ok,
                      GError      **error);

MuScenario *
muster_editor_scenario (MusterEditor *self);

gboolean
muster_editor_select_down (MusterEditor *self,
                           double        x,
                           double        y);

void
muster_editor_select_move (MusterEditor *self,
                           double        x,
                           double        y);

void
muster_editor_show_message (MusterEditor *self,
                            const char   *message);

void
muster_editor_show_hint    (MusterEditor *self,
                            const char   *hint);

/* The facing handle of a stand selected on a table, shown or hidden. */
void
muster_editor_update_handle (MusterEditor *self);

void
muster_editor_table_down (MusterEditor *self,
                          double        x,
                          double        y);

void
muster_editor_update_entry_marks (MusterEditor *self);

void
muster_editor_update_reserves (MusterEditor *self);

void
muster_editor_update_selection (MusterEditor *self);

/* Selects a tabletop item (MUSTER_SELECTION_NONE: none) and shows it. */
void
muster_editor_select_item (MusterEditor        *self,
                           MusterSelectionKind  kind,
                           int                  index,
                           const char          *id);

/* The hex inspector shows the scene's selected hex (muster-editor.c). */
void
muster_editor_update_inspector (MusterEditor *self);

void
muster_editor_on_scene_changed (MusterScene       *scene,
                                MusterSceneChange  change,
                                MusterEditor      *self);

/* The hex tools' strokes (muster-editor-stroke.c). */
MusterStrokeTool *muster_stroke_tool_new         (MusterEditor *editor);
void              muster_stroke_tool_free        (MusterStrokeTool *self);
/* A press began a stroke that no release has ended. */
gboolean          muster_stroke_tool_is_active   (MusterStrokeTool *self);
/* A lasso's outline is being drawn. */
gboolean          muster_stroke_tool_has_outline (MusterStrokeTool *self);
void              muster_stroke_tool_down        (MusterStrokeTool *self, double x, double y);
void              muster_stroke_tool_move        (MusterStrokeTool *self, double x, double y);
void              muster_stroke_tool_up          (MusterStrokeTool *self, double x, double y);

/* The editor's controllers on the map view, attached and taken off again
 * (muster-editor-input.c). */
MusterEditorInput *muster_editor_input_attach   (MusterEditor *editor, MusterMapView *view);
void               muster_editor_input_detach   (MusterEditorInput *self);

/* The Select tool's drag (muster-editor-select.c). */
MusterSelectTool *muster_select_tool_new        (void);
void              muster_select_tool_free       (MusterSelectTool *self);
/* A press picked an item that the drag moves or turns. */
gboolean          muster_select_tool_is_moving  (MusterSelectTool *self);
/* The next drag turns the selected stand instead of moving it. */
void              muster_select_tool_set_rotate (MusterSelectTool *self, gboolean rotate);
void              muster_select_tool_end        (MusterSelectTool *self);

/* The Area and Line tools' shape being drawn (muster-editor-table.c). */
MusterShapeTool  *muster_shape_tool_new         (void);
void              muster_shape_tool_free        (MusterShapeTool *self);

/* Table geometry the table tools share (muster-editor-table.c). */
/* Table units per widget pixel at the present zoom. */
double            muster_editor_table_units_per_pixel (MusterEditor *self);
/* The board pixel under a widget point. */
void              muster_editor_board_point           (MusterEditor *self, double x, double y,
                                                       double *bx, double *by);
/* Table points (of MuPoint, table units) outlined on the board. */
void              muster_editor_set_table_outline     (MusterEditor *self, const GArray *points,
                                                       guint flags);

G_END_DECLS
