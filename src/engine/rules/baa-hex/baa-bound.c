/* baa-bound.c: the start and the end of a bound: night (BAA-NGT-*),
 * reserves and tactical marches (BAA-RES-*), rest and fatigue (BAA-FAT-*),
 * readdressing lines between days (BAA-DAY-*). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include "baa-command.h"
#include "baa-move.h"
#include "baa-common.h"

#include <string.h>

#include <glib/gi18n-lib.h>

struct _BaaDay {
  int step;                 /* 0 none, 1 first side, 2 second side */
  GHashTable *rolled;       /* control counters that made their roll */
  int withdraw_steps;       /* BAA-DAY-2 steps taken this night (a guard) */
};

static gboolean
is_night_bound (const BaaMatch *m, int bound)
{
  return m->opt_night && mu_rules_night_bound (&m->scenario->timeline, bound);
}

static void
marker (BaaMatch *m, GPtrArray *events, gboolean placed, const char *id, const char *name,
        const char *rule)
{
  MuEvent *e = baa_event (m, events, BAA_EV_MARKER (placed),
                          id, rule);
  mu_event_set_text (e, name);
}

/* Reserves (BAA-RES-1..4) ------------------------------------------------------------- */

static int
side_of (const BaaMatch *m, const char *side)
{
  for (int s = 0; s < BAA_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return BAA_NONE;
}

/* BAA-AMB-39: the reserve's command counter, else its control counter. */
static const MuCounter *
reserve_leader (const BaaMatch *m, const MuReserve *r)
{
  const MuCounter *control = NULL;

  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);
      if (c->place.kind != MU_PLACE_RESERVE || g_strcmp0 (c->place.reserve, r->id) != 0)
        continue;
      if (c->kind == MU_COUNTER_COMMAND)
        return c;
      if (c->kind == MU_COUNTER_CONTROL && control == NULL)
        control = c;
    }
  return control;
}

static void
rest_roll (BaaMatch *m, GPtrArray *events, const char *subject, GPtrArray *units)
{
  gboolean rested;

  /* BAA-RES-4, BAA-AMB-40: 5-6 rested, otherwise fatigued */
  baa_roll (m, events, NC_("event text", "march-rest"), subject, NULL, 0, MU_ROLL_AT_LEAST, 5,
            "BAA-RES-4", &rested);
  if (rested || !m->opt_fatigue)
    return;
  for (guint i = 0; i < units->len; i++)
    {
      BaaUnit *u = g_ptr_array_index (units, i);
      if (!u->fatigued)
        {
          u->fatigued = TRUE;
          u->rest_streak = 0;
          marker (m, events, TRUE, u->def->id, "fatigued", "BAA-RES-4");
        }
    }
}

