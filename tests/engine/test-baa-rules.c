/* test-baa-rules.c: baa-hex sequence, command and control, movement, zones of
 * control, capture, special movement, reserves, night, fatigue, objectives and
 * victory (multi-day battles: test-baa-days.c), where a test asks more of the
 * match than a rule script can (tests/fixtures/rules/baa-hex/, which hold the
 * table cases: scenario, dice, commands, then events and state). Each test
 * names the rule ids (../shared/rules/baa-hex.md) it checks. */
#define G_LOG_DOMAIN "test-baa-rules"

#include "config.h"

#include "test-baa-util.h"
#include "legal-lines.h"

#include "baa-hex-private.h"
#include "baa-hex.h"
#include "baa-scenario.h"
#include "mu-problem.h"

/* A CSA division with an exceptional commander, so no dice for orders. */
#define CSA_DIV "cmd cx csa 1 6 0705 x\n"

/* The table cases are rule scripts (tests/fixtures/rules/baa-hex/); these
 * three stay here because their scenarios are ones the scenario checker
 * refuses (a unit whose division has no command counter, a reserve and a
 * unit sharing an id, a reserve due after the last bound), which play must
 * still cope with, and a script loads its scenario from a file. */
static const BaaCase cases[] = {
  { "/engine/baa/cmd/BAA-CMD-10/direct-control",
    "option baa.direct-control on\nctl k usa 3 0505\ncmd ud usa 2 1 0110\n"
    "unit e1 usa inf 2/4/3 2 0506\nunit e2 usa inf 2/4/3 5 0507",
    "1",
    "! direct k zz => BAA-CMD-10\ndirect k ud\nend-phase",
    "roll command ud vs=k die=1 need<=3 success (BAA-CMD-3)\n"
    "direct-control k by=ud (BAA-CMD-10)\n"
    "orders e1 command-range (BAA-CMD-10)\n"
    "orders e2 command-range (BAA-CMD-10)",
    "unit e1 markers=orders\nunit e2 markers=orders" },
  /* a reserve unit its owner did not move is set down on its entry hex; a
   * lone enemy commander there is entered like any other (BAA-MOV-11) */
  { "/engine/baa/reserves/BAA-RES-2/BAA-CDR-9/BAA-MOV-11/set-down-on-a-commander",
    "reserve r1 csa 1 0101\nunit r1 csa inf 2/4/3 1 reserve:r1\n" CSA_DIV
    "cmd ud usa 2 3 0101\nunit e1 usa inf 2/4/3 2 0808",
    "5",
    "end-phase",
    "reserve-arrived r1 side=csa (BAA-RES-1)\n"
    "entered r1 to=0101 (BAA-RES-2)\n"
    "roll capture r1 vs=ud die=5 need>=4 success (BAA-CDR-9)\n"
    "captured ud by=r1 at=0101 (BAA-CDR-9)\n"
    "phase csa 1",
    "unit r1 at=0101 status=active\ncommand ud status=captured" },
  { "/engine/baa/victory/BAA-VIC-3/BAA-AMB-44/reserves-block",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/1 2 0507\ncmd ud usa 2 2 0112\n"
    "reserve r1 usa 9 0112\nunit e2 usa inf 2/4/1 2 reserve:r1",
    "6,6,6",
    "end-phase\nend-phase\nfire u1 e1",
    "dispersed e1 by=u1\n!victory",
    "unit e2 status=reserve" },
};

/* BAA-SEQ-1..5, BAA-EX-31, BAA-GEN-3, BAA-GEN-4: a bound is a CSA round and
 * a USA round of 12 phases each, one hour apart. */
