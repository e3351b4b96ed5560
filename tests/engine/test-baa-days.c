/* test-baa-days.c: baa-hex battles of several days, readdressing lines at
 * complete darkness (BAA-DAY-1..4). Each test names the rule ids
 * (../shared/rules/baa-hex.md) it checks. */
#define G_LOG_DOMAIN "test-baa-days"

#include "config.h"

#include "test-baa-util.h"

#include "baa-hex-private.h"
#include "baa-hex.h"

/* BAA-EX-30, BAA-DAY-1..4, BAA-AMB-41: readdressing lines at complete darkness. */
static MuMatch *
day_match (const char *dice)
{
  const BaaCase c = { "/engine/baa/days", 
                      "bounds 6\ndays 2 darkness 2\nnight 3 4\n"
                      "cmd cx csa 1 6 0101 x\nctl k csa 4 0102\nlines csa 0101 0201 0301 0401 0501\n"
                      "unit u1 csa inf 2/4/3 1 0505\nunit u2 csa inf 2/4/3 1 0303\nterrain 0303 woodland\n"
                      "cmd ux usa 2 9 0510 x\n"
                      "unit e1 usa inf 2/4/3 2 0507\nunit e2 usa inf 2/4/3 2 0305\nterrain 0305 woodland",
                      dice, "", NULL, NULL };
  MuMatch *m = t_run (&c);
  MuPosition p;
  g_autoptr(GError) error = NULL;

  for (int guard = 0; guard < 200; guard++)
    {
      mu_match_get_position (m, &p);
      if (p.phase == 13 || p.finished)
        break;
      g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
      g_assert_no_error (error);
    }
  mu_match_get_position (m, &p);
  g_assert_cmpint (p.phase, ==, 13);
  g_assert_cmpint (p.bound, ==, 2);
  return m;
}

/* BAA-DAY-2, BAA-AMB-41: the withdrawal is the players' choice, one unit one
 * hex at a time, the sides alternating, CSA first; answers every decision
 * with its first answer (the simulator's policy) and returns the sides that
 * answered, in order ("csa usa csa ..."). */
static char *
day_withdraw_all (MuMatch *m)
{
  GString *sides = g_string_new (NULL);
  const MuDecision *d;

  while ((d = mu_match_get_pending (m)) != NULL && g_str_equal (d->id, "day-withdraw"))
    {
      g_autofree char *line = g_strdup_printf ("choose %s", d->answers[0]);
      g_autoptr(GError) error = NULL;

      g_string_append_printf (sides, "%s%s", sides->len ? " " : "", d->side);
      g_assert_true (mu_match_apply_line (m, line, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (sides->len, <, 1000);
    }
  return g_string_free (sides, FALSE);
}

static void
test_days_reposition (void)
{
  g_autoptr(MuMatch) m = day_match ("2");
  g_autoptr(GError) error = NULL;
  BaaMatch *bm = mu_match_get_state (m);
  BaaUnit *u1 = baa_match_find_unit (bm, "u1"), *e1 = baa_match_find_unit (bm, "e1");
  const MuDecision *d = mu_match_get_pending (m);
  g_autofree char *sides = NULL;
  MuPosition p;

  /* BAA-DAY-2, BAA-AMB-41: CSA chooses first; only the open-ground unit
   * may step, and only away from the enemy; a wrong answer changes nothing */
  g_assert_nonnull (d);
  g_assert_cmpstr (d->id, ==, "day-withdraw");
  g_assert_cmpstr (d->side, ==, "csa");
  for (guint i = 0; d->answers[i]; i++)
    g_assert_true (g_str_has_prefix (d->answers[i], "u1 "));
  g_assert_false (mu_match_apply_line (m, "choose u2 0302", NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "BAA-DAY-2"));
  g_clear_error (&error);
  g_assert_false (mu_match_apply_line (m, "choose u1 0506", NULL, &error));
  g_clear_error (&error);
  g_assert_false (mu_match_apply_line (m, "reposition k cx", NULL, &error));
  g_clear_error (&error);
  sides = day_withdraw_all (m);
  g_assert_true (g_str_has_prefix (sides, "csa usa"));
  g_assert_null (mu_match_get_pending (m));
  /* BAA-DAY-2: the open-ground pair is now at a safe distance, the woodland
   * defenders stayed (BAA-EX-30) */
  g_assert_cmpint (mu_hex_distance (bm->grid, u1->hex, e1->hex), >=, 4);
  t_check_events (m, "move u1 readdress\nmove e1 readdress\n!move u2 readdress\n!move e2 readdress", "days");
  /* BAA-DAY-3 */
  g_assert_false (mu_match_apply_line (m, "place u1 0101", NULL, &error));
  g_clear_error (&error);
  g_assert_true (mu_match_apply_line (m, "reposition k cx", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (mu_match_apply_line (m, "place u1 0909", NULL, &error));
  g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
  g_clear_error (&error);
  if (!mu_match_apply_line (m, "place u1 0301", NULL, &error))
    {
      g_autoptr(GPtrArray) ev = t_event_lines (m);
      for (guint i = ev->len > 30 ? ev->len - 30 : 0; i < ev->len; i++)
        g_printerr ("%s\n", (char *) g_ptr_array_index (ev, i));
    }
  g_assert_no_error (error);
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  t_check_events (m, "roll reposition k vs=cx die=2 need<=4 success (BAA-DAY-3)\n"
                  "move u1 reposition from=", "days");
  mu_match_get_position (m, &p);
  /* the dark interval is skipped: bound 5 follows bound 2 (BAA-DAY-1) */
  g_assert_cmpint (p.bound, ==, 5);
  t_check_state (m, "unit u1 at=0301", "days");
}

static void
test_days_march (void)
{
  g_autoptr(MuMatch) m = day_match ("3,5,6");
  g_autoptr(GError) error = NULL;
  g_autofree char *sides = day_withdraw_all (m);
  MuPosition p;

  /* BAA-DAY-4: d6 + 1 <= leadership; the division leaves */
  g_assert_true (mu_match_apply_line (m, "march k cx flank", NULL, &error));
  g_assert_no_error (error);
  /* the next side has no control counter, the dark interval passes, and at
   * dawn the division arrives and waits to enter (BAA-RES-2) */
  t_check_state (m, "unit u1 status=reserve\ncommand cx status=offboard", "march");
  /* BAA-RES-4: dawn roll 5 arrives, rest roll 6 rested */
  t_check_events (m, "roll march k vs=cx die=3 mod=+1 need<=4 success (BAA-DAY-4)\n"
                  "bound 5\nroll march cx die=5 need>=5 success (BAA-RES-4)\n"
                  "roll march-rest cx die=6", "march");
  mu_match_get_position (m, &p);
  g_assert_cmpint (p.bound, ==, 5);
  g_assert_cmpint (p.phase, ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/baa/days/BAA-EX-30/BAA-DAY-1/BAA-DAY-2/BAA-DAY-3/BAA-AMB-41", test_days_reposition);
  g_test_add_func ("/engine/baa/days/BAA-DAY-4/BAA-RES-4", test_days_march);
  return g_test_run ();
}
