/* muster-orders-cards.h: the match sidebar's cards of the secret orders
 * and of a reaction window (their rows are the page's, made from the
 * engine's legal commands; the cards hold and show them) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_ORDERS_CARDS (muster_orders_cards_get_type ())
G_DECLARE_FINAL_TYPE (MusterOrdersCards, muster_orders_cards, MUSTER, ORDERS_CARDS, GtkBox)

GtkWidget *muster_orders_cards_new           (void);
/* The Secret Orders card's box of rows, and the card shown or hidden. */
GtkBox    *muster_orders_cards_get_orders    (MusterOrdersCards *self);
void       muster_orders_cards_show_orders   (MusterOrdersCards *self, gboolean shown);
/* The Reaction card's box of answers, and the card shown with its
 * question (NULL: hidden). */
GtkBox    *muster_orders_cards_get_reactions (MusterOrdersCards *self);
void       muster_orders_cards_show_reaction (MusterOrdersCards *self, const char *question);

G_END_DECLS
