/* test-baa-table.c: baa-table's scale tables and what it shares with baa-hex
 *
 * Table-driven: Tables S1, S2 and S4 of the digest for every listed figure
 * scale in both units (BAT-GEN-2, BAT-MOV-1), the nearest listed scale for the
 * others (BAT-AMB-45), the range conversions of BAT-EX-1/2/16, and the
 * victory levels of BAT-OBJ-4 (BAT-EX-17) and the hold counter (BAT-OBJ-2);
 * contact, range and allowance decided alike anywhere on the table (TAB-4).
 * Expectations are the digest's numbers.
 */
#define G_LOG_DOMAIN "test-baa-table"

#include "config.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "baa-table-private.h"
#include "legal-lines.h"
#include "mu-match.h"
#include "mu-policy.h"
#include "mu-problem.h"
#include "mu-scenario-xml.h"

static const struct {
  const char *scale;
  MuLengthUnit unit;
  double u, inf, cav, cdr, visible;
} scales[] = {
  /* Table S1 (U), Table S2 (infantry and artillery, cavalry, commanders), Table S4 */
  { "6mm", MU_UNIT_CM, 5, 10, 20, 15, 2.5 },
  { "6mm", MU_UNIT_INCH, 2, 4, 8, 6, 1 },
  { "15mm", MU_UNIT_CM, 10, 20, 40, 30, 5 },
  { "15mm", MU_UNIT_INCH, 4, 8, 16, 12, 2 },
  { "25mm", MU_UNIT_CM, 20, 40, 80, 60, 10 },
  { "25mm", MU_UNIT_INCH, 8, 16, 32, 24, 4 },
  /* BAT-AMB-45: 2 and 3 mm use 6 mm; 10 and 20 mm use 15 mm; 28 mm 25 mm */
  { "2mm", MU_UNIT_INCH, 2, 4, 8, 6, 1 },
  { "3mm", MU_UNIT_CM, 5, 10, 20, 15, 2.5 },
  { "10mm", MU_UNIT_INCH, 4, 8, 16, 12, 2 },
  { "20mm", MU_UNIT_CM, 10, 20, 40, 30, 5 },
  { "28mm", MU_UNIT_INCH, 8, 16, 32, 24, 4 },
};

static void
test_scale (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      MuTableMap *t = mu_table_map_new (72, 48, scales[i].unit, scales[i].scale);
      BatScale s;

      bat_scale_init (&s, t);
      g_test_message ("%s %s", scales[i].scale, scales[i].unit == MU_UNIT_CM ? "cm" : "in");
      g_assert_cmpfloat (s.u, ==, scales[i].u);
      g_assert_cmpfloat (s.move[MU_ARM_INFANTRY], ==, scales[i].inf);
      g_assert_cmpfloat (s.move[MU_ARM_ARTILLERY], ==, scales[i].inf);
      g_assert_cmpfloat (s.move[MU_ARM_RIVERBOAT], ==, scales[i].inf);
      g_assert_cmpfloat (s.move[MU_ARM_CAVALRY], ==, scales[i].cav);
      g_assert_cmpfloat (s.move_commander, ==, scales[i].cdr);
      g_assert_cmpfloat (s.visible, ==, scales[i].visible);
      /* Table S2 is the hex rates times U: 2, 4 and 3 */
      g_assert_cmpfloat (s.move[MU_ARM_INFANTRY], ==, 2 * s.u);
      g_assert_cmpfloat (s.move[MU_ARM_CAVALRY], ==, 4 * s.u);
      g_assert_cmpfloat (s.move_commander, ==, 3 * s.u);
      mu_table_map_free (t);
    }
}

/* BAT-AMB-2: one measuring system per game, no conversion between them: a
 * centimetre table uses the centimetre column, which is not the inch
 * column converted (10 cm is not quite 4 in). */
