/* mn-acw-melee.c: the Battle step (MN-MEL-*, MN-LDR-2, MN-LDR-3,
 * MN-AMB-17..29, MN-AMB-46, MN-AMB-55, MN-AMB-64..70): melee pairs fought
 * in the active player's order, each side's total with its modifiers by
 * name, the casualty die against D, hits from the ends, retreats, leaders
 * at risk and standing melees. The winner's advance (MN-AMB-71) is still
 * to come. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define MN_IMPASSABLE_LINES (1u << MU_LINE_IMPASSABLE)
#define MN_FENCE_LINES (1u << MU_LINE_FENCE | 1u << MU_LINE_WALL | 1u << MU_LINE_HEDGE)
#define MN_BUILDING_KINDS (1u << MU_AREA_BUILT_UP | 1u << MU_AREA_BUILDING | 1u << MU_AREA_SETTLEMENT)
#define MN_COVER_KINDS (1u << MU_AREA_WOODS | 1u << MU_AREA_LIGHT_WOODS | 1u << MU_AREA_FIELD)

static MnUnit *
unit_at (const MnMatch *m, int i)
{
  return g_ptr_array_index (m->units, i);
}

static int
unit_index (const MnMatch *m, const MnUnit *u)
{
  guint i = 0;

  g_ptr_array_find (m->units, u, &i);
  return (int) i;
}

static gboolean
in_contact (const MnMatch *m, const MnUnit *a, const MnUnit *b)
{
  return mn_has_stands (a) && mn_has_stands (b) &&
         mu_stands_within (a->stands, a->n_stands, b->stands, b->n_stands, mn_tolerance (m));
}

MnPair *
mn_find_pair (MnMatch *m, int a, int b)
{
  for (guint i = 0; i < m->pairs->len; i++)
    {
      MnPair *p = &g_array_index (m->pairs, MnPair, i);

      if ((p->attacker == a && p->defender == b) || (p->attacker == b && p->defender == a))
        return p;
    }
  return NULL;
}

void
mn_pair_add (MnMatch *m, const MnPair *pair)
{
  MnPair *p = mn_find_pair (m, pair->attacker, pair->defender);

  if (p)
    *p = *pair;
  else
    g_array_append_val (m->pairs, *pair);
}

void
mn_pairs_prune (MnMatch *m)
{
  for (guint i = m->pairs->len; i > 0; i--)
    {
      MnPair *p = &g_array_index (m->pairs, MnPair, i - 1);

      if (!in_contact (m, unit_at (m, p->attacker), unit_at (m, p->defender)))
        g_array_remove_index (m->pairs, i - 1);
    }
}

/* MN-AMB-55: every pair of opposing regiments and batteries in contact is
 * a melee pair; one no charge recorded (units set up touching) has the
 * active side's unit as its attacker. */
void
mn_battle_begin (MnMatch *m, GPtrArray *events)
{
  int active = mn_active_side (m);

  (void) events;
  mn_pairs_prune (m);
  for (guint i = 0; i < m->units->len; i++)
    for (guint j = i + 1; j < m->units->len; j++)
      {
        MnUnit *a = unit_at (m, i), *b = unit_at (m, j);
        MnPair p = { 0 };

        if (a->side == b->side || a->type == MN_TYPE_LEADER || b->type == MN_TYPE_LEADER ||
            !in_contact (m, a, b) || mn_find_pair (m, i, j))
          continue;
        p.attacker = a->side == active ? (int) i : (int) j;
        p.defender = a->side == active ? (int) j : (int) i;
        p.sector = MU_SECTOR_FRONT;
        mn_pair_add (m, &p);
      }
  for (guint i = 0; i < m->pairs->len; i++)
    g_array_index (m->pairs, MnPair, i).fought = FALSE;
}

const MnPair *
mn_unfought_pair (MnMatch *m)
{
  for (guint i = 0; i < m->pairs->len; i++)
    {
      const MnPair *p = &g_array_index (m->pairs, MnPair, i);

      if (!p->fought && in_contact (m, unit_at (m, p->attacker), unit_at (m, p->defender)))
        return p;
    }
  return NULL;
}

