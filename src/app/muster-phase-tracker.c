/* muster-phase-tracker.c: where the match stands in its turn (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-phase-tracker.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mu-ruleset.h"

struct _MusterPhaseTracker {
  GtkWidget parent_instance;

  MusterGame *game;
  gulong changed_id;
  gulong reset_id;

  GtkWidget *main_box;
  GtkLabel *turn_label;
  GtkImage *daylight_image;
  GtkLabel *clock_label;
  GtkLabel *round_label;
  GtkWidget *resources_box;
  GtkLabel *current_label;   /* the current step, the list folded or not */
  GtkWidget *steps_toggle;   /* unfolds the whole list of steps */
  GtkWidget *steps_scroller;
  GtkListBox *steps_list;
  GtkWidget *todo_box;
  GtkWidget *end_button;

  /* what describe() reports: rebuilt with the view */
  GString *text;
  GPtrArray *row_views;    /* of RowView, one per row of steps_list */
  GtkWidget *current_row;  /* the current step's row, or NULL */
  guint scroll_idle;
};

G_DEFINE_FINAL_TYPE (MusterPhaseTracker, muster_phase_tracker, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* One step of the turn as a row of the list: a step flagged PER_SIDE
 * gives one row per side of the turn's order, and its nested steps
 * inherit that side. */
typedef struct {
  const MuStepInfo *step;
  char *path;
  const char *side;
  int depth;
  int parent;          /* index of the parent row, -1 at the top */
} Row;

static void
row_clear (gpointer data)
{
  g_free (((Row *) data)->path);
}

static void
add_rows (GArray                  *rows,
          const MuStepInfo        *steps,
          guint                    n_steps,
          const char              *prefix,
          const char              *side,
          int                      depth,
          int                      parent,
          const char *const       *side_order)
{
  for (guint i = 0; i < n_steps; i++)
    {
      const MuStepInfo *st = &steps[i];
      g_autofree char *path = prefix ? g_strconcat (prefix, "/", st->id, NULL) : g_strdup (st->id);
      gboolean per_side = (st->flags & MU_STEP_PER_SIDE) && side_order != NULL && side_order[0];

      for (guint s = 0; per_side ? side_order[s] != NULL : s < 1; s++)
        {
          Row r = { st, g_strdup (path), per_side ? side_order[s] : side, depth, parent };
          int index = rows->len;

          g_array_append_val (rows, r);
          add_rows (rows, st->steps, st->n_steps, path, r.side, depth + 1, index, side_order);
        }
    }
}

static const char *
side_name (MusterPhaseTracker *self,
           const char         *id)
{
  const MuSide *side = id ? mu_scenario_find_side (muster_game_get_scenario (self->game), id) : NULL;

  return side && side->name && *side->name ? side->name : id;
}

/* The account of a passed step: its events counted by kind, in the order
 * they first came ("14 nic markers placed, 8 rolls (3 succeeded)"). Only
 * events every side may see are counted. */
typedef struct {
  const MuEventKindInfo *kind;
  const char *word;     /* kind word, or the marker's id */
  int n;
  int successes;        /* rolls compared with a target */
  int compared;
  int total;            /* hits: their sum */
} Tally;

/* {n}, {total} and {text} (the marker) of a tally's template. */
static char *
tally_field (const MuEvent *e,
             const char    *field,
             gpointer       data)
{
  const Tally *t = data;

  if (g_str_equal (field, "n"))
    return g_strdup_printf ("%d", t->n);
  if (g_str_equal (field, "total"))
    return g_strdup_printf ("%d", t->total);
  if (g_str_equal (field, "text"))
    return g_strdup (t->word);
  return NULL;
}

/* The kind's declared account ("3 moves", "14 nic markers placed"), else
 * "N WORD". */
static char *
tally_line (const Tally *t)
{
  const MuEventKindInfo *k = t->kind;
  g_autoptr(MuEvent) dummy = NULL;

  if (k == mu_event_kind_info (MU_EVENT_ROLL) && t->compared > 0)
    return g_strdup_printf (ngettext ("%d roll (%d succeeded)", "%d rolls (%d succeeded)", t->n),
                            t->n, t->successes);
  if (k->tally == NULL)
    return g_strdup_printf ("%d %s", t->n, t->word);
  dummy = mu_event_new (MU_EVENT_NOTE, NULL);
  return mu_event_expand (ngettext (k->tally, k->tally_plural ? k->tally_plural : k->tally,
                                    strstr (k->tally, "{total}") ? t->total : t->n),
                          dummy, tally_field, (gpointer) t);
}

static char *
summarize (GArray *tallies)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < tallies->len; i++)
    {
      g_autofree char *line = tally_line (&g_array_index (tallies, Tally, i));

      if (s->len)
        g_string_append (s, ", ");
      g_string_append (s, line);
    }
  return g_string_free (s, FALSE);
}

