#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match.h"

#include "mu-error.h"
#include "mu-match-react.h"
#include "mu-scenario-xml.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* What the undo policy needs to know of each recorded command. */
typedef struct {
  guint first_event;     /* its events are first_event .. the next record's */
  char *side;            /* the side whose input was awaited when it was given */
} Record;

static void
record_clear (gpointer data)
{
  g_free (((Record *) data)->side);
}

struct _MuMatch {
  MuScenario *scenario;
  const MuRuleset *ruleset;
  guint64 seed;
  GArray *forced;        /* of int */
  MuDice *dice;
  gpointer state;
  GPtrArray *commands;   /* of MuCommand* */
  GPtrArray *events;     /* of MuEvent* */
  GArray *records;       /* of Record, one per command */
  /* The reaction window open now (MuRuleset.reaction_window), NULL when
   * none is: the match's, not the ruleset's, so every ruleset gets the
   * same protocol (reactions, pass, position, --state line). */
  MuReactionWindow *window;
  MuMatchView *view;     /* a front end's, kept for its saved file, or NULL */
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
window_close (MuMatch *m)
{
  if (m->window)
    mu_reaction_window_clear (m->window);
  g_clear_pointer (&m->window, g_free);
}

/* Closes the window of a command's resolution: the ruleset goes on with
 * what the window interrupted. */
static void
window_end (MuMatch *m)
{
  g_autofree MuReactionWindow *w = g_steal_pointer (&m->window);

  if (m->ruleset->window_closed)
    m->ruleset->window_closed (m->state, w, m->events);
  mu_reaction_window_clear (w);
}

static void
match_stop (MuMatch *m)
{
  window_close (m);
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
  const MuRuleset *rs;

  g_return_val_if_fail (scenario != NULL, NULL);
  rs = mu_ruleset_find (scenario->ruleset);
  if (rs == NULL)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("unknown ruleset “%s”"),
                   scenario->ruleset ? scenario->ruleset : "(none)");
      return NULL;
    }
  return mu_match_new_with_ruleset (rs, scenario, seed, forced, n_forced, error);
}

MuMatch *
mu_match_new_with_ruleset (const MuRuleset  *rs,
                           const MuScenario *scenario,
                           guint64           seed,
                           const int        *forced,
                           guint             n_forced,
                           GError          **error)
{
  g_autoptr(MuMatch) m = NULL;

  g_return_val_if_fail (rs != NULL && scenario != NULL, NULL);
  if (!mu_ruleset_can_play (rs))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   _("matches of ruleset “%s” cannot be played yet: Muster describes its rules "
                   "but does not play them"), rs->id);
      return NULL;
    }
  /* what every match calls; the others are optional and asked for first */
  {
    const struct { gboolean given; const char *name; } needed[] = {
      { rs->state_free != NULL, "state_free" },
      { rs->legal_commands != NULL, "legal_commands" },
      { rs->position != NULL, "position" },
      { rs->pending != NULL, "pending" },
      { rs->counters != NULL, "counters" },
      { rs->objectives != NULL, "objectives" },
      { rs->victory != NULL, "victory" },
      { rs->check_invariants != NULL, "check_invariants" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (needed); i++)
      if (!needed[i].given)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                       "ruleset “%s” plays but gives no %s", rs->id, needed[i].name);
          return NULL;
        }
  }
  if ((rs->reaction_window != NULL) != (rs->reactions != NULL) ||
      (rs->reactions != NULL) != (rs->react != NULL))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   "ruleset “%s” gives only part of reaction_window, reactions and react", rs->id);
      return NULL;
    }
  for (guint i = 0; i < n_forced; i++)
    if (forced[i] < 1 || forced[i] > 6)
      {
        g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("forced die %u is %d, not 1..6"), i + 1, forced[i]);
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
  m->records = g_array_new (FALSE, TRUE, sizeof (Record));
  g_array_set_clear_func (m->records, record_clear);
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
  g_clear_pointer (&m->records, g_array_unref);
  mu_match_set_view (m, NULL);
  g_free (m);
}

