/* muster-match-facing.c: any facing for a command that turns its counter
 *
 * The engine lists a command with a face step only at sampled facings
 * (mn-acw's activation: the unit's facing ±45°). A spin button of degrees
 * lets the player ask for any other: for each verb of which the selected
 * counter's legal commands carry a face step, the same command without
 * steps is offered again with "face F", and only when the engine's dry run
 * (mu_match_check) accepts it; a refused one is shown insensitive with the
 * engine's reason, so the rules stay in the engine.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-match-page-private.h"

/* Whether c has a face step, and where (its first). */
static gboolean
has_face_step (const MuCommand *c)
{
  for (guint i = 0; i < mu_command_n_args (c); i++)
    {
      const MuArg *a = mu_command_arg (c, i);

      if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_FACE)
        return TRUE;
    }
  return FALSE;
}

/* Whether c has any step. */
static gboolean
has_step (const MuCommand *c)
{
  for (guint i = 0; i < mu_command_n_args (c); i++)
    if (mu_command_arg (c, i)->kind == MU_ARG_STEP)
      return TRUE;
  return FALSE;
}

static void
fill_facing_buttons (MusterMatchPage *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  double degrees = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->facing.spin));
  g_autoptr(GPtrArray) verbs = g_ptr_array_new ();
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->facing.actions)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->facing.actions), child);
  for (guint i = 0; self->selection.commands != NULL && i < self->selection.commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (self->selection.commands, i);

      if (has_face_step (c) && !g_ptr_array_find_with_equal_func (verbs, mu_command_get_verb (c), g_str_equal, NULL))
        g_ptr_array_add (verbs, (gpointer) mu_command_get_verb (c));
    }
  for (guint i = 0; self->selection.commands != NULL && i < self->selection.commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (self->selection.commands, i);
      g_autofree char *base = NULL, *line = NULL, *label = NULL;
      g_autoptr(MuCommand) turned = NULL;
      const MuVerbInfo *verb;
      MuCheck check = { 0 };
      GtkWidget *button;
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      if (has_step (c) || !g_ptr_array_find_with_equal_func (verbs, mu_command_get_verb (c), g_str_equal, NULL))
        continue;
      base = mu_command_to_string (c);
      g_ascii_formatd (number, sizeof number, "%.0f", degrees);
      line = g_strdup_printf ("%s face %s", base, number);
      turned = mu_command_parse (ruleset, line, NULL);
      if (turned == NULL)
        continue;
      verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (turned));
      label = mu_match_describe_command (match, turned, verb && verb->sentence ? _(verb->sentence) : NULL);
      button = gtk_button_new_with_label (label);
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      /* offered only when the engine would take it; else its reason */
      mu_match_check (match, turned, &check);
      gtk_widget_set_sensitive (button, check.legal);
      gtk_widget_set_tooltip_text (button, check.legal ? line : check.reason);
      mu_check_clear (&check);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", line);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "match.command");
      gtk_flow_box_append (GTK_FLOW_BOX (self->facing.actions), button);
    }
  gtk_widget_set_visible (self->facing.box, verbs->len > 0);
}

static void
on_facing_changed (GtkSpinButton   *spin,
                   MusterMatchPage *self)
{
  fill_facing_buttons (self);
}

GtkWidget *
muster_match_facing_new (MusterMatchPage *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Facing (degrees)"));

  self->facing.box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->facing.spin = gtk_spin_button_new_with_range (0, 359, 1);
  gtk_widget_set_name (self->facing.spin, "facing");
  gtk_spin_button_set_wrap (GTK_SPIN_BUTTON (self->facing.spin), TRUE);
  gtk_spin_button_set_increments (GTK_SPIN_BUTTON (self->facing.spin), 1, 15);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->facing.spin);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), self->facing.spin);
  gtk_box_append (GTK_BOX (self->facing.box), row);
  self->facing.actions = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->facing.actions), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->facing.actions), 3);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->facing.actions), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Commands at the Chosen Facing"), -1);
  gtk_box_append (GTK_BOX (self->facing.box), self->facing.actions);
  gtk_widget_set_visible (self->facing.box, FALSE);
  g_signal_connect (self->facing.spin, "value-changed", G_CALLBACK (on_facing_changed), self);
  return self->facing.box;
}

void
muster_match_facing_update (MusterMatchPage *self)
{
  const MuCounterView *v = self->selection.id ? muster_match_board_find_view (self, self->selection.id) : NULL;

  if (self->facing.spin == NULL)
    return;
  /* starts at the counter's facing: the player turns from there */
  g_signal_handlers_block_by_func (self->facing.spin, on_facing_changed, self);
  if (v != NULL && v->pos.is_point)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->facing.spin), round (v->pos.facing));
  g_signal_handlers_unblock_by_func (self->facing.spin, on_facing_changed, self);
  fill_facing_buttons (self);
}
