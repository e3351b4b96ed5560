/* test-i18n.c: the window and muster-cli in another language
 *
 * Run once per language of po/LINGUAS, with LANGUAGE set to it and
 * MUSTER_LOCALEDIR to the build's compiled catalogues (tests/app/meson.build).
 * Each label is looked up where the program looks it up, through the
 * project's catalogue, and must be shown translated: a label that stays
 * English, a template that misses its domain or a catalogue that is not
 * found fails. The pages must still fit a 1366 × 768 screen with the
 * longer words, and muster-cli's refusals come in the language while its
 * machine-readable output (--events, --state) stays byte for byte the same. */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "app-test.h"
#include "muster-editor.h"
#include "mu-ruleset.h"
#include "muster-match-log.h"

/* The catalogue's text for msgid (msgctxt NULL) or msgctxt|msgid. */
static const char *
tr (const char *msgid)
{
  return g_dgettext (GETTEXT_PACKAGE, msgid);
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (out, (gpointer) gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_labels (c, out);
}

/* Every msgid (NULL-terminated) is shown under widget as the catalogue
 * translates it, and none is left as the English msgid. A word may be the
 * same in both languages ("Forces" in French), so only most of them must
 * differ from English: that proves the page is translated at all. */
static void
assert_translated_labels (GtkWidget         *widget,
                          const char *const *msgids)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = 0, differ = 0;

  collect_labels (widget, labels);
  for (; msgids[n]; n++)
    {
      const char *want = tr (msgids[n]);
      gboolean found = FALSE;

      differ += g_strcmp0 (want, msgids[n]) != 0;
      for (guint i = 0; i < labels->len && !found; i++)
        found = g_strcmp0 (g_ptr_array_index (labels, i), want) == 0;
      for (guint i = 0; i < labels->len && g_strcmp0 (want, msgids[n]) != 0; i++)
        g_assert_cmpstr (g_ptr_array_index (labels, i), !=, msgids[n]);
      if (!found)
        {
          for (guint i = 0; i < labels->len; i++)
            g_test_message ("shown: %s", (const char *) g_ptr_array_index (labels, i));
          g_test_fail_printf ("no label reads “%s” (“%s” in %s)", want, msgids[n], g_getenv ("LANGUAGE"));
        }
    }
  g_assert_cmpuint (differ * 2, >, n);
}

/* The window needs no more than a 1366 × 768 screen (its title bar and a
 * panel take the rest of the height, as in test-window's editor check). */
static void
assert_fits_screen (MusterWindow *window)
{
  int min_w, min_h;

  flush_events ();
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
  g_assert_cmpint (min_w, <=, 1366);
  g_assert_cmpint (min_h, <=, 700);
}

static void
test_catalogue (void)
{
  const char *language = g_getenv ("LANGUAGE");
  const char *header = tr ("");

  g_assert_nonnull (language);
  /* the header names the language: the catalogue is the right one */
  g_assert_nonnull (strstr (header, "Language: "));
  g_assert_true (g_str_has_prefix (strstr (header, "Language: ") + strlen ("Language: "), language));
  /* the engine translates through the same domain */
  g_assert_cmpstr (tr ("Bound"), !=, "Bound");
}

static void
test_start_page (void)
{
  MusterWindow *window = new_window ();

  g_assert_true (muster_window_is_empty (window));
  assert_translated_labels (GTK_WIDGET (window), (const char *const[]) {
    "Bundled Scenarios", "Design and play American Civil War wargames", "_New Scenario…", "_Open…",
    "_Play…", NULL });
  assert_fits_screen (window);
  destroy_all_windows ();
}

