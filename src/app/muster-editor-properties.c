#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-properties.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "mu-ruleset.h"

struct _MusterEditorProperties
{
  GtkWindow parent_instance;

  MuEditHistory *history;
  gulong changed_id;
  GHashTable *fields;       /* name -> GtkWidget (borrowed) */
  GtkLabel *message;
  GtkWidget *options_box;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (MusterEditorProperties, muster_editor_properties, GTK_TYPE_WINDOW)

static MuScenario *
scenario (MusterEditorProperties *self)
{
  return mu_edit_history_get_scenario (self->history);
}

static void
show_result (MusterEditorProperties *self,
             gboolean                ok,
             GError                **error)
{
  /* by address: read after the call that sets it */
  gtk_label_set_label (self->message, !ok && *error ? (*error)->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), !ok && *error != NULL);
}

const char *
muster_editor_properties_get_message (MusterEditorProperties *self)
{
  const char *text;

  g_return_val_if_fail (MUSTER_IS_EDITOR_PROPERTIES (self), NULL);
  text = gtk_label_get_label (self->message);
  return text && *text ? text : NULL;
}

GtkWidget *
muster_editor_properties_get_field (MusterEditorProperties *self,
                                    const char             *name)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR_PROPERTIES (self), NULL);
  return g_hash_table_lookup (self->fields, name);
}

/* Fields ------------------------------------------------------------------------ */

static const struct {
  const char *name;
  MuTimelineField field;
  const char *label;
  gboolean clock;           /* HH:MM entry instead of a number */
} timeline_fields[] = {
  { "bounds", MU_TIMELINE_BOUNDS, N_("Bounds"), FALSE },
  { "first-bound", MU_TIMELINE_FIRST_BOUND, N_("First bound"), FALSE },
  { "start", MU_TIMELINE_START, N_("First bound at"), TRUE },
  { "minutes-per-bound", MU_TIMELINE_MINUTES_PER_BOUND, N_("Minutes per bound"), FALSE },
  { "dawn", MU_TIMELINE_DAWN, N_("Dawn"), TRUE },
  { "dusk", MU_TIMELINE_DUSK, N_("Dusk"), TRUE },
  { "days", MU_TIMELINE_DAYS, N_("Days"), FALSE },
  { "darkness-bound", MU_TIMELINE_DARKNESS_BOUND, N_("Complete darkness at bound (0: none)"), FALSE },
};

static int *
timeline_slot (MuTimeline     *t,
               MuTimelineField field)
{
  switch (field)
    {
    case MU_TIMELINE_BOUNDS: return &t->bounds;
    case MU_TIMELINE_FIRST_BOUND: return &t->first_bound;
    case MU_TIMELINE_START: return &t->start_minutes;
    case MU_TIMELINE_MINUTES_PER_BOUND: return &t->minutes_per_bound;
    case MU_TIMELINE_DAWN: return &t->dawn_minutes;
    case MU_TIMELINE_DUSK: return &t->dusk_minutes;
    case MU_TIMELINE_DAYS: return &t->days;
    case MU_TIMELINE_DARKNESS_BOUND: return &t->darkness_bound;
    case MU_TIMELINE_N:
    default: g_return_val_if_reached (NULL);
    }
}

static char *
night_bounds_text (const MuScenario *s)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < s->timeline.night_bounds->len; i++)
    g_string_append_printf (text, "%s%d", i ? ", " : "", g_array_index (s->timeline.night_bounds, int, i));
  return g_string_free (text, FALSE);
}

