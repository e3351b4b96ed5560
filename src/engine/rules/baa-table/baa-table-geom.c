/* baa-table-geom.c: scale, stands, terrain, line of sight and cover for
 * baa-table (BAT §1.1, BAT-GEN-2/3/5, BAT-MOV-6, BAT-FIRE-5/6/8, BAT-COV-1,
 * BAT-AMB-16, -35, -36, -37, -45) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "rules/mu-rulesets.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Tables S1, S2 and S4: the rules' numbers, in one place. Columns: the
 * listed figure scales; per scale the centimetre and the inch values. */
static const struct {
  const char *scale;
  double u[2];                 /* Table S1: cm, in */
  double inf[2], cav[2], cdr[2]; /* Table S2 (artillery and river boats as infantry) */
  double visible[2];           /* Table S4 */
} bat_tables[] = {
  { "6mm",  { 5, 2 },  { 10, 4 },  { 20, 8 },  { 15, 6 },  { 2.5, 1 } },
  { "15mm", { 10, 4 }, { 20, 8 },  { 40, 16 }, { 30, 12 }, { 5, 2 } },
  { "25mm", { 20, 8 }, { 40, 16 }, { 80, 32 }, { 60, 24 }, { 10, 4 } },
};

gboolean
bat_figure_scale_mm (const char *text, double *mm)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || !isfinite (v) || v <= 0 || (*end != '\0' && strcmp (end, "mm") != 0))
    return FALSE;
  *mm = v;
  return TRUE;
}

void
bat_scale_init (BatScale *s, const MuTableMap *table)
{
  double mm = 15;
  guint row, col = table->unit == MU_UNIT_CM ? 0 : 1;

  /* a scale the scenario check refused (check_scenario) plays as 15 mm,
   * the table's default */
  if (table->figure_scale && !bat_figure_scale_mm (table->figure_scale, &mm))
    mm = 15;
  /* BAT-AMB-45: the nearest listed scale; 2 and 3 mm use 6 mm, 10 and 20
   * mm use 15 mm, anything larger 25 mm */
  row = mm < 10 ? 0 : mm <= 20 ? 1 : 2;
  memset (s, 0, sizeof *s);
  s->scale = bat_tables[row].scale;
  s->u = bat_tables[row].u[col];
  s->move[MU_ARM_INFANTRY] = bat_tables[row].inf[col];
  s->move[MU_ARM_ARTILLERY] = bat_tables[row].inf[col];
  s->move[MU_ARM_RIVERBOAT] = bat_tables[row].inf[col];   /* BAT-MOV-1, BAT-MOV-11 */
  s->move[MU_ARM_CAVALRY] = bat_tables[row].cav[col];
  s->move_commander = bat_tables[row].cdr[col];
  s->visible = bat_tables[row].visible[col];
  bat_scale_apply_data (s, col == 0);
}

/* Formations ------------------------------------------------------------------------- */

/* TAB-6, BAT §1.2: the three formations as the ruleset declares them
 * (MuRuleset.formations): a single line is one rank; a double line two,
 * the front one the longer; a column of attack one base wide. Play, the
 * scenario checker and drawings lay units out from these. */
const MuFormationShape bat_formation_shapes[BAT_FORM_N] = {
  [BAT_FORM_LINE] = { "line", 0, 0.0, 1, .name = N_("Line") },
  [BAT_FORM_DOUBLE] = { "double-line", 0, 0.0, 2, .name = N_("Double line") },
  [BAT_FORM_COLUMN] = { "column", 1, 0.0, 0, .name = N_("Column") },
};

const char *
bat_formation_id (BatFormation form)
{
  return bat_formation_shapes[form < BAT_FORM_N ? form : BAT_FORM_LINE].id;
}

gboolean
bat_formation_parse (const char *id, BatFormation *form)
{
  for (guint i = 0; i < BAT_FORM_N; i++)
    if (g_strcmp0 (id, bat_formation_shapes[i].id) == 0)
      {
        *form = i;
        return TRUE;
      }
  return FALSE;
}

