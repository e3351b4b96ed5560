/* muster-editor-inspector.c: the Selected Item panel's view of a hex (its
 * terrain, level and features, which it edits) and the board's size. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor.h"
#include "muster-editor-private.h"

#include <glib/gi18n.h>

/* Inspector and board size ---------------------------------------------------------- */

const MuHexFeatures muster_editor_hex_features[8] = {
  MU_HEX_FEATURE_STREAM, MU_HEX_FEATURE_FORD, MU_HEX_FEATURE_BRIDGE, MU_HEX_FEATURE_IMPASSABLE,
  MU_HEX_FEATURE_FORTIFICATION, MU_HEX_FEATURE_FORTIFIED_BUILDING, MU_HEX_FEATURE_PREPARED_DEFENCE,
  MU_HEX_FEATURE_BUILDINGS,
};

MusterHexInspector *
muster_editor_build_inspector (MusterEditor *self)
{
  const char *edges[] = { _("North edge"), _("South edge"), _("West edge"), _("East edge") };
  const char *names[] = { _("Stream"), _("Ford"), _("Bridge"), _("Impassable"), _("Fortification"),
                          _("Fortified building"), _("Prepared defence"), _("Buildings") };
  MusterHexInspector *inspector = g_new0 (MusterHexInspector, 1);

  inspector->label = GTK_LABEL (MUSTER_EDITOR_TEMPLATE_CHILD (self, "hex_label"));
  inspector->box = GTK_WIDGET (MUSTER_EDITOR_TEMPLATE_CHILD (self, "hex_box"));
  inspector->elevation = GTK_SPIN_BUTTON (MUSTER_EDITOR_TEMPLATE_CHILD (self, "elevation_spin"));
  inspector->feature_box = GTK_FLOW_BOX (MUSTER_EDITOR_TEMPLATE_CHILD (self, "feature_box"));
  inspector->edge_dropdown = GTK_DROP_DOWN (MUSTER_EDITOR_TEMPLATE_CHILD (self, "edge_dropdown"));
  inspector->resize_spin = GTK_SPIN_BUTTON (MUSTER_EDITOR_TEMPLATE_CHILD (self, "resize_spin"));

  gtk_drop_down_set_model (inspector->edge_dropdown, muster_editor_string_model (edges, G_N_ELEMENTS (edges)));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      inspector->feature_checks[i] = gtk_check_button_new_with_label (names[i]);
      g_object_set_data (G_OBJECT (inspector->feature_checks[i]), "feature",
                         GUINT_TO_POINTER (muster_editor_hex_features[i]));
      g_signal_connect (inspector->feature_checks[i], "toggled", G_CALLBACK (muster_editor_on_feature_toggled), self);
      gtk_flow_box_append (inspector->feature_box, inspector->feature_checks[i]);
    }
  g_signal_connect (inspector->elevation, "value-changed", G_CALLBACK (muster_editor_on_elevation_changed), self);
  return inspector;
}

/* Shows the hex selected in the scene (by the map view's click) with its values. */
static const char *
path_kind_name (MuPathKind kind)
{
  switch (kind)
    {
    case MU_PATH_LOCAL_ROAD:
      return _("road");
    case MU_PATH_TURNPIKE:
      return _("turnpike");
    case MU_PATH_RAILROAD:
      return _("railroad");
    case MU_PATH_RIVER:
      return _("river");
    case MU_PATH_STREAM:
      return _("stream");
    case MU_PATH_N:
    default:
      return "";
    }
}

/* What is really on a hex, a line each: terrain and elevation; the paths
 * through it; each hexside's features by compass direction; the counters
 * placed there and an objective. */
