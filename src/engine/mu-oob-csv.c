#define G_LOG_DOMAIN "muster-oob-csv"

#include "config.h"

#include "mu-oob-csv.h"

#include "mu-edit-private.h"
#include "mu-error.h"
#include "mu-file.h"
#include "mu-oob-csv-private.h"
#include "mu-ruleset.h"
#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* Reading RFC 4180 ----------------------------------------------------------------- */

typedef struct {
  int line;              /* where the record starts */
  GPtrArray *fields;     /* of char* */
} Record;

static void
record_free (Record *r)
{
  g_ptr_array_unref (r->fields);
  g_free (r);
}

typedef struct {
  const char *filename;
  GPtrArray *problems;
  guint errors;
  const MuScenario *scenario;  /* whose ruleset gives the ranges */
  GHashTable *old_counters;    /* the scenario's counters by id, made when first asked */
  MuOobCsvLayout layout;       /* the sheet's columns before the ruleset's own */
} Reader;

/* The scenario's counter ID, by a table made once: a search of the list
 * for every row made re-importing 100,000 rows take 38 s. */
static const MuCounter *
old_counter (Reader     *rd,
             const char *id)
{
  if (rd->old_counters == NULL)
    {
      const GPtrArray *counters = rd->scenario->counters;

      rd->old_counters = g_hash_table_new (g_str_hash, g_str_equal);
      /* the first of a (damaged) scenario's equal ids, as the search found */
      for (guint i = counters->len; i-- > 0;)
        {
          MuCounter *c = g_ptr_array_index (counters, i);

          g_hash_table_insert (rd->old_counters, c->id, c);
        }
    }
  return g_hash_table_lookup (rd->old_counters, id);
}

#define MAX_LISTED_PROBLEMS 100

static void G_GNUC_PRINTF (3, 4)
problem (Reader     *rd,
         int         line,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  MuProblem *p;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  rd->errors++;
  /* A broken file of 100,000 rows need not print 100,000 lines: the first
   * ones show what is wrong; the count is in the summary. */
  if (rd->errors > MAX_LISTED_PROBLEMS)
    return;
  p = mu_problem_new (MU_PROBLEM_ERROR, rd->filename, line, "%s", msg);
  if (rd->problems)
    g_ptr_array_add (rd->problems, p);
  else
    mu_problem_free (p);
}

/* Splits the text into records; a record that cannot be read is reported and skipped. */
static GPtrArray *
split_records (Reader     *rd,
               const char *data,
               gsize       length)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  const char *p = data, *end = data + length;
  int line = 1;

  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;   /* spreadsheets like to start with a byte order mark */

  while (p < end)
    {
      Record *r = g_new0 (Record, 1);
      g_autoptr(GString) field = g_string_new (NULL);
      gboolean bad = FALSE, done = FALSE;

      r->line = line;
      r->fields = g_ptr_array_new_with_free_func (g_free);
      while (!done)
        {
          g_string_truncate (field, 0);
          if (p < end && *p == '"')
            {
              int opened = line;

              p++;
              for (;;)
                {
                  if (p >= end)
                    {
                      problem (rd, opened, _("a quoted field is never closed"));
                      bad = TRUE;
                      break;
                    }
                  if (*p == '"')
                    {
                      if (p + 1 < end && p[1] == '"')
                        {
                          g_string_append_c (field, '"');
                          p += 2;
                          continue;
                        }
                      p++;
                      break;
                    }
                  if (*p == '\n')
                    line++;
                  g_string_append_c (field, *p++);
                }
              if (!bad && p < end && *p != ',' && *p != '\r' && *p != '\n')
                {
                  problem (rd, line, _("text after the closing quote of a field; write a quote inside a quoted field as \"\""));
                  bad = TRUE;
                }
            }
          else
            {
              while (p < end && *p != ',' && *p != '\r' && *p != '\n')
                {
                  if (*p == '"' && !bad)
                    {
                      problem (rd, line, _("a quote inside an unquoted field; quote the whole field and double the quote"));
                      bad = TRUE;
                    }
                  g_string_append_c (field, *p++);
                }
            }
          if (bad)
            {
              /* skip to the end of the physical line */
              while (p < end && *p != '\n')
                p++;
            }
          /* The export's formula guard (needs_formula_guard) comes off. */
          if (field->str[0] == '\'' && mu_oob_csv_needs_formula_guard (field->str))
            g_string_erase (field, 0, 1);
          g_ptr_array_add (r->fields, g_strdup (field->str));
          if (p < end && *p == ',' && !bad)
            {
              p++;
              continue;
            }
          if (p < end && *p == '\r')
            p++;
          if (p < end && *p == '\n')
            {
              p++;
              line++;
            }
          done = TRUE;
        }
      if (bad || (r->fields->len == 1 && *(char *) r->fields->pdata[0] == '\0'))
        record_free (r);     /* unreadable (reported) or an empty line */
      else
        g_ptr_array_add (records, r);
    }
  return records;
}