static void
test_units (void)
{
  MuTableMap *cm = mu_table_map_new (180, 120, MU_UNIT_CM, "15mm");
  MuTableMap *in = mu_table_map_new (72, 48, MU_UNIT_INCH, "15mm");
  BatScale c, i;

  bat_scale_init (&c, cm);
  bat_scale_init (&i, in);
  g_assert_cmpfloat (c.u, ==, 10);
  g_assert_cmpfloat (i.u, ==, 4);
  g_assert_cmpfloat (fabs (c.u - i.u * 2.54), >, 0.1);
  g_assert_cmpfloat (fabs (c.move[MU_ARM_CAVALRY] - i.move[MU_ARM_CAVALRY] * 2.54), >, 0.4);
  mu_table_map_free (cm);
  mu_table_map_free (in);
}

/* BAT-EX-1, BAT-EX-2, BAT-EX-16: range value x U; at night at most 1 U. */
static void
test_ranges (void)
{
  static const struct {
    const char *scale;
    int range;
    double cm, in;
  } ex[] = {
    { "15mm", 2, 20, 8 },     /* BAT-EX-1 */
    { "6mm", 3, 15, 6 },      /* BAT-EX-2 */
    { "25mm", 1, 20, 8 },
    { "25mm", 4, 80, 32 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ex); i++)
    for (int u = 0; u < 2; u++)
      {
        MuTableMap *t = mu_table_map_new (72, 48, u ? MU_UNIT_INCH : MU_UNIT_CM, ex[i].scale);
        BatScale s;

        bat_scale_init (&s, t);
        g_assert_cmpfloat (ex[i].range * s.u, ==, u ? ex[i].in : ex[i].cm);
        mu_table_map_free (t);
      }
}

/* BAT-OBJ-4, BAT-EX-17: 4 held against 1 is decisive; equal is a draw. */
static void
test_victory (void)
{
  static const struct { int a, b; const char *level; } ex[] = {
    { 4, 1, "decisive" }, { 2, 2, "draw" }, { 3, 2, "tactical" }, { 1, 3, "tactical" },
    { 6, 2, "decisive" }, { 6, 1, "complete" }, { 0, 6, "complete" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ex); i++)
    g_assert_cmpstr (baa_common_victory_level (ex[i].a - ex[i].b), ==, ex[i].level);
}

/* BAT-OBJ-2, BAT-AMB-29: three consecutive checks claim; an interruption
 * starts again; BAT-OBJ-3: the owner keeps it when nobody is there. */
