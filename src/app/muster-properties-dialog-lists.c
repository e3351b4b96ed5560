#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-properties-dialog-private.h"

#include <glib/gi18n.h>

/* The Victory and Reserves pages: task objectives and reserves, a row each. */

static const char *const reserve_kinds[] = {
  N_("Reserve"), N_("Reinforcement"), N_("Railroad"), N_("Flank march"), N_("Out-circling"), NULL,
};
static const char *const arrival_kinds[] = { N_("At bound"), N_("By roll"), NULL };
static const char *const edges[] = { N_("No edge"), N_("North edge"), N_("East edge"),
                                     N_("South edge"), N_("West edge"), NULL };
const char *const muster_props_edge_ids[MUSTER_PROPS_N_EDGES] = { NULL, "n", "e", "s", "w" };

/* Victory ------------------------------------------------------------------------------ */

static void
on_remove_row (GtkButton *button,
               gpointer   user_data)
{
  MusterPropertiesDialog *self = MUSTER_PROPERTIES_DIALOG (user_data);
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  GtkWidget *list = gtk_widget_get_parent (row);
  GHashTableIter iter;
  gpointer value;

  /* Forget the row's fields. */
  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (gtk_widget_is_ancestor (value, row))
      g_hash_table_iter_remove (&iter);
  if (self->error_widget && gtk_widget_is_ancestor (self->error_widget, row))
    self->error_widget = NULL;
  gtk_list_box_remove (GTK_LIST_BOX (list), row);
}

static GtkWidget *
remove_button (MusterPropertiesDialog *self,
               const char             *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_widget_set_tooltip_text (button, tooltip);
  /* an icon is no name for a screen reader */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect (button, "clicked", G_CALLBACK (on_remove_row), self);
  return button;
}

static GtkWidget *
list_row (GtkListBox *list,
          GtkWidget  *child,
          const char *id)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_widget_set_margin_start (child, 12);
  gtk_widget_set_margin_end (child, 6);
  gtk_widget_set_margin_top (child, 8);
  gtk_widget_set_margin_bottom (child, 8);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  g_object_set_data_full (G_OBJECT (row), "object-id", g_strdup (id), g_free);
  gtk_list_box_append (list, row);
  return row;
}

GtkWidget *
muster_props_row_widget (GtkWidget  *row,
                         const char *what)
{
  return g_object_get_data (G_OBJECT (row), what);
}

static void
set_row_widget (MusterPropertiesDialog *self,
                GtkWidget              *row,
                const char             *prefix,
                const char             *what,
                GtkWidget              *widget)
{
  g_object_set_data (G_OBJECT (row), what, widget);
  g_object_set_data_full (G_OBJECT (widget), "row-part", g_strdup (what), g_free);
}

static void
add_task_row (MusterPropertiesDialog *self,
              const MuTaskObjective  *task)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *fields = gtk_grid_new ();
  GtkWidget *side = muster_props_side_dropdown (self, task ? task->side : NULL);
  GtkWidget *text = muster_props_new_entry (task ? task->text : NULL);
  GtkWidget *condition = muster_props_new_entry (task ? task->condition : NULL);
  GtkWidget *value = muster_props_new_spin (task ? task->value : 1);
  GtkWidget *row;

  gtk_grid_set_row_spacing (GTK_GRID (fields), 6);
  gtk_grid_set_column_spacing (GTK_GRID (fields), 6);
  gtk_widget_set_hexpand (fields, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (text), _("What the side must do, for the players"));
  gtk_entry_set_placeholder_text (GTK_ENTRY (condition), _("Condition, e.g. disperse csa 4"));
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_tooltip_text (value, _("Victory points"));
  gtk_grid_attach (GTK_GRID (fields), side, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (fields), text, 1, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (fields), condition, 0, 1, 2, 1);
  gtk_grid_attach (GTK_GRID (fields), gtk_label_new (_("Points")), 2, 1, 1, 1);
  gtk_widget_set_halign (gtk_grid_get_child_at (GTK_GRID (fields), 2, 1), GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (fields), value, 3, 1, 1, 1);
  gtk_box_append (GTK_BOX (box), fields);
  gtk_box_append (GTK_BOX (box), remove_button (self, _("Remove this task objective")));
  row = list_row (self->tasks_list, box, task ? task->id : NULL);
  set_row_widget (self, row, "task", "side", side);
  set_row_widget (self, row, "task", "text", text);
  set_row_widget (self, row, "task", "condition", condition);
  set_row_widget (self, row, "task", "value", value);
  set_row_widget (self, row, "task", "remove",
                  gtk_widget_get_last_child (box));
}

