/* mu-command.c: commands as a verb and typed arguments, parsed against the
 * ruleset's verb declarations (see mu-command.h for the syntax). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-command.h"

#include "mu-error.h"
#include "mu-problem.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void
arg_clear (gpointer data)
{
  MuArg *a = data;

  g_clear_pointer (&a->word, g_free);
  g_clear_pointer (&a->value, g_free);
}

MuCommand *
mu_command_new (const char *verb)
{
  MuCommand *c = g_new0 (MuCommand, 1);

  c->verb = g_strdup (verb);
  /* room for a unit and a few hexes: most commands never grow it */
  c->args = g_array_sized_new (FALSE, TRUE, sizeof (MuArg), 4);
  g_array_set_clear_func (c->args, arg_clear);
  c->ref_count = 1;
  return c;
}

MuCommand *
mu_command_ref (MuCommand *c)
{
  g_return_val_if_fail (c != NULL && c->ref_count > 0, NULL);
  c->ref_count++;
  return c;
}

void
mu_command_list_add_refs (GPtrArray       *list,
                          const GPtrArray *commands)
{
  guint at, n;

  g_return_if_fail (list != NULL && commands != NULL);

  /* one growth of the list and a plain loop: a legal-command list of a
   * large board shares thousands of kept commands at every call, and a
   * call and a check per command were a fair part of its cost */
  at = list->len;
  n = commands->len;
  g_ptr_array_set_size (list, at + n);
  for (guint i = 0; i < n; i++)
    {
      MuCommand *c = g_ptr_array_index (commands, i);

      g_assert (c->ref_count > 0);
      c->ref_count++;
      list->pdata[at + i] = c;
    }
}

void
mu_command_free (MuCommand *c)
{
  if (c == NULL)
    return;
  g_return_if_fail (c->ref_count > 0);
  if (--c->ref_count > 0)
    return;
  g_free (c->verb);
  g_array_unref (c->args);
  g_free (c);
}

static void
add_arg (MuCommand   *c,
         const MuArg *a)
{
  MuArg copy = *a;

  copy.word = g_strdup (a->word);
  copy.value = g_strdup (a->value);
  g_array_append_val (c->args, copy);
}

MuCommand *
mu_command_copy (const MuCommand *src)
{
  MuCommand *c = g_new0 (MuCommand, 1);
  guint n = src->args->len;

  /* the legal-command lists copy many commands: one allocation for the
   * arguments, then their strings */
  c->verb = g_strdup (src->verb);
  c->ref_count = 1;
  c->args = g_array_sized_new (FALSE, TRUE, sizeof (MuArg), n);
  g_array_set_clear_func (c->args, arg_clear);
  if (n > 0)
    g_array_append_vals (c->args, src->args->data, n);
  for (guint i = 0; i < n; i++)
    {
      MuArg *a = &g_array_index (c->args, MuArg, i);

      a->word = g_strdup (a->word);
      a->value = g_strdup (a->value);
    }
  return c;
}

static gboolean
arg_equal (const MuArg *a,
           const MuArg *b)
{
  if (a->kind != b->kind || g_strcmp0 (a->word, b->word) != 0 || g_strcmp0 (a->value, b->value) != 0)
    return FALSE;
  switch (a->kind)
    {
    case MU_ARG_POS:
      return mu_pos_equal (&a->pos, &b->pos);
    case MU_ARG_NUMBER:
      return a->number == b->number;
    case MU_ARG_STEP:
      return a->move == b->move && mu_pos_equal (&a->pos, &b->pos) && a->number == b->number;
    case MU_ARG_WORD:
    case MU_ARG_OPTION:
    default:
      return TRUE;
    }
}

gboolean
mu_command_equal (const MuCommand *a,
                  const MuCommand *b)
{
  if (g_strcmp0 (a->verb, b->verb) != 0 || a->args->len != b->args->len)
    return FALSE;
  for (guint i = 0; i < a->args->len; i++)
    if (!arg_equal (&g_array_index (a->args, MuArg, i), &g_array_index (b->args, MuArg, i)))
      return FALSE;
  return TRUE;
}

const char *
mu_command_get_verb (const MuCommand *command)
{
  g_return_val_if_fail (command != NULL, NULL);
  return command->verb;
}

guint
mu_command_n_args (const MuCommand *command)
{
  g_return_val_if_fail (command != NULL, 0);
  return command->args->len;
}

