/* muster-map-view-tiles.c: drawing the board's tiles a band at a time, and
 * the coarse picture shown where tiles are still to come
 *
 * A tile of a zoomed-out large board covers thousands of hexes: drawn whole,
 * one tile alone can take longer than a frame. So a tile is drawn in bands of
 * rows, as many as the frame's budget of CPU time allows (checked before
 * each band), and is shown once its last band is drawn; the number of bands
 * follows what the layer's last tile cost.
 * Until a terrain tile is shown, a picture of the board's ground at one pixel
 * a hex stands in for it, so that the first frame shows the whole board.
 * After a zoom change, the tiles of the zoom before stand in, scaled, for
 * those still to come (over the coarse picture where they do not reach).
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view-private.h"

#include <math.h>
#include <string.h>
#include <time.h>

/* Thread CPU microseconds a band should take at most. */
#define BAND_TARGET_US 4000
#define MAX_BANDS 16

typedef struct {
  cairo_surface_t *surface;
  int bands;
  int next;
  gint64 cost_us;
} PartialTile;

static void
partial_tile_free (gpointer data)
{
  PartialTile *p = data;

  g_clear_pointer (&p->surface, cairo_surface_destroy);
  g_free (p);
}

GHashTable *
muster_map_view_partial_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, partial_tile_free);
}

