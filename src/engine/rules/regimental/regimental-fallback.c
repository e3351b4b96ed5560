/* regimental-fallback.c: the involuntary moves of the regimental sheet
 * (QRS-AMB-62..64): a SHAKEN unit's 1d6" fall-back, a ROUTED unit's
 * fall-back by the bonus dice of Table M4, the rout moves of step 2a and
 * the retire of step 5; directly away, stopped by enemy stands and
 * impassable ground, carried past friends, off the table edge out of
 * play (TAB-18). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The sample along an involuntary move: positions are kept to 0.01"
 * (QRS-AMB-86), the search to a twentieth of an inch. */
#define STEP 0.05

static double
inch (const QrsMatch *m)
{
  return m->scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
}

/* QRS-AMB-53: the terrain class a unit stands in (half or more of its
 * stands' centres, the most restrictive such class): 0 open (or road),
 * 1 broken, 2 woods, 3 rough. */
int
qrs_class_of (QrsMatch *m, const QrsUnit *u)
{
  int count[4] = { 0 };

  for (guint i = 0; i < u->n_stands; i++)
    {
      guint areas[16];
      guint n = mu_terrain_areas_at (m->terrain, u->stand[i].centre, areas, G_N_ELEMENTS (areas));
      int worst = 0;

      for (guint k = 0; k < n; k++)
        {
          const MuArea *a = g_ptr_array_index (m->scenario->table->areas, areas[k]);
          int c = 0;

          switch (a->kind)
            {
            case MU_AREA_WOODS:
              c = 2;
              break;
            case MU_AREA_BROKEN:
            case MU_AREA_LIGHT_WOODS:
            case MU_AREA_SETTLEMENT:
            case MU_AREA_BUILT_UP:
            case MU_AREA_FORTIFICATION:
              c = 1;
              break;
            case MU_AREA_ROUGH:
            case MU_AREA_MARSH:
            case MU_AREA_STEEP:
            case MU_AREA_BUILDING:
              c = 3;
              break;
            default:
              break;
            }
          worst = MAX (worst, c);
        }
      count[worst]++;
    }
  for (int c = 3; c > 0; c--)
    {
      int at_least = 0;

      for (int k = c; k <= 3; k++)
        at_least += count[k];
      if (2 * at_least >= (int) u->n_stands && u->n_stands > 0)
        return c;
    }
  return 0;
}

/* QRS-MOV-3, Table M4: the bonus dice for the class the unit stands in,
 * read as a sum; a ½ die is one die halved, rounded up (QRS-AMB-86). */
int
qrs_bonus_roll (QrsMatch *m, QrsUnit *u, const char *purpose, GPtrArray *events)
{
  static const char *const keys[] = { "open", "broken", "woods", "rough" };
  double dice = qrs_number (m, "bonus-move", keys[qrs_class_of (m, u)], 4);
  MuRoll roll = { 0 };
  int v;

  roll.purpose = purpose;
  roll.subject = u->def->id;
  roll.n = dice < 1 ? 1 : (guint) dice;
  roll.read = MU_DICE_SUM;
  roll.rule = "QRS-MOV-3";
  v = mu_dice_roll_read (m->dice, events, &roll, NULL);
  return dice < 1 ? (v + 1) / 2 : v;
}

static void
lay_out (const QrsUnit *u, MuPoint centre, double facing, MuStand *out, guint *n)
{
  MuPoint f = mu_facing_vector (facing);
  MuStand fp = mu_stands_footprint (u->stand, u->n_stands);
  MuPoint anchor = { centre.x + f.x * fp.depth / 2, centre.y + f.y * fp.depth / 2 };

  *n = mu_stands_layout (&qrs_formation_shapes[u->form], u->n_stands, u->width, u->depth, anchor,
                         facing, out, MU_STANDS_MAX);
}

static gboolean
off_table (const QrsMatch *m, const MuStand *s, guint n)
{
  const MuTableMap *t = m->scenario->table;

  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&s[i], c);
      for (int k = 0; k < 4; k++)
        if (mu_table_beyond (0, c[k].x) || mu_table_beyond (0, c[k].y) || mu_table_beyond (c[k].x, t->width) ||
            mu_table_beyond (c[k].y, t->height))
          return TRUE;
    }
  return FALSE;
}

