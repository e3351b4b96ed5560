/* toy-soldiers-cdr.c: the commander step of Toy Soldiers (TS-CDR-1..8,
 * TS-AMB-56, TS-AMB-57): at most one commander action a commander, before
 * any unit acts; each moves him first where it says. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


MuStand
ts_commander_stand (const TsMatch *m, const TsUnit *c)
{
  const TsUnit *u = ts_unit_at (m, c->attached);

  /* TS-AMB-57: attached, he is at the centre of the command stand */
  if (u && ts_in_play (u))
    {
      MuStand s = c->n_st ? c->st[0] : u->st[0];
      MuPoint right = mu_facing_vector (u->facing + 90.0);
      const MuStand *best = &u->st[0];

      for (guint k = 1; k < u->n_st; k++)
        if (u->st[k].rank == 0 &&
            mu_table_beyond (u->st[k].centre.x * right.x + u->st[k].centre.y * right.y,
                             best->centre.x * right.x + best->centre.y * right.y))
          best = &u->st[k];
      s.centre = best->centre;
      s.facing = u->facing;
      return s;
    }
  return c->st[0];
}

void
ts_detach (TsMatch *m, TsUnit *c)
{
  MuStand s = ts_commander_stand (m, c);
  MuPoint f = mu_facing_vector (s.facing);

  /* TS-AMB-57: he stays where he stood, at the command stand */
  c->attached = TS_NONE;
  c->anchor = (MuPoint) { s.centre.x + f.x * s.depth / 2, s.centre.y + f.y * s.depth / 2 };
  c->facing = s.facing;
  ts_layout (m, c);
}

static int
units_of (const TsMatch *m, const TsUnit *c)
{
  int n = 0;
  int ci = ts_unit_index (m, c);

  TS_FOR_UNITS (m, u)
    if (u->type != TS_COMMANDER && u->cmdr == ci && ts_in_play (u))
      n++;
  return n;
}

/* TS-AMB-57: his move, straight legs to the points given from arg
 * `first` on, totalling at most `reach` inches, ending clear of every
 * stand and out of contact with the enemy; the end anchor in *to. */
static gboolean
commander_path (const TsMatch *m, const TsUnit *c, const MuCommand *cmd, guint first, double reach,
                MuPoint *to, GError **error)
{
  MuStand s = ts_commander_stand (m, c);
  MuPoint f = mu_facing_vector (s.facing);
  MuPoint at = { s.centre.x + f.x * s.depth / 2, s.centre.y + f.y * s.depth / 2 };
  double length = 0;
  TsUnit after;

  for (guint i = first; i < mu_command_n_args (cmd); i++)
    {
      const MuArg *a = mu_command_arg (cmd, i);

      if ((a->kind != MU_ARG_POS && !(a->kind == MU_ARG_STEP && a->move == MU_MOVE_TO)) || !a->pos.is_point)
        return mu_rules_refuse (error, "TS-AMB-57", "a commander's move is table points @X,Y");
      length += hypot (a->pos.point.x - at.x, a->pos.point.y - at.y);
      at = a->pos.point;
    }
  if (mu_table_beyond (length, ts_in (m, reach)))
    return mu_rules_refuse (error, "TS-AMB-57", "%s moves at most %g\" in this action", c->def->id, reach);
  after = *c;
  after.attached = TS_NONE;
  after.anchor = at;
  after.facing = s.facing;
  after.n_st = ts_layout_at (m, &after, TS_FORM_LINE, 1, at, s.facing, after.st);
  if (!ts_on_table (m, after.st, after.n_st))
    return mu_rules_refuse (error, "TS-AMB-57", "the table's edge stops him");
  if (mu_table_beyond (length, 0))
    TS_FOR_UNITS (m, o)
      if (o->type != TS_COMMANDER && ts_in_play (o) &&
          (mu_stands_overlap (after.st, 1, o->st, o->n_st) ||
           (o->side != c->side &&
            mu_stands_in_contact (after.st, 1, o->st, o->n_st, mu_table_contact_tolerance (m->table->unit)))))
        return mu_rules_refuse (error, "TS-AMB-57", "%s may not end on a stand or touching the enemy", c->def->id);
  *to = at;
  return TRUE;
}

