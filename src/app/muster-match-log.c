/* muster-match-log.c: every event of the match in words (see the header) */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-log.h"

#include <glib/gi18n.h>

#include <string.h>

#include "mu-ruleset.h"

/* Entries ------------------------------------------------------------------ */

struct _MusterLogEntry {
  GObject parent_instance;

  char *text;
  char *ids;              /* the counters' ids the sentence names, or NULL */
  const char *rule;
  MusterLogKind kind;
  MuEventKind event_kind;
  const MuEventKindInfo *info;
  guint first, n;
  /* a roll: what a following single die must share to join it */
  gboolean is_roll;
  MuEvent *roll;          /* a copy of the first roll */
  GArray *faces;          /* of int */
  int successes;
};

G_DEFINE_FINAL_TYPE (MusterLogEntry, muster_log_entry, G_TYPE_OBJECT)

static void
muster_log_entry_finalize (GObject *object)
{
  MusterLogEntry *self = MUSTER_LOG_ENTRY (object);

  g_free (self->text);
  g_free (self->ids);
  g_clear_pointer (&self->roll, mu_event_free);
  g_clear_pointer (&self->faces, g_array_unref);
  G_OBJECT_CLASS (muster_log_entry_parent_class)->finalize (object);
}

static void
muster_log_entry_class_init (MusterLogEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_log_entry_finalize;
}

static void
muster_log_entry_init (MusterLogEntry *self)
{
}

const char *
muster_log_entry_get_text (MusterLogEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), NULL);
  return self->text;
}

const char *
muster_log_entry_get_rule (MusterLogEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), NULL);
  return self->rule;
}

char *
muster_log_entry_get_tip (MusterLogEntry *self)
{
  GString *tip;

  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), NULL);
  tip = g_string_new (NULL);
  if (self->info && self->info->name)
    g_string_append (tip, _(self->info->name));
  if (self->info && self->info->description)
    g_string_append_printf (tip, tip->len ? ": %s" : "%s", _(self->info->description));
  /* the rule once: a description may name it already */
  if (self->rule && strstr (tip->str, self->rule) == NULL)
    {
      g_autofree char *rule = g_strdup_printf (_("Rule %s"), self->rule);

      g_string_append_printf (tip, tip->len ? " (%s)" : "%s", rule);
    }
  /* the ids the sentence names, as commands and files write them */
  if (self->ids != NULL)
    {
      g_autofree char *ids = g_strdup_printf (_("Ids: %s"), self->ids);

      g_string_append_printf (tip, tip->len ? "\n%s" : "%s", ids);
    }
  if (tip->len == 0)
    {
      g_string_free (tip, TRUE);
      return NULL;
    }
  return g_string_free (tip, FALSE);
}

MusterLogKind
muster_log_entry_get_kind (MusterLogEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), MUSTER_LOG_OTHER);
  return self->kind;
}

guint
muster_log_entry_get_first (MusterLogEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), 0);
  return self->first;
}

guint
muster_log_entry_get_n (MusterLogEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ENTRY (self), 0);
  return self->n;
}

/* Words --------------------------------------------------------------------- */

/* The log's group of an event: its kind's declared category. */
static MusterLogKind
kind_of (const MuEvent *e)
{
  switch (e->info->category)
    {
    case MU_EVENT_CLASS_ROLL:
      return MUSTER_LOG_ROLLS;
    case MU_EVENT_CLASS_MOVEMENT:
      return MUSTER_LOG_MOVES;
    case MU_EVENT_CLASS_COMBAT:
      return MUSTER_LOG_COMBAT;
    case MU_EVENT_CLASS_ORDERS:
      return MUSTER_LOG_COMMAND;
    case MU_EVENT_CLASS_TURN:
      return MUSTER_LOG_TURN;
    case MU_EVENT_CLASS_OBJECTIVES:
      return MUSTER_LOG_OBJECTIVES;
    case MU_EVENT_CLASS_OTHER:
    default:
      return MUSTER_LOG_OTHER;
    }
}

static const char *
side_name (MusterGame *game,
           const char *id)
{
  const MuSide *side = id ? mu_scenario_find_side (muster_game_get_scenario (game), id) : NULL;

  return side && side->name && *side->name ? side->name : id ? id : "?";
}