static gboolean
blocked (QrsMatch *m, const QrsUnit *u, const MuStand *s, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      guint areas[16];
      guint k = mu_terrain_areas_at (m->terrain, s[i].centre, areas, G_N_ELEMENTS (areas));

      while (k-- > 0)
        {
          const MuArea *a = g_ptr_array_index (m->scenario->table->areas, areas[k]);

          if (mu_ruleset_area_impassable (m->ruleset, a->kind))
            return TRUE;
        }
    }
  QRS_FOR_UNITS (m, o)
    if (o != u && o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_overlap (s, n, o->stand, o->n_stands))
      return TRUE;
  return FALSE;
}

static gboolean
on_friend (const QrsMatch *m, const QrsUnit *u, const MuStand *s, guint n)
{
  QRS_FOR_UNITS (m, o)
    if (o != u && o->side == u->side && o->arm != QRS_ARM_OFFICER && !o->removed
        && mu_stands_overlap (s, n, o->stand, o->n_stands))
      return TRUE;
  return FALSE;
}

/* QRS-AMB-62: the length a charge fall-back of `pips` covers along dir:
 * each inch of the centre's way inside woods or rough costs 2 pips, and
 * 1 elsewhere. */
double
qrs_pips_length (QrsMatch *m, const QrsUnit *u, MuPoint dir, int pips)
{
  MuPoint c = mu_stands_footprint (u->stand, u->n_stands).centre;
  double left = pips * inch (m), len = 0;

  while (left > 1e-9)
    {
      MuPoint p = { c.x + dir.x * (len + STEP * inch (m) / 2), c.y + dir.y * (len + STEP * inch (m) / 2) };
      guint areas[16];
      guint k = mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas));
      double cost = 1;

      while (k-- > 0)
        {
          MuAreaKind kind = ((MuArea *) g_ptr_array_index (m->scenario->table->areas, areas[k]))->kind;

          if (kind == MU_AREA_WOODS || kind == MU_AREA_ROUGH)
            cost = 2;
        }
      if (left < STEP * inch (m) * cost)
        {
          len += left / cost;
          break;
        }
      left -= STEP * inch (m) * cost;
      len += STEP * inch (m);
    }
  return len;
}

/* The direction away from `from` (QRS-AMB-62): the line from its centre
 * through u's; straight back when the centres meet. */
MuPoint
qrs_away_from (const QrsUnit *u, const QrsUnit *from)
{
  MuPoint c = mu_stands_centre (u->stand, u->n_stands);
  MuPoint o = from ? mu_stands_centre (from->stand, from->n_stands) : c;
  double dx = c.x - o.x, dy = c.y - o.y, len = hypot (dx, dy);

  if (len < 1e-9)
    {
      MuPoint f = mu_facing_vector (u->facing);

      return (MuPoint) { -f.x, -f.y };
    }
  return (MuPoint) { dx / len, dy / len };
}

/* The nearest enemy unit (TAB-9; ties: order of battle), or NULL. */
QrsUnit *
qrs_nearest_enemy (const QrsMatch *m, const QrsUnit *u)
{
  QrsUnit *best = NULL;
  double best_d = G_MAXDOUBLE;

  QRS_FOR_UNITS (m, o)
    if (o->side != u->side && o->arm != QRS_ARM_OFFICER && !o->removed)
      {
        double d = mu_stands_distance (u->stand, u->n_stands, o->stand, o->n_stands);

        if (mu_table_beyond (best_d, d))
          {
            best = o;
            best_d = d;
          }
      }
  return best;
}

/* QRS-AMB-62: moves u's centre `dist` table units along dir (turned to
 * face that way with `turn`), stopping on enemy stands or impassable
 * ground, going on past friends to the first clear place or stopping
 * short of them, leaving play past the edge. */
