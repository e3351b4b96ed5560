#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-editor-oob.h"
#include "muster-editor-oob-private.h"

#include "muster-editor-oob-values.h"
#include "mu-ruleset.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* Items of the tree: a side or a counter, by id. ---------------------------------- */

#define MUSTER_TYPE_OOB_ITEM (muster_oob_item_get_type ())
G_DECLARE_FINAL_TYPE (MusterOobItem, muster_oob_item, MUSTER, OOB_ITEM, GObject)

struct _MusterOobItem
{
  GObject parent_instance;
  char *id;
  gboolean is_side;
};

G_DEFINE_FINAL_TYPE (MusterOobItem, muster_oob_item, G_TYPE_OBJECT)

static void
muster_oob_item_finalize (GObject *object)
{
  g_free (MUSTER_OOB_ITEM (object)->id);
  G_OBJECT_CLASS (muster_oob_item_parent_class)->finalize (object);
}

static void
muster_oob_item_class_init (MusterOobItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_oob_item_finalize;
}

static void
muster_oob_item_init (MusterOobItem *self)
{
}

static MusterOobItem *
item_new (const char *id,
          gboolean    is_side)
{
  MusterOobItem *item = g_object_new (MUSTER_TYPE_OOB_ITEM, NULL);

  item->id = g_strdup (id);
  item->is_side = is_side;
  return item;
}

/* The panel ---------------------------------------------------------------------- */

G_DEFINE_FINAL_TYPE (MusterEditorOob, muster_editor_oob, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_RESERVE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

MuScenario *
muster_editor_oob_scenario (MusterEditorOob *self)
{
  return mu_edit_history_get_scenario (self->history);
}

void
muster_editor_oob_show_result (MusterEditorOob *self,
                               gboolean         ok,
                               GError         **error)
{
  /* by address: read after the call that sets it */
  gtk_label_set_label (self->message, ok || *error == NULL ? "" : (*error)->message);
  gtk_widget_set_visible (GTK_WIDGET (self->message), !ok && *error != NULL);
}

/* Every row's children in one pass over the counters: scanning them all
 * for each row the tree opens took most of the time of showing a large
 * order of battle. A counter whose parent is missing is a top counter of
 * its side. */
static GHashTable *
index_children (const MuScenario *s)
{
  GHashTable *children = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->id)
        g_hash_table_add (ids, c->id);
    }
  for (guint i = 0; i < s->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (s->counters, i);
      g_autofree char *key = NULL;
      GPtrArray *list;

      if (c->parent != NULL && g_hash_table_contains (ids, c->parent))
        key = g_strconcat ("c:", c->parent, NULL);
      else if (c->side != NULL)
        key = g_strconcat ("s:", c->side, NULL);
      else
        continue;
      list = g_hash_table_lookup (children, key);
      if (list == NULL)
        {
          list = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (children, g_steal_pointer (&key), list);
        }
      g_ptr_array_add (list, g_strdup (c->id));
    }
  return children;
}

static GListModel *
create_children (gpointer item,
                 gpointer data)
{
  MusterEditorOob *self = data;
  MusterOobItem *it = item;
  g_autofree char *key = g_strconcat (it->is_side ? "s:" : "c:", it->id, NULL);
  GPtrArray *list;
  GListStore *store;

  if (self->children == NULL)
    self->children = index_children (muster_editor_oob_scenario (self));
  list = g_hash_table_lookup (self->children, key);
  if (list == NULL || list->len == 0)
    return NULL;
  store = g_list_store_new (MUSTER_TYPE_OOB_ITEM);
  for (guint i = 0; i < list->len; i++)
    {
      g_autoptr(MusterOobItem) ci = item_new (g_ptr_array_index (list, i), FALSE);

      g_list_store_append (store, ci);
    }
  return G_LIST_MODEL (store);
}

/* A unit's arm in a row: a declared arm beyond the format's by its own
 * word, the format's translated. */
static const char *
arm_word (const MuCounter *c)
{
  return c->arm_word ? c->arm_word : muster_editor_arm_word (c->arm);
}

/* A commander's row: the values its ruleset declares for its kind, in
 * declaration order, each as the declaration says (MuFieldInfo.row_word:
 * "leadership 3", "exceptional"; else "Name: value"), after the counter's
 * kind or, where its subordinates name it by a number, that number
 * ("division 2"); a flag shown as a row mark puts its tag before the name
 * ("★ "). A ruleset Muster does not know is read as format 1's first. */
