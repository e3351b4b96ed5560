/* toy-soldiers-skirmish.c: skirmishers (TS-SKM, TS-AMB-81): deployed or
 * recalled within their battalion's Reorder or Change formation, placed
 * again within any of its actions, following its moves, screening with
 * their -1 on an enemy's reorder, and sharp shooting at commanders. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


/* TS-AMB-16, TS-AMB-38: the command stand, the rightmost of the front rank. */
static const MuStand *
command_stand (const TsUnit *u)
{
  MuPoint right = mu_facing_vector (u->facing + 90.0);
  const MuStand *best = NULL;

  for (guint k = 0; k < u->n_st; k++)
    if (u->st[k].rank == 0 &&
        (best == NULL || mu_table_beyond (u->st[k].centre.x * right.x + u->st[k].centre.y * right.y,
                                          best->centre.x * right.x + best->centre.y * right.y)))
      best = &u->st[k];
  return best;
}

int
ts_enemy_skirm_near (const TsMatch *m, int side, const MuStand *st, guint n, double d)
{
  int count = 0;

  TS_FOR_UNITS (m, o)
    if (o->side != side && o->type != TS_COMMANDER && ts_in_play (o))
      for (int k = 0; k < o->n_skirm; k++)
        if (mu_table_within (mu_stands_distance (&o->skirm[k], 1, st, n), d))
          count++;
  return count;
}

/* A skirmish stand at the front-edge midpoint p, facing as its unit. */
static MuStand
stand_at (const TsUnit *u, MuPoint p)
{
  MuStand s = { { 0, 0 }, u->width, u->depth, u->facing, 0 };
  MuPoint fw = mu_facing_vector (u->facing);

  s.centre = (MuPoint) { p.x - fw.x * u->depth / 2, p.y - fw.y * u->depth / 2 };
  return s;
}

/* TS-AMB-81: within 4" of the command stand, overlapping nothing, not in
 * contact with an enemy stand, on the table. `skip` is a skirmish stand
 * of u's not to count (the one being placed again), -1 none. */
static gboolean
place_clear (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n_st, const MuStand *s, int skip,
             GError **error)
{
  const MuStand *cs = NULL;
  MuPoint right;

  for (guint k = 0; k < n_st; k++)
    {
      right = mu_facing_vector (u->facing + 90.0);
      if (st[k].rank == 0 &&
          (cs == NULL || mu_table_beyond (st[k].centre.x * right.x + st[k].centre.y * right.y,
                                          cs->centre.x * right.x + cs->centre.y * right.y)))
        cs = &st[k];
    }
  if (cs == NULL || mu_table_beyond (mu_stands_distance (s, 1, cs, 1), ts_in (m, 4)))
    return mu_rules_refuse (error, "TS-SKM-3", "a skirmish stand stays within 4\" of its command stand");
  if (!ts_on_table (m, s, 1))
    return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand stays on the table");
  if (mu_stands_overlap (s, 1, st, n_st))
    return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand may not overlap a stand");
  for (int k = 0; k < u->n_skirm; k++)
    if (k != skip && mu_stands_overlap (s, 1, &u->skirm[k], 1))
      return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand may not overlap a stand");
  TS_FOR_UNITS (m, o)
    {
      if (o == u || o->type == TS_COMMANDER || !ts_in_play (o))
        continue;
      if (mu_stands_overlap (s, 1, o->st, o->n_st) || mu_stands_overlap (s, 1, o->skirm, o->n_skirm))
        return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand may not overlap a stand");
      if (o->side != u->side &&
          (mu_stands_in_contact (s, 1, o->st, o->n_st, mu_table_contact_tolerance (m->table->unit)) ||
           mu_stands_in_contact (s, 1, o->skirm, o->n_skirm, mu_table_contact_tolerance (m->table->unit))))
        return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand may not touch the enemy");
    }
  return TRUE;
}

