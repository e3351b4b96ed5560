/* muster-map-view-private.h: what the map view's parts share (not for other classes) */
#pragma once

#include "muster-map-view.h"

G_BEGIN_DECLS

/* Tiles are squares of device pixels of the zoomed board. */
#define TILE_SIZE 256
/* Tiles kept per layer beyond those on screen before old ones are dropped. */
#define TILE_CACHE_SLACK 48
#define ZOOM_STEP 1.25
#define PAN_STEP 64.0
#define SCROLL_PAN 48.0
#define FIT_MARGIN 24.0
/* Microseconds of tile drawing (thread CPU time) per frame; the rest waits
 * for the next frames so that panning into new ground stays fluid. Layout and
 * showing the tiles take the rest of a frame's 30 ms. */
#define FRAME_BUDGET_US 12000
/* The first frames of a board also carry the page's first layout and the
 * renderer's first use of its programs (compiling shaders: some 20 ms of
 * CPU on a software GL), so they draw this much less. */
#define FIRST_FRAMES 2
#define FIRST_FRAME_BUDGET_US 5000
/* Milliseconds without zoom input before the board is drawn at the new zoom. */
#define ZOOM_SETTLE_MS 150

typedef enum {
  LAYER_TERRAIN,
  LAYER_PIECES,
  N_LAYERS
} Layer;

/* Where the board sits in the view: fitted whole, or to be focused once the
 * view is first laid out. */
typedef struct {
  gboolean needs_fit;
  /* the board is as zoom_to_fit left it (no zoom or pan since): a new size
   * of the view (a panel shown beside it, the window resized) fits it again */
  gboolean fitted;
  int fitted_width, fitted_height;
  /* muster_map_view_focus_point waiting on the first layout */
  gboolean needs_focus;
  MuPoint focus_at;
  double focus_zoom;
  gboolean focus_exact;         /* focus_zoom is the zoom, not the least zoom */
  /* the board is as focus() left it (no zoom or pan since): a new size of
   * the view (the window maximised once a match was shown) focuses it
   * again, at focus_at and focus_zoom */
  gboolean focused;
  int focused_width, focused_height;
} MapLayout;

/* No tooltip near where a drag ended, until the pointer moves on. */
typedef struct {
  gboolean tooltip_quiet;
  double quiet_x, quiet_y;
} MapTooltip;

/* The settings the board is drawn with. */
typedef struct {
  gboolean show_grid;
  gboolean show_coordinates;
  int counter_style;
} MapLook;

/* The drawn board kept between frames (muster-map-view-tiles.c). */
typedef struct {
  /* Tiles of the zoomed board by layer: key (tx, ty) packed, value GdkTexture. */
  GHashTable *tiles[N_LAYERS];
  double tiles_zoom;
  int tiles_scale;
  /* Tiles being drawn a band at a time, by layer. */
  GHashTable *partial[N_LAYERS];
  /* Tiles of the board as it was before the scene changed, by layer, shown
   * where a tile's replacement is still being drawn so that an edit never
   * blanks the board; each goes once its replacement is done. */
  GHashTable *stale[N_LAYERS];
  /* Microseconds a frame may spend drawing tiles instead of the usual
   * budget (tests), or -1. */
  gint64 budget_override_us;
  /* What the last frame showed (tests). */
  guint last_missing, last_stale, last_blank;
  /* Thread CPU microseconds the layer's last whole tile took. */
  gint64 tile_cost_us[N_LAYERS];
  /* This frame's budget for drawing tiles, and the frames drawn of the
   * scenario shown (only a few are counted). */
  gint64 frame_budget_us;
  const MuScenario *frames_of;
  guint frames_drawn;
  /* The hex board's ground at a pixel a hex, under tiles still to come. */
  GdkTexture *coarse;
  gboolean coarse_none;
  double coarse_zoom;
  /* The tiles of the zoom before a change (scroll, pinch, the buttons, a
   * new fitted zoom), by layer. While a scroll or pinch zoom goes on they
   * are all that is shown, scaled; once the board is drawn at the new zoom
   * they stand in, scaled, for its tiles still to come, so that the view's
   * background never shows through, and go once those cover the view. */
  GHashTable *preview_tiles[N_LAYERS];
  double preview_zoom;
  /* What the pieces layer's tiles show, as MuFootprint: kept to tell,
   * when the scene changes, where the tiles kept meanwhile differ from it. */
  GArray *footprints;
  /* Where the pieces changed since the last frame (board pixels, of
   * graphene_rect_t), or everywhere: the stale tiles and those of the zoom
   * before are drawn anew there before they are shown again, so that they
   * never show a counter where it no longer is. */
  GArray *changed;
  gboolean changed_all;
} MapTileCache;

/* The pointer as the view itself uses it: the status line, panning with
 * the middle button or Space, and pinch zoom (muster-map-view-input.c). */
typedef struct {
  double pointer_x, pointer_y;
  gboolean pointer_inside;
  gboolean space_down;
  gboolean dragging;
  double drag_origin_x, drag_origin_y;
  double zoom_gesture_start;
  double zoom_gesture_x, zoom_gesture_y;
} MapInput;

/* The press the active tool follows. */
typedef struct {
  MusterMapTool *tool;          /* the tool told of the press */
  gboolean following;
  double x, y;                  /* where it was pressed */
} MapToolPress;

/* The keyboard's hex cursor (hex boards): shown once an arrow key moved it. */
typedef struct {
  gboolean cursor_on;
  MuHex cursor;
} MapKeyboard;

struct _MusterMapView
{
  GtkWidget parent_instance;

