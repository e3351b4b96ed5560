/* baa-chain.c: the command chain both Brothers at Arms rulesets call (see
 * baa-chain.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-chain.h"

#include "baa-events.h"

#include <glib/gi18n-lib.h>

#define FOR_EACH(array, x) \
  for (guint _n##x = 0; _n##x < (array)->len; _n##x++) \
    for (gpointer x = g_ptr_array_index ((array), _n##x); x; x = NULL)

static void
orders (const BaaChain *ch, const char *id, const char *how, const char *rule)
{
  MuEvent *e = ch->ops->event (ch->match, ch->events, &baa_ev_orders, id, rule);

  mu_event_set_text (e, how);
}

static void
marker (const BaaChain *ch, gboolean placed, const char *id, const char *name, const char *rule)
{
  MuEvent *e = ch->ops->event (ch->match, ch->events, BAA_EV_MARKER (placed), id, rule);

  mu_event_set_text (e, name);
}

static gboolean
roll (const BaaChain *ch, const char *purpose, const char *subject, const char *object,
      int modifier, int target, const char *rule)
{
  gboolean ok = FALSE;

  mu_dice_roll (ch->dice, ch->events, purpose, subject, object, modifier, MU_ROLL_AT_MOST, target,
                rule, &ok);
  return ok;
}

/* A commander of the active side, not a control commander, in action. */
static gboolean
subordinate (const BaaChain *ch, const BaaChainCdr *c)
{
  return !c->is_control && c->side == ch->active && c->active;
}

/* A unit of the active side, in action, neither NIC nor under orders yet. */
static gboolean
awaits_orders (const BaaChain *ch, const BaaChainUnit *u)
{
  return u->side == ch->active && u->active && !*u->nic && !*u->has_orders;
}

/* The commander gives its units orders: it has orders itself, or it is a
 * control commander commanding directly. */
static gboolean
commands (const BaaChain *ch, const BaaChainCdr *c, gboolean range)
{
  if (!c->active)
    return FALSE;
  if (c->is_control && (!range || ch->ops->direct_control_rule))
    return TRUE;
  return *c->has_orders;
}

void
baa_chain_control_range (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;

  FOR_EACH (ch->cdrs, cp)
    {
      BaaChainCdr c;

      ops->cdr_view (ch->match, cp, &c);
      if (!subordinate (ch, &c))
        continue;
      if (c.exceptional)
        {
          *c.has_orders = TRUE;
          orders (ch, c.id, NC_("event text", "exceptional"), ops->exceptional_rule);
          continue;
        }
      /* within the range of any active control commander of its side */
      FOR_EACH (ch->cdrs, kp)
        {
          BaaChainCdr k;

          ops->cdr_view (ch->match, kp, &k);
          if (k.is_control && k.side == c.side && k.active && ops->control_in_range (ch->match, kp, cp))
            *c.has_orders = TRUE;
        }
      if (*c.has_orders)
        orders (ch, c.id, NC_("event text", "control-range"), ops->control_range_rule);
    }
}

void
baa_chain_control_roll (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;
  BaaChainCdr best = { 0 };

  /* against the best active control commander's leadership; with none, a
   * natural 1 (or, where the ruleset says so, the commander's own value) */
  if (ops->no_control_rule)
    FOR_EACH (ch->cdrs, kp)
      {
        BaaChainCdr k;

        ops->cdr_view (ch->match, kp, &k);
        if (k.is_control && k.side == ch->active && k.active &&
            (best.self == NULL || k.leadership > best.leadership))
          best = k;
      }
  FOR_EACH (ch->cdrs, cp)
    {
      BaaChainCdr c;
      const char *rule = ops->control_roll_rule;
      gboolean ok;

      ops->cdr_view (ch->match, cp, &c);
      if (!subordinate (ch, &c) || *c.has_orders)
        continue;
      if (ops->no_control_rule == NULL)
        ok = roll (ch, NC_("event text", "command"), c.id, NULL, ch->modifier, c.leadership, rule);
      else if (best.self)
        ok = roll (ch, NC_("event text", "command"), c.id, best.id, ch->modifier, best.leadership, rule);
      else
        ok = roll (ch, NC_("event text", "command"), c.id, NULL, 0, 1, rule = ops->no_control_rule);
      if (ok)
        {
          *c.has_orders = TRUE;
          orders (ch, c.id, NC_("event text", "roll"), rule);
        }
    }
}

void
baa_chain_control_nic (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;

  FOR_EACH (ch->cdrs, cp)
    {
      BaaChainCdr c;

      ops->cdr_view (ch->match, cp, &c);
      if (!subordinate (ch, &c) || *c.has_orders)
        continue;
      *c.nic = TRUE;
      marker (ch, TRUE, c.id, "nic", ops->control_nic_rule);
      /* the whole formation, but for a reserve's first move */
      FOR_EACH (ch->units, up)
        {
          BaaChainUnit u;

          ops->unit_view (ch->match, up, &u);
          if (u.active && !*u.nic && !u.reserve_free && ops->follows (ch->match, up, cp))
            {
              *u.nic = TRUE;
              marker (ch, TRUE, u.id, "nic", ops->control_nic_rule);
            }
        }
    }
}

