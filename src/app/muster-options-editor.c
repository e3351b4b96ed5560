/* muster-options-editor.c: a ruleset's rule options as controls (see muster-options-editor.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-options-editor.h"

#include <glib/gi18n.h>

struct _MusterOptionsEditor
{
  GtkWidget parent_instance;

  GPtrArray *shown;              /* of const MuRuleOptionInfo*, in order */
  GHashTable *controls;          /* key -> control (owned by the widget tree) */
};

G_DEFINE_FINAL_TYPE (MusterOptionsEditor, muster_options_editor, GTK_TYPE_WIDGET)

/* Values as text ---------------------------------------------------------------- */

static int
choice_index (const MuRuleOptionInfo *info,
              const char             *word)
{
  for (int i = 0; word && info->choices && info->choices[i]; i++)
    if (g_str_equal (info->choices[i], word))
      return i;
  return -1;
}

/* The default of a switch: what the scenario's data enables when the
 * option is its ruleset's (a railroad reserve enables railroads), else the
 * declared default. */
static gboolean
switch_default (const MuRuleOptionInfo *info,
                const MuScenario       *s)
{
  const MuRuleset *ruleset = s ? mu_ruleset_find (s->ruleset) : NULL;

  if (ruleset == NULL || mu_ruleset_find_option (ruleset, info->key) != info)
    return info->default_value;
  return mu_ruleset_option_default (ruleset, s, info);
}

/* What the scenario says, or the default. */
static char *
scenario_value (const MuRuleOptionInfo *info,
                const MuScenario       *s)
{
  switch (info->type)
    {
    case MU_OPTION_NUMBER:
      return g_strdup_printf ("%d", s ? mu_scenario_option_number (s, info->key, info->default_number)
                                      : info->default_number);
    case MU_OPTION_CHOICE:
      {
        const char *word = s ? mu_scenario_option_value (s, info->key) : NULL;
        int i = choice_index (info, word);

        if (i < 0)
          i = info->default_number;
        if (info->choices == NULL || i < 0 || i >= (int) g_strv_length ((char **) info->choices))
          return NULL;
        return g_strdup (info->choices[i]);
      }
    case MU_OPTION_BOOLEAN:
    default:
      if (info->rule_class == MU_RULE_ESSENTIAL)
        return g_strdup ("true");
      return g_strdup ((s ? mu_scenario_option (s, info->key, switch_default (info, s)) : info->default_value)
                       ? "true" : "false");
    }
}

static char *
control_value (const MuRuleOptionInfo *info,
               GtkWidget              *control)
{
  switch (info->type)
    {
    case MU_OPTION_NUMBER:
      gtk_spin_button_update (GTK_SPIN_BUTTON (control));
      return g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control)));
    case MU_OPTION_CHOICE:
      {
        guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (control));

        return i != GTK_INVALID_LIST_POSITION && info->choices ? g_strdup (info->choices[i]) : NULL;
      }
    case MU_OPTION_BOOLEAN:
    default:
      return g_strdup (gtk_switch_get_active (GTK_SWITCH (control)) ? "true" : "false");
    }
}

static gboolean
show_value (const MuRuleOptionInfo *info,
            GtkWidget              *control,
            const char             *value)
{
  gint64 n;
  int i;

  if (value == NULL)
    return FALSE;
  switch (info->type)
    {
    case MU_OPTION_NUMBER:
      if (!g_ascii_string_to_signed (value, 10, info->min, info->max, &n, NULL))
        return FALSE;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), (double) n);
      return TRUE;
    case MU_OPTION_CHOICE:
      i = choice_index (info, value);
      if (i < 0)
        return FALSE;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (control), (guint) i);
      return TRUE;
    case MU_OPTION_BOOLEAN:
    default:
      if (!g_str_equal (value, "true") && !g_str_equal (value, "false"))
        return FALSE;
      gtk_switch_set_active (GTK_SWITCH (control), g_str_equal (value, "true"));
      return TRUE;
    }
}

/* Building ---------------------------------------------------------------------- */

static GtkWidget *
new_control (const MuRuleOptionInfo *info)
{
  GtkWidget *control;

  switch (info->type)
    {
    case MU_OPTION_NUMBER:
      control = gtk_spin_button_new_with_range (info->min, info->max, 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (control), TRUE);
      break;
    case MU_OPTION_CHOICE:
      /* the words are the rules' own terms, as the scenario file writes them */
      control = gtk_drop_down_new_from_strings (info->choices ? info->choices : (const char *const[]) { NULL });
      break;
    case MU_OPTION_BOOLEAN:
    default:
      control = gtk_switch_new ();
      break;
    }
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL, _(info->name), -1);
  return control;
}

