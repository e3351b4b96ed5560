/* baa-table-decide.c: the players' decisions of baa-table, answered with
 * `choose ANSWER` (mu-ruleset.h, MuDecision)
 *
 *   reserve-entry   where an arriving reserve comes on: a railroad reserve
 *                   anywhere along the track (BAT-MOV-10), a reserve with
 *                   several entry points at one of them, or spread over
 *                   them all ("spread", in order of battle, BAT-AMB-44)
 *   melee-split     which enemy the bases of a unit that touch two enemy
 *                   units fight in phase 11 (BAT-AMB-40), asked of the
 *                   active side for each such unit before the melees
 *
 * A pending decision stops the sequence until it is answered; nothing else
 * is accepted meanwhile. Reserves arriving together are asked for in the
 * scenario's order, one after another.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

void
bat_decision_clear (BatDecision *d)
{
  g_clear_pointer (&d->question, g_free);
  g_clear_pointer (&d->answers, g_ptr_array_unref);
  d->kind = BAT_DECIDE_NONE;
  d->subject = NULL;
  memset (&d->view, 0, sizeof d->view);
}

void
bat_decision_free (BatDecision *d)
{
  bat_decision_clear (d);
  g_clear_pointer (&d->queue, g_ptr_array_unref);
}

/* The decision just opened, for the log: who answers, and the question
 * (the README's `decision` event, as on the hex board). */
static void
announce (BatMatch *m, GPtrArray *events)
{
  MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), NULL, NULL);

  mu_event_set_side (e, m->side_id[m->decision.side]);
  mu_event_set_text (e, m->decision.question);
}

static void
update_view (BatMatch *m)
{
  BatDecision *d = &m->decision;

  memset (&d->view, 0, sizeof d->view);
  if (d->kind == BAT_DECIDE_NONE)
    return;
  d->view.side = m->side_id[d->side];
  d->view.id = d->kind == BAT_DECIDE_SPLIT ? "melee-split" : "reserve-entry";
  d->view.subject = d->subject;
  d->view.question = d->question;
  d->view.answers = (const char *const *) d->answers->pdata;
  d->view.kind = d->kind == BAT_DECIDE_SPLIT ? MU_ANSWER_CHOICE : MU_ANSWER_POSITION;
}

void
bat_decision_copy (const BatMatch *from, BatMatch *to)
{
  const BatDecision *f = &from->decision;
  BatDecision *t = &to->decision;

  memset (t, 0, sizeof *t);
  t->kind = f->kind;
  t->queue_kind = f->queue_kind;
  t->side = f->side;
  t->subject = f->subject;
  t->question = g_strdup (f->question);
  t->answers = mu_rules_answers_copy (f->answers);
  t->queue = f->queue ? g_ptr_array_copy (f->queue, NULL, NULL) : NULL;
  update_view (to);
}

const MuDecision *
bat_decision_view (const BatMatch *m)
{
  return m->decision.kind == BAT_DECIDE_NONE ? NULL : &m->decision.view;
}

const MuReserve *
bat_find_reserve (const BatMatch *m, const char *id)
{
  for (guint i = 0; i < m->scenario->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (m->scenario->reserves, i);
      if (g_strcmp0 (r->id, id) == 0)
        return r;
    }
  for (guint i = 0; i < m->night_reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (m->night_reserves, i);
      if (g_strcmp0 (r->id, id) == 0)
        return r;
    }
  return NULL;
}

/* Whether the reserve arrives by train (BAT-MOV-10): a railroad reserve,
 * while the scenario keeps bat.railroads on. */
gboolean
bat_by_train (const BatMatch *m, const MuReserve *r)
{
  return r->kind == MU_RESERVE_RAILROAD && m->opt_railroads;
}

/* Whether the reserve's entry is its owner's choice. */
gboolean
bat_entry_is_choice (const BatMatch *m, const MuReserve *r)
{
  return bat_by_train (m, r) || (r->entry_points && r->entry_points->len > 1);
}

