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

/* The table tools' options and keys ----------------------------------------------- */

gboolean
muster_editor_is_table (MusterEditor *self)
{
  return muster_editor_scenario (self)->board == MU_BOARD_TABLE && muster_editor_scenario (self)->table != NULL;
}

gboolean
muster_editor_finish_shape (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  return muster_shape_tool_finish_shape (self->shape);
}

guint
muster_editor_get_n_draft_points (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), 0);
  return muster_shape_tool_get_n_points (self->shape);
}

void
muster_editor_cancel_shape (MusterEditor *self)
{
  muster_shape_tool_cancel (self->shape);
}

void
muster_editor_select_item (MusterEditor        *self,
                           MusterSelectionKind  kind,
                           int                  index,
                           const char          *id)
{
  char *copy = g_strdup (id);   /* id may be the selection's own */

  self->sel.kind = kind;
  self->sel.index = index;
  g_free (self->sel.id);
  self->sel.id = copy;
  muster_editor_update_selection (self);
}

void
muster_editor_set_area_kind (MusterEditor *self,
                             MuAreaKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_area_kind (self->palette, kind);
}

void
muster_editor_set_line_kind (MusterEditor *self,
                             MuLineKind    kind)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  muster_tool_palette_set_line_kind (self->palette, kind);
}

/* Enter ends a shape, Escape drops it, Delete removes the selected item. */
gboolean
muster_editor_on_view_key (GtkEventControllerKey *controller,
                           guint                  keyval,
                           guint                  keycode,
                           GdkModifierType        state,
                           MusterEditor          *self)
{
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (muster_editor_get_n_draft_points (self) == 0)
        return FALSE;
      muster_editor_finish_shape (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (muster_editor_get_n_draft_points (self) == 0)
        return FALSE;
      muster_editor_cancel_shape (self);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
      if (self->sel.kind == MUSTER_SELECTION_NONE)
        return FALSE;
      muster_editor_delete_selected (self);
      return TRUE;
    default:
      return muster_editor_tool_key (self, keyval, state);
    }
}
