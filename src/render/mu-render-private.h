/* mu-render-private.h: helpers shared by the renderer's files (not installed)
 *
 * Colours are 0xRRGGBB. Lengths are board pixels unless a name says otherwise;
 * "device" sizes are board pixels times options->device_scale times the zoom the
 * caller applied, which the renderer reads back from the cairo matrix so that
 * level-of-detail choices (tree symbols, coordinates, counter text) follow what
 * a person actually sees.
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "mu-render.h"

G_BEGIN_DECLS

#define MU_SQRT3 1.7320508075688772

typedef struct {
  double x, y, width, height;
} MuRect;

typedef enum {
  MU_FONT_SANS,
  MU_FONT_SANS_BOLD,
  MU_FONT_CONDENSED_BOLD,
  MU_FONT_SERIF_ITALIC,
  MU_FONT_SERIF_BOLD,
  MU_FONT_N
} MuFont;

/* One layout reused for every string of a drawing pass: creating a layout per
 * string would dominate the cost of a frame with hundreds of counters. */
/* Glyphs of printable ASCII in one font and size, shaped once, so that short
 * strings (hex numbers, counter values) are drawn without shaping each. */
#define MU_GLYPH_FIRST 32
#define MU_GLYPH_COUNT 95
typedef struct {
  MuFont font;
  double px;
  gboolean usable;
  cairo_scaled_font_t *scaled_font;
  unsigned long index[MU_GLYPH_COUNT];
  double advance[MU_GLYPH_COUNT];
  double baseline, height; /* of the logical box */
} MuGlyphSet;

#define MU_GLYPH_SETS 8

typedef struct {
  cairo_t *cr;
  PangoLayout *layout;
  PangoFontDescription *desc[MU_FONT_N];
  MuFont font;
  double px;
  MuGlyphSet sets[MU_GLYPH_SETS];
  guint n_sets;
  gboolean glyphs_ok;    /* image targets only: PDF and SVG keep real text */
} MuText;

void     mu_text_init            (MuText *text, cairo_t *cr);
void     mu_text_clear           (MuText *text);
/* Draws `str` with its ink box anchored at (x, y): ax, ay are 0 (left/top),
 * 0.5 (centre) or 1 (right/bottom) of the logical box. Fills with the current
 * source. max_width > 0 condenses the text horizontally to fit. */
void     mu_text_draw            (MuText *text, MuFont font, double px, const char *str,
                                  double x, double y, double ax, double ay, double max_width);
/* As mu_text_draw with a halo of colour `halo` under the text. */
void     mu_text_draw_halo       (MuText *text, MuFont font, double px, const char *str,
                                  double x, double y, double ax, double ay,
                                  guint32 colour, guint32 halo, double halo_width);

