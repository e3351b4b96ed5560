#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-recovery.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "mu-scenario-xml.h"
#include "muster-editor-autosave.h"
#include "muster-match-autosave.h"
#include "muster-window.h"

typedef struct {
  char *autosave;        /* KEY.muster */
  char *original;        /* the document's path, or NULL for an untitled scenario */
  gint64 time;
} Leftover;

static void
leftover_free (Leftover *leftover)
{
  g_free (leftover->autosave);
  g_free (leftover->original);
  g_free (leftover);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const Leftover *x = *(Leftover **) a;
  const Leftover *y = *(Leftover **) b;

  return (y->time > x->time) - (y->time < x->time);
}

/* The autosaves of the folder that are worth offering, newest first. */
static GPtrArray *
find_leftovers (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) leftover_free);
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
      Leftover *leftover;

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
      leftover = g_new0 (Leftover, 1);
      leftover->autosave = g_steal_pointer (&autosave);
      leftover->original = g_steal_pointer (&original);
      leftover->time = g_key_file_get_int64 (info, "Autosave", "Time", NULL);
      g_ptr_array_add (list, leftover);
    }
  g_ptr_array_sort (list, newest_first);
  return list;
}

static MuScenario *
empty_like (const MuScenario *s)
{
  if (s->board == MU_BOARD_HEX)
    return mu_scenario_new_hex (s->ruleset, s->hex_map->grid.cols, s->hex_map->grid.rows,
                                s->hex_map->grid.orientation, s->hex_map->grid.offset);
  return mu_scenario_new_table (s->ruleset, s->table->width, s->table->height, s->table->unit,
                                s->table->figure_scale);
}

/* The recovered model replaces the window's as one undoable step, so the
 * window shows unsaved work and undo goes back to what was there. */
static void
take_content (MusterWindow *window,
              MuScenario   *recovered)
{
  MuEditHistory *history = muster_window_get_history (window);
  MuScenario *s = mu_edit_history_begin_direct (history, _("Recover Unsaved Work"));
  MuScenario tmp = *s;
  char *filename = tmp.filename;

  *s = *recovered;
  *recovered = tmp;
  recovered->filename = s->filename;
  s->filename = filename;
  mu_edit_history_end_direct (history);
  mu_scenario_free (recovered);
}

static gboolean
recover (GtkWindow      *window,
         const Leftover *leftover,
         GError        **error)
{
  MusterWindow *target = MUSTER_WINDOW (window);
  MuScenario *recovered = mu_scenario_load_file (leftover->autosave, NULL, error);
  gboolean opened = FALSE;

  if (recovered == NULL)
    return FALSE;
  if (!muster_window_is_empty (target))
    {
      target = muster_window_new (gtk_window_get_application (window));
      gtk_window_present (GTK_WINDOW (target));
    }
  if (leftover->original && g_file_test (leftover->original, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (leftover->original);

      opened = muster_window_open_file (target, file, NULL);
      /* Opening asks about this same autosave: it is answered here. */
      if (opened && muster_window_get_dialog (target) != NULL)
        gtk_window_destroy (GTK_WINDOW (muster_window_get_dialog (target)));
    }
  if (!opened)
    muster_window_set_new_scenario (target, empty_like (recovered));
  take_content (target, recovered);
  muster_autosave_remove (leftover->autosave);
  return TRUE;
}

/* The bar's work could not be read: it says so and stays, Discard only. */
static void
bar_failed (GtkInfoBar *bar,
            const char *text)
{
  gtk_info_bar_set_message_type (bar, GTK_MESSAGE_ERROR);
  gtk_info_bar_set_response_sensitive (bar, GTK_RESPONSE_ACCEPT, FALSE);
  gtk_label_set_text (g_object_get_data (G_OBJECT (bar), "label"), text);
}

/* Answered: the bar goes, and the slot with its last bar. */
static void
bar_done (GtkInfoBar *bar)
{
  GtkWidget *slot = gtk_widget_get_parent (GTK_WIDGET (bar));

  gtk_box_remove (GTK_BOX (slot), GTK_WIDGET (bar));
  if (gtk_widget_get_first_child (slot) == NULL)
    gtk_widget_set_visible (slot, FALSE);
}

static void
on_response (GtkInfoBar *bar,
             int         response,
             gpointer    user_data)
{
  Leftover *leftover = g_object_get_data (G_OBJECT (bar), "leftover");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GError) error = NULL;

      if (!recover (GTK_WINDOW (user_data), leftover, &error))
        {
          g_autofree char *text = g_strdup_printf (_("The kept work cannot be read: %s"), error->message);

          bar_failed (bar, text);
          return;
        }
    }
  else if (response == GTK_RESPONSE_REJECT)
    muster_autosave_remove (leftover->autosave);
  else
    return;
  bar_done (bar);
}