/* Model -> widgets. */
static void
load (MusterEditorProperties *self)
{
  MuScenario *s = scenario (self);
  GtkWidget *w;
  GtkTextBuffer *buffer;
  g_autofree char *nights = night_bounds_text (s);

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (g_hash_table_lookup (self->fields, "title")), s->title ? s->title : "");
  gtk_editable_set_text (GTK_EDITABLE (g_hash_table_lookup (self->fields, "date")), s->date ? s->date : "");
  gtk_editable_set_text (GTK_EDITABLE (g_hash_table_lookup (self->fields, "author")), s->author ? s->author : "");
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (g_hash_table_lookup (self->fields, "description")));
  gtk_text_buffer_set_text (buffer, s->description ? s->description : "", -1);
  for (guint i = 0; i < G_N_ELEMENTS (timeline_fields); i++)
    {
      int value = *timeline_slot (&s->timeline, timeline_fields[i].field);

      w = g_hash_table_lookup (self->fields, timeline_fields[i].name);
      if (timeline_fields[i].clock)
        {
          g_autofree char *text = mu_minutes_to_string (value);

          gtk_editable_set_text (GTK_EDITABLE (w), text);
        }
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
    }
  gtk_editable_set_text (GTK_EDITABLE (g_hash_table_lookup (self->fields, "night-bounds")), nights);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (g_hash_table_lookup (self->fields, "objectives-required")),
                             s->objectives_required);
  {
    GHashTableIter iter;
    gpointer key, value;
    const MuRuleset *rules = mu_ruleset_find (s->ruleset);

    g_hash_table_iter_init (&iter, self->fields);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (GTK_IS_SWITCH (value) && rules)
        for (guint i = 0; i < rules->n_options; i++)
          if (g_str_equal (rules->options[i].key, key))
            gtk_switch_set_active (GTK_SWITCH (value),
                                   mu_scenario_option (s, key, rules->options[i].default_value));
  }
  self->updating = FALSE;
}

static void
on_history_changed (MuEditHistory          *history,
                    MusterEditorProperties *self)
{
  load (self);
}

/* Widgets -> model. Text fields apply when confirmed (Enter) or left, so
 * that typing a title is one step, not one per key. */
static void
apply_text (MusterEditorProperties *self,
            GtkEditable            *editable)
{
  const char *name = g_object_get_data (G_OBJECT (editable), "field");
  const char *text = gtk_editable_get_text (editable);
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  /* focus also leaves when the dialog goes away */
  if (self->updating || self->history == NULL)
    return;
  if (g_str_equal (name, "title"))
    ok = mu_edit_set_title (self->history, text, &error);
  else if (g_str_equal (name, "author"))
    ok = mu_edit_set_author (self->history, text, &error);
  else if (g_str_equal (name, "date"))
    ok = mu_edit_set_date (self->history, text, &error);
  show_result (self, ok, &error);
}

static void
on_text_activate (GtkEntry               *entry,
                  MusterEditorProperties *self)
{
  apply_text (self, GTK_EDITABLE (entry));
}

static void
on_text_leave (GtkEventControllerFocus *controller,
               MusterEditorProperties  *self)
{
  apply_text (self, GTK_EDITABLE (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller))));
}

static void
on_description_changed (GtkTextBuffer          *buffer,
                        MusterEditorProperties *self)
{
  GtkTextIter a, b;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &a, &b);
  text = gtk_text_buffer_get_text (buffer, &a, &b, FALSE);
  show_result (self, mu_edit_set_description (self->history, text, &error), &error);
}

static void
on_clock_activate (GtkEntry               *entry,
                   MusterEditorProperties *self)
{
  MuTimelineField field = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "timeline"));
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr(GError) error = NULL;
  int minutes;

  if (!mu_minutes_parse (text, &minutes))
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“%s” is not a time like 09:30"), text);
      show_result (self, FALSE, &error);
      return;
    }
  show_result (self, mu_edit_set_timeline (self->history, field, minutes, &error), &error);
}

static void
on_spin_changed (GtkSpinButton          *spin,
                 MusterEditorProperties *self)
{
  const char *name = g_object_get_data (G_OBJECT (spin), "field");
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  if (g_str_equal (name, "objectives-required"))
    show_result (self, mu_edit_set_objectives_required (self->history, value, &error), &error);
  else
    show_result (self, mu_edit_set_timeline (self->history,
                                             GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "timeline")),
                                             value, &error), &error);
}

