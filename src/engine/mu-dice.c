#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-dice.h"

#include "mu-error.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

struct _MuDice {
  guint64 seed;
  guint64 s[4];       /* xoshiro256** state */
  GArray *forced;     /* of int */
  guint forced_pos;
  guint count;
};

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
xoshiro_next (MuDice *d)
{
  guint64 result = rotl (d->s[1] * 5, 7) * 9;
  guint64 t = d->s[1] << 17;

  d->s[2] ^= d->s[0];
  d->s[3] ^= d->s[1];
  d->s[1] ^= d->s[2];
  d->s[0] ^= d->s[3];
  d->s[2] ^= t;
  d->s[3] = rotl (d->s[3], 45);
  return result;
}

MuDice *
mu_dice_new (guint64 seed)
{
  MuDice *d = g_new0 (MuDice, 1);
  guint64 x = seed;

  d->seed = seed;
  for (int i = 0; i < 4; i++)
    d->s[i] = splitmix64 (&x);
  d->forced = g_array_new (FALSE, FALSE, sizeof (int));
  return d;
}

void
mu_dice_free (MuDice *dice)
{
  if (dice == NULL)
    return;
  g_array_unref (dice->forced);
  g_free (dice);
}

MuDice *
mu_dice_copy (const MuDice *dice)
{
  MuDice *d = g_memdup2 (dice, sizeof *dice);

  d->forced = g_array_copy (dice->forced);
  return d;
}

guint64
mu_dice_get_seed (const MuDice *dice)
{
  return dice->seed;
}

void
mu_dice_force (MuDice     *dice,
               const int  *values,
               guint       n)
{
  g_return_if_fail (dice != NULL);
  for (guint i = 0; i < n; i++)
    {
      int v = CLAMP (values[i], 1, 6);
      g_array_append_val (dice->forced, v);
    }
}

guint
mu_dice_forced_remaining (const MuDice *dice)
{
  return dice->forced->len - dice->forced_pos;
}

guint
mu_dice_count (const MuDice *dice)
{
  return dice->count;
}

guint
mu_dice_uniform (MuDice *dice,
                 guint   n)
{
  guint64 limit;
  guint64 x;

  g_return_val_if_fail (n > 0, 0);
  /* rejection sampling: no modulo bias */
  limit = G_MAXUINT64 - (G_MAXUINT64 % n);
  do
    x = xoshiro_next (dice);
  while (x >= limit);
  return (guint) (x % n);
}

int
mu_dice_d6 (MuDice *dice)
{
  dice->count++;
  if (dice->forced_pos < dice->forced->len)
    return g_array_index (dice->forced, int, dice->forced_pos++);
  return (int) mu_dice_uniform (dice, 6) + 1;
}

/* The comparison of a total with the target; TRUE without one. */
static gboolean
compare_total (MuRollCompare compare, int total, int target)
{
  switch (compare)
    {
    case MU_ROLL_AT_LEAST: return total >= target;
    case MU_ROLL_AT_MOST: return total <= target;
    case MU_ROLL_ABOVE: return total > target;
    case MU_ROLL_BELOW: return total < target;
    case MU_ROLL_THREE_WAY:
    case MU_ROLL_NONE:
    default:
      return TRUE;
    }
}

/* A natural-face rule for one face: the verdict in *ok, FALSE when no
 * rule names the face. */
static gboolean
natural_face (guint natural, int face, gboolean *ok)
{
  if (face == 1 && (natural & (MU_ROLL_NATURAL_1_FAILS | MU_ROLL_NATURAL_1_SUCCEEDS)))
    *ok = !(natural & MU_ROLL_NATURAL_1_FAILS);
  else if (face == 6 && (natural & (MU_ROLL_NATURAL_6_FAILS | MU_ROLL_NATURAL_6_SUCCEEDS)))
    *ok = !(natural & MU_ROLL_NATURAL_6_FAILS);
  else
    return FALSE;
  return TRUE;
}

/* n dice, a pool or one die (is_pool FALSE, n 1); the old pool calls may
 * roll a pool of none */
