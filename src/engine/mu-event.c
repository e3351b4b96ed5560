#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-event.h"

#include "mu-error.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#define F(x) MU_EVENT_FIELD_##x

/* The engine's own kinds; the rulesets declare the rest. */
static const MuEventKindInfo generic_kinds[MU_EVENT_N] = {
  [MU_EVENT_NOTE] = {
    "note", N_("Note"), N_("a remark of the rules"),
    F (SUBJECT) | F (TEXT) | F (SIDE) | F (AT), NULL, MU_EVENT_CLASS_OTHER, MU_EVENT_KIND_QUIET,
    "{text}", NULL, 0, NULL, NULL,
  },
  [MU_EVENT_MATCH_START] = {
    "start", N_("Match start"), N_("the match begins"),
    F (SUBJECT), NULL, MU_EVENT_CLASS_TURN, MU_EVENT_KIND_QUIET,
    N_("The match begins[ ({subject})]"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_BOUND] = {
    "bound", N_("Turn"), N_("a turn begins (its number, the clock time)"),
    F (VALUE) | F (TEXT), NULL, MU_EVENT_CLASS_TURN, MU_EVENT_KIND_QUIET,
    N_("{turn} {value} begins — [{text}]"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_ROUND] = {
    "round", N_("Round"), N_("a side's player turn begins"),
    F (SIDE), NULL, MU_EVENT_CLASS_TURN, MU_EVENT_KIND_QUIET,
    N_("[{side}|?] round"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_PHASE] = {
    "phase", N_("Step"), N_("a step of the turn begins"),
    F (SIDE) | F (VALUE) | F (TEXT), NULL, MU_EVENT_CLASS_TURN, MU_EVENT_KIND_QUIET,
    N_("[{side}: ][{step}|?]"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_ROLL] = {
    "roll", N_("Roll"), N_("dice rolled: the faces, how they are read, the outcome"),
    F (SUBJECT) | F (OBJECT) | F (TEXT) | F (VALUE), NULL, MU_EVENT_CLASS_ROLL, 0,
    NULL, NULL, 0, MU_N_PLURAL ("{n} roll", "{n} rolls"),
  },
  [MU_EVENT_DECISION] = {
    "decision", N_("Decision"), N_("a decision opens: the side that answers, the question"),
    F (SUBJECT) | F (SIDE) | F (TEXT), NULL, MU_EVENT_CLASS_TURN, MU_EVENT_KIND_QUIET,
    N_("[{side}|?] to decide: [{text}]"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_VICTORY] = {
    "victory", N_("Victory"), N_("the result: the winner (none for a draw), the level"),
    F (SIDE) | F (TEXT) | F (VALUE), "n", MU_EVENT_CLASS_TURN, 0,
    N_("[{side} wins: {text} victory|A draw] (difference {value})"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_GAME_END] = {
    "end", N_("End"), N_("the match ends (why)"),
    F (TEXT), NULL, MU_EVENT_CLASS_TURN, 0,
    N_("The match ends[ ({text})]"), NULL, 0, NULL, NULL,
  },
  [MU_EVENT_REVEAL] = {
    "reveal", N_("Reveal"), N_("hidden information is shown to every side (TAB-19)"),
    F (SIDE) | F (TEXT), NULL, MU_EVENT_CLASS_TURN, 0,
    /* a unit's hidden dice (TS-CR-9), else what the text names */
    N_("[{text:#1}'s hidden dice revealed: command {text:command}[{text:mod}], disorder {text:disorder}, "
       "stress {text:stress} — failures {text:failures}, total {text:total}|Hidden [{text}|orders] are revealed]"),
    NULL, 0, NULL, NULL,
  },
  [MU_EVENT_RULESET] = { "?", NULL, NULL, 0, NULL, MU_EVENT_CLASS_OTHER, 0, NULL, NULL, 0, NULL, NULL },
};

const MuEventKindInfo *
mu_event_kind_info (MuEventKind kind)
{
  g_return_val_if_fail (kind < MU_EVENT_N, &generic_kinds[MU_EVENT_NOTE]);
  return &generic_kinds[kind];
}

MuEvent *
mu_event_new (MuEventKind  kind,
              const char  *subject)
{
  MuEvent *e;

  g_return_val_if_fail (kind < MU_EVENT_RULESET, NULL);
  e = g_new0 (MuEvent, 1);
  e->kind = kind;
  e->info = &generic_kinds[kind];
  e->subject = g_strdup (subject);
  e->at = e->from = e->to = mu_pos_from_hex (MU_HEX_NONE);
  return e;
}

void
mu_event_free (MuEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->subject);
  g_free (event->object);
  g_free (event->side);
  g_free (event->text);
  if (event->path)
    g_array_unref (event->path);
  if (event->pool)
    g_array_unref (event->pool);
  if (event->modifiers)
    g_array_unref (event->modifiers);
  g_free (event->visible_to);
  g_free (event);
}

MuEvent *
mu_event_copy (const MuEvent *event)
{
  MuEvent *e = g_memdup2 (event, sizeof *event);

  e->subject = g_strdup (event->subject);
  e->object = g_strdup (event->object);
  e->side = g_strdup (event->side);
  e->text = g_strdup (event->text);
  e->path = event->path ? g_array_copy (event->path) : NULL;
  e->pool = event->pool ? g_array_copy (event->pool) : NULL;
  e->modifiers = event->modifiers ? g_array_copy (event->modifiers) : NULL;
  e->visible_to = g_strdup (event->visible_to);
  return e;
}

GPtrArray *
mu_event_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mu_event_free);
}

MuEvent *
mu_event_add (GPtrArray   *events,
              MuEventKind  kind,
              const char  *subject)
{
  MuEvent *e;

  g_return_val_if_fail (events != NULL, NULL);
  e = mu_event_new (kind, subject);
  g_ptr_array_add (events, e);
  return e;
}

void
mu_event_set_object (MuEvent    *event,
                     const char *object)
{
  g_free (event->object);
  event->object = g_strdup (object);
}

void
mu_event_set_side (MuEvent    *event,
                   const char *side)
{
  g_free (event->side);
  event->side = g_strdup (side);
}

void
mu_event_set_text (MuEvent    *event,
                   const char *text)
{
  g_free (event->text);
  event->text = g_strdup (text);
}

void
mu_event_set_visible_to (MuEvent    *event,
                         const char *side)
{
  g_free (event->visible_to);
  event->visible_to = g_strdup (side);
}

MuEvent *
mu_event_add_kind (GPtrArray             *events,
                   const MuEventKindInfo *info,
                   const char            *subject)
{
  MuEvent *e;

  g_return_val_if_fail (events != NULL && info != NULL, NULL);
  if (info >= generic_kinds && info < generic_kinds + MU_EVENT_RULESET)
    return mu_event_add (events, (MuEventKind) (info - generic_kinds), subject);
  e = mu_event_add (events, MU_EVENT_NOTE, subject);
  e->kind = MU_EVENT_RULESET;
  e->info = info;
  return e;
}

gboolean
mu_event_is (const MuEvent *event,
             const char    *word)
{
  return g_strcmp0 (event->info->kind, word) == 0;
}

const char *
mu_event_text_name (const MuEvent *event)
{
  const MuEventKindInfo *k = event->info;

  for (guint i = 0; event->text && i < k->n_text_names; i++)
    if (g_str_equal (k->text_names[i].word, event->text))
      return k->text_names[i].name;
  return NULL;
}

gboolean
mu_event_check_fields (const MuEvent  *e,
                       const char    **field)
{
  const struct { guint flag; gboolean set; const char *name; } used[] = {
    { MU_EVENT_FIELD_SUBJECT, e->subject != NULL, "subject" },
    { MU_EVENT_FIELD_OBJECT, e->object != NULL, "object" },
    { MU_EVENT_FIELD_SIDE, e->side != NULL, "side" },
    { MU_EVENT_FIELD_TEXT, e->text != NULL, "text" },
    { MU_EVENT_FIELD_AT, mu_pos_is_set (&e->at), "at" },
    { MU_EVENT_FIELD_FROM, mu_pos_is_set (&e->from), "from" },
    { MU_EVENT_FIELD_TO, mu_pos_is_set (&e->to), "to" },
    { MU_EVENT_FIELD_PATH, e->path != NULL && e->path->len > 0, "path" },
    { MU_EVENT_FIELD_COUNT, e->count != 0, "count" },
  };

  /* a roll's own members (dice, target) are its kind's by definition */
  for (guint i = 0; i < G_N_ELEMENTS (used); i++)
    if (used[i].set && !(e->info->fields & used[i].flag))
      {
        if (field)
          *field = used[i].name;
        return FALSE;
      }
  return TRUE;
}

gboolean
mu_event_visible (const MuEvent *event,
                  const char    *side)
{
  return event->visible_to == NULL || g_strcmp0 (event->visible_to, side) == 0;
}

const char *
mu_event_get_kind_word (const MuEvent *event)
{
  return event->info->kind;
}

const char *
mu_event_kind_to_string (MuEventKind kind)
{
  g_return_val_if_fail (kind < MU_EVENT_N, "?");
  return generic_kinds[kind].kind;
}

/* Hexes as the map prints them (the grid's label width), table points as
 * mu_pos_format() writes them. */
static void
append_pos (GString *s, const MuHexGrid *grid, const MuPos *pos)
{
  char buf[96];

  if (grid && !pos->is_point)
    mu_hex_format (grid, pos->hex, buf, sizeof buf);
  else
    mu_pos_format (pos, buf, sizeof buf);
  g_string_append (s, buf);
}

static const char *const read_names[] = { "sum", "successes", "highest", "lowest", "below" };

/* The words of the natural-face rules in the event line, in bit order. */
static const char *const natural_names[] = { "1-succeeds", "1-fails", "6-succeeds", "6-fails", "extremes" };

static const char *const compare_signs[] = { NULL, ">=", "<=", ">", "<", NULL };

static const char *const outcome_names[] = { "less", "equal", "greater" };

void
mu_event_add_modifier (MuEvent              *event,
                       const MuRollModifier *modifier)
{
  g_return_if_fail (event != NULL && modifier != NULL && modifier->id != NULL);
  if (event->modifiers == NULL)
    event->modifiers = g_array_new (FALSE, FALSE, sizeof (MuRollModifier));
  g_array_append_val (event->modifiers, *modifier);
  if (modifier->on_target)
    event->target += modifier->value;
  else
    event->modifier += modifier->value;
}

/* " vs=… die=D|dice=…" up to the end of a roll's own fields */
static void
append_roll (GString *s, const MuEvent *e)
{
  g_string_append_printf (s, " %s", e->text ? e->text : "d6");
  if (e->subject)
    g_string_append_printf (s, " %s", e->subject);
  if (e->object)
    g_string_append_printf (s, " vs=%s", e->object);
  if (e->pool)
    {
      /* a pool: the faces, how they are read, the result */
      g_string_append (s, " dice=");
      for (guint i = 0; i < e->pool->len; i++)
        g_string_append_printf (s, "%s%d", i ? "," : "", g_array_index (e->pool, int, i));
      g_string_append_printf (s, " read=%s", read_names[e->read]);
    }
  else
    g_string_append_printf (s, " die=%d", e->value);
  if (e->natural)
    {
      gboolean first = TRUE;

      g_string_append (s, " natural=");
      for (guint i = 0; i < G_N_ELEMENTS (natural_names); i++)
        if (e->natural & (1u << i))
          {
            g_string_append_printf (s, "%s%s", first ? "" : ",", natural_names[i]);
            first = FALSE;
          }
    }
  if (e->modifier)
    g_string_append_printf (s, " mod=%+d", e->modifier);
  if (e->compare == MU_ROLL_THREE_WAY)
    g_string_append_printf (s, " cmp=%d %s", e->target, outcome_names[CLAMP (e->outcome, -1, 1) + 1]);
  else if (e->compare != MU_ROLL_NONE && e->compare < G_N_ELEMENTS (compare_signs))
    g_string_append_printf (s, " need%s%d %s", compare_signs[e->compare], e->target,
                            e->success ? "success" : "fail");
  if (e->pool)
    g_string_append_printf (s, " n=%d", e->value);
  if (e->modifiers && e->modifiers->len)
    {
      /* ID:+V (dice) or ID:need+V (target), then :RULE */
      g_string_append (s, " mods=");
      for (guint i = 0; i < e->modifiers->len; i++)
        {
          const MuRollModifier *mod = &g_array_index (e->modifiers, MuRollModifier, i);

          g_string_append_printf (s, "%s%s:%s%+d", i ? "," : "", mod->id, mod->on_target ? "need" : "",
                                  mod->value);
          if (mod->rule)
            g_string_append_printf (s, ":%s", mod->rule);
        }
    }
}

char *
mu_event_to_string (const MuEvent   *e,
                    const MuHexGrid *grid)
{
  GString *s = g_string_new (mu_event_get_kind_word (e));

  switch (e->kind)
    {
    case MU_EVENT_ROLL:
      append_roll (s, e);
      break;

    case MU_EVENT_BOUND:
      g_string_append_printf (s, " %d", e->value);
      if (e->text)
        g_string_append_printf (s, " time=%s", e->text);
      break;

    case MU_EVENT_PHASE:
      g_string_append_printf (s, " %s %d", e->side ? e->side : "-", e->value);
      if (e->text)
        g_string_append_printf (s, " name=%s", e->text);
      break;

    default:
      if (e->subject)
        g_string_append_printf (s, " %s", e->subject);
      if (e->text)
        g_string_append_printf (s, " %s", e->text);
      if (e->object)
        g_string_append_printf (s, " by=%s", e->object);
      if (e->side)
        g_string_append_printf (s, " side=%s", e->side);
      if (mu_pos_is_set (&e->at))
        {
          g_string_append (s, " at=");
          append_pos (s, grid, &e->at);
        }
      if (mu_pos_is_set (&e->from))
        {
          g_string_append (s, " from=");
          append_pos (s, grid, &e->from);
        }
      if (mu_pos_is_set (&e->to))
        {
          g_string_append (s, " to=");
          append_pos (s, grid, &e->to);
        }
      if (e->path && e->path->len)
        {
          g_string_append (s, " path=");
          for (guint i = 0; i < e->path->len; i++)
            {
              if (i)
                g_string_append_c (s, ',');
              append_pos (s, grid, &g_array_index (e->path, MuPos, i));
            }
        }
      if (e->info->value_key)
        g_string_append_printf (s, " %s=%d", e->info->value_key, e->value);
      if (e->count)
        g_string_append_printf (s, " dice=%d", e->count);
      break;
    }
  if (e->visible_to)
    g_string_append_printf (s, " only=%s", e->visible_to);
  if (e->rule)
    g_string_append_printf (s, " (%s)", e->rule);
  return g_string_free (s, FALSE);
}

/* Reading a roll line back ------------------------------------------------------------- */

static gboolean
parse_int (const char *text, int *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < G_MININT || v > G_MAXINT)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_modifiers (MuEvent *e, const char *text)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i]; i++)
    {
      g_auto(GStrv) parts = g_strsplit (items[i], ":", 3);
      MuRollModifier mod = { NULL, NULL, NULL, 0, FALSE };
      const char *value;

      if (g_strv_length (parts) < 2 || *parts[0] == '\0')
        return FALSE;
      value = parts[1];
      if (g_str_has_prefix (value, "need"))
        {
          mod.on_target = TRUE;
          value += 4;
        }
      if ((*value != '+' && *value != '-') || !parse_int (value, &mod.value))
        return FALSE;
      mod.id = g_intern_string (parts[0]);
      mod.rule = parts[2] && *parts[2] ? g_intern_string (parts[2]) : NULL;
      if (e->modifiers == NULL)
        e->modifiers = g_array_new (FALSE, FALSE, sizeof (MuRollModifier));
      /* the totals are in the line already (mod=, need) */
      g_array_append_val (e->modifiers, mod);
    }
  return TRUE;
}

