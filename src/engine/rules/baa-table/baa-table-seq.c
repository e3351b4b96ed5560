/* baa-table-seq.c: set-up, the bound/round/phase sequence (BAT §2), command
 * and control (BAT-CMD-*, BAT-CDR-5/6), objectives and victory (BAT-OBJ-*),
 * scheduled and rolled reserves (BAT-RES-*), fatigue rest (BAT-FAT-2) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "baa-chain.h"
#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

static void split_marches (BatMatch *m);

static const char *const phase_ids[] = {
  "bound-start", "control-range", "control-roll", "control-nic", "command-range", "command-roll",
  "command-nic", "move-units", "move-commands", "move-controls", "fire", "melee", "remove-markers",
  "bound-end",
};

/* Events ---------------------------------------------------------------------------------- */

static gboolean
event_invariants (gpointer match, GError **error)
{
  return bat_check_invariants (match, error);
}

MuEvent *
bat_event (BatMatch *m, GPtrArray *events, const MuEventKindInfo *kind, const char *subject, const char *rule)
{
  return mu_rules_event (events, kind, subject, rule, m->check_events, &m->event_failure,
                           event_invariants, m);
}

void
bat_marker (BatMatch *m, GPtrArray *events, gboolean placed, const char *id, const char *name,
            const char *rule)
{
  MuEvent *e = bat_event (m, events, BAA_EV_MARKER (placed), id, rule);

  mu_event_set_text (e, name);
}

/* Lookup ------------------------------------------------------------------------------------ */

BatUnit *
bat_find_unit (const BatMatch *m, const char *id)
{
  BAT_FOR_UNITS (m, u)
    if (g_strcmp0 (u->def->id, id) == 0)
      return u;
  return NULL;
}

BatCdr *
bat_find_cdr (const BatMatch *m, const char *id)
{
  BAT_FOR_CDRS (m, c)
    if (g_strcmp0 (c->def->id, id) == 0)
      return c;
  return NULL;
}

/* The formation commander of a unit: its parent in the order of battle, else
 * the command of its formation number; a STAR unit (formation 0) without a
 * parent has none (BAT-AMB-6: assigned at set-up, by the scenario). */
BatCdr *
bat_unit_commander (const BatMatch *m, const BatUnit *u)
{
  BatCdr *p = u->def->parent ? bat_find_cdr (m, u->def->parent) : NULL;

  if (p && !p->is_control)
    return p;
  if (u->identity == 0)
    return NULL;
  BAT_FOR_CDRS (m, c)
    if (!c->is_control && c->side == u->side && c->division == u->identity)
      return c;
  return NULL;
}

