/* muster-item-panel.c: the Selected Item panel: the title of the item the
 * Select tool picked (a counter, area, line, label or objective) and the
 * rows of its values, which it edits.
 *
 * It knows the edit history, not the editor: the editor tells it which item
 * to show, and it reports each edit's outcome with "edited" and a removal
 * with "deleted".
 *
 * A table area's values: buildings and built-up areas hold stands
 * (capacity) and give a defence value and perhaps hard cover;
 * fortifications give a defence value, hard cover and a grade; a
 * deployment zone belongs to a side. The engine's edit
 * (mu_edit_set_area_values) refuses what an area's kind does not carry or a
 * value out of range, with its reason shown under the panel; 0 is "not
 * given" and shows as a dash.
 */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-item-panel.h"

#include <glib/gi18n.h>

#include "muster-editor-oob-values.h"
#include "muster-editor-widgets.h"

/* The rows of a table area's values, shown for the kinds that carry them. */
typedef struct
{
  GtkSpinButton *capacity;
  GtkSpinButton *defence;
  GtkCheckButton *hard_cover;
  GtkSpinButton *grade;
  GtkDropDown *side;
  GtkWidget *capacity_row;
  GtkWidget *defence_row;
  GtkWidget *grade_row;
  GtkWidget *side_row;
} AreaValues;

struct _MusterItemPanel
{
  GtkBox parent_instance;

  MuEditHistory *history;
  /* the item shown */
  MusterSelectionKind kind;
  int index;
  char *id;
  gboolean empty;               /* the panel shows no item */
  gboolean filling;             /* its widgets are being set: not edits */

  GtkLabel *label;
  GtkGrid *grid;
  GtkEntry *text;
  GtkSpinButton *level;
  GtkSpinButton *scale;
  GtkDropDown *owner;
  GtkSpinButton *value;
  GtkSpinButton *rotate;
  GtkWidget *text_row;
  GtkWidget *level_row;
  GtkWidget *scale_row;
  GtkWidget *owner_row;
  GtkWidget *value_row;
  GtkWidget *rotate_row;
  GtkWidget *delete;

  AreaValues area;
};

G_DEFINE_FINAL_TYPE (MusterItemPanel, muster_item_panel, GTK_TYPE_BOX)

enum {
  EDITED,
  DELETED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static MuScenario *
scenario (MusterItemPanel *self)
{
  return mu_edit_history_get_scenario (self->history);
}

static gboolean
is_table (MusterItemPanel *self)
{
  MuScenario *s = scenario (self);

  return s->board == MU_BOARD_TABLE && s->table != NULL;
}

/* Reports an edit's outcome. The error is passed by address so that it is
 * read after the edit that sets it (argument order is unspecified). */
static void
report (MusterItemPanel *self,
        gboolean         ok,
        GError         **error)
{
  g_signal_emit (self, signals[EDITED], 0, ok, *error);
}

static gboolean
is_building (MuAreaKind kind)
{
  return kind == MU_AREA_BUILDING || kind == MU_AREA_BUILT_UP;
}

/* A value's spin button shows "—" for 0, "not given". */
static gboolean
on_spin_output (GtkSpinButton *spin,
                gpointer       data)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = value == 0 ? g_strdup ("—") : g_strdup_printf ("%d", value);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *value,
               gpointer       data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 v;

  if (g_strcmp0 (text, "—") == 0 || g_strcmp0 (text, "-") == 0 || *text == '\0')
    {
      *value = 0;
      return TRUE;
    }
  v = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    return GTK_INPUT_ERROR;
  *value = (double) v;
  return TRUE;
}

static GtkSpinButton *
value_spin (int         max,
            const char *tooltip)
{
  /* the range is wider than the rules': the engine refuses and says why */
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, max, 1));

  gtk_widget_set_tooltip_text (GTK_WIDGET (spin), tooltip);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), NULL);
  return spin;
}

static void show_area_values (MusterItemPanel *self, const MuArea *area);