/* A match: Resume shows it (in window when it is empty, else in a new
 * window); Discard removes its files. */
static void
on_match_response (GtkInfoBar *bar,
                   int         response,
                   gpointer    user_data)
{
  MusterMatchLeftover *leftover = g_object_get_data (G_OBJECT (bar), "leftover");
  GtkWindow *window = GTK_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GError) error = NULL;
      MusterWindow *target = MUSTER_WINDOW (window);

      if (!muster_window_is_empty (target))
        target = muster_window_new (gtk_window_get_application (window));
      if (!muster_window_resume_match (target, leftover, &error))
        {
          g_autofree char *text = g_strdup_printf (_("The kept match cannot be read: %s"), error->message);

          if (target != MUSTER_WINDOW (window))
            gtk_window_destroy (GTK_WINDOW (target));
          bar_failed (bar, text);
          return;
        }
      gtk_window_present (GTK_WINDOW (target));
    }
  else if (response == GTK_RESPONSE_REJECT)
    muster_match_autosave_remove (leftover->path);
  else
    return;
  bar_done (bar);
}

/* One bar: the text, Discard and the accepting button; data is the
 * leftover the bar owns. */
static void
add_bar (GtkBox         *slot,
         const char     *text,
         const char     *accept,
         gpointer        data,
         GDestroyNotify  free_data,
         GCallback       on_response_cb,
         GtkWindow      *window)
{
  GtkWidget *bar = gtk_info_bar_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_info_bar_add_child (GTK_INFO_BAR (bar), label);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), accept, GTK_RESPONSE_ACCEPT);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), GTK_MESSAGE_WARNING);
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_object_set_data (G_OBJECT (bar), "label", label);
  g_object_set_data_full (G_OBJECT (bar), "leftover", data, free_data);
  g_signal_connect (bar, "response", on_response_cb, window);
  gtk_box_append (slot, bar);
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

guint
muster_recovery_offer (GtkWindow *window,
                       GtkBox    *slot)
{
  g_autoptr(GPtrArray) leftovers = find_leftovers ();
  g_autoptr(GPtrArray) matches = muster_match_autosave_find_leftovers ();
  GtkWidget *child;
  guint n = leftovers->len + matches->len;

  g_return_val_if_fail (MUSTER_IS_WINDOW (window), 0);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (slot))))
    gtk_box_remove (slot, child);
  while (matches->len > 0)
    {
      MusterMatchLeftover *leftover = g_ptr_array_steal_index (matches, 0);
      g_autofree char *time = format_time (leftover->time);
      g_autofree char *name = leftover->original ? g_path_get_basename (leftover->original) : NULL;
      g_autofree char *text = NULL;

      /* TRANSLATORS: %s are a file name or a scenario's title, then a date and time */
      text = name ? g_strdup_printf (_("The match “%s” (%s) was not saved when Muster closed."), name, time)
                  : g_strdup_printf (_("A match of “%s” (%s) was not saved when Muster closed."),
                                     leftover->title ? leftover->title : _("Untitled Scenario"), time);
      add_bar (slot, text, _("_Resume"), leftover, (GDestroyNotify) muster_match_leftover_free,
               G_CALLBACK (on_match_response), window);
    }
  while (leftovers->len > 0)
    {
      Leftover *leftover = g_ptr_array_steal_index (leftovers, 0);
      g_autofree char *time = format_time (leftover->time);
      g_autofree char *name = leftover->original ? g_path_get_basename (leftover->original)
                                                 : g_strdup (_("an untitled scenario"));
      g_autofree char *text = NULL;

      /* TRANSLATORS: %s is a file name (or "an untitled scenario"), then a date and time */
      text = leftover->original
             ? g_strdup_printf (_("Unsaved changes to “%s” (%s) were kept when Muster closed."), name, time)
             : g_strdup_printf (_("Unsaved changes to %s (%s) were kept when Muster closed."), name, time);
      add_bar (slot, text, _("_Recover"), leftover, (GDestroyNotify) leftover_free,
               G_CALLBACK (on_response), window);
    }
  gtk_widget_set_visible (GTK_WIDGET (slot), n > 0);
  return n;
}