static int
side_index (const BatMatch *m, const char *side)
{
  for (int s = 0; s < BAT_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return BAT_NONE;
}

/* Set-up ----------------------------------------------------------------------------------- */

static void enter_phase (BatMatch *m, GPtrArray *events);

BatMatch *
bat_match_new (const MuScenario *s, MuDice *dice, GPtrArray *events, GError **error)
{
  const MuRuleset *ruleset = mu_ruleset_find ("baa-table");
  BatMatch *m;

  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->sides->len < 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "baa-table needs a table and two sides");
      return NULL;
    }
  m = g_new0 (BatMatch, 1);
  m->scenario = s;
  m->table = s->table;
  m->dice = dice;
  if (mu_scenario_find_side (s, "csa") && mu_scenario_find_side (s, "usa"))
    {
      m->side_id[0] = "csa";
      m->side_id[1] = "usa";
    }
  else
    {
      m->side_id[0] = ((MuSide *) g_ptr_array_index (s->sides, 0))->id;
      m->side_id[1] = ((MuSide *) g_ptr_array_index (s->sides, 1))->id;
    }
  m->terrain = mu_terrain_index_new (s->table);
  bat_scale_init (&m->scale, s->table);
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->cdrs = g_ptr_array_new_with_free_func (g_free);
  m->objectives = g_ptr_array_new_with_free_func (g_free);
  m->reserves_done = g_hash_table_new (g_str_hash, g_str_equal);
  m->strings = g_ptr_array_new_with_free_func (g_free);
  bat_sections_init (m);
  m->night_reserves = g_ptr_array_new_with_free_func (bat_night_reserve_free);
  m->day_place = g_ptr_array_new ();
  m->opt_fatigue = mu_scenario_option (s, "bat.fatigue", TRUE);
  m->opt_reserves = mu_scenario_option (s, "bat.reserves", TRUE);
  /* BAT-MOV-10: on when a reserve comes by train, unless the scenario
   * says otherwise; off, a railroad reserve comes on as any other does */
  m->opt_railroads = bat_special_rule (s, "bat.railroads");

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      int side = side_index (m, c->side);
      gboolean placed = c->place.kind == MU_PLACE_TABLE;
      MuStand st[MU_STANDS_MAX];

      if (side == BAT_NONE)
        continue;
      if (c->kind == MU_COUNTER_UNIT)
        {
          BatUnit *u = g_new0 (BatUnit, 1);
          guint n;

          u->def = c;
          u->identity = mu_counter_get_int (c, "identity");
          u->side = side;
          u->bases = c->strength;
          /* its formation's one source: its value, or the format's
           * formation="column" (mu_counter_formation) */
          u->form = BAT_FORM_LINE;
          bat_formation_parse (mu_counter_formation (ruleset, c), &u->form);
          u->fatigued = mu_counter_get_flag (c, "fatigued") && m->opt_fatigue;
          u->range = mu_counter_get_int (c, "range");
          u->attack = mu_counter_get_int (c, "attack");
          u->indomitable = mu_counter_has_word (c, "abilities", "indomitable");
          u->sharpshooter = mu_counter_has_word (c, "abilities", "sharpshooter");
          u->status = placed ? BAT_UNIT_ACTIVE : BAT_UNIT_RESERVE;
          u->reserve = c->place.kind == MU_PLACE_RESERVE ? c->place.reserve : NULL;
          if (placed)
            {
              /* TAB-5: format-1 files record the footprint's centre; laid
               * out as the scenario checker lays it out */
              n = mu_scenario_counter_stands (s, c, bat_formation_id (u->form), u->bases, c->place.pos,
                                              c->place.facing, st, MU_STANDS_MAX);
              u->anchor = mu_stands_anchor (st, n);
              u->facing = c->place.facing;
            }
          bat_unit_layout (m, u);
          g_ptr_array_add (m->units, u);
        }
      else
        {
          BatCdr *k = g_new0 (BatCdr, 1);
          guint n;

          k->def = c;
          k->side = side;
          k->is_control = c->kind == MU_COUNTER_CONTROL;
          k->exceptional = mu_counter_get_flag (c, "exceptional");
          k->leadership = mu_counter_get_int (c, "leadership");
          k->division = mu_counter_get_int (c, "division");
          k->status = placed ? BAT_CDR_ACTIVE : BAT_CDR_RESERVE;
          k->reserve = c->place.kind == MU_PLACE_RESERVE ? c->place.reserve : NULL;
          if (placed)
            {
              n = mu_table_counter_stands (s->table, c, NULL, MU_FORMATION_LINE, 1, c->place.pos,
                                           c->place.facing, st, MU_STANDS_MAX);
              k->anchor = mu_stands_anchor (st, n);
              k->facing = c->place.facing;
            }
          bat_cdr_layout (m, k);
          g_ptr_array_add (m->cdrs, k);
        }
    }
  if (m->opt_reserves)
    split_marches (m);
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *d = g_ptr_array_index (s->objectives, i);
      BatObjective *o = g_new0 (BatObjective, 1);

      o->def = d;
      o->hold.owner = side_index (m, d->owner);
      o->hold.hold_side = BAT_NONE;
      g_ptr_array_add (m->objectives, o);
    }
  m->bound = s->timeline.first_bound > 0 ? s->timeline.first_bound : 1;
  m->last_bound = m->bound + MAX (s->timeline.bounds, 1) - 1;
  m->winner = BAT_NONE;
  m->phase = BAT_PHASE_BOUND_START;
  bat_event (m, events, mu_event_kind_info (MU_EVENT_MATCH_START), "baa-table", NULL);
  enter_phase (m, events);
  bat_advance (m, events);
  return m;
}

/* A copy for the dry run (mu_match_check): its own counters, objectives and
 * terrain index, the same scenario, `dice` for its rolls. */
BatMatch *
bat_match_copy (const BatMatch *o, MuDice *dice)
{
  BatMatch *m = g_new (BatMatch, 1);
  GHashTableIter it;
  gpointer key;

  *m = *o;
  m->dice = dice;
  m->terrain = mu_terrain_index_new (o->table);
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->cdrs = g_ptr_array_new_with_free_func (g_free);
  m->objectives = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < o->units->len; i++)
    g_ptr_array_add (m->units, g_memdup2 (g_ptr_array_index (o->units, i), sizeof (BatUnit)));
  for (guint i = 0; i < o->cdrs->len; i++)
    g_ptr_array_add (m->cdrs, g_memdup2 (g_ptr_array_index (o->cdrs, i), sizeof (BatCdr)));
  for (guint i = 0; i < o->objectives->len; i++)
    g_ptr_array_add (m->objectives, g_memdup2 (g_ptr_array_index (o->objectives, i), sizeof (BatObjective)));
  m->reserves_done = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_iter_init (&it, o->reserves_done);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (m->reserves_done, key);
  m->strings = g_ptr_array_new_with_free_func (g_free);
  m->sections = g_array_copy (o->sections);
  m->night_reserves = g_ptr_array_new_with_free_func (bat_night_reserve_free);
  for (guint i = 0; i < o->night_reserves->len; i++)
    g_ptr_array_add (m->night_reserves, bat_night_reserve_copy (g_ptr_array_index (o->night_reserves, i)));
  m->day_place = g_ptr_array_copy (o->day_place, NULL, NULL);
  bat_decision_copy (o, m);
  m->counter_views = m->objective_views = NULL;
  m->event_failure = g_strdup (o->event_failure);
  return m;
}

