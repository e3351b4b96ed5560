/* mu-edit.h: undoable editing of a scenario
 *
 * Every editor tool changes the model only through these functions. Each call
 * that changes something becomes one step of the MuEditHistory's undo stack,
 * named for a menu ("Paint Woodland", "Move Counter"); calls between
 * mu_edit_history_begin_group() and mu_edit_history_end_group() form one step
 * (one brush stroke). A call that would change nothing records nothing.
 *
 * A step remembers what it changed, found by comparing the model with how it
 * was before the step (mu-edit-step.c), so undo restores exactly the old
 * model whatever the step did, and no operation has to say what it changes.
 * Change the scenario only through this history (begin_direct for a front
 * end's own change), or call mu_edit_history_clear() after changing it
 * otherwise. Undo and redo
 * exchange the contents of the scenario in place: the MuScenario pointer stays
 * valid for the history's lifetime, but pointers into it (cells, counters,
 * labels) do not survive an undo, a redo or any edit. Keep ids or indices, and
 * look things up again after "changed".
 *
 * Refused edits (a value out of its range, a hex off the board, an unknown id)
 * return FALSE (or NULL) with a MU_ERROR_INVALID GError whose message explains
 * the allowed values, and leave the model untouched. Functions returning
 * `char *` return a newly allocated id or report (g_free).
 */
#pragma once

#include <glib-object.h>

#include "mu-scenario.h"

G_BEGIN_DECLS

#define MU_TYPE_EDIT_HISTORY (mu_edit_history_get_type ())
G_DECLARE_FINAL_TYPE (MuEditHistory, mu_edit_history, MU, EDIT_HISTORY, GObject)

/* History ------------------------------------------------------------------- */

/* Takes ownership of scenario. */
MuEditHistory *mu_edit_history_new            (MuScenario *scenario);
/* Owned by the history; the same pointer for the history's whole lifetime. */
MuScenario    *mu_edit_history_get_scenario   (MuEditHistory *history);

gboolean       mu_edit_history_can_undo       (MuEditHistory *history);
gboolean       mu_edit_history_can_redo       (MuEditHistory *history);
/* Name of the step undo/redo would revert/repeat ("Paint Woodland"), or NULL. */
const char    *mu_edit_history_get_undo_label (MuEditHistory *history);
const char    *mu_edit_history_get_redo_label (MuEditHistory *history);
/* What a step lost or changed beyond its name (e.g. content removed by a
 * resize), or NULL. */
const char    *mu_edit_history_get_undo_detail (MuEditHistory *history);
gboolean       mu_edit_history_undo           (MuEditHistory *history);
gboolean       mu_edit_history_redo           (MuEditHistory *history);
guint          mu_edit_history_get_n_undo     (MuEditHistory *history);
guint          mu_edit_history_get_n_redo     (MuEditHistory *history);

/* Group the following edits into one step. label (may be NULL: the first
 * edit's name) names the step. Groups nest; the outermost one counts. A group
 * whose edits leave the model as it was records nothing. */
void           mu_edit_history_begin_group    (MuEditHistory *history,
                                               const char    *label);
void           mu_edit_history_end_group      (MuEditHistory *history);
gboolean       mu_edit_history_in_group       (MuEditHistory *history);

/* The saved state: call after saving. is_clean is TRUE while the model is at
 * that state (undoing and redoing back to it counts). */
void           mu_edit_history_mark_clean     (MuEditHistory *history);
gboolean       mu_edit_history_is_clean       (MuEditHistory *history);
/* Forget all steps (e.g. after loading another file into the scenario). */
void           mu_edit_history_clear          (MuEditHistory *history);
/* Oldest steps are dropped beyond this many (default 500). */
void           mu_edit_history_set_max_steps  (MuEditHistory *history,
                                               guint          max_steps);

/* For a front end's own change that no operation covers: begin_direct
 * records the model for undo and returns it to change; end_direct makes the
 * step (named label) if anything changed. Prefer the operations below. */
MuScenario    *mu_edit_history_begin_direct   (MuEditHistory *history,
                                               const char    *label);
void           mu_edit_history_end_direct     (MuEditHistory *history);

/* Field-by-field comparison of two models (everything the file keeps, not
 * filename or source lines). Returns NULL when equal, else a newly allocated
 * description of the first difference ("counters[3].attack: 4 != 5"). */
char          *mu_edit_scenario_diff          (const MuScenario *a,
                                               const MuScenario *b);

/* Hex map: terrain, elevation, features --------------------------------------- */

