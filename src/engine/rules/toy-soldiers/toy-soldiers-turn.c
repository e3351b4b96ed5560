/* toy-soldiers-turn.c: set-up and the game turn of Toy Soldiers (§2): the
 * state dice (TS-STATE), chaos and élan, initiative (TS-INI, TS-AMB-58),
 * the commander and unit steps of each player-turn, the end of the
 * player-turn (TS-ELAN-5, TS-AMB-77) and of the game turn (TS-SMK-2,
 * TS-AMB-80), and the invariants. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static gboolean
event_invariants (gpointer match, GError **error)
{
  return ts_check_invariants (match, error);
}

MuEvent *
ts_event (TsMatch *m, GPtrArray *events, const MuEventKindInfo *kind, const char *subject,
          const char *rule)
{
  return mu_rules_event (events, kind, subject, rule, m->check_events, &m->event_failure,
                         event_invariants, m);
}

TsUnit *
ts_unit_at (const TsMatch *m, int i)
{
  return i >= 0 && (guint) i < m->units->len ? g_ptr_array_index (m->units, i) : NULL;
}

int
ts_unit_index (const TsMatch *m, const TsUnit *u)
{
  for (guint i = 0; i < m->units->len; i++)
    if (g_ptr_array_index (m->units, i) == u)
      return (int) i;
  return TS_NONE;
}

TsUnit *
ts_find (const TsMatch *m, const char *id)
{
  TS_FOR_UNITS (m, u)
    if (g_strcmp0 (u->def->id, id) == 0)
      return u;
  return NULL;
}

int
ts_active_side (const TsMatch *m)
{
  return m->order[m->turn_side];
}

gboolean
ts_in_play (const TsUnit *u)
{
  return !u->dispersed && u->n_st > 0;
}

TsUnit *
ts_commander_of (const TsMatch *m, const TsUnit *u)
{
  return u->type == TS_COMMANDER ? (TsUnit *) u : ts_unit_at (m, u->cmdr);
}

double
ts_in (const TsMatch *m, double x)
{
  return x * m->inch;
}

static int
side_index (const TsMatch *m, const char *side)
{
  for (int s = 0; s < TS_SIDES; s++)
    if (g_strcmp0 (m->side_id[s], side) == 0)
      return s;
  return TS_NONE;
}

/* Layout ------------------------------------------------------------------------------- */

/* TS-AMB-38: the declared shape with table formation-files' count. */
static MuFormationShape
shape_of (const TsMatch *m, TsForm form)
{
  MuFormationShape s = ts_formation_shapes[form];

  s.files = m->num.files[form];
  s.ranks = s.files == 0 ? 1 : 0;
  return s;
}

guint
ts_layout_at (const TsMatch *m, const TsUnit *u, TsForm form, int stands, MuPoint anchor, double facing,
              MuStand *out)
{
  MuFormationShape s = shape_of (m, form);

  if (u->type == TS_COMMANDER)
    stands = 1;
  return mu_stands_layout (&s, MAX (stands, 0), u->width, u->depth, anchor, facing, out, MU_STANDS_MAX);
}

void
ts_layout (TsMatch *m, TsUnit *u)
{
  /* TS-AMB-89, TAB-3: a pose is rounded to 0.01 and 0.1 degree when it is
   * placed, and later tests use the rounded pose */
  MuPos p = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);

  u->anchor = p.point;
  u->facing = p.facing;
  u->n_st = u->dispersed ? 0 : ts_layout_at (m, u, u->form, ts_formed (u), u->anchor, u->facing, u->st);
}

int
ts_formed (const TsUnit *u)
{
  return u->stands - u->n_skirm;
}

int
ts_width (const TsMatch *m, const TsUnit *u, TsForm form)
{
  MuFormationShape s = shape_of (m, form);

  return (int) mu_formation_shape_files (&s, MAX (ts_formed (u), 1));
}

int
ts_width_disorder (const TsMatch *m, int width)
{
  return m->num.width_disorder[CLAMP (width, 0, 6)];
}

