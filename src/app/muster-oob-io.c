#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-oob-io.h"

#include <glib/gi18n.h>

#include "mu-file.h"
#include "mu-oob-csv.h"

/* A dialog with the summary and every problem, one per line. */
static GtkWidget *
problems_dialog (GtkWindow  *parent,
                 const char *primary,
                 const char *summary,
                 GPtrArray  *problems)
{
  GtkWidget *dialog, *area, *scrolled, *view;
  GString *text = g_string_new (NULL);

  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Nothing was changed. Correct the file and import it again."));
  for (guint i = 0; problems && i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_string_append_printf (text, "%s\n", line);
    }
  if (text->len == 0 && summary)
    g_string_append_printf (text, "%s\n", summary);
  if (text->len > 0)
    g_string_truncate (text, text->len - 1);

  view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text->str, -1);
  g_string_free (text, TRUE);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 200);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 560);
  gtk_widget_set_vexpand (scrolled, TRUE);
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  gtk_box_append (GTK_BOX (area), scrolled);
  gtk_window_set_resizable (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* Local files through the engine's reader, which refuses devices, pipes and
 * files past its limit; other locations (remote mounts) are checked by type
 * and size before they are loaded. */
static gboolean
read_bounded (GFile   *file,
              char   **data,
              gsize   *length,
              GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GFileInfo) info = NULL;

  if (path != NULL)
    return mu_file_read (path, MU_FILE_MAX_SIZE, data, length, error);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR ||
      g_file_info_get_size (info) > MU_FILE_MAX_SIZE)
    {
      g_autofree char *uri = g_file_get_parse_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: not a regular file, or larger than %d MiB"), uri,
                   MU_FILE_MAX_SIZE / (1024 * 1024));
      return FALSE;
    }
  return g_file_load_contents (file, NULL, data, length, NULL, error);
}

gboolean
muster_oob_import_file (GtkWindow     *parent,
                        MuEditHistory *history,
                        GFile         *file,
                        GtkWidget    **dialog,
                        GError       **error)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *data = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *primary = g_strdup_printf (_("Could not import “%s”"), name);
  gsize length = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (dialog)
    *dialog = NULL;
  if (!read_bounded (file, &data, &length, &local) ||
      !mu_oob_csv_import (history, data, length, name, problems, &local))
    {
      GtkWidget *shown = problems_dialog (parent, primary, local->message, problems);

      if (dialog)
        *dialog = shown;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_oob_export_file (MuEditHistory *history,
                        GFile         *file,
                        GError       **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  data = mu_oob_csv_export (mu_edit_history_get_scenario (history), &length);
  /* Local files as a scenario is saved: a temporary beside the file, synced
   * and renamed over it, and the stale temporaries of killed saves removed.
   * Other locations through GIO, which replaces the file as a whole too. */
  path = g_file_get_path (file);
  if (path == NULL)
    return g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE,
                                    NULL, NULL, error);
  if (!mu_file_write_atomic (path, data, length, 0644, &local))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, local->domain, local->code, _("Cannot write %s: %s"), name, local->message);
      return FALSE;
    }
  return TRUE;
}

static GtkFileFilter *
csv_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Spreadsheets (CSV)"));
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_filter_add_suffix (filter, "csv");
  return filter;
}

GtkFileChooserNative *
muster_oob_new_chooser (GtkWindow     *parent,
                        MuEditHistory *history,
                        gboolean       export)
{
  MuScenario *s;
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = csv_filter ();

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);
  s = mu_edit_history_get_scenario (history);
  if (export)
    chooser = gtk_file_chooser_native_new (_("Export Order of Battle"), parent,
                                           GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  else
    chooser = gtk_file_chooser_native_new (_("Import Order of Battle"), parent,
                                           GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (export)
    {
      /* TRANSLATORS: the proposed file name; %s is the scenario title */
      g_autofree char *name = g_strdup_printf (_("%s — Order of Battle.csv"),
                                               s->title && *s->title ? s->title : _("Untitled"));

      g_strdelimit (name, "/\\", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  return chooser;
}

GtkWidget *
muster_oob_chooser_response (GtkNativeDialog *chooser,
                             int              response,
                             MuEditHistory   *history)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = gtk_native_dialog_get_transient_for (chooser);
  GtkWidget *dialog = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);
  if (response != GTK_RESPONSE_ACCEPT ||
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) == NULL)
    return NULL;
  if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      muster_oob_import_file (parent, history, file, &dialog, NULL);
      return dialog;
    }
  if (!muster_oob_export_file (history, file, &error))
    {
      dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                       _("Could not export the order of battle"));
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
      g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
      gtk_window_present (GTK_WINDOW (dialog));
    }
  return dialog;
}
