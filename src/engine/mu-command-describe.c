/* mu-command-describe.c: a command as a sentence for people, and the
 * command radius a counter belongs to and its front arc (what the board
 * shows of command and fire)
 *
 * The ruleset declares each verb's sentence (MuVerbInfo.sentence, e.g.
 * "Assign {UNIT} to {COMMANDER}"); its placeholders are the syntax's own
 * names, so that the sentence is filled from the typed arguments the parser
 * gave, and a front end never reads a command's words itself. Counters are
 * named by their scenario names, positions as the board labels them. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mu-ruleset.h"
#include "mu-scenario.h"

/* The table's named area with this id (a building a battery fires at). */
static const MuArea *
find_area (const MuScenario *scenario,
           const char       *id)
{
  for (guint i = 0; scenario->table && scenario->table->areas && i < scenario->table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (scenario->table->areas, i);

      if (g_strcmp0 (a->id, id) == 0 && a->name != NULL && *a->name != '\0')
        return a;
    }
  return NULL;
}

/* The name the ruleset declares for word as a value of one of its choice
 * fields (regimental's order codes: "H" is Hold), or NULL. */
static const char *
declared_value_name (const MuScenario *scenario,
                     const char       *word)
{
  const MuRuleset *ruleset = scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;

  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (f->type != MU_FIELD_ENUM || f->value_names == NULL)
        continue;
      for (guint k = 0; f->values && f->values[k]; k++)
        if (g_str_equal (f->values[k], word))
          return mu_field_value_name (f, word);
    }
  return NULL;
}

/* A word argument as people read it: a counter's, a side's or an area's name, a
 * code with the name its ruleset declares for it ("Hold (H)"), else the word
 * itself ("flank") in the person's language, where the ruleset marked it
 * NC_("command word", …). */
static void
append_word (GString          *s,
             const MuScenario *scenario,
             const char       *word)
{
  const MuCounter *c = mu_scenario_find_counter (scenario, word);
  const MuSide *side = c ? NULL : mu_scenario_find_side (scenario, word);
  const MuArea *area;
  const char *named;

  if (c != NULL && c->name != NULL && *c->name != '\0')
    g_string_append (s, c->name);
  else if (side != NULL && side->name != NULL && *side->name != '\0')
    g_string_append (s, side->name);
  else if (c == NULL && side == NULL && (area = find_area (scenario, word)) != NULL)
    g_string_append (s, area->name);
  else if (c == NULL && side == NULL && (named = declared_value_name (scenario, word)) != NULL)
    /* Translators: a code of the rules' sheet after its name ("Hold (H)") */
    g_string_append_printf (s, _("%s (%s)"), named, word);
  else
    g_string_append (s, g_dpgettext2 (GETTEXT_PACKAGE, "command word", word));
}

/* "hex 1205"; on a table "48.7, 40.0 in, facing 305°". */
static void
append_pos (GString          *s,
            const MuScenario *scenario,
            const MuPos      *pos)
{
  if (!pos->is_point && scenario->hex_map != NULL)
    {
      char buf[32];

      mu_hex_format (&scenario->hex_map->grid, pos->hex, buf, sizeof buf);
      g_string_append_printf (s, "hex %s", buf);
      return;
    }
  if (!pos->is_point)
    {
      g_autofree char *text = mu_pos_to_string (pos);

      g_string_append (s, text);
      return;
    }
  g_string_append_printf (s, "%.1f, %.1f %s", pos->point.x, pos->point.y,
                          scenario->table && scenario->table->unit == MU_UNIT_CM ? "cm" : "in");
  if (pos->has_facing)
    g_string_append_printf (s, ", facing %.0f°", pos->facing);
}

