/* muster-map-view-input.c: the map view's input: scrolling, pointer motion,
 * drags, clicks, pinch zoom and the keyboard's hex cursor
 *
 * The view keeps panning and zooming for itself; the primary button's
 * presses, drags and releases and the pointer's motion go to the active
 * tool (muster-map-tool.h) with the hex or table point and the piece under
 * the pointer, the one path for hex boards and tables alike. */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view.h"

#include "muster-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MusterMapView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (state & GDK_CONTROL_MASK)
    {
      if (dy != 0)
        muster_map_view_zoom_by (self, pow (ZOOM_STEP, -dy), TRUE);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  muster_map_view_pan (self, -dx * SCROLL_PAN, -dy * SCROLL_PAN);
  return TRUE;
}

void
muster_map_view_get_pointer (MusterMapView    *self,
                             double            x,
                             double            y,
                             GdkModifierType   state,
                             MusterMapPointer *pointer)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (pointer != NULL);

  memset (pointer, 0, sizeof *pointer);
  pointer->x = x;
  pointer->y = y;
  pointer->state = state;
  pointer->picked = muster_map_view_pick (self, x, y, &pointer->pick, &pointer->piece);
  if (!pointer->picked)
    pointer->piece = -1;
  else if (pointer->piece >= 0)
    {
      guint n;
      const MuPiece *pieces = muster_scene_get_pieces (self->scene, &n);

      if ((guint) pointer->piece < n && pieces[pointer->piece].counter != NULL)
        pointer->piece_id = pieces[pointer->piece].counter->id;
    }
  if (pointer->picked && pointer->pick.on_board && get_scenario (self)->board == MU_BOARD_TABLE)
    pointer->pos = mu_pos_from_point (pointer->pick.table.x, pointer->pick.table.y, -1);
  else if (pointer->picked && pointer->pick.on_board)
    pointer->pos = mu_pos_from_hex (pointer->pick.hex);
}

static void
on_enter (GtkEventControllerMotion *controller,
          double                    x,
          double                    y,
          MusterMapView            *self)
{
  self->input.pointer_inside = TRUE;
  self->input.pointer_x = x;
  self->input.pointer_y = y;
  muster_map_view_update_position (self);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MusterMapView            *self)
{
  on_enter (controller, x, y, self);
  if (self->tool != NULL)
    {
      MusterMapPointer pointer;

      muster_map_view_get_pointer (self, x, y, gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)),
                    &pointer);
      muster_map_tool_motion (self->tool, &pointer);
    }
}

static void
on_leave (GtkEventControllerMotion *controller,
          MusterMapView            *self)
{
  self->input.pointer_inside = FALSE;
  muster_map_view_update_position (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MusterMapView  *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->input.space_down))
    {
      self->input.dragging = TRUE;
      self->input.drag_origin_x = self->transform.x;
      self->input.drag_origin_y = self->transform.y;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  else
    {
      self->input.dragging = FALSE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
    }
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MusterMapView  *self)
{
  if (!self->input.dragging)
    return;
  self->layout.fitted = FALSE;
  self->layout.focused = FALSE;
  self->transform.x = self->input.drag_origin_x + dx;
  self->transform.y = self->input.drag_origin_y + dy;
  muster_map_view_transform_changed (self, FALSE);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MusterMapView  *self)
{
  self->input.dragging = FALSE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->input.space_down ? "grab" : NULL);
}

/* A press selects what it hit in the scene: the piece, or on a hex board
 * the hex when no piece is there. */
static void
select_pressed (MusterMapView          *self,
                const MusterMapPointer *pointer)
{
  if (!pointer->picked)
    return;
  muster_scene_select_piece (self->scene, pointer->piece);
  if (get_scenario (self)->board == MU_BOARD_HEX)
    muster_scene_select_hex (self->scene, pointer->pick.on_board && pointer->piece < 0
                                          ? pointer->pick.hex : MU_HEX_NONE);
}

/* A primary-button press: the view selects what it hit in the scene, then
 * the tool says whether the press is its own. */