static int
word_index (const char *const *words, guint n, const char *word)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (words[i], word) == 0)
      return (int) i;
  return -1;
}

MuEvent *
mu_event_parse_roll (const char  *line,
                     GError     **error)
{
  g_auto(GStrv) w = g_strsplit (line ? line : "", " ", -1);
  g_autoptr(MuEvent) e = NULL;
  guint n = g_strv_length (w), i = 2;
  gboolean has_die = FALSE;
  const char *bad = NULL;

  if (n < 3 || g_strcmp0 (w[0], "roll") != 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("“%s” is no roll event"), line ? line : "");
      return NULL;
    }
  e = mu_event_new (MU_EVENT_ROLL, NULL);
  mu_event_set_text (e, w[1]);
  if (strchr (w[2], '=') == NULL && w[2][0] != '(')
    e->subject = g_strdup (w[i++]);
  for (; i < n && bad == NULL; i++)
    {
      const char *t = w[i];
      int sign;

      if (g_str_has_prefix (t, "vs="))
        mu_event_set_object (e, t + 3);
      else if (g_str_has_prefix (t, "die="))
        has_die = parse_int (t + 4, &e->value) ? TRUE : (bad = t, FALSE);
      else if (g_str_has_prefix (t, "dice="))
        {
          g_auto(GStrv) faces = g_strsplit (t + 5, ",", -1);

          e->pool = g_array_new (FALSE, FALSE, sizeof (int));
          for (guint k = 0; faces[k] && *faces[k]; k++)
            {
              int face;

              if (!parse_int (faces[k], &face))
                {
                  bad = t;
                  break;
                }
              g_array_append_val (e->pool, face);
            }
        }
      else if (g_str_has_prefix (t, "read="))
        {
          int r = word_index (read_names, G_N_ELEMENTS (read_names), t + 5);

          if (r < 0)
            bad = t;
          else
            e->read = (MuDiceRead) r;
        }
      else if (g_str_has_prefix (t, "natural="))
        {
          g_auto(GStrv) names = g_strsplit (t + 8, ",", -1);

          for (guint k = 0; names[k]; k++)
            {
              int b = word_index (natural_names, G_N_ELEMENTS (natural_names), names[k]);

              if (b < 0)
                bad = t;
              else
                e->natural |= 1u << b;
            }
        }
      else if (g_str_has_prefix (t, "mod="))
        {
          if (!parse_int (t + 4, &e->modifier))
            bad = t;
        }
      else if (g_str_has_prefix (t, "need"))
        {
          /* need>=T success|fail: the longest sign first */
          static const MuRollCompare order[] = { MU_ROLL_AT_LEAST, MU_ROLL_AT_MOST, MU_ROLL_ABOVE,
                                                 MU_ROLL_BELOW };
          const char *rest = t + 4;

          e->compare = MU_ROLL_NONE;
          for (guint k = 0; k < G_N_ELEMENTS (order); k++)
            if (g_str_has_prefix (rest, compare_signs[order[k]]))
              {
                e->compare = order[k];
                rest += strlen (compare_signs[order[k]]);
                break;
              }
          if (e->compare == MU_ROLL_NONE || !parse_int (rest, &e->target) || i + 1 >= n ||
              (g_strcmp0 (w[i + 1], "success") != 0 && g_strcmp0 (w[i + 1], "fail") != 0))
            bad = t;
          else
            e->success = g_str_equal (w[++i], "success");
        }
      else if (g_str_has_prefix (t, "cmp="))
        {
          if (!parse_int (t + 4, &e->target) || i + 1 >= n ||
              (sign = word_index (outcome_names, G_N_ELEMENTS (outcome_names), w[i + 1])) < 0)
            bad = t;
          else
            {
              e->compare = MU_ROLL_THREE_WAY;
              e->outcome = (MuRollOutcome) (sign - 1);
              i++;
            }
        }
      else if (g_str_has_prefix (t, "n="))
        {
          if (e->pool == NULL || !parse_int (t + 2, &e->value))
            bad = t;
        }
      else if (g_str_has_prefix (t, "mods="))
        {
          if (!parse_modifiers (e, t + 5))
            bad = t;
        }
      else if (g_str_has_prefix (t, "only="))
        mu_event_set_visible_to (e, t + 5);
      else if (t[0] == '(' && g_str_has_suffix (t, ")") && i + 1 == n)
        {
          g_autofree char *rule = g_strndup (t + 1, strlen (t) - 2);

          e->rule = g_intern_string (rule);
        }
      else
        bad = t;
    }
  if (bad == NULL && (e->pool != NULL) == has_die)
    bad = e->pool ? "die=" : "dice=";
  if (bad)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("roll event: “%s” cannot be read in “%s”"), bad,
                   line);
      return NULL;
    }
  /* a single die is always compared as read; the success of a comparison
   * without one is TRUE, as mu_dice_roll leaves it */
  if (e->compare == MU_ROLL_NONE)
    e->success = TRUE;
  return g_steal_pointer (&e);
}

