/* toy-soldiers-legal.c: the legal commands (MuRuleset.legal_commands) for
 * the simulator and the front ends: a sample of every verb's commands
 * (each move straight ahead or back at a few lengths, every fire in
 * reach, every formation at the command stand's place), each checked by
 * the rules before it is listed. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include <math.h>

static void
offer (TsMatch *m, GPtrArray *out, MuCommand *c)
{
  if (ts_apply (m, c, NULL, NULL))
    g_ptr_array_add (out, c);
  else
    mu_command_free (c);
}

static void
offer_move (TsMatch *m, GPtrArray *out, const TsUnit *u, const char *verb, double bearing, double inches)
{
  MuPoint d = mu_facing_vector (u->facing + bearing);
  MuPos to = mu_pos_from_point (u->anchor.x + d.x * ts_in (m, inches), u->anchor.y + d.y * ts_in (m, inches), -1);
  MuCommand *c = mu_rules_command (verb, u->def->id, NULL);

  mu_command_add_step (c, MU_MOVE_TO, &to, 0, NULL);
  offer (m, out, c);
}

/* TS-VIL-1, TS-AMB-85: u's companies into block bi, in every form the
 * rules take (the whole battalion with its command stand among them). */
static void
offer_garrison (TsMatch *m, GPtrArray *out, const TsUnit *u, int bi)
{
  g_autoptr(GPtrArray) forms = ts_garrison_forms (m, u, bi);

  while (forms->len > 0)
    offer (m, out, g_ptr_array_steal_index (forms, 0));
}

/* TS-VIL-3, TS-AMB-85: a whole garrison's leaving, its command stand
 * placed facing out of each face of the block, its layout 0.5" to 1.5"
 * clear of it (the first of those the rules accept, a face). */
static void
offer_leave_whole (TsMatch *m, GPtrArray *out, int bi)
{
  TsUnit faces;

  if (!ts_block_faces (m, bi, &faces))
    return;
  for (guint k = 0; k < faces.n_st; k++)
    {
      const MuStand *f = &faces.st[k];
      MuPoint n = mu_facing_vector (f->facing);

      for (double gap = 1.0; gap <= 2.0 + 1e-9; gap += 0.5)
        {
          MuPos at = mu_pos_from_point (f->centre.x + n.x * ts_in (m, gap), f->centre.y + n.y * ts_in (m, gap),
                                        f->facing);
          MuCommand *c = mu_rules_command ("leave", ts_block_at (m, bi)->area->id, NULL);

          mu_command_add_pos (c, &at);
          if (ts_apply (m, c, NULL, NULL))
            {
              g_ptr_array_add (out, c);
              break;
            }
          mu_command_free (c);
        }
    }
}

/* In place: the command stand's front-edge midpoint, the same facing. */
MuPos
ts_form_pose_in_place (const TsMatch *m, const TsUnit *u)
{
  MuPoint right = mu_facing_vector (u->facing + 90.0);
  int w = ts_width (m, u, u->form);
  MuPoint p = { u->anchor.x + right.x * (w - 1) * u->width / 2, u->anchor.y + right.y * (w - 1) * u->width / 2 };

  return mu_pos_from_point (p.x, p.y, u->facing);
}

