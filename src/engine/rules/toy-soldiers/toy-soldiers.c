/* toy-soldiers.c: the Toy Soldiers battalion rules (rules digest
 * ../shared/rules/toy-soldiers.md): the ruleset tables behind
 * mu-ruleset.h, the turn structure and options, the views of the state
 * and the command dispatch. Its declarations are in toy-soldiers-decl.c,
 * the rules in the toy-soldiers-*.c modules (toy-soldiers-private.h).
 * The charge sequence is toy-soldiers-charge*.c; its defender's steps
 * are the reaction window below. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-geom.h"
#include "rules/mu-rulesets.h"
#include "toy-soldiers-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* TS-CHG, TS-CR, TS-MEL: the charge sequence, then contact resolution and
 * melee, started by a charge declaration; the opponent reacts inside it. */
/* The steps of contact resolution (TS-CR-1..TS-CR-11), one a numbered
 * step of 3.21, so that the tracker can say which one a conflict is at. */
static const MuStepInfo ts_contact[] = {
  { "step-1", N_("Step 1: command rolls"), "TS-CR-1", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "step-2", N_("Step 2: abort or disengage"), "TS-CR-2a", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "step-3", N_("Step 3: disorder rolls"), "TS-CR-3", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "step-4", N_("Step 4: halt or withdraw"), "TS-CR-4a", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "step-5", N_("Step 5: stress rolls"), "TS-CR-5", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "step-6", N_("Step 6: fall back or retreat"), "TS-CR-6a", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "step-7", N_("Step 7: upping the stakes"), "TS-CR-7", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "step-8", N_("Step 8: attached commanders"), "TS-CR-8", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "step-9", N_("Step 9: testing the men"), "TS-CR-9", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "advance", N_("After resolution"), "TS-CR-11", MU_STEP_EACH_SIDE, 0, NULL, 0 },
};

/* TS-CHG, TS-CR, TS-MEL: the charge sequence, then contact resolution and
 * melee, started by a charge declaration; the opponent reacts inside it.
 * Each step that waits for a command or an answer is a row of its own
 * (ts_charge_path() names the one the charge is at). */
