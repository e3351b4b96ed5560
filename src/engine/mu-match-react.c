#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match-react.h"

#include "mu-error.h"

#include <glib/gi18n-lib.h>

/* The engine's own verbs. dice: dice the players rolled at the table,
 * used next (before the generator), recorded in the command list so that
 * a replay consumes them at the same point. pass: the reacting side
 * closes a reaction window. */
static const MuVerbInfo engine_verbs[] = {
  { MU_MATCH_DICE_VERB, "N...", "TAB-19", 0, N_("needs the faces the players rolled, 1 to 6"), NULL },
  { MU_MATCH_PASS_VERB, NULL, "TAB-20", MU_VERB_END_STEP, NULL,
    N_("Pass: no reaction") },
};
static const MuRuleset engine_rules = { .id = "the engine", .verbs = engine_verbs,
                                        .n_verbs = G_N_ELEMENTS (engine_verbs) };

const MuRuleset *
mu_match_engine_verbs (void)
{
  return &engine_rules;
}

const MuVerbInfo *
mu_match_find_verb (const MuMatch *m,
                    const char    *verb)
{
  const MuVerbInfo *info = mu_ruleset_find_verb (&engine_rules, verb);

  g_return_val_if_fail (m != NULL, NULL);
  return info ? info : mu_ruleset_find_verb (mu_match_get_ruleset (m), verb);
}

/* The window is open to reactions now: no decision is pending in it. */
gboolean
mu_match_window_awaits (const MuMatch *m)
{
  return mu_match_get_reaction (m) != NULL && mu_match_get_pending (m) == NULL;
}

/* Applies a command to state (the match's, or a copy for the dry run) by
 * the window's protocol: while it awaits a reaction, `pass` (*passed set)
 * or a reaction; otherwise the ruleset's apply, `pass` refused. A
 * MU_ANSWER_COMMAND decision takes only its answers. */
gboolean
mu_match_route_command (const MuMatch *m, gpointer state, const MuCommand *command,
                        gboolean *passed, GPtrArray *events, GError **error)
{
  const MuRuleset *rs = mu_match_get_ruleset (m);
  const MuReactionWindow *window = mu_match_get_reaction (m);
  const char *verb = mu_command_get_verb (command);
  const MuDecision *d = rs->pending (state);

  *passed = FALSE;
  if (d && !mu_decision_accepts (d, command))
    {
      g_autofree char *line = mu_command_to_string (command);
      g_autofree char *answers = d->answers ? g_strjoinv ("; ", (char **) d->answers) : g_strdup ("");

      g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                   _("“%s” is no answer to the decision “%s”, which is answered by one of: %s"),
                   line, d->id, answers);
      return FALSE;
    }
  if (g_str_equal (verb, MU_MATCH_PASS_VERB))
    {
      if (window == NULL || d != NULL)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                       _("there is nothing to pass: pass closes a reaction window (TAB-20)"));
          return FALSE;
        }
      *passed = TRUE;
      return TRUE;
    }
  if (window && d == NULL)
    {
      const MuVerbInfo *info = mu_ruleset_find_verb (rs, verb);

      if (info == NULL || !(info->flags & MU_VERB_REACTION))
        {
          g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                       _("%s may react to “%s” or pass; “%s” is no reaction (%s)"),
                       window->side, window->trigger, verb,
                       window->rule ? window->rule : "TAB-20");
          return FALSE;
        }
      return rs->react (state, window, command, events, error);
    }
  return rs->apply (state, command, events, error);
}

/* The reactions open to the window's side now, pass last (of MuCommand*). */
GPtrArray *
mu_match_window_legal (const MuMatch *m)
{
  GPtrArray *legal = mu_match_get_ruleset (m)->reactions (mu_match_get_state (m),
                                                          mu_match_get_reaction (m));

  g_ptr_array_add (legal, mu_command_new (MU_MATCH_PASS_VERB));
  return legal;
}

/* In a window: the counters the counter's attacking reactions name after it. */
GPtrArray *
mu_match_window_targets (const MuMatch *m, const char *counter)
{
  const MuRuleset *rs = mu_match_get_ruleset (m);
  g_autoptr(GPtrArray) legal = rs->reactions (mu_match_get_state (m), mu_match_get_reaction (m));
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const MuVerbInfo *v = mu_ruleset_find_verb (rs, mu_command_get_verb (c));

      if (v == NULL || !(v->flags & MU_VERB_ATTACK) || g_strcmp0 (mu_command_word (c, 0), counter) != 0)
        continue;
      for (guint k = 1; k < mu_command_n_args (c); k++)
        if (mu_command_word (c, k) &&
            !g_ptr_array_find_with_equal_func (out, mu_command_word (c, k), g_str_equal, NULL))
          g_ptr_array_add (out, g_strdup (mu_command_word (c, k)));
    }
  return out;
}

/* The --state line of the open window, after the ruleset's lines:
 * reaction ID side=SIDE after="TRIGGER" [subject=ID] [rule=RULE] given=N */
char *
mu_match_window_state_lines (const MuMatch *m, char *text)
{
  const MuReactionWindow *window = mu_match_get_reaction (m);
  GString *s;

  if (window == NULL)
    return text;
  s = g_string_new (text);
  g_free (text);
  g_string_append_printf (s, "reaction %s side=%s after=\"%s\"", window->id, window->side,
                          window->trigger);
  if (window->subject)
    g_string_append_printf (s, " subject=%s", window->subject);
  if (window->rule)
    g_string_append_printf (s, " rule=%s", window->rule);
  g_string_append_printf (s, " given=%u\n", window->reactions);
  return g_string_free (s, FALSE);
}

