/* test-rule-scripts.c: data-driven rule probes, for every ruleset
 *
 * Runs every tests/fixtures/rules/ID/NAME.script, where ID is the folder of
 * a ruleset the registry knows (mu_ruleset_find), or test-table, the tests'
 * own ruleset (test-table-rules.c). The folders are found, not listed: a
 * new ruleset's scripts run once its folder exists, and a folder or a
 * script of no known ruleset fails the run. A script plays the ruleset of
 * its folder. It names its rule ids, a scenario file (a .muster file
 * beside it), forced dice, and then a list of
 * steps checked in order:
 *
 *   rules BAA-MOV-4 BAA-AMB-8     the rule ids probed (required; names the test)
 *   scenario FILE.muster          relative to the script's directory (required)
 *   dice 4,2,6                    forced dice (optional, before the first step)
 *   seed N                        (optional, before the first step)
 *   > COMMAND                     must be accepted
 *   ! COMMAND => TEXT             must be refused with a message containing
 *                                 TEXT; the state and the event log must not
 *                                 change
 *   ~ PATTERN                     an event line containing PATTERN, after the
 *                                 last one matched (in order)
 *   ~! PATTERN                    no event line after the last one matched
 *                                 contains PATTERN
 *   = KIND ID WORD...             the --state line starting "KIND ID" has
 *                                 every WORD as a word; "= bound WORD..." and
 *                                 "= result WORD..." match the position and
 *                                 result lines; a WORD "KEY~V" wants V in the
 *                                 comma list of KEY=, "KEY~!V" wants it absent;
 *                                 "= no result" and
 *                                 "= no decision" require their absence
 *   advance B [SIDE [PHASE]]      "end-phase" until bound B (and round SIDE,
 *                                 "-" between rounds, phase PHASE) is reached
 *   undo                          undo the last command (must succeed)
 *   undo-fails                    undo must be refused
 *   ruleset ID                    play with a ruleset of the tests' own
 *                                 (test-table), before the first step
 *   ? COMMAND => legal            a dry run (mu_match_check) must accept it;
 *   ? COMMAND => TEXT             or refuse it with a message containing
 *                                 TEXT; state, events and dice unchanged;
 *                                 a last word "cost=C/A" wants the cost C
 *                                 against the allowance A (-1: none), on a
 *                                 table in its units to 0.01 (cost=7.90/8.00)
 *   resource ID OWNER N           the resource ID of OWNER (a side or a
 *                                 counter) is N now
 *   sight ID POS => WORD...       mu_match_line_of_sight from counter ID to
 *                                 POS: "clear" or "blocked", then optionally
 *                                 the block's word (terrain, unit, elevation,
 *                                 crest), "rule=RULE", "at=POS" (the blocking
 *                                 hex; a point within 1 table unit), "unit=ID";
 *                                 "sight ID POS => error TEXT" wants a refusal
 *   as SIDE                       from here on `~` and `=` see what SIDE may
 *                                 see (hidden orders and dice left out);
 *                                 "as -" sees everything again
 *
 * In "=" lines a WORD "KEY=@X,Y/F+-T" wants the table position KEY within
 * T table units of X,Y and its facing within T degrees of F ("/F" may be
 * left out).
 *
 * '#' starts a comment line. Expectations are derived from the rules digest
 * of the folder's ruleset (shared/rules/ID.md), not from the engine's
 * output.
 */
#define G_LOG_DOMAIN "test-rule-scripts"

#include "config.h"

#include <glib.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "mu-match.h"
#include "mu-problem.h"
#include "mu-scenario-xml.h"

#include "test-table-rules.h"

#include <math.h>

typedef struct {
  char *path;
  char *name;       /* ID/NAME.script */
  char *ruleset;    /* ID, the folder */
} Script;

#define s_fail(...) \
  G_STMT_START { \
    g_autofree char *s_msg_ = g_strdup_printf (__VA_ARGS__); \
    g_printerr ("FAIL %s\n", s_msg_); \
    g_test_fail (); \
  } G_STMT_END

