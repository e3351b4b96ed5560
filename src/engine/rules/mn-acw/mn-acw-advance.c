/* mn-acw-advance.c: the winner's advance after a melee (MN-MEL-5,
 * MN-MEL-6, MN-AMB-27, MN-AMB-71) and the decisions that ask for it:
 * `advance` (yes or no, to the winner's side, active or not) and
 * `advance-to` (the beaten enemy's former position, or an enemy unit
 * the winner can see); then 1 d6 and the move, a contact fought at once.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* A unit as people read it: its name, else its id. */
static const char *
unit_name (const MnUnit *u)
{
  return u->def->name && *u->def->name ? u->def->name : u->def->id;
}

static MnUnit *
unit_at (const MnMatch *m, int i)
{
  return g_ptr_array_index (m->units, i);
}

static int
unit_index (const MnMatch *m, const MnUnit *u)
{
  guint i = 0;

  g_ptr_array_find (m->units, u, &i);
  return (int) i;
}

void
mn_decision_clear (MnDecision *d)
{
  g_clear_pointer (&d->question, g_free);
  g_clear_pointer (&d->shown, g_free);
  g_clear_pointer (&d->answers, g_ptr_array_unref);
  memset (d, 0, sizeof *d);
  d->kind = MN_DECIDE_NONE;
}

void
mn_decision_copy (const MnDecision *from, MnDecision *to)
{
  *to = *from;
  to->question = g_strdup (from->question);
  to->shown = g_strdup (from->shown);
  to->answers = mu_rules_answers_copy (from->answers);
}

const MuDecision *
mn_decision_view (MnMatch *m)
{
  MnDecision *d = &m->decision;

  if (d->kind == MN_DECIDE_NONE)
    return NULL;
  memset (&d->view, 0, sizeof d->view);
  d->view.side = m->side_id[d->side];
  d->view.id = d->kind == MN_DECIDE_ADVANCE ? "advance" : "advance-to";
  d->view.subject = unit_at (m, d->winner)->def->id;
  d->view.question = d->shown;
  d->view.answers = (const char *const *) d->answers->pdata;
  d->view.kind = d->kind == MN_DECIDE_ADVANCE ? MU_ANSWER_YES_NO : MU_ANSWER_CHOICE;
  return &d->view;
}

static void
announce (MnMatch *m, GPtrArray *events)
{
  MuEvent *e = mn_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), NULL, "MN-AMB-71");

  mu_event_set_side (e, m->side_id[m->decision.side]);
  mu_event_set_text (e, m->decision.question);
}

/* The enemy regiments and batteries the winner can see (MN-AMB-71). */
static void
visible_enemies (MnMatch *m, const MnUnit *w, GPtrArray *out)
{
  MN_FOR_UNITS (m, o)
    if (o->side != w->side && o->type != MN_TYPE_LEADER && mn_has_stands (o) &&
        mn_sight (m, w, w->stands, w->n_stands, o, o->stands, o->n_stands, NULL))
      g_ptr_array_add (out, g_strdup (o->def->id));
}

/* MN-AMB-71: offered only to an infantry or cavalry winner that rolled
 * under D (the caller's), has not advanced this game turn and is in no
 * other pair. */
void
mn_offer_advance (MnMatch *m, MnUnit *winner, MnUnit *loser, MuPoint former, GPtrArray *events)
{
  MnDecision *d = &m->decision;

  if ((winner->type != MN_TYPE_INF && winner->type != MN_TYPE_CAV) || winner->advanced ||
      !mn_has_stands (winner) || mn_in_melee (m, winner))
    return;
  mn_decision_clear (d);
  d->kind = MN_DECIDE_ADVANCE;
  d->side = winner->side;
  d->winner = unit_index (m, winner);
  d->loser = unit_index (m, loser);
  d->former = former;
  mu_rules_question (&d->question, &d->shown, N_("Does %s advance after its victory?"), winner->def->id);
  /* the window shows the unit by its name; the events keep the id */
  g_free (d->shown);
  d->shown = g_strdup_printf (_("Does %s advance after its victory?"), unit_name (winner));
  d->answers = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (d->answers, g_strdup ("yes"));
  g_ptr_array_add (d->answers, g_strdup ("no"));
  g_ptr_array_add (d->answers, NULL);
  announce (m, events);
}