static void
tally_event (GArray        *tallies,
             const MuEvent *e)
{
  const char *word = mu_event_get_kind_word (e);
  Tally *t = NULL;

  if (e->info->flags & MU_EVENT_KIND_MARKER)
    word = e->text ? e->text : word;
  for (guint i = 0; i < tallies->len && t == NULL; i++)
    {
      Tally *o = &g_array_index (tallies, Tally, i);

      if (o->kind == e->info && g_strcmp0 (o->word, word) == 0)
        t = o;
    }
  if (t == NULL)
    {
      Tally n = { e->info, word, 0, 0, 0, 0 };

      g_array_append_val (tallies, n);
      t = &g_array_index (tallies, Tally, tallies->len - 1);
    }
  t->n++;
  t->total += e->value;
  if (e->kind == MU_EVENT_ROLL && e->compare != MU_ROLL_NONE)
    {
      t->compared++;
      t->successes += e->success ? 1 : 0;
    }
}

/* The accounts of this turn's passed steps, keyed "SIDE/STEP-ID" (the
 * phase events name the step and its side) and "STEP-ID" (any side).
 * Events before the turn's first phase event belong to its first step. */
static GHashTable *
step_results (MusterPhaseTracker *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  const GPtrArray *events = mu_match_get_events (match);
  const MuTurnStructure *turns = muster_game_get_ruleset (self->game)->turns;
  GHashTable *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) tallies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint start = 0;
  const char *key_side = NULL;
  const char *key_step = turns && turns->n_steps ? turns->steps[0].id : NULL;
  GHashTableIter iter;
  gpointer k, v;

  for (guint i = events->len; i > 0; i--)
    if (((const MuEvent *) g_ptr_array_index (events, i - 1))->kind == MU_EVENT_BOUND)
      {
        start = i;
        break;
      }
  for (guint i = start; i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);
      g_autofree char *key = NULL;
      GArray *t;

      if (e->kind == MU_EVENT_PHASE)
        {
          key_side = e->side;
          key_step = e->text;
          continue;
        }
      if (key_step == NULL || !mu_event_visible (e, NULL) || (e->info->flags & MU_EVENT_KIND_QUIET))
        continue;
      for (int pass = 0; pass < 2; pass++)
        {
          g_free (key);
          key = pass == 0 || key_side == NULL ? g_strdup (key_step)
                                              : g_strconcat (key_side, "/", key_step, NULL);
          if (pass == 1 && key_side == NULL)
            break;
          t = g_hash_table_lookup (tallies, key);
          if (t == NULL)
            {
              t = g_array_new (FALSE, TRUE, sizeof (Tally));
              g_hash_table_insert (tallies, g_strdup (key), t);
            }
          tally_event (t, e);
        }
    }
  g_hash_table_iter_init (&iter, tallies);
  while (g_hash_table_iter_next (&iter, &k, &v))
    g_hash_table_insert (out, g_strdup (k), summarize (v));
  return out;
}

static const char *
row_result (GHashTable *results,
            const Row  *row)
{
  g_autofree char *key = NULL;

  if (row->step->steps != NULL)
    return NULL;
  if (row->side == NULL)
    return g_hash_table_lookup (results, row->step->id);
  key = g_strconcat (row->side, "/", row->step->id, NULL);
  return g_hash_table_lookup (results, key);
}

typedef enum { STEP_DONE, STEP_CURRENT, STEP_PENDING } StepState;

/* One row of the list: made once, then set again as the match goes on
 * (rebuilding every row after each command would cost far more). */
typedef struct {
  GtkWidget *row;
  GtkWidget *icon;
  GtkWidget *title;
  GtkWidget *sub;
  char *key;           /* depth and name: the same key, the same row */
} RowView;