/* Brush sizes: 1 hex, 7 hexes (radius 1), 19 hexes (radius 2). */
typedef enum {
  MU_BRUSH_1 = 1,
  MU_BRUSH_7 = 7,
  MU_BRUSH_19 = 19,
} MuBrushSize;

/* Hexes on the board under a brush centred on centre, as a new GArray of MuHex. */
GArray   *mu_edit_brush_hexes          (const MuHexGrid *grid, MuHex centre, MuBrushSize size);
/* Hexes of the rectangle of printed coordinates spanned by a and b (either
 * corner), clipped to the board; new GArray of MuHex. */
GArray   *mu_edit_rectangle_hexes      (const MuHexGrid *grid, MuHex a, MuHex b);
/* Hexes whose centres lie inside the polygon `points` (board pixels as in
 * mu_hex_center() with the given hex size; closed implicitly, even-odd rule),
 * clipped to the board; new GArray of MuHex. Fewer than 3 points: none. */
GArray   *mu_edit_lasso_hexes          (const MuHexGrid *grid, double size,
                                        const MuPoint *points, guint n_points);
/* The connected region of hexes with the same terrain as start (empty when
 * start is off the board); new GArray of MuHex. */
GArray   *mu_edit_flood_hexes          (const MuHexMap *map, MuHex start);

/* Paint hexes (brush, rectangle, lasso: hexes off the board are ignored). */
gboolean  mu_edit_paint_terrain        (MuEditHistory *history, const MuHex *hexes, guint n_hexes,
                                        MuTerrain terrain, GError **error);
gboolean  mu_edit_paint_brush          (MuEditHistory *history, MuHex centre, MuBrushSize size,
                                        MuTerrain terrain, GError **error);
gboolean  mu_edit_flood_fill           (MuEditHistory *history, MuHex start, MuTerrain terrain,
                                        GError **error);
/* Raise (delta > 0) or lower each hex by delta levels, clamped to 0..MU_ELEVATION_MAX. */
gboolean  mu_edit_change_elevation     (MuEditHistory *history, const MuHex *hexes, guint n_hexes,
                                        int delta, GError **error);
gboolean  mu_edit_set_elevation        (MuEditHistory *history, MuHex hex, int level,
                                        GError **error);
/* Turn hex feature bits (MuHexFeatures) on or off on each hex. */
gboolean  mu_edit_set_hex_features     (MuEditHistory *history, const MuHex *hexes, guint n_hexes,
                                        guint features, gboolean on, GError **error);
gboolean  mu_edit_clear_hex_features   (MuEditHistory *history, MuHex hex, GError **error);
/* Turn hexside feature bits (MuSideFeatures) on or off on hexside dir of hex. */
gboolean  mu_edit_set_side_features    (MuEditHistory *history, MuHex hex, int dir,
                                        guint features, gboolean on, GError **error);
gboolean  mu_edit_clear_side           (MuEditHistory *history, MuHex hex, int dir,
                                        GError **error);

/* Paths: add the segment a–b (adjacent hexes on the board) to the paths of
 * `kind`, extending or joining paths that end at a or b. Removing splits the
 * path that contains the segment. */
gboolean  mu_edit_add_path_segment     (MuEditHistory *history, MuPathKind kind, MuHex a, MuHex b,
                                        GError **error);
gboolean  mu_edit_remove_path_segment  (MuEditHistory *history, MuPathKind kind, MuHex a, MuHex b,
                                        GError **error);
gboolean  mu_edit_set_path_name        (MuEditHistory *history, guint index, const char *name,
                                        GError **error);

/* Labels of the board (hex map or table). On a table, hex is ignored and
 * (dx, dy) is the position in table units. Returns the new label's index, or -1. */
int       mu_edit_add_label            (MuEditHistory *history, const char *text, MuHex hex,
                                        double dx, double dy, GError **error);
gboolean  mu_edit_move_label           (MuEditHistory *history, guint index, MuHex hex,
                                        double dx, double dy, GError **error);
gboolean  mu_edit_set_label_text       (MuEditHistory *history, guint index, const char *text,
                                        GError **error);
gboolean  mu_edit_set_label_scale      (MuEditHistory *history, guint index, double scale,
                                        GError **error);
gboolean  mu_edit_remove_label         (MuEditHistory *history, guint index, GError **error);

/* Resizing the hex board ------------------------------------------------------- */

typedef enum {
  MU_EDGE_NORTH,   /* top: rows before row 1 */
  MU_EDGE_SOUTH,   /* bottom: rows after the last row */
  MU_EDGE_WEST,    /* left: columns before column 1 */
  MU_EDGE_EAST,    /* right: columns after the last column */
} MuEdge;

