/* regimental-data.c: the numbers of data/rules/regimental.xml and the
 * missing-table path (QRS-AMB-28)
 *
 * The sheet is a partial summary: the tables it lacks are marked missing
 * in the shipped file. When play needs a value neither the file nor an
 * earlier answer of this match gives, the engine opens a decision whose
 * question quotes the table and key; the answer (`choose VALUE`) is a
 * command like any other, so it is recorded, saved and replayed, and it
 * fills that key for the rest of the match: no key is asked twice.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "regimental-private.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

G_LOCK_DEFINE_STATIC (qrs_data);
static MuRulesData *qrs_data;
static char *qrs_data_path;

/* The file is read once per path and kept for the process (MUSTER_DATADIR
 * may point the tests at their copy). NULL when none is found: every value
 * is then asked or read from the printed fallbacks. */
const MuRulesData *
qrs_data_load (void)
{
  g_autofree char *path = mu_rules_data_path ("regimental");
  const MuRulesData *data;

  G_LOCK (qrs_data);
  if (g_strcmp0 (path, qrs_data_path) != 0)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&qrs_data, mu_rules_data_free);
      qrs_data = mu_rules_data_load ("regimental", &error);
      if (qrs_data == NULL)
        g_warning ("regimental: %s", error->message);
      g_free (qrs_data_path);
      qrs_data_path = g_steal_pointer (&path);
    }
  data = qrs_data;
  G_UNLOCK (qrs_data);
  return data;
}

const char *
qrs_value (QrsMatch *m, const char *table, const char *key)
{
  g_autofree char *k = NULL;
  const char *v = m->data ? mu_rules_data_text (m->data, table, key) : NULL;

  if (v)
    return v;
  k = g_strdup_printf ("%s/%s", table, key);
  return g_hash_table_lookup (m->filled, k);
}

double
qrs_number (QrsMatch *m, const char *table, const char *key, double fallback)
{
  const char *v = qrs_value (m, table, key);
  char *end = NULL;
  double d;

  if (v == NULL)
    return fallback;
  d = g_ascii_strtod (v, &end);
  return end && *end == '\0' && end != v ? d : fallback;
}

void
qrs_ask_clear (QrsAsk *ask)
{
  g_free (ask->id);
  g_free (ask->table);
  g_free (ask->key);
  g_free (ask->subject);
  g_free (ask->question);
  g_free (ask->shown);
  g_clear_pointer (&ask->answers, g_ptr_array_unref);
  *ask = (QrsAsk) { 0 };
}

/* Where in the full rules a missing-table decision's value is found. */
static const char *
ask_source (const char *id)
{
  return g_str_equal (id, "crt") ? N_("the full rules' Combat Results Table")
         : g_str_equal (id, "fire-drm") ? N_("the full rules' fire modifiers")
         : g_str_equal (id, "weapon-value") ? N_("the full rules' weapon table")
         : g_str_equal (id, "move-rate") ? N_("the full rules' movement table")
         : N_("the full rules' melee rules");
}

void
qrs_ask_view (QrsAsk *ask, const QrsMatch *m)
{
  ask->view = (MuDecision) { 0 };
  ask->view.side = m->side_id[ask->side];
  ask->view.id = ask->id;
  ask->view.subject = ask->subject;
  ask->view.question = ask->shown;
  ask->view.answers = (const char *const *) ask->answers->pdata;
  if (ask->table != NULL)
    {
      ask->view.table = ask->table;
      ask->view.key = ask->key;
      ask->view.source = _(ask_source (ask->id));
    }
  if (g_str_equal (ask->id, "crt") || g_str_equal (ask->id, "charge-target")
      || g_str_equal (ask->id, "melee-target"))
    ask->view.kind = MU_ANSWER_CHOICE;
  else
    {
      ask->view.kind = MU_ANSWER_NUMBER;
      ask->view.min = g_str_equal (ask->id, "fire-drm") ? -9 : 0;
      ask->view.max = g_str_equal (ask->id, "fire-drm") ? 9
                      : g_str_equal (ask->id, "support-drm") ? 9
                      : g_str_equal (ask->id, "move-rate") ? 48 : 99;
    }
}