static char *
commander_row (const MuRuleset  *ruleset,
               const MuCounter  *c,
               const char       *name,
               const char       *place)
{
  const MuFieldInfo *numbered;
  g_autoptr(GString) marks = g_string_new (NULL);
  g_autoptr(GString) values = g_string_new (NULL);

  if (ruleset == NULL)
    ruleset = mu_ruleset_find ("baa-hex");
  numbered = mu_ruleset_has_divisions (ruleset) ? mu_ruleset_numbered_field (ruleset, c->kind) : NULL;
  if (numbered && numbered->row_word)
    /* TRANSLATORS: a number in a commander's row of the order of battle:
     * the number's word, then the number ("division 2") */
    g_string_append_printf (values, C_("declared number in a row", "%s %d"),
                            g_dpgettext2 (GETTEXT_PACKAGE, "order of battle row", numbered->row_word),
                            mu_counter_get_int (c, numbered->id));
  else
    g_string_append (values, muster_editor_kind_word (c->kind));
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      g_autofree char *text = NULL;

      if (f == numbered || !mu_field_applies (f, c->kind))
        continue;
      if (f->type == MU_FIELD_FLAG && (f->row_word || (f->show & MU_FIELD_SHOW_ROW_MARK)))
        {
          if (!mu_counter_get_flag (c, f->id))
            continue;
          if (f->show & MU_FIELD_SHOW_ROW_MARK)
            g_string_append_printf (marks, "%s ", f->tag ? f->tag : "");
          else
            g_string_append_printf (values, ", %s",
                                    g_dpgettext2 (GETTEXT_PACKAGE, "order of battle row", f->row_word));
          continue;
        }
      if (f->row_word && f->type == MU_FIELD_INT)
        {
          /* as the counter holds it, 0 when absent (as the file writes it) */
          g_string_append (values, ", ");
          /* TRANSLATORS: a number in a commander's row of the order of
           * battle: the number's word, then the number ("leadership 3") */
          g_string_append_printf (values, C_("declared number in a row", "%s %d"),
                                  g_dpgettext2 (GETTEXT_PACKAGE, "order of battle row", f->row_word),
                                  mu_counter_get_int (c, f->id));
          continue;
        }
      if (!(text = mu_counter_get_field (c, f)))
        continue;
      g_string_append (values, ", ");
      /* TRANSLATORS: a declared value in a row of the order of battle:
       * the value's name, then its value ("Type: Infantry") */
      g_string_append_printf (values, C_("declared value in a row", "%s: %s"),
                              g_dgettext (GETTEXT_PACKAGE, f->name), mu_field_value_name (f, text));
    }
  return g_strdup_printf ("%s%s — %s%s", marks->str, name, values->str, place);
}

static char *
row_text (MusterEditorOob *self,
          const char      *id,
          gboolean         is_side)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  const MuCounter *c;
  g_autofree char *place = NULL;
  const char *name;

  if (is_side)
    {
      const MuSide *side = mu_scenario_find_side (s, id);

      return g_strdup_printf ("%s (%s)", side && side->name ? side->name : id, id);
    }
  c = mu_scenario_find_counter (s, id);
  if (c == NULL)
    return g_strdup (id);
  name = c->name ? c->name : c->id;
  switch (c->place.kind)
    {
    case MU_PLACE_HEX:
      {
        char buf[16];

        mu_hex_format (&s->hex_map->grid, c->place.hex, buf, sizeof buf);
        place = g_strdup_printf (_(" · hex %s"), buf);
      }
      break;
    case MU_PLACE_TABLE:
      place = g_strdup (_(" · on the table"));
      break;
    case MU_PLACE_RESERVE:
      place = g_strdup_printf (_(" · reserve %s"), c->place.reserve);
      break;
    case MU_PLACE_NONE:
    default:
      place = g_strdup (_(" · not placed"));
      break;
    }
  if (c->kind != MU_COUNTER_UNIT)
    return commander_row (ruleset, c, name, place);
  if (!mu_ruleset_has_divisions (ruleset))
    {
      /* a tabletop ruleset's own values, as it declares them */
      g_autofree char *values = muster_editor_oob_values_summary (s, c);

      return g_strdup_printf ("%s — %s%s%s%s", name, arm_word (c), *values ? ", " : "", values, place);
    }
  {
    /* the division it follows (★: none) and the numbers on its face */
    const MuFieldInfo *naming = mu_ruleset_naming_field (ruleset, c->kind);
    g_autofree char *values = mu_counter_face_values (ruleset, c, MU_FIELD_SHOW_FACE_BOTTOM, 0);

    return g_strdup_printf ("%s — %s%s %s%s", name, naming && mu_counter_get_int (c, naming->id) ? "" : "★ ",
                            values, arm_word (c), place);
  }
}

