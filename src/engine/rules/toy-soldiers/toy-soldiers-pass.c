/* toy-soldiers-pass.c: passage of lines (TS-POL, TS-AMB-51): a voluntary
 * move whose swept path meets a friendly unit passes through it, with
 * the passed unit's permission roll and, on a failure, its owner's
 * choice to refuse (the mover stops where it first touched) or allow
 * (both take disorder for the stands interpenetrating, fewer those the
 * mover sheds). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


gboolean
ts_passage_allowed (const TsMatch *m, const TsUnit *u, const TsUnit *passed, const MuMoveStep *steps,
                    guint n, const MuMoveUnit *mu, const MuMoveParams *p, const MuMoveResult *r,
                    TsPose *contact, GError **error)
{
  MuStand end[MU_STANDS_MAX], others[MU_STANDS_MAX * 8];
  guint n_end, n_others = 0;
  MuMoveStep upto[17];
  guint nu = 0;
  MuMoveResult r2 = { 0 };
  double diff = fabs (remainder (u->facing - passed->facing, 180.0));

  /* TS-POL-1, TS-AMB-26, TS-AMB-51: good order, and parallel */
  if (passed->disorder > 5)
    return mu_rules_refuse (error, "TS-POL-1", "%s at disorder 6 cannot be passed", passed->def->id);
  if (mu_table_beyond (diff, m->num.arc))
    return mu_rules_refuse (error, "TS-AMB-51", "%s is not within 22 degrees of parallel to %s",
                            passed->def->id, u->def->id);
  n_end = ts_layout_at (m, u, u->form, ts_formed (u), r->anchor, r->facing, end);
  if (mu_stands_overlap (end, n_end, passed->st, passed->n_st))
    return mu_rules_refuse (error, "TS-AMB-51", "a move may not end overlapping %s", passed->def->id);
  /* one passage a move: every other unit blocks it */
  TS_FOR_UNITS (m, o)
    if (o != u && o != passed && o->type != TS_COMMANDER && ts_in_play (o))
      for (guint k = 0; k < o->n_st && n_others < G_N_ELEMENTS (others); k++)
        others[n_others++] = o->st[k];
  {
    MuMoveResult r3 = { 0 };
    gboolean ok = mu_table_move_check (m->terrain, p, mu, steps, n, others, n_others, &r3);

    mu_move_result_clear (&r3);
    if (!ok)
      return mu_rules_refuse (error, "TS-AMB-51", "a move passes one friendly unit at most");
  }
  /* where it first touched: the steps before, then the straight piece */
  for (guint i = 0; i < r->friend_step && i < n && nu < 16; i++)
    upto[nu++] = steps[i];
  upto[nu++] = (MuMoveStep) { MU_STEP_MOVE, r->friend_at, 0 };
  *contact = (TsPose) { mu->anchor, mu->facing };
  {
    MuMoveParams free_params = *p;

    free_params.allowance = G_MAXDOUBLE / 4;
    if (mu_table_move_check (m->terrain, &free_params, mu, upto, nu, NULL, 0, &r2))
      *contact = (TsPose) { r2.anchor, r2.facing };
    mu_move_result_clear (&r2);
  }
  return TRUE;
}

gboolean
ts_passage (TsMatch *m, TsUnit *u, TsUnit *passed, TsAction a, const TsPose *contact, MuPos from,
            GPtrArray *events)
{
  static const char *const answers[] = { "refuse", "allow", NULL };
  TsUnit *c = ts_commander_of (m, passed);
  int need = passed->disorder + (c ? c->chaos : 1);
  gboolean ok = FALSE;

  /* TS-POL-2, TS-AMB-51: 2d6 read as the sum, at least disorder + chaos */
  mu_dice_roll_pool (m->dice, events, "passage", passed->def->id, 2, MU_DICE_SUM, 0, need, need, NULL,
                     "TS-POL-2", &ok);
  if (ok)
    return FALSE;
  ts_decide (m, TS_DECIDE_PASSAGE, passed->side, ts_unit_index (m, passed), "TS-POL-2", answers, events,
             N_("Does %s refuse or allow the passage?"), ts_unit_name (passed));
  m->decision.other = ts_unit_index (m, u);
  m->decision.action = a;
  m->decision.contact = *contact;
  m->decision.from = from;
  return TRUE;
}

