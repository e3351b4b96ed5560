/* regimental-charge.c: charges of the regimental sheet: the targets named
 * at step 3 (QRS-ORD-3, QRS-AMB-51) and the procedure of step 6
 * (QRS-CHG-1..6, QRS-AMB-65..69, QRS-AMB-71): bonus dice and reach, the
 * disorder point, the defensive volley at its point, the impact, the
 * loser's fall-back and the winner's pursuit. A charge runs whole before
 * the next; it waits in QrsMatch.charge while its volley asks for a
 * value the file lacks. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"
#include "mu-table-move.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STEP 0.05

static double
inch (const QrsMatch *m)
{
  return m->scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
}

static QrsUnit *
unit_at (const QrsMatch *m, int i)
{
  return i == QRS_NONE ? NULL : g_ptr_array_index (m->units, i);
}

/* Step 3 --------------------------------------------------------------------------------- */

/* QRS-AMB-51: the legal targets of a C unit: the nearest units of its
 * primary zone (some part in its front arc, within its open-ground move
 * plus 24", in sight), or any enemy unit in sight when the zone is empty. */
static GPtrArray *
charge_targets (QrsMatch *m, const QrsUnit *u)
{
  GPtrArray *ids = g_ptr_array_new ();
  double reach = (qrs_open_rate (m, u) + 24) * inch (m), best = G_MAXDOUBLE;

  QRS_FOR_UNITS (m, t)
    if (t->side != u->side && t->arm != QRS_ARM_OFFICER && !t->removed
        && mu_stands_in_arc (u->stand, u->n_stands, 45.0, t->stand, t->n_stands, MU_ARC_ANY_PART)
        && qrs_in_sight (m, u, t))
      {
        double d = mu_stands_distance (u->stand, u->n_stands, t->stand, t->n_stands);

        if (!mu_table_within (d, reach))
          continue;
        if (mu_table_beyond (best, d))
          {
            g_ptr_array_set_size (ids, 0);
            best = d;
          }
        if (mu_table_within (fabs (d - best), 0))
          g_ptr_array_add (ids, (gpointer) t->def->id);
      }
  if (ids->len == 0)
    QRS_FOR_UNITS (m, t)
      if (t->side != u->side && t->arm != QRS_ARM_OFFICER && !t->removed && qrs_in_sight (m, u, t))
        g_ptr_array_add (ids, (gpointer) t->def->id);
  return ids;
}

static void
name_target (QrsMatch *m, QrsUnit *u, const char *id, GPtrArray *events)
{
  MuEvent *e = qrs_event (m, events, &qrs_ev_charge_target, u->def->id, "QRS-ORD-3");

  u->charge_target = qrs_index (m, qrs_find (m, id));
  mu_event_set_text (e, id);
}

/* Step 3: each C unit in side order names its target; a decision when it
 * has a choice. FALSE while a decision is open. */
gboolean
qrs_name_targets (QrsMatch *m, GPtrArray *events)
{
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && !u->removed && u->arm != QRS_ARM_OFFICER
          && u->order == QRS_ORDER_C && u->charge_target == QRS_NONE && !u->target_named)
        {
          g_autoptr(GPtrArray) ids = charge_targets (m, u);

          u->target_named = TRUE;
          if (ids->len == 1)
            name_target (m, u, g_ptr_array_index (ids, 0), events);
          else if (ids->len > 1)
            {
              QrsAsk *a = &m->ask;
              MuEvent *e;

              a->id = g_strdup ("charge-target");
              a->side = u->side;
              a->subject = g_strdup (u->def->id);
              mu_rules_question (&a->question, &a->shown, N_("Which unit does %s charge?"), u->def->id);
              a->answers = g_ptr_array_new_with_free_func (g_free);
              for (guint i = 0; i < ids->len; i++)
                g_ptr_array_add (a->answers, g_strdup (g_ptr_array_index (ids, i)));
              g_ptr_array_add (a->answers, NULL);
              qrs_ask_view (a, m);
              e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), u->def->id, "QRS-AMB-51");
              mu_event_set_side (e, m->side_id[u->side]);
              mu_event_set_text (e, a->question);
              return FALSE;
            }
        }
  return TRUE;
}

gboolean
qrs_answer_target (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  const char *w = mu_command_word (command, 0);
  QrsUnit *u = qrs_find (m, m->ask.subject);

  for (guint i = 0; w && i + 1 < m->ask.answers->len; i++)
    if (g_str_equal (w, g_ptr_array_index (m->ask.answers, i)))
      {
        qrs_ask_clear (&m->ask);
        name_target (m, u, w, events);
        qrs_continue (m, events);
        return TRUE;
      }
  return mu_rules_refuse (error, "QRS-AMB-51", "%s must charge the nearest unit of its zone",
                          u ? u->def->id : "the unit");
}

/* Step 6 --------------------------------------------------------------------------------- */

/* The pose `along` the charge's path (QRS-AMB-65), to the hundredth. */
static void
pose_along (const QrsUnit *u, const QrsCharge *c, double along, MuPoint *a, double *facing)
{
  MuMoveUnit mu = { &qrs_formation_shapes[u->form], c->n_stands, u->width, u->depth, c->start,
                    c->start_facing };

  mu_table_move_pose_along (&mu, c->steps, c->n_steps, along, a, facing);
  a->x = round (a->x * 100) / 100;
  a->y = round (a->y * 100) / 100;
}

