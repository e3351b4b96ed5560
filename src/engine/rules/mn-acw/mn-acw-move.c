/* mn-acw-move.c: an activation's changes and its move (MN-MOV-*,
 * MN-UNIT-2, MN-AMB-43..53, MN-AMB-56..59): facing and formation changes
 * about the centre base, the movement dice read by type and direction,
 * the column and leader bonuses, one straight leg within the direction's
 * tolerance, terrain halving, interpenetration, and leaders attaching and
 * detaching. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

gboolean
mn_on_table (const MnUnit *u)
{
  return u->status == MN_STATUS_ACTIVE && (u->n_stands > 0 || u->attached != MN_NONE);
}

gboolean
mn_has_stands (const MnUnit *u)
{
  return u->status == MN_STATUS_ACTIVE && u->n_stands > 0;
}

MuPoint
mn_anchor (const MnUnit *u)
{
  return mu_stands_anchor (u->stands, u->n_stands);
}

/* MN-AMB-43: the centre of the footprint, which is the centre base's. */
MuPoint
mn_footprint_centre (const MnUnit *u)
{
  return mu_stands_footprint (u->stands, u->n_stands).centre;
}

/* MN-AMB-43: the centre base, a stand-sized rectangle about the centre. */
MuStand
mn_centre_base (const MnUnit *u)
{
  MuStand s = { mn_footprint_centre (u), u->width, u->depth, u->facing, 0 };

  return s;
}

guint
mn_layout_about (const MnMatch *m, const MnUnit *u, MuPoint centre, double facing, MnForm form,
                 int bases, MuStand *out)
{
  const MuFormationShape *shape = &mn_formation_shapes[u->type == MN_TYPE_LEADER ? MN_FORM_LINE : form];
  MuPoint origin = { 0, 0 };
  guint n = mu_stands_layout (shape, bases, u->width, u->depth, origin, facing, out, MU_STANDS_MAX);
  MuPoint fc = mu_stands_footprint (out, n).centre;

  for (guint k = 0; k < n; k++)
    {
      out[k].centre.x += centre.x - fc.x;
      out[k].centre.y += centre.y - fc.y;
    }
  return n;
}

/* Whether a point lies in an area the ruleset's troops may not enter. */
static gboolean
point_impassable (const MnMatch *m, MuPoint p)
{
  guint areas[16];
  guint n = mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas));

  for (guint a = 0; a < MIN (n, G_N_ELEMENTS (areas)); a++)
    if (mu_ruleset_area_impassable (m->ruleset,
                                    ((const MuArea *) g_ptr_array_index (m->table->areas, areas[a]))->kind))
      return TRUE;
  return FALSE;
}

/* Whether every corner of the stands lies on the table (TAB-4's tolerance). */
gboolean
mn_stands_on_table (const MnMatch *m, const MuStand *st, guint n)
{
  for (guint k = 0; k < n; k++)
    {
      MuPoint c[4];

      mu_stand_corners (&st[k], c);
      for (guint i = 0; i < 4; i++)
        if (!mu_table_within (0, c[i].x) || !mu_table_within (0, c[i].y) ||
            !mu_table_within (c[i].x, m->table->width) || !mu_table_within (c[i].y, m->table->height))
          return FALSE;
    }
  return TRUE;
}

/* Whether o's stands may be within `limit` of those in `box` (FALSE only
 * when they surely are not): the cheap test before the pairs of stands. */
gboolean
mn_unit_boxes_near (const MuStandsBox *box, const MnUnit *o, double limit)
{
  MuStandsBox ob;

  mu_stands_box (o->stands, o->n_stands, &ob);
  return mu_stands_boxes_near (box, &ob, limit);
}

gboolean
mn_place_free (const MnMatch *m, const MnUnit *u, const MuStand *st, guint n, const MnUnit *also)
{
  MuStandsBox box;

  if (!mn_stands_on_table (m, st, n))
    return FALSE;
  for (guint k = 0; k < n; k++)
    if (point_impassable (m, st[k].centre) || mn_point_in_destroyed (m, st[k].centre))
      return FALSE;
  mu_stands_box (st, n, &box);
  MN_FOR_UNITS (m, o)
    if (o != u && o != also && mn_has_stands (o) && mn_unit_boxes_near (&box, o, 0) &&
        mu_stands_overlap (st, n, o->stands, o->n_stands))
      return FALSE;
  return TRUE;
}

