/* toy-soldiers-melee.c: step 9 of contact resolution (TS-CR-9, TS-CR-10,
 * TS-AMB-74), its routs and the melees it sends on (TS-MEL, TS-AMB-76):
 * one after another in declaration order, the slide into contact, the
 * opening penalties, then the passes, each a decision `melee` (fight or
 * rout). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-contact.h"

#include <glib/gi18n-lib.h>

/* Whether the test passed, against the unit's numbers now. */
static gboolean
test_ok (const TsMatch *m, const TsContact *c, int i, int test)
{
  int die = c->cu[i].die[test];

  switch (test)
    {
    case TS_CR_COMMAND:
      return die + c->cu[i].mod >= ts_cr_chaos (m, c, i);
    case TS_CR_DISORDER:
      return c->cu[i].block != TS_NONE || die >= ts_cr_disorder (m, c, i);
    default:
      return ts_cr_square_against_horse (m, c, i) || die >= ts_cr_stress (m, c, i);
    }
}

static int
failures (const TsMatch *m, const TsContact *c, int i)
{
  int n = 0;

  for (int t = 0; t < TS_CR_TESTS; t++)
    if (!test_ok (m, c, i, t))
      n++;
  return n;
}

static int
total (const TsContact *c, int i)
{
  return c->cu[i].die[0] + c->cu[i].mod + c->cu[i].die[1] + c->cu[i].die[2];
}

/* TS-CR-9 (a)-(c), TS-CR-10: i routs; extra stress the difference, or 1d6. */
void
ts_cr_rout (TsMatch *m, TsContact *c, int i, gboolean melee, int extra, gboolean roll, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i);
  TsRouting r;

  c->cu[i].routed = TRUE;
  ts_cr_leave (c, i);
  if (c->cu[i].block != TS_NONE)
    {
      /* TS-AMB-85: a garrison that routs is destroyed, with TS-GEN-7's
       * stress (friends within 6" of its block's faces) and élan */
      TsBlock *b = ts_block_at (m, c->cu[i].block);
      TsUnit faces;

      memset (&r, 0, sizeof r);
      r.cmdr = TS_NONE;
      r.off = TRUE;
      if (ts_block_faces (m, c->cu[i].block, &faces))
        {
          r.n_start = MIN (faces.n_st, G_N_ELEMENTS (r.start));
          memcpy (r.start, faces.st, sizeof (MuStand) * r.n_start);
        }
      ts_event (m, events, &ts_ev_rout, u->def->id, melee ? "TS-MEL-3" : "TS-CR-9");
      while (b->unit != TS_NONE)
        ts_block_lose (m, c->cu[i].block, "TS-AMB-85", events);
      if (!melee)
        ts_add_chaos (m, ts_commander_of (m, u), 2, "TS-CR-10", events);
      ts_rout_after (m, u, melee ? "TS-MEL-7" : "TS-ELAN-3", &r, events);
      return;
    }
  if (!ts_in_play (u))
    return;
  ts_rout_move (m, u, melee ? "TS-MEL-3" : "TS-CR-10", &r, events);
  if (!melee && !r.off)
    {
      int now, over = 0;

      if (roll)
        extra = mu_dice_roll (m->dice, events, "rout-stress", u->def->id, NULL, 0, MU_ROLL_NONE, 0, "TS-CR-9",
                              NULL);
      /* TS-CR-10: above 6, a stand goes for each 2 stress */
      now = u->stress + extra;
      while (now - 2 * over > 6)
        over++;
      /* the whole gain on one line, with how far it went above 6, so that
       * the die (or the difference) and the stands that follow add up */
      if (extra > 0)
        {
          MuEvent *e;

          u->stress = MIN (now, 6);
          e = ts_event (m, events, &ts_ev_stress, u->def->id, "TS-CR-9");
          if (e)
            {
              g_autofree char *text = now > 6 ? g_strdup_printf ("%+d over=%d", extra, now - 6)
                                              : g_strdup_printf ("%+d", extra);

              mu_event_set_text (e, text);
              e->value = u->stress;
            }
        }
      for (int k = 0; k < over && ts_in_play (u); k++)
        ts_lose_stand (m, u, "TS-CR-10", events);
      if (ts_in_play (u) && now - 2 * over != u->stress)
        ts_add_stress (m, u, now - 2 * over - u->stress, "TS-CR-10", events);
    }
  if (!melee)
    ts_add_chaos (m, ts_commander_of (m, u), 2, "TS-CR-10", events);
  ts_rout_after (m, u, melee ? "TS-MEL-7" : "TS-ELAN-3", &r, events);
}