double
ts_unit_distance (const TsUnit *a, const TsUnit *b)
{
  return mu_stands_distance (a->st, a->n_st, b->st, b->n_st);
}

gboolean
ts_on_table (const TsMatch *m, const MuStand *st, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[i], c);
      for (int k = 0; k < 4; k++)
        if (mu_table_beyond (0, c[k].x) || mu_table_beyond (0, c[k].y) ||
            mu_table_beyond (c[k].x, m->table->width) || mu_table_beyond (c[k].y, m->table->height))
          return FALSE;
    }
  return TRUE;
}

/* State dice --------------------------------------------------------------------------- */

static void
die_event (TsMatch *m, GPtrArray *events, const MuEventKindInfo *kind, const char *subject, int d,
           int now, const char *rule)
{
  MuEvent *e = ts_event (m, events, kind, subject, rule);
  char text[16];

  if (e == NULL)
    return;
  g_snprintf (text, sizeof text, "%+d", d);
  mu_event_set_text (e, text);
  e->value = now;
}

void
ts_add_stress (TsMatch *m, TsUnit *u, int s, const char *rule, GPtrArray *events)
{
  int gained = 0;

  if (s == 0 || u->dispersed)
    return;
  if (s < 0)
    {
      int d = MAX (s, -u->stress);

      if (d == 0)
        return;
      u->stress += d;
      die_event (m, events, &ts_ev_stress, u->def->id, d, u->stress, rule);
      return;
    }
  /* TS-STATE-2: each point gained at 6 costs a stand and leaves 5 */
  for (int i = 0; i < s && !u->dispersed; i++)
    {
      if (u->stress < 6)
        {
          u->stress++;
          gained++;
          continue;
        }
      if (gained)
        die_event (m, events, &ts_ev_stress, u->def->id, gained, u->stress, rule);
      gained = 0;
      ts_lose_stand (m, u, "TS-STATE-2", events);
      if (!u->dispersed)
        {
          u->stress = 5;
          die_event (m, events, &ts_ev_stress, u->def->id, -1, u->stress, "TS-STATE-2");
        }
    }
  if (gained)
    die_event (m, events, &ts_ev_stress, u->def->id, gained, u->stress, rule);
}

void
ts_add_disorder (TsMatch *m, TsUnit *u, int d, const char *rule, GPtrArray *events)
{
  int over = 0, change;

  if (d == 0 || u->dispersed)
    return;
  change = CLAMP (u->disorder + d, 1, 6) - u->disorder;
  /* TS-STATE-1: each point gained at 6 becomes a point of stress */
  if (d > 0)
    over = d - change;
  if (change)
    {
      u->disorder += change;
      die_event (m, events, &ts_ev_disorder, u->def->id, change, u->disorder, rule);
    }
  if (over > 0)
    ts_add_stress (m, u, over, "TS-STATE-1", events);
}

int
ts_chaos_floor (const TsMatch *m, const TsUnit *cmdr)
{
  int floor = 1;
  int i = ts_unit_index (m, cmdr);

  /* TS-AMB-55: 1 + the dispersed units of the command, at most 6 */
  TS_FOR_UNITS (m, u)
    if (u->type != TS_COMMANDER && u->cmdr == i && u->dispersed)
      floor++;
  return MIN (floor, 6);
}

void
ts_add_chaos (TsMatch *m, TsUnit *cmdr, int d, const char *rule, GPtrArray *events)
{
  int now = CLAMP (cmdr->chaos + d, ts_chaos_floor (m, cmdr), 6);
  int was = cmdr->chaos;

  if (now == was)
    return;
  cmdr->chaos = now;
  die_event (m, events, &ts_ev_chaos, cmdr->def->id, now - was, now, rule);
}

static void check_elan_loss (TsMatch *m, GPtrArray *events);

void
ts_add_elan (TsMatch *m, int side, int d, const char *rule, GPtrArray *events)
{
  if (d == 0)
    return;
  m->elan[side] += d;
  die_event (m, events, &ts_ev_elan, m->side_id[side], d, m->elan[side], rule);
  check_elan_loss (m, events);
}

