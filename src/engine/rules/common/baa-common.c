/* baa-common.c: what baa-hex and baa-table share (see baa-common.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-common.h"

const char *
baa_common_victory_level (int diff)
{
  /* BAA-VIC-2, BAT-OBJ-4 */
  diff = ABS (diff);
  if (diff == 0)
    return "draw";
  if (diff <= 2)
    return "tactical";
  if (diff <= 4)
    return "decisive";
  return "complete";
}

BaaHoldResult
baa_common_hold_check (BaaHold *o,
                       int      present)
{
  g_assert (o != NULL);

  if (present == BAA_COMMON_NONE)
    {
      o->hold_side = BAA_COMMON_NONE;
      o->hold_count = 0;
      return BAA_HOLD_NOTHING;
    }
  if (o->hold_side == present)
    o->hold_count++;
  else
    {
      o->hold_side = present;
      o->hold_count = 1;
    }
  if (o->owner == present)
    return BAA_HOLD_NOTHING;
  if (o->hold_count >= 3)
    {
      /* BAA-OBJ-2, BAA-AMB-42, BAT-AMB-29: the third round-end claims it */
      o->owner = present;
      return BAA_HOLD_CLAIMED;
    }
  return BAA_HOLD_COUNTED;
}

gboolean
baa_common_rest (int      *streak,
                 gboolean *fatigued,
                 int       bounds)
{
  *streak += bounds;
  if (*streak < BAA_REST_BOUNDS)
    return FALSE;
  *streak = BAA_REST_BOUNDS;
  if (!*fatigued)
    return FALSE;
  *fatigued = FALSE;
  *streak = 0;
  return TRUE;
}

gboolean
baa_common_night_bound (const MuTimeline *t,
                        int               bound)
{
  if (t->night_bounds == NULL)
    return FALSE;
  for (guint i = 0; i < t->night_bounds->len; i++)
    if (g_array_index (t->night_bounds, int, i) == bound)
      return TRUE;
  return FALSE;
}