/* Every value as the panel shows it now, to the engine. */
static void
apply_values (MusterItemPanel *self)
{
  MuScenario *s = scenario (self);
  g_autoptr(GError) error = NULL;
  guint i = gtk_drop_down_get_selected (self->area.side);
  const char *side = NULL;
  const MuArea *a;

  if (self->filling || self->kind != MUSTER_SELECTION_AREA)
    return;
  a = g_ptr_array_index (s->table->areas, self->index);
  if (a->kind == MU_AREA_DEPLOYMENT && i != GTK_INVALID_LIST_POSITION && i < s->sides->len)
    side = ((MuSide *) g_ptr_array_index (s->sides, i))->id;
  /* the panel showing the model again (after a refusal) is no edit */
  if (gtk_spin_button_get_value_as_int (self->area.capacity) == a->capacity &&
      gtk_spin_button_get_value_as_int (self->area.defence) == a->defence &&
      gtk_check_button_get_active (self->area.hard_cover) == a->hard_cover &&
      gtk_spin_button_get_value_as_int (self->area.grade) == a->grade &&
      (a->kind != MU_AREA_DEPLOYMENT || g_strcmp0 (side, a->side) == 0))
    return;
  if (!mu_edit_set_area_values (self->history, self->index,
                                gtk_spin_button_get_value_as_int (self->area.capacity),
                                gtk_spin_button_get_value_as_int (self->area.defence),
                                gtk_check_button_get_active (self->area.hard_cover),
                                gtk_spin_button_get_value_as_int (self->area.grade),
                                side, &error))
    {
      /* the refusal stays beside the panel; the fields show the model again */
      report (self, FALSE, &error);
      show_area_values (self, a);
      return;
    }
  report (self, TRUE, &error);
}

static void
build_area_values (MusterItemPanel *self,
                   GtkWidget       *grid,
                   int              row)
{
  self->area.capacity = value_spin (999, _("How many stands it holds; — when not given"));
  self->area.capacity_row = muster_editor_panel_row (grid, row++, _("_Capacity"),
                                                     GTK_WIDGET (self->area.capacity));
  self->area.defence = value_spin (9, _("Its defence value, 1 to 6; — when not given"));
  self->area.defence_row = muster_editor_panel_row (grid, row++, _("_Defence"),
                                                    GTK_WIDGET (self->area.defence));
  self->area.hard_cover = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Hard cover")));
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->area.hard_cover), 1, row++, 1, 1);
  g_object_bind_property (self->area.defence_row, "visible", self->area.hard_cover, "visible",
                          G_BINDING_SYNC_CREATE);
  self->area.grade = value_spin (9, _("The grade of the field works, 1 to 3; — when not given"));
  self->area.grade_row = muster_editor_panel_row (grid, row++, _("_Grade"), GTK_WIDGET (self->area.grade));
  self->area.side = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->area.side_row = muster_editor_panel_row (grid, row++, _("Si_de"), GTK_WIDGET (self->area.side));

  g_signal_connect_swapped (self->area.capacity, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->area.defence, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->area.hard_cover, "notify::active", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->area.grade, "value-changed", G_CALLBACK (apply_values), self);
  g_signal_connect_swapped (self->area.side, "notify::selected", G_CALLBACK (apply_values), self);
  show_area_values (self, NULL);
}

static void
show_area_values (MusterItemPanel *self,
                  const MuArea    *area)
{
  gboolean building = area != NULL && is_building (area->kind);
  gboolean works = area != NULL && area->kind == MU_AREA_FORTIFICATION;
  gboolean zone = area != NULL && area->kind == MU_AREA_DEPLOYMENT;
  gboolean was = self->filling;

  self->filling = TRUE;
  gtk_widget_set_visible (self->area.capacity_row, building);
  gtk_widget_set_visible (self->area.defence_row, building || works);
  gtk_widget_set_visible (self->area.grade_row, works);
  gtk_widget_set_visible (self->area.side_row, zone);
  if (area != NULL)
    {
      gtk_spin_button_set_value (self->area.capacity, area->capacity);
      gtk_spin_button_set_value (self->area.defence, area->defence);
      gtk_check_button_set_active (self->area.hard_cover, area->hard_cover);
      gtk_spin_button_set_value (self->area.grade, area->grade);
    }
  if (zone)
    {
      MuScenario *s = scenario (self);
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      guint selected = GTK_INVALID_LIST_POSITION;

      for (guint i = 0; i < s->sides->len; i++)
        {
          const MuSide *side = g_ptr_array_index (s->sides, i);

          g_ptr_array_add (names, side->name ? side->name : side->id);
          if (g_strcmp0 (side->id, area->side) == 0)
            selected = i;
        }
      muster_editor_set_dropdown_strings (self->area.side, names);
      gtk_drop_down_set_selected (self->area.side, selected);
    }
  self->filling = was;
}

