/* baa-legal.c: what a baa-hex match allows now: the legal commands (the
 * movement phases' from the cache in baa-move-cache.c), one counter's moves,
 * actions and targets, a move's cost for the dry run, and what is left to
 * do in the phase. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-hex.h"

#include "baa-combat.h"
#include "baa-command.h"
#include "baa-move.h"
#include "baa-scenario.h"
#include "baa-common.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Legal commands --------------------------------------------------------------------------------- */

/* Adds a move along each path: as MuCommand* when encoded, else BaaCommand*.
 * Encoded, the same move among the counter's previous commands (`reuse`,
 * may be NULL) is shared rather than made again. */
static void
add_paths (GPtrArray *out, BaaCommandKind kind, const char *id, GPtrArray *dests, gboolean encoded,
           BaaMoveCache *reuse)
{
  for (guint i = 0; i < dests->len; i++)
    {
      GArray *p = g_ptr_array_index (dests, i);
      const MuHex *path = (const MuHex *) p->data;
      const MuCommand *same;

      if (!encoded)
        {
          g_ptr_array_add (out, baa_command_new_move (kind, id, path, p->len));
          continue;
        }
      same = reuse && p->len > 0 ? baa_move_cache_previous (reuse, path[p->len - 1]) : NULL;
      if (same && baa_command_is_move (same, kind, id, path, p->len))
        g_ptr_array_add (out, mu_command_ref ((MuCommand *) same));
      else
        g_ptr_array_add (out, baa_command_encode_move (kind, id, path, p->len));
    }
}

/* BAA-FIRE-10, BAA-MEL-3: a group is legal when each member's own attack on
 * the target is (baa_fire_resolve() and baa_melee_resolve() check no more).
 * For every target that two or more units may attack, offers every pair and
 * the whole group; larger partial groups are left out to keep the list
 * short. Single attacks are in out[first..]. */
static void
add_groups (GPtrArray *out, guint first)
{
  /* one pass over the single attacks, each target's attackers gathered by a
   * table: a scan of every attack per target grew with the square of the
   * attacks on a large board */
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();   /* of const char*, first seen order */
  g_autoptr(GPtrArray) whos = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (BaaCommandKind));
  g_autoptr(GHashTable) slot = g_hash_table_new (g_str_hash, g_str_equal); /* target -> 1 + index */
  guint end = out->len;

  for (guint i = first; i < end; i++)
    {
      const BaaCommand *c = g_ptr_array_index (out, i);
      guint k;
      BaaCommandKind kind;

      if (c->kind != BAA_COMMAND_FIRE && c->kind != BAA_COMMAND_MELEE)
        continue;
      k = GPOINTER_TO_UINT (g_hash_table_lookup (slot, c->target));
      if (k == 0)
        {
          BaaCommandKind none = BAA_COMMAND_FIRE_GROUP;

          g_ptr_array_add (targets, c->target);
          g_ptr_array_add (whos, g_ptr_array_new ());
          g_array_append_val (kinds, none);
          k = targets->len;
          g_hash_table_insert (slot, c->target, GUINT_TO_POINTER (k));
        }
      g_ptr_array_add (g_ptr_array_index (whos, k - 1), c->unit);
      /* the group's kind is its last attack's, as it always was */
      kind = c->kind == BAA_COMMAND_FIRE ? BAA_COMMAND_FIRE_GROUP : BAA_COMMAND_MELEE_GROUP;
      g_array_index (kinds, BaaCommandKind, k - 1) = kind;
    }
  for (guint k = 0; k < targets->len; k++)
    {
      const char *target = g_ptr_array_index (targets, k);
      GPtrArray *who = g_ptr_array_index (whos, k);
      BaaCommandKind kind = g_array_index (kinds, BaaCommandKind, k);

      for (guint i = 0; i < who->len; i++)
        for (guint j = i + 1; j < who->len; j++)
          {
            BaaCommand *g = baa_command_new (kind);
            g->target = g_strdup (target);
            baa_command_add_unit (g, g_ptr_array_index (who, i));
            baa_command_add_unit (g, g_ptr_array_index (who, j));
            g_ptr_array_add (out, g);
          }
      if (who->len >= 3)
        {
          BaaCommand *g = baa_command_new (kind);
          g->target = g_strdup (target);
          for (guint i = 0; i < who->len; i++)
            baa_command_add_unit (g, g_ptr_array_index (who, i));
          g_ptr_array_add (out, g);
        }
    }
}

