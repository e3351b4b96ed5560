/* regimental-fire.c: fire combat of the regimental sheet (QRS-FIRE-1..8,
 * QRS-AMB-29..38, 40, 74, 76, 77): who may fire when, arc, sight and
 * range, the pool of dice and its modifiers, the combat results table of
 * the players (MISSING-1), special results, hits on batteries, the
 * ammunition test and the checks a fire causes. A fire that needs a value
 * the rules file lacks waits in QrsMatch.fire for the answer. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { W_PISTOL = 6, W_SHARPSHOOTER = 5, W_BL_CARBINE = 2, W_SMOOTHBORE = 0, W_SHOTGUN = 7,
       W_FIRST_GUN = 8, W_RIFLED_MUSKET = 15, W_REPEATER = 16, W_NAPOLEON = 17 };

static double
inch (const QrsMatch *m)
{
  return m->scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
}

/* QRS-AMB-38: mounted cavalry fires with pistols whatever its weapon. */
static int
fire_weapon (const QrsUnit *u)
{
  return u->arm == QRS_ARM_CAV && u->form != QRS_FORM_DISMOUNTED ? W_PISTOL : u->weapon;
}

static gboolean
is_gun (int w)
{
  return (w >= W_FIRST_GUN && w < W_RIFLED_MUSKET) || w == W_NAPOLEON;
}

/* The table a weapon's numbers live in: F1, F2, or the rows cut off the
 * sheet (QRS-AMB-32, MISSING-6). */
static const char *
weapon_table (int w)
{
  if (w >= W_RIFLED_MUSKET)
    return "other-weapons";
  return is_gun (w) ? "artillery" : "small-arms";
}

gboolean
qrs_in_contact (const QrsMatch *m, const QrsUnit *u)
{
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);

  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_in_contact (u->stand, u->n_stands, o->stand, o->n_stands, tol))
      return TRUE;
  return FALSE;
}

/* QRS-AMB-56: TAB-16 with woods, settlements and built-up areas seen into
 * 2", buildings not at all, light woods not blocking; units block,
 * officers never. */
gboolean
qrs_in_sight (QrsMatch *m, const QrsUnit *u, const QrsUnit *t)
{
  MuLosParams params;
  g_autofree MuLosUnit *others = g_new0 (MuLosUnit, m->units->len);
  guint n = 0;
  MuLosResult r;

  mu_los_params_init (&params, m->scenario->table->unit);
  for (int k = 0; k < MU_AREA_N; k++)
    params.visible_depth[k] = -1;
  params.visible_depth[MU_AREA_WOODS] = 2 * inch (m);
  params.visible_depth[MU_AREA_SETTLEMENT] = 2 * inch (m);
  params.visible_depth[MU_AREA_BUILT_UP] = 2 * inch (m);
  params.visible_depth[MU_AREA_BUILDING] = 0;
  QRS_FOR_UNITS (m, o)
    if (!o->removed && o->n_stands > 0)
      others[n++] = (MuLosUnit) { o->def->id, o->stand, o->n_stands, o->arm == QRS_ARM_OFFICER };
  return mu_table_los (m->terrain, &params, u->stand, u->n_stands, t->stand, t->n_stands, others, n, &r);
}

/* QRS-AMB-37: from the front edge of one of its front-rank stands. */
static double
fire_range (const QrsUnit *u, const QrsUnit *t)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < u->n_stands; i++)
    if (u->stand[i].rank == 0)
      best = MIN (best, mu_stand_range (&u->stand[i], t->stand, t->n_stands));
  return best;
}

/* The weapon's value, or NAN when neither the file nor an answer has it. */
static double
weapon_value (QrsMatch *m, int w, const char *what)
{
  g_autofree char *key = g_strdup_printf ("%s %s", qrs_weapon_ids[w], what);
  const char *v = qrs_value (m, weapon_table (w), key);
  char *end = NULL;
  double d;

  if (v == NULL)
    return NAN;
  if (g_str_equal (v, "NA"))
    return -1;
  d = g_ascii_strtod (v, &end);
  return end && *end == '\0' ? d : NAN;
}

