/* editor-fixture.h: the map view and the editor side by side in a real
 * window, shared by the editor's UI tests. */
#pragma once

#include <gtk/gtk.h>

#include "mu-edit.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-map-view.h"
#include "muster-scene.h"

typedef struct {
  GtkWidget *window;
  MusterMapView *view;
  MusterScene *scene;
  MusterEditor *editor;
  MuEditHistory *history;
  char *start;           /* the scenario saved before the test's edits */
  gsize start_len;
} Fixture;

static inline void
flush_events (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* scenarios/template.muster from the source tree. */
static inline MuScenario *
load_template (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "template.muster", NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return s;
}

/* An empty 48 by 36 inch table with a Union and a Confederate side. */
static inline MuScenario *
table_scenario (void)
{
  MuScenario *s = mu_scenario_new_table ("baa-table", 48, 36, MU_UNIT_INCH, "15mm");

  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x7fa7d6));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xa6a6a6));
  return s;
}

/* Takes the scenario, shows it in a window with the editor and fits it. */
static inline void
fixture_open (Fixture    *f,
              MuScenario *s)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  f->history = mu_edit_history_new (s);
  f->start = mu_scenario_save_to_data (s, &f->start_len);
  f->scene = muster_scene_new ();
  muster_scene_set_history (f->scene, f->history);
  f->view = MUSTER_MAP_VIEW (muster_map_view_new ());
  muster_map_view_set_scene (f->view, f->scene);
  gtk_widget_set_hexpand (GTK_WIDGET (f->view), TRUE);
  f->editor = MUSTER_EDITOR (muster_editor_new (f->history, f->view));
  gtk_widget_set_margin_start (GTK_WIDGET (f->editor), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (f->editor), 8);
  gtk_widget_set_margin_top (GTK_WIDGET (f->editor), 8);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->view));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->editor));

  f->window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (f->window), "Muster editor");
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 720);
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));
  for (int i = 0; i < 20000 && gtk_widget_get_width (GTK_WIDGET (f->view)) <= 0; i++)
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), >, 0);
  muster_map_view_zoom_to_fit (f->view);
  flush_events ();
}

static inline void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  flush_events ();
  g_clear_object (&f->scene);
  g_clear_object (&f->history);
  g_free (f->start);
}

/* Set-up: table_scenario (), or the template when the test's data is set. */
static inline void
fixture_set_up_table (Fixture       *f,
                      gconstpointer  data)
{
  fixture_open (f, data ? load_template () : table_scenario ());
}

static inline void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  fixture_close (f);
}

/* The scenario as edited so far. */
static inline MuScenario *
model (Fixture *f)
{
  return mu_edit_history_get_scenario (f->history);
}
