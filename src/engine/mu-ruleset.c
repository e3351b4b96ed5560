#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-ruleset.h"

#include "mu-error.h"
#include "rules/mu-rulesets.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The one list of rulesets: the scenario checker, the dialogs, the editor
 * and the simulator iterate it and keep no list of their own. Its order and
 * members are rules/meson.build's list (mu-rulesets-list.h). */
#define MU_RULESET_ENTRY(table) &table,
static const MuRuleset *const rulesets[] = {
  MU_RULESET_TABLES (MU_RULESET_ENTRY)
  NULL,
};
#undef MU_RULESET_ENTRY

/* Rulesets a program adds (the engine's tests): found, never listed. */
static GPtrArray *registered;

/* Rulesets a program adds (the engine's tests): found, never listed. */
static GPtrArray *registered;

const MuRuleset *
mu_ruleset_find (const char *id)
{
  for (guint i = 0; rulesets[i]; i++)
    if (g_strcmp0 (rulesets[i]->id, id) == 0)
      return rulesets[i];
  for (guint i = 0; registered && i < registered->len; i++)
    if (g_strcmp0 (((const MuRuleset *) g_ptr_array_index (registered, i))->id, id) == 0)
      return g_ptr_array_index (registered, i);
  return NULL;
}

void
mu_ruleset_register (const MuRuleset *ruleset)
{
  g_return_if_fail (ruleset != NULL && ruleset->id != NULL);
  if (mu_ruleset_find (ruleset->id) != NULL)
    return;
  if (registered == NULL)
    registered = g_ptr_array_new ();
  g_ptr_array_add (registered, (gpointer) ruleset);
}

const MuRuleset *const *
mu_ruleset_list (void)
{
  return rulesets;
}

char *
mu_ruleset_list_ids (void)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; rulesets[i]; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", rulesets[i]->id);
  return g_string_free (s, FALSE);
}

gboolean
mu_ruleset_can_play (const MuRuleset *ruleset)
{
  g_return_val_if_fail (ruleset != NULL, FALSE);
  return ruleset->state_new != NULL && ruleset->apply != NULL;
}

const MuVerbInfo *
mu_ruleset_find_verb (const MuRuleset *ruleset,
                      const char      *verb)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; i < ruleset->n_verbs; i++)
    if (g_strcmp0 (ruleset->verbs[i].verb, verb) == 0)
      return &ruleset->verbs[i];
  return NULL;
}

GPtrArray *
mu_ruleset_sides_in_play_order (const MuScenario *scenario)
{
  const MuRuleset *rs;
  const MuTurnStructure *turns;
  GPtrArray *out;
  gboolean all = TRUE;

  g_return_val_if_fail (scenario != NULL, NULL);
  out = g_ptr_array_new ();
  rs = mu_ruleset_find (scenario->ruleset);
  turns = rs ? rs->turns : NULL;
  if (turns && turns->side_order == MU_SIDE_ORDER_FIXED && turns->fixed_sides)
    {
      for (guint i = 0; turns->fixed_sides[i] && all; i++)
        all = mu_scenario_find_side (scenario, turns->fixed_sides[i]) != NULL;
      for (guint i = 0; turns->fixed_sides[i] && all; i++)
        g_ptr_array_add (out, mu_scenario_find_side (scenario, turns->fixed_sides[i]));
    }
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      MuSide *side = g_ptr_array_index (scenario->sides, i);

      if (!g_ptr_array_find (out, side, NULL))
        g_ptr_array_add (out, side);
    }
  return out;
}

const MuRuleOptionInfo *
mu_ruleset_find_option (const MuRuleset *ruleset,
                        const char      *key)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; i < ruleset->n_options; i++)
    if (g_strcmp0 (ruleset->options[i].key, key) == 0)
      return &ruleset->options[i];
  return NULL;
}

gboolean
mu_ruleset_option_default (const MuRuleset        *ruleset,
                           const MuScenario       *scenario,
                           const MuRuleOptionInfo *info)
{
  gboolean on;

  g_return_val_if_fail (ruleset != NULL && info != NULL, FALSE);
  on = info->default_value;
  if (scenario != NULL && ruleset->option_default != NULL &&
      ruleset->option_default (scenario, info->key, &on))
    return on;
  return info->default_value;
}

const MuMarkerInfo *
mu_ruleset_find_marker (const MuRuleset *ruleset,
                        const char      *id)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; i < ruleset->n_markers; i++)
    if (g_strcmp0 (ruleset->markers[i].id, id) == 0)
      return &ruleset->markers[i];
  return NULL;
}

