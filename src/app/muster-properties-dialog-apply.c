#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-properties-dialog-private.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

/* Applying the pages' values to the scenario. */

/* Applying ------------------------------------------------------------------------------ */

/* The list's rows from child on, past its placeholder. */
static GtkWidget *
next_row (GtkWidget *child)
{
  while (child && !GTK_IS_LIST_BOX_ROW (child))
    child = gtk_widget_get_next_sibling (child);
  return child;
}

static gboolean
parse_minutes (const char *text,
               int        *minutes)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  int h, m;
  char tail;

  if (sscanf (copy, "%d:%d%c", &h, &m, &tail) != 2 || h < 0 || h > 23 || m < 0 || m > 59)
    return FALSE;
  *minutes = h * 60 + m;
  return TRUE;
}

static int
spin_value (GtkWidget *spin)
{
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));
}

static const char *
entry_text (GtkWidget *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

#define TRY(widget, call) G_STMT_START { *culprit = (widget); if (!(call)) return FALSE; } G_STMT_END

/* The General page: title, description, date, author, ruleset, and the
 * Rules page's options. */
static gboolean
apply_general (MusterPropertiesDialog *self,
               MuEditHistory          *history,
               GtkWidget             **culprit,
               GError                **error)
{
  GHashTable *f = self->fields;
  GtkWidget *w;
  g_autofree char *description = NULL;

  w = g_hash_table_lookup (f, "title");
  TRY (w, mu_edit_set_title (history, entry_text (w), error));
  w = g_hash_table_lookup (f, "description");
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (w));
    GtkTextIter start, end;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    description = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  }
  TRY (w, mu_edit_set_description (history, description, error));
  w = g_hash_table_lookup (f, "date");
  {
    g_autofree char *date = g_strstrip (g_strdup (entry_text (w)));

    TRY (w, mu_edit_set_date (history, date, error));
  }
  w = g_hash_table_lookup (f, "author");
  TRY (w, mu_edit_set_author (history, entry_text (w), error));
  w = g_hash_table_lookup (f, "ruleset");
  TRY (w, mu_edit_set_ruleset (history, muster_props_selected_ruleset (self), error));

  /* Rule options: only those the person can choose, and only when they differ. */
  if (self->options != NULL && !muster_options_editor_apply_edits (self->options, history, culprit, error))
    return FALSE;
  return TRUE;
}

/* The Timeline page: its numbers and times, then the night bounds. */
static gboolean
apply_timeline (MusterPropertiesDialog *self,
                MuEditHistory          *history,
                GtkWidget             **culprit,
                GError                **error)
{
  static const struct { const char *name; MuTimelineField field; gboolean time; } timeline[] = {
    { "bounds", MU_TIMELINE_BOUNDS, FALSE },
    { "first-bound", MU_TIMELINE_FIRST_BOUND, FALSE },
    { "start", MU_TIMELINE_START, TRUE },
    { "minutes-per-bound", MU_TIMELINE_MINUTES_PER_BOUND, FALSE },
    { "dawn", MU_TIMELINE_DAWN, TRUE },
    { "dusk", MU_TIMELINE_DUSK, TRUE },
    { "days", MU_TIMELINE_DAYS, FALSE },
    { "darkness-bound", MU_TIMELINE_DARKNESS_BOUND, FALSE },
  };
  GtkWidget *w;
  g_auto(GStrv) words = NULL;
  g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < G_N_ELEMENTS (timeline); i++)
    {
      int value;

      w = g_hash_table_lookup (self->fields, timeline[i].name);
      if (timeline[i].time)
        {
          if (!parse_minutes (entry_text (w), &value))
            {
              *culprit = w;
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s” is not a time of day; write it as HH:MM, e.g. 05:30"),
                           entry_text (w));
              return FALSE;
            }
        }
      else
        value = spin_value (w);
      TRY (w, mu_edit_set_timeline (history, timeline[i].field, value, error));
    }

  w = g_hash_table_lookup (self->fields, "night-bounds");
  words = g_strsplit_set (entry_text (w), " ,;\t", -1);
  for (guint i = 0; words[i]; i++)
    {
      char *end;
      gint64 n;

      if (!*words[i])
        continue;
      n = g_ascii_strtoll (words[i], &end, 10);
      if (*end || n < G_MININT || n > G_MAXINT)
        {
          *culprit = w;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s” is not a bound number; list night bounds as numbers, e.g. 9 10 11"),
                       words[i]);
          return FALSE;
        }
      g_array_append_val (bounds, (int) { n });
    }
  TRY (w, mu_edit_set_night_bounds (history, (int *) bounds->data, bounds->len, error));
  return TRUE;
}