/* Building the order of battle ------------------------------------------------------ */

static const char *
cell_of (const Record *r,
         const int    *map,
         Column        col)
{
  int i = map[col];

  if (i < 0 || (guint) i >= r->fields->len)
    return "";
  return g_ptr_array_index (r->fields, i);
}

/* A field value with spaces trimmed, or NULL when empty. */
static char *
trimmed (const Record *r,
         const int    *map,
         Column        col)
{
  char *v = g_strstrip (g_strdup (cell_of (r, map, col)));

  if (*v == '\0')
    g_clear_pointer (&v, g_free);
  return v;
}

static gboolean
parse_int (Reader       *rd,
           const Record *r,
           const int    *map,
           Column        col,
           int          *out)
{
  g_autofree char *v = trimmed (r, map, col);
  char *end;
  gint64 n;

  if (v == NULL)
    {
      problem (rd, r->line, _("the %s column is empty; it needs a number"),
               mu_oob_csv_column_name (&rd->layout, col));
      return FALSE;
    }
  n = g_ascii_strtoll (v, &end, 10);
  if (*end != '\0' || n < G_MININT || n > G_MAXINT)
    {
      problem (rd, r->line, _("%s “%s” is not a whole number"), mu_oob_csv_column_name (&rd->layout, col), v);
      return FALSE;
    }
  *out = (int) n;
  return TRUE;
}

static gboolean
parse_bool (Reader       *rd,
            const Record *r,
            const int    *map,
            Column        col,
            gboolean     *out)
{
  g_autofree char *v = trimmed (r, map, col);
  const char *yes[] = { "yes", "y", "true", "1", "x", NULL };
  const char *no[] = { "no", "n", "false", "0", NULL };

  if (v == NULL)
    {
      *out = FALSE;
      return TRUE;
    }
  for (int i = 0; yes[i]; i++)
    if (g_ascii_strcasecmp (v, yes[i]) == 0)
      {
        *out = TRUE;
        return TRUE;
      }
  for (int i = 0; no[i]; i++)
    if (g_ascii_strcasecmp (v, no[i]) == 0)
      {
        *out = FALSE;
        return TRUE;
      }
  problem (rd, r->line, _("%s “%s” should be yes or empty"), column_names[col], v);
  return FALSE;
}

/* Checks a whole number of the counter that the scenario's ruleset
 * declares by `name` against its range, as the editor refuses it (the
 * declaration's reason, or its rule), and reports it. */
static void
check_value (Reader         *rd,
             const Record   *r,
             MuCounterKind   kind,
             const char     *name,
             int             value)
{
  g_autoptr(GError) error = NULL;
  int min = 0, max = 0;

  if (!mu_edit_counter_number_range (rd->scenario, kind, name, &min, &max))
    {
      problem (rd, r->line, _("a %s of ruleset “%s” has no %s"), mu_counter_kind_to_string (kind),
               rd->scenario->ruleset ? rd->scenario->ruleset : "", name);
      return;
    }
  if (value >= min && value <= max)
    return;
  mu_edit_counter_number_error (rd->scenario, kind, name, value, &error);
  problem (rd, r->line, "%s", error->message);
}

/* A yes/no column that names a flag the ruleset declares: the counter's
 * value; a "yes" for a counter without that flag is reported. */
static void
parse_flag (Reader       *rd,
            const Record *r,
            const int    *map,
            Column        col,
            MuCounter    *c)
{
  const MuFieldInfo *f = mu_oob_csv_flag_field (rd->scenario, c->kind, col, MU_FIELD_FLAG);
  gboolean flag;

  if (!parse_bool (rd, r, map, col, &flag))
    return;
  if (f != NULL)
    mu_values_set (&c->values, f->id, flag ? "true" : NULL);
  else if (flag)
    problem (rd, r->line, _("a %s of ruleset “%s” has no %s"), mu_counter_kind_to_string (c->kind),
             rd->scenario->ruleset ? rd->scenario->ruleset : "", column_names[col]);
}

