/* muster-print.c: counter sheets and the map at scale through GtkPrintOperation */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-print.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-print-counters.h"
#include "muster-print-preview.h"

/* In the remembered page setup (the "page-setup" setting, GtkPageSetup's
 * own keys besides): TRUE when its orientation is one the person chose in
 * the print dialog, FALSE (or absent, as in setups remembered before) when
 * it is the one Muster proposed. An orientation the person chose is kept
 * for every sheet; otherwise each sheet is proposed its own: counters
 * upright, the map whichever way prints it at the larger scale. */
#define ORIENTATION_CHOSEN "muster-orientation-chosen"

typedef struct {
  MuScenario *scenario;  /* a copy, owned */
  MuSheetKind kind;
  GtkPageOrientation proposed;  /* the orientation the dialog was opened with */
  gboolean chosen;              /* ... which the person chose before */
  GSettings *settings;
  MuSheet *sheet;
  GError *error;
  GtkWidget *preview;    /* the preview window while it is open (weak) */
  gboolean done;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  if (job->preview)
    g_object_remove_weak_pointer (G_OBJECT (job->preview), (gpointer *) &job->preview);
  mu_sheet_free (job->sheet);
  mu_scenario_free (job->scenario);
  g_clear_object (&job->settings);
  g_clear_error (&job->error);
  g_free (job);
}

/* The remembered page setup (NULL: none yet), with whether its
 * orientation is the person's choice. */
static GtkPageSetup *
remembered_setup (GSettings *settings,
                  gboolean  *chosen)
{
  g_autoptr(GVariant) setup_v = g_settings_get_value (settings, "page-setup");

  *chosen = FALSE;
  if (g_variant_n_children (setup_v) == 0)
    return NULL;
  g_variant_lookup (setup_v, ORIENTATION_CHOSEN, "b", chosen);
  return gtk_page_setup_new_from_gvariant (setup_v);
}

/* Remembers setup, and whether its orientation is the person's choice. */
static void
remember_setup (GSettings    *settings,
                GtkPageSetup *setup,
                gboolean      chosen)
{
  g_autoptr(GVariant) setup_v = g_variant_ref_sink (gtk_page_setup_to_gvariant (setup));
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, setup_v);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (!g_str_equal (key, ORIENTATION_CHOSEN))
        g_variant_builder_add (&builder, "{sv}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{sv}", ORIENTATION_CHOSEN, g_variant_new_boolean (chosen));
  g_settings_set_value (settings, "page-setup", g_variant_builder_end (&builder));
}

void
muster_print_sheet_options (GSettings      *settings,
                            MuSheetOptions *options)
{
  gboolean chosen;
  g_autoptr(GtkPageSetup) setup = remembered_setup (settings, &chosen);

  mu_sheet_options_init (options, MU_PAPER_A4);
  /* the map's proposed orientation is not the counters' */
  if (setup && !chosen)
    gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  if (setup)
    {
      options->paper_width = gtk_page_setup_get_paper_width (setup, GTK_UNIT_MM);
      options->paper_height = gtk_page_setup_get_paper_height (setup, GTK_UNIT_MM);
    }
  options->counter_size = g_settings_get_double (settings, "print-counter-size");
  options->counters = g_settings_get_boolean (settings, "print-counters");
  options->markers = g_settings_get_boolean (settings, "print-markers");
  options->backs = g_settings_get_boolean (settings, "print-backs");
  options->style = g_settings_get_enum (settings, "counter-style") == 1 ? MU_COUNTER_STYLE_NATO
                                                                        : MU_COUNTER_STYLE_CLASSIC;
}

static MuSheet *
make_sheet (const MuScenario     *scenario,
            MuSheetKind           kind,
            const MuSheetOptions *options,
            GError              **error)
{
  if (kind == MU_SHEET_KIND_MAP)
    return mu_sheet_new_map (scenario, options, error);
  return mu_sheet_new_counters (scenario, options, error);
}

/* The Counters tab ------------------------------------------------------------------------ */

static GObject *
on_create_custom_widget (GtkPrintOperation *op,
                         PrintJob          *job)
{
  return G_OBJECT (muster_print_counters_new (job->settings, mu_sheet_default_counter_size (job->scenario)));
}

static void
on_custom_widget_apply (GtkPrintOperation *op,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  muster_print_counters_apply (MUSTER_PRINT_COUNTERS (widget), job->settings);
}

/* Pages ------------------------------------------------------------------------------------ */

