/* muster-icons.c: the theme's icons kept for the life of the process
 *
 * GTK 4.8's icon theme can hand out an icon that another thread is
 * finalizing. A widget's icon is loaded on a worker thread, and loading
 * marks it recently used in the theme's cache of the last hundred icons;
 * the icon that falls out of that cache is unreferenced there, on the worker.
 * When that was its last reference it is finalized on the worker while the
 * main thread may be looking the same icon up: the lookup takes a reference
 * on an object whose count is already 0 ("g_object_ref: assertion
 * '!object_already_finalized' failed") and goes on with NULL, which GTK
 * then reads. It was seen with a window closed just as another opened, as
 * the window's tests do many times a second.
 *
 * So every icon the theme makes is given one more reference, kept until the
 * process ends: no icon is ever finalized, on any thread. What that keeps is
 * bounded by the icons the program shows (each name at each size, a few
 * hundred at most, most of them 16 pixels). */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-icons.h"

static GMutex kept_lock;
static GPtrArray *kept;
static void (*theme_constructed) (GObject *object);

static void
keep_constructed (GObject *object)
{
  if (theme_constructed != NULL)
    theme_constructed (object);

  /* the theme makes icons on whichever thread looks them up */
  g_mutex_lock (&kept_lock);
  g_ptr_array_add (kept, g_object_ref (object));
  g_mutex_unlock (&kept_lock);
}

/* Call once GTK is initialised, before the first window; again is harmless. */
void
muster_icons_keep (void)
{
  GObjectClass *klass;

  if (kept != NULL)
    return;

  kept = g_ptr_array_new ();
  /* the class is never unreferenced: the hook stays for the process */
  klass = g_type_class_ref (GTK_TYPE_ICON_PAINTABLE);
  theme_constructed = klass->constructed;
  klass->constructed = keep_constructed;
}

/* How many icons are kept (for tests). */
guint
muster_icons_n_kept (void)
{
  guint n;

  g_mutex_lock (&kept_lock);
  n = kept != NULL ? kept->len : 0;
  g_mutex_unlock (&kept_lock);
  return n;
}
