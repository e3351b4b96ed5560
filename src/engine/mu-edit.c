#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>

/* One undo or redo step: the name it has in the menu and what differs on the
 * other side of the step (mu-edit-step.c). Undo and redo exchange it with the
 * live model. */
typedef struct {
  char *label;
  char *detail;
  MuEditDelta *delta;
} Step;

struct _MuEditHistory {
  GObject parent_instance;

  MuScenario *scenario;
  GPtrArray *undo;          /* of Step*, oldest first */
  GPtrArray *redo;          /* of Step*, next redo last */
  int clean_index;          /* undo->len at the saved state; -1 = unreachable */
  guint max_steps;

  /* The board as at the end of the last step, to find what a step changed. */
  MuEditShadow *shadow;

  /* The step being built: what it needs from before its first change. */
  int group_depth;
  char *group_label;
  MuEditPending *pending;
  char *pending_label;
  GString *pending_detail;
  gboolean op_touched;
};

G_DEFINE_FINAL_TYPE (MuEditHistory, mu_edit_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_CLEAN,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
step_free (Step *step)
{
  g_free (step->label);
  g_free (step->detail);
  mu_edit_delta_free (step->delta);
  g_free (step);
}

static void
notify_all (MuEditHistory *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 1; i < N_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
mu_edit_history_finalize (GObject *object)
{
  MuEditHistory *self = MU_EDIT_HISTORY (object);

  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_free (self->group_label);
  g_clear_pointer (&self->pending, mu_edit_pending_free);
  g_free (self->pending_label);
  if (self->pending_detail)
    g_string_free (self->pending_detail, TRUE);
  mu_edit_shadow_free (self->shadow);
  mu_scenario_free (self->scenario);

  G_OBJECT_CLASS (mu_edit_history_parent_class)->finalize (object);
}

static void
mu_edit_history_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MuEditHistory *self = MU_EDIT_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, mu_edit_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, mu_edit_history_can_redo (self));
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, mu_edit_history_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, mu_edit_history_get_redo_label (self));
      break;
    case PROP_CLEAN:
      g_value_set_boolean (value, mu_edit_history_is_clean (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mu_edit_history_class_init (MuEditHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mu_edit_history_finalize;
  object_class->get_property = mu_edit_history_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLEAN] =
    g_param_spec_boolean ("clean", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after every change of the model: an edit, an undo, a redo. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mu_edit_history_init (MuEditHistory *self)
{
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  self->max_steps = 500;
  self->shadow = mu_edit_shadow_new ();
}

MuEditHistory *
mu_edit_history_new (MuScenario *scenario)
{
  MuEditHistory *self;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (MU_TYPE_EDIT_HISTORY, NULL);
  self->scenario = scenario;
  return self;
}

MuScenario *
mu_edit_history_get_scenario (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), NULL);
  return self->scenario;
}

gboolean
mu_edit_history_can_undo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), FALSE);
  return self->undo->len > 0 && self->group_depth == 0;
}

gboolean
mu_edit_history_can_redo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), FALSE);
  return self->redo->len > 0 && self->group_depth == 0;
}

static Step *
top (GPtrArray *stack)
{
  return stack->len ? g_ptr_array_index (stack, stack->len - 1) : NULL;
}

const char *
mu_edit_history_get_undo_label (MuEditHistory *self)
{
  Step *step;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), NULL);
  step = top (self->undo);
  return step ? step->label : NULL;
}

const char *
mu_edit_history_get_redo_label (MuEditHistory *self)
{
  Step *step;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), NULL);
  step = top (self->redo);
  return step ? step->label : NULL;
}

const char *
mu_edit_history_get_undo_detail (MuEditHistory *self)
{
  Step *step;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), NULL);
  step = top (self->undo);
  return step ? step->detail : NULL;
}

guint
mu_edit_history_get_n_undo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), 0);
  return self->undo->len;
}

guint
mu_edit_history_get_n_redo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), 0);
  return self->redo->len;
}

/* Move the top step of `from` to `to`, exchanging what it changed with the model. */
static gboolean
travel (MuEditHistory *self,
        GPtrArray     *from,
        GPtrArray     *to)
{
  Step *step;

  g_return_val_if_fail (self->group_depth == 0, FALSE);
  if (from->len == 0)
    return FALSE;

  step = g_ptr_array_steal_index (from, from->len - 1);
  mu_edit_delta_apply (step->delta, self->scenario, self->shadow);
  g_ptr_array_add (to, step);

  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  notify_all (self);
  return TRUE;
}

gboolean
mu_edit_history_undo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), FALSE);
  return travel (self, self->undo, self->redo);
}

gboolean
mu_edit_history_redo (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), FALSE);
  return travel (self, self->redo, self->undo);
}

static void
clear_pending (MuEditHistory *self)
{
  g_clear_pointer (&self->pending, mu_edit_pending_free);
  g_clear_pointer (&self->pending_label, g_free);
  if (self->pending_detail)
    g_string_free (self->pending_detail, TRUE);
  self->pending_detail = NULL;
}

/* Turn the pending step into an undo step; a step that ends where it began
 * (a stroke that raises then lowers) is none. */
