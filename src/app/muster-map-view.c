/* muster-map-view.c: the board widget: tiles of the rendered board, zoom and
 * pan, the scene it shows */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view.h"

#include "muster-map-view-private.h"

#include "muster-frame-timing.h"
#include "muster-map-trace.h"

#include <glib/gi18n.h>
#include <math.h>

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
  SIGNAL_CURSOR_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void focus (MusterMapView *self, MuPoint at, double zoom, gboolean exact);

void
muster_map_view_emit_cursor_moved (MusterMapView *self,
                                   double         x,
                                   double         y)
{
  g_signal_emit (self, signals[SIGNAL_CURSOR_MOVED], 0, x, y);
}

static void
clear_tiles (MusterMapView *self,
             guint          layers)
{
  for (int l = 0; l < N_LAYERS; l++)
    if (layers & (1u << l))
      {
        g_hash_table_remove_all (self->cache.tiles[l]);
        g_hash_table_remove_all (self->cache.partial[l]);
        g_hash_table_remove_all (self->cache.stale[l]);
      }
}

void
muster_map_view_set_tile_budget (MusterMapView *self,
                                 gint64         us)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  self->cache.budget_override_us = us;
}

void
muster_map_view_get_frame_tiles (MusterMapView *self,
                                 guint         *missing,
                                 guint         *stale,
                                 guint         *blank,
                                 guint         *kept)
{
  guint n = 0;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  for (int l = 0; l < N_LAYERS; l++)
    n += g_hash_table_size (self->cache.stale[l]) + g_hash_table_size (self->cache.preview_tiles[l]);
  *missing = self->cache.last_missing;
  *stale = self->cache.last_stale;
  *blank = self->cache.last_blank;
  *kept = n;
}

void
muster_map_view_get_render_options (MusterMapView   *self,
                                    MuRenderOptions *options)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  mu_render_options_init (options);
  options->hex_size = MUSTER_MAP_VIEW_HEX_SIZE;
  options->table_scale = board_scale (self);
  options->show_grid = self->look.show_grid;
  options->show_coordinates = self->look.show_coordinates;
  options->show_counters = TRUE;
  options->counter_style = self->look.counter_style;
  /* The zoom is in the cairo matrix; the renderer reads it from there. */
  options->device_scale = 1.0;
  options->cache = self->render_cache;
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

static void
end_preview (MusterMapView *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  for (int l = 0; l < N_LAYERS; l++)
    g_hash_table_remove_all (self->cache.preview_tiles[l]);
  self->cache.preview_zoom = 0;
}

