#define G_LOG_DOMAIN "muster-hex"

#include "config.h"

#include "mu-hex.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const MuAxial directions[MU_HEX_DIRECTIONS] = {
  { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
};

#define SQRT3 1.7320508075688772

gboolean
mu_hex_grid_contains (const MuHexGrid *grid,
                      MuHex            hex)
{
  return hex.col >= 1 && hex.row >= 1 && hex.col <= grid->cols && hex.row <= grid->rows;
}

/* Whether a 0-based column (flat) or row (pointy) index is one of the shifted ones. */
static inline gboolean
is_shifted (const MuHexGrid *grid,
            int              index0)
{
  int printed = index0 + 1;
  gboolean even = (printed % 2) == 0;
  return grid->offset == MU_HEX_OFFSET_EVEN ? even : !even;
}

/* floor division by 2 that works for negative numbers */
static inline int
floor_half (int v)
{
  return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

MuAxial
mu_hex_to_axial (const MuHexGrid *grid,
                 MuHex            hex)
{
  int x = hex.col - 1;
  int y = hex.row - 1;
  MuAxial a;

  /* A shifted line sits half a hex further along, so the axial coordinate of the
   * other axis drops by one extra step every two lines. */
  if (grid->orientation == MU_HEX_FLAT_TOP)
    {
      int shift = is_shifted (grid, 0) ? 1 : 0;
      a.q = x;
      a.r = y - floor_half (x + shift);
    }
  else
    {
      int shift = is_shifted (grid, 0) ? 1 : 0;
      a.r = y;
      a.q = x - floor_half (y + shift);
    }
  return a;
}

MuHex
mu_hex_from_axial (const MuHexGrid *grid,
                   MuAxial          a)
{
  MuHex h;

  if (grid->orientation == MU_HEX_FLAT_TOP)
    {
      int shift = is_shifted (grid, 0) ? 1 : 0;
      h.col = a.q + 1;
      h.row = a.r + floor_half (a.q + shift) + 1;
    }
  else
    {
      int shift = is_shifted (grid, 0) ? 1 : 0;
      h.row = a.r + 1;
      h.col = a.q + floor_half (a.r + shift) + 1;
    }
  return h;
}

int
mu_axial_distance (MuAxial a,
                   MuAxial b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;
  int ds = -dq - dr;
  return (ABS (dq) + ABS (dr) + ABS (ds)) / 2;
}

int
mu_hex_distance (const MuHexGrid *grid,
                 MuHex            a,
                 MuHex            b)
{
  return mu_axial_distance (mu_hex_to_axial (grid, a), mu_hex_to_axial (grid, b));
}

MuHex
mu_hex_neighbour (const MuHexGrid *grid,
                  MuHex            hex,
                  int              dir)
{
  MuAxial a;

  g_return_val_if_fail (dir >= 0 && dir < MU_HEX_DIRECTIONS, hex);

  a = mu_hex_to_axial (grid, hex);
  a.q += directions[dir].q;
  a.r += directions[dir].r;
  return mu_hex_from_axial (grid, a);
}

int
mu_hex_direction_to (const MuHexGrid *grid,
                     MuHex            from,
                     MuHex            to)
{
  MuAxial a = mu_hex_to_axial (grid, from);
  MuAxial b = mu_hex_to_axial (grid, to);

  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    if (a.q + directions[d].q == b.q && a.r + directions[d].r == b.r)
      return d;
  return -1;
}

MuHexside
mu_hexside_canonical (const MuHexGrid *grid,
                      MuHex            hex,
                      int              dir)
{
  MuHexside side;

  g_return_val_if_fail (dir >= 0 && dir < MU_HEX_DIRECTIONS, ((MuHexside) { hex, 0 }));

  if (dir < 3)
    {
      side.hex = hex;
      side.dir = dir;
    }
  else
    {
      side.hex = mu_hex_neighbour (grid, hex, dir);
      side.dir = dir - 3;
    }
  return side;
}

void
mu_hexside_hexes (const MuHexGrid *grid,
                  MuHexside        side,
                  MuHex           *a,
                  MuHex           *b)
{
  if (a)
    *a = side.hex;
  if (b)
    *b = mu_hex_neighbour (grid, side.hex, side.dir);
}

/* The names files and commands use; marked so that a front end can show
 * them in the player's language (context "compass"). */
static const char *const flat_names[MU_HEX_DIRECTIONS] = {
  NC_("compass", "n"), NC_("compass", "ne"), NC_("compass", "se"),
  NC_("compass", "s"), NC_("compass", "sw"), NC_("compass", "nw"),
};
static const char *const pointy_names[MU_HEX_DIRECTIONS] = {
  NC_("compass", "nw"), NC_("compass", "ne"), NC_("compass", "e"),
  NC_("compass", "se"), NC_("compass", "sw"), NC_("compass", "w"),
};

const char *
mu_hex_direction_name (const MuHexGrid *grid,
                       int              dir)
{
  g_return_val_if_fail (dir >= 0 && dir < MU_HEX_DIRECTIONS, NULL);
  return grid->orientation == MU_HEX_FLAT_TOP ? flat_names[dir] : pointy_names[dir];
}

int
mu_hex_direction_from_name (const MuHexGrid *grid,
                            const char      *name)
{
  const char *const *names = grid->orientation == MU_HEX_FLAT_TOP ? flat_names : pointy_names;

  g_return_val_if_fail (name != NULL, -1);
  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    if (g_ascii_strcasecmp (names[d], name) == 0)
      return d;
  return -1;
}

static int
label_digits (const MuHexGrid *grid)
{
  return (grid->cols > 99 || grid->rows > 99) ? 3 : 2;
}

void
mu_hex_format (const MuHexGrid *grid,
               MuHex            hex,
               char            *buf,
               gsize            len)
{
  int digits = label_digits (grid);

  if (hex.col < 0 || hex.row < 0)
    g_snprintf (buf, len, "%d,%d", hex.col, hex.row);
  else
    g_snprintf (buf, len, "%0*d%0*d", digits, hex.col, digits, hex.row);
}

char *
mu_hex_to_string (const MuHexGrid *grid,
                  MuHex            hex)
{
  char buf[32];

  mu_hex_format (grid, hex, buf, sizeof buf);
  return g_strdup (buf);
}

gboolean
mu_hex_parse (const char *text,
              MuHex      *hex)
{
  gsize len;
  const char *comma;

  g_return_val_if_fail (hex != NULL, FALSE);
  if (text == NULL)
    return FALSE;

  comma = strchr (text, ',');
  if (comma != NULL)
    {
      char *end = NULL;
      gint64 c, r;

      c = g_ascii_strtoll (text, &end, 10);
      if (end != comma || comma == text)
        return FALSE;
      r = g_ascii_strtoll (comma + 1, &end, 10);
      if (*end != '\0' || end == comma + 1 || c < 0 || r < 0 || c > 9999 || r > 9999)
        return FALSE;
      hex->col = (int) c;
      hex->row = (int) r;
      return TRUE;
    }

  len = strlen (text);
  if (len < 4 || len > 8 || len % 2 != 0)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (text[i]))
      return FALSE;

  {
    char half[8] = { 0 };
    memcpy (half, text, len / 2);
    hex->col = atoi (half);
    memcpy (half, text + len / 2, len / 2);
    hex->row = atoi (half);
  }
  return TRUE;
}

