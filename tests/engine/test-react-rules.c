/* test-react-rules.c: a small ruleset on a table for the engine's tests
 * only (registered by the test that plays it, never shipped). It uses what
 * the engine offers the tabletop rulesets and no shipped ruleset uses yet:
 * a reaction window (TAB-20; regimental's hold fire, QRS-AMB-41), a
 * decision answered by a command (return fire) and a decimal number answer
 * with a step (how far to advance, 0.5 to 3 in steps of 0.5).
 *
 * Each turn each side has a part, in the scenario's order of sides:
 * `advance UNIT` (once a part per unit; decision "distance": `choose D`,
 * D from 0.5 to 3 in steps of 0.5, the unit moves D along its facing),
 * `fire UNIT TARGET` (once a turn per unit, within 12; a 4 or more hits and
 * costs the target a stand; the target, when it may, then has decision
 * "return-fire", answered by the command `fire TARGET UNIT` or
 * `choose none`), `end-phase`. After each completed advance the other side
 * may react (window "hold-fire"): `fire UNIT MOVER` by a unit that has not
 * fired this turn, with the mover within 12, or `pass`. A side with no
 * stands left loses; otherwise the match ends after the scenario's bounds.
 *
 * Its rule id is its own, TEST-REACT-1: a shipped digest's id here would
 * count as tested by the rule-id lint although its ruleset is not played. */
#define G_LOG_DOMAIN "test-react-rules"

#include "config.h"

#include "test-react-rules.h"

#include "mu-error.h"
#include "mu-table-layout.h"

#include <math.h>
#include <string.h>

typedef struct {
  const MuCounter *def;
  int side;
  MuPos pos;
  int stands;
  gboolean fired, advanced;
} RUnit;

typedef struct {
  const MuScenario *s;
  MuDice *dice;
  GPtrArray *units;            /* of RUnit* */
  const char *side_id[3];
  int turn, active;
  gboolean finished;
  int winner;                  /* -1: none */
  RUnit *advancing;            /* decision "distance" pending */
  RUnit *moved;                /* the last completed advance: it may open a window */
  RUnit *returner, *returned;  /* decision "return-fire": returner may fire at returned */
  GPtrArray *answers;          /* of char*, NULL-terminated, for the decision view */
  MuDecision view;
  GArray *views;
  GArray *objectives;
} RState;

static const MuStepInfo steps[] = {
  { "part", "Part", NULL, MU_STEP_ACTIVE_SIDE, MU_STEP_PER_SIDE, NULL, 0 },
  { "hold-fire", "Hold fire", "TEST-REACT-1", MU_STEP_REACTING_SIDE, MU_STEP_PROCEDURE, NULL, 0 },
};

static const MuTurnStructure turns = {
  .turn_name = "Turn",
  .minutes_per_turn = 20,
  .side_order = MU_SIDE_ORDER_SCENARIO,
  .steps = steps,
  .n_steps = G_N_ELEMENTS (steps),
};

static const MuVerbInfo verbs[] = {
  { "advance", "UNIT", NULL, MU_VERB_MOVE, "needs one unit" },
  { "fire", "UNIT TARGET", "TEST-REACT-1", MU_VERB_ATTACK | MU_VERB_REACTION, "needs a unit and a target" },
  { "choose", "NUMBER | ANSWER", NULL, MU_VERB_ANSWER, "needs one answer" },
  /* syntax "" as a ruleset may write it for a verb without arguments */
  { "end-phase", "", NULL, MU_VERB_END_STEP, NULL, "End the step" },
};

/* Stands, as the scenario gives them (written and read back with it). */
static const MuFieldInfo fields[] = {
  { "strength", "Stands", NULL, MU_FIELD_INT, 1, 9, MU_FIELD_OF (MU_COUNTER_UNIT), NULL,
    G_STRUCT_OFFSET (MuCounter, strength) },
};

