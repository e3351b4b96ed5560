/* toy-soldiers-village.c: village blocks and their garrisons (TS-VIL,
 * TS-AMB-85): which areas are blocks, the garrisons a scenario places,
 * the garrison's stress, its reorder (TS-REO-7) and the --state words of
 * each block. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define EPS 1e-6

/* TS-AMB-85: a block holds at most 3 companies, 3 when not given */
static int
block_capacity (const MuArea *a)
{
  return a->capacity > 0 ? MIN (a->capacity, 3) : 3;
}

static gboolean
is_block (const MuArea *a)
{
  return a->id != NULL && (a->kind == MU_AREA_BUILDING || a->kind == MU_AREA_BUILT_UP);
}

TsBlock *
ts_block_at (const TsMatch *m, int i)
{
  return i >= 0 && (guint) i < m->blocks->len ? &g_array_index (m->blocks, TsBlock, i) : NULL;
}

int
ts_block_find (const TsMatch *m, const char *id)
{
  for (guint i = 0; id && i < m->blocks->len; i++)
    if (g_str_equal (g_array_index (m->blocks, TsBlock, i).area->id, id))
      return (int) i;
  return TS_NONE;
}

gboolean
ts_garrisoned (const TsMatch *m, const TsUnit *u)
{
  const TsBlock *b = ts_block_at (m, u->block);

  return b != NULL && b->command;
}

int
ts_garrison_companies (const TsMatch *m, const TsUnit *u)
{
  const TsBlock *b = ts_block_at (m, u->block);

  return b ? b->companies : 0;
}

/* The block's words in the table state: who holds it, how many, its stress. */
void
ts_blocks_sync (TsMatch *m)
{
  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
      MuAreaState *a = mu_table_state_area (m->areas, b->area->id);
      g_autofree char *detail = NULL;

      if (a == NULL)
        continue;
      if (b->unit != TS_NONE)
        detail = g_strdup_printf ("companies=%d stress=%d", b->companies, b->stress);
      mu_table_state_set_garrison (a, b->unit != TS_NONE ? ts_unit_at (m, b->unit)->def->id : NULL);
      mu_table_state_set_detail (a, detail);
    }
}

/* TS-AMB-85: a unit whose footprint centre lies inside a block, with no
 * more stands than the block holds, starts as its garrison, all of it. */
void
ts_blocks_init (TsMatch *m)
{
  m->blocks = g_array_new (FALSE, TRUE, sizeof (TsBlock));
  for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);
      TsBlock b = { 0 };

      if (!is_block (a))
        continue;
      b.area = a;
      b.unit = TS_NONE;
      g_array_append_val (m->blocks, b);
    }
  TS_FOR_UNITS (m, u)
    {
      const MuCounter *c = u->def;

      if (u->type == TS_COMMANDER || u->type == TS_CAV || u->type == TS_ART || !ts_in_play (u) ||
          c->place.kind != MU_PLACE_TABLE)
        continue;
      for (guint i = 0; i < m->blocks->len; i++)
        {
          TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
          const GArray *pts = b->area->points;

          if (b->unit != TS_NONE || u->stands > block_capacity (b->area) ||
              !mu_polygon_contains ((const MuPoint *) (gpointer) pts->data, pts->len, c->place.pos))
            continue;
          b->unit = ts_unit_index (m, u);
          b->companies = u->stands;
          b->command = TRUE;
          b->stress = u->stress;
          u->block = (int) i;
          u->stands = 0;
          u->n_st = 0;
          u->n_skirm = 0;
          break;
        }
    }
  ts_blocks_sync (m);
}

void
ts_garrison_disband (TsMatch *m, TsUnit *u)
{
  TsBlock *b = ts_block_at (m, u->block);

  if (b == NULL)
    return;
  u->lost_pool += b->companies;
  b->unit = TS_NONE;
  b->companies = 0;
  b->command = FALSE;
  b->stress = 0;
  u->block = TS_NONE;
  ts_blocks_sync (m);
}

