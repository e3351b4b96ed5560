/* test-xml.c: the scenario file format: loading, checks, canonical writer */
#define G_LOG_DOMAIN "test-xml"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <string.h>
#include <unistd.h>

#include "mu-ruleset.h"
#include "mu-scenario-xml.h"

/* Not inlined: GCC 12 at -O3 takes the pointers into the returned text for
 * pointers to the local that g_file_get_contents() filled (-Wdangling-pointer). */
G_NO_INLINE static char *
read_template (void)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios",
                                            "template.muster", NULL);
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

/* The template with `old` replaced by `new` (once, which must exist). */
static char *
template_with (const char *old,
               const char *new)
{
  g_autofree char *t = read_template ();
  const char *at = strstr (t, old);
  GString *s;

  g_assert_nonnull (at);
  s = g_string_new_len (t, at - t);
  g_string_append (s, new);
  g_string_append (s, at + strlen (old));
  return g_string_free (s, FALSE);
}

static int
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (at);
  for (const char *c = text; c < at; c++)
    if (*c == '\n')
      line++;
  return line;
}

static char *
problems_text (GPtrArray *problems)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      g_string_append_printf (s, "%s\n", line);
    }
  return g_string_free (s, FALSE);
}

static MuScenario *
load_ok (const char *data)
{
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  MuScenario *s = mu_scenario_load_data (data, strlen (data), "test.muster", problems, &error);

  if (s == NULL)
    {
      g_autofree char *text = problems_text (problems);

      g_test_message ("%s", text);
    }
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  return s;
}

static char *
save (const MuScenario *s)
{
  gsize len = 0;
  char *data = mu_scenario_save_to_data (s, &len);

  g_assert_cmpuint (strlen (data), ==, len);
  return data;
}

/* Round trip ----------------------------------------------------------------------- */

static void
test_template_round_trip (void)
{
  g_autofree char *t = read_template ();
  g_autoptr(MuScenario) a = load_ok (t);
  g_autofree char *out1 = save (a);
  g_autoptr(MuScenario) b = load_ok (out1);
  g_autofree char *out2 = save (b);

  g_assert_cmpstr (out1, ==, out2);
  /* The template is shipped in canonical form. */
  g_assert_cmpstr (out1, ==, t);

  g_assert_cmpstr (a->title, ==, "Template: a brigade action");
  g_assert_cmpint (a->board, ==, MU_BOARD_HEX);
  g_assert_cmpint (a->hex_map->grid.cols, ==, 10);
  g_assert_cmpint (a->hex_map->grid.rows, ==, 8);
  g_assert_cmpint (mu_hex_map_cell (a->hex_map, (MuHex) { 7, 1 })->terrain, ==, MU_TERRAIN_WOODLAND);
  g_assert_cmpint (mu_hex_map_cell (a->hex_map, (MuHex) { 8, 2 })->elevation, ==, 2);
  g_assert_cmpuint (mu_hex_map_cell (a->hex_map, (MuHex) { 1, 6 })->features, ==, MU_HEX_FEATURE_IMPASSABLE);
  g_assert_cmpuint (a->sides->len, ==, 2);
  g_assert_cmpuint (a->counters->len, ==, 8);
  g_assert_cmpuint (a->objectives->len, ==, 2);
  g_assert_cmpint (a->objectives_required, ==, 2);
  g_assert_cmpint (a->timeline.start_minutes, ==, 9 * 60);
  g_assert_cmpuint (a->timeline.night_bounds->len, ==, 1);
  {
    const MuCounter *c = mu_scenario_find_counter (a, "csa-1-1");

    g_assert_nonnull (c);
    g_assert_cmpint (mu_counter_get_int (c, "attack"), ==, 5);
    g_assert_cmpstr (mu_values_get (c->values, "abilities"), ==, "indomitable");
    g_assert_nonnull (c->note);
    g_assert_cmpint (c->line, ==, line_of (t, "id=\"csa-1-1\""));
  }
  {
    const MuCounter *c = mu_scenario_find_counter (a, "usa-1-2");

    g_assert_cmpint (c->place.kind, ==, MU_PLACE_RESERVE);
    g_assert_cmpstr (c->place.reserve, ==, "usa-reserve");
  }
}

/* The printed counter size: kept when given, left out when not, checked. */
static void
test_counter_size (void)
{
  g_autofree char *t = read_template ();
  g_autoptr(GString) with = g_string_new (t);
  g_autoptr(GString) tiny = NULL;
  g_autoptr(MuScenario) plain = load_ok (t);
  g_autoptr(MuScenario) a = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) bad = NULL;
  g_autofree char *out = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpfloat (plain->hex_map->counter_size_mm, ==, 0);
  g_string_replace (with, "hex-size-mm=\"16\"", "hex-size-mm=\"16\" counter-size-mm=\"12.7\"", 1);
  a = load_ok (with->str);
  g_assert_cmpfloat (a->hex_map->counter_size_mm, ==, 12.7);
  out = save (a);
  g_assert_cmpstr (out, ==, with->str);

  tiny = g_string_new (t);
  g_string_replace (tiny, "hex-size-mm=\"16\"", "hex-size-mm=\"16\" counter-size-mm=\"3\"", 1);
  bad = mu_scenario_load_data (tiny->str, tiny->len, "tiny.muster", problems, NULL);
  text = problems_text (problems);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 1);
  g_assert_nonnull (strstr (text, "counter size 3 mm is too small"));
}

