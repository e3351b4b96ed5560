/* muster-editor-widgets.c: the editor's drop-downs of strings (their lists
 * replaced only when they change, their long choices ellipsized) and its
 * panels' labelled rows. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-widgets.h"

/* Gives the drop-down these strings, replacing its list only when they differ
 * (never while it reports a choice). */
void
muster_editor_set_dropdown_strings (GtkDropDown *dropdown,
                                    GPtrArray   *names)
{
  GListModel *current = gtk_drop_down_get_model (dropdown);
  gboolean same = current && g_list_model_get_n_items (current) == names->len;

  for (guint i = 0; same && i < names->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (current), i),
                      g_ptr_array_index (names, i)) == 0;
  if (!same)
    {
      g_autoptr(GListModel) list = muster_editor_string_model ((const char *const *) names->pdata, names->len);

      gtk_drop_down_set_model (dropdown, list);
    }
}
GListModel *
muster_editor_string_model (const char *const *items,
                            guint              n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, items[i]);
  return G_LIST_MODEL (list);
}

static void
on_ellipsized_setup (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (data))
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
on_ellipsized_bind (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  data)
{
  GObject *object = gtk_list_item_get_item (item);
  const char *text = GTK_IS_STRING_OBJECT (object) ? gtk_string_object_get_string (GTK_STRING_OBJECT (object)) : "";

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static GtkListItemFactory *
string_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_ellipsized_setup), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (on_ellipsized_bind), NULL);
  return factory;
}

/* A long choice (a reserve's name) ellipsizes in the button instead of
 * widening the panel; the popup shows it whole. */
void
muster_editor_ellipsize_dropdown (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) button = string_factory (TRUE);
  g_autoptr(GtkListItemFactory) list = string_factory (FALSE);

  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
}

GtkWidget *
muster_editor_panel_row (GtkWidget  *grid,
                         int         row,
                         const char *label,
                         GtkWidget  *control)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), control);
  gtk_widget_set_hexpand (control, TRUE);
  gtk_grid_attach (GTK_GRID (grid), l, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), control, 1, row, 1, 1);
  /* the row shows and hides with its label */
  g_object_bind_property (l, "visible", control, "visible", G_BINDING_SYNC_CREATE);
  return l;
}
