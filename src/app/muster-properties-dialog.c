#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-properties-dialog-private.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-ruleset.h"
#include "muster-dialog-enter.h"
#include "muster-options-editor.h"

G_DEFINE_FINAL_TYPE (MusterPropertiesDialog, muster_properties_dialog, GTK_TYPE_DIALOG)


/* Building ------------------------------------------------------------------------ */

void
muster_props_add_field (MusterPropertiesDialog *self,
                        const char             *name,
                        GtkWidget              *widget)
{
  g_hash_table_replace (self->fields, g_strdup (name), widget);
  g_object_set_data_full (G_OBJECT (widget), "field-name", g_strdup (name), g_free);
}

GtkWidget *
muster_props_new_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  return grid;
}

void
muster_props_grid_row (GtkWidget  *grid,
                       int         row,
                       const char *mnemonic,
                       GtkWidget  *widget,
                       const char *hint)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row, 1, 1);
  if (hint)
    {
      GtkWidget *dim = gtk_label_new (hint);

      gtk_label_set_xalign (GTK_LABEL (dim), 0);
      gtk_widget_add_css_class (dim, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), dim, 2, row, 1, 1);
    }
}

/* Spin buttons accept any number: the model, not the widget, says what is
 * allowed, so that a wrong value is refused with its reason. */
GtkWidget *
muster_props_new_spin (int value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (-99999, 99999, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 5);
  gtk_widget_set_hexpand (spin, FALSE);
  return spin;
}

GtkWidget *
muster_props_new_entry (const char *text)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  return entry;
}

GtkWidget *
muster_props_new_dropdown (const char *const *items,
                           gboolean           translate,
                           guint              selected)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint i = 0; items[i]; i++)
    gtk_string_list_append (list, translate ? _(items[i]) : items[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  return dropdown;
}

static char *
format_minutes (int minutes)
{
  return g_strdup_printf ("%02d:%02d", minutes / 60, minutes % 60);
}

GtkWidget *
muster_props_side_dropdown (MusterPropertiesDialog *self,
                            const char             *side)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint selected = 0;

  for (guint i = 0; i < s->sides->len; i++)
    {
      MuSide *sd = g_ptr_array_index (s->sides, i);

      g_ptr_array_add (names, sd->name && *sd->name ? sd->name : sd->id);
      if (g_strcmp0 (sd->id, side) == 0)
        selected = i;
    }
  g_ptr_array_add (names, NULL);
  return muster_props_new_dropdown ((const char *const *) names->pdata, FALSE, selected);
}

const char *
muster_props_selected_side (MusterPropertiesDialog *self,
                            GtkWidget              *dropdown)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  if (i >= s->sides->len)
    return NULL;
  return ((MuSide *) g_ptr_array_index (s->sides, i))->id;
}

/* General -------------------------------------------------------------------------- */

static void rebuild_rules (MusterPropertiesDialog *self);


const char *
muster_props_selected_ruleset (MusterPropertiesDialog *self)
{
  GtkWidget *dropdown = g_hash_table_lookup (self->fields, "ruleset");
  GPtrArray *ids = g_object_get_data (G_OBJECT (dropdown), "ruleset-ids");
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  return i < ids->len ? g_ptr_array_index (ids, i) : NULL;
}

static void
on_ruleset_changed (GObject    *dropdown,
                    GParamSpec *pspec,
                    gpointer    user_data)
{
  rebuild_rules (MUSTER_PROPERTIES_DIALOG (user_data));
}

