/* muster-application.h: the GtkApplication (single instance, opens .muster files) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_APPLICATION (muster_application_get_type ())
G_DECLARE_FINAL_TYPE (MusterApplication, muster_application, MUSTER, APPLICATION, GtkApplication)

MusterApplication *muster_application_new          (void);
GSettings         *muster_application_get_settings (MusterApplication *self);
/* The application's settings: from the installed schema, else from the
 * build's data folder (an uninstalled muster), else the defaults compiled
 * into the program, kept in memory only (with a warning). */
GSettings         *muster_settings_new             (void);
/* Opens `file` in a window: the one showing it already, an empty one, or a new one. */
void               muster_application_open_file    (MusterApplication *self, GFile *file);
/* A window for a new document: `from` when it is empty, else a new window. */
GtkWindow         *muster_application_get_empty_window (MusterApplication *self, GtkWindow *from);
/* Presents dialog as the one its owner waits on: the dialog in *current
 * before (if any) is destroyed, and *current follows dialog (it becomes
 * NULL when dialog is destroyed). The window and the match page share it. */
void               muster_present_dialog           (GtkWidget **current, GtkWidget *dialog);
/* Folders where bundled scenarios are looked for, first existing wins. */
char              *muster_application_find_scenarios_dir (void);

G_END_DECLS
