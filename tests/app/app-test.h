/* app-test.h: the harness the application's window tests share
 *
 * A test program calls app_test_init() first (a private folder for the
 * data and cache GLib hands out, memory settings, no accessibility bus,
 * GTK), adds its tests, and app_test_run() runs them with the application
 * registered, then removes the private folder. Between steps,
 * flush_events() lets GTK handle what is pending. */
#pragma once

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "mu-scenario-xml.h"
#include "muster-application.h"
#include "muster-data-dirs.h"
#include "muster-icons.h"
#include "muster-settings.h"
#include "muster-match-page.h"
#include "muster-window.h"

static MusterApplication *app;
static char *tmpdir;
/* Set by a test that checks a widget is drawn: GTK's pending-resize
 * snapshot warning fails it like any other (see app_test_is_gtk_noise). */
static gboolean app_test_strict_snapshots;

/* GTK 4.8's tooltip and pointer code may ask about a surface a closed test
 * window destroyed; that critical alone fails nothing. */
static inline gboolean
app_test_on_fatal_log (const char     *domain,
                       GLogLevelFlags  level,
                       const char     *message,
                       gpointer        user_data)
{
  if (message != NULL && strstr (message, "GDK_IS_SURFACE") != NULL &&
      (strstr (message, "gdk_surface_get_device_position") != NULL ||
       strstr (message, "_gtk_widget_find_at_coords") != NULL))
    return FALSE;
  return TRUE;
}

static inline void
app_test_on_gdk_log (const char     *domain,
                     GLogLevelFlags  level,
                     const char     *message,
                     gpointer        user_data)
{
  if (!app_test_on_fatal_log (domain, level, message, user_data))
    {
      /* let through, but said, so that a log shows which */
      g_printerr ("(not fatal in tests) %s: %s\n", domain, message);
      return;
    }
  g_log_default_handler (domain, level, message, user_data);
}

static inline void
flush_events (void)
{
  g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static inline void
wait_for_allocation (GtkWidget *widget)
{
  g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
  for (int i = 0; i < 20000 && gtk_widget_get_width (widget) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

static inline void
destroy_all_windows (void)
{
  GList *toplevels = gtk_window_list_toplevels ();

  /* held: destroying a window destroys its dialogs, later in the list */
  for (GList *l = toplevels; l; l = l->next)
    g_object_ref (l->data);
  for (GList *l = toplevels; l; l = l->next)
    gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free_full (toplevels, g_object_unref);
  flush_events ();
}

/* The first widget of the type under root (depth first), or NULL. */
static inline GtkWidget *
app_test_find_widget (GtkWidget *root,
                      GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = app_test_find_widget (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/* scenarios/NAME from the source tree (newly allocated). */
static inline char *
app_test_scenario_path (const char *name)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");

  return g_build_filename (root ? root : ".", "scenarios", name, NULL);
}

static inline MuScenario *
app_test_load_scenario (const char *name)
{
  g_autofree char *path = app_test_scenario_path (name);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return s;
}

/* A BAA hex board of 20 by 14 hexes titled `title`, with the Union and
 * the Confederates and nothing on it yet. */
static inline MuScenario *
app_test_new_hex_scenario (const char       *title,
                           MuHexOrientation  orientation,
                           MuHexOffset       offset)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", 20, 14, orientation, offset);

  g_free (s->title);
  s->title = g_strdup (title);
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0xa8c8e8));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xc0c0c0));
  return s;
}

/* One day of ten hour-long bounds from 06:00, light from 05:00 to 19:00. */
static inline void
app_test_set_one_day (MuScenario *s)
{
  s->timeline.bounds = 10;
  s->timeline.first_bound = 1;
  s->timeline.start_minutes = 6 * 60;
  s->timeline.minutes_per_bound = 60;
  s->timeline.dawn_minutes = 5 * 60;
  s->timeline.dusk_minutes = 19 * 60;
  s->timeline.days = 1;
}

/* The Union's infantry brigade "u1" at hex, added to s (which owns it). */
static inline MuCounter *
app_test_add_brigade (MuScenario *s,
                      MuHex       hex)
{
  MuCounter *unit = mu_counter_new (MU_COUNTER_UNIT, "u1", "usa");

  unit->name = g_strdup ("1st Brigade");
  unit->arm = MU_ARM_INFANTRY;
  mu_counter_set_int (unit, "range", 2);
  mu_counter_set_int (unit, "attack", 4);
  unit->strength = 3;
  unit->place.kind = MU_PLACE_HEX;
  unit->place.hex = hex;
  g_ptr_array_add (s->counters, unit);
  return unit;
}

/* A window of the size the screenshots show, presented and laid out. */
static inline MusterWindow *
new_window (void)
{
  MusterWindow *window = muster_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_allocation (GTK_WIDGET (window));
  return window;
}

/* A new hot-seat match of scenario with the seed on window's match page,
 * laid out. */