static void
append_arg (GString          *s,
            const MuScenario *scenario,
            const MuArg      *arg)
{
  switch (arg->kind)
    {
    case MU_ARG_WORD:
      append_word (s, scenario, arg->word);
      break;
    case MU_ARG_POS:
      append_pos (s, scenario, &arg->pos);
      break;
    case MU_ARG_NUMBER:
      g_string_append_printf (s, "%g", arg->number);
      break;
    case MU_ARG_OPTION:
      g_string_append_printf (s, "%s %s", arg->word, arg->value);
      break;
    case MU_ARG_STEP:
      switch (arg->move)
        {
        case MU_MOVE_TO:
          /* Translators: a move's step to a position ("to 48.7, 40.0 in") */
          g_string_append (s, _("to "));
          append_pos (s, scenario, &arg->pos);
          break;
        case MU_MOVE_FACE:
          g_string_append_printf (s, _("to face %.0f°"), arg->number);
          break;
        case MU_MOVE_WHEEL:
          g_string_append_printf (s, g_strcmp0 (arg->word, "l") == 0 ? _("wheeling left %.0f°")
                                  : _("wheeling right %.0f°"), arg->number);
          break;
        case MU_MOVE_FORM:
          /* Translators: a formation change ("into column") */
          g_string_append_printf (s, _("into %s"), g_dpgettext2 (GETTEXT_PACKAGE, "command word", arg->word));
          break;
        default:
          break;
        }
      break;
    default:
      break;
    }
}

/* args[first, last) as a list: "A", "A and B", "A, B and C"; path steps
 * one after the other ("to …, then to face 90°"). */
static void
append_list (GString          *s,
             const MuScenario *scenario,
             const MuCommand  *command,
             guint             first,
             guint             last)
{
  for (guint i = first; i < last; i++)
    {
      const MuArg *arg = mu_command_arg (command, i);

      if (i > first)
        g_string_append (s, arg->kind == MU_ARG_STEP ? _(", then ")
                            : i + 1 == last ? _(" and ") : ", ");
      append_arg (s, scenario, arg);
    }
}

/* Where each element of the syntax's first form falls among the command's
 * arguments: the element's name ("UNIT", "POS" for "POS...", "TARGET" for
 * "[TARGET]") → [first, last) packed in a guint64. */
static GHashTable *
map_syntax (const MuVerbInfo *verb,
            const MuCommand  *command)
{
  GHashTable *map = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) forms = NULL;
  g_auto(GStrv) elements = NULL;
  guint n_args = mu_command_n_args (command);
  guint n, at = 0;

  /* a verb without arguments may write its syntax "" (mu-command.c reads
   * it as none): g_strsplit() gives no forms at all for it */
  if (verb->syntax == NULL || *verb->syntax == '\0')
    return map;
  forms = g_strsplit (verb->syntax, " | ", 2);
  elements = g_strsplit (forms[0], " ", -1);
  n = g_strv_length (elements);
  for (guint e = 0; e < n && at <= n_args; e++)
    {
      char *name = g_strdup (elements[e]);
      gsize len = strlen (name);
      guint take = 1;
      guint later = 0;
      gpointer earlier;

      for (guint k = e + 1; k < n; k++)
        if (elements[k][0] != '[')
          later++;
      if (len > 3 && g_str_has_suffix (name, "..."))
        {
          name[len - 3] = '\0';
          take = n_args > at + later ? n_args - at - later : 0;
        }
      else if (name[0] == '[' && len > 2)
        {
          memmove (name, name + 1, len - 2);
          name[len - 2] = '\0';
          take = n_args > at + later ? 1 : 0;
        }
      if (at + take > n_args)
        take = n_args - at;
      /* a name the syntax repeats ("[STEP] [STEP]") stands for all of them */
      if (g_hash_table_lookup_extended (map, name, NULL, &earlier))
        {
          guint64 r = GPOINTER_TO_SIZE (earlier);

          g_hash_table_insert (map, name, GSIZE_TO_POINTER (((r >> 16) << 16) | (at + take)));
        }
      else
        g_hash_table_insert (map, name, GSIZE_TO_POINTER (((guint64) at << 16) | (at + take)));
      at += take;
    }
  return map;
}

/* The last position the command names (the end of a move's path), or NULL. */
static const MuArg *
last_position (const MuCommand *command)
{
  for (guint i = mu_command_n_args (command); i > 0; i--)
    {
      const MuArg *arg = mu_command_arg (command, i - 1);

      if (arg->kind == MU_ARG_POS || (arg->kind == MU_ARG_STEP && arg->move == MU_MOVE_TO))
        return arg;
    }
  return NULL;
}