static guint
layout_at (const QrsUnit *u, const QrsCharge *c, double along, MuStand *out, double *facing)
{
  MuPoint a;
  double f;

  pose_along (u, c, along, &a, &f);
  if (facing)
    *facing = f;
  return mu_stands_layout (&qrs_formation_shapes[u->form], u->stands, u->width, u->depth, a, f,
                           out, MU_STANDS_MAX);
}

/* Places u at its pose `along` the path; a charge that
 * stops among friends it was passing stops short of them, where it
 * overlaps nothing (QRS-AMB-62's rule for any stop). Returns the length
 * it stands at. */
static double place_clear (QrsMatch *m, QrsUnit *u, const QrsCharge *c, double along);

/* QRS-AMB-61: the officers present with the charger go with it. */
static double
place_at (QrsMatch *m, QrsUnit *u, const QrsCharge *c, double along)
{
  int officers[8];
  guint n = qrs_officers_with (m, u, officers, G_N_ELEMENTS (officers));
  MuPoint before = mu_stands_centre (u->stand, u->n_stands);
  double at = place_clear (m, u, c, along);

  qrs_carry (m, officers, n, before, mu_stands_centre (u->stand, u->n_stands));
  return at;
}

static double
place_clear (QrsMatch *m, QrsUnit *u, const QrsCharge *c, double along)
{
  MuStand s[MU_STANDS_MAX];

  for (double x = along; x > 0; x -= STEP * inch (m))
    {
      double f;
      guint n = layout_at (u, c, x, s, &f);
      gboolean clear = TRUE;

      QRS_FOR_UNITS (m, o)
        if (clear && o != u && o->arm != QRS_ARM_OFFICER && !o->removed
            && mu_stands_overlap (s, n, o->stand, o->n_stands))
          clear = FALSE;
      if (clear)
        {
          memcpy (u->stand, s, sizeof (MuStand) * n);
          u->n_stands = n;
          u->facing = f;
          return x;
        }
    }
  u->n_stands = layout_at (u, c, 0, u->stand, &u->facing);
  return 0;
}

/* QRS-AMB-53, QRS-AMB-14: the most restrictive class the anchor's path
 * enters: 0 open, 1 broken, 2 woods, 3 rough. */
static int
path_class (QrsMatch *m, const QrsCharge *c)
{
  double len = c->length;
  int worst = 0;

  for (double t = 0; t <= len + 1e-9; t += STEP * inch (m))
    {
      MuPoint p;
      double f;
      guint areas[16];
      guint k;

      pose_along (unit_at (m, c->charger), c, MIN (t, len), &p, &f);
      k = mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas));

      while (k-- > 0)
        switch (((MuArea *) g_ptr_array_index (m->scenario->table->areas, areas[k]))->kind)
          {
          case MU_AREA_WOODS:
            worst = MAX (worst, 2);
            break;
          case MU_AREA_BROKEN: case MU_AREA_LIGHT_WOODS: case MU_AREA_SETTLEMENT:
          case MU_AREA_BUILT_UP: case MU_AREA_FORTIFICATION:
            worst = MAX (worst, 1);
            break;
          case MU_AREA_ROUGH: case MU_AREA_MARSH: case MU_AREA_STEEP: case MU_AREA_BUILDING:
            worst = 3;
            break;
          default:
            break;
          }
    }
  return worst;
}

/* QRS-AMB-50: a battery is supported by a friendly infantry unit, not
 * ROUTED, with a stand within 2" whose centre is outside its front sector. */
gboolean
qrs_battery_supported (QrsMatch *m, const QrsUnit *u)
{
  QRS_FOR_UNITS (m, o)
    if (o != u && o->side == u->side && o->arm == QRS_ARM_INF && !o->removed && o->morale != QRS_ROUTED)
      for (guint i = 0; i < o->n_stands; i++)
        if (mu_table_within (mu_stands_distance (&o->stand[i], 1, u->stand, u->n_stands), 2 * inch (m))
            && mu_stands_sector (u->stand, u->n_stands, 45.0, o->stand[i].centre) != MU_SECTOR_FRONT)
          return TRUE;
  return FALSE;
}

/* QRS-AMB-50: the units that support u's flanks or rear: friendly, not
 * ROUTED, a stand within 2" with its centre in a flank or the rear
 * sector (infantry only with `infantry`, none in contact with an enemy
 * with `free`). *sides gets how many of left, right and rear are
 * supported; returns how many units support. */