/* The phase 7 commands of one unit, in the legal-command list's order: its
 * moves with the exits after them (BAA-VIC-4), or its withdrawals
 * (BAA-MOV-12). Each destination is searched once. */
static void
unit_move_commands (const BaaMatch *m, BaaUnit *u, GPtrArray *out, gboolean encoded, int *reach,
                    BaaMoveCache *reuse)
{
  g_autoptr(GPtrArray) d = NULL;
  gboolean w;

  if (!baa_unit_may_move (m, u, &w))
    return;
  d = baa_move_destinations_reach (m, u, NULL, w, reach);
  if (w)
    {
      add_paths (out, BAA_COMMAND_WITHDRAW, u->def->id, d, encoded, reuse);
      return;
    }
  if (d->len > 0)
    {
      baa_exit_paths (m, u, d);
      add_paths (out, BAA_COMMAND_MOVE, u->def->id, d, encoded, reuse);
    }
  else if (m->opt_withdrawing && baa_unit_in_melee (m, u))
    {
      /* in melee with pinned enemies only: a withdrawal is also possible */
      g_autoptr(GPtrArray) back = baa_move_destinations_reach (m, u, NULL, TRUE, reach);
      add_paths (out, BAA_COMMAND_WITHDRAW, u->def->id, back, encoded, reuse);
    }
}

/* The phase 8 or 9 moves of one commander. */
static void
cdr_move_commands (const BaaMatch *m, BaaCommander *c, GPtrArray *out, gboolean encoded, int *reach,
                   BaaMoveCache *reuse)
{
  g_autoptr(GPtrArray) d = NULL;

  if (!baa_cdr_may_move (m, c))
    return;
  d = baa_move_destinations_reach (m, NULL, c, FALSE, reach);
  add_paths (out, BAA_COMMAND_MOVE, c->def->id, d, encoded, reuse);
}

static GPtrArray *
baa_legal_commands (gpointer state)
{
  BaaMatch *m = state;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
  gboolean melee_owed = FALSE;

  if (m->finished)
    return out;
  if (m->pending.kind != BAA_DECISION_NONE)
    {
      for (guint i = 0; m->pending.answers && i < m->pending.answers->len; i++)
        {
          const char *a = g_ptr_array_index (m->pending.answers, i);
          if (a)
            g_ptr_array_add (out, baa_command_new_choose (a));
        }
      return out;
    }
  switch (m->phase)
    {
    case BAA_PHASE_BOUND_START:
      baa_reserve_step_commands (m, out);
      break;
    case BAA_PHASE_COMMAND_RANGE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && u->identity == 0 &&
            u->assign_round != m->round_serial)
          FOR_CDRS (m, c)
            if (c->side == u->side && c->status == BAA_CDR_ACTIVE &&
                (c->is_control ? baa_direct_control (m, c->side) : c->has_orders) &&
                c != u->assigned_to)
              {
                BaaCommand *a = baa_command_new_attack (BAA_COMMAND_ASSIGN, u->def->id, c->def->id);
                g_ptr_array_add (out, a);
              }
      if (m->opt_direct_control)
        FOR_CDRS (m, k)
          if (k->is_control && k->side == m->active && k->status == BAA_CDR_ACTIVE)
            FOR_CDRS (m, c)
              if (!c->is_control && c->side == k->side && !c->nic && c->direct_by != k &&
                  c->status != BAA_CDR_OFFBOARD && c->direct_round != m->round_serial)
                g_ptr_array_add (out, baa_command_new_attack (BAA_COMMAND_DIRECT, k->def->id, c->def->id));
      break;
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        unit_move_commands (m, u, out, FALSE, NULL, NULL);
      break;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        cdr_move_commands (m, c, out, FALSE, NULL, NULL);
      break;
    case BAA_PHASE_FIRE:
    case BAA_PHASE_MELEE:
      {
        guint first = out->len;
        FOR_UNITS (m, u)
          if (u->side == m->active && u->status == BAA_UNIT_ACTIVE)
            {
              baa_combat_legal_commands (m, u, out);
              if (m->phase == BAA_PHASE_MELEE && baa_melee_required (m, u))
                melee_owed = TRUE;
            }
        add_groups (out, first);
      }
      break;
    case BAA_PHASE_BOUND_END:
      baa_day_commands (m, out);
      break;
    default:
      break;
    }
  if (!melee_owed)
    g_ptr_array_add (out, baa_command_new_end_phase ());
  return out;
}

