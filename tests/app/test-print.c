#define G_LOG_DOMAIN "test-print"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

#include "mu-scenario-xml.h"
#include "muster-icons.h"
#include "muster-print.h"

/* Printing through GtkPrintOperation (to a PDF file, and the preview window)
 * and Export Counters as PDF, with the choices kept in GSettings. */

static char *tmpdir;

static MuScenario *
load_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", name, NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static int
pdf_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF"));
  for (gsize i = 0; i + 7 < len; i++)
    if (memcmp (data + i, "/Count ", 7) == 0)
      return atoi (data + i + 7);
  g_assert_not_reached ();
}

/* The first page's size in points, from its MediaBox. */
static void
pdf_page_size (const char *path,
               double     *width,
               double     *height)
{
  static const char key[] = "/MediaBox [";
  g_autofree char *data = NULL;
  const char *box = NULL;
  double x0, y0;
  gsize len;

  /* binary streams before it: no string search */
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize i = 0; box == NULL && i + sizeof key < len; i++)
    if (memcmp (data + i, key, sizeof key - 1) == 0)
      box = data + i + sizeof key - 1;
  g_assert_nonnull (box);
  g_assert_cmpint (sscanf (box, "%lf %lf %lf %lf", &x0, &y0, width, height), ==, 4);
}