static gboolean
has_word (char *const *words, const char *w)
{
  for (guint i = 0; words[i]; i++)
    if (g_str_equal (words[i], w))
      return TRUE;
  return FALSE;
}

/* "KEY~VAL": the line has KEY=LIST with VAL in the comma-separated LIST;
 * "KEY~!VAL": it has KEY=LIST without VAL. */
static gboolean
has_listed (char *const *words, const char *w)
{
  g_auto(GStrv) kv = g_strsplit (w, "~", 2);
  gboolean negate = kv[1][0] == '!';
  const char *val = kv[1] + (negate ? 1 : 0);

  for (guint i = 0; words[i]; i++)
    {
      g_auto(GStrv) lv = g_strsplit (words[i], "=", 2);
      if (lv[1] && g_str_equal (lv[0], kv[0]))
        {
          g_auto(GStrv) items = g_strsplit (lv[1], ",", -1);
          return has_word (items, val) != negate;
        }
    }
  return FALSE;
}

/* "KEY=@X,Y/F+-T": KEY's table position within T of X,Y (and F). */
static gboolean
has_near (char *const *words, const char *w)
{
  g_auto(GStrv) kt = g_strsplit (w, "+-", 2);
  g_auto(GStrv) kv = g_strsplit (kt[0], "=", 2);
  double tol = g_ascii_strtod (kt[1], NULL);
  MuPos want, got;

  if (kv[1] == NULL || !mu_pos_parse (kv[1], &want) || !want.is_point)
    g_error ("bad position check “%s”", w);
  for (guint i = 0; words[i]; i++)
    {
      g_auto(GStrv) lv = g_strsplit (words[i], "=", 2);
      double df;

      if (lv[1] == NULL || !g_str_equal (lv[0], kv[0]))
        continue;
      if (!mu_pos_parse (lv[1], &got) || !got.is_point)
        return FALSE;
      df = fabs (fmod (got.facing - want.facing + 540.0, 360.0) - 180.0);
      return hypot (got.point.x - want.point.x, got.point.y - want.point.y) <= tol &&
             (!want.has_facing || (got.has_facing && df <= tol));
    }
  return FALSE;
}

static const char *as_side;   /* `as SIDE`: what that side may see, NULL: all */

static gboolean
seen_by (const MuEvent *e)
{
  return as_side == NULL || mu_event_visible (e, as_side);
}