static double
long_range (QrsMatch *m, int w)
{
  return weapon_value (m, w, "long");
}

gboolean
qrs_can_fire (QrsMatch *m, const QrsUnit *u, gboolean hold, GError **error)
{
  QrsOrder o = u->order == QRS_ORDER_CH ? QRS_ORDER_H : u->order;
  gboolean ok;

  if (u->arm == QRS_ARM_OFFICER || u->removed)
    return mu_rules_refuse (error, "QRS-AMB-37", "%s cannot fire", u->def->id);
  if (u->morale == QRS_ROUTED || u->form == QRS_FORM_LIMBERED)
    return mu_rules_refuse (error, "QRS-AMB-37", "routed units and limbered batteries never fire");
  if (u->fired)
    return mu_rules_refuse (error, "QRS-AMB-23", "%s has fired this turn", u->def->id);
  if (qrs_in_contact (m, u))
    return mu_rules_refuse (error, "QRS-AMB-37", "%s is in contact with the enemy", u->def->id);
  if (m->step < QRS_STEP_FIRST_FIRE || m->step > QRS_STEP_MOVING_FIRE)
    return mu_rules_refuse (error, "QRS-FIRE-1", "units fire in steps 4 to 8");
  if (hold)
    ok = o == QRS_ORDER_H;
  else
    switch (m->step)
      {
      case QRS_STEP_FIRST_FIRE:
        ok = o == QRS_ORDER_FR || o == QRS_ORDER_H;
        break;
      case QRS_STEP_MOVING_FIRE:
        ok = o == QRS_ORDER_M || o == QRS_ORDER_H;
        break;
      default:
        ok = o == QRS_ORDER_H;
        break;
      }
  if (!ok)
    return mu_rules_refuse (error, "QRS-FIRE-1", "%s's order %s does not fire in this step",
                            u->def->id, qrs_order_word (u->order));
  return TRUE;
}

gboolean
qrs_fire_target_ok (QrsMatch *m, const QrsUnit *u, const QrsUnit *t, GError **error)
{
  double lr;
  MuStandsBox ub, tb;

  if (t != NULL && t->side == u->side)
    return mu_rules_refuse (error, "QRS-AMB-37", "%s is no enemy", t->def->id);
  if (t == NULL || t->arm == QRS_ARM_OFFICER || t->removed)
    return mu_rules_refuse (error, "QRS-AMB-37", "a unit fires at one enemy unit, never at an officer");
  lr = long_range (m, fire_weapon (u));
  mu_stands_box (t->stand, t->n_stands, &tb);
  /* The legal commands ask this of every enemy, most of them beyond long
   * range, and want only the answer: the range from any stand is never
   * less than the gap between the units' boxes, so a target that far is
   * refused below, whichever check comes first (a caller that wants the
   * reason goes through them in their order). */
  if (error == NULL && !isnan (lr))
    {
      mu_stands_box (u->stand, u->n_stands, &ub);
      if (!mu_stands_boxes_near (&ub, &tb, lr * inch (m) + MU_TABLE_EPSILON))
        return FALSE;
    }
  if (!mu_stands_in_arc (u->stand, u->n_stands, 45.0, t->stand, t->n_stands, MU_ARC_ANY_PART))
    return mu_rules_refuse (error, "QRS-AMB-37", "%s is not in %s's front arc", t->def->id, u->def->id);
  /* QRS-AMB-37: not at a unit in contact with one of its own side's units */
  {
    double tol = mu_table_contact_tolerance (m->scenario->table->unit);

    QRS_FOR_UNITS (m, o)
      {
        MuStandsBox ob;

        if (o->side != u->side || o->arm == QRS_ARM_OFFICER || o->removed)
          continue;
        /* units whose boxes are apart by more than the tolerance are not in contact */
        mu_stands_box (o->stand, o->n_stands, &ob);
        if (mu_stands_boxes_near (&tb, &ob, tol)
            && mu_stands_in_contact (t->stand, t->n_stands, o->stand, o->n_stands, tol))
          return mu_rules_refuse (error, "QRS-AMB-37", "%s is in contact with %s", t->def->id,
                                  o->def->id);
      }
  }
  /* QRS-AMB-36: beyond long range a unit may not fire; a weapon whose
   * range the file lacks is asked for when it fires (QRS-AMB-32) */
  if (!isnan (lr) && mu_table_beyond (fire_range (u, t), lr * inch (m)))
    return mu_rules_refuse (error, "QRS-AMB-36", "%s is beyond %s's long range of %g in", t->def->id,
                            u->def->id, lr);
  if (!qrs_in_sight (m, u, t))
    return mu_rules_refuse (error, "QRS-AMB-37", "%s cannot see %s", u->def->id, t->def->id);
  return TRUE;
}

