/* muster-document.c: the scenario or match a window has open, its file and its state */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-document.h"

#include <glib/gi18n.h>

#include "mu-scenario-xml.h"
#include "muster-file-watch.h"

struct _MusterDocument
{
  GObject parent_instance;

  MusterDocumentKind kind;
  MuEditHistory *history;   /* a scenario's: owns it; the undo stack and the saved state */
  MusterGame *game;         /* a match's: its file and its unsaved state */
  MusterMatchAutosave *match_autosave;
  MusterDocument *origin;   /* a match's: the scenario it was played from */
  GFile *file;
  char *copy_of;            /* a shipped scenario opened as a copy: its file name */
  char *title;
  MusterFileWatch *watch;   /* the file's changes by other programs */
  MusterAutosave *autosave;
  gboolean modified;
  gboolean editing;         /* between begin_edit and end_edit */
};

G_DEFINE_FINAL_TYPE (MusterDocument, muster_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  SIGNAL_CHANGED_ON_DISK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_modified (MusterDocument *self,
              gboolean        modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
update_title (MusterDocument *self)
{
  g_autofree char *title = NULL;

  if (self->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);

      title = g_filename_display_name (base);
    }
  else if (self->kind == MUSTER_DOCUMENT_MATCH)
    {
      const MuScenario *s = muster_game_get_scenario (self->game);

      /* Translators: the title of a match not saved yet, with its scenario's title */
      title = g_strdup_printf (_("New Match of %s"), s->title && *s->title ? s->title : _("Untitled Scenario"));
    }
  else if (self->copy_of != NULL)
    {
      g_autofree char *name = g_filename_display_name (self->copy_of);

      /* Translators: the title of an unsaved copy of a shipped scenario */
      title = g_strdup_printf (_("Copy of %s"), name);
    }
  else
    title = g_strdup (_("Untitled Scenario"));
  if (g_strcmp0 (title, self->title) == 0)
    return;
  g_free (self->title);
  self->title = g_steal_pointer (&title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static void
on_watch_changed (MusterFileWatch *watch,
                  MusterDocument  *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED_ON_DISK], 0);
}

static void
watch_file (MusterDocument *self)
{
  if (self->watch)
    g_signal_handlers_disconnect_by_func (self->watch, on_watch_changed, self);
  g_clear_object (&self->watch);
  if (self->file == NULL)
    return;
  self->watch = muster_file_watch_new (self->file);
  g_signal_connect (self->watch, "changed", G_CALLBACK (on_watch_changed), self);
}

/* Every change of the model, undo and redo included: the unsaved mark
 * follows the history's saved state. */
static void
on_history_changed (MuEditHistory  *history,
                    MusterDocument *self)
{
  set_modified (self, !mu_edit_history_is_clean (history));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

MusterDocument *
muster_document_new (MuScenario *scenario,
                     GFile      *file)
{
  MusterDocument *self;
  g_autofree char *path = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (MUSTER_TYPE_DOCUMENT, NULL);
  self->history = mu_edit_history_new (scenario);
  g_signal_connect (self->history, "changed", G_CALLBACK (on_history_changed), self);
  g_set_object (&self->file, file);
  watch_file (self);
  path = file ? g_file_get_path (file) : NULL;
  self->autosave = muster_autosave_new (self->history, path);
  update_title (self);
  return self;
}

/* The game's file or unsaved state changed (a save, a command, an undo). */
static void
on_game_notify (MusterGame     *game,
                GParamSpec     *pspec,
                MusterDocument *self)
{
  GFile *file = muster_game_get_file (game);

  g_object_freeze_notify (G_OBJECT (self));
  if (file != self->file && (file == NULL || self->file == NULL || !g_file_equal (file, self->file)))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  set_modified (self, muster_game_get_modified (game));
  update_title (self);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
on_game_changed (MusterGame     *game,
                 MusterDocument *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

MusterDocument *
muster_document_new_match (MusterGame *game)
{
  MusterDocument *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_DOCUMENT, NULL);
  self->kind = MUSTER_DOCUMENT_MATCH;
  self->game = g_object_ref (game);
  g_set_object (&self->file, muster_game_get_file (game));
  self->modified = muster_game_get_modified (game);
  g_signal_connect (game, "notify::file", G_CALLBACK (on_game_notify), self);
  g_signal_connect (game, "notify::modified", G_CALLBACK (on_game_notify), self);
  g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  /* the game knows its players and dice: the autosave follows it alone */
  self->match_autosave = muster_match_autosave_new (game);
  update_title (self);
  return self;
}

MusterDocumentKind
muster_document_get_kind (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), MUSTER_DOCUMENT_SCENARIO);
  return self->kind;
}

MusterGame *
muster_document_get_game (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->game;
}

MusterMatchAutosave *
muster_document_get_match_autosave (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->match_autosave;
}

MusterDocument *
muster_document_get_origin (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->origin;
}

void
muster_document_set_origin (MusterDocument *self,
                            MusterDocument *origin)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  g_return_if_fail (origin == NULL || (MUSTER_IS_DOCUMENT (origin) && origin->kind == MUSTER_DOCUMENT_SCENARIO));

  g_set_object (&self->origin, origin);
}

