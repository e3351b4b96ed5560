/* muster-opening-page.c: the page shown while a file loads (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-opening-page.h"

struct _MusterOpeningPage {
  GtkWidget parent_instance;

  GtkWidget *box;          /* the template's child: disposed with it */
  GtkLabel *label;
  GtkProgressBar *bar;
};

G_DEFINE_FINAL_TYPE (MusterOpeningPage, muster_opening_page, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_cancel_clicked (GtkButton         *button,
                   MusterOpeningPage *self)
{
  g_signal_emit (self, signals[SIGNAL_CANCELLED], 0);
}

static void
muster_opening_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_OPENING_PAGE);
  G_OBJECT_CLASS (muster_opening_page_parent_class)->dispose (object);
}

static void
muster_opening_page_class_init (MusterOpeningPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_opening_page_dispose;

  signals[SIGNAL_CANCELLED] =
    g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-opening-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterOpeningPage, box);
  gtk_widget_class_bind_template_child (widget_class, MusterOpeningPage, label);
  gtk_widget_class_bind_template_child (widget_class, MusterOpeningPage, bar);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
muster_opening_page_init (MusterOpeningPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_opening_page_new (void)
{
  return g_object_new (MUSTER_TYPE_OPENING_PAGE, NULL);
}

void
muster_opening_page_set_text (MusterOpeningPage *self,
                              const char        *text)
{
  g_return_if_fail (MUSTER_IS_OPENING_PAGE (self));
  gtk_label_set_text (self->label, text);
}

void
muster_opening_page_set_fraction (MusterOpeningPage *self,
                                  double             fraction)
{
  g_return_if_fail (MUSTER_IS_OPENING_PAGE (self));
  gtk_progress_bar_set_fraction (self->bar, fraction);
}
