/* mu-render.h: drawing boards, counters and markers on any cairo_t
 *
 * One renderer serves the screen, printing, export and tests. It never uses GTK.
 * Coordinates: the caller sets up the cairo transformation; the renderer draws
 * in board pixels as defined by MuRenderOptions (hex boards: mu_hex_center()
 * with size = options->hex_size; tables: table units times options->table_scale).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef enum {
  MU_COUNTER_STYLE_CLASSIC,  /* pictures: kepi, sabre and pistol, cannon */
  MU_COUNTER_STYLE_NATO,     /* NATO-style unit symbols */
} MuCounterStyle;

/* A counter as it stands on the board, from a counter view (MuCounterView):
 * a match's (mu_match_get_counters) in the game window, the scenario's
 * placements (mu_ruleset_placed_counters) in the editor. markers and
 * stands point into the view: whoever holds the pieces keeps the views as
 * long as them (a match's as a copy, mu_counter_view_array_copy). */
typedef struct {
  const MuCounter *counter;
  MuHex hex;             /* hex boards */
  MuPoint pos;           /* tables: the anchor (TAB-5) */
  double facing;         /* tables, degrees */
  int strength;          /* current strength (bases on a table); 0 = counter's own */
  /* What the ruleset's declarations (MuMarkerInfo, MuStatusInfo) draw on
   * it: the ids of its markers, comma-separated as MuCounterView.markers
   * gives them (NULL or "" for none), and its status, whose declared marker
   * shows too. Words the scenario's ruleset does not declare are skipped. */
  const char *markers;
  const MuStatusInfo *status;  /* NULL: none */
  gboolean selected;
  gboolean highlighted;  /* a legal target or mover */
  /* Tables: the stands as the engine laid them out (the view's), which is
   * what is drawn; the renderer lays out none of its own, so a piece
   * without stands is not drawn on a table. */
  const MuStand *stands;
  guint n_stands;
  /* Tables: pos is where the piece is in play (the view's position is
   * set). A piece placed there without stands (a Toy Soldiers battalion
   * wholly inside a village block) is drawn as a counter at pos. */
  gboolean placed;
  /* Tables: the move the ruleset has planned for it (the view's plan, a
   * declared charge), drawn as a dashed line through the poses of its
   * path and a dashed outline of its stands at the end, in its side's
   * colour; n_plan 0 when it has none. */
  const MuPos *plan;
  guint n_plan;
  const MuStand *plan_stands;
  guint n_plan_stands;
} MuPiece;

/* A hex overlay drawn over the terrain (legal moves, targets, selection). */
typedef struct {
  MuHex hex;
  guint32 rgba;          /* 0xRRGGBBAA */
} MuHexHighlight;

/* Images of counters, markers and terrain symbols kept between frames, so a
 * frame while panning blits them instead of drawing them again. Optional; keys
 * include every value drawn, so edited counters never show stale images.
 * Only used when drawing to image surfaces (never for SVG, PDF or printing). */
typedef struct _MuRenderCache MuRenderCache;

MuRenderCache *mu_render_cache_new   (void);
void           mu_render_cache_free  (MuRenderCache *cache);
/* Drops every image (e.g. when memory matters, or the side colours changed). */
void           mu_render_cache_clear (MuRenderCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuRenderCache, mu_render_cache_free)

typedef struct {
  double hex_size;       /* hex boards: centre to corner in board pixels */
  double table_scale;    /* tables: board pixels per table unit */
  gboolean show_grid;
  gboolean show_coordinates;
  gboolean show_counters;
  MuCounterStyle counter_style;
  /* The visible part of the board in board pixels; everything when width <= 0. */
  double clip_x, clip_y, clip_width, clip_height;
  /* Device pixels per board pixel, so that hairlines stay crisp. */
  double device_scale;
  /* Optional, not owned: reuse images between frames (see MuRenderCache). */
  MuRenderCache *cache;
  /* With a cache: keep one image per kind of counter with its numbers drawn
   * over it, as without one, rather than each counter's whole image. For
   * calls that each draw other counters (the strips of an export), where
   * whole images would be drawn once and never used again. */
  gboolean cache_counter_parts;
} MuRenderOptions;

void     mu_render_options_init      (MuRenderOptions *options);

/* The board's size in board pixels. */
void     mu_render_board_size        (const MuScenario *scenario, const MuRenderOptions *options,
                                      double *width, double *height);

/* Terrain, features, paths, labels, grid, coordinates, objectives (no counters).
 * objective_owner, when not NULL, gives the current owner of each objective in
 * scenario order (side id or NULL); otherwise the scenario's starting owners. */