void
ts_lose_stand (TsMatch *m, TsUnit *u, const char *rule, GPtrArray *events)
{
  TsUnit *c = ts_commander_of (m, u);
  int detached[8], n_detached = 0, chaos_was = c ? c->chaos : 0;
  MuEvent *e;

  if (u->dispersed || u->stands <= 0)
    return;
  /* TS-AMB-86: formed stands other than the command stand first; the
   * command stand last, which disperses the unit. The state is whole
   * before the events (each event checks the invariants). */
  if (ts_formed (u) <= 1 && u->n_skirm > 0)
    {
      /* TS-AMB-86: then its skirmish stands, the farthest from the command stand */
      int far = 0;
      double best = -1;

      for (int k = 0; k < u->n_skirm; k++)
        {
          double d = mu_stands_distance (&u->skirm[k], 1, u->st, u->n_st);

          if (d > best)
            {
              best = d;
              far = k;
            }
        }
      u->skirm[far] = u->skirm[u->n_skirm - 1];
      u->n_skirm--;
    }
  if (u->stands == 1)
    {
      /* TS-AMB-57: his unit's dispersal detaches the commander, where he stands */
      TS_FOR_UNITS (m, o)
        if (o->type == TS_COMMANDER && o->attached == ts_unit_index (m, u))
          {
            ts_detach (m, o);
            if (n_detached < 8)
              detached[n_detached++] = ts_unit_index (m, o);
          }
    }
  u->stands--;
  u->lost_pool++;
  if (u->stands == 0)
    {
      u->dispersed = TRUE;
      u->n_st = 0;
      /* TS-STATE-5: the whole unit goes, its companies in a block too */
      ts_garrison_disband (m, u);
      /* TS-AMB-55: a dispersal raises the floor; chaos follows at once */
      if (c && c->chaos < ts_chaos_floor (m, c))
        c->chaos = ts_chaos_floor (m, c);
    }
  else
    ts_layout (m, u);
  e = ts_event (m, events, &ts_ev_lost, u->def->id, rule);
  if (e)
    e->value = u->stands;
  if (!u->dispersed)
    return;
  ts_event (m, events, &ts_ev_dispersed, u->def->id, "TS-STATE-5");
  for (int i = 0; i < n_detached; i++)
    {
      e = ts_event (m, events, &ts_ev_detach, ts_unit_at (m, detached[i])->def->id, "TS-AMB-57");
      if (e)
        mu_event_set_text (e, u->def->id);
    }
  if (c && c->chaos != chaos_was)
    die_event (m, events, &ts_ev_chaos, c->def->id, c->chaos - chaos_was, c->chaos, "TS-AMB-55");
}

/* Smoke -------------------------------------------------------------------------------- */

void
ts_smoke_sync (TsMatch *m)
{
  const GArray *now = mu_table_state_markers (m->areas);

  while (now->len > 0)
    mu_table_state_remove_marker (m->areas, now->len - 1);
  for (guint i = 0; i < m->smoke->len; i++)
    {
      const TsSmoke *s = &g_array_index (m->smoke, TsSmoke, i);

      /* TS-AMB-59: it lasts to the end of the game turn after its own */
      mu_table_state_add_marker (m->areas, "smoke", s->at, ts_in (m, m->num.smoke_radius), s->bound + 1);
    }
}

/* Set-up ------------------------------------------------------------------------------- */

static const char *
value_of (const MuRuleset *ruleset, const MuCounter *c, const char *field)
{
  const MuFieldInfo *f = mu_ruleset_find_field (ruleset, field);

  if (c->values == NULL || f == NULL)
    return NULL;
  for (guint i = 0; i < c->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (c->values, i);

      if (g_strcmp0 (v->field, field) == 0)
        return v->value;
    }
  return NULL;
}