/* "ID POS => clear|blocked [KIND] [rule=R] [at=POS] [unit=ID]" or "=> error TEXT". */
static void
check_sight (MuMatch    *m,
             const char *spec,
             const char *where)
{
  g_auto(GStrv) parts = g_strsplit (spec, "=>", 2);
  g_auto(GStrv) query = NULL;
  g_auto(GStrv) want = NULL;
  g_autoptr(GError) local = NULL;
  MuSight sight;
  MuPos to;

  g_assert_nonnull (parts[1]);
  query = g_strsplit (g_strstrip (parts[0]), " ", 2);
  want = g_strsplit (g_strstrip (parts[1]), " ", -1);
  g_assert_true (query[0] != NULL && query[1] != NULL && mu_pos_parse (query[1], &to));
  if (!mu_match_line_of_sight (m, query[0], &to, &sight, &local))
    {
      if (!g_str_equal (want[0], "error") || (want[1] && strstr (local->message, want[1]) == NULL))
        s_fail ("%s: sight %s: refused: %s", where, spec, local->message);
      return;
    }
  if (g_str_equal (want[0], "error"))
    s_fail ("%s: sight %s: answered, expected a refusal", where, spec);
  else if (sight.clear != g_str_equal (want[0], "clear"))
    s_fail ("%s: sight %s: %s (%s, %s)", where, spec, sight.clear ? "clear" : "blocked",
            sight.reason ? sight.reason : "", sight.rule);
  for (guint i = 1; want[i] != NULL; i++)
    {
      const char *w = want[i];

      if (g_str_has_prefix (w, "rule="))
        {
          if (g_strcmp0 (sight.rule, w + 5) != 0)
            s_fail ("%s: sight %s: rule %s", where, spec, sight.rule);
        }
      else if (g_str_has_prefix (w, "unit="))
        {
          if (g_strcmp0 (sight.unit, w + 5) != 0)
            s_fail ("%s: sight %s: blocking unit %s", where, spec, sight.unit ? sight.unit : "none");
        }
      else if (g_str_has_prefix (w, "at="))
        {
          MuPos at;
          char got[64] = "none";

          g_assert_true (mu_pos_parse (w + 3, &at));
          if (sight.has_blocker)
            mu_pos_format (&sight.blocker, got, sizeof got);
          if (!sight.has_blocker || sight.blocker.is_point != at.is_point ||
              (at.is_point ? hypot (at.point.x - sight.blocker.point.x, at.point.y - sight.blocker.point.y) > 1
                           : !mu_hex_equal (at.hex, sight.blocker.hex)))
            s_fail ("%s: sight %s: blocked at %s", where, spec, got);
        }
      else if (g_strcmp0 (mu_sight_block_to_string (sight.block), w) != 0)
        s_fail ("%s: sight %s: blocked by %s", where, spec, mu_sight_block_to_string (sight.block));
    }
  mu_sight_clear (&sight);
}

static void
check_state (MuMatch *m, const char *want, const char *where)
{
  g_autofree char *state = mu_match_format_state_for (m, as_side);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_auto(GStrv) ww = g_strsplit (want, " ", -1);
  gboolean whole = g_str_equal (ww[0], "bound") || g_str_equal (ww[0], "result")
                   || g_str_equal (ww[0], "decision");
  gboolean found = FALSE;

  if (g_str_equal (ww[0], "no") && ww[1])
    {
      for (guint j = 0; lines[j]; j++)
        if (g_str_has_prefix (lines[j], ww[1])
            && (lines[j][strlen (ww[1])] == ' ' || lines[j][strlen (ww[1])] == '\0'))
          s_fail ("%s: unexpected state line “%s”\nstate:\n%s", where, lines[j], state);
      return;
    }
  for (guint j = 0; lines[j] && !found; j++)
    {
      g_auto(GStrv) lw = g_strsplit (lines[j], " ", -1);
      gboolean head = whole ? (lw[0] && g_str_equal (lw[0], ww[0]))
                            : (lw[0] && lw[1] && ww[1] && g_str_equal (lw[0], ww[0])
                               && g_str_equal (lw[1], ww[1]));
      if (!head)
        continue;
      found = TRUE;
      for (guint k = whole ? 1 : 2; ww[k]; k++)
        if (*ww[k] && !(strstr (ww[k], "+-") ? has_near (lw, ww[k])
                        : strchr (ww[k], '~') ? has_listed (lw, ww[k]) : has_word (lw, ww[k])))
          s_fail ("%s: state line “%s” lacks “%s”\nstate:\n%s", where, lines[j], ww[k], state);
    }
  if (!found)
    s_fail ("%s: no state line for “%s”\nstate:\n%s", where, want, state);
}

static char *
events_text (MuMatch *m, guint from)
{
  const GPtrArray *ev = mu_match_get_events (m);
  GString *all = g_string_new (NULL);

  for (guint j = from; j < ev->len; j++)
    {
      g_autofree char *line = NULL;

      if (!seen_by (g_ptr_array_index (ev, j)))
        continue;
      line = mu_match_format_event (m, g_ptr_array_index (ev, j));
      g_string_append_printf (all, "  %s\n", line);
    }
  return g_string_free (all, FALSE);
}

/* Every event of the match is of a kind its ruleset declares (or the
 * engine's own) and fills only the fields that kind declares. */
