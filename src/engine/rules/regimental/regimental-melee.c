/* regimental-melee.c: the melee round at the end of step 8 (QRS-CHG-8,
 * QRS-AMB-73): every unit in contact with an enemy unit rolls the fire
 * dice at one enemy unit it touches with its melee DRMs, the totals read
 * in the combat results table, casualties doubled infantry on infantry
 * and cavalry on infantry; all rolls before any loss, then the losses,
 * then the checks; a unit in melee that fails is shaken and stays, one
 * that routs surrenders. A round that needs a value the file lacks waits
 * in QrsMatch.melee for the answer. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

static QrsUnit *
unit_at (const QrsMatch *m, int i)
{
  return g_ptr_array_index (m->units, i);
}

/* The enemy unit u fights: the first it touches in order of battle. */
static QrsUnit *
opponent (const QrsMatch *m, const QrsUnit *u)
{
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);

  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_in_contact (u->stand, u->n_stands, o->stand, o->n_stands, tol))
      return o;
  return NULL;
}

static gboolean
infantry (const QrsUnit *u)
{
  return u->arm == QRS_ARM_INF || (u->arm == QRS_ARM_CAV && u->form == QRS_FORM_DISMOUNTED);
}

/* QRS-AMB-73: the round's fighters, first side first, each side in
 * order of battle. */
static void
pair_up (QrsMatch *m)
{
  g_array_set_size (m->melee.fights, 0);
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && u->arm != QRS_ARM_OFFICER && !u->removed)
        {
          QrsUnit *t = opponent (m, u);
          QrsFight f = { 0 };

          if (t == NULL)
            continue;
          f.unit = qrs_index (m, u);
          f.target = qrs_index (m, t);
          g_array_append_val (m->melee.fights, f);
        }
}

/* A DRM of fire-modifiers, asked when missing (QRS-AMB-30). */
static gboolean
drm_known (QrsMatch *m, const char *key, const QrsUnit *u, GPtrArray *events)
{
  if (qrs_value (m, "fire-modifiers", key))
    return TRUE;
  qrs_ask (m, "fire-drm", "fire-modifiers", key, u->side, u->def->id, "the fire DRM", events);
  return FALSE;
}

static gboolean
values_known (QrsMatch *m, GPtrArray *events)
{
  static const char *const flank_keys[] = { NULL, "flank partial", "flank full", "flank rear" };

  for (guint i = 0; i < m->melee.fights->len; i++)
    {
      QrsFight *f = &g_array_index (m->melee.fights, QrsFight, i);
      QrsUnit *u = unit_at (m, f->unit), *t = unit_at (m, f->target);
      g_autofree char *tkey = g_strdup_printf ("target %s", qrs_form_id (t->form));
      int flank = qrs_flank_of (t, u);

      if (!drm_known (m, tkey, u, events) || (t->disordered && !drm_known (m, "target disordered", u, events))
          || (flank && !drm_known (m, flank_keys[flank], u, events)))
        return FALSE;
      /* QRS-AMB-34: the support DRM is asked of the side with supports */
      if (qrs_supports (m, u, FALSE, TRUE, NULL) > 0 && qrs_value (m, "effects", "support-drm") == NULL)
        {
          qrs_ask (m, "support-drm", "effects", "support-drm", u->side, u->def->id,
                   "the DRM per supporting unit in melee", events);
          return FALSE;
        }
    }
  return TRUE;
}

