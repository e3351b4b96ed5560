/* muster-match-board.c: the match page's board: the selection, clicks and
 * hovers
 *
 * The scene computes what the board shows (muster-scene-match.c); the page
 * tells it what is selected and grouped, and reads from it where the
 * selected counter may go and whom it may attack (the engine's
 * mu_match_legal_moves and mu_match_legal_targets). What it may do comes
 * from mu_match_legal_actions (the legal commands that name it), a move's
 * cost from the dry run mu_match_check. A click builds the command the
 * engine listed, or asks the engine's check which group verb it takes, and
 * applies it through the MusterGame; a refusal shows in the page's bar.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>

#include "mu-render.h"

/* On the board: what the engine reports as standing on a position. */
static gboolean
view_on_board (const MuCounterView *view)
{
  return mu_status_has (view->status, MU_STATUS_SHOWN) &&
         mu_pos_is_set (&view->pos) && !view->pos.is_point;
}

/* Shown on the board, a hex or a table position (tables: shown, and reached
 * from the keyboard and the sidebar; the pointer's moves are for hexes). */
static gboolean
view_shown (const MuCounterView *view)
{
  return mu_status_has (view->status, MU_STATUS_SHOWN) &&
         mu_pos_is_set (&view->pos);
}

void
muster_match_board_set_hint (MusterMatchPage *self,
          char            *hint)
{
  g_free (self->hint);
  self->hint = hint;
  gtk_label_set_text (GTK_LABEL (self->sidebar.hint_label), hint ? hint : "");
  /* an empty label still takes a line and the sidebar's spacing */
  gtk_widget_set_visible (self->sidebar.hint_label, hint != NULL && *hint != '\0');
}

/* The counter view of `id`, or NULL. */
const MuCounterView *
muster_match_board_find_view (MusterMatchPage *self,
           const char      *id)
{
  GArray *views = mu_match_get_counters_for (muster_match_page_shown_match (self), self->viewer);

  for (guint i = 0; id != NULL && i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->id, id) == 0)
        return v;
    }
  return NULL;
}

static void fill_other_actions (MusterMatchPage *self);

static void
clear_lists (MusterMatchPage *self)
{
  g_clear_pointer (&self->selection.destinations, g_array_unref);
  g_clear_pointer (&self->selection.targets, g_ptr_array_unref);
  g_clear_pointer (&self->selection.commands, g_ptr_array_unref);
  g_clear_pointer (&self->listed, g_ptr_array_unref);
}

/* Whether the ruleset has a verb whose every legal command is listed. */
static gboolean
lists_verbs (const MuRuleset *ruleset)
{
  for (guint i = 0; ruleset != NULL && i < ruleset->n_verbs; i++)
    if (ruleset->verbs[i].flags & MU_VERB_LISTED)
      return TRUE;
  return FALSE;
}

/* The lists for the selected counter: where it may go and the counters it
 * may attack (the scene's), the legal commands that name it. */
static void
read_lists (MusterMatchPage *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  const GArray *moves = muster_scene_get_moves (self->scene);
  const char *const *targets = muster_scene_get_targets (self->scene);

  clear_lists (self);
  if (self->selection.table_moves == NULL)
    self->selection.table_moves = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_array_set_size (self->selection.table_moves, 0);
  self->selection.targets = g_ptr_array_new_with_free_func (g_free);
  if (self->selection.id != NULL && !mu_match_is_over (match))
    {
      /* the scene asked the engine for them when the selection or the
       * match changed */
      self->selection.destinations = g_array_new (FALSE, FALSE, sizeof (MuHex));
      for (guint i = 0; moves != NULL && i < moves->len; i++)
        {
          const MuPos *pos = &g_array_index (moves, MuPos, i);

          if (!pos->is_point)
            g_array_append_val (self->selection.destinations, pos->hex);
          else
            g_array_append_val (self->selection.table_moves, *pos);
        }
      self->selection.commands = mu_match_legal_actions (match, self->selection.id);
      for (guint i = 0; targets != NULL && targets[i] != NULL; i++)
        g_ptr_array_add (self->selection.targets, g_strdup (targets[i]));
    }
  g_ptr_array_add (self->selection.targets, NULL);
  if (!mu_match_is_over (match) && lists_verbs (muster_game_get_ruleset (self->game)))
    {
      const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);

      self->listed = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
      for (guint i = 0; legal != NULL && i < legal->len; i++)
        {
          const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (g_ptr_array_index (legal, i)));

          if (verb != NULL && (verb->flags & MU_VERB_LISTED))
            g_ptr_array_add (self->listed, g_ptr_array_steal_index (legal, i--));
        }
    }
  fill_other_actions (self);
}

