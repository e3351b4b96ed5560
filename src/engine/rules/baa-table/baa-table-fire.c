/* baa-table-fire.c: fire (BAT-FIRE-*), cover saves (BAT-COV-*), melee
 * (BAT-MEL-*), flinch tests and pins (BAT-FLN-*) on the table */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

gboolean
bat_unit_may_fire (BatMatch *m, const BatUnit *u)
{
  /* BAT-FIRE-1 (not in melee), BAT-CMD-7, BAT-FLN-7 */
  return m->phase == BAT_PHASE_FIRE && u->side == m->active && bat_unit_on_table (u) && u->has_orders &&
         !u->nic && !u->pinned && !u->fired && !u->meleed && !bat_in_melee (m, u);
}

static double
fire_range (const BatMatch *m, const BatUnit *u)
{
  /* BAT-GEN-2; BAT-FIRE-9, BAT-AMB-34: at night at most 1 U */
  int r = m->night ? MIN (u->range, 1) : u->range;

  return r * m->scale.u;
}

guint
bat_fire_bases (BatMatch *m, const BatUnit *u, const BatUnit *t, const char **rule, char **reason)
{
  double range = fire_range (m, u);
  guint n = 0, in_range = 0;

  if (reason)
    *reason = NULL;
  if (!bat_unit_on_table (t) || t->side == u->side)
    {
      if (rule) *rule = "BAT-FIRE-1";
      if (reason) *reason = g_strdup_printf (_("%s is no enemy unit on the table"), t->def->id);
      return 0;
    }
  /* quick refusal before any line of sight is traced */
  if (!bat_circles_within (u->bc, u->br, t->bc, t->br, range) ||
      !mu_stands_within (u->stands, u->n_stands, t->stands, t->n_stands, range))
    {
      if (rule) *rule = m->night ? "BAT-FIRE-9" : "BAT-FIRE-2";
      if (reason) *reason = g_strdup_printf (_("%s is more than %.2f away"), t->def->id, range);
      return 0;
    }
  if (bat_in_melee (m, t))
    {
      if (rule) *rule = "BAT-MEL-5";
      if (reason) *reason = g_strdup_printf (_("%s is in a melee: no fire into it"), t->def->id);
      return 0;
    }
  /* BAT-FIRE-2, BAT-GEN-3: every base within range of the nearest point of
   * the target and with a clear line of sight rolls (BAT-AMB-41: all at one target) */
  for (guint i = 0; i < u->n_stands; i++)
    {
      MuLosResult r;

      if (!mu_stands_within (&u->stands[i], 1, t->stands, t->n_stands, range))
        continue;
      in_range++;
      if (bat_los_stand (m, u, &u->stands[i], t, &r))
        n++;
    }
  if (n == 0)
    {
      if (rule) *rule = in_range ? "BAT-FIRE-5" : "BAT-FIRE-2";
      if (reason)
        *reason = in_range ? g_strdup_printf ("no base of %s sees %s", u->def->id, t->def->id)
                           : g_strdup_printf (_("no base of %s is within %.2f of %s"), u->def->id,
                                              range, t->def->id);
    }
  return n;
}

/* BAT-FIRE-3, BAT-AMB-26: the bases of t that the bases of u firing at it
 * could see. The owner chooses the losses among them, so no more are lost
 * to u's fire than it could see; the unit then closes up (TAB-8). */
static int
visible_bases (BatMatch *m, const BatUnit *u, const BatUnit *t)
{
  double range = fire_range (m, u);
  gboolean seen[MU_STANDS_MAX] = { FALSE };
  int n = 0;

  for (guint i = 0; i < u->n_stands; i++)
    {
      MuLosResult r;

      if (!mu_stands_within (&u->stands[i], 1, t->stands, t->n_stands, range) ||
          !bat_los_stand (m, u, &u->stands[i], t, &r))
        continue;
      for (guint k = 0; k < t->n_stands; k++)
        {
          BatUnit one = *t;

          if (seen[k])
            continue;
          one.stands[0] = t->stands[k];
          one.n_stands = 1;
          bat_stands_circle (one.stands, 1, &one.bc, &one.br);
          if (bat_los_stand (m, u, &u->stands[i], &one, &r))
            seen[k] = TRUE;
        }
    }
  for (guint k = 0; k < t->n_stands; k++)
    n += seen[k];
  return n;
}

