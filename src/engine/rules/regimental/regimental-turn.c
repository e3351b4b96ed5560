/* regimental-turn.c: set-up and the ten steps of the regimental sheet
 * (§2): initiative per turn (TAB-20, QRS-AMB-39), secret orders written
 * by both sides and revealed together (QRS-ORD-1, QRS-ORD-3, TAB-19), the
 * steps both sides act in, the end of the turn, game length and victory
 * (QRS-AMB-83, QRS-AMB-84), and the invariants. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static gboolean
event_invariants (gpointer match, GError **error)
{
  return qrs_check_invariants (match, error);
}

MuEvent *
qrs_event (QrsMatch *m, GPtrArray *events, const MuEventKindInfo *kind, const char *subject,
           const char *rule)
{
  return mu_rules_event (events, kind, subject, rule, m->check_events, &m->event_failure,
                         event_invariants, m);
}

QrsUnit *
qrs_find (const QrsMatch *m, const char *id)
{
  QRS_FOR_UNITS (m, u)
    if (g_strcmp0 (u->def->id, id) == 0)
      return u;
  return NULL;
}

int
qrs_index (const QrsMatch *m, const QrsUnit *u)
{
  for (guint i = 0; i < m->units->len; i++)
    if (g_ptr_array_index (m->units, i) == u)
      return i;
  return QRS_NONE;
}

static int
side_index (const QrsMatch *m, const char *side)
{
  for (int s = 0; s < QRS_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return QRS_NONE;
}

/* The steps in which each side does its part in turn (QRS-AMB-39); step
 * 1 is secret, each side in turn behind the hand-over screen (TAB-20). */
gboolean
qrs_side_step (const QrsMatch *m)
{
  switch (m->step)
    {
    case QRS_STEP_ORDERS:
    case QRS_STEP_FIRST_FIRE:
    case QRS_STEP_CHARGES:
    case QRS_STEP_MOVEMENT:
    case QRS_STEP_MOVING_FIRE:
      return !m->finished;
    default:
      return FALSE;
    }
}

int
qrs_acting_side (const QrsMatch *m)
{
  return qrs_side_step (m) ? m->order[m->part] : QRS_NONE;
}

/* QRS-AMB-58: a unit's formation: its `formation` value, else the
 * format-1 attribute read by its arm. */
static QrsForm
start_formation (const MuRuleset *ruleset, const MuCounter *c, QrsArm arm)
{
  const MuFieldInfo *f = mu_ruleset_find_field (ruleset, "formation");
  g_autofree char *v = f ? mu_counter_get_field (c, f) : NULL;
  QrsForm form;

  if (v && qrs_form_parse (v, &form))
    return form;
  switch (c->place.formation)
    {
    case MU_FORMATION_COLUMN:
      return arm == QRS_ARM_CAV ? QRS_FORM_COLUMN : arm == QRS_ARM_ART ? QRS_FORM_LIMBERED
                                                                     : QRS_FORM_ATTACK_COLUMN;
    case MU_FORMATION_SKIRMISH:
      return arm == QRS_ARM_ART ? QRS_FORM_UNLIMBERED : QRS_FORM_SKIRMISH_LINE;
    case MU_FORMATION_LIMBERED:
      return arm == QRS_ARM_CAV ? QRS_FORM_COLUMN : arm == QRS_ARM_ART ? QRS_FORM_LIMBERED
                                                                     : QRS_FORM_MARCH_COLUMN;
    case MU_FORMATION_LINE:
    default:
      return arm == QRS_ARM_ART ? QRS_FORM_UNLIMBERED : QRS_FORM_SINGLE_LINE;
    }
}

static const char *const qualities[] = { "elite", "veteran", "green", "militia" };

static char *
field (const MuRuleset *ruleset, const MuCounter *c, const char *id)
{
  const MuFieldInfo *f = mu_ruleset_find_field (ruleset, id);

  return f ? mu_counter_get_field (c, f) : NULL;
}

/* Whether u, laid out as s, touches none of the enemy units it touches
 * now. */
static gboolean
parts_from_enemy (const QrsMatch *m, const QrsUnit *u, const MuStand *s, guint n)
{
  double tol = mu_table_contact_tolerance (m->scenario->table->unit);
  gboolean touched = FALSE;

  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_in_contact (u->stand, u->n_stands, o->stand, o->n_stands, tol))
      {
        if (mu_stands_in_contact (s, n, o->stand, o->n_stands, tol))
          return FALSE;
        touched = TRUE;
      }
  return touched;
}

