#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-properties-dialog.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-ruleset.h"
#include "muster-options-editor.h"

struct _MusterPropertiesDialog
{
  GtkDialog parent_instance;

  MuEditHistory *history;
  GHashTable *fields;          /* name → widget (owned by the dialog's tree) */
  GtkWidget *error_widget;     /* the field the last refusal was about */

  GtkStack *stack;
  GtkLabel *error_label;
  GtkBox *general_box;
  GtkBox *rules_box;
  GtkBox *timeline_box;
  GtkBox *victory_box;
  GtkBox *reserves_box;

  GtkWidget *rules_content;    /* rebuilt when the ruleset changes */
  MusterOptionsEditor *options; /* rules_content when the ruleset has options */
  GtkListBox *tasks_list;
  GtkListBox *reserves_list;
  GtkSizeGroup *reserve_column;  /* the first column of every reserve row */
};

G_DEFINE_FINAL_TYPE (MusterPropertiesDialog, muster_properties_dialog, GTK_TYPE_DIALOG)

static const char *const reserve_kinds[] = {
  N_("Reserve"), N_("Reinforcement"), N_("Railroad"), N_("Flank march"), N_("Out-circling"), NULL,
};
static const char *const arrival_kinds[] = { N_("At bound"), N_("By roll"), NULL };
static const char *const edges[] = { N_("No edge"), N_("North edge"), N_("East edge"),
                                     N_("South edge"), N_("West edge"), NULL };
static const char *const edge_ids[] = { NULL, "n", "e", "s", "w" };

/* Building ------------------------------------------------------------------------ */

static void
add_field (MusterPropertiesDialog *self,
           const char             *name,
           GtkWidget              *widget)
{
  g_hash_table_replace (self->fields, g_strdup (name), widget);
  g_object_set_data_full (G_OBJECT (widget), "field-name", g_strdup (name), g_free);
}

static GtkWidget *
new_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  return grid;
}

static void
grid_row (GtkWidget  *grid,
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

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
}

/* Spin buttons accept any number: the model, not the widget, says what is
 * allowed, so that a wrong value is refused with its reason. */
static GtkWidget *
new_spin (int value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (-99999, 99999, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 5);
  gtk_widget_set_hexpand (spin, FALSE);
  return spin;
}

static GtkWidget *
new_entry (const char *text)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  return entry;
}

static GtkWidget *
new_dropdown (const char *const *items,
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

static GtkWidget *
side_dropdown (MusterPropertiesDialog *self,
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
  return new_dropdown ((const char *const *) names->pdata, FALSE, selected);
}

static const char *
selected_side (MusterPropertiesDialog *self,
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


static const char *
selected_ruleset (MusterPropertiesDialog *self)
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
  GtkWidget *grid = new_grid ();
  GtkWidget *scrolled, *view, *ruleset;
  guint selected = 0;

  grid_row (grid, 0, _("_Title"), new_entry (s->title), NULL);
  add_field (self, "title", gtk_grid_get_child_at (GTK_GRID (grid), 1, 0));

  view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
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
  grid_row (grid, 1, _("_Description"), scrolled, NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1)), view);
  gtk_widget_set_valign (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1), GTK_ALIGN_START);
  add_field (self, "description", view);

  grid_row (grid, 2, _("D_ate"), new_entry (s->date), NULL);
  gtk_entry_set_placeholder_text (GTK_ENTRY (gtk_grid_get_child_at (GTK_GRID (grid), 1, 2)),
                                  _("Year-month-day, e.g. 1861-07-21"));
  add_field (self, "date", gtk_grid_get_child_at (GTK_GRID (grid), 1, 2));
  grid_row (grid, 3, _("A_uthor"), new_entry (s->author), NULL);
  add_field (self, "author", gtk_grid_get_child_at (GTK_GRID (grid), 1, 3));

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
  ruleset = new_dropdown ((const char *const *) names->pdata, FALSE, selected);
  g_object_set_data_full (G_OBJECT (ruleset), "ruleset-ids", ids, (GDestroyNotify) g_ptr_array_unref);
  grid_row (grid, 4, _("_Rules"), ruleset, NULL);
  add_field (self, "ruleset", ruleset);
  g_signal_connect (ruleset, "notify::selected", G_CALLBACK (on_ruleset_changed), self);

  gtk_box_append (self->general_box, grid);
}

/* Rules ------------------------------------------------------------------------------ */

