/* muster-match-dialog.c: the New Match dialog (see muster-match-dialog.h) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-dialog.h"

#include <glib/gi18n.h>

#include "mu-error.h"
#include "mu-file.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml.h"
#include "muster-data-dirs.h"
#include "muster-dialog-enter.h"
#include "muster-options-editor.h"

struct _MusterMatchDialog
{
  GtkDialog parent_instance;

  MuScenario *scenario;          /* owned copy */
  GPtrArray *bundled;            /* of char*: paths, when no scenario was given */
  GtkWidget *scenario_heading;
  GtkWidget *scenario_drop;
  GtkWidget *body;               /* rebuilt for each scenario */
  GHashTable *player_drops;      /* side id -> GtkDropDown */
  GtkWidget *options;            /* MusterOptionsEditor of the scenario's ruleset, or NULL */
  GtkWidget *seed_entry;
  GtkWidget *dice_computer;
  GtkWidget *dice_players;
  GtkWidget *seed_error;
  GtkWidget *problem;
  GPtrArray *check_problems;     /* why the last create_game() refused, or NULL */
};

G_DEFINE_FINAL_TYPE (MusterMatchDialog, muster_match_dialog, GTK_TYPE_DIALOG)

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static gboolean
parse_seed (MusterMatchDialog *self,
            guint64           *seed)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->seed_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (*stripped == '\0')
    {
      *seed = ((guint64) g_random_int () << 32) | g_random_int ();
      return TRUE;
    }
  return g_ascii_string_to_unsigned (stripped, 10, 0, G_MAXUINT64, seed, NULL);
}

static void
update_sensitive (MusterMatchDialog *self)
{
  guint64 seed;
  gboolean seed_ok = parse_seed (self, &seed);
  const MuRuleset *ruleset = self->scenario ? mu_ruleset_find (self->scenario->ruleset) : NULL;
  gboolean playable = ruleset != NULL && mu_ruleset_can_play (ruleset);

  gtk_widget_set_visible (self->seed_error, !seed_ok);
  gtk_dialog_set_response_sensitive (GTK_DIALOG (self), GTK_RESPONSE_ACCEPT, seed_ok && playable);
  gtk_widget_set_visible (self->problem, !playable);
  if (!playable)
    {
      g_autofree char *text = NULL;

      if (self->scenario == NULL)
        text = g_strdup (_("The scenario could not be read."));
      else
        text = g_strdup_printf (_("Muster describes the rules “%s” but cannot play them yet."),
                                self->scenario->ruleset ? self->scenario->ruleset : "");
      gtk_label_set_text (GTK_LABEL (self->problem), text);
    }
}

static void
fill_body (MusterMatchDialog *self)
{
  GtkWidget *child, *grid;
  g_autoptr(GPtrArray) sides = NULL;
  int row = 0;

  while ((child = gtk_widget_get_first_child (self->body)) != NULL)
    gtk_box_remove (GTK_BOX (self->body), child);
  g_hash_table_remove_all (self->player_drops);
  self->options = NULL;
  if (self->scenario == NULL)
    return;
  gtk_box_append (GTK_BOX (self->body), heading (_("Players")));
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  /* in the order they play (the engine's: baa's Confederates first) */
  sides = mu_ruleset_sides_in_play_order (self->scenario);
  for (guint i = 0; i < sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (sides, i);
      static const char *const players[] = { N_("A person"), N_("The computer"), NULL };
      const char *translated[3] = { _(players[0]), _(players[1]), NULL };
      GtkWidget *label = gtk_label_new (side->name ? side->name : side->id);
      GtkWidget *drop = gtk_drop_down_new_from_strings (translated);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      {
        /* Translators: the accessible name of the drop-down choosing who plays a side */
        g_autofree char *name = g_strdup_printf (_("Player of %s"), side->name ? side->name : side->id);

        gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      }
      gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), drop, 1, row++, 1, 1);
      g_hash_table_insert (self->player_drops, g_strdup (side->id), drop);
    }
  gtk_box_append (GTK_BOX (self->body), grid);

  /* the players' choices; essential rules are always on, special ones are
   * the scenario's (Scenario Properties) */
  self->options = muster_options_editor_new_for_scenario (self->scenario, MUSTER_OPTIONS_OPTIONAL);
  if (muster_options_editor_get_n_shown (MUSTER_OPTIONS_EDITOR (self->options)) > 0)
    gtk_box_append (GTK_BOX (self->body), self->options);
  else
    {
      g_object_ref_sink (self->options);
      g_clear_object (&self->options);
    }
}

