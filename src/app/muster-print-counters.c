/* muster-print-counters.c: the Counters tab of the print dialog (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-print-counters.h"

#include <glib/gi18n.h>

struct _MusterPrintCounters {
  GtkWidget parent_instance;

  GtkWidget *grid;
  GtkCheckButton *default_check;
  GtkSpinButton *size_spin;
  GtkCheckButton *counters_check;
  GtkCheckButton *markers_check;
  GtkCheckButton *backs_check;
};

G_DEFINE_FINAL_TYPE (MusterPrintCounters, muster_print_counters, GTK_TYPE_WIDGET)

static void
on_default_size_toggled (GtkCheckButton      *check,
                         MusterPrintCounters *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_spin), !gtk_check_button_get_active (check));
}

static void
muster_print_counters_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_PRINT_COUNTERS);
  G_OBJECT_CLASS (muster_print_counters_parent_class)->dispose (object);
}

static void
muster_print_counters_class_init (MusterPrintCountersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_print_counters_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-print-counters.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, grid);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, default_check);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, counters_check);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, markers_check);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintCounters, backs_check);
  gtk_widget_class_bind_template_callback (widget_class, on_default_size_toggled);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
muster_print_counters_init (MusterPrintCounters *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_print_counters_new (GSettings *settings,
                           double     scenario_size)
{
  MusterPrintCounters *self;
  double size;
  g_autofree char *own_text = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MUSTER_TYPE_PRINT_COUNTERS, NULL);
  size = g_settings_get_double (settings, "print-counter-size");
  own_text = g_strdup_printf (_("The _scenario's size (%.1f mm)"), scenario_size);
  gtk_check_button_set_label (self->default_check, own_text);
  gtk_check_button_set_active (self->default_check, size <= 0);
  gtk_spin_button_set_value (self->size_spin, size > 0 ? size : scenario_size);
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_spin), size > 0);
  gtk_check_button_set_active (self->counters_check, g_settings_get_boolean (settings, "print-counters"));
  gtk_check_button_set_active (self->markers_check, g_settings_get_boolean (settings, "print-markers"));
  gtk_check_button_set_active (self->backs_check, g_settings_get_boolean (settings, "print-backs"));
  return GTK_WIDGET (self);
}

void
muster_print_counters_apply (MusterPrintCounters *self,
                             GSettings           *settings)
{
  gboolean own;

  g_return_if_fail (MUSTER_IS_PRINT_COUNTERS (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  own = gtk_check_button_get_active (self->default_check);
  g_settings_set_double (settings, "print-counter-size",
                         own ? 0.0 : gtk_spin_button_get_value (self->size_spin));
  g_settings_set_boolean (settings, "print-counters", gtk_check_button_get_active (self->counters_check));
  g_settings_set_boolean (settings, "print-markers", gtk_check_button_get_active (self->markers_check));
  g_settings_set_boolean (settings, "print-backs", gtk_check_button_get_active (self->backs_check));
}