gint64
muster_map_view_clock_us (void)
{
  struct timespec ts;

  /* CPU time of this thread: what drawing costs, whatever else the machine runs */
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Draws the part (x0, y0)-(x1, y1), in device pixels of the tile, of tile
 * (tx, ty) of the board at device_zoom. */
static void
draw_region (MusterMapView   *self,
             Layer            layer,
             cairo_surface_t *surface,
             double           device_zoom,
             int              tx,
             int              ty,
             int              x0,
             int              y0,
             int              x1,
             int              y1)
{
  const MuScenario *scenario = muster_scene_get_scenario (self->scene);
  MuRenderOptions options;
  cairo_t *cr;

  muster_map_view_get_render_options (self, &options);
  cr = cairo_create (surface);
  cairo_translate (cr, -(double) tx * TILE_SIZE, -(double) ty * TILE_SIZE);
  cairo_scale (cr, device_zoom, device_zoom);

  /* whole device pixels, so that the parts meet without a seam */
  options.clip_x = ((double) tx * TILE_SIZE + x0) / device_zoom;
  options.clip_y = ((double) ty * TILE_SIZE + y0) / device_zoom;
  options.clip_width = (x1 - x0) / device_zoom;
  options.clip_height = (y1 - y0) / device_zoom;
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
}

static GdkTexture *
texture_for (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * cairo_image_surface_get_height (surface),
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  return gdk_memory_texture_new (cairo_image_surface_get_width (surface),
                                 cairo_image_surface_get_height (surface),
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

GdkTexture *
muster_map_view_draw_tile (MusterMapView *self,
                           Layer          layer,
                           int            tx,
                           int            ty,
                           gint64         frame_start,
                           guint         *drawn)
{
  gint64 key = tile_key (tx, ty);
  PartialTile *p = g_hash_table_lookup (self->cache.partial[layer], &key);
  GdkTexture *texture;
  gint64 *k;

  if (p == NULL)
    {
      gint64 cost = self->cache.tile_cost_us[layer];

      p = g_new0 (PartialTile, 1);
      /* A layer not drawn yet at this zoom: a few bands until its cost is
       * known where a tile holds thousands of hexes, one where it holds a
       * few dozen (an extra frame costs more than drawing them). */
      p->bands = cost > 0 || MUSTER_MAP_VIEW_HEX_SIZE * self->transform.zoom * self->cache.tiles_scale >= 8.0
                 ? 1 : 4;
      while (p->bands < MAX_BANDS && cost / p->bands > BAND_TARGET_US)
        p->bands *= 2;
      k = g_new (gint64, 1);
      *k = key;
      g_hash_table_insert (self->cache.partial[layer], k, p);
    }
  while (p->next < p->bands)
    {
      /* what this tile's bands cost so far, else what the layer's last
       * tile did: before the first tile of a zoom is done the latter is
       * unknown, and a frame would overrun its budget by a whole band */
      gint64 estimate = p->next > 0 ? p->cost_us / p->next : self->cache.tile_cost_us[layer] / p->bands;
      gint64 t0 = muster_map_view_clock_us ();

      /* at least one band a frame, so that the board always comes */
      if (*drawn > 0 && t0 - frame_start + estimate > self->cache.frame_budget_us)
        return NULL;
      /* Made with the first band, not when the tile is first asked for: the
       * first frames ask for every visible tile and draw few of them. */
      if (p->surface == NULL)
        p->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE_SIZE, TILE_SIZE);
      draw_region (self, layer, p->surface, self->transform.zoom * self->cache.tiles_scale, tx, ty,
                   0, TILE_SIZE * p->next / p->bands, TILE_SIZE, TILE_SIZE * (p->next + 1) / p->bands);
      p->cost_us += muster_map_view_clock_us () - t0;
      p->next++;
      (*drawn)++;
    }
  self->cache.tile_cost_us[layer] = MAX (p->cost_us, 1);
  texture = texture_for (cairo_surface_reference (p->surface));
  g_hash_table_remove (self->cache.partial[layer], &key);
  /* replaced: the old picture is not kept beside the new one */
  g_hash_table_remove (self->cache.stale[layer], &key);
  k = g_new (gint64, 1);
  *k = key;
  g_hash_table_insert (self->cache.tiles[layer], k, texture);
  return texture;
}

/* Changed pieces ------------------------------------------------------------- */

/* Device pixels around a changed footprint drawn anew too: its edges'
 * smoothing, a sprite snapped to the pixel grid, hairlines of a pixel. */
#define CHANGED_MARGIN 3
/* Changed footprints beyond which the tiles are drawn anew whole. */
#define MAX_CHANGED 512

static void
add_changed (MusterMapView     *self,
             const MuFootprint *f)
{
  graphene_rect_t r;

  if (f->width <= 0 || f->height <= 0 || self->cache.changed_all)
    return;
  if (self->cache.changed->len >= MAX_CHANGED)
    {
      self->cache.changed_all = TRUE;
      g_array_set_size (self->cache.changed, 0);
      return;
    }
  graphene_rect_init (&r, f->x, f->y, f->width, f->height);
  g_array_append_val (self->cache.changed, r);
}

/* Marks changed the footprints of `before` and `now` that the other has
 * not: what went, what came, and both places of what moved. Where pieces
 * may overlap (a table's), a new order of those that stayed shows too,
 * and marks the whole board changed. */
static void
compare_footprints (MusterMapView *self,
                    GArray        *before,
                    GArray        *now)
{
  g_autoptr(GHashTable) left = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) order_before = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) order_now = g_array_new (FALSE, FALSE, sizeof (guint64));

  /* how many of each digest the tiles show, less those still there */
  for (guint i = 0; i < before->len; i++)
    {
      MuFootprint *f = &g_array_index (before, MuFootprint, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (left, &f->digest));

      g_hash_table_insert (left, &f->digest, GUINT_TO_POINTER (n + 1));
    }
  for (guint i = 0; i < now->len; i++)
    {
      MuFootprint *f = &g_array_index (now, MuFootprint, i);
      gpointer key, value;

      if (g_hash_table_lookup_extended (left, &f->digest, &key, &value) && GPOINTER_TO_UINT (value) > 0)
        {
          g_hash_table_insert (left, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (value) - 1));
          if (f->ordered)
            g_array_append_val (order_now, f->digest);
        }
      else
        add_changed (self, f);
    }
  for (guint i = 0; i < before->len; i++)
    {
      MuFootprint *f = &g_array_index (before, MuFootprint, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (left, &f->digest));

      if (n > 0)
        {
          g_hash_table_insert (left, &f->digest, GUINT_TO_POINTER (n - 1));
          add_changed (self, f);
        }
      else if (f->ordered)
        g_array_append_val (order_before, f->digest);
    }
  if (order_before->len != order_now->len ||
      (order_now->len > 0 &&
       memcmp (order_before->data, order_now->data, order_now->len * sizeof (guint64)) != 0))
    self->cache.changed_all = TRUE;
}