/* A column of words (abilities) that names a list the ruleset declares:
 * the counter's value, its words in declared order whatever their case and
 * separators (" ", ";", "+"); another word is reported. */
static void
parse_words (Reader       *rd,
             const Record *r,
             const int    *map,
             Column        col,
             MuCounter    *c)
{
  const MuFieldInfo *f = mu_oob_csv_flag_field (rd->scenario, c->kind, col, MU_FIELD_FLAGS);
  g_autofree char *text = trimmed (r, map, col);
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) known = g_string_new (NULL);
  g_autofree char *ordered = NULL;

  if (text == NULL)
    return;
  if (f == NULL)
    {
      problem (rd, r->line, _("a %s of ruleset “%s” has no %s"), mu_counter_kind_to_string (c->kind),
               rd->scenario->ruleset ? rd->scenario->ruleset : "", column_names[col]);
      return;
    }
  words = g_strsplit_set (text, " ;+", -1);
  for (guint i = 0; words[i]; i++)
    {
      guint k;

      if (*words[i] == '\0')
        continue;
      for (k = 0; f->values[k] && g_ascii_strcasecmp (words[i], f->values[k]) != 0; k++)
        ;
      if (f->values[k] != NULL)
        g_string_append_printf (known, " %s", f->values[k]);
      else
        {
          g_autofree char *allowed = g_strjoinv (" or ", (char **) f->values);

          /* Translators: "ability “brave” should be indomitable or sharpshooter" */
          problem (rd, r->line, _("ability “%s” should be %s"), words[i], allowed);
        }
    }
  ordered = mu_field_declared_order (f, known->str);
  mu_values_set (&c->values, f->id, *ordered ? ordered : NULL);
}

/* A number column (COL_NUMBER + k): the number the ruleset declares by
 * its name for the counter, checked against the declared range; an empty
 * cell or the declared word for 0 (STAR) is 0 where the ruleset has such a
 * word. A number given for a counter without that value is reported. */
static void
parse_number (Reader         *rd,
              const Record   *r,
              const int      *map,
              Column          col,
              MuCounter      *c)
{
  const MuFieldInfo *f = mu_oob_csv_number_field (rd->scenario, &rd->layout, c->kind, col);
  g_autofree char *v = trimmed (r, map, col);
  int n;

  if (f && f->zero_word && (v == NULL || g_ascii_strcasecmp (v, f->zero_word) == 0))
    {
      mu_counter_set_int (c, f->id, 0);
      return;
    }
  if (f == NULL && v != NULL)
    problem (rd, r->line, _("a %s of ruleset “%s” has no %s"), mu_counter_kind_to_string (c->kind),
             rd->scenario->ruleset ? rd->scenario->ruleset : "", mu_oob_csv_column_name (&rd->layout, col));
  if (f == NULL || !parse_int (rd, r, map, col, &n))
    return;
  check_value (rd, r, c->kind, f->id, n);
  mu_counter_set_int (c, f->id, n);
}

