/* mn-acw-turn.c: set-up and the game turn of Morale Napoleon ACW (§2):
 * initiative (MN-INI-1), the activation dice as the side's resource
 * (MN-ACT-1), the Move and Battle steps of each player-turn, the end of
 * the turn, game length and victory (MN-AMB-81, MN-AMB-82). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static gboolean
event_invariants (gpointer match, GError **error)
{
  return mn_check_invariants (match, error);
}

MuEvent *
mn_event (MnMatch *m, GPtrArray *events, const MuEventKindInfo *kind, const char *subject,
          const char *rule)
{
  return mu_rules_event (events, kind, subject, rule, m->check_events, &m->event_failure,
                         event_invariants, m);
}

/* Every command names its units by id, and the legal commands try
 * hundreds of commands after each one: the first unit of each id by its
 * index, built once the units are. */
static void
index_units (MnMatch *m)
{
  m->unit_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < m->units->len; i++)
    {
      const MnUnit *u = g_ptr_array_index (m->units, i);

      if (u->def->id && !g_hash_table_contains (m->unit_index, u->def->id))
        g_hash_table_insert (m->unit_index, (gpointer) u->def->id, GUINT_TO_POINTER (i));
    }
}

MnUnit *
mn_find_unit (const MnMatch *m, const char *id)
{
  gpointer at;

  if (id != NULL && m->unit_index != NULL)
    return g_hash_table_lookup_extended (m->unit_index, id, NULL, &at) ?
           g_ptr_array_index (m->units, GPOINTER_TO_UINT (at)) : NULL;
  MN_FOR_UNITS (m, u)
    if (g_strcmp0 (u->def->id, id) == 0)
      return u;
  return NULL;
}

int
mn_active_side (const MnMatch *m)
{
  return m->order[m->turn_side];
}

int
mn_side_index (const MnMatch *m, const char *side)
{
  for (int s = 0; s < MN_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return MN_NONE;
}

/* §1.1, MN-AMB-85: the unit's `type`; a scenario without one takes it from
 * the arm (artillery as foot artillery), which the checker is to refuse
 * where they disagree. */
static MnType
unit_type (const MuRuleset *ruleset, const MuCounter *c)
{
  const MuFieldInfo *f = mu_ruleset_find_field (ruleset, "type");
  g_autofree char *v = f ? mu_counter_get_field (c, f) : NULL;

  if (c->kind != MU_COUNTER_UNIT)
    return MN_TYPE_LEADER;
  if (g_strcmp0 (v, "inf") == 0)
    return MN_TYPE_INF;
  if (g_strcmp0 (v, "cav") == 0)
    return MN_TYPE_CAV;
  if (g_strcmp0 (v, "foot-art") == 0)
    return MN_TYPE_FOOT_ART;
  if (g_strcmp0 (v, "horse-art") == 0)
    return MN_TYPE_HORSE_ART;
  return c->arm == MU_ARM_CAVALRY ? MN_TYPE_CAV : c->arm == MU_ARM_ARTILLERY ? MN_TYPE_FOOT_ART
                                                                              : MN_TYPE_INF;
}

/* Set-up ------------------------------------------------------------------------------- */

static void start_turn (MnMatch *m, GPtrArray *events);

MnMatch *
mn_match_new (const MuRuleset *ruleset, const MuScenario *s, MuDice *dice, GPtrArray *events,
              GError **error)
{
  MnMatch *m;

  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->sides->len < 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "mn-acw needs a table and two sides");
      return NULL;
    }
  m = g_new0 (MnMatch, 1);
  m->scenario = s;
  m->ruleset = ruleset;
  m->table = s->table;
  m->dice = dice;
  m->side_id[0] = ((MuSide *) g_ptr_array_index (s->sides, 0))->id;
  m->side_id[1] = ((MuSide *) g_ptr_array_index (s->sides, 1))->id;
  m->order[0] = 0;
  m->order[1] = 1;
  m->terrain = mu_terrain_index_new (s->table);
  mn_numbers_init (&m->num);
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->pairs = g_array_new (FALSE, TRUE, sizeof (MnPair));
  m->fires = g_array_new (FALSE, TRUE, sizeof (MnFire));
  m->areas = mu_table_state_new (s->table);
  m->bua_defence = mu_scenario_option_number (s, "mn.bua-defence", 3);
  m->activation_dice = mu_scenario_option_number (s, "mn.activation-dice", 2);

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      MnUnit *u;
      int side = mn_side_index (m, c->side);

      if (side == MN_NONE)
        continue;
      u = g_new0 (MnUnit, 1);
      u->def = c;
      u->side = side;
      u->type = unit_type (ruleset, c);
      u->attached = MN_NONE;
      u->left = MN_NONE;
      u->status = MN_STATUS_ACTIVE;
      u->form = MN_FORM_LINE;
      u->bases = u->type == MN_TYPE_LEADER ? 1 : CLAMP (c->strength, 0, MU_STANDS_MAX);
      if (u->type != MN_TYPE_LEADER)
        mn_form_parse (mu_counter_formation (ruleset, c), &u->form);
      u->facing = isfinite (c->place.facing) ? c->place.facing : 0;
      if (c->place.kind == MU_PLACE_TABLE && isfinite (c->place.pos.x) && isfinite (c->place.pos.y))
        {
          /* TAB-5, MN-AMB-43: format-1 files record the footprint's centre,
           * which is the centre base's; laid out as the checker does */
          if (u->type == MN_TYPE_LEADER)
            u->n_stands = mu_table_counter_stands (s->table, c, NULL, MU_FORMATION_LINE, 1, c->place.pos,
                                                   u->facing, u->stands, MU_STANDS_MAX);
          else
            u->n_stands = mu_scenario_counter_stands (s, c, mn_form_id (u->form), u->bases, c->place.pos,
                                                      u->facing, u->stands, MU_STANDS_MAX);
        }
      if (u->n_stands > 0)
        {
          u->width = u->stands[0].width;
          u->depth = u->stands[0].depth;
        }
      else
        mu_table_base_size (s->table, u->type == MN_TYPE_LEADER ? MU_ARM_INFANTRY : c->arm, &u->width,
                            &u->depth);
      if (u->type != MN_TYPE_LEADER && u->bases == 0)
        u->status = MN_STATUS_DESTROYED;
      g_ptr_array_add (m->units, u);
    }
  index_units (m);
  m->los_memo = mu_los_memo_new ();
  mn_attach_at_setup (m);
  m->bound = s->timeline.first_bound > 0 ? s->timeline.first_bound : 1;
  m->last_bound = m->bound + MAX (s->timeline.bounds, 1) - 1;
  m->winner = MN_NONE;
  mn_event (m, events, mu_event_kind_info (MU_EVENT_MATCH_START), "mn-acw", NULL);
  start_turn (m, events);
  return m;
}

