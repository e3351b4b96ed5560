/* baa-table-legal.c: the legal commands, moves and targets of baa-table
 *
 * A table has infinitely many destinations, so the moves listed are a sample,
 * each one checked by the same code that applies it: for the first counter
 * that may still move in the phase, straight moves (facing the way it goes)
 * towards every objective, the nearest enemy unit (as far as it can go, so a
 * charge ends in contact), and the four quarters of the compass, each at the
 * longest of full, three quarters, half and a quarter of the way that is
 * legal; and each formation change on the spot. Fire lists every unit and
 * target that may fire, a group fire of all the units that may fire at a
 * target, and artillery at defence works; a pending decision its answers. Only one counter's moves are listed at a time, which
 * keeps the list short; the others come when it has moved, or not at all
 * when the phase is ended.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"
#include "mu-table-geom.h"

#include <math.h>

static MuCommand *
move_command (const char *id, MuPoint to, double facing)
{
  MuCommand *c = mu_command_new ("move");
  MuPos p = mu_pos_from_point (to.x, to.y, facing);

  mu_command_add_word (c, id);
  mu_command_add_step (c, MU_MOVE_TO, &p, 0, NULL);
  return c;
}

static gboolean
legal (BatMatch *m, const MuCommand *c)
{
  return bat_apply_move (m, c, NULL, NULL);
}

/* The longest legal straight move from `from` towards `to` (at most `reach`),
 * facing the way it goes; NULL when none. With `exact`, a search for the
 * farthest legal point (a charge into contact). */
static MuCommand *
towards (BatMatch *m, const char *id, MuPoint from, MuPoint to, double reach, gboolean exact)
{
  double dx = to.x - from.x, dy = to.y - from.y, d = hypot (dx, dy);
  double facing;
  static const double fractions[] = { 1, 0.75, 0.5, 0.25 };

  if (d < 0.05)
    return NULL;
  facing = fmod (atan2 (dx, -dy) * 180.0 / G_PI + 360.0, 360.0);
  d = MIN (d, reach);
  if (exact)
    {
      double lo = 0, hi = d;
      MuCommand *best = NULL;

      for (int i = 0; i < 10; i++)
        {
          double mid = (lo + hi) / 2;
          MuCommand *c = move_command (id, (MuPoint) { from.x + dx / hypot (dx, dy) * mid,
                                                       from.y + dy / hypot (dx, dy) * mid }, facing);
          if (legal (m, c))
            {
              lo = mid;
              g_clear_pointer (&best, mu_command_free);
              best = c;
            }
          else
            {
              hi = mid;
              mu_command_free (c);
            }
        }
      return best;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fractions); i++)
    {
      double f = d * fractions[i];
      MuCommand *c = move_command (id, (MuPoint) { from.x + dx / hypot (dx, dy) * f,
                                                   from.y + dy / hypot (dx, dy) * f }, facing);
      if (legal (m, c))
        return c;
      mu_command_free (c);
    }
  return NULL;
}

static void
add_unique (GPtrArray *out, MuCommand *c)
{
  if (c == NULL)
    return;
  for (guint i = 0; i < out->len; i++)
    if (mu_command_equal (g_ptr_array_index (out, i), c))
      {
        mu_command_free (c);
        return;
      }
  g_ptr_array_add (out, c);
}

static void
moves_of (BatMatch *m, const char *id, MuPoint anchor, double reach, int side, GPtrArray *out)
{
  const BatUnit *nearest = NULL;
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < m->objectives->len; i++)
    {
      BatObjective *o = g_ptr_array_index (m->objectives, i);
      add_unique (out, towards (m, id, anchor, o->def->pos, reach, FALSE));
    }
  BAT_FOR_UNITS (m, e)
    if (e->side != side && bat_unit_on_table (e))
      {
        double d = hypot (e->anchor.x - anchor.x, e->anchor.y - anchor.y);
        if (d < best)
          {
            best = d;
            nearest = e;
          }
      }
  if (nearest)
    add_unique (out, towards (m, id, anchor, mu_stands_centre (nearest->stands, nearest->n_stands), reach,
                              TRUE));
  for (int k = 0; k < 4; k++)
    {
      double a = k * G_PI / 2;
      add_unique (out, towards (m, id, anchor, (MuPoint) { anchor.x + sin (a) * reach,
                                                           anchor.y - cos (a) * reach }, reach, FALSE));
    }
}

/* `VERB A B` */
static MuCommand *
command2 (const char *verb, const char *a, const char *b)
{
  MuCommand *c = mu_command_new (verb);

  mu_command_add_word (c, a);
  mu_command_add_word (c, b);
  return c;
}

