/* The editor's tabletop tools and the Select tool's items under a real
 * display: areas and lines drawn, picked, moved, rotated, edited and deleted
 * through pointer input, labels and objectives selected and edited, each
 * checked against the model and the undo stack and undone to the identical
 * file. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-icons.h"
#include "muster-map-view.h"
#include "muster-scene.h"
#include "editor-fixture.h"

/* Widget coordinates of table point (tx, ty). */
static void
table_point (Fixture *f,
             double   tx,
             double   ty,
             double  *x,
             double  *y)
{
  MuRenderOptions options;
  MusterViewTransform t;

  muster_map_view_get_render_options (f->view, &options);
  muster_map_view_get_transform (f->view, &t);
  muster_view_to_widget (&t, tx * options.table_scale, ty * options.table_scale, x, y);
}

static void
click (Fixture *f,
       double   tx,
       double   ty)
{
  double x, y;

  table_point (f, tx, ty, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  muster_editor_pointer_up (f->editor, x, y);
  flush_events ();
}

static void
drag (Fixture *f,
      double   tx1,
      double   ty1,
      double   tx2,
      double   ty2)
{
  double x, y;

  table_point (f, tx1, ty1, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  for (int i = 1; i <= 4; i++)
    {
      table_point (f, tx1 + (tx2 - tx1) * i / 4, ty1 + (ty2 - ty1) * i / 4, &x, &y);
      muster_editor_pointer_move (f->editor, x, y);
    }
  muster_editor_pointer_up (f->editor, x, y);
  flush_events ();
}

static void
assert_point (const GArray *points,
              guint         i,
              double        x,
              double        y)
{
  const MuPoint *p = &g_array_index (points, MuPoint, i);

  g_assert_cmpfloat_with_epsilon (p->x, x, 1e-6);
  g_assert_cmpfloat_with_epsilon (p->y, y, 1e-6);
}

/* Undo everything back to the identical file, redo to the end state, undo again. */
static void
assert_round_trip (Fixture *f,
                   guint    n_steps)
{
  g_autofree char *end = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *redone = NULL;
  gsize end_len, len, redone_len;

  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, n_steps);
  end = mu_scenario_save_to_data (model (f), &end_len);
  while (mu_edit_history_can_undo (f->history))
    g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  bytes = mu_scenario_save_to_data (model (f), &len);
  g_assert_cmpmem (bytes, len, f->start, f->start_len);
  while (mu_edit_history_can_redo (f->history))
    g_assert_true (mu_edit_history_redo (f->history));
  flush_events ();
  redone = mu_scenario_save_to_data (model (f), &redone_len);
  g_assert_cmpmem (redone, redone_len, end, end_len);
}

static void
test_area (Fixture       *f,
           gconstpointer  data)
{
  MuTableMap *t;
  const MuArea *a;
  int index = -1;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_AREA);
  muster_editor_set_area_kind (f->editor, MU_AREA_HILL);
  click (f, 10, 10);
  click (f, 20, 10);
  click (f, 20, 18);
  click (f, 10, 18);
  g_assert_cmpuint (muster_editor_get_n_draft_points (f->editor), ==, 4);
  g_assert_cmpuint (model (f)->table->areas->len, ==, 0);
  /* the area being drawn is on the board: its corners, closed */
  {
    MuRenderOptions options;
    guint n, flags;
    const MuPoint *outline = muster_scene_get_outline (f->scene, &n, &flags);

    muster_map_view_get_render_options (f->view, &options);
    g_assert_cmpuint (n, ==, 4);
    g_assert_cmpuint (flags, ==, MUSTER_OUTLINE_CLOSED | MUSTER_OUTLINE_CORNERS);
    g_assert_cmpfloat_with_epsilon (outline[1].x, 20 * options.table_scale, 0.6 * options.table_scale);
    g_assert_cmpfloat_with_epsilon (outline[2].y, 18 * options.table_scale, 0.6 * options.table_scale);
  }
  click (f, 10, 18);            /* the last point again ends the area */
  g_assert_cmpuint (muster_editor_get_n_draft_points (f->editor), ==, 0);
  {
    guint n;

    muster_scene_get_outline (f->scene, &n, NULL);
    g_assert_cmpuint (n, ==, 0);
  }
  t = model (f)->table;
  g_assert_cmpuint (t->areas->len, ==, 1);
  a = g_ptr_array_index (t->areas, 0);
  g_assert_cmpint (a->kind, ==, MU_AREA_HILL);
  g_assert_cmpuint (a->points->len, ==, 4);
  assert_point (a->points, 0, 10, 10);
  assert_point (a->points, 2, 20, 18);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Draw Hill");
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 1);

  /* Select picks it by clicking inside; outside selects nothing */
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  click (f, 30, 30);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_NONE);
  click (f, 15, 14);
  g_assert_cmpint (muster_editor_get_selection (f->editor, &index, NULL), ==, MUSTER_SELECTION_AREA);
  g_assert_cmpint (index, ==, 0);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 1);   /* a click moves nothing */

  muster_editor_set_selected_level (f->editor, 3);
  muster_editor_set_selected_text (f->editor, "Round Top");
  a = g_ptr_array_index (model (f)->table->areas, 0);
  g_assert_cmpint (a->level, ==, 3);
  g_assert_cmpstr (a->name, ==, "Round Top");
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 3);

  /* a drag is one step */
  drag (f, 15, 14, 19, 16);
  a = g_ptr_array_index (model (f)->table->areas, 0);
  assert_point (a->points, 0, 14, 12);
  assert_point (a->points, 2, 24, 20);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Move Area");
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 4);

  /* a quarter turn clockwise about the centre (19, 16) */
  muster_editor_rotate_selected (f->editor, 90);
  a = g_ptr_array_index (model (f)->table->areas, 0);
  assert_point (a->points, 0, 23, 11);
  assert_point (a->points, 2, 15, 21);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 5);

  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->table->areas->len, ==, 0);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_NONE);
  assert_round_trip (f, 6);
}

