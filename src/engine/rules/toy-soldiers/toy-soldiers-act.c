/* toy-soldiers-act.c: the unit step of Toy Soldiers: the action economy
 * (TS-ACT-1..4, TS-AMB-87), Hasty Reorder, the moves of infantry, cavalry
 * and artillery (TS-INF-1, TS-CAV-1, TS-ART-1, TS-AMB-48), formation
 * changes and limbering (TS-INF-2, TS-AMB-49) and reorder (TS-REO,
 * TS-AMB-62). The decisions that follow an action, and the answers to
 * every decision, are in toy-soldiers-decide.c. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>


/* The economy -------------------------------------------------------------------------- */

/* TS-ACT-2: the chaos a first use of the type costs now. */
static int
type_cost (const TsMatch *m, const TsUnit *u, TsAction a)
{
  const TsUnit *c = ts_commander_of (m, u);

  if (c == NULL || (c->types_used & (1u << a)) || c->types_used == 0)
    return 0;
  return 1;
}

/* TS-INF-1, TS-CAV-1, TS-ART-1: whether the arm, in its formation, has the action. */
static gboolean
arm_has (const TsMatch *m, const TsUnit *u, TsAction a)
{
  if (a == TS_ACT_REORDER || a == TS_ACT_FORM)
    return TRUE;
  if (u->type == TS_ART)
    {
      gboolean limbered = u->form == TS_FORM_LIMBERED;

      return limbered ? a == TS_ACT_EASE_FORWARD || a == TS_ACT_FORWARD
                      : a == TS_ACT_FIRE || a == TS_ACT_PROLONG || a == TS_ACT_ANGLE;
    }
  if (a == TS_ACT_FIRE)
    return u->type != TS_CAV;   /* TS-CAV-2, TS-AMB-18 */
  return m->num.move[u->type][a] >= 0;
}

gboolean
ts_may_act (const TsMatch *m, const TsUnit *u, TsAction a, int disorder, GError **error)
{
  const TsUnit *c = ts_commander_of (m, u);

  if (u->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-ACT-1", "%s is a commander, not a unit", u->def->id);
  if (u->side != ts_active_side (m))
    return mu_rules_refuse (error, "TS-ACT-1", "%s is not of the side playing this player-turn", u->def->id);
  if (!ts_in_play (u) && !ts_garrisoned (m, u))
    return mu_rules_refuse (error, "TS-STATE-5", "%s is dispersed", u->def->id);
  if (u->acted)
    return mu_rules_refuse (error, "TS-ACT-1", "%s has taken its action this player-turn", u->def->id);
  if (!arm_has (m, u, a))
    return mu_rules_refuse (error, u->type == TS_CAV && a == TS_ACT_FIRE ? "TS-CAV-2" : "TS-INF-1",
                            "%s (%s) has no %s action", u->def->id, ts_form_id (u->form), ts_action_id (a));
  /* TS-STATE-1, TS-AMB-54: no voluntary action above 6 */
  if (disorder > 0 && u->disorder + disorder > 6)
    return mu_rules_refuse (error, "TS-AMB-54", "%s would take %s's disorder above 6", ts_action_id (a),
                            u->def->id);
  /* TS-ACT-2, TS-STATE-3: a new type that would take chaos above 6 */
  if (c && c->chaos + type_cost (m, u, a) > 6)
    return mu_rules_refuse (error, "TS-ACT-2", "a new action type would take %s's chaos above 6", c->def->id);
  return TRUE;
}

/* Charges the type: the event, its chaos, the unit's action (TS-AMB-87). */
void
ts_take_action (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  TsUnit *c = ts_commander_of (m, u);
  MuEvent *e;
  int cost = type_cost (m, u, a);

  ts_begin_units (m, events);
  m->open_unit = TS_NONE;
  e = ts_event (m, events, &ts_ev_action, u->def->id, "TS-ACT-2");
  if (e)
    mu_event_set_text (e, ts_action_id (a));
  if (c)
    {
      if (cost)
        ts_add_chaos (m, c, cost, "TS-ACT-2", events);
      c->types_used |= 1u << a;
    }
  u->acted = TRUE;
}

/* Moves -------------------------------------------------------------------------------- */

static MuPoint
forward_of (double facing)
{
  return mu_facing_vector (facing);
}

/* The stands of every other unit in play: enemies, and the friends this
 * move may not pass either (passage of lines is not built: a friend
 * blocks, TS-AMB-51). */
guint
ts_blockers (const TsMatch *m, const TsUnit *u, MuStand *out, guint max, gboolean enemies_only)
{
  guint n = 0;

  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && (!enemies_only || o->side != u->side))
      for (guint k = 0; k < o->n_st && n < max; k++)
        out[n++] = o->st[k];
  return n;
}

