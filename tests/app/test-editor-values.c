/* The order-of-battle form of a tabletop ruleset under a real display: the
 * controls for the values the ruleset declares (Morale Napoleon's type and
 * bases, Toy Soldiers' élan and side flags) change the model through undoable
 * steps, a value out of range is refused with its range, and Brothers at
 * Arms' attack and identity are not offered. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mu-edit.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "muster-editor.h"
#include "muster-editor-oob.h"
#include "muster-icons.h"
#include "muster-map-view.h"
#include "muster-scene.h"
#include "editor-fixture.h"

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", data, NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);

  g_assert_no_error (error);
  fixture_open (f, s);
}

/* The control of a declared value (the word of a flag: a check button). */
static GtkWidget *
find_value (GtkWidget  *root,
            const char *field,
            const char *word)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      const MuFieldInfo *f = g_object_get_data (G_OBJECT (w), "value-field");
      GtkWidget *found;

      if (f && strcmp (f->id, field) == 0 &&
          (word == NULL || g_strcmp0 (g_object_get_data (G_OBJECT (w), "value-word"), word) == 0))
        return w;
      if ((found = find_value (w, field, word)))
        return found;
    }
  return NULL;
}

/* A special-ability check button (Brothers at Arms'). */
static GtkWidget *
find_ability (GtkWidget *root)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_CHECK_BUTTON (w) && g_object_get_data (G_OBJECT (w), "ability"))
        return w;
      if ((found = find_ability (w)))
        return found;
    }
  return NULL;
}

/* Whether a visible label under root says text. */
static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      if (GTK_IS_LABEL (w) && gtk_widget_get_visible (w) &&
          strstr (gtk_label_get_label (GTK_LABEL (w)), text) != NULL)
        return TRUE;
      if (shows_label (w, text))
        return TRUE;
    }
  return FALSE;
}

static GtkWidget *
find_field_spin (GtkWidget      *root,
                 const char     *field)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_SPIN_BUTTON (w) && g_object_get_data (G_OBJECT (w), "error-label") &&
          g_strcmp0 (g_object_get_data (G_OBJECT (w), "field"), field) == 0)
        return w;
      if ((found = find_field_spin (w, field)))
        return found;
    }
  return NULL;
}

static void
test_unit_values (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *type, *bases;
  const MuCounter *c;
  guint cav = 0;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "2nd-wisconsin"));
  flush_events ();
  g_assert_null (find_field_spin (GTK_WIDGET (oob), "attack"));
  g_assert_null (find_field_spin (GTK_WIDGET (oob), "identity"));
  g_assert_null (find_ability (GTK_WIDGET (oob)));
  type = find_value (GTK_WIDGET (oob), "type", NULL);
  bases = find_value (GTK_WIDGET (oob), "bases", NULL);
  g_assert_true (GTK_IS_DROP_DOWN (type));
  g_assert_true (GTK_IS_SPIN_BUTTON (bases));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (bases)), ==, 4);
  {
    GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (type));

    /* the declared name, not the file's word */
    g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Infantry");
  }
  {
    GtkWidget *formation = find_value (GTK_WIDGET (oob), "formation", NULL);
    GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (formation));

    g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Line");
  }
  /* the row tells the ruleset's values by their names, not Brothers at Arms' */
  {
    guint seen = 0;

    for (guint i = 0; i < muster_editor_oob_get_n_rows (oob); i++)
      {
        g_autofree char *text = muster_editor_oob_get_row_text (oob, i);

        if (g_str_has_prefix (text, "2nd Wisconsin") && ++seen)
          g_assert_cmpstr (text, ==, "2nd Wisconsin — infantry, Type: Infantry, Bases: 4 · on the table");
        if (g_str_has_prefix (text, "Gibbon") && ++seen)
          g_assert_cmpstr (text, ==, "Gibbon — control, Leader level: Division · on the table");
      }
    g_assert_cmpuint (seen, ==, 2);
  }
  /* the leader's level, not a unit's value, is not offered here */
  g_assert_null (find_value (GTK_WIDGET (oob), "level", NULL));

  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (type))); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (GTK_DROP_DOWN (type)), i);

      if (strcmp (gtk_string_object_get_string (item), "Cavalry") == 0)
        cav = i;
    }
  g_assert_cmpuint (cav, >, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (type), cav);
  flush_events ();
  c = mu_scenario_find_counter (model (f), "2nd-wisconsin");
  g_assert_cmpstr (mu_values_get (c->values, "type"), ==, "cav");
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Change Type");

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bases), 5);
  flush_events ();
  c = mu_scenario_find_counter (model (f), "2nd-wisconsin");
  g_assert_cmpint (c->strength, ==, 5);

  /* out of the declared range: refused, the range named */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bases), 120);
  flush_events ();
  c = mu_scenario_find_counter (model (f), "2nd-wisconsin");
  g_assert_cmpint (c->strength, ==, 5);
  /* the form's message line says why */
  g_assert_true (shows_label (GTK_WIDGET (oob), "bases 120 is out of range (0 to 99)"));

  /* undo, and the form follows the model */
  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  type = find_value (GTK_WIDGET (oob), "type", NULL);
  {
    GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (type));

    g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Infantry");
  }
  bases = find_value (GTK_WIDGET (oob), "bases", NULL);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (bases)), ==, 4);

  /* the rule that declares the value is the control's tooltip */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (type), ==, "MN-MOV-4");
}