void
bat_match_free (BatMatch *m)
{
  g_ptr_array_unref (m->units);
  g_ptr_array_unref (m->cdrs);
  g_ptr_array_unref (m->objectives);
  g_hash_table_unref (m->reserves_done);
  g_array_unref (m->sections);
  g_ptr_array_unref (m->night_reserves);
  g_ptr_array_unref (m->day_place);
  bat_decision_free (&m->decision);
  g_ptr_array_unref (m->strings);
  g_clear_pointer (&m->counter_views, g_array_unref);
  g_clear_pointer (&m->objective_views, g_array_unref);
  mu_terrain_index_free (m->terrain);
  g_free (m->event_failure);
  g_free (m);
}

/* Removal and victory ------------------------------------------------------------------ */

void
bat_score (const BatMatch *m, int score[BAT_SIDES])
{
  score[0] = score[1] = 0;
  /* BAT-OBJ-3, BAT-OBJ-4: by ownership */
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BatObjective *o = g_ptr_array_index (m->objectives, i);
      if (o->hold.owner != BAT_NONE)
        score[o->hold.owner] += o->def->value > 0 ? o->def->value : 1;
    }
}

/* The end of the match: by objectives (BAT-OBJ-4), or won by `task_side`
 * (BAT-OBJ-5), whose victory is at least tactical, the level the objectives'
 * difference gives otherwise. */
static void
finish (BatMatch *m, const char *reason, int task_side, GPtrArray *events)
{
  int score[BAT_SIDES];
  MuEvent *e;

  bat_score (m, score);
  m->finished = TRUE;
  m->victory_diff = ABS (score[0] - score[1]);
  m->winner = m->victory_diff == 0 ? BAT_NONE : score[0] > score[1] ? 0 : 1;
  if (task_side != BAT_NONE)
    {
      m->winner = task_side;
      m->victory_diff = MAX (m->victory_diff, 1);
    }
  m->victory_level = baa_common_victory_level (m->victory_diff);   /* BAT-OBJ-4 */
  e = bat_event (m, events, mu_event_kind_info (MU_EVENT_VICTORY), NULL,
                 task_side != BAT_NONE ? "BAT-OBJ-5" : "BAT-OBJ-4");
  mu_event_set_side (e, m->winner == BAT_NONE ? NULL : m->side_id[m->winner]);
  mu_event_set_text (e, m->victory_level);
  e->value = m->victory_diff;
  mu_event_set_text (bat_event (m, events, mu_event_kind_info (MU_EVENT_GAME_END), NULL, NULL), reason);
}

void
bat_unit_remove (BatMatch *m, BatUnit *u, BatUnitStatus status, const char *rule, GPtrArray *events)
{
  BatCdr *c = bat_unit_commander (m, u);
  gboolean any = FALSE;

  u->status = status;
  u->bases = status == BAT_UNIT_DISPERSED ? 0 : u->bases;
  u->pinned = u->nic = FALSE;
  bat_unit_layout (m, u);
  bat_event (m, events, &baa_ev_dispersed, u->def->id, rule);
  /* BAT-FIRE-10, BAT-CDR-5: the formation's last unit takes its commander */
  if (c == NULL || c->status != BAT_CDR_ACTIVE)
    return;
  BAT_FOR_UNITS (m, v)
    if (bat_unit_commander (m, v) == c && (v->status == BAT_UNIT_ACTIVE || v->status == BAT_UNIT_RESERVE))
      any = TRUE;
  if (!any)
    {
      c->status = BAT_CDR_REMOVED;
      bat_event (m, events, &baa_ev_removed, c->def->id, "BAT-CDR-5");
    }
}

/* Orders (phases 1-6): the chain both rulesets play (baa-chain.c) -------------------------- */

static double
radius (const BatMatch *m, const BatCdr *c)
{
  return c->leadership * m->scale.u;   /* BAT-GEN-2 */
}

/* A commander's command radius is its leadership in U (BAT-GEN-2), measured
 * from the nearest point of its base (BAT-GEN-3): a higher commander's over
 * its formation commanders (BAT-CMD-3), a formation commander's over its
 * units (BAT-CMD-5); a unit shows its formation commander's. Measured from
 * the base, the circle a board draws about the base's centre is the radius
 * plus half the base's side (from_edge): every point inside it is in range;
 * the true region, the base widened by the radius, reaches a little further
 * beyond the base's corners. */