static const MuEventKindInfo ev_advance = {
  "advance", "Advance", "a unit advances", MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_FROM |
  MU_EVENT_FIELD_TO, NULL, MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  "{subject} advances to {to}", NULL, 0, "{n} advance", "{n} advances",
};
static const MuEventKindInfo ev_stand_lost = {
  "stand-lost", "Stand lost", "a stand removed", MU_EVENT_FIELD_SUBJECT, NULL,
  MU_EVENT_CLASS_COMBAT, 0, "{subject} loses a stand", NULL, 0, "{n} stand lost", "{n} stands lost",
};
static const MuEventKindInfo *const event_kinds[] = { &ev_advance, &ev_stand_lost };

static gboolean
refuse (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, MU_ERROR, MU_ERROR_ILLEGAL, msg);
  return FALSE;
}

static RUnit *
find (RState *t, const char *id)
{
  for (guint i = 0; id && i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      if (g_strcmp0 (u->def->id, id) == 0)
        return u;
    }
  return NULL;
}

static int
side_of (RState *t, const char *id)
{
  for (int i = 0; i < 2; i++)
    if (g_strcmp0 (t->side_id[i], id) == 0)
      return i;
  return -1;
}

static double
distance (const RUnit *a, const RUnit *b)
{
  return hypot (a->pos.point.x - b->pos.point.x, a->pos.point.y - b->pos.point.y);
}

/* May u fire at v now (whoever's part it is)? */
static gboolean
may_fire (const RUnit *u, const RUnit *v)
{
  return u->stands > 0 && v->stands > 0 && u->side != v->side && !u->fired &&
         distance (u, v) <= 12.0;   /* TAB-4: within 12 includes 12 */
}

static gpointer
state_new (const MuScenario *s, MuDice *dice, GPtrArray *events, GError **error)
{
  RState *t;

  if (s->board != MU_BOARD_TABLE || s->sides->len != 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "test-react needs a table and two sides");
      return NULL;
    }
  t = g_new0 (RState, 1);
  t->s = s;
  t->dice = dice;
  t->winner = -1;
  t->turn = 1;
  t->units = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < 2; i++)
    t->side_id[i] = ((const MuSide *) g_ptr_array_index (s->sides, i))->id;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      RUnit *u;

      if (c->kind != MU_COUNTER_UNIT || c->place.kind != MU_PLACE_TABLE)
        continue;
      u = g_new0 (RUnit, 1);
      u->def = c;
      u->side = MAX (side_of (t, c->side), 0);
      u->pos = mu_pos_from_point (c->place.pos.x, c->place.pos.y, c->place.facing);
      u->stands = c->strength;
      g_ptr_array_add (t->units, u);
    }
  mu_event_add (events, MU_EVENT_MATCH_START, "test-react");
  return t;
}

static void
state_free (gpointer data)
{
  RState *t = data;

  g_ptr_array_unref (t->units);
  g_clear_pointer (&t->answers, g_ptr_array_unref);
  g_clear_pointer (&t->views, g_array_unref);
  g_clear_pointer (&t->objectives, g_array_unref);
  g_free (t);
}

static int
stands_of (RState *t, int side)
{
  int n = 0;

  for (guint i = 0; i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      if (u->side == side)
        n += u->stands;
    }
  return n;
}

static void
end_part (RState *t, GPtrArray *events)
{
  if (t->active == 0)
    {
      t->active = 1;
      return;
    }
  t->active = 0;
  t->turn++;
  for (guint i = 0; i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      u->fired = u->advanced = FALSE;
    }
  if (t->turn > MAX (1, t->s->timeline.bounds))
    {
      t->finished = TRUE;
      mu_event_set_text (mu_event_add (events, MU_EVENT_GAME_END, NULL), "bounds-played");
    }
}

