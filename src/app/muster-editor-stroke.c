/* muster-editor-stroke.c: the hex tools' strokes
 *
 * Brush, fill, rectangle, lasso, raise, lower, hexside, path, label,
 * objective and entry work on a hex map by a press, a drag and a release.
 * The stroke tool owns what a stroke needs between them (its first and
 * last hex, the hexes it changed, the outline drawn); it reads the chosen
 * tool and its options from the editor's panel.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>

#include "mu-render.h"

struct _MusterStrokeTool
{
  MusterEditor *editor;         /* unowned: the editor owns the tool */
  gboolean stroking;
  MuHex start_hex;
  MuHex last_hex;
  gboolean side_on;             /* hexside tool: adding (TRUE) or removing */
  GHashTable *stroke_hexes;     /* elevation: hexes already raised/lowered, "col,row" */
  GArray *lasso;                /* MuPoint in board pixels while a lasso is drawn */
};

MusterStrokeTool *
muster_stroke_tool_new (MusterEditor *editor)
{
  MusterStrokeTool *self = g_new0 (MusterStrokeTool, 1);

  self->editor = editor;
  self->stroke_hexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->lasso = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  return self;
}

void
muster_stroke_tool_free (MusterStrokeTool *self)
{
  g_hash_table_unref (self->stroke_hexes);
  g_array_unref (self->lasso);
  g_free (self);
}

gboolean
muster_stroke_tool_is_active (MusterStrokeTool *self)
{
  return self->stroking;
}

gboolean
muster_stroke_tool_has_outline (MusterStrokeTool *self)
{
  return self->lasso->len > 0;
}

static gboolean
pick_at (MusterStrokeTool *self,
         double            x,
         double            y,
         MusterPick       *pick)
{
  MusterEditor *editor = self->editor;
  int piece;

  return muster_map_view_pick (editor->view, x, y, pick, &piece) &&
         muster_editor_scenario (editor)->hex_map != NULL;
}

/* The lasso's hexes for the outline drawn so far (widget points kept in board pixels). */
static GArray *
lasso_hexes (MusterStrokeTool *self)
{
  MusterEditor *editor = self->editor;
  MuRenderOptions options;

  muster_map_view_get_render_options (editor->view, &options);
  return mu_edit_lasso_hexes (&muster_editor_scenario (editor)->hex_map->grid, options.hex_size,
                              (const MuPoint *) self->lasso->data, self->lasso->len);
}

static void
lasso_add (MusterStrokeTool *self,
           double            x,
           double            y)
{
  MusterEditor *editor = self->editor;
  MusterViewTransform transform;
  MuPoint p;

  muster_map_view_get_transform (editor->view, &transform);
  muster_view_to_board (&transform, x, y, &p.x, &p.y);
  g_array_append_val (self->lasso, p);
  /* the line drawn so far, closed as the lasso will close it */
  muster_scene_set_outline (muster_map_view_get_scene (editor->view), (const MuPoint *) self->lasso->data,
                            self->lasso->len, MUSTER_OUTLINE_CLOSED);
}