static char *
pos_text (MusterGame  *game,
          const MuPos *pos)
{
  const MuScenario *s = muster_game_get_scenario (game);
  char buf[64];

  if (!mu_pos_is_set (pos))
    return g_strdup ("—");
  if (!pos->is_point && s->hex_map)
    mu_hex_format (&s->hex_map->grid, pos->hex, buf, sizeof buf);
  else if (pos->is_point)
    {
      /* a table point as the board's ruler reads it, not the command's
       * "@19.00,12.80/0.0" */
      const char *unit = s->table && s->table->unit == MU_UNIT_CM ? _("cm") : _("in");

      if (pos->has_facing)
        /* Translators: a table point, "in" or "cm", and its facing in degrees */
        return g_strdup_printf (_("%.1f, %.1f %s facing %.0f°"), pos->point.x, pos->point.y, unit, pos->facing);
      return g_strdup_printf ("%.1f, %.1f %s", pos->point.x, pos->point.y, unit);
    }
  else
    mu_pos_format (pos, buf, sizeof buf);
  return g_strdup (buf);
}

/* The display name of the step the phase event names, else its id. */
static const char *
step_name (MusterGame *game,
           const char *id)
{
  const MuTurnStructure *turns = muster_game_get_ruleset (game)->turns;
  GQueue queue = G_QUEUE_INIT;
  const char *found = NULL;

  for (guint i = 0; turns && i < turns->n_steps; i++)
    g_queue_push_tail (&queue, (gpointer) &turns->steps[i]);
  while (!g_queue_is_empty (&queue))
    {
      const MuStepInfo *st = g_queue_pop_head (&queue);

      if (found == NULL && g_strcmp0 (st->id, id) == 0)
        found = _(st->name);
      for (guint i = 0; i < st->n_steps; i++)
        g_queue_push_tail (&queue, (gpointer) &st->steps[i]);
    }
  return found ? found : id;
}

static const char *
or_q (const char *s)
{
  return s ? s : "?";
}

/* A counter by its scenario name ("Bartow's Brigade"), else its id. */
static const char *
counter_name (MusterGame *game,
              const char *id)
{
  const MuCounter *c = id ? mu_scenario_find_counter (muster_game_get_scenario (game), id) : NULL;

  /* a side rolls too (mn-acw's initiative and activation dice) */
  if (c == NULL && id != NULL && mu_scenario_find_side (muster_game_get_scenario (game), id) != NULL)
    return side_name (game, id);
  return c && c->name && *c->name ? c->name : or_q (id);
}

/* "need 4+", "need 2 or less", "" */
static char *
need_text (const MuEvent *e)
{
  g_autofree char *mod = e->modifier ? g_strdup_printf (" %+d", e->modifier) : g_strdup ("");

  switch (e->compare)
    {
    case MU_ROLL_AT_LEAST:
      return g_strdup_printf (_("need %d+%s"), e->target, mod);
    case MU_ROLL_AT_MOST:
      return g_strdup_printf (_("need %d or less%s"), e->target, mod);
    case MU_ROLL_ABOVE:
      return g_strdup_printf (_("need more than %d%s"), e->target, mod);
    case MU_ROLL_BELOW:
      return g_strdup_printf (_("need less than %d%s"), e->target, mod);
    case MU_ROLL_THREE_WAY:
      /* Translators: a roll compared with a number: less, equal or greater */
      return g_strdup_printf (_("against %d%s"), e->target, mod);
    case MU_ROLL_NONE:
    default:
      return e->modifier ? g_strdup_printf (_("modifier %+d"), e->modifier) : g_strdup ("");
    }
}

static const char *
read_text (MuDiceRead read)
{
  switch (read)
    {
    case MU_DICE_SUM: return _("sum");
    case MU_DICE_HIGHEST: return _("highest");
    case MU_DICE_LOWEST: return _("lowest");
    case MU_DICE_BELOW: return _("below");
    case MU_DICE_SUCCESSES:
    default: return _("successes");
    }
}

