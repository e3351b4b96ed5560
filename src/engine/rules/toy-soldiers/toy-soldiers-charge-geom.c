/* toy-soldiers-charge-geom.c: the geometry of a charge (TS-AMB-64,
 * TS-AMB-65): distances to a target unit or village block, the contact
 * pose and the room to contact, the stage slides along the charge line,
 * and the contact poses the simulator offers. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-charge.h"

#include "mu-table-geom.h"

#include <math.h>
#include <string.h>


/* Geometry ----------------------------------------------------------------------------- */

double
ts_charge_angle (double a, double b)
{
  return fabs (remainder (a - b, 360.0));
}

/* The angle of the vector (dx, dy) as a facing (0: toward y 0, clockwise). */
static double
facing_of (double dx, double dy)
{
  return atan2 (dx, -dy) * 180.0 / G_PI;
}

guint
ts_charge_layout (const TsMatch *m, const TsUnit *u, TsPose p, MuStand *out)
{
  return ts_layout_at (m, u, u->form, ts_formed (u), p.anchor, p.facing, out);
}

/* The pose u is bound for: its contact pose as a charger still charging
 * and not yet handed to contact resolution, or as a counter-charger of
 * such a charger. */
static gboolean
planned_contact (const TsMatch *m, int unit, TsPose *contact)
{
  const TsCharge *ch = m->charge;

  for (guint i = 0; i < ch->chargers->len; i++)
    {
      const TsCharger *c = &g_array_index (ch->chargers, TsCharger, i);

      if (c->unit == unit && !c->out && !c->done)
        {
          *contact = c->contact;
          return TRUE;
        }
    }
  for (guint i = 0; i < ch->counters->len; i++)
    {
      const TsCounter *cc = &g_array_index (ch->counters, TsCounter, i);

      if (cc->unit != unit)
        continue;
      for (guint k = 0; k < ch->chargers->len; k++)
        {
          const TsCharger *c = &g_array_index (ch->chargers, TsCharger, k);

          if (c->unit == cc->charger && !c->out && !c->done)
            {
              *contact = cc->contact;
              return TRUE;
            }
        }
    }
  return FALSE;
}

void
ts_charge_plan (const TsMatch *m, const TsUnit *u, MuCounterView *v)
{
  MuStand st[MU_STANDS_MAX];
  MuPos path[3];
  guint n = 0, n_st;
  TsPose contact;

  if (m->charge == NULL || !ts_in_play (u) || !planned_contact (m, ts_unit_index (m, u), &contact))
    return;
  path[n++] = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  /* it turns where it stands, then slides straight (TS-AMB-65) */
  if (fabs (remainder (u->facing - contact.facing, 360.0)) > 0.05)
    path[n++] = mu_pos_from_point (u->anchor.x, u->anchor.y, contact.facing);
  path[n++] = mu_pos_from_point (contact.anchor.x, contact.anchor.y, contact.facing);
  n_st = ts_charge_layout (m, u, contact, st);
  mu_counter_view_set_plan (v, path, n, st, n_st);
}

/* TAB-9 from stands to a polygon (a village block): 0 when they meet. */
static double
polygon_distance (const MuStand *st, guint n, const MuPoint *poly, guint np)
{
  double best = G_MAXDOUBLE;

  for (guint k = 0; k < n; k++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[k], c);
      if (mu_polygon_contains (poly, np, st[k].centre) || mu_polygon_contains (c, 4, poly[0]))
        return 0;
      for (int e = 0; e < 4; e++)
        for (guint j = 0; j < np; j++)
          best = MIN (best, mu_segment_distance (c[e], c[(e + 1) % 4], poly[j], poly[(j + 1) % np]));
    }
  return best;
}

const MuArea *
ts_charge_block_area (const TsMatch *m, int block)
{
  return ts_block_at (m, block)->area;
}

double
ts_charge_target_distance (const TsMatch *m, const MuStand *st, guint n, int target, int block)
{
  if (block != TS_NONE)
    {
      const MuArea *a = ts_charge_block_area (m, block);

      return polygon_distance (st, n, (const MuPoint *) a->points->data, a->points->len);
    }
  {
    const TsUnit *t = ts_unit_at (m, target);

    return mu_stands_distance (st, n, t->st, t->n_st);
  }
}

/* The target has left the table (dispersed, routed off, or its garrison
 * gone): the charger has nothing to charge any more. */
