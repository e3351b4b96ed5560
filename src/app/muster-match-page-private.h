/* muster-match-page-private.h: what the match page's files share */
#pragma once

#include "muster-match-page.h"

G_BEGIN_DECLS

struct _MusterMatchPage
{
  GtkWidget parent_instance;

  MusterGame *game;
  MusterScene *scene;
  GSimpleActionGroup *actions;
  GHashTable *players;          /* side id -> MusterPlayer */
  guint pace;
  guint computer_source;
  MuDice *policy_rng;
  gboolean paused;
  gboolean dice_by_players;
  GtkWidget *dice_dialog;

  /* Replay: the bar while replaying, and the match at its step (the bar's). */
  GtkWidget *replay_slot;
  GtkWidget *replay_bar;
  MuMatch *replay_match;

  /* Selection (muster-match-board.c). */
  char *selected;
  GPtrArray *group;             /* of char*, NULL-terminated; the selected counter first */
  GArray *destinations;         /* of MuHex */
  GPtrArray *targets;           /* of char*, NULL-terminated */
  GPtrArray *actions_of_selected; /* of MuCommand*: the engine's legal commands naming it */
  MuHex hover;
  char *hint;
  GArray *last_hexes;           /* of MuHex: the last computer command's positions */

  /* Hand-over. */
  char *handover_side;          /* shown, waiting for this side's player */
  char *seen_side;              /* the person who last took the board */

  /* Widgets. */
  GtkWidget *root;
  GtkWidget *refusal_bar;
  GtkWidget *refusal_label;
  char *refusal;
  GtkWidget *inner_stack;
  MusterMapView *map_view;
  GtkWidget *handover;
  GtkWidget *handover_title;
  GtkWidget *handover_button;
  GtkWidget *tracker;           /* a box holding the MusterPhaseTracker */
  GtkWidget *pause_button;
  GtkWidget *hint_label;
  GtkWidget *other_actions;     /* the selected counter's other legal commands, as buttons */
  GtkWidget *decision_frame;
  GtkWidget *decision_label;
  GtkWidget *decision_box;
  GtkWidget *log;
  GtkWidget *result_box;

  GtkWidget *dialog;
  GtkFileChooserNative *chooser;
  gboolean close_after_save;
  gboolean close_window;         /* the window closes after the match */
};

/* muster-match-board.c: the board side of the page. */
void muster_match_board_init         (MusterMatchPage *self);
void muster_match_board_finalize     (MusterMatchPage *self);
/* Rebuilds the pieces from the engine's counters and the highlights. */
void muster_match_board_update       (MusterMatchPage *self);
/* After a command: the selection's lists are read again from the engine. */
void muster_match_board_refresh      (MusterMatchPage *self);
void muster_match_board_show_command (MusterMatchPage *self, const MuCommand *command);
/* The match the board shows: the replay's step while replaying, else the game's. */
MuMatch    *muster_match_page_shown_match (MusterMatchPage *self);
/* A side's display name ("Union"), or its id. */
const char *muster_match_page_side_name (MusterMatchPage *self, const char *side);

/* Shows text in the refusal bar (until the game changes). */
void muster_match_page_show_refusal   (MusterMatchPage *self, const char *text);

/* muster-match-players.c: people, the hand-over and the computer players. */
/* Covers the board when the side to act is another person's. */
void       muster_match_players_check_handover (MusterMatchPage *self);
/* A computer player's next command after the page's pace, when it is to act. */
void       muster_match_players_schedule       (MusterMatchPage *self);
GtkWidget *muster_match_players_build_handover (MusterMatchPage *self);

G_END_DECLS