static GtkWidget *
new_row (MusterOptionsEditor    *self,
         const MuRuleOptionInfo *info,
         const MuScenario       *scenario)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (_(info->name));
  g_autofree char *detail = info->rule && *info->rule
                            ? g_strdup_printf ("%s (%s)", _(info->description), info->rule)
                            : g_strdup (_(info->description));
  GtkWidget *about = gtk_label_new (detail);
  GtkWidget *control = new_control (info);
  g_autofree char *value = scenario_value (info, scenario);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_xalign (GTK_LABEL (about), 0);
  gtk_label_set_wrap (GTK_LABEL (about), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (about), 60);
  gtk_widget_add_css_class (about, "dim-label");
  gtk_widget_add_css_class (about, "caption");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), about);
  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, detail, -1);
  show_value (info, control, value);
  if (info->rule_class == MU_RULE_ESSENTIAL)
    gtk_widget_set_sensitive (control, FALSE);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), control);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_hash_table_replace (self->controls, g_strdup (info->key), control);
  g_ptr_array_add (self->shown, (gpointer) info);
  return row;
}

static void
build (MusterOptionsEditor    *self,
       const MuRuleOptionInfo *options,
       guint                   n_options,
       MusterOptionsClasses    classes,
       const MuScenario       *scenario)
{
  static const struct { MuRuleClass rule_class; const char *title; const char *about; } groups[] = {
    { MU_RULE_ESSENTIAL, N_("Essential Rules"), N_("Always in play, listed for reference.") },
    { MU_RULE_OPTIONAL, N_("Optional Rules"), N_("The players’ choice.") },
    { MU_RULE_SPECIAL, N_("Special Rules"), N_("Enabled by this scenario.") },
  };

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      GtkWidget *list = NULL;

      if (!(classes & (1 << groups[g].rule_class)))
        continue;
      for (guint i = 0; i < n_options; i++)
        {
          if (options[i].rule_class != groups[g].rule_class)
            continue;
          if (list == NULL)
            {
              GtkWidget *title = gtk_label_new (_(groups[g].title));
              GtkWidget *sub = gtk_label_new (_(groups[g].about));

              gtk_label_set_xalign (GTK_LABEL (title), 0);
              gtk_widget_add_css_class (title, "heading");
              gtk_label_set_xalign (GTK_LABEL (sub), 0);
              gtk_widget_add_css_class (sub, "dim-label");
              gtk_widget_set_parent (title, GTK_WIDGET (self));
              gtk_widget_set_parent (sub, GTK_WIDGET (self));
              list = gtk_list_box_new ();
              gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
              gtk_widget_add_css_class (list, "boxed-list");
              gtk_widget_add_css_class (list, "frame");
              gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              _(groups[g].title), -1);
              gtk_widget_set_parent (list, GTK_WIDGET (self));
            }
          gtk_list_box_append (GTK_LIST_BOX (list), new_row (self, &options[i], scenario));
        }
    }
}

/* Object ------------------------------------------------------------------------- */