static void
set_scenario (MusterMatchDialog *self,
              MuScenario        *scenario)
{
  g_clear_pointer (&self->scenario, mu_scenario_free);
  self->scenario = scenario;
  fill_body (self);
  update_sensitive (self);
}

static void
on_scenario_selected (GtkDropDown       *drop,
                      GParamSpec        *pspec,
                      MusterMatchDialog *self)
{
  guint i = gtk_drop_down_get_selected (drop);

  if (self->bundled == NULL || i >= self->bundled->len)
    return;
  set_scenario (self, mu_scenario_load_file (g_ptr_array_index (self->bundled, i), NULL, NULL));
}

static void
on_seed_changed (GtkEditable       *entry,
                 MusterMatchDialog *self)
{
  update_sensitive (self);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The bundled scenarios a match can be played on, by title, in the
 * template's drop-down. */
static void
fill_bundled (MusterMatchDialog *self)
{
  g_autofree char *dirname = muster_find_scenarios_dir ();
  g_autoptr(GDir) dir = dirname ? g_dir_open (dirname, 0, NULL) : NULL;
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  const char *name;
  GtkDropDown *drop = GTK_DROP_DOWN (self->scenario_drop);
  guint first_playable = 0;
  gboolean found = FALSE;

  self->bundled = g_ptr_array_new_with_free_func (g_free);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, MU_SCENARIO_EXTENSION) && name[0] != '.' && !mu_file_is_temporary (name))
      g_ptr_array_add (self->bundled, g_build_filename (dirname, name, NULL));
  g_ptr_array_sort (self->bundled, compare_paths);
  for (guint i = 0; i < self->bundled->len; i++)
    {
      g_autoptr(MuScenario) s = mu_scenario_load_file (g_ptr_array_index (self->bundled, i), NULL, NULL);
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (self->bundled, i));
      const MuRuleset *ruleset = s ? mu_ruleset_find (s->ruleset) : NULL;

      if (ruleset != NULL && mu_ruleset_can_play (ruleset))
        gtk_string_list_append (titles, s && s->title ? s->title : base);
      else
        {
          /* Translators: a scenario's title */
          g_autofree char *marked = g_strdup_printf (_("%s (cannot be played yet)"),
                                                     s && s->title ? s->title : base);

          gtk_string_list_append (titles, marked);
        }
      if (!found && ruleset != NULL && mu_ruleset_can_play (ruleset))
        {
          first_playable = i;
          found = TRUE;
        }
    }
  gtk_drop_down_set_model (drop, G_LIST_MODEL (titles));
  if (self->bundled->len > 0)
    gtk_drop_down_set_selected (drop, first_playable);
  /* connected once the choice is made: the first scenario is loaded once */
  g_signal_connect (drop, "notify::selected", G_CALLBACK (on_scenario_selected), self);
  gtk_widget_set_visible (self->scenario_heading, TRUE);
  gtk_widget_set_visible (self->scenario_drop, TRUE);
}

static void
muster_match_dialog_finalize (GObject *object)
{
  MusterMatchDialog *self = MUSTER_MATCH_DIALOG (object);

  g_clear_pointer (&self->scenario, mu_scenario_free);
  g_clear_pointer (&self->bundled, g_ptr_array_unref);
  g_clear_pointer (&self->player_drops, g_hash_table_unref);
  g_clear_pointer (&self->check_problems, g_ptr_array_unref);
  G_OBJECT_CLASS (muster_match_dialog_parent_class)->finalize (object);
}

static void
muster_match_dialog_class_init (MusterMatchDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = muster_match_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-match-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, scenario_heading);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, scenario_drop);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, body);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, seed_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, dice_computer);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, dice_players);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, seed_error);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchDialog, problem);
  gtk_widget_class_bind_template_callback (widget_class, on_seed_changed);
}

