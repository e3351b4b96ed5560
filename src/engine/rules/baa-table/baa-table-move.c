/* baa-table-move.c: movement on the table (BAT-MOV-*, BAT-AMB-9/10/13/14/
 * 38/39/46, TAB-12) and flinch moves (BAT-FLN-3..5, BAT-AMB-19, TAB-17/18) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "rules/mu-rulesets.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define BIG 1e6

gboolean
bat_unit_may_move (const BatMatch *m, const BatUnit *u)
{
  /* BAT-MOV-12, BAT-CMD-7, BAT-FLN-7, BAT-AMB-5 */
  return m->phase == BAT_PHASE_MOVE_UNITS && u->side == m->active && bat_unit_on_table (u) &&
         u->has_orders && !u->nic && !u->pinned && !u->moved;
}

gboolean
bat_cdr_may_move (const BatMatch *m, const BatCdr *c)
{
  if (c->side != m->active || c->status != BAT_CDR_ACTIVE || c->moved)
    return FALSE;
  /* BAT-MOV-12, BAT-CMD-4: formation commanders with orders; every higher commander */
  if (m->phase == BAT_PHASE_MOVE_COMMANDS)
    return !c->is_control && c->has_orders && !c->nic;
  return m->phase == BAT_PHASE_MOVE_CONTROLS && c->is_control;
}

double
bat_unit_allowance (const BatMatch *m, const BatUnit *u)
{
  return m->scale.move[u->def->arm < MU_ARM_N ? u->def->arm : MU_ARM_INFANTRY];   /* BAT-MOV-1 */
}

/* Geometry parameters of the evaluator: impassable areas and water away from
 * crossings refused; no allowance of its own (the ruleset adds up the
 * costs), roads reported through the allowance it would grant. */
static void
move_params (const BatMatch *m, MuMoveParams *p, gboolean roads)
{
  mu_move_params_init (p);
  p->allowance = BIG;
  if (roads)
    {
      p->line_allowance[MU_LINE_ROAD] = BIG * m->scale.road;       /* BAT-MOV-2, Table S3 */
      p->line_allowance[MU_LINE_TURNPIKE] = BIG * m->scale.turnpike;
    }
  /* BAT-MOV-3, BAT-AMB-10: distance inside difficult terrain counts double */
  p->area_cost[MU_AREA_WOODS] = p->area_cost[MU_AREA_SETTLEMENT] = p->area_cost[MU_AREA_MARSH] =
    p->area_cost[MU_AREA_STEEP] = p->area_cost[MU_AREA_BUILT_UP] = p->area_cost[MU_AREA_BUILDING] =
    1 / m->scale.difficult;
  for (int k = 0; k < MU_AREA_N; k++)
    p->area_impassable[k] = mu_ruleset_area_impassable (&mu_ruleset_baa_table, k);
  /* BAT-MOV-4, BAT-AMB-38: rivers at fords and bridges only; streams
   * anywhere, at a price (bat_extra_cost). TAB-12 checks the whole swept
   * path: every base crosses a river for itself, its centre (where TAB-13
   * puts a stand) within a ford's or bridge's drawn width, not only the
   * anchor. */
  p->streams_crossable = TRUE;
  p->crossings_by_stands = TRUE;
  p->allowance_rule = "BAT-MOV-1";
}

/* BAT-AMB-38: whether a crossing of a stream or river at `at` is at a ford
 * or bridge. */
static gboolean
table_at_crossing (const MuTableMap *t, MuPoint at)
{
  for (guint j = 0; j < t->lines->len; j++)
    {
      const MuPolyline *f = g_ptr_array_index (t->lines, j);

      if ((f->kind == MU_LINE_FORD || f->kind == MU_LINE_BRIDGE) &&
          mu_table_within (mu_polyline_distance ((const MuPoint *) f->points->data, f->points->len, at),
                           mu_terrain_line_width (t, f) / 2))
        return TRUE;
    }
  return FALSE;
}