static void block_lose (TsMatch *m, TsBlock *b, const char *rule, GPtrArray *events);

static void
stress_event (TsMatch *m, const TsUnit *u, const TsBlock *b, int d, const char *rule, GPtrArray *events)
{
  MuEvent *e;
  char text[16];

  if (d == 0)
    return;
  e = ts_event (m, events, &ts_ev_stress, u->def->id, rule);
  if (e == NULL)
    return;
  g_snprintf (text, sizeof text, "%+d", d);
  mu_event_set_text (e, text);
  e->value = b->stress;
  mu_event_set_object (e, b->area->id);
}

/* TS-VIL-2: the garrison's own stress die; each point gained at 6 costs
 * a company and leaves 5 (TS-STATE-2), the last one emptying the block. */
static void
block_stress (TsMatch *m, TsBlock *b, int s, const char *rule, GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, b->unit);
  int gained = 0;

  if (s == 0 || u == NULL)
    return;
  if (s < 0)
    {
      int was = b->stress;

      b->stress = MAX (0, b->stress + s);
      ts_blocks_sync (m);
      stress_event (m, u, b, b->stress - was, rule, events);
      return;
    }
  for (int i = 0; i < s && b->unit != TS_NONE; i++)
    {
      if (b->stress < 6)
        {
          b->stress++;
          gained++;
          continue;
        }
      ts_blocks_sync (m);
      stress_event (m, u, b, gained, rule, events);
      gained = 0;
      block_lose (m, b, "TS-STATE-2", events);
      if (b->unit != TS_NONE)
        {
          b->stress = 5;
          ts_blocks_sync (m);
          stress_event (m, u, b, -1, "TS-STATE-2", events);
        }
    }
  ts_blocks_sync (m);
  if (b->unit != TS_NONE)
    stress_event (m, u, b, gained, rule, events);
}

void
ts_block_add_stress (TsMatch *m, int bi, int s, const char *rule, GPtrArray *events)
{
  TsBlock *b = ts_block_at (m, bi);

  if (b && b->unit != TS_NONE)
    block_stress (m, b, s, rule, events);
}

int
ts_block_at_point (const TsMatch *m, MuPoint p)
{
  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);

      if (b->unit != TS_NONE &&
          mu_polygon_contains ((const MuPoint *) (gpointer) b->area->points->data, b->area->points->len, p))
        return (int) i;
    }
  return TS_NONE;
}

/* TS-AMB-85, TS-AMB-42: each edge of the polygon is a face whose arc is
 * TAB-14's construction from its ends, so a stand whose front edge is the
 * face (a hair outside it, where sight into the block does not reach)
 * fires and is fired on as the face. */
gboolean
ts_block_faces (const TsMatch *m, int bi, TsUnit *out)
{
  const TsBlock *b = ts_block_at (m, bi);
  const TsUnit *u = b ? ts_unit_at (m, b->unit) : NULL;
  const GArray *pts;
  const double thin = 0.02;

  if (u == NULL)
    return FALSE;
  pts = b->area->points;
  *out = *u;
  out->faces = TRUE;
  out->block = bi;
  out->form = TS_FORM_LINE;
  out->disorder = 6;
  out->stress = b->stress;
  out->stands = b->companies;
  out->n_skirm = 0;
  out->n_st = 0;
  out->dispersed = FALSE;
  for (guint i = 0; i < pts->len && out->n_st < MU_STANDS_MAX; i++)
    {
      MuPoint a = g_array_index (pts, MuPoint, i), c = g_array_index (pts, MuPoint, (i + 1) % pts->len);
      MuPoint mid = { (a.x + c.x) / 2, (a.y + c.y) / 2 };
      double len = hypot (c.x - a.x, c.y - a.y);
      MuPoint n;
      MuStand *st;

      if (len < EPS)
        continue;
      n = (MuPoint) { (c.y - a.y) / len, -(c.x - a.x) / len };
      /* the normal that leaves the polygon */
      if (mu_polygon_contains ((const MuPoint *) (gpointer) pts->data, pts->len,
                               (MuPoint) { mid.x + n.x * 0.01, mid.y + n.y * 0.01 }))
        n = (MuPoint) { -n.x, -n.y };
      st = &out->st[out->n_st++];
      memset (st, 0, sizeof *st);
      st->centre = (MuPoint) { mid.x + n.x * thin / 2, mid.y + n.y * thin / 2 };
      st->width = len;
      st->depth = thin;
      st->facing = fmod (atan2 (n.x, -n.y) * 180.0 / G_PI + 360.0, 360.0);
      st->rank = 0;
    }
  if (out->n_st == 0)
    return FALSE;
  out->anchor = mu_stands_anchor (out->st, 1);
  out->facing = out->st[0].facing;
  out->width = out->st[0].width;
  out->depth = thin;
  return TRUE;
}