static void
skirm_event (TsMatch *m, TsUnit *u, const char *what, const MuStand *s, GPtrArray *events)
{
  MuEvent *e = ts_event (m, events, &ts_ev_skirmish, u->def->id, "TS-AMB-81");

  if (e)
    {
      mu_event_set_text (e, what);
      if (s)
        {
          MuPoint fw = mu_facing_vector (s->facing);

          e->at = mu_pos_from_point (s->centre.x + fw.x * s->depth / 2, s->centre.y + fw.y * s->depth / 2, -1);
        }
    }
}

gboolean
ts_apply_skirmish (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);
  TsUnit *u = ts_find (m, mu_command_word (c, 0));
  gboolean open;

  if (u == NULL || u->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-SKM-2", "no battalion “%s” to deploy skirmishers",
                            mu_command_word (c, 0) ? mu_command_word (c, 0) : "");
  open = m->step == TS_STEP_UNITS && m->open_unit == ts_unit_index (m, u) && ts_in_play (u);
  if (g_str_equal (verb, "place"))
    {
      const MuArg *n = mu_command_arg (c, 1), *at = mu_command_arg (c, 2);
      int k = n && n->kind == MU_ARG_NUMBER ? (int) n->number - 1 : -1;
      MuStand s;

      if (!open)
        return mu_rules_refuse (error, "TS-AMB-81", "skirmishers are placed within their unit's action");
      if (k < 0 || k >= u->n_skirm)
        return mu_rules_refuse (error, "TS-AMB-81", "%s has no skirmish stand %d", u->def->id, k + 1);
      if (at == NULL || at->kind != MU_ARG_POS || !at->pos.is_point)
        return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand's place is @X,Y");
      s = stand_at (u, at->pos.point);
      if (!place_clear (m, u, u->st, u->n_st, &s, k, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      u->skirm[k] = s;
      skirm_event (m, u, "place", &s, events);
      return TRUE;
    }
  if (!open || (m->open_action != TS_ACT_REORDER && m->open_action != TS_ACT_FORM))
    return mu_rules_refuse (error, "TS-SKM-2", "skirmishers are deployed or recalled within their unit's "
                            "Reorder or Change formation");
  if (u->type == TS_ART)
    return mu_rules_refuse (error, "TS-AMB-81", "a battery has no skirmishers");
  if (g_str_equal (verb, "skirmish"))
    {
      const MuArg *at = mu_command_arg (c, 1);
      TsUnit after = *u;
      MuStand s;

      /* TS-SKM-1: a regular battalion (and a squadron) one stand at a time */
      if (u->type != TS_LIGHT_INF && u->n_skirm >= 1)
        return mu_rules_refuse (error, "TS-SKM-1", "%s may have one skirmish stand out at a time", u->def->id);
      /* the command stand stays formed (NOTES.md) */
      if (ts_formed (u) <= 1)
        return mu_rules_refuse (error, "TS-SKM-3", "%s keeps its command stand", u->def->id);
      /* TS-SKM-2: light infantry deploying entirely first sheds stress to 1 */
      if (ts_formed (u) == 2 && u->stress > 1)
        return mu_rules_refuse (error, "TS-SKM-2", "%s must be at stress 1 or less to deploy entirely",
                                u->def->id);
      if (at == NULL || at->kind != MU_ARG_POS || !at->pos.is_point)
        return mu_rules_refuse (error, "TS-AMB-81", "a skirmish stand's place is @X,Y");
      after.n_skirm++;
      ts_layout (m, &after);
      s = stand_at (u, at->pos.point);
      if (!place_clear (m, u, after.st, after.n_st, &s, -1, error))
        return FALSE;
      if (events == NULL)
        return TRUE;
      u->skirm[u->n_skirm++] = s;
      ts_layout (m, u);
      skirm_event (m, u, "deploy", &s, events);
      return TRUE;
    }
  /* recall */
  {
    TsUnit after = *u;

    if (u->n_skirm == 0)
      return mu_rules_refuse (error, "TS-SKM-2", "%s has no skirmishers out", u->def->id);
    /* TS-AMB-54: a voluntary +1 disorder may not pass 6 */
    if (u->disorder + 1 > 6)
      return mu_rules_refuse (error, "TS-AMB-54", "recalling would take %s's disorder above 6", u->def->id);
    after.n_skirm--;
    ts_layout (m, &after);
    TS_FOR_UNITS (m, o)
      if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (after.st, after.n_st, o->st, o->n_st))
        return mu_rules_refuse (error, "TS-AMB-81", "there is no room to recall the stand");
    if (!ts_on_table (m, after.st, after.n_st))
      return mu_rules_refuse (error, "TS-AMB-81", "there is no room to recall the stand");
    if (events == NULL)
      return TRUE;
    u->n_skirm--;
    ts_layout (m, u);
    skirm_event (m, u, "recall", NULL, events);
    ts_add_disorder (m, u, 1, "TS-SKM-2", events);
    return TRUE;
  }
}