MuScenario *
muster_document_get_scenario (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->history ? mu_edit_history_get_scenario (self->history) : NULL;
}

MuEditHistory *
muster_document_get_history (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->history;
}

MusterAutosave *
muster_document_get_autosave (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->autosave;
}

GFile *
muster_document_get_file (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
muster_document_get_modified (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

const char *
muster_document_get_title (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->title;
}

const char *
muster_document_get_copy_of (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->copy_of;
}

void
muster_document_set_copy_of (MusterDocument *self,
                             const char     *name)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));

  g_free (self->copy_of);
  self->copy_of = g_strdup (name);
  update_title (self);
}

MuScenario *
muster_document_begin_edit (MusterDocument *self,
                            const char     *label)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (self->history != NULL, NULL);
  g_return_val_if_fail (!self->editing, NULL);

  self->editing = TRUE;
  return mu_edit_history_begin_direct (self->history, label);
}

void
muster_document_end_edit (MusterDocument *self)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  g_return_if_fail (self->editing);

  self->editing = FALSE;
  mu_edit_history_end_direct (self->history);
}

gboolean
muster_document_save (MusterDocument *self,
                      GFile          *file,
                      GError        **error)
{
  MuScenario *scenario;
  g_autofree char *path = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->kind == MUSTER_DOCUMENT_MATCH)
    return muster_game_save (self->game, file, error);   /* the document follows the game */
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Scenarios can only be saved to local files"));
      return FALSE;
    }
  scenario = muster_document_get_scenario (self);
  if (!mu_scenario_save_file (scenario, path, error))
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  g_free (scenario->filename);
  scenario->filename = g_strdup (path);
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  g_clear_pointer (&self->copy_of, g_free);
  watch_file (self);
  mu_edit_history_mark_clean (self->history);
  muster_autosave_set_original (self->autosave, path);
  set_modified (self, FALSE);
  update_title (self);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

void
muster_document_keep_version (MusterDocument *self)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));

  if (self->watch)
    muster_file_watch_sync (self->watch);
}

void
muster_document_close (MusterDocument *self)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));

  if (self->autosave)
    muster_autosave_discard (self->autosave);
  /* disposing of a match's autosave removes its files */
  g_clear_object (&self->match_autosave);
}

static void
muster_document_finalize (GObject *object)
{
  MusterDocument *self = MUSTER_DOCUMENT (object);

  if (self->history)
    g_signal_handlers_disconnect_by_func (self->history, on_history_changed, self);
  g_clear_object (&self->autosave);
  g_clear_object (&self->history);   /* frees the scenario */
  g_clear_object (&self->match_autosave);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->origin);
  if (self->watch)
    g_signal_handlers_disconnect_by_func (self->watch, on_watch_changed, self);
  g_clear_object (&self->watch);
  g_clear_object (&self->file);
  g_clear_pointer (&self->copy_of, g_free);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (muster_document_parent_class)->finalize (object);
}

static void
muster_document_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterDocument *self = MUSTER_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_document_class_init (MusterDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_document_finalize;
  object_class->get_property = muster_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The scenario changed (an edit, an undo or a redo), or the match did
   * (a command, an undo). */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Another program saved the document's file. */
  signals[SIGNAL_CHANGED_ON_DISK] =
    g_signal_new ("changed-on-disk", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_document_init (MusterDocument *self)
{
}