static void
roll_fight (QrsMatch *m, QrsFight *f, GPtrArray *events)
{
  static const char *const flank_keys[] = { NULL, "flank partial", "flank full", "flank rear" };
  QrsUnit *u = unit_at (m, f->unit), *t = unit_at (m, f->target);
  MuRollModifier mods[10];
  guint n = 0;
  MuRoll roll = { 0 };
  int w = u->arm == QRS_ARM_CAV && u->form != QRS_FORM_DISMOUNTED ? 6 : u->weapon;
  g_autofree char *wkey = g_strdup_printf ("%s drm", qrs_weapon_ids[w]);
  g_autofree char *tkey = g_strdup_printf ("target %s", qrs_form_id (t->form));
  const char *wv = qrs_value (m, w >= 15 ? "other-weapons" : w >= 8 ? "artillery" : "small-arms", wkey);
  int flank = qrs_flank_of (t, u);
  int v;
  const char *arm = u->arm == QRS_ARM_CAV ? "cavalry" : u->arm == QRS_ARM_ART ? "artillery" : "infantry";

  /* QRS-AMB-38: in melee every weapon's DRM counts, mounted cavalry's
   * pistols included; the close-range +1 does not */
  if (wv && atoi (wv))
    mods[n++] = (MuRollModifier) { "weapon", NULL, "QRS-AMB-38", atoi (wv), FALSE };
  if ((v = atoi (qrs_value (m, "fire-modifiers", tkey))))
    mods[n++] = (MuRollModifier) { "target", NULL, "QRS-AMB-30", v, FALSE };
  if (t->disordered && (v = atoi (qrs_value (m, "fire-modifiers", "target disordered"))))
    mods[n++] = (MuRollModifier) { "disordered", NULL, "QRS-AMB-30", v, FALSE };
  if (flank && (v = atoi (qrs_value (m, "fire-modifiers", flank_keys[flank]))))
    mods[n++] = (MuRollModifier) { flank == 3 ? "rear" : "flank", NULL, "QRS-AMB-48", v, FALSE };
  /* QRS-AMB-50, QRS-AMB-19: supporting units, halved (rounded down) in
   * the pair's first round */
  {
    int k = qrs_supports (m, u, FALSE, TRUE, NULL);

    if (k > 0)
      {
        gboolean first = TRUE;
        int drm = k * (int) qrs_number (m, "effects", "support-drm", 0);

        for (guint i = 0; i + 1 < m->melee.fought->len; i += 2)
          if (g_array_index (m->melee.fought, int, i) == f->unit
              && g_array_index (m->melee.fought, int, i + 1) == f->target)
            first = FALSE;
        if (first)
          drm /= 2;
        if (drm)
          mods[n++] = (MuRollModifier) { "support", NULL, "QRS-AMB-50", drm, FALSE };
      }
  }
  roll.purpose = "melee";
  roll.subject = u->def->id;
  roll.object = t->def->id;
  roll.n = (guint) CLAMP (qrs_number (m, "fire-dice", arm, m->combat_dice), 1, 8);
  roll.read = MU_DICE_SUM;
  roll.modifiers = mods;
  roll.n_modifiers = n;
  roll.rule = "QRS-AMB-73";
  f->dice = roll.n;
  f->total = mu_dice_roll_read (m->dice, events, &roll, NULL);
  {
    gboolean known = FALSE;

    for (guint i = 0; i + 1 < m->melee.fought->len; i += 2)
      known = known || (g_array_index (m->melee.fought, int, i) == f->unit
                        && g_array_index (m->melee.fought, int, i + 1) == f->target);
    if (!known)
      {
        int pair[2] = { f->unit, f->target };

        g_array_append_vals (m->melee.fought, pair, 2);
      }
  }
}

/* QRS-FIRE-6: casualties doubled infantry on infantry and cavalry on
 * infantry; never halved for skirmishers in melee. */
static int
casualties (const QrsUnit *u, const QrsUnit *t, int n)
{
  if (infantry (t) && (infantry (u) || u->arm == QRS_ARM_CAV))
    return 2 * n;
  return n;
}

/* Starts or goes on with the round. */
void
qrs_melee_continue (QrsMatch *m, GPtrArray *events)
{
  QrsMelee *ml = &m->melee;

  if (!ml->active)
    {
      ml->active = TRUE;
      ml->stage = 0;
      ml->next = 0;
      pair_up (m);
    }
  if (ml->stage == 0)
    {
      if (!values_known (m, events))
        return;
      for (guint i = 0; i < ml->fights->len; i++)
        roll_fight (m, &g_array_index (ml->fights, QrsFight, i), events);
      ml->stage = 1;
    }
  /* the totals read in the table, each asked when missing */
  for (; ml->next < ml->fights->len; ml->next++)
    {
      QrsFight *f = &g_array_index (ml->fights, QrsFight, ml->next);
      const char *e = qrs_crt_entry (m, f->dice, f->total);

      if (e == NULL)
        {
          g_autofree char *key = g_strdup_printf ("%d %d", f->dice, f->total);

          qrs_ask (m, "crt", "combat-results", key, unit_at (m, f->unit)->side,
                   unit_at (m, f->unit)->def->id, "casualties for this number of dice and total", events);
          return;
        }
      g_strlcpy (f->result, e, sizeof f->result);
    }
  ml->active = FALSE;
  /* QRS-AMB-73: all rolls before any loss, then the losses, then checks */
  for (guint i = 0; i < ml->fights->len; i++)
    {
      QrsFight *f = &g_array_index (ml->fights, QrsFight, i);
      QrsUnit *u = unit_at (m, f->unit), *t = unit_at (m, f->target);
      int k = g_ascii_isdigit (f->result[0]) ? casualties (u, t, atoi (f->result)) : 0;
      MuEvent *e;

      if (t->removed)
        continue;
      e = qrs_event (m, events, &qrs_ev_casualties, t->def->id, "QRS-AMB-73");
      mu_event_set_object (e, u->def->id);
      e->value = k;
      if (qrs_inflict (m, u, t, k, events) && !t->removed && t->morale != QRS_ROUTED)
        qrs_queue_check (m, t, -1, FALSE, u);
    }
  m->in_melee = TRUE;
  qrs_run_checks (m, events);
  m->in_melee = FALSE;
}