void
muster_map_view_note_pieces (MusterMapView *self,
                             gboolean       compare)
{
  const MuScenario *scenario = get_scenario (self);
  GArray *now;

  if (scenario != NULL)
    {
      const MuHexHighlight *highlights;
      const MuPiece *pieces;
      guint n_highlights, n_pieces;
      MuRenderOptions options;

      muster_map_view_get_render_options (self, &options);
      highlights = muster_scene_get_highlights (self->scene, &n_highlights);
      pieces = muster_scene_get_pieces (self->scene, &n_pieces);
      now = mu_render_footprints (scenario, &options, highlights, n_highlights, pieces, n_pieces);
    }
  else
    now = g_array_new (FALSE, TRUE, sizeof (MuFootprint));
  if (compare && self->cache.footprints != NULL)
    compare_footprints (self, self->cache.footprints, now);
  g_clear_pointer (&self->cache.footprints, g_array_unref);
  self->cache.footprints = now;
}

/* The part of tile (tx, ty) of the board at device_zoom where the pieces
 * changed, in whole device pixels of the tile; FALSE if none. */
static gboolean
changed_part (MusterMapView *self,
              double         device_zoom,
              int            tx,
              int            ty,
              int           *x0,
              int           *y0,
              int           *x1,
              int           *y1)
{
  double ox = (double) tx * TILE_SIZE, oy = (double) ty * TILE_SIZE;
  double bx0 = G_MAXDOUBLE, by0 = G_MAXDOUBLE, bx1 = -G_MAXDOUBLE, by1 = -G_MAXDOUBLE;

  if (self->cache.changed_all)
    {
      *x0 = *y0 = 0;
      *x1 = *y1 = TILE_SIZE;
      return TRUE;
    }
  for (guint i = 0; i < self->cache.changed->len; i++)
    {
      const graphene_rect_t *r = &g_array_index (self->cache.changed, graphene_rect_t, i);
      double rx0 = MAX (r->origin.x * device_zoom - CHANGED_MARGIN - ox, 0);
      double ry0 = MAX (r->origin.y * device_zoom - CHANGED_MARGIN - oy, 0);
      double rx1 = MIN ((r->origin.x + r->size.width) * device_zoom + CHANGED_MARGIN - ox, TILE_SIZE);
      double ry1 = MIN ((r->origin.y + r->size.height) * device_zoom + CHANGED_MARGIN - oy, TILE_SIZE);

      if (rx1 <= rx0 || ry1 <= ry0)
        continue;
      /* one rectangle around them all: a tile is drawn anew at most */
      bx0 = MIN (bx0, rx0);
      by0 = MIN (by0, ry0);
      bx1 = MAX (bx1, rx1);
      by1 = MAX (by1, ry1);
    }
  if (bx1 <= bx0 || by1 <= by0)
    return FALSE;
  *x0 = (int) floor (bx0);
  *y0 = (int) floor (by0);
  *x1 = (int) ceil (bx1);
  *y1 = (int) ceil (by1);
  return TRUE;
}

static void
mend_layer_tiles (MusterMapView *self,
                  GHashTable    *tiles,
                  double         device_zoom)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, tiles);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gint64 k = *(gint64 *) key;
      int tx = (int) (k >> 32);
      int ty = (int) (gint32) (k & 0xffffffff);
      int x0, y0, x1, y1;
      cairo_surface_t *surface;
      cairo_t *cr;

      if (!changed_part (self, device_zoom, tx, ty, &x0, &y0, &x1, &y1))
        continue;
      /* a copy: a texture may already be on the graphics card */
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE_SIZE, TILE_SIZE);
      gdk_texture_download (value, cairo_image_surface_get_data (surface),
                            cairo_image_surface_get_stride (surface));
      cairo_surface_mark_dirty (surface);
      cr = cairo_create (surface);
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_fill (cr);
      cairo_destroy (cr);
      draw_region (self, LAYER_PIECES, surface, device_zoom, tx, ty, x0, y0, x1, y1);
      g_hash_table_iter_replace (&iter, texture_for (surface));
    }
}