static void
test_side_values (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *veterans, *elan;
  const MuSide *side;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "usa"));
  flush_events ();
  veterans = find_value (GTK_WIDGET (oob), "flags", "veterans");
  elan = find_value (GTK_WIDGET (oob), "elan", NULL);
  g_assert_true (GTK_IS_CHECK_BUTTON (veterans));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_value (GTK_WIDGET (oob), "flags", "time-limit"))));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (veterans)));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (elan)), ==, 2);

  gtk_check_button_set_active (GTK_CHECK_BUTTON (veterans), TRUE);
  flush_events ();
  side = mu_scenario_find_side (model (f), "usa");
  g_assert_cmpstr (mu_values_get (side->values, "flags"), ==, "time-limit veterans");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (elan), 5);
  flush_events ();
  side = mu_scenario_find_side (model (f), "usa");
  g_assert_cmpstr (mu_values_get (side->values, "elan"), ==, "5");
  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_value (GTK_WIDGET (oob), "flags", "veterans"))));
  {
    gsize len = 0;
    g_autofree char *now = mu_scenario_save_to_data (model (f), &len);

    g_assert_cmpmem (now, len, f->start, f->start_len);
  }
}

static GtkWidget *
find_role (GtkWidget  *root,
           const char *role)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (g_strcmp0 (g_object_get_data (G_OBJECT (w), "role"), role) == 0)
        return w;
      if ((found = find_role (w, role)))
        return found;
    }
  return NULL;
}

/* TS-AMB-78: under a toy-soldiers side, the engine's hint of its
 * selections and their élan, following the flags as they change; the
 * Union's two battalions and battery with the time limit, then veterans */
static void
test_side_hint (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *hint;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "usa"));
  flush_events ();
  hint = find_role (GTK_WIDGET (oob), "side-hint");
  g_assert_true (GTK_IS_LABEL (hint));
  g_assert_true (gtk_widget_get_visible (hint));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (hint)), ==, "4 points: élan 2");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_value (GTK_WIDGET (oob), "flags", "veterans")), TRUE);
  flush_events ();
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_role (GTK_WIDGET (oob), "side-hint"))), ==,
                   "5 points: élan 4");
}

/* A side's home edge and a deployment zone along it, from the form; both
 * undone to the file as it was. */