int
qrs_supports (QrsMatch *m, const QrsUnit *u, gboolean infantry, gboolean free, int *sides)
{
  gboolean side[3] = { FALSE, FALSE, FALSE };
  int units = 0;
  MuPoint c = mu_stands_centre (u->stand, u->n_stands), f = mu_facing_vector (u->facing);

  QRS_FOR_UNITS (m, o)
    {
      gboolean any = FALSE;

      if (o == u || o->side != u->side || o->arm == QRS_ARM_OFFICER || o->removed
          || o->morale == QRS_ROUTED || (infantry && o->arm != QRS_ARM_INF)
          || (free && qrs_in_contact (m, o)))
        continue;
      for (guint i = 0; i < o->n_stands; i++)
        {
          MuSector sec;

          if (!mu_table_within (mu_stands_distance (&o->stand[i], 1, u->stand, u->n_stands), 2 * inch (m)))
            continue;
          sec = mu_stands_sector (u->stand, u->n_stands, 45.0, o->stand[i].centre);
          if (sec == MU_SECTOR_FRONT)
            continue;
          any = TRUE;
          if (sec == MU_SECTOR_REAR)
            side[2] = TRUE;
          else
            {
              /* left or right of the centre line, facing f */
              double cross = f.x * (o->stand[i].centre.y - c.y) - f.y * (o->stand[i].centre.x - c.x);

              side[cross > 0 ? 1 : 0] = TRUE;
            }
        }
      units += any;
    }
  if (sides)
    *sides = side[0] + side[1] + side[2];
  return units;
}

/* Checks `charge UNIT STEP...` and fills *c; FALSE with a refusal. */
static gboolean
charge_check (QrsMatch *m, const MuCommand *command, QrsCharge *c, GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  QrsUnit *t;
  MuStand end[MU_STANDS_MAX];
  guint n_end;
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);
  MuMoveParams p;
  MuMoveResult r = { 0 };
  g_autoptr(GArray) enemies = g_array_new (FALSE, FALSE, sizeof (MuStand));
  MuMoveUnit mu;
  gboolean ok;

  if (m->step != QRS_STEP_CHARGES)
    return mu_rules_refuse (error, "QRS-CHG-1", "charges are made in step 6");
  if (u == NULL || u->removed || u->arm == QRS_ARM_OFFICER || u->side != qrs_acting_side (m))
    return mu_rules_refuse (error, "QRS-CHG-1", "%s cannot charge now", mu_command_word (command, 0));
  if (u->order != QRS_ORDER_C || u->charged)
    return mu_rules_refuse (error, "QRS-ORD-2", "%s has no charge to make", u->def->id);
  if (u->morale == QRS_ROUTED || qrs_in_contact (m, u))
    return mu_rules_refuse (error, "QRS-AMB-71", "%s is routed or in contact and does not charge",
                            u->def->id);
  t = unit_at (m, u->charge_target);
  if (t == NULL || t->removed)
    return mu_rules_refuse (error, "QRS-AMB-51", "%s has no target to charge", u->def->id);
  *c = (QrsCharge) { 0 };
  c->start = mu_stands_anchor (u->stand, u->n_stands);
  c->start_facing = u->facing;
  c->n_stands = u->n_stands;
  /* QRS-AMB-65: the path's steps, as a move's (points, poses, turns and
   * wheels), costed as a normal move */
  for (guint i = 1; i < mu_command_n_args (command); i++)
    {
      const MuArg *a = mu_command_arg (command, i);

      if (c->n_steps >= 15)
        return mu_rules_refuse (error, "QRS-AMB-65", "a charge path has at most 15 steps");
      if ((a->kind == MU_ARG_POS || (a->kind == MU_ARG_STEP && a->move == MU_MOVE_TO)) && a->pos.is_point)
        {
          c->steps[c->n_steps++] = (MuMoveStep) { MU_STEP_MOVE, a->pos.point, 0 };
          /* TAB-5, QRS-AMB-57: a pose's turn, as every turn in place, is
           * about the anchor (as in a move) */
          if (a->pos.has_facing)
            c->steps[c->n_steps++] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, a->pos.facing, TRUE };
        }
      else if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_FACE)
        c->steps[c->n_steps++] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, a->number, TRUE };
      else if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_WHEEL)
        c->steps[c->n_steps++] = (MuMoveStep) { MU_STEP_WHEEL, { 0, 0 },
                                                g_strcmp0 (a->word, "l") == 0 ? -a->number : a->number };
      else
        return mu_rules_refuse (error, "QRS-AMB-65",
                                "a charge path is points @X,Y or poses @X,Y/F, face F and wheel l|r DEG");
    }
  if (c->n_steps == 0)
    return mu_rules_refuse (error, "QRS-AMB-65", "a charge needs its path");
  /* the path as a move through no enemy, its cost against no limit */
  mu = (MuMoveUnit) { &qrs_formation_shapes[u->form], u->n_stands, u->width, u->depth, c->start,
                      u->facing };
  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed)
      g_array_append_vals (enemies, o->stand, o->n_stands);
  qrs_move_params (m, u, &p);
  c->allowance = p.allowance;
  p.allowance = G_MAXDOUBLE / 4;
  ok = mu_table_move_check (m->terrain, &p, &mu, c->steps, c->n_steps, (const MuStand *) enemies->data,
                            enemies->len, &r);
  c->cost = r.cost;
  c->length = r.length;
  if (!ok)
    {
      gboolean refused = mu_rules_refuse (error, r.rule, "%s: %s", u->def->id,
                                          r.reason ? r.reason : "the path is not allowed");

      mu_move_result_clear (&r);
      return refused;
    }
  mu_move_result_clear (&r);
  /* QRS-AMB-65: the path ends in contact with the target (TAB-11),
   * touching no other enemy and on no unit */
  n_end = layout_at (u, c, c->length, end, NULL);
  if (!mu_stands_in_contact (end, n_end, t->stand, t->n_stands, tol))
    return mu_rules_refuse (error, "QRS-AMB-65", "the path must end in contact with %s", t->def->id);
  QRS_FOR_UNITS (m, o)
    if (o != u && o->arm != QRS_ARM_OFFICER && !o->removed)
      {
        if (mu_stands_overlap (end, n_end, o->stand, o->n_stands))
          return mu_rules_refuse (error, "QRS-AMB-65", "the charge would end on %s", o->def->id);
        if (o != t && o->side != u->side && mu_stands_in_contact (end, n_end, o->stand, o->n_stands, tol))
          return mu_rules_refuse (error, "QRS-AMB-65", "the charge would touch %s too", o->def->id);
      }
  /* QRS-AMB-65: where along the path the normal move is used up (the
   * ground before that point, not the path's average, decides it) */
  c->move_length = c->length;
  if (mu_table_beyond (c->cost, c->allowance))
    {
      p.allowance = c->allowance;
      if (!mu_table_move_check (m->terrain, &p, &mu, c->steps, c->n_steps, (const MuStand *) enemies->data,
                                enemies->len, &r))
        c->move_length = r.stop_along;
      mu_move_result_clear (&r);
    }
  c->charger = qrs_index (m, u);
  c->target = u->charge_target;
  return TRUE;
}