void
muster_map_view_mend_tiles (MusterMapView *self)
{
  if (self->cache.changed->len == 0 && !self->cache.changed_all)
    return;
  /* what is drawn since the change shows the pieces as they are; what
   * was kept from before, as they were */
  if (self->cache.tiles_zoom > 0)
    mend_layer_tiles (self, self->cache.stale[LAYER_PIECES],
                      self->cache.tiles_zoom * self->cache.tiles_scale);
  if (self->cache.preview_zoom > 0)
    mend_layer_tiles (self, self->cache.preview_tiles[LAYER_PIECES],
                      self->cache.preview_zoom * self->cache.tiles_scale);
  g_array_set_size (self->cache.changed, 0);
  self->cache.changed_all = FALSE;
}

GdkTexture *
muster_map_view_get_coarse (MusterMapView *self)
{
  const MuScenario *scenario = muster_scene_get_scenario (self->scene);
  cairo_surface_t *surface;

  double device_zoom = self->transform.zoom * self->cache.tiles_scale;
  MuRenderOptions options;

  /* the grid's share of the picture follows the zoom */
  if (self->cache.coarse_zoom != device_zoom)
    muster_map_view_clear_coarse (self);
  if (self->cache.coarse == NULL && !self->cache.coarse_none && scenario != NULL)
    {
      muster_map_view_get_render_options (self, &options);
      self->cache.coarse_zoom = device_zoom;
      surface = mu_render_hex_overview (scenario, &options, device_zoom);
      if (surface != NULL)
        self->cache.coarse = texture_for (surface);
      self->cache.coarse_none = self->cache.coarse == NULL;
    }
  return self->cache.coarse;
}

void
muster_map_view_clear_coarse (MusterMapView *self)
{
  g_clear_object (&self->cache.coarse);
  self->cache.coarse_none = FALSE;
  self->cache.coarse_zoom = 0;
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

/* Keeps the tiles of `layers` as stale ones. They stay on screen until
 * each one's replacement is drawn: the board is drawn anew over several
 * frames, and dropping the tiles at once would show the view's background
 * (a table has no coarse picture) and no counters meanwhile. */
void
muster_map_view_stale_tiles (MusterMapView *self,
                             guint          layers)
{
  for (int l = 0; l < N_LAYERS; l++)
    {
      GHashTableIter iter;
      gpointer key, value;

      if ((layers & (1u << l)) == 0)
        continue;
      /* a stale tile not yet replaced since an earlier change stays unless
       * a newer picture of its place supersedes it */
      g_hash_table_iter_init (&iter, self->cache.tiles[l]);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          g_hash_table_iter_steal (&iter);
          g_hash_table_replace (self->cache.stale[l], key, value);
        }
      /* bands drawn of the board as it was */
      g_hash_table_remove_all (self->cache.partial[l]);
    }
}

/* Drops the stale tiles off the screen: they would only be replaced once
 * scrolled back into view, and meanwhile keep the tile cache's memory
 * doubled. */
static void
prune_stale (GHashTable       *stale,
             const FrameTiles *ft)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, stale);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gint64 k = *(gint64 *) key;
      int tx = (int) (k >> 32);
      int ty = (int) (gint32) (k & 0xffffffff);

      if (tx < ft->tx0 || tx > ft->tx1 || ty < ft->ty0 || ty > ft->ty1)
        g_hash_table_iter_remove (&iter);
    }
}

/* The tiles of the zoom before a change that tile (tx, ty) of the board
 * at this zoom lies on (its part in view); FALSE if none are kept. */
static gboolean
old_zoom_range (MusterMapView    *self,
                const FrameTiles *ft,
                int               tx,
                int               ty,
                int              *ox0,
                int              *oy0,
                int              *ox1,
                int              *oy1)
{
  double old;

  if (self->cache.preview_zoom <= 0)
    return FALSE;
  /* an old tile, in device pixels of this zoom */
  old = TILE_SIZE * self->transform.zoom / self->cache.preview_zoom;
  /* only what is in view: the old zoom's tiles were drawn for its own view */
  *ox0 = (int) floor (MAX ((double) tx * TILE_SIZE, ft->vx0) / old);
  *oy0 = (int) floor (MAX ((double) ty * TILE_SIZE, ft->vy0) / old);
  *ox1 = (int) floor ((MIN ((double) (tx + 1) * TILE_SIZE, ft->vx1) - 1e-3) / old);
  *oy1 = (int) floor ((MIN ((double) (ty + 1) * TILE_SIZE, ft->vy1) - 1e-3) / old);
  return *ox1 >= *ox0 && *oy1 >= *oy0;
}