char *
muster_match_board_describe (MusterMatchPage *self,
                             const MuCommand *command)
{
  const MuVerbInfo *verb = mu_ruleset_find_verb (muster_game_get_ruleset (self->game),
                                                 mu_command_get_verb (command));

  return mu_match_describe_command (muster_game_get_match (self->game), command,
                                    verb && verb->sentence ? _(verb->sentence) : NULL);
}

/* A button of an attack that moves into contact shows its path (the
 * engine's attack path) while the pointer is on it or it has the focus,
 * as a click on the target does. */
static void
show_attack_path (MusterMatchPage *self,
                  GtkWidget       *button)
{
  const char *line = g_object_get_data (G_OBJECT (button), "muster-command");
  g_autoptr(MuCommand) c = line ? mu_command_parse (muster_game_get_ruleset (self->game), line, NULL) : NULL;

  if (c != NULL)
    muster_match_input_attack_trace (self, c);
}

static void
on_attack_button_enter (GtkEventController *controller,
                        double              x,
                        double              y,
                        MusterMatchPage    *self)
{
  show_attack_path (self, gtk_event_controller_get_widget (controller));
}

static void
on_attack_button_focus (GtkEventController *controller,
                        MusterMatchPage    *self)
{
  show_attack_path (self, gtk_event_controller_get_widget (controller));
}

#define MAX_LISTED_ACTIONS 60

/* A button that plays c: the engine's sentence with names ("Assign Bee's
 * Brigade to Johnston"), also its accessible name; the command itself in
 * the tooltip. */
static GtkWidget *
command_button (MusterMatchPage  *self,
                const MuCommand  *c,
                const MuVerbInfo *verb)
{
  g_autofree char *line = mu_command_to_string (c);
  g_autofree char *label = muster_match_board_describe (self, c);
  GtkWidget *button = gtk_button_new_with_label (label);

  /* an attack that moves (a charge named by its contact pose) and has
   * no move flag shows its path too; without one nothing is drawn */
  if (verb->flags & MU_VERB_ATTACK)
    {
      GtkEventController *motion = gtk_event_controller_motion_new ();
      GtkEventController *focus = gtk_event_controller_focus_new ();

      g_object_set_data_full (G_OBJECT (button), "muster-command", g_strdup (line), g_free);
      g_signal_connect (motion, "enter", G_CALLBACK (on_attack_button_enter), self);
      g_signal_connect (focus, "enter", G_CALLBACK (on_attack_button_focus), self);
      gtk_widget_add_controller (button, motion);
      gtk_widget_add_controller (button, focus);
    }
  /* a long sentence (a group fire of many units) wraps, so that it does
   * not widen the sidebar and shrink the board */
  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text (button, line);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", line);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "match.command");
  return button;
}

/* Fills box with a button for each command of commands whose verb is
 * listed (or, with listed FALSE, is not), up to MAX_LISTED_ACTIONS; shows
 * its scrolled window when there is one. */
static void
fill_buttons (MusterMatchPage *self,
              GtkWidget       *box,
              GPtrArray       *commands,
              gboolean         listed)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
  for (guint i = 0; commands != NULL && i < commands->len && n < MAX_LISTED_ACTIONS; i++)
    {
      const MuCommand *c = g_ptr_array_index (commands, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));

      if (verb == NULL || (verb->flags & MU_VERB_END_STEP) || !(verb->flags & MU_VERB_LISTED) != !listed)
        continue;
      gtk_flow_box_append (GTK_FLOW_BOX (box), command_button (self, c, verb));
      n++;
    }
  gtk_widget_set_visible (gtk_widget_get_ancestor (box, GTK_TYPE_SCROLLED_WINDOW), n > 0);
}