/* After a command: closes the window when its side has no reaction left,
 * or opens one when the ruleset says the command calls for it. */
static void
window_update (MuMatch *m, const MuCommand *command, gboolean was_open)
{
  if (m->ruleset->reaction_window == NULL || m->ruleset->pending (m->state) != NULL)
    return;
  if (m->window == NULL && !was_open)
    {
      MuPosition pos;
      MuReactionWindow w = { 0 };

      m->ruleset->position (m->state, &pos);
      if (pos.finished || !m->ruleset->reaction_window (m->state, command, &w))
        {
          mu_reaction_window_clear (&w);
          return;
        }
      g_return_if_fail (w.id != NULL && w.side != NULL);
      g_free (w.trigger);
      w.trigger = mu_command_to_string (command);
      m->window = g_memdup2 (&w, sizeof w);
    }
  if (m->window)
    {
      g_autoptr(GPtrArray) reactions = m->ruleset->reactions (m->state, m->window);

      if (reactions->len == 0)
        window_end (m);
    }
}

const MuMatchView *
mu_match_get_view (const MuMatch *m)
{
  g_return_val_if_fail (m != NULL, NULL);

  return m->view;
}

void
mu_match_set_view (MuMatch           *m,
                   const MuMatchView *view)
{
  g_return_if_fail (m != NULL);
  g_return_if_fail (view == NULL || (isfinite (view->zoom) && view->zoom > 0 &&
                                     isfinite (view->x) && isfinite (view->y)));

  if (m->view != NULL)
    {
      g_free (m->view->selected);
      g_clear_pointer (&m->view, g_free);
    }
  if (view == NULL)
    return;
  m->view = g_new0 (MuMatchView, 1);
  *m->view = *view;
  m->view->selected = g_strdup (view->selected);
}

static gboolean
apply_dice (MuDice *dice, const MuCommand *command, GError **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < mu_command_n_args (command); i++)
    {
      const MuArg *a = mu_command_arg (command, i);
      int v = (int) a->number;

      if (a->kind != MU_ARG_NUMBER || a->number != v || v < 1 || v > 6)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("dice are entered as faces 1 to 6"));
          return FALSE;
        }
      g_array_append_val (values, v);
    }
  if (values->len == 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("dice needs at least one face (1 to 6)"));
      return FALSE;
    }
  mu_dice_force (dice, (const int *) values->data, values->len);
  return TRUE;
}

gboolean
mu_match_apply (MuMatch          *m,
                const MuCommand  *command,
                GPtrArray        *events,
                GError          **error)
{
  guint before;
  MuPosition pos;
  Record r = { 0 };

  g_return_val_if_fail (m != NULL && command != NULL, FALSE);
  before = m->events->len;
  mu_match_get_position (m, &pos);
  /* a copy: the command may close the window that owns pos.awaited */
  r.side = g_strdup (pos.awaited);
  if (g_strcmp0 (mu_command_get_verb (command), MU_MATCH_DICE_VERB) == 0)
    {
      if (!apply_dice (m->dice, command, error))
        {
          g_free (r.side);
          return FALSE;
        }
    }
  else
    {
      gboolean was_open = m->window != NULL;
      gboolean reaction = mu_match_window_awaits (m);
      gboolean passed;

      if (!mu_match_route_command (m, m->state, command, &passed, m->events, error))
        {
          /* a refusal changes nothing: drop any event a ruleset might have added */
          g_ptr_array_set_size (m->events, before);
          g_free (r.side);
          return FALSE;
        }
      if (passed)
        window_end (m);
      else if (reaction)
        m->window->reactions++;
      window_update (m, command, was_open);
    }
  g_ptr_array_add (m->commands, mu_command_copy (command));
  r.first_event = before;
  g_array_append_val (m->records, r);
  if (events)
    for (guint i = before; i < m->events->len; i++)
      g_ptr_array_add (events, mu_event_copy (g_ptr_array_index (m->events, i)));
  return TRUE;
}

