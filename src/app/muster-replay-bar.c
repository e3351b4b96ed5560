/* muster-replay-bar.c: stepping through a match (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-replay-bar.h"

#include <glib/gi18n.h>

/* A pace a person can follow: one command every so many milliseconds. */
#define PLAY_INTERVAL_MS 700

struct _MusterReplayBar {
  GtkWidget parent_instance;

  MusterGame *game;
  gulong changed_id;
  gulong reset_id;

  GArray *events_after;   /* of guint: the log's length after k commands, k = 0..n */
  MuMatch *match;         /* the step shown */
  guint at_commands;
  guint at_events;
  guint play_id;

  /* Template children. */
  GtkWidget *box;
  GtkWidget *scale;
  GtkWidget *label;
  GtkWidget *start_button;
  GtkWidget *back_button;
  GtkWidget *prev_event_button;
  GtkWidget *play_button;
  GtkWidget *next_event_button;
  GtkWidget *forward_button;
  GtkWidget *end_button;
};

static void on_scale_changed (GtkAdjustment *adj, MusterReplayBar *self);

G_DEFINE_FINAL_TYPE (MusterReplayBar, muster_replay_bar, GTK_TYPE_WIDGET)

enum {
  SIGNAL_POSITION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
n_commands (MusterReplayBar *self)
{
  return self->events_after->len - 1;
}

static guint
events_after (MusterReplayBar *self,
              guint            k)
{
  return g_array_index (self->events_after, guint, k);
}

/* The log's length after each command, from one replay of the match. */
static gboolean
build_table (MusterReplayBar *self,
             GError         **error)
{
  MuMatch *source = muster_game_get_match (self->game);
  const GPtrArray *commands = mu_match_get_commands (source);
  g_autoptr(MuMatch) m = mu_match_new_replay (source, 0, error);
  guint len;

  g_array_set_size (self->events_after, 0);
  if (m == NULL)
    {
      len = 0;
      g_array_append_val (self->events_after, len);
      return FALSE;
    }
  len = mu_match_get_events (m)->len;
  g_array_append_val (self->events_after, len);
  for (guint i = 0; i < commands->len; i++)
    {
      if (!mu_match_apply (m, g_ptr_array_index (commands, i), NULL, error))
        return FALSE;
      len = mu_match_get_events (m)->len;
      g_array_append_val (self->events_after, len);
    }
  return TRUE;
}

static void
update_controls (MusterReplayBar *self)
{
  guint n = n_commands (self);
  guint total = events_after (self, n);
  g_autofree char *text = g_strdup_printf (_("Command %u of %u · event %u of %u"), self->at_commands, n,
                                           self->at_events, total);
  gboolean at_start = self->at_events <= events_after (self, 0) && self->at_commands == 0;
  gboolean at_end = self->at_commands == n && self->at_events == total;
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (self->scale));

  g_signal_handlers_block_by_func (adj, on_scale_changed, self);
  gtk_adjustment_configure (adj, self->at_commands, 0, MAX (n, 1), 1, 10, 0);
  g_signal_handlers_unblock_by_func (adj, on_scale_changed, self);
  gtk_widget_set_sensitive (self->scale, n > 0);
  gtk_label_set_text (GTK_LABEL (self->label), text);
  gtk_widget_set_sensitive (self->start_button, !at_start);
  gtk_widget_set_sensitive (self->back_button, self->at_commands > 0);
  gtk_widget_set_sensitive (self->prev_event_button, self->at_events > 0 && !at_start);
  gtk_widget_set_sensitive (self->next_event_button, !at_end);
  gtk_widget_set_sensitive (self->forward_button, !at_end);
  gtk_widget_set_sensitive (self->end_button, !at_end);
  gtk_widget_set_sensitive (self->play_button, !at_end || self->play_id != 0);
}

/* Makes the match after k commands: one command further on the match
 * shown when going forward, a new replay when going back. */