  MusterScene *scene;
  gulong scene_changed_id;

  MusterViewTransform transform;
  MapLayout layout;
  MapTooltip tooltip;
  MapLook look;

  /* Counter, marker and symbol images kept across tiles and frames. */
  MuRenderCache *render_cache;
  MapTileCache cache;
  guint settle_id;
  guint redraw_id;

  MapInput input;
  char *position_text;          /* the status line for the pointer */

  /* The active tool, and the press it follows (muster-map-view-input.c). */
  MusterMapTool *tool;
  MapToolPress tool_press;

  MapKeyboard keyboard;
};

static inline const MuScenario *
get_scenario (MusterMapView *self)
{
  return self->scene ? muster_scene_get_scenario (self->scene) : NULL;
}

static inline gint64
tile_key (int tx,
          int ty)
{
  return ((gint64) tx << 32) | (guint32) ty;
}

/* The visible tiles of a frame, in device tiles, and what was drawn for them. */
typedef struct {
  int tx0, ty0, tx1, ty1;
  guint drawn, missing;
  guint stale;                  /* of the missing, shown as before a change */
  guint scaled;                 /* of the missing, shown as at the zoom before */
  guint blank;                  /* of the missing, with nothing to show */
  guint blank_terrain;          /* of the blank, terrain tiles */
  gboolean coarse;
  double vx0, vy0, vx1, vy1;    /* the part of the board in view, in device pixels */
} FrameTiles;

static inline double
board_scale (MusterMapView *self)
{
  return muster_scene_board_scale (self->scene ? muster_scene_get_scenario (self->scene) : NULL);
}

/* muster-map-view.c */
void     muster_map_view_transform_changed (MusterMapView *self, gboolean zoom_changed);
/* Keeps the current tiles to show scaled until the zoom settles. */
void     muster_map_view_begin_preview     (MusterMapView *self);
/* Zooms about the pointer (or the middle of the view). */
void     muster_map_view_zoom_by           (MusterMapView *self, double factor, gboolean preview);
/* Emits cursor-moved at the widget point x, y. */
void     muster_map_view_emit_cursor_moved (MusterMapView *self, double x, double y);

/* muster-map-view.c, for tests: a frame's budget for drawing tiles
 * (-1: the usual), and the last frame's tiles still to come, those shown
 * stale or scaled from the zoom before meanwhile, those not shown at all,
 * and the stale tiles and those of the zoom before kept. */
void     muster_map_view_set_tile_budget   (MusterMapView *self, gint64 us);
void     muster_map_view_get_frame_tiles   (MusterMapView *self, guint *missing, guint *stale,
                                            guint *blank, guint *kept);

/* muster-map-view-tiles.c */
GHashTable *muster_map_view_partial_new (void);
/* Keeps the layers' tiles as stale ones to show until each is drawn anew. */
void        muster_map_view_stale_tiles (MusterMapView *self, guint layers);
gint64      muster_map_view_clock_us    (void);
/* Draws bands of tile (tx, ty) of `layer` while the frame begun at
 * frame_start (muster_map_view_clock_us) has time, counting them in *drawn;
 * returns the finished tile, now in the layer's tiles, or NULL if bands are
 * left for later frames. */
GdkTexture *muster_map_view_draw_tile   (MusterMapView *self, Layer layer, int tx, int ty,
                                         gint64 frame_start, guint *drawn);
/* The visible tiles `ft`, drawn as the frame's budget allows (counted in
 * ft), with the coarse picture under them while terrain tiles are still to
 * come, so that the first frame shows the whole board; bw, bh: the board's
 * size at zoom 1. */
void        muster_map_view_snapshot_tiles (MusterMapView *self, GtkSnapshot *snapshot, FrameTiles *ft,
                                            int scale, double w, double h, double bw, double bh,
                                            gint64 start);
/* The footprints of the scene's highlights and pieces again; with
 * `compare`, where they differ from those before is marked changed. */
void        muster_map_view_note_pieces (MusterMapView *self, gboolean compare);
/* Draws the pieces layer's stale tiles and those of the zoom before anew
 * where the pieces changed (muster_map_view_note_pieces). */
void        muster_map_view_mend_tiles  (MusterMapView *self);
/* The coarse picture of the board, made on first use; NULL for a table. */
GdkTexture *muster_map_view_get_coarse  (MusterMapView *self);
void        muster_map_view_clear_coarse (MusterMapView *self);

/* muster-map-view-describe.c */
/* Appends what `hex` holds (markup, one thing a line) to `s`. */
void     muster_map_view_describe_hex      (MusterMapView *self, MuHex hex, GString *s);
void     muster_map_view_set_position_text (MusterMapView *self, const char *text);
/* The status text for the pointer's position, again. */
void     muster_map_view_update_position   (MusterMapView *self);
gboolean muster_map_view_query_tooltip     (GtkWidget *widget, int x, int y, gboolean keyboard_mode,
                                            GtkTooltip *tooltip, gpointer user_data);

/* muster-map-view-overlays.c: drawn over the tiles */
void     muster_map_view_snapshot_outline  (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);
void     muster_map_view_snapshot_range    (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);
void     muster_map_view_snapshot_discs    (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);
void     muster_map_view_snapshot_arc      (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);
void     muster_map_view_snapshot_handle   (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);
void     muster_map_view_snapshot_cursor   (MusterMapView *self, GtkSnapshot *snapshot, double w, double h);

/* muster-map-view-input.c: the pointer, gestures and the keyboard cursor */
void     muster_map_view_add_controllers   (MusterMapView *self);

G_END_DECLS