static void
test_hold (void)
{
  BaaHold h = { BAA_COMMON_NONE, BAA_COMMON_NONE, 0 };

  g_assert_cmpint (baa_common_hold_check (&h, 0), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (baa_common_hold_check (&h, 0), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (baa_common_hold_check (&h, BAA_COMMON_NONE), ==, BAA_HOLD_NOTHING);
  g_assert_cmpint (h.hold_count, ==, 0);
  g_assert_cmpint (baa_common_hold_check (&h, 0), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (baa_common_hold_check (&h, 0), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (baa_common_hold_check (&h, 0), ==, BAA_HOLD_CLAIMED);
  g_assert_cmpint (h.owner, ==, 0);
  g_assert_cmpint (baa_common_hold_check (&h, BAA_COMMON_NONE), ==, BAA_HOLD_NOTHING);
  g_assert_cmpint (h.owner, ==, 0);
  g_assert_cmpint (baa_common_hold_check (&h, 1), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (baa_common_hold_check (&h, 1), ==, BAA_HOLD_COUNTED);
  g_assert_cmpint (h.owner, ==, 0);
  g_assert_cmpint (baa_common_hold_check (&h, 1), ==, BAA_HOLD_CLAIMED);
  g_assert_cmpint (h.owner, ==, 1);
}

/* BAT-OBJ-2: an objective is held within 1 U of its point, whatever
 * radius the scenario draws around it; a radius that is not 1 U draws a
 * circle the rules do not use, so the check warns of it. */
static void
test_objective_radius (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "learning-table-blackburns-ford.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  MuObjective *o;
  guint warned = 0;

  g_assert_no_error (error);
  g_assert_nonnull (s);
  /* the shipped scenario draws 4 in, its U at 15 mm: nothing to say */
  for (guint i = 0; i < problems->len; i++)
    g_assert_null (strstr (((MuProblem *) g_ptr_array_index (problems, i))->message, "BAT-OBJ-2"));
  o = mu_scenario_find_objective (s, "the-ford");
  g_assert_nonnull (o);
  o->radius = 10;
  g_ptr_array_set_size (problems, 0);
  mu_scenario_check (s, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (problems, i);

      if (strstr (p->message, "BAT-OBJ-2"))
        {
          g_assert_cmpint (p->severity, ==, MU_PROBLEM_WARNING);
          g_assert_cmpstr (p->object_id, ==, "the-ford");
          g_assert_nonnull (strstr (p->message, "the-ford"));
          warned++;
        }
    }
  g_assert_cmpuint (warned, ==, 1);
}

/* The messages of problems naming rule `rule`, one a line, as printed. */
static char *
problems_naming (const GPtrArray *problems, const char *rule)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, i));

      if (strstr (line, rule))
        g_string_append_printf (out, "%s\n", line);
    }
  return g_string_free (out, FALSE);
}

/* BAT-MOV-4, BAT-AMB-38, TAB-13: the check judges a set-up position with
 * the function `place` judges it with: a line on both banks and a
 * commander in the river, away from the ford, are errors; the line across
 * the ford and the river boat on the river (BAT-MOV-11) are not. */
static void
test_check_astride (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "hostile",
                                                 "table-stand-astride-river.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autofree char *got = problems_naming (problems, "BAT-MOV-4");
  g_autofree char *want =
    g_strdup_printf ("%s:12: error: command “c1”: stands in or across river “Bull Run” away from a ford or "
                     "bridge (BAT-MOV-4)\n"
                     "%s:13: error: unit “astride”: stands in or across river “Bull Run” away from a ford "
                     "or bridge (BAT-MOV-4)\n",
                     path, path);

  g_assert_null (s);
  g_assert_cmpstr (got, ==, want);
}

/* BAT-AMB-44: a reserve whose way in from its entry point crosses a river
 * away from a ford or bridge never arrives there: a warning, naming the
 * reserve; the reserve entering at the ford has nothing to say. */
static void
test_check_reserve_entry (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "baa-table",
                                                 "reserves-river.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autofree char *got = problems_naming (problems, "BAT-AMB-44");
  g_autofree char *want =
    g_strdup_printf ("%s:21: warning: reserve “late”: unit “r1” coming on at 10,12 would cross river "
                     "“River” away from a ford or bridge, so it never arrives there (BAT-AMB-44, "
                     "BAT-MOV-4)\n",
                     path);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  g_assert_cmpstr (got, ==, want);
}

/* BAT-FAT-2: four rest bounds take the marker off. */
static void
test_rest (void)
{
  int streak = 0;
  gboolean fatigued = TRUE;

  for (int i = 0; i < 3; i++)
    g_assert_false (baa_common_rest (&streak, &fatigued, 1));
  g_assert_true (fatigued);
  g_assert_true (baa_common_rest (&streak, &fatigued, 1));
  g_assert_false (fatigued);
  g_assert_cmpint (streak, ==, 0);
}

/* The shipped tables play to their end through the legal commands, both
 * sides choosing with the simulator's policy (fire groups and decisions
 * included), the invariants checked after every event; the saved match
 * replays to the identical state. */
static void
test_simulate_replay (void)
{
  static const char *const files[] = {
    "scenarios/henry-house-hill-table.muster", "scenarios/learning-table-blackburns-ford.muster",
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint64 seed = 1; seed <= 2; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
        g_autoptr(GPtrArray) problems = mu_problem_list_new ();
        g_autoptr(GError) error = NULL;
        g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
        g_autoptr(MuMatch) m = NULL;
        g_autoptr(MuMatch) again = NULL;
        g_autoptr(MuDice) rng = mu_policy_rng_new (seed);
        g_autofree char *data = NULL;
        g_autofree char *state = NULL;
        g_autofree char *state2 = NULL;
        gboolean fired = FALSE;
        gsize len;
        guint n = 0;

        g_assert_no_error (error);
        m = mu_match_new (s, seed, NULL, 0, &error);
        g_assert_no_error (error);
        g_assert_true (mu_match_check_each_event (m, TRUE));
        while (!mu_match_is_over (m) && n++ < 20000)
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
            const MuCommand *c;

            g_assert_cmpuint (legal->len, >, 0);
            c = mu_policy_choose (m, legal, rng, MU_POLICY_GREEDY);
            fired |= g_str_has_prefix (mu_command_get_verb (c), "fire");
            g_assert_true (mu_match_apply (m, c, NULL, &error));
            g_assert_no_error (error);
            g_assert_true (mu_match_check_invariants (m, &error));
            g_assert_no_error (error);
          }
        g_assert_true (mu_match_is_over (m));
        g_assert_true (fired);
        data = mu_match_save_to_data (m, &len);
        again = mu_match_load_data (data, len, path, &error);
        g_assert_no_error (error);
        state = mu_match_format_state (m);
        state2 = mu_match_format_state (again);
        g_assert_cmpstr (state, ==, state2);
      }
}

