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
  double degrees = muster_facing_card_get_degrees (self->facing);
  g_autoptr(GPtrArray) verbs = g_ptr_array_new ();

  muster_facing_card_clear (self->facing);
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
      /* offered only when the engine would take it; else its reason */
      mu_match_check (match, turned, &check);
      muster_facing_card_add_command (self->facing, label, line, check.legal, check.reason);
      mu_check_clear (&check);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->facing), verbs->len > 0);
}

static void
on_facing_changed (MusterFacingCard *card,
                   MusterMatchPage  *self)
{
  fill_facing_buttons (self);
}

void
muster_match_facing_init (MusterMatchPage *self)
{
  g_signal_connect (self->facing, "changed", G_CALLBACK (on_facing_changed), self);
}

void
muster_match_facing_update (MusterMatchPage *self)
{
  const MuCounterView *v = self->selection.id ? muster_match_board_find_view (self, self->selection.id) : NULL;

  if (self->facing == NULL)
    return;
  /* starts at the counter's facing: the player turns from there */
  if (v != NULL && v->pos.is_point)
    muster_facing_card_set_degrees (self->facing, round (v->pos.facing));
  fill_facing_buttons (self);
}