static gboolean
touches_enemy (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n)
{
  TS_FOR_UNITS (m, o)
    if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        mu_stands_in_contact (st, n, o->st, o->n_st, mu_table_contact_tolerance (m->table->unit)))
      return TRUE;
  return FALSE;
}

/* TS-AMB-37: an enemy unit's formed stand or skirmish stand within d of the stand. */
gboolean
ts_enemy_near (const TsMatch *m, const TsUnit *u, const MuStand *st, double d)
{
  TS_FOR_UNITS (m, o)
    if (o->side != u->side && o->type != TS_COMMANDER && ts_in_play (o) &&
        (mu_stands_within (st, 1, o->st, o->n_st, d) ||
         (o->n_skirm > 0 && mu_stands_within (st, 1, o->skirm, (guint) o->n_skirm, d))))
      return TRUE;
  return FALSE;
}

static gboolean
overlaps_any (const TsMatch *m, const TsUnit *u, const MuStand *st, guint n)
{
  TS_FOR_UNITS (m, o)
    if (o != u && o->type != TS_COMMANDER && ts_in_play (o) && mu_stands_overlap (st, n, o->st, o->n_st))
      return TRUE;
  return FALSE;
}

void
ts_move_params (const TsMatch *m, const TsUnit *u, TsAction a, double allowance, MuMoveParams *p)
{
  mu_move_params_init (p);
  p->allowance = allowance;
  for (int k = 0; k < MU_AREA_N; k++)
    p->area_impassable[k] = mu_ruleset_area_impassable (m->ruleset, k);
  p->line_impassable[MU_LINE_IMPASSABLE] = TRUE;
  p->water_needs_crossing = TRUE;
  p->streams_crossable = TRUE;
  /* TS-AMB-47: fences, walls, hedges, works and streams, by each stand's centre */
  p->crossings_by_stands = TRUE;
  p->free_crossings = 1u << MU_LINE_FORD | 1u << MU_LINE_BRIDGE;
  p->crossing_kinds = 1u << MU_LINE_FENCE | 1u << MU_LINE_WALL | 1u << MU_LINE_HEDGE |
                      1u << MU_LINE_DEFENCE_WORKS | 1u << MU_LINE_STREAM;
  p->turns_refused = TRUE;
  p->allowance_rule = "TS-INF-1";
  p->direction_rule = "TS-AMB-48";
  p->step_angle_min = 0;
  p->step_angle_max = 180;
  p->wheel_max = -1;
  switch (a)
    {
    case TS_ACT_EASE_FORWARD:
    case TS_ACT_FORWARD:
    case TS_ACT_PROLONG:
      p->step_angle_max = m->num.arc;
      /* TS-ART-1: a limbered battery wheels as desired */
      p->wheel_max = u->form == TS_FORM_LIMBERED ? -1 : m->num.arc;
      break;
    case TS_ACT_HURRY_FORWARD:
    case TS_ACT_RETREAT:
      p->step_angle_max = 0;
      p->wheel_max = 0;
      p->max_moves = 1;
      break;
    case TS_ACT_FALL_BACK:
      p->step_angle_min = 180;
      p->wheel_max = 0;
      p->max_moves = 1;
      break;
    case TS_ACT_SIDE:
      p->step_angle_min = p->step_angle_max = 90;
      p->wheel_max = 0;
      p->max_moves = 1;
      break;
    case TS_ACT_ANGLE:
      p->step_angle_max = 90;
      break;
    default:
      break;
    }
}

/* TS-TER-1, TS-TER-5, TS-AMB-46, TS-AMB-47: along the anchor's straight
 * legs, whether the hill level rises and whether any length lies in
 * woods or light woods. */