/* A company of the garrison to the battalion's lost pool (TS-STATE-5,
 * TS-AMB-85): the command stand last, which disperses a battalion that
 * has nothing outside. */
static void
block_lose (TsMatch *m, TsBlock *b, const char *rule, GPtrArray *events)
{
  TsUnit *u = ts_unit_at (m, b->unit);
  TsUnit *c;
  gboolean dispersed = FALSE;
  int chaos_was = 0;
  MuEvent *e;

  if (u == NULL || b->companies <= 0)
    return;
  c = ts_commander_of (m, u);
  chaos_was = c ? c->chaos : 0;
  b->companies--;
  u->lost_pool++;
  if (b->companies == 0)
    {
      dispersed = b->command;
      b->unit = TS_NONE;
      b->stress = 0;
      b->command = FALSE;
      u->block = TS_NONE;
      if (dispersed)
        {
          /* TS-STATE-5: the command stand was in the block; TS-AMB-55:
           * the chaos floor rises at once */
          u->dispersed = TRUE;
          if (c && c->chaos < ts_chaos_floor (m, c))
            c->chaos = ts_chaos_floor (m, c);
        }
    }
  ts_blocks_sync (m);
  e = ts_event (m, events, &ts_ev_lost, u->def->id, rule);
  if (e)
    {
      e->value = b->companies;
      mu_event_set_object (e, b->area->id);
    }
  if (!dispersed)
    return;
  ts_event (m, events, &ts_ev_dispersed, u->def->id, "TS-STATE-5");
  if (c && c->chaos != chaos_was)
    {
      char text[16];

      e = ts_event (m, events, &ts_ev_chaos, c->def->id, "TS-AMB-55");
      if (e)
        {
          g_snprintf (text, sizeof text, "%+d", c->chaos - chaos_was);
          mu_event_set_text (e, text);
          e->value = c->chaos;
        }
    }
}

/* TS-REO-2 for a block: it is all round (TS-AMB-42), so every friendly
 * unit within 4" of its polygon supports it, at most +2. */
static int
block_supports (const TsMatch *m, const TsBlock *b, int side)
{
  const GArray *pts = b->area->points;
  int n = 0;

  TS_FOR_UNITS (m, o)
    {
      MuPoint c[4];
      double best = G_MAXDOUBLE;

      if (o->side != side || o->type == TS_COMMANDER || !ts_in_play (o))
        continue;
      for (guint k = 0; k < o->n_st; k++)
        {
          mu_stand_corners (&o->st[k], c);
          best = MIN (best, mu_convex_distance (c, 4, (const MuPoint *) (gpointer) pts->data, pts->len));
        }
      if (best <= ts_in (m, m->num.reorder_near) + EPS)
        n++;
    }
  return MIN (n, 2);
}

/* TS-REO-7, TS-VIL-5: a garrison reorders with its die an automatic 6,
 * +1 for the village, against its disorder of 6 (TS-VIL-2); it never
 * withdraws: stress left above 1 is stands given up, or +1 stress. `mod`
 * is added to the die (a charge's target, TS-AMB-62). */