static void
parse_placement (Reader           *rd,
                 const Record     *r,
                 const int        *map,
                 const MuScenario *s,
                 MuCounter        *c)
{
  g_autofree char *v = trimmed (r, map, COL_PLACEMENT);
  g_auto(GStrv) words = NULL;
  guint n;

  c->place.kind = MU_PLACE_NONE;
  if (v == NULL)
    return;
  words = g_strsplit_set (v, " \t", -1);
  /* drop empty words from repeated spaces */
  n = 0;
  for (guint i = 0; words[i]; i++)
    if (*words[i])
      words[n++] = words[i];
    else
      g_free (words[i]);
  words[n] = NULL;

  if (g_ascii_strcasecmp (words[0], "hex") == 0 && n == 2)
    {
      MuHex hex;

      if (!mu_hex_parse (words[1], &hex))
        problem (rd, r->line, _("placement “%s”: “%s” is not a hex like 0412"), v, words[1]);
      else if (s->board != MU_BOARD_HEX || !mu_hex_grid_contains (&s->hex_map->grid, hex))
        problem (rd, r->line, _("placement “%s”: hex %s is not on the board"), v, words[1]);
      else
        {
          c->place.kind = MU_PLACE_HEX;
          c->place.hex = hex;
        }
    }
  else if (g_ascii_strcasecmp (words[0], "table") == 0 && (n == 3 || n == 4))
    {
      double xyz[3] = { 0, 0, 0 };

      for (guint i = 1; i < n; i++)
        {
          char *end;

          xyz[i - 1] = g_ascii_strtod (words[i], &end);
          if (*end != '\0')
            {
              problem (rd, r->line, _("placement “%s”: “%s” is not a number"), v, words[i]);
              return;
            }
        }
      if (s->board != MU_BOARD_TABLE)
        problem (rd, r->line, _("placement “%s”: this scenario has a hex board"), v);
      else if (xyz[0] < 0 || xyz[1] < 0 || xyz[0] > s->table->width || xyz[1] > s->table->height)
        problem (rd, r->line, _("placement “%s” is off the table (%g × %g)"), v,
                 s->table->width, s->table->height);
      else if (xyz[2] < 0 || xyz[2] >= 360)
        problem (rd, r->line, _("placement “%s”: facing must be 0 to 359 degrees"), v);
      else
        {
          c->place.kind = MU_PLACE_TABLE;
          c->place.pos = (MuPoint) { xyz[0], xyz[1] };
          c->place.facing = xyz[2];
        }
    }
  else if (g_ascii_strcasecmp (words[0], "reserve") == 0 && n == 2)
    {
      const MuReserve *res = mu_scenario_find_reserve (s, words[1]);

      if (res == NULL)
        problem (rd, r->line, _("placement “%s”: the scenario has no reserve “%s”"), v, words[1]);
      else if (g_strcmp0 (res->side, c->side) != 0)
        problem (rd, r->line, _("placement “%s”: reserve “%s” belongs to side %s"), v, words[1],
                 res->side);
      else
        {
          c->place.kind = MU_PLACE_RESERVE;
          c->place.reserve = g_strdup (words[1]);
        }
    }
  else
    problem (rd, r->line, _("placement “%s” should be empty, “hex CCRR”, “table X Y FACING” or “reserve ID”"),
             v);
}

/* A unit's arm: one of the ruleset's arms (the format's four where it
 * declares none); infantry when the cell is empty. */
static void
parse_arm (Reader           *rd,
           const Record     *r,
           const int        *map,
           const MuScenario *s,
           MuCounter        *c)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  g_autofree char *arm = trimmed (r, map, COL_ARM);
  g_autofree char *lower = NULL;

  if (arm == NULL)
    {
      c->arm = MU_ARM_INFANTRY;
      return;
    }
  lower = g_ascii_strdown (arm, -1);
  if (!mu_counter_set_arm (ruleset, c, lower, NULL))
    {
      g_autofree char *words = mu_ruleset_arm_words (ruleset);

      problem (rd, r->line, _("arm “%s” should be %s"), arm, words);
    }
}

