/* muster-window-open.c: opening a file, and doing it without freezing the
 * window
 *
 * A file opened at once (muster_window_open_file) or at the end of a load
 * becomes the window's document here: the recent files remember it, a
 * shipped scenario opens as a copy, and work a crash left is offered back.
 *
 * The file is loaded and checked in a worker thread (GTask); the window shows
 * a MusterOpeningPage with the file's name, the loader's progress and a
 * Cancel button.
 * Cancelling returns at once to what was shown before; the loader stops at
 * its next stage and its result is dropped.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>

#include <stdlib.h>
#include <string.h>

#include "mu-scenario-xml.h"
#include "muster-data-dirs.h"
#include "muster-editor-autosave.h"
#include "muster-opening-page.h"

#define OPENING_KEY "muster-window-opening"
#define PAGE_NAME "opening"

typedef struct {
  MusterWindow *window;       /* not a reference; NULL once cancelled */
  GFile *file;
  char *path;
  GCancellable *cancellable;
  char *previous_page;
  gint permille;              /* progress, written by the worker */
  guint tick;
} Opening;

typedef struct {
  MuScenario *scenario;
  GPtrArray *problems;
  GError *error;
} Loaded;

static void
opening_free (Opening *op)
{
  g_clear_handle_id (&op->tick, g_source_remove);
  g_object_unref (op->file);
  g_free (op->path);
  g_object_unref (op->cancellable);
  g_free (op->previous_page);
  g_free (op);
}

static void
loaded_free (Loaded *ld)
{
  g_clear_pointer (&ld->scenario, mu_scenario_free);
  g_clear_pointer (&ld->problems, g_ptr_array_unref);
  g_clear_error (&ld->error);
  g_free (ld);
}

/* The page -------------------------------------------------------------------------- */

static void
on_page_cancelled (MusterOpeningPage *page,
                   MusterWindow      *self)
{
  muster_window_cancel_open (self);
}

static MusterOpeningPage *
opening_page (MusterWindow *self)
{
  GtkStack *stack = muster_window_get_stack (self);
  GtkWidget *page = gtk_stack_get_child_by_name (stack, PAGE_NAME);

  if (page != NULL)
    return MUSTER_OPENING_PAGE (page);
  page = muster_opening_page_new ();
  g_signal_connect (page, "cancelled", G_CALLBACK (on_page_cancelled), self);
  gtk_stack_add_named (stack, page, PAGE_NAME);
  return MUSTER_OPENING_PAGE (page);
}

static gboolean
on_tick (gpointer data)
{
  Opening *op = data;

  if (op->window == NULL)
    return G_SOURCE_CONTINUE;
  muster_opening_page_set_fraction (opening_page (op->window),
                                    g_atomic_int_get (&op->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

/* Back to the page shown before opening began. */
static void
leave_page (Opening *op)
{
  GtkStack *stack = muster_window_get_stack (op->window);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (stack), PAGE_NAME) == 0)
    gtk_stack_set_visible_child_name (stack, op->previous_page ? op->previous_page : "start");
}

/* The worker -------------------------------------------------------------------------- */

static void
on_progress (double   fraction,
             gpointer data)
{
  Opening *op = data;

  g_atomic_int_set (&op->permille, (gint) CLAMP (fraction * 1000, 0, 1000));
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Opening *op = task_data;
  Loaded *ld = g_new0 (Loaded, 1);

  ld->problems = mu_problem_list_new ();
  /* what fails only the checks opens, for the editor to fix */
  ld->scenario = mu_scenario_load_file_full (op->path, MU_LOAD_KEEP_CHECKED, ld->problems,
                                             on_progress, op, cancellable, &ld->error);
  g_task_return_pointer (task, ld, (GDestroyNotify) loaded_free);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  MusterWindow *self = MUSTER_WINDOW (source);
  Opening *op = g_task_get_task_data (G_TASK (result));
  Loaded *ld = g_task_propagate_pointer (G_TASK (result), NULL);

  if (op->window != NULL && !g_cancellable_is_cancelled (op->cancellable) && ld != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = g_object_ref (op->file);

      g_object_set_data (G_OBJECT (self), OPENING_KEY, NULL);
      muster_window_open_loaded (self, file, g_steal_pointer (&ld->scenario), ld->problems,
                                 ld->error, &error);
      /* Back to the page shown before only where the file did not open:
       * going back first mapped the start page, which then read every
       * shipped scenario for its list, only to be left at once. */
      leave_page (op);
      op->window = NULL;
    }
  if (ld)
    loaded_free (ld);
}

/* API -------------------------------------------------------------------------------- */

void
muster_window_open_file_async (MusterWindow *self,
                               GFile        *file)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  GtkStack *stack;
  MusterOpeningPage *page;
  Opening *op;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL || muster_window_file_is_match (file))
    {
      /* Not a local file: the synchronous path explains why. A saved
       * match replays its commands where it is opened. */
      muster_window_open_file (self, file, NULL);
      return;
    }
  muster_window_cancel_open (self);

  op = g_new0 (Opening, 1);
  op->window = self;
  op->file = g_object_ref (file);
  op->path = g_steal_pointer (&path);
  op->cancellable = g_cancellable_new ();
  stack = muster_window_get_stack (self);
  op->previous_page = g_strdup (gtk_stack_get_visible_child_name (stack));

  page = opening_page (self);
  name = g_file_get_basename (file);
  text = g_strdup_printf (_("Opening “%s”…"), name);
  muster_opening_page_set_text (page, text);
  muster_opening_page_set_fraction (page, 0);
  gtk_stack_set_visible_child_name (stack, PAGE_NAME);
  op->tick = g_timeout_add (50, on_tick, op);
  g_object_set_data (G_OBJECT (self), OPENING_KEY, op);

  task = g_task_new (self, op->cancellable, on_loaded, NULL);
  g_task_set_source_tag (task, muster_window_open_file_async);
  g_task_set_task_data (task, op, (GDestroyNotify) opening_free);
  g_task_run_in_thread (task, load_in_thread);
}

