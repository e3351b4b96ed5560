/* regimental-move.c: normal movement of step 7 (QRS-MOV-2, QRS-MOV-5,
 * QRS-AMB-52..57, QRS-AMB-60, QRS-AMB-61): the rate of a unit's row in
 * Tables M2 and M3 (the rows the sheet lacks asked once, QRS-AMB-33),
 * terrain classes charged pro rata, roads at their own rate, streams as
 * Rough, the distance rules of artillery and skirmishers, no contact. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include "mu-table-geom.h"
#include "mu-table-move.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const classes[] = { "road", "open", "broken", "woods", "rough" };
enum { C_ROAD, C_OPEN, C_BROKEN, C_WOODS, C_ROUGH, C_N };

static double
inch (const QrsMatch *m)
{
  return m->scenario->table->unit == MU_UNIT_CM ? 2.54 : 1.0;
}

/* QRS-AMB-54: the row a unit moves at: the infantry disordered row
 * replaces its formation's; officers at the cavalry column's
 * (QRS-AMB-61). Its table, and the row's key. */
static void
row_of (const QrsUnit *u, const char **table, const char **row)
{
  static const char *const inf[] = {
    [QRS_FORM_SINGLE_LINE] = "inf-single-line", [QRS_FORM_EXTENDED_LINE] = "inf-extended-line",
    [QRS_FORM_DOUBLE_LINE] = "inf-double-line", [QRS_FORM_ATTACK_COLUMN] = "inf-attack-column",
    [QRS_FORM_SKIRMISH_LINE] = "inf-skirmish-line", [QRS_FORM_MARCH_COLUMN] = "inf-march-column",
    [QRS_FORM_COLUMN] = "inf-march-column", [QRS_FORM_DISMOUNTED] = "inf-extended-line",
    [QRS_FORM_LIMBERED] = "inf-march-column", [QRS_FORM_UNLIMBERED] = "inf-single-line",
  };

  *table = "move";
  if (u->arm == QRS_ARM_OFFICER)
    *row = "cav-column";
  else if (u->arm == QRS_ARM_ART)
    {
      /* QRS-AMB-75: a full team moves at its own row when the file has
       * one, else at the printed "1 dead horse" row */
      *table = "artillery-move";
      *row = u->form == QRS_FORM_LIMBERED ? "limbered" : "unlimbered";
    }
  else if (u->arm == QRS_ARM_CAV)
    {
      switch (u->form)
        {
        case QRS_FORM_SINGLE_LINE:
          *table = "move-cavalry-lines";
          *row = "cav-single-line";
          break;
        case QRS_FORM_SKIRMISH_LINE:
          *table = "move-cavalry-lines";
          *row = "cav-skirmish-line";
          break;
        case QRS_FORM_DOUBLE_LINE:
          *row = "cav-double-line";
          break;
        case QRS_FORM_DISMOUNTED:
          *row = "cav-dismounted";
          break;
        default:
          *row = "cav-column";
          break;
        }
    }
  else if (u->disordered)
    *row = "inf-disordered";
  else
    {
      *row = inf[u->form];
      if (u->form == QRS_FORM_SINGLE_LINE || u->form == QRS_FORM_DOUBLE_LINE
          || u->form == QRS_FORM_ATTACK_COLUMN || u->form == QRS_FORM_MARCH_COLUMN)
        *table = "move-infantry-close-order";
    }
}

/* The rate of class c in inches, -1 for NA; NAN when neither the file
 * nor an answer gives it. */