/* TAB-8: laid out again from its anchor and facing with its stands now. */
void
qrs_relayout (QrsMatch *m, QrsUnit *u)
{
  MuPoint anchor;

  if (u->n_stands == 0)
    return;
  anchor = mu_stands_anchor (u->stand, u->n_stands);
  if (u->stands <= 0 || u->removed)
    {
      u->n_stands = 0;
      return;
    }
  {
    MuStand s[MU_STANDS_MAX];
    guint n = mu_stands_layout (&qrs_formation_shapes[u->form], u->stands, u->width, u->depth,
                                anchor, u->facing, s, MU_STANDS_MAX);
    gboolean clear = TRUE;

    /* TAB-8 closes the unit up about its anchor; where that would put a
     * stand on another unit (one standing in the gap of an open line)
     * the unit loses its last stand where it stands instead (a choice:
     * stands never overlap, TAB-11) */
    QRS_FOR_UNITS (m, o)
      if (clear && o != u && o->arm != QRS_ARM_OFFICER && !o->removed
          && mu_stands_overlap (s, n, o->stand, o->n_stands))
        clear = FALSE;
    if (clear && parts_from_enemy (m, u, s, n))
      {
        /* QRS-AMB-73: a unit in melee stays in contact; closing up about
         * its anchor would part it from the enemy it touches (a line
         * charged at its end), so it loses the stand farthest from the
         * enemy and the others stand fast */
        guint far = 0;
        double best = -1;

        for (guint i = 0; i < u->n_stands; i++)
          {
            double d = G_MAXDOUBLE;

            QRS_FOR_UNITS (m, o)
              if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed)
                d = MIN (d, mu_stands_distance (&u->stand[i], 1, o->stand, o->n_stands));
            if (d > best)
              best = d, far = i;
          }
        memmove (&u->stand[far], &u->stand[far + 1], sizeof (MuStand) * (u->n_stands - far - 1));
        u->n_stands--;
      }
    else if (clear)
      {
        memcpy (u->stand, s, sizeof (MuStand) * n);
        u->n_stands = n;
      }
    else
      u->n_stands = MIN (u->n_stands, (guint) u->stands);
  }
}

/* Set-up -------------------------------------------------------------------------------- */

static void start_turn (QrsMatch *m, GPtrArray *events);

QrsMatch *
qrs_match_new (const MuRuleset *ruleset, const MuScenario *s, MuDice *dice, GPtrArray *events,
               GError **error)
{
  QrsMatch *m;

  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->sides->len != 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   "regimental needs a table and exactly two sides (QRS-AMB-85)");
      return NULL;
    }
  m = g_new0 (QrsMatch, 1);
  m->scenario = s;
  m->ruleset = ruleset;
  m->dice = dice;
  m->terrain = mu_terrain_index_new (s->table);
  m->data = qrs_data_load ();
  m->filled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  m->side_id[0] = ((MuSide *) g_ptr_array_index (s->sides, 0))->id;
  m->side_id[1] = ((MuSide *) g_ptr_array_index (s->sides, 1))->id;
  m->order[0] = 0;
  m->order[1] = 1;
  m->order_id[0] = m->side_id[0];
  m->order_id[1] = m->side_id[1];
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->checks = g_array_new (FALSE, TRUE, sizeof (int));
  m->melee.fights = g_array_new (FALSE, TRUE, sizeof (QrsFight));
  m->melee.fought = g_array_new (FALSE, TRUE, sizeof (int));
  m->winner = QRS_NONE;
  m->combat_dice = CLAMP (mu_scenario_option_number (s, "qrs.combat-dice", 2), 1, 6);
  m->figures_per_stand = CLAMP (mu_scenario_option_number (s, "qrs.figures-per-stand", 1), 1, 99);

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      int side = side_index (m, c->side);
      QrsUnit *u;
      g_autofree char *quality = field (ruleset, c, "quality");
      g_autofree char *weapon = field (ruleset, c, "weapon");
      g_autofree char *morale = field (ruleset, c, "morale");
      g_autofree char *lost = field (ruleset, c, "stands-lost");
      g_autofree char *rating = field (ruleset, c, "rating");
      g_autofree char *level = field (ruleset, c, "level");

      u = g_new0 (QrsUnit, 1);
      u->def = c;
      u->side = side;
      u->parent = QRS_NONE;
      u->charge_target = u->fired_at = QRS_NONE;
      u->arm = c->kind != MU_COUNTER_UNIT ? QRS_ARM_OFFICER
               : c->arm == MU_ARM_CAVALRY ? QRS_ARM_CAV
               : c->arm == MU_ARM_ARTILLERY ? QRS_ARM_ART : QRS_ARM_INF;
      u->quality = 2;
      for (int q = 0; quality && q < 4; q++)
        if (g_str_equal (quality, qualities[q]))
          u->quality = q;
      /* QRS-MOR-1: BMP by quality, from the file (Elite 2 .. Militia 5) */
      u->bmp = (int) qrs_number (m, "morale-points", qualities[u->quality], 2 + u->quality);
      u->weapon = 0;
      for (int w = 0; weapon && qrs_weapon_ids[w]; w++)
        if (g_str_equal (weapon, qrs_weapon_ids[w]))
          u->weapon = w;
      if (u->arm == QRS_ARM_ART && weapon == NULL)
        u->weapon = 11;  /* mixed guns: QRS-AMB-85's checker reports the missing value */
      u->stands_lost = lost ? atoi (lost) : 0;
      u->morale = g_strcmp0 (morale, "shaken") == 0 ? QRS_SHAKEN
                  : g_strcmp0 (morale, "routed") == 0 ? QRS_ROUTED : QRS_GOOD;
      u->rating = rating ? CLAMP (atoi (rating), 1, 3) : 1;
      u->brigade = g_strcmp0 (level, "brigade") == 0;
      u->facing = isfinite (c->place.facing) ? c->place.facing : 0;
      if (u->arm == QRS_ARM_OFFICER)
        {
          u->stands = 1;
          if (c->place.kind == MU_PLACE_TABLE && isfinite (c->place.pos.x))
            u->n_stands = mu_table_counter_stands (s->table, c, NULL, MU_FORMATION_LINE, 1, c->place.pos,
                                                   u->facing, u->stand, MU_STANDS_MAX);
        }
      else
        {
          u->form = start_formation (ruleset, c, u->arm);
          u->stands = CLAMP (c->strength, 0, MU_STANDS_MAX);
          if (c->place.kind == MU_PLACE_TABLE && isfinite (c->place.pos.x) && u->stands > 0)
            u->n_stands = mu_scenario_counter_stands (s, c, qrs_form_id (u->form), u->stands,
                                                      c->place.pos, u->facing, u->stand, MU_STANDS_MAX);
        }
      if (u->n_stands > 0)
        {
          u->width = u->stand[0].width;
          u->depth = u->stand[0].depth;
        }
      else
        {
          mu_table_base_size (s->table, u->arm == QRS_ARM_OFFICER ? MU_ARM_INFANTRY : c->arm,
                              &u->width, &u->depth);
          u->removed = TRUE;
        }
      g_ptr_array_add (m->units, u);
    }
  /* QRS-AMB-80: the parent chain is the order of battle */
  QRS_FOR_UNITS (m, u)
    if (u->def->parent)
      {
        QrsUnit *p = qrs_find (m, u->def->parent);

        u->parent = p ? qrs_index (m, p) : QRS_NONE;
      }
  m->owner = g_new0 (char *, s->objectives->len + 1);
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      int side = side_index (m, o->owner);

      m->owner[i] = side == QRS_NONE ? NULL : (char *) m->side_id[side];
    }
  m->bound = s->timeline.first_bound > 0 ? s->timeline.first_bound : 1;
  m->last_bound = m->bound + MAX (s->timeline.bounds, 1) - 1;
  qrs_event (m, events, mu_event_kind_info (MU_EVENT_MATCH_START), "regimental", NULL);
  start_turn (m, events);
  return m;
}

