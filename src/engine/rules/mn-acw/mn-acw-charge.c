/* mn-acw-charge.c: charges (MN-CHG-*, MN-AMB-60..64): one straight path
 * to the target, falling short, conforming to the edge touched (flank
 * and rear), cavalry countercharges, and the artillery snapshot taken
 * before the move that makes the contact. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define MN_BUILDING_KINDS (1u << MU_AREA_BUILT_UP | 1u << MU_AREA_BUILDING | 1u << MU_AREA_SETTLEMENT)

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

static int
unit_index (const MnMatch *m, const MnUnit *u)
{
  guint i = 0;

  g_ptr_array_find (m->units, u, &i);
  return (int) i;
}

static gboolean
is_battery (const MnUnit *u)
{
  return u->type == MN_TYPE_FOOT_ART || u->type == MN_TYPE_HORSE_ART;
}

/* MN-ART-1, MN-ART-2, MN-AMB-65: the target within the battery's range
 * (from the front edge of its centre base), inside its 45° arc, and in
 * its sight. */
gboolean
mn_battery_covers (MnMatch *m, const MnUnit *b, const MuStand *target, guint n_target)
{
  MuStand cb;
  double range;

  if (!is_battery (b) || !mn_has_stands (b))
    return FALSE;
  cb = mn_centre_base (b);
  range = b->type == MN_TYPE_HORSE_ART ? m->num.range_horse : m->num.range_foot;
  if (!mu_table_within (mu_stand_range (&cb, target, n_target), range))
    return FALSE;
  if (!mu_stands_in_arc (&cb, 1, m->num.arc / 2, target, n_target, MU_ARC_ANY_PART))
    return FALSE;
  return mn_sight (m, b, &cb, 1, NULL, target, n_target, NULL);
}

/* MN-AMB-64: the batteries of each side that support it in the pair of a
 * and b, on the table as it stands now: those of a's side that cover b,
 * and of b's side that cover a, not moved this game turn; a charged
 * battery among them when it covered its charger (MN-AMB-69). */
void
mn_snapshot (MnMatch *m, const MnUnit *a, const MnUnit *b, MnPair *pair)
{
  pair->n_support[0] = pair->n_support[1] = 0;
  MN_FOR_UNITS (m, s)
    {
      const MnUnit *enemy = s->side == a->side ? b : a;

      if (!is_battery (s) || s->moved || s == a || pair->n_support[s->side] >= MN_MAX_SUPPORT)
        continue;
      if (mn_battery_covers (m, s, enemy->stands, enemy->n_stands))
        pair->support[s->side][pair->n_support[s->side]++] = unit_index (m, s);
    }
}

/* MN-AMB-62: the edge of t's footprint that a path along d runs into (the
 * one whose outward normal it meets most squarely: at a corner the one
 * that needs the smaller turn), as the sector it makes, and the facing
 * that looks into it. */
static MuSector
edge_touched (const MnUnit *t, MuPoint d, double *facing)
{
  static const double turn[4] = { 0, 90, 180, 270 };   /* front, right, back, left normals */
  static const MuSector sector[4] = { MU_SECTOR_FRONT, MU_SECTOR_FLANK, MU_SECTOR_REAR, MU_SECTOR_FLANK };
  double best = -G_MAXDOUBLE;
  int e = 0;

  for (int i = 0; i < 4; i++)
    {
      MuPoint n = mu_facing_vector (t->facing + turn[i]);
      double into = -(n.x * d.x + n.y * d.y);

      if (mu_table_beyond (into, best))
        {
          best = into;
          e = i;
        }
    }
  *facing = normal_facing (t->facing + turn[e] + 180);
  return sector[e];
}

/* The point where u's stands touch t's: the middle of the closest pair of
 * a stand corner of one and a stand edge of the other. */