static double
rate (QrsMatch *m, const QrsUnit *u, int c)
{
  const char *table, *row;
  g_autofree char *key = NULL;
  const char *v;

  row_of (u, &table, &row);
  if (u->arm == QRS_ARM_ART && u->form == QRS_FORM_LIMBERED && u->horses_lost == 0)
    {
      g_autofree char *full = g_strdup_printf ("limbered-full-team %s", classes[c]);
      const char *fv = qrs_value (m, "artillery-move-full-team", full);

      if (fv)
        return g_str_equal (fv, "NA") ? -1 : g_ascii_strtod (fv, NULL);
    }
  key = g_strdup_printf ("%s %s", row, classes[c]);
  v = qrs_value (m, table, key);
  if (v == NULL && c != C_OPEN && (m->rate_assumed & (1u << c)))
    return c == C_ROAD ? 999 : rate (m, u, C_OPEN);
  if (v == NULL)
    return NAN;
  /* a decision's 0 is NA (QRS-AMB-33) */
  if (g_str_equal (v, "NA") || g_ascii_strtod (v, NULL) <= 0)
    return -1;
  return g_ascii_strtod (v, NULL);
}

static gboolean
all_known (QrsMatch *m, const QrsUnit *u)
{
  for (int c = 0; c < C_N; c++)
    if (isnan (rate (m, u, c)))
      return FALSE;
  return TRUE;
}

static void
ask_rate (QrsMatch *m, const QrsUnit *u, int c, GPtrArray *events)
{
  const char *table, *row;
  g_autofree char *key = NULL;

  row_of (u, &table, &row);
  key = g_strdup_printf ("%s %s", row, classes[c]);
  qrs_ask (m, "move-rate", table, key, u->side, u->def->id,
           N_ ("the rate in inches (0: not allowed)"), events);
}

static gboolean evaluate_used (QrsMatch *m, QrsUnit *u, const MuMoveStep *steps, guint n, int form_at,
                               QrsForm form, gboolean apply, double *total, double *whole,
                               GError **error);

/* QRS-AMB-28, QRS-AMB-33: the first rate of the unit's row the file
 * lacks that the move needs (-1: none): the open rate always (the
 * allowance); a class when taking it as open ground changes the verdict
 * on the path (unknown classes are closed ground); the road rate when the
 * whole path keeps to the road. */
static int
rate_needed (QrsMatch *m, QrsUnit *u, const MuMoveStep *steps, guint n, int form_at, QrsForm form)
{
  g_autoptr(GError) base_error = NULL;
  double used, whole = 0, open_whole = 0;
  gboolean base;

  if (isnan (rate (m, u, C_OPEN)))
    return C_OPEN;
  if (all_known (m, u))
    return -1;
  base = evaluate_used (m, u, steps, n, form_at, form, FALSE, &used, &open_whole, &base_error);
  for (int c = 0; c < C_N; c++)
    if (c != C_OPEN && isnan (rate (m, u, c)))
      {
        g_autoptr(GError) error = NULL;
        gboolean ok, needed;

        m->rate_assumed = 1u << c;
        ok = evaluate_used (m, u, steps, n, form_at, form, FALSE, &used, &whole, &error);
        m->rate_assumed = 0;
        if (c == C_ROAD)
          needed = ok && mu_table_beyond (whole, open_whole);
        else
          needed = ok != base || (!ok && g_strcmp0 (error->message, base_error->message) != 0);
        if (needed)
          return c;
      }
  return -1;
}

/* Asks the waiting move's first needed rate (FALSE: a question is open). */
static gboolean
rates_known (QrsMatch *m, QrsUnit *u, GPtrArray *events)
{
  int c = rate_needed (m, u, m->move.steps, m->move.n_steps, m->move.form_at, m->move.form);

  if (c < 0)
    return TRUE;
  ask_rate (m, u, c, events);
  return FALSE;
}

/* QRS-AMB-53, QRS-AMB-54, QRS-AMB-55: the move's parameters from the
 * row's rates (all known). */
