#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view.h"

#include "muster-map-trace.h"

#include <glib/gi18n.h>
#include <math.h>

/* Tiles are squares of device pixels of the zoomed board. */
#define TILE_SIZE 256
/* Tiles kept per layer beyond those on screen before old ones are dropped. */
#define TILE_CACHE_SLACK 48
#define ZOOM_STEP 1.25
#define PAN_STEP 64.0
#define SCROLL_PAN 48.0
#define FIT_MARGIN 24.0
/* Microseconds of tile drawing per frame; the rest waits for the next frames
 * so that panning into new ground stays fluid. */
#define FRAME_BUDGET_US 25000
/* Milliseconds without zoom input before the board is drawn at the new zoom. */
#define ZOOM_SETTLE_MS 150

typedef enum {
  LAYER_TERRAIN,
  LAYER_PIECES,
  N_LAYERS
} Layer;

struct _MusterMapView
{
  GtkWidget parent_instance;

  MusterScene *scene;
  gulong scene_changed_id;

  MusterViewTransform transform;
  gboolean needs_fit;

  gboolean show_grid;
  gboolean show_coordinates;
  int counter_style;

  /* Counter, marker and symbol images kept across tiles and frames. */
  MuRenderCache *render_cache;

  /* Tiles of the zoomed board by layer: key (tx, ty) packed, value GdkTexture. */
  GHashTable *tiles[N_LAYERS];
  double tiles_zoom;
  int tiles_scale;
  /* While a scroll or pinch zoom goes on, the tiles of the zoom it started
   * from are shown scaled; the board is drawn anew once it settles. */
  GHashTable *preview_tiles[N_LAYERS];
  double preview_zoom;
  guint settle_id;
  guint redraw_id;

  /* Pointer state. */
  double pointer_x, pointer_y;
  gboolean pointer_inside;
  char *position_text;
  gboolean space_down;
  gboolean dragging;
  double drag_origin_x, drag_origin_y;
  double zoom_gesture_start;
  double zoom_gesture_x, zoom_gesture_y;

  /* The keyboard's hex cursor (hex boards): shown once an arrow key moved it. */
  gboolean cursor_on;
  MuHex cursor;
};

G_DEFINE_FINAL_TYPE (MusterMapView, muster_map_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENE,
  PROP_ZOOM,
  PROP_SHOW_GRID,
  PROP_SHOW_COORDINATES,
  PROP_COUNTER_STYLE,
  PROP_POSITION_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CURSOR_ACTIVATED,
  SIGNAL_CURSOR_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gint64
tile_key (int tx,
          int ty)
{
  return ((gint64) tx << 32) | (guint32) ty;
}

static void
clear_tiles (MusterMapView *self,
             guint          layers)
{
  for (int l = 0; l < N_LAYERS; l++)
    if (layers & (1u << l))
      g_hash_table_remove_all (self->tiles[l]);
}

static double
board_scale (MusterMapView *self)
{
  const MuScenario *scenario = self->scene ? muster_scene_get_scenario (self->scene) : NULL;

  if (scenario != NULL && scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
    return scenario->table->unit == MU_UNIT_CM
           ? MUSTER_MAP_VIEW_PX_PER_INCH / 2.54 : MUSTER_MAP_VIEW_PX_PER_INCH;
  return MUSTER_MAP_VIEW_HEX_SIZE;
}

void
muster_map_view_get_render_options (MusterMapView   *self,
                                    MuRenderOptions *options)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  mu_render_options_init (options);
  options->hex_size = MUSTER_MAP_VIEW_HEX_SIZE;
  options->table_scale = board_scale (self);
  options->show_grid = self->show_grid;
  options->show_coordinates = self->show_coordinates;
  options->show_counters = TRUE;
  options->counter_style = self->counter_style;
  /* The zoom is in the cairo matrix; the renderer reads it from there. */
  options->device_scale = 1.0;
  options->cache = self->render_cache;
}

static const MuScenario *
get_scenario (MusterMapView *self)
{
  return self->scene ? muster_scene_get_scenario (self->scene) : NULL;
}

static void
get_board_size (MusterMapView *self,
                double        *width,
                double        *height)
{
  const MuScenario *scenario = get_scenario (self);
  MuRenderOptions options;

  *width = *height = 0;
  if (scenario == NULL)
    return;
  muster_map_view_get_render_options (self, &options);
  mu_render_board_size (scenario, &options, width, height);
}

/* Whole device pixels, so that tiles land on the pixel grid and stay sharp. */
static void
snap_origin (MusterMapView *self)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  self->transform.x = round (self->transform.x * scale) / scale;
  self->transform.y = round (self->transform.y * scale) / scale;
}

/* Keeps part of the board on screen so that it cannot be lost by panning. */
static void
constrain_origin (MusterMapView *self)
{
  double bw, bh, w, h, keep;

  get_board_size (self, &bw, &bh);
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (bw <= 0 || w <= 0 || h <= 0)
    return;
  bw *= self->transform.zoom;
  bh *= self->transform.zoom;
  keep = 64.0;
  self->transform.x = CLAMP (self->transform.x, MIN (keep - bw, w / 2 - bw / 2),
                             MAX (w - keep, w / 2 - bw / 2));
  self->transform.y = CLAMP (self->transform.y, MIN (keep - bh, h / 2 - bh / 2),
                             MAX (h - keep, h / 2 - bh / 2));
}