/* The fire or melee dice of u at t: each die at or above u's attack value
 * hits (BAT-FIRE-3, BAT-MEL-6), the value's modifiers named in the roll
 * (BAT-GEN-5). */
static int
attack_pool (BatMatch *m, GPtrArray *events, const char *purpose, BatUnit *u, const BatUnit *t, guint n,
             gboolean melee, const char *rule)
{
  MuRollModifier mods[4];
  MuRoll roll = {
    .purpose = purpose, .subject = u->def->id, .object = t->def->id, .n = n, .read = MU_DICE_SUCCESSES,
    .modifiers = mods, .target = u->attack, .rule = rule,
  };

  g_assert (n > 0);
  roll.n_modifiers = bat_attack_modifiers (m, u, melee, mods);
  return mu_dice_roll_read (m->dice, events, &roll, NULL);
}

/* Bases lost, dispersal, then the flinch test and move (BAT-FLN-*). */
static int
remove_bases (BatMatch *m, BatUnit *t, const BatUnit *by, int hits, const char *rule, GPtrArray *events)
{
  MuEvent *e;

  hits = MIN (hits, t->bases);
  if (hits <= 0)
    return 0;
  e = bat_event (m, events, &baa_ev_hits, t->def->id, rule);
  mu_event_set_object (e, by->def->id);
  e->value = hits;
  /* BAT-FIRE-3, BAT-AMB-26, TAB-8: the unit closes up about its anchor (to
   * its left where that would not fit), so which of its bases go changes
   * nothing on the table */
  t->bases -= hits;
  bat_unit_close_up (m, t);
  if (t->bases == 0)
    bat_unit_remove (m, t, BAT_UNIT_DISPERSED, "BAT-GEN-4", events);   /* BAT-FIRE-10 */
  return hits;
}

/* The flinch test after `lost` bases, and the flinch move away from `by`. */
static void
flinch_test (BatMatch *m, BatUnit *t, const BatUnit *by, int lost, gboolean in_cover, GPtrArray *events)
{
  gboolean flinch = TRUE;
  int dice;

  if (lost <= 0 || !bat_unit_on_table (t))
    return;
  if (t->indomitable)
    return;   /* BAT-FLN-6 */
  /* BAT-FLN-1: one die at most the bases lost; BAT-FLN-2: in cover two,
   * both at most; one when a single base is left */
  dice = in_cover && t->bases > 1 ? 2 : 1;
  for (int i = 0; i < dice; i++)
    {
      gboolean ok;
      mu_dice_roll (m->dice, events, NC_("event text", "flinch"), t->def->id, by->def->id, 0,
                    MU_ROLL_AT_MOST, lost,
                    dice == 2 ? "BAT-FLN-2" : "BAT-FLN-1", &ok);
      flinch = flinch && ok;
    }
  if (!flinch)
    {
      bat_event (m, events, &baa_ev_stands, t->def->id, "BAT-FLN-1");
      return;
    }
  bat_flinch_move (m, t, by, events);
  if (t->status != BAT_UNIT_ACTIVE)
    return;
  /* BAT-FLN-7 */
  if (!t->pinned)
    bat_marker (m, events, TRUE, t->def->id, "pinned", "BAT-FLN-7");
  t->pinned = TRUE;
  t->pinned_round = m->round_serial;
}

static void
take_losses (BatMatch *m, BatUnit *t, const BatUnit *by, int hits, gboolean in_cover, const char *rule,
             GPtrArray *events)
{
  flinch_test (m, t, by, remove_bases (m, t, by, hits, rule, events), in_cover, events);
}

/* Cover rerolls: each hit stands on a die at or above the cover value,
 * one less in melee (BAT-COV-2, BAT-AMB-17), named in the roll. */
static int
cover_save (BatMatch *m, GPtrArray *events, const BatUnit *t, const BatUnit *by, int hits, int cover,
            gboolean melee, const char *rule)
{
  static const MuRollModifier in_melee = { "melee", N_("in melee"), "BAT-COV-2", -1, TRUE };
  MuRoll roll = {
    .purpose = "cover", .subject = t->def->id, .object = by->def->id, .n = (guint) hits,
    .read = MU_DICE_SUCCESSES, .modifiers = &in_melee, .n_modifiers = melee ? 1 : 0, .target = cover,
    .rule = rule,
  };

  if (hits <= 0 || cover - (melee ? 1 : 0) <= 0)
    return hits;
  return mu_dice_roll_read (m->dice, events, &roll, NULL);
}