MnMatch *
mn_match_copy (const MnMatch *o, MuDice *dice)
{
  MnMatch *m = g_new0 (MnMatch, 1);

  *m = *o;
  m->dice = dice;
  m->terrain = mu_terrain_index_new (o->table);
  m->units = g_ptr_array_new_with_free_func (g_free);
  MN_FOR_UNITS (o, u)
    g_ptr_array_add (m->units, g_memdup2 (u, sizeof *u));
  index_units (m);
  /* the copy has its own terrain index: its own memo */
  m->los_memo = mu_los_memo_new ();
  m->may_activate = NULL;
  m->pairs = g_array_copy (o->pairs);
  mn_decision_copy (&o->decision, &m->decision);
  m->fires = g_array_copy (o->fires);
  m->areas = mu_table_state_copy (o->areas);
  m->event_failure = g_strdup (o->event_failure);
  m->counter_views = NULL;
  m->objective_views = NULL;
  return m;
}

void
mn_match_free (MnMatch *m)
{
  if (m == NULL)
    return;
  g_clear_pointer (&m->terrain, mu_terrain_index_free);
  g_clear_pointer (&m->units, g_ptr_array_unref);
  g_clear_pointer (&m->unit_index, g_hash_table_unref);
  g_clear_pointer (&m->los_memo, mu_los_memo_free);
  g_clear_pointer (&m->pairs, g_array_unref);
  mn_decision_clear (&m->decision);
  g_clear_pointer (&m->fires, g_array_unref);
  g_clear_pointer (&m->areas, mu_table_state_free);
  g_clear_pointer (&m->counter_views, g_array_unref);
  g_clear_pointer (&m->objective_views, g_array_unref);
  g_free (m->event_failure);
  g_free (m);
}

/* The sequence -------------------------------------------------------------------------- */

static const char *const step_ids[] = { "initiative", "activation", "move", "battle", "end" };

static void
enter_step (MnMatch *m, int step, GPtrArray *events)
{
  MuEvent *e;

  m->step = step;
  e = mn_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, NULL);
  if (step >= MN_STEP_ACTIVATION && step <= MN_STEP_BATTLE)
    mu_event_set_side (e, m->side_id[mn_active_side (m)]);
  e->value = step;
  mu_event_set_text (e, step_ids[step]);
}

