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

static gboolean
pick_at (MusterEditor *self,
         double        x,
         double        y,
         MusterPick   *pick)
{
  int piece;

  return muster_map_view_pick (self->view, x, y, pick, &piece) && muster_editor_scenario (self)->hex_map != NULL;
}

/* The lasso's hexes for the outline drawn so far (widget points kept in board pixels). */
static GArray *
lasso_hexes (MusterEditor *self)
{
  MuRenderOptions options;

  muster_map_view_get_render_options (self->view, &options);
  return mu_edit_lasso_hexes (&muster_editor_scenario (self)->hex_map->grid, options.hex_size,
                              (const MuPoint *) self->lasso->data, self->lasso->len);
}

static void
lasso_add (MusterEditor *self,
           double        x,
           double        y)
{
  MusterViewTransform transform;
  MuPoint p;

  muster_map_view_get_transform (self->view, &transform);
  muster_view_to_board (&transform, x, y, &p.x, &p.y);
  g_array_append_val (self->lasso, p);
  /* the line drawn so far, closed as the lasso will close it */
  muster_scene_set_outline (muster_map_view_get_scene (self->view), (const MuPoint *) self->lasso->data,
                            self->lasso->len, MUSTER_OUTLINE_CLOSED);
}

static void
set_lasso_preview (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  g_autoptr(GArray) hexes = lasso_hexes (self);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
set_rectangle_preview (MusterEditor *self,
                       MuHex         a,
                       MuHex         b)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&muster_editor_scenario (self)->hex_map->grid, a, b);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));

  for (guint i = 0; i < hexes->len; i++)
    {
      MuHexHighlight h = { g_array_index (hexes, MuHex, i), 0xffd70060 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

static void
elevate (MusterEditor *self,
         MuHex         centre)
{
  g_autoptr(GArray) brush = mu_edit_brush_hexes (&muster_editor_scenario (self)->hex_map->grid, centre, self->brush);
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
  muster_editor_report (self, mu_edit_change_elevation (self->history, (MuHex *) fresh->data, fresh->len,
                                                        self->tool == MUSTER_TOOL_RAISE ? 1 : -1, &error),
                        &error);
}

static void
hexside_at (MusterEditor     *self,
            const MusterPick *pick,
            gboolean          first)
{
  g_autoptr(GError) error = NULL;
  guint have;

  if (first)
    {
      have = mu_hex_map_side (muster_editor_scenario (self)->hex_map, pick->hex, pick->side_dir);
      self->side_on = (have & self->side_feature) == 0;
    }
  muster_editor_report (self, mu_edit_set_side_features (self->history, pick->hex, pick->side_dir,
                                                         self->side_feature, self->side_on, &error),
                        &error);
}

/* With the entry tool, the chosen reserve's entry hexes are marked on the board. */
void
muster_editor_update_entry_marks (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuReserve *r;
  g_autoptr(GArray) marks = NULL;

  if (scene == NULL || self->stroking)
    return;
  if (self->tool != MUSTER_TOOL_ENTRY || !(r = muster_editor_entry_reserve (self)))
    {
      if (self->tool != MUSTER_TOOL_RECTANGLE)
        muster_scene_clear_highlights (scene);
      return;
    }
  marks = g_array_new (FALSE, FALSE, sizeof (MuHexHighlight));
  for (guint i = 0; i < r->entry->len; i++)
    {
      MuHexHighlight h = { g_array_index (r->entry, MuHex, i), 0x2e7d3280 };

      g_array_append_val (marks, h);
    }
  muster_scene_set_highlights (scene, (MuHexHighlight *) marks->data, marks->len);
}

/* The reserve the entry tool works on. */
MuReserve *
muster_editor_entry_reserve (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  MuReserve *r = self->reserve ? mu_scenario_find_reserve (s, self->reserve) : NULL;

  if (r == NULL && s->reserves->len > 0)
    r = g_ptr_array_index (s->reserves, 0);
  return r;
}

static void
toggle_entry (MusterEditor *self,
              MuHex         hex)
{
  MuReserve *r = muster_editor_entry_reserve (self);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  if (r == NULL)
    {
      muster_editor_show_message (self, _("The scenario has no reserves; add one with the reserve button on the Forces page"));
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
  muster_editor_report (self, mu_edit_set_reserve_entry (self->history, r->id, (MuHex *) hexes->data, hexes->len,
                                                         &error), &error);
}

void
muster_editor_set_reserve (MusterEditor *self,
                           const char   *reserve)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_free (self->reserve);
  self->reserve = g_strdup (reserve);
  muster_editor_update_reserves (self);
  muster_editor_update_entry_marks (self);
}

void
muster_editor_pointer_down (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterPick pick;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *text;

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
  if (!pick_at (self, x, y, &pick))
    return;
  if (!pick.on_board)
    {
      muster_editor_show_message (self, _("That point is off the board"));
      return;
    }
  self->stroking = TRUE;
  self->start_hex = self->last_hex = pick.hex;
  g_hash_table_remove_all (self->stroke_hexes);
  text = self->text && *self->text ? self->text : NULL;

  switch (self->tool)
    {
    case MUSTER_TOOL_BRUSH:
      mu_edit_history_begin_group (self->history, NULL);
      muster_editor_report (self, mu_edit_paint_brush (self->history, pick.hex, self->brush, self->terrain, &error),
                            &error);
      break;
    case MUSTER_TOOL_FILL:
      muster_editor_report (self, mu_edit_flood_fill (self->history, pick.hex, self->terrain, &error), &error);
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
      mu_edit_history_begin_group (self->history, NULL);
      elevate (self, pick.hex);
      break;
    case MUSTER_TOOL_HEXSIDE:
      mu_edit_history_begin_group (self->history, NULL);
      hexside_at (self, &pick, TRUE);
      break;
    case MUSTER_TOOL_PATH:
      mu_edit_history_begin_group (self->history, NULL);
      break;
    case MUSTER_TOOL_LABEL:
      muster_editor_report (self, mu_edit_add_label (self->history, text ? text : _("Label"), pick.hex, 0, 0,
                                                     &error) >= 0, &error);
      self->stroking = FALSE;
      break;
    case MUSTER_TOOL_ENTRY:
      self->stroking = FALSE;
      toggle_entry (self, pick.hex);
      break;
    case MUSTER_TOOL_OBJECTIVE:
      id = mu_edit_add_objective (self->history, text ? text : _("Objective"), pick.hex,
                                  pick.table, &error);
      muster_editor_report (self, id != NULL, &error);
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
muster_editor_pointer_move (MusterEditor *self,
                            double        x,
                            double        y)
{
  MusterPick pick;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->moving)
    {
      muster_editor_select_move (self, x, y);
      return;
    }
  if (self->stroking && self->tool == MUSTER_TOOL_LASSO)
    {
      lasso_add (self, x, y);
      set_lasso_preview (self);
      return;
    }
  if (!self->stroking || !pick_at (self, x, y, &pick))
    return;

  switch (self->tool)
    {
    case MUSTER_TOOL_BRUSH:
      if (!mu_hex_equal (pick.hex, self->last_hex))
        muster_editor_report (self, mu_edit_paint_brush (self->history, pick.hex, self->brush, self->terrain,
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
          const MuHexGrid *grid = &muster_editor_scenario (self)->hex_map->grid;

          /* a fast pointer may skip hexes: follow the hex line */
          g_autoptr(GArray) line = mu_hex_line (grid, self->last_hex, pick.hex);

          for (guint i = 1; i < line->len; i++)
            {
              MuHex a = g_array_index (line, MuHexLineStep, i - 1).hex;
              MuHex b = g_array_index (line, MuHexLineStep, i).hex;
              gboolean ok;

              g_clear_error (&error);
              if (self->path_erase)
                ok = !mu_hex_map_has_link (muster_editor_scenario (self)->hex_map, a, mu_hex_direction_to (grid, a, b),
                                           self->path_kind) ||
                     mu_edit_remove_path_segment (self->history, self->path_kind, a, b, &error);
              else
                ok = mu_edit_add_path_segment (self->history, self->path_kind, a, b, &error);
              muster_editor_report (self, ok, &error);
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
muster_editor_pointer_up (MusterEditor *self,
                          double        x,
                          double        y)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->moving)
    {
      muster_editor_select_up (self, x, y);
      self->moving = FALSE;
      mu_edit_history_end_group (self->history);
      return;
    }
  if (!self->stroking)
    return;
  muster_editor_pointer_move (self, x, y);
  self->stroking = FALSE;
  switch (self->tool)
    {
    case MUSTER_TOOL_RECTANGLE:
      {
        g_autoptr(GArray) hexes = mu_edit_rectangle_hexes (&muster_editor_scenario (self)->hex_map->grid,
                                                           self->start_hex, self->last_hex);

        muster_scene_clear_highlights (muster_map_view_get_scene (self->view));
        muster_editor_report (self, mu_edit_paint_terrain (self->history, (MuHex *) hexes->data, hexes->len,
                                                           self->terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_LASSO:
      {
        g_autoptr(GArray) hexes = lasso_hexes (self);

        muster_scene_clear_highlights (muster_map_view_get_scene (self->view));
        muster_scene_set_outline (muster_map_view_get_scene (self->view), NULL, 0, 0);
        g_array_set_size (self->lasso, 0);
        if (hexes->len == 0)
          muster_editor_show_message (self, _("The outline encloses no hex centre"));
        else
          muster_editor_report (self, mu_edit_paint_terrain (self->history, (MuHex *) hexes->data, hexes->len,
                                                             self->terrain, &error), &error);
      }
      break;
    case MUSTER_TOOL_BRUSH:
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
    case MUSTER_TOOL_HEXSIDE:
    case MUSTER_TOOL_PATH:
      mu_edit_history_end_group (self->history);
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

void
muster_editor_on_drag_begin (GtkGestureDrag *gesture,
                             double          x,
                             double          y,
                             MusterEditor   *self)
{
  if (self->tool == MUSTER_TOOL_SELECT)
    {
      GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

      self->rotate_drag = (state & GDK_SHIFT_MASK) != 0;
      if (!muster_editor_select_down (self, x, y))
        {
          gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
          return;
        }
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
  muster_editor_pointer_down (self, x, y);
}

void
muster_editor_on_drag_update (GtkGestureDrag *gesture,
                              double          dx,
                              double          dy,
                              MusterEditor   *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  muster_editor_pointer_move (self, x + dx, y + dy);
}

void
muster_editor_on_drag_end (GtkGestureDrag *gesture,
                           double          dx,
                           double          dy,
                           MusterEditor   *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  muster_editor_pointer_up (self, x + dx, y + dy);
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

gboolean
muster_editor_on_board_drop (GtkDropTarget *target,
                             const GValue  *value,
                             double         x,
                             double         y,
                             MusterEditor  *self)
{
  const char *text = g_value_get_string (value);

  if (text == NULL || !g_str_has_prefix (text, "counter:"))
    return FALSE;
  return muster_editor_drop_counter (self, text + strlen ("counter:"), x, y);
}