static void
append_counter_line (GString         *text,
                     const MuScenario *s,
                     const MuCounter  *c)
{
  const MuSide *side = mu_scenario_find_side (s, c->side);

  g_string_append_printf (text, "%s (%s, %s)", c->name ? c->name : c->id,
                          side && side->name ? side->name : c->side,
                          muster_editor_kind_word (c->kind));
}

/* The selected counter and, on a hex board, the rest of its stack. */
static char *
counter_title (const MuScenario *s,
               const char       *id)
{
  const MuCounter *c = mu_scenario_find_counter (s, id);
  GString *text = g_string_new (NULL);
  guint n_here = 0;

  append_counter_line (text, s, c);
  if (c->place.kind == MU_PLACE_HEX)
    {
      char label[16];

      mu_hex_format (&s->hex_map->grid, c->place.hex, label, sizeof label);
      g_string_append_printf (text, _(" in hex %s"), label);
      for (guint i = 0; i < s->counters->len; i++)
        {
          const MuCounter *o = g_ptr_array_index (s->counters, i);

          if (o != c && o->place.kind == MU_PLACE_HEX && mu_hex_equal (o->place.hex, c->place.hex))
            {
              g_string_append (text, n_here++ == 0 ? _("\nStacked with:\n") : "\n");
              g_string_append (text, "• ");
              append_counter_line (text, s, o);
            }
        }
    }
  else
    g_string_append_printf (text, _(" at %.1f, %.1f facing %.0f°"), c->place.pos.x, c->place.pos.y,
                            c->place.facing);
  return g_string_free (text, FALSE);
}

/* Shows the item in the rows that it carries. */
static void
fill (MusterItemPanel *self)
{
  MuScenario *s = scenario (self);
  GPtrArray *labels = is_table (self) ? s->table->labels : s->hex_map ? s->hex_map->labels : NULL;
  g_autofree char *title = NULL;
  const char *text = NULL;
  gboolean name = FALSE, level = FALSE, scale = FALSE, objective = FALSE, shape = FALSE;

  self->filling = TRUE;
  switch (self->kind)
    {
    case MUSTER_SELECTION_AREA:
      {
        const MuArea *a = g_ptr_array_index (s->table->areas, self->index);

        title = g_strdup_printf (_("Area %d: %s"), self->index + 1, mu_area_kind_display_name (a->kind));
        text = a->name;
        name = shape = TRUE;
        level = a->kind == MU_AREA_HILL;
        if (level)
          gtk_spin_button_set_value (self->level, a->level);
      }
      break;
    case MUSTER_SELECTION_LINE:
      {
        const MuPolyline *l = g_ptr_array_index (s->table->lines, self->index);

        title = l->name ? g_strdup_printf (_("Line %d: %s, %s"), self->index + 1,
                                           mu_line_kind_display_name (l->kind), l->name)
                        : g_strdup_printf (_("Line %d: %s"), self->index + 1, mu_line_kind_display_name (l->kind));
        shape = TRUE;
      }
      break;
    case MUSTER_SELECTION_LABEL:
      {
        const MuLabel *l = g_ptr_array_index (labels, self->index);

        title = g_strdup_printf (_("Label %d"), self->index + 1);
        text = l->text;
        name = scale = TRUE;
        gtk_spin_button_set_value (self->scale, l->scale);
      }
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      {
        const MuObjective *o = mu_scenario_find_objective (s, self->id);
        g_autoptr(GPtrArray) names = g_ptr_array_new ();
        guint selected = 0;

        title = g_strdup_printf (_("Objective %s"), o->id);
        text = o->name;
        name = objective = TRUE;
        g_ptr_array_add (names, (gpointer) _("Nobody"));
        for (guint i = 0; i < s->sides->len; i++)
          {
            const MuSide *side = g_ptr_array_index (s->sides, i);

            g_ptr_array_add (names, side->name ? side->name : side->id);
            if (g_strcmp0 (side->id, o->owner) == 0)
              selected = i + 1;
          }
        muster_editor_set_dropdown_strings (self->owner, names);
        gtk_drop_down_set_selected (self->owner, selected);
        gtk_spin_button_set_value (self->value, o->value);
      }
      break;
    case MUSTER_SELECTION_COUNTER:
      title = counter_title (s, self->id);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      break;
    }
  gtk_label_set_label (self->label, title ? title
                       : _("Click a counter, area, line, label or objective with Select"));
  gtk_editable_set_text (GTK_EDITABLE (self->text), text ? text : "");
  gtk_widget_set_visible (self->text_row, name);
  gtk_widget_set_visible (self->level_row, level);
  gtk_widget_set_visible (self->scale_row, scale);
  gtk_widget_set_visible (self->owner_row, objective);
  gtk_widget_set_visible (self->value_row, objective);
  gtk_widget_set_visible (self->rotate_row, shape);
  show_area_values (self, self->kind == MUSTER_SELECTION_AREA
                          ? g_ptr_array_index (s->table->areas, self->index) : NULL);
  gtk_widget_set_visible (self->delete, self->kind != MUSTER_SELECTION_NONE);
  /* a counter is not deleted here, only taken off the board (the order of battle keeps it) */
  gtk_button_set_label (GTK_BUTTON (self->delete), self->kind == MUSTER_SELECTION_COUNTER
                        ? _("_Take Off the Board") : _("_Delete"));
  gtk_widget_set_tooltip_text (self->delete, self->kind == MUSTER_SELECTION_COUNTER
                               ? _("Take the counter off the board; it stays in the order of battle (Delete key)")
                               : _("Delete the selected item (Delete key)"));
  self->filling = FALSE;
}