static void update_position (MusterMapView *self);

static void
end_preview (MusterMapView *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  for (int l = 0; l < N_LAYERS; l++)
    g_hash_table_remove_all (self->preview_tiles[l]);
  self->preview_zoom = 0;
}

static gboolean
on_zoom_settled (gpointer data)
{
  MusterMapView *self = data;

  self->settle_id = 0;
  end_preview (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Keeps the current tiles to show scaled until the zoom settles. */
static void
begin_preview (MusterMapView *self)
{
  if (self->preview_zoom == 0 && self->tiles_zoom > 0)
    {
      for (int l = 0; l < N_LAYERS; l++)
        {
          GHashTable *swap = self->preview_tiles[l];

          self->preview_tiles[l] = self->tiles[l];
          self->tiles[l] = swap;
          g_hash_table_remove_all (self->tiles[l]);
        }
      self->preview_zoom = self->tiles_zoom;
    }
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (ZOOM_SETTLE_MS, on_zoom_settled, self);
}

static void
transform_changed (MusterMapView *self,
                   gboolean       zoom_changed)
{
  constrain_origin (self);
  snap_origin (self);
  if (zoom_changed)
    {
      clear_tiles (self, (1u << N_LAYERS) - 1);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  update_position (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rendering ------------------------------------------------------------------ */

static GdkTexture *
render_tile (MusterMapView *self,
             Layer          layer,
             int            tx,
             int            ty)
{
  const MuScenario *scenario = get_scenario (self);
  double device_zoom = self->transform.zoom * self->tiles_scale;
  g_autoptr(GBytes) bytes = NULL;
  MuRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  GdkTexture *texture;

  muster_map_view_get_render_options (self, &options);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE_SIZE, TILE_SIZE);
  cr = cairo_create (surface);
  cairo_translate (cr, -(double) tx * TILE_SIZE, -(double) ty * TILE_SIZE);
  cairo_scale (cr, device_zoom, device_zoom);

  options.clip_x = (double) tx * TILE_SIZE / device_zoom;
  options.clip_y = (double) ty * TILE_SIZE / device_zoom;
  options.clip_width = TILE_SIZE / device_zoom;
  options.clip_height = TILE_SIZE / device_zoom;
  cairo_rectangle (cr, options.clip_x, options.clip_y, options.clip_width, options.clip_height);
  cairo_clip (cr);

  if (layer == LAYER_TERRAIN)
    {
      mu_render_terrain (cr, scenario, &options, NULL);
    }
  else
    {
      const MuHexHighlight *highlights;
      const MuPiece *pieces;
      guint n_highlights, n_pieces;

      highlights = muster_scene_get_highlights (self->scene, &n_highlights);
      pieces = muster_scene_get_pieces (self->scene, &n_pieces);
      if (n_highlights > 0)
        mu_render_highlights (cr, scenario, &options, highlights, n_highlights);
      if (n_pieces > 0)
        mu_render_pieces (cr, scenario, &options, pieces, n_pieces);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * TILE_SIZE,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (TILE_SIZE, TILE_SIZE, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  return texture;
}

static void
prune_tiles (MusterMapView *self,
             GHashTable    *tiles,
             int            tx0,
             int            ty0,
             int            tx1,
             int            ty1)
{
  GHashTableIter iter;
  gpointer key;
  guint visible = (guint) ((tx1 - tx0 + 1) * (ty1 - ty0 + 1));

  if (g_hash_table_size (tiles) <= visible + TILE_CACHE_SLACK)
    return;
  /* Drop what is more than a tile away from the screen. */
  g_hash_table_iter_init (&iter, tiles);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gint64 k = *(gint64 *) key;
      int tx = (int) (k >> 32);
      int ty = (int) (gint32) (k & 0xffffffff);

      if (tx < tx0 - 1 || tx > tx1 + 1 || ty < ty0 - 1 || ty > ty1 + 1)
        g_hash_table_iter_remove (&iter);
    }
}

static gboolean
redraw_missing (gpointer data)
{
  MusterMapView *self = data;

  self->redraw_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* The outline being drawn (the scene's): a dark line under a light dashed
 * one, its corners marked, so that it shows on every terrain. */
static void
snapshot_outline (MusterMapView *self,
                  GtkSnapshot   *snapshot,
                  double         w,
                  double         h)
{
  guint n, flags;
  const MuPoint *points = self->scene != NULL ? muster_scene_get_outline (self->scene, &n, &flags) : NULL;
  const double dash[] = { 6, 4 };
  cairo_t *cr;

  if (points == NULL || n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      muster_view_to_widget (&self->transform, points[i].x, points[i].y, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  if ((flags & MUSTER_OUTLINE_CLOSED) && n > 2)
    cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 4);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 2);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; (flags & MUSTER_OUTLINE_CORNERS) && i < n; i++)
    {
      double x, y;

      muster_view_to_widget (&self->transform, points[i].x, points[i].y, &x, &y);
      cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 1, 0.85, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* The scene's handle: a line from its anchor to a round knob. */
static void
snapshot_handle (MusterMapView *self,
                 GtkSnapshot   *snapshot,
                 double         w,
                 double         h)
{
  MuPoint from, knob;
  double fx, fy, kx, ky;
  cairo_t *cr;

  if (self->scene == NULL || !muster_scene_get_handle (self->scene, &from, &knob))
    return;
  muster_view_to_widget (&self->transform, from.x, from.y, &fx, &fy);
  muster_view_to_widget (&self->transform, knob.x, knob.y, &kx, &ky);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, kx, ky);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, kx, ky);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_arc (cr, kx, ky, MUSTER_MAP_VIEW_HANDLE_RADIUS, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The keyboard cursor: the hex's outline, dark under light so that it
 * shows on every terrain. */
static void
snapshot_cursor (MusterMapView *self,
                 GtkSnapshot   *snapshot,
                 double         w,
                 double         h)
{
  const MuScenario *scenario = get_scenario (self);
  const MuHexGrid *grid = &scenario->hex_map->grid;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  double zoom = self->transform.zoom;

  cairo_translate (cr, self->transform.x, self->transform.y);
  for (int k = 0; k < 6; k++)
    {
      double x, y;

      mu_hex_corner (grid, MUSTER_MAP_VIEW_HEX_SIZE, self->cursor, k, &x, &y);
      if (k == 0)
        cairo_move_to (cr, x * zoom, y * zoom);
      else
        cairo_line_to (cr, x * zoom, y * zoom);
    }
  cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 0.85, 0.1);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
muster_map_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  MusterMapView *self = MUSTER_MAP_VIEW (widget);
  const MuScenario *scenario = get_scenario (self);
  int scale = gtk_widget_get_scale_factor (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double bw, bh, device_zoom, vx0, vy0, vx1, vy1;
  int tx0, ty0, tx1, ty1;
  guint rendered = 0, missing = 0;
  gint64 start;

  if (scenario == NULL || w <= 0 || h <= 0)
    return;
  start = g_get_monotonic_time ();

  if (self->settle_id != 0 && self->preview_zoom > 0 && self->tiles_scale == scale)
    {
      double f = self->transform.zoom / self->preview_zoom;
      double tile = (double) TILE_SIZE / scale * f;

      for (int l = 0; l < N_LAYERS; l++)
        {
          GHashTableIter iter;
          gpointer key, value;

          g_hash_table_iter_init (&iter, self->preview_tiles[l]);
          while (g_hash_table_iter_next (&iter, &key, &value))
            {
              gint64 k = *(gint64 *) key;
              double x = self->transform.x + (int) (k >> 32) * tile;
              double y = self->transform.y + (int) (gint32) (k & 0xffffffff) * tile;

              if (x > w || y > h || x + tile < 0 || y + tile < 0)
                continue;
              gtk_snapshot_append_texture (snapshot, value, &GRAPHENE_RECT_INIT (x, y, tile, tile));
            }
        }
      return;
    }

  if (self->tiles_zoom != self->transform.zoom || self->tiles_scale != scale)
    {
      clear_tiles (self, (1u << N_LAYERS) - 1);
      self->tiles_zoom = self->transform.zoom;
      self->tiles_scale = scale;
    }

  get_board_size (self, &bw, &bh);
  device_zoom = self->transform.zoom * scale;

  /* The board's shadow on the table. */
  {
    GskRoundedRect outline;
    GdkRGBA shadow = { 0, 0, 0, 0.35 };

    gsk_rounded_rect_init_from_rect (&outline,
                                     &GRAPHENE_RECT_INIT (self->transform.x, self->transform.y,
                                                          bw * self->transform.zoom,
                                                          bh * self->transform.zoom), 0);
    gtk_snapshot_append_outset_shadow (snapshot, &outline, &shadow, 0, 2, 1, 8);
  }

  /* Visible part of the zoomed board in device pixels, cut to the board. */
  vx0 = MAX (0, -self->transform.x * scale);
  vy0 = MAX (0, -self->transform.y * scale);
  vx1 = MIN (bw * device_zoom, (w - self->transform.x) * scale);
  vy1 = MIN (bh * device_zoom, (h - self->transform.y) * scale);
  if (vx1 <= vx0 || vy1 <= vy0)
    return;
  tx0 = (int) floor (vx0 / TILE_SIZE);
  ty0 = (int) floor (vy0 / TILE_SIZE);
  tx1 = (int) floor ((vx1 - 1) / TILE_SIZE);
  ty1 = (int) floor ((vy1 - 1) / TILE_SIZE);

  for (int l = 0; l < N_LAYERS; l++)
    {
      prune_tiles (self, self->tiles[l], tx0, ty0, tx1, ty1);
      for (int ty = ty0; ty <= ty1; ty++)
        for (int tx = tx0; tx <= tx1; tx++)
          {
            gint64 key = tile_key (tx, ty);
            GdkTexture *texture = g_hash_table_lookup (self->tiles[l], &key);
            graphene_rect_t bounds;

            if (texture == NULL && rendered > 0
                && g_get_monotonic_time () - start > FRAME_BUDGET_US)
              {
                missing++;
                continue;
              }
            if (texture == NULL)
              {
                gint64 *k = g_new (gint64, 1);

                *k = key;
                texture = render_tile (self, (Layer) l, tx, ty);
                g_hash_table_insert (self->tiles[l], k, texture);
                rendered++;
              }
            graphene_rect_init (&bounds,
                                self->transform.x + (double) tx * TILE_SIZE / scale,
                                self->transform.y + (double) ty * TILE_SIZE / scale,
                                (double) TILE_SIZE / scale, (double) TILE_SIZE / scale);
            gtk_snapshot_append_texture (snapshot, texture, &bounds);
          }
    }
  snapshot_outline (self, snapshot, w, h);
  {
    MusterTrace trace;
    guint n_spots;
    const MuPoint *spots = muster_scene_get_spots (self->scene, &n_spots);

    muster_scene_get_trace (self->scene, &trace);
    muster_map_trace_snapshot (widget, snapshot, &self->transform, scenario, MUSTER_MAP_VIEW_HEX_SIZE,
                               &trace, spots, n_spots, muster_scene_get_area (self->scene), w, h);
  }
  snapshot_handle (self, snapshot, w, h);
  if (self->cursor_on && gtk_widget_has_focus (widget) && scenario->hex_map != NULL &&
      mu_hex_grid_contains (&scenario->hex_map->grid, self->cursor))
    snapshot_cursor (self, snapshot, w, h);
  if (missing > 0 && self->redraw_id == 0)
    self->redraw_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, redraw_missing, self, NULL);
  g_debug ("map view frame: %u of %d tiles drawn anew, %u left for later, %.2f ms", rendered,
           N_LAYERS * (tx1 - tx0 + 1) * (ty1 - ty0 + 1), missing,
           (g_get_monotonic_time () - start) / 1000.0);
}

/* Picking and descriptions ---------------------------------------------------- */

gboolean
muster_map_view_pick (MusterMapView *self,
                      double         x,
                      double         y,
                      MusterPick    *pick,
                      int           *piece)
{
  const MuScenario *scenario;
  MuRenderOptions options;
  const MuPiece *pieces;
  double bx, by;
  guint n;

  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);

  if (piece)
    *piece = -1;
  scenario = get_scenario (self);
  if (scenario == NULL)
    return FALSE;

  muster_view_to_board (&self->transform, x, y, &bx, &by);
  muster_pick_board (scenario, board_scale (self), bx, by, pick);
  if (piece)
    {
      muster_map_view_get_render_options (self, &options);
      pieces = muster_scene_get_pieces (self->scene, &n);
      if (n > 0)
        *piece = mu_render_piece_at (scenario, &options, pieces, n, bx, by);
    }
  return TRUE;
}

static const char *
unit_abbreviation (MuLengthUnit unit)
{
  /* Translators: abbreviations of inch and centimetre after a number. */
  return unit == MU_UNIT_CM ? _("cm") : _("in");
}

static const char *
arm_name (MuArm arm)
{
  switch (arm)
    {
    case MU_ARM_INFANTRY: return _("Infantry");
    case MU_ARM_CAVALRY: return _("Cavalry");
    case MU_ARM_ARTILLERY: return _("Artillery");
    case MU_ARM_RIVERBOAT: return _("Riverboat");
    case MU_ARM_N:
    default: return "";
    }
}

static void
append_features (GString *s,
                 guint    features)
{
  static const struct { guint bit; const char *name; } names[] = {
    { MU_HEX_FEATURE_STREAM, N_("stream") },
    { MU_HEX_FEATURE_FORD, N_("ford") },
    { MU_HEX_FEATURE_BRIDGE, N_("bridge") },
    { MU_HEX_FEATURE_IMPASSABLE, N_("impassable") },
    { MU_HEX_FEATURE_FORTIFICATION, N_("fortification") },
    { MU_HEX_FEATURE_FORTIFIED_BUILDING, N_("fortified building") },
    { MU_HEX_FEATURE_PREPARED_DEFENCE, N_("prepared defence") },
    { MU_HEX_FEATURE_BUILDINGS, N_("buildings") },
  };
  gboolean first = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (features & names[i].bit)
      {
        g_string_append (s, first ? "" : ", ");
        g_string_append (s, _(names[i].name));
        first = FALSE;
      }
}

static void
append_counter (GString         *s,
                const MuScenario *scenario,
                const MuCounter  *counter)
{
  const MuSide *side = mu_scenario_find_side (scenario, counter->side);

  g_string_append_printf (s, "<b>%s</b>", counter->name ? counter->name : counter->id);
  if (side != NULL && side->name != NULL)
    g_string_append_printf (s, " (%s)", side->name);
  switch (counter->kind)
    {
    case MU_COUNTER_UNIT:
      /* Translators: a unit's arm, then its range, attack and strength values. */
      g_string_append_printf (s, "\n%s · %s %d · %s %d · %s %d", arm_name (counter->arm),
                              _("Range"), counter->range, _("Attack"), counter->attack,
                              _("Strength"), counter->strength);
      if (counter->abilities & MU_ABILITY_INDOMITABLE)
        g_string_append_printf (s, " · %s", _("indomitable"));
      if (counter->abilities & MU_ABILITY_SHARPSHOOTER)
        g_string_append_printf (s, " · %s", _("sharpshooters"));
      break;
    case MU_COUNTER_COMMAND:
      g_string_append_printf (s, "\n%s · %s %d%s", _("Division commander"), _("Leadership"),
                              counter->leadership, counter->exceptional ? " · X" : "");
      break;
    case MU_COUNTER_CONTROL:
      g_string_append_printf (s, "\n%s · %s %d%s", _("Army or corps commander"), _("Leadership"),
                              counter->leadership, counter->star ? " · ★" : "");
      break;
    default:
      break;
    }
}

/* A hex in markup: its number, terrain, elevation, features and the
 * counters on it, a line each. */
static void
describe_hex (MusterMapView *self,
              MuHex          hex,
              GString       *s)
{
  const MuHexMap *map = get_scenario (self)->hex_map;
  const MuHexCell *cell = mu_hex_map_cell (map, hex);
  guint n = 0;
  const MuPiece *pieces = self->scene != NULL ? muster_scene_get_pieces (self->scene, &n) : NULL;
  char label[16];
  guint n_here = 0;

  mu_hex_format (&map->grid, hex, label, sizeof label);
  g_string_append_printf (s, "<b>%s %s</b>\n%s", _("Hex"), label,
                          mu_terrain_display_name (cell->terrain));
  if (cell->elevation > 0)
    g_string_append_printf (s, ", %s %d", _("elevation"), cell->elevation);
  if (cell->features != 0)
    {
      g_string_append (s, "\n");
      append_features (s, cell->features);
    }
  for (guint i = 0; i < n; i++)
    if (mu_hex_equal (pieces[i].hex, hex))
      {
        g_autofree char *name = g_markup_escape_text (pieces[i].counter->name ? pieces[i].counter->name
                                                      : pieces[i].counter->id, -1);

        g_string_append (s, n_here == 0 ? "\n" : ", ");
        g_string_append (s, name);
        n_here++;
      }
}

char *
muster_map_view_describe_at (MusterMapView *self,
                             double         x,
                             double         y)
{
  const MuScenario *scenario;
  g_autoptr(GString) s = NULL;
  const MuPiece *pieces;
  MusterPick pick;
  int piece;
  guint n;

  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), NULL);

  if (!muster_map_view_pick (self, x, y, &pick, &piece) || !pick.on_board)
    return NULL;
  scenario = get_scenario (self);
  pieces = muster_scene_get_pieces (self->scene, &n);
  s = g_string_new (NULL);

  if (piece >= 0)
    {
      g_autofree char *escaped = NULL;

      append_counter (s, scenario, pieces[piece].counter);
      escaped = g_markup_escape_text (pieces[piece].counter->note ? pieces[piece].counter->note : "", -1);
      if (*escaped)
        g_string_append_printf (s, "\n<i>%s</i>", escaped);
      if (scenario->board == MU_BOARD_HEX)
        {
          guint n_here = 0;

          /* the rest of the stack */
          for (guint i = 0; i < n; i++)
            if ((int) i != piece && mu_hex_equal (pieces[i].hex, pieces[piece].hex))
              {
                g_string_append (s, n_here++ == 0 ? "\n\n" : "\n");
                append_counter (s, scenario, pieces[i].counter);
              }
        }
      return g_string_free (g_steal_pointer (&s), FALSE);
    }

  if (scenario->board == MU_BOARD_HEX)
    describe_hex (self, pick.hex, s);
  else
    {
      g_string_append_printf (s, "%.1f, %.1f %s", pick.table.x, pick.table.y,
                              unit_abbreviation (scenario->table->unit));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
set_position_text (MusterMapView *self,
                   const char    *text)
{
  if (g_strcmp0 (self->position_text, text) == 0)
    return;
  g_free (self->position_text);
  self->position_text = g_strdup (text);
  /* what a screen reader says of the board: the hex or point under the pointer */
  if (text != NULL && *text != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION_TEXT]);
}

static void
update_position (MusterMapView *self)
{
  const MuScenario *scenario = get_scenario (self);
  g_autofree char *text = NULL;
  MusterPick pick;

  if (!self->pointer_inside || scenario == NULL
      || !muster_map_view_pick (self, self->pointer_x, self->pointer_y, &pick, NULL)
      || !pick.on_board)
    {
      set_position_text (self, "");
      return;
    }

  if (scenario->board == MU_BOARD_HEX)
    {
      const MuHexGrid *grid = &scenario->hex_map->grid;
      const MuHexCell *cell = mu_hex_map_cell (scenario->hex_map, pick.hex);
      char label[16];

      mu_hex_format (grid, pick.hex, label, sizeof label);
      if (pick.side_distance < MUSTER_MAP_VIEW_HEX_SIZE * 0.2)
        {
          /* Translators: hex number and the compass name of one of its sides. */
          text = g_strdup_printf (_("Hex %s · hexside %s · %s"), label,
                                  mu_hex_direction_name (grid, pick.side_dir),
                                  mu_terrain_display_name (cell->terrain));
        }
      else
        {
          text = g_strdup_printf (_("Hex %s · %s"), label, mu_terrain_display_name (cell->terrain));
        }
    }
  else
    {
      const char *unit = unit_abbreviation (scenario->table->unit);

      text = g_strdup_printf ("%.1f %s, %.1f %s", pick.table.x, unit, pick.table.y, unit);
    }
  set_position_text (self, text);
}

const char *
muster_map_view_get_position_text (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), "");

  return self->position_text ? self->position_text : "";
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  g_autofree char *markup = NULL;

  if (keyboard_mode)
    return FALSE;
  markup = muster_map_view_describe_at (MUSTER_MAP_VIEW (widget), x, y);
  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* Zoom and pan ---------------------------------------------------------------- */

double
muster_map_view_get_zoom (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), 1.0);

  return self->transform.zoom;
}

void
muster_map_view_get_transform (MusterMapView       *self,
                               MusterViewTransform *transform)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  *transform = self->transform;
}

void
muster_map_view_zoom_at (MusterMapView *self,
                         double         zoom,
                         double         x,
                         double         y)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  zoom = CLAMP (zoom, MUSTER_MAP_VIEW_MIN_ZOOM, MUSTER_MAP_VIEW_MAX_ZOOM);
  if (zoom == self->transform.zoom)
    return;
  self->needs_fit = FALSE;
  muster_view_zoom_around (&self->transform, zoom, x, y);
  transform_changed (self, TRUE);
}