gboolean
qrs_apply_charge (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsCharge c;
  QrsUnit *u;

  if (!charge_check (m, command, &c, error))
    return FALSE;
  u = unit_at (m, c.charger);
  u->charged = TRUE;
  m->charge = c;
  m->charge.active = TRUE;
  mu_event_set_object (qrs_event (m, events, &qrs_ev_charge, u->def->id, "QRS-CHG-1"),
                       unit_at (m, c.target)->def->id);
  /* QRS-AMB-41: declared, the charge waits for the other side's hold
   * fires at the charger (the window the match opens after this command)
   * before its bonus roll */
  {
    g_autoptr(GPtrArray) hold = qrs_hold_fires (m, 1 - u->side, u);

    m->charge.stage = hold->len > 0 ? -1 : 0;
  }
  if (m->charge.stage == 0)
    qrs_charge_continue (m, events);
  return TRUE;
}

gboolean
qrs_charge_declared (const QrsMatch *m)
{
  return m->charge.active && m->charge.stage < 0;
}

/* After the hold-fire window of its declaration: a charger the hold fires
 * removed, routed, shook or moved (a shaken fall-back) no longer has the
 * path it was given, and does not charge (QRS-AMB-67's rule for the
 * defensive volley, met earlier). */
void
qrs_charge_resume (QrsMatch *m, GPtrArray *events)
{
  QrsCharge *c = &m->charge;
  QrsUnit *u = unit_at (m, c->charger);
  MuPoint a;

  g_return_if_fail (qrs_charge_declared (m));
  c->stage = 0;
  a = u->n_stands ? mu_stands_anchor (u->stand, u->n_stands) : c->start;
  if (u->removed || u->morale != QRS_GOOD || mu_table_beyond (hypot (a.x - c->start.x, a.y - c->start.y), 0))
    {
      c->active = FALSE;
      if (!u->removed)
        mu_event_set_text (qrs_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), u->def->id,
                                      "QRS-AMB-41"), "the hold fire stops the charge");
      return;
    }
  qrs_charge_continue (m, events);
}

/* For the simulator: each C unit's straight charge at its target, facing
 * kept, to the first point of contact. */
void
qrs_legal_charges (QrsMatch *m, GPtrArray *list)
{
  int side = qrs_acting_side (m);
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);

  if (m->step != QRS_STEP_CHARGES)
    return;
  QRS_FOR_UNITS (m, u)
    if (u->side == side && u->order == QRS_ORDER_C && !u->charged && !u->removed
        && u->charge_target != QRS_NONE)
      {
        QrsUnit *t = unit_at (m, u->charge_target);
        MuPoint a = mu_stands_anchor (u->stand, u->n_stands);
        MuPoint from = mu_stands_centre (u->stand, u->n_stands);
        MuPoint to = mu_stands_centre (t->stand, t->n_stands);
        double dx = to.x - from.x, dy = to.y - from.y, len = hypot (dx, dy);
        MuStand s[MU_STANDS_MAX];

        if (t->removed || len < 1e-9)
          continue;
        for (double x = 0; x < len + 48; x += 0.01)
          {
            MuPoint p = { round ((a.x + dx / len * x) * 100) / 100, round ((a.y + dy / len * x) * 100) / 100 };
            guint n = mu_stands_layout (&qrs_formation_shapes[u->form], u->stands, u->width, u->depth, p,
                                        u->facing, s, MU_STANDS_MAX);

            if (mu_stands_overlap (s, n, t->stand, t->n_stands))
              break;
            if (mu_stands_in_contact (s, n, t->stand, t->n_stands, tol))
              {
                MuPos pos = mu_pos_from_point (p.x, p.y, -1);
                g_autoptr(MuCommand) c = mu_command_new ("charge");
                QrsCharge cc;

                mu_command_add_word (c, u->def->id);
                mu_command_add_pos (c, &pos);
                if (charge_check (m, c, &cc, NULL))
                  g_ptr_array_add (list, g_steal_pointer (&c));
                break;
              }
          }
      }
}