QrsMatch *
qrs_match_copy (const QrsMatch *o, MuDice *dice)
{
  QrsMatch *m = g_new0 (QrsMatch, 1);
  GHashTableIter it;
  gpointer k, v;

  *m = *o;
  m->dice = dice;
  m->terrain = mu_terrain_index_new (o->scenario->table);
  m->filled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_iter_init (&it, o->filled);
  while (g_hash_table_iter_next (&it, &k, &v))
    g_hash_table_insert (m->filled, g_strdup (k), g_strdup (v));
  m->units = g_ptr_array_new_with_free_func (g_free);
  QRS_FOR_UNITS (o, u)
    g_ptr_array_add (m->units, g_memdup2 (u, sizeof *u));
  m->checks = g_array_copy (o->checks);
  m->melee.fights = g_array_copy (o->melee.fights);
  m->melee.fought = g_array_copy (o->melee.fought);
  m->owner = g_memdup2 (o->owner, sizeof (char *) * (o->scenario->objectives->len + 1));
  qrs_ask_copy (&o->ask, &m->ask);
  if (m->ask.id)
    {
      /* the view points into the copy's own strings */
      m->ask.view.side = m->side_id[m->ask.side];
      m->ask.view.id = m->ask.id;
      m->ask.view.subject = m->ask.subject;
      m->ask.view.question = m->ask.shown;
      m->ask.view.answers = (const char *const *) m->ask.answers->pdata;
    }
  m->level = g_strdup (o->level);
  m->event_failure = g_strdup (o->event_failure);
  m->counter_views = NULL;
  m->objective_views = NULL;
  return m;
}

void
qrs_match_free (QrsMatch *m)
{
  if (m == NULL)
    return;
  g_clear_pointer (&m->terrain, mu_terrain_index_free);
  g_clear_pointer (&m->filled, g_hash_table_unref);
  g_clear_pointer (&m->units, g_ptr_array_unref);
  g_clear_pointer (&m->checks, g_array_unref);
  g_clear_pointer (&m->melee.fights, g_array_unref);
  g_clear_pointer (&m->melee.fought, g_array_unref);
  qrs_ask_clear (&m->ask);
  g_clear_pointer (&m->counter_views, g_array_unref);
  g_clear_pointer (&m->objective_views, g_array_unref);
  g_free (m->owner);
  g_free (m->level);
  g_free (m->event_failure);
  g_free (m);
}

/* The sequence ------------------------------------------------------------------------- */

static const char *const step_ids[] = {
  "start", "orders", "rally", "reveal", "first-fire", "disengage", "charges", "movement",
  "moving-fire", "officers", "end",
};

static void
enter_step (QrsMatch *m, int step, int part, GPtrArray *events)
{
  MuEvent *e;

  m->step = step;
  m->part = part;
  e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, NULL);
  if (qrs_side_step (m))
    mu_event_set_side (e, m->side_id[qrs_acting_side (m)]);
  e->value = step;
  mu_event_set_text (e, step_ids[step]);
}

