/* muster-facing-card.h: the match sidebar's card of a facing in degrees and
 * the selected counter's commands that turn it there (the commands are the
 * page's; the card only shows them as match.command buttons) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_FACING_CARD (muster_facing_card_get_type ())
G_DECLARE_FINAL_TYPE (MusterFacingCard, muster_facing_card, MUSTER, FACING_CARD, GtkBox)

GtkWidget *muster_facing_card_new          (void);
/* The facing chosen, in degrees; a person's change says "changed", a set
 * does not. */
double     muster_facing_card_get_degrees  (MusterFacingCard *self);
void       muster_facing_card_set_degrees  (MusterFacingCard *self, double degrees);
/* Takes the commands away. */
void       muster_facing_card_clear        (MusterFacingCard *self);
/* A command line offered under its label: insensitive, with the engine's
 * reason as its tooltip, when it is not legal. */
void       muster_facing_card_add_command  (MusterFacingCard *self, const char *label, const char *line,
                                            gboolean legal, const char *reason);

G_END_DECLS