void
ts_skirm_follow (TsMatch *m, TsUnit *u, MuPoint old_anchor, double old_facing)
{
  double turn = (u->facing - old_facing) * G_PI / 180.0;
  const MuStand *cs = command_stand (u);

  for (int k = 0; k < u->n_skirm; k++)
    {
      MuStand *s = &u->skirm[k];
      MuPoint d = { s->centre.x - old_anchor.x, s->centre.y - old_anchor.y };
      MuPoint c = { u->anchor.x + d.x * cos (turn) - d.y * sin (turn),
                    u->anchor.y + d.x * sin (turn) + d.y * cos (turn) };

      s->centre = mu_pos_from_point (c.x, c.y, -1).point;
      s->facing = u->facing;
      /* TS-AMB-81: one left more than 4" away comes straight toward the command stand */
      if (cs && mu_table_beyond (mu_stands_distance (s, 1, cs, 1), ts_in (m, 4)))
        {
          MuPoint from = s->centre, to = cs->centre;
          double lo = 0, hi = 1;

          for (int i = 0; i < 30; i++)
            {
              double mid = (lo + hi) / 2;

              s->centre = (MuPoint) { from.x + (to.x - from.x) * mid, from.y + (to.y - from.y) * mid };
              if (mu_stands_distance (s, 1, cs, 1) > ts_in (m, 4) - 0.01)
                lo = mid;
              else
                hi = mid;
            }
          s->centre = (MuPoint) { from.x + (to.x - from.x) * hi, from.y + (to.y - from.y) * hi };
        }
    }
}

void
ts_sharp_shooting (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  /* TS-SKM-8: 1d6 per skirmish stand within 4" of an enemy commander; a 6 hits him */
  TS_FOR_UNITS (m, c)
    if (c->type == TS_COMMANDER && c->side != u->side && !c->dispersed)
      for (int k = 0; k < u->n_skirm; k++)
        {
          MuStand cs = ts_commander_stand (m, c);
          gboolean hit = FALSE;

          if (mu_table_beyond (mu_stands_distance (&u->skirm[k], 1, &cs, 1), ts_in (m, 4)))
            continue;
          mu_dice_roll (m->dice, events, "sharp-shooting", u->def->id, c->def->id, 0, MU_ROLL_AT_LEAST, 6,
                        "TS-SKM-8", &hit);
          if (hit)
            {
              ts_commander_hit (m, c, u, events);
              break;
            }
        }
}

/* Obstruction ------------------------------------------------------------------------- */

/* Whether the move of u from m->move_from to where it stands met the
 * stand s (sampled along each stand's way, as TS-AMB-51's count is). */
static gboolean
path_meets (TsMatch *m, const TsUnit *u, const MuStand *s)
{
  MuStand start[MU_STANDS_MAX];
  guint n = ts_layout_at (m, u, u->form, ts_formed (u), m->move_from.anchor, m->move_from.facing, start);
  double tol = mu_table_contact_tolerance (m->table->unit);

  for (int i = 0; i <= 40; i++)
    for (guint k = 0; k < n && k < u->n_st; k++)
      {
        MuStand at = u->st[k];

        at.centre.x = start[k].centre.x + (u->st[k].centre.x - start[k].centre.x) * i / 40.0;
        at.centre.y = start[k].centre.y + (u->st[k].centre.y - start[k].centre.y) * i / 40.0;
        if (mu_stands_in_contact (&at, 1, s, 1, tol) || mu_stands_overlap (&at, 1, s, 1))
          return TRUE;
      }
  return FALSE;
}