static const char *
side_value (const MuSide *s, const char *field)
{
  for (guint i = 0; s->values && i < s->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (s->values, i);

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

static int
int_value (const char *text, int fallback, int lo, int hi)
{
  char *end = NULL;
  long v;

  if (text == NULL)
    return fallback;
  v = strtol (text, &end, 10);
  return end != text ? (int) CLAMP (v, lo, hi) : fallback;
}

/* TS-AMB-88: type from the field, else the arm. */
static TsType
unit_type (const MuRuleset *ruleset, const MuCounter *c)
{
  const char *v = value_of (ruleset, c, "type");

  if (c->kind != MU_COUNTER_UNIT)
    return TS_COMMANDER;
  if (g_strcmp0 (v, "line-inf") == 0)
    return TS_LINE_INF;
  if (g_strcmp0 (v, "light-inf") == 0)
    return TS_LIGHT_INF;
  if (g_strcmp0 (v, "cav") == 0)
    return TS_CAV;
  if (g_strcmp0 (v, "art") == 0)
    return TS_ART;
  return c->arm == MU_ARM_CAVALRY ? TS_CAV : c->arm == MU_ARM_ARTILLERY ? TS_ART : TS_LINE_INF;
}

/* TS-AMB-39: the formation value wins; the format's words map by arm. */
static TsForm
unit_form (const MuRuleset *ruleset, const MuCounter *c, TsType type)
{
  const char *v = value_of (ruleset, c, "formation");
  const char *word = v ? v : c->formation_word;
  TsForm f;

  if (word == NULL)
    word = c->place.formation == MU_FORMATION_COLUMN ? "column"
         : c->place.formation == MU_FORMATION_LIMBERED ? "limbered" : "line";
  if (v && ts_form_parse (v, &f))
    return f;
  switch (type)
    {
    case TS_ART:
      return g_strcmp0 (word, "column") == 0 || g_strcmp0 (word, "limbered") == 0 ? TS_FORM_LIMBERED
                                                                                 : TS_FORM_UNLIMBERED;
    case TS_CAV:
      return g_strcmp0 (word, "column") == 0 || g_strcmp0 (word, "limbered") == 0 ? TS_FORM_COLUMN
                                                                                 : TS_FORM_LINE;
    default:
      if (g_strcmp0 (word, "column") == 0)
        return TS_FORM_COL_DIV;
      if (g_strcmp0 (word, "limbered") == 0)
        return TS_FORM_COL_COY;
      if (ts_form_parse (word, &f) && f <= TS_FORM_SQUARE)
        return f;
      return TS_FORM_LINE;
    }
}

static TsWeapon
unit_weapon (const MuRuleset *ruleset, const MuCounter *c, TsType type)
{
  const char *v = value_of (ruleset, c, "weapon");

  if (g_strcmp0 (v, "rifle") == 0 && type != TS_ART && type != TS_CAV)
    return TS_RIFLE;
  return type == TS_ART ? TS_REG_ART : type == TS_CAV ? TS_CARBINE : TS_MUSKET;
}

static void start_turn (TsMatch *m, GPtrArray *events);

TsMatch *
ts_match_new (const MuRuleset *ruleset, const MuScenario *s, MuDice *dice, GPtrArray *events,
              GError **error)
{
  TsMatch *m;

  if (s->board != MU_BOARD_TABLE || s->table == NULL || s->sides->len != 2)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "toy-soldiers needs a table and two sides");
      return NULL;
    }
  m = g_new0 (TsMatch, 1);
  m->scenario = s;
  m->ruleset = ruleset;
  m->table = s->table;
  m->dice = dice;
  m->inch = s->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
  ts_numbers_init (&m->num);
  m->terrain = mu_terrain_index_new (s->table);
  m->units = g_ptr_array_new_with_free_func (g_free);
  m->smoke = g_array_new (FALSE, TRUE, sizeof (TsSmoke));
  m->areas = mu_table_state_new (s->table);
  m->attacker = 0;
  for (int i = 0; i < TS_SIDES; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      const char *flags = side_value (side, "flags");

      m->side_id[i] = side->id;
      if (g_strcmp0 (side_value (side, "role"), "attacker") == 0)
        m->attacker = i;
      else if (g_strcmp0 (side_value (side, "role"), "defender") == 0)
        m->attacker = 1 - i;
      m->elan[i] = int_value (side_value (side, "elan"), 0, -99, 99);
      m->at_all_costs[i] = has_word (flags, "at-all-costs");
      m->well_trained[i] = has_word (flags, "well-trained");
      if (has_word (flags, "time-limit"))
        m->time_limit = TRUE;
    }
  /* TS-AMB-80: the option or a side's flag */
  if (mu_scenario_option (s, "ts.time-limit", FALSE))
    m->time_limit = TRUE;
  m->initiative = m->attacker;

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      TsUnit *u;
      int side = side_index (m, c->side);

      if (side == TS_NONE)
        continue;
      u = g_new0 (TsUnit, 1);
      u->def = c;
      u->side = side;
      u->type = unit_type (ruleset, c);
      u->cmdr = TS_NONE;
      u->attached = TS_NONE;
      u->block = TS_NONE;
      if (u->type == TS_COMMANDER)
        {
          u->chaos = int_value (value_of (ruleset, c, "chaos"), 1, 1, 6);
          u->stands = 1;
          u->form = TS_FORM_LINE;
          mu_table_base_size (s->table, MU_ARM_INFANTRY, &u->width, &u->depth);
        }
      else
        {
          u->form = unit_form (ruleset, c, u->type);
          u->weapon = unit_weapon (ruleset, c, u->type);
          u->stands = CLAMP (c->strength, 0, 6);
          u->stands_max = u->stands;
          u->disorder = int_value (value_of (ruleset, c, "disorder"), 1, 1, 6);
          u->stress = int_value (value_of (ruleset, c, "stress"), 0, 0, 6);
          mu_table_base_size (s->table, c->arm, &u->width, &u->depth);
        }
      u->facing = isfinite (c->place.facing) ? c->place.facing : 0;
      if (c->place.kind == MU_PLACE_TABLE && isfinite (c->place.pos.x) && isfinite (c->place.pos.y) &&
          u->stands > 0)
        {
          /* TS-AMB-39: the scenario's x, y is the footprint's centre */
          u->n_st = mu_scenario_counter_stands (s, c, u->type == TS_COMMANDER ? NULL : ts_form_id (u->form),
                                                u->type == TS_COMMANDER ? 1 : u->stands, c->place.pos,
                                                u->facing, u->st, MU_STANDS_MAX);
          if (u->n_st > 0)
            {
              u->width = u->st[0].width;
              u->depth = u->st[0].depth;
              u->anchor = mu_stands_anchor (u->st, u->n_st);
              ts_layout (m, u);
            }
        }
      if (u->n_st == 0)
        u->dispersed = TRUE;
      g_ptr_array_add (m->units, u);
    }
  /* TS-AMB-56: each unit's commander is its parent */
  TS_FOR_UNITS (m, u)
    if (u->type != TS_COMMANDER && u->def->parent)
      {
        TsUnit *c = ts_find (m, u->def->parent);

        if (c && c->type == TS_COMMANDER)
          u->cmdr = ts_unit_index (m, c);
      }
  ts_blocks_init (m);
  m->bound = s->timeline.first_bound > 0 ? s->timeline.first_bound : 1;
  m->timeline = s->timeline.bounds > 0;
  m->last_bound = m->bound + MAX (s->timeline.bounds, 1) - 1;
  m->winner = TS_NONE;
  m->open_unit = TS_NONE;
  ts_event (m, events, mu_event_kind_info (MU_EVENT_MATCH_START), "toy-soldiers", NULL);
  start_turn (m, events);
  return m;
}