/* The legal commands of counter `id` alone (of BaaCommand*), in the order
 * of the full list, in the movement phases where no other command names it:
 * what the match window asks at each click. NULL in the other phases,
 * where the callers filter the full list. */
static GPtrArray *
counter_move_commands (BaaMatch *m, const char *id)
{
  GPtrArray *out;

  if (m->finished || m->pending.kind != BAA_DECISION_NONE)
    return NULL;
  if (m->phase == BAA_PHASE_MOVE_UNITS)
    {
      BaaUnit *u = baa_match_find_unit (m, id);

      out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
      if (u)
        unit_move_commands (m, u, out, FALSE, NULL, NULL);
      return out;
    }
  if (m->phase == BAA_PHASE_MOVE_COMMANDS || m->phase == BAA_PHASE_MOVE_CONTROLS)
    {
      BaaCommander *c = baa_match_find_commander (m, id);

      out = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
      if (c)
        cdr_move_commands (m, c, out, FALSE, NULL, NULL);
      return out;
    }
  return NULL;
}

GArray *
baa_hex_legal_moves (gpointer state, const char *id)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_autoptr(GPtrArray) cmds = counter_move_commands (state, id);
  BaaMatch *m = state;

  if (cmds == NULL)
    {
      /* besides the movement phases, only the reserves' step at the start
       * of a bound and readdressing lines at its end list moves; a
       * decision lists its answers */
      if (m->finished || m->pending.kind != BAA_DECISION_NONE ||
          (m->phase != BAA_PHASE_BOUND_START && m->phase != BAA_PHASE_BOUND_END))
        return out;
      cmds = baa_legal_commands (state);
    }
  for (guint i = 0; i < cmds->len; i++)
    {
      BaaCommand *c = g_ptr_array_index (cmds, i);
      if ((c->kind == BAA_COMMAND_MOVE || c->kind == BAA_COMMAND_WITHDRAW) && g_strcmp0 (c->unit, id) == 0)
        g_array_append_val (out, g_array_index (c->path, MuPos, c->path->len - 1));
    }
  return out;
}

static gboolean
names_counter (const MuCommand *c, const char *id)
{
  for (guint k = 0; k < mu_command_n_args (c); k++)
    if (g_strcmp0 (mu_command_word (c, k), id) == 0)
      return TRUE;
  return FALSE;
}

GPtrArray *
baa_hex_legal_actions (gpointer state, const char *id)
{
  g_autoptr(GPtrArray) own = counter_move_commands (state, id);
  g_autoptr(GPtrArray) cmds = own ? g_ptr_array_ref (own) : baa_legal_commands (state);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  for (guint i = 0; i < cmds->len; i++)
    {
      MuCommand *c = baa_command_encode (g_ptr_array_index (cmds, i));

      if (names_counter (c, id))
        g_ptr_array_add (out, c);
      else
        mu_command_free (c);
    }
  return out;
}

/* BAA-MOV-1..5, MOV-9, MOV-12: a move's cost in movement points against the
 * allowance, for the dry run. */
gboolean
baa_hex_move_cost (gpointer state, const MuCommand *command, double *cost, double *allowance)
{
  BaaMatch *m = state;
  int points = -1, limit = -1;
  gboolean ok;
  g_autoptr(BaaCommand) cmd = baa_command_decode (command, NULL);
  g_autoptr(GArray) path = NULL;
  BaaUnit *u;
  BaaCommander *c = NULL;

  *cost = *allowance = -1;
  if (cmd == NULL || (cmd->kind != BAA_COMMAND_MOVE && cmd->kind != BAA_COMMAND_WITHDRAW))
    return FALSE;
  u = baa_match_find_unit (m, cmd->unit);
  if (u == NULL)
    c = baa_match_find_commander (m, cmd->unit);
  if (u ? (u->status != BAA_UNIT_ACTIVE && u->status != BAA_UNIT_OFFBOARD_RESERVE)
        : (c == NULL || (c->status != BAA_CDR_ACTIVE && c->status != BAA_CDR_OFFBOARD)))
    return FALSE;
  path = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < cmd->path->len; i++)
    {
      const MuPos *p = &g_array_index (cmd->path, MuPos, i);
      if (p->is_point)
        return FALSE;
      g_array_append_val (path, p->hex);
    }
  /* whole movement points */
  ok = baa_move_cost (m, u, c, cmd->kind == BAA_COMMAND_WITHDRAW, (MuHex *) path->data, path->len,
                      &points, &limit);
  *cost = points;
  *allowance = limit;
  return ok;
}