void
ts_block_reorder_body (TsMatch *m, int bi, int mod, GPtrArray *events)
{
  TsBlock *b = ts_block_at (m, bi);
  TsUnit *u = ts_unit_at (m, b->unit);
  int sup, skirm, total;
  MuStand probe = { 0 };

  sup = block_supports (m, b, u->side);
  /* TS-SKM-4: enemy skirmishers within 4" of the block, measured from a
   * stand the size of its bounding box */
  {
    MuPoint lo = g_array_index (b->area->points, MuPoint, 0), hi = lo;

    for (guint k = 1; k < b->area->points->len; k++)
      {
        MuPoint p = g_array_index (b->area->points, MuPoint, k);

        lo.x = MIN (lo.x, p.x);
        lo.y = MIN (lo.y, p.y);
        hi.x = MAX (hi.x, p.x);
        hi.y = MAX (hi.y, p.y);
      }
    probe.centre = (MuPoint) { (lo.x + hi.x) / 2, (lo.y + hi.y) / 2 };
    probe.width = hi.x - lo.x;
    probe.depth = hi.y - lo.y;
    probe.facing = 0;
  }
  skirm = ts_enemy_skirm_near (m, u->side, &probe, 1, ts_in (m, m->num.reorder_near));
  total = 6 + 1 + sup - skirm + mod;
  /* TS-REO-1: less the disorder, always 6 (TS-VIL-2) */
  if (total - 6 > 0)
    block_stress (m, b, -(total - 6), "TS-REO-7", events);
  if (b->stress > 1)
    {
      TsDecision *d;
      int most = MIN (b->companies, (b->stress - 1 + 1) / 2);

      ts_decide (m, TS_DECIDE_GARRISON, u->side, ts_unit_index (m, u), "TS-REO-3", NULL, events,
                 N_("How many companies does %s give up in %s (each takes 2 stress; none: +1 stress)?"),
                 ts_unit_name (u), ts_block_name (b));
      d = &m->decision;
      d->other = bi;
      d->min = 0;
      d->max = most;
      g_ptr_array_set_size (d->answers, 0);
      for (int k = 0; k <= most; k++)
        g_ptr_array_add (d->answers, g_strdup_printf ("%d", k));
      g_ptr_array_add (d->answers, NULL);
    }
}

