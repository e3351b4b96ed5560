#define G_LOG_DOMAIN "test-command"

#include "config.h"

#include "mu-command.h"
#include "mu-error.h"

#include <string.h>

static const char *const round_trip[] = {
  "move u12 0413 0513",
  "withdraw u3 0102",
  "fire u1 u7",
  "fire-group u7 u1 u2 u3",
  "fire-commander u1 c4",
  "melee u1 u7",
  "melee-group u7 u1 u2",
  "breach a1 0912 3",
  "breach-group 0912 3 a1 a2 a3",
  "assign u9 d2",
  "direct mcdowell d3",
  "place u4 1012",
  "march jackson d2 flank",
  "reposition jackson d2",
  "choose 0513",
  "choose flank",
  "choose u3 0405",
  "end-phase",
  "move u1 @12.5,3 @13,4.25",
  "move u1 104007",
};

static void
test_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (round_trip); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuCommand) c = mu_command_parse (round_trip[i], &error);
      g_autofree char *text = NULL;
      g_autoptr(MuCommand) again = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (c);
      text = mu_command_to_string (c);
      g_assert_cmpstr (text, ==, round_trip[i]);
      again = mu_command_parse (text, &error);
      g_assert_no_error (error);
      g_assert_true (mu_command_equal (c, again));
    }
}

static const char *const bad[] = {
  "walk u1 0101",
  "move u1",
  "move u1 41",
  "move u1 0a01",
  "fire u1",
  "fire u1 u2 u3",
  "breach a1 0912 7",
  "breach-group 0912 a1",
  "end-phase now",
  "choose",
  "choose u3 0405 0406",
  "march j d2 sideways",
  "fire-group u7",
};

static void
test_refused (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuCommand) c = mu_command_parse (bad[i], &error);

      g_assert_null (c);
      g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

static void
test_script (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cmds = mu_command_parse_script ("# a comment\n\nmove u1 0102\n  end-phase  \n", "t", &error);
  g_autoptr(GPtrArray) none = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (cmds->len, ==, 2);
  none = mu_command_parse_script ("end-phase\nmove u1 zz\n", "t", &error);
  g_assert_null (none);
  g_assert_error (error, MU_ERROR, MU_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "t:2: "));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/command/round-trip", test_round_trip);
  g_test_add_func ("/engine/command/refused", test_refused);
  g_test_add_func ("/engine/command/script", test_script);
  return g_test_run ();
}