void
qrs_move_params (QrsMatch *m, const QrsUnit *u, MuMoveParams *p)
{
  double r[C_N];
  static const int area_class[MU_AREA_N] = {
    [MU_AREA_WOODS] = C_WOODS, [MU_AREA_SETTLEMENT] = C_BROKEN, [MU_AREA_HILL] = C_OPEN,
    [MU_AREA_FIELD] = C_OPEN, [MU_AREA_MARSH] = C_ROUGH, [MU_AREA_FORTIFICATION] = C_BROKEN,
    [MU_AREA_WATER] = C_ROUGH, [MU_AREA_ROUGH] = C_ROUGH, [MU_AREA_IMPASSABLE] = C_ROUGH,
    [MU_AREA_LIGHT_WOODS] = C_BROKEN, [MU_AREA_BROKEN] = C_BROKEN, [MU_AREA_BUILT_UP] = C_BROKEN,
    [MU_AREA_BUILDING] = C_ROUGH, [MU_AREA_STEEP] = C_ROUGH, [MU_AREA_DEPLOYMENT] = C_OPEN,
  };

  for (int c = 0; c < C_N; c++)
    r[c] = rate (m, u, c);
  mu_move_params_init (p);
  p->allowance = MAX (r[C_OPEN], 0) * inch (m);
  for (int k = 0; k < MU_AREA_N; k++)
    {
      int c = area_class[k];

      /* a rate not known yet closes its ground: a move that needed it
       * has had it asked (rates_known) */
      if (isnan (r[c]) || r[c] < 0 || r[C_OPEN] <= 0)
        p->area_impassable[k] = TRUE;
      else
        p->area_cost[k] = r[C_OPEN] / r[c];
    }
  p->area_impassable[MU_AREA_WATER] = p->area_impassable[MU_AREA_IMPASSABLE] = TRUE;
  /* TAB-12: the road rate only when the whole path stays on the road; a
   * road entry of NA counts the ground under it */
  if (r[C_ROAD] > 0)
    p->line_allowance[MU_LINE_ROAD] = p->line_allowance[MU_LINE_TURNPIKE] = r[C_ROAD] * inch (m);
  /* QRS-AMB-55: a stream is Rough across its drawn width; a unit that may
   * not enter Rough crosses only at a ford or bridge; rivers only there */
  p->water_needs_crossing = TRUE;
  p->streams_crossable = r[C_ROUGH] > 0;
  p->water_rule = "QRS-AMB-55";
  /* QRS-AMB-54: a class whose entry is NA may not be entered */
  p->area_rule = "QRS-AMB-54";
  if (r[C_ROUGH] > 0 && r[C_OPEN] > 0)
    p->line_cost[MU_LINE_STREAM] = r[C_OPEN] / r[C_ROUGH];
  p->free_crossings = 1u << MU_LINE_FORD | 1u << MU_LINE_BRIDGE;
  /* QRS-MOV-5, QRS-AMB-57: a change of front costs 2" (Elite,
   * Veteran) or 4" (Green, Militia), counted as open ground */
  p->turn_cost = (u->quality <= 1 ? 2.0 : 4.0) * inch (m);
  p->allowance_rule = "QRS-MOV-2";
}

double
qrs_open_rate (QrsMatch *m, const QrsUnit *u)
{
  double r = rate (m, u, C_OPEN);

  return isnan (r) || r < 0 ? 0 : r;
}

static gboolean
may_move (const QrsMatch *m, const QrsUnit *u, GError **error)
{
  int side = qrs_acting_side (m);

  if (m->step != QRS_STEP_MOVEMENT)
    return mu_rules_refuse (error, "QRS-AMB-60", "units move in step 7");
  if (u->removed || u->n_stands == 0 || u->side != side)
    return mu_rules_refuse (error, "QRS-AMB-60", "%s cannot move now", u->def->id);
  if (u->moved)
    return mu_rules_refuse (error, "QRS-AMB-60", "%s has moved in this step", u->def->id);
  if (u->arm != QRS_ARM_OFFICER)
    {
      if (u->order != QRS_ORDER_M && u->order != QRS_ORDER_FM)
        return mu_rules_refuse (error, "QRS-ORD-2", "%s's order %s does not move", u->def->id,
                                qrs_order_word (u->order));
      if (u->morale == QRS_ROUTED)
        return mu_rules_refuse (error, "QRS-AMB-60", "%s is routed", u->def->id);
      if (qrs_in_contact (m, u))
        return mu_rules_refuse (error, "QRS-AMB-60", "%s is in contact with the enemy", u->def->id);
    }
  return TRUE;
}