/* The counter's phase 7, 8 or 9 commands, encoded, from the cache
 * (baa-move-cache.c) or found and kept. */
static const GPtrArray *
kept_move_commands (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw)
{
  const GPtrArray *kept = baa_move_cache_get (m, u, c, withdraw);
  BaaMoveCache *reuse;
  GPtrArray *encoded;
  int reach = 0;

  if (kept)
    return kept;
  encoded = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  reuse = baa_move_cache_begin (m, u, c);
  baa_move_cache_listen (m);
  if (u)
    unit_move_commands (m, u, encoded, TRUE, &reach, reuse);
  else
    cdr_move_commands (m, c, encoded, TRUE, &reach, reuse);
  baa_move_cache_end (reuse);
  baa_move_cache_put (m, u, c, withdraw, reach, encoded);
  return encoded;
}

/* Phases 7, 8 and 9: every counter's moves from the cache, found again only
 * for the counters near a change. The same list as baa_legal_commands()
 * gives, encoded. */
static GPtrArray *
legal_moves_phase (BaaMatch *m)
{
  /* sized from the last call's list: one more per command played, not
   * the list grown step by step each call */
  GPtrArray *out = g_ptr_array_new_full (m->last_move_list + 1, (GDestroyNotify) mu_command_free);
  g_autoptr(BaaCommand) end = baa_command_new_end_phase ();

  baa_move_cache_sync (m);
  /* only the active side's counters may move (baa_unit_may_move(),
   * baa_cdr_may_move()): the other side's are not looked at */
  if (m->phase == BAA_PHASE_MOVE_UNITS)
    {
      const GPtrArray *mine = baa_move_cache_side_units (m, m->active);

      for (guint i = 0; i < mine->len; i++)
        {
          BaaUnit *u = g_ptr_array_index (mine, i);
          const GPtrArray *kept;
          gboolean w;

          if (!baa_unit_may_move (m, u, &w))
            continue;
          kept = kept_move_commands (m, u, NULL, w);
          mu_command_list_add_refs (out, kept);
        }
    }
  else
    {
      const GPtrArray *mine = baa_move_cache_side_commanders (m, m->active);

      for (guint i = 0; i < mine->len; i++)
        {
          BaaCommander *c = g_ptr_array_index (mine, i);
          const GPtrArray *kept;

          if (!baa_cdr_may_move (m, c))
            continue;
          kept = kept_move_commands (m, NULL, c, FALSE);
          mu_command_list_add_refs (out, kept);
        }
    }
  g_ptr_array_add (out, baa_command_encode (end));
  m->last_move_list = out->len;
  return out;
}

/* Every legal command in the generic form (of MuCommand*). */
GPtrArray *
baa_hex_legal_commands (gpointer state)
{
  BaaMatch *m = state;
  g_autoptr(GPtrArray) cmds = NULL;
  GPtrArray *out;

  if (!m->finished && m->pending.kind == BAA_DECISION_NONE &&
      (m->phase == BAA_PHASE_MOVE_UNITS || m->phase == BAA_PHASE_MOVE_COMMANDS ||
       m->phase == BAA_PHASE_MOVE_CONTROLS))
    return legal_moves_phase (m);
  cmds = baa_legal_commands (state);
  out = g_ptr_array_new_full (cmds->len, (GDestroyNotify) mu_command_free);

  for (guint i = 0; i < cmds->len; i++)
    g_ptr_array_add (out, baa_command_encode (g_ptr_array_index (cmds, i)));
  return out;
}

/* Appends an item counting n counters (nothing when n is 0); text is the
 * line for one counter or for n (taken). */
static void
todo_add (GArray *todo, int n, const char *rule, gboolean compulsory, char *text)
{
  MuTodo t = { 0 };

  if (n <= 0)
    {
      g_free (text);
      return;
    }
  t.text = text;
  t.rule = rule;
  t.count = n;
  t.compulsory = compulsory;
  g_array_append_val (todo, t);
}

#define COUNTED(n, one, many) g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, one, many, (n)), (n))

