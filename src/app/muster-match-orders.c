/* muster-match-orders.c: the match page's secret orders, reactions and
 * missing-table questions
 *
 * - Secret orders (TAB-19, QRS-ORD-1): while the engine lists commands of
 *   a hidden verb, one row a counter with a drop-down of that counter's
 *   legal lines, the one given in this step shown as chosen. The rows are
 *   built from the legal commands only: the page knows no order words.
 * - A reaction window (QRS-AMB-41's hold fire): the side that may react,
 *   what it may react to, a button for each reaction the engine lists and
 *   Pass.
 * - A value the rules data lacks (QRS-AMB-28): a dialog quoting the table
 *   and key and where in the full rules to look, whose answer is the
 *   engine's `choose` command, so it is saved and replayed with the match.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* Secret orders ------------------------------------------------------------------- */

/* The line given to counter by a command of verb since the step's last
 * end (the side's earlier order of this step), or NULL. */
static char *
given_in_step (MusterMatchPage *self,
               const char      *verb,
               const char      *counter)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  const GPtrArray *commands = mu_match_get_commands (muster_game_get_match (self->game));

  for (guint i = commands->len; i > 0; i--)
    {
      const MuCommand *c = g_ptr_array_index (commands, i - 1);
      const MuVerbInfo *info = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));

      if (info != NULL && (info->flags & MU_VERB_END_STEP))
        break;
      if (g_str_equal (mu_command_get_verb (c), verb) && mu_command_n_args (c) > 0 &&
          g_strcmp0 (mu_command_word (c, 0), counter) == 0)
        return mu_command_to_string (c);
    }
  return NULL;
}

static gboolean
play_pending_order (gpointer data)
{
  MusterMatchPage *self = MUSTER_MATCH_PAGE (data);
  g_autofree char *line = g_steal_pointer (&self->orders.pending_order);

  self->orders.idle = 0;
  if (line != NULL)
    muster_match_page_play_line (self, line);
  return G_SOURCE_REMOVE;
}

static void
on_order_selected (GtkDropDown     *dropdown,
                   GParamSpec      *pspec,
                   MusterMatchPage *self)
{
  const char *const *lines = g_object_get_data (G_OBJECT (dropdown), "lines");
  guint offset = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "offset"));
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (g_object_get_data (G_OBJECT (dropdown), "filling") != NULL || selected < offset ||
      selected == GTK_INVALID_LIST_POSITION || lines[selected - offset] == NULL)
    return;
  /* played from an idle: the game's change rebuilds the rows, this
   * drop-down with them */
  g_free (self->orders.pending_order);
  self->orders.pending_order = g_strdup (lines[selected - offset]);
  if (self->orders.idle == 0)
    self->orders.idle = g_idle_add (play_pending_order, self);
}

/* A row: the counter's name and its drop-down of legal lines. */
static GtkWidget *
order_row (MusterMatchPage *self,
           const char      *counter,
           GPtrArray       *commands)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  const char *name = muster_match_board_counter_name (self, counter);
  GtkWidget *label = gtk_label_new (name);
  g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
  GStrv lines = g_new0 (char *, commands->len + 1);
  g_autofree char *given = given_in_step (self, mu_command_get_verb (g_ptr_array_index (commands, 0)),
                                          counter);
  g_autofree char *accessible = g_strdup_printf (_("Order of %s"), name);
  guint offset = given == NULL ? 1 : 0, chosen = 0;
  GtkWidget *dropdown;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  if (given == NULL)
    gtk_string_list_append (items, _("No order yet"));
  for (guint i = 0; i < commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (commands, i);
      g_autofree char *text = muster_match_board_describe (self, c);
      /* the sentence after the counter's name ("Order 5th Maine: H"):
       * the row names the counter already */
      const char *colon = strstr (text, ": ");

      lines[i] = mu_command_to_string (c);
      gtk_string_list_append (items, colon ? colon + 2 : text);
      if (given != NULL && g_str_equal (given, lines[i]))
        chosen = i;
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL);
  g_object_set_data_full (G_OBJECT (dropdown), "lines", lines, (GDestroyNotify) g_strfreev);
  g_object_set_data (G_OBJECT (dropdown), "offset", GUINT_TO_POINTER (offset));
  g_object_set_data_full (G_OBJECT (dropdown), "counter", g_strdup (counter), g_free);
  g_object_set_data (G_OBJECT (dropdown), "filling", GINT_TO_POINTER (1));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), given ? chosen : 0);
  g_object_set_data (G_OBJECT (dropdown), "filling", NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_order_selected), self);
  gtk_box_append (GTK_BOX (row), dropdown);
  return row;
}