gboolean
mu_match_enter_dice (MuMatch    *m,
                     const int  *faces,
                     guint       n,
                     GError    **error)
{
  g_autoptr(MuCommand) c = mu_command_new (MU_MATCH_DICE_VERB);

  g_return_val_if_fail (m != NULL, FALSE);
  for (guint i = 0; i < n; i++)
    mu_command_add_number (c, faces[i]);
  return mu_match_apply (m, c, NULL, error);
}

MuCommand *
mu_match_parse (const MuMatch  *m,
                const char     *line,
                GError        **error)
{
  g_autoptr(MuCommand) c = NULL;

  g_return_val_if_fail (m != NULL, NULL);
  {
    g_auto(GStrv) w = g_strsplit_set (line ? line : "", " \t", 2);

    if (w[0] && mu_ruleset_find_verb (mu_match_engine_verbs (), g_strstrip (w[0])))
      return mu_command_parse (mu_match_engine_verbs (), line, error);
  }
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
  g_autoptr(MuCommand) c = NULL;
  const char *bad = NULL;
  gboolean ok;

  /* Bounded before anything else: split into words, a 60 MB line of
   * one-letter words took 2.3 GB before it was refused. */
  if (strnlen (line, MU_MATCH_MAX_LINE + 1) > MU_MATCH_MAX_LINE)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                   "the line is longer than %d characters; a command is one short line",
                   MU_MATCH_MAX_LINE);
      return FALSE;
    }
  /* Refusals quote the line's words: never raw bytes, never a 1 MB word. */
  if (!g_utf8_validate (line, -1, &bad))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                   _("the line is not UTF-8 text (a bad byte at column %d)"), (int) (bad - line) + 1);
      return FALSE;
    }
  c = mu_match_parse (m, line, &local);
  if (local == NULL && c == NULL)
    return TRUE;
  ok = local == NULL && mu_match_apply (m, c, events, &local);
  if (!ok && local != NULL && strlen (local->message) > 1000)
    {
      g_autofree char *shown = g_utf8_make_valid (local->message, 1000);

      g_free (local->message);
      local->message = g_strconcat (shown, "…", NULL);
    }
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local));
  return ok;
}

gboolean
mu_match_can_undo (const MuMatch  *m,
                   GError        **error)
{
  const Record *r;
  MuPosition pos;

  g_return_val_if_fail (m != NULL, FALSE);
  if (m->commands->len == 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_FAILED, _("nothing to undo"));
      return FALSE;
    }
  r = &g_array_index (m->records, Record, m->records->len - 1);
  for (guint i = r->first_event; i < m->events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (m->events, i);

      if (e->kind == MU_EVENT_ROLL)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                       _("the last command rolled dice (%s); undo never goes back over a roll (TAB-19)"),
                       e->text ? e->text : "d6");
          return FALSE;
        }
      if (e->kind == MU_EVENT_REVEAL)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                       _("the last command revealed hidden information; undo never goes back over "
                       "a reveal (TAB-19)"));
          return FALSE;
        }
    }
  mu_match_get_position (m, &pos);
  if (r->side && g_strcmp0 (r->side, pos.awaited) != 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                   _("the last command was %s's; a side never undoes another side's command"),
                   r->side);
      return FALSE;
    }
  return TRUE;
}

gboolean
mu_match_undo (MuMatch  *m,
               GError  **error)
{
  g_autoptr(GPtrArray) old = NULL;

  if (!mu_match_can_undo (m, error))
    return FALSE;
  old = g_steal_pointer (&m->commands);
  m->commands = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  g_array_set_size (m->records, 0);
  match_stop (m);
  if (!match_start (m, error))
    return FALSE;
  for (guint i = 0; i + 1 < old->len; i++)
    if (!mu_match_apply (m, g_ptr_array_index (old, i), NULL, error))
      return FALSE;
  return TRUE;
}