/* T2, MN-ACT-1, MN-AMB-1: the active player rolls the scenario's number of
 * d6; their sum is the side's activations for this player-turn. */
static void
start_player_turn (MnMatch *m, GPtrArray *events)
{
  int side = mn_active_side (m);
  MuEvent *e = mn_event (m, events, mu_event_kind_info (MU_EVENT_ROUND), NULL, NULL);
  MuRoll roll = { 0 };

  mu_event_set_side (e, m->side_id[side]);
  enter_step (m, MN_STEP_ACTIVATION, events);
  roll.purpose = "activation";
  roll.subject = m->side_id[side];
  roll.n = MAX (m->activation_dice, 1);
  roll.read = MU_DICE_SUM;
  roll.rule = "MN-ACT-1";
  m->activations[side] = mu_dice_roll_read (m->dice, events, &roll, NULL);
  /* MN-AMB-55: contacts made from now on are new ones */
  for (guint i = 0; i < m->pairs->len; i++)
    g_array_index (m->pairs, MnPair, i).fresh = FALSE;
  /* MN-AMB-3: once per player-turn */
  MN_FOR_UNITS (m, u)
    {
      u->activated = FALSE;
      u->owes_move = FALSE;
    }
  enter_step (m, MN_STEP_MOVE, events);
}

/* T1, MN-INI-1, MN-AMB-2: one d6 a side, again on a tie; the higher is
 * active first this turn. */
static void
start_turn (MnMatch *m, GPtrArray *events)
{
  MuEvent *e = mn_event (m, events, mu_event_kind_info (MU_EVENT_BOUND), NULL, NULL);
  int a, b;

  e->value = m->bound;
  m->turn_side = 0;
  enter_step (m, MN_STEP_INITIATIVE, events);
  do
    {
      a = mu_dice_roll (m->dice, events, "initiative", m->side_id[0], NULL, 0, MU_ROLL_NONE, 0,
                        "MN-INI-1", NULL);
      b = mu_dice_roll (m->dice, events, "initiative", m->side_id[1], NULL, 0, MU_ROLL_NONE, 0,
                        "MN-INI-1", NULL);
    }
  while (a == b);
  m->order[0] = a > b ? 0 : 1;
  m->order[1] = 1 - m->order[0];
  m->order_id[0] = m->side_id[m->order[0]];
  m->order_id[1] = m->side_id[m->order[1]];
  start_player_turn (m, events);
}

/* Regiments and batteries of the side left on the table. */
static guint
units_left (const MnMatch *m, int side)
{
  guint n = 0;

  MN_FOR_UNITS (m, u)
    n += u->side == side && u->type != MN_TYPE_LEADER && mn_has_stands (u);
  return n;
}

static void
finish (MnMatch *m, const char *reason, GPtrArray *events)
{
  MuEvent *e;

  m->finished = TRUE;
  e = mn_event (m, events, mu_event_kind_info (MU_EVENT_VICTORY), NULL, "MN-AMB-82");
  if (m->winner != MN_NONE)
    mu_event_set_side (e, m->side_id[m->winner]);
  mu_event_set_text (e, m->winner == MN_NONE ? "draw" : "victory");
  e->value = ABS (m->score[0] - m->score[1]);
  mu_event_set_text (mn_event (m, events, mu_event_kind_info (MU_EVENT_GAME_END), NULL, NULL), reason);
}

/* MN-AMB-81, MN-AMB-82: a side with no regiment or battery left loses at
 * once; otherwise the game ends after its last turn, more points winning. */
static gboolean
check_end (MnMatch *m, gboolean last, GPtrArray *events)
{
  guint left[MN_SIDES] = { units_left (m, 0), units_left (m, 1) };
  const MuTaskObjective *task = NULL;
  int dispersed = mn_disperse_met (m, &task);

  mn_scores (m, m->score);
  if (left[0] == 0 || left[1] == 0)
    {
      m->winner = left[0] == left[1] ? MN_NONE : left[0] ? 0 : 1;
      m->end_reason = N_("A side has no regiment or battery left");
      finish (m, "a side has no regiment or battery left", events);
      return TRUE;
    }
  if (dispersed != MN_NONE)
    {
      m->winner = dispersed;
      m->end_reason = N_("A disperse task is met");
      m->end_task = task;
      finish (m, "a disperse task is met", events);
      return TRUE;
    }
  if (!last)
    return FALSE;
  m->winner = m->score[0] == m->score[1] ? MN_NONE : m->score[0] > m->score[1] ? 0 : 1;
  m->end_reason = N_("The last turn has been played");
  finish (m, "the last turn has been played", events);
  return TRUE;
}