void
qrs_push (QrsMatch *m, QrsUnit *u, MuPoint dir, double dist, gboolean turn, const char *why,
          GPtrArray *events)
{
  /* the footprint's centre, about which lay_out lays the unit out (the
   * mean of the stands' centres is off it for an odd number of stands in
   * two files) */
  MuPoint c0 = mu_stands_footprint (u->stand, u->n_stands).centre;
  MuPoint from = mu_stands_anchor (u->stand, u->n_stands);
  double from_facing = u->facing;
  double facing = turn ? fmod (atan2 (dir.x, -dir.y) * 180.0 / G_PI + 360.0, 360.0) : u->facing;
  MuStand best[MU_STANDS_MAX], s[MU_STANDS_MAX];
  guint n_best = 0, n;
  gboolean have = FALSE, left = FALSE;
  MuEvent *e;

  facing = round (facing * 10) / 10;
  if (fabs (facing - 360.0) < 1e-9)
    facing = 0;
  /* a unit that cannot turn where it stands (an enemy or impassable
   * ground in the way) keeps its facing */
  lay_out (u, c0, facing, s, &n);
  if (turn && (blocked (m, u, s, n) || on_friend (m, u, s, n)))
    facing = u->facing;
  for (double t = 0;; t = MIN (t + STEP * inch (m), dist))
    {
      MuPoint c = { round ((c0.x + dir.x * t) * 100) / 100, round ((c0.y + dir.y * t) * 100) / 100 };

      lay_out (u, c, facing, s, &n);
      if (off_table (m, s, n))
        {
          left = TRUE;
          break;
        }
      if (blocked (m, u, s, n))
        break;
      if (!on_friend (m, u, s, n))
        {
          memcpy (best, s, sizeof (MuStand) * n);
          n_best = n;
          have = TRUE;
        }
      if (t >= dist)
        {
          /* friends passed: on to the first place clear of them, unless
           * something stops it first */
          if (on_friend (m, u, s, n))
            for (double x = t + STEP * inch (m); x < t + 48 * inch (m); x += STEP * inch (m))
              {
                MuPoint cx = { round ((c0.x + dir.x * x) * 100) / 100,
                               round ((c0.y + dir.y * x) * 100) / 100 };

                lay_out (u, cx, facing, s, &n);
                if (off_table (m, s, n))
                  {
                    left = TRUE;
                    break;
                  }
                if (blocked (m, u, s, n))
                  break;
                if (!on_friend (m, u, s, n))
                  {
                    memcpy (best, s, sizeof (MuStand) * n);
                    n_best = n;
                    break;
                  }
              }
          break;
        }
    }
  if (left)
    {
      /* TAB-18: off the table, out of play */
      u->removed = TRUE;
      u->n_stands = 0;
      u->order = u->release = QRS_ORDER_NONE;
      mu_event_set_text (qrs_event (m, events, &qrs_ev_removed, u->def->id, "TAB-18"), "left the table");
      return;
    }
  if (have && !on_friend (m, u, best, n_best))
    {
      int officers[8];
      guint n_off = qrs_officers_with (m, u, officers, G_N_ELEMENTS (officers));
      MuPoint before = mu_stands_centre (u->stand, u->n_stands);

      memcpy (u->stand, best, sizeof (MuStand) * n_best);
      u->n_stands = n_best;
      u->facing = facing;
      qrs_carry (m, officers, n_off, before, mu_stands_centre (u->stand, u->n_stands));
    }
  e = qrs_event (m, events, &qrs_ev_fall_back, u->def->id, "QRS-AMB-62");
  mu_event_set_text (e, why);
  e->from = mu_pos_from_point (from.x, from.y, from_facing);
  {
    MuPoint a = mu_stands_anchor (u->stand, u->n_stands);

    e->to = mu_pos_from_point (a.x, a.y, u->facing);
  }
}

/* QRS-MOR-3, QRS-AMB-62: a ROUTED unit falls back its Table M4 dice for
 * the class it stands in, inches flat, turned to face its way. */