/* Totals ------------------------------------------------------------------------------- */

static const MuRollModifier mod_flank = { "flank", N_("Attacks the flank"), "MN-MEL-3", 2, FALSE };
static const MuRollModifier mod_rear = { "rear", N_("Attacks the rear"), "MN-MEL-3", 3, FALSE };
static const MuRollModifier mod_art = { "artillery", N_("Artillery that fired before contact"), "MN-ART-3", 1, FALSE };
static const MuRollModifier mod_line = { "line", N_("Formed bases in line in contact"), "MN-AMB-19", 1, FALSE };
static const MuRollModifier mod_leader = { "leader", N_("Leader attached"), "MN-LDR-4", 1, FALSE };
static const MuRollModifier mod_small_arms = { "small-arms", N_("Small-arms fire"), "MN-AMB-20", 1, FALSE };
static const MuRollModifier mod_line_column = { "line-vs-column", N_("Line attacks column"), "MN-AMB-21", 1, FALSE };
static const MuRollModifier mod_hard = { "hard-cover", N_("Hard cover"), "MN-AMB-23", 2, FALSE };
static const MuRollModifier mod_entrench = { "entrenchment", N_("Entrenchment"), "MN-TER-5", 2, FALSE };
static const MuRollModifier mod_field = { "fieldworks", N_("Fieldworks"), "MN-TER-5", 1, FALSE };
static const MuRollModifier mod_cover = { "cover", N_("Cover"), "MN-TER-9", 1, FALSE };

static gboolean
is_battery (const MnUnit *u)
{
  return u->type == MN_TYPE_FOOT_ART || u->type == MN_TYPE_HORSE_ART;
}

static const MnUnit *
attached_leader (const MnMatch *m, const MnUnit *u)
{
  int i = unit_index (m, u);

  MN_FOR_UNITS (m, l)
    if (l->type == MN_TYPE_LEADER && l->status == MN_STATUS_ACTIVE && l->attached == i)
      return l;
  return NULL;
}

/* The batteries of the side in the pair's snapshot still able to support
 * now: on the table and not moved this game turn (MN-AMB-64). */
static guint
supporting (const MnMatch *m, const MnPair *p, int side, int *out)
{
  guint n = 0;

  for (guint k = 0; k < p->n_support[side]; k++)
    {
      const MnUnit *b = unit_at (m, p->support[side][k]);

      if (mn_has_stands (b) && !b->moved)
        out[n++] = p->support[side][k];
    }
  return n;
}

/* MN-MEL-3, MN-AMB-23, MN-AMB-78: the defender's single best cover. */
static gboolean
best_cover (const MnMatch *m, const MnUnit *x, const MnUnit *enemy, MuRollModifier *out)
{
  int best = 0, area = -1;
  gboolean works = x->type == MN_TYPE_INF || is_battery (x);
  MuPoint from = mn_footprint_centre (enemy), to = mn_footprint_centre (x);
  const MuPolyline *line = NULL;

#define BETTER(mod, v) G_STMT_START { if ((v) > best) { best = (v); *out = (mod); out->value = (v); } } G_STMT_END
  if (mn_unit_in_kinds (m, x, MN_BUILDING_KINDS))
    {
      for (guint k = 0; k < x->n_stands && area < 0; k++)
        mn_point_in_kinds (m, x->stands[k].centre, MN_BUILDING_KINDS, &area);
      if (area >= 0 && ((const MuArea *) g_ptr_array_index (m->table->areas, area))->hard_cover)
        BETTER (mod_hard, m->num.hard_cover);
      else
        BETTER (mod_cover, m->num.cover);
    }
  if (works && mn_unit_in_kinds (m, x, 1u << MU_AREA_FORTIFICATION))
    {
      const MuArea *a = NULL;

      area = -1;
      for (guint k = 0; k < x->n_stands && area < 0; k++)
        mn_point_in_kinds (m, x->stands[k].centre, 1u << MU_AREA_FORTIFICATION, &area);
      a = area >= 0 ? g_ptr_array_index (m->table->areas, area) : NULL;
      if (a && a->hard_cover)
        BETTER (mod_hard, m->num.hard_cover);
      else
        BETTER (mod_entrench, m->num.entrenchment);
    }
  if (works && mn_segment_crosses (m, from, to, 1u << MU_LINE_DEFENCE_WORKS, &line))
    {
      if (line->grade >= 2)
        BETTER (mod_entrench, m->num.entrenchment);
      else
        BETTER (mod_field, m->num.fieldworks);
    }
  /* MN-TER-3, MN-AMB-73: touching a crest is cover too */
  if (mn_unit_in_kinds (m, x, MN_COVER_KINDS) || mn_segment_crosses (m, from, to, MN_FENCE_LINES, NULL) ||
      mn_unit_on_crest (m, x))
    BETTER (mod_cover, m->num.cover);
#undef BETTER
  return best > 0;
}