const char *
mu_ruleset_roll_name (const MuRuleset *ruleset,
                      const char      *purpose)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; purpose && i < ruleset->n_roll_purposes; i++)
    if (g_str_equal (ruleset->roll_purposes[i].purpose, purpose))
      return g_dgettext (GETTEXT_PACKAGE, ruleset->roll_purposes[i].name);
  return NULL;
}

const char *
mu_ruleset_event_word_name (const MuRuleset *ruleset,
                            const char      *word)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; word && i < ruleset->n_event_words; i++)
    if (g_str_equal (ruleset->event_words[i].word, word))
      return g_dgettext (GETTEXT_PACKAGE, ruleset->event_words[i].name);
  return NULL;
}

const MuEventKindInfo *
mu_ruleset_find_event_kind (const MuRuleset *ruleset,
                            const char      *word)
{
  g_return_val_if_fail (ruleset != NULL, NULL);
  for (guint i = 0; i < ruleset->n_event_kinds; i++)
    if (g_strcmp0 (ruleset->event_kinds[i]->kind, word) == 0)
      return ruleset->event_kinds[i];
  for (MuEventKind k = 0; k < MU_EVENT_RULESET; k++)
    if (g_strcmp0 (mu_event_kind_info (k)->kind, word) == 0)
      return mu_event_kind_info (k);
  return NULL;
}

/* For a ruleset that declares no statuses (one being written, a test's):
 * a counter is on the board or gone. */
static const MuStatusInfo default_statuses[] = {
  { "active", N_("In play"), NULL, N_("In play on the board"), NULL,
    MU_STATUS_IN_PLAY | MU_STATUS_SHOWN },
  { "dispersed", N_("Dispersed"), NULL, N_("Out of play"), NULL, MU_STATUS_LOST },
};

const MuStatusInfo *
mu_ruleset_statuses (const MuRuleset *ruleset,
                     guint           *n)
{
  g_return_val_if_fail (n != NULL, NULL);
  if (ruleset != NULL && ruleset->n_statuses > 0)
    {
      *n = ruleset->n_statuses;
      return ruleset->statuses;
    }
  *n = G_N_ELEMENTS (default_statuses);
  return default_statuses;
}

const MuStatusInfo *
mu_ruleset_find_status (const MuRuleset *ruleset,
                        const char      *word)
{
  guint n;
  const MuStatusInfo *statuses = mu_ruleset_statuses (ruleset, &n);

  for (guint i = 0; word != NULL && i < n; i++)
    if (strcmp (statuses[i].id, word) == 0)
      return &statuses[i];
  return NULL;
}

gboolean
mu_status_has (const MuStatusInfo *status,
               MuStatusFlags       flags)
{
  return status != NULL && (status->flags & flags) == flags;
}

static const MuStepInfo *
find_step (const MuStepInfo *steps,
           guint             n,
           const char       *path)
{
  const char *slash = strchr (path, '/');
  gsize len = slash ? (gsize) (slash - path) : strlen (path);

  for (guint i = 0; i < n; i++)
    if (strlen (steps[i].id) == len && strncmp (steps[i].id, path, len) == 0)
      return slash ? find_step (steps[i].steps, steps[i].n_steps, slash + 1) : &steps[i];
  return NULL;
}

const MuStepInfo *
mu_turn_structure_find_step (const MuTurnStructure *turns,
                             const char            *path)
{
  g_return_val_if_fail (turns != NULL, NULL);
  if (path == NULL || *path == '\0')
    return NULL;
  return find_step (turns->steps, turns->n_steps, path);
}

const char *
mu_rule_class_to_string (MuRuleClass rule_class)
{
  switch (rule_class)
    {
    case MU_RULE_ESSENTIAL:
      return "essential";
    case MU_RULE_OPTIONAL:
      return "optional";
    case MU_RULE_SPECIAL:
      return "special";
    default:
      return "?";
    }
}

void
mu_result_clear (MuResult *result)
{
  g_clear_pointer (&result->summary, g_free);
}

void
mu_sight_clear (MuSight *sight)
{
  if (sight == NULL)
    return;
  g_clear_pointer (&sight->reason, g_free);
  g_clear_pointer (&sight->unit, g_free);
}

const char *
mu_sight_block_to_string (MuSightBlock block)
{
  static const char *const words[MU_SIGHT_N] = { "clear", "terrain", "unit", "elevation", "crest" };

  g_return_val_if_fail (block < MU_SIGHT_N, NULL);
  return words[block];
}

static void
append_pos (GString *s, const MuScenario *scenario, const MuPos *pos)
{
  char buf[64];

  if (pos->is_point)
    mu_pos_format (pos, buf, sizeof buf);
  else if (scenario->hex_map && pos->hex.col != 0)
    mu_hex_format (&scenario->hex_map->grid, pos->hex, buf, sizeof buf);
  else
    g_strlcpy (buf, "-", sizeof buf);
  g_string_append (s, buf);
}