/* A coordinate as a command prints it (TAB-3): two decimals. */
static double
printed (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, "%.2f", v), NULL);
}

/* Puts u's anchor (the midpoint of its front edge) at (x, y), facing f. */
static void
place (BatMatch *m, BatUnit *u, double x, double y, double f)
{
  u->anchor = (MuPoint) { x, y };
  u->facing = f;
  bat_unit_layout (m, u);
}

static BatMatch *
fixture_match (const char *name, MuScenario **s, MuDice **dice)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "baa-table", name, NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  g_autoptr(GError) error = NULL;
  BatMatch *m;

  *s = mu_scenario_load_file (path, problems, &error);
  g_assert_no_error (error);
  *dice = mu_dice_new (1);
  m = bat_match_new (*s, *dice, events, &error);
  g_assert_no_error (error);
  return m;
}

static BatMatch *
places_match (MuScenario **s, MuDice **dice)
{
  return fixture_match ("places.muster", s, dice);
}

/* TAB-4, TAB-3, TAB-11, TAB-10, BAT-FIRE-2, BAT-MOV-1: the same printed
 * geometry decides alike at 1,000 random places of the table. Two units
 * face each other, front edges `gap` apart (positions printed to 0.01, so
 * that 13.05 - 13.00 computes as 0.05000000000000071 at one place and
 * 5.05 - 5.00 as 0.04999999999999982 at another): at 0.05 in they are in
 * contact (and so may not fire at each other, BAT-MEL-5), at 0.06 they are
 * not; at 8.00 in (range 2 x U 4 in) every base may fire, at 8.01 none; a move of exactly 8.00 in (Table S2) is within
 * the allowance, 8.01 is not. */