static inline void
mu_set_rgb (cairo_t *cr, guint32 rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static inline void
mu_set_rgba (cairo_t *cr, guint32 rgb, double alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

guint32  mu_colour_mix           (guint32 a, guint32 b, double t);
/* Perceived lightness 0..1. */
double   mu_colour_lightness     (guint32 rgb);

/* The clip rectangle of the options, or FALSE when everything is to be drawn. */
gboolean mu_render_get_clip      (const MuRenderOptions *options, MuRect *clip);
/* Restricts drawing to the options' clip rectangle (after cairo_save). */
void     mu_render_apply_clip    (cairo_t *cr, const MuRenderOptions *options);
/* Device pixels per board pixel, from the cairo matrix and options->device_scale. */
double   mu_render_device_scale  (cairo_t *cr, const MuRenderOptions *options);

/* Hex-board visible range of printed columns and rows, widened by `margin` hexes. */
void     mu_render_hex_range     (const MuHexMap *map, double size, const MuRenderOptions *options,
                                  int margin, int *col0, int *col1, int *row0, int *row1);

/* Appends a smooth curve (Catmull-Rom through the points) to the current path. */
void     mu_render_smooth_path   (cairo_t *cr, const double *xy, guint n);
/* The part of that curve from point first to point last. */
void     mu_render_smooth_path_part (cairo_t *cr, const double *xy, guint n, guint first, guint last);
/* Strokes ties across the current path (a railroad): every `spacing` along it,
 * `length` long, then clears the path. */
void     mu_render_stroke_ties   (cairo_t *cr, double spacing, double length);
void     mu_render_star_path     (cairo_t *cr, double cx, double cy, double r_out, double r_in,
                                  double rotation);
void     mu_render_rounded_rect  (cairo_t *cr, double x, double y, double w, double h, double r);

/* Side colour of a counter (falls back to a neutral buff). */
guint32  mu_render_side_colour   (const MuScenario *scenario, const char *side_id);

/* Sprites (mu-render-cache.c): an image with the device pixel (ox, oy) where
 * the drawing's board origin lies. */
typedef struct {
  cairo_surface_t *surface;
  int ox, oy;
} MuSprite;

MuSprite *mu_render_cache_lookup  (MuRenderCache *cache, guint64 key);
void      mu_render_cache_insert  (MuRenderCache *cache, guint64 key, MuSprite *sprite);
guint64   mu_hash_mix             (guint64 h, guint64 v);
guint64   mu_hash_double          (guint64 h, double v);
guint64   mu_hash_string          (guint64 h, const char *s);
/* Whether sprites give the same picture on this target (an unrotated image). */
gboolean  mu_sprite_usable        (cairo_t *cr);
/* A context for drawing a new sprite in board units around the origin, the
 * drawing reaching left/top/right/bottom board pixels from it. */
cairo_t  *mu_sprite_begin         (cairo_t *target, double dev, double left, double top,
                                   double right, double bottom, MuSprite **sprite);
/* Moves board point (x, y) to the nearest whole device pixel. */
void      mu_sprite_snap          (cairo_t *cr, double *x, double *y);
/* Paints the sprite with its origin at board (x, y), snapped to a device pixel. */
void      mu_sprite_paint         (cairo_t *cr, MuSprite *sprite, double x, double y);

/* Small convex polygons (at most six corners) filled straight into an image
 * target (mu-render-raster.c), the same picture as cairo_fill within a level
 * or two of each channel. mu_raster_begin returns NULL unless the target is
 * an image whose user space maps to pixels by a scale and an offset and the
 * clip is one rectangle; the polygons are then also clipped to the user-space
 * rectangle given. Points are in user space; nothing else may draw on the
 * target between the first polygon and end. */
typedef struct _MuRaster MuRaster;
MuRaster *mu_raster_begin         (cairo_t *cr, double x, double y, double width, double height);
void      mu_raster_polygon       (MuRaster *raster, const double *xy, int n, guint32 rgb);
void      mu_raster_end           (MuRaster *raster);

/* Terrain symbols (mu-render-symbols.c): one hex's symbols around the origin,
 * in one of MU_SYMBOL_VARIANTS variants; corner[] are the hex's corner offsets. */
#define MU_SYMBOL_VARIANTS 6
void     mu_render_terrain_symbol (cairo_t *cr, MuTerrain terrain, int variant, double s,
                                   double dev, const double (*corner)[2]);

/* Stable pseudo-random numbers per hex, for symbol variants and jitter. */
static inline guint32
mu_hex_hash (int col,
          int row,
          guint32 salt)
{
  guint32 h = (guint32) col * 73856093u ^ (guint32) row * 19349663u ^ salt * 83492791u;

  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return h;
}

/* A value in [-1, 1] from a hash and a slot. */
static inline double
mu_jitter (guint32 h,
        int     slot)
{
  return ((h >> (slot * 4 % 28)) & 0xf) / 7.5 - 1.0;
}


/* Hex boards (mu-render-terrain.c). */
void     mu_render_hex_terrain   (cairo_t *cr, const MuScenario *scenario,
                                  const MuRenderOptions *options,
                                  const char *const *objective_owner);
/* Tables (mu-render-table.c). */
void     mu_render_table_terrain (cairo_t *cr, const MuScenario *scenario,
                                  const MuRenderOptions *options,
                                  const char *const *objective_owner);
void     mu_render_table_pieces  (cairo_t *cr, const MuScenario *scenario,
                                  const MuRenderOptions *options,
                                  const MuPiece *pieces, guint n_pieces);
void     mu_render_table_piece_bounds (const MuScenario *scenario, const MuRenderOptions *options,
                                       const MuPiece *piece, double *x, double *y,
                                       double *width, double *height);
/* The rectangle a table piece may draw into (mu-render-table-bases.c):
 * its stands with their rims and shadows, its name, its markers and its
 * plan; 0 wide when nothing is drawn. */
void     mu_render_table_piece_extent (const MuScenario *scenario, const MuRenderOptions *options,
                                       const MuPiece *piece, MuRect *extent);
/* The declared markers drawn on a piece (mu-render-pieces.c): its printed
 * or drawn markers in the order of its words, then its status's; at most
 * max, how many. */
guint    mu_render_piece_markers (const MuRuleset *ruleset, const MuPiece *piece,
                                  const MuMarkerInfo **out, guint max);
/* Counter pictures and marks (mu-render-pictures.c), around (cx, cy). */
void     mu_picture_kepi         (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg);
void     mu_picture_cavalry      (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg);
void     mu_picture_cannon       (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg);
void     mu_picture_boat         (cairo_t *cr, double cx, double cy, double w, guint32 ink, guint32 bg);
void     mu_mark_shield          (cairo_t *cr, double cx, double cy, double h);
void     mu_mark_crosshair       (cairo_t *cr, double cx, double cy, double h, guint32 ink);
void     mu_mark_star            (cairo_t *cr, double cx, double cy, double r, guint32 fill);
/* A NATO unit frame at (x, y), w by h, with the arm's sign or the HQ staff. */
void     mu_nato_frame           (cairo_t *cr, double x, double y, double w, double h, MuArm arm,
                                  gboolean hq, guint32 fill, double lw);

/* Counters (mu-render-counter.c). */
/* Parts of a counter: the art (body, picture, marks) is the same for many
 * counters and can be stamped; the text (numbers, names) differs. */
#define MU_COUNTER_PART_ART  1u
#define MU_COUNTER_PART_TEXT 2u
#define MU_COUNTER_PART_ALL  3u
/* Printed sheets: a plain square body (no shadow, bevel or rounded corners). */
#define MU_COUNTER_PART_FLAT 4u
void     mu_render_counter_with  (MuText *text, const MuScenario *scenario,
                                  const MuCounter *counter, MuCounterStyle style, int strength,
                                  double x, double y, double size, double device_size,
                                  guint parts);
/* The part of a counter's look that its art depends on (for sprite keys). */
guint64  mu_render_counter_art_key (const MuScenario *scenario, const MuCounter *counter,
                                    MuCounterStyle style);
void     mu_render_marker_with   (MuText *text, const MuMarkerInfo *marker, const MuSide *side,
                                  double x, double y, double size, double device_size, gboolean flat);
/* The face colour of a declared marker (its side's for MU_MARKER_SIDE_COLOUR). */
guint32  mu_render_marker_colour (const MuMarkerInfo *marker, const MuSide *side);
void     mu_render_objective_symbol (cairo_t *cr, double cx, double cy, double r, guint32 ring,
                                     gboolean owned);

G_END_DECLS
