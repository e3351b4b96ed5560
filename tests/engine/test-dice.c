#define G_LOG_DOMAIN "test-dice"

#include "config.h"

#include "mu-dice.h"
#include "mu-error.h"

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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/dice/fixed-sequence", test_fixed_sequence);
  g_test_add_func ("/engine/dice/golden", test_golden);
  g_test_add_func ("/engine/dice/forced", test_forced);
  g_test_add_func ("/engine/dice/parse-list", test_parse_list);
  return g_test_run ();
}