static void
path_terrain (TsMatch *m, const MuPoint *pts, guint n, gboolean *uphill, gboolean *woods)
{
  *uphill = *woods = FALSE;
  for (guint i = 0; i + 1 < n; i++)
    {
      double len = hypot (pts[i + 1].x - pts[i].x, pts[i + 1].y - pts[i].y);
      int steps = MAX (1, (int) ceil (len / (0.1 * m->inch)));
      int level = mu_terrain_level_at (m->terrain, pts[i]);

      /* the legal commands try every move: once both are known, or once
       * the point's own answer cannot change them, it is not looked up */
      for (int k = 0; k <= steps && !(*uphill && *woods); k++)
        {
          MuPoint p = { pts[i].x + (pts[i + 1].x - pts[i].x) * k / steps,
                        pts[i].y + (pts[i + 1].y - pts[i].y) * k / steps };
          guint areas[8];
          guint na = 0;

          if (!*uphill)
            {
              int l = mu_terrain_level_at (m->terrain, p);

              if (l > level)
                *uphill = TRUE;
              level = l;
            }
          if (k > 0 && !*woods)
            na = MIN (mu_terrain_areas_at (m->terrain, p, areas, G_N_ELEMENTS (areas)), G_N_ELEMENTS (areas));
          for (guint j = 0; j < na; j++)
            {
              const MuArea *ar = g_ptr_array_index (m->table->areas, areas[j]);

              if (ar->kind == MU_AREA_WOODS || ar->kind == MU_AREA_LIGHT_WOODS)
                *woods = TRUE;
            }
        }
    }
}

static const char *
action_rule (const TsUnit *u, TsAction a)
{
  if (u->type == TS_ART)
    return "TS-ART-1";
  if (u->type == TS_CAV)
    return "TS-CAV-1";
  return a == TS_ACT_HURRY_FORWARD ? "TS-AMB-15" : "TS-INF-1";
}