const MuFormationShape *
bat_formation_shape (BatFormation form)
{
  return &bat_formation_shapes[form < BAT_FORM_N ? form : BAT_FORM_LINE];
}

guint
bat_layout_at (BatMatch *m, const BatUnit *u, MuPoint anchor, double facing, BatFormation form,
               MuStand *out)
{
  double w, d;
  guint n = (guint) CLAMP (u->bases, 0, MU_STANDS_MAX);

  if (n == 0)
    return 0;
  mu_table_base_size (m->table, u->def->arm, &w, &d);
  return mu_stands_layout (bat_formation_shape (form), n, w, d, anchor, facing, out, MU_STANDS_MAX);
}

/* BAT-RES-1, BAT-AMB-44: a reserve's unit of `bases` comes on in column
 * at entry point p0, facing inwards; its front edge `in` from p0, the
 * column behind it. Returns the stands' number; *anchor is their anchor.
 * The table alone, so that the scenario checks lay out what play lays. */
guint
bat_entry_column (const MuTableMap *t, MuArm arm, guint bases, MuPoint p0, double facing, double in,
                  MuPoint *anchor, MuStand *out)
{
  MuPoint f = mu_facing_vector (facing), at = { p0.x + f.x * in, p0.y + f.y * in };
  const MuFormationShape *shape = bat_formation_shape (BAT_FORM_COLUMN);
  MuStand fp;
  double w, d;
  guint n = MIN (bases, MU_STANDS_MAX);

  *anchor = at;
  if (n == 0)
    return 0;
  mu_table_base_size (t, arm, &w, &d);
  n = mu_stands_layout (shape, n, w, d, at, facing, out, MU_STANDS_MAX);
  /* the anchor is the front edge: the column lies behind it */
  fp = mu_stands_footprint (out, n);
  at.x += f.x * fp.depth;
  at.y += f.y * fp.depth;
  *anchor = at;
  return mu_stands_layout (shape, n, w, d, at, facing, out, MU_STANDS_MAX);
}

void
bat_stands_circle (const MuStand *st, guint n, MuPoint *centre, double *radius)
{
  double r = 0;

  *centre = mu_stands_centre (st, n);
  for (guint i = 0; i < n; i++)
    r = MAX (r, hypot (st[i].centre.x - centre->x, st[i].centre.y - centre->y) +
                hypot (st[i].width, st[i].depth) / 2);
  *radius = r;
}

gboolean
bat_circles_within (MuPoint ca, double ra, MuPoint cb, double rb, double d)
{
  double dx = ca.x - cb.x, dy = ca.y - cb.y, lim = ra + rb + d + MU_TABLE_EPSILON;

  return dx * dx + dy * dy <= lim * lim;
}

void
bat_unit_layout (BatMatch *m, BatUnit *u)
{
  u->n_stands = bat_unit_on_table (u) ? bat_layout_at (m, u, u->anchor, u->facing, u->form, u->stands) : 0;
  bat_stands_circle (u->stands, u->n_stands, &u->bc, &u->br);
}

gboolean
bat_place_free (BatMatch *m, const MuStand *st, guint n, const void *self)
{
  MuPoint bc;
  double br;

  for (guint i = 0; i < n; i++)
    if (st[i].centre.x < 0 || st[i].centre.y < 0 || st[i].centre.x > m->table->width ||
        st[i].centre.y > m->table->height || bat_point_impassable (m, st[i].centre))
      return FALSE;
  bat_stands_circle (st, n, &bc, &br);
  BAT_FOR_UNITS (m, o)
    if ((const void *) o != self && bat_unit_on_table (o) && bat_circles_within (bc, br, o->bc, o->br, 0) &&
        mu_stands_overlap (st, n, o->stands, o->n_stands))
      return FALSE;
  BAT_FOR_CDRS (m, o)
    if ((const void *) o != self && o->status == BAT_CDR_ACTIVE && mu_stands_overlap (st, n, &o->stand, 1))
      return FALSE;
  return TRUE;
}

