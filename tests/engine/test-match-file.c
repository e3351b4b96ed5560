/* test-match-file.c: saved matches as files a person receives (play by
 * e-mail): the scenario's checksum, and messages for damaged files. */
#define G_LOG_DOMAIN "test-match-file"

#include "config.h"

#include <string.h>

#include "mu-error.h"
#include "mu-match.h"
#include "mu-scenario-xml.h"

static MuScenario *
load_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return s;
}

/* A short match of the template, saved. */
static char *
saved_template_match (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (s, 7, NULL, 0, &error);

  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  return mu_match_save_to_data (m, NULL);
}

/* TEXT with the first FROM replaced by TO (which must be there). */
static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* Loads DATA; returns the warnings as lines. */
static char *
load_warnings (const char *data,
               GError    **error)
{
  g_autoptr(GPtrArray) warnings = mu_problem_list_new ();
  g_autoptr(MuMatch) m = mu_match_load_data_full (data, strlen (data), "pbem.match", warnings, error);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (warnings, i));
      g_string_append_printf (out, "%s\n", line);
    }
  if (m == NULL)
    g_assert_true (error == NULL || *error != NULL);
  return g_string_free (out, FALSE);
}

/* Every shipped scenario with a playable ruleset: a saved match reopens
 * without a warning, to the same state, and saves to the same bytes. */