gboolean
qrs_apply_fire (QrsMatch *m, const MuCommand *command, gboolean hold, GPtrArray *events,
                GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  QrsUnit *t = qrs_find (m, mu_command_word (command, 1));
  const char *rapid = mu_command_word (command, 2);
  g_autofree char *kind = NULL;
  int acting = qrs_acting_side (m);

  if (u == NULL || t == NULL)
    return mu_rules_refuse (error, "QRS-AMB-37", "no such unit: %s",
                            mu_command_word (command, u == NULL ? 0 : 1));
  if (acting == QRS_NONE || (hold ? u->side == acting : u->side != acting))
    return mu_rules_refuse (error, "QRS-AMB-41", "%s's side does not fire now", u->def->id);
  if (!qrs_can_fire (m, u, hold, error) || !qrs_fire_target_ok (m, u, t, error))
    return FALSE;
  /* QRS-AMB-77: rapid fire with a breechloader or a repeater */
  kind = g_strdup_printf ("%s kind", qrs_weapon_ids[fire_weapon (u)]);
  if (rapid && fire_weapon (u) != W_BL_CARBINE && fire_weapon (u) != W_REPEATER
      && g_strcmp0 (qrs_value (m, "other-weapons", kind), "breechloader") != 0
      && g_strcmp0 (qrs_value (m, "other-weapons", kind), "repeater") != 0)
    return mu_rules_refuse (error, "QRS-AMB-77", "only breechloaders and repeaters fire rapidly");
  u->fired = TRUE;
  u->fired_at = qrs_index (m, t);
  m->fire = (QrsFire) { 0 };
  m->fire.active = TRUE;
  m->fire.firer = qrs_index (m, u);
  m->fire.target = qrs_index (m, t);
  m->fire.rapid = rapid != NULL;
  /* QRS-AMB-40: a hold fire in steps 5-7 has its checks at once */
  m->fire.hold = hold && m->step > QRS_STEP_FIRST_FIRE && m->step < QRS_STEP_MOVING_FIRE;
  qrs_fire_continue (m, events);
  return TRUE;
}

/* Whether t is within u's long range (a range the file lacks counts as
 * within: it is asked when the unit fires). */
gboolean
qrs_in_range (QrsMatch *m, const QrsUnit *u, const QrsUnit *t)
{
  double lr = long_range (m, fire_weapon (u));

  return isnan (lr) || !mu_table_beyond (fire_range (u, t), lr * inch (m));
}

void
qrs_fire_start (QrsMatch *m, QrsUnit *u, QrsUnit *t, int dice, gboolean now, GPtrArray *events)
{
  double lr = long_range (m, fire_weapon (u));

  /* QRS-AMB-67: beyond the weapon's long range the volley is wasted */
  if (!isnan (lr) && mu_table_beyond (fire_range (u, t), lr * inch (m)))
    {
      mu_event_set_text (qrs_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), u->def->id,
                                    "QRS-AMB-67"), "out of range: the volley is wasted");
      return;
    }
  u->fired_at = qrs_index (m, t);
  m->fire = (QrsFire) { 0 };
  m->fire.active = TRUE;
  m->fire.firer = qrs_index (m, u);
  m->fire.target = qrs_index (m, t);
  m->fire.hold = now;
  m->fire.fixed_dice = dice;
  qrs_fire_continue (m, events);
}

/* QRS-AMB-48: the firer's centre in the target's sectors; a flank is
 * partial when that centre is ahead of the line of its front edge.
 * 0 front, 1 partial flank, 2 full flank, 3 rear. */
