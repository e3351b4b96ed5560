/* muster-scene.h: what the map view shows of a scenario or a match
 *
 * The scene sits between the model and the widget (as in GNOME Chess): it
 * listens to the document's model (a match's MusterGame, a scenario's edit
 * history) and computes from the engine's views what the board shows: the
 * pieces with their markers, the hex highlights, a selected unit's marks.
 * The editor and the match page tell it only what is selected, grouped,
 * hovered or traced and which side is looking; the map view only draws it
 * and reports where the pointer is. A change of the model is computed once
 * and reported once ("changed"), and only when what is shown differs.
 */
#pragma once

#include <glib-object.h>

#include "mu-edit.h"
#include "mu-render.h"
#include "mu-scenario.h"
#include "muster-game.h"

#include "mu-region.h"

G_BEGIN_DECLS

typedef enum {
  MUSTER_SCENE_TERRAIN    = 1 << 0,  /* the board itself changed */
  MUSTER_SCENE_PIECES     = 1 << 1,  /* pieces, highlights or selection changed */
  MUSTER_SCENE_OVERLAY    = 1 << 2,  /* only the outline being drawn changed */
} MusterSceneChange;

#define MUSTER_TYPE_SCENE (muster_scene_get_type ())
G_DECLARE_FINAL_TYPE (MusterScene, muster_scene, MUSTER, SCENE, GObject)

MusterScene      *muster_scene_new                (void);

/* Board pixels (at the view's unscaled size): a hex's size, and a table
 * inch's. */
#define MUSTER_SCENE_HEX_SIZE     32.0
#define MUSTER_SCENE_PX_PER_INCH  24.0

/* A scenario shown as it stands: not copied, it must outlive the scene or
 * be replaced first; the pieces are its placements'. Clears any history
 * or game. */
void              muster_scene_set_scenario       (MusterScene *self, const MuScenario *scenario);
const MuScenario *muster_scene_get_scenario       (MusterScene *self);
/* Tells views that the scenario was edited in place. */
void              muster_scene_scenario_changed   (MusterScene *self);

/* The editor's document: the scene shows the history's scenario and
 * follows its edits, undo and redo ("changed"); NULL clears it. */
void              muster_scene_set_history        (MusterScene *self, MuEditHistory *history);
MuEditHistory    *muster_scene_get_history        (MusterScene *self);

/* A match (muster-scene-match.c): the scene follows the game ("changed")
 * and computes the pieces from the engine's counters, and the selected
 * counter's legal moves and targets, its marks, command radius and front
 * arc; NULL clears it. */
void              muster_scene_set_game           (MusterScene *self, MusterGame *game);
MusterGame       *muster_scene_get_game           (MusterScene *self);
/* The match shown instead of the game's (a replay's step, which must
 * outlive it), or NULL for the game's. */
void              muster_scene_show_match         (MusterScene *self, MuMatch *match);
/* The side looking (TAB-19: what it may not know is hidden), NULL: all. */
void              muster_scene_set_viewer         (MusterScene *self, const char *side);
/* The selected counter, by id (NULL: none); a counter that leaves the
 * board is no longer selected. */
void              muster_scene_select_counter     (MusterScene *self, const char *id);
const char       *muster_scene_get_selected_counter (MusterScene *self);
/* The counters grouped with the selected one to act together (not it),
 * NULL-terminated. */
void              muster_scene_set_group          (MusterScene *self, const char *const *ids);
/* The positions a command names (the computer's last), marked; NULL
 * clears them. */
void              muster_scene_mark_command       (MusterScene *self, const MuCommand *command);
/* The engine's legal moves of the selected counter (of MuPos), NULL when
 * none is selected; borrowed until the next change. */
const GArray     *muster_scene_get_moves          (MusterScene *self);
/* The counters it may attack, NULL-terminated; borrowed. */
const char *const *muster_scene_get_targets       (MusterScene *self);

/* Pieces (MuPiece) for a scene without a model (tests); copied. views: the
 * counter views (MuCounterView) the pieces point into for their markers
 * and stands, which the scene keeps (a reference) as long as it shows
 * them; may be NULL when they point into nothing. */
void              muster_scene_set_pieces         (MusterScene *self, const MuPiece *pieces, guint n,
                                                   GArray *views);
const MuPiece    *muster_scene_get_pieces         (MusterScene *self, guint *n);

/* The highlights drawn: computed, then a tool's marks, then the selected
 * hex. */
const MuHexHighlight *muster_scene_get_highlights (MusterScene *self, guint *n);
/* Hexes a tool marks as it works (a lasso's, a rectangle's, the entry
 * hexes of a reserve); copied; n = 0 clears them. */
void              muster_scene_set_marks          (MusterScene *self, const MuHexHighlight *marks, guint n);
void              muster_scene_clear_marks        (MusterScene *self);

/* A position in board pixels, as the scene's board lays it out. */
void              muster_scene_pos_to_board       (MusterScene *self, const MuPos *pos, MuPoint *board);
/* Board pixels a table unit (inch or cm) takes; a hex's size on a hex
 * board. */