/* MN-MEL-2, MN-MEL-3: x's modifiers against y in pair p, by name. */
static guint
melee_modifiers (const MnMatch *m, const MnPair *p, const MnUnit *x, const MnUnit *y, MuRollModifier *mods,
                 int *supports, guint *n_supports)
{
  gboolean attacker = unit_index (m, x) == p->attacker;
  guint n = 0, line = 0;
  gboolean formed = mn_unit_formed (m, x);

  if (attacker && p->sector == MU_SECTOR_FLANK)
    {
      mods[n] = mod_flank;
      mods[n++].value = m->num.flank;
    }
  if (attacker && p->sector == MU_SECTOR_REAR)
    {
      mods[n] = mod_rear;
      mods[n++].value = m->num.rear;
    }
  /* MN-AMB-26: repeats get no artillery and no small arms */
  *n_supports = p->fresh ? supporting (m, p, x->side, supports) : 0;
  if (*n_supports > 0)
    {
      mods[n] = mod_art;
      mods[n++].value = (int) *n_supports * m->num.art_support;
    }
  /* MN-AMB-19, MN-AMB-69, MN-AMB-76: formed stands in line touching y
   * along an edge; batteries have none */
  if (!is_battery (x) && x->form == MN_FORM_LINE && formed)
    for (guint k = 0; k < x->n_stands; k++)
      line += mn_stand_formed (m, &x->stands[k]) && mn_stand_touches_edge (m, &x->stands[k], y);
  if (line > 0)
    {
      mods[n] = mod_line;
      mods[n++].value = (int) line * m->num.line_base;
    }
  if (attached_leader (m, x))
    {
      mods[n] = mod_leader;
      mods[n++].value = m->num.leader;
    }
  if (!attacker && p->fresh && x->type == MN_TYPE_INF && x->form == MN_FORM_LINE && formed)
    {
      mods[n] = mod_small_arms;
      mods[n++].value = m->num.small_arms;
    }
  if (attacker && x->form == MN_FORM_LINE && y->form == MN_FORM_COLUMN && !is_battery (y))
    {
      mods[n] = mod_line_column;
      mods[n++].value = m->num.line_column;
    }
  if (!attacker && best_cover (m, x, y, &mods[n]))
    n++;
  return n;
}

/* Results --------------------------------------------------------------------------------- */

/* MN-MEL-7, MN-AMB-46: hits from the ends, the end farther from `from`
 * (the opponent's centre base before the result), a tie taking a line's
 * left end or a column's rear; the others stay where they are. */