static gboolean
go_to (MusterReplayBar *self,
       guint            k,
       guint            events,
       GError         **error)
{
  MuMatch *source = muster_game_get_match (self->game);
  const GPtrArray *commands = mu_match_get_commands (source);

  k = MIN (k, n_commands (self));
  if (self->match == NULL || k < self->at_commands)
    {
      MuMatch *m = mu_match_new_replay (source, k, error);

      if (m == NULL)
        return FALSE;
      g_clear_pointer (&self->match, mu_match_free);
      self->match = m;
    }
  else
    for (guint i = self->at_commands; i < k; i++)
      if (!mu_match_apply (self->match, g_ptr_array_index (commands, i), NULL, error))
        return FALSE;
  self->at_commands = k;
  self->at_events = events;
  update_controls (self);
  g_signal_emit (self, signals[SIGNAL_POSITION_CHANGED], 0, self->match, self->at_commands,
                 self->at_events);
  return TRUE;
}

gboolean
muster_replay_bar_seek_command (MusterReplayBar *self,
                                guint            commands,
                                GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), FALSE);

  commands = MIN (commands, n_commands (self));
  return go_to (self, commands, events_after (self, commands), error);
}

gboolean
muster_replay_bar_seek_event (MusterReplayBar *self,
                              guint            events,
                              GError         **error)
{
  guint k = 0;

  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), FALSE);

  events = MIN (events, events_after (self, n_commands (self)));
  /* the first command whose events reach it; the start's own events need none */
  while (k < n_commands (self) && events_after (self, k) < events)
    k++;
  return go_to (self, k, MAX (events, events_after (self, 0)), error);
}

static void
report (MusterReplayBar *self,
        GError          *error)
{
  if (error)
    g_warning ("The match does not replay: %s", error->message);
}

static void
on_start (GtkButton       *button,
          MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  muster_replay_bar_seek_command (self, 0, &error);
  report (self, error);
}

static void
on_back (GtkButton       *button,
         MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  if (self->at_commands > 0)
    muster_replay_bar_seek_command (self, self->at_commands - 1, &error);
  report (self, error);
}

static void
on_prev_event (GtkButton       *button,
               MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  if (self->at_events > 0)
    muster_replay_bar_seek_event (self, self->at_events - 1, &error);
  report (self, error);
}

static gboolean
step_forward (MusterReplayBar *self,
              GError         **error)
{
  /* in the middle of a command's events: to its end first */
  if (self->at_events < events_after (self, self->at_commands))
    return muster_replay_bar_seek_command (self, self->at_commands, error);
  return muster_replay_bar_seek_command (self, self->at_commands + 1, error);
}

static void
on_next_event (GtkButton       *button,
               MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  muster_replay_bar_seek_event (self, self->at_events + 1, &error);
  report (self, error);
}

static void
on_forward (GtkButton       *button,
            MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  step_forward (self, &error);
  report (self, error);
}

static void
on_end (GtkButton       *button,
        MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;

  muster_replay_bar_seek_command (self, n_commands (self), &error);
  report (self, error);
}