/* TAB-8 decision for baa-table: a unit that loses stands closes up, laid
 * out again with fewer keeping its anchor and facing. A double line that
 * loses a base from an odd number fills the empty place at the right of
 * its short rear rank, which another counter may hold; where the layout at
 * the anchor would overlap a counter (or leave the table, or stand on
 * impassable ground), the unit closes up to its left instead: the front
 * rank's left stand stays where it stood, the anchor moving along the
 * front. As every formation fills its ranks from the left, every stand
 * that remains then stands where one of its stands stood, so it always
 * fits (TAB-11: stands never overlap). */
void
bat_unit_close_up (BatMatch *m, BatUnit *u)
{
  MuPoint left;

  if (u->n_stands == 0 || !bat_unit_on_table (u))
    {
      bat_unit_layout (m, u);
      return;
    }
  left = u->stands[0].centre;
  bat_unit_layout (m, u);
  if (bat_place_free (m, u->stands, u->n_stands, u))
    return;
  u->anchor.x += left.x - u->stands[0].centre.x;
  u->anchor.y += left.y - u->stands[0].centre.y;
  bat_unit_layout (m, u);
}

void
bat_cdr_layout (BatMatch *m, BatCdr *c)
{
  MuFormationShape shape = { "line", 0, 0 };
  double w;

  mu_table_base_size (m->table, MU_ARM_INFANTRY, &w, NULL);
  mu_stands_layout (&shape, 1, w, w, c->anchor, c->facing, &c->stand, 1);
}

gboolean
bat_unit_on_table (const BatUnit *u)
{
  return u->status == BAT_UNIT_ACTIVE && u->bases > 0;
}

/* Terrain ------------------------------------------------------------------------------ */

static gboolean
difficult_kind (MuAreaKind k)
{
  /* BAT §1.5, BAT-MOV-3: settlements, woodland, marshland, steep slopes */
  return k == MU_AREA_WOODS || k == MU_AREA_SETTLEMENT || k == MU_AREA_MARSH ||
         k == MU_AREA_STEEP || k == MU_AREA_BUILT_UP || k == MU_AREA_BUILDING;
}

gboolean
bat_point_difficult (BatMatch *m, MuPoint p)
{
  guint idx[16];
  guint n = MIN (mu_terrain_areas_at (m->terrain, p, idx, G_N_ELEMENTS (idx)), G_N_ELEMENTS (idx));

  for (guint i = 0; i < n; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, idx[i]);
      if (difficult_kind (a->kind))
        return TRUE;
    }
  return FALSE;
}

gboolean
bat_point_impassable (BatMatch *m, MuPoint p)
{
  guint idx[16];
  guint n;
  gboolean any = FALSE;

  /* Only an impassable area can make it so, and many tables have none:
   * they need not look up the areas at the point (asked for every stand
   * after every event). */
  for (guint i = 0; i < m->table->areas->len && !any; i++)
    any = mu_ruleset_area_impassable (&mu_ruleset_baa_table,
                                      ((const MuArea *) g_ptr_array_index (m->table->areas, i))->kind);
  if (!any)
    return FALSE;
  n = MIN (mu_terrain_areas_at (m->terrain, p, idx, G_N_ELEMENTS (idx)), G_N_ELEMENTS (idx));
  for (guint i = 0; i < n; i++)
    {
      const MuArea *a = g_ptr_array_index (m->table->areas, idx[i]);
      if (mu_ruleset_area_impassable (&mu_ruleset_baa_table, a->kind))
        return TRUE;
    }
  return FALSE;
}

gboolean
bat_point_on_line (const BatMatch *m, MuLineKind kind, MuPoint p)
{
  for (guint i = 0; i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);

      if (l->kind == kind &&
          mu_table_within (mu_polyline_distance ((const MuPoint *) l->points->data, l->points->len, p),
                           mu_terrain_line_width (m->table, l) / 2))
        return TRUE;
    }
  return FALSE;
}

gboolean
bat_unit_unformed (BatMatch *m, const BatUnit *u)
{
  /* BAT-MOV-6, BAT-AMB-11: any base (its centre, TAB-13) in difficult terrain */
  for (guint i = 0; i < u->n_stands; i++)
    if (bat_point_difficult (m, u->stands[i].centre))
      return TRUE;
  return FALSE;
}