static void
on_tool_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MusterMapView  *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  MusterMapPointer pointer;
  MusterMapPress press;

  self->tool_press.following = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->input.space_down)
    return;   /* Space+drag pans */
  muster_map_view_get_pointer (self, x, y, state, &pointer);
  select_pressed (self, &pointer);
  if (self->tool == NULL)
    return;
  /* the tool may drop itself from the view while it handles the press */
  self->tool_press.tool = g_object_ref (self->tool);
  self->tool_press.x = x;
  self->tool_press.y = y;
  press = muster_map_tool_press (self->tool_press.tool, &pointer);
  if (press == MUSTER_MAP_PRESS_IGNORE)
    {
      g_clear_object (&self->tool_press.tool);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->tool_press.following = TRUE;
  if (press == MUSTER_MAP_PRESS_CLAIM)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_tool_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MusterMapView  *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  MusterMapPointer pointer;

  if (!self->tool_press.following)
    return;
  muster_map_view_get_pointer (self, self->tool_press.x + dx, self->tool_press.y + dy, state, &pointer);
  pointer.dx = dx;
  pointer.dy = dy;
  if (muster_map_tool_drag (self->tool_press.tool, &pointer))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_tool_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MusterMapView  *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  g_autoptr(MusterMapTool) tool = g_steal_pointer (&self->tool_press.tool);
  MusterMapPointer pointer;

  if (!self->tool_press.following)
    return;
  self->tool_press.following = FALSE;
  muster_map_view_get_pointer (self, self->tool_press.x + dx, self->tool_press.y + dy, state, &pointer);
  pointer.dx = dx;
  pointer.dy = dy;
  muster_map_tool_release (tool, &pointer);
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               MusterMapView    *self)
{
  self->input.zoom_gesture_start = self->transform.zoom;
  if (!gtk_gesture_get_bounding_box_center (gesture, &self->input.zoom_gesture_x, &self->input.zoom_gesture_y))
    {
      self->input.zoom_gesture_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      self->input.zoom_gesture_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       MusterMapView  *self)
{
  muster_map_view_begin_preview (self);
  muster_map_view_zoom_at (self, self->input.zoom_gesture_start * scale,
                           self->input.zoom_gesture_x, self->input.zoom_gesture_y);
}

/* The widget point at the middle of the cursor's hex. */
static void
cursor_centre (MusterMapView *self,
               double        *x,
               double        *y)
{
  double bx, by;

  mu_hex_center (&get_scenario (self)->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, self->keyboard.cursor, &bx, &by);
  muster_view_to_widget (&self->transform, bx, by, x, y);
}

/* Tells the status line and assistive technology what is under the cursor. */
static void
describe_cursor (MusterMapView *self)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *plain = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;

  /* the tooltip's words, its lines joined */
  muster_map_view_describe_hex (self, self->keyboard.cursor, markup);
  if (!pango_parse_markup (markup->str, -1, 0, NULL, &plain, NULL, NULL))
    plain = g_strdup (markup->str);
  lines = g_strsplit (plain, "\n", -1);
  text = g_strjoinv (" · ", lines);
  muster_map_view_set_position_text (self, text);
}

/* Pans so that the cursor stays a hex clear of the view's edges. */
static void
keep_cursor_in_view (MusterMapView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double margin = MIN (2 * MUSTER_MAP_VIEW_HEX_SIZE * self->transform.zoom, MIN (w, h) / 4);
  double x, y, dx = 0, dy = 0;

  cursor_centre (self, &x, &y);
  if (x < margin)
    dx = margin - x;
  else if (x > w - margin)
    dx = w - margin - x;
  if (y < margin)
    dy = margin - y;
  else if (y > h - margin)
    dy = h - margin - y;
  if (dx != 0 || dy != 0)
    muster_map_view_pan (self, dx, dy);
}

/* Arrow keys on a hex board: the cursor appears at the hex in the middle
 * of the view, then moves a column or a row at a time; the view follows it.
 * FALSE on a table (the arrows pan there). */