static gboolean
at_crossing (const BatMatch *m, MuPoint at)
{
  return table_at_crossing (m->table, at);
}

/* BAT-AMB-38: a stream crossed away from a ford or bridge costs 1 U; each
 * contour level climbed 0.5 U. Measured on the anchor's straight legs. */
double
bat_extra_cost (BatMatch *m, MuPoint a, MuPoint b)
{
  double extra = 0, len = hypot (b.x - a.x, b.y - a.y);
  int n = MAX (1, (int) ceil (len / (m->scale.u / 8))), level = mu_terrain_level_at (m->terrain, a);

  for (guint i = 0; i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
      const MuPoint *pp = (const MuPoint *) l->points->data;

      if (l->kind != MU_LINE_STREAM)
        continue;
      for (guint k = 1; k < l->points->len; k++)
        {
          double t;

          if (mu_segment_intersect (a, b, pp[k - 1], pp[k], &t) &&
              !at_crossing (m, (MuPoint) { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) }))
            extra += m->scale.u;
        }
    }
  for (int i = 1; i <= n; i++)
    {
      MuPoint p = { a.x + (b.x - a.x) * i / n, a.y + (b.y - a.y) * i / n };
      int lv = mu_terrain_level_at (m->terrain, p);

      if (lv > level)
        extra += 0.5 * m->scale.u * (lv - level);
      level = lv;
    }
  return extra;
}

/* BAT-MOV-11: a river boat's anchor stays on the river all the way. */
static gboolean
river_leg (BatMatch *m, MuPoint a, MuPoint b)
{
  int n = MAX (1, (int) ceil (hypot (b.x - a.x, b.y - a.y) / (m->scale.u / 8)));

  for (int i = 0; i <= n; i++)
    if (!bat_point_on_line (m, MU_LINE_RIVER, (MuPoint) { a.x + (b.x - a.x) * i / n, a.y + (b.y - a.y) * i / n }))
      return FALSE;
  return TRUE;
}

/* The stands a move may not pass through: the enemy's units and commanders
 * (BAT-MOV-5). */
static GArray *
enemy_stands (BatMatch *m, int side, MuPoint centre, double reach)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuStand));

  /* only those the move could reach: within `reach` of the mover's circle */
  BAT_FOR_UNITS (m, e)
    if (e->side != side && bat_unit_on_table (e) && bat_circles_within (centre, reach, e->bc, e->br, 0))
      g_array_append_vals (out, e->stands, e->n_stands);
  BAT_FOR_CDRS (m, c)
    if (c->side != side && c->status == BAT_CDR_ACTIVE &&
        bat_circles_within (centre, reach, c->stand.centre, hypot (c->stand.width, c->stand.depth), 0))
      g_array_append_val (out, c->stand);
  return out;
}

/* Whether stands at the end of a move overlap another counter (friend or
 * enemy: BAT-MOV-5) or stand off the table or on impassable ground. */