/* The person acting now, on the board they have taken, in the live match. */
static gboolean
person_acts (MusterMatchPage *self,
             const char      *side)
{
  return self->replay.bar == NULL && !muster_game_is_over (self->game) &&
         muster_match_players_has_board (self, side);
}

static void
update_orders (MusterMatchPage *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GPtrArray) counters = g_ptr_array_new ();
  g_autoptr(GHashTable) by_counter = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                            (GDestroyNotify) g_ptr_array_unref);
  GtkBox *rows = muster_orders_cards_get_orders (self->orders.cards);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (rows))) != NULL)
    gtk_box_remove (rows, child);
  muster_orders_cards_show_orders (self->orders.cards, FALSE);
  if (!person_acts (self, muster_game_get_awaited_side (self->game)) || mu_match_get_pending (match) != NULL)
    return;
  legal = mu_match_legal_commands (match);
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));
      const char *counter = mu_command_n_args (c) > 0 ? mu_command_word (c, 0) : NULL;
      GPtrArray *list;

      if (verb == NULL || !(verb->flags & MU_VERB_HIDDEN) || counter == NULL)
        continue;
      if ((list = g_hash_table_lookup (by_counter, counter)) == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (by_counter, (gpointer) counter, list);
          g_ptr_array_add (counters, (gpointer) counter);
        }
      g_ptr_array_add (list, (gpointer) c);
    }
  for (guint i = 0; i < counters->len; i++)
    gtk_box_append (rows,
                    order_row (self, g_ptr_array_index (counters, i),
                               g_hash_table_lookup (by_counter, g_ptr_array_index (counters, i))));
  muster_orders_cards_show_orders (self->orders.cards, counters->len > 0);
}

/* Reactions ------------------------------------------------------------------------ */

static void
update_reaction (MusterMatchPage *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  const MuReactionWindow *window = mu_match_get_reaction (match);
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(MuCommand) trigger = NULL;
  g_autofree char *what = NULL;
  g_autofree char *text = NULL;
  GtkBox *answers = muster_orders_cards_get_reactions (self->orders.cards);
  GtkWidget *child, *pass;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (answers))) != NULL)
    gtk_box_remove (answers, child);
  muster_orders_cards_show_reaction (self->orders.cards, NULL);
  if (window == NULL || mu_match_get_pending (match) != NULL || !person_acts (self, window->side))
    return;
  trigger = window->trigger ? mu_match_parse (match, window->trigger, NULL) : NULL;
  if (trigger != NULL && mu_command_n_args (trigger) > 0)
    what = muster_match_board_describe (self, trigger);
  else
    {
      /* a command that names nothing ("launch", the end of a step) says
       * nothing of what is reacted to: the step the engine stands at
       * does ("Reactions at 6\"") */
      const MuTurnStructure *turns = muster_game_get_ruleset (self->game)->turns;
      const MuStepInfo *step;
      MuPosition pos;

      mu_match_get_position (match, &pos);
      step = turns && pos.path ? mu_turn_structure_find_step (turns, pos.path) : NULL;
      what = g_strdup (step ? _(step->name) : window->id);
    }
  if (trigger != NULL && mu_command_n_args (trigger) > 0)
    /* Translators: the side that may react, then what the other side just did
     * ("Union may react to “5th Alabama fires at 1st Massachusetts”") */
    text = g_strdup_printf (_("%s may react to “%s”"), muster_match_page_side_name (self, window->side), what);
  else
    /* Translators: the side that may react, then the step of the turn
     * ("Union may react now: Reactions at 12\"") */
    text = g_strdup_printf (_("%s may react now: %s"), muster_match_page_side_name (self, window->side), what);
  if (window->rule != NULL)
    {
      char *with_rule = g_strdup_printf ("%s (%s)", text, window->rule);

      g_free (text);
      text = with_rule;
    }
  legal = mu_match_legal_commands (match);
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      g_autofree char *line = NULL;
      g_autofree char *label = NULL;
      GtkWidget *button;

      const MuVerbInfo *verb = mu_ruleset_find_verb (muster_game_get_ruleset (self->game),
                                                     mu_command_get_verb (c));

      /* Pass below ends the window, as the end of a step would */
      if (g_str_equal (mu_command_get_verb (c), "pass") || (verb != NULL && (verb->flags & MU_VERB_END_STEP)))
        continue;
      line = mu_command_to_string (c);
      label = muster_match_board_describe (self, c);
      button = gtk_button_new_with_label (label);
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_tooltip_text (button, line);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", line);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "match.command");
      gtk_box_append (answers, button);
    }
  /* match.end-phase passes in a reaction window */
  pass = gtk_button_new_with_mnemonic (_("_Pass"));
  gtk_widget_set_tooltip_text (pass, _("Let the other side's command stand without reacting"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (pass), "match.end-phase");
  gtk_box_append (answers, pass);
  muster_orders_cards_show_reaction (self->orders.cards, text);
}