static void
build_general (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *grid = muster_props_new_grid ();
  GtkWidget *scrolled, *view, *ruleset;
  guint selected = 0;

  muster_props_grid_row (grid, 0, _("_Title"), muster_props_new_entry (s->title), NULL);
  muster_props_add_field (self, "title", gtk_grid_get_child_at (GTK_GRID (grid), 1, 0));

  view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  /* Tab goes on to the date, as in every other field of the form: a tab
   * character has no use in a description */
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)),
                            s->description ? s->description : "", -1);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_size_request (scrolled, -1, 140);
  muster_props_grid_row (grid, 1, _("_Description"), scrolled, NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1)), view);
  gtk_widget_set_valign (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1), GTK_ALIGN_START);
  muster_props_add_field (self, "description", view);

  muster_props_grid_row (grid, 2, _("D_ate"), muster_props_new_entry (s->date), NULL);
  gtk_entry_set_placeholder_text (GTK_ENTRY (gtk_grid_get_child_at (GTK_GRID (grid), 1, 2)),
                                  _("Year-month-day, e.g. 1861-07-21"));
  muster_props_add_field (self, "date", gtk_grid_get_child_at (GTK_GRID (grid), 1, 2));
  muster_props_grid_row (grid, 3, _("A_uthor"), muster_props_new_entry (s->author), NULL);
  muster_props_add_field (self, "author", gtk_grid_get_child_at (GTK_GRID (grid), 1, 3));

  /* Only the rulesets played on this kind of board, and the scenario's own. */
  for (const MuRuleset *const *rs = mu_ruleset_list (); *rs; rs++)
    {
      gboolean current = g_strcmp0 ((*rs)->id, s->ruleset) == 0;

      if ((*rs)->board != s->board && !current)
        continue;
      if (current)
        selected = ids->len;
      g_ptr_array_add (names, (gpointer) _((*rs)->name));
      g_ptr_array_add (ids, g_strdup ((*rs)->id));
    }
  if (s->ruleset && !g_ptr_array_find_with_equal_func (ids, s->ruleset, g_str_equal, NULL))
    {
      selected = ids->len;
      g_ptr_array_add (names, s->ruleset);
      g_ptr_array_add (ids, g_strdup (s->ruleset));
    }
  g_ptr_array_add (names, NULL);
  ruleset = muster_props_new_dropdown ((const char *const *) names->pdata, FALSE, selected);
  g_object_set_data_full (G_OBJECT (ruleset), "ruleset-ids", ids, (GDestroyNotify) g_ptr_array_unref);
  muster_props_grid_row (grid, 4, _("_Rules"), ruleset, NULL);
  muster_props_add_field (self, "ruleset", ruleset);
  g_signal_connect (ruleset, "notify::selected", G_CALLBACK (on_ruleset_changed), self);

  gtk_box_append (self->general_box, grid);
}

/* Rules ------------------------------------------------------------------------------ */

static void
rebuild_rules (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  const MuRuleset *ruleset = mu_ruleset_find (muster_props_selected_ruleset (self));

  if (self->rules_content)
    gtk_box_remove (self->rules_box, self->rules_content);
  self->rules_content = NULL;
  self->options = NULL;
  if (ruleset == NULL || ruleset->n_options == 0)
    {
      self->rules_content = gtk_label_new (_("These rules have no options."));
      gtk_widget_add_css_class (self->rules_content, "dim-label");
      gtk_box_append (self->rules_box, self->rules_content);
      return;
    }
  self->rules_content = muster_options_editor_new (ruleset->options, ruleset->n_options, MUSTER_OPTIONS_ALL, s);
  self->options = MUSTER_OPTIONS_EDITOR (self->rules_content);
  gtk_box_append (self->rules_box, self->rules_content);
}

/* Timeline -------------------------------------------------------------------------- */