static MuScenario *
build_table_scenario (void)
{
  MuScenario *s = mu_scenario_new_table ("baa-table", 72, 48, MU_UNIT_INCH, "15mm");
  MuArea *wood = mu_area_new (MU_AREA_HILL);
  MuPolyline *road = mu_polyline_new (MU_LINE_ROAD);
  MuCounter *cmd, *unit;
  MuObjective *obj;
  MuReserve *res;
  MuPoint pts[] = { { 10, 4 }, { 18.25, 4 }, { 18.5, 12.125 }, { 10, 12 } };

  wood->id = g_strdup ("hill");
  wood->name = g_strdup ("Henry Hill & \"friends\" <1>");
  wood->level = 2;
  g_array_append_vals (wood->points, pts, 4);
  g_ptr_array_add (s->table->areas, wood);
  road->name = g_strdup ("Sudley Road");
  road->width = 0.5;
  g_array_append_vals (road->points, pts, 2);
  g_ptr_array_add (s->table->lines, road);
  g_ptr_array_add (s->table->labels, mu_label_new ("Bull Run", MU_HEX_NONE));
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x3b5998));
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0x8c8c8c));
  cmd = mu_counter_new (MU_COUNTER_COMMAND, "tyler", "usa");
  mu_ruleset_set_initial_values (NULL, cmd);
  cmd->name = g_strdup ("Tyler");
  mu_counter_set_int (cmd, "division", 1);
  cmd->place.kind = MU_PLACE_TABLE;
  cmd->place.pos = (MuPoint) { 12.5, 30 };
  cmd->place.facing = 90;
  g_ptr_array_add (s->counters, cmd);
  unit = mu_counter_new (MU_COUNTER_UNIT, "sherman", "usa");
  mu_ruleset_set_initial_values (NULL, unit);
  unit->name = g_strdup ("Sherman");
  mu_counter_set_int (unit, "identity", 1);
  unit->parent = g_strdup ("tyler");
  unit->note = g_strdup ("Line one\nline two & <three>");
  unit->place.kind = MU_PLACE_RESERVE;
  unit->place.reserve = g_strdup ("late");
  unit->place.formation = MU_FORMATION_COLUMN;
  g_ptr_array_add (s->counters, unit);
  obj = mu_objective_new ("henry");
  obj->name = g_strdup ("Henry House");
  obj->pos = (MuPoint) { 20, 20 };
  obj->radius = 3;
  g_ptr_array_add (s->objectives, obj);
  res = mu_reserve_new ("late", "usa");
  res->kind = MU_RESERVE_FLANK_MARCH;
  res->arrival = MU_ARRIVAL_ROLL;
  res->bound = 4;
  res->roll = 5;
  g_array_append_val (res->entry_points, pts[0]);
  g_ptr_array_add (s->reserves, res);
  mu_scenario_set_option (s, "baa.withdrawing", FALSE);
  return s;
}

static void
test_table_round_trip (void)
{
  g_autoptr(MuScenario) s = build_table_scenario ();
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autofree char *out1 = NULL, *out2 = NULL;
  g_autoptr(MuScenario) back = NULL;
  const MuCounter *c;

  mu_scenario_check (s, problems);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);

  out1 = save (s);
  back = load_ok (out1);
  out2 = save (back);
  g_assert_cmpstr (out1, ==, out2);

  g_assert_cmpint (back->board, ==, MU_BOARD_TABLE);
  g_assert_cmpfloat (back->table->width, ==, 72);
  g_assert_cmpstr (((MuArea *) back->table->areas->pdata[0])->name, ==, "Henry Hill & \"friends\" <1>");
  g_assert_cmpfloat (g_array_index (((MuArea *) back->table->areas->pdata[0])->points, MuPoint, 2).y, ==, 12.125);
  c = mu_scenario_find_counter (back, "sherman");
  g_assert_cmpstr (c->note, ==, "Line one\nline two & <three>");
  g_assert_cmpint (c->place.formation, ==, MU_FORMATION_COLUMN);
  c = mu_scenario_find_counter (back, "tyler");
  g_assert_cmpfloat (c->place.pos.x, ==, 12.5);
  g_assert_cmpfloat (c->place.facing, ==, 90);
  g_assert_cmpint (((MuReserve *) back->reserves->pdata[0])->arrival, ==, MU_ARRIVAL_ROLL);
  g_assert_false (mu_scenario_option (back, "baa.withdrawing", TRUE));
}

/* Options of type number (and on/off beside them) are stored in the model:
 * a scenario of the regimental ruleset with value="…" options loads, says
 * their values, saves byte for byte as read, and keeps them through a copy;
 * setting an option changes its kind. Old files (enabled="…" only) are the
 * other round-trip tests. One unit still carries its stands the way format 1
 * wrote Brothers at Arms values (strength="…", attack="…"). */