static void
test_home_edge (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  GtkWidget *edge, *depth, *add;
  guint areas = model (f)->table->areas->len;
  const MuArea *zone;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "csa"));
  flush_events ();
  edge = find_role (GTK_WIDGET (oob), "home-edge");
  depth = find_role (GTK_WIDGET (oob), "deployment-depth");
  add = find_role (GTK_WIDGET (oob), "add-deployment");
  g_assert_nonnull (edge);
  g_assert_nonnull (depth);
  g_assert_nonnull (add);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (edge)), ==, 1 + MU_TABLE_EDGE_NORTH);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (edge), 1 + MU_TABLE_EDGE_EAST);
  flush_events ();
  g_assert_cmpint (((MuHomeEdge *) model (f)->table->home_edges->pdata[1])->edge, ==, MU_TABLE_EDGE_EAST);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Change Home Edge");

  depth = find_role (GTK_WIDGET (oob), "deployment-depth");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (depth), 6);
  g_signal_emit_by_name (find_role (GTK_WIDGET (oob), "add-deployment"), "clicked");
  flush_events ();
  g_assert_cmpuint (model (f)->table->areas->len, ==, areas + 1);
  zone = g_ptr_array_index (model (f)->table->areas, areas);
  g_assert_cmpstr (zone->side, ==, "csa");
  g_assert_cmpfloat (((const MuPoint *) zone->points->data)[0].x, ==, 42);

  /* too deep: refused in the form's message line */
  depth = find_role (GTK_WIDGET (oob), "deployment-depth");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (depth), 30);
  g_signal_emit_by_name (find_role (GTK_WIDGET (oob), "add-deployment"), "clicked");
  flush_events ();
  g_assert_cmpuint (model (f)->table->areas->len, ==, areas + 1);
  g_assert_true (shows_label (GTK_WIDGET (oob), "at most half the table (24) deep, not 30"));

  g_assert_true (mu_edit_history_undo (f->history));
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  edge = find_role (GTK_WIDGET (oob), "home-edge");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (edge)), ==, 1 + MU_TABLE_EDGE_NORTH);
  {
    gsize len = 0;
    g_autofree char *now = mu_scenario_save_to_data (model (f), &len);

    g_assert_cmpmem (now, len, f->start, f->start_len);
  }
}

/* A table file whose 11th Massachusetts says formation="column" only, as
 * files did before baa-table declared the formation value. */
static void
fixture_set_up_older (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", data, NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);
  MuCounter *c;

  g_assert_no_error (error);
  c = mu_scenario_find_counter (s, "11th-massachusetts");
  g_assert_nonnull (c);
  g_assert_null (mu_values_get (c->values, "formation"));
  c->place.formation = MU_FORMATION_COLUMN;
  fixture_open (f, s);
}

/* The most ranks of the unit's stands on the board: 1 in a line, as many
 * as its stands in a column one file wide. */
static guint
piece_ranks (Fixture    *f,
             const char *id,
             guint      *n_stands)
{
  guint n = 0, ranks = 0;
  const MuPiece *pieces = muster_scene_get_pieces (f->scene, &n);

  for (guint i = 0; i < n; i++)
    if (pieces[i].counter && g_strcmp0 (pieces[i].counter->id, id) == 0)
      {
        *n_stands = pieces[i].n_stands;
        for (guint k = 0; k < pieces[i].n_stands; k++)
          ranks = MAX (ranks, pieces[i].stands[k].rank + 1);
        return ranks;
      }
  g_assert_not_reached ();
}

static const char *
selected_word (GtkWidget *dropdown)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  return item ? gtk_string_object_get_string (item) : NULL;
}

static void
select_word (GtkWidget  *dropdown,
             const char *word)
{
  GListModel *words = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));

  for (guint i = 0; i < g_list_model_get_n_items (words); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (words, i);

      if (strcmp (gtk_string_object_get_string (item), word) == 0)
        {
          gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), i);
          flush_events ();
          return;
        }
    }
  g_assert_not_reached ();
}

/* baa-table: the unit form's one formation control offers the ruleset's
 * formations, shows the one the unit stands in (also when an older file says
 * it with formation="column"), sets the declared value in one named step,
 * and the board draws the unit in it; undo puts the line back. */
