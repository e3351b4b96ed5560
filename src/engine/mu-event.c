#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-event.h"

#include <string.h>

static const char *const kind_names[MU_EVENT_N] = {
  [MU_EVENT_NOTE] = "note",
  [MU_EVENT_MATCH_START] = "start",
  [MU_EVENT_BOUND] = "bound",
  [MU_EVENT_ROUND] = "round",
  [MU_EVENT_PHASE] = "phase",
  [MU_EVENT_ROLL] = "roll",
  [MU_EVENT_ORDERS] = "orders",
  [MU_EVENT_MARKER_PLACED] = "marker",
  [MU_EVENT_MARKER_REMOVED] = "unmarker",
  [MU_EVENT_ASSIGNED] = "assigned",
  [MU_EVENT_DIRECT_CONTROL] = "direct-control",
  [MU_EVENT_MOVE] = "move",
  [MU_EVENT_LOCKED] = "locked",
  [MU_EVENT_ATTACK] = "attack",
  [MU_EVENT_HITS] = "hits",
  [MU_EVENT_DISPERSED] = "dispersed",
  [MU_EVENT_FLINCH] = "flinch",
  [MU_EVENT_NO_FLINCH] = "stands",
  [MU_EVENT_SURRENDER] = "surrender",
  [MU_EVENT_COMMANDER_DISABLED] = "disabled",
  [MU_EVENT_COMMANDER_CAPTURED] = "captured",
  [MU_EVENT_COMMANDER_EVADED] = "evaded",
  [MU_EVENT_COMMANDER_REMOVED] = "removed",
  [MU_EVENT_BREACHED] = "breached",
  [MU_EVENT_OBJECTIVE_HOLD] = "hold",
  [MU_EVENT_OBJECTIVE_CLAIMED] = "claimed",
  [MU_EVENT_RESERVE_ARRIVED] = "reserve-arrived",
  [MU_EVENT_RESERVE_DELAYED] = "reserve-delayed",
  [MU_EVENT_ENTERED] = "entered",
  [MU_EVENT_REST] = "rest",
  [MU_EVENT_DECISION] = "decision",
  [MU_EVENT_NIGHT] = "night",
  [MU_EVENT_VICTORY] = "victory",
  [MU_EVENT_GAME_END] = "end",
  [MU_EVENT_REVEAL] = "reveal",
  [MU_EVENT_RULESET] = "?",
};

MuEvent *
mu_event_new (MuEventKind  kind,
              const char  *subject)
{
  MuEvent *e = g_new0 (MuEvent, 1);

  e->kind = kind;
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
mu_event_add_ruleset (GPtrArray  *events,
                      const char *word,
                      const char *subject)
{
  MuEvent *e = mu_event_add (events, MU_EVENT_RULESET, subject);

  e->word = word;
  return e;
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
  if (event->kind == MU_EVENT_RULESET)
    return event->word ? event->word : "?";
  return mu_event_kind_to_string (event->kind);
}

const char *
mu_event_kind_to_string (MuEventKind kind)
{
  g_return_val_if_fail (kind < MU_EVENT_N, "?");
  return kind_names[kind];
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

static const char *const read_names[] = { "sum", "successes", "highest", "lowest" };

char *
mu_event_to_string (const MuEvent   *e,
                    const MuHexGrid *grid)
{
  GString *s = g_string_new (mu_event_get_kind_word (e));

  switch (e->kind)
    {
    case MU_EVENT_ROLL:
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
      if (e->modifier)
        g_string_append_printf (s, " mod=%+d", e->modifier);
      if (e->compare == MU_ROLL_AT_LEAST)
        g_string_append_printf (s, " need>=%d %s", e->target, e->success ? "success" : "fail");
      else if (e->compare == MU_ROLL_AT_MOST)
        g_string_append_printf (s, " need<=%d %s", e->target, e->success ? "success" : "fail");
      if (e->pool)
        g_string_append_printf (s, " n=%d", e->value);
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
      if (e->kind == MU_EVENT_MOVE)
        g_string_append_printf (s, " cost=%d", e->value);
      else if (e->kind == MU_EVENT_HITS || e->kind == MU_EVENT_OBJECTIVE_HOLD ||
               e->kind == MU_EVENT_REST || e->kind == MU_EVENT_VICTORY ||
               e->kind == MU_EVENT_BREACHED || e->kind == MU_EVENT_NIGHT)
        g_string_append_printf (s, " n=%d", e->value);
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
