/* muster-dice-dialog.c: dice rolled at the table (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-dice-dialog.h"

#include <glib/gi18n.h>
#include <stdlib.h>

struct _MusterDiceDialog {
  GtkWindow parent_instance;

  MusterGame *game;
  MuCommand *command;
  GArray *taken;          /* of int: the faces of the rolls answered */
  guint needed;           /* dice of the roll asked now, 0 when all are in */
  gboolean refused;       /* the engine refuses the command */
  char *question;
  char *problem;

  GtkWidget *heading;
  GtkWidget *question_label;
  GtkWidget *entry;
  GtkWidget *problem_label;
  GtkWidget *next_button;
};

G_DEFINE_FINAL_TYPE (MusterDiceDialog, muster_dice_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
describe_roll (const MuEvent *roll)
{
  GString *s = g_string_new (NULL);

  g_string_append (s, roll->subject ? roll->subject : _("a roll"));
  if (roll->object)
    g_string_append_printf (s, _(" vs %s"), roll->object);
  /* the engine's word for the purpose ("command", "flinch"), as the log reads it */
  g_string_append_printf (s, ": %s — ", roll->text ? g_dpgettext2 (GETTEXT_PACKAGE, "event text", roll->text)
                                                   : _("purpose not given"));
  g_string_append_printf (s, ngettext ("%d die", "%d dice", roll->count), roll->count);
  if (roll->compare == MU_ROLL_AT_LEAST)
    g_string_append_printf (s, _(", need %d+"), roll->target);
  else if (roll->compare == MU_ROLL_AT_MOST)
    g_string_append_printf (s, _(", need %d or less"), roll->target);
  if (roll->modifier)
    g_string_append_printf (s, _(" (modifier %+d)"), roll->modifier);
  if (roll->rule)
    g_string_append_printf (s, " (%s)", roll->rule);
  return g_string_free (s, FALSE);
}

/* Asks the engine what the command rolls once the faces taken (after any
 * entered earlier and not used yet) are used, and shows the first roll
 * they do not cover. */
static void
refresh (MusterDiceDialog *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  guint covered = mu_dice_forced_remaining (mu_match_get_dice (match)) + self->taken->len;
  const MuEvent *next = NULL;
  guint later = 0, cum = 0, number = 0;
  MuCheck check;

  mu_match_check_with_dice (match, self->command, (const int *) self->taken->data, self->taken->len,
                            &check);
  self->refused = !check.legal;
  self->needed = 0;
  g_clear_pointer (&self->question, g_free);
  /* single dice rolled one after the other for the same purpose, roller,
   * target and need are one roll of several dice, as the log shows them */
  for (guint i = 0; check.legal && i < check.rolls->len; i++)
    {
      const MuEvent *roll = g_ptr_array_index (check.rolls, i);
      const MuEvent *prev = i > 0 ? g_ptr_array_index (check.rolls, i - 1) : NULL;
      gboolean joins = prev != NULL && roll->count == 1 && prev->count == 1 &&
                       g_strcmp0 (roll->text, prev->text) == 0 &&
                       g_strcmp0 (roll->subject, prev->subject) == 0 &&
                       g_strcmp0 (roll->object, prev->object) == 0 && roll->compare == prev->compare &&
                       roll->target == prev->target && roll->modifier == prev->modifier &&
                       g_strcmp0 (roll->rule, prev->rule) == 0;

      if (next != NULL && joins && later == 0)
        self->needed += roll->count;
      else if (cum >= covered && next == NULL)
        {
          next = roll;
          self->needed = roll->count;
          number++;
        }
      else if (next != NULL && !joins)
        later++;
      else if (next == NULL && !joins)
        number++;
      cum += roll->count;
    }
  if (!check.legal)
    self->question = g_strdup_printf (_("The command is refused: %s"), check.reason);
  else if (next != NULL)
    {
      MuEvent shown = *next;
      g_autofree char *what = NULL;

      shown.count = self->needed;
      what = describe_roll (&shown);
      self->question = later
        ? g_strdup_printf (ngettext ("Roll %u: %s\nThen %u more roll is expected.",
                                     "Roll %u: %s\nThen %u more rolls are expected.", later),
                           number, what, later)
        : g_strdup_printf (_("Roll %u: %s"), number, what);
    }
  else if (self->taken->len > 0)
    self->question = g_strdup (_("Every roll of the command has its dice."));
  else
    self->question = g_strdup (_("The command rolls no dice."));
  mu_check_clear (&check);

  gtk_label_set_text (GTK_LABEL (self->question_label), self->question);
  gtk_widget_set_sensitive (self->entry, self->needed > 0);
  gtk_button_set_label (GTK_BUTTON (self->next_button),
                        self->needed > 0 ? _("_Next") : _("_Enter Dice"));
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
}

/* Parses the faces typed; a problem names what is wrong. */
static GArray *
parse_faces (MusterDiceDialog *self,
             const char       *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " ,\t", -1);
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));

  g_clear_pointer (&self->problem, g_free);
  for (guint i = 0; words[i]; i++)
    {
      char *end = NULL;
      long v;

      if (*words[i] == '\0')
        continue;
      v = strtol (words[i], &end, 10);
      if (end == NULL || *end != '\0' || v < 1 || v > 6)
        {
          self->problem = g_strdup_printf (_("“%s” is not the face of a die (1 to 6)"), words[i]);
          return NULL;
        }
      {
        int face = (int) v;

        g_array_append_val (faces, face);
      }
    }
  if (faces->len != self->needed)
    {
      self->problem = g_strdup_printf (ngettext ("This roll needs %u die; %u given",
                                                 "This roll needs %u dice; %u given", self->needed),
                                       self->needed, faces->len);
      return NULL;
    }
  return g_steal_pointer (&faces);
}