gboolean
ts_charge_target_gone (const TsMatch *m, const TsCharger *c)
{
  if (c->block != TS_NONE)
    return ts_block_at (m, c->block)->unit == TS_NONE;
  return !ts_in_play (ts_unit_at (m, c->target));
}

double
ts_charger_distance (const TsMatch *m, const TsCharger *c)
{
  const TsUnit *u = ts_unit_at (m, c->unit);

  if (c->at >= 0)
    return c->at;
  return ts_charge_target_distance (m, u->st, u->n_st, c->target, c->block);
}

/* Whether the stands meet another unit's formed stands (not `skip`, nor
 * u), a village block (`skip_block` excepted), impassable ground or the
 * table edge (TS-AMB-64's room, TS-AMB-65's blocked slide). */
gboolean
ts_charge_path_blocked (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n, int skip, int skip_block)
{
  if (!ts_on_table (m, st, n))
    return TRUE;
  TS_FOR_UNITS (m, o)
    if (o != u && ts_unit_index (m, o) != skip && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_stands_overlap (st, n, o->st, o->n_st))
      return TRUE;
  for (guint b = 0; b < m->blocks->len; b++)
    {
      const MuArea *a = ts_charge_block_area (m, (int) b);

      if ((int) b != skip_block &&
          polygon_distance (st, n, (const MuPoint *) a->points->data, a->points->len) <= 0)
        return TRUE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint areas[8];
      guint na = MIN (mu_terrain_areas_at (m->terrain, st[k].centre, areas, 8), 8);

      for (guint j = 0; j < na; j++)
        if (mu_ruleset_area_impassable (m->ruleset,
                                        ((MuArea *) g_ptr_array_index (m->table->areas, areas[j]))->kind))
          return TRUE;
    }
  return FALSE;
}

TsPose
ts_charge_lerp (TsPose a, TsPose b, double t)
{
  return (TsPose) { { a.anchor.x + (b.anchor.x - a.anchor.x) * t, a.anchor.y + (b.anchor.y - a.anchor.y) * t },
                    b.facing };
}

/* The number of ts_charge_samples of a slide: a quarter of the smaller side of a stand. */
int
ts_charge_samples (const TsUnit *u, TsPose a, TsPose b)
{
  double len = hypot (b.anchor.x - a.anchor.x, b.anchor.y - a.anchor.y);
  double step = MIN (u->width, u->depth) / 4;

  return CLAMP ((int) ceil (len / MAX (step, MU_TABLE_EPSILON)), 1, 4000);
}

/* TS-AMB-64: a front-rank stand's front edge touches the target. */
static gboolean
front_touches (const TsMatch *m, const MuStand *st, guint n, int target, int block)
{
  double tol = mu_table_contact_tolerance (m->table->unit);

  for (guint k = 0; k < n; k++)
    {
      MuStand edge = st[k];
      MuPoint f = mu_facing_vector (st[k].facing);

      if (st[k].rank != 0)
        continue;
      /* the front edge as a stand of no depth */
      edge.depth = tol / 4;
      edge.centre = (MuPoint) { st[k].centre.x + f.x * (st[k].depth / 2 - edge.depth / 2),
                                st[k].centre.y + f.y * (st[k].depth / 2 - edge.depth / 2) };
      if (ts_charge_target_distance (m, &edge, 1, target, block) <= tol)
        return TRUE;
    }
  return FALSE;
}