static void
test_everywhere (void)
{
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuDice) dice = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  BatMatch *m = places_match (&s, &dice);
  BatUnit *p = bat_find_unit (m, "p"), *q = bat_find_unit (m, "q");
  static const struct { const char *gap; gboolean contact, fire; } cases[] = {
    { "0.05", TRUE, FALSE }, { "0.06", FALSE, TRUE }, { "8.00", FALSE, TRUE }, { "8.01", FALSE, FALSE },
  };
  guint contact[G_N_ELEMENTS (cases)] = { 0 }, fire[G_N_ELEMENTS (cases)] = { 0 }, moves[2] = { 0 };

  m->phase = BAT_PHASE_MOVE_UNITS;
  m->active = p->side;
  for (guint i = 0; i < 1000; i++)
    {
      double x = printed (g_rand_double_range (rand, 4, 68)), y = printed (g_rand_double_range (rand, 12, 46));

      for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
        {
          /* p faces the top of the table, q faces p: its front edge `gap` above p's */
          place (m, p, x, y, 0);
          place (m, q, x, printed (y - g_ascii_strtod (cases[k].gap, NULL)), 180);
          contact[k] += bat_contacts (m, p, NULL, 0) == 1 && bat_contacts (m, q, NULL, 0) == 1;
          fire[k] += bat_fire_bases (m, p, q, NULL, NULL) == 2;
        }
      /* the move is straight up the table, q out of the way */
      place (m, q, x < 36 ? 70 : 2, 2, 180);
      for (guint k = 0; k < 2; k++)
        {
          g_autofree char *line = g_strdup_printf ("move p @%.2f,%.2f", x, printed (y - (k ? 8.01 : 8.00)));
          g_autoptr(MuCommand) c = mu_command_parse (mu_ruleset_find ("baa-table"), line, NULL);

          place (m, p, x, y, 0);
          p->has_orders = TRUE;
          p->nic = p->pinned = p->moved = FALSE;
          g_assert_nonnull (c);
          moves[k] += bat_apply_move (m, c, NULL, NULL);
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_test_message ("front edges %s apart: in contact at %u places, firing at %u", cases[k].gap, contact[k],
                      fire[k]);
      g_assert_cmpuint (contact[k], ==, cases[k].contact ? 1000 : 0);
      g_assert_cmpuint (fire[k], ==, cases[k].fire ? 1000 : 0);
    }
  g_assert_cmpuint (moves[0], ==, 1000);
  g_assert_cmpuint (moves[1], ==, 0);
  bat_match_free (m);
}

/* TAB-4: every table check allows the same 1e-6 of the unit
 * (MU_TABLE_EPSILON), so one geometry never passes one check and fails
 * another. Two units face each other 8 in + 0.0000005 apart, a range of 2
 * at U = 4 in: both the fire (BAT-FIRE-2) and the shot at the commander
 * standing between them (BAT-CDR-2) are in range; 0.000002 further, both
 * are out. A base 1 U + 0.0000005 behind unbreached works holds the space
 * behind them (BAT-AMB-42), so no enemy crosses (BAT-FORT-2); 0.000002
 * further, it does not. (Scenario positions are read to 0.0001 and
 * commands print 0.01, so the units are placed here.) */
static void
test_tolerance (void)
{
  g_autoptr(MuScenario) s = NULL;
  g_autoptr(MuDice) dice = NULL;
  BatMatch *m = fixture_match ("tolerance.muster", &s, &dice);
  BatUnit *f = bat_find_unit (m, "f"), *t = bat_find_unit (m, "t");
  BatUnit *i = bat_find_unit (m, "i"), *d = bat_find_unit (m, "d");
  BatCdr *c2 = bat_find_cdr (m, "c2");
  static const struct { double beyond; gboolean within; } cases[] = { { 5e-7, TRUE }, { 2e-6, FALSE } };

  m->phase = BAT_PHASE_FIRE;
  m->active = f->side;
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      BatCdr *through[4];
      MuStand end[MU_STANDS_MAX];
      MuPoint path[2] = { { 36, 22 }, { 36, 19 } };
      g_autoptr(GError) error = NULL;
      guint n_end;

      /* f's front edge along y = 10 facing down the table, t's 8 in + beyond
       * below it facing up; c2 between them */
      place (m, f, 10, 10, 180);
      place (m, t, 10, 18 + cases[k].beyond, 0);
      c2->anchor = (MuPoint) { 10, 13 };
      c2->facing = 0;
      bat_cdr_layout (m, c2);
      g_assert_cmpuint (bat_fire_bases (m, f, t, NULL, NULL), ==, cases[k].within ? 1 : 0);
      g_assert_cmpuint (bat_fire_through (m, f, t, through, G_N_ELEMENTS (through)), ==,
                        cases[k].within ? 1 : 0);

      /* d's base centre 4 in + beyond north of the works */
      place (m, d, 36, 16, 180);
      place (m, d, 36, 16 + (20 - 4 - cases[k].beyond) - d->stands[0].centre.y, 180);
      n_end = bat_layout_at (m, i, path[1], 0, i->form, end);
      g_assert_cmpint (bat_works_check_move (m, i, path, 2, end, n_end, &error), ==, !cases[k].within);
      if (cases[k].within)
        g_assert_nonnull (strstr (error->message, "(BAT-FORT-2)"));
    }
  bat_match_free (m);
}