GPtrArray *
ts_legal_commands (TsMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  int side = ts_active_side (m);

  if (m->finished)
    return out;
  if (m->decision.kind == TS_DECIDE_ESCAPE)
    {
      /* TS-CDR-11: a sample of places 6" and 12" away, eight ways round */
      const TsUnit *c = ts_unit_at (m, m->decision.unit);
      MuStand s = ts_commander_stand (m, c);
      MuPoint f = mu_facing_vector (s.facing);
      MuPoint at = { s.centre.x + f.x * s.depth / 2, s.centre.y + f.y * s.depth / 2 };

      for (int k = 0; k < 8; k++)
        for (int r = 6; r <= 12; r += 6)
          {
            MuPoint d = mu_facing_vector (45.0 * k);
            MuPos to = mu_pos_from_point (at.x + d.x * ts_in (m, r), at.y + d.y * ts_in (m, r), -1);
            MuCommand *cmd = mu_command_new ("choose");

            mu_command_add_pos (cmd, &to);
            offer (m, out, cmd);
          }
      return out;
    }
  if (m->decision.kind == TS_DECIDE_CONTACT && ts_decision_view (m)->kind == MU_ANSWER_POSITION)
    {
      /* TS-CR-11: a winner's advance, its full 2" straight ahead, or none */
      const TsUnit *u = ts_unit_at (m, m->decision.unit);
      MuPoint f = mu_facing_vector (u->facing);
      MuPos to = mu_pos_from_point (u->anchor.x + f.x * ts_in (m, 2), u->anchor.y + f.y * ts_in (m, 2), -1);
      MuCommand *cmd = mu_command_new ("choose");

      mu_command_add_pos (cmd, &to);
      offer (m, out, cmd);
      /* or companies into a village block instead (TS-VIL-1) */
      for (guint i = 0; i < m->blocks->len; i++)
        offer_garrison (m, out, u, (int) i);
    }
  if (m->decision.kind == TS_DECIDE_DISPARITY)
    {
      /* TS-AMB-68: each run of value answers, from every start in turn */
      guint n = m->decision.answers->len - 1, k = (guint) m->decision.value;

      for (guint i = 0; i < n; i++)
        {
          GString *s = g_string_new (NULL);

          for (guint j = 0; j < k; j++)
            g_string_append_printf (s, "%s%s", j ? "," : "",
                                    (char *) g_ptr_array_index (m->decision.answers, (i + j) % n));
          offer (m, out, mu_rules_command ("choose", s->str, NULL));
          g_string_free (s, TRUE);
        }
      return out;
    }
  if (m->decision.kind != TS_DECIDE_NONE)
    {
      for (guint i = 0; i + 1 < m->decision.answers->len; i++)
        offer (m, out, mu_rules_command ("choose", g_ptr_array_index (m->decision.answers, i), NULL));
      return out;
    }
  /* 3.20: a charge declared or at an abort step takes only its own commands */
  if (m->charge != NULL)
    {
      ts_charge_legal (m, out);
      return out;
    }
  if (m->step == TS_STEP_COMMANDER)
    TS_FOR_UNITS (m, c)
      if (c->type == TS_COMMANDER && c->side == side && !c->cdr_acted)
        {
          offer (m, out, mu_rules_command ("berate", c->def->id, NULL));
          offer (m, out, mu_rules_command ("consolidate", c->def->id, NULL));
          offer (m, out, mu_rules_command ("aware", c->def->id, NULL));
          /* a ride of 12" toward the middle of the table */
          {
            MuStand st = ts_commander_stand (m, c);
            MuPoint mid = { m->table->width / 2, m->table->height / 2 };
            double len = hypot (mid.x - st.centre.x, mid.y - st.centre.y);

            if (len > ts_in (m, 1))
              {
                double k = MIN (ts_in (m, 12), len - ts_in (m, 1)) / len;
                MuPos to = mu_pos_from_point (st.centre.x + (mid.x - st.centre.x) * k,
                                              st.centre.y + (mid.y - st.centre.y) * k, -1);
                MuCommand *r = mu_rules_command ("ride", c->def->id, NULL);

                mu_command_add_pos (r, &to);
                offer (m, out, r);
              }
          }
          TS_FOR_UNITS (m, u)
            if (u->type != TS_COMMANDER && u->cmdr == ts_unit_index (m, c))
              {
                offer (m, out, mu_rules_command ("attach", c->def->id, u->def->id));
                offer (m, out, mu_rules_command ("rally", c->def->id, u->def->id));
                if (u->dispersed)
                  {
                    /* where it last stood, in line, by the roll */
                    MuPos at = mu_pos_from_point (u->anchor.x, u->anchor.y, u->facing);
                    MuCommand *r = mu_rules_command ("reform", c->def->id, u->def->id);

                    mu_command_add_pos (r, &at);
                    mu_command_add_word (r, "line");
                    mu_command_add_word (r, "roll");
                    offer (m, out, r);
                  }
              }
        }
  /* the skirmishers of the unit whose action is open (TS-SKM-2) */
  if (m->step == TS_STEP_UNITS && ts_unit_at (m, m->open_unit))
    {
      const TsUnit *u = ts_unit_at (m, m->open_unit);
      MuPoint fw = mu_facing_vector (u->facing);
      MuPos at = mu_pos_from_point (u->anchor.x + fw.x * ts_in (m, 2.5), u->anchor.y + fw.y * ts_in (m, 2.5), -1);
      MuCommand *c = mu_rules_command ("skirmish", u->def->id, NULL);

      mu_command_add_pos (c, &at);
      offer (m, out, c);
      offer (m, out, mu_rules_command ("recall", u->def->id, NULL));
    }
  TS_FOR_UNITS (m, u)
    if (u->type != TS_COMMANDER && u->side == side && ts_in_play (u) && !u->acted)
      {
        g_autoptr(GPtrArray) targets = ts_fire_targets (m, u);
        static const struct { const char *verb; double bearing; double frac; } moves[] = {
          { "forward", 0, 1 }, { "forward", 0, 0.5 }, { "ease-forward", 0, 1 }, { "hurry-forward", 0, 1 },
          { "fall-back", 180, 1 }, { "fall-back", 180, 0.5 }, { "adjust", 180, 1 }, { "side", 90, 0.5 },
          { "side", 270, 0.5 }, { "prolong", 0, 1 }, { "angle", 45, 0.5 }, { "angle", 315, 0.5 },
        };

        offer (m, out, mu_rules_command ("reorder", u->def->id, NULL));
        offer (m, out, mu_rules_command ("hasty", u->def->id, NULL));
        for (guint i = 0; i < targets->len; i++)
          offer (m, out, mu_rules_command ("fire", u->def->id, ((TsUnit *) g_ptr_array_index (targets, i))->def->id));
        ts_charge_legal_declare (m, u, out);
        for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
          {
            TsAction a;
            double reach;

            ts_action_parse (moves[i].verb, &a);
            reach = m->num.move[u->type][a];
            if (reach > 0)
              offer_move (m, out, u, moves[i].verb, moves[i].bearing,
                          a == TS_ACT_SIDE ? m->num.side_free[u->type] : reach * moves[i].frac);
          }
        /* a retreat: about-face onto the rear edge, then along the new facing */
        if (m->num.move[u->type][TS_ACT_RETREAT] > 0)
          {
            MuStand fp = mu_stands_footprint (u->st, u->n_st);
            MuPoint back = mu_facing_vector (u->facing + 180.0);
            double d = ts_in (m, m->num.move[u->type][TS_ACT_RETREAT] / 2);
            MuPos to = mu_pos_from_point (fp.centre.x + back.x * (fp.depth / 2 + d),
                                          fp.centre.y + back.y * (fp.depth / 2 + d), -1);
            MuCommand *c = mu_rules_command ("retreat", u->def->id, NULL);

            mu_command_add_step (c, MU_MOVE_TO, &to, 0, NULL);
            offer (m, out, c);
          }
        for (int f = 0; f < TS_FORM_N; f++)
          {
            MuPos pos = ts_form_pose_in_place (m, u);
            MuCommand *c;

            if ((TsForm) f == u->form)
              continue;
            c = mu_rules_command ("form", u->def->id, ts_form_id (f));
            mu_command_add_pos (c, &pos);
            offer (m, out, c);
          }
      }
  /* villages (TS-VIL, TS-AMB-85): garrisons reorder and fire, units fire
   * at the enemy's; the open unit enters a block, or its companies leave
   * (a whole battalion's with its command stand placed outside a face) */
  for (guint i = 0; i < m->blocks->len; i++)
    {
      const TsBlock *b = &g_array_index (m->blocks, TsBlock, i);
      const TsUnit *g = ts_unit_at (m, b->unit);
      const char *id = b->area->id;

      if (g && g->side == side)
        {
          offer (m, out, mu_rules_command ("reorder", id, NULL));
          TS_FOR_UNITS (m, t)
            if (t->type != TS_COMMANDER && t->side != side && ts_in_play (t))
              offer (m, out, mu_rules_command ("fire", id, t->def->id));
          if (ts_unit_at (m, m->open_unit) == g && !b->command)
            offer (m, out, mu_rules_command ("leave", id, NULL));
          else if (ts_unit_at (m, m->open_unit) == g)
            offer_leave_whole (m, out, (int) i);
        }
      else if (g)
        TS_FOR_UNITS (m, u)
          if (u->type != TS_COMMANDER && u->side == side && ts_in_play (u) && !u->acted)
            offer (m, out, mu_rules_command ("fire", u->def->id, id));
      if (m->step == TS_STEP_UNITS && ts_unit_at (m, m->open_unit) && g == NULL)
        offer_garrison (m, out, ts_unit_at (m, m->open_unit), (int) i);
    }
  offer (m, out, mu_rules_command ("end-phase", NULL, NULL));
  return out;
}