/* MN-AMB-55: in contact with an enemy regiment or battery. */
gboolean
mn_in_melee (const MnMatch *m, const MnUnit *u)
{
  MuStandsBox box;

  if (!mn_has_stands (u))
    return FALSE;
  mu_stands_box (u->stands, u->n_stands, &box);
  MN_FOR_UNITS (m, o)
    if (o->side != u->side && o->type != MN_TYPE_LEADER && mn_has_stands (o) &&
        mn_unit_boxes_near (&box, o, mn_tolerance (m)) &&
        mu_stands_within (u->stands, u->n_stands, o->stands, o->n_stands, mn_tolerance (m)))
      return TRUE;
  return FALSE;
}

/* The difference of two facings, 0..180 degrees. */
static double
angle_between (double a, double b)
{
  double d = fmod (fabs (a - b), 360.0);

  return d > 180 ? 360 - d : d;
}

static double
normal_facing (double f)
{
  f = fmod (f, 360.0);
  return f < 0 ? f + 360 : f;
}

/* Leaders -------------------------------------------------------------------------- */

/* The stand a leader is measured from: his own, or (attached) his unit's
 * centre base (MN-AMB-56, MN-AMB-59). */
static gboolean
leader_stand (const MnMatch *m, const MnUnit *l, MuStand *out)
{
  if (l->type != MN_TYPE_LEADER || l->status != MN_STATUS_ACTIVE)
    return FALSE;
  if (l->attached != MN_NONE)
    {
      *out = mn_centre_base (g_ptr_array_index (m->units, l->attached));
      return TRUE;
    }
  if (l->n_stands == 0)
    return FALSE;
  *out = l->stands[0];
  return TRUE;
}

/* MN-MOV-3, MN-AMB-12, MN-AMB-59: a leader of the side within 3" of the
 * unit's centre base (from his stand to its nearest point, TAB-4) with
 * line of sight to it, TAB-16's from the whole outline of his stand; his
 * own attached leader always. */
static gboolean
leader_near (MnMatch *m, const MnUnit *u)
{
  MuStand cb = mn_centre_base (u);

  MN_FOR_UNITS (m, l)
    {
      MuStand ls;

      if (l->side != u->side || !leader_stand (m, l, &ls))
        continue;
      if (l->attached != MN_NONE && g_ptr_array_index (m->units, l->attached) == u)
        return TRUE;
      if (!mu_table_within (mu_stand_distance (&ls, &cb), m->num.leader_near))
        continue;
      /* the whole outline of his stand in place of a front edge: each of
       * its four edges in turn as the front */
      for (int turn = 0; turn < 4; turn++)
        {
          MuStand edge = ls;

          edge.facing = fmod (ls.facing + 90 * turn, 360);
          if (turn % 2)
            {
              edge.width = ls.depth;
              edge.depth = ls.width;
            }
          if (mn_sight (m, l, &edge, 1, u, &cb, 1, NULL))
            return TRUE;
        }
    }
  return FALSE;
}

void
mn_attach_at_setup (MnMatch *m)
{
  MN_FOR_UNITS (m, l)
    {
      int best = MN_NONE;
      double best_d = G_MAXDOUBLE;

      if (l->type != MN_TYPE_LEADER || l->n_stands == 0)
        continue;
      for (guint i = 0; i < m->units->len; i++)
        {
          const MnUnit *t = g_ptr_array_index (m->units, i);
          gboolean taken = FALSE;
          MuPoint c;
          double d;

          if (t->type == MN_TYPE_LEADER || t->side != l->side || !mn_has_stands (t) ||
              !mu_stands_within (l->stands, 1, t->stands, t->n_stands, mn_tolerance (m)))
            continue;
          MN_FOR_UNITS (m, o)
            taken |= o->type == MN_TYPE_LEADER && o->attached == (int) i;
          c = mn_footprint_centre (t);
          d = hypot (c.x - l->stands[0].centre.x, c.y - l->stands[0].centre.y);
          if (!taken && d < best_d)
            {
              best = i;
              best_d = d;
            }
        }
      if (best != MN_NONE)
        {
          l->attached = best;
          l->n_stands = 0;
        }
    }
}