gboolean
ts_charge_pose_ok (TsMatch *m, TsUnit *u, int target, int block, TsPose contact, gboolean counter,
                   GError **error)
{
  MuStand st[MU_STANDS_MAX];
  guint n;
  TsPose start = { u->anchor, contact.facing };
  double dx = contact.anchor.x - u->anchor.x, dy = contact.anchor.y - u->anchor.y;
  int steps;

  if (mu_table_beyond (ts_charge_angle (contact.facing, u->facing), m->num.arc))
    return mu_rules_refuse (error, "TS-AMB-64", "the contact pose turns more than %g degrees from %s's facing",
                            m->num.arc, u->def->id);
  if (mu_table_beyond (hypot (dx, dy), 0) && ts_charge_angle (facing_of (dx, dy), u->facing) > m->num.arc + 0.05)
    return mu_rules_refuse (error, "TS-AMB-64", "%s's slide to the contact pose goes more than %g degrees "
                            "off its facing", u->def->id, m->num.arc);
  n = ts_charge_layout (m, u, contact, st);
  if (ts_charge_target_distance (m, st, n, target, block) > mu_table_contact_tolerance (m->table->unit) ||
      !front_touches (m, st, n, target, block) ||
      (block == TS_NONE && mu_stands_overlap (st, n, ts_unit_at (m, target)->st, ts_unit_at (m, target)->n_st)))
    return mu_rules_refuse (error, "TS-AMB-64", "in that pose %s's front does not touch its target", u->def->id);
  /* room to contact: turned about its anchor, then the slide; TS-AMB-47:
   * over rivers only at fords and bridges */
  {
    MuStand to[MU_STANDS_MAX];
    MuPoint a[MU_STANDS_MAX], b[MU_STANDS_MAX];
    guint nf = ts_charge_layout (m, u, start, st), nt = ts_charge_layout (m, u, contact, to);
    g_autofree char *water = NULL;
    MuMoveParams p;

    for (guint k = 0; k < MIN (nf, nt); k++)
      {
        a[k] = st[k].centre;
        b[k] = to[k].centre;
      }
    ts_move_params (m, u, TS_ACT_CHARGE, 0, &p);
    mu_table_paths_crossed (m->terrain, &p, a, b, MIN (nf, nt), 0, &water);
    if (water)
      return counter ? mu_rules_refuse (error, "TS-AMB-64", "%s has no room to counter-charge its target: %s",
                                        u->def->id, water)
                     : mu_rules_refuse (error, "TS-AMB-64", "%s has no room to contact its target: %s",
                                        u->def->id, water);
  }
  steps = ts_charge_samples (u, start, contact);
  for (int i = 0; i <= steps; i++)
    {
      n = ts_charge_layout (m, u, ts_charge_lerp (start, contact, (double) i / steps), st);
      if (ts_charge_path_blocked (m, u, st, n, target, block))
        return counter ? mu_rules_refuse (error, "TS-AMB-64", "%s has no room to counter-charge its target",
                                          u->def->id)
                       : mu_rules_refuse (error, "TS-AMB-64", "%s has no room to contact its target", u->def->id);
    }
  return TRUE;
}

/* TS-AMB-65, TS-TER-1, TS-TER-6, TS-AMB-47: a stage move goes uphill when
 * the hill level under the anchor rises along it, and crosses a linear
 * obstacle when the path of a formed stand's centre does, as an ordinary
 * move's stands do (the engine's move evaluator judges both): the path
 * within a ford's or bridge's drawn width crosses nothing. */
static void
slide_terrain (TsMatch *m, TsUnit *u, MuPoint from, const MuStand *before, guint n, GPtrArray *events)
{
  gboolean uphill = FALSE, crossed;
  int level = mu_terrain_level_at (m->terrain, from);
  double len = hypot (u->anchor.x - from.x, u->anchor.y - from.y);
  int steps = MAX (1, (int) ceil (len / (0.1 * m->inch)));
  MuPoint a[MU_STANDS_MAX], b[MU_STANDS_MAX];
  MuMoveParams p;

  for (int k = 1; k <= steps && !uphill; k++)
    {
      MuPoint q = { from.x + (u->anchor.x - from.x) * k / steps, from.y + (u->anchor.y - from.y) * k / steps };
      int l = mu_terrain_level_at (m->terrain, q);

      uphill = l > level;
      level = l;
    }
  n = MIN (n, u->n_st);
  for (guint k = 0; k < n; k++)
    {
      a[k] = before[k].centre;
      b[k] = u->st[k].centre;
    }
  ts_move_params (m, u, TS_ACT_CHARGE, 0, &p);
  crossed = mu_table_paths_crossed (m->terrain, &p, a, b, n, p.crossing_kinds, NULL) != 0;
  if (uphill)
    ts_add_disorder (m, u, 1, "TS-TER-1", events);
  if (crossed)
    {
      ts_add_disorder (m, u, 1, "TS-TER-6", events);
      ts_add_stress (m, u, 1, "TS-TER-6", events);
    }
}

/* TS-AMB-65: slides u along its charge line, facing its contact facing,
 * to the first point at `dist` from its target (computed exactly, then
 * rounded), or to a stand placed in its way since. FALSE when it did not
 * move. */