/* The steps of `move ID STEP...` (positions, `face F`, `wheel l|r DEG`
 * and one `form FORMATION`, whose place in the path is *form_at and its
 * formation *form; -1 when none). */
static gboolean
read_steps (const MuCommand *command, MuMoveStep *steps, guint *n, int *form_at, QrsForm *form,
            GError **error)
{
  *n = 0;
  *form_at = -1;
  for (guint i = 1; i < mu_command_n_args (command) && *n < 16; i++)
    {
      const MuArg *a = mu_command_arg (command, i);

      if ((a->kind == MU_ARG_POS || (a->kind == MU_ARG_STEP && a->move == MU_MOVE_TO))
          && a->pos.is_point)
        {
          steps[(*n)++] = (MuMoveStep) { MU_STEP_MOVE, a->pos.point, 0 };
          /* a pose (TAB-5): the anchor goes to X,Y, then the unit turns
           * in place to face F, about the anchor as every turn in place
           * is (QRS-AMB-57), so it ends in the pose named */
          if (a->pos.has_facing && *n < 16)
            steps[(*n)++] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, a->pos.facing, TRUE };
        }
      else if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_FACE)
        steps[(*n)++] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, a->number, TRUE };
      else if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_WHEEL)
        steps[(*n)++] = (MuMoveStep) { MU_STEP_WHEEL, { 0, 0 },
                                       g_strcmp0 (a->word, "l") == 0 ? -a->number : a->number };
      else if (a->kind == MU_ARG_STEP && a->move == MU_MOVE_FORM && *form_at < 0)
        {
          if (!qrs_form_parse (a->word, form))
            return mu_rules_refuse (error, "QRS-AMB-58", "no such formation: %s", a->word);
          *form_at = *n;
        }
      else
        return mu_rules_refuse (error, "QRS-AMB-59", "a path holds at most one form step");
    }
  if (*n == 0 && *form_at < 0)
    return mu_rules_refuse (error, "QRS-MOV-2", "a move needs at least one step");
  return TRUE;
}

/* QRS-AMB-58: the formations of each arm. */
static gboolean
form_fits_arm (const QrsUnit *u, QrsForm f)
{
  switch (u->arm)
    {
    case QRS_ARM_ART:
      return f == QRS_FORM_LIMBERED || f == QRS_FORM_UNLIMBERED;
    case QRS_ARM_CAV:
      return f == QRS_FORM_SINGLE_LINE || f == QRS_FORM_DOUBLE_LINE || f == QRS_FORM_SKIRMISH_LINE
             || f == QRS_FORM_COLUMN || f == QRS_FORM_DISMOUNTED;
    case QRS_ARM_INF:
      return f <= QRS_FORM_MARCH_COLUMN;
    default:
      return FALSE;
    }
}

/* QRS-AMB-59: the share of the move forming takes: all of it for Green,
 * skirmishers, the disordered and units in woods or rough; half for the
 * rest; artillery by its own notes (Green limbers with all, unlimbers
 * with half; the rest half). */
static double
form_share (QrsMatch *m, const QrsUnit *u, QrsForm to)
{
  if (u->arm == QRS_ARM_ART)
    return u->quality >= 2 && to == QRS_FORM_LIMBERED ? 1.0 : 0.5;
  if (u->quality >= 2 || u->form == QRS_FORM_SKIRMISH_LINE || u->disordered
      || qrs_class_of (m, u) >= 2)
    return 1.0;
  return 0.5;
}

/* QRS-AMB-57: a turn of more than 90 degrees is two changes of front,
 * each at the turn cost: such a turn becomes two turns, the first to the
 * half-way facing. */