double            muster_scene_board_scale        (const MuScenario *scenario);

/* Selection: one piece (index into the pieces, -1 for none) and/or one hex. */
void              muster_scene_select_piece       (MusterScene *self, int index);
int               muster_scene_get_selected_piece (MusterScene *self);
void              muster_scene_select_hex         (MusterScene *self, MuHex hex);
MuHex             muster_scene_get_selected_hex   (MusterScene *self);

typedef enum {
  MUSTER_OUTLINE_OPEN    = 0,
  MUSTER_OUTLINE_CLOSED  = 1 << 0,  /* the last point joins the first */
  MUSTER_OUTLINE_CORNERS = 1 << 1,  /* each point is marked (clicked corners, not a freehand line) */
} MusterOutlineFlags;

/* The outline being drawn (a lasso, an area, a line), in board pixels at
 * the view's unscaled size, drawn over the board as it grows; n = 0 clears
 * it. */
void              muster_scene_set_outline        (MusterScene *self, const MuPoint *points, guint n,
                                                   guint flags);
const MuPoint    *muster_scene_get_outline        (MusterScene *self, guint *n, guint *flags);

/* A handle to drag (a stand's facing): a knob at `knob` tied to `from`,
 * board pixels; NULL hides it. */
void              muster_scene_set_handle         (MusterScene *self, const MuPoint *from,
                                                   const MuPoint *knob);
gboolean          muster_scene_get_handle         (MusterScene *self, MuPoint *from, MuPoint *knob);

/* A trace over the board: the line of sight from the selected counter to
 * the position under the pointer, or the path a move would take. Points in
 * board pixels at the view's unscaled size. */
typedef enum {
  MUSTER_TRACE_NONE,
  MUSTER_TRACE_SIGHT,    /* a line of sight: clear up to `mark`, blocked beyond it */
  MUSTER_TRACE_PATH,     /* a move's path through its points */
} MusterTraceKind;

typedef struct {
  MusterTraceKind kind;
  const MuPoint *points;
  guint n_points;
  gboolean blocked;      /* SIGHT: blocked at mark */
  MuPoint mark;          /* SIGHT: where the line is blocked */
  MuHex mark_hex;        /* SIGHT on a hex board: the blocking hex, else MU_HEX_NONE */
  const char *label;     /* a few words shown by the trace's end or its mark, or NULL */
} MusterTrace;

/* Copies the trace (NULL or kind NONE clears it). */
void              muster_scene_set_trace          (MusterScene *self, const MusterTrace *trace);
/* The trace, borrowed until the next change; kind NONE when there is none. */
void              muster_scene_get_trace          (MusterScene *self, MusterTrace *trace);

/* Marks on a table: the points a selected unit may move to as the engine
 * lists them (board pixels); n = 0 clears them. */
void              muster_scene_set_spots          (MusterScene *self, const MuPoint *points, guint n);
const MuPoint    *muster_scene_get_spots          (MusterScene *self, guint *n);
/* The region a selected unit may move into on a table, as the engine gives
 * it (mu_match_legal_region), in board pixels; takes it (NULL clears). */
void              muster_scene_set_area           (MusterScene *self, MuRegion *area);
/* Borrowed until the next change; NULL when there is none. */
const MuRegion   *muster_scene_get_area           (MusterScene *self);
/* The selected counter's command radius, as the boundary the board draws
 * (pairs of points, board pixels: n_points even; 0 clears), and a label
 * for it ("Command range of Beauregard: 3 hexes (BAA-CMD-2)"). */
void              muster_scene_set_range          (MusterScene *self, const MuPoint *segments, guint n_points,
                                                   const char *label);
const MuPoint    *muster_scene_get_range          (MusterScene *self, guint *n_points);
const char       *muster_scene_get_range_label    (MusterScene *self);

/* A disc a ruleset keeps on the table (smoke, with its radius), as the
 * engine gives it (mu_match_get_table_state), in board pixels. */
typedef struct {
  MuPoint centre;
  double radius;
  const char *kind;          /* the ruleset's word ("smoke"), static or the scene's */
} MusterDisc;

/* The table's discs (n = 0 clears them), copied; their kinds must outlive
 * the scene (the engine's point markers' words are copied). */
void              muster_scene_set_discs          (MusterScene *self, const MusterDisc *discs, guint n);
const MusterDisc *muster_scene_get_discs          (MusterScene *self, guint *n);
/* The selected unit's front arc as the engine draws it (mu_match_front_arc):
 * pairs of points (board pixels; n_points even, 0 clears) and a label
 * ("Front arc of the 8th Virginia (TS-AMB-42)"). */
void              muster_scene_set_arc            (MusterScene *self, const MuPoint *segments, guint n_points,
                                                   const char *label);
const MuPoint    *muster_scene_get_arc            (MusterScene *self, guint *n_points);
const char       *muster_scene_get_arc_label      (MusterScene *self);

G_END_DECLS
