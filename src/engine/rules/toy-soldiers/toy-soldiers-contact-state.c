/* toy-soldiers-contact-state.c: the state of contact resolution (TS-CR):
 * a conflict's units and pairs as loaded from the charge's (TS-AMB-71,
 * TS-AMB-89), what each unit stands at (a garrison's disorder and stress,
 * TS-AMB-85; its commander's chaos), which pairs are still in the
 * assault (TS-AMB-73), and the state's step path, copy and free. The
 * machine that runs the steps is toy-soldiers-contact.c's. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-contact.h"

#include <string.h>

/* The units ------------------------------------------------------------------------- */

TsUnit *
ts_cr_unit (const TsMatch *m, const TsContact *c, int i)
{
  return ts_unit_at (m, c->cu[i].unit);
}

const char *
ts_cr_id (const TsMatch *m, const TsContact *c, int i)
{
  return ts_cr_unit (m, c, i)->def->id;
}

/* Still a unit of the match: a garrison while its block holds it. */
gboolean
ts_cr_alive (const TsMatch *m, const TsContact *c, int i)
{
  if (c->cu[i].block != TS_NONE)
    return ts_block_at (m, c->cu[i].block)->unit == c->cu[i].unit;
  return ts_in_play (ts_cr_unit (m, c, i));
}

/* TS-AMB-85: a garrison's disorder is 6, its stress the block's. */
int
ts_cr_disorder (const TsMatch *m, const TsContact *c, int i)
{
  return c->cu[i].block != TS_NONE ? 6 : ts_cr_unit (m, c, i)->disorder;
}

int
ts_cr_stress (const TsMatch *m, const TsContact *c, int i)
{
  return c->cu[i].block != TS_NONE ? ts_block_at (m, c->cu[i].block)->stress : ts_cr_unit (m, c, i)->stress;
}

int
ts_cr_chaos (const TsMatch *m, const TsContact *c, int i)
{
  const TsUnit *cmdr = ts_commander_of (m, ts_cr_unit (m, c, i));

  return cmdr ? cmdr->chaos : 1;
}

int
ts_cr_charging_side (const TsMatch *m, const TsContact *c)
{
  for (guint i = 0; i < c->n_cu; i++)
    if (c->cu[i].charging)
      return ts_cr_unit (m, c, i)->side;
  return ts_active_side (m);
}

/* Still in the assault: alive, with a pair not ended (TS-AMB-73). */
gboolean
ts_cr_engaged (const TsMatch *m, const TsContact *c, int i)
{
  if (!ts_cr_alive (m, c, i))
    return FALSE;
  for (guint p = 0; p < c->n_pairs; p++)
    if (!c->pair[p].ended && (c->pair[p].a == i || c->pair[p].d == i))
      return TRUE;
  return FALSE;
}

gboolean
ts_cr_any_pair_left (const TsContact *c)
{
  for (guint p = 0; p < c->n_pairs; p++)
    if (!c->pair[p].ended)
      return TRUE;
  return FALSE;
}

/* Its foe in its first pair not ended, -1. */
int
ts_cr_foe_of (const TsContact *c, int i)
{
  for (guint p = 0; p < c->n_pairs; p++)
    if (!c->pair[p].ended && (c->pair[p].a == i || c->pair[p].d == i))
      return c->pair[p].a == i ? c->pair[p].d : c->pair[p].a;
  return -1;
}

/* The foe as a unit to fire at (a garrison as its faces, TS-AMB-85). */
TsUnit *
ts_cr_foe_target (TsMatch *m, const TsContact *c, int f, TsUnit *faces)
{
  if (f < 0)
    return NULL;
  if (c->cu[f].block != TS_NONE)
    return ts_block_faces (m, c->cu[f].block, faces) ? faces : NULL;
  return ts_cr_unit (m, c, f);
}

void
ts_cr_leave (TsContact *c, int i)
{
  for (guint p = 0; p < c->n_pairs; p++)
    if (c->pair[p].a == i || c->pair[p].d == i)
      c->pair[p].ended = TRUE;
}

/* TS-AMB-54: a choice adding disorder (and chaos) that would pass 6 is not there. */
gboolean
ts_cr_may_add (const TsMatch *m, const TsContact *c, int i, int disorder, int chaos)
{
  return c->cu[i].block == TS_NONE && ts_cr_disorder (m, c, i) + disorder <= 6 &&
         ts_cr_chaos (m, c, i) + chaos <= 6;
}

/* Loading a conflict ------------------------------------------------------------------ */

static int
add_unit (TsMatch *m, TsContact *c, int unit, int block, gboolean charging)
{
  for (guint i = 0; i < c->n_cu; i++)
    if (c->cu[i].unit == unit && c->cu[i].block == block)
      return (int) i;
  g_assert (c->n_cu < TS_CR_UNITS);
  memset (&c->cu[c->n_cu], 0, sizeof c->cu[0]);
  c->cu[c->n_cu].unit = unit;
  c->cu[c->n_cu].block = block;
  c->cu[c->n_cu].charging = charging;
  (void) m;
  return (int) c->n_cu++;
}

