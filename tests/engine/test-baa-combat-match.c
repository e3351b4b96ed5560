/* test-baa-combat-match.c: baa-hex combat through whole matches
 *
 * The same rules as test-baa-combat.c, but played from the start of a match
 * with commands only (end-phase, fire, choose, ...), so that the phase
 * sequence, marker timing and the command layer take part. The cases use the
 * scenario language of test-baa-util.h (flat-top board, even offset): hexes in
 * one column (0505, 0506, 0507, ...) lie on a straight line.
 */
#define G_LOG_DOMAIN "test-baa-combat-match"

#include "config.h"

#include "test-baa-util.h"

/* Both sides have an exceptional division commander, so every unit has orders
 * without a roll. */
#define SIDES "cmd cx csa 1 6 0707 x\ncmd ux usa 2 6 0709 x\n"
/* From the start of a bound to the CSA fire phase. */
#define TO_CSA_FIRE "end-phase\nend-phase\n"

/* A second pair of units far away keeps every movement and fire phase of
 * both rounds open (a phase with nothing to do completes at once). */
#define BYSTANDERS "unit u2 csa inf 2/4/3 1 0912\nunit e2 usa inf 2/4/3 2 0910\n"

static const BaaCase cases[] = {
  /* BAA-EX-16: a USA unit flinches in the CSA round of bound 1; in the USA
   * round it can neither move nor fire, its marker goes in USA phase 12 of
   * bound 1, and it moves normally in bound 2. */
  { "/engine/baa/match/BAA-EX-16/BAA-PIN-1/BAA-PIN-2/BAA-AMB-50/BAA-FLN-5",
    SIDES BYSTANDERS "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0507",
    "4,2,6,2",
    TO_CSA_FIRE
    "fire u1 e1\n"
    "choose 0508\n"
    "end-phase\n"                         /* to the USA round, phase 7 */
    "! move e1 0509 => BAA-PIN-1\n"
    "end-phase\nend-phase\n"              /* USA phase 10 */
    "! fire e1 u1 => BAA-PIN-1\n"
    "end-phase\n"                         /* USA phase 12, then bound 2 */
    TO_CSA_FIRE "end-phase\n"
    "move e1 0509",
    "attack e1 fire by=u1 at=0507 dice=3 (BAA-FIRE-5)\n"
    "roll flinch e1 vs=u1 die=2 need<=2 success (BAA-FLN-1)\n"
    "decision where does e1 flinch to? side=usa\n"
    "flinch e1 from=0507 to=0508 (BAA-FLN-5)\n"
    "marker e1 pinned (BAA-FLN-5)\n"
    "phase usa 7\n"
    "phase usa 12\n"
    "unmarker e1 pinned (BAA-PIN-2)\n"
    "bound 2\n"
    "phase usa 7\n"
    "move e1 from=0508 to=0509",
    "bound 2 round=usa phase=7\nunit e1 at=0509" },

  /* BAA-EX-36 through the command line: a group declared with fire-group. */
  { "/engine/baa/match/BAA-EX-36/BAA-FIRE-10/BAA-AMB-18",
    SIDES BYSTANDERS "unit u1 csa inf 2/4/3 1 0505\nunit u3 csa inf 2/4/3 1 0405\n"
    "unit e1 usa inf 2/4/4 2 0507",
    "4,5,1,6,6,2",
    TO_CSA_FIRE "fire-group e1 u1 u3",
    "attack e1 fire-group by=u1 at=0507 dice=6 (BAA-FIRE-10)\n"
    "hits e1 by=u1 n=2\nhits e1 by=u3 n=2\nhits e1 total n=4 (BAA-AMB-18)\n"
    "dispersed e1 by=u1 at=0507 (BAA-FIRE-7)",
    "unit e1 status=dispersed" },

  /* BAA-MEL-2: the melee phase cannot end while a unit in contact owes its
   * attack; NIC units fight too (BAA-CMD-7). */
  { "/engine/baa/match/BAA-MEL-2/BAA-MEL-1/BAA-EX-21",
    SIDES BYSTANDERS "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0506",
    "1,1,1,1,1,1",
    "end-phase\nend-phase\n"
    "! fire u1 e1 => BAA-AMB-19\n"
    "end-phase\n"
    "! end-phase => BAA-MEL-2\n"
    "melee u1 e1\n"
    "end-phase",
    "attack e1 melee by=u1 at=0506 dice=3 (BAA-MEL-3)\n"
    "hits e1 by=u1 n=0\n"
    "phase usa",
    "unit e1 at=0506" },

  /* BAA-CDR-4 and BAA-FORT-3 through the command line. */
  { "/engine/baa/match/BAA-CDR-4/BAA-EX-23/fire-commander",
    SIDES BYSTANDERS "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 3 2 0507\nunit e3 usa inf 2/4/3 3 0510",
    "6",
    TO_CSA_FIRE "fire-commander u1 ud",
    "attack ud fire-commander by=u1 at=0507 dice=1 (BAA-CDR-4)\n"
    "roll commander-shot u1 vs=ud die=6 need>=6 success (BAA-CDR-4)\n"
    "disabled ud at=0507 (BAA-CDR-4)",
    "command ud status=disabled" },
  { "/engine/baa/match/BAA-FORT-3/BAA-EX-39/breach",
    SIDES BYSTANDERS "unit u1 csa art 3/3/6 1 0505\nfeature 0507 fortification",
    "3,3,3,3,3,3",
    TO_CSA_FIRE "breach u1 0507 0",
    "attack breach dir=0 by=u1 at=0507 dice=6 (BAA-FORT-3)\n"
    "breached at=0507 n=0 (BAA-FORT-3)",
    "" },

  /* BAA-FLN-6 through the command line: the second flinch of the round is
   * the attacker's choice. */
  { "/engine/baa/match/BAA-FLN-6/BAA-EX-15/crossfire",
    SIDES BYSTANDERS "unit u1 csa inf 2/4/3 1 0505\nunit u3 csa art 5/4/3 1 0305\n"
    "unit e1 usa inf 2/4/4 2 0507",
    "4,5,1,1,6,6,1,1",
    TO_CSA_FIRE "fire u1 e1\nchoose 0508\nfire u3 e1",
    "decision where does e1 flinch to? side=usa\n"
    "flinch e1 from=0507 to=0508\n"
    "roll flinch e1 vs=u3 die=1 need<=2 success (BAA-FLN-1)\n"
    "decision where does e1 flinch to? side=csa",
    "unit e1 at=0508 markers=pinned" },
};

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
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  t_add_cases (cases, G_N_ELEMENTS (cases));
  g_test_add_func ("/engine/baa/match/BAA-SPC-1/BAA-SPC-3/offered-moves", test_rail_offers);
  return g_test_run ();
}
