/* mu-policy.c: the computer sides' policies (see mu-policy.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-policy.h"

#include <math.h>

/* Where a side moves toward: objectives it does not own, else enemy units
 * (hexes, or points on a table). */
static GArray *
goals_for (const MuMatch *m, const char *side)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  GArray *objs = mu_match_get_objectives (m);
  GArray *ctrs;

  for (guint i = 0; i < objs->len; i++)
    {
      const MuObjectiveView *o = &g_array_index (objs, MuObjectiveView, i);
      if (g_strcmp0 (o->owner, side) != 0)
        g_array_append_val (out, o->pos);
    }
  if (out->len)
    return out;
  ctrs = mu_match_get_counters (m);
  for (guint i = 0; i < ctrs->len; i++)
    {
      const MuCounterView *v = &g_array_index (ctrs, MuCounterView, i);
      if (mu_status_has (v->status, MU_STATUS_IN_PLAY) && g_strcmp0 (v->side, side) != 0 &&
          v->counter->kind == MU_COUNTER_UNIT)
        g_array_append_val (out, v->pos);
    }
  return out;
}

/* Hexes for a hex board, table units (times 100, rounded) on a table. */
static int
goal_distance (const MuScenario *s, const GArray *goals, const MuPos *to)
{
  int best = G_MAXINT;

  for (guint i = 0; i < goals->len; i++)
    {
      const MuPos *g = &g_array_index (goals, MuPos, i);
      int d;

      if (to->is_point != g->is_point)
        continue;
      if (to->is_point)
        d = (int) (hypot (to->point.x - g->point.x, to->point.y - g->point.y) * 100);
      else if (s->hex_map)
        d = mu_hex_distance (&s->hex_map->grid, to->hex, g->hex);
      else
        continue;
      best = MIN (best, d);
    }
  return best == G_MAXINT ? 0 : best;
}

/* Picks one legal command: attacks first, moves toward the nearest objective
 * not yet owned (greedy) or at random, and ends the phase when nothing else
 * is left or now and then; in a reaction window it passes one time in four. */
const MuCommand *
mu_policy_choose (const MuMatch *m, GPtrArray *legal, MuDice *rng, MuPolicy policy)
{
  g_autoptr(GPtrArray) attacks = g_ptr_array_new ();
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  g_autoptr(GPtrArray) avoided = g_ptr_array_new ();
  const MuCommand *end = NULL;
  const MuCommand *hint;

  g_return_val_if_fail (m != NULL && legal != NULL && rng != NULL, NULL);
  if (legal->len == 0)
    return NULL;

  /* where the rules prescribe the command, the ruleset names it */
  if ((hint = mu_match_policy_hint (m, legal)) != NULL)
    return hint;

  /* the ruleset says which of its verbs attack and which end a step */
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const MuVerbInfo *verb = mu_match_find_verb (m, mu_command_get_verb (c));
      guint flags = verb ? verb->flags : 0;

      if (flags & MU_VERB_END_STEP)
        end = c;
      else if (flags & MU_VERB_ATTACK)
        g_ptr_array_add (attacks, (gpointer) c);
      else if (mu_match_policy_avoids (m, c))
        /* it would take back the side's own last command */
        g_ptr_array_add (avoided, (gpointer) c);
      else
        g_ptr_array_add (others, (gpointer) c);
    }
  /* never stuck: what was left is taken when nothing else is */
  if (others->len == 0 && end == NULL)
    g_ptr_array_extend (others, avoided, NULL, NULL);
  /* in a reaction window, reactions are attacks too: pass now and then,
   * so that a computer side (and the simulator) declines some */
  if (end && mu_match_get_reaction (m) != NULL && mu_match_get_pending (m) == NULL &&
      mu_dice_uniform (rng, 4) == 0)
    return end;
  if (attacks->len)
    return g_ptr_array_index (attacks, mu_dice_uniform (rng, attacks->len));
  if (others->len == 0 || (end && mu_dice_uniform (rng, 10) == 0))
    return end;
  if (policy == MU_POLICY_GREEDY)
    {
      /* the move that gets closest to a goal; the unit to move is random */
      const MuCommand *pick = g_ptr_array_index (others, mu_dice_uniform (rng, others->len));
      const MuCommand *best = pick;
      const MuScenario *s = mu_match_get_scenario (m);
      const MuVerbInfo *verb = mu_ruleset_find_verb (mu_match_get_ruleset (m), mu_command_get_verb (pick));
      const char *unit = mu_command_word (pick, 0);
      const MuCounter *who = unit ? mu_scenario_find_counter (s, unit) : NULL;
      g_autoptr(GArray) goals = NULL;
      int best_d = G_MAXINT;

      if (verb == NULL || !(verb->flags & MU_VERB_MOVE) || who == NULL)
        return pick;
      goals = goals_for (m, who->side);
      for (guint i = 0; i < others->len; i++)
        {
          const MuCommand *c = g_ptr_array_index (others, i);
          guint n = mu_command_n_args (c);
          const MuArg *last = n ? mu_command_arg (c, n - 1) : NULL;
          int d;

          /* the last position of the path: a hex, a table point or pose */
          if (g_strcmp0 (mu_command_get_verb (c), mu_command_get_verb (pick)) != 0 ||
              g_strcmp0 (mu_command_word (c, 0), unit) != 0 || last == NULL ||
              !(last->kind == MU_ARG_POS || (last->kind == MU_ARG_STEP && last->move == MU_MOVE_TO)))
            continue;
          d = goal_distance (s, goals, &last->pos);
          if (d < best_d)
            {
              best_d = d;
              best = c;
            }
        }
      return best;
    }
  return g_ptr_array_index (others, mu_dice_uniform (rng, others->len));
}

MuDice *
mu_policy_rng_new (guint64 seed)
{
  return mu_dice_new (seed ^ G_GUINT64_CONSTANT (0x5eed5eed5eed5eed));
}