static MusterOobItem *
row_item (MusterEditorOob *self,
          guint            index)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), index);

  return row ? gtk_tree_list_row_get_item (row) : NULL;
}

guint
muster_editor_oob_get_n_rows (MusterEditorOob *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->tree));
}

char *
muster_editor_oob_get_row_text (MusterEditorOob *self,
                                guint            index)
{
  g_autoptr(MusterOobItem) item = NULL;

  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), NULL);
  item = row_item (self, index);
  return item ? row_text (self, item->id, item->is_side) : NULL;
}

const char *
muster_editor_oob_get_selected (MusterEditorOob *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), NULL);
  return self->selected;
}

gboolean
muster_editor_oob_select (MusterEditorOob *self,
                          const char      *id)
{
  guint n = muster_editor_oob_get_n_rows (self);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterOobItem) item = row_item (self, i);

      if (g_strcmp0 (item->id, id) == 0)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* The form with the selected counter's values. */

static gboolean
rebuild_form_idle (gpointer data)
{
  MusterEditorOob *self = data;

  self->form_idle = 0;
  muster_editor_oob_rebuild_form (self);
  return G_SOURCE_REMOVE;
}

static void
rebuild (MusterEditorOob *self)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *keep = g_strdup (self->selected);

  self->updating = TRUE;
  /* the scenario changed: the rows are indexed again when first asked */
  g_clear_pointer (&self->children, g_hash_table_unref);
  for (guint i = 0; i < s->sides->len; i++)
    g_ptr_array_add (items, item_new (((MuSide *) s->sides->pdata[i])->id, TRUE));
  g_list_store_splice (self->roots, 0, g_list_model_get_n_items (G_LIST_MODEL (self->roots)),
                       items->pdata, items->len);
  /* same selection, by id; the form follows in the idle below */
  if (keep == NULL || !muster_editor_oob_select (self, keep))
    {
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      g_clear_pointer (&self->selected, g_free);
    }
  self->updating = FALSE;
  /* The edit may come from a widget of the form: rebuild it once that
   * widget's signal is over. */
  if (self->form_idle == 0)
    self->form_idle = g_idle_add (rebuild_form_idle, self);
}

static void
on_history_changed (MuEditHistory   *history,
                    MusterEditorOob *self)
{
  rebuild (self);
}

static void
on_selection_changed (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      MusterEditorOob    *self)
{
  g_autoptr(MusterOobItem) item = NULL;
  guint pos;

  if (self->updating)
    return;
  pos = gtk_single_selection_get_selected (selection);
  item = pos == GTK_INVALID_LIST_POSITION ? NULL : row_item (self, pos);
  g_free (self->selected);
  self->selected = item ? g_strdup (item->id) : NULL;
  muster_editor_oob_rebuild_form (self);
}

/* Commands ------------------------------------------------------------------------ */

/* The colours offered for sides, the usual ones of the war first. */
const guint32 muster_editor_oob_side_colours[8] = {
  0x7fa7d6,  /* Union blue, as the shipped scenarios */
  0xa6a6a6,  /* Confederate grey */
  0x3b5998,  /* dark Union blue */
  0xc9a66b,  /* butternut */
  0xd98c8c,  /* red */
  0x8cc08c,  /* green */
  0xe0cc78,  /* yellow */
  0xb8a0d8,  /* purple */
};

/* The first of the offered colours that no side wears yet. */
/* "New Side", "New Side 2", ...: a name no side has (newly allocated), so
 * that two new sides can be told apart. */
static char *
new_side_name (const MuScenario *s)
{
  for (guint n = 1; ; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup (_("New Side"))
                                     /* Translators: a new side's name when "New Side" is taken */
                                     : g_strdup_printf (_("New Side %u"), n);
      gboolean taken = FALSE;

      for (guint i = 0; i < s->sides->len && !taken; i++)
        taken = g_strcmp0 (((MuSide *) g_ptr_array_index (s->sides, i))->name, name) == 0;
      if (!taken)
        return g_steal_pointer (&name);
    }
}