/* TAB-20, QRS-AMB-39: one d6 a side in the scenario's order, ties rolled
 * again; the higher acts first in every step of the turn. */
static void
start_turn (QrsMatch *m, GPtrArray *events)
{
  MuEvent *e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_BOUND), NULL, NULL);
  int a, b;

  e->value = m->bound;
  enter_step (m, QRS_STEP_START, 0, events);
  do
    {
      a = mu_dice_roll (m->dice, events, "initiative", m->side_id[0], NULL, 0, MU_ROLL_NONE, 0,
                        "QRS-AMB-39", NULL);
      b = mu_dice_roll (m->dice, events, "initiative", m->side_id[1], NULL, 0, MU_ROLL_NONE, 0,
                        "QRS-AMB-39", NULL);
    }
  while (a == b);
  m->order[0] = a > b ? 0 : 1;
  m->order[1] = 1 - m->order[0];
  m->order_id[0] = m->side_id[m->order[0]];
  m->order_id[1] = m->side_id[m->order[1]];
  mu_event_set_side (qrs_event (m, events, &qrs_ev_initiative, NULL, "TAB-20"), m->order_id[0]);
  /* QRS-AMB-81: a wound's suspension runs from step 1 of the next turn */
  QRS_FOR_UNITS (m, u)
    if (u->arm == QRS_ARM_OFFICER)
      {
        if (u->suspended > 0)
          u->suspended--;
        if (u->suspend_next > 0)
          {
            u->suspended = u->suspend_next;
            u->suspend_next = 0;
          }
      }
  enter_step (m, QRS_STEP_ORDERS, 0, events);
}

static gboolean
unit_in_play (const QrsUnit *u)
{
  return u->arm != QRS_ARM_OFFICER && !u->removed;
}

static guint
units_left (const QrsMatch *m, int side)
{
  guint n = 0;

  QRS_FOR_UNITS (m, u)
    n += u->side == side && unit_in_play (u);
  return n;
}

/* QRS-AMB-84: at step 10 an objective is held by a side with a stand of
 * a unit that is not ROUTED within its radius, and no enemy stand so. */
static void
update_objectives (QrsMatch *m)
{
  for (guint i = 0; i < m->scenario->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (m->scenario->objectives, i);
      gboolean near[QRS_SIDES] = { FALSE, FALSE };

      QRS_FOR_UNITS (m, u)
        if (unit_in_play (u) && u->morale != QRS_ROUTED
            && mu_table_within (mu_stands_point_distance (u->stand, u->n_stands, o->pos), o->radius))
          near[u->side] = TRUE;
      if (near[0] != near[1])
        m->owner[i] = (char *) m->side_id[near[0] ? 0 : 1];
    }
}

void
qrs_scores (const QrsMatch *m, int score[QRS_SIDES])
{
  score[0] = score[1] = 0;
  for (guint i = 0; i < m->scenario->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (m->scenario->objectives, i);

      for (int s = 0; s < QRS_SIDES; s++)
        if (g_strcmp0 (m->owner[i], m->side_id[s]) == 0)
          score[s] += o->value;
    }
}

static void
finish (QrsMatch *m, const char *reason, GPtrArray *events)
{
  MuEvent *e;
  int diff;

  m->finished = TRUE;
  m->step = QRS_STEP_END;
  diff = ABS (m->score[0] - m->score[1]);
  g_free (m->level);
  m->level = g_strdup (m->winner == QRS_NONE ? "draw" : diff <= 2 ? "tactical"
                       : diff <= 4 ? "decisive" : "complete");
  e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_VICTORY), NULL, "QRS-AMB-84");
  if (m->winner != QRS_NONE)
    mu_event_set_side (e, m->side_id[m->winner]);
  mu_event_set_text (e, m->level);
  e->value = diff;
  mu_event_set_text (qrs_event (m, events, mu_event_kind_info (MU_EVENT_GAME_END), NULL, "QRS-AMB-83"),
                     reason);
}

/* QRS-AMB-83: at once when a side has no unit left in play, the other
 * winning a complete victory. */
static gboolean
sudden_end (QrsMatch *m, GPtrArray *events)
{
  guint left[QRS_SIDES] = { units_left (m, 0), units_left (m, 1) };

  if (m->finished || (left[0] > 0 && left[1] > 0))
    return m->finished;
  qrs_scores (m, m->score);
  m->winner = left[0] == left[1] ? QRS_NONE : left[0] ? 0 : 1;
  finish (m, "side-eliminated", events);
  if (m->winner != QRS_NONE)
    {
      g_free (m->level);
      m->level = g_strdup ("complete");
    }
  return TRUE;
}

/* §2 step 10, QRS-ORD-4: order markers removed, the per-turn counts
 * cleared (QRS-AMB-76), objectives taken; the game ends after its last
 * turn (QRS-AMB-83). */