gboolean
bat_command_radius (gpointer         state,
                    const char      *counter,
                    MuCommandRadius *out)
{
  const BatMatch *m = state;
  const BatUnit *u = bat_find_unit (m, counter);
  const BatCdr *c = u ? bat_unit_commander (m, u) : bat_find_cdr (m, counter);

  if (c == NULL || c->status != BAT_CDR_ACTIVE)
    return FALSE;
  out->commander = c->def->id;
  out->centre = mu_pos_from_point (c->stand.centre.x, c->stand.centre.y, c->stand.facing);
  out->radius = radius (m, c);
  out->from_edge = MIN (c->stand.width, c->stand.depth) / 2;
  out->rule = c->is_control ? "BAT-CMD-3" : "BAT-CMD-5";
  return TRUE;
}

static MuEvent *
chain_event (gpointer match, GPtrArray *events, const MuEventKindInfo *kind, const char *subject,
             const char *rule)
{
  return bat_event (match, events, kind, subject, rule);
}

static void
chain_cdr (gpointer match, gpointer cdr, BaaChainCdr *out)
{
  BatCdr *c = cdr;

  (void) match;
  *out = (BaaChainCdr) { c, c->def->id, c->side, c->status == BAT_CDR_ACTIVE, c->is_control,
                         c->exceptional, c->leadership, &c->has_orders, &c->nic };
}

/* BAT-CMD-9, BAT-RES-1: a reserve's first move is in command */
static void
chain_unit (gpointer match, gpointer unit, BaaChainUnit *out)
{
  BatUnit *u = unit;

  (void) match;
  *out = (BaaChainUnit) { u, u->def->id, u->side, u->status == BAT_UNIT_ACTIVE, u->first_move_free,
                          &u->has_orders, &u->nic, &u->roll_ordered, &u->pinned, u->pinned_round };
}

/* BAT-CMD-3, BAT-GEN-3: within the radius of an active higher commander */
static gboolean
chain_control_in_range (gpointer match, gpointer control, gpointer cdr)
{
  const BatCdr *k = control, *c = cdr;

  return mu_table_within (mu_stand_distance (&k->stand, &c->stand), radius (match, k));
}

/* BAT-CMD-5, BAT-GEN-3: any part of the unit within the radius */
static gboolean
chain_unit_in_range (gpointer match, gpointer cdr, gpointer unit)
{
  const BatCdr *c = cdr;
  const BatUnit *u = unit;

  return mu_stands_within (&c->stand, 1, u->stands, u->n_stands, radius (match, c));
}

static gpointer
chain_commander (gpointer match, gpointer unit)
{
  return bat_unit_commander (match, unit);
}

static gboolean
chain_follows (gpointer match, gpointer unit, gpointer cdr)
{
  return bat_unit_commander (match, unit) == cdr;
}

/* BAT-CDR-6, BAT-AMB-8: one natural 1 for the whole formation */
static gpointer
chain_out_of_action (gpointer match, gpointer unit)
{
  BatCdr *c = bat_unit_commander (match, unit);

  if (c && (c->status == BAT_CDR_DISABLED || c->status == BAT_CDR_CAPTURED))
    return c;
  return NULL;
}

static void
chain_unit_new_round (gpointer match, gpointer unit, gboolean own_side)
{
  BatUnit *u = unit;

  (void) match;
  if (own_side)
    {
      u->first_move_free = FALSE;   /* its first round on the table is over */
      u->entry_cost = 0;
    }
  u->moved = u->fired = u->meleed = FALSE;
  u->split_target = NULL;
}

static void
chain_cdr_new_round (gpointer match, gpointer cdr)
{
  BatCdr *c = cdr;

  if (c->side == ((BatMatch *) match)->active)
    c->entry_cost = 0;   /* its first round on the table is over */
  c->moved = FALSE;
}

static const BaaChainOps chain_ops = {
  .exceptional_rule = "BAT-CMD-3",
  .control_range_rule = "BAT-CMD-3",
  .control_roll_rule = "BAT-CMD-4",     /* against its own value (BAT-AMB-3) */
  .no_control_rule = NULL,              /* none active: every one rolls (BAT-CMD-8, BAT-AMB-7) */
  .control_nic_rule = "BAT-CMD-4",
  .command_range_rule = "BAT-CMD-5",
  .direct_control_rule = NULL,
  .command_roll_rule = "BAT-CMD-6",     /* +1 attack after a passed roll */
  .formation_roll_rule = "BAT-CDR-6",
  .formation_word = "formation",
  .formation_orders = "formation-roll",
  .reserve_rule = "BAT-CMD-9",
  .command_nic_rule = "BAT-CMD-6",      /* BAT-CMD-7 */
  .nic_lift_rule = "BAT-CMD-7",
  .pinned_lift_rule = "BAT-FLN-7",      /* off at the end of the unit's side's next round */
  .event = chain_event,
  .cdr_view = chain_cdr,
  .unit_view = chain_unit,
  .control_in_range = chain_control_in_range,
  .unit_in_range = chain_unit_in_range,
  .commander = chain_commander,
  .follows = chain_follows,
  .out_of_action = chain_out_of_action,
  .unit_new_round = chain_unit_new_round,
  .cdr_new_round = chain_cdr_new_round,
};