void
qrs_rout_fall_back (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, GPtrArray *events)
{
  int d = qrs_bonus_roll (m, u, "fall-back", events);

  if (cause == NULL || cause->removed)
    cause = qrs_nearest_enemy (m, u);
  qrs_push (m, u, qrs_away_from (u, cause), d * inch (m), TRUE, "routed", events);
}

/* QRS-MOR-3, QRS-AMB-62, QRS-AMB-78: a SHAKEN unit falls back 1d6",
 * facing kept, unless an officer is present. */
void
qrs_shaken_fall_back (QrsMatch *m, QrsUnit *u, const QrsUnit *cause, GPtrArray *events)
{
  int d;

  if (qrs_officer_rating (m, u) > 0)
    return;
  d = mu_dice_roll (m->dice, events, "fall-back", u->def->id, NULL, 0, MU_ROLL_NONE, 0, "QRS-MOR-3",
                    NULL);
  if (cause == NULL || cause->removed)
    cause = qrs_nearest_enemy (m, u);
  qrs_push (m, u, qrs_away_from (u, cause), d * inch (m), FALSE, "shaken", events);
}

/* Step 2a (QRS-MOV-1, QRS-AMB-63): each ROUTED unit, first side first,
 * towards its home edge, or away from the nearest enemy when the
 * scenario gives none: cavalry at its Table M1 rate for the class it
 * stands in, the others at the file's MISSING-3 row or the bonus dice. */
void
qrs_rout_moves (QrsMatch *m, GPtrArray *events)
{
  static const char *const keys[] = { "open", "broken", "woods", "rough" };

  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && u->arm != QRS_ARM_OFFICER && !u->removed
          && u->morale == QRS_ROUTED)
        {
          MuPoint dir = qrs_away_from (u, qrs_nearest_enemy (m, u));
          double d;

          /* straight towards its home edge, perpendicular to it (y grows
           * towards the south edge) */
          for (guint i = 0; m->scenario->table->home_edges && i < m->scenario->table->home_edges->len; i++)
            {
              const MuHomeEdge *h = g_ptr_array_index (m->scenario->table->home_edges, i);
              static const MuPoint towards[MU_TABLE_EDGE_N] = {
                [MU_TABLE_EDGE_NORTH] = { 0, -1 }, [MU_TABLE_EDGE_EAST] = { 1, 0 },
                [MU_TABLE_EDGE_SOUTH] = { 0, 1 }, [MU_TABLE_EDGE_WEST] = { -1, 0 },
              };

              if (g_strcmp0 (h->side, u->def->side) == 0 && h->edge < MU_TABLE_EDGE_N)
                dir = towards[h->edge];
            }
          if (u->arm == QRS_ARM_CAV)
            {
              g_autofree char *key = g_strdup_printf ("cav %s", keys[qrs_class_of (m, u)]);

              d = qrs_number (m, "routed-move", key, 0);
            }
          else
            {
              g_autofree char *key = g_strdup_printf ("%s %s", u->arm == QRS_ARM_ART ? "art" : "inf",
                                                      keys[qrs_class_of (m, u)]);

              d = qrs_number (m, "routed-move-infantry-artillery", key, -1);
              if (d < 0)
                d = qrs_bonus_roll (m, u, "rout", events);
            }
          qrs_push (m, u, dir, d * inch (m), TRUE, "rout", events);
        }
}

/* Step 5 (QRS-MOV-4, QRS-AMB-64): each D unit in turn retires its bonus
 * dice directly away from the nearest enemy, turned that way and
 * disordered. */
void
qrs_disengage (QrsMatch *m, GPtrArray *events)
{
  for (int p = 0; p < QRS_SIDES; p++)
    QRS_FOR_UNITS (m, u)
      if (u->side == m->order[p] && u->arm != QRS_ARM_OFFICER && !u->removed
          && u->order == QRS_ORDER_D && u->morale != QRS_ROUTED)
        {
          int d = qrs_bonus_roll (m, u, "retire", events);

          qrs_push (m, u, qrs_away_from (u, qrs_nearest_enemy (m, u)), d * inch (m), TRUE, "retire",
                    events);
          if (!u->removed)
            u->disordered = TRUE;
        }
}