static void
commander_move (TsMatch *m, TsUnit *c, MuPoint to, const char *what, const char *rule, GPtrArray *events)
{
  MuStand s = ts_commander_stand (m, c);
  MuPoint f = mu_facing_vector (s.facing);
  MuPoint from = { s.centre.x + f.x * s.depth / 2, s.centre.y + f.y * s.depth / 2 };
  MuEvent *e;

  /* TS-AMB-57: his next commander action detaches him first */
  if (c->attached != TS_NONE)
    {
      e = ts_event (m, events, &ts_ev_detach, c->def->id, "TS-AMB-57");
      if (e)
        mu_event_set_text (e, ts_unit_at (m, c->attached)->def->id);
      c->attached = TS_NONE;
    }
  if (mu_table_within (hypot (to.x - from.x, to.y - from.y), 0))
    {
      c->anchor = from;
      c->facing = s.facing;
      ts_layout (m, c);
      return;
    }
  c->anchor = to;
  c->facing = s.facing;
  ts_layout (m, c);
  e = ts_event (m, events, &ts_ev_move, c->def->id, rule);
  if (e)
    {
      mu_event_set_text (e, what);
      e->from = mu_pos_from_point (from.x, from.y, s.facing);
      e->to = mu_pos_from_point (to.x, to.y, s.facing);
    }
}

static void
attach (TsMatch *m, TsUnit *c, TsUnit *u, const char *rule, GPtrArray *events)
{
  MuEvent *e = ts_event (m, events, &ts_ev_attach, c->def->id, rule);

  if (e)
    mu_event_set_text (e, u->def->id);
  c->attached = ts_unit_index (m, u);
}

static double
commander_reach_to (const TsMatch *m, const TsUnit *c, const TsUnit *u)
{
  MuStand s = ts_commander_stand (m, c);

  return mu_stands_distance (&s, 1, u->st, u->n_st);
}

static double
nearest_enemy (const TsMatch *m, const MuStand *s, int side, const TsUnit **which)
{
  double best = G_MAXDOUBLE;

  TS_FOR_UNITS (m, o)
    if (o->type != TS_COMMANDER && o->side != side && ts_in_play (o) &&
        mu_stands_distance (s, 1, o->st, o->n_st) < best)
      {
        best = mu_stands_distance (s, 1, o->st, o->n_st);
        if (which)
          *which = o;
      }
  return best;
}

/* TS-CDR-7, TS-AMB-83: the rally's next roll, with its +1 disorder when it
 * is a further one. */
static void
rally_roll (TsMatch *m, TsUnit *c, TsUnit *u, gboolean again, GPtrArray *events)
{
  gboolean ok = FALSE;
  int need;
  TsUnit grown;

  if (again)
    ts_add_disorder (m, u, 1, "TS-AMB-11", events);
  need = u->disorder + u->stress + c->chaos;
  {
    /* TS-CDR-7: the sum must be above disorder + stress + chaos */
    MuRoll roll = { "rally", u->def->id, NULL, 3, MU_DICE_SUM, 0, NULL, 0, 0, need, MU_ROLL_ABOVE, 0, NULL,
                    "TS-CDR-7" };
    MuRollResult r;

    mu_dice_roll_read (m->dice, events, &roll, &r);
    ok = r.success;
  }
  if (!ok || !ts_in_play (u))
    return;
  grown = *u;
  grown.stands++;
  ts_layout (m, &grown);
  u->stands++;
  u->lost_pool--;
  ts_layout (m, u);
  {
    MuEvent *e = ts_event (m, events, &ts_ev_rallied, u->def->id, "TS-CDR-7");

    if (e)
      e->value = u->stands;
  }
  if (u->lost_pool > 0 && u->disorder < 6)
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      grown = *u;
      grown.stands++;
      ts_layout (m, &grown);
      TS_FOR_UNITS (m, o)
        if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (grown.st, grown.n_st, o->st, o->n_st))
          return;
      if (!ts_on_table (m, grown.st, grown.n_st))
        return;
      ts_decide (m, TS_DECIDE_RALLY_AGAIN, u->side, ts_unit_index (m, u), "TS-AMB-83", yes_no, events,
                 N_("Does the commander try to rally another stand of %s?"), ts_unit_name (u));
      m->decision.value = ts_unit_index (m, c);
    }
}

gboolean
ts_rally_again (TsMatch *m, int cmdr, gboolean yes, GPtrArray *events)
{
  TsUnit *c = ts_unit_at (m, cmdr);
  TsUnit *u = c ? ts_unit_at (m, c->attached) : NULL;

  if (yes && u && u->lost_pool > 0)
    rally_roll (m, c, u, TRUE, events);
  return TRUE;
}

