#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-recovery.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mu-scenario-xml.h"
#include "muster-editor-autosave.h"

struct _MusterRecovery
{
  GObject parent_instance;

  GPtrArray *leftovers;   /* of MusterLeftover* */
};

G_DEFINE_FINAL_TYPE (MusterRecovery, muster_recovery, G_TYPE_OBJECT)

/* Leftovers ---------------------------------------------------------------------------- */

static void
leftover_clear (MusterLeftover *leftover)
{
  g_free (leftover->path);
  g_free (leftover->original);
  g_clear_pointer (&leftover->match, muster_match_leftover_free);
}

MusterLeftover *
muster_leftover_ref (MusterLeftover *leftover)
{
  g_return_val_if_fail (leftover != NULL, NULL);

  return g_atomic_rc_box_acquire (leftover);
}

void
muster_leftover_unref (MusterLeftover *leftover)
{
  g_return_if_fail (leftover != NULL);

  g_atomic_rc_box_release_full (leftover, (GDestroyNotify) leftover_clear);
}

static MusterLeftover *
scenario_leftover_new (char   *path,
                       char   *original,
                       gint64  time)
{
  MusterLeftover *leftover = g_atomic_rc_box_new0 (MusterLeftover);

  leftover->kind = MUSTER_LEFTOVER_SCENARIO;
  leftover->path = path;
  leftover->original = original;
  leftover->time = time;
  return leftover;
}

static MusterLeftover *
match_leftover_new (MusterMatchLeftover *match)
{
  MusterLeftover *leftover = g_atomic_rc_box_new0 (MusterLeftover);

  leftover->kind = MUSTER_LEFTOVER_MATCH;
  leftover->path = g_strdup (match->path);
  leftover->original = g_strdup (match->original);
  leftover->time = match->time;
  leftover->match = match;
  return leftover;
}

static char *
format_time (gint64 time)
{
  /* An info file written by hand or damaged may hold no time, or one past
   * what a date can be: said so, instead of "(null)" and a critical. */
  g_autoptr(GDateTime) when = time > 0 ? g_date_time_new_from_unix_local (time) : NULL;
  char *text = when ? g_date_time_format (when, "%x %H:%M") : NULL;

  return text ? text : g_strdup (_("time unknown"));
}

char *
muster_leftover_format_time (const MusterLeftover *leftover)
{
  g_return_val_if_fail (leftover != NULL, NULL);

  return format_time (leftover->time);
}

char *
muster_leftover_describe (const MusterLeftover *leftover)
{
  g_autofree char *time = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (leftover != NULL, NULL);

  time = format_time (leftover->time);
  if (leftover->original)
    name = g_path_get_basename (leftover->original);
  if (leftover->kind == MUSTER_LEFTOVER_MATCH)
    {
      const char *title = leftover->match->title;

      /* TRANSLATORS: %s are a file name or a scenario's title, then a date and time */
      return name ? g_strdup_printf (_("The match “%s” (%s) was not saved when Muster closed."), name, time)
                  : g_strdup_printf (_("A match of “%s” (%s) was not saved when Muster closed."),
                                     title ? title : _("Untitled Scenario"), time);
    }
  if (name == NULL)
    name = g_strdup (_("an untitled scenario"));
  /* TRANSLATORS: %s is a file name (or "an untitled scenario"), then a date and time */
  return leftover->original
         ? g_strdup_printf (_("Unsaved changes to “%s” (%s) were kept when Muster closed."), name, time)
         : g_strdup_printf (_("Unsaved changes to %s (%s) were kept when Muster closed."), name, time);
}

MuScenario *
muster_leftover_load_scenario (const MusterLeftover *leftover,
                               GError              **error)
{
  g_autoptr(GPtrArray) problems = NULL;

  g_return_val_if_fail (leftover != NULL, NULL);
  g_return_val_if_fail (leftover->kind == MUSTER_LEFTOVER_SCENARIO, NULL);

  problems = mu_problem_list_new ();

  /* The kept work is a design in progress: what its checks find, the
   * editor's Problems page lists once it is recovered. */
  return mu_scenario_load_file_full (leftover->path, MU_LOAD_KEEP_CHECKED, problems, NULL, NULL, NULL,
                                     error);
}