static gboolean
on_zoom_settled (gpointer data)
{
  MusterMapView *self = data;

  /* the board is drawn at the new zoom; the tiles of the zoom before stay
   * scaled under it until its own tiles cover the view */
  self->settle_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static gboolean
has_tiles (MusterMapView *self)
{
  for (int l = 0; l < N_LAYERS; l++)
    if (g_hash_table_size (self->cache.tiles[l]) > 0 || g_hash_table_size (self->cache.stale[l]) > 0)
      return TRUE;
  return FALSE;
}

/* Keeps what the screen shows of the board at this zoom to show scaled at
 * the next one. Where the tiles of an earlier zoom are still kept (the new
 * one not drawn yet), they stay: they are what the screen showed. */
static void
keep_zoom_tiles (MusterMapView *self)
{
  if (self->cache.preview_zoom == 0 && self->cache.tiles_zoom > 0 && has_tiles (self))
    {
      for (int l = 0; l < N_LAYERS; l++)
        {
          GHashTable *swap = self->cache.preview_tiles[l];
          GHashTableIter iter;
          gpointer key, value;

          self->cache.preview_tiles[l] = self->cache.tiles[l];
          self->cache.tiles[l] = swap;
          g_hash_table_remove_all (self->cache.tiles[l]);
          g_hash_table_remove_all (self->cache.partial[l]);
          /* where a tile was still being drawn anew after an edit, the
           * stale one is what the screen showed */
          g_hash_table_iter_init (&iter, self->cache.stale[l]);
          while (g_hash_table_iter_next (&iter, &key, &value))
            {
              g_hash_table_iter_steal (&iter);
              if (g_hash_table_contains (self->cache.preview_tiles[l], key))
                {
                  g_free (key);
                  g_object_unref (value);
                }
              else
                g_hash_table_insert (self->cache.preview_tiles[l], key, value);
            }
        }
      self->cache.preview_zoom = self->cache.tiles_zoom;
    }
}

/* Keeps the current tiles to show scaled until the zoom settles. */
void
muster_map_view_begin_preview (MusterMapView *self)
{
  keep_zoom_tiles (self);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (ZOOM_SETTLE_MS, on_zoom_settled, self);
}

void
muster_map_view_transform_changed (MusterMapView *self,
                                   gboolean       zoom_changed)
{
  constrain_origin (self);
  snap_origin (self);
  if (zoom_changed)
    {
      /* the old zoom's tiles stand in, scaled, until the new ones are drawn */
      keep_zoom_tiles (self);
      clear_tiles (self, (1u << N_LAYERS) - 1);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  muster_map_view_update_position (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rendering ------------------------------------------------------------------ */

static gboolean
redraw_missing (gpointer data)
{
  MusterMapView *self = data;

  self->redraw_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* While a scroll or pinch zoom goes on: the tiles of the zoom it started
 * from, scaled. */
static gboolean
snapshot_preview (MusterMapView *self,
                  GtkSnapshot   *snapshot,
                  int            scale,
                  double         w,
                  double         h)
{
  double f, tile;

  if (self->settle_id == 0 || self->cache.preview_zoom <= 0 || self->cache.tiles_scale != scale)
    return FALSE;
  f = self->transform.zoom / self->cache.preview_zoom;
  tile = (double) TILE_SIZE / scale * f;
  for (int l = 0; l < N_LAYERS; l++)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, self->cache.preview_tiles[l]);
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
  return TRUE;
}

/* The board's shadow on the table. */
static void
snapshot_shadow (MusterMapView *self,
                 GtkSnapshot   *snapshot,
                 double         bw,
                 double         bh)
{
  GskRoundedRect outline;
  GdkRGBA shadow = { 0, 0, 0, 0.35 };

  gsk_rounded_rect_init_from_rect (&outline,
                                   &GRAPHENE_RECT_INIT (self->transform.x, self->transform.y,
                                                        bw * self->transform.zoom,
                                                        bh * self->transform.zoom), 0);
  gtk_snapshot_append_outset_shadow (snapshot, &outline, &shadow, 0, 2, 1, 8);
}

/* What is drawn over the tiles. */
static void
snapshot_overlays (MusterMapView    *self,
                   GtkSnapshot      *snapshot,
                   const MuScenario *scenario,
                   double            w,
                   double            h)
{
  GtkWidget *widget = GTK_WIDGET (self);
  MusterTrace trace;
  guint n_spots;
  const MuPoint *spots = muster_scene_get_spots (self->scene, &n_spots);

  muster_map_view_snapshot_discs (self, snapshot, w, h);
  muster_map_view_snapshot_arc (self, snapshot, w, h);
  muster_map_view_snapshot_range (self, snapshot, w, h);
  muster_map_view_snapshot_outline (self, snapshot, w, h);
  muster_scene_get_trace (self->scene, &trace);
  muster_map_trace_snapshot (widget, snapshot, &self->transform, scenario, MUSTER_MAP_VIEW_HEX_SIZE,
                             &trace, spots, n_spots, muster_scene_get_area (self->scene), w, h);
  muster_map_view_snapshot_handle (self, snapshot, w, h);
  if (self->keyboard.cursor_on && gtk_widget_has_focus (widget) && scenario->hex_map != NULL &&
      mu_hex_grid_contains (&scenario->hex_map->grid, self->keyboard.cursor))
    muster_map_view_snapshot_cursor (self, snapshot, w, h);
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
  FrameTiles ft = { 0, };
  gint64 start, cpu;

  if (scenario == NULL || w <= 0 || h <= 0)
    return;
  start = muster_map_view_clock_us ();
  /* before anything kept from before a change is shown */
  muster_map_view_mend_tiles (self);
  if (snapshot_preview (self, snapshot, scale, w, h))
    return;

  if (self->cache.tiles_zoom != self->transform.zoom || self->cache.tiles_scale != scale)
    {
      if (self->cache.tiles_scale != scale)
        end_preview (self);
      else
        keep_zoom_tiles (self);
      clear_tiles (self, (1u << N_LAYERS) - 1);
      self->cache.tiles_zoom = self->transform.zoom;
      self->cache.tiles_scale = scale;
    }

  get_board_size (self, &bw, &bh);
  device_zoom = self->transform.zoom * scale;
  snapshot_shadow (self, snapshot, bw, bh);

  /* Visible part of the zoomed board in device pixels, cut to the board. */
  vx0 = MAX (0, -self->transform.x * scale);
  vy0 = MAX (0, -self->transform.y * scale);
  vx1 = MIN (bw * device_zoom, (w - self->transform.x) * scale);
  vy1 = MIN (bh * device_zoom, (h - self->transform.y) * scale);
  if (vx1 <= vx0 || vy1 <= vy0)
    return;
  ft.vx0 = vx0;
  ft.vy0 = vy0;
  ft.vx1 = vx1;
  ft.vy1 = vy1;
  ft.tx0 = (int) floor (vx0 / TILE_SIZE);
  ft.ty0 = (int) floor (vy0 / TILE_SIZE);
  ft.tx1 = (int) floor ((vx1 - 1) / TILE_SIZE);
  ft.ty1 = (int) floor ((vy1 - 1) / TILE_SIZE);

  if (self->cache.frames_of != scenario)
    {
      self->cache.frames_of = scenario;
      self->cache.frames_drawn = 0;
    }
  self->cache.frame_budget_us = self->cache.frames_drawn < FIRST_FRAMES ? FIRST_FRAME_BUDGET_US : FRAME_BUDGET_US;
  if (self->cache.budget_override_us >= 0)
    self->cache.frame_budget_us = self->cache.budget_override_us;
  self->cache.frames_drawn = MIN (self->cache.frames_drawn + 1, FIRST_FRAMES);
  muster_map_view_snapshot_tiles (self, snapshot, &ft, scale, w, h, bw, bh, start);
  self->cache.last_missing = ft.missing;
  self->cache.last_stale = ft.stale + ft.scaled;
  self->cache.last_blank = ft.blank;
  /* the new zoom's tiles cover the view: the old ones are not needed */
  if (ft.missing == 0 && self->cache.preview_zoom > 0)
    end_preview (self);
  snapshot_overlays (self, snapshot, scenario, w, h);
  if (ft.missing > 0 && self->redraw_id == 0)
    self->redraw_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, redraw_missing, self, NULL);
  cpu = muster_map_view_clock_us () - start;
  muster_frame_timing_board (widget, cpu, ft.drawn, ft.missing, ft.coarse);
  g_debug ("map view frame: %u bands drawn, %u of %d tiles left for later%s, %.2f ms of CPU", ft.drawn,
           ft.missing, N_LAYERS * (ft.tx1 - ft.tx0 + 1) * (ft.ty1 - ft.ty0 + 1),
           ft.coarse ? " (coarse picture under them)" : "", cpu / 1000.0);
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
  self->layout.needs_fit = FALSE;
  self->layout.fitted = FALSE;
  self->layout.focused = FALSE;
  muster_view_zoom_around (&self->transform, zoom, x, y);
  muster_map_view_transform_changed (self, TRUE);
}

void
muster_map_view_zoom_by (MusterMapView *self,
                         double         factor,
                         gboolean       preview)
{
  double x, y;

  if (self->input.pointer_inside)
    {
      x = self->input.pointer_x;
      y = self->input.pointer_y;
    }
  else
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  if (preview)
    muster_map_view_begin_preview (self);
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

  muster_map_view_begin_preview (self);
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

  muster_map_view_zoom_by (self, ZOOM_STEP, FALSE);
}

void
muster_map_view_zoom_out (MusterMapView *self)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  muster_map_view_zoom_by (self, 1 / ZOOM_STEP, FALSE);
}

void
muster_map_view_zoom_to_fit (MusterMapView *self)
{
  double bw, bh, w, h, old_zoom;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  self->layout.focused = FALSE;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  get_board_size (self, &bw, &bh);
  if (w <= 0 || h <= 0 || bw <= 0)
    {
      self->layout.needs_fit = TRUE;
      return;
    }
  self->layout.needs_fit = FALSE;
  self->layout.fitted = TRUE;
  self->layout.fitted_width = (int) w;
  self->layout.fitted_height = (int) h;
  old_zoom = self->transform.zoom;
  muster_view_fit (&self->transform, bw, bh, w, h, FIT_MARGIN);
  self->transform.zoom = CLAMP (self->transform.zoom, MUSTER_MAP_VIEW_MIN_ZOOM,
                                MUSTER_MAP_VIEW_MAX_ZOOM);
  self->transform.x = (w - bw * self->transform.zoom) / 2;
  self->transform.y = (h - bh * self->transform.zoom) / 2;
  muster_map_view_transform_changed (self, old_zoom != self->transform.zoom);
}

void
muster_map_view_pan (MusterMapView *self,
                     double         dx,
                     double         dy)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  self->layout.fitted = FALSE;
  self->layout.focused = FALSE;
  self->transform.x += dx;
  self->transform.y += dy;
  muster_map_view_transform_changed (self, FALSE);
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
  if (what & MUSTER_SCENE_TERRAIN)
    muster_map_view_clear_coarse (self);
  if (layers != 0)
    {
      /* the old tiles stay on screen until each is drawn anew; those of
       * the zoom before a zoom change too, but the board is drawn anew now
       * rather than once the zoom settles. Where the pieces changed, the
       * next frame draws them anew first. */
      if (layers & (1u << LAYER_PIECES))
        muster_map_view_note_pieces (self, TRUE);
      muster_map_view_stale_tiles (self, layers);
      g_clear_handle_id (&self->settle_id, g_source_remove);
      muster_map_view_update_position (self);
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
  muster_map_view_clear_coarse (self);
  end_preview (self);
  g_array_set_size (self->cache.changed, 0);
  self->cache.changed_all = FALSE;
  muster_map_view_note_pieces (self, FALSE);
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

  if (self->layout.needs_fit ||
      (self->layout.fitted && (width != self->layout.fitted_width || height != self->layout.fitted_height)))
    muster_map_view_zoom_to_fit (self);
  else
    {
      constrain_origin (self);
      snap_origin (self);
    }
  if (self->layout.needs_focus ||
      (self->layout.focused && (width != self->layout.focused_width || height != self->layout.focused_height)))
    focus (self, self->layout.focus_at, self->layout.focus_zoom, self->layout.focus_exact);
}

/* Board point `at` in the middle at zoom (exact) or at least at zoom, once
 * the view is laid out, and again at each new size of the view until the
 * board is zoomed or panned: a match opened in a window that is then
 * maximised would otherwise keep the place worked out for the first,
 * smaller size, the board pushed to the left of the larger view. */
static void
focus (MusterMapView *self,
       MuPoint        at,
       double         zoom,
       gboolean       exact)
{
  double w, h, old_zoom;

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (w <= 0 || h <= 0 || self->layout.needs_fit)
    {
      self->layout.needs_focus = TRUE;
      self->layout.focus_at = at;
      self->layout.focus_zoom = zoom;
      self->layout.focus_exact = exact;
      return;
    }
  self->layout.needs_focus = FALSE;
  old_zoom = self->transform.zoom;
  self->transform.zoom = CLAMP (exact ? zoom : MAX (self->transform.zoom, zoom), MUSTER_MAP_VIEW_MIN_ZOOM,
                                MUSTER_MAP_VIEW_MAX_ZOOM);
  self->transform.x = w / 2 - at.x * self->transform.zoom;
  self->transform.y = h / 2 - at.y * self->transform.zoom;
  {
    double bw, bh;

    /* a board narrower (or lower) than the view at this zoom sits in its
     * middle; a wider one covers the view rather than leave the table bare
     * on one side while board is hidden past the other (a view saved near
     * the board's edge, opened in a larger window) */
    get_board_size (self, &bw, &bh);
    bw *= self->transform.zoom;
    bh *= self->transform.zoom;
    self->transform.x = bw <= w ? (w - bw) / 2 : CLAMP (self->transform.x, w - bw, 0);
    self->transform.y = bh <= h ? (h - bh) / 2 : CLAMP (self->transform.y, h - bh, 0);
  }
  /* kept, to focus the same again at another size of the view */
  self->layout.focused = TRUE;
  self->layout.focused_width = (int) w;
  self->layout.focused_height = (int) h;
  self->layout.focus_at = at;
  self->layout.focus_zoom = self->transform.zoom;
  self->layout.focus_exact = TRUE;
  self->layout.fitted = FALSE;
  constrain_origin (self);
  snap_origin (self);
  muster_map_view_transform_changed (self, old_zoom != self->transform.zoom);
}

void
muster_map_view_focus_point (MusterMapView *self,
                             MuPoint        at,
                             double         min_zoom)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  focus (self, at, min_zoom, FALSE);
}

void
muster_map_view_set_view (MusterMapView *self,
                          double         zoom,
                          MuPoint        centre)
{
  double scale;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (zoom > 0);

  scale = board_scale (self);
  focus (self, (MuPoint) { centre.x * scale, centre.y * scale }, zoom, TRUE);
}

gboolean
muster_map_view_get_view (MusterMapView *self,
                          double        *zoom,
                          MuPoint       *centre)
{
  double w, h, scale;

  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);
  g_return_val_if_fail (zoom != NULL && centre != NULL, FALSE);

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  scale = board_scale (self);
  if (self->layout.needs_focus)
    {
      /* asked for, not shown yet: what it will show */
      *zoom = self->layout.focus_exact ? self->layout.focus_zoom : MAX (self->transform.zoom, self->layout.focus_zoom);
      *centre = (MuPoint) { self->layout.focus_at.x / scale, self->layout.focus_at.y / scale };
      return TRUE;
    }
  if (w <= 0 || h <= 0 || self->scene == NULL)
    return FALSE;
  *zoom = self->transform.zoom;
  centre->x = (w / 2 - self->transform.x) / self->transform.zoom / scale;
  centre->y = (h / 2 - self->transform.y) / self->transform.zoom / scale;
  return TRUE;
}

