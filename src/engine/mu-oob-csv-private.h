/* mu-oob-csv-private.h: shared by the CSV export (mu-oob-csv-export.c) and
 * import (mu-oob-csv.c); not installed */
#pragma once

#include <glib.h>

#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

/* The sheet's columns that no declaration places: the format's own
 * (kind, id, side, parent, name, arm, colour, formation, placement, note)
 * and those that are read as the declaration of their name (star,
 * exceptional, strength, abilities, fatigued), in the sheet's order. The
 * whole numbers with a declared place (MuFieldInfo.csv_column) come
 * between them: COL_NUMBER + k is the layout's k-th. */
typedef enum {
  COL_KIND, COL_ID, COL_SIDE, COL_PARENT, COL_NAME, COL_STAR, COL_EXCEPTIONAL,
  COL_ARM, COL_STRENGTH, COL_ABILITIES, COL_FATIGUED, COL_COLOUR, COL_FORMATION,
  COL_PLACEMENT, COL_NOTE, N_FIXED_COLS,
  COL_NUMBER = N_FIXED_COLS,
} Column;

#define MU_OOB_CSV_MAX_NUMBERS 16
#define N_COLS (N_FIXED_COLS + MU_OOB_CSV_MAX_NUMBERS)

static const char *const column_names[N_FIXED_COLS] G_GNUC_UNUSED = {
  "kind", "id", "side", "parent", "name", "star", "exceptional", "arm", "strength",
  "abilities", "fatigued", "colour", "formation", "placement", "note",
};

/* The sheet's columns before the ruleset's own: the numbers that the
 * scenario's ruleset places among them (a whole number written as an
 * attribute with a csv_column; a ruleset that places none, or one Muster
 * does not know, is laid out as format 1's first, baa-hex, so that every
 * sheet has the same columns), and the order of all of them. */
typedef struct {
  const MuFieldInfo *numbers[MU_OOB_CSV_MAX_NUMBERS];
  guint n_numbers;
  int order[N_COLS];       /* Column, left to right */
  guint n_cols;
} MuOobCsvLayout;

void        mu_oob_csv_layout_init   (MuOobCsvLayout *layout, const MuScenario *s);
/* A column's name in the header row. */
const char *mu_oob_csv_column_name   (const MuOobCsvLayout *layout, int col);

/* The fields the scenario's ruleset declares beyond the layout's columns
 * (of const MuFieldInfo*): a column each after them, named by the field's
 * id; a number declared as an attribute without a place included. */
GPtrArray *mu_oob_csv_field_columns (const MuScenario *s, const MuOobCsvLayout *layout);
/* The value a fixed column names (star, exceptional, fatigued, abilities)
 * as the scenario's ruleset declares it for a counter of the kind, of the
 * type asked, NULL when that counter has no such value. */
const MuFieldInfo *mu_oob_csv_flag_field (const MuScenario *s, MuCounterKind kind, Column col,
                                          MuFieldType type);
/* The whole number a number column (COL_NUMBER + k) names as the
 * scenario's ruleset declares it for a counter of the kind: held as the
 * counter's value and written as its attribute (mu_field_is_attribute_number);
 * NULL when that counter has none, or col is no number column. */
const MuFieldInfo *mu_oob_csv_number_field (const MuScenario *s, const MuOobCsvLayout *layout,
                                            MuCounterKind kind, int col);
/* Whether the counter's `formation` column is its declared formation value
 * (mu_ruleset_has_formation_value) rather than the format's attribute. */
gboolean   mu_oob_csv_formation_is_value (const MuScenario *s, const MuCounter *c);

/* Whether a spreadsheet would run the value as a formula (=, +, -, @ first,
 * after any apostrophes): it is written behind one more apostrophe. */
gboolean   mu_oob_csv_needs_formula_guard (const char *value);

G_END_DECLS
