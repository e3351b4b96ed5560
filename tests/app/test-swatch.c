/* Swatches: drawn by the renderer, one look per terrain, path and hexside
 * feature (no display needed). */
#define G_LOG_DOMAIN "test-swatch"

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "muster-swatch.h"

#define SIZE 32

static guchar *
pixels (GdkTexture *texture)
{
  guchar *data = g_malloc ((gsize) SIZE * SIZE * 4);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, SIZE);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, SIZE);
  gdk_texture_download (texture, data, SIZE * 4);
  return data;
}

/* Every swatch of a list differs from every other one, and none is blank. */
static void
assert_distinct (GdkTexture **textures, guint n, const char *what)
{
  guchar *data[16];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (data));
  for (guint i = 0; i < n; i++)
    {
      gboolean opaque = TRUE;

      data[i] = pixels (textures[i]);
      /* the middle of the swatch is painted board, not transparent */
      opaque = data[i][((SIZE / 2) * SIZE + SIZE / 2) * 4 + 3] == 0xff;
      if (!opaque)
        g_error ("%s %u: the middle is not painted", what, i);
    }
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (memcmp (data[i], data[j], (gsize) SIZE * SIZE * 4) == 0)
        g_error ("%s %u and %u look the same", what, i, j);
  for (guint i = 0; i < n; i++)
    g_free (data[i]);
}

static void
test_terrain (void)
{
  GdkTexture *t[MU_TERRAIN_N];

  for (int i = 0; i < MU_TERRAIN_N; i++)
    t[i] = muster_swatch_terrain ((MuTerrain) i, SIZE);
  assert_distinct (t, MU_TERRAIN_N, "terrain");
  for (int i = 0; i < MU_TERRAIN_N; i++)
    g_object_unref (t[i]);
}

/* Each path kind and each hexside feature differs from the others and from
 * open ground without it. */
static void
test_paths_and_hexsides (void)
{
  static const guint features[] = { MU_SIDE_STREAM, MU_SIDE_HEDGE, MU_SIDE_WALL,
                                    MU_SIDE_FORTIFICATION, MU_SIDE_FORD, MU_SIDE_BRIDGE };
  GdkTexture *t[MU_PATH_N + 1];
  GdkTexture *h[G_N_ELEMENTS (features) + 1];

  for (int i = 0; i < MU_PATH_N; i++)
    t[i] = muster_swatch_path ((MuPathKind) i, SIZE);
  t[MU_PATH_N] = muster_swatch_terrain (MU_TERRAIN_OPEN, SIZE);
  assert_distinct (t, MU_PATH_N + 1, "path");
  for (guint i = 0; i < G_N_ELEMENTS (features); i++)
    h[i] = muster_swatch_hexside (features[i], SIZE);
  h[G_N_ELEMENTS (features)] = muster_swatch_hexside (0, SIZE);
  assert_distinct (h, G_N_ELEMENTS (features) + 1, "hexside");
  for (guint i = 0; i <= MU_PATH_N; i++)
    g_object_unref (t[i]);
  for (guint i = 0; i <= G_N_ELEMENTS (features); i++)
    g_object_unref (h[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/swatch/terrain", test_terrain);
  g_test_add_func ("/swatch/paths-and-hexsides", test_paths_and_hexsides);
  return g_test_run ();
}