static void
muster_options_editor_dispose (GObject *object)
{
  MusterOptionsEditor *self = MUSTER_OPTIONS_EDITOR (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_hash_table_remove_all (self->controls);
  G_OBJECT_CLASS (muster_options_editor_parent_class)->dispose (object);
}

static void
muster_options_editor_finalize (GObject *object)
{
  MusterOptionsEditor *self = MUSTER_OPTIONS_EDITOR (object);

  g_ptr_array_unref (self->shown);
  g_hash_table_unref (self->controls);
  G_OBJECT_CLASS (muster_options_editor_parent_class)->finalize (object);
}

static void
muster_options_editor_class_init (MusterOptionsEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_options_editor_dispose;
  object_class->finalize = muster_options_editor_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
muster_options_editor_init (MusterOptionsEditor *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  self->shown = g_ptr_array_new ();
  self->controls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GtkWidget *
muster_options_editor_new (const MuRuleOptionInfo *options,
                           guint                   n_options,
                           MusterOptionsClasses    classes,
                           const MuScenario       *scenario)
{
  MusterOptionsEditor *self;

  g_return_val_if_fail (options != NULL || n_options == 0, NULL);

  self = g_object_new (MUSTER_TYPE_OPTIONS_EDITOR, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rule Options"), -1);
  build (self, options, n_options, classes, scenario);
  return GTK_WIDGET (self);
}

GtkWidget *
muster_options_editor_new_for_scenario (const MuScenario    *scenario,
                                        MusterOptionsClasses classes)
{
  const MuRuleset *ruleset = scenario ? mu_ruleset_find (scenario->ruleset) : NULL;

  return muster_options_editor_new (ruleset ? ruleset->options : NULL, ruleset ? ruleset->n_options : 0,
                                    classes, scenario);
}

guint
muster_options_editor_get_n_shown (MusterOptionsEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_OPTIONS_EDITOR (self), 0);
  return self->shown->len;
}

GtkWidget *
muster_options_editor_get_control (MusterOptionsEditor *self,
                                   const char          *key)
{
  g_return_val_if_fail (MUSTER_IS_OPTIONS_EDITOR (self), NULL);
  return key ? g_hash_table_lookup (self->controls, key) : NULL;
}

static const MuRuleOptionInfo *
find_shown (MusterOptionsEditor *self,
            const char          *key)
{
  for (guint i = 0; key && i < self->shown->len; i++)
    {
      const MuRuleOptionInfo *info = g_ptr_array_index (self->shown, i);

      if (g_str_equal (info->key, key))
        return info;
    }
  return NULL;
}

char *
muster_options_editor_get_value (MusterOptionsEditor *self,
                                 const char          *key)
{
  const MuRuleOptionInfo *info;

  g_return_val_if_fail (MUSTER_IS_OPTIONS_EDITOR (self), NULL);

  info = find_shown (self, key);
  return info ? control_value (info, muster_options_editor_get_control (self, key)) : NULL;
}

gboolean
muster_options_editor_set_value (MusterOptionsEditor *self,
                                 const char          *key,
                                 const char          *value)
{
  const MuRuleOptionInfo *info;

  g_return_val_if_fail (MUSTER_IS_OPTIONS_EDITOR (self), FALSE);

  info = find_shown (self, key);
  if (info == NULL || info->rule_class == MU_RULE_ESSENTIAL)
    return FALSE;
  return show_value (info, muster_options_editor_get_control (self, key), value);
}

void
muster_options_editor_apply (MusterOptionsEditor *self,
                             MuScenario          *scenario)
{
  g_return_if_fail (MUSTER_IS_OPTIONS_EDITOR (self));
  g_return_if_fail (scenario != NULL);

  for (guint i = 0; i < self->shown->len; i++)
    {
      const MuRuleOptionInfo *info = g_ptr_array_index (self->shown, i);
      g_autofree char *now = scenario_value (info, scenario);
      g_autofree char *shown = control_value (info, muster_options_editor_get_control (self, info->key));

      if (info->rule_class == MU_RULE_ESSENTIAL || shown == NULL || g_strcmp0 (now, shown) == 0)
        continue;
      if (info->type == MU_OPTION_BOOLEAN)
        mu_scenario_set_option (scenario, info->key, g_str_equal (shown, "true"));
      else
        mu_scenario_set_option_value (scenario, info->key, shown);
    }
}

gboolean
muster_options_editor_apply_edits (MusterOptionsEditor *self,
                                   MuEditHistory       *history,
                                   GtkWidget          **culprit,
                                   GError             **error)
{
  g_return_val_if_fail (MUSTER_IS_OPTIONS_EDITOR (self), FALSE);
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  for (guint i = 0; i < self->shown->len; i++)
    {
      const MuRuleOptionInfo *info = g_ptr_array_index (self->shown, i);
      GtkWidget *control = muster_options_editor_get_control (self, info->key);
      g_autofree char *now = scenario_value (info, mu_edit_history_get_scenario (history));
      g_autofree char *shown = control_value (info, control);
      gboolean ok;

      if (info->rule_class == MU_RULE_ESSENTIAL || shown == NULL || g_strcmp0 (now, shown) == 0)
        continue;
      if (info->type == MU_OPTION_BOOLEAN)
        ok = mu_edit_set_option (history, info->key, g_str_equal (shown, "true"), error);
      else
        ok = mu_edit_set_option_value (history, info->key, shown, error);
      if (!ok)
        {
          if (culprit != NULL)
            *culprit = control;
          return FALSE;
        }
    }
  return TRUE;
}
