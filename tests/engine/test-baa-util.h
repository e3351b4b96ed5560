/* test-baa-util.h: baa-hex tests that build their scenario in memory
 *
 * A case is a scenario fragment in a tiny line language, forced dice,
 * commands, and the events and state expected afterwards. A case that a
 * rule script can say (a scenario the checker accepts; refusals, events
 * and state lines) is a script in tests/fixtures/rules/baa-hex/ instead;
 * what stays here plays scenarios the checker refuses or asks the match
 * API more than a script does.
 *
 * Scenario lines (";" or newline separated):
 *   board C R                    flat-top, even offset (default 12 x 12)
 *   bounds N | start HH:MM | night B... | days D darkness B
 *   ctl ID SIDE LEAD HEX [star]
 *   cmd ID SIDE DIV LEAD HEX|reserve:R [x]
 *   unit ID SIDE inf|cav|art|boat R/A/S DIV HEX|reserve:R [indomitable] [sharpshooter] [fatigued]
 *   terrain HEX NAME | feature HEX NAME | elev HEX N | hexside HEX DIR NAME
 *   path KIND HEX HEX...         local-road, turnpike, railroad, river, stream
 *   obj ID HEX [OWNER]
 *   option KEY on|off
 *   reserve ID SIDE BOUND HEX,HEX... [roll N] [kind railroad|flank-march|out-circling] [edge E]
 *   lines SIDE HEX...            behind own lines (BAA-DAY-3)
 *   task ID SIDE VALUE CONDITION...
 *
 * Commands: one a line; "! COMMAND => TEXT" expects a refusal whose message
 * contains TEXT.
 * Events: patterns one a line; each must be a substring of an event line,
 * in order; "!PATTERN" must match no event line at all.
 * State: lines "unit u1 at=0507 markers=nic": the state line starting with
 * the first two words must contain every further word (as a word); a line
 * "bound ..." is matched against the first state line the same way; "result ..."
 * against the result line.
 */
#pragma once

#include <glib.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "mu-error.h"
#include "mu-match.h"
#include "mu-scenario.h"

typedef struct {
  const char *name;       /* test path, names the rule ids */
  const char *scenario;
  const char *dice;       /* "4,2,6" or NULL */
  const char *commands;
  const char *events;
  const char *state;
} BaaCase;

#define t_fail(...) \
  G_STMT_START { \
    g_autofree char *t_msg_ = g_strdup_printf (__VA_ARGS__); \
    g_printerr ("FAIL %s\n", t_msg_); \
    g_test_fail (); \
  } G_STMT_END

/* Adds a word to a unit's declared abilities (baa: "indomitable"). */
static void
add_ability (MuCounter  *c,
             const char *word)
{
  const char *was = mu_values_get (c->values, "abilities");
  g_autofree char *words = was ? g_strdup_printf ("%s %s", was, word) : g_strdup (word);

  mu_values_set (&c->values, "abilities", words);
}

static MuHex
t_hex (const char *w)
{
  MuHex h;
  g_assert_true (mu_hex_parse (w, &h));
  return h;
}

