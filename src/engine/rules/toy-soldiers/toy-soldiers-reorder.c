/* toy-soldiers-reorder.c: the Reorder action of Toy Soldiers (TS-REO,
 * TS-AMB-62): disorder, the die and its modifiers, rerolls, the stress
 * left, stands given up and the withdrawal (TS-REO-3, TS-AMB-52). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


static gboolean
is_column (TsForm f)
{
  return f == TS_FORM_COL_DIV || f == TS_FORM_COL_COY || f == TS_FORM_COLUMN || f == TS_FORM_LIMBERED;
}

/* TS-REO-2, TS-AMB-62: friendly units within 4" whose footprint centre is
 * in the unit's front or rear sector, at most +2. */
static int
supports (const TsMatch *m, const TsUnit *u)
{
  int n = 0;

  TS_FOR_UNITS (m, o)
    if (o != u && o->side == u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_table_within (ts_unit_distance (u, o), ts_in (m, m->num.reorder_near)) &&
        mu_stands_sector (u->st, u->n_st, m->num.arc, mu_stands_footprint (o->st, o->n_st).centre) != MU_SECTOR_FLANK)
      n++;
  return MIN (n, 2);
}

/* TS-AMB-62: a reroll from an attached commander, or Berate within 6". */
gboolean
ts_reorder_may_reroll (const TsMatch *m, const TsUnit *u)
{
  const TsUnit *c = ts_commander_of (m, u);

  if (c == NULL)
    return FALSE;
  if (c->attached == ts_unit_index (m, u))
    return TRUE;
  if (c->berated)
    {
      MuStand s = ts_commander_stand (m, c);

      return mu_table_within (mu_stands_distance (&s, 1, u->st, u->n_st), ts_in (m, m->num.attach_reach));
    }
  return FALSE;
}

int
ts_roll_reorder (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  MuRollModifier mods[4];
  guint nm = 0;
  MuRoll roll = { "reorder", u->def->id, NULL, 0, MU_DICE_SUM, 0, NULL, 0, 0, 0, MU_ROLL_NONE, 0, NULL,
                  "TS-REO-1" };
  MuRollResult r;
  int sup = supports (m, u);
  int total;
  int skirm = ts_enemy_skirm_near (m, u->side, u->st, u->n_st, ts_in (m, m->num.reorder_near));

  if (skirm)
    mods[nm++] = (MuRollModifier) { "skirmishers", N_("Enemy skirmishers near"), "TS-SKM-4", -skirm, FALSE };
  /* TS-REO-2, TS-AMB-62: a charge's target, until its resolution ends */
  if (ts_charge_target (m, u))
    mods[nm++] = (MuRollModifier) { "target", N_("Target of a charge"), "TS-REO-2", -1, FALSE };
  if (is_column (u->form))
    mods[nm++] = (MuRollModifier) { "column", N_("Column"), "TS-REO-2", 1, FALSE };
  if (sup)
    mods[nm++] = (MuRollModifier) { "support", N_("Supports behind"), "TS-REO-2", sup, FALSE };
  roll.modifiers = mods;
  roll.n_modifiers = nm;
  mu_dice_roll_read (m->dice, events, &roll, &r);
  /* a one-die roll reads the bare die: TS-REO-2's modifiers count here */
  total = r.value;
  for (guint i = 0; i < nm; i++)
    total += mods[i].value;
  return total;
}

/* TS-REO-3, TS-REO-4: what is left after the removal. */
static void reorder_leftover (TsMatch *m, TsUnit *u, GPtrArray *events);

void
ts_reorder_remove (TsMatch *m, TsUnit *u, int total, GPtrArray *events)
{
  /* TS-REO-1: the die with its modifiers, less the (new) disorder */
  int removed = total - u->disorder;

  if (removed > 0)
    ts_add_stress (m, u, -removed, "TS-REO-1", events);
  reorder_leftover (m, u, events);
}

static int
battery_min_destroy (const TsUnit *u)
{
  /* TS-REO-4: a battery withdraws 2" at most, so gives up stands to 2 */
  return u->type == TS_ART ? MIN (u->stands, MAX (0, (u->stress - 2 + 1) / 2)) : 0;
}