static gboolean
apply_move (TsMatch *m, TsUnit *u, TsAction a, const MuCommand *c, GPtrArray *events, GError **error)
{
  MuMoveStep steps[16];
  MuPoint pts[18];
  guint n = 0, np = 0;
  MuMoveParams p;
  MuMoveUnit mu;
  MuMoveResult r = { 0 };
  double allowance;
  TsUnit after;
  int listed = 0, wd, extra_stress = 0;
  gboolean uphill, woods, ok;
  MuPos from;
  MuFormationShape shape;
  TsUnit *passed = NULL;
  TsPose contact = { { 0, 0 }, 0 };

  if (!ts_may_act (m, u, a, 0, error))
    return FALSE;
  allowance = ts_in (m, m->num.move[u->type][a]);
  for (guint i = 1; i < mu_command_n_args (c); i++)
    {
      const MuArg *arg = mu_command_arg (c, i);

      if (n >= G_N_ELEMENTS (steps))
        return mu_rules_refuse (error, "TAB-12", "too many steps");
      if (arg->kind != MU_ARG_STEP || (arg->move != MU_MOVE_TO && arg->move != MU_MOVE_WHEEL))
        return mu_rules_refuse (error, "TS-AMB-48", "a move's steps are points @X,Y and wheels (wheel l|r DEG)");
      if (arg->move == MU_MOVE_TO)
        steps[n++] = (MuMoveStep) { MU_STEP_MOVE, arg->pos.point, 0 };
      else
        steps[n++] = (MuMoveStep) { MU_STEP_WHEEL, { 0, 0 }, g_strcmp0 (arg->word, "l") == 0 ? -arg->number
                                                                                            : arg->number };
    }
  if (n == 0)
    return mu_rules_refuse (error, "TS-AMB-48", "a move needs at least one step");

  after = *u;
  /* TS-AMB-48: a retreat turns about its footprint first: the new anchor
   * is the old rear edge's midpoint */
  if (a == TS_ACT_RETREAT)
    {
      MuStand fp = mu_stands_footprint (u->st, u->n_st);
      MuPoint f = forward_of (u->facing);

      after.anchor = (MuPoint) { fp.centre.x - f.x * fp.depth / 2, fp.centre.y - f.y * fp.depth / 2 };
      after.facing = fmod (u->facing + 180.0, 360.0);
      ts_layout (m, &after);
      if (overlaps_any (m, u, after.st, after.n_st) || !ts_on_table (m, after.st, after.n_st))
        return mu_rules_refuse (error, "TS-AMB-48", "%s has no room to turn about", u->def->id);
    }
  /* TS-INF-1, TS-CAV-1: moving to the side, free up to 2" (3"), then +1 */
  ts_move_params (m, &after, a, allowance, &p);
  p.allowance_rule = action_rule (u, a);
  shape = ts_formation_shapes[after.form];
  shape.files = m->num.files[after.form];
  shape.ranks = shape.files == 0 ? 1 : 0;
  mu = (MuMoveUnit) { &shape, (guint) ts_formed (&after), after.width, after.depth, after.anchor, after.facing };
  /* TS-AMB-50, TS-AMB-51: enemies are never passed, a friend by a passage of lines */
  {
    MuStand enemies[MU_STANDS_MAX * 8], friends[MU_STANDS_MAX * 8];
    guint friend_unit[MU_STANDS_MAX * 8];
    guint ne = 0, nf = 0;
    MuMoveOthers among;

    /* by index: a friend's stands are tagged with it, and looking each
     * up again would cost a pass over the units a stand */
    for (guint i = 0; i < m->units->len; i++)
      {
        const TsUnit *o = g_ptr_array_index (m->units, i);

        if (o == NULL || o == u || o->type == TS_COMMANDER || !ts_in_play (o))
          continue;
        for (guint k = 0; k < o->n_st && ne < G_N_ELEMENTS (enemies) && nf < G_N_ELEMENTS (friends); k++)
          {
            if (o->side != u->side)
              enemies[ne++] = o->st[k];
            else
              {
                friend_unit[nf] = i;
                friends[nf++] = o->st[k];
              }
          }
      }
    among = (MuMoveOthers) { enemies, ne, friends, nf, friend_unit };
    ok = mu_table_move_check_among (m->terrain, &p, &mu, steps, n, &among, &r);
    if (ok && r.friend_met)
      {
        passed = ts_unit_at (m, (int) r.friend);
        if (!ts_passage_allowed (m, u, passed, steps, n, &mu, &p, &r, &contact, error))
          {
            mu_move_result_clear (&r);
            return FALSE;
          }
      }
  }
  if (!ok)
    {
      g_autofree char *reason = g_strdup (r.reason);
      const char *rule = r.rule;

      mu_move_result_clear (&r);
      return mu_rules_refuse (error, rule ? rule : "TAB-12", "%s", reason ? reason : "the path is blocked");
    }
  after.anchor = r.anchor;
  after.facing = r.facing;
  ts_layout (m, &after);
  /* TS-AMB-50: a voluntary move may not end in contact with the enemy */
  if (touches_enemy (m, u, after.st, after.n_st))
    {
      mu_move_result_clear (&r);
      return mu_rules_refuse (error, "TS-AMB-50", "only a charge may end in contact with the enemy");
    }
  /* the listed disorder (TS-INF-1, TS-CAV-1, TS-ART-1) and the terrain's */
  pts[np++] = after.anchor;
  pts[0] = a == TS_ACT_RETREAT ? u->anchor : u->anchor;
  {
    MuPoint at = a == TS_ACT_RETREAT ? ((MuPoint) { 0 }) : u->anchor;

    np = 0;
    if (a == TS_ACT_RETREAT)
      {
        MuStand fp = mu_stands_footprint (u->st, u->n_st);
        MuPoint f = forward_of (u->facing);

        at = (MuPoint) { fp.centre.x - f.x * fp.depth / 2, fp.centre.y - f.y * fp.depth / 2 };
      }
    pts[np++] = at;
    for (guint i = 0; i < n && np + 1 < G_N_ELEMENTS (pts); i++)
      if (steps[i].kind == MU_STEP_MOVE)
        pts[np++] = steps[i].to;
  }
  path_terrain (m, pts, np, &uphill, &woods);
  wd = ts_width_disorder (m, ts_width (m, u, u->form));
  switch (a)
    {
    case TS_ACT_ADJUST: listed = -1; break;
    case TS_ACT_EASE_FORWARD: listed = 0; break;
    case TS_ACT_FORWARD: listed = 1; break;
    case TS_ACT_PROLONG: listed = 1; break;
    case TS_ACT_HURRY_FORWARD:
    case TS_ACT_FALL_BACK: listed = wd; break;
    case TS_ACT_RETREAT: listed = wd + 1; break;
    case TS_ACT_ANGLE: listed = u->type == TS_ART ? wd + 2 : wd; break;   /* TS-AMB-17 */
    case TS_ACT_SIDE: listed = mu_table_beyond (r.length, ts_in (m, m->num.side_free[u->type])) ? 1 : 0; break;
    default: break;
    }
  if (uphill)
    listed++;                              /* TS-TER-1 */
  if (woods)
    listed += wd;                          /* TS-TER-5 */
  if (r.crossed)
    {
      listed++;                            /* TS-TER-6 */
      extra_stress = 1;
    }
  if (!ts_may_act (m, u, a, listed, error))
    {
      mu_move_result_clear (&r);
      return FALSE;
    }
  if (events == NULL)
    {
      mu_move_result_clear (&r);
      return TRUE;
    }
  ts_take_action (m, u, a, events);
  from = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
  m->move_from = (TsPose) { u->anchor, u->facing };
  {
    MuPoint old_anchor = u->anchor;
    double old_facing = u->facing;

    u->anchor = after.anchor;
    u->facing = after.facing;
    ts_layout (m, u);
    ts_skirm_follow (m, u, old_anchor, old_facing);
    /* TS-AMB-81: within the action its skirmishers may be placed again */
    m->open_unit = ts_unit_index (m, u);
    m->open_action = a;
  }
  {
    MuEvent *e = ts_event (m, events, &ts_ev_move, u->def->id, action_rule (u, a));

    if (e)
      {
        mu_event_set_text (e, ts_action_id (a));
        e->from = from;
        e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
      }
  }
  mu_move_result_clear (&r);
  if (listed)
    ts_add_disorder (m, u, listed, uphill ? "TS-TER-1" : woods ? "TS-TER-5" : action_rule (u, a), events);
  if (extra_stress)
    ts_add_stress (m, u, 1, "TS-TER-6", events);
  if (passed && ts_passage (m, u, passed, a, &contact, from, events))
    return TRUE;
  ts_move_done (m, u, a, events);
  return TRUE;
}

