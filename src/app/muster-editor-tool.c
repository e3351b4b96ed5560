/* muster-editor-tool.c: what the editor's board tools share */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-tool.h"

#include "mu-render.h"

typedef struct
{
  MuEditHistory *history;
  MusterMapView *view;                  /* unowned: the view holds the active tool */
  const MusterToolOptions *options;     /* the editor's */
  const MusterSelection *selection;     /* the editor's */
  MusterTool kind;
} MusterEditorToolPrivate;

enum {
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MusterEditorTool, muster_editor_tool, G_TYPE_OBJECT)

static void
muster_editor_tool_dispose (GObject *object)
{
  MusterEditorTool *self = MUSTER_EDITOR_TOOL (object);

  muster_editor_tool_detach (self);
  G_OBJECT_CLASS (muster_editor_tool_parent_class)->dispose (object);
}

static void
muster_editor_tool_class_init (MusterEditorToolClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_editor_tool_dispose;

  /* An edit's refusal or a hint for the editor's status line (NULL: none). */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
}

static void
muster_editor_tool_init (MusterEditorTool *self)
{
}

void
muster_editor_tool_attach (MusterEditorTool        *self,
                           MuEditHistory           *history,
                           MusterMapView           *view,
                           const MusterToolOptions *options,
                           const MusterSelection   *selection)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_EDITOR_TOOL (self));
  g_return_if_fail (MU_IS_EDIT_HISTORY (history));
  g_return_if_fail (MUSTER_IS_MAP_VIEW (view));

  g_set_object (&priv->history, history);
  priv->view = view;
  priv->options = options;
  priv->selection = selection;
}

void
muster_editor_tool_detach (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_EDITOR_TOOL (self));

  g_clear_object (&priv->history);
  priv->view = NULL;
  priv->options = NULL;
  priv->selection = NULL;
}

gboolean
muster_editor_tool_is_attached (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), FALSE);
  return priv->history != NULL;
}

void
muster_editor_tool_set_kind (MusterEditorTool *self,
                             MusterTool        kind)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_EDITOR_TOOL (self));
  priv->kind = kind;
}

MusterTool
muster_editor_tool_get_kind (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), MUSTER_TOOL_SELECT);
  return priv->kind;
}

void
muster_editor_tool_finish (MusterEditorTool *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR_TOOL (self));

  if (MUSTER_EDITOR_TOOL_GET_CLASS (self)->finish && muster_editor_tool_is_attached (self))
    MUSTER_EDITOR_TOOL_GET_CLASS (self)->finish (self);
}

MuEditHistory *
muster_editor_tool_get_history (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), NULL);
  return priv->history;
}

MusterMapView *
muster_editor_tool_get_view (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), NULL);
  return priv->view;
}

MuScenario *
muster_editor_tool_get_scenario (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), NULL);
  g_return_val_if_fail (priv->history != NULL, NULL);
  return mu_edit_history_get_scenario (priv->history);
}

const MusterToolOptions *
muster_editor_tool_get_options (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), NULL);
  return priv->options;
}

const MusterSelection *
muster_editor_tool_get_selection (MusterEditorTool *self)
{
  MusterEditorToolPrivate *priv = muster_editor_tool_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_EDITOR_TOOL (self), NULL);
  return priv->selection;
}

void
muster_editor_tool_message (MusterEditorTool *self,
                            const char       *text,
                            gboolean          hint)
{
  g_return_if_fail (MUSTER_IS_EDITOR_TOOL (self));

  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text, hint);
}

void
muster_editor_tool_report (MusterEditorTool *self,
                           gboolean          ok,
                           GError          **error)
{
  if (!ok && *error)
    muster_editor_tool_message (self, (*error)->message, FALSE);
  else if (ok)
    muster_editor_tool_message (self, NULL, FALSE);
}

gboolean
muster_editor_tool_is_table (MusterEditorTool *self)
{
  MuScenario *s = muster_editor_tool_get_scenario (self);

  return s->board == MU_BOARD_TABLE && s->table != NULL;
}

double
muster_editor_tool_units_per_pixel (MusterEditorTool *self)
{
  MusterMapView *view = muster_editor_tool_get_view (self);
  MuRenderOptions options;

  muster_map_view_get_render_options (view, &options);
  return 1.0 / (MAX (options.table_scale, 1e-6) * muster_map_view_get_zoom (view));
}

void
muster_editor_tool_board_point (MusterEditorTool *self,
                                double            x,
                                double            y,
                                double           *bx,
                                double           *by)
{
  MusterViewTransform t;

  muster_map_view_get_transform (muster_editor_tool_get_view (self), &t);
  muster_view_to_board (&t, x, y, bx, by);
}

void
muster_editor_tool_table_outline (MusterEditorTool *self,
                                  const GArray     *points,
                                  guint             flags)
{
  MusterMapView *view = muster_editor_tool_get_view (self);
  MusterScene *scene = muster_map_view_get_scene (view);
  MuRenderOptions options;
  g_autoptr(GArray) board = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), points->len);

  if (scene == NULL)
    return;
  muster_map_view_get_render_options (view, &options);
  for (guint i = 0; i < points->len; i++)
    {
      MuPoint p = g_array_index (points, MuPoint, i);

      p.x *= options.table_scale;
      p.y *= options.table_scale;
      g_array_append_val (board, p);
    }
  muster_scene_set_outline (scene, (const MuPoint *) board->data, board->len, flags);
}

const char *
muster_editor_tool_text (MusterEditorTool *self)
{
  const MusterToolOptions *options = muster_editor_tool_get_options (self);

  return options->text && *options->text ? options->text : NULL;
}

MuReserve *
muster_tool_options_entry_reserve (const MusterToolOptions *options,
                                   MuScenario              *s)
{
  MuReserve *r = options->reserve ? mu_scenario_find_reserve (s, options->reserve) : NULL;

  if (r == NULL && s->reserves->len > 0)
    r = g_ptr_array_index (s->reserves, 0);
  return r;
}
