/* muster-match-page.c: the page a match is played on (see muster-match-page.h)
 *
 * Its layout is the template ui/muster-match-page.ui. This file runs its
 * actions, the refusal bar, the pending decision, the replay and the
 * result; who plays (a person's commands and their dice, the hand-over,
 * the computer players) is in muster-match-players.c, the board's
 * selection and clicks in muster-match-board.c.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-present-dialog.h"
#include "muster-settings.h"
#include "muster-match-log.h"
#include "muster-phase-tracker.h"
#include "muster-replay-bar.h"
#include "muster-result-page.h"

G_DEFINE_FINAL_TYPE (MusterMatchPage, muster_match_page, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CLOSED,
  SIGNAL_CLOSE_CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_REPLAYING,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void show_dialog (MusterMatchPage *self, GtkWidget *dialog);

const char *
muster_match_page_side_name (MusterMatchPage *self,
                             const char      *side)
{
  const MuSide *s = side ? mu_scenario_find_side (muster_game_get_scenario (self->game), side) : NULL;

  return s && s->name ? s->name : side;
}

/* Refusals ------------------------------------------------------------------------ */

static void
hide_refusal (MusterMatchPage *self)
{
  g_clear_pointer (&self->refusal.text, g_free);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->refusal.bar), FALSE);
}

static void
on_refused (MusterGame      *game,
            const char      *reason,
            const char      *rule,
            MusterMatchPage *self)
{
  g_free (self->refusal.text);
  self->refusal.text = g_strdup (reason);
  gtk_label_set_text (GTK_LABEL (self->refusal.label), reason);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->refusal.bar), TRUE);
}

void
muster_match_page_show_refusal (MusterMatchPage *self,
                                const char      *text)
{
  on_refused (self->game, text, NULL, self);
}

/* Pending decision ----------------------------------------------------------------- */

static void
update_decision (MusterMatchPage *self)
{
  const MuDecision *d = muster_game_get_pending (self->game);

  muster_decision_card_show (self->decision, d, d ? muster_match_page_side_name (self, d->side) : NULL,
                             muster_game_get_scenario (self->game));
  /* what the rules take instead of a choice (a winner's companies into a
   * village block, TS-CR-11, TS-VIL-1) is among the engine's legal
   * commands; a decision of kind command lists its commands already */
  if (d != NULL && d->kind != MU_ANSWER_COMMAND)
    {
      MuMatch *match = muster_game_get_match (self->game);
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);

      for (guint i = 0; legal != NULL && i < legal->len; i++)
        {
          const MuCommand *c = g_ptr_array_index (legal, i);
          const MuVerbInfo *verb = mu_match_find_verb (match, mu_command_get_verb (c));
          g_autofree char *line = NULL, *label = NULL;

          if (verb == NULL || (verb->flags & (MU_VERB_ANSWER | MU_VERB_END_STEP)))
            continue;
          line = mu_command_to_string (c);
          label = muster_match_board_describe (self, c);
          muster_decision_card_add_command (self->decision, line, label);
        }
    }
}

static void
on_decision_answered (MusterDecisionCard *card,
                      const char         *line,
                      MusterMatchPage    *self)
{
  muster_match_page_play_line (self, line);
}

/* Result -------------------------------------------------------------------------- */

static void
update_result (MusterMatchPage *self)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->inner_stack),
                                    muster_game_is_over (self->game) && self->replay.bar == NULL
                                    ? "result" : "play");
}

/* Replay ------------------------------------------------------------------------------ */

MuMatch *
muster_match_page_shown_match (MusterMatchPage *self)
{
  return self->replay.match ? self->replay.match : muster_game_get_match (self->game);
}

static void
on_replay_position (MusterReplayBar *bar,
                    MuMatch         *match,
                    guint            commands,
                    guint            events,
                    MusterMatchPage *self)
{
  self->replay.match = match;
  muster_scene_show_match (self->scene, match);
}

static void
leave_replay (MusterMatchPage *self)
{
  if (self->replay.bar == NULL)
    return;
  self->replay.match = NULL;
  gtk_box_remove (GTK_BOX (self->replay.slot), self->replay.bar);
  self->replay.bar = NULL;
  gtk_widget_set_visible (self->replay.slot, FALSE);
  muster_match_page_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  update_result (self);
  muster_scene_show_match (self->scene, NULL);
}

