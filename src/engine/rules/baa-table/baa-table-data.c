/* baa-table-data.c: Tables S1-S4 from data/rules/baa-table.xml
 *
 * A house rule changes the file; the printed tables in baa-table-geom.c
 * stay as the fallback when no data file is found, or it lacks an entry.
 * The file is read once per path and kept for the process.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "baa-table-private.h"

#include "mu-error.h"
#include "mu-rules-data.h"

G_LOCK_DEFINE_STATIC (bat_data);
static MuRulesData *bat_data;
static char *bat_data_path;

/* The data file's value of table/key, or fallback. */
static double
number (const MuRulesData *data,
        const char        *table,
        const char        *key,
        double             fallback)
{
  double v;

  return data && mu_rules_data_number (data, table, key, &v) && v > 0 ? v : fallback;
}

void
bat_scale_apply_data (BatScale *s,
                      gboolean  cm)
{
  g_autofree char *path = mu_rules_data_path ("baa-table");
  const char *unit = cm ? "cm" : "in";
  static const struct { const char *arm; MuArm index; } rows[] = {
    { "infantry", MU_ARM_INFANTRY }, { "artillery", MU_ARM_ARTILLERY },
    { "artillery", MU_ARM_RIVERBOAT }, { "cavalry", MU_ARM_CAVALRY },
  };
  g_autofree char *key = g_strdup_printf ("%s %s", s->scale, unit);

  s->road = 1.5;                 /* Table S3 */
  s->turnpike = 2.0;
  s->difficult = 0.5;

  G_LOCK (bat_data);
  if (g_strcmp0 (path, bat_data_path) != 0)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&bat_data, mu_rules_data_free);
      g_free (bat_data_path);
      bat_data_path = g_strdup (path);
      bat_data = mu_rules_data_load ("baa-table", &error);
      if (bat_data == NULL && !g_error_matches (error, MU_ERROR, MU_ERROR_IO))
        g_warning ("%s; the printed tables are used", error->message);
    }
  s->u = number (bat_data, "scale-unit", key, s->u);
  s->visible = number (bat_data, "visible-distance", key, s->visible);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *k = g_strdup_printf ("%s %s", rows[i].arm, key);

      s->move[rows[i].index] = number (bat_data, "movement", k, s->move[rows[i].index]);
    }
  {
    g_autofree char *k = g_strdup_printf ("commander %s", key);

    s->move_commander = number (bat_data, "movement", k, s->move_commander);
  }
  s->road = number (bat_data, "movement-multipliers", "local-road", s->road);
  s->turnpike = number (bat_data, "movement-multipliers", "turnpike", s->turnpike);
  s->difficult = number (bat_data, "movement-multipliers", "difficult", s->difficult);
  G_UNLOCK (bat_data);
}