static MuScenario *
t_scenario (const char *text)
{
  MuScenario *s = NULL;
  g_auto(GStrv) lines = g_strsplit_set (text, ";\n", -1);
  int cols = 12, rows = 12;

  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) w = NULL;
      g_strstrip (lines[i]);
      w = g_strsplit (lines[i], " ", -1);
      if (g_strcmp0 (w[0], "board") == 0)
        {
          cols = atoi (w[1]);
          rows = atoi (w[2]);
        }
    }
  s = mu_scenario_new_hex ("baa-hex", cols, rows, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_EVEN);
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0x999999));
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x8899ee));
  g_free (s->title);
  s->title = g_strdup ("test");
  s->timeline.bounds = 4;
  s->timeline.first_bound = 1;
  s->timeline.start_minutes = 9 * 60;
  s->timeline.minutes_per_bound = 60;
  s->timeline.days = 1;
  if (s->timeline.night_bounds == NULL)
    s->timeline.night_bounds = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) w = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (w);
      const char *k = w[0];

      if (n == 0 || *k == '\0' || g_str_equal (k, "board"))
        continue;
      if (g_str_equal (k, "bounds"))
        s->timeline.bounds = atoi (w[1]);
      else if (g_str_equal (k, "start"))
        g_assert_true (mu_minutes_parse (w[1], &s->timeline.start_minutes));
      else if (g_str_equal (k, "night"))
        for (guint j = 1; j < n; j++)
          {
            int b = atoi (w[j]);
            g_array_append_val (s->timeline.night_bounds, b);
          }
      else if (g_str_equal (k, "days"))
        {
          s->timeline.days = atoi (w[1]);
          s->timeline.darkness_bound = atoi (w[3]);
        }
      else if (g_str_equal (k, "ctl") || g_str_equal (k, "cmd") || g_str_equal (k, "unit"))
        {
          MuCounterKind kind = k[0] == 'c' ? (k[1] == 't' ? MU_COUNTER_CONTROL : MU_COUNTER_COMMAND)
                                           : MU_COUNTER_UNIT;
          MuCounter *c = mu_counter_new (kind, w[1], w[2]);
          const char *where;
          guint extra;

          if (kind == MU_COUNTER_CONTROL)
            {
              mu_counter_set_int (c, "leadership", atoi (w[3]));
              where = w[4];
              extra = 5;
            }
          else if (kind == MU_COUNTER_COMMAND)
            {
              mu_counter_set_int (c, "division", atoi (w[3]));
              mu_counter_set_int (c, "leadership", atoi (w[4]));
              where = w[5];
              extra = 6;
            }
          else
            {
              int r, a, st;
              c->arm = g_str_equal (w[3], "cav") ? MU_ARM_CAVALRY : g_str_equal (w[3], "art") ? MU_ARM_ARTILLERY
                     : g_str_equal (w[3], "boat") ? MU_ARM_RIVERBOAT : MU_ARM_INFANTRY;
              g_assert_cmpint (sscanf (w[4], "%d/%d/%d", &r, &a, &st), ==, 3);
              mu_counter_set_int (c, "range", r);
              mu_counter_set_int (c, "attack", a);
              c->strength = st;
              mu_counter_set_int (c, "identity", atoi (w[5]));
              where = w[6];
              extra = 7;
            }
          if (g_str_has_prefix (where, "reserve:"))
            {
              c->place.kind = MU_PLACE_RESERVE;
              c->place.reserve = g_strdup (where + 8);
            }
          else
            {
              c->place.kind = MU_PLACE_HEX;
              c->place.hex = t_hex (where);
            }
          for (guint j = extra; j < n; j++)
            {
              if (g_str_equal (w[j], "x"))
                mu_values_set (&c->values, "exceptional", "true");
              else if (g_str_equal (w[j], "star"))
                mu_values_set (&c->values, "star", "true");
              else if (g_str_equal (w[j], "indomitable"))
                add_ability (c, "indomitable");
              else if (g_str_equal (w[j], "sharpshooter"))
                add_ability (c, "sharpshooter");
              else if (g_str_equal (w[j], "fatigued"))
                mu_values_set (&c->values, "fatigued", "true");
              else
                g_error ("unknown counter word %s", w[j]);
            }
          g_ptr_array_add (s->counters, c);
        }
      else if (g_str_equal (k, "terrain"))
        {
          MuTerrain t;
          g_assert_true (mu_terrain_from_string (w[2], &t));
          mu_hex_map_cell (s->hex_map, t_hex (w[1]))->terrain = t;
        }
      else if (g_str_equal (k, "feature"))
        {
          MuHexFeatures f;
          g_assert_true (mu_hex_feature_from_string (w[2], &f));
          mu_hex_map_cell (s->hex_map, t_hex (w[1]))->features |= f;
        }
      else if (g_str_equal (k, "elev"))
        mu_hex_map_cell (s->hex_map, t_hex (w[1]))->elevation = atoi (w[2]);
      else if (g_str_equal (k, "hexside"))
        {
          MuSideFeatures f;
          MuHex h = t_hex (w[1]);
          int d = atoi (w[2]);
          g_assert_true (mu_side_feature_from_string (w[3], &f));
          mu_hex_map_set_side (s->hex_map, h, d, mu_hex_map_side (s->hex_map, h, d) | f);
        }
      else if (g_str_equal (k, "path"))
        {
          MuPathKind pk;
          MuPath *p;
          g_assert_true (mu_path_kind_from_string (w[1], &pk));
          p = mu_path_new (pk);
          for (guint j = 2; j < n; j++)
            {
              MuHex h = t_hex (w[j]);
              g_array_append_val (p->hexes, h);
            }
          g_ptr_array_add (s->hex_map->paths, p);
        }
      else if (g_str_equal (k, "obj"))
        {
          MuObjective *o = mu_objective_new (w[1]);
          o->hex = t_hex (w[2]);
          o->value = 1;
          if (n > 3)
            o->owner = g_strdup (w[3]);
          g_ptr_array_add (s->objectives, o);
        }
      else if (g_str_equal (k, "option"))
        mu_scenario_set_option (s, w[1], g_str_equal (w[2], "on"));
      else if (g_str_equal (k, "reserve"))
        {
          MuReserve *r = mu_reserve_new (w[1], w[2]);
          g_auto(GStrv) hs = g_strsplit (w[4], ",", -1);
          r->bound = atoi (w[3]);
          r->arrival = MU_ARRIVAL_BOUND;
          if (r->entry == NULL)
            r->entry = g_array_new (FALSE, FALSE, sizeof (MuHex));
          for (guint j = 0; hs[j]; j++)
            if (*hs[j])
              {
                MuHex h = t_hex (hs[j]);
                g_array_append_val (r->entry, h);
              }
          for (guint j = 5; j + 1 < n; j += 2)
            {
              if (g_str_equal (w[j], "roll"))
                {
                  r->arrival = MU_ARRIVAL_ROLL;
                  r->roll = atoi (w[j + 1]);
                }
              else if (g_str_equal (w[j], "kind"))
                g_assert_true (mu_reserve_kind_from_string (w[j + 1], &r->kind));
              else if (g_str_equal (w[j], "edge"))
                r->edge = g_strdup (w[j + 1]);
            }
          g_ptr_array_add (s->reserves, r);
        }
      else if (g_str_equal (k, "lines"))
        {
          MuSideArea *a = mu_side_area_new (w[1]);
          if (a->hexes == NULL)
            a->hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
          for (guint j = 2; j < n; j++)
            {
              MuHex h = t_hex (w[j]);
              g_array_append_val (a->hexes, h);
            }
          g_ptr_array_add (s->own_lines, a);
        }
      else if (g_str_equal (k, "task"))
        {
          MuTaskObjective *t = mu_task_objective_new (w[1]);
          t->side = g_strdup (w[2]);
          t->value = atoi (w[3]);
          t->condition = g_strjoinv (" ", w + 4);
          g_ptr_array_add (s->tasks, t);
        }
      else
        g_error ("unknown scenario line: %s", lines[i]);
    }
  return s;
}

