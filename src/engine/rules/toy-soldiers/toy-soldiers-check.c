/* toy-soldiers-check.c: what a Toy Soldiers scenario must give
 * (TS-AMB-88), reported on its line, and the force-selection hint
 * (TS-SEL-1..4, TS-AMB-78, TS-AMB-79). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"
#include "toy-soldiers.h"

#include "mu-problem.h"
#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>

static void
problem (GPtrArray *problems, const MuScenario *s, MuProblemSeverity severity, int line,
         const char *object, char *text)
{
  MuProblem *p = mu_problem_new (severity, s->filename, line, "%s", text);

  p->object_id = g_strdup (object);
  g_ptr_array_add (problems, p);
  g_free (text);
}

static const char *
value_in (GPtrArray *values, const char *field)
{
  for (guint i = 0; values && i < values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (values, i);

      if (g_strcmp0 (v->field, field) == 0)
        return v->value;
    }
  return NULL;
}

static gboolean
has_word (const char *list, const char *word)
{
  g_auto(GStrv) words = g_strsplit_set (list ? list : "", " ,", -1);

  return g_strv_contains ((const char *const *) words, word);
}

/* §1.3, TS-AMB-88: the type, by default from the arm; -1 when the value
 * names none. */
static int
type_of (const MuCounter *c)
{
  static const char *const ids[] = { "line-inf", "light-inf", "cav", "art" };
  const char *v = value_in (c->values, "type");

  if (v == NULL)
    return c->arm == MU_ARM_CAVALRY ? TS_CAV : c->arm == MU_ARM_ARTILLERY ? TS_ART : TS_LINE_INF;
  for (int t = 0; t < (int) G_N_ELEMENTS (ids); t++)
    if (g_str_equal (v, ids[t]))
      return t;
  return -1;
}

static const MuCounter *
find_counter (const MuScenario *s, const char *id)
{
  for (guint i = 0; id && i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (g_strcmp0 (c->id, id) == 0)
        return c;
    }
  return NULL;
}

static void
check_sides (const MuScenario *s, GPtrArray *problems)
{
  int attackers = 0, defenders = 0;

  if (s->sides->len != 2)
    problem (problems, s, MU_PROBLEM_ERROR, 0, NULL,
             g_strdup_printf (_("Toy Soldiers needs exactly two sides, not %u (TS-AMB-88)"), s->sides->len));
  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      const char *role = value_in (side->values, "role");
      gboolean commander = FALSE;

      if (role == NULL)
        problem (problems, s, MU_PROBLEM_ERROR, side->line, side->id,
                 g_strdup_printf (_("side “%s” has no role, attacker or defender (TS-AMB-88)"), side->id));
      else if (g_str_equal (role, "attacker"))
        attackers++;
      else if (g_str_equal (role, "defender"))
        defenders++;
      if (value_in (side->values, "elan") == NULL)
        problem (problems, s, MU_PROBLEM_ERROR, side->line, side->id,
                 g_strdup_printf (_("side “%s” has no élan (TS-AMB-88)"), side->id));
      for (guint k = 0; k < s->counters->len; k++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, k);

          if (c->kind != MU_COUNTER_UNIT && g_strcmp0 (c->side, side->id) == 0 && c->place.kind == MU_PLACE_TABLE)
            commander = TRUE;
        }
      if (!commander)
        problem (problems, s, MU_PROBLEM_ERROR, side->line, side->id,
                 g_strdup_printf (_("side “%s” has no commander on the table (TS-AMB-88)"), side->id));
    }
  /* TS-SEL-2, TS-AMB-8, TS-AMB-78: one Attacker and one Defender; when
   * neither defends, the designer rolls off and gives the roles */
  if (s->sides->len == 2 && attackers + defenders == 2 && (attackers != 1 || defenders != 1))
    problem (problems, s, MU_PROBLEM_ERROR, ((MuSide *) g_ptr_array_index (s->sides, 1))->line, NULL,
             g_strdup (_("one side must be the attacker and the other the defender (TS-SEL-2, TS-AMB-8, TS-AMB-78)")));
}