/* MN-AMB-81: at once when a side has no regiment or battery left. */
void
mn_check_sudden_end (MnMatch *m, GPtrArray *events)
{
  if (!m->finished && (units_left (m, 0) == 0 || units_left (m, 1) == 0 || mn_disperse_met (m, NULL) != MN_NONE))
    check_end (m, FALSE, events);
}

/* T6: the per-turn flags clear, victory is checked, the next turn begins. */
static void
end_turn (MnMatch *m, GPtrArray *events)
{
  enter_step (m, MN_STEP_END, events);
  MN_FOR_UNITS (m, u)
    {
      u->activated = u->owes_move = FALSE;
      u->changed_facing = u->changed_form = FALSE;
      u->moved = u->art_fired = u->advanced = FALSE;
    }
  if (check_end (m, m->bound >= m->last_bound, events))
    return;
  m->bound++;
  start_turn (m, events);
}

gboolean
mn_end_phase (MnMatch *m, GPtrArray *events, GError **error)
{
  int side = mn_active_side (m);

  if (m->step == MN_STEP_MOVE)
    {
      MN_FOR_UNITS (m, u)
        if (u->owes_move)
          return mu_rules_refuse (error, "MN-AMB-50", "%s has rolled its movement and must move first "
                            "(move %s 0 to stay)", u->def->id, u->def->id);
      if (events == NULL)
        return TRUE;
      /* MN-AMB-50: activations still unused lapse */
      m->activations[side] = 0;
      enter_step (m, MN_STEP_BATTLE, events);
      mn_resolve_fires (m, events);
      if (m->finished)
        return TRUE;
      mn_battle_begin (m, events);
      return TRUE;
    }
  if (m->step != MN_STEP_BATTLE)
    return mu_rules_refuse (error, "MN-AMB-2", "no step to end now");
  {
    const MnPair *p = mn_unfought_pair (m);

    /* MN-MEL-1, MN-AMB-26: every pair in contact fights in each Battle step */
    if (p)
      return mu_rules_refuse (error, "MN-MEL-1", "%s and %s are in contact and have not fought",
                              ((MnUnit *) g_ptr_array_index (m->units, p->attacker))->def->id,
                              ((MnUnit *) g_ptr_array_index (m->units, p->defender))->def->id);
  }
  if (events == NULL)
    return TRUE;
  if (m->turn_side == 0)
    {
      /* T5: the other side repeats T2-T4 */
      m->turn_side = 1;
      start_player_turn (m, events);
    }
  else
    end_turn (m, events);
  return TRUE;
}

/* MN-ACT-1, MN-ACT-2, MN-AMB-3, MN-AMB-50, MN-AMB-54: whether the unit or
 * leader may be activated now. */
gboolean
mn_may_activate (const MnMatch *m, const MnUnit *u, GError **error)
{
  int side = mn_active_side (m);

  if (u == m->may_activate)
    return TRUE;
  if (m->step != MN_STEP_MOVE)
    return mu_rules_refuse (error, "MN-ACT-2", "units are activated in the Move step");
  if (u->side != side)
    return mu_rules_refuse (error, "MN-ACT-1", "%s is not of the active side", u->def->id);
  if (!mn_on_table (u))
    return mu_rules_refuse (error, "MN-ACT-1", "%s is not on the table", u->def->id);
  if (u->activated)
    return mu_rules_refuse (error, "MN-AMB-3", "%s has been activated this player-turn already", u->def->id);
  MN_FOR_UNITS (m, o)
    if (o->owes_move)
      return mu_rules_refuse (error, "MN-AMB-50", "%s must finish its activation (move) first", o->def->id);
  if (m->activations[side] <= 0)
    return mu_rules_refuse (error, "MN-ACT-1", "no activations left this player-turn");
  if (u->type != MN_TYPE_LEADER && mn_in_melee (m, u))
    return mu_rules_refuse (error, "MN-AMB-54", "%s is in melee and may not be activated", u->def->id);
  return TRUE;
}

/* Invariants ------------------------------------------------------------------------------ */

/* Every counter of the two sides in play once; bases within 0..strength and
 * laid out; stands on the table and off impassable ground; no two units'
 * stands overlapping; attached leaders with no stand, on a unit in play. */
