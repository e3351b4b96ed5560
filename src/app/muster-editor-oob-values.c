#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-oob-values.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mu-ruleset.h"
#include "mu-table-layout.h"

/* What each control keeps (object data): "value-field" the MuFieldInfo,
 * "value-word" a flag's word (flags are a check button each),
 * "value-formation" on a unit's formation (no "not given"), and on the
 * grid "values-id", "values-side", "values-history", "values-message",
 * "values-updating". */

static const MuRuleset *
ruleset_of (MuEditHistory *history)
{
  const MuScenario *s = mu_edit_history_get_scenario (history);

  return s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
}

/* The value's text now, NULL when not given. */
static char *
current (MuEditHistory     *history,
         const char        *id,
         gboolean           is_side,
         const MuFieldInfo *f)
{
  const MuScenario *s = mu_edit_history_get_scenario (history);

  if (is_side)
    {
      const MuSide *side = mu_scenario_find_side (s, id);

      return side ? g_strdup (mu_values_get (side->values, f->id)) : NULL;
    }
  else
    {
      const MuCounter *c = mu_scenario_find_counter (s, id);

      return c ? mu_counter_get_field (c, f) : NULL;
    }
}

static void
set_value (GtkWidget         *control,
           const MuFieldInfo *f,
           const char        *text)
{
  GtkWidget *grid = gtk_widget_get_parent (control);
  MuEditHistory *history = g_object_get_data (G_OBJECT (grid), "values-history");
  const char *id = g_object_get_data (G_OBJECT (grid), "values-id");
  gboolean is_side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (grid), "values-side"));
  GtkLabel *message = g_object_get_data (G_OBJECT (grid), "values-message");
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (g_object_get_data (G_OBJECT (grid), "values-updating"))
    return;
  ok = is_side ? mu_edit_set_side_value (history, id, f->id, text, &error)
               : mu_edit_set_counter_value (history, id, f->id, text, &error);
  gtk_label_set_label (message, ok ? "" : error->message);
  gtk_widget_set_visible (GTK_WIDGET (message), !ok);
}

static void
on_value_selected (GtkDropDown *dropdown,
                   GParamSpec  *pspec,
                   gpointer     data)
{
  const MuFieldInfo *f = g_object_get_data (G_OBJECT (dropdown), "value-field");
  guint i = gtk_drop_down_get_selected (dropdown);

  if (g_object_get_data (G_OBJECT (dropdown), "value-formation"))
    {
      /* a unit always stands in one of the ruleset's formations */
      if (i != GTK_INVALID_LIST_POSITION)
        set_value (GTK_WIDGET (dropdown), f, f->values[i]);
      return;
    }
  /* the first item is "not given" */
  set_value (GTK_WIDGET (dropdown), f, i == 0 || i == GTK_INVALID_LIST_POSITION ? NULL : f->values[i - 1]);
}

static void
on_value_spin_changed (GtkSpinButton *spin,
                       gpointer       data)
{
  const MuFieldInfo *f = g_object_get_data (G_OBJECT (spin), "value-field");
  g_autofree char *text = NULL;

  if (f->type == MU_FIELD_NUMBER)
    {
      /* as many decimals as the field's step has (the spin's digits) */
      char format[8], buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_snprintf (format, sizeof format, "%%.%uf", gtk_spin_button_get_digits (spin));
      text = g_strdup (g_ascii_formatd (buf, sizeof buf, format, gtk_spin_button_get_value (spin)));
    }
  else
    text = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));
  set_value (GTK_WIDGET (spin), f, text);
}

static void
on_value_switch_toggled (GtkCheckButton *check,
                         gpointer        data)
{
  const MuFieldInfo *f = g_object_get_data (G_OBJECT (check), "value-field");

  set_value (GTK_WIDGET (check), f, gtk_check_button_get_active (check) ? "true" : "false");
}