static void
row_view_free (gpointer data)
{
  RowView *v = data;

  g_free (v->key);
  g_free (v);
}

static RowView *
make_row (int         depth,
          const char *name)
{
  RowView *v = g_new0 (RowView, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  v->key = g_strdup_printf ("%d %s", depth, name);
  v->row = gtk_list_box_row_new ();
  v->icon = gtk_image_new ();
  v->title = gtk_label_new (name);
  v->sub = gtk_label_new (NULL);
  gtk_widget_set_margin_start (box, 14 * depth);
  gtk_widget_set_size_request (v->icon, 16, 16);
  gtk_widget_set_valign (v->icon, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), v->icon);
  gtk_label_set_xalign (GTK_LABEL (v->title), 0);
  /* a long phase name wraps rather than being cut short */
  gtk_label_set_wrap (GTK_LABEL (v->title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (v->title), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (labels), v->title);
  gtk_label_set_xalign (GTK_LABEL (v->sub), 0);
  gtk_label_set_ellipsize (GTK_LABEL (v->sub), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (v->sub, "caption");
  gtk_widget_add_css_class (v->sub, "dim-label");
  gtk_box_append (GTK_BOX (labels), v->sub);
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (v->row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (v->row), FALSE);
  /* the rows tell, they do nothing: Tab passes them by (a long turn
   * structure made Tab stop on each of them between the board and a command) */
  gtk_widget_set_focusable (v->row, FALSE);
  return v;
}

static void
set_row (RowView    *v,
         const Row  *row,
         StepState   state,
         gboolean    in_progress,
         const char *result,
         const char *name)
{
  g_autofree char *tip = NULL;
  const char *state_text = state == STEP_DONE ? _("done")
                         : state == STEP_CURRENT || in_progress ? _("current") : _("to come");
  g_autofree char *a11y = result ? g_strdup_printf ("%s, %s: %s", name, state_text, result)
                                 : g_strdup_printf ("%s, %s", name, state_text);

  gtk_image_set_from_icon_name (GTK_IMAGE (v->icon), state == STEP_DONE ? "object-select-symbolic"
                                                   : state == STEP_CURRENT ? "go-next-symbolic" : NULL);
  gtk_label_set_text (GTK_LABEL (v->sub), result ? result : "");
  gtk_widget_set_visible (v->sub, result != NULL);
  if (state == STEP_CURRENT || in_progress)
    gtk_widget_add_css_class (v->title, "heading");
  else
    gtk_widget_remove_css_class (v->title, "heading");
  if (state == STEP_PENDING && !in_progress)
    gtk_widget_add_css_class (v->title, "dim-label");
  else
    gtk_widget_remove_css_class (v->title, "dim-label");
  if (state == STEP_CURRENT)
    gtk_widget_add_css_class (v->row, "current-step");
  else
    gtk_widget_remove_css_class (v->row, "current-step");

  if (row->step->rule && result)
    tip = g_strdup_printf ("%s (%s)\n%s", name, row->step->rule, result);
  else if (row->step->rule)
    tip = g_strdup_printf ("%s (%s)", name, row->step->rule);
  else if (result)
    tip = g_strdup_printf ("%s\n%s", name, result);
  else
    tip = g_strdup (name);   /* a long name is cut short in the row */
  gtk_widget_set_tooltip_text (v->row, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (v->row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

/* Is the step at path inside a step played once per side (a round)? */
static gboolean
in_side_round (const MuTurnStructure *turns,
               const char            *path)
{
  g_auto(GStrv) ids = path ? g_strsplit (path, "/", -1) : NULL;
  g_autoptr(GString) prefix = g_string_new (NULL);

  for (guint i = 0; turns && ids && ids[i]; i++)
    {
      const MuStepInfo *st;

      if (i > 0)
        g_string_append_c (prefix, '/');
      g_string_append (prefix, ids[i]);
      st = mu_turn_structure_find_step (turns, prefix->str);
      if (st && (st->flags & MU_STEP_PER_SIDE))
        return TRUE;
    }
  return FALSE;
}

/* The header lines: turn, clock and daylight, round. */
static void
update_header (MusterPhaseTracker *self,
               const MuPosition   *pos)
{
  const MuScenario *s = muster_game_get_scenario (self->game);
  const MuTurnStructure *turns = muster_game_get_ruleset (self->game)->turns;
  const MuTimeline *t = &s->timeline;
  const char *turn_name = turns && turns->turn_name ? _(turns->turn_name) : _("Turn");
  int first = t->first_bound > 0 ? t->first_bound : 1;
  int last = first + MAX (t->bounds, 1) - 1;
  int per = t->minutes_per_bound > 0 ? t->minutes_per_bound : turns ? turns->minutes_per_turn : 0;
  g_autofree char *turn = NULL;
  g_autofree char *clock = NULL;
  g_autofree char *round = NULL;
  const char *light;
  const char *icon;

  /* a finished match stands past its last turn */
  turn = g_strdup_printf (_("%s %d of %d"), turn_name, MIN (pos->bound, last), last);
  gtk_label_set_text (self->turn_label, turn);
  g_string_append_printf (self->text, "turn %s\n", turn);

  /* Night is the engine's word; dusk is the turn in which the scenario's
   * dusk falls, or any daylight turn after it. */
  if (pos->night)
    light = _("Night"), icon = "weather-clear-night-symbolic";
  else if (t->dusk_minutes > 0 && per > 0 && pos->minutes + per > t->dusk_minutes)
    light = _("Dusk"), icon = "weather-few-clouds-night-symbolic";
  else
    light = _("Day"), icon = "weather-clear-symbolic";
  if (per > 0)
    clock = g_strdup_printf ("%02d:%02d · %s", pos->minutes / 60, pos->minutes % 60, light);
  else
    clock = g_strdup (light);
  gtk_label_set_text (self->clock_label, clock);
  gtk_image_set_from_icon_name (self->daylight_image, icon);
  g_string_append_printf (self->text, "clock %s\n", clock);

  if (pos->finished)
    round = g_strdup (_("The match is over"));
  else if (pos->awaited && !in_side_round (turns, pos->path))
    round = g_strdup_printf (_("%s to act"), side_name (self, pos->awaited));
  else if (pos->side && pos->awaited && g_strcmp0 (pos->side, pos->awaited) != 0)
    round = g_strdup_printf (_("%s round — %s to answer"), side_name (self, pos->side),
                             side_name (self, pos->awaited));
  else if (pos->side)
    round = g_strdup_printf (_("%s round"), side_name (self, pos->side));
  else if (pos->awaited)
    round = g_strdup_printf (_("%s to act"), side_name (self, pos->awaited));
  else
    round = g_strdup (_("Between rounds"));
  gtk_label_set_text (self->round_label, round);
  g_string_append_printf (self->text, "round %s\n", round);
}

static void
update_steps (MusterPhaseTracker *self,
              const MuPosition   *pos)
{
  const MuTurnStructure *turns = muster_game_get_ruleset (self->game)->turns;
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_autoptr(GHashTable) results = NULL;
  g_autofree gboolean *ancestor = NULL;
  g_autofree gboolean *shown = NULL;
  int current = -1;

  g_autoptr(GPtrArray) shown_rows = g_ptr_array_new ();  /* of Row*, in rows */
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results_shown = g_ptr_array_new ();
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean same;

  if (turns == NULL)
    return;
  g_array_set_clear_func (rows, row_clear);
  add_rows (rows, turns->steps, turns->n_steps, NULL, NULL, 0, -1, pos->side_order);
  for (guint i = 0; i < rows->len && current < 0; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);

      if (g_strcmp0 (r->path, pos->path) == 0 && (r->side == NULL || g_strcmp0 (r->side, pos->side) == 0))
        current = i;
    }
  ancestor = g_new0 (gboolean, rows->len + 1);
  shown = g_new0 (gboolean, rows->len + 1);
  for (int i = current >= 0 ? g_array_index (rows, Row, current).parent : -1; i >= 0;
       i = g_array_index (rows, Row, i).parent)
    ancestor[i] = TRUE;
  results = step_results (self);

  for (guint i = 0; i < rows->len; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);
      StepState state = pos->finished ? STEP_DONE
                      : current < 0 ? STEP_PENDING
                      : (int) i < current ? STEP_DONE
                      : (int) i == current ? STEP_CURRENT : STEP_PENDING;
      const char *result;
      char *name;
      int packed;

      /* the nested steps of one side's round only while it is played */
      if (r->parent >= 0)
        {
          const Row *p = &g_array_index (rows, Row, r->parent);

          shown[i] = shown[r->parent] &&
                     (!(p->step->flags & MU_STEP_PER_SIDE) || ancestor[r->parent] ||
                      (int) r->parent == current);
        }
      else
        shown[i] = TRUE;
      if (ancestor[i])
        state = STEP_PENDING;
      if (!shown[i])
        continue;
      result = state == STEP_DONE || state == STEP_CURRENT ? row_result (results, r) : NULL;
      if ((r->step->flags & MU_STEP_PER_SIDE) && r->side)
        name = g_strdup_printf (_("%s: %s"), _(r->step->name), side_name (self, r->side));
      else
        name = g_strdup (_(r->step->name));
      g_ptr_array_add (shown_rows, (gpointer) r);
      g_ptr_array_add (names, name);
      g_ptr_array_add (results_shown, (gpointer) result);
      packed = state | (ancestor[i] ? 4 : 0);
      g_array_append_val (states, packed);
      g_string_append_printf (self->text, "step %s %d %s%s%s\n",
                              state == STEP_DONE ? "done" : state == STEP_CURRENT || ancestor[i]
                              ? "current" : "pending", r->depth, name, result ? ": " : "",
                              result ? result : "");
    }

  /* the same rows as before: set them again; else new rows */
  same = self->row_views->len == shown_rows->len;
  for (guint i = 0; same && i < shown_rows->len; i++)
    {
      const RowView *v = g_ptr_array_index (self->row_views, i);
      g_autofree char *key = g_strdup_printf ("%d %s", ((const Row *) g_ptr_array_index (shown_rows, i))->depth,
                                              (const char *) g_ptr_array_index (names, i));

      same = g_str_equal (key, v->key);
    }
  if (!same)
    {
      clear_box (GTK_WIDGET (self->steps_list));
      g_ptr_array_set_size (self->row_views, 0);
      for (guint i = 0; i < shown_rows->len; i++)
        {
          RowView *v = make_row (((const Row *) g_ptr_array_index (shown_rows, i))->depth,
                                 g_ptr_array_index (names, i));

          g_ptr_array_add (self->row_views, v);
          gtk_list_box_append (self->steps_list, v->row);
        }
    }
  self->current_row = NULL;
  for (guint i = 0; i < shown_rows->len; i++)
    {
      int packed = g_array_index (states, int, i);

      if ((packed & 3) == STEP_CURRENT)
        {
          self->current_row = ((RowView *) g_ptr_array_index (self->row_views, i))->row;
          gtk_label_set_text (self->current_label, g_ptr_array_index (names, i));
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->current_label), g_ptr_array_index (names, i));
        }
      set_row (g_ptr_array_index (self->row_views, i), g_ptr_array_index (shown_rows, i),
               (StepState) (packed & 3), (packed & 4) != 0, g_ptr_array_index (results_shown, i),
               g_ptr_array_index (names, i));
    }
}

static GtkWidget *
resource_label (const char           *text,
                const MuResourceInfo *info)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (info->rule)
    gtk_widget_set_tooltip_text (label, info->rule);
  return label;
}

