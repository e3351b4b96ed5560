/* muster-editor-tool.h: what the editor's board tools share
 *
 * Each tool of the editor's palette is a small object that the map view
 * reports the pointer to (muster-map-tool.h): MusterSelectTool,
 * MusterStrokeTool (the hex tools' strokes), MusterPlaceTool (labels,
 * objectives and entry hexes) and MusterShapeTool (table areas and lines).
 * They derive from MusterEditorTool, which holds what every one works
 * with: the scenario's edit history, the map view, the palette's options
 * and the selection, both owned by the editor and only read here. A tool
 * never calls back into the editor: it tells it through signals what to
 * show ("message", and the Select tool's "select").
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "muster-item-panel.h"
#include "muster-map-tool.h"
#include "muster-map-view.h"

G_BEGIN_DECLS

/* The palette's tools. */
typedef enum {
  MUSTER_TOOL_SELECT,
  MUSTER_TOOL_BRUSH,
  MUSTER_TOOL_FILL,
  MUSTER_TOOL_RECTANGLE,
  MUSTER_TOOL_LASSO,          /* paint the hexes a drawn outline encloses */
  MUSTER_TOOL_RAISE,
  MUSTER_TOOL_LOWER,
  MUSTER_TOOL_HEXSIDE,
  MUSTER_TOOL_PATH,
  MUSTER_TOOL_LABEL,
  MUSTER_TOOL_OBJECTIVE,
  MUSTER_TOOL_ENTRY,          /* entry hexes of the chosen reserve */
  MUSTER_TOOL_AREA,           /* tables: terrain polygons */
  MUSTER_TOOL_LINE,           /* tables: roads, streams, walls, ... */
  MUSTER_TOOL_N
} MusterTool;

/* Widget pixels within which a click picks a line, label or point. */
#define MUSTER_EDITOR_PICK_TOLERANCE 8.0

/* The options the tools work with, as chosen in the palette: the hex
 * tools' terrain, brush, hexside feature and path; a label's text; the
 * reserve whose entry hexes the Entry tool marks; the table tools' kinds. */
typedef struct
{
  MuTerrain terrain;
  MuBrushSize brush;
  guint side_feature;
  MuPathKind path_kind;
  gboolean path_erase;
  char *text;
  char *reserve;
  MuAreaKind area_kind;
  MuLineKind line_kind;
} MusterToolOptions;

/* The selected item, which the Selected Item panel shows whichever tool is
 * active: the Select tool reads it and asks for changes. */
typedef struct
{
  MusterSelectionKind kind;
  int index;
  char *id;
} MusterSelection;

#define MUSTER_TYPE_EDITOR_TOOL (muster_editor_tool_get_type ())
G_DECLARE_DERIVABLE_TYPE (MusterEditorTool, muster_editor_tool, MUSTER, EDITOR_TOOL, GObject)

struct _MusterEditorToolClass
{
  GObjectClass parent_class;

  /* The palette chose another tool, or the board changed: what a press
   * began ends now, as a release would end it. */
  void (*finish) (MusterEditorTool *self);
};

/* The editor gives each tool its history (a reference is kept), view,
 * options and selection; it detaches them before it goes, after which a
 * press the view still reports goes nowhere. */
void                     muster_editor_tool_attach    (MusterEditorTool        *self,
                                                       MuEditHistory           *history,
                                                       MusterMapView           *view,
                                                       const MusterToolOptions *options,
                                                       const MusterSelection   *selection);
void                     muster_editor_tool_detach    (MusterEditorTool *self);
gboolean                 muster_editor_tool_is_attached (MusterEditorTool *self);
/* Which palette tool this object is now (the stroke tool is several). */
void                     muster_editor_tool_set_kind  (MusterEditorTool *self, MusterTool kind);
MusterTool               muster_editor_tool_get_kind  (MusterEditorTool *self);
void                     muster_editor_tool_finish    (MusterEditorTool *self);

MuEditHistory           *muster_editor_tool_get_history   (MusterEditorTool *self);
MusterMapView           *muster_editor_tool_get_view      (MusterEditorTool *self);
MuScenario              *muster_editor_tool_get_scenario  (MusterEditorTool *self);
const MusterToolOptions *muster_editor_tool_get_options   (MusterEditorTool *self);
const MusterSelection   *muster_editor_tool_get_selection (MusterEditorTool *self);

/* "message": an edit's refusal (NULL clears it), or guidance (hint). */
void     muster_editor_tool_message (MusterEditorTool *self, const char *text, gboolean hint);
/* Reports an edit: its refusal, or clears the last one. The error is
 * passed by address so that it is read after the edit that sets it. */
void     muster_editor_tool_report  (MusterEditorTool *self, gboolean ok, GError **error);

/* The scenario is a table with its tabletop. */
gboolean muster_editor_tool_is_table        (MusterEditorTool *self);
/* Table units per widget pixel at the present zoom. */
double   muster_editor_tool_units_per_pixel (MusterEditorTool *self);
/* The board pixel under a widget point. */
void     muster_editor_tool_board_point     (MusterEditorTool *self, double x, double y,
                                             double *bx, double *by);
/* Table points (of MuPoint, table units) outlined on the board. */
void     muster_editor_tool_table_outline   (MusterEditorTool *self, const GArray *points, guint flags);
/* Text for a new label or objective, or NULL for the default. */
const char *muster_editor_tool_text         (MusterEditorTool *self);

/* The reserve the Entry tool works on: the one named, else the first. */
MuReserve *muster_tool_options_entry_reserve (const MusterToolOptions *options, MuScenario *scenario);

G_END_DECLS