gboolean
mn_check_invariants (MnMatch *m, GError **error)
{
  guint n = 0;
  g_autofree MuStandsBox *boxes = NULL;
  g_autoptr(GArray) near = NULL;
  guint next = 0;

  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);

      n += mn_side_index (m, c->side) != MN_NONE;
    }
  if (m->units->len != n)
    return mu_rules_invalid (error, "%u counters in play, %u in the order of battle", m->units->len, n);
  for (int s = 0; s < MN_SIDES; s++)
    if (m->activations[s] < 0)
      return mu_rules_invalid (error, "%s has %d activations", m->side_id[s], m->activations[s]);
  for (guint i = 0; i < m->pairs->len; i++)
    {
      const MnPair *p = &g_array_index (m->pairs, MnPair, i);

      if (p->attacker < 0 || p->defender < 0 || (guint) p->attacker >= m->units->len ||
          (guint) p->defender >= m->units->len ||
          ((MnUnit *) g_ptr_array_index (m->units, p->attacker))->side ==
          ((MnUnit *) g_ptr_array_index (m->units, p->defender))->side)
        return mu_rules_invalid (error, "a melee pair is not of two opposing units");
    }
  /* Every pair of units could overlap; only those whose boxes are near
   * can, found by sweeping the boxes along x, and kept both ways round in
   * the order the loop below takes them. */
  boxes = g_new (MuStandsBox, m->units->len);
  for (guint i = 0; i < m->units->len; i++)
    {
      const MnUnit *u = g_ptr_array_index (m->units, i);

      mu_stands_box (u->stands, u->n_stands, &boxes[i]);
    }
  near = mu_stands_boxes_near_pairs (boxes, m->units->len);
  for (guint u_i = 0; u_i < m->units->len; u_i++)
    {
      MnUnit *u = g_ptr_array_index (m->units, u_i);

      if (u->type != MN_TYPE_LEADER && (u->bases < 0 || u->bases > MAX (u->def->strength, 0)))
        return mu_rules_invalid (error, "%s has %d bases, strength %d", u->def->id, u->bases,
                                 u->def->strength);
      if (u->type != MN_TYPE_LEADER && u->status == MN_STATUS_ACTIVE && u->n_stands > 0 &&
          u->n_stands != (guint) u->bases)
        return mu_rules_invalid (error, "%s has %d bases but %u stands", u->def->id, u->bases, u->n_stands);
      if (u->orphaned)
        continue;
      if (u->type == MN_TYPE_LEADER && u->attached != MN_NONE)
        {
          const MnUnit *t = g_ptr_array_index (m->units, u->attached);

          if (u->n_stands != 0 || !mn_has_stands (t) || t->side != u->side)
            return mu_rules_invalid (error, "%s is attached to %s, which cannot hold him", u->def->id,
                                     t->def->id);
        }
      if (!mn_has_stands (u))
        continue;
      for (guint k = 0; k < u->n_stands; k++)
        {
          MuPoint p = u->stands[k].centre;
          guint areas[16];
          guint na = mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas));

          if (p.x < 0 || p.y < 0 || p.x > m->table->width || p.y > m->table->height)
            return mu_rules_invalid (error, "a stand of %s is off the table", u->def->id);
          if (mn_point_in_destroyed (m, p))
            return mu_rules_invalid (error, "a stand of %s is in a destroyed building", u->def->id);
          for (guint a = 0; a < MIN (na, G_N_ELEMENTS (areas)); a++)
            {
              const MuArea *ar = g_ptr_array_index (m->table->areas, areas[a]);

              if (mu_ruleset_area_impassable (m->ruleset, ar->kind))
                return mu_rules_invalid (error, "a stand of %s is on impassable ground", u->def->id);
            }
        }
      for (; next < near->len && g_array_index (near, MuStandsPair, next).a < u_i; next++)
        ;
      for (; next < near->len && g_array_index (near, MuStandsPair, next).a == u_i; next++)
        {
          guint o_i = g_array_index (near, MuStandsPair, next).b;
          MnUnit *o = g_ptr_array_index (m->units, o_i);

          /* a leader just detached stands on his unit until he moves
           * (MN-AMB-56): only owing his move */
          if (o <= u || !mn_has_stands (o) || o->orphaned)
            continue;
          if ((u->type == MN_TYPE_LEADER && u->owes_move) || (o->type == MN_TYPE_LEADER && o->owes_move))
            continue;
          /* MN-AMB-52: friendly leaders never stop anyone, so a unit may end
           * on a lone leader of its own side */
          if ((u->type == MN_TYPE_LEADER) != (o->type == MN_TYPE_LEADER) && u->side == o->side)
            continue;
          if (mu_stands_overlap (u->stands, u->n_stands, o->stands, o->n_stands))
            return mu_rules_invalid (error, "the stands of %s and %s overlap", u->def->id, o->def->id);
        }
    }
  return TRUE;
}