TsMatch *
ts_match_copy (const TsMatch *o, MuDice *dice)
{
  TsMatch *m = g_new0 (TsMatch, 1);

  *m = *o;
  m->dice = dice;
  m->terrain = mu_terrain_index_new (o->table);
  m->units = g_ptr_array_new_with_free_func (g_free);
  TS_FOR_UNITS (o, u)
    g_ptr_array_add (m->units, g_memdup2 (u, sizeof *u));
  m->smoke = g_array_copy (o->smoke);
  m->areas = mu_table_state_copy (o->areas);
  m->blocks = g_array_copy (o->blocks);
  ts_decision_copy (&o->decision, &m->decision);
  m->charge = ts_charge_copy (o->charge);
  m->contact = ts_contact_copy (o->contact);
  m->event_failure = g_strdup (o->event_failure);
  m->counter_views = NULL;
  m->objective_views = NULL;
  return m;
}

void
ts_match_free (TsMatch *m)
{
  if (m == NULL)
    return;
  g_clear_pointer (&m->terrain, mu_terrain_index_free);
  g_clear_pointer (&m->units, g_ptr_array_unref);
  g_clear_pointer (&m->smoke, g_array_unref);
  g_clear_pointer (&m->areas, mu_table_state_free);
  g_clear_pointer (&m->blocks, g_array_unref);
  ts_decision_clear (&m->decision);
  g_clear_pointer (&m->charge, ts_charge_free);
  g_clear_pointer (&m->contact, ts_contact_free);
  g_clear_pointer (&m->counter_views, g_array_unref);
  g_clear_pointer (&m->objective_views, g_array_unref);
  g_free (m->event_failure);
  g_free (m);
}

