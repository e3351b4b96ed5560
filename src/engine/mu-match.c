#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match.h"

#include "mu-error.h"

struct _MuMatch {
  MuScenario *scenario;
  const MuRuleset *ruleset;
  guint64 seed;
  GArray *forced;        /* of int */
  MuDice *dice;
  gpointer state;
  GPtrArray *commands;   /* of MuCommand* */
  GPtrArray *events;     /* of MuEvent* */
};

static gboolean
match_start (MuMatch *m, GError **error)
{
  m->dice = mu_dice_new (m->seed);
  mu_dice_force (m->dice, (const int *) m->forced->data, m->forced->len);
  m->events = mu_event_array_new ();
  m->state = m->ruleset->state_new (m->scenario, m->dice, m->events, error);
  return m->state != NULL;
}

static void
match_stop (MuMatch *m)
{
  if (m->state)
    m->ruleset->state_free (m->state);
  m->state = NULL;
  g_clear_pointer (&m->dice, mu_dice_free);
  g_clear_pointer (&m->events, g_ptr_array_unref);
}

MuMatch *
mu_match_new (const MuScenario  *scenario,
              guint64            seed,
              const int         *forced,
              guint              n_forced,
              GError           **error)
{
  g_autoptr(MuMatch) m = NULL;
  const MuRuleset *rs;

  g_return_val_if_fail (scenario != NULL, NULL);
  rs = mu_ruleset_find (scenario->ruleset);
  if (rs == NULL)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "unknown ruleset “%s”",
                   scenario->ruleset ? scenario->ruleset : "(none)");
      return NULL;
    }
  if (!mu_ruleset_can_play (rs))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   "matches of ruleset “%s” cannot be played yet: Muster describes its rules "
                   "but does not play them", rs->id);
      return NULL;
    }
  for (guint i = 0; i < n_forced; i++)
    if (forced[i] < 1 || forced[i] > 6)
      {
        g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "forced die %u is %d, not 1..6", i + 1, forced[i]);
        return NULL;
      }
  m = g_new0 (MuMatch, 1);
  m->scenario = mu_scenario_copy (scenario);
  m->ruleset = rs;
  m->seed = seed;
  m->forced = g_array_new (FALSE, FALSE, sizeof (int));
  if (n_forced)
    g_array_append_vals (m->forced, forced, n_forced);
  m->commands = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  if (!match_start (m, error))
    return NULL;
  return g_steal_pointer (&m);
}

void
mu_match_free (MuMatch *m)
{
  if (m == NULL)
    return;
  match_stop (m);
  g_clear_pointer (&m->scenario, mu_scenario_free);
  g_clear_pointer (&m->forced, g_array_unref);
  g_clear_pointer (&m->commands, g_ptr_array_unref);
  g_free (m);
}

gboolean
mu_match_apply (MuMatch          *m,
                const MuCommand  *command,
                GPtrArray        *events,
                GError          **error)
{
  guint before;

  g_return_val_if_fail (m != NULL && command != NULL, FALSE);
  before = m->events->len;
  if (!m->ruleset->apply (m->state, command, m->events, error))
    {
      /* a refusal changes nothing: drop any event a ruleset might have added */
      g_ptr_array_set_size (m->events, before);
      return FALSE;
    }
  g_ptr_array_add (m->commands, mu_command_copy (command));
  if (events)
    for (guint i = before; i < m->events->len; i++)
      g_ptr_array_add (events, mu_event_copy (g_ptr_array_index (m->events, i)));
  return TRUE;
}

MuCommand *
mu_match_parse (const MuMatch  *m,
                const char     *line,
                GError        **error)
{
  g_autoptr(MuCommand) c = NULL;

  g_return_val_if_fail (m != NULL, NULL);
  c = mu_command_parse (m->ruleset, line, error);
  if (c && !mu_command_fits (c, m->scenario, error))
    {
      g_autofree char *text = g_strstrip (g_strdup (line));
      g_prefix_error (error, "“%s”: ", text);
      return NULL;
    }
  return g_steal_pointer (&c);
}

gboolean
mu_match_apply_line (MuMatch     *m,
                     const char  *line,
                     GPtrArray   *events,
                     GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(MuCommand) c = mu_match_parse (m, line, &local);

  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (c == NULL)
    return TRUE;
  return mu_match_apply (m, c, events, error);
}

gboolean
mu_match_undo (MuMatch  *m,
               GError  **error)
{
  g_autoptr(GPtrArray) old = NULL;

  if (m->commands->len == 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_FAILED, "nothing to undo");
      return FALSE;
    }
  old = g_steal_pointer (&m->commands);
  m->commands = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  match_stop (m);
  if (!match_start (m, error))
    return FALSE;
  for (guint i = 0; i + 1 < old->len; i++)
    if (!mu_match_apply (m, g_ptr_array_index (old, i), NULL, error))
      return FALSE;
  return TRUE;
}

const MuScenario *mu_match_get_scenario (const MuMatch *m) { return m->scenario; }
const MuRuleset *mu_match_get_ruleset (const MuMatch *m) { return m->ruleset; }
guint64 mu_match_get_seed (const MuMatch *m) { return m->seed; }
const GArray *mu_match_get_forced (const MuMatch *m) { return m->forced; }
const GPtrArray *mu_match_get_commands (const MuMatch *m) { return m->commands; }
const GPtrArray *mu_match_get_events (const MuMatch *m) { return m->events; }
MuDice *mu_match_get_dice (const MuMatch *m) { return m->dice; }
gpointer mu_match_get_state (const MuMatch *m) { return m->state; }

void
mu_match_get_position (const MuMatch *m, MuPosition *position)
{
  m->ruleset->position (m->state, position);
}

const MuDecision *
mu_match_get_pending (const MuMatch *m)
{
  return m->ruleset->pending (m->state);
}

GArray *
mu_match_get_counters (const MuMatch *m)
{
  return m->ruleset->counters (m->state);
}

GArray *
mu_match_get_objectives (const MuMatch *m)
{
  return m->ruleset->objectives (m->state);
}

void
mu_match_get_result (const MuMatch *m, MuResult *result)
{
  m->ruleset->victory (m->state, result);
}

gboolean
mu_match_is_over (const MuMatch *m)
{
  MuPosition p;

  m->ruleset->position (m->state, &p);
  return p.finished;
}

GPtrArray *
mu_match_legal_commands (const MuMatch *m)
{
  return m->ruleset->legal_commands (m->state);
}

gboolean
mu_match_check_each_event (MuMatch *m, gboolean on)
{
  if (m->ruleset->check_each_event == NULL)
    return FALSE;
  m->ruleset->check_each_event (m->state, on);
  return TRUE;
}

gboolean
mu_match_check_invariants (const MuMatch *m, GError **error)
{
  return m->ruleset->check_invariants (m->state, error);
}

char *
mu_match_format_state (const MuMatch *m)
{
  return mu_ruleset_format_state (m->ruleset, m->state, m->scenario);
}

char *
mu_match_format_event (const MuMatch *m, const MuEvent *event)
{
  return mu_event_to_string (event, m->scenario->hex_map ? &m->scenario->hex_map->grid : NULL);
}
