/* regimental-morale.c: morale of the regimental sheet: officers present
 * (QRS-AMB-44, QRS-AMB-80), the morale point and its modifiers (QRS-MOR-1,
 * QRS-MOR-6, QRS-AMB-49, QRS-AMB-76), checks with the automatic 2 and 12
 * and what they cause (QRS-MOR-2, QRS-MOR-3, QRS-MOR-5, QRS-AMB-40,
 * QRS-AMB-78, QRS-AMB-79), the rally of step 2b (QRS-MOR-4), replacement
 * (QRS-REP-1, QRS-AMB-82) and officer casualties (QRS-OFF-1..3). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

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

/* QRS-AMB-80: whether officer o is up u's parent chain. */
static gboolean
commands (const QrsMatch *m, const QrsUnit *o, const QrsUnit *u)
{
  for (const QrsUnit *p = unit_at (m, u->parent); p; p = unit_at (m, p->parent))
    if (p == o)
      return TRUE;
  return FALSE;
}

static gboolean
officer_active (const QrsUnit *o)
{
  return o->arm == QRS_ARM_OFFICER && !o->removed && o->n_stands > 0 && o->suspended == 0;
}

/* QRS-AMB-44: the unit of his command an officer is present with: within
 * 1" of his stand, the nearest (ties: order of battle); NULL for none. */
static const QrsUnit *
present_with (const QrsMatch *m, const QrsUnit *o)
{
  const QrsUnit *best = NULL;
  double best_d = G_MAXDOUBLE;

  if (!officer_active (o))
    return NULL;
  QRS_FOR_UNITS (m, u)
    if (u->arm != QRS_ARM_OFFICER && !u->removed && commands (m, o, u))
      {
        double d = mu_stands_distance (o->stand, o->n_stands, u->stand, u->n_stands);

        if (mu_table_within (d, 1.0 * inch (m)) && mu_table_beyond (best_d, d))
          {
            best = u;
            best_d = d;
          }
      }
  return best;
}

/* QRS-AMB-61: the officers present with u before it moves, to carry. */
guint
qrs_officers_with (const QrsMatch *m, const QrsUnit *u, int *out, guint max)
{
  guint n = 0;

  QRS_FOR_UNITS (m, o)
    if (n < max && o->arm == QRS_ARM_OFFICER && !o->removed && o->n_stands > 0
        && present_with (m, o) == u)
      out[n++] = qrs_index (m, o);
  return n;
}

/* QRS-AMB-61: carried with the unit: the same displacement as its
 * centre, facing kept. */
void
qrs_carry (QrsMatch *m, const int *officers, guint n, MuPoint from, MuPoint to)
{
  for (guint i = 0; i < n; i++)
    {
      QrsUnit *o = g_ptr_array_index (m->units, officers[i]);

      for (guint k = 0; k < o->n_stands; k++)
        {
          o->stand[k].centre.x = round ((o->stand[k].centre.x + to.x - from.x) * 100) / 100;
          o->stand[k].centre.y = round ((o->stand[k].centre.y + to.y - from.y) * 100) / 100;
        }
    }
}

/* The best rating of the officers present with the unit, 0 when none. */
int
qrs_officer_rating (const QrsMatch *m, const QrsUnit *u)
{
  int best = 0;

  QRS_FOR_UNITS (m, o)
    if (o->arm == QRS_ARM_OFFICER && present_with (m, o) == u)
      best = MAX (best, o->rating);
  return best;
}

/* QRS-AMB-80: the nearest brigade-level officer up the chain. */
static const QrsUnit *
brigade_of (const QrsMatch *m, const QrsUnit *u)
{
  for (const QrsUnit *p = unit_at (m, u->parent); p; p = unit_at (m, p->parent))
    if (p->arm == QRS_ARM_OFFICER && p->brigade)
      return p;
  return NULL;
}

