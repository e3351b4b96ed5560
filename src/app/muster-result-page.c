/* muster-result-page.c: how the match ended (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-result-page.h"

#include <glib/gi18n.h>

#include "mu-ruleset.h"

struct _MusterResultPage {
  GtkWidget parent_instance;

  MusterGame *game;
  gulong changed_id;
  gulong reset_id;

  GtkWidget *scroller;
  GtkWidget *title;
  GtkWidget *level;
  GtkWidget *score;
  GtkWidget *objectives_heading;
  GtkWidget *objectives;
  GtkWidget *losses;
  GString *text;
};

G_DEFINE_FINAL_TYPE (MusterResultPage, muster_result_page, GTK_TYPE_WIDGET)

static const char *
side_name (MusterResultPage *self,
           const char       *id)
{
  const MuSide *side = id ? mu_scenario_find_side (muster_game_get_scenario (self->game), id) : NULL;

  return side && side->name && *side->name ? side->name : id;
}

/* The levels MuResult documents, in words. */
static const char *
level_name (const char *level)
{
  if (g_strcmp0 (level, "tactical") == 0)
    return _("Tactical victory");
  if (g_strcmp0 (level, "decisive") == 0)
    return _("Decisive victory");
  if (g_strcmp0 (level, "complete") == 0)
    return _("Complete victory");
  if (g_strcmp0 (level, "draw") == 0)
    return _("Draw");
  if (g_strcmp0 (level, "victory") == 0)
    return _("Victory");
  return level;
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else if (GTK_IS_GRID (box))
        gtk_grid_remove (GTK_GRID (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static GtkWidget *
two_labels (const char *left,
            const char *right)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *l = gtk_label_new (left);
  GtkWidget *r = gtk_label_new (right);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_widget_set_hexpand (l, TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (r, "dim-label");
  gtk_box_append (GTK_BOX (box), l);
  gtk_box_append (GTK_BOX (box), r);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  return box;
}

static void
update_objectives (MusterResultPage *self)
{
  GArray *views = mu_match_get_objectives (muster_game_get_match (self->game));

  clear_box (self->objectives);
  for (guint i = 0; views && i < views->len; i++)
    {
      const MuObjectiveView *v = &g_array_index (views, MuObjectiveView, i);
      const char *name = v->objective && v->objective->name ? v->objective->name : v->id;
      const char *owner = v->owner ? side_name (self, v->owner) : _("nobody");
      GtkWidget *row = gtk_list_box_row_new ();
      g_autofree char *a11y = g_strdup_printf (_("%s: held by %s"), name, owner);

      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), two_labels (name, owner));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      gtk_list_box_append (GTK_LIST_BOX (self->objectives), row);
      g_string_append_printf (self->text, "objective %s %s\n", name, v->owner ? v->owner : "-");
    }
  /* a scenario without objectives (Toy Soldiers) shows no empty heading */
  gtk_widget_set_visible (self->objectives_heading, views && views->len > 0);
  gtk_widget_set_visible (self->objectives, views && views->len > 0);
}

/* Losses of each side out of its order of battle, as the engine counts
 * them (mu_match_get_losses). */
static void
update_losses (MusterResultPage *self)
{
  const MuScenario *s = muster_game_get_scenario (self->game);
  GtkWidget *heading;
  int row = 1;

  clear_box (self->losses);
  heading = gtk_label_new (_("Units lost"));
  gtk_widget_add_css_class (heading, "dim-label");
  gtk_grid_attach (GTK_GRID (self->losses), heading, 1, 0, 1, 1);
  heading = gtk_label_new (_("Strength lost"));
  gtk_widget_add_css_class (heading, "dim-label");
  gtk_grid_attach (GTK_GRID (self->losses), heading, 2, 0, 1, 1);
  heading = gtk_label_new (_("Commanders lost"));
  gtk_widget_add_css_class (heading, "dim-label");
  gtk_grid_attach (GTK_GRID (self->losses), heading, 3, 0, 1, 1);
  for (guint si = 0; si < s->sides->len; si++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, si);
      MuLosses l;
      g_autofree char *u = NULL, *c = NULL, *st = NULL;
      GtkWidget *label;

      mu_match_get_losses (muster_game_get_match (self->game), side->id, &l);
      u = g_strdup_printf (_("%d of %d"), l.units_lost, l.units);
      st = g_strdup_printf (_("%d of %d"), l.strength_lost, l.strength);
      c = g_strdup_printf (_("%d of %d"), l.commanders_lost, l.commanders);
      label = gtk_label_new (side->name && *side->name ? side->name : side->id);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (GTK_GRID (self->losses), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->losses), gtk_label_new (u), 1, row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->losses), gtk_label_new (st), 2, row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->losses), gtk_label_new (c), 3, row, 1, 1);
      row++;
      g_string_append_printf (self->text, "losses %s units %d/%d strength %d/%d commanders %d/%d\n",
                              side->id, l.units_lost, l.units, l.strength_lost, l.strength,
                              l.commanders_lost, l.commanders);
    }
}