/* Templates ------------------------------------------------------------------------------- */

/* One word of text: "text:KEY" the value of the word KEY=VALUE,
 * "text:#N" the Nth word (1-based) after its "KEY=" if it has one,
 * "text:@N" the KEY of the Nth word. NULL when there is no such word. */
static char *
text_word (const char *text,
           const char *spec)
{
  g_auto(GStrv) words = NULL;
  guint n;

  if (text == NULL)
    return NULL;
  words = g_strsplit (text, " ", -1);
  n = g_strv_length (words);
  if (spec[0] == '#' || spec[0] == '@')
    {
      guint64 i = 0;
      const char *eq;

      if (!g_ascii_string_to_unsigned (spec + 1, 10, 1, n, &i, NULL))
        return NULL;
      eq = strchr (words[i - 1], '=');
      if (spec[0] == '#')
        return g_strdup (eq ? eq + 1 : words[i - 1]);
      return eq ? g_strndup (words[i - 1], eq - words[i - 1]) : NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *eq = strchr (words[i], '=');

      if (eq && (gsize) (eq - words[i]) == strlen (spec) && strncmp (words[i], spec, eq - words[i]) == 0)
        return g_strdup (eq + 1);
    }
  return NULL;
}

/* Whether one of text's words is word: a sentence that chooses by a
 * stable word of the event line ("enter", "leave") can then say the whole
 * of each alternative in the reader's language. */
