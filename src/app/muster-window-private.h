/* muster-window-private.h: what the window's parts share (not for other classes) */
#pragma once

#include "muster-window.h"

G_BEGIN_DECLS

/* Shows a loaded scenario (taken), or the problems when it is NULL; the end
 * of opening a file, whichever thread loaded it. */
gboolean  muster_window_open_loaded (MusterWindow *self, GFile *file, MuScenario *scenario,
                                     GPtrArray *problems, GError *load_error, GError **error);
GtkStack *muster_window_get_stack   (MusterWindow *self);
/* The title, the actions' sensitivity and the status bar, again. */
void      muster_window_update_chrome (MusterWindow *self);
void      muster_window_show_dialog   (MusterWindow *self, GtkWidget *dialog);
void      muster_window_show_problems (MusterWindow *self, const char *primary, GError *error,
                                       GPtrArray *problems);

/* muster-window-match.c */
gboolean  muster_window_match_shown         (MusterWindow *self);
char     *muster_window_match_title         (MusterWindow *self);
/* Activates a match.* action of the shown match page; FALSE when none is shown. */
gboolean  muster_window_match_activate      (MusterWindow *self, const char *action);
gboolean  muster_window_match_can_undo      (MusterWindow *self);
/* TRUE when the match asks to be saved first (the window closes after). */
gboolean  muster_window_match_close_request (MusterWindow *self);
gboolean  muster_window_file_is_match       (GFile *file);
gboolean  muster_window_is_match_uri        (const char *uri);
gboolean  muster_window_open_match_file     (MusterWindow *self, GFile *file, GError **error);

G_END_DECLS
