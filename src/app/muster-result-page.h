/* muster-result-page.h: how the match ended
 *
 * Shown by the match page when the match is over: the winner and the level
 * of victory (MuResult), the objectives and who holds them, the losses of
 * each side counted from the engine's counter statuses against the
 * scenario's order of battle, and Replay, Save and Close (the actions
 * match.replay and match.close, which the match page owns, and the
 * window's win.save). Follows the game's "changed" and "reset".
 */
#pragma once

#include <gtk/gtk.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_RESULT_PAGE (muster_result_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterResultPage, muster_result_page, MUSTER, RESULT_PAGE, GtkWidget)

GtkWidget *muster_result_page_new      (MusterGame *game);

/* The page as text, one line per thing shown, for tests: "title TEXT",
 * "level TEXT", "score TEXT", "objective NAME OWNER", "losses SIDE units
 * LOST/TOTAL commanders LOST/TOTAL". */
char      *muster_result_page_describe (MusterResultPage *self);

G_END_DECLS
