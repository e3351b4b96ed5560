/* regimental.c: the regimental ACW quick-reference rules (rules digest
 * ../shared/rules/regimental.md): the registry's table (turn, options,
 * values, pieces, verbs and play) and the views of the state. The rules
 * are in the regimental-*.c modules (regimental-private.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "rules/mu-rulesets.h"
#include "regimental-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* QRS-CHG: the charge procedure step 6 runs for each charging unit. */
static const MuStepInfo qrs_charge[] = {
  { "declaration", N_("Declaration"), "QRS-CHG-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "bonus", N_("Charge bonus and disorder point"), "QRS-CHG-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "defensive-volley", N_("Defensive volley point"), "QRS-CHG-3", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "impact", N_("Impact"), "QRS-CHG-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "volleys", N_("Volleys after impact"), "QRS-CHG-7", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "melee", N_("Melee"), "QRS-CHG-8", MU_STEP_AUTOMATIC, MU_STEP_REPEATED, NULL, 0 },
};

/* §2: ten steps; both sides act in each, the side that won this turn's
 * roll first (TAB-20); orders are secret and revealed together. */
static const MuStepInfo qrs_steps[] = {
  /* the turn opens with its initiative roll; named so that its step event
   * reads as a step like the others */
  { "start", N_("Initiative"), "TAB-20, QRS-AMB-39", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "orders", N_("Mark orders"), "QRS-ORD-1", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "rout", N_("Move routed units"), "QRS-MOV-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "rally", N_("Rally"), "QRS-MOR-4", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "replacement", N_("Replacement"), "QRS-REP-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "reveal", N_("Reveal orders"), "QRS-ORD-3", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "first-fire", N_("First fires"), "QRS-FIRE-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "disengage", N_("Disengage"), "QRS-MOV-4", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "charges", N_("Charges"), "QRS-CHG-1", MU_STEP_EACH_SIDE, MU_STEP_PER_COUNTER,
    qrs_charge, G_N_ELEMENTS (qrs_charge) },
  { "movement", N_("Normal movement"), "QRS-MOV-2", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "moving-fire", N_("Moving fires"), "QRS-FIRE-1", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "officers", N_("Officer casualties"), "QRS-OFF-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "end", N_("End of turn"), NULL, MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuTurnStructure qrs_turns = {
  .turn_name = N_("Turn"),
  .minutes_per_turn = 20,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = qrs_steps,
  .n_steps = G_N_ELEMENTS (qrs_steps),
};

static const MuRuleOptionInfo qrs_options[] = {
  { "qrs.alternative-charge", N_("Alternative charge resolution"),
    N_("P. J. O'Neill's alternative replaces charge steps 5 and 6"), "QRS-ALT-1",
    MU_RULE_OPTIONAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
  { "qrs.combat-dice", N_("Combat dice"), N_("Dice rolled for a fire combat (MISSING-2)"),
    "QRS-FIRE-2", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 1, 6, 2, NULL },
  { "qrs.figures-per-stand", N_("Figures per stand"),
    N_("Losses of the alternative table counted in figures; 1 when figures are not tracked"),
    "QRS-AMB-26", MU_RULE_SPECIAL, FALSE, MU_OPTION_NUMBER, 1, 99, 1, NULL },
};

/* Play ------------------------------------------------------------------------------ */

static gpointer
state_new (const MuScenario *scenario, MuDice *dice, GPtrArray *events, GError **error)
{
  return qrs_match_new (&mu_ruleset_regimental, scenario, dice, events, error);
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return qrs_match_copy (state, dice);
}

static void
state_free (gpointer state)
{
  qrs_match_free (state);
}

static gboolean
apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  return qrs_apply (state, command, events, error);
}

static GPtrArray *
legal_commands (gpointer state)
{
  return qrs_legal_commands (state);
}

static GPtrArray *
legal_targets (gpointer state, const char *counter)
{
  QrsMatch *m = state;
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  QrsUnit *u = qrs_find (m, counter);

  if (u && qrs_can_fire (m, u, u->side != qrs_acting_side (m), NULL))
    QRS_FOR_UNITS (m, t)
      if (qrs_fire_target_ok (m, u, t, NULL))
        g_ptr_array_add (ids, g_strdup (t->def->id));
  return ids;
}

static const char *const qrs_paths[] = {
  "orders", "orders", "rally", "reveal", "first-fire", "disengage", "charges", "movement",
  "moving-fire", "officers", "end",
};

static void
position (gpointer state, MuPosition *p)
{
  QrsMatch *m = state;
  int side = qrs_acting_side (m);

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->step;
  p->phase_id = qrs_paths[m->step];
  p->side = side == QRS_NONE ? NULL : m->side_id[side];
  /* QRS-AMB-83: each turn is 20 minutes whatever the timeline says */
  p->minutes = (m->scenario->timeline.start_minutes
                + 20 * (m->bound - MAX (m->scenario->timeline.first_bound, 1))) % 1440;
  p->finished = m->finished;
  p->path = qrs_paths[m->step];
  p->side_order = m->order_id;
  p->awaited = m->finished ? NULL : m->ask.id ? m->side_id[m->ask.side] : p->side;
}

static const MuDecision *
pending (gpointer state)
{
  QrsMatch *m = state;

  return m->ask.id ? &m->ask.view : NULL;
}

static const char *const order_markers[] = {
  NULL, "order-h", "order-fm", "order-fr", "order-c", "order-ch", "order-m", "order-d",
};

/* TAB-19: `side` (NULL: everyone, the full record) sees another side's
 * order only once it is revealed. */
static GArray *
views_for (QrsMatch *m, const char *side)
{
  if (m->counter_views == NULL)
    m->counter_views = mu_counter_view_array_new ();
  g_array_set_size (m->counter_views, 0);
  QRS_FOR_UNITS (m, u)
    {
      MuCounterView v = { 0 };
      GString *mk = g_string_new (NULL);

      v.counter = u->def;
      v.id = u->def->id;
      v.side = u->def->side;
      v.status = &qrs_statuses[!u->removed ? 0 : u->arm == QRS_ARM_OFFICER ? 2 : 1];
      if (u->n_stands > 0)
        {
          MuPoint a = mu_stands_anchor (u->stand, u->n_stands);

          v.pos = mu_pos_from_point (a.x, a.y, u->facing);
        }
      v.strength = u->removed ? 0 : u->stands;
      if (u->arm != QRS_ARM_OFFICER)
        v.formation = qrs_form_id (u->form);
      if (u->order != QRS_ORDER_NONE)
        {
          gboolean shown = side == NULL || u->revealed || g_strcmp0 (side, u->def->side) == 0;

          g_string_append_printf (mk, ",%s", shown ? order_markers[u->order] : "ordered");
        }
      if (u->morale == QRS_SHAKEN) g_string_append (mk, ",shaken");
      if (u->morale == QRS_ROUTED) g_string_append (mk, ",routed");
      if (u->disordered) g_string_append (mk, ",disordered");
      if (u->ammo_low) g_string_append (mk, ",low-ammo");
      if (u->fired) g_string_append (mk, ",fired");
      /* QRS-AMB-73: a melee lasts while the units touch */
      if (u->arm != QRS_ARM_OFFICER && !u->removed && qrs_in_contact (m, u))
        g_string_append (mk, ",melee");
      if (u->arm == QRS_ARM_OFFICER && (u->suspended || u->suspend_next))
        g_string_append (mk, u->wound == 1 ? ",minor" : ",serious");
      mu_counter_view_set_markers (&v, mk->len ? mk->str + 1 : "");
      g_string_free (mk, TRUE);
      if (u->n_stands)
        mu_counter_view_set_stands (&v, u->stand, u->n_stands);
      g_array_append_val (m->counter_views, v);
    }
  return m->counter_views;
}

static GArray *
counters (gpointer state)
{
  return views_for (state, NULL);
}

static GArray *
counters_for (gpointer state, const char *side)
{
  return views_for (state, side);
}

static GArray *
objectives (gpointer state)
{
  QrsMatch *m = state;

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
      v.owner = m->owner[i];
      g_array_append_val (m->objective_views, v);
    }
  return m->objective_views;
}

static void
victory (gpointer state, MuResult *r)
{
  QrsMatch *m = state;
  int score[QRS_SIDES];

  if (m->finished)
    memcpy (score, m->score, sizeof score);
  else
    qrs_scores (m, score);
  mu_rules_result (r, m->side_id, score, m->finished, m->winner, m->finished ? m->level : NULL,
                   ABS (score[0] - score[1]));
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  QrsMatch *m = state;

  if (m->event_failure)
    return mu_rules_invalid (error, "%s", m->event_failure);
  return qrs_check_invariants (m, error);
}

static void
check_each_event (gpointer state, gboolean on)
{
  ((QrsMatch *) state)->check_events = on;
}

/* Hold fire (QRS-AMB-41) --------------------------------------------------------------- */

/* The other side's H and unreleased CH units that may fire now, at any
 * legal target (`fire UNIT TARGET`). */
GPtrArray *
qrs_hold_fires (QrsMatch *m, int side, const QrsUnit *acted)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  gboolean opens = acted == NULL;

  QRS_FOR_UNITS (m, u)
    if (u->side == side && qrs_can_fire (m, u, TRUE, NULL))
      {
        if (acted && !opens && qrs_fire_target_ok (m, u, acted, NULL))
          opens = TRUE;
        QRS_FOR_UNITS (m, t)
          if (qrs_fire_target_ok (m, u, t, NULL))
            {
              MuCommand *c = mu_command_new ("fire");

              mu_command_add_word (c, u->def->id);
              mu_command_add_word (c, t->def->id);
              g_ptr_array_add (list, c);
            }
      }
  if (!opens)
    g_ptr_array_set_size (list, 0);
  return list;
}

