/* test-table-rules.c: a small ruleset on a table, for the engine's tests
 * only (not registered). It exercises what baa-hex does not: stands and
 * poses on a table, a secret step revealed together (TAB-19, TAB-20), a
 * roll of a pool of dice read as successes, a subset decision (which
 * stands to remove), per-side visibility.
 *
 * Each turn: "orders" (each side in turn, in secret: `order UNIT
 * hold|advance`, then `end-step`; revealed when both are done), "fire"
 * (each side: `fire UNIT TARGET` by a unit on hold, one die per stand, a 5
 * or 6 hits, within 12 table units; the target's side chooses which stands
 * go: `choose s1 s3`), "move" (each side: `move UNIT STEP...` by a unit that
 * advances, at most 6 table units along the path). A side with no stands
 * left loses; otherwise the match ends after the scenario's bounds. */
#define G_LOG_DOMAIN "test-table-rules"

#include "config.h"

#include "test-table-rules.h"

#include "mu-error.h"

#include <math.h>
#include <string.h>

enum { ORDERS, FIRE, MOVE };

static const char *const step_ids[] = { "orders", "fire", "move" };

typedef struct {
  const MuCounter *def;
  int side;
  MuPos pos;
  int stands;
  const char *order;     /* static: "hold", "advance" or NULL */
  gboolean fired, moved;
} TUnit;

typedef struct {
  const MuScenario *s;
  MuDice *dice;
  GPtrArray *units;          /* of TUnit* */
  const char *side_id[3];
  int turn, step, active;    /* active: 0 or 1, the side acting in this step */
  gboolean finished;
  int winner;                /* -1 none */
  /* the subset decision */
  TUnit *hit;
  int remove;
  GPtrArray *answers;        /* of char*, NULL-terminated */
  MuDecision view;
  GArray *views;
  GArray *objectives;        /* none: the test game scores stands */
} TState;

static const MuStepInfo steps[] = {
  { "orders", "Orders", "TAB-20", MU_STEP_BOTH_SECRET, 0, NULL, 0 },
  { "fire", "Fire", NULL, MU_STEP_EACH_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
  { "move", "Move", "TAB-12", MU_STEP_EACH_SIDE, MU_STEP_PER_COUNTER, NULL, 0 },
};

static const MuResourceInfo resources[] = {
  { "stands", "Stands", NULL, MU_RESOURCE_PER_SIDE, 0, G_MAXINT },
};

static const MuTurnStructure turns = {
  .turn_name = "Turn",
  .minutes_per_turn = 20,
  .side_order = MU_SIDE_ORDER_SCENARIO,
  .steps = steps,
  .n_steps = G_N_ELEMENTS (steps),
  .resources = resources,
  .n_resources = G_N_ELEMENTS (resources),
};

static const MuVerbInfo verbs[] = {
  { "order", "UNIT hold|advance", NULL, MU_VERB_HIDDEN, "needs a unit and hold or advance" },
  { "fire", "UNIT TARGET", NULL, MU_VERB_ATTACK, "needs a unit and a target" },
  { "move", "UNIT STEP...", "TAB-12", MU_VERB_MOVE, NULL },
  { "choose", "ANSWER...", NULL, MU_VERB_ANSWER, "needs the stands to remove" },
  { "end-step", NULL, NULL, MU_VERB_END_STEP, NULL },
};

/* The test ruleset's own kinds: the engine knows none of them. */
static const MuEventKindInfo ev_ordered = {
  "ordered", "Ordered", "a unit's secret order", MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_TEXT, NULL,
  MU_EVENT_CLASS_ORDERS, 0, "{subject} is ordered to {text}", NULL, 0, "{n} order", "{n} orders",
};
static const MuEventKindInfo ev_stand_lost = {
  "stand-lost", "Stand lost", "a stand removed", MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_TEXT | MU_EVENT_FIELD_AT,
  NULL, MU_EVENT_CLASS_COMBAT, 0, "{subject} loses stand {text}", NULL, 0, "{n} stand lost", "{n} stands lost",
};
static const MuEventKindInfo ev_move = {
  "move", "Move", "a unit moves", MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_FROM | MU_EVENT_FIELD_TO |
  MU_EVENT_FIELD_PATH | MU_EVENT_FIELD_VALUE, "cost", MU_EVENT_CLASS_MOVEMENT, MU_EVENT_KIND_MOVES,
  "{subject} moves {value} to {to}", NULL, 0, "{n} move", "{n} moves",
};
static const MuEventKindInfo *const event_kinds[] = { &ev_ordered, &ev_stand_lost, &ev_move };

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

static TUnit *
find (TState *t, const char *id)
{
  for (guint i = 0; id && i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);
      if (g_strcmp0 (u->def->id, id) == 0)
        return u;
    }
  return NULL;
}