/* BAT-MOV-7, TAB-6: a unit starts in the formation its scenario gives it,
 * its value first, the older attribute formation="column" next; and play
 * lays its stands out exactly as the scenario checker does
 * (mu_scenario_counter_stands, the ruleset's declared shapes): a column of
 * four is one file, four ranks deep, in both. */
static void
test_formations (void)
{
  static const struct { const char *id, *form; guint files; } want[] = {
    { "l", "line", 4 }, { "dl", "double-line", 2 }, { "cv", "column", 1 }, { "ca", "column", 1 },
    { "both", "double-line", 3 }, { "plain", "line", 3 },
  };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "baa-table",
                                                 "formations.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autoptr(MuDice) dice = mu_dice_new (1);
  BatMatch *m;

  g_assert_no_error (error);
  g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
  m = bat_match_new (s, dice, events, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      BatUnit *u = bat_find_unit (m, want[i].id);
      MuStand checked[MU_STANDS_MAX];
      guint n, front = 0;

      g_test_message ("%s", want[i].id);
      g_assert_cmpstr (bat_formation_id (u->form), ==, want[i].form);
      g_assert_cmpstr (mu_counter_formation (mu_ruleset_find ("baa-table"), u->def), ==, want[i].form);
      n = mu_scenario_counter_stands (s, u->def, NULL, 0, u->def->place.pos, u->def->place.facing, checked,
                                      MU_STANDS_MAX);
      g_assert_cmpuint (n, ==, u->n_stands);
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpfloat_with_epsilon (checked[k].centre.x, u->stands[k].centre.x, 1e-9);
          g_assert_cmpfloat_with_epsilon (checked[k].centre.y, u->stands[k].centre.y, 1e-9);
          front += u->stands[k].rank == 0;
        }
      g_assert_cmpuint (front, ==, want[i].files);
    }
  bat_match_free (m);
}

/* The legal commands of the fire phase: each unit at each target, a group
 * fire of every unit that may fire at a target (BAT-FIRE-4), artillery at
 * the defence-work sections it reaches, and no other arm (BAT-FORT-3). */
static void
test_legal_fire (void)
{
  static const struct {
    const char *file;
    const char *want[4];
    const char *not[3];
  } cases[] = {
    { "details.muster", { "fire-group tg fh sm star1 ga gb", "fire ga tg", "fire gb tg", NULL }, { NULL } },
    { "works.muster", { "fire a1 works.4", "fire a2 pits.1", "fire f1 d1", NULL },
      { "fire f1 works.4", "fire-group d1 f1", NULL } },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "baa-table",
                                                     cases[k].file, NULL);
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
      g_autoptr(MuMatch) m = NULL;
      g_autoptr(GPtrArray) legal = NULL;
      MuPosition p;

      g_assert_no_error (error);
      m = mu_match_new (s, 1, NULL, 0, &error);
      g_assert_no_error (error);
      for (mu_match_get_position (m, &p); p.phase != 10; mu_match_get_position (m, &p))
        g_assert_true (mu_match_apply_line (m, "end-phase", NULL, NULL));
      legal = mu_match_legal_commands (m);
      for (guint i = 0; cases[k].want[i]; i++)
        g_assert_true (has_command (legal, cases[k].want[i]));
      for (guint i = 0; cases[k].not[i]; i++)
        g_assert_false (has_command (legal, cases[k].not[i]));
    }
}

