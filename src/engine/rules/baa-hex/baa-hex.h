/* baa-hex.h: the baa-hex ruleset table and the functions its modules share
 * (not for use outside src/engine/rules) */
#pragma once

#include "baa-hex-private.h"
#include "baa-command.h"

G_BEGIN_DECLS


typedef struct _BaaDay BaaDay;

/* Every unit (commander) of the match in turn, as u (c). */
#define BAA_CAT2(a, b) a##b
#define BAA_CAT(a, b) BAA_CAT2 (a, b)
#define FOR_UNITS(m, u) \
  for (guint BAA_CAT (_i, __LINE__) = 0; BAA_CAT (_i, __LINE__) < (m)->units->len; BAA_CAT (_i, __LINE__)++) \
    for (BaaUnit *u = g_ptr_array_index ((m)->units, BAA_CAT (_i, __LINE__)); u; u = NULL)
#define FOR_CDRS(m, c) \
  for (guint BAA_CAT (_j, __LINE__) = 0; BAA_CAT (_j, __LINE__) < (m)->commanders->len; BAA_CAT (_j, __LINE__)++) \
    for (BaaCommander *c = g_ptr_array_index ((m)->commanders, BAA_CAT (_j, __LINE__)); c; c = NULL)

/* baa-hex.c: the table, match set-up, views; helpers of the other parts */
const char   *baa_unit_status_to_string  (BaaUnitStatus s);
const char   *baa_cdr_status_to_string   (BaaCdrStatus s);
int           baa_side_index             (const BaaMatch *m, const char *side);
void          baa_phase_event            (BaaMatch *m, GPtrArray *events);
void          baa_marker_event           (BaaMatch *m, GPtrArray *events, gboolean placed, const char *id,
                                          const char *marker, const char *rule);
void          baa_orders_event           (BaaMatch *m, GPtrArray *events, const char *id, const char *how,
                                          const char *rule);
int           baa_night_mod              (const BaaMatch *m);
gboolean      baa_direct_control         (const BaaMatch *m, int side);
BaaCommander *baa_best_control           (const BaaMatch *m, int side);
BaaCommander *baa_division_command       (const BaaMatch *m, int side, int division);

/* baa-sequence.c: the bound/round/phase sequence, orders, victory */
void        baa_advance                  (BaaMatch *m, GPtrArray *events);
void        baa_enter_phase              (BaaMatch *m, GPtrArray *events);
void        baa_next_phase               (BaaMatch *m, GPtrArray *events);
void        baa_check_sudden_death       (BaaMatch *m, GPtrArray *events);
void        baa_score                    (const BaaMatch *m, int score[BAA_SIDES]);
gboolean    baa_task_met                 (const BaaMatch *m, const MuTaskObjective *t);

/* baa-apply.c: the commands played */
gboolean    baa_unit_may_move            (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only);
gboolean    baa_unit_can_move            (const BaaMatch *m, const BaaUnit *u, gboolean *withdraw_only);
gboolean    baa_cdr_may_move             (const BaaMatch *m, const BaaCommander *c);
gboolean    baa_cdr_can_move             (const BaaMatch *m, const BaaCommander *c);
gboolean    baa_hex_apply                (gpointer state, const MuCommand *command, GPtrArray *events,
                                          GError **error);

/* baa-legal.c: the ruleset's questions about what is allowed now */
GPtrArray  *baa_hex_legal_commands       (gpointer state);
GArray     *baa_hex_legal_moves          (gpointer state, const char *id);
GPtrArray  *baa_hex_legal_actions        (gpointer state, const char *id);
GPtrArray  *baa_hex_legal_targets        (gpointer state, const char *id);
gboolean    baa_hex_move_cost            (gpointer state, const MuCommand *command, double *cost,
                                          double *allowance);
void        baa_hex_outstanding          (gpointer state, GArray *todo);
gboolean    baa_hex_command_radius       (gpointer state, const char *counter, MuCommandRadius *out);