static void
test_line (Fixture       *f,
           gconstpointer  data)
{
  const MuPolyline *l;
  int index = -1;

  muster_editor_set_tool (f->editor, MUSTER_TOOL_LINE);
  muster_editor_set_line_kind (f->editor, MU_LINE_WALL);
  click (f, 5, 30);
  g_assert_false (muster_editor_finish_shape (f->editor));   /* one point is no line */
  g_assert_nonnull (muster_editor_get_message (f->editor));
  g_assert_cmpuint (model (f)->table->lines->len, ==, 0);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 0);
  click (f, 5, 30);
  click (f, 15, 30);
  click (f, 25, 20);
  g_assert_true (muster_editor_finish_shape (f->editor));    /* as Enter does */
  g_assert_cmpuint (model (f)->table->lines->len, ==, 1);
  l = g_ptr_array_index (model (f)->table->lines, 0);
  g_assert_cmpint (l->kind, ==, MU_LINE_WALL);
  g_assert_cmpuint (l->points->len, ==, 3);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Draw Wall");

  /* a click near the line picks it, one far from it does not */
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  click (f, 10, 33);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_NONE);
  click (f, 10, 30.1);
  g_assert_cmpint (muster_editor_get_selection (f->editor, &index, NULL), ==, MUSTER_SELECTION_LINE);
  g_assert_cmpint (index, ==, 0);

  drag (f, 10, 30, 12, 29);
  l = g_ptr_array_index (model (f)->table->lines, 0);
  assert_point (l->points, 0, 7, 29);
  assert_point (l->points, 2, 27, 19);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Move Line");
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 2);

  /* a click away drops the selection: Delete then removes nothing */
  click (f, 40, 5);
  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->table->lines->len, ==, 1);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 2);

  /* Shift+drag turns it about its centre, as one step */
  click (f, 17, 29);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_LINE);
  muster_editor_set_rotate_drag (f->editor, TRUE);
  {
    double x, y;
    static const double path[][2] = { { 17, 29 }, { 14, 26 }, { 17, 23 } };

    for (guint i = 0; i < G_N_ELEMENTS (path); i++)
      {
        table_point (f, path[i][0], path[i][1], &x, &y);
        if (i == 0)
          muster_editor_pointer_down (f->editor, x, y);
        else
          muster_editor_pointer_move (f->editor, x, y);
      }
    muster_editor_pointer_up (f->editor, x, y);
  }
  muster_editor_set_rotate_drag (f->editor, FALSE);
  l = g_ptr_array_index (model (f)->table->lines, 0);
  /* centre of the vertices: ((7+17+27)/3, (29+29+19)/3) = (17, 25.667) */
  {
    double cx = 17, cy = 77.0 / 3;
    const MuPoint *p0 = &g_array_index (l->points, MuPoint, 0);

    /* turned by the angle swept about the centre: the first point moved */
    g_assert_cmpfloat (hypot (p0->x - 7, p0->y - 29), >, 1);
    g_assert_cmpfloat_with_epsilon (hypot (p0->x - cx, p0->y - cy), hypot (7 - cx, 29 - cy), 1e-6);
  }
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 3);

  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->table->lines->len, ==, 0);
  assert_round_trip (f, 4);
}