void
mu_check_clear (MuCheck *check)
{
  g_clear_pointer (&check->reason, g_free);
  g_clear_pointer (&check->rule, g_free);
  g_clear_pointer (&check->rolls, g_ptr_array_unref);
}

char *
mu_check_format_amount (const MuCheck *check,
                        double         amount)
{
  g_return_val_if_fail (check != NULL, NULL);
  /* the table's 0.01 (TAB-3); movement points are whole */
  if (check->unit)
    return g_strdup_printf ("%.2f", amount);
  return g_strdup_printf ("%.0f", amount);
}

MuMatch *
mu_match_new_replay (const MuMatch *m,
                     guint          n_commands,
                     GError       **error)
{
  g_autoptr(MuMatch) replay = NULL;

  g_return_val_if_fail (m != NULL, NULL);
  replay = mu_match_new_with_ruleset (m->ruleset, m->scenario, m->seed,
                                      (const int *) m->forced->data, m->forced->len, error);
  for (guint i = 0; replay && i < MIN (n_commands, m->commands->len); i++)
    if (!mu_match_apply (replay, g_ptr_array_index (m->commands, i), NULL, error))
      return NULL;
  return g_steal_pointer (&replay);
}

/* The dry run on a copy of the state and of the dice (the ruleset's
 * state_copy), the faces given used first: FALSE with the refusal. */
static gboolean
check_on_copy (const MuMatch *m, const MuCommand *command, const int *faces, guint n_faces,
               GPtrArray *events, GError **error)
{
  g_autoptr(MuDice) dice = mu_dice_copy (m->dice);
  gpointer state;
  gboolean ok, passed;

  if (n_faces > 0)
    mu_dice_force (dice, faces, n_faces);
  if (g_strcmp0 (mu_command_get_verb (command), MU_MATCH_DICE_VERB) == 0)
    return apply_dice (dice, command, error);
  state = m->ruleset->state_copy (m->state, dice);
  ok = mu_match_route_command (m, state, command, &passed, events, error);
  m->ruleset->state_free (state);
  return ok;
}

/* The dry run on a scratch match replayed from the start. */
static gboolean
check_on_replay (const MuMatch *m, const MuCommand *command, const int *faces, guint n_faces,
                 GPtrArray *events, GError **error)
{
  g_autoptr(MuMatch) scratch = NULL;
  g_autoptr(GError) local = NULL;

  scratch = mu_match_new_replay (m, m->commands->len, &local);
  if (scratch == NULL)
    {
      g_set_error_literal (error, MU_ERROR, MU_ERROR_FAILED,
                           local ? local->message : _("the match does not replay"));
      return FALSE;
    }
  if (n_faces > 0)
    mu_dice_force (scratch->dice, faces, n_faces);
  return mu_match_apply (scratch, command, events, error);
}

static gboolean
check_command (const MuMatch   *m,
               const MuCommand *command,
               const int       *faces,
               guint            n_faces,
               MuCheck         *check)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  gboolean ok;

  g_return_val_if_fail (m != NULL && command != NULL && check != NULL, FALSE);
  memset (check, 0, sizeof *check);
  check->cost = check->allowance = -1;
  if (m->scenario->table)
    check->unit = m->scenario->table->unit == MU_UNIT_CM ? "cm" : "in";
  check->rolls = mu_event_array_new ();
  for (guint i = 0; i < n_faces; i++)
    if (faces[i] < 1 || faces[i] > 6)
      {
        check->reason = g_strdup_printf (_("die %u is %d, not 1 to 6"), i + 1, faces[i]);
        return FALSE;
      }
  /* the match itself, its dice and its log are never touched */
  if (m->ruleset->state_copy)
    ok = check_on_copy (m, command, faces, n_faces, events, &error);
  else
    ok = check_on_replay (m, command, faces, n_faces, events, &error);
  if (m->ruleset->move_cost &&
      !m->ruleset->move_cost (m->state, command, &check->cost, &check->allowance))
    check->cost = check->allowance = -1;
  if (!ok)
    {
      check->reason = g_strdup (error->message);
      check->rule = mu_refusal_rule (error->message);
      return FALSE;
    }
  check->legal = TRUE;
  for (guint i = 0; i < events->len; i++)
    {
      MuEvent *e = g_ptr_array_index (events, i);

      if ((e->info->flags & MU_EVENT_KIND_MOVES) && check->cost < 0 && m->ruleset->move_cost == NULL)
        check->cost = e->value;
      if (e->kind == MU_EVENT_ROLL)
        {
          /* what is rolled and against what, never the faces */
          MuEvent *roll = mu_event_copy (e);

          roll->value = 0;
          roll->success = FALSE;
          if (roll->pool)
            {
              guint n = roll->pool->len;

              g_array_set_size (roll->pool, 0);
              roll->count = n;
            }
          else
            roll->count = 1;
          g_ptr_array_add (check->rolls, roll);
        }
    }
  return TRUE;
}