static gboolean
on_play_tick (gpointer data)
{
  MusterReplayBar *self = data;
  g_autoptr(GError) error = NULL;

  if (self->at_commands >= n_commands (self) || !step_forward (self, &error))
    {
      report (self, error);
      self->play_id = 0;
      muster_replay_bar_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  if (self->at_commands >= n_commands (self))
    {
      self->play_id = 0;
      muster_replay_bar_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_play (GtkButton       *button,
         MusterReplayBar *self)
{
  muster_replay_bar_set_playing (self, self->play_id == 0);
}

static void
on_scale_changed (GtkAdjustment   *adj,
                  MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;
  guint k = (guint) (gtk_adjustment_get_value (adj) + 0.5);

  if (k != self->at_commands || self->at_events != events_after (self, k))
    muster_replay_bar_seek_command (self, k, &error);
  report (self, error);
}

static void
on_game_changed (MusterGame      *game,
                 MusterReplayBar *self)
{
  g_autoptr(GError) error = NULL;
  guint k = self->at_commands;

  /* the game took or lost commands: the table again, the same step if it is still there */
  if (!build_table (self, &error))
    report (self, error);
  g_clear_pointer (&self->match, mu_match_free);
  g_clear_error (&error);
  muster_replay_bar_seek_command (self, MIN (k, n_commands (self)), &error);
  report (self, error);
}

static void
muster_replay_bar_dispose (GObject *object)
{
  MusterReplayBar *self = MUSTER_REPLAY_BAR (object);

  g_clear_handle_id (&self->play_id, g_source_remove);
  if (self->game)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_clear_signal_handler (&self->reset_id, self->game);
      g_clear_object (&self->game);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_REPLAY_BAR);
  g_clear_pointer (&self->match, mu_match_free);
  G_OBJECT_CLASS (muster_replay_bar_parent_class)->dispose (object);
}

static void
muster_replay_bar_finalize (GObject *object)
{
  g_array_unref (MUSTER_REPLAY_BAR (object)->events_after);
  G_OBJECT_CLASS (muster_replay_bar_parent_class)->finalize (object);
}

static void
muster_replay_bar_class_init (MusterReplayBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_replay_bar_dispose;
  object_class->finalize = muster_replay_bar_finalize;
  signals[SIGNAL_POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_UINT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "replaybar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-replay-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, box);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, scale);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, label);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, start_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, back_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, prev_event_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, play_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, next_event_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, forward_button);
  gtk_widget_class_bind_template_child (widget_class, MusterReplayBar, end_button);
  gtk_widget_class_bind_template_callback (widget_class, on_scale_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_start);
  gtk_widget_class_bind_template_callback (widget_class, on_back);
  gtk_widget_class_bind_template_callback (widget_class, on_prev_event);
  gtk_widget_class_bind_template_callback (widget_class, on_play);
  gtk_widget_class_bind_template_callback (widget_class, on_next_event);
  gtk_widget_class_bind_template_callback (widget_class, on_forward);
  gtk_widget_class_bind_template_callback (widget_class, on_end);
}

static void
muster_replay_bar_init (MusterReplayBar *self)
{
  self->events_after = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_replay_bar_new (MusterGame *game)
{
  MusterReplayBar *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_REPLAY_BAR, NULL);
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  self->reset_id = g_signal_connect (game, "reset", G_CALLBACK (on_game_changed), self);
  if (!build_table (self, &error))
    report (self, error);
  g_clear_error (&error);
  muster_replay_bar_seek_command (self, 0, &error);
  report (self, error);
  return GTK_WIDGET (self);
}

MuMatch *
muster_replay_bar_get_match (MusterReplayBar *self)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), NULL);
  return self->match;
}

guint
muster_replay_bar_get_commands (MusterReplayBar *self)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), 0);
  return self->at_commands;
}

guint
muster_replay_bar_get_events (MusterReplayBar *self)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), 0);
  return self->at_events;
}

guint
muster_replay_bar_get_n_commands (MusterReplayBar *self)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), 0);
  return n_commands (self);
}

void
muster_replay_bar_set_playing (MusterReplayBar *self,
                               gboolean         playing)
{
  const char *name;

  g_return_if_fail (MUSTER_IS_REPLAY_BAR (self));

  if (playing && self->play_id == 0 && self->at_commands < n_commands (self))
    self->play_id = g_timeout_add (PLAY_INTERVAL_MS, on_play_tick, self);
  else if (!playing)
    g_clear_handle_id (&self->play_id, g_source_remove);
  name = self->play_id ? _("Pause") : _("Play");
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), self->play_id ? "media-playback-pause-symbolic"
                                                                         : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (self->play_button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  update_controls (self);
}

gboolean
muster_replay_bar_get_playing (MusterReplayBar *self)
{
  g_return_val_if_fail (MUSTER_IS_REPLAY_BAR (self), FALSE);
  return self->play_id != 0;
}
