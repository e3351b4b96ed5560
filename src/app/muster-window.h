/* muster-window.h: a window showing one document, a scenario or a match (or the start page) */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "muster-document.h"
#include "muster-game.h"
#include "muster-match-autosave.h"
#include "muster-map-view.h"
#include "muster-scene.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, GtkApplicationWindow)

MusterWindow     *muster_window_new              (GtkApplication *application);
/* The window of application for a new document: `from` when it is an
 * empty window, else a new window. */
MusterWindow     *muster_window_find_empty       (GtkApplication *application, GtkWindow *from);
/* Opens `file` in a window of application: the one showing it already
 * (brought to the front), an empty one, or a new one. */
void              muster_window_open_in          (GtkApplication *application, GFile *file);

/* Loads a .muster file (or resumes a saved .muster-game match) into this window; on failure shows the problems in a
 * dialog and returns FALSE (error, when not NULL, receives the summary). */
gboolean          muster_window_open_file        (MusterWindow *self, GFile *file, GError **error);
/* Opens a .muster file as the window's, loading it in a worker thread: the
 * window stays responsive and shows the progress and a Cancel button, which
 * returns to what was shown before (muster-window-open.c). */
void              muster_window_open_file_async  (MusterWindow *self, GFile *file);
/* Stops opening a file, if one is being opened. */
void              muster_window_cancel_open      (MusterWindow *self);
/* The file being opened, or NULL. */
GFile            *muster_window_get_opening_file (MusterWindow *self);
/* Whether the window shows or is opening file: its scenario, its match's
 * saved game, or a file being loaded. */
gboolean          muster_window_shows_file      (MusterWindow *self, GFile *file);
/* Shows `scenario` (taken) as an unsaved new scenario. */
void              muster_window_set_new_scenario (MusterWindow *self, MuScenario *scenario);
/* Reads the window's file again (as the offer after another program changed
 * it does); on failure what is open stays and the problems are shown. */
gboolean          muster_window_reload           (MusterWindow *self, GError **error);
/* Writes the scenario to `file` atomically and makes it the window's file. */
gboolean          muster_window_save_to_file     (MusterWindow *self, GFile *file, GError **error);

/* The document shown, a scenario's or a match's (file, modified state,
 * title), or NULL. */
MusterDocument   *muster_window_get_document     (MusterWindow *self);
const MuScenario *muster_window_get_scenario     (MusterWindow *self);
GFile            *muster_window_get_file         (MusterWindow *self);
gboolean          muster_window_get_modified     (MusterWindow *self);
/* TRUE while the start page is shown and nothing is open. */
gboolean          muster_window_is_empty         (MusterWindow *self);

/* Undoable edits: begin_edit records the scenario as it is now, the caller
 * changes the scenario returned, then end_edit marks the window modified and
 * redraws. Undo and redo swap the recorded states. */
MuScenario       *muster_window_begin_edit       (MusterWindow *self, const char *label);
void              muster_window_end_edit         (MusterWindow *self);

/* The undo stack that owns the scenario, and the editor panel (NULL without a scenario). */
MuEditHistory    *muster_window_get_history      (MusterWindow *self);
GtkWidget        *muster_window_get_editor       (MusterWindow *self);
/* When the scenario shown fails its checks, turns editing on with the
 * Problems page in front, so that a design opened to be fixed shows what to
 * fix. Returns whether it did. */
gboolean          muster_window_show_check_errors (MusterWindow *self);
MusterMapView    *muster_window_get_map_view     (MusterWindow *self);
MusterScene      *muster_window_get_scene        (MusterWindow *self);
/* A vertical GtkBox beside the board, hidden and empty until the editor or
 * the game puts its panels there (and shows it). */
GtkWidget        *muster_window_get_side_panel   (MusterWindow *self);
/* The dialog the window is waiting on (close confirmation, problems, new
 * scenario), or NULL. Tests answer it with gtk_dialog_response(). */
GtkWidget        *muster_window_get_dialog       (MusterWindow *self);
/* The file chooser the window is waiting on, or NULL. */
GtkNativeDialog  *muster_window_get_file_chooser (MusterWindow *self);

/* Asks for a file and opens it (in this window when it is empty). */
void              muster_window_show_open        (MusterWindow *self);
void              muster_window_show_new         (MusterWindow *self);

/* Matches (muster-window-match.c). Shows `game` (referenced) on the match
 * page as the window's document (a match's MusterDocument), in place of a
 * match shown before; match.close goes back to the editor of the scenario
 * or to the start page. */
void              muster_window_show_match       (MusterWindow *self, MusterGame *game);
/* The match page (a MusterMatchPage), or NULL. */
GtkWidget        *muster_window_get_match_page   (MusterWindow *self);
/* Resumes a match a crash left in the autosave folder (see
 * muster-match-autosave.h): unsaved, on its own file when it had one, with
 * the same players and dice; its autosave goes once the match is shown. */
gboolean          muster_window_resume_match     (MusterWindow *self, const MusterMatchLeftover *leftover,
                                                  GError **error);
/* The New Match dialog for the open scenario (the bundled ones without). */
void              muster_window_show_play        (MusterWindow *self);

/* Fills slot (a vertical box on the start page) with one bar per piece of
 * work a crash left behind (muster-recovery.h), each with Discard and
 * Recover (Resume for a match). Recover opens the work unsaved, on its
 * original file when there is one (in this window when it is empty, else
 * in a new window); undo goes back to the file as saved. slot is hidden
 * when there is nothing to offer. Returns the number of bars. */
guint             muster_window_offer_recovery   (MusterWindow *self, GtkBox *slot);

G_END_DECLS