void     mu_render_terrain           (cairo_t *cr, const MuScenario *scenario,
                                      const MuRenderOptions *options,
                                      const char *const *objective_owner);

/* A coarse picture of a hex board's ground, one pixel a hex (columns across,
 * rows down), to stretch over the board while its tiles are drawn: cheap
 * enough for any board. The grid of `options` is blended in as it shows at
 * device_zoom device pixels a board pixel. NULL for a table. The caller owns
 * the surface. */
cairo_surface_t *mu_render_hex_overview (const MuScenario *scenario, const MuRenderOptions *options,
                                         double device_zoom);

/* Where a highlight or a piece may draw, and what it is drawn from: for a
 * view that keeps drawn pictures of the board, which must draw the board
 * again within the rectangle of each footprint gone or new. */
typedef struct {
  double x, y, width, height;   /* board pixels; 0 wide when nothing is drawn */
  guint64 digest;               /* of all it is drawn from, its rectangle too */
  gboolean ordered;             /* it may overlap others: their order shows */
} MuFootprint;

/* The footprints of the highlights, then of the pieces, in the order
 * mu_render_highlights and mu_render_pieces draw them (a new array of
 * MuFootprint, n_highlights + n_pieces long). */
GArray  *mu_render_footprints        (const MuScenario *scenario, const MuRenderOptions *options,
                                      const MuHexHighlight *highlights, guint n_highlights,
                                      const MuPiece *pieces, guint n_pieces);

/* Highlights, then the pieces (stacked counters offset so each shows). */
void     mu_render_highlights        (cairo_t *cr, const MuScenario *scenario,
                                      const MuRenderOptions *options,
                                      const MuHexHighlight *highlights, guint n_highlights);
void     mu_render_pieces            (cairo_t *cr, const MuScenario *scenario,
                                      const MuRenderOptions *options,
                                      const MuPiece *pieces, guint n_pieces);

/* Everything, with pieces from the scenario's own placements. */
void     mu_render_scenario          (cairo_t *cr, const MuScenario *scenario,
                                      const MuRenderOptions *options);

/* One counter or marker of side `side`, `size` board pixels square, its top-left
 * at (x, y): used by counter sheets and the order-of-battle panel. */
void     mu_render_counter           (cairo_t *cr, const MuScenario *scenario,
                                      const MuCounter *counter, MuCounterStyle style,
                                      double x, double y, double size);
void     mu_render_marker            (cairo_t *cr, const MuMarkerInfo *marker, const MuSide *side,
                                      double x, double y, double size);

/* The piece of one counter view, pointing into the view (markers, stands);
 * what a front end adds (highlighted) is left FALSE. */
void     mu_render_piece_from_view   (const MuCounterView *view, MuPiece *piece);
/* Pieces (of MuPiece) of the counter views that stand on the board, in
 * their order, pointing into the views (markers, stands). */
GArray  *mu_render_pieces_from_views (const GArray *views);
/* Pieces of the scenario's placements (counters placed on the board), laid
 * out by the engine (mu_ruleset_placed_counters): *views gets the views
 * they point into, which the caller keeps as long as the pieces. */
GArray  *mu_render_pieces_from_scenario (const MuScenario *scenario, GArray **views);

/* Hex boards: the side of a counter square in board pixels. */
double   mu_render_counter_size      (const MuRenderOptions *options);
/* The rectangle where pieces[index] is drawn (stacks offset, tables: the
 * bounding box of its bases), in board pixels. */
void     mu_render_piece_bounds      (const MuScenario *scenario, const MuRenderOptions *options,
                                      const MuPiece *pieces, guint n_pieces, guint index,
                                      double *x, double *y, double *width, double *height);
/* The topmost piece drawn under board pixel (x, y), or -1. */
int      mu_render_piece_at          (const MuScenario *scenario, const MuRenderOptions *options,
                                      const MuPiece *pieces, guint n_pieces, double x, double y);

/* Tables: one base's frontage and depth in table units (from base_width/
 * base_depth, else from the figure scale and the table's unit). */
void     mu_render_base_size         (const MuTableMap *table, MuArm arm,
                                      double *width, double *depth);
/* Tables: the distance from a to b in the table's unit, and its readout
 * ("7.5 in", "12.0 cm"; newly allocated). */
double   mu_render_table_distance    (MuPoint a, MuPoint b);
char    *mu_render_ruler_text        (const MuScenario *scenario, MuPoint a, MuPoint b);
/* Tables: a measuring tape from a to b (table units) with ticks and the readout. */
void     mu_render_ruler             (cairo_t *cr, const MuScenario *scenario,
                                      const MuRenderOptions *options, MuPoint a, MuPoint b);

G_END_DECLS