static MuPoint
touch_point (const MnUnit *u, const MnUnit *t)
{
  MuPoint best = { 0, 0 };
  double best_d = G_MAXDOUBLE;

  for (int side = 0; side < 2; side++)
    {
      const MnUnit *a = side == 0 ? u : t, *b = side == 0 ? t : u;

      for (guint i = 0; i < a->n_stands; i++)
        {
          MuPoint c[4];

          mu_stand_corners (&a->stands[i], c);
          for (guint j = 0; j < b->n_stands; j++)
            {
              MuPoint e[4];

              mu_stand_corners (&b->stands[j], e);
              for (int k = 0; k < 4; k++)
                for (int l = 0; l < 4; l++)
                  {
                    MuPoint p = e[l], q = e[(l + 1) % 4];
                    double dx = q.x - p.x, dy = q.y - p.y, len2 = dx * dx + dy * dy;
                    double f = len2 > 0 ? ((c[k].x - p.x) * dx + (c[k].y - p.y) * dy) / len2 : 0;
                    MuPoint on;
                    double d;

                    f = CLAMP (f, 0, 1);
                    on = (MuPoint) { p.x + f * dx, p.y + f * dy };
                    d = hypot (c[k].x - on.x, c[k].y - on.y);
                    if (mu_table_beyond (best_d, d))
                      {
                        best_d = d;
                        best = (MuPoint) { (c[k].x + on.x) / 2, (c[k].y + on.y) / 2 };
                      }
                  }
            }
        }
    }
  return best;
}

/* MN-AMB-62: the charger squares up against the touched edge: it turns
 * about the point where the stands first touched until its front edge
 * lies along that edge, facing into it (then set exactly on the edge's
 * line, the contact of TAB-11); skipped when the turned stands would not
 * fit. Returns the sector it attacks. */
MuSector
mn_conform (MnMatch *m, MnUnit *u, MnUnit *t, MuPoint d, GPtrArray *events)
{
  double facing;
  MuSector sector = edge_touched (t, d, &facing);
  MuStand fp = mu_stands_footprint (t->stands, t->n_stands);
  MuPoint n = mu_facing_vector (facing + 180);     /* the edge's outward normal */
  double half = sector == MU_SECTOR_FLANK ? fp.width / 2 : fp.depth / 2;
  MuPoint edge = { fp.centre.x + n.x * half, fp.centre.y + n.y * half };
  MuPoint a = mn_anchor (u);
  MuPoint p = touch_point (u, t);
  double along = (p.x - edge.x) * n.x + (p.y - edge.y) * n.y;
  double turn = remainder (facing - u->facing, 360.0) * G_PI / 180;
  MuPoint r, anchor;
  double off;

  /* the point of touch, on the edge's line; the anchor turned about it */
  p.x -= n.x * along;
  p.y -= n.y * along;
  r.x = p.x + (a.x - p.x) * cos (turn) - (a.y - p.y) * sin (turn);
  r.y = p.y + (a.x - p.x) * sin (turn) + (a.y - p.y) * cos (turn);
  off = (r.x - edge.x) * n.x + (r.y - edge.y) * n.y;
  anchor = (MuPoint) { r.x - n.x * off, r.y - n.y * off };
  MuStand st[MU_STANDS_MAX];
  const MuFormationShape *shape = &mn_formation_shapes[u->form];
  guint k = mu_stands_layout (shape, u->bases, u->width, u->depth, anchor, facing, st, MU_STANDS_MAX);

  if (k == u->n_stands && mn_place_free (m, u, st, k, NULL))
    {
      MuEvent *e = mn_event (m, events, &mn_ev_conform, u->def->id, "MN-AMB-62");

      e->from = mu_pos_from_point (a.x, a.y, u->facing);
      memcpy (u->stands, st, sizeof st[0] * k);
      u->facing = facing;
      e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    }
  return sector;
}

/* The stands of every unit but u and t, for the path tests. */
static double
first_other (const MnMatch *m, const MnUnit *u, const MnUnit *t, const MuStand *st, MuPoint d,
             double length, gboolean enemies_only, const MnUnit **who)
{
  double best = -1;

  MN_FOR_UNITS (m, o)
    {
      double c;

      if (o == u || o == t || !mn_has_stands (o) || o->type == MN_TYPE_LEADER ||
          (enemies_only && o->side == u->side))
        continue;
      c = mn_first_touch (m, st, u->n_stands, o->stands, o->n_stands, d, length);
      if (c >= 0 && (best < 0 || c < best))
        {
          best = c;
          *who = o;
        }
    }
  return best;
}

/* TAB-12: the straight translation of the stands by `length` along d
 * stays on the table and off impassable ground and lines. */