static void
chain (BatMatch *m, GPtrArray *events, void (*phase) (const BaaChain *))
{
  BaaChain ch = { &chain_ops, m, events, m->dice, m->cdrs, m->units, m->active, 0,
                  m->round_serial };

  phase (&ch);
}

/* Objectives and markers (phase 12) -------------------------------------------------------- */

static void
objectives_check (BatMatch *m, GPtrArray *events)
{
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BatObjective *o = g_ptr_array_index (m->objectives, i);
      gboolean near[BAT_SIDES] = { FALSE, FALSE };
      int present;
      BaaHoldResult r;
      MuEvent *e;

      /* BAT-OBJ-2, BAT-AMB-29: a unit within 1 U of the point, no enemy within 1 U */
      BAT_FOR_UNITS (m, u)
        if (bat_unit_on_table (u) &&
            mu_table_within (mu_stands_point_distance (u->stands, u->n_stands, o->def->pos), m->scale.u))
          near[u->side] = TRUE;
      present = near[0] && !near[1] ? 0 : near[1] && !near[0] ? 1 : BAT_NONE;
      r = baa_common_hold_check (&o->hold, present);
      if (r == BAA_HOLD_NOTHING)
        continue;
      e = bat_event (m, events, r == BAA_HOLD_CLAIMED ? &baa_ev_claimed : &baa_ev_hold,
                     o->def->id, "BAT-OBJ-2");
      mu_event_set_side (e, m->side_id[present]);
      e->value = o->hold.hold_count;
      e->at = mu_pos_from_point (o->def->pos.x, o->def->pos.y, -1);
    }
}

static void
phase_remove_markers (BatMatch *m, GPtrArray *events)
{
  chain (m, events, baa_chain_remove_markers);
  objectives_check (m, events);
}

/* BAT-RES-2: a flank march or an encircling move rolls to arrive once for
 * each formation in it: a scenario reserve holding several formation
 * commanders becomes one reserve per formation ("RESERVE/COMMANDER"), each
 * with the commander's units; counters of no formation in it stay in the
 * scenario's reserve. */
static void
split_marches (BatMatch *m)
{
  for (guint i = 0; i < m->scenario->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (m->scenario->reserves, i);
      guint n = 0;

      if (!baa_common_march_need (r->kind))
        continue;
      BAT_FOR_CDRS (m, c)
        n += !c->is_control && g_strcmp0 (c->reserve, r->id) == 0;
      if (n < 2)
        continue;
      BAT_FOR_CDRS (m, c)
        if (!c->is_control && g_strcmp0 (c->reserve, r->id) == 0)
          {
            MuReserve *f = bat_night_reserve_copy (r);
            g_autofree char *id = g_strdup_printf ("%s/%s", r->id, c->def->id);

            f->id = (char *) g_intern_string (id);
            BAT_FOR_UNITS (m, u)
              if (g_strcmp0 (u->reserve, r->id) == 0 && bat_unit_commander (m, u) == c)
                u->reserve = f->id;
            c->reserve = f->id;
            g_ptr_array_add (m->night_reserves, f);
          }
    }
}

/* Bound start and end ----------------------------------------------------------------------- */

/* The inward facing at an entry point: away from the nearest table edge. */
double
bat_inward_facing (const MuTableMap *t, MuPoint p)
{
  double d[4] = { p.y, t->width - p.x, t->height - p.y, p.x };
  static const double facing[4] = { 180, 270, 0, 90 };
  int best = 0;

  for (int i = 1; i < 4; i++)
    if (d[i] < d[best])
      best = i;
  return facing[best];
}

/* BAT-RES-1, BAT-AMB-44: the reserve's units enter in column at its entry
 * points, in order of battle, each behind the last at the same point when
 * there are more units than points; commanders follow. */
