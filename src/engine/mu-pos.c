#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-pos.h"

#include "mu-error.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static double
round_to (double v, double scale)
{
  return rint (v * scale) / scale;
}

MuPos
mu_pos_from_hex (MuHex hex)
{
  MuPos p;

  memset (&p, 0, sizeof p);
  p.hex = hex;
  return p;
}

MuPos
mu_pos_from_point (double x,
                   double y,
                   double facing)
{
  MuPos p;

  memset (&p, 0, sizeof p);
  p.is_point = TRUE;
  p.hex = MU_HEX_NONE;
  p.point.x = round_to (x, 100) + 0.0;   /* + 0.0: no negative zero */
  p.point.y = round_to (y, 100) + 0.0;
  if (facing >= 0 && isfinite (facing))
    {
      p.has_facing = TRUE;
      p.facing = fmod (round_to (facing, 10), 360.0) + 0.0;
    }
  return p;
}

gboolean
mu_pos_is_set (const MuPos *pos)
{
  return pos->is_point || pos->hex.col != 0 || pos->hex.row != 0;
}

gboolean
mu_pos_equal (const MuPos *a,
              const MuPos *b)
{
  if (a->is_point != b->is_point)
    return FALSE;
  if (!a->is_point)
    return mu_hex_equal (a->hex, b->hex);
  return a->point.x == b->point.x && a->point.y == b->point.y &&
         a->has_facing == b->has_facing && (!a->has_facing || a->facing == b->facing);
}

static int
n_digits (int v)
{
  int n = 1;

  while (v >= 10)
    {
      v /= 10;
      n++;
    }
  return n;
}

void
mu_pos_format (const MuPos *pos,
               char        *buf,
               gsize        len)
{
  if (pos->is_point)
    {
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (x, sizeof x, "%.2f", pos->point.x);
      g_ascii_formatd (y, sizeof y, "%.2f", pos->point.y);
      if (pos->has_facing)
        {
          g_ascii_formatd (f, sizeof f, "%.1f", pos->facing);
          g_snprintf (buf, len, "@%s,%s/%s", x, y, f);
        }
      else
        g_snprintf (buf, len, "@%s,%s", x, y);
    }
  else if (pos->hex.col < 0 || pos->hex.row < 0)
    g_strlcpy (buf, "-", len);
  else
    {
      /* both halves the same width, so that the label splits back in two */
      int w = MAX (2, MAX (n_digits (pos->hex.col), n_digits (pos->hex.row)));

      g_snprintf (buf, len, "%0*d%0*d", w, pos->hex.col, w, pos->hex.row);
    }
}

char *
mu_pos_to_string (const MuPos *pos)
{
  char buf[96];

  mu_pos_format (pos, buf, sizeof buf);
  return g_strdup (buf);
}

static gboolean
parse_number (const char  *text,
              const char **end,
              double      *out)
{
  char *e = NULL;

  /* plain decimals only: no hex floats, exponents, inf or nan */
  for (const char *p = text; *p && *p != ',' && *p != '/'; p++)
    if (!g_ascii_isdigit (*p) && *p != '.' && !(p == text && (*p == '-' || *p == '+')))
      return FALSE;
  *out = g_ascii_strtod (text, &e);
  if (e == text || !isfinite (*out) || fabs (*out) > MU_POS_MAX_COORD)
    return FALSE;
  *end = e;
  return TRUE;
}

gboolean
mu_pos_parse (const char *text,
              MuPos      *pos)
{
  g_return_val_if_fail (pos != NULL, FALSE);

  memset (pos, 0, sizeof *pos);
  if (text == NULL || *text == '\0')
    return FALSE;
  if (text[0] == '@')
    {
      const char *end;
      double x, y, f = -1;

      if (!parse_number (text + 1, &end, &x) || *end != ',')
        return FALSE;
      if (!parse_number (end + 1, &end, &y))
        return FALSE;
      if (*end == '/')
        {
          if (!parse_number (end + 1, &end, &f) || f < 0 || f >= 360)
            return FALSE;
        }
      if (*end != '\0')
        return FALSE;
      *pos = mu_pos_from_point (x, y, f);
      return TRUE;
    }
  /* printed labels only: digits, even length */
  for (const char *p = text; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  if (strlen (text) < 4 || strlen (text) % 2 != 0 || !mu_hex_parse (text, &pos->hex))
    return FALSE;
  /* column 0 or row 0 names the hex just beyond the west or north edge: a
   * move may end there to leave the board (BAA-VIC-4); 0000 is no hex */
  return pos->hex.col >= 1 || pos->hex.row >= 1;
}

gboolean
mu_pos_fits (const MuPos      *pos,
             const MuScenario *scenario,
             GError          **error)
{
  g_autofree char *text = mu_pos_to_string (pos);

  g_return_val_if_fail (pos != NULL && scenario != NULL, FALSE);

  if (scenario->board == MU_BOARD_HEX)
    {
      const MuHexGrid *g = scenario->hex_map ? &scenario->hex_map->grid : NULL;

      if (pos->is_point)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                       _("“%s” is a table position, but the board is a hex map"), text);
          return FALSE;
        }
      if (g && (pos->hex.col > g->cols + 1 || pos->hex.row > g->rows + 1))
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                       _("%s is not a hex of the board (%d × %d) nor one just past its edges"),
                       text, g->cols, g->rows);
          return FALSE;
        }
      return TRUE;
    }
  if (!pos->is_point)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                   _("“%s” is a hex, but the board is a table (write @X,Y)"), text);
      return FALSE;
    }
  if (scenario->table &&
      (pos->point.x < 0 || pos->point.y < 0 || pos->point.x > scenario->table->width ||
       pos->point.y > scenario->table->height))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("%s is off the %g × %g table"), text,
                   scenario->table->width, scenario->table->height);
      return FALSE;
    }
  return TRUE;
}
