/* muster-editor-oob-menu.c: the order-of-battle tree's context menu
 *
 * A right click on a row, or Menu or Shift+F10 on the tree, selects the
 * row and opens a menu with what the panel's buttons do and, for a
 * counter, the reserve it arrives with: its side's reserves or None (on
 * the board or in the pool), as the counter's form offers it. Each choice
 * is one undoable step. The panel's class installs the actions oob.add,
 * oob.duplicate, oob.delete, oob.move-up, oob.move-down and oob.reserve
 * (the "reserve" property: the selected counter's reserve id, "" for none). */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-oob.h"
#include "muster-editor-oob-private.h"

#include <glib/gi18n.h>
#include <string.h>

static void
on_command (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  MusterEditorOob *self = MUSTER_EDITOR_OOB (widget);
  const char *name = action_name + strlen ("oob.");
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (g_str_equal (name, "add"))
    ok = muster_editor_oob_add (self, &error);
  else if (g_str_equal (name, "duplicate"))
    ok = muster_editor_oob_duplicate (self, &error);
  else if (g_str_equal (name, "delete"))
    ok = muster_editor_oob_remove (self, &error);
  else if (g_str_equal (name, "move-up"))
    ok = muster_editor_oob_move (self, -1, &error);
  else if (g_str_equal (name, "move-down"))
    ok = muster_editor_oob_move (self, 1, &error);
  muster_editor_oob_show_result (self, ok, &error);
}

/* The selected counter's reserve id, "" when it arrives with none. */
const char *
muster_editor_oob_menu_get_reserve (MusterEditorOob *self)
{
  const MuCounter *c = self->selected ? mu_scenario_find_counter (muster_editor_oob_scenario (self), self->selected)
                                      : NULL;

  return c != NULL && c->place.kind == MU_PLACE_RESERVE && c->place.reserve != NULL ? c->place.reserve : "";
}

void
muster_editor_oob_menu_set_reserve (MusterEditorOob *self,
                                    const char      *id)
{
  const MuCounter *c;
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  c = self->selected ? mu_scenario_find_counter (muster_editor_oob_scenario (self), self->selected) : NULL;
  if (c == NULL)
    return;
  if (id != NULL && g_strcmp0 (id, muster_editor_oob_menu_get_reserve (self)) != 0)
    {
      if (*id == '\0')
        ok = mu_edit_unplace_counter (self->history, c->id, &error);
      else
        ok = mu_edit_set_counter_reserve (self->history, c->id, id, &error);
      muster_editor_oob_show_result (self, ok, &error);
    }
  /* a refused change leaves the menu's choice where it was */
  g_object_notify (G_OBJECT (self), "reserve");
}

void
muster_editor_oob_menu_class_init (GtkWidgetClass *widget_class)
{
  static const char *const commands[] = { "oob.add", "oob.duplicate", "oob.delete", "oob.move-up",
                                          "oob.move-down" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    gtk_widget_class_install_action (widget_class, commands[i], NULL, on_command);
  gtk_widget_class_install_property_action (widget_class, "oob.reserve", "reserve");
}

/* The actions enabled for the selection, and oob.reserve's state its reserve. */
static void
update_actions (MusterEditorOob *self)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  gboolean counter = self->selected != NULL && mu_scenario_find_counter (s, self->selected) != NULL;
  gboolean any = self->selected != NULL;
  static const char *const need_counter[] = { "oob.duplicate", "oob.reserve" };
  static const char *const need_any[] = { "oob.delete", "oob.move-up", "oob.move-down" };

  for (guint i = 0; i < G_N_ELEMENTS (need_counter); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), need_counter[i], counter);
  for (guint i = 0; i < G_N_ELEMENTS (need_any); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), need_any[i], any);
  g_object_notify (G_OBJECT (self), "reserve");
}