void
bat_reserve_arrive (BatMatch *m, const MuReserve *r, const MuPoint *chosen, GPtrArray *events)
{
  guint k = 0, np = chosen ? 1 : r->entry_points ? r->entry_points->len : 0;
  MuPoint edge_point;
  MuEvent *e;

  /* a reserve given a whole edge instead of points comes on at its middle */
  if (np == 0 && r->edge && r->edge[0] && strchr ("nesw", r->edge[0]))
    {
      char ec = r->edge[0];

      edge_point = bat_edge_middle (m, (MuPoint) { ec == 'e' ? 1 : ec == 'w' ? -1 : 0,
                                                   ec == 's' ? 1 : ec == 'n' ? -1 : 0 });
      chosen = &edge_point;
      np = 1;
    }

  g_hash_table_add (m->reserves_done, r->id);
  e = bat_event (m, events, &baa_ev_reserve_arrived, r->id, "BAT-RES-1");
  mu_event_set_side (e, r->side);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < m->scenario->counters->len; i++)
      {
        const MuCounter *def = g_ptr_array_index (m->scenario->counters, i);
        BatUnit *u = def->kind == MU_COUNTER_UNIT ? bat_find_unit (m, def->id) : NULL;
        BatCdr *c = def->kind != MU_COUNTER_UNIT ? bat_find_cdr (m, def->id) : NULL;
        MuPoint p0, at;
        double facing;
        gboolean placed = FALSE;

        if ((pass == 0) != (u != NULL) || g_strcmp0 (u ? u->reserve : c ? c->reserve : NULL, r->id) != 0 ||
            (u && u->status != BAT_UNIT_RESERVE) || (c && c->status != BAT_CDR_RESERVE) || np == 0)
          continue;
        p0 = chosen ? *chosen : g_array_index (r->entry_points, MuPoint, k % np);
        facing = bat_inward_facing (m->table, p0);
        for (int step = 0; step < 200 && !placed; step++)
          {
            MuPoint f = mu_facing_vector (facing);
            MuStand st[MU_STANDS_MAX];
            guint n;

            /* from the edge inwards until it is clear of everything */
            at = (MuPoint) { p0.x + f.x * step * 0.25, p0.y + f.y * step * 0.25 };
            if (u)
              n = bat_entry_column (m->table, u->def->arm, (guint) CLAMP (u->bases, 0, MU_STANDS_MAX), p0,
                                    facing, step * 0.25, &at, st);
            else
              {
                BatCdr probe = *c;
                probe.anchor = (MuPoint) { at.x + f.x * 2, at.y + f.y * 2 };
                probe.facing = facing;
                bat_cdr_layout (m, &probe);
                st[0] = probe.stand;
                n = 1;
                at = probe.anchor;
              }
            /* BAT-AMB-44: it comes on from its entry point, so every
             * base's way in from there is a move that may not cross a
             * river away from a ford or bridge, nor an impassable line
             * (BAT-MOV-4, BAT-AMB-38; by its centre, TAB-13); further in,
             * the way is only longer */
            if (!(u && u->def->arm == MU_ARM_RIVERBOAT) && bat_table_entry_blocked (m->table, p0, st, n))
              break;
            placed = bat_place_free (m, st, n, u ? (const void *) u : (const void *) c);
          }
        if (!placed)
          continue;   /* stays off the table: tried again next bound */
        if (u)
          {
            u->status = BAT_UNIT_ACTIVE;
            u->anchor = at;
            u->facing = facing;
            u->form = BAT_FORM_COLUMN;
            u->first_move_free = TRUE;
            u->entry_cost = hypot (at.x - p0.x, at.y - p0.y);
            bat_unit_layout (m, u);
          }
        else
          {
            c->status = BAT_CDR_ACTIVE;
            c->anchor = at;
            c->facing = facing;
            c->entry_cost = hypot (at.x - p0.x, at.y - p0.y);
            bat_cdr_layout (m, c);
          }
        e = bat_event (m, events, &baa_ev_entered, def->id, "BAT-RES-1");
        e->to = mu_pos_from_point (at.x, at.y, facing);
        k++;
      }
}

/* Whether any counter of an arrived reserve is still off the table. */
static gboolean
reserve_left (BatMatch *m, const MuReserve *r)
{
  BAT_FOR_UNITS (m, u)
    if (u->status == BAT_UNIT_RESERVE && g_strcmp0 (u->reserve, r->id) == 0)
      return TRUE;
  BAT_FOR_CDRS (m, c)
    if (c->status == BAT_CDR_RESERVE && g_strcmp0 (c->reserve, r->id) == 0)
      return TRUE;
  return FALSE;
}