/* Every legal command of the selected counter, one button each, so that the
 * keyboard reaches what the board offers to the pointer; above them every
 * command of a listed verb (the melee pairs to fight), whatever is
 * selected, which the step's list already shows. */
static void
fill_other_actions (MusterMatchPage *self)
{
  fill_buttons (self, self->sidebar.listed_actions, self->listed, TRUE);
  fill_buttons (self, self->sidebar.other_actions, self->selection.commands, FALSE);
  muster_match_facing_update (self);
}

const char *
muster_match_board_counter_name (MusterMatchPage *self,
                                 const char      *id)
{
  const MuCounter *c = id ? mu_scenario_find_counter (muster_game_get_scenario (self->game), id) : NULL;

  return c && c->name && *c->name ? c->name : id;
}

/* Pixels from the board's edge inside which a counter counts as in sight. */
#define REVEAL_MARGIN 48.0

/* Pans the board so that pos is in sight (to the middle when it was not). */
static void
reveal (MusterMatchPage *self,
        const MuPos     *pos)
{
  GtkWidget *view = GTK_WIDGET (self->map_view);
  double w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  MusterViewTransform t;
  MuPoint b;
  double x, y;

  if (!mu_pos_is_set (pos) || w <= 0 || h <= 0)
    return;
  muster_map_view_get_transform (self->map_view, &t);
  muster_map_view_pos_to_board (self->map_view, pos, &b);
  muster_view_to_widget (&t, b.x, b.y, &x, &y);
  if (x < REVEAL_MARGIN || y < REVEAL_MARGIN || x > w - REVEAL_MARGIN || y > h - REVEAL_MARGIN)
    muster_map_view_pan (self->map_view, w / 2 - x, h / 2 - y);
}

/* N and Shift+N: the next or previous counter of the side to act, brought
 * into sight. */
static void
select_next (MusterMatchPage *self,
             int              step)
{
  GArray *views = mu_match_get_counters (muster_game_get_match (self->game));
  const char *side = muster_game_get_awaited_side (self->game);
  int n = (int) views->len, at = -1;

  if (side == NULL || n == 0)
    return;
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (g_array_index (views, MuCounterView, i).id, self->selection.id) == 0)
      at = i;
  if (at < 0)
    at = step > 0 ? -1 : n;
  for (int k = 1; k <= n; k++)
    {
      int i = ((at + step * k) % n + n) % n;
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->side, side) == 0 && view_shown (v))
        {
          MuPos pos = v->pos;

          muster_match_page_select (self, v->id);
          reveal (self, &pos);
          return;
        }
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MusterMatchPage       *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab || keyval == GDK_KEY_ISO_Left_Tab)
    return muster_match_input_tab (self, (state & GDK_SHIFT_MASK) || keyval == GDK_KEY_ISO_Left_Tab ? -1 : 1);
  if (keyval == GDK_KEY_n || keyval == GDK_KEY_N)
    {
      if (self->handover.side == NULL)
        select_next (self, (state & GDK_SHIFT_MASK) || keyval == GDK_KEY_N ? -1 : 1);
      return TRUE;
    }
  return FALSE;
}

