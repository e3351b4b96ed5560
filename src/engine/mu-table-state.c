/* mu-table-state.c: per-area state and point markers of a table (see mu-table-state.h) */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-state.h"

#include "mu-pos.h"

struct _MuTableState {
  GArray *areas;         /* of MuAreaState */
  GArray *markers;       /* of MuPointMarker */
};

static void
area_clear (gpointer p)
{
  g_clear_pointer (&((MuAreaState *) p)->garrison, g_free);
  g_clear_pointer (&((MuAreaState *) p)->detail, g_free);
}

static void
marker_clear (gpointer p)
{
  g_clear_pointer (&((MuPointMarker *) p)->kind, g_free);
}

static MuTableState *
state_alloc (void)
{
  MuTableState *s = g_new0 (MuTableState, 1);

  s->areas = g_array_new (FALSE, TRUE, sizeof (MuAreaState));
  g_array_set_clear_func (s->areas, area_clear);
  s->markers = g_array_new (FALSE, TRUE, sizeof (MuPointMarker));
  g_array_set_clear_func (s->markers, marker_clear);
  return s;
}

MuTableState *
mu_table_state_new (const MuTableMap *table)
{
  MuTableState *s = state_alloc ();

  g_return_val_if_fail (table != NULL, s);

  for (guint i = 0; table->areas && i < table->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (table->areas, i);
      MuAreaState st = { 0 };

      if (a->id == NULL)
        continue;
      st.area = a->id;
      g_array_append_val (s->areas, st);
    }
  return s;
}

MuTableState *
mu_table_state_copy (const MuTableState *state)
{
  MuTableState *s;

  g_return_val_if_fail (state != NULL, NULL);

  s = state_alloc ();
  for (guint i = 0; i < state->areas->len; i++)
    {
      MuAreaState a = g_array_index (state->areas, MuAreaState, i);

      a.garrison = g_strdup (a.garrison);
      a.detail = g_strdup (a.detail);
      g_array_append_val (s->areas, a);
    }
  for (guint i = 0; i < state->markers->len; i++)
    {
      MuPointMarker k = g_array_index (state->markers, MuPointMarker, i);

      k.kind = g_strdup (k.kind);
      g_array_append_val (s->markers, k);
    }
  return s;
}

void
mu_table_state_free (MuTableState *state)
{
  if (state == NULL)
    return;
  g_array_unref (state->areas);
  g_array_unref (state->markers);
  g_free (state);
}

MuAreaState *
mu_table_state_area (MuTableState *state,
                     const char   *area)
{
  g_return_val_if_fail (state != NULL, NULL);

  for (guint i = 0; area != NULL && i < state->areas->len; i++)
    if (g_str_equal (g_array_index (state->areas, MuAreaState, i).area, area))
      return &g_array_index (state->areas, MuAreaState, i);
  return NULL;
}

void
mu_table_state_set_garrison (MuAreaState *area,
                             const char  *unit)
{
  g_return_if_fail (area != NULL);

  g_free (area->garrison);
  area->garrison = g_strdup (unit);
}

void
mu_table_state_set_detail (MuAreaState *area,
                           const char  *detail)
{
  g_return_if_fail (area != NULL);

  g_free (area->detail);
  area->detail = g_strdup (detail);
}

void
mu_table_state_add_marker (MuTableState *state,
                           const char   *kind,
                           MuPoint       at,
                           double        radius,
                           int           until)
{
  MuPointMarker k = { 0 };

  g_return_if_fail (state != NULL && kind != NULL && radius >= 0 && until >= 0);

  k.kind = g_strdup (kind);
  k.at = at;
  k.radius = radius;
  k.until = until;
  g_array_append_val (state->markers, k);
}

guint
mu_table_state_expire (MuTableState *state,
                       int           bound)
{
  guint n = 0;

  g_return_val_if_fail (state != NULL, 0);

  for (guint i = state->markers->len; i-- > 0;)
    {
      const MuPointMarker *k = &g_array_index (state->markers, MuPointMarker, i);

      if (k->until > 0 && k->until < bound)
        {
          g_array_remove_index (state->markers, i);
          n++;
        }
    }
  return n;
}

void
mu_table_state_remove_marker (MuTableState *state,
                              guint         i)
{
  g_return_if_fail (state != NULL && i < state->markers->len);

  g_array_remove_index (state->markers, i);
}

const GArray *
mu_table_state_areas (const MuTableState *state)
{
  g_return_val_if_fail (state != NULL, NULL);
  return state->areas;
}

const GArray *
mu_table_state_markers (const MuTableState *state)
{
  g_return_val_if_fail (state != NULL, NULL);
  return state->markers;
}

void
mu_table_state_format (const MuTableState *state,
                       GString            *out)
{
  g_return_if_fail (state != NULL && out != NULL);

  for (guint i = 0; i < state->areas->len; i++)
    {
      const MuAreaState *a = &g_array_index (state->areas, MuAreaState, i);

      /* an area as at the start says nothing: a table has hundreds */
      if (a->fire == 0 && !a->destroyed && a->garrison == NULL && a->detail == NULL)
        continue;
      g_string_append_printf (out, "area %s fire=%d destroyed=%s garrison=%s%s%s\n", a->area, a->fire,
                              a->destroyed ? "yes" : "no", a->garrison ? a->garrison : "-",
                              a->detail ? " " : "", a->detail ? a->detail : "");
    }
  for (guint i = 0; i < state->markers->len; i++)
    {
      const MuPointMarker *k = &g_array_index (state->markers, MuPointMarker, i);
      MuPos at = mu_pos_from_point (k->at.x, k->at.y, -1);
      char pos[64], radius[G_ASCII_DTOSTR_BUF_SIZE];

      mu_pos_format (&at, pos, sizeof pos);
      g_ascii_formatd (radius, sizeof radius, "%.2f", k->radius);
      g_string_append_printf (out, "marker %s at=%s radius=%s", k->kind, pos, radius);
      if (k->until > 0)
        g_string_append_printf (out, " until=%d\n", k->until);
      else
        g_string_append (out, " until=-\n");
    }
}