gboolean
ts_charge_slide (TsMatch *m, TsUnit *u, TsPose start, TsPose contact, int target, int block, double dist,
                 const char *text, const char *rule, GPtrArray *events)
{
  MuStand st[MU_STANDS_MAX];
  guint n;
  double lo, hi, t0 = 0, len2;
  TsPose now = { u->anchor, u->facing }, to;
  MuPos from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  int steps;
  double last_clear;
  MuEvent *e;
  MuStand before[MU_STANDS_MAX];
  guint n_before = u->n_st;
  MuPoint start_anchor = u->anchor;

  /* where it is along the line now */
  len2 = (contact.anchor.x - start.anchor.x) * (contact.anchor.x - start.anchor.x) +
         (contact.anchor.y - start.anchor.y) * (contact.anchor.y - start.anchor.y);
  if (mu_table_beyond (len2, 0))
    t0 = CLAMP (((now.anchor.x - start.anchor.x) * (contact.anchor.x - start.anchor.x) +
                 (now.anchor.y - start.anchor.y) * (contact.anchor.y - start.anchor.y)) / len2, 0, 1);
  n = ts_charge_layout (m, u, ts_charge_lerp (start, contact, t0), st);
  if (mu_table_within (ts_charge_target_distance (m, st, n, target, block), dist))
    hi = t0;
  else
    {
      lo = t0;
      hi = 1;
      for (int i = 0; i < 60; i++)
        {
          double mid = (lo + hi) / 2;

          n = ts_charge_layout (m, u, ts_charge_lerp (start, contact, mid), st);
          if (ts_charge_target_distance (m, st, n, target, block) <= dist)
            hi = mid;
          else
            lo = mid;
        }
    }
  /* a stand placed in the way since the declaration stops it in contact */
  steps = ts_charge_samples (u, ts_charge_lerp (start, contact, t0), ts_charge_lerp (start, contact, hi));
  last_clear = t0;
  for (int i = 1; i <= steps; i++)
    {
      double t = t0 + (hi - t0) * i / steps;

      n = ts_charge_layout (m, u, ts_charge_lerp (start, contact, t), st);
      if (ts_charge_path_blocked (m, u, st, n, target, block))
        {
          double a = last_clear, b = t;

          for (int k = 0; k < 40; k++)
            {
              double mid = (a + b) / 2;

              n = ts_charge_layout (m, u, ts_charge_lerp (start, contact, mid), st);
              if (ts_charge_path_blocked (m, u, st, n, target, block))
                b = mid;
              else
                a = mid;
            }
          hi = a;
          break;
        }
      last_clear = t;
    }
  to = ts_charge_lerp (start, contact, hi);
  if (hypot (to.anchor.x - now.anchor.x, to.anchor.y - now.anchor.y) < 0.005 * m->inch &&
      ts_charge_angle (to.facing, now.facing) < 0.05)
    return FALSE;
  memcpy (before, u->st, sizeof (MuStand) * u->n_st);
  {
    MuPoint old_anchor = u->anchor;
    double old_facing = u->facing;
    MuPos p = mu_pos_from_point (to.anchor.x, to.anchor.y, to.facing);

    u->anchor = p.point;
    u->facing = p.facing;
    ts_layout (m, u);
    /* the rounding may not bring it into another's stands */
    if (ts_charge_path_blocked (m, u, u->st, u->n_st, target, block) ||
        (block == TS_NONE && mu_stands_overlap (u->st, u->n_st, ts_unit_at (m, target)->st,
                                                ts_unit_at (m, target)->n_st)))
      {
        u->anchor = old_anchor;
        u->facing = old_facing;
        ts_layout (m, u);
        return FALSE;
      }
    ts_skirm_follow (m, u, old_anchor, old_facing);
  }
  e = ts_event (m, events, &ts_ev_move, u->def->id, rule);
  if (e)
    {
      mu_event_set_text (e, text);
      e->from = from;
      e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
  slide_terrain (m, u, start_anchor, before, n_before, events);
  /* TS-AMB-57: the lone commanders it met, when the sequence goes on */
  if (m->charge != NULL)
    {
      int ui = ts_unit_index (m, u);

      g_array_append_val (m->charge->met, ui);
    }
  return TRUE;
}

/* For the simulator ------------------------------------------------------------------- */

/* A sample of the search below: how far the target is when the stands
 * have slid `at` along the line. */
typedef struct
{
  double at;
  double gap;
} Sample;

static MuPoint
slid_anchor (const TsUnit *u, MuPoint d, double at)
{
  return (MuPoint) { u->anchor.x + d.x * at, u->anchor.y + d.y * at };
}

/* The gap to the target slides by at most as much as the stands slide
 * (it is the distance of two sets), so a sample settles the side of
 * `half` for its neighbours up to its own distance from `half`; `margin`
 * keeps well clear of rounding. 1: beyond half, 0: within it, -1: not
 * known, to be measured. */
static int
known_side (const Sample *beyond, const Sample *within, double at, double half, double margin)
{
  if (beyond->gap > half && fabs (at - beyond->at) < beyond->gap - half - margin)
    return 1;
  if (within->gap <= half && fabs (at - within->at) < half - within->gap - margin)
    return 0;
  return -1;
}

static int
side_at (TsMatch *m, TsUnit *u, MuPoint d, double at, int target, int block, double half, double margin,
         Sample *beyond, Sample *within, MuStand *st)
{
  int side = known_side (beyond, within, at, half, margin);
  guint n;
  double gap;

  if (side >= 0)
    return side;
  n = ts_charge_layout (m, u, (TsPose) { slid_anchor (u, d, at), u->facing }, st);
  gap = ts_charge_target_distance (m, st, n, target, block);
  if (gap <= half)
    {
      *within = (Sample) { at, gap };
      return 0;
    }
  *beyond = (Sample) { at, gap };
  return 1;
}

gboolean
ts_charge_find_pose (TsMatch *m, TsUnit *u, int target, int block, gboolean counter, TsPose *pose)
{
  static const double offsets[] = { 0, 4, -4, 8, -8, 12, -12, 16, -16, 20, -20 };
  double tol = mu_table_contact_tolerance (m->table->unit);
  double half = tol / 2, margin = ts_in (m, 0.001);
  MuStand st[MU_STANDS_MAX];
  Sample here;
  guint n;

  /* where it stands: a bound on the gap along every line */
  n = ts_charge_layout (m, u, (TsPose) { u->anchor, u->facing }, st);
  here = (Sample) { 0, ts_charge_target_distance (m, st, n, target, block) };
  for (guint k = 0; k < G_N_ELEMENTS (offsets); k++)
    {
      MuPoint d = mu_facing_vector (u->facing + offsets[k]);
      double lo = 0, hi = ts_in (m, 19);
      TsPose p = { u->anchor, u->facing };
      Sample beyond = here, within = here;

      if (here.gap <= half)
        beyond.gap = -1;
      else
        within.gap = G_MAXDOUBLE;
      /* the slide must reach the target: somewhere along it the gap
       * closes. The first closing is bracketed first, in steps shorter
       * than a stand is deep, so that a near target (the gap open again
       * beyond it) is not passed over; then it is halved down. */
      for (double at = ts_in (m, 0.25); at < hi; at += ts_in (m, 0.25))
        {
          if (side_at (m, u, d, at, target, block, half, margin, &beyond, &within, st) == 0)
            {
              hi = at;
              break;
            }
          lo = at;
        }
      for (int i = 0; i < 60; i++)
        {
          double mid = (lo + hi) / 2;
          MuPoint a = mu_pos_from_point (slid_anchor (u, d, lo).x, slid_anchor (u, d, lo).y, -1).point;
          MuPoint b = mu_pos_from_point (slid_anchor (u, d, hi).x, slid_anchor (u, d, hi).y, -1).point;

          /* the rounded pose is monotone along the line: once both ends
           * round alike, so does every point between them */
          if (a.x == b.x && a.y == b.y)
            break;
          if (side_at (m, u, d, mid, target, block, half, margin, &beyond, &within, st) == 0)
            hi = mid;
          else
            lo = mid;
        }
      p.anchor = slid_anchor (u, d, lo);
      p.anchor = mu_pos_from_point (p.anchor.x, p.anchor.y, p.facing).point;
      n = ts_charge_layout (m, u, p, st);
      if (ts_charge_target_distance (m, st, n, target, block) > tol)
        continue;
      if (ts_charge_pose_ok (m, u, target, block, p, counter, NULL))
        {
          *pose = p;
          return TRUE;
        }
    }
  return FALSE;
}