static const char *
end_blocked (BatMatch *m, const MuStand *st, guint n, const void *self)
{
  MuPoint bc;
  double br;

  bat_stands_circle (st, n, &bc, &br);
  for (guint i = 0; i < n; i++)
    {
      MuPoint cs[4];

      mu_stand_corners (&st[i], cs);
      for (int k = 0; k < 4; k++)
        if (mu_table_beyond (-cs[k].x, 0) || mu_table_beyond (-cs[k].y, 0) ||
            mu_table_beyond (cs[k].x, m->table->width) || mu_table_beyond (cs[k].y, m->table->height))
          return _("off the table");
      if (bat_point_impassable (m, st[i].centre))
        return _("on impassable ground");
    }
  BAT_FOR_UNITS (m, o)
    if ((const void *) o != self && bat_unit_on_table (o) && bat_circles_within (bc, br, o->bc, o->br, 0) &&
        mu_stands_overlap (st, n, o->stands, o->n_stands))
      return o->def->id;
  BAT_FOR_CDRS (m, o)
    if ((const void *) o != self && o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
      return o->def->id;
  return NULL;
}

typedef struct {
  MuPoint anchor;
  double facing;
  BatFormation form;
  gboolean form_changed;
  double cost, allowance;
  gboolean measured;          /* cost and allowance are known (a refusal may come before) */
  GArray *path;               /* of MuPos: the pose after each step */
} MoveEval;

/* Evaluates `move ID STEP...` for a unit (u) or a commander (c), without
 * changing anything. */
static gboolean
eval_move (BatMatch *m, BatUnit *u, BatCdr *c, const MuCommand *cmd, MoveEval *ev, GError **error)
{
  MuMoveParams params;
  g_autoptr(GArray) enemies = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (MuMoveStep));
  MuFormationShape shape;
  double road = 2.0, base;
  gboolean in_melee = u && bat_in_melee (m, u);
  MuStand end[MU_STANDS_MAX];
  guint n_end;
  const char *blocked;
  const char *id = u ? u->def->id : c->def->id;
  guint n_args = mu_command_n_args (cmd);
  gboolean boat = u && u->def->arm == MU_ARM_RIVERBOAT;
  g_autoptr(GArray) trail = g_array_new (FALSE, FALSE, sizeof (MuPoint));

  memset (ev, 0, sizeof *ev);
  ev->anchor = u ? u->anchor : c->anchor;
  ev->facing = u ? u->facing : c->facing;
  ev->form = u ? u->form : BAT_FORM_LINE;
  ev->path = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_array_append_val (trail, ev->anchor);
  base = u ? bat_unit_allowance (m, u) : m->scale.move_commander;
  move_params (m, &params, !boat);
  if (boat)
    {
      /* BAT-MOV-11: on the river, which no other unit may cross but at a
       * ford or bridge; river_leg() keeps it there */
      params.water_needs_crossing = FALSE;
      params.area_cost[MU_AREA_WOODS] = params.area_cost[MU_AREA_SETTLEMENT] = 1;
      params.area_cost[MU_AREA_MARSH] = params.area_cost[MU_AREA_STEEP] = 1;
      params.area_cost[MU_AREA_BUILT_UP] = params.area_cost[MU_AREA_BUILDING] = 1;
    }
  /* the farthest any part can get: twice the allowance (a turnpike), the
   * unit's own size, and a formation change's new extent */
  enemies = enemy_stands (m, u ? u->side : c->side, u ? u->bc : c->stand.centre,
                          2 * base + (u ? 2 * u->br + u->bases * u->stands[0].width : 2 * c->stand.width));
  if (n_args < 2)
    return bat_refuse (error, "BAT-MOV-1", "a move needs at least one step");

  /* the steps, cut into legs at each formation change */
  for (guint i = 1; i <= n_args; i++)
    {
      const MuArg *a = i < n_args ? mu_command_arg (cmd, i) : NULL;

      if (a && a->kind != MU_ARG_STEP && a->kind != MU_ARG_POS)
        return bat_refuse (error, bat_verb_rule (cmd), "“%s” is no step of a path", a->word ? a->word : "?");
      if (a && (a->kind == MU_ARG_POS || a->move == MU_MOVE_TO))
        {
          MuMoveStep st = { MU_STEP_MOVE, a->pos.point, 0 };

          if (!a->pos.is_point)
            return bat_refuse (error, "TAB-3", "a table move needs table points");
          g_array_append_val (steps, st);
          if (a->pos.has_facing)
            {
              /* TAB-5: @X,Y/F is the pose the unit ends in, its anchor at
               * X,Y facing F: the anchor goes straight there, the way the
               * move is measured (TAB-12), and the unit turns about it
               * (free, BAT-AMB-35). `face F` turns about the centre. */
              MuMoveStep t = { MU_STEP_TURN, { 0, 0 }, a->pos.facing, TRUE };
              g_array_append_val (steps, t);
            }
          continue;
        }
      if (a && a->move == MU_MOVE_FACE)
        {
          MuMoveStep t = { MU_STEP_TURN, { 0, 0 }, a->number };
          g_array_append_val (steps, t);
          continue;
        }
      if (a && a->move == MU_MOVE_WHEEL)
        {
          MuMoveStep t = { MU_STEP_WHEEL, { 0, 0 }, g_strcmp0 (a->word, "l") == 0 ? -a->number : a->number };
          g_array_append_val (steps, t);
          continue;
        }
      /* the end of a leg: a formation change or the end of the path */
      if (steps->len)
        {
          MuMoveUnit mu = { 0 };
          MuMoveResult r;
          double w, d;

          if (u)
            {
              mu_table_base_size (m->table, u->def->arm, &w, &d);
              mu.shape = bat_formation_shape (ev->form);
              mu.n_stands = (guint) u->bases;
            }
          else
            {
              mu_table_base_size (m->table, MU_ARM_INFANTRY, &w, NULL);
              d = w;
              shape = (MuFormationShape) { "line", 0, 0 };
              mu.shape = &shape;
              mu.n_stands = 1;
            }
          mu.width = w;
          mu.depth = d;
          mu.anchor = ev->anchor;
          mu.facing = ev->facing;
          /* a search among candidate moves (no error wanted) asks only
           * whether it is legal, not where it stops or why */
          params.legal_only = error == NULL;
          mu_table_move_check (m->terrain, &params, &mu, (const MuMoveStep *) steps->data, steps->len,
                               (const MuStand *) enemies->data, enemies->len, &r);
          if (!r.legal && error == NULL)
            {
              mu_move_result_clear (&r);
              return FALSE;
            }
          if (!r.legal)
            {
              MuMoveResult r2;
              gboolean ok;

              /* through an enemy (BAT-MOV-5), or impassable ground, water
               * away from a crossing or the table's edge (BAT-MOV-4) */
              mu_table_move_check (m->terrain, &params, &mu, (const MuMoveStep *) steps->data, steps->len,
                                   NULL, 0, &r2);
              ok = bat_refuse (error, r2.legal ? "BAT-MOV-5" : "BAT-MOV-4", "%s: %s", id,
                               r.reason ? r.reason : _("the path is blocked"));
              mu_move_result_clear (&r);
              mu_move_result_clear (&r2);
              return ok;
            }
          /* BAT-MOV-2, BAT-AMB-9, BAT-AMB-39: on the road the difficult rate
           * does not apply; the leg's road multiplier bounds the move's */
          road = MIN (road, r.allowance / BIG);
          ev->cost += r.allowance > BIG * 1.01 ? r.length : r.cost;
          {
            MuPoint from = ev->anchor;
            for (guint k = 0; k < steps->len; k++)
              {
                const MuMoveStep *st = &g_array_index (steps, MuMoveStep, k);
                if (st->kind != MU_STEP_MOVE)
                  continue;
                if (boat && !river_leg (m, from, st->to))
                  {
                    mu_move_result_clear (&r);
                    return bat_refuse (error, "BAT-MOV-11", "%s: river boats move only on the river", id);
                  }
                if (!boat)
                  ev->cost += bat_extra_cost (m, from, st->to);
                from = st->to;
                g_array_append_val (trail, from);
              }
          }
          ev->anchor = r.anchor;
          ev->facing = r.facing;
          mu_move_result_clear (&r);
          {
            MuPos pos = mu_pos_from_point (ev->anchor.x, ev->anchor.y, ev->facing);
            g_array_append_val (ev->path, pos);
          }
          g_array_set_size (steps, 0);
        }
      if (a)
        {
          BatFormation f;

          if (u == NULL)
            return bat_refuse (error, "BAT-MOV-7", "commanders have no formation");
          if (!bat_formation_parse (a->word, &f))
            return bat_refuse (error, "BAT-MOV-7", "“%s” is no formation: line, double-line or column",
                               a->word ? a->word : "");
          if (in_melee)
            return bat_refuse (error, "BAT-AMB-46", "%s is in melee and cannot change formation", id);
          if (f == ev->form)
            return bat_refuse (error, "BAT-MOV-7", "%s is already in %s", id, a->word);
          ev->form = f;
          ev->form_changed = TRUE;
        }
    }
  ev->allowance = base * (road > 1.01 ? road : 1.0);
  /* BAT-MOV-7, BAT-AMB-13, BAT-AMB-46: a formation change halves the move */
  if (ev->form_changed)
    ev->allowance = base / 2;
  /* BAT-MOV-9, BAT-AMB-22: leaving a melee at half the allowance */
  if (in_melee)
    ev->allowance = MIN (ev->allowance, base / 2);
  ev->facing = fmod (fmod (ev->facing, 360.0) + 360.0, 360.0);
  /* BAT-AMB-44: a first move after arriving is measured from the table
   * edge or the train, where it came on */
  ev->cost += u ? u->entry_cost : c->entry_cost;
  ev->measured = TRUE;
  if (mu_table_beyond (ev->cost, ev->allowance))
    return bat_refuse (error, ev->form_changed ? "BAT-MOV-7" : in_melee ? "BAT-MOV-9" : "BAT-MOV-1",
                       "%s: the move costs %.2f, more than its allowance of %.2f", id, ev->cost, ev->allowance);
  /* the end pose */
  if (u)
    n_end = bat_layout_at (m, u, ev->anchor, ev->facing, ev->form, end);
  else
    {
      BatCdr probe = *c;
      probe.anchor = ev->anchor;
      probe.facing = ev->facing;
      bat_cdr_layout (m, &probe);
      end[0] = probe.stand;
      n_end = 1;
    }
  blocked = end_blocked (m, end, n_end, u ? (const void *) u : (const void *) c);
  if (blocked)
    return bat_refuse (error, "BAT-MOV-5", "%s would end its move overlapping %s", id, blocked);
  if (u && !bat_works_check_move (m, u, (const MuPoint *) trail->data, trail->len, end, n_end, error))
    return FALSE;
  /* BAT-MOV-7, BAT-AMB-13: no charge after a formation change */
  if (u && ev->form_changed)
    BAT_FOR_UNITS (m, e)
      if (e->side != u->side && bat_unit_on_table (e) &&
          mu_stands_in_contact (end, n_end, e->stands, e->n_stands, bat_contact_tolerance (m)))
        return bat_refuse (error, "BAT-MOV-7", "%s changed formation and may not charge %s", id, e->def->id);
  return TRUE;
}