static guint32
free_side_colour (const MuScenario *s)
{
  for (guint i = 0; i < G_N_ELEMENTS (muster_editor_oob_side_colours); i++)
    {
      gboolean used = FALSE;

      for (guint j = 0; j < s->sides->len && !used; j++)
        used = ((const MuSide *) g_ptr_array_index (s->sides, j))->colour == muster_editor_oob_side_colours[i];
      if (!used)
        return muster_editor_oob_side_colours[i];
    }
  return muster_editor_oob_side_colours[s->sides->len % G_N_ELEMENTS (muster_editor_oob_side_colours)];
}

gboolean
muster_editor_oob_add (MusterEditorOob *self,
                       GError         **error)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuCounter *c = self->selected ? mu_scenario_find_counter (s, self->selected) : NULL;
  const MuSide *side = self->selected ? mu_scenario_find_side (s, self->selected) : NULL;
  g_autofree char *id = NULL;

  if (side)
    id = mu_edit_add_counter (self->history, MU_COUNTER_CONTROL, side->id, NULL, error);
  else if (c && c->kind == MU_COUNTER_CONTROL)
    id = mu_edit_add_counter (self->history, MU_COUNTER_COMMAND, c->side, c->id, error);
  else if (c && c->kind == MU_COUNTER_COMMAND)
    id = mu_edit_add_counter (self->history, MU_COUNTER_UNIT, c->side, c->id, error);
  else if (c)
    id = mu_edit_add_counter (self->history, MU_COUNTER_UNIT, c->side, c->parent, error);
  else
    {
      g_autofree char *name = new_side_name (s);

      id = mu_edit_add_side (self->history, NULL, name, free_side_colour (s), error);
    }
  if (id)
    muster_editor_oob_select (self, id);
  return id != NULL;
}

gboolean
muster_editor_oob_add_side (MusterEditorOob *self,
                            GError         **error)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), FALSE);

  {
    g_autofree char *name = new_side_name (muster_editor_oob_scenario (self));

    id = mu_edit_add_side (self->history, NULL, name, free_side_colour (muster_editor_oob_scenario (self)), error);
  }
  if (id)
    muster_editor_oob_select (self, id);
  return id != NULL;
}

gboolean
muster_editor_oob_set_side_colour (MusterEditorOob *self,
                                   guint32          colour,
                                   GError         **error)
{
  const MuSide *side;

  g_return_val_if_fail (MUSTER_IS_EDITOR_OOB (self), FALSE);

  side = self->selected ? mu_scenario_find_side (muster_editor_oob_scenario (self), self->selected) : NULL;
  if (side == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Select a side first"));
      return FALSE;
    }
  return mu_edit_set_side_colour (self->history, side->id, colour, error);
}

gboolean
muster_editor_oob_add_reserve (MusterEditorOob *self,
                               GError         **error)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuCounter *c = self->selected ? mu_scenario_find_counter (s, self->selected) : NULL;
  const MuSide *side = self->selected ? mu_scenario_find_side (s, self->selected) : NULL;
  g_autofree char *id = NULL;
  const char *side_id = side ? side->id : c ? c->side : NULL;

  if (side_id == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Select the side (or one of its counters) the reserve belongs to"));
      return FALSE;
    }
  id = mu_edit_add_reserve (self->history, side_id, _("Reserve"), error);
  return id != NULL;
}

gboolean
muster_editor_oob_duplicate (MusterEditorOob *self,
                             GError         **error)
{
  g_autofree char *id = NULL;

  if (self->selected == NULL || !mu_scenario_find_counter (muster_editor_oob_scenario (self), self->selected))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Select a counter to duplicate"));
      return FALSE;
    }
  id = mu_edit_duplicate_counter (self->history, self->selected, error);
  if (id)
    muster_editor_oob_select (self, id);
  return id != NULL;
}

gboolean
muster_editor_oob_remove (MusterEditorOob *self,
                          GError         **error)
{
  g_autofree char *id = g_strdup (self->selected);

  if (id == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Select a side or counter to delete"));
      return FALSE;
    }
  if (mu_scenario_find_side (muster_editor_oob_scenario (self), id))
    return mu_edit_remove_side (self->history, id, error);
  return mu_edit_remove_counter (self->history, id, error);
}