static gboolean
path_clear (MnMatch *m, const MnUnit *u, const MuStand *st, MuPoint d, double length, char **reason,
            const char **rule)
{
  MuMoveParams params;
  MuMoveUnit mu = { &mn_formation_shapes[u->form], u->n_stands, u->width, u->depth,
                    mu_stands_anchor (st, u->n_stands), st[0].facing };
  MuMoveStep step = { MU_STEP_MOVE, { mu.anchor.x + d.x * length, mu.anchor.y + d.y * length }, 0 };
  MuMoveResult r = { 0 };
  gboolean ok;

  if (length <= 0)
    return TRUE;
  mu_move_params_init (&params);
  params.allowance = G_MAXDOUBLE / 4;
  for (int k = 0; k < MU_AREA_N; k++)
    params.area_impassable[k] = mu_ruleset_area_impassable (m->ruleset, k);
  params.line_impassable[MU_LINE_IMPASSABLE] = TRUE;
  params.water_needs_crossing = TRUE;
  params.streams_crossable = TRUE;
  ok = mu_table_move_check (m->terrain, &params, &mu, &step, 1, NULL, 0, &r);
  if (!ok)
    {
      *reason = g_strdup (r.reason);
      *rule = r.rule;
    }
  mu_move_result_clear (&r);
  return ok;
}

/* `charge UNIT TARGET [BEARING] [face F] [form line|column]`
 * (MN-CHG-1..5, MN-UNIT-3, MN-AMB-14, MN-AMB-15, MN-AMB-60..64). */