/* One die, a 4 or more costs the target a stand; a side with none left loses. */
static void
resolve_fire (RState *t, RUnit *u, RUnit *target, GPtrArray *events)
{
  gboolean hit = FALSE;

  u->fired = TRUE;
  mu_dice_roll (t->dice, events, "fire", u->def->id, target->def->id, 0, MU_ROLL_AT_LEAST, 4,
                NULL, &hit);
  if (!hit)
    return;
  target->stands--;
  mu_event_add_kind (events, &ev_stand_lost, target->def->id);
  for (int side = 0; side < 2 && !t->finished; side++)
    if (stands_of (t, side) == 0)
      {
        MuEvent *e;

        t->finished = TRUE;
        t->winner = 1 - side;
        e = mu_event_add (events, MU_EVENT_VICTORY, NULL);
        mu_event_set_side (e, t->side_id[t->winner]);
        mu_event_set_text (e, "complete");
        mu_event_set_text (mu_event_add (events, MU_EVENT_GAME_END, NULL), "all-dispersed");
      }
}

static void
set_answers (RState *t)
{
  g_clear_pointer (&t->answers, g_ptr_array_unref);
  if (t->returner == NULL)
    return;
  t->answers = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (t->answers, g_strdup_printf ("fire %s %s", t->returner->def->id,
                                                t->returned->def->id));
  g_ptr_array_add (t->answers, g_strdup ("choose none"));
  g_ptr_array_add (t->answers, NULL);
}

static gboolean
apply_fire (RState *t, RUnit *u, RUnit *target, GPtrArray *events, GError **error)
{
  if (target == NULL || target->side == u->side || target->stands == 0)
    return refuse (error, "%s has no enemy unit to fire at there", u->def->id);
  if (u->fired)
    return refuse (error, "%s has fired this turn", u->def->id);
  if (!may_fire (u, target))
    return refuse (error, "%s is %.2f away, more than 12 (TAB-4)", target->def->id, distance (u, target));
  resolve_fire (t, u, target, events);
  /* the target may return fire: a decision answered by a command */
  if (!t->finished && may_fire (target, u))
    {
      MuEvent *e = mu_event_add (events, MU_EVENT_DECISION, target->def->id);

      t->returner = target;
      t->returned = u;
      set_answers (t);
      mu_event_set_text (e, "return-fire");
      mu_event_set_side (e, t->side_id[target->side]);
    }
  return TRUE;
}

static gboolean
apply_choose (RState *t, const MuCommand *c, GPtrArray *events, GError **error)
{
  if (t->advancing)
    {
      const MuDecision *d = t->view.id ? &t->view : NULL;
      RUnit *u = t->advancing;
      MuEvent *e;
      double dist, rad;

      g_assert (d != NULL);
      if (!mu_decision_read_number (d, mu_command_arg (c, 0), &dist, error))
        return FALSE;
      rad = u->pos.facing * G_PI / 180.0;
      /* facing 0 is up the table (-y), 90 to the right (+x) (TAB-5) */
      e = mu_event_add_kind (events, &ev_advance, u->def->id);
      e->from = u->pos;
      u->pos = mu_pos_from_point (round ((u->pos.point.x + dist * sin (rad)) * 100) / 100,
                                  round ((u->pos.point.y - dist * cos (rad)) * 100) / 100,
                                  u->pos.facing);
      e->to = u->pos;
      u->advanced = TRUE;
      t->advancing = NULL;
      t->moved = u;
      return TRUE;
    }
  if (t->returner && g_strcmp0 (mu_command_word (c, 0), "none") == 0)
    {
      t->returner = t->returned = NULL;
      set_answers (t);
      return TRUE;
    }
  return refuse (error, "there is nothing to choose");
}