static void
reserves_arrive (BaaMatch *m, GPtrArray *events)
{
  for (guint i = 0; m->opt_reserves && i < m->scenario->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (m->scenario->reserves, i);
      gboolean ok = TRUE;
      gboolean march = r->kind == MU_RESERVE_FLANK_MARCH || r->kind == MU_RESERVE_OUT_CIRCLING;
      MuEvent *e;

      if (g_hash_table_contains (m->reserves_done, r->id) || r->bound > m->bound ||
          side_of (m, r->side) == BAA_NONE)
        continue;
      if (march)
        {
          if (m->night)
            continue;   /* BAA-RES-4: from the first dawn bound onward */
          baa_roll (m, events, NC_("event text", "march"), r->id, NULL, 0, MU_ROLL_AT_LEAST,
                    baa_common_march_need (r->kind), "BAA-RES-4", &ok);
        }
      else if (r->arrival == MU_ARRIVAL_ROLL)
        {
          const MuCounter *leader = reserve_leader (m, r);
          /* New ambiguity (BAA-RES-1, BAA-AMB-39): the scenario's `roll`
           * is the value to roll equal or under; without one the leader's
           * leadership; a reserve with neither arrives on anything but a
           * night-modified 6. */
          int target = r->roll > 0 ? r->roll : leader ? mu_counter_get_int (leader, "leadership") : 6;
          baa_roll (m, events, NC_("event text", "reserve"), r->id, leader ? leader->id : NULL,
                    m->night ? 1 : 0,
                    MU_ROLL_AT_MOST, target, "BAA-RES-1", &ok);
        }
      if (!ok)
        {
          e = baa_event (m, events, &baa_ev_reserve_delayed, r->id, march ? "BAA-RES-4" : "BAA-RES-1");
          mu_event_set_side (e, r->side);
          continue;
        }
      g_hash_table_add (m->reserves_done, r->id);
      e = baa_event (m, events, &baa_ev_reserve_arrived, r->id, march ? "BAA-RES-4" : "BAA-RES-1");
      mu_event_set_side (e, r->side);
      if (march)
        {
          g_autoptr(GPtrArray) units = g_ptr_array_new ();
          FOR_UNITS (m, u)
            if (u->status == BAA_UNIT_OFFBOARD_RESERVE && g_strcmp0 (u->reserve, r->id) == 0)
              g_ptr_array_add (units, u);
          rest_roll (m, events, r->id, units);
        }
    }

  /* divisions on a tactical march after readdressing lines (BAA-DAY-4) */
  FOR_CDRS (m, c)
    {
      gboolean ok;
      g_autoptr(GPtrArray) units = NULL;
      MuEvent *e;

      if (c->march_kind == 0 || c->status != BAA_CDR_OFFBOARD || m->night)
        continue;
      baa_roll (m, events, NC_("event text", "march"), c->def->id, NULL, 0, MU_ROLL_AT_LEAST,
                baa_common_march_need (c->march_kind == 1 ? MU_RESERVE_FLANK_MARCH : MU_RESERVE_OUT_CIRCLING),
                "BAA-RES-4", &ok);
      if (!ok)
        {
          e = baa_event (m, events, &baa_ev_reserve_delayed, c->def->id, "BAA-RES-4");
          mu_event_set_side (e, m->side_id[c->side]);
          continue;
        }
      c->march_kind = 0;
      e = baa_event (m, events, &baa_ev_reserve_arrived, c->def->id, "BAA-RES-4");
      mu_event_set_side (e, m->side_id[c->side]);
      units = g_ptr_array_new ();
      FOR_UNITS (m, u)
        if (u->status == BAA_UNIT_TACTICAL_MARCH && u->side == c->side &&
            u->identity == c->division)
          {
            u->status = BAA_UNIT_OFFBOARD_RESERVE;
            g_ptr_array_add (units, u);
          }
      rest_roll (m, events, c->def->id, units);
    }
}

static gboolean
unit_arrived (const BaaMatch *m, const BaaUnit *u)
{
  return u->status == BAA_UNIT_OFFBOARD_RESERVE &&
         ((u->reserve && g_hash_table_contains (m->reserves_done, u->reserve)) || u->march_edge);
}

static gboolean
cdr_arrived (const BaaMatch *m, const BaaCommander *c)
{
  return c->status == BAA_CDR_OFFBOARD && c->march_kind == 0 &&
         ((c->reserve && g_hash_table_contains (m->reserves_done, c->reserve)) || c->march_edge);
}

static gboolean
side_has_arrivals (const BaaMatch *m, int side)
{
  FOR_UNITS (m, u)
    if (u->side == side && unit_arrived (m, u))
      return TRUE;
  FOR_CDRS (m, c)
    if (c->side == side && cdr_arrived (m, c))
      return TRUE;
  return FALSE;
}

void
baa_bound_start (BaaMatch *m, GPtrArray *events)
{
  int minutes = mu_rules_bound_minutes (&m->scenario->timeline, m->bound);
  gboolean night = is_night_bound (m, m->bound);
  MuEvent *e;

  e = baa_event (m, events, mu_event_kind_info (MU_EVENT_BOUND), NULL, "BAA-SEQ-5");
  e->value = m->bound;
  e->text = mu_minutes_to_string (minutes);
  if (night != m->night)
    {
      e = baa_event (m, events, &baa_ev_night, NULL, "BAA-NGT-1");
      e->value = night;
    }
  m->night = night;
  /* BAA-NGT-4, BAA-AMB-37: the first daylight bound after night fighting */
  if (m->was_night && !night)
    FOR_UNITS (m, u)
      {
        if (u->fought_at_night && u->status == BAA_UNIT_ACTIVE && !u->fatigued && m->opt_fatigue)
          {
            u->fatigued = TRUE;
            u->rest_streak = 0;
            marker (m, events, TRUE, u->def->id, "fatigued", "BAA-NGT-4");
          }
        u->fought_at_night = FALSE;
      }
  m->was_night = night;
  reserves_arrive (m, events);
  m->reserve_step_side = side_has_arrivals (m, 0) ? 0 : side_has_arrivals (m, 1) ? 1 : BAA_NONE;
}

