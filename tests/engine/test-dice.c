#define G_LOG_DOMAIN "test-dice"

#include "config.h"

#include "mu-dice.h"
#include "mu-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The generator is fixed: these are the first rolls of seed 1 and must never
 * change, or every saved game would replay differently. */
static void
test_fixed_sequence (void)
{
  g_autoptr(MuDice) a = mu_dice_new (1);
  g_autoptr(MuDice) b = mu_dice_new (1);
  g_autoptr(MuDice) c = mu_dice_new (2);
  int counts[7] = { 0 };
  gboolean differs = FALSE;

  for (int i = 0; i < 6000; i++)
    {
      int x = mu_dice_d6 (a), y = mu_dice_d6 (b), z = mu_dice_d6 (c);
      g_assert_cmpint (x, ==, y);
      g_assert_cmpint (x, >=, 1);
      g_assert_cmpint (x, <=, 6);
      counts[x]++;
      differs |= x != z;
    }
  g_assert_true (differs);
  for (int f = 1; f <= 6; f++)
    g_assert_cmpint (counts[f], >, 800);
  g_assert_cmpuint (mu_dice_count (a), ==, 6000);
}

/* Rolls `roll` with the forced faces and returns its event line. */
static char *
roll_line (const MuRoll *roll, const int *faces, guint n, MuRollResult *result)
{
  g_autoptr(MuDice) d = mu_dice_new (1);
  g_autoptr(GPtrArray) events = mu_event_array_new ();

  mu_dice_force (d, faces, n);
  mu_dice_roll_read (d, events, roll, result);
  g_assert_cmpuint (mu_dice_forced_remaining (d), ==, 0);
  g_assert_cmpuint (events->len, ==, 1);
  return mu_event_to_string (g_ptr_array_index (events, 0), NULL);
}

/* Each reading of a pool: the sum (with its modifier), the highest and the
 * lowest face, the count at or above a target and the count below one
 * (MN-ACT-1, MN-MOV-4, TS-AMB-60). */
static void
test_readings (void)
{
  const int faces[] = { 2, 5, 3 };
  struct {
    MuDiceRead read;
    int modifier, target, need;
    MuRollCompare compare;
    int value;
    gboolean success;
    const char *line;
  } cases[] = {
    { MU_DICE_SUM, 1, 10, 0, MU_ROLL_AT_LEAST, 11, TRUE,
      "roll move u1 dice=2,5,3 read=sum mod=+1 need>=10 success n=11" },
    { MU_DICE_HIGHEST, 0, 0, 0, MU_ROLL_NONE, 5, TRUE, "roll move u1 dice=2,5,3 read=highest n=5" },
    { MU_DICE_HIGHEST, 1, 0, 0, MU_ROLL_NONE, 6, TRUE, "roll move u1 dice=2,5,3 read=highest mod=+1 n=6" },
    { MU_DICE_LOWEST, 0, 3, 0, MU_ROLL_AT_LEAST, 2, FALSE,
      "roll move u1 dice=2,5,3 read=lowest need>=3 fail n=2" },
    { MU_DICE_SUCCESSES, 0, 3, 2, MU_ROLL_NONE, 2, TRUE,
      "roll move u1 dice=2,5,3 read=successes need>=3 success n=2" },
    { MU_DICE_SUCCESSES, -1, 3, 2, MU_ROLL_NONE, 1, FALSE,
      "roll move u1 dice=2,5,3 read=successes mod=-1 need>=3 fail n=1" },
    { MU_DICE_BELOW, 0, 4, 1, MU_ROLL_NONE, 2, TRUE,
      "roll move u1 dice=2,5,3 read=below need<4 success n=2" },
    { MU_DICE_BELOW, 2, 4, 1, MU_ROLL_NONE, 0, FALSE,
      "roll move u1 dice=2,5,3 read=below mod=+2 need<4 fail n=0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MuRoll roll = {
        .purpose = "move", .subject = "u1", .n = 3, .read = cases[i].read,
        .modifier = cases[i].modifier, .target = cases[i].target, .need = cases[i].need,
        .compare = cases[i].compare,
      };
      MuRollResult r;
      g_autofree char *line = roll_line (&roll, faces, G_N_ELEMENTS (faces), &r);

      g_test_message ("case %u: %s", i, line);
      g_assert_cmpint (r.value, ==, cases[i].value);
      g_assert_cmpint (r.success, ==, cases[i].success);
      g_assert_cmpstr (line, ==, cases[i].line);
    }
}