void
muster_props_on_add_task (GtkButton *button,
                          gpointer   user_data)
{
  MusterPropertiesDialog *self = MUSTER_PROPERTIES_DIALOG (user_data);

  add_task_row (self, NULL);
}

void
muster_props_build_victory (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  GtkWidget *grid = muster_props_new_grid ();
  GtkWidget *required = muster_props_new_spin (s->objectives_required);

  muster_props_grid_row (grid, 0, _("_Objectives needed"), required, _("0 for the rules’ default"));
  gtk_widget_set_hexpand (required, FALSE);
  muster_props_add_field (self, "objectives-required", required);
  /* above the template's Task Objectives */
  gtk_box_prepend (self->victory_box, grid);

  for (guint i = 0; i < s->tasks->len; i++)
    add_task_row (self, g_ptr_array_index (s->tasks, i));
  gtk_widget_set_sensitive (self->add_task, s->sides->len > 0);
  /* insensitive until there is a side to give the task to: say so */
  gtk_widget_set_tooltip_text (self->add_task, s->sides->len > 0 ? NULL
                               : _("A task objective belongs to a side: add the sides in the "
                                   "editor's Forces panel first"));
  muster_props_add_field (self, "add-task", self->add_task);
}

/* Reserves ------------------------------------------------------------------------------ */

static void
on_arrival_changed (GObject    *dropdown,
                    GParamSpec *pspec,
                    gpointer    user_data)
{
  GtkWidget *roll = user_data;

  gtk_widget_set_sensitive (roll, gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)) == MU_ARRIVAL_ROLL);
}