void
muster_match_page_select (MusterMatchPage *self,
                          const char      *counter)
{
  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  g_free (self->selection.id);
  self->selection.id = g_strdup (counter);
  g_clear_pointer (&self->selection.armed, g_free);
  self->pointer.hover = MU_HEX_NONE;   /* the hint is the new selection's */
  self->pointer.hover_pos = (MuPos) { 0 };
  g_clear_pointer (&self->sight_text, g_free);
  muster_scene_set_trace (self->scene, NULL);
  g_ptr_array_set_size (self->selection.group, 0);
  if (counter != NULL)
    g_ptr_array_add (self->selection.group, g_strdup (counter));
  g_ptr_array_add (self->selection.group, NULL);
  /* the scene computes the selection's marks, its command radius and arc */
  muster_scene_select_counter (self->scene, counter);
  muster_scene_set_group (self->scene, NULL);
  read_lists (self);
  if (counter != NULL)
    {
      const MuCounterView *v = muster_match_board_find_view (self, counter);
      const char *name = v && v->counter->name ? v->counter->name : counter;
      guint n_targets = self->selection.targets->len - 1;
      guint n_moves = self->selection.destinations ? self->selection.destinations->len : 0;
      guint n_table = self->selection.table_moves ? self->selection.table_moves->len : 0;
      guint n_actions = self->selection.commands ? self->selection.commands->len : 0;

      if (n_moves == 0 && n_table == 0 && n_targets == 0 && n_actions == 0)
        muster_match_board_set_hint (self, g_strdup_printf (_("%s: nothing to do now"), name));
      else if (n_table > 0 && n_targets > 0)
        /* Translators: a counter's name and how many counters it may attack */
        muster_match_board_set_hint (self, g_strdup_printf (_("%s: may move (drag it), %u to attack"),
                                                            name, n_targets));
      else if (n_table > 0)
        /* Translators: a counter's name */
        muster_match_board_set_hint (self, g_strdup_printf (_("%s: may move (drag it)"), name));
      else if (muster_game_get_scenario (self->game)->board != MU_BOARD_HEX && n_targets > 0)
        /* Translators: a counter's name and how many counters it may attack */
        muster_match_board_set_hint (self, g_strdup_printf (_("%s: %u to attack"), name, n_targets));
      else if (muster_game_get_scenario (self->game)->board != MU_BOARD_HEX)
        /* nothing to attack and no move to drag: what it may do is the
         * buttons below the hint (a reorder, a formation change) */
        /* Translators: a counter's name and how many commands its buttons below offer */
        muster_match_board_set_hint (self, g_strdup_printf (ngettext ("%s: %u command below",
                                                                      "%s: %u commands below", n_actions),
                                                            name, n_actions));
      else
        /* Translators: a counter's name, how many hexes it may reach, how many counters it may attack */
        muster_match_board_set_hint (self, g_strdup_printf (_("%s: %u hexes to move to, %u to attack"),
                                         name, n_moves, n_targets));
    }
  else
    muster_match_board_set_hint (self, NULL);
  if (counter != NULL && self->hint != NULL && muster_scene_get_range_label (self->scene) != NULL)
    muster_match_board_set_hint (self, g_strdup_printf ("%s\n%s", self->hint,
                                                        muster_scene_get_range_label (self->scene)));
  if (counter != NULL && self->hint != NULL && muster_scene_get_arc_label (self->scene) != NULL)
    muster_match_board_set_hint (self, g_strdup_printf ("%s\n%s", self->hint,
                                                        muster_scene_get_arc_label (self->scene)));
}

const char *
muster_match_page_get_selected (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->selection.id;
}

const char *const *
muster_match_page_get_group (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return (const char *const *) self->selection.group->pdata;
}

const GArray *
muster_match_page_get_destinations (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->selection.destinations;
}

const char *const *
muster_match_page_get_targets (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->selection.targets ? (const char *const *) self->selection.targets->pdata : NULL;
}

const char *
muster_match_page_get_hint (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->hint;
}

void
muster_match_board_refresh (MusterMatchPage *self)
{
  const MuCounterView *v = muster_match_board_find_view (self, self->selection.id);

  /* a counter that left the board is no longer selected */
  if (self->selection.id != NULL && (v == NULL || !view_shown (v)))
    {
      muster_match_page_select (self, NULL);
      return;
    }
  /* the selection stays; its lists and hint are the engine's new ones */
  if (self->selection.id != NULL)
    {
      g_autofree char *id = g_strdup (self->selection.id);

      muster_match_page_select (self, id);
      return;
    }
  read_lists (self);
}

void
muster_match_board_show_command (MusterMatchPage *self,
                                 const MuCommand *command)
{
  muster_scene_mark_command (self->scene, command);
}

gboolean
muster_match_board_is_destination (MusterMatchPage *self,
                MuHex            hex)
{
  for (guint i = 0; self->selection.destinations != NULL && i < self->selection.destinations->len; i++)
    if (mu_hex_equal (g_array_index (self->selection.destinations, MuHex, i), hex))
      return TRUE;
  return FALSE;
}