/* Adds c to out when ok, else frees it. */
static void
keep_if (GPtrArray *out, MuCommand *c, gboolean ok)
{
  if (ok)
    g_ptr_array_add (out, c);
  else
    mu_command_free (c);
}

/* The answers of the pending decision, each a `choose` command. */
static void
choices_of (BatMatch *m, GPtrArray *out)
{
  const MuDecision *d = bat_decision_view (m);

  for (guint i = 0; d && d->answers[i]; i++)
    {
      MuCommand *c = mu_command_new ("choose");
      MuPos pos;

      if (mu_pos_parse (d->answers[i], &pos))
        mu_command_add_pos (c, &pos);
      else
        mu_command_add_word (c, d->answers[i]);
      g_ptr_array_add (out, c);
    }
}

/* Fire (BAT-FIRE-*): each unit at each target it may fire at; a group fire
 * (BAT-FIRE-4) of every unit that may fire at a target, when there are two
 * or more; artillery at the defence-work sections it reaches (BAT-FORT-3). */
static void
fire_of (BatMatch *m, GPtrArray *out)
{
  BAT_FOR_UNITS (m, t)
    {
      MuCommand *group;
      guint n = 0;

      if (t->side == m->active || !bat_unit_on_table (t))
        continue;
      group = mu_command_new ("fire-group");
      mu_command_add_word (group, t->def->id);
      BAT_FOR_UNITS (m, u)
        if (bat_unit_may_fire (m, u) && bat_fire_bases (m, u, t, NULL, NULL) > 0)
          {
            g_ptr_array_add (out, command2 ("fire", u->def->id, t->def->id));
            mu_command_add_word (group, u->def->id);
            n++;
          }
      keep_if (out, group, n >= 2);
    }
  BAT_FOR_UNITS (m, u)
    if (bat_unit_may_fire (m, u) &&
        (u->def->arm == MU_ARM_ARTILLERY || u->def->arm == MU_ARM_RIVERBOAT))
      for (guint i = 0; i < m->sections->len; i++)
        {
          BatSection *s = &g_array_index (m->sections, BatSection, i);

          if (s->strength > 0 && bat_fire_at_section (m, u, s, NULL, NULL))
            g_ptr_array_add (out, command2 ("fire", u->def->id, s->id));
        }
}

/* The night between days (BAT-DAY-2, BAT-DAY-3): each roll a higher
 * commander may make, and for each counter that may be placed the first
 * free pose on a grid over its side's deployment zone, facing as it does. */
static void
day_of (BatMatch *m, GPtrArray *out)
{
  BAT_FOR_CDRS (m, k)
    if (k->is_control && k->side == m->active && k->status == BAT_CDR_ACTIVE && !k->day_rolled)
      BAT_FOR_CDRS (m, c)
        if (!c->is_control && c->side == m->active && c->status == BAT_CDR_ACTIVE)
          for (int v = 0; v < 2; v++)
            {
              MuCommand *x = command2 (v ? "reserve" : "reposition", k->def->id, c->def->id);
              keep_if (out, x, bat_day_command (m, x, NULL, NULL));
            }
  for (guint i = 0; i < m->day_place->len; i++)
    {
      const char *id = g_ptr_array_index (m->day_place, i);
      gboolean found = FALSE;

      for (guint a = 0; a < m->table->areas->len && !found; a++)
        {
          const MuArea *z = g_ptr_array_index (m->table->areas, a);
          const MuPoint *zp = (const MuPoint *) z->points->data;
          double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

          if (z->kind != MU_AREA_DEPLOYMENT || g_strcmp0 (z->side, m->side_id[m->active]) != 0)
            continue;
          for (guint k = 0; k < z->points->len; k++)
            {
              x0 = MIN (x0, zp[k].x);
              y0 = MIN (y0, zp[k].y);
              x1 = MAX (x1, zp[k].x);
              y1 = MAX (y1, zp[k].y);
            }
          for (double y = y0 + m->scale.u / 2; y < y1 && !found; y += m->scale.u)
            for (double x = x0 + m->scale.u / 2; x < x1 && !found; x += m->scale.u)
              {
                MuCommand *c = mu_command_new ("place");
                MuPos p = mu_pos_from_point (x, y, -1);

                mu_command_add_word (c, id);
                mu_command_add_pos (c, &p);
                found = bat_day_command (m, c, NULL, NULL);
                keep_if (out, c, found);
              }
        }
    }
}