/* The advance itself: 1 d6 straight from the centre of the winner's
 * centre base toward the aim, facing kept; it stops at the former
 * position, 1 in short of a friend it does not pass (MN-AMB-52), at the
 * table's edge or impassable ground (MN-AMB-84), or at first contact with
 * an enemy; toward an enemy unit it is a charge with A = the die
 * (MN-AMB-61: 2 in short when it falls short), and it conforms. A contact
 * is a new one, fought at once (MN-AMB-27). */
static void
advance (MnMatch *m, MnUnit *w, const MnUnit *aim, MuPoint to, GPtrArray *events)
{
  MuPoint from = mn_footprint_centre (w), anchor = mn_anchor (w);
  double dx = to.x - from.x, dy = to.y - from.y, span = hypot (dx, dy), die, length;
  MuPoint v;
  MnUnit *hit = NULL;
  double hit_at = -1, step = 0.05;
  MuStand st[MU_STANDS_MAX];
  MnPair pair = { 0 };

  if (m->num.advance_dice == 1)
    die = mu_dice_roll (m->dice, events, "advance", w->def->id, NULL, 0, MU_ROLL_NONE, 0, "MN-MEL-5", NULL);
  else
    {
      MuRoll roll = { 0 };

      roll.purpose = "advance";
      roll.subject = w->def->id;
      roll.n = MAX (m->num.advance_dice, 1);
      roll.read = MU_DICE_SUM;
      roll.rule = "MN-MEL-5";
      die = mu_dice_roll_read (m->dice, events, &roll, NULL);
    }
  w->advanced = TRUE;
  if (span < 1e-9)
    return;
  v = (MuPoint) { dx / span, dy / span };
  length = aim ? die : MIN (die, span);
  MN_FOR_UNITS (m, o)
    {
      double t;

      if (o->side == w->side || o->type == MN_TYPE_LEADER || !mn_has_stands (o))
        continue;
      t = mn_first_touch (m, w->stands, w->n_stands, o->stands, o->n_stands, v,
                          aim ? hypot (m->table->width, m->table->height) : length);
      if (t >= 0 && (hit_at < 0 || t < hit_at))
        {
          hit_at = t;
          hit = o;
        }
    }
  if (hit && aim)
    {
      /* MN-AMB-61 with A = the die */
      if (mu_table_within (hit_at - mn_tolerance (m), die))
        length = MAX (0, hit_at - mn_tolerance (m));
      else
        {
          length = MAX (0, mn_hundredths_down (MIN (die, hit_at - m->num.charge_short)));
          hit = NULL;
        }
    }
  else if (hit && hit_at <= length)
    length = MAX (0, hit_at - mn_tolerance (m));
  else
    hit = NULL;
  /* the edge and impassable ground stop it */
  for (double t = step; t < length + step; t += step)
    {
      double at = MIN (t, length);
      gboolean bad;

      mn_translate (w->stands, w->n_stands, v, at, st);
      bad = !mn_stands_on_table (m, st, w->n_stands);
      for (guint k = 0; k < w->n_stands && !bad; k++)
        bad = mn_point_in_kinds (m, st[k].centre, 1u << MU_AREA_IMPASSABLE | 1u << MU_AREA_WATER, NULL) ||
              mn_segment_crosses (m, w->stands[k].centre, st[k].centre, 1u << MU_LINE_IMPASSABLE, NULL) ||
              mn_point_in_destroyed (m, st[k].centre) ||
              (w->type != MN_TYPE_INF && mn_building_at (m, st[k].centre) >= 0);
      if (bad)
        {
          length = mn_hundredths_down (MAX (0, at - step));
          hit = NULL;
          break;
        }
    }
  /* MN-AMB-52: friends */
  MN_FOR_UNITS (m, o)
    {
      double t;

      if (o == w || o->side != w->side || o->type == MN_TYPE_LEADER || !mn_has_stands (o))
        continue;
      mn_translate (w->stands, w->n_stands, v, length, st);
      if (!mu_stands_within (st, w->n_stands, o->stands, o->n_stands, mn_tolerance (m)))
        continue;
      t = mn_first_touch (m, w->stands, w->n_stands, o->stands, o->n_stands, v, length);
      length = t < 0 ? 0 : MAX (0, mn_hundredths_down (t - m->num.pass_short));
      hit = NULL;
    }
  if (hit)
    /* MN-AMB-64, MN-AMB-71: the snapshot from before the advance */
    mn_snapshot (m, w, hit, &pair);
  {
    MuEvent *e = mn_event (m, events, &mn_ev_advance, w->def->id, "MN-MEL-6");
    g_autofree char *text = g_strdup_printf ("%.2f", length);

    MuStand start[MU_STANDS_MAX];

    memcpy (start, w->stands, sizeof start[0] * w->n_stands);
    mn_translate (w->stands, w->n_stands, v, length, w->stands);
    mn_capture_on_path (m, w, start, w->n_stands, v, length, events);
    e->from = mu_pos_from_point (anchor.x, anchor.y, w->facing);
    e->to = mu_pos_from_point (mn_anchor (w).x, mn_anchor (w).y, w->facing);
    mu_event_set_text (e, text);
  }
  if (!hit)
    return;
  pair.attacker = unit_index (m, w);
  pair.defender = unit_index (m, hit);
  pair.fresh = TRUE;
  pair.sector = mn_conform (m, w, hit, v, events);
  {
    MuEvent *e = mn_event (m, events, &mn_ev_contact, w->def->id, "MN-AMB-27");

    mu_event_set_object (e, hit->def->id);
    mu_event_set_text (e, mu_sector_to_string (pair.sector));
  }
  mn_pair_add (m, &pair);
  mn_fight_pair (m, mn_find_pair (m, pair.attacker, pair.defender), events);
}