static void
on_nights_activate (GtkEntry               *entry,
                    MusterEditorProperties *self)
{
  g_auto(GStrv) parts = g_strsplit_set (gtk_editable_get_text (GTK_EDITABLE (entry)), ", ", -1);
  g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; parts[i]; i++)
    {
      char *end;
      long v;

      if (*parts[i] == '\0')
        continue;
      v = strtol (parts[i], &end, 10);
      if (*end != '\0')
        {
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Night bounds are bound numbers separated by commas, like 11, 12"));
          show_result (self, FALSE, &error);
          return;
        }
      {
        int b = (int) v;

        g_array_append_val (bounds, b);
      }
    }
  show_result (self, mu_edit_set_night_bounds (self->history, (int *) bounds->data, bounds->len, &error),
               &error);
}

static void
on_switch_active (GtkSwitch              *sw,
                  GParamSpec             *pspec,
                  MusterEditorProperties *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  show_result (self, mu_edit_set_option (self->history, g_object_get_data (G_OBJECT (sw), "field"),
                                         gtk_switch_get_active (sw), &error), &error);
}

static void
on_ruleset_selected (GtkDropDown            *dropdown,
                     GParamSpec             *pspec,
                     MusterEditorProperties *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || item == NULL)
    return;
  show_result (self, mu_edit_set_ruleset (self->history, gtk_string_object_get_string (item), &error),
               &error);
}

/* Building ------------------------------------------------------------------------ */

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  return label;
}

static void
add_row (MusterEditorProperties *self,
         GtkGrid                *grid,
         int                    *row,
         const char             *name,
         const char             *label,
         GtkWidget              *widget)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  g_object_set_data (G_OBJECT (widget), "field", (gpointer) g_intern_string (name));
  g_hash_table_insert (self->fields, (gpointer) g_intern_string (name), widget);
  gtk_grid_attach (grid, l, 0, *row, 1, 1);
  gtk_grid_attach (grid, widget, 1, (*row)++, 1, 1);
}

static GtkWidget *
text_entry (MusterEditorProperties *self)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (entry, "activate", G_CALLBACK (on_text_activate), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_text_leave), self);
  gtk_widget_add_controller (entry, focus);
  return entry;
}