gboolean
mu_match_check (const MuMatch   *m,
                const MuCommand *command,
                MuCheck         *check)
{
  return check_command (m, command, NULL, 0, check);
}

gboolean
mu_match_check_with_dice (const MuMatch   *m,
                          const MuCommand *command,
                          const int       *faces,
                          guint            n,
                          MuCheck         *check)
{
  g_return_val_if_fail (faces != NULL || n == 0, FALSE);
  return check_command (m, command, faces, n, check);
}

GArray *
mu_match_get_outstanding (const MuMatch *m)
{
  GArray *todo = mu_todo_array_new ();
  g_autoptr(GPtrArray) legal = NULL;
  gboolean can_end = FALSE;

  g_return_val_if_fail (m != NULL, todo);
  if (mu_match_is_over (m) || mu_match_get_pending (m) != NULL || m->window != NULL)
    return todo;
  /* the ruleset's own account, when it gives one, says what is compulsory */
  if (m->ruleset->outstanding)
    {
      m->ruleset->outstanding (m->state, todo);
      return todo;
    }
  /* otherwise: commands are legal, but none of them ends the step */
  legal = mu_match_legal_commands (m);
  for (guint i = 0; i < legal->len && !can_end; i++)
    {
      const MuVerbInfo *v = mu_ruleset_find_verb (m->ruleset,
                                                  mu_command_get_verb (g_ptr_array_index (legal, i)));

      can_end = v != NULL && (v->flags & MU_VERB_END_STEP) != 0;
    }
  if (legal->len > 0 && !can_end)
    {
      MuTodo t = { 0 };

      t.text = legal->len == 1
             ? g_strdup (_("1 command must be given before the step can end"))
             : g_strdup_printf (_("one of %u commands must be given before the step can end"),
                                legal->len);
      t.count = legal->len;
      t.compulsory = TRUE;
      g_array_append_val (todo, t);
    }
  return todo;
}

GPtrArray *
mu_match_legal_actions (const MuMatch *m,
                        const char    *counter)
{
  GPtrArray *all;
  GPtrArray *out;

  g_return_val_if_fail (m != NULL && counter != NULL, NULL);
  if (m->ruleset->legal_actions && !mu_match_window_awaits (m))
    return m->ruleset->legal_actions (m->state, counter);
  all = mu_match_legal_commands (m);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  for (guint i = 0; i < all->len; i++)
    {
      MuCommand *c = g_ptr_array_index (all, i);

      for (guint k = 0; k < mu_command_n_args (c); k++)
        if (g_strcmp0 (mu_command_word (c, k), counter) == 0)
          {
            g_ptr_array_add (out, g_ptr_array_steal_index (all, i--));
            break;
          }
    }
  g_ptr_array_unref (all);
  return out;
}

GArray *
mu_match_legal_moves (const MuMatch *m,
                      const char    *counter)
{
  g_return_val_if_fail (m != NULL && counter != NULL, NULL);
  /* a reaction moves nothing the board's move tool could drag, nor does a
   * ruleset without a move tool (its moves are all in its commands) */
  if (m->ruleset->legal_moves == NULL || mu_match_window_awaits (m))
    return g_array_new (FALSE, FALSE, sizeof (MuPos));
  return m->ruleset->legal_moves (m->state, counter);
}