/* Pixel geometry ------------------------------------------------------------ */

void
mu_hex_grid_pixel_size (const MuHexGrid *grid,
                        double           size,
                        double          *width,
                        double          *height)
{
  double w, h;

  if (grid->orientation == MU_HEX_FLAT_TOP)
    {
      w = size * (1.5 * grid->cols + 0.5);
      h = SQRT3 * size * (grid->rows + (grid->cols > 1 ? 0.5 : 0.0));
      if (grid->cols == 1 && is_shifted (grid, 0))
        h += SQRT3 * size * 0.5;
    }
  else
    {
      w = SQRT3 * size * (grid->cols + (grid->rows > 1 ? 0.5 : 0.0));
      h = size * (1.5 * grid->rows + 0.5);
      if (grid->rows == 1 && is_shifted (grid, 0))
        w += SQRT3 * size * 0.5;
    }
  if (width)
    *width = w;
  if (height)
    *height = h;
}

void
mu_hex_center (const MuHexGrid *grid,
               double           size,
               MuHex            hex,
               double          *x,
               double          *y)
{
  /* Off-board hexes get centres too (board-edge hexsides, entry arrows), so this
   * works from axial coordinates relative to hex 0101. */
  MuAxial a = mu_hex_to_axial (grid, hex);
  double cx, cy;

  if (grid->orientation == MU_HEX_FLAT_TOP)
    {
      cx = size + 1.5 * size * a.q;
      cy = SQRT3 * size * (a.r + a.q / 2.0) + SQRT3 * size * 0.5;
      if (is_shifted (grid, 0))
        cy += SQRT3 * size * 0.5;
    }
  else
    {
      cx = SQRT3 * size * (a.q + a.r / 2.0) + SQRT3 * size * 0.5;
      cy = size + 1.5 * size * a.r;
      if (is_shifted (grid, 0))
        cx += SQRT3 * size * 0.5;
    }
  if (x)
    *x = cx;
  if (y)
    *y = cy;
}

void
mu_hex_corner (const MuHexGrid *grid,
               double           size,
               MuHex            hex,
               int              k,
               double          *x,
               double          *y)
{
  double cx, cy, angle;

  mu_hex_center (grid, size, hex, &cx, &cy);
  /* Corner k is where hexsides k - 1 and k meet; hexside 0 faces straight up
   * on a flat-top board and up-left on a pointy-top one (y grows downwards). */
  if (grid->orientation == MU_HEX_FLAT_TOP)
    angle = G_PI / 180.0 * (240.0 + 60.0 * k);
  else
    angle = G_PI / 180.0 * (210.0 + 60.0 * k);
  *x = cx + size * cos (angle);
  *y = cy + size * sin (angle);
}