static void
check_entry (MusterDiceDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(GArray) faces = NULL;

  if (self->refused)
    {
      gtk_widget_set_sensitive (self->next_button, FALSE);
      return;
    }
  if (self->needed == 0)
    {
      g_clear_pointer (&self->problem, g_free);
      gtk_label_set_text (GTK_LABEL (self->problem_label), "");
      gtk_widget_set_sensitive (self->next_button, TRUE);
      return;
    }
  faces = parse_faces (self, text);
  /* nothing typed yet is no complaint */
  gtk_label_set_text (GTK_LABEL (self->problem_label), *text && self->problem ? self->problem : "");
  gtk_widget_set_sensitive (self->next_button, faces != NULL);
}

static void
on_entry_changed (GtkEditable      *editable,
                  MusterDiceDialog *self)
{
  check_entry (self);
}

static void
finish (MusterDiceDialog *self,
        gboolean          entered)
{
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, entered);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
on_next_clicked (GtkButton        *button,
                 MusterDiceDialog *self)
{
  muster_dice_dialog_next (self);
}

static void
on_entry_activate (GtkEntry         *entry,
                   MusterDiceDialog *self)
{
  muster_dice_dialog_next (self);
}

static void
on_cancel_clicked (GtkButton        *button,
                   MusterDiceDialog *self)
{
  finish (self, FALSE);
}

/* Closing the window (Escape, the title bar) is Cancel. */
static gboolean
muster_dice_dialog_close_request (GtkWindow *window)
{
  finish (MUSTER_DICE_DIALOG (window), FALSE);
  return TRUE;
}

static void
muster_dice_dialog_dispose (GObject *object)
{
  MusterDiceDialog *self = MUSTER_DICE_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->command, mu_command_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_DICE_DIALOG);
  G_OBJECT_CLASS (muster_dice_dialog_parent_class)->dispose (object);
}

static void
muster_dice_dialog_finalize (GObject *object)
{
  MusterDiceDialog *self = MUSTER_DICE_DIALOG (object);

  g_clear_pointer (&self->taken, g_array_unref);
  g_free (self->question);
  g_free (self->problem);
  G_OBJECT_CLASS (muster_dice_dialog_parent_class)->finalize (object);
}

static void
muster_dice_dialog_class_init (MusterDiceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_dice_dialog_dispose;
  object_class->finalize = muster_dice_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = muster_dice_dialog_close_request;
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-dice-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterDiceDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, MusterDiceDialog, question_label);
  gtk_widget_class_bind_template_child (widget_class, MusterDiceDialog, entry);
  gtk_widget_class_bind_template_child (widget_class, MusterDiceDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, MusterDiceDialog, next_button);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
}

static void
muster_dice_dialog_init (MusterDiceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->taken = g_array_new (FALSE, FALSE, sizeof (int));
}

GtkWidget *
muster_dice_dialog_new (GtkWindow       *parent,
                        MusterGame      *game,
                        const MuCommand *command)
{
  MusterDiceDialog *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);
  g_return_val_if_fail (command != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_DICE_DIALOG, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  self->command = mu_command_copy (command);
  refresh (self);
  check_entry (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->next_button);
  return GTK_WIDGET (self);
}

int
muster_dice_dialog_count_dice (MusterGame      *game,
                               const MuCommand *command)
{
  MuCheck check;
  int n = 0;

  g_return_val_if_fail (MUSTER_IS_GAME (game), -1);
  g_return_val_if_fail (command != NULL, -1);

  muster_game_check (game, command, &check);
  if (!check.legal)
    n = -1;
  for (guint i = 0; check.legal && i < check.rolls->len; i++)
    n += ((const MuEvent *) g_ptr_array_index (check.rolls, i))->count;
  mu_check_clear (&check);
  return n;
}

void
muster_dice_dialog_set_heading (MusterDiceDialog *self,
                                const char       *text)
{
  g_return_if_fail (MUSTER_IS_DICE_DIALOG (self));
  g_return_if_fail (text != NULL);
  gtk_label_set_text (GTK_LABEL (self->heading), text);
}

const char *
muster_dice_dialog_get_heading (MusterDiceDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->heading));
}

const char *
muster_dice_dialog_get_question (MusterDiceDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), NULL);
  return self->question;
}

void
muster_dice_dialog_set_faces (MusterDiceDialog *self,
                              const char       *text)
{
  g_return_if_fail (MUSTER_IS_DICE_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  check_entry (self);
}

const char *
muster_dice_dialog_get_problem (MusterDiceDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), NULL);
  return self->problem ? self->problem : "";
}

gboolean
muster_dice_dialog_next (MusterDiceDialog *self)
{
  g_autoptr(GArray) faces = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), FALSE);

  if (self->refused)
    return FALSE;
  if (self->needed == 0)
    {
      if (self->taken->len > 0 &&
          !muster_game_enter_dice (self->game, (const int *) self->taken->data, self->taken->len, &error))
        {
          gtk_label_set_text (GTK_LABEL (self->problem_label), error->message);
          return FALSE;
        }
      finish (self, TRUE);
      return TRUE;
    }
  faces = parse_faces (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  if (faces == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->problem_label), self->problem);
      return FALSE;
    }
  g_array_append_vals (self->taken, faces->data, faces->len);
  refresh (self);
  check_entry (self);
  /* every roll has its faces: they are entered now, with no last step
   * showing an empty Faces field and an Enter Dice button */
  if (!self->refused && self->needed == 0)
    return muster_dice_dialog_next (self);
  return TRUE;
}

const GArray *
muster_dice_dialog_get_taken (MusterDiceDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), NULL);
  return self->taken;
}

guint
muster_dice_dialog_get_needed (MusterDiceDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE_DIALOG (self), 0);
  return self->needed;
}