gboolean
bat_apply_fire (BatMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  const char *id = mu_command_word (cmd, 0), *tid = mu_command_word (cmd, 1);
  BatUnit *u = bat_find_unit (m, id), *t = bat_find_unit (m, tid);
  const char *rule = NULL;
  g_autofree char *reason = NULL;
  guint n;
  int hits, cover;
  MuEvent *e;

  BatCdr *tc = t ? NULL : bat_find_cdr (m, tid);
  BatSection *ts = t || tc ? NULL : bat_find_section (m, tid);
  BatCdr *through[4 * MU_STANDS_MAX];
  guint n_through;

  if (u == NULL || !bat_unit_on_table (u))
    return bat_refuse (error, bat_verb_rule (cmd), "no unit %s on the table", id ? id : "");
  if (t == NULL && tc == NULL && ts == NULL)
    return bat_refuse (error, "BAT-FIRE-1", "no unit or commander %s", tid ? tid : "");
  if (u->side != m->active)
    return bat_refuse (error, "BAT-FIRE-1", "%s is not %s's", id, m->side_id[m->active]);
  if (m->phase != BAT_PHASE_FIRE)
    return bat_refuse (error, "BAT-FIRE-1", "units fire in the fire phase");
  if (u->fired)
    return bat_refuse (error, "BAT-FIRE-1", "%s has fired this round", id);
  if (u->pinned)
    return bat_refuse (error, "BAT-FLN-7", "%s is pinned", id);
  if (!u->has_orders || u->nic)
    return bat_refuse (error, "BAT-CMD-7", "%s has no orders", id);
  if (bat_in_melee (m, u))
    return bat_refuse (error, "BAT-FIRE-1", "%s is in melee and may not fire", id);
  if (tc)
    return bat_fire_at_commander (m, u, tc, events, error);
  if (ts)
    return bat_fire_at_section (m, u, ts, events, error);
  n = bat_fire_bases (m, u, t, &rule, &reason);
  if (n == 0)
    return bat_refuse (error, rule, "%s", reason);
  if (events == NULL)
    return TRUE;
  n_through = bat_fire_through (m, u, t, through, G_N_ELEMENTS (through));

  cover = bat_cover_value (m, t, u, TRUE);
  e = bat_event (m, events, &baa_ev_attack, t->def->id, "BAT-FIRE-2");
  mu_event_set_object (e, u->def->id);
  mu_event_set_text (e, NC_("event text", "fire"));
  e->count = (int) n;
  hits = attack_pool (m, events, "fire", u, t, n, FALSE, "BAT-FIRE-3");
  hits = cover_save (m, events, t, u, hits, cover, FALSE, "BAT-COV-1");
  hits = MIN (hits, visible_bases (m, u, t));
  u->fired = TRUE;
  u->acted_this_bound = TRUE;
  take_losses (m, t, u, hits, cover > 0, "BAT-FIRE-3", events);
  bat_fire_through_roll (m, u, through, n_through, events);
  bat_advance (m, events);
  return TRUE;
}

/* BAT-FIRE-4, BAT-AMB-15: `fire-group TARGET UNIT...`: each unit fires in
 * turn, dice and saves, and the target tests once at the end for all the
 * bases it lost, away from the nearest firing unit. */