/* Insert (count > 0) or remove (count < 0) rows or columns at an edge. All
 * content moves with its hexes; inserting an odd number of columns (flat-top)
 * or rows (pointy-top) at the west/north edge flips the board's offset so that
 * every hex keeps its neighbours. Content on removed hexes is deleted, and
 * *report (may be NULL) receives a sentence saying what was removed (or NULL
 * when nothing was); the same text is the step's detail. */
gboolean  mu_edit_resize_board         (MuEditHistory *history, MuEdge edge, int count,
                                        char **report, GError **error);

/* Tabletop ------------------------------------------------------------------------- */

gboolean  mu_edit_set_table_size       (MuEditHistory *history, double width, double height,
                                        GError **error);
/* Polygons (terrain areas); points in table units. Returns the index, or -1. */
int       mu_edit_add_area             (MuEditHistory *history, MuAreaKind kind,
                                        const MuPoint *points, guint n_points, GError **error);
gboolean  mu_edit_set_area_points      (MuEditHistory *history, guint index,
                                        const MuPoint *points, guint n_points, GError **error);
gboolean  mu_edit_move_area            (MuEditHistory *history, guint index, double dx, double dy,
                                        GError **error);
/* Rotate around the polygon's centroid, degrees clockwise (y is down). */
gboolean  mu_edit_rotate_area          (MuEditHistory *history, guint index, double degrees,
                                        GError **error);
gboolean  mu_edit_set_area_level       (MuEditHistory *history, guint index, int level,
                                        GError **error);
/* Values of buildings, built-up areas, fortifications and deployment zones
 * (0, FALSE or NULL = not given); refuses values the area's kind does not
 * carry or out of range, as the checker does. */
gboolean  mu_edit_set_area_values      (MuEditHistory *history, guint index, int capacity,
                                        int defence, gboolean hard_cover, int grade,
                                        const char *side, GError **error);
gboolean  mu_edit_set_area_name        (MuEditHistory *history, guint index, const char *name,
                                        GError **error);
gboolean  mu_edit_remove_area          (MuEditHistory *history, guint index, GError **error);
/* Polylines (roads, streams, walls, ...). Returns the index, or -1. */
int       mu_edit_add_line             (MuEditHistory *history, MuLineKind kind,
                                        const MuPoint *points, guint n_points, GError **error);
gboolean  mu_edit_set_line_points      (MuEditHistory *history, guint index,
                                        const MuPoint *points, guint n_points, GError **error);
gboolean  mu_edit_move_line            (MuEditHistory *history, guint index, double dx, double dy,
                                        GError **error);
gboolean  mu_edit_rotate_line          (MuEditHistory *history, guint index, double degrees,
                                        GError **error);
gboolean  mu_edit_remove_line          (MuEditHistory *history, guint index, GError **error);

/* Objectives, tasks, reserves ------------------------------------------------------ */

/* Hex boards use hex, tables pos. Returns the new objective's id. */
char     *mu_edit_add_objective        (MuEditHistory *history, const char *name, MuHex hex,
                                        MuPoint pos, GError **error);
gboolean  mu_edit_move_objective       (MuEditHistory *history, const char *id, MuHex hex,
                                        MuPoint pos, GError **error);
gboolean  mu_edit_set_objective_name   (MuEditHistory *history, const char *id, const char *name,
                                        GError **error);
/* owner: a side id, or NULL for nobody. */
gboolean  mu_edit_set_objective_owner  (MuEditHistory *history, const char *id, const char *owner,
                                        GError **error);
gboolean  mu_edit_set_objective_value  (MuEditHistory *history, const char *id, int value,
                                        GError **error);
gboolean  mu_edit_set_objective_radius (MuEditHistory *history, const char *id, double radius,
                                        GError **error);
gboolean  mu_edit_remove_objective     (MuEditHistory *history, const char *id, GError **error);

char     *mu_edit_add_task             (MuEditHistory *history, const char *side, const char *text,
                                        const char *condition, int value, GError **error);
gboolean  mu_edit_set_task             (MuEditHistory *history, const char *id, const char *side,
                                        const char *text, const char *condition, int value,
                                        GError **error);
gboolean  mu_edit_remove_task          (MuEditHistory *history, const char *id, GError **error);

char     *mu_edit_add_reserve          (MuEditHistory *history, const char *side, const char *name,
                                        GError **error);
gboolean  mu_edit_set_reserve_name     (MuEditHistory *history, const char *id, const char *name,
                                        GError **error);
gboolean  mu_edit_set_reserve_kind     (MuEditHistory *history, const char *id, MuReserveKind kind,
                                        GError **error);
