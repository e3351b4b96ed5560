/* muster-print-counters.h: the Counters tab of the print dialog
 *
 * The counters' size (the scenario's own or one in millimetres), and
 * whether the counters, the rules' markers and mirrored backs are
 * printed. Starts from the print-* keys of the settings given and writes
 * them back on muster_print_counters_apply(), when the dialog prints.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_PRINT_COUNTERS (muster_print_counters_get_type ())
G_DECLARE_FINAL_TYPE (MusterPrintCounters, muster_print_counters, MUSTER, PRINT_COUNTERS, GtkWidget)

GtkWidget *muster_print_counters_new   (GSettings           *settings,
                                        double               scenario_size);
void       muster_print_counters_apply (MusterPrintCounters *self,
                                        GSettings           *settings);

G_END_DECLS