static void
check_unit (const MuScenario *s, const MuCounter *c, const TsNumbers *num, GPtrArray *problems)
{
  const MuCounter *parent = find_counter (s, c->parent);
  const char *weapon = value_in (c->values, "weapon");
  int type = type_of (c);

  if (parent == NULL || parent->kind == MU_COUNTER_UNIT)
    problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
             g_strdup_printf (_("unit “%s” has no commander as its parent (TS-AMB-56, TS-AMB-88)"), c->id));
  if (type >= 0 && ((type == TS_CAV) != (c->arm == MU_ARM_CAVALRY) ||
                    (type == TS_ART) != (c->arm == MU_ARM_ARTILLERY)))
    problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
             g_strdup_printf (_("unit “%s”: its type does not agree with its arm (TS-AMB-88)"), c->id));
  if (c->strength < 1 || c->strength > 6)
    problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
             g_strdup_printf (_("unit “%s” has %d stands, not 1 to 6 (TS-AMB-88)"), c->id, c->strength));
  else if (type >= 0 && c->strength > num->stands_max[type])
    problem (problems, s, MU_PROBLEM_WARNING, c->line, c->id,
             g_strdup_printf (_("unit “%s” has %d stands, more than the %d of its selection (TS-SEL-3, TS-AMB-88)"),
                              c->id, c->strength, num->stands_max[type]));
  /* TS-AMB-88: infantry musket or rifle, cavalry carbine, artillery reg-art */
  if (weapon && type >= 0 &&
      !(type == TS_ART ? g_str_equal (weapon, "reg-art")
        : type == TS_CAV ? g_str_equal (weapon, "carbine")
        : g_str_equal (weapon, "musket") || g_str_equal (weapon, "rifle")))
    problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
             g_strdup_printf (_("unit “%s” cannot carry the weapon “%s” (TS-AMB-88)"), c->id, weapon));
  if (c->place.kind != MU_PLACE_TABLE)
    problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
             g_strdup_printf (_("unit “%s” is not placed on the table (TS-AMB-88)"), c->id));
}

/* TS-SEL-4, TS-AMB-78: every unit within 8" of its side's home edge,
 * unless a Defend option lets the Defender deploy elsewhere in its own
 * half; a warning, the deployment being the designer's. Measured from the
 * placement, the footprint's centre (TS-AMB-39). */
static void
check_deployment (const MuScenario *s, const MuCounter *c, GPtrArray *problems)
{
  const MuTableMap *t = s->table;
  double inch = t && t->unit == MU_UNIT_CM ? 2.54 : 1.0;
  const MuSide *side = NULL;
  gboolean defender;

  if (t == NULL || t->home_edges == NULL || c->place.kind != MU_PLACE_TABLE)
    return;
  for (guint i = 0; i < s->sides->len; i++)
    if (g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->id, c->side) == 0)
      side = g_ptr_array_index (s->sides, i);
  defender = side && g_strcmp0 (value_in (side->values, "role"), "defender") == 0;
  for (guint i = 0; i < t->home_edges->len; i++)
    {
      const MuHomeEdge *h = g_ptr_array_index (t->home_edges, i);
      double d, half;

      if (g_strcmp0 (h->side, c->side) != 0)
        continue;
      d = h->edge == MU_TABLE_EDGE_NORTH ? c->place.pos.y
        : h->edge == MU_TABLE_EDGE_SOUTH ? t->height - c->place.pos.y
        : h->edge == MU_TABLE_EDGE_WEST ? c->place.pos.x : t->width - c->place.pos.x;
      half = (h->edge == MU_TABLE_EDGE_NORTH || h->edge == MU_TABLE_EDGE_SOUTH ? t->height : t->width) / 2;
      if (defender ? mu_table_beyond (d, half) : mu_table_beyond (d, 8 * inch))
        problem (problems, s, MU_PROBLEM_WARNING, c->line, c->id,
                 defender
                 ? g_strdup_printf (_("unit “%s” starts outside its side's half of the table (TS-SEL-4, TS-AMB-78)"), c->id)
                 : g_strdup_printf (_("unit “%s” starts more than 8\" from its side's table edge (TS-SEL-4, TS-AMB-78)"),
                                    c->id));
    }
}