/* MN-AMB-56: the first legal end of a move off his unit for a leader who
 * owes his move after leaving it, tried every 0.25 in of his roll along
 * his ray, or along rays 15° apart for a move sideways; FALSE when there
 * is none. */
gboolean
mn_leader_way_off (MnMatch *m, MnUnit *u, MuPos *to)
{
  MuPoint a = mn_anchor (u);
  int n_rays = u->dir == MN_DIR_OBLIQUE ? 13 : 1;

  for (double l = 0.25; l < u->allowance + 0.25; l += 0.25)
    for (int i = 0; i < n_rays; i++)
      {
        double f = u->facing + (u->dir == MN_DIR_BACK ? 180 : u->dir == MN_DIR_OBLIQUE ? -90 + 15 * i : 0);
        MuPoint d = mu_facing_vector (f);
        double len = MIN (l, u->allowance);
        g_autoptr(MuCommand) c = mu_command_new ("move");

        *to = mu_pos_from_point (round ((a.x + d.x * len) * 100) / 100, round ((a.y + d.y * len) * 100) / 100,
                                 -1);
        mu_command_add_word (c, u->def->id);
        mu_command_add_pos (c, to);
        if (mn_apply (m, c, NULL, NULL))
          return TRUE;
      }
  return FALSE;
}

/* `attach LEADER UNIT` (MN-AMB-56): at the end of the leader's own
 * activation, to a friendly unit his stand touches that has no leader. */
gboolean
mn_apply_attach (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *l = mn_find_unit (m, mu_command_word (c, 0));
  MnUnit *t = mn_find_unit (m, mu_command_word (c, 1));
  guint ti = 0;

  if (l == NULL || l->type != MN_TYPE_LEADER)
    return mu_rules_refuse (error, "MN-AMB-56", "“%s” is no leader", mu_command_word (c, 0));
  if (t == NULL || t->type == MN_TYPE_LEADER || t->side != l->side || !mn_has_stands (t))
    return mu_rules_refuse (error, "MN-AMB-56", "“%s” is no friendly unit on the table", mu_command_word (c, 1));
  if (!l->activated || l->owes_move || l->side != mn_active_side (m) || m->step != MN_STEP_MOVE)
    return mu_rules_refuse (error, "MN-AMB-56", "%s attaches at the end of his own activation", l->def->id);
  if (l->attached != MN_NONE || l->n_stands == 0)
    return mu_rules_refuse (error, "MN-AMB-56", "%s is attached already", l->def->id);
  g_ptr_array_find (m->units, t, &ti);
  MN_FOR_UNITS (m, o)
    if (o->type == MN_TYPE_LEADER && o->attached == (int) ti)
      return mu_rules_refuse (error, "MN-AMB-56", "%s has a leader already", t->def->id);
  if (!mu_stands_within (l->stands, 1, t->stands, t->n_stands, mn_tolerance (m)))
    return mu_rules_refuse (error, "MN-AMB-56", "%s's stand does not touch %s", l->def->id, t->def->id);
  if (events == NULL)
    return TRUE;
  l->attached = ti;
  l->n_stands = 0;
  mu_event_set_object (mn_event (m, events, &mn_ev_attach, l->def->id, "MN-AMB-56"), t->def->id);
  return TRUE;
}

/* Activation ------------------------------------------------------------------------ */

static const MuRollModifier column_mod = { "column", N_("In column"), "MN-MOV-3", 0, FALSE };
static const MuRollModifier leader_mod = { "leader", N_("Leader within 3 in"), "MN-MOV-3", 0, FALSE };

