/* muster-shape-tool.c: the Area and Line tools
 *
 * On a table each click adds a corner at the table point the map view
 * picked; a click on the last corner (the second press of a double click)
 * or Enter (through the editor's keys) ends the shape and adds the area or
 * line, Escape drops it. The shape drawn so far is outlined on the board.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-shape-tool.h"

#include <glib/gi18n.h>
#include <math.h>

struct _MusterShapeTool
{
  MusterEditorTool parent_instance;

  GArray *draft;                /* of MuPoint, table units */
};

static void muster_shape_tool_map_tool_init (MusterMapToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterShapeTool, muster_shape_tool, MUSTER_TYPE_EDITOR_TOOL,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_shape_tool_map_tool_init))

MusterEditorTool *
muster_shape_tool_new (void)
{
  return g_object_new (MUSTER_TYPE_SHAPE_TOOL, NULL);
}

static gboolean
is_area (MusterShapeTool *self)
{
  return muster_editor_tool_get_kind (MUSTER_EDITOR_TOOL (self)) == MUSTER_TOOL_AREA;
}

/* The area or line being drawn, on the board: its corners joined (an area closed). */
static void
draft_outline (MusterShapeTool *self)
{
  muster_editor_tool_table_outline (MUSTER_EDITOR_TOOL (self), self->draft,
                                    MUSTER_OUTLINE_CORNERS | (is_area (self) ? MUSTER_OUTLINE_CLOSED : 0));
}

static void
draft_message (MusterShapeTool *self)
{
  g_autofree char *text = NULL;
  guint n = self->draft->len;

  draft_outline (self);
  if (n == 0)
    {
      muster_editor_tool_message (MUSTER_EDITOR_TOOL (self), NULL, FALSE);
      return;
    }
  text = g_strdup_printf (ngettext ("%u point; click the last point again or press Enter to finish, Escape to cancel",
                                    "%u points; click the last point again or press Enter to finish, Escape to cancel",
                                    n), n);
  muster_editor_tool_message (MUSTER_EDITOR_TOOL (self), text, TRUE);
}

gboolean
muster_shape_tool_finish_shape (MusterShapeTool *self)
{
  MusterEditorTool *tool = MUSTER_EDITOR_TOOL (self);
  const MusterToolOptions *options;
  MuEditHistory *history;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = NULL;
  int index;

  g_return_val_if_fail (MUSTER_IS_SHAPE_TOOL (self), FALSE);

  if (self->draft->len == 0 || !muster_editor_tool_is_attached (tool))
    return FALSE;
  options = muster_editor_tool_get_options (tool);
  history = muster_editor_tool_get_history (tool);
  points = g_steal_pointer (&self->draft);
  self->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  draft_outline (self);
  if (is_area (self))
    index = mu_edit_add_area (history, options->area_kind, (MuPoint *) points->data, points->len, &error);
  else
    index = mu_edit_add_line (history, options->line_kind, (MuPoint *) points->data, points->len, &error);
  muster_editor_tool_report (tool, index >= 0, &error);
  return index >= 0;
}

void
muster_shape_tool_cancel (MusterShapeTool *self)
{
  g_return_if_fail (MUSTER_IS_SHAPE_TOOL (self));

  g_array_set_size (self->draft, 0);
  if (!muster_editor_tool_is_attached (MUSTER_EDITOR_TOOL (self)))
    return;
  draft_outline (self);
  muster_editor_tool_message (MUSTER_EDITOR_TOOL (self), NULL, FALSE);
}

guint
muster_shape_tool_get_n_points (MusterShapeTool *self)
{
  g_return_val_if_fail (MUSTER_IS_SHAPE_TOOL (self), 0);
  return self->draft->len;
}

/* A click adds a corner; a click on the last corner ends the shape. */
static void
shape_point (MusterShapeTool *self,
             MuPoint          p)
{
  double tolerance = MUSTER_EDITOR_PICK_TOLERANCE * muster_editor_tool_units_per_pixel (MUSTER_EDITOR_TOOL (self));

  if (self->draft->len > 0)
    {
      MuPoint last = g_array_index (self->draft, MuPoint, self->draft->len - 1);

      if (hypot (p.x - last.x, p.y - last.y) <= tolerance)
        {
          muster_shape_tool_finish_shape (self);
          return;
        }
    }
  g_array_append_val (self->draft, p);
  draft_message (self);
}

static MusterMapPress
shape_press (MusterMapTool          *map_tool,
             const MusterMapPointer *pointer)
{
  MusterShapeTool *self = MUSTER_SHAPE_TOOL (map_tool);
  MusterEditorTool *tool = MUSTER_EDITOR_TOOL (self);

  if (!muster_editor_tool_is_attached (tool))
    return MUSTER_MAP_PRESS_IGNORE;
  if (!muster_editor_tool_is_table (tool))
    muster_editor_tool_message (tool, _("Areas and lines are drawn on tabletop boards; use the brush and path tools on a hex map"),
                                FALSE);
  else if (!pointer->picked)
    ;
  else if (!pointer->pick.on_board)
    muster_editor_tool_message (tool, _("That point is off the table"), FALSE);
  else
    shape_point (self, pointer->pick.table);
  return MUSTER_MAP_PRESS_CLAIM;
}

static void
shape_finish (MusterEditorTool *tool)
{
  MusterShapeTool *self = MUSTER_SHAPE_TOOL (tool);

  if (self->draft->len > 0)
    muster_shape_tool_cancel (self);
}

static void
muster_shape_tool_map_tool_init (MusterMapToolInterface *iface)
{
  iface->press = shape_press;
}

static void
muster_shape_tool_finalize (GObject *object)
{
  MusterShapeTool *self = MUSTER_SHAPE_TOOL (object);

  g_array_unref (self->draft);
  G_OBJECT_CLASS (muster_shape_tool_parent_class)->finalize (object);
}

static void
muster_shape_tool_class_init (MusterShapeToolClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_shape_tool_finalize;
  MUSTER_EDITOR_TOOL_CLASS (klass)->finish = shape_finish;
}

static void
muster_shape_tool_init (MusterShapeTool *self)
{
  self->draft = g_array_new (FALSE, FALSE, sizeof (MuPoint));
}
