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

/* The table tools: areas and lines drawn point by point, labels and objectives -------- */

/* The Area and Line tools' input: the corners clicked so far and the kind
 * of area or line they make. */
struct _MusterShapeTool
{
  GArray *draft;                /* of MuPoint, table units */
  MuAreaKind area_kind;
  MuLineKind line_kind;
};

MusterShapeTool *
muster_shape_tool_new (void)
{
  MusterShapeTool *self = g_new0 (MusterShapeTool, 1);

  self->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  return self;
}

void
muster_shape_tool_free (MusterShapeTool *self)
{
  g_array_unref (self->draft);
  g_free (self);
}

gboolean
muster_editor_is_table (MusterEditor *self)
{
  return muster_editor_scenario (self)->board == MU_BOARD_TABLE && muster_editor_scenario (self)->table != NULL;
}

/* Table units per widget pixel at the present zoom. */
double
muster_editor_table_units_per_pixel (MusterEditor *self)
{
  MuRenderOptions options;

  muster_map_view_get_render_options (self->view, &options);
  return 1.0 / (MAX (options.table_scale, 1e-6) * muster_map_view_get_zoom (self->view));
}

/* The board pixel under a widget point. */
void
muster_editor_board_point (MusterEditor *self,
                           double        x,
                           double        y,
                           double       *bx,
                           double       *by)
{
  MusterViewTransform t;

  muster_map_view_get_transform (self->view, &t);
  muster_view_to_board (&t, x, y, bx, by);
}

/* The area or line being drawn, on the board: its corners joined (an
 * area closed), in board pixels. */
/* Table points (of MuPoint, table units) outlined on the board. */
void
muster_editor_set_table_outline (MusterEditor *self,
                                 const GArray *points,
                                 guint         flags)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuRenderOptions options;
  g_autoptr(GArray) board = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), points->len);

  if (scene == NULL)
    return;
  muster_map_view_get_render_options (self->view, &options);
  for (guint i = 0; i < points->len; i++)
    {
      MuPoint p = g_array_index (points, MuPoint, i);

      p.x *= options.table_scale;
      p.y *= options.table_scale;
      g_array_append_val (board, p);
    }
  muster_scene_set_outline (scene, (const MuPoint *) board->data, board->len, flags);
}

static void
draft_outline (MusterEditor *self)
{
  muster_editor_set_table_outline (self, self->shape->draft, MUSTER_OUTLINE_CORNERS |
                     (self->tool == MUSTER_TOOL_AREA ? MUSTER_OUTLINE_CLOSED : 0));
}

static void
draft_message (MusterEditor *self)
{
  g_autofree char *text = NULL;
  guint n = self->shape->draft->len;

  draft_outline (self);
  if (n == 0)
    {
      muster_editor_show_message (self, NULL);
      return;
    }
  text = g_strdup_printf (ngettext ("%u point; click the last point again or press Enter to finish, Escape to cancel",
                                    "%u points; click the last point again or press Enter to finish, Escape to cancel",
                                    n), n);
  muster_editor_show_hint (self, text);
}

gboolean
muster_editor_finish_shape (MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = NULL;
  int index;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  if (self->shape->draft->len == 0)
    return FALSE;
  points = g_steal_pointer (&self->shape->draft);
  self->shape->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  draft_outline (self);
  if (self->tool == MUSTER_TOOL_AREA)
    index = mu_edit_add_area (self->history, self->shape->area_kind, (MuPoint *) points->data, points->len,
                              &error);
  else
    index = mu_edit_add_line (self->history, self->shape->line_kind, (MuPoint *) points->data, points->len,
                              &error);
  muster_editor_report (self, index >= 0, &error);
  return index >= 0;
}

guint
muster_editor_get_n_draft_points (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), 0);
  return self->shape->draft->len;
}

void
muster_editor_cancel_shape (MusterEditor *self)
{
  g_array_set_size (self->shape->draft, 0);
  draft_outline (self);
  muster_editor_show_message (self, NULL);
}

/* A click of the area or line tool adds a point; a click on the last point
 * (the second press of a double-click) ends the shape. */
static void
shape_point (MusterEditor *self,
             MuPoint       p)
{
  double tolerance = MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_table_units_per_pixel (self);

  if (self->shape->draft->len > 0)
    {
      MuPoint last = g_array_index (self->shape->draft, MuPoint, self->shape->draft->len - 1);

      if (hypot (p.x - last.x, p.y - last.y) <= tolerance)
        {
          muster_editor_finish_shape (self);
          return;
        }
    }
  g_array_append_val (self->shape->draft, p);
  draft_message (self);
}

void
muster_editor_select_item (MusterEditor        *self,
                           MusterSelectionKind  kind,
                           int                  index,
                           const char          *id)
{
  self->sel.kind = kind;
  self->sel.index = index;
  g_free (self->sel.id);
  self->sel.id = g_strdup (id);
  muster_editor_update_selection (self);
}

void
muster_editor_on_shape_kind_changed (MusterEditor *self)
{
  self->shape->area_kind = muster_tool_palette_get_area_kind (self->palette);
  self->shape->line_kind = muster_tool_palette_get_line_kind (self->palette);
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
      if (self->shape->draft->len == 0)
        return FALSE;
      muster_editor_finish_shape (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->shape->draft->len == 0)
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

/* A press of a drawing tool on a table. */
void
muster_editor_table_down (MusterEditor *self,
                          double        x,
                          double        y)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *text = self->options.text && *self->options.text ? self->options.text : NULL;
  MusterPick pick;
  int piece;

  if (!muster_map_view_pick (self->view, x, y, &pick, &piece))
    return;
  if (!pick.on_board)
    {
      muster_editor_show_message (self, _("That point is off the table"));
      return;
    }
  switch (self->tool)
    {
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
      shape_point (self, pick.table);
      break;
    case MUSTER_TOOL_LABEL:
      muster_editor_report (self, mu_edit_add_label (self->history, text ? text : _("Label"), MU_HEX_NONE,
                                                     pick.table.x, pick.table.y, &error) >= 0, &error);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (self->history, text ? text : _("Objective"), MU_HEX_NONE,
                                  pick.table, &error);
      muster_editor_report (self, id != NULL, &error);
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_RECTANGLE:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_N:
    default:
      muster_editor_show_message (self, _("On a tabletop board, use the Area, Line, Label and Objective tools"));
      break;
    }
}