/* The match steps command by command on the board; the live match waits. */
static void
on_replay (GtkWidget  *widget,
           const char *action_name,
           GVariant   *param)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);

  leave_replay (self);
  muster_match_page_select (self, NULL);
  g_clear_handle_id (&self->computer.source, g_source_remove);
  self->replay.bar = muster_replay_bar_new (self->game);
  gtk_widget_set_hexpand (self->replay.bar, TRUE);
  gtk_box_prepend (GTK_BOX (self->replay.slot), self->replay.bar);
  gtk_widget_set_visible (self->replay.slot, TRUE);
  self->replay.match = muster_replay_bar_get_match (MUSTER_REPLAY_BAR (self->replay.bar));
  g_signal_connect (self->replay.bar, "position-changed", G_CALLBACK (on_replay_position), self);
  muster_match_page_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  update_result (self);
  muster_scene_show_match (self->scene, self->replay.match);
}

static void
on_leave_replay (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);

  leave_replay (self);
  muster_match_players_schedule (self);
}

gboolean
muster_match_page_get_result_shown (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->inner_stack)), "result") == 0;
}

/* The game changed ------------------------------------------------------------------ */

static void
on_changed (MusterGame      *game,
            MusterMatchPage *self)
{
  hide_refusal (self);
  update_decision (self);
  muster_match_board_refresh (self);
  muster_match_page_update_actions (self);
  update_result (self);
  muster_match_players_check_handover (self);
  muster_match_players_schedule (self);
}

/* Actions --------------------------------------------------------------------------- */

/* The command that ends the current step (newly allocated): in a reaction
 * window the reacting side's part ends with the engine's pass, else the
 * ruleset's verb that ends a step; NULL when the ruleset has none. */
static MuCommand *
end_step_command (MusterMatchPage *self)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  MuMatch *match = muster_game_get_match (self->game);

  if (mu_match_get_reaction (match) != NULL && mu_match_get_pending (match) == NULL)
    return mu_match_parse (match, "pass", NULL);
  for (guint i = 0; i < ruleset->n_verbs; i++)
    if (ruleset->verbs[i].flags & MU_VERB_END_STEP)
      return mu_command_new (ruleset->verbs[i].verb);
  return NULL;
}

/* Whether the engine would end the step now: not while a decision it
 * waits for is pending, say. */
static gboolean
can_end_step (MusterMatchPage *self)
{
  g_autoptr(MuCommand) command = NULL;
  MuCheck check;
  gboolean legal;

  if (muster_game_is_over (self->game) || (command = end_step_command (self)) == NULL)
    return FALSE;
  legal = muster_game_check (self->game, command, &check);
  mu_check_clear (&check);
  return legal;
}

/* While the hand-over screen covers the board nobody may act: the side to
 * act has not taken the computer yet, and the one who has it may not end
 * that side's phases for it. End Phase shows only when it may be pressed. */
void
muster_match_page_update_actions (MusterMatchPage *self)
{
  g_autofree char *why = NULL;
  const char *awaited = muster_game_get_awaited_side (self->game);
  gboolean person = awaited != NULL && muster_match_page_get_player (self, awaited) == MUSTER_PLAYER_PERSON;
  gboolean live = self->replay.bar == NULL;
  gboolean board_taken = self->handover.side == NULL;
  gboolean can_end = person && live && board_taken && can_end_step (self);
  GtkWidget *tracker = gtk_widget_get_first_child (self->sidebar.tracker);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "match.end-phase", can_end);
  if (MUSTER_IS_PHASE_TRACKER (tracker))
    muster_phase_tracker_set_end_shown (MUSTER_PHASE_TRACKER (tracker), can_end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "match.command",
                                 live && board_taken && !muster_game_is_over (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "match.leave-replay", !live);
  /* for the undo button's tooltip (win.undo is the window's) */
  muster_game_can_undo (self->game, &why);
  g_object_set_data_full (G_OBJECT (self), "undo-why", g_steal_pointer (&why), g_free);
  muster_match_orders_update (self);
}

static void
end_phase (MusterMatchPage *self)
{
  g_autoptr(MuCommand) command = end_step_command (self);

  if (command != NULL)
    muster_match_page_play (self, command);
}

static void
on_end_phase_response (GtkDialog       *dialog,
                       int              response,
                       MusterMatchPage *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    end_phase (self);
}

/* End Phase warns first when the engine says something compulsory is left,
 * or something the phase would lose (units left without orders). */
static void
on_end_phase (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);
  GtkWidget *tracker = gtk_widget_get_first_child (self->sidebar.tracker);
  g_autofree char *warning = NULL;
  GtkRoot *root;
  GtkWidget *dialog, *button;

  if (!MUSTER_IS_PHASE_TRACKER (tracker) ||
      !muster_phase_tracker_get_warning (MUSTER_PHASE_TRACKER (tracker), &warning))
    {
      end_phase (self);
      return;
    }
  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE, "%s", _("End the phase now?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", warning ? warning : "");
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_End Phase"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_end_phase_response), self);
  show_dialog (self, dialog);
}

/* A command line the page offers (the selected counter's other legal
 * commands, as the engine lists them). */