int
bat_attack_value (BatMatch *m, const BatUnit *u)
{
  int v = u->attack;

  /* BAT-GEN-5, BAT-FIRE-7, BAT-MEL-8, BAT-CMD-6, BAT-FAT-1; capped (BAT-AMB-12) */
  if (bat_unit_unformed (m, u))
    v++;
  if (u->roll_ordered)
    v++;
  if (u->fatigued)
    v++;
  return MIN (v, 6);
}

/* The modifiers of BAT-GEN-5 as a roll names them, on the attack value
 * (the dice's target): unformed (BAT-FIRE-7, in melee BAT-MEL-8), orders
 * by a phase-5 roll, fatigued (BAT-FAT-1), and the cap at 6 (BAT-AMB-12).
 * Fills out (room for 4), returns how many. */
guint
bat_attack_modifiers (BatMatch *m, const BatUnit *u, gboolean melee, MuRollModifier *out)
{
  int v = u->attack;
  guint n = 0;

  if (bat_unit_unformed (m, u))
    out[n++] = (MuRollModifier) { "unformed", N_("unformed"), melee ? "BAT-MEL-8" : "BAT-FIRE-7", 1, TRUE };
  if (u->roll_ordered)
    out[n++] = (MuRollModifier) { "roll-orders", N_("orders by a roll"), "BAT-GEN-5", 1, TRUE };
  if (u->fatigued)
    out[n++] = (MuRollModifier) { "fatigued", N_("fatigued"), "BAT-FAT-1", 1, TRUE };
  for (guint i = 0; i < n; i++)
    v += out[i].value;
  if (v > 6)
    out[n++] = (MuRollModifier) { "cap", N_("capped at 6"), "BAT-AMB-12", 6 - v, TRUE };
  return n;
}

double
bat_contact_tolerance (const BatMatch *m)
{
  return mu_table_contact_tolerance (m->table->unit);
}

guint
bat_contacts (BatMatch *m, const BatUnit *u, BatUnit **out, guint max)
{
  guint n = 0;
  double tol = bat_contact_tolerance (m);

  if (!bat_unit_on_table (u))
    return 0;
  BAT_FOR_UNITS (m, e)
    if (e->side != u->side && bat_unit_on_table (e) && bat_circles_within (u->bc, u->br, e->bc, e->br, tol) &&
        mu_stands_in_contact (u->stands, u->n_stands, e->stands, e->n_stands, tol))
      {
        if (out && n < max)
          out[n] = e;
        n++;
      }
  return n;
}

gboolean
bat_in_melee (BatMatch *m, const BatUnit *u)
{
  return bat_contacts (m, u, NULL, 0) > 0;
}

gboolean
bat_charged (const BatUnit *u, const BatUnit *e)
{
  for (guint i = 0; i < u->n_charged; i++)
    if (g_strcmp0 (u->charged[i], e->def->id) == 0)
      return TRUE;
  return FALSE;
}

static void
forget_charge (BatUnit *u, const BatUnit *e)
{
  for (guint i = 0; i < u->n_charged; i++)
    if (g_strcmp0 (u->charged[i], e->def->id) == 0)
      {
        u->charged[i] = u->charged[--u->n_charged];
        return;
      }
}

void
bat_record_charges (BatMatch *m, BatUnit *u, BatUnit *const *before, guint n_before)
{
  BatUnit *now[16];
  guint n = MIN (bat_contacts (m, u, now, G_N_ELEMENTS (now)), G_N_ELEMENTS (now));

  /* BAT-AMB-18: a new contact is a new melee, u its attacker; a melee
   * already going on keeps its defender */
  for (guint i = 0; i < n; i++)
    {
      gboolean was = FALSE;

      for (guint k = 0; k < n_before && !was; k++)
        was = before[k] == now[i];
      if (was)
        continue;
      forget_charge (now[i], u);
      if (!bat_charged (u, now[i]))
        {
          if (u->n_charged == G_N_ELEMENTS (u->charged))
            memmove (u->charged, u->charged + 1, sizeof u->charged - sizeof u->charged[0]), u->n_charged--;
          u->charged[u->n_charged++] = now[i]->def->id;
        }
    }
}