static GSettings *
fresh_settings (void)
{
  GSettings *settings = g_settings_new (APPLICATION_ID);
  const char *keys[] = { "print-counter-size", "print-counters", "print-markers", "print-backs",
                         "page-setup", "print-settings" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

static void
test_export (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *path = g_build_filename (tmpdir, "export.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_print_export_counters (s, settings, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pdf_pages (path), ==, 3);

  /* The remembered choices: backs double the pages, no markers drop one. */
  g_settings_set_boolean (settings, "print-backs", TRUE);
  g_settings_set_boolean (settings, "print-markers", FALSE);
  g_assert_true (muster_print_export_counters (s, settings, file, &error));
  g_assert_cmpint (pdf_pages (path), ==, 4);

  /* A counter too small to cut: an error and no file. */
  g_unlink (path);
  g_settings_set_double (settings, "print-counter-size", 3);
  g_assert_false (muster_print_export_counters (s, settings, file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "too small"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_operation (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  g_autoptr(GSettings) settings = fresh_settings ();
  const MuSheetKind kinds[] = { MU_SHEET_KIND_COUNTERS, MU_SHEET_KIND_MAP };
  const int pages[] = { 3, 10 };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GtkPrintOperation) op = muster_print_operation_new (s, kinds[i], settings);
      g_autofree char *path = g_build_filename (tmpdir, "operation.pdf", NULL);
      g_autoptr(GtkPageSetup) a4 = gtk_page_setup_new ();
      g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
      g_autoptr(GError) error = NULL;
      g_autoptr(GVariant) remembered = NULL;
      GtkPrintOperationResult result;

      /* A4 with the sheet's own margins, as a printer that prints to the edge. */
      gtk_page_setup_set_paper_size_and_default_margins (a4, paper);
      gtk_page_setup_set_top_margin (a4, 0, GTK_UNIT_MM);
      gtk_page_setup_set_bottom_margin (a4, 0, GTK_UNIT_MM);
      gtk_page_setup_set_left_margin (a4, 0, GTK_UNIT_MM);
      gtk_page_setup_set_right_margin (a4, 0, GTK_UNIT_MM);
      gtk_print_operation_set_default_page_setup (op, a4);
      gtk_print_operation_set_export_filename (op, path);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      g_assert_cmpint (pdf_pages (path), ==, pages[i]);
      /* The paper used is remembered. */
      remembered = g_settings_get_value (settings, "page-setup");
      g_assert_cmpuint (g_variant_n_children (remembered), >, 0);
      g_unlink (path);
    }
}

/* The map of scenario printed to a PDF file with the remembered page
 * setup, as Print Map… does without the dialog; TRUE when its page is
 * landscape. setup, when given, is the page setup the person sets in the
 * dialog. */
static gboolean
print_map_landscape (const char   *scenario,
                     GSettings    *settings,
                     GtkPageSetup *setup)
{
  g_autoptr(MuScenario) s = load_scenario (scenario);
  g_autoptr(GtkPrintOperation) op = muster_print_operation_new (s, MU_SHEET_KIND_MAP, settings);
  g_autofree char *path = g_build_filename (tmpdir, "map.pdf", NULL);
  g_autoptr(GError) error = NULL;
  double width, height;

  if (setup != NULL)
    gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_export_filename (op, path);
  g_assert_cmpint (gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error), ==,
                   GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  pdf_page_size (path, &width, &height);
  g_test_message ("%s: the map on %.0f × %.0f pt", scenario, width, height);
  if (g_getenv ("MUSTER_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *base = g_strdelimit (g_strdup (scenario), ".", '-');
      g_autofree char *kept = g_build_filename (g_getenv ("MUSTER_SCREENSHOT_DIR"), base, NULL);
      g_autofree char *name = g_strconcat (kept, width > height ? "-landscape.pdf" : "-portrait.pdf", NULL);

      g_rename (path, name);
    }
  g_unlink (path);
  return width > height;
}

/* Print Map… proposes the orientation that prints the map at the larger
 * scale, unless the person chose one: Henry House Hill's table (wider
 * than deep) landscape, at 1:7.6 on A4 rather than 1:10.1 upright, First
 * Manassas's hexes on fewer sheets. The counters stay upright after it;
 * an orientation the person sets in the dialog is kept from then on. */
static void
test_map_orientation (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GtkPageSetup) portrait = gtk_page_setup_new ();
  g_autofree char *path = g_build_filename (tmpdir, "counters.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MuScenario) table = load_scenario ("henry-house-hill-table.muster");
  g_autoptr(MuScenario) hex = load_scenario ("first-manassas.muster");
  g_autoptr(GError) error = NULL;
  MuSheetOptions options;
  double width, height;

  /* the sheets' own reading of the two scenarios on A4 */
  mu_sheet_options_init (&options, MU_PAPER_A4);
  g_assert_true (mu_sheet_map_prefers_landscape (table, &options));
  {
    MuSheetOptions across = options;
    g_autoptr(MuSheet) upright = mu_sheet_new_map (table, &options, NULL);
    g_autoptr(MuSheet) turned = NULL;

    across.paper_width = options.paper_height;
    across.paper_height = options.paper_width;
    turned = mu_sheet_new_map (table, &across, NULL);
    g_test_message ("Henry House Hill: 1:%.1f upright, 1:%.1f landscape",
                    25.4 / mu_sheet_get_plan_scale (upright), 25.4 / mu_sheet_get_plan_scale (turned));
    g_assert_cmpfloat (mu_sheet_get_plan_scale (turned), >, mu_sheet_get_plan_scale (upright));
  }

  /* nothing remembered: each map its better way */
  g_assert_true (print_map_landscape ("henry-house-hill-table.muster", settings, NULL));
  g_assert_true (print_map_landscape ("henry-house-hill-table.muster", settings, NULL));
  g_assert_true (print_map_landscape ("first-manassas.muster", settings, NULL) ==
                 mu_sheet_map_prefers_landscape (hex, &options));
  /* the counters upright, the proposal for the map notwithstanding */
  g_assert_true (print_map_landscape ("henry-house-hill-table.muster", settings, NULL));
  g_assert_true (muster_print_export_counters (hex, settings, file, &error));
  g_assert_no_error (error);
  pdf_page_size (path, &width, &height);
  g_assert_cmpfloat (width, <, height);
  g_unlink (path);

  /* the person sets it upright in the dialog: kept, for tables too */
  gtk_page_setup_set_orientation (portrait, GTK_PAGE_ORIENTATION_PORTRAIT);
  g_assert_false (print_map_landscape ("henry-house-hill-table.muster", settings, portrait));
  g_assert_false (print_map_landscape ("henry-house-hill-table.muster", settings, NULL));
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, prefix);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWindow *
find_window (const char *title)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  for (GList *l = toplevels; l; l = l->next)
    if (g_strcmp0 (gtk_window_get_title (l->data), title) == 0)
      found = l->data;
  g_list_free (toplevels);
  return found;
}

static void
test_preview (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  g_autoptr(GSettings) settings = fresh_settings ();
  GtkWindow *preview = NULL;
  GtkWidget *label = NULL;

  g_settings_set_boolean (settings, "print-backs", TRUE);
  muster_print_run (NULL, s, MU_SHEET_KIND_COUNTERS, settings, GTK_PRINT_OPERATION_ACTION_PREVIEW);
  /* Bounded: pagination runs from idle callbacks. */
  for (int i = 0; i < 2000 && label == NULL; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      preview = find_window ("Print Preview: Counters");
      if (preview)
        label = find_label (GTK_WIDGET (preview), "Page ");
    }
  g_assert_nonnull (preview);
  g_assert_nonnull (label);
  /* Union, Confederate and markers, each with its back. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Page 1 of 6");
  gtk_window_destroy (preview);
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The preview closed before its pages are counted: the window lets its
 * template's widgets go as it is destroyed, and a "ready" that comes
 * after it (the operation lives on) reaches nothing of it. */
static void
test_preview_closed_early (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GtkPrintOperation) op = muster_print_operation_new (s, MU_SHEET_KIND_COUNTERS, settings);
  g_autoptr(GError) error = NULL;
  guint ready = g_signal_lookup ("ready", GTK_TYPE_PRINT_OPERATION_PREVIEW);
  GtkWindow *preview = NULL;
  GtkWidget *label;

  gtk_print_operation_set_allow_async (op, TRUE);
  gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PREVIEW, NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 2000 && preview == NULL; i++)
    {
      preview = find_window ("Print Preview: Counters");
      if (preview == NULL)
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_nonnull (preview);
  g_assert_true (g_signal_has_handler_pending (op, ready, 0, FALSE));
  label = find_label (GTK_WIDGET (preview), "Preparing");
  g_assert_nonnull (label);
  g_object_add_weak_pointer (G_OBJECT (label), (gpointer *) &label);

  /* closed while someone still holds it (GTK 4.8 disposes a window only
   * with its last reference): disposed, its template's widgets let go, not
   * yet finalized */
  g_object_ref (preview);
  gtk_window_destroy (preview);
  g_object_run_dispose (G_OBJECT (preview));
  g_assert_null (label);
  g_assert_false (g_signal_has_handler_pending (op, ready, 0, FALSE));
  g_object_unref (preview);
  g_signal_emit (op, ready, 0, NULL);
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A sheet that cannot be laid out: the preview closes and a dialog says why. */
static void
test_preview_error (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  g_autoptr(GSettings) settings = fresh_settings ();
  GtkWindow *message = NULL;

  g_settings_set_double (settings, "print-counter-size", 3);
  muster_print_run (NULL, s, MU_SHEET_KIND_COUNTERS, settings, GTK_PRINT_OPERATION_ACTION_PREVIEW);
  for (int i = 0; i < 2000 && message == NULL; i++)
    {
      GList *toplevels;
      g_main_context_iteration (NULL, FALSE);
      toplevels = gtk_window_list_toplevels ();
      for (GList *l = toplevels; l; l = l->next)
        if (GTK_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
          message = l->data;
      g_list_free (toplevels);
    }
  g_assert_nonnull (message);
  g_assert_nonnull (find_label (GTK_WIDGET (message), "The counters cannot be printed"));
  g_assert_nonnull (find_label (GTK_WIDGET (message), "/"));
  g_assert_null (find_window ("Print Preview: Counters"));
  gtk_window_destroy (message);
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  tmpdir = g_dir_make_tmp ("muster-print-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_add_func ("/app/print/no-display", test_no_display);
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add_func ("/app/print/export", test_export);
  g_test_add_func ("/app/print/operation", test_operation);
  g_test_add_func ("/app/print/map-orientation", test_map_orientation);
  g_test_add_func ("/app/print/preview", test_preview);
  g_test_add_func ("/app/print/preview-closed-early", test_preview_closed_early);
  g_test_add_func ("/app/print/preview-error", test_preview_error);
  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
