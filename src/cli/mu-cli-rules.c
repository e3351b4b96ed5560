#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "mu-rules-data.h"
#include "mu-ruleset.h"

int mu_cli_rules (int argc, char **argv);

static char *
field_owners (const MuFieldInfo *f)
{
  GString *out = g_string_new (NULL);
  static const MuCounterKind kinds[] = { MU_COUNTER_CONTROL, MU_COUNTER_COMMAND, MU_COUNTER_UNIT };

  if (mu_field_of_side (f))
    g_string_append (out, "side");
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (mu_field_applies (f, kinds[i]))
      g_string_append_printf (out, "%s%s", out->len ? "," : "", mu_counter_kind_to_string (kinds[i]));
  return g_string_free (out, FALSE);
}

static void
print_ruleset (const MuRuleset *r)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuRulesData) data = NULL;
  g_autofree char *path = mu_rules_data_path (r->id);

  printf ("%s: %s (%s%s)\n", r->id, _(r->name), r->board == MU_BOARD_TABLE ? _("table") : _("hex board"),
          mu_ruleset_can_play (r) ? "" : _(", not playable yet"));
  printf ("%s\n", _("values:"));
  for (guint i = 0; i < r->n_fields; i++)
    {
      const MuFieldInfo *f = &r->fields[i];
      g_autofree char *range = mu_field_describe_range (f);
      g_autofree char *owners = field_owners (f);

      printf ("  %-12s %-22s %s%s%s%s\n", f->id, owners, range,
              mu_field_is_attribute (f) ? _(" (attribute)") : _(" (<value>)"),
              f->rule ? "  " : "", f->rule ? f->rule : "");
    }
  {
    /* the words of a unit's arm="…" and formation="…" */
    g_autofree char *arms = mu_ruleset_describe_arms (r);
    g_autofree char *formations = mu_ruleset_describe_formations (r);

    printf (_("arms: %s\n"), arms);
    printf (_("formations: %s\n"), formations);
  }
  data = mu_rules_data_load (r->id, &error);
  if (data == NULL)
    {
      printf (_("rules data: none (%s)\n"), error->message);
      return;
    }
  printf (_("rules data: %s\n"), path);
  for (const char *const *t = mu_rules_data_tables (data); *t; t++)
    {
      const char *missing = mu_rules_data_missing (data, *t);

      if (missing)
        printf (_("  %-32s missing from the rules (%s): the players supply it\n"), *t, missing);
      else
        printf ("  %s\n", *t);
    }
}

/* muster-cli rules [RULESET] [--check FILE]: the rulesets, one ruleset's
 * declared values and rules data tables, or a rules data file checked. */
int
mu_cli_rules (int    argc,
              char **argv)
{
  g_auto(GStrv) args = NULL;
  g_autofree char *check = NULL;
  gboolean playable = FALSE;
  GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_FILENAME, &check, N_("Check a rules data file"), N_("FILE") },
    { "playable", 0, 0, G_OPTION_ARG_NONE, &playable, N_("List the ids of the rulesets Muster plays, one a line"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, N_("[RULESET]") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— list rulesets, their values and tables"));
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Without RULESET, lists the rulesets. With one, prints the values it declares on\n"
      "counters and sides (their ranges and rules) and the tables of its rules data file\n"
      "(data/rules/RULESET.xml), marking those missing from the original rules.\n"
      "--check FILE reads a rules data file, as after editing it for a house rule.\n"
      "--playable lists only the ids of the rulesets that can be played, for scripts."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (check)
    {
      g_autoptr(MuRulesData) data = mu_rules_data_load_file (check, &error);

      if (data == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      printf (_("%s: valid rules data for ruleset “%s”\n"), check, mu_rules_data_ruleset (data));
      return 0;
    }
  if (playable)
    {
      if (args != NULL && args[0] != NULL)
        {
          mu_cli_error ("%s", _("rules: --playable takes no RULESET"));
          return 2;
        }
      for (const MuRuleset *const *r = mu_ruleset_list (); *r; r++)
        if (mu_ruleset_can_play (*r))
          printf ("%s\n", (*r)->id);
      return 0;
    }
  if (args == NULL || args[0] == NULL)
    {
      for (const MuRuleset *const *r = mu_ruleset_list (); *r; r++)
        printf ("%-14s %s\n", (*r)->id, _((*r)->name));
      return 0;
    }
  if (args[1] != NULL)
    {
      mu_cli_error ("%s", _("rules: give at most one RULESET; see “muster-cli rules --help”"));
      return 2;
    }
  if (mu_ruleset_find (args[0]) == NULL)
    {
      g_autofree char *ids = mu_ruleset_list_ids ();

      mu_cli_error (_("unknown ruleset “%s” (%s)"), args[0], ids);
      return 2;
    }
  print_ruleset (mu_ruleset_find (args[0]));
  return 0;
}