/* Sets up the decision view for the state (called by pending). */
static const MuDecision *
pending (gpointer data)
{
  RState *t = data;

  memset (&t->view, 0, sizeof t->view);
  if (t->advancing)
    {
      static const char *const none[] = { NULL };

      t->view.side = t->side_id[t->advancing->side];
      t->view.id = "distance";
      t->view.subject = t->advancing->def->id;
      t->view.question = "How far does it advance?";
      t->view.answers = none;
      t->view.kind = MU_ANSWER_NUMBER;
      t->view.step = 0.5;
      t->view.low = 0.5;
      t->view.high = 3;
      return &t->view;
    }
  if (t->returner)
    {
      t->view.side = t->side_id[t->returner->side];
      t->view.id = "return-fire";
      t->view.subject = t->returner->def->id;
      t->view.question = "Does it return fire?";
      t->view.answers = (const char *const *) t->answers->pdata;
      t->view.kind = MU_ANSWER_COMMAND;
      return &t->view;
    }
  return NULL;
}

static gboolean
apply (gpointer data, const MuCommand *c, GPtrArray *events, GError **error)
{
  RState *t = data;
  const char *verb = mu_command_get_verb (c);
  RUnit *u;

  t->moved = NULL;
  if (t->finished)
    return refuse (error, "the match is over");
  if (t->advancing && !g_str_equal (verb, "choose"))
    return refuse (error, "first say how far %s advances", t->advancing->def->id);
  if (g_str_equal (verb, "choose"))
    {
      pending (t);
      return apply_choose (t, c, events, error);
    }
  u = find (t, mu_command_word (c, 0));
  if (t->returner)
    {
      /* the answer to "return-fire", a command (the match took only an answer) */
      RUnit *target = t->returned;

      if (!g_str_equal (verb, "fire") || u != t->returner)
        return refuse (error, "%s answers whether %s returns fire", t->side_id[t->returner->side],
                       t->returner->def->id);
      t->returner = t->returned = NULL;
      set_answers (t);
      resolve_fire (t, u, target, events);
      return TRUE;
    }
  if (g_str_equal (verb, "end-phase"))
    {
      end_part (t, events);
      return TRUE;
    }
  if (u == NULL || u->stands == 0)
    return refuse (error, "no unit %s on the table", mu_command_word (c, 0));
  if (u->side != t->active)
    return refuse (error, "%s is not %s's unit", u->def->id, t->side_id[t->active]);
  if (g_str_equal (verb, "fire"))
    return apply_fire (t, u, find (t, mu_command_word (c, 1)), events, error);
  if (u->advanced)
    return refuse (error, "%s has advanced in this part", u->def->id);
  t->advancing = u;
  {
    MuEvent *e = mu_event_add (events, MU_EVENT_DECISION, u->def->id);

    mu_event_set_text (e, "distance");
    mu_event_set_side (e, t->side_id[u->side]);
  }
  return TRUE;
}

static GPtrArray *
legal_commands (gpointer data)
{
  RState *t = data;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  if (t->finished)
    return out;
  if (t->advancing)
    {
      for (double d = 0.5; d <= 3.0; d += 0.5)
        {
          MuCommand *c = mu_command_new ("choose");

          mu_command_add_number (c, d);
          g_ptr_array_add (out, c);
        }
      return out;
    }
  if (t->returner)
    {
      MuCommand *c = mu_command_new ("fire");

      mu_command_add_word (c, t->returner->def->id);
      mu_command_add_word (c, t->returned->def->id);
      g_ptr_array_add (out, c);
      c = mu_command_new ("choose");
      mu_command_add_word (c, "none");
      g_ptr_array_add (out, c);
      return out;
    }
  for (guint i = 0; i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      if (u->side != t->active || u->stands == 0)
        continue;
      if (!u->advanced)
        {
          MuCommand *c = mu_command_new ("advance");

          mu_command_add_word (c, u->def->id);
          g_ptr_array_add (out, c);
        }
      for (guint j = 0; j < t->units->len; j++)
        {
          RUnit *v = g_ptr_array_index (t->units, j);

          if (may_fire (u, v))
            {
              MuCommand *c = mu_command_new ("fire");

              mu_command_add_word (c, u->def->id);
              mu_command_add_word (c, v->def->id);
              g_ptr_array_add (out, c);
            }
        }
    }
  g_ptr_array_add (out, mu_command_new ("end-phase"));
  return out;
}