static void
update (MusterResultPage *self)
{
  MuResult r;
  g_autofree char *title = NULL;
  g_autofree char *level = NULL;

  g_string_truncate (self->text, 0);
  mu_match_get_result (muster_game_get_match (self->game), &r);
  if (!r.over)
    title = g_strdup (_("The match is not over"));
  else if (r.winner)
    title = g_strdup_printf (_("%s wins"), side_name (self, r.winner));
  else
    title = g_strdup (_("Neither side wins"));
  if (r.over && r.reason != NULL)
    /* the ruleset says why (a task met at once): the difference would
     * not explain it */
    level = g_strdup (r.reason);
  else if (r.over)
    level = g_strdup_printf (_("%s — objective difference %d"), level_name (r.level), r.difference);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  gtk_label_set_text (GTK_LABEL (self->level), level ? level : "");
  gtk_widget_set_visible (self->level, level != NULL);
  if (r.n_scores > 0)
    {
      /* "Confederate 4, Union 2": the sides by name (the summary has ids) */
      g_autoptr(GString) scores = g_string_new (NULL);

      for (guint i = 0; i < r.n_scores && i < G_N_ELEMENTS (r.score); i++)
        g_string_append_printf (scores, "%s%s %d", i ? ", " : "", side_name (self, r.score_side[i]), r.score[i]);
      gtk_label_set_text (GTK_LABEL (self->score), scores->str);
      gtk_widget_set_tooltip_text (self->score, r.summary);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->score), r.summary ? r.summary : "");
  gtk_widget_set_visible (self->score, r.summary != NULL || r.n_scores > 0);
  g_string_append_printf (self->text, "title %s\n", title);
  if (level)
    g_string_append_printf (self->text, "level %s\n", level);
  if (r.summary)
    g_string_append_printf (self->text, "score %s\n", gtk_label_get_text (GTK_LABEL (self->score)));
  mu_result_clear (&r);
  update_objectives (self);
  update_losses (self);
}

static void
on_game_changed (MusterGame       *game,
                 MusterResultPage *self)
{
  update (self);
}

static void
muster_result_page_dispose (GObject *object)
{
  MusterResultPage *self = MUSTER_RESULT_PAGE (object);

  if (self->game)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_clear_signal_handler (&self->reset_id, self->game);
      g_clear_object (&self->game);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_RESULT_PAGE);
  G_OBJECT_CLASS (muster_result_page_parent_class)->dispose (object);
}

static void
muster_result_page_finalize (GObject *object)
{
  g_string_free (MUSTER_RESULT_PAGE (object)->text, TRUE);
  G_OBJECT_CLASS (muster_result_page_parent_class)->finalize (object);
}

static void
muster_result_page_class_init (MusterResultPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_result_page_dispose;
  object_class->finalize = muster_result_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-result-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, title);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, level);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, score);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, objectives_heading);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, objectives);
  gtk_widget_class_bind_template_child (widget_class, MusterResultPage, losses);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "resultpage");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
muster_result_page_init (MusterResultPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->text = g_string_new (NULL);
}

GtkWidget *
muster_result_page_new (MusterGame *game)
{
  MusterResultPage *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_RESULT_PAGE, NULL);
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  self->reset_id = g_signal_connect (game, "reset", G_CALLBACK (on_game_changed), self);
  update (self);
  return GTK_WIDGET (self);
}

char *
muster_result_page_describe (MusterResultPage *self)
{
  g_return_val_if_fail (MUSTER_IS_RESULT_PAGE (self), NULL);
  return g_strdup (self->text->str);
}
