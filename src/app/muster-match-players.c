/* muster-match-players.c: who plays the match page's sides: a person's
 * commands (through the dice-entry dialog when the players roll real dice),
 * the hand-over between two people and the computer players */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>

#include "mu-policy.h"
#include "muster-dice-dialog.h"
#include "muster-match-log.h"

/* Playing a person's command ---------------------------------------------------------- */

static void
set_paused (MusterMatchPage *self,
            gboolean         paused)
{
  g_object_set (self, "paused", paused, NULL);
}

static void
on_dice_finished (MusterDiceDialog *dialog,
                  gboolean          entered,
                  MusterMatchPage  *self)
{
  const MuCommand *command = g_object_get_data (G_OBJECT (dialog), "command");
  gboolean computer = g_object_get_data (G_OBJECT (dialog), "computer") != NULL;

  /* answered: no longer waited on, so that the computer may go on */
  if (self->dice_dialog == GTK_WIDGET (dialog))
    {
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dice_dialog);
      self->dice_dialog = NULL;
    }
  if (entered && command != NULL)
    muster_game_apply (self->game, command, NULL);
  else if (computer)
    {
      /* the computer waits until the players go on (Pause again): it then
       * chooses again and asks for its dice again */
      g_autofree char *text = g_strdup_printf (_("The computer player of %s waits for the dice of its command: press Pause again to go on."),
                                               muster_match_page_side_name (self, muster_game_get_awaited_side (self->game)));

      set_paused (self, TRUE);
      muster_match_page_show_refusal (self, text);
    }
}

/* The players roll the command's dice at the table: the faces first (the
 * dice-entry dialog), then the command. computer_side: the side the
 * computer plays the command for, or NULL for a person's command. */
static void
ask_dice (MusterMatchPage *self,
          const MuCommand *command,
          const char      *computer_side)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = muster_dice_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->game, command);

  g_object_set_data_full (G_OBJECT (dialog), "command", mu_command_copy (command),
                          (GDestroyNotify) mu_command_free);
  if (computer_side != NULL)
    {
      /* Translators: %s is a side, e.g. "Union" */
      g_autofree char *heading = g_strdup_printf (_("The computer plays %s: roll the dice its command needs at the table and enter their faces"),
                                                  muster_match_page_side_name (self, computer_side));

      g_object_set_data (G_OBJECT (dialog), "computer", GINT_TO_POINTER (1));
      muster_dice_dialog_set_heading (MUSTER_DICE_DIALOG (dialog), heading);
    }
  g_signal_connect_object (dialog, "finished", G_CALLBACK (on_dice_finished), self, 0);
  if (self->dice_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dice_dialog));
  self->dice_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dice_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
muster_match_page_play (MusterMatchPage *self,
                        const MuCommand *command)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));
  g_return_if_fail (command != NULL);

  if (!muster_game_get_dice_by_players (self->game) || muster_dice_dialog_count_dice (self->game, command) <= 0)
    {
      muster_game_apply (self->game, command, NULL);
      return;
    }
  ask_dice (self, command, NULL);
}

void
muster_match_page_play_line (MusterMatchPage *self,
                             const char      *line)
{
  g_autoptr(MuCommand) command = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  command = mu_match_parse (muster_game_get_match (self->game), line, &error);
  if (command == NULL)
    {
      /* the game says why, in the bar */
      muster_game_apply_line (self->game, line, NULL);
      return;
    }
  muster_match_page_play (self, command);
}

void
muster_match_page_set_dice_by_players (MusterMatchPage *self,
                                       gboolean         by_players)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));
  muster_game_set_dice_by_players (self->game, by_players);
}

gboolean
muster_match_page_get_dice_by_players (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), FALSE);
  return muster_game_get_dice_by_players (self->game);
}

GtkWidget *
muster_match_page_get_dice_dialog (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->dice_dialog;
}

/* Hand-over --------------------------------------------------------------------- */

static guint
count_people (MusterMatchPage *self)
{
  const MuScenario *s = muster_game_get_scenario (self->game);
  guint n = 0;

  for (guint i = 0; i < s->sides->len; i++)
    if (muster_match_page_get_player (self, ((MuSide *) g_ptr_array_index (s->sides, i))->id) ==
        MUSTER_PLAYER_PERSON)
      n++;
  return n;
}

/* What the other side's fire and melee did since the board last changed
 * hands, with the dice, as the log words it: the player taking the board
 * reads it here (the turn passes straight on after a combat). Only what
 * that side may see; the last lines when there are many. */
#define MAX_HANDOVER_RESULTS 8

