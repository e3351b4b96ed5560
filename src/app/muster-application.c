#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-application.h"

#include <glib/gi18n.h>

#include "mu-scenario-xml.h"
#include "muster-icons.h"
#include "muster-settings.h"
#include "muster-window.h"

struct _MusterApplication
{
  GtkApplication parent_instance;

  GSettings *settings;
  GMenu *recent_menu;
};

G_DEFINE_FINAL_TYPE (MusterApplication, muster_application, GTK_TYPE_APPLICATION)

#define MAX_RECENT_MENU_ITEMS 10

MusterApplication *
muster_application_new (void)
{
  return g_object_new (MUSTER_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/muster/Muster",
                       NULL);
}

GSettings *
muster_application_get_settings (MusterApplication *self)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);

  return self->settings;
}

void
muster_application_open_file (MusterApplication *self,
                              GFile             *file)
{
  g_return_if_fail (MUSTER_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  muster_window_open_in (GTK_APPLICATION (self), file);
}

static MusterWindow *
active_window (MusterApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL || !MUSTER_IS_WINDOW (window))
    {
      window = GTK_WINDOW (muster_window_new (GTK_APPLICATION (self)));
      gtk_window_present (window);
    }
  return MUSTER_WINDOW (window);
}

static void
on_new (GSimpleAction *action,
        GVariant      *param,
        gpointer       user_data)
{
  muster_window_show_new (active_window (MUSTER_APPLICATION (user_data)));
}

static void
on_open (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  muster_window_show_open (active_window (MUSTER_APPLICATION (user_data)));
}

static void
on_open_recent (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  muster_application_open_file (MUSTER_APPLICATION (user_data), file);
}

static void
on_about (GSimpleAction *action,
          GVariant      *param,
          gpointer       user_data)
{
  MusterApplication *self = MUSTER_APPLICATION (user_data);
  static const char *authors[] = { "The Muster developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", _("Muster"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Design and play American Civil War wargames"),
                         "website", "https://github.com/muster/muster",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
on_quit (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  MusterApplication *self = MUSTER_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Each window asks about its unsaved changes; the application ends when
   * the last one has closed. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static const GActionEntry app_entries[] = {
  { "new", on_new },
  { "open", on_open },
  { "open-recent", on_open_recent, "s" },
  { "about", on_about },
  { "quit", on_quit },
};

static void
update_recent_menu (GtkRecentManager  *manager,
                    MusterApplication *self)
{
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < MAX_RECENT_MENU_ITEMS; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;

      if ((!g_str_has_suffix (uri, MU_SCENARIO_EXTENSION) && !g_str_has_suffix (uri, ".muster-game")) ||
          !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "app.open-recent", "s", uri);
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
set_accels (GtkApplication *app)
{
  static const struct { const char *action; const char *accels[4]; } accels[] = {
    { "app.new", { "<Control>n", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.play", { "<Control><Shift>p", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.scenario-properties", { "<Control>p", "<Alt>Return", NULL } },
    { "win.edit", { "<Control>e", NULL } },
    { "win.resize-board", { "<Control><Shift>r", NULL } },
    { "win.import-oob", { "<Control><Shift>i", NULL } },
    { "win.export-oob", { "<Control><Shift>e", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
    { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
    { "win.zoom-fit", { "<Control>0", "<Control>KP_0", NULL } },
    { "win.zoom-reset", { "<Control>1", "<Control>KP_1", NULL } },
    { "win.show-grid", { "<Control>g", NULL } },
    { "win.show-coordinates", { "<Control><Shift>g", NULL } },
    { "win.show-primary-menu", { "F10", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
}

static void
add_source_icons (void)
{
  /* Run from the build tree: find the application icon in the sources. */
  g_autofree char *icons = g_build_filename (MUSTER_SOURCE_DATADIR, "icons", NULL);

  if (g_file_test (icons, G_FILE_TEST_IS_DIR))
    gtk_icon_theme_add_search_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()), icons);
}

/* GTK's shortcuts window has an icon-only Search button without a name
 * for assistive technology: name it, and any such button of its header. */
static void
name_icon_buttons (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_BUTTON (c) && gtk_button_get_label (GTK_BUTTON (c)) == NULL &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (c)), "edit-find-symbolic") == 0)
        gtk_accessible_update_property (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Search Shortcuts"), -1);
      name_icon_buttons (c);
    }
}

/* The shortcuts window is built when it is first asked for: GTK would build
 * it with every window (from the resource gtk/help-overlay.ui), some 10 ms
 * of a window's start-up, for a window few people open. */
static void
on_show_help_overlay (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  GtkApplicationWindow *window = data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = NULL;

      builder = gtk_builder_new_from_resource ("/io/github/muster/Muster/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* the window keeps our action, which it finds by this name */
      gtk_application_window_set_help_overlay (window, overlay);
      name_icon_buttons (GTK_WIDGET (overlay));
    }
  gtk_widget_show (GTK_WIDGET (overlay));
}

static void
on_window_added (GtkApplication *application,
                 GtkWindow      *window,
                 gpointer        data)
{
  g_autoptr(GSimpleAction) action = NULL;

  if (!GTK_IS_APPLICATION_WINDOW (window))
    return;
  action = g_simple_action_new ("show-help-overlay", NULL);
  g_signal_connect_object (action, "activate", G_CALLBACK (on_show_help_overlay), window, 0);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
}

static void
muster_application_startup (GApplication *application)
{
  MusterApplication *self = MUSTER_APPLICATION (application);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  GMenu *recent;

  G_APPLICATION_CLASS (muster_application_parent_class)->startup (application);
  muster_icons_keep ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries, G_N_ELEMENTS (app_entries), self);
  set_accels (GTK_APPLICATION (self));
  g_signal_connect (self, "window-added", G_CALLBACK (on_window_added), NULL);

  gtk_css_provider_load_from_resource (css, "/io/github/muster/Muster/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  add_source_icons ();
  gtk_window_set_default_icon_name (APPLICATION_ID);

  self->settings = muster_settings_new ();

  /* The Open Recent submenu of the primary menu (from muster-window.ui). */
  recent = G_MENU (gtk_application_get_menu_by_id (GTK_APPLICATION (self), "recent-menu"));
  if (recent != NULL)
    {
      self->recent_menu = g_object_ref (recent);
      g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                               G_CALLBACK (update_recent_menu), self, 0);
      update_recent_menu (gtk_recent_manager_get_default (), self);
    }
}

static void
muster_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (muster_window_new (GTK_APPLICATION (application)));
  gtk_window_present (window);
}

static void
muster_application_open (GApplication *application,
                         GFile       **files,
                         int           n_files,
                         const char   *hint)
{
  for (int i = 0; i < n_files; i++)
    muster_application_open_file (MUSTER_APPLICATION (application), files[i]);
}

static void
muster_application_dispose (GObject *object)
{
  MusterApplication *self = MUSTER_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->recent_menu);

  G_OBJECT_CLASS (muster_application_parent_class)->dispose (object);
}

static void
muster_application_class_init (MusterApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = muster_application_dispose;
  app_class->startup = muster_application_startup;
  app_class->activate = muster_application_activate;
  app_class->open = muster_application_open;
}

static void
muster_application_init (MusterApplication *self)
{
}
