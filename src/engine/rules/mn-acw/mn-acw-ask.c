/* mn-acw-ask.c: what a front end asks besides the legal commands: a
 * counter's line of sight to a point (MN-AMB-72), the targets a regiment
 * may charge now (MN-AMB-60), what the step still wants done (MN-AMB-50,
 * MN-MEL-1), and where a unit that owes its move may go (MN-AMB-47). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-table-geom.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

gboolean
mn_line_of_sight (gpointer state, const char *counter, const MuPos *to, MuSight *sight, GError **error)
{
  MnMatch *m = state;
  const MnUnit *u = mn_find_unit (m, counter);
  const MnUnit *from = u && u->attached != MN_NONE ? g_ptr_array_index (m->units, u->attached) : u;
  MuStand point = { { 0, 0 }, 1e-3, 1e-3, 0, 0 };
  const MuStand *target = &point;
  const MnUnit *target_unit = NULL;
  guint n_target = 1;
  MuLosResult r = { 0 };
  static const MuSightBlock blocks[] = { MU_SIGHT_CLEAR, MU_SIGHT_UNIT, MU_SIGHT_TERRAIN, MU_SIGHT_ELEVATION,
                                         MU_SIGHT_CREST };

  memset (sight, 0, sizeof *sight);
  if (from == NULL || !mn_has_stands (from))
    return mu_rules_refuse (error, "MN-AMB-72", "%s is no unit or leader on the table", counter);
  if (!to->is_point)
    return mu_rules_refuse (error, "MN-AMB-72", "a line of sight on a table ends at a point");
  /* a point on a unit's stand asks about that unit */
  MN_FOR_UNITS (m, o)
    if (o != from && mn_has_stands (o) && target == &point)
      for (guint i = 0; i < o->n_stands; i++)
        {
          MuPoint c[4];

          mu_stand_corners (&o->stands[i], c);
          if (mu_polygon_contains (c, 4, to->point))
            {
              target = o->stands;
              target_unit = o;
              n_target = o->n_stands;
              break;
            }
        }
  point.centre = to->point;
  sight->clear = mn_sight (m, from, from->stands, from->n_stands, target_unit, target, n_target, &r);
  sight->block = sight->clear ? MU_SIGHT_CLEAR : blocks[CLAMP (r.block, 0, (int) G_N_ELEMENTS (blocks) - 1)];
  sight->from = mu_pos_from_point (r.from.x, r.from.y, -1);
  sight->to = *to;
  sight->rule = "MN-AMB-72";
  if (!sight->clear)
    {
      sight->reason = g_strdup_printf ("blocked by %s", mu_sight_block_to_string (sight->block));
      if (r.block == MU_LOS_UNIT && r.unit)
        sight->unit = g_strdup (r.unit);
    }
  return TRUE;
}

/* MuRuleset.legal_moves: the end points of the moves listed for a unit
 * or leader that owes its move (mn-acw-legal.c's sample: its whole
 * allowance, half of it and 1 in, on its ray or fanned out sideways);
 * none for any other. The region (mn_legal_region) holds every point
 * between them. */
GArray *
mn_legal_moves (gpointer state, const char *counter)
{
  MnMatch *m = state;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuPos));
  const MnUnit *u = mn_find_unit (m, counter);
  g_autoptr(GPtrArray) legal = NULL;

  if (u == NULL || !u->owes_move)
    return out;
  legal = mn_legal_commands (m);
  for (guint i = 0; i < legal->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (legal, i);
      const MuArg *to = mu_command_n_args (c) == 2 ? mu_command_arg (c, 1) : NULL;

      if (g_str_equal (mu_command_get_verb (c), "move") && g_strcmp0 (mu_command_word (c, 0), counter) == 0 &&
          to != NULL && to->kind == MU_ARG_POS)
        g_array_append_val (out, to->pos);
    }
  return out;
}

GPtrArray *
mn_legal_targets (gpointer state, const char *counter)
{
  MnMatch *m = state;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const MnUnit *u = mn_find_unit (m, counter);

  if (u == NULL || (u->type != MN_TYPE_INF && u->type != MN_TYPE_CAV))
    return out;
  MN_FOR_UNITS (m, t)
    {
      g_autoptr(MuCommand) c = NULL;

      if (t->side == u->side || t->type == MN_TYPE_LEADER || !mn_has_stands (t))
        continue;
      c = mu_command_new ("charge");
      mu_command_add_word (c, u->def->id);
      mu_command_add_word (c, t->def->id);
      if (mn_apply (m, c, NULL, NULL))
        g_ptr_array_add (out, g_strdup (t->def->id));
    }
  return out;
}