/* The legal move of the selected counter that ends in `hex`, as the engine
 * listed it (one path per destination). */
const MuCommand *
muster_match_board_move_to (MusterMatchPage *self,
         MuHex            hex)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);

  for (guint i = 0; self->selection.commands != NULL && i < self->selection.commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (self->selection.commands, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));
      guint n = mu_command_n_args (c);
      const MuArg *last = n ? mu_command_arg (c, n - 1) : NULL;

      if (verb != NULL && (verb->flags & MU_VERB_MOVE) && last != NULL &&
          last->kind == MU_ARG_POS && !last->pos.is_point && mu_hex_equal (last->pos.hex, hex))
        return c;
    }
  return NULL;
}

/* The selected counter's listed attack on `target`. */
const MuCommand *
muster_match_board_attack_on (MusterMatchPage *self,
           const char      *target)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);

  for (guint i = 0; self->selection.commands != NULL && i < self->selection.commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (self->selection.commands, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));

      if (verb == NULL || !(verb->flags & MU_VERB_ATTACK) || g_strcmp0 (mu_command_word (c, 0), self->selection.id) != 0)
        continue;
      for (guint k = 1; k < mu_command_n_args (c); k++)
        if (g_strcmp0 (mu_command_word (c, k), target) == 0)
          return c;
    }
  return NULL;
}

/* A group attack: the ruleset's attack verbs of the shape "TARGET UNIT..."
 * (baa-hex: fire-group, melee-group), each checked by the engine; the first
 * it accepts is applied, else the first is, so that its refusal shows. */
static void
group_attack (MusterMatchPage *self,
              const char      *target)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  for (guint i = 0; i < ruleset->n_verbs; i++)
    {
      const MuVerbInfo *verb = &ruleset->verbs[i];
      MuCommand *c;

      if (!(verb->flags & MU_VERB_ATTACK) || g_strcmp0 (verb->syntax, "TARGET UNIT...") != 0)
        continue;
      c = mu_command_new (verb->verb);
      mu_command_add_word (c, target);
      for (guint k = 0; k + 1 < self->selection.group->len; k++)
        mu_command_add_word (c, g_ptr_array_index (self->selection.group, k));
      g_ptr_array_add (candidates, c);
    }
  if (candidates->len == 0)
    return;
  for (guint i = 0; i < candidates->len; i++)
    {
      MuCheck check = { 0 };
      gboolean legal = muster_game_check (self->game, g_ptr_array_index (candidates, i), &check);

      mu_check_clear (&check);
      if (legal)
        {
          muster_match_page_play (self, g_ptr_array_index (candidates, i));
          return;
        }
    }
  muster_match_page_play (self, g_ptr_array_index (candidates, 0));
}

/* The topmost counter the engine reports at hex (its view), or NULL. */
static const MuCounterView *
counter_at (MusterMatchPage *self,
            MuHex            hex)
{
  GArray *views = mu_match_get_counters (muster_game_get_match (self->game));
  const MuCounterView *found = NULL;

  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (view_on_board (v) && mu_hex_equal (v->pos.hex, hex))
        {
          /* a unit rather than its commander; the last drawn otherwise */
          if (found == NULL || v->counter->kind == MU_COUNTER_UNIT)
            found = v;
        }
    }
  return found;
}

/* A target at hex: the first counter there the selected one may attack. */
const char *
muster_match_board_target_at (MusterMatchPage *self,
           MuHex            hex)
{
  for (guint i = 0; self->selection.targets != NULL && i + 1 < self->selection.targets->len; i++)
    {
      const MuCounterView *v = muster_match_board_find_view (self, g_ptr_array_index (self->selection.targets, i));

      if (v != NULL && view_on_board (v) && mu_hex_equal (v->pos.hex, hex))
        return v->id;
    }
  return NULL;
}