/* Whether the tiles of the zoom before a change cover tile (tx, ty) of
 * `layer` whole. */
static gboolean
old_zoom_covers (MusterMapView    *self,
                 const FrameTiles *ft,
                 Layer             layer,
                 int               tx,
                 int               ty)
{
  int ox0, oy0, ox1, oy1;

  if (!old_zoom_range (self, ft, tx, ty, &ox0, &oy0, &ox1, &oy1))
    return FALSE;
  for (int oy = oy0; oy <= oy1; oy++)
    for (int ox = ox0; ox <= ox1; ox++)
      {
        gint64 key = tile_key (ox, oy);

        if (!g_hash_table_contains (self->cache.preview_tiles[layer], &key))
          return FALSE;
      }
  return TRUE;
}

/* What the tiles of the zoom before a change show of tile (tx, ty) of
 * `layer`, scaled to this zoom. */
static void
snapshot_old_zoom (MusterMapView    *self,
                   GtkSnapshot      *snapshot,
                   const FrameTiles *ft,
                   Layer             layer,
                   int               tx,
                   int               ty,
                   int               scale)
{
  double tile = (double) TILE_SIZE / scale;
  double old = tile * self->transform.zoom / self->cache.preview_zoom;
  int ox0, oy0, ox1, oy1;

  if (!old_zoom_range (self, ft, tx, ty, &ox0, &oy0, &ox1, &oy1))
    return;
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (self->transform.x + tx * tile,
                                                         self->transform.y + ty * tile, tile, tile));
  for (int oy = oy0; oy <= oy1; oy++)
    for (int ox = ox0; ox <= ox1; ox++)
      {
        gint64 key = tile_key (ox, oy);
        GdkTexture *texture = g_hash_table_lookup (self->cache.preview_tiles[layer], &key);

        if (texture != NULL)
          gtk_snapshot_append_texture (snapshot, texture,
                                       &GRAPHENE_RECT_INIT (self->transform.x + ox * old,
                                                            self->transform.y + oy * old, old, old));
      }
  gtk_snapshot_pop (snapshot);
}

static gboolean
any_terrain_tile_missing (MusterMapView    *self,
                          const FrameTiles *ft)
{
  for (int ty = ft->ty0; ty <= ft->ty1; ty++)
    for (int tx = ft->tx0; tx <= ft->tx1; tx++)
      {
        gint64 key = tile_key (tx, ty);

        /* a stale tile, or those of the zoom before, stand in as well as
         * the coarse picture would */
        if (!g_hash_table_contains (self->cache.tiles[LAYER_TERRAIN], &key) &&
            !g_hash_table_contains (self->cache.stale[LAYER_TERRAIN], &key) &&
            !old_zoom_covers (self, ft, LAYER_TERRAIN, tx, ty))
          return TRUE;
      }
  return FALSE;
}

/* Whether tile (tx, ty) of `layer` has a picture to stand in for it while
 * it is still to come: a stale one, or the zoom before's covering it. */
static gboolean
has_stand_in (MusterMapView    *self,
              const FrameTiles *ft,
              Layer             layer,
              int               tx,
              int               ty)
{
  gint64 key = tile_key (tx, ty);

  return g_hash_table_contains (self->cache.stale[layer], &key) || old_zoom_covers (self, ft, layer, tx, ty);
}

/* Draws what the frame's budget allows of the missing tiles into `shown`
 * (first those with nothing to stand in for them, such as the edges a
 * zoom out brings into view, then the rest; layer by layer, row by row;
 * the stale tile where a tile is still to come, else NULL, to be shown
 * from the zoom before if it was kept). */