/* A commander's resource (toy-soldiers' chaos): one line a side, its
 * commanders by name with the value the engine gives each ("Chaos, Union:
 * Col. Porter 2, Col. Stone 1"); a unit's resource belongs to its counter. */
static gboolean
commander_resources (MusterPhaseTracker   *self,
                     const MuPosition     *pos,
                     const MuResourceInfo *info)
{
  const MuScenario *scenario = muster_game_get_scenario (self->game);
  MuMatch *match = muster_game_get_match (self->game);
  gboolean any = FALSE;

  for (guint s = 0; pos->side_order && pos->side_order[s]; s++)
    {
      GString *values = g_string_new (NULL);

      for (guint i = 0; i < scenario->counters->len; i++)
        {
          const MuCounter *c = g_ptr_array_index (scenario->counters, i);
          int value;

          if (c->kind == MU_COUNTER_UNIT || g_strcmp0 (c->side, pos->side_order[s]) != 0 ||
              !mu_match_get_resource (match, info->id, c->id, &value))
            continue;
          g_string_append_printf (values, "%s%s %d", values->len ? ", " : "", c->name, value);
          g_string_append_printf (self->text, "resource %s %s %d\n", info->id, c->id, value);
        }
      if (values->len > 0)
        {
          /* Translators: a resource's name, a side's name, then its
           * commanders' values ("Chaos, Union: Col. Porter 2, Col. Stone 1") */
          g_autofree char *line = g_strdup_printf (C_("resource", "%s, %s: %s"), _(info->name),
                                                   side_name (self, pos->side_order[s]), values->str);

          gtk_box_append (GTK_BOX (self->resources_box), resource_label (line, info));
          any = TRUE;
        }
      g_string_free (values, TRUE);
    }
  return any;
}