static void
rebuild_rules (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  const MuRuleset *ruleset = mu_ruleset_find (selected_ruleset (self));

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
  GtkWidget *grid = new_grid ();
  g_autofree char *start = format_minutes (t->start_minutes);
  g_autofree char *dawn = format_minutes (t->dawn_minutes);
  g_autofree char *dusk = format_minutes (t->dusk_minutes);
  GString *night = g_string_new (NULL);
  struct { const char *name; const char *label; GtkWidget *widget; const char *hint; } rows[] = {
    { "bounds", N_("_Bounds"), new_spin (t->bounds), NULL },
    { "first-bound", N_("_First bound"), new_spin (t->first_bound), N_("number of the opening bound") },
    { "start", N_("First bound’s _time"), new_entry (start), N_("HH:MM") },
    { "minutes-per-bound", N_("_Minutes per bound"), new_spin (t->minutes_per_bound), NULL },
    { "dawn", N_("Da_wn"), new_entry (dawn), N_("HH:MM") },
    { "dusk", N_("D_usk"), new_entry (dusk), N_("HH:MM") },
    { "night-bounds", N_("_Night bounds"), NULL, N_("bound numbers, e.g. 9 10 11") },
    { "days", N_("D_ays"), new_spin (t->days), NULL },
    { "darkness-bound", N_("Dar_kness bound"), new_spin (t->darkness_bound), N_("0 for none") },
  };

  for (guint i = 0; i < t->night_bounds->len; i++)
    g_string_append_printf (night, "%s%d", i ? " " : "", g_array_index (t->night_bounds, int, i));
  rows[6].widget = new_entry (night->str);
  g_string_free (night, TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      if (GTK_IS_ENTRY (rows[i].widget) && i != 6)
        {
          gtk_editable_set_width_chars (GTK_EDITABLE (rows[i].widget), 5);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (rows[i].widget), 5);
        }
      grid_row (grid, i, _(rows[i].label), rows[i].widget, rows[i].hint ? _(rows[i].hint) : NULL);
      gtk_widget_set_hexpand (rows[i].widget, i == 6);
      gtk_widget_set_halign (rows[i].widget, i == 6 ? GTK_ALIGN_FILL : GTK_ALIGN_START);
      add_field (self, rows[i].name, rows[i].widget);
    }
  gtk_box_append (self->timeline_box, grid);
}

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

static GtkWidget *
row_widget (GtkWidget  *row,
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
  GtkWidget *side = side_dropdown (self, task ? task->side : NULL);
  GtkWidget *text = new_entry (task ? task->text : NULL);
  GtkWidget *condition = new_entry (task ? task->condition : NULL);
  GtkWidget *value = new_spin (task ? task->value : 1);
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

static void
on_add_task (GtkButton *button,
             gpointer   user_data)
{
  MusterPropertiesDialog *self = MUSTER_PROPERTIES_DIALOG (user_data);

  add_task_row (self, NULL);
}

static GtkWidget *
placeholder (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 12);
  return label;
}

static GtkWidget *
add_button (const char *label)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_label_new_with_mnemonic (label);

  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name ("list-add-symbolic"));
  gtk_box_append (GTK_BOX (content), text);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_label_set_mnemonic_widget (GTK_LABEL (text), button);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  return button;
}

