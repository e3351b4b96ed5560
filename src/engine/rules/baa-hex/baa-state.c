/* baa-state.c: the baa-hex match state, lookups, map queries, derived
 * predicates and the state-changing helpers shared by every baa-hex module
 * (declared in baa-hex-private.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex-private.h"

#include "baa-scenario.h"

#include "baa-hex.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

/* Lookup --------------------------------------------------------------------- */

/* Id lookups are asked for by every command: a table built on the first
 * (counters are never added to a match), the first counter of an id
 * winning as the scan it replaces did. */
static GHashTable *
id_table (const GPtrArray *counters)
{
  GHashTable *t = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < counters->len; i++)
    {
      /* BaaUnit and BaaCommander both start with their scenario counter */
      const MuCounter *def = *(const MuCounter *const *) g_ptr_array_index (counters, i);

      if (!g_hash_table_contains (t, def->id))
        g_hash_table_insert (t, (gpointer) def->id, g_ptr_array_index (counters, i));
    }
  return t;
}

BaaUnit *
baa_match_find_unit (const BaaMatch *m,
                     const char     *id)
{
  if (id == NULL)
    return NULL;
  if (m->by_id == NULL)
    ((BaaMatch *) m)->by_id = id_table (m->units);
  return g_hash_table_lookup (m->by_id, id);
}

BaaCommander *
baa_match_find_commander (const BaaMatch *m,
                          const char     *id)
{
  if (id == NULL)
    return NULL;
  if (m->cdr_by_id == NULL)
    ((BaaMatch *) m)->cdr_by_id = id_table (m->commanders);
  return g_hash_table_lookup (m->cdr_by_id, id);
}

const char *
baa_unit_id (const BaaUnit *u)
{
  return u->def->id;
}

const char *
baa_side_id (const BaaMatch *m,
             int             side)
{
  if (side < 0 || side >= BAA_SIDES)
    return NULL;
  return m->side_id[side];
}

const char *
baa_hex_label (const BaaMatch *m,
               MuHex           hex)
{
  static char bufs[4][16];
  static guint next;
  char *buf = bufs[next++ % 4];

  mu_hex_format (m->grid, hex, buf, 16);
  return buf;
}

/* Map ------------------------------------------------------------------------- */

static int
cell_index (const BaaMatch *m,
            MuHex           hex)
{
  if (!mu_hex_grid_contains (m->grid, hex))
    return -1;
  return (hex.row - 1) * m->grid->cols + (hex.col - 1);
}

gboolean
baa_hex_on_board (const BaaMatch *m,
                  MuHex           hex)
{
  return mu_hex_grid_contains (m->grid, hex);
}

const MuHexCell *
baa_hex_cell (const BaaMatch *m,
              MuHex           hex)
{
  return mu_hex_map_cell (m->map, hex);
}

static gboolean
is_river_hex (const BaaMatch *m,
              MuHex           hex)
{
  const MuHexCell *cell = baa_hex_cell (m, hex);

  if (cell == NULL)
    return FALSE;
  if (cell->terrain == MU_TERRAIN_WATER)
    return TRUE;
  for (int d = 0; d < 6; d++)
    if (baa_hex_link (m, hex, d, MU_PATH_RIVER))
      return TRUE;
  return FALSE;
}

gboolean
baa_hex_impassable (const BaaMatch  *m,
                    MuHex            hex,
                    const MuCounter *who)
{
  return baa_impassable_rule (baa_hex_cell (m, hex), is_river_hex (m, hex), who);
}

/* BAA-TER-2: a stream path runs through hex centres, so its hexes are stream
 * hexes like those with the stream feature. */
static gboolean
is_stream_hex (const BaaMatch  *m,
               MuHex            hex,
               const MuHexCell *cell)
{
  if (cell->features & MU_HEX_FEATURE_STREAM)
    return TRUE;
  for (int d = 0; d < 6; d++)
    if (baa_hex_link (m, hex, d, MU_PATH_STREAM))
      return TRUE;
  return FALSE;
}

gboolean
baa_hex_difficult (const BaaMatch *m,
                   MuHex           hex)
{
  const MuHexCell *cell = baa_hex_cell (m, hex);

  if (cell == NULL)
    return FALSE;
  /* BAA-MOV-3: a ford or bridge hex costs 1 */
  if (cell->features & (MU_HEX_FEATURE_FORD | MU_HEX_FEATURE_BRIDGE))
    return FALSE;
  switch (cell->terrain)
    {
    case MU_TERRAIN_WOODLAND:
    case MU_TERRAIN_SETTLEMENT:
    case MU_TERRAIN_MARSH:
    case MU_TERRAIN_ROUGH:
      return TRUE;
    default:
      break;
    }
  return is_stream_hex (m, hex, cell);
}