static gboolean
answer_position (MusterMatchPage *self,
                 MuHex            hex)
{
  const MuDecision *pending = muster_game_get_pending (self->game);
  MuPos pos = mu_pos_from_hex (hex);
  char label[64];

  if (pending == NULL || pending->answers == NULL ||
      pending->kind == MU_ANSWER_SUBSET || pending->kind == MU_ANSWER_NUMBER)
    return FALSE;
  mu_pos_format (&pos, label, sizeof label);
  for (guint i = 0; pending->answers[i] != NULL; i++)
    if (g_strcmp0 (pending->answers[i], label) == 0)
      {
        g_autofree char *line = g_strdup_printf ("choose %s", label);

        muster_match_page_play_line (self, line);
        return TRUE;
      }
  return FALSE;
}

void
muster_match_page_click_hex (MusterMatchPage *self,
                             MuHex            hex,
                             gboolean         add)
{
  const MuCounterView *there;
  const char *target;
  const MuCommand *move;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (self->handover.side != NULL || self->replay.bar != NULL || muster_game_is_over (self->game))
    return;
  if (answer_position (self, hex))
    return;
  there = counter_at (self, hex);
  if (self->selection.id != NULL)
    {
      const MuCounterView *me = muster_match_board_find_view (self, self->selection.id);

      if ((target = muster_match_board_target_at (self, hex)) != NULL)
        {
          if (self->selection.group->len > 2)
            group_attack (self, target);
          else if ((move = muster_match_board_attack_on (self, target)) != NULL)
            muster_match_page_play (self, move);
          return;
        }
      if (add && there != NULL && me != NULL && g_strcmp0 (there->side, me->side) == 0 &&
          g_strcmp0 (there->id, self->selection.id) != 0)
        {
          /* Shift-click: a friend joins (or leaves) the firing group */
          guint n = self->selection.group->len - 1;

          for (guint i = 1; i < n; i++)
            if (g_strcmp0 (g_ptr_array_index (self->selection.group, i), there->id) == 0)
              {
                g_ptr_array_remove_index (self->selection.group, i);
                muster_scene_set_group (self->scene, (const char *const *) self->selection.group->pdata + 1);
                return;
              }
          g_ptr_array_insert (self->selection.group, n, g_strdup (there->id));
          muster_match_board_set_hint (self, g_strdup_printf (ngettext ("%u counters grouped to fire together",
                                                     "%u counters grouped to fire together", n + 1), n + 1));
          muster_scene_set_group (self->scene, (const char *const *) self->selection.group->pdata + 1);
          return;
        }
      if (muster_match_board_is_destination (self, hex) && (move = muster_match_board_move_to (self, hex)) != NULL)
        {
          muster_match_page_play (self, move);
          return;
        }
    }
  muster_match_page_select (self, there ? there->id : NULL);
}

/* What an attack would roll, from the engine's dry run: "fire at longstreet:
 * 2 dice, 5 or more (BAA-FIRE-5)". */
static void
hint_attack (MusterMatchPage *self,
             const char      *target)
{
  const MuCommand *attack = self->selection.group->len > 2 ? NULL : muster_match_board_attack_on (self, target);
  MuCheck check = { 0 };
  const MuEvent *roll;
  g_autofree char *need = NULL;

  if (attack == NULL)
    {
      muster_match_board_set_hint (self, g_strdup_printf (_("Attack %s with the group"), target));
      return;
    }
  muster_game_check (self->game, attack, &check);
  roll = check.rolls && check.rolls->len ? g_ptr_array_index (check.rolls, 0) : NULL;
  if (!check.legal)
    muster_match_board_set_hint (self, g_strdup_printf ("%s %s: %s", mu_command_get_verb (attack), target,
                                     check.reason ? check.reason : ""));
  else if (roll == NULL)
    muster_match_board_set_hint (self, g_strdup_printf ("%s %s", mu_command_get_verb (attack), target));
  else
    {
      int dice = 0;

      /* the dice of the attack's first purpose, one die a roll or a pool */
      for (guint i = 0; i < check.rolls->len; i++)
        {
          const MuEvent *r = g_ptr_array_index (check.rolls, i);

          if (g_strcmp0 (r->text, roll->text) == 0 && g_strcmp0 (r->subject, roll->subject) == 0)
            dice += MAX (r->count, 1);
        }
      if (roll->compare == MU_ROLL_AT_LEAST)
        /* Translators: the number a die must reach, e.g. "5 or more" */
        need = g_strdup_printf (_("%d or more"), roll->target - roll->modifier);
      else if (roll->compare == MU_ROLL_AT_MOST)
        need = g_strdup_printf (_("%d or less"), roll->target - roll->modifier);
      /* Translators: verb, target, number of dice, what they need, the rule */
      muster_match_board_set_hint (self, g_strdup_printf (ngettext ("%s %s: %d die, %s (%s)", "%s %s: %d dice, %s (%s)",
                                                 dice),
                                       mu_command_get_verb (attack), target, dice,
                                       need ? need : "", roll->rule ? roll->rule : ""));
    }
  mu_check_clear (&check);
}

