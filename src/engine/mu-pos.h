/* mu-pos.h: a position in a match, on any board
 *
 * A hex on hex boards; on tables a point in table units, with a facing in
 * degrees when it is a pose (TAB-5: the midpoint of a unit's front edge,
 * 0 = towards the top edge of the table, clockwise).
 *
 * Text (commands, saved matches, event and state lines):
 *   hex    CCRR: column and row with the same number of digits, at least two
 *          each ("0412", "104007", "10000005" for column 1000, row 5)
 *   point  @X,Y with two decimals of the table unit ("@12.50,3.00", TAB-3)
 *   pose   @X,Y/F, the facing with one decimal of a degree ("@12.50,3.00/90.0")
 * Parsing rounds to that precision, so parse(format(p)) == p for every
 * position that parses, and a replay is exact (TAB-3).
 */
#pragma once

#include <glib.h>

#include "mu-hex.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct {
  gboolean is_point;
  MuHex hex;              /* !is_point */
  MuPoint point;          /* is_point: table units, rounded to 0.01 */
  gboolean has_facing;    /* is_point and a facing is given */
  double facing;          /* degrees in [0, 360), rounded to 0.1 */
} MuPos;

/* The largest coordinate a table point may have in text (table units). */
#define MU_POS_MAX_COORD 100000.0

MuPos     mu_pos_from_hex  (MuHex hex);
/* Rounds to the text's precision; facing < 0 (or NaN) means none. */
MuPos     mu_pos_from_point (double x, double y, double facing);
gboolean  mu_pos_equal     (const MuPos *a, const MuPos *b);
/* FALSE for the zero MuPos (no hex 0000, no point): "no position". */
gboolean  mu_pos_is_set    (const MuPos *pos);

/* The text form (see above) into buf; "-" for a hex outside the numbering. */
void      mu_pos_format    (const MuPos *pos, char *buf, gsize len);
char     *mu_pos_to_string (const MuPos *pos);
/* Parses a hex label or a table point; FALSE when the text is neither. */
gboolean  mu_pos_parse     (const char *text, MuPos *pos);

/* Does the position fit the scenario's board? A hex may also be the one
 * just beyond an edge (column or row 0, or one past the last: where a move
 * leaves the board, BAA-VIC-4); a point must lie on the table. FALSE with
 * MU_ERROR_PARSE and a message naming the position and the board. */
gboolean  mu_pos_fits      (const MuPos *pos, const MuScenario *scenario, GError **error);

G_END_DECLS
