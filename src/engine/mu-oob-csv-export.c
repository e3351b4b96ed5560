/* mu-oob-csv-export.c: the order of battle as CSV for a spreadsheet (see
 * mu-oob-csv.h); reading it back is mu-oob-csv.c */
#define G_LOG_DOMAIN "muster-oob-csv"

#include "config.h"

#include "mu-oob-csv.h"

#include "mu-edit.h"
#include "mu-oob-csv-private.h"
#include "mu-ruleset.h"
#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Export --------------------------------------------------------------------------- */

/* A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage
 * return before one) as a formula: such values are written behind a guard
 * apostrophe, which spreadsheets show as text, and the import takes it off.
 * Values that already start with apostrophes before such a character get
 * one more, so every value reads back exactly as it was written. */
gboolean
mu_oob_csv_needs_formula_guard (const char *value)
{
  while (*value == '\'')
    value++;
  return *value != '\0' && strchr ("=+-@\t\r", *value) != NULL;
}

static void
append_field (GString    *out,
              const char *value,
              gboolean    first)
{
  g_autofree char *guarded = NULL;
  gsize len;

  if (!first)
    g_string_append_c (out, ',');
  if (value == NULL || *value == '\0')
    return;
  if (mu_oob_csv_needs_formula_guard (value))
    value = guarded = g_strconcat ("'", value, NULL);
  len = strlen (value);
  if (strpbrk (value, ",\"\r\n") == NULL && value[0] != ' ' && value[len - 1] != ' ')
    {
      g_string_append (out, value);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = value; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The layout's columns in their order, then one per field of the
 * ruleset's own (extra). */
static void
append_row (GString              *out,
            const MuOobCsvLayout *layout,
            char                **fields,
            const GPtrArray      *extra)
{
  for (guint i = 0; i < layout->n_cols; i++)
    append_field (out, fields[layout->order[i]], i == 0);
  for (guint i = 0; extra && i < extra->len; i++)
    append_field (out, g_ptr_array_index (extra, i), FALSE);
  g_string_append (out, "\r\n");
}

/* The scenario's ruleset; format 1's first, baa-hex, when it names none
 * Muster knows (as the format reads such a file). */
static const MuRuleset *
ruleset_of (const MuScenario *s)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;

  return ruleset ? ruleset : mu_ruleset_find ("baa-hex");
}

/* Whether the field is a whole number the sheet gives a place of its own
 * among the layout's columns. */
static gboolean
is_placed_number (const MuFieldInfo *f)
{
  return f->csv_column > 0 && mu_field_is_attribute_number (f);
}

void
mu_oob_csv_layout_init (MuOobCsvLayout   *layout,
                        const MuScenario *s)
{
  const MuRuleset *ruleset = ruleset_of (s);
  guint fixed = 0;

  memset (layout, 0, sizeof *layout);
  for (int pass = 0; pass < 2 && layout->n_numbers == 0; pass++)
    {
      /* a ruleset that places no number has format 1's columns */
      if (pass == 1)
        ruleset = mu_ruleset_find ("baa-hex");
      for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
        if (is_placed_number (&ruleset->fields[i]))
          {
            const MuFieldInfo *f = &ruleset->fields[i];
            guint k = layout->n_numbers;

            g_return_if_fail (k < MU_OOB_CSV_MAX_NUMBERS);
            /* by their places; equal places in declaration order */
            while (k > 0 && layout->numbers[k - 1]->csv_column > f->csv_column)
              {
                layout->numbers[k] = layout->numbers[k - 1];
                k--;
              }
            layout->numbers[k] = f;
            layout->n_numbers++;
          }
    }
  /* each number at its place (or the next free one), the other columns
   * in their order around them */
  for (guint n = 0; fixed < N_FIXED_COLS || n < layout->n_numbers;)
    {
      if (n < layout->n_numbers &&
          (fixed == N_FIXED_COLS || (guint) layout->numbers[n]->csv_column <= layout->n_cols + 1))
        {
          layout->order[layout->n_cols++] = COL_NUMBER + n;
          n++;
        }
      else
        layout->order[layout->n_cols++] = fixed++;
    }
}

const char *
mu_oob_csv_column_name (const MuOobCsvLayout *layout,
                        int                   col)
{
  if (col >= COL_NUMBER)
    return layout->numbers[col - COL_NUMBER]->id;
  return column_names[col];
}

const MuFieldInfo *
mu_oob_csv_flag_field (const MuScenario *s,
                       MuCounterKind     kind,
                       Column            col,
                       MuFieldType       type)
{
  const MuFieldInfo *f = mu_ruleset_find_field (ruleset_of (s), column_names[col]);

  return f && f->type == type && mu_field_applies (f, kind) ? f : NULL;
}

const MuFieldInfo *
mu_oob_csv_number_field (const MuScenario     *s,
                         const MuOobCsvLayout *layout,
                         MuCounterKind         kind,
                         int                   col)
{
  const MuFieldInfo *f;

  if (col < COL_NUMBER || (guint) (col - COL_NUMBER) >= layout->n_numbers)
    return NULL;
  /* the scenario's ruleset's declaration of the number the column names */
  f = mu_ruleset_find_field (ruleset_of (s), layout->numbers[col - COL_NUMBER]->id);
  return f && f->type == MU_FIELD_INT && mu_field_applies (f, kind) &&
         mu_field_is_attribute_number (f) ? f : NULL;
}

/* A number column's cell: the counter's number, or the ruleset's word for
 * 0 in capitals (a unit of no division: STAR), as a sheet shows a mark
 * apart from the numbers. Newly allocated. */
static char *
number_cell (const MuCounter   *c,
             const MuFieldInfo *f)
{
  int n = mu_counter_get_int (c, f->id);

  if (n == 0 && f->zero_word)
    return g_ascii_strup (f->zero_word, -1);
  return g_strdup_printf ("%d", n);
}

/* A yes/no column's cell: "yes" when the counter's flag is on (static). */
static char *
flag_cell (const MuScenario *s,
           const MuCounter  *c,
           Column            col)
{
  const MuFieldInfo *f = mu_oob_csv_flag_field (s, c->kind, col, MU_FIELD_FLAG);

  return f && mu_counter_get_flag (c, f->id) ? (char *) "yes" : NULL;
}

GPtrArray *
mu_oob_csv_field_columns (const MuScenario     *s,
                          const MuOobCsvLayout *layout)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  GPtrArray *columns = g_ptr_array_new ();

  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      gboolean fixed = FALSE;

      for (guint k = 0; k < layout->n_cols; k++)
        fixed = fixed || strcmp (mu_oob_csv_column_name (layout, layout->order[k]), f->id) == 0;
      /* the format writes other attributes in a fixed column, or in none;
       * a declared attribute number without a place is only the ruleset's */
      if (!fixed && (!mu_field_is_attribute (f) || mu_field_is_attribute_number (f)))
        g_ptr_array_add (columns, (gpointer) f);
    }
  return columns;
}