gboolean
mn_parse_changes (const MnMatch *m, const MnUnit *u, const MuCommand *c, guint first, MnChanges *ch,
                  GError **error)
{
  ch->turn = ch->reform = ch->has_bearing = FALSE;
  ch->facing = u->facing;
  ch->form = u->form;
  for (guint i = first; i < mu_command_n_args (c); i++)
    {
      const MuArg *a = mu_command_arg (c, i);

      if (a->kind == MU_ARG_NUMBER && !ch->has_bearing && i == first)
        {
          ch->has_bearing = TRUE;
          ch->bearing = a->number;
          continue;
        }
      if (a->kind != MU_ARG_STEP || (a->move != MU_MOVE_FACE && a->move != MU_MOVE_FORM))
        return mu_rules_refuse (error, "MN-AMB-48", "an activation changes facing (face F) and formation "
                                "(form line|column) only; the move follows with move");
      if (a->move == MU_MOVE_FACE)
        {
          if (mu_table_within (0.1, angle_between (a->number, u->facing)))
            ch->turn = TRUE;
          ch->facing = a->number;
        }
      else if (u->type == MN_TYPE_LEADER || !mn_form_parse (a->word, &ch->form))
        return mu_rules_refuse (error, "MN-UNIT-1", "%s has no formation “%s” (line or column)", u->def->id,
                                a->word);
      else
        ch->reform = ch->form != u->form;
    }
  return TRUE;
}

gboolean
mn_check_changes (const MnMatch *m, const MnUnit *u, const MnChanges *ch, GError **error)
{
  MuStand st[MU_STANDS_MAX];
  guint n;

  if (!ch->turn && !ch->reform)
    return TRUE;
  n = mn_layout_about (m, u, mn_footprint_centre (u), ch->facing, ch->form, u->bases, st);
  /* MN-AMB-45, MN-AMB-49: on the table, off impassable ground, clear of
   * every other unit's stands */
  if (!mn_place_free (m, u, st, n, NULL))
    return mu_rules_refuse (error, ch->turn ? "MN-AMB-49" : "MN-AMB-45",
                            "%s has no room to turn or form there", u->def->id);
  return TRUE;
}

void
mn_make_changes (MnMatch *m, MnUnit *u, const MnChanges *ch, GPtrArray *events)
{
  MuPoint centre = mn_footprint_centre (u), from_anchor = mn_anchor (u);
  double from_facing = u->facing;

  if (ch->turn)
    {
      MuEvent *e = mn_event (m, events, &mn_ev_face, u->def->id, "MN-AMB-49");

      u->changed_facing = TRUE;
      u->facing = ch->facing;
      u->n_stands = mn_layout_about (m, u, centre, u->facing, u->form, u->bases, u->stands);
      e->from = mu_pos_from_point (from_anchor.x, from_anchor.y, from_facing);
      e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    }
  if (ch->reform)
    {
      MuEvent *e = mn_event (m, events, &mn_ev_formation, u->def->id, "MN-AMB-45");

      u->changed_form = TRUE;
      u->form = ch->form;
      u->n_stands = mn_layout_about (m, u, centre, u->facing, u->form, u->bases, u->stands);
      mu_event_set_text (e, mn_form_id (u->form));
      e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    }
}

double
mn_roll_movement (MnMatch *m, MnUnit *u, MnDir dir, GPtrArray *events)
{
  static const MuDiceRead reads[] = { MU_DICE_HIGHEST, MU_DICE_LOWEST, MU_DICE_SUM };
  MuRollModifier mods[2];
  guint n_mods = 0;
  MuRoll roll = { 0 };
  int ndice = u->changed_facing || u->changed_form ? m->num.dice_one_change : m->num.dice;
  double value;

  if (u->changed_facing && u->changed_form)
    ndice = m->num.dice_both_changes;
  if (ndice <= 0)
    return 0;
  /* MN-AMB-11, MN-AMB-58: the column's +6 in every direction, never for a
   * leader; MN-AMB-59: a leader's +1 to units, not to leaders */
  if (u->type != MN_TYPE_LEADER && u->form == MN_FORM_COLUMN)
    {
      mods[n_mods] = column_mod;
      mods[n_mods++].value = (int) m->num.column_bonus;
    }
  if (u->type != MN_TYPE_LEADER && leader_near (m, u))
    {
      mods[n_mods] = leader_mod;
      mods[n_mods++].value = (int) m->num.leader_bonus;
    }
  roll.purpose = "move";
  roll.subject = u->def->id;
  roll.n = ndice;
  roll.read = reads[m->num.read[u->type][dir]];
  roll.modifiers = mods;
  roll.n_modifiers = n_mods;
  roll.rule = "MN-MOV-4";
  /* MN-AMB-13: never below 0 */
  value = mu_dice_roll_read (m->dice, events, &roll, NULL);
  return MAX (value, 0);
}

