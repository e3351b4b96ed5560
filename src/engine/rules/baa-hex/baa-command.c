/* baa-command.c: baa-hex's commands, decoded from and encoded to the
 * generic verb + arguments form. The verbs and their syntax are declared in
 * baa-hex.c (baa_verbs); the parser has checked the shape. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-command.h"

#include "mu-error.h"
#include "rules/mu-rulesets.h"

#include <glib/gi18n-lib.h>

static const char *const kind_names[BAA_COMMAND_N] = {
  [BAA_COMMAND_MOVE] = "move",
  [BAA_COMMAND_WITHDRAW] = "withdraw",
  [BAA_COMMAND_FIRE] = "fire",
  [BAA_COMMAND_FIRE_GROUP] = "fire-group",
  [BAA_COMMAND_FIRE_COMMANDER] = "fire-commander",
  [BAA_COMMAND_MELEE] = "melee",
  [BAA_COMMAND_MELEE_GROUP] = "melee-group",
  [BAA_COMMAND_BREACH] = "breach",
  [BAA_COMMAND_BREACH_GROUP] = "breach-group",
  [BAA_COMMAND_ASSIGN] = "assign",
  [BAA_COMMAND_DIRECT] = "direct",
  [BAA_COMMAND_PLACE] = "place",
  [BAA_COMMAND_MARCH] = "march",
  [BAA_COMMAND_REPOSITION] = "reposition",
  [BAA_COMMAND_CHOOSE] = "choose",
  [BAA_COMMAND_END_PHASE] = "end-phase",
};

const char *
baa_command_rule (BaaCommandKind kind)
{
  const MuVerbInfo *v;

  g_return_val_if_fail (kind < BAA_COMMAND_N, NULL);
  v = mu_ruleset_find_verb (&mu_ruleset_baa_hex, kind_names[kind]);
  return v ? v->rule : NULL;
}

BaaCommand *
baa_command_new (BaaCommandKind kind)
{
  BaaCommand *c = g_new0 (BaaCommand, 1);

  c->kind = kind;
  c->units = g_ptr_array_new_with_free_func (g_free);
  c->path = g_array_new (FALSE, TRUE, sizeof (MuPos));
  c->dir = -1;
  return c;
}

void
baa_command_free (BaaCommand *c)
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

BaaCommand *
baa_command_new_end_phase (void)
{
  return baa_command_new (BAA_COMMAND_END_PHASE);
}

BaaCommand *
baa_command_new_choose (const char *answer)
{
  BaaCommand *c = baa_command_new (BAA_COMMAND_CHOOSE);

  c->answer = g_strdup (answer);
  return c;
}

void
baa_command_add_hex (BaaCommand *c,
                     MuHex       hex)
{
  MuPos p = mu_pos_from_hex (hex);

  g_array_append_val (c->path, p);
}

void
baa_command_add_unit (BaaCommand *c,
                      const char *unit)
{
  g_ptr_array_add (c->units, g_strdup (unit));
}

BaaCommand *
baa_command_new_move (BaaCommandKind  kind,
                      const char     *unit,
                      const MuHex    *hexes,
                      guint           n)
{
  BaaCommand *c = baa_command_new (kind);

  c->unit = g_strdup (unit);
  for (guint i = 0; i < n; i++)
    baa_command_add_hex (c, hexes[i]);
  return c;
}

MuCommand *
baa_command_encode_move (BaaCommandKind  kind,
                         const char     *unit,
                         const MuHex    *hexes,
                         guint           n)
{
  MuCommand *mc = mu_command_new (kind_names[kind]);

  g_return_val_if_fail (kind == BAA_COMMAND_MOVE || kind == BAA_COMMAND_WITHDRAW, mc);
  mu_command_add_word (mc, unit);
  for (guint i = 0; i < n; i++)
    mu_command_add_hex (mc, hexes[i]);
  return mc;
}

gboolean
baa_command_is_move (const MuCommand *mc,
                     BaaCommandKind   kind,
                     const char      *unit,
                     const MuHex     *hexes,
                     guint            n)
{
  if (mu_command_n_args (mc) != n + 1 || g_strcmp0 (mu_command_get_verb (mc), kind_names[kind]) != 0 ||
      g_strcmp0 (mu_command_word (mc, 0), unit) != 0)
    return FALSE;
  /* the last hex first: two paths of one counter mostly part there */
  for (guint i = n; i > 0; i--)
    {
      const MuArg *a = mu_command_arg (mc, i);

      if (a->kind != MU_ARG_POS || a->pos.is_point || !mu_hex_equal (a->pos.hex, hexes[i - 1]))
        return FALSE;
    }
  return TRUE;
}

BaaCommand *
baa_command_new_attack (BaaCommandKind  kind,
                        const char     *unit,
                        const char     *target)
{
  BaaCommand *c = baa_command_new (kind);

  c->unit = g_strdup (unit);
  c->target = g_strdup (target);
  return c;
}

BaaCommand *
baa_command_decode (const MuCommand *mc,
                    GError         **error)
{
  g_autoptr(BaaCommand) c = NULL;
  guint n = mu_command_n_args (mc), k;
  int kind = -1;

  for (int i = 0; i < BAA_COMMAND_N; i++)
    if (g_strcmp0 (kind_names[i], mu_command_get_verb (mc)) == 0)
      kind = i;
  if (kind < 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, _("baa-hex has no command “%s”"),
                   mu_command_get_verb (mc));
      return NULL;
    }
  c = baa_command_new (kind);