/* A view option changed what `layers` show: as after an edit, the tiles
 * kept (and those of the zoom before a zoom change, scaled) stand in until
 * each is drawn anew, so that the board never goes blank meanwhile. */
static void
look_changed (MusterMapView *self,
              guint          layers)
{
  /* the pieces stay where they were: only those that change later are
   * drawn anew at once */
  if (layers & (1u << LAYER_PIECES))
    muster_map_view_note_pieces (self, FALSE);
  /* the coarse picture blends the grid in */
  if (layers & (1u << LAYER_TERRAIN))
    muster_map_view_clear_coarse (self);
  muster_map_view_stale_tiles (self, layers);
  /* drawn anew now rather than once a zoom settles */
  g_clear_handle_id (&self->settle_id, g_source_remove);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  /* the grid and the coordinates are drawn with the terrain */
  look_changed (self, 1u << LAYER_TERRAIN);
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
      g_value_set_boolean (value, self->look.show_grid);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->look.show_coordinates);
      break;
    case PROP_COUNTER_STYLE:
      g_value_set_int (value, self->look.counter_style);
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
      set_bool (self, &self->look.show_grid, g_value_get_boolean (value), PROP_SHOW_GRID);
      break;
    case PROP_SHOW_COORDINATES:
      set_bool (self, &self->look.show_coordinates, g_value_get_boolean (value), PROP_SHOW_COORDINATES);
      break;
    case PROP_COUNTER_STYLE:
      if (self->look.counter_style != g_value_get_int (value))
        {
          self->look.counter_style = g_value_get_int (value);
          look_changed (self, 1u << LAYER_PIECES);
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
  g_clear_object (&self->tool);
  g_clear_object (&self->tool_press.tool);
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
      g_hash_table_unref (self->cache.tiles[l]);
      g_hash_table_unref (self->cache.preview_tiles[l]);
      g_hash_table_unref (self->cache.partial[l]);
      g_hash_table_unref (self->cache.stale[l]);
    }
  g_clear_pointer (&self->cache.footprints, g_array_unref);
  g_array_unref (self->cache.changed);
  g_clear_object (&self->cache.coarse);
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
  muster_view_transform_init (&self->transform);
  self->render_cache = mu_render_cache_new ();
  self->layout.needs_fit = TRUE;
  self->look.show_grid = TRUE;
  self->look.show_coordinates = TRUE;
  for (int l = 0; l < N_LAYERS; l++)
    {
      self->cache.tiles[l] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
      self->cache.preview_tiles[l] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
      self->cache.partial[l] = muster_map_view_partial_new ();
      self->cache.stale[l] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
    }
  self->cache.budget_override_us = -1;
  self->cache.changed = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* the keyboard cursor shows while the board has the focus */
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), NULL);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (muster_map_view_query_tooltip), NULL);
  muster_map_view_add_controllers (self);

}

GtkWidget *
muster_map_view_new (void)
{
  return g_object_new (MUSTER_TYPE_MAP_VIEW, NULL);
}

void
muster_map_view_pos_to_board (MusterMapView *self,
                              const MuPos   *pos,
                              MuPoint       *board)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (pos != NULL && board != NULL);

  if (self->scene == NULL)
    *board = (MuPoint) { 0, 0 };
  else
    muster_scene_pos_to_board (self->scene, pos, board);
}
