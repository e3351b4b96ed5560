/* muster-handover-screen.h: the screen that covers the match's board
 * between two people at one computer, until the player to act takes it */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_HANDOVER_SCREEN (muster_handover_screen_get_type ())
G_DECLARE_FINAL_TYPE (MusterHandoverScreen, muster_handover_screen, MUSTER, HANDOVER_SCREEN, GtkBox)

GtkWidget *muster_handover_screen_new (void);

/* Whom it waits for (title) and its button's label, with a mnemonic. The
 * button says "taken" when pressed; the screen's focus is the button. */
void   muster_handover_screen_show_side    (MusterHandoverScreen *self, const char *title,
                                            const char *button);
/* The results the player taking the board reads (of char*): none hides
 * them. */
void   muster_handover_screen_set_results  (MusterHandoverScreen *self, GPtrArray *lines);
/* What it shows under the button, a line a label (newly allocated). */
char  *muster_handover_screen_dup_results  (MusterHandoverScreen *self);

G_END_DECLS