static void
update_resources (MusterPhaseTracker *self,
                  const MuPosition   *pos)
{
  const MuTurnStructure *turns = muster_game_get_ruleset (self->game)->turns;
  MuMatch *match = muster_game_get_match (self->game);
  gboolean any = FALSE;

  clear_box (self->resources_box);
  for (guint i = 0; turns && i < turns->n_resources; i++)
    {
      const MuResourceInfo *info = &turns->resources[i];
      GString *line;

      if (info->scope == MU_RESOURCE_PER_COMMANDER)
        any |= commander_resources (self, pos, info);
      if (info->scope != MU_RESOURCE_PER_SIDE)
        continue;
      line = g_string_new (NULL);
      /* Translators: a resource's name before each side's value
       * ("Activations: Union 7 Confederate 0"); French sets a narrow
       * no-break space before the colon */
      g_string_append_printf (line, C_("resource", "%s:"), _(info->name));
      for (guint s = 0; pos->side_order && pos->side_order[s]; s++)
        {
          int value;

          if (mu_match_get_resource (match, info->id, pos->side_order[s], &value))
            {
              g_string_append_printf (line, " %s %d", side_name (self, pos->side_order[s]), value);
              g_string_append_printf (self->text, "resource %s %s %d\n", info->id,
                                      pos->side_order[s], value);
            }
        }
      gtk_box_append (GTK_BOX (self->resources_box), resource_label (line->str, info));
      g_string_free (line, TRUE);
      any = TRUE;
    }
  gtk_widget_set_visible (self->resources_box, any);
}