/* A unit's sample moves and its formation changes on the spot. */
static void
unit_moves_of (BatMatch *m, BatUnit *u, GPtrArray *out)
{
  moves_of (m, u->def->id, u->anchor, bat_unit_allowance (m, u), u->side, out);
  for (guint f = 0; f < BAT_FORM_N; f++)
    {
      MuCommand *c = mu_command_new ("move");
      mu_command_add_word (c, u->def->id);
      mu_command_add_step (c, MU_MOVE_FORM, NULL, 0, bat_formation_id (f));
      keep_if (out, c, legal (m, c));
    }
}

/* A commander's sample moves: towards its formation's units (the centre of
 * their stands) and the four quarters. */
static void
cdr_moves_of (BatMatch *m, BatCdr *c, GPtrArray *out)
{
  MuPoint sum = { 0, 0 };
  int n = 0;

  BAT_FOR_UNITS (m, u)
    if (bat_unit_on_table (u) && u->side == c->side &&
        (c->is_control || bat_unit_commander (m, u) == c))
      {
        MuPoint p = mu_stands_centre (u->stands, u->n_stands);
        sum.x += p.x;
        sum.y += p.y;
        n++;
      }
  if (n)
    add_unique (out, towards (m, c->def->id, c->anchor, (MuPoint) { sum.x / n, sum.y / n },
                              m->scale.move_commander, FALSE));
  moves_of (m, c->def->id, c->anchor, m->scale.move_commander, c->side, out);
}

static gboolean
moving_commanders (const BatMatch *m)
{
  return m->phase == BAT_PHASE_MOVE_COMMANDS || m->phase == BAT_PHASE_MOVE_CONTROLS;
}

GPtrArray *
bat_legal_commands (BatMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  if (m->finished)
    return out;
  if (m->decision.kind != BAT_DECIDE_NONE)
    {
      choices_of (m, out);
      return out;
    }
  if (m->day_step)
    day_of (m, out);
  if (m->phase == BAT_PHASE_MOVE_UNITS)
    BAT_FOR_UNITS (m, u)
      {
        if (out->len == 0 && bat_unit_may_move (m, u))
          unit_moves_of (m, u, out);
      }
  else if (moving_commanders (m))
    BAT_FOR_CDRS (m, c)
      if (out->len == 0 && bat_cdr_may_move (m, c))
        cdr_moves_of (m, c, out);
  if (m->phase == BAT_PHASE_FIRE)
    fire_of (m, out);
  /* fire at commanders (BAT-CDR-2, BAT-CDR-3) */
  if (m->phase == BAT_PHASE_FIRE)
    BAT_FOR_UNITS (m, u)
      if (bat_unit_may_fire (m, u))
        BAT_FOR_CDRS (m, k)
          if (k->side != u->side && k->status == BAT_CDR_ACTIVE)
            {
              MuCommand *c = command2 ("fire", u->def->id, k->def->id);
              keep_if (out, c, bat_apply_fire (m, c, NULL, NULL));
            }
  g_ptr_array_add (out, mu_command_new ("end-phase"));
  return out;
}

/* The legal commands that name the counter: its own sample of moves, which
 * bat_legal_commands lists only for the first counter that may move, and
 * every other listed command that names it (fire, day commands). */
GPtrArray *
bat_legal_actions (BatMatch *m, const char *id)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  g_autoptr(GPtrArray) all = bat_legal_commands (m);
  BatUnit *u = bat_find_unit (m, id);
  BatCdr *c = u ? NULL : bat_find_cdr (m, id);
  gboolean own_moves = FALSE;

  if (!m->finished && m->decision.kind == BAT_DECIDE_NONE && !m->day_step)
    {
      if (u && m->phase == BAT_PHASE_MOVE_UNITS && bat_unit_may_move (m, u))
        unit_moves_of (m, u, out), own_moves = TRUE;
      else if (c && moving_commanders (m) && bat_cdr_may_move (m, c))
        cdr_moves_of (m, c, out), own_moves = TRUE;
    }
  for (guint i = 0; i < all->len; i++)
    {
      MuCommand *cmd = g_ptr_array_index (all, i);
      gboolean names = FALSE;

      if (own_moves && g_str_equal (mu_command_get_verb (cmd), "move"))
        continue;
      for (guint k = 0; k < mu_command_n_args (cmd) && !names; k++)
        names = g_strcmp0 (mu_command_word (cmd, k), id) == 0;
      if (names)
        g_ptr_array_add (out, mu_command_ref (cmd));
    }
  return out;
}

