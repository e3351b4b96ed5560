#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-command.h"

#include "mu-error.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[MU_COMMAND_N] = {
  [MU_COMMAND_MOVE] = "move",
  [MU_COMMAND_WITHDRAW] = "withdraw",
  [MU_COMMAND_FIRE] = "fire",
  [MU_COMMAND_FIRE_GROUP] = "fire-group",
  [MU_COMMAND_FIRE_COMMANDER] = "fire-commander",
  [MU_COMMAND_MELEE] = "melee",
  [MU_COMMAND_MELEE_GROUP] = "melee-group",
  [MU_COMMAND_BREACH] = "breach",
  [MU_COMMAND_BREACH_GROUP] = "breach-group",
  [MU_COMMAND_ASSIGN] = "assign",
  [MU_COMMAND_DIRECT] = "direct",
  [MU_COMMAND_PLACE] = "place",
  [MU_COMMAND_MARCH] = "march",
  [MU_COMMAND_REPOSITION] = "reposition",
  [MU_COMMAND_CHOOSE] = "choose",
  [MU_COMMAND_END_PHASE] = "end-phase",
};

MuCommand *
mu_command_new (MuCommandKind kind)
{
  MuCommand *c = g_new0 (MuCommand, 1);

  c->kind = kind;
  c->units = g_ptr_array_new_with_free_func (g_free);
  c->path = g_array_new (FALSE, TRUE, sizeof (MuPos));
  c->dir = -1;
  return c;
}

void
mu_command_free (MuCommand *c)
{
  if (c == NULL)
    return;
  g_free (c->unit);
  g_free (c->target);
  g_free (c->answer);
  g_ptr_array_unref (c->units);
  g_array_unref (c->path);
  g_free (c);
}

MuCommand *
mu_command_copy (const MuCommand *src)
{
  MuCommand *c = mu_command_new (src->kind);

  c->unit = g_strdup (src->unit);
  c->target = g_strdup (src->target);
  c->answer = g_strdup (src->answer);
  c->dir = src->dir;
  for (guint i = 0; i < src->units->len; i++)
    g_ptr_array_add (c->units, g_strdup (g_ptr_array_index (src->units, i)));
  g_array_append_vals (c->path, src->path->data, src->path->len);
  return c;
}

gboolean
mu_command_equal (const MuCommand *a,
                  const MuCommand *b)
{
  if (a->kind != b->kind || a->dir != b->dir ||
      g_strcmp0 (a->unit, b->unit) != 0 || g_strcmp0 (a->target, b->target) != 0 ||
      g_strcmp0 (a->answer, b->answer) != 0 ||
      a->units->len != b->units->len || a->path->len != b->path->len)
    return FALSE;
  for (guint i = 0; i < a->units->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a->units, i), g_ptr_array_index (b->units, i)) != 0)
      return FALSE;
  for (guint i = 0; i < a->path->len; i++)
    {
      const MuPos *p = &g_array_index (a->path, MuPos, i);
      const MuPos *q = &g_array_index (b->path, MuPos, i);
      if (p->is_point != q->is_point)
        return FALSE;
      if (p->is_point ? (p->point.x != q->point.x || p->point.y != q->point.y)
                      : !mu_hex_equal (p->hex, q->hex))
        return FALSE;
    }
  return TRUE;
}

MuCommand *
mu_command_new_end_phase (void)
{
  return mu_command_new (MU_COMMAND_END_PHASE);
}

MuCommand *
mu_command_new_choose (const char *answer)
{
  MuCommand *c = mu_command_new (MU_COMMAND_CHOOSE);

  c->answer = g_strdup (answer);
  return c;
}

void
mu_command_add_hex (MuCommand *c,
                    MuHex      hex)
{
  MuPos p = { FALSE, hex, { 0, 0 } };

  g_array_append_val (c->path, p);
}

void
mu_command_add_unit (MuCommand  *c,
                     const char *unit)
{
  g_ptr_array_add (c->units, g_strdup (unit));
}

MuCommand *
mu_command_new_move (MuCommandKind  kind,
                     const char    *unit,
                     const MuHex   *hexes,
                     guint          n)
{
  MuCommand *c = mu_command_new (kind);

  c->unit = g_strdup (unit);
  for (guint i = 0; i < n; i++)
    mu_command_add_hex (c, hexes[i]);
  return c;
}

MuCommand *
mu_command_new_attack (MuCommandKind  kind,
                       const char    *unit,
                       const char    *target)
{
  MuCommand *c = mu_command_new (kind);

  c->unit = g_strdup (unit);
  c->target = g_strdup (target);
  return c;
}

const char *
mu_command_get_verb (const MuCommand *command)
{
  g_return_val_if_fail (command != NULL, NULL);
  return mu_command_kind_to_string (command->kind);
}

const char *
mu_command_kind_to_string (MuCommandKind kind)
{
  g_return_val_if_fail (kind < MU_COMMAND_N, "?");
  return kind_names[kind];
}