static void
test_editor (void)
{
  g_autofree char *dir = muster_find_scenarios_dir ();
  g_autofree char *path = g_build_filename (dir, "first-manassas.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterWindow *window = new_window ();
  MusterEditor *editor;

  g_assert_true (muster_window_open_file (window, file, &error));
  g_assert_no_error (error);
  wait_for_allocation (GTK_WIDGET (muster_window_get_map_view (window)));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "edit", g_variant_new_boolean (TRUE));
  flush_events ();
  editor = MUSTER_EDITOR (muster_window_get_editor (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  muster_editor_show_panel (editor, MUSTER_EDITOR_PANEL_MAP);
  flush_events ();
  assert_translated_labels (GTK_WIDGET (editor), (const char *const[]) {
    "Tools", "Selected Hex", "Map", "Forces", "Problems", NULL });
  assert_fits_screen (window);
  muster_editor_show_panel (editor, MUSTER_EDITOR_PANEL_FORCES);
  flush_events ();
  assert_translated_labels (GTK_WIDGET (editor), (const char *const[]) {
    "Order of Battle", "Add _Side", NULL });
  assert_fits_screen (window);
  muster_editor_show_panel (editor, MUSTER_EDITOR_PANEL_PROBLEMS);
  flush_events ();
  assert_translated_labels (GTK_WIDGET (editor), (const char *const[]) { "Problems: none", NULL });
  assert_fits_screen (window);
  destroy_all_windows ();
}

static void
test_match_page (void)
{
  MusterWindow *window = new_window ();
  MusterMatchPage *page = start_match (window, 1);

  /* under the hand-over screen the log is covered, saying so */
  assert_translated_labels (GTK_WIDGET (page), (const char *const[]) {
    "The log shows again when the player to act takes the board.", NULL });
  muster_match_page_dismiss_handover (page);
  flush_events ();
  /* the ruleset's phase names come from the engine, through the catalogue */
  assert_translated_labels (GTK_WIDGET (page), (const char *const[]) {
    "Command Range", "_End Phase", "All events", NULL });
  assert_fits_screen (window);

  /* the log reads the engine's words for why or how ("bounds-played", the
   * reason a match ended) in the language; the event itself keeps them */
  {
    g_autoptr(MuEvent) end = mu_event_new (MU_EVENT_GAME_END, NULL);
    const char *word = g_dpgettext2 (GETTEXT_PACKAGE, "event text", "bounds-played");
    g_autofree char *line = NULL;

    g_assert_cmpstr (word, !=, "bounds-played");
    mu_event_set_text (end, "bounds-played");
    line = muster_match_log_describe_event (muster_match_page_get_game (page), end);
    g_assert_nonnull (strstr (line, word));
    g_assert_null (strstr (line, "bounds-played"));
    g_assert_cmpstr (end->text, ==, "bounds-played");
  }
  /* and a roll's purpose */
  {
    g_autoptr(MuEvent) roll = mu_event_new (MU_EVENT_ROLL, "u1");
    const char *word = g_dpgettext2 (GETTEXT_PACKAGE, "event text", "flinch");
    g_autofree char *line = NULL;

    g_assert_cmpstr (word, !=, "flinch");
    mu_event_set_text (roll, "flinch");
    roll->value = 3;
    line = muster_match_log_describe_event (muster_match_page_get_game (page), roll);
    g_assert_nonnull (strstr (line, word));
    g_assert_null (strstr (line, "flinch"));
    /* with the language's own punctuation: French sets a narrow no-break
     * space before the colon */
    {
      g_autofree char *part = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, ": %s, "), word);

      g_assert_nonnull (strstr (line, part));
      if (g_str_has_prefix (g_getenv ("LANGUAGE"), "fr"))
        g_assert_nonnull (strstr (line, "\u202f: "));
    }
  }
  /* a garrison's companies in the language's number and verb, chosen by
   * the line's "enter" or "leave", which never shows (TS-VIL-1, TS-VIL-3) */
  {
    const MuRuleset *ts = mu_ruleset_find ("toy-soldiers");
    g_autoptr(GPtrArray) events = mu_event_array_new ();
    MuEvent *e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, "garrison"), "u1");

    mu_event_set_object (e, "barn");
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *one = NULL, *two = NULL, *renumbered = NULL;
        g_auto(GStrv) digits = NULL;

        mu_event_set_text (e, i == 0 ? "enter" : "leave");
        e->value = 1;
        one = muster_match_log_describe_event (muster_match_page_get_game (page), e);
        e->value = 2;
        two = muster_match_log_describe_event (muster_match_page_get_game (page), e);
        g_test_message ("%s / %s", one, two);
        g_assert_null (strstr (one, e->text));
        g_assert_null (strstr (two, e->text));
        g_assert_null (strpbrk (one, "{}[]|"));
        /* more than the number differs between one company and two */
        digits = g_strsplit (two, "2", -1);
        g_assert_cmpuint (g_strv_length (digits), ==, 2);
        renumbered = g_strjoinv ("1", digits);
        g_assert_cmpstr (renumbered, !=, one);
      }
  }
  /* an action by its type's name in the language, never the line's word
   * (TS-ACT-2) */
  {
    static const char *const words[] = {
      "reorder", "fire", "adjust", "ease-forward", "forward", "hurry-forward", "fall-back", "retreat",
      "form", "angle", "side", "prolong", "charge",
    };
    static const char *const names[] = {
      "reorder", "fire", "adjust", "ease forward", "forward", "hurry forward", "fall back", "retreat",
      "change formation", "angle", "move to side", "prolong", "charge",
    };
    const MuRuleset *ts = mu_ruleset_find ("toy-soldiers");
    g_autoptr(GPtrArray) events = mu_event_array_new ();
    MuEvent *e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, "action"), "u1");

    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "ease forward"), !=, "ease forward");
    for (guint i = 0; i < G_N_ELEMENTS (words); i++)
      {
        g_autofree char *said = NULL;

        mu_event_set_text (e, words[i]);
        said = muster_match_log_describe_event (muster_match_page_get_game (page), e);
        g_test_message ("%s", said);
        g_assert_nonnull (strstr (said, g_dgettext (GETTEXT_PACKAGE, names[i])));
        g_assert_null (strpbrk (said, "{}[]|"));
        if (strchr (words[i], '-'))
          g_assert_null (strstr (said, words[i]));
      }
  }
  destroy_all_windows ();
}

