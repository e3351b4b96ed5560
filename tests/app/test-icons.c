/* The theme's icons are kept for the life of the process, so that none is
 * ever finalized on the worker thread that loaded another (GTK 4.8 hands
 * such an icon out to the main thread half finalized): an icon no widget
 * holds any more stays alive after the theme's cache of recent icons has
 * let it go. */
#define G_LOG_DOMAIN "test-icons"

#include "config.h"

#include <gtk/gtk.h>

#include "muster-icons.h"

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

static GtkIconPaintable *
lookup (const char *name,
        int         size)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  return gtk_icon_theme_lookup_icon (theme, name, NULL, size, 1, GTK_TEXT_DIR_LTR, 0);
}

/* Whether an icon no one holds is still alive after more icons than the
 * theme's cache of recent ones holds, each at a size of its own. */
static gboolean
icon_outlives_cache (void)
{
  GtkIconPaintable *icon = lookup ("go-next-symbolic", 16);
  gpointer weak = icon;

  g_object_add_weak_pointer (G_OBJECT (icon), &weak);
  g_object_unref (icon);
  for (int size = 17; size <= 128; size++)
    g_object_unref (lookup ("go-previous-symbolic", size));
  if (weak == NULL)
    return FALSE;
  g_object_remove_weak_pointer (G_OBJECT (weak), &weak);
  return TRUE;
}

static void
test_kept (void)
{
  guint before;

  if (g_test_subprocess ())
    {
      /* without keeping, the icon goes once the cache has let it go */
      g_assert_false (icon_outlives_cache ());
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  muster_icons_keep ();
  muster_icons_keep ();
  before = muster_icons_n_kept ();
  g_assert_true (icon_outlives_cache ());
  /* that icon and the 112 others */
  g_assert_cmpuint (muster_icons_n_kept (), ==, before + 1 + 112);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/icons/no-display", test_no_display);
      return g_test_run ();
    }
  g_test_add_func ("/app/icons/kept", test_kept);
  return g_test_run ();
}
