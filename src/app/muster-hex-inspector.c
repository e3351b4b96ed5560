/* muster-hex-inspector.c: the editor's view of one hex (what is on it, its
 * elevation and features, which it edits) and the board's size.
 *
 * It knows the edit history, not the editor: the editor tells it which hex
 * to show, and it reports each edit's outcome with the "edited" signal. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-hex-inspector.h"

#include <glib/gi18n.h>

struct _MusterHexInspector
{
  GtkBox parent_instance;

  MuEditHistory *history;
  MuHex hex;                    /* the hex shown, or MU_HEX_NONE */
  gboolean filling;             /* its widgets are being set: not edits */

  /* Template children. */
  GtkLabel *hex_label;
  GtkWidget *hex_box;
  GtkSpinButton *elevation_spin;
  GtkFlowBox *feature_box;
  GtkDropDown *edge_dropdown;
  GtkSpinButton *resize_spin;
  GtkWidget *feature_checks[8];
};

G_DEFINE_FINAL_TYPE (MusterHexInspector, muster_hex_inspector, GTK_TYPE_BOX)

enum {
  EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The per-hex features the check buttons set, in their order. */
static const MuHexFeatures hex_features[8] = {
  MU_HEX_FEATURE_STREAM, MU_HEX_FEATURE_FORD, MU_HEX_FEATURE_BRIDGE, MU_HEX_FEATURE_IMPASSABLE,
  MU_HEX_FEATURE_FORTIFICATION, MU_HEX_FEATURE_FORTIFIED_BUILDING, MU_HEX_FEATURE_PREPARED_DEFENCE,
  MU_HEX_FEATURE_BUILDINGS,
};

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

/* The Stream check with the flow box's cell around it: a hidden check in
 * a shown cell left a hole before Ford and an empty Tab stop. */
static void
show_stream_check (MusterHexInspector *self,
                   gboolean            shown)
{
  for (guint i = 0; i < G_N_ELEMENTS (hex_features); i++)
    if (hex_features[i] == MU_HEX_FEATURE_STREAM && self->feature_checks[i] != NULL)
      {
        GtkWidget *check = self->feature_checks[i];
        GtkWidget *cell = gtk_widget_get_parent (check);

        gtk_widget_set_visible (check, shown);
        if (GTK_IS_FLOW_BOX_CHILD (cell))
          gtk_widget_set_visible (cell, shown);
      }
}

void
muster_hex_inspector_show_hex (MusterHexInspector *self,
                               MuHex               hex)
{
  MuScenario *s;
  const MuHexCell *cell = NULL;
  char buf[16];
  g_autofree char *text = NULL;

  g_return_if_fail (MUSTER_IS_HEX_INSPECTOR (self));

  self->hex = hex;
  s = self->history ? mu_edit_history_get_scenario (self->history) : NULL;
  if (s != NULL && s->hex_map != NULL)
    cell = mu_hex_map_cell (s->hex_map, hex);
  gtk_widget_set_sensitive (self->hex_box, cell != NULL);
  if (cell == NULL)
    {
      show_stream_check (self, FALSE);
      gtk_label_set_label (self->hex_label, _("Click a hex with Select"));
      return;
    }
  mu_hex_format (&s->hex_map->grid, hex, buf, sizeof buf);
  text = describe_hex (s, hex, buf, cell);
  gtk_label_set_label (self->hex_label, text);
  self->filling = TRUE;
  gtk_spin_button_set_value (self->elevation_spin, cell->elevation);
  for (guint i = 0; i < G_N_ELEMENTS (hex_features); i++)
    {
      gboolean on = (cell->features & hex_features[i]) != 0;

      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->feature_checks[i]), on);
      if (hex_features[i] == MU_HEX_FEATURE_STREAM)
        show_stream_check (self, on);
    }
  self->filling = FALSE;
}

static void
report (MusterHexInspector *self,
        gboolean            ok,
        GError             *error)
{
  g_signal_emit (self, signals[EDITED], 0, ok, error);
}

static void
on_elevation_changed (GtkSpinButton      *spin,
                      MusterHexInspector *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->filling || self->history == NULL)
    return;
  ok = mu_edit_set_elevation (self->history, self->hex, gtk_spin_button_get_value_as_int (spin), &error);
  report (self, ok, error);
}

static void
on_feature_toggled (GtkCheckButton     *check,
                    MusterHexInspector *self)
{
  g_autoptr(GError) error = NULL;
  guint feature = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "feature"));
  gboolean ok;

  if (self->filling || self->history == NULL)
    return;
  ok = mu_edit_set_hex_features (self->history, &self->hex, 1, feature,
                                 gtk_check_button_get_active (check), &error);
  report (self, ok, error);
}

void
muster_hex_inspector_set_history (MusterHexInspector *self,
                                  MuEditHistory      *history)
{
  g_return_if_fail (MUSTER_IS_HEX_INSPECTOR (self));

  g_set_object (&self->history, history);
}

MuEdge
muster_hex_inspector_get_edge (MusterHexInspector *self)
{
  g_return_val_if_fail (MUSTER_IS_HEX_INSPECTOR (self), 0);

  return (MuEdge) gtk_drop_down_get_selected (self->edge_dropdown);
}

int
muster_hex_inspector_get_resize_count (MusterHexInspector *self)
{
  g_return_val_if_fail (MUSTER_IS_HEX_INSPECTOR (self), 0);

  return gtk_spin_button_get_value_as_int (self->resize_spin);
}

GtkDropDown *
muster_hex_inspector_get_edge_dropdown (MusterHexInspector *self)
{
  g_return_val_if_fail (MUSTER_IS_HEX_INSPECTOR (self), NULL);

  return self->edge_dropdown;
}

static void
muster_hex_inspector_dispose (GObject *object)
{
  MusterHexInspector *self = MUSTER_HEX_INSPECTOR (object);

  g_clear_object (&self->history);

  G_OBJECT_CLASS (muster_hex_inspector_parent_class)->dispose (object);
}

static void
muster_hex_inspector_class_init (MusterHexInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_hex_inspector_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-hex-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, hex_label);
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, hex_box);
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, elevation_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, feature_box);
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, edge_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterHexInspector, resize_spin);
  gtk_widget_class_bind_template_callback (widget_class, on_elevation_changed);

  /* An edit made in the inspector, and whether the engine took it (the
   * error says why not). */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_ERROR);
}

static void
muster_hex_inspector_init (MusterHexInspector *self)
{
  const char *names[] = { _("Stream"), _("Ford"), _("Bridge"), _("Impassable"), _("Fortification"),
                          _("Fortified building"), _("Prepared defence"), _("Buildings") };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->hex = MU_HEX_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      self->feature_checks[i] = gtk_check_button_new_with_label (names[i]);
      g_object_set_data (G_OBJECT (self->feature_checks[i]), "feature", GUINT_TO_POINTER (hex_features[i]));
      g_signal_connect (self->feature_checks[i], "toggled", G_CALLBACK (on_feature_toggled), self);
      gtk_flow_box_append (self->feature_box, self->feature_checks[i]);
    }
  show_stream_check (self, FALSE);
}

GtkWidget *
muster_hex_inspector_new (void)
{
  return g_object_new (MUSTER_TYPE_HEX_INSPECTOR, NULL);
}
