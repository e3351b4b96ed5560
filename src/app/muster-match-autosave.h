/* muster-match-autosave.h: a crash never loses a match
 *
 * After every command of a match with unsaved commands (a decision answer,
 * dice entered at the table and an undo count as commands here), as soon as
 * the window has handled it, the match is written to $XDG_CACHE_HOME/muster/autosave/match-KEY.muster-game, the
 * engine's saved-match format, atomically (a temporary file renamed into
 * place), with match-KEY.match-info telling the match's own file, its
 * scenario's title, who plays each side and how the dice are rolled. Saving
 * the match or closing it removes both files; what a crash leaves behind is
 * listed with the scenarios' (muster-recovery.h) and offered on the start
 * page to resume or discard, and when the match's own file is opened again
 * (muster-window-recovery.c).
 */
#pragma once

#include <glib-object.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_MATCH_AUTOSAVE (muster_match_autosave_get_type ())
G_DECLARE_FINAL_TYPE (MusterMatchAutosave, muster_match_autosave, MUSTER, MATCH_AUTOSAVE, GObject)

/* Follows game (its commands, its players and its dice mode). Disposing
 * of the autosave removes its files: the match was closed. */
MusterMatchAutosave *muster_match_autosave_new      (MusterGame *game);
/* Writes now when the match has unsaved commands; TRUE when written. */
gboolean             muster_match_autosave_save_now (MusterMatchAutosave *self, GError **error);
/* Removes the autosave files (the match was saved or closed). */
void                 muster_match_autosave_discard  (MusterMatchAutosave *self);
/* Where this match's autosave goes (newly allocated). */
char                *muster_match_autosave_get_path (MusterMatchAutosave *self);

/* A match a crash left behind. */
typedef struct {
  char *path;                /* the .muster-game in the autosave folder */
  char *original;            /* the match's own file, or NULL when never saved */
  char *title;               /* its scenario's title, or NULL */
  gint64 time;               /* when it was written (seconds since the epoch) */
  char **computer;           /* the sides the computer played (NULL-terminated) */
  gboolean dice_by_players;
} MusterMatchLeftover;

void       muster_match_leftover_free        (MusterMatchLeftover *leftover);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterMatchLeftover, muster_match_leftover_free)
/* The matches left in the autosave folder, newest first (of
 * MusterMatchLeftover*, freed with the array). */
GPtrArray *muster_match_autosave_find_leftovers (void);
/* The newest match left for the saved match at `original` that is newer
 * than the file itself, or NULL: what opening that file offers back. */
MusterMatchLeftover *muster_match_autosave_find_for (const char *original);
/* Removes a left match's files (path as in MusterMatchLeftover). */
void       muster_match_autosave_remove      (const char *path);

G_END_DECLS
