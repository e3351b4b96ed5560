/* match-widgets.h: finding the match page's controls, as the window tests
 * that play whole matches through the page (mn-acw, Toy Soldiers,
 * regimental) look for them, and check them for accessible names */
#pragma once

#include <gtk/gtk.h>

#include "muster-match-page.h"

/* The first shown button under widget whose action is name with target
 * line (any target when line is NULL). */
static inline GtkWidget *
match_widgets_find_command (GtkWidget  *widget,
                            const char *name,
                            const char *line)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && gtk_widget_get_mapped (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), name) == 0)
        {
          GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child));

          if (line == NULL ||
              (target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) &&
               g_str_equal (g_variant_get_string (target, NULL), line)))
            return child;
        }
      if ((found = match_widgets_find_command (child, name, line)) != NULL)
        return found;
    }
  return NULL;
}

/* The first widget of type under widget. */
static inline GtkWidget *
match_widgets_find_type (GtkWidget *widget,
                         GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (child, type) ? child : match_widgets_find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The decision's button for answer (its "answer" data). */
static inline GtkWidget *
match_widgets_find_answer (MusterMatchPage *page,
                           const char      *answer)
{
  GtkWidget *box = muster_match_page_get_decision_box (page);

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "answer"), answer) == 0)
      return child;
  return NULL;
}

/* Every button and other control under widget that is shown has an
 * accessible name: its label, or a label property set for screen readers. */
static inline void
match_widgets_check_accessible (GtkWidget *widget,
                                guint     *n)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_BUTTON (child) || GTK_IS_SPIN_BUTTON (child) || GTK_IS_DROP_DOWN (child) ||
          GTK_IS_CHECK_BUTTON (child))
        {
          gboolean named = gtk_test_accessible_has_property (GTK_ACCESSIBLE (child),
                                                             GTK_ACCESSIBLE_PROPERTY_LABEL) ||
                           gtk_test_accessible_has_relation (GTK_ACCESSIBLE (child),
                                                             GTK_ACCESSIBLE_RELATION_LABELLED_BY) ||
                           (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL) ||
                           (GTK_IS_BUTTON (child) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (child))) &&
                            *gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (child)))) != '\0');

          if (!named)
            g_test_message ("a %s (%s, icon %s, in a %s in a %s) without an accessible name",
                            G_OBJECT_TYPE_NAME (child),
                            gtk_widget_get_tooltip_text (child) ? gtk_widget_get_tooltip_text (child) : "",
                            GTK_IS_BUTTON (child) && gtk_button_get_icon_name (GTK_BUTTON (child))
                            ? gtk_button_get_icon_name (GTK_BUTTON (child)) : "-",
                            G_OBJECT_TYPE_NAME (gtk_widget_get_parent (child)),
                            G_OBJECT_TYPE_NAME (gtk_widget_get_parent (gtk_widget_get_parent (child))));
          g_assert_true (named);
          (*n)++;
        }
      /* a drop-down's own toggle is its inside, named by the drop-down */
      if (!GTK_IS_DROP_DOWN (child))
        match_widgets_check_accessible (child, n);
    }
}

/* The first widget under widget with the style class name. */
static inline GtkWidget *
match_widgets_find_class (GtkWidget  *widget,
                          const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gtk_widget_has_css_class (child, name) ? child : match_widgets_find_class (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The width the sidebar asks for (its natural width, which the page's box
 * gives it before the board takes the rest; the sidebar with whatever
 * holds it in that box): the same from one command and decision to the
 * next, *width the first one seen (0 before). */
static inline void
match_widgets_check_sidebar_width (MusterMatchPage *page,
                                   int             *width)
{
  GtkWidget *sidebar = match_widgets_find_class (GTK_WIDGET (page), "side-panel");
  int min, nat;

  g_assert_nonnull (sidebar);
  while (gtk_widget_get_parent (sidebar) != NULL && !GTK_IS_BOX (gtk_widget_get_parent (sidebar)))
    sidebar = gtk_widget_get_parent (sidebar);
  gtk_widget_measure (sidebar, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (*width == 0)
    *width = nat;
  if (nat != *width)
    g_test_message ("the sidebar asks for %d pixels, first %d", nat, *width);
  g_assert_cmpint (nat, ==, *width);
}

/* End Phase shows (and may be pressed) only when the engine would end the
 * step: not while a decision it waits for is pending. TRUE when this was
 * such a moment, End Phase hidden. */
static inline gboolean
match_widgets_check_end_phase (MusterMatchPage *page)
{
  MusterGame *game = muster_match_page_get_game (page);
  MuMatch *m = muster_game_get_match (game);
  GtkWidget *button = match_widgets_find_command (GTK_WIDGET (page), "match.end-phase", NULL);
  g_autoptr(MuCommand) end = mu_match_parse (m, mu_match_get_reaction (m) && !mu_match_get_pending (m)
                                                ? "pass" : "end-phase", NULL);
  MuCheck check;
  gboolean legal = end != NULL && mu_match_check (m, end, &check);

  if (end != NULL)
    mu_check_clear (&check);
  if (button != NULL)
    g_assert_true (legal);
  return !legal && mu_match_get_pending (m) != NULL;
}