void
baa_chain_command_range (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;

  FOR_EACH (ch->units, up)
    {
      BaaChainUnit u;
      BaaChainCdr c;
      gpointer cp;

      ops->unit_view (ch->match, up, &u);
      if (!awaits_orders (ch, &u))
        continue;
      if (u.reserve_free)
        {
          *u.has_orders = TRUE;
          orders (ch, u.id, NC_("event text", "reserve"), ops->reserve_rule);
          continue;
        }
      cp = ops->commander (ch->match, up);
      if (cp == NULL)
        continue;
      ops->cdr_view (ch->match, cp, &c);
      if (commands (ch, &c, TRUE) && ops->unit_in_range (ch->match, cp, up))
        {
          *u.has_orders = TRUE;
          orders (ch, u.id, NC_("event text", "command-range"),
                  c.is_control && ops->direct_control_rule ? ops->direct_control_rule
                                                           : ops->command_range_rule);
        }
    }
}

void
baa_chain_command_roll (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;
  g_autoptr(GHashTable) rolled = g_hash_table_new (NULL, NULL);

  FOR_EACH (ch->units, up)
    {
      BaaChainUnit u;
      gpointer cp, fp;

      ops->unit_view (ch->match, up, &u);
      if (!awaits_orders (ch, &u))
        continue;
      cp = ops->commander (ch->match, up);
      if (cp)
        {
          BaaChainCdr c;

          ops->cdr_view (ch->match, cp, &c);
          if (commands (ch, &c, FALSE))
            {
              /* a d6 at most the commander's leadership */
              if (roll (ch, NC_("event text", "command"), u.id, c.id, ch->modifier, c.leadership,
                        c.is_control && ops->direct_control_rule ? ops->direct_control_rule
                                                                 : ops->command_roll_rule))
                {
                  *u.has_orders = TRUE;
                  if (u.roll_ordered)
                    *u.roll_ordered = TRUE;
                  orders (ch, u.id, NC_("event text", "roll"), ops->command_roll_rule);
                }
              continue;
            }
        }
      /* the formation's commander out of action: one natural 1 for them all */
      fp = ops->out_of_action (ch->match, up);
      if (fp && !g_hash_table_contains (rolled, fp))
        {
          BaaChainCdr f;

          g_hash_table_add (rolled, fp);
          ops->cdr_view (ch->match, fp, &f);
          if (!roll (ch, ops->formation_word, f.id, NULL, 0, 1, ops->formation_roll_rule))
            continue;
          FOR_EACH (ch->units, vp)
            {
              BaaChainUnit v;

              ops->unit_view (ch->match, vp, &v);
              if (v.side == u.side && v.active && !*v.nic && !*v.has_orders &&
                  ops->follows (ch->match, vp, fp))
                {
                  *v.has_orders = TRUE;
                  if (v.roll_ordered)
                    *v.roll_ordered = TRUE;
                  orders (ch, v.id, ops->formation_orders, ops->formation_roll_rule);
                }
            }
        }
    }
}

void
baa_chain_command_nic (const BaaChain *ch)
{
  FOR_EACH (ch->units, up)
    {
      BaaChainUnit u;

      ch->ops->unit_view (ch->match, up, &u);
      if (awaits_orders (ch, &u))
        {
          *u.nic = TRUE;
          marker (ch, TRUE, u.id, "nic", ch->ops->command_nic_rule);
        }
    }
}

void
baa_chain_remove_markers (const BaaChain *ch)
{
  const BaaChainOps *ops = ch->ops;

  FOR_EACH (ch->units, up)
    {
      BaaChainUnit u;
      gboolean own = FALSE;

      ops->unit_view (ch->match, up, &u);
      if (u.side == ch->active)
        {
          own = TRUE;
          if (*u.nic)
            {
              *u.nic = FALSE;
              marker (ch, FALSE, u.id, "nic", ops->nic_lift_rule);
            }
          /* off at the end of the side's next round */
          if (*u.pinned && u.pinned_round < ch->round_serial)
            {
              *u.pinned = FALSE;
              marker (ch, FALSE, u.id, "pinned", ops->pinned_lift_rule);
            }
        }
      *u.has_orders = FALSE;
      if (u.roll_ordered)
        *u.roll_ordered = FALSE;
      ops->unit_new_round (ch->match, up, own);
    }
  FOR_EACH (ch->cdrs, cp)
    {
      BaaChainCdr c;

      ops->cdr_view (ch->match, cp, &c);
      if (c.side == ch->active && *c.nic)
        {
          *c.nic = FALSE;
          marker (ch, FALSE, c.id, "nic", ops->nic_lift_rule);
        }
      *c.has_orders = FALSE;
      ops->cdr_new_round (ch->match, cp);
    }
}