/* TS-AMB-51: the mover's formed stands whose swept path meets the passed
 * unit's, sampled along each stand's way from its start to its end. */
static int
interpenetrating (TsMatch *m, const TsUnit *u, const TsUnit *passed, MuPos from)
{
  MuStand start[MU_STANDS_MAX];
  guint n = ts_layout_at (m, u, u->form, ts_formed (u), from.point, from.facing, start);
  int count = 0;

  for (guint k = 0; k < n && k < u->n_st; k++)
    for (int i = 0; i <= 40; i++)
      {
        MuStand s = u->st[k];

        s.centre.x = start[k].centre.x + (u->st[k].centre.x - start[k].centre.x) * i / 40.0;
        s.centre.y = start[k].centre.y + (u->st[k].centre.y - start[k].centre.y) * i / 40.0;
        if (mu_stands_overlap (&s, 1, passed->st, passed->n_st))
          {
            count++;
            break;
          }
      }
  return MAX (count, 1);
}

static gboolean
overlaps_other (const TsMatch *m, const TsUnit *u)
{
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (u->st, u->n_st, o->st, o->n_st))
      return TRUE;
  return FALSE;
}

/* TAB-11: the pose of first contact, found along the swept path and
 * rounded (TS-AMB-89), may lie a hair inside the passed unit's stands; the
 * refused mover then stops short of them, backed off straight toward its
 * start in steps of 0.01" until it overlaps nothing. */
static void
stop_short (TsMatch *m, TsUnit *u, MuPoint start)
{
  MuPoint contact = u->anchor;
  double d = hypot (start.x - contact.x, start.y - contact.y);
  int steps = MIN ((int) ceil (d / ts_in (m, 0.01)), 10000);

  for (int i = 1; i <= steps && overlaps_other (m, u); i++)
    {
      u->anchor.x = contact.x + (start.x - contact.x) * i / steps;
      u->anchor.y = contact.y + (start.y - contact.y) * i / steps;
      ts_layout (m, u);
    }
}

void
ts_passage_answer (TsMatch *m, TsDecideKind kind, TsUnit *passed, const char *answer, const TsDecision *d,
                   GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, d->other);

  if (kind == TS_DECIDE_PASSAGE && g_str_equal (answer, "refuse"))
    {
      MuEvent *e;
      MuPos was = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);

      /* the mover stops at its first contact, +1 disorder and +1 stress */
      u->anchor = d->contact.anchor;
      u->facing = d->contact.facing;
      ts_layout (m, u);
      stop_short (m, u, was.point);
      e = ts_event (m, events, &ts_ev_move, u->def->id, "TS-POL-2");
      if (e)
        {
          mu_event_set_text (e, "refused");
          e->from = was;
          e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
        }
      ts_add_disorder (m, u, 1, "TS-POL-2", events);
      ts_add_stress (m, u, 1, "TS-POL-2", events);
      ts_move_done (m, u, d->action, events);
      return;
    }
  if (kind == TS_DECIDE_PASSAGE)
    {
      int count = interpenetrating (m, u, passed, d->from);
      TsDecision *nd;

      ts_decide (m, TS_DECIDE_SHED, u->side, ts_unit_index (m, u), "TS-AMB-51", NULL, events,
                 N_("How many of its interpenetrating stands does %s shed?"), ts_unit_name (u));
      nd = &m->decision;
      nd->other = ts_unit_index (m, passed);
      nd->action = d->action;
      nd->count = count;
      nd->min = 0;
      nd->max = MIN (count, u->stands);
      g_ptr_array_set_size (nd->answers, 0);
      for (int k = 0; k <= nd->max; k++)
        g_ptr_array_add (nd->answers, g_strdup_printf ("%d", k));
      g_ptr_array_add (nd->answers, NULL);
      return;
    }
  /* shed: the subject is the mover, other the passed unit */
  {
    TsUnit *mover = passed;
    TsUnit *other = ts_unit_at (m, d->other);
    int shed = atoi (answer);

    for (int k = 0; k < shed && ts_in_play (mover); k++)
      ts_lose_stand (m, mover, "TS-AMB-51", events);
    ts_add_disorder (m, mover, d->count - shed, "TS-POL-2", events);
    ts_add_disorder (m, other, d->count - shed, "TS-POL-2", events);
    ts_move_done (m, mover, d->action, events);
  }
}
