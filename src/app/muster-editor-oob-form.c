/* muster-editor-oob-form.c: the form under the order-of-battle tree, the
 * selected side's or counter's name, colour and values, each edit going
 * through MuEditHistory. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-oob.h"
#include "muster-editor-oob-private.h"

#include "muster-editor-oob-values.h"
#include "muster-editor-private.h"
#include "mu-ruleset.h"

#include <glib/gi18n.h>
#include <math.h>

/* A value's refusal, under its field: the spin button keeps what was typed,
 * marked invalid, until it is corrected or the counter changes. */
static void
show_field_error (GtkSpinButton *spin,
                  const char    *message)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (spin), "error-label");

  gtk_label_set_label (label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
  if (message)
    gtk_widget_add_css_class (GTK_WIDGET (spin), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (spin), "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_STATE_INVALID,
                               message ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
  if (message)
    gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
on_spin_changed (GtkSpinButton   *spin,
                 MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  const char *field = g_object_get_data (G_OBJECT (spin), "field");

  if (self->updating)
    return;
  if (muster_editor_oob_set_value (self, field, gtk_spin_button_get_value_as_int (spin), &error))
    show_field_error (spin, NULL);
  else
    show_field_error (spin, error ? error->message : NULL);
}

static void
on_arm_selected (GtkDropDown     *dropdown,
                 GParamSpec      *pspec,
                 MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  const MuScenario *s = mu_edit_history_get_scenario (self->history);
  const MuArmInfo *arms;
  guint n, selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating || self->selected == NULL)
    return;
  /* the ruleset's arms, in the order it declares them */
  arms = mu_ruleset_arms (s->ruleset ? mu_ruleset_find (s->ruleset) : NULL, &n);
  if (selected >= n)
    return;
  muster_editor_oob_show_result (self, mu_edit_set_counter_arm (self->history, self->selected,
                                                                arms[selected].id, &error),
                                 &error);
}

/* The position of the unit's arm in its ruleset's list (the drop-down's). */
static guint
arm_index (const MuScenario *s,
           const MuCounter  *c)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  guint n;
  const MuArmInfo *arms = mu_ruleset_arms (ruleset, &n);
  const MuArmInfo *arm = mu_counter_arm (ruleset, c);

  return arm ? (guint) (arm - arms) : GTK_INVALID_LIST_POSITION;
}

/* The reserve a counter arrives with ("None": it is on the board or in the
 * pool); its side's reserves by name, ids in the drop-down's data. */
static guint
reserve_index (GtkWidget       *dropdown,
               const MuCounter *c)
{
  const char *const *ids = g_object_get_data (G_OBJECT (dropdown), "reserve-ids");

  for (guint i = 1; ids != NULL && ids[i - 1] != NULL; i++)
    if (c->place.kind == MU_PLACE_RESERVE && g_strcmp0 (ids[i - 1], c->place.reserve) == 0)
      return i;
  return 0;
}

static void
on_reserve_selected (GtkDropDown     *dropdown,
                     GParamSpec      *pspec,
                     MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  const char *const *ids = g_object_get_data (G_OBJECT (dropdown), "reserve-ids");
  guint i = gtk_drop_down_get_selected (dropdown);
  const MuCounter *c;

  if (self->updating || !(c = mu_scenario_find_counter (muster_editor_oob_scenario (self), self->selected)))
    return;
  if (i == 0 || i == GTK_INVALID_LIST_POSITION)
    {
      if (c->place.kind == MU_PLACE_RESERVE)
        muster_editor_oob_show_result (self, mu_edit_unplace_counter (self->history, self->selected, &error),
                                       &error);
      return;
    }
  muster_editor_oob_show_result (self, mu_edit_set_counter_reserve (self->history, self->selected, ids[i - 1],
                                                                    &error), &error);
}

static void
on_note_activate (GtkEntry        *entry,
                  MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;

  if (self->selected == NULL)
    return;
  muster_editor_oob_show_result (self, mu_edit_set_counter_note (self->history, self->selected,
                                                                 gtk_editable_get_text (GTK_EDITABLE (entry)), &error),
                                 &error);
}

static void
on_name_activate (GtkEntry        *entry,
                  MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;

  if (self->selected == NULL)
    return;
  if (mu_scenario_find_side (muster_editor_oob_scenario (self), self->selected))
    muster_editor_oob_show_result (self, mu_edit_set_side_name (self->history, self->selected,
                                                                gtk_editable_get_text (GTK_EDITABLE (entry)), &error),
                                   &error);
  else
    muster_editor_oob_show_result (self, mu_edit_set_counter_name (self->history, self->selected,
                                                                   gtk_editable_get_text (GTK_EDITABLE (entry)), &error),
                                   &error);
}