/* A roll in one line: who against whom, the purpose, how many dice, the
 * target, the faces and the outcome. */
static char *
roll_text (MusterGame    *game,
           const MuEvent *e,
           const GArray  *faces,
           int            successes)
{
  GString *s = g_string_new (NULL);
  g_autofree char *need = need_text (e);
  guint n = faces->len;
  /* the ruleset's name for the purpose, else its word in the catalogue */
  const char *purpose = e->text ? mu_ruleset_roll_name (muster_game_get_ruleset (game), e->text) : NULL;

  g_string_append (s, counter_name (game, e->subject));
  if (e->object)
    g_string_append_printf (s, _(" vs %s"), counter_name (game, e->object));
  /* TRANSLATORS: between who rolls and what for ("Bartow: fire, 2 dice");
   * French sets a no-break space before the colon */
  g_string_append_printf (s, _(": %s, "),
                          purpose ? purpose
                          : e->text ? g_dpgettext2 (GETTEXT_PACKAGE, "event text", e->text) : _("roll"));
  g_string_append_printf (s, ngettext ("%u die", "%u dice", n), n);
  if (*need)
    g_string_append_printf (s, ", %s", need);
  /* the rules' modifiers by name: "(unformed +1, fatigued +1)" */
  for (guint i = 0; e->modifiers && i < e->modifiers->len; i++)
    {
      const MuRollModifier *mod = &g_array_index (e->modifiers, MuRollModifier, i);

      g_string_append_printf (s, "%s%s %+d%s", i ? ", " : " (",
                              mod->name ? g_dgettext (GETTEXT_PACKAGE, mod->name) : mod->id, mod->value,
                              i + 1 == e->modifiers->len ? ")" : "");
    }
  g_string_append (s, " — ");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, i ? " %d" : "%d", g_array_index (faces, int, i));
  if (e->pool)
    {
      if (e->read == MU_DICE_SUCCESSES)
        g_string_append_printf (s, ngettext (": %d success", ": %d successes", e->value), e->value);
      else
        /* TRANSLATORS: how the dice were read and the result ("highest 5") */
        g_string_append_printf (s, _(": %s %d"), read_text (e->read), e->value);
      if (e->compare == MU_ROLL_THREE_WAY)
        g_string_append_printf (s, " (%s)", e->outcome < 0 ? _("less") : e->outcome > 0 ? _("greater")
                                                                                         : _("equal"));
      else if (e->compare != MU_ROLL_NONE && e->read != MU_DICE_SUCCESSES && e->read != MU_DICE_BELOW)
        g_string_append_printf (s, " (%s)", e->success ? _("success") : _("fail"));
    }
  else if (e->compare == MU_ROLL_THREE_WAY)
    /* TRANSLATORS: the outcome after the faces ("4 2: success") */
    g_string_append_printf (s, _(": %s"), e->outcome < 0 ? _("less") : e->outcome > 0 ? _("greater") : _("equal"));
  else if (e->compare != MU_ROLL_NONE && n > 1)
    g_string_append_printf (s, ngettext (": %d of %u succeeds", ": %d of %u succeed", n), successes, n);
  else if (e->compare != MU_ROLL_NONE)
    g_string_append_printf (s, _(": %s"), successes > 0 ? _("success") : _("fail"));
  return g_string_free (s, FALSE);
}

/* A template field as people read it: side names, positions as the map
 * labels them, the step's and the marker's names, the ruleset's word for a
 * turn, the engine's words in the player's language; the rest as the
 * engine writes it. */
