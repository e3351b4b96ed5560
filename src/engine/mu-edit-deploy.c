/* mu-edit-deploy.c: undoable edits of where the sides of a tabletop battle
 * come from: a side's home edge (the edge it arrives from and retreats to)
 * and a deployment zone laid along it. */
#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

static MuTableMap *
need_table_side (MuScenario  *s,
                 const char  *side,
                 GError     **error)
{
  if (s->board != MU_BOARD_TABLE || s->table == NULL)
    {
      mu_edit_fail (error, _("Home edges and deployment zones are for tables; the scenario is played on a hex board"));
      return NULL;
    }
  if (!mu_edit_need_side (s, side, error))
    return NULL;
  return s->table;
}

static MuHomeEdge *
home_edge_of (const MuTableMap *t,
              const char       *side,
              guint            *index)
{
  for (guint i = 0; i < t->home_edges->len; i++)
    {
      MuHomeEdge *e = g_ptr_array_index (t->home_edges, i);

      if (g_strcmp0 (e->side, side) == 0)
        {
          if (index)
            *index = i;
          return e;
        }
    }
  return NULL;
}

gboolean
mu_edit_set_home_edge (MuEditHistory *history,
                       const char    *side,
                       MuTableEdge    edge,
                       GError       **error)
{
  MuScenario *s;
  MuTableMap *t;
  MuHomeEdge *e;
  guint index = 0;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  s = mu_edit_history_get_scenario (history);
  if (!(t = need_table_side (s, side, error)))
    return FALSE;
  if ((int) edge < 0 || edge > MU_TABLE_EDGE_N)
    return mu_edit_fail (error, _("Unknown table edge %d"), (int) edge);
  e = home_edge_of (t, side, &index);
  if (edge == MU_TABLE_EDGE_N ? e != NULL : e == NULL || e->edge != edge)
    {
      mu_edit_touch (history, _("Change Home Edge"));
      e = home_edge_of (t, side, &index);
      if (edge == MU_TABLE_EDGE_N)
        g_ptr_array_remove_index (t->home_edges, index);
      else if (e)
        e->edge = edge;
      else
        g_ptr_array_add (t->home_edges, mu_home_edge_new (side, edge));
    }
  mu_edit_commit (history);
  return TRUE;
}

int
mu_edit_add_deployment_zone (MuEditHistory *history,
                             const char    *side,
                             double         depth,
                             GError       **error)
{
  MuScenario *s;
  MuTableMap *t;
  const MuHomeEdge *e;
  const MuSide *sd;
  MuArea *a;
  double w, h, limit;
  MuPoint p[4];

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), -1);

  s = mu_edit_history_get_scenario (history);
  if (!(t = need_table_side (s, side, error)))
    return -1;
  if (!(e = home_edge_of (t, side, NULL)))
    {
      mu_edit_fail (error, _("Side %s has no home edge: choose the edge it deploys along first"), side);
      return -1;
    }
  w = t->width;
  h = t->height;
  limit = e->edge == MU_TABLE_EDGE_NORTH || e->edge == MU_TABLE_EDGE_SOUTH ? h / 2 : w / 2;
  if (!(isfinite (depth) && depth > 0 && depth <= limit))
    {
      mu_edit_fail (error, _("A deployment zone is more than 0 and at most half the table (%g) deep, not %g"),
                    limit, depth);
      return -1;
    }
  switch (e->edge)
    {
    case MU_TABLE_EDGE_NORTH:
      p[0] = (MuPoint) { 0, 0 }, p[1] = (MuPoint) { w, 0 }, p[2] = (MuPoint) { w, depth }, p[3] = (MuPoint) { 0, depth };
      break;
    case MU_TABLE_EDGE_SOUTH:
      p[0] = (MuPoint) { 0, h - depth }, p[1] = (MuPoint) { w, h - depth }, p[2] = (MuPoint) { w, h }, p[3] = (MuPoint) { 0, h };
      break;
    case MU_TABLE_EDGE_WEST:
      p[0] = (MuPoint) { 0, 0 }, p[1] = (MuPoint) { depth, 0 }, p[2] = (MuPoint) { depth, h }, p[3] = (MuPoint) { 0, h };
      break;
    case MU_TABLE_EDGE_EAST:
    default:
      p[0] = (MuPoint) { w - depth, 0 }, p[1] = (MuPoint) { w, 0 }, p[2] = (MuPoint) { w, h }, p[3] = (MuPoint) { w - depth, h };
      break;
    }
  sd = mu_scenario_find_side (s, side);
  mu_edit_touch (history, _("Add Deployment Zone"));
  a = mu_area_new (MU_AREA_DEPLOYMENT);
  {
    g_autofree char *prefix = g_strconcat (side, "-deployment", NULL);

    a->id = mu_scenario_unique_id (s, prefix);
  }
  a->name = g_strdup_printf (_("%s deployment zone"), sd->name ? sd->name : side);
  a->side = g_strdup (side);
  g_array_append_vals (a->points, p, 4);
  g_ptr_array_add (t->areas, a);
  mu_edit_commit (history);
  return (int) t->areas->len - 1;
}