static void
test_table_formation (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  const MuCounter *c;
  GtkWidget *formation;
  guint n = 0;

  muster_editor_show_panel (f->editor, MUSTER_EDITOR_PANEL_FORCES);
  g_assert_true (muster_editor_oob_select (oob, "5th-massachusetts"));
  flush_events ();
  formation = find_value (GTK_WIDGET (oob), "formation", NULL);
  g_assert_true (GTK_IS_DROP_DOWN (formation));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (formation))), ==, 3);
  g_assert_cmpstr (selected_word (formation), ==, "line");
  g_assert_cmpuint (piece_ranks (f, "5th-massachusetts", &n), ==, 1);
  g_assert_cmpuint (n, ==, 3);

  select_word (formation, "column");
  c = mu_scenario_find_counter (model (f), "5th-massachusetts");
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "column");
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_COLUMN);
  g_assert_cmpstr (mu_edit_history_get_undo_label (f->history), ==, "Change Formation");
  g_assert_cmpuint (piece_ranks (f, "5th-massachusetts", &n), ==, 3);   /* one file wide */
  g_assert_cmpuint (n, ==, 3);

  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  g_assert_cmpuint (piece_ranks (f, "5th-massachusetts", &n), ==, 1);
  formation = find_value (GTK_WIDGET (oob), "formation", NULL);
  g_assert_cmpstr (selected_word (formation), ==, "line");

  /* formation="column" of an older file: shown, and replaced by the value */
  g_assert_true (muster_editor_oob_select (oob, "11th-massachusetts"));
  flush_events ();
  formation = find_value (GTK_WIDGET (oob), "formation", NULL);
  g_assert_cmpstr (selected_word (formation), ==, "column");
  g_assert_cmpuint (piece_ranks (f, "11th-massachusetts", &n), ==, 3);
  select_word (formation, "double-line");
  c = mu_scenario_find_counter (model (f), "11th-massachusetts");
  g_assert_cmpstr (mu_values_get (c->values, "formation"), ==, "double-line");
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_LINE);
  g_assert_cmpuint (piece_ranks (f, "11th-massachusetts", &n), ==, 2);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (mu_edit_history_undo (f->history));
  flush_events ();
  {
    gsize len = 0;
    g_autofree char *now = mu_scenario_save_to_data (model (f), &len);

    g_assert_cmpmem (now, len, f->start, f->start_len);
  }
}

/* The row text of the counter `id` in the order of battle's tree. */
static char *
row_of (MusterEditorOob *oob,
        const char      *name)
{
  for (guint i = 0; i < muster_editor_oob_get_n_rows (oob); i++)
    {
      g_autofree char *text = muster_editor_oob_get_row_text (oob, i);

      if (g_str_has_prefix (text, name) || (g_str_has_prefix (text, "★ ") &&
                                            g_str_has_prefix (text + strlen ("★ "), name)))
        return g_steal_pointer (&text);
    }
  return NULL;
}

/* A ruleset like baa-table whose commanders also carry a chaos die, as
 * Toy Soldiers' do (TS-STATE-3). */
static const MuRuleset *
chaos_ruleset (void)
{
  static MuRuleset ruleset;
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  MuFieldInfo *fields;

  if (ruleset.id)
    return &ruleset;
  fields = g_new0 (MuFieldInfo, table->n_fields + 1);
  memcpy (fields, table->fields, table->n_fields * sizeof *fields);
  fields[table->n_fields] = (MuFieldInfo) { "chaos", "Command chaos", "TS-STATE-3", MU_FIELD_INT, 1, 6,
                                            MU_FIELD_OF (MU_COUNTER_COMMAND) | MU_FIELD_OF (MU_COUNTER_CONTROL),
                                            NULL, -1, .label = "Chaos" };
  ruleset = *table;
  ruleset.id = "test-commander-chaos";
  ruleset.fields = fields;
  ruleset.n_fields = table->n_fields + 1;
  mu_ruleset_register (&ruleset);
  return &ruleset;
}

static void
fixture_set_up_chaos (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios", data, NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);

  g_assert_no_error (error);
  g_free (s->ruleset);
  s->ruleset = g_strdup (chaos_ruleset ()->id);
  mu_counter_set_int (mu_scenario_find_counter (s, "jackson"), "chaos", 4);
  mu_counter_set_int (mu_scenario_find_counter (s, "beauregard"), "chaos", 5);
  fixture_open (f, s);
}

/* A commander's row says the values its ruleset declares for it: baa's
 * leadership, division (in place of the kind), exceptional and star as
 * ever, and a number the ruleset adds (chaos) by its name. */