static void
check_event_kinds (const char *name,
                   MuMatch    *m)
{
  const GPtrArray *ev = mu_match_get_events (m);
  const MuRuleset *rs = mu_match_get_ruleset (m);

  for (guint j = 0; j < ev->len; j++)
    {
      const MuEvent *e = g_ptr_array_index (ev, j);
      const char *field = NULL;

      if (mu_ruleset_find_event_kind (rs, mu_event_get_kind_word (e)) != e->info)
        s_fail ("%s: event kind “%s” is not declared by %s", name, mu_event_get_kind_word (e), rs->id);
      else if (!mu_event_check_fields (e, &field))
        s_fail ("%s: a “%s” event fills %s, which its kind does not declare", name,
                mu_event_get_kind_word (e), field);
    }
}

/* MUSTER_DATADIR of the scripts: tests/data (the rules data of the tests,
 * QRS-AMB-35), or the shipped data/ for a script with a "data shipped"
 * line (the asking path of tables the shipped file lacks) */
static char *tests_datadir;
static char *shipped_datadir;

static void
run_script (gconstpointer data)
{
  const Script *sc = data;
  g_autofree char *text = NULL;
  g_autofree char *dir = g_path_get_dirname (sc->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(GArray) dice = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 seed = 1;
  guint at = 0;          /* event cursor */
  const MuRuleset *ruleset = NULL;

  as_side = NULL;
  g_setenv ("MUSTER_DATADIR", tests_datadir, TRUE);

  g_assert_true (g_file_get_contents (sc->path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]);
      g_autofree char *where = g_strdup_printf ("%s:%u", sc->name, i + 1);

      if (*line == '\0' || *line == '#' || g_str_has_prefix (line, "rules "))
        continue;
      if (g_str_has_prefix (line, "scenario "))
        {
          g_autofree char *p = g_build_filename (dir, g_strstrip (line + 9), NULL);
          g_autoptr(GPtrArray) problems = mu_problem_list_new ();
          scenario = mu_scenario_load_file (p, problems, &error);
          g_assert_no_error (error);
          g_assert_nonnull (scenario);
          continue;
        }
      if (g_str_has_prefix (line, "dice "))
        {
          dice = mu_dice_parse_list (g_strstrip (line + 5), &error);
          g_assert_no_error (error);
          continue;
        }
      if (g_str_has_prefix (line, "data "))
        {
          const char *which = g_strstrip (line + 5);

          /* the rules data is read when the match starts */
          if (m != NULL || !g_str_equal (which, "shipped"))
            {
              s_fail ("%s: “data shipped” goes before the first command", where);
              return;
            }
          g_setenv ("MUSTER_DATADIR", shipped_datadir, TRUE);
          continue;
        }
      if (g_str_has_prefix (line, "seed "))
        {
          seed = g_ascii_strtoull (line + 5, NULL, 10);
          continue;
        }
      if (g_str_has_prefix (line, "ruleset "))
        {
          g_assert_cmpstr (g_strstrip (line + 8), ==, test_table_ruleset.id);
          ruleset = &test_table_ruleset;
          continue;
        }
      if (m == NULL)
        {
          g_assert_nonnull (scenario);
          m = ruleset ? mu_match_new_with_ruleset (ruleset, scenario, seed,
                                                   dice ? (const int *) dice->data : NULL,
                                                   dice ? dice->len : 0, &error)
                      : mu_match_new (scenario, seed, dice ? (const int *) dice->data : NULL,
                                      dice ? dice->len : 0, &error);
          g_assert_no_error (error);
          if (!g_str_equal (mu_match_get_ruleset (m)->id, sc->ruleset))
            {
              s_fail ("%s: plays %s, but is in the folder of %s", where,
                      mu_match_get_ruleset (m)->id, sc->ruleset);
              return;
            }
        }
      if (g_str_has_prefix (line, "as "))
        {
          const char *side = g_strstrip (line + 3);
          as_side = g_str_equal (side, "-") ? NULL
                  : mu_scenario_find_side (mu_match_get_scenario (m), side)->id;
          continue;
        }
      if (g_str_has_prefix (line, "resource "))
        {
          g_auto(GStrv) w = g_strsplit (g_strstrip (line + 9), " ", -1);
          int value = -1;

          g_assert_cmpuint (g_strv_length (w), ==, 3);
          if (!mu_match_get_resource (m, w[0], w[1], &value) || value != atoi (w[2]))
            s_fail ("%s: resource %s of %s is %d, expected %s", where, w[0], w[1], value, w[2]);
          continue;
        }
      if (line[0] == '?')
        {
          g_auto(GStrv) parts = g_strsplit (line + 1, "=>", 2);
          g_autoptr(GError) local = NULL;
          g_autoptr(MuCommand) c = NULL;
          g_autofree char *before = mu_match_format_state (m);
          g_autofree char *after = NULL;
          guint nev = mu_match_get_events (m)->len;
          guint rolled = mu_dice_count (mu_match_get_dice (m));
          MuCheck check;

          double want_cost = -2, want_allowance = -2;
          char *cost_word;

          g_assert_nonnull (parts[1]);
          g_strstrip (parts[0]);
          g_strstrip (parts[1]);
          cost_word = strrchr (parts[1], ' ');
          cost_word = cost_word ? cost_word + 1 : parts[1];
          if (g_str_has_prefix (cost_word, "cost="))
            {
              g_assert_true (sscanf (cost_word, "cost=%lf/%lf", &want_cost, &want_allowance) == 2);
              *cost_word = '\0';
              g_strstrip (parts[1]);
            }
          c = mu_match_parse (m, parts[0], &local);
          if (c == NULL)
            {
              if (g_str_equal (parts[1], "legal") || strstr (local->message, parts[1]) == NULL)
                s_fail ("%s: “%s” does not parse: %s", where, parts[0], local->message);
              continue;
            }
          mu_match_check (m, c, &check);
          if (g_str_equal (parts[1], "legal") ? !check.legal
              : check.legal || strstr (check.reason, parts[1]) == NULL)
            s_fail ("%s: dry run of “%s”: %s, expected %s", where, parts[0],
                    check.legal ? "legal" : check.reason, parts[1]);
          /* costs to 0.01 on a table (TAB-3), whole points on hexes */
          if (want_cost != -2 && (fabs (check.cost - want_cost) > 0.001 ||
                                  fabs (check.allowance - want_allowance) > 0.001))
            s_fail ("%s: dry run of “%s”: cost %.2f against %.2f, expected %.2f against %.2f", where,
                    parts[0], check.cost, check.allowance, want_cost, want_allowance);
          mu_check_clear (&check);
          after = mu_match_format_state (m);
          if (g_strcmp0 (before, after) != 0 || nev != mu_match_get_events (m)->len ||
              rolled != mu_dice_count (mu_match_get_dice (m)))
            s_fail ("%s: the dry run of “%s” changed the match", where, parts[0]);
          continue;
        }
      if (g_str_has_prefix (line, "sight "))
        {
          check_sight (m, line + 6, where);
          continue;
        }
      if (line[0] == '>')
        {
          g_autoptr(GError) local = NULL;
          g_autoptr(GError) inv = NULL;
          const char *cmd = g_strstrip (line + 1);
          if (!mu_match_apply_line (m, cmd, NULL, &local))
            {
              g_autofree char *state = mu_match_format_state (m);
              g_autofree char *ev = events_text (m, at);
              s_fail ("%s: “%s” refused: %s\nstate:\n%sevents since last match:\n%s",
                      where, cmd, local->message, state, ev);
              return;
            }
          if (!mu_match_check_invariants (m, &inv))
            s_fail ("%s: after “%s”: %s", where, cmd, inv->message);
        }
      else if (line[0] == '!')
        {
          g_auto(GStrv) parts = g_strsplit (line + 1, "=>", 2);
          g_autoptr(GError) local = NULL;
          g_autofree char *before = mu_match_format_state (m);
          g_autofree char *after = NULL;
          guint nev = mu_match_get_events (m)->len;

          double want_cost = -2, want_allowance = -2;
          char *cost_word;

          g_assert_nonnull (parts[1]);
          g_strstrip (parts[0]);
          g_strstrip (parts[1]);
          cost_word = strrchr (parts[1], ' ');
          cost_word = cost_word ? cost_word + 1 : parts[1];
          if (g_str_has_prefix (cost_word, "cost="))
            {
              g_assert_true (sscanf (cost_word, "cost=%lf/%lf", &want_cost, &want_allowance) == 2);
              *cost_word = '\0';
              g_strstrip (parts[1]);
            }
          if (mu_match_apply_line (m, parts[0], NULL, &local))
            {
              s_fail ("%s: “%s” was accepted, expected a refusal with “%s”",
                      where, parts[0], parts[1]);
              return;
            }
          if (strstr (local->message, parts[1]) == NULL)
            s_fail ("%s: “%s” refused with “%s”, expected “%s”",
                    where, parts[0], local->message, parts[1]);
          after = mu_match_format_state (m);
          if (g_strcmp0 (before, after) != 0)
            s_fail ("%s: refused “%s” changed the state", where, parts[0]);
          if (nev != mu_match_get_events (m)->len)
            s_fail ("%s: refused “%s” added events", where, parts[0]);
        }
      else if (g_str_has_prefix (line, "~!"))
        {
          const GPtrArray *ev = mu_match_get_events (m);
          const char *pat = g_strstrip (line + 2);
          for (guint j = at; j < ev->len; j++)
            {
              g_autofree char *e = NULL;

              if (!seen_by (g_ptr_array_index (ev, j)))
                continue;
              e = mu_match_format_event (m, g_ptr_array_index (ev, j));
              if (strstr (e, pat))
                s_fail ("%s: unexpected event “%s”", where, e);
            }
        }
      else if (line[0] == '~')
        {
          const GPtrArray *ev = mu_match_get_events (m);
          const char *pat = g_strstrip (line + 1);
          gboolean found = FALSE;
          guint j;
          for (j = at; j < ev->len && !found; j++)
            {
              g_autofree char *e = NULL;

              if (!seen_by (g_ptr_array_index (ev, j)))
                continue;
              e = mu_match_format_event (m, g_ptr_array_index (ev, j));
              found = strstr (e, pat) != NULL;
            }
          if (!found)
            {
              g_autofree char *all = events_text (m, at);
              s_fail ("%s: expected event “%s” not found; events since last match:\n%s",
                      where, pat, all);
            }
          else
            at = j;
        }
      else if (line[0] == '=')
        check_state (m, g_strstrip (line + 1), where);
      else if (g_str_has_prefix (line, "advance "))
        {
          g_auto(GStrv) w = g_strsplit (g_strstrip (line + 8), " ", -1);
          int bound = atoi (w[0]);
          const char *side = w[1];
          int phase = side && w[2] ? atoi (w[2]) : -1;
          guint guard;

          for (guard = 0; guard < 500; guard++)
            {
              MuPosition p;
              g_autoptr(GError) local = NULL;

              mu_match_get_position (m, &p);
              if (p.finished || p.bound > bound
                  || (p.bound == bound
                      && (side == NULL || g_strcmp0 (p.side, g_str_equal (side, "-") ? NULL : side) == 0)
                      && (phase < 0 || p.phase == phase)))
                break;
              if (!mu_match_apply_line (m, "end-phase", NULL, &local))
                {
                  s_fail ("%s: end-phase refused: %s", where, local->message);
                  return;
                }
            }
          g_assert_cmpuint (guard, <, 500);
        }
      else if (g_str_equal (line, "undo"))
        {
          g_autoptr(GError) local = NULL;
          if (!mu_match_undo (m, &local))
            s_fail ("%s: undo failed: %s", where, local ? local->message : "?");
          at = MIN (at, mu_match_get_events (m)->len);
        }
      else if (g_str_equal (line, "undo-fails"))
        {
          g_autoptr(GError) local = NULL;
          if (mu_match_undo (m, &local))
            s_fail ("%s: undo succeeded", where);
        }
      else
        g_error ("%s: unknown script line “%s”", where, line);
    }
  if (m)
    check_event_kinds (sc->name, m);
}

