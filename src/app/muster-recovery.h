/* muster-recovery.h: work a crash left in the autosave folder, offered on the start page */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Fills slot (a vertical box on the start page of window) with one bar per
 * autosave left behind (see muster-editor-autosave.h) that is newer than its
 * document, untitled scenarios included, each with Recover and Discard.
 * Recover opens the work unsaved, on its original file when there is one
 * (in window when it is empty, else in a new window); undo goes back to the
 * file as saved. Matches left unsaved (see muster-match-autosave.h) get a
 * bar each too, with Resume and Discard. slot is hidden when there is
 * nothing to offer. Returns the number of bars. */
guint muster_recovery_offer (GtkWindow *window, GtkBox *slot);

G_END_DECLS