static void
test_table_label_objective (Fixture       *f,
                            gconstpointer  data)
{
  MuTableMap *t;
  const MuLabel *l;
  const MuObjective *o;
  const char *id = NULL;
  int index = -1;

  muster_editor_set_text (f->editor, "Bald Hill");
  muster_editor_set_tool (f->editor, MUSTER_TOOL_LABEL);
  click (f, 30, 8);
  t = model (f)->table;
  g_assert_cmpuint (t->labels->len, ==, 1);
  muster_editor_set_text (f->editor, "Crossroads");
  muster_editor_set_tool (f->editor, MUSTER_TOOL_OBJECTIVE);
  click (f, 12, 24);
  g_assert_cmpuint (model (f)->objectives->len, ==, 1);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 2);

  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  click (f, 30, 8);
  g_assert_cmpint (muster_editor_get_selection (f->editor, &index, NULL), ==, MUSTER_SELECTION_LABEL);
  g_assert_cmpint (index, ==, 0);
  muster_editor_set_selected_text (f->editor, "Matthews Hill");
  muster_editor_set_selected_scale (f->editor, 1.5);
  drag (f, 30, 8, 34, 10);
  l = g_ptr_array_index (model (f)->table->labels, 0);
  g_assert_cmpstr (l->text, ==, "Matthews Hill");
  g_assert_cmpfloat (l->scale, ==, 1.5);
  g_assert_cmpfloat_with_epsilon (l->dx, 34, 1e-6);
  g_assert_cmpfloat_with_epsilon (l->dy, 10, 1e-6);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 5);

  /* a click off the objective's centre selects it and moves nothing */
  click (f, 12.4, 24.3);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, &id), ==, MUSTER_SELECTION_OBJECTIVE);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 5);
  g_assert_nonnull (id);
  muster_editor_set_selected_text (f->editor, "Sudley Ford");
  muster_editor_set_selected_owner (f->editor, "csa");
  muster_editor_set_selected_value (f->editor, 3);
  drag (f, 12, 24, 14, 20);
  o = g_ptr_array_index (model (f)->objectives, 0);
  g_assert_cmpstr (o->name, ==, "Sudley Ford");
  g_assert_cmpstr (o->owner, ==, "csa");
  g_assert_cmpint (o->value, ==, 3);
  g_assert_cmpfloat_with_epsilon (o->pos.x, 14, 1e-6);
  g_assert_cmpfloat_with_epsilon (o->pos.y, 20, 1e-6);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 9);
  muster_editor_set_selected_owner (f->editor, NULL);
  g_assert_null (((MuObjective *) g_ptr_array_index (model (f)->objectives, 0))->owner);

  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->objectives->len, ==, 0);
  click (f, 34.5, 10.1);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_LABEL);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 11);
  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->table->labels->len, ==, 0);
  assert_round_trip (f, 12);
}

static void
press_key (Fixture *f,
           guint    keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        {
          g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
          break;
        }
    }
  g_assert_true (handled);
  flush_events ();
}

/* Enter ends a shape, Escape drops one, Delete removes the selected item. */
static void
test_keys (Fixture       *f,
           gconstpointer  data)
{
  muster_editor_set_tool (f->editor, MUSTER_TOOL_AREA);
  muster_editor_set_area_kind (f->editor, MU_AREA_WOODS);
  click (f, 2, 2);
  click (f, 8, 2);
  press_key (f, GDK_KEY_Escape);
  g_assert_cmpuint (muster_editor_get_n_draft_points (f->editor), ==, 0);
  click (f, 2, 2);
  click (f, 8, 2);
  click (f, 5, 7);
  press_key (f, GDK_KEY_Return);
  g_assert_cmpuint (model (f)->table->areas->len, ==, 1);
  g_assert_cmpint (((MuArea *) g_ptr_array_index (model (f)->table->areas, 0))->kind, ==, MU_AREA_WOODS);
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  click (f, 5, 4);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_AREA);
  press_key (f, GDK_KEY_Delete);
  g_assert_cmpuint (model (f)->table->areas->len, ==, 0);
  assert_round_trip (f, 2);
}