/* TAB-3, BAT-MOV-1: the dry run's cost of `move ID STEP...` against the
 * allowance, in table units to 0.01, for a refused move too once it is
 * measured; whether the counter may move now is the apply's to say. */
gboolean
bat_move_cost (gpointer state, const MuCommand *cmd, double *cost, double *allowance)
{
  BatMatch *m = state;
  const char *id;
  BatUnit *u;
  BatCdr *c;
  MoveEval ev;

  *cost = *allowance = -1;
  if (!g_str_equal (mu_command_get_verb (cmd), "move"))
    return FALSE;
  id = mu_command_word (cmd, 0);
  u = bat_find_unit (m, id);
  c = u ? NULL : bat_find_cdr (m, id);
  if (u ? !bat_unit_on_table (u) : c == NULL || c->status != BAT_CDR_ACTIVE)
    return FALSE;
  eval_move (m, u, c, cmd, &ev, NULL);
  g_array_unref (ev.path);
  if (!ev.measured)
    return FALSE;
  *cost = round (ev.cost * 100) / 100;
  *allowance = round (ev.allowance * 100) / 100;
  return TRUE;
}

gboolean
bat_apply_move (BatMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  const char *id = mu_command_word (cmd, 0);
  BatUnit *u = bat_find_unit (m, id);
  BatCdr *c = u ? NULL : bat_find_cdr (m, id);
  MoveEval ev;
  MuEvent *e;
  gboolean ok;

  if (u == NULL && c == NULL)
    return bat_refuse (error, bat_verb_rule (cmd), "no counter %s", id ? id : "");
  if ((u ? u->side : c->side) != m->active)
    return bat_refuse (error, "BAT-MOV-12", "%s is not %s's", id, m->side_id[m->active]);
  if (u && !bat_unit_may_move (m, u))
    return bat_refuse (error, m->phase != BAT_PHASE_MOVE_UNITS ? "BAT-MOV-12" : u->pinned ? "BAT-FLN-7"
                       : u->nic || !u->has_orders ? "BAT-CMD-7" : "BAT-MOV-12",
                       "%s may not move now", id);
  if (c && !bat_cdr_may_move (m, c))
    return bat_refuse (error, c->nic ? "BAT-CMD-4" : "BAT-MOV-12", "%s may not move now", id);
  ok = eval_move (m, u, c, cmd, &ev, error);
  if (!ok || events == NULL)
    {
      g_array_unref (ev.path);
      return ok;
    }
  e = bat_event (m, events, &baa_ev_move, id, ev.form_changed ? "BAT-MOV-7" : "BAT-MOV-1");
  e->from = mu_pos_from_point (u ? u->anchor.x : c->anchor.x, u ? u->anchor.y : c->anchor.y,
                               u ? u->facing : c->facing);
  e->to = mu_pos_from_point (ev.anchor.x, ev.anchor.y, ev.facing);
  e->path = ev.path;
  e->value = (int) ceil (round (ev.cost * 100) / 100 - 1e-9);
  if (u)
    {
      BatUnit *before[16];
      guint n_before = MIN (bat_contacts (m, u, before, G_N_ELEMENTS (before)), G_N_ELEMENTS (before));

      if (ev.form_changed)
        mu_event_set_text (mu_event_add_kind (events, bat_formation_event_kind (), id),
                           bat_formation_id (ev.form));
      u->anchor = ev.anchor;
      u->facing = ev.facing;
      u->form = ev.form;
      u->moved = TRUE;
      u->acted_this_bound = TRUE;
      u->entry_cost = 0;
      bat_unit_layout (m, u);
      bat_record_charges (m, u, before, n_before);   /* BAT-MOV-8, BAT-AMB-18 */
      bat_capture_check (m, u, events);
    }
  else
    {
      c->anchor = ev.anchor;
      c->facing = ev.facing;
      c->moved = TRUE;
      c->entry_cost = 0;
      bat_cdr_layout (m, c);
    }
  bat_advance (m, events);
  return TRUE;
}