gboolean
baa_reserve_step_may_move (const BaaMatch *m, const BaaUnit *u, const BaaCommander *c)
{
  if (m->phase != BAA_PHASE_BOUND_START || m->reserve_step_side == BAA_NONE)
    return FALSE;
  if (u)
    return u->side == m->reserve_step_side && unit_arrived (m, u);
  if (!c || c->side != m->reserve_step_side || !cdr_arrived (m, c))
    return FALSE;
  /* BAA-RES-2: the reserve's commanders move after its units */
  FOR_UNITS (m, x)
    if (x->side == c->side && unit_arrived (m, x) &&
        ((c->reserve && g_strcmp0 (x->reserve, c->reserve) == 0) ||
         (c->march_edge && x->identity == c->division)))
      return FALSE;
  return TRUE;
}

void
baa_reserve_step_commands (BaaMatch *m, GPtrArray *out)
{
  FOR_UNITS (m, u)
    if (baa_reserve_step_may_move (m, u, NULL))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, u, NULL, FALSE);
        for (guint i = 0; i < d->len; i++)
          {
            GArray *p = g_ptr_array_index (d, i);
            g_ptr_array_add (out, baa_command_new_move (BAA_COMMAND_MOVE, u->def->id,
                                                       (MuHex *) p->data, p->len));
          }
      }
  FOR_CDRS (m, c)
    if (baa_reserve_step_may_move (m, NULL, c))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, NULL, c, FALSE);
        for (guint i = 0; i < d->len; i++)
          {
            GArray *p = g_ptr_array_index (d, i);
            g_ptr_array_add (out, baa_command_new_move (BAA_COMMAND_MOVE, c->def->id,
                                                       (MuHex *) p->data, p->len));
          }
      }
}

gboolean
baa_reserve_step_has_choices (BaaMatch *m)
{
  FOR_UNITS (m, u)
    if (baa_reserve_step_may_move (m, u, NULL))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, u, NULL, FALSE);
        if (d->len)
          return TRUE;
      }
  FOR_CDRS (m, c)
    if (baa_reserve_step_may_move (m, NULL, c))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, NULL, c, FALSE);
        if (d->len)
          return TRUE;
      }
  return FALSE;
}

/* Counters that did not move are set down on their first free entry hex;
 * with no room they wait for the next bound. A unit set down where enemy
 * commanders stand has entered their hex (BAA-MOV-11, BAA-CDR-9): an evade
 * decision that opens stops the placing until it is answered (FALSE). */
static gboolean
place_remaining (BaaMatch *m, int side, GPtrArray *events)
{
  FOR_UNITS (m, u)
    if (u->side == side && unit_arrived (m, u))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, u, NULL, FALSE);
        for (guint i = 0; i < d->len; i++)
          {
            GArray *p = g_ptr_array_index (d, i);
            if (p->len == 1)
              {
                MuEvent *e = baa_event (m, events, &baa_ev_entered, u->def->id, "BAA-RES-2");
                u->status = BAA_UNIT_ACTIVE;
                u->hex = g_array_index (p, MuHex, 0);
                e->to = mu_pos_from_hex (u->hex);
                baa_match_invalidate (m);
                baa_move_settle (m, u, u->hex, FALSE, events);
                break;
              }
          }
        if (m->pending.kind != BAA_DECISION_NONE)
          return FALSE;
      }
  FOR_CDRS (m, c)
    if (c->side == side && cdr_arrived (m, c))
      {
        g_autoptr(GPtrArray) d = baa_move_destinations (m, NULL, c, FALSE);
        for (guint i = 0; i < d->len; i++)
          {
            GArray *p = g_ptr_array_index (d, i);
            if (p->len == 1)
              {
                MuEvent *e = baa_event (m, events, &baa_ev_entered, c->def->id, "BAA-RES-2");
                c->status = BAA_CDR_ACTIVE;
                c->hex = g_array_index (p, MuHex, 0);
                e->to = mu_pos_from_hex (c->hex);
                baa_match_invalidate (m);
                break;
              }
          }
      }
  return TRUE;
}