void
ts_move_done (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  if (ts_in_play (u) && ts_obstruction (m, u, a, events))
    return;
  ts_move_on (m, u, a, events);
}

void
ts_move_on (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  if (ts_in_play (u) && ts_commander_contact (m, u, a, events))
    return;
  if (ts_in_play (u) && ts_skirm_touch (m, u, a, events))
    return;
  ts_move_volley (m, u, a, events);
}

void
ts_move_volley (TsMatch *m, TsUnit *u, TsAction a, GPtrArray *events)
{
  /* TS-AMB-87: Ease forward's weak and Forward's ragged volley, optional */
  if ((a == TS_ACT_EASE_FORWARD || a == TS_ACT_FORWARD) && u->type != TS_CAV && u->type != TS_ART &&
      ts_in_play (u))
    {
      g_autoptr(GPtrArray) t = ts_fire_targets (m, u);
      g_autoptr(GPtrArray) blocks = ts_block_fire_targets (m, u);

      if (t->len > 0 || blocks->len > 0)
        {
          ts_decide_units (m, TS_DECIDE_VOLLEY, u, t, blocks, "TS-AMB-87", events,
                           a == TS_ACT_FORWARD ? N_("Does %s fire a ragged volley, and at whom?")
                                            : N_("Does %s fire a weak volley, and at whom?"));
          m->decision.value = a == TS_ACT_FORWARD ? -2 : -1;
          return;
        }
    }
  ts_after_action (m, u, events);
}

/* Formations --------------------------------------------------------------------------- */

/* TS-AMB-16, TS-AMB-38: the command stand is the rightmost of the front rank. */
static const MuStand *
command_stand (const TsUnit *u)
{
  const MuStand *best = NULL;
  MuPoint right = mu_facing_vector (u->facing + 90.0);
  double most = -G_MAXDOUBLE;

  for (guint k = 0; k < u->n_st; k++)
    {
      double along = u->st[k].centre.x * right.x + u->st[k].centre.y * right.y;

      if (u->st[k].rank == 0 && mu_table_beyond (along, most))
        {
          most = along;
          best = &u->st[k];
        }
    }
  return best;
}