gboolean
mu_command_kind_from_string (const char    *word,
                             MuCommandKind *kind)
{
  for (int i = 0; i < MU_COMMAND_N; i++)
    if (g_strcmp0 (word, kind_names[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

void
mu_pos_format (const MuPos *pos,
               char        *buf,
               gsize        len)
{
  if (pos->is_point)
    {
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (x, sizeof x, "%.6g", pos->point.x);
      g_ascii_formatd (y, sizeof y, "%.6g", pos->point.y);
      g_snprintf (buf, len, "@%s,%s", x, y);
    }
  else if (pos->hex.col > 99 || pos->hex.row > 99)
    g_snprintf (buf, len, "%03d%03d", pos->hex.col, pos->hex.row);
  else
    g_snprintf (buf, len, "%02d%02d", pos->hex.col, pos->hex.row);
}

static gboolean
valid_id (const char *w)
{
  if (w == NULL || *w == '\0')
    return FALSE;
  for (const char *p = w; *p; p++)
    if (g_ascii_isspace (*p) || *p == '#')
      return FALSE;
  return TRUE;
}

static gboolean
parse_pos (const char *w,
           MuPos      *pos)
{
  memset (pos, 0, sizeof *pos);
  if (w[0] == '@')
    {
      char *end = NULL;
      pos->is_point = TRUE;
      pos->point.x = g_ascii_strtod (w + 1, &end);
      if (end == w + 1 || *end != ',')
        return FALSE;
      w = end + 1;
      pos->point.y = g_ascii_strtod (w, &end);
      return end != w && *end == '\0';
    }
  /* printed labels only: digits, even length */
  for (const char *p = w; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  if (strlen (w) < 4 || strlen (w) % 2 != 0)
    return FALSE;
  if (!mu_hex_parse (w, &pos->hex))
    return FALSE;
  /* column 0 or row 0 names the hex just beyond the west or north edge: a
   * move may end there to leave the board (BAA-VIC-4); 0000 is no hex */
  return pos->hex.col >= 1 || pos->hex.row >= 1;
}

static MuCommand *parse_fail (GError **error, const char *line, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static MuCommand *
parse_fail (GError **error, const char *line, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MU_ERROR, MU_ERROR_PARSE, "“%s”: %s", line, what);
  return NULL;
}

MuCommand *
mu_command_parse (const char  *line,
                  GError     **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (line ? line : ""));
  g_auto(GStrv) raw = NULL;
  g_autoptr(GPtrArray) w = g_ptr_array_new ();
  g_autoptr(MuCommand) c = NULL;
  MuCommandKind kind;
  guint n, first_pos = 0;

  if (copy[0] == '\0' || copy[0] == '#')
    return NULL;
  raw = g_strsplit_set (copy, " \t", -1);
  for (guint i = 0; raw[i]; i++)
    if (raw[i][0] != '\0')
      g_ptr_array_add (w, raw[i]);
  n = w->len;
  if (!mu_command_kind_from_string (g_ptr_array_index (w, 0), &kind))
    return parse_fail (error, copy, "unknown command “%s”", (const char *) g_ptr_array_index (w, 0));
  c = mu_command_new (kind);
#define WORD(i) ((const char *) g_ptr_array_index (w, (i)))

  switch (kind)
    {
    case MU_COMMAND_END_PHASE:
      if (n != 1)
        return parse_fail (error, copy, "%s takes no arguments", WORD (0));
      break;

    case MU_COMMAND_CHOOSE:
      /* one word, or a counter and a hex ("choose u3 0405", the
       * readdressing-lines withdrawal step, BAA-DAY-2) */
      if (n == 3 && valid_id (WORD (1)) && valid_id (WORD (2)))
        {
          c->answer = g_strdup_printf ("%s %s", WORD (1), WORD (2));
          break;
        }
      if (n != 2 || !valid_id (WORD (1)))
        return parse_fail (error, copy, "%s needs exactly one answer (or a counter and a hex)", WORD (0));
      c->answer = g_strdup (WORD (1));
      break;

    case MU_COMMAND_MOVE:
    case MU_COMMAND_WITHDRAW:
    case MU_COMMAND_PLACE:
      if (n < 3)
        return parse_fail (error, copy, "%s needs a counter and at least one position", WORD (0));
      if (kind == MU_COMMAND_PLACE && n != 3)
        return parse_fail (error, copy, "%s needs a counter and one position", WORD (0));
      c->unit = g_strdup (WORD (1));
      first_pos = 2;
      break;

    case MU_COMMAND_FIRE:
    case MU_COMMAND_FIRE_COMMANDER:
    case MU_COMMAND_MELEE:
    case MU_COMMAND_ASSIGN:
    case MU_COMMAND_DIRECT:
    case MU_COMMAND_REPOSITION:
      if (n != 3)
        return parse_fail (error, copy, "%s needs exactly two ids", WORD (0));
      c->unit = g_strdup (WORD (1));
      c->target = g_strdup (WORD (2));
      break;

    case MU_COMMAND_MARCH:
      if (n != 4 || (g_strcmp0 (WORD (3), "flank") != 0 && g_strcmp0 (WORD (3), "rear") != 0))
        return parse_fail (error, copy, "%s needs CONTROL COMMAND flank|rear", WORD (0));
      c->unit = g_strdup (WORD (1));
      c->target = g_strdup (WORD (2));
      c->answer = g_strdup (WORD (3));
      break;

    case MU_COMMAND_FIRE_GROUP:
    case MU_COMMAND_MELEE_GROUP:
      if (n < 3)
        return parse_fail (error, copy, "%s needs a target and at least one unit", WORD (0));
      c->target = g_strdup (WORD (1));
      for (guint i = 2; i < n; i++)
        mu_command_add_unit (c, WORD (i));
      break;

    case MU_COMMAND_BREACH:
    case MU_COMMAND_BREACH_GROUP:
      {
        guint dir_word = kind == MU_COMMAND_BREACH ? 3 : 2;
        const char *d;
        MuPos pos;

        if ((kind == MU_COMMAND_BREACH && n != 4) || (kind == MU_COMMAND_BREACH_GROUP && n < 4))
          return parse_fail (error, copy, "%s needs a unit, a hex and a direction 0..5", WORD (0));
        d = WORD (dir_word);
        if (strlen (d) != 1 || d[0] < '0' || d[0] > '5')
          return parse_fail (error, copy, "“%s” is not a hexside direction 0..5", d);
        c->dir = d[0] - '0';
        if (kind == MU_COMMAND_BREACH)
          {
            c->unit = g_strdup (WORD (1));
            if (!parse_pos (WORD (2), &pos) || pos.is_point)
              return parse_fail (error, copy, "“%s” is not a hex (CCRR)", WORD (2));
          }
        else
          {
            if (!parse_pos (WORD (1), &pos) || pos.is_point)
              return parse_fail (error, copy, "“%s” is not a hex (CCRR)", WORD (1));
            for (guint i = 3; i < n; i++)
              mu_command_add_unit (c, WORD (i));
          }
        g_array_append_val (c->path, pos);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  if (first_pos)
    for (guint i = first_pos; i < n; i++)
      {
        MuPos pos;
        if (!parse_pos (WORD (i), &pos))
          return parse_fail (error, copy, "“%s” is not a hex (CCRR) or a position (@X,Y)", WORD (i));
        g_array_append_val (c->path, pos);
      }
  if (c->unit && !valid_id (c->unit))
    return parse_fail (error, copy, "bad id “%s”", c->unit);
  if (c->target && !valid_id (c->target))
    return parse_fail (error, copy, "bad id “%s”", c->target);
#undef WORD
  return g_steal_pointer (&c);
}

char *
mu_command_to_string (const MuCommand *c)
{
  GString *s = g_string_new (mu_command_kind_to_string (c->kind));
  char buf[64];

  switch (c->kind)
    {
    case MU_COMMAND_END_PHASE:
      break;
    case MU_COMMAND_CHOOSE:
      g_string_append_printf (s, " %s", c->answer);
      break;
    case MU_COMMAND_MOVE:
    case MU_COMMAND_WITHDRAW:
    case MU_COMMAND_PLACE:
      g_string_append_printf (s, " %s", c->unit);
      for (guint i = 0; i < c->path->len; i++)
        {
          mu_pos_format (&g_array_index (c->path, MuPos, i), buf, sizeof buf);
          g_string_append_printf (s, " %s", buf);
        }
      break;
    case MU_COMMAND_MARCH:
      g_string_append_printf (s, " %s %s %s", c->unit, c->target, c->answer);
      break;
    case MU_COMMAND_FIRE_GROUP:
    case MU_COMMAND_MELEE_GROUP:
      g_string_append_printf (s, " %s", c->target);
      for (guint i = 0; i < c->units->len; i++)
        g_string_append_printf (s, " %s", (const char *) g_ptr_array_index (c->units, i));
      break;
    case MU_COMMAND_BREACH:
      mu_pos_format (&g_array_index (c->path, MuPos, 0), buf, sizeof buf);
      g_string_append_printf (s, " %s %s %d", c->unit, buf, c->dir);
      break;
    case MU_COMMAND_BREACH_GROUP:
      mu_pos_format (&g_array_index (c->path, MuPos, 0), buf, sizeof buf);
      g_string_append_printf (s, " %s %d", buf, c->dir);
      for (guint i = 0; i < c->units->len; i++)
        g_string_append_printf (s, " %s", (const char *) g_ptr_array_index (c->units, i));
      break;
    default:
      g_string_append_printf (s, " %s %s", c->unit, c->target);
      break;
    }
  return g_string_free (s, FALSE);
}

GPtrArray *
mu_command_parse_script (const char  *text,
                         const char  *name,
                         GError     **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_command_free);
  g_auto(GStrv) lines = g_strsplit (text ? text : "", "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GError) local = NULL;
      MuCommand *c = mu_command_parse (lines[i], &local);

      if (local)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE, "%s:%u: %s",
                       name ? name : "commands", i + 1, local->message);
          return NULL;
        }
      if (c)
        g_ptr_array_add (out, c);
    }
  return g_steal_pointer (&out);
}
