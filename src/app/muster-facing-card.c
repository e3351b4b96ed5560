/* muster-facing-card.c: the match sidebar's card of a chosen facing. */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-facing-card.h"

struct _MusterFacingCard
{
  GtkBox parent_instance;

  gboolean setting;             /* the facing is being set, not chosen */

  /* Template children. */
  GtkSpinButton *spin;
  GtkFlowBox *commands;
};

G_DEFINE_FINAL_TYPE (MusterFacingCard, muster_facing_card, GTK_TYPE_BOX)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

double
muster_facing_card_get_degrees (MusterFacingCard *self)
{
  g_return_val_if_fail (MUSTER_IS_FACING_CARD (self), 0);
  return gtk_spin_button_get_value (self->spin);
}

void
muster_facing_card_set_degrees (MusterFacingCard *self,
                                double            degrees)
{
  g_return_if_fail (MUSTER_IS_FACING_CARD (self));

  self->setting = TRUE;
  gtk_spin_button_set_value (self->spin, degrees);
  self->setting = FALSE;
}

void
muster_facing_card_clear (MusterFacingCard *self)
{
  GtkWidget *child;

  g_return_if_fail (MUSTER_IS_FACING_CARD (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->commands))) != NULL)
    gtk_flow_box_remove (self->commands, child);
}

void
muster_facing_card_add_command (MusterFacingCard *self,
                                const char       *label,
                                const char       *line,
                                gboolean          legal,
                                const char       *reason)
{
  GtkWidget *button;

  g_return_if_fail (MUSTER_IS_FACING_CARD (self));

  button = gtk_button_new_with_label (label);
  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_sensitive (button, legal);
  gtk_widget_set_tooltip_text (button, legal ? line : reason);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", line);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "match.command");
  gtk_flow_box_append (self->commands, button);
}

static void
on_value_changed (MusterFacingCard *self)
{
  if (!self->setting)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
muster_facing_card_class_init (MusterFacingCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-facing-card.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterFacingCard, spin);
  gtk_widget_class_bind_template_child (widget_class, MusterFacingCard, commands);
  gtk_widget_class_bind_template_callback (widget_class, on_value_changed);

  /* A person chose another facing. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_facing_card_init (MusterFacingCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_facing_card_new (void)
{
  return g_object_new (MUSTER_TYPE_FACING_CARD, NULL);
}