static void
on_value_entry_activate (GtkEntry *entry,
                         gpointer  data)
{
  const MuFieldInfo *f = g_object_get_data (G_OBJECT (entry), "value-field");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  set_value (GTK_WIDGET (entry), f, *text ? text : NULL);
}

/* The decimals a number field's values have: its step's. */
static guint
step_digits (const MuFieldInfo *f)
{
  double step = f->step > 0 ? f->step : 0.01;
  guint d = 0;

  while (d < 4 && fabs (step * pow (10, d) - round (step * pow (10, d))) > 1e-9)
    d++;
  return d;
}

static void
on_value_flag_toggled (GtkCheckButton *check,
                       gpointer        data)
{
  const MuFieldInfo *f = g_object_get_data (G_OBJECT (check), "value-field");
  GtkWidget *grid = gtk_widget_get_parent (GTK_WIDGET (check));
  g_autoptr(GString) words = g_string_new (NULL);

  /* the set is the words of the field's checked buttons, in declared order */
  for (GtkWidget *w = gtk_widget_get_first_child (grid); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_CHECK_BUTTON (w) && g_object_get_data (G_OBJECT (w), "value-field") == f &&
        gtk_check_button_get_active (GTK_CHECK_BUTTON (w)))
      {
        if (words->len)
          g_string_append_c (words, ' ');
        g_string_append (words, g_object_get_data (G_OBJECT (w), "value-word"));
      }
  set_value (GTK_WIDGET (check), f, words->len ? words->str : NULL);
}

static gboolean
shown (const MuFieldInfo *f,
       const MuScenario  *s,
       const char        *id,
       gboolean           is_side)
{
  const MuCounter *c;

  if (is_side)
    return mu_field_of_side (f);
  c = mu_scenario_find_counter (s, id);
  /* the numbers written as attributes (leadership, range, …) have the
   * form's own spin buttons, and a unit's arm (MuCounter's own member) its
   * drop-down: shown twice, they were asked twice. The other attribute
   * values (baa's star, abilities) are values like any other. */
  if (c != NULL && c->kind == MU_COUNTER_UNIT && g_str_equal (f->id, "arm"))
    return FALSE;
  return c != NULL && mu_field_applies (f, c->kind) && !(f->type == MU_FIELD_INT && mu_field_is_attribute (f));
}

static gboolean
has_word (const char *set,
          const char *word)
{
  g_auto(GStrv) words = g_strsplit_set (set ? set : "", " \t", -1);

  return g_strv_contains ((const char *const *) words, word);
}

/* Home edge and deployment zone (a side on a table) ------------------------------ */

static MuTableEdge
home_edge (const MuScenario *s,
           const char       *side)
{
  for (guint i = 0; s->table && i < s->table->home_edges->len; i++)
    {
      const MuHomeEdge *e = g_ptr_array_index (s->table->home_edges, i);

      if (g_strcmp0 (e->side, side) == 0)
        return e->edge;
    }
  return MU_TABLE_EDGE_N;
}

static void
show_message (GtkWidget    *grid,
              gboolean      ok,
              const GError *error)
{
  GtkLabel *message = g_object_get_data (G_OBJECT (grid), "values-message");

  gtk_label_set_label (message, ok || error == NULL ? "" : error->message);
  gtk_widget_set_visible (GTK_WIDGET (message), !ok && error != NULL);
}

static void
on_home_edge_selected (GtkDropDown *dropdown,
                       GParamSpec  *pspec,
                       gpointer     data)
{
  GtkWidget *grid = gtk_widget_get_parent (GTK_WIDGET (dropdown));
  MuEditHistory *history = g_object_get_data (G_OBJECT (grid), "values-history");
  const char *id = g_object_get_data (G_OBJECT (grid), "values-id");
  guint i = gtk_drop_down_get_selected (dropdown);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (g_object_get_data (G_OBJECT (grid), "values-updating"))
    return;
  /* the first item is "none"; then the edges in MuTableEdge order */
  ok = mu_edit_set_home_edge (history, id, i == 0 ? MU_TABLE_EDGE_N : (MuTableEdge) (i - 1), &error);
  show_message (grid, ok, error);
}

