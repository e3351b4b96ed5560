/* muster-editor-selection.c: the Selected Item panel for a tabletop item
 * (a counter, area, line or label), its values and the edits of them. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-private.h"
#include "muster-editor-oob-values.h"

#include <glib/gi18n.h>

/* The selection panel ---------------------------------------------------------------- */

/* Drops a selection that an edit, undo or redo has taken away. */
static gboolean
selection_valid (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  GPtrArray *labels = muster_editor_is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;

  switch (self->item->kind)
    {
    case MUSTER_SELECTION_AREA:
      return muster_editor_is_table (self) && self->item->index >= 0 && (guint) self->item->index < s->table->areas->len;
    case MUSTER_SELECTION_LINE:
      return muster_editor_is_table (self) && self->item->index >= 0 && (guint) self->item->index < s->table->lines->len;
    case MUSTER_SELECTION_LABEL:
      return labels && self->item->index >= 0 && (guint) self->item->index < labels->len;
    case MUSTER_SELECTION_OBJECTIVE:
      return mu_scenario_find_objective (s, self->item->id) != NULL;
    case MUSTER_SELECTION_COUNTER:
      {
        const MuCounter *c = mu_scenario_find_counter (s, self->item->id);

        return c != NULL && (c->place.kind == MU_PLACE_HEX || c->place.kind == MU_PLACE_TABLE);
      }
    case MUSTER_SELECTION_NONE:
    default:
      return FALSE;
    }
}

static void
append_counter_line (GString         *text,
                     const MuScenario *s,
                     const MuCounter  *c)
{
  const MuSide *side = mu_scenario_find_side (s, c->side);

  g_string_append_printf (text, "%s (%s, %s)", c->name ? c->name : c->id,
                          side && side->name ? side->name : c->side,
                          muster_editor_kind_word (c->kind));
}

/* The selected counter and, on a hex board, the rest of its stack. */
static char *
counter_title (const MuScenario *s,
               const char       *id)
{
  const MuCounter *c = mu_scenario_find_counter (s, id);
  GString *text = g_string_new (NULL);
  guint n_here = 0;

  append_counter_line (text, s, c);
  if (c->place.kind == MU_PLACE_HEX)
    {
      char label[16];

      mu_hex_format (&s->hex_map->grid, c->place.hex, label, sizeof label);
      g_string_append_printf (text, _(" in hex %s"), label);
      for (guint i = 0; i < s->counters->len; i++)
        {
          const MuCounter *o = g_ptr_array_index (s->counters, i);

          if (o != c && o->place.kind == MU_PLACE_HEX && mu_hex_equal (o->place.hex, c->place.hex))
            {
              g_string_append (text, n_here++ == 0 ? _("\nStacked with:\n") : "\n");
              g_string_append (text, "• ");
              append_counter_line (text, s, o);
            }
        }
    }
  else
    g_string_append_printf (text, _(" at %.1f, %.1f facing %.0f°"), c->place.pos.x, c->place.pos.y,
                            c->place.facing);
  return g_string_free (text, FALSE);
}