static gboolean
block_reorder (TsMatch *m, int bi, GPtrArray *events, GError **error)
{
  TsBlock *b = ts_block_at (m, bi);
  TsUnit *u = ts_unit_at (m, b->unit);

  if (u == NULL)
    return mu_rules_refuse (error, "TS-VIL-2", "%s holds no garrison", b->area->id);
  if (!ts_may_act (m, u, TS_ACT_REORDER, 0, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  ts_take_action (m, u, TS_ACT_REORDER, events);
  /* TS-REO-6: the garrison may leave within it */
  m->open_unit = ts_unit_index (m, u);
  m->open_action = TS_ACT_REORDER;
  ts_block_reorder_body (m, bi, 0, events);
  return TRUE;
}

/* TS-REO-3, TS-REO-7: the companies given up, then +1 stress in place of
 * the withdrawal when more than 1 is left. */
void
ts_block_lose (TsMatch *m, int bi, const char *rule, GPtrArray *events)
{
  TsBlock *b = ts_block_at (m, bi);

  if (b && b->unit != TS_NONE)
    block_lose (m, b, rule, events);
}

void
ts_garrison_destroy (TsMatch *m, int bi, int k, GPtrArray *events)
{
  TsBlock *b = ts_block_at (m, bi);

  for (; k > 0 && b->unit != TS_NONE; k--)
    {
      block_lose (m, b, "TS-REO-3", events);
      if (b->unit != TS_NONE)
        block_stress (m, b, -2, "TS-REO-3", events);
    }
  if (b->unit != TS_NONE && b->stress > 1)
    block_stress (m, b, 1, "TS-REO-7", events);
}

/* TS-VIL-4, TS-FIRE-4, TS-AMB-85: one die a face with the target in its
 * arc and sight within 2 bands, at most one a company; no action, no
 * chaos, once in each player-turn of its side. */
static gboolean
block_fire (TsMatch *m, int bi, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsBlock *b = ts_block_at (m, bi);
  TsUnit *t = ts_find (m, mu_command_word (c, 1));
  TsUnit faces;

  if (!ts_block_faces (m, bi, &faces))
    return mu_rules_refuse (error, "TS-VIL-2", "%s holds no garrison", b->area->id);
  if (faces.side != ts_active_side (m))
    return mu_rules_refuse (error, "TS-ACT-1", "the garrison of %s is not of the side playing this player-turn",
                            b->area->id);
  if (b->fired)
    return mu_rules_refuse (error, "TS-AMB-85", "the garrison of %s has fired this player-turn", b->area->id);
  if (mu_command_word (c, 2))
    return mu_rules_refuse (error, "TS-AMB-43", "a garrison fires at one target");
  if (t == NULL || t->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-AMB-43", "the target must be an enemy unit");
  if (!ts_can_fire (m, &faces, t, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  ts_begin_units (m, events);
  b->fired = TRUE;
  ts_fire (m, &faces, t, 0, events);
  return TRUE;
}

/* The distance from stands to the block's polygon (TAB-9). */
static double
block_distance (const TsBlock *b, const MuStand *st, guint n)
{
  const GArray *pts = b->area->points;
  double best = G_MAXDOUBLE;

  for (guint k = 0; k < n; k++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[k], c);
      if (mu_polygons_overlap (c, 4, (const MuPoint *) (gpointer) pts->data, pts->len))
        return 0;
      for (guint i = 0; i < pts->len; i++)
        {
          MuPoint a = g_array_index (pts, MuPoint, i), z = g_array_index (pts, MuPoint, (i + 1) % pts->len);

          for (int j = 0; j < 4; j++)
            best = MIN (best, mu_segment_distance (a, z, c[j], c[(j + 1) % 4]));
        }
    }
  return best;
}

double
ts_block_distance (const TsMatch *m, int bi, const MuStand *st, guint n)
{
  return block_distance (ts_block_at (m, bi), st, n);
}

static void
garrison_event (TsMatch *m, const TsUnit *u, const TsBlock *b, const char *what, int companies,
                const char *rule, GPtrArray *events)
{
  MuEvent *e = ts_event (m, events, &ts_ev_garrison, u->def->id, rule);

  if (e == NULL)
    return;
  mu_event_set_object (e, b->area->id);
  mu_event_set_text (e, what);
  e->value = companies;
}

/* Whether the command may follow u's open Reorder or Change formation
 * (TS-VIL-1, TS-VIL-3, TS-REO-6). */
static gboolean
within_action (const TsMatch *m, const TsUnit *u, const char *rule, GError **error)
{
  if (m->step != TS_STEP_UNITS || m->open_unit != ts_unit_index (m, u) ||
      (m->open_action != TS_ACT_REORDER && m->open_action != TS_ACT_FORM))
    return mu_rules_refuse (error, rule, "%s enters or leaves a village within its Reorder or Change formation",
                            u->def->id);
  return TRUE;
}

/* Whether the stands lie on the table clear of every other unit's and
 * of impassable ground (TAB-11). */
static gboolean
layout_clear (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n, const char *rule, GError **error)
{
  if (n == 0 || !ts_on_table (m, st, n))
    return mu_rules_refuse (error, rule, "%s would not stand wholly on the table", u->def->id);
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) &&
        (mu_stands_overlap (st, n, o->st, o->n_st) || mu_stands_overlap (st, n, o->skirm, o->n_skirm)))
      return mu_rules_refuse (error, rule, "%s would overlap %s", u->def->id, o->def->id);
  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);

      if (block_distance (b, st, n) <= 0)
        return mu_rules_refuse (error, rule, "%s would stand in %s", u->def->id, b->area->id);
    }
  return TRUE;
}

