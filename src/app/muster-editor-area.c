/* muster-editor-area.c: the Selected Item rows of a table area's values
 *
 * Buildings and built-up areas hold stands (capacity) and give a defence
 * value and perhaps hard cover; fortifications give a defence value, hard
 * cover and a grade; a deployment zone belongs to a side. The engine's edit
 * (mu_edit_set_area_values) refuses what an area's kind does not carry or a
 * value out of range, with its reason shown under the panel; 0 is "not
 * given" and shows as a dash.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"

#include <glib/gi18n.h>

static gboolean
is_building (MuAreaKind kind)
{
  return kind == MU_AREA_BUILDING || kind == MU_AREA_BUILT_UP;
}

/* A value's spin button shows "—" for 0, "not given". */
static gboolean
on_spin_output (GtkSpinButton *spin,
                gpointer       data)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = value == 0 ? g_strdup ("—") : g_strdup_printf ("%d", value);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *value,
               gpointer       data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 v;

  if (g_strcmp0 (text, "—") == 0 || g_strcmp0 (text, "-") == 0 || *text == '\0')
    {
      *value = 0;
      return TRUE;
    }
  v = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    return GTK_INPUT_ERROR;
  *value = (double) v;
  return TRUE;
}

static GtkSpinButton *
value_spin (int         max,
            const char *tooltip)
{
  /* the range is wider than the rules': the engine refuses and says why */
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, max, 1));

  gtk_widget_set_tooltip_text (GTK_WIDGET (spin), tooltip);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), NULL);
  return spin;
}

/* Every value as the panel shows it now, to the engine. */
static void
apply_values (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  g_autoptr(GError) error = NULL;
  guint i = gtk_drop_down_get_selected (self->item->area_side);
  const char *side = NULL;
  const MuArea *a;

  if (self->inspecting || self->item->kind != MUSTER_SELECTION_AREA)
    return;
  a = g_ptr_array_index (s->table->areas, self->item->index);
  if (a->kind == MU_AREA_DEPLOYMENT && i != GTK_INVALID_LIST_POSITION && i < s->sides->len)
    side = ((MuSide *) g_ptr_array_index (s->sides, i))->id;
  /* the panel showing the model again (after a refusal) is no edit */
  if (gtk_spin_button_get_value_as_int (self->item->area_capacity) == a->capacity &&
      gtk_spin_button_get_value_as_int (self->item->area_defence) == a->defence &&
      gtk_check_button_get_active (self->item->area_hard_cover) == a->hard_cover &&
      gtk_spin_button_get_value_as_int (self->item->area_grade) == a->grade &&
      (a->kind != MU_AREA_DEPLOYMENT || g_strcmp0 (side, a->side) == 0))
    return;
  if (!mu_edit_set_area_values (self->history, self->item->index,
                                gtk_spin_button_get_value_as_int (self->item->area_capacity),
                                gtk_spin_button_get_value_as_int (self->item->area_defence),
                                gtk_check_button_get_active (self->item->area_hard_cover),
                                gtk_spin_button_get_value_as_int (self->item->area_grade),
                                side, &error))
    {
      /* the refusal stays beside the panel; the fields show the model again */
      muster_editor_report (self, FALSE, &error);
      muster_editor_show_area_values (self, a);
      return;
    }
  muster_editor_report (self, TRUE, &error);
}

void
muster_editor_build_area_values (MusterEditor *self,
                                 GtkWidget    *grid,
                                 int           row)
{
  self->item->area_capacity = value_spin (999, _("How many stands it holds; — when not given"));
  self->item->area_capacity_row = muster_editor_panel_row (grid, row++, _("_Capacity"),
                                                     GTK_WIDGET (self->item->area_capacity));
  self->item->area_defence = value_spin (9, _("Its defence value, 1 to 6; — when not given"));
  self->item->area_defence_row = muster_editor_panel_row (grid, row++, _("_Defence"),
                                                    GTK_WIDGET (self->item->area_defence));
  self->item->area_hard_cover = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Hard cover")));
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->item->area_hard_cover), 1, row++, 1, 1);
  g_object_bind_property (self->item->area_defence_row, "visible", self->item->area_hard_cover, "visible",
                          G_BINDING_SYNC_CREATE);
  self->item->area_grade = value_spin (9, _("The grade of the field works, 1 to 3; — when not given"));
  self->item->area_grade_row = muster_editor_panel_row (grid, row++, _("_Grade"), GTK_WIDGET (self->item->area_grade));
  self->item->area_side = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->item->area_side_row = muster_editor_panel_row (grid, row++, _("Si_de"), GTK_WIDGET (self->item->area_side));

  g_signal_connect_swapped (self->item->area_capacity, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->item->area_defence, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->item->area_hard_cover, "notify::active", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->item->area_grade, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->item->area_side, "notify::selected", G_CALLBACK (apply_values), self);
  muster_editor_show_area_values (self, NULL);
}

void
muster_editor_show_area_values (MusterEditor *self,
                                const MuArea *area)
{
  gboolean building = area != NULL && is_building (area->kind);
  gboolean works = area != NULL && area->kind == MU_AREA_FORTIFICATION;
  gboolean zone = area != NULL && area->kind == MU_AREA_DEPLOYMENT;
  gboolean was = self->inspecting;

  self->inspecting = TRUE;
  gtk_widget_set_visible (self->item->area_capacity_row, building);
  gtk_widget_set_visible (self->item->area_defence_row, building || works);
  gtk_widget_set_visible (self->item->area_grade_row, works);
  gtk_widget_set_visible (self->item->area_side_row, zone);
  if (area != NULL)
    {
      gtk_spin_button_set_value (self->item->area_capacity, area->capacity);
      gtk_spin_button_set_value (self->item->area_defence, area->defence);
      gtk_check_button_set_active (self->item->area_hard_cover, area->hard_cover);
      gtk_spin_button_set_value (self->item->area_grade, area->grade);
    }
  if (zone)
    {
      MuScenario *s = muster_editor_scenario (self);
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      guint selected = GTK_INVALID_LIST_POSITION;

      for (guint i = 0; i < s->sides->len; i++)
        {
          const MuSide *side = g_ptr_array_index (s->sides, i);

          g_ptr_array_add (names, side->name ? side->name : side->id);
          if (g_strcmp0 (side->id, area->side) == 0)
            selected = i;
        }
      muster_editor_set_dropdown_strings (self->item->area_side, names);
      gtk_drop_down_set_selected (self->item->area_side, selected);
    }
  self->inspecting = was;
}