gboolean
baa_hex_unforms (const BaaMatch *m,
                 MuHex           hex)
{
  const MuHexCell *cell = baa_hex_cell (m, hex);

  if (cell == NULL)
    return FALSE;
  if (cell->features & (MU_HEX_FEATURE_FORD | MU_HEX_FEATURE_BRIDGE)
      || is_stream_hex (m, hex, cell))
    return TRUE;
  switch (cell->terrain)
    {
    case MU_TERRAIN_WOODLAND:
    case MU_TERRAIN_SETTLEMENT:
    case MU_TERRAIN_MARSH:
    case MU_TERRAIN_ROUGH:
      return TRUE;
    default:
      return FALSE;
    }
}

guint
baa_hexside (const BaaMatch *m,
             MuHex           hex,
             int             dir)
{
  int k = mu_hex_map_side_index (m->map, hex, dir);
  guint f;

  if (k < 0)
    return 0;
  f = m->map->sides[k];
  /* the hexsides breached in the match (few, often none) */
  if (g_hash_table_size (m->breached) > 0 && g_hash_table_contains (m->breached, GINT_TO_POINTER (k + 1)))
    f |= MU_SIDE_BREACHED;
  return f;
}

gboolean
baa_hexside_breached (const BaaMatch *m,
                      MuHex           hex,
                      int             dir)
{
  int k = mu_hex_map_side_index (m->map, hex, dir);

  if (k < 0)
    return FALSE;
  return g_hash_table_contains (m->breached, GINT_TO_POINTER (k + 1)) ||
         (m->map->sides[k] & MU_SIDE_BREACHED);
}

void
baa_hexside_set_breached (BaaMatch *m,
                          MuHex     hex,
                          int       dir)
{
  int k = mu_hex_map_side_index (m->map, hex, dir);

  if (k >= 0)
    g_hash_table_add (m->breached, GINT_TO_POINTER (k + 1));
}

void
baa_links_build (BaaMatch *m)
{
  gsize n = (gsize) m->grid->cols * m->grid->rows;

  m->links = g_new0 (guint8, n * 6);
  for (guint i = 0; i < m->map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (m->map->paths, i);

      for (guint j = 1; j < p->hexes->len; j++)
        {
          MuHex a = g_array_index (p->hexes, MuHex, j - 1);
          MuHex b = g_array_index (p->hexes, MuHex, j);
          int d = mu_hex_direction_to (m->grid, a, b);
          int ka = cell_index (m, a), kb = cell_index (m, b);

          if (d < 0)
            continue;
          if (ka >= 0)
            m->links[ka * 6 + d] |= 1u << p->kind;
          if (kb >= 0)
            m->links[kb * 6 + (d + 3) % 6] |= 1u << p->kind;
        }
    }
}

gboolean
baa_hex_link (const BaaMatch *m,
              MuHex           hex,
              int             dir,
              MuPathKind      kind)
{
  int k = cell_index (m, hex);

  if (k < 0 || dir < 0 || dir > 5)
    return FALSE;
  return (m->links[k * 6 + dir] >> kind) & 1;
}

/* Derived predicates ------------------------------------------------------------ */

gboolean
baa_unit_on_board (const BaaUnit *u)
{
  return u->status == BAA_UNIT_ACTIVE;
}

gboolean
baa_unit_stacked (const BaaMatch *m,
                  const BaaUnit  *u)
{
  return baa_unit_on_board (u) && baa_units_at (m, u->hex, u->side, NULL, 0) >= 2;
}

gboolean
baa_unit_in_difficult (const BaaMatch *m,
                       const BaaUnit  *u)
{
  return baa_unit_on_board (u) && baa_hex_unforms (m, u->hex);
}

gboolean
baa_unit_in_melee (const BaaMatch *m,
                   const BaaUnit  *u)
{
  if (!baa_unit_on_board (u))
    return FALSE;
  for (int d = 0; d < 6; d++)
    if (baa_units_at (m, mu_hex_neighbour (m->grid, u->hex, d), 1 - u->side, NULL, 0) > 0)
      return TRUE;
  return FALSE;
}

BaaCommander *
baa_unit_commander (const BaaMatch *m,
                    const BaaUnit  *u)
{
  BaaCommander *c = NULL;

  if (u->identity == 0)
    return u->assigned_to;
  for (guint i = 0; i < m->commanders->len; i++)
    {
      BaaCommander *x = g_ptr_array_index (m->commanders, i);
      if (!x->is_control && x->side == u->side && x->division == u->identity)
        {
          c = x;
          break;
        }
    }
  if (c == NULL)
    {
      /* BAA-CMD-10: an army without command counters is directed by its
       * control counter: the unit's parent when it names one, else the
       * friendly active control counter with the highest leadership. */
      BaaCommander *best = NULL;
      if (u->def->parent)
        {
          BaaCommander *p = baa_match_find_commander (m, u->def->parent);
          if (p && p->is_control && p->status == BAA_CDR_ACTIVE)
            return p;
        }
      for (guint i = 0; i < m->commanders->len; i++)
        {
          BaaCommander *x = g_ptr_array_index (m->commanders, i);
          if (x->is_control && x->side == u->side && x->status == BAA_CDR_ACTIVE &&
              (best == NULL || x->leadership > best->leadership))
            best = x;
        }
      return best;
    }
  if (c->direct_by)
    return c->direct_by;
  return c->status == BAA_CDR_ACTIVE ? c : NULL;
}