gboolean
mn_apply_charge (MnMatch *m, const MuCommand *c, GPtrArray *events, GError **error)
{
  MnUnit *u = mn_find_unit (m, mu_command_word (c, 0));
  MnUnit *t = mn_find_unit (m, mu_command_word (c, 1));
  MnChanges ch;
  MnDir dir = MN_DIR_AHEAD;
  MuStand st[MU_STANDS_MAX];
  guint n;
  MuPoint d;
  double contact, reach, diag, a, length;
  const MnUnit *other = NULL;
  g_autofree char *reason = NULL;
  const char *rule = NULL;
  gboolean halved = FALSE, into = FALSE;
  MnPair pair = { 0 };
  MuStand start[MU_STANDS_MAX];

  if (u == NULL)
    return mu_rules_refuse (error, "MN-CHG-1", "no unit “%s”", mu_command_word (c, 0));
  if (!mn_may_activate (m, u, error) || !mn_parse_changes (m, u, c, 2, &ch, error))
    return FALSE;
  if (u->type != MN_TYPE_INF && u->type != MN_TYPE_CAV)
    return mu_rules_refuse (error, "MN-UNIT-3", "only infantry and cavalry regiments charge");
  if (t == NULL || t->side == u->side || t->type == MN_TYPE_LEADER || !mn_has_stands (t))
    return mu_rules_refuse (error, "MN-AMB-60", "a charge names an enemy regiment or battery on the table");
  if (ch.turn && ch.reform)
    return mu_rules_refuse (error, "MN-MOV-3", "a unit that changes both facing and formation may not charge");
  if (!mn_check_changes (m, u, &ch, error))
    return FALSE;
  /* MN-TER-1: only infantry attacks into buildings */
  if (u->type != MN_TYPE_INF && mn_unit_in_kinds (m, t, MN_BUILDING_KINDS))
    return mu_rules_refuse (error, "MN-TER-1", "only infantry may attack into buildings");
  n = mn_layout_about (m, u, mn_footprint_centre (u), ch.facing, ch.form, u->bases, st);
  /* MN-AMB-60: straight ahead, or on a bearing 1.0°–91.0° off the facing */
  if (ch.has_bearing)
    {
      double off = angle_between (ch.bearing, ch.facing);

      if (mu_table_beyond (1.0, off) || mu_table_beyond (off, 91.0))
        return mu_rules_refuse (error, "MN-AMB-60", "a charge's bearing is 1.0° to 91.0° off its facing, "
                                "not %.1f°", off);
      dir = MN_DIR_OBLIQUE;
      d = mu_facing_vector (ch.bearing);
    }
  else
    d = mu_facing_vector (ch.facing);
  /* MN-CHG-2: sight after the changes, from the front edge */
  {
    gboolean same = !ch.turn && !ch.reform;
    gboolean clear;

    if (same && m->sight_valid && m->sight_unit == u && m->sight_target == t)
      clear = m->sight_clear;
    else
      clear = mn_sight (m, u, st, n, t, t->stands, t->n_stands, NULL);
    if (same && events == NULL)
      {
        m->sight_valid = TRUE;
        m->sight_unit = u;
        m->sight_target = t;
        m->sight_clear = clear;
      }
    if (!clear)
      return mu_rules_refuse (error, "MN-CHG-2", "%s cannot see %s", u->def->id, t->def->id);
  }
  diag = hypot (m->table->width, m->table->height);
  contact = mn_first_touch (m, st, n, t->stands, t->n_stands, d, diag);
  if (contact < 0)
    return mu_rules_refuse (error, "MN-AMB-60", "a straight charge of %s never reaches %s", u->def->id,
                            t->def->id);
  reach = first_other (m, u, t, st, d, contact, TRUE, &other);
  if (reach >= 0 && reach < contact)
    return mu_rules_refuse (error, "MN-AMB-60", "the charge meets %s first", other->def->id);
  if (!path_clear (m, u, st, d, contact, &reason, &rule))
    return mu_rules_refuse (error, rule ? rule : "MN-AMB-60", "%s", reason ? reason : "the path is blocked");
  for (guint k = 0; k < n; k++)
    {
      MuPoint to = { st[k].centre.x + d.x * contact, st[k].centre.y + d.y * contact };

      if (mn_segment_enters_destroyed (m, st[k].centre, to))
        return mu_rules_refuse (error, "MN-AMB-75", "a destroyed building can no longer be entered");
    }
  /* MN-AMB-61: the terrain of the path to contact, judged on the unit as
   * its changes leave it */
  {
    g_autofree MnUnit *changed = g_memdup2 (u, sizeof *u);
    MuStand end[MU_STANDS_MAX];
    MuPoint a0 = mu_stands_anchor (st, n);

    changed->form = ch.form;
    mn_translate (st, n, d, contact, end);
    if (!mn_path_terrain (m, changed, st, end, n, a0, (MuPoint) { a0.x + d.x * contact, a0.y + d.y * contact },
                          &halved, error))
      return FALSE;
  }
  if (events == NULL)
    return TRUE;

  m->activations[u->side]--;
  u->activated = TRUE;
  u->dir = dir;
  {
    MuEvent *e = mn_event (m, events, &mn_ev_charge, u->def->id, "MN-CHG-1");

    mu_event_set_object (e, t->def->id);
    mu_event_set_text (e, mn_dir_id (dir));
    e->value = m->activations[u->side];
  }
  mn_make_changes (m, u, &ch, events);
  /* MN-AMB-64: the snapshot before the move */
  mn_snapshot (m, u, t, &pair);
  /* MN-AMB-14, MN-AMB-61: the roll for the path's direction plus the
   * bonuses, halved when the path to contact crosses halving ground */
  a = mn_roll_movement (m, u, dir, events);
  if (halved)
    a = ceil (a * m->num.halving - MU_TABLE_EPSILON);
  if (mu_table_within (contact - mn_tolerance (m), a))
    {
      /* into contact (TAB-11); conforming closes the last gap */
      length = MAX (0, contact - mn_tolerance (m));
      into = TRUE;
    }
  else
    length = MAX (0, mn_hundredths_down (MIN (a, contact - m->num.charge_short)));
  /* MN-AMB-52, MN-AMB-61: a friend not passed completely shortens it, and
   * then there is no contact */
  {
    gboolean again = length > 0;
    MuStand end[MU_STANDS_MAX];

    while (again)
      {
        again = FALSE;
        mn_translate (u->stands, u->n_stands, d, length, end);
        MN_FOR_UNITS (m, o)
          if (o != u && o->side == u->side && o->type != MN_TYPE_LEADER && mn_has_stands (o) &&
              mu_stands_within (end, u->n_stands, o->stands, o->n_stands, mn_tolerance (m)))
            {
              double touch = mn_first_touch (m, u->stands, u->n_stands, o->stands, o->n_stands, d, length);

              length = touch < 0 ? 0 : MAX (0, mn_hundredths_down (touch - m->num.pass_short));
              into = FALSE;
              again = length > 0;
              break;
            }
      }
  }
  {
    MuEvent *e = mn_event (m, events, &mn_ev_move, u->def->id, "MN-CHG-3");
    MuPoint from = mn_anchor (u);
    g_autofree char *text = g_strdup_printf ("%.2f", length);

    memcpy (start, u->stands, sizeof start[0] * u->n_stands);
    mn_translate (u->stands, u->n_stands, d, length, u->stands);
    e->from = mu_pos_from_point (from.x, from.y, u->facing);
    e->to = mu_pos_from_point (mn_anchor (u).x, mn_anchor (u).y, u->facing);
    mu_event_set_text (e, text);
    u->moved |= length > 0;
  }
  mn_capture_on_path (m, u, start, u->n_stands, d, length, events);
  /* MN-CHG-4, MN-AMB-63: cavalry stopped exactly 2 in short of cavalry is
   * countercharged 2 in into contact, the target keeping its facing. A
   * stand of another unit or impassable ground in its way stops the
   * countercharge before it starts (the digest says only that there is
   * then no contact; it does not move). */
  if (!into && u->type == MN_TYPE_CAV && t->type == MN_TYPE_CAV && !mn_in_melee (m, t) &&
      mu_table_within (contact - m->num.charge_short, a) &&
      mu_table_within (contact - m->num.charge_short - 0.01, length))
    {
      MuPoint back = { -d.x, -d.y };
      double gap = mn_first_touch (m, t->stands, t->n_stands, u->stands, u->n_stands, back,
                                   m->num.countercharge + 0.1);
      const MnUnit *blocker = NULL;
      double block = first_other (m, t, u, t->stands, back, m->num.countercharge, FALSE, &blocker);
      g_autofree char *why = NULL;
      const char *why_rule = NULL;

      if (gap >= 0 && (block < 0 || block >= gap) && path_clear (m, t, t->stands, back, gap, &why, &why_rule))
        {
          MuEvent *e = mn_event (m, events, &mn_ev_countercharge, t->def->id, "MN-CHG-4");
          MuPoint from = mn_anchor (t);

          /* MN-AMB-64: for a countercharge, the snapshot before the
           * charger's move: the one taken */
          memcpy (start, t->stands, sizeof start[0] * t->n_stands);
          mn_translate (t->stands, t->n_stands, back, gap, t->stands);
          mu_event_set_object (e, u->def->id);
          e->from = mu_pos_from_point (from.x, from.y, t->facing);
          e->to = mu_pos_from_point (mn_anchor (t).x, mn_anchor (t).y, t->facing);
          into = TRUE;
          mn_capture_on_path (m, t, start, t->n_stands, back, gap, events);
        }
    }
  u->owes_move = FALSE;
  if (!into)
    return TRUE;
  pair.attacker = unit_index (m, u);
  pair.defender = unit_index (m, t);
  pair.fresh = TRUE;
  pair.sector = mn_conform (m, u, t, d, events);
  {
    MuEvent *e = mn_event (m, events, &mn_ev_contact, u->def->id, "MN-AMB-62");

    mu_event_set_object (e, t->def->id);
    mu_event_set_text (e, mu_sector_to_string (pair.sector));
  }
  mn_pair_add (m, &pair);
  return TRUE;
}

