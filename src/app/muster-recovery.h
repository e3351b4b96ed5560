/* muster-recovery.h: the work a crash left in the autosave folder
 *
 * One list of both kinds of leftover: scenarios with unsaved changes
 * (muster-editor-autosave.h) and matches with unsaved commands
 * (muster-match-autosave.h). This object only finds, describes, reads and
 * discards them; the window offers them, on its start page and when their
 * document is opened again (muster-window-recovery.c).
 */
#pragma once

#include <glib-object.h>

#include "mu-scenario.h"
#include "muster-match-autosave.h"

G_BEGIN_DECLS

typedef enum {
  MUSTER_LEFTOVER_SCENARIO,
  MUSTER_LEFTOVER_MATCH,
} MusterLeftoverKind;

/* One piece of kept work (reference counted, read only). */
typedef struct {
  MusterLeftoverKind kind;
  char *path;                   /* the file in the autosave folder */
  char *original;               /* the document's own file, or NULL when never saved */
  gint64 time;                  /* when it was written (seconds since the epoch) */
  MusterMatchLeftover *match;   /* a match's title, players and dice; NULL for a scenario */
} MusterLeftover;

MusterLeftover *muster_leftover_ref           (MusterLeftover *leftover);
void            muster_leftover_unref         (MusterLeftover *leftover);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterLeftover, muster_leftover_unref)
/* The start page's sentence about it (newly allocated). */
char           *muster_leftover_describe      (const MusterLeftover *leftover);
/* When it was kept, as the window says it, or "time unknown" (newly allocated). */
char           *muster_leftover_format_time   (const MusterLeftover *leftover);
/* A scenario leftover's content (newly allocated), or NULL and error. */
MuScenario     *muster_leftover_load_scenario (const MusterLeftover *leftover, GError **error);
/* Removes its files: the work was recovered or thrown away. */
void            muster_leftover_discard       (const MusterLeftover *leftover);

#define MUSTER_TYPE_RECOVERY (muster_recovery_get_type ())
G_DECLARE_FINAL_TYPE (MusterRecovery, muster_recovery, MUSTER, RECOVERY, GObject)

/* Reads the autosave folder: the matches, then the scenarios, each newest
 * first; a scenario kept for a file only when opening that file would
 * offer it too (it is newer than the file). */
MusterRecovery *muster_recovery_new             (void);
guint           muster_recovery_get_n_leftovers (MusterRecovery *self);
/* The i-th leftover (owned by self). */
MusterLeftover *muster_recovery_get_leftover    (MusterRecovery *self, guint i);
/* The leftover to offer when the document at `original` (a scenario or a
 * saved match) is opened: newer than the file itself, or NULL (a new
 * reference). */
MusterLeftover *muster_recovery_find_for        (const char *original);

G_END_DECLS