static void
set_lasso_preview (MusterStrokeTool *self)
{
  MusterEditor *editor = self->editor;
  MusterScene *scene = muster_map_view_get_scene (editor->view);
  g_autoptr(GArray) hexes = lasso_hexes (self);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_marks (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
set_rectangle_preview (MusterStrokeTool *self,
                       MuHex             a,
                       MuHex             b)
{
  MusterEditor *editor = self->editor;
  MusterScene *scene = muster_map_view_get_scene (editor->view);
  g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&muster_editor_scenario (editor)->hex_map->grid, a, b);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_marks (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
elevate (MusterStrokeTool *self,
         MuHex             centre)
{
  MusterEditor *editor = self->editor;
  g_autoptr(GArray) brush = mu_edit_brush_hexes (&muster_editor_scenario (editor)->hex_map->grid, centre, editor->options.brush);
  g_autoptr(GArray) fresh = g_array_new (FALSE, FALSE, sizeof (MuHex));
  g_autoptr(GError) error = NULL;

  /* a hex changes once per stroke however long the pointer stays on it */
  for (guint i = 0; i < brush->len; i++)
    {
      MuHex h = g_array_index (brush, MuHex, i);
      char *key = g_strdup_printf ("%d,%d", h.col, h.row);

      if (g_hash_table_add (self->stroke_hexes, key))
        g_array_append_val (fresh, h);
    }
  muster_editor_report (editor, mu_edit_change_elevation (editor->history, (MuHex *) fresh->data, fresh->len,
                                                          editor->tool == MUSTER_TOOL_RAISE ? 1 : -1, &error),
                        &error);
}

static void
hexside_at (MusterStrokeTool *self,
            const MusterPick *pick,
            gboolean          first)
{
  MusterEditor *editor = self->editor;
  g_autoptr(GError) error = NULL;
  guint have;

  if (first)
    {
      have = mu_hex_map_side (muster_editor_scenario (editor)->hex_map, pick->hex, pick->side_dir);
      self->side_on = (have & editor->options.side_feature) == 0;
    }
  muster_editor_report (editor, mu_edit_set_side_features (editor->history, pick->hex, pick->side_dir,
                                                           editor->options.side_feature, self->side_on, &error),
                        &error);
}

static void
toggle_entry (MusterStrokeTool *self,
              MuHex             hex)
{
  MusterEditor *editor = self->editor;
  MuReserve *r = muster_editor_entry_reserve (editor);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  if (r == NULL)
    {
      muster_editor_show_message (editor, _("The scenario has no reserves; add one with the reserve button on the Forces page"));
      return;
    }
  hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHex h = g_array_index (r->entry, MuHex, i);

      if (mu_hex_equal (h, hex))
        found = TRUE;
      else
        g_array_append_val (hexes, h);
    }
  if (!found)
    g_array_append_val (hexes, hex);
  muster_editor_report (editor, mu_edit_set_reserve_entry (editor->history, r->id, (MuHex *) hexes->data, hexes->len,
                                                           &error), &error);
}

void
muster_stroke_tool_down (MusterStrokeTool *self,
                         double            x,
                         double            y)
{
  MusterEditor *editor = self->editor;
  MusterPick pick;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *text;

  if (!pick_at (self, x, y, &pick))
    return;
  if (!pick.on_board)
    {
      muster_editor_show_message (editor, _("That point is off the board"));
      return;
    }
  self->stroking = TRUE;
  self->start_hex = self->last_hex = pick.hex;
  g_hash_table_remove_all (self->stroke_hexes);
  text = editor->options.text && *editor->options.text ? editor->options.text : NULL;

  switch (editor->tool)
    {
    case MUSTER_TOOL_BRUSH:
      mu_edit_history_begin_group (editor->history, NULL);
      muster_editor_report (editor, mu_edit_paint_brush (editor->history, pick.hex, editor->options.brush, editor->options.terrain, &error),
                            &error);
      break;
    case MUSTER_TOOL_FILL:
      muster_editor_report (editor, mu_edit_flood_fill (editor->history, pick.hex, editor->options.terrain, &error), &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_RECTANGLE:
      set_rectangle_preview (self, pick.hex, pick.hex);
      break;
    case MUSTER_TOOL_LASSO:
      g_array_set_size (self->lasso, 0);
      lasso_add (self, x, y);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      mu_edit_history_begin_group (editor->history, NULL);
      elevate (self, pick.hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      mu_edit_history_begin_group (editor->history, NULL);
      hexside_at (self, &pick, TRUE);
      break;
    case MUSTER_TOOL_PATH:
      mu_edit_history_begin_group (editor->history, NULL);
      break;
    case MUSTER_TOOL_LABEL:
      muster_editor_report (editor, mu_edit_add_label (editor->history, text ? text : _("Label"), pick.hex, 0, 0,
                                                       &error) >= 0, &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_ENTRY:
      self->stroking = FALSE;
      toggle_entry (self, pick.hex);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (editor->history, text ? text : _("Objective"), pick.hex,
                                  pick.table, &error);
      muster_editor_report (editor, id != NULL, &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_N:
    default:
      self->stroking = FALSE;
      break;
    }
}

void
muster_stroke_tool_move (MusterStrokeTool *self,
                         double            x,
                         double            y)
{
  MusterEditor *editor = self->editor;
  MusterPick pick;
  g_autoptr(GError) error = NULL;

  if (self->stroking && editor->tool == MUSTER_TOOL_LASSO)
    {
      lasso_add (self, x, y);
      set_lasso_preview (self);
      return;
    }
  if (!self->stroking || !pick_at (self, x, y, &pick))
    return;

  switch (editor->tool)
    {
    case MUSTER_TOOL_BRUSH:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        muster_editor_report (editor, mu_edit_paint_brush (editor->history, pick.hex, editor->options.brush, editor->options.terrain,
                                                           &error), &error);
      break;
    case MUSTER_TOOL_RECTANGLE:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        set_rectangle_preview (self, self->start_hex, pick.hex);
      break;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        elevate (self, pick.hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      if (pick.on_board)
        hexside_at (self, &pick, FALSE);
      break;
    case MUSTER_TOOL_PATH:
      if (pick.on_board && !mu_hex_equal (pick.hex, self->last_hex))
        {
          const MuHexGrid *grid = &muster_editor_scenario (editor)->hex_map->grid;

          /* a fast pointer may skip hexes: follow the hex line */
          g_autoptr(GArray) line = mu_hex_line (grid, self->last_hex, pick.hex);

          for (guint i = 1; i < line->len; i++)
            {
              MuHex a = g_array_index (line, MuHexLineStep, i - 1).hex;
              MuHex b = g_array_index (line, MuHexLineStep, i).hex;
              gboolean ok;

              g_clear_error (&error);
              if (editor->options.path_erase)
                ok = !mu_hex_map_has_link (muster_editor_scenario (editor)->hex_map, a, mu_hex_direction_to (grid, a, b),
                                           editor->options.path_kind) ||
                     mu_edit_remove_path_segment (editor->history, editor->options.path_kind, a, b, &error);
              else
                ok = mu_edit_add_path_segment (editor->history, editor->options.path_kind, a, b, &error);
              muster_editor_report (editor, ok, &error);
            }
        }
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
    case MUSTER_TOOL_N:
    default:
      break;
    }
  self->last_hex = pick.hex;
}

void
muster_stroke_tool_up (MusterStrokeTool *self,
                       double            x,
                       double            y)
{
  MusterEditor *editor = self->editor;
  g_autoptr(GError) error = NULL;

  if (!self->stroking)
    return;
  muster_stroke_tool_move (self, x, y);
  self->stroking = FALSE;
  switch (editor->tool)
    {
    case MUSTER_TOOL_RECTANGLE:
      {
        g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&muster_editor_scenario (editor)->hex_map->grid,
                                                           self->start_hex, self->last_hex);

        muster_scene_clear_marks (muster_map_view_get_scene (editor->view));
        muster_editor_report (editor, mu_edit_paint_terrain (editor->history, (MuHex *) hexes->data, hexes->len,
                                                             editor->options.terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_LASSO:
      {
        g_autoptr(GArray) hexes = lasso_hexes (self);

        muster_scene_clear_marks (muster_map_view_get_scene (editor->view));
        muster_scene_set_outline (muster_map_view_get_scene (editor->view), NULL, 0, 0);
        g_array_set_size (self->lasso, 0);
        if (hexes->len == 0)
          muster_editor_show_message (editor, _("The outline encloses no hex centre"));
        else
          muster_editor_report (editor, mu_edit_paint_terrain (editor->history, (MuHex *) hexes->data, hexes->len,
                                                               editor->options.terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
      mu_edit_history_end_group (editor->history);
      break;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
    case MUSTER_TOOL_ENTRY:
    case MUSTER_TOOL_AREA:
    case MUSTER_TOOL_LINE:
    case MUSTER_TOOL_N:
    default:
      break;
    }
}