static guint
split_turns (const QrsUnit *u, const MuMoveStep *steps, guint n, MuMoveStep *out)
{
  double facing = u->facing;
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      if (steps[i].kind == MU_STEP_TURN)
        {
          double d = fmod (steps[i].angle - facing + 540.0, 360.0) - 180.0;

          if (mu_table_beyond (fabs (d), 90.0))
            out[k++] = (MuMoveStep) { MU_STEP_TURN, { 0, 0 }, fmod (facing + d / 2 + 360.0, 360.0),
                                      steps[i].about_anchor };
          facing = steps[i].angle;
        }
      else if (steps[i].kind == MU_STEP_WHEEL)
        facing += steps[i].angle;
      out[k++] = steps[i];
    }
  return k;
}

/* Evaluates the move of u as it stands (share: the part of its move
 * already spent); with `apply` moves the unit. FALSE with a refusal. */
static gboolean
evaluate_part (QrsMatch *m, QrsUnit *u, const MuMoveStep *steps, guint n, double share,
               double *used, double *whole, gboolean apply, GError **error)
{
  MuMoveParams p;
  MuMoveUnit mu;
  MuMoveResult r = { 0 };
  g_autoptr(GArray) enemies = g_array_new (FALSE, FALSE, sizeof (MuStand));
  g_autoptr(GArray) friends = g_array_new (FALSE, FALSE, sizeof (MuStand));
  MuStand after[MU_STANDS_MAX];
  MuMoveStep split[32];
  guint n_after;
  gboolean ok;

  n = split_turns (u, steps, n, split);
  steps = split;
  qrs_move_params (m, u, &p);
  p.allowance *= MAX (0.0, 1.0 - share);
  /* u may be the dry run's copy of the unit: the unit itself is the
   * one with its definition */
  QRS_FOR_UNITS (m, o)
    if (o->def != u->def && o->arm != QRS_ARM_OFFICER && !o->removed && u->arm != QRS_ARM_OFFICER)
      g_array_append_vals (o->side == u->side ? friends : enemies, o->stand, o->n_stands);
  mu.shape = u->arm == QRS_ARM_OFFICER ? &qrs_formation_shapes[QRS_FORM_SINGLE_LINE]
                                       : &qrs_formation_shapes[u->form];
  mu.n_stands = u->n_stands;
  mu.width = u->width;
  mu.depth = u->depth;
  mu.anchor = mu_stands_anchor (u->stand, u->n_stands);
  mu.facing = u->facing;
  ok = mu_table_move_check (m->terrain, &p, &mu, steps, n, (const MuStand *) enemies->data,
                            enemies->len, &r);
  if (!ok)
    {
      gboolean refused = mu_rules_refuse (error, r.rule, "%s: %s", u->def->id,
                                          r.reason ? r.reason : "the move is not allowed");

      mu_move_result_clear (&r);
      return refused;
    }
  n_after = mu_stands_layout (mu.shape, u->n_stands, u->width, u->depth, r.anchor, r.facing, after,
                              MU_STANDS_MAX);
  {
    /* the whole move's allowance: the road rate when the path keeps to
     * the road (TAB-12), else the open rate; share taken out before */
    double full = share < 1.0 - 1e-9 ? r.allowance / (1.0 - share) : MAX (rate (m, u, C_OPEN), 0) * inch (m);

    if (used)
      *used = full > 0 ? r.cost / full : 1.0;
    if (whole)
      *whole = full;
  }
  mu_move_result_clear (&r);
  if (u->arm != QRS_ARM_OFFICER)
    {
      double tol = mu_table_contact_tolerance (m->scenario->table->unit);

      QRS_FOR_UNITS (m, o)
        {
          if (o->def == u->def || o->arm == QRS_ARM_OFFICER || o->removed)
            continue;
          /* QRS-AMB-60: friends passed through, never ended on; no step-7
           * move ends in contact with an enemy */
          if (o->side == u->side && mu_stands_overlap (after, n_after, o->stand, o->n_stands))
            return mu_rules_refuse (error, "QRS-AMB-60", "%s would end on %s", u->def->id, o->def->id);
          if (o->side != u->side && mu_stands_in_contact (after, n_after, o->stand, o->n_stands, tol))
            return mu_rules_refuse (error, "QRS-AMB-60", "only charges make contact: %s would touch %s",
                                    u->def->id, o->def->id);
          /* QRS-AMB-52: artillery 4" from enemy infantry and 6" from the
           * rest, skirmish lines 2", unless the move takes it farther */
          if (o->side != u->side)
            {
              double lim = u->arm == QRS_ARM_ART ? (o->arm == QRS_ARM_INF ? 4 : 6)
                           : u->form == QRS_FORM_SKIRMISH_LINE ? 2 : 0;
              double now, then;
              MuStandsBox ab, ob;

              /* the distances are measured only for a unit the rule
               * binds, and only near enough to be within the limit: the
               * legal commands try every move against every enemy */
              if (lim <= 0)
                continue;
              mu_stands_box (after, n_after, &ab);
              mu_stands_box (o->stand, o->n_stands, &ob);
              if (!mu_stands_boxes_near (&ab, &ob, lim * inch (m) + MU_TABLE_EPSILON))
                continue;
              now = mu_stands_distance (u->stand, u->n_stands, o->stand, o->n_stands);
              then = mu_stands_distance (after, n_after, o->stand, o->n_stands);
              if (mu_table_within (then, lim * inch (m)) && mu_table_within (then, now))
                return mu_rules_refuse (error, "QRS-AMB-52", "%s may not end within %g in of %s",
                                        u->def->id, lim, o->def->id);
            }
        }
    }
  if (apply)
    {
      memcpy (u->stand, after, sizeof (MuStand) * n_after);
      u->n_stands = n_after;
      u->facing = after[0].facing;
    }
  return TRUE;
}