int
qrs_flank_of (const QrsUnit *t, const QrsUnit *u)
{
  MuPoint c = mu_stands_centre (u->stand, u->n_stands);
  MuPoint a = mu_stands_anchor (t->stand, t->n_stands);
  MuPoint f = mu_facing_vector (t->facing);
  MuSector s = mu_stands_sector (t->stand, t->n_stands, 45.0, c);

  if (s == MU_SECTOR_FRONT)
    return 0;
  if (s == MU_SECTOR_REAR)
    return 3;
  return mu_table_beyond ((c.x - a.x) * f.x + (c.y - a.y) * f.y, 0) ? 1 : 2;
}

static const char *const flank_keys[] = { NULL, "flank partial", "flank full", "flank rear" };

/* A DRM of table fire-modifiers: asked once when missing (QRS-AMB-30).
 * FALSE when the question is open. */
static gboolean
drm (QrsMatch *m, const char *key, int side, const char *subject, int *value, GPtrArray *events)
{
  const char *v = qrs_value (m, "fire-modifiers", key);

  if (v == NULL)
    {
      qrs_ask (m, "fire-drm", "fire-modifiers", key, side, subject, N_ ("the fire DRM"), events);
      return FALSE;
    }
  *value = atoi (v);
  return TRUE;
}

/* The CRT's entry for DICE and TOTAL (QRS-AMB-29): the highest key of the
 * file at or below the total, 0 below every key; with no key at all for
 * that number of dice, the match's answer for that total, or NULL. */
static const char *
crt_entry (QrsMatch *m, int dice, int total, gboolean *known)
{
  gboolean any = FALSE;

  *known = TRUE;
  for (int t = total; t >= -40; t--)
    {
      g_autofree char *key = g_strdup_printf ("%d %d", dice, t);
      const char *v = m->data ? mu_rules_data_text (m->data, "combat-results", key) : NULL;

      if (v)
        return v;
    }
  for (int t = total + 1; t <= 80 && !any; t++)
    {
      g_autofree char *key = g_strdup_printf ("%d %d", dice, t);

      any = m->data && mu_rules_data_text (m->data, "combat-results", key) != NULL;
    }
  if (any)
    return "0";
  {
    g_autofree char *key = g_strdup_printf ("%d %d", dice, total);
    const char *v = qrs_value (m, "combat-results", key);

    *known = v != NULL;
    return v;
  }
}

const char *
qrs_crt_entry (QrsMatch *m, int dice, int total)
{
  gboolean known;
  const char *v = crt_entry (m, dice, total, &known);

  return known ? v : NULL;
}

static gboolean
is_special_firer (const QrsUnit *u)
{
  return u->arm == QRS_ARM_ART || fire_weapon (u) == W_SHARPSHOOTER;
}

/* QRS-AMB-74: each casualty a figure; a stand each time the figures
 * reach a multiple of qrs.figures-per-stand. */
void
qrs_lose_stands (QrsMatch *m, QrsUnit *u, int n, GPtrArray *events)
{
  for (int i = 0; i < n && !u->removed; i++)
    {
      MuEvent *e;

      u->stands--;
      u->stands_lost++;
      if (u->stands <= 0)
        {
          u->removed = TRUE;
          u->n_stands = 0;
          u->order = QRS_ORDER_NONE;
          e = qrs_event (m, events, &qrs_ev_removed, u->def->id, "QRS-AMB-74");
          mu_event_set_text (e, "no stand left");
          return;
        }
      qrs_relayout (m, u);
      e = qrs_event (m, events, &qrs_ev_stand_lost, u->def->id, "QRS-AMB-74");
      e->value = u->stands;
    }
}

/* Casualties on the target: skirmish halving, then a battery's dice
 * (QRS-FIRE-5, QRS-AMB-74). Returns whether a check follows (the first
 * casualty, a stand lost). */