gboolean
ts_obstruction (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  static const char *const answers[] = { "disorder", "stress", NULL };

  /* only stands still within 4" of the mover: one displaced is beyond it */
  TS_FOR_UNITS (m, o)
    if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o))
      for (int k = 0; k < o->n_skirm; k++)
        if (mu_table_within (mu_stands_distance (&o->skirm[k], 1, u->st, u->n_st), ts_in (m, 4)) &&
            path_meets (m, u, &o->skirm[k]))
          {
            ts_decide (m, TS_DECIDE_OBSTRUCTION, u->side, ts_unit_index (m, u), "TS-OBS-2", answers, events,
                       N_("Does %s take disorder or stress for the skirmishers in its way?"), ts_unit_name (u));
            m->decision.other = ts_unit_index (m, o);
            m->decision.count = k;
            m->decision.action = a;
            return TRUE;
          }
  return FALSE;
}

void
ts_obstruction_answer (TsMatch *m, TsUnit *u, const char *answer, const TsDecision *d, GPtrArray *events)
{
  TsUnit *o = ts_unit_at (m, d->other);
  MuStand s = o->skirm[d->count];
  const MuStand *cs = command_stand (o);
  MuPoint from = u->st[0].centre, dir;
  double len, best = G_MAXDOUBLE;
  guint ties = 0;
  gboolean placed = FALSE;

  if (g_str_equal (answer, "stress"))
    ts_add_stress (m, u, 1, "TS-OBS-2", events);
  else
    ts_add_disorder (m, u, 1, "TS-OBS-2", events);
  /* TS-AMB-82, TAB-17: along the line from the centre of the mover's
   * nearest stand through it; two equally near: from its footprint's centre */
  for (guint k = 0; k < u->n_st; k++)
    {
      double dk = hypot (u->st[k].centre.x - s.centre.x, u->st[k].centre.y - s.centre.y);

      if (mu_table_beyond (best, dk))
        {
          best = dk;
          from = u->st[k].centre;
          ties = 1;
        }
      else if (mu_table_within (dk, best))
        ties++;
    }
  if (ties > 1)
    from = mu_stands_footprint (u->st, u->n_st).centre;
  dir = (MuPoint) { s.centre.x - from.x, s.centre.y - from.y };
  len = hypot (dir.x, dir.y);
  if (mu_table_beyond (len, 0) && ts_in_play (u))
    for (int i = 0; i <= 800; i++)
      {
        MuStand at = s;
        double t = ts_in (m, i / 100.0);

        at.centre = mu_pos_from_point (s.centre.x + dir.x / len * t, s.centre.y + dir.y / len * t, -1).point;
        if (!mu_table_beyond (ts_in (m, 4.01), mu_stands_distance (&at, 1, u->st, u->n_st)) &&
            cs && mu_table_within (mu_stands_distance (&at, 1, cs, 1), ts_in (m, 4)) && ts_on_table (m, &at, 1))
          {
            o->skirm[d->count] = at;
            placed = TRUE;
            break;
          }
      }
  if (placed)
    skirm_event (m, o, "displaced", &o->skirm[d->count], events);
  else
    {
      MuEvent *e;

      /* no such place: to the lost pool */
      o->skirm[d->count] = o->skirm[o->n_skirm - 1];
      o->n_skirm--;
      o->stands--;
      o->lost_pool++;
      e = ts_event (m, events, &ts_ev_lost, o->def->id, "TS-AMB-82");
      if (e)
        e->value = o->stands;
    }
  ts_move_done (m, u, d->action, events);
}

/* Skirmishers against skirmishers ------------------------------------------------------ */

/* TS-SKM-7, TS-AMB-82: a skirmish stand of the mover touching (TAB-11) an
 * enemy's after its move: 1d6 a side, the mover's side first, ties rolled
 * again; the lower's owner moves its stand 1" or 2" toward its command
 * stand (decision skirmish-back). One touching pair a move is resolved. */