static gboolean
form_allowed (const TsUnit *u, TsForm f)
{
  switch (u->type)
    {
    case TS_ART:
      return f == TS_FORM_LIMBERED || f == TS_FORM_UNLIMBERED;
    case TS_CAV:
      return f == TS_FORM_LINE || f == TS_FORM_COLUMN;    /* TS-AMB-25 */
    default:
      return f <= TS_FORM_SQUARE;
    }
}

/* TS-INF-2, TS-AMB-49: a Change formation action, or (stage 3 or 6) a
 * charge's reaction 3b or 6b: no action, +1 disorder (6b: and +1
 * stress), and the stands of the new layout within 2" of an enemy lost. */
gboolean
ts_apply_form (TsMatch *m, TsUnit *u, const MuCommand *c, int stage, GPtrArray *events, GError **error)
{
  const char *word = mu_command_word (c, 1);
  const MuArg *arg = mu_command_arg (c, 2);
  const MuStand *cs;
  TsForm f;
  TsUnit after;
  MuPoint old_front, pose, fw, right;
  double dist, facing;
  int listed, w;
  MuEvent *e;

  if (stage == 0 && !ts_may_act (m, u, TS_ACT_FORM, 0, error))
    return FALSE;
  if (!ts_form_parse (word, &f) || !form_allowed (u, f))
    return mu_rules_refuse (error, "TS-AMB-38", "%s cannot form %s", u->def->id, word ? word : "");
  if (arg == NULL || arg->kind != MU_ARG_POS || !arg->pos.is_point)
    return mu_rules_refuse (error, "TS-AMB-49", "the command stand's pose is @X,Y/F");
  /* TS-AMB-41: limbers sent back keep a battery unlimbered */
  if (f == TS_FORM_LIMBERED && u->form != TS_FORM_LIMBERED && u->limbers_back)
    return mu_rules_refuse (error, "TS-ART-2", "%s's limbers are sent back", u->def->id);
  cs = command_stand (u);
  fw = forward_of (u->facing);
  old_front = (MuPoint) { cs->centre.x + fw.x * cs->depth / 2, cs->centre.y + fw.y * cs->depth / 2 };
  pose = arg->pos.point;
  facing = arg->pos.has_facing ? arg->pos.facing : u->facing;
  dist = hypot (pose.x - old_front.x, pose.y - old_front.y);
  /* TS-AMB-49: up to 2" within 22 degrees of its facing (limbering up: any way) */
  if (mu_table_beyond (dist, ts_in (m, m->num.move[u->type][TS_ACT_FORM])))
    return mu_rules_refuse (error, "TS-AMB-49", "the command stand moves at most %g\"",
                            m->num.move[u->type][TS_ACT_FORM]);
  if (mu_table_beyond (dist, 0) && f != TS_FORM_LIMBERED)
    {
      double ang = fabs (remainder (atan2 (pose.x - old_front.x, -(pose.y - old_front.y)) * 180.0 / G_PI
                                    - u->facing, 360.0));

      if (mu_table_beyond (ang, m->num.arc))
        return mu_rules_refuse (error, "TS-AMB-49", "the command stand moves within %g degrees of its facing",
                                m->num.arc);
    }
  after = *u;
  after.form = f;
  after.facing = facing;
  w = ts_width (m, u, f);
  right = mu_facing_vector (facing + 90.0);
  after.anchor = (MuPoint) { pose.x - right.x * (w - 1) * u->width / 2, pose.y - right.y * (w - 1) * u->width / 2 };
  ts_layout (m, &after);
  if (!ts_on_table (m, after.st, after.n_st) || overlaps_any (m, u, after.st, after.n_st) ||
      (stage == 0 && touches_enemy (m, u, after.st, after.n_st)))
    return mu_rules_refuse (error, "TS-AMB-49", "the new formation has no room there");
  for (guint k = 0; k < after.n_st; k++)
    {
      guint areas[8];
      guint na = MIN (mu_terrain_areas_at (m->terrain, after.st[k].centre, areas, 8), 8);

      for (guint j = 0; j < na; j++)
        if (mu_ruleset_area_impassable (m->ruleset, ((MuArea *) g_ptr_array_index (m->table->areas, areas[j]))->kind))
          return mu_rules_refuse (error, "TS-AMB-49", "the new formation has no room there");
    }
  /* TS-INF-1: the wider of the two formations; TS-ART-1: +1 */
  listed = u->type == TS_ART ? 1 : ts_width_disorder (m, MAX (ts_width (m, u, u->form), w));
  if (stage == 0 && !ts_may_act (m, u, TS_ACT_FORM, listed, error))
    return FALSE;
  /* TS-AMB-54: a reaction is voluntary, its disorder capped at 6 */
  if (stage != 0 && u->disorder + listed + 1 > 6)
    return mu_rules_refuse (error, "TS-AMB-54", "the change would take %s's disorder above 6", u->def->id);
  if (events == NULL)
    return TRUE;
  if (stage == 0)
    ts_take_action (m, u, TS_ACT_FORM, events);
  if (u->form == TS_FORM_LIMBERED && f == TS_FORM_UNLIMBERED)
    u->limbers_back = FALSE;   /* TS-ART-2: directly behind after unlimbering */
  {
    MuPoint old_anchor = u->anchor;
    double old_facing = u->facing;

    u->form = f;
    u->facing = after.facing;
    u->anchor = after.anchor;
    ts_layout (m, u);
    ts_skirm_follow (m, u, old_anchor, old_facing);
  }
  e = ts_event (m, events, &ts_ev_formation, u->def->id, "TS-AMB-49");
  if (e)
    {
      mu_event_set_text (e, ts_form_id (f));
      e->to = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
    }
  if (stage != 0)
    {
      const char *rule = stage == 3 ? "TS-CHG-3" : "TS-CHG-6";

      /* TS-AMB-49: k stands within 2" of an enemy are lost, until none is */
      for (int guard = 0; guard < MU_STANDS_MAX && ts_in_play (u); guard++)
        {
          int k = 0;

          for (guint i = 0; i < u->n_st; i++)
            if (ts_enemy_near (m, u, &u->st[i], ts_in (m, 2)))
              k++;
          if (k == 0)
            break;
          while (k-- > 0 && ts_in_play (u))
            ts_lose_stand (m, u, "TS-AMB-49", events);
        }
      if (!ts_in_play (u))
        return TRUE;
      ts_add_disorder (m, u, listed, u->type == TS_ART ? "TS-ART-1" : "TS-INF-1", events);
      ts_add_disorder (m, u, 1, rule, events);
      if (stage == 6)
        ts_add_stress (m, u, 1, rule, events);
      return TRUE;
    }
  ts_add_disorder (m, u, listed, u->type == TS_ART ? "TS-ART-1" : "TS-INF-1", events);
  m->open_unit = ts_unit_index (m, u);
  m->open_action = TS_ACT_FORM;
  ts_after_action (m, u, events);
  return TRUE;
}

