/* toy-soldiers-data.c: the numbers of data/rules/toy-soldiers.xml
 *
 * A house rule changes the file; the digest's numbers below stay as the
 * fallback when no data file is found, or it lacks an entry. The file is
 * read once per path and kept for the process.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "toy-soldiers-private.h"

#include "mu-rules-data.h"

G_LOCK_DEFINE_STATIC (ts_data);
static MuRulesData *ts_data;
static char *ts_data_path;

static double
number (const MuRulesData *data, const char *table, const char *key, double fallback)
{
  double v;

  return data && mu_rules_data_number (data, table, key, &v) && v >= 0 ? v : fallback;
}

void
ts_numbers_init (TsNumbers *num)
{
  g_autofree char *path = mu_rules_data_path ("toy-soldiers");
  static const char *const weapons[TS_WEAPON_N] = { "musket", "carbine", "rifle", "reg-art" };
  static const double bands[TS_WEAPON_N] = { 4, 3, 5, 10 };
  static const int files[TS_FORM_N] = { 0, 2, 1, 2, 1, 0, 1 };
  static const int width[7] = { 0, 0, 1, 1, 2, 2, 2 };
  /* TS-INF-1, TS-CAV-1, TS-ART-1: -1 where the arm has no such action */
  static const char *const moves[TS_ACT_N] = {
    [TS_ACT_ADJUST] = "adjust", [TS_ACT_EASE_FORWARD] = "ease-forward", [TS_ACT_FORWARD] = "forward",
    [TS_ACT_HURRY_FORWARD] = "hurry-forward", [TS_ACT_FALL_BACK] = "fall-back",
    [TS_ACT_RETREAT] = "retreat", [TS_ACT_FORM] = "change-formation", [TS_ACT_ANGLE] = "angle",
    [TS_ACT_SIDE] = "move-to-side-disordered", [TS_ACT_PROLONG] = "prolong",
    [TS_ACT_CHARGE] = "charge-reach",
  };
  static const double inf[TS_ACT_N] = {
    [TS_ACT_ADJUST] = 2, [TS_ACT_EASE_FORWARD] = 4, [TS_ACT_FORWARD] = 8, [TS_ACT_HURRY_FORWARD] = 12,
    [TS_ACT_FALL_BACK] = 8, [TS_ACT_RETREAT] = 12, [TS_ACT_FORM] = 2, [TS_ACT_ANGLE] = 4,
    [TS_ACT_SIDE] = 4, [TS_ACT_PROLONG] = -1, [TS_ACT_CHARGE] = 12,
  };
  static const double cav[TS_ACT_N] = {
    [TS_ACT_ADJUST] = 2, [TS_ACT_EASE_FORWARD] = 4, [TS_ACT_FORWARD] = 12, [TS_ACT_HURRY_FORWARD] = 18,
    [TS_ACT_FALL_BACK] = 12, [TS_ACT_RETREAT] = 18, [TS_ACT_FORM] = 2, [TS_ACT_ANGLE] = 6,
    [TS_ACT_SIDE] = 6, [TS_ACT_PROLONG] = -1, [TS_ACT_CHARGE] = 18,
  };
  static const double art[TS_ACT_N] = {
    [TS_ACT_ADJUST] = -1, [TS_ACT_EASE_FORWARD] = 4, [TS_ACT_FORWARD] = 8, [TS_ACT_HURRY_FORWARD] = -1,
    [TS_ACT_FALL_BACK] = -1, [TS_ACT_RETREAT] = -1, [TS_ACT_FORM] = 2, [TS_ACT_ANGLE] = 2,
    [TS_ACT_SIDE] = -1, [TS_ACT_PROLONG] = 2, [TS_ACT_CHARGE] = -1,
  };

  G_LOCK (ts_data);
  if (g_strcmp0 (path, ts_data_path) != 0)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&ts_data, mu_rules_data_free);
      g_free (ts_data_path);
      ts_data_path = g_strdup (path);
      ts_data = mu_rules_data_load ("toy-soldiers", &error);
      if (ts_data == NULL && !g_error_matches (error, MU_ERROR, MU_ERROR_IO))
        g_warning ("%s; the digest's numbers are used", error->message);
    }
  for (int w = 0; w < TS_WEAPON_N; w++)
    num->band[w] = number (ts_data, "range-band", weapons[w], bands[w]);
  for (int b = 1; b <= 4; b++)
    {
      char key[4];
      double v;

      g_snprintf (key, sizeof key, "%d", b);
      /* modifiers may be negative: read them without number()'s floor */
      num->band_mod[b] = ts_data && mu_rules_data_number (ts_data, "range-modifier", key, &v) ? (int) v : b - 2;
    }
  for (int s = 1; s <= 6; s++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "%d", s);
      num->width_disorder[s] = (int) number (ts_data, "width-disorder", key, width[s]);
    }
  for (int f = 0; f < TS_FORM_N; f++)
    num->files[f] = (int) number (ts_data, "formation-files", ts_formation_shapes[f].id, files[f]);
  for (int a = 0; a < TS_ACT_N; a++)
    {
      num->move[TS_LINE_INF][a] = moves[a] && inf[a] >= 0 ? number (ts_data, "infantry-move", moves[a], inf[a]) : -1;
      num->move[TS_LIGHT_INF][a] = num->move[TS_LINE_INF][a];
      num->move[TS_CAV][a] = moves[a] && cav[a] >= 0 ? number (ts_data, "cavalry-move", moves[a], cav[a]) : -1;
      num->move[TS_ART][a] = moves[a] && art[a] >= 0 ? number (ts_data, "artillery-move", moves[a], art[a]) : -1;
      num->move[TS_COMMANDER][a] = -1;
    }
  num->side_free[TS_LINE_INF] = num->side_free[TS_LIGHT_INF] = number (ts_data, "infantry-move", "move-to-side", 2);
  num->side_free[TS_CAV] = number (ts_data, "cavalry-move", "move-to-side", 3);
  num->side_free[TS_ART] = num->side_free[TS_COMMANDER] = 0;
  num->ride = number (ts_data, "commander-move", "ride", 24);
  num->consolidate = number (ts_data, "commander-move", "consolidate", 6);
  num->inspire = number (ts_data, "commander-move", "inspire", 6);
  num->rally = number (ts_data, "commander-move", "rally", 6);
  num->attach_reach = number (ts_data, "commander-reach", "attach", 6);
  num->threat_reach = number (ts_data, "commander-reach", "threat", 12);
  num->rout = number (ts_data, "distances", "rout-move", 18);
  num->rout_panic = number (ts_data, "distances", "rout-panic-radius", 6);
  num->smoke_radius = number (ts_data, "distances", "smoke-radius", 2);
  num->smoke_ahead = number (ts_data, "distances", "smoke-ahead", 2);
  num->arc = number (ts_data, "distances", "forward-arc-degrees", 22);
  num->reorder_near = number (ts_data, "reorder", "near", 4);
  {
    static const char *const types[TS_COMMANDER] = { "line-inf", "light-inf", "cav", "art" };
    static const int stands[TS_COMMANDER] = { 6, 4, 2, 3 };
    static const int elan[TS_COMMANDER] = { 1, 1, 1, 0 };

    for (int t = 0; t < TS_COMMANDER; t++)
      {
        num->stands_max[t] = (int) number (ts_data, "stands", types[t], stands[t]);
        num->sel_elan[t] = (int) number (ts_data, "selection-elan", types[t], elan[t]);
      }
    num->stands_max[TS_COMMANDER] = 1;
    num->sel_elan[TS_COMMANDER] = 0;
    num->sel_elan_at_all_costs = (int) number (ts_data, "selection-elan", "at-all-costs", 1);
    num->sel_elan_veterans = (int) number (ts_data, "selection-elan", "veterans", 2);
  }
  G_UNLOCK (ts_data);
}