static GdkRGBA
colour_to_rgba (guint32 colour)
{
  return (GdkRGBA) { ((colour >> 16) & 0xff) / 255.0, ((colour >> 8) & 0xff) / 255.0,
                     (colour & 0xff) / 255.0, 1.0 };
}

static guint32
rgba_to_colour (const GdkRGBA *rgba)
{
  return ((guint32) lround (CLAMP (rgba->red, 0, 1) * 255) << 16) |
         ((guint32) lround (CLAMP (rgba->green, 0, 1) * 255) << 8) |
         (guint32) lround (CLAMP (rgba->blue, 0, 1) * 255);
}

static void
on_colour_set (GtkColorButton  *button,
               MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  GdkRGBA rgba;

  if (self->updating)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  muster_editor_oob_show_result (self, muster_editor_oob_set_side_colour (self, rgba_to_colour (&rgba), &error), &error);
}

static void
set_entry_text (GtkWidget  *entry,
                const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
}

/* The rules' hint about the side (toy-soldiers: its selections and
 * their élan, TS-AMB-78), hidden when the ruleset gives none. */
static void
update_side_hint (MusterEditorOob *self,
                  GtkWidget       *label,
                  const MuSide    *side)
{
  const MuScenario *s = mu_edit_history_get_scenario (self->history);
  const MuRuleset *rs = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  g_autofree char *hint = rs && rs->side_hint ? rs->side_hint (s, side->id) : NULL;

  gtk_label_set_text (GTK_LABEL (label), hint ? hint : "");
  gtk_widget_set_visible (label, hint != NULL);
}

/* The form's widgets show the model's values again (after an edit, an undo). */
static void
update_form (MusterEditorOob *self,
             const MuCounter *c,
             const MuSide    *side)
{
  self->updating = TRUE;
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (self->form)); w;
       w = gtk_widget_get_next_sibling (w))
    {
      const char *role = g_object_get_data (G_OBJECT (w), "role");
      gpointer field = g_object_get_data (G_OBJECT (w), "field");

      if (g_strcmp0 (role, "name") == 0)
        set_entry_text (w, c ? c->name : side->name);
      else if (g_strcmp0 (role, "colour") == 0 && side != NULL)
        {
          GdkRGBA rgba = colour_to_rgba (side->colour);

          gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (w), &rgba);
        }
      else if (g_strcmp0 (role, "side-hint") == 0 && side != NULL)
        update_side_hint (self, w, side);
      else if (c == NULL)
        continue;
      else if (g_strcmp0 (role, "note") == 0)
        set_entry_text (w, c->note);
      else if (g_strcmp0 (role, "arm") == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (w), arm_index (mu_edit_history_get_scenario (self->history), c));
      else if (g_strcmp0 (role, "reserve") == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (w), reserve_index (w, c));
      else if (GTK_IS_SPIN_BUTTON (w) && g_object_get_data (G_OBJECT (w), "error-label") != NULL)
        {
          int value = mu_edit_counter_get_number (mu_edit_history_get_scenario (self->history), c, field);

          if (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w)) != value)
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
          show_field_error (GTK_SPIN_BUTTON (w), NULL);
        }
    }
  muster_editor_oob_values_update (self->form, self->history, self->selected, c == NULL);
  self->updating = FALSE;
}

/* A field's name at the start of the form's first column, naming the
 * field for a click and for a screen reader. */
static GtkWidget *
form_label (const char *text,
            GtkWidget  *field)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  return label;
}

/* The name entry, the first row of every form. */
static int
attach_name (MusterEditorOob *self,
             const MuCounter *c,
             const MuSide    *side,
             int              row)
{
  GtkWidget *entry = gtk_entry_new ();

  g_object_set_data (G_OBJECT (entry), "role", (gpointer) "name");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"), -1);
  gtk_editable_set_text (GTK_EDITABLE (entry), c ? (c->name ? c->name : "") : side->name);
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "activate", G_CALLBACK (on_name_activate), self);
  gtk_grid_attach (self->form, form_label (_("Name"), entry), 0, row, 1, 1);
  gtk_grid_attach (self->form, entry, 1, row++, 1, 1);
  return row;
}