void
muster_leftover_discard (const MusterLeftover *leftover)
{
  g_return_if_fail (leftover != NULL);

  if (leftover->kind == MUSTER_LEFTOVER_MATCH)
    muster_match_autosave_remove (leftover->path);
  else
    muster_autosave_remove (leftover->path);
}

/* The folder ----------------------------------------------------------------------------- */

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const MusterLeftover *x = *(MusterLeftover **) a;
  const MusterLeftover *y = *(MusterLeftover **) b;

  return (y->time > x->time) - (y->time < x->time);
}

/* The scenario autosaves worth offering, newest first. */
static GPtrArray *
find_scenarios (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_leftover_unref);
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "muster", "autosave", NULL);
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder && (name = g_dir_read_name (folder)))
    {
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autofree char *info_path = NULL;
      g_autofree char *base = NULL;
      g_autofree char *autosave = NULL;
      g_autofree char *original = NULL;
      gint64 time;

      if (!g_str_has_suffix (name, ".info"))
        continue;
      info_path = g_build_filename (dir, name, NULL);
      base = g_strndup (info_path, strlen (info_path) - strlen (".info"));
      autosave = g_strconcat (base, ".muster", NULL);
      if (!g_file_test (autosave, G_FILE_TEST_IS_REGULAR) ||
          !g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        continue;
      original = g_key_file_get_string (info, "Autosave", "Original", NULL);
      if (original && *original)
        {
          /* Only what the document's own opening would offer too. */
          g_autofree char *found = muster_autosave_find (original);

          if (found == NULL || strcmp (found, autosave) != 0)
            continue;
        }
      else
        g_clear_pointer (&original, g_free);
      time = g_key_file_get_int64 (info, "Autosave", "Time", NULL);
      g_ptr_array_add (list, scenario_leftover_new (g_steal_pointer (&autosave),
                                                    g_steal_pointer (&original), time));
    }
  g_ptr_array_sort (list, newest_first);
  return list;
}

MusterRecovery *
muster_recovery_new (void)
{
  MusterRecovery *self = g_object_new (MUSTER_TYPE_RECOVERY, NULL);
  g_autoptr(GPtrArray) matches = muster_match_autosave_find_leftovers ();
  g_autoptr(GPtrArray) scenarios = find_scenarios ();

  /* the matches come newest first already */
  while (matches->len > 0)
    g_ptr_array_add (self->leftovers, match_leftover_new (g_ptr_array_steal_index (matches, 0)));
  while (scenarios->len > 0)
    g_ptr_array_add (self->leftovers, g_ptr_array_steal_index (scenarios, 0));
  return self;
}

guint
muster_recovery_get_n_leftovers (MusterRecovery *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY (self), 0);

  return self->leftovers->len;
}

MusterLeftover *
muster_recovery_get_leftover (MusterRecovery *self,
                              guint           i)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY (self), NULL);
  g_return_val_if_fail (i < self->leftovers->len, NULL);

  return g_ptr_array_index (self->leftovers, i);
}

MusterLeftover *
muster_recovery_find_for (const char *original)
{
  g_autofree char *autosave = NULL;
  MusterMatchLeftover *match;

  g_return_val_if_fail (original != NULL, NULL);

  autosave = muster_autosave_find (original);
  if (autosave != NULL)
    {
      g_autofree char *base = g_strndup (autosave, strlen (autosave) - strlen (".muster"));
      g_autofree char *info_path = g_strconcat (base, ".info", NULL);
      g_autoptr(GKeyFile) info = g_key_file_new ();
      gint64 time = 0;

      if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        time = g_key_file_get_int64 (info, "Autosave", "Time", NULL);
      return scenario_leftover_new (g_steal_pointer (&autosave), g_strdup (original), time);
    }
  match = muster_match_autosave_find_for (original);
  return match ? match_leftover_new (match) : NULL;
}

static void
muster_recovery_finalize (GObject *object)
{
  MusterRecovery *self = MUSTER_RECOVERY (object);

  g_ptr_array_unref (self->leftovers);
  G_OBJECT_CLASS (muster_recovery_parent_class)->finalize (object);
}

static void
muster_recovery_class_init (MusterRecoveryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_recovery_finalize;
}

static void
muster_recovery_init (MusterRecovery *self)
{
  self->leftovers = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_leftover_unref);
}