static void
on_begin_print (GtkPrintOperation *op,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);
  MuSheetOptions options;
  double top, bottom, left, right;

  /* Remember the paper chosen in the dialog's Page Setup tab, and the
   * orientation as the person's choice once they changed it from the one
   * proposed (or had chosen it before). */
  remember_setup (job->settings, setup,
                  job->chosen || gtk_page_setup_get_orientation (setup) != job->proposed);
  muster_print_sheet_options (job->settings, &options);
  options.paper_width = gtk_page_setup_get_paper_width (setup, GTK_UNIT_MM);
  options.paper_height = gtk_page_setup_get_paper_height (setup, GTK_UNIT_MM);
  /* The printer's own margins, when wider than the sheet's, are respected. */
  top = gtk_page_setup_get_top_margin (setup, GTK_UNIT_MM);
  bottom = gtk_page_setup_get_bottom_margin (setup, GTK_UNIT_MM);
  left = gtk_page_setup_get_left_margin (setup, GTK_UNIT_MM);
  right = gtk_page_setup_get_right_margin (setup, GTK_UNIT_MM);
  options.margin = MAX (options.margin, MAX (MAX (top, bottom), MAX (left, right)));

  g_clear_pointer (&job->sheet, mu_sheet_free);
  g_clear_error (&job->error);
  job->sheet = make_sheet (job->scenario, job->kind, &options, &job->error);
  if (job->sheet == NULL)
    {
      gtk_print_operation_set_n_pages (op, 1);
      gtk_print_operation_cancel (op);
      return;
    }
  gtk_print_operation_set_n_pages (op, mu_sheet_get_n_pages (job->sheet));
}

static void
on_draw_page (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  if (job->sheet == NULL || page_nr < 0 || (guint) page_nr >= mu_sheet_get_n_pages (job->sheet))
    return;
  /* Full page, millimetres: the sheet's own coordinates. */
  mu_sheet_draw_page (job->sheet, cr, (guint) page_nr);
}

static void
show_error (GtkWindow  *parent,
            const char *primary,
            const char *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_done (GtkPrintOperation      *op,
         GtkPrintOperationResult result,
         PrintJob               *job)
{
  g_autoptr(GError) error = NULL;

  job->done = TRUE;
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY && gtk_print_operation_get_print_settings (op))
    g_settings_set_value (job->settings, "print-settings",
                          gtk_print_settings_to_gvariant (gtk_print_operation_get_print_settings (op)));
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    gtk_print_operation_get_error (op, &error);
  /* A preview of a sheet that could not be laid out has nothing to show. */
  if (job->error && job->preview)
    gtk_window_destroy (GTK_WINDOW (job->preview));
  if (job->error || error)
    show_error (GTK_WINDOW (g_object_get_data (G_OBJECT (op), "muster-parent")),
                job->kind == MU_SHEET_KIND_MAP ? _("The map cannot be printed")
                                               : _("The counters cannot be printed"),
                (job->error ? job->error : error)->message);
}

/* Preview ----------------------------------------------------------------------------------- */

typedef struct {
  GtkPrintOperation *op;
  GtkPrintOperationPreview *preview;
  GtkPrintContext *context;
  PrintJob *job;
  MusterPrintPreview *window;  /* owns this */
  cairo_t *idle_cr;  /* set on the context between draws: pagination needs one */
  gulong ready_id;   /* the operation's "ready", while the window lives */
} Preview;

static void
preview_free (gpointer data)
{
  Preview *p = data;

  g_object_unref (p->op);
  g_object_unref (p->preview);
  g_object_unref (p->context);
  cairo_destroy (p->idle_cr);
  g_free (p);
}

static void
preview_draw (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  Preview *p = data;
  GtkPageSetup *setup = gtk_print_context_get_page_setup (p->context);
  double pw = gtk_page_setup_get_paper_width (setup, GTK_UNIT_MM);
  double ph = gtk_page_setup_get_paper_height (setup, GTK_UNIT_MM);
  double scale = MIN ((width - 32) / pw, (height - 32) / ph);
  double x = (width - pw * scale) / 2, y = (height - ph * scale) / 2;

  cairo_set_source_rgb (cr, 0.55, 0.56, 0.58);
  cairo_paint (cr);
  if (scale <= 0)
    return;
  cairo_rectangle (cr, x + 3, y + 3, pw * scale, ph * scale);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);
  cairo_rectangle (cr, x, y, pw * scale, ph * scale);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  if (!muster_print_preview_is_ready (p->window))
    return;
  cairo_save (cr);
  cairo_rectangle (cr, x, y, pw * scale, ph * scale);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  /* The print context scales from its dpi to the operation's unit (mm). */
  gtk_print_context_set_cairo_context (p->context, cr, scale * 25.4, scale * 25.4);
  gtk_print_operation_preview_render_page (p->preview, muster_print_preview_get_page (p->window));
  cairo_restore (cr);
  /* The drawing area's context dies with this frame. */
  gtk_print_context_set_cairo_context (p->context, p->idle_cr, 72, 72);
}