static void
bound_start (BatMatch *m, GPtrArray *events)
{
  MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_BOUND), NULL, NULL);

  e->value = m->bound;
  m->night = mu_rules_night_bound (&m->scenario->timeline, m->bound);
  if (m->night)
    bat_event (m, events, &baa_ev_night, NULL, "BAT-FIRE-9")->value = 1;
  /* bat.reserves turns the scenario's reserves off (its marches are not
   * split then), not the formations sent away at night (BAT-DAY-3) */
  for (guint i = m->opt_reserves ? 0 : m->scenario->reserves->len;
       i < m->scenario->reserves->len + m->night_reserves->len; i++)
    {
      /* the scenario's, then its marches' formations (BAT-RES-2) and those
       * sent away at night (BAT-DAY-3, BAT-AMB-32) */
      const MuReserve *r = i < m->scenario->reserves->len ? g_ptr_array_index (m->scenario->reserves, i)
                           : g_ptr_array_index (m->night_reserves, i - m->scenario->reserves->len);
      gboolean ok = TRUE, again = g_hash_table_contains (m->reserves_done, r->id);

      /* BAT-RES-1: counters that found no room when their reserve arrived
       * come on at the next bound, with no new arrival roll */
      /* nothing left in it (its formations march on their own) */
      if (!reserve_left (m, r) || m->bound < r->bound)
        continue;
      if (!again && baa_common_march_need (r->kind))
        {
          /* BAT-RES-2: a flank march on 5-6, a full encircling move on 6 */
          mu_dice_roll (m->dice, events, NC_("event text", "arrival"), r->id, NULL, 0, MU_ROLL_AT_LEAST,
                        baa_common_march_need (r->kind), "BAT-RES-2", &ok);
          if (!ok)
            {
              bat_event (m, events, &baa_ev_reserve_delayed, r->id, "BAT-RES-2");
              continue;
            }
        }
      /* BAT-MOV-10, BAT-AMB-44: where it comes on may be its owner's choice */
      if (bat_entry_is_choice (m, r))
        {
          g_hash_table_add (m->reserves_done, r->id);
          bat_decide_queue_entry (m, r);
        }
      else
        bat_reserve_arrive (m, r, NULL, events);
    }
  bat_decide_next_entry (m, events);
}

static void
bound_end (BatMatch *m, GPtrArray *events)
{
  /* BAT-FAT-2: a rest bound is one without moving, firing or melee */
  BAT_FOR_UNITS (m, u)
    {
      if (u->status == BAT_UNIT_ACTIVE)
        {
          if (u->acted_this_bound)
            u->rest_streak = 0;
          else if (baa_common_rest (&u->rest_streak, &u->fatigued, 1))
            bat_marker (m, events, FALSE, u->def->id, "fatigued", "BAT-FAT-2");
        }
      u->acted_this_bound = FALSE;
    }
  if (bat_day_darkness (m) && !m->finished)
    bat_day_begin (m, events);
}

/* Sequence ------------------------------------------------------------------------------------ */

static void
enter_phase (BatMatch *m, GPtrArray *events)
{
  if (m->phase >= 1 && m->phase <= 12)
    {
      MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, NULL);
      mu_event_set_side (e, m->side_id[m->active]);
      e->value = m->phase;
      mu_event_set_text (e, phase_ids[m->phase]);
    }
  switch (m->phase)
    {
    case BAT_PHASE_BOUND_START: bound_start (m, events); break;
    case BAT_PHASE_CONTROL_RANGE: chain (m, events, baa_chain_control_range); break;
    case BAT_PHASE_CONTROL_ROLL: chain (m, events, baa_chain_control_roll); break;
    case BAT_PHASE_CONTROL_NIC: chain (m, events, baa_chain_control_nic); break;
    case BAT_PHASE_COMMAND_RANGE: chain (m, events, baa_chain_command_range); break;
    case BAT_PHASE_COMMAND_ROLL: chain (m, events, baa_chain_command_roll); break;
    case BAT_PHASE_COMMAND_NIC: chain (m, events, baa_chain_command_nic); break;
    case BAT_PHASE_MELEE: bat_melee_begin (m, events); break;
    case BAT_PHASE_REMOVE_MARKERS: phase_remove_markers (m, events); break;
    case BAT_PHASE_BOUND_END: bound_end (m, events); break;
    default: break;
    }
}

static void
next_phase (BatMatch *m, GPtrArray *events)
{
  switch (m->phase)
    {
    case BAT_PHASE_BOUND_START:
      m->active = 0;
      m->round_serial++;
      m->phase = BAT_PHASE_CONTROL_RANGE;
      break;
    case BAT_PHASE_REMOVE_MARKERS:
      if (m->active == 0)
        {
          m->active = 1;
          m->round_serial++;
          m->phase = BAT_PHASE_CONTROL_RANGE;
        }
      else
        m->phase = BAT_PHASE_BOUND_END;
      break;
    case BAT_PHASE_BOUND_END:
      if (m->day_step && bat_day_next (m))
        return;   /* the second side readdresses its lines (BAT-DAY-2) */
      if (m->bound >= m->last_bound)
        {
          finish (m, "bounds-played", BAT_NONE, events);
          return;
        }
      if (bat_day_darkness (m))
        {
          /* BAT-DAY-4: on at the morning bound; the night bounds skipped
           * count as rest (BAT-FAT-2) */
          int morning = bat_day_morning (m);

          BAT_FOR_UNITS (m, u)
            if (u->status == BAT_UNIT_ACTIVE && morning - m->bound - 1 > 0 &&
                baa_common_rest (&u->rest_streak, &u->fatigued, morning - m->bound - 1))
              bat_marker (m, events, FALSE, u->def->id, "fatigued", "BAT-FAT-2");
          m->bound = morning;
        }
      else
        m->bound++;
      m->phase = BAT_PHASE_BOUND_START;
      break;
    default:
      m->phase++;
      break;
    }
  enter_phase (m, events);
}

