/* mu-match.h: one match = scenario + seed + forced dice + commands
 *
 * Replaying the command list from the scenario, the seed and the forced dice
 * reproduces the match exactly: that list is the saved game, the undo history
 * and the replay. A refused command is not recorded and changes nothing.
 *
 * The match owns its scenario copy, dice, ruleset state, command list and the
 * full event log. Getters return pointers owned by the match, valid until the
 * next call that changes it.
 */
#pragma once

#include <glib.h>

#include "mu-command.h"
#include "mu-dice.h"
#include "mu-event.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct _MuMatch MuMatch;

/* Takes a copy of scenario. forced may be NULL. Fails when the scenario's
 * ruleset is unknown or the ruleset refuses the scenario. */
MuMatch           *mu_match_new              (const MuScenario *scenario, guint64 seed,
                                              const int *forced, guint n_forced,
                                              GError **error);
/* The same with a ruleset that is not in the registry (the engine's tests). */
MuMatch           *mu_match_new_with_ruleset (const MuRuleset *ruleset, const MuScenario *scenario,
                                              guint64 seed, const int *forced, guint n_forced,
                                              GError **error);
void               mu_match_free             (MuMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuMatch, mu_match_free)

/* Applies one command; on success it is recorded and its events appended to
 * the log (and to `events` when not NULL, which must own MuEvent*). */
gboolean           mu_match_apply            (MuMatch *match, const MuCommand *command,
                                              GPtrArray *events, GError **error);
/* Parses one line against the match's ruleset and board: NULL with
 * MU_ERROR_PARSE for a line that is no command of the ruleset or names a
 * position that cannot fit the board, NULL without error for a blank or
 * comment line. */
MuCommand         *mu_match_parse            (const MuMatch *match, const char *line,
                                              GError **error);
/* Parses and applies one line. */
/* The longest command line mu_match_apply_line reads; a longer one is
 * refused before it is parsed. */
#define MU_MATCH_MAX_LINE 65536
gboolean           mu_match_apply_line       (MuMatch *match, const char *line,
                                              GPtrArray *events, GError **error);
/* The undo policy: may the last command be undone? Never back over a die
 * roll, a reveal of hidden information, or another side's command (TAB-19);
 * FALSE with the reason (MU_ERROR_ILLEGAL, or MU_ERROR_FAILED when there is
 * nothing to undo). */
gboolean           mu_match_can_undo         (const MuMatch *match, GError **error);
/* Undo = replay all but the last command, when mu_match_can_undo allows. */
gboolean           mu_match_undo             (MuMatch *match, GError **error);
/* Dice the players rolled at the table: used next, before the seeded
 * generator; recorded in the command list as the line "dice 4 2 6" so that
 * the saved match replays them at the same point. */
gboolean           mu_match_enter_dice       (MuMatch *match, const int *faces, guint n,
                                              GError **error);

/* A dry run (mu_match_check): never changes the match, never rolls its dice. */
typedef struct {
  gboolean legal;
  char *reason;        /* the refusal "REASON (RULE-ID)", NULL when legal */
  char *rule;          /* the rule id of the refusal, or NULL */
  double cost;         /* a move's cost against its allowance, in the ruleset's units
                        * (movement points on hexes, table units to 0.01); -1 when not a move */
  double allowance;    /* -1: the ruleset does not say */
  const char *unit;    /* static: "in" or "cm" on a table, NULL for whole movement points */
  GPtrArray *rolls;    /* of MuEvent (MU_EVENT_ROLL): what would be rolled, for what, the
                        * modifier and target; faces and outcome left out, `count` dice */
} MuCheck;

/* Would the command be accepted now? Fills check (clear it with
 * mu_check_clear). Plays the command on a copy of the state and the dice
 * when the ruleset can copy its state (MuRuleset.state_copy), else replays
 * the match on a scratch copy (a cost that grows with the match's length).
 * cost and allowance come from the ruleset's move_cost when it has one,
 * for a refused move too. */
