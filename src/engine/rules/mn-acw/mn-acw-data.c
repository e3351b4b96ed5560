/* mn-acw-data.c: the numbers of data/rules/mn-acw.xml
 *
 * A house rule changes the file; the digest's numbers below stay as the
 * fallback when no data file is found, or it lacks an entry. The file is
 * read once per path and kept for the process.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mn-acw-private.h"

#include "mu-rules-data.h"

G_LOCK_DEFINE_STATIC (mn_data);
static MuRulesData *mn_data;
static char *mn_data_path;

static double
number (const MuRulesData *data, const char *table, const char *key, double fallback)
{
  double v;

  return data && mu_rules_data_number (data, table, key, &v) && v >= 0 ? v : fallback;
}

/* MN-MOV-4's column words: higher, lower, both. */
static MnRead
reading (const MuRulesData *data, const char *key, MnRead fallback)
{
  const char *v = data ? mu_rules_data_text (data, "movement-dice", key) : NULL;

  if (g_strcmp0 (v, "higher") == 0)
    return MN_READ_HIGHER;
  if (g_strcmp0 (v, "lower") == 0)
    return MN_READ_LOWER;
  if (g_strcmp0 (v, "both") == 0)
    return MN_READ_BOTH;
  return fallback;
}

void
mn_numbers_init (MnNumbers *num)
{
  g_autofree char *path = mu_rules_data_path ("mn-acw");
  /* MN-MOV-4 as printed: rows ahead, back, oblique */
  static const MnRead printed[MN_TYPE_N][3] = {
    [MN_TYPE_INF] = { MN_READ_HIGHER, MN_READ_HIGHER, MN_READ_LOWER },
    [MN_TYPE_CAV] = { MN_READ_HIGHER, MN_READ_LOWER, MN_READ_LOWER },
    [MN_TYPE_FOOT_ART] = { MN_READ_HIGHER, MN_READ_HIGHER, MN_READ_LOWER },
    [MN_TYPE_HORSE_ART] = { MN_READ_BOTH, MN_READ_HIGHER, MN_READ_HIGHER },
    [MN_TYPE_LEADER] = { MN_READ_BOTH, MN_READ_HIGHER, MN_READ_HIGHER },
  };

  G_LOCK (mn_data);
  if (g_strcmp0 (path, mn_data_path) != 0)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&mn_data, mu_rules_data_free);
      g_free (mn_data_path);
      mn_data_path = g_strdup (path);
      mn_data = mu_rules_data_load ("mn-acw", &error);
      if (mn_data == NULL && !g_error_matches (error, MU_ERROR, MU_ERROR_IO))
        g_warning ("%s; the digest's numbers are used", error->message);
    }
  for (int t = 0; t < MN_TYPE_N; t++)
    for (int d = 0; d <= MN_DIR_OBLIQUE; d++)
      {
        g_autofree char *key = g_strdup_printf ("%s %s", mn_type_id (t), mn_dir_id (d));

        num->read[t][d] = reading (mn_data, key, printed[t][d]);
      }
  num->dice = (int) number (mn_data, "movement-circumstances", "dice", 2);
  num->leader_near = number (mn_data, "movement-circumstances", "leader-near-inches", 3);
  num->leader_bonus = number (mn_data, "movement-circumstances", "leader-near-bonus", 1);
  num->column_bonus = number (mn_data, "movement-circumstances", "column-bonus", 6);
  num->dice_one_change = (int) number (mn_data, "movement-circumstances",
                                       "changed-facing-or-formation-dice", 1);
  num->dice_both_changes = (int) number (mn_data, "movement-circumstances", "changed-both-dice", 0);
  num->pass_short = number (mn_data, "movement-circumstances", "interpenetration-stop-short", 1);
  num->charge_short = number (mn_data, "movement-circumstances", "charge-stop-short", 2);
  num->countercharge = number (mn_data, "movement-circumstances", "cavalry-countercharge", 2);
  num->range_horse = number (mn_data, "artillery-range", "horse-art", 9);
  num->range_foot = number (mn_data, "artillery-range", "foot-art", 12);
  num->arc = number (mn_data, "artillery-range", "arc-degrees", 45);
  num->halving = number (mn_data, "terrain-movement", "fence", 0.5);
  num->melee_dice = (int) number (mn_data, "melee-modifiers", "dice", 2);
  num->flank = (int) number (mn_data, "melee-modifiers", "flank", 2);
  num->rear = (int) number (mn_data, "melee-modifiers", "rear", 3);
  num->line_base = (int) number (mn_data, "melee-modifiers", "line-base", 1);
  num->leader = (int) number (mn_data, "melee-modifiers", "leader", 1);
  num->small_arms = (int) number (mn_data, "melee-modifiers", "small-arms", 1);
  num->line_column = (int) number (mn_data, "melee-modifiers", "line-vs-column", 1);
  num->art_support = (int) number (mn_data, "artillery-range", "melee-support", 1);
  num->cover = (int) number (mn_data, "cover", "cover", 1);
  num->hard_cover = (int) number (mn_data, "cover", "hard-cover", 2);
  num->entrenchment = (int) number (mn_data, "cover", "entrenchment", 2);
  num->fieldworks = (int) number (mn_data, "cover", "fieldworks", 1);
  {
    static const char *const rows[3] = { "less", "equal", "greater" };
    static const int hits[3] = { 3, 2, 1 }, retreat[3] = { 2, 1, 0 }, won[3] = { 0, 1, 0 };

    for (int i = 0; i < 3; i++)
      {
        g_autofree char *lh = g_strdup_printf ("%s loser-hits", rows[i]);
        g_autofree char *lr = g_strdup_printf ("%s loser-retreat-dice", rows[i]);
        g_autofree char *wh = g_strdup_printf ("%s winner-hits", rows[i]);

        num->loser_hits[i] = (int) number (mn_data, "casualties", lh, hits[i]);
        num->loser_retreat_dice[i] = (int) number (mn_data, "casualties", lr, retreat[i]);
        num->winner_hits[i] = (int) number (mn_data, "casualties", wh, won[i]);
      }
  }
  num->advance_dice = (int) number (mn_data, "casualties", "advance-dice", 1);
  num->injured_on = (int) number (mn_data, "leaders", "injured-on", 6);
  num->leader_retreat_dice = (int) number (mn_data, "leaders", "retreat-dice", 2);
  G_UNLOCK (mn_data);
}
