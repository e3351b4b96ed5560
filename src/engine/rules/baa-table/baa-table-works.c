/* baa-table-works.c: defence works on the table: sections (BAT-AMB-42),
 * breaching by artillery (BAT-FORT-3, BAT-AMB-28, BAT-EX-14), crossing and
 * storming (BAT-FORT-2, BAT-FORT-4) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define SECTION_STRENGTH 6

/* BAT-AMB-42: each defence-work line cut into sections 1 U long from its
 * first point (the last one what is left). */
void
bat_sections_init (BatMatch *m)
{
  m->sections = g_array_new (FALSE, TRUE, sizeof (BatSection));
  for (guint i = 0; i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
      const MuPoint *pp = (const MuPoint *) l->points->data;
      double len = mu_polyline_length (pp, l->points->len);
      int n = MAX (1, (int) ceil (len / m->scale.u - 1e-9));

      if (l->kind != MU_LINE_DEFENCE_WORKS)
        continue;
      for (int k = 0; k < n; k++)
        {
          BatSection s = { 0 };

          s.line = l;
          s.line_index = i;
          s.s0 = k * m->scale.u;
          s.s1 = MIN (len, (k + 1) * m->scale.u);
          if (l->id)
            g_snprintf (s.id, sizeof s.id, "%s.%d", l->id, k + 1);
          else
            g_snprintf (s.id, sizeof s.id, "works%u.%d", i + 1, k + 1);
          /* BAT-FORT-1, BAT-FORT-3: field defences 5, prepared defences 4 */
          s.cover = l->grade == 1 ? 4 : 5;
          s.strength = SECTION_STRENGTH;
          g_array_append_val (m->sections, s);
        }
    }
}

BatSection *
bat_find_section (const BatMatch *m, const char *id)
{
  for (guint i = 0; id && i < m->sections->len; i++)
    {
      BatSection *s = &g_array_index (m->sections, BatSection, i);
      if (g_str_equal (s->id, id))
        return s;
    }
  return NULL;
}

/* The section's points: its ends and the line's corners between them. */
static guint
section_points (const BatSection *s, MuPoint *out, guint max)
{
  const MuPoint *pp = (const MuPoint *) s->line->points->data;
  guint n = 0;
  double along = 0;

  out[n++] = mu_polyline_point_at (pp, s->line->points->len, s->s0);
  for (guint k = 1; k + 1 < s->line->points->len && n + 1 < max; k++)
    {
      along += hypot (pp[k].x - pp[k - 1].x, pp[k].y - pp[k - 1].y);
      if (mu_table_beyond (along, s->s0) && mu_table_beyond (s->s1, along))
        out[n++] = pp[k];
    }
  out[n++] = mu_polyline_point_at (pp, s->line->points->len, s->s1);
  return n;
}

/* The section of a defence-work line at a point on (or next to) it. */
static BatSection *
section_at (const BatMatch *m, const MuPolyline *l, MuPoint at)
{
  const MuPoint *pp = (const MuPoint *) l->points->data;
  double along = 0, best = G_MAXDOUBLE, best_along = 0;

  for (guint k = 1; k < l->points->len; k++)
    {
      double len = hypot (pp[k].x - pp[k - 1].x, pp[k].y - pp[k - 1].y);
      double d = mu_segment_point_distance (pp[k - 1], pp[k], at);

      if (d < best && len > 0)
        {
          double t = ((at.x - pp[k - 1].x) * (pp[k].x - pp[k - 1].x) +
                      (at.y - pp[k - 1].y) * (pp[k].y - pp[k - 1].y)) / (len * len);
          best = d;
          best_along = along + CLAMP (t, 0, 1) * len;
        }
      along += len;
    }
  for (guint i = 0; i < m->sections->len; i++)
    {
      BatSection *s = &g_array_index (m->sections, BatSection, i);
      if (s->line == l && mu_table_within (s->s0, best_along) && mu_table_within (best_along, s->s1))
        return s;
    }
  return NULL;
}

