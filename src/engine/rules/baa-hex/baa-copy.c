/* baa-copy.c: a copy of a baa-hex match state, for the dry run
 *
 * mu_match_check() plays the command on a copy of the state and of the dice
 * instead of replaying the match from its start: its cost no longer grows
 * with the match's length. The copy shares the scenario (read-only) and
 * takes the dice it is given; counters are found again by their index, so
 * every pointer between them (assigned commanders, directing controls, the
 * pending decision, the evaders, the captor, the readdressing rolls) points
 * into the copy.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include <string.h>

static BaaUnit *
unit_in (const BaaMatch *to, const BaaUnit *u)
{
  return u ? g_ptr_array_index (to->units, u->index) : NULL;
}

static BaaCommander *
cdr_in (const BaaMatch *to, const BaaCommander *c)
{
  return c ? g_ptr_array_index (to->commanders, c->index) : NULL;
}

static gpointer
copy_string (gconstpointer s, gpointer unused)
{
  return g_strdup (s);
}

static guint8 *
copy_cells (const guint8 *cells, gsize n)
{
  return cells ? g_memdup2 (cells, n) : NULL;
}

BaaMatch *
baa_match_copy (const BaaMatch *m,
                MuDice         *dice)
{
  BaaMatch *n = g_memdup2 (m, sizeof *m);
  gsize ncells = (gsize) m->grid->cols * m->grid->rows;
  const BaaDecision *d = &m->pending;
  GHashTableIter it;
  gpointer key;

  n->dice = dice;
  n->units = g_ptr_array_new_full (m->units->len, g_free);
  for (guint i = 0; i < m->units->len; i++)
    g_ptr_array_add (n->units, g_memdup2 (g_ptr_array_index (m->units, i), sizeof (BaaUnit)));
  n->commanders = g_ptr_array_new_full (m->commanders->len, g_free);
  for (guint i = 0; i < m->commanders->len; i++)
    g_ptr_array_add (n->commanders, g_memdup2 (g_ptr_array_index (m->commanders, i), sizeof (BaaCommander)));
  for (guint i = 0; i < n->units->len; i++)
    {
      BaaUnit *u = g_ptr_array_index (n->units, i);
      g_assert (u->index == i);
      u->assigned_to = cdr_in (n, u->assigned_to);
    }
  for (guint i = 0; i < n->commanders->len; i++)
    {
      BaaCommander *c = g_ptr_array_index (n->commanders, i);
      g_assert (c->index == i);
      c->direct_by = cdr_in (n, c->direct_by);
    }
  n->objectives = g_ptr_array_new_full (m->objectives->len, g_free);
  for (guint i = 0; i < m->objectives->len; i++)
    g_ptr_array_add (n->objectives, g_memdup2 (g_ptr_array_index (m->objectives, i), sizeof (BaaObjective)));
  n->by_id = NULL;       /* built again on the first lookup, with the copy's counters */
  n->cdr_by_id = NULL;
  n->breached = g_hash_table_new (NULL, NULL);
  g_hash_table_iter_init (&it, m->breached);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (n->breached, key);
  n->reserves_done = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_iter_init (&it, m->reserves_done);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (n->reserves_done, key);   /* reserve ids of the scenario */

  n->pending.units[0] = d->n_units > 0 ? unit_in (n, d->units[0]) : NULL;
  n->pending.units[1] = d->n_units > 1 ? unit_in (n, d->units[1]) : NULL;
  n->pending.commander = cdr_in (n, d->commander);
  n->pending.captor = unit_in (n, d->captor);
  n->pending.hexes = d->hexes ? g_array_copy (d->hexes) : NULL;
  n->pending.answers = d->answers ? g_ptr_array_copy (d->answers, copy_string, NULL) : NULL;
  if (n->pending.answers)
    g_ptr_array_set_free_func (n->pending.answers, g_free);
  n->pending.question = g_strdup (d->question);
  n->pending.shown = g_strdup (d->shown);
  n->pending.view = NULL;
  n->event_failure = g_strdup (m->event_failure);

  n->links = g_memdup2 (m->links, ncells * 6);
  for (int s = 0; s < BAA_SIDES; s++)
    {
      n->occ_units[s] = copy_cells (m->occ_units[s], ncells);
      n->occ_unpinned[s] = copy_cells (m->occ_unpinned[s], ncells);
      n->occ_cdrs[s] = copy_cells (m->occ_cdrs[s], ncells);
    }
  n->cell_unit = m->cell_unit ? g_memdup2 (m->cell_unit, ncells * sizeof (int)) : NULL;
  n->cell_cdr = m->cell_cdr ? g_memdup2 (m->cell_cdr, ncells * sizeof (int)) : NULL;
  n->unit_next = m->unit_next ? g_memdup2 (m->unit_next, MAX (m->units->len, 1) * sizeof (int)) : NULL;
  n->cdr_next = m->cdr_next ? g_memdup2 (m->cdr_next, MAX (m->commanders->len, 1) * sizeof (int)) : NULL;
  n->unit_cell = m->unit_cell ? g_memdup2 (m->unit_cell, MAX (m->units->len, 1) * sizeof (int)) : NULL;
  n->unit_pinned_seen = m->unit_pinned_seen ? g_memdup2 (m->unit_pinned_seen, MAX (m->units->len, 1)) : NULL;
  n->cdr_cell = m->cdr_cell ? g_memdup2 (m->cdr_cell, MAX (m->commanders->len, 1) * sizeof (int)) : NULL;
  /* the copy's move cache starts empty and looks at every counter once */
  n->occ_changed = m->occ_changed ? g_array_new (FALSE, FALSE, sizeof (guint)) : NULL;
  n->occ_listed = m->occ_listed ? g_new0 (guint8, m->units->len + m->commanders->len + 1) : NULL;
  n->search_slot = NULL;
  n->move_cache = NULL;
  n->read_log = NULL;
  n->move_cells = m->move_cells ? g_memdup2 (m->move_cells, ncells * BAA_MOVE_CELL_SIZE) : NULL;
  n->fort_sides = m->fort_sides ? g_memdup2 (m->fort_sides, ncells) : NULL;
  if (m->evaders)
    {
      n->evaders = g_ptr_array_new ();
      for (guint i = 0; i < m->evaders->len; i++)
        g_ptr_array_add (n->evaders, cdr_in (n, g_ptr_array_index (m->evaders, i)));
    }
  n->captor = unit_in (n, m->captor);
  /* of counter ids owned by the scenario */
  n->arrived = m->arrived ? g_ptr_array_copy (m->arrived, NULL, NULL) : NULL;
  n->reposition = m->reposition ? g_ptr_array_copy (m->reposition, NULL, NULL) : NULL;
  baa_day_copy (m, n);

  n->counter_views = NULL;
  n->objective_views = NULL;
  memset (&n->decision_view, 0, sizeof n->decision_view);
  return n;
}