static char *
field_text (const MuEvent *e,
            const char    *field,
            gpointer       data)
{
  MusterGame *game = data;
  const MuRuleset *rs = muster_game_get_ruleset (game);

  if (g_str_equal (field, "side"))
    return e->side ? g_strdup (side_name (game, e->side)) : NULL;
  if (g_str_equal (field, "subject") || g_str_equal (field, "object"))
    {
      const char *id = field[0] == 's' ? e->subject : e->object;

      return id ? g_strdup (counter_name (game, id)) : NULL;
    }
  if (g_str_has_prefix (field, "text:"))
    {
      /* a word of the event line's fields: a counter or a side by its
       * name, another word (a number, an engine word) as the text's */
      g_autofree char *word = mu_event_field_text (e, field, NULL);
      const MuScenario *s = muster_game_get_scenario (game);

      if (word == NULL)
        return NULL;
      if (mu_scenario_find_counter (s, word) || mu_scenario_find_side (s, word))
        return g_strdup (counter_name (game, word));
      if (mu_ruleset_event_word_name (rs, word))
        return g_strdup (mu_ruleset_event_word_name (rs, word));
      return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "event text", word));
    }
  /* the kind's own name for the word (an action type), else the word
   * as {text} reads it */
  if (g_str_equal (field, "text-name"))
    {
      if (mu_event_text_name (e))
        return g_strdup (g_dgettext (GETTEXT_PACKAGE, mu_event_text_name (e)));
      field = "text";
    }
  if (g_str_equal (field, "step"))
    return g_strdup (step_name (game, e->text));
  if (g_str_equal (field, "turn"))
    return g_strdup (rs->turns && rs->turns->turn_name ? _(rs->turns->turn_name) : _("Turn"));
  if (g_str_equal (field, "marker"))
    {
      const MuMarkerInfo *k = e->text ? mu_ruleset_find_marker (rs, e->text) : NULL;

      return k ? g_strdup (_(k->name)) : g_strdup (e->text);
    }
  if (g_str_equal (field, "at") || g_str_equal (field, "from") || g_str_equal (field, "to"))
    {
      const MuPos *pos = field[0] == 'a' ? &e->at : field[0] == 'f' ? &e->from : &e->to;

      return mu_pos_is_set (pos) ? pos_text (game, pos) : NULL;
    }
  /* The engine's words for how or why ("withdraw", "tactical"), marked
   * NC_("event text", ...) where it sets them: stable in --events, read
   * here in the player's language. Other texts (ids) are not in the
   * catalogue and stay as they are. */
  if (g_str_equal (field, "text") && e->text && mu_ruleset_event_word_name (rs, e->text))
    return g_strdup (mu_ruleset_event_word_name (rs, e->text));
  if (g_str_equal (field, "text") && e->text)
    return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "event text", e->text));
  return mu_event_field_text (e, field, NULL);
}

char *
muster_match_log_describe_event (MusterGame    *game,
                                 const MuEvent *e)
{
  const MuEventKindInfo *k;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);
  g_return_val_if_fail (e != NULL, NULL);

  k = e->info;
  if (e->kind == MU_EVENT_ROLL)
    {
      g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));

      if (e->pool)
        g_array_append_vals (faces, e->pool->data, e->pool->len);
      else
        g_array_append_val (faces, e->value);
      return roll_text (game, e, faces, e->success ? 1 : 0);
    }
  /* the kind's declared sentence, else its event line */
  if (k->format)
    {
      const char *template = k->format_plural
                             ? ngettext (k->format, k->format_plural, mu_event_plural_number (e))
                             : _(k->format);

      return mu_event_expand (template, e, field_text, game);
    }
  return mu_match_format_event (muster_game_get_match (game), e);
}

/* The widget ---------------------------------------------------------------- */

struct _MusterMatchLog {
  GtkWidget parent_instance;

  MusterGame *game;
  gulong events_id;
  gulong reset_id;
  char *viewer;
  gboolean everything;     /* no viewer: every event */
  MusterLogKind filter;

  GListStore *store;       /* of MusterLogEntry */
  GtkCustomFilter *custom;
  GtkFilterListModel *filtered;

  GtkWidget *box;          /* the template's child: disposed with it */
  GtkWidget *dropdown;
  GtkWidget *scroller;
  GtkWidget *view;
  gboolean follow;         /* scrolled to the newest: stay there */
  guint scroll_idle;
  double last_value;
  gboolean scrolling;      /* our own scroll to the newest is under way */
  gboolean relayout;       /* the list's size or the view's changed just now */
  guint relayout_idle;
};

G_DEFINE_FINAL_TYPE (MusterMatchLog, muster_match_log, GTK_TYPE_WIDGET)