static void
end_turn (QrsMatch *m, GPtrArray *events)
{
  enter_step (m, QRS_STEP_END, 0, events);
  QRS_FOR_UNITS (m, u)
    {
      u->order = u->release = QRS_ORDER_NONE;
      u->revealed = FALSE;
      u->fired = FALSE;
      u->moved = FALSE;
      u->refused = FALSE;
      u->charge_target = u->fired_at = QRS_NONE;
      u->target_named = u->charged = FALSE;
      u->hits = 0;
    }
  update_objectives (m);
  if (m->bound >= m->last_bound)
    {
      qrs_scores (m, m->score);
      m->winner = m->score[0] == m->score[1] ? QRS_NONE : m->score[0] > m->score[1] ? 0 : 1;
      /* QRS-AMB-84: with objectives required, a side owning at least that
       * many, and more than the other, wins; else a draw */
      if (m->scenario->objectives_required > 0)
        {
          int owned[QRS_SIDES] = { 0, 0 };

          for (guint i = 0; i < m->scenario->objectives->len; i++)
            for (int s = 0; s < QRS_SIDES; s++)
              owned[s] += g_strcmp0 (m->owner[i], m->side_id[s]) == 0;
          m->winner = owned[0] >= m->scenario->objectives_required && owned[0] > owned[1] ? 0
                      : owned[1] >= m->scenario->objectives_required && owned[1] > owned[0] ? 1
                      : QRS_NONE;
        }
      finish (m, "bounds-played", events);
      return;
    }
  m->bound++;
  start_turn (m, events);
}

/* Runs the automatic steps from `step` on until a side is awaited. */
static void
run_from (QrsMatch *m, int step, GPtrArray *events)
{
  for (;;)
    {
      if (sudden_end (m, events))
        return;
      switch (step)
        {
        case QRS_STEP_RALLY:
          enter_step (m, QRS_STEP_RALLY, 0, events);
          qrs_rout_moves (m, events);
          qrs_rally (m, events);
          qrs_replacement (m, events);
          step = QRS_STEP_REVEAL;
          break;
        case QRS_STEP_REVEAL:
          {
            /* QRS-ORD-3, TAB-19: every marker shown at once */
            enter_step (m, QRS_STEP_REVEAL, 0, events);
            qrs_event (m, events, mu_event_kind_info (MU_EVENT_REVEAL), NULL, "QRS-ORD-3");
            for (int p = 0; p < QRS_SIDES; p++)
              QRS_FOR_UNITS (m, u)
                if (u->side == m->order[p] && u->order != QRS_ORDER_NONE)
                  {
                    MuEvent *e = qrs_event (m, events, &qrs_ev_order, u->def->id, "QRS-ORD-3");

                    mu_event_set_text (e, qrs_order_word (u->order));
                    mu_event_set_side (e, m->side_id[u->side]);
                    u->revealed = TRUE;
                  }
            /* QRS-ORD-3, QRS-AMB-51: chargers name their targets */
            if (!qrs_name_targets (m, events))
              return;
            step = QRS_STEP_FIRST_FIRE;
            break;
          }
        case QRS_STEP_FIRST_FIRE:
        case QRS_STEP_CHARGES:
        case QRS_STEP_MOVEMENT:
        case QRS_STEP_MOVING_FIRE:
          enter_step (m, step, 0, events);
          return;
        case QRS_STEP_DISENGAGE:
          enter_step (m, QRS_STEP_DISENGAGE, 0, events);
          qrs_disengage (m, events);
          step = QRS_STEP_CHARGES;
          break;
        case QRS_STEP_OFFICERS:
          enter_step (m, QRS_STEP_OFFICERS, 0, events);
          qrs_officer_casualties (m, events);
          step = QRS_STEP_END;
          break;
        case QRS_STEP_END:
        default:
          end_turn (m, events);
          return;
        }
    }
}

/* After an answer at step 3: the other chargers, then step 4. */
void
qrs_after_reveal (QrsMatch *m, GPtrArray *events)
{
  if (qrs_name_targets (m, events))
    run_from (m, QRS_STEP_FIRST_FIRE, events);
}

/* QRS-ORD-1, QRS-AMB-2: a unit that is not ROUTED needs an order. */
static QrsUnit *
unordered (const QrsMatch *m, int side)
{
  QRS_FOR_UNITS (m, u)
    if (u->side == side && unit_in_play (u) && u->morale != QRS_ROUTED && u->order == QRS_ORDER_NONE)
      return u;
  return NULL;
}

static gboolean
end_phase (QrsMatch *m, GPtrArray *events, GError **error)
{
  int side = qrs_acting_side (m);

  if (side == QRS_NONE)
    return mu_rules_refuse (error, "QRS-AMB-39", "no side acts now");
  if (m->step == QRS_STEP_ORDERS)
    {
      QrsUnit *u = unordered (m, side);

      if (u)
        return mu_rules_refuse (error, "QRS-ORD-1", "%s has no order yet", u->def->id);
    }
  if (m->part == 0)
    {
      enter_step (m, m->step, 1, events);
      return TRUE;
    }
  switch (m->step)
    {
    case QRS_STEP_ORDERS:
      run_from (m, QRS_STEP_RALLY, events);
      break;
    case QRS_STEP_FIRST_FIRE:
      /* QRS-AMB-40: the step's checks after its last fire */
      qrs_run_checks (m, events);
      run_from (m, QRS_STEP_DISENGAGE, events);
      break;
    case QRS_STEP_CHARGES:
      run_from (m, QRS_STEP_MOVEMENT, events);
      break;
    case QRS_STEP_MOVEMENT:
      run_from (m, QRS_STEP_MOVING_FIRE, events);
      break;
    case QRS_STEP_MOVING_FIRE:
    default:
      qrs_run_checks (m, events);
      /* QRS-AMB-73: then the melee round */
      qrs_melee_continue (m, events);
      if (!m->melee.active)
        run_from (m, QRS_STEP_OFFICERS, events);
      break;
    }
  return TRUE;
}