static void
add_reserve_row (MusterPropertiesDialog *self,
                 const MuReserve        *reserve)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *side = muster_props_side_dropdown (self, reserve ? reserve->side : NULL);
  GtkWidget *name = muster_props_new_entry (reserve ? reserve->name : NULL);
  GtkWidget *kind = muster_props_new_dropdown (reserve_kinds, TRUE, reserve ? reserve->kind : 0);
  GtkWidget *arrival = muster_props_new_dropdown (arrival_kinds, TRUE, reserve ? reserve->arrival : 0);
  GtkWidget *bound = muster_props_new_spin (reserve ? reserve->bound : 1);
  GtkWidget *roll = muster_props_new_spin (reserve ? reserve->roll : 0);
  GtkWidget *entry = muster_props_new_entry (NULL);
  GtkWidget *edge;
  GtkWidget *label, *row;
  guint edge_index = 0;

  if (reserve && reserve->edge)
    for (guint i = 1; i < G_N_ELEMENTS (muster_props_edge_ids); i++)
      if (g_strcmp0 (reserve->edge, muster_props_edge_ids[i]) == 0)
        edge_index = i;
  edge = muster_props_new_dropdown (edges, TRUE, edge_index);
  gtk_accessible_update_property (GTK_ACCESSIBLE (side), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Side"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reserve name"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (kind), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Kind of reserve"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (arrival), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Arrival"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (edge), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Entry edge"), -1);
  if (reserve && reserve->entry && s->board == MU_BOARD_HEX)
    {
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < reserve->entry->len; i++)
        {
          g_autofree char *hex = mu_hex_to_string (&s->hex_map->grid,
                                                   g_array_index (reserve->entry, MuHex, i));

          g_string_append_printf (text, "%s%s", i ? " " : "", hex);
        }
      gtk_editable_set_text (GTK_EDITABLE (entry), text->str);
      g_string_free (text, TRUE);
    }

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_hexpand (grid, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (name), _("Name, e.g. Kershaw’s Brigade"));
  gtk_widget_set_hexpand (name, TRUE);
  /* The model has no way to move a reserve to the other side. */
  gtk_widget_set_sensitive (side, reserve == NULL);
  gtk_widget_set_tooltip_text (side, reserve ? _("A reserve keeps its side; remove it and add another to change it")
                                             : _("The side the reserve belongs to"));
  gtk_size_group_add_widget (self->reserve_column, side);
  gtk_size_group_add_widget (self->reserve_column, arrival);
  gtk_widget_set_halign (bound, GTK_ALIGN_START);
  gtk_grid_attach (GTK_GRID (grid), side, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), name, 1, 0, 3, 1);
  gtk_grid_attach (GTK_GRID (grid), kind, 4, 0, 1, 1);

  gtk_grid_attach (GTK_GRID (grid), arrival, 0, 1, 1, 1);
  label = gtk_label_new_with_mnemonic (_("_Bound"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), bound);
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), bound, 2, 1, 1, 1);
  label = gtk_label_new_with_mnemonic (_("_Roll"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), roll);
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (roll, _("The reserve arrives on a die roll at or under this value, tried each bound; 0 uses the commander’s leadership"));
  gtk_grid_attach (GTK_GRID (grid), label, 3, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), roll, 4, 1, 1, 1);
  gtk_widget_set_halign (roll, GTK_ALIGN_START);
  on_arrival_changed (G_OBJECT (arrival), NULL, roll);
  g_signal_connect (arrival, "notify::selected", G_CALLBACK (on_arrival_changed), roll);

  label = gtk_label_new_with_mnemonic (_("_Enters at"));
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  if (s->board == MU_BOARD_HEX)
    {
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Hexes, e.g. 0101 0102"));
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
      gtk_grid_attach (GTK_GRID (grid), entry, 1, 2, 3, 1);
      gtk_grid_attach (GTK_GRID (grid), edge, 4, 2, 1, 1);
    }
  else
    {
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), edge);
      gtk_grid_attach (GTK_GRID (grid), edge, 1, 2, 1, 1);
    }

  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), remove_button (self, _("Remove this reserve")));
  row = list_row (self->reserves_list, box, reserve ? reserve->id : NULL);
  set_row_widget (self, row, "reserve", "side", side);
  set_row_widget (self, row, "reserve", "name", name);
  set_row_widget (self, row, "reserve", "kind", kind);
  set_row_widget (self, row, "reserve", "arrival", arrival);
  set_row_widget (self, row, "reserve", "bound", bound);
  set_row_widget (self, row, "reserve", "roll", roll);
  set_row_widget (self, row, "reserve", "edge", edge);
  set_row_widget (self, row, "reserve", "remove", gtk_widget_get_last_child (box));
  if (s->board == MU_BOARD_HEX)
    set_row_widget (self, row, "reserve", "entry", entry);
  else
    {
      /* Tables enter by edge here; their entry points are kept as they are. */
      g_object_ref_sink (entry);
      g_object_unref (entry);
    }
}

void
muster_props_on_add_reserve (GtkButton *button,
                             gpointer   user_data)
{
  add_reserve_row (MUSTER_PROPERTIES_DIALOG (user_data), NULL);
}

void
muster_props_build_reserves (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);

  for (guint i = 0; i < s->reserves->len; i++)
    add_reserve_row (self, g_ptr_array_index (s->reserves, i));
  gtk_widget_set_sensitive (self->add_reserve, s->sides->len > 0);
  gtk_widget_set_tooltip_text (self->add_reserve, s->sides->len > 0 ? NULL
                               : _("A reserve belongs to a side: add the sides in the editor's "
                                   "Forces panel first"));
  muster_props_add_field (self, "add-reserve", self->add_reserve);
}
