/* mu-ruleset-fields.c: the values a ruleset declares on counters and sides
 *
 * One place that knows how a declared field (MuFieldInfo) is held by the
 * scenario model and written in a file, and what its allowed values are, so
 * that the reader, writer, checker, CSV and the editor's form agree.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-ruleset.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mu-error.h"
#include "mu-problem.h"

const MuFieldInfo *
mu_ruleset_find_field (const MuRuleset *ruleset,
                       const char      *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    if (strcmp (ruleset->fields[i].id, id) == 0)
      return &ruleset->fields[i];
  return NULL;
}

gboolean
mu_field_applies (const MuFieldInfo *field,
                  MuCounterKind      kind)
{
  g_return_val_if_fail (field != NULL, FALSE);
  return (field->of & MU_FIELD_OF (kind)) != 0;
}

gboolean
mu_field_of_side (const MuFieldInfo *field)
{
  g_return_val_if_fail (field != NULL, FALSE);
  return (field->of & MU_FIELD_OF_SIDE) != 0;
}

const MuFieldInfo *
mu_ruleset_numbered_field (const MuRuleset *ruleset,
                           MuCounterKind    kind)
{
  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *named;

      if (ruleset->fields[i].names == NULL)
        continue;
      named = mu_ruleset_find_field (ruleset, ruleset->fields[i].names);
      if (named && mu_field_applies (named, kind))
        return named;
    }
  return NULL;
}

const MuFieldInfo *
mu_ruleset_naming_field (const MuRuleset *ruleset,
                         MuCounterKind    kind)
{
  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    if (ruleset->fields[i].names != NULL && mu_field_applies (&ruleset->fields[i], kind))
      return &ruleset->fields[i];
  return NULL;
}

gboolean
mu_ruleset_has_divisions (const MuRuleset *ruleset)
{
  return ruleset == NULL || mu_ruleset_numbered_field (ruleset, MU_COUNTER_COMMAND) != NULL;
}

char *
mu_counter_summary_values (const MuRuleset *ruleset,
                           const MuCounter *counter)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (counter != NULL, NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      g_autofree char *text = NULL;

      if (!(f->show & MU_FIELD_SHOW_SUMMARY) || !mu_field_applies (f, counter->kind) ||
          (text = mu_counter_get_field (counter, f)) == NULL)
        continue;
      g_string_append_printf (out, "%s%s %s", out->len ? " · " : "",
                              g_dgettext (GETTEXT_PACKAGE, f->label ? f->label : f->name), text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
mu_counter_face_values (const MuRuleset *ruleset,
                        const MuCounter *counter,
                        MuFieldShow      where,
                        int              strength)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (counter != NULL, NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      g_autofree char *text = NULL;

      if (!(f->show & where) || !mu_field_applies (f, counter->kind))
        continue;
      if (strength > 0 && f->offset == G_STRUCT_OFFSET (MuCounter, strength))
        text = g_strdup_printf ("%d", strength);
      else if ((text = mu_counter_get_field (counter, f)) == NULL)
        continue;
      g_string_append_printf (out, "%s%s", out->len ? "-" : "", text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
mu_counter_tags (const MuRuleset *ruleset,
                 const MuCounter *counter)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (counter != NULL, NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; counter->values && ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (!mu_field_applies (f, counter->kind))
        continue;
      if (f->type == MU_FIELD_FLAG && f->tag && mu_counter_get_flag (counter, f->id))
        g_string_append_printf (out, "%s%s", out->len ? " · " : "", g_dgettext (GETTEXT_PACKAGE, f->tag));
      for (guint k = 0; f->type == MU_FIELD_FLAGS && f->value_tags && f->values[k]; k++)
        if (f->value_tags[k] && mu_counter_has_word (counter, f->id, f->values[k]))
          g_string_append_printf (out, "%s%s", out->len ? " · " : "",
                                  g_dgettext (GETTEXT_PACKAGE, f->value_tags[k]));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char **
mu_counter_face_marks (const MuRuleset *ruleset,
                       const MuCounter *counter)
{
  GPtrArray *marks = g_ptr_array_new ();

  g_return_val_if_fail (counter != NULL, NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; counter->values && ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (!(f->show & MU_FIELD_SHOW_FACE_MARK) || !mu_field_applies (f, counter->kind))
        continue;
      if (f->type == MU_FIELD_FLAG && f->picture && mu_counter_get_flag (counter, f->id))
        g_ptr_array_add (marks, g_strdup (f->picture));
      for (guint k = 0; f->type == MU_FIELD_FLAGS && f->value_pictures && f->values[k]; k++)
        if (f->value_pictures[k] && mu_counter_has_word (counter, f->id, f->values[k]))
          g_ptr_array_add (marks, g_strdup (f->value_pictures[k]));
    }
  g_ptr_array_add (marks, NULL);
  return (char **) g_ptr_array_free (marks, FALSE);
}

static char *
join_words (const char *const *words)
{
  return g_strjoinv (", ", (char **) words);
}

/* The step of a number field: its own, else a whole number or a hundredth. */
static double
field_step (const MuFieldInfo *field)
{
  if (field->step > 0)
    return field->step;
  return field->type == MU_FIELD_NUMBER ? 0.01 : 1;
}