static void
free_script (gpointer p)
{
  Script *s = p;
  g_free (s->path);
  g_free (s->name);
  g_free (s->ruleset);
  g_free (s);
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The scripts of fixtures/rules/ID/ for each folder ID, as "ID/NAME.script". */
static void
find_scripts (const char *dir,
              GPtrArray  *names)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *n;

  g_assert_nonnull (d);
  while ((n = g_dir_read_name (d)))
    {
      g_autofree char *sub = g_build_filename (dir, n, NULL);
      g_autoptr(GDir) sd = NULL;
      const char *f;

      if (!g_file_test (sub, G_FILE_TEST_IS_DIR))
        {
          /* a script here would belong to no ruleset and run nowhere */
          if (g_str_has_suffix (n, ".script") || g_str_has_suffix (n, ".muster"))
            g_error ("%s: rule scripts live in their ruleset's folder, %s/ID/", sub, dir);
          continue;
        }
      if (!g_str_equal (n, test_table_ruleset.id) && mu_ruleset_find (n) == NULL)
        g_error ("%s: no ruleset has the id “%s”", sub, n);
      sd = g_dir_open (sub, 0, NULL);
      g_assert_nonnull (sd);
      while ((f = g_dir_read_name (sd)))
        if (g_str_has_suffix (f, ".script"))
          g_ptr_array_add (names, g_build_filename (n, f, NULL));
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) scripts = g_ptr_array_new_with_free_func (free_script);

  g_test_init (&argc, &argv, NULL);
  /* G_TEST_SRCDIR is the tests/ directory (tests/meson.build) */
  dir = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", NULL);
  /* the rules data of the tests (QRS-AMB-35): tests/data/rules/ first,
   * the shipped files for every ruleset it has no file of */
  tests_datadir = g_test_build_filename (G_TEST_DIST, "data", NULL);
  shipped_datadir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  find_scripts (dir, names);
  g_ptr_array_sort (names, cmp_str);
  g_assert_cmpuint (names->len, >, 0);

  for (guint i = 0; i < names->len; i++)
    {
      Script *s = g_new0 (Script, 1);
      g_autofree char *text = NULL;
      g_autofree char *rules = NULL;
      g_autofree char *base = NULL;
      g_auto(GStrv) lines = NULL;
      g_autofree char *testpath = NULL;

      s->path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      s->name = g_strdup (g_ptr_array_index (names, i));
      s->ruleset = g_path_get_dirname (s->name);
      g_assert_true (g_file_get_contents (s->path, &text, NULL, NULL));
      lines = g_strsplit (text, "\n", -1);
      for (guint j = 0; lines[j] && rules == NULL; j++)
        if (g_str_has_prefix (lines[j], "rules "))
          {
            g_auto(GStrv) ids = g_strsplit_set (g_strstrip (lines[j] + 6), " \t", -1);
            rules = g_strjoinv ("/", ids);
          }
      if (rules == NULL)
        g_error ("%s: no “rules” line", s->name);
      base = g_strndup (s->name, strlen (s->name) - strlen (".script"));
      testpath = g_strdup_printf ("/engine/rules/scripts/%s/%s", base, rules);
      g_test_add_data_func (testpath, s, run_script);
      g_ptr_array_add (scripts, s);
    }
  return g_test_run ();
}