/* roll: the d6 needed for MU_ARRIVAL_ROLL, 0 = the commander's leadership. */
gboolean  mu_edit_set_reserve_arrival  (MuEditHistory *history, const char *id,
                                        MuArrivalKind arrival, int bound, int roll, GError **error);
/* Entry hexes must be board edge hexes; a railroad reserve's must lie on a
 * railroad path. Replaces the list. */
gboolean  mu_edit_set_reserve_entry    (MuEditHistory *history, const char *id,
                                        const MuHex *hexes, guint n_hexes, GError **error);
/* A whole edge ("n", "e", "s", "w") or NULL for none. */
gboolean  mu_edit_set_reserve_edge     (MuEditHistory *history, const char *id, const char *edge,
                                        GError **error);
gboolean  mu_edit_set_reserve_entry_points (MuEditHistory *history, const char *id,
                                        const MuPoint *points, guint n_points, GError **error);
/* Counters arriving with it become unplaced. */
gboolean  mu_edit_remove_reserve       (MuEditHistory *history, const char *id, GError **error);

/* Order of battle ------------------------------------------------------------------ */

/* Returns the new side's id (id may be NULL: a fresh one). */
char     *mu_edit_add_side             (MuEditHistory *history, const char *id, const char *name,
                                        guint32 colour, GError **error);
/* Refused while counters, objectives, tasks or reserves refer to the side. */
gboolean  mu_edit_remove_side          (MuEditHistory *history, const char *id, GError **error);
gboolean  mu_edit_set_side_name        (MuEditHistory *history, const char *id, const char *name,
                                        GError **error);
gboolean  mu_edit_set_side_colour      (MuEditHistory *history, const char *id, guint32 colour,
                                        GError **error);
gboolean  mu_edit_move_side            (MuEditHistory *history, const char *id, guint position,
                                        GError **error);

/* A new counter with the kind's default values under parent (may be NULL),
 * inserted after its last sibling. A unit under a command takes its division
 * as identity; a unit without parent is a STAR unit. Returns the new id. */
char     *mu_edit_add_counter          (MuEditHistory *history, MuCounterKind kind,
                                        const char *side, const char *parent, GError **error);
/* Removes the counter and everything under it in the tree. */
gboolean  mu_edit_remove_counter       (MuEditHistory *history, const char *id, GError **error);
/* A copy (not placed) right after the original; the new id is returned. */
char     *mu_edit_duplicate_counter    (MuEditHistory *history, const char *id, GError **error);
/* Move the counter to index `position` of the document order. */
gboolean  mu_edit_move_counter_order   (MuEditHistory *history, const char *id, guint position,
                                        GError **error);
/* Reassign in the tree: a unit under a command (or NULL: STAR), a command
 * under a control (or NULL); a control counter has none. Same side, no cycles. A unit takes its new command's division as identity. */
gboolean  mu_edit_set_counter_parent   (MuEditHistory *history, const char *id, const char *parent,
                                        GError **error);
/* Changes the side of the counter and everything under it; the parent is
 * dropped when it belongs to another side. */
gboolean  mu_edit_set_counter_side     (MuEditHistory *history, const char *id, const char *side,
                                        GError **error);
gboolean  mu_edit_set_counter_name     (MuEditHistory *history, const char *id, const char *name,
                                        GError **error);
gboolean  mu_edit_set_counter_note     (MuEditHistory *history, const char *id, const char *note,
                                        GError **error);

/* The whole numbers the scenario's ruleset declares for a kind of counter
 * (mu-ruleset.h; baa: leadership, division, identity, range, attack,
 * strength), addressed by their declarations' ids. The range is the
 * declared one (an open range up to 999); FALSE when the ruleset declares
 * no such number for the kind. scenario NULL (or an unknown ruleset):
 * baa-hex. Setting the number that another declaration names (a command's
 * division) refuses one another counter of the side has, and carries its
 * subordinates' numbers along; setting a number that names one (a unit's
 * identity) moves the counter under the superior it names, 0 for none. */
gboolean  mu_edit_counter_number_range (const MuScenario *scenario, MuCounterKind kind,
                                        const char *name, int *min, int *max);
int       mu_edit_counter_get_number   (const MuScenario *scenario, const MuCounter *counter,
                                        const char *name);
gboolean  mu_edit_set_counter_number   (MuEditHistory *history, const char *id, const char *name,
                                        int value, GError **error);

