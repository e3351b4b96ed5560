/* muster-scene-editor.c: a scenario's board, computed by the scene
 *
 * The scene listens to the scenario's edit history ("changed": an edit,
 * an undo or a redo) and takes the pieces again from the scenario's
 * placements as the engine lays them out (mu_render_pieces_from_scenario);
 * the editor tells it only what is selected and what a tool marks.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-scene-private.h"

/* The pieces of the scenario's placements, laid out by the engine. */
static void
take_scenario_pieces (MusterScene *self)
{
  GArray *views = NULL;
  GArray *pieces = self->scenario != NULL ? mu_render_pieces_from_scenario (self->scenario, &views) : NULL;

  if (pieces == NULL)
    pieces = g_array_new (FALSE, TRUE, sizeof (MuPiece));
  muster_scene_take_pieces (self, pieces, views);
}

static void
on_history_changed (MuEditHistory *history,
                    MusterScene   *self)
{
  muster_scene_freeze (self);
  /* undo may have swapped the model: the history holds the one to show */
  self->scenario = mu_edit_history_get_scenario (history);
  take_scenario_pieces (self);
  if (self->selected_piece >= (int) self->pieces->len)
    self->selected_piece = -1;
  /* the board itself may have changed with any edit */
  muster_scene_emit (self, MUSTER_SCENE_TERRAIN | MUSTER_SCENE_PIECES);
  muster_scene_thaw (self);
}

void
muster_scene_editor_detach (MusterScene *self)
{
  if (self->history != NULL)
    g_clear_signal_handler (&self->history_id, self->history);
  g_clear_object (&self->history);
}

void
muster_scene_set_history (MusterScene   *self,
                          MuEditHistory *history)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));
  g_return_if_fail (history == NULL || MU_IS_EDIT_HISTORY (history));

  muster_scene_freeze (self);
  muster_scene_clear (self);
  if (history != NULL)
    {
      self->history = g_object_ref (history);
      self->history_id = g_signal_connect (history, "changed", G_CALLBACK (on_history_changed), self);
      self->scenario = mu_edit_history_get_scenario (history);
      take_scenario_pieces (self);
    }
  muster_scene_emit (self, MUSTER_SCENE_TERRAIN | MUSTER_SCENE_PIECES);
  muster_scene_thaw (self);
}

MuEditHistory *
muster_scene_get_history (MusterScene *self)
{
  g_return_val_if_fail (MUSTER_IS_SCENE (self), NULL);
  return self->history;
}

void
muster_scene_set_scenario (MusterScene      *self,
                           const MuScenario *scenario)
{
  g_return_if_fail (MUSTER_IS_SCENE (self));

  muster_scene_freeze (self);
  muster_scene_clear (self);
  self->scenario = scenario;
  take_scenario_pieces (self);
  muster_scene_emit (self, MUSTER_SCENE_TERRAIN | MUSTER_SCENE_PIECES);
  muster_scene_thaw (self);
}
