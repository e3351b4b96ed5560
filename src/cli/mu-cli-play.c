#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "mu-file.h"
#include "mu-match.h"
#include "mu-scenario-xml.h"

/* Refusals printed one by one before the rest are only counted. */
#define MAX_REFUSALS_SHOWN 100

int mu_cli_play (int argc, char **argv);

/* Opens FILE as a saved match, or as a scenario starting a new match. */
MuMatch *mu_cli_open_match (const char *file, gint64 seed, const char *dice, gboolean *was_game);

MuMatch *
mu_cli_open_match (const char *file,
                   gint64      seed,
                   const char *dice,
                   gboolean   *was_game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GArray) forced = NULL;
  MuMatch *m;

  *was_game = mu_match_file_is_match (file);
  if (*was_game && dice)
    {
      mu_cli_error ("%s", _("--dice cannot change a saved match; its dice are part of it"));
      return NULL;
    }
  if (dice)
    {
      forced = mu_dice_parse_list (dice, &error);
      if (forced == NULL)
        {
          mu_cli_error ("%s", error->message);
          return NULL;
        }
    }
  m = mu_match_open_file (file, (guint64) seed, forced ? (const int *) forced->data : NULL,
                          forced ? forced->len : 0, problems, &error);
  /* A saved match that loads may still carry warnings (its scenario was
   * changed since the match started): the player must see them. */
  for (guint j = 0; j < problems->len; j++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));

      if (m == NULL || *was_game)
        fprintf (stderr, "%s\n", line);
    }
  if (m == NULL)
    {
      if (*was_game || mu_problem_list_n_errors (problems) > 0)
        mu_cli_error ("%s", error ? error->message : _("cannot load the scenario"));
      else
        mu_cli_error ("%s: %s", file, error ? error->message : _("cannot start the match"));
    }
  return m;
}

/* An event line as SIDE reads it (--as): an event only SIDE sees is
 * SIDE's own, so " only=SIDE" would tell that player nothing; without
 * --as it says whose the event is (README, "--as"). */
static char *
format_event_as (MuMatch       *m,
                 const MuEvent *e,
                 const char    *as)
{
  if (as != NULL && e->visible_to != NULL)
    {
      g_autoptr(MuEvent) own = mu_event_copy (e);

      g_clear_pointer (&own->visible_to, g_free);
      return mu_match_format_event (m, own);
    }
  return mu_match_format_event (m, e);
}

/* The dry run of one command against the match as it stands:
 * "check legal|refused: REASON (RULE) [cost C of A [UNIT]]". */
static void
print_check (MuMatch    *m,
             const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuCommand) command = mu_match_parse (m, line, &error);
  GString *out = g_string_new ("check ");
  MuCheck check;

  if (command == NULL)
    {
      printf ("check refused: %s\n", error->message);
      g_string_free (out, TRUE);
      return;
    }
  mu_match_check (m, command, &check);
  if (check.legal)
    g_string_append (out, "legal");
  else
    g_string_append_printf (out, "refused: %s", check.reason);
  if (check.cost >= 0)
    {
      g_autofree char *cost = mu_check_format_amount (&check, check.cost);

      g_string_append_printf (out, " cost %s", cost);
      if (check.allowance >= 0)
        {
          g_autofree char *allowance = mu_check_format_amount (&check, check.allowance);

          g_string_append_printf (out, " of %s", allowance);
        }
      if (check.unit)
        g_string_append_printf (out, " %s", check.unit);
    }
  printf ("%s\n", out->str);
  g_string_free (out, TRUE);
  mu_check_clear (&check);
}

/* muster-cli play SCENARIO|GAME [--seed N] [--dice LIST] [--commands FILE|-]
 *                 [--check COMMAND]... [--save GAME] [--events] [--state [--stands]]
 *                 [--as SIDE] */