static gpointer
state_new (const MuScenario *s, MuDice *dice, GPtrArray *events, GError **error)
{
  TState *t;

  if (s->board != MU_BOARD_TABLE || s->sides->len < 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "test-table needs a table and two sides");
      return NULL;
    }
  t = g_new0 (TState, 1);
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
      TUnit *u;

      if (c->kind != MU_COUNTER_UNIT || c->place.kind != MU_PLACE_TABLE)
        continue;
      u = g_new0 (TUnit, 1);
      u->def = c;
      u->side = g_strcmp0 (c->side, t->side_id[0]) == 0 ? 0 : 1;
      u->pos = mu_pos_from_point (c->place.pos.x, c->place.pos.y, c->place.facing);
      u->stands = c->strength;
      g_ptr_array_add (t->units, u);
    }
  mu_event_add (events, MU_EVENT_MATCH_START, "test-table");
  return t;
}

static void
state_free (gpointer data)
{
  TState *t = data;

  g_ptr_array_unref (t->units);
  g_clear_pointer (&t->answers, g_ptr_array_unref);
  g_clear_pointer (&t->views, g_array_unref);
  g_clear_pointer (&t->objectives, g_array_unref);
  g_free (t);
}

static int
stands_of (TState *t, int side)
{
  int n = 0;

  for (guint i = 0; i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);
      if (u->side == side)
        n += u->stands;
    }
  return n;
}

/* The step is over for the active side: the other side's turn in it, or
 * the next step (the orders revealed together after both sides gave them). */
static void
end_step (TState *t, GPtrArray *events)
{
  if (t->active == 0)
    {
      t->active = 1;
      return;
    }
  t->active = 0;
  if (t->step == ORDERS)
    mu_event_set_text (mu_event_add (events, MU_EVENT_REVEAL, NULL), "orders");
  if (t->step < MOVE)
    {
      t->step++;
      return;
    }
  /* the end of the turn */
  t->step = ORDERS;
  t->turn++;
  for (guint i = 0; i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);
      u->order = NULL;
      u->fired = u->moved = FALSE;
    }
  if (t->turn > MAX (1, t->s->timeline.bounds))
    {
      t->finished = TRUE;
      mu_event_set_text (mu_event_add (events, MU_EVENT_GAME_END, NULL), "bounds-played");
    }
}

