/* muster-game.c: a match as the window sees it (see muster-game.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-game.h"

#include "mu-error.h"
#include "mu-ruleset.h"

struct _MusterGame {
  GObject parent_instance;

  MuMatch *match;
  GFile *file;
  gboolean modified;
  /* The last values notified, to notify only on change. */
  gboolean can_undo;
  gboolean over;
  char *awaited;
  GHashTable *players;   /* side id -> MusterPlayer; absent: a person */
  gboolean dice_by_players;
};

G_DEFINE_FINAL_TYPE (MusterGame, muster_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_OVER,
  PROP_AWAITED_SIDE,
  PROP_MODIFIED,
  PROP_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EVENTS_ADDED,
  SIGNAL_RESET,
  SIGNAL_CHANGED,
  SIGNAL_REFUSED,
  SIGNAL_SAVING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
muster_game_finalize (GObject *object)
{
  MusterGame *self = MUSTER_GAME (object);

  g_clear_pointer (&self->match, mu_match_free);
  g_clear_object (&self->file);
  g_clear_pointer (&self->awaited, g_free);
  g_clear_pointer (&self->players, g_hash_table_unref);
  G_OBJECT_CLASS (muster_game_parent_class)->finalize (object);
}

static void
muster_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MusterGame *self = MUSTER_GAME (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_OVER:
      g_value_set_boolean (value, self->over);
      break;
    case PROP_AWAITED_SIDE:
      g_value_set_string (value, self->awaited);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_class_init (MusterGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_game_finalize;
  object_class->get_property = muster_game_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AWAITED_SIDE] =
    g_param_spec_string ("awaited-side", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_EVENTS_ADDED] =
    g_signal_new ("events-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[SIGNAL_RESET] =
    g_signal_new ("reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_SAVING] =
    g_signal_new ("saving", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_game_init (MusterGame *self)
{
  self->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* Reads the derived properties again and notifies those that changed. */
static void
update_properties (MusterGame *self)
{
  gboolean can_undo = mu_match_can_undo (self->match, NULL);
  gboolean over = mu_match_is_over (self->match);
  const char *awaited = mu_match_get_awaited (self->match);

  g_object_freeze_notify (G_OBJECT (self));
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (over != self->over)
    {
      self->over = over;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
    }
  if (g_strcmp0 (awaited, self->awaited) != 0)
    {
      g_free (self->awaited);
      self->awaited = g_strdup (awaited);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AWAITED_SIDE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_modified (MusterGame *self,
              gboolean    modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

MusterGame *
muster_game_new (MuMatch *match)
{
  MusterGame *self;

  g_return_val_if_fail (match != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_GAME, NULL);
  self->match = match;
  update_properties (self);
  return self;
}

MusterGame *
muster_game_new_for_scenario (const MuScenario *scenario,
                              guint64           seed,
                              GError          **error)
{
  MuMatch *match = mu_match_new (scenario, seed, NULL, 0, error);

  if (match == NULL)
    return NULL;
  return muster_game_new (match);
}

MuMatch *
muster_game_get_match (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->match;
}

const MuScenario *
muster_game_get_scenario (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return mu_match_get_scenario (self->match);
}

const MuRuleset *
muster_game_get_ruleset (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return mu_match_get_ruleset (self->match);
}

/* After the match took a command (or dice): tells the views. */
static void
after_command (MusterGame *self,
               guint       events_before)
{
  guint events_after = mu_match_get_events (self->match)->len;

  set_modified (self, TRUE);
  if (events_after > events_before)
    g_signal_emit (self, signals[SIGNAL_EVENTS_ADDED], 0, events_before,
                   events_after - events_before);
  update_properties (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
refused (MusterGame   *self,
         const GError *error)
{
  g_autofree char *rule = mu_refusal_rule (error->message);

  g_signal_emit (self, signals[SIGNAL_REFUSED], 0, error->message, rule);
}

gboolean
muster_game_apply (MusterGame      *self,
                   const MuCommand *command,
                   GError         **error)
{
  guint before;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);

  before = mu_match_get_events (self->match)->len;
  if (!mu_match_apply (self->match, command, NULL, &local))
    {
      refused (self, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  after_command (self, before);
  return TRUE;
}

gboolean
muster_game_apply_line (MusterGame *self,
                        const char *line,
                        GError    **error)
{
  g_autoptr(MuCommand) command = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  command = mu_match_parse (self->match, line, &local);
  if (command == NULL)
    {
      if (local == NULL)
        local = g_error_new (MU_ERROR, MU_ERROR_PARSE, "“%s” is no command", line);
      refused (self, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return muster_game_apply (self, command, error);
}

gboolean
muster_game_enter_dice (MusterGame *self,
                        const int  *faces,
                        guint       n,
                        GError    **error)
{
  guint before;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  before = mu_match_get_events (self->match)->len;
  if (!mu_match_enter_dice (self->match, faces, n, error))
    return FALSE;
  after_command (self, before);
  return TRUE;
}

gboolean
muster_game_undo (MusterGame *self,
                  GError    **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (!mu_match_undo (self->match, error))
    return FALSE;
  set_modified (self, TRUE);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
  update_properties (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
muster_game_can_undo (MusterGame *self,
                      char      **why)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (mu_match_can_undo (self->match, &error))
    return TRUE;
  if (why != NULL)
    *why = g_strdup (error != NULL ? error->message : "");
  return FALSE;
}

gboolean
muster_game_check (MusterGame      *self,
                   const MuCommand *command,
                   MuCheck         *check)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  return mu_match_check (self->match, command, check);
}

void
muster_game_get_position (MusterGame *self,
                          MuPosition *position)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  mu_match_get_position (self->match, position);
}

const MuDecision *
muster_game_get_pending (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return mu_match_get_pending (self->match);
}

const char *
muster_game_get_awaited_side (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return mu_match_get_awaited (self->match);
}

gboolean
muster_game_is_over (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  return mu_match_is_over (self->match);
}

GFile *
muster_game_get_file (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->file;
}

void
muster_game_set_file (MusterGame *self,
                      GFile      *file)
{
  g_return_if_fail (MUSTER_IS_GAME (self));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

gboolean
muster_game_get_modified (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  return self->modified;
}

void
muster_game_set_modified (MusterGame *self,
                          gboolean    modified)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  set_modified (self, modified);
}

gboolean
muster_game_save (MusterGame *self,
                  GFile      *file,
                  GError    **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s: only local files can be saved", uri);
      return FALSE;
    }
  muster_game_prepare_save (self);
  if (!mu_match_save_file (self->match, path, error))
    return FALSE;
  muster_game_set_file (self, file);
  set_modified (self, FALSE);
  return TRUE;
}

void
muster_game_prepare_save (MusterGame *self)
{
  g_return_if_fail (MUSTER_IS_GAME (self));

  g_signal_emit (self, signals[SIGNAL_SAVING], 0);
}

void
muster_game_set_view (MusterGame        *self,
                      const MuMatchView *view)
{
  g_return_if_fail (MUSTER_IS_GAME (self));

  /* how the board was shown is no command: the match is not modified */
  mu_match_set_view (self->match, view);
}

/* Players ----------------------------------------------------------------------- */

void
muster_game_set_player (MusterGame   *self,
                        const char   *side,
                        MusterPlayer  player)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  g_return_if_fail (side != NULL);

  g_hash_table_insert (self->players, g_strdup (side), GINT_TO_POINTER (player));
}

MusterPlayer
muster_game_get_player (MusterGame *self,
                        const char *side)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_PLAYER_PERSON);
  return side ? GPOINTER_TO_INT (g_hash_table_lookup (self->players, side)) : MUSTER_PLAYER_PERSON;
}

gboolean
muster_game_has_computer (MusterGame *self)
{
  GHashTableIter it;
  gpointer value;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  g_hash_table_iter_init (&it, self->players);
  while (g_hash_table_iter_next (&it, NULL, &value))
    if (GPOINTER_TO_INT (value) == MUSTER_PLAYER_COMPUTER)
      return TRUE;
  return FALSE;
}

void
muster_game_set_dice_by_players (MusterGame *self,
                                 gboolean    by_players)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  self->dice_by_players = by_players;
}

gboolean
muster_game_get_dice_by_players (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  return self->dice_by_players;
}