static void
test_sequence (void)
{
  const BaaCase c = { "/engine/baa/sequence/BAA-SEQ-1/BAA-SEQ-2/BAA-SEQ-5/BAA-EX-31/BAA-GEN-3/BAA-GEN-4",
                      "bounds 3\nstart 23:00\nobj o1 0505 csa", NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  g_autoptr(GPtrArray) lines = t_event_lines (m);
  GString *seq = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = g_ptr_array_index (lines, i);
      if (g_str_has_prefix (l, "phase ") || g_str_has_prefix (l, "bound "))
        g_string_append_printf (seq, "%s;", l);
    }
  text = g_string_free (seq, FALSE);
  for (int b = 1; b <= 3; b++)
    {
      g_autofree char *bound = g_strdup_printf ("bound %d time=%s (BAA-SEQ-5);", b,
                                                b == 1 ? "23:00" : b == 2 ? "00:00" : "01:00");
      g_autofree char *want = NULL;
      GString *w = g_string_new (bound);
      for (int s = 0; s < 2; s++)
        for (int p = 1; p <= 12; p++)
          {
            const char *l = strstr (text, bound);
            (void) l;
            g_string_append_printf (w, "phase %s %d ", s == 0 ? "csa" : "usa", p);
          }
      want = g_string_free (w, FALSE);
      g_assert_nonnull (strstr (text, bound));
    }
  /* 3 bounds x 2 rounds x 12 phases, in order csa 1..12 then usa 1..12 */
  {
    guint phases = 0;
    int last_side = -1, last_phase = 0;
    for (guint i = 0; i < lines->len; i++)
      {
        const char *l = g_ptr_array_index (lines, i);
        int side, p;
        if (!g_str_has_prefix (l, "phase "))
          continue;
        side = g_str_has_prefix (l, "phase csa") ? 0 : 1;
        p = atoi (l + 10);
        if (phases % 12 == 0)
          {
            g_assert_cmpint (p, ==, 1);
            g_assert_cmpint (side, ==, (phases / 12) % 2);
          }
        else
          {
            g_assert_cmpint (p, ==, last_phase + 1);
            g_assert_cmpint (side, ==, last_side);
          }
        last_side = side;
        last_phase = p;
        phases++;
      }
    g_assert_cmpuint (phases, ==, 3 * 2 * 12);
  }
  t_check_state (m, "result winner=csa level=tactical diff=1", c.name);
}