static gboolean
rally_qualifies (const TsMatch *m, const TsUnit *u, GError **error)
{
  if (u->type == TS_ART)
    return mu_rules_refuse (error, "TS-ART-3", "artillery may not be rallied");
  if (!ts_in_play (u))
    return mu_rules_refuse (error, "TS-CDR-9", "a dispersed battalion is reformed, not rallied");
  if (u->lost_pool == 0)
    return mu_rules_refuse (error, "TS-CDR-7", "%s has no lost stand to rally", u->def->id);
  if (u->fired_on || u->fired_on_last)
    return mu_rules_refuse (error, "TS-AMB-83", "%s received enemy fire last game turn or this one", u->def->id);
  /* the "out of sight beyond 9"" case needs sight, not built: only 18" */
  TS_FOR_UNITS (m, o)
    if (o->type != TS_COMMANDER && o->side != u->side && ts_in_play (o) &&
        (mu_table_within (ts_unit_distance (u, o), ts_in (m, 18)) ||
         mu_table_within (mu_stands_distance (u->st, u->n_st, o->skirm, o->n_skirm), ts_in (m, 18))))
      return mu_rules_refuse (error, "TS-CDR-7", "%s is within 18\" of %s", u->def->id, o->def->id);
  {
    TsUnit grown = *u;

    grown.stands++;
    grown.n_st = ts_layout_at (m, &grown, grown.form, grown.stands, grown.anchor, grown.facing, grown.st);
    TS_FOR_UNITS (m, o)
      if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (grown.st, grown.n_st, o->st, o->n_st))
        return mu_rules_refuse (error, "TS-AMB-83", "there is no room for another stand of %s", u->def->id);
    if (!ts_on_table (m, grown.st, grown.n_st))
      return mu_rules_refuse (error, "TS-AMB-83", "there is no room for another stand of %s", u->def->id);
  }
  return TRUE;
}

