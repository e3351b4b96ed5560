#define G_LOG_DOMAIN "test-match"

#include "config.h"

#include "mu-error.h"
#include "mu-match.h"
#include "mu-scenario-xml.h"

#include <gio/gio.h>

#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static MuScenario *
load_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuScenario *s = mu_scenario_load_file (path, problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static char *
event_stream (const MuMatch *m)
{
  const GPtrArray *ev = mu_match_get_events (m);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < ev->len; i++)
    {
      g_autofree char *line = mu_match_format_event (m, g_ptr_array_index (ev, i));
      g_string_append_printf (s, "%s\n", line);
    }
  return g_string_free (s, FALSE);
}

/* Plays a whole match choosing at random among the legal commands (attacks
 * first, end-phase now and then), checking invariants after each command. */
static void
play_out (MuMatch *m, guint64 seed)
{
  g_autoptr(MuDice) rng = mu_dice_new (seed ^ 0xabcdef);

  for (guint n = 0; !mu_match_is_over (m); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      g_autoptr(GPtrArray) attacks = g_ptr_array_new ();
      const MuCommand *end = NULL, *pick;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (n, <, 100000);
      g_assert_cmpuint (legal->len, >, 0);
      for (guint i = 0; i < legal->len; i++)
        {
          const MuCommand *c = g_ptr_array_index (legal, i);
          if (g_str_equal (mu_command_get_verb (c), "end-phase"))
            end = c;
          else if (g_str_equal (mu_command_get_verb (c), "fire") || g_str_equal (mu_command_get_verb (c), "melee") ||
                   g_str_equal (mu_command_get_verb (c), "fire-commander") ||
                   g_str_equal (mu_command_get_verb (c), "breach"))
            g_ptr_array_add (attacks, (gpointer) c);
        }
      if (attacks->len)
        pick = g_ptr_array_index (attacks, mu_dice_uniform (rng, attacks->len));
      else if (end && (legal->len == 1 || mu_dice_uniform (rng, 8) == 0))
        pick = end;
      else
        do
          pick = g_ptr_array_index (legal, mu_dice_uniform (rng, legal->len));
        while (pick == end && legal->len > 1);
      if (!mu_match_apply (m, pick, NULL, &error))
        {
          g_autofree char *line = mu_command_to_string (pick);
          g_error ("seed %" G_GUINT64_FORMAT ": legal command “%s” refused: %s", seed, line, error->message);
        }
      if (!mu_match_check_invariants (m, &error))
        g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
    }
}

/* Saving and reloading a match gives the identical state and event stream. */
static void
test_replay (void)
{
  g_autoptr(MuScenario) s = load_scenario ("first-manassas.muster");
  guint games = SANITIZED ? 10 : 200;

  if (g_test_thorough ())
    games = 200;
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new (s, 1000 + g, NULL, 0, &error);
      g_autoptr(MuMatch) again = NULL;
      g_autofree char *data = NULL, *state1 = NULL, *state2 = NULL, *ev1 = NULL, *ev2 = NULL;
      gsize len = 0;

      g_assert_no_error (error);
      play_out (m, 1000 + g);
      data = mu_match_save_to_data (m, &len);
      again = mu_match_load_data (data, len, "replay", &error);
      g_assert_no_error (error);
      state1 = mu_match_format_state (m);
      state2 = mu_match_format_state (again);
      g_assert_cmpstr (state1, ==, state2);
      ev1 = event_stream (m);
      ev2 = event_stream (again);
      g_assert_cmpstr (ev1, ==, ev2);
      g_assert_cmpuint (mu_match_get_commands (m)->len, ==, mu_match_get_commands (again)->len);
    }
}

/* Forced dice are part of the saved match; undo replays all but the last. */
static void
test_save_forced_and_undo (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  const int forced[] = { 1, 2, 3, 4, 5, 6, 6, 5 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (s, 42, forced, G_N_ELEMENTS (forced), &error);
  g_autoptr(MuMatch) again = NULL;
  g_autoptr(GPtrArray) legal = NULL;
  g_autofree char *data = NULL, *before = NULL, *after = NULL;
  gsize len;

  g_assert_no_error (error);
  before = mu_match_format_state (m);
  legal = mu_match_legal_commands (m);
  g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, 0), NULL, &error));
  data = mu_match_save_to_data (m, &len);
  g_assert_nonnull (strstr (data, "<dice>1 2 3 4 5 6 6 5</dice>"));
  g_assert_nonnull (strstr (data, "seed=\"42\""));
  again = mu_match_load_data (data, len, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (mu_match_get_forced (again), int, 5), ==, 6);
  g_assert_true (mu_match_undo (m, &error));
  after = mu_match_format_state (m);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (mu_match_undo (m, &error));
  g_clear_error (&error);
}