/* Helper values under the rules: BAA-EX-35, BAA-EX-38, BAA-EX-28, BAA-CMD-9. */
static void
test_values (void)
{
  const BaaCase c = { "/engine/baa/values",
                      "option baa.out-of-command-penalty on\ncmd cx csa 1 2 0101 x\n"
                      "unit u1 csa inf 2/6/3 1 0102 fatigued\nunit u2 csa inf 2/5/3 1 0909 fatigued\n"
                      "unit u3 csa inf 2/4/3 1 0103\nunit u4 csa inf 2/4/1 1 0201\nterrain 0103 woodland\n"
                      "terrain 0201 woodland",
                      NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  BaaMatch *bm = mu_match_get_state (m);
  BaaUnit *u1 = baa_match_find_unit (bm, "u1");
  BaaUnit *u2 = baa_match_find_unit (bm, "u2");
  BaaUnit *u3 = baa_match_find_unit (bm, "u3");
  BaaUnit *u4 = baa_match_find_unit (bm, "u4");

  /* BAA-EX-35, BAA-FAT-1, BAA-CMD-9, BAA-AMB-46: capped at 6 */
  g_assert_cmpint (baa_unit_attack_value (bm, u1), ==, 6);
  g_assert_false (baa_unit_in_command_range (bm, u2));
  g_assert_cmpint (baa_unit_attack_value (bm, u2), ==, 6);
  g_assert_cmpint (baa_unit_attack_value (bm, u3), ==, 4);
  /* BAA-EX-28, BAA-TER-3, BAA-AMB-2: one die fewer from woodland, at least 1 */
  g_assert_cmpint (baa_unit_attack_dice (bm, u3), ==, 2);
  g_assert_cmpint (baa_unit_attack_dice (bm, u4), ==, 1);
  g_assert_cmpint (baa_unit_threshold (bm, u3), ==, 3);
  /* BAA-EX-38, BAA-SPC-2, BAA-AMB-52: easier to disperse on a train */
  u3->on_train = TRUE;
  g_assert_cmpint (baa_unit_threshold (bm, u3), ==, 2);
  u3->on_train = FALSE;
}

/* BAA-ZOC-4: a pinned unit exerts no zone of control. */
static void
test_pinned_zoc (void)
{
  const BaaCase c = { "/engine/baa/zoc", CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0507",
                      NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  BaaMatch *bm = mu_match_get_state (m);
  BaaUnit *e1 = baa_match_find_unit (bm, "e1");

  g_assert_true (baa_hex_in_enemy_zoc (bm, t_hex ("0506"), 0));
  e1->pinned = TRUE;
  baa_match_invalidate (bm);
  g_assert_false (baa_hex_in_enemy_zoc (bm, t_hex ("0506"), 0));
  /* still in melee with it (BAA-MEL-1, BAA-AMB-17) */
  g_assert_true (baa_unit_in_melee (bm, baa_match_find_unit (bm, "u1")) ==
                 (mu_hex_distance (bm->grid, t_hex ("0505"), t_hex ("0507")) == 1));
  e1->pinned = FALSE;
  baa_match_invalidate (bm);
}

/* A refused command changes nothing, the events included; undo replays. */
static void
test_undo (void)
{
  const BaaCase c = { "/engine/baa/undo", CSA_DIV "unit u1 csa inf 2/4/3 1 0505", NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  g_autofree char *before = mu_match_format_state (m);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (mu_match_apply_line (m, "move u1 0506", NULL, &error));
  g_assert_true (mu_match_undo (m, &error));
  g_assert_no_error (error);
  after = mu_match_format_state (m);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (mu_match_get_commands (m)->len, ==, 0);
}

/* The options table lists every optional and special rule (BAA-VIC-6 among them). */
static void
test_options (void)
{
  const MuRuleset *rs = mu_ruleset_find ("baa-hex");
  const char *keys[] = { "baa.out-of-command-penalty", "baa.direct-control", "baa.withdrawing",
                         "baa.overwhelming-fire", "baa.continued-play", "baa.railroads",
                         "baa.river-boats", "baa.indomitable", "baa.sharpshooters", "baa.night",
                         "baa.fatigue", "baa.reserves", "baa.readdressing-lines" };

  g_assert_nonnull (rs);
  g_assert_cmpuint (rs->n_options, ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpstr (rs->options[i].key, ==, keys[i]);
  g_assert_true (rs->options[2].default_value);   /* BAA-AMB-12 */
  /* BAA-FAT-1: fatigue applies unless the scenario turns it off, and the
   * editor shows the default play uses */
  g_assert_cmpstr (rs->options[10].key, ==, "baa.fatigue");
  g_assert_true (rs->options[10].default_value);
  {
    g_autoptr(MuScenario) s = t_scenario ("board 4 4");

    g_assert_true (mu_ruleset_option_default (rs, s, &rs->options[10]));
  }
  /* BAA-SEQ-1: bound start, a round per side (4 sequences, 12 phases), bound end */
  g_assert_cmpuint (rs->turns->n_steps, ==, 3);
  g_assert_cmpuint (rs->turns->steps[1].n_steps, ==, 4);
  g_assert_nonnull (mu_turn_structure_find_step (rs->turns, "round/orders/control-range"));
  g_assert_nonnull (mu_turn_structure_find_step (rs->turns, "round/removal/remove-markers"));
}

/* Every special rule at once, played at random: invariants hold after each
 * command and a saved match replays to the same state and events. */
static void
test_random_special (void)
{
  const BaaCase c = { "/engine/baa/random",
    "board 14 14\nbounds 8\ndays 2 darkness 3\nnight 3 4 5\noption baa.direct-control on\n"
    "option baa.out-of-command-penalty on\noption baa.overwhelming-fire on\n"
    "ctl k csa 3 0203\ncmd c1 csa 1 2 0304\ncmd c2 csa 2 3 0305 x\n"
    "unit a1 csa inf 2/4/3 1 0404\nunit a2 csa cav 2/4/2 1 0405\nunit a3 csa art 3/4/2 2 0306\n"
    "unit a4 csa inf 2/4/3 0 0506 sharpshooter\nunit a5 csa inf 2/4/4 2 0406 indomitable\n"
    "terrain 0701 water\nterrain 0702 water\nterrain 0703 water\n"
    "terrain 0704 water\nterrain 0705 water\nterrain 0706 water\nterrain 0707 water\nterrain 0708 water\n"
    "feature 0704 ford\nfeature 0706 bridge\n"
    "ctl m usa 2 1212\ncmd d1 usa 5 2 1111\ncmd d2 usa 6 2 reserve:r1\n"
    "unit e1 usa inf 2/4/3 5 1010\nunit e2 usa inf 2/4/3 5 1011\nunit e3 usa art 3/4/2 5 1110\n"
    "unit e4 usa inf 2/4/3 6 reserve:r1\nunit e5 usa inf 2/4/3 6 reserve:r1\n"
    "unit e6 usa inf 2/4/3 5 reserve:r2\nunit e7 usa cav 2/4/2 5 reserve:r3\n"
    "reserve r1 usa 2 1414,1413 roll 0\nreserve r2 usa 2 1401 kind railroad\n"
    "reserve r3 usa 6 0114 kind flank-march\npath railroad 1401 1302 1202 1103 1003 0904\n"
    "path turnpike 0404 0505 0605 0706 0806 0907 1007 1008 1009 1010\npath road 0305 0405 0506\n"
    "terrain 0808 woodland\nterrain 0909 settlement\nterrain 0606 marsh\nelev 0505 1\nelev 0606 2\n"
    "hexside 0909 0 wall\nhexside 0808 3 hedge\nfeature 0707 fortification\nhexside 0505 2 stream\n"
    "obj o1 0704\nobj o2 0909 usa\nobj o3 0505 csa\nobj o4 1010 usa\nobj o5 0404 csa\nobj o6 1111\n"
    "lines csa 0101 0201 0301 0102\nlines usa 1414 1314 1214 1413\ntask t1 csa 1 disperse usa 2",
    NULL, "", NULL, NULL };
  g_autoptr(MuScenario) s = t_scenario (c.scenario);

  for (guint64 g = 0; g < 40; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_new (s, 77 + g, NULL, 0, &error);
      g_autoptr(MuDice) rng = mu_dice_new (g);
      g_autoptr(MuMatch) again = NULL;
      g_autofree char *data = NULL, *st1 = NULL, *st2 = NULL;
      g_autoptr(GPtrArray) ev1 = NULL, ev2 = NULL;
      gsize len = 0;

      g_assert_no_error (error);
      for (guint n = 0; !mu_match_is_over (m); n++)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          const MuCommand *pick;

          g_assert_cmpuint (n, <, 20000);
          g_assert_cmpuint (legal->len, >, 0);
          pick = g_ptr_array_index (legal, mu_dice_uniform (rng, legal->len));
          if (g_str_equal (mu_command_get_verb (pick), "end-phase") && legal->len > 1 && mu_dice_uniform (rng, 3))
            pick = g_ptr_array_index (legal, mu_dice_uniform (rng, legal->len));
          if (!mu_match_apply (m, pick, NULL, &error))
            {
              g_autofree char *line = mu_command_to_string (pick);
              g_error ("game %" G_GUINT64_FORMAT ": legal “%s” refused: %s", g, line, error->message);
            }
          if (!mu_match_check_invariants (m, &error))
            g_error ("game %" G_GUINT64_FORMAT ": %s", g, error->message);
        }
      /* a replay in memory, then through a saved match */
      again = mu_match_new (s, 77 + g, NULL, 0, &error);
      for (guint i = 0; i < mu_match_get_commands (m)->len; i++)
        g_assert_true (mu_match_apply (again, g_ptr_array_index (mu_match_get_commands (m), i), NULL, &error));
      st1 = mu_match_format_state (m);
      st2 = mu_match_format_state (again);
      g_assert_cmpstr (st1, ==, st2);
      ev1 = t_event_lines (m);
      ev2 = t_event_lines (again);
      g_assert_cmpuint (ev1->len, ==, ev2->len);
      for (guint i = 0; i < ev1->len; i++)
        g_assert_cmpstr (g_ptr_array_index (ev1, i), ==, g_ptr_array_index (ev2, i));
      data = mu_match_save_to_data (m, &len);
      g_clear_pointer (&again, mu_match_free);
      again = mu_match_load_data (data, len, "random", &error);
      g_assert_no_error (error);
      g_clear_pointer (&st2, g_free);
      st2 = mu_match_format_state (again);
      g_assert_cmpstr (st1, ==, st2);
    }
}

/* BAA-CDR-9, BAA-STK-1: command counters do not count toward stacking, so a
 * scenario may stand hundreds in a hex; the 256th must not make the hex read
 * as empty (a unit then walked in beside them without a capture roll). */
static void
test_many_commanders (void)
{
  const guint n = 256;
  g_autoptr(GString) scenario = g_string_new (CSA_DIV "unit u1 csa inf 2/4/3 1 0505\n");
  g_autoptr(GString) dice = g_string_new (NULL);
  g_autofree char *last = g_strdup_printf ("command k%u status=captured\nunit u1 at=0507", n);
  BaaCase c = { "/engine/baa/move/BAA-CDR-9/BAA-STK-1/hundreds-of-commanders", NULL, NULL,
                "move u1 0506 0507", "captured k1 by=u1\ncaptured k256 by=u1", NULL };

  for (guint i = 1; i <= n; i++)
    {
      g_string_append_printf (scenario, "cmd k%u usa %u 2 0507\n", i, i + 1);
      g_string_append (dice, i > 1 ? ",6" : "6");
    }
  g_string_append (scenario, "unit e1 usa inf 2/4/3 2 0511");
  c.scenario = scenario->str;
  c.dice = dice->str;
  c.state = last;
  t_case (&c);
}

static gboolean
t_legal (MuMatch *m, const char *line)
{
  g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);

  return has_command (legal, line);
}

/* BAA-FIRE-10, BAA-MEL-3: the legal commands offer grouped fire and grouped
 * melee for units that may each attack the same target, and the offered
 * group is accepted. */
static void
test_legal_groups (void)
{
  const BaaCase fire = {
    "fire", CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit u2 csa inf 2/4/3 1 0605\nunit u3 csa inf 2/4/3 1 0105\n"
    "unit e1 usa inf 2/4/3 2 0507\ncmd ud usa 2 2 0112",
    "1,1,1,1,1,1", "end-phase\nend-phase", NULL, NULL };
  const BaaCase melee = {
    "melee", CSA_DIV "unit u1 csa inf 2/4/3 1 0506\nunit u2 csa inf 2/4/3 1 0607\nunit u3 csa inf 2/4/3 1 0407\n"
    "unit e1 usa inf 2/4/3 2 0507\ncmd ud usa 2 2 0112",
    "1,1,1,1,1,1,1,1,1", "end-phase\nend-phase", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&fire);
  g_autoptr(MuMatch) n = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (t_legal (m, "fire u1 e1"));
  g_assert_true (t_legal (m, "fire-group e1 u1 u2"));
  g_assert_false (t_legal (m, "fire-group e1 u1 u3"));   /* u3 is out of range */
  g_assert_true (mu_match_apply_line (m, "fire-group e1 u1 u2", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (t_legal (m, "fire-group e1 u1 u2"));   /* one attack a round */

  n = t_run (&melee);
  g_assert_true (t_legal (n, "melee u1 e1"));
  g_assert_true (t_legal (n, "melee-group e1 u1 u2"));
  g_assert_true (t_legal (n, "melee-group e1 u1 u3"));
  g_assert_true (t_legal (n, "melee-group e1 u1 u2 u3"));
  g_assert_true (mu_match_apply_line (n, "melee-group e1 u1 u2 u3", NULL, &error));
  g_assert_no_error (error);
}

/* BAA-VIC-4: the legal commands include the moves that leave the board over
 * an edge an exit task names for the unit's side, and only those. */
static void
test_legal_exit (void)
{
  const BaaCase c = {
    "exit", CSA_DIV "unit u1 csa inf 2/4/3 1 0205\nunit u2 csa inf 2/4/3 1 0105\n"
    "unit e1 usa inf 2/4/3 2 1110\ncmd ud usa 2 2 1112\ntask t1 csa 1 exit csa w 1",
    NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);

  g_assert_true (t_legal (m, "move u1 0105 0005"));
  g_assert_true (t_legal (m, "move u2 0005"));
  g_assert_true (t_legal (m, "move u2 0104") || t_legal (m, "move u2 0106"));   /* ordinary moves stay */
  g_assert_false (t_legal (m, "move u2 0100"));   /* north is no exit edge here */
  g_assert_false (t_legal (m, "move u1 0105 0005 0004"));
}

/* BAA-STK-1, BAA-AMB-13, BAA-MOV-11: a scenario whose counters start where
 * no move could ever bring them (three friendly units in a hex, or counters
 * of both sides in one) is refused by the check with the counter's line,
 * not played from an impossible position. */
static void
test_start_positions (void)
{
  static const struct {
    const char *scenario;
    const char *message;   /* NULL: no error */
  } checks[] = {
    { "unit a csa inf 2/4/3 0 0505\nunit b csa inf 2/4/3 0 0505\ncmd c9 csa 9 2 0505", NULL },
    { "unit a csa inf 2/4/3 0 0505\nunit b csa inf 2/4/3 0 0505\nunit c csa inf 2/4/3 0 0505",
      "unit “c” starts at 0505 with two friendly units there already (BAA-STK-1)" },
    { "unit a csa inf 2/4/3 0 0505\nunit e usa inf 2/4/3 0 0505",
      "unit “e” starts at 0505, where counters of side “csa” stand (BAA-STK-1, BAA-MOV-11)" },
    { "cmd c9 usa 9 2 0505\nunit a csa inf 2/4/3 0 0505",
      "unit “a” starts at 0505, where counters of side “usa” stand (BAA-STK-1, BAA-MOV-11)" },
    { "ctl k csa 2 0505\ncmd c9 usa 9 2 0505",
      "command “c9” starts at 0505, where counters of side “csa” stand (BAA-STK-1, BAA-MOV-11)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      g_autoptr(MuScenario) s = t_scenario (checks[i].scenario);
      g_autoptr(GPtrArray) problems = mu_problem_list_new ();
      g_autoptr(GString) all = g_string_new (NULL);

      for (guint j = 0; j < s->counters->len; j++)
        ((MuCounter *) g_ptr_array_index (s->counters, j))->line = 10 + (int) j;
      baa_check_scenario (s, problems);
      for (guint j = 0; j < problems->len; j++)
        {
          g_autofree char *text = mu_problem_to_string (g_ptr_array_index (problems, j));
          g_string_append_printf (all, "%s\n", text);
        }
      if (checks[i].message == NULL)
        g_assert_cmpuint (mu_problem_list_n_errors (problems), ==, 0);
      else
        {
          /* on the line of the last counter, the one that cannot stand there */
          g_autofree char *want = g_strdup_printf (":%u: error: %s", 9 + s->counters->len,
                                                   checks[i].message);
          if (strstr (all->str, want) == NULL)
            t_fail ("case %u: expected “%s”, got:\n%s", i, want, all->str);
        }
    }
}

/* BAA-SPC-1, BAA-SPC-3: the moves offered to a reserve arriving by rail end
 * before the railroad hex an enemy unit holds; nothing past it is offered. */
static void
test_rail_offers (void)
{
  const BaaCase c = { "/engine/baa/match/BAA-SPC-3/offered-moves",
                      "cmd ux usa 2 6 0811 x\nunit e0 usa inf 2/4/3 2 0812\n"
                      "cmd cx csa 1 6 0705 x\nunit u9 csa inf 2/4/3 1 0705\n"
                      "reserve r1 usa 1 0112 kind railroad\nunit e1 usa inf 2/4/3 2 reserve:r1\n"
                      "path railroad 0112 0111 0110 0109 0108 0107 0106\nunit u8 csa inf 2/4/3 1 0108",
                      NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  g_autoptr(GArray) moves = mu_match_legal_moves (m, "e1");
  gboolean before = FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      MuHex h = g_array_index (moves, MuPos, i).hex;
      char label[16];

      g_snprintf (label, sizeof label, "%02d%02d", h.col, h.row);
      g_test_message ("offered: %s", label);
      g_assert_cmpstr (label, !=, "0108");
      g_assert_cmpstr (label, !=, "0107");
      g_assert_cmpstr (label, !=, "0106");
      before = before || g_str_equal (label, "0109");
    }
  g_assert_true (before);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  t_add_cases (cases, G_N_ELEMENTS (cases));
  g_test_add_func ("/engine/baa/move/BAA-CDR-9/BAA-STK-1/hundreds-of-commanders", test_many_commanders);
  g_test_add_func ("/engine/baa/sequence/BAA-SEQ-1/BAA-SEQ-2/BAA-SEQ-5/BAA-EX-31/BAA-GEN-3/BAA-GEN-4", test_sequence);
  g_test_add_func ("/engine/baa/values/BAA-EX-35/BAA-EX-38/BAA-EX-28/BAA-CMD-9/BAA-FAT-1/BAA-AMB-46/BAA-SPC-2/BAA-AMB-52/BAA-TER-3/BAA-AMB-2", test_values);
  g_test_add_func ("/engine/baa/undo", test_undo);
  g_test_add_func ("/engine/baa/legal/BAA-VIC-4/exit", test_legal_exit);
  g_test_add_func ("/engine/baa/legal/BAA-FIRE-10/BAA-MEL-3/groups", test_legal_groups);
  g_test_add_func ("/engine/baa/random/special-rules", test_random_special);
  g_test_add_func ("/engine/baa/zoc/BAA-ZOC-4/pinned", test_pinned_zoc);
  g_test_add_func ("/engine/baa/options/BAA-VIC-6/BAA-AMB-12", test_options);
  g_test_add_func ("/engine/baa/scenario/BAA-STK-1/BAA-AMB-13/BAA-MOV-11/start-positions", test_start_positions);
  g_test_add_func ("/engine/baa/match/BAA-SPC-1/BAA-SPC-3/offered-moves", test_rail_offers);
  return g_test_run ();
}