gboolean
baa_reserve_step_next (BaaMatch *m, GPtrArray *events)
{
  int side = m->reserve_step_side;

  if (side == BAA_NONE)
    return FALSE;
  if (!place_remaining (m, side, events))
    return TRUE;   /* the evade decision first; the step ends after it */
  /* BAA-RES-2/3: the free move is extra; normal play follows */
  FOR_UNITS (m, u)
    u->moved_this_round = FALSE;
  FOR_CDRS (m, c)
    c->moved_this_round = FALSE;
  if (side == 0 && side_has_arrivals (m, 1))
    {
      m->reserve_step_side = 1;
      return TRUE;
    }
  m->reserve_step_side = BAA_NONE;
  return FALSE;
}

/* Rest and fatigue (BAA-FAT-2, BAA-NGT-4) ---------------------------------------------------- */

static void
rest_bounds (BaaMatch *m, BaaUnit *u, int bounds, GPtrArray *events)
{
  gboolean recovered = baa_common_rest (&u->rest_streak, &u->fatigued, bounds);

  if (recovered || u->rest_streak >= BAA_REST_BOUNDS)
    u->fought_at_night = FALSE;   /* BAA-AMB-37 */
  if (recovered)
    marker (m, events, FALSE, u->def->id, "fatigued", "BAA-FAT-2");
}

/* Readdressing lines (BAA-DAY-*) ------------------------------------------------------------------ */

static int
enemy_distance (const BaaMatch *m, MuHex hex, int side)
{
  int best = G_MAXINT;

  FOR_UNITS (m, e)
    if (e->side != side && e->status == BAA_UNIT_ACTIVE)
      best = MIN (best, mu_hex_distance (m->grid, hex, e->hex));
  return best;
}

static gboolean
day_exempt (const BaaMatch *m, const BaaUnit *u)
{
  const MuHexCell *c = baa_hex_cell (m, u->hex);

  if (c == NULL)
    return FALSE;
  /* BAA-DAY-2: settlement, woodland, defensive obstacle, fortification */
  if (c->terrain == MU_TERRAIN_SETTLEMENT || c->terrain == MU_TERRAIN_WOODLAND)
    return TRUE;
  if (c->features & (MU_HEX_FEATURE_FORTIFICATION | MU_HEX_FEATURE_FORTIFIED_BUILDING |
                     MU_HEX_FEATURE_PREPARED_DEFENCE | MU_HEX_FEATURE_BUILDINGS))
    return TRUE;
  for (int d = 0; d < 6; d++)
    if (baa_hexside (m, u->hex, d) & (MU_SIDE_HEDGE | MU_SIDE_WALL | MU_SIDE_FORTIFICATION))
      return TRUE;
  return FALSE;
}

/* BAA-DAY-2, BAA-AMB-41: the withdrawal steps open to a side, as answers
 * "UNIT HEX": each unsafe (enemy within distance 3), non-exempt unit may
 * step to a neighbour farther from the nearest enemy unit that is passable,
 * free of enemy counters and not already holding two friendly units. The
 * owner chooses which unit and which hex. The first answer is the choice
 * the engine used to make by itself, kept as the simulator's policy: the
 * first such unit in order of battle, to the neighbour that leaves it
 * farthest away (the first of equals, clockwise from north). */
static GPtrArray *
day_withdraw_answers (const BaaMatch *m, int side)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  FOR_UNITS (m, u)
    {
      int now, best = -1, dists[6];
      MuHex to[6];

      if (u->side != side || u->status != BAA_UNIT_ACTIVE || day_exempt (m, u))
        continue;
      now = enemy_distance (m, u->hex, side);
      if (now >= 4)
        continue;
      for (int d = 0; d < 6; d++)
        {
          MuHex n = mu_hex_neighbour (m->grid, u->hex, d);
          to[d] = n;
          dists[d] = -1;
          if (!baa_hex_on_board (m, n) || baa_hex_impassable (m, n, u->def) ||
              baa_units_at (m, n, 1 - side, NULL, 0) || baa_commanders_at (m, n, 1 - side, NULL, 0) ||
              baa_units_at (m, n, side, NULL, 0) >= 2)
            continue;
          if (enemy_distance (m, n, side) > now)
            {
              dists[d] = enemy_distance (m, n, side);
              if (best < 0 || dists[d] > dists[best])
                best = d;
            }
        }
      if (best < 0)
        continue;
      g_ptr_array_add (out, g_strdup_printf ("%s %s", u->def->id, baa_hex_label (m, to[best])));
      for (int d = 0; d < 6; d++)
        if (d != best && dists[d] >= 0)
          g_ptr_array_add (out, g_strdup_printf ("%s %s", u->def->id, baa_hex_label (m, to[d])));
    }
  return out;
}