/* How many decimals the field's values have: as many as its step (and
 * its minimum, from which the steps count) need, at most four (what the
 * format keeps of a number). */
static int
field_decimals (const MuFieldInfo *field)
{
  int d = 0;

  if (field->type != MU_FIELD_NUMBER)
    return 0;
  while (d < 4)
    {
      double scale = pow (10, d);
      double a = field_step (field) * scale, b = field->min * scale;

      if (fabs (a - round (a)) < 1e-9 && fabs (b - round (b)) < 1e-9)
        break;
      d++;
    }
  return d;
}

/* A number of the field as people and files write it (C locale). */
static char *
format_number (const MuFieldInfo *field,
               double             v)
{
  static const char *const formats[] = { "%.0f", "%.1f", "%.2f", "%.3f", "%.4f" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, formats[field_decimals (field)], v));
}

const char *
mu_field_value_name (const MuFieldInfo *field,
                     const char        *word)
{
  g_return_val_if_fail (field != NULL, word);

  if (word == NULL || field->values == NULL || field->value_names == NULL)
    return word;
  for (guint i = 0; field->values[i]; i++)
    if (strcmp (field->values[i], word) == 0)
      return field->value_names[i] ? g_dgettext (GETTEXT_PACKAGE, field->value_names[i]) : word;
  return word;
}

char *
mu_field_describe_range (const MuFieldInfo *field)
{
  g_autofree char *words = NULL;
  g_autofree char *lo = NULL, *hi = NULL, *step = NULL;
  g_autofree char *range = NULL;

  g_return_val_if_fail (field != NULL, NULL);

  switch (field->type)
    {
    case MU_FIELD_INT:
    case MU_FIELD_NUMBER:
      lo = format_number (field, field->min);
      hi = format_number (field, field->max);
      if (field->max >= G_MAXINT)
        range = g_strdup_printf (_("at least %s"), lo);
      else
        range = g_strdup_printf (_("%s to %s"), lo, hi);
      /* the step is said when it is not the plain one of its type */
      if (field->step > 0 && field_step (field) != (field->type == MU_FIELD_NUMBER ? 0.01 : 1))
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          step = g_strdup (g_ascii_dtostr (buf, sizeof buf, field->step));
          return g_strdup_printf (_("%s in steps of %s"), range, step);
        }
      if (field->type == MU_FIELD_NUMBER)
        return g_strdup_printf (_("%s, to %d decimals"), range, field_decimals (field));
      return g_steal_pointer (&range);
    case MU_FIELD_ENUM:
      words = join_words (field->values);
      return g_strdup_printf (_("one of %s"), words);
    case MU_FIELD_FLAGS:
      words = join_words (field->values);
      return g_strdup_printf (_("any of %s"), words);
    case MU_FIELD_FLAG:
      return g_strdup (_("true or false"));
    case MU_FIELD_TEXT:
      return g_strdup (_("one line of text"));
    case MU_FIELD_COUNTER:
      return g_strdup (_("the id of a counter"));
    default:
      g_return_val_if_reached (NULL);
    }
}

static gboolean
is_word_of (const MuFieldInfo *field,
            const char        *word)
{
  for (guint i = 0; field->values && field->values[i]; i++)
    if (strcmp (field->values[i], word) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
parse_int (const char *text,
           int        *value)
{
  gint64 v;

  if (!g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &v, NULL))
    return FALSE;
  *value = (int) v;
  return TRUE;
}

/* A plain decimal: an optional minus, digits, an optional point and
 * digits; no exponent, no "nan", no spaces (what the format writes). */
static gboolean
parse_decimal (const char *text,
               double     *value)
{
  const char *p = text;
  gboolean digit = FALSE;

  if (*p == '-')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    digit = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      digit = TRUE;
  if (!digit || *p != '\0' || p - text > 32)
    return FALSE;
  *value = g_ascii_strtod (text, NULL);
  return TRUE;
}

/* Whether v is min + k * step for a whole k (within rounding). */
static gboolean
on_step (const MuFieldInfo *field,
         double             v)
{
  double k = (v - field->min) / field_step (field);

  return fabs (k - round (k)) < 1e-6;
}

/* [A-Za-z0-9][A-Za-z0-9_.-]*: what a counter id may be (mu-scenario.h). */
static gboolean
id_like (const char *text)
{
  if (!g_ascii_isalnum (*text))
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '.' && *p != '-')
      return FALSE;
  return TRUE;
}

