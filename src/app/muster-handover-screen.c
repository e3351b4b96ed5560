/* muster-handover-screen.c: the hand-over screen over the match's board. */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-handover-screen.h"

#include <glib/gi18n.h>

struct _MusterHandoverScreen
{
  GtkBox parent_instance;

  /* Template children. */
  GtkLabel *title;
  GtkButton *button;
  GtkBox *results;
};

G_DEFINE_FINAL_TYPE (MusterHandoverScreen, muster_handover_screen, GTK_TYPE_BOX)

enum {
  SIGNAL_TAKEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
muster_handover_screen_show_side (MusterHandoverScreen *self,
                                  const char           *title,
                                  const char           *button)
{
  g_return_if_fail (MUSTER_IS_HANDOVER_SCREEN (self));

  gtk_label_set_text (self->title, title);
  gtk_button_set_label (self->button, button);
}

void
muster_handover_screen_set_results (MusterHandoverScreen *self,
                                    GPtrArray            *lines)
{
  GtkWidget *child;

  g_return_if_fail (MUSTER_IS_HANDOVER_SCREEN (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->results))) != NULL)
    gtk_box_remove (self->results, child);
  if (lines->len > 0)
    {
      GtkWidget *heading = gtk_label_new (_("Last results"));

      gtk_widget_add_css_class (heading, "heading");
      gtk_box_append (self->results, heading);
    }
  for (guint i = 0; i < lines->len; i++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (lines, i));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (self->results, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->results), lines->len > 0);
}

char *
muster_handover_screen_dup_results (MusterHandoverScreen *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (MUSTER_IS_HANDOVER_SCREEN (self), NULL);

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->results)); c;
       c = gtk_widget_get_next_sibling (c))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (c)));
  return g_string_free (text, FALSE);
}

static void
on_button_clicked (MusterHandoverScreen *self)
{
  g_signal_emit (self, signals[SIGNAL_TAKEN], 0);
}

/* The player to act acts first on the button. */
static gboolean
muster_handover_screen_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (MUSTER_HANDOVER_SCREEN (widget)->button));
}

static void
muster_handover_screen_class_init (MusterHandoverScreenClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = muster_handover_screen_grab_focus;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-handover-screen.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterHandoverScreen, title);
  gtk_widget_class_bind_template_child (widget_class, MusterHandoverScreen, button);
  gtk_widget_class_bind_template_child (widget_class, MusterHandoverScreen, results);
  gtk_widget_class_bind_template_callback (widget_class, on_button_clicked);

  /* The player to act took the board. */
  signals[SIGNAL_TAKEN] =
    g_signal_new ("taken", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_handover_screen_init (MusterHandoverScreen *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_handover_screen_new (void)
{
  return g_object_new (MUSTER_TYPE_HANDOVER_SCREEN, NULL);
}