static void
build (MusterEditorProperties *self)
{
  MuScenario *s = scenario (self);
  const MuRuleset *rules = mu_ruleset_find (s->ruleset);
  const MuRuleset *const *all = mu_ruleset_list ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkGrid *grid;
  GtkWidget *w, *view;
  g_autoptr(GtkStringList) ids = gtk_string_list_new (NULL);
  guint selected = 0;
  int row = 0;

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (self), scroller);

  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message, TRUE);
  gtk_label_set_xalign (self->message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->message));

  gtk_box_append (GTK_BOX (box), heading (_("Scenario")));
  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  add_row (self, grid, &row, "title", _("_Title"), text_entry (self));
  view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_widget_set_size_request (view, -1, 80);
  gtk_widget_add_css_class (view, "card");
  g_signal_connect (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), "changed",
                    G_CALLBACK (on_description_changed), self);
  add_row (self, grid, &row, "description", _("_Description"), view);
  w = text_entry (self);
  gtk_entry_set_placeholder_text (GTK_ENTRY (w), "1861-07-21");
  add_row (self, grid, &row, "date", _("D_ate"), w);
  add_row (self, grid, &row, "author", _("A_uthor"), text_entry (self));
  for (guint i = 0; all && all[i]; i++)
    if (all[i]->board == s->board)
      {
        if (g_strcmp0 (all[i]->id, s->ruleset) == 0)
          selected = g_list_model_get_n_items (G_LIST_MODEL (ids));
        gtk_string_list_append (ids, all[i]->id);
      }
  w = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (ids)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (w), selected);
  g_signal_connect (w, "notify::selected", G_CALLBACK (on_ruleset_selected), self);
  add_row (self, grid, &row, "ruleset", _("_Rules"), w);

  gtk_box_append (GTK_BOX (box), heading (_("Optional and special rules")));
  self->options_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->options_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->options_box, "boxed-list");
  gtk_box_append (GTK_BOX (box), self->options_box);
  for (guint i = 0; rules && i < rules->n_options; i++)
    {
      const MuRuleOptionInfo *o = &rules->options[i];
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *name, *desc, *sw;
      g_autofree char *title = g_strdup_printf ("%s (%s, %s)", _(o->name), o->rule,
                                                mu_rule_class_to_string (o->rule_class));

      if (o->rule_class == MU_RULE_ESSENTIAL)
        continue;
      name = gtk_label_new (title);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      desc = gtk_label_new (_(o->description));
      gtk_label_set_xalign (GTK_LABEL (desc), 0);
      gtk_label_set_wrap (GTK_LABEL (desc), TRUE);
      gtk_widget_add_css_class (desc, "dim-label");
      gtk_box_append (GTK_BOX (text), name);
      gtk_box_append (GTK_BOX (text), desc);
      gtk_widget_set_hexpand (text, TRUE);
      sw = gtk_switch_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (sw), "field", (gpointer) g_intern_string (o->key));
      g_hash_table_insert (self->fields, (gpointer) g_intern_string (o->key), sw);
      g_signal_connect (sw, "notify::active", G_CALLBACK (on_switch_active), self);
      gtk_box_append (GTK_BOX (line), text);
      gtk_box_append (GTK_BOX (line), sw);
      gtk_widget_set_margin_top (line, 6);
      gtk_widget_set_margin_bottom (line, 6);
      gtk_widget_set_margin_start (line, 6);
      gtk_widget_set_margin_end (line, 6);
      gtk_list_box_append (GTK_LIST_BOX (self->options_box), line);
    }

  gtk_box_append (GTK_BOX (box), heading (_("Timeline")));
  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  row = 0;
  for (guint i = 0; i < G_N_ELEMENTS (timeline_fields); i++)
    {
      if (timeline_fields[i].clock)
        {
          w = gtk_entry_new ();
          gtk_entry_set_max_length (GTK_ENTRY (w), 5);
          g_signal_connect (w, "activate", G_CALLBACK (on_clock_activate), self);
        }
      else
        {
          w = gtk_spin_button_new_with_range (0, 1440, 1);
          g_signal_connect (w, "value-changed", G_CALLBACK (on_spin_changed), self);
        }
      g_object_set_data (G_OBJECT (w), "timeline", GINT_TO_POINTER (timeline_fields[i].field));
      add_row (self, grid, &row, timeline_fields[i].name, _(timeline_fields[i].label), w);
    }
  w = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (w), "11, 12");
  g_signal_connect (w, "activate", G_CALLBACK (on_nights_activate), self);
  add_row (self, grid, &row, "night-bounds", _("Night bounds"), w);

  gtk_box_append (GTK_BOX (box), heading (_("Victory")));
  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (grid, 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  row = 0;
  w = gtk_spin_button_new_with_range (0, 99, 1);
  g_signal_connect (w, "value-changed", G_CALLBACK (on_spin_changed), self);
  add_row (self, grid, &row, "objectives-required",
           _("Objectives needed to win (0: the rules' default)"), w);
}

static void
muster_editor_properties_dispose (GObject *object)
{
  MusterEditorProperties *self = MUSTER_EDITOR_PROPERTIES (object);

  if (self->history)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (muster_editor_properties_parent_class)->dispose (object);
}

static void
muster_editor_properties_finalize (GObject *object)
{
  g_hash_table_unref (MUSTER_EDITOR_PROPERTIES (object)->fields);
  G_OBJECT_CLASS (muster_editor_properties_parent_class)->finalize (object);
}

static void
muster_editor_properties_class_init (MusterEditorPropertiesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_editor_properties_dispose;
  object_class->finalize = muster_editor_properties_finalize;
}

static void
muster_editor_properties_init (MusterEditorProperties *self)
{
  self->fields = g_hash_table_new (g_str_hash, g_str_equal);
  gtk_window_set_title (GTK_WINDOW (self), _("Scenario Properties"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
}

GtkWidget *
muster_editor_properties_new (GtkWindow     *parent,
                              MuEditHistory *history)
{
  MusterEditorProperties *self;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  self = g_object_new (MUSTER_TYPE_EDITOR_PROPERTIES, NULL);
  if (parent)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  self->history = g_object_ref (history);
  build (self);
  load (self);
  self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (on_history_changed), self);
  return GTK_WIDGET (self);
}