/* The values the scenario's ruleset declares beyond those above
 * (mu-ruleset.h: a tabletop unit's bases, weapon, quality; a side's élan):
 * value as file text ("6", "veteran", "time-limit veterans"), NULL or ""
 * clears it. Refused, changing nothing, when the ruleset has no such value
 * for the counter's kind (or for sides) or the value is out of its range;
 * the message names the range (mu-edit-values.c). A unit's `formation`
 * value, where the ruleset lays its formations out, is set as
 * mu_counter_set_formation does: one of them, never cleared, the format's
 * older attribute following in the same step. */
gboolean  mu_edit_set_counter_value    (MuEditHistory *history, const char *id, const char *field,
                                        const char *value, GError **error);
gboolean  mu_edit_set_side_value       (MuEditHistory *history, const char *id, const char *field,
                                        const char *value, GError **error);

/* A side's home edge on a table (MU_TABLE_EDGE_N: none), and a deployment
 * zone `depth` table units deep along it (more than 0, at most half the
 * table); the zone's index in table->areas, or -1 (mu-edit-deploy.c). */
gboolean  mu_edit_set_home_edge        (MuEditHistory *history, const char *side, MuTableEdge edge,
                                        GError **error);
int       mu_edit_add_deployment_zone  (MuEditHistory *history, const char *side, double depth,
                                        GError **error);

/* Placement. */
gboolean  mu_edit_place_counter_hex    (MuEditHistory *history, const char *id, MuHex hex,
                                        GError **error);
gboolean  mu_edit_place_counter_table  (MuEditHistory *history, const char *id, MuPoint pos,
                                        double facing, GError **error);
gboolean  mu_edit_set_counter_formation (MuEditHistory *history, const char *id,
                                        MuFormation formation, GError **error);
/* A unit's arm, one of those its ruleset declares (mu_ruleset_arms()). */
gboolean  mu_edit_set_counter_arm      (MuEditHistory *history, const char *id, const char *arm,
                                        GError **error);
/* Arrive with a reserve of the counter's side. */
gboolean  mu_edit_set_counter_reserve  (MuEditHistory *history, const char *id,
                                        const char *reserve, GError **error);
gboolean  mu_edit_unplace_counter      (MuEditHistory *history, const char *id, GError **error);

/* Scenario properties ----------------------------------------------------------------- */

gboolean  mu_edit_set_title            (MuEditHistory *history, const char *title, GError **error);
gboolean  mu_edit_set_description      (MuEditHistory *history, const char *text, GError **error);
gboolean  mu_edit_set_author           (MuEditHistory *history, const char *author, GError **error);
/* ISO 8601 "YYYY-MM-DD", or NULL/"" for none. */
gboolean  mu_edit_set_date             (MuEditHistory *history, const char *date, GError **error);
/* One of the known rulesets; its board kind must match the scenario's. */
gboolean  mu_edit_set_ruleset          (MuEditHistory *history, const char *ruleset, GError **error);
gboolean  mu_edit_set_option           (MuEditHistory *history, const char *key, gboolean enabled,
                                        GError **error);
/* An option of type number or choice: value is the whole number as text or
 * the choice word, refused (naming the range or the words) when the
 * scenario's ruleset declares the key with another type or range. */
gboolean  mu_edit_set_option_value     (MuEditHistory *history, const char *key, const char *value,
                                        GError **error);
gboolean  mu_edit_set_objectives_required (MuEditHistory *history, int count, GError **error);

typedef enum {
  MU_TIMELINE_BOUNDS,            /* 1..240 */
  MU_TIMELINE_FIRST_BOUND,       /* 1..240 */
  MU_TIMELINE_START,             /* minutes after midnight 0..1439 */
  MU_TIMELINE_MINUTES_PER_BOUND, /* 1..1440 */
  MU_TIMELINE_DAWN,              /* 0..1439 */
  MU_TIMELINE_DUSK,              /* 0..1439 */
  MU_TIMELINE_DAYS,              /* 1..10 */
  MU_TIMELINE_DARKNESS_BOUND,    /* 0 (none) or a bound */
  MU_TIMELINE_N
} MuTimelineField;

gboolean  mu_edit_set_timeline        (MuEditHistory *history, MuTimelineField field, int value,
                                        GError **error);
/* Replaces the list of night bounds (sorted, duplicates dropped). */
gboolean  mu_edit_set_night_bounds    (MuEditHistory *history, const int *bounds, guint n_bounds,
                                        GError **error);

/* Replace the sides and counters with those of `oob` (a scenario used only
 * for its sides and counters) in one step named `label`. */
gboolean  mu_edit_replace_oob         (MuEditHistory *history, const MuScenario *oob,
                                        const char *label, GError **error);

G_END_DECLS