static char *
point_word (MuPoint p)
{
  MuPos pos = mu_pos_from_point (p.x, p.y, -1);

  return mu_pos_to_string (&pos);
}

/* Opens the entry decision of the next reserve waiting for one. */
void
bat_decide_next_entry (BatMatch *m, GPtrArray *events)
{
  const MuReserve *r;
  BatDecision *d = &m->decision;

  bat_decision_clear (d);
  if (d->queue == NULL || d->queue->len == 0 || d->queue_kind != BAT_DECIDE_ENTRY)
    return;
  r = bat_find_reserve (m, g_ptr_array_index (d->queue, 0));
  g_ptr_array_remove_index (d->queue, 0);
  if (r == NULL)
    return;
  d->kind = BAT_DECIDE_ENTRY;
  d->side = g_strcmp0 (r->side, m->side_id[0]) == 0 ? 0 : 1;
  d->subject = r->id;
  d->answers = g_ptr_array_new_with_free_func (g_free);
  if (bat_by_train (m, r))
    {
      /* BAT-MOV-10: anywhere along the track; the listed points are every
       * U from each railroad's first point, the scenario's entry points first */
      d->question = g_strdup_printf (_("%s arrives by train: where along the railroad does it "
                                     "disembark? (choose @X,Y, BAT-MOV-10)"), r->id);
      for (guint i = 0; r->entry_points && i < r->entry_points->len; i++)
        if (bat_point_on_line (m, MU_LINE_RAILROAD, g_array_index (r->entry_points, MuPoint, i)))
          g_ptr_array_add (d->answers, point_word (g_array_index (r->entry_points, MuPoint, i)));
      for (guint i = 0; i < m->table->lines->len; i++)
        {
          const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
          const MuPoint *pp = (const MuPoint *) l->points->data;
          double len;

          if (l->kind != MU_LINE_RAILROAD)
            continue;
          len = mu_polyline_length (pp, l->points->len);
          for (double s = 0; s <= len + 1e-9; s += m->scale.u)
            g_ptr_array_add (d->answers, point_word (mu_polyline_point_at (pp, l->points->len, s)));
        }
    }
  else
    {
      d->question = g_strdup_printf (_("%s arrives: at which entry point, or spread over them all? "
                                     "(choose @X,Y or spread, BAT-AMB-44)"), r->id);
      g_ptr_array_add (d->answers, g_strdup ("spread"));
      for (guint i = 0; i < r->entry_points->len; i++)
        g_ptr_array_add (d->answers, point_word (g_array_index (r->entry_points, MuPoint, i)));
    }
  g_ptr_array_add (d->answers, NULL);
  update_view (m);
  announce (m, events);
}

/* Queues an arriving reserve for its entry decision. */
void
bat_decide_queue_entry (BatMatch *m, const MuReserve *r)
{
  if (m->decision.queue == NULL)
    m->decision.queue = g_ptr_array_new ();
  m->decision.queue_kind = BAT_DECIDE_ENTRY;
  g_ptr_array_add (m->decision.queue, r->id);
}

/* Opens the split decision of the next unit waiting for one; when none is
 * left, the melees are fought. */
static void
next_split (BatMatch *m, GPtrArray *events)
{
  BatDecision *d = &m->decision;

  bat_decision_clear (d);
  while (d->queue && d->queue->len)
    {
      BatUnit *u = bat_find_unit (m, g_ptr_array_index (d->queue, 0));
      BatUnit *enemies[16];
      guint n;

      g_ptr_array_remove_index (d->queue, 0);
      n = u ? bat_melee_split (m, u, enemies, G_N_ELEMENTS (enemies)) : 0;
      if (n < 2)
        continue;
      d->kind = BAT_DECIDE_SPLIT;
      d->side = u->side;
      d->subject = u->def->id;
      d->question = g_strdup_printf (_("bases of %s touch two enemy units: which does each of them fight? "
                                     "(choose UNIT, BAT-AMB-40)"), u->def->id);
      d->answers = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; k < n; k++)
        g_ptr_array_add (d->answers, g_strdup (enemies[k]->def->id));
      g_ptr_array_add (d->answers, NULL);
      update_view (m);
      announce (m, events);
      return;
    }
  bat_melee_phase (m, events);
}