static void
take_hits (MnMatch *m, MnUnit *u, int hits, MuPoint from, GPtrArray *events)
{
  int taken = 0;

  for (int h = 0; h < hits && u->n_stands > 0; h++, taken++)
    {
      guint n = u->n_stands, drop = 0;

      if (n > 1)
        {
          double d0 = hypot (u->stands[0].centre.x - from.x, u->stands[0].centre.y - from.y);
          double d1 = hypot (u->stands[n - 1].centre.x - from.x, u->stands[n - 1].centre.y - from.y);

          if (mu_table_within (fabs (d0 - d1), 0))
            drop = u->form == MN_FORM_LINE ? 0 : n - 1;
          else
            drop = d0 > d1 ? 0 : n - 1;
        }
      memmove (&u->stands[drop], &u->stands[drop + 1], sizeof u->stands[0] * (n - drop - 1));
      u->n_stands--;
      u->bases--;
    }
  if (u->bases <= 0)
    {
      int i = unit_index (m, u);

      u->bases = 0;
      u->n_stands = 0;
      u->status = MN_STATUS_DESTROYED;
      MN_FOR_UNITS (m, l)
        if (l->type == MN_TYPE_LEADER && l->attached == i)
          l->orphaned = TRUE;
    }
  if (taken > 0)
    mn_event (m, events, &mn_ev_hits, u->def->id, "MN-MEL-7")->value = taken;
  if (u->status == MN_STATUS_DESTROYED)
    mn_event (m, events, &mn_ev_destroyed, u->def->id, "MN-AMB-38");
}

static gboolean
stands_impassable (const MnMatch *m, const MuStand *st, guint n)
{
  guint32 kinds = 0;

  for (int k = 0; k < MU_AREA_N; k++)
    if (mu_ruleset_area_impassable (m->ruleset, k))
      kinds |= 1u << k;
  for (guint k = 0; k < n; k++)
    if (mn_point_in_kinds (m, st[k].centre, kinds, NULL) || mn_point_in_destroyed (m, st[k].centre))
      return TRUE;
  return FALSE;
}

/* MN-MEL-6, MN-AMB-29, MN-AMB-70: u moves `dist` straight along v without
 * turning, stopping 1 in short of an enemy it was not touching, before
 * overlapping any enemy stand, at the edge of ground it may not enter,
 * passing friends by MN-AMB-52 (a leader passes them freely); past the
 * table edge it leaves play. Then it turns to face along v about its
 * centre base, unless that would overlap. Returns FALSE when it left play. */