gboolean
bat_apply_fire_group (BatMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  const char *tid = mu_command_word (cmd, 0);
  BatUnit *t = bat_find_unit (m, tid), *nearest = NULL;
  guint n_units = mu_command_n_args (cmd) - 1;
  BatUnit *firers[64];
  int lost = 0;
  gboolean in_cover = FALSE;
  double best = G_MAXDOUBLE;

  if (t == NULL || !bat_unit_on_table (t))
    return bat_refuse (error, "BAT-FIRE-4", "no unit %s on the table", tid ? tid : "");
  if (n_units < 1 || n_units > G_N_ELEMENTS (firers))
    return bat_refuse (error, "BAT-FIRE-4", "a group fire needs one to %u units", (guint) G_N_ELEMENTS (firers));
  for (guint i = 0; i < n_units; i++)
    {
      g_autoptr(MuCommand) one = mu_command_new ("fire");
      const char *id = mu_command_word (cmd, i + 1);

      for (guint k = 0; k < i; k++)
        if (g_strcmp0 (firers[k]->def->id, id) == 0)
          return bat_refuse (error, "BAT-FIRE-4", "%s is named twice", id);
      mu_command_add_word (one, id);
      mu_command_add_word (one, tid);
      if (!bat_apply_fire (m, one, NULL, error))
        return FALSE;
      firers[i] = bat_find_unit (m, id);
    }
  if (events == NULL)
    return TRUE;
  for (guint i = 0; i < n_units; i++)
    {
      BatUnit *u = firers[i];
      BatCdr *through[4 * MU_STANDS_MAX];
      guint n, n_through;
      int hits, cover;
      MuEvent *e;
      double d;

      u->fired = TRUE;
      u->acted_this_bound = TRUE;
      if (!bat_unit_on_table (t))
        continue;   /* dispersed by an earlier unit of the group */
      n = bat_fire_bases (m, u, t, NULL, NULL);
      if (n == 0)
        continue;   /* out of range or sight of the target as it closed up */
      d = mu_stands_distance (u->stands, u->n_stands, t->stands, t->n_stands);
      if (d < best)
        {
          best = d;
          nearest = u;
        }
      n_through = bat_fire_through (m, u, t, through, G_N_ELEMENTS (through));
      cover = bat_cover_value (m, t, u, TRUE);
      in_cover = in_cover || cover > 0;
      e = bat_event (m, events, &baa_ev_attack, t->def->id, "BAT-FIRE-4");
      mu_event_set_object (e, u->def->id);
      mu_event_set_text (e, NC_("event text", "fire"));
      e->count = (int) n;
      hits = attack_pool (m, events, "fire", u, t, n, FALSE, "BAT-FIRE-3");
      hits = cover_save (m, events, t, u, hits, cover, FALSE, "BAT-COV-1");
      hits = MIN (hits, visible_bases (m, u, t));   /* BAT-AMB-26 */
      lost += remove_bases (m, t, u, hits, "BAT-FIRE-3", events);
      bat_fire_through_roll (m, u, through, n_through, events);
    }
  if (nearest)
    flinch_test (m, t, nearest, lost, in_cover, events);
  bat_advance (m, events);
  return TRUE;
}

/* Melee (phase 11) ----------------------------------------------------------------------- */

/* BAT-MEL-2, BAT-MEL-3, BAT-AMB-40: the dice each enemy in contact draws from u. */
static void
melee_dice (BatMatch *m, BatUnit *u, BatUnit **enemies, guint n_enemies, int *dice)
{
  double tol = bat_contact_tolerance (m);
  int touching[MU_STANDS_MAX];
  guint files = u->form == BAT_FORM_DOUBLE ? mu_formation_shape_files (bat_formation_shape (u->form),
                                                                       (guint) u->bases) : 0;
  int most = 0;

  memset (dice, 0, sizeof (int) * n_enemies);
  for (guint i = 0; i < u->n_stands; i++)
    {
      touching[i] = -1;
      /* BAT-AMB-40: a base touching two units fights the one its owner
       * chose (bat_melee_begin), else the first in order of battle */
      for (guint k = 0; k < n_enemies; k++)
        if (mu_stands_in_contact (&u->stands[i], 1, enemies[k]->stands, enemies[k]->n_stands, tol) &&
            (touching[i] < 0 || g_strcmp0 (enemies[k]->def->id, u->split_target) == 0))
          touching[i] = (int) k;
    }
  for (guint i = 0; i < u->n_stands; i++)
    if (touching[i] >= 0)
      {
        dice[touching[i]]++;
        if (dice[touching[i]] > dice[most])
          most = touching[i];
      }
  if (u->form == BAT_FORM_COLUMN)
    {
      /* every base fights; those not in contact with the enemy most touched */
      for (guint i = 0; i < u->n_stands; i++)
        if (touching[i] < 0)
          dice[most]++;
    }
  else if (u->form == BAT_FORM_DOUBLE)
    {
      /* the base directly behind each front base in contact */
      for (guint i = 0; i < files && i < u->n_stands; i++)
        if (touching[i] >= 0 && i + files < u->n_stands && touching[i + files] < 0)
          dice[touching[i]]++;
    }
}

