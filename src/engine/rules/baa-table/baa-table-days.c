/* baa-table-days.c: a battle that runs into another day (BAT-DAY-1..4):
 * the overnight withdrawal (BAT-AMB-31, BAT-AMB-43), repositioning behind
 * one's own lines (BAT-DAY-2), formations sent into reserve for the next
 * day (BAT-DAY-3, BAT-AMB-32), and the morning bound (BAT-DAY-4).
 *
 * At the end of the scenario's complete-darkness bound (its timeline's
 * darkness-bound, on a battle of more than one day) every unit withdraws;
 * then the Confederates and then the Union readdress their lines with the
 * commands `reposition CONTROL COMMAND`, `place COUNTER @X,Y/F` and
 * `reserve CONTROL COMMAND`, each side ending with end-phase. Play goes on
 * at the first bound after the darkness bound that is no night bound. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

gboolean
bat_day_darkness (const BatMatch *m)
{
  const MuTimeline *t = &m->scenario->timeline;

  return t->days > 1 && t->darkness_bound > 0 && m->bound == t->darkness_bound && m->bound < m->last_bound;
}

/* BAT-DAY-4: the first bound after the darkness bound that is no night bound. */
int
bat_day_morning (const BatMatch *m)
{
  int b = m->scenario->timeline.darkness_bound + 1;

  while (b < m->last_bound && mu_rules_night_bound (&m->scenario->timeline, b))
    b++;
  return b;
}

/* BAT-AMB-43: the direction of a side's home edge; (0, 0) when it has none. */
static MuPoint
home_vector (const BatMatch *m, int side)
{
  static const MuPoint dirs[MU_TABLE_EDGE_N] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

  for (guint i = 0; m->table->home_edges && i < m->table->home_edges->len; i++)
    {
      const MuHomeEdge *h = g_ptr_array_index (m->table->home_edges, i);
      if (g_strcmp0 (h->side, m->side_id[side]) == 0 && h->edge < MU_TABLE_EDGE_N)
        return dirs[h->edge];
    }
  return (MuPoint) { 0, 0 };
}