/* MuRuleset.attack_path: a legal charge's path to contact before its roll
 * (MN-AMB-60, MN-AMB-61): the anchor where it stands, where its facing
 * and formation changes put it, and where the path first touches the
 * target. Whether the roll reaches that far is the dice's. */
gboolean
mn_charge_path (gpointer state, const MuCommand *c, GArray *path)
{
  MnMatch *m = state;
  MnUnit *u, *t;
  MnChanges ch;
  MuStand st[MU_STANDS_MAX];
  MuPoint from, a, d;
  MuPos pos;
  double contact;
  guint n;

  if (!g_str_equal (mu_command_get_verb (c), "charge") || !mn_apply (m, c, NULL, NULL))
    return FALSE;
  u = mn_find_unit (m, mu_command_word (c, 0));
  t = mn_find_unit (m, mu_command_word (c, 1));
  if (!mn_parse_changes (m, u, c, 2, &ch, NULL))
    return FALSE;
  n = mn_layout_about (m, u, mn_footprint_centre (u), ch.facing, ch.form, u->bases, st);
  d = mu_facing_vector (ch.has_bearing ? ch.bearing : ch.facing);
  contact = mn_first_touch (m, st, n, t->stands, t->n_stands, d, hypot (m->table->width, m->table->height));
  if (contact < 0)
    return FALSE;
  from = mn_anchor (u);
  a = mu_stands_anchor (st, n);
  pos = mu_pos_from_point (from.x, from.y, u->facing);
  g_array_append_val (path, pos);
  if (mu_table_beyond (hypot (a.x - from.x, a.y - from.y), 0) || mu_table_beyond (fabs (ch.facing - u->facing), 0))
    {
      pos = mu_pos_from_point (a.x, a.y, ch.facing);
      g_array_append_val (path, pos);
    }
  pos = mu_pos_from_point (a.x + d.x * contact, a.y + d.y * contact, ch.facing);
  g_array_append_val (path, pos);
  return TRUE;
}