static void
fill_handover_results (MusterMatchPage *self,
                       const char      *side)
{
  const GPtrArray *events = mu_match_get_events (muster_game_get_match (self->game));
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = MIN (self->handover.seen_events, events->len); i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);

      /* a side's own dice of the new turn (mn-acw's initiative and
       * activation dice) are no result, and would push the melee's first
       * lines out */
      if (e->kind == MU_EVENT_ROLL && e->subject != NULL &&
          mu_scenario_find_side (muster_game_get_scenario (self->game), e->subject) != NULL)
        continue;
      if ((e->info->category == MU_EVENT_CLASS_COMBAT || e->info->category == MU_EVENT_CLASS_ROLL) &&
          mu_event_visible (e, side))
        g_ptr_array_add (lines, muster_match_log_describe_event (self->game, e));
    }
  if (lines->len > MAX_HANDOVER_RESULTS)
    g_ptr_array_remove_range (lines, 0, lines->len - MAX_HANDOVER_RESULTS);
  muster_handover_screen_set_results (self->handover.screen, lines);
}

const char *
muster_match_page_get_handover_results (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);

  g_object_set_data_full (G_OBJECT (self), "handover-results",
                          muster_handover_screen_dup_results (self->handover.screen), g_free);
  return g_object_get_data (G_OBJECT (self), "handover-results");
}

/* The hand-over screen over the board, and the log covered with it. */
static void
cover_board (MusterMatchPage *self,
             gboolean         covered)
{
  gtk_widget_set_visible (GTK_WIDGET (self->handover.screen), covered);
  gtk_stack_set_visible_child_name (GTK_STACK (self->sidebar.log_cover), covered ? "covered" : "log");
}

static void
show_handover (MusterMatchPage *self,
               const char      *side)
{
  const char *name = muster_match_page_side_name (self, side);
  MuPosition pos;
  g_autofree char *title = NULL;

  /* a reaction window: the side that is not active acts in the other's turn */
  mu_match_get_position (muster_game_get_match (self->game), &pos);
  if (pos.reaction != NULL && pos.side != NULL && g_strcmp0 (side, pos.side) != 0)
    /* Translators: the first %s is the side that may react, the second the active side */
    title = g_strdup_printf (_("%s may react in %s's turn — pass the computer"), name,
                             muster_match_page_side_name (self, pos.side));
  else
    title = g_strdup_printf (_("%s to play — pass the computer"), name);
  g_autofree char *button = g_strdup_printf (_("I Play %s — _Show the Board"), name);

  g_free (self->handover.side);
  self->handover.side = g_strdup (side);
  muster_handover_screen_show_side (self->handover.screen, title, button);
  fill_handover_results (self, side);
  cover_board (self, TRUE);
  muster_match_page_select (self, NULL);
  muster_match_page_update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->handover.screen));
}