/* Widget coordinates of a hex's centre. */
static void
hex_point (Fixture *f,
           MuHex    hex,
           double  *x,
           double  *y)
{
  MusterViewTransform t;
  double cx, cy;

  mu_hex_center (&model (f)->hex_map->grid, MUSTER_MAP_VIEW_HEX_SIZE, hex, &cx, &cy);
  muster_map_view_get_transform (f->view, &t);
  muster_view_to_widget (&t, cx, cy, x, y);
}

static void
hex_drag (Fixture *f,
          MuHex    a,
          MuHex    b)
{
  double x, y;

  hex_point (f, a, &x, &y);
  muster_editor_pointer_down (f->editor, x, y);
  if (!mu_hex_equal (a, b))
    {
      hex_point (f, b, &x, &y);
      muster_editor_pointer_move (f->editor, x, y);
    }
  muster_editor_pointer_up (f->editor, x, y);
  flush_events ();
}

/* On a hex map: Select picks labels and objectives, drags them hex to hex, the
 * panel edits them, Delete removes them. */
static void
test_hex_label_objective (Fixture       *f,
                          gconstpointer  data)
{
  const MuLabel *l;
  const MuObjective *o;
  const char *id = NULL;
  int index = -1;
  guint n_labels = model (f)->hex_map->labels->len;
  guint n_objectives = model (f)->objectives->len;

  muster_editor_set_text (f->editor, "Mill");
  muster_editor_set_tool (f->editor, MUSTER_TOOL_LABEL);
  hex_drag (f, (MuHex) { 2, 7 }, (MuHex) { 2, 7 });
  muster_editor_set_text (f->editor, "Bridge");
  muster_editor_set_tool (f->editor, MUSTER_TOOL_OBJECTIVE);
  hex_drag (f, (MuHex) { 9, 7 }, (MuHex) { 9, 7 });
  g_assert_cmpuint (model (f)->hex_map->labels->len, ==, n_labels + 1);
  g_assert_cmpuint (model (f)->objectives->len, ==, n_objectives + 1);

  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  hex_drag (f, (MuHex) { 2, 7 }, (MuHex) { 3, 6 });
  g_assert_cmpint (muster_editor_get_selection (f->editor, &index, NULL), ==, MUSTER_SELECTION_LABEL);
  g_assert_cmpint (index, ==, (int) n_labels);
  l = g_ptr_array_index (model (f)->hex_map->labels, n_labels);
  g_assert_true (mu_hex_equal (l->hex, (MuHex) { 3, 6 }));
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Move Label");
  muster_editor_set_selected_text (f->editor, "Old Mill");
  muster_editor_set_selected_scale (f->editor, 0.75);
  l = g_ptr_array_index (model (f)->hex_map->labels, n_labels);
  g_assert_cmpstr (l->text, ==, "Old Mill");
  g_assert_cmpfloat (l->scale, ==, 0.75);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 5);

  hex_drag (f, (MuHex) { 9, 7 }, (MuHex) { 8, 6 });
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, &id), ==, MUSTER_SELECTION_OBJECTIVE);
  o = mu_scenario_find_objective (model (f), id);
  g_assert_true (mu_hex_equal (o->hex, (MuHex) { 8, 6 }));
  muster_editor_set_selected_text (f->editor, "Stone Bridge");
  muster_editor_set_selected_owner (f->editor, "usa");
  muster_editor_set_selected_value (f->editor, 2);
  o = mu_scenario_find_objective (model (f), id);
  g_assert_cmpstr (o->name, ==, "Stone Bridge");
  g_assert_cmpstr (o->owner, ==, "usa");
  g_assert_cmpint (o->value, ==, 2);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 9);
  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->objectives->len, ==, n_objectives);
  hex_drag (f, (MuHex) { 3, 6 }, (MuHex) { 3, 6 });
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_LABEL);
  muster_editor_delete_selected (f->editor);
  g_assert_cmpuint (model (f)->hex_map->labels->len, ==, n_labels);
  assert_round_trip (f, 11);
}