/* QRS-CHG-3, QRS-AMB-16: the defensive volley's distance, in inches. */
static double
volley_distance (QrsMatch *m, const QrsUnit *t, int die)
{
  int mod = 0;
  double d;

  if (qrs_officer_rating (m, t) > 0 || t->quality == 0)
    mod -= 1;
  if (t->disordered || t->order == QRS_ORDER_CH || t->order == QRS_ORDER_FM)
    mod += 1;
  mod = CLAMP (mod, -1, 1);
  d = (t->quality <= 1 ? die / 2.0 : die) + mod;
  return MAX (d, 0);
}

/* Table I1 and I2 (QRS-CHG-4, QRS-AMB-20, QRS-AMB-68): a unit's impact
 * modifiers, named. */
static guint
impact_modifiers (QrsMatch *m, const QrsUnit *u, const QrsUnit *other, gboolean charger,
                  MuRollModifier *mods)
{
  static const int inf_form[] = {
    [QRS_FORM_SINGLE_LINE] = 0, [QRS_FORM_EXTENDED_LINE] = 1, [QRS_FORM_DOUBLE_LINE] = -1,
    [QRS_FORM_ATTACK_COLUMN] = -2, [QRS_FORM_SKIRMISH_LINE] = 6, [QRS_FORM_MARCH_COLUMN] = 3,
    [QRS_FORM_COLUMN] = 3, [QRS_FORM_DISMOUNTED] = 1, [QRS_FORM_LIMBERED] = 3,
    [QRS_FORM_UNLIMBERED] = 0,
  };
  guint n = qrs_mp_modifiers (m, u, -1, FALSE, charger ? NULL : other, !charger, mods);
  int f = 0;

  for (guint i = 0; i < n; i++)
    mods[i].on_target = FALSE;
  if (charger)
    mods[n++] = (MuRollModifier) { "charging", NULL, "QRS-CHG-4", -1, FALSE };
  if (u->arm == QRS_ARM_INF)
    f = inf_form[u->form];
  else if (u->arm == QRS_ARM_CAV)
    f = u->form == QRS_FORM_SINGLE_LINE ? -1 : u->form == QRS_FORM_DOUBLE_LINE ? -2
        : u->form == QRS_FORM_SKIRMISH_LINE ? 5 : u->form == QRS_FORM_DISMOUNTED ? 3 : 2;
  else if (u->arm == QRS_ARM_ART)
    f = qrs_battery_supported (m, u) ? 0 : 8;
  if (f)
    mods[n++] = (MuRollModifier) { "formation", NULL, "QRS-CHG-4", f, FALSE };
  if (u->disordered)
    mods[n++] = (MuRollModifier) { "disorder", NULL, "QRS-AMB-20", u->arm == QRS_ARM_INF ? 4 : 3, FALSE };
  /* Table I2, QRS-AMB-50: infantry whose flanks or rear other infantry
   * supports, -1 each */
  if (u->arm == QRS_ARM_INF)
    {
      int sides = 0;

      qrs_supports (m, u, TRUE, FALSE, &sides);
      if (sides)
        mods[n++] = (MuRollModifier) { "supported", NULL, "QRS-AMB-50", -sides, FALSE };
    }
  if (u->arm == QRS_ARM_CAV && u->form != QRS_FORM_DISMOUNTED && charger)
    {
      int k = 0;

      QRS_FOR_UNITS (m, o)
        k += o->side == u->side && o->arm == QRS_ARM_CAV && o->form != QRS_FORM_DISMOUNTED && !o->removed
             && o->morale != QRS_ROUTED && o->order == QRS_ORDER_C && o->charge_target == u->charge_target;
      if (k)
        mods[n++] = (MuRollModifier) { "mounted", NULL, "QRS-AMB-68", -2 * k, FALSE };
    }
  if (!charger)
    {
      int s = qrs_flank_of (u, other);

      if (s)
        mods[n++] = (MuRollModifier) { s == 3 ? "rear" : s == 2 ? "full-flank" : "partial-flank", NULL,
                                       "QRS-CHG-4", 3 * s, FALSE };
      if (u->order == QRS_ORDER_FM)
        mods[n++] = (MuRollModifier) { "forming", NULL, "QRS-CHG-4", 2, FALSE };
      if (u->order == QRS_ORDER_CH)
        mods[n++] = (MuRollModifier) { "conditional-hold", NULL, "QRS-CHG-4", 2, FALSE };
    }
  return n;
}

static int
impact_roll (QrsMatch *m, QrsUnit *u, QrsUnit *other, gboolean charger, GPtrArray *events)
{
  MuRollModifier mods[24];
  MuRoll roll = { 0 };

  roll.purpose = "impact";
  roll.subject = u->def->id;
  roll.object = other->def->id;
  roll.n = 2;
  roll.read = MU_DICE_SUM;
  roll.modifiers = mods;
  roll.n_modifiers = impact_modifiers (m, u, other, charger, mods);
  roll.modifier = u->bmp;
  roll.rule = "QRS-CHG-4";
  return mu_dice_roll_read (m->dice, events, &roll, NULL);
}

