/* muster-editor-selection.c: the Select tool's item, kept valid across
 * edits and shown in the Selected Item panel (muster-item-panel.c), and the
 * table tools' option rows. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>

/* The selection ---------------------------------------------------------------------- */

/* Drops a selection that an edit, undo or redo has taken away. */
static gboolean
selection_valid (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  GPtrArray *labels = muster_editor_is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;

  switch (self->sel.kind)
    {
    case MUSTER_SELECTION_AREA:
      return muster_editor_is_table (self) && self->sel.index >= 0 && (guint) self->sel.index < s->table->areas->len;
    case MUSTER_SELECTION_LINE:
      return muster_editor_is_table (self) && self->sel.index >= 0 && (guint) self->sel.index < s->table->lines->len;
    case MUSTER_SELECTION_LABEL:
      return labels && self->sel.index >= 0 && (guint) self->sel.index < labels->len;
    case MUSTER_SELECTION_OBJECTIVE:
      return mu_scenario_find_objective (s, self->sel.id) != NULL;
    case MUSTER_SELECTION_COUNTER:
      {
        const MuCounter *c = mu_scenario_find_counter (s, self->sel.id);

        return c != NULL && (c->place.kind == MU_PLACE_HEX || c->place.kind == MU_PLACE_TABLE);
      }
    case MUSTER_SELECTION_NONE:
    default:
      return FALSE;
    }
}

void
muster_editor_update_selection (MusterEditor *self)
{
  if (self->sel.kind != MUSTER_SELECTION_NONE && !selection_valid (self))
    {
      self->sel.kind = MUSTER_SELECTION_NONE;
      g_clear_pointer (&self->sel.id, g_free);
    }
  muster_editor_update_handle (self);
  muster_item_panel_show (self->item, self->sel.kind, self->sel.index, self->sel.id);
}

void
muster_editor_set_selected_text (MusterEditor *self,
                                 const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_set_text (self->item, text);
}

void
muster_editor_set_selected_level (MusterEditor *self,
                                  int           level)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_set_level (self->item, level);
}

void
muster_editor_set_selected_scale (MusterEditor *self,
                                  double        scale)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_set_scale (self->item, scale);
}

void
muster_editor_set_selected_owner (MusterEditor *self,
                                  const char   *owner)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_set_owner (self->item, owner);
}

void
muster_editor_set_selected_value (MusterEditor *self,
                                  int           value)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_set_value (self->item, value);
}

void
muster_editor_rotate_selected (MusterEditor *self,
                               double        degrees)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_rotate (self->item, degrees);
}

void
muster_editor_delete_selected (MusterEditor *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_item_panel_delete (self->item);
}

/* The facing handle of a stand selected on a table, shown while Select is
 * the palette's tool. */
void
muster_editor_update_handle (MusterEditor *self)
{
  muster_select_tool_update_handle (self->select, self->tool == MUSTER_TOOL_SELECT);
}

const char *
muster_editor_get_selection_text (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  return muster_item_panel_get_title (self->item);
}

MusterSelectionKind
muster_editor_get_selection (MusterEditor *self,
                             int          *index,
                             const char  **id)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), MUSTER_SELECTION_NONE);
  if (index)
    *index = self->sel.index;
  if (id)
    *id = self->sel.id;
  return self->sel.kind;
}

void
muster_editor_set_rotate_drag (MusterEditor *self,
                               gboolean      rotate)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_select_tool_set_rotate (self->select, rotate);
}