/* What the ruleset says of the side's selections (a hint, never a rule). */
static void
attach_side_hint (MusterEditorOob *self,
                  const MuSide    *side,
                  int              row)
{
  GtkWidget *hint = gtk_label_new (NULL);

  g_object_set_data (G_OBJECT (hint), "role", (gpointer) "side-hint");
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_set_tooltip_text (hint, _("The selections this side's order of battle and options make, and "
                                       "the élan the selection table grants them; the scenario's élan is "
                                       "yours to set"));
  update_side_hint (self, hint, side);
  gtk_grid_attach (self->form, hint, 0, row, 2, 1);
}

/* A side's form after its name: its colour and the values its ruleset
 * declares for sides. */
static void
attach_side (MusterEditorOob *self,
             const MuSide    *side,
             int              row)
{
  GtkWidget *colour = gtk_color_button_new ();
  GdkRGBA palette[G_N_ELEMENTS (muster_editor_oob_side_colours)];
  GdkRGBA rgba;

  for (guint i = 0; i < G_N_ELEMENTS (muster_editor_oob_side_colours); i++)
    palette[i] = colour_to_rgba (muster_editor_oob_side_colours[i]);
  /* replaces GTK's default palette: the war's colours first */
  gtk_color_chooser_add_palette (GTK_COLOR_CHOOSER (colour), GTK_ORIENTATION_HORIZONTAL, 4,
                                 G_N_ELEMENTS (palette), palette);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (colour), FALSE);
  gtk_color_button_set_title (GTK_COLOR_BUTTON (colour), _("Side Colour"));
  rgba = colour_to_rgba (side->colour);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (colour), &rgba);
  g_object_set_data (G_OBJECT (colour), "role", (gpointer) "colour");
  gtk_widget_set_tooltip_text (colour, _("The colour of the side's counters"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (colour), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Side colour"), -1);
  g_signal_connect (colour, "color-set", G_CALLBACK (on_colour_set), self);
  gtk_grid_attach (self->form, form_label (_("Colour"), colour), 0, row, 1, 1);
  gtk_grid_attach (self->form, colour, 1, row++, 1, 1);
  row = muster_editor_oob_values_attach (self->form, row, self->history, self->selected, TRUE,
                                         self->message);
  attach_side_hint (self, side, row);
}

/* One number of the counter, with its refusal under it. */
static int
attach_spin (MusterEditorOob *self,
             const MuCounter *c,
             const char      *field,
             const char      *name,
             double           step,
             int              row)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  GtkWidget *spin, *error;
  int min, max;

  if (!mu_edit_counter_number_range (s, c->kind, field, &min, &max))
    return row;
  /* The spin button takes any number, so that a value outside the rules'
   * range is not clamped silently: the model refuses it with the reason,
   * shown under the field. */
  spin = gtk_spin_button_new_with_range (MIN (min, -999), MAX (max, 9999), step > 0 ? step : 1);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), mu_edit_counter_get_number (s, c, field));
  /* the declaration's id, static in the ruleset */
  g_object_set_data (G_OBJECT (spin), "field", (gpointer) field);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_grid_attach (self->form, form_label (name, spin), 0, row, 1, 1);
  gtk_grid_attach (self->form, spin, 1, row++, 1, 1);
  error = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (error), 30);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  g_object_set_data (G_OBJECT (spin), "error-label", error);
  gtk_grid_attach (self->form, error, 0, row++, 2, 1);
  return row;
}

/* The numbers the ruleset declares as the counter's attributes (baa:
 * leadership, range, attack, identity…), each a spin button named, stepped
 * and bounded by its declaration, in declaration order; a number whose 0
 * the file writes as a word says so in its name ("Identity (0 = STAR)"). */
static int
attach_numbers (MusterEditorOob *self,
                const MuCounter *c,
                int              row)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      const char *name = g_dgettext (GETTEXT_PACKAGE, f->name);
      g_autofree char *zero = NULL, *with_zero = NULL;

      if (f->type != MU_FIELD_INT || !mu_field_is_attribute (f) ||
          !mu_edit_counter_number_range (s, c->kind, f->id, NULL, NULL))
        continue;
      if (f->zero_word)
        {
          zero = f->zero_name ? g_strdup (g_dgettext (GETTEXT_PACKAGE, f->zero_name))
                              : g_strdup (f->zero_word);
          /* TRANSLATORS: a number's name and the word for its 0: "Identity (0 = STAR)" */
          name = with_zero = g_strdup_printf (_("%s (0 = %s)"), name, zero);
        }
      row = attach_spin (self, c, f->id, name, f->step, row);
    }
  return row;
}