/* Natural faces decide whatever the modifiers and the target: a 1 always
 * hits (TS-RCV-3), never with canister (TS-FIRE-3), only natural 6s from a
 * village (TS-VIL-4), and 2d6's automatic 2 and 12 (QRS-AMB-78). */
static void
test_natural (void)
{
  struct {
    guint n;
    MuDiceRead read;
    guint natural;
    int modifier, target;
    MuRollCompare compare;
    int faces[3];
    int value;
    gboolean success;
    const char *line;
  } cases[] = {
    /* receiving: below disorder 2 after +3, or a 1 */
    { 3, MU_DICE_BELOW, MU_ROLL_NATURAL_1_SUCCEEDS, 3, 2, 0, { 1, 1, 4 }, 2, TRUE,
      "roll r u1 dice=1,1,4 read=below natural=1-succeeds mod=+3 need<2 success n=2" },
    /* canister: a 1 never, whatever the modifier */
    { 3, MU_DICE_SUCCESSES, MU_ROLL_NATURAL_1_FAILS, 5, 3, 0, { 1, 2, 6 }, 2, TRUE,
      "roll r u1 dice=1,2,6 read=successes natural=1-fails mod=+5 need>=3 success n=2" },
    /* from a village: natural 6s only (a target no modified die reaches) */
    { 3, MU_DICE_SUCCESSES, MU_ROLL_NATURAL_6_SUCCEEDS, 2, 99, 0, { 5, 6, 6 }, 2, TRUE,
      "roll r u1 dice=5,6,6 read=successes natural=6-succeeds mod=+2 need>=99 success n=2" },
    /* a 6 never counts */
    { 3, MU_DICE_SUCCESSES, MU_ROLL_NATURAL_6_FAILS, 0, 4, 0, { 6, 4, 6 }, 1, TRUE,
      "roll r u1 dice=6,4,6 read=successes natural=6-fails need>=4 success n=1" },
    /* 2d6 over MP 1: a natural 2 fails */
    { 2, MU_DICE_SUM, MU_ROLL_NATURAL_EXTREMES, 0, 1, MU_ROLL_ABOVE, { 1, 1 }, 2, FALSE,
      "roll r u1 dice=1,1 read=sum natural=extremes need>1 fail n=2" },
    /* 2d6 over MP 14 with -3: a natural 12 passes */
    { 2, MU_DICE_SUM, MU_ROLL_NATURAL_EXTREMES, -3, 14, MU_ROLL_ABOVE, { 6, 6 }, 9, TRUE,
      "roll r u1 dice=6,6 read=sum natural=extremes mod=-3 need>14 success n=9" },
    /* otherwise the sum decides */
    { 2, MU_DICE_SUM, MU_ROLL_NATURAL_EXTREMES, 0, 7, MU_ROLL_ABOVE, { 1, 6 }, 7, FALSE,
      "roll r u1 dice=1,6 read=sum natural=extremes need>7 fail n=7" },
    /* one die: a 6 always succeeds, a 1 always fails */
    { 0, MU_DICE_SUM, MU_ROLL_NATURAL_6_SUCCEEDS, -3, 5, MU_ROLL_AT_LEAST, { 6 }, 6, TRUE,
      "roll r u1 die=6 natural=6-succeeds mod=-3 need>=5 success" },
    { 0, MU_DICE_SUM, MU_ROLL_NATURAL_1_FAILS, 3, 2, MU_ROLL_AT_LEAST, { 1 }, 1, FALSE,
      "roll r u1 die=1 natural=1-fails mod=+3 need>=2 fail" },
    /* the highest face read: a natural 1 hits below the target */
    { 2, MU_DICE_HIGHEST, MU_ROLL_NATURAL_1_SUCCEEDS, 0, 5, MU_ROLL_AT_LEAST, { 1, 1 }, 1, TRUE,
      "roll r u1 dice=1,1 read=highest natural=1-succeeds need>=5 success n=1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MuRoll roll = {
        .purpose = "r", .subject = "u1", .n = cases[i].n, .read = cases[i].read,
        .natural = cases[i].natural, .modifier = cases[i].modifier, .target = cases[i].target,
        .compare = cases[i].compare, .need = 1,
      };
      MuRollResult r;
      g_autofree char *line = roll_line (&roll, cases[i].faces, MAX (cases[i].n, 1), &r);

      g_test_message ("case %u: %s", i, line);
      g_assert_cmpint (r.value, ==, cases[i].value);
      g_assert_cmpint (r.success, ==, cases[i].success);
      g_assert_cmpstr (line, ==, cases[i].line);
    }
}