static void
test_typed_options (void)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios",
                                            "learning-qrs-big-bethel.muster", NULL);
  g_autofree char *original = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuScenario) copy = NULL;
  g_autofree char *out = NULL;
  const MuRuleOption *o;

  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  text = g_string_new (original);
  g_assert_cmpint (g_string_replace (text, "  <option key=\"qrs.combat-dice\" value=\"2\"/>\n",
                                     "  <option key=\"qrs.alternative-charge\" enabled=\"true\"/>\n"
                                     "  <option key=\"qrs.combat-dice\" value=\"3\"/>\n"
                                     "  <option key=\"qrs.figures-per-stand\" value=\"12\"/>\n", 1), ==, 1);
  g_assert_cmpint (g_string_replace (text, "formation=\"line\" arm=\"infantry\">\n"
                                     "    <note>Col. Abram Duryée's Zouaves",
                                     "formation=\"line\" arm=\"infantry\" strength=\"6\" attack=\"3\">\n"
                                     "    <note>Col. Abram Duryée's Zouaves", 1), ==, 1);
  g_assert_cmpint (g_string_replace (text, "Zouaves in red trousers; they attacked the works on the right.</note>\n"
                                     "    <value field=\"stands\">6</value>\n",
                                     "Zouaves in red trousers; they attacked the works on the right.</note>\n", 1), ==, 1);
  s = load_ok (text->str);
  g_assert_cmpuint (s->options->len, ==, 3);
  g_assert_true (mu_scenario_option (s, "qrs.alternative-charge", FALSE));
  g_assert_null (mu_scenario_option_value (s, "qrs.alternative-charge"));
  g_assert_cmpstr (mu_scenario_option_value (s, "qrs.combat-dice"), ==, "3");
  g_assert_cmpint (mu_scenario_option_number (s, "qrs.combat-dice", 2), ==, 3);
  g_assert_cmpint (mu_scenario_option_number (s, "qrs.figures-per-stand", 1), ==, 12);
  g_assert_cmpint (mu_scenario_option_number (s, "mn.activation-dice", 2), ==, 2);
  o = g_ptr_array_index (s->options, 1);
  g_assert_cmpint (o->line, ==, 20);

  /* The first save leaves out the Brothers at Arms values the regimental
   * ruleset does not declare and writes its stand count as a <value>; from
   * then on the file saves as read, options and all. */
  out = save (s);
  g_assert_null (strstr (out, " attack=\""));
  g_assert_null (strstr (out, " strength=\""));
  g_assert_nonnull (strstr (out, "right.</note>\n    <value field=\"stands\">6</value>"));
  g_assert_nonnull (strstr (out, "  <option key=\"qrs.combat-dice\" value=\"3\"/>\n"));
  {
    g_autoptr(MuScenario) again = load_ok (out);
    g_autofree char *out2 = save (again);

    g_assert_cmpstr (out2, ==, out);
  }

  copy = mu_scenario_copy (s);
  g_assert_cmpint (mu_scenario_option_number (copy, "qrs.combat-dice", 2), ==, 3);
  mu_scenario_set_option_value (copy, "qrs.combat-dice", "4");
  g_assert_cmpint (mu_scenario_option_number (copy, "qrs.combat-dice", 2), ==, 4);
  g_assert_cmpint (mu_scenario_option_number (s, "qrs.combat-dice", 2), ==, 3);
  mu_scenario_set_option (copy, "qrs.combat-dice", TRUE);
  g_assert_null (mu_scenario_option_value (copy, "qrs.combat-dice"));
  mu_scenario_set_option_value (copy, "qrs.new-one", "5");
  g_assert_cmpint (mu_scenario_option_number (copy, "qrs.new-one", 0), ==, 5);
  g_clear_pointer (&out, g_free);
  out = save (copy);
  g_assert_nonnull (strstr (out, "<option key=\"qrs.combat-dice\" enabled=\"true\"/>"));
  g_assert_nonnull (strstr (out, "<option key=\"qrs.new-one\" value=\"5\"/>"));
}

/* The writer does not depend on the locale's decimal separator. */
static void
test_determinism (void)
{
  g_autoptr(MuScenario) s = build_table_scenario ();
  g_autoptr(MuScenario) copy = mu_scenario_copy (s);
  g_autofree char *a = save (s);
  g_autofree char *b = save (s);
  g_autofree char *c = save (copy);
  g_autofree char *d = NULL;
  const char *locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "C.UTF-8" };

  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, ==, c);
  g_assert_nonnull (strstr (a, "points=\"10,4 18.25,4 18.5,12.125 10,12\""));
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    if (setlocale (LC_NUMERIC, locales[i]) != NULL)
      {
        d = save (s);
        g_assert_cmpstr (a, ==, d);
        g_clear_pointer (&d, g_free);
      }
  setlocale (LC_NUMERIC, "C");
}

/* Extensions and comments ------------------------------------------------------- */