gboolean
muster_editor_oob_move (MusterEditorOob *self,
                        int              delta,
                        GError         **error)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  MuCounter *c = self->selected ? mu_scenario_find_counter (s, self->selected) : NULL;
  MuSide *side = self->selected ? mu_scenario_find_side (s, self->selected) : NULL;
  guint index;

  if (side)
    {
      g_ptr_array_find (s->sides, side, &index);
      if ((int) index + delta < 0)
        return TRUE;
      return mu_edit_move_side (self->history, side->id, index + delta, error);
    }
  if (c == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Select a side or counter to move"));
      return FALSE;
    }
  /* past the neighbouring sibling, not just the next counter in the file */
  g_ptr_array_find (s->counters, c, &index);
  for (int i = (int) index + delta; i >= 0 && i < (int) s->counters->len; i += delta)
    {
      const MuCounter *o = g_ptr_array_index (s->counters, i);

      if (g_strcmp0 (o->parent, c->parent) == 0 && g_strcmp0 (o->side, c->side) == 0)
        return mu_edit_move_counter_order (self->history, c->id, (guint) i, error);
    }
  return TRUE;
}

gboolean
muster_editor_oob_drop (MusterEditorOob *self,
                        const char      *dragged,
                        const char      *target,
                        GError         **error)
{
  MuScenario *s = muster_editor_oob_scenario (self);
  const MuCounter *c = mu_scenario_find_counter (s, dragged);
  const MuCounter *t = mu_scenario_find_counter (s, target);
  const MuSide *side = mu_scenario_find_side (s, target);
  gboolean ok;
  guint index;

  if (c == NULL || g_strcmp0 (dragged, target) == 0)
    return TRUE;
  if (side)
    return g_strcmp0 (c->side, side->id) == 0
           ? mu_edit_set_counter_parent (self->history, dragged, NULL, error)
           : mu_edit_set_counter_side (self->history, dragged, side->id, error);
  if (t == NULL)
    return TRUE;
  if (g_strcmp0 (c->side, t->side) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” belongs to side %s; drop it on its own side's counters, or on the row of side %s to change its side"),
                   c->name ? c->name : c->id, c->side, t->side);
      return FALSE;
    }
  if ((c->kind == MU_COUNTER_UNIT && t->kind == MU_COUNTER_COMMAND) ||
      (c->kind == MU_COUNTER_COMMAND && t->kind == MU_COUNTER_CONTROL))
    return mu_edit_set_counter_parent (self->history, dragged, target, error);
  if (t->kind != c->kind)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A %s counter cannot serve under a %s counter"),
                   muster_editor_kind_word (c->kind), muster_editor_kind_word (t->kind));
      return FALSE;
    }
  /* same rank: join its superior, just before it (one step) */
  mu_edit_history_begin_group (self->history, _("Reorder Counters"));
  ok = mu_edit_set_counter_parent (self->history, dragged, t->parent, error);
  t = mu_scenario_find_counter (s, target);
  g_ptr_array_find (s->counters, t, &index);
  ok = ok && mu_edit_move_counter_order (self->history, dragged, index, error);
  mu_edit_history_end_group (self->history);
  return ok;
}

gboolean
muster_editor_oob_set_value (MusterEditorOob *self,
                             const char      *field,
                             int              value,
                             GError         **error)
{
  if (self->selected == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Select a counter first"));
      return FALSE;
    }
  return mu_edit_set_counter_number (self->history, self->selected, field, value, error);
}