gboolean
mu_ruleset_area_impassable (const MuRuleset *ruleset,
                            MuAreaKind       kind)
{
  guint32 set = ruleset && ruleset->impassable_areas ? ruleset->impassable_areas
                                                     : 1u << MU_AREA_IMPASSABLE;

  G_STATIC_ASSERT (MU_AREA_N <= 32);
  return (guint) kind < MU_AREA_N && (set & (1u << kind)) != 0;
}

const char *
mu_answer_kind_to_string (MuAnswerKind kind)
{
  static const char *const names[] = { "choice", "position", "subset", "number", "yes-no",
                                       "command" };

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (names), "?");
  return names[kind];
}

void
mu_todo_clear (gpointer todo)
{
  g_clear_pointer (&((MuTodo *) todo)->text, g_free);
}

GArray *
mu_todo_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (MuTodo));

  g_array_set_clear_func (a, mu_todo_clear);
  return a;
}

char *
mu_ruleset_format_state (const MuRuleset *ruleset,
                         gpointer         state,
                         const MuScenario *scenario)
{
  return mu_ruleset_format_state_for (ruleset, state, scenario, NULL);
}

char *
mu_ruleset_format_state_for (const MuRuleset  *ruleset,
                             gpointer          state,
                             const MuScenario *scenario,
                             const char       *side)
{
  return mu_ruleset_format_state_full (ruleset, state, scenario, side, 0);
}

/* "stands ID @X,Y/F ...": each stand's centre and facing, as in commands. */
static void
append_stands (GString *s, const MuCounterView *v)
{
  g_string_append_printf (s, "stands %s", v->id);
  for (guint k = 0; k < v->n_stands; k++)
    {
      MuPos p = mu_pos_from_point (v->stands[k].centre.x, v->stands[k].centre.y, v->stands[k].facing);
      char buf[64];

      mu_pos_format (&p, buf, sizeof buf);
      g_string_append_printf (s, " %s", buf);
    }
  g_string_append_c (s, '\n');
}

/* A number as the command text prints it: "3", "2.50" (C locale). */
static const char *
format_decimal (char *buf, gsize size, double v)
{
  if (v == floor (v) && fabs (v) < 1e15)
    g_snprintf (buf, size, "%.0f", v);
  else
    g_ascii_formatd (buf, size, "%.2f", v);
  return buf;
}

gboolean
mu_decision_read_number (const MuDecision *d,
                         const MuArg      *arg,
                         double           *value,
                         GError          **error)
{
  double v, lo, hi, step;
  char *end = NULL;

  g_return_val_if_fail (d != NULL && arg != NULL && value != NULL, FALSE);
  lo = d->step > 0 ? d->low : d->min;
  hi = d->step > 0 ? d->high : d->max;
  step = d->step > 0 ? d->step : 1;
  if (arg->kind == MU_ARG_NUMBER)
    v = arg->number;
  /* decimal only: strtod reads "0x6" and "0x1p2" too, which no player
   * means and the command text never prints */
  else if (arg->kind == MU_ARG_WORD && arg->word && !strpbrk (arg->word, "xX") &&
           (v = g_ascii_strtod (arg->word, &end), TRUE) && end != arg->word && *end == '\0' && isfinite (v))
    v = round (v * 100) / 100;
  else
    v = NAN;
  /* to the hundredth the command text keeps: 0.1 + 0.2 steps are no trap */
  if (isnan (v) || v < lo - 0.005 || v > hi + 0.005 ||
      fabs ((v - lo) / step - round ((v - lo) / step)) * step > 0.005)
    {
      char a[32], b[32], c[32];

      if (step == 1 && d->step <= 0)
        g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, _("the answer to “%s” is a whole number from %s to %s"),
                     d->id, format_decimal (a, sizeof a, lo), format_decimal (b, sizeof b, hi));
      else
        g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL,
                     _("the answer to “%s” is a number from %s to %s in steps of %s"), d->id,
                     format_decimal (a, sizeof a, lo), format_decimal (b, sizeof b, hi),
                     format_decimal (c, sizeof c, step));
      return FALSE;
    }
  *value = lo + round ((v - lo) / step) * step;
  *value = round (*value * 100) / 100;
  return TRUE;
}

gboolean
mu_decision_accepts (const MuDecision *d,
                     const MuCommand  *command)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (d != NULL && command != NULL, FALSE);
  if (d->kind != MU_ANSWER_COMMAND)
    return TRUE;
  line = mu_command_to_string (command);
  for (guint i = 0; d->answers && d->answers[i]; i++)
    if (g_str_equal (d->answers[i], line))
      return TRUE;
  return FALSE;
}