/* muster-cli play: the output of FILE's commands, as LANGUAGE (NULL: the
 * untranslated English) sets it; stdout in *out, stderr in *err. */
static void
run_play (const char  *language,
          const char  *commands,
          char       **out,
          char       **err)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *scenario = g_build_filename (root, "tests", "fixtures", "rules", "baa-hex", "capture.muster", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;

  if (language)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  cli = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("MUSTER_CLI"), "play", scenario,
                                     "--dice", "3,4", "--commands", "-", "--events", "--state", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (cli, commands, NULL, out, err, &error);
  g_assert_no_error (error);
}

static void
test_cli (void)
{
  /* a refused move, a capture roll that misses, the evasion decision
   * (its question in the event line), a refusal while it is pending */
  const char *commands = "move nosuch 0204\nmove k1 0204 0205 0206\nmove k2 0704\n";
  g_autofree char *out = NULL, *err = NULL, *en_out = NULL, *en_err = NULL;
  g_autofree char *refusal = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "no counter “%s” in this scenario"),
                                              "nosuch");
  g_autofree char *question = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s evades capture: choose a hex"),
                                               "uc2");
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) en_lines = NULL;
  guint refused = 0;

  run_play (g_getenv ("LANGUAGE"), commands, &out, &err);
  run_play (NULL, commands, &en_out, &en_err);
  g_assert_nonnull (strstr (out, refusal));
  g_assert_null (strstr (en_out, refusal));
  /* the question: English in the event line, translated where the player reads it */
  g_assert_nonnull (strstr (out, "\ndecision uc2 evades capture: choose a hex side=usa\n"));
  g_assert_nonnull (strstr (out, question));
  g_assert_cmpstr (question, !=, "uc2 evades capture: choose a hex");
  g_assert_nonnull (strstr (err, "stdin:1:"));
  g_assert_null (strstr (err, "command refused"));
  /* everything but the refusals' reasons is the same in both languages */
  lines = g_strsplit (out, "\n", -1);
  en_lines = g_strsplit (en_out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length (en_lines));
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "refused: "))
      {
        g_assert_true (g_str_has_prefix (en_lines[i], "refused: "));
        g_assert_cmpstr (lines[i], !=, en_lines[i]);
        refused++;
      }
    else
      g_assert_cmpstr (lines[i], ==, en_lines[i]);
  g_assert_cmpuint (refused, ==, 2);
}