static gboolean
apply_fire (TState *t, TUnit *u, const char *target_id, GPtrArray *events, GError **error)
{
  TUnit *target = find (t, target_id);
  double d;
  gboolean any;
  int hits;

  if (t->step != FIRE)
    return refuse (error, "units fire in the fire step");
  if (target == NULL || target->side == u->side || target->stands == 0)
    return refuse (error, "%s is no enemy unit on the table", target_id);
  if (g_strcmp0 (u->order, "hold") != 0)
    return refuse (error, "%s fires only on a hold order", u->def->id);
  if (u->fired)
    return refuse (error, "%s has fired this turn", u->def->id);
  d = hypot (u->pos.point.x - target->pos.point.x, u->pos.point.y - target->pos.point.y);
  if (d > 12.0)   /* TAB-4: within 12 includes 12 */
    return refuse (error, "%s is %.2f away, more than 12 (TAB-4)", target_id, d);
  u->fired = TRUE;
  hits = mu_dice_roll_pool (t->dice, events, "fire", u->def->id, (guint) u->stands,
                            MU_DICE_SUCCESSES, 0, 5, 1, NULL, NULL, &any);
  hits = MIN (hits, target->stands);
  if (hits > 0)
    {
      /* the target's side chooses which stands go */
      MuEvent *e;

      t->hit = target;
      t->remove = hits;
      g_clear_pointer (&t->answers, g_ptr_array_unref);
      t->answers = g_ptr_array_new_with_free_func (g_free);
      for (int i = 1; i <= target->stands; i++)
        g_ptr_array_add (t->answers, g_strdup_printf ("s%d", i));
      g_ptr_array_add (t->answers, NULL);
      e = mu_event_add (events, MU_EVENT_DECISION, target->def->id);
      mu_event_set_text (e, "remove-stands");
      mu_event_set_side (e, t->side_id[target->side]);
    }
  return TRUE;
}

static gboolean
apply_choose (TState *t, const MuCommand *c, GPtrArray *events, GError **error)
{
  guint n = mu_command_n_args (c);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  if (t->hit == NULL)
    return refuse (error, "there is nothing to choose");
  if ((int) n != t->remove)
    return refuse (error, "choose exactly %d of the stands of %s", t->remove, t->hit->def->id);
  for (guint i = 0; i < n; i++)
    {
      const char *w = mu_command_word (c, i);
      gboolean known = FALSE;

      for (guint k = 0; t->answers->pdata[k]; k++)
        known = known || g_strcmp0 (t->answers->pdata[k], w) == 0;
      if (!known || g_hash_table_contains (seen, w))
        return refuse (error, "“%s” is not a stand of %s, or is named twice", w, t->hit->def->id);
      g_hash_table_add (seen, (gpointer) w);
    }
  for (guint i = 0; i < n; i++)
    {
      MuEvent *e = mu_event_add_kind (events, &ev_stand_lost, t->hit->def->id);
      mu_event_set_text (e, mu_command_word (c, i));
      e->at = t->hit->pos;
    }
  t->hit->stands -= (int) n;
  t->hit = NULL;
  g_clear_pointer (&t->answers, g_ptr_array_unref);
  for (int side = 0; side < 2; side++)
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
  return TRUE;
}

static gboolean
apply_move (TState *t, TUnit *u, const MuCommand *c, GPtrArray *events, GError **error)
{
  MuPos at = u->pos;
  double length = 0;
  MuEvent *e;
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MuPos));

  if (t->step != MOVE)
    return refuse (error, "units move in the move step");
  if (g_strcmp0 (u->order, "advance") != 0)
    return refuse (error, "%s moves only on an advance order", u->def->id);
  if (u->moved)
    return refuse (error, "%s has moved this turn", u->def->id);
  for (guint i = 1; i < mu_command_n_args (c); i++)
    {
      const MuArg *a = mu_command_arg (c, i);

      if (a->move == MU_MOVE_TO)
        {
          length += hypot (a->pos.point.x - at.point.x, a->pos.point.y - at.point.y);
          at = mu_pos_from_point (a->pos.point.x, a->pos.point.y,
                                  a->pos.has_facing ? a->pos.facing : at.facing);
        }
      else if (a->move == MU_MOVE_FACE)
        at = mu_pos_from_point (at.point.x, at.point.y, a->number);
      else
        return refuse (error, "test-table units neither wheel nor change formation");
      g_array_append_val (path, at);
    }
  if (length > 6.0 + 1e-9)
    return refuse (error, "%s would move %.2f, more than 6 (TAB-12)", u->def->id, length);
  if (!mu_pos_fits (&at, t->s, NULL))
    return refuse (error, "%s would leave the table (TAB-12)", u->def->id);
  e = mu_event_add_kind (events, &ev_move, u->def->id);
  e->from = u->pos;
  e->to = at;
  e->path = g_steal_pointer (&path);
  e->value = (int) ceil (length);
  e->rule = "TAB-12";
  u->pos = at;
  u->moved = TRUE;
  return TRUE;
}