void
muster_match_page_dismiss_handover (MusterMatchPage *self)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (self->handover.side == NULL)
    return;
  g_free (self->handover.seen_side);
  self->handover.seen_side = g_steal_pointer (&self->handover.side);
  self->handover.seen_events = mu_match_get_events (muster_game_get_match (self->game))->len;
  cover_board (self, FALSE);
  muster_match_players_update_viewer (self);
  muster_match_page_update_actions (self);
  if (self->handover.restore_selected != NULL)
    {
      g_autofree char *id = g_steal_pointer (&self->handover.restore_selected);
      const MuCounterView *v = muster_match_board_find_view (self, id);

      /* still the side to act's, on the board */
      if (v != NULL && mu_status_has (v->status, MU_STATUS_IN_PLAY) && mu_pos_is_set (&v->pos) &&
          g_strcmp0 (v->side, muster_game_get_awaited_side (self->game)) == 0)
        muster_match_page_select (self, id);
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

const char *
muster_match_page_get_handover_side (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->handover.side;
}

/* When the side that must act is a person other than the one who has the
 * board, and two people share the computer, the board is covered until that
 * person takes it. */
static void
check_handover (MusterMatchPage *self)
{
  const char *awaited = muster_game_get_awaited_side (self->game);

  /* a screen for a side now played by the computer, or for nobody, goes */
  if (self->handover.side != NULL &&
      (count_people (self) < 2 || muster_game_is_over (self->game) ||
       muster_match_page_get_player (self, self->handover.side) != MUSTER_PLAYER_PERSON ||
       g_strcmp0 (self->handover.side, awaited) != 0))
    {
      g_clear_pointer (&self->handover.side, g_free);
      cover_board (self, FALSE);
      muster_match_page_update_actions (self);
    }
  if (awaited == NULL || muster_game_is_over (self->game) ||
      muster_match_page_get_player (self, awaited) != MUSTER_PLAYER_PERSON)
    return;
  if (count_people (self) < 2)
    {
      g_free (self->handover.seen_side);
      self->handover.seen_side = g_strdup (awaited);
      self->handover.seen_events = mu_match_get_events (muster_game_get_match (self->game))->len;
      return;
    }
  if (g_strcmp0 (awaited, self->handover.seen_side) != 0 && g_strcmp0 (awaited, self->handover.side) != 0)
    show_handover (self, awaited);
}

void
muster_match_players_check_handover (MusterMatchPage *self)
{
  check_handover (self);
  muster_match_players_update_viewer (self);
}

gboolean
muster_match_players_has_board (MusterMatchPage *self,
                                const char      *side)
{
  if (side == NULL || muster_match_page_get_player (self, side) != MUSTER_PLAYER_PERSON)
    return FALSE;
  return count_people (self) < 2 ||
         (self->handover.side == NULL && g_strcmp0 (self->handover.seen_side, side) == 0);
}

const char *
muster_match_players_viewer (MusterMatchPage *self)
{
  const MuScenario *s = muster_game_get_scenario (self->game);

  if (muster_game_is_over (self->game))
    return NULL;
  switch (count_people (self))
    {
    case 0:
      return NULL;
    case 1:
      for (guint i = 0; i < s->sides->len; i++)
        {
          const char *side = ((MuSide *) g_ptr_array_index (s->sides, i))->id;

          if (muster_match_page_get_player (self, side) == MUSTER_PLAYER_PERSON)
            return side;
        }
      return NULL;
    default:
      /* before anyone took the board, the side it waits for (covered) */
      return self->handover.seen_side ? self->handover.seen_side : muster_game_get_awaited_side (self->game);
    }
}

void
muster_match_players_update_viewer (MusterMatchPage *self)
{
  const char *viewer = muster_match_players_viewer (self);
  GtkWidget *log = gtk_widget_get_first_child (self->sidebar.log);

  if (g_strcmp0 (viewer, self->viewer) == 0)
    return;
  g_free (self->viewer);
  self->viewer = g_strdup (viewer);
  if (log != NULL && MUSTER_IS_MATCH_LOG (log))
    muster_match_log_set_viewer (MUSTER_MATCH_LOG (log), viewer);
  muster_scene_set_viewer (self->scene, viewer);
}

const char *
muster_match_page_get_viewer (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->viewer;
}

/* Computer players ------------------------------------------------------------------ */

static gboolean
computer_move (gpointer data)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (data);
  MuMatch *match = muster_game_get_match (self->game);
  g_autoptr(GPtrArray) legal = NULL;
  const MuCommand *command;
  g_autoptr(MuCommand) copy = NULL;
  g_autoptr(GError) error = NULL;

  self->computer.source = 0;
  if (self->computer.paused || muster_game_is_over (self->game))
    return G_SOURCE_REMOVE;
  if (self->computer.rng == NULL)
    self->computer.rng = mu_policy_rng_new (mu_match_get_seed (match) + mu_match_get_commands (match)->len);
  legal = mu_match_legal_commands (match);
  command = mu_policy_choose (match, legal, self->computer.rng, MU_POLICY_GREEDY);
  if (command == NULL)
    {
      g_autofree char *text = g_strdup (_("The computer player has no legal command (the match cannot go on)"));

      muster_match_page_show_refusal (self, text);
      return G_SOURCE_REMOVE;
    }
  copy = mu_command_copy (command);
  muster_match_board_show_command (self, copy);
  /* dice rolled at the table are every roll's, the computer's too */
  if (muster_game_get_dice_by_players (self->game) && muster_dice_dialog_count_dice (self->game, copy) > 0)
    {
      ask_dice (self, copy, muster_game_get_awaited_side (self->game));
      return G_SOURCE_REMOVE;
    }
  if (!muster_game_apply (self->game, copy, &error))
    g_warning ("A command the engine listed as legal was refused: %s", error->message);
  return G_SOURCE_REMOVE;
}

void
muster_match_players_schedule (MusterMatchPage *self)
{
  const char *awaited = muster_game_get_awaited_side (self->game);

  if (self->computer.source != 0 || self->computer.paused || self->replay.bar != NULL || self->dice_dialog != NULL ||
      muster_game_is_over (self->game) ||
      awaited == NULL || muster_match_page_get_player (self, awaited) != MUSTER_PLAYER_COMPUTER)
    return;
  self->computer.source = g_timeout_add (self->computer.pace, computer_move, self);
}