/* The casualty die against D (MN-MEL-5, MN-EX-8..10): less, equal or
 * greater, carried by the event. */
static void
test_three_way (void)
{
  struct { int face; MuRollOutcome outcome; const char *line; } cases[] = {
    { 2, MU_ROLL_LESS, "roll casualty u1 die=2 cmp=4 less (MN-MEL-5)" },
    { 4, MU_ROLL_EQUAL, "roll casualty u1 die=4 cmp=4 equal (MN-MEL-5)" },
    { 5, MU_ROLL_GREATER, "roll casualty u1 die=5 cmp=4 greater (MN-MEL-5)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MuDice) d = mu_dice_new (1);
      g_autoptr(GPtrArray) events = mu_event_array_new ();
      MuRoll roll = {
        .purpose = "casualty", .subject = "u1", .target = 4, .compare = MU_ROLL_THREE_WAY,
        .rule = "MN-MEL-5",
      };
      MuRollResult r;
      g_autofree char *line = NULL;
      const MuEvent *e;

      mu_dice_force (d, &cases[i].face, 1);
      g_assert_cmpint (mu_dice_roll_read (d, events, &roll, &r), ==, cases[i].face);
      g_assert_cmpint (r.outcome, ==, cases[i].outcome);
      e = g_ptr_array_index (events, 0);
      g_assert_cmpint (e->outcome, ==, cases[i].outcome);
      line = mu_event_to_string (e, NULL);
      g_assert_cmpstr (line, ==, cases[i].line);
    }
}

/* Named modifiers: the dice's add to the modifier, the target's to the
 * target; the event lists them after the outcome. */
static void
test_named_modifiers (void)
{
  static const MuRollModifier mods[] = {
    { "unformed", N_("unformed"), "BAT-GEN-5", 1, TRUE },
    { "night", N_("night"), "BAA-NGT-3", 1, FALSE },
    { "leader", N_("leader"), NULL, -2, FALSE },
  };
  const int faces[] = { 4, 5, 6 };
  MuRoll roll = {
    .purpose = "fire", .subject = "f1", .object = "t1", .n = 3, .read = MU_DICE_SUCCESSES,
    .modifiers = mods, .n_modifiers = G_N_ELEMENTS (mods), .target = 5, .need = 1, .rule = "BAT-FIRE-3",
  };
  MuRollResult r;
  g_autofree char *line = roll_line (&roll, faces, G_N_ELEMENTS (faces), &r);

  /* each face - 1 against 5 + 1 */
  g_assert_cmpint (r.value, ==, 0);
  g_assert_cmpstr (line, ==,
                   "roll fire f1 vs=t1 dice=4,5,6 read=successes mod=-1 need>=6 fail n=0 "
                   "mods=unformed:need+1:BAT-GEN-5,night:+1:BAA-NGT-3,leader:-2 (BAT-FIRE-3)");
}

static void
test_golden (void)
{
  g_autoptr(MuDice) d = mu_dice_new (20261122);
  GString *s = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "%d", mu_dice_d6 (d));
  text = g_string_free (s, FALSE);
  g_assert_cmpstr (text, ==, "35334451314225656146");
}