/* Whether the STAR unit's commander for this bound (BAA-CMD-11) gives it
 * orders: one named that has orders, or a control counter under direct
 * control. */
static gboolean
assigned_with_orders (const BaaMatch *m, const BaaUnit *u)
{
  const BaaCommander *c = u->assigned_to;

  return c != NULL && c->status == BAA_CDR_ACTIVE &&
         (c->is_control ? baa_direct_control (m, c->side) : c->has_orders);
}

/* The active side's STAR units that no commander with orders has taken
 * although one could (BAA-CMD-11): ending phase 4 now leaves them without
 * orders, so they get NIC (BAA-CMD-7) and neither move nor fire. Named, so
 * that the player knows which. */
static void
unassigned_todo (BaaMatch *m, GArray *todo)
{
  g_autoptr(GString) names = g_string_new (NULL);
  int n = 0;

  FOR_UNITS (m, u)
    {
      gboolean can = FALSE;

      if (u->side != m->active || u->status != BAA_UNIT_ACTIVE || u->identity != 0 ||
          u->assign_round == m->round_serial || assigned_with_orders (m, u))
        continue;
      FOR_CDRS (m, c)
        if (c->side == u->side && c->status == BAA_CDR_ACTIVE &&
            (c->is_control ? baa_direct_control (m, c->side) : c->has_orders))
          can = TRUE;
      if (!can)
        continue;
      g_string_append_printf (names, "%s%s", n ? ", " : "",
                              u->def->name && *u->def->name ? u->def->name : u->def->id);
      n++;
    }
  if (n > 0)
    {
      MuTodo t = { 0 };

      t.text = n == 1
        ? g_strdup_printf ("1 unassigned unit will get NIC and not move or fire this bound "
                           "unless it is assigned to a commander: %s", names->str)
        : g_strdup_printf ("%d unassigned units will get NIC and not move or fire this bound "
                           "unless they are assigned to a commander: %s", n, names->str);
      t.rule = "BAA-CMD-11";
      t.count = n;
      t.lost_on_end = TRUE;
      g_array_append_val (todo, t);
    }
}

/* What is left to do in the active side's phase (the phase tracker): the
 * compulsory melees (BAA-MEL-2) and the counters that may still act. */
void
baa_hex_outstanding (gpointer state, GArray *todo)
{
  BaaMatch *m = state;
  int n = 0;

  if (m->finished || m->pending.kind != BAA_DECISION_NONE)
    return;
  switch (m->phase)
    {
    case BAA_PHASE_COMMAND_RANGE:
      unassigned_todo (m, todo);
      break;
    case BAA_PHASE_MOVE_UNITS:
      FOR_UNITS (m, u)
        {
          gboolean w;

          if (baa_unit_can_move (m, u, &w))
            n++;
        }
      todo_add (todo, n, "BAA-MOV-1", FALSE,
                COUNTED (n, "%d unit with orders has not moved", "%d units with orders have not moved"));
      break;
    case BAA_PHASE_MOVE_COMMANDS:
    case BAA_PHASE_MOVE_CONTROLS:
      FOR_CDRS (m, c)
        if (baa_cdr_can_move (m, c))
          n++;
      todo_add (todo, n, "BAA-MOV-1", FALSE,
                COUNTED (n, "%d commander has not moved", "%d commanders have not moved"));
      break;
    case BAA_PHASE_FIRE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE)
          {
            g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);

            baa_combat_legal_commands (m, u, cmds);
            if (cmds->len > 0)
              n++;
          }
      todo_add (todo, n, "BAA-FIRE-1", FALSE,
                COUNTED (n, "%d unit may still fire", "%d units may still fire"));
      break;
    case BAA_PHASE_MELEE:
      FOR_UNITS (m, u)
        if (u->side == m->active && u->status == BAA_UNIT_ACTIVE && baa_melee_required (m, u))
          n++;
      todo_add (todo, n, "BAA-MEL-2", TRUE,
                COUNTED (n, "%d unit in melee must attack", "%d units in melee must attack"));
      break;
    default:
      break;
    }
}

GPtrArray *
baa_hex_legal_targets (gpointer state, const char *id)
{
  BaaMatch *m = state;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  BaaUnit *u = baa_match_find_unit (m, id);

  if (u && !m->finished && m->pending.kind == BAA_DECISION_NONE)
    baa_combat_legal_targets (m, u, ids);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (out, g_strdup (g_ptr_array_index (ids, i)));
  return out;
}