/* BAT-OBJ-5: a scenario's task objectives ("disperse SIDE N": N units of
 * SIDE dispersed or lost; "hold OBJECTIVE": the task's side owns it). The
 * first side to complete its task wins at once; tasks of a board (a hex, an
 * edge) are never met on a table. */
static gboolean
task_met (const BatMatch *m, const MuTaskObjective *t)
{
  BaaTask task;
  gboolean met = FALSE;

  if (baa_task_parse (t->condition, &task))
    {
      if (task.kind == BAA_TASK_DISPERSE)
        {
          int side = side_index (m, task.side), n = 0;

          BAT_FOR_UNITS (m, u)
            if (u->side == side && (u->status == BAT_UNIT_DISPERSED || u->status == BAT_UNIT_LOST))
              n++;
          met = side != BAT_NONE && n >= task.count;
        }
      else if (task.kind == BAA_TASK_HOLD_OBJECTIVE)
        for (guint i = 0; i < m->objectives->len; i++)
          {
            const BatObjective *o = g_ptr_array_index (m->objectives, i);
            if (g_strcmp0 (o->def->id, task.objective) == 0 && o->hold.owner != BAT_NONE)
              met = g_strcmp0 (m->side_id[o->hold.owner], t->side) == 0;
          }
    }
  baa_task_clear (&task);
  return met;
}

static void
tasks_check (BatMatch *m, GPtrArray *events)
{
  for (guint i = 0; i < m->scenario->tasks->len && !m->finished; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (m->scenario->tasks, i);
      int side = side_index (m, t->side);

      if (side != BAT_NONE && task_met (m, t))
        {
          MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), t->id, "BAT-OBJ-5");

          mu_event_set_side (e, t->side);
          mu_event_set_text (e, NC_("event text", "task-completed"));
          finish (m, "task-completed", side, events);
        }
    }
}

void
bat_advance (BatMatch *m, GPtrArray *events)
{
  tasks_check (m, events);
  while (!m->finished && !bat_phase_has_choices (m))
    {
      next_phase (m, events);
      tasks_check (m, events);
    }
}

gboolean
bat_end_phase (BatMatch *m, GPtrArray *events, GError **error)
{
  (void) error;
  if (events)
    {
      next_phase (m, events);
      bat_advance (m, events);
    }
  return TRUE;
}

gboolean
bat_phase_has_choices (BatMatch *m)
{
  if (m->decision.kind != BAT_DECIDE_NONE)
    return TRUE;
  switch (m->phase)
    {
    case BAT_PHASE_MOVE_UNITS:
      BAT_FOR_UNITS (m, u)
        if (bat_unit_may_move (m, u))
          return TRUE;
      return FALSE;
    case BAT_PHASE_MOVE_COMMANDS:
    case BAT_PHASE_MOVE_CONTROLS:
      BAT_FOR_CDRS (m, c)
        if (bat_cdr_may_move (m, c))
          return TRUE;
      return FALSE;
    case BAT_PHASE_FIRE:
      BAT_FOR_UNITS (m, u)
        if (bat_unit_may_fire (m, u))
          BAT_FOR_UNITS (m, t)
            if (t->side != u->side && bat_unit_on_table (t) && bat_fire_bases (m, u, t, NULL, NULL) > 0)
              return TRUE;
      /* artillery at defence works (BAT-FORT-3); any unit at an enemy
       * commander (BAT-CDR-2, BAT-CDR-3) */
      BAT_FOR_UNITS (m, u)
        if (bat_unit_may_fire (m, u))
          {
            for (guint i = 0; i < m->sections->len; i++)
              if (bat_fire_at_section (m, u, &g_array_index (m->sections, BatSection, i), NULL, NULL))
                return TRUE;
            BAT_FOR_CDRS (m, c)
              if (c->side != u->side && bat_fire_at_commander (m, u, c, NULL, NULL))
                return TRUE;
          }
      return FALSE;
    case BAT_PHASE_BOUND_END:
      return bat_day_has_choices (m);
    default:
      return FALSE;
    }
}

const char *
bat_phase_id (int phase)
{
  return phase >= 0 && phase <= 13 ? phase_ids[phase] : "?";
}