static gboolean
blocked_at (BatMatch *m, const BatUnit *u, const MuStand *st, guint n, MuPoint from, MuPoint to,
            gboolean *on_friend)
{
  *on_friend = FALSE;
  /* no base over an impassable line, nor over a river away from a ford
   * or bridge (TAB-12, BAT-AMB-38; each base by its centre, TAB-13) */
  for (guint k = 0; k < n; k++)
    if (st[k].centre.x < 0 || st[k].centre.y < 0 || st[k].centre.x > m->table->width ||
        st[k].centre.y > m->table->height || bat_point_impassable (m, st[k].centre) ||
        bat_crosses_barrier (m, (MuPoint) { st[k].centre.x - (to.x - from.x), st[k].centre.y - (to.y - from.y) },
                             st[k].centre, TRUE))
      return TRUE;
  BAT_FOR_UNITS (m, o)
    if (o != u && bat_unit_on_table (o) && mu_stands_overlap (st, n, o->stands, o->n_stands))
      {
        if (o->side != u->side)
          return TRUE;
        *on_friend = TRUE;
      }
  BAT_FOR_CDRS (m, o)
    if (o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
      *on_friend = TRUE;
  return FALSE;
}

/* BAT-DAY-1, BAT-AMB-31, BAT-AMB-43: a full normal move (Table S2, no road
 * bonus, difficult ground at double cost as in a flinch, streams and
 * contours as BAT-AMB-38 charges them) towards the side's
 * home edge, or directly away from the nearest enemy unit when the side has
 * none (TAB-17). Facing kept. It passes through friends and stops short of
 * enemies, impassable ground, rivers and the table's edge, at the last
 * place clear of everything. */
static void
withdraw (BatMatch *m, BatUnit *u, GPtrArray *events)
{
  MuPoint dir = home_vector (m, u->side), at = u->anchor, clear = u->anchor;
  double allowance = bat_unit_allowance (m, u), cost = 0, step = m->scale.u / 20;
  MuEvent *e;

  if (dir.x == 0 && dir.y == 0)
    {
      const BatUnit *near = NULL;
      double best = G_MAXDOUBLE;

      BAT_FOR_UNITS (m, o)
        if (o->side != u->side && bat_unit_on_table (o))
          {
            double d = mu_stands_distance (u->stands, u->n_stands, o->stands, o->n_stands);
            if (d < best)
              {
                best = d;
                near = o;
              }
          }
      if (near == NULL)
        return;
      dir = mu_stands_away_vector (u->stands, u->n_stands, near->stands, near->n_stands);
      if (dir.x == 0 && dir.y == 0)
        return;
    }
  while (TRUE)
    {
      MuPoint next = { at.x + dir.x * step, at.y + dir.y * step };
      MuStand st[MU_STANDS_MAX];
      guint n = bat_layout_at (m, u, next, u->facing, u->form, st);
      double c = (bat_point_difficult (m, next) ? 2 * step : step) + bat_extra_cost (m, at, next);
      gboolean on_friend;

      if (mu_table_beyond (cost + c, allowance) || blocked_at (m, u, st, n, at, next, &on_friend))
        break;
      cost += c;
      at = next;
      if (!on_friend)
        clear = at;
    }
  if (hypot (clear.x - u->anchor.x, clear.y - u->anchor.y) < 1e-9)
    return;
  e = bat_event (m, events, &baa_ev_move, u->def->id, "BAT-DAY-1");
  mu_event_set_text (e, NC_("event text", "withdraw"));
  e->from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  e->to = mu_pos_from_point (clear.x, clear.y, u->facing);
  u->anchor = clear;
  bat_unit_layout (m, u);
}

/* The end of the darkness bound: the withdrawal, then the Confederates'
 * readdressing. */
void
bat_day_begin (BatMatch *m, GPtrArray *events)
{
  MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), NULL, "BAT-DAY-1");

  mu_event_set_text (e, NC_("event text", "complete-darkness"));
  /* BAT-AMB-31: no exemptions; units nearest their home edge first, so
   * that those behind make room for those in front */
  for (int s = 0; s < BAT_SIDES; s++)
    {
      MuPoint home = home_vector (m, s);
      g_autoptr(GPtrArray) order = g_ptr_array_new ();

      BAT_FOR_UNITS (m, u)
        if (u->side == s && bat_unit_on_table (u))
          {
            guint k = 0;
            double key = -(u->anchor.x * home.x + u->anchor.y * home.y);

            while (k < order->len)
              {
                BatUnit *o = g_ptr_array_index (order, k);
                if (mu_table_beyond (-(o->anchor.x * home.x + o->anchor.y * home.y), key))
                  break;
                k++;
              }
            g_ptr_array_insert (order, (int) k, u);
          }
      for (guint k = 0; k < order->len; k++)
        withdraw (m, g_ptr_array_index (order, k), events);
    }
  BAT_FOR_CDRS (m, c)
    c->day_rolled = FALSE;
  m->day_step = 1;
  m->active = 0;
  g_ptr_array_set_size (m->day_place, 0);
}

/* After a side's readdressing: the Union's, or the end of the night. */
gboolean
bat_day_next (BatMatch *m)
{
  g_ptr_array_set_size (m->day_place, 0);
  if (m->day_step == 1)
    {
      m->day_step = 2;
      m->active = 1;
      return TRUE;
    }
  m->day_step = 0;
  m->active = 0;
  return FALSE;
}

gboolean
bat_day_has_choices (const BatMatch *m)
{
  if (m->day_step == 0)
    return FALSE;
  if (m->day_place->len > 0)
    return TRUE;
  BAT_FOR_CDRS (m, k)
    if (k->is_control && k->side == m->active && k->status == BAT_CDR_ACTIVE && !k->day_rolled)
      return TRUE;
  return FALSE;
}