/* TS-CR-9, TS-AMB-74: the screens come down. */
void
ts_cr_step_nine (TsMatch *m, TsContact *c, GPtrArray *events)
{
  /* the reveal: every unit still in the assault */
  for (guint i = 0; i < c->n_cu; i++)
    if (ts_cr_engaged (m, c, i))
      {
        MuEvent *e = ts_event (m, events, mu_event_kind_info (MU_EVENT_REVEAL), NULL, "TS-CR-9");

        if (e)
          {
            /* the command die as rolled, then TS-CR-1's +1 as the roll line
             * shows it, so that the three and the modifier add up to the total */
            g_autofree char *mod = c->cu[i].mod ? g_strdup_printf (" mod=%+d", c->cu[i].mod) : g_strdup ("");
            g_autofree char *text = g_strdup_printf ("%s command=%d%s disorder=%d stress=%d failures=%d "
                                                     "total=%d", ts_cr_id (m, c, i), c->cu[i].die[0], mod,
                                                     c->cu[i].die[1], c->cu[i].die[2], failures (m, c, i),
                                                     total (c, i));

            mu_event_set_text (e, text);
          }
      }
  /* 9a: every unit with three failures, all of them (one's rout must not
   * spare a foe that failed all three too) */
  {
    guint three = 0;

    for (guint i = 0; i < c->n_cu; i++)
      if (ts_cr_engaged (m, c, i) && failures (m, c, i) == 3)
        three |= 1u << i;
    for (guint i = 0; i < c->n_cu && !m->finished; i++)
      if (three & (1u << i))
        {
          for (guint p = 0; p < c->n_pairs; p++)
            if (!c->pair[p].ended && (c->pair[p].a == (int) i || c->pair[p].d == (int) i))
              c->cu[c->pair[p].a == (int) i ? c->pair[p].d : c->pair[p].a].won = TRUE;
          ts_cr_rout (m, c, i, FALSE, 0, TRUE, events);
        }
  }
  /* 9b, 9c: two failures, then one, pair by pair */
  for (int k = 2; k >= 1; k--)
    for (guint p = 0; p < c->n_pairs && !m->finished; p++)
      {
        TsCrPair *pr = &c->pair[p];
        int fa, fd, loser = -1, extra = 0;
        gboolean roll = FALSE;

        if (pr->ended || pr->melee)
          continue;
        fa = failures (m, c, pr->a);
        fd = failures (m, c, pr->d);
        if (fa != k && fd != k)
          continue;
        if (fa == k && fd == k)
          {
            int ta = total (c, pr->a), td = total (c, pr->d);

            if (ta == td)
              {
                pr->melee = TRUE;
                continue;
              }
            loser = ta < td ? pr->a : pr->d;
            extra = ABS (ta - td);
          }
        else if (fa == k && fd < k)
          {
            loser = pr->a;
            roll = TRUE;
          }
        else if (fd == k && fa < k)
          {
            loser = pr->d;
            roll = TRUE;
          }
        else
          continue;
        for (guint q = 0; q < c->n_pairs; q++)
          if (!c->pair[q].ended && (c->pair[q].a == loser || c->pair[q].d == loser))
            c->cu[c->pair[q].a == loser ? c->pair[q].d : c->pair[q].a].won = TRUE;
        ts_cr_rout (m, c, loser, FALSE, extra, roll, events);
      }
  /* 9d: the rest go to melee */
  for (guint p = 0; p < c->n_pairs; p++)
    if (!c->pair[p].ended)
      c->pair[p].melee = TRUE;
}

static gboolean
is_foot (const TsUnit *u)
{
  return u->type == TS_LINE_INF || u->type == TS_LIGHT_INF;
}

static gboolean
in_square (const TsMatch *m, const TsContact *c, int i)
{
  return c->cu[i].block == TS_NONE && ts_cr_unit (m, c, i)->form == TS_FORM_SQUARE;
}

/* TS-MEL-1, TS-AMB-76: i's opening penalties against its foe f. */
static void
opening (TsMatch *m, TsContact *c, int i, int f, GPtrArray *events)
{
  TsUnit *u = ts_cr_unit (m, c, i), *o = ts_cr_unit (m, c, f);
  int n = 0;

  /* a garrison is neither wider nor penalised; a square never */
  if (c->cu[i].block != TS_NONE || c->cu[f].block != TS_NONE || in_square (m, c, i))
    return;
  if (ts_width (m, o, o->form) > ts_width (m, u, u->form))
    n++;
  if (is_foot (u) && o->type == TS_CAV)
    n++;
  if (n == 0)
    return;
  ts_add_disorder (m, u, n, "TS-MEL-1", events);
  ts_add_stress (m, u, n, "TS-MEL-1", events);
}

/* The unit that keeps its passes until it passes a stress test: the
 * infantry (or battery) against cavalry (TS-MEL-5), the attackers against
 * a village's defenders (TS-MEL-6); -1: the passes alternate (TS-MEL-4). */
static int
sticky (const TsMatch *m, const TsContact *c, const TsCrPair *pr)
{
  const TsUnit *a = ts_cr_unit (m, c, pr->a), *d = ts_cr_unit (m, c, pr->d);

  if (c->cu[pr->d].block != TS_NONE)
    return pr->a;
  if (c->cu[pr->a].block != TS_NONE)
    return pr->d;
  if (a->type == TS_CAV && d->type != TS_CAV)
    return pr->d;
  if (d->type == TS_CAV && a->type != TS_CAV)
    return pr->a;
  return -1;
}

