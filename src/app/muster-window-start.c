/* muster-window-start.c: the start page: recent files and the scenarios
 * shipped with Muster */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-window.h"

#include "muster-window-private.h"

#include <glib/gi18n.h>

#include "mu-ruleset.h"
#include "muster-data-dirs.h"

#include "mu-file.h"
#include "mu-scenario-xml.h"

static GtkWidget *
file_row (GFile      *file,
          const char *title,
          const char *subtitle)
{
  GtkWidget *row, *box, *label, *icon;

  row = gtk_list_box_row_new ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (box, "file-row");
  icon = gtk_image_new_from_icon_name ("x-office-document-symbolic");
  gtk_box_append (GTK_BOX (box), icon);
  label = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  {
    GtkWidget *t = gtk_label_new (title);
    GtkWidget *s = gtk_label_new (subtitle);

    gtk_label_set_xalign (GTK_LABEL (t), 0);
    gtk_label_set_ellipsize (GTK_LABEL (t), PANGO_ELLIPSIZE_END);
    gtk_label_set_xalign (GTK_LABEL (s), 0);
    gtk_label_set_ellipsize (GTK_LABEL (s), PANGO_ELLIPSIZE_MIDDLE);
    gtk_widget_add_css_class (s, "dim-label");
    gtk_widget_add_css_class (s, "caption");
    gtk_box_append (GTK_BOX (label), t);
    gtk_box_append (GTK_BOX (label), s);
  }
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

void
muster_window_fill_recent (MusterWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  clear_list (self->recent_list);
  for (GList *l = items; l != NULL && n < 6; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFile) parent = NULL;
      g_autofree char *folder = NULL;

      if ((!g_str_has_suffix (uri, MU_SCENARIO_EXTENSION) && !muster_window_is_match_uri (uri)) ||
          !gtk_recent_info_exists (info))
        continue;
      file = g_file_new_for_uri (uri);
      parent = g_file_get_parent (file);
      folder = parent ? g_file_get_parse_name (parent) : g_strdup ("");
      gtk_list_box_append (self->recent_list,
                           file_row (file, gtk_recent_info_get_display_name (info), folder));
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  gtk_widget_set_visible (self->recent_group, n > 0);
}

static char *describe_board (const MuScenario *scenario);

char *
muster_window_describe_scenario (const MuScenario *scenario)
{
  const MuRuleset *ruleset = scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;

  if (ruleset == NULL || !mu_ruleset_can_play (ruleset))
    {
      g_autofree char *board = describe_board (scenario);

      /* Translators: a scenario's ruleset and board, then why ▶ is off */
      return g_strdup_printf (_("%s · cannot be played yet"), board);
    }
  return describe_board (scenario);
}

static char *
describe_board (const MuScenario *scenario)
{
  if (scenario->board == MU_BOARD_HEX && scenario->hex_map != NULL)
    /* Translators: ruleset id, then the board size in hexes. */
    return g_strdup_printf (_("%s · %d × %d hexes"), scenario->ruleset ? scenario->ruleset : "",
                            scenario->hex_map->grid.cols, scenario->hex_map->grid.rows);
  if (scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
    return g_strdup_printf ("%s · %g × %g %s", scenario->ruleset ? scenario->ruleset : "",
                            scenario->table->width, scenario->table->height,
                            scenario->table->unit == MU_UNIT_CM ? _("cm") : _("in"));
  return g_strdup (scenario->ruleset ? scenario->ruleset : "");
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
fill_bundled (MusterWindow *self)
{
  g_autofree char *dirname = muster_find_scenarios_dir ();
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  clear_list (self->bundled_list);
  if (dirname != NULL)
    dir = g_dir_open (dirname, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, MU_SCENARIO_EXTENSION) && name[0] != '.' &&
        !mu_file_is_temporary (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dirname, g_ptr_array_index (names, i), NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      /* a design that fails the scenario checks is listed with its title
       * as the others are: the editor opens it to be fixed */
      g_autoptr(MuScenario) scenario = mu_scenario_load_file_full (path, MU_LOAD_KEEP_CHECKED, problems,
                                                                   NULL, NULL, NULL, NULL);
      g_autofree char *subtitle = NULL;
      const char *title = g_ptr_array_index (names, i);

      if (scenario != NULL)
        {
          if (scenario->title != NULL)
            title = scenario->title;
          subtitle = muster_window_describe_scenario (scenario);
        }
      else
        {
          subtitle = g_strdup (_("This scenario has problems"));
        }
      gtk_list_box_append (self->bundled_list, file_row (file, title, subtitle));
    }
  gtk_widget_set_visible (self->bundled_group, names->len > 0);
}

void
muster_window_file_row_activated (GtkListBox    *list,
                                  GtkListBoxRow *row,
                                  MusterWindow  *self)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file != NULL)
    muster_window_open_file_async (self, file);
}

static void
on_recent_changed (GtkRecentManager *manager,
                   MusterWindow     *self)
{
  if (gtk_widget_get_mapped (self->start_page))
    muster_window_fill_recent (self);
}

/* The recent files are listed, the shipped scenarios read (whole, for their
 * titles) and work a crash left behind offered when the start page is shown:
 * a window opened on a file never needs them, and widgets on a page not
 * shown still have their style computed. The page's 128-pixel icon is
 * named then too: a named image is looked up and loaded with the window's
 * style even on a page not shown, and the application's icon is an SVG,
 * whose loader alone (librsvg) is some 6 MB of the process. */
static void
on_start_page_map (GtkWidget    *page,
                   MusterWindow *self)
{
  /* Work a crash left behind is offered once, on the first start page. */
  static gboolean offered;

  muster_window_fill_recent (self);
  if (gtk_image_get_storage_type (self->start_icon) == GTK_IMAGE_EMPTY)
    {
      gtk_image_set_from_icon_name (self->start_icon, APPLICATION_ID);
      fill_bundled (self);
    }
  if (!offered)
    muster_window_offer_recovery (self, GTK_BOX (self->recovery_box));
  offered = TRUE;
}

void
muster_window_start_page_init (MusterWindow *self)
{
  g_signal_connect (gtk_recent_manager_get_default (), "changed", G_CALLBACK (on_recent_changed), self);
  g_signal_connect (self->start_page, "map", G_CALLBACK (on_start_page_map), self);
}

void
muster_window_start_page_dispose (MusterWindow *self)
{
  g_signal_handlers_disconnect_by_func (gtk_recent_manager_get_default (), on_recent_changed, self);
}