/* Line of sight ------------------------------------------------------------------------- */

/* TAB-16 from one stand of the firer to target stands: those of a unit
 * (`target`, left out of the blockers), or a point asked about (NULL). */
static gboolean
los_to_stands (BatMatch *m, const BatUnit *firer, const MuStand *from, const BatUnit *target,
               const MuStand *stands, guint n_stands, MuLosResult *result)
{
  MuLosParams p;
  MuStand turned = *from;
  MuPoint tc = mu_stands_centre (stands, n_stands);
  g_autoptr(GArray) others = g_array_new (FALSE, FALSE, sizeof (MuLosUnit));
  int lf = mu_terrain_level_at (m->terrain, from->centre), lt = mu_terrain_level_at (m->terrain, tc);

  /* BAT-AMB-36: woods and settlements block beyond Table S4's visible
   * distance inside them (BAT-FIRE-6, BAT-AMB-25); hills higher than both
   * ends block (TAB-16); BAT-FIRE-8: no crest lines */
  mu_los_params_init (&p, m->table->unit);
  for (int k = 0; k < MU_AREA_N; k++)
    if (p.visible_depth[k] >= 0)
      p.visible_depth[k] = m->scale.visible;
  p.crest_clearance = -1;
  p.units_block = TRUE;
  /* BAT-FIRE-5, BAT-FIRE-8, BAT-AMB-36: units on the same level as both
   * ends block; commanders never (BAT-CDR-1) */
  if (lf == lt)
    BAT_FOR_UNITS (m, o)
      if (o != firer && (target == NULL || o->def != target->def) && bat_unit_on_table (o) &&
          mu_terrain_level_at (m->terrain, mu_stands_centre (o->stands, o->n_stands)) == lf)
        {
          MuLosUnit lu = { o->def->id, o->stands, o->n_stands, FALSE };
          g_array_append_val (others, lu);
        }
  /* BAT-AMB-35: fire is all round; the firing base's side towards the
   * target stands in for the front edge of TAB-16 */
  turned.facing = fmod (atan2 (tc.x - from->centre.x, -(tc.y - from->centre.y)) * 180.0 / G_PI + 360.0,
                        360.0);
  return mu_table_los (m->terrain, &p, &turned, 1, stands, n_stands,
                       (const MuLosUnit *) others->data, others->len, result);
}

gboolean
bat_los_stand (BatMatch *m, const BatUnit *firer, const MuStand *from, const BatUnit *target,
               MuLosResult *result)
{
  return los_to_stands (m, firer, from, target, target->stands, target->n_stands, result);
}