/* The side's own lines (BAT-AMB-43): its deployment zones. */
static gboolean
behind_lines (const BatMatch *m, int side, MuPoint p)
{
  for (guint i = 0; i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);

      if (a->kind == MU_AREA_DEPLOYMENT && g_strcmp0 (a->side, m->side_id[side]) == 0 &&
          mu_polygon_contains ((const MuPoint *) a->points->data, a->points->len, p))
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_lines (const BatMatch *m, int side)
{
  for (guint i = 0; i < m->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, i);
      if (a->kind == MU_AREA_DEPLOYMENT && g_strcmp0 (a->side, m->side_id[side]) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The control and the formation commander of `reposition`/`reserve`. */
static gboolean
day_pair (BatMatch *m, const MuCommand *cmd, BatCdr **k, BatCdr **c, const char *rule, GError **error)
{
  const char *kid = mu_command_word (cmd, 0), *cid = mu_command_word (cmd, 1);

  if (m->day_step == 0)
    return bat_refuse (error, "BAT-DAY-1", "lines are readdressed only in the night between days");
  *k = bat_find_cdr (m, kid);
  *c = bat_find_cdr (m, cid);
  if (*k == NULL || !(*k)->is_control || (*k)->side != m->active || (*k)->status != BAT_CDR_ACTIVE)
    return bat_refuse (error, rule, "%s is no active higher commander of %s", kid ? kid : "",
                       m->side_id[m->active]);
  if ((*k)->day_rolled)
    return bat_refuse (error, rule, "%s has made its roll this night", kid);
  if (*c == NULL || (*c)->is_control || (*c)->side != m->active || (*c)->status != BAT_CDR_ACTIVE)
    return bat_refuse (error, rule, "%s is no active formation commander of %s", cid ? cid : "",
                       m->side_id[m->active]);
  return TRUE;
}

/* The middle of the table edge in direction dir ({0,-1} north .. {-1,0}
 * west), half a unit of length inside it: where a reserve comes on. */
MuPoint
bat_edge_middle (const BatMatch *m, MuPoint dir)
{
  return (MuPoint) { dir.x < 0 ? 0.5 : dir.x > 0 ? m->table->width - 0.5 : m->table->width / 2,
                     dir.y < 0 ? 0.5 : dir.y > 0 ? m->table->height - 0.5 : m->table->height / 2 };
}

/* The reserve a formation sent away at night comes back with (BAT-DAY-3,
 * BAT-AMB-32): a flank march from the morning, entering at the middle of
 * the side's home edge, or of the edge nearest its units when it has none. */
static MuReserve *
night_reserve (BatMatch *m, const BatCdr *c)
{
  MuReserve *r = g_new0 (MuReserve, 1);
  MuPoint home = home_vector (m, c->side), p;
  g_autofree char *id = g_strdup_printf ("night-%s", c->def->id);

  if (home.x == 0 && home.y == 0)
    {
      MuPoint sum = { 0, 0 };
      int n = 0;
      double d[4];
      static const MuPoint dirs[4] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };
      int best = 0;

      BAT_FOR_UNITS (m, u)
        if (u->side == c->side && bat_unit_on_table (u))
          {
            sum.x += u->anchor.x;
            sum.y += u->anchor.y;
            n++;
          }
      p = n ? (MuPoint) { sum.x / n, sum.y / n } : c->anchor;
      d[0] = p.y;
      d[1] = m->table->width - p.x;
      d[2] = m->table->height - p.y;
      d[3] = p.x;
      for (int i = 1; i < 4; i++)
        if (d[i] < d[best])
          best = i;
      home = dirs[best];
    }
  p = bat_edge_middle (m, home);
  r->id = (char *) g_intern_string (id);
  r->side = (char *) m->side_id[c->side];
  r->kind = MU_RESERVE_FLANK_MARCH;
  r->arrival = MU_ARRIVAL_ROLL;
  r->bound = bat_day_morning (m);
  r->entry_points = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_array_append_val (r->entry_points, p);
  return r;
}

void
bat_night_reserve_free (gpointer p)
{
  MuReserve *r = p;

  g_array_unref (r->entry_points);
  g_free (r);
}

MuReserve *
bat_night_reserve_copy (const MuReserve *r)
{
  MuReserve *c = g_memdup2 (r, sizeof *r);

  c->entry_points = g_array_copy (r->entry_points);
  return c;
}

gboolean
bat_day_command (BatMatch *m, const MuCommand *cmd, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (cmd);
  BatCdr *k = NULL, *c = NULL;
  gboolean ok;

  if (g_str_equal (verb, "place"))
    {
      const char *id = mu_command_word (cmd, 0);
      const MuArg *a = mu_command_n_args (cmd) == 2 ? mu_command_arg (cmd, 1) : NULL;
      BatUnit *u = bat_find_unit (m, id);
      BatCdr *q = u ? NULL : bat_find_cdr (m, id);
      gboolean listed = FALSE;
      MuStand st[MU_STANDS_MAX];
      guint n;
      MuEvent *e;
      double facing;
      const MuPolyline *line;

      if (m->day_step == 0)
        return bat_refuse (error, "BAT-DAY-2", "counters are placed only in the night between days");
      for (guint i = 0; i < m->day_place->len; i++)
        listed |= g_strcmp0 (g_ptr_array_index (m->day_place, i), id) == 0;
      if (!listed || (u == NULL && q == NULL))
        return bat_refuse (error, "BAT-DAY-2", "%s is not part of a successful repositioning", id ? id : "");
      if (a == NULL || a->kind != MU_ARG_POS || !a->pos.is_point)
        return bat_refuse (error, "TAB-3", "place needs a table point");
      facing = a->pos.has_facing ? a->pos.facing : u ? u->facing : q->facing;
      if (u)
        n = bat_layout_at (m, u, a->pos.point, facing, u->form, st);
      else
        {
          BatCdr probe = *q;
          probe.anchor = a->pos.point;
          probe.facing = facing;
          bat_cdr_layout (m, &probe);
          st[0] = probe.stand;
          n = 1;
        }
      /* BAT-DAY-2, BAT-AMB-43: anywhere inside its deployment zone */
      for (guint i = 0; i < n; i++)
        if (!behind_lines (m, u ? u->side : q->side, st[i].centre))
          return bat_refuse (error, "BAT-AMB-43", "%s would not stand behind its own lines", id);
      for (guint i = 0; i < n; i++)
        if (bat_point_impassable (m, st[i].centre))
          return bat_refuse (error, "BAT-MOV-4", "%s would stand on impassable ground", id);
      /* BAT-MOV-11: a river boat is set down on the river, the only
       * ground it moves on */
      if (u && u->def->arm == MU_ARM_RIVERBOAT && !bat_point_on_line (m, MU_LINE_RIVER, a->pos.point))
        return bat_refuse (error, "BAT-MOV-11", "%s: river boats stand only on the river", id);
      /* BAT-MOV-4, BAT-AMB-38: no base in a river, nor the unit on both
       * its banks, away from a ford or bridge; nor astride an impassable
       * line. The move that would bring it there may not cross either,
       * and a placement has no path to check (TAB-12). */
      if (!(u && u->def->arm == MU_ARM_RIVERBOAT) && (line = bat_stands_astride (m, st, n)) != NULL)
        {
          const char *name = line->name ? line->name : line->id ? line->id : mu_line_kind_to_string (line->kind);

          if (line->kind == MU_LINE_RIVER)
            return bat_refuse (error, "BAT-MOV-4", "%s would stand in or across %s away from a ford or bridge",
                               id, name);
          return bat_refuse (error, "BAT-MOV-4", "%s would stand across %s", id, name);
        }
      BAT_FOR_UNITS (m, o)
        if ((u == NULL || o != u) && bat_unit_on_table (o) && mu_stands_overlap (st, n, o->stands, o->n_stands))
          return bat_refuse (error, "BAT-MOV-5", "%s would overlap %s", id, o->def->id);
      BAT_FOR_CDRS (m, o)
        if (o != q && o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
          return bat_refuse (error, "BAT-MOV-5", "%s would overlap %s", id, o->def->id);
      if (events == NULL)
        return TRUE;
      e = bat_event (m, events, &baa_ev_move, id, "BAT-DAY-2");
      mu_event_set_text (e, NC_("event text", "reposition"));
      e->from = u ? mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing)
                  : mu_pos_from_point (q->anchor.x, q->anchor.y, q->facing);
      e->to = mu_pos_from_point (a->pos.point.x, a->pos.point.y, facing);
      if (u)
        {
          u->anchor = a->pos.point;
          u->facing = facing;
          bat_unit_layout (m, u);
        }
      else
        {
          q->anchor = a->pos.point;
          q->facing = facing;
          bat_cdr_layout (m, q);
        }
      for (guint i = 0; i < m->day_place->len; i++)
        if (g_strcmp0 (g_ptr_array_index (m->day_place, i), id) == 0)
          {
            g_ptr_array_remove_index (m->day_place, i);
            break;
          }
      bat_advance (m, events);
      return TRUE;
    }

  if (!day_pair (m, cmd, &k, &c, g_str_equal (verb, "reserve") ? "BAT-DAY-3" : "BAT-DAY-2", error))
    return FALSE;
  if (g_str_equal (verb, "reposition") && !has_lines (m, m->active))
    return bat_refuse (error, "BAT-AMB-43", "the scenario gives %s no deployment zone to reposition into",
                       m->side_id[m->active]);
  if (events == NULL)
    return TRUE;
  k->day_rolled = TRUE;
  g_ptr_array_set_size (m->day_place, 0);
  if (g_str_equal (verb, "reposition"))
    {
      /* BAT-DAY-2: d6 at most the higher commander's value */
      mu_dice_roll (m->dice, events, NC_("event text", "reposition"), k->def->id, c->def->id, 0,
                    MU_ROLL_AT_MOST,
                    k->leadership, "BAT-DAY-2", &ok);
      if (ok)
        {
          g_ptr_array_add (m->day_place, (gpointer) k->def->id);
          g_ptr_array_add (m->day_place, (gpointer) c->def->id);
          BAT_FOR_UNITS (m, u)
            if (bat_unit_on_table (u) && bat_unit_commander (m, u) == c)
              g_ptr_array_add (m->day_place, (gpointer) u->def->id);
        }
      bat_advance (m, events);
      return TRUE;
    }
  /* BAT-DAY-3, BAT-EX-18: the roll with +1 */
  mu_dice_roll (m->dice, events, NC_("event text", "night-reserve"), k->def->id, c->def->id, 1,
                MU_ROLL_AT_MOST,
                k->leadership, "BAT-DAY-3", &ok);
  if (ok)
    {
      MuReserve *r = night_reserve (m, c);
      MuEvent *e = bat_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), c->def->id, "BAT-DAY-3");

      mu_event_set_text (e, NC_("event text", "night-reserve"));
      g_ptr_array_add (m->night_reserves, r);
      c->status = BAT_CDR_RESERVE;
      c->reserve = r->id;
      c->has_orders = c->nic = FALSE;
      bat_cdr_layout (m, c);
      BAT_FOR_UNITS (m, u)
        if (bat_unit_on_table (u) && bat_unit_commander (m, u) == c)
          {
            u->status = BAT_UNIT_RESERVE;
            u->reserve = r->id;
            u->pinned = u->nic = u->has_orders = FALSE;
            bat_unit_layout (m, u);
          }
    }
  bat_advance (m, events);
  return TRUE;
}
