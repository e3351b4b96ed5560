/* mu-hex.h: hex grid geometry for Muster boards
 *
 * Hexes are addressed as printed on the map: column and row, 1-based,
 * written CCRR ("0412" is column 4, row 12). Internally the geometry works in
 * axial coordinates (q, r) with the third cube coordinate s = -q - r.
 *
 * Flat-top board, columns 1..4, offset EVEN (even printed columns half a hex down):
 *
 *      ____        ____
 *     /0101\____  /0301\____
 *     \____/0201\ \____/0401\
 *     /0102\____/ /0302\____/
 *     \____/0202\ \____/0402\
 *          \____/      \____/
 *
 * With offset ODD the odd printed columns are the lowered ones. A pointy-top
 * board does the same with rows: offset EVEN pushes even rows half a hex right.
 *
 * Directions are numbered 0..5 clockwise. They are the same axial steps on both
 * orientations, only their compass names differ:
 *
 *   dir  axial step   flat-top  pointy-top
 *    0   ( 0, -1)     N         NW
 *    1   (+1, -1)     NE        NE
 *    2   (+1,  0)     SE        E
 *    3   ( 0, +1)     S         SE
 *    4   (-1, +1)     SW        SW
 *    5   (-1,  0)     NW        W
 *
 * Hexside d of a hex is the edge it shares with its neighbour in direction d, so
 * hexside d of A is hexside (d + 3) % 6 of that neighbour. The canonical name of
 * a hexside uses directions 0..2 only (mu_hexside_canonical()).
 *
 * Pixel frame: the board's bounding box starts at (0, 0), x to the right and y
 * down; `size` is the distance from a hex centre to a corner.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  MU_HEX_FLAT_TOP,
  MU_HEX_POINTY_TOP,
} MuHexOrientation;

typedef enum {
  MU_HEX_OFFSET_ODD,  /* odd printed columns (flat) / rows (pointy) are shifted */
  MU_HEX_OFFSET_EVEN, /* even printed columns / rows are shifted */
} MuHexOffset;

/* A hex as printed on the map: 1-based column and row. */
typedef struct {
  int col;
  int row;
} MuHex;

typedef struct {
  int q;
  int r;
} MuAxial;

typedef struct {
  int cols;
  int rows;
  MuHexOrientation orientation;
  MuHexOffset offset;
} MuHexGrid;

/* A hexside in canonical form: dir is 0, 1 or 2. hex may lie one step off the board. */
typedef struct {
  MuHex hex;
  int dir;
} MuHexside;

#define MU_HEX_DIRECTIONS 6
#define MU_HEX_NONE ((MuHex) { 0, 0 })

static inline gboolean
mu_hex_equal (MuHex a, MuHex b)
{
  return a.col == b.col && a.row == b.row;
}

gboolean     mu_hex_grid_contains     (const MuHexGrid *grid, MuHex hex);
MuAxial      mu_hex_to_axial          (const MuHexGrid *grid, MuHex hex);
MuHex        mu_hex_from_axial        (const MuHexGrid *grid, MuAxial a);
int          mu_hex_distance          (const MuHexGrid *grid, MuHex a, MuHex b);
/* A lower bound of mu_hex_distance() on any grid, without conversions: a
 * step changes the column and the row by one at most, so the distance is at
 * least the larger difference. For "farther than N?" tests on many pairs. */
static inline int
mu_hex_distance_at_least (MuHex a, MuHex b)
{
  return MAX (ABS (a.col - b.col), ABS (a.row - b.row));
}
int          mu_axial_distance        (MuAxial a, MuAxial b);
/* The neighbour in direction dir (0..5); may be off the board. */
MuHex        mu_hex_neighbour         (const MuHexGrid *grid, MuHex hex, int dir);
/* The direction from a to b when they are adjacent, else -1. */
int          mu_hex_direction_to      (const MuHexGrid *grid, MuHex a, MuHex b);
MuHexside    mu_hexside_canonical     (const MuHexGrid *grid, MuHex hex, int dir);
/* The two hexes a hexside separates (either may be off the board). */
void         mu_hexside_hexes         (const MuHexGrid *grid, MuHexside side, MuHex *a, MuHex *b);
const char  *mu_hex_direction_name    (const MuHexGrid *grid, int dir);
int          mu_hex_direction_from_name (const MuHexGrid *grid, const char *name);

/* The printed label: "CCRR", two digits each; boards with more than 99 columns
 * or rows use three digits each ("104007"). Returns a newly allocated string. */
char        *mu_hex_to_string         (const MuHexGrid *grid, MuHex hex);
/* Parses "CCRR" or "CCCRRR" (even length, halves are column and row) or "C,R". */
gboolean     mu_hex_parse             (const char *text, MuHex *hex);
/* Writes the printed label into buf (at least 8 bytes). */
void         mu_hex_format            (const MuHexGrid *grid, MuHex hex, char *buf, gsize len);

/* Pixel geometry. */
void         mu_hex_grid_pixel_size   (const MuHexGrid *grid, double size, double *width, double *height);
void         mu_hex_center            (const MuHexGrid *grid, double size, MuHex hex, double *x, double *y);
/* Corner k (0..5) of a hex; corners k and k+1 bound hexside... see mu_hexside_endpoints. */
void         mu_hex_corner            (const MuHexGrid *grid, double size, MuHex hex, int k, double *x, double *y);
void         mu_hexside_endpoints     (const MuHexGrid *grid, double size, MuHex hex, int dir,
                                       double *x1, double *y1, double *x2, double *y2);
/* The hex under a pixel (may be off the board: check mu_hex_grid_contains()). */
MuHex        mu_hex_at_pixel          (const MuHexGrid *grid, double size, double x, double y);
/* The hexside of the hex under the pixel nearest to the pixel, as (hex, dir 0..5);
 * *distance receives the pixel distance to that hexside's midpoint line. */
int          mu_hex_nearest_side      (const MuHexGrid *grid, double size, double x, double y,
                                       MuHex *hex, double *distance);

/* One hex of a hex line. When the line runs exactly along a hexside at this
 * step, along_side is TRUE and hex/alt are the two hexes sharing that hexside. */
typedef struct {
  MuHex hex;
  MuHex alt;
  gboolean along_side;
} MuHexLineStep;

/* The hexes on the straight line between the centres of a and b, a first and
 * b last. Returns a new array of MuHexLineStep (free with g_array_unref). */
GArray      *mu_hex_line              (const MuHexGrid *grid, MuHex a, MuHex b);

G_END_DECLS