static void
on_preview_ready (GtkPrintOperationPreview *preview,
                  GtkPrintContext          *context,
                  Preview                  *p)
{
  muster_print_preview_set_ready (p->window, p->job->sheet ? (int) mu_sheet_get_n_pages (p->job->sheet) : 0);
}

/* The operation outlives the window when it is closed before the pages
 * are counted: its "ready" must not reach a window that is gone. */
static void
on_preview_destroy (GtkWidget *window,
                    Preview   *p)
{
  g_clear_signal_handler (&p->ready_id, p->preview);
  if (!p->job->done)
    gtk_print_operation_preview_end_preview (p->preview);
}

static gboolean
on_preview (GtkPrintOperation        *op,
            GtkPrintOperationPreview *preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            PrintJob                 *job)
{
  Preview *p = g_new0 (Preview, 1);
  GtkWidget *window;

  p->op = g_object_ref (op);
  p->preview = g_object_ref (preview);
  p->context = g_object_ref (context);
  p->job = job;
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
    p->idle_cr = cairo_create (surface);
    cairo_surface_destroy (surface);
  }
  /* GTK paginates as soon as this returns, and wants a context for it. */
  gtk_print_context_set_cairo_context (context, p->idle_cr, 72, 72);

  window = muster_print_preview_new (parent,
                                     job->kind == MU_SHEET_KIND_MAP ? _("Print Preview: Map")
                                                                    : _("Print Preview: Counters"),
                                     preview_draw, p);
  p->window = MUSTER_PRINT_PREVIEW (window);
  p->ready_id = g_signal_connect (preview, "ready", G_CALLBACK (on_preview_ready), p);
  g_signal_connect (window, "destroy", G_CALLBACK (on_preview_destroy), p);
  g_object_set_data_full (G_OBJECT (window), "muster-preview", p, preview_free);
  job->preview = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &job->preview);
  gtk_window_present (GTK_WINDOW (window));
  return TRUE;
}

/* Operations --------------------------------------------------------------------------------- */

/* The orientation that prints the map of scenario at the larger scale on
 * setup's paper, with its margins as on_begin_print() takes them: a table
 * wider than deep comes out landscape (Henry House Hill on A4 at 1:7.6,
 * where upright gave 1:10.1), a hex map on fewer sheets (First Manassas on
 * 2 × 4 rather than 3 × 3). */
static GtkPageOrientation
map_orientation (const MuScenario *scenario,
                 GtkPageSetup     *setup)
{
  GtkPaperSize *paper = gtk_page_setup_get_paper_size (setup);
  MuSheetOptions options;

  mu_sheet_options_init (&options, MU_PAPER_A4);
  options.paper_width = gtk_paper_size_get_width (paper, GTK_UNIT_MM);
  options.paper_height = gtk_paper_size_get_height (paper, GTK_UNIT_MM);
  options.margin = MAX (options.margin, MAX (MAX (gtk_page_setup_get_top_margin (setup, GTK_UNIT_MM),
                                                  gtk_page_setup_get_bottom_margin (setup, GTK_UNIT_MM)),
                                             MAX (gtk_page_setup_get_left_margin (setup, GTK_UNIT_MM),
                                                  gtk_page_setup_get_right_margin (setup, GTK_UNIT_MM))));
  return mu_sheet_map_prefers_landscape (scenario, &options) ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                             : GTK_PAGE_ORIENTATION_PORTRAIT;
}