static void
test_extensions_kept (void)
{
  g_autofree char *t1 = template_with ("<side id=\"usa\" name=\"Union\" colour=\"#3b5998\"/>",
                                       "<side id=\"usa\" name=\"Union\" colour=\"#3b5998\" x:rank=\"1 &amp; 2\" xmlns:x=\"urn:example:x\">"
                                       "<x:flag colour=\"blue\"><x:stars n=\"34\"/>text</x:flag></side>");
  g_autofree char *t2 = NULL;
  g_autofree char *t3 = NULL;
  g_autofree char *out1 = NULL, *out2 = NULL;
  g_autoptr(MuScenario) a = NULL;
  g_autoptr(MuScenario) b = NULL;
  const MuSide *side;

  t2 = g_strdup (t1);
  {
    /* Root-level extensions, a comment inside and after the last element. */
    char *root = strstr (t2, "<scenario ");
    char *end = strstr (t2, "</scenario>");
    GString *s = g_string_new_len (t2, root - t2);

    g_string_append (s, "<scenario xmlns:y=\"urn:example:y\" y:tool=\"editor 2\" ");
    g_string_append_len (s, root + strlen ("<scenario "), end - (root + strlen ("<scenario ")));
    g_string_append (s, "<y:layer name=\"notes\"/>\n  <!-- closing remark -->\n</scenario>\n");
    t3 = g_string_free (s, FALSE);
  }

  a = load_ok (t3);
  side = mu_scenario_find_side (a, "usa");
  g_assert_nonnull (side->extra.attributes);
  g_assert_nonnull (side->extra.elements);
  out1 = save (a);
  g_assert_nonnull (strstr (out1, "x:rank=\"1 &amp; 2\""));
  g_assert_nonnull (strstr (out1, "<x:stars n=\"34\"/>text</x:flag>"));
  g_assert_nonnull (strstr (out1, "y:tool=\"editor 2\""));
  g_assert_nonnull (strstr (out1, "<y:layer xmlns:y=\"urn:example:y\" name=\"notes\"/>"));
  g_assert_nonnull (strstr (out1, "  <!-- closing remark -->\n</scenario>"));
  /* The template's comments survive too. */
  g_assert_nonnull (strstr (out1, "<!-- Order of battle:"));
  g_assert_nonnull (strstr (out1, "<!-- template.muster:"));

  b = load_ok (out1);
  out2 = save (b);
  g_assert_cmpstr (out1, ==, out2);

  /* A copy keeps them as well. */
  {
    g_autoptr(MuScenario) c = mu_scenario_copy (b);
    g_autofree char *out3 = save (c);

    g_assert_cmpstr (out1, ==, out3);
  }
}

/* Comments and processing instructions around the root survive unchanged. */
static void
test_prolog_epilog (void)
{
  g_autofree char *t = read_template ();
  g_autofree char *with = NULL;
  g_autofree char *out = NULL;
  g_autoptr(MuScenario) s = NULL;
  const char *decl_end = strchr (t, '\n') + 1;

  with = g_strdup_printf ("%.*s<?xml-stylesheet type=\"text/xsl\" href=\"muster.xsl\"?>\n%s"
                          "<!-- after the root -->\n<?done?>\n",
                          (int) (decl_end - t), t, decl_end);
  s = load_ok (with);
  out = save (s);
  g_assert_cmpstr (out, ==, with);
}

/* Atomic save ---------------------------------------------------------------------- */