/* Flinch ----------------------------------------------------------------------------- */

gboolean
bat_crosses_barrier (const BatMatch *m, MuPoint a, MuPoint b, gboolean rivers)
{
  return bat_barrier_crossed (m, a, b, rivers) != NULL;
}

const MuPolyline *
bat_barrier_crossed (const BatMatch *m, MuPoint a, MuPoint b, gboolean rivers)
{
  return bat_table_barrier_crossed (m->table, a, b, rivers);
}

/* On the table alone, so that the scenario checks ask what play asks. */
const MuPolyline *
bat_table_barrier_crossed (const MuTableMap *table, MuPoint a, MuPoint b, gboolean rivers)
{
  for (guint i = 0; i < table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (table->lines, i);
      const MuPoint *pp = (const MuPoint *) l->points->data;

      if (l->kind != MU_LINE_IMPASSABLE && (l->kind != MU_LINE_RIVER || !rivers))
        continue;
      /* BAT-MOV-4, BAT-AMB-38: a river is crossed at fords and bridges */
      for (guint k = 1; k < l->points->len; k++)
        {
          double t;

          if (mu_segment_intersect (a, b, pp[k - 1], pp[k], &t) &&
              (l->kind == MU_LINE_IMPASSABLE ||
               !table_at_crossing (table, (MuPoint) { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) })))
            return l;
        }
    }
  return NULL;
}

