/* test-baa-rules.c: baa-hex sequence, command and control, movement, zones of
 * control, capture, special movement, reserves, night, fatigue, objectives and
 * victory (multi-day battles: test-baa-days.c). Each case names the rule ids
 * (../shared/rules/baa-hex.md) it checks. */
#define G_LOG_DOMAIN "test-baa-rules"

#include "config.h"

#include "test-baa-util.h"

#include "baa-hex-private.h"
#include "baa-hex.h"
#include "baa-scenario.h"
#include "mu-problem.h"

/* Tyler and his division under McDowell (BAA-EX-1..3): the USA round, the
 * CSA having nothing on the board. */
#define MCDOWELL \
  "ctl mcd usa 2 0502\n" \
  "cmd miles usa 1 2 0503\n" \
  "cmd hunter usa 2 2 0504\n" \
  "cmd tyler usa 3 2 0505\n" \
  "unit t1 usa inf 2/4/3 3 0506\n" \
  "unit t2 usa inf 2/4/3 3 0507\n" \
  "unit t3 usa inf 2/4/3 3 0606\n"

/* A CSA division with an exceptional commander, so no dice for orders. */
#define CSA_DIV "cmd cx csa 1 6 0705 x\n"

static const BaaCase cases[] = {
  { "/engine/baa/cmd/BAA-EX-1/BAA-EX-2/success/BAA-CMD-1/BAA-CMD-2/BAA-CMD-3/BAA-AMB-4/BAA-AMB-5/BAA-GEN-2",
    MCDOWELL "unit t4 usa inf 2/4/3 3 0406",
    "2", "",
    "phase usa 1 name=control-range\n"
    "orders miles control-range (BAA-CMD-2)\n"
    "orders hunter control-range (BAA-CMD-2)\n"
    "roll command tyler vs=mcd die=2 need<=2 success (BAA-CMD-3)\n"
    "orders tyler roll (BAA-CMD-3)\n"
    "orders t1 command-range (BAA-CMD-5)\n"
    "orders t4 command-range (BAA-CMD-5)\n"
    "!orders tyler control-range",
    "bound 1 round=usa phase=7\ncommand tyler markers=orders\nunit t4 markers=orders" },
  { "/engine/baa/cmd/BAA-EX-2/fail/BAA-CMD-4/BAA-AMB-6/BAA-CMD-12/BAA-GEN-1",
    MCDOWELL "unit t4 usa inf 2/4/3 3 0406",
    "3", "! move t1 0507 => BAA-CMD-7\n! move tyler 0406 => BAA-AMB-47",
    "roll command tyler vs=mcd die=3 need<=2 fail (BAA-CMD-3)\n"
    "marker tyler nic (BAA-CMD-4)\n"
    "marker t1 nic (BAA-CMD-4)\n"
    "marker t4 nic (BAA-CMD-4)\n"
    "!orders t1",
    "bound 1 round=usa phase=8\ncommand tyler markers=nic\nunit t1 markers=nic\nunit t4 markers=nic" },
  { "/engine/baa/cmd/BAA-EX-3/BAA-CMD-5/BAA-CMD-6/BAA-CMD-7/BAA-CMD-8/BAA-MOV-14",
    "ctl mcd usa 2 0502\ncmd tyler usa 3 2 0505 x\n"
    "unit t1 usa inf 2/4/3 3 0506\nunit t2 usa inf 2/4/3 3 0507\nunit t3 usa inf 2/4/3 3 0606\n"
    "unit t4 usa inf 2/4/3 3 0508",
    "3",
    "end-phase\nmove tyler 0506\nend-phase",
    "orders tyler exceptional (BAA-CMD-8)\n"
    "orders t3 command-range (BAA-CMD-5)\n"
    "roll command t4 vs=tyler die=3 need<=2 fail (BAA-CMD-6)\n"
    "marker t4 nic (BAA-CMD-7)\n"
    "move tyler from=0505 to=0506\n"
    "unmarker t4 nic (BAA-SEQ-4)\n"
    "bound 2 time=10:00\n"
    "orders t4 command-range (BAA-CMD-5)",
    "bound 2 round=usa phase=7\ncommand tyler at=0506\nunit t4 markers=orders" },
  /* BAA-EX-2: the failed division stays NIC, yet a unit of it in contact
   * still melees in phase 11 (BAA-CMD-7, BAA-MEL-2) */
  { "/engine/baa/cmd/BAA-EX-2/fail-still-melees/BAA-CMD-7/BAA-MEL-2",
    MCDOWELL CSA_DIV "unit c1 csa inf 2/4/3 1 0406",
    "1,1,1,3,1,1,1",
    "end-phase\nend-phase\nmelee c1 t1\nend-phase\n! move t1 0507 => BAA-CMD-7\nend-phase\nmelee t1 c1",
    "attack t1 melee by=c1\n"
    "roll command tyler vs=mcd die=3 need<=2 fail (BAA-CMD-3)\n"
    "marker t1 nic (BAA-CMD-4)\n"
    "attack c1 melee by=t1",
    "unit t1 markers=nic" },
  /* BAA-EX-3: had Tyler not moved, the fourth unit rolls again next bound */
  { "/engine/baa/cmd/BAA-EX-3/rolls-again/BAA-CMD-6",
    "ctl mcd usa 2 0502\ncmd tyler usa 3 2 0505 x\n"
    "unit t1 usa inf 2/4/3 3 0506\nunit t2 usa inf 2/4/3 3 0507\nunit t3 usa inf 2/4/3 3 0606\n"
    "unit t4 usa inf 2/4/3 3 0508",
    "3,2",
    "end-phase\nend-phase\nend-phase",
    "roll command t4 vs=tyler die=3 need<=2 fail (BAA-CMD-6)\n"
    "marker t4 nic (BAA-CMD-7)\n"
    "unmarker t4 nic (BAA-SEQ-4)\n"
    "bound 2 time=10:00\n"
    "roll command t4 vs=tyler die=2 need<=2 success (BAA-CMD-6)\n"
    "orders t4 roll",
    "bound 2 round=usa phase=7\ncommand tyler at=0505\nunit t4 markers=orders" },
  { "/engine/baa/cmd/BAA-EX-4/night/BAA-NGT-3",
    MCDOWELL "option baa.night on\nnight 1",
    "1", "",
    "roll command tyler vs=mcd die=1 mod=+1 need<=2 success (BAA-CMD-3)",
    "bound 1 round=usa phase=7 night" },
  { "/engine/baa/cmd/BAA-EX-4/night-fail/BAA-NGT-3",
    MCDOWELL "option baa.night on\nnight 1",
    "2", "",
    "roll command tyler vs=mcd die=2 mod=+1 need<=2 fail (BAA-CMD-3)\nmarker tyler nic",
    "" },
  { "/engine/baa/cmd/BAA-CDR-8/BAA-AMB-36/natural-one-at-night",
    "option baa.night on\nnight 1\ncmd ud usa 2 3 0505\nunit e1 usa inf 2/4/3 2 0506",
    "1", "",
    "roll command ud die=1 need<=1 success (BAA-CDR-8)\norders ud roll (BAA-CDR-8)",
    "unit e1 markers=orders" },
  { "/engine/baa/cmd/BAA-CDR-8/fail",
    "cmd ud usa 2 3 0505\nunit e1 usa inf 2/4/3 2 0506",
    "2", "",
    "roll command ud die=2 need<=1 fail (BAA-CDR-8)\nmarker e1 nic (BAA-CMD-4)",
    "" },
  { "/engine/baa/cmd/BAA-AMB-28/BAA-CDR-6/highest-leadership",
    "ctl k1 usa 1 0101\nctl k2 usa 4 0112\ncmd ud usa 2 3 0606\nunit e1 usa inf 2/4/3 2 0607",
    "4", "",
    "roll command ud vs=k2 die=4 need<=4 success (BAA-CMD-3)",
    "" },
  /* BAA-CMD-1, BAA-CMD-2: only a friendly control counter gives orders; an
   * enemy one next to the command counter does not */
  { "/engine/baa/cmd/BAA-CMD-1/BAA-CMD-2/friendly-control-only",
    "ctl k csa 3 0505\nctl mcd usa 1 0101\ncmd ud usa 2 2 0506\nunit e1 usa inf 2/4/3 2 0507",
    "1", "end-phase",
    "phase usa 1\nroll command ud vs=mcd die=1 need<=1 success (BAA-CMD-3)\n!orders ud control-range",
    "" },
  { "/engine/baa/cmd/BAA-AMB-28/exceptional-without-control",
    "cmd ux usa 2 3 0606 x\nunit e1 usa inf 2/4/3 2 0607",
    NULL, "",
    "orders ux exceptional (BAA-CMD-8)\norders e1 command-range",
    "" },
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
  { "/engine/baa/cmd/BAA-CMD-11/BAA-AMB-45/star-unit",
    CSA_DIV "unit s1 csa inf 2/4/3 0 0706",
    NULL,
    "! assign s1 nobody => BAA-CMD-11\nassign s1 cx\nend-phase",
    "assigned s1 by=cx (BAA-CMD-11)\norders s1 command-range (BAA-CMD-5)",
    "unit s1 markers=orders" },
  { "/engine/baa/cmd/BAA-CMD-11/unassigned-is-nic",
    CSA_DIV "unit s1 csa inf 2/4/3 0 0706",
    NULL, "end-phase",
    "marker s1 nic (BAA-CMD-7)",
    "unit s1 markers=nic" },

  /* Movement */
  { "/engine/baa/move/BAA-MOV-1/BAA-MOV-2/BAA-MOV-13/BAA-TER-1/BAA-TER-2",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit c1 csa cav 2/4/2 1 0605",
    NULL,
    "! move u1 0506 0507 0508 => BAA-MOV-2\n"
    "move u1 0506 0507\n"
    "! move u1 0508 => BAA-MOV-13\n"
    "! move c1 0606 0607 0608 0609 0610 => BAA-MOV-2\n"
    "move c1 0606 0607 0608 0609",
    "move u1 from=0505 to=0507 path=0506,0507 cost=2\n"
    "move c1 from=0605 to=0609 path=0606,0607,0608,0609 cost=4",
    "unit u1 at=0507\nunit c1 at=0609\nbound 1 round=csa phase=8" },
  { "/engine/baa/move/BAA-EX-26/woodland/BAA-AMB-1/BAA-AMB-3/BAA-TER-4",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit c1 csa cav 2/4/2 1 0605\n"
    "terrain 0506 woodland\nterrain 0607 woodland\nelev 0609 1\n"
    "feature 0506 stream\nelev 0506 1",
    NULL,
    "! move u1 0506 0507 => BAA-MOV-2\n"
    "move u1 0506\n"
    "! move c1 0606 0607 0608 0609 => BAA-MOV-2\n"
    "move c1 0606 0607 0608",
    "move u1 from=0505 to=0506 path=0506 cost=2\n"
    "move c1 from=0605 to=0608 path=0606,0607,0608 cost=4",
    "unit u1 at=0506 markers=unformed,orders" },
  { "/engine/baa/move/BAA-EX-26/contour-not-unformed/BAA-TER-4/BAA-AMB-3",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nelev 0506 1",
    NULL, "move u1 0506",
    "move u1 from=0505 to=0506 path=0506 cost=2",
    "unit u1 at=0506 markers=orders" },
  { "/engine/baa/move/BAA-EX-27/roads/BAA-MOV-4/BAA-MOV-5/BAA-AMB-8",
    CSA_DIV
    "unit u1 csa inf 2/4/3 1 0505\npath turnpike 0505 0506 0507 0508 0509\n"
    "unit u2 csa inf 2/4/3 1 0305\npath road 0305 0306 0307 0308 0309\n"
    "unit u3 csa inf 2/4/3 1 0905\npath turnpike 0905 0906 0907\npath road 0907 0908 0909\n"
    "unit u4 csa inf 2/4/3 1 1105\npath turnpike 1105 1106 1107 1108\nterrain 1106 woodland\nelev 1107 1",
    NULL,
    "move u1 0506 0507 0508 0509\n"
    "! move u2 0306 0307 0308 0309 => BAA-MOV-5\n"
    "move u2 0306 0307 0308\n"
    "! move u3 0906 0907 0908 0909 => BAA-MOV-5\n"
    "move u3 0906 0907 0908\n"
    "! move u4 1106 1107 1108 => BAA-MOV-5\n"
    "move u4 1106 1107",
    "move u1 from=0505 to=0509 path=0506,0507,0508,0509 cost=4\n"
    "move u2 from=0305 to=0308 path=0306,0307,0308 cost=3\n"
    "move u3 from=0905 to=0908 path=0906,0907,0908 cost=3\n"
    "move u4 from=1105 to=1107 path=1106,1107 cost=4",
    "unit u1 at=0509" },
  { "/engine/baa/move/BAA-MOV-4/off-road-start-no-bonus/BAA-AMB-8",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0504\npath turnpike 0505 0506 0507 0508",
    NULL, "! move u1 0505 0506 0507 => BAA-MOV-2",
    "", "" },
  { "/engine/baa/move/BAA-MOV-3/BAA-MOV-8/ford-and-river",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nterrain 0506 water\n"
    "unit u2 csa inf 2/4/3 1 0705\nterrain 0706 water\nfeature 0706 ford\nfeature 0706 stream\n"
    "feature 0404 impassable",
    NULL,
    "! move u1 0506 => BAA-MOV-8\n! move u1 0404 => BAA-MOV-8\nmove u2 0706 0707",
    "move u2 from=0705 to=0707 path=0706,0707 cost=2",
    "unit u2 at=0707" },
  { "/engine/baa/move/BAA-MOV-6/BAA-MOV-7/BAA-AMB-9/streams",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\npath road 0505 0506 0507\nfeature 0506 stream\n"
    "unit u2 csa inf 2/4/3 1 0305\nhexside 0305 3 stream",
    NULL,
    "move u1 0506 0507\n! move u2 0306 0307 => BAA-MOV-2\nmove u2 0306",
    "move u1 from=0505 to=0507 path=0506,0507 cost=2\n"
    "move u2 from=0305 to=0306 path=0306 cost=2",
    "" },
  { "/engine/baa/move/BAA-MOV-9/BAA-AMB-10/BAA-NGT-2/night-minimum-move",
    "option baa.night on\nnight 1\n" CSA_DIV
    "unit u1 csa inf 2/4/3 1 0505\nterrain 0506 woodland\n"
    "unit c1 csa cav 2/4/2 1 0605\nunit u2 csa inf 2/4/3 1 0305\nterrain 0306 water\n"
    "unit u3 csa inf 2/4/3 1 0905\npath turnpike 0905 0906 0907",
    NULL,
    "move u1 0506\n! move c1 0606 0607 => BAA-MOV-2\n! move u2 0306 => BAA-MOV-8\n"
    "! move u3 0906 0907 => BAA-MOV-2\nmove u3 0906\n"
    "end-phase\n! move cx 0704 0703 => the allowance is 1 (BAA-MOV-2)\nmove cx 0704",
    "night n=1 (BAA-NGT-1)\nmove u1 from=0505 to=0506 path=0506 cost=2\nmove cx from=0705 to=0704",
    "command cx at=0704" },
  { "/engine/baa/move/BAA-MOV-10/BAA-STK-1/BAA-EX-29/BAA-AMB-13/BAA-STK-2",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit u2 csa inf 2/4/3 1 0506\nunit u4 csa inf 2/4/3 1 0506\n"
    "unit u5 csa inf 2/4/3 1 0406\ncmd c9 csa 9 2 0506",
    NULL,
    "move u1 0506 0507\n! move u5 0506 => BAA-STK-1\nmove u5 0507",
    "move u1 from=0505 to=0507 path=0506,0507 cost=2",
    "unit u2 markers=stacked,orders\nunit u1 at=0507 markers=stacked,orders\nunit u5 at=0507" },
  { "/engine/baa/move/BAA-EX-5/BAA-ZOC-1/BAA-ZOC-3/BAA-AMB-11/BAA-MOV-12/BAA-MEL-2",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0507",
    "1,1,1,1,1,1",
    "! move u1 0506 0405 => locked in a zone of control (BAA-ZOC-3)\n"
    "move u1 0506\n"
    "end-phase\n"
    "melee u1 e1\n"
    "melee e1 u1\n"
    "! move u1 0505 => BAA-ZOC-3\n"
    "! withdraw u1 0606 => BAA-MOV-12\n"
    "! withdraw u1 0505 0504 => BAA-MOV-2\n"
    "withdraw u1 0505",
    "move u1 from=0505 to=0506 path=0506 cost=1\n"
    "locked u1 at=0506 (BAA-ZOC-3)\n"
    "bound 2\n"
    "move u1 withdraw from=0506 to=0505 path=0505 cost=1 (BAA-MOV-12)",
    "unit u1 at=0505" },
  /* BAA-MOV-12: every step of a withdrawal moves further away; a cavalry
   * unit's second step that keeps its distance is refused */
  { "/engine/baa/move/BAA-MOV-12/every-step-away",
    CSA_DIV "unit u1 csa cav 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0507",
    "1,1,1,1,1,1",
    "move u1 0506\nend-phase\nmelee u1 e1\nmelee e1 u1\n"
    "! withdraw u1 0505 0405 => BAA-MOV-12\nwithdraw u1 0505 0504",
    "move u1 withdraw from=0506 to=0504 path=0505,0504 cost=2 (BAA-MOV-12)",
    "unit u1 at=0504" },
  /* BAA-MOV-12: no hex of a withdrawal in an enemy zone of control, even of
   * an enemy it was not in melee with */
  { "/engine/baa/move/BAA-MOV-12/no-zoc-on-the-way",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0405\nunit e1 usa inf 2/4/3 2 0507\nunit e2 usa inf 2/4/3 2 0504",
    "1,1,1,1,1,1",
    "move u1 0506\nend-phase\nmelee u1 e1\nmelee e1 u1\n"
    "! withdraw u1 0505 => BAA-MOV-12\nwithdraw u1 0405",
    "move u1 withdraw from=0506 to=0405 path=0405 cost=1 (BAA-MOV-12)",
    "unit u1 at=0405" },
  { "/engine/baa/move/BAA-MOV-12/option-off/BAA-AMB-12",
    "option baa.withdrawing off\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/3 2 0507",
    "1,1,1,1,1,1",
    "move u1 0506\nend-phase\nmelee u1 e1\nmelee e1 u1\n! withdraw u1 0505 => BAA-MOV-12",
    "", "" },
  { "/engine/baa/move/BAA-EX-16/BAA-MOV-15/BAA-PIN-2/BAA-AMB-50/pinned-timing",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ux usa 2 3 0510 x\nunit e1 usa inf 2/4/3 2 0507",
    "4,2,6,2",
    "end-phase\nend-phase\nfire u1 e1\nchoose 0508\n! move e1 0509 => BAA-PIN-1\nend-phase",
    "flinch e1 from=0507 to=0508\n"
    "marker e1 pinned\n"
    "phase usa 1\n"
    "phase usa 12\n"
    "unmarker e1 pinned (BAA-PIN-2)\n"
    "bound 2",
    "unit e1 at=0508 markers=-\nbound 2 round=csa phase=7" },
  { "/engine/baa/move/BAA-MOV-14/BAA-ZOC-2/BAA-MOV-11/BAA-AMB-7/commanders",
    "cmd cx csa 1 3 0505 x\nctl k csa 2 0101\nunit e1 usa inf 2/4/3 2 0507\ncmd ud usa 2 2 0305",
    NULL,
    "! move cx 0506 0507 => BAA-MOV-11\n! move k 0102 => BAA-MOV-13\n"
    "! move cx 0405 0305 => BAA-MOV-11\n"
    "! move cx 0504 0503 0502 0501 => the path costs 4, the allowance is 3 (BAA-MOV-2)\n"
    "move cx 0506 0606 0607\nmove k 0102",
    "move cx from=0505 to=0607 path=0506,0606,0607 cost=3\nmove k from=0101 to=0102",
    "command cx at=0607\ncontrol k at=0102" },
  { "/engine/baa/move/BAA-CDR-9/BAA-EX-25/captured/BAA-CDR-7/BAA-EX-24/BAA-AMB-29/BAA-AMB-36",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 2 0507\nunit e1 usa inf 2/4/3 2 0511",
    "5,1",
    "! move u1 0506 0507 0508 => BAA-CDR-9\nmove u1 0506 0507\nend-phase",
    "roll capture u1 vs=ud die=5 need>=4 success (BAA-CDR-9)\n"
    "captured ud by=u1 at=0507 (BAA-CDR-9)\n"
    "phase usa 5\n"
    "roll division ud die=1 need<=1 success (BAA-CDR-7)\n"
    "orders e1 division-roll (BAA-CDR-7)",
    "command ud status=captured\nunit u1 at=0507\nunit e1 markers=orders" },
  /* BAA-CDR-9: "for each commander in the hex", however many stand there */
  { "/engine/baa/move/BAA-CDR-9/every-commander-in-the-hex",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\n"
    "cmd k1 usa 2 2 0507\n"
    "cmd k2 usa 3 2 0507\n"
    "cmd k3 usa 4 2 0507\n"
    "cmd k4 usa 5 2 0507\n"
    "cmd k5 usa 6 2 0507\n"
    "cmd k6 usa 7 2 0507\n"
    "cmd k7 usa 8 2 0507\n"
    "cmd k8 usa 9 2 0507\n"
    "cmd k9 usa 10 2 0507\n"
    "cmd k10 usa 11 2 0507\n"
    "cmd k11 usa 12 2 0507\n"
    "cmd k12 usa 13 2 0507\n"
    "cmd k13 usa 14 2 0507\n"
    "cmd k14 usa 15 2 0507\n"
    "cmd k15 usa 16 2 0507\n"
    "cmd k16 usa 17 2 0507\n"
    "cmd k17 usa 18 2 0507\n"
    "unit e1 usa inf 2/4/3 2 0511",
    "6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6",
    "move u1 0506 0507",
    "captured k1 by=u1\ncaptured k16 by=u1\ncaptured k17 by=u1",
    "command k17 status=captured\nunit u1 at=0507" },
  { "/engine/baa/move/BAA-EX-24/disabled-division-fails",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 2 0507\nunit e1 usa inf 2/4/3 2 0511",
    "5,2",
    "move u1 0506 0507\nend-phase",
    "roll division ud die=2 need<=1 fail (BAA-CDR-7)\nmarker e1 nic (BAA-CMD-7)",
    "" },
  /* BAA-EX-24: one die for the whole division, whatever its size */
  { "/engine/baa/move/BAA-EX-24/one-die-for-the-division/BAA-CDR-7",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 2 0507\n"
    "unit e1 usa inf 2/4/3 2 0511\nunit e2 usa inf 2/4/3 2 0211\nunit e3 usa inf 2/4/3 2 1011",
    "5,1,6,6",
    "move u1 0506 0507\nend-phase",
    "roll division ud die=1 need<=1 success (BAA-CDR-7)\n"
    "!roll division ud die=6\n!roll command\n!marker e",
    "unit e1 markers=orders\nunit e2 markers=orders\nunit e3 markers=orders" },
  { "/engine/baa/move/BAA-EX-24/one-die-all-nic/BAA-CDR-7",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 2 0507\n"
    "unit e1 usa inf 2/4/3 2 0511\nunit e2 usa inf 2/4/3 2 0211\nunit e3 usa inf 2/4/3 2 1011",
    "5,2,1,1",
    "move u1 0506 0507\nend-phase",
    "roll division ud die=2 need<=1 fail (BAA-CDR-7)\n"
    "marker e1 nic (BAA-CMD-7)\nmarker e2 nic (BAA-CMD-7)\nmarker e3 nic (BAA-CMD-7)\n"
    "!roll division ud die=1\n!orders e",
    "bound 2 round=csa phase=7" },
  { "/engine/baa/move/BAA-CDR-9/BAA-EX-25/evades",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 2 0507\nunit e1 usa inf 2/4/3 2 0511",
    "3",
    "move u1 0506 0507\n! end-phase => decision\n! choose 0406 => BAA-CDR-9\nchoose 0508",
    "roll capture u1 vs=ud die=3 need>=4 fail (BAA-CDR-9)\n"
    "choose a hex side=usa\n"
    "evaded ud from=0507 to=0508 (BAA-CDR-9)\n!marker ud pinned",
    "command ud at=0508 status=active markers=-" },

  /* Special movement */
  { "/engine/baa/special/BAA-SPC-1/BAA-SPC-3/BAA-AMB-34/railroad",
    "cmd ux usa 2 6 0811 x\nunit e0 usa inf 2/4/3 2 0812\n"
    CSA_DIV "unit u9 csa inf 2/4/3 1 0705\n"
    "reserve r1 usa 1 0112 kind railroad\nunit e1 usa inf 2/4/3 2 reserve:r1\n"
    "path railroad 0112 0111 0110 0109 0108 0107 0106\nunit u8 csa inf 2/4/3 1 0106",
    NULL,
    "! move e1 0112 0111 0110 0109 0108 0107 0106 => e1\n"
    "move e1 0112 0111 0110 0109 0108",
    "reserve-arrived r1 side=usa (BAA-RES-1)\n"
    "move e1 rail to=0108 path=0112,0111,0110,0109,0108 cost=0 (BAA-SPC-1)\n"
    "phase csa 7",
    "unit e1 at=0108 markers=on-train\nbound 1 round=csa phase=7" },
  { "/engine/baa/special/BAA-SPC-4/river-boat",
    CSA_DIV "unit b1 csa boat 2/4/2 1 0505\nterrain 0505 water\nterrain 0506 water\nterrain 0507 water",
    NULL, "! move b1 0605 => BAA-SPC-4\nmove b1 0506 0507",
    "move b1 from=0505 to=0507", "unit b1 at=0507" },

  /* Reserves */
  { "/engine/baa/reserves/BAA-RES-1/BAA-RES-2/BAA-RES-3",
    "reserve r1 usa 1 0110,0111\nunit e2 usa inf 2/4/3 2 reserve:r1\ncmd ud usa 2 3 reserve:r1\n"
    "unit e3 usa inf 2/4/3 2 reserve:r1",
    NULL,
    "! move e2 0110 0109 0108 => BAA-MOV-2\n! move e2 0305 => BAA-RES-1\n! move ud 0110 => BAA-RES-2\n"

    "move e2 0110 0109\nend-phase",
    "reserve-arrived r1 side=usa (BAA-RES-1)\n"
    "move e2 enter to=0109 path=0110,0109 cost=2\n"
    "entered ud to=0110 (BAA-RES-2)\n"
    "phase csa 1",
    "unit e2 at=0109 status=active\ncommand ud at=0110\nunit e3 status=active" },
  /* BAA-MOV-11: a reserve may not enter on an edge hex an enemy unit holds */
  { "/engine/baa/reserves/BAA-MOV-11/enemy-on-the-entry-hex",
    "reserve r1 usa 1 0105,0110\nunit e2 usa inf 2/4/3 2 reserve:r1\nunit u9 csa inf 2/4/3 9 0105",
    NULL,
    "! move e2 0105 => BAA-MOV-11\nmove e2 0110",
    "move e2 enter to=0110 path=0110 cost=1",
    "unit e2 at=0110 status=active\nunit u9 at=0105" },
  { "/engine/baa/reserves/BAA-RES-1/command-roll/BAA-AMB-39",
    "reserve r1 usa 1 0110 roll 0\nunit e2 usa inf 2/4/3 2 reserve:r1\ncmd ud usa 2 3 reserve:r1",
    "4,2",
    "",
    "roll reserve r1 vs=ud die=4 need<=3 fail (BAA-RES-1)\n"
    "reserve-delayed r1 side=usa\n"
    "bound 2\n"
    "roll reserve r1 vs=ud die=2 need<=3 success (BAA-RES-1)\n"
    "reserve-arrived r1",
    "bound 2 round=usa phase=0" },
  { "/engine/baa/reserves/BAA-RES-4/BAA-EX-34/flank-march/BAA-AMB-40/BAA-FAT-1",
    "reserve r2 usa 1 0112 kind flank-march\nunit e3 usa inf 2/4/3 2 reserve:r2",
    "4,5,3",
    "",
    "roll march r2 die=4 need>=5 fail (BAA-RES-4)\n"
    "bound 2\n"
    "roll march r2 die=5 need>=5 success (BAA-RES-4)\n"
    "roll march-rest r2 die=3 need>=5 fail (BAA-RES-4)\n"
    "marker e3 fatigued (BAA-RES-4)",
    "" },
  /* BAA-EX-34, BAA-RES-4: a march rolls from dawn on, not in a night bound */
  { "/engine/baa/reserves/BAA-EX-34/from-dawn/BAA-RES-4",
    "option baa.night on\nnight 1\nreserve r2 usa 1 0112 kind flank-march\nunit e3 usa inf 2/4/3 2 reserve:r2",
    "5,6",
    "",
    "night n=1 (BAA-NGT-1)\n!roll march r2 die=6\n"
    "bound 2\n"
    "roll march r2 die=5 need>=5 success (BAA-RES-4)\n"
    "roll march-rest r2 die=6 need>=5 success (BAA-RES-4)\n"
    "!marker e3 fatigued",
    "" },
  { "/engine/baa/reserves/BAA-EX-34/rear-march",
    "reserve r2 usa 1 0112 kind out-circling\nunit e3 usa inf 2/4/3 2 reserve:r2",
    "5,6,6",
    "",
    "roll march r2 die=5 need>=6 fail (BAA-RES-4)\n"
    "roll march r2 die=6 need>=6 success (BAA-RES-4)\n"
    "roll march-rest r2 die=6 need>=5 success\n"
    "!marker e3 fatigued",
    "" },
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

  /* Night and fatigue */
  { "/engine/baa/night/BAA-NGT-4/BAA-AMB-37/fatigue-at-dawn",
    "option baa.night on\nnight 1\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit u2 csa inf 2/4/3 1 0305",
    NULL,
    "move u1 0506\nend-phase\nend-phase",
    "night n=1 (BAA-NGT-1)\nbound 2\nnight n=0\nmarker u1 fatigued (BAA-NGT-4)\n!marker u2 fatigued",
    "unit u1 markers=fatigued,orders" },
  { "/engine/baa/fatigue/BAA-FAT-2/BAA-AMB-38/rest-four-bounds",
    "bounds 6\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0505 fatigued",
    NULL,
    "end-phase\nend-phase\nend-phase\nend-phase\nend-phase\nend-phase\nend-phase\nend-phase",
    "bound 4\nunmarker u1 fatigued (BAA-FAT-2)\nbound 5",
    "bound 5 round=csa phase=7" },

  /* BAA-EX-31: a day is 24 bounds of one hour; bound 25 is the same hour a
   * day later, and the game ends after the last bound (BAA-SEQ-5) */
  { "/engine/baa/sequence/BAA-EX-31/a-day/BAA-SEQ-5",
    "bounds 25\nstart 09:00\nobj o1 0505 csa",
    NULL, "",
    "bound 2 time=10:00 (BAA-SEQ-5)\nbound 15 time=23:00\nbound 16 time=00:00\n"
    "bound 24 time=08:00\nphase usa 12\nbound 25 time=09:00\nphase usa 12\nend bounds-played\n!bound 26",
    "result winner=csa" },

  /* Objectives and victory */
  { "/engine/baa/objectives/BAA-EX-33/BAA-OBJ-2/BAA-OBJ-3/BAA-AMB-42",
    "bounds 5\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nobj o1 0506",
    NULL,
    "move u1 0506\nend-phase\nend-phase\nend-phase\nmove u1 0505\nend-phase",
    "hold o1 side=csa n=1 (BAA-OBJ-2)\n"
    "hold o1 side=csa n=2 (BAA-OBJ-2)\n"
    "bound 2\n"
    "claimed o1 side=csa at=0506 (BAA-OBJ-2)\n"
    /* at the end of the CSA round of the next bound, not later */
    "phase usa 1\n"
    "bound 3\n"
    "move u1 from=0506 to=0505",
    "objective o1 owner=csa hold=none/0" },
  { "/engine/baa/victory/BAA-EX-32/tactical/BAA-VIC-1/BAA-VIC-2/BAA-VIC-5/BAA-OBJ-4/BAA-OBJ-1",
    "bounds 1\nobj a 0101 csa\nobj b 0102 csa\nobj c 0103 csa\nobj d 0104 csa\nobj e 0105 usa\nobj f 0106 usa",
    NULL, "",
    "victory tactical side=csa n=2 (BAA-VIC-5)\nend bounds-played",
    "result winner=csa level=tactical diff=2" },
  { "/engine/baa/victory/BAA-EX-32/draw",
    "bounds 1\nobj a 0101 csa\nobj b 0102 csa\nobj c 0103 csa\nobj d 0104 usa\nobj e 0105 usa\nobj f 0106 usa",
    NULL, "", "victory draw n=0", "result winner=none level=draw diff=0" },
  { "/engine/baa/victory/BAA-EX-32/decisive",
    "bounds 1\nobj a 0101 csa\nobj b 0102 csa\nobj c 0103 csa\nobj d 0104 csa\nobj e 0105 csa\nobj f 0106 usa",
    NULL, "", "", "result winner=csa level=decisive diff=4" },
  { "/engine/baa/victory/BAA-EX-32/complete",
    "bounds 1\nobj a 0101 csa\nobj b 0102 csa\nobj c 0103 csa\nobj d 0104 csa\nobj e 0105 csa\nobj f 0106 csa",
    NULL, "", "", "result winner=csa level=complete diff=6" },
  { "/engine/baa/victory/BAA-EX-32/unclaimed/BAA-AMB-43",
    "bounds 1\nobj a 0101 csa\nobj b 0102 csa\nobj c 0103 usa\nobj d 0104 usa\nobj e 0105 usa\nobj f 0106",
    NULL, "", "", "result winner=usa level=tactical diff=1" },
  { "/engine/baa/victory/BAA-VIC-4/task-objective",
    "bounds 1\nobj a 0101 csa\ntask t1 usa 3 disperse csa 0\ntask t2 csa 1 hold a\ntask t3 usa 5 hold a",
    NULL, "", "", "result winner=usa level=tactical diff=1" },
  { "/engine/baa/victory/BAA-VIC-4/exit",
    "bounds 1\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0205\nunit u2 csa inf 2/4/3 1 0308\n"
    "task t1 csa 2 exit csa w 1\ntask t2 usa 1 exit csa e 1",
    NULL,
    "! move u2 0208 0108 0008 0007 => not adjacent\n"
    "! move u2 0000 => not a hex\n"
    "! move u2 0208 0108 0008 => the path costs 3, the allowance is 2\n"
    "move u1 0105 0005\nend-phase\nend-phase",
    "move u1 exit from=0205 to=0005 path=0105,0005 cost=2 (BAA-VIC-4)",
    "unit u1 status=offboard\nunit u2 at=0308 status=active\nresult winner=csa level=tactical diff=2" },
  { "/engine/baa/victory/BAA-VIC-4/exit-not-a-task-edge",
    "bounds 1\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0105\ntask t1 usa 2 exit usa w 1",
    NULL,
    "! move u1 0005 => not a hex of the board\nend-phase\nend-phase",
    "!exit",
    "unit u1 at=0105 status=active\nresult winner=none level=draw diff=0" },
  { "/engine/baa/victory/BAA-VIC-4/BAA-ZOC-3/exit-locked",
    "bounds 1\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0305\nunit e1 usa inf 2/4/3 2 0104\ncmd ud usa 2 2 0112\n"
    "task t1 csa 2 exit csa w 1",
    NULL,
    "! move u1 0205 0105 0005 => locked in a zone of control\n"
    "move u1 0205 0105",
    "",
    "unit u1 at=0105 status=active" },
  { "/engine/baa/victory/BAA-VIC-3/BAA-CDR-2/BAA-AMB-48/complete-at-once",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit e1 usa inf 2/4/1 2 0507\ncmd ud usa 2 2 0112",
    "6,6,6",
    "end-phase\nend-phase\nfire u1 e1",
    "dispersed e1 by=u1\nremoved ud (BAA-CDR-2)\nvictory complete side=csa n=6 (BAA-VIC-3)\nend all-dispersed",
    "result winner=csa level=complete\ncommand ud status=removed\nunit e1 status=dispersed" },
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

/* BAA-SEQ-3/BAA-SEQ-4: only the active side acts; NIC markers go in phase 12. */
static const BaaCase seq_cases[] = {
  { "/engine/baa/sequence/BAA-SEQ-3/BAA-SEQ-4/passive-side",
    CSA_DIV "unit u1 csa inf 2/4/3 1 0505\ncmd ud usa 2 3 0110\nunit e1 usa inf 2/4/3 2 0111",
    "6",
    "! move e1 0110 => BAA-SEQ-3\n! move ud 0210 => BAA-SEQ-3\nend-phase\nend-phase",
    "phase csa 12\nphase usa 1\nroll command ud die=6 need<=1 fail (BAA-CDR-8)\nmarker e1 nic\nphase usa 12\nunmarker e1 nic (BAA-SEQ-4)",
    "bound 2 round=csa phase=7" },
};

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

  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = mu_command_to_string (g_ptr_array_index (legal, i));
      if (g_str_equal (text, line))
        return TRUE;
    }
  return FALSE;
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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  t_add_cases (cases, G_N_ELEMENTS (cases));
  t_add_cases (seq_cases, G_N_ELEMENTS (seq_cases));
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
  return g_test_run ();
}