/* `activate UNIT ahead|back|oblique|stay [face F] [form line|column]`
 * (MN-ACT-1, MN-UNIT-2, MN-MOV-2, MN-MOV-3, MN-AMB-49, MN-AMB-50). */
gboolean
mn_apply_activate (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *u = mn_find_unit (m, mu_command_word (c, 0));
  MnDir dir;
  MnChanges ch;
  MnUnit *unit = NULL;
  int side;

  if (u == NULL)
    return mu_rules_refuse (error, "MN-ACT-1", "no unit or leader “%s”", mu_command_word (c, 0));
  mn_dir_parse (mu_command_word (c, 1), &dir);
  if (!mn_may_activate (m, u, error) || !mn_parse_changes (m, u, c, 2, &ch, error))
    return FALSE;
  if (ch.has_bearing)
    return mu_rules_refuse (error, "MN-AMB-48", "an activation changes facing (face F) and formation "
                            "(form line|column) only; the move follows with move");
  if (ch.turn && ch.reform && dir != MN_DIR_STAY)
    return mu_rules_refuse (error, "MN-MOV-3", "a unit that changes both facing and formation may not move: "
                            "activate it with stay");
  if (dir != MN_DIR_STAY && u->art_fired &&
      (u->type == MN_TYPE_FOOT_ART || u->type == MN_TYPE_HORSE_ART))
    return mu_rules_refuse (error, "MN-MOV-3", "%s has fired this turn and may not move", u->def->id);
  if (u->type == MN_TYPE_LEADER && u->attached != MN_NONE)
    {
      MuStand st[MU_STANDS_MAX];
      guint n;

      if (dir == MN_DIR_STAY)
        return mu_rules_refuse (error, "MN-AMB-56", "a leader activated to leave his unit must move off it");
      /* MN-AMB-56: his stand is placed on his unit's centre base, facing as
       * the unit, then turned if he turns */
      unit = g_ptr_array_index (m->units, u->attached);
      for (int pass = 0; pass < (ch.turn ? 2 : 1); pass++)
        {
          /* placed facing as the unit, then turned if he turns */
          n = mn_layout_about (m, u, mn_footprint_centre (unit), pass ? ch.facing : unit->facing,
                               MN_FORM_LINE, 1, st);
          if (!mn_place_free (m, u, st, n, unit))
            return mu_rules_refuse (error, "MN-AMB-56", "%s has no room to leave %s", u->def->id,
                                    unit->def->id);
        }
    }
  else if (!mn_check_changes (m, u, &ch, error))
    return FALSE;
  if (events == NULL)
    return TRUE;

  side = u->side;
  m->activations[side]--;
  u->activated = TRUE;
  u->dir = dir;
  {
    MuEvent *e = mn_event (m, events, &mn_ev_activate, u->def->id, "MN-ACT-1");

    mu_event_set_text (e, mn_dir_id (dir));
    e->value = m->activations[side];
  }
  if (unit)
    {
      MuEvent *e = mn_event (m, events, &mn_ev_detach, u->def->id, "MN-AMB-56");

      u->left = u->attached;
      u->attached = MN_NONE;
      u->facing = unit->facing;
      u->n_stands = mn_layout_about (m, u, mn_footprint_centre (unit), u->facing, MN_FORM_LINE, 1, u->stands);
      mu_event_set_object (e, unit->def->id);
      e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    }
  mn_make_changes (m, u, &ch, events);
  if (dir == MN_DIR_STAY)
    return TRUE;
  /* MN-MOV-2, MN-MOV-3, MN-MOV-7: two dice, one after one change; read by
   * type and direction (one die is all three readings) */
  u->allowance = mn_roll_movement (m, u, dir, events);
  u->owes_move = TRUE;
  return TRUE;
}

/* The move ------------------------------------------------------------------------ */

/* The straight leg a `move` names (MN-AMB-47, MN-AMB-48): its unit
 * vector *d and length to 0.01, and the allowance after the terrain's
 * halving (MN-AMB-53); FALSE with a refusal when it is no move of the
 * declared direction or the terrain forbids it. */