static void
finish_pending (MuEditHistory *self)
{
  MuEditDelta *delta;
  Step *step;

  if (self->pending == NULL)
    return;

  delta = mu_edit_pending_finish (g_steal_pointer (&self->pending), self->scenario, self->shadow);
  if (delta == NULL)
    {
      clear_pending (self);
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      notify_all (self);
      return;
    }

  step = g_new0 (Step, 1);
  step->label = g_steal_pointer (&self->pending_label);
  step->delta = delta;
  if (self->pending_detail)
    step->detail = g_string_free (g_steal_pointer (&self->pending_detail), FALSE);

  if (self->clean_index > (int) self->undo->len)
    self->clean_index = -1;           /* the saved state was in the redo branch */
  g_ptr_array_set_size (self->redo, 0);
  g_ptr_array_add (self->undo, step);

  while (self->undo->len > self->max_steps)
    {
      g_ptr_array_remove_index (self->undo, 0);
      self->clean_index = self->clean_index > 0 ? self->clean_index - 1 : -1;
    }

  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  notify_all (self);
}

void
mu_edit_history_begin_group (MuEditHistory *self,
                             const char    *label)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));

  if (self->group_depth++ == 0)
    {
      g_free (self->group_label);
      self->group_label = g_strdup (label);
      notify_all (self);
    }
}

void
mu_edit_history_end_group (MuEditHistory *self)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth > 0)
    return;
  g_clear_pointer (&self->group_label, g_free);
  if (self->pending)
    finish_pending (self);
  else
    notify_all (self);
}

gboolean
mu_edit_history_in_group (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), FALSE);
  return self->group_depth > 0;
}

void
mu_edit_history_mark_clean (MuEditHistory *self)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));

  self->clean_index = self->undo->len;
  notify_all (self);
}

gboolean
mu_edit_history_is_clean (MuEditHistory *self)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), TRUE);
  return self->pending == NULL && self->clean_index == (int) self->undo->len;
}

void
mu_edit_history_clear (MuEditHistory *self)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));
  g_return_if_fail (self->group_depth == 0);

  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  mu_edit_shadow_reset (self->shadow);
  self->clean_index = 0;
  notify_all (self);
}

void
mu_edit_history_set_max_steps (MuEditHistory *self,
                               guint          max_steps)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));
  g_return_if_fail (max_steps >= 1);

  self->max_steps = max_steps;
  while (self->undo->len > self->max_steps)
    {
      g_ptr_array_remove_index (self->undo, 0);
      self->clean_index = self->clean_index > 0 ? self->clean_index - 1 : -1;
    }
  notify_all (self);
}

MuScenario *
mu_edit_history_begin_direct (MuEditHistory *self,
                              const char    *label)
{
  g_return_val_if_fail (MU_IS_EDIT_HISTORY (self), NULL);

  mu_edit_history_begin_group (self, label);
  return mu_edit_touch (self, label);
}

void
mu_edit_history_end_direct (MuEditHistory *self)
{
  g_return_if_fail (MU_IS_EDIT_HISTORY (self));
  g_return_if_fail (self->group_depth > 0);

  mu_edit_commit (self);
  /* the group compares the model with the snapshot: no change, no step */
  mu_edit_history_end_group (self);
}

/* For the operations ------------------------------------------------------------ */

MuScenario *
mu_edit_touch (MuEditHistory *self,
               const char    *label)
{
  g_assert (MU_IS_EDIT_HISTORY (self));

  if (self->pending == NULL)
    {
      self->pending = mu_edit_pending_new (self->scenario, self->shadow);
      self->pending_label = g_strdup (self->group_label ? self->group_label : label);
    }
  self->op_touched = TRUE;
  return self->scenario;
}

void
mu_edit_commit (MuEditHistory *self)
{
  g_assert (MU_IS_EDIT_HISTORY (self));

  if (!self->op_touched)
    return;
  self->op_touched = FALSE;
  if (self->group_depth == 0)
    finish_pending (self);
  else
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
mu_edit_add_detail (MuEditHistory *self,
                    const char    *detail)
{
  g_assert (self->pending != NULL);

  if (self->pending_detail == NULL)
    self->pending_detail = g_string_new (detail);
  else
    g_string_append_printf (self->pending_detail, " %s", detail);
}

gboolean
mu_edit_fail (GError    **error,
              const char *format,
              ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, MU_ERROR, MU_ERROR_INVALID, msg);
  return FALSE;
}

gboolean
mu_edit_need_side (const MuScenario *scenario,
                   const char       *side,
                   GError          **error)
{
  g_autoptr(GString) known = NULL;

  if (side && mu_scenario_find_side (scenario, side))
    return TRUE;
  known = g_string_new (NULL);
  for (guint i = 0; i < scenario->sides->len; i++)
    g_string_append_printf (known, "%s%s", i ? ", " : "",
                            ((MuSide *) g_ptr_array_index (scenario->sides, i))->id);
  if (scenario->sides->len == 0)
    return mu_edit_fail (error, _("Unknown side “%s”: the scenario has no sides yet"),
                         side ? side : "");
  return mu_edit_fail (error, _("Unknown side “%s” (the sides are %s)"),
                       side ? side : "", known->str);
}

gboolean
mu_edit_set_string (MuEditHistory *history,
                    const char    *label,
                    char         **field,
                    const char    *value,
                    gboolean       empty_is_null)
{
  if (empty_is_null && value && *value == '\0')
    value = NULL;
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  mu_edit_touch (history, label);
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}