static int
read_dice (MuDice       *dice,
           GPtrArray    *events,
           const MuRoll *roll,
           guint         n,
           gboolean      is_pool,
           MuRollResult *result)
{
  g_autoptr(GArray) faces = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  gboolean counting = is_pool && (roll->read == MU_DICE_SUCCESSES || roll->read == MU_DICE_BELOW);
  int modifier = roll->modifier, target = roll->target;
  int value = 0, read_face = 0, total;
  gboolean all_1 = TRUE, all_6 = TRUE, ok;
  MuRollResult r = { 0, TRUE, MU_ROLL_EQUAL };

  for (guint i = 0; i < roll->n_modifiers; i++)
    {
      if (roll->modifiers[i].on_target)
        target += roll->modifiers[i].value;
      else
        modifier += roll->modifiers[i].value;
    }
  for (guint i = 0; i < n; i++)
    {
      int die = mu_dice_d6 (dice);

      g_array_append_val (faces, die);
      all_1 = all_1 && die == 1;
      all_6 = all_6 && die == 6;
      if (counting)
        {
          ok = roll->read == MU_DICE_SUCCESSES ? die + modifier >= target : die + modifier < target;
          natural_face (roll->natural, die, &ok);
          value += ok;
        }
      else if (!is_pool || roll->read == MU_DICE_SUM)
        value += die;
      else if (roll->read == MU_DICE_HIGHEST)
        value = i == 0 ? die : MAX (value, die);
      else
        value = i == 0 ? die : MIN (value, die);
    }
  if (counting)
    {
      r.value = value;
      r.success = value >= roll->need;
    }
  else
    {
      /* one die reports its face; a pool its reading with the modifier */
      read_face = value;
      total = value + modifier;
      r.value = is_pool ? total : value;
      r.success = compare_total (roll->compare, total, target);
      if (roll->compare == MU_ROLL_THREE_WAY)
        r.outcome = total < target ? MU_ROLL_LESS : total > target ? MU_ROLL_GREATER : MU_ROLL_EQUAL;
      /* the face read decides: one die, the highest or lowest, a sum of one */
      else if (n == 1 || roll->read != MU_DICE_SUM)
        natural_face (roll->natural, read_face, &r.success);
      if (roll->compare != MU_ROLL_THREE_WAY && (roll->natural & MU_ROLL_NATURAL_EXTREMES) && (all_1 || all_6))
        r.success = all_6;
    }
  if (result)
    *result = r;
  if (events)
    {
      MuEvent *e = mu_event_add (events, MU_EVENT_ROLL, roll->subject);

      mu_event_set_text (e, roll->purpose);
      mu_event_set_object (e, roll->object);
      mu_event_set_visible_to (e, roll->visible_to);
      if (is_pool)
        {
          e->pool = g_steal_pointer (&faces);
          e->read = roll->read;
        }
      e->value = r.value;
      e->natural = roll->natural;
      e->modifier = roll->modifier;
      e->target = roll->target;
      for (guint i = 0; i < roll->n_modifiers; i++)
        mu_event_add_modifier (e, &roll->modifiers[i]);
      e->compare = !counting ? roll->compare : roll->read == MU_DICE_SUCCESSES ? MU_ROLL_AT_LEAST : MU_ROLL_BELOW;
      e->success = r.success;
      e->outcome = r.outcome;
      e->rule = roll->rule;
    }
  return r.value;
}

int
mu_dice_roll_read (MuDice         *dice,
                   GPtrArray      *events,
                   const MuRoll   *roll,
                   MuRollResult   *result)
{
  g_return_val_if_fail (dice != NULL && roll != NULL, 0);
  return read_dice (dice, events, roll, MAX (roll->n, 1), roll->n > 0, result);
}

int
mu_dice_roll (MuDice         *dice,
              GPtrArray      *events,
              const char     *purpose,
              const char     *subject,
              const char     *object,
              int             modifier,
              MuRollCompare   compare,
              int             target,
              const char     *rule,
              gboolean       *success)
{
  MuRoll roll = {
    .purpose = purpose, .subject = subject, .object = object,
    .modifier = modifier, .compare = compare, .target = target, .rule = rule,
  };
  MuRollResult r;

  read_dice (dice, events, &roll, 1, FALSE, &r);
  if (success)
    *success = r.success;
  return r.value;
}

int
mu_dice_roll_pool (MuDice         *dice,
                   GPtrArray      *events,
                   const char     *purpose,
                   const char     *subject,
                   guint           n,
                   MuDiceRead      read,
                   int             modifier,
                   int             target,
                   int             need,
                   const char     *visible_to,
                   const char     *rule,
                   gboolean       *success)
{
  gboolean counting = read == MU_DICE_SUCCESSES || read == MU_DICE_BELOW;
  MuRoll roll = {
    .purpose = purpose, .subject = subject, .n = n, .read = read, .modifier = modifier,
    .visible_to = visible_to, .rule = rule, .need = need,
    /* a reading reaches `need`, shown as its target when there is one */
    .target = counting ? target : need,
    .compare = counting || need > 0 ? MU_ROLL_AT_LEAST : MU_ROLL_NONE,
  };
  MuRollResult r;

  g_return_val_if_fail (dice != NULL, 0);
  read_dice (dice, events, &roll, n, TRUE, &r);
  if (success)
    *success = r.value >= need;
  return r.value;
}

GArray *
mu_dice_parse_list (const char  *text,
                    GError     **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(GStrv) entries = g_strsplit (text ? text : "", ",", -1);
  guint n_entries = g_strv_length (entries);

  for (guint e = 0; e < n_entries; e++)
    {
      g_auto(GStrv) words = g_strsplit_set (entries[e], " \t\n", -1);
      guint before = values->len;

      for (guint i = 0; words[i]; i++)
        {
          char *end = NULL;
          long v;

          if (words[i][0] == '\0')
            continue;
          v = strtol (words[i], &end, 10);
          if (*end != '\0' || v < 1 || v > 6)
            {
              g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                           _("dice list: “%s” (die %u) is not a d6 result 1..6"), words[i],
                           values->len + 1);
              return NULL;
            }
          {
            int iv = (int) v;
            g_array_append_val (values, iv);
          }
        }
      /* only a list with commas has entries that can be empty */
      if (values->len == before && n_entries > 1)
        {
          g_set_error (error, MU_ERROR, MU_ERROR_PARSE,
                       _("dice list: entry %u is empty (no die between two commas, or a comma at an end)"),
                       e + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&values);
}