/* The morale point's named modifiers (Table P): on the target number. */
guint
qrs_mp_modifiers (QrsMatch *m, const QrsUnit *u, int flank, gboolean disordered,
                  const QrsUnit *from, gboolean cover, MuRollModifier *mods)
{
  guint n = 0;
  QrsCover c = cover ? qrs_cover (m, u, from) : QRS_COVER_NONE;
  int r = qrs_officer_rating (m, u);
  const QrsUnit *b = brigade_of (m, u);

  if (r)
    mods[n++] = (MuRollModifier) { "officer", N_("officer present"), "QRS-MOR-6", -r, TRUE };
  if (c != QRS_COVER_NONE)
    mods[n++] = (MuRollModifier) { c == QRS_COVER_WORKS ? "works" : c == QRS_COVER_HASTY ? "hasty-works"
                                   : c == QRS_COVER_WOODS ? "woods" : "cover",
                                   c == QRS_COVER_WORKS ? N_("in works")
                                   : c == QRS_COVER_HASTY ? N_("in hasty works")
                                   : c == QRS_COVER_WOODS ? N_("in woods") : N_("in cover"),
                                   "QRS-AMB-47", qrs_cover_mpm (c), TRUE };
  /* QRS-AMB-6, QRS-AMB-46: uphill is one of the group, the best counting */
  else if (cover && qrs_uphill (m, u, from))
    mods[n++] = (MuRollModifier) { "uphill", N_("uphill of the enemy"), "QRS-AMB-46", -1, TRUE };
  /* QRS-AMB-45: behind friendly units, besides the group */
  if (qrs_behind_friends (m, u))
    mods[n++] = (MuRollModifier) { "behind-friends", N_("behind friendly units"),
                                   "QRS-AMB-45", -4, TRUE };
  if (u->stands_lost)
    mods[n++] = (MuRollModifier) { "stands-lost", N_("stands lost"),
                                   "QRS-MOR-6", 3 * u->stands_lost, TRUE };
  if (u->morale == QRS_SHAKEN)
    mods[n++] = (MuRollModifier) { "shaken", N_("shaken"), "QRS-MOR-6", 2, TRUE };
  if (u->morale == QRS_ROUTED)
    mods[n++] = (MuRollModifier) { "routed", N_("routed"), "QRS-MOR-6", 4, TRUE };
  if (b && b->removed)
    mods[n++] = (MuRollModifier) { "brigadier-lost", N_("brigadier lost"), "QRS-AMB-80", 1, TRUE };
  if (b)
    {
      int lost = 0;

      QRS_FOR_UNITS (m, o)
        lost += o != u && o->removed && (o->arm == QRS_ARM_INF || o->arm == QRS_ARM_CAV)
                && commands (m, b, o);
      if (lost)
        mods[n++] = (MuRollModifier) { "regiments-lost", N_("regiments of the brigade lost"),
                                       "QRS-AMB-80", lost, TRUE };
    }
  if (u->hits)
    mods[n++] = (MuRollModifier) { "hits", N_("hits taken"), "QRS-AMB-76", u->hits, TRUE };
  /* QRS-AMB-49: "hit by fire" on a flank or the rear, and disorder */
  if (flank >= 1 && flank <= 3)
    mods[n++] = (MuRollModifier) { flank == 3 ? "fire-rear" : flank == 2 ? "fire-full-flank"
                                                                       : "fire-partial-flank",
                                   flank == 3 ? N_("fire in the rear")
                                   : flank == 2 ? N_("fire on the full flank") : N_("fire on a partial flank"),
                                   "QRS-AMB-49", 2 * flank, TRUE };
  if (flank >= 0 && disordered)
    mods[n++] = (MuRollModifier) { "disorder", N_("disordered"), "QRS-AMB-49", 1, TRUE };
  return n;
}