void
muster_editor_update_selection (MusterEditor *self)
{
  MuScenario *s = muster_editor_scenario (self);
  GPtrArray *labels = muster_editor_is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  g_autofree char *title = NULL;
  const char *text = NULL;
  gboolean name = FALSE, level = FALSE, scale = FALSE, objective = FALSE, shape = FALSE;

  if (self->item->kind != MUSTER_SELECTION_NONE && !selection_valid (self))
    {
      self->item->kind = MUSTER_SELECTION_NONE;
      g_clear_pointer (&self->item->id, g_free);
    }
  muster_editor_update_handle (self);
  /* nothing selected before or now: the panel stays as it is */
  if (self->item->kind == MUSTER_SELECTION_NONE && self->item->empty)
    return;
  self->item->empty = self->item->kind == MUSTER_SELECTION_NONE;
  self->inspecting = TRUE;
  switch (self->item->kind)
    {
    case MUSTER_SELECTION_AREA:
      {
        const MuArea *a = g_ptr_array_index (s->table->areas, self->item->index);

        title = g_strdup_printf (_("Area %d: %s"), self->item->index + 1, mu_area_kind_display_name (a->kind));
        text = a->name;
        name = shape = TRUE;
        level = a->kind == MU_AREA_HILL;
        if (level)
          gtk_spin_button_set_value (self->item->level, a->level);
      }
      break;
    case MUSTER_SELECTION_LINE:
      {
        const MuPolyline *l = g_ptr_array_index (s->table->lines, self->item->index);

        title = l->name ? g_strdup_printf (_("Line %d: %s, %s"), self->item->index + 1,
                                           mu_line_kind_display_name (l->kind), l->name)
                        : g_strdup_printf (_("Line %d: %s"), self->item->index + 1, mu_line_kind_display_name (l->kind));
        shape = TRUE;
      }
      break;
    case MUSTER_SELECTION_LABEL:
      {
        const MuLabel *l = g_ptr_array_index (labels, self->item->index);

        title = g_strdup_printf (_("Label %d"), self->item->index + 1);
        text = l->text;
        name = scale = TRUE;
        gtk_spin_button_set_value (self->item->scale, l->scale);
      }
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      {
        const MuObjective *o = mu_scenario_find_objective (s, self->item->id);
        g_autoptr(GPtrArray) names = g_ptr_array_new ();
        guint selected = 0;

        title = g_strdup_printf (_("Objective %s"), o->id);
        text = o->name;
        name = objective = TRUE;
        g_ptr_array_add (names, (gpointer) _("Nobody"));
        for (guint i = 0; i < s->sides->len; i++)
          {
            const MuSide *side = g_ptr_array_index (s->sides, i);

            g_ptr_array_add (names, side->name ? side->name : side->id);
            if (g_strcmp0 (side->id, o->owner) == 0)
              selected = i + 1;
          }
        muster_editor_set_dropdown_strings (self->item->owner, names);
        gtk_drop_down_set_selected (self->item->owner, selected);
        gtk_spin_button_set_value (self->item->value, o->value);
      }
      break;
    case MUSTER_SELECTION_COUNTER:
      title = counter_title (s, self->item->id);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      break;
    }
  gtk_label_set_label (self->item->label, title ? title
                       : _("Click a counter, area, line, label or objective with Select"));
  gtk_editable_set_text (GTK_EDITABLE (self->item->text), text ? text : "");
  gtk_widget_set_visible (self->item->text_row, name);
  gtk_widget_set_visible (self->item->level_row, level);
  gtk_widget_set_visible (self->item->scale_row, scale);
  gtk_widget_set_visible (self->item->owner_row, objective);
  gtk_widget_set_visible (self->item->value_row, objective);
  gtk_widget_set_visible (self->item->rotate_row, shape);
  muster_editor_show_area_values (self, self->item->kind == MUSTER_SELECTION_AREA
                                        ? g_ptr_array_index (s->table->areas, self->item->index) : NULL);
  gtk_widget_set_visible (self->item->delete, self->item->kind != MUSTER_SELECTION_NONE);
  /* a counter is not deleted here, only taken off the board (the order of battle keeps it) */
  gtk_button_set_label (GTK_BUTTON (self->item->delete), self->item->kind == MUSTER_SELECTION_COUNTER
                        ? _("_Take Off the Board") : _("_Delete"));
  gtk_widget_set_tooltip_text (self->item->delete, self->item->kind == MUSTER_SELECTION_COUNTER
                               ? _("Take the counter off the board; it stays in the order of battle (Delete key)")
                               : _("Delete the selected item (Delete key)"));
  self->inspecting = FALSE;
}