gboolean
qrs_inflict (QrsMatch *m, QrsUnit *u, QrsUnit *t, int n, GPtrArray *events)
{
  int figures = 0, sections = 0;
  gboolean first = t->figures_lost == 0 && t->stands_lost == 0;
  int before = t->stands_lost;

  if (n <= 0)
    return FALSE;
  if (t->arm == QRS_ARM_ART)
    {
      for (int i = 0; i < n; i++)
        {
          int d = mu_dice_roll (m->dice, events, "allocation", t->def->id, u->def->id, 0,
                                MU_ROLL_AT_LEAST, 5, "QRS-FIRE-5", NULL);

          if (d <= 4)
            {
              MuEvent *e;

              t->horses_lost++;
              e = qrs_event (m, events, &qrs_ev_horse, t->def->id, "QRS-FIRE-5");
              e->value = t->horses_lost;
            }
          else if (u->arm == QRS_ARM_ART)
            sections++;
          else
            {
              /* QRS-AMB-74: the crew, a figure; said, as a horse is */
              qrs_event (m, events, &qrs_ev_crew, t->def->id, "QRS-AMB-74");
              figures++;
            }
        }
    }
  else
    figures = n;
  t->figures_lost += figures;
  {
    int stands = t->figures_lost / m->figures_per_stand - (t->figures_lost - figures) / m->figures_per_stand;

    qrs_lose_stands (m, t, stands + sections, events);
  }
  return !t->removed && (first || t->stands_lost > before);
}

/* QRS-FIRE-4, QRS-AMB-29: the total read in the combat results table
 * (asked when the file has no key for that number of dice), then the
 * result on the target and the check it causes. */
static void
resolve (QrsMatch *m, GPtrArray *events)
{
  QrsFire *f = &m->fire;
  QrsUnit *u = g_ptr_array_index (m->units, f->firer);
  QrsUnit *t = g_ptr_array_index (m->units, f->target);
  gboolean known, check = FALSE;
  const char *entry = crt_entry (m, f->dice, f->total, &known);
  MuEvent *e;

  if (!known)
    {
      g_autofree char *key = g_strdup_printf ("%d %d", f->dice, f->total);

      qrs_ask (m, "crt", "combat-results", key, u->side, u->def->id,
               N_ ("casualties for this number of dice and total"), events);
      return;
    }
  f->active = FALSE;
  if (g_str_equal (entry, "M") || g_str_equal (entry, "1*"))
    {
      gboolean hit = FALSE;

      e = qrs_event (m, events, &qrs_ev_special, t->def->id, "QRS-FIRE-4");
      mu_event_set_object (e, u->def->id);
      mu_event_set_text (e, entry);
      if (g_str_equal (entry, "1*"))
        {
          /* the firer is on the special event just before */
          mu_dice_roll (m->dice, events, "special", t->def->id, NULL, 0, MU_ROLL_AT_LEAST, 4,
                        "QRS-FIRE-4", &hit);
          /* a 1* that hits is one casualty, not halved (the sheet's own
           * single casualty), written as every fire's casualties are */
          if (hit)
            {
              e = qrs_event (m, events, &qrs_ev_casualties, t->def->id, "QRS-AMB-29");
              mu_event_set_object (e, u->def->id);
              e->value = 1;
              check = qrs_inflict (m, u, t, 1, events);
            }
        }
      /* QRS-AMB-29, QRS-AMB-76: M, and a missed 1*, only from artillery
       * and sharpshooters: +1 MP for the turn and a check */
      if (!hit && is_special_firer (u) && !t->removed)
        {
          t->hits++;
          check = TRUE;
        }
    }
  else
    {
      int n = atoi (entry);

      /* QRS-FIRE-6: skirmishers halve, rounded down (QRS-AMB-86) */
      if (t->form == QRS_FORM_SKIRMISH_LINE)
        n /= 2;
      e = qrs_event (m, events, &qrs_ev_casualties, t->def->id, "QRS-AMB-29");
      mu_event_set_object (e, u->def->id);
      e->value = n;
      check = qrs_inflict (m, u, t, n, events);
    }
  /* QRS-FIRE-8, QRS-AMB-40: one check a fire; a step's fire has its
   * checks after its last fire, a hold fire in steps 5-7 at once */
  if (check && !t->removed && t->morale != QRS_ROUTED)
    {
      qrs_queue_check (m, t, f->flank, f->disordered, u);
      if (f->hold)
        qrs_run_checks (m, events);
    }
}