/* garrison UNIT BLOCK N [command] (TS-VIL-1, TS-AMB-85): within its
 * Reorder or Change formation, infantry puts N companies into a block
 * within 2" that holds no enemy; the battalion closes up (TAB-8) and the
 * block's stress starts at the battalion's. The command stand goes only
 * with the whole battalion (the engine's simplification: companies
 * outside with their command stand in a block are not laid out).
 * With in_contact, the same command is a winner's answer to TS-CR-11's
 * advance (TS-AMB-75), which its caller has checked, so no action needs
 * to be open. */
gboolean
ts_garrison_enter (TsMatch *m, const MuCommand *c, gboolean in_contact, GPtrArray *events, GError **error)
{
  TsUnit *u = ts_find (m, mu_command_word (c, 0));
  int bi = ts_block_find (m, mu_command_word (c, 1));
  TsBlock *b = ts_block_at (m, bi);
  const MuArg *na = mu_command_arg (c, 2);
  const char *extra = mu_command_word (c, 3);
  gboolean command = g_strcmp0 (extra, "command") == 0;
  int n = na && na->kind == MU_ARG_NUMBER ? (int) na->number : 0;

  if (u == NULL || u->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-VIL-1", "no battalion “%s” to garrison a village block",
                            mu_command_word (c, 0) ? mu_command_word (c, 0) : "");
  if (b == NULL)
    return mu_rules_refuse (error, "TS-AMB-85", "no village block “%s”",
                            mu_command_word (c, 1) ? mu_command_word (c, 1) : "");
  if (!in_contact && !within_action (m, u, "TS-VIL-1", error))
    return FALSE;
  if (u->type != TS_LINE_INF && u->type != TS_LIGHT_INF)
    return mu_rules_refuse (error, "TS-VIL-1", "only infantry garrisons a village");
  if (extra && !command)
    return mu_rules_refuse (error, "TS-AMB-85", "after the number only “command” may follow");
  if (b->unit != TS_NONE && ts_unit_at (m, b->unit)->side != u->side)
    return mu_rules_refuse (error, "TS-VIL-1", "%s holds the enemy", b->area->id);
  if (b->unit != TS_NONE || u->block != TS_NONE)
    return mu_rules_refuse (error, "TS-AMB-85", "a block holds companies of one battalion, a battalion is in one block");
  if (block_distance (b, u->st, u->n_st) > ts_in (m, 2) + EPS)
    return mu_rules_refuse (error, "TS-VIL-1", "%s is more than 2\" from %s", u->def->id, b->area->id);
  if (n < 1 || n > block_capacity (b->area))
    return mu_rules_refuse (error, "TS-VIL-1", "%s holds 1 to %d companies", b->area->id, block_capacity (b->area));
  if (command ? n != u->stands || u->n_skirm > 0 : n >= ts_formed (u))
    return mu_rules_refuse (error, "TS-AMB-85", command
                            ? "the command stand goes in with the whole battalion, its skirmishers recalled"
                            : "%s keeps its command stand outside, with at least one company", u->def->id);
  /* closing up (TAB-8) about the command stand never meets anything */
  if (events == NULL)
    return TRUE;
  b->unit = ts_unit_index (m, u);
  b->companies = n;
  b->command = command;
  b->stress = u->stress;
  u->block = bi;
  u->stands -= n;
  if (command)
    {
      TS_FOR_UNITS (m, o)
        if (o->type == TS_COMMANDER && o->attached == ts_unit_index (m, u))
          ts_detach (m, o);
      u->n_st = 0;
    }
  else
    ts_layout (m, u);
  ts_blocks_sync (m);
  garrison_event (m, u, b, "enter", n, in_contact ? "TS-CR-11" : "TS-VIL-1", events);
  return TRUE;
}