static void
test_atomic_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(MuScenario) s = build_table_scenario ();
  g_autoptr(MuScenario) back = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "battle.muster", NULL);
  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));

  /* A successful save replaces the file and leaves no temporary behind. */
  g_assert_true (mu_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  back = mu_scenario_load_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);

  /* A failing save (the directory cannot take the temporary file) keeps the
   * old file as it was. */
  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  if (geteuid () != 0)   /* root writes into read-only directories */
    {
      g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
      g_assert_false (mu_scenario_save_file (s, path, &error));
      g_assert_error (error, MU_ERROR, MU_ERROR_IO);
      g_clear_error (&error);
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      g_clear_pointer (&contents, g_free);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old contents");
    }

  /* A save that cannot write the whole file (here: the file size limit, as
   * on a full disk) keeps the old file and leaves no temporary behind. */
  {
    struct rlimit old_limit, limit;
    void (*old_handler) (int);
    gboolean ok;

    g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
    g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
    limit = old_limit;
    limit.rlim_cur = 100;
    old_handler = signal (SIGXFSZ, SIG_IGN);
    g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
    ok = mu_scenario_save_file (s, path, &error);
    g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
    signal (SIGXFSZ, old_handler);
    g_assert_false (ok);
    g_assert_error (error, MU_ERROR, MU_ERROR_IO);
    g_clear_error (&error);
    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, "old contents");
    g_clear_pointer (&d, g_dir_close);
    n = 0;
    d = g_dir_open (dir, 0, NULL);
    while ((name = g_dir_read_name (d)) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }

  /* Replacing a file keeps its permissions. */
  {
    GStatBuf st;

    g_assert_cmpint (g_chmod (path, 0600), ==, 0);
    g_assert_true (mu_scenario_save_file (s, path, &error));
    g_assert_no_error (error);
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  }

  /* Saving into a missing directory fails cleanly. */
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "x.muster", NULL);

    g_assert_false (mu_scenario_save_file (s, bad, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* Problems ------------------------------------------------------------------------ */

typedef struct {
  const char *old;
  const char *new;
  const char *needle;    /* locates the line; NULL = new */
  const char *message;
} CheckCase;

static const CheckCase check_cases[] = {
  { "id=\"csa-1-2\"", "id=\"usa-1-1\"", "name=\"Sharpshooters\"", "duplicate id “usa-1-1”" },
  { "<side id=\"csa\" name=\"Confederate\"", "<side id=\"usa\" name=\"Confederate\"", NULL, "duplicate side id “usa”" },
  { "id=\"usa-bty\" side=\"usa\"", "id=\"usa-bty\" side=\"prussia\"", NULL, "refers to side “prussia”, which is not defined" },
  { "name=\"1st Brigade\" parent=\"usa-1\"", "name=\"1st Brigade\" parent=\"usa-9\"", NULL, "parent “usa-9” is not a counter" },
  { "name=\"1st Brigade\" parent=\"usa-1\"", "name=\"1st Brigade\" parent=\"usa-army\"", NULL, "is a control counter, not a command counter" },
  { "reserve=\"usa-reserve\"", "reserve=\"nope\"", NULL, "reserve “nope” is not defined" },
  { "at=\"0305\" identity=\"star\"", "at=\"0305\" identity=\"7\"", NULL, "division 7 has no command counter on side “usa”" },
  { "attack=\"5\"", "attack=\"9\"", NULL, "attack 9 is out of range (2 to 6)" },
  { "attack=\"5\"", "attack=\"1\"", NULL, "attack 1 is out of range (2 to 6)" },
  { "range=\"3\"", "range=\"0\"", NULL, "range 0 is out of range (at least 1)" },
  { "strength=\"2\"", "strength=\"0\"", NULL, "strength 0 is out of range (1 to 99)" },
  { "leadership=\"2\"", "leadership=\"7\"", NULL, "leadership 7 is out of range (1 to 6)" },
  { "at=\"0703\"", "at=\"1203\"", NULL, "is at hex 1203, which is off the 10 × 8 board" },
  { "at=\"0305\" identity", "at=\"0106\" identity", NULL, "starts on impassable hex 0106" },
  { "at=\"0902\" owner", "at=\"0999\" owner", NULL, "objective “round-hill” is at hex 0999, which is off" },
  { " entry=\"0104 0105\" edge=\"w\"", "", "<reserve ", "has no entry" },
  { "hexes=\"0103 0203", "hexes=\"0103 0503", NULL, "hexes 0103 and 0503 are not adjacent" },
  { "<row n=\"3\">open*3", "<row n=\"3\">open*4", NULL, "terrain row 3 is longer than the board's 10 columns" },
  { "<row n=\"2\">0000001221", "<row n=\"2\">000000122x", NULL, "elevation row 2: “x” is not a level 0 to 9" },
  { "<hexside at=\"0501\" dir=\"se\"", "<hexside at=\"0501\" dir=\"w\"", NULL, "“w” is not a direction on a flat-top board" },
  { "ruleset=\"baa-hex\"", "ruleset=\"toy-soldiers\"", "<scenario ", "is played on a table" },
  { "strength=\"1\"", "strength=\"123456789012\"", NULL, "strength=\"123456789012\" is not a usable whole number" },
  { "cols=\"10\"", "cols=\"5000\"", NULL, "a board of 5000 × 8 hexes is not possible" },
  { "dusk=\"16:30\"", "dusk=\"04:00\"", NULL, "dawn must come before dusk" },
  { "<side id=\"usa\" name=\"Union\"", "<side id=\"usa\" nmae=\"x\" name=\"Union\"", NULL, "<side>: attribute nmae=\"x\" is unknown or its value is not allowed" },
  { "<author>Muster</author>", "<author>Muster</autor>", NULL, "Opening and ending tag mismatch" },
};

static void
test_checks (gconstpointer data)
{
  const CheckCase *cc = data;
  g_autofree char *text = template_with (cc->old, cc->new);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *all = NULL;
  g_autofree char *want = NULL;
  int line = line_of (text, cc->needle ? cc->needle : cc->new);

  s = mu_scenario_load_data (text, strlen (text), "case.muster", problems, &error);
  g_assert_null (s);
  g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
  all = problems_text (problems);
  want = g_strdup_printf ("case.muster:%d: error: ", line);
  {
    /* The message is on the expected line. */
    gboolean found = FALSE;

    for (guint i = 0; i < problems->len; i++)
      {
        const MuProblem *p = g_ptr_array_index (problems, i);
        g_autofree char *str = mu_problem_to_string (p);

        if (strstr (p->message, cc->message) && g_str_has_prefix (str, want))
          found = TRUE;
      }
    if (!found)
      g_error ("expected “%s%s” among:\n%s", want, cc->message, all);
  }
}

/* Two sides of one name load, with a warning on the second's line: the
 * players could not tell them apart (New Match would list both). */
static void
test_same_side_names (void)
{
  g_autofree char *text = template_with ("<side id=\"csa\" name=\"Confederate\"",
                                         "<side id=\"csa\" name=\"Union\"");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_data (text, strlen (text), "case.muster", problems, &error);
  g_autofree char *want = g_strdup_printf ("case.muster:%d: warning: ", line_of (text, "<side id=\"csa\""));
  gboolean found = FALSE;

  g_assert_no_error (error);
  g_assert_nonnull (s);
  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);
      g_autofree char *str = mu_problem_to_string (p);

      if (g_str_has_prefix (str, want) && strstr (p->message, "two sides are named “Union”"))
        found = TRUE;
    }
  g_assert_true (found);
}