/* The end ------------------------------------------------------------------------------ */

static void
finish (TsMatch *m, int winner, const char *level, GPtrArray *events)
{
  MuEvent *e;

  if (m->finished)
    return;
  m->finished = TRUE;
  m->winner = winner;
  m->level = level;
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_VICTORY), NULL,
                g_str_equal (level, "tactical") ? "TS-END-3" : g_str_equal (level, "draw") ? "TS-AMB-80"
                                                                                         : "TS-ELAN-5");
  if (e)
    {
      mu_event_set_text (e, level);
      if (winner != TS_NONE)
        mu_event_set_side (e, m->side_id[winner]);
    }
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_GAME_END), NULL, NULL);
  if (e)
    mu_event_set_text (e, g_str_equal (level, "decisive") ? "elan" : "last-turn");
}

/* TS-ELAN-5, TS-AMB-77: a side whose élan goes below 0 loses at once. */
static void
check_elan_loss (TsMatch *m, GPtrArray *events)
{
  gboolean below[TS_SIDES] = { m->elan[0] < 0, m->elan[1] < 0 };

  if (below[0] && below[1])
    finish (m, m->at_all_costs[0] != m->at_all_costs[1] ? (m->at_all_costs[0] ? 0 : 1) : m->attacker,
            "decisive", events);
  else if (below[0] || below[1])
    finish (m, below[0] ? 1 : 0, "decisive", events);
}

/* TS-ELAN-5, TS-AMB-9, TS-AMB-77: at the end of each player-turn a side at
 * 0 loses; both at 0: the side with at-all-costs, else the Attacker. */
static void
check_elan_end (TsMatch *m, GPtrArray *events)
{
  gboolean zero[TS_SIDES] = { m->elan[0] <= 0, m->elan[1] <= 0 };

  if (zero[0] && zero[1])
    finish (m, m->at_all_costs[0] != m->at_all_costs[1] ? (m->at_all_costs[0] ? 0 : 1) : m->attacker,
            "decisive", events);
  else if (zero[0] || zero[1])
    finish (m, zero[0] ? 1 : 0, "decisive", events);
}

/* The turn ----------------------------------------------------------------------------- */

static void
begin_player_turn (TsMatch *m, GPtrArray *events)
{
  int side = ts_active_side (m);
  MuEvent *e;

  m->step = TS_STEP_COMMANDER;
  m->open_unit = TS_NONE;
  TS_FOR_UNITS (m, u)
    {
      u->acted = FALSE;
      u->hasty = FALSE;
      u->cdr_acted = FALSE;
      u->types_used = 0;
    }
  for (guint i = 0; i < m->blocks->len; i++)
    g_array_index (m->blocks, TsBlock, i).fired = FALSE;
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, "TS-CDR-1");
  if (e)
    {
      mu_event_set_side (e, m->side_id[side]);
      e->value = m->step;
      mu_event_set_text (e, "commander");
    }
}

