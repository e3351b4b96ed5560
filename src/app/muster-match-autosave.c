/* muster-match-autosave.c: a crash never loses a match (see muster-match-autosave.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-autosave.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "mu-file.h"
#include "mu-match.h"

#define PREFIX "match-"
#define MATCH_SUFFIX ".muster-game"
#define INFO_SUFFIX ".match-info"
#define GROUP "Match"

struct _MusterMatchAutosave
{
  GObject parent_instance;

  MusterGame *game;
  char *key;                    /* file name without extension */
  guint idle;                   /* the write after the last command */
};

G_DEFINE_FINAL_TYPE (MusterMatchAutosave, muster_match_autosave, G_TYPE_OBJECT)

static char *
autosave_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "muster", "autosave", NULL);
}

static char *
path_for_key (const char *key,
              const char *suffix)
{
  g_autofree char *dir = autosave_dir ();
  g_autofree char *name = g_strconcat (key, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

/* KEY.match-info beside KEY.muster-game. */
static char *
info_path_of (const char *path)
{
  g_autofree char *base = g_str_has_suffix (path, MATCH_SUFFIX)
                          ? g_strndup (path, strlen (path) - strlen (MATCH_SUFFIX))
                          : g_strdup (path);

  return g_strconcat (base, INFO_SUFFIX, NULL);
}

char *
muster_match_autosave_get_path (MusterMatchAutosave *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_AUTOSAVE (self), NULL);
  return path_for_key (self->key, MATCH_SUFFIX);
}

void
muster_match_autosave_remove (const char *path)
{
  g_autofree char *info = NULL;

  g_return_if_fail (path != NULL);

  info = info_path_of (path);
  g_unlink (path);
  g_unlink (info);
}

void
muster_match_autosave_discard (MusterMatchAutosave *self)
{
  g_autofree char *path = NULL;

  g_return_if_fail (MUSTER_IS_MATCH_AUTOSAVE (self));

  g_clear_handle_id (&self->idle, g_source_remove);
  path = muster_match_autosave_get_path (self);
  muster_match_autosave_remove (path);
}

/* What the saved-match format does not hold: whose file it is, who plays
 * each side, how the dice are rolled. */
static char *
info_text (MusterMatchAutosave *self,
           gsize               *length)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  const MuScenario *s = muster_game_get_scenario (self->game);
  GFile *file = muster_game_get_file (self->game);
  g_autofree char *original = file ? g_file_get_path (file) : NULL;
  g_autoptr(GPtrArray) computer = g_ptr_array_new ();

  for (guint i = 0; i < s->sides->len; i++)
    {
      const char *side = ((MuSide *) g_ptr_array_index (s->sides, i))->id;

      if (muster_game_get_player (self->game, side) == MUSTER_PLAYER_COMPUTER)
        g_ptr_array_add (computer, (gpointer) side);
    }
  g_key_file_set_string (info, GROUP, "Original", original ? original : "");
  g_key_file_set_string (info, GROUP, "Title", s->title ? s->title : "");
  g_key_file_set_int64 (info, GROUP, "Time", g_get_real_time () / G_USEC_PER_SEC);
  g_key_file_set_string_list (info, GROUP, "Computer", (const char *const *) computer->pdata, computer->len);
  g_key_file_set_boolean (info, GROUP, "DiceByPlayers", muster_game_get_dice_by_players (self->game));
  return g_key_file_to_data (info, length, NULL);
}

gboolean
muster_match_autosave_save_now (MusterMatchAutosave *self,
                                GError             **error)
{
  g_autofree char *dir = autosave_dir ();
  g_autofree char *path = NULL;
  g_autofree char *info_path = NULL;
  g_autofree char *info = NULL;
  gsize info_length = 0;

  g_return_val_if_fail (MUSTER_IS_MATCH_AUTOSAVE (self), FALSE);

  if (self->game == NULL || !muster_game_get_modified (self->game))
    return FALSE;
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  path = muster_match_autosave_get_path (self);
  info_path = path_for_key (self->key, INFO_SUFFIX);
  info = info_text (self, &info_length);
  muster_game_prepare_save (self->game);
  /* The match first: an info without its match is never offered. */
  return mu_match_save_file (muster_game_get_match (self->game), path, error) &&
         mu_file_write_atomic (info_path, info, info_length, 0600, error);
}