/* baa-copy.c: a copy sharing the scenario, using `dice` (for the dry run) */
BaaMatch   *baa_match_copy               (const BaaMatch *m, MuDice *dice);

/* baa-move-cache.c: each unit's phase 7 commands (of MuCommand*) kept
 * between calls. Sync once before a round of get/put: it drops what the
 * counters' changes since the last sync may have changed. */
typedef struct _BaaMoveCache BaaMoveCache;
void        baa_move_cache_free          (BaaMoveCache *cache);
void        baa_move_cache_sync          (BaaMatch *m);
/* The units (commanders) of side, in the match's order, after a sync: the
 * movement phases ask only the moving side's counters (borrowed). */
const GPtrArray *baa_move_cache_side_units      (BaaMatch *m, int side);
const GPtrArray *baa_move_cache_side_commanders (BaaMatch *m, int side);
/* The commands of unit u (or commander c) when kept for its hex, withdraw
 * and night, or NULL. */
const GPtrArray *baa_move_cache_get      (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw);
/* Notes, until the put, which cells' counters the search reads (see
 * BaaReadLog): the answer kept is found again only when one of those
 * changes. */
void        baa_move_cache_listen        (BaaMatch *m);
/* Keeps commands (takes them) as the counter's answer now, found by a
 * search that read no hex farther than reach from the counter's (0: not
 * known), and the cells it read since baa_move_cache_listen(). */
void        baa_move_cache_put           (BaaMatch *m, BaaUnit *u, BaaCommander *c, gboolean withdraw,
                                          int reach, GPtrArray *commands);
/* Before the counter's commands are found again (before the put): its
 * previous commands, whether still valid or not, by the hex each path ends
 * in, for baa_move_cache_previous(); NULL when it has none. End before
 * the put. */
BaaMoveCache *baa_move_cache_begin       (BaaMatch *m, BaaUnit *u, BaaCommander *c);
/* One of the previous commands whose path ends at `last` (on the board),
 * or NULL; the caller checks that it is the move it wants (borrowed). */
const MuCommand *baa_move_cache_previous (const BaaMoveCache *cache, MuHex last);
void        baa_move_cache_end           (BaaMoveCache *cache);

/* baa-state.c */
void        baa_links_build              (BaaMatch *m);

/* baa-bound.c: bound start (night, reserves, tactical marches) */
void        baa_bound_start              (BaaMatch *m, GPtrArray *events);
gboolean    baa_reserve_step_has_choices (BaaMatch *m);
/* Ends the current side's reserve step; TRUE when another side's step begins. */
gboolean    baa_reserve_step_next        (BaaMatch *m, GPtrArray *events);
gboolean    baa_reserve_step_may_move    (const BaaMatch *m, const BaaUnit *u, const BaaCommander *c);
void        baa_reserve_step_commands    (BaaMatch *m, GPtrArray *out);

/* baa-bound.c: bound end (rest, night fatigue, readdressing lines) */
void        baa_bound_end                (BaaMatch *m, GPtrArray *events);
void        baa_day_free                 (BaaMatch *m);
/* Copies from's readdressing bookkeeping into to (whose counters are
 * from's, copied in the same order). */
void        baa_day_copy                 (const BaaMatch *from, BaaMatch *to);
int         baa_next_bound               (BaaMatch *m, int bound, GPtrArray *events);
gboolean    baa_day_has_choices          (BaaMatch *m);
/* Ends the current readdressing step; TRUE when another step begins. */
gboolean    baa_day_next                 (BaaMatch *m, GPtrArray *events);
void        baa_day_commands             (BaaMatch *m, GPtrArray *out);
gboolean    baa_day_command              (BaaMatch *m, const BaaCommand *cmd, GPtrArray *events,
                                          GError **error);
gboolean    baa_day_choose               (BaaMatch *m, const char *answer, GPtrArray *events,
                                          GError **error);
/* The ruleset's policy_hint: the withdrawal the rules' own order takes
 * (BAA-DAY-2), else NULL. */
const MuCommand *baa_day_policy_hint     (gpointer state, GPtrArray *legal);

G_END_DECLS
