/* muster-window-private.h: what the window's parts share (not for other classes) */
#pragma once

#include "muster-window.h"

#include "muster-document.h"

G_BEGIN_DECLS

typedef void (*MusterWindowThen) (MusterWindow *self, gpointer data);

/* What waits on the shown match being left, and its data. */
typedef struct
{
  MusterWindowThen then;
  gpointer data;
  GDestroyNotify destroy;
} MusterWindowAfterMatch;

/* The editor panel's wait for the board's first frame. */
typedef struct
{
  guint tick;
  guint idle;
  MuEditHistory *history;          /* not owned: its document outlives the wait */
  gulong history_id;
} MusterWindowEditorWait;

struct _MusterWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;
  /* Show Hex Numbers: in the window's actions only while a hex board is
   * shown, so that its menu item hides on a table */
  GAction *coordinates;

  /* The document shown: a scenario (the editor page), a match (the match
   * page; a match played from the editor holds the scenario's document as
   * its origin, shown again when the match closes), or NULL (the start page). */
  MusterDocument *document;
  GtkWidget *editor;
  /* The editor panel waits for the board's first frame to be painted
   * (muster_window_ensure_editor); meanwhile a change of the history builds
   * it, since the editor keeps the scene on the history's scenario. */
  MusterWindowEditorWait editor_wait;
  gboolean close_after_save;
  gboolean closing_confirmed;
  MusterScene *scene;

  GtkWidget *dialog;
  GtkFileChooserNative *chooser;

  /* What waits on the shown match being saved or discarded first (opening
   * another match, New Match), see muster_window_leave_match_then. */
  MusterWindowAfterMatch after_match;

  /* Template children. */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkStack *stack;
  GtkMenuButton *primary_menu_button;
  GtkWidget *play_button;
  MusterMapView *map_view;
  GtkWidget *side_panel;
  GtkLabel *position_label;
  GtkLabel *zoom_label;
  GtkListBox *recent_list;
  GtkWidget *recent_group;
  GtkListBox *bundled_list;
  GtkWidget *bundled_group;
  GtkWidget *recovery_box;
  GtkWidget *start_page;
  GtkImage *start_icon;
};

/* The scenario's document the editor shows (the match's origin while a
 * match is shown), or NULL. */
static inline MusterDocument *
window_scenario_document (MusterWindow *self)
{
  if (self->document != NULL && muster_document_get_kind (self->document) == MUSTER_DOCUMENT_MATCH)
    return muster_document_get_origin (self->document);
  return self->document;
}

/* The match's document when a match is shown, or NULL. */
static inline MusterDocument *
window_match_document (MusterWindow *self)
{
  if (self->document != NULL && muster_document_get_kind (self->document) == MUSTER_DOCUMENT_MATCH)
    return self->document;
  return NULL;
}

/* The open scenario's parts, or NULL (FALSE) when none is open. */
static inline MuScenario *
window_scenario (MusterWindow *self)
{
  MusterDocument *document = window_scenario_document (self);

  return document ? muster_document_get_scenario (document) : NULL;
}

static inline MuEditHistory *
window_history (MusterWindow *self)
{
  MusterDocument *document = window_scenario_document (self);

  return document ? muster_document_get_history (document) : NULL;
}

static inline GFile *
window_file (MusterWindow *self)
{
  MusterDocument *document = window_scenario_document (self);

  return document ? muster_document_get_file (document) : NULL;
}

static inline gboolean
window_modified (MusterWindow *self)
{
  MusterDocument *document = window_scenario_document (self);

  return document != NULL && muster_document_get_modified (document);
}


/* Makes `scenario` (taken; NULL for none) the window's document, read from
 * `file` (NULL for a new one), and shows its page. */
void      muster_window_set_scenario  (MusterWindow *self, MuScenario *scenario, GFile *file);
/* Builds the editor panel now if it still waits for the board's first frame. */
void      muster_window_ensure_editor (MusterWindow *self);
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

/* muster-window-recovery.c */
/* Asks whether to take back the work a crash kept for the document just
 * opened from path, if there is any. */
void      muster_window_offer_recovery_for (MusterWindow *self, const char *path);

/* muster-window-open.c */
void      muster_window_add_recent      (GFile *file);
/* The folder file choosers start in next time. */
void      muster_window_remember_folder (MusterWindow *self, GFile *file);

/* muster-window-actions.c */
void      muster_window_add_actions      (MusterWindow *self);
/* TRUE when closing waits on a question (save the match, save the changes). */
gboolean  muster_window_ask_before_close (MusterWindow *self);

/* muster-window-start.c */
void      muster_window_start_page_init    (MusterWindow *self);
void      muster_window_start_page_dispose (MusterWindow *self);
void      muster_window_fill_recent        (MusterWindow *self);
/* "baa-hex · 20 × 14 hexes" (newly allocated). */
char     *muster_window_describe_scenario  (const MuScenario *scenario);
void      muster_window_file_row_activated (GtkListBox *list, GtkListBoxRow *row, MusterWindow *self);

/* muster-window-match.c */
gboolean  muster_window_match_shown         (MusterWindow *self);
/* win.undo on the shown match, as the engine's undo policy allows (a
 * refusal is told on the page); FALSE when no match is shown. */
gboolean  muster_window_match_undo          (MusterWindow *self);
/* Whether win.undo may undo the shown match now (not while replaying). */
gboolean  muster_window_match_can_undo      (MusterWindow *self);
/* The match's save (win.save or its Save As) ended, written or not: the
 * page's close question, if it waits on it, goes on. */
void      muster_window_match_saved         (MusterWindow *self, gboolean saved);
/* TRUE when the match asks to be saved first (the window closes after). */
gboolean  muster_window_match_close_request (MusterWindow *self);
/* Runs then (data freed with destroy after) once no unsaved match would be
 * lost: at once when none is shown or it is saved; else after the match
 * asks to be saved and is saved or discarded (and closed). Nothing runs
 * when the player cancels. */
void      muster_window_leave_match_then    (MusterWindow *self, MusterWindowThen then, gpointer data,
                                             GDestroyNotify destroy);
/* Drops what waits on leaving the match (nothing runs). */
void      muster_window_leave_match_cancel  (MusterWindow *self);
gboolean  muster_window_file_is_match       (GFile *file);
gboolean  muster_window_is_match_uri        (const char *uri);
gboolean  muster_window_open_match_file     (MusterWindow *self, GFile *file, GError **error);

G_END_DECLS