/* Stands set down at once, not moved there, have no swept path to check
 * (TAB-12), so a placement could put a unit astride a line that no move
 * may cross (BAT-MOV-4, BAT-AMB-38). A stand is where its centre is
 * (TAB-13): a centre on the line, or two centres on either side of it,
 * away from a ford or bridge, is as a base standing in the water or the
 * unit on both banks. The line between two centres is judged as a move
 * judges a base's path, so whatever a move may bring together a placement
 * may set down. */
const MuPolyline *
bat_stands_astride (const BatMatch *m, const MuStand *st, guint n)
{
  return bat_table_stands_astride (m->table, st, n);
}

const MuPolyline *
bat_table_stands_astride (const MuTableMap *t, const MuStand *st, guint n)
{
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);

      if (l->kind != MU_LINE_IMPASSABLE && l->kind != MU_LINE_RIVER)
        continue;
      for (guint k = 0; k < n; k++)
        if (mu_table_within (mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len,
                                                   st[k].centre), 0) &&
            (l->kind == MU_LINE_IMPASSABLE || !table_at_crossing (t, st[k].centre)))
          return l;
    }
  for (guint i = 0; i < n; i++)
    for (guint k = i + 1; k < n; k++)
      {
        const MuPolyline *l = bat_table_barrier_crossed (t, st[i].centre, st[k].centre, TRUE);
        if (l)
          return l;
      }
  return NULL;
}