static MuCounter *
parse_counter (Reader           *rd,
               const Record     *r,
               const int        *map,
               const MuScenario *s,
               MuCounterKind     kind,
               const char       *id)
{
  MuCounter *c = mu_counter_new (kind, id, NULL);
  const MuCounter *old = old_counter (rd, id);
  g_autofree char *formation = NULL;
  gboolean has_strength;

  c->side = trimmed (r, map, COL_SIDE);
  c->parent = trimmed (r, map, COL_PARENT);
  c->name = g_strdup (*cell_of (r, map, COL_NAME) ? cell_of (r, map, COL_NAME) : NULL);
  c->note = g_strdup (*cell_of (r, map, COL_NOTE) ? cell_of (r, map, COL_NOTE) : NULL);
  c->line = r->line;
  if (old)
    {
      mu_extra_copy (&c->extra, &old->extra);   /* keep other tools' data */
      c->values = mu_values_copy (old->values);
    }
  if (c->side == NULL)
    problem (rd, r->line, _("%s “%s” has no side"), mu_counter_kind_to_string (kind), id);

  /* only the values the scenario's ruleset has are read; a cell given for
   * another is reported (parse_number, check_value); the columns in order,
   * so that a row's problems are said from left to right. The strength
   * column is the number the ruleset declares by its name. */
  has_strength = mu_edit_counter_number_range (s, kind, column_names[COL_STRENGTH], NULL, NULL);
  for (guint i = 0; i < rd->layout.n_cols; i++)
    {
      int k = rd->layout.order[i];

      if (k >= COL_NUMBER)
        parse_number (rd, r, map, k, c);
      else if ((k == COL_STAR && kind == MU_COUNTER_CONTROL) ||
               (k == COL_EXCEPTIONAL && kind == MU_COUNTER_COMMAND) ||
               (k == COL_FATIGUED && kind == MU_COUNTER_UNIT))
        parse_flag (rd, r, map, k, c);
      else if (k == COL_ABILITIES && kind == MU_COUNTER_UNIT)
        parse_words (rd, r, map, k, c);
      else if (k == COL_STRENGTH && kind == MU_COUNTER_UNIT &&
               (has_strength || *cell_of (r, map, COL_STRENGTH) != '\0') &&
               parse_int (rd, r, map, COL_STRENGTH, &c->strength))
        check_value (rd, r, kind, column_names[COL_STRENGTH], c->strength);
      else if (k == COL_ARM && kind == MU_COUNTER_UNIT)
        parse_arm (rd, r, map, s, c);
    }
  /* a strength the ruleset does not give the kind stays as it was (0 for a
   * new counter, as a file without it loads); the values held as values
   * were copied with the others */
  if (!has_strength)
    c->strength = old ? old->strength : 0;

  formation = trimmed (r, map, COL_FORMATION);
  if (formation)
    {
      g_autofree char *lower = g_ascii_strdown (formation, -1);
      g_autoptr(GError) error = NULL;

      /* where the ruleset lays formations out, the column is the unit's one
       * formation (its declared value, the attribute following), so that
       * what the sheet says is what the table shows */
      if (mu_oob_csv_formation_is_value (s, c))
        {
          const MuRuleset *ruleset = mu_ruleset_find (s->ruleset);

          /* the one export wrote: the unit stays as it was, an older file's
           * formation="limbered" too */
          if (old && old->kind == kind && g_strcmp0 (mu_counter_formation (ruleset, old), lower) == 0)
            {
              c->place.formation = old->place.formation;
              c->formation_word = g_strdup (old->formation_word);
            }
          else if (!mu_counter_set_formation (ruleset, c, lower, &error))
            problem (rd, r->line, "%s", error->message);
        }
      else if (mu_ruleset_formation_word_ok (s->ruleset ? mu_ruleset_find (s->ruleset) : NULL, lower))
        mu_counter_set_formation_word (c, lower);
      else
        {
          g_autofree char *words =
            mu_ruleset_formation_words (s->ruleset ? mu_ruleset_find (s->ruleset) : NULL);

          problem (rd, r->line, _("formation “%s” should be %s"), formation, words);
        }
    }
  if (c->side)
    parse_placement (rd, r, map, s, c);
  return c;
}

/* The cells of the ruleset's field columns (by_index: the header's column
 * → its MuFieldInfo, NULL for the fixed ones) into a side or a counter; an
 * empty cell leaves what the scenario had. */
static void
parse_field_cells (Reader          *rd,
                   const Record    *r,
                   const GPtrArray *by_index,
                   MuSide          *side,
                   MuCounter       *c)
{
  for (guint i = 0; i < by_index->len && i < r->fields->len; i++)
    {
      const MuFieldInfo *f = g_ptr_array_index (by_index, i);
      g_autofree char *text = f ? g_strstrip (g_strdup (r->fields->pdata[i])) : NULL;
      g_autofree char *why = NULL;
      g_autoptr(GError) error = NULL;

      if (text == NULL || *text == '\0')
        continue;
      if (side ? !mu_field_of_side (f) : !mu_field_applies (f, c->kind))
        problem (rd, r->line, _("%s is not a value of a %s"), f->id,
                 side ? _("side") : mu_counter_kind_to_string (c->kind));
      else if (side && (why = mu_field_check_value (f, text)) != NULL)
        problem (rd, r->line, "%s", why);
      else if (side)
        mu_values_set (&side->values, f->id, text);
      else if (!mu_counter_set_field (c, f, text, &error))
        problem (rd, r->line, "%s", error->message);
    }
}

/* The number of a unit that names the number of its command (MuFieldInfo.names:
 * baa's identity names a division), as the scenario's ruleset declares it. */
static const MuFieldInfo *
naming_field (const Reader      *rd,
              const MuFieldInfo *numbered)
{
  for (guint k = 0; k < rd->layout.n_numbers; k++)
    {
      const MuFieldInfo *f = mu_oob_csv_number_field (rd->scenario, &rd->layout, MU_COUNTER_UNIT,
                                                      COL_NUMBER + k);

      if (f && g_strcmp0 (f->names, numbered->id) == 0)
        return f;
    }
  return NULL;
}