static gboolean
apply (gpointer data, const MuCommand *c, GPtrArray *events, GError **error)
{
  TState *t = data;
  const char *verb = mu_command_get_verb (c);
  TUnit *u;

  if (t->finished)
    return refuse (error, "the match is over");
  if (t->hit && g_strcmp0 (verb, "choose") != 0)
    return refuse (error, "%s must first choose which stands of %s go",
                   t->side_id[t->hit->side], t->hit->def->id);
  if (g_str_equal (verb, "choose"))
    return apply_choose (t, c, events, error);
  if (g_str_equal (verb, "end-step"))
    {
      end_step (t, events);
      return TRUE;
    }
  u = find (t, mu_command_word (c, 0));
  if (u == NULL || u->stands == 0)
    return refuse (error, "no unit %s on the table", mu_command_word (c, 0));
  if (u->side != t->active)
    return refuse (error, "%s is not %s's unit", u->def->id, t->side_id[t->active]);
  if (g_str_equal (verb, "order"))
    {
      MuEvent *e;

      if (t->step != ORDERS)
        return refuse (error, "orders are given in the orders step");
      u->order = g_str_equal (mu_command_word (c, 1), "hold") ? "hold" : "advance";
      /* secret until the step ends for both sides (TAB-19) */
      e = mu_event_add_kind (events, &ev_ordered, u->def->id);
      mu_event_set_text (e, u->order);
      mu_event_set_visible_to (e, t->side_id[u->side]);
      return TRUE;
    }
  if (g_str_equal (verb, "fire"))
    return apply_fire (t, u, mu_command_word (c, 1), events, error);
  return apply_move (t, u, c, events, error);
}

static GPtrArray *
legal_commands (gpointer data)
{
  TState *t = data;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  if (t->finished)
    return out;
  if (t->hit)
    {
      /* every subset of the right size (a unit has a few stands) */
      guint n = t->answers->len - 1;

      for (guint mask = 0; mask < (1u << n); mask++)
        if ((int) __builtin_popcount (mask) == t->remove)
          {
            MuCommand *c = mu_command_new ("choose");
            for (guint i = 0; i < n; i++)
              if (mask & (1u << i))
                mu_command_add_word (c, t->answers->pdata[i]);
            g_ptr_array_add (out, c);
          }
      return out;
    }
  for (guint i = 0; i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);

      if (u->side != t->active || u->stands == 0)
        continue;
      if (t->step == ORDERS)
        for (int k = 0; k < 2; k++)
          {
            MuCommand *c = mu_command_new ("order");
            mu_command_add_word (c, u->def->id);
            mu_command_add_word (c, k ? "advance" : "hold");
            g_ptr_array_add (out, c);
          }
      else if (t->step == FIRE && !u->fired && g_strcmp0 (u->order, "hold") == 0)
        for (guint j = 0; j < t->units->len; j++)
          {
            TUnit *v = g_ptr_array_index (t->units, j);
            if (v->side != u->side && v->stands > 0 &&
                hypot (u->pos.point.x - v->pos.point.x, u->pos.point.y - v->pos.point.y) <= 12.0)
              {
                MuCommand *c = mu_command_new ("fire");
                mu_command_add_word (c, u->def->id);
                mu_command_add_word (c, v->def->id);
                g_ptr_array_add (out, c);
              }
          }
    }
  g_ptr_array_add (out, mu_command_new ("end-step"));
  return out;
}

static GArray *
legal_moves (gpointer data, const char *id)
{
  /* a region, not a finite set of points: not listed (see the report) */
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
  TState *t = data;

  memset (p, 0, sizeof *p);
  p->bound = t->turn;
  p->phase = t->step + 1;
  p->phase_id = step_ids[t->step];
  p->path = step_ids[t->step];
  p->side = t->finished ? NULL : t->side_id[t->active];
  p->side_order = t->side_id;
  p->awaited = t->finished ? NULL : t->hit ? t->side_id[t->hit->side] : p->side;
  p->minutes = t->s->timeline.start_minutes + (t->turn - 1) * 20;
  p->finished = t->finished;
}