/* Reactions ------------------------------------------------------------------ */

static gboolean
reaction_window (gpointer data, const MuCommand *command, MuReactionWindow *window)
{
  RState *t = data;

  /* a completed advance opens hold fire for the other side (QRS-AMB-41) */
  if (t->moved == NULL)
    return FALSE;
  window->id = g_strdup ("hold-fire");
  window->side = g_strdup (t->side_id[1 - t->moved->side]);
  window->subject = g_strdup (t->moved->def->id);
  window->rule = g_strdup ("TEST-REACT-1");
  return TRUE;
}

static GPtrArray *
reactions (gpointer data, const MuReactionWindow *window)
{
  RState *t = data;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  RUnit *mover = find (t, window->subject);
  int side = side_of (t, window->side);

  for (guint i = 0; mover && !t->finished && i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      if (u->side == side && may_fire (u, mover))
        {
          MuCommand *c = mu_command_new ("fire");

          mu_command_add_word (c, u->def->id);
          mu_command_add_word (c, mover->def->id);
          g_ptr_array_add (out, c);
        }
    }
  return out;
}

static gboolean
react (gpointer data, const MuReactionWindow *window, const MuCommand *c, GPtrArray *events,
       GError **error)
{
  RState *t = data;
  RUnit *u = find (t, mu_command_word (c, 0));
  RUnit *target = find (t, mu_command_word (c, 1));

  if (u == NULL || u->side != side_of (t, window->side) || u->stands == 0)
    return refuse (error, "%s has no unit %s to react with", window->side, mu_command_word (c, 0));
  if (g_strcmp0 (mu_command_word (c, 1), window->subject) != 0)
    return refuse (error, "a hold fire is aimed at the unit that acted, %s (TEST-REACT-1)",
                   window->subject);
  if (!may_fire (u, target))
    return refuse (error, "%s may not fire at %s now (TEST-REACT-1)", u->def->id, target->def->id);
  resolve_fire (t, u, target, events);
  return TRUE;
}

/* Reading -------------------------------------------------------------------- */

static GArray *
legal_moves (gpointer data, const char *id)
{
  return g_array_new (FALSE, FALSE, sizeof (MuPos));
}

static GPtrArray *
legal_targets (gpointer data, const char *id)
{
  return g_ptr_array_new_with_free_func (g_free);
}

static void
position (gpointer data, MuPosition *p)
{
  RState *t = data;
  const MuDecision *d = pending (t);

  memset (p, 0, sizeof *p);
  p->bound = t->turn;
  p->phase = 1;
  p->phase_id = "part";
  p->path = "part";
  p->side = t->finished ? NULL : t->side_id[t->active];
  p->side_order = t->side_id;
  p->awaited = t->finished ? NULL : d ? d->side : p->side;
  p->finished = t->finished;
  p->minutes = 600 + (t->turn - 1) * 20;
}

static GArray *
counters (gpointer data)
{
  RState *t = data;

  if (t->views == NULL)
    t->views = mu_counter_view_array_new ();
  g_array_set_size (t->views, 0);
  for (guint i = 0; i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);
      MuCounterView v = { 0 };

      v.counter = u->def;
      v.id = u->def->id;
      v.side = t->side_id[u->side];
      v.status = mu_ruleset_find_status (NULL, u->stands > 0 ? "active" : "dispersed");
      v.pos = u->pos;
      v.strength = u->stands;
      v.markers = g_strdup (u->fired ? "fired" : "");
      if (u->stands > 0)
        {
          /* laid out about the unit's point, for the board to draw */
          MuStand stands[16];
          guint n = mu_scenario_counter_stands (t->s, u->def, NULL, u->stands, u->pos.point,
                                                u->pos.facing, stands, G_N_ELEMENTS (stands));

          mu_counter_view_set_stands (&v, stands, n);
        }
      g_array_append_val (t->views, v);
    }
  return t->views;
}