static void
zoom_by (MusterMapView *self,
         double         factor,
         gboolean       preview)
{
  double x, y;

  if (self->pointer_inside)
    {
      x = self->pointer_x;
      y = self->pointer_y;
    }
  else
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  if (preview)
    begin_preview (self);
  muster_map_view_zoom_at (self, self->transform.zoom * factor, x, y);
}

void
muster_map_view_zoom_continuous (MusterMapView *self,
                                 double         factor,
                                 double         x,
                                 double         y)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (factor > 0);

  begin_preview (self);
  muster_map_view_zoom_at (self, self->transform.zoom * factor, x, y);
}

gboolean
muster_map_view_get_settling (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);

  return self->settle_id != 0;
}

void
muster_map_view_zoom_in (MusterMapView *self)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  zoom_by (self, ZOOM_STEP, FALSE);
}

void
muster_map_view_zoom_out (MusterMapView *self)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  zoom_by (self, 1 / ZOOM_STEP, FALSE);
}

void
muster_map_view_zoom_to_fit (MusterMapView *self)
{
  double bw, bh, w, h, old_zoom;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  get_board_size (self, &bw, &bh);
  if (w <= 0 || h <= 0 || bw <= 0)
    {
      self->needs_fit = TRUE;
      return;
    }
  self->needs_fit = FALSE;
  old_zoom = self->transform.zoom;
  muster_view_fit (&self->transform, bw, bh, w, h, FIT_MARGIN);
  self->transform.zoom = CLAMP (self->transform.zoom, MUSTER_MAP_VIEW_MIN_ZOOM,
                                MUSTER_MAP_VIEW_MAX_ZOOM);
  self->transform.x = (w - bw * self->transform.zoom) / 2;
  self->transform.y = (h - bh * self->transform.zoom) / 2;
  transform_changed (self, old_zoom != self->transform.zoom);
}

