/* mn-acw-legal.c: the legal commands now, for the simulator and computer
 * players: every verb the step allows, each candidate checked by the
 * rules themselves (mn_apply without events). Moves on a table are
 * continuous, so a move is sampled: its whole allowance, half of it and
 * 1 in, on its ray or, sideways, at 30, 60 and 90 degrees either side;
 * charges and fires are listed for every enemy and building in reach. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include <math.h>

#define MN_BUILDING_KINDS (1u << MU_AREA_BUILT_UP | 1u << MU_AREA_BUILDING | 1u << MU_AREA_SETTLEMENT)
/* The longest charge: two sixes read as their sum, the column and a leader. */
#define MN_CHARGE_REACH 20.0

static void
add_if_legal (MnMatch *m, GPtrArray *out, MuCommand *c)
{
  if (mn_apply (m, c, NULL, NULL))
    g_ptr_array_add (out, c);
  else
    mu_command_free (c);
}

/* TAB-3: a point as its command text gives it back. */
static MuPos
point (MuPoint p, double along, MuPoint d)
{
  return mu_pos_from_point (round ((p.x + d.x * along) * 100) / 100, round ((p.y + d.y * along) * 100) / 100,
                            -1);
}

static void
moves (MnMatch *m, MnUnit *u, GPtrArray *out)
{
  MuPoint a = mn_anchor (u);
  double lengths[] = { u->allowance, floor (u->allowance * 50) / 100, 1.0 };
  static const double offs[] = { 0, 30, -30, 60, -60, 90, -90 };
  MuCommand *c;

  c = mu_rules_command ("move", u->def->id, NULL);
  mu_command_add_number (c, 0);
  add_if_legal (m, out, c);
  /* MN-AMB-56: a leader who left his unit has a move off it whenever he
   * may not stay, though the samples below may all miss it */
  if (u->type == MN_TYPE_LEADER && u->left != MN_NONE)
    {
      MuPos to;

      if (mn_leader_way_off (m, u, &to))
        {
          c = mu_rules_command ("move", u->def->id, NULL);
          mu_command_add_pos (c, &to);
          g_ptr_array_add (out, c);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      if (lengths[i] <= 0.01 || (i > 0 && lengths[i] >= lengths[0]))
        continue;
      if (u->dir == MN_DIR_OBLIQUE)
        for (guint k = 0; k < G_N_ELEMENTS (offs); k++)
          {
            MuPos to = point (a, lengths[i], mu_facing_vector (u->facing + offs[k]));

            c = mu_rules_command ("move", u->def->id, NULL);
            mu_command_add_pos (c, &to);
            add_if_legal (m, out, c);
          }
      else
        {
          MuPoint d = mu_facing_vector (u->facing + (u->dir == MN_DIR_BACK ? 180 : 0));
          MuPos to = point (a, lengths[i], d);

          c = mu_rules_command ("move", u->def->id, NULL);
          mu_command_add_pos (c, &to);
          add_if_legal (m, out, c);
        }
    }
}

/* activations () measures each charger from every enemy's footprint
 * centre; the dry runs leave the units as they were, so the centres are
 * worked out once for all the side's units, not once a pair. */
static MuPoint *
footprint_centres (MnMatch *m)
{
  MuPoint *centres = g_new0 (MuPoint, m->units->len);

  for (guint i = 0; i < m->units->len; i++)
    {
      const MnUnit *t = g_ptr_array_index (m->units, i);

      if (t->type != MN_TYPE_LEADER && mn_has_stands (t))
        centres[i] = mn_footprint_centre (t);
    }
  return centres;
}

static void
activations (MnMatch *m, MnUnit *u, const MuPoint *centres, GPtrArray *out)
{
  static const char *const dirs[] = { "ahead", "back", "oblique", "stay" };
  MuPoint centre;

  if (!mn_may_activate (m, u, NULL))
    return;
  /* every command below asks this again first, of the same match */
  m->may_activate = u;
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    add_if_legal (m, out, mu_rules_command ("activate", u->def->id, dirs[i]));
  for (int turn = -1; turn <= 1; turn += 2)
    {
      MuCommand *c = mu_rules_command ("activate", u->def->id, "ahead");

      mu_command_add_step (c, MU_MOVE_FACE, NULL, fmod (u->facing + 45 * turn + 360, 360), NULL);
      add_if_legal (m, out, c);
    }
  if (u->type != MN_TYPE_LEADER)
    {
      MuCommand *c = mu_rules_command ("activate", u->def->id, "stay");

      mu_command_add_step (c, MU_MOVE_FORM, NULL, 0, u->form == MN_FORM_LINE ? "column" : "line");
      add_if_legal (m, out, c);
    }
  if (u->type == MN_TYPE_INF || u->type == MN_TYPE_CAV)
    centre = mn_footprint_centre (u);
  if (u->type == MN_TYPE_INF || u->type == MN_TYPE_CAV)
    for (guint i = 0; i < m->units->len; i++)
      {
        const MnUnit *t = g_ptr_array_index (m->units, i);
        MuPoint tc;

        if (t->side == u->side || t->type == MN_TYPE_LEADER || !mn_has_stands (t))
          continue;
        tc = centres[i];
        if (hypot (tc.x - centre.x, tc.y - centre.y) > MN_CHARGE_REACH)
          continue;
        add_if_legal (m, out, mu_rules_command ("charge", u->def->id, t->def->id));
        for (int side = -1; side <= 1; side += 2)
          {
            MuCommand *c = mu_rules_command ("charge", u->def->id, t->def->id);

            mu_command_add_number (c, fmod (u->facing + 45 * side + 360, 360));
            add_if_legal (m, out, c);
          }
      }
  if (u->type == MN_TYPE_FOOT_ART || u->type == MN_TYPE_HORSE_ART)
    for (guint i = 0; m->table->areas && i < m->table->areas->len; i++)
      {
        const MuArea *a = g_ptr_array_index (m->table->areas, i);

        if (a->id && (MN_BUILDING_KINDS & (1u << a->kind)))
          add_if_legal (m, out, mu_rules_command ("bombard", u->def->id, a->id));
      }
  m->may_activate = NULL;
}

GPtrArray *
mn_legal_commands (MnMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);

  if (m->finished)
    return out;
  if (m->decision.kind != MN_DECIDE_NONE)
    {
      for (guint i = 0; i + 1 < m->decision.answers->len; i++)
        add_if_legal (m, out, mu_rules_command ("choose", g_ptr_array_index (m->decision.answers, i), NULL));
      return out;
    }
  if (m->step == MN_STEP_MOVE)
    {
      MN_FOR_UNITS (m, u)
        if (u->owes_move)
          {
            moves (m, u, out);
            return out;
          }
      g_autofree MuPoint *centres = footprint_centres (m);

      MN_FOR_UNITS (m, u)
        {
          if (u->side != mn_active_side (m))
            continue;
          if (u->type == MN_TYPE_LEADER && u->activated && mn_has_stands (u))
            MN_FOR_UNITS (m, t)
              if (t->side == u->side && t->type != MN_TYPE_LEADER && mn_has_stands (t))
                add_if_legal (m, out, mu_rules_command ("attach", u->def->id, t->def->id));
          activations (m, u, centres, out);
        }
    }
  else if (m->step == MN_STEP_BATTLE)
    for (guint i = 0; i < m->pairs->len; i++)
      {
        const MnPair *p = &g_array_index (m->pairs, MnPair, i);
        const MnUnit *attacker = g_ptr_array_index (m->units, p->attacker);
        const MnUnit *defender = g_ptr_array_index (m->units, p->defender);

        add_if_legal (m, out, mu_rules_command ("fight", attacker->def->id, defender->def->id));
      }
  add_if_legal (m, out, mu_rules_command ("end-phase", NULL, NULL));
  return out;
}