void
bat_melee_begin (BatMatch *m, GPtrArray *events)
{
  BatDecision *d = &m->decision;

  if (d->queue == NULL)
    d->queue = g_ptr_array_new ();
  g_ptr_array_set_size (d->queue, 0);
  d->queue_kind = BAT_DECIDE_SPLIT;
  BAT_FOR_UNITS (m, u)
    {
      BatUnit *enemies[2];

      u->split_target = NULL;
      /* those that fight (BAT-MEL-1, BAT-AMB-21) with a base touching two */
      if (u->side == m->active && bat_unit_on_table (u) && !u->pinned &&
          bat_melee_split (m, u, enemies, G_N_ELEMENTS (enemies)) >= 2)
        g_ptr_array_add (d->queue, (gpointer) u->def->id);
    }
  next_split (m, events);
}

/* `choose ANSWER`; dry run when events is NULL. */
gboolean
bat_choose (BatMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  BatDecision *d = &m->decision;
  const MuArg *a = mu_command_n_args (cmd) == 1 ? mu_command_arg (cmd, 0) : NULL;
  g_autofree char *answer = NULL;
  const MuReserve *r;
  gboolean listed = FALSE;
  MuPos pos;

  if (d->kind == BAT_DECIDE_NONE)
    return bat_refuse (error, bat_verb_rule (cmd), "no decision is pending");
  if (a == NULL)
    return bat_refuse (error, bat_verb_rule (cmd), "choose needs one answer");
  /* a point as the command prints it, so that it compares with the list */
  answer = a->kind == MU_ARG_POS ? mu_pos_to_string (&a->pos) : g_strdup (a->word);
  if (d->kind == BAT_DECIDE_SPLIT)
    {
      BatUnit *u = bat_find_unit (m, d->subject);

      for (guint i = 0; i + 1 < d->answers->len; i++)
        listed |= g_str_equal (g_ptr_array_index (d->answers, i), answer);
      if (!listed)
        return bat_refuse (error, "BAT-AMB-40", "%s's bases touch no such two units: “%s”", d->subject,
                           answer);
      if (events == NULL)
        return TRUE;
      u->split_target = bat_find_unit (m, answer)->def->id;
      next_split (m, events);
      bat_advance (m, events);
      return TRUE;
    }
  r = bat_find_reserve (m, d->subject);
  g_assert (r != NULL);
  for (guint i = 0; i + 1 < d->answers->len; i++)
    listed |= g_str_equal (g_ptr_array_index (d->answers, i), answer);
  if (bat_by_train (m, r))
    {
      /* BAT-MOV-10: any point of the track, listed or not */
      if (!mu_pos_parse (answer, &pos) || !pos.is_point || !bat_point_on_line (m, MU_LINE_RAILROAD, pos.point))
        return bat_refuse (error, "BAT-MOV-10", "“%s” is no point on a railroad's track", answer);
    }
  else if (!listed)
    return bat_refuse (error, "BAT-AMB-44", "“%s” is none of %s's entry points, nor spread", answer, r->id);
  if (events == NULL)
    return TRUE;
  if (g_str_equal (answer, "spread"))
    bat_reserve_arrive (m, r, NULL, events);
  else
    {
      gboolean parsed = mu_pos_parse (answer, &pos);

      g_assert (parsed);
      bat_reserve_arrive (m, r, &pos.point, events);
    }
  bat_decide_next_entry (m, events);
  bat_advance (m, events);
  return TRUE;
}