#define WORD(i) mu_command_word (mc, (i))
#define POS(i) (&mu_command_arg (mc, (i))->pos)
#define IS(i, k) ((i) < n && mu_command_arg (mc, (i))->kind == (k))
  switch (c->kind)
    {
    case BAA_COMMAND_END_PHASE:
      break;
    case BAA_COMMAND_CHOOSE:
      /* one word, or a counter and a hex (BAA-DAY-2), kept as one answer */
      if (n == 2 && IS (1, MU_ARG_POS))
        {
          g_autofree char *hex = mu_pos_to_string (POS (1));
          c->answer = g_strdup_printf ("%s %s", WORD (0), hex);
        }
      else
        c->answer = g_strdup (WORD (0));
      break;
    case BAA_COMMAND_MOVE:
    case BAA_COMMAND_WITHDRAW:
    case BAA_COMMAND_PLACE:
      c->unit = g_strdup (WORD (0));
      for (k = 1; k < n; k++)
        if (IS (k, MU_ARG_POS))
          g_array_append_val (c->path, *POS (k));
      break;
    case BAA_COMMAND_MARCH:
      c->unit = g_strdup (WORD (0));
      c->target = g_strdup (WORD (1));
      c->answer = g_strdup (WORD (2));
      break;
    case BAA_COMMAND_FIRE_GROUP:
    case BAA_COMMAND_MELEE_GROUP:
      c->target = g_strdup (WORD (0));
      for (k = 1; k < n; k++)
        baa_command_add_unit (c, WORD (k));
      break;
    case BAA_COMMAND_BREACH:
      c->unit = g_strdup (WORD (0));
      g_array_append_val (c->path, *POS (1));
      c->dir = (int) mu_command_arg (mc, 2)->number;
      break;
    case BAA_COMMAND_BREACH_GROUP:
      g_array_append_val (c->path, *POS (0));
      c->dir = (int) mu_command_arg (mc, 1)->number;
      for (k = 2; k < n; k++)
        baa_command_add_unit (c, WORD (k));
      break;
    default:
      c->unit = g_strdup (WORD (0));
      c->target = g_strdup (WORD (1));
      break;
    }
#undef WORD
#undef POS
#undef IS
  if ((c->unit == NULL && c->kind != BAA_COMMAND_END_PHASE && c->kind != BAA_COMMAND_CHOOSE &&
       c->kind != BAA_COMMAND_FIRE_GROUP && c->kind != BAA_COMMAND_MELEE_GROUP &&
       c->kind != BAA_COMMAND_BREACH_GROUP) ||
      (c->kind == BAA_COMMAND_CHOOSE && c->answer == NULL))
    {
      g_autofree char *text = mu_command_to_string (mc);
      g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, _("“%s” is not a baa-hex command"), text);
      return NULL;
    }
  return g_steal_pointer (&c);
}

MuCommand *
baa_command_encode (const BaaCommand *c)
{
  MuCommand *mc = mu_command_new (kind_names[c->kind]);

  switch (c->kind)
    {
    case BAA_COMMAND_END_PHASE:
      break;
    case BAA_COMMAND_CHOOSE:
      {
        g_auto(GStrv) w = g_strsplit (c->answer, " ", 2);
        MuPos pos;

        mu_command_add_word (mc, w[0]);
        if (w[0] && w[1] && mu_pos_parse (w[1], &pos))
          mu_command_add_pos (mc, &pos);
      }
      break;
    case BAA_COMMAND_MOVE:
    case BAA_COMMAND_WITHDRAW:
    case BAA_COMMAND_PLACE:
      mu_command_add_word (mc, c->unit);
      for (guint i = 0; i < c->path->len; i++)
        mu_command_add_pos (mc, &g_array_index (c->path, MuPos, i));
      break;
    case BAA_COMMAND_MARCH:
      mu_command_add_word (mc, c->unit);
      mu_command_add_word (mc, c->target);
      mu_command_add_word (mc, c->answer);
      break;
    case BAA_COMMAND_FIRE_GROUP:
    case BAA_COMMAND_MELEE_GROUP:
      mu_command_add_word (mc, c->target);
      for (guint i = 0; i < c->units->len; i++)
        mu_command_add_word (mc, g_ptr_array_index (c->units, i));
      break;
    case BAA_COMMAND_BREACH:
      mu_command_add_word (mc, c->unit);
      mu_command_add_pos (mc, &g_array_index (c->path, MuPos, 0));
      mu_command_add_number (mc, c->dir);
      break;
    case BAA_COMMAND_BREACH_GROUP:
      mu_command_add_pos (mc, &g_array_index (c->path, MuPos, 0));
      mu_command_add_number (mc, c->dir);
      for (guint i = 0; i < c->units->len; i++)
        mu_command_add_word (mc, g_ptr_array_index (c->units, i));
      break;
    default:
      mu_command_add_word (mc, c->unit);
      mu_command_add_word (mc, c->target);
      break;
    }
  return mc;
}
