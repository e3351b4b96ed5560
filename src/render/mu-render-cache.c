/* mu-render-cache.c: sprites, images drawn once at device resolution and blitted
 *
 * A sprite is rasterised from the same vector drawing code at the exact device
 * scale of the target and painted at a whole device pixel, so it looks the same
 * as drawing the vectors (within half a device pixel of position) at a fraction
 * of the cost. Sprites are only used on image targets whose matrix has no
 * rotation; vector targets always get vectors.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>

/* Past this many images or bytes the cache starts again: zooming through
 * many levels would otherwise keep every size ever drawn. */
#define MAX_SPRITES 6000
#define MAX_BYTES (96u * 1024 * 1024)

struct _MuRenderCache {
  GHashTable *sprites;   /* guint64* -> MuSprite* */
  gsize bytes;
};

static void
sprite_free (gpointer data)
{
  MuSprite *sprite = data;

  cairo_surface_destroy (sprite->surface);
  g_free (sprite);
}

MuRenderCache *
mu_render_cache_new (void)
{
  MuRenderCache *cache = g_new0 (MuRenderCache, 1);

  cache->sprites = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, sprite_free);
  return cache;
}

void
mu_render_cache_free (MuRenderCache *cache)
{
  if (!cache)
    return;
  g_hash_table_unref (cache->sprites);
  g_free (cache);
}

void
mu_render_cache_clear (MuRenderCache *cache)
{
  g_return_if_fail (cache != NULL);
  g_hash_table_remove_all (cache->sprites);
  cache->bytes = 0;
}

MuSprite *
mu_render_cache_lookup (MuRenderCache *cache,
                        guint64        key)
{
  return g_hash_table_lookup (cache->sprites, &key);
}

void
mu_render_cache_insert (MuRenderCache *cache,
                        guint64        key,
                        MuSprite      *sprite)
{
  guint64 *k = g_new (guint64, 1);
  gsize bytes = (gsize) cairo_image_surface_get_stride (sprite->surface) *
                cairo_image_surface_get_height (sprite->surface);

  if (g_hash_table_size (cache->sprites) >= MAX_SPRITES || cache->bytes + bytes > MAX_BYTES)
    mu_render_cache_clear (cache);
  *k = key;
  g_hash_table_replace (cache->sprites, k, sprite);
  cache->bytes += bytes;
}

guint64
mu_hash_mix (guint64 h,
             guint64 v)
{
  /* splitmix64 step over the running hash */
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

guint64
mu_hash_double (guint64 h,
                double  v)
{
  return mu_hash_mix (h, (guint64) (gint64) llround (v * 1024.0));
}

guint64
mu_hash_string (guint64     h,
                const char *s)
{
  return mu_hash_mix (h, s ? g_str_hash (s) : 0x5a5a);
}

gboolean
mu_sprite_usable (cairo_t *cr)
{
  cairo_matrix_t m;

  if (cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  cairo_get_matrix (cr, &m);
  return m.xy == 0 && m.yx == 0 && m.xx > 0 && fabs (m.xx - m.yy) < 1e-9;
}

static double
surface_scale (cairo_t *cr)
{
  double sx = 1.0, sy = 1.0;

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  return sx > 0 ? sx : 1.0;
}

cairo_t *
mu_sprite_begin (cairo_t  *target,
                 double    dev,
                 double    left,
                 double    top,
                 double    right,
                 double    bottom,
                 MuSprite **out)
{
  double d = surface_scale (target);
  MuSprite *sprite = g_new0 (MuSprite, 1);
  int w = (int) ceil ((right + left) * dev) + 2;
  int h = (int) ceil ((bottom + top) * dev) + 2;
  cairo_t *cr;

  /* The anchor (board (0, 0) of the drawing) falls on a whole device pixel. */
  sprite->ox = (int) ceil (left * dev) + 1;
  sprite->oy = (int) ceil (top * dev) + 1;
  sprite->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (w, 1), MAX (h, 1));
  cairo_surface_set_device_scale (sprite->surface, d, d);
  cr = cairo_create (sprite->surface);
  cairo_translate (cr, sprite->ox / d, sprite->oy / d);
  cairo_scale (cr, dev / d, dev / d);
  *out = sprite;
  return cr;
}

void
mu_sprite_snap (cairo_t *cr,
                double  *x,
                double  *y)
{
  double d = surface_scale (cr);

  cairo_user_to_device (cr, x, y);
  *x = round (*x * d) / d;
  *y = round (*y * d) / d;
  cairo_device_to_user (cr, x, y);
}

void
mu_sprite_paint (cairo_t  *cr,
                 MuSprite *sprite,
                 double    x,
                 double    y)
{
  double d = surface_scale (cr);
  double dx, dy;

  cairo_user_to_device (cr, &x, &y);
  dx = round (x * d);
  dy = round (y * d);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, sprite->surface, (dx - sprite->ox) / d, (dy - sprite->oy) / d);
  cairo_paint (cr);
  cairo_restore (cr);
}
