/* muster-problems-page.c: the editor's Problems page. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-problems-page.h"

#include <glib/gi18n.h>

struct _MusterProblemsPage
{
  GtkBox parent_instance;

  char *title;

  /* Template children. */
  GtkLabel *heading;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (MusterProblemsPage, muster_problems_page, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_TITLE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkWidget *
problem_row (const MuProblem *p)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (p->message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, p->severity == MU_PROBLEM_ERROR ? "error" : "warning");
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_box_append (GTK_BOX (box), label);
  if (p->line > 0)
    {
      g_autofree char *tip = g_strdup_printf (_("Line %d of the file as loaded"), p->line);

      gtk_widget_set_tooltip_text (box, tip);
      /* a file opened with problems says where they are, as muster-cli
       * validate does: FILE:LINE, the name without its folder */
      if (p->file != NULL)
        {
          g_autofree char *base = g_path_get_basename (p->file);
          g_autofree char *where = g_strdup_printf ("%s:%d", base, p->line);
          GtkWidget *caption = gtk_label_new (where);

          gtk_label_set_xalign (GTK_LABEL (caption), 0);
          gtk_label_set_ellipsize (GTK_LABEL (caption), PANGO_ELLIPSIZE_MIDDLE);
          gtk_widget_add_css_class (caption, "caption");
          gtk_widget_add_css_class (caption, "dim-label");
          gtk_box_append (GTK_BOX (box), caption);
        }
    }
  return box;
}

void
muster_problems_page_show (MusterProblemsPage *self,
                           GPtrArray          *problems)
{
  g_autofree char *heading = NULL;
  GtkWidget *child;
  guint errors;

  g_return_if_fail (MUSTER_IS_PROBLEMS_PAGE (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < problems->len; i++)
    gtk_list_box_append (self->list, problem_row (g_ptr_array_index (problems, i)));
  errors = mu_problem_list_n_errors (problems);
  if (problems->len == 0)
    heading = g_strdup (_("Problems: none"));
  else
    {
      g_autofree char *e = g_strdup_printf (ngettext ("%u error", "%u errors", errors), errors);
      g_autofree char *w = g_strdup_printf (ngettext ("%u warning", "%u warnings", problems->len - errors),
                                            problems->len - errors);

      /* TRANSLATORS: "Problems: 1 error, 2 warnings" */
      heading = g_strdup_printf (_("Problems: %s, %s"), e, w);
    }
  gtk_label_set_label (self->heading, heading);
  g_free (self->title);
  self->title = problems->len ? g_strdup_printf (_("Problems (%u)"), problems->len) : g_strdup (_("Problems"));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TITLE]);
}

const char *
muster_problems_page_get_title (MusterProblemsPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PROBLEMS_PAGE (self), NULL);
  return self->title;
}

static void
on_row_activated (MusterProblemsPage *self,
                  GtkListBoxRow      *row)
{
  g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0, (guint) gtk_list_box_row_get_index (row));
}

static void
muster_problems_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  MusterProblemsPage *self = MUSTER_PROBLEMS_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_problems_page_finalize (GObject *object)
{
  MusterProblemsPage *self = MUSTER_PROBLEMS_PAGE (object);

  g_free (self->title);

  G_OBJECT_CLASS (muster_problems_page_parent_class)->finalize (object);
}

static void
muster_problems_page_class_init (MusterProblemsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = muster_problems_page_finalize;
  object_class->get_property = muster_problems_page_get_property;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-problems-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterProblemsPage, heading);
  gtk_widget_class_bind_template_child (widget_class, MusterProblemsPage, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);

  /* The page's tab title. */
  props[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* A person activated the index'th problem. */
  signals[SIGNAL_ACTIVATED] =
    g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
muster_problems_page_init (MusterProblemsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->title = g_strdup (_("Problems"));
}