static gboolean
retreat (MnMatch *m, MnUnit *u, MuPoint v, double dist, GPtrArray *events)
{
  gboolean leader = u->type == MN_TYPE_LEADER;
  double limit = dist, step = 0.05;
  MuStand st[MU_STANDS_MAX];
  MuPoint from = mn_anchor (u);
  double from_facing = u->facing;
  g_autofree gboolean *touching = g_new0 (gboolean, m->units->len);  /* overlapping at the start */

  MN_FOR_UNITS (m, o)
    {
      double t;

      /* a leader placed on his destroyed unit's spot may start on the
       * enemy's stands: that overlap does not stop him */
      touching[unit_index (m, o)] = o != u && mn_has_stands (o) &&
                                    mu_stands_overlap (u->stands, u->n_stands, o->stands, o->n_stands);
      if (o == u || o->side == u->side || !mn_has_stands (o) || o->type == MN_TYPE_LEADER ||
          in_contact (m, u, o))
        continue;
      t = mn_first_touch (m, u->stands, u->n_stands, o->stands, o->n_stands, v, dist);
      if (t >= 0)
        limit = MIN (limit, MAX (0, t - m->num.pass_short));
    }
  for (double t = step; t < limit + step; t += step)
    {
      double at = MIN (t, limit);
      gboolean stop = FALSE;

      mn_translate (u->stands, u->n_stands, v, at, st);
      if (!mn_stands_on_table (m, st, u->n_stands))
        {
          /* TAB-18, MN-AMB-84: off the table, out of play */
          int i = unit_index (m, u);

          mn_event (m, events, &mn_ev_destroyed, u->def->id, "MN-AMB-84");
          u->status = leader ? MN_STATUS_CAPTURED : MN_STATUS_DESTROYED;
          u->n_stands = 0;
          if (!leader)
            u->bases = 0;
          /* its leader's fate is rolled as for a destroyed unit's (MN-LDR-3) */
          MN_FOR_UNITS (m, l)
            if (l->type == MN_TYPE_LEADER && l->attached == i)
              l->orphaned = TRUE;
          return FALSE;
        }
      stop = stands_impassable (m, st, u->n_stands);
      /* MN-AMB-70, MN-AMB-74: a building stops all but infantry, and
       * infantry beyond its capacity */
      if (!stop)
        {
          const char *why = NULL;

          stop = !mn_building_allows (m, u, st, u->n_stands, FALSE, &why);
        }
      for (guint k = 0; k < u->n_stands && !stop; k++)
        stop = mn_segment_crosses (m, u->stands[k].centre, st[k].centre, MN_IMPASSABLE_LINES, NULL);
      MN_FOR_UNITS (m, o)
        if (!stop && o != u && o->side != u->side && mn_has_stands (o) && !touching[unit_index (m, o)] &&
            (o->type != MN_TYPE_LEADER || (u->type != MN_TYPE_INF && u->type != MN_TYPE_CAV)) &&
            mu_stands_overlap (st, u->n_stands, o->stands, o->n_stands))
          stop = TRUE;
      if (stop)
        {
          limit = MAX (0, at - step);
          break;
        }
    }
  limit = mn_hundredths_down (limit);
  mn_translate (u->stands, u->n_stands, v, limit, st);
  /* MN-AMB-52: a friend not passed stops it 1 in before the touch */
  if (!leader)
    {
      gboolean again = limit > 0;

      while (again)
        {
          again = FALSE;
          MN_FOR_UNITS (m, o)
            if (o != u && o->side == u->side && o->type != MN_TYPE_LEADER && mn_has_stands (o) &&
                mu_stands_within (st, u->n_stands, o->stands, o->n_stands, mn_tolerance (m)))
              {
                double t = mn_first_touch (m, u->stands, u->n_stands, o->stands, o->n_stands, v, limit);

                limit = t < 0 ? 0 : MAX (0, mn_hundredths_down (t - m->num.pass_short));
                mn_translate (u->stands, u->n_stands, v, limit, st);
                again = limit > 0;
                break;
              }
        }
    }
  else
    /* a leader may not end on a stand: back to where he is clear */
    while (limit > 0)
      {
        gboolean clear = TRUE;

        MN_FOR_UNITS (m, o)
          if (o != u && mn_has_stands (o) && mu_stands_overlap (st, 1, o->stands, o->n_stands))
            clear = FALSE;
        if (clear)
          break;
        limit = MAX (0, mn_hundredths_down (limit - step));
        mn_translate (u->stands, u->n_stands, v, limit, st);
      }
  if (leader)
    /* MN-LDR-1, MN-AMB-70: a leader who cannot get clear of the enemy is
     * taken (decided here; the digest has him stop 1 in short of enemy
     * units, which a leader starting on one cannot) */
    MN_FOR_UNITS (m, o)
      if (o->side != u->side && mn_has_stands (o) && mu_stands_overlap (st, 1, o->stands, o->n_stands))
        {
          u->status = MN_STATUS_CAPTURED;
          u->n_stands = 0;
          mu_event_set_object (mn_event (m, events, &mn_ev_captured, u->def->id, "MN-LDR-1"), o->def->id);
          return FALSE;
        }
  {
    double facing = fmod (atan2 (v.x, -v.y) * 180 / G_PI + 360, 360);
    MuStand turned[MU_STANDS_MAX], start[MU_STANDS_MAX];
    MuEvent *e = mn_event (m, events, &mn_ev_retreat, u->def->id, "MN-AMB-70");
    g_autofree char *text = g_strdup_printf ("%.2f", limit);
    guint n;

    memcpy (start, u->stands, sizeof st[0] * u->n_stands);
    memcpy (u->stands, st, sizeof st[0] * u->n_stands);
    n = mn_layout_about (m, u, mn_footprint_centre (u), facing, u->form, u->bases, turned);
    facing = round (facing * 10) / 10;
    if (n == u->n_stands && mn_place_free (m, u, turned, n, NULL))
      {
        memcpy (u->stands, turned, sizeof turned[0] * n);
        u->facing = fmod (facing, 360);
      }
    e->from = mu_pos_from_point (from.x, from.y, from_facing);
    e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    mu_event_set_text (e, text);
    mn_capture_on_path (m, u, start, u->n_stands, v, limit, events);
  }
  return TRUE;
}