/* QRS-CHG-5, QRS-AMB-17, QRS-AMB-69: the DRMs of the fall-back pips. */
static int
pip_drm (QrsMatch *m, const QrsUnit *u)
{
  int d = 0;

  if (u->quality == 0)
    d -= 1;
  if (qrs_officer_rating (m, u) > 0)
    d -= 1;
  if (u->quality == 2)
    d += 1;
  if (u->quality == 3)
    d += 2;
  return d;
}

static void impact (QrsMatch *m, QrsCharge *c, QrsUnit *u, QrsUnit *t, GPtrArray *events);

/* QRS-AMB-70: a side fires its volley after the impact when the other is
 * in its arc, sight and range, and it is not routed or limbered. */
static gboolean
volley_ok (QrsMatch *m, const QrsUnit *a, const QrsUnit *b)
{
  return !a->removed && !b->removed && a->morale != QRS_ROUTED && a->form != QRS_FORM_LIMBERED
         && mu_stands_in_arc (a->stand, a->n_stands, 45.0, b->stand, b->n_stands, MU_ARC_ANY_PART)
         && qrs_in_sight (m, a, b) && qrs_in_range (m, a, b);
}

/* QRS-AMB-26, QRS-AMB-74: figures lost, a stand at each multiple of
 * qrs.figures-per-stand. */
static void
lose_figures (QrsMatch *m, QrsUnit *t, int n, GPtrArray *events)
{
  int before = t->figures_lost / m->figures_per_stand;

  t->figures_lost += n;
  qrs_lose_stands (m, t, t->figures_lost / m->figures_per_stand - before, events);
}

/* QRS-ALT-1, QRS-AMB-72: the alternative resolution's results by the
 * margin, for the loser (and the winning attacker's advance). */
static void
alternative (QrsMatch *m, QrsCharge *c, QrsUnit *u, QrsUnit *t, int a, int d, GPtrArray *events)
{
  gboolean attacker_wins = a < d;
  QrsUnit *loser = attacker_wins ? t : u, *winner = attacker_wins ? u : t;
  int margin = ABS (a - d);
  int retreat = 0;             /* d6 of the retreat, in pips (QRS-AMB-62) */
  gboolean shaken = FALSE;
  double advance = 0;          /* the attacker's share of the rest of its reach */
  MuPoint dir = qrs_away_from (loser, winner);

  mu_event_set_text (qrs_event (m, events, &qrs_ev_impact, winner->def->id, "QRS-ALT-1"),
                     attacker_wins ? "attacker" : "defender");
  loser->disordered = TRUE;
  if (margin >= 12)
    {
      loser->removed = TRUE;
      loser->n_stands = 0;
      loser->order = loser->release = QRS_ORDER_NONE;
      mu_event_set_text (qrs_event (m, events, &qrs_ev_removed, loser->def->id, "QRS-ALT-1"), "picked up");
      return;
    }
  if (margin >= 6)
    {
      /* routs, having lost its stands first */
      qrs_lose_stands (m, loser, margin >= 10 ? 2 : margin >= 8 ? 1 : 0, events);
      if (!loser->removed && loser->morale != QRS_ROUTED)
        qrs_rout_now (m, loser, winner, "QRS-ALT-1", events);
      return;
    }
  if (attacker_wins)
    {
      static const int figures[6] = { 0, 2, 2, 1, 1, 1 };

      lose_figures (m, loser, figures[margin], events);
      retreat = margin == 1 || margin == 5 ? 1 : 2;
      shaken = margin >= 2;
      advance = margin >= 3 && margin <= 4 ? 1.0 : margin == 2 ? 0.5 : 0;
    }
  else
    {
      lose_figures (m, loser, margin <= 2 ? 1 : 0, events);
      retreat = margin == 2 || margin == 5 ? 1 : 2;
      shaken = margin >= 3;
    }
  if (loser->removed)
    return;
  {
    MuRoll roll = { 0 };
    int pips;

    roll.purpose = "fall-back";
    roll.subject = loser->def->id;
    roll.n = retreat;
    roll.read = MU_DICE_SUM;
    roll.rule = "QRS-AMB-72";
    pips = mu_dice_roll_read (m->dice, events, &roll, NULL);
    qrs_push (m, loser, dir, qrs_pips_length (m, loser, dir, pips), FALSE,
              attacker_wins ? "beaten" : "repulsed", events);
  }
  if (shaken && !loser->removed && loser->morale == QRS_GOOD)
    qrs_set_shaken (m, loser, "QRS-ALT-1", events);
  if (advance > 0 && !u->removed && c->reach > c->length)
    qrs_push (m, u, dir, (c->reach - c->length) * advance, FALSE, "pursuit", events);
}

/* The charge's stages: 0 bonus and reach, 1 the defensive volley, 2 the
 * impact, 3 and 4 the volleys after it, 5 their checks. */