/* 2d6 against the MP (QRS-MOR-2, QRS-AMB-78): *natural the faces' sum. */
static gboolean
morale_roll (QrsMatch *m, QrsUnit *u, const char *purpose, int flank, gboolean disordered,
             const QrsUnit *from, GPtrArray *events, int *natural)
{
  MuRollModifier mods[16];
  MuRoll roll = { 0 };
  MuRollResult res;
  g_autoptr(GPtrArray) scratch = events ? NULL : mu_event_array_new ();
  GPtrArray *ev = events ? events : scratch;
  guint before = ev->len;
  MuEvent *re = NULL;

  roll.purpose = purpose;
  roll.subject = u->def->id;
  roll.n = 2;
  roll.read = MU_DICE_SUM;
  roll.natural = MU_ROLL_NATURAL_EXTREMES;
  roll.modifiers = mods;
  /* QRS-AMB-47: a charger counts no cover in its own charge */
  roll.n_modifiers = qrs_mp_modifiers (m, u, flank, disordered, flank >= 0 ? from : NULL,
                                       !(m->charge.active && !qrs_charge_declared (m)
                                         && qrs_index (m, u) == m->charge.charger),
                                       mods);
  roll.target = u->bmp;
  roll.compare = MU_ROLL_ABOVE;
  roll.rule = g_str_equal (purpose, "rally") ? "QRS-MOR-4" : "QRS-MOR-2";
  mu_dice_roll_read (m->dice, ev, &roll, &res);
  for (guint i = before; i < ev->len; i++)
    if (((MuEvent *) g_ptr_array_index (ev, i))->kind == MU_EVENT_ROLL)
      re = g_ptr_array_index (ev, i);
  *natural = 0;
  for (guint i = 0; re && re->pool && i < re->pool->len; i++)
    *natural += g_array_index (re->pool, int, i);
  return res.success;
}

static void
set_morale (QrsMatch *m, QrsUnit *u, QrsMorale morale, const char *rule, GPtrArray *events)
{
  static const char *const words[] = { "good", "shaken", "routed" };

  u->morale = morale;
  mu_event_set_text (qrs_event (m, events, &qrs_ev_morale, u->def->id, rule), words[morale]);
}

/* QRS-AMB-56: a unit sees all round for QRS-MOR-5 item 4: the nine lines
 * start from its footprint's edge nearest the other unit, which is its
 * front edge once it is laid out facing that way (a copy, about its
 * footprint's centre). */
static gboolean
sees (QrsMatch *m, const QrsUnit *o, const MuStand *stand, guint n, const QrsUnit *skip)
{
  MuStand fp = mu_stands_footprint (o->stand, o->n_stands);
  MuPoint to = mu_stands_centre (stand, n);
  double facing = atan2 (to.x - fp.centre.x, -(to.y - fp.centre.y)) * 180.0 / G_PI;
  MuStand turned[MU_STANDS_MAX];
  guint nt;
  MuPoint f;
  MuLosParams params;
  g_autofree MuLosUnit *others = g_new0 (MuLosUnit, m->units->len);
  guint k = 0;
  MuLosResult r;

  facing = fmod (facing + 360.0, 360.0);
  f = mu_facing_vector (facing);
  nt = mu_stands_layout (&qrs_formation_shapes[o->form], o->n_stands, o->width, o->depth,
                         (MuPoint) { fp.centre.x + f.x * fp.depth / 2, fp.centre.y + f.y * fp.depth / 2 },
                         facing, turned, MU_STANDS_MAX);
  mu_los_params_init (&params, m->scenario->table->unit);
  for (int a = 0; a < MU_AREA_N; a++)
    params.visible_depth[a] = -1;
  params.visible_depth[MU_AREA_WOODS] = 2 * inch (m);
  params.visible_depth[MU_AREA_SETTLEMENT] = 2 * inch (m);
  params.visible_depth[MU_AREA_BUILT_UP] = 2 * inch (m);
  params.visible_depth[MU_AREA_BUILDING] = 0;
  QRS_FOR_UNITS (m, x)
    if (x != o && x != skip && !x->removed && x->n_stands > 0)
      others[k++] = (MuLosUnit) { x->def->id, x->stand, x->n_stands, x->arm == QRS_ARM_OFFICER };
  return mu_table_los (m->terrain, &params, turned, nt, stand, n, others, k, &r);
}