guint
bat_melee_split (BatMatch *m, const BatUnit *u, BatUnit **out, guint max)
{
  BatUnit *enemies[16];
  double tol = bat_contact_tolerance (m);
  guint n = MIN (bat_contacts (m, u, enemies, G_N_ELEMENTS (enemies)), G_N_ELEMENTS (enemies)), k = 0;
  gboolean listed[16] = { FALSE };

  for (guint i = 0; i < u->n_stands; i++)
    {
      guint touched = 0;

      for (guint e = 0; e < n; e++)
        touched += mu_stands_in_contact (&u->stands[i], 1, enemies[e]->stands, enemies[e]->n_stands, tol);
      if (touched < 2)
        continue;
      for (guint e = 0; e < n; e++)
        listed[e] |= mu_stands_in_contact (&u->stands[i], 1, enemies[e]->stands, enemies[e]->n_stands, tol);
    }
  for (guint e = 0; e < n; e++)
    if (listed[e] && k < max)
      out[k++] = enemies[e];
  return k;
}

void
bat_melee_phase (BatMatch *m, GPtrArray *events)
{
  BAT_FOR_UNITS (m, u)
    {
      BatUnit *enemies[16];
      int dice[16];
      guint n;

      /* BAT-MEL-1, BAT-MEL-4: every active unit in contact, NIC or not;
       * BAT-AMB-21: a pinned unit does not attack */
      if (u->side != m->active || !bat_unit_on_table (u) || u->pinned)
        continue;
      n = MIN (bat_contacts (m, u, enemies, G_N_ELEMENTS (enemies)), G_N_ELEMENTS (enemies));
      if (n == 0)
        continue;
      melee_dice (m, u, enemies, n, dice);
      u->meleed = TRUE;
      u->acted_this_bound = TRUE;
      for (guint k = 0; k < n; k++)
        {
          BatUnit *t = enemies[k];
          int hits, cover;
          MuEvent *e;

          if (dice[k] == 0 || !bat_unit_on_table (t) || !bat_unit_on_table (u))
            continue;
          /* BAT-COV-2, BAT-AMB-17: the cover value less one in melee;
           * an obstacle between them covers only the defender (BAT-AMB-18) */
          cover = bat_cover_value (m, t, u, !bat_charged (t, u));
          e = bat_event (m, events, &baa_ev_attack, t->def->id, "BAT-MEL-2");
          mu_event_set_object (e, u->def->id);
          mu_event_set_text (e, NC_("event text", "melee"));
          e->count = dice[k];
          hits = attack_pool (m, events, "melee", u, t, (guint) dice[k], TRUE, "BAT-MEL-6");
          hits = cover_save (m, events, t, u, hits, cover, TRUE, "BAT-COV-2");
          t->acted_this_bound = TRUE;
          /* BAT-MEL-7 */
          take_losses (m, t, u, hits, cover > 0, "BAT-FIRE-3", events);
        }
    }
}

/* BAT-FLN-4, BAT-AMB-20: a unit that flinched into contact with an enemy
 * fights one round of melee at once: both roll their melee dice against
 * each other at the same time (both dice before either loses a base), no
 * flinch test follows, and they stay in contact. */
void
bat_melee_exchange (BatMatch *m, BatUnit *a, BatUnit *b, GPtrArray *events)
{
  BatUnit *pair[2] = { a, b };
  int hits[2] = { 0, 0 };

  for (int i = 0; i < 2; i++)
    {
      BatUnit *u = pair[i], *t = pair[1 - i];
      BatUnit *enemies[1] = { t };
      int dice[1];
      int cover = bat_cover_value (m, t, u, !bat_charged (t, u));
      MuEvent *e;

      melee_dice (m, u, enemies, 1, dice);
      if (dice[0] == 0)
        continue;
      e = bat_event (m, events, &baa_ev_attack, t->def->id, "BAT-FLN-4");
      mu_event_set_object (e, u->def->id);
      mu_event_set_text (e, NC_("event text", "melee"));
      e->count = dice[0];
      hits[i] = attack_pool (m, events, "melee", u, t, (guint) dice[0], TRUE, "BAT-FLN-4");
      hits[i] = cover_save (m, events, t, u, hits[i], cover, TRUE, "BAT-COV-2");
    }
  for (int i = 0; i < 2; i++)
    if (bat_unit_on_table (pair[1 - i]))
      remove_bases (m, pair[1 - i], pair[i], hits[i], "BAT-FLN-4", events);
  a->acted_this_bound = b->acted_this_bound = TRUE;
}