/* Relations between rows, once every row is read. */
static void
check_tree (Reader     *rd,
            MuScenario *oob)
{
  g_autoptr(GHashTable) divisions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  /* the number a ruleset gives its commands (baa's division) and the one
   * that names it on a unit (identity), as it declares them; a ruleset
   * without them ties no counter to another by number */
  const MuRuleset *ruleset = rd->scenario->ruleset ? mu_ruleset_find (rd->scenario->ruleset) : NULL;
  const MuFieldInfo *numbered = mu_ruleset_numbered_field (ruleset, MU_COUNTER_COMMAND);
  const MuFieldInfo *naming = numbered ? naming_field (rd, numbered) : NULL;

  /* ids are unique here: a row with a used id was refused */
  for (guint i = 0; i < oob->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (oob->counters, i);

      g_hash_table_insert (by_id, c->id, c);
    }
  for (guint i = 0; i < oob->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (oob->counters, i);
      const MuCounter *parent;

      if (c->side && !mu_scenario_find_side (oob, c->side))
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint j = 0; j < oob->sides->len; j++)
            g_string_append_printf (known, "%s%s", j ? ", " : "",
                                    ((MuSide *) oob->sides->pdata[j])->id);
          problem (rd, c->line, _("side “%s” of “%s” is not a side (the sides are %s)"),
                   c->side, c->id, known->len ? known->str : _("none"));
          continue;
        }
      if (c->kind == MU_COUNTER_COMMAND && numbered)
        {
          /* Against the first command of the division only: each row once. */
          char *key = g_strdup_printf ("%d %s", mu_counter_get_int (c, numbered->id), c->side ? c->side : "");
          const MuCounter *o = g_hash_table_lookup (divisions, key);

          if (o != NULL)
            {
              problem (rd, c->line, _("division %d of side %s is already “%s” (line %d)"),
                       mu_counter_get_int (c, numbered->id), c->side, o->id, o->line);
              g_free (key);
            }
          else
            g_hash_table_insert (divisions, key, c);
        }
      if (c->parent == NULL)
        continue;
      parent = g_hash_table_lookup (by_id, c->parent);
      if (parent == NULL)
        problem (rd, c->line, _("parent “%s” of “%s” is not a counter of the file"),
                 c->parent, c->id);
      else if (c->kind == MU_COUNTER_CONTROL)
        problem (rd, c->line, _("control counter “%s” is the top of its tree and has no parent"),
                 c->id);
      else if (parent->kind != mu_scenario_parent_kind (oob, c->kind, c->side))
        problem (rd, c->line, _("“%s” is a %s counter; a %s serves under a %s counter"),
                 c->parent, mu_counter_kind_to_string (parent->kind),
                 mu_counter_kind_to_string (c->kind),
                 mu_counter_kind_to_string (mu_scenario_parent_kind (oob, c->kind, c->side)));
      else if (g_strcmp0 (parent->side, c->side) != 0)
        problem (rd, c->line, _("parent “%s” is on side %s, and “%s” on side %s"),
                 c->parent, parent->side, c->id, c->side);
      /* BAA-AMB-54: a unit directly under a control counter keeps its number. */
      else if (naming && c->kind == MU_COUNTER_UNIT && parent->kind == MU_COUNTER_COMMAND &&
               mu_counter_get_int (c, naming->id) != 0 &&
               mu_counter_get_int (c, naming->id) != mu_counter_get_int (parent, numbered->id))
        problem (rd, c->line, _("identity %d of “%s” does not match division %d of its parent “%s”"),
                 mu_counter_get_int (c, naming->id), c->id, mu_counter_get_int (parent, numbered->id),
                 c->parent);
    }
}