/* A row's cells of the field columns (of char*, NULL where the field does
 * not apply); side NULL for a counter's row. */
static GPtrArray *
field_cells (const GPtrArray *columns,
             const MuSide    *side,
             const MuCounter *c)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < columns->len; i++)
    {
      const MuFieldInfo *f = g_ptr_array_index (columns, i);

      if (side)
        g_ptr_array_add (cells, mu_field_of_side (f) ? g_strdup (mu_values_get (side->values, f->id))
                                                     : NULL);
      else
        g_ptr_array_add (cells, mu_field_applies (f, c->kind) ? mu_counter_get_field (c, f) : NULL);
    }
  return cells;
}

static char *
format_double (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.10g", value));
}

static char *
placement_to_string (const MuScenario *s,
                     const MuCounter  *c)
{
  char buf[16];

  switch (c->place.kind)
    {
    case MU_PLACE_HEX:
      if (s->hex_map)
        mu_hex_format (&s->hex_map->grid, c->place.hex, buf, sizeof buf);
      else
        g_snprintf (buf, sizeof buf, "%d,%d", c->place.hex.col, c->place.hex.row);
      return g_strdup_printf ("hex %s", buf);
    case MU_PLACE_TABLE:
      {
        g_autofree char *x = format_double (c->place.pos.x);
        g_autofree char *y = format_double (c->place.pos.y);
        g_autofree char *f = format_double (c->place.facing);

        return g_strdup_printf ("table %s %s %s", x, y, f);
      }
    case MU_PLACE_RESERVE:
      return g_strdup_printf ("reserve %s", c->place.reserve ? c->place.reserve : "");
    case MU_PLACE_NONE:
    default:
      return NULL;
    }
}

