/* muster-scene-private.h: what the scene's files share
 *
 * muster-scene.c keeps what the board shows and reports its changes;
 * muster-scene-match.c computes a match's pieces and marks from the
 * engine; muster-scene-editor.c follows a scenario's edit history.
 */
#pragma once

#include "muster-scene.h"

G_BEGIN_DECLS

/* What the scene shows of a match: the model it listens to and what the
 * page told it (muster-scene-match.c). */
typedef struct {
  MusterGame *game;             /* referenced */
  gulong changed_id;
  MuMatch *shown;               /* a replay's step (the replay bar's), or NULL: the game's */
  char *viewer;                 /* the side looking (TAB-19), NULL: everything */
  char *selected;               /* the selected counter's id */
  GPtrArray *group;             /* of char*: counters grouped with it */
  GArray *last_hexes;           /* of MuHex: a command's positions, marked */
  GArray *moves;                /* of MuPos: the engine's legal moves of the selected counter */
  GPtrArray *targets;           /* of char*, NULL-terminated: the counters it may attack */
  GArray *highlights;           /* of MuHexHighlight: computed */
} SceneMatch;

struct _MusterScene
{
  GObject parent_instance;

  const MuScenario *scenario;
  MuEditHistory *history;       /* the editor's document, or NULL (muster-scene-editor.c) */
  gulong history_id;
  SceneMatch *match;            /* a match's, or NULL */
  guint frozen;                 /* changes wait for the thaw */
  guint pending;                /* MusterSceneChange flags waiting */
  GArray *pieces;               /* of MuPiece */
  GArray *views;                /* of MuCounterView: what the pieces point into, or NULL */
  GArray *highlights;           /* of MuHexHighlight: computed, then marks, then the selected hex */
  GArray *marks;                /* of MuHexHighlight: a tool's, as it works */
  int selected_piece;
  MuHex selected_hex;
  GArray *outline;              /* of MuPoint */
  guint outline_flags;          /* MusterOutlineFlags */
  gboolean handle_on;
  MuPoint handle_from, handle_knob;
  MusterTrace trace;            /* points and label owned below */
  GArray *trace_points;         /* of MuPoint */
  char *trace_label;
  GArray *spots;                /* of MuPoint */
  MuRegion *area;               /* board pixels, or NULL */
  GArray *range;                /* of MuPoint: the command radius's boundary, in pairs */
  char *range_label;
  GArray *discs;                /* of MusterDisc, kinds in disc_kinds */
  GPtrArray *disc_kinds;        /* of char*, owned */
  GArray *arc;                  /* of MuPoint: the selected unit's front arc, in pairs */
  char *arc_label;
};

/* muster-scene.c */
void     muster_scene_emit            (MusterScene *self, guint what);
/* Changes between freeze and thaw are reported once, at the thaw. */
void     muster_scene_freeze          (MusterScene *self);
void     muster_scene_thaw            (MusterScene *self);
/* Takes pieces (of MuPiece) and the views they point into; reports a
 * change only when they differ from those shown. */
void     muster_scene_take_pieces     (MusterScene *self, GArray *pieces, GArray *views);
/* The highlights again from the computed ones, the marks and the
 * selected hex; reports a change when they differ. */
void     muster_scene_sync_highlights (MusterScene *self);
/* Forgets the pieces, marks and selection (a new model). */
void     muster_scene_clear           (MusterScene *self);

/* muster-scene-match.c */
void     muster_scene_match_free      (SceneMatch *match);
/* The selected counter's index among the pieces, or -1. */
int      muster_scene_match_selected_index (MusterScene *self);

/* muster-scene-editor.c */
void     muster_scene_editor_detach   (MusterScene *self);

G_END_DECLS