/* `choose ANSWER` to the advance decisions. */
gboolean
mn_choose (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnDecision *d = &m->decision;
  const char *answer = mu_command_word (c, 0);
  gboolean found = FALSE;

  if (d->kind == MN_DECIDE_NONE)
    return mu_rules_refuse (error, "MN-AMB-71",
                            "there is nothing to choose now: only a winner's advance is asked");
  for (guint i = 0; answer && i + 1 < d->answers->len; i++)
    found |= g_strcmp0 (answer, g_ptr_array_index (d->answers, i)) == 0;
  if (!found)
    return mu_rules_refuse (error, "MN-AMB-71", "“%s” is no answer to: %s", answer ? answer : "",
                            d->question);
  if (events == NULL)
    return TRUE;
  if (d->kind == MN_DECIDE_ADVANCE)
    {
      MnUnit *w = unit_at (m, d->winner);
      GPtrArray *answers;

      if (g_str_equal (answer, "no"))
        {
          mn_decision_clear (d);
          return TRUE;
        }
      answers = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (answers, g_strdup ("former"));
      visible_enemies (m, w, answers);
      g_ptr_array_add (answers, NULL);
      g_clear_pointer (&d->question, g_free);
      g_clear_pointer (&d->shown, g_free);
      g_clear_pointer (&d->answers, g_ptr_array_unref);
      d->kind = MN_DECIDE_ADVANCE_TO;
      d->answers = answers;
      mu_rules_question (&d->question, &d->shown,
                         N_("Where does %s advance: toward the beaten enemy's former position or an enemy unit?"),
                         w->def->id);
      g_free (d->shown);
      d->shown = g_strdup_printf (_("Where does %s advance: toward the beaten enemy's former position or an "
                                    "enemy unit?"), unit_name (w));
      announce (m, events);
      return TRUE;
    }
  {
    MnUnit *w = unit_at (m, d->winner);
    const MnUnit *aim = g_str_equal (answer, "former") ? NULL : mn_find_unit (m, answer);
    MuPoint to = aim ? mn_footprint_centre (aim) : d->former;

    mn_decision_clear (d);
    advance (m, w, aim, to, events);
  }
  return TRUE;
}