GArray *
bat_legal_moves (BatMatch *m, const char *id)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  BatUnit *u = bat_find_unit (m, id);
  BatCdr *c = u ? NULL : bat_find_cdr (m, id);

  if (u && bat_unit_may_move (m, u))
    moves_of (m, id, u->anchor, bat_unit_allowance (m, u), u->side, cmds);
  else if (c && bat_cdr_may_move (m, c))
    moves_of (m, id, c->anchor, m->scale.move_commander, c->side, cmds);
  for (guint i = 0; i < cmds->len; i++)
    {
      const MuCommand *cmd = g_ptr_array_index (cmds, i);
      g_array_append_val (out, mu_command_arg (cmd, 1)->pos);
    }
  return out;
}

GPtrArray *
bat_legal_targets (BatMatch *m, const char *id)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  BatUnit *u = bat_find_unit (m, id);

  if (m->finished || m->decision.kind != BAT_DECIDE_NONE || u == NULL ||
      !bat_unit_may_fire (m, u))
    return out;
  BAT_FOR_UNITS (m, t)
    if (t->side != u->side && bat_unit_on_table (t) && bat_fire_bases (m, u, t, NULL, NULL) > 0)
      g_ptr_array_add (out, g_strdup (t->def->id));
  /* commanders too (BAT-CDR-2, BAT-CDR-3), as bat_legal_commands lists them */
  BAT_FOR_CDRS (m, k)
    if (k->side != u->side && k->status == BAT_CDR_ACTIVE)
      {
        g_autoptr(MuCommand) c = command2 ("fire", u->def->id, k->def->id);

        if (bat_apply_fire (m, c, NULL, NULL))
          g_ptr_array_add (out, g_strdup (k->def->id));
      }
  return out;
}

/* Where a counter can go now, as a region (BAT-MOV-1): along each of
 * REGION_RAYS directions, the farthest point its anchor reaches by a legal
 * straight move facing the way it goes, found by stepping out in eighths of
 * the allowance to the farthest legal step and halving the step beyond it
 * six times, with one more ray through each listed destination; the region
 * is the polygon of those points. Ground the move may not
 * enter (impassable terrain, other units' bases, the table's edge) ends a
 * ray, so it is cut out; what lies behind it, reached only by a path that
 * turns, is left out too. */
#define REGION_RAYS 48

static double
ray_reach (BatMatch *m, const char *id, MuPoint from, double angle, double reach)
{
  double dx = sin (angle), dy = -cos (angle), facing = angle * 180.0 / G_PI;
  double step = reach / 8, ok = 0, bad = -1;

  /* Not the first refused step: a short move that turns may be refused (its
   * bases would overlap a neighbour's) where a longer one clears it. */
  for (int i = 1; i <= 8; i++)
    {
      g_autoptr(MuCommand) c = move_command (id, (MuPoint) { from.x + dx * step * i, from.y + dy * step * i },
                                             facing);
      if (legal (m, c))
        {
          ok = step * i;
          bad = -1;
        }
      else if (bad < 0)
        bad = step * i;
    }
  for (int i = 0; bad > 0 && i < 6; i++)
    {
      double mid = (ok + bad) / 2;
      g_autoptr(MuCommand) c = move_command (id, (MuPoint) { from.x + dx * mid, from.y + dy * mid }, facing);

      if (legal (m, c))
        ok = mid;
      else
        bad = mid;
    }
  return ok;
}

typedef struct {
  double angle, reach;
} Ray;

static int
by_angle (gconstpointer a, gconstpointer b)
{
  double x = ((const Ray *) a)->angle, y = ((const Ray *) b)->angle;

  return (x > y) - (x < y);
}

static MuPoint
ray_end (MuPoint from, const Ray *r)
{
  return (MuPoint) { from.x + sin (r->angle) * r->reach, from.y - cos (r->angle) * r->reach };
}

/* Where two neighbouring rays end far apart (one stopped by a base or a
 * wood, the next running past it), the straight edge between their ends
 * cuts across ground the counter cannot reach, a spike in the region. A
 * ray halfway between them finds the obstacle's side; again, up to
 * REGION_REFINE times, where the ends are still far apart. `rays` is
 * sorted by angle and stays so. */
#define REGION_REFINE 4