void
mu_hexside_endpoints (const MuHexGrid *grid,
                      double           size,
                      MuHex            hex,
                      int              dir,
                      double          *x1,
                      double          *y1,
                      double          *x2,
                      double          *y2)
{
  /* Hexside dir runs from corner dir to corner dir + 1. */
  mu_hex_corner (grid, size, hex, dir, x1, y1);
  mu_hex_corner (grid, size, hex, (dir + 1) % MU_HEX_DIRECTIONS, x2, y2);
}

static MuAxial
axial_round (double fq,
             double fr)
{
  double fs = -fq - fr;
  double rq = round (fq), rr = round (fr), rs = round (fs);
  double dq = fabs (rq - fq), dr = fabs (rr - fr), ds = fabs (rs - fs);

  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  return (MuAxial) { (int) rq, (int) rr };
}

static void
pixel_to_axial_frac (const MuHexGrid *grid,
                     double           size,
                     double           x,
                     double           y,
                     double          *fq,
                     double          *fr)
{
  double ox, oy;

  /* Move the origin to the centre of axial (0, 0), hex 0101. */
  mu_hex_center (grid, size, (MuHex) { 1, 1 }, &ox, &oy);
  {
    MuAxial a0 = mu_hex_to_axial (grid, (MuHex) { 1, 1 });
    x -= ox;
    y -= oy;
    if (grid->orientation == MU_HEX_FLAT_TOP)
      {
        *fq = (2.0 / 3.0 * x) / size;
        *fr = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / size;
      }
    else
      {
        *fq = (SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / size;
        *fr = (2.0 / 3.0 * y) / size;
      }
    *fq += a0.q;
    *fr += a0.r;
  }
}

MuHex
mu_hex_at_pixel (const MuHexGrid *grid,
                 double           size,
                 double           x,
                 double           y)
{
  double fq, fr;

  pixel_to_axial_frac (grid, size, x, y, &fq, &fr);
  return mu_hex_from_axial (grid, axial_round (fq, fr));
}

int
mu_hex_nearest_side (const MuHexGrid *grid,
                     double           size,
                     double           x,
                     double           y,
                     MuHex           *hex,
                     double          *distance)
{
  MuHex h = mu_hex_at_pixel (grid, size, x, y);
  int best = 0;
  double best_d = G_MAXDOUBLE;

  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    {
      double x1, y1, x2, y2, dx, dy, t, px, py, dist;

      mu_hexside_endpoints (grid, size, h, d, &x1, &y1, &x2, &y2);
      dx = x2 - x1;
      dy = y2 - y1;
      t = ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy);
      t = CLAMP (t, 0.0, 1.0);
      px = x1 + t * dx;
      py = y1 + t * dy;
      dist = hypot (x - px, y - py);
      if (dist < best_d)
        {
          best_d = dist;
          best = d;
        }
    }
  if (hex)
    *hex = h;
  if (distance)
    *distance = best_d;
  return best;
}

/* Hex lines ------------------------------------------------------------------ */

GArray *
mu_hex_line (const MuHexGrid *grid,
             MuHex            a,
             MuHex            b)
{
  MuAxial aa = mu_hex_to_axial (grid, a);
  MuAxial bb = mu_hex_to_axial (grid, b);
  int n = mu_axial_distance (aa, bb);
  GArray *line = g_array_sized_new (FALSE, TRUE, sizeof (MuHexLineStep), n + 1);
  /* Two copies of the line, nudged to either side by a hair: where they pick
   * different hexes, the true line runs along the hexside between them. */
  const double eps = 1e-6;

  for (int i = 0; i <= n; i++)
    {
      double t = n == 0 ? 0.0 : (double) i / n;
      double fq = aa.q + (bb.q - aa.q) * t;
      double fr = aa.r + (bb.r - aa.r) * t;
      MuAxial p1 = axial_round (fq + eps, fr + eps);
      MuAxial p2 = axial_round (fq - eps, fr - eps);
      MuHexLineStep step = { 0 };

      /* The two nudges above move along the same cube diagonal; use a second,
       * orthogonal nudge as well so that every hexside direction is caught. */
      if (p1.q == p2.q && p1.r == p2.r)
        {
          MuAxial p3 = axial_round (fq + eps, fr - 2 * eps);
          MuAxial p4 = axial_round (fq - eps, fr + 2 * eps);
          if (p3.q != p4.q || p3.r != p4.r)
            {
              p1 = p3;
              p2 = p4;
            }
        }

      step.hex = mu_hex_from_axial (grid, p1);
      if (p1.q != p2.q || p1.r != p2.r)
        {
          step.along_side = TRUE;
          step.alt = mu_hex_from_axial (grid, p2);
        }
      else
        step.alt = step.hex;
      g_array_append_val (line, step);
    }
  return line;
}