static void
build_victory (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  GtkWidget *grid = new_grid ();
  GtkWidget *required = new_spin (s->objectives_required);
  GtkWidget *add, *sub;

  grid_row (grid, 0, _("_Objectives needed"), required, _("0 for the rules’ default"));
  gtk_widget_set_hexpand (required, FALSE);
  add_field (self, "objectives-required", required);
  gtk_box_append (self->victory_box, grid);

  gtk_box_append (self->victory_box, heading (_("Task Objectives")));
  sub = gtk_label_new (_("Scenario goals scored besides holding objectives."));
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_box_append (self->victory_box, sub);
  self->tasks_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->tasks_list, GTK_SELECTION_NONE);
  gtk_list_box_set_show_separators (self->tasks_list, TRUE);
  gtk_list_box_set_placeholder (self->tasks_list, placeholder (_("No task objectives")));
  gtk_widget_add_css_class (GTK_WIDGET (self->tasks_list), "frame");
  gtk_box_append (self->victory_box, GTK_WIDGET (self->tasks_list));
  for (guint i = 0; i < s->tasks->len; i++)
    add_task_row (self, g_ptr_array_index (s->tasks, i));
  add = add_button (_("Add _Task Objective"));
  gtk_widget_set_sensitive (add, s->sides->len > 0);
  g_signal_connect (add, "clicked", G_CALLBACK (on_add_task), self);
  gtk_box_append (self->victory_box, add);
  add_field (self, "add-task", add);
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
  GtkWidget *side = side_dropdown (self, reserve ? reserve->side : NULL);
  GtkWidget *name = new_entry (reserve ? reserve->name : NULL);
  GtkWidget *kind = new_dropdown (reserve_kinds, TRUE, reserve ? reserve->kind : 0);
  GtkWidget *arrival = new_dropdown (arrival_kinds, TRUE, reserve ? reserve->arrival : 0);
  GtkWidget *bound = new_spin (reserve ? reserve->bound : 1);
  GtkWidget *roll = new_spin (reserve ? reserve->roll : 0);
  GtkWidget *entry = new_entry (NULL);
  GtkWidget *edge;
  GtkWidget *label, *row;
  guint edge_index = 0;

  if (reserve && reserve->edge)
    for (guint i = 1; i < G_N_ELEMENTS (edge_ids); i++)
      if (g_strcmp0 (reserve->edge, edge_ids[i]) == 0)
        edge_index = i;
  edge = new_dropdown (edges, TRUE, edge_index);
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

static void
on_add_reserve (GtkButton *button,
                gpointer   user_data)
{
  add_reserve_row (MUSTER_PROPERTIES_DIALOG (user_data), NULL);
}

static void
build_reserves (MusterPropertiesDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  GtkWidget *add, *sub;

  sub = gtk_label_new (_("Troops that arrive during the battle: when, how and where they enter."));
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_box_append (self->reserves_box, sub);
  self->reserves_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->reserves_list, GTK_SELECTION_NONE);
  gtk_list_box_set_show_separators (self->reserves_list, TRUE);
  gtk_list_box_set_placeholder (self->reserves_list, placeholder (_("No reserves: every counter starts on the board")));
  gtk_widget_add_css_class (GTK_WIDGET (self->reserves_list), "frame");
  gtk_box_append (self->reserves_box, GTK_WIDGET (self->reserves_list));
  for (guint i = 0; i < s->reserves->len; i++)
    add_reserve_row (self, g_ptr_array_index (s->reserves, i));
  add = add_button (_("Add _Reserve"));
  gtk_widget_set_sensitive (add, s->sides->len > 0);
  g_signal_connect (add, "clicked", G_CALLBACK (on_add_reserve), self);
  gtk_box_append (self->reserves_box, add);
  add_field (self, "add-reserve", add);
}

/* Applying ------------------------------------------------------------------------------ */

/* The list's rows from child on, past its placeholder. */
static GtkWidget *
next_row (GtkWidget *child)
{
  while (child && !GTK_IS_LIST_BOX_ROW (child))
    child = gtk_widget_get_next_sibling (child);
  return child;
}

static gboolean
parse_minutes (const char *text,
               int        *minutes)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  int h, m;
  char tail;

  if (sscanf (copy, "%d:%d%c", &h, &m, &tail) != 2 || h < 0 || h > 23 || m < 0 || m > 59)
    return FALSE;
  *minutes = h * 60 + m;
  return TRUE;
}

static int
spin_value (GtkWidget *spin)
{
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));
}