char *
mu_field_check_value (const MuFieldInfo *field,
                      const char        *text)
{
  g_autofree char *range = NULL;
  g_autofree char *quoted = NULL;
  int v;
  double d;

  g_return_val_if_fail (field != NULL && text != NULL, NULL);

  range = mu_field_describe_range (field);
  quoted = mu_problem_quote (text);
  switch (field->type)
    {
    case MU_FIELD_INT:
      if (field->zero_word && strcmp (text, field->zero_word) == 0)
        return NULL;
      if (!parse_int (text, &v))
        return g_strdup_printf (_("%s “%s” is not a whole number (%s)"), field->id, quoted, range);
      if (v < field->min || v > field->max || !on_step (field, v))
        return g_strdup_printf (_("%s %d is out of range (%s)"), field->id, v, range);
      return NULL;
    case MU_FIELD_NUMBER:
      if (!parse_decimal (text, &d))
        return g_strdup_printf (_("%s “%s” is not a number (%s)"), field->id, quoted, range);
      if (d < field->min - 1e-9 || d > field->max + 1e-9 || !on_step (field, d))
        return g_strdup_printf (_("%s %s is out of range (%s)"), field->id, quoted, range);
      return NULL;
    case MU_FIELD_ENUM:
      if (!is_word_of (field, text))
        return g_strdup_printf (_("%s “%s” is not allowed (%s)"), field->id, quoted, range);
      return NULL;
    case MU_FIELD_FLAGS:
      {
        g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);

        for (guint i = 0; words[i]; i++)
          if (*words[i] != '\0' && !is_word_of (field, words[i]))
            {
              g_autofree char *word = mu_problem_quote (words[i]);

              return g_strdup_printf (_("%s “%s” is not allowed (%s)"), field->id, word, range);
            }
        return NULL;
      }
    case MU_FIELD_FLAG:
      if (strcmp (text, "true") != 0 && strcmp (text, "false") != 0)
        return g_strdup_printf (_("%s “%s” is not allowed (%s)"), field->id, quoted, range);
      return NULL;
    case MU_FIELD_TEXT:
      if (strchr (text, '\n') || strchr (text, '\r'))
        return g_strdup_printf (_("%s “%s” is not allowed (%s)"), field->id, quoted, range);
      return NULL;
    case MU_FIELD_COUNTER:
      if (!id_like (text))
        return g_strdup_printf (_("%s “%s” is not allowed (%s)"), field->id, quoted, range);
      return NULL;
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The int member of MuCounter the counter elements carry as an attribute
 * of the same name (the other numbers are declared `attribute`). */
static const char *const member_attributes[] = {
  "strength", NULL,
};

void
mu_ruleset_set_initial_values (const MuRuleset *ruleset,
                               MuCounter       *counter)
{
  g_return_if_fail (counter != NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (mu_field_is_attribute_number (f) && mu_field_applies (f, counter->kind))
        mu_counter_set_int (counter, f->id, f->initial ? f->initial : (int) f->min);
    }
}

gboolean
mu_field_is_attribute_number (const MuFieldInfo *field)
{
  g_return_val_if_fail (field != NULL, FALSE);
  return field->attribute && field->offset < 0 && field->type == MU_FIELD_INT;
}

gboolean
mu_field_is_attribute (const MuFieldInfo *field)
{
  g_return_val_if_fail (field != NULL, FALSE);
  return (field->offset >= 0 && g_strv_contains (member_attributes, field->id)) ||
         (field->attribute && field->offset < 0);
}

char *
mu_field_declared_order (const MuFieldInfo *field,
                         const char        *text)
{
  g_auto(GStrv) words = NULL;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (field != NULL && text != NULL, NULL);

  words = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; field->values && field->values[i]; i++)
    for (guint k = 0; words[k]; k++)
      if (strcmp (words[k], field->values[i]) == 0)
        {
          g_string_append_printf (out, "%s%s", out->len ? " " : "", field->values[i]);
          break;
        }
  return g_string_free (out, FALSE);
}

char *
mu_counter_get_field (const MuCounter   *counter,
                      const MuFieldInfo *field)
{
  const char *text;

  g_return_val_if_fail (counter != NULL && field != NULL, NULL);

  if (field->offset >= 0)
    return g_strdup_printf ("%d", G_STRUCT_MEMBER (int, counter, field->offset));
  text = mu_values_get (counter->values, field->id);
  /* a number the counter element always carries reads 0 when not held,
   * as the writer writes it */
  if (mu_field_is_attribute_number (field) && field->zero_word &&
      mu_counter_get_int (counter, field->id) == 0)
    return g_strdup (field->zero_word);
  if (text == NULL && mu_field_is_attribute_number (field))
    return g_strdup ("0");
  return g_strdup (text);
}