const MuArg *
mu_command_arg (const MuCommand *command,
                guint            i)
{
  g_return_val_if_fail (command != NULL, NULL);
  return i < command->args->len ? &g_array_index (command->args, MuArg, i) : NULL;
}

const char *
mu_command_word (const MuCommand *command,
                 guint            i)
{
  const MuArg *a = mu_command_arg (command, i);

  return a && a->kind == MU_ARG_WORD ? a->word : NULL;
}

void
mu_command_add_word (MuCommand  *c,
                     const char *word)
{
  MuArg a = { .kind = MU_ARG_WORD, .word = (char *) word };

  add_arg (c, &a);
}

void
mu_command_add_pos (MuCommand   *c,
                    const MuPos *pos)
{
  MuArg a = { .kind = MU_ARG_POS, .pos = *pos };

  add_arg (c, &a);
}

void
mu_command_add_hex (MuCommand *c,
                    MuHex      hex)
{
  MuPos p = mu_pos_from_hex (hex);

  mu_command_add_pos (c, &p);
}

static double
round_number (double v, double scale)
{
  return rint (v * scale) / scale + 0.0;
}

void
mu_command_add_number (MuCommand *c,
                       double     number)
{
  MuArg a = { .kind = MU_ARG_NUMBER, .number = round_number (number, 100) };

  add_arg (c, &a);
}

void
mu_command_add_option (MuCommand  *c,
                       const char *key,
                       const char *value)
{
  MuArg a = { .kind = MU_ARG_OPTION, .word = (char *) key, .value = (char *) value };

  add_arg (c, &a);
}

void
mu_command_add_step (MuCommand   *c,
                     MuMoveKind   move,
                     const MuPos *pos,
                     double       number,
                     const char  *word)
{
  MuArg a = { .kind = MU_ARG_STEP, .move = move, .word = (char *) word };

  if (move == MU_MOVE_TO && pos)
    a.pos = *pos;
  if (move == MU_MOVE_FACE)
    a.number = fmod (round_number (number, 10), 360.0) + 0.0;
  else if (move == MU_MOVE_WHEEL)
    a.number = round_number (number, 10);
  add_arg (c, &a);
}

/* Printing ------------------------------------------------------------------ */

static void
append_number (GString *s, double v, const char *format)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v == floor (v) && fabs (v) < 1e15 && format == NULL)
    g_string_append_printf (s, "%.0f", v);
  else
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, format ? format : "%.2f", v));
}

char *
mu_command_to_string (const MuCommand *c)
{
  GString *s = g_string_new (c->verb);
  char buf[96];

  for (guint i = 0; i < c->args->len; i++)
    {
      const MuArg *a = &g_array_index (c->args, MuArg, i);

      g_string_append_c (s, ' ');
      switch (a->kind)
        {
        case MU_ARG_WORD:
          g_string_append (s, a->word);
          break;
        case MU_ARG_POS:
          mu_pos_format (&a->pos, buf, sizeof buf);
          g_string_append (s, buf);
          break;
        case MU_ARG_NUMBER:
          append_number (s, a->number, NULL);
          break;
        case MU_ARG_OPTION:
          g_string_append_printf (s, "%s=%s", a->word, a->value);
          break;
        case MU_ARG_STEP:
        default:
          switch (a->move)
            {
            case MU_MOVE_TO:
              mu_pos_format (&a->pos, buf, sizeof buf);
              g_string_append (s, buf);
              break;
            case MU_MOVE_FACE:
              g_string_append (s, "face ");
              append_number (s, a->number, "%.1f");
              break;
            case MU_MOVE_WHEEL:
              g_string_append_printf (s, "wheel %s ", a->word);
              append_number (s, a->number, "%.1f");
              break;
            case MU_MOVE_FORM:
            default:
              g_string_append_printf (s, "form %s", a->word);
              break;
            }
          break;
        }
    }
  return g_string_free (s, FALSE);
}

/* Parsing ------------------------------------------------------------------- */

static gboolean
valid_word (const char *w)
{
  if (w == NULL || *w == '\0' || *w == '@')
    return FALSE;
  for (const char *p = w; *p; p++)
    if (g_ascii_isspace (*p) || *p == '#' || *p == '=' || (guchar) *p < 0x20)
      return FALSE;
  return TRUE;
}