static const char *
entry_text (GtkWidget *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

/* Applies every value to `history`; on a refusal sets *culprit to the field's
 * widget. */
static gboolean
apply_to (MusterPropertiesDialog *self,
          MuEditHistory          *history,
          GtkWidget             **culprit,
          GError                **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  GHashTable *f = self->fields;
  GtkWidget *w;
  g_autofree char *description = NULL;
  g_autoptr(GHashTable) kept = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_free);
  static const struct { const char *name; MuTimelineField field; gboolean time; } timeline[] = {
    { "bounds", MU_TIMELINE_BOUNDS, FALSE },
    { "first-bound", MU_TIMELINE_FIRST_BOUND, FALSE },
    { "start", MU_TIMELINE_START, TRUE },
    { "minutes-per-bound", MU_TIMELINE_MINUTES_PER_BOUND, FALSE },
    { "dawn", MU_TIMELINE_DAWN, TRUE },
    { "dusk", MU_TIMELINE_DUSK, TRUE },
    { "days", MU_TIMELINE_DAYS, FALSE },
    { "darkness-bound", MU_TIMELINE_DARKNESS_BOUND, FALSE },
  };

#define TRY(widget, call) G_STMT_START { *culprit = (widget); if (!(call)) return FALSE; } G_STMT_END

  w = g_hash_table_lookup (f, "title");
  TRY (w, mu_edit_set_title (history, entry_text (w), error));
  w = g_hash_table_lookup (f, "description");
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (w));
    GtkTextIter start, end;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    description = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  }
  TRY (w, mu_edit_set_description (history, description, error));
  w = g_hash_table_lookup (f, "date");
  {
    g_autofree char *date = g_strstrip (g_strdup (entry_text (w)));

    TRY (w, mu_edit_set_date (history, date, error));
  }
  w = g_hash_table_lookup (f, "author");
  TRY (w, mu_edit_set_author (history, entry_text (w), error));
  w = g_hash_table_lookup (f, "ruleset");
  TRY (w, mu_edit_set_ruleset (history, selected_ruleset (self), error));

  /* Rule options: only those the person can choose, and only when they differ. */
  if (self->options != NULL && !muster_options_editor_apply_edits (self->options, history, culprit, error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (timeline); i++)
    {
      int value;

      w = g_hash_table_lookup (f, timeline[i].name);
      if (timeline[i].time)
        {
          if (!parse_minutes (entry_text (w), &value))
            {
              *culprit = w;
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s” is not a time of day; write it as HH:MM, e.g. 05:30"),
                           entry_text (w));
              return FALSE;
            }
        }
      else
        value = spin_value (w);
      TRY (w, mu_edit_set_timeline (history, timeline[i].field, value, error));
    }
  w = g_hash_table_lookup (f, "night-bounds");
  {
    g_auto(GStrv) words = g_strsplit_set (entry_text (w), " ,;\t", -1);
    g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (int));

    for (guint i = 0; words[i]; i++)
      {
        char *end;
        gint64 n;

        if (!*words[i])
          continue;
        n = g_ascii_strtoll (words[i], &end, 10);
        if (*end || n < G_MININT || n > G_MAXINT)
          {
            *culprit = w;
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("“%s” is not a bound number; list night bounds as numbers, e.g. 9 10 11"),
                         words[i]);
            return FALSE;
          }
        g_array_append_val (bounds, (int) { n });
      }
    TRY (w, mu_edit_set_night_bounds (history, (int *) bounds->data, bounds->len, error));
  }

  w = g_hash_table_lookup (f, "objectives-required");
  TRY (w, mu_edit_set_objectives_required (history, spin_value (w), error));

  /* Task objectives: removed rows first, then changed and new ones. */
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->tasks_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    {
      const char *id = g_object_get_data (G_OBJECT (row), "object-id");

      if (id)
        g_hash_table_add (kept, (gpointer) id);
    }
  for (guint i = 0; i < s->tasks->len; i++)
    {
      MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      if (!g_hash_table_contains (kept, t->id))
        g_ptr_array_add (gone, g_strdup (t->id));
    }
  for (guint i = 0; i < gone->len; i++)
    TRY (GTK_WIDGET (self->tasks_list), mu_edit_remove_task (history, g_ptr_array_index (gone, i), error));
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->tasks_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    {
      const char *id = g_object_get_data (G_OBJECT (row), "object-id");
      GtkWidget *text = row_widget (row, "text");
      const char *side = selected_side (self, row_widget (row, "side"));
      const char *condition = entry_text (row_widget (row, "condition"));
      int value = spin_value (row_widget (row, "value"));

      if (id)
        {
          /* Untouched rows are left alone, even when the file's values are
           * ones the editor would refuse. */
          const MuTaskObjective *old = NULL;

          for (guint i = 0; i < s->tasks->len && old == NULL; i++)
            if (g_strcmp0 (((MuTaskObjective *) g_ptr_array_index (s->tasks, i))->id, id) == 0)
              old = g_ptr_array_index (s->tasks, i);
          if (old == NULL || g_strcmp0 (old->side, side) != 0 ||
              g_strcmp0 (old->text ? old->text : "", entry_text (text)) != 0 ||
              g_strcmp0 (old->condition ? old->condition : "", condition) != 0 || old->value != value)
            TRY (text, mu_edit_set_task (history, id, side, entry_text (text), condition, value, error));
        }
      else
        {
          g_autofree char *new_id = NULL;

          *culprit = text;
          new_id = mu_edit_add_task (history, side, entry_text (text), condition, value, error);
          if (new_id == NULL)
            return FALSE;
        }
    }

  /* Reserves. */
  g_hash_table_remove_all (kept);
  g_ptr_array_set_size (gone, 0);
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->reserves_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    {
      const char *id = g_object_get_data (G_OBJECT (row), "object-id");

      if (id)
        g_hash_table_add (kept, (gpointer) id);
    }
  for (guint i = 0; i < s->reserves->len; i++)
    {
      MuReserve *r = g_ptr_array_index (s->reserves, i);

      if (!g_hash_table_contains (kept, r->id))
        g_ptr_array_add (gone, g_strdup (r->id));
    }
  for (guint i = 0; i < gone->len; i++)
    TRY (GTK_WIDGET (self->reserves_list),
         mu_edit_remove_reserve (history, g_ptr_array_index (gone, i), error));
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->reserves_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    {
      const char *id = g_object_get_data (G_OBJECT (row), "object-id");
      g_autofree char *new_id = NULL;
      GtkWidget *name = row_widget (row, "name");
      GtkWidget *kind = row_widget (row, "kind");
      GtkWidget *arrival = row_widget (row, "arrival");
      GtkWidget *bound = row_widget (row, "bound");
      GtkWidget *entry = row_widget (row, "entry");
      GtkWidget *edge = row_widget (row, "edge");
      guint edge_index = gtk_drop_down_get_selected (GTK_DROP_DOWN (edge));
      MuArrivalKind arrival_kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (arrival));
      int roll = arrival_kind == MU_ARRIVAL_ROLL ? spin_value (row_widget (row, "roll")) : 0;

      if (id == NULL)
        {
          *culprit = name;
          new_id = mu_edit_add_reserve (history, selected_side (self, row_widget (row, "side")),
                                        entry_text (name), error);
          if (new_id == NULL)
            return FALSE;
          id = new_id;
        }
      TRY (name, mu_edit_set_reserve_name (history, id, entry_text (name), error));
      TRY (kind, mu_edit_set_reserve_kind (history, id, gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)),
                                           error));
      TRY (bound, mu_edit_set_reserve_arrival (history, id, arrival_kind, spin_value (bound), roll,
                                               error));
      if (entry)
        {
          g_auto(GStrv) words = g_strsplit_set (entry_text (entry), " ,;\t", -1);
          g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));

          for (guint i = 0; words[i]; i++)
            {
              MuHex hex;

              if (!*words[i])
                continue;
              if (!mu_hex_parse (words[i], &hex))
                {
                  *culprit = entry;
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("“%s” is not a hex; write entry hexes as CCRR, e.g. 0101 0102"),
                               words[i]);
                  return FALSE;
                }
              g_array_append_val (hexes, hex);
            }
          {
            const MuReserve *old = mu_scenario_find_reserve (s, id);

            if (old == NULL || old->entry == NULL || old->entry->len != hexes->len ||
                (hexes->len > 0 &&
                 memcmp (old->entry->data, hexes->data, hexes->len * sizeof (MuHex)) != 0))
              TRY (entry, mu_edit_set_reserve_entry (history, id, (MuHex *) hexes->data, hexes->len,
                                                     error));
          }
        }
      {
        const MuReserve *old = mu_scenario_find_reserve (s, id);
        const char *edge_id = edge_index < G_N_ELEMENTS (edge_ids) ? edge_ids[edge_index] : NULL;

        if (old == NULL || g_strcmp0 (old->edge, edge_id) != 0)
          TRY (edge, mu_edit_set_reserve_edge (history, id, edge_id, error));
      }
    }
#undef TRY
  *culprit = NULL;
  return TRUE;
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
  if (!apply_to (self, trial, &culprit, &local))
    {
      show_error (self, culprit, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  clear_error (self);
  mu_edit_history_begin_group (self->history, _("Change Scenario Properties"));
  ok = apply_to (self, self->history, &culprit, &local);
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
      return row ? row_widget (GTK_WIDGET (row), parts[2]) : NULL;
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
  gtk_widget_class_bind_template_child (widget_class, MusterPropertiesDialog, reserves_box);
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
  build_victory (self);
  build_reserves (self);
  return GTK_WIDGET (self);
}
