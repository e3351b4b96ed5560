/* muster-decision-card.c: the card of the match's pending decision. */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-decision-card.h"

#include <glib/gi18n.h>
#include <string.h>

struct _MusterDecisionCard
{
  GtkBox parent_instance;

  /* Template children. */
  GtkLabel *question;
  GtkBox *answers;
};

G_DEFINE_FINAL_TYPE (MusterDecisionCard, muster_decision_card, GTK_TYPE_BOX)

enum {
  SIGNAL_ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_answer_clicked (GtkButton          *button,
                   MusterDecisionCard *self)
{
  const char *answer = g_object_get_data (G_OBJECT (button), "answer");
  /* a decision of kind command is answered by the command line itself */
  g_autofree char *line = g_object_get_data (G_OBJECT (button), "command")
                        ? g_strdup (answer) : g_strdup_printf ("choose %s", answer);

  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, line);
}

static void
on_subset_clicked (GtkButton          *button,
                   MusterDecisionCard *self)
{
  g_autoptr(GString) line = g_string_new ("choose");

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->answers)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child) && gtk_check_button_get_active (GTK_CHECK_BUTTON (child)))
      g_string_append_printf (line, " %s", (const char *) g_object_get_data (G_OBJECT (child), "answer"));
  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, line->str);
}

static void
on_number_clicked (GtkButton          *button,
                   MusterDecisionCard *self)
{
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (button), "spin");
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  /* a decimal answer (a step such as 0.5 in) in the command text's form */
  g_autofree char *line = gtk_spin_button_get_digits (spin) > 0
                        ? g_strdup_printf ("choose %s", g_ascii_formatd (number, sizeof number, "%.2f",
                                                                         gtk_spin_button_get_value (spin)))
                        : g_strdup_printf ("choose %d", gtk_spin_button_get_value_as_int (spin));

  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, line);
}

/* An answer as a person reads it: a counter by its name, a word in the
 * person's language; a word without a translation ("halt-fire") as a
 * phrase ("Halt fire"), never the engine's hyphenated word. */
static char *
answer_label (const MuScenario *scenario,
              const MuDecision *d,
              guint             i)
{
  const char *answer = d->answers[i];
  const MuCounter *c = mu_scenario_find_counter (scenario, answer);
  const char *word;
  char *label;

  /* the ruleset's own reading of the answer, already translated */
  if (d->answer_labels && d->answer_labels[i])
    return g_strdup (d->answer_labels[i]);
  if (c && c->name && *c->name)
    return g_strdup (c->name);
  word = g_dpgettext2 (GETTEXT_PACKAGE, "command word", answer);
  /* a command line (a decision answered by a command) stays as it is */
  if (word != answer || !g_ascii_islower (answer[0]) || strchr (answer, ' ') != NULL)
    return g_strdup (word);
  label = g_strdup (answer);
  g_strdelimit (label, "-", ' ');
  label[0] = g_ascii_toupper (label[0]);
  return label;
}

/* A long answer ("Withdraw toward Manassas Junction and rally there", a
 * command line, a counter's full name) wraps within the sidebar's width:
 * a label that does not wrap asks for its whole width, and the sidebar,
 * which keeps the width its widgets need at least, grew with it and moved
 * the board from one decision to the next (or the answer was cut where the
 * window could not grow). Word by word, a word longer than the sidebar by
 * its characters. */
static void
wrap_label (GtkWidget *button)
{
  for (GtkWidget *child = gtk_widget_get_first_child (button); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      {
        gtk_label_set_wrap (GTK_LABEL (child), TRUE);
        gtk_label_set_wrap_mode (GTK_LABEL (child), PANGO_WRAP_WORD_CHAR);
        /* a button's lines under each other in its middle; a check
         * button's beside its box, from the left */
        if (!GTK_IS_CHECK_BUTTON (button))
          gtk_label_set_justify (GTK_LABEL (child), GTK_JUSTIFY_CENTER);
        return;
      }
}

static GtkWidget *
answer_button (MusterDecisionCard *self,
               const MuScenario   *scenario,
               const MuDecision   *d,
               guint               i)
{
  const char *answer = d->answers[i];
  /* the command keeps the answer itself */
  g_autofree char *label = answer_label (scenario, d, i);
  GtkWidget *button = gtk_button_new_with_label (label);

  wrap_label (button);
  g_object_set_data_full (G_OBJECT (button), "answer", g_strdup (answer), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_answer_clicked), self);
  return button;
}