/* Widgets ------------------------------------------------------------------------- */

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *widget)
{
  const char *id = g_object_get_data (G_OBJECT (widget), "id");
  g_autofree char *text = NULL;

  if (id == NULL || g_object_get_data (G_OBJECT (widget), "is-side"))
    return NULL;
  text = g_strconcat ("counter:", id, NULL);
  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static gboolean
on_row_drop (GtkDropTarget *target,
             const GValue  *value,
             double         x,
             double         y,
             GtkWidget     *widget)
{
  MusterEditorOob *self = g_object_get_data (G_OBJECT (widget), "panel");
  const char *text = g_value_get_string (value);
  const char *id = g_object_get_data (G_OBJECT (widget), "id");
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (text == NULL || !g_str_has_prefix (text, "counter:") || id == NULL)
    return FALSE;
  ok = muster_editor_oob_drop (self, text + strlen ("counter:"), id, &error);
  muster_editor_oob_show_result (self, ok, &error);
  return ok;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           MusterEditorOob          *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), expander);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (source));
  g_object_set_data (G_OBJECT (expander), "panel", self);
  g_signal_connect (target, "drop", G_CALLBACK (on_row_drop), expander);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (target));
  muster_editor_oob_menu_attach (self, expander);
  gtk_list_item_set_child (list_item, expander);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          MusterEditorOob          *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  MusterOobItem *item = gtk_tree_list_row_get_item (row);
  g_autofree char *text = row_text (self, item->id, item->is_side);
  GtkWidget *label = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (expander), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  if (item->is_side)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_remove_css_class (label, "heading");
  g_object_set_data_full (G_OBJECT (expander), "id", g_strdup (item->id), g_free);
  g_object_set_data (G_OBJECT (expander), "is-side", GINT_TO_POINTER (item->is_side));
  g_object_unref (item);
}

static void
on_add_clicked (GtkButton       *button,
                MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_add (self, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_duplicate_clicked (GtkButton       *button,
                      MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_duplicate (self, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_remove_clicked (GtkButton       *button,
                   MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_remove (self, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_up_clicked (GtkButton       *button,
               MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_move (self, -1, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_down_clicked (GtkButton       *button,
                 MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_move (self, 1, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_reserve_clicked (GtkButton       *button,
                    MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_add_reserve (self, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
on_add_side_clicked (GtkButton       *button,
                     MusterEditorOob *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = muster_editor_oob_add_side (self, &error);

  muster_editor_oob_show_result (self, ok, &error);
}

static void
muster_editor_oob_dispose (GObject *object)
{
  MusterEditorOob *self = MUSTER_EDITOR_OOB (object);

  g_clear_handle_id (&self->form_idle, g_source_remove);
  muster_editor_oob_menu_dispose (self);
  if (self->history)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_EDITOR_OOB);
  G_OBJECT_CLASS (muster_editor_oob_parent_class)->dispose (object);
}

static void
muster_editor_oob_finalize (GObject *object)
{
  MusterEditorOob *self = MUSTER_EDITOR_OOB (object);

  g_free (self->selected);
  g_free (self->form_of);
  g_clear_pointer (&self->children, g_hash_table_unref);
  G_OBJECT_CLASS (muster_editor_oob_parent_class)->finalize (object);
}

static void
muster_editor_oob_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_RESERVE:
      g_value_set_string (value, muster_editor_oob_menu_get_reserve (MUSTER_EDITOR_OOB (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_editor_oob_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_RESERVE:
      muster_editor_oob_menu_set_reserve (MUSTER_EDITOR_OOB (object), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_editor_oob_class_init (MusterEditorOobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_editor_oob_dispose;
  object_class->finalize = muster_editor_oob_finalize;
  object_class->get_property = muster_editor_oob_get_property;
  object_class->set_property = muster_editor_oob_set_property;

  /* The selected counter's reserve id, "" for none (oob.reserve). */
  props[PROP_RESERVE] =
    g_param_spec_string ("reserve", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  muster_editor_oob_menu_class_init (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-editor-oob.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterEditorOob, list);
  gtk_widget_class_bind_template_child (widget_class, MusterEditorOob, message);
  gtk_widget_class_bind_template_child (widget_class, MusterEditorOob, form);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_duplicate_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_up_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_down_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_reserve_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_add_side_clicked);
}

static void
muster_editor_oob_init (MusterEditorOob *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->roots = g_list_store_new (MUSTER_TYPE_OOB_ITEM);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (self->roots), FALSE, TRUE,
                                        create_children, self, NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->tree));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selection_changed), self);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
  gtk_list_view_set_factory (self->list, factory);
  /* the list owns the selection, and through it the tree and the roots */
  g_object_unref (self->selection);
  g_object_unref (factory);
  muster_editor_oob_menu_init (self);
}

GtkWidget *
muster_editor_oob_new (MuEditHistory *history)
{
  MusterEditorOob *self;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), NULL);

  self = g_object_new (MUSTER_TYPE_EDITOR_OOB, NULL);
  self->history = g_object_ref (history);
  self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (on_history_changed), self);
  rebuild (self);
  return GTK_WIDGET (self);
}