/* The whole path, with its form step (QRS-AMB-59): the part before it at
 * the old formation's rates, the forming's share, the rest at the new
 * formation's, together within one move. Forming in place keeps anchor
 * and facing, must not overlap another unit or leave the table, and
 * clears disorder. */
static gboolean
evaluate_used (QrsMatch *m, QrsUnit *u, const MuMoveStep *steps, guint n, int form_at, QrsForm form,
               gboolean apply, double *total, double *whole, GError **error)
{
  QrsUnit *w = apply ? u : g_memdup2 (u, sizeof *u);
  double used = 0, part = 0, rest = 0;
  gboolean ok = TRUE;
  guint first = form_at < 0 ? n : (guint) form_at;

  if (first > 0)
    ok = evaluate_part (m, w, steps, first, 0, &part, whole, TRUE, error);
  used += part;
  if (ok && form_at >= 0)
    {
      MuPoint anchor = mu_stands_anchor (w->stand, w->n_stands);
      MuStand s[MU_STANDS_MAX];
      guint ns;

      used += form_share (m, w, form);
      if (mu_table_beyond (used, 1.0))
        ok = mu_rules_refuse (error, "QRS-AMB-59", "%s has not enough of its move left to form", u->def->id);
      if (ok)
        {
          ns = mu_stands_layout (&qrs_formation_shapes[form], w->stands, w->width, w->depth, anchor,
                                 w->facing, s, MU_STANDS_MAX);
          QRS_FOR_UNITS (m, o)
            if (ok && o->def != u->def && o->arm != QRS_ARM_OFFICER && !o->removed
                && mu_stands_overlap (s, ns, o->stand, o->n_stands))
              ok = mu_rules_refuse (error, "QRS-AMB-59", "%s has no room to form: %s is in the way",
                                    u->def->id, o->def->id);
          if (ok)
            {
              memcpy (w->stand, s, sizeof (MuStand) * ns);
              w->n_stands = ns;
              w->form = form;
              w->disordered = FALSE;
            }
        }
      if (ok && first < n)
        ok = evaluate_part (m, w, steps + first, n - first, used, &rest, whole, TRUE, error);
      used += rest;
    }
  if (w != u)
    g_free (w);
  if (total)
    *total = used;
  return ok;
}