gboolean
ts_skirm_touch (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  static const char *const inches[] = { "1", "2", NULL };
  double tol = mu_table_contact_tolerance (m->table->unit);

  for (int k = 0; k < u->n_skirm; k++)
    TS_FOR_UNITS (m, o)
      if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o))
        for (int j = 0; j < o->n_skirm; j++)
          if (mu_stands_in_contact (&u->skirm[k], 1, &o->skirm[j], 1, tol) ||
              mu_stands_overlap (&u->skirm[k], 1, &o->skirm[j], 1))
            {
              int mine, theirs;
              TsUnit *lower;

              do
                {
                  mine = mu_dice_roll (m->dice, events, "skirmish", u->def->id, o->def->id, 0, MU_ROLL_NONE, 0,
                                       "TS-SKM-7", NULL);
                  theirs = mu_dice_roll (m->dice, events, "skirmish", o->def->id, u->def->id, 0, MU_ROLL_NONE, 0,
                                         "TS-SKM-7", NULL);
                }
              while (mine == theirs);
              lower = mine < theirs ? u : o;
              ts_decide (m, TS_DECIDE_SKIRM_BACK, lower->side, ts_unit_index (m, lower), "TS-AMB-82", inches,
                         events, N_("How far does the skirmish stand of %s fall back toward its command stand?"),
                         ts_unit_name (lower));
              m->decision.min = 1;
              m->decision.max = 2;
              m->decision.count = lower == u ? k : j;
              m->decision.other = ts_unit_index (m, u);
              m->decision.action = a;
              return TRUE;
            }
  return FALSE;
}

void
ts_skirm_back (TsMatch *m, int inches, const TsDecision *d, GPtrArray *events)
{
  TsUnit *o = ts_unit_at (m, d->unit);
  TsUnit *mover = ts_unit_at (m, d->other);
  const MuStand *cs = command_stand (o);
  MuStand *s = &o->skirm[d->count];

  if (cs)
    {
      MuPoint dir = { cs->centre.x - s->centre.x, cs->centre.y - s->centre.y };
      double len = hypot (dir.x, dir.y);
      double step = MIN (ts_in (m, inches), len);

      if (mu_table_beyond (len, 0))
        s->centre = mu_pos_from_point (s->centre.x + dir.x / len * step, s->centre.y + dir.y / len * step, -1).point;
    }
  skirm_event (m, o, "displaced", s, events);
  ts_move_volley (m, mover, d->action, events);
}

/* TS-SKM-2 lets a unit deploy and recall within one Reorder or Change
 * formation as often as its disorder allows; a computer side choosing at
 * random would deploy and recall a screen over and over. It leaves a
 * recall after its own deploy in the same action, a deploy after its
 * recall, and a stand placed again right after it was placed (the rules
 * forbid none of them to a player). */
gboolean
ts_policy_avoid (gpointer state, const GPtrArray *commands, const MuCommand *c)
{
  const char *verb = mu_command_get_verb (c);
  const char *unit = mu_command_word (c, 0);

  (void) state;
  if (unit == NULL ||
      !(g_str_equal (verb, "recall") || g_str_equal (verb, "skirmish") || g_str_equal (verb, "place")))
    return FALSE;
  /* back through the unit's action: the dice, the decisions asked after
   * it (its threat) and its placings belong to it; its opening command
   * or any other unit's ends it */
  for (guint i = commands->len; i > 0; i--)
    {
      const MuCommand *p = g_ptr_array_index (commands, i - 1);
      const char *was = mu_command_get_verb (p);

      if (g_str_equal (was, "dice") || g_str_equal (was, "choose"))
        continue;
      if (g_strcmp0 (mu_command_word (p, 0), unit) != 0)
        return FALSE;
      if (g_str_equal (verb, "place"))
        {
          const MuArg *a = mu_command_arg (p, 1), *b = mu_command_arg (c, 1);

          return g_str_equal (was, "place") && a && b && a->number == b->number;
        }
      if (g_str_equal (was, "place"))
        continue;
      if (g_str_equal (was, "skirmish"))
        return g_str_equal (verb, "recall");
      if (g_str_equal (was, "recall"))
        return g_str_equal (verb, "skirmish");
      return FALSE;
    }
  return FALSE;
}