static void
on_item_text_activate (GtkEntry     *entry,
                       MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  gboolean ok;

  if (self->inspecting)
    return;
  switch (self->item->kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_set_area_name (self->history, self->item->index, *text ? text : NULL, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_set_label_text (self->history, self->item->index, text, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_set_objective_name (self->history, self->item->id, text, &error);
      break;
    case MUSTER_SELECTION_LINE:
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  muster_editor_report (self, ok, &error);
  if (!ok)
    muster_editor_update_selection (self);
}

static void
on_item_level_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->item->kind != MUSTER_SELECTION_AREA)
    return;
  muster_editor_report (self, mu_edit_set_area_level (self->history, self->item->index,
                                                      gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_scale_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->item->kind != MUSTER_SELECTION_LABEL)
    return;
  muster_editor_report (self, mu_edit_set_label_scale (self->history, self->item->index,
                                                       gtk_spin_button_get_value (spin), &error), &error);
}

static void
on_item_owner_changed (GtkDropDown  *dropdown,
                       GParamSpec   *pspec,
                       MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  MuScenario *s = muster_editor_scenario (self);
  guint i = gtk_drop_down_get_selected (dropdown);
  const char *owner = NULL;

  if (self->inspecting || self->item->kind != MUSTER_SELECTION_OBJECTIVE || i == GTK_INVALID_LIST_POSITION)
    return;
  if (i > 0 && i <= s->sides->len)
    owner = ((MuSide *) g_ptr_array_index (s->sides, i - 1))->id;
  muster_editor_report (self, mu_edit_set_objective_owner (self->history, self->item->id, owner, &error), &error);
}

static void
on_item_value_changed (GtkSpinButton *spin,
                       MusterEditor  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->inspecting || self->item->kind != MUSTER_SELECTION_OBJECTIVE)
    return;
  muster_editor_report (self, mu_edit_set_objective_value (self->history, self->item->id,
                                                           gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_rotate (GtkButton    *button,
                MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  double degrees = gtk_spin_button_get_value (self->item->rotate);

  if (self->item->kind == MUSTER_SELECTION_AREA)
    muster_editor_report (self, mu_edit_rotate_area (self->history, self->item->index, degrees, &error), &error);
  else if (self->item->kind == MUSTER_SELECTION_LINE)
    muster_editor_report (self, mu_edit_rotate_line (self->history, self->item->index, degrees, &error), &error);
}

static void
on_item_delete (GtkButton    *button,
                MusterEditor *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  switch (self->item->kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_remove_area (self->history, self->item->index, &error);
      break;
    case MUSTER_SELECTION_LINE:
      ok = mu_edit_remove_line (self->history, self->item->index, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_remove_label (self->history, self->item->index, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_remove_objective (self->history, self->item->id, &error);
      break;
    case MUSTER_SELECTION_COUNTER:
      /* off the board, back to the order of battle's pool */
      ok = mu_edit_unplace_counter (self->history, self->item->id, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  muster_editor_report (self, ok, &error);
  if (ok)
    muster_editor_select_item (self, MUSTER_SELECTION_NONE, -1, NULL);
}

void
muster_editor_set_selected_text (MusterEditor *self,
                                 const char   *text)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->item->text), text ? text : "");
  g_signal_emit_by_name (self->item->text, "activate");
}

void
muster_editor_set_selected_level (MusterEditor *self,
                                  int           level)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item->level, level);
}

void
muster_editor_set_selected_scale (MusterEditor *self,
                                  double        scale)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item->scale, scale);
}

void
muster_editor_set_selected_owner (MusterEditor *self,
                                  const char   *owner)
{
  MuScenario *s;
  guint selected = 0;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  s = muster_editor_scenario (self);
  for (guint i = 0; i < s->sides->len; i++)
    if (g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->id, owner) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->item->owner, selected);
}

void
muster_editor_set_selected_value (MusterEditor *self,
                                  int           value)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item->value, value);
}

void
muster_editor_rotate_selected (MusterEditor *self,
                               double        degrees)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  gtk_spin_button_set_value (self->item->rotate, degrees);
  on_item_rotate (NULL, self);
}

void
muster_editor_delete_selected (MusterEditor *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  on_item_delete (NULL, self);
}