static gboolean
evaluate (QrsMatch *m, QrsUnit *u, const MuMoveStep *steps, guint n, int form_at, QrsForm form,
          gboolean apply, GError **error)
{
  return evaluate_used (m, u, steps, n, form_at, form, apply, NULL, NULL, error);
}

/* Applies the move that waits in m->move (after its rates are known). */
void
qrs_move_continue (QrsMatch *m, GPtrArray *events)
{
  QrsUnit *u = g_ptr_array_index (m->units, m->move.unit);
  g_autoptr(GError) error = NULL;
  MuPoint from = mu_stands_anchor (u->stand, u->n_stands);
  double facing = u->facing;
  MuEvent *e;

  if (!rates_known (m, u, events))
    return;
  m->move.active = FALSE;
  if (!evaluate (m, u, m->move.steps, m->move.n_steps, m->move.form_at, m->move.form, FALSE, &error))
    {
      /* the rates asked make the move illegal: it does not happen, and
       * the unit may still move */
      e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_NOTE), u->def->id, "QRS-AMB-33");
      mu_event_set_text (e, error->message);
      return;
    }
  {
    QrsForm was = u->form;

    evaluate (m, u, m->move.steps, m->move.n_steps, m->move.form_at, m->move.form, TRUE, NULL);
    if (u->form != was)
      mu_event_set_text (qrs_event (m, events, &qrs_ev_formation, u->def->id, "QRS-AMB-59"),
                         qrs_form_id (u->form));
  }
  u->moved = TRUE;
  e = qrs_event (m, events, &qrs_ev_move, u->def->id, "QRS-MOV-2");
  e->from = mu_pos_from_point (from.x, from.y, facing);
  {
    MuPoint a = mu_stands_anchor (u->stand, u->n_stands);

    e->to = mu_pos_from_point (a.x, a.y, u->facing);
  }
}

gboolean
qrs_apply_move (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsUnit *u = qrs_find (m, mu_command_word (command, 0));
  MuMoveStep steps[16];
  guint n;
  int form_at;
  QrsForm form = QRS_FORM_SINGLE_LINE;

  if (u == NULL)
    return mu_rules_refuse (error, "QRS-AMB-60", "no such unit: %s", mu_command_word (command, 0));
  if (!may_move (m, u, error) || !read_steps (command, steps, &n, &form_at, &form, error))
    return FALSE;
  if (form_at >= 0 && (u->arm == QRS_ARM_OFFICER || u->order != QRS_ORDER_FM))
    return mu_rules_refuse (error, "QRS-AMB-59", "only FM units change formation");
  if (form_at >= 0 && !form_fits_arm (u, form))
    return mu_rules_refuse (error, "QRS-AMB-58", "%s cannot form %s", u->def->id, qrs_form_id (form));
  /* with every rate known the move is checked before it is accepted;
   * otherwise the rate is asked first (QRS-AMB-33) */
  if (rate_needed (m, u, steps, n, form_at, form) < 0 && !evaluate (m, u, steps, n, form_at, form, FALSE, error))
    return FALSE;
  m->move.active = TRUE;
  m->move.unit = qrs_index (m, u);
  memcpy (m->move.steps, steps, sizeof steps[0] * n);
  m->move.n_steps = n;
  m->move.form_at = form_at;
  m->move.form = form;
  qrs_move_continue (m, events);
  return TRUE;
}

/* A sample of legal moves for the simulator: straight ahead by the whole
 * and half the allowance, a quarter of it, 1" and 2", and back by a
 * quarter. */