void
mu_reaction_window_clear (MuReactionWindow *window)
{
  g_return_if_fail (window != NULL);
  g_free (window->id);
  g_free (window->side);
  g_free (window->subject);
  g_free (window->rule);
  g_free (window->trigger);
  *window = (MuReactionWindow) { 0 };
}

char *
mu_ruleset_format_state_full (const MuRuleset  *ruleset,
                              gpointer          state,
                              const MuScenario *scenario,
                              const char       *side,
                              MuStateFlags      flags)
{
  GString *s = g_string_new (NULL);
  MuPosition pos;
  GArray *views;
  const MuDecision *d;
  MuResult r;
  g_autofree char *time = NULL;

  ruleset->position (state, &pos);
  time = mu_minutes_to_string (pos.minutes);
  g_string_append_printf (s, "bound %d round=%s phase=%d time=%s%s%s%s\n", pos.bound,
                          pos.side ? pos.side : "-", pos.phase, time, pos.night ? " night" : "",
                          pos.detail ? " " : "", pos.detail ? pos.detail : "");
  views = side && ruleset->counters_for ? ruleset->counters_for (state, side)
                                       : ruleset->counters (state);
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      const char *kind = v->counter->kind == MU_COUNTER_UNIT ? "unit"
                       : v->counter->kind == MU_COUNTER_COMMAND ? "command" : "control";

      g_string_append_printf (s, "%s %s side=%s at=", kind, v->id, v->side);
      if (mu_status_has (v->status, MU_STATUS_IN_PLAY))
        append_pos (s, scenario, &v->pos);
      else
        g_string_append_c (s, '-');
      g_string_append_printf (s, " status=%s", v->status ? v->status->id : "-");
      if (v->counter->kind == MU_COUNTER_UNIT && v->formation)
        g_string_append_printf (s, " formation=%s bases=%d", v->formation, v->strength);
      else if (v->counter->kind == MU_COUNTER_UNIT)
        g_string_append_printf (s, " strength=%d", v->strength);
      g_string_append_printf (s, " markers=%s\n", v->markers && *v->markers ? v->markers : "-");
      if ((flags & MU_STATE_STANDS) && v->n_stands > 0)
        append_stands (s, v);
    }
  views = ruleset->objectives (state);
  for (guint i = 0; i < views->len; i++)
    {
      const MuObjectiveView *v = &g_array_index (views, MuObjectiveView, i);
      g_string_append_printf (s, "objective %s at=", v->id);
      append_pos (s, scenario, &v->pos);
      g_string_append_printf (s, " owner=%s hold=%s/%d\n", v->owner ? v->owner : "none",
                              v->holder ? v->holder : "none", v->hold_count);
    }
  if (ruleset->table_state && ruleset->table_state (state))
    mu_table_state_format (ruleset->table_state (state), s);
  d = ruleset->pending (state);
  if (d && d->hidden && side && g_strcmp0 (side, d->side) != 0)
    g_string_append_printf (s, "decision %s side=%s hidden\n", d->id, d->side);
  else if (d)
    {
      g_string_append_printf (s, "decision %s side=%s", d->id, d->side);
      if (d->subject)
        g_string_append_printf (s, " subject=%s", d->subject);
      /* command lines hold blanks and commas: quoted, "|" between them */
      g_string_append (s, d->kind == MU_ANSWER_COMMAND ? " answers=\"" : " answers=");
      for (guint i = 0; d->answers && d->answers[i]; i++)
        g_string_append_printf (s, "%s%s", i ? (d->kind == MU_ANSWER_COMMAND ? "|" : ",") : "",
                                d->answers[i]);
      if (d->kind == MU_ANSWER_COMMAND)
        g_string_append_c (s, '"');
      if (d->kind != MU_ANSWER_CHOICE)
        g_string_append_printf (s, " kind=%s", mu_answer_kind_to_string (d->kind));
      if (d->kind == MU_ANSWER_NUMBER && d->step > 0)
        {
          char lo[32], hi[32], step[32];

          g_string_append_printf (s, " min=%s max=%s step=%s",
                                  format_decimal (lo, sizeof lo, d->low),
                                  format_decimal (hi, sizeof hi, d->high),
                                  format_decimal (step, sizeof step, d->step));
        }
      else if (d->kind == MU_ANSWER_SUBSET || d->kind == MU_ANSWER_NUMBER)
        g_string_append_printf (s, " min=%d max=%d", d->min, d->max);
      g_string_append_c (s, '\n');
    }
  ruleset->victory (state, &r);
  if (r.over)
    g_string_append_printf (s, "result winner=%s level=%s diff=%d score=\"%s\"\n",
                            r.winner ? r.winner : "none", r.level ? r.level : "-", r.difference,
                            r.summary ? r.summary : "");
  mu_result_clear (&r);
  return g_string_free (s, FALSE);
}