void
muster_window_cancel_open (MusterWindow *self)
{
  Opening *op;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  op = g_object_get_data (G_OBJECT (self), OPENING_KEY);
  if (op == NULL)
    return;
  g_object_set_data (G_OBJECT (self), OPENING_KEY, NULL);
  g_cancellable_cancel (op->cancellable);
  leave_page (op);
  op->window = NULL;
}

GFile *
muster_window_get_opening_file (MusterWindow *self)
{
  Opening *op;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  op = g_object_get_data (G_OBJECT (self), OPENING_KEY);
  return op ? op->file : NULL;
}

/* Opening at once ------------------------------------------------------------ */

void
muster_window_add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *) "muster", NULL };

  data.mime_type = (char *) MU_SCENARIO_MIME_TYPE;
  data.app_name = (char *) "Muster";
  data.app_exec = (char *) "muster %u";
  data.groups = groups;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

void
muster_window_remember_folder (MusterWindow *self,
                               GFile        *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;

  if (path != NULL)
    g_settings_set_string (self->settings, "last-folder", path);
}

/* Whether path is one of the scenarios shipped with Muster. */
static gboolean
is_bundled (const char *path)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *parent = g_path_get_dirname (path);
  g_autofree char *real_dir = dir ? realpath (dir, NULL) : NULL;
  g_autofree char *real_parent = realpath (parent, NULL);

  return real_dir != NULL && real_parent != NULL && strcmp (real_dir, real_parent) == 0;
}

gboolean
muster_window_open_loaded (MusterWindow *self,
                           GFile        *file,
                           MuScenario   *scenario,
                           GPtrArray    *problems,
                           GError       *load_error,
                           GError      **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (scenario == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);

      muster_window_show_problems (self, primary, load_error, problems);
      if (error)
        *error = load_error ? g_error_copy (load_error) : NULL;
      return FALSE;
    }
  if (path != NULL && is_bundled (path))
    {
      /* The shipped file stays as shipped: the window holds a new, unsaved
       * copy, and Save asks where to put it. Recent files leave it out:
       * the start page lists it already, and its place is Muster's. */
      g_autofree char *copy_of = g_path_get_basename (path);

      g_clear_pointer (&scenario->filename, g_free);
      muster_window_set_scenario (self, scenario, NULL);
      muster_document_set_copy_of (window_scenario_document (self), copy_of);
      return TRUE;
    }
  muster_window_add_recent (file);
  muster_window_set_scenario (self, scenario, file);
  muster_window_remember_folder (self, file);
  /* a design saved while it failed its checks opens to be fixed */
  muster_window_show_check_errors (self);
  muster_window_offer_recovery_for (self, path);
  return TRUE;
}

gboolean
muster_window_open_file (MusterWindow *self,
                         GFile        *file,
                         GError      **error)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;
  MuScenario *scenario;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (muster_window_file_is_match (file))
    return muster_window_open_match_file (self, file, error);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&local_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not a local file"), uri);
      scenario = NULL;
    }
  else
    {
      scenario = mu_scenario_load_file_full (path, MU_LOAD_KEEP_CHECKED, problems, NULL, NULL, NULL,
                                             &local_error);
    }
  return muster_window_open_loaded (self, file, scenario, problems, local_error, error);
}