/* TS-ACT-3, TS-AMB-87: well-trained units, once a player-turn, before the action. */
static gboolean
apply_hasty (TsMatch *m, TsUnit *u, GPtrArray *events, GError **error)
{
  TsUnit *c = ts_commander_of (m, u);

  if (u->type == TS_COMMANDER || u->side != ts_active_side (m) || !ts_in_play (u))
    return mu_rules_refuse (error, "TS-ACT-3", "%s cannot take a hasty reorder now", u->def->id);
  if (!m->well_trained[u->side])
    return mu_rules_refuse (error, "TS-ACT-3", "only a well-trained side may take a hasty reorder");
  if (u->hasty || u->acted)
    return mu_rules_refuse (error, "TS-AMB-87", "%s has taken its hasty reorder or its action", u->def->id);
  if (c && c->chaos + 1 > 6)
    return mu_rules_refuse (error, "TS-STATE-3", "it would take %s's chaos above 6", c->def->id);
  if (events == NULL)
    return TRUE;
  ts_begin_units (m, events);
  m->open_unit = TS_NONE;
  u->hasty = TRUE;
  ts_event (m, events, &ts_ev_hasty, u->def->id, "TS-ACT-3");
  if (c)
    ts_add_chaos (m, c, 1, "TS-ACT-3", events);
  ts_add_disorder (m, u, -1, "TS-ACT-3", events);
  return TRUE;
}