static gboolean
over (const TsMatch *m, const TsContact *c, const TsCrPair *pr)
{
  return c->cu[pr->a].routed || c->cu[pr->d].routed || !ts_cr_alive (m, c, pr->a) || !ts_cr_alive (m, c, pr->d);
}

static const char *
foe_name (const TsMatch *m, const TsContact *c, int i)
{
  return c->cu[i].block != TS_NONE ? ts_block_at (m, c->cu[i].block)->area->id : ts_cr_id (m, c, i);
}

/* The charger of the pair: its attacker, or in a counter-charge pair its
 * defender (the counter-charger's target). */
static int
charger_of (const TsCrPair *pr)
{
  return pr->counter ? pr->d : pr->a;
}

static void
start (TsMatch *m, TsContact *c, TsCrPair *pr, GPtrArray *events)
{
  int ch = charger_of (pr), foe = ch == pr->a ? pr->d : pr->a;
  MuEvent *e = ts_event (m, events, &ts_ev_melee, ts_cr_id (m, c, ch), "TS-CR-9");

  if (e)
    {
      g_autofree char *vs = g_strdup_printf ("vs=%s", foe_name (m, c, foe));

      mu_event_set_text (e, vs);
    }
  c->cu[pr->a].in_melee = c->cu[pr->d].in_melee = TRUE;
  /* TS-AMB-76: the charger (or counter-charger) slides on until it touches */
  ts_cr_slide (m, ts_cr_unit (m, c, pr->a), -1, "contact", "TS-AMB-76", events);
  /* the charger's penalties first, then its foe's */
  opening (m, c, ch, foe, events);
  opening (m, c, foe, ch, events);
  /* TS-MEL-3: the defender first (a counter-charge pair's defender is the
   * charger); TS-MEL-6: against a village, the attackers */
  c->pass = c->cu[pr->d].block != TS_NONE ? pr->a : pr->d;
  c->melee_open = TRUE;
}

gboolean
ts_melee_run (TsMatch *m, TsContact *c, GPtrArray *events)
{
  static const char *const both[] = { "fight", "rout", NULL };
  static const char *const rout_only[] = { "rout", NULL };

  while (c->cursor < (int) c->n_pairs && !m->finished)
    {
      TsCrPair *pr = &c->pair[c->cursor];
      int i;

      if (!c->melee_open)
        {
          if (!pr->melee || over (m, c, pr))
            {
              c->cursor++;
              continue;
            }
          start (m, c, pr, events);
        }
      if (over (m, c, pr) || m->finished)
        {
          c->melee_open = FALSE;
          c->cursor++;
          continue;
        }
      i = c->pass;
      /* TS-AMB-54, TS-AMB-76: at disorder 6 a unit cannot fight (a garrison always can) */
      if (ts_cr_ask (m, TS_ASK_MELEE, i, ts_cr_unit (m, c, i)->side, "TS-MEL-3",
                     c->cu[i].block != TS_NONE || ts_cr_disorder (m, c, i) < 6 ? both : rout_only, events,
                     N_("Does %s fight this melee pass, or break and run to the rear?")))
        return TRUE;
      ts_melee_answer (m, c, "rout", events);
    }
  return FALSE;
}

void
ts_melee_answer (TsMatch *m, TsContact *c, const char *answer, GPtrArray *events)
{
  TsCrPair *pr = &c->pair[c->cursor];
  int i = c->pass, f = i == pr->a ? pr->d : pr->a, s;
  TsUnit *u = ts_cr_unit (m, c, i);
  gboolean sure = in_square (m, c, i) && ts_cr_unit (m, c, f)->type == TS_CAV;
  gboolean passed;
  int target;

  if (g_str_equal (answer, "rout"))
    {
      ts_cr_rout (m, c, i, TRUE, 0, FALSE, events);
      return;
    }
  /* TS-MEL-3: +1 disorder, then the stress test; a failure costs a stand */
  if (c->cu[i].block == TS_NONE)
    ts_add_disorder (m, u, 1, "TS-MEL-3", events);
  if (!ts_cr_alive (m, c, i))
    return;
  target = ts_cr_stress (m, c, i);
  mu_dice_roll (m->dice, events, "melee", u->def->id, NULL, 0, sure ? MU_ROLL_NONE : MU_ROLL_AT_LEAST,
                sure ? 0 : target, "TS-MEL-3", &passed);
  passed = passed || sure;
  if (!passed)
    {
      if (c->cu[i].block != TS_NONE)
        ts_block_lose (m, c->cu[i].block, "TS-MEL-3", events);
      else
        ts_lose_stand (m, u, "TS-MEL-3", events);
    }
  /* who passes next (TS-MEL-4..6) */
  s = sticky (m, c, pr);
  c->pass = s < 0 ? f : i == s ? (passed ? f : i) : s;
}
