/* muster-game.h: a match as the window sees it
 *
 * MusterGame wraps the engine's MuMatch for the match page, the phase
 * tracker, the log and the board scene: they read the match through it and
 * listen to its signals; none of them calls a ruleset's functions, and none
 * decides what the rules allow (the engine's dry-run check and legal-move
 * lists do).
 *
 * Signals:
 *   "events-added" (guint first, guint n): events [first, first + n) of
 *       mu_match_get_events() were appended by a command.
 *   "reset" (): the event log was rebuilt (undo, replay position): views
 *       that keep a copy of the log read it again from the start.
 *   "changed" (): the position, the counters, the objectives or the
 *       pending decision may have changed; emitted after every successful
 *       command, undo or reset, after "events-added".
 *   "refused" (const char *reason, const char *rule): a command was
 *       refused ("REASON (RULE-ID)", the rule id or NULL); nothing changed.
 *   "saving" (): the match is about to be written (saved or autosaved):
 *       the board stores what the file keeps of it (its view,
 *       muster_game_set_view).
 *
 * The game also knows who plays each side (a person or the computer) and
 * whether the players roll the dice at the table: the match page plays
 * and asks for dice by them, and the autosave keeps them for recovery.
 *
 * Properties (read-only, notify on change): "can-undo" (gboolean),
 * "over" (gboolean), "awaited-side" (string or NULL), "modified" (gboolean:
 * commands since the last save or load), "file" (GFile or NULL).
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-match.h"

G_BEGIN_DECLS

typedef enum {
  MUSTER_PLAYER_PERSON,
  MUSTER_PLAYER_COMPUTER,
} MusterPlayer;

#define MUSTER_TYPE_GAME (muster_game_get_type ())
G_DECLARE_FINAL_TYPE (MusterGame, muster_game, MUSTER, GAME, GObject)

/* Takes ownership of match. */
MusterGame       *muster_game_new               (MuMatch *match);
/* A new match of the scenario (copied) with the seed; NULL with the
 * engine's error when the ruleset cannot play it. */
MusterGame       *muster_game_new_for_scenario  (const MuScenario *scenario, guint64 seed,
                                                 GError **error);

/* The match, for reading only: changing it behind the game's back leaves
 * the views stale. */
MuMatch          *muster_game_get_match         (MusterGame *self);
const MuScenario *muster_game_get_scenario      (MusterGame *self);
const MuRuleset  *muster_game_get_ruleset       (MusterGame *self);

/* Applies a command (or a parsed line). On refusal emits "refused" and
 * returns FALSE with the engine's error; nothing changes. */
gboolean          muster_game_apply             (MusterGame *self, const MuCommand *command,
                                                 GError **error);
gboolean          muster_game_apply_line        (MusterGame *self, const char *line,
                                                 GError **error);
/* Dice rolled at the table, used by the next rolls (mu_match_enter_dice). */
gboolean          muster_game_enter_dice        (MusterGame *self, const int *faces, guint n,
                                                 GError **error);
/* As the engine's undo policy allows; FALSE with its reason. */
gboolean          muster_game_undo              (MusterGame *self, GError **error);
/* Whether undo is possible now; when not, *why (may be NULL) receives the
 * reason (g_free). */
gboolean          muster_game_can_undo          (MusterGame *self, char **why);

/* The engine's dry run of a command (mu_match_check). */
gboolean          muster_game_check             (MusterGame *self, const MuCommand *command,
                                                 MuCheck *check);

void              muster_game_get_position      (MusterGame *self, MuPosition *position);
const MuDecision *muster_game_get_pending       (MusterGame *self);
const char       *muster_game_get_awaited_side  (MusterGame *self);
gboolean          muster_game_is_over           (MusterGame *self);

/* The file the match was loaded from or saved to, or NULL. */
GFile            *muster_game_get_file          (MusterGame *self);
void              muster_game_set_file          (MusterGame *self, GFile *file);
gboolean          muster_game_get_modified      (MusterGame *self);
/* A match resumed from its autosave has commands no file holds. */
void              muster_game_set_modified      (MusterGame *self, gboolean modified);
/* Saves atomically to file (the engine's saved-match format) and makes it
 * the game's file; clears "modified". */
gboolean          muster_game_save              (MusterGame *self, GFile *file, GError **error);

/* Emits "saving": for a writer of the match other than muster_game_save
 * (the autosave). */
void              muster_game_prepare_save      (MusterGame *self);
/* The view a saved match keeps for the board (mu_match_set_view; NULL:
 * none); not a change of the match. */
void              muster_game_set_view          (MusterGame *self, const MuMatchView *view);

/* Who plays a side (every side is a person until told otherwise). */
void              muster_game_set_player        (MusterGame *self, const char *side, MusterPlayer player);
MusterPlayer      muster_game_get_player        (MusterGame *self, const char *side);
/* TRUE when the computer plays any side. */
gboolean          muster_game_has_computer      (MusterGame *self);
/* Dice rolled at the table and entered by the players (else the
 * match's generator rolls them). */
void              muster_game_set_dice_by_players (MusterGame *self, gboolean by_players);
gboolean          muster_game_get_dice_by_players (MusterGame *self);

G_END_DECLS
