#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-new-dialog.h"

#include "mu-ruleset.h"
#include "muster-dialog-enter.h"

#include <glib/gi18n.h>
#include <math.h>

struct _MusterNewDialog
{
  GtkDialog parent_instance;

  GSettings *settings;
  MuLengthUnit unit;

  GtkEntry *title_entry;
  GtkDropDown *ruleset_dropdown;
  GtkStack *board_stack;
  GtkSpinButton *columns_spin;
  GtkSpinButton *rows_spin;
  GtkDropDown *orientation_dropdown;
  GtkDropDown *offset_dropdown;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  GtkDropDown *unit_dropdown;
  GtkDropDown *scale_dropdown;
};

G_DEFINE_FINAL_TYPE (MusterNewDialog, muster_new_dialog, GTK_TYPE_DIALOG)


/* Same order as the figure scale list in muster-new-dialog.ui. */
static const char *const figure_scales[] = {
  "2mm", "3mm", "6mm", "10mm", "15mm", "18mm", "20mm", "25mm", "28mm", NULL,
};


static gboolean
ruleset_is_hex (const char *ruleset)
{
  const MuRuleset *rs = mu_ruleset_find (ruleset);

  return rs != NULL && rs->board == MU_BOARD_HEX;
}

static const char *
selected_ruleset (MusterNewDialog *self)
{
  const MuRuleset *const *rulesets = mu_ruleset_list ();
  guint i = gtk_drop_down_get_selected (self->ruleset_dropdown);

  for (guint k = 0; rulesets[k]; k++)
    if (k == i)
      return rulesets[k]->id;
  return rulesets[0]->id;
}

static void
on_ruleset_changed (GtkDropDown     *dropdown,
                    GParamSpec      *pspec,
                    MusterNewDialog *self)
{
  gtk_stack_set_visible_child_name (self->board_stack,
                                    ruleset_is_hex (selected_ruleset (self)) ? "hex" : "table");
}

static void
on_unit_changed (GtkDropDown     *dropdown,
                 GParamSpec      *pspec,
                 MusterNewDialog *self)
{
  MuLengthUnit unit = gtk_drop_down_get_selected (dropdown) == 1 ? MU_UNIT_CM : MU_UNIT_INCH;
  double factor;

  if (unit == self->unit)
    return;
  /* Keep the table the same size in the new unit. */
  factor = unit == MU_UNIT_CM ? 2.54 : 1 / 2.54;
  self->unit = unit;
  gtk_spin_button_set_value (self->width_spin, round (gtk_spin_button_get_value (self->width_spin) * factor));
  gtk_spin_button_set_value (self->height_spin, round (gtk_spin_button_get_value (self->height_spin) * factor));
}

void
muster_new_dialog_set_ruleset (MusterNewDialog *self,
                               const char      *ruleset)
{
  g_return_if_fail (MUSTER_IS_NEW_DIALOG (self));

  const MuRuleset *const *rulesets = mu_ruleset_list ();

  for (guint i = 0; rulesets[i] != NULL; i++)
    if (g_strcmp0 (rulesets[i]->id, ruleset) == 0)
      gtk_drop_down_set_selected (self->ruleset_dropdown, i);
}

MuScenario *
muster_new_dialog_create_scenario (MusterNewDialog *self)
{
  const char *ruleset;
  const char *title;
  MuScenario *scenario;

  g_return_val_if_fail (MUSTER_IS_NEW_DIALOG (self), NULL);

  ruleset = selected_ruleset (self);
  if (ruleset_is_hex (ruleset))
    {
      MuHexOrientation orientation = gtk_drop_down_get_selected (self->orientation_dropdown) == 1
                                     ? MU_HEX_POINTY_TOP : MU_HEX_FLAT_TOP;
      MuHexOffset offset = gtk_drop_down_get_selected (self->offset_dropdown) == 1
                           ? MU_HEX_OFFSET_EVEN : MU_HEX_OFFSET_ODD;

      scenario = mu_scenario_new_hex (ruleset,
                                      gtk_spin_button_get_value_as_int (self->columns_spin),
                                      gtk_spin_button_get_value_as_int (self->rows_spin),
                                      orientation, offset);
    }
  else
    {
      guint s = gtk_drop_down_get_selected (self->scale_dropdown);
      const char *scale = s < G_N_ELEMENTS (figure_scales) - 1 ? figure_scales[s] : "15mm";

      scenario = mu_scenario_new_table (ruleset,
                                        gtk_spin_button_get_value (self->width_spin),
                                        gtk_spin_button_get_value (self->height_spin),
                                        self->unit, scale);
      if (self->settings != NULL)
        {
          g_settings_set_string (self->settings, "figure-scale", scale);
          g_settings_set_enum (self->settings, "measurement-unit", self->unit);
        }
    }

  title = gtk_editable_get_text (GTK_EDITABLE (self->title_entry));
  if (title != NULL && *title != '\0')
    {
      g_free (scenario->title);
      scenario->title = g_strdup (title);
    }
  return scenario;
}

static void
muster_new_dialog_dispose (GObject *object)
{
  MusterNewDialog *self = MUSTER_NEW_DIALOG (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_new_dialog_parent_class)->dispose (object);
}

static void
muster_new_dialog_class_init (MusterNewDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_new_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-new-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, ruleset_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, board_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, columns_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, orientation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, offset_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterNewDialog, scale_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_ruleset_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_unit_changed);
}

static void
muster_new_dialog_init (MusterNewDialog *self)
{
  const MuRuleset *const *rulesets = mu_ruleset_list ();
  GtkStringList *names;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->unit = MU_UNIT_INCH;
  names = GTK_STRING_LIST (gtk_drop_down_get_model (self->ruleset_dropdown));
  for (guint i = 0; rulesets[i]; i++)
    {
      /* one that cannot be played yet says so before a scenario is drawn for it */
      g_autofree char *name = mu_ruleset_can_play (rulesets[i])
        ? g_strdup (_(rulesets[i]->name))
        /* Translators: a ruleset's name */
        : g_strdup_printf (_("%s (cannot be played yet)"), _(rulesets[i]->name));

      gtk_string_list_append (names, name);
    }
}

GtkWidget *
muster_new_dialog_new (GtkWindow *parent,
                       GSettings *settings)
{
  MusterNewDialog *self = g_object_new (MUSTER_TYPE_NEW_DIALOG,
                                        "transient-for", parent,
                                        "modal", TRUE,
                                        "use-header-bar", TRUE,
                                        NULL);

  if (settings != NULL)
    {
      g_autofree char *scale = g_settings_get_string (settings, "figure-scale");

      self->settings = g_object_ref (settings);
      if (g_settings_get_enum (settings, "measurement-unit") == MU_UNIT_CM)
        gtk_drop_down_set_selected (self->unit_dropdown, 1);
      for (guint i = 0; figure_scales[i] != NULL; i++)
        if (g_strcmp0 (figure_scales[i], scale) == 0)
          gtk_drop_down_set_selected (self->scale_dropdown, i);
    }
  muster_dialog_answer_on_enter (GTK_DIALOG (self), GTK_RESPONSE_ACCEPT);
  return GTK_WIDGET (self);
}