static gboolean
move_leg (MnMatch *m, MnUnit *u, const MuArg *a, MuPoint *dir, double *out_length, double *out_allowance,
          GError **error)
{
  MuPoint fv, d = { 0, 0 }, anchor, end_anchor;
  double length = 0;
  gboolean halved = FALSE;
  MuStand st[MU_STANDS_MAX];

  if (!u->owes_move || m->step != MN_STEP_MOVE || u->side != mn_active_side (m))
    return mu_rules_refuse (error, "MN-AMB-50", "%s has no movement roll to move with (activate it first)",
                      u->def->id);
  fv = mu_facing_vector (u->facing);
  anchor = mn_anchor (u);
  if (a->kind == MU_ARG_NUMBER)
    {
      length = a->number;
      if (length < 0)
        return mu_rules_refuse (error, "MN-AMB-48", "a distance is 0 or more");
      if (length > 0 && u->dir == MN_DIR_OBLIQUE)
        return mu_rules_refuse (error, "MN-AMB-47", "an oblique move names its end point, @X,Y");
      d = u->dir == MN_DIR_BACK ? (MuPoint) { -fv.x, -fv.y } : fv;
    }
  else
    {
      MuPoint v = { a->pos.point.x - anchor.x, a->pos.point.y - anchor.y };
      double len = hypot (v.x, v.y), theta;

      if (len > 1e-9)
        {
          theta = acos (CLAMP ((v.x * fv.x + v.y * fv.y) / len, -1.0, 1.0)) * 180 / G_PI;
          /* MN-AMB-47: ahead θ ≤ 1.0°, back θ ≥ 179.0°, oblique 1.0° < θ ≤
           * 91.0° (or straight ahead); ahead and back are put on their ray */
          if (u->dir == MN_DIR_AHEAD && mu_table_beyond (theta, 1.0))
            return mu_rules_refuse (error, "MN-AMB-47", "%.1f° off its facing is no move straight ahead", theta);
          if (u->dir == MN_DIR_BACK && mu_table_beyond (179.0, theta))
            return mu_rules_refuse (error, "MN-AMB-47", "%.1f° off its rear is no move backwards", 180 - theta);
          if (u->dir == MN_DIR_OBLIQUE && mu_table_beyond (theta, 91.0))
            return mu_rules_refuse (error, "MN-AMB-10", "%.1f° off its facing: there is no backward diagonal",
                              theta);
          if (u->dir == MN_DIR_OBLIQUE)
            {
              d = (MuPoint) { v.x / len, v.y / len };
              length = len;
            }
          else
            {
              d = u->dir == MN_DIR_BACK ? (MuPoint) { -fv.x, -fv.y } : fv;
              length = v.x * d.x + v.y * d.y;
            }
        }
    }
  length = round (length * 100) / 100;
  end_anchor = (MuPoint) { anchor.x + d.x * length, anchor.y + d.y * length };
  mn_translate (u->stands, u->n_stands, d, length, st);

  /* MN-AMB-53: halved, rounded up, once, by the terrain on the path */
  if (!mn_path_terrain (m, u, u->stands, st, u->n_stands, anchor, end_anchor, &halved, error))
    return FALSE;
  *dir = d;
  *out_length = length;
  *out_allowance = halved ? ceil (u->allowance * m->num.halving - MU_TABLE_EPSILON) : u->allowance;
  return TRUE;
}

gboolean
mn_move_cost (gpointer state, const MuCommand *c, double *cost, double *allowance)
{
  MnMatch *m = state;
  MnUnit *u = g_strcmp0 (mu_command_get_verb (c), "move") == 0 ? mn_find_unit (m, mu_command_word (c, 0)) : NULL;
  MuPoint d;

  if (u == NULL || mu_command_n_args (c) < 2 || m->decision.kind != MN_DECIDE_NONE)
    return FALSE;
  return move_leg (m, u, mu_command_arg (c, 1), &d, cost, allowance, NULL);
}

/* `move UNIT DISTANCE` (ahead, back) or `move UNIT @X,Y` (oblique)
 * (MN-MOV-1, MN-MOV-2, MN-MOV-6, MN-AMB-47, MN-AMB-48, MN-AMB-51..53). */