static gboolean
apply_fire (TsMatch *m, TsUnit *u, const MuCommand *c, GPtrArray *events, GError **error)
{
  TsUnit *t = ts_find (m, mu_command_word (c, 1));
  const char *extra = mu_command_word (c, 2);
  TsUnit *cmdr = ts_commander_of (m, u);
  gboolean limbers = g_strcmp0 (extra, "limbers") == 0;
  TsUnit garrison;

  /* TS-AMB-85: a garrison is fired on by its block's name, as its faces */
  if (t == NULL && ts_block_faces (m, ts_block_find (m, mu_command_word (c, 1)), &garrison))
    t = &garrison;

  if (!ts_may_act (m, u, TS_ACT_FIRE, 0, error))
    return FALSE;
  if (extra && !limbers)
    return mu_rules_refuse (error, "TS-AMB-41", "after the target only “limbers” may follow");
  if (t == NULL || t->type == TS_COMMANDER)
    return mu_rules_refuse (error, "TS-AMB-43", "the target must be an enemy unit");
  if (limbers && u->type != TS_ART)
    return mu_rules_refuse (error, "TS-AMB-41", "only a battery has limbers");
  /* TS-AMB-41: +1 chaos a battery, with the type's own cost */
  if (limbers && cmdr && cmdr->chaos + type_cost (m, u, TS_ACT_FIRE) + 1 > 6)
    return mu_rules_refuse (error, "TS-AMB-41", "moving the limbers would take %s's chaos above 6",
                            cmdr->def->id);
  if (!ts_can_fire (m, u, t, error))
    return FALSE;
  if (events == NULL)
    return TRUE;
  ts_take_action (m, u, TS_ACT_FIRE, events);
  if (limbers)
    {
      MuEvent *e;

      u->limbers_back = !u->limbers_back;
      e = ts_event (m, events, &ts_ev_limbers, u->def->id, "TS-AMB-41");
      if (e)
        mu_event_set_text (e, u->limbers_back ? "sent-back" : "behind");
      if (cmdr)
        ts_add_chaos (m, cmdr, 1, "TS-AMB-41", events);
    }
  ts_fire (m, u, t, 0, events);
  ts_sharp_shooting (m, u, events);
  ts_after_action (m, u, events);
  return TRUE;
}

gboolean
ts_apply_unit (TsMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  const char *verb = mu_command_get_verb (c);
  TsUnit *u = ts_find (m, mu_command_word (c, 0));
  TsAction a;

  if (g_str_equal (verb, "garrison") || g_str_equal (verb, "leave"))
    return ts_apply_garrison (m, c, events, error);
  if (u == NULL && ts_block_find (m, mu_command_word (c, 0)) != TS_NONE)
    return ts_apply_block (m, ts_block_find (m, mu_command_word (c, 0)), c, events, error);
  if (u == NULL)
    {
      /* the rule of the verb, which says what it takes (README's table) */
      const MuVerbInfo *info = mu_ruleset_find_verb (m->ruleset, verb);

      return mu_rules_refuse (error, info ? info->rule : "TS-ACT-1", "no unit or village block “%s”",
                              mu_command_word (c, 0) ? mu_command_word (c, 0) : "");
    }
  /* TS-VIL-2: a garrison takes its commands by its block's name */
  if (ts_garrisoned (m, u))
    return mu_rules_refuse (error, "TS-VIL-2", "%s is the garrison of %s: give its commands to the block",
                            u->def->id, ts_block_at (m, u->block)->area->id);
  if (g_str_equal (verb, "skirmish") || g_str_equal (verb, "recall") || g_str_equal (verb, "place"))
    return ts_apply_skirmish (m, c, events, error);
  if (g_str_equal (verb, "hasty"))
    return apply_hasty (m, u, events, error);
  if (g_str_equal (verb, "reorder"))
    return ts_apply_reorder (m, u, events, error);
  if (g_str_equal (verb, "fire"))
    return apply_fire (m, u, c, events, error);
  if (g_str_equal (verb, "form"))
    return ts_apply_form (m, u, c, 0, events, error);
  if (ts_action_parse (verb, &a))
    return apply_move (m, u, a, c, events, error);
  return mu_rules_refuse (error, NULL, "unknown command “%s”", verb);
}