/* A unit's arm: the arms the ruleset declares, by their names. */
static int
attach_arm (MusterEditorOob *self,
            const MuCounter *c,
            int              row)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  g_autoptr(GtkStringList) arm_names = gtk_string_list_new (NULL);
  const MuArmInfo *arms;
  guint n_arms;
  GtkWidget *arm;

  arms = mu_ruleset_arms (ruleset, &n_arms);
  for (guint i = 0; i < n_arms; i++)
    gtk_string_list_append (arm_names, g_dgettext (GETTEXT_PACKAGE, arms[i].name));
  arm = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&arm_names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (arm), arm_index (s, c));
  g_object_set_data (G_OBJECT (arm), "role", (gpointer) "arm");
  gtk_accessible_update_property (GTK_ACCESSIBLE (arm), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Arm"), -1);
  g_signal_connect (arm, "notify::selected", G_CALLBACK (on_arm_selected), self);
  gtk_grid_attach (self->form, form_label (_("Arm"), arm), 0, row, 1, 1);
  gtk_grid_attach (self->form, arm, 1, row++, 1, 1);
  return row;
}

/* The reserve the counter arrives with: before, only a CSV round trip set it. */
static int
attach_reserve (MusterEditorOob *self,
                const MuCounter *c,
                int              row)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *reserve;

  /* Translators: the counter arrives with no reserve */
  gtk_string_list_append (names, _("None"));
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);

      if (g_strcmp0 (r->side, c->side) != 0)
        continue;
      gtk_string_list_append (names, r->name && *r->name ? r->name : r->id);
      g_ptr_array_add (ids, g_strdup (r->id));
    }
  g_ptr_array_add (ids, NULL);
  reserve = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  /* a long reserve name is cut short in the button, not the panel widened */
  muster_editor_ellipsize_dropdown (GTK_DROP_DOWN (reserve));
  g_object_set_data (G_OBJECT (reserve), "role", (gpointer) "reserve");
  g_object_set_data_full (G_OBJECT (reserve), "reserve-ids", g_ptr_array_free (g_steal_pointer (&ids), FALSE),
                          (GDestroyNotify) g_strfreev);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (reserve), reserve_index (reserve, c));
  gtk_accessible_update_property (GTK_ACCESSIBLE (reserve), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reserve"), -1);
  gtk_widget_set_tooltip_text (reserve, _("The reserve the counter arrives with, or None"));
  g_signal_connect (reserve, "notify::selected", G_CALLBACK (on_reserve_selected), self);
  gtk_grid_attach (self->form, form_label (_("Reserve"), reserve), 0, row, 1, 1);
  gtk_grid_attach (self->form, reserve, 1, row++, 1, 1);
  return row;
}

/* The historical note, the form's last row. */
static void
attach_note (MusterEditorOob *self,
             const MuCounter *c,
             int              row)
{
  GtkWidget *entry = gtk_entry_new ();

  g_object_set_data (G_OBJECT (entry), "role", (gpointer) "note");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Note"), -1);
  gtk_editable_set_text (GTK_EDITABLE (entry), c->note ? c->note : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Historical note"));
  g_signal_connect (entry, "activate", G_CALLBACK (on_note_activate), self);
  gtk_grid_attach (self->form, form_label (_("Note"), entry), 0, row, 1, 1);
  gtk_grid_attach (self->form, entry, 1, row++, 1, 1);
}

void
muster_editor_oob_rebuild_form (MusterEditorOob *self)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuCounter *c = self->selected ? mu_scenario_find_counter (s, self->selected) : NULL;
  const MuSide *side = self->selected ? mu_scenario_find_side (s, self->selected) : NULL;
  GtkWidget *child;
  int row = 0;

  if ((c != NULL || side != NULL) && g_strcmp0 (self->form_of, self->selected) == 0)
    {
      /* same side or counter: new values in the same widgets, so that the
       * one being edited keeps the focus */
      update_form (self, c, side);
      return;
    }
  self->updating = TRUE;
  g_free (self->form_of);
  self->form_of = (c != NULL || side != NULL) ? g_strdup (self->selected) : NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->form))))
    gtk_grid_remove (self->form, child);
  if (c == NULL && side == NULL)
    {
      self->updating = FALSE;
      return;
    }

  row = attach_name (self, c, side, row);
  if (c == NULL)
    attach_side (self, side, row);
  else
    {
      row = attach_numbers (self, c, row);
      if (c->kind == MU_COUNTER_UNIT)
        row = attach_arm (self, c, row);
      row = attach_reserve (self, c, row);
      row = muster_editor_oob_values_attach (self->form, row, self->history, self->selected, FALSE,
                                             self->message);
      attach_note (self, c, row);
    }
  self->updating = FALSE;
}
