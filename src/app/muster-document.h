/* muster-document.h: what a window has open (a scenario or a match), apart
 * from the window
 *
 * A scenario document owns the scenario (through its undo history); a match
 * document owns the match (its MusterGame). Either knows its file (NULL until
 * it is first saved), whether it has changes not saved, the name to show for
 * it and its autosave; a scenario's also watches its file. Windows show a
 * document's page (the editor or the match page) and follow its signals and
 * properties.
 */
#pragma once

#include <gio/gio.h>

#include "mu-edit.h"
#include "muster-editor-autosave.h"
#include "muster-game.h"
#include "muster-match-autosave.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_DOCUMENT (muster_document_get_type ())
G_DECLARE_FINAL_TYPE (MusterDocument, muster_document, MUSTER, DOCUMENT, GObject)

typedef enum {
  MUSTER_DOCUMENT_SCENARIO,
  MUSTER_DOCUMENT_MATCH,
} MusterDocumentKind;

/* Takes `scenario`; `file` (referenced) is where it was read from, or NULL
 * for a new scenario. */
MusterDocument *muster_document_new          (MuScenario *scenario, GFile *file);
/* A match: `game` (referenced) holds it, its file and its unsaved state;
 * "changed" follows the game's. */
MusterDocument *muster_document_new_match    (MusterGame *game);

MusterDocumentKind muster_document_get_kind  (MusterDocument *self);

/* A scenario's parts, owned by the document (through its history); NULL
 * for a match. */
MuScenario     *muster_document_get_scenario (MusterDocument *self);
MuEditHistory  *muster_document_get_history  (MusterDocument *self);
MusterAutosave *muster_document_get_autosave (MusterDocument *self);

/* A match's game, or NULL for a scenario. */
MusterGame     *muster_document_get_game     (MusterDocument *self);
/* A match's autosave (it follows the game, its players and its dice), or
 * NULL for a scenario or once the document is closed. */
MusterMatchAutosave *muster_document_get_match_autosave (MusterDocument *self);
/* A match played from an open scenario: that scenario's document
 * (referenced), shown again when the match closes; NULL otherwise. */
MusterDocument *muster_document_get_origin   (MusterDocument *self);
void            muster_document_set_origin   (MusterDocument *self, MusterDocument *origin);
GFile          *muster_document_get_file     (MusterDocument *self);
/* TRUE while the scenario differs from what was last saved (undo back to
 * the saved state clears it); "notify::modified" follows. */
gboolean        muster_document_get_modified (MusterDocument *self);
/* The name to show: the file's display name, "Copy of NAME" for a shipped
 * scenario opened as a copy, "Untitled Scenario", or for a match not saved
 * yet "New Match of SCENARIO-TITLE"; "notify::title". */
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

/* Writes the scenario (or the match) to `file` atomically and makes it the
 * document's file: the document is no longer modified; a scenario's
 * autosave follows the new path, a match's autosave goes. */
gboolean        muster_document_save         (MusterDocument *self, GFile *file, GError **error);
/* Keeps the version open after another program changed the file: the next
 * change on disk is reported again ("changed-on-disk"). */
void            muster_document_keep_version (MusterDocument *self);
/* The document is closed on purpose (saved or discarded): its autosave goes
 * (a match's also goes when the document is finalized). */
void            muster_document_close        (MusterDocument *self);

G_END_DECLS