gboolean
mu_oob_csv_formation_is_value (const MuScenario *s,
                        const MuCounter  *c)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;

  return mu_ruleset_has_formation_value (ruleset) &&
         mu_field_applies (mu_ruleset_find_field (ruleset, "formation"), c->kind);
}

char *
mu_oob_csv_export (const MuScenario *s,
                   gsize            *length)
{
  GString *out = g_string_new (NULL);
  MuOobCsvLayout layout;
  char *header[N_COLS] = { NULL };
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_return_val_if_fail (s != NULL, NULL);

  mu_oob_csv_layout_init (&layout, s);
  columns = mu_oob_csv_field_columns (s, &layout);
  for (guint i = 0; i < layout.n_cols; i++)
    header[layout.order[i]] = (char *) mu_oob_csv_column_name (&layout, layout.order[i]);
  for (guint i = 0; i < columns->len; i++)
    g_ptr_array_add (names, (gpointer) ((const MuFieldInfo *) columns->pdata[i])->id);
  append_row (out, &layout, header, names);

  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      char *f[N_COLS] = { NULL };
      g_autofree char *colour = g_strdup_printf ("#%06x", side->colour & 0xffffff);

      f[COL_KIND] = "side";
      f[COL_ID] = side->id;
      f[COL_NAME] = side->name;
      f[COL_COLOUR] = colour;
      {
        g_autoptr(GPtrArray) cells = field_cells (columns, side, NULL);

        append_row (out, &layout, f, cells);
      }
    }

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      char *f[N_COLS] = { NULL };
      char *numbers[MU_OOB_CSV_MAX_NUMBERS] = { NULL };
      g_autofree char *strength = NULL;
      g_autofree char *placement = placement_to_string (s, c);
      g_autoptr(GString) abilities = g_string_new (NULL);

      f[COL_KIND] = (char *) mu_counter_kind_to_string (c->kind);
      f[COL_ID] = c->id;
      f[COL_SIDE] = c->side;
      f[COL_PARENT] = c->parent;
      f[COL_NAME] = c->name;
      /* the numbers the ruleset declares for the counter's kind */
      for (guint k = 0; k < layout.n_numbers; k++)
        {
          const MuFieldInfo *number = mu_oob_csv_number_field (s, &layout, c->kind, COL_NUMBER + k);

          if (number)
            f[COL_NUMBER + k] = numbers[k] = number_cell (c, number);
        }
      f[COL_STAR] = flag_cell (s, c, COL_STAR);
      f[COL_EXCEPTIONAL] = flag_cell (s, c, COL_EXCEPTIONAL);
      if (c->kind == MU_COUNTER_UNIT)
        f[COL_ARM] = (char *) (mu_counter_arm_word (c) ? mu_counter_arm_word (c)
                                                       : mu_arm_to_string (MU_ARM_INFANTRY));
      /* the number the ruleset declares by the column's name */
      if (mu_edit_counter_number_range (s, c->kind, column_names[COL_STRENGTH], NULL, NULL))
        f[COL_STRENGTH] = strength = g_strdup_printf ("%d", c->strength);
      if (mu_oob_csv_flag_field (s, c->kind, COL_ABILITIES, MU_FIELD_FLAGS) &&
          mu_values_get (c->values, column_names[COL_ABILITIES]) != NULL)
        g_string_append (abilities, mu_values_get (c->values, column_names[COL_ABILITIES]));
      f[COL_ABILITIES] = abilities->len ? abilities->str : NULL;
      f[COL_FATIGUED] = flag_cell (s, c, COL_FATIGUED);
      /* a unit's formation where its ruleset lays formations out: the one
       * its stands take (its declared value, else the older attribute),
       * which import sets as that value */
      if (mu_oob_csv_formation_is_value (s, c))
        f[COL_FORMATION] = (char *) mu_counter_formation (mu_ruleset_find (s->ruleset), c);
      else
        f[COL_FORMATION] = (char *) (mu_counter_formation_word (c) ? mu_counter_formation_word (c)
                                     : mu_formation_to_string (MU_FORMATION_LINE));
      f[COL_PLACEMENT] = placement;
      f[COL_NOTE] = c->note;
      {
        g_autoptr(GPtrArray) cells = field_cells (columns, NULL, c);

        append_row (out, &layout, f, cells);
      }
      for (guint k = 0; k < layout.n_numbers; k++)
        g_free (numbers[k]);
    }

  if (length)
    *length = out->len;
  return g_string_free (out, FALSE);
}