static const char *const kind_names[MUSTER_LOG_N_KINDS] = {
  N_("All events"), N_("Rolls"), N_("Movement"), N_("Combat"), N_("Orders and markers"),
  N_("Turns and phases"), N_("Objectives and reserves"), N_("Other"),
};

static MusterLogEntry *
entry_new (MusterMatchLog *self,
           const MuEvent  *e,
           guint           index)
{
  MusterLogEntry *entry = g_object_new (MUSTER_TYPE_LOG_ENTRY, NULL);

  entry->rule = e->rule;
  entry->kind = kind_of (e);
  entry->event_kind = e->kind;
  entry->info = e->info;
  entry->first = index;
  entry->n = 1;
  if (e->kind == MU_EVENT_ROLL)
    {
      entry->is_roll = TRUE;
      entry->roll = mu_event_copy (e);
      entry->faces = g_array_new (FALSE, FALSE, sizeof (int));
      if (e->pool)
        g_array_append_vals (entry->faces, e->pool->data, e->pool->len);
      else
        g_array_append_val (entry->faces, e->value);
      entry->successes = e->success ? 1 : 0;
    }
  entry->text = muster_match_log_describe_event (self->game, e);
  if (e->subject && e->object)
    entry->ids = g_strdup_printf ("%s, %s", e->subject, e->object);
  else if (e->subject || e->object)
    entry->ids = g_strdup (e->subject ? e->subject : e->object);
  if (e->visible_to && self->everything)
    {
      char *marked = g_strdup_printf (_("%s (seen by %s only)"), entry->text,
                                      side_name (self->game, e->visible_to));

      g_free (entry->text);
      entry->text = marked;
    }
  return entry;
}

/* Does the single die e continue the roll of entry (same purpose, roller,
 * target and need, the next event of the log)? */
static gboolean
joins (MusterLogEntry *entry,
       const MuEvent  *e,
       guint           index)
{
  const MuEvent *r;

  if (entry == NULL || !entry->is_roll || e->kind != MU_EVENT_ROLL || e->pool != NULL)
    return FALSE;
  r = entry->roll;
  return r->pool == NULL && entry->first + entry->n == index && g_strcmp0 (r->text, e->text) == 0 &&
         g_strcmp0 (r->subject, e->subject) == 0 && g_strcmp0 (r->object, e->object) == 0 &&
         r->compare == e->compare && r->target == e->target && r->modifier == e->modifier &&
         r->modifiers == NULL && e->modifiers == NULL && r->natural == e->natural &&
         g_strcmp0 (r->rule, e->rule) == 0 && g_strcmp0 (r->visible_to, e->visible_to) == 0;
}

static void queue_scroll (MusterMatchLog *self);

static gboolean
shows (MusterMatchLog *self,
       const MuEvent  *e)
{
  return self->everything || mu_event_visible (e, self->viewer);
}

/* Appends events [first, first + n) of the log to the store. */
static void
append_events (MusterMatchLog *self,
               guint           first,
               guint           n)
{
  const GPtrArray *events = mu_match_get_events (muster_game_get_match (self->game));
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);
  MusterLogEntry *last = NULL;
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  gboolean last_changed = FALSE;

  if (n_items > 0)
    last = g_list_model_get_item (G_LIST_MODEL (self->store), n_items - 1);
  for (guint i = first; i < first + n && i < events->len; i++)
    {
      const MuEvent *e = g_ptr_array_index (events, i);
      MusterLogEntry *tail = added->len ? g_ptr_array_index (added, added->len - 1) : last;

      if (!shows (self, e))
        continue;
      if (joins (tail, e, i))
        {
          g_array_append_val (tail->faces, e->value);
          tail->successes += e->success ? 1 : 0;
          tail->n = i - tail->first + 1;
          g_free (tail->text);
          tail->text = roll_text (self->game, tail->roll, tail->faces, tail->successes);
          if (tail == last)
            last_changed = TRUE;
          continue;
        }
      g_ptr_array_add (added, entry_new (self, e, i));
    }
  if (last_changed)
    {
      /* the grown roll shows again: replace it by itself */
      g_ptr_array_insert (added, 0, g_object_ref (last));
      g_list_store_splice (self->store, n_items - 1, 1, added->pdata, added->len);
    }
  else if (added->len > 0)
    g_list_store_splice (self->store, n_items, 0, added->pdata, added->len);
  g_clear_object (&last);
  queue_scroll (self);
}