/* Step 1: `order UNIT CODE [RELEASE]`, secret (MU_VERB_HIDDEN): the
 * event is its side's only until step 3 reveals it. */
static gboolean
apply_order (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  const char *code = mu_command_word (command, 1);
  const char *rel = mu_command_word (command, 2);
  QrsOrder order, release = QRS_ORDER_NONE;
  g_autofree char *text = NULL;
  MuEvent *e;

  if (m->step != QRS_STEP_ORDERS)
    return mu_rules_refuse (error, "QRS-ORD-1", "orders are given in step 1");
  if (u == NULL || !unit_in_play (u))
    return mu_rules_refuse (error, "QRS-ORD-1", "%s is no unit in play", mu_command_word (command, 0));
  if (u->side != qrs_acting_side (m))
    return mu_rules_refuse (error, "QRS-ORD-1", "%s is not of the side giving orders now", u->def->id);
  if (u->morale == QRS_ROUTED)
    return mu_rules_refuse (error, "QRS-AMB-2", "%s is routed and gets no order", u->def->id);
  if (!qrs_order_parse (code, &order))
    return mu_rules_refuse (error, "QRS-ORD-1", "no such order: %s", code);
  if (order == QRS_ORDER_CH)
    {
      if (rel == NULL || !qrs_order_parse (rel, &release) || release == QRS_ORDER_H
          || release == QRS_ORDER_CH)
        return mu_rules_refuse (error, "QRS-AMB-42",
                                "a conditional hold names the order it is released into: FR, D, C, M or FM");
    }
  else if (rel)
    return mu_rules_refuse (error, "QRS-AMB-42", "only a conditional hold names a second order");
  /* QRS-AMB-51: artillery and skirmish lines may not be given C */
  if ((order == QRS_ORDER_C || release == QRS_ORDER_C)
      && (u->arm == QRS_ARM_ART || u->form == QRS_FORM_SKIRMISH_LINE))
    return mu_rules_refuse (error, "QRS-AMB-51", "artillery and skirmish lines may not charge");
  u->order = order;
  u->release = release;
  e = qrs_event (m, events, &qrs_ev_order, u->def->id, "QRS-ORD-1");
  text = release ? g_strdup_printf ("%s %s", code, rel) : g_strdup (code);
  mu_event_set_text (e, text);
  mu_event_set_side (e, m->side_id[u->side]);
  mu_event_set_visible_to (e, m->side_id[u->side]);
  return TRUE;
}

/* QRS-AMB-43: once a turn, in its own part of step 4, an H or CH unit
 * turns 90 degrees about its anchor, laid out again in its formation. */
static gboolean
apply_refuse (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  gboolean left = g_strcmp0 (mu_command_word (command, 1), "l") == 0;
  MuStand s[MU_STANDS_MAX];
  guint n;
  double facing;
  MuPoint anchor;
  const MuTableMap *t = m->scenario->table;
  double tol = mu_table_contact_tolerance (t->unit);

  if (m->step != QRS_STEP_FIRST_FIRE)
    return mu_rules_refuse (error, "QRS-AMB-43", "a flank is refused in step 4");
  if (u == NULL || !unit_in_play (u) || u->side != qrs_acting_side (m))
    return mu_rules_refuse (error, "QRS-AMB-43", "%s cannot refuse a flank now",
                            mu_command_word (command, 0));
  if (u->order != QRS_ORDER_H && u->order != QRS_ORDER_CH)
    return mu_rules_refuse (error, "QRS-AMB-43", "only H and CH units refuse a flank");
  if (u->refused)
    return mu_rules_refuse (error, "QRS-AMB-43", "%s has refused a flank this turn", u->def->id);
  facing = fmod (u->facing + (left ? 270.0 : 90.0), 360.0);
  anchor = mu_stands_anchor (u->stand, u->n_stands);
  n = mu_stands_layout (&qrs_formation_shapes[u->form], u->stands, u->width, u->depth, anchor, facing,
                        s, MU_STANDS_MAX);
  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];
      guint areas[16], k;

      mu_stand_corners (&s[i], c);
      for (int j = 0; j < 4; j++)
        if (mu_table_beyond (0, c[j].x) || mu_table_beyond (0, c[j].y) || mu_table_beyond (c[j].x, t->width) ||
            mu_table_beyond (c[j].y, t->height))
          return mu_rules_refuse (error, "QRS-AMB-43", "%s would leave the table", u->def->id);
      k = mu_terrain_areas_at (m->terrain, s[i].centre, areas, G_N_ELEMENTS (areas));
      while (k-- > 0)
        if (mu_ruleset_area_impassable (m->ruleset,
                                        ((MuArea *) g_ptr_array_index (t->areas, areas[k]))->kind))
          return mu_rules_refuse (error, "QRS-AMB-43", "%s would stand on impassable ground",
                                  u->def->id);
    }
  QRS_FOR_UNITS (m, o)
    if (o != u && o->arm != QRS_ARM_OFFICER && !o->removed
        && (mu_stands_overlap (s, n, o->stand, o->n_stands)
            || (o->side != u->side && mu_stands_in_contact (s, n, o->stand, o->n_stands, tol))))
      return mu_rules_refuse (error, "QRS-AMB-43", "%s has no room to turn: %s is in the way",
                              u->def->id, o->def->id);
  memcpy (u->stand, s, sizeof (MuStand) * n);
  u->n_stands = n;
  u->facing = facing;
  u->refused = TRUE;
  mu_event_set_text (qrs_event (m, events, &qrs_ev_formation, u->def->id, "QRS-AMB-43"),
                     left ? "refused-left" : "refused-right");
  return TRUE;
}