/* Opens the next withdrawal decision (BAA-DAY-2): `side` if it has a step
 * to take, else the other side; nothing when neither has. */
static void
day_withdraw_open (BaaMatch *m, int side, GPtrArray *events)
{
  if (m->day == NULL || m->day->withdraw_steps >= 10000)
    return;
  for (int k = 0; k < 2; k++)
    {
      int s = k == 0 ? side : 1 - side;
      g_autoptr(GPtrArray) answers = day_withdraw_answers (m, s);
      g_autofree char *q = NULL;
      g_autofree char *shown = NULL;

      if (answers->len == 0)
        continue;
      mu_rules_question (&q, &shown, N_("readdressing lines: %s moves one unit one hex away from "
                                          "the enemy (choose UNIT HEX, BAA-DAY-2)"), m->side_id[s]);
      baa_decision_open_hexes (m, BAA_DECISION_DAY_WITHDRAW, s, q, shown, NULL, events);
      g_ptr_array_unref (m->pending.answers);
      m->pending.answers = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < answers->len; i++)
        g_ptr_array_add (m->pending.answers, g_strdup (g_ptr_array_index (answers, i)));
      g_ptr_array_add (m->pending.answers, NULL);
      return;
    }
}

/* Answers a withdrawal decision: "UNIT HEX", one of the listed steps. */
static gboolean
day_withdraw_choose (BaaMatch *m, const char *answer, GPtrArray *events, GError **error)
{
  BaaDecision *d = &m->pending;
  g_auto(GStrv) w = g_strsplit (answer, " ", -1);
  gboolean listed = FALSE;
  BaaUnit *u;
  MuHex to;
  MuEvent *e;
  int side = d->side;

  for (guint i = 0; d->answers && i < d->answers->len; i++)
    listed |= g_strcmp0 (g_ptr_array_index (d->answers, i), answer) == 0;
  if (!listed || g_strv_length (w) != 2)
    return baa_refuse (error, "BAA-DAY-2",
                       "“%s” is not a withdrawal step open to %s: choose UNIT HEX, a unit within 3 hexes "
                       "of the enemy stepping one hex farther away", answer, m->side_id[side]);
  u = baa_match_find_unit (m, w[0]);
  if (u == NULL || !mu_hex_parse (w[1], &to))
    return baa_refuse (error, "BAA-DAY-2", "“%s” is not a withdrawal step", answer);
  baa_decision_clear (m);
  e = baa_event (m, events, &baa_ev_move, u->def->id, "BAA-DAY-2");
  mu_event_set_text (e, NC_("event text", "readdress"));
  e->from = mu_pos_from_hex (u->hex);
  e->to = mu_pos_from_hex (to);
  e->value = 1;
  u->hex = to;
  baa_match_invalidate (m);
  m->day->withdraw_steps++;
  /* BAA-AMB-41: the sides alternate; a side with no step left passes */
  day_withdraw_open (m, 1 - side, events);
  return TRUE;
}

void
baa_day_free (BaaMatch *m)
{
  if (m->day == NULL)
    return;
  g_clear_pointer (&m->day->rolled, g_hash_table_unref);
  g_clear_pointer (&m->day, g_free);
}

void
baa_day_copy (const BaaMatch *from, BaaMatch *to)
{
  GHashTableIter it;
  gpointer key;

  to->day = NULL;
  if (from->day == NULL)
    return;
  to->day = g_memdup2 (from->day, sizeof *from->day);
  if (from->day->rolled == NULL)
    return;
  /* keyed by control counter: the copy's own */
  to->day->rolled = g_hash_table_new (NULL, NULL);
  g_hash_table_iter_init (&it, from->day->rolled);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (to->day->rolled,
                      g_ptr_array_index (to->commanders, ((BaaCommander *) key)->index));
}