/* The ids the list's rows carry: the objects that were there when the page
 * was built and are kept (new rows carry none). */
static GHashTable *
listed_ids (GtkListBox *list)
{
  GHashTable *kept = g_hash_table_new (g_str_hash, g_str_equal);

  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    {
      const char *id = g_object_get_data (G_OBJECT (row), "object-id");

      if (id)
        g_hash_table_add (kept, (gpointer) id);
    }
  return kept;
}

/* One task objective's row: changed values of a kept one, or a new one. */
static gboolean
apply_task_row (MusterPropertiesDialog *self,
                MuEditHistory          *history,
                GtkWidget              *row,
                GtkWidget             **culprit,
                GError                **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  const char *id = g_object_get_data (G_OBJECT (row), "object-id");
  GtkWidget *text = muster_props_row_widget (row, "text");
  const char *side = muster_props_selected_side (self, muster_props_row_widget (row, "side"));
  const char *condition = entry_text (muster_props_row_widget (row, "condition"));
  int value = spin_value (muster_props_row_widget (row, "value"));

  if (id)
    {
      /* Untouched rows are left alone, even when the file's values are
       * ones the editor would refuse. */
      const MuTaskObjective *old = NULL;

      for (guint i = 0; i < s->tasks->len && old == NULL; i++)
        if (g_strcmp0 (((MuTaskObjective *) g_ptr_array_index (s->tasks, i))->id, id) == 0)
          old = g_ptr_array_index (s->tasks, i);
      if (old == NULL || g_strcmp0 (old->side, side) != 0 ||
          g_strcmp0 (old->text ? old->text : "", entry_text (text)) != 0 ||
          g_strcmp0 (old->condition ? old->condition : "", condition) != 0 || old->value != value)
        TRY (text, mu_edit_set_task (history, id, side, entry_text (text), condition, value, error));
    }
  else
    {
      g_autofree char *new_id = NULL;

      *culprit = text;
      new_id = mu_edit_add_task (history, side, entry_text (text), condition, value, error);
      if (new_id == NULL)
        return FALSE;
    }
  return TRUE;
}

/* The Victory page: objectives required, then the task objectives,
 * removed rows first, then changed and new ones. */
static gboolean
apply_victory (MusterPropertiesDialog *self,
               MuEditHistory          *history,
               GtkWidget             **culprit,
               GError                **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  GtkWidget *w = g_hash_table_lookup (self->fields, "objectives-required");
  g_autoptr(GHashTable) kept = NULL;
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_free);

  TRY (w, mu_edit_set_objectives_required (history, spin_value (w), error));

  kept = listed_ids (self->tasks_list);
  for (guint i = 0; i < s->tasks->len; i++)
    {
      MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      if (!g_hash_table_contains (kept, t->id))
        g_ptr_array_add (gone, g_strdup (t->id));
    }
  for (guint i = 0; i < gone->len; i++)
    TRY (GTK_WIDGET (self->tasks_list), mu_edit_remove_task (history, g_ptr_array_index (gone, i), error));
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->tasks_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    if (!apply_task_row (self, history, row, culprit, error))
      return FALSE;
  return TRUE;
}

/* A reserve's entry hexes, written as CCRR words, when they changed. */
static gboolean
apply_reserve_entry (MuEditHistory *history,
                     const char    *id,
                     GtkWidget     *entry,
                     GtkWidget    **culprit,
                     GError       **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  g_auto(GStrv) words = g_strsplit_set (entry_text (entry), " ,;\t", -1);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  const MuReserve *old;

  for (guint i = 0; words[i]; i++)
    {
      MuHex hex;

      if (!*words[i])
        continue;
      if (!mu_hex_parse (words[i], &hex))
        {
          *culprit = entry;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s” is not a hex; write entry hexes as CCRR, e.g. 0101 0102"),
                       words[i]);
          return FALSE;
        }
      g_array_append_val (hexes, hex);
    }
  old = mu_scenario_find_reserve (s, id);
  if (old == NULL || old->entry == NULL || old->entry->len != hexes->len ||
      (hexes->len > 0 &&
       memcmp (old->entry->data, hexes->data, hexes->len * sizeof (MuHex)) != 0))
    TRY (entry, mu_edit_set_reserve_entry (history, id, (MuHex *) hexes->data, hexes->len,
                                           error));
  return TRUE;
}

