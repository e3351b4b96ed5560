/* muster-match-page-private.h: what the match page's files share */
#pragma once

#include "muster-decision-card.h"
#include "muster-facing-card.h"
#include "muster-orders-cards.h"
#include "muster-handover-screen.h"
#include "muster-match-page.h"

G_BEGIN_DECLS

/* Replay: the bar while replaying, and the match at its step (the bar's). */
typedef struct {
  GtkWidget *slot;
  GtkWidget *bar;
  MuMatch *match;
} MatchReplay;

/* The computer players (muster-match-players.c): their pace, the next
 * move's timeout, their own dice, and whether Pause holds them. */
typedef struct {
  guint pace;                   /* milliseconds between their commands */
  guint source;
  MuDice *rng;
  gboolean paused;
} MatchComputer;

/* The selected counter and what the engine allows it (muster-match-board.c). */
typedef struct {
  char *id;
  GPtrArray *group;             /* of char*, NULL-terminated; the selected counter first */
  GArray *destinations;         /* of MuHex */
  GPtrArray *targets;           /* of char*, NULL-terminated */
  GPtrArray *commands;          /* of MuCommand*: the engine's legal commands naming it */
  GArray *table_moves;          /* of MuPos: tables: the selected unit's listed destinations */
  char *armed;                  /* a target clicked once: its attack's path shown, a second click plays it */
} MatchSelection;

/* The pointer over the board and a drag of the selected counter
 * (muster-match-input.c). */
typedef struct {
  MuHex hover;
  MuPos hover_pos;              /* tables: the point last hovered */
  gboolean drag_on;             /* a drag of the selected counter is under way */
  char *drag_select;            /* the acting side's counter the drag began on, not yet
                                 * selected: selected once the press becomes a drag */
  double drag_x, drag_y;        /* where it started, widget pixels */
} MatchPointer;

/* The hand-over between two people at one screen (muster-match-players.c):
 * the screen that covers the board, and whom it waits for. */
typedef struct {
  MusterHandoverScreen *screen; /* with the fire and melee since the last hand-over, with dice */
  char *side;                   /* shown, waiting for this side's player */
  char *seen_side;              /* the person who last took the board */
  guint seen_events;            /* how many events the match had when they took it */
  char *restore_selected;       /* a saved selection, made once the board is taken */
} MatchHandover;

/* The bar over the board that tells why the last command was refused. */
typedef struct {
  GtkWidget *bar;
  GtkWidget *label;
  char *text;
} MatchRefusal;

/* muster-match-orders.c: the secret orders, a reaction window, a missing
 * table's dialog. */
typedef struct {
  MusterOrdersCards *cards;     /* the Secret Orders and Reaction cards */
  GtkWidget *table_dialog;
  char *table_asked;            /* the decision the dialog was shown for */
  char *pending_order;          /* a drop-down's line, played from idle */
  guint idle;
} MatchOrders;

/* Closing the match (muster-match-save.c). */
typedef struct {
  gboolean after_save;          /* the close question waits on win.save */
  gboolean then_window;         /* the window closes after the match */
} MatchClosing;

/* The sidebar's own widgets (from the page's template); its cards have
 * structs of their own. */
typedef struct {
  GtkWidget *tracker;           /* a box holding the MusterPhaseTracker */
  GtkWidget *pause_button;
  GtkWidget *hint_label;
  GtkWidget *listed_actions;    /* the step's listed commands (melee pairs), as buttons */
  GtkWidget *other_actions;     /* the selected counter's other legal commands, as buttons */
  GtkWidget *log;               /* a box holding the MusterMatchLog */
  GtkWidget *log_cover;         /* a stack: the log, or "covered" under the hand-over screen */
} MatchSidebar;

struct _MusterMatchPage
{
  GtkWidget parent_instance;

  MusterGame *game;
  MusterScene *scene;
  MatchComputer computer;
  GtkWidget *dice_dialog;

  MatchReplay replay;

  /* The board (muster-match-board.c, muster-match-input.c). */
  MatchSelection selection;
  GPtrArray *listed;            /* of MuCommand*: the legal commands of MU_VERB_LISTED verbs */
  MatchPointer pointer;
  char *hint;
  char *sight_text;             /* the last line-of-sight answer, for people */

  MatchHandover handover;

  /* Widgets. */
  GtkWidget *root;
  MatchRefusal refusal;
  GtkWidget *inner_stack;
  MusterMapView *map_view;
  MatchSidebar sidebar;
  MusterFacingCard *facing;     /* any facing for the selected counter's commands that turn it */
  MusterDecisionCard *decision; /* the pending decision's question and answers */
  MatchOrders orders;
  char *viewer;                 /* whom the board and the log show (TAB-19) */
  GtkWidget *result_box;

  GtkWidget *dialog;
  MatchClosing closing;
};