static void
add_number (MusterDecisionCard *self,
            const MuDecision   *d)
{
  GtkWidget *spin = d->step > 0 ? gtk_spin_button_new_with_range (d->low, d->high, d->step)
                                : gtk_spin_button_new_with_range (d->min, d->max, 1);
  GtkWidget *ok = gtk_button_new_with_label (_("Answer"));

  if (d->step > 0)
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);

  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Number"), -1);
  g_object_set_data (G_OBJECT (ok), "spin", spin);
  g_signal_connect (ok, "clicked", G_CALLBACK (on_number_clicked), self);
  gtk_box_append (self->answers, spin);
  gtk_box_append (self->answers, ok);
}

static void
add_subset (MusterDecisionCard *self,
            const MuDecision   *d,
            const MuScenario   *scenario)
{
  GtkWidget *ok = gtk_button_new_with_label (_("Answer"));

  for (guint i = 0; d->answers && d->answers[i]; i++)
    {
      g_autofree char *label = answer_label (scenario, d, i);
      GtkWidget *check = gtk_check_button_new_with_label (label);

      wrap_label (check);
      g_object_set_data_full (G_OBJECT (check), "answer", g_strdup (d->answers[i]), g_free);
      gtk_box_append (self->answers, check);
    }
  g_signal_connect (ok, "clicked", G_CALLBACK (on_subset_clicked), self);
  gtk_box_append (self->answers, ok);
}

void
muster_decision_card_show (MusterDecisionCard *self,
                           const MuDecision   *d,
                           const char         *side_name,
                           const MuScenario   *scenario)
{
  GtkWidget *child;

  g_return_if_fail (MUSTER_IS_DECISION_CARD (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->answers))) != NULL)
    gtk_box_remove (self->answers, child);
  gtk_widget_set_visible (GTK_WIDGET (self), d != NULL);
  if (d == NULL)
    return;
  {
    /* Translators: the side that decides and the question (French sets a
     * narrow no-break space before the colon) */
    g_autofree char *text = g_strdup_printf (_("%s: %s"), side_name, d->question ? d->question : d->id);

    gtk_label_set_text (self->question, text);
  }
  switch (d->kind)
    {
    case MU_ANSWER_NUMBER:
      add_number (self, d);
      break;
    case MU_ANSWER_SUBSET:
      add_subset (self, d, scenario);
      break;
    default:
      for (guint i = 0; d->answers && d->answers[i]; i++)
        {
          GtkWidget *button = answer_button (self, scenario, d, i);

          if (d->kind == MU_ANSWER_COMMAND)
            g_object_set_data (G_OBJECT (button), "command", GINT_TO_POINTER (1));
          gtk_box_append (self->answers, button);
        }
      break;
    }
}

void
muster_decision_card_add_command (MusterDecisionCard *self,
                                  const char         *line,
                                  const char         *label)
{
  GtkWidget *button;

  g_return_if_fail (MUSTER_IS_DECISION_CARD (self));
  g_return_if_fail (line != NULL && label != NULL);

  button = gtk_button_new_with_label (label);
  /* a sentence such as "1st Virginia garrisons Henry House" */
  wrap_label (button);
  gtk_widget_set_tooltip_text (button, line);
  g_object_set_data_full (G_OBJECT (button), "answer", g_strdup (line), g_free);
  g_object_set_data (G_OBJECT (button), "command", GINT_TO_POINTER (1));
  g_signal_connect (button, "clicked", G_CALLBACK (on_answer_clicked), self);
  gtk_box_append (self->answers, button);
}

GtkWidget *
muster_decision_card_get_answers (MusterDecisionCard *self)
{
  g_return_val_if_fail (MUSTER_IS_DECISION_CARD (self), NULL);
  return GTK_WIDGET (self->answers);
}

static void
muster_decision_card_class_init (MusterDecisionCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-decision-card.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterDecisionCard, question);
  gtk_widget_class_bind_template_child (widget_class, MusterDecisionCard, answers);

  /* A control answered the decision with this command line. */
  signals[SIGNAL_ANSWERED] =
    g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
muster_decision_card_init (MusterDecisionCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_decision_card_new (void)
{
  return g_object_new (MUSTER_TYPE_DECISION_CARD, NULL);
}