gboolean
ts_apply_commander (TsMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (cmd);
  TsUnit *c = ts_find (m, mu_command_word (cmd, 0));
  MuPoint to;

  if (c == NULL || c->type != TS_COMMANDER)
    return mu_rules_refuse (error, "TS-CDR-1", "“%s” is not a commander",
                            mu_command_word (cmd, 0) ? mu_command_word (cmd, 0) : "");
  if (c->side != ts_active_side (m))
    return mu_rules_refuse (error, "TS-CDR-1", "%s is not of the side playing this player-turn", c->def->id);
  if (m->step != TS_STEP_COMMANDER)
    return mu_rules_refuse (error, "TS-CDR-1", "commander actions come before any unit acts");
  if (c->cdr_acted)
    return mu_rules_refuse (error, "TS-CDR-1", "%s has taken his commander action this player-turn", c->def->id);
  if (c->dispersed)
    return mu_rules_refuse (error, "TS-CDR-1", "%s is not on the table", c->def->id);

  if (g_str_equal (verb, "attach"))
    {
      TsUnit *u = ts_find (m, mu_command_word (cmd, 1));
      int cost;

      if (u == NULL || u->type == TS_COMMANDER || u->cmdr != ts_unit_index (m, c) || !ts_in_play (u))
        return mu_rules_refuse (error, "TS-AMB-56", "%s attaches to a unit of his own on the table", c->def->id);
      if (mu_table_beyond (commander_reach_to (m, c, u), ts_in (m, m->num.attach_reach)))
        return mu_rules_refuse (error, "TS-CDR-2", "%s is more than %g\" from %s", c->def->id,
                                m->num.attach_reach, u->def->id);
      if (c->attached == ts_unit_index (m, u))
        return mu_rules_refuse (error, "TS-CDR-2", "%s is attached to %s already", c->def->id, u->def->id);
      /* TS-CDR-2: +1 chaos unless it is the command's only unit */
      cost = units_of (m, c) > 1 ? 1 : 0;
      if (c->chaos + cost > 6)
        return mu_rules_refuse (error, "TS-STATE-3", "it would take %s's chaos above 6", c->def->id);
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      if (c->attached != TS_NONE)
        commander_move (m, c, ts_commander_stand (m, c).centre, "detach", "TS-AMB-57", events);
      attach (m, c, u, "TS-CDR-2", events);
      ts_add_chaos (m, c, cost, "TS-CDR-2", events);
      return TRUE;
    }
  if (g_str_equal (verb, "ride"))
    {
      if (mu_command_n_args (cmd) < 2)
        return mu_rules_refuse (error, "TS-CDR-3", "a ride needs its points");
      if (!commander_path (m, c, cmd, 1, m->num.ride, &to, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      commander_move (m, c, to, "ride", "TS-CDR-3", events);
      return TRUE;
    }
  if (g_str_equal (verb, "consolidate"))
    {
      int die, floor, far = 0;

      if (!commander_path (m, c, cmd, 1, m->num.consolidate, &to, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      commander_move (m, c, to, "consolidate", "TS-CDR-4", events);
      die = mu_dice_roll (m->dice, events, "consolidate", c->def->id, NULL, 0, MU_ROLL_NONE, 0, "TS-CDR-4", NULL);
      /* TS-AMB-4, TS-AMB-55: + his units more than 12" from his stand after the move */
      TS_FOR_UNITS (m, u)
        if (u->type != TS_COMMANDER && u->cmdr == ts_unit_index (m, c) && ts_in_play (u) &&
            mu_table_beyond (commander_reach_to (m, c, u), ts_in (m, 12)))
          far++;
      floor = MIN (ts_chaos_floor (m, c) + far, 6);
      ts_add_chaos (m, c, MIN (c->chaos, MAX (c->chaos - die, floor)) - c->chaos, "TS-CDR-4", events);
      return TRUE;
    }
  if (g_str_equal (verb, "aware"))
    {
      gboolean ok = FALSE;

      if (!commander_path (m, c, cmd, 1, m->num.consolidate, &to, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      m->any_aware = TRUE;
      commander_move (m, c, to, "aware", "TS-CDR-6", events);
      /* TS-CDR-6, TS-AMB-2: the die must beat his chaos */
      mu_dice_roll (m->dice, events, "aware", c->def->id, NULL, 0, MU_ROLL_AT_LEAST, c->chaos + 1, "TS-CDR-6", &ok);
      if (ok)
        {
          c->aware = TRUE;
          ts_event (m, events, &ts_ev_aware, c->def->id, "TS-CDR-6");
        }
      return TRUE;
    }
  if (g_str_equal (verb, "berate"))
    {
      if (mu_command_n_args (cmd) != 1)
        return mu_rules_refuse (error, "TS-CDR-8", "berate names only the commander");
      if (c->chaos + 1 > 6)
        return mu_rules_refuse (error, "TS-STATE-3", "it would take %s's chaos above 6", c->def->id);
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      c->berated = TRUE;
      ts_add_chaos (m, c, 1, "TS-CDR-8", events);
      return TRUE;
    }
  if (g_str_equal (verb, "inspire"))
    {
      MuStand before = ts_commander_stand (m, c), after;
      const TsUnit *foe = NULL;
      double d0, d1;
      TsUnit moved;

      if (mu_command_n_args (cmd) < 2)
        return mu_rules_refuse (error, "TS-CDR-5", "inspire needs the points of his move");
      if (c->chaos + 2 > 6)
        return mu_rules_refuse (error, "TS-STATE-3", "it would take %s's chaos above 6", c->def->id);
      if (!commander_path (m, c, cmd, 1, m->num.inspire, &to, error))
        return FALSE;
      moved = *c;
      moved.n_st = ts_layout_at (m, &moved, TS_FORM_LINE, 1, to, before.facing, moved.st);
      after = moved.st[0];
      d0 = nearest_enemy (m, &before, c->side, NULL);
      d1 = nearest_enemy (m, &after, c->side, &foe);
      /* TS-AMB-57: toward the enemy, ending within 6", no friend between */
      if (mu_table_beyond (d1, d0))
        return mu_rules_refuse (error, "TS-AMB-57", "%s must move toward the enemy", c->def->id);
      if (foe == NULL || mu_table_beyond (d1, ts_in (m, 6)))
        return mu_rules_refuse (error, "TS-CDR-5", "%s must end within 6\" of the enemy", c->def->id);
      for (int k = 1; k < 50; k++)
        {
          MuPoint p = after.centre;
          double best = G_MAXDOUBLE;
          MuPoint q = p;

          /* the nearest point of the foe, approximated by its nearest stand centre */
          for (guint j = 0; j < foe->n_st; j++)
            if (hypot (foe->st[j].centre.x - p.x, foe->st[j].centre.y - p.y) < best)
              {
                best = hypot (foe->st[j].centre.x - p.x, foe->st[j].centre.y - p.y);
                q = foe->st[j].centre;
              }
          p = (MuPoint) { p.x + (q.x - p.x) * k / 50.0, p.y + (q.y - p.y) * k / 50.0 };
          TS_FOR_UNITS (m, o)
            if (o->side == c->side && o->type != TS_COMMANDER && ts_in_play (o) &&
                mu_table_within (mu_stands_point_distance (o->st, o->n_st, p), 0))
              return mu_rules_refuse (error, "TS-CDR-5", "%s stands between %s and the enemy", o->def->id,
                                      c->def->id);
        }
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      commander_move (m, c, to, "inspire", "TS-CDR-5", events);
      ts_add_chaos (m, c, 2, "TS-CDR-5", events);
      TS_FOR_UNITS (m, u)
        if (u->type != TS_COMMANDER && u->side == c->side && ts_in_play (u) &&
            mu_table_within (mu_stands_distance (&c->st[0], 1, u->st, u->n_st), ts_in (m, 12)))
          {
            MuStand f[MU_STANDS_MAX];
            guint n = 0;

            for (guint k = 0; k < u->n_st; k++)
              if (u->st[k].rank == 0)
                f[n++] = u->st[k];
            /* TS-AMB-42 (b): his stand to the unit's front */
            if (mu_stands_in_arc (f, n, ts_formation_shapes[u->form].all_round ? MU_ARC_ALL_ROUND : m->num.arc,
                                  &c->st[0], 1, MU_ARC_WHOLE_STAND))
              ts_add_stress (m, u, -2, "TS-CDR-5", events);
          }
      return TRUE;
    }
  if (g_str_equal (verb, "rally"))
    {
      TsUnit *u = ts_find (m, mu_command_word (cmd, 1));
      TsUnit moved;

      if (u == NULL || u->type == TS_COMMANDER || u->cmdr != ts_unit_index (m, c))
        return mu_rules_refuse (error, "TS-AMB-56", "%s rallies a unit of his own", c->def->id);
      if (!rally_qualifies (m, u, error))
        return FALSE;
      if (!commander_path (m, c, cmd, 2, m->num.rally, &to, error))
        return FALSE;
      moved = *c;
      moved.attached = TS_NONE;
      moved.n_st = ts_layout_at (m, &moved, TS_FORM_LINE, 1, to, ts_commander_stand (m, c).facing, moved.st);
      if (mu_table_beyond (mu_stands_distance (moved.st, 1, u->st, u->n_st), ts_in (m, m->num.attach_reach)))
        return mu_rules_refuse (error, "TS-AMB-57", "%s must end within 6\" of %s", c->def->id, u->def->id);
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      commander_move (m, c, to, "rally", "TS-CDR-7", events);
      attach (m, c, u, "TS-CDR-7", events);
      rally_roll (m, c, u, FALSE, events);
      return TRUE;
    }
  if (g_str_equal (verb, "reform"))
    {
      TsUnit *u = ts_find (m, mu_command_word (cmd, 1));
      const MuArg *at = mu_command_arg (cmd, 2);
      const char *form = mu_command_word (cmd, 3), *pay = mu_command_word (cmd, 4);
      MuStand cs = ts_commander_stand (m, c);
      TsUnit back;
      TsForm f;
      gboolean ok = FALSE;

      /* TS-CDR-9, TS-AMB-84: infantry battalions of his, dispersed */
      if (u == NULL || u->cmdr != ts_unit_index (m, c) || (u->type != TS_LINE_INF && u->type != TS_LIGHT_INF))
        return mu_rules_refuse (error, "TS-AMB-84", "%s reforms an infantry battalion of his own", c->def->id);
      if (!u->dispersed || u->lost_pool < 1)
        return mu_rules_refuse (error, "TS-CDR-9", "%s is not dispersed", u->def->id);
      TS_FOR_UNITS (m, o)
        if (o->type != TS_COMMANDER && o->side != c->side && ts_in_play (o) &&
            (mu_table_within (mu_stands_distance (&cs, 1, o->st, o->n_st), ts_in (m, 24)) ||
             mu_table_within (mu_stands_distance (&cs, 1, o->skirm, o->n_skirm), ts_in (m, 24))))
          return mu_rules_refuse (error, "TS-CDR-9", "%s is within 24\" of the enemy", c->def->id);
      if (at == NULL || at->kind != MU_ARG_POS || !at->pos.is_point || !ts_form_parse (form, &f) ||
          f > TS_FORM_SQUARE)
        return mu_rules_refuse (error, "TS-AMB-84", "reform needs the pose @X,Y/F and an infantry formation");
      if (g_strcmp0 (pay, "elan") == 0 && m->elan[c->side] < 1)
        return mu_rules_refuse (error, "TS-AMB-77", "paying élan needs 1 or more");
      back = *u;
      back.dispersed = FALSE;
      back.stands = 1;
      back.n_skirm = 0;
      back.form = f;
      back.anchor = at->pos.point;
      back.facing = at->pos.has_facing ? at->pos.facing : c->facing;
      ts_layout (m, &back);
      if (mu_table_beyond (mu_stands_distance (&cs, 1, back.st, back.n_st), ts_in (m, 24)))
        return mu_rules_refuse (error, "TS-AMB-84", "it returns within 24\" of %s", c->def->id);
      if (!ts_on_table (m, back.st, back.n_st))
        return mu_rules_refuse (error, "TS-AMB-84", "it returns on the table");
      TS_FOR_UNITS (m, o)
        {
          if (o == u || o->type == TS_COMMANDER || !ts_in_play (o))
            continue;
          if (mu_stands_overlap (back.st, back.n_st, o->st, o->n_st))
            return mu_rules_refuse (error, "TS-AMB-84", "it may not overlap %s", o->def->id);
          if (o->side != c->side &&
              (mu_table_beyond (ts_in (m, 18), mu_stands_distance (back.st, back.n_st, o->st, o->n_st)) ||
               mu_table_beyond (ts_in (m, 18), mu_stands_distance (back.st, back.n_st, o->skirm, o->n_skirm))))
            return mu_rules_refuse (error, "TS-AMB-84", "it returns at least 18\" from every enemy stand");
        }
      if (events == NULL)
        return TRUE;
      c->cdr_acted = TRUE;
      if (c->attached != TS_NONE)
        commander_move (m, c, (MuPoint) { cs.centre.x + mu_facing_vector (cs.facing).x * cs.depth / 2,
                                          cs.centre.y + mu_facing_vector (cs.facing).y * cs.depth / 2 },
                        "detach", "TS-AMB-57", events);
      if (g_strcmp0 (pay, "elan") == 0)
        ts_add_elan (m, c->side, -1, "TS-ELAN-2", events);
      else
        {
          /* TS-CDR-9: 1d6 at least his chaos; a failure uses the action */
          mu_dice_roll (m->dice, events, "reform", c->def->id, NULL, 0, MU_ROLL_AT_LEAST, c->chaos, "TS-CDR-9", &ok);
          if (!ok)
            return TRUE;
        }
      if (m->finished)
        return TRUE;
      {
        int die = mu_dice_roll (m->dice, events, "reform-stress", u->def->id, NULL, 0, MU_ROLL_NONE, 0,
                                "TS-CDR-9", NULL);
        MuEvent *e;

        *u = back;
        u->lost_pool--;
        u->stress = die;
        u->disorder = 6;
        ts_layout (m, u);
        e = ts_event (m, events, &ts_ev_reformed, u->def->id, "TS-CDR-9");
        if (e)
          e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
      }
      return TRUE;
    }
  return mu_rules_refuse (error, NULL, "unknown command “%s”", verb);
}

/* Lone commanders contacted ------------------------------------------------------------ */

/* TS-CDR-11: the dice read; TRUE when a decision (escape) is open. */
static gboolean
contact_result (TsMatch *m, TsUnit *u, TsUnit *c, int ud, int cd, TsAction a, GPtrArray *events)
{
  if (ud > cd)
    {
      ts_add_chaos (m, c, ud - cd, "TS-CDR-11", events);
      ts_commander_casualty (m, c, u, "TS-CDR-11", events);
      return FALSE;
    }
  ts_add_chaos (m, c, 1, "TS-CDR-11", events);
  ts_decide (m, TS_DECIDE_ESCAPE, c->side, ts_unit_index (m, c), "TS-AMB-57", NULL, events,
             N_("Where does %s escape to (up to 12\")?"), ts_unit_name (c));
  m->decision.other = ts_unit_index (m, u);
  m->decision.action = a;
  return TRUE;
}

/* TS-CDR-11, TS-AMB-57, TS-AMB-89: an enemy lone commander whose stand the
 * unit's move (or charge stage, a TS_ACT_CHARGE) ended on or within 0.05"
 * of: 1d6 each, the unit first. A
 * higher unit's die makes him a casualty (chaos + the difference, then
 * TS-AMB-13's move to the rear); else chaos +1 and his owner places him up
 * to 12" away (decision escape). Cavalry not already above him may reroll
 * its die first (decision cavalry-reroll). */
gboolean
ts_commander_contact (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  TS_FOR_UNITS (m, c)
    if (c->type == TS_COMMANDER && c->side != u->side && c->attached == TS_NONE && ts_in_play (c))
      {
        MuStand s = ts_commander_stand (m, c);
        int ud, cd;

        if (!mu_stands_overlap (&s, 1, u->st, u->n_st) &&
            mu_table_beyond (mu_stands_distance (&s, 1, u->st, u->n_st), ts_in (m, 0.05)))
          continue;
        ud = mu_dice_roll (m->dice, events, "commander-contact", u->def->id, c->def->id, 0, MU_ROLL_NONE, 0,
                           "TS-CDR-11", NULL);
        cd = mu_dice_roll (m->dice, events, "commander-contact", c->def->id, u->def->id, 0, MU_ROLL_NONE, 0,
                           "TS-CDR-11", NULL);
        if (u->type == TS_CAV && ud <= cd)
          {
            static const char *const yes_no[] = { "yes", "no", NULL };

            ts_decide (m, TS_DECIDE_CAV_REROLL, u->side, ts_unit_index (m, u), "TS-CDR-11", yes_no, events,
                       N_("Does %s reroll its die against the commander?"), ts_unit_name (u));
            m->decision.other = ts_unit_index (m, c);
            m->decision.value = cd;
            m->decision.count = ud;
            m->decision.action = a;
            return TRUE;
          }
        if (contact_result (m, u, c, ud, cd, a, events))
          return TRUE;
      }
  return FALSE;
}

/* The rest of the move's end; a charge's stage goes on with its sequence. */
static void
contact_over (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  if (a == TS_ACT_CHARGE)
    ts_charge_met (m, u, events);
  else
    ts_move_on (m, u, a, events);
}

/* The answer to cavalry-reroll, then the rest of the move's end. */
void
ts_commander_reroll (TsMatch *m, gboolean yes, const TsDecision *d, GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, d->unit);
  TsUnit *c = ts_unit_at (m, d->other);
  int ud = d->count;

  if (yes)
    ud = mu_dice_roll (m->dice, events, "commander-contact", u->def->id, c->def->id, 0, MU_ROLL_NONE, 0,
                       "TS-CDR-11", NULL);
  if (contact_result (m, u, c, ud, d->value, d->action, events))
    return;
  contact_over (m, u, d->action, events);
}

/* The answer to escape: `choose @X,Y`, his new pose's front-edge midpoint. */
gboolean
ts_commander_escape (TsMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  TsDecision saved = m->decision;
  TsUnit *c = ts_unit_at (m, saved.unit);
  MuPoint to;

  if (mu_command_n_args (cmd) != 1)
    return mu_rules_refuse (error, "TS-AMB-57", "escape takes one table point @X,Y");
  if (!commander_path (m, c, cmd, 0, 12, &to, error))
    return FALSE;
  {
    MuStand s = ts_commander_stand (m, c);
    MuPoint f = mu_facing_vector (s.facing);

    /* his escape takes him out of the contact */
    if (mu_table_within (hypot (to.x - s.centre.x - f.x * s.depth / 2, to.y - s.centre.y - f.y * s.depth / 2), 0))
      return mu_rules_refuse (error, "TS-CDR-11", "%s must move away to escape", c->def->id);
  }
  if (events == NULL)
    return TRUE;
  saved.answers = NULL;
  saved.question = saved.shown = NULL;
  saved.labels = NULL;
  ts_decision_clear (&m->decision);
  commander_move (m, c, to, "escape", "TS-CDR-11", events);
  contact_over (m, ts_unit_at (m, saved.other), saved.action, events);
  return TRUE;
}