static gboolean
parse_decimal (const char *w,
               double     *out)
{
  char *end = NULL;

  if (*w == '\0')
    return FALSE;
  for (const char *p = w; *p; p++)
    if (!g_ascii_isdigit (*p) && *p != '.' && !(p == w && *p == '-'))
      return FALSE;
  *out = g_ascii_strtod (w, &end);
  return end != w && *end == '\0' && isfinite (*out) && fabs (*out) <= 1e9;
}

static gboolean
is_id_element (const char *e)
{
  for (const char *p = e; *p; p++)
    if (!g_ascii_isupper (*p) && *p != '-' && *p != '_')
      return FALSE;
  return *e != '\0';
}

/* The furthest word an element refused, for the error message. */
typedef struct {
  gint wi;
  const char *element;
  gboolean number;      /* a number was also tried at that word */
} Refusal;

static guint match_element (const char *e, char **words, guint wi, guint n, MuCommand *c);

/* Matches one grammar element at words[wi]; returns the number of words
 * used (0: no match) and appends the argument. */
static guint
match_one (const char *e,
           char      **words,
           guint       wi,
           guint       n,
           MuCommand  *c,
           Refusal    *why)
{
  guint used = match_element (e, words, wi, n, c);

  if (used == 0 && wi < n && (gint) wi >= why->wi)
    {
      if ((gint) wi > why->wi)
        why->number = FALSE;
      why->wi = wi;
      why->element = g_intern_string (e);
      why->number |= g_str_equal (e, "N") || g_str_equal (e, "NUMBER");
    }
  return used;
}

static guint
match_element (const char *e,
               char      **words,
               guint       wi,
               guint       n,
               MuCommand  *c)
{
  const char *w = words[wi];
  MuPos pos;
  double v;

  if (wi >= n)
    return 0;
  if (g_str_equal (e, "HEX") || g_str_equal (e, "POS") || g_str_equal (e, "OFF"))
    {
      if (!mu_pos_parse (w, &pos) || (g_str_equal (e, "HEX") && pos.is_point))
        return 0;
      mu_command_add_pos (c, &pos);
      return 1;
    }
  if (g_str_equal (e, "DIR"))
    {
      if (strlen (w) != 1 || w[0] < '0' || w[0] > '5')
        return 0;
      mu_command_add_number (c, w[0] - '0');
      return 1;
    }
  if (g_str_equal (e, "N") || g_str_equal (e, "NUMBER") || g_str_equal (e, "DEG"))
    {
      if (!parse_decimal (w, &v))
        return 0;
      mu_command_add_number (c, v);
      return 1;
    }
  if (g_str_equal (e, "KEY=VALUE"))
    {
      const char *eq = strchr (w, '=');
      g_autofree char *key = eq ? g_strndup (w, eq - w) : NULL;

      if (eq == NULL || !mu_id_is_valid (key) || strchr (eq + 1, '=') || eq[1] == '\0' ||
          strchr (eq + 1, '#'))
        return 0;
      mu_command_add_option (c, key, eq + 1);
      return 1;
    }
  if (g_str_equal (e, "STEP"))
    {
      if (w[0] == '@')
        {
          if (!mu_pos_parse (w, &pos))
            return 0;
          mu_command_add_step (c, MU_MOVE_TO, &pos, 0, NULL);
          return 1;
        }
      if (g_str_equal (w, "face") && wi + 1 < n && parse_decimal (words[wi + 1], &v) &&
          v >= 0 && v < 360)
        {
          mu_command_add_step (c, MU_MOVE_FACE, NULL, v, NULL);
          return 2;
        }
      /* TAB-3: the angle counts at the tenth of a degree it is printed
       * with, so a wheel that rounds to 0.0 is no wheel, refused here
       * rather than saved as a line that would not read back. */
      if (g_str_equal (w, "wheel") && wi + 2 < n &&
          (g_str_equal (words[wi + 1], "l") || g_str_equal (words[wi + 1], "r")) &&
          parse_decimal (words[wi + 2], &v) && round_number (v, 10) > 0 &&
          round_number (v, 10) <= 360)
        {
          mu_command_add_step (c, MU_MOVE_WHEEL, NULL, v, words[wi + 1]);
          return 3;
        }
      if (g_str_equal (w, "form") && wi + 1 < n && mu_id_is_valid (words[wi + 1]))
        {
          mu_command_add_step (c, MU_MOVE_FORM, NULL, 0, words[wi + 1]);
          return 2;
        }
      return 0;
    }
  if (g_str_equal (e, "ANSWER"))
    {
      if (!valid_word (w))
        return 0;
      mu_command_add_word (c, w);
      return 1;
    }
  /* Ids follow the one rule of the file format, the editor and the CSV, so
   * a command can name every counter a scenario can hold and nothing else. */
  if (is_id_element (e))
    {
      if (!mu_id_is_valid (w))
        return 0;
      mu_command_add_word (c, w);
      return 1;
    }
  /* literal words, "flank|rear" */
  {
    g_auto(GStrv) choices = g_strsplit (e, "|", -1);

    for (guint i = 0; choices[i]; i++)
      if (g_str_equal (choices[i], w))
        {
          mu_command_add_word (c, w);
          return 1;
        }
  }
  return 0;
}