/* TS-INI-2, TS-AMB-58: after a game turn with Battlefield Awareness, 1d6
 * per aware commander, the holder first; a tie leaves it. */
static void
roll_initiative (TsMatch *m, GPtrArray *events)
{
  int total[TS_SIDES] = { 0, 0 };
  int first = m->initiative;

  for (int k = 0; k < TS_SIDES; k++)
    {
      int s = k == 0 ? first : 1 - first;
      guint n = 0;

      TS_FOR_UNITS (m, u)
        if (u->type == TS_COMMANDER && u->side == s && u->aware)
          n++;
      if (n > 0)
        total[s] = mu_dice_roll_pool (m->dice, events, "initiative", m->side_id[s], n, MU_DICE_SUM, 0, 0, 0,
                                      NULL, "TS-INI-2", NULL);
    }
  TS_FOR_UNITS (m, u)
    u->aware = FALSE;
  if (total[1 - m->initiative] > total[m->initiative])
    {
      int seizer = 1 - m->initiative;

      m->initiative = seizer;
      /* TS-ELAN-4, TS-AMB-80: under the time limit the opponent loses 1 instead */
      if (m->time_limit)
        ts_add_elan (m, 1 - seizer, -1, "TS-ELAN-4", events);
      else
        ts_add_elan (m, seizer, 1, "TS-ELAN-4", events);
    }
}

static void
start_turn (TsMatch *m, GPtrArray *events)
{
  MuEvent *e = ts_event (m, events, mu_event_kind_info (MU_EVENT_BOUND), NULL, NULL);

  if (e)
    e->value = m->bound;
  m->step = TS_STEP_INITIATIVE;
  if (m->any_aware)
    roll_initiative (m, events);
  m->any_aware = FALSE;
  if (m->finished)
    return;
  m->order[0] = m->initiative;
  m->order[1] = 1 - m->initiative;
  m->order_id[0] = m->side_id[m->order[0]];
  m->order_id[1] = m->side_id[m->order[1]];
  m->order_id[2] = NULL;
  ts_event (m, events, &ts_ev_initiative, m->side_id[m->initiative], "TS-INI-1");
  m->turn_side = 0;
  begin_player_turn (m, events);
}

/* §2 step 5, TS-SMK-2, TS-AMB-59, TS-AMB-80. */
static void
end_game_turn (TsMatch *m, GPtrArray *events)
{
  guint gone = 0;

  m->step = TS_STEP_END;
  for (guint i = m->smoke->len; i-- > 0;)
    if (g_array_index (m->smoke, TsSmoke, i).bound < m->bound)
      {
        g_array_remove_index (m->smoke, i);
        gone++;
      }
  if (gone)
    {
      MuEvent *e = ts_event (m, events, &ts_ev_smoke_gone, NULL, "TS-SMK-2");

      if (e)
        e->value = gone;
    }
  ts_smoke_sync (m);
  TS_FOR_UNITS (m, u)
    {
      u->fired_on_last = u->fired_on;
      u->fired_on = FALSE;
      u->fire_disorder = 0;
      u->limber_hit = FALSE;
      u->berated = FALSE;
    }
  if (m->timeline && m->bound >= m->last_bound)
    {
      /* TS-END-3: the Defender wins with élan (one at 0 has lost already);
       * without the time limit the last turn is a draw (TS-AMB-80) */
      if (m->time_limit)
        finish (m, m->elan[1 - m->attacker] >= 1 ? 1 - m->attacker : m->attacker, "tactical", events);
      else
        finish (m, TS_NONE, "draw", events);
      return;
    }
  m->bound++;
  start_turn (m, events);
}

void
ts_begin_units (TsMatch *m, GPtrArray *events)
{
  MuEvent *e;

  if (m->step != TS_STEP_COMMANDER)
    return;
  m->step = TS_STEP_UNITS;
  e = ts_event (m, events, mu_event_kind_info (MU_EVENT_PHASE), NULL, "TS-ACT-1");
  if (e)
    {
      mu_event_set_side (e, m->side_id[ts_active_side (m)]);
      e->value = m->step;
      mu_event_set_text (e, "units");
    }
}