static void
on_command (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);

  muster_match_page_play_line (self, g_variant_get_string (param, NULL));
}

static void
on_cancel (GtkWidget  *widget,
           const char *action_name,
           GVariant   *param)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);

  muster_match_page_select (self, NULL);
  hide_refusal (self);
}

/* match.pause, the "paused" property's action: Pause holds the computer
 * players. */
static void
set_paused (MusterMatchPage *self,
            gboolean         paused)
{
  gboolean changed = self->computer.paused != !!paused;

  self->computer.paused = !!paused;
  if (self->computer.paused)
    g_clear_handle_id (&self->computer.source, g_source_remove);
  else
    muster_match_players_schedule (self);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

static void
show_dialog (MusterMatchPage *self,
             GtkWidget       *dialog)
{
  muster_present_dialog (&self->dialog, dialog);
}

void
muster_match_page_finish_close (MusterMatchPage *self)
{
  gboolean then_window = self->closing.then_window;

  self->closing.then_window = FALSE;
  g_clear_handle_id (&self->computer.source, g_source_remove);
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, then_window);
}

/* Closing waited on a save that did not happen: nothing closes, and
 * whoever asked to close (the window opening another match) hears so. */
void
muster_match_page_cancel_close (MusterMatchPage *self)
{
  self->closing.then_window = FALSE;
  g_signal_emit (self, signals[SIGNAL_CLOSE_CANCELLED], 0);
}

static void
on_close (GtkWidget  *widget,
          const char *action_name,
          GVariant   *param)
{
  muster_match_page_close (MUSTER_MATCH_PAGE (widget), FALSE);
}

/* The undo button says why it is unavailable. */
static gboolean
on_undo_query_tooltip (GtkWidget       *widget,
                       int              x,
                       int              y,
                       gboolean         keyboard,
                       GtkTooltip      *tooltip,
                       MusterMatchPage *self)
{
  const char *why = g_object_get_data (G_OBJECT (self), "undo-why");
  g_autofree char *text = why ? g_strdup_printf (_("Undo is not possible: %s"), why)
                              : g_strdup (_("Undo the last command (Ctrl+Z)"));

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Layout --------------------------------------------------------------------------- */

/* The tracker, the log and the result page follow the game: they are made
 * once it is known. */
static void
place_widgets (MusterMatchPage *self)
{
  GtkWidget *log = muster_match_log_new (self->game);

  gtk_box_append (GTK_BOX (self->sidebar.tracker), muster_phase_tracker_new (self->game));
  gtk_widget_set_vexpand (log, TRUE);
  gtk_box_append (GTK_BOX (self->sidebar.log), log);
  {
    GtkWidget *result = muster_result_page_new (self->game);

    gtk_widget_set_vexpand (result, TRUE);
    gtk_widget_set_hexpand (result, TRUE);
    gtk_box_append (GTK_BOX (self->result_box), result);
  }
}

/* Object --------------------------------------------------------------------------- */

static void
muster_match_page_dispose (GObject *object)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (object);

  g_clear_handle_id (&self->computer.source, g_source_remove);
  muster_match_orders_dispose (self);
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  if (self->dice_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dice_dialog));
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->scene != NULL)
    muster_scene_set_game (self->scene, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_MATCH_PAGE);
  G_OBJECT_CLASS (muster_match_page_parent_class)->dispose (object);
}

static void
muster_match_page_finalize (GObject *object)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (object);

  muster_match_board_finalize (self);
  g_clear_object (&self->scene);
  g_clear_object (&self->game);
  g_clear_pointer (&self->computer.rng, mu_dice_free);
  g_clear_pointer (&self->handover.side, g_free);
  g_clear_pointer (&self->handover.seen_side, g_free);
  g_clear_pointer (&self->viewer, g_free);
  g_clear_pointer (&self->handover.restore_selected, g_free);
  g_clear_pointer (&self->refusal.text, g_free);
  G_OBJECT_CLASS (muster_match_page_parent_class)->finalize (object);
}

/* The focus goes where the player acts first: the hand-over screen's
 * button while it covers the board, else the board. */
static gboolean
muster_match_page_grab_focus (GtkWidget *widget)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (widget);

  if (self->handover.side != NULL)
    return gtk_widget_grab_focus (GTK_WIDGET (self->handover.screen));
  return gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