static MuPoint
unit_vector (MuPoint from, MuPoint to, double fallback_facing)
{
  double dx = to.x - from.x, dy = to.y - from.y, len = hypot (dx, dy);

  if (len < 1e-9)
    return mu_facing_vector (fallback_facing + 180);
  return (MuPoint) { dx / len, dy / len };
}

static int
roll_sum (MnMatch *m, const char *purpose, const char *subject, guint n, const char *rule, GPtrArray *events)
{
  MuRoll roll = { 0 };

  roll.purpose = purpose;
  roll.subject = subject;
  roll.n = n;
  roll.read = MU_DICE_SUM;
  roll.rule = rule;
  return mu_dice_roll_read (m->dice, events, &roll, NULL);
}

/* `fight UNIT ENEMY` (MN-MEL-1, MN-AMB-17): the next pair, in the
 * active player's order. */
gboolean
mn_apply_fight (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *x = mn_find_unit (m, mu_command_word (c, 0));
  MnUnit *y = mn_find_unit (m, mu_command_word (c, 1));
  MnPair *p;

  if (m->step != MN_STEP_BATTLE)
    return mu_rules_refuse (error, "MN-MOV-5", "melees are fought in the Battle step");
  if (x == NULL || y == NULL)
    return mu_rules_refuse (error, "MN-MEL-1", "no unit “%s”", x == NULL ? mu_command_word (c, 0) : mu_command_word (c, 1));
  p = mn_find_pair (m, unit_index (m, x), unit_index (m, y));
  if (p == NULL || !in_contact (m, x, y))
    return mu_rules_refuse (error, "MN-AMB-55", "%s and %s are no melee pair", x->def->id, y->def->id);
  if (p->fought)
    return mu_rules_refuse (error, "MN-MEL-1", "%s and %s have fought in this Battle step", x->def->id,
                            y->def->id);
  if (events == NULL)
    return TRUE;
  mn_fight_pair (m, p, events);
  return TRUE;
}

/* One melee of a pair (MN-MEL-2..8, MN-LDR-2, MN-LDR-3, MN-AMB-25,
 * MN-AMB-26, MN-AMB-46, MN-AMB-67, MN-AMB-68, MN-AMB-70), then the
 * winner's advance is offered (MN-AMB-71). */