static const MuDecision *
pending (gpointer data)
{
  TState *t = data;

  if (t->hit == NULL)
    return NULL;
  t->view.side = t->side_id[t->hit->side];
  t->view.id = "remove-stands";
  t->view.subject = t->hit->def->id;
  t->view.question = "Which stands are removed?";
  t->view.answers = (const char *const *) t->answers->pdata;
  t->view.kind = MU_ANSWER_SUBSET;
  t->view.min = t->view.max = t->remove;
  return &t->view;
}

static GArray *
views_for (TState *t, const char *side)
{
  if (t->views == NULL)
    t->views = mu_counter_view_array_new ();
  g_array_set_size (t->views, 0);
  for (guint i = 0; i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);
      MuCounterView v = { 0 };
      gboolean secret = t->step == ORDERS && side && g_strcmp0 (side, t->side_id[u->side]) != 0;

      v.counter = u->def;
      v.id = u->def->id;
      v.side = t->side_id[u->side];
      v.status = mu_ruleset_find_status (NULL, u->stands > 0 ? "active" : "dispersed");
      v.pos = u->pos;
      v.strength = u->stands;
      /* another side's order is hidden until the orders are revealed (TAB-19) */
      v.markers = g_strdup (u->order && !secret ? u->order : "");
      g_array_append_val (t->views, v);
    }
  return t->views;
}

static GArray *
counters (gpointer data)
{
  return views_for (data, NULL);
}

static GArray *
counters_for (gpointer data, const char *side)
{
  return views_for (data, side);
}

static GArray *
objectives (gpointer data)
{
  TState *t = data;

  if (t->objectives == NULL)
    t->objectives = g_array_new (FALSE, TRUE, sizeof (MuObjectiveView));
  return t->objectives;
}

static void
victory (gpointer data, MuResult *r)
{
  TState *t = data;

  memset (r, 0, sizeof *r);
  r->over = t->finished;
  r->winner = t->winner >= 0 ? t->side_id[t->winner] : NULL;
  r->level = t->winner >= 0 ? "complete" : "draw";
  r->summary = g_strdup_printf ("%s %d %s %d", t->side_id[0], stands_of (t, 0), t->side_id[1],
                                stands_of (t, 1));
}

/* The stands a side has left, shown as the side's resource. */
static gboolean
resource (gpointer data, const char *id, const char *owner, int *value)
{
  TState *t = data;

  for (int side = 0; side < 2; side++)
    if (g_strcmp0 (id, "stands") == 0 && g_strcmp0 (owner, t->side_id[side]) == 0)
      {
        *value = stands_of (t, side);
        return TRUE;
      }
  return FALSE;
}

static gboolean
check_invariants (gpointer data, GError **error)
{
  TState *t = data;

  for (guint i = 0; i < t->units->len; i++)
    {
      TUnit *u = g_ptr_array_index (t->units, i);
      if (u->stands < 0 || u->stands > u->def->strength)
        return refuse (error, "%s has %d stands", u->def->id, u->stands);
    }
  return TRUE;
}

const MuRuleset test_table_ruleset = {
  .id = "test-table",
  .name = "Test table",
  .board = MU_BOARD_TABLE,
  .turns = &turns,
  .verbs = verbs,
  .n_verbs = G_N_ELEMENTS (verbs),
  .event_kinds = event_kinds,
  .n_event_kinds = G_N_ELEMENTS (event_kinds),
  .state_new = state_new,
  .state_free = state_free,
  .apply = apply,
  .legal_commands = legal_commands,
  .legal_moves = legal_moves,
  .legal_targets = legal_targets,
  .position = position,
  .pending = pending,
  .counters = counters,
  .counters_for = counters_for,
  .objectives = objectives,
  .resource = resource,
  .victory = victory,
  .check_invariants = check_invariants,
};