static gboolean
text_has_word (const char *text,
               const char *word)
{
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return FALSE;
  words = g_strsplit (text, " ", -1);
  return g_strv_contains ((const char *const *) words, word);
}

char *
mu_event_field_text (const MuEvent *e,
                     const char    *field,
                     gpointer       grid)
{
  const MuPos *pos = NULL;

  if (g_str_has_prefix (field, "text:"))
    return text_word (e->text, field + 5);
  if (g_str_has_prefix (field, "text="))
    return text_has_word (e->text, field + 5) ? g_strdup ("") : NULL;
  if (g_str_equal (field, "subject"))
    return g_strdup (e->subject);
  if (g_str_equal (field, "object"))
    return g_strdup (e->object);
  if (g_str_equal (field, "side"))
    return g_strdup (e->side);
  if (g_str_equal (field, "text-name"))
    return g_strdup (mu_event_text_name (e) ? mu_event_text_name (e) : e->text);
  if (g_str_equal (field, "text") || g_str_equal (field, "marker") || g_str_equal (field, "step"))
    return g_strdup (e->text);
  if (g_str_equal (field, "value"))
    return g_strdup_printf ("%d", e->value);
  if (g_str_equal (field, "if-value"))
    return e->value ? g_strdup ("") : NULL;
  if (g_str_equal (field, "count"))
    return g_strdup_printf ("%d", e->count);
  if (g_str_equal (field, "at"))
    pos = &e->at;
  else if (g_str_equal (field, "from"))
    pos = &e->from;
  else if (g_str_equal (field, "to"))
    pos = &e->to;
  if (pos && mu_pos_is_set (pos))
    {
      GString *s = g_string_new (NULL);

      append_pos (s, grid, pos);
      return g_string_free (s, FALSE);
    }
  return NULL;
}