/* TS-VIL-1, TS-AMB-85: the owner gives the number of companies and
 * whether the command stand goes, so u may enter block bi as 1 up to
 * the block's capacity of companies, its command stand outside, or as
 * the whole battalion with it (for a one-stand battalion the only way
 * in). These are all the forms ts_garrison_enter takes; the callers
 * check each, so that TS-CR-11's question, the legal commands and the
 * rules agree on what may go in. */
GPtrArray *
ts_garrison_forms (const TsMatch *m, const TsUnit *u, int bi)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  const MuArea *a = ts_block_at (m, bi)->area;
  MuCommand *whole;

  for (int k = 1; k <= block_capacity (a); k++)
    {
      MuCommand *c = mu_rules_command ("garrison", u->def->id, a->id);

      mu_command_add_number (c, k);
      g_ptr_array_add (out, c);
    }
  whole = mu_rules_command ("garrison", u->def->id, a->id);
  mu_command_add_number (whole, u->stands);
  mu_command_add_word (whole, "command");
  g_ptr_array_add (out, whole);
  return out;
}

gboolean
ts_garrison_may_advance (TsMatch *m, const TsUnit *u)
{
  for (guint i = 0; i < m->blocks->len; i++)
    {
      g_autoptr(GPtrArray) forms = ts_garrison_forms (m, u, (int) i);

      for (guint k = 0; k < forms->len; k++)
        if (ts_garrison_enter (m, g_ptr_array_index (forms, k), TRUE, NULL, NULL))
          return TRUE;
    }
  return FALSE;
}

/* leave BLOCK [POSE] (TS-VIL-3, TS-AMB-85): within its battalion's
 * Reorder or Change formation the garrison gives up stands until its
 * stress is 1 or less (2 a stand, as TS-REO-3), then rejoins: the command
 * stand, when it was inside, placed by its owner (its front-edge midpoint
 * and facing) within 2" of the block, touching nothing, at 2 disorder;
 * the other companies reform on it at +1 disorder. */