static void
rebuild (MusterMatchLog *self)
{
  g_list_store_remove_all (self->store);
  if (self->game)
    append_events (self, 0, mu_match_get_events (muster_game_get_match (self->game))->len);
  self->follow = TRUE;
  queue_scroll (self);
}

static void
on_events_added (MusterGame     *game,
                 guint           first,
                 guint           n,
                 MusterMatchLog *self)
{
  append_events (self, first, n);
}

static void
on_reset (MusterGame     *game,
          MusterMatchLog *self)
{
  rebuild (self);
}

static gboolean
filter_entry (gpointer item,
              gpointer data)
{
  MusterMatchLog *self = data;

  return self->filter == MUSTER_LOG_ALL || MUSTER_LOG_ENTRY (item)->kind == self->filter;
}

static void
on_dropdown_selected (GtkDropDown    *dropdown,
                      GParamSpec     *pspec,
                      MusterMatchLog *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected < MUSTER_LOG_N_KINDS)
    muster_match_log_set_filter (self, (MusterLogKind) selected);
}

/* Scrolled to the newest stays there as lines arrive; a person who
 * scrolled back stays where they are until they scroll to the end again.
 * Scrolling to the last item alone is not enough: the list judges from its
 * estimate of rows it has not measured yet, and may find the new last line
 * in sight when it is not (it then does nothing), so the view goes to the
 * end of the list as well. */
static gboolean
scroll_to_newest (gpointer data)
{
  MusterMatchLog *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  self->scroll_idle = 0;
  if (n == 0 || !self->follow)
    return G_SOURCE_REMOVE;
  self->scrolling = TRUE;
  gtk_widget_activate_action (self->view, "list.scroll-to-item", "u", n - 1);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  self->scrolling = FALSE;
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (MusterMatchLog *self)
{
  if (self->follow && self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_newest, self, NULL);
}

/* A scroll back up leaves the end; reaching the end again follows again.
 * What moves the view without a person is no scroll back: our own scroll
 * to the newest, and the list keeping its rows in place as its size or
 * the view's changes (rows measured, the sidebar's commands shown or
 * hidden above the log), which comes with a change of the adjustment's
 * range ("changed" just before). */
static void
on_adjustment_value_changed (GtkAdjustment  *adj,
                             MusterMatchLog *self)
{
  double value = gtk_adjustment_get_value (adj);

  if (value >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 2.0)
    self->follow = TRUE;
  else if (value < self->last_value - 0.5 && !self->scrolling && !self->relayout)
    self->follow = FALSE;
  self->relayout = FALSE;
  self->last_value = value;
}

static gboolean
relayout_over (gpointer data)
{
  MusterMatchLog *self = data;

  self->relayout_idle = 0;
  self->relayout = FALSE;
  return G_SOURCE_REMOVE;
}

static void
on_adjustment_changed (GtkAdjustment  *adj,
                       MusterMatchLog *self)
{
  /* a value change that the new range brings follows at once, in the
   * same dispatch (gtk_adjustment_configure) */
  self->relayout = TRUE;
  if (self->relayout_idle == 0)
    self->relayout_idle = g_idle_add_full (G_PRIORITY_HIGH, relayout_over, self, NULL);
  queue_scroll (self);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  gtk_list_item_set_child (item, label);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  MusterLogEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *tip = muster_log_entry_get_tip (entry);

  gtk_label_set_text (GTK_LABEL (label), entry->text);
  gtk_widget_set_tooltip_text (label, tip);
  gtk_widget_remove_css_class (label, "heading");
  gtk_widget_remove_css_class (label, "dim-label");
  gtk_widget_remove_css_class (label, "log-roll");
  if (entry->event_kind == MU_EVENT_BOUND || entry->event_kind == MU_EVENT_VICTORY)
    gtk_widget_add_css_class (label, "heading");
  else if (entry->event_kind == MU_EVENT_PHASE || entry->event_kind == MU_EVENT_ROUND)
    gtk_widget_add_css_class (label, "dim-label");
  else if (entry->kind == MUSTER_LOG_ROLLS)
    gtk_widget_add_css_class (label, "log-roll");
}

static void
muster_match_log_dispose (GObject *object)
{
  MusterMatchLog *self = MUSTER_MATCH_LOG (object);

  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  g_clear_handle_id (&self->relayout_idle, g_source_remove);
  if (self->game)
    {
      g_clear_signal_handler (&self->events_id, self->game);
      g_clear_signal_handler (&self->reset_id, self->game);
      g_clear_object (&self->game);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_MATCH_LOG);
  g_clear_object (&self->filtered);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_match_log_parent_class)->dispose (object);
}