MuRegion *
mu_match_legal_region (const MuMatch *m,
                       const char    *counter)
{
  g_return_val_if_fail (m != NULL && counter != NULL, NULL);
  if (m->ruleset->legal_region == NULL || mu_match_window_awaits (m))
    return NULL;
  return m->ruleset->legal_region (m->state, counter);
}

GArray *
mu_match_attack_path (const MuMatch   *m,
                      const MuCommand *command)
{
  g_autoptr(GArray) path = NULL;

  g_return_val_if_fail (m != NULL && command != NULL, NULL);
  if (m->ruleset->attack_path == NULL || mu_match_window_awaits (m))
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (MuPos));
  if (!m->ruleset->attack_path (m->state, command, path) || path->len == 0)
    return NULL;
  return g_steal_pointer (&path);
}

const MuCommand *
mu_match_policy_hint (const MuMatch *m,
                      GPtrArray     *legal)
{
  const MuCommand *hint;

  g_return_val_if_fail (m != NULL && legal != NULL, NULL);
  if (m->ruleset->policy_hint == NULL || legal->len == 0)
    return NULL;
  hint = m->ruleset->policy_hint (m->state, legal);
  /* only a command of the list: the policy never invents one */
  for (guint i = 0; hint && i < legal->len; i++)
    if (g_ptr_array_index (legal, i) == hint)
      return hint;
  g_return_val_if_fail (hint == NULL, NULL);
  return NULL;
}

gboolean
mu_match_policy_avoids (const MuMatch   *m,
                        const MuCommand *command)
{
  g_return_val_if_fail (m != NULL && command != NULL, FALSE);
  return m->ruleset->policy_avoid != NULL && m->ruleset->policy_avoid (m->state, m->commands, command);
}

GPtrArray *
mu_match_legal_targets (const MuMatch *m,
                        const char    *counter)
{
  g_return_val_if_fail (m != NULL && counter != NULL, NULL);
  if (mu_match_window_awaits (m))
    return mu_match_window_targets (m, counter);
  if (m->ruleset->legal_targets == NULL)
    return g_ptr_array_new_with_free_func (g_free);
  return m->ruleset->legal_targets (m->state, counter);
}

gboolean
mu_match_line_of_sight (const MuMatch *m,
                        const char    *counter,
                        const MuPos   *to,
                        MuSight       *sight,
                        GError       **error)
{
  g_return_val_if_fail (m != NULL && counter != NULL && to != NULL && sight != NULL, FALSE);

  *sight = (MuSight) { 0 };
  if (m->ruleset->line_of_sight == NULL)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_FAILED, _("%s has no line of sight to ask about"),
                   m->ruleset->id);
      return FALSE;
    }
  if (!m->ruleset->line_of_sight (m->state, counter, to, sight, error))
    {
      mu_sight_clear (sight);
      *sight = (MuSight) { 0 };
      return FALSE;
    }
  return TRUE;
}

gboolean
mu_match_get_resource (const MuMatch *m,
                       const char    *resource,
                       const char    *owner,
                       int           *value)
{
  g_return_val_if_fail (m != NULL && value != NULL, FALSE);
  return m->ruleset->resource != NULL && m->ruleset->resource (m->state, resource, owner, value);
}

const char *
mu_match_get_awaited (const MuMatch *m)
{
  MuPosition pos;

  mu_match_get_position (m, &pos);
  return pos.awaited;
}

GPtrArray *
mu_match_get_events_for (const MuMatch *m,
                         const char    *side)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < m->events->len; i++)
    if (mu_event_visible (g_ptr_array_index (m->events, i), side))
      g_ptr_array_add (out, g_ptr_array_index (m->events, i));
  return out;
}