static void
test_all_problems (void)
{
  g_autofree char *t1 = template_with ("attack=\"5\"", "attack=\"9\"");
  g_autofree char *t2 = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  {
    const char *at = strstr (t1, "range=\"3\"");
    GString *str = g_string_new_len (t1, at - t1);

    g_string_append (str, "range=\"0\"");
    g_string_append (str, at + strlen ("range=\"3\""));
    t2 = g_string_free (str, FALSE);
  }
  s = mu_scenario_load_data (t2, strlen (t2), NULL, problems, NULL);
  g_assert_null (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 2);
}

/* Counters are validated apart from the rest of the file (data/muster-counters.rng):
 * every invalid counter is named on its own line, a missing attribute too, whose
 * libxml2 message names no node. */
static void
test_counter_problems (void)
{
  g_autofree char *t1 = template_with (" name=\"Battery A\"", "");
  g_autofree char *t2 = NULL;
  g_autofree char *t3 = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  g_autofree char *all = NULL;
  g_autofree char *missing = NULL, *bad_value = NULL, *bad_bool = NULL;

  {
    const char *at = strstr (t1, "strength=\"2\" abilities");
    GString *str = g_string_new_len (t1, at - t1);

    g_string_append (str, "strength=\"two\" abilities");
    g_string_append (str, at + strlen ("strength=\"2\" abilities"));
    t2 = g_string_free (str, FALSE);
  }
  {
    const char *at = strstr (t2, "exceptional=\"true\"");
    GString *str = g_string_new_len (t2, at - t2);

    g_string_append (str, "exceptional=\"maybe\"");
    g_string_append (str, at + strlen ("exceptional=\"true\""));
    t3 = g_string_free (str, FALSE);
  }
  s = mu_scenario_load_data (t3, strlen (t3), "c.muster", problems, NULL);
  g_assert_null (s);
  all = problems_text (problems);
  missing = g_strdup_printf ("c.muster:%d: error: not a valid scenario: <unit>: a required attribute is missing",
                             line_of (t3, "id=\"usa-bty\""));
  bad_value = g_strdup_printf ("c.muster:%d: error: not a valid scenario: <unit>: attribute strength=\"two\" is unknown",
                               line_of (t3, "id=\"csa-1-2\""));
  bad_bool = g_strdup_printf ("c.muster:%d: error: not a valid scenario: <command>: attribute exceptional=\"maybe\" is unknown",
                              line_of (t3, "id=\"csa-1\""));
  g_assert_nonnull (strstr (all, missing));
  g_assert_nonnull (strstr (all, bad_value));
  g_assert_nonnull (strstr (all, bad_bool));
  /* The type's own complaint repeats the attribute's message. */
  g_assert_null (strstr (all, "doesn't allow value"));
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 3);
}

/* What the editor could put in a model but a file cannot hold is reported. */
static void
test_unsavable_model (void)
{
  g_autoptr(MuScenario) s = build_table_scenario ();
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  MuCounter *c = mu_scenario_find_counter (s, "sherman");
  g_autofree char *all = NULL;

  g_free (c->id);
  c->id = g_strdup ("two words");
  g_free (c->name);
  c->name = g_strdup ("bell\a");
  mu_scenario_check (s, problems);
  all = problems_text (problems);
  g_assert_nonnull (strstr (all, "“two words” is not a valid id"));
  g_assert_nonnull (strstr (all, "contains characters that cannot be saved"));
}

/* Decimals beyond the fourth are rounded on load, as the writer would. */
static void
test_number_rounding (void)
{
  g_autofree char *t = template_with ("dy=\"-0.4\"", "dy=\"-0.400049\"");
  g_autoptr(MuScenario) s = load_ok (t);
  g_autofree char *out = save (s);
  const MuLabel *l = g_ptr_array_index (s->hex_map->labels, 0);

  g_assert_cmpfloat (l->dy, ==, -0.4);
  g_assert_nonnull (strstr (out, "dy=\"-0.4\""));
}

/* Devices, directories and missing files are refused without reading. */
static void
test_not_regular (void)
{
  const char *const paths[] = { "/dev/zero", "/", "/nonexistent/x.muster" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) s = mu_scenario_load_file (paths[i], problems, &error);

      g_assert_null (s);
      g_assert_error (error, MU_ERROR, MU_ERROR_IO);
      g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 1);
    }
}

static void
test_problem_format (void)
{
  MuProblem *p = mu_problem_new (MU_PROBLEM_ERROR, "a.muster", 12, "bad %s", "thing");
  MuProblem *w = mu_problem_new (MU_PROBLEM_WARNING, NULL, 0, "careful");
  g_autofree char *ps = mu_problem_to_string (p);
  g_autofree char *ws = mu_problem_to_string (w);
  g_autoptr(GPtrArray) list = mu_problem_list_new ();

  g_assert_cmpstr (ps, ==, "a.muster:12: error: bad thing");
  g_assert_cmpstr (ws, ==, "(unsaved): warning: careful");
  g_ptr_array_add (list, p);
  g_ptr_array_add (list, w);
  g_assert_cmpuint (mu_problem_list_n_errors (list), ==, 1);
}