void
qrs_charge_continue (QrsMatch *m, GPtrArray *events)
{
  QrsCharge *c = &m->charge;
  QrsUnit *u = unit_at (m, c->charger);
  QrsUnit *t = unit_at (m, c->target);

  if (c->stage == 0)
    {
      static const char *const keys[] = { "open", "broken", "woods", "rough" };
      double dice = qrs_number (m, "bonus-move", keys[path_class (m, c)], 4);
      MuRoll roll = { 0 };
      int bonus, die;
      double base;
      gboolean can_volley;

      /* QRS-CHG-2, QRS-AMB-65: the reach along the path */
      roll.purpose = "charge-bonus";
      roll.subject = u->def->id;
      roll.n = dice < 1 ? 1 : (guint) dice;
      roll.read = MU_DICE_SUM;
      roll.rule = "QRS-CHG-2";
      bonus = mu_dice_roll_read (m->dice, events, &roll, NULL);
      if (dice < 1)
        bonus = (bonus + 1) / 2;
      base = mu_table_within (c->cost, c->allowance) ? c->length + (c->allowance - c->cost) : c->move_length;
      c->reach = base + bonus * inch (m);
      /* QRS-AMB-15, QRS-AMB-66: where disorder falls */
      c->disorder_at = u->quality >= 2 || u->disordered ? 0 : base + bonus * inch (m) / 2;
      /* QRS-AMB-67: no volley, so no volley-point die, from a target
       * that cannot fire one, or that never has the charger in its front
       * arc along the path (a charge on the flank or rear) */
      can_volley = t->morale != QRS_ROUTED && t->form != QRS_FORM_LIMBERED && !qrs_in_contact (m, t)
                   && t->fired_at != c->charger;
      if (can_volley)
        {
          gboolean in_arc = FALSE;

          for (double x = 0; !in_arc && x <= MIN (c->length, c->reach) + STEP * inch (m); x += STEP * inch (m))
            {
              MuStand s[MU_STANDS_MAX];
              guint ns = layout_at (u, c, MIN (x, MIN (c->length, c->reach)), s, NULL);

              in_arc = mu_stands_in_arc (t->stand, t->n_stands, 45.0, s, ns, MU_ARC_ANY_PART);
            }
          can_volley = in_arc;
        }
      if (can_volley)
        {
          /* "a unit charged in the flank or rear therefore gets none":
           * judged where the charge makes contact (QRS-AMB-48) */
          g_autofree QrsUnit *at = g_memdup2 (u, sizeof *u);

          at->n_stands = layout_at (u, c, c->length, at->stand, &at->facing);
          can_volley = qrs_flank_of (t, at) == 0;
        }
      /* QRS-CHG-3, QRS-AMB-67: the volley point */
      die = can_volley ? mu_dice_roll (m->dice, events, "volley-point", t->def->id, u->def->id, 0,
                                       MU_ROLL_NONE, 0, "QRS-CHG-3", NULL) : 0;
      c->volley = can_volley ? volley_distance (m, t, die) * inch (m) : -1;
      if (can_volley)
        {
          /* the distance itself, so that the players can measure it */
          g_autofree char *d = g_strdup_printf ("%.2f%s", c->volley,
                                                m->scenario->table->unit == MU_UNIT_CM ? "cm" : "in");
          MuEvent *e = qrs_event (m, events, &qrs_ev_volley_point, t->def->id, "QRS-CHG-3");

          mu_event_set_text (e, d);
          mu_event_set_object (e, u->def->id);
        }
      c->volley_at = -1;
      for (double x = 0; can_volley && x <= MIN (c->length, c->reach) + 1e-9; x += STEP * inch (m))
        {
          MuStand s[MU_STANDS_MAX];
          guint ns = layout_at (u, c, MIN (x, c->length), s, NULL);

          if (mu_stands_within (s, ns, t->stand, t->n_stands, c->volley))
            {
              c->volley_at = MIN (x, c->length);
              break;
            }
        }
      c->stage = 1;
      if (c->volley_at >= 0 && t->morale != QRS_ROUTED && t->form != QRS_FORM_LIMBERED
          && !qrs_in_contact (m, t) && t->fired_at != c->charger)
        {
          c->volley_at = place_at (m, u, c, c->volley_at);
          u->disordered = u->disordered || c->volley_at >= c->disorder_at;
          if (mu_stands_in_arc (t->stand, t->n_stands, 45.0, u->stand, u->n_stands, MU_ARC_ANY_PART)
              && qrs_in_sight (m, t, u))
            {
              qrs_fire_start (m, t, u, 0, TRUE, events);
              if (m->fire.active)
                return;
            }
        }
    }
  if (c->stage == 1)
    {
      c->stage = 2;
      /* QRS-AMB-67: shaken or routed by the volley, the charge ends there */
      if (u->removed || u->morale != QRS_GOOD)
        {
          c->active = FALSE;
          return;
        }
      if (mu_table_beyond (c->length, c->reach))
        {
          /* QRS-AMB-65: short of its target, no impact; placed at its
           * reach whether or not it is disordered already (the volley
           * point past where disorder falls) */
          double at = place_at (m, u, c, c->reach);

          u->disordered = u->disordered || at >= c->disorder_at;
          mu_event_set_text (qrs_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), u->def->id,
                                        "QRS-AMB-65"), "the charge falls short");
          c->active = FALSE;
          return;
        }
      place_at (m, u, c, c->length);
      u->disordered = u->disordered || c->length >= c->disorder_at;
    }
  if (c->stage == 2)
    impact (m, c, u, t, events);
  /* QRS-CHG-7, QRS-AMB-70: then each side's 2-dice volley at the other,
   * the charger's first, losses as they come and the checks after both */
  if (c->stage == 3)
    {
      c->stage = 4;
      if (volley_ok (m, u, t))
        {
          qrs_fire_start (m, u, t, 2, FALSE, events);
          if (m->fire.active)
            return;
        }
    }
  if (c->stage == 4)
    {
      c->stage = 5;
      if (volley_ok (m, t, u))
        {
          qrs_fire_start (m, t, u, 2, FALSE, events);
          if (m->fire.active)
            return;
        }
    }
  c->active = FALSE;
  qrs_run_checks (m, events);
}

