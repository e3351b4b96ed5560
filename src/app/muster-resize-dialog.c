#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-resize-dialog.h"

#include "muster-dialog-enter.h"

#include <glib/gi18n.h>

struct _MusterResizeDialog
{
  GtkDialog parent_instance;

  MuEditHistory *history;
  gboolean updating;

  GtkStack *board_stack;
  GtkDropDown *operation_dropdown;
  GtkSpinButton *count_spin;
  GtkDropDown *edge_dropdown;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  GtkLabel *width_unit;
  GtkLabel *height_unit;
  GtkLabel *size_label;
  GtkLabel *warning_label;
  GtkWidget *resize_button;
};

G_DEFINE_FINAL_TYPE (MusterResizeDialog, muster_resize_dialog, GTK_TYPE_DIALOG)

/* The operation list: rows at the top or bottom, columns at the left or right. */
static gboolean
operation_is_rows (MusterResizeDialog *self)
{
  return gtk_drop_down_get_selected (self->operation_dropdown) < 2;
}

static gboolean
operation_inserts (MusterResizeDialog *self)
{
  return gtk_drop_down_get_selected (self->operation_dropdown) % 2 == 0;
}

static void
set_edge_choices (MusterResizeDialog *self)
{
  const char *const rows[] = { _("At the top"), _("At the bottom"), NULL };
  const char *const cols[] = { _("At the left"), _("At the right"), NULL };
  guint selected = gtk_drop_down_get_selected (self->edge_dropdown);
  g_autoptr(GtkStringList) list = gtk_string_list_new (operation_is_rows (self) ? rows : cols);

  gtk_drop_down_set_model (self->edge_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->edge_dropdown, selected == 1 ? 1 : 0);
}

static MuEdge
selected_edge (MusterResizeDialog *self)
{
  gboolean second = gtk_drop_down_get_selected (self->edge_dropdown) == 1;

  if (operation_is_rows (self))
    return second ? MU_EDGE_SOUTH : MU_EDGE_NORTH;
  return second ? MU_EDGE_EAST : MU_EDGE_WEST;
}

static int
selected_count (MusterResizeDialog *self)
{
  int n = gtk_spin_button_get_value_as_int (self->count_spin);

  return operation_inserts (self) ? n : -n;
}

static gboolean
point_off_table (const MuTableMap *t,
                 double            x,
                 double            y)
{
  return x < 0 || y < 0 || x > t->width || y > t->height;
}

/* What would fall off a table resized to width × height. */
static char *
table_losses (const MuScenario *s,
              double            width,
              double            height)
{
  MuTableMap t = *s->table;
  guint counters = 0, objectives = 0, labels = 0;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  t.width = width;
  t.height = height;
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->place.kind == MU_PLACE_TABLE && point_off_table (&t, c->place.pos.x, c->place.pos.y))
        counters++;
    }
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      if (point_off_table (&t, o->pos.x, o->pos.y))
        objectives++;
    }
  for (guint i = 0; i < t.labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (t.labels, i);

      if (point_off_table (&t, l->dx, l->dy))
        labels++;
    }
  if (counters)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u counter", "%u counters", counters), counters));
  if (objectives)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u objective", "%u objectives", objectives), objectives));
  if (labels)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u label", "%u labels", labels), labels));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  list = g_strjoinv (", ", (char **) parts->pdata);
  /* TRANSLATORS: %s lists what lies outside, e.g. "2 counters, 1 label" */
  return g_strdup_printf (_("%s would lie off the table; move them back on afterwards."), list);
}

static const char *
unit_name (MuLengthUnit unit)
{
  return unit == MU_UNIT_CM ? _("cm") : _("inches");
}

/* Tries the change on a copy to say what it would do. */
static void
update_preview (MusterResizeDialog *self)
{
  MuScenario *s = mu_edit_history_get_scenario (self->history);
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;
  g_autofree char *size = NULL;
  gboolean ok;

  if (s->board == MU_BOARD_HEX)
    {
      g_autoptr(MuEditHistory) trial = mu_edit_history_new (mu_scenario_copy (s));
      const MuHexGrid *grid;

      ok = mu_edit_resize_board (trial, selected_edge (self), selected_count (self), &report, &error);
      grid = &mu_edit_history_get_scenario (trial)->hex_map->grid;
      size = g_strdup_printf (_("The board is %d × %d hexes; it will be %d × %d."),
                              s->hex_map->grid.cols, s->hex_map->grid.rows, grid->cols, grid->rows);
    }
  else
    {
      double width = gtk_spin_button_get_value (self->width_spin);
      double height = gtk_spin_button_get_value (self->height_spin);
      g_autoptr(MuEditHistory) trial = mu_edit_history_new (mu_scenario_copy (s));

      ok = mu_edit_set_table_size (trial, width, height, &error);
      if (ok)
        report = table_losses (s, width, height);
      size = g_strdup_printf (_("The table is %g × %g %s."), s->table->width, s->table->height,
                              unit_name (s->table->unit));
    }

  gtk_label_set_text (self->size_label, ok ? size : "");
  gtk_widget_set_visible (GTK_WIDGET (self->size_label), ok);
  gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "warning");
  if (!ok)
    {
      gtk_label_set_text (self->warning_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "error");
    }
  else if (report)
    {
      gtk_label_set_text (self->warning_label, report);
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "warning");
    }
  else
    gtk_label_set_text (self->warning_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), !ok || report != NULL);
  gtk_widget_set_sensitive (self->resize_button, ok);
}