gboolean           mu_match_check            (const MuMatch *match, const MuCommand *command,
                                              MuCheck *check);
void               mu_check_clear            (MuCheck *check);
/* A cost or an allowance of the check as the rules count it, without its
 * unit: "7.90" on a table, "3" in whole movement points. Newly allocated. */
char              *mu_check_format_amount    (const MuCheck *check, double amount);
/* The same dry run as if the players had entered `faces` (n of them, 1..6)
 * at the table first: what the command would roll once those are used. The
 * dice-entry dialog asks for the first roll they do not cover, then checks
 * again with its faces, so a roll that depends on an earlier outcome is
 * asked for only once that outcome is known. */
gboolean           mu_match_check_with_dice  (const MuMatch *match, const MuCommand *command,
                                              const int *faces, guint n, MuCheck *check);
/* What is still to do in the current step (of MuTodo; g_array_unref): the
 * ruleset's account (MuRuleset.outstanding) when it gives one; otherwise
 * one compulsory item when commands are legal but none of them ends the
 * step (something must be done first), and nothing else. Empty while a
 * decision is pending or the match is over. */
GArray            *mu_match_get_outstanding  (const MuMatch *match);
/* A new match of the same scenario, seed and forced dice with the first
 * n_commands of match's commands replayed (at most all of them): the
 * position a replay shows after n_commands steps. */
MuMatch           *mu_match_new_replay       (const MuMatch *match, guint n_commands,
                                              GError **error);
/* The command as a sentence for people, with names ("Assign Bartow's
 * Brigade to Beauregard", "Move 1st Brigade to 48.7, 40.0 in, facing
 * 305°"): `sentence` (the verb's MuVerbInfo.sentence, translated by the
 * caller) or, when NULL, the declared one, its placeholders filled from the
 * command's arguments: counters by name, positions as the board labels
 * them. Newly allocated. */
char              *mu_match_describe_command (const MuMatch *match, const MuCommand *command,
                                              const char *sentence);
/* The command radius the counter belongs to (its commander's, its own for
 * a commander), as the ruleset answers (MuRuleset.command_radius); FALSE
 * when it has none now or the ruleset tells none. */
gboolean           mu_match_command_radius   (const MuMatch *match, const char *counter,
                                              MuCommandRadius *out);
/* The counter's front arc as the ruleset answers (MuRuleset.front_arc):
 * pairs of table points appended to segments (of MuPoint), *rule (may be
 * NULL) its static rule id; FALSE when it has none now or the ruleset
 * tells none. */
gboolean           mu_match_front_arc        (const MuMatch *match, const char *counter,
                                              GArray *segments, const char **rule);
/* The legal commands that name the counter (of MuCommand*), and those it
 * takes by another name (a Toy Soldiers battalion holding a village block:
 * the block's, MuRuleset.legal_actions). */
GPtrArray         *mu_match_legal_actions    (const MuMatch *match, const char *counter);
/* Where the counter may go now (of MuPos: hexes; the destinations of its
 * legal moves). */
GArray            *mu_match_legal_moves      (const MuMatch *match, const char *counter);
/* Where the counter may go now on a table, as a region (newly allocated);
 * NULL when it may not move, on a hex board (see mu_match_legal_moves), or
 * when the ruleset draws no region. */
MuRegion          *mu_match_legal_region     (const MuMatch *match, const char *counter);
/* The path of an attack into contact (MuRuleset.attack_path): the unit's
 * position after its changes, then where it would touch the target, as
 * MuPos; newly allocated, NULL when the ruleset tells none or the command
 * is refused now. */
GArray            *mu_match_attack_path      (const MuMatch *match, const MuCommand *command);
/* The command the ruleset prescribes now for a computer player, one of
 * `legal`, or NULL (MuRuleset.policy_hint). */
const MuCommand   *mu_match_policy_hint      (const MuMatch *match, GPtrArray *legal);
/* Whether a computer player should leave the legal `command`: it takes
 * back its side's own last one (MuRuleset.policy_avoid). */