static void
on_item_text_activate (GtkEntry        *entry,
                       MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  gboolean ok;

  if (self->filling)
    return;
  switch (self->kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_set_area_name (self->history, self->index, *text ? text : NULL, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_set_label_text (self->history, self->index, text, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_set_objective_name (self->history, self->id, text, &error);
      break;
    case MUSTER_SELECTION_LINE:
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (!ok)
    fill (self);
}

static void
on_item_level_changed (GtkSpinButton   *spin,
                       MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;

  if (self->filling || self->kind != MUSTER_SELECTION_AREA)
    return;
  report (self, mu_edit_set_area_level (self->history, self->index,
                                                      gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_scale_changed (GtkSpinButton   *spin,
                       MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;

  if (self->filling || self->kind != MUSTER_SELECTION_LABEL)
    return;
  report (self, mu_edit_set_label_scale (self->history, self->index,
                                                       gtk_spin_button_get_value (spin), &error), &error);
}

static void
on_item_owner_changed (GtkDropDown     *dropdown,
                       GParamSpec      *pspec,
                       MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;
  MuScenario *s = scenario (self);
  guint i = gtk_drop_down_get_selected (dropdown);
  const char *owner = NULL;

  if (self->filling || self->kind != MUSTER_SELECTION_OBJECTIVE || i == GTK_INVALID_LIST_POSITION)
    return;
  if (i > 0 && i <= s->sides->len)
    owner = ((MuSide *) g_ptr_array_index (s->sides, i - 1))->id;
  report (self, mu_edit_set_objective_owner (self->history, self->id, owner, &error), &error);
}

static void
on_item_value_changed (GtkSpinButton   *spin,
                       MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;

  if (self->filling || self->kind != MUSTER_SELECTION_OBJECTIVE)
    return;
  report (self, mu_edit_set_objective_value (self->history, self->id,
                                                           gtk_spin_button_get_value_as_int (spin), &error), &error);
}

static void
on_item_rotate (GtkButton       *button,
                MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;
  double degrees = gtk_spin_button_get_value (self->rotate);

  if (self->kind == MUSTER_SELECTION_AREA)
    report (self, mu_edit_rotate_area (self->history, self->index, degrees, &error), &error);
  else if (self->kind == MUSTER_SELECTION_LINE)
    report (self, mu_edit_rotate_line (self->history, self->index, degrees, &error), &error);
}

static void
on_item_delete (GtkButton       *button,
                MusterItemPanel *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  switch (self->kind)
    {
    case MUSTER_SELECTION_AREA:
      ok = mu_edit_remove_area (self->history, self->index, &error);
      break;
    case MUSTER_SELECTION_LINE:
      ok = mu_edit_remove_line (self->history, self->index, &error);
      break;
    case MUSTER_SELECTION_LABEL:
      ok = mu_edit_remove_label (self->history, self->index, &error);
      break;
    case MUSTER_SELECTION_OBJECTIVE:
      ok = mu_edit_remove_objective (self->history, self->id, &error);
      break;
    case MUSTER_SELECTION_COUNTER:
      /* off the board, back to the order of battle's pool */
      ok = mu_edit_unplace_counter (self->history, self->id, &error);
      break;
    case MUSTER_SELECTION_NONE:
    default:
      return;
    }
  report (self, ok, &error);
  if (ok)
    g_signal_emit (self, signals[DELETED], 0);
}

void
muster_item_panel_set_text (MusterItemPanel *self,
                            const char      *text)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  gtk_editable_set_text (GTK_EDITABLE (self->text), text ? text : "");
  g_signal_emit_by_name (self->text, "activate");
}

void
muster_item_panel_set_level (MusterItemPanel *self,
                             int              level)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  gtk_spin_button_set_value (self->level, level);
}

void
muster_item_panel_set_scale (MusterItemPanel *self,
                             double           scale)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  gtk_spin_button_set_value (self->scale, scale);
}

void
muster_item_panel_set_owner (MusterItemPanel *self,
                             const char      *owner)
{
  MuScenario *s;
  guint selected = 0;

  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  s = scenario (self);
  for (guint i = 0; i < s->sides->len; i++)
    if (g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->id, owner) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->owner, selected);
}

void
muster_item_panel_set_value (MusterItemPanel *self,
                             int              value)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  gtk_spin_button_set_value (self->value, value);
}

void
muster_item_panel_rotate (MusterItemPanel *self,
                          double           degrees)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  gtk_spin_button_set_value (self->rotate, degrees);
  on_item_rotate (NULL, self);
}