/* QRS-MOR-5 item 4, QRS-AMB-79: units of its own side within 6" of where
 * it stood, and in sight of it (QRS-AMB-24, QRS-AMB-56), check, after
 * those already waiting (breadth first). */
static void
friends_check (QrsMatch *m, int side, const MuStand *stand, guint n, const QrsUnit *skip)
{
  QRS_FOR_UNITS (m, o)
    if (o != skip && o->side == side && o->arm != QRS_ARM_OFFICER && !o->removed
        && o->morale != QRS_ROUTED
        && mu_table_within (mu_stands_distance (stand, n, o->stand, o->n_stands), 6.0 * inch (m))
        && sees (m, o, stand, n, skip))
      qrs_queue_check (m, o, -1, FALSE, NULL);
}

/* QRS-AMB-40: the unit that routs falls back first, then the checks it
 * causes, measured from where it stood when it routed. */
static void
rout (QrsMatch *m, QrsUnit *u, const char *rule, const QrsUnit *cause, GPtrArray *events)
{
  MuStand was[MU_STANDS_MAX];
  guint n = u->n_stands;

  memcpy (was, u->stand, sizeof (MuStand) * n);
  /* QRS-AMB-78: a unit that becomes ROUTED loses its order */
  u->order = u->release = QRS_ORDER_NONE;
  set_morale (m, u, QRS_ROUTED, rule, events);
  qrs_rout_fall_back (m, u, cause, events);
  friends_check (m, u->side, was, n, u);
}

/* QRS-CHG-6: the beaten defender's morale from its total, without the
 * fall-back of QRS-MOR-3 (QRS-AMB-69). */
void
qrs_set_routed (QrsMatch *m, QrsUnit *u, const char *rule, GPtrArray *events)
{
  u->order = u->release = QRS_ORDER_NONE;
  set_morale (m, u, QRS_ROUTED, rule, events);
  friends_check (m, u->side, u->stand, u->n_stands, u);
}

/* QRS-AMB-72: "routs": ROUTED with the fall-back of QRS-MOR-3. */
void
qrs_rout_now (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, const char *rule, GPtrArray *events)
{
  rout (m, u, rule, cause, events);
}

void
qrs_set_shaken (QrsMatch *m, QrsUnit *u, const char *rule, GPtrArray *events)
{
  set_morale (m, u, QRS_SHAKEN, rule, events);
}

void
qrs_queue_check (QrsMatch *m, QrsUnit *u, int flank, gboolean disordered, const QrsUnit *cause)
{
  int v[4] = { qrs_index (m, u), flank, disordered, cause ? qrs_index (m, cause) : QRS_NONE };

  g_array_append_vals (m->checks, v, 4);
}

/* QRS-MOR-2, QRS-MOR-3, QRS-AMB-40: the waiting checks in order, and the
 * checks they cause after them. */