void
muster_map_view_pan (MusterMapView *self,
                     double         dx,
                     double         dy)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  self->transform.x += dx;
  self->transform.y += dy;
  transform_changed (self, FALSE);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MusterMapView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (state & GDK_CONTROL_MASK)
    {
      if (dy != 0)
        zoom_by (self, pow (ZOOM_STEP, -dy), TRUE);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  muster_map_view_pan (self, -dx * SCROLL_PAN, -dy * SCROLL_PAN);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MusterMapView            *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_position (self);
}

static void
on_leave (GtkEventControllerMotion *controller,
          MusterMapView            *self)
{
  self->pointer_inside = FALSE;
  update_position (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MusterMapView  *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_down))
    {
      self->dragging = TRUE;
      self->drag_origin_x = self->transform.x;
      self->drag_origin_y = self->transform.y;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  else
    {
      self->dragging = FALSE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
    }
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MusterMapView  *self)
{
  if (!self->dragging)
    return;
  self->transform.x = self->drag_origin_x + dx;
  self->transform.y = self->drag_origin_y + dy;
  transform_changed (self, FALSE);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MusterMapView  *self)
{
  self->dragging = FALSE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->space_down ? "grab" : NULL);
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  MusterMapView   *self)
{
  MusterPick pick;
  int piece;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->space_down || !muster_map_view_pick (self, x, y, &pick, &piece))
    return;
  muster_scene_select_piece (self->scene, piece);
  if (get_scenario (self)->board == MU_BOARD_HEX)
    muster_scene_select_hex (self->scene, pick.on_board && piece < 0 ? pick.hex : MU_HEX_NONE);
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               MusterMapView    *self)
{
  self->zoom_gesture_start = self->transform.zoom;
  if (!gtk_gesture_get_bounding_box_center (gesture, &self->zoom_gesture_x, &self->zoom_gesture_y))
    {
      self->zoom_gesture_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      self->zoom_gesture_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       MusterMapView  *self)
{
  begin_preview (self);
  muster_map_view_zoom_at (self, self->zoom_gesture_start * scale,
                           self->zoom_gesture_x, self->zoom_gesture_y);
}

/* The widget point at the middle of the cursor's hex. */
static void
cursor_centre (MusterMapView *self,
               double        *x,
               double        *y)
{
  double bx, by;

  mu_hex_center (&get_scenario (self)->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, self->cursor, &bx, &by);
  muster_view_to_widget (&self->transform, bx, by, x, y);
}

/* Tells the status line and assistive technology what is under the cursor. */
static void
describe_cursor (MusterMapView *self)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *plain = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;

  /* the tooltip's words, its lines joined */
  describe_hex (self, self->cursor, markup);
  if (!pango_parse_markup (markup->str, -1, 0, NULL, &plain, NULL, NULL))
    plain = g_strdup (markup->str);
  lines = g_strsplit (plain, "\n", -1);
  text = g_strjoinv (" · ", lines);
  set_position_text (self, text);
}