/* The overlap invariant by sort and sweep (bat_check_invariants) gives the
 * verdict of comparing every pair, as it was: on the shipped table battle,
 * units and commanders are put down again and again near one another, and
 * after each the message (or none) is that of the plain check below. */
static gboolean
every_pair_check (BatMatch *m, GError **error)
{
  guint n_units = 0;

  for (guint i = 0; i < m->scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (m->scenario->counters, i);
      if (c->kind == MU_COUNTER_UNIT && (g_strcmp0 (c->side, m->side_id[0]) == 0 ||
                                         g_strcmp0 (c->side, m->side_id[1]) == 0))
        n_units++;
    }
  if (m->units->len != n_units)
    return mu_rules_invalid (error, "%u units in play, %u in the order of battle", m->units->len, n_units);
  BAT_FOR_UNITS (m, u)
    {
      if (u->bases < 0 || u->bases > u->def->strength)
        return mu_rules_invalid (error, "%s has %d bases, strength %d", u->def->id, u->bases, u->def->strength);
      if (u->status == BAT_UNIT_ACTIVE && u->bases == 0)
        return mu_rules_invalid (error, "%s is on the table with no bases", u->def->id);
      if (u->status == BAT_UNIT_DISPERSED && u->bases != 0)
        return mu_rules_invalid (error, "%s is dispersed with %d bases", u->def->id, u->bases);
      if (bat_unit_on_table (u) && u->n_stands != (guint) u->bases)
        return mu_rules_invalid (error, "%s has %d bases but %u stands", u->def->id, u->bases, u->n_stands);
      for (guint k = 0; bat_unit_on_table (u) && k < u->n_stands; k++)
        {
          MuPoint p = u->stands[k].centre;
          if (p.x < 0 || p.y < 0 || p.x > m->table->width || p.y > m->table->height)
            return mu_rules_invalid (error, "a stand of %s is off the table", u->def->id);
          if (bat_point_impassable (m, p))
            return mu_rules_invalid (error, "a stand of %s is on impassable ground", u->def->id);
        }
      if (!bat_unit_on_table (u))
        continue;
      BAT_FOR_UNITS (m, o)
        if (o > u && bat_unit_on_table (o) && bat_circles_within (u->bc, u->br, o->bc, o->br, 0) &&
            mu_stands_overlap (u->stands, u->n_stands, o->stands, o->n_stands))
          return mu_rules_invalid (error, "the stands of %s and %s overlap", u->def->id, o->def->id);
      BAT_FOR_CDRS (m, c)
        if (c->status == BAT_CDR_ACTIVE &&
            bat_circles_within (u->bc, u->br, c->stand.centre, (fabs (c->stand.width) + fabs (c->stand.depth)) / 2, 0) &&
            mu_stands_overlap (u->stands, u->n_stands, &c->stand, 1))
          return mu_rules_invalid (error, "the stands of %s and %s overlap", u->def->id, c->def->id);
    }
  return TRUE;
}

