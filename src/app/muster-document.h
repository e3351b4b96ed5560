/* muster-document.h: the scenario a window has open, apart from the window
 *
 * A document owns the scenario (through its undo history), knows its file
 * (NULL until it is first saved), whether it has changes not saved, the name
 * to show for it, the watch on its file and its autosave. Windows show a
 * document's page and follow its signals and properties.
 */
#pragma once

#include <gio/gio.h>

#include "mu-edit.h"
#include "muster-editor-autosave.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_DOCUMENT (muster_document_get_type ())
G_DECLARE_FINAL_TYPE (MusterDocument, muster_document, MUSTER, DOCUMENT, GObject)

/* Takes `scenario`; `file` (referenced) is where it was read from, or NULL
 * for a new scenario. */
MusterDocument *muster_document_new          (MuScenario *scenario, GFile *file);

/* Owned by the document (through its history). */
MuScenario     *muster_document_get_scenario (MusterDocument *self);
MuEditHistory  *muster_document_get_history  (MusterDocument *self);
MusterAutosave *muster_document_get_autosave (MusterDocument *self);
GFile          *muster_document_get_file     (MusterDocument *self);
/* TRUE while the scenario differs from what was last saved (undo back to
 * the saved state clears it); "notify::modified" follows. */
gboolean        muster_document_get_modified (MusterDocument *self);
/* The name to show: the file's display name, "Copy of NAME" for a shipped
 * scenario opened as a copy, or "Untitled Scenario"; "notify::title". */
const char     *muster_document_get_title    (MusterDocument *self);

/* A shipped scenario opened as an unsaved copy: its file name, which Save
 * As proposes; NULL otherwise. */
const char     *muster_document_get_copy_of  (MusterDocument *self);
void            muster_document_set_copy_of  (MusterDocument *self, const char *name);

/* A change the history's operations do not cover: begin_edit records the
 * scenario for undo and returns it to change; end_edit makes the step
 * (named label) if anything changed. One at a time. */
MuScenario     *muster_document_begin_edit   (MusterDocument *self, const char *label);
void            muster_document_end_edit     (MusterDocument *self);

/* Writes the scenario to `file` atomically and makes it the document's file:
 * the document is no longer modified and its autosave follows the new path. */
gboolean        muster_document_save         (MusterDocument *self, GFile *file, GError **error);
/* Keeps the version open after another program changed the file: the next
 * change on disk is reported again ("changed-on-disk"). */
void            muster_document_keep_version (MusterDocument *self);
/* The document is closed on purpose (saved or discarded): its autosave goes. */
void            muster_document_close        (MusterDocument *self);

G_END_DECLS