void
muster_match_page_hover_hex (MusterMatchPage *self,
                             MuHex            hex)
{
  const MuCommand *move;
  MuCheck check = { 0 };
  char label[64];
  MuPos pos = mu_pos_from_hex (hex);
  g_autofree char *cost = NULL;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (mu_hex_equal (hex, self->pointer.hover))
    return;
  self->pointer.hover = hex;
  if (self->selection.id == NULL || !muster_match_board_is_destination (self, hex) ||
      (move = muster_match_board_move_to (self, hex)) == NULL)
    {
      /* anywhere else: the line of sight to it, and an attack's dice */
      muster_match_input_trace (self, &pos, NULL, NULL);
      if (self->selection.id != NULL && muster_match_board_target_at (self, hex) != NULL)
        hint_attack (self, muster_match_board_target_at (self, hex));
      else if (self->sight_text != NULL)
        muster_match_board_set_hint (self, g_strdup (self->sight_text));
      return;
    }
  mu_pos_format (&pos, label, sizeof label);
  /* the engine's dry run says what the move costs */
  muster_game_check (self->game, move, &check);
  cost = muster_match_board_cost_text (&check);
  muster_match_input_trace (self, &pos, move, cost);
  if (!check.legal)
    muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s: %s"), label, check.reason ? check.reason : ""));
  else if (cost != NULL)
    /* Translators: a hex and what the move there costs ("cost 2 of 4") */
    muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s: %s"), label, cost));
  else
    muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s"), label));
  mu_check_clear (&check);
}

char *
muster_match_board_cost_text (const MuCheck *check)
{
  if (!check->legal || check->cost < 0)
    return NULL;
  if (check->allowance >= 0 && check->unit)
    {
      g_autofree char *used = mu_check_format_amount (check, check->cost);
      g_autofree char *allowed = mu_check_format_amount (check, check->allowance);

      /* Translators: table distance a move uses, the unit's allowance, the
       * table's unit ("cost 7.90 of 8.00 in") */
      return g_strdup_printf (_("cost %s of %s %s"), used, allowed, check->unit);
    }
  if (check->allowance >= 0)
    /* Translators: movement points a move uses and the unit's allowance */
    return g_strdup_printf (_("cost %d of %d"), (int) check->cost, (int) check->allowance);
  return g_strdup_printf (_("cost %d"), (int) check->cost);
}

/* Input --------------------------------------------------------------------------- */

void
muster_match_board_init (MusterMatchPage *self)
{
  GtkEventController *keys;

  self->selection.group = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->selection.group, NULL);
  self->pointer.hover = MU_HEX_NONE;

  /* clicks, hovers and drags come through the match's tool on the view
   * (muster-match-input.c) */
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), keys);
  muster_match_input_init (self);
}

void
muster_match_board_finalize (MusterMatchPage *self)
{
  clear_lists (self);
  g_clear_pointer (&self->selection.group, g_ptr_array_unref);
  g_clear_pointer (&self->selection.id, g_free);
  g_clear_pointer (&self->hint, g_free);
  g_clear_pointer (&self->pointer.drag_select, g_free);
  g_clear_pointer (&self->sight_text, g_free);
  g_clear_pointer (&self->selection.armed, g_free);
  g_clear_pointer (&self->selection.table_moves, g_array_unref);
}