static const MuStepInfo ts_charge[] = {
  { "declaration", N_("Declaration"), "TS-CHG-0", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "stage-12", N_("12\" stage"), "TS-CHG-1", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "react-12", N_("Reactions at 12\""), "TS-CHG-3", MU_STEP_REACTING_SIDE, 0, NULL, 0 },
  { "abort-12", N_("Abort at 12\""), "TS-CHG-4", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "stage-6", N_("6\" stage"), "TS-CHG-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
  { "react-6", N_("Reactions at 6\""), "TS-CHG-6", MU_STEP_REACTING_SIDE, 0, NULL, 0 },
  { "abort-6", N_("Abort at 6\""), "TS-CHG-7", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "balk", N_("Balking"), "TS-CHG-8", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "stage-2", N_("2\" stage"), "TS-CHG-9", MU_STEP_EACH_SIDE, 0, NULL, 0 },
  { "volley", N_("Final volley"), "TS-CHG-11", MU_STEP_REACTING_SIDE, 0, NULL, 0 },
  { "contact", N_("Contact resolution"), "TS-CR-1", MU_STEP_EACH_SIDE, 0,
    ts_contact, G_N_ELEMENTS (ts_contact) },
  { "melee", N_("Melee"), "TS-MEL-3", MU_STEP_EACH_SIDE, MU_STEP_REPEATED, NULL, 0 },
};

static const MuStepInfo ts_player_turn[] = {
  { "commander", N_("Commander action"), "TS-CDR-1", MU_STEP_ACTIVE_SIDE, 0, NULL, 0 },
  { "units", N_("Unit actions"), "TS-ACT-1", MU_STEP_ACTIVE_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "charge", N_("Charge"), "TS-CHG-0", MU_STEP_ACTIVE_SIDE, MU_STEP_PROCEDURE,
    ts_charge, G_N_ELEMENTS (ts_charge) },
  { "end", N_("End of player turn"), "TS-ELAN-5", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

static const MuStepInfo ts_steps[] = {
  { "initiative", N_("Initiative roll"), "TS-INI-2", MU_STEP_AUTOMATIC, MU_STEP_CONDITIONAL, NULL, 0 },
  { "player-turn", N_("Player turn"), NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE,
    ts_player_turn, G_N_ELEMENTS (ts_player_turn) },
  { "end", N_("End of game turn"), "TS-SMK-2", MU_STEP_AUTOMATIC, 0, NULL, 0 },
};

/* TS-AMB-54, TS-AMB-56: élan per side (open: below 0 loses), chaos per
 * commander with the cap of 6. */
static const MuResourceInfo ts_resources[] = {
  { "elan", N_("Élan"), "TS-ELAN-1", MU_RESOURCE_PER_SIDE, G_MININT, G_MAXINT },
  { "chaos", N_("Chaos"), "TS-STATE-3", MU_RESOURCE_PER_COMMANDER, 1, 6 },
};

static const MuTurnStructure ts_turns = {
  .turn_name = N_("Game turn"),
  .minutes_per_turn = 0,
  .side_order = MU_SIDE_ORDER_INITIATIVE,
  .steps = ts_steps,
  .n_steps = G_N_ELEMENTS (ts_steps),
  .resources = ts_resources,
  .n_resources = G_N_ELEMENTS (ts_resources),
};

static const MuRuleOptionInfo ts_options[] = {
  { "ts.time-limit", N_("Time limit"), N_("The game ends after the scenario's number of game turns"),
    "TS-END-3", MU_RULE_SPECIAL, FALSE, MU_OPTION_BOOLEAN, 0, 0, 0, NULL },
};

/* Play ------------------------------------------------------------------------------ */

static gpointer
state_new (const MuScenario *scenario, MuDice *dice, GPtrArray *events, GError **error)
{
  return ts_match_new (&mu_ruleset_toy_soldiers, scenario, dice, events, error);
}

static gpointer
state_copy (gpointer state, MuDice *dice)
{
  return ts_match_copy (state, dice);
}

static void
state_free (gpointer state)
{
  ts_match_free (state);
}

static const char *const commander_verbs[] = {
  "attach", "ride", "consolidate", "inspire", "aware", "rally", "berate", "reform", NULL,
};

gboolean
ts_apply (TsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (command);

  if (m->finished)
    return mu_rules_refuse (error, "TS-END-1", "the match is over");
  if (g_str_equal (verb, "choose"))
    return ts_choose (m, command, events, error);
  /* TS-CR-11: a winner may enter a village instead of advancing */
  if (m->decision.kind == TS_DECIDE_CONTACT && g_str_equal (verb, "garrison"))
    return ts_contact_garrison (m, command, events, error);
  if (m->decision.kind != TS_DECIDE_NONE)
    return mu_rules_refuse (error, m->decision.rule, "%s must first answer: %s",
                            ts_side_name (m, m->decision.side), m->decision.question);
  /* 3.20: the charge's own commands, and nothing else while one is on */
  if (ts_charge_owns (m, command))
    return ts_charge_apply (m, command, events, error);
  if (g_str_equal (verb, "end-phase"))
    return ts_end_phase (m, events, error);
  if (g_strv_contains (commander_verbs, verb))
    return ts_apply_commander (m, command, events, error);
  return ts_apply_unit (m, command, events, error);
}

static gboolean
apply (gpointer state, const MuCommand *command, GPtrArray *events, GError **error)
{
  return ts_apply (state, command, events, error);
}

/* MuRuleset.attack_path: a charge's (or counter-charge's) line as the
 * front ends draw it before it is declared: the anchor where the unit
 * stands, turned to the contact facing where its slides start
 * (TS-AMB-65), then its contact pose (TS-AMB-64). Only a command the
 * engine would take now. */
static gboolean
attack_path (gpointer state, const MuCommand *c, GArray *path)
{
  TsMatch *m = state;
  const char *verb = mu_command_get_verb (c);
  const TsUnit *u;
  const MuArg *to;
  MuPos pos;

  if ((!g_str_equal (verb, "charge") && !g_str_equal (verb, "counter-charge")) || mu_command_n_args (c) < 3 ||
      !ts_apply (m, c, NULL, NULL))
    return FALSE;
  u = ts_find (m, mu_command_word (c, 0));
  to = mu_command_arg (c, 2);
  if (u == NULL || to->kind != MU_ARG_POS || !to->pos.is_point)
    return FALSE;
  pos = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  g_array_append_val (path, pos);
  if (to->pos.has_facing && fabs (remainder (u->facing - to->pos.facing, 360.0)) > 0.05)
    {
      pos = mu_pos_from_point (u->anchor.x, u->anchor.y, to->pos.facing);
      g_array_append_val (path, pos);
    }
  pos = to->pos;
  g_array_append_val (path, pos);
  return TRUE;
}

static GPtrArray *
legal_commands (gpointer state)
{
  return ts_legal_commands (state);
}

/* The legal commands that name the counter, and for a battalion holding a
 * village block those that name the block: its companies there take their
 * commands by the block's id (TS-VIL-2), so that a garrison selected on
 * the board offers its reorder, fire and leave. */
static GPtrArray *
legal_actions (gpointer state, const char *counter)
{
  const TsMatch *m = state;
  const TsUnit *u = ts_find (m, counter);
  const TsBlock *b = u != NULL ? ts_block_at (m, u->block) : NULL;
  /* the block it holds now, not one it has left */
  const char *block = b != NULL && b->unit == ts_unit_index (m, u) ? b->area->id : NULL;
  GPtrArray *all = ts_legal_commands (state);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  for (guint i = 0; i < all->len; i++)
    {
      MuCommand *c = g_ptr_array_index (all, i);

      for (guint k = 0; k < mu_command_n_args (c); k++)
        {
          const char *word = mu_command_word (c, k);

          if (g_strcmp0 (word, counter) == 0 || (block != NULL && g_strcmp0 (word, block) == 0))
            {
              g_ptr_array_add (out, g_ptr_array_steal_index (all, i--));
              break;
            }
        }
    }
  g_ptr_array_unref (all);
  return out;
}

static const char *const ts_paths[] = {
  [TS_STEP_INITIATIVE] = "initiative", [TS_STEP_COMMANDER] = "player-turn/commander",
  [TS_STEP_UNITS] = "player-turn/units", [3] = "player-turn/charge", [4] = "player-turn/end",
  [TS_STEP_END] = "end",
};
static const char *const ts_step_ids[] = {
  [TS_STEP_INITIATIVE] = "initiative", [TS_STEP_COMMANDER] = "commander", [TS_STEP_UNITS] = "units",
  [3] = "charge", [4] = "end-of-player-turn", [TS_STEP_END] = "end",
};

static void
position (gpointer state, MuPosition *p)
{
  TsMatch *m = state;
  gboolean in_turn = m->step == TS_STEP_COMMANDER || m->step == TS_STEP_UNITS;

  memset (p, 0, sizeof *p);
  p->bound = m->bound;
  p->phase = m->step;
  p->phase_id = ts_step_ids[m->step];
  p->side = in_turn ? m->side_id[ts_active_side (m)] : NULL;
  p->minutes = mu_rules_bound_minutes (&m->scenario->timeline, m->bound);
  p->night = mu_rules_night_bound (&m->scenario->timeline, m->bound);
  p->finished = m->finished;
  p->path = ts_paths[m->step];
  p->side_order = m->order_id;
  p->awaited = m->finished || !in_turn ? NULL
               : m->decision.kind != TS_DECIDE_NONE ? m->side_id[m->decision.side] : p->side;
  /* 3.20: a charge under way is the unit step's procedure; the stage
   * whose step awaits a command is on the position line */
  if (in_turn && m->charge != NULL)
    {
      static const char *const details[8] = { [3] = "charge=3", [4] = "charge=4", [6] = "charge=6",
                                              [7] = "charge=7" };

      p->detail = details[ts_charge_stage (m)];
      if (ts_charge_path (m))
        p->path = ts_charge_path (m);
    }
}

static const MuDecision *
pending (gpointer state)
{
  return ts_decision_view (state);
}

static GArray *
counters (gpointer state)
{
  TsMatch *m = state;

  if (m->counter_views == NULL)
    m->counter_views = mu_counter_view_array_new ();
  g_array_set_size (m->counter_views, 0);
  TS_FOR_UNITS (m, u)
    {
      MuCounterView v = { 0 };
      GString *mk = g_string_new (NULL);

      v.counter = u->def;
      v.id = u->def->id;
      v.side = u->def->side;
      v.status = &ts_statuses[u->dispersed ? 1 : 0];
      if (u->type == TS_COMMANDER)
        {
          MuStand s = ts_commander_stand (m, u);
          MuPoint f = mu_facing_vector (s.facing);

          v.pos = mu_pos_from_point (s.centre.x + f.x * s.depth / 2, s.centre.y + f.y * s.depth / 2, s.facing);
          g_string_append_printf (mk, ",chaos-%d", u->chaos);
          if (u->cdr_acted) g_string_append (mk, ",acted");
          if (u->aware) g_string_append (mk, ",aware");
          if (u->attached != TS_NONE)
            v.attached = g_strdup (ts_unit_at (m, u->attached)->def->id);
          else
            mu_counter_view_set_stands (&v, u->st, u->n_st);
        }
      else
        {
          if (ts_in_play (u))
            {
              /* the formed stands, then the skirmish stands (TS-AMB-81) */
              MuStand all[MU_STANDS_MAX];
              guint n = 0;

              for (guint k = 0; k < u->n_st && n < MU_STANDS_MAX; k++)
                all[n++] = u->st[k];
              for (int k = 0; k < u->n_skirm && n < MU_STANDS_MAX; k++)
                all[n++] = u->skirm[k];
              v.pos = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
              mu_counter_view_set_stands (&v, all, n);
              ts_charge_plan (m, u, &v);
            }
          v.strength = u->dispersed ? 0 : u->stands;
          v.formation = ts_form_id (u->form);
          if (!u->dispersed && ts_garrisoned (m, u))
            {
              /* TS-AMB-85, TS-VIL-2: the whole battalion is in a block, no
               * stand on the table: its place is the block, its stress die
               * the block's */
              const TsBlock *b = ts_block_at (m, u->block);
              MuPoint c = mu_points_centre ((const MuPoint *) b->area->points->data, b->area->points->len);

              v.pos = mu_pos_from_point (c.x, c.y, u->facing);
              g_string_append_printf (mk, ",disorder-%d,stress-%d", u->disorder, b->stress);
            }
          else
            /* TS-STATE-1, TS-STATE-2: the two dice, always */
            g_string_append_printf (mk, ",disorder-%d,stress-%d", u->disorder, u->stress);
          if (u->acted) g_string_append (mk, ",acted");
          if (u->hasty) g_string_append (mk, ",hasty");
          if (u->limbers_back) g_string_append (mk, ",limbers-back");
          if (u->fired_on) g_string_append (mk, ",fired-on");
          if (ts_in_play (u) && ts_smoke_on (m, u, FALSE)) g_string_append (mk, ",smoke");
          if (ts_charge_target (m, u)) g_string_append (mk, ",target");
        }
      mu_counter_view_set_markers (&v, mk->len ? mk->str + 1 : "");
      g_string_free (mk, TRUE);
      g_array_append_val (m->counter_views, v);
    }
  return m->counter_views;
}

static GArray *
objectives (gpointer state)
{
  TsMatch *m = state;

  /* TS-AMB-80: objectives do not count; none are shown in play */
  if (m->objective_views == NULL)
    m->objective_views = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  g_array_set_size (m->objective_views, 0);
  return m->objective_views;
}

static gboolean
resource (gpointer state, const char *id, const char *owner, int *value)
{
  TsMatch *m = state;

  if (g_strcmp0 (id, "elan") == 0)
    {
      for (int s = 0; s < TS_SIDES; s++)
        if (g_strcmp0 (m->side_id[s], owner) == 0)
          {
            *value = m->elan[s];
            return TRUE;
          }
      return FALSE;
    }
  if (g_strcmp0 (id, "chaos") == 0)
    {
      TsUnit *c = ts_find (m, owner);

      if (c == NULL || c->type != TS_COMMANDER)
        return FALSE;
      *value = c->chaos;
      return TRUE;
    }
  return FALSE;
}

static void
victory (gpointer state, MuResult *r)
{
  TsMatch *m = state;
  int score[TS_SIDES] = { MAX (m->elan[0], 0), MAX (m->elan[1], 0) };

  mu_rules_result (r, m->side_id, score, m->finished, m->winner, m->level ? m->level : "draw",
                   ABS (score[0] - score[1]));
  /* the scores are élan, never objectives (TS-AMB-80): say why it ended */
  if (r->over && g_strcmp0 (r->level, "decisive") == 0)
    r->reason = _("A side ran out of élan (TS-ELAN-5)");
  else if (r->over && g_strcmp0 (r->level, "tactical") == 0)
    r->reason = _("The time limit was reached (TS-END-3)");
  else if (r->over)
    r->reason = _("The last game turn ended without a time limit: a draw (TS-AMB-80)");
}

/* TS-AMB-42, TS-AMB-12: the unit's arc as its fire measures it, out to
 * band 4 of its weapon: the rays at the arc's half angle from the outer
 * front corners of its front rank, joined across the front at that reach;
 * a square's all round (TS-AMB-40). */
static gboolean
front_arc (gpointer state, const char *counter, GArray *segments, const char **rule)
{
  TsMatch *m = state;
  TsUnit *u = ts_find (m, counter);
  MuPoint f, right, left_corner = { 0 }, right_corner = { 0 };
  double reach, half, lmin = G_MAXDOUBLE, rmax = -G_MAXDOUBLE;
  GArray *outline;

  if (u == NULL || u->type == TS_COMMANDER || !ts_in_play (u) || u->n_st == 0)
    return FALSE;
  reach = 4 * ts_in (m, m->num.band[u->weapon]);
  outline = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  if (ts_formation_shapes[u->form].all_round)
    {
      MuPoint c = mu_stands_centre (u->st, u->n_st);

      for (int k = 0; k <= 72; k++)
        {
          MuPoint p = { c.x + reach * cos (k * G_PI / 36), c.y + reach * sin (k * G_PI / 36) };

          g_array_append_val (outline, p);
        }
    }
  else
    {
      half = m->num.arc;
      f = mu_facing_vector (u->facing);
      right = (MuPoint) { -f.y, f.x };
      for (guint k = 0; k < u->n_st; k++)
        {
          MuPoint c[4];

          if (u->st[k].rank != 0)
            continue;
          mu_stand_corners (&u->st[k], c);
          if (c[0].x * right.x + c[0].y * right.y < lmin)
            {
              lmin = c[0].x * right.x + c[0].y * right.y;
              left_corner = c[0];
            }
          if (c[1].x * right.x + c[1].y * right.y > rmax)
            {
              rmax = c[1].x * right.x + c[1].y * right.y;
              right_corner = c[1];
            }
        }
      /* from the left corner out along its ray, round to straight ahead,
       * across, and from straight ahead of the right corner round to its
       * ray and back */
      g_array_append_val (outline, left_corner);
      for (int k = 0; k <= 8; k++)
        {
          MuPoint v = mu_facing_vector (u->facing - half + half * k / 8);
          MuPoint p = { left_corner.x + reach * v.x, left_corner.y + reach * v.y };

          g_array_append_val (outline, p);
        }
      for (int k = 0; k <= 8; k++)
        {
          MuPoint v = mu_facing_vector (u->facing + half * k / 8);
          MuPoint p = { right_corner.x + reach * v.x, right_corner.y + reach * v.y };

          g_array_append_val (outline, p);
        }
      g_array_append_val (outline, right_corner);
    }
  for (guint k = 0; k + 1 < outline->len; k++)
    {
      g_array_append_val (segments, g_array_index (outline, MuPoint, k));
      g_array_append_val (segments, g_array_index (outline, MuPoint, k + 1));
    }
  g_array_unref (outline);
  *rule = "TS-AMB-42";
  return TRUE;
}

/* What the phase tracker tells of the action economy (TS-ACT-2): for each
 * commander of the side playing, the types his units have spent this
 * player-turn and what a new one costs. Nothing is compulsory: a unit need
 * not act. */
static void
outstanding (gpointer state, GArray *todo)
{
  TsMatch *m = state;

  if (m->step != TS_STEP_COMMANDER && m->step != TS_STEP_UNITS)
    return;
  TS_FOR_UNITS (m, c)
    {
      GString *types;
      MuTodo t = { 0 };
      int n = 0;

      if (c->type != TS_COMMANDER || c->side != ts_active_side (m) || c->dispersed)
        continue;
      types = g_string_new (NULL);
      for (int a = 0; a < TS_ACT_N; a++)
        if (c->types_used & (1u << a))
          {
            g_string_append_printf (types, "%s%s", n ? ", " : "", _(ts_action_name (a)));
            n++;
          }
      if (n == 0)
        /* Translators: a commander's name and his chaos (TS-ACT-2) */
        t.text = g_strdup_printf (_("%s, chaos %d: no action type spent yet; the first is free"),
                                  c->def->name, c->chaos);
      else
        /* Translators: a commander's name, his chaos and the action types
         * his units have taken this player-turn ("fire, reorder") */
        t.text = g_strdup_printf (_("%s, chaos %d: spent %s; a new type costs +1 chaos"),
                                  c->def->name, c->chaos, types->str);
      t.rule = "TS-ACT-2";
      t.count = n;
      g_array_append_val (todo, t);
      g_string_free (types, TRUE);
    }
}

static const MuTableState *
table_state (gpointer state)
{
  return ((TsMatch *) state)->areas;
}

static gboolean
check_invariants (gpointer state, GError **error)
{
  TsMatch *m = state;

  if (m->event_failure)
    return mu_rules_invalid (error, "%s", m->event_failure);
  return ts_check_invariants (m, error);
}

/* TS-CHG-3, TS-CHG-6, TS-AMB-66: the defender's steps of a charge are a
 * reaction window of the side that is not active. */
static gboolean
reaction_window (gpointer state, const MuCommand *command, MuReactionWindow *window)
{
  (void) command;
  return ts_charge_window (state, window);
}

static GPtrArray *
reactions (gpointer state, const MuReactionWindow *window)
{
  (void) window;
  return ts_charge_reactions (state);
}

static gboolean
react (gpointer state, const MuReactionWindow *window, const MuCommand *command, GPtrArray *events,
       GError **error)
{
  (void) window;
  return ts_charge_react (state, command, events, error);
}

static void
window_closed (gpointer state, const MuReactionWindow *window, GPtrArray *events)
{
  (void) window;
  ts_charge_window_closed (state, events);
}

static void
check_each_event (gpointer state, gboolean on)
{
  ((TsMatch *) state)->check_events = on;
}

/* The table ------------------------------------------------------------------------- */

const MuRuleset mu_ruleset_toy_soldiers = {
  .id = "toy-soldiers",
  .name = N_("Toy Soldiers"),
  .board = MU_BOARD_TABLE,
  .turns = &ts_turns,
  .options = ts_options,
  .n_options = G_N_ELEMENTS (ts_options),
  .fields = ts_fields,
  .n_fields = TS_N_FIELDS,
  .formations = ts_formation_shapes,
  .n_formations = TS_FORM_N,
  .verbs = ts_verbs,
  .n_verbs = TS_N_VERBS,
  .event_kinds = ts_event_kinds,
  .n_event_kinds = TS_N_EVENT_KINDS,
  .roll_purposes = ts_roll_purposes,
  .n_roll_purposes = TS_N_ROLL_PURPOSES,
  .event_words = ts_event_words,
  .n_event_words = TS_N_EVENT_WORDS,
  .markers = ts_markers,
  .n_markers = TS_N_MARKERS,
  .statuses = ts_statuses,
  .n_statuses = TS_N_STATUSES,
  .check_scenario = ts_check_scenario,
  .side_hint = ts_side_hint,
  /* TS-AMB-47: impassable ground is never entered */
  .impassable_areas = 1u << MU_AREA_IMPASSABLE | 1u << MU_AREA_WATER,
  .state_new = state_new,
  .state_free = state_free,
  .state_copy = state_copy,
  .apply = apply,
  .attack_path = attack_path,
  .policy_avoid = ts_policy_avoid,
  .legal_commands = legal_commands,
  .legal_actions = legal_actions,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .resource = resource,
  .table_state = table_state,
  .victory = victory,
  .check_invariants = check_invariants,
  .check_each_event = check_each_event,
  .outstanding = outstanding,
  .front_arc = front_arc,
  .line_of_sight = ts_line_of_sight,
  .reaction_window = reaction_window,
  .reactions = reactions,
  .react = react,
  .window_closed = window_closed,
};
