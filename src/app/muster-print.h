/* muster-print.h: printing counter sheets and the map at scale, and exporting
 * counter sheets as PDF
 *
 * The pages come from the renderer's sheets (mu-sheet.h), the same code
 * muster-cli uses; this file only connects them to GtkPrintOperation (page
 * setup, the Counters tab of the print dialog, the preview window) and
 * remembers the choices in GSettings.
 */
#pragma once

#include <gtk/gtk.h>

#include "mu-scenario.h"
#include "mu-sheet.h"

G_BEGIN_DECLS

/* A print operation for a copy of scenario (later edits do not reach it):
 * counters and markers (MU_SHEET_KIND_COUNTERS) or the map at scale
 * (MU_SHEET_KIND_MAP). Page setup and print settings come from and go back
 * to settings. */
GtkPrintOperation *muster_print_operation_new (const MuScenario *scenario, MuSheetKind kind,
                                               GSettings *settings);
/* Runs it (action: dialog or preview) for parent; failures are shown in a
 * dialog transient for parent. */
void      muster_print_run               (GtkWindow *parent, const MuScenario *scenario,
                                          MuSheetKind kind, GSettings *settings,
                                          GtkPrintOperationAction action);

/* The remembered sheet options: the paper of the remembered page setup (A4
 * without one), counter size, counters, markers, backs, and the counter style. */
void      muster_print_sheet_options     (GSettings *settings, MuSheetOptions *options);

/* Writes the counter sheet with the remembered options as a PDF (atomically). */
gboolean  muster_print_export_counters   (const MuScenario *scenario, GSettings *settings,
                                          GFile *file, GError **error);
/* A save dialog for the PDF (not shown), and its answer: exports when
 * accepted; returns a dialog about a failure (not shown), or NULL. */
GtkFileChooserNative *muster_print_new_export_chooser (GtkWindow *parent, const MuScenario *scenario);
GtkWidget *muster_print_export_chooser_response (GtkNativeDialog *chooser, int response,
                                                 const MuScenario *scenario, GSettings *settings);

G_END_DECLS