static void
on_add_deployment_clicked (GtkButton *button,
                           GtkSpinButton *depth)
{
  GtkWidget *grid = gtk_widget_get_parent (GTK_WIDGET (button));
  MuEditHistory *history = g_object_get_data (G_OBJECT (grid), "values-history");
  const char *id = g_object_get_data (G_OBJECT (grid), "values-id");
  g_autoptr(GError) error = NULL;
  gboolean ok = mu_edit_add_deployment_zone (history, id, gtk_spin_button_get_value (depth), &error) >= 0;

  show_message (grid, ok, error);
}

static int
attach_deployment (GtkGrid          *grid,
                   int               row,
                   const MuScenario *s)
{
  const char *edges[] = { _("None"), _("North (top)"), _("East (right)"), _("South (bottom)"),
                          _("West (left)"), NULL };
  GtkWidget *edge = gtk_drop_down_new_from_strings (edges);
  GtkWidget *depth, *add, *label;

  g_object_set_data (G_OBJECT (edge), "role", (gpointer) "home-edge");
  gtk_widget_set_tooltip_text (edge, _("The table edge the side comes from and retreats to"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (edge), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Home edge"), -1);
  g_signal_connect (edge, "notify::selected", G_CALLBACK (on_home_edge_selected), NULL);
  label = gtk_label_new (_("Home edge"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, edge, 1, row++, 1, 1);

  /* a zone along the home edge, this deep (8 inches: TS-SEL-4) */
  depth = gtk_spin_button_new_with_range (0.5, 1000, 0.5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (depth), s->table && s->table->unit == MU_UNIT_CM ? 20 : 8);
  gtk_editable_set_width_chars (GTK_EDITABLE (depth), 5);
  gtk_accessible_update_property (GTK_ACCESSIBLE (depth), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Deployment zone depth"), -1);
  g_object_set_data (G_OBJECT (depth), "role", (gpointer) "deployment-depth");
  label = gtk_label_new (_("Zone depth"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, depth, 1, row++, 1, 1);
  add = gtk_button_new_with_mnemonic (_("Add _Deployment Zone"));
  gtk_widget_set_tooltip_text (add, _("A deployment zone of this depth along the side's home edge"));
  g_object_set_data (G_OBJECT (add), "role", (gpointer) "add-deployment");
  g_signal_connect (add, "clicked", G_CALLBACK (on_add_deployment_clicked), depth);
  gtk_grid_attach (grid, add, 0, row++, 2, 1);
  return row;
}

int
muster_editor_oob_values_attach (GtkGrid       *grid,
                                 int            row,
                                 MuEditHistory *history,
                                 const char    *id,
                                 gboolean       is_side,
                                 GtkLabel      *message)
{
  const MuRuleset *ruleset = ruleset_of (history);
  const MuScenario *s = mu_edit_history_get_scenario (history);

  g_return_val_if_fail (GTK_IS_GRID (grid) && id != NULL, row);

  g_object_set_data_full (G_OBJECT (grid), "values-id", g_strdup (id), g_free);
  g_object_set_data (G_OBJECT (grid), "values-side", GINT_TO_POINTER (is_side));
  g_object_set_data (G_OBJECT (grid), "values-history", history);
  g_object_set_data (G_OBJECT (grid), "values-message", message);
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      const char *name = g_dgettext (GETTEXT_PACKAGE, f->name);
      GtkWidget *control = NULL, *label;

      if (!shown (f, s, id, is_side))
        continue;
      if (f->type == MU_FIELD_FLAGS)
        {
          for (guint k = 0; f->values[k]; k++)
            {
              g_autofree char *text = f->value_names ? g_strdup (g_dgettext (GETTEXT_PACKAGE, f->value_names[k]))
                                                     : g_strdup_printf ("%s: %s", name, f->values[k]);
              GtkWidget *check = gtk_check_button_new_with_label (text);

              g_object_set_data (G_OBJECT (check), "value-field", (gpointer) f);
              g_object_set_data (G_OBJECT (check), "value-word", (gpointer) f->values[k]);
              g_signal_connect (check, "toggled", G_CALLBACK (on_value_flag_toggled), NULL);
              gtk_grid_attach (grid, check, 0, row++, 2, 1);
            }
          continue;
        }
      if (f->type == MU_FIELD_FLAG)
        {
          GtkWidget *check = gtk_check_button_new_with_label (name);

          g_object_set_data (G_OBJECT (check), "value-field", (gpointer) f);
          g_object_set_data (G_OBJECT (check), "value-switch", GINT_TO_POINTER (TRUE));
          gtk_widget_set_tooltip_text (check, f->rule);
          g_signal_connect (check, "toggled", G_CALLBACK (on_value_switch_toggled), NULL);
          gtk_grid_attach (grid, check, 0, row++, 2, 1);
          continue;
        }
      if (f->type == MU_FIELD_TEXT || f->type == MU_FIELD_COUNTER)
        {
          /* a line of text or a counter's id, set with Enter */
          control = gtk_entry_new ();
          gtk_editable_set_width_chars (GTK_EDITABLE (control), 12);
          g_signal_connect (control, "activate", G_CALLBACK (on_value_entry_activate), NULL);
        }
      else if (f->type == MU_FIELD_ENUM)
        {
          g_autoptr(GtkStringList) words = gtk_string_list_new (NULL);
          /* the unit's formation is never "not given": it is the one its
           * stands are drawn in (mu_counter_formation), also when an older
           * file says it with the format's attribute */
          gboolean formation = !is_side && strcmp (f->id, "formation") == 0 &&
                               mu_ruleset_has_formation_value (ruleset);

          if (!formation)
            gtk_string_list_append (words, _("(not given)"));
          /* the names people read; the file's words stay by position */
          for (guint k = 0; f->values[k]; k++)
            gtk_string_list_append (words, mu_field_value_name (f, f->values[k]));
          control = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&words)), NULL);
          g_object_set_data (G_OBJECT (control), "value-formation", GINT_TO_POINTER (formation));
          g_signal_connect (control, "notify::selected", G_CALLBACK (on_value_selected), NULL);
        }
      else
        {
          /* any number: one outside the declared range is refused with the
           * range, not clamped */
          control = gtk_spin_button_new_with_range (-9999, 9999, 1);
          gtk_editable_set_width_chars (GTK_EDITABLE (control), 5);
          if (f->type == MU_FIELD_NUMBER)
            {
              gtk_spin_button_set_digits (GTK_SPIN_BUTTON (control), step_digits (f));
              gtk_spin_button_set_increments (GTK_SPIN_BUTTON (control), f->step > 0 ? f->step : 0.01,
                                              f->step > 0 ? 4 * f->step : 1);
            }
          else if (f->step > 1)
            gtk_spin_button_set_increments (GTK_SPIN_BUTTON (control), f->step, 2 * f->step);
          g_signal_connect (control, "value-changed", G_CALLBACK (on_value_spin_changed), NULL);
        }
      g_object_set_data (G_OBJECT (control), "value-field", (gpointer) f);
      gtk_widget_set_tooltip_text (control, f->rule);
      gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      label = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (grid, label, 0, row, 1, 1);
      gtk_grid_attach (grid, control, 1, row++, 1, 1);
    }
  if (is_side && s->board == MU_BOARD_TABLE)
    row = attach_deployment (grid, row, s);
  muster_editor_oob_values_update (grid, history, id, is_side);
  return row;
}

void
muster_editor_oob_values_update (GtkGrid       *grid,
                                 MuEditHistory *history,
                                 const char    *id,
                                 gboolean       is_side)
{
  g_return_if_fail (GTK_IS_GRID (grid));

  g_object_set_data (G_OBJECT (grid), "values-updating", GINT_TO_POINTER (TRUE));
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (grid)); w;
       w = gtk_widget_get_next_sibling (w))
    {
      const MuFieldInfo *f = g_object_get_data (G_OBJECT (w), "value-field");
      g_autofree char *text = NULL;

      if (GTK_IS_DROP_DOWN (w) && g_strcmp0 (g_object_get_data (G_OBJECT (w), "role"), "home-edge") == 0)
        {
          MuTableEdge edge = home_edge (mu_edit_history_get_scenario (history), id);

          gtk_drop_down_set_selected (GTK_DROP_DOWN (w), edge == MU_TABLE_EDGE_N ? 0 : edge + 1);
          continue;
        }
      if (f == NULL)
        continue;
      if (g_object_get_data (G_OBJECT (w), "value-formation"))
        {
          const MuScenario *s = mu_edit_history_get_scenario (history);
          const MuCounter *c = mu_scenario_find_counter (s, id);
          const char *formation = c ? mu_counter_formation (mu_ruleset_find (s->ruleset), c) : NULL;

          for (guint k = 0; formation && f->values[k]; k++)
            if (strcmp (f->values[k], formation) == 0)
              gtk_drop_down_set_selected (GTK_DROP_DOWN (w), k);
          continue;
        }
      text = current (history, id, is_side, f);
      if (GTK_IS_CHECK_BUTTON (w) && g_object_get_data (G_OBJECT (w), "value-switch"))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (w), g_strcmp0 (text, "true") == 0);
      else if (GTK_IS_ENTRY (w))
        gtk_editable_set_text (GTK_EDITABLE (w), text ? text : "");
      else if (GTK_IS_CHECK_BUTTON (w))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (w),
                                     has_word (text, g_object_get_data (G_OBJECT (w), "value-word")));
      else if (GTK_IS_DROP_DOWN (w))
        {
          guint selected = 0;

          for (guint k = 0; text && f->values[k]; k++)
            if (strcmp (f->values[k], text) == 0)
              selected = k + 1;
          gtk_drop_down_set_selected (GTK_DROP_DOWN (w), selected);
        }
      else if (GTK_IS_SPIN_BUTTON (w))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), text ? g_ascii_strtod (text, NULL) : f->min);
    }
  g_object_set_data (G_OBJECT (grid), "values-updating", NULL);
}

