/* baa-table.c: Brothers at Arms converted for miniatures (rules digest
 * ../shared/rules/baa-table.md): the ruleset table behind mu-ruleset.h, its
 * description (turn, options, values, verbs, events), the views of the
 * state and the invariants. The rules are in the baa-table-*.c modules (see
 * baa-table-private.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"

#include "baa-table-private.h"

#include "mu-problem.h"
#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

/* §2: the twelve phases of a round, as on the hex board. */
static const MuStepInfo bat_phases[] = {
  { "control-range", N_("Control Range"), "BAT-CMD-3", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-roll", N_("Command Roll (formation commanders)"), "BAT-CMD-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "control-nic", N_("NIC Marker (formation commanders)"), "BAT-CMD-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-range", N_("Command Range"), "BAT-CMD-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-roll", N_("Command Roll (units)"), "BAT-CMD-6", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "command-nic", N_("NIC Marker (units)"), "BAT-CMD-7", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "move-units", N_("Move Units"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-commands", N_("Move Formation Commanders"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move-controls", N_("Move Higher Commanders"), "BAT-MOV-12", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "fire", N_("Fire"), "BAT-FIRE-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "melee", N_("Melee"), "BAT-MEL-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "remove-markers", N_("Remove Markers"), "BAT-OBJ-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuStepInfo bat_sequences[] = {
  { "orders", N_("Orders"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases, 6 },
  { "movement", N_("Movement"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 6, 3 },
  { "attack", N_("Attack"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 9, 2 },
  { "removal", N_("Removal"), NULL, MU_STEP_ACTIVE_SIDE, 0, bat_phases + 11, 1 },
};

static const MuStepInfo bat_steps[] = {
  { "bound-start", N_("Reserves arrive; flank-march and encircling reserves roll to arrive"),
    "BAT-RES-1", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
  { "round", N_("Round"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    bat_sequences, G_N_ELEMENTS (bat_sequences) },
  { "bound-end", N_("Fatigue rest, victory check, the clock advances; subsequent-day procedure at night"),
    "BAT-DAY-1", MU_STEP_EACH_SIDE, MU_STEP_CONDITIONAL, NULL, 0 },
};

static const char *const bat_sides[] = { "csa", "usa", NULL };

static const MuTurnStructure bat_turns = {
  .turn_name = N_("Bound"),
  .minutes_per_turn = 60,
  .side_order = MU_SIDE_ORDER_FIXED,
  .fixed_sides = bat_sides,
  .steps = bat_steps,
  .n_steps = G_N_ELEMENTS (bat_steps),
};

static const MuRuleOptionInfo bat_options[] = {
  { "bat.out-of-command-penalty", N_("Out-of-range attack penalty"),
    N_("A unit that passes its command roll out of range attacks at +1"), "BAT-CMD-6",
    MU_RULE_OPTIONAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.railroads", N_("Railroads"), N_("Reinforcements may ride the railroad"), "BAT-MOV-10",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.river-boats", N_("River boats"), N_("River boats move on rivers"), "BAT-MOV-11",
    MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.fatigue", N_("Fatigue"), N_("Fatigued units attack at +1 until they rest"), "BAT-FAT-1",
    MU_RULE_SPECIAL, TRUE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "bat.reserves", N_("Reserves"), N_("Scheduled reserves arrive during play"), "BAT-RES-1",
    MU_RULE_SPECIAL, TRUE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
};

/* The markers of the --state line (README.md, "--state"): NIC, pinned and
 * fatigued are drawn on the table's units as on the hex board's counters;
 * the others are conditions the tooltip tells. Tables print no markers. */
static const MuMarkerInfo bat_markers[] = {
  { "nic", N_("Not in command"), "BAT-CMD-4, BAT-CMD-7", "NIC",
    N_("No orders: the unit may not move or fire; removed at the end of the round (BAT-CMD-7)"),
    MU_MARKER_ON_COUNTER, 0xf2d23c, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "pinned", N_("Pinned"), "BAT-FLN-7", "PIN",
    N_("Flinched: may not move or fire in its side's next round; removed at its end (BAT-FLN-7)"),
    MU_MARKER_ON_COUNTER, 0xc8322c, "crossed-arrows", MU_MARKER_SUPPLY_NONE, TRUE },
  { "fatigued", N_("Fatigued"), "BAT-FAT-1", "FAT",
    N_("Attacks at +1 to its attack value; removed after four bounds of rest (BAT-FAT-2)"),
    MU_MARKER_ON_COUNTER, 0xe8893a, NULL, MU_MARKER_SUPPLY_NONE, TRUE },
  { "orders", N_("Orders"), "BAT-CMD-3, BAT-CMD-5, BAT-CMD-6", "ORD",
    N_("Has orders this round: may move and fire"), MU_MARKER_ON_COUNTER, 0, NULL, 0, FALSE },
  { "roll", N_("Orders by a roll"), "BAT-CMD-6", "ROL",
    N_("Passed its command roll out of range: +1 to its attack value this round"), MU_MARKER_ON_COUNTER,
    0, NULL, 0, FALSE },
  { "unformed", N_("Unformed by terrain"), "BAT-MOV-6", "UNF",
    N_("A base in difficult terrain: +1 to its attack value while it stays"), MU_MARKER_ON_COUNTER, 0,
    NULL, 0, FALSE },
  { "melee", N_("In melee"), "BAT-MEL-1", "MEL",
    N_("In base contact with the enemy: fights in phase 11"), MU_MARKER_ON_COUNTER, 0, NULL, 0, FALSE },
};

/* The statuses of the table's views: the words of the --state line, the
 * same as baa-hex's for the same conditions. */
typedef enum {
  BAT_STATUS_ACTIVE,
  BAT_STATUS_DISPERSED,
  BAT_STATUS_RESERVE,
  BAT_STATUS_DISABLED,
  BAT_STATUS_CAPTURED,
  BAT_STATUS_REMOVED,
  BAT_STATUS_N
} BatStatus;

static const MuStatusInfo bat_statuses[BAT_STATUS_N] = {
  [BAT_STATUS_ACTIVE] = { "active", N_("On the table"), NULL, N_("In play on the table"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  [BAT_STATUS_DISPERSED] = { "dispersed", N_("Dispersed"), "BAT-GEN-4, BAT-FLN-5, TAB-18",
    N_("Lost its last base, or flinched off the table or into impassable ground"), NULL,
    MU_STATUS_LOST },
  [BAT_STATUS_RESERVE] = { "reserve", N_("In reserve"), "BAT-RES-1", N_("Not arrived yet"), NULL, 0 },
  [BAT_STATUS_DISABLED] = { "disabled", N_("Disabled"), "BAT-CDR-2, BAT-CDR-3",
    N_("A commander hit by fire; out of play"), NULL, MU_STATUS_SHOWN | MU_STATUS_LOST },
  [BAT_STATUS_CAPTURED] = { "captured", N_("Captured"), "BAT-CDR-4",
    N_("A lone commander taken by an enemy unit"), NULL, MU_STATUS_LOST },
  [BAT_STATUS_REMOVED] = { "removed", N_("Removed"), "BAT-CDR-5",
    N_("A formation commander whose last unit has gone"), NULL, MU_STATUS_LOST },
};

#define UNIT MU_FIELD_OF (MU_COUNTER_UNIT)
#define COMMAND MU_FIELD_OF (MU_COUNTER_COMMAND)
#define CONTROL MU_FIELD_OF (MU_COUNTER_CONTROL)
static const char *const bat_formations[] = { "line", "double-line", "column", NULL };
static const char *const bat_abilities[] = { "indomitable", "sharpshooter", NULL };
static const char *const ability_pictures[] = { "shield", "crosshair", NULL };
static const char *const ability_tags[] = { N_("indomitable"), N_("sharpshooters"), NULL };
static const char *const bat_ability_names[] = { N_("Indomitable (red shield)"), N_("Sharpshooters (crosshair)"), NULL };

/* §1.2-1.3: the counter's values, strength counted in bases. */
static const MuFieldInfo bat_fields[] = {
  { "leadership", N_("Leadership"), "BAT-CMD-1", MU_FIELD_INT, 1, 6, COMMAND | CONTROL, NULL,
    -1, .attribute = TRUE, .initial = 2,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Leadership"),
    .csv_column = 6,
    .row_word = NC_("order of battle row", "leadership") },
  { "division", N_("Division"), "BAT-CMD-1", MU_FIELD_INT, 1, 999, COMMAND, NULL,
    -1, .attribute = TRUE, .show = MU_FIELD_SHOW_FACE_TOP, .csv_column = 9,
    .row_word = NC_("order of battle row", "division") },
  { "range", N_("Range"), "BAT-GEN-2", MU_FIELD_INT, 1, G_MAXINT, UNIT, NULL,
    -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Range"),
    .csv_column = 12 },
  { "attack", N_("Attack"), "BAT-GEN-5", MU_FIELD_INT, 2, 6, UNIT, NULL,
    -1, .attribute = TRUE, .initial = 4,
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Attack"),
    .csv_column = 13 },
  { "strength", N_("Strength (bases)"), "BAT-GEN-4", MU_FIELD_INT, 1, MU_STANDS_MAX, UNIT, NULL,
    G_STRUCT_OFFSET (MuCounter, strength),
    .show = MU_FIELD_SHOW_SUMMARY | MU_FIELD_SHOW_FACE_BOTTOM, .label = N_("Strength") },
  /* the division a unit follows, 0 (written "star") for none; checked
   * against the commands by baa_common_check_divisions */
  { "identity", N_("Identity"), "BAT-CMD-1", MU_FIELD_INT, 0, 999, UNIT, NULL,
    -1, .attribute = TRUE, .zero_word = "star", .zero_name = N_("STAR"),
    .checked_by_ruleset = TRUE, .names = "division", .csv_column = 10 },
  { "formation", N_("Formation"), "BAT-MOV-7", MU_FIELD_ENUM, 0, 0, UNIT, bat_formations, -1 },
  { "abilities", N_("Special abilities"), "BAT-FLN-6, BAT-CDR-3", MU_FIELD_FLAGS, 0, 0, UNIT, bat_abilities, -1,
    .attribute = TRUE, .value_names = bat_ability_names,
    .show = MU_FIELD_SHOW_FACE_MARK, .value_pictures = ability_pictures,
    .value_tags = ability_tags },
  /* the counters' switches (format 1 writes them as attributes) */
  { "star", N_("Star"), "BAT-CMD-1", MU_FIELD_FLAG, 0, 0, CONTROL, NULL, -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_FACE_MARK | MU_FIELD_SHOW_ROW_MARK, .picture = "star", .tag = "★" },
  { "exceptional", N_("Exceptional"), "BAT-CMD-3", MU_FIELD_FLAG, 0, 0, COMMAND, NULL, -1, .attribute = TRUE,
    .show = MU_FIELD_SHOW_FACE_MARK, .picture = "cross", .tag = "X",
    .row_word = NC_("order of battle row", "exceptional") },
  { "fatigued", N_("Fatigued"), "BAT-FAT-1", MU_FIELD_FLAG, 0, 0, UNIT, NULL, -1, .attribute = TRUE },
};
#undef UNIT
#undef COMMAND
#undef CONTROL

/* The arms of the board game's counters, the basing of each (TAB-7); the
 * format's four, so that a scenario converted from the hex board loads. */
static const MuArmInfo bat_arms[] = {
  { "infantry", N_("Infantry"), "BAT-GEN-4", MU_ARM_INFANTRY },
  { "cavalry", N_("Cavalry"), "BAT-GEN-4", MU_ARM_CAVALRY },
  { "artillery", N_("Artillery"), "BAT-GEN-4", MU_ARM_ARTILLERY },
  { "riverboat", N_("Riverboat"), "BAT-GEN-4", MU_ARM_RIVERBOAT },
};

/* The verbs of the table's command language (README.md, "Commands"). */
static const MuVerbInfo bat_verbs[] = {
  { "move", "UNIT STEP...", "BAT-MOV-1", MU_VERB_MOVE,
    N_("needs a unit or commander and at least one step (@X,Y[/F], face F, wheel l|r DEG, form FORMATION)"), N_("Move {UNIT} {STEP}") },
  { "fire", "UNIT TARGET", "BAT-FIRE-1", MU_VERB_ATTACK, N_("needs exactly two ids"), N_("{UNIT} fires at {TARGET}") },
  { "fire-group", "TARGET UNIT...", "BAT-FIRE-4", MU_VERB_ATTACK, N_("needs a target and at least one unit"), N_("{UNIT} fire together at {TARGET}") },
  { "reposition", "CONTROL COMMAND", "BAT-DAY-2", 0, N_("needs a higher and a formation commander"), N_("{CONTROL} repositions {COMMAND}") },
  { "reserve", "CONTROL COMMAND", "BAT-DAY-3", 0, N_("needs a higher and a formation commander"), N_("{CONTROL} puts {COMMAND} in reserve") },
  { "place", "COUNTER POS", "BAT-DAY-2", MU_VERB_MOVE, N_("needs a counter and one table point"), N_("Place {COUNTER} at {POS}") },
  { "choose", "ANSWER | POS", "BAT-MOV-10", MU_VERB_ANSWER, N_("needs exactly one answer or table point") },
  { "end-phase", NULL, "BAT-MOV-12", MU_VERB_END_STEP, NULL, N_("End the phase") },
};

const char *
bat_verb_rule (const MuCommand *c)
{
  for (guint i = 0; i < G_N_ELEMENTS (bat_verbs); i++)
    if (g_strcmp0 (bat_verbs[i].verb, mu_command_get_verb (c)) == 0)
      return bat_verbs[i].rule;
  return NULL;
}

static const MuEventKindInfo bat_ev_formation = {
  "formation", N_("Formation"), N_("a unit changes formation (BAT-MOV-7)"),
  MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_TEXT, NULL, MU_EVENT_CLASS_MOVEMENT, 0,
  N_("{subject} forms {text}"), NULL, 0, MU_N_PLURAL ("{n} formation change", "{n} formation changes"),
};

/* The kinds it emits beyond the engine's own; most are Brothers at Arms'
 * on either board (rules/common/baa-events.c). */
static const MuEventKindInfo *const bat_event_kinds[] = {
  &baa_ev_orders, &baa_ev_marker, &baa_ev_unmarker, &baa_ev_move, &baa_ev_attack, &baa_ev_hits,
  &baa_ev_dispersed, &baa_ev_flinch, &baa_ev_stands, &baa_ev_disabled, &baa_ev_captured,
  &baa_ev_evaded, &baa_ev_removed, &baa_ev_hold, &baa_ev_claimed, &baa_ev_reserve_arrived,
  &baa_ev_reserve_delayed, &baa_ev_entered, &baa_ev_night, &bat_ev_formation,
};

const MuEventKindInfo *
bat_formation_event_kind (void)
{
  return &bat_ev_formation;
}

/* Play ------------------------------------------------------------------------------ */

static gpointer
state_new (const MuScenario *scenario, MuDice *dice, GPtrArray *events, GError **error)
{
  return bat_match_new (scenario, dice, events, error);
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return bat_match_copy (state, dice);
}

static void
state_free (gpointer state)
{
  bat_match_free (state);
}

static gboolean
apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  BatMatch *m = state;
  const char *verb = mu_command_get_verb (command);

  if (m->finished)
    return bat_refuse (error, "BAT-OBJ-4", "the match is over");
  if (g_str_equal (verb, "choose"))
    return bat_choose (m, command, events, error);
  if (m->decision.kind != BAT_DECIDE_NONE)
    return bat_refuse (error, m->decision.kind == BAT_DECIDE_SPLIT ? "BAT-AMB-40" : "BAT-AMB-44",
                       "%s must first answer: %s", m->side_id[m->decision.side], m->decision.question);
  if (g_str_equal (verb, "end-phase"))
    return bat_end_phase (m, events, error);
  if (g_str_equal (verb, "move"))
    return bat_apply_move (m, command, events, error);
  if (g_str_equal (verb, "fire"))
    return bat_apply_fire (m, command, events, error);
  if (g_str_equal (verb, "fire-group"))
    return bat_apply_fire_group (m, command, events, error);
  if (g_str_equal (verb, "reposition") || g_str_equal (verb, "reserve") || g_str_equal (verb, "place"))
    return bat_day_command (m, command, events, error);
  return bat_refuse (error, NULL, "unknown command “%s”", verb);
}

static GPtrArray *
legal_commands (gpointer state)
{
  return bat_legal_commands (state);
}

static GArray *
legal_moves (gpointer state, const char *counter)
{
  return bat_legal_moves (state, counter);
}

static GPtrArray *
legal_actions (gpointer state, const char *counter)
{
  return bat_legal_actions (state, counter);
}

static gboolean
line_of_sight (gpointer state, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  return bat_line_of_sight (state, counter, to, sight, error);
}

static GPtrArray *
legal_targets (gpointer state, const char *counter)
{
  return bat_legal_targets (state, counter);
}

static MuRegion *
legal_region (gpointer state, const char *counter)
{
  return bat_legal_region (state, counter);
}

static const char *const bat_paths[] = {
  "bound-start",
  "round/orders/control-range", "round/orders/control-roll", "round/orders/control-nic",
  "round/orders/command-range", "round/orders/command-roll", "round/orders/command-nic",
  "round/movement/move-units", "round/movement/move-commands", "round/movement/move-controls",
  "round/attack/fire", "round/attack/melee", "round/removal/remove-markers",
  "bound-end",
};

static void
position (gpointer state, MuPosition *p)
{
  BatMatch *m = state;

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->phase;
  p->side = (m->phase >= 1 && m->phase <= 12) || m->day_step ? m->side_id[m->active] : NULL;
  p->phase_id = bat_phase_id (m->phase);
  p->minutes = mu_rules_bound_minutes (&m->scenario->timeline, m->bound);
  p->night = m->night;
  p->finished = m->finished;
  p->path = bat_paths[CLAMP (m->phase, 0, 13)];
  p->side_order = m->side_id;
  p->awaited = m->finished ? NULL : m->decision.kind != BAT_DECIDE_NONE ? m->side_id[m->decision.side] : p->side;
}

static const MuDecision *
pending (gpointer state)
{
  return bat_decision_view (state);
}

static GArray *
counters (gpointer state)
{
  BatMatch *m = state;
  /* a unit lost by a flinch (off the table, TAB-18, or into impassable
   * ground, BAT-FLN-5) reads dispersed, as its event does and as it counts;
   * offboard is for units that left by an exit */
  static const BatStatus unit_status[] = {
    BAT_STATUS_ACTIVE, BAT_STATUS_DISPERSED, BAT_STATUS_DISPERSED, BAT_STATUS_RESERVE };
  static const BatStatus cdr_status[] = {
    BAT_STATUS_ACTIVE, BAT_STATUS_DISABLED, BAT_STATUS_CAPTURED, BAT_STATUS_REMOVED,
    BAT_STATUS_RESERVE };

  if (m->counter_views == NULL)
    m->counter_views = mu_counter_view_array_new ();
  g_array_set_size (m->counter_views, 0);
  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *def = g_ptr_array_index (m->scenario->counters, i);
      BatUnit *u = def->kind == MU_COUNTER_UNIT ? bat_find_unit (m, def->id) : NULL;
      BatCdr *c = def->kind != MU_COUNTER_UNIT ? bat_find_cdr (m, def->id) : NULL;
      MuCounterView v = { 0 };
      GString *mk;

      if (!u && !c)
        continue;
      mk = g_string_new (NULL);
      v.counter = def;
      v.id = def->id;
      v.side = def->side;
      if (u)
        {
          v.status = &bat_statuses[unit_status[u->status]];
          v.pos = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
          v.strength = u->status == BAT_UNIT_ACTIVE || u->status == BAT_UNIT_RESERVE ? u->bases : 0;
          v.formation = bat_formation_id (u->form);
          if (u->has_orders) g_string_append (mk, ",orders");
          if (u->roll_ordered) g_string_append (mk, ",roll");
          if (u->nic) g_string_append (mk, ",nic");
          if (u->pinned) g_string_append (mk, ",pinned");
          if (u->fatigued) g_string_append (mk, ",fatigued");
          if (bat_unit_on_table (u) && bat_unit_unformed (m, u)) g_string_append (mk, ",unformed");
          if (bat_unit_on_table (u) && bat_in_melee (m, u)) g_string_append (mk, ",melee");
          /* the stands play measures, for the board to draw (TAB-6) */
          if (bat_unit_on_table (u))
            mu_counter_view_set_stands (&v, u->stands, u->n_stands);
        }
      else
        {
          v.status = &bat_statuses[cdr_status[c->status]];
          v.pos = mu_pos_from_point (c->anchor.x, c->anchor.y, c->facing);
          if (c->has_orders) g_string_append (mk, ",orders");
          if (c->nic) g_string_append (mk, ",nic");
          if (c->status == BAT_CDR_ACTIVE)
            mu_counter_view_set_stands (&v, &c->stand, 1);
        }
      v.markers = g_strdup (mk->len ? mk->str + 1 : "");
      g_string_free (mk, TRUE);
      g_array_append_val (m->counter_views, v);
    }
  return m->counter_views;
}

static GArray *
objectives (gpointer state)
{
  BatMatch *m = state;

  if (m->objective_views == NULL)
    m->objective_views = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  g_array_set_size (m->objective_views, 0);
  for (guint i = 0; i < m->objectives->len; i++)
    {
      BatObjective *o = g_ptr_array_index (m->objectives, i);
      MuObjectiveView v = { 0 };

      v.objective = o->def;
      v.id = o->def->id;
      v.pos = mu_pos_from_point (o->def->pos.x, o->def->pos.y, -1);
      v.owner = o->hold.owner == BAT_NONE ? NULL : m->side_id[o->hold.owner];
      v.holder = o->hold.hold_side == BAT_NONE ? NULL : m->side_id[o->hold.hold_side];
      v.hold_count = o->hold.hold_count;
      g_array_append_val (m->objective_views, v);
    }
  return m->objective_views;
}

static void
victory (gpointer state, MuResult *r)
{
  BatMatch *m = state;
  int score[BAT_SIDES];

  bat_score (m, score);
  mu_rules_result (r, m->side_id, score, m->finished, m->winner, m->victory_level,
                     m->victory_diff);
}

/* The first overlap of each unit's stands, as the invariant below reports
 * it: with a unit, each pair taken once from the unit at the lower address
 * (the order the check always had), the first such unit in the match's
 * order; and with an active commander, the first in order. */
typedef struct {
  int *unit;   /* per unit: index of the unit its stands overlap, -1: none */
  int *cdr;    /* per unit: index of the commander they overlap, -1: none */
} BatOverlaps;

static void
bat_overlaps_free (BatOverlaps *ov)
{
  g_free (ov->unit);
  g_free (ov->cdr);
  g_free (ov);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BatOverlaps, bat_overlaps_free)

typedef struct {
  double lo, hi;   /* the circle's extent along x */
  MuPoint c;
  double r;
  int unit;        /* index of the unit, or -1 */
  int cdr;         /* index of the commander, or -1 */
} SweepItem;

static int
by_left (gconstpointer a, gconstpointer b)
{
  const SweepItem *x = a, *y = b;

  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  /* a total order, so that the sort does not depend on the library's */
  if (x->unit != y->unit)
    return x->unit < y->unit ? -1 : 1;
  return (x->cdr > y->cdr) - (x->cdr < y->cdr);
}

static void
note_first (int *slot, int index)
{
  if (*slot < 0 || index < *slot)
    *slot = index;
}

/* Sort and sweep along x over the bounding circles of the units' stands and
 * of the commanders' stands: comparing every pair of units at every event
 * was a tenth of a simulated table match. A pair whose circles do not meet
 * along x cannot pass bat_circles_within(), which the pairs that do meet
 * must still pass, as before, before their stands are compared. */
static BatOverlaps *
find_overlaps (BatMatch *m)
{
  BatOverlaps *ov = g_new0 (BatOverlaps, 1);
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (SweepItem));
  guint n = m->units->len;

  ov->unit = g_new (int, MAX (n, 1));
  ov->cdr = g_new (int, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    ov->unit[i] = ov->cdr[i] = -1;
  for (guint i = 0; i < n; i++)
    {
      const BatUnit *u = g_ptr_array_index (m->units, i);
      SweepItem it = { u->bc.x - u->br, u->bc.x + u->br, u->bc, u->br, (int) i, -1 };

      /* a circle not a number meets none (bat_circles_within) */
      if (bat_unit_on_table (u) && !isnan (it.lo) && !isnan (it.hi))
        g_array_append_val (items, it);
    }
  /* a commander's stand lies within half its width plus half its depth of
   * its centre: one whose circle is apart from the unit's cannot overlap it */
  for (guint i = 0; i < m->cdrs->len; i++)
    {
      const BatCdr *c = g_ptr_array_index (m->cdrs, i);
      double r = (fabs (c->stand.width) + fabs (c->stand.depth)) / 2;
      SweepItem it = { c->stand.centre.x - r, c->stand.centre.x + r, c->stand.centre, r, -1, (int) i };

      if (c->status == BAT_CDR_ACTIVE && !isnan (it.lo) && !isnan (it.hi))
        g_array_append_val (items, it);
    }
  g_array_sort (items, by_left);
  for (guint i = 0; i < items->len; i++)
    {
      const SweepItem *a = &g_array_index (items, SweepItem, i);

      for (guint j = i + 1; j < items->len; j++)
        {
          const SweepItem *b = &g_array_index (items, SweepItem, j);
          const SweepItem *cu, *other;
          BatUnit *u, *o;

          /* sorted by left end: none further on reaches a */
          if (b->lo > a->hi + MU_TABLE_EPSILON)
            break;
          if (a->unit < 0 && b->unit < 0)
            continue;
          if (!bat_circles_within (a->c, a->r, b->c, b->r, 0))
            continue;
          cu = a->unit >= 0 ? a : b;
          other = cu == a ? b : a;
          u = g_ptr_array_index (m->units, cu->unit);
          if (other->cdr >= 0)
            {
              BatCdr *c = g_ptr_array_index (m->cdrs, other->cdr);

              if (mu_stands_overlap (u->stands, u->n_stands, &c->stand, 1))
                note_first (&ov->cdr[cu->unit], other->cdr);
              continue;
            }
          o = g_ptr_array_index (m->units, other->unit);
          /* in the order the check always asked, the lower address first */
          if (o > u ? mu_stands_overlap (u->stands, u->n_stands, o->stands, o->n_stands)
                    : mu_stands_overlap (o->stands, o->n_stands, u->stands, u->n_stands))
            {
              if (o > u)
                note_first (&ov->unit[cu->unit], other->unit);
              else
                note_first (&ov->unit[other->unit], cu->unit);
            }
        }
    }
  return ov;
}

/* The table's invariants: every unit accounted for, bases within 0..strength
 * and laid out, no stand off the table or on impassable ground, no two
 * counters' stands overlapping. */
gboolean
bat_check_invariants (BatMatch *m, GError **error)
{
  guint n_units = 0;
  g_autoptr(BatOverlaps) ov = NULL;

  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);
      if (c->kind == MU_COUNTER_UNIT && (g_strcmp0 (c->side, m->side_id[0]) == 0 ||
                                         g_strcmp0 (c->side, m->side_id[1]) == 0))
        n_units++;
    }
  if (m->units->len != n_units)
    return mu_rules_invalid (error, "%u units in play, %u in the order of battle", m->units->len, n_units);
  ov = find_overlaps (m);
  for (guint i = 0; i < m->units->len; i++)
    {
      BatUnit *u = g_ptr_array_index (m->units, i);

      if (u->bases < 0 || u->bases > u->def->strength)
        return mu_rules_invalid (error, "%s has %d bases, strength %d", u->def->id, u->bases, u->def->strength);
      if (u->status == BAT_UNIT_ACTIVE && u->bases == 0)
        return mu_rules_invalid (error, "%s is on the table with no bases", u->def->id);
      if (u->status == BAT_UNIT_DISPERSED && u->bases != 0)
        return mu_rules_invalid (error, "%s is dispersed with %d bases", u->def->id, u->bases);
      if (bat_unit_on_table (u) && u->n_stands != (guint) u->bases)
        return mu_rules_invalid (error, "%s has %d bases but %u stands", u->def->id, u->bases, u->n_stands);
      for (guint k = 0; bat_unit_on_table (u) && k < u->n_stands; k++)
        {
          MuPoint p = u->stands[k].centre;
          if (p.x < 0 || p.y < 0 || p.x > m->table->width || p.y > m->table->height)
            return mu_rules_invalid (error, "a stand of %s is off the table", u->def->id);
          if (bat_point_impassable (m, p))
            return mu_rules_invalid (error, "a stand of %s is on impassable ground", u->def->id);
        }
      if (!bat_unit_on_table (u))
        continue;
      if (ov->unit[i] >= 0)
        return mu_rules_invalid (error, "the stands of %s and %s overlap", u->def->id,
                                 ((BatUnit *) g_ptr_array_index (m->units, ov->unit[i]))->def->id);
      if (ov->cdr[i] >= 0)
        return mu_rules_invalid (error, "the stands of %s and %s overlap", u->def->id,
                                 ((BatCdr *) g_ptr_array_index (m->cdrs, ov->cdr[i]))->def->id);
    }
  return TRUE;
}

/* The special rules the scenario's data enables: railroads with a railroad
 * reserve (BAT-MOV-10), river boats with a river boat (BAT-MOV-11). */
static gboolean
option_default (const MuScenario *s, const char *key, gboolean *on)
{
  if (g_str_equal (key, "bat.railroads"))
    *on = baa_common_has_rail_reserve (s);
  else if (g_str_equal (key, "bat.river-boats"))
    *on = baa_common_has_river_boat (s);
  else
    return FALSE;
  return TRUE;
}

gboolean
bat_special_rule (const MuScenario *s,
                  const char       *key)
{
  gboolean on = FALSE;

  option_default (s, key, &on);
  return mu_scenario_option (s, key, on);
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  BatMatch *m = state;

  if (m->event_failure)
    return mu_rules_invalid (error, "%s", m->event_failure);
  return bat_check_invariants (m, error);
}

static void
check_each_event (gpointer state, gboolean on)
{
  ((BatMatch *) state)->check_events = on;
}

const MuRuleset mu_ruleset_baa_table = {
  .id = "baa-table",
  .name = N_("Brothers at Arms (miniatures)"),
  .board = MU_BOARD_TABLE,
  .turns = &bat_turns,
  .options = bat_options,
  .n_options = G_N_ELEMENTS (bat_options),
  .fields = bat_fields,
  .n_fields = G_N_ELEMENTS (bat_fields),
  .formations = bat_formation_shapes,
  .arms = bat_arms,
  .n_arms = G_N_ELEMENTS (bat_arms),
  .n_formations = BAT_FORM_N,
  .verbs = bat_verbs,
  .n_verbs = G_N_ELEMENTS (bat_verbs),
  .event_kinds = bat_event_kinds,
  .n_event_kinds = G_N_ELEMENTS (bat_event_kinds),
  .markers = bat_markers,
  .n_markers = G_N_ELEMENTS (bat_markers),
  .statuses = bat_statuses,
  .n_statuses = BAT_STATUS_N,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .apply = apply,
  .move_cost = bat_move_cost,
  .legal_commands = legal_commands,
  .command_radius = bat_command_radius,
  .legal_moves = legal_moves,
  .legal_actions = legal_actions,
  .legal_targets = legal_targets,
  .legal_region = legal_region,
  .line_of_sight = line_of_sight,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_scenario = bat_check_scenario,
  .option_default = option_default,
  /* TAB-12, BAT-MOV-4: impassable ground, and water (rivers are crossed at
   * fords and bridges, lines the move evaluator knows) */
  .impassable_areas = 1u << MU_AREA_IMPASSABLE | 1u << MU_AREA_WATER,
  .check_each_event = check_each_event,
};