gboolean
baa_unit_in_command_range (const BaaMatch *m,
                           const BaaUnit  *u)
{
  BaaCommander *c = baa_unit_commander (m, u);

  if (c == NULL || c->status != BAA_CDR_ACTIVE || !baa_unit_on_board (u))
    return FALSE;
  return mu_hex_distance (m->grid, u->hex, c->hex) <= c->leadership;
}

/* A commander's range is its leadership in hexes: a control counter's
 * over its command counters (BAA-CMD-2), a command counter's over its
 * units (BAA-CMD-5); a unit shows its commander's (a STAR unit's, this
 * bound's, BAA-CMD-11). */
gboolean
baa_hex_command_radius (gpointer         state,
                        const char      *counter,
                        MuCommandRadius *out)
{
  const BaaMatch *m = state;
  const BaaUnit *u = baa_match_find_unit (m, counter);
  const BaaCommander *c = u ? baa_unit_commander (m, u) : baa_match_find_commander (m, counter);

  if (c == NULL || c->status != BAA_CDR_ACTIVE)
    return FALSE;
  out->commander = c->def->id;
  out->centre = mu_pos_from_hex (c->hex);
  out->radius = c->leadership;
  out->rule = c->is_control ? "BAA-CMD-2" : "BAA-CMD-5";
  return TRUE;
}

int
baa_unit_threshold (const BaaMatch *m,
                    const BaaUnit  *u)
{
  /* BAA-SPC-2, BAA-AMB-52: easier to disperse on a train */
  if (u->on_train)
    return MAX (1, u->def->strength - 1);
  return u->def->strength;
}

int
baa_unit_attack_value (const BaaMatch *m,
                       const BaaUnit  *u)
{
  int a = u->attack;

  if (u->fatigued)
    a++;
  if (m->opt_cmd_penalty && !baa_unit_in_command_range (m, u))
    a++;
  return MIN (a, 6);
}

int
baa_unit_attack_dice (const BaaMatch *m,
                      const BaaUnit  *u)
{
  int n = u->def->strength;

  if (baa_unit_in_difficult (m, u))
    n--;
  return MAX (n, 1);
}

/* Events and state changes -------------------------------------------------------- */

/* the simulator's per-event check: the whole board's invariants */
static gboolean
event_invariants (gpointer match, GError **error)
{
  return baa_check_invariants (match, TRUE, error);
}

MuEvent *
baa_event (BaaMatch    *m,
           GPtrArray   *events,
           const MuEventKindInfo *kind,
           const char  *subject,
           const char  *rule)
{
  return mu_rules_event (events, kind, subject, rule, m->check_events, &m->event_failure,
                           event_invariants, m);
}

int
baa_roll (BaaMatch      *m,
          GPtrArray     *events,
          const char    *purpose,
          const char    *subject,
          const char    *object,
          int            modifier,
          MuRollCompare  compare,
          int            target,
          const char    *rule,
          gboolean      *success)
{
  return mu_dice_roll (m->dice, events, purpose, subject, object, modifier, compare, target,
                       rule, success);
}


static void
check_division_removed (BaaMatch  *m,
                        BaaUnit   *gone,
                        GPtrArray *events)
{
  BaaCommander *cmd = NULL;

  if (gone->identity == 0)
    return;
  for (guint i = 0; i < m->commanders->len; i++)
    {
      BaaCommander *c = g_ptr_array_index (m->commanders, i);
      if (!c->is_control && c->side == gone->side && c->division == gone->identity)
        cmd = c;
    }
  if (cmd == NULL || (cmd->status != BAA_CDR_ACTIVE && cmd->status != BAA_CDR_OFFBOARD))
    return;
  for (guint i = 0; i < m->units->len; i++)
    {
      BaaUnit *u = g_ptr_array_index (m->units, i);
      if (u->side == gone->side && u->identity == gone->identity &&
          u->status != BAA_UNIT_DISPERSED && u->status != BAA_UNIT_SURRENDERED)
        return;
    }
  /* BAA-CDR-2, BAA-AMB-48: the command counter goes with its last unit */
  cmd->status = BAA_CDR_REMOVED_NO_UNITS;
  cmd->has_orders = FALSE;
  baa_event (m, events, &baa_ev_removed, cmd->def->id, "BAA-CDR-2");
  baa_match_invalidate (m);
}