int
mu_cli_play (int    argc,
             char **argv)
{
  g_auto(GStrv) files = NULL;
  gint64 seed = 1;
  g_autofree char *dice = NULL;
  g_autofree char *commands = NULL;
  g_autofree char *save = NULL;
  gboolean events = FALSE, state = FALSE, stands = FALSE, was_game = FALSE;
  g_autofree char *as = NULL;
  g_auto(GStrv) checks = NULL;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the dice (new matches; default 1)"), N_("N") },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice, N_("Forced dice, used first, in order"), N_("4,2,6,…") },
    { "commands", 0, 0, G_OPTION_ARG_FILENAME, &commands, N_("Commands to apply, one a line (- for standard input)"), N_("FILE") },
    { "check", 0, 0, G_OPTION_ARG_STRING_ARRAY, &checks, N_("After the commands, a dry run of COMMAND: legal or refused, and a move's cost (repeatable)"), N_("COMMAND") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the match to GAME"), N_("GAME") },
    { "events", 0, 0, G_OPTION_ARG_NONE, &events, N_("Print every event, one a line"), NULL },
    { "state", 0, 0, G_OPTION_ARG_NONE, &state, N_("Print the final state"), NULL },
    { "stands", 0, 0, G_OPTION_ARG_NONE, &stands, N_("With --state: each counter's stands on a table, after its line"), NULL },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as, N_("Print only what this side may see (hidden orders and dice left out)"), N_("SIDE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("SCENARIO|GAME") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— play commands against a match"));
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;
  int status = 0;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Starts a match of SCENARIO (or continues the saved match GAME), applies the\n"
      "commands, and prints the events and/or the final state in the stable formats\n"
      "described in README.md. A refused command prints “refused: REASON (RULE)”,\n"
      "changes nothing, and makes the exit status 1."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      mu_cli_error ("%s", _("play: give exactly one SCENARIO or GAME; see “muster-cli play --help”"));
      return 2;
    }
  if (seed < 0)
    {
      mu_cli_error ("%s", _("play: --seed must be 0 or more"));
      return 2;
    }
  m = mu_cli_open_match (files[0], seed, dice, &was_game);
  if (m == NULL)
    return 1;
  if (as && mu_scenario_find_side (mu_match_get_scenario (m), as) == NULL)
    {
      mu_cli_error (_("play: --as %s: the scenario has no such side"), as);
      return 2;
    }
  if (commands)
    {
      g_autoptr(GPtrArray) cmds = NULL;
      const char *name = g_strcmp0 (commands, "-") == 0 ? "stdin" : commands;

      if (g_strcmp0 (commands, "-") == 0
          ? !mu_file_read_fd (0, name, MU_FILE_MAX_SIZE, &text, &len, &error)
          : !mu_file_read (commands, MU_FILE_MAX_SIZE, &text, &len, &error))
        {
          mu_cli_error ("%s", error->message);
          return 1;
        }
      /* A NUL byte would end the text early and drop the commands after it:
       * refuse the file before applying any of it. */
      {
        guint nul = mu_file_find_nul_line (text, len);

        if (nul > 0)
          {
            /* Translators: keep “FILE:LINE:” as it is, with no spaces: editors and
             * scripts find the place by it */
            mu_cli_error (_("%s:%u: a NUL byte: a command file is text, one command a line; "
                            "nothing was applied"), name, nul);
            return 1;
          }
      }
      /* line by line so that a refusal names its line and play goes on */
      {
        g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
        guint printed = mu_match_get_events (m)->len;
        guint n_refused = 0, first_unshown = 0, last_unshown = 0;

        if (events)
          {
            const GPtrArray *ev = mu_match_get_events (m);
            for (guint i = 0; i < ev->len; i++)
              {
                g_autofree char *line = NULL;

                if (as && !mu_event_visible (g_ptr_array_index (ev, i), as))
                  continue;
                line = format_event_as (m, g_ptr_array_index (ev, i), as);
                printf ("%s\n", line);
              }
          }
        for (guint i = 0; lines[i]; i++)
          {
            g_autoptr(GError) local = NULL;
            if (!mu_match_apply_line (m, lines[i], NULL, &local))
              {
                status = 1;
                /* A long file played past the end of the match would print
                 * every later line: the first refusals, then a count. */
                if (++n_refused > MAX_REFUSALS_SHOWN)
                  {
                    if (first_unshown == 0)
                      first_unshown = i + 1;
                    last_unshown = i + 1;
                    continue;
                  }
                printf ("refused: %s\n", local->message);
                fflush (stdout);
                /* Translators: keep “muster-cli: FILE:LINE:” as it is, with no
                 * spaces: editors and scripts find the place by it */
                fprintf (stderr, _("muster-cli: %s:%u: command refused\n"), name, i + 1);
              }
            if (events)
              {
                const GPtrArray *ev = mu_match_get_events (m);
                for (guint k = printed; k < ev->len; k++)
                  {
                    g_autofree char *line = NULL;

                    if (as && !mu_event_visible (g_ptr_array_index (ev, k), as))
                      continue;
                    line = format_event_as (m, g_ptr_array_index (ev, k), as);
                    printf ("%s\n", line);
                  }
              }
            printed = mu_match_get_events (m)->len;
          }
        if (n_refused > MAX_REFUSALS_SHOWN)
          fprintf (stderr,
                   g_dngettext (GETTEXT_PACKAGE,
                                "muster-cli: %s: %u more command refused, on lines %u to %u "
                                "(only the first %d refusals are shown)\n",
                                "muster-cli: %s: %u more commands refused, on lines %u to %u "
                                "(only the first %d refusals are shown)\n",
                                n_refused - MAX_REFUSALS_SHOWN),
                   name, n_refused - MAX_REFUSALS_SHOWN, first_unshown, last_unshown,
                   MAX_REFUSALS_SHOWN);
        (void) cmds;
      }
    }
  else if (events)
    {
      const GPtrArray *ev = mu_match_get_events (m);
      for (guint i = 0; i < ev->len; i++)
        {
          g_autofree char *line = NULL;

          if (as && !mu_event_visible (g_ptr_array_index (ev, i), as))
            continue;
          line = mu_match_format_event (m, g_ptr_array_index (ev, i));
          printf ("%s\n", line);
        }
    }
  for (guint i = 0; checks && checks[i]; i++)
    print_check (m, checks[i]);
  if (state)
    {
      g_autofree char *s = mu_match_format_state_full (m, as, stands ? MU_STATE_STANDS : 0);
      fputs (s, stdout);
    }
  if (save && !mu_match_save_file (m, save, &error))
    {
      mu_cli_error ("%s", error->message);
      return 1;
    }
  return status;
}