static gboolean
on_idle (gpointer data)
{
  MusterMatchAutosave *self = data;
  g_autoptr(GError) error = NULL;

  self->idle = 0;
  if (!muster_match_autosave_save_now (self, &error) && error != NULL)
    g_warning ("Could not autosave the match: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* Written once the window has handled the command: computer players that
 * play as fast as they can write once when they stop, not after each of
 * their hundreds of commands. */
static void
on_game_changed (MusterGame          *game,
                 MusterMatchAutosave *self)
{
  if (muster_game_get_modified (game) && self->idle == 0)
    self->idle = g_idle_add_full (G_PRIORITY_LOW, on_idle, self, NULL);
}

static void
on_game_modified (MusterGame          *game,
                  GParamSpec          *pspec,
                  MusterMatchAutosave *self)
{
  /* saved: nothing to resume */
  if (!muster_game_get_modified (game))
    muster_match_autosave_discard (self);
}

static void
muster_match_autosave_dispose (GObject *object)
{
  MusterMatchAutosave *self = MUSTER_MATCH_AUTOSAVE (object);

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      /* the match was closed (saved or discarded) */
      muster_match_autosave_discard (self);
    }
  g_clear_object (&self->game);
  G_OBJECT_CLASS (muster_match_autosave_parent_class)->dispose (object);
}

static void
muster_match_autosave_finalize (GObject *object)
{
  MusterMatchAutosave *self = MUSTER_MATCH_AUTOSAVE (object);

  g_free (self->key);
  G_OBJECT_CLASS (muster_match_autosave_parent_class)->finalize (object);
}

static void
muster_match_autosave_class_init (MusterMatchAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_match_autosave_dispose;
  object_class->finalize = muster_match_autosave_finalize;
}

static void
muster_match_autosave_init (MusterMatchAutosave *self)
{
  g_autofree char *uuid = g_uuid_string_random ();

  self->key = g_strconcat (PREFIX, uuid, NULL);
}

MusterMatchAutosave *
muster_match_autosave_new (MusterGame *game)
{
  MusterMatchAutosave *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_MATCH_AUTOSAVE, NULL);
  self->game = g_object_ref (game);
  g_signal_connect (self->game, "changed", G_CALLBACK (on_game_changed), self);
  g_signal_connect (self->game, "notify::modified", G_CALLBACK (on_game_modified), self);
  return self;
}

/* Leftovers ---------------------------------------------------------------------------- */

void
muster_match_leftover_free (MusterMatchLeftover *leftover)
{
  if (leftover == NULL)
    return;
  g_free (leftover->path);
  g_free (leftover->original);
  g_free (leftover->title);
  g_strfreev (leftover->computer);
  g_free (leftover);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const MusterMatchLeftover *x = *(MusterMatchLeftover **) a;
  const MusterMatchLeftover *y = *(MusterMatchLeftover **) b;

  return (y->time > x->time) - (y->time < x->time);
}

static char *
nonempty (char *text)
{
  if (text != NULL && *text == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

GPtrArray *
muster_match_autosave_find_leftovers (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_match_leftover_free);
  g_autofree char *dir = autosave_dir ();
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder && (name = g_dir_read_name (folder)))
    {
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autofree char *info_path = NULL;
      g_autofree char *base = NULL;
      g_autofree char *path = NULL;
      MusterMatchLeftover *leftover;

      if (!g_str_has_prefix (name, PREFIX) || !g_str_has_suffix (name, INFO_SUFFIX))
        continue;
      info_path = g_build_filename (dir, name, NULL);
      base = g_strndup (info_path, strlen (info_path) - strlen (INFO_SUFFIX));
      path = g_strconcat (base, MATCH_SUFFIX, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) ||
          !g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        continue;
      leftover = g_new0 (MusterMatchLeftover, 1);
      leftover->path = g_steal_pointer (&path);
      leftover->original = nonempty (g_key_file_get_string (info, GROUP, "Original", NULL));
      leftover->title = nonempty (g_key_file_get_string (info, GROUP, "Title", NULL));
      leftover->time = g_key_file_get_int64 (info, GROUP, "Time", NULL);
      leftover->computer = g_key_file_get_string_list (info, GROUP, "Computer", NULL, NULL);
      if (leftover->computer == NULL)
        leftover->computer = g_new0 (char *, 1);
      leftover->dice_by_players = g_key_file_get_boolean (info, GROUP, "DiceByPlayers", NULL);
      g_ptr_array_add (list, leftover);
    }
  g_ptr_array_sort (list, newest_first);
  return list;
}

MusterMatchLeftover *
muster_match_autosave_find_for (const char *original)
{
  g_autoptr(GPtrArray) list = NULL;
  GStatBuf doc;

  g_return_val_if_fail (original != NULL, NULL);

  list = muster_match_autosave_find_leftovers ();
  for (guint i = 0; i < list->len; i++)
    {
      MusterMatchLeftover *leftover = g_ptr_array_index (list, i);

      if (g_strcmp0 (leftover->original, original) != 0)
        continue;
      /* saved after the autosave: nothing more to offer */
      if (g_stat (original, &doc) == 0 && doc.st_mtime > leftover->time)
        return NULL;
      return g_ptr_array_steal_index (list, i);
    }
  return NULL;
}