static void
reorder_leftover (TsMatch *m, TsUnit *u, GPtrArray *events)
{
  if (u->stress > 1 && ts_in_play (u))
    {
      TsDecision *d;
      int most = MIN (u->stands, (u->stress - 1 + 1) / 2);

      ts_decide (m, TS_DECIDE_DESTROY, u->side, ts_unit_index (m, u), "TS-REO-3", NULL, events,
                 N_("How many stands does %s give up instead of withdrawing (each takes 2 stress)?"), ts_unit_name (u));
      d = &m->decision;
      d->min = battery_min_destroy (u);
      d->max = MAX (most, d->min);
      g_ptr_array_set_size (d->answers, 0);
      for (int k = d->min; k <= d->max; k++)
        g_ptr_array_add (d->answers, g_strdup_printf ("%d", k));
      g_ptr_array_add (d->answers, NULL);
      return;
    }
  ts_after_action (m, u, events);
}

/* TS-AMB-52: stands (a place of a withdrawal's end layout, or a unit slid
 * in contact resolution) are blocked by another unit's formed stands, a
 * village block or impassable ground (water crossings are not looked
 * for). */
gboolean
ts_stands_blocked (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n)
{
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (st, n, o->st, o->n_st))
      return TRUE;
  for (guint k = 0; k < n; k++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[k], c);
      for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
        {
          const MuArea *a = g_ptr_array_index (m->table->areas, i);

          if ((mu_ruleset_area_impassable (m->ruleset, a->kind) || a->kind == MU_AREA_BUILDING ||
               a->kind == MU_AREA_BUILT_UP) &&
              mu_polygons_overlap (c, 4, (const MuPoint *) (gpointer) a->points->data, a->points->len))
            return TRUE;
        }
    }
  return FALSE;
}

/* TS-OBS-1, TS-AMB-52: k blocked places of the end layout detach k
 * stands to the lost pool, +1 disorder each, and the unit is laid out
 * again (TAB-8) until its places are clear; when the stands left could
 * not have gone straight back it keeps contact at +1 disorder once. */
void
ts_blocked_withdrawal (TsMatch *m, TsUnit *u, MuPoint start, double dist, const MuStand *others, guint n_others,
                       GPtrArray *events)
{
  while (ts_in_play (u))
    {
      int k = 0;

      for (guint i = 0; i < u->n_st; i++)
        if (ts_stands_blocked (m, u, &u->st[i], 1))
          k++;
      if (k == 0)
        break;
      for (; k > 0 && ts_in_play (u); k--)
        {
          ts_lose_stand (m, u, "TS-OBS-1", events);
          if (ts_in_play (u))
            ts_add_disorder (m, u, 1, "TS-OBS-1", events);
        }
    }
  if (!ts_in_play (u))
    return;
  {
    MuMoveParams p;
    MuMoveResult r = { 0 };
    MuFormationShape shape = ts_formation_shapes[u->form];
    MuPoint back = { u->anchor.x - start.x, u->anchor.y - start.y };
    MuMoveUnit mu;
    MuMoveStep step = { MU_STEP_MOVE, u->anchor, 0 };
    gboolean clear;

    shape.files = m->num.files[u->form];
    shape.ranks = shape.files == 0 ? 1 : 0;
    mu = (MuMoveUnit) { &shape, (guint) ts_formed (u), u->width, u->depth, start, u->facing };
    ts_move_params (m, u, TS_ACT_ADJUST, dist + ts_in (m, 0.01), &p);
    p.turns_refused = TRUE;
    clear = mu_table_within (hypot (back.x, back.y), 0) ||
            mu_table_move_check (m->terrain, &p, &mu, &step, 1, others, n_others, &r);
    mu_move_result_clear (&r);
    if (!clear)
      ts_add_disorder (m, u, 1, "TS-OBS-1", events);
  }
}

/* TS-AMB-52: the withdrawal, one straight step to its full length; where
 * the end layout is blocked, TS-OBS-1 stand by stand. */