static char *
describe_hex (const MuScenario *s,
              MuHex             hex,
              const char       *number,
              const MuHexCell  *cell)
{
  static const struct { guint feature; const char *name; } sides[] = {
    { MU_SIDE_STREAM, N_("stream") }, { MU_SIDE_HEDGE, N_("hedge") }, { MU_SIDE_WALL, N_("wall") },
    { MU_SIDE_FORTIFICATION, N_("fortification") }, { MU_SIDE_BREACHED, N_("breached") },
    { MU_SIDE_FORD, N_("ford") }, { MU_SIDE_BRIDGE, N_("bridge") },
  };
  const MuHexMap *map = s->hex_map;
  GString *text = g_string_new (NULL);
  guint n;

  g_string_append_printf (text, _("Hex %s: %s"), number, mu_terrain_display_name (cell->terrain));
  if (cell->elevation > 0)
    g_string_append_printf (text, _(", elevation %d"), cell->elevation);
  n = 0;
  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *path = g_ptr_array_index (map->paths, i);

      for (guint j = 0; j < path->hexes->len; j++)
        if (mu_hex_equal (g_array_index (path->hexes, MuHex, j), hex))
          {
            g_string_append (text, n++ == 0 ? _("\nThrough it: ") : ", ");
            if (path->name != NULL)
              g_string_append_printf (text, "%s (%s)", path->name, path_kind_name (path->kind));
            else
              g_string_append (text, path_kind_name (path->kind));
            break;
          }
    }
  n = 0;
  for (int dir = 0; dir < 6; dir++)
    {
      guint features = mu_hex_map_side (map, hex, dir);
      guint m = 0;

      if (features == 0)
        continue;
      g_autofree char *compass = g_ascii_strup (mu_hex_direction_name (&map->grid, dir), -1);

      g_string_append (text, n++ == 0 ? _("\nHexsides: ") : "; ");
      g_string_append_printf (text, "%s ", compass);
      for (guint k = 0; k < G_N_ELEMENTS (sides); k++)
        if (features & sides[k].feature)
          g_string_append_printf (text, "%s%s", m++ == 0 ? "" : " + ", _(sides[k].name));
    }
  n = 0;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->place.kind == MU_PLACE_HEX && mu_hex_equal (c->place.hex, hex))
        g_string_append_printf (text, "%s%s", n++ == 0 ? _("\nCounters: ") : ", ",
                                c->name != NULL ? c->name : c->id);
    }
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      if (mu_hex_equal (o->hex, hex))
        g_string_append_printf (text, _("\nObjective: %s"), o->name != NULL ? o->name : o->id);
    }
  return g_string_free (text, FALSE);
}

void
muster_editor_update_inspector (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);
  MuScenario *s = muster_editor_scenario (self);
  MuHex hex = scene ? muster_scene_get_selected_hex (scene) : MU_HEX_NONE;
  const MuHexCell *cell = s->hex_map ? mu_hex_map_cell (s->hex_map, hex) : NULL;
  char buf[16];
  g_autofree char *text = NULL;

  gtk_widget_set_sensitive (self->inspector->box, cell != NULL);
  if (cell == NULL)
    {
      gtk_label_set_label (self->inspector->label, _("Click a hex with Select"));
      return;
    }
  mu_hex_format (&s->hex_map->grid, hex, buf, sizeof buf);
  text = describe_hex (s, hex, buf, cell);
  gtk_label_set_label (self->inspector->label, text);
  self->inspecting = TRUE;
  gtk_spin_button_set_value (self->inspector->elevation, cell->elevation);
  for (guint i = 0; i < G_N_ELEMENTS (muster_editor_hex_features); i++)
    {
      gboolean on = (cell->features & muster_editor_hex_features[i]) != 0;

      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->inspector->feature_checks[i]), on);
      /* a stream through the hex is drawn with the Path tool; the old
       * per-hex flag shows only where a file has it, to be cleared */
      if (muster_editor_hex_features[i] == MU_HEX_FEATURE_STREAM)
        gtk_widget_set_visible (self->inspector->feature_checks[i], on);
    }
  self->inspecting = FALSE;
}

void
muster_editor_on_scene_changed (MusterScene       *scene,
                                MusterSceneChange  change,
                                MusterEditor      *self)
{
  muster_editor_update_inspector (self);
}

static MuHex
inspected_hex (MusterEditor *self)
{
  MusterScene *scene = muster_map_view_get_scene (self->view);

  return scene ? muster_scene_get_selected_hex (scene) : MU_HEX_NONE;
}

void
muster_editor_on_elevation_changed (GtkSpinButton *spin,
                                    MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting)
    return;
  muster_editor_report (self, mu_edit_set_elevation (self->history, inspected_hex (self),
                                                     gtk_spin_button_get_value_as_int (spin), &error), &error);
}

void
muster_editor_on_feature_toggled (GtkCheckButton *check,
                                  MusterEditor   *self)
{
  g_autoptr(GError) error = NULL;
  MuHex hex = inspected_hex (self);
  guint feature = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "feature"));

  if (self->inspecting)
    return;
  muster_editor_report (self, mu_edit_set_hex_features (self->history, &hex, 1, feature,
                                                        gtk_check_button_get_active (check), &error), &error);
}

gboolean
muster_editor_resize_board (MusterEditor *self,
                            MuEdge        edge,
                            int           count)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *report_text = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);

  ok = mu_edit_resize_board (self->history, edge, count, &report_text, &error);
  muster_editor_report (self, ok, &error);
  if (ok && report_text)
    muster_editor_show_message (self, report_text);   /* what the resize cut off, undoable */
  if (ok)
    muster_map_view_zoom_to_fit (self->view);
  return ok;
}

void
muster_editor_on_resize (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       data)
{
  MusterEditor *self = data;

  muster_editor_resize_board (self, (MuEdge) gtk_drop_down_get_selected (self->inspector->edge_dropdown),
                              gtk_spin_button_get_value_as_int (self->inspector->resize_spin));
}
