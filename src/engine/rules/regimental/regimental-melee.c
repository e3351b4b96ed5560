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

/* The enemy units u touches, in order of battle (of char* ids). */
static GPtrArray *
touching (const QrsMatch *m, const QrsUnit *u)
{
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);
  GPtrArray *ids = g_ptr_array_new ();

  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_in_contact (u->stand, u->n_stands, o->stand, o->n_stands, tol))
      g_ptr_array_add (ids, (gpointer) o->def->id);
  return ids;
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
          g_autoptr(GPtrArray) ids = touching (m, u);
          QrsFight f = { 0 };

          if (ids->len == 0)
            continue;
          f.unit = qrs_index (m, u);
          f.target = qrs_index (m, qrs_find (m, g_ptr_array_index (ids, 0)));
          f.several = ids->len > 1;
          g_array_append_val (m->melee.fights, f);
        }
}

/* A DRM of fire-modifiers, asked when missing (QRS-AMB-30). */
static gboolean
drm_known (QrsMatch *m, const char *key, const QrsUnit *u, GPtrArray *events)
{
  if (qrs_value (m, "fire-modifiers", key))
    return TRUE;
  qrs_ask (m, "fire-drm", "fire-modifiers", key, u->side, u->def->id, N_ ("the fire DRM"), events);
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
                   N_ ("the DRM per supporting unit in melee"), events);
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
      /* QRS-AMB-73: a unit touching several enemy units: its side
       * chooses which it fights (decision melee-target) */
      for (guint i = 0; i < ml->fights->len; i++)
        {
          QrsFight *f = &g_array_index (ml->fights, QrsFight, i);

          if (f->several)
            {
              QrsUnit *u = unit_at (m, f->unit);
              g_autoptr(GPtrArray) ids = touching (m, u);
              QrsAsk *a = &m->ask;
              MuEvent *e;

              a->id = g_strdup ("melee-target");
              a->side = u->side;
              a->subject = g_strdup (u->def->id);
              mu_rules_question (&a->question, &a->shown, N_("Which enemy unit does %s fight?"), u->def->id);
              a->answers = g_ptr_array_new_with_free_func (g_free);
              for (guint k = 0; k < ids->len; k++)
                g_ptr_array_add (a->answers, g_strdup (g_ptr_array_index (ids, k)));
              g_ptr_array_add (a->answers, NULL);
              qrs_ask_view (a, m);
              e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), u->def->id, "QRS-AMB-73");
              mu_event_set_side (e, m->side_id[u->side]);
              mu_event_set_text (e, a->question);
              return;
            }
        }
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
                   unit_at (m, f->unit)->def->id, N_ ("casualties for this number of dice and total"), events);
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
      int k = 0;
      MuEvent *e;

      if (t->removed)
        continue;
      /* a 1* is its 4-6 roll for one casualty; M is no result in melee,
       * where no fire is artillery's or a sharpshooter's (QRS-AMB-29) */
      if (g_str_equal (f->result, "1*"))
        {
          gboolean hit = FALSE;

          mu_dice_roll (m->dice, events, "special", t->def->id, u->def->id, 0, MU_ROLL_AT_LEAST, 4,
                        "QRS-FIRE-4", &hit);
          k = hit ? casualties (u, t, 1) : 0;
        }
      else if (g_ascii_isdigit (f->result[0]))
        k = casualties (u, t, atoi (f->result));
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

gboolean
qrs_answer_melee_target (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  const char *w = mu_command_word (command, 0);
  QrsUnit *u = qrs_find (m, m->ask.subject);

  for (guint i = 0; w && u && i + 1 < m->ask.answers->len; i++)
    if (g_str_equal (w, g_ptr_array_index (m->ask.answers, i)))
      for (guint k = 0; k < m->melee.fights->len; k++)
        {
          QrsFight *f = &g_array_index (m->melee.fights, QrsFight, k);

          if (f->unit == qrs_index (m, u) && f->several)
            {
              f->target = qrs_index (m, qrs_find (m, w));
              f->several = FALSE;
              qrs_ask_clear (&m->ask);
              qrs_continue (m, events);
              return TRUE;
            }
        }
  return mu_rules_refuse (error, "QRS-AMB-73", "%s fights one of the enemy units it touches",
                          u ? u->def->id : "the unit");
}
