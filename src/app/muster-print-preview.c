/* muster-print-preview.c: the window of a print preview (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-print-preview.h"

#include <glib/gi18n.h>

struct _MusterPrintPreview {
  GtkWindow parent_instance;

  GtkWidget *prev;
  GtkWidget *next;
  GtkLabel *label;
  GtkDrawingArea *area;
  int page;
  int n_pages;
  gboolean ready;
};

G_DEFINE_FINAL_TYPE (MusterPrintPreview, muster_print_preview, GTK_TYPE_WINDOW)

static void
update (MusterPrintPreview *self)
{
  g_autofree char *text = NULL;

  if (self->ready)
    text = g_strdup_printf (_("Page %d of %d"), self->page + 1, self->n_pages);
  gtk_label_set_text (self->label, text ? text : _("Preparing…"));
  gtk_widget_set_sensitive (self->prev, self->ready && self->page > 0);
  gtk_widget_set_sensitive (self->next, self->ready && self->page + 1 < self->n_pages);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
on_prev_clicked (GtkButton          *button,
                 MusterPrintPreview *self)
{
  if (self->page > 0)
    self->page--;
  update (self);
}

static void
on_next_clicked (GtkButton          *button,
                 MusterPrintPreview *self)
{
  if (self->page + 1 < self->n_pages)
    self->page++;
  update (self);
}

static void
muster_print_preview_dispose (GObject *object)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (object);

  /* The page area is the window's own child: the window lets it go first,
   * else disposing the template would unparent it behind the window's back
   * and the window would then unparent it a second time. */
  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PRINT_PREVIEW);
  G_OBJECT_CLASS (muster_print_preview_parent_class)->dispose (object);
}

static void
muster_print_preview_class_init (MusterPrintPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_print_preview_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-print-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, prev);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, next);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, label);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, area);
  gtk_widget_class_bind_template_callback (widget_class, on_prev_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
}

static void
muster_print_preview_init (MusterPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_print_preview_new (GtkWindow              *parent,
                          const char             *title,
                          GtkDrawingAreaDrawFunc  draw,
                          gpointer                data)
{
  MusterPrintPreview *self = g_object_new (MUSTER_TYPE_PRINT_PREVIEW,
                                           "title", title,
                                           "transient-for", parent,
                                           NULL);

  gtk_drawing_area_set_draw_func (self->area, draw, data, NULL);
  update (self);
  return GTK_WIDGET (self);
}

void
muster_print_preview_set_ready (MusterPrintPreview *self,
                                int                 n_pages)
{
  g_return_if_fail (MUSTER_IS_PRINT_PREVIEW (self));

  self->ready = TRUE;
  self->n_pages = n_pages;
  update (self);
}

gboolean
muster_print_preview_is_ready (MusterPrintPreview *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_PREVIEW (self), FALSE);
  return self->ready;
}

int
muster_print_preview_get_page (MusterPrintPreview *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_PREVIEW (self), 0);
  return self->page;
}