/* A window opens after each command of the acting side in steps 4-8
 * that fired or moved a unit, or declared a charge (which waits for it),
 * for the other side when one of its eligible units has the unit that
 * acted as a legal target. */
static gboolean
reaction_window (gpointer state, const MuCommand *command, MuReactionWindow *window)
{
  QrsMatch *m = state;
  int side = qrs_acting_side (m);
  QrsUnit *u;
  g_autoptr(GPtrArray) list = NULL;

  if (side == QRS_NONE || m->ask.id || m->step < QRS_STEP_FIRST_FIRE
      || (!g_str_equal (mu_command_get_verb (command), "fire")
          && !g_str_equal (mu_command_get_verb (command), "move")
          && !(g_str_equal (mu_command_get_verb (command), "charge") && qrs_charge_declared (m))))
    return FALSE;
  u = qrs_find (m, mu_command_word (command, 0));
  if (u == NULL || u->removed || u->arm == QRS_ARM_OFFICER)
    return FALSE;
  list = qrs_hold_fires (m, 1 - side, u);
  if (list->len == 0)
    return FALSE;
  window->id = g_strdup ("hold-fire");
  window->side = g_strdup (m->side_id[1 - side]);
  window->subject = g_strdup (u->def->id);
  window->rule = g_strdup ("QRS-AMB-41");
  return TRUE;
}