static void
muster_match_log_finalize (GObject *object)
{
  MusterMatchLog *self = MUSTER_MATCH_LOG (object);

  g_free (self->viewer);
  G_OBJECT_CLASS (muster_match_log_parent_class)->finalize (object);
}

static void
muster_match_log_class_init (MusterMatchLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_match_log_dispose;
  object_class->finalize = muster_match_log_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-match-log.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterMatchLog, box);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchLog, dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchLog, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterMatchLog, view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "matchlog");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
muster_match_log_init (MusterMatchLog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;
  GtkAdjustment *adj;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->everything = TRUE;
  self->follow = TRUE;
  self->store = g_list_store_new (MUSTER_TYPE_LOG_ENTRY);
  self->custom = gtk_custom_filter_new (filter_entry, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                              GTK_FILTER (self->custom));

  for (guint i = 0; i < MUSTER_LOG_N_KINDS; i++)
    gtk_string_list_append (names, _(kind_names[i]));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->dropdown), G_LIST_MODEL (names));
  g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (on_dropdown_selected), self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->filtered)));
  gtk_list_view_set_model (GTK_LIST_VIEW (self->view), GTK_SELECTION_MODEL (selection));
  gtk_list_view_set_factory (GTK_LIST_VIEW (self->view), factory);
  g_object_unref (selection);
  g_object_unref (factory);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  g_signal_connect (adj, "value-changed", G_CALLBACK (on_adjustment_value_changed), self);
  g_signal_connect (adj, "changed", G_CALLBACK (on_adjustment_changed), self);
}

GtkWidget *
muster_match_log_new (MusterGame *game)
{
  MusterMatchLog *self;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);

  self = g_object_new (MUSTER_TYPE_MATCH_LOG, NULL);
  self->game = g_object_ref (game);
  self->events_id = g_signal_connect (game, "events-added", G_CALLBACK (on_events_added), self);
  self->reset_id = g_signal_connect (game, "reset", G_CALLBACK (on_reset), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

void
muster_match_log_set_viewer (MusterMatchLog *self,
                             const char     *side)
{
  g_return_if_fail (MUSTER_IS_MATCH_LOG (self));

  if (g_strcmp0 (side, self->viewer) == 0 && self->everything == (side == NULL))
    return;
  g_free (self->viewer);
  self->viewer = g_strdup (side);
  self->everything = side == NULL;
  rebuild (self);
}

const char *
muster_match_log_get_viewer (MusterMatchLog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_LOG (self), NULL);
  return self->viewer;
}

void
muster_match_log_set_filter (MusterMatchLog *self,
                             MusterLogKind   kind)
{
  g_return_if_fail (MUSTER_IS_MATCH_LOG (self));
  g_return_if_fail (kind < MUSTER_LOG_N_KINDS);

  if (self->filter == kind)
    return;
  self->filter = kind;
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->dropdown)) != (guint) kind)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dropdown), kind);
  gtk_filter_changed (GTK_FILTER (self->custom), GTK_FILTER_CHANGE_DIFFERENT);
  self->follow = TRUE;
  queue_scroll (self);
}

MusterLogKind
muster_match_log_get_filter (MusterMatchLog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_LOG (self), MUSTER_LOG_ALL);
  return self->filter;
}

GListModel *
muster_match_log_get_model (MusterMatchLog *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_LOG (self), NULL);
  return G_LIST_MODEL (self->filtered);
}