static void
test_overlap_invariant (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "henry-house-hill-table.muster", NULL);
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MuScenario) s = mu_scenario_load_file (path, problems, &error);
  g_autoptr(MuMatch) match = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (33);
  BatMatch *m;
  guint overlaps = 0, verdicts = 0;
  g_autoptr(GArray) poses = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) facings = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) centres = g_array_new (FALSE, FALSE, sizeof (MuPoint));

  g_assert_no_error (error);
  match = mu_match_new (s, 1, NULL, 0, &error);
  g_assert_no_error (error);
  m = mu_match_get_state (match);
  g_assert_true (bat_check_invariants (m, NULL));
  BAT_FOR_UNITS (m, u)
    {
      g_array_append_val (poses, u->anchor);
      g_array_append_val (facings, u->facing);
    }
  BAT_FOR_CDRS (m, c)
    g_array_append_val (centres, c->stand.centre);
  for (guint trial = 0; trial < 3000; trial++)
    {
      g_autoptr(GError) fast = NULL;
      g_autoptr(GError) plain = NULL;
      BatUnit *near = g_ptr_array_index (m->units, g_rand_int_range (rand, 0, m->units->len));
      double dx = g_rand_double_range (rand, -3, 3), dy = g_rand_double_range (rand, -3, 3);
      gboolean a, b;

      /* every few trials the battle as it began, so that the verdicts
       * come from several overlapping pairs at once, not from one that
       * stays */
      if (trial % 6 == 0)
        {
          for (guint i = 0; i < m->units->len; i++)
            {
              BatUnit *u = g_ptr_array_index (m->units, i);

              u->anchor = g_array_index (poses, MuPoint, i);
              u->facing = g_array_index (facings, double, i);
              bat_unit_layout (m, u);
            }
          for (guint i = 0; i < m->cdrs->len; i++)
            ((BatCdr *) g_ptr_array_index (m->cdrs, i))->stand.centre = g_array_index (centres, MuPoint, i);
        }
      if (!bat_unit_on_table (near))
        continue;
      if (g_rand_int_range (rand, 0, 4) == 0 && m->cdrs->len > 0)
        {
          BatCdr *c = g_ptr_array_index (m->cdrs, g_rand_int_range (rand, 0, m->cdrs->len));

          c->stand.centre = (MuPoint) { near->anchor.x + dx, near->anchor.y + dy };
        }
      else
        {
          BatUnit *u = g_ptr_array_index (m->units, g_rand_int_range (rand, 0, m->units->len));

          if (!bat_unit_on_table (u))
            continue;
          u->anchor = (MuPoint) { near->anchor.x + dx, near->anchor.y + dy };
          u->facing = g_rand_double_range (rand, 0, 360);
          bat_unit_layout (m, u);
        }
      a = bat_check_invariants (m, &fast);
      b = every_pair_check (m, &plain);
      g_assert_cmpint (a, ==, b);
      g_assert_cmpstr (fast ? fast->message : NULL, ==, plain ? plain->message : NULL);
      if (!a)
        verdicts++;
      if (plain && strstr (plain->message, "overlap"))
        overlaps++;
    }
  /* the trials found overlaps, and not only the first pair's */
  g_assert_cmpuint (overlaps, >, 100);
  g_assert_cmpuint (verdicts, <, 3000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/baa-table/scale/BAT-AMB-45", test_scale);
  g_test_add_func ("/engine/baa-table/ranges/BAT-EX-1/BAT-EX-2/BAT-EX-16", test_ranges);
  g_test_add_func ("/engine/baa-table/units/BAT-AMB-2", test_units);
  g_test_add_func ("/engine/baa-table/victory", test_victory);
  g_test_add_func ("/engine/baa-table/hold", test_hold);
  g_test_add_func ("/engine/baa-table/objective-radius/BAT-OBJ-2", test_objective_radius);
  g_test_add_func ("/engine/baa-table/check-astride/BAT-MOV-4", test_check_astride);
  g_test_add_func ("/engine/baa-table/check-reserve-entry/BAT-AMB-44", test_check_reserve_entry);
  g_test_add_func ("/engine/baa-table/overlap-invariant/TAB-11", test_overlap_invariant);
  g_test_add_func ("/engine/baa-table/rest", test_rest);
  g_test_add_func ("/engine/baa-table/legal-fire", test_legal_fire);
  g_test_add_func ("/engine/baa-table/everywhere", test_everywhere);
  g_test_add_func ("/engine/baa-table/tolerance/TAB-4/BAT-CDR-2/BAT-FORT-2", test_tolerance);
  g_test_add_func ("/engine/baa-table/formations", test_formations);
  g_test_add_func ("/engine/baa-table/simulate-replay", test_simulate_replay);
  return g_test_run ();
}