static GPtrArray *
reactions (gpointer state, const MuReactionWindow *window)
{
  QrsMatch *m = state;
  int side = qrs_acting_side (m);

  if (side == QRS_NONE || m->ask.id)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  return qrs_hold_fires (m, 1 - side, NULL);
}

static gboolean
react (gpointer state, const MuReactionWindow *window, const MuCommand *command, GPtrArray *events,
       GError **error)
{
  QrsMatch *m = state;

  if (!g_str_equal (mu_command_get_verb (command), "fire"))
    return mu_rules_refuse (error, "QRS-AMB-41", "only a hold fire may be given now");
  return qrs_apply_fire (m, command, TRUE, events, error);
}

/* QRS-AMB-41: a charge declared before the window is resolved after it. */
static void
window_closed (gpointer state, const MuReactionWindow *window, GPtrArray *events)
{
  QrsMatch *m = state;

  if (qrs_charge_declared (m))
    qrs_charge_resume (m, events);
}

const MuRuleset mu_ruleset_regimental = {
  .id = "regimental",
  .name = N_("Regimental quick-reference rules"),
  .board = MU_BOARD_TABLE,
  .turns = &qrs_turns,
  .options = qrs_options,
  .n_options = G_N_ELEMENTS (qrs_options),
  .verbs = qrs_verbs,
  .n_verbs = QRS_N_VERBS,
  .event_kinds = qrs_event_kinds,
  .n_event_kinds = QRS_N_EVENT_KINDS,
  .event_words = qrs_event_words,
  .n_event_words = QRS_N_EVENT_WORDS,
  .fields = qrs_fields,
  .n_fields = QRS_N_FIELDS,
  .formations = qrs_formation_shapes,
  .n_formations = QRS_FORM_N,
  .markers = qrs_markers,
  .n_markers = QRS_N_MARKERS,
  .statuses = qrs_statuses,
  .n_statuses = QRS_N_STATUSES,
  .check_scenario = qrs_check_scenario,
  /* QRS-AMB-53: water and impassable areas are never entered */
  .impassable_areas = 1u << MU_AREA_IMPASSABLE | 1u << MU_AREA_WATER,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .apply = apply,
  .move_cost = qrs_move_cost,
  .legal_commands = legal_commands,
  .legal_targets = legal_targets,
  .position = position,
  .pending = pending,
  .counters = counters,
  .counters_for = counters_for,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_each_event = check_each_event,
  .reaction_window = reaction_window,
  .reactions = reactions,
  .react = react,
  .window_closed = window_closed,
};
