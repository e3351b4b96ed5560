/* Shared by the editor's source files; not installed. */

#pragma once

#include "muster-editor.h"
#include "muster-editor-widgets.h"
#include "muster-hex-inspector.h"
#include "muster-place-tool.h"
#include "muster-problems-page.h"
#include "muster-select-tool.h"
#include "muster-shape-tool.h"
#include "muster-stroke-tool.h"
#include "muster-tool-palette.h"

G_BEGIN_DECLS

/* A child of the editor's template that the editor's parts keep in
 * structs of their own (bound in class_init without an offset). */
#define MUSTER_EDITOR_TEMPLATE_CHILD(self, name) \
  gtk_widget_get_template_child (GTK_WIDGET (self), MUSTER_TYPE_EDITOR, name)

#define MUSTER_TYPE_EDITOR_INPUT (muster_editor_input_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditorInput, muster_editor_input, MUSTER, EDITOR_INPUT, GObject)

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
  MusterEditorInput *input;     /* its drop target and keys on the map view (muster-editor-input.c) */

  /* The palette's tool, its options and the selected item, as the panel
   * shows them; the tool objects that the map view reports the pointer to
   * (muster-editor-tool.h). */
  MusterTool tool;
  MusterToolOptions options;
  MusterSelection sel;
  MusterSelectTool *select;
  MusterStrokeTool *stroke;
  MusterPlaceTool *place;
  MusterShapeTool *shape;

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

gboolean
muster_editor_tool_key (MusterEditor    *self,
                        guint            keyval,
                        GdkModifierType  state);

MuReserve *
muster_editor_entry_reserve (MusterEditor *self);

gboolean
muster_editor_is_table (MusterEditor *self);

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

/* The editor's drop target and keys on the map view, attached and taken
 * off again (muster-editor-input.c). */
MusterEditorInput *muster_editor_input_attach   (MusterEditor *editor, MusterMapView *view);
void               muster_editor_input_detach   (MusterEditorInput *self);

/* The tools (muster-editor-tools.c): made and given the history, the view,
 * the options and the selection; the palette's tool `tool` made the map
 * view's; taken off the view and detached. */
void              muster_editor_tools_init      (MusterEditor *self);
void              muster_editor_activate_tool   (MusterEditor *self, MusterTool tool);
void              muster_editor_tools_dispose   (MusterEditor *self);

G_END_DECLS