void
qrs_legal_moves (QrsMatch *m, GPtrArray *list)
{
  int side = qrs_acting_side (m);

  QRS_FOR_UNITS (m, u)
    if (u->side == side && may_move (m, u, NULL))
      {
        static const double fractions[] = { 1.0, 0.5, 0.25, -0.25 };
        MuMoveParams p;
        gboolean known = !isnan (rate (m, u, C_OPEN));
        MuPoint a = mu_stands_anchor (u->stand, u->n_stands);
        MuPoint f = mu_facing_vector (u->facing);


        if (known)
          qrs_move_params (m, u, &p);
        else
          p.allowance = 2 * inch (m);
        /* and 1" and 2" ahead, which slow ground still allows */
        /* and half the move towards the nearest enemy, facing kept */
        for (guint i = 0; i < G_N_ELEMENTS (fractions) + 3; i++)
          {
            double d = i < G_N_ELEMENTS (fractions) ? floor (p.allowance * fractions[i] * 100) / 100
                       : i < G_N_ELEMENTS (fractions) + 2 ? (i - G_N_ELEMENTS (fractions) + 1) * inch (m)
                       : floor (p.allowance / 2 * 100) / 100;

            if (i == G_N_ELEMENTS (fractions) + 2)
              {
                const QrsUnit *e = u->arm == QRS_ARM_OFFICER ? NULL : qrs_nearest_enemy (m, u);
                MuPoint from = mu_stands_centre (u->stand, u->n_stands);
                MuPoint to = e ? mu_stands_centre (e->stand, e->n_stands) : from;
                double len = hypot (to.x - from.x, to.y - from.y);

                if (!mu_table_beyond (len, 0))
                  continue;
                f = (MuPoint) { (to.x - from.x) / len, (to.y - from.y) / len };
              }
            MuMoveStep step;
            MuPos pos;
            MuCommand *c;

            if (fabs (d) < 0.01)
              continue;
            step = (MuMoveStep) { MU_STEP_MOVE, { round ((a.x + f.x * d) * 100) / 100,
                                                  round ((a.y + f.y * d) * 100) / 100 }, 0 };
            /* as the apply checks it: now, unless a rate is to be asked */
            if (known && rate_needed (m, u, &step, 1, -1, QRS_FORM_SINGLE_LINE) < 0
                && !evaluate (m, u, &step, 1, -1, QRS_FORM_SINGLE_LINE, FALSE, NULL))
              continue;
            pos = mu_pos_from_point (step.to.x, step.to.y, -1);
            c = mu_command_new ("move");
            mu_command_add_word (c, u->def->id);
            mu_command_add_step (c, MU_MOVE_TO, &pos, 0, NULL);
            g_ptr_array_add (list, c);
          }
      }
}

/* TAB-3, QRS-MOV-2: the dry run's cost of `move ID STEP...` (forming's
 * share included, QRS-AMB-59) against the open-ground allowance, in table
 * units; FALSE when the move is not measured (refused, or a rate still to
 * be asked). */
gboolean
qrs_move_cost (gpointer state, const MuCommand *command, double *cost, double *allowance)
{
  QrsMatch *m = state;
  QrsUnit *u;
  MuMoveStep steps[16];
  guint n;
  int form_at;
  QrsForm form = QRS_FORM_SINGLE_LINE;
  double used = 0, full;

  *cost = *allowance = -1;
  if (!g_str_equal (mu_command_get_verb (command), "move"))
    return FALSE;
  u = qrs_find (m, mu_command_word (command, 0));
  if (u == NULL || isnan (rate (m, u, C_OPEN)) || !read_steps (command, steps, &n, &form_at, &form, NULL))
    return FALSE;
  full = MAX (rate (m, u, C_OPEN), 0) * inch (m);
  if (!evaluate_used (m, u, steps, n, form_at, form, FALSE, &used, &full, NULL))
    return FALSE;
  *cost = used * full;
  *allowance = full;
  return TRUE;
}