static void
test_forced (void)
{
  g_autoptr(MuDice) d = mu_dice_new (7);
  g_autoptr(MuDice) ref = mu_dice_new (7);
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  g_autofree char *line = NULL;
  const int forced[] = { 4, 2, 6 };
  gboolean ok;

  mu_dice_force (d, forced, 3);
  g_assert_cmpuint (mu_dice_forced_remaining (d), ==, 3);
  g_assert_cmpint (mu_dice_roll (d, events, "fire", "u1", "u7", 0, MU_ROLL_AT_LEAST, 4, "BAA-FIRE-5", &ok), ==, 4);
  g_assert_true (ok);
  g_assert_cmpint (mu_dice_roll (d, events, "fire", "u1", "u7", 0, MU_ROLL_AT_LEAST, 4, "BAA-FIRE-5", &ok), ==, 2);
  g_assert_false (ok);
  g_assert_cmpint (mu_dice_roll (d, events, "command", "d1", NULL, 1, MU_ROLL_AT_MOST, 2, "BAA-CMD-3", &ok), ==, 6);
  g_assert_false (ok);
  g_assert_cmpuint (events->len, ==, 3);
  line = mu_event_to_string (g_ptr_array_index (events, 2), NULL);
  g_assert_cmpstr (line, ==, "roll command d1 die=6 mod=+1 need<=2 fail (BAA-CMD-3)");
  g_clear_pointer (&line, g_free);
  line = mu_event_to_string (g_ptr_array_index (events, 0), NULL);
  g_assert_cmpstr (line, ==, "roll fire u1 vs=u7 die=4 need>=4 success (BAA-FIRE-5)");
  /* after the forced dice the generator continues from its own start */
  g_assert_cmpint (mu_dice_d6 (d), ==, mu_dice_d6 (ref));
}

static void
test_parse_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) v = mu_dice_parse_list ("4,2, 6", &error);
  g_autoptr(GArray) bad = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (v->len, ==, 3);
  g_assert_cmpint (g_array_index (v, int, 2), ==, 6);
  bad = mu_dice_parse_list ("4,7", &error);
  g_assert_null (bad);
  g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
}

/* An empty entry between commas is refused, naming it, where it used to be
 * skipped (every later die then fell on the wrong roll); spaces around a
 * die, and lists separated by spaces alone (a saved match's), are fine. */
static void
test_parse_list_entries (void)
{
  static const struct { const char *text; int n; int last; const char *message; } cases[] = {
    { "4,,5", -1, 0, "dice list: entry 2 is empty" },
    { "4,", -1, 0, "dice list: entry 2 is empty" },
    { ",4", -1, 0, "dice list: entry 1 is empty" },
    { "4,\t,5", -1, 0, "dice list: entry 2 is empty" },
    { "4,x", -1, 0, "“x” (die 2)" },
    { "-1", -1, 0, "“-1” (die 1)" },
    { " 4", 1, 4, NULL },
    { "4 ,5", 2, 5, NULL },
    { "3 2 1", 3, 1, NULL },
    { "", 0, 0, NULL },
    { "  ", 0, 0, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) v = mu_dice_parse_list (cases[i].text, &error);

      if (cases[i].n < 0)
        {
          g_assert_null (v);
          g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
          g_assert_nonnull (strstr (error->message, cases[i].message));
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (v->len, ==, (guint) cases[i].n);
      if (cases[i].n > 0)
        g_assert_cmpint (g_array_index (v, int, v->len - 1), ==, cases[i].last);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/dice/fixed-sequence", test_fixed_sequence);
  g_test_add_func ("/engine/dice/golden", test_golden);
  g_test_add_func ("/engine/dice/forced", test_forced);
  g_test_add_func ("/engine/dice/parse-list", test_parse_list);
  g_test_add_func ("/engine/dice/parse-list/entries", test_parse_list_entries);
  g_test_add_func ("/engine/dice/readings", test_readings);
  g_test_add_func ("/engine/dice/natural", test_natural);
  g_test_add_func ("/engine/dice/three-way/MN-MEL-5", test_three_way);
  g_test_add_func ("/engine/dice/named-modifiers", test_named_modifiers);
  return g_test_run ();
}