gboolean
bat_works_breached_at (const BatMatch *m, const MuPolyline *l, MuPoint at)
{
  BatSection *s = section_at (m, l, at);

  return s && s->strength <= 0;
}

/* BAT-AMB-42: the protected side is the left of the line's drawing
 * direction (y down: a negative cross product). */
static gboolean
protected_side (const BatSection *s, MuPoint p)
{
  MuPoint pts[16];
  guint n = section_points (s, pts, G_N_ELEMENTS (pts));
  double best = G_MAXDOUBLE;
  gboolean left = FALSE;

  for (guint k = 1; k < n; k++)
    {
      double d = mu_segment_point_distance (pts[k - 1], pts[k], p);
      if (d < best)
        {
          best = d;
          left = (pts[k].x - pts[k - 1].x) * (p.y - pts[k - 1].y) -
                 (pts[k].y - pts[k - 1].y) * (p.x - pts[k - 1].x) < 0;
        }
    }
  return left;
}

static double
section_distance (const BatSection *s, MuPoint p)
{
  MuPoint pts[16];
  guint n = section_points (s, pts, G_N_ELEMENTS (pts));

  return mu_polyline_distance (pts, n, p);
}

static gboolean
section_crossed (const BatSection *s, MuPoint a, MuPoint b)
{
  MuPoint pts[16];
  guint n = section_points (s, pts, G_N_ELEMENTS (pts));

  for (guint k = 1; k < n; k++)
    if (mu_segment_intersect (a, b, pts[k - 1], pts[k], NULL))
      return TRUE;
  return FALSE;
}

/* The unit holding the space behind an unbreached section against `side`:
 * an enemy of `side` with a base on its protected side within 1 U. */
static const BatUnit *
defender (BatMatch *m, const BatSection *s, int side)
{
  if (s->strength <= 0)
    return NULL;
  BAT_FOR_UNITS (m, d)
    if (d->side != side && bat_unit_on_table (d))
      for (guint k = 0; k < d->n_stands; k++)
        if (protected_side (s, d->stands[k].centre) &&
            mu_table_within (section_distance (s, d->stands[k].centre), m->scale.u))
          return d;
  return NULL;
}

/* BAT-FORT-2: no crossing of an unbreached section into the space behind
 * it while a defender holds it; BAT-FORT-4: no contact across it either,
 * until it is breached. `path` is the anchor's path, `end` the stands at
 * the end of the move. */
gboolean
bat_works_check_move (BatMatch *m, const BatUnit *u, const MuPoint *path, guint n_path,
                      const MuStand *end, guint n_end, GError **error)
{
  double tol = bat_contact_tolerance (m);

  for (guint i = 0; i < m->sections->len; i++)
    {
      const BatSection *s = &g_array_index (m->sections, BatSection, i);
      const BatUnit *d = defender (m, s, u->side);

      if (d == NULL)
        continue;
      for (guint k = 1; k < n_path; k++)
        if (!protected_side (s, path[k - 1]) && section_crossed (s, path[k - 1], path[k]))
          return bat_refuse (error, "BAT-FORT-2", "%s may not cross the unbreached works %s while %s holds them",
                             u->def->id, s->id, d->def->id);
      for (guint a = 0; a < n_end; a++)
        for (guint b = 0; b < d->n_stands; b++)
          if (mu_stands_in_contact (&end[a], 1, &d->stands[b], 1, tol) &&
              section_crossed (s, end[a].centre, d->stands[b].centre))
            return bat_refuse (error, "BAT-FORT-4", "%s may not storm %s across the unbreached works %s",
                               u->def->id, d->def->id, s->id);
    }
  return TRUE;
}

/* BAT-FORT-3, BAT-AMB-28, BAT-EX-14: `fire UNIT SECTION`. Artillery only;
 * each base in range and sight of the section rolls; hits that survive a
 * reroll against the section's own cover take a point off it; at 0 it is
 * breached. Dry run when events is NULL. */