/* muster-match-board.c: the board side of the page. */
void muster_match_board_init         (MusterMatchPage *self);
void muster_match_board_finalize     (MusterMatchPage *self);
/* After a command: the selection's lists are read again from the engine. */
void muster_match_board_refresh      (MusterMatchPage *self);
/* Marks the positions the command names (the computer's, before it plays). */
void muster_match_board_show_command (MusterMatchPage *self, const MuCommand *command);
/* What the board's files share (muster-match-board.c). */
const MuCounterView *muster_match_board_find_view      (MusterMatchPage *self, const char *id);

/* Any facing for the selected counter's commands that turn it (muster-match-facing.c). */
void       muster_match_facing_init   (MusterMatchPage *self);
void       muster_match_facing_update (MusterMatchPage *self);
void                 muster_match_board_set_hint       (MusterMatchPage *self, char *hint);
/* A legal move's cost for people: "cost 2 of 4", on a table "cost 7.90 of
 * 8.00 in"; NULL when the check gives none. */
char                *muster_match_board_cost_text      (const MuCheck *check);
gboolean             muster_match_board_is_destination (MusterMatchPage *self, MuHex hex);
/* The selected counter's listed move ending in hex, its listed attack on
 * target, the first target it may attack at hex (NULL when none). */
const MuCommand     *muster_match_board_move_to        (MusterMatchPage *self, MuHex hex);
const MuCommand     *muster_match_board_attack_on      (MusterMatchPage *self, const char *target);
const char          *muster_match_board_target_at      (MusterMatchPage *self, MuHex hex);
/* The command as the engine says it for people, with names, in the
 * person's language (newly allocated). */
char                *muster_match_board_describe       (MusterMatchPage *self, const MuCommand *command);

/* muster-match-input.c: traces, drag and drop, the keyboard's cursor, tables. */
void muster_match_input_init         (MusterMatchPage *self);
/* The trace for the position under the pointer or the cursor: the path of
 * `move` (its cost in label) when it is given, else the selected counter's
 * line of sight to pos; nothing without a selection. */
void muster_match_input_trace        (MusterMatchPage *self, const MuPos *pos, const MuCommand *move,
                                      const char *label);
/* The path to contact of `attack` (mu_match_attack_path) as the trace,
 * labelled with its length; FALSE, the trace untouched, when the engine
 * tells none (the attack does not move into contact). */
gboolean muster_match_input_attack_trace (MusterMatchPage *self, const MuCommand *attack);
/* Tab and Shift+Tab (step 1, -1): the cursor to the next or previous
 * counter of the side to act; FALSE past the last one, for the focus to
 * leave the board as usual. */
gboolean muster_match_input_tab      (MusterMatchPage *self, int step);
/* muster-match-page.c: closing is done ("closed", then_window as asked), or
 * was cancelled ("close-cancelled": nothing closes). */
void     muster_match_page_finish_close (MusterMatchPage *self);
void     muster_match_page_cancel_close (MusterMatchPage *self);

/* muster-match-save.c */
/* Keeps the board's view in the match whenever it is written. */
void     muster_match_save_init         (MusterMatchPage *self);


/* The match the board shows: the replay's step while replaying, else the game's. */
MuMatch    *muster_match_page_shown_match (MusterMatchPage *self);
/* A side's display name ("Union"), or its id. */
const char *muster_match_page_side_name (MusterMatchPage *self, const char *side);
/* A counter's scenario name, else its id. */
const char *muster_match_board_counter_name (MusterMatchPage *self, const char *id);

/* Enables the page's actions for the state of the game and of the board
 * (covered by the hand-over screen, replaying). */
void muster_match_page_update_actions (MusterMatchPage *self);

/* muster-match-players.c: people, the hand-over and the computer players. */
/* Covers the board when the side to act is another person's. */
void       muster_match_players_check_handover (MusterMatchPage *self);
/* A computer player's next command after the page's pace, when it is to act. */
void       muster_match_players_schedule       (MusterMatchPage *self);
/* The side the board and the log are shown to (TAB-19): the person who
 * has the board when two people play, the person's side against the
 * computer, NULL (everything) when nobody or the game is over. */
const char *muster_match_players_viewer        (MusterMatchPage *self);
/* Whether side is a person's who has the board now (when two people
 * play, the one who took it from the hand-over screen). */
gboolean   muster_match_players_has_board      (MusterMatchPage *self, const char *side);
/* Shows the board and the log to the viewer now. */
void       muster_match_players_update_viewer  (MusterMatchPage *self);

/* muster-match-orders.c: the secret orders, a reaction window's question
 * and a missing table's dialog, following the game and the hand-over. */
void       muster_match_orders_update          (MusterMatchPage *self);
void       muster_match_orders_dispose         (MusterMatchPage *self);

G_END_DECLS