static GPtrArray *
t_event_lines (MuMatch *m)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const GPtrArray *ev = mu_match_get_events (m);

  for (guint i = 0; i < ev->len; i++)
    g_ptr_array_add (out, mu_match_format_event (m, g_ptr_array_index (ev, i)));
  return out;
}

static gboolean
t_has_word (char *const *words, const char *w)
{
  for (guint i = 0; words[i]; i++)
    if (g_str_equal (words[i], w))
      return TRUE;
  return FALSE;
}

static void
t_check_state (MuMatch *m, const char *expect, const char *name)
{
  g_autofree char *state = mu_match_format_state (m);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_auto(GStrv) want = g_strsplit (expect ? expect : "", "\n", -1);

  for (guint i = 0; want[i]; i++)
    {
      g_auto(GStrv) ww = NULL;
      gboolean found = FALSE;

      g_strstrip (want[i]);
      if (*want[i] == '\0')
        continue;
      ww = g_strsplit (want[i], " ", -1);
      for (guint j = 0; lines[j] && !found; j++)
        {
          g_auto(GStrv) lw = g_strsplit (lines[j], " ", -1);
          gboolean head;
          if (g_str_equal (ww[0], "bound") || g_str_equal (ww[0], "result"))
            head = lw[0] && g_str_equal (lw[0], ww[0]);
          else
            head = lw[0] && lw[1] && g_str_equal (lw[0], ww[0]) && g_str_equal (lw[1], ww[1]);
          if (!head)
            continue;
          found = TRUE;
          for (guint k = g_str_equal (ww[0], "bound") || g_str_equal (ww[0], "result") ? 1 : 2; ww[k]; k++)
            if (!t_has_word (lw, ww[k]))
              t_fail ("%s: state line “%s” lacks “%s”\nstate:\n%s", name, lines[j], ww[k], state);
        }
      if (!found)
        t_fail ("%s: no state line for “%s”\nstate:\n%s", name, want[i], state);
    }
}