MuScenario *
mu_oob_csv_parse (const MuScenario *s,
                  const char       *data,
                  gsize             length,
                  const char       *filename,
                  GPtrArray        *problems,
                  GError          **error)
{
  Reader rd = { filename, problems, 0, s, NULL, { { NULL } } };
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(MuScenario) oob = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  int map[N_COLS];
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(GPtrArray) by_index = g_ptr_array_new (); /* header index → MuFieldInfo* or NULL */
  gboolean has_sides = FALSE;
  const Record *header;
  const char *bad_byte = NULL;

  g_return_val_if_fail (s != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);

  mu_oob_csv_layout_init (&rd.layout, s);
  columns = mu_oob_csv_field_columns (s, &rd.layout);

  if (mu_file_find_nul_line (data, length) > 0)
    {
      problem (&rd, (int) mu_file_find_nul_line (data, length),
               _("a NUL byte: the file is not CSV text; save it from the spreadsheet as “CSV UTF-8”"));
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("%s is not CSV text; nothing was imported"),
                   filename ? filename : _("the order of battle"));
      return NULL;
    }
  if (!g_utf8_validate (data, length, &bad_byte))
    {
      int line = 1;

      for (const char *q = data; q < bad_byte; q++)
        line += *q == '\n';
      problem (&rd, line, _("the file is not UTF-8 text; save it from the spreadsheet as “CSV UTF-8”"));
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("%s is not UTF-8 text; nothing was imported"),
                   filename ? filename : _("the order of battle"));
      return NULL;
    }

  records = split_records (&rd, data, length);
  if (records->len == 0)
    {
      problem (&rd, 1, _("the file is empty; it needs a header row (kind,id,side,…)"));
      goto out;
    }

  /* the header names the columns */
  header = g_ptr_array_index (records, 0);
  for (int i = 0; i < N_COLS; i++)
    map[i] = -1;
  for (guint i = 0; i < header->fields->len; i++)
    {
      g_autofree char *raw = g_strstrip (g_strdup (header->fields->pdata[i]));
      g_autofree char *name = g_ascii_strdown (raw, -1);
      int col = -1;

      for (guint k = 0; k < rd.layout.n_cols; k++)
        if (strcmp (name, mu_oob_csv_column_name (&rd.layout, rd.layout.order[k])) == 0 ||
            (rd.layout.order[k] == COL_COLOUR && strcmp (name, "color") == 0))
          col = rd.layout.order[k];
      g_ptr_array_add (by_index, NULL);
      for (guint k = 0; col < 0 && k < columns->len; k++)
        if (strcmp (name, ((const MuFieldInfo *) columns->pdata[k])->id) == 0)
          {
            gboolean twice = FALSE;

            for (guint j = 0; j + 1 < by_index->len; j++)
              twice = twice || by_index->pdata[j] == columns->pdata[k];
            if (twice)
              problem (&rd, header->line, _("column “%s” appears twice in the header row"), name);
            by_index->pdata[i] = columns->pdata[k];
            col = N_COLS;
          }
      if (col == N_COLS)
        continue;
      if (col < 0)
        problem (&rd, header->line, _("unknown column “%s” in the header row"),
                 (char *) header->fields->pdata[i]);
      else if (map[col] >= 0)
        problem (&rd, header->line, _("column “%s” appears twice in the header row"), name);
      else
        map[col] = (int) i;
    }
  if (map[COL_KIND] < 0 || map[COL_ID] < 0)
    {
      problem (&rd, header->line, _("the header row needs at least the columns kind and id"));
      goto out;
    }

  oob = mu_scenario_new ();
  for (guint i = 1; i < records->len; i++)
    {
      const Record *r = g_ptr_array_index (records, i);
      g_autofree char *kind = trimmed (r, map, COL_KIND);
      g_autofree char *id = trimmed (r, map, COL_ID);
      g_autoptr(GError) id_error = NULL;

      if (r->fields->len != header->fields->len)
        problem (&rd, r->line, _("this row has %u fields and the header row %u"),
                 r->fields->len, header->fields->len);
      {
        gboolean too_long = FALSE;

        /* A value the scenario format cannot hold would be written into a
         * file that no longer opens: refused here, and nothing written. */
        for (guint k = 0; k < r->fields->len; k++)
          if (mu_scenario_text_length (r->fields->pdata[k]) > MU_SCENARIO_MAX_TEXT)
            {
              problem (&rd, r->line, _("the value of column “%s” is too long: a scenario holds "
                                       "values of at most %d characters"),
                       k < header->fields->len ? (const char *) header->fields->pdata[k] : "?",
                       MU_SCENARIO_MAX_TEXT);
              too_long = TRUE;
            }
        if (too_long)
          continue;
      }
      if (!mu_edit_check_id (id, &id_error))
        {
          problem (&rd, r->line, "%s", id_error->message);
          continue;
        }
      if (g_hash_table_contains (ids, id))
        {
          problem (&rd, r->line, _("id “%s” is used twice"), id);
          continue;
        }

      if (kind && g_ascii_strcasecmp (kind, "side") == 0)
        {
          g_autofree char *colour = trimmed (r, map, COL_COLOUR);
          const char *name = cell_of (r, map, COL_NAME);
          guint32 rgb = 0x808080;
          MuSide *side;
          const MuSide *old = mu_scenario_find_side (s, id);

          if (colour)
            {
              char *end;
              const char *hex = colour[0] == '#' ? colour + 1 : colour;
              guint64 v = g_ascii_strtoull (hex, &end, 16);

              if (strlen (hex) != 6 || *end != '\0')
                problem (&rd, r->line, _("colour “%s” should be #RRGGBB"), colour);
              else
                rgb = (guint32) v;
            }
          else if (old)
            rgb = old->colour;
          side = mu_side_new (id, *name ? name : id, rgb);
          side->line = r->line;
          if (old)
            {
              mu_extra_copy (&side->extra, &old->extra);
              side->values = mu_values_copy (old->values);
            }
          parse_field_cells (&rd, r, by_index, side, NULL);
          g_ptr_array_add (oob->sides, side);
          g_hash_table_add (ids, side->id);
          has_sides = TRUE;
        }
      else if (kind && (g_ascii_strcasecmp (kind, "control") == 0 ||
                        g_ascii_strcasecmp (kind, "command") == 0 ||
                        g_ascii_strcasecmp (kind, "unit") == 0))
        {
          MuCounterKind k = g_ascii_strcasecmp (kind, "control") == 0 ? MU_COUNTER_CONTROL
                          : g_ascii_strcasecmp (kind, "command") == 0 ? MU_COUNTER_COMMAND
                          : MU_COUNTER_UNIT;

          MuCounter *c = parse_counter (&rd, r, map, s, k, id);

          parse_field_cells (&rd, r, by_index, NULL, c);
          g_ptr_array_add (oob->counters, c);
          g_hash_table_add (ids, c->id);
        }
      else
        {
          problem (&rd, r->line, _("kind “%s” should be side, control, command or unit"),
                   kind ? kind : "");
          continue;
        }
    }

  if (!has_sides)
    for (guint i = 0; i < s->sides->len; i++)
      {
        const MuSide *x = g_ptr_array_index (s->sides, i);
        MuSide *y = mu_side_new (x->id, x->name, x->colour);

        y->line = x->line;
        y->values = mu_values_copy (x->values);
        mu_extra_copy (&y->extra, &x->extra);
        g_ptr_array_add (oob->sides, y);
      }
  check_tree (&rd, oob);