static void
draw_tiles (MusterMapView *self,
            FrameTiles    *ft,
            gint64         start,
            GdkTexture   **shown)
{
  int n_cols = ft->tx1 - ft->tx0 + 1;
  gsize n = (gsize) n_cols * (ft->ty1 - ft->ty0 + 1);

  for (int l = 0; l < N_LAYERS; l++)
    {
      prune_tiles (self, self->cache.tiles[l], ft->tx0, ft->ty0, ft->tx1, ft->ty1);
      prune_tiles (self, self->cache.partial[l], ft->tx0, ft->ty0, ft->tx1, ft->ty1);
      prune_stale (self->cache.stale[l], ft);
    }
  /* Where the view's background or the coarse picture would show, and no
   * counters, first: the scaled pictures of the rest look as they will. */
  for (int l = 0; l < N_LAYERS; l++)
    for (int ty = ft->ty0; ty <= ft->ty1; ty++)
      for (int tx = ft->tx0; tx <= ft->tx1; tx++)
        {
          gint64 key = tile_key (tx, ty);

          if (!g_hash_table_contains (self->cache.tiles[l], &key) &&
              !has_stand_in (self, ft, (Layer) l, tx, ty))
            muster_map_view_draw_tile (self, (Layer) l, tx, ty, start, &ft->drawn);
        }
  for (int l = 0; l < N_LAYERS; l++)
    for (int ty = ft->ty0; ty <= ft->ty1; ty++)
      for (int tx = ft->tx0; tx <= ft->tx1; tx++)
        {
          gsize i = l * n + (gsize) (ty - ft->ty0) * n_cols + (tx - ft->tx0);
          gint64 key = tile_key (tx, ty);
          GdkTexture *texture = g_hash_table_lookup (self->cache.tiles[l], &key);

          if (texture == NULL)
            texture = muster_map_view_draw_tile (self, (Layer) l, tx, ty, start, &ft->drawn);
          if (texture == NULL)
            {
              ft->missing++;
              texture = g_hash_table_lookup (self->cache.stale[l], &key);
              if (texture != NULL)
                ft->stale++;
              else if (old_zoom_covers (self, ft, (Layer) l, tx, ty))
                ft->scaled++;
              else
                {
                  ft->blank++;
                  if (l == LAYER_TERRAIN)
                    ft->blank_terrain++;
                }
            }
          shown[i] = texture;
        }
}

void
muster_map_view_snapshot_tiles (MusterMapView *self,
                                GtkSnapshot   *snapshot,
                                FrameTiles    *ft,
                                int            scale,
                                double         w,
                                double         h,
                                double         bw,
                                double         bh,
                                gint64         start)
{
  GdkTexture *stack[N_LAYERS * 64];
  int n_cols = ft->tx1 - ft->tx0 + 1;
  gsize n = (gsize) n_cols * (ft->ty1 - ft->ty0 + 1);
  g_autofree GdkTexture **heap = N_LAYERS * n > G_N_ELEMENTS (stack)
                                 ? g_new0 (GdkTexture *, N_LAYERS * n) : NULL;
  GdkTexture **shown = heap ? heap : stack;
  double tile = (double) TILE_SIZE / scale;

  /* The coarse picture is made before the tiles, so that the frame's budget
   * for drawing them counts its cost too. */
  if (any_terrain_tile_missing (self, ft))
    muster_map_view_get_coarse (self);
  draw_tiles (self, ft, start, shown);
  /* under what neither tile shows, whole or scaled from the zoom before */
  if (ft->blank_terrain > 0 && self->cache.coarse != NULL)
    {
      ft->coarse = TRUE;
      gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      gtk_snapshot_append_texture (snapshot, self->cache.coarse,
                                   &GRAPHENE_RECT_INIT (self->transform.x, self->transform.y,
                                                        bw * self->transform.zoom,
                                                        bh * self->transform.zoom));
      gtk_snapshot_pop (snapshot);
    }
  for (int l = 0; l < N_LAYERS; l++)
    for (int ty = ft->ty0; ty <= ft->ty1; ty++)
      for (int tx = ft->tx0; tx <= ft->tx1; tx++)
        {
          GdkTexture *texture = shown[l * n + (gsize) (ty - ft->ty0) * n_cols + (tx - ft->tx0)];

          if (texture != NULL)
            gtk_snapshot_append_texture (snapshot, texture,
                                         &GRAPHENE_RECT_INIT (self->transform.x + tx * tile,
                                                              self->transform.y + ty * tile, tile, tile));
          else if (self->cache.preview_zoom > 0)
            snapshot_old_zoom (self, snapshot, ft, (Layer) l, tx, ty, scale);
        }
}
