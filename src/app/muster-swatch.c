/* muster-swatch.c: swatches drawn by the renderer (see muster-swatch.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-swatch.h"

#include "mu-hex.h"
#include "mu-render.h"

/* A three-by-three hex board of open ground, flat-topped. */
static MuScenario *
swatch_board (MuTerrain terrain)
{
  MuScenario *s = mu_scenario_new_hex (NULL, 3, 3, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);

  for (int i = 0; i < 9; i++)
    s->hex_map->cells[i].terrain = terrain;
  return s;
}

/* Draws the board round its middle hex (2,2) into a size × size image,
 * centred on that hex, or on the middle of its upper side. */
static GdkTexture *
swatch_draw (const MuScenario *s,
             int               size,
             gboolean          on_upper_side)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  MuRenderOptions options;
  MuHex middle = { 2, 2 };
  double cx, cy;
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  mu_render_options_init (&options);
  /* corner to corner across the image: the hex fills it */
  options.hex_size = size * 0.62;
  options.show_grid = TRUE;
  options.show_coordinates = FALSE;
  options.show_counters = FALSE;
  mu_hex_center (&s->hex_map->grid, options.hex_size, middle, &cx, &cy);
  if (on_upper_side)
    {
      MuHex above = { 2, 1 };
      double ax, ay;

      mu_hex_center (&s->hex_map->grid, options.hex_size, above, &ax, &ay);
      cx = (cx + ax) / 2;
      cy = (cy + ay) / 2;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_clip (cr);
  cairo_translate (cr, size / 2.0 - cx, size / 2.0 - cy);
  mu_render_terrain (cr, s, &options, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

GdkTexture *
muster_swatch_terrain (MuTerrain terrain,
                       int       size)
{
  g_autoptr(MuScenario) s = swatch_board (terrain);

  g_return_val_if_fail ((int) terrain >= 0 && terrain < MU_TERRAIN_N, NULL);
  return swatch_draw (s, size, FALSE);
}

GdkTexture *
muster_swatch_path (MuPathKind kind,
                    int        size)
{
  g_autoptr(MuScenario) s = swatch_board (MU_TERRAIN_OPEN);
  MuPath *path = mu_path_new (kind);
  MuHex hexes[] = { { 1, 3 }, { 2, 2 }, { 3, 2 } };

  g_return_val_if_fail ((int) kind >= 0 && kind < MU_PATH_N, NULL);
  /* lower left to upper right through the middle hex */
  g_array_append_vals (path->hexes, hexes, G_N_ELEMENTS (hexes));
  g_ptr_array_add (s->hex_map->paths, path);
  return swatch_draw (s, size, FALSE);
}

GdkTexture *
muster_swatch_hexside (guint feature,
                       int   size)
{
  g_autoptr(MuScenario) s = swatch_board (MU_TERRAIN_OPEN);
  MuHex middle = { 2, 2 };
  MuHex above;

  /* the side between the middle hex and the hex above it */
  for (int dir = 0; dir < 6; dir++)
    {
      above = mu_hex_neighbour (&s->hex_map->grid, middle, dir);
      if (above.col == 2 && above.row == 1)
        mu_hex_map_set_side (s->hex_map, middle, dir, feature);
    }
  return swatch_draw (s, size, TRUE);
}

static void
unref_swatch (gpointer texture)
{
  if (texture != NULL)
    g_object_unref (texture);
}

static void
free_swatches (gpointer  data,
               GClosure *closure)
{
  g_ptr_array_unref (data);
}

/* The drop-down's rows: a swatch, then the name. */
static void
on_setup (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *picture = gtk_image_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_image_set_pixel_size (GTK_IMAGE (picture), 24);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
on_bind (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         gpointer                  data)
{
  GPtrArray *swatches = data;
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *picture = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (picture);
  GObject *object = gtk_list_item_get_item (item);
  guint position = gtk_list_item_get_position (item);
  GdkTexture *texture = position < swatches->len ? g_ptr_array_index (swatches, position) : NULL;

  gtk_image_set_from_paintable (GTK_IMAGE (picture), GDK_PAINTABLE (texture));
  gtk_widget_set_visible (picture, texture != NULL);
  gtk_label_set_label (GTK_LABEL (label),
                       GTK_IS_STRING_OBJECT (object) ? gtk_string_object_get_string (GTK_STRING_OBJECT (object)) : "");
}

void
muster_swatch_dropdown (GtkDropDown       *dropdown,
                        GdkTexture *const *swatches,
                        guint              n)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (unref_swatch);
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (list, swatches[i] != NULL ? g_object_ref (swatches[i]) : NULL);
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup), NULL);
  g_signal_connect_data (factory, "bind", G_CALLBACK (on_bind), list, free_swatches, 0);
  gtk_drop_down_set_factory (dropdown, factory);
  gtk_drop_down_set_list_factory (dropdown, NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
}