gboolean           mu_match_policy_avoids    (const MuMatch *match, const MuCommand *command);
/* The ids of the counters it may attack now (of char*, newly allocated). */
GPtrArray         *mu_match_legal_targets    (const MuMatch *match, const char *counter);
/* The line of sight from the counter (where it stands) to `to`, by the
 * ruleset's rules: clear or blocked, where and by what, and the rule id.
 * Fills sight (clear it with mu_sight_clear); FALSE with an error when the
 * ruleset has no line of sight (MU_ERROR_FAILED) or the counter is not on
 * the board (MU_ERROR_ILLEGAL); TRUE when answered, blocked or not. */
gboolean           mu_match_line_of_sight    (const MuMatch *match, const char *counter,
                                              const MuPos *to, MuSight *sight, GError **error);
/* The current value of a resource the ruleset declares (activation points,
 * élan, chaos) for a side or counter; FALSE when there is none. */
gboolean           mu_match_get_resource     (const MuMatch *match, const char *resource,
                                              const char *owner, int *value);
/* The reaction window open now (see MuReactionWindow in mu-ruleset.h),
 * owned by the match; NULL when none is. While it is open and no decision
 * is pending, the window's side is awaited, legal_commands lists its
 * reactions and `pass`, and --state ends with its "reaction" line. */
const MuReactionWindow *mu_match_get_reaction (const MuMatch *match);
/* The verb's declaration: the engine's own (`dice`, `pass`), else the
 * ruleset's; NULL when neither has it. */
const MuVerbInfo  *mu_match_find_verb        (const MuMatch *match, const char *verb);
/* The side whose input is awaited now, or NULL (MuPosition.awaited). */
const char        *mu_match_get_awaited      (const MuMatch *match);
/* The events `side` may see (NULL: a spectator), borrowed from the log. */
GPtrArray         *mu_match_get_events_for   (const MuMatch *match, const char *side);

/* Opens a saved match, or a scenario as a new match with the seed and
 * forced dice (a saved match refuses forced dice: they are part of it).
 * The scenario's problems go to `problems` (may be NULL). */
MuMatch           *mu_match_open_file        (const char *path, guint64 seed, const int *forced,
                                              guint n_forced, GPtrArray *problems, GError **error);

const MuScenario  *mu_match_get_scenario     (const MuMatch *match);
const MuRuleset   *mu_match_get_ruleset      (const MuMatch *match);
guint64            mu_match_get_seed         (const MuMatch *match);
/* The forced dice given at creation (of int). */
const GArray      *mu_match_get_forced       (const MuMatch *match);
/* The recorded commands (of MuCommand*). */
const GPtrArray   *mu_match_get_commands     (const MuMatch *match);
/* Every event since the start (of MuEvent*). */
const GPtrArray   *mu_match_get_events       (const MuMatch *match);
MuDice            *mu_match_get_dice         (const MuMatch *match);
/* The ruleset state, for the ruleset's own functions. */
gpointer           mu_match_get_state        (const MuMatch *match);

void               mu_match_get_position     (const MuMatch *match, MuPosition *position);
const MuDecision  *mu_match_get_pending      (const MuMatch *match);
/* Counters in scenario order (of MuCounterView), owned by the match and
 * valid until the next call into it; mu_counter_view_array_copy() keeps
 * them as they are. */
GArray            *mu_match_get_counters     (const MuMatch *match);
/* The same as side sees them (TAB-19): another side's secret orders
 * unknown until revealed (MuRuleset.counters_for); side NULL, or a
 * ruleset that hides nothing: mu_match_get_counters(). */
GArray            *mu_match_get_counters_for (const MuMatch *match, const char *side);
GArray            *mu_match_get_objectives   (const MuMatch *match);
/* What play has changed of a table besides the units: per-area state and
 * point markers (mu-table-state.h), owned by the match and valid until the
 * next command; NULL when the ruleset keeps none. */