gboolean
mu_counter_set_field (MuCounter         *counter,
                      const MuFieldInfo *field,
                      const char        *text,
                      GError           **error)
{
  g_autofree char *problem = NULL;
  int v;

  g_return_val_if_fail (counter != NULL && field != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (text == NULL || *text == '\0')
    {
      if (field->offset >= 0 || mu_field_is_attribute_number (field))
        {
          problem = mu_field_describe_range (field);
          g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("%s needs a value (%s)"), field->id,
                       problem);
          return FALSE;
        }
      mu_values_set (&counter->values, field->id, NULL);
      return TRUE;
    }
  problem = mu_field_check_value (field, text);
  if (problem)
    {
      g_set_error_literal (error, MU_ERROR, MU_ERROR_INVALID, problem);
      return FALSE;
    }
  /* held as the number it stands for, as the other numbers */
  if (field->zero_word && strcmp (text, field->zero_word) == 0)
    text = "0";
  if (field->offset >= 0)
    {
      if (!parse_int (text, &v))
        g_return_val_if_reached (FALSE);
      G_STRUCT_MEMBER (int, counter, field->offset) = v;
    }
  else if (field->attribute && field->type == MU_FIELD_FLAG && strcmp (text, "false") == 0)
    /* the file has no way to say an attribute flag is off but leaving it
     * out: held the same way, a change of mind is no change */
    mu_values_set (&counter->values, field->id, NULL);
  else if (field->attribute && field->type == MU_FIELD_FLAGS)
    {
      g_autofree char *words = mu_field_declared_order (field, text);

      mu_values_set (&counter->values, field->id, *words ? words : NULL);
    }
  else
    mu_values_set (&counter->values, field->id, text);
  return TRUE;
}

/* A reference field names a counter of the scenario, of a kind it may name. */
static char *
check_reference (const MuFieldInfo *field,
                 const MuScenario  *scenario,
                 const char        *id)
{
  const MuCounter *c = mu_scenario_find_counter (scenario, id);
  g_autofree char *quoted = mu_problem_quote (id);

  if (c == NULL)
    return g_strdup_printf (_("%s “%s” is not a counter of this scenario"), field->id, quoted);
  if (field->refers != 0 && !(field->refers & MU_FIELD_OF (c->kind)))
    return g_strdup_printf (_("%s “%s” is a %s counter, which it may not name"), field->id, quoted,
                            mu_counter_kind_to_string (c->kind));
  return NULL;
}

static void
check_values (const MuRuleset  *ruleset,
              const MuScenario *scenario,
              const GPtrArray  *values,
              const char       *what,
              const char       *object,
              gboolean          side,
              MuCounterKind     kind,
              GPtrArray        *problems)
{
  for (guint i = 0; values && i < values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (values, i);
      const MuFieldInfo *f = mu_ruleset_find_field (ruleset, v->field);
      g_autofree char *field = mu_problem_quote (v->field);
      g_autofree char *why = NULL;
      MuProblem *p;

      /* a number written as the counter's attribute is checked with the
       * counter (mu-scenario-check.c), as when it was a member */
      if (f != NULL && !side && mu_field_is_attribute_number (f))
        continue;
      if (f == NULL)
        why = g_strdup_printf (_("ruleset “%s” has no field “%s”"), ruleset->id, field);
      else if (side ? !mu_field_of_side (f) : !mu_field_applies (f, kind))
        why = g_strdup_printf (_("%s is not a value of a %s in ruleset “%s”"), field,
                               side ? _("side") : mu_counter_kind_to_string (kind), ruleset->id);
      else
        why = mu_field_check_value (f, v->value ? v->value : "");
      if (why == NULL && f->type == MU_FIELD_COUNTER)
        why = check_reference (f, scenario, v->value);
      if (why == NULL)
        continue;
      p = mu_problem_new (MU_PROBLEM_ERROR, scenario->filename, v->line, "%s: %s", what, why);
      p->object_id = g_strdup (object);
      g_ptr_array_add (problems, p);
    }
}

void
mu_ruleset_check_values (const MuRuleset  *ruleset,
                         const MuScenario *scenario,
                         GPtrArray        *problems)
{
  g_return_if_fail (ruleset != NULL && scenario != NULL && problems != NULL);

  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (scenario->sides, i);
      g_autofree char *what = g_strdup_printf (_("side “%s”"), side->id ? side->id : "");

      check_values (ruleset, scenario, side->values, what, side->id, TRUE, 0, problems);
    }
  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);
      g_autofree char *what = g_strdup_printf ("%s “%s”", mu_counter_kind_to_string (c->kind),
                                               c->id ? c->id : "");

      check_values (ruleset, scenario, c->values, what, c->id, FALSE, c->kind, problems);
    }
}