static void
test_commander_rows (Fixture       *f,
                     gconstpointer  data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  g_autofree char *jackson = row_of (oob, "Jackson");
  g_autofree char *beauregard = row_of (oob, "Beauregard");
  g_autofree char *barry = row_of (oob, "Barry");

  if (g_strcmp0 (model (f)->ruleset, "baa-table") == 0)
    {
      g_assert_cmpstr (jackson, ==, "Jackson — division 1, leadership 4, exceptional · on the table");
      g_assert_cmpstr (beauregard, ==, "★ Beauregard — control, leadership 3 · on the table");
    }
  else
    {
      g_assert_cmpstr (jackson, ==, "Jackson — division 1, leadership 4, exceptional, "
                                    "Command chaos: 4 · on the table");
      g_assert_cmpstr (beauregard, ==, "★ Beauregard — control, leadership 3, Command chaos: 5 · on the table");
    }
  g_assert_cmpstr (barry, ==, "Barry — division 1, leadership 3 · on the table");
}

/* Each row of the Forces form whose field has a name before it: the name
 * lines up with the others (at the start of its column, as the numbers'
 * names are) and names its field, so that a click on it or a screen
 * reader's "labelled by" reaches the field. Checked for a side, a
 * commander and a unit. */
static void
check_form_labels (GtkWidget *form)
{
  guint n = 0;

  for (GtkWidget *w = gtk_widget_get_first_child (form); w; w = gtk_widget_get_next_sibling (w))
    {
      int column, row, width, height;
      GtkWidget *field;

      gtk_grid_query_child (GTK_GRID (form), w, &column, &row, &width, &height);
      if (!GTK_IS_LABEL (w) || column != 0 || width != 1)
        continue;
      field = gtk_grid_get_child_at (GTK_GRID (form), 1, row);
      if (field == NULL)
        continue;
      g_test_message ("%s: xalign %.1f", gtk_label_get_text (GTK_LABEL (w)),
                      gtk_label_get_xalign (GTK_LABEL (w)));
      g_assert_cmpfloat (gtk_label_get_xalign (GTK_LABEL (w)), ==, 0);
      g_assert_true (gtk_label_get_mnemonic_widget (GTK_LABEL (w)) == field);
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
}

static void
test_form_labels (Fixture *f, gconstpointer data)
{
  MusterEditorOob *oob = MUSTER_EDITOR_OOB (muster_editor_get_oob (f->editor));
  const char *ids[] = { "usa", "richardson", "1st-massachusetts" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GtkWidget *name;

      g_assert_true (muster_editor_oob_select (oob, ids[i]));
      flush_events ();
      name = find_role (GTK_WIDGET (oob), "name");
      g_assert_nonnull (name);
      check_form_labels (gtk_widget_get_parent (name));
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  muster_icons_keep ();
  g_test_add ("/app/editor-values/unit", Fixture, "learning-mn-brawners-farm.muster", fixture_set_up,
              test_unit_values, fixture_tear_down);
  g_test_add ("/app/editor-values/side", Fixture, "learning-ts-hokes-run.muster", fixture_set_up,
              test_side_values, fixture_tear_down);
  g_test_add ("/app/editor-values/side-hint/TS-AMB-78", Fixture, "learning-ts-hokes-run.muster", fixture_set_up,
              test_side_hint, fixture_tear_down);
  g_test_add ("/app/editor-values/home-edge", Fixture, "learning-ts-hokes-run.muster", fixture_set_up,
              test_home_edge, fixture_tear_down);
  g_test_add ("/app/editor-values/table-formation", Fixture, "henry-house-hill-table.muster",
              fixture_set_up_older, test_table_formation, fixture_tear_down);
  g_test_add ("/app/editor-values/commander-rows", Fixture, "henry-house-hill-table.muster",
              fixture_set_up, test_commander_rows, fixture_tear_down);
  g_test_add ("/app/editor-values/commander-rows-chaos", Fixture, "henry-house-hill-table.muster",
              fixture_set_up_chaos, test_commander_rows, fixture_tear_down);
  g_test_add ("/app/editor-values/form-labels", Fixture, "learning-blackburns-ford.muster",
              fixture_set_up, test_form_labels, fixture_tear_down);
  return g_test_run ();
}