/* QRS-CHG-4..6: the impact and what follows it; stage 3 next, or the
 * charge's end. */
static void
impact (QrsMatch *m, QrsCharge *c, QrsUnit *u, QrsUnit *t, GPtrArray *events)
{
  c->stage = 3;
  if (t->removed)
    {
      c->stage = 5;
      return;
    }
  /* QRS-AMB-68: a limbered battery surrenders at contact */
  if (t->arm == QRS_ARM_ART && t->form == QRS_FORM_LIMBERED)
    {
      t->removed = TRUE;
      t->n_stands = 0;
      t->order = t->release = QRS_ORDER_NONE;
      mu_event_set_text (qrs_event (m, events, &qrs_ev_removed, t->def->id, "QRS-AMB-27"), "surrendered");
      u->disordered = TRUE;
      c->stage = 5;
      return;
    }
  {
    int a = impact_roll (m, u, t, TRUE, events);
    int d = impact_roll (m, t, u, FALSE, events);

    if (a != d && mu_scenario_option (m->scenario, "qrs.alternative-charge", FALSE))
      {
        alternative (m, c, u, t, a, d, events);
        return;
      }
    if (a == d)
      {
        /* equal totals: both stay in contact for the melee */
        mu_event_set_text (qrs_event (m, events, &qrs_ev_impact, u->def->id, "QRS-CHG-4"), "tie");
        return;
      }
    if (d < a)
      {
        /* QRS-CHG-5, QRS-AMB-69: the attacker falls back its pips */
        MuRoll roll = { 0 };
        int pips;

        mu_event_set_text (qrs_event (m, events, &qrs_ev_impact, t->def->id, "QRS-CHG-5"), "defender");
        roll.purpose = "fall-back";
        roll.subject = u->def->id;
        roll.n = u->arm == QRS_ARM_CAV ? 2 : 1;
        roll.read = MU_DICE_SUM;
        roll.modifier = pip_drm (m, u);
        roll.rule = "QRS-CHG-5";
        pips = mu_dice_roll_read (m->dice, events, &roll, NULL);
        pips = MAX (1, pips);
        u->disordered = TRUE;
        qrs_push (m, u, qrs_away_from (u, t), qrs_pips_length (m, u, qrs_away_from (u, t), pips), FALSE,
                  "repulsed", events);
      }
    else
      {
        /* QRS-CHG-6, QRS-AMB-18, QRS-AMB-69: the defender falls back its
         * pips, its modified total setting its morale; the attacker
         * pursues along its line */
        MuRoll roll = { 0 };
        MuRollResult res;
        g_autoptr(GPtrArray) scratch = events ? NULL : mu_event_array_new ();
        GPtrArray *ev = events ? events : scratch;
        guint before = ev->len;
        int pips = 0, total;
        MuPoint dir = qrs_away_from (t, u);
        MuEvent *re = NULL;
        double rest = c->reach - c->length;

        mu_event_set_text (qrs_event (m, events, &qrs_ev_impact, u->def->id, "QRS-CHG-6"), "attacker");
        roll.purpose = "fall-back";
        roll.subject = t->def->id;
        roll.n = 2;
        roll.read = MU_DICE_SUM;
        roll.modifier = pip_drm (m, t);
        roll.rule = "QRS-CHG-6";
        total = mu_dice_roll_read (m->dice, ev, &roll, &res);
        for (guint i = before; i < ev->len; i++)
          if (((MuEvent *) g_ptr_array_index (ev, i))->kind == MU_EVENT_ROLL)
            re = g_ptr_array_index (ev, i);
        for (guint i = 0; re && re->pool && i < re->pool->len; i++)
          pips += g_array_index (re->pool, int, i);
        t->disordered = TRUE;
        if (total >= 12)
          {
            t->removed = TRUE;
            t->n_stands = 0;
            t->order = t->release = QRS_ORDER_NONE;
            mu_event_set_text (qrs_event (m, events, &qrs_ev_removed, t->def->id, "QRS-AMB-18"), "picked up");
          }
        else
          {
            qrs_push (m, t, dir, qrs_pips_length (m, t, dir, pips), FALSE, "beaten", events);
            if (total >= 9 && !t->removed && t->morale != QRS_ROUTED)
              qrs_set_routed (m, t, "QRS-CHG-6", events);
            else if (total >= 5 && !t->removed && t->morale == QRS_GOOD)
              qrs_set_shaken (m, t, "QRS-CHG-6", events);
          }
        u->disordered = TRUE;
        /* QRS-AMB-69: the rest of the reach along the defender's line,
         * stopping on touching an enemy (no new impact) */
        if (rest > 0 && !u->removed)
          qrs_push (m, u, dir, rest, FALSE, "pursuit", events);
      }
  }
}