/* Matches elements[ei..] against words[wi..n] exactly, backtracking over
 * repeats and optional elements. */
static gboolean
match_from (char      **elements,
            guint       ei,
            char      **words,
            guint       wi,
            guint       n,
            MuCommand  *c,
            Refusal    *why)
{
  g_autofree char *e = NULL;
  gboolean repeat, optional;
  guint before = c->args->len;
  gsize len;

  if (elements[ei] == NULL)
    {
      /* words past the form's end: blame the first of them, not the
       * last word an element refused before it (an element that refused
       * this very word says more, unless it starts a comment) */
      if (wi < n && ((gint) wi > why->wi || ((gint) wi == why->wi && words[wi][0] == '#')))
        {
          why->number = FALSE;
          why->wi = wi;
          why->element = g_intern_static_string ("END");
        }
      return wi == n;
    }
  e = g_strdup (elements[ei]);
  len = strlen (e);
  optional = len > 2 && e[0] == '[' && e[len - 1] == ']';
  if (optional)
    {
      memmove (e, e + 1, len - 2);
      e[len - 2] = '\0';
      len -= 2;
    }
  repeat = len > 3 && g_str_has_suffix (e, "...");
  if (repeat)
    e[len - 3] = '\0';

  /* as many as possible first, then fewer */
  {
    g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (guint));
    guint at = wi;

    while (at < n)
      {
        guint used = match_one (e, words, at, n, c, why);
        if (used == 0)
          break;
        at += used;
        g_array_append_val (ends, at);
        if (!repeat)
          break;
      }
    for (guint k = ends->len; k > 0; k--)
      {
        g_array_set_size (c->args, before + k);
        if (match_from (elements, ei + 1, words, g_array_index (ends, guint, k - 1), n, c, why))
          return TRUE;
      }
    g_array_set_size (c->args, before);
    if (optional)
      return match_from (elements, ei + 1, words, wi, n, c, why);
  }
  return FALSE;
}

static MuCommand *parse_fail (GError **error, const char *line, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static MuCommand *
parse_fail (GError **error, const char *line, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: the command line as given, then what is wrong with it */
  g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("“%s”: %s"), line, what);
  return NULL;
}