void
ts_check_scenario (const MuScenario *s, GPtrArray *problems)
{
  TsNumbers num;

  ts_numbers_init (&num);
  check_sides (s, problems);
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->kind == MU_COUNTER_UNIT)
        {
          check_unit (s, c, &num, problems);
          check_deployment (s, c, problems);
        }
      else if (c->place.kind != MU_PLACE_TABLE)
        problem (problems, s, MU_PROBLEM_ERROR, c->line, c->id,
                 g_strdup_printf (_("commander “%s” is not on the table (TS-AMB-88)"), c->id));
    }
  for (guint i = 0; s->table && s->table->areas && i < s->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (s->table->areas, i);

      if (a->kind != MU_AREA_BUILDING && a->kind != MU_AREA_BUILT_UP)
        continue;
      if (a->defence > 0)
        problem (problems, s, MU_PROBLEM_WARNING, a->line, a->id,
                 g_strdup_printf (_("the defence of “%s” is ignored (TS-AMB-88)"), a->id ? a->id : ""));
      if (a->capacity > 3)
        problem (problems, s, MU_PROBLEM_WARNING, a->line, a->id,
                 g_strdup_printf (_("“%s” holds %d stands; a village block holds 3 companies at most (TS-VIL-1, TS-AMB-85)"),
                                  a->id ? a->id : "", a->capacity));
      if (a->id == NULL)
        problem (problems, s, MU_PROBLEM_WARNING, a->line, NULL,
                 g_strdup (_("a building without an id is no village block (TS-AMB-85)")));
    }
  for (guint i = 0; s->objectives && i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      problem (problems, s, MU_PROBLEM_WARNING, o->line, o->id,
               g_strdup_printf (_("objective “%s” is ignored: Toy Soldiers is decided by élan (TS-AMB-80, TS-AMB-88)"),
                                o->id));
    }
}

gboolean
mu_toy_soldiers_selection (const MuScenario *s, const char *side, int *points, int *elan)
{
  TsNumbers num;
  const MuSide *sd = NULL;
  const char *flags;
  int n = 0, e = 0;

  g_return_val_if_fail (s != NULL && side != NULL, FALSE);

  for (guint i = 0; i < s->sides->len; i++)
    if (g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->id, side) == 0)
      sd = g_ptr_array_index (s->sides, i);
  if (sd == NULL)
    return FALSE;
  ts_numbers_init (&num);
  /* TS-SEL-3: each unit is one selection, with its type's élan */
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      int type;

      if (c->kind != MU_COUNTER_UNIT || g_strcmp0 (c->side, side) != 0)
        continue;
      type = type_of (c);
      n++;
      if (type >= 0)
        e += num.sel_elan[type];
    }
  /* the options a side's flags name are selections too */
  flags = value_in (sd->values, "flags");
  if (has_word (flags, "time-limit"))
    n++;
  if (has_word (flags, "well-trained"))
    n++;
  if (has_word (flags, "at-all-costs"))
    {
      n++;
      e += num.sel_elan_at_all_costs;
    }
  if (has_word (flags, "veterans"))
    {
      n++;
      e += num.sel_elan_veterans;
    }
  /* TS-SEL-2: the Defender took one Defend option; which one, and so the
   * élan it grants the opponent, the scenario does not say (TS-AMB-78) */
  if (g_strcmp0 (value_in (sd->values, "role"), "defender") == 0)
    n++;
  if (points)
    *points = n;
  if (elan)
    *elan = e;
  return TRUE;
}

char *
ts_side_hint (const MuScenario *s, const char *side)
{
  int points, elan;

  if (!mu_toy_soldiers_selection (s, side, &points, &elan))
    return NULL;
  /* TRANSLATORS: a Toy Soldiers side's selections (TS-SEL-1) and the élan
   * they grant (TS-ELAN-1), a hint in the editor */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point: élan %d", "%d points: élan %d", points),
                          points, elan);
}