void
mn_outstanding (gpointer state, GArray *todo)
{
  MnMatch *m = state;
  MuTodo t = { 0 };

  if (m->finished)
    return;
  if (m->step == MN_STEP_MOVE)
    {
      MN_FOR_UNITS (m, u)
        if (u->owes_move)
          {
            /* for people: the unit's name */
            t.text = g_strdup_printf (_("%s has rolled its movement and must move (0 to stay)"),
                                      u->def->name && *u->def->name ? u->def->name : u->def->id);
            t.rule = "MN-AMB-50";
            t.count = 1;
            t.compulsory = TRUE;
            g_array_append_val (todo, t);
            memset (&t, 0, sizeof t);
          }
      if (m->activations[mn_active_side (m)] > 0)
        {
          t.text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d activation left: it lapses when the step ends",
                                                 "%d activations left: they lapse when the step ends",
                                                 m->activations[mn_active_side (m)]),
                                    m->activations[mn_active_side (m)]);
          t.rule = "MN-AMB-50";
          t.count = m->activations[mn_active_side (m)];
          t.lost_on_end = TRUE;
          g_array_append_val (todo, t);
        }
    }
  else if (m->step == MN_STEP_BATTLE)
    {
      guint n = 0;

      for (guint i = 0; i < m->pairs->len; i++)
        n += !g_array_index (m->pairs, MnPair, i).fought;
      if (n > 0)
        {
          t.text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u melee pair to fight",
                                                 "%u melee pairs to fight", n), n);
          t.rule = "MN-MEL-1";
          t.count = (int) n;
          t.compulsory = TRUE;
          g_array_append_val (todo, t);
        }
    }
}

/* The longest legal move of u toward direction `facing` (table degrees),
 * to 0.01, found by halving the interval: on one straight leg
 * (MN-AMB-48) a longer move meets everything a shorter one does, so what
 * is legal is a stretch from the anchor. */
static double
longest (MnMatch *m, MnUnit *u, double facing)
{
  MuPoint a = mn_anchor (u), d = mu_facing_vector (facing);
  double lo = 0, hi = u->allowance + 0.01;

  for (int i = 0; i < 12 && hi - lo > 0.01; i++)
    {
      double mid = (lo + hi) / 2;
      g_autoptr(MuCommand) c = mu_command_new ("move");
      MuPos to = mu_pos_from_point (round ((a.x + d.x * mid) * 100) / 100, round ((a.y + d.y * mid) * 100) / 100,
                                    -1);

      mu_command_add_word (c, u->def->id);
      mu_command_add_pos (c, &to);
      if (mn_apply (m, c, NULL, NULL))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* MuRuleset.legal_region: where the anchor of a unit or leader that owes
 * its move may end (MN-AMB-47): a thin strip along the ray of a move
 * ahead or back, a fan from 91° left to 91° right of its facing for a
 * move sideways, each as far as its move is legal. NULL when it owes
 * none. */
MuRegion *
mn_legal_region (gpointer state, const char *counter)
{
  MnMatch *m = state;
  MnUnit *u = mn_find_unit (m, counter);
  MuRegion *region;
  MuPoint a;

  if (u == NULL || !u->owes_move || !mn_has_stands (u) || m->decision.kind != MN_DECIDE_NONE)
    return NULL;
  a = mn_anchor (u);
  region = mu_region_new ();
  if (u->dir == MN_DIR_OBLIQUE)
    {
      /* 37 rays from 91° left to 91° right, the anchor closing the fan */
      MuPoint ring[38];

      ring[0] = a;
      for (int i = 0; i < 37; i++)
        {
          double f = u->facing - 91.0 + 182.0 * i / 36;
          MuPoint d = mu_facing_vector (f);
          double l = MAX (longest (m, u, f), 0.01);

          ring[i + 1] = (MuPoint) { a.x + d.x * l, a.y + d.y * l };
        }
      mu_region_add_polygon (region, ring, G_N_ELEMENTS (ring));
    }
  else
    {
      double f = u->facing + (u->dir == MN_DIR_BACK ? 180 : 0);
      MuPoint d = mu_facing_vector (f), n = { -d.y * 0.05, d.x * 0.05 };
      double l = MAX (longest (m, u, f), 0.01);
      MuPoint ring[4] = {
        { a.x + n.x, a.y + n.y }, { a.x + d.x * l + n.x, a.y + d.y * l + n.y },
        { a.x + d.x * l - n.x, a.y + d.y * l - n.y }, { a.x - n.x, a.y - n.y },
      };

      mu_region_add_polygon (region, ring, 4);
    }
  return region;
}