/* The Entry tool marks edge hexes for the reserve chosen in its drop-down. */
static void
test_entry_reserve (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *second = mu_edit_add_reserve (f->history, "csa", "Flank march", &error);
  const MuReserve *first, *r;

  g_assert_no_error (error);
  g_free (f->start);
  f->start = mu_scenario_save_to_data (model (f), &f->start_len);
  mu_edit_history_clear (f->history);
  flush_events ();
  first = g_ptr_array_index (model (f)->reserves, 0);
  g_assert_cmpuint (first->entry->len, ==, 2);

  muster_editor_set_tool (f->editor, MUSTER_TOOL_ENTRY);
  muster_editor_set_reserve (f->editor, second);
  hex_drag (f, (MuHex) { 10, 3 }, (MuHex) { 10, 3 });
  hex_drag (f, (MuHex) { 10, 4 }, (MuHex) { 10, 4 });
  r = mu_scenario_find_reserve (model (f), second);
  g_assert_cmpuint (r->entry->len, ==, 2);
  g_assert_true (mu_hex_equal (g_array_index (r->entry, MuHex, 1), (MuHex) { 10, 4 }));
  first = g_ptr_array_index (model (f)->reserves, 0);
  g_assert_cmpuint (first->entry->len, ==, 2);    /* the other reserve is untouched */

  /* an inner hex is refused with a message and no step */
  hex_drag (f, (MuHex) { 5, 4 }, (MuHex) { 5, 4 });
  g_assert_nonnull (muster_editor_get_message (f->editor));
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, 2);

  /* back to the first reserve: a click toggles its hex 0104 off */
  muster_editor_set_reserve (f->editor, first->id);
  hex_drag (f, (MuHex) { 1, 4 }, (MuHex) { 1, 4 });
  first = g_ptr_array_index (model (f)->reserves, 0);
  g_assert_cmpuint (first->entry->len, ==, 1);
  assert_round_trip (f, 3);
}

/* Select drags a stand without moving the hill under it, and Shift+drag
 * turns it about its centre; each drag is one undo step. */
static void
test_move_stand (Fixture       *f,
                 gconstpointer  data)
{
  const MuPoint hill[] = { { 16, 10 }, { 32, 10 }, { 32, 26 }, { 16, 26 } };
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *hill_before = NULL;
  const MuCounter *c;
  const MuArea *a;
  guint steps;

  g_assert_cmpint (mu_edit_add_area (f->history, MU_AREA_HILL, hill, G_N_ELEMENTS (hill), &error), ==, 0);
  id = mu_edit_add_counter (f->history, MU_COUNTER_UNIT, "usa", NULL, &error);
  g_assert_nonnull (id);
  g_assert_true (mu_edit_place_counter_table (f->history, id, (MuPoint) { 24, 18 }, 0, &error));
  g_assert_no_error (error);
  flush_events ();
  steps = mu_edit_history_get_n_undo (f->history);
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);

  drag (f, 24, 18, 28, 20);
  c = mu_scenario_find_counter (model (f), id);
  g_assert_cmpfloat_with_epsilon (c->place.pos.x, 28, 1e-6);
  g_assert_cmpfloat_with_epsilon (c->place.pos.y, 20, 1e-6);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_COUNTER);
  a = g_ptr_array_index (model (f)->table->areas, 0);
  for (guint i = 0; i < G_N_ELEMENTS (hill); i++)
    assert_point (a->points, i, hill[i].x, hill[i].y);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 1);

  /* Shift+drag from just right of the centre to just below it: a quarter turn */
  muster_editor_set_rotate_drag (f->editor, TRUE);
  drag (f, 28.3, 20, 28, 20.3);
  muster_editor_set_rotate_drag (f->editor, FALSE);
  c = mu_scenario_find_counter (model (f), id);
  g_assert_cmpfloat_with_epsilon (c->place.pos.x, 28, 1e-6);
  g_assert_cmpfloat_with_epsilon (c->place.facing, 90, 1e-6);
  a = g_ptr_array_index (model (f)->table->areas, 0);
  for (guint i = 0; i < G_N_ELEMENTS (hill); i++)
    assert_point (a->points, i, hill[i].x, hill[i].y);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 2);

  /* the selected stand shows a handle ahead of its front (facing 90: to
   * the right); dragging it below the stand turns it to face down */
  {
    MuRenderOptions options;
    MuPoint from, knob;
    MusterViewTransform t;
    double x, y, kx, ky;

    muster_map_view_get_render_options (f->view, &options);
    g_assert_true (muster_scene_get_handle (f->scene, &from, &knob));
    g_assert_cmpfloat_with_epsilon (from.x, 28 * options.table_scale, 1e-6);
    g_assert_cmpfloat (knob.x, >, from.x + 1);
    g_assert_cmpfloat_with_epsilon (knob.y, from.y, 1e-6);
    muster_map_view_get_transform (f->view, &t);
    muster_view_to_widget (&t, knob.x, knob.y, &kx, &ky);
    muster_editor_pointer_down (f->editor, kx, ky);
    table_point (f, 28, 26, &x, &y);
    muster_editor_pointer_move (f->editor, (kx + x) / 2, (ky + y) / 2);
    muster_editor_pointer_up (f->editor, x, y);
    flush_events ();
    c = mu_scenario_find_counter (model (f), id);
    g_assert_cmpfloat_with_epsilon (c->place.pos.x, 28, 1e-6);
    g_assert_cmpfloat_with_epsilon (c->place.pos.y, 20, 1e-6);
    g_assert_cmpfloat_with_epsilon (c->place.facing, 180, 0.5);
    g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 3);
    /* the handle followed, and leaves with another tool */
    g_assert_true (muster_scene_get_handle (f->scene, &from, &knob));
    g_assert_cmpfloat (knob.y, >, from.y + 1);
    muster_editor_set_tool (f->editor, MUSTER_TOOL_LABEL);
    g_assert_false (muster_scene_get_handle (f->scene, NULL, NULL));
  }
  assert_round_trip (f, steps + 3);
}