static inline MusterMatchPage *
show_scenario_match (MusterWindow *window,
                     MuScenario   *scenario,
                     guint64       seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = NULL;
  GtkWidget *page;

  game = muster_game_new_for_scenario (scenario, seed, &error);
  g_assert_no_error (error);
  muster_window_show_match (window, game);
  page = muster_window_get_match_page (window);
  g_assert_true (MUSTER_IS_MATCH_PAGE (page));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (MUSTER_MATCH_PAGE (page))));
  return MUSTER_MATCH_PAGE (page);
}

/* game on window's match page, laid out, with the hand-over screen taken
 * away as a person would, so that the board takes clicks. */
static inline MusterMatchPage *
app_test_show_game (MusterWindow *window,
                    MusterGame   *game)
{
  MusterMatchPage *page;

  muster_window_show_match (window, game);
  page = MUSTER_MATCH_PAGE (muster_window_get_match_page (window));
  wait_for_allocation (GTK_WIDGET (muster_match_page_get_map_view (page)));
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  flush_events ();
  return page;
}

/* A new match of First Manassas with the seed on window's match page. */
static inline MusterMatchPage *
start_match (MusterWindow *window,
             guint64       seed)
{
  g_autoptr(MuScenario) scenario = app_test_load_scenario ("first-manassas.muster");

  return show_scenario_match (window, scenario, seed);
}

/* End Phase as a person does it (taking the board first when the hand-over
 * screen covers it), saying yes when it warns (First
 * Manassas opens on the Confederates' unassigned STAR units, BAA-CMD-11). */
static inline void
app_test_end_phase (MusterMatchPage *page)
{
  if (muster_match_page_get_handover_side (page) != NULL)
    muster_match_page_dismiss_handover (page);
  gtk_widget_activate_action (GTK_WIDGET (page), "match.end-phase", NULL);
  if (muster_match_page_get_dialog (page) != NULL)
    gtk_dialog_response (GTK_DIALOG (muster_match_page_get_dialog (page)), GTK_RESPONSE_ACCEPT);
  flush_events ();
}

static inline void
app_test_no_display (void)
{
  g_test_skip ("no display");
}

/* Returns FALSE when there is no display: the program then has one test
 * that says so, and app_test_run() runs just that. */
/* Nor does GTK's warning that it skipped drawing a widget whose resize was
 * still pending ("Trying to snapshot GtkButton … without a current
 * allocation"): a frame can come between a test's change and the layout
 * that follows it, once in a while under load, and the next frame draws the
 * widget. GTK logs it structured, which never reaches the fatal handler
 * above, so the writer lets it pass as a note; everything else is written
 * (and made fatal) as GLib's default writer does. */
static inline gboolean
app_test_is_gtk_noise (GLogLevelFlags   level,
                       const GLogField *fields,
                       gsize            n_fields)
{
  const char *domain = NULL, *message = NULL;

  if ((level & G_LOG_LEVEL_WARNING) == 0 || app_test_strict_snapshots)
    return FALSE;
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
      domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      message = fields[i].value;
  return g_strcmp0 (domain, "Gtk") == 0 && message != NULL && g_str_has_prefix (message, "Trying to snapshot ") &&
         g_str_has_suffix (message, " without a current allocation");
}

static inline GLogWriterOutput
app_test_log_writer (GLogLevelFlags   level,
                     const GLogField *fields,
                     gsize            n_fields,
                     gpointer         user_data)
{
  if (app_test_is_gtk_noise (level, fields, n_fields))
    {
      g_autofree char *line = g_log_writer_format_fields (level & ~G_LOG_FLAG_FATAL, fields, n_fields, FALSE);

      g_printerr ("(not fatal in tests) %s\n", line);
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static inline gboolean
app_test_init (int        *argc,
               char     ***argv,
               const char *skip_path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cache = NULL;

  tmpdir = g_dir_make_tmp ("muster-app-test-XXXXXX", &error);
  g_assert_no_error (error);
  cache = g_build_filename (tmpdir, "cache", NULL);
  /* recent files and autosaves stay out of the person's own folders */
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);

  g_log_set_writer_func (app_test_log_writer, NULL, NULL);
  g_test_init (argc, argv, NULL);
  g_test_log_set_fatal_handler (app_test_on_fatal_log, NULL);
  g_log_set_handler ("Gdk", G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION,
                     app_test_on_gdk_log, NULL);
  g_log_set_handler ("Gtk", G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION,
                     app_test_on_gdk_log, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func (skip_path, app_test_no_display);
      return FALSE;
    }
  /* before the first window, not only once the application starts */
  muster_icons_keep ();
  return TRUE;
}

static inline void
app_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          app_test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* Runs the tests, with the application registered when there is a display. */
static inline int
app_test_run (gboolean with_display)
{
  g_autoptr(GError) error = NULL;
  int status;

  if (with_display)
    {
      app = muster_application_new ();
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
      g_application_hold (G_APPLICATION (app));
    }
  status = g_test_run ();
  if (app != NULL)
    {
      g_application_release (G_APPLICATION (app));
      g_clear_object (&app);
    }
  app_test_remove_tree (tmpdir);
  g_clear_pointer (&tmpdir, g_free);
  return status;
}