static void
t_check_events (MuMatch *m, const char *expect, const char *name)
{
  g_autoptr(GPtrArray) lines = t_event_lines (m);
  g_auto(GStrv) want = g_strsplit (expect ? expect : "", "\n", -1);
  guint at = 0;

  for (guint i = 0; want[i]; i++)
    {
      gboolean found = FALSE;
      g_strstrip (want[i]);
      if (*want[i] == '\0')
        continue;
      if (want[i][0] == '!')
        {
          for (guint j = 0; j < lines->len; j++)
            if (strstr (g_ptr_array_index (lines, j), want[i] + 1))
              {
                t_fail ("%s: unexpected event “%s”", name, (char *) g_ptr_array_index (lines, j));
              }
          continue;
        }
      for (; at < lines->len && !found; at++)
        found = strstr (g_ptr_array_index (lines, at), want[i]) != NULL;
      if (!found)
        {
          GString *all = g_string_new (NULL);
          for (guint j = 0; j < lines->len; j++)
            g_string_append_printf (all, "  %s\n", (char *) g_ptr_array_index (lines, j));
          t_fail ("%s: expected event “%s” (in order) not found; events:\n%s", name, want[i], all->str);
          g_string_free (all, TRUE);
          return;
        }
    }
}

static MuMatch *
t_run (const BaaCase *c)
{
  g_autoptr(MuScenario) s = t_scenario (c->scenario);
  g_autoptr(GArray) dice = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) cmds = g_strsplit (c->commands ? c->commands : "", "\n", -1);
  MuMatch *m;

  if (c->dice)
    {
      dice = mu_dice_parse_list (c->dice, &error);
      g_assert_no_error (error);
    }
  m = mu_match_new (s, 1, dice ? (const int *) dice->data : NULL, dice ? dice->len : 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; cmds[i]; i++)
    {
      char *line = g_strstrip (cmds[i]);
      g_autoptr(GError) local = NULL;

      if (*line == '\0')
        continue;
      if (line[0] == '!')
        {
          g_auto(GStrv) parts = g_strsplit (line + 1, "=>", 2);
          g_autofree char *before = mu_match_format_state (m);
          g_autofree char *after = NULL;
          guint nev = mu_match_get_events (m)->len;
          g_strstrip (parts[0]);
          g_strstrip (parts[1]);
          if (mu_match_apply_line (m, parts[0], NULL, &local))
            {
              t_fail ("%s: “%s” was accepted, expected a refusal with “%s”", c->name, parts[0], parts[1]);
              continue;
            }
          if (strstr (local->message, parts[1]) == NULL)
            t_fail ("%s: “%s” refused with “%s”, expected “%s”", c->name, parts[0], local->message, parts[1]);
          after = mu_match_format_state (m);
          g_assert_cmpstr (before, ==, after);   /* a refusal changes nothing */
          g_assert_cmpuint (nev, ==, mu_match_get_events (m)->len);
          continue;
        }
      if (!mu_match_apply_line (m, line, NULL, &local))
        {
          g_autofree char *state = mu_match_format_state (m);
          t_fail ("%s: “%s” refused: %s\nstate:\n%s", c->name, line, local->message, state);
        }
      {
        g_autoptr(GError) inv = NULL;
        if (!mu_match_check_invariants (m, &inv))
          t_fail ("%s: after “%s”: %s", c->name, line, inv->message);
      }
    }
  return m;
}

static void
t_case (gconstpointer data)
{
  const BaaCase *c = data;
  g_autoptr(MuMatch) m = t_run (c);

  t_check_events (m, c->events, c->name);
  t_check_state (m, c->state, c->name);
}

static inline void
t_add_cases (const BaaCase *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    g_test_add_data_func (cases[i].name, &cases[i], t_case);
}