/* One key on the board picks a tool, as map editors do; a table has no
 * Brush, so B does nothing there. */
static void
test_tool_keys (Fixture       *f,
                gconstpointer  data)
{
  press_key (f, GDK_KEY_a);
  g_assert_cmpint (muster_editor_get_tool (f->editor), ==, MUSTER_TOOL_AREA);
  press_key (f, GDK_KEY_i);
  g_assert_cmpint (muster_editor_get_tool (f->editor), ==, MUSTER_TOOL_LINE);
  press_key (f, GDK_KEY_S);
  g_assert_cmpint (muster_editor_get_tool (f->editor), ==, MUSTER_TOOL_SELECT);
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));
    gboolean handled = TRUE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          {
            g_signal_emit_by_name (c, "key-pressed", GDK_KEY_b, 0, 0, &handled);
            break;
          }
      }
    g_assert_false (handled);
    g_assert_cmpint (muster_editor_get_tool (f->editor), ==, MUSTER_TOOL_SELECT);
  }
}


/* The spin button or check button whose mnemonic label reads `label`. */
static GtkWidget *
labelled (GtkWidget *root, const char *label)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_CHECK_BUTTON (w) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (w)), label) == 0)
        return w;
      if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (w)), label) == 0 &&
          gtk_label_get_mnemonic_widget (GTK_LABEL (w)) != NULL)
        return gtk_label_get_mnemonic_widget (GTK_LABEL (w));
      if ((found = labelled (w, label)) != NULL)
        return found;
    }
  return NULL;
}

/* A building's capacity, defence and hard cover, a fortification's grade
 * and a deployment zone's side are set in the Selected Item panel, each
 * change one undo step; a value the rules refuse is refused with the
 * engine's reason and the field shows the model again. */