MuMatch *
mu_match_open_file (const char  *path,
                    guint64      seed,
                    const int   *forced,
                    guint        n_forced,
                    GPtrArray   *problems,
                    GError     **error)
{
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(GPtrArray) own = problems ? NULL : mu_problem_list_new ();

  g_return_val_if_fail (path != NULL, NULL);
  if (mu_match_file_is_match (path))
    {
      if (n_forced > 0)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                       _("%s is a saved match: its dice are part of it and cannot be changed"), path);
          return NULL;
        }
      return mu_match_load_file_full (path, problems, error);
    }
  s = mu_scenario_load_file (path, problems ? problems : own, error);
  if (s == NULL)
    return NULL;
  return mu_match_new (s, seed, forced, n_forced, error);
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
  *position = (MuPosition) { 0 };
  m->ruleset->position (m->state, position);
  position->reaction = NULL;
  if (m->window)
    {
      position->reaction = m->window->id;
      if (mu_match_window_awaits (m))
        position->awaited = m->window->side;
    }
}

const MuReactionWindow *
mu_match_get_reaction (const MuMatch *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->window;
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
mu_match_get_counters_for (const MuMatch *m,
                           const char    *side)
{
  g_return_val_if_fail (m != NULL, NULL);

  if (side == NULL || m->ruleset->counters_for == NULL)
    return m->ruleset->counters (m->state);
  return m->ruleset->counters_for (m->state, side);
}

GArray *
mu_match_get_objectives (const MuMatch *m)
{
  return m->ruleset->objectives (m->state);
}

const MuTableState *
mu_match_get_table_state (const MuMatch *m)
{
  g_return_val_if_fail (m != NULL, NULL);

  return m->ruleset->table_state ? m->ruleset->table_state (m->state) : NULL;
}

void
mu_match_get_result (const MuMatch *m, MuResult *result)
{
  memset (result, 0, sizeof *result);
  m->ruleset->victory (m->state, result);
}

void
mu_match_get_losses (const MuMatch *m,
                     const char    *side,
                     MuLosses      *losses)
{
  GArray *views;

  g_return_if_fail (m != NULL && side != NULL && losses != NULL);

  *losses = (MuLosses) { 0 };
  views = mu_match_get_counters (m);
  for (guint i = 0; views != NULL && i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);

      if (g_strcmp0 (v->side, side) != 0 || v->counter == NULL)
        continue;
      if (v->counter->kind == MU_COUNTER_UNIT)
        {
          gboolean lost = mu_status_has (v->status, MU_STATUS_LOST);

          losses->units++;
          losses->units_lost += lost ? 1 : 0;
          losses->strength += v->counter->strength;
          if (lost)
            losses->strength_lost += v->counter->strength;
          else if (mu_status_has (v->status, MU_STATUS_IN_PLAY))
            losses->strength_lost += MAX (v->counter->strength - v->strength, 0);
        }
      else
        {
          losses->commanders++;
          losses->commanders_lost += mu_status_has (v->status, MU_STATUS_LOST) ? 1 : 0;
        }
    }
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
  if (mu_match_window_awaits (m))
    return mu_match_window_legal (m);
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
mu_match_format_state_for (const MuMatch *m,
                           const char    *side)
{
  return mu_match_window_state_lines (m, mu_ruleset_format_state_for (m->ruleset, m->state, m->scenario, side));
}

char *
mu_match_format_state_full (const MuMatch *m,
                            const char    *side,
                            MuStateFlags   flags)
{
  return mu_match_window_state_lines (m, mu_ruleset_format_state_full (m->ruleset, m->state, m->scenario, side,
                                                         flags));
}

char *
mu_match_format_state (const MuMatch *m)
{
  return mu_match_window_state_lines (m, mu_ruleset_format_state (m->ruleset, m->state, m->scenario));
}

char *
mu_match_format_event (const MuMatch *m, const MuEvent *event)
{
  return mu_event_to_string (event, m->scenario->hex_map ? &m->scenario->hex_map->grid : NULL);
}