/* The sentence [p, end) into s, its placeholders filled; TRUE when one of
 * them named something. "[…]" is kept only when a placeholder inside it
 * names something ("{UNIT} charges {TARGET}[ on a bearing of {DEG}°]"),
 * so that an optional argument brings its own words. */
static gboolean
fill (GString          *s,
      const MuScenario *scenario,
      const MuCommand  *command,
      GHashTable       *map,
      const char       *p,
      const char       *end)
{
  gboolean any = FALSE;

  for (; p < end; p++)
    {
      const char *close = NULL;
      g_autofree char *name = NULL;
      gpointer range;
      gsize before = s->len;

      if (*p == '[')
        {
          int depth = 0;

          for (close = p; close < end; close++)
            if (*close == '[')
              depth++;
            else if (*close == ']' && --depth == 0)
              break;
          if (close < end)
            {
              if (fill (s, scenario, command, map, p + 1, close))
                any = TRUE;
              else
                g_string_truncate (s, before);
              p = close;
              continue;
            }
        }
      close = *p == '{' ? memchr (p, '}', end - p) : NULL;
      if (close == NULL)
        {
          g_string_append_c (s, *p);
          continue;
        }
      name = g_strndup (p + 1, close - p - 1);
      if (g_str_equal (name, "to"))
        {
          const MuArg *to = last_position (command);

          if (to != NULL)
            append_pos (s, scenario, &to->pos);
        }
      else if (g_hash_table_lookup_extended (map, name, NULL, &range))
        {
          guint64 r = GPOINTER_TO_SIZE (range);
          guint first = (guint) (r >> 16), last = (guint) (r & 0xffff);

          /* a NUMBER of the syntax's first form names a number only, not
           * the position another form has in its place ("UNIT NUMBER |
           * UNIT POS") */
          if (!(g_str_equal (name, "NUMBER") && first < last &&
                mu_command_arg (command, first)->kind != MU_ARG_NUMBER))
            append_list (s, scenario, command, first, last);
        }
      any |= s->len > before;
      p = close;
    }
  return any;
}

char *
mu_match_describe_command (const MuMatch   *match,
                           const MuCommand *command,
                           const char      *sentence)
{
  const MuScenario *scenario;
  const MuVerbInfo *verb;
  g_autoptr(GHashTable) map = NULL;
  GString *s;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (command != NULL, NULL);

  scenario = mu_match_get_scenario (match);
  verb = mu_match_find_verb (match, mu_command_get_verb (command));
  if (sentence == NULL && verb != NULL)
    sentence = verb->sentence;
  s = g_string_new (NULL);
  if (sentence == NULL || verb == NULL)
    {
      /* no sentence declared: the verb in words and its arguments named */
      g_autofree char *words = g_strdelimit (g_strdup (mu_command_get_verb (command)), "-_", ' ');

      words[0] = g_ascii_toupper (words[0]);
      g_string_append (s, words);
      if (mu_command_n_args (command) > 0)
        {
          g_string_append_c (s, ' ');
          append_list (s, scenario, command, 0, mu_command_n_args (command));
        }
      return g_string_free (s, FALSE);
    }
  map = map_syntax (verb, command);
  fill (s, scenario, command, map, sentence, sentence + strlen (sentence));
  return g_string_free (s, FALSE);
}

gboolean
mu_match_command_radius (const MuMatch   *match,
                         const char      *counter,
                         MuCommandRadius *out)
{
  const MuRuleset *ruleset;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (counter != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  ruleset = mu_match_get_ruleset (match);
  if (ruleset->command_radius == NULL)
    return FALSE;
  return ruleset->command_radius (mu_match_get_state (match), counter, out);
}

gboolean
mu_match_front_arc (const MuMatch *match,
                    const char    *counter,
                    GArray        *segments,
                    const char   **rule)
{
  const MuRuleset *ruleset;
  const char *r = NULL;
  gboolean ok;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (counter != NULL, FALSE);
  g_return_val_if_fail (segments != NULL, FALSE);

  ruleset = mu_match_get_ruleset (match);
  ok = ruleset->front_arc != NULL &&
       ruleset->front_arc (mu_match_get_state (match), counter, segments, &r);
  if (rule != NULL)
    *rule = ok ? r : NULL;
  return ok;
}