void
qrs_run_checks (QrsMatch *m, GPtrArray *events)
{
  while (m->checks->len >= 4)
    {
      QrsUnit *u = g_ptr_array_index (m->units, g_array_index (m->checks, int, 0));
      int flank = g_array_index (m->checks, int, 1);
      gboolean dis = g_array_index (m->checks, int, 2);
      const QrsUnit *cause = unit_at (m, g_array_index (m->checks, int, 3));
      int natural;
      gboolean pass;

      g_array_remove_range (m->checks, 0, 4);
      /* QRS-AMB-40: ROUTED units take no checks */
      if (u->removed || u->morale == QRS_ROUTED)
        continue;
      pass = morale_roll (m, u, "morale", flank, dis, cause, events, &natural);
      if (natural == 12 && u->morale != QRS_GOOD)
        set_morale (m, u, QRS_GOOD, "QRS-MOR-2", events);
      else if ((natural == 2 || (!pass && u->morale == QRS_SHAKEN)) && m->in_melee
               && qrs_in_contact (m, u))
        {
          /* QRS-AMB-73: a unit that routs in melee surrenders */
          u->order = u->release = QRS_ORDER_NONE;
          u->removed = TRUE;
          u->n_stands = 0;
          mu_event_set_text (qrs_event (m, events, &qrs_ev_removed, u->def->id, "QRS-CHG-8"),
                             "surrendered");
        }
      else if (natural == 2)
        rout (m, u, "QRS-AMB-5", cause, events);
      else if (!pass && u->morale == QRS_GOOD && m->in_melee && qrs_in_contact (m, u))
        set_morale (m, u, QRS_SHAKEN, "QRS-AMB-73", events);
      else if (!pass && u->morale == QRS_GOOD)
        {
          set_morale (m, u, QRS_SHAKEN, "QRS-MOR-3", events);
          qrs_shaken_fall_back (m, u, cause, events);
        }
      else if (!pass)
        rout (m, u, "QRS-MOR-3", cause, events);
    }
}

/* Step 2b (QRS-MOR-4, QRS-AMB-78): SHAKEN and ROUTED units, first side
 * first, each in order of battle. */
void
qrs_rally (QrsMatch *m, GPtrArray *events)
{
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && u->arm != QRS_ARM_OFFICER && !u->removed
          && u->morale != QRS_GOOD)
        {
          int natural;
          gboolean pass = morale_roll (m, u, "rally", -1, FALSE, NULL, events, &natural);

          if (natural == 2 && u->morale == QRS_SHAKEN)
            rout (m, u, "QRS-AMB-78", NULL, events);
          else if (natural == 2 || (!pass && u->morale == QRS_ROUTED))
            {
              MuStand was[MU_STANDS_MAX];
              guint n = u->n_stands;

              memcpy (was, u->stand, sizeof (MuStand) * n);
              qrs_lose_stands (m, u, 1, events);
              if (u->removed)
                friends_check (m, u->side, was, n, u);
            }
          else if (pass)
            set_morale (m, u, QRS_GOOD, "QRS-AMB-7", events);
          qrs_run_checks (m, events);
        }
}

/* QRS-REP-1, QRS-AMB-9, QRS-AMB-82: 1d6 plus the best rating present,
 * greater than the BMP. */
static gboolean
replace_roll (QrsMatch *m, QrsUnit *u, const char *need, GPtrArray *events)
{
  gboolean ok = FALSE;

  mu_dice_roll (m->dice, events, need, u->def->id, NULL, qrs_officer_rating (m, u), MU_ROLL_ABOVE,
                u->bmp, "QRS-REP-1", &ok);
  if (ok)
    mu_event_set_text (qrs_event (m, events, &qrs_ev_replaced, u->def->id, "QRS-REP-1"), need);
  return ok;
}

/* QRS-AMB-82: the officer returns with rating 1 behind the unit that
 * rolled for him. */
static void
return_officer (QrsMatch *m, QrsUnit *o, const QrsUnit *u)
{
  MuStand fp = mu_stands_footprint (u->stand, u->n_stands);
  MuPoint f = mu_facing_vector (u->facing);
  MuPoint rear = { fp.centre.x - f.x * fp.depth / 2, fp.centre.y - f.y * fp.depth / 2 };

  o->removed = FALSE;
  o->rating = 1;
  o->suspended = o->suspend_next = o->wound = 0;
  o->facing = u->facing;
  o->n_stands = mu_stands_layout (&qrs_formation_shapes[QRS_FORM_SINGLE_LINE], 1, o->width, o->depth,
                                  rear, o->facing, o->stand, MU_STANDS_MAX);
}

