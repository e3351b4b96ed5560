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
  int die = mu_dice_d6 (dice);
  gboolean ok = TRUE;

  if (compare == MU_ROLL_AT_LEAST)
    ok = die + modifier >= target;
  else if (compare == MU_ROLL_AT_MOST)
    ok = die + modifier <= target;
  if (success)
    *success = ok;
  if (events)
    {
      MuEvent *e = mu_event_add (events, MU_EVENT_ROLL, subject);
      mu_event_set_text (e, purpose);
      mu_event_set_object (e, object);
      e->value = die;
      e->modifier = modifier;
      e->compare = compare;
      e->target = target;
      e->success = ok;
      e->rule = rule;
    }
  return die;
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
  g_autoptr(GArray) faces = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  int result = 0;

  g_return_val_if_fail (dice != NULL, 0);
  for (guint i = 0; i < n; i++)
    {
      int die = mu_dice_d6 (dice);

      g_array_append_val (faces, die);
      switch (read)
        {
        case MU_DICE_SUM:
          result += die;
          break;
        case MU_DICE_SUCCESSES:
          result += die + modifier >= target;
          break;
        case MU_DICE_HIGHEST:
          result = i == 0 ? die : MAX (result, die);
          break;
        case MU_DICE_LOWEST:
        default:
          result = i == 0 ? die : MIN (result, die);
          break;
        }
    }
  if (read == MU_DICE_SUM)
    result += modifier;
  if (success)
    *success = result >= need;
  if (events)
    {
      MuEvent *e = mu_event_add (events, MU_EVENT_ROLL, subject);

      mu_event_set_text (e, purpose);
      mu_event_set_visible_to (e, visible_to);
      e->pool = g_steal_pointer (&faces);
      e->read = read;
      e->value = result;
      e->modifier = modifier;
      e->target = read == MU_DICE_SUCCESSES ? target : need;
      e->compare = read == MU_DICE_SUCCESSES || need > 0 ? MU_ROLL_AT_LEAST : MU_ROLL_NONE;
      e->success = result >= need;
      e->rule = rule;
    }
  return result;
}

GArray *
mu_dice_parse_list (const char  *text,
                    GError     **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(GStrv) words = g_strsplit_set (text ? text : "", ", \t\n", -1);

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
  return g_steal_pointer (&values);
}