static void
update_todo (MusterPhaseTracker *self)
{
  g_autoptr(GArray) todo = mu_match_get_outstanding (muster_game_get_match (self->game));

  clear_box (self->todo_box);
  for (guint i = 0; i < todo->len; i++)
    {
      const MuTodo *t = &g_array_index (todo, MuTodo, i);
      /* a wrapping label alone: beside an icon in a row GTK 4.8 measures it wrong */
      gboolean warn = t->compulsory || t->lost_on_end;
      g_autofree char *line = g_strdup_printf ("%s %s", warn ? "⚠" : "•", t->text);
      GtkWidget *label = gtk_label_new (line);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      if (warn)
        gtk_widget_add_css_class (label, "warning");
      {
        g_autofree char *tip = t->rule ? g_strdup_printf ("%s (%s)", t->text, t->rule) : g_strdup (t->text);

        gtk_widget_set_tooltip_text (label, tip);
      }
      gtk_box_append (GTK_BOX (self->todo_box), label);
      g_string_append_printf (self->text, "todo %s%s\n", t->compulsory ? "compulsory " : "", t->text);
    }
  gtk_widget_set_visible (self->todo_box, todo->len > 0);
}

/* Keeps the current step in sight once the list is laid out. */
static gboolean
scroll_to_current (gpointer data)
{
  MusterPhaseTracker *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->steps_scroller));
  graphene_rect_t bounds;

  self->scroll_idle = 0;
  if (self->current_row != NULL &&
      gtk_widget_compute_bounds (self->current_row, GTK_WIDGET (self->steps_list), &bounds))
    {
      double top = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (bounds.origin.y < top)
        gtk_adjustment_set_value (adj, bounds.origin.y);
      else if (bounds.origin.y + bounds.size.height > top + page)
        gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height - page);
    }
  return G_SOURCE_REMOVE;
}