/* The loader reads a plain <hex> or <hexside> as the parser meets it and
 * keeps only its values (mu-scenario-xml-bulk.c): blanks around values and
 * words, character references, any order of attributes and more than one
 * feature give the model the canonical form gives. */
static void
test_board_elements_as_written (void)
{
  static const char *const forms[][2] = {
    { "<hex at=\"0504\" features=\"buildings\"/>",
      "<hex features=\" ford\n  buildings \" at=\" &#48;504\"/>" },
    { "<hexside at=\"0501\" dir=\"se\" features=\"stream\"/>",
      "<hexside dir=\"se \" features=\"hedge\tstream\" at=\"0501\"></hexside>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *plain = NULL;
      g_autofree char *written = template_with (forms[i][0], forms[i][1]);
      g_autoptr(MuScenario) a = NULL;
      g_autoptr(MuScenario) b = NULL;
      g_autofree char *saved_a = NULL;
      g_autofree char *saved_b = NULL;

      /* the canonical element with the same two features */
      plain = template_with (forms[i][0],
                             i == 0 ? "<hex at=\"0504\" features=\"buildings ford\"/>"
                                    : "<hexside at=\"0501\" dir=\"se\" features=\"stream hedge\"/>");
      a = load_ok (plain);
      b = load_ok (written);
      saved_a = save (a);
      saved_b = save (b);
      g_assert_cmpstr (saved_b, ==, saved_a);
    }
  {
    g_autofree char *t = template_with ("<hex at=\"0504\" features=\"buildings\"/>",
                                        "<hex at=\"0504\" features=\"buildings ford\"/>");
    g_autoptr(MuScenario) s = load_ok (t);
    const MuHexCell *cell = mu_hex_map_cell (s->hex_map, (MuHex) { 5, 4 });

    g_assert_nonnull (cell);
    g_assert_cmpuint (cell->features, ==, MU_HEX_FEATURE_BUILDINGS | MU_HEX_FEATURE_FORD);
  }
}

static void
test_unplaced_is_warning (void)
{
  g_autofree char *t = template_with (" at=\"0305\" identity=\"star\"", " identity=\"star\"");
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = mu_scenario_load_data (t, strlen (t), "w.muster", problems, NULL);

  g_assert_nonnull (s);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (((MuProblem *) problems->pdata[0])->severity, ==, MU_PROBLEM_WARNING);
}

static void
test_schema_path (void)
{
  const char *path = mu_schema_path ();

  g_assert_nonnull (path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_str_has_suffix (path, "muster.rng"));
}

static void
test_hostile_inline (void)
{
  static const char *const inputs[] = {
    "",
    "<",
    "<?xml version=\"1.0\"?>",
    "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"baa-hex\"/>",
    "<!DOCTYPE x [<!ENTITY a \"aaaa\">]><x>&a;</x>",
    "\xef\xbb\xbf<scenario/>",
    "<scenario xmlns=\"https://muster.github.io/ns/scenario/1\" format=\"1\" ruleset=\"baa-hex\">"
    "<title>x</title><hex-map cols=\"999\" rows=\"999\" orientation=\"pointy\" offset=\"odd\">"
    "<terrain><row n=\"999\">water*999</row></terrain></hex-map></scenario>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) s = mu_scenario_load_data (inputs[i], strlen (inputs[i]), "h.muster",
                                                       problems, &error);

      if (s == NULL)
        {
          g_assert_nonnull (error);
          g_assert_cmpuint (mu_problem_list_n_errors (problems), >, 0);
        }
    }
}

/* The template with INSERT just before </scenario>, which is on its line. */
static char *
template_ending_with (const char *insert)
{
  g_autofree char *end = g_strconcat (insert, "</scenario>", NULL);

  return template_with ("</scenario>", end);
}

/* A run of N copies of C. */
static char *
run_of (char  c,
        gsize n)
{
  char *r = g_malloc (n + 1);

  memset (r, c, n);
  r[n] = '\0';
  return r;
}

/* Nested extension elements, DEPTH of them. */
static char *
nest (guint depth)
{
  GString *s = g_string_new ("<x:a xmlns:x=\"urn:x\">");

  for (guint i = 1; i < depth; i++)
    g_string_append (s, "<x:a>");
  for (guint i = 0; i < depth; i++)
    g_string_append (s, "</x:a>");
  g_string_append (s, "\n");
  return g_string_free (s, FALSE);
}

/* libxml2's limits are named with their size and where they were met, never
 * by the option that lifts them ("use XML_PARSE_HUGE option"), and the
 * parser's echoes after the first message are left out. Scenarios are
 * refused past 250 levels, so that a saved match (two levels more) still
 * reads them. */