static void
refine_rays (BatMatch *m, const char *id, MuPoint from, double reach, GArray *rays)
{
  /* reach is twice the allowance (roads): an eighth of the allowance */
  double far = reach / 16;

  for (int pass = 0; pass < REGION_REFINE; pass++)
    {
      guint n = rays->len, added = 0;

      for (guint i = 0; i < n; i++)
        {
          const Ray *a = &g_array_index (rays, Ray, i), *b = &g_array_index (rays, Ray, (i + 1) % n);
          double gap = b->angle - a->angle + (i + 1 == n ? 2 * G_PI : 0);
          MuPoint p = ray_end (from, a), q = ray_end (from, b);
          Ray r;

          if (gap < 2 * G_PI / (REGION_RAYS << REGION_REFINE) || hypot (p.x - q.x, p.y - q.y) <= far)
            continue;
          r.angle = fmod (a->angle + gap / 2, 2 * G_PI);
          r.reach = ray_reach (m, id, from, r.angle, reach);
          g_array_append_val (rays, r);
          added++;
        }
      if (added == 0)
        break;
      g_array_sort (rays, by_angle);
    }
}

/* The part of a base inside the region's polygon `pts`, cut out of it. */
static void
cut_base (MuRegion *region, guint outer, const GArray *pts, const MuStand *st)
{
  MuPoint corner[4];
  g_autoptr(GArray) part = NULL;

  mu_stand_corners (st, corner);
  part = mu_polygon_clip_convex ((const MuPoint *) pts->data, pts->len, corner, 4);
  if (part->len >= 3 && mu_polygon_area ((const MuPoint *) part->data, part->len) > 1e-6)
    mu_region_add_hole (region, outer, (const MuPoint *) part->data, part->len);
}

MuRegion *
bat_legal_region (BatMatch *m, const char *id)
{
  BatUnit *u = bat_find_unit (m, id);
  BatCdr *c = u ? NULL : bat_find_cdr (m, id);
  g_autoptr(GArray) rays = g_array_new (FALSE, FALSE, sizeof (Ray));
  g_autoptr(GArray) listed = NULL;
  g_autoptr(GArray) pts = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  MuPoint from;
  double reach, longest = 0;
  MuRegion *region;
  guint outer;

  if (u && bat_unit_may_move (m, u))
    {
      from = u->anchor;
      reach = bat_unit_allowance (m, u);
    }
  else if (c && bat_cdr_may_move (m, c))
    {
      from = c->anchor;
      reach = m->scale.move_commander;
    }
  else
    return NULL;
  /* roads may lengthen the move: look as far as the longest bonus allows */
  reach *= 2;
  for (int k = 0; k < REGION_RAYS; k++)
    {
      Ray r = { 2 * G_PI * k / REGION_RAYS, 0 };

      r.reach = ray_reach (m, id, from, r.angle, reach);
      g_array_append_val (rays, r);
    }
  /* and one through each destination the legal moves list, reaching at
   * least that far, so that the region holds what the window rings */
  listed = bat_legal_moves (m, id);
  for (guint i = 0; i < listed->len; i++)
    {
      MuPoint p = g_array_index (listed, MuPos, i).point;
      double dx = p.x - from.x, dy = p.y - from.y, d = hypot (dx, dy);
      Ray r;

      if (d < 1e-6)
        continue;
      r.angle = fmod (atan2 (dx, -dy) + 2 * G_PI, 2 * G_PI);
      r.reach = MAX (ray_reach (m, id, from, r.angle, reach), d);
      g_array_append_val (rays, r);
    }
  g_array_sort (rays, by_angle);
  refine_rays (m, id, from, reach, rays);
  for (guint i = 0; i < rays->len; i++)
    {
      const Ray *r = &g_array_index (rays, Ray, i);
      MuPoint q = ray_end (from, r);

      g_array_append_val (pts, q);
      longest = MAX (longest, r->reach);
    }
  if (longest <= 0)
    return NULL;
  region = mu_region_new ();
  outer = mu_region_add_polygon (region, (const MuPoint *) pts->data, pts->len);
  /* Other units' bases: the counter may pass friends (BAT-MOV-5) and so
   * reach ground beyond them, but never end on them; what of a base lies
   * inside the polygon is cut out of it, so the shading never covers a unit. */
  for (guint i = 0; i < m->units->len; i++)
    {
      const BatUnit *o = g_ptr_array_index (m->units, i);

      if (o != u && bat_unit_on_table (o))
        for (guint k = 0; k < o->n_stands; k++)
          cut_base (region, outer, pts, &o->stands[k]);
    }
  for (guint i = 0; i < m->cdrs->len; i++)
    {
      const BatCdr *o = g_ptr_array_index (m->cdrs, i);

      if (o != c && o->status == BAT_CDR_ACTIVE)
        cut_base (region, outer, pts, &o->stand);
    }
  return region;
}