void
baa_unit_remove (BaaMatch      *m,
                 BaaUnit       *u,
                 BaaUnitStatus  status,
                 const char    *by,
                 const char    *rule,
                 GPtrArray     *events)
{
  MuEvent *e;

  g_assert (status == BAA_UNIT_DISPERSED || status == BAA_UNIT_SURRENDERED);
  if (u->status == BAA_UNIT_DISPERSED || u->status == BAA_UNIT_SURRENDERED)
    return;
  e = baa_event (m, events, status == BAA_UNIT_DISPERSED ? &baa_ev_dispersed : &baa_ev_surrender,
                 u->def->id, rule);
  mu_event_set_object (e, by);
  e->at = mu_pos_from_hex (u->hex);
  u->status = status;
  u->pinned = FALSE;
  u->nic = FALSE;
  u->on_train = FALSE;
  m->dispersed_count[u->side]++;
  baa_match_invalidate (m);
  check_division_removed (m, u, events);
  baa_check_sudden_death (m, events);
}

void
baa_commander_disable (BaaMatch    *m,
                       BaaCommander *c,
                       const char  *rule,
                       GPtrArray   *events)
{
  MuEvent *e;

  if (c->status != BAA_CDR_ACTIVE)
    return;
  c->status = BAA_CDR_DISABLED;
  c->has_orders = FALSE;
  e = baa_event (m, events, &baa_ev_disabled, c->def->id, rule);
  e->at = mu_pos_from_hex (c->hex);
  baa_match_invalidate (m);
}

void
baa_commander_capture (BaaMatch     *m,
                       BaaCommander *c,
                       const char   *by,
                       const char   *rule,
                       GPtrArray    *events)
{
  MuEvent *e;

  if (c->status != BAA_CDR_ACTIVE)
    return;
  c->status = BAA_CDR_CAPTURED;
  c->has_orders = FALSE;
  e = baa_event (m, events, &baa_ev_captured, c->def->id, rule);
  mu_event_set_object (e, by);
  e->at = mu_pos_from_hex (c->hex);
  baa_match_invalidate (m);
}

void
baa_unit_note_action (BaaMatch *m,
                      BaaUnit  *u)
{
  u->acted_this_bound = TRUE;
  if (m->night)
    u->fought_at_night = TRUE;
}

void
baa_unit_note_targeted (BaaMatch *m,
                        BaaUnit  *u)
{
  u->targeted_this_bound = TRUE;
}

void
baa_unit_pin (BaaMatch  *m,
              BaaUnit   *u,
              GPtrArray *events)
{
  MuEvent *e;

  baa_match_invalidate (m);
  if (u->pinned)
    return;   /* BAA-FLN-6: never more than one Pinned marker */
  u->pinned = TRUE;
  u->pinned_round = m->round_serial;
  e = baa_event (m, events, &baa_ev_marker, u->def->id, "BAA-FLN-5");
  mu_event_set_text (e, NC_("event text", "pinned"));
  baa_match_invalidate (m);
}

void
baa_decision_clear (BaaMatch *m)
{
  BaaDecision *d = &m->pending;

  g_clear_pointer (&d->hexes, g_array_unref);
  g_clear_pointer (&d->answers, g_ptr_array_unref);
  g_clear_pointer (&d->question, g_free);
  g_clear_pointer (&d->shown, g_free);
  memset (d, 0, sizeof *d);
  d->kind = BAA_DECISION_NONE;
  d->side = BAA_NONE;
}

void
baa_decision_open_hexes (BaaMatch        *m,
                         BaaDecisionKind  kind,
                         int              side,
                         const char      *question,
                         const char      *shown,
                         GArray          *hexes,
                         GPtrArray       *events)
{
  BaaDecision *d = &m->pending;
  MuEvent *e;

  g_clear_pointer (&d->hexes, g_array_unref);
  g_clear_pointer (&d->answers, g_ptr_array_unref);
  g_clear_pointer (&d->question, g_free);
  g_clear_pointer (&d->shown, g_free);
  d->kind = kind;
  d->side = side;
  d->hexes = hexes;
  d->question = g_strdup (question);
  d->shown = g_strdup (shown);
  d->answers = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; hexes && i < hexes->len; i++)
    g_ptr_array_add (d->answers, g_strdup (baa_hex_label (m, g_array_index (hexes, MuHex, i))));
  g_ptr_array_add (d->answers, NULL);
  e = baa_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), NULL, NULL);
  mu_event_set_side (e, baa_side_id (m, side));
  mu_event_set_text (e, question);
}