/* The table tool options and the Selected Item panel, built below the options. */
void
muster_editor_build_table_widgets (MusterEditor *self)
{
  const char *areas[MU_AREA_N], *lines[MU_LINE_N];
  GtkWidget *heading, *grid, *rotate_box, *button;
  int row = 100;

  for (int i = 0; i < MU_AREA_N; i++)
    areas[i] = mu_area_kind_display_name (i);
  for (int i = 0; i < MU_LINE_N; i++)
    lines[i] = mu_line_kind_display_name (i);
  self->palette->area_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (muster_editor_string_model (areas, MU_AREA_N), NULL));
  self->palette->line_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (muster_editor_string_model (lines, MU_LINE_N), NULL));
  self->palette->area_row = muster_editor_panel_row (GTK_WIDGET (self->palette->options_grid), row++, _("_Area"), GTK_WIDGET (self->palette->area_dropdown));
  self->palette->line_row = muster_editor_panel_row (GTK_WIDGET (self->palette->options_grid), row++, _("_Line"), GTK_WIDGET (self->palette->line_dropdown));
  self->palette->reserve_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->palette->reserve_dropdown),
                               _("The reserve whose entry hexes the Entry tool marks"));
  self->palette->reserve_row = muster_editor_panel_row (GTK_WIDGET (self->palette->options_grid), row++, _("_Reserve"),
                                 GTK_WIDGET (self->palette->reserve_dropdown));
  g_signal_connect (self->palette->reserve_dropdown, "notify::selected", G_CALLBACK (muster_editor_on_reserve_chosen), self);
  g_signal_connect_swapped (self->palette->area_dropdown, "notify::selected", G_CALLBACK (muster_editor_on_shape_kind_changed), self);
  g_signal_connect_swapped (self->palette->line_dropdown, "notify::selected", G_CALLBACK (muster_editor_on_shape_kind_changed), self);

  heading = gtk_label_new (_("Selected Item"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (self->map_page, heading);
  self->item->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->item->label, 0);
  gtk_label_set_wrap (self->item->label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->item->label), "dim-label");
  gtk_box_append (self->map_page, GTK_WIDGET (self->item->label));

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_box_append (self->map_page, grid);
  self->item->text = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->item->text), _("Press Enter to apply"));
  self->item->text_row = muster_editor_panel_row (grid, 0, _("_Name"), GTK_WIDGET (self->item->text));
  self->item->level = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, MU_ELEVATION_MAX, 1));
  self->item->level_row = muster_editor_panel_row (grid, 1, _("Hill le_vel"), GTK_WIDGET (self->item->level));
  self->item->scale = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0.25, 8, 0.25));
  self->item->scale_row = muster_editor_panel_row (grid, 2, _("_Scale"), GTK_WIDGET (self->item->scale));
  self->item->owner = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->item->owner_row = muster_editor_panel_row (grid, 3, _("_Owner"), GTK_WIDGET (self->item->owner));
  self->item->value = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 100, 1));
  self->item->value_row = muster_editor_panel_row (grid, 4, _("_Value"), GTK_WIDGET (self->item->value));
  rotate_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->item->rotate = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (-180, 180, 15));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->item->rotate), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Degrees to rotate"), -1);
  gtk_spin_button_set_value (self->item->rotate, 15);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->item->rotate),
                               _("Degrees clockwise; Shift+drag with Select rotates too"));
  button = gtk_button_new_with_mnemonic (_("_Rotate"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_item_rotate), self);
  gtk_box_append (GTK_BOX (rotate_box), GTK_WIDGET (self->item->rotate));
  gtk_box_append (GTK_BOX (rotate_box), button);
  self->item->rotate_row = muster_editor_panel_row (grid, 5, _("Tur_n"), rotate_box);
  self->item->delete = gtk_button_new_with_mnemonic (_("_Delete"));
  gtk_widget_set_tooltip_text (self->item->delete, _("Delete the selected item (Delete key)"));
  gtk_widget_add_css_class (self->item->delete, "destructive-action");
  muster_editor_build_area_values (self, grid, 6);
  gtk_grid_attach (GTK_GRID (grid), self->item->delete, 1, 20, 1, 1);
  g_signal_connect (self->item->delete, "clicked", G_CALLBACK (on_item_delete), self);

  g_signal_connect (self->item->text, "activate", G_CALLBACK (on_item_text_activate), self);
  g_signal_connect (self->item->level, "value-changed", G_CALLBACK (on_item_level_changed), self);
  g_signal_connect (self->item->scale, "value-changed", G_CALLBACK (on_item_scale_changed), self);
  g_signal_connect (self->item->owner, "notify::selected", G_CALLBACK (on_item_owner_changed), self);
  g_signal_connect (self->item->value, "value-changed", G_CALLBACK (on_item_value_changed), self);
}