/* One reserve's row: a new reserve is added first, then every value set. */
static gboolean
apply_reserve_row (MusterPropertiesDialog *self,
                   MuEditHistory          *history,
                   GtkWidget              *row,
                   GtkWidget             **culprit,
                   GError                **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  const char *id = g_object_get_data (G_OBJECT (row), "object-id");
  g_autofree char *new_id = NULL;
  GtkWidget *name = muster_props_row_widget (row, "name");
  GtkWidget *kind = muster_props_row_widget (row, "kind");
  GtkWidget *arrival = muster_props_row_widget (row, "arrival");
  GtkWidget *bound = muster_props_row_widget (row, "bound");
  GtkWidget *entry = muster_props_row_widget (row, "entry");
  GtkWidget *edge = muster_props_row_widget (row, "edge");
  guint edge_index = gtk_drop_down_get_selected (GTK_DROP_DOWN (edge));
  MuArrivalKind arrival_kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (arrival));
  int roll = arrival_kind == MU_ARRIVAL_ROLL ? spin_value (muster_props_row_widget (row, "roll")) : 0;
  const char *edge_id = edge_index < G_N_ELEMENTS (muster_props_edge_ids) ? muster_props_edge_ids[edge_index] : NULL;
  const MuReserve *old;

  if (id == NULL)
    {
      *culprit = name;
      new_id = mu_edit_add_reserve (history, muster_props_selected_side (self, muster_props_row_widget (row, "side")),
                                    entry_text (name), error);
      if (new_id == NULL)
        return FALSE;
      id = new_id;
    }
  TRY (name, mu_edit_set_reserve_name (history, id, entry_text (name), error));
  TRY (kind, mu_edit_set_reserve_kind (history, id, gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)),
                                       error));
  TRY (bound, mu_edit_set_reserve_arrival (history, id, arrival_kind, spin_value (bound), roll,
                                           error));
  if (entry && !apply_reserve_entry (history, id, entry, culprit, error))
    return FALSE;
  old = mu_scenario_find_reserve (s, id);
  if (old == NULL || g_strcmp0 (old->edge, edge_id) != 0)
    TRY (edge, mu_edit_set_reserve_edge (history, id, edge_id, error));
  return TRUE;
}

/* The Reserves page: removed rows first, then changed and new ones. */
static gboolean
apply_reserves (MusterPropertiesDialog *self,
                MuEditHistory          *history,
                GtkWidget             **culprit,
                GError                **error)
{
  MuScenario *s = mu_edit_history_get_scenario (history);
  g_autoptr(GHashTable) kept = listed_ids (self->reserves_list);
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < s->reserves->len; i++)
    {
      MuReserve *r = g_ptr_array_index (s->reserves, i);

      if (!g_hash_table_contains (kept, r->id))
        g_ptr_array_add (gone, g_strdup (r->id));
    }
  for (guint i = 0; i < gone->len; i++)
    TRY (GTK_WIDGET (self->reserves_list),
         mu_edit_remove_reserve (history, g_ptr_array_index (gone, i), error));
  for (GtkWidget *row = next_row (gtk_widget_get_first_child (GTK_WIDGET (self->reserves_list))); row;
       row = next_row (gtk_widget_get_next_sibling (row)))
    if (!apply_reserve_row (self, history, row, culprit, error))
      return FALSE;
  return TRUE;
}

#undef TRY

/* Applies every value to `history`, page by page; on a refusal sets
 * *culprit to the field's widget. */
gboolean
muster_props_apply_to (MusterPropertiesDialog *self,
                       MuEditHistory          *history,
                       GtkWidget             **culprit,
                       GError                **error)
{
  if (!apply_general (self, history, culprit, error) ||
      !apply_timeline (self, history, culprit, error) ||
      !apply_victory (self, history, culprit, error) ||
      !apply_reserves (self, history, culprit, error))
    return FALSE;
  *culprit = NULL;
  return TRUE;
}
