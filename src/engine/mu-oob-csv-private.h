/* mu-oob-csv-private.h: shared by the CSV export (mu-oob-csv-export.c) and
 * import (mu-oob-csv.c); not installed */
#pragma once

#include <glib.h>

#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef enum {
  COL_KIND, COL_ID, COL_SIDE, COL_PARENT, COL_NAME, COL_LEADERSHIP, COL_STAR,
  COL_EXCEPTIONAL, COL_DIVISION, COL_IDENTITY, COL_ARM, COL_RANGE, COL_ATTACK,
  COL_STRENGTH, COL_ABILITIES, COL_FATIGUED, COL_COLOUR, COL_FORMATION,
  COL_PLACEMENT, COL_NOTE, N_COLS
} Column;

static const char *const column_names[N_COLS] G_GNUC_UNUSED = {
  "kind", "id", "side", "parent", "name", "leadership", "star", "exceptional",
  "division", "identity", "arm", "range", "attack", "strength", "abilities",
  "fatigued", "colour", "formation", "placement", "note",
};

/* The fixed columns that hold a whole number of the counter (format 1's
 * number attributes): each is the number the scenario's ruleset declares
 * by the column's name (mu_oob_csv_number_field), empty where it declares
 * none; which numbers there are, their ranges and their word for 0 are the
 * ruleset's. */
static const gboolean column_is_number[N_COLS] G_GNUC_UNUSED = {
  [COL_LEADERSHIP] = TRUE, [COL_DIVISION] = TRUE, [COL_IDENTITY] = TRUE,
  [COL_RANGE] = TRUE, [COL_ATTACK] = TRUE,
};

/* The fields the scenario's ruleset declares beyond the fixed columns
 * (of const MuFieldInfo*): a column each, named by the field's id; a
 * number declared as an attribute included. */
GPtrArray *mu_oob_csv_field_columns (const MuScenario *s);
/* The value a fixed column names (star, exceptional, fatigued, abilities)
 * as the scenario's ruleset declares it for a counter of the kind, of the
 * type asked, NULL when that counter has no such value. */
const MuFieldInfo *mu_oob_csv_flag_field (const MuScenario *s, MuCounterKind kind, Column col,
                                          MuFieldType type);
/* The whole number a number column names (column_is_number) as the
 * scenario's ruleset declares it for a counter of the kind: held as the
 * counter's value and written as its attribute (mu_field_is_attribute_number);
 * NULL when that counter has none. */
const MuFieldInfo *mu_oob_csv_number_field (const MuScenario *s, MuCounterKind kind, Column col);
/* Whether the counter's `formation` column is its declared formation value
 * (mu_ruleset_has_formation_value) rather than the format's attribute. */
gboolean   mu_oob_csv_formation_is_value (const MuScenario *s, const MuCounter *c);

/* Whether a spreadsheet would run the value as a formula (=, +, -, @ first,
 * after any apostrophes): it is written behind one more apostrophe. */
gboolean   mu_oob_csv_needs_formula_guard (const char *value);

G_END_DECLS