/* Goes on with the fire in m->fire until it is done or a value is asked. */
void
qrs_fire_continue (QrsMatch *m, GPtrArray *events)
{
  if (m->fire.stage == 1)
    {
      resolve (m, events);
      return;
    }
  {
  QrsFire *f = &m->fire;
  QrsUnit *u = g_ptr_array_index (m->units, f->firer);
  QrsUnit *t = g_ptr_array_index (m->units, f->target);
  int w = fire_weapon (u);
  double range, close, eff, lr;
  int band;                /* 0 close/canister, 1 effective/normal, 2 long */
  int flank = qrs_flank_of (t, u);
  MuRollModifier mods[10];
  guint n_mods = 0;
  int value, dice;
  static const char *const small_bands[] = { "close", "effective", "long" };
  static const char *const gun_bands[] = { "canister", "normal", "long" };
  const char *const *bands = is_gun (w) ? gun_bands : small_bands;
  g_autofree char *tkey = g_strdup_printf ("target %s", qrs_form_id (t->form));
  QrsCover cover;

  /* QRS-AMB-32: a weapon cut off the sheet, asked for when it first fires */
  for (int i = -1; i < 3; i++)
    {
      const char *what = i < 0 ? "drm" : bands[i];

      if (isnan (weapon_value (m, w, what)))
        {
          g_autofree char *key = g_strdup_printf ("%s %s", qrs_weapon_ids[w], what);

          if (m->data && !mu_rules_data_missing (m->data, weapon_table (w))
              && weapon_table (w) != (const char *) "other-weapons")
            continue;
          qrs_ask (m, "weapon-value", weapon_table (w), key, u->side, u->def->id,
                   N_ ("the weapon's value in inches or DRM"), events);
          return;
        }
    }
  /* QRS-AMB-30: the target, flank DRMs (cover is not built yet) */
  if (!drm (m, tkey, u->side, u->def->id, &value, events))
    return;
  if (t->disordered && !drm (m, "target disordered", u->side, u->def->id, &value, events))
    return;
  if (flank && !drm (m, flank_keys[flank], u->side, u->def->id, &value, events))
    return;
  /* QRS-AMB-47: a charger counts no cover in its own charge */
  cover = m->charge.active && !qrs_charge_declared (m) && f->target == m->charge.charger ? QRS_COVER_NONE : qrs_cover (m, t, u);
  if (qrs_cover_key (cover) && !drm (m, qrs_cover_key (cover), u->side, u->def->id, &value, events))
    return;

  range = fire_range (u, t);
  close = weapon_value (m, w, bands[0]) * inch (m);
  eff = weapon_value (m, w, bands[1]) * inch (m);
  lr = weapon_value (m, w, "long") * inch (m);
  band = close >= 0 && mu_table_within (range, close) ? 0 : mu_table_within (range, eff) ? 1 : 2;
  if (mu_table_beyond (range, lr))
    {
      /* QRS-AMB-36: out of range once its range is known: no dice */
      MuEvent *e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), u->def->id, "QRS-AMB-36");

      mu_event_set_text (e, "out of range: the fire is wasted");
      f->active = FALSE;
      return;
    }

  /* QRS-AMB-31: the pool */
  {
    const char *arm_key = u->arm == QRS_ARM_CAV ? "cavalry" : u->arm == QRS_ARM_ART ? "artillery"
                                                                                   : "infantry";

    dice = (int) qrs_number (m, "fire-dice", arm_key, m->combat_dice);
    if (band == 2 && w != W_SHARPSHOOTER)
      dice--;
    if (u->ammo_low)
      dice -= (int) qrs_number (m, "effects", "low-ammo-dice", 0);
    if (f->rapid)
      dice += (int) qrs_number (m, "effects", "rapid-fire-dice", 0);
    dice = CLAMP (dice, 1, 8);
    if (f->fixed_dice)
      dice = MAX (1, f->fixed_dice - (band == 2 && w != W_SHARPSHOOTER));
  }
  /* QRS-AMB-38: the weapon's DRM unless melee-only; +1 at close for
   * smoothbores and shotguns */
  {
    g_autofree char *mo = g_strdup_printf ("%s drm-melee-only", qrs_weapon_ids[w]);
    g_autofree char *mo2 = g_strdup_printf ("%s melee-only", qrs_weapon_ids[w]);
    gboolean melee_only = g_strcmp0 (qrs_value (m, weapon_table (w), mo), "yes") == 0
                          || g_strcmp0 (qrs_value (m, weapon_table (w), mo2), "yes") == 0;
    int wd = (int) weapon_value (m, w, "drm");

    if (!melee_only && wd != 0)
      mods[n_mods++] = (MuRollModifier) { "weapon", NULL, "QRS-FIRE-3", wd, FALSE };
    if (band == 0 && (w == W_SMOOTHBORE || w == W_SHOTGUN))
      mods[n_mods++] = (MuRollModifier) { "close", NULL, "QRS-FIRE-3", 1, FALSE };
  }
  {
    int v = atoi (qrs_value (m, "fire-modifiers", tkey));

    if (v)
      mods[n_mods++] = (MuRollModifier) { "target", NULL, "QRS-AMB-30", v, FALSE };
    if (t->disordered && (v = atoi (qrs_value (m, "fire-modifiers", "target disordered"))))
      mods[n_mods++] = (MuRollModifier) { "disordered", NULL, "QRS-AMB-30", v, FALSE };
    if (flank && (v = atoi (qrs_value (m, "fire-modifiers", flank_keys[flank]))))
      mods[n_mods++] = (MuRollModifier) { flank == 3 ? "rear" : "flank", NULL, "QRS-AMB-48", v, FALSE };
    if (qrs_cover_key (cover) && (v = atoi (qrs_value (m, "fire-modifiers", qrs_cover_key (cover)))))
      mods[n_mods++] = (MuRollModifier) { "cover", NULL, "QRS-AMB-47", v, FALSE };
    /* QRS-AMB-34: the file's low-ammunition DRM, 0 when it gives none */
    if (u->ammo_low && (v = (int) qrs_number (m, "effects", "low-ammo-drm", 0)))
      mods[n_mods++] = (MuRollModifier) { "low-ammo", NULL, "QRS-AMB-34", v, FALSE };
  }
  {
    g_autofree char *rkey = g_strdup_printf ("range %s", bands[band]);
    const char *rv = qrs_value (m, "fire-modifiers", rkey);

    if (rv && atoi (rv))
      mods[n_mods++] = (MuRollModifier) { "range", NULL, "QRS-AMB-30", atoi (rv), FALSE };
  }

  /* QRS-FIRE-2 steps 3-4: the pool read as a sum plus the DRMs */
  {
    MuRoll roll = { 0 };
    g_autoptr(GPtrArray) scratch = events ? NULL : mu_event_array_new ();
    GPtrArray *ev = events ? events : scratch;
    guint before = ev->len;
    MuEvent *re = NULL;
    int lowest = 6, need;

    roll.purpose = "fire";
    roll.subject = u->def->id;
    roll.object = t->def->id;
    roll.n = dice;
    roll.read = MU_DICE_SUM;
    roll.modifiers = mods;
    roll.n_modifiers = n_mods;
    roll.rule = "QRS-FIRE-2";
    f->total = mu_dice_roll_read (m->dice, ev, &roll, NULL);
    f->dice = dice;
    f->flank = flank;
    f->disordered = t->disordered;
    for (guint i = before; i < ev->len; i++)
      if (((MuEvent *) g_ptr_array_index (ev, i))->kind == MU_EVENT_ROLL)
        re = g_ptr_array_index (ev, i);
    for (guint i = 0; re && re->pool && i < re->pool->len; i++)
      lowest = MIN (lowest, g_array_index (re->pool, int, i));
    /* QRS-AMB-77: the ammunition test on the pool's faces */
    need = f->rapid && w == W_REPEATER ? 4 : f->rapid ? 5 : 6;
    if (lowest >= need && !u->ammo_low)
      {
        u->ammo_low = TRUE;
        qrs_event (m, events, &qrs_ev_low_ammo, u->def->id, "QRS-FIRE-7");
      }
    f->stage = 1;
  }
  resolve (m, events);
}
}