static gboolean
move_cursor (MusterMapView *self,
             int            dcol,
             int            drow)
{
  const MuScenario *scenario = get_scenario (self);
  const MuHexGrid *grid;
  double x, y, w, h;
  MuHex next;

  if (scenario == NULL || scenario->board != MU_BOARD_HEX || scenario->hex_map == NULL)
    return FALSE;
  grid = &scenario->hex_map->grid;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (!self->keyboard.cursor_on || !mu_hex_grid_contains (grid, self->keyboard.cursor))
    {
      double bx, by;

      muster_view_to_board (&self->transform, w / 2, h / 2, &bx, &by);
      next = mu_hex_at_pixel (grid, MUSTER_MAP_VIEW_HEX_SIZE, bx, by);
      if (!mu_hex_grid_contains (grid, next))
        next = (MuHex) { 1, 1 };
      self->keyboard.cursor_on = TRUE;
    }
  else
    {
      next = (MuHex) { self->keyboard.cursor.col + dcol, self->keyboard.cursor.row + drow };
      if (!mu_hex_grid_contains (grid, next))
        {
          gtk_widget_error_bell (GTK_WIDGET (self));
          return TRUE;
        }
    }
  self->keyboard.cursor = next;
  keep_cursor_in_view (self);
  describe_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  cursor_centre (self, &x, &y);
  muster_map_view_emit_cursor_moved (self, x, y);
  return TRUE;
}

/* Enter on the cursor is a click there: the same press and release at
 * the middle of its hex that a pointer would give the active tool. A
 * pointer's press under way keeps the tool to itself. */
static void
click_cursor (MusterMapView   *self,
              double           x,
              double           y,
              GdkModifierType  state)
{
  g_autoptr(MusterMapTool) tool = NULL;
  MusterMapPointer pointer;

  if (self->tool_press.following)
    return;
  muster_map_view_get_pointer (self, x, y, state, &pointer);
  select_pressed (self, &pointer);
  if (self->tool == NULL)
    return;
  /* the tool may drop itself from the view while it handles the press */
  tool = g_object_ref (self->tool);
  if (muster_map_tool_press (tool, &pointer) != MUSTER_MAP_PRESS_IGNORE)
    muster_map_tool_release (tool, &pointer);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MusterMapView         *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_space:
      self->input.space_down = TRUE;
      if (!self->input.dragging)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, -1, 0))
        return TRUE;
      muster_map_view_pan (self, PAN_STEP, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 1, 0))
        return TRUE;
      muster_map_view_pan (self, -PAN_STEP, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 0, -1))
        return TRUE;
      muster_map_view_pan (self, 0, PAN_STEP);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (!(state & GDK_SHIFT_MASK) && move_cursor (self, 0, 1))
        return TRUE;
      muster_map_view_pan (self, 0, -PAN_STEP);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      {
        double x, y;

        if (!self->keyboard.cursor_on || get_scenario (self) == NULL || get_scenario (self)->hex_map == NULL)
          return FALSE;
        cursor_centre (self, &x, &y);
        click_cursor (self, x, y, state);
        return TRUE;
      }
    default:
      return FALSE;
    }
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 MusterMapView         *self)
{
  if (keyval == GDK_KEY_space)
    {
      self->input.space_down = FALSE;
      if (!self->input.dragging)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
    }
}

gboolean
muster_map_view_get_cursor (MusterMapView *self,
                            MuHex         *hex)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);

  if (!self->keyboard.cursor_on)
    return FALSE;
  if (hex != NULL)
    *hex = self->keyboard.cursor;
  return TRUE;
}

void
muster_map_view_set_cursor (MusterMapView *self,
                            const MuHex   *hex)
{
  const MuScenario *scenario;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  scenario = get_scenario (self);
  if (hex == NULL || scenario == NULL || scenario->hex_map == NULL ||
      !mu_hex_grid_contains (&scenario->hex_map->grid, *hex))
    self->keyboard.cursor_on = FALSE;
  else
    {
      double x, y;

      self->keyboard.cursor_on = TRUE;
      self->keyboard.cursor = *hex;
      keep_cursor_in_view (self);
      describe_cursor (self);
      cursor_centre (self, &x, &y);
      muster_map_view_emit_cursor_moved (self, x, y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_map_view_add_controllers (MusterMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_enter), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  /* the active tool's presses, drags and releases */
  gesture = gtk_gesture_drag_new ();
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (gesture), "map-tool");
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_tool_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_tool_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_tool_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

void
muster_map_view_set_tool (MusterMapView *self,
                          MusterMapTool *tool)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  g_return_if_fail (tool == NULL || MUSTER_IS_MAP_TOOL (tool));

  g_set_object (&self->tool, tool);
}

MusterMapTool *
muster_map_view_get_tool (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), NULL);

  return self->tool;
}
