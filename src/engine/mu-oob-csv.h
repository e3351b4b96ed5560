/* mu-oob-csv.h: orders of battle as CSV, for designers who keep them in spreadsheets
 *
 * One header row, then one row per side and per counter, in document order
 * (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold a
 * comma, a quote, a line break or edge spaces). Columns, by header name (any
 * order on import; unknown columns are an error, missing ones are empty).
 * The whole numbers among them (Brothers at Arms' leadership, division,
 * identity, range and attack) are the ruleset's declarations, each where
 * its csv_column puts it; a ruleset that places none has format 1's, as
 * baa-hex declares them. Then a column per other value the ruleset
 * declares, named by its id:
 *
 *   kind         side, control, command, unit
 *   id           stable id (letters, digits, - _ .)
 *   side         the counter's side id (empty on side rows)
 *   parent       superior counter id, empty for none (a STAR unit)
 *   name         display name
 *   leadership   control, command: 1..6
 *   star         control: yes or empty
 *   exceptional  command: yes or empty
 *   division     command: 1..99
 *   identity     unit: its division number, or STAR
 *   arm          unit: infantry, cavalry, artillery, riverboat
 *   range attack strength   unit values (BAA §1.2)
 *   abilities    unit: space-separated indomitable, sharpshooter
 *   fatigued     unit: yes or empty
 *   colour       side rows: #RRGGBB
 *   formation    line, column, skirmish, limbered; a unit of a ruleset that
 *                declares its formations and a formation value (baa-table):
 *                one of those, the formation its stands take (that value)
 *   placement    empty, "hex CCRR", "table X Y FACING", or "reserve ID"
 *   note         historical note
 *
 * When the file has side rows they replace the scenario's sides; without any,
 * the scenario's sides stay. Counters keep the extension data of the counter
 * with the same id. Export, import and export again gives the same bytes.
 */
#pragma once

#include "mu-edit.h"
#include "mu-problem.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

/* Newly allocated CSV text of the scenario's sides and counters. */
char       *mu_oob_csv_export (const MuScenario *scenario, gsize *length);

/* Parses CSV against `scenario` (for its board, reserves and sides) into a new
 * scenario holding only the resulting sides and counters. Every problem goes
 * to `problems` as "FILE:LINE: error: …"; returns NULL when there are errors,
 * with a one-line summary in `error`. */
MuScenario *mu_oob_csv_parse  (const MuScenario *scenario, const char *data, gsize length,
                               const char *filename, GPtrArray *problems, GError **error);

/* Parses and replaces the order of battle in one undoable step ("Import Order
 * of Battle"); on any error nothing changes. */
gboolean    mu_oob_csv_import (MuEditHistory *history, const char *data, gsize length,
                               const char *filename, GPtrArray *problems, GError **error);

G_END_DECLS