/* QRS-AMB-28: the missing-table question the player reads is in the
 * player's language throughout, what is asked and where to look
 * included; the event line's stays English. */
static void
test_missing_table_question (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules",
                                            "regimental", "ask-fire.muster", NULL);
  const int dice[] = { 6, 1, 3, 4, 3, 4 };
  const char *lines[] = { "order f FR", "order f2 FR", "end-phase", "order t M", "order t2 M", "end-phase" };
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 7, dice, G_N_ELEMENTS (dice), NULL, &error);
  const char *what = g_dgettext (GETTEXT_PACKAGE, "the fire DRM");
  const char *source = g_dgettext (GETTEXT_PACKAGE, "the full rules' fire modifiers");
  const MuDecision *d;
  MuPosition p;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    g_assert_true (mu_match_apply_line (m, lines[i], NULL, NULL));
  for (guint guard = 0; guard < 20; guard++)
    {
      mu_match_get_position (m, &p);
      if (p.phase == 4 && g_strcmp0 (p.side, "usa") == 0)
        break;
      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, NULL));
    }
  g_assert_true (mu_match_apply_line (m, "fire f t", NULL, &error));
  g_assert_no_error (error);
  d = mu_match_get_pending (m);
  g_assert_nonnull (d);
  g_assert_cmpstr (d->id, ==, "fire-drm");
  g_assert_cmpstr (what, !=, "the fire DRM");
  g_assert_cmpstr (source, !=, "the full rules' fire modifiers");
  g_assert_nonnull (strstr (d->question, what));
  g_assert_nonnull (strstr (d->question, source));
  g_assert_null (strstr (d->question, "not on the sheet"));
}

/* TS-AMB-85: a whole battalion's garrison reads, in the language, as
 * more than one company's: its command stand goes in too. */
static void
test_garrison_command (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "fixtures", "rules",
                                            "toy-soldiers", "p2-duel-barn.muster", NULL);
  const char *word = g_dpgettext2 (GETTEXT_PACKAGE, "command word", "command");
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = mu_match_open_file (path, 1, NULL, 0, NULL, &error);
  g_autoptr(MuCommand) part = NULL, whole = NULL;
  g_autofree char *part_text = NULL, *whole_text = NULL;
  const char *sentence;

  g_assert_no_error (error);
  part = mu_match_parse (m, "garrison u1 barn 1", &error);
  g_assert_no_error (error);
  whole = mu_match_parse (m, "garrison u1 barn 1 command", &error);
  g_assert_no_error (error);
  /* as the window's buttons say them: the verb's sentence in the language */
  sentence = g_dgettext (GETTEXT_PACKAGE, mu_match_find_verb (m, "garrison")->sentence);
  part_text = mu_match_describe_command (m, part, sentence);
  whole_text = mu_match_describe_command (m, whole, sentence);
  g_test_message ("%s / %s", part_text, whole_text);
  g_assert_cmpstr (word, !=, "command");
  g_assert_cmpstr (part_text, !=, "u1 garrisons barn (companies: 1)");
  g_assert_cmpstr (whole_text, !=, part_text);
  g_assert_nonnull (strstr (whole_text, word));
  g_assert_null (strstr (part_text, word));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");
  gboolean display;

  /* as main.c does: the build's catalogues, the project's domain */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  display = app_test_init (&argc, &argv, "/app/i18n/no-display");
  g_test_add_func ("/app/i18n/catalogue", test_catalogue);
  g_test_add_func ("/app/i18n/cli", test_cli);
  g_test_add_func ("/app/i18n/missing-table-question/QRS-AMB-28", test_missing_table_question);
  g_test_add_func ("/app/i18n/garrison-command/TS-AMB-85", test_garrison_command);
  if (display)
    {
      g_test_add_func ("/app/i18n/start-page", test_start_page);
      g_test_add_func ("/app/i18n/editor", test_editor);
      g_test_add_func ("/app/i18n/match-page", test_match_page);
    }
  return app_test_run (display);
}