static void
test_bad_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) a = mu_match_load_data ("<match", 6, "bad.xml", &error);
  g_autoptr(MuMatch) b = NULL;
  const char *no_seed = "<match xmlns=\"" MU_MATCH_NAMESPACE "\"/>";
  const char *refused =
    "<match xmlns=\"" MU_MATCH_NAMESPACE "\" seed=\"1\"><scenario-data>"
    "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"baa-hex\">"
    "<title>x</title><timeline bounds=\"1\" start=\"09:00\"/>"
    "<hex-map cols=\"4\" rows=\"4\" orientation=\"flat\" offset=\"even\"/>"
    "<side id=\"csa\" name=\"C\" colour=\"#999999\"/><side id=\"usa\" name=\"U\" colour=\"#8899ee\"/>"
    "</scenario></scenario-data><commands>\n<command>move nobody 0101</command></commands></match>";

  g_assert_null (a);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "bad.xml:"));
  g_clear_error (&error);
  b = mu_match_load_data (no_seed, strlen (no_seed), "s.xml", &error);
  g_assert_null (b);
  g_assert_nonnull (strstr (error->message, "seed"));
  g_clear_error (&error);
  b = mu_match_load_data (refused, strlen (refused), "r.xml", &error);
  g_assert_null (b);
  g_assert_nonnull (error);
}

/* A front end's view is kept in the saved match and given back on load
 * (and again by a load and save that never looks at it); a file without
 * one loads without one; an unreadable one is left out with a warning and
 * the match loads, its commands replayed. */
static void
test_saved_view (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (s, 7, NULL, 0, &error);
  g_autoptr(MuMatch) plain = NULL, again = NULL, twice = NULL;
  g_autoptr(GPtrArray) legal = NULL;
  MuMatchView view = { .zoom = 1.25, .x = 12.5, .y = -3.25, .selected = (char *) "u1" };
  const MuMatchView *got;
  g_autofree char *without = NULL, *with = NULL, *with_again = NULL;
  gsize len = 0, len2 = 0;

  g_assert_no_error (error);
  legal = mu_match_legal_commands (m);
  g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, 0), NULL, &error));
  g_assert_null (mu_match_get_view (m));
  without = mu_match_save_to_data (m, &len);
  g_assert_null (strstr (without, "<view"));
  plain = mu_match_load_data (without, len, "plain.muster-game", &error);
  g_assert_no_error (error);
  g_assert_null (mu_match_get_view (plain));

  mu_match_set_view (m, &view);
  with = mu_match_save_to_data (m, &len);
  g_assert_nonnull (strstr (with, "<view zoom=\"1.250\" x=\"12.500\" y=\"-3.250\" selected=\"u1\"/>"));
  again = mu_match_load_data (with, len, "view.muster-game", &error);
  g_assert_no_error (error);
  got = mu_match_get_view (again);
  g_assert_nonnull (got);
  g_assert_cmpfloat_with_epsilon (got->zoom, 1.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (got->x, 12.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (got->y, -3.25, 1e-9);
  g_assert_cmpstr (got->selected, ==, "u1");
  g_assert_cmpuint (mu_match_get_commands (again)->len, ==, 1);
  with_again = mu_match_save_to_data (again, &len2);
  g_assert_cmpstr (with, ==, with_again);

  /* no selection: no attribute; NULL: no view */
  view.selected = NULL;
  mu_match_set_view (again, &view);
  g_free (with_again);
  with_again = mu_match_save_to_data (again, &len2);
  g_assert_null (strstr (with_again, "selected="));
  mu_match_set_view (again, NULL);
  g_assert_null (mu_match_get_view (again));

  {
    static const char *const bad[] = {
      "<view zoom=\"0\" x=\"1\" y=\"1\"/>",
      "<view zoom=\"nan\" x=\"1\" y=\"1\"/>",
      "<view zoom=\"1\" x=\"1e999\" y=\"1\"/>",
      "<view zoom=\"1\" y=\"1\"/>",
      "<view zoom=\"1\" x=\"1\" y=\"2cm\"/>",
      "<view zoom=\"1\" x=\"1\" y=\"1\" selected=\"no such id!\"/>",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GString) text = g_string_new (with);
        g_autoptr(GPtrArray) warnings = mu_problem_list_new ();
        const char *at = strstr (text->str, "<view ");
        const char *end = strstr (at, "/>") + 2;
        gsize from = (gsize) (at - text->str);

        g_string_erase (text, (gssize) from, end - at);
        g_string_insert (text, (gssize) from, bad[i]);
        g_clear_pointer (&twice, mu_match_free);
        twice = mu_match_load_data_full (text->str, text->len, "bad-view.muster-game", warnings, &error);
        g_assert_no_error (error);
        g_assert_nonnull (twice);
        g_assert_null (mu_match_get_view (twice));
        g_assert_cmpuint (mu_match_get_commands (twice)->len, ==, 1);
        g_assert_cmpuint (warnings->len, ==, 1);
        {
          g_autofree char *line = mu_problem_to_string (g_ptr_array_index (warnings, 0));

          g_test_message ("%s: %s", bad[i], line);
          g_assert_true (g_str_has_prefix (line, "bad-view.muster-game:"));
          g_assert_nonnull (strstr (line, "<view>"));
        }
      }
  }
}