/* Pans so that the cursor stays a hex clear of the view's edges. */
static void
keep_cursor_in_view (MusterMapView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double margin = MIN (2 * MUSTER_MAP_VIEW_HEX_SIZE * self->transform.zoom, MIN (w, h) / 4);
  double x, y, dx = 0, dy = 0;

  cursor_centre (self, &x, &y);
  if (x < margin)
    dx = margin - x;
  else if (x > w - margin)
    dx = w - margin - x;
  if (y < margin)
    dy = margin - y;
  else if (y > h - margin)
    dy = h - margin - y;
  if (dx != 0 || dy != 0)
    muster_map_view_pan (self, dx, dy);
}

/* Arrow keys on a hex board: the cursor appears at the hex in the middle
 * of the view, then moves a column or a row at a time; the view follows it.
 * FALSE on a table (the arrows pan there). */
static gboolean
move_cursor (MusterMapView *self,
             int            dcol,
             int            drow)
{
  const MuScenario *scenario = get_scenario (self);
  const MuHexGrid *grid;
  double x, y, w, h;
  MuHex next;

  if (scenario == NULL || scenario->board != MU_BOARD_HEX || scenario->hex_map == NULL)
    return FALSE;
  grid = &scenario->hex_map->grid;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (!self->cursor_on || !mu_hex_grid_contains (grid, self->cursor))
    {
      double bx, by;

      muster_view_to_board (&self->transform, w / 2, h / 2, &bx, &by);
      next = mu_hex_at_pixel (grid, MUSTER_MAP_VIEW_HEX_SIZE, bx, by);
      if (!mu_hex_grid_contains (grid, next))
        next = (MuHex) { 1, 1 };
      self->cursor_on = TRUE;
    }
  else
    {
      next = (MuHex) { self->cursor.col + dcol, self->cursor.row + drow };
      if (!mu_hex_grid_contains (grid, next))
        {
          gtk_widget_error_bell (GTK_WIDGET (self));
          return TRUE;
        }
    }
  self->cursor = next;
  keep_cursor_in_view (self);
  describe_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  cursor_centre (self, &x, &y);
  g_signal_emit (self, signals[SIGNAL_CURSOR_MOVED], 0, x, y);
  return TRUE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MusterMapView         *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_space:
      self->space_down = TRUE;
      if (!self->dragging)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, -1, 0))
        return TRUE;
      muster_map_view_pan (self, PAN_STEP, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 1, 0))
        return TRUE;
      muster_map_view_pan (self, -PAN_STEP, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 0, -1))
        return TRUE;
      muster_map_view_pan (self, 0, PAN_STEP);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 0, 1))
        return TRUE;
      muster_map_view_pan (self, 0, -PAN_STEP);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      {
        double x, y;

        if (!self->cursor_on || get_scenario (self) == NULL || get_scenario (self)->hex_map == NULL)
          return FALSE;
        cursor_centre (self, &x, &y);
        g_signal_emit (self, signals[SIGNAL_CURSOR_ACTIVATED], 0, x, y);
        return TRUE;
      }
    default:
      return FALSE;
    }
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 MusterMapView         *self)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_down = FALSE;
      if (!self->dragging)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
    }
}