void
ts_withdraw (TsMatch *m, TsUnit *u, gboolean away, GPtrArray *events)
{
  double dist = ts_in (m, u->type == TS_ART ? MIN (u->stress, 2) : u->stress);
  MuPoint dir = mu_facing_vector (u->facing);
  TsUnit after = *u;
  MuStand others[MU_STANDS_MAX * 8];
  guint n_others = ts_blockers (m, u, others, G_N_ELEMENTS (others), FALSE);
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  MuEvent *e;

  dir = (MuPoint) { -dir.x, -dir.y };
  if (away)
    {
      const TsUnit *near = NULL;
      double best = G_MAXDOUBLE;

      TS_FOR_UNITS (m, o)
        if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) && ts_unit_distance (u, o) < best)
          {
            best = ts_unit_distance (u, o);
            near = o;
          }
      if (near)
        dir = mu_stands_away_vector (u->st, u->n_st, near->st, near->n_st);
    }
  /* TAB-18, TS-AMB-53: an involuntary move whose end layout is not wholly
   * on the table takes the unit out of play */
  after.anchor = (MuPoint) { u->anchor.x + dir.x * dist, u->anchor.y + dir.y * dist };
  ts_layout (m, &after);
  if (!ts_on_table (m, after.st, after.n_st))
    {
      ts_off_table (m, u);
      e = ts_event (m, events, &ts_ev_withdraw, u->def->id, "TS-REO-3");
      if (e)
        {
          mu_event_set_text (e, away ? "away" : "back");
          e->from = from;
        }
      ts_event (m, events, &ts_ev_dispersed, u->def->id, "TS-AMB-53");
      return;
    }
  {
    MuPoint old_anchor = u->anchor;
    gboolean check = m->check_events;

    u->anchor = after.anchor;
    ts_layout (m, u);
    ts_skirm_follow (m, u, old_anchor, u->facing);
    /* TS-OBS-1: the step and the stands a blocked end layout detaches
     * are one movement; the unit overlaps what blocks it only until its
     * places are cleared, so the invariants are checked (TAB-11) at the
     * first event after it */
    m->check_events = FALSE;
    e = ts_event (m, events, &ts_ev_withdraw, u->def->id, "TS-REO-3");
    if (e)
      {
        mu_event_set_text (e, away ? "away" : "back");
        e->from = from;
        e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
      }
    ts_blocked_withdrawal (m, u, from.point, dist, others, n_others, events);
    m->check_events = check;
  }
  if (!ts_in_play (u))
    return;
  ts_add_disorder (m, u, 1, "TS-REO-3", events);
  ts_add_stress (m, u, 1, "TS-REO-3", events);
}

/* TS-REO-1: disorder off (2, or 1 in a hasty reorder at 6", TS-CHG-6c),
 * the unit's smoke cleared, the die and what it removes. */
void
ts_reorder_body (TsMatch *m, TsUnit *u, int off, GPtrArray *events)
{
  int total;
  guint gone = 0;

  ts_add_disorder (m, u, -off, "TS-REO-1", events);
  /* TS-REO-1, TS-AMB-59: its own smoke clears */
  for (guint i = m->smoke->len; i-- > 0;)
    if (g_array_index (m->smoke, TsSmoke, i).unit == ts_unit_index (m, u))
      {
        g_array_remove_index (m->smoke, i);
        gone++;
      }
  if (gone)
    {
      MuEvent *e = ts_event (m, events, &ts_ev_smoke_gone, u->def->id, "TS-REO-1");

      if (e)
        e->value = gone;
      ts_smoke_sync (m);
    }
  total = ts_roll_reorder (m, u, events);
  if (ts_reorder_may_reroll (m, u))
    {
      static const char *const yes_no[] = { "yes", "no", NULL };

      ts_decide (m, TS_DECIDE_REROLL, u->side, ts_unit_index (m, u), "TS-AMB-62", yes_no, events,
                 N_("Does %s reroll its reorder die?"), ts_unit_name (u));
      m->decision.value = total;
      return;
    }
  ts_reorder_remove (m, u, total, events);
}

gboolean
ts_apply_reorder (TsMatch *m, TsUnit *u, GPtrArray *events, GError **error)
{
  if (!ts_may_act (m, u, TS_ACT_REORDER, 0, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  ts_take_action (m, u, TS_ACT_REORDER, events);
  m->open_unit = ts_unit_index (m, u);
  m->open_action = TS_ACT_REORDER;
  ts_reorder_body (m, u, 2, events);
  return TRUE;
}