gboolean
mn_apply_move (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *u = mn_find_unit (m, mu_command_word (c, 0));
  MuPoint d = { 0, 0 }, anchor, end_anchor;
  double length = 0, allowance;
  MuStand st[MU_STANDS_MAX];
  MuStand start[MU_STANDS_MAX];

  if (u == NULL)
    return mu_rules_refuse (error, "MN-AMB-50", "no unit or leader “%s”", mu_command_word (c, 0));
  if (!move_leg (m, u, mu_command_arg (c, 1), &d, &length, &allowance, error))
    return FALSE;
  anchor = mn_anchor (u);
  end_anchor = (MuPoint) { anchor.x + d.x * length, anchor.y + d.y * length };
  mn_translate (u->stands, u->n_stands, d, length, st);
  if (mu_table_beyond (length, allowance + 0.01))
    return mu_rules_refuse (error, allowance < u->allowance ? "MN-GEN-4" : "MN-MOV-2",
                            "%.2f in is beyond %s's allowance of %.2f in", length, u->def->id, allowance);

  if (length > 0)
    {
      /* TAB-12: the swept path, not through enemy stands, impassable
       * ground, rivers away from crossings or over the table's edge */
      g_autofree MuStand *enemies = g_new0 (MuStand, MU_STANDS_MAX * m->units->len + 1);
      guint n_enemies = 0;
      MuMoveParams params;
      MuMoveUnit mu = { &mn_formation_shapes[u->type == MN_TYPE_LEADER ? MN_FORM_LINE : u->form],
                        u->n_stands, u->width, u->depth, anchor, u->facing };
      MuMoveStep step = { MU_STEP_MOVE, end_anchor, 0 };
      MuMoveResult r = { 0 };
      gboolean ok;

      MN_FOR_UNITS (m, o)
        if (o->side != u->side && mn_has_stands (o) && o->type != MN_TYPE_LEADER)
          for (guint k = 0; k < o->n_stands; k++)
            enemies[n_enemies++] = o->stands[k];
      mu_move_params_init (&params);
      params.allowance = G_MAXDOUBLE / 4;
      for (int k = 0; k < MU_AREA_N; k++)
        params.area_impassable[k] = mu_ruleset_area_impassable (m->ruleset, k);
      params.line_impassable[MU_LINE_IMPASSABLE] = TRUE;
      params.water_needs_crossing = TRUE;
      params.streams_crossable = TRUE;
      ok = mu_table_move_check (m->terrain, &params, &mu, &step, 1, enemies, n_enemies, &r);
      if (!ok)
        {
          g_autofree char *reason = g_strdup (r.reason);
          const char *rule = r.rule;

          mu_move_result_clear (&r);
          return mu_rules_refuse (error, rule ? rule : "TAB-12", "%s", reason ? reason : "the path is blocked");
        }
      mu_move_result_clear (&r);
    }

  /* MN-AMB-74, MN-AMB-75: buildings, and destroyed ones */
  {
    const char *why = NULL;

    for (guint k = 0; k < u->n_stands && length > 0; k++)
      if (mn_segment_enters_destroyed (m, u->stands[k].centre, st[k].centre))
        return mu_rules_refuse (error, "MN-AMB-75", "a destroyed building can no longer be entered");
    if (length > 0 && !mn_building_allows (m, u, st, u->n_stands, FALSE, &why))
      return mu_rules_refuse (error, "MN-AMB-74", "%s", why);
  }

  /* MN-AMB-51: no normal move comes within contact of an enemy unit
   * anywhere on its way, not only at its end; an infantry or cavalry unit
   * reaching a lone enemy leader on its way captures him (MN-LDR-1), a
   * battery or a leader may not touch him */
  MN_FOR_UNITS (m, o)
    {
      if (o->side == u->side || !mn_has_stands (o) || o->type == MN_TYPE_LEADER || length <= 0)
        continue;
      if (mu_stands_within (st, u->n_stands, o->stands, o->n_stands, mn_tolerance (m)) ||
          mn_first_contact (m, u->stands, u->n_stands, o->stands, o->n_stands, d, length) >= 0)
        return mu_rules_refuse (error, "MN-AMB-51", "a move that is no charge may not come into contact with %s",
                                o->def->id);
    }
  if (length > 0 && u->type != MN_TYPE_INF && u->type != MN_TYPE_CAV &&
      mn_touches_lone_leader (m, u, u->stands, u->n_stands, d, length))
    return mu_rules_refuse (error, "MN-AMB-51", "only infantry and cavalry may touch a lone enemy leader");

  /* MN-MOV-6, MN-AMB-52: a friend not passed completely stops the mover 1"
   * before the point of first touch (where it is when that is less than 1"
   * ahead); friendly leaders stop no one. A lone leader passes friends
   * freely but may not end on a stand. */
  if (u->type == MN_TYPE_LEADER && length <= 0 && u->left != MN_NONE)
    {
      /* MN-AMB-56: a leader activated off his unit may not end on it; only
       * when no end of his roll gets him clear of every stand does he stay
       * with it (decided here: the digest does not say what happens then,
       * and the activation is spent either way) */
      MnUnit *unit = g_ptr_array_index (m->units, u->left);
      MuPos off;

      if (mn_leader_way_off (m, u, &off))
        return mu_rules_refuse (error, "MN-AMB-56", "%s may not end on the stands of %s: he can move off them",
                                u->def->id, unit->def->id);

      if (events == NULL)
        return TRUE;
      u->attached = u->left;
      u->left = MN_NONE;
      u->n_stands = 0;
      u->owes_move = FALSE;
      mu_event_set_object (mn_event (m, events, &mn_ev_attach, u->def->id, "MN-AMB-56"), unit->def->id);
      return TRUE;
    }
  if (u->type == MN_TYPE_LEADER)
    {
      /* staying put is always possible: a friend may have come to stand on
       * him (MN-AMB-52: friendly leaders stop no one) */
      MN_FOR_UNITS (m, o)
        if (o != u && mn_has_stands (o) && length > 0 &&
            mu_stands_overlap (st, u->n_stands, o->stands, o->n_stands))
          return mu_rules_refuse (error, "MN-AMB-58", "a leader may not end his move on the stands of %s",
                            o->def->id);
    }
  else
    {
      gboolean again = length > 0;

      while (again)
        {
          again = FALSE;
          MN_FOR_UNITS (m, o)
            if (o != u && o->side == u->side && o->type != MN_TYPE_LEADER && mn_has_stands (o) &&
                mu_stands_within (st, u->n_stands, o->stands, o->n_stands, mn_tolerance (m)))
              {
                double t = mn_first_touch (m, u->stands, u->n_stands, o->stands, o->n_stands, d, length);

                if (t < 0)
                  t = length;

                length = MAX (0, mn_hundredths_down (t - m->num.pass_short));
                end_anchor = (MuPoint) { anchor.x + d.x * length, anchor.y + d.y * length };
                mn_translate (u->stands, u->n_stands, d, length, st);
                again = length > 0;
                break;
              }
        }
    }
  if (events == NULL)
    return TRUE;

  {
    MuEvent *e = mn_event (m, events, &mn_ev_move, u->def->id, "MN-MOV-2");
    double facing = u->facing;
    g_autofree char *text = g_strdup_printf ("%.2f", length);

    memcpy (start, u->stands, sizeof st[0] * u->n_stands);
    memcpy (u->stands, st, sizeof st[0] * u->n_stands);
    /* MN-AMB-9, MN-AMB-48: a backward move ends faced the way it went, an
     * about-face on the same footprint */
    if (u->dir == MN_DIR_BACK && length > 0)
      {
        u->facing = normal_facing (u->facing + 180);
        u->n_stands = mn_layout_about (m, u, mn_footprint_centre (u), u->facing, u->form, u->bases,
                                       u->stands);
      }
    e->from = mu_pos_from_point (anchor.x, anchor.y, facing);
    e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    mu_event_set_text (e, text);
    u->owes_move = FALSE;
    u->left = MN_NONE;
    u->moved |= length > 0;
  }
  if (length > 0)
    mn_capture_on_path (m, u, start, u->n_stands, d, length, events);
  return TRUE;
}