static void
build_timeline (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  const MuTimeline *t = &s->timeline;
  GtkWidget *grid = muster_props_new_grid ();
  g_autofree char *start = format_minutes (t->start_minutes);
  g_autofree char *dawn = format_minutes (t->dawn_minutes);
  g_autofree char *dusk = format_minutes (t->dusk_minutes);
  GString *night = g_string_new (NULL);
  struct { const char *name; const char *label; GtkWidget *widget; const char *hint; } rows[] = {
    { "bounds", N_("_Bounds"), muster_props_new_spin (t->bounds), NULL },
    { "first-bound", N_("_First bound"), muster_props_new_spin (t->first_bound), N_("number of the opening bound") },
    { "start", N_("First bound’s _time"), muster_props_new_entry (start), N_("HH:MM") },
    { "minutes-per-bound", N_("_Minutes per bound"), muster_props_new_spin (t->minutes_per_bound), NULL },
    { "dawn", N_("Da_wn"), muster_props_new_entry (dawn), N_("HH:MM") },
    { "dusk", N_("D_usk"), muster_props_new_entry (dusk), N_("HH:MM") },
    { "night-bounds", N_("_Night bounds"), NULL, N_("bound numbers, e.g. 9 10 11") },
    { "days", N_("D_ays"), muster_props_new_spin (t->days), NULL },
    { "darkness-bound", N_("Dar_kness bound"), muster_props_new_spin (t->darkness_bound), N_("0 for none") },
  };

  for (guint i = 0; i < t->night_bounds->len; i++)
    g_string_append_printf (night, "%s%d", i ? " " : "", g_array_index (t->night_bounds, int, i));
  rows[6].widget = muster_props_new_entry (night->str);
  g_string_free (night, TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      if (GTK_IS_ENTRY (rows[i].widget) && i != 6)
        {
          gtk_editable_set_width_chars (GTK_EDITABLE (rows[i].widget), 5);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (rows[i].widget), 5);
        }
      muster_props_grid_row (grid, i, _(rows[i].label), rows[i].widget, rows[i].hint ? _(rows[i].hint) : NULL);
      gtk_widget_set_hexpand (rows[i].widget, i == 6);
      gtk_widget_set_halign (rows[i].widget, i == 6 ? GTK_ALIGN_FILL : GTK_ALIGN_START);
      muster_props_add_field (self, rows[i].name, rows[i].widget);
    }
  gtk_box_append (self->timeline_box, grid);
}