void
baa_bound_end (BaaMatch *m, GPtrArray *events)
{
  /* BAA-FAT-2, BAA-AMB-38 */
  FOR_UNITS (m, u)
    {
      if (u->status == BAA_UNIT_ACTIVE)
        {
          if (!u->acted_this_bound && !u->targeted_this_bound)
            rest_bounds (m, u, 1, events);
          else
            u->rest_streak = 0;
        }
      u->acted_this_bound = FALSE;
      u->targeted_this_bound = FALSE;
    }
  if (m->opt_days && m->bound == m->scenario->timeline.darkness_bound && m->bound < m->last_bound &&
      !m->finished)
    {
      MuEvent *e = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), NULL, "BAA-DAY-1");
      mu_event_set_text (e, NC_("event text", "complete-darkness"));
      if (m->day == NULL)
        m->day = g_new0 (BaaDay, 1);
      if (m->day->rolled == NULL)
        m->day->rolled = g_hash_table_new (NULL, NULL);
      g_hash_table_remove_all (m->day->rolled);
      m->day->step = 1;
      m->day->withdraw_steps = 0;
      m->active = 0;
      /* BAA-DAY-2, BAA-AMB-41: the players withdraw one unit one hex at a
       * time, alternating, CSA (the first side) first; the control rolls
       * (BAA-DAY-3/4) wait until no unit has a step left */
      day_withdraw_open (m, 0, events);
    }
}

int
baa_next_bound (BaaMatch *m, int bound, GPtrArray *events)
{
  int next = bound + 1;

  if (m->opt_days && bound == m->scenario->timeline.darkness_bound)
    {
      int skipped;
      while (next <= m->last_bound && is_night_bound (m, next))
        next++;
      skipped = next - bound - 1;
      /* BAA-AMB-41: the dark interval counts as rest */
      if (skipped > 0)
        FOR_UNITS (m, u)
          if (u->status == BAA_UNIT_ACTIVE)
            rest_bounds (m, u, skipped, events);
    }
  return next;
}

static gboolean
day_active (const BaaMatch *m)
{
  return m->phase == BAA_PHASE_BOUND_END && m->day && m->day->step > 0;
}

static GArray *
own_lines (const BaaMatch *m, int side)
{
  for (guint i = 0; i < m->scenario->own_lines->len; i++)
    {
      const MuSideArea *a = g_ptr_array_index (m->scenario->own_lines, i);
      if (g_strcmp0 (a->side, m->side_id[side]) == 0)
        return a->hexes;
    }
  return NULL;
}

static gboolean
place_ok (const BaaMatch *m, const char *id, MuHex hex, GError **error)
{
  BaaUnit *u = baa_match_find_unit (m, id);
  BaaCommander *c = u ? NULL : baa_match_find_commander (m, id);
  int side = u ? u->side : c ? c->side : BAA_NONE;
  GArray *lines;
  gboolean inside = FALSE;

  if (side == BAA_NONE)
    return baa_refuse (error, baa_command_rule (BAA_COMMAND_PLACE), "no counter “%s”", id);
  lines = own_lines (m, side);
  for (guint i = 0; lines && i < lines->len; i++)
    inside |= mu_hex_equal (g_array_index (lines, MuHex, i), hex);
  if (!inside)
    return baa_refuse (error, "BAA-DAY-3", "%s cannot be placed at %s: not behind its own lines", id,
                       baa_hex_label (m, hex));
  if (baa_hex_impassable (m, hex, u ? u->def : c->def) || baa_units_at (m, hex, 1 - side, NULL, 0) ||
      baa_commanders_at (m, hex, 1 - side, NULL, 0))
    return baa_refuse (error, "BAA-DAY-3", "%s cannot be placed at %s: impassable or enemy there", id,
                       baa_hex_label (m, hex));
  if (u && !mu_hex_equal (u->hex, hex) && baa_units_at (m, hex, side, NULL, 0) >= 2)
    return baa_refuse (error, "BAA-STK-1", "%s cannot be placed at %s: two units there already", id,
                       baa_hex_label (m, hex));
  return TRUE;
}

const MuCommand *
baa_day_policy_hint (gpointer state, GPtrArray *legal)
{
  BaaMatch *m = state;

  /* BAA-DAY-2: a computer player withdraws the first unsafe unit in order
   * of battle to the hex farthest from the enemy: the first answer listed
   * (day_withdraw_answers), the first legal command */
  if (m->pending.kind == BAA_DECISION_DAY_WITHDRAW && legal->len)
    return g_ptr_array_index (legal, 0);
  return NULL;
}