/* TS-AMB-71, TS-AMB-89: the charging side's units first, each side in the
 * order its units first appear in the pairs. */
void
ts_cr_load (TsMatch *m, TsContact *c, const TsConflict *k)
{
  int side = TS_NONE;

  c->n_cu = 0;
  c->n_pairs = 0;
  for (guint p = 0; p < k->n_pairs && side == TS_NONE; p++)
    {
      const TsPair *pr = &k->pair[p];
      const TsUnit *charger = ts_unit_at (m, pr->counter ? pr->defender : pr->attacker);

      if (charger)
        side = charger->side;
    }
  if (side == TS_NONE)
    side = ts_active_side (m);
  for (int pass = 0; pass < 2; pass++)
    for (guint p = 0; p < k->n_pairs; p++)
      {
        const TsPair *pr = &k->pair[p];
        int d_unit = pr->defender != TS_NONE ? pr->defender
                   : pr->block != TS_NONE ? ts_block_at (m, pr->block)->unit : TS_NONE;
        int d_block = pr->defender != TS_NONE ? TS_NONE : pr->block;
        const TsUnit *a = ts_unit_at (m, pr->attacker), *d = ts_unit_at (m, d_unit);

        if (a && d == NULL && pass == 0)
          {
            /* TS-AMB-69: a charger left with no foe only advances (TS-CR-11) */
            c->cu[add_unit (m, c, pr->attacker, TS_NONE, TRUE)].won = TRUE;
            continue;
          }
        if (a == NULL || d == NULL)
          continue;
        if ((a->side == side) == (pass == 0))
          add_unit (m, c, pr->attacker, TS_NONE, a->side == side);
        if ((d->side == side) == (pass == 0))
          add_unit (m, c, d_unit, d_block, d->side == side);
      }
  for (guint p = 0; p < k->n_pairs; p++)
    {
      const TsPair *pr = &k->pair[p];
      int d_unit = pr->defender != TS_NONE ? pr->defender
                 : pr->block != TS_NONE ? ts_block_at (m, pr->block)->unit : TS_NONE;
      int d_block = pr->defender != TS_NONE ? TS_NONE : pr->block;
      TsCrPair *cp;

      if (ts_unit_at (m, pr->attacker) == NULL || ts_unit_at (m, d_unit) == NULL)
        continue;
      cp = &c->pair[c->n_pairs++];
      memset (cp, 0, sizeof *cp);
      cp->a = add_unit (m, c, pr->attacker, TS_NONE, FALSE);
      cp->d = add_unit (m, c, d_unit, d_block, FALSE);
      cp->counter = pr->counter;
    }
  /* TS-CR-1, TS-AMB-71: another unit of its side in the same conflict */
  for (guint i = 0; i < c->n_cu; i++)
    for (guint j = 0; j < c->n_cu; j++)
      if (i != j && ts_cr_unit (m, c, i)->side == ts_cr_unit (m, c, j)->side)
        c->cu[i].mod = 1;
  c->stage = TS_CR_STEP1;
  c->cursor = 0;
  c->want_reorder = 0;
  c->stakes = c->stakes_asked = FALSE;
  c->melee_open = FALSE;
}

const char *
ts_contact_path (const TsContact *c)
{
  static const char *const paths[] = {
    [TS_CR_STEP1] = "player-turn/charge/contact/step-1",
    [TS_CR_2A] = "player-turn/charge/contact/step-2", [TS_CR_2B] = "player-turn/charge/contact/step-2",
    [TS_CR_STEP3] = "player-turn/charge/contact/step-3",
    [TS_CR_4A] = "player-turn/charge/contact/step-4", [TS_CR_4B] = "player-turn/charge/contact/step-4",
    [TS_CR_STEP5] = "player-turn/charge/contact/step-5",
    [TS_CR_6A] = "player-turn/charge/contact/step-6", [TS_CR_6B] = "player-turn/charge/contact/step-6",
    [TS_CR_7] = "player-turn/charge/contact/step-7",
    [TS_CR_8] = "player-turn/charge/contact/step-8",
    [TS_CR_9] = "player-turn/charge/contact/step-9",
    /* TS-CR-12's refund closes the melees */
    [TS_CR_MELEE] = "player-turn/charge/melee", [TS_CR_REFUND] = "player-turn/charge/melee",
    [TS_CR_ADVANCE] = "player-turn/charge/contact/advance",
    [TS_CR_NEXT] = "player-turn/charge/contact",
  };

  g_assert (c != NULL);
  return paths[c->stage];
}

TsContact *
ts_contact_copy (const TsContact *c)
{
  TsContact *copy;

  if (c == NULL)
    return NULL;
  copy = g_memdup2 (c, sizeof *c);
  copy->queue = g_memdup2 (c->queue, sizeof (TsConflict) * c->n_queue);
  return copy;
}

void
ts_contact_free (TsContact *c)
{
  if (c == NULL)
    return;
  g_free (c->queue);
  g_free (c);
}