static void
test_area_values (Fixture       *f,
                  gconstpointer  data)
{
  const MuPoint house[] = { { 30, 30 }, { 34, 30 }, { 34, 34 }, { 30, 34 } };
  const MuPoint zone[] = { { 2, 2 }, { 12, 2 }, { 12, 8 }, { 2, 8 } };
  g_autoptr(GError) error = NULL;
  GtkWidget *capacity, *defence, *hard, *grade, *side;
  const MuArea *a;
  guint steps;

  g_assert_cmpint (mu_edit_add_area (f->history, MU_AREA_BUILDING, house, 4, &error), ==, 0);
  g_assert_cmpint (mu_edit_add_area (f->history, MU_AREA_DEPLOYMENT, zone, 4, &error), ==, 1);
  flush_events ();
  steps = mu_edit_history_get_n_undo (f->history);
  muster_editor_set_tool (f->editor, MUSTER_TOOL_SELECT);
  click (f, 32, 32);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_AREA);
  /* the selected area is outlined on the board, its corners marked */
  {
    guint n, flags;

    muster_scene_get_outline (f->scene, &n, &flags);
    g_assert_cmpuint (n, ==, 4);
    g_assert_cmpuint (flags, ==, MUSTER_OUTLINE_CLOSED | MUSTER_OUTLINE_CORNERS);
  }
  capacity = labelled (GTK_WIDGET (f->editor), "_Capacity");
  defence = labelled (GTK_WIDGET (f->editor), "_Defence");
  hard = labelled (GTK_WIDGET (f->editor), "_Hard cover");
  grade = labelled (GTK_WIDGET (f->editor), "_Grade");
  side = labelled (GTK_WIDGET (f->editor), "Si_de");
  g_assert_nonnull (capacity);
  g_assert_nonnull (grade);
  g_assert_true (gtk_widget_get_visible (capacity));
  g_assert_true (gtk_widget_get_visible (defence));
  g_assert_true (gtk_widget_get_visible (hard));
  g_assert_false (gtk_widget_get_visible (grade));   /* a building has no grade */
  g_assert_false (gtk_widget_get_visible (side));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (capacity), 4);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (defence), 3);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (hard), TRUE);
  flush_events ();
  a = g_ptr_array_index (model (f)->table->areas, 0);
  g_assert_cmpint (a->capacity, ==, 4);
  g_assert_cmpint (a->defence, ==, 3);
  g_assert_true (a->hard_cover);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 3);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Set Area Values");

  /* out of the rules' range: refused with the reason, the field as the model */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (defence), 8);
  flush_events ();
  a = g_ptr_array_index (model (f)->table->areas, 0);
  g_assert_cmpint (a->defence, ==, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (defence)), ==, 3);
  g_assert_nonnull (muster_editor_get_message (f->editor));
  g_assert_nonnull (strstr (muster_editor_get_message (f->editor), "between 1 and 6"));
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 3);

  /* a deployment zone: only its side, chosen from the sides */
  click (f, 7, 5);
  g_assert_cmpint (muster_editor_get_selection (f->editor, NULL, NULL), ==, MUSTER_SELECTION_AREA);
  g_assert_true (gtk_widget_get_visible (side));
  g_assert_false (gtk_widget_get_visible (capacity));
  g_assert_false (gtk_widget_get_visible (defence));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (side), 1);
  flush_events ();
  a = g_ptr_array_index (model (f)->table->areas, 1);
  g_assert_cmpstr (a->side, ==, ((MuSide *) g_ptr_array_index (model (f)->sides, 1))->id);
  g_assert_cmpuint (mu_edit_history_get_n_undo (f->history), ==, steps + 4);
  /* another tool leaves the board without the selection's outline */
  muster_editor_set_tool (f->editor, MUSTER_TOOL_LABEL);
  {
    guint n;

    muster_scene_get_outline (f->scene, &n, NULL);
    g_assert_cmpuint (n, ==, 0);
  }
  assert_round_trip (f, steps + 4);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add ("/app/editor-table/area", Fixture, NULL, fixture_set_up_table, test_area, fixture_tear_down);
  g_test_add ("/app/editor-table/move-stand", Fixture, NULL, fixture_set_up_table, test_move_stand, fixture_tear_down);
  g_test_add ("/app/editor-table/area-values", Fixture, NULL, fixture_set_up_table, test_area_values, fixture_tear_down);
  g_test_add ("/app/editor-table/tool-keys", Fixture, NULL, fixture_set_up_table, test_tool_keys, fixture_tear_down);
  g_test_add ("/app/editor-table/line", Fixture, NULL, fixture_set_up_table, test_line, fixture_tear_down);
  g_test_add ("/app/editor-table/keys", Fixture, NULL, fixture_set_up_table, test_keys, fixture_tear_down);
  g_test_add ("/app/editor-table/label-objective", Fixture, NULL, fixture_set_up_table,
              test_table_label_objective, fixture_tear_down);
  g_test_add ("/app/editor-table/hex-label-objective", Fixture, GINT_TO_POINTER (1), fixture_set_up_table,
              test_hex_label_objective, fixture_tear_down);
  g_test_add ("/app/editor-table/entry-reserve", Fixture, GINT_TO_POINTER (1), fixture_set_up_table,
              test_entry_reserve, fixture_tear_down);
  return g_test_run ();
}