/* A missing table's value ---------------------------------------------------------- */

static void
on_table_response (GtkDialog       *dialog,
                   int              response,
                   MusterMatchPage *self)
{
  g_autofree char *line = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      GtkWidget *spin = g_object_get_data (G_OBJECT (dialog), "spin");
      GtkWidget *dropdown = g_object_get_data (G_OBJECT (dialog), "dropdown");

      if (spin != NULL)
        line = g_strdup_printf ("choose %d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)));
      else
        {
          GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

          line = g_strdup_printf ("choose %s", gtk_string_object_get_string (item));
        }
    }
  /* Later: the sidebar's decision still takes the answer */
  if (self->orders.table_dialog == GTK_WIDGET (dialog))
    g_clear_weak_pointer (&self->orders.table_dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (line != NULL)
    muster_match_page_play_line (self, line);
}

/* The dialog is destroyed with its parent window: held weakly, it is not
 * destroyed a second time when the page goes after the window. */
static void
close_table_dialog (MusterMatchPage *self)
{
  GtkWidget *dialog = self->orders.table_dialog;

  if (dialog == NULL)
    return;
  g_clear_weak_pointer (&self->orders.table_dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
update_table_dialog (MusterMatchPage *self)
{
  const MuDecision *d = muster_game_get_pending (self->game);
  g_autofree char *key = NULL;
  g_autofree char *where = NULL;
  GtkWidget *dialog, *area, *input, *label;
  GtkRoot *root;

  if (d == NULL || d->table == NULL || !person_acts (self, d->side))
    {
      close_table_dialog (self);
      g_clear_pointer (&self->orders.table_asked, g_free);
      return;
    }
  key = g_strdup_printf ("%s\n%s\n%s", d->side, d->table, d->key);
  /* asked once: after Later the sidebar keeps the question */
  if (g_strcmp0 (key, self->orders.table_asked) == 0)
    return;
  g_free (self->orders.table_asked);
  self->orders.table_asked = g_steal_pointer (&key);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  /* Translators: the side that must answer */
  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_QUESTION,
                                   GTK_BUTTONS_NONE, _("%s: a value the rules sheet does not give"),
                                   muster_match_page_side_name (self, d->side));
  /* Translators: the engine's question (it quotes the data file's table
   * and key), then where in the full rules the value is printed */
  where = g_strdup_printf (_("%s\n\nLook it up in %s and enter it: it is kept for the rest of the "
                             "match and saved with it."),
                           d->question ? d->question : d->key, d->source ? d->source : "");
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", where);
  gtk_window_set_title (GTK_WINDOW (dialog), _("Missing Table"));
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  label = gtk_label_new_with_mnemonic (_("_Value"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (area), label);
  if (d->kind == MU_ANSWER_NUMBER)
    {
      input = gtk_spin_button_new_with_range (d->min, d->max, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (input), CLAMP (0, d->min, d->max));
      g_object_set_data (G_OBJECT (dialog), "spin", input);
    }
  else
    {
      input = gtk_drop_down_new_from_strings (d->answers);
      g_object_set_data (G_OBJECT (dialog), "dropdown", input);
    }
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), input);
  gtk_accessible_update_property (GTK_ACCESSIBLE (input), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Value from the full rules"), -1);
  gtk_box_append (GTK_BOX (area), input);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Later"), GTK_RESPONSE_CLOSE);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Answer"), GTK_RESPONSE_ACCEPT);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_table_response), self);
  g_set_weak_pointer (&self->orders.table_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The page ------------------------------------------------------------------------- */

void
muster_match_orders_update (MusterMatchPage *self)
{
  update_orders (self);
  update_reaction (self);
  update_table_dialog (self);
}

void
muster_match_orders_dispose (MusterMatchPage *self)
{
  g_clear_handle_id (&self->orders.idle, g_source_remove);
  g_clear_pointer (&self->orders.pending_order, g_free);
  g_clear_pointer (&self->orders.table_asked, g_free);
  close_table_dialog (self);
}

GtkWidget *
muster_match_page_get_orders_box (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return GTK_WIDGET (muster_orders_cards_get_orders (self->orders.cards));
}

GtkWidget *
muster_match_page_get_reaction_box (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return GTK_WIDGET (muster_orders_cards_get_reactions (self->orders.cards));
}

GtkWidget *
muster_match_page_get_table_dialog (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->orders.table_dialog;
}