GMenuModel *
muster_editor_oob_get_menu (MusterEditorOob *self)
{
  MuScenario *s;
  const MuCounter *c;
  GMenu *menu, *section;

  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), NULL);

  s = muster_editor_oob_scenario (self);
  c = self->selected ? mu_scenario_find_counter (s, self->selected) : NULL;
  update_actions (self);
  menu = g_menu_new ();
  section = g_menu_new ();
  g_menu_append (section, _("_Add Under It"), "oob.add");
  if (c != NULL)
    g_menu_append (section, _("D_uplicate"), "oob.duplicate");
  g_menu_append (section, _("_Delete"), "oob.delete");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_object_unref (section);
  section = g_menu_new ();
  g_menu_append (section, _("Move _Up"), "oob.move-up");
  g_menu_append (section, _("Move Do_wn"), "oob.move-down");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_object_unref (section);
  if (c != NULL)
    {
      /* the reserve it arrives with: its side's reserves, or none */
      section = g_menu_new ();
      {
        g_autoptr(GMenuItem) none = g_menu_item_new (_("_None (on the board or in the pool)"), NULL);

        g_menu_item_set_action_and_target_value (none, "oob.reserve", g_variant_new_string (""));
        g_menu_append_item (section, none);
      }
      for (guint i = 0; i < s->reserves->len; i++)
        {
          const MuReserve *r = g_ptr_array_index (s->reserves, i);
          g_autoptr(GMenuItem) item = NULL;

          if (g_strcmp0 (r->side, c->side) != 0)
            continue;
          item = g_menu_item_new (r->name && *r->name ? r->name : r->id, NULL);
          g_menu_item_set_action_and_target_value (item, "oob.reserve", g_variant_new_string (r->id));
          g_menu_append_item (section, item);
        }
      /* Translators: a heading in the order of battle's context menu */
      g_menu_append_section (menu, _("Arrives with Reserve"), G_MENU_MODEL (section));
      g_object_unref (section);
    }
  return G_MENU_MODEL (menu);
}

GtkWidget *
muster_editor_oob_get_menu_popover (MusterEditorOob *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), NULL);
  return self->menu;
}

/* Opens the menu for the selection, pointing at (x, y) of the panel. */
static void
popup_at (MusterEditorOob *self,
          double           x,
          double           y)
{
  g_autoptr(GMenuModel) model = muster_editor_oob_get_menu (self);

  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_row_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                GtkWidget       *row)
{
  MusterEditorOob *self = g_object_get_data (G_OBJECT (row), "panel");
  const char *id = g_object_get_data (G_OBJECT (row), "id");
  graphene_point_t at;

  if (id == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  muster_editor_oob_select (self, id);
  if (!gtk_widget_compute_point (row, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (x, y), &at))
    at = GRAPHENE_POINT_INIT (0, 0);
  popup_at (self, at.x, at.y);
}

void
muster_editor_oob_menu_attach (MusterEditorOob *self,
                               GtkWidget       *row)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (click), "oob-context");
  g_signal_connect (click, "pressed", G_CALLBACK (on_row_pressed), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
}

/* Menu or Shift+F10: the menu of the selected row, at the row that has the
 * focus (or the top of the tree). */
static gboolean
on_menu_key (GtkWidget *list,
             GVariant  *args,
             gpointer   data)
{
  MusterEditorOob *self = data;
  GtkRoot *root = gtk_widget_get_root (list);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  graphene_point_t at;

  if (self->selected == NULL)
    return FALSE;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, list) ||
      !gtk_widget_compute_point (focus, GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (24, gtk_widget_get_height (focus) / 2.0), &at))
    {
      if (!gtk_widget_compute_point (list, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (24, 12), &at))
        at = GRAPHENE_POINT_INIT (0, 0);
    }
  popup_at (self, at.x, at.y);
  return TRUE;
}

void
muster_editor_oob_menu_init (MusterEditorOob *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Menu|<Shift>F10"),
                                                          gtk_callback_action_new (on_menu_key, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->list), keys);
}

void
muster_editor_oob_menu_dispose (MusterEditorOob *self)
{
  g_clear_pointer (&self->menu, gtk_widget_unparent);
}