out:
  g_clear_pointer (&rd.old_counters, g_hash_table_unref);
  if (rd.errors)
    {
      if (rd.errors > MAX_LISTED_PROBLEMS)
        g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                     _("%s: %u errors in the order of battle (the first %d are listed); "
                       "nothing was imported"),
                     filename ? filename : _("CSV"), rd.errors, MAX_LISTED_PROBLEMS);
      else
        g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%s: %u error in the order of battle; nothing was imported",
                                  "%s: %u errors in the order of battle; nothing was imported",
                                  rd.errors),
                     filename ? filename : _("CSV"), rd.errors);
      return NULL;
    }
  return g_steal_pointer (&oob);
}

gboolean
mu_oob_csv_import (MuEditHistory *history,
                   const char    *data,
                   gsize          length,
                   const char    *filename,
                   GPtrArray     *problems,
                   GError       **error)
{
  g_autoptr(MuScenario) oob = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  oob = mu_oob_csv_parse (mu_edit_history_get_scenario (history), data, length, filename,
                          problems, error);
  if (oob == NULL)
    return FALSE;
  /* Lines of the CSV are not lines of the scenario file: a later check of
   * the scenario must not name them. A counter or side the file had keeps
   * its line there; a new one has none. */
  {
    const MuScenario *s = mu_edit_history_get_scenario (history);
    g_autoptr(GHashTable) lines = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < s->counters->len; i++)
      {
        const MuCounter *c = g_ptr_array_index (s->counters, i);

        g_hash_table_insert (lines, c->id, GINT_TO_POINTER (c->line));
      }
    for (guint i = 0; i < oob->counters->len; i++)
      {
        MuCounter *c = g_ptr_array_index (oob->counters, i);

        c->line = GPOINTER_TO_INT (g_hash_table_lookup (lines, c->id));
      }
    for (guint i = 0; i < oob->sides->len; i++)
      {
        MuSide *side = g_ptr_array_index (oob->sides, i);
        const MuSide *old = mu_scenario_find_side (s, side->id);

        side->line = old ? old->line : 0;
      }
  }
  if (!mu_edit_replace_oob (history, oob, _("Import Order of Battle"), &local))
    {
      if (problems)
        g_ptr_array_add (problems, mu_problem_new (MU_PROBLEM_ERROR, filename, 0, "%s",
                                                   local->message));
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}