GtkPrintOperation *
muster_print_operation_new (const MuScenario *scenario,
                            MuSheetKind       kind,
                            GSettings        *settings)
{
  GtkPrintOperation *op;
  PrintJob *job;
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GVariant) settings_v = NULL;

  g_return_val_if_fail (scenario != NULL && G_IS_SETTINGS (settings), NULL);

  job = g_new0 (PrintJob, 1);
  job->scenario = mu_scenario_copy (scenario);
  job->kind = kind;
  job->settings = g_object_ref (settings);

  op = gtk_print_operation_new ();
  g_object_set_data_full (G_OBJECT (op), "muster-print-job", job, print_job_free);
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_unit (op, GTK_UNIT_MM);
  gtk_print_operation_set_embed_page_setup (op, TRUE);
  gtk_print_operation_set_job_name (op, scenario->title ? scenario->title : _("Muster"));
  setup = remembered_setup (settings, &job->chosen);
  if (!job->chosen && kind == MU_SHEET_KIND_MAP)
    {
      /* the paper GTK would offer when none is remembered */
      if (setup == NULL)
        setup = gtk_page_setup_new ();
      gtk_page_setup_set_orientation (setup, map_orientation (scenario, setup));
    }
  else if (!job->chosen && setup != NULL)
    gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  if (setup != NULL)
    gtk_print_operation_set_default_page_setup (op, setup);
  job->proposed = setup ? gtk_page_setup_get_orientation (setup) : GTK_PAGE_ORIENTATION_PORTRAIT;
  settings_v = g_settings_get_value (settings, "print-settings");
  if (g_variant_n_children (settings_v) > 0)
    {
      g_autoptr(GtkPrintSettings) ps = gtk_print_settings_new_from_gvariant (settings_v);
      if (ps)
        gtk_print_operation_set_print_settings (op, ps);
    }
  if (kind == MU_SHEET_KIND_COUNTERS)
    {
      gtk_print_operation_set_custom_tab_label (op, _("Counters"));
      g_signal_connect (op, "create-custom-widget", G_CALLBACK (on_create_custom_widget), job);
      g_signal_connect (op, "custom-widget-apply", G_CALLBACK (on_custom_widget_apply), job);
    }
  g_signal_connect (op, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (op, "draw-page", G_CALLBACK (on_draw_page), job);
  g_signal_connect (op, "preview", G_CALLBACK (on_preview), job);
  g_signal_connect (op, "done", G_CALLBACK (on_done), job);
  return op;
}

void
muster_print_run (GtkWindow              *parent,
                  const MuScenario       *scenario,
                  MuSheetKind             kind,
                  GSettings              *settings,
                  GtkPrintOperationAction action)
{
  g_autoptr(GtkPrintOperation) op = muster_print_operation_new (scenario, kind, settings);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  g_object_set_data (G_OBJECT (op), "muster-parent", parent);
  /* Asynchronous: the window stays responsive while the dialog is open. */
  gtk_print_operation_set_allow_async (op, TRUE);
  result = gtk_print_operation_run (op, action, parent, &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && error)
    show_error (parent, _("Printing failed"), error->message);
}

/* Export --------------------------------------------------------------------------------------- */

gboolean
muster_print_export_counters (const MuScenario *scenario,
                              GSettings        *settings,
                              GFile            *file,
                              GError          **error)
{
  g_autoptr(MuSheet) sheet = NULL;
  g_autofree char *path = g_file_get_path (file);
  MuSheetOptions options;

  g_return_val_if_fail (scenario != NULL && G_IS_SETTINGS (settings) && G_IS_FILE (file), FALSE);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be written"));
      return FALSE;
    }
  muster_print_sheet_options (settings, &options);
  sheet = mu_sheet_new_counters (scenario, &options, error);
  return sheet != NULL && mu_sheet_write (sheet, path, 150, error);
}

GtkWidget *
muster_print_export_chooser_response (GtkNativeDialog  *chooser,
                                      int               response,
                                      const MuScenario *scenario,
                                      GSettings        *settings)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) pdf = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_NATIVE_DIALOG (chooser), NULL);

  if (response != GTK_RESPONSE_ACCEPT || scenario == NULL)
    return NULL;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  path = g_file_get_path (file);
  if (path && !g_str_has_suffix (path, ".pdf"))
    {
      g_autofree char *with = g_strconcat (path, ".pdf", NULL);
      pdf = g_file_new_for_path (with);
    }
  else
    pdf = g_object_ref (file);
  if (muster_print_export_counters (scenario, settings, pdf, &error))
    return NULL;
  dialog = gtk_message_dialog_new (gtk_native_dialog_get_transient_for (chooser),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                   _("The counters cannot be exported"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  return dialog;
}

GtkFileChooserNative *
muster_print_new_export_chooser (GtkWindow        *parent,
                                 const MuScenario *scenario)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);

  chooser = gtk_file_chooser_native_new (_("Export Counters as PDF"), parent,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_suffix (filter, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (scenario->filename)
    {
      g_autofree char *base = g_path_get_basename (scenario->filename);
      char *dot = strrchr (base, '.');
      if (dot)
        *dot = '\0';
      name = g_strdup_printf (_("%s counters.pdf"), base);
    }
  else if (scenario->title != NULL && *scenario->title != '\0')
    {
      /* a new scenario or a bundled one's copy has no file yet: its title
       * names the sheet, as it names the scenario's own file */
      name = g_strdup_printf (_("%s counters.pdf"), scenario->title);
      g_strdelimit (name, "/\\", '-');
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name ? name : _("counters.pdf"));
  return chooser;
}