static void
muster_match_dialog_init (MusterMatchDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->player_drops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GtkWidget *
muster_match_dialog_new (GtkWindow        *parent,
                         const MuScenario *scenario)
{
  MusterMatchDialog *self = g_object_new (MUSTER_TYPE_MATCH_DIALOG, "transient-for", parent, NULL);

  if (scenario == NULL)
    fill_bundled (self);
  if (scenario != NULL)
    set_scenario (self, mu_scenario_copy (scenario));
  else if (self->bundled->len > 0)
    on_scenario_selected (GTK_DROP_DOWN (self->scenario_drop), NULL, self);
  else
    set_scenario (self, NULL);
  muster_dialog_answer_on_enter (GTK_DIALOG (self), GTK_RESPONSE_ACCEPT);
  return GTK_WIDGET (self);
}

GPtrArray *
muster_match_dialog_get_check_problems (MusterMatchDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_DIALOG (self), NULL);
  return self->check_problems;
}

MusterPlayer
muster_match_dialog_get_player (MusterMatchDialog *self,
                                const char        *side)
{
  GtkDropDown *drop;

  g_return_val_if_fail (MUSTER_IS_MATCH_DIALOG (self), MUSTER_PLAYER_PERSON);

  drop = g_hash_table_lookup (self->player_drops, side);
  return drop && gtk_drop_down_get_selected (drop) == 1 ? MUSTER_PLAYER_COMPUTER : MUSTER_PLAYER_PERSON;
}

void
muster_match_dialog_set_player (MusterMatchDialog *self,
                                const char        *side,
                                MusterPlayer       player)
{
  GtkDropDown *drop;

  g_return_if_fail (MUSTER_IS_MATCH_DIALOG (self));

  drop = g_hash_table_lookup (self->player_drops, side);
  if (drop != NULL)
    gtk_drop_down_set_selected (drop, player == MUSTER_PLAYER_COMPUTER ? 1 : 0);
}

void
muster_match_dialog_set_seed (MusterMatchDialog *self,
                              const char        *seed)
{
  g_return_if_fail (MUSTER_IS_MATCH_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), seed ? seed : "");
}

GtkWidget *
muster_match_dialog_get_options (MusterMatchDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_DIALOG (self), NULL);
  return self->options;
}

gboolean
muster_match_dialog_get_dice_by_players (MusterMatchDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_DIALOG (self), FALSE);
  return gtk_check_button_get_active (GTK_CHECK_BUTTON (self->dice_players));
}

void
muster_match_dialog_set_dice_by_players (MusterMatchDialog *self,
                                         gboolean           by_players)
{
  g_return_if_fail (MUSTER_IS_MATCH_DIALOG (self));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (by_players ? self->dice_players : self->dice_computer), TRUE);
}

MusterGame *
muster_match_dialog_create_game (MusterMatchDialog *self,
                                 GError           **error)
{
  g_autoptr(MuScenario) copy = NULL;
  guint64 seed;

  g_return_val_if_fail (MUSTER_IS_MATCH_DIALOG (self), NULL);

  if (self->scenario == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("No scenario to play"));
      return NULL;
    }
  if (!parse_seed (self, &seed))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The seed is a whole number from 0 to 18446744073709551615."));
      return NULL;
    }
  copy = mu_scenario_copy (self->scenario);
  if (self->options != NULL)
    muster_options_editor_apply (MUSTER_OPTIONS_EDITOR (self->options), copy);
  {
    /* The editor opens a scenario that fails its checks so it can be
     * fixed; a match never starts from one, as muster-cli play refuses it. */
    g_autoptr(GPtrArray) problems = mu_problem_list_new ();
    guint n_errors;

    g_clear_pointer (&self->check_problems, g_ptr_array_unref);
    mu_scenario_check (copy, problems);
    n_errors = mu_problem_list_n_errors (problems);
    if (n_errors > 0)
      {
        g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "The scenario has %u error to fix before it can be played.",
                                  "The scenario has %u errors to fix before it can be played.",
                                  n_errors),
                     n_errors);
        /* only the errors: its warnings do not stop a match */
        self->check_problems = mu_problem_list_new ();
        for (guint i = 0; i < problems->len; i++)
          if (((MuProblem *) g_ptr_array_index (problems, i))->severity == MU_PROBLEM_ERROR)
            g_ptr_array_add (self->check_problems, g_ptr_array_steal_index (problems, i--));
        return NULL;
      }
  }
  return muster_game_new_for_scenario (copy, seed, error);
}