/* Where along a -> b the line first meets what blocks it, for people to see. */
static MuPoint
block_point (BatMatch *m, const MuLosResult *r)
{
  MuPoint a = r->from, b = r->to;
  const MuPoint *poly = NULL;
  guint n = 0;

  if (r->block == MU_LOS_UNIT)
    {
      const BatUnit *u = bat_find_unit (m, r->unit);
      MuPoint best = a;
      double d = G_MAXDOUBLE;

      for (guint i = 0; u != NULL && i < u->n_stands; i++)
        {
          double e = mu_segment_point_distance (a, b, u->stands[i].centre);

          if (e < d)
            {
              d = e;
              best = u->stands[i].centre;
            }
        }
      return best;
    }
  if (r->area >= 0)
    {
      const MuArea *area = g_ptr_array_index (m->table->areas, r->area);

      poly = (const MuPoint *) area->points->data;
      n = area->points->len;
    }
  else if (r->line >= 0)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, r->line);

      poly = (const MuPoint *) l->points->data;
      n = l->points->len;
    }
  /* the first of 64 steps along the line that is inside the area (or near the line) */
  for (int k = 1; poly != NULL && k < 64; k++)
    {
      MuPoint p = { a.x + (b.x - a.x) * k / 64, a.y + (b.y - a.y) * k / 64 };

      if (r->area >= 0 ? mu_polygon_contains (poly, n, p)
                       : mu_polyline_distance (poly, n, p) < mu_table_contact_tolerance (m->table->unit) * 20)
        return p;
    }
  return (MuPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

static MuSightBlock
sight_block (MuLosBlock block, const char **rule)
{
  switch (block)
    {
    case MU_LOS_UNIT:
      *rule = "BAT-FIRE-5";
      return MU_SIGHT_UNIT;
    case MU_LOS_TERRAIN:
      *rule = "BAT-FIRE-6";
      return MU_SIGHT_TERRAIN;
    case MU_LOS_HIGHER_GROUND:
      *rule = "BAT-AMB-36";
      return MU_SIGHT_ELEVATION;
    case MU_LOS_CREST:
      *rule = "TAB-16";
      return MU_SIGHT_CREST;
    case MU_LOS_CLEAR:
    default:
      *rule = "BAT-FIRE-5";
      return MU_SIGHT_CLEAR;
    }
}

gboolean
bat_line_of_sight (BatMatch *m, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  const BatUnit *u = bat_find_unit (m, counter);
  const BatUnit *target = NULL;
  MuStand point = { 0 };
  const MuStand *stands = &point;
  guint n_stands = 1;
  MuLosResult best = { 0 };
  double best_d = G_MAXDOUBLE;
  gboolean clear = FALSE;

  if (u == NULL || !bat_unit_on_table (u))
    return bat_refuse (error, "BAT-FIRE-5", "%s is no unit on the table", counter);
  if (!to->is_point)
    return bat_refuse (error, "BAT-FIRE-5", "a line of sight on a table ends at a point");

  /* A point on a unit's stand asks about that unit, as fire at it would. */
  BAT_FOR_UNITS (m, o)
    if (o != u && bat_unit_on_table (o))
      for (guint i = 0; i < o->n_stands && target == NULL; i++)
        {
          MuPoint c[4];

          mu_stand_corners (&o->stands[i], c);
          if (mu_polygon_contains (c, 4, to->point))
            target = o;
        }
  if (target != NULL)
    {
      stands = target->stands;
      n_stands = target->n_stands;
    }
  else
    {
      point.centre = to->point;
      point.width = point.depth = 1e-3;
    }

  /* BAT-FIRE-2: any base that sees fires: the first clear base's line, else
   * the blocked line of the base nearest the point */
  for (guint i = 0; i < u->n_stands && !clear; i++)
    {
      MuLosResult r;
      double d = hypot (u->stands[i].centre.x - to->point.x, u->stands[i].centre.y - to->point.y);

      if (los_to_stands (m, u, &u->stands[i], target, stands, n_stands, &r))
        {
          best = r;
          clear = TRUE;
        }
      else if (d < best_d)
        {
          best = r;
          best_d = d;
        }
    }

  sight->clear = clear;
  sight->from = mu_pos_from_point (best.from.x, best.from.y, -1);
  sight->to = *to;
  sight->block = sight_block (clear ? MU_LOS_CLEAR : best.block, &sight->rule);
  if (!clear)
    {
      MuPoint at = block_point (m, &best);

      sight->has_blocker = TRUE;
      sight->blocker = mu_pos_from_point (at.x, at.y, -1);
      sight->unit = g_strdup (best.block == MU_LOS_UNIT ? best.unit : NULL);
      switch (best.block)
        {
        case MU_LOS_UNIT:
          sight->reason = g_strdup_printf (_("%s stands between on the same level"), best.unit);
          break;
        case MU_LOS_TERRAIN:
          sight->reason = g_strdup (_("woods or a settlement deeper than the visible distance"));
          break;
        case MU_LOS_HIGHER_GROUND:
          sight->reason = g_strdup (_("a hill higher than both ends"));
          break;
        case MU_LOS_CREST:
        case MU_LOS_CLEAR:
        default:
          sight->reason = g_strdup (mu_los_block_to_string (best.block));
          break;
        }
    }
  return TRUE;
}

/* Cover ---------------------------------------------------------------------------------- */

/* Table C by area kind: soft 3, hard 4, fortifications 5. */
static int
area_cover (const MuArea *a)
{
  switch (a->kind)
    {
    case MU_AREA_WOODS:
    case MU_AREA_LIGHT_WOODS:
      return 3;
    case MU_AREA_SETTLEMENT:
    case MU_AREA_BUILDING:
      return 4;
    case MU_AREA_BUILT_UP:
      return a->hard_cover ? 4 : 3;
    case MU_AREA_FORTIFICATION:
      return 5;
    default:
      return 0;
    }
}

static int
line_cover (const MuPolyline *l)
{
  switch (l->kind)
    {
    case MU_LINE_HEDGE:
    case MU_LINE_FENCE:
      return 3;
    case MU_LINE_WALL:
      return 4;
    case MU_LINE_DEFENCE_WORKS:
      /* BAT-FORT-1: field defences 5, prepared defences (grade 1) 4 */
      return l->grade == 1 ? 4 : 5;
    default:
      return 0;
    }
}

/* The best cover of one base against fire from `from` (lines: BAT-AMB-37). */
static int
stand_cover (BatMatch *m, const MuStand *s, MuPoint from, gboolean lines)
{
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (guint));
  int best = 0;

  /* BAT-AMB-16: a base is in cover when most of its footprint is: the best
   * value whose areas (of that cover or better) hold more than half of it */
  mu_terrain_candidates (m->terrain, s->centre, s->centre, hypot (s->width, s->depth) / 2, near, NULL);
  for (int v = 5; v >= 3 && best == 0 && near->len > 0; v--)
    {
      const MuPoint *polys[64];
      guint lens[64], n = 0;

      for (guint i = 0; i < near->len && n < G_N_ELEMENTS (polys); i++)
        {
          const MuArea *a = g_ptr_array_index (m->table->areas, g_array_index (near, guint, i));

          if (area_cover (a) >= v)
            {
              polys[n] = (const MuPoint *) a->points->data;
              lens[n++] = a->points->len;
            }
        }
      if (n > 0 && mu_stand_area_in_polygons (s, polys, lens, n) > s->width * s->depth / 2 + 1e-9)
        best = v;
    }
  /* BAT-AMB-37: a line crossing the line of fire within one base depth */
  for (guint i = 0; lines && i < m->table->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (m->table->lines, i);
      const MuPoint *pp = (const MuPoint *) l->points->data;
      int v = line_cover (l);

      if (v <= best)
        continue;
      for (guint k = 1; k < l->points->len; k++)
        {
          double t;

          if (mu_segment_intersect (from, s->centre, pp[k - 1], pp[k], &t))
            {
              MuPoint at = { from.x + t * (s->centre.x - from.x), from.y + t * (s->centre.y - from.y) };
              if (mu_table_within (mu_stands_point_distance (s, 1, at), s->depth))
                {
                  /* BAT-FORT-4: behind a breached section, soft cover only */
                  best = MAX (best, l->kind == MU_LINE_DEFENCE_WORKS && bat_works_breached_at (m, l, at) ? 3 : v);
                  break;
                }
            }
        }
    }
  return best;
}

int
bat_cover_value (BatMatch *m, const BatUnit *target, const BatUnit *firer, gboolean lines)
{
  MuPoint from = mu_stands_centre (firer->stands, firer->n_stands);
  int covers[MU_STANDS_MAX];

  if (target->n_stands == 0)
    return 0;
  for (guint i = 0; i < target->n_stands; i++)
    covers[i] = stand_cover (m, &target->stands[i], from, lines);
  /* BAT-COV-1: the best cover that covers at least half the current bases */
  for (int v = 5; v >= 3; v--)
    {
      guint n = 0;
      for (guint i = 0; i < target->n_stands; i++)
        if (covers[i] >= v)
          n++;
      if (n * 2 >= target->n_stands)
        return v;
    }
  return 0;
}