muster_match_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (object);

  switch (prop_id)
    {
    case PROP_REPLAYING:
      g_value_set_boolean (value, self->replay.bar != NULL);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->computer.paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_match_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_match_page_class_init (MusterMatchPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = muster_match_page_grab_focus;

  object_class->dispose = muster_match_page_dispose;
  object_class->finalize = muster_match_page_finalize;
  object_class->get_property = muster_match_page_get_property;
  object_class->set_property = muster_match_page_set_property;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "matchpage");

  g_type_ensure (MUSTER_TYPE_MAP_VIEW);
  g_type_ensure (MUSTER_TYPE_HANDOVER_SCREEN);
  g_type_ensure (MUSTER_TYPE_FACING_CARD);
  g_type_ensure (MUSTER_TYPE_ORDERS_CARDS);
  g_type_ensure (MUSTER_TYPE_DECISION_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-match-page.ui");
#define BIND(id, member) \
  gtk_widget_class_bind_template_child_full (widget_class, id, FALSE, G_STRUCT_OFFSET (MusterMatchPage, member))
  BIND ("root", root);
  BIND ("refusal_bar", refusal.bar);
  BIND ("refusal_label", refusal.label);
  BIND ("inner_stack", inner_stack);
  BIND ("replay_slot", replay.slot);
  BIND ("map_view", map_view);
  BIND ("handover_screen", handover.screen);
  BIND ("sidebar_tracker", sidebar.tracker);
  BIND ("sidebar_pause_button", sidebar.pause_button);
  BIND ("sidebar_hint_label", sidebar.hint_label);
  BIND ("sidebar_listed_actions", sidebar.listed_actions);
  BIND ("sidebar_other_actions", sidebar.other_actions);
  BIND ("facing", facing);
  BIND ("orders_cards", orders.cards);
  BIND ("decision", decision);
  BIND ("sidebar_log", sidebar.log);
  BIND ("sidebar_log_cover", sidebar.log_cover);
  BIND ("result_box", result_box);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, hide_refusal);
  gtk_widget_class_bind_template_callback (widget_class, on_decision_answered);
  gtk_widget_class_bind_template_callback (widget_class, on_undo_query_tooltip);
  gtk_widget_class_bind_template_callback (widget_class, muster_match_page_dismiss_handover);

  signals[SIGNAL_CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_CLOSE_CANCELLED] =
    g_signal_new ("close-cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  properties[PROP_REPLAYING] =
    g_param_spec_boolean ("replaying", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The computer players are held (match.pause). */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "match.end-phase", NULL, on_end_phase);
  gtk_widget_class_install_action (widget_class, "match.close", NULL, on_close);
  gtk_widget_class_install_action (widget_class, "match.cancel", NULL, on_cancel);
  gtk_widget_class_install_action (widget_class, "match.command", "s", on_command);
  gtk_widget_class_install_action (widget_class, "match.replay", NULL, on_replay);
  gtk_widget_class_install_action (widget_class, "match.leave-replay", NULL, on_leave_replay);
  gtk_widget_class_install_property_action (widget_class, "match.pause", "paused");
}

static void
muster_match_page_init (MusterMatchPage *self)
{
  g_autoptr(GSettings) settings = muster_settings_new ();

  self->computer.pace = g_settings_get_uint (settings, "computer-pace");
  self->scene = muster_scene_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  muster_match_facing_init (self);
  muster_map_view_set_scene (self->map_view, self->scene);
  muster_match_board_init (self);
}

GtkWidget *
muster_match_page_new (MusterGame *game)
{
  MusterMatchPage *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_MATCH_PAGE, NULL);
  self->game = g_object_ref (game);
  /* the scene follows the game first: the page reads its lists after */
  muster_scene_set_game (self->scene, game);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect (game, "refused", G_CALLBACK (on_refused), self);
  muster_match_save_init (self);
  place_widgets (self);
  on_changed (game, self);
  return GTK_WIDGET (self);
}

MusterGame *
muster_match_page_get_game (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->game;
}

MusterMapView *
muster_match_page_get_map_view (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->map_view;
}

MusterScene *
muster_match_page_get_scene (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->scene;
}

void
muster_match_page_set_player (MusterMatchPage *self,
                              const char      *side,
                              MusterPlayer     player)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));
  g_return_if_fail (side != NULL);

  muster_game_set_player (self->game, side, player);
  gtk_widget_set_visible (self->sidebar.pause_button, muster_game_has_computer (self->game));
  muster_match_page_update_actions (self);
  muster_match_players_check_handover (self);
  muster_match_players_schedule (self);
}

MusterPlayer
muster_match_page_get_player (MusterMatchPage *self,
                              const char      *side)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), MUSTER_PLAYER_PERSON);
  return muster_game_get_player (self->game, side);
}

void
muster_match_page_set_pace (MusterMatchPage *self,
                            guint            ms)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));
  self->computer.pace = ms;
}

const char *
muster_match_page_get_refusal (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->refusal.text;
}

GtkWidget *
muster_match_page_get_decision_box (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return muster_decision_card_get_answers (self->decision);
}

GtkWidget *
muster_match_page_get_replay_bar (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->replay.bar;
}

GtkWidget *
muster_match_page_get_dialog (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->dialog;
}