static GArray *
objectives (gpointer data)
{
  RState *t = data;

  if (t->objectives == NULL)
    t->objectives = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  return t->objectives;
}

static void
victory (gpointer data, MuResult *r)
{
  RState *t = data;

  memset (r, 0, sizeof *r);
  r->over = t->finished;
  r->winner = t->winner >= 0 ? t->side_id[t->winner] : NULL;
  r->level = t->winner >= 0 ? "complete" : "draw";
  r->summary = g_strdup_printf ("%s %d %s %d", t->side_id[0], stands_of (t, 0), t->side_id[1],
                                stands_of (t, 1));
}

static gboolean
check_invariants (gpointer data, GError **error)
{
  RState *t = data;

  for (guint i = 0; i < t->units->len; i++)
    {
      RUnit *u = g_ptr_array_index (t->units, i);

      if (u->stands < 0 || u->stands > u->def->strength)
        return refuse (error, "%s has %d stands", u->def->id, u->stands);
    }
  return TRUE;
}

/* Red's r1 and r2 face right, blue's b1, b2 and b3 left: r1 starts 10
 * from b1 and 10.8 from b3, r2 14 from b2 and 11.7 from b3. */
const char test_react_scenario[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"test-react\">\n"
  "  <title>Reactions</title>\n"
  "  <timeline bounds=\"2\" first-bound=\"1\" start=\"10:00\" minutes-per-bound=\"20\" dawn=\"05:00\" dusk=\"20:00\" days=\"1\"/>\n"
  "  <table width=\"48\" height=\"48\" unit=\"in\" figure-scale=\"15mm\"/>\n"
  "  <side id=\"red\" name=\"Red\" colour=\"#c03030\"/>\n"
  "  <side id=\"blue\" name=\"Blue\" colour=\"#3060c0\"/>\n"
  "  <unit id=\"r1\" side=\"red\" name=\"r1\" x=\"10\" y=\"20\" facing=\"90\" arm=\"infantry\" strength=\"2\"/>\n"
  "  <unit id=\"r2\" side=\"red\" name=\"r2\" x=\"10\" y=\"30\" facing=\"90\" arm=\"infantry\" strength=\"2\"/>\n"
  "  <unit id=\"b1\" side=\"blue\" name=\"b1\" x=\"20\" y=\"20\" facing=\"270\" arm=\"infantry\" strength=\"2\"/>\n"
  "  <unit id=\"b2\" side=\"blue\" name=\"b2\" x=\"24\" y=\"30\" facing=\"270\" arm=\"infantry\" strength=\"2\"/>\n"
  "  <unit id=\"b3\" side=\"blue\" name=\"b3\" x=\"20\" y=\"24\" facing=\"270\" arm=\"infantry\" strength=\"2\"/>\n"
  "</scenario>\n";

const MuRuleset test_react_ruleset = {
  .id = "test-react",
  .name = "Test reactions",
  .board = MU_BOARD_TABLE,
  .turns = &turns,
  .verbs = verbs,
  .n_verbs = G_N_ELEMENTS (verbs),
  .event_kinds = event_kinds,
  .n_event_kinds = G_N_ELEMENTS (event_kinds),
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .state_new = state_new,
  .state_free = state_free,
  .apply = apply,
  .legal_commands = legal_commands,
  .legal_moves = legal_moves,
  .legal_targets = legal_targets,
  .position = position,
  .pending = pending,
  .counters = counters,
  .objectives = objectives,
  .victory = victory,
  .check_invariants = check_invariants,
  .reaction_window = reaction_window,
  .reactions = reactions,
  .react = react,
};
