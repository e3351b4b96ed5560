/* mn-acw.c: the ACW variant of Morale Napoleon (rules digest
 * ../shared/rules/mn-acw.md): the ruleset tables behind mu-ruleset.h, the
 * turn structure and options, the views of the state and the invariants.
 * Its declarations are in mn-acw-decl.c, the rules in the mn-acw-*.c
 * modules (mn-acw-private.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"
#include "mn-acw-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* MN-CHG, MN-MEL: procedures a move or a contact starts. */
static const MuStepInfo mn_melee[] = {
  { "totals", N_("Melee totals"), "MN-MEL-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "outcome", N_("Outcome"), "MN-MEL-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "casualties", N_("Casualties"), "MN-MEL-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "retreat", N_("Retreat and advance"), "MN-MEL-6", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
};

static const MuStepInfo mn_player_turn[] = {
  { "activation", N_("Activation dice"), "MN-ACT-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "move", N_("Move"), "MN-MOV-2", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "charge", N_("Charge"), "MN-CHG-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PROCEDURE, NULL, 0 },
  { "battle", N_("Battle"), "MN-MEL-1", MU_STEP_ACTIVE_SIDE, 0, mn_melee, G_N_ELEMENTS (mn_melee) },
};

static const MuStepInfo mn_steps[] = {
  { "initiative", N_("Initiative"), "MN-INI-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "player-turn", N_("Player turn"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    mn_player_turn, G_N_ELEMENTS (mn_player_turn) },
  { "end", N_("End of turn"), NULL, MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuResourceInfo mn_resources[] = {
  { "activation", N_("Activations"), "MN-ACT-1", MU_RESOURCE_PER_SIDE, 0, G_MAXINT },
};

static const MuTurnStructure mn_turns = {
  .turn_name = N_("Turn"),
  .minutes_per_turn = 0,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = mn_steps,
  .n_steps = G_N_ELEMENTS (mn_steps),
  .resources = mn_resources,
  .n_resources = G_N_ELEMENTS (mn_resources),
};

static const MuRuleOptionInfo mn_options[] = {
  { "mn.activation-dice", N_("Activation dice"),
    N_("The d6 each player rolls for activations: 2, 3 in large scenarios, 4 in very large ones"),
    "MN-ACT-1", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 2, 4, 2, NULL },
  { "mn.bua-defence", N_("Built-up area defence"),
    N_("The defending value of built-up areas"), "MN-TER-1", MU_RULE_SPECIAL, FALSE,
    MU_OPTION_NUMBER, 1, 6, 3, NULL },
};

/* Play ------------------------------------------------------------------------------ */

static gpointer
state_new (const MuScenario *scenario, MuDice *dice, GPtrArray *events, GError **error)
{
  return mn_match_new (&mu_ruleset_mn_acw, scenario, dice, events, error);
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return mn_match_copy (state, dice);
}

static void
state_free (gpointer state)
{
  mn_match_free (state);
}

gboolean
mn_apply (MnMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (command);

  if (m->finished)
    return mu_rules_refuse (error, "MN-AMB-81", "the match is over");
  if (events != NULL)
    m->sight_valid = FALSE;
  if (g_str_equal (verb, "choose"))
    return mn_choose (m, command, events, error);
  if (m->decision.kind != MN_DECIDE_NONE)
    return mu_rules_refuse (error, "MN-AMB-71", "%s must first answer: %s", m->side_id[m->decision.side],
                            m->decision.question);
  if (g_str_equal (verb, "end-phase"))
    return mn_end_phase (m, events, error);
  if (g_str_equal (verb, "activate"))
    return mn_apply_activate (m, command, events, error);
  if (g_str_equal (verb, "move"))
    return mn_apply_move (m, command, events, error);
  if (g_str_equal (verb, "attach"))
    return mn_apply_attach (m, command, events, error);
  if (g_str_equal (verb, "charge"))
    return mn_apply_charge (m, command, events, error);
  if (g_str_equal (verb, "bombard"))
    return mn_apply_bombard (m, command, events, error);
  if (g_str_equal (verb, "fight"))
    return mn_apply_fight (m, command, events, error);
  return mu_rules_refuse (error, NULL, "unknown command “%s”", verb);
}

static gboolean
apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  return mn_apply (state, command, events, error);
}

static GPtrArray *
legal_commands (gpointer state)
{
  return mn_legal_commands (state);
}

static const char *const mn_paths[] = {
  "initiative", "player-turn/activation", "player-turn/move", "player-turn/battle", "end",
};
static const char *const mn_step_ids[] = { "initiative", "activation", "move", "battle", "end" };

static void
position (gpointer state, MuPosition *p)
{
  MnMatch *m = state;
  gboolean in_turn = m->step >= MN_STEP_ACTIVATION && m->step <= MN_STEP_BATTLE;

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->step;
  p->phase_id = mn_step_ids[m->step];
  p->side = in_turn ? m->side_id[mn_active_side (m)] : NULL;
  p->minutes = mu_rules_bound_minutes (&m->scenario->timeline, m->bound);
  p->night = mu_rules_night_bound (&m->scenario->timeline, m->bound);
  p->finished = m->finished;
  p->path = mn_paths[m->step];
  p->side_order = m->order_id;
  p->awaited = m->finished || !in_turn ? NULL
               : m->decision.kind != MN_DECIDE_NONE ? m->side_id[m->decision.side] : p->side;
}

static const MuDecision *
pending (gpointer state)
{
  return mn_decision_view (state);
}

static GArray *
counters (gpointer state)
{
  MnMatch *m = state;
  if (m->counter_views == NULL)
    m->counter_views = mu_counter_view_array_new ();
  g_array_set_size (m->counter_views, 0);
  MN_FOR_UNITS (m, u)
    {
      MuCounterView v = { 0 };
      GString *mk = g_string_new (NULL);
      const MnUnit *at = u->attached != MN_NONE ? g_ptr_array_index (m->units, u->attached) : u;

      v.counter = u->def;
      v.id = u->def->id;
      v.side = u->def->side;
      v.status = &mn_statuses[mn_on_table (u) || u->status != MN_STATUS_ACTIVE ? u->status
                                                                               : MN_STATUS_RESERVE];
      if (mn_has_stands (at))
        {
          MuPoint a = mn_anchor (at);

          v.pos = mu_pos_from_point (a.x, a.y, at->facing);
        }
      v.strength = u->status == MN_STATUS_ACTIVE ? u->bases : 0;
      if (u->type != MN_TYPE_LEADER)
        v.formation = mn_form_id (u->form);
      if (u->activated) g_string_append (mk, ",activated");
      if (u->owes_move) g_string_append (mk, ",owes-move");
      if (u->art_fired) g_string_append (mk, ",fired");
      if (u->type != MN_TYPE_LEADER && mn_in_melee (m, u)) g_string_append (mk, ",melee");
      mu_counter_view_set_markers (&v, mk->len ? mk->str + 1 : "");
      g_string_free (mk, TRUE);
      if (u->attached != MN_NONE)
        v.attached = g_strdup (at->def->id);
      if (mn_has_stands (u))
        mu_counter_view_set_stands (&v, u->stands, u->n_stands);
      g_array_append_val (m->counter_views, v);
    }
  return m->counter_views;
}

static GArray *
objectives (gpointer state)
{
  MnMatch *m = state;

  if (m->objective_views == NULL)
    m->objective_views = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  g_array_set_size (m->objective_views, 0);
  for (guint i = 0; i < m->scenario->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (m->scenario->objectives, i);
      MuObjectiveView v = { 0 };

      v.objective = o;
      v.id = o->id;
      v.pos = mu_pos_from_point (o->pos.x, o->pos.y, -1);
      v.owner = o->owner;
      g_array_append_val (m->objective_views, v);
    }
  return m->objective_views;
}

static gboolean
resource (gpointer state, const char *id, const char *owner, int *value)
{
  MnMatch *m = state;

  if (g_strcmp0 (id, "activation") != 0)
    return FALSE;
  for (int s = 0; s < MN_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], owner) == 0)
      {
        *value = m->activations[s];
        return TRUE;
      }
  return FALSE;
}

static void
victory (gpointer state, MuResult *r)
{
  MnMatch *m = state;
  int score[MN_SIDES];

  if (m->finished)
    memcpy (score, m->score, sizeof score);
  else
    mn_scores (m, score);
  mu_rules_result (r, m->side_id, score, m->finished, m->winner,
                   m->winner == MN_NONE ? "draw" : "victory", ABS (score[0] - score[1]));
  /* the task met in the scenario's own words, else the engine's */
  if (m->finished && m->end_task != NULL && m->end_task->text != NULL && *m->end_task->text != '\0')
    r->reason = m->end_task->text;
  else if (m->finished && m->end_reason != NULL)
    r->reason = g_dgettext (GETTEXT_PACKAGE, m->end_reason);
}

static const MuTableState *
table_state (gpointer state)
{
  return ((MnMatch *) state)->areas;
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  MnMatch *m = state;

  if (m->event_failure)
    return mu_rules_invalid (error, "%s", m->event_failure);
  return mn_check_invariants (m, error);
}

static void
check_each_event (gpointer state, gboolean on)
{
  ((MnMatch *) state)->check_events = on;
}

/* The tables ------------------------------------------------------------------------- */

const MuRuleset mu_ruleset_mn_acw = {
  .id = "mn-acw",
  .name = N_("Morale Napoleon, ACW variant"),
  .board = MU_BOARD_TABLE,
  .turns = &mn_turns,
  .options = mn_options,
  .n_options = G_N_ELEMENTS (mn_options),
  .fields = mn_fields,
  .n_fields = MN_N_FIELDS,
  .formations = mn_formation_shapes,
  .n_formations = MN_FORM_N,
  .verbs = mn_verbs,
  .n_verbs = MN_N_VERBS,
  .event_kinds = mn_event_kinds,
  .n_event_kinds = MN_N_EVENT_KINDS,
  .markers = mn_markers,
  .n_markers = MN_N_MARKERS,
  .statuses = mn_statuses,
  .n_statuses = MN_N_STATUSES,
  .check_scenario = mn_check_scenario,
  /* MN-AMB-77: water areas and impassable ground are never entered */
  .impassable_areas = 1u << MU_AREA_IMPASSABLE | 1u << MU_AREA_WATER,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .apply = apply,
  .legal_commands = legal_commands,
  .move_cost = mn_move_cost,
  .line_of_sight = mn_line_of_sight,
  .legal_moves = mn_legal_moves,
  .legal_targets = mn_legal_targets,
  .outstanding = mn_outstanding,
  .legal_region = mn_legal_region,
  .attack_path = mn_charge_path,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .resource = resource,
  .table_state = table_state,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_each_event = check_each_event,
};