void
baa_day_commands (BaaMatch *m, GPtrArray *out)
{
  int side = m->active;

  if (!day_active (m))
    return;
  for (guint i = 0; m->reposition && i < m->reposition->len; i++)
    {
      const char *id = g_ptr_array_index (m->reposition, i);
      GArray *lines = own_lines (m, side);
      for (guint j = 0; lines && j < lines->len; j++)
        {
          MuHex h = g_array_index (lines, MuHex, j);
          if (place_ok (m, id, h, NULL))
            {
              BaaCommand *c = baa_command_new (BAA_COMMAND_PLACE);
              c->unit = g_strdup (id);
              baa_command_add_hex (c, h);
              g_ptr_array_add (out, c);
            }
        }
    }
  FOR_CDRS (m, k)
    {
      if (!k->is_control || k->side != side || k->status != BAA_CDR_ACTIVE ||
          g_hash_table_contains (m->day->rolled, k))
        continue;
      FOR_CDRS (m, c)
        {
          BaaCommand *x;
          if (c->is_control || c->side != side || c->status != BAA_CDR_ACTIVE)
            continue;
          if (own_lines (m, side))
            g_ptr_array_add (out, baa_command_new_attack (BAA_COMMAND_REPOSITION, k->def->id, c->def->id));
          x = baa_command_new_attack (BAA_COMMAND_MARCH, k->def->id, c->def->id);
          x->answer = g_strdup ("flank");
          g_ptr_array_add (out, x);
          x = baa_command_new_attack (BAA_COMMAND_MARCH, k->def->id, c->def->id);
          x->answer = g_strdup ("rear");
          g_ptr_array_add (out, x);
        }
    }
}

gboolean
baa_day_has_choices (BaaMatch *m)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);

  if (!day_active (m))
    return FALSE;
  baa_day_commands (m, out);
  return out->len > 0;
}

gboolean
baa_day_next (BaaMatch *m, GPtrArray *events)
{
  if (!day_active (m))
    return FALSE;
  g_clear_pointer (&m->reposition, g_ptr_array_unref);
  if (m->day->step == 1)
    {
      m->day->step = 2;
      m->active = 1;
      g_hash_table_remove_all (m->day->rolled);
      return TRUE;
    }
  m->day->step = 0;
  m->active = 0;
  return FALSE;
}

/* The edge a tactical march enters by: behind the enemy (rear) or on the
 * enemy's flank, from the two sides' centres of mass. New ambiguity
 * (BAA-RES-4, BAA-AMB-40): "the enemy flank or rear edge" is taken as the
 * board edge beyond the enemy's centre (rear), or the edge across the
 * line between the armies nearer the enemy's centre (flank). */
static char
march_edge (const BaaMatch *m, int side, gboolean rear)
{
  double cx[2] = { 0, 0 }, cy[2] = { 0, 0 };
  int n[2] = { 0, 0 };
  double dx, dy;

  FOR_UNITS (m, u)
    if (u->status == BAA_UNIT_ACTIVE)
      {
        cx[u->side] += u->hex.col;
        cy[u->side] += u->hex.row;
        n[u->side]++;
      }
  for (int s = 0; s < 2; s++)
    if (n[s])
      {
        cx[s] /= n[s];
        cy[s] /= n[s];
      }
  dx = cx[1 - side] - cx[side];
  dy = cy[1 - side] - cy[side];
  if (ABS (dx) >= ABS (dy))
    {
      if (rear)
        return dx >= 0 ? 'e' : 'w';
      return cy[1 - side] < m->grid->rows / 2.0 ? 'n' : 's';
    }
  if (rear)
    return dy >= 0 ? 's' : 'n';
  return cx[1 - side] < m->grid->cols / 2.0 ? 'w' : 'e';
}