/* Widget ------------------------------------------------------------------------ */

static void
on_scene_changed (MusterScene   *scene,
                  guint          what,
                  MusterMapView *self)
{
  guint layers = 0;

  if (what & MUSTER_SCENE_TERRAIN)
    layers |= 1u << LAYER_TERRAIN;
  if (what & MUSTER_SCENE_PIECES)
    layers |= 1u << LAYER_PIECES;
  if (layers != 0)
    {
      clear_tiles (self, layers);
      end_preview (self);
      update_position (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_map_view_set_scene (MusterMapView *self,
                           MusterScene   *scene)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (scene == NULL || MUSTER_IS_SCENE (scene));

  if (self->scene == scene)
    return;
  if (self->scene != NULL)
    g_clear_signal_handler (&self->scene_changed_id, self->scene);
  g_set_object (&self->scene, scene);
  if (scene != NULL)
    self->scene_changed_id = g_signal_connect (scene, "changed", G_CALLBACK (on_scene_changed), self);
  clear_tiles (self, (1u << N_LAYERS) - 1);
  end_preview (self);
  muster_map_view_zoom_to_fit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENE]);
}

MusterScene *
muster_map_view_get_scene (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), NULL);

  return self->scene;
}

static void
muster_map_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  MusterMapView *self = MUSTER_MAP_VIEW (widget);

  if (self->needs_fit)
    muster_map_view_zoom_to_fit (self);
  else
    {
      constrain_origin (self);
      snap_origin (self);
    }
}