static void
update (MusterPhaseTracker *self)
{
  MuPosition pos;

  g_string_truncate (self->text, 0);
  if (self->game == NULL)
    return;
  muster_game_get_position (self->game, &pos);
  update_header (self, &pos);
  update_resources (self, &pos);
  update_steps (self, &pos);
  update_todo (self);
  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_current, self, NULL);
}

static void
on_game_changed (MusterGame         *game,
                 MusterPhaseTracker *self)
{
  update (self);
}

static void
set_game (MusterPhaseTracker *self,
          MusterGame         *game)
{
  g_return_if_fail (self->game == NULL);
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  self->reset_id = g_signal_connect (game, "reset", G_CALLBACK (on_game_changed), self);
  update (self);
}

static void
muster_phase_tracker_dispose (GObject *object)
{
  MusterPhaseTracker *self = MUSTER_PHASE_TRACKER (object);

  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  self->current_row = NULL;
  if (self->game)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_clear_signal_handler (&self->reset_id, self->game);
      g_clear_object (&self->game);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PHASE_TRACKER);
  G_OBJECT_CLASS (muster_phase_tracker_parent_class)->dispose (object);
}

static void
muster_phase_tracker_finalize (GObject *object)
{
  MusterPhaseTracker *self = MUSTER_PHASE_TRACKER (object);

  g_string_free (self->text, TRUE);
  g_ptr_array_unref (self->row_views);
  G_OBJECT_CLASS (muster_phase_tracker_parent_class)->finalize (object);
}

static void
muster_phase_tracker_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  MusterPhaseTracker *self = MUSTER_PHASE_TRACKER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_phase_tracker_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  MusterPhaseTracker *self = MUSTER_PHASE_TRACKER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_phase_tracker_class_init (MusterPhaseTrackerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_phase_tracker_dispose;
  object_class->finalize = muster_phase_tracker_finalize;
  object_class->get_property = muster_phase_tracker_get_property;
  object_class->set_property = muster_phase_tracker_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, MUSTER_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-phase-tracker.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, main_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, turn_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, daylight_image);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, clock_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, round_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, resources_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, current_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, steps_toggle);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, steps_scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, steps_list);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, todo_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPhaseTracker, end_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "phasetracker");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
muster_phase_tracker_init (MusterPhaseTracker *self)
{
  self->text = g_string_new (NULL);
  self->row_views = g_ptr_array_new_with_free_func (row_view_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Folded, the tracker is its current step: at 768 pixels the list of
   * every step left the log two lines. */
  g_object_bind_property (self->steps_toggle, "active", self->steps_scroller, "visible",
                          G_BINDING_SYNC_CREATE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Phase tracker"), -1);
}

GtkWidget *
muster_phase_tracker_new (MusterGame *game)
{
  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);
  return g_object_new (MUSTER_TYPE_PHASE_TRACKER, "game", game, NULL);
}

MusterGame *
muster_phase_tracker_get_game (MusterPhaseTracker *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_TRACKER (self), NULL);
  return self->game;
}

gboolean
muster_phase_tracker_get_warning (MusterPhaseTracker *self,
                                  char              **text)
{
  g_autoptr(GArray) todo = NULL;
  g_autoptr(GString) s = NULL;

  g_return_val_if_fail (MUSTER_IS_PHASE_TRACKER (self), FALSE);

  todo = mu_match_get_outstanding (muster_game_get_match (self->game));
  for (guint i = 0; i < todo->len; i++)
    {
      const MuTodo *t = &g_array_index (todo, MuTodo, i);

      if (!t->compulsory && !t->lost_on_end)
        continue;
      if (s == NULL)
        s = g_string_new (NULL);
      else
        g_string_append (s, "; ");
      g_string_append (s, t->text);
      if (t->rule)
        g_string_append_printf (s, " (%s)", t->rule);
    }
  if (s == NULL)
    return FALSE;
  if (text)
    *text = g_strdup (s->str);
  return TRUE;
}

void
muster_phase_tracker_set_end_shown (MusterPhaseTracker *self,
                                    gboolean            shown)
{
  g_return_if_fail (MUSTER_IS_PHASE_TRACKER (self));
  gtk_widget_set_visible (self->end_button, shown);
}

char *
muster_phase_tracker_describe (MusterPhaseTracker *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_TRACKER (self), NULL);
  return g_strdup (self->text->str);
}