static void
test_parser_limits (void)
{
  g_autofree char *big = run_of ('v', 10000001);
  g_autofree char *long_name = run_of ('n', 50001);
  g_autofree char *comment = g_strdup_printf ("<!--%s-->\n", big);
  g_autofree char *attribute = g_strdup_printf ("<x:e xmlns:x=\"urn:x\" v=\"%s\"/>\n", big);
  g_autofree char *cdata = g_strdup_printf ("<x:e xmlns:x=\"urn:x\"><![CDATA[%s]]></x:e>\n", big);
  g_autofree char *element = g_strdup_printf ("<%s/>\n", long_name);
  g_autofree char *attr_name = g_strdup_printf ("<x:e xmlns:x=\"urn:x\" %s=\"1\"/>\n", long_name);
  g_autofree char *deep = nest (249);  /* under <scenario>: 250 levels in all */
  g_autofree char *deeper = nest (250);
  const struct {
    const char *insert, *message;
  } cases[] = {
    { comment, "a comment is longer than 10,000,000 characters, the limit of the XML parser" },
    { attribute, "an attribute value is longer than 10,000,000 characters, the limit of the XML parser" },
    { cdata, "a CDATA section is longer than 10,000,000 characters, the limit of the XML parser" },
    { element, "a name is longer than 50,000 characters, the limit of the XML parser" },
    { attr_name, "a name is longer than 50,000 characters, the limit of the XML parser" },
    { deeper, "elements are nested more than 250 deep; a scenario needs only a few levels" },
  };

  g_test_summary ("the XML parser's limits in words a person can act on");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *data = template_ending_with (cases[i].insert);
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) s = mu_scenario_load_data (data, strlen (data), "big.muster", problems, &error);
      g_autofree char *text = problems_text (problems);
      g_autofree char *expected = g_strdup_printf ("big.muster:%d: error: %s\n",
                                                   line_of (data, cases[i].insert), cases[i].message);

      g_assert_null (s);
      g_assert_error (error, MU_ERROR, MU_ERROR_INVALID);
      g_assert_cmpstr (text, ==, expected);
    }
  {
    g_autofree char *fits = template_ending_with (deep);
    g_autoptr(MuScenario) s = load_ok (fits);

    g_assert_nonnull (s);
  }
}

static void
on_load_progress (double   fraction,
                  gpointer data)
{
  GArray *seen = data;

  g_array_append_val (seen, fraction);
}

/* Loading reports its stages in order and stops when cancelled. */
static void
test_load_progress_and_cancel (void)
{
  g_autofree char *path = g_build_filename (MUSTER_SOURCE_DATADIR, "..", "scenarios",
                                            "template.muster", NULL);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = NULL;

  s = mu_scenario_load_file_full (path, MU_LOAD_DEFAULT, NULL, on_load_progress, seen, cancellable,
                                  &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (seen->len, >=, 4);
  for (guint i = 1; i < seen->len; i++)
    g_assert_cmpfloat (g_array_index (seen, double, i), >, g_array_index (seen, double, i - 1));
  g_assert_cmpfloat (g_array_index (seen, double, seen->len - 1), <=, 1.0);

  g_cancellable_cancel (cancellable);
  g_array_set_size (seen, 0);
  g_clear_pointer (&s, mu_scenario_free);
  s = mu_scenario_load_file_full (path, MU_LOAD_DEFAULT, NULL, on_load_progress, seen, cancellable,
                                  &error);
  g_assert_null (s);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (seen->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/xml/template-round-trip", test_template_round_trip);
  g_test_add_func ("/engine/xml/load-progress-and-cancel", test_load_progress_and_cancel);
  g_test_add_func ("/engine/xml/table-round-trip", test_table_round_trip);
  g_test_add_func ("/engine/xml/typed-options", test_typed_options);
  g_test_add_func ("/engine/xml/counter-size", test_counter_size);
  g_test_add_func ("/engine/xml/determinism", test_determinism);
  g_test_add_func ("/engine/xml/extensions-kept", test_extensions_kept);
  g_test_add_func ("/engine/xml/prolog-epilog", test_prolog_epilog);
  g_test_add_func ("/engine/xml/atomic-save", test_atomic_save);
  g_test_add_func ("/engine/xml/all-problems", test_all_problems);
  g_test_add_func ("/engine/xml/board-elements-as-written", test_board_elements_as_written);
  g_test_add_func ("/engine/xml/counter-problems", test_counter_problems);
  g_test_add_func ("/engine/xml/problem-format", test_problem_format);
  g_test_add_func ("/engine/xml/not-regular", test_not_regular);
  g_test_add_func ("/engine/xml/unsavable-model", test_unsavable_model);
  g_test_add_func ("/engine/xml/number-rounding", test_number_rounding);
  g_test_add_func ("/engine/xml/unplaced-is-warning", test_unplaced_is_warning);
  g_test_add_func ("/engine/xml/schema-path", test_schema_path);
  g_test_add_func ("/engine/xml/hostile-inline", test_hostile_inline);
  g_test_add_func ("/engine/xml/parser-limits", test_parser_limits);
  g_test_add_func ("/engine/xml/same-side-names", test_same_side_names);
  for (guint i = 0; i < G_N_ELEMENTS (check_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/xml/check/%u", i);

      g_test_add_data_func (path, &check_cases[i], test_checks);
    }
  return g_test_run ();
}