static void
set_bool (MusterMapView *self,
          gboolean      *field,
          gboolean       value,
          guint          prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  clear_tiles (self, (1u << N_LAYERS) - 1);
  end_preview (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
muster_map_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      g_value_set_object (value, self->scene);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->transform.zoom);
      break;
    case PROP_SHOW_GRID:
      g_value_set_boolean (value, self->show_grid);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_COUNTER_STYLE:
      g_value_set_int (value, self->counter_style);
      break;
    case PROP_POSITION_TEXT:
      g_value_set_string (value, muster_map_view_get_position_text (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_map_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      muster_map_view_set_scene (self, g_value_get_object (value));
      break;
    case PROP_SHOW_GRID:
      set_bool (self, &self->show_grid, g_value_get_boolean (value), PROP_SHOW_GRID);
      break;
    case PROP_SHOW_COORDINATES:
      set_bool (self, &self->show_coordinates, g_value_get_boolean (value), PROP_SHOW_COORDINATES);
      break;
    case PROP_COUNTER_STYLE:
      if (self->counter_style != g_value_get_int (value))
        {
          self->counter_style = g_value_get_int (value);
          clear_tiles (self, 1u << LAYER_PIECES);
          end_preview (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_map_view_dispose (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  if (self->scene != NULL)
    g_clear_signal_handler (&self->scene_changed_id, self->scene);
  g_clear_object (&self->scene);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  g_clear_handle_id (&self->redraw_id, g_source_remove);

  G_OBJECT_CLASS (muster_map_view_parent_class)->dispose (object);
}

static void
muster_map_view_finalize (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  for (int l = 0; l < N_LAYERS; l++)
    {
      g_hash_table_unref (self->tiles[l]);
      g_hash_table_unref (self->preview_tiles[l]);
    }
  g_free (self->position_text);
  g_clear_pointer (&self->render_cache, mu_render_cache_free);

  G_OBJECT_CLASS (muster_map_view_parent_class)->finalize (object);
}

static void
muster_map_view_class_init (MusterMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = muster_map_view_get_property;
  object_class->set_property = muster_map_view_set_property;
  object_class->dispose = muster_map_view_dispose;
  object_class->finalize = muster_map_view_finalize;

  widget_class->snapshot = muster_map_view_snapshot;
  widget_class->size_allocate = muster_map_view_size_allocate;

  properties[PROP_SCENE] =
    g_param_spec_object ("scene", NULL, NULL, MUSTER_TYPE_SCENE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MUSTER_MAP_VIEW_MIN_ZOOM, MUSTER_MAP_VIEW_MAX_ZOOM, 1.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNTER_STYLE] =
    g_param_spec_int ("counter-style", NULL, NULL, MU_COUNTER_STYLE_CLASSIC, MU_COUNTER_STYLE_NATO,
                      MU_COUNTER_STYLE_CLASSIC,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POSITION_TEXT] =
    g_param_spec_string ("position-text", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Enter on the keyboard's hex cursor: the widget point at its middle, for
   * the editor's tools and the match page to act there as on a click. */
  signals[SIGNAL_CURSOR_ACTIVATED] =
    g_signal_new ("cursor-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* The cursor moved (keys or muster_map_view_set_cursor): the widget
   * point at its new middle, for the match page to show what the pointer
   * would show there. */
  signals[SIGNAL_CURSOR_MOVED] =
    g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_map_view_init (MusterMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  muster_view_transform_init (&self->transform);
  self->render_cache = mu_render_cache_new ();
  self->needs_fit = TRUE;
  self->show_grid = TRUE;
  self->show_coordinates = TRUE;
  for (int l = 0; l < N_LAYERS; l++)
    {
      self->tiles[l] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
      self->preview_tiles[l] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
    }

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* the keyboard cursor shows while the board has the focus */
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), NULL);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

GtkWidget *
muster_map_view_new (void)
{
  return g_object_new (MUSTER_TYPE_MAP_VIEW, NULL);
}

gboolean
muster_map_view_get_cursor (MusterMapView *self,
                            MuHex         *hex)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);

  if (!self->cursor_on)
    return FALSE;
  if (hex != NULL)
    *hex = self->cursor;
  return TRUE;
}

void
muster_map_view_set_cursor (MusterMapView *self,
                            const MuHex   *hex)
{
  const MuScenario *scenario;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  scenario = get_scenario (self);
  if (hex == NULL || scenario == NULL || scenario->hex_map == NULL ||
      !mu_hex_grid_contains (&scenario->hex_map->grid, *hex))
    self->cursor_on = FALSE;
  else
    {
      double x, y;

      self->cursor_on = TRUE;
      self->cursor = *hex;
      keep_cursor_in_view (self);
      describe_cursor (self);
      cursor_centre (self, &x, &y);
      g_signal_emit (self, signals[SIGNAL_CURSOR_MOVED], 0, x, y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_map_view_pos_to_board (MusterMapView *self,
                              const MuPos   *pos,
                              MuPoint       *board)
{
  const MuScenario *scenario;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (pos != NULL && board != NULL);

  scenario = get_scenario (self);
  *board = (MuPoint) { 0, 0 };
  if (scenario == NULL)
    return;
  if (pos->is_point)
    *board = (MuPoint) { pos->point.x * board_scale (self), pos->point.y * board_scale (self) };
  else if (scenario->hex_map != NULL)
    mu_hex_center (&scenario->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, pos->hex, &board->x, &board->y);
}