static gboolean
apply_leave (TsMatch *m, int bi, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsBlock *b = ts_block_at (m, bi);
  TsUnit *u = ts_unit_at (m, b->unit);
  const MuArg *at = mu_command_arg (c, 1);
  TsUnit after;
  int keep, companies;

  if (u == NULL)
    return mu_rules_refuse (error, "TS-VIL-3", "%s holds no garrison", b->area->id);
  if (!within_action (m, u, "TS-VIL-3", error))
    return FALSE;
  /* TS-VIL-3: first the stands that take the stress to 1 */
  keep = b->companies;
  {
    int stress = b->stress;

    while (stress > 1 && keep > 0)
      {
        keep--;
        stress = MAX (0, stress - 2);
      }
  }
  after = *u;
  if (b->command)
    {
      if (at == NULL || at->kind != MU_ARG_POS || !at->pos.is_point || !isfinite (at->pos.facing))
        return mu_rules_refuse (error, "TS-AMB-85", "the command stand leaving %s is placed at @X,Y/F", b->area->id);
      if (keep == 0)
        return mu_rules_refuse (error, "TS-VIL-3", "no company of %s would be left to leave", b->area->id);
      after.anchor = at->pos.point;
      after.facing = at->pos.facing;
      after.stands = keep;
      after.n_skirm = 0;
      ts_layout (m, &after);
      if (block_distance (b, after.st, 1) > ts_in (m, 2) + EPS)
        return mu_rules_refuse (error, "TS-AMB-85", "the command stand is placed within 2\" of %s", b->area->id);
    }
  else
    {
      if (at != NULL)
        return mu_rules_refuse (error, "TS-AMB-85", "the command stand is outside: the companies reform on it");
      if (block_distance (b, u->st, u->n_st) > ts_in (m, 2) + EPS)
        return mu_rules_refuse (error, "TS-VIL-3", "%s is more than 2\" from %s", u->def->id, b->area->id);
      after.stands += keep;
      ts_layout (m, &after);
    }
  if (!layout_clear (m, u, after.st, after.n_st, "TS-AMB-85", error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  while (b->companies > keep)
    {
      block_lose (m, b, "TS-VIL-3", events);
      block_stress (m, b, -2, "TS-VIL-3", events);
    }
  companies = b->companies;
  if (b->command)
    {
      int stress = b->stress;

      /* the battalion is all outside again before its events */
      b->unit = TS_NONE;
      b->companies = 0;
      b->command = FALSE;
      b->stress = 0;
      u->block = TS_NONE;
      u->anchor = after.anchor;
      u->facing = after.facing;
      u->stands = companies;
      u->stress = stress;
      u->disorder = 1;
      ts_layout (m, u);
      ts_blocks_sync (m);
      garrison_event (m, u, b, "leave", companies, "TS-VIL-3", events);
      ts_add_disorder (m, u, 1, "TS-VIL-3", events);
      if (companies > 1)
        ts_add_disorder (m, u, 1, "TS-VIL-3", events);
      return TRUE;
    }
  b->unit = TS_NONE;
  b->companies = 0;
  b->stress = 0;
  u->block = TS_NONE;
  u->stands += companies;
  ts_layout (m, u);
  ts_blocks_sync (m);
  garrison_event (m, u, b, "leave", companies, "TS-VIL-3", events);
  ts_add_disorder (m, u, 1, "TS-VIL-3", events);
  return TRUE;
}

gboolean
ts_apply_garrison (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  if (g_str_equal (mu_command_get_verb (c), "garrison"))
    return ts_garrison_enter (m, c, FALSE, events, error);
  {
    int bi = ts_block_find (m, mu_command_word (c, 0));

    if (bi == TS_NONE)
      return mu_rules_refuse (error, "TS-AMB-85", "no village block “%s”",
                              mu_command_word (c, 0) ? mu_command_word (c, 0) : "");
    return apply_leave (m, bi, c, events, error);
  }
}

GPtrArray *
ts_block_fire_targets (TsMatch *m, const TsUnit *u)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
      const TsUnit *g = ts_unit_at (m, b->unit);
      TsUnit faces;

      if (g && g->side != u->side && ts_block_faces (m, (int) i, &faces) && ts_can_fire (m, u, &faces, NULL))
        g_ptr_array_add (out, (gpointer) b->area->id);
    }
  return out;
}

GPtrArray *
ts_block_threat_targets (const TsMatch *m, const TsUnit *u)
{
  GPtrArray *out = g_ptr_array_new ();
  MuStand front[MU_STANDS_MAX];
  guint n = 0;

  for (guint k = 0; k < u->n_st; k++)
    if (u->st[k].rank == 0)
      front[n++] = u->st[k];
  for (guint i = 0; n > 0 && i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
      const TsUnit *g = ts_unit_at (m, b->unit);
      TsUnit faces;

      /* TS-AMB-42 (b): a block is to the front when any part of it is in
       * the arc, which its faces, just outside its edges, tell */
      if (g == NULL || g->side == u->side || block_distance (b, u->st, u->n_st) > ts_in (m, m->num.threat_reach) + EPS ||
          !ts_block_faces (m, (int) i, &faces) ||
          !mu_stands_in_arc (front, n, m->num.arc, faces.st, faces.n_st, MU_ARC_ANY_PART))
        continue;
      g_ptr_array_add (out, (gpointer) b->area->id);
    }
  return out;
}

/* Commands naming a block: its garrison's. */
gboolean
ts_apply_block (TsMatch *m, int bi, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);

  if (g_str_equal (verb, "reorder"))
    return block_reorder (m, bi, events, error);
  if (g_str_equal (verb, "fire"))
    return block_fire (m, bi, c, events, error);
  return mu_rules_refuse (error, "TS-VIL-2", "a garrison (%s) cannot %s", ts_block_at (m, bi)->area->id, verb);
}