static void
on_changed (MusterResizeDialog *self)
{
  if (self->updating)
    return;
  self->updating = TRUE;
  set_edge_choices (self);
  self->updating = FALSE;
  update_preview (self);
}

void
muster_resize_dialog_set_hex (MusterResizeDialog *self,
                              MuEdge              edge,
                              int                 count)
{
  gboolean rows = edge == MU_EDGE_NORTH || edge == MU_EDGE_SOUTH;
  gboolean second = edge == MU_EDGE_SOUTH || edge == MU_EDGE_EAST;

  g_return_if_fail (MUSTER_IS_RESIZE_DIALOG (self));
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->operation_dropdown, (rows ? 0 : 2) + (count < 0 ? 1 : 0));
  set_edge_choices (self);
  gtk_drop_down_set_selected (self->edge_dropdown, second ? 1 : 0);
  gtk_spin_button_set_value (self->count_spin, ABS (count));
  self->updating = FALSE;
  update_preview (self);
}

void
muster_resize_dialog_set_table (MusterResizeDialog *self,
                                double              width,
                                double              height)
{
  g_return_if_fail (MUSTER_IS_RESIZE_DIALOG (self));
  self->updating = TRUE;
  gtk_spin_button_set_value (self->width_spin, width);
  gtk_spin_button_set_value (self->height_spin, height);
  self->updating = FALSE;
  update_preview (self);
}

const char *
muster_resize_dialog_get_warning (MusterResizeDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_RESIZE_DIALOG (self), NULL);
  return gtk_label_get_text (self->warning_label);
}

gboolean
muster_resize_dialog_apply (MusterResizeDialog *self,
                            GError            **error)
{
  MuScenario *s;
  g_autoptr(GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_RESIZE_DIALOG (self), FALSE);

  s = mu_edit_history_get_scenario (self->history);
  gtk_spin_button_update (self->count_spin);
  gtk_spin_button_update (self->width_spin);
  gtk_spin_button_update (self->height_spin);
  if (s->board == MU_BOARD_HEX)
    ok = mu_edit_resize_board (self->history, selected_edge (self), selected_count (self), NULL, &local);
  else
    ok = mu_edit_set_table_size (self->history, gtk_spin_button_get_value (self->width_spin),
                                 gtk_spin_button_get_value (self->height_spin), &local);
  if (!ok)
    {
      gtk_label_set_text (self->warning_label, local->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "error");
      gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  return ok;
}

static void
muster_resize_dialog_response (GtkDialog *dialog,
                               int        response)
{
  MusterResizeDialog *self = MUSTER_RESIZE_DIALOG (dialog);

  if (response == GTK_RESPONSE_APPLY && !muster_resize_dialog_apply (self, NULL))
    return;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
muster_resize_dialog_dispose (GObject *object)
{
  MusterResizeDialog *self = MUSTER_RESIZE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_RESIZE_DIALOG);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (muster_resize_dialog_parent_class)->dispose (object);
}

static void
muster_resize_dialog_class_init (MusterResizeDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_resize_dialog_dispose;
  GTK_DIALOG_CLASS (klass)->response = muster_resize_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-resize-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, board_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, operation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, edge_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, width_unit);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, height_unit);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, size_label);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, MusterResizeDialog, resize_button);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
}

static void
muster_resize_dialog_init (MusterResizeDialog *self)
{
  self->updating = TRUE;   /* no preview before there is a scenario */
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_resize_dialog_new (GtkWindow     *parent,
                          MuEditHistory *history)
{
  MusterResizeDialog *self;
  MuScenario *s;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  self = g_object_new (MUSTER_TYPE_RESIZE_DIALOG,
                       "transient-for", parent,
                       "use-header-bar", TRUE,
                       NULL);
  self->history = g_object_ref (history);
  s = mu_edit_history_get_scenario (history);
  if (s->board == MU_BOARD_HEX)
    {
      gtk_stack_set_visible_child_name (self->board_stack, "hex");
      set_edge_choices (self);
    }
  else
    {
      gtk_stack_set_visible_child_name (self->board_stack, "table");
      gtk_spin_button_set_value (self->width_spin, s->table->width);
      gtk_spin_button_set_value (self->height_spin, s->table->height);
      gtk_label_set_text (self->width_unit, unit_name (s->table->unit));
      gtk_label_set_text (self->height_unit, unit_name (s->table->unit));
    }
  self->updating = FALSE;
  update_preview (self);
  muster_dialog_answer_on_enter (GTK_DIALOG (self), GTK_RESPONSE_APPLY);
  return GTK_WIDGET (self);
}