/* Expands template[0, len) into out; FALSE when a field in it is unset
 * (out then holds what came before). */
static gboolean
expand_range (GString          *out,
              const char       *t,
              gsize             len,
              const MuEvent    *e,
              MuEventFieldFunc  func,
              gpointer          data)
{
  gboolean complete = TRUE;
  const char *end = t + len;

  while (t < end)
    {
      if (*t == '{')
        {
          const char *close = memchr (t, '}', end - t);
          g_autofree char *name = NULL, *value = NULL;

          if (close == NULL)
            {
              g_string_append_len (out, t, end - t);
              break;
            }
          name = g_strndup (t + 1, close - t - 1);
          value = func (e, name, data);
          if (value)
            g_string_append (out, value);
          else
            complete = FALSE;
          t = close + 1;
        }
      else if (*t == '[')
        {
          /* an optional part, or two alternatives: find the matching ']' */
          const char *p = t + 1, *bar = NULL;
          int depth = 1;
          gsize mark = out->len;

          for (; p < end && depth > 0; p++)
            if (*p == '[')
              depth++;
            else if (*p == ']')
              depth--;
            else if (*p == '|' && depth == 1 && bar == NULL)
              bar = p;
          /* p is past the ']' */
          if (!expand_range (out, t + 1, (bar ? bar : p - 1) - (t + 1), e, func, data))
            {
              g_string_truncate (out, mark);
              if (bar)
                expand_range (out, bar + 1, (p - 1) - (bar + 1), e, func, data);
            }
          t = p;
        }
      else
        g_string_append_c (out, *t++);
    }
  return complete;
}

char *
mu_event_expand (const char       *template,
                 const MuEvent    *event,
                 MuEventFieldFunc  field_func,
                 gpointer          data)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (template != NULL && event != NULL, NULL);
  if (field_func == NULL)
    field_func = mu_event_field_text;
  expand_range (out, template, strlen (template), event, field_func, data);
  return g_string_free (out, FALSE);
}

gulong
mu_event_plural_number (const MuEvent *event)
{
  int n = event->info->plural_of == MU_EVENT_FIELD_VALUE ? event->value
          : event->info->plural_of == MU_EVENT_FIELD_COUNT ? event->count : 1;

  return (gulong) ABS (n);
}