const MuTableState *mu_match_get_table_state (const MuMatch *match);
void               mu_match_get_result       (const MuMatch *match, MuResult *result);
gboolean           mu_match_is_over          (const MuMatch *match);

/* A side's losses so far, counted against its order of battle: units
 * dispersed or surrendered; strength those lost had plus what the units
 * still on the board have lost; commanders disabled, captured or removed
 * with their last unit. Units and commanders not yet arrived count in the
 * totals, not as lost. */
typedef struct {
  int units;
  int units_lost;
  int strength;
  int strength_lost;
  int commanders;
  int commanders_lost;
} MuLosses;

void               mu_match_get_losses       (const MuMatch *match, const char *side,
                                              MuLosses *losses);
GPtrArray         *mu_match_legal_commands   (const MuMatch *match);
gboolean           mu_match_check_invariants (const MuMatch *match, GError **error);
/* Also check the invariants as each event is appended (see
 * MuRuleset.check_each_event); FALSE when the ruleset cannot. */
gboolean           mu_match_check_each_event (MuMatch *match, gboolean on);

/* The stable --state text (newly allocated, lines end with '\n'). */
char              *mu_match_format_state     (const MuMatch *match);
/* The --state text as `side` may see it (--as SIDE). */
char              *mu_match_format_state_for (const MuMatch *match, const char *side);
/* The same with what flags add (MU_STATE_STANDS: --state --stands). */
char              *mu_match_format_state_full (const MuMatch *match, const char *side,
                                               MuStateFlags flags);
/* One event in its stable text form. */
char              *mu_match_format_event     (const MuMatch *match, const MuEvent *event);

/* Saved games (mu-match-xml.c): the scenario embedded, seed, forced dice,
 * commands and the front end's view (mu_match_get_view). Loading replays
 * every command and fails, naming the command's line, when one is refused;
 * a view that cannot be read is left out with a warning. */
char              *mu_match_save_to_data     (const MuMatch *match, gsize *length);
gboolean           mu_match_save_file        (const MuMatch *match, const char *path,
                                              GError **error);
MuMatch           *mu_match_load_data        (const char *data, gsize length,
                                              const char *filename, GError **error);
MuMatch           *mu_match_load_file        (const char *path, GError **error);
/* The same, with WARNINGS (MuProblem*, may be NULL) told what a person
 * should know although the match loads: chiefly that the embedded scenario
 * is not the one the match was started with (its SHA-256 differs), naming
 * the parts that differ (map, order of battle, ...). A sha256 that is not
 * 64 hex digits is an error. */
MuMatch           *mu_match_load_data_full   (const char *data, gsize length,
                                              const char *filename, GPtrArray *warnings,
                                              GError **error);
MuMatch           *mu_match_load_file_full   (const char *path, GPtrArray *warnings,
                                              GError **error);
/* How a front end last showed the match, which its saved file keeps
 * (<view>) for the front end that opens it again; no rule reads it, and
 * a match without one is the same match. `zoom` is the front end's scale
 * (Muster's window: 1 draws a hex 32 pixels from centre to corner, a
 * table 24 pixels to the inch); (x, y) is the board point in the middle
 * of the view, on a hex board in hex sizes (centre to corner) from the
 * board's top left corner, on a table in table units (as in @X,Y);
 * `selected` is the selected counter's id or NULL. */
typedef struct {
  double zoom;
  double x, y;
  char *selected;
} MuMatchView;

/* The view the match was saved with or last given, owned by the match;
 * NULL when it has none. */
const MuMatchView *mu_match_get_view         (const MuMatch *match);
/* Keeps a copy of view (NULL: none) for the next save; zoom must be
 * positive and every number finite. */
void               mu_match_set_view         (MuMatch *match, const MuMatchView *view);

/* TRUE when the file looks like a saved match rather than a scenario. */
gboolean           mu_match_file_is_match    (const char *path);

#define MU_MATCH_NAMESPACE "https://muster.github.io/ns/match/1"

G_END_DECLS