gboolean
bat_fire_at_section (BatMatch *m, BatUnit *u, BatSection *s, GPtrArray *events, GError **error)
{
  int range = m->night ? MIN (u->range, 1) : u->range;   /* BAT-FIRE-9 */
  MuPoint pts[16], a, b;
  guint n_pts = section_points (s, pts, G_N_ELEMENTS (pts)), n = 0, in_range = 0;
  BatUnit face;
  int hits;
  MuEvent *e;

  if (u->def->arm != MU_ARM_ARTILLERY && u->def->arm != MU_ARM_RIVERBOAT)
    return bat_refuse (error, "BAT-FORT-3", "only artillery may attack defence works");
  if (s->strength <= 0)
    return bat_refuse (error, "BAT-FORT-3", "%s is breached already", s->id);
  /* the section seen as a thin base along it, for line of sight */
  a = pts[0];
  b = pts[n_pts - 1];
  face = *u;
  face.n_stands = 1;
  face.stands[0].centre = (MuPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
  face.stands[0].width = MAX (hypot (b.x - a.x, b.y - a.y), 1e-3);
  face.stands[0].depth = 1e-3;
  face.stands[0].facing = fmod (atan2 (b.x - a.x, -(b.y - a.y)) * 180.0 / G_PI + 270.0, 360.0);
  bat_stands_circle (face.stands, 1, &face.bc, &face.br);
  for (guint i = 0; i < u->n_stands; i++)
    {
      MuLosResult r;
      double d = G_MAXDOUBLE;
      MuPoint cs[4];

      /* BAT-GEN-3, BAT-AMB-35: from the nearest point of the base to the
       * nearest point of the section */
      mu_stand_corners (&u->stands[i], cs);
      for (int c = 0; c < 4; c++)
        for (guint k = 1; k < n_pts; k++)
          d = MIN (d, mu_segment_distance (cs[c], cs[(c + 1) % 4], pts[k - 1], pts[k]));
      if (mu_table_beyond (d, range * m->scale.u))
        continue;
      in_range++;
      if (bat_los_stand (m, u, &u->stands[i], &face, &r))
        n++;
    }
  if (n == 0)
    return bat_refuse (error, in_range ? "BAT-FIRE-5" : "BAT-FIRE-2", in_range ? "no base of %s sees %s"
                       : "no base of %s is within range of %s", u->def->id, s->id);
  if (events == NULL)
    return TRUE;
  e = bat_event (m, events, &baa_ev_attack, s->id, "BAT-FORT-3");
  mu_event_set_object (e, u->def->id);
  mu_event_set_text (e, NC_("event text", "fire"));
  e->count = (int) n;
  hits = mu_dice_roll_pool (m->dice, events, "fire", u->def->id, n, MU_DICE_SUCCESSES, 0,
                            bat_attack_value (m, u), 0, NULL, "BAT-FORT-3", NULL);
  mu_event_set_object (g_ptr_array_index (events, events->len - 1), s->id);
  if (hits > 0)
    {
      hits = mu_dice_roll_pool (m->dice, events, "cover", s->id, (guint) hits, MU_DICE_SUCCESSES, 0, s->cover,
                                0, NULL, "BAT-AMB-28", NULL);
      mu_event_set_object (g_ptr_array_index (events, events->len - 1), u->def->id);
    }
  u->fired = TRUE;
  u->acted_this_bound = TRUE;
  if (hits > 0)
    {
      s->strength = MAX (0, s->strength - hits);
      e = bat_event (m, events, &baa_ev_hits, s->id, "BAT-AMB-28");
      mu_event_set_object (e, u->def->id);
      e->value = hits;
      if (s->strength == 0)
        bat_marker (m, events, TRUE, s->id, "breach", "BAT-FORT-3");
    }
  bat_advance (m, events);
  return TRUE;
}