void
qrs_ask_copy (const QrsAsk *from, QrsAsk *to)
{
  *to = (QrsAsk) { 0 };
  if (from->id == NULL)
    return;
  to->id = g_strdup (from->id);
  to->table = g_strdup (from->table);
  to->key = g_strdup (from->key);
  to->side = from->side;
  to->subject = g_strdup (from->subject);
  to->question = g_strdup (from->question);
  to->shown = g_strdup (from->shown);
  to->answers = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i + 1 < from->answers->len; i++)
    g_ptr_array_add (to->answers, g_strdup (g_ptr_array_index (from->answers, i)));
  g_ptr_array_add (to->answers, NULL);
}

/* QRS-AMB-28: the decision for a key the file lacks; `what` says which
 * table of the full rules to look in. */
void
qrs_ask (QrsMatch *m, const char *id, const char *table, const char *key, int side,
         const char *subject, const char *what, GPtrArray *events)
{
  QrsAsk *a = &m->ask;
  MuEvent *e;

  g_assert (a->id == NULL);
  a->id = g_strdup (id);
  a->table = g_strdup (table);
  a->key = g_strdup (key);
  a->side = side;
  a->subject = g_strdup (subject);
  /* the event line's question in English; the player's with what is
   * asked and where to look in the player's language too */
  a->question = g_strdup_printf ("%s \"%s\": %s? (not on the sheet: %s)", table, key, what, ask_source (id));
  a->shown = g_strdup_printf (_("%s \"%s\": %s? (not on the sheet: %s)"), table, key, _(what),
                              _(ask_source (id)));
  a->answers = g_ptr_array_new_with_free_func (g_free);
  if (g_str_equal (id, "crt"))
    {
      /* QRS-AMB-29: a whole number of casualties, M or 1* */
      for (int i = 0; i <= 20; i++)
        g_ptr_array_add (a->answers, g_strdup_printf ("%d", i));
      g_ptr_array_add (a->answers, g_strdup ("M"));
      g_ptr_array_add (a->answers, g_strdup ("1*"));
    }
  g_ptr_array_add (a->answers, NULL);
  qrs_ask_view (a, m);
  e = qrs_event (m, events, mu_event_kind_info (MU_EVENT_DECISION), subject, "QRS-AMB-28");
  mu_event_set_side (e, m->side_id[side]);
  mu_event_set_text (e, a->question);
}

/* `choose VALUE`: fills the key for the rest of the match and goes on
 * with what asked for it. */
gboolean
qrs_answer (QrsMatch *m, const MuCommand *command, GPtrArray *events, GError **error)
{
  QrsAsk *a = &m->ask;
  const MuArg *arg = mu_command_arg (command, 0);
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;
  MuEvent *e;

  if (a->id == NULL)
    return mu_rules_refuse (error, "QRS-AMB-28", "no question is open");
  if (g_str_equal (a->id, "charge-target"))
    return qrs_answer_target (m, command, events, error);
  if (g_str_equal (a->id, "melee-target"))
    return qrs_answer_melee_target (m, command, events, error);
  if (g_str_equal (a->id, "crt"))
    {
      const char *w = mu_command_word (command, 0);
      gboolean ok = FALSE;

      for (guint i = 0; w && i + 1 < a->answers->len; i++)
        ok = ok || g_str_equal (w, g_ptr_array_index (a->answers, i));
      if (!ok && arg && arg->kind == MU_ARG_NUMBER && arg->number >= 0 && arg->number <= 20
          && arg->number == (int) arg->number)
        {
          value = g_strdup_printf ("%d", (int) arg->number);
          ok = TRUE;
        }
      if (!ok)
        return mu_rules_refuse (error, "QRS-AMB-29", "the answer must be a number of casualties "
                                "from 0 to 20, M or 1*");
      if (value == NULL)
        value = g_strdup (w);
    }
  else
    {
      double v;
      g_autoptr(GError) local = NULL;

      /* the engine's reading says what is wrong; the refusal names the
       * rule that asks, as every refusal does */
      if (!mu_decision_read_number (&a->view, arg, &v, &local))
        {
          g_set_error (error, MU_ERROR, MU_ERROR_ILLEGAL, "%s (%s)", local->message, "QRS-AMB-28");
          return FALSE;
        }
      value = g_strdup_printf ("%d", (int) v);
    }
  g_hash_table_insert (m->filled, g_strdup_printf ("%s/%s", a->table, a->key), g_strdup (value));
  e = qrs_event (m, events, &qrs_ev_filled, a->table, "QRS-AMB-28");
  text = g_strdup_printf ("\"%s\"=%s", a->key, value);
  mu_event_set_text (e, text);
  mu_event_set_side (e, m->side_id[a->side]);
  qrs_ask_clear (a);
  qrs_continue (m, events);
  return TRUE;
}