void
muster_item_panel_delete (MusterItemPanel *self)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  on_item_delete (NULL, self);
}

void
muster_item_panel_set_history (MusterItemPanel *self,
                               MuEditHistory   *history)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));
  g_set_object (&self->history, history);
}

void
muster_item_panel_show (MusterItemPanel     *self,
                        MusterSelectionKind  kind,
                        int                  index,
                        const char          *id)
{
  g_return_if_fail (MUSTER_IS_ITEM_PANEL (self));

  self->kind = kind;
  self->index = index;
  if (self->id != id)
    {
      g_free (self->id);
      self->id = g_strdup (id);
    }
  /* nothing selected before or now: the panel stays as it is */
  if (self->kind == MUSTER_SELECTION_NONE && self->empty)
    return;
  self->empty = self->kind == MUSTER_SELECTION_NONE;
  fill (self);
}

const char *
muster_item_panel_get_title (MusterItemPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ITEM_PANEL (self), NULL);
  return gtk_label_get_label (self->label);
}

static void
muster_item_panel_dispose (GObject *object)
{
  MusterItemPanel *self = MUSTER_ITEM_PANEL (object);

  g_clear_object (&self->history);

  G_OBJECT_CLASS (muster_item_panel_parent_class)->dispose (object);
}

static void
muster_item_panel_finalize (GObject *object)
{
  MusterItemPanel *self = MUSTER_ITEM_PANEL (object);

  g_free (self->id);

  G_OBJECT_CLASS (muster_item_panel_parent_class)->finalize (object);
}

static void
muster_item_panel_class_init (MusterItemPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_item_panel_dispose;
  object_class->finalize = muster_item_panel_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-item-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, label);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, grid);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, text);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, level);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, scale);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, owner);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, value);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, rotate);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, text_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, level_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, scale_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, owner_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, value_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, rotate_row);
  gtk_widget_class_bind_template_child (widget_class, MusterItemPanel, delete);
  gtk_widget_class_bind_template_callback (widget_class, on_item_rotate);
  gtk_widget_class_bind_template_callback (widget_class, on_item_delete);

  /* An edit made in the panel, and whether the engine took it (the error
   * says why not). */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_ERROR);
  /* The item shown was deleted (or a counter taken off the board). */
  signals[DELETED] = g_signal_new ("deleted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_item_panel_init (MusterItemPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->index = -1;
  /* the hill levels the engine knows */
  gtk_spin_button_set_range (self->level, 1, MU_ELEVATION_MAX);
  /* the area's rows sit between Turn (row 5) and Delete (row 20) */
  build_area_values (self, GTK_WIDGET (self->grid), 6);

  g_signal_connect (self->text, "activate", G_CALLBACK (on_item_text_activate), self);
  g_signal_connect (self->level, "value-changed", G_CALLBACK (on_item_level_changed), self);
  g_signal_connect (self->scale, "value-changed", G_CALLBACK (on_item_scale_changed), self);
  g_signal_connect (self->owner, "notify::selected", G_CALLBACK (on_item_owner_changed), self);
  g_signal_connect (self->value, "value-changed", G_CALLBACK (on_item_value_changed), self);
  muster_editor_ellipsize_dropdown (self->owner);
}

GtkWidget *
muster_item_panel_new (void)
{
  return g_object_new (MUSTER_TYPE_ITEM_PANEL, NULL);
}
