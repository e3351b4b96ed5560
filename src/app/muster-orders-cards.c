/* muster-orders-cards.c: the match sidebar's secret orders and reaction cards. */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-orders-cards.h"

struct _MusterOrdersCards
{
  GtkBox parent_instance;

  /* Template children. */
  GtkWidget *orders_card;
  GtkBox *orders;
  GtkWidget *reaction_card;
  GtkLabel *question;
  GtkBox *reactions;
};

G_DEFINE_FINAL_TYPE (MusterOrdersCards, muster_orders_cards, GTK_TYPE_BOX)

/* Shown only with a card in it: an empty box still takes the sidebar's
 * spacing, a gap under the undo row when nothing is selected. */
static void
update_visible (MusterOrdersCards *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), gtk_widget_get_visible (self->orders_card) ||
                                             gtk_widget_get_visible (self->reaction_card));
}

GtkBox *
muster_orders_cards_get_orders (MusterOrdersCards *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDERS_CARDS (self), NULL);
  return self->orders;
}

void
muster_orders_cards_show_orders (MusterOrdersCards *self,
                                 gboolean           shown)
{
  g_return_if_fail (MUSTER_IS_ORDERS_CARDS (self));
  gtk_widget_set_visible (self->orders_card, shown);
  update_visible (self);
}

GtkBox *
muster_orders_cards_get_reactions (MusterOrdersCards *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDERS_CARDS (self), NULL);
  return self->reactions;
}

void
muster_orders_cards_show_reaction (MusterOrdersCards *self,
                                   const char        *question)
{
  g_return_if_fail (MUSTER_IS_ORDERS_CARDS (self));

  if (question != NULL)
    gtk_label_set_text (self->question, question);
  gtk_widget_set_visible (self->reaction_card, question != NULL);
  update_visible (self);
}

static void
muster_orders_cards_class_init (MusterOrdersCardsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-orders-cards.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterOrdersCards, orders_card);
  gtk_widget_class_bind_template_child (widget_class, MusterOrdersCards, orders);
  gtk_widget_class_bind_template_child (widget_class, MusterOrdersCards, reaction_card);
  gtk_widget_class_bind_template_child (widget_class, MusterOrdersCards, question);
  gtk_widget_class_bind_template_child (widget_class, MusterOrdersCards, reactions);
}

static void
muster_orders_cards_init (MusterOrdersCards *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_visible (self);
}

GtkWidget *
muster_orders_cards_new (void)
{
  return g_object_new (MUSTER_TYPE_ORDERS_CARDS, NULL);
}