/* QRS-AMB-42: in its own part of step 4, 6 or 7 a CH unit that has not
 * fired takes its written order, shown to all at once. */
static gboolean
apply_release (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  g_autofree char *text = NULL;
  MuEvent *e;

  if (m->step != QRS_STEP_FIRST_FIRE && m->step != QRS_STEP_CHARGES && m->step != QRS_STEP_MOVEMENT)
    return mu_rules_refuse (error, "QRS-AMB-42", "a conditional hold is released in step 4, 6 or 7");
  if (u == NULL || !unit_in_play (u) || u->side != qrs_acting_side (m))
    return mu_rules_refuse (error, "QRS-AMB-42", "%s cannot be released now", mu_command_word (command, 0));
  if (u->order != QRS_ORDER_CH)
    return mu_rules_refuse (error, "QRS-AMB-42", "%s is not on conditional hold", u->def->id);
  if (u->fired)
    return mu_rules_refuse (error, "QRS-AMB-42", "%s has fired and holds", u->def->id);
  u->order = u->release;
  u->release = QRS_ORDER_NONE;
  e = qrs_event (m, events, &qrs_ev_order, u->def->id, "QRS-AMB-42");
  text = g_strdup_printf ("%s released", qrs_order_word (u->order));
  mu_event_set_text (e, text);
  mu_event_set_side (e, m->side_id[u->side]);
  return TRUE;
}

gboolean
qrs_apply (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (command);

  if (m->finished)
    return mu_rules_refuse (error, "QRS-AMB-83", "the match is over");
  if (g_str_equal (verb, "choose"))
    return qrs_answer (m, command, events, error);
  if (m->ask.id)
    return mu_rules_refuse (error, "QRS-AMB-28", "%s must first answer: %s",
                            m->side_id[m->ask.side], m->ask.shown);
  if (g_str_equal (verb, "end-phase"))
    return end_phase (m, events, error);
  if (g_str_equal (verb, "order"))
    return apply_order (m, command, events, error);
  if (g_str_equal (verb, "fire"))
    return qrs_apply_fire (m, command, FALSE, events, error);
  if (g_str_equal (verb, "move"))
    return qrs_apply_move (m, command, events, error);
  if (g_str_equal (verb, "charge"))
    return qrs_apply_charge (m, command, events, error);
  if (g_str_equal (verb, "refuse"))
    return apply_refuse (m, command, events, error);
  if (g_str_equal (verb, "release"))
    return apply_release (m, command, events, error);
  return mu_rules_refuse (error, NULL, "unknown command “%s”", verb);
}

/* After an answer: the fire that asked goes on. */
void
qrs_continue (QrsMatch *m, GPtrArray *events)
{
  if (m->fire.active)
    qrs_fire_continue (m, events);
  else if (m->move.active)
    qrs_move_continue (m, events);
  if (!m->fire.active && !m->ask.id && m->charge.active && !qrs_charge_declared (m))
    qrs_charge_continue (m, events);
  if (!m->ask.id && m->melee.active)
    {
      qrs_melee_continue (m, events);
      if (!m->melee.active)
        run_from (m, QRS_STEP_OFFICERS, events);
    }
  if (!m->ask.id && m->step == QRS_STEP_REVEAL)
    qrs_after_reveal (m, events);
  sudden_end (m, events);
}

/* Legal commands ------------------------------------------------------------------------ */

static void
add (GPtrArray *list, const char *verb, const char *a, const char *b, const char *c)
{
  MuCommand *cmd = mu_command_new (verb);

  if (a)
    mu_command_add_word (cmd, a);
  if (b)
    mu_command_add_word (cmd, b);
  if (c)
    mu_command_add_word (cmd, c);
  g_ptr_array_add (list, cmd);
}