gboolean
baa_day_command (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events, GError **error)
{
  int side = m->active;
  BaaCommander *k, *c;
  gboolean ok;

  if (!day_active (m))
    return baa_refuse (error, "BAA-DAY-1", "readdressing lines happens only after complete darkness");
  if (cmd->kind == BAA_COMMAND_PLACE)
    {
      const MuPos *p = &g_array_index (cmd->path, MuPos, 0);
      BaaUnit *u;
      gboolean listed = FALSE;
      MuEvent *e;

      for (guint i = 0; m->reposition && i < m->reposition->len; i++)
        listed |= g_strcmp0 (g_ptr_array_index (m->reposition, i), cmd->unit) == 0;
      if (!listed)
        return baa_refuse (error, "BAA-DAY-3", "%s is not part of a successful reposition", cmd->unit);
      if (p->is_point || !place_ok (m, cmd->unit, p->hex, error))
        return FALSE;
      u = baa_match_find_unit (m, cmd->unit);
      c = u ? NULL : baa_match_find_commander (m, cmd->unit);
      e = baa_event (m, events, &baa_ev_move, cmd->unit, "BAA-DAY-3");
      mu_event_set_text (e, NC_("event text", "reposition"));
      e->from = mu_pos_from_hex (u ? u->hex : c->hex);
      e->to = mu_pos_from_hex (p->hex);
      if (u)
        u->hex = p->hex;
      else
        c->hex = p->hex;
      for (guint i = 0; i < m->reposition->len; i++)
        if (g_strcmp0 (g_ptr_array_index (m->reposition, i), cmd->unit) == 0)
          {
            g_ptr_array_remove_index (m->reposition, i);
            break;
          }
      baa_match_invalidate (m);
      return TRUE;
    }
  k = baa_match_find_commander (m, cmd->unit);
  c = baa_match_find_commander (m, cmd->target);
  if (k == NULL || !k->is_control || k->side != side || k->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-DAY-3", "%s is not an active control counter of the side readdressing",
                       cmd->unit);
  if (g_hash_table_contains (m->day->rolled, k))
    return baa_refuse (error, "BAA-DAY-3", "%s has made its control roll", cmd->unit);
  if (c == NULL || c->is_control || c->side != side || c->status != BAA_CDR_ACTIVE)
    return baa_refuse (error, "BAA-AMB-41", "%s is not an active friendly command counter", cmd->target);
  if (cmd->kind == BAA_COMMAND_REPOSITION && own_lines (m, side) == NULL)
    return baa_refuse (error, "BAA-DAY-3", "the scenario names no hexes behind %s lines",
                       m->side_id[side]);
  g_hash_table_add (m->day->rolled, k);
  if (cmd->kind == BAA_COMMAND_REPOSITION)
    {
      baa_roll (m, events, NC_("event text", "reposition"), k->def->id, c->def->id, 0, MU_ROLL_AT_MOST,
                k->leadership, "BAA-DAY-3", &ok);
      if (ok)
        {
          g_clear_pointer (&m->reposition, g_ptr_array_unref);
          m->reposition = g_ptr_array_new ();
          g_ptr_array_add (m->reposition, (char *) k->def->id);
          g_ptr_array_add (m->reposition, (char *) c->def->id);
          FOR_UNITS (m, u)
            if (u->side == side && u->status == BAA_UNIT_ACTIVE && u->identity == c->division)
              g_ptr_array_add (m->reposition, (char *) u->def->id);
        }
      return TRUE;
    }
  /* BAA-DAY-4: d6 + 1 <= leadership */
  baa_roll (m, events, NC_("event text", "march"), k->def->id, c->def->id, 1, MU_ROLL_AT_MOST,
            k->leadership,
            "BAA-DAY-4", &ok);
  if (ok)
    {
      gboolean rear = g_strcmp0 (cmd->answer, "rear") == 0;
      char edge = march_edge (m, side, rear);
      MuEvent *e = baa_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), c->def->id, "BAA-DAY-4");

      mu_event_set_text (e, rear ? NC_("event text", "march-rear") : NC_("event text", "march-flank"));
      c->status = BAA_CDR_OFFBOARD;
      c->march_kind = rear ? 2 : 1;
      c->march_edge = edge;
      c->has_orders = FALSE;
      FOR_UNITS (m, u)
        if (u->side == side && u->status == BAA_UNIT_ACTIVE && u->identity == c->division)
          {
            u->status = BAA_UNIT_TACTICAL_MARCH;
            u->march_edge = edge;
            u->reserve = NULL;
            u->pinned = FALSE;
            u->nic = FALSE;
          }
      baa_match_invalidate (m);
    }
  return TRUE;
}

gboolean
baa_day_choose (BaaMatch *m, const char *answer, GPtrArray *events, GError **error)
{
  if (m->pending.kind == BAA_DECISION_DAY_WITHDRAW && m->day)
    return day_withdraw_choose (m, answer, events, error);
  return baa_refuse (error, "BAA-DAY-2", "no readdressing decision is pending");
}
