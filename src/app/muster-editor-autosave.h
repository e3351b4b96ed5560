/* muster-editor-autosave.h: never lose a minute's work
 *
 * A minute after the first unsaved change (and each minute of unsaved work
 * after that) the scenario is written to $XDG_CACHE_HOME/muster/autosave/
 * as KEY.muster, with KEY.info naming the document it belongs to. KEY is a
 * hash of the document's path, or a per-window id for a new scenario. The
 * files go away when the work is saved, undone back to the saved state or
 * deliberately discarded; what a crash leaves behind is offered again when the
 * document is next opened.
 */
#pragma once

#include <glib-object.h>

#include "mu-edit.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_AUTOSAVE (muster_autosave_get_type ())
G_DECLARE_FINAL_TYPE (MusterAutosave, muster_autosave, MUSTER, AUTOSAVE, GObject)

/* original: the document's path, or NULL for a new scenario. */
MusterAutosave *muster_autosave_new          (MuEditHistory *history, const char *original);
/* After Save As: the autosave follows the document's new path. */
void            muster_autosave_set_original (MusterAutosave *self, const char *original);
/* Seconds of unsaved work between autosaves (default 60). */
void            muster_autosave_set_interval (MusterAutosave *self, guint seconds);
/* Writes now when there is unsaved work; TRUE when a file was written. */
gboolean        muster_autosave_save_now     (MusterAutosave *self, GError **error);
/* Removes the autosave files (the work was saved or thrown away). */
void            muster_autosave_discard      (MusterAutosave *self);
/* Where this document's autosave goes (newly allocated). */
char           *muster_autosave_get_path     (MusterAutosave *self);

/* The autosave left for the document at `original` when it is newer than the
 * document itself, or NULL (newly allocated path). */
char           *muster_autosave_find         (const char *original);
/* Removes an autosave file and its .info. */
void            muster_autosave_remove       (const char *autosave_path);

G_END_DECLS