GPtrArray *
qrs_legal_commands (QrsMatch *m)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  int side = qrs_acting_side (m);

  if (m->finished)
    return list;
  if (m->ask.id)
    {
      if (m->ask.view.kind == MU_ANSWER_CHOICE)
        for (guint i = 0; i + 1 < m->ask.answers->len; i++)
          add (list, "choose", g_ptr_array_index (m->ask.answers, i), NULL, NULL);
      else
        for (int v = m->ask.view.min; v <= m->ask.view.max; v++)
          {
            g_autofree char *w = g_strdup_printf ("%d", v);

            add (list, "choose", w, NULL, NULL);
          }
      return list;
    }
  if (side == QRS_NONE)
    return list;
  if (m->step == QRS_STEP_ORDERS)
    {
      static const char *const codes[] = { "H", "FM", "FR", "C", "M", "D" };
      static const char *const releases[] = { "FR", "D", "C", "M", "FM" };

      QRS_FOR_UNITS (m, u)
        if (u->side == side && unit_in_play (u) && u->morale != QRS_ROUTED
            && u->order == QRS_ORDER_NONE)
          {
            gboolean charge_ok = u->arm != QRS_ARM_ART && u->form != QRS_FORM_SKIRMISH_LINE;

            for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
              if (charge_ok || !g_str_equal (codes[i], "C"))
                add (list, "order", u->def->id, codes[i], NULL);
            for (guint i = 0; i < G_N_ELEMENTS (releases); i++)
              if (charge_ok || !g_str_equal (releases[i], "C"))
                add (list, "order", u->def->id, "CH", releases[i]);
          }
      if (unordered (m, side) == NULL)
        add (list, "end-phase", NULL, NULL, NULL);
      return list;
    }
  QRS_FOR_UNITS (m, u)
    if (u->side == side && qrs_can_fire (m, u, FALSE, NULL))
      QRS_FOR_UNITS (m, t)
        if (qrs_fire_target_ok (m, u, t, NULL))
          add (list, "fire", u->def->id, t->def->id, NULL);
  if (m->step == QRS_STEP_MOVEMENT)
    qrs_legal_moves (m, list);
  qrs_legal_charges (m, list);
  QRS_FOR_UNITS (m, u)
    if (u->side == side && unit_in_play (u) && u->order == QRS_ORDER_CH && !u->fired
        && (m->step == QRS_STEP_FIRST_FIRE || m->step == QRS_STEP_CHARGES
            || m->step == QRS_STEP_MOVEMENT))
      add (list, "release", u->def->id, NULL, NULL);
  add (list, "end-phase", NULL, NULL, NULL);
  return list;
}

/* Invariants ---------------------------------------------------------------------------- */

gboolean
qrs_check_invariants (QrsMatch *m, GError **error)
{
  if (m->step < QRS_STEP_START || m->step > QRS_STEP_END || m->part < 0 || m->part > 1)
    return mu_rules_invalid (error, "step %d part %d out of range", m->step, m->part);
  g_autofree MuStandsBox *boxes = NULL;

  if (m->bound > m->last_bound)
    return mu_rules_invalid (error, "turn %d past the last, %d", m->bound, m->last_bound);
  /* every pair of units is tested for overlap after every event of a
   * simulated match: boxed first, the pairs far apart need no exact test */
  boxes = g_new (MuStandsBox, MAX (m->units->len, 1));
  for (guint i = 0; i < m->units->len; i++)
    {
      const QrsUnit *u = g_ptr_array_index (m->units, i);

      mu_stands_box (u ? u->stand : NULL, u ? u->n_stands : 0, &boxes[i]);
    }
  for (guint i = 0; i < m->units->len; i++)
    {
      const QrsUnit *u = g_ptr_array_index (m->units, i);

      if (u == NULL || u->arm == QRS_ARM_OFFICER)
        continue;
      if (!u->removed && ((guint) u->stands != u->n_stands || u->stands < 1))
        return mu_rules_invalid (error, "%s has %d stands but %u laid out", u->def->id, u->stands,
                                 u->n_stands);
      if (u->removed && u->n_stands != 0)
        return mu_rules_invalid (error, "%s is picked up but still has stands", u->def->id);
      /* QRS-AMB-2, QRS-AMB-78: a routed unit has no order */
      if (u->morale == QRS_ROUTED && u->order != QRS_ORDER_NONE)
        return mu_rules_invalid (error, "%s is routed but has an order", u->def->id);
      if (u->order == QRS_ORDER_CH && u->release == QRS_ORDER_NONE)
        return mu_rules_invalid (error, "%s holds conditionally with no release order", u->def->id);
      if (u->revealed && m->step < QRS_STEP_REVEAL)
        return mu_rules_invalid (error, "%s's order is shown before step 3", u->def->id);
      if (u->hits < 0 || u->stands_lost < 0 || u->horses_lost < 0)
        return mu_rules_invalid (error, "%s has a negative count", u->def->id);
      /* TAB-11: stands never overlap (each pair once, the later unit second) */
      for (guint k = i + 1; k < m->units->len; k++)
        {
          const QrsUnit *o = g_ptr_array_index (m->units, k);

          if (o != NULL && o->arm != QRS_ARM_OFFICER && !o->removed && !u->removed
              && mu_stands_boxes_near (&boxes[i], &boxes[k], 0)
              && mu_stands_overlap (u->stand, u->n_stands, o->stand, o->n_stands))
            return mu_rules_invalid (error, "%s overlaps %s", u->def->id, o->def->id);
        }
    }
  if (m->ask.id && m->ask.answers == NULL)
    return mu_rules_invalid (error, "a question without answers");
  return TRUE;
}