static void
clear_error (MusterPropertiesDialog *self)
{
  if (self->error_widget)
    {
      gtk_widget_remove_css_class (self->error_widget, "error");
      gtk_widget_set_tooltip_text (self->error_widget,
                                   g_object_get_data (G_OBJECT (self->error_widget), "own-tooltip"));
    }
  self->error_widget = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static void
show_error (MusterPropertiesDialog *self,
            GtkWidget              *culprit,
            const char             *message)
{
  GtkWidget *page = NULL;

  clear_error (self);
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
  if (culprit == NULL)
    return;
  self->error_widget = culprit;
  gtk_widget_add_css_class (culprit, "error");
  g_object_set_data_full (G_OBJECT (culprit), "own-tooltip",
                          gtk_widget_get_tooltip_text (culprit)
                          ? g_strdup (gtk_widget_get_tooltip_text (culprit)) : NULL, g_free);
  gtk_widget_set_tooltip_text (culprit, message);
  for (GtkWidget *w = culprit; w; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_parent (w) == GTK_WIDGET (self->stack))
      page = w;
  if (page)
    gtk_stack_set_visible_child (self->stack, page);
  gtk_widget_grab_focus (culprit);
}

gboolean
muster_properties_dialog_apply (MusterPropertiesDialog *self,
                                GError                **error)
{
  g_autoptr(MuEditHistory) trial = NULL;
  g_autoptr(GError) local = NULL;
  GtkWidget *culprit = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_PROPERTIES_DIALOG (self), FALSE);

  /* Try on a copy first, so that a refusal halfway changes nothing. */
  trial = mu_edit_history_new (mu_scenario_copy (mu_edit_history_get_scenario (self->history)));
  if (!muster_props_apply_to (self, trial, &culprit, &local))
    {
      show_error (self, culprit, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  clear_error (self);
  mu_edit_history_begin_group (self->history, _("Change Scenario Properties"));
  ok = muster_props_apply_to (self, self->history, &culprit, &local);
  mu_edit_history_end_group (self->history);
  if (!ok)
    {
      show_error (self, culprit, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  return ok;
}

/* Dialog ------------------------------------------------------------------------------------ */

GtkWidget *
muster_properties_dialog_get_field (MusterPropertiesDialog *self,
                                    const char             *name)
{
  g_return_val_if_fail (MUSTER_IS_PROPERTIES_DIALOG (self), NULL);

  if (g_strcmp0 (name, "error") == 0)
    return GTK_WIDGET (self->error_label);
  if (g_str_has_prefix (name, "task:") || g_str_has_prefix (name, "reserve:"))
    {
      g_auto(GStrv) parts = g_strsplit (name, ":", 3);
      GtkListBox *list = g_str_has_prefix (name, "task:") ? self->tasks_list : self->reserves_list;
      GtkListBoxRow *row;

      if (g_strv_length (parts) != 3)
        return NULL;
      row = gtk_list_box_get_row_at_index (list, atoi (parts[1]));
      return row ? muster_props_row_widget (GTK_WIDGET (row), parts[2]) : NULL;
    }
  if (g_str_has_prefix (name, "option:"))
    return self->options ? muster_options_editor_get_control (self->options, name + strlen ("option:")) : NULL;
  return g_hash_table_lookup (self->fields, name);
}

void
muster_properties_dialog_show_page (MusterPropertiesDialog *self,
                                    const char             *page)
{
  g_return_if_fail (MUSTER_IS_PROPERTIES_DIALOG (self));
  gtk_stack_set_visible_child_name (self->stack, page);
}

static void
muster_properties_dialog_response (GtkDialog *dialog,
                                   int        response)
{
  MusterPropertiesDialog *self = MUSTER_PROPERTIES_DIALOG (dialog);

  if (response == GTK_RESPONSE_APPLY)
    {
      if (muster_properties_dialog_apply (self, NULL))
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
muster_properties_dialog_dispose (GObject *object)
{
  MusterPropertiesDialog *self = MUSTER_PROPERTIES_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PROPERTIES_DIALOG);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_object (&self->history);
  g_clear_object (&self->reserve_column);
  G_OBJECT_CLASS (muster_properties_dialog_parent_class)->dispose (object);
}

static void
muster_properties_dialog_class_init (MusterPropertiesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkDialogClass *dialog_class = GTK_DIALOG_CLASS (klass);

  object_class->dispose = muster_properties_dialog_dispose;
  dialog_class->response = muster_properties_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-properties-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, general_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, rules_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, timeline_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, victory_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, tasks_list);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, reserves_list);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, add_task);
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, add_reserve);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_add_task",
                                                G_CALLBACK (muster_props_on_add_task));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_add_reserve",
                                                G_CALLBACK (muster_props_on_add_reserve));
}

static void
muster_properties_dialog_init (MusterPropertiesDialog *self)
{
  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->reserve_column = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_properties_dialog_new (GtkWindow     *parent,
                              MuEditHistory *history)
{
  MusterPropertiesDialog *self;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  self = g_object_new (MUSTER_TYPE_PROPERTIES_DIALOG,
                       "transient-for", parent,
                       "use-header-bar", TRUE,
                       NULL);
  self->history = g_object_ref (history);
  {
    GtkWidget *header = gtk_dialog_get_header_bar (GTK_DIALOG (self));
    GtkWidget *switcher = gtk_stack_switcher_new ();

    gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);
    if (header)
      gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), switcher);
    else
      gtk_box_prepend (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (self))), switcher);
  }
  build_general (self);
  rebuild_rules (self);
  build_timeline (self);
  muster_props_build_victory (self);
  muster_props_build_reserves (self);
  muster_dialog_answer_on_enter (GTK_DIALOG (self), GTK_RESPONSE_APPLY);
  return GTK_WIDGET (self);
}