char *
muster_editor_oob_values_summary (const MuScenario *s,
                                  const MuCounter  *c)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (c != NULL, NULL);

  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      g_autofree char *text = NULL;

      if (!mu_field_applies (f, c->kind) || !(text = mu_counter_get_field (c, f)))
        continue;
      if (out->len)
        g_string_append (out, ", ");
      /* TRANSLATORS: a declared value in a row of the order of battle:
       * the value's name, then its value ("Type: Infantry") */
      g_string_append_printf (out, C_("declared value in a row", "%s: %s"),
                              g_dgettext (GETTEXT_PACKAGE, f->name), mu_field_value_name (f, text));
    }
  return g_string_free (out, FALSE);
}

const char *
muster_editor_arm_word (MuArm arm)
{
  switch (arm)
    {
    case MU_ARM_INFANTRY: return C_("arm in a row of the order of battle", "infantry");
    case MU_ARM_CAVALRY: return C_("arm in a row of the order of battle", "cavalry");
    case MU_ARM_ARTILLERY: return C_("arm in a row of the order of battle", "artillery");
    case MU_ARM_RIVERBOAT: return C_("arm in a row of the order of battle", "riverboat");
    case MU_ARM_N:
    default: return mu_arm_to_string (arm);
    }
}

const char *
muster_editor_kind_word (MuCounterKind kind)
{
  switch (kind)
    {
    case MU_COUNTER_CONTROL: return C_("counter kind in a row of the order of battle", "control");
    case MU_COUNTER_COMMAND: return C_("counter kind in a row of the order of battle", "command");
    case MU_COUNTER_UNIT: return C_("counter kind in a row of the order of battle", "unit");
    default: return mu_counter_kind_to_string (kind);
    }
}
