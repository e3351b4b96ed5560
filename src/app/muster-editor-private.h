/* Shared by the editor's source files; not installed. */

#pragma once

#include "muster-editor.h"

G_BEGIN_DECLS

/* Widget pixels within which a click picks a line, label or point. */
#define MUSTER_EDITOR_PICK_TOLERANCE 8.0

typedef struct _MusterStrokeTool MusterStrokeTool;
typedef struct _MusterSelectTool MusterSelectTool;
typedef struct _MusterShapeTool MusterShapeTool;

#define MUSTER_TYPE_EDITOR_INPUT (muster_editor_input_get_type ())
G_DECLARE_FINAL_TYPE (MusterEditorInput, muster_editor_input, MUSTER, EDITOR_INPUT, GObject)

struct _MusterEditor
{
  GtkBox parent_instance;

  MuEditHistory *history;
  MusterMapView *view;
  GSimpleActionGroup *actions;
  gulong changed_id;
  guint refresh_id;
  GPtrArray *problems;          /* of MuProblem* */
  char *message;

  /* Tool and options. */
  MusterTool tool;
  MuTerrain terrain;
  MuBrushSize brush;
  guint side_feature;
  MuPathKind path_kind;
  gboolean path_erase;
  char *text;
  char *reserve;

  MusterStrokeTool *stroke;     /* the hex tools' input (muster-editor-stroke.c) */

  /* Template children. */
  GtkLabel *history_label;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkGrid *tool_grid;
  GtkDropDown *terrain_dropdown;
  GtkDropDown *brush_dropdown;
  GtkDropDown *side_dropdown;
  GtkDropDown *path_dropdown;
  GtkCheckButton *erase_check;
  GtkEntry *text_entry;
  GtkLabel *message_label;
  GtkLabel *problems_heading;
  GtkListBox *problem_list;
  GtkNotebook *notebook;
  GtkBox *oob_page;
  GtkLabel *problems_tab;
  GtkWidget *oob;
  GtkLabel *hex_label;
  GtkWidget *hex_box;
  GtkSpinButton *elevation_spin;
  GtkFlowBox *feature_box;
  GtkWidget *feature_checks[8];
  GtkDropDown *edge_dropdown;
  GtkSpinButton *resize_spin;
  gboolean inspecting;

  /* Tables. */
  MusterShapeTool *shape;       /* the area or line being drawn (muster-editor-table.c) */
  GtkBox *map_page;
  GtkGrid *options_grid;
  GtkLabel *options_heading;
  GtkLabel *tool_hint;
  GtkDropDown *area_dropdown;
  GtkDropDown *line_dropdown;
  GtkDropDown *reserve_dropdown;
  GtkWidget *tool_buttons[MUSTER_TOOL_N];
  GtkWidget *area_row, *line_row, *reserve_row;
  int shown_board;              /* MuBoardKind the palette shows, or -1 */

  /* The Select tool's item and its panel. */
  MusterSelectionKind sel_kind;
  int sel_index;
  char *sel_id;
  gboolean panel_empty;         /* the panel shows no item */
  MusterSelectTool *select;     /* its drag (muster-editor-select.c) */
  GtkLabel *item_label;
  GtkEntry *item_text;
  GtkSpinButton *item_level;
  GtkSpinButton *item_scale;
  GtkDropDown *item_owner;
  GtkSpinButton *item_value;
  GtkSpinButton *item_rotate;
  GtkWidget *item_text_row;
  GtkWidget *item_level_row;
  GtkWidget *item_scale_row;
  GtkWidget *item_owner_row;
  GtkWidget *item_value_row;
  GtkWidget *item_rotate_row;
  GtkWidget *item_delete;
  /* an area's values (muster-editor-area.c) */
  GtkSpinButton *area_capacity;
  GtkSpinButton *area_defence;
  GtkCheckButton *area_hard_cover;
  GtkSpinButton *area_grade;
  GtkDropDown *area_side;
  GtkWidget *area_capacity_row;
  GtkWidget *area_defence_row;
  GtkWidget *area_grade_row;
  GtkWidget *area_side_row;
  MusterEditorInput *input;     /* its controllers on the map view (muster-editor-input.c) */
};

void
muster_editor_build_table_widgets (MusterEditor *self);

/* A label and a control in a row of grid; the control shows and hides
 * with the label, which is returned. */
GtkWidget *
muster_editor_panel_row (GtkWidget  *grid,
                         int         row,
                         const char *label,
                         GtkWidget  *control);

/* The Selected Item rows of an area's values (capacity, defence, hard
 * cover, grade, a deployment zone's side), from row `row` of grid. */
void
muster_editor_build_area_values (MusterEditor *self,
                                 GtkWidget    *grid,
                                 int           row);

/* Shows the rows the area carries, with its values (NULL: none shown). */
void
muster_editor_show_area_values (MusterEditor *self,
                                const MuArea *area);

void
muster_editor_cancel_shape (MusterEditor *self);

void
muster_editor_select_up (MusterEditor *self,
                         double        x,
                         double        y);

void
muster_editor_ellipsize_dropdown (GtkDropDown *dropdown);

gboolean
muster_editor_tool_key (MusterEditor    *self,
                        guint            keyval,
                        GdkModifierType  state);

MuReserve *
muster_editor_entry_reserve (MusterEditor *self);

gboolean
muster_editor_is_table (MusterEditor *self);

void
muster_editor_on_reserve_chosen (GtkDropDown  *dropdown,
                                 GParamSpec   *pspec,
                                 MusterEditor *self);

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
muster_editor_set_dropdown_strings (GtkDropDown *dropdown,
                                    GPtrArray   *names);

void
muster_editor_show_message (MusterEditor *self,
                            const char   *message);

void
muster_editor_show_hint    (MusterEditor *self,
                            const char   *hint);

/* The facing handle of a stand selected on a table, shown or hidden. */
void
muster_editor_update_handle (MusterEditor *self);

GListModel *
muster_editor_string_model (const char *const *items,
                            guint              n);

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

/* The inspector and the board's size (muster-editor-inspector.c). */
extern const MuHexFeatures muster_editor_hex_features[8];

void
muster_editor_update_inspector (MusterEditor *self);

void
muster_editor_on_scene_changed (MusterScene       *scene,
                                MusterSceneChange  change,
                                MusterEditor      *self);

void
muster_editor_on_elevation_changed (GtkSpinButton *spin,
                                    MusterEditor  *self);

void
muster_editor_on_feature_toggled (GtkCheckButton *check,
                                  MusterEditor   *self);

void
muster_editor_on_resize (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       data);

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