void
qrs_replacement (QrsMatch *m, GPtrArray *events)
{
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && u->arm != QRS_ARM_OFFICER && !u->removed)
        {
          if (u->ammo_low && replace_roll (m, u, "ammo", events))
            u->ammo_low = FALSE;
          if (u->horses_lost > 0 && replace_roll (m, u, "horse", events))
            u->horses_lost--;
        }
  /* each removed officer, rolled by the first unit of his command in play
   * only (QRS_FOR_UNITS is two loops: a break would leave only the inner
   * one, and every unit of the command would roll) */
  QRS_FOR_UNITS (m, o)
    if (o->arm == QRS_ARM_OFFICER && o->removed && o->def->place.kind == MU_PLACE_TABLE)
      {
        QrsUnit *first = NULL;

        QRS_FOR_UNITS (m, u)
          if (first == NULL && u->arm != QRS_ARM_OFFICER && !u->removed && commands (m, o, u))
            first = u;
        if (first && replace_roll (m, first, "officer", events))
          return_officer (m, o, first);
      }
}

/* Step 9 (QRS-OFF-1, QRS-OFF-2, QRS-AMB-21, QRS-AMB-81): one roll an
 * officer for the worst danger he is in, a wound roll when hit, and the
 * checks of the units about him (QRS-OFF-3). */
void
qrs_officer_casualties (QrsMatch *m, GPtrArray *events)
{
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, o)
      if (o->side == m->order[p] && o->arm == QRS_ARM_OFFICER && !o->removed && o->n_stands > 0)
        {
          double near = G_MAXDOUBLE;
          const QrsUnit *with = NULL;
          gboolean hit = FALSE;
          int d;
          static const char *const wounds[] = { NULL, "minor", "serious", "serious", "severe",
                                                "mortal", "killed" };

          QRS_FOR_UNITS (m, e)
            if (e->side != o->side && e->arm != QRS_ARM_OFFICER && !e->removed)
              near = MIN (near, mu_stands_distance (o->stand, o->n_stands, e->stand, e->n_stands));
          /* "in melee": present with a unit in contact (QRS-AMB-81); a
           * suspended officer counts as absent, so is in no melee, but is
           * still rolled for, at the distance of the enemy */
          with = present_with (m, o);
          if (with && !qrs_in_contact (m, with))
            with = NULL;
          if (with)
            mu_dice_roll (m->dice, events, "exposure", o->def->id, NULL, 0, MU_ROLL_AT_LEAST, 5,
                          "QRS-OFF-1", &hit);
          else if (mu_table_within (near, 2.0 * inch (m)))
            mu_dice_roll (m->dice, events, "exposure", o->def->id, NULL, 0, MU_ROLL_AT_LEAST, 6,
                          "QRS-OFF-1", &hit);
          else if (mu_table_within (near, 12.0 * inch (m)))
            {
              MuRoll roll = { 0 };
              MuRollResult res;

              roll.purpose = "exposure";
              roll.subject = o->def->id;
              roll.n = 2;
              roll.read = MU_DICE_SUM;
              roll.target = 12;
              roll.compare = MU_ROLL_AT_LEAST;
              roll.rule = "QRS-OFF-1";
              mu_dice_roll_read (m->dice, events, &roll, &res);
              hit = res.success;
            }
          if (!hit)
            continue;
          d = mu_dice_roll (m->dice, events, "wound", o->def->id, NULL, 0, MU_ROLL_NONE, 0,
                            "QRS-OFF-2", NULL);
          mu_event_set_text (qrs_event (m, events, &qrs_ev_wound, o->def->id, "QRS-OFF-2"), wounds[d]);
          /* QRS-OFF-3: units within 6" check, measured from his stand */
          friends_check (m, o->side, o->stand, o->n_stands, NULL);
          if (d == 1)
            o->suspend_next = o->wound = 1;
          else if (d <= 3)
            o->suspend_next = o->wound = 2;
          else
            {
              /* QRS-AMB-22: 4-6 remove him */
              o->removed = TRUE;
              o->n_stands = 0;
            }
          qrs_run_checks (m, events);
        }
}
