#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-render.h"
#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "muster-editor-oob.h"

/* Tools -------------------------------------------------------------------------- */

/* With the entry tool, the chosen reserve's entry hexes are marked on the board. */
void
muster_editor_update_entry_marks (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuReserve *r;
  g_autoptr(GArray) marks = NULL;

  if (scene == NULL || muster_stroke_tool_is_active (self->stroke))
    return;
  if (self->tool != MUSTER_TOOL_ENTRY || !(r = muster_editor_entry_reserve (self)))
    {
      if (self->tool != MUSTER_TOOL_RECTANGLE)
        muster_scene_clear_marks (scene);
      return;
    }
  marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHexHighlight h = { g_array_index (r->entry, MuHex, i), 0x2e7d3280 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_marks (scene, (MuHexHighlight *) marks->data, marks->len);
}

/* The reserve the entry tool works on. */
MuReserve *
muster_editor_entry_reserve (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  MuReserve *r = self->options.reserve ? mu_scenario_find_reserve (s, self->options.reserve) : NULL;

  if (r == NULL && s->reserves->len > 0)
    r = g_ptr_array_index (s->reserves, 0);
  return r;
}

void
muster_editor_set_reserve (MusterEditor *self,
                           const char   *reserve)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_free (self->options.reserve);
  self->options.reserve = g_strdup (reserve);
  muster_editor_update_reserves (self);
  muster_editor_update_entry_marks (self);
}

void
muster_editor_pointer_down (MusterEditor *self,
                            double        x,
                            double        y)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->tool == MUSTER_TOOL_SELECT)
    {
      muster_editor_select_down (self, x, y);
      return;
    }
  if (muster_editor_is_table (self))
    {
      muster_editor_table_down (self, x, y);
      return;
    }
  if (self->tool == MUSTER_TOOL_AREA || self->tool == MUSTER_TOOL_LINE)
    {
      muster_editor_show_message (self, _("Areas and lines are drawn on tabletop boards; use the brush and path tools on a hex map"));
      return;
    }
  muster_stroke_tool_down (self->stroke, x, y);
}

void
muster_editor_pointer_move (MusterEditor *self,
                            double        x,
                            double        y)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (muster_select_tool_is_moving (self->select))
    {
      muster_editor_select_move (self, x, y);
      return;
    }
  muster_stroke_tool_move (self->stroke, x, y);
}

void
muster_editor_pointer_up (MusterEditor *self,
                          double        x,
                          double        y)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (muster_select_tool_is_moving (self->select))
    {
      muster_editor_select_up (self, x, y);
      muster_select_tool_end (self->select);
      mu_edit_history_end_group (self->history);
      return;
    }
  muster_stroke_tool_up (self->stroke, x, y);
}

gboolean
muster_editor_drop_counter (MusterEditor *self,
                            const char   *id,
                            double        x,
                            double        y)
{
  MusterPick pick;
  int piece;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece) || !pick.on_board)
    {
      muster_editor_show_message (self, _("Drop the counter on the board"));
      return FALSE;
    }
  if (muster_editor_scenario (self)->board == MU_BOARD_HEX)
    ok = mu_edit_place_counter_hex (self->history, id, pick.hex, &error);
  else
    {
      const MuCounter *c = mu_scenario_find_counter (muster_editor_scenario (self), id);

      ok = mu_edit_place_counter_table (self->history, id, pick.table,
                                        c && c->place.kind == MU_PLACE_TABLE ? c->place.facing : 0,
                                        &error);
    }
  muster_editor_report (self, ok, &error);
  return ok;
}