static void
test_unchanged (void)
{
  const char *names[] = { "template.muster", "learning-blackburns-ford.muster",
                          "first-manassas.muster", "henry-house-hill-table.muster",
                          "learning-table-blackburns-ford.muster" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(MuScenario) s = load_scenario (names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new (s, 3, NULL, 0, &error);
      g_autoptr(MuMatch) again = NULL;
      g_autoptr(GPtrArray) warnings = mu_problem_list_new ();
      g_autofree char *data = NULL, *data2 = NULL, *state = NULL, *state2 = NULL;
      gsize len = 0, len2 = 0;

      g_assert_no_error (error);
      data = mu_match_save_to_data (m, &len);
      g_assert_nonnull (strstr (data, " parts-sha256=\"board="));
      again = mu_match_load_data_full (data, len, names[i], warnings, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (warnings->len, ==, 0);
      state = mu_match_format_state (m);
      state2 = mu_match_format_state (again);
      g_assert_cmpstr (state, ==, state2);
      data2 = mu_match_save_to_data (again, &len2);
      g_assert_cmpmem (data, len, data2, len2);
    }
}

/* A table match played some way (the first legal command that is not the
 * end of the phase, every third time the end of it) reopens to the same
 * state and saves to the same bytes: positions round-trip exactly (TAB-3). */
static void
test_table_replay (void)
{
  g_autoptr(MuScenario) s = load_scenario ("henry-house-hill-table.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (s, 11, NULL, 0, &error);
  g_autoptr(MuMatch) again = NULL;
  g_autoptr(GPtrArray) warnings = mu_problem_list_new ();
  g_autofree char *data = NULL, *data2 = NULL, *state = NULL, *state2 = NULL;
  gsize len = 0, len2 = 0;

  g_assert_no_error (error);
  for (guint n = 0; n < 60 && !mu_match_is_over (m); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      const MuCommand *c = g_ptr_array_index (legal, legal->len - 1);

      if (legal->len > 1 && n % 3 != 0)
        c = g_ptr_array_index (legal, n % (legal->len - 1));
      g_assert_true (mu_match_apply (m, c, NULL, &error));
      g_assert_no_error (error);
    }
  data = mu_match_save_to_data (m, &len);
  again = mu_match_load_data_full (data, len, "henry-house-hill-table.muster", warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  state = mu_match_format_state (m);
  state2 = mu_match_format_state (again);
  g_assert_cmpstr (state, ==, state2);
  g_assert_nonnull (strstr (state, " formation="));
  data2 = mu_match_save_to_data (again, &len2);
  g_assert_cmpmem (data, len, data2, len2);
}

/* The receiving player is told when the scenario in the match is not the
 * one it was started with, and what part of it changed. */
static void
test_edited_scenario (void)
{
  g_autofree char *data = saved_template_match ();
  g_autofree char *oob = replace (data, "attack=\"5\"", "attack=\"6\"");
  g_autofree char *map = replace (data, "text=\"Round Hill\"", "text=\"Round Hills\"");
  g_autofree char *both = replace (oob, "text=\"Round Hill\"", "text=\"Round Hills\"");
  g_autoptr(GError) error = NULL;
  g_autofree char *w0 = load_warnings (data, &error);
  g_autofree char *w1 = NULL, *w2 = NULL, *w3 = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (w0, ==, "");
  w1 = load_warnings (oob, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (w1, "pbem.match:3: warning: the scenario in this match is not the one "
                                "the match was started with; changed since: the order of battle ("));
  w2 = load_warnings (map, &error);
  g_assert_nonnull (strstr (w2, "changed since: the map ("));
  w3 = load_warnings (both, &error);
  g_assert_nonnull (strstr (w3, "changed since: the map and the order of battle ("));
}

/* A match saved before the part sums were recorded summed the scenario file
 * as saved, comments around <scenario> included, which the match does not
 * keep: it is told apart from an edited scenario (it warned falsely that the
 * scenario had changed). */
static void
test_older_checksum (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autofree char *data = saved_template_match ();
  const char *sha = strstr (data, "sha256=\"") + strlen ("sha256=\"");
  g_autofree char *recorded = g_strndup (sha, 64);
  const char *parts = strstr (data, " parts-sha256=\"");
  g_autofree char *attr = g_strndup (parts, strchr (parts + strlen (" parts-sha256=\""), '"') + 1 - parts);
  gsize len = 0;
  g_autofree char *file = mu_scenario_save_to_data (s, &len);
  g_autofree char *old_sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) file, len);
  g_autofree char *no_parts = replace (data, attr, "");
  g_autofree char *old = replace (no_parts, recorded, old_sum);
  g_autoptr(GError) error = NULL;
  g_autofree char *w = NULL;

  /* the template has such comments: the two sums differ */
  g_assert_cmpstr (old_sum, !=, recorded);
  w = load_warnings (old, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (w, "is not the one the match was started with"));
  g_assert_nonnull (strstr (w, "pbem.match:3: warning: the match was saved by an earlier version"));
}

/* Saved matches refuse a DOCTYPE before reading what it declares: a 1 MB
 * entity used 100,000 times expanded in memory until the allocation failed,
 * and the command's text came back NULL and was applied. References to
 * entities nobody declared are errors, and an empty command is refused on
 * replay, not skipped. */
static void
test_doctype_and_entities (void)
{
  g_autofree char *data = saved_template_match ();
  g_autoptr(GString) bomb = g_string_new ("<!DOCTYPE match [<!ENTITY a \"");
  g_autoptr(GString) uses = g_string_new ("<command>");
  g_autofree char *bomb_file = NULL, *bomb_command = NULL;
  const struct {
    const char *from, *to, *message;
  } cases[] = {
    { "<match ", "<!DOCTYPE match SYSTEM \"/etc/passwd\"><match ",
      "pbem.match:2: DOCTYPE declarations are not allowed in saved matches" },
    { "<match ", "<!DOCTYPE match [<!ENTITY e \"end-phase\">]>\n<match ",
      "pbem.match:2: DOCTYPE declarations are not allowed in saved matches" },
    { "<match ", "<!DOCTYPE match [<!ENTITY e SYSTEM \"/etc/hostname\">]>\n<match ",
      "pbem.match:2: DOCTYPE declarations are not allowed in saved matches" },
    { "<command>end-phase</command>", "<command>&e;</command>",
      "pbem.match:" },
    { "<command>end-phase</command>", "<command></command>",
      "command refused on replay: the command is empty" },
    { "<command>end-phase</command>", "<command>  \n </command>",
      "command refused on replay: the command is empty" },
    { "<command>end-phase</command>", "<command/>",
      "command refused on replay: the command is empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = replace (data, cases[i].from, cases[i].to);
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_load_data (bad, strlen (bad), "pbem.match", &error);

      g_assert_null (m);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not hold “%s”", i, error->message, cases[i].message);
    }
  /* The bomb: refused at once, without expanding 100 MB. */
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (bomb, 'x');
  g_string_append (bomb, "\">]>\n<match ");
  for (guint i = 0; i < 1000; i++)
    g_string_append (uses, "&a;");
  g_string_append (uses, "</command>");
  bomb_file = replace (data, "<match ", bomb->str);
  bomb_command = replace (bomb_file, "<command>end-phase</command>", uses->str);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MuMatch) m = mu_match_load_data (bomb_command, strlen (bomb_command), "bomb.match",
                                               &error);

    g_assert_null (m);
    g_assert_nonnull (strstr (error->message, "bomb.match:2: DOCTYPE declarations are not allowed"));
  }
}

/* Damaged or foreign files: an error that says what is wrong and what is
 * allowed. */
static void
test_damaged (void)
{
  g_autofree char *data = saved_template_match ();
  const char *sha = strstr (data, "sha256=\"") + strlen ("sha256=\"");
  g_autofree char *recorded = g_strndup (sha, 64);
  const struct {
    const char *from, *to, *message;
  } cases[] = {
    { recorded, "not-a-checksum",
      "pbem.match:3: <scenario-data sha256=\"not-a-checksum\">: not a SHA-256 checksum (64 digits 0-9 and a-f); the file is damaged" },
    { "version=\"1\"", "version=\"2\"",
      "pbem.match:2: <match version=\"2\">: this program reads saved matches of version 1 only" },
    { "seed=\"7\"", "seed=\"99999999999999999999\"",
      "pbem.match:2: <match seed=\"99999999999999999999\">: the seed is a whole number from 0 to 18446744073709551615" },
    { "seed=\"7\"", "seed=\"-1\"",
      "pbem.match:2: <match seed=\"-1\">: the seed is a whole number from 0 to 18446744073709551615" },
    { "ruleset=\"baa-hex\" seed", "ruleset=\"baa-table\" seed",
      "pbem.match:2: <match ruleset=\"baa-table\">: the embedded scenario is for the ruleset “baa-hex”" },
    { "attack=\"5\"", "attack=\"9\"",
      "pbem.match:3: the embedded scenario is invalid: unit “csa-1-1”: attack 9 is out of range (2 to 6) (line " },
    /* libxml2 quotes tag names: invalid bytes never reach the message */
    { "</commands>", "</comm\xe9nds>", "pbem.match:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = replace (data, cases[i].from, cases[i].to);
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_load_data (bad, strlen (bad), "pbem.match", &error);

      g_assert_null (m);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message, cases[i].message);
    }
}

/* Refusals quote the line's words: a line with bytes that are not UTF-8 is
 * refused as such, and a 1 MB word is not echoed whole (fuzz-play finding:
 * “no counter “usa\xffbty”” carried the raw byte). */
static void
test_refusal_text (void)
{
  g_autoptr(MuScenario) s = load_scenario ("template.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_new (s, 109, NULL, 0, &error);
  g_autofree char *word = g_strnfill (1024 * 1024, 'x');
  g_autofree char *line = g_strdup_printf ("assign %s usa-1", word);

  g_assert_no_error (error);
  g_assert_false (mu_match_apply_line (m, "assign usa\xff" "bty usa-1", NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "the line is not UTF-8 text (a bad byte at column 11)");
  g_clear_error (&error);
  g_assert_false (mu_match_apply_line (m, line, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (strlen (error->message), <=, 1000 + strlen ("…"));
  g_clear_error (&error);
  /* a line of many words is refused before it is split into them */
  {
    g_autoptr(GString) many = g_string_new ("move");

    while (many->len <= MU_MATCH_MAX_LINE)
      g_string_append (many, " a");
    g_assert_false (mu_match_apply_line (m, many->str, NULL, &error));
    g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
    g_assert_cmpstr (error->message, ==, "the line is longer than 65536 characters; a command is "
                                         "one short line");
  }
}

/* A scenario as deep as a scenario may be (250 levels, extensions kept)
 * is saved in a match two levels down and reopens; a match nested past the
 * XML parser's 256 levels is refused in words, not with libxml2's option
 * name (a 256-level scenario used to save as a match that did not reopen). */
static void
test_deep_scenario (void)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios", "template.muster", NULL);
  g_autofree char *text = NULL;
  g_autofree char *deep_text = NULL;
  g_autofree char *saved = NULL, *deeper = NULL;
  g_autoptr(GString) nest = g_string_new ("<x:a xmlns:x=\"urn:x\">");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuMatch) m = NULL, again = NULL, refused = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  /* <scenario> and 249 levels under it. */
  for (guint i = 1; i < 249; i++)
    g_string_append (nest, "<x:a>");
  for (guint i = 0; i < 249; i++)
    g_string_append (nest, "</x:a>");
  g_string_append (nest, "\n</scenario>");
  deep_text = replace (text, "</scenario>", nest->str);
  s = mu_scenario_load_data (deep_text, strlen (deep_text), "deep.muster", problems, &error);
  g_assert_no_error (error);
  m = mu_match_new (s, 5, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  saved = mu_match_save_to_data (m, &len);
  again = mu_match_load_data (saved, len, "deep.match", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);

  deeper = replace (saved, "<x:a xmlns:x=\"urn:x\">",
                    "<x:a xmlns:x=\"urn:x\"><x:a><x:a><x:a><x:a><x:a><x:a><x:a><x:a>");
  refused = mu_match_load_data (deeper, strlen (deeper), "deep.match", &error);
  g_assert_null (refused);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "deep.match:"));
  g_assert_nonnull (strstr (error->message, ": not well-formed XML: elements are nested more than 256 deep, "
                                            "the limit of the XML parser"));
  g_assert_null (strstr (error->message, "XML_PARSE_HUGE"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/match-file/unchanged", test_unchanged);
  g_test_add_func ("/engine/match-file/table-replay", test_table_replay);
  g_test_add_func ("/engine/match-file/edited-scenario", test_edited_scenario);
  g_test_add_func ("/engine/match-file/damaged", test_damaged);
  g_test_add_func ("/engine/match-file/older-checksum", test_older_checksum);
  g_test_add_func ("/engine/match-file/doctype-and-entities", test_doctype_and_entities);
  g_test_add_func ("/engine/match-file/refusal-text", test_refusal_text);
  g_test_add_func ("/engine/match-file/deep-scenario", test_deep_scenario);
  return g_test_run ();
}