gboolean
ts_end_phase (TsMatch *m, GPtrArray *events, GError **error)
{
  (void) error;
  if (events == NULL)
    return TRUE;
  if (m->step == TS_STEP_COMMANDER)
    {
      ts_begin_units (m, events);
      return TRUE;
    }
  /* §2 step 3: the end of the player-turn */
  check_elan_end (m, events);
  if (m->finished)
    return TRUE;
  if (m->turn_side == 0)
    {
      m->turn_side = 1;
      begin_player_turn (m, events);
      return TRUE;
    }
  end_game_turn (m, events);
  return TRUE;
}

/* Invariants --------------------------------------------------------------------------- */

gboolean
ts_check_invariants (TsMatch *m, GError **error)
{
  TS_FOR_UNITS (m, u)
    {
      if (u->type == TS_COMMANDER)
        {
          if (u->chaos < ts_chaos_floor (m, u) || u->chaos > 6)
            return mu_rules_invalid (error, "%s's chaos %d is outside %d..6", u->def->id, u->chaos,
                                     ts_chaos_floor (m, u));
          if (u->attached != TS_NONE && !ts_in_play (ts_unit_at (m, u->attached)))
            return mu_rules_invalid (error, "%s is attached to a unit out of play", u->def->id);
          continue;
        }
      if (u->disorder < 1 || u->disorder > 6)
        return mu_rules_invalid (error, "%s's disorder %d is outside 1..6", u->def->id, u->disorder);
      if (u->stress < 0 || u->stress > 6)
        return mu_rules_invalid (error, "%s's stress %d is outside 0..6", u->def->id, u->stress);
      /* TS-AMB-85: the companies in a block are the battalion's too */
      if (u->stands + u->lost_pool + ts_garrison_companies (m, u) != u->stands_max && !(u->stands_max == 0))
        return mu_rules_invalid (error, "%s has %d stands, %d in a block and %d lost of %d", u->def->id,
                                 u->stands, ts_garrison_companies (m, u), u->lost_pool, u->stands_max);
      if (ts_garrisoned (m, u))
        {
          if (u->dispersed || u->n_st != 0 || u->stands != 0)
            return mu_rules_invalid (error, "%s is a whole garrison yet laid out", u->def->id);
          continue;
        }
      if (u->dispersed != (u->n_st == 0))
        return mu_rules_invalid (error, "%s: dispersed and laid out disagree", u->def->id);
      if (!u->dispersed && (int) u->n_st != ts_formed (u))
        return mu_rules_invalid (error, "%s has %d stands laid out for %d", u->def->id, u->n_st, ts_formed (u));
      if (u->n_skirm < 0 || ts_formed (u) < (u->dispersed ? 0 : 1))
        return mu_rules_invalid (error, "%s has %d skirmish stands of %d", u->def->id, u->n_skirm, u->stands);
      if (!u->dispersed && !ts_on_table (m, u->st, u->n_st))
        return mu_rules_invalid (error, "%s stands off the table", u->def->id);
      /* TAB-11: stands never overlap */
      TS_FOR_UNITS (m, o)
        if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && ts_in_play (u) &&
            ts_unit_index (m, o) > ts_unit_index (m, u) && mu_stands_overlap (u->st, u->n_st, o->st, o->n_st))
          return mu_rules_invalid (error, "%s overlaps %s", u->def->id, o->def->id);
    }
  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
      const TsUnit *u = ts_unit_at (m, b->unit);

      if (b->unit == TS_NONE)
        continue;
      if (u == NULL || u->block != (int) i || b->companies < 1 || b->companies > 3 || b->stress < 0 ||
          b->stress > 6)
        return mu_rules_invalid (error, "block %s: garrison %d companies, stress %d", b->area->id,
                                 b->companies, b->stress);
    }
  return TRUE;
}