MuCommand *
mu_command_parse (const MuRuleset *ruleset,
                  const char      *line,
                  GError         **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (line ? line : ""));
  g_auto(GStrv) raw = NULL;
  g_autoptr(GPtrArray) w = g_ptr_array_new ();
  g_auto(GStrv) forms = NULL;
  const MuVerbInfo *verb;
  Refusal why = { -1, NULL, FALSE };

  g_return_val_if_fail (ruleset != NULL, NULL);

  if (copy[0] == '\0' || copy[0] == '#')
    return NULL;
  for (const char *p = copy; *p; p++)
    if ((guchar) *p < 0x20 && *p != '\t')
      return parse_fail (error, copy, _("control character 0x%02x in the line"), (guchar) *p);
  raw = g_strsplit_set (copy, " \t", -1);
  for (guint i = 0; raw[i]; i++)
    if (raw[i][0] != '\0')
      g_ptr_array_add (w, raw[i]);
  g_ptr_array_add (w, NULL);
  verb = mu_ruleset_find_verb (ruleset, g_ptr_array_index (w, 0));
  if (verb == NULL)
    return parse_fail (error, copy, _("unknown command “%s” (%s has no such verb)"),
                       (const char *) g_ptr_array_index (w, 0), ruleset->id);

  /* each form ("A | B") in turn */
  forms = g_strsplit (verb->syntax ? verb->syntax : "", " | ", -1);
  for (guint f = 0; forms[f] || f == 0; f++)
    {
      g_auto(GStrv) elements = g_strsplit_set (forms[f] ? forms[f] : "", " ", -1);
      g_autoptr(GPtrArray) el = g_ptr_array_new ();
      g_autoptr(MuCommand) c = mu_command_new (verb->verb);

      for (guint i = 0; elements[i]; i++)
        if (elements[i][0])
          g_ptr_array_add (el, elements[i]);
      g_ptr_array_add (el, NULL);
      if (match_from ((char **) el->pdata, 0, (char **) w->pdata + 1, 0, w->len - 2, c, &why))
        return g_steal_pointer (&c);
      if (forms[f] == NULL)
        break;
    }
  if (verb->syntax == NULL || *verb->syntax == '\0')
    return parse_fail (error, copy, _("%s takes no arguments"), verb->verb);
  if (why.element)
    {
      const char *word = g_ptr_array_index (w, why.wi + 1);
      const char *e = why.element;

      if (g_str_equal (e, "END") && word[0] == '#')
        return parse_fail (error, copy, _("“%s”: a comment is a line of its own, starting with #"), word);
      if (g_str_equal (e, "END"))
        return parse_fail (error, copy, _("“%s” is more than %s takes"), word, verb->verb);

      if (strstr (e, "HEX"))
        return parse_fail (error, copy, _("“%s” is not a hex (CCRR)"), word);
      /* name every shape the word could have had, and on a table no hex */
      if ((strstr (e, "POS") || strstr (e, "OFF")) && ruleset->board == MU_BOARD_TABLE)
        return parse_fail (error, copy, why.number ? _("“%s” is not a distance or a position (@X,Y)")
                                                   : _("“%s” is not a position (@X,Y)"), word);
      if (strstr (e, "POS") || strstr (e, "OFF"))
        return parse_fail (error, copy, _("“%s” is not a hex (CCRR) or a position (@X,Y)"), word);
      if (strstr (e, "DIR"))
        return parse_fail (error, copy, _("“%s” is not a hexside direction 0..5"), word);
      if (strstr (e, "STEP"))
        {
          /* a step of several words is quoted whole: in "face 400" the
           * value is wrong, not the word "face" */
          guint n = g_str_equal (word, "wheel") ? 3
                    : g_str_equal (word, "face") || g_str_equal (word, "form") ? 2 : 1;
          g_autoptr(GString) step = g_string_new (word);

          for (guint k = 1; k < n && why.wi + 1 + k < w->len - 1; k++)
            g_string_append_printf (step, " %s", (const char *) g_ptr_array_index (w, why.wi + 1 + k));
          return parse_fail (error, copy,
                             _("“%s” is not a path step (@X,Y, @X,Y/F, face F, wheel l|r DEG, form ID)"),
                             step->str);
        }
      if (is_id_element (e) && !mu_id_is_valid (word))
        {
          g_autofree char *shown = mu_problem_quote (word);

          return parse_fail (error, copy,
                             _("“%s” is not an id (a letter or digit, then letters, digits, “-”, "
                             "“_” or “.”; at most %d characters)"), shown, MU_ID_MAX_LENGTH);
        }
    }
  if (verb->usage)
    return parse_fail (error, copy, "%s %s", verb->verb, g_dgettext (GETTEXT_PACKAGE, verb->usage));
  return parse_fail (error, copy, _("expected %s %s (hexes as CCRR, table positions as @X,Y)"),
                     verb->verb, verb->syntax);
}

gboolean
mu_command_fits (const MuCommand  *c,
                 const MuScenario *scenario,
                 GError          **error)
{
  for (guint i = 0; i < c->args->len; i++)
    {
      const MuArg *a = &g_array_index (c->args, MuArg, i);

      if ((a->kind == MU_ARG_POS || (a->kind == MU_ARG_STEP && a->move == MU_MOVE_TO)) &&
          !mu_pos_fits (&a->pos, scenario, error))
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
mu_command_parse_script (const MuRuleset *ruleset,
                         const char      *text,
                         const char      *name,
                         GError         **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  g_auto(GStrv) lines = g_strsplit (text ? text : "", "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GError) local = NULL;
      MuCommand *c = mu_command_parse (ruleset, lines[i], &local);

      if (local)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE, "%s:%u: %s",
                       name ? name : "commands", i + 1, local->message);
          return NULL;
        }
      if (c)
        g_ptr_array_add (out, c);
    }
  return g_steal_pointer (&out);
}