void
mn_fight_pair (MnMatch *m, MnPair *p, GPtrArray *events)
{
  MnPair pair;
  MnUnit *side[2], *winner, *loser;
  int total[2], d, loser_hits, winner_hits, row;
  int supports[2][MN_MAX_SUPPORT];
  guint n_supports[2];
  MuRollResult cas;
  MuPoint cw, cl, cl_before, cw_before;
  const MnUnit *leaders[2];
  gboolean loser_gone;

  pair = *p;
  p->fought = TRUE;
  side[0] = unit_at (m, pair.attacker);
  side[1] = unit_at (m, pair.defender);
  /* MN-MEL-2, MN-AMB-25: 2 d6 each with the modifiers, again while tied */
  do
    for (int s = 0; s < 2; s++)
      {
        MuRollModifier mods[12];
        guint n = melee_modifiers (m, &pair, side[s], side[1 - s], mods, supports[s], &n_supports[s]);
        MuRoll roll = { 0 };

        roll.purpose = "melee";
        roll.subject = side[s]->def->id;
        roll.object = side[1 - s]->def->id;
        roll.n = MAX (m->num.melee_dice, 1);
        roll.read = MU_DICE_SUM;
        roll.modifiers = mods;
        roll.n_modifiers = n;
        roll.rule = "MN-MEL-2";
        total[s] = mu_dice_roll_read (m->dice, events, &roll, NULL);
      }
  while (total[0] == total[1]);
  /* MN-ART-3, MN-AMB-18: supporting counts as firing */
  for (int s = 0; s < 2; s++)
    for (guint k = 0; k < n_supports[s]; k++)
      unit_at (m, supports[s][k])->art_fired = TRUE;
  winner = total[0] > total[1] ? side[0] : side[1];
  loser = winner == side[0] ? side[1] : side[0];
  d = ABS (total[0] - total[1]);
  /* MN-MEL-4, MN-MEL-5: the winner's d6 against D */
  {
    MuRoll roll = { 0 };

    roll.purpose = "casualty";
    roll.subject = winner->def->id;
    roll.object = loser->def->id;
    roll.compare = MU_ROLL_THREE_WAY;
    roll.target = d;
    roll.rule = "MN-MEL-5";
    mu_dice_roll_read (m->dice, events, &roll, &cas);
  }
  {
    MuEvent *e = mn_event (m, events, &mn_ev_melee, winner->def->id, "MN-MEL-5");

    mu_event_set_object (e, loser->def->id);
    mu_event_set_text (e, cas.outcome == MU_ROLL_LESS ? "less" : cas.outcome == MU_ROLL_EQUAL ? "equal"
                                                                                                : "greater");
    e->value = d;
  }
  row = cas.outcome == MU_ROLL_LESS ? 0 : cas.outcome == MU_ROLL_EQUAL ? 1 : 2;
  loser_hits = m->num.loser_hits[row];
  winner_hits = m->num.winner_hits[row];
  cw = cw_before = mn_footprint_centre (winner);
  cl = cl_before = mn_footprint_centre (loser);
  leaders[0] = attached_leader (m, winner);
  leaders[1] = attached_leader (m, loser);
  /* MN-AMB-68 (1): hits on both, each from the ends away from the other */
  take_hits (m, loser, loser_hits, cw, events);
  if (winner_hits)
    take_hits (m, winner, winner_hits, cl, events);
  loser_gone = !mn_has_stands (loser);
  /* MN-AMB-70: the retreat's line runs between the centre bases as the
   * hits left them, since MN-AMB-68 takes the hits first */
  if (mn_has_stands (winner))
    cw = mn_footprint_centre (winner);
  if (!loser_gone)
    cl = mn_footprint_centre (loser);
  /* (2) the loser's retreat: 2 d6 after 3 hits, 1 d6 after 2 */
  if (!loser_gone && m->num.loser_retreat_dice[row] > 0)
    {
      int dist = roll_sum (m, "retreat", loser->def->id, m->num.loser_retreat_dice[row], "MN-MEL-6", events);

      retreat (m, loser, unit_vector (cw, cl, loser->facing), dist, events);
    }
  /* (3) MN-LDR-2, MN-AMB-34: each attached leader of either unit, 6 injured */
  for (int s = 0; s < 2; s++)
    {
      MnUnit *l = (MnUnit *) leaders[s];
      gboolean hurt = FALSE;

      if (l == NULL)
        continue;
      mu_dice_roll (m->dice, events, "leader", l->def->id, NULL, 0, MU_ROLL_AT_LEAST, m->num.injured_on,
                    "MN-LDR-2", &hurt);
      if (hurt)
        {
          l->status = MN_STATUS_INJURED;
          l->attached = MN_NONE;
          l->orphaned = FALSE;
          l->n_stands = 0;
          mn_event (m, events, &mn_ev_injured, l->def->id, "MN-LDR-2");
        }
      else if (l->orphaned)
        {
          /* (4) MN-LDR-3: his unit destroyed, he retreats 2 d6 from its
           * centre base as it was before the hits, away from the other
           * unit (still orphaned while he goes, so that his stand may
           * start on the enemy's) */
          MnUnit *was = unit_at (m, l->attached);
          MuPoint at = s == 1 ? cl_before : cw_before;
          MuPoint enemy = s == 1 ? cw : cl_before;
          int dist = roll_sum (m, "retreat", l->def->id, m->num.leader_retreat_dice, "MN-LDR-3", events);

          l->attached = MN_NONE;
          l->facing = was->facing;
          l->n_stands = mn_layout_about (m, l, at, l->facing, MN_FORM_LINE, 1, l->stands);
          retreat (m, l, unit_vector (enemy, at, l->facing), dist, events);
          l->orphaned = FALSE;
        }
    }
  mn_pairs_prune (m);
  mn_check_sudden_end (m, events);
  /* (5) MN-AMB-71: the winner's advance */
  if (!m->finished && cas.outcome == MU_ROLL_LESS)
    mn_offer_advance (m, winner, loser, cl_before, events);
}