/* muster-cli simulate prints a line per match and the summary; --quiet
 * (-q) keeps the summary and drops the per-match lines. */
static void
test_simulate_quiet (void)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *scenario = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                                "first-manassas.muster", NULL);

  if (cli == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  for (int quiet = 0; quiet < 2; quiet++)
    {
      const char *argv[] = { cli, "simulate", scenario, "--games", "2", "--seed", "7",
                             quiet ? "-q" : NULL, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GError) error = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, "games 2\n"));
      g_assert_nonnull (strstr (out, "invariants held (checked after every event)\n"));
      g_assert_nonnull (strstr (out, "matches per second"));
      if (quiet)
        g_assert_null (strstr (out, "match 0 seed 7: result "));
      else
        {
          g_assert_nonnull (strstr (out, "match 0 seed 7: result "));
          g_assert_nonnull (strstr (out, "match 1 seed 8: result "));
        }
    }
}

/* muster-cli play --as SIDE: a side's own hidden order reads without
 * " only=SIDE" (README, "--as"), the other side does not see it, and
 * without --as it is marked whose it is. */
static void
test_cli_as_side (void)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *scenario = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules",
                                                "regimental", "artillery.muster", NULL);
  const char *as[] = { "usa", "csa", NULL };

  if (cli == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (as); i++)
    {
      g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                           G_SUBPROCESS_FLAGS_STDOUT_PIPE);
      g_autoptr(GSubprocess) p = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;

      if (as[i])
        p = g_subprocess_launcher_spawn (launcher, &error, cli, "play", scenario, "--dice", "6,1", "--commands",
                                         "-", "--events", "--as", as[i], NULL);
      else
        p = g_subprocess_launcher_spawn (launcher, &error, cli, "play", scenario, "--dice", "6,1", "--commands",
                                         "-", "--events", NULL);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_communicate_utf8 (p, "order f FR\n", NULL, &out, NULL, &error));
      g_assert_no_error (error);
      if (g_strcmp0 (as[i], "csa") == 0)
        g_assert_null (strstr (out, "\norder f "));
      else
        g_assert_nonnull (strstr (out, "\norder f "));
      if (as[i])
        g_assert_null (strstr (out, " only="));
      else
        g_assert_nonnull (strstr (out, " only=usa"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/match/replay-first-manassas", test_replay);
  g_test_add_func ("/engine/match/forced-dice-and-undo", test_save_forced_and_undo);
  g_test_add_func ("/engine/match/bad-files", test_bad_files);
  g_test_add_func ("/engine/match/saved-view", test_saved_view);
  g_test_add_func ("/engine/match/simulate-quiet", test_simulate_quiet);
  g_test_add_func ("/engine/match/cli-as-side", test_cli_as_side);
  return g_test_run ();
}