/* BAT-AMB-44: a reserve's counter comes on from its entry point, so each
 * base's way in from there is a move (BAT-MOV-4, BAT-AMB-38; by its
 * centre, TAB-13), and where it is set down a placement. */
const MuPolyline *
bat_table_entry_blocked (const MuTableMap *t, MuPoint from, const MuStand *st, guint n)
{
  for (guint k = 0; k < n; k++)
    {
      const MuPolyline *l = bat_table_barrier_crossed (t, from, st[k].centre, TRUE);
      if (l)
        return l;
    }
  return bat_table_stands_astride (t, st, n);
}

void
bat_flinch_move (BatMatch *m, BatUnit *u, const BatUnit *from, GPtrArray *events)
{
  MuPoint dir = mu_stands_away_vector (u->stands, u->n_stands, from->stands, from->n_stands);
  double allowance = bat_unit_allowance (m, u), cost = 0, step = m->scale.u / 20;
  MuPoint at = u->anchor, start = u->anchor;
  gboolean contact = FALSE, at_clear = TRUE;
  BatUnit *before[16];
  guint n_before = MIN (bat_contacts (m, u, before, G_N_ELEMENTS (before)), G_N_ELEMENTS (before));
  MuEvent *e;

  if (dir.x == 0 && dir.y == 0)
    dir = mu_facing_vector (u->facing + 180);
  /* BAT-FLN-3, BAT-AMB-19: a full S2 move directly away (TAB-17), no road
   * bonus, difficult ground at double cost; through friends, and on past
   * them to the first place clear of them */
  for (int i = 0; i < 100000; i++)
    {
      MuPoint next = { at.x + dir.x * step, at.y + dir.y * step };
      MuStand st[MU_STANDS_MAX];
      guint n = bat_layout_at (m, u, next, u->facing, u->form, st);
      /* difficult ground at double cost, streams and contours as a move
       * pays them (BAT-AMB-38) */
      double c = (bat_point_difficult (m, next) ? 2 * step : step) + bat_extra_cost (m, at, next);
      gboolean beyond = mu_table_beyond (cost + c, allowance);
      gboolean on_friend = FALSE, off = FALSE, lost = FALSE;

      /* a base past the table's edge (TAB-18); an impassable line, or a
       * river away from a ford or bridge, under any base's step (as a
       * move's swept path, TAB-12, each base by its centre, TAB-13):
       * impassable ground (BAT-FLN-5, BAT-AMB-38) */
      for (guint k = 0; k < n && !off; k++)
        off = st[k].centre.x < 0 || st[k].centre.y < 0 || st[k].centre.x > m->table->width ||
              st[k].centre.y > m->table->height;
      for (guint k = 0; k < n && !off && !lost; k++)
        lost = bat_point_impassable (m, st[k].centre) ||
               bat_crosses_barrier (m, (MuPoint) { st[k].centre.x - dir.x * step, st[k].centre.y - dir.y * step },
                                    st[k].centre, TRUE);
      lost = off || lost;
      if (lost)
        {
          /* TAB-18: the table's edge took it; BAT-FLN-5: impassable ground */
          const char *rule = off ? "TAB-18" : "BAT-FLN-5";

          e = bat_event (m, events, &baa_ev_flinch, u->def->id, rule);
          e->from = mu_pos_from_point (start.x, start.y, u->facing);
          e->to = mu_pos_from_point (next.x, next.y, u->facing);
          bat_unit_remove (m, u, BAT_UNIT_LOST, rule, events);
          return;
        }
      BAT_FOR_UNITS (m, o)
        if (o != u && bat_unit_on_table (o) && mu_stands_overlap (st, n, o->stands, o->n_stands))
          {
            if (o->side != u->side)
              contact = TRUE;   /* BAT-FLN-4: it stops in contact */
            else
              on_friend = TRUE;
          }
      BAT_FOR_CDRS (m, o)
        if (o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
          on_friend = TRUE;   /* commanders are passed through and not ended on */
      if (contact || (beyond && at_clear))
        break;
      at = next;
      at_clear = !on_friend;
      cost += c;
      if (beyond && at_clear)
        break;
    }
  if (!at_clear)
    {
      /* stopped by an enemy while passing through friends: no place to end
       * on, so it stays where it stood (and is pinned) */
      at = start;
      contact = FALSE;
    }
  else if (contact)
    {
      /* BAT-FLN-4: on up to contact (TAB-11) */
      double lo = 0, hi = step;
      for (int i = 0; i < 20; i++)
        {
          double mid = (lo + hi) / 2;
          MuStand st[MU_STANDS_MAX];
          guint n = bat_layout_at (m, u, (MuPoint) { at.x + dir.x * mid, at.y + dir.y * mid }, u->facing,
                                   u->form, st);
          gboolean hit = FALSE;

          BAT_FOR_UNITS (m, o)
            if (o != u && bat_unit_on_table (o) && mu_stands_overlap (st, n, o->stands, o->n_stands))
              hit = TRUE;
          BAT_FOR_CDRS (m, o)
            if (o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
              hit = TRUE;
          if (hit)
            hi = mid;
          else
            lo = mid;
        }
      at = (MuPoint) { at.x + dir.x * lo, at.y + dir.y * lo };
    }
  e = bat_event (m, events, &baa_ev_flinch, u->def->id, contact ? "BAT-FLN-4" : "BAT-FLN-3");
  e->from = mu_pos_from_point (start.x, start.y, u->facing);
  u->anchor = at;
  bat_unit_layout (m, u);
  bat_record_charges (m, u, before, n_before);   /* BAT-FLN-4: it moved into contact */
  e->to = mu_pos_from_point (at.x, at.y, u->facing);
  u->acted_this_bound = TRUE;
  if (contact)
    {
      BatUnit *enemies[1];

      if (bat_contacts (m, u, enemies, 1) > 0)
        bat_melee_exchange (m, u, enemies[0], events);
    }
}
